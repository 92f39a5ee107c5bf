//! The pairs whose distance has a closed form or a walk in place of the
//! min-norm iteration: two boxes (`boxes.rs`, `boxes3.rs`) and two convex
//! polygons (`polygons.rs`). One dispatch for `distance`,
//! `signed_distance` and `closest_points`.

use super::{boxes, polygons, ClosestPoints};
use crate::pair::{cast, with_boxes};
use crate::{Obb, Pose, Real, Shape};

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

/// What `distance` and `signed_distance` learn of a pair before the
/// range test: two 2D boxes take `boxes::query_distance`
/// ([`closed_form`]'s distance to the bit, without the points; the range
/// test is its first step), every other pair goes the usual way.
pub(super) enum BoxDistance<T> {
    /// Two 2D boxes that SAT finds overlapping or touching.
    Overlap,
    /// Two 2D boxes apart, this far.
    Apart(T),
    /// Two 2D boxes left to the generic path (NaN input, corners touching
    /// to round-off): `intersects`, then the iteration.
    Generic,
    /// Not two 2D boxes, or poses beyond the range: the range test, then
    /// [`closed_form`].
    Other,
}

/// [`BoxDistance`] of a pair.
#[inline]
pub(super) fn box_distance_2d<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> BoxDistance<T>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N != 2 {
        return BoxDistance::Other;
    }
    let boxes = |x: &Obb<T, N>, y: &Obb<T, N>| boxes::query_distance(x, pose_a, y, pose_b);
    with_boxes(a, b, boxes).unwrap_or(BoxDistance::Other)
}
