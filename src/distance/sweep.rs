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
//!     after a step: |x| − r_A − r_B <= tol: touch at t   (x in K(t): an
//!                                          upper bound, no support point)
//!     x = nearest point of K(t), from the corral    (min-norm iteration)
//!     d = |x| − r_A − r_B;  axis = −x̂                (A → B)
//!     d <= tol: touch at t
//!     axis·v >= 0: never (d(t) is convex, its slope is axis·v)
//!     t += d / −axis·v  (> max_toi: never);  corral moved by −Δt·v
//! ```
//!
//! Two boxes and two polygons take their closed forms at each step; other
//! pairs of radius zero (hulls) take the GJK ray cast itself (`raycast`),
//! and these steps only when it gives up.

use core::cmp::Ordering;

use nalgebra::{Point, SVector, Unit};

use super::ClosestPoints;
use crate::gjk::{descend, difference_support, minor_cycles, start_direction, Corral, Vertex};
use crate::pair::with_boxes;
use crate::pose::same_type;
use raycast::Ray;

mod hulls;
mod raycast;
use crate::real::is_nan;
use crate::{Pose, Real, Shape};
pub(crate) use hulls::{hull_cast, HullCast};

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

/// The sweep's stopping distance at time `t`: `cast_tolerance` times the
/// scale of the scene at time 0 (the shapes' reach and their places,
/// `cast.rs`), plus `per_time·t`, `cast_tolerance` times the distance the
/// shapes have travelled by then. The positions at `t` carry the
/// round-off of `t·v`, so the allowance grows with the travel up to the
/// touch, never with `max_toi` (docs/casts.md, "The tolerance").
///
/// The scale at time 0 comes as bounds `low <= exact() <= high` that
/// decide most comparisons without it: the scale sums the shapes' reach,
/// and a polyhedron's (the norm of its farthest vertex, a scan) lies
/// between half and twice its largest coordinate, which it stores. A
/// distance at most `low` or above `high` (each plus the travel's share)
/// compares with the exact tolerance as with `low`, so the sweep decides
/// the same and `exact` runs only for a distance between the bounds (rare:
/// a sweep ends on a distance of round-off).
pub(crate) struct Tolerance<'t, T> {
    /// A lower bound of the exact tolerance at time 0.
    pub(crate) low: T,
    /// An upper bound of the exact tolerance at time 0.
    pub(crate) high: T,
    /// The exact tolerance at time 0.
    pub(crate) exact: &'t dyn Fn() -> T,
    /// The growth per unit of time: `cast_tolerance` times the largest
    /// coordinate of the shapes' speeds.
    pub(crate) per_time: T,
}

impl<T: Real> Tolerance<'_, T> {
    /// The exact tolerance and its growth, as a [`Slack`] for the closed
    /// forms: the bounds when they meet (no polyhedron in the pair: its
    /// reach was computed for them), else `exact`.
    #[inline]
    fn slack(&self) -> Slack<T> {
        let base = if self.low == self.high {
            self.low
        } else {
            (self.exact)()
        };
        Slack {
            base,
            per_time: self.per_time,
        }
    }

    /// The lower bound at time `t`.
    #[inline]
    pub(super) fn low_at(&self, t: T) -> T {
        self.low + self.per_time * t
    }

    /// The upper bound at time `t`.
    #[inline]
    pub(super) fn high_at(&self, t: T) -> T {
        self.high + self.per_time * t
    }

    /// A tolerance at time `t` that compares with `d` as the exact one
    /// does.
    #[inline]
    fn for_distance(&self, d: T, t: T) -> T {
        let grown = self.per_time * t;
        if d <= self.low + grown || d > self.high + grown {
            self.low + grown
        } else {
            (self.exact)() + grown
        }
    }
}

/// The tolerance of the closed-form sweeps (boxes, polygons): `base` at
/// time 0, growing by `per_time` per unit of time ([`Tolerance`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slack<T> {
    /// The tolerance at time 0.
    pub(crate) base: T,
    /// Its growth per unit of time.
    pub(crate) per_time: T,
}

impl<T: Real> Slack<T> {
    /// The tolerance at time `t`.
    #[inline]
    pub(crate) fn at(&self, t: T) -> T {
        self.base + self.per_time * t
    }
}

/// A touch found by [`sweep`]: the time and the closest points then
/// (world frame, at that time; `distance <= tol`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sweep<T: Real, const N: usize> {
    pub(crate) toi: T,
    pub(crate) closest: ClosestPoints<T, N>,
}

/// The sweep's answer at time `t`: the witnesses `pa`, `pb` on the cores
/// (A's frame) moved out by the radii along `axis`, in the world frame at
/// that time; `gap` a lower bound of the distance then.
#[allow(
    clippy::too_many_arguments,
    reason = "the shapes, A's pose and motion, and the state of the sweep"
)]
#[inline]
fn touch<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_a: &Pose<T, N>,
    vel_a: &SVector<T, N>,
    t: T,
    axis: Unit<SVector<T, N>>,
    pa: SVector<T, N>,
    pb: SVector<T, N>,
    d: T,
    gap: T,
) -> Sweep<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let mut moved_a = *pose_a;
    moved_a.translation.vector += vel_a * t;
    let (ra, rb) = (
        axis.into_inner() * a.radius(),
        axis.into_inner() * b.radius(),
    );
    Sweep {
        toi: t,
        closest: ClosestPoints {
            point_a: moved_a * Point::from(pa + ra),
            point_b: moved_a * Point::from(pb - rb),
            axis: pose_a.rotation * axis,
            distance: if d > T::zero() { d } else { T::zero() },
            gap,
        },
    }
}

/// The first time in `[0, max_toi]` at which `a` and `b`, translating by
/// `vel_a` and `vel_b`, come within `tolerance` of each other, with the
/// closest points then; `None` when they do not by `max_toi`, or on NaN.
/// The caller has asked `intersects` at time 0 (this sees only
/// distances).
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
    tolerance: &Tolerance<'_, T>,
) -> Option<Sweep<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let tol = || tolerance.slack();
    if N == 2 || N == 3 {
        // Two boxes: the closed form at each step (boxes.rs).
        let boxes = with_boxes(a, b, |x, y| {
            super::boxes::sweep(x, pose_a, vel_a, y, pose_b, vel_b, max_toi, tol())
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
                same_type(pose_a)?,
                same_type(vel_a)?,
                pb,
                same_type(pose_b)?,
                same_type(vel_b)?,
                max_toi,
                tol(),
            )
        })();
        if let Some(hit) = hit {
            return hit.and_then(|s| same_type::<_, Sweep<T, N>>(&s).copied());
        }
    }
    let pose_ab = pose_a.inv_mul(pose_b);
    let v = pose_a.rotation.inverse_transform_vector(&(vel_b - vel_a));
    if a.radius() <= T::zero() && b.radius() <= T::zero() {
        // Two polytopes (any pair of radius zero): the GJK ray cast, with
        // Newton's steps when it gives up (raycast.rs, docs/casts.md).
        match raycast::ray_cast(a, b, &pose_ab, &v, max_toi, tolerance) {
            Ray::Hit {
                toi,
                normal,
                pa,
                pb,
                distance,
            } => {
                return Some(touch(
                    a, b, pose_a, vel_a, toi, normal, pa, pb, distance, distance,
                ));
            }
            Ray::Miss => return None,
            Ray::Fail => {}
        }
    }
    newton(a, pose_a, vel_a, b, &pose_ab, &v, max_toi, tolerance)
}

/// The axis `−x̂` of the cores' difference point `x` (of length `len`),
/// where `x` is longer than `floor` (the tolerance's lower bound) and so
/// not round-off; `None` otherwise. A reversed normal at a touch came
/// from the direction of an `x` of length 1e-16 (f64) to 1e-7 (f32):
/// `tests/casts.rs::polytope_cast_normals_close_in_both_orders`.
#[inline]
fn reliable_axis<T: Real, const N: usize>(
    x: &SVector<T, N>,
    len: T,
    floor: T,
) -> Option<Unit<SVector<T, N>>> {
    if len > floor {
        Unit::try_new(-x, T::zero())
    } else {
        None
    }
}

/// Newton's steps on the exact distance for the generic pairs (the
/// module's pseudocode), B posed in A's frame by `pose_ab` and moving by
/// `v` there; `pose_a` and `vel_a` place the answer in the world.
#[allow(
    clippy::too_many_arguments,
    reason = "two posed, moving shapes, a limit and a tolerance"
)]
#[inline(always)]
pub(super) fn newton<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    vel_a: &SVector<T, N>,
    b: &B,
    pose_ab: &Pose<T, N>,
    v: &SVector<T, N>,
    max_toi: T,
    tolerance: &Tolerance<'_, T>,
) -> Option<Sweep<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let (pose_ab, v) = (*pose_ab, *v);
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
    // After a step: the gap at the new time along the step's axis, a lower
    // bound of the distance there.
    let mut moved_gap = None;
    for _ in 0..MAX_STEPS {
        if let Some(gap) = moved_gap {
            // The moved corral's point is already within the tolerance: a
            // touch at this time whatever the iteration would add (it only
            // shortens x), without its support points.
            let len = x.norm();
            let d = len - radii;
            if d <= tolerance.for_distance(d, t) {
                if let Some(n) = reliable_axis(&x, len, tolerance.low_at(t)) {
                    axis = n;
                }
                let (pa, pb) = (corral.combine(|p| p.a), corral.combine(Vertex::b));
                return Some(touch(a, b, pose_a, vel_a, t, axis, pa, pb, d, gap));
            }
        }
        // The descent without a copy of the corral per major step: one
        // copy here, and the rare descent whose last step made no progress
        // runs again from it, keeping its corral (the same steps, so the
        // same bits as keeping it throughout; docs/casts.md).
        let start = corral;
        let mut near = descend::<T, N, false, true>(support_at(t), &mut corral, x);
        if !near.settled {
            corral = start;
            near = descend::<T, N, true, false>(support_at(t), &mut corral, x);
        }
        x = near.x;
        let len = x.norm();
        let d = len - radii;
        if is_nan(d) {
            return None;
        }
        // The first x gives the axis whatever its length (there is no
        // other); later ones only where the cores are apart by more than
        // round-off: at a touch of two polytopes x is round-off whose
        // direction is noise, and the last axis that saw them apart (the
        // touching features' normal) stands.
        let fresh = if t == T::zero() && moved_gap.is_none() {
            Unit::try_new(-x, T::zero())
        } else {
            reliable_axis(&x, len, tolerance.low_at(t))
        };
        if let Some(n) = fresh {
            axis = n;
        }
        let tol = tolerance.for_distance(d, t);
        let rate = axis.dot(&v);
        let next = match advance(t, d, rate, tol, max_toi) {
            Advance::Miss => return None,
            Advance::To(next) => next,
            Advance::Touch => {
                let gap = near.lower - radii;
                let (pa, pb) = (corral.combine(|p| p.a), corral.combine(Vertex::b));
                return Some(touch(a, b, pose_a, vel_a, t, axis, pa, pb, d, gap));
            }
        };
        moved_gap = Some(near.lower - radii + (next - t) * rate);
        // Move the corral with the shapes: its points stay points of K.
        let dw = v * (next - t);
        for i in 0..corral.len {
            let p = corral.get_mut(i);
            p.w -= dw;
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

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use nalgebra::{Point3, Rotation3, Translation3, Vector3};

    use super::*;
    use crate::{ConvexPolyhedron, Pose3};

    // The sweep's descent without a copy per major step, run again with
    // the copies when its last step made no progress, gives the bits of
    // the descent that keeps them: the same x, bound and corral, on random
    // hull-16 pairs at random distances.
    #[test]
    fn descent_without_copies_gives_the_kept_descents_bits() {
        let mut rng = crate::test_rng::Rng(0x4_0119);
        let mut next = move || rng.next();
        let hull = |next: &mut dyn FnMut() -> f64| {
            let points: Vec<_> = (0..16)
                .map(|_| Point3::new(next(), next(), next()))
                .collect();
            ConvexPolyhedron::from_hull(&points).unwrap()
        };
        let bits = |v: &SVector<f64, 3>| v.map(f64::to_bits);
        for round in 0..400 {
            let (a, b) = (hull(&mut next), hull(&mut next));
            let rot = Rotation3::from_euler_angles(next() * 3.0, next(), next());
            let t = Vector3::new(next(), next(), next()) * (1.0 + round as f64 * 0.01);
            let pose_ab = Pose3::from_parts(Translation3::from(t), rot);
            let support = difference_support(&a, &b, &pose_ab, SVector::zeros());
            let mut first = support(&t);
            first.weight = 1.0;
            let start = Corral::single(first);
            let mut kept = start;
            let want = descend::<f64, 3, true, false>(&support, &mut kept, first.w);
            let mut free = start;
            let mut got = descend::<f64, 3, false, true>(&support, &mut free, first.w);
            if !got.settled {
                free = start;
                got = descend::<f64, 3, true, false>(&support, &mut free, first.w);
            }
            assert_eq!(bits(&got.x), bits(&want.x), "round {round}");
            assert_eq!(got.lower.to_bits(), want.lower.to_bits(), "round {round}");
            assert_eq!(free.len, kept.len, "round {round}");
            for i in 0..kept.len {
                let (f, k) = (free.get(i), kept.get(i));
                assert_eq!(bits(&f.w), bits(&k.w), "round {round}");
                assert_eq!(bits(&f.a), bits(&k.a), "round {round}");
                assert_eq!(f.weight.to_bits(), k.weight.to_bits(), "round {round}");
            }
        }
    }

    // The bounds decide as the exact tolerance would: a distance at most
    // the tolerance `for_distance` gives is one at most the exact one,
    // and `exact` runs only between the bounds.
    #[test]
    fn tolerance_bounds_decide_as_the_exact_value() {
        let calls = core::cell::Cell::new(0);
        let exact = || {
            calls.set(calls.get() + 1);
            1.0e-12_f64
        };
        let tolerance = Tolerance {
            low: 0.5e-12,
            high: 2.0e-12,
            exact: &exact,
            per_time: 0.0,
        };
        for d in [
            -1.0, 0.0, 0.25e-12, 0.5e-12, 0.7e-12, 1.0e-12, 1.5e-12, 2.0e-12, 3.0e-12, 1.0,
        ] {
            assert_eq!(d <= tolerance.for_distance(d, 0.0), d <= 1.0e-12, "{d}");
        }
        // 0.7, 1.0, 1.5 and 2.0 (×1e-12) lie in (low, high].
        assert_eq!(calls.get(), 4);
    }
}
