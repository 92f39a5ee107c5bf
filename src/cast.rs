//! Shape casts: the first time two moving shapes touch (docs/casts.md).
//!
//! [`cast_shapes`] moves both shapes by constant velocities (translations
//! only). SAT decides whether they overlap at the start; if not, the
//! distance `d(t)` (the distance from the origin to `A − B − t·v`, `v` B's
//! velocity relative to A) is convex in `t` with slope `axis·v`, so
//! Newton's step from the left never passes the first touch:
//!
//! ```text
//! intersects at t = 0:  toi 0, separation's normal and feature
//! else from t = 0:      t += d / −axis·v   (axis·v >= 0 with d > 0: never)
//!                       until d <= tolerance
//! ```
//!
//! Each step resumes the min-norm iteration from the last step's corral
//! moved with the shapes (`distance::sweep`). For polytopes the distance
//! is linear in `t` once the nearest features are those of the touch, so
//! the step then lands on it (docs/casts.md). Two polytopes without a
//! closed form (radii zero: hulls) take van den Bergen's GJK ray cast
//! instead, the entry of the ray `t·v` into `A − B`, with the same
//! tolerance (`distance::sweep::raycast`, docs/casts.md).
//!
//! [`cast_motions`] adds rotation: conservative advancement on the exact
//! distance, with a bound on how fast any point of either shape can
//! approach the other.

use nalgebra::{Const, Point, SVector, Unit, Vector3};

use crate::pose::beyond_range;
use crate::pose::pose_is_finite;
use crate::real::is_nan;
use crate::shape::reach;
use crate::{
    closest_points, contact_manifold, separation, ClosestPoints, ContactDim, Feature, Pose, Pose2,
    Pose3, Real, Shape,
};

/// The most conservative-advancement steps of [`cast_motions`]. Each step
/// advances by the distance over the speed bound; the loop ends sooner
/// when the distance falls below the tolerance.
const MAX_ADVANCEMENT_STEPS: usize = 256;

/// Where and when two moving shapes first touch.
///
/// ```
/// use nalgebra::{Point3, Vector3};
/// use separating_axis::{cast_shapes, Aabb, Pose3};
///
/// let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
/// let (still, down) = (Vector3::zeros(), Vector3::new(0.0, 0.0, -1.0));
/// let above = Pose3::translation(0.0, 0.0, 5.0);
/// let hit = cast_shapes(&cube, &Pose3::identity(), &still, &cube, &above, &down, 10.0).unwrap();
/// assert_eq!(hit.toi, 3.0); // a face falling onto a face: one step lands on it
/// assert_eq!(hit.normal.into_inner(), Vector3::z());
/// assert_eq!(hit.feature, None); // found on the distance, not on an axis
/// assert_eq!(hit.point_a.z, 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawShapeCastHit<T, N>")
)]
pub struct ShapeCastHit<T: Real, const N: usize> {
    /// The time of impact, in the units of the velocities (`0` when the
    /// shapes already overlap or touch at the start).
    pub toi: T,
    /// The unit normal at impact, world frame, from A towards B (B's
    /// velocity relative to A has a negative component along it, unless
    /// `toi` is 0).
    pub normal: Unit<SVector<T, N>>,
    /// A point of A at impact (world frame, at time `toi`).
    pub point_a: Point<T, N>,
    /// A point of B at impact: within the tolerance of `point_a`.
    pub point_b: Point<T, N>,
    /// The SAT feature whose axis is the normal when the shapes overlap at
    /// the start (`toi = 0`); `None` when the touch was found on the exact
    /// distance (every `toi > 0`: the normal is then the axis between the
    /// closest points).
    pub feature: Option<Feature>,
}

/// The first time in `[0, max_toi]` at which `a` (starting at `pose_a`,
/// moving with velocity `vel_a`) and `b` (at `pose_b`, velocity `vel_b`)
/// touch, with the normal and the contact points then.
///
/// * Already overlapping or touching ([`intersects`](crate::intersects)
///   at the start): `toi = 0`, with [`separation`]'s normal and feature,
///   and the deepest point of the contact manifold (2D and 3D).
/// * Otherwise: Newton's method on the exact [`distance`](crate::distance)
///   (the module docs; docs/casts.md), which never steps past the first
///   touch; it stops within `real::cast_tolerance` of the scale, and for
///   polytopes lands on the touch once the nearest features are the
///   touching ones; two convex polygons take the exact entry of the ray
///   `t·(vel_b − vel_a)` into `A − B` instead (Newton only for misses and
///   grazes), and other pairs of radius zero (hulls) van den Bergen's GJK
///   ray cast, which stops in the same window of times. The points are
///   the closest points then.
///
/// `None` when they do not touch by `max_toi`, when an input is NaN, or
/// when the poses are beyond the representable range of each other.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{cast_shapes, Aabb, Ball, Pose2};
///
/// let wall = Aabb::new(Point2::new(4.0, -5.0), Point2::new(5.0, 5.0)).unwrap();
/// let ball = Ball::new(Point2::origin(), 1.0_f64).unwrap();
/// let still = Vector2::zeros();
/// let hit = cast_shapes(&ball, &Pose2::identity(), &Vector2::new(2.0, 0.0), &wall, &Pose2::identity(), &still, 10.0)
///     .unwrap();
/// assert!((hit.toi - 1.5).abs() < 1e-12);
/// assert_eq!(hit.normal.into_inner(), Vector2::x());
/// assert!((hit.point_b - Point2::new(4.0, 0.0)).norm() < 1e-12);
/// // Moving away: no hit.
/// assert!(cast_shapes(&ball, &Pose2::identity(), &Vector2::new(-2.0, 0.0), &wall, &Pose2::identity(), &still, 10.0).is_none());
/// ```
#[must_use]
pub fn cast_shapes<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    vel_a: &SVector<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    vel_b: &SVector<T, N>,
    max_toi: T,
) -> Option<ShapeCastHit<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    // `max_toi = ∞` is no limit; below 0 or NaN, no interval to search.
    let searchable = max_toi >= T::zero();
    if !(searchable
        && finite_motion(vel_a, vel_b)
        && pose_is_finite(pose_a)
        && pose_is_finite(pose_b))
    {
        return None;
    }
    if beyond_range(pose_a, pose_b).is_some() {
        return None;
    }
    // The tolerance grows with the distance travelled, never with
    // `max_toi` (`distance::Tolerance`, docs/casts.md).
    let per_time = crate::real::cast_tolerance::<T>() * (vel_a.amax() + vel_b.amax());
    let exact = || crate::real::cast_tolerance::<T>() * scale_of(a, b, pose_a, pose_b);
    if N == 2 {
        // Two 2D boxes: one relative frame for the time-0 verdict (the box
        // SAT's inequalities) and the sweep (src/distance/boxes.rs).
        let slack = || crate::distance::Slack {
            base: exact(),
            per_time,
        };
        let boxes = crate::pair::with_boxes(a, b, |x, y| {
            crate::distance::box_cast_2d(x, pose_a, vel_a, y, pose_b, vel_b, max_toi, &slack)
        });
        match boxes {
            Ok(crate::distance::BoxCast::Swept(hit)) => return hit.map(swept_hit),
            // SAT's verdict at time 0, by its own inequalities: the hit at 0.
            Ok(crate::distance::BoxCast::Overlap) => {
                return Some(hit_at_start(a, pose_a, b, pose_b))
            }
            _ => {}
        }
    }
    if N == 3 {
        // Two hulls: the time-0 verdict and the ray cast share A's first
        // support vertex (src/distance/sweep/hulls.rs).
        let tolerance = || tolerance_bounds(a, b, pose_a, pose_b, per_time, &exact);
        let hulls =
            crate::distance::hull_cast(a, pose_a, vel_a, b, pose_b, vel_b, max_toi, tolerance);
        match hulls {
            Some(crate::distance::HullCast::Swept(hit)) => return hit.map(swept_hit),
            Some(crate::distance::HullCast::Overlap) => {
                return Some(hit_at_start(a, pose_a, b, pose_b))
            }
            None => {}
        }
    }
    if crate::query::intersects_in_range(a, pose_a, b, pose_b) {
        return Some(hit_at_start(a, pose_a, b, pose_b));
    }
    let tolerance = tolerance_bounds(a, b, pose_a, pose_b, per_time, &exact);
    let hit = crate::distance::sweep(a, pose_a, vel_a, b, pose_b, vel_b, max_toi, &tolerance)?;
    Some(swept_hit(hit))
}

/// A sweep's touch as the cast's hit (no SAT feature after time 0).
#[inline(always)]
fn swept_hit<T: Real, const N: usize>(hit: crate::distance::Sweep<T, N>) -> ShapeCastHit<T, N> {
    let cp = hit.closest;
    ShapeCastHit {
        toi: hit.toi,
        normal: cp.axis,
        point_a: cp.point_a,
        point_b: cp.point_b,
        feature: None,
    }
}

/// The hit of shapes that overlap or touch at time 0: `separation`'s
/// normal and feature, and the deepest point of the contact manifold.
#[inline]
fn hit_at_start<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> ShapeCastHit<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    let start = separation(a, pose_a, b, pose_b);
    hit_at(
        a,
        pose_a,
        b,
        pose_b,
        T::zero(),
        start.axis,
        Some(start.feature),
        T::zero(),
        None,
    )
}

/// Both velocities finite (an infinite one has no place at any time
/// after 0, and its travel no finite tolerance).
#[inline]
fn finite_motion<T: Real, const N: usize>(vel_a: &SVector<T, N>, vel_b: &SVector<T, N>) -> bool {
    (0..N).all(|i| crate::real::is_finite(vel_a[i]) && crate::real::is_finite(vel_b[i]))
}

/// The scale the tolerances multiply at time 0: the shapes' reach plus
/// the translations (the travel adds `Tolerance::per_time` per unit of
/// time).
fn scale_of<T, const N: usize, A, B>(a: &A, b: &B, pose_a: &Pose<T, N>, pose_b: &Pose<T, N>) -> T
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    reach(a) + reach(b) + pose_a.translation.vector.amax() + pose_b.translation.vector.amax()
}

/// The cast's tolerance, `cast_tolerance` times [`scale_of`], as bounds
/// and the exact value on demand (`distance::Tolerance`): the same sum with
/// each shape's reach replaced by bounds of it, which floating-point
/// addition keeps in order (it is monotone in each term). A polyhedron's
/// reach, the norm of its farthest vertex (a scan of every vertex), lies in
/// `[c/2, 2c]` for `c` its largest coordinate, which it stores (the norm
/// is at least `c` and at most `√3 c`, each to round-off); other shapes
/// give their reach as both bounds (a radius adds to both).
fn tolerance_bounds<'t, T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_a: &Pose<T, N>,
    pose_b: &Pose<T, N>,
    per_time: T,
    exact: &'t dyn Fn() -> T,
) -> crate::distance::Tolerance<'t, T>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let bounds = |s: &dyn Fn() -> T, hull: Option<&crate::ConvexPolyhedron<T>>, r: T| match hull {
        Some(h) if N == 3 => {
            let c = h.reach();
            (
                c * nalgebra::convert(0.5) + r,
                c * nalgebra::convert(2.0) + r,
            )
        }
        _ => {
            let r = s();
            (r, r)
        }
    };
    let (lo_a, hi_a) = bounds(&|| reach(a), a.as_polyhedron(), a.radius());
    let (lo_b, hi_b) = bounds(&|| reach(b), b.as_polyhedron(), b.radius());
    // The largest coordinates once, for both sums.
    let (at_a, at_b) = (
        pose_a.translation.vector.amax(),
        pose_b.translation.vector.amax(),
    );
    let rest = |ra: T, rb: T| ra + rb + at_a + at_b;
    let tol = crate::real::cast_tolerance::<T>();
    crate::distance::Tolerance {
        low: tol * rest(lo_a, lo_b),
        high: tol * rest(hi_a, hi_b),
        exact,
        per_time,
    }
}

/// The hit at time `toi` with the shapes at `pose_a`, `pose_b` (already
/// moved) and the normal found: the closest points `known` when the
/// caller has them and the shapes are still apart by round-off; else the
/// deepest point of their contact manifold within `margin` (a point on
/// both surfaces, where the support points of two faces could be any of
/// their vertices); else the closest points; the support points along the
/// normal if even those are not apart.
#[allow(clippy::too_many_arguments)]
fn hit_at<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    toi: T,
    normal: Unit<SVector<T, N>>,
    feature: Option<Feature>,
    margin: T,
    known: Option<&ClosestPoints<T, N>>,
) -> ShapeCastHit<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    let (point_a, point_b) = match known {
        Some(cp) if cp.distance > T::zero() => (cp.point_a, cp.point_b),
        _ => {
            if let Some(p) = contact_manifold(a, pose_a, b, pose_b, margin).deepest() {
                (p.on_a, p.on_b)
            } else {
                let cp = closest_points(a, pose_a, b, pose_b);
                if cp.distance > T::zero() {
                    (cp.point_a, cp.point_b)
                } else {
                    let n = normal.into_inner();
                    let ua = pose_a.rotation.inverse_transform_vector(&n);
                    let ub = pose_b.rotation.inverse_transform_vector(&-n);
                    (
                        pose_a * a.local_support_point(&ua),
                        pose_b * b.local_support_point(&ub),
                    )
                }
            }
        }
    };
    ShapeCastHit {
        toi,
        normal,
        point_a,
        point_b,
        feature,
    }
}

/// A rigid motion with constant linear and angular velocity, for
/// [`cast_motions`]: the pose at time `t`, and bounds on how fast its
/// points move.
///
/// The rotation turns about the shape's local origin (put the origin at
/// the centre of mass for a physical motion). Implemented for
/// [`Motion2`] and [`Motion3`]; implement it for other motions (a screw,
/// a spline) by giving the pose at each time and the speed bounds.
///
/// ```
/// use nalgebra::Vector2;
/// use separating_axis::{Motion, Motion2, Pose2};
///
/// let m = Motion2 { start: Pose2::translation(1.0_f64, 0.0), linvel: Vector2::new(0.0, 2.0), angvel: 0.5 };
/// let p = m.pose_at(2.0);
/// assert_eq!(p.translation.vector, Vector2::new(1.0, 4.0));
/// assert!((p.rotation.angle() - 1.0).abs() < 1e-15);
/// assert_eq!((m.linear_velocity(), m.angular_speed()), (Vector2::new(0.0, 2.0), 0.5));
/// ```
pub trait Motion<T: Real, const N: usize> {
    /// The pose at time `t`.
    ///
    /// ```
    /// use nalgebra::Vector3;
    /// use separating_axis::{Motion, Motion3, Pose3};
    ///
    /// let m = Motion3 { start: Pose3::identity(), linvel: Vector3::new(1.0_f64, 0.0, 0.0), angvel: Vector3::zeros() };
    /// assert_eq!(m.pose_at(0.5).translation.vector, Vector3::new(0.5, 0.0, 0.0));
    /// ```
    fn pose_at(&self, t: T) -> Pose<T, N>;
    /// The velocity of the local origin (constant).
    ///
    /// ```
    /// use nalgebra::Vector2;
    /// use separating_axis::{Motion, Motion2, Pose2};
    ///
    /// let m = Motion2 { start: Pose2::identity(), linvel: Vector2::new(3.0_f64, 4.0), angvel: 0.0 };
    /// assert_eq!(m.linear_velocity(), Vector2::new(3.0, 4.0));
    /// ```
    fn linear_velocity(&self) -> SVector<T, N>;
    /// The angular speed (radians per unit time): a point at distance `r`
    /// from the local origin moves at most `r ·` this faster than the
    /// origin.
    ///
    /// ```
    /// use nalgebra::Vector3;
    /// use separating_axis::{Motion, Motion3, Pose3};
    ///
    /// let m = Motion3 { start: Pose3::identity(), linvel: Vector3::zeros(), angvel: Vector3::new(0.0_f64, 3.0, 4.0) };
    /// assert_eq!(m.angular_speed(), 5.0); // the norm of the angular velocity
    /// ```
    fn angular_speed(&self) -> T;
}

/// A 2D motion: `start` moved by `linvel · t` and turned by `angvel · t`
/// radians about its local origin.
///
/// ```
/// use nalgebra::Vector2;
/// use separating_axis::{Motion, Motion2, Pose2};
///
/// // Turning a quarter turn per unit time about its origin, not moving.
/// let m = Motion2 { start: Pose2::identity(), linvel: Vector2::zeros(), angvel: std::f64::consts::FRAC_PI_2 };
/// let turned = m.pose_at(1.0) * nalgebra::Point2::new(1.0, 0.0);
/// assert!((turned - nalgebra::Point2::new(0.0, 1.0)).norm() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion2<T: Real> {
    /// The pose at time 0.
    pub start: Pose2<T>,
    /// Velocity of the local origin.
    pub linvel: nalgebra::Vector2<T>,
    /// Angular velocity, radians per unit time, counter-clockwise.
    pub angvel: T,
}

impl<T: Real> Motion<T, 2> for Motion2<T> {
    fn pose_at(&self, t: T) -> Pose<T, 2> {
        let mut p = self.start;
        p.translation.vector += self.linvel * t;
        p.rotation = nalgebra::Rotation2::new(self.angvel * t) * p.rotation;
        p
    }

    fn linear_velocity(&self) -> SVector<T, 2> {
        self.linvel
    }

    fn angular_speed(&self) -> T {
        self.angvel.abs()
    }
}

/// A 3D motion: `start` moved by `linvel · t` and turned about the axis
/// `angvel` by `|angvel| · t` radians, about its local origin.
///
/// ```
/// use nalgebra::{Point3, Vector3};
/// use separating_axis::{Motion, Motion3, Pose3};
///
/// // Half a turn per unit time about z, drifting along x.
/// let m = Motion3 {
///     start: Pose3::identity(),
///     linvel: Vector3::x(),
///     angvel: Vector3::new(0.0, 0.0, std::f64::consts::PI),
/// };
/// let p = m.pose_at(1.0) * Point3::new(1.0, 0.0, 0.0);
/// assert!((p - Point3::new(0.0, 0.0, 0.0)).norm() < 1e-15); // turned to −x, moved by +x
/// assert_eq!(m.angular_speed(), std::f64::consts::PI);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion3<T: Real> {
    /// The pose at time 0.
    pub start: Pose3<T>,
    /// Velocity of the local origin.
    pub linvel: Vector3<T>,
    /// Angular velocity (axis times radians per unit time), world frame.
    pub angvel: Vector3<T>,
}

impl<T: Real> Motion<T, 3> for Motion3<T> {
    fn pose_at(&self, t: T) -> Pose<T, 3> {
        let mut p = self.start;
        p.translation.vector += self.linvel * t;
        p.rotation = nalgebra::Rotation3::new(self.angvel * t) * p.rotation;
        p
    }

    fn linear_velocity(&self) -> SVector<T, 3> {
        self.linvel
    }

    fn angular_speed(&self) -> T {
        self.angvel.norm()
    }
}

/// The first time in `[0, max_toi]` at which two shapes moving by rigid
/// motions come within `tolerance` of each other, by conservative
/// advancement on the exact [`distance`](crate::distance).
///
/// At each step, with `d` the distance and `n` the axis from A to B, no
/// point of A and B can close the gap faster than
/// `μ = −n·(v_B − v_A) + ω_A·reach_A + ω_B·reach_B` (the relative
/// velocity of the origins along `n`, plus the fastest any point turns
/// about its origin, `reach` bounding the distance of a shape's points from
/// its origin), so advancing by `d / μ` cannot pass the first touch.
/// Stops when `d <= tolerance` (a hit, `toi` the current time), when the
/// time passes `max_toi` or `μ <= 0` with no rotation (no hit), after 256
/// steps (no hit: the tolerance is too tight for the motion; loosen it),
/// or on NaN.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{cast_motions, Motion2, Obb, Pose2};
///
/// // A 2×0.2 plank turning about its centre, a post 1.5 to its right.
/// let plank = Obb::new(Point2::origin(), nalgebra::Rotation2::identity(), Vector2::new(1.0, 0.1)).unwrap();
/// let post = Obb::new(Point2::origin(), nalgebra::Rotation2::identity(), Vector2::new(0.1, 0.1)).unwrap();
/// let turning = Motion2 { start: Pose2::rotation(std::f64::consts::FRAC_PI_2), linvel: Vector2::zeros(), angvel: -1.0 };
/// let fixed = Motion2 { start: Pose2::translation(0.0, 0.0), linvel: Vector2::zeros(), angvel: 0.0 };
/// // The post sits on the plank's path at (0.8, 0): the plank, upright at
/// // first, reaches it after turning by nearly a quarter turn.
/// let post_at = Motion2 { start: Pose2::translation(0.8, 0.0), ..fixed };
/// // First touch where the plank's edge meets the post's corner (0.7, 0.1):
/// // 0.7 cos θ − 0.1 sin θ = 0.1, at θ ≈ 1.2869.
/// let hit = cast_motions(&plank, &turning, &post, &post_at, 3.0, 1e-9).unwrap();
/// assert!((hit.toi - 1.2869).abs() < 1e-3, "{}", hit.toi);
/// ```
#[must_use]
pub fn cast_motions<T, const N: usize, A, B, MA, MB>(
    a: &A,
    motion_a: &MA,
    b: &B,
    motion_b: &MB,
    max_toi: T,
    tolerance: T,
) -> Option<ShapeCastHit<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    MA: Motion<T, N> + ?Sized,
    MB: Motion<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    if is_nan(max_toi) || is_nan(tolerance) {
        return None;
    }
    // Non-finite motions: no hit (docs/contract.md, "Non-finite input").
    let (start_a, start_b) = (motion_a.pose_at(T::zero()), motion_b.pose_at(T::zero()));
    let speeds = [motion_a.angular_speed(), motion_b.angular_speed()];
    if !(pose_is_finite(&start_a)
        && pose_is_finite(&start_b)
        && finite_motion(&motion_a.linear_velocity(), &motion_b.linear_velocity())
        && crate::real::all_finite(speeds.iter()))
    {
        return None;
    }
    let (reach_a, reach_b) = (reach(a), reach(b));
    let spin = motion_a.angular_speed() * reach_a + motion_b.angular_speed() * reach_b;
    let v = motion_b.linear_velocity() - motion_a.linear_velocity();
    let mut t = T::zero();
    for _ in 0..MAX_ADVANCEMENT_STEPS {
        let (pa, pb) = (motion_a.pose_at(t), motion_b.pose_at(t));
        let cp = closest_points(a, &pa, b, &pb);
        if is_nan(cp.distance) {
            return None;
        }
        if cp.distance <= tolerance {
            return Some(hit_at(
                a,
                &pa,
                b,
                &pb,
                t,
                cp.axis,
                None,
                tolerance,
                Some(&cp),
            ));
        }
        let speed = -cp.axis.dot(&v) + spin;
        if speed <= T::zero() {
            return None;
        }
        let next = t + cp.distance / speed;
        if next > max_toi || next <= t || is_nan(next) {
            return None;
        }
        t = next;
    }
    None
}
