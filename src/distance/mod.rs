//! Exact distance and closest points: GJK's min-norm iteration on the
//! Minkowski difference of the two cores, with Wolfe's sub-algorithm.
//!
//! For separated convex A and B, `dist(A, B) = max over unit u of gap(u)`,
//! where `gap(u) = −h_{A−B}(u)`: a concave maximisation whose optimum is the
//! norm of the point of `A − B` nearest the origin (docs/distance.md). SAT's
//! candidate axes only give a lower bound of it ([`separation`]); these
//! functions find the optimum itself.
//!
//! Every shape is a core dilated by its [`radius`](Shape::radius), so
//! `dist(A, B) = dist(K_A, K_B) − r_A − r_B` while the cores are apart. The
//! iteration runs on `K = K_A − K_B` in A's local frame:
//!
//! ```text
//! if intersects(a, b): overlapping        SAT decides overlap (one inequality);
//!                                          distance 0, signed −depth (separation)
//! corral   = { s_K(u) }, λ = 1, x = s_K(u)   u: B's origin seen from A's
//!
//! repeat at most MAX_ITERATIONS times:
//!     w = s_K(−x)                          support point of K_A − K_B
//!     if |x|² − x·w <= tol: stop           duality gap: the certificate
//!     if w is in the corral: stop          nothing new (polytopes end here)
//!     minor cycles (Wolfe): y, α = nearest point of aff(corral ∪ {w})
//!         all α > 0: x = y, λ = α
//!         else step from x towards y until a weight reaches 0, drop it
//!     if |x|² did not decrease: undo, stop
//! distance = |x| − r_A − r_B               (separation's gap if that is
//!                                          not positive: round-off only)
//! gap      = x̂·w − r_A − r_B               the gap of the returned axis
//! ```
//!
//! Each major step either stops or strictly decreases `|x|²` over a finite
//! set of corrals (for polytopes), and the loop is bounded anyway; the
//! returned `gap` is computed along the returned axis, so
//! `gap <= distance(A, B) <= distance` holds whatever stopped the loop, and
//! `distance − gap` is the certificate of the answer.
//!
//! [`separation`]: crate::separation

use core::cmp::Ordering;

use nalgebra::{Point, SVector, Unit};

use crate::pose::pose_is_finite;
use crate::query::{beyond_range, intersects_in_range};
use crate::real::is_nan;
use crate::{separation, Pose, Real, Separation, Shape};

mod boxes;
mod boxes3;
mod certify;
mod closed;
mod corral;
mod hulls;
mod polygon_ball;
mod polygons;
mod sweep;
pub(crate) use boxes::{cast_2d as box_cast_2d, BoxCast};
pub(crate) use certify::{overlap_certified, shapes_overlap_certified};
use closed::{box_distance_2d, closed_form, general_distance, generic_distance, BoxDistance};
use corral::{minor_cycles, Corral, Vertex};
pub(crate) use sweep::{hull_cast, sweep, HullCast, Slack, Sweep, Tolerance};

/// The most major iterations (support points) of one query. A polytope pair
/// ends long before (each step leaves a corral for good, and the corrals
/// of two 16-vertex hulls take a handful of steps: tests/distance.rs);
/// a custom curved shape with no vertices converges linearly and stops
/// here, with its certificate `gap` telling how close it came.
const MAX_ITERATIONS: usize = 128;

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

/// The duality gap `|x|² − x·w` below which the iteration stops:
/// 16 machine epsilons of `|x| (|x| + |w|)`, a few times the round-off of
/// the dot product `x·w` of coordinates of the size of `w`, so that the
/// test can succeed; the distance is then within `16 ε (|x| + |w|)` of the
/// lower bound `x̂·w` (docs/distance.md). `nx` is `|x|`, `sqrt(|x|²)`
/// from the caller's `|x|²` (the bits of `x.norm()`, which is that).
#[inline]
fn certificate_tolerance<T: Real, const N: usize>(nx: T, w: &SVector<T, N>) -> T {
    T::default_epsilon() * nalgebra::convert(16.0) * nx * (nx + w.norm())
}

/// The support point of a shape's core: the shape's own for a polytope
/// (radius 0), the best core vertex for a rounded shape, and for a rounded
/// shape that lists no vertices, its support point pulled back by the
/// radius.
fn core_support<T, const N: usize, S>(s: &S, d: &SVector<T, N>) -> SVector<T, N>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let r = s.radius();
    if r.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
        return s.local_support_point(d).coords;
    }
    let n = s.core_vertex_count();
    if n == 0 {
        let p = s.local_support_point(d).coords;
        let len = d.norm();
        return if len > T::zero() {
            p - d * (r / len)
        } else {
            p
        };
    }
    let mut best = s.local_core_vertex(0).coords;
    let mut best_h = d.dot(&best);
    for i in 1..n {
        let v = s.local_core_vertex(i).coords;
        let h = d.dot(&v);
        if h > best_h {
            best = v;
            best_h = h;
        }
    }
    best
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
/// not return (about 150 instructions of a hull-16 `distance`:
/// docs/benchmarks.md, "Hull-16 casts: minor cycles and support scans").
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

/// The unit axis from A's core towards B's along their nearest points, in
/// A's frame (B placed by `pose_ab`), by the min-norm iteration on the
/// cores' difference: `None` when the cores meet (the nearest point is the
/// origin) or a support point is NaN. Its stop is the distance's
/// certificate: the gap along the axis is the cores' distance less the
/// certificate's round-off (`certificate_tolerance`), so two cores apart
/// by more than that have a positive gap along it. `nd::extra_axes` offers
/// it beyond the facet work budget (docs/contract-nd.md).
pub(crate) fn nearest_core_axis<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
) -> Option<Unit<SVector<T, N>>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let support = difference_support(a, b, pose_ab, SVector::zeros());
    let first = support(&start_direction(pose_ab));
    let (near, _, _) = nearest_from(support, first);
    Unit::try_new(-near.x, T::zero())
}

/// The iteration's first direction: B's origin seen from A's (the `x`
/// axis when they coincide). Any start converges; a near one saves steps.
fn start_direction<T: Real, const N: usize>(pose_ab: &Pose<T, N>) -> SVector<T, N> {
    let start = pose_ab.translation.vector;
    if start.iter().any(|x| *x != T::zero()) {
        start
    } else {
        let mut x = SVector::zeros();
        x[0] = T::one();
        x
    }
}

/// The support mapping of the cores' difference `K_A − (K_B + shift)` in
/// A's frame, with its witnesses on each core (B posed by `pose_ab`, then
/// moved by `shift`: the casts' motion).
fn difference_support<'s, T, const N: usize, A, B>(
    a: &'s A,
    b: &'s B,
    pose_ab: &'s Pose<T, N>,
    shift: SVector<T, N>,
) -> impl Fn(&SVector<T, N>) -> Vertex<T, N> + 's
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    move |d: &SVector<T, N>| difference_vertex(core_support(a, d), b, pose_ab, shift, d)
}

/// The support point of `K_A − (K_B + shift)` along `d`, given A's half
/// `pa` (`core_support(a, d)`): [`difference_support`]'s arithmetic.
#[inline(always)]
fn difference_vertex<T, const N: usize, B>(
    pa: SVector<T, N>,
    b: &B,
    pose_ab: &Pose<T, N>,
    shift: SVector<T, N>,
    d: &SVector<T, N>,
) -> Vertex<T, N>
where
    T: Real,
    B: Shape<T, N> + ?Sized,
{
    let db = pose_ab.rotation.inverse_transform_vector(&-d);
    pair_vertex(pa, core_support(b, &db), pose_ab, shift)
}

/// The point `pa − (pose_ab · pb + shift)` of the cores' difference, `pa`
/// on A's core and `pb` on B's in B's frame, with its witnesses.
#[inline(always)]
fn pair_vertex<T: Real, const N: usize>(
    pa: SVector<T, N>,
    pb: SVector<T, N>,
    pose_ab: &Pose<T, N>,
    shift: SVector<T, N>,
) -> Vertex<T, N> {
    let pb = (pose_ab * Point::from(pb)).coords + shift;
    Vertex {
        w: pa - pb,
        a: pa,
        weight: T::zero(),
    }
}

/// The nearest point of `K = K_A − K_B` to the origin and the lower bound
/// `x̂·w` along it (the witnesses on the cores are the corral's).
struct Nearest<T: Real, const N: usize> {
    x: SVector<T, N>,
    lower: T,
    /// Whether the corral's weights give `x`: false only without `KEEP`
    /// and with `TELL`, when a step made no progress and left the corral
    /// as its minor cycles did (`TELL` false: not tracked, always true).
    settled: bool,
}

/// GJK with Wolfe's minor cycles, started from `first`, a point of `K`
/// (the support point along B's origin, or the hull path's start:
/// [`apart_from`]), with the witnesses on A's and B's cores.
#[inline(always)]
fn nearest_from<T, const N: usize>(
    support: impl Fn(&SVector<T, N>) -> Vertex<T, N>,
    mut first: Vertex<T, N>,
) -> (Nearest<T, N>, SVector<T, N>, SVector<T, N>)
where
    T: Real,
{
    first.weight = T::one();
    let mut corral = Corral::single(first);
    let near = descend::<T, N, true, false>(support, &mut corral, first.w);
    (near, corral.combine(|v| v.a), corral.combine(Vertex::b))
}

/// The major steps of [`nearest_from`] from a corral whose weights give the
/// point `x` (a single point of weight 1, or the corral of an earlier
/// query moved along with the shapes: the casts' warm start). With `KEEP`
/// false the caller wants `x` and its bound only: the corral is left as
/// the last minor cycles left it, with no copy to fall back on (a quarter
/// of a hull-16 `distance`'s copies of the corral: docs/benchmarks.md,
/// "Hull-16 casts: minor cycles and support scans"); with `TELL` as well,
/// [`Nearest::settled`] says whether that happened (the sweep then runs
/// the descent again with `KEEP`: docs/casts.md).
fn descend<T, const N: usize, const KEEP: bool, const TELL: bool>(
    support: impl Fn(&SVector<T, N>) -> Vertex<T, N>,
    corral: &mut Corral<T, N>,
    x0: SVector<T, N>,
) -> Nearest<T, N>
where
    T: Real,
{
    // A local `x`, not the argument's memory, kept in registers.
    let mut x = x0;
    let mut xx = x.norm_squared();
    // The lower bound x̂·w for the current x, once w is known.
    let mut lower = None;
    let mut settled = true;
    for _ in 0..MAX_ITERATIONS {
        // xx is 0 (cores touching) or NaN (a custom shape's NaN support).
        if xx.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
            lower = Some(T::zero());
            break;
        }
        let w = support(&-x);
        let xw = x.dot(&w.w);
        let nx = xx.sqrt();
        lower = Some(xw / nx);
        if xx - xw <= certificate_tolerance(nx, &w.w) || corral.contains(&w.w) || corral.len > N {
            break;
        }
        let saved = if KEEP { Some(*corral) } else { None };
        corral.push(w);
        // `|y|²` once: the test's value is the next step's `xx` (the
        // same bits as `x.norm_squared()` after `x = y`).
        match minor_cycles(corral).map(|y| (y, y.norm_squared())) {
            Some((y, yy)) if yy < xx => {
                x = y;
                xx = yy;
                lower = None;
            }
            _ => {
                // No progress: the previous x, with its w, is the answer.
                if let Some(saved) = saved {
                    *corral = saved;
                } else if TELL {
                    settled = false;
                }
                break;
            }
        }
    }
    let lower = match lower {
        Some(l) => l,
        None => x.dot(&support(&-x).w) / xx.sqrt(),
    };
    Nearest { x, lower, settled }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use nalgebra::Vector3;

    // `descend` hands `certificate_tolerance` `sqrt(|x|²)` from its own
    // `|x|²`, where the tolerance once took `x.norm()`: the same bits, on
    // random vectors of sizes from 1e-6 to 1e6, so the stops are the same.
    #[test]
    fn certificate_tolerance_from_the_squared_norm_is_the_norms() {
        let mut rng = Rng(0x5e_c7ce);
        for round in 0..5000 {
            let scale = 10f64.powi(round % 13 - 6);
            let mut v = || Vector3::new(rng.next(), rng.next(), rng.next()) * scale;
            let (x, w) = (v(), v());
            let old = f64::EPSILON * 16.0 * x.norm() * (x.norm() + w.norm());
            let new = certificate_tolerance(x.norm_squared().sqrt(), &w);
            assert_eq!(new.to_bits(), old.to_bits(), "round {round}");
            assert!(new > 0.0, "round {round}");
        }
    }
}
