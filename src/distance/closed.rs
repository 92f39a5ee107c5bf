//! The pairs whose distance has a closed form or a walk in place of the
//! min-norm iteration: two boxes (`boxes.rs`, `boxes3.rs`), two convex
//! polygons (`polygons.rs`), a convex polygon and a circle
//! (`polygon_ball.rs`). One dispatch for `distance`,
//! `signed_distance` and `closest_points`.

use super::{apart_distance, boxes, hulls, polygon_ball, polygons, ClosestPoints};
use crate::pair::with_boxes;
use crate::pose::beyond_range;
use crate::pose::same_type;
use crate::query::intersects_in_range;
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
    if let Some(answer) = polygon_ball::query(a, pose_a, b, pose_b) {
        return Some(answer);
    }
    let (pa, pb) = (a.as_polygon()?, b.as_polygon()?);
    let two = polygons::query(pa, same_type(pose_a)?, pb, same_type(pose_b)?);
    let answer = match two {
        boxes::Verdict::Overlap => None,
        boxes::Verdict::Apart(c) => Some(*same_type::<_, ClosestPoints<T, N>>(&c)?),
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

/// `distance` of a pair the 2D box path did not take (`BoxDistance::Other`):
/// the range test, the closed forms, then [`generic_distance`]. Its own
/// function, so that `distance` stays small enough for the compiler to
/// inline it without being told to (told to, it changed how the 3D box
/// SAT's relative frame is inlined elsewhere: docs/benchmarks.md, "2D box
/// distance without the points").
pub(super) fn general_distance<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> T
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if let Some(far) = beyond_range(pose_a, pose_b) {
        return far.distance;
    }
    if let Some(closed) = closed_form(a, pose_a, b, pose_b) {
        return closed.map_or(T::zero(), |c| c.distance);
    }
    generic_distance(a, pose_a, b, pose_b)
}

/// `distance` of a pair no closed form answered: `0` when `intersects`
/// says they overlap or touch, else the min-norm iteration's distance.
pub(super) fn generic_distance<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> T
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if let Some(d) = hulls::distance_if_hulls(a, pose_a, b, pose_b) {
        return d;
    }
    if intersects_in_range(a, pose_a, b, pose_b) {
        return T::zero();
    }
    apart_distance(a, pose_a, b, pose_b)
}
