//! The pairs whose distance has a closed form or a walk in place of the
//! min-norm iteration: two boxes (`boxes.rs`, `boxes3.rs`) and two convex
//! polygons (`polygons.rs`). One dispatch for `distance`,
//! `signed_distance` and `closest_points`.

use super::{boxes, polygons, ClosestPoints};
use crate::pair::{cast, with_boxes};
use crate::{Pose, Real, Shape};

/// The pair's closed form, when it has one (two boxes in 2D or 3D,
/// `boxes.rs`; two convex polygons, `polygons.rs`):
/// `Some(None)` when SAT finds them overlapping or touching (the verdict
/// of `intersects`), `Some(Some(c))` when apart; `None` when the pair has
/// no closed form or leaves the answer to the generic path.
#[inline]
pub(super) fn closed_form<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<Option<ClosestPoints<T, N>>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N != 2 && N != 3 {
        return None;
    }
    let verdict = |v| match v {
        boxes::Verdict::Overlap => Some(None),
        boxes::Verdict::Apart(c) => Some(Some(c)),
        boxes::Verdict::Generic => None,
    };
    if let Ok(answer) = with_boxes(a, b, |x, y| verdict(boxes::query(x, pose_a, y, pose_b))) {
        return answer;
    }
    let (pa, pb) = (a.as_polygon()?, b.as_polygon()?);
    let two = polygons::query(pa, cast(pose_a)?, pb, cast(pose_b)?);
    let answer = match two {
        boxes::Verdict::Overlap => None,
        boxes::Verdict::Apart(c) => Some(*cast::<_, ClosestPoints<T, N>>(&c)?),
        boxes::Verdict::Generic => return None,
    };
    Some(answer)
}

/// [`closed_form`]'s distance alone (`distance`, `signed_distance`): two
/// 2D boxes take `boxes::query_distance`, the same bits as the closed
/// form's `ClosestPoints::distance` without building the points; every
/// other pair is [`closed_form`]'s. `Some(None)` overlapping or touching,
/// `Some(Some(d))` apart, `None` for the generic path.
#[inline]
pub(super) fn closed_distance<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<Option<T>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N == 2 {
        if let Ok(answer) = with_boxes(a, b, |x, y| boxes::query_distance(x, pose_a, y, pose_b)) {
            return answer;
        }
    }
    Some(closed_form(a, pose_a, b, pose_b)?.map(|c| c.distance))
}
