//! Exact distance and closest points: the public queries [`distance`],
//! [`signed_distance`] and [`closest_points`], their closed forms for the
//! pairs that have one (`closed.rs`), and the time of impact of two
//! translating shapes (`sweep.rs`).
//!
//! For separated convex A and B, `dist(A, B) = max over unit u of gap(u)`,
//! where `gap(u) = −h_{A−B}(u)`: a concave maximisation whose optimum is the
//! norm of the point of `A − B` nearest the origin (docs/distance.md). SAT's
//! candidate axes only give a lower bound of it ([`separation`]); these
//! functions find the optimum itself, by the min-norm iteration of
//! [`crate::gjk`] where no closed form applies:
//!
//! ```text
//! if intersects(a, b): overlapping        SAT decides overlap (one inequality);
//!                                          distance 0, signed −depth (separation)
//! x, w  = the min-norm iteration on K_A − K_B (crate::gjk::nearest_from)
//! distance = |x| − r_A − r_B               (separation's gap if that is
//!                                          not positive: round-off only)
//! gap      = x̂·w − r_A − r_B               the gap of the returned axis
//! ```
//!
//! The returned `gap` is computed along the returned axis, so
//! `gap <= distance(A, B) <= distance` holds whatever stopped the
//! iteration, and `distance − gap` is the certificate of the answer.
//!
//! [`separation`]: crate::separation
use core::cmp::Ordering;

use nalgebra::{Point, SVector, Unit};

use crate::gjk::{descend, difference_support, nearest_from, start_direction, Corral, Vertex};
use crate::pose::beyond_range;
use crate::pose::pose_is_finite;
use crate::query::intersects_in_range;
use crate::real::is_nan;
use crate::{separation, Pose, Real, Separation, Shape};

mod boxes;
mod boxes3;
mod closed;
mod hulls;
mod polygon_ball;
mod polygons;
mod sweep;
pub(crate) use boxes::{cast_2d as box_cast_2d, BoxCast};
use closed::{box_distance_2d, closed_form, general_distance, generic_distance, BoxDistance};
pub(crate) use sweep::{hull_cast, sweep, HullCast, Slack, Sweep, Tolerance};

/// The closest points of two separated shapes, and how far apart they are.
///
/// All in the world frame. `axis` points from A towards B; `point_b −
/// point_a = distance · axis` up to round-off. `gap` is the certificate:
/// the gap of the two shapes along `axis` (`min_B axis·b − max_A axis·a`,
/// what SAT would report for that axis), a lower bound of the true
/// distance, so the true distance lies in `[gap, distance]`
/// (tests/distance.rs::certificate_brackets_the_distance).
///
/// When the shapes overlap or touch (`intersects` true), `distance` is `0`,
/// `gap` is SAT's signed distance (minus the depth), `axis` its axis, and
/// the points are the deepest points of each shape along it: `point_a` the
/// support point of A along `axis`, `point_b` that of B along `−axis`.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{closest_points, Aabb, Pose2};
///
/// let square = Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap();
/// let c = closest_points(&square, &Pose2::identity(), &square, &Pose2::translation(2.0, 3.0));
/// assert_eq!((c.point_a, c.point_b), (Point2::new(1.0, 1.0), Point2::new(2.0, 3.0)));
/// assert!((c.distance - 5.0_f64.sqrt()).abs() < 1e-15);
/// assert!(c.gap <= c.distance); // the certificate: the true distance is in [gap, distance]
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawClosestPoints<T, N>")
)]
pub struct ClosestPoints<T: Real, const N: usize> {
    /// The point of A nearest to B.
    pub point_a: Point<T, N>,
    /// The point of B nearest to A.
    pub point_b: Point<T, N>,
    /// Unit axis from A towards B.
    pub axis: Unit<SVector<T, N>>,
    /// The distance, `0` when the shapes overlap or touch, NaN on NaN
    /// input.
    pub distance: T,
    /// The gap of the shapes along `axis`: `gap <= true distance <=
    /// distance`, and `distance − gap` is within the tolerance of the
    /// iteration (docs/distance.md).
    pub gap: T,
}

/// The Euclidean distance between two shapes: `0` when they overlap or
/// touch, exactly when [`intersects`](crate::intersects) is true
/// (tests/distance.rs::distance_is_positive_exactly_when_apart).
///
/// Overlap is decided by SAT ([`intersects`](crate::intersects)), the same
/// verdict as every other query; only a pair SAT calls apart runs the
/// min-norm iteration (docs/distance.md). SAT's
/// [`separation`](crate::separation) is a lower bound of the distance; the
/// two agree to the certificate's tolerance, not to the last bit
/// (tests/distance.rs::separation_is_a_lower_bound). NaN input gives NaN. Poses too
/// far apart for any two shapes to meet (beyond `2·N·max_magnitude`) give
/// [`separation`](crate::separation)'s lower bound.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{distance, separation, Aabb, Pose2};
///
/// let square = Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap();
/// let corner = Pose2::translation(2.0, 2.0);
/// // SAT's best axis only sees 1; the corners are √2 apart.
/// assert_eq!(separation(&square, &Pose2::identity(), &square, &corner).distance, 1.0);
/// assert_eq!(distance(&square, &Pose2::identity(), &square, &corner), 2.0_f64.sqrt());
/// ```
#[must_use]
#[inline]
pub fn distance<T, const N: usize, A, B>(
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
    // Two 2D boxes first: the distance alone, and the range test inside
    // that path (`closed.rs`); every other pair the general order.
    let d = match box_distance_2d(a, pose_a, b, pose_b) {
        BoxDistance::Overlap => T::zero(),
        BoxDistance::Apart(d) => d,
        BoxDistance::Generic => generic_distance(a, pose_a, b, pose_b),
        BoxDistance::Other => general_distance(a, pose_a, b, pose_b),
    };
    if non_finite_input(d, pose_a, pose_b) {
        return crate::real::nan();
    }
    d
}

/// Whether an answer `value` that is not finite came from a pose that is
/// not: the distance queries then answer NaN (docs/contract.md,
/// "Non-finite input"). Finite poses keep their answer, an overflow
/// included; the poses are looked at only when `value` is not finite.
#[inline(always)]
fn non_finite_input<T: Real, const N: usize>(
    value: T,
    pose_a: &Pose<T, N>,
    pose_b: &Pose<T, N>,
) -> bool {
    !(crate::real::is_finite(value) || (pose_is_finite(pose_a) && pose_is_finite(pose_b)))
}

/// The signed distance: minus the penetration depth when the shapes overlap
/// (SAT's [`separation`](crate::separation), exact there), the exact
/// distance when they are apart, `0` when they touch. Its sign is the
/// verdict of [`intersects`](crate::intersects): `> 0` exactly when that
/// is false (tests/distance.rs::distance_is_positive_exactly_when_apart).
/// NaN input gives NaN.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{signed_distance, Aabb, Pose3};
///
/// let cube = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
/// let apart = Pose3::translation(2.0, 2.0, 2.0);
/// assert!((signed_distance(&cube, &Pose3::identity(), &cube, &apart) - 3.0_f64.sqrt()).abs() < 1e-15);
/// let deep = Pose3::translation(0.75, 0.0, 0.0);
/// assert_eq!(signed_distance(&cube, &Pose3::identity(), &cube, &deep), -0.25);
/// ```
#[must_use]
pub fn signed_distance<T, const N: usize, A, B>(
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
    let d = signed_distance_of(a, pose_a, b, pose_b);
    if non_finite_input(d, pose_a, pose_b) {
        return crate::real::nan();
    }
    d
}

/// [`signed_distance`] before its check of non-finite input.
#[inline(always)]
fn signed_distance_of<T, const N: usize, A, B>(
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
    let closed = match box_distance_2d(a, pose_a, b, pose_b) {
        BoxDistance::Overlap => Some(None),
        BoxDistance::Apart(d) => return d,
        BoxDistance::Generic => None,
        BoxDistance::Other => {
            if let Some(far) = beyond_range(pose_a, pose_b) {
                return far.distance;
            }
            closed_form(a, pose_a, b, pose_b)
        }
    };
    let overlap = match closed {
        Some(Some(c)) => return c.distance,
        Some(None) => true,
        None => match hulls::start_if_hulls(a, pose_a, b, pose_b) {
            Some(Some((pose_ab, first))) => {
                return apart_distance_from(a, pose_a, b, pose_b, &pose_ab, first);
            }
            Some(None) => true,
            None => intersects_in_range(a, pose_a, b, pose_b),
        },
    };
    if overlap {
        // Overlap: SAT's own answer, minus the exact depth.
        separation(a, pose_a, b, pose_b).distance
    } else {
        // Apart, or NaN (which `intersects` calls apart): the iteration.
        apart_distance(a, pose_a, b, pose_b)
    }
}

/// The closest points of two shapes, the axis from A to B, the distance
/// and its certificate ([`ClosestPoints`]). `distance` is the value
/// [`distance`] returns.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{closest_points, Ball, Pose2};
///
/// let a = Ball::new(Point2::origin(), 1.0).unwrap();
/// let b = Ball::new(Point2::origin(), 2.0).unwrap();
/// let c = closest_points(&a, &Pose2::identity(), &b, &Pose2::translation(0.0, 5.0));
/// assert_eq!(c.distance, 2.0);
/// assert_eq!(c.point_a, Point2::new(0.0, 1.0));
/// assert_eq!(c.point_b, Point2::new(0.0, 3.0));
/// assert_eq!(c.axis.into_inner(), Vector2::y());
/// assert_eq!(c.gap, 2.0);
/// ```
#[must_use]
pub fn closest_points<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> ClosestPoints<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let c = closest_points_of(a, pose_a, b, pose_b);
    if non_finite_input(c.distance, pose_a, pose_b) {
        let nan = crate::real::nan::<T>();
        return ClosestPoints {
            point_a: Point::from(SVector::repeat(nan)),
            point_b: Point::from(SVector::repeat(nan)),
            axis: c.axis,
            distance: nan,
            gap: nan,
        };
    }
    c
}

/// [`closest_points`] before its check of non-finite input.
#[inline(always)]
fn closest_points_of<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> ClosestPoints<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if let Some(far) = beyond_range(pose_a, pose_b) {
        return deepest_points(a, pose_a, b, pose_b, &far, far.distance);
    }
    let overlap = match closed_form(a, pose_a, b, pose_b) {
        Some(Some(c)) => return c,
        Some(None) => true,
        None => match hulls::start_if_hulls(a, pose_a, b, pose_b) {
            Some(Some((pose_ab, first))) => {
                return apart_from(a, pose_a, b, pose_b, &pose_ab, first);
            }
            Some(None) => true,
            None => intersects_in_range(a, pose_a, b, pose_b),
        },
    };
    if overlap {
        // Overlapping or touching: the distance is 0.
        let verdict = separation(a, pose_a, b, pose_b);
        deepest_points(a, pose_a, b, pose_b, &verdict, T::zero())
    } else {
        apart(a, pose_a, b, pose_b)
    }
}

/// The answer for a pair SAT did not call apart (or that is beyond the
/// range): the support points of A along the axis and of B against it.
fn deepest_points<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    verdict: &Separation<T, N>,
    distance: T,
) -> ClosestPoints<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let u = verdict.axis.into_inner();
    let ua = pose_a.rotation.inverse_transform_vector(&u);
    let ub = pose_b.rotation.inverse_transform_vector(&-u);
    ClosestPoints {
        point_a: pose_a * a.local_support_point(&ua),
        point_b: pose_b * b.local_support_point(&ub),
        axis: verdict.axis,
        distance,
        gap: verdict.distance,
    }
}

/// The exact answer for a pair SAT calls apart (`intersects` false), or
/// NaN input (NaN distance).
///
/// The iteration starts along B's origin seen from A's (any start
/// converges; a near one saves steps). Its distance is positive on every
/// pair SAT calls apart but for round-off when the cores touch: then
/// SAT's gap, positive by the one inequality, stands in (as the lower
/// bound it is), so `distance > 0` exactly when `intersects` is false.
pub(crate) fn apart<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> ClosestPoints<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let pose_ab = pose_a.inv_mul(pose_b);
    let u = start_direction(&pose_ab);
    let first = difference_support(a, b, &pose_ab, SVector::zeros())(&u);
    apart_from(a, pose_a, b, pose_b, &pose_ab, first)
}

/// [`apart`] from `first`, a point of the cores' difference with its
/// witnesses (the support point along [`start_direction`], or
/// [`hulls::start`]'s), computed by the caller.
#[inline(always)]
fn apart_from<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    pose_ab: &Pose<T, N>,
    first: Vertex<T, N>,
) -> ClosestPoints<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let u = start_direction(pose_ab);
    let support = difference_support(a, b, pose_ab, SVector::zeros());
    let (near, near_a, near_b) = nearest_from(support, first);
    let radii = a.radius() + b.radius();
    let x = near.x;
    let len = x.norm();
    let mut distance = len - radii;
    let mut gap = near.lower - radii;
    // The axis from A to B is −x̂.
    let mut axis = Unit::try_new(-x, T::zero());
    let touching = distance.partial_cmp(&T::zero()) != Some(Ordering::Greater)
        || gap.partial_cmp(&T::zero()) != Some(Ordering::Greater);
    if touching && !is_nan(distance) {
        // Cores touching to round-off while SAT saw a positive gap: the
        // min-norm point is then too short to give a direction (two
        // polygons vertex to vertex left x ~1e-31 long, its gap along x̂
        // −2.6: tests/distance.rs::distance_is_positive_exactly_when_apart).
        // SAT's axis and gap stand in (the lower bound; round-off only).
        let verdict = separation(a, pose_a, b, pose_b);
        if verdict.distance > distance {
            distance = verdict.distance;
        }
        axis = Some(Unit::new_unchecked(
            pose_a.rotation.inverse_transform_vector(&verdict.axis),
        ));
        gap = verdict.distance;
    }
    let axis = axis.unwrap_or_else(|| Unit::new_unchecked(u.normalize()));
    if gap.partial_cmp(&distance).is_none_or(Ordering::is_gt) {
        gap = distance;
    }
    let ra = axis.into_inner() * a.radius();
    let rb = axis.into_inner() * b.radius();
    ClosestPoints {
        point_a: pose_a * Point::from(near_a + ra),
        point_b: pose_a * Point::from(near_b - rb),
        axis: pose_a.rotation * axis,
        distance,
        gap,
    }
}

/// [`apart`]'s distance alone, the same bits: the same iteration and the
/// same stand-in when the cores touch, without the witnesses, the axis and
/// their change of frame, which [`distance`] and [`signed_distance`] do
/// not return (docs/benchmarks.md, "Hull-16 casts: minor cycles and
/// support scans").
/// Not inlined, so that the callers' other paths (closed forms, overlap)
/// keep a small frame.
#[inline(never)]
fn apart_distance<T, const N: usize, A, B>(
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
    let pose_ab = pose_a.inv_mul(pose_b);
    let u = start_direction(&pose_ab);
    let first = difference_support(a, b, &pose_ab, SVector::zeros())(&u);
    apart_distance_from(a, pose_a, b, pose_b, &pose_ab, first)
}

/// [`apart_distance`] from `first`, the support point of the cores'
/// difference along [`start_direction`] of `pose_ab` (`pose_a⁻¹ · pose_b`),
/// computed by the caller ([`hulls::distance`] has A's half already).
#[inline(always)]
fn apart_distance_from<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    pose_ab: &Pose<T, N>,
    mut first: Vertex<T, N>,
) -> T
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let support = difference_support(a, b, pose_ab, SVector::zeros());
    first.weight = T::one();
    let mut corral = Corral::single(first);
    let near = descend::<T, N, false, false>(support, &mut corral, first.w);
    let radii = a.radius() + b.radius();
    let distance = near.x.norm() - radii;
    let gap = near.lower - radii;
    let touching = distance.partial_cmp(&T::zero()) != Some(Ordering::Greater)
        || gap.partial_cmp(&T::zero()) != Some(Ordering::Greater);
    if touching && !is_nan(distance) {
        // As in `apart`: SAT's gap stands in when it is the larger.
        let verdict = separation(a, pose_a, b, pose_b).distance;
        if verdict > distance {
            return verdict;
        }
    }
    distance
}
