//! The time of impact of two translating shapes: Newton's method on the
//! exact distance, with the min-norm iteration's corral carried from one
//! time to the next (docs/casts.md).
//!
//! In A's frame B moves by `t·v` (`v` B's velocity relative to A), so the
//! cores' difference at time `t` is `K(t) = K(0) − t·v`, and a point of
//! the corral at one time, moved by `−Δt·v`, is a point of `K` at the
//! next: the corral stays valid, and the iteration resumes from it instead
//! of starting over (the idea of van den Bergen's GJK ray cast).
//!
//! ```text
//! t = 0, corral = { s_K(u) }
//! repeat (at most MAX_STEPS):
//!     x = nearest point of K(t), from the corral    (min-norm iteration)
//!     d = |x| − r_A − r_B;  axis = −x̂                (A → B)
//!     d <= tol: touch at t
//!     axis·v >= 0: never (d(t) is convex, its slope is axis·v)
//!     t += d / −axis·v  (> max_toi: never);  corral moved by −Δt·v
//! ```

use core::cmp::Ordering;

use nalgebra::{Point, SVector, Unit};

use super::{descend, difference_support, minor_cycles, start_direction, ClosestPoints, Corral};
use crate::pair::{cast, with_boxes};
use crate::real::is_nan;
use crate::{Pose, Real, Shape};

/// The most Newton steps of one sweep: from the left of a simple root each
/// step at least halves the error once close; a grazing contact (a double
/// root) converges linearly, halving it, so 64 steps reach round-off from
/// any start.
pub(super) const MAX_STEPS: usize = 64;

/// What one Newton step of a sweep decides, from the distance `d` at
/// `time` and its rate of change along the axis (`rate`, negative when
/// closing).
pub(super) enum Advance<T> {
    /// Within `tol` (or a step below the resolution of the time: as close
    /// as this time can place them): touching at `time`.
    Touch,
    /// Opening, or not touching by `max_toi`.
    Miss,
    /// The next time: `time + d / −rate`, at or before the first touch
    /// (the gap along the axis bounds the distance from below).
    To(T),
}

/// The Newton step of every sweep (the generic one here, the closed forms
/// of `boxes.rs` and `polygons.rs`).
#[inline(always)]
pub(super) fn advance<T: Real>(time: T, d: T, rate: T, tol: T, max_toi: T) -> Advance<T> {
    if d <= tol {
        return Advance::Touch;
    }
    let next = time + d / -rate;
    if rate >= T::zero() || next.partial_cmp(&max_toi).is_none_or(Ordering::is_gt) {
        return Advance::Miss;
    }
    if next <= time {
        Advance::Touch
    } else {
        Advance::To(next)
    }
}

/// A touch found by [`sweep`]: the time and the closest points then
/// (world frame, at that time; `distance <= tol`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sweep<T: Real, const N: usize> {
    pub(crate) toi: T,
    pub(crate) closest: ClosestPoints<T, N>,
}

/// The first time in `[0, max_toi]` at which `a` and `b`, translating by
/// `vel_a` and `vel_b`, come within `tol` of each other, with the closest
/// points then; `None` when they do not by `max_toi`, or on NaN. The
/// caller has asked `intersects` at time 0 (this sees only distances).
#[allow(
    clippy::too_many_arguments,
    reason = "two posed, moving shapes, a limit and a tolerance"
)]
pub(crate) fn sweep<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    vel_a: &SVector<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    vel_b: &SVector<T, N>,
    max_toi: T,
    tol: T,
) -> Option<Sweep<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N == 2 || N == 3 {
        // Two boxes: the closed form at each step (boxes.rs).
        let boxes = with_boxes(a, b, |x, y| {
            super::boxes::sweep(x, pose_a, vel_a, y, pose_b, vel_b, max_toi, tol)
        });
        if let Ok(Some(hit)) = boxes {
            return hit;
        }
    }
    if let (Some(pa), Some(pb)) = (a.as_polygon(), b.as_polygon()) {
        // Two polygons: the closed form at each step (polygons.rs).
        let hit = (|| {
            super::polygons::sweep(
                pa,
                cast(pose_a)?,
                cast(vel_a)?,
                pb,
                cast(pose_b)?,
                cast(vel_b)?,
                max_toi,
                tol,
            )
        })();
        if let Some(hit) = hit {
            return hit.and_then(|s| cast::<_, Sweep<T, N>>(&s).copied());
        }
    }
    let pose_ab = pose_a.inv_mul(pose_b);
    let v = pose_a.rotation.inverse_transform_vector(&(vel_b - vel_a));
    let radii = a.radius() + b.radius();
    // B's support points at time t, in A's frame: moved by t·v.
    let support_at = |t: T| difference_support(a, b, &pose_ab, v * t);
    let u = start_direction(&pose_ab);
    let mut first = support_at(T::zero())(&u);
    first.weight = T::one();
    let mut corral = Corral::single(first);
    let mut x = first.w;
    let mut axis = Unit::new_normalize(u);
    let mut t = T::zero();
    for _ in 0..MAX_STEPS {
        let near = descend(support_at(t), &mut corral, x);
        x = near.x;
        let len = x.norm();
        let d = len - radii;
        if is_nan(d) {
            return None;
        }
        // At x = 0 (cores touching) the last axis stands.
        if let Some(n) = Unit::try_new(-x, T::zero()) {
            axis = n;
        }
        let next = match advance(t, d, axis.dot(&v), tol, max_toi) {
            Advance::Miss => return None,
            Advance::To(next) => Some(next),
            Advance::Touch => None,
        };
        let Some(next) = next else {
            let mut moved_a = *pose_a;
            moved_a.translation.vector += vel_a * t;
            let (ra, rb) = (
                axis.into_inner() * a.radius(),
                axis.into_inner() * b.radius(),
            );
            return Some(Sweep {
                toi: t,
                closest: ClosestPoints {
                    point_a: moved_a * Point::from(near.a + ra),
                    point_b: moved_a * Point::from(near.b - rb),
                    axis: pose_a.rotation * axis,
                    distance: if d > T::zero() { d } else { T::zero() },
                    gap: near.lower - radii,
                },
            });
        };
        // Move the corral with the shapes: its points stay points of K.
        let dw = v * (next - t);
        for i in 0..corral.len {
            let p = corral.get_mut(i);
            p.w -= dw;
            p.b += dw;
        }
        x = match minor_cycles(&mut corral) {
            Some(y) => y,
            None => {
                // Round-off made the moved corral degenerate: start over
                // from the support point along the last axis.
                let mut first = support_at(next)(&axis.into_inner());
                first.weight = T::one();
                corral = Corral::single(first);
                first.w
            }
        };
        t = next;
    }
    None
}
