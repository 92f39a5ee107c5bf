//! The scalar trait and the crate's named tolerances.
//!
//! Every tolerance is relative to the machine epsilon of the scalar, so the
//! same code means the same thing in `f32` and `f64`.
//!
//! There is no tolerance for nearly parallel edges. An edge pair is skipped
//! only when its computed cross product is exactly zero, in both scalars
//! (`geometry::unit_cross3`, the box path's `edge_terms`); its edges are then
//! parallel to within `2 ε`. docs/sat-proof.md §11 proves what a pair
//! that is skipped, or tested along a direction that round-off has turned,
//! can cost: every gap is measured along the axis actually used, so no
//! answer is ever a false "apart"; the depth exceeds the exact one by at
//! most `½ min(L_A, L_B) sin θ` for edges of lengths `L_A`, `L_B` at an
//! angle `θ` (Lemma 11d); and the box path builds its edge axes without
//! cancellation, so it misses no edge-pair facet (Lemma 11b; its face
//! gaps are the orthonormal boxes', to within the orthonormality
//! tolerance times the sizes, §9). A larger skip
//! threshold `τ` would only add an error of up to `½ L τ`.

use nalgebra::RealField;
use num_traits::{FromPrimitive, ToPrimitive};

/// A floating-point scalar the crate computes with: `f32` or `f64`.
///
/// It is implemented for every `nalgebra::RealField` that is `Copy` and
/// converts to and from the primitive numbers, so user code never implements
/// it by hand.
///
/// ```
/// fn half<T: separating_axis::Real>(x: T) -> T {
///     x * nalgebra::convert(0.5)
/// }
/// assert_eq!(half(3.0_f32), 1.5);
/// ```
pub trait Real: RealField + Copy + ToPrimitive + FromPrimitive {}

impl<T: RealField + Copy + ToPrimitive + FromPrimitive> Real for T {}

/// Relative tolerance below which three consecutive polygon points count as
/// collinear: `|cross(e0, e1)| <= COLLINEAR * |e0| * |e1|`, that is the sine
/// of the turn angle.
///
/// Its value, 64 machine epsilons, sits well above the round-off of one cross
/// product of exactly collinear input (a few epsilons) and well below any turn
/// a user draws on purpose (`1.4e-14` rad in `f64`, `7.6e-6` rad in `f32`).
///
/// ```
/// use separating_axis::real::collinear_tolerance;
///
/// assert_eq!(collinear_tolerance::<f64>(), 64.0 * f64::EPSILON);
/// assert_eq!(collinear_tolerance::<f32>(), 64.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn collinear_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(64.0)
}

/// Tolerance on `max |RᵀR − I|` for a rotation to count as orthonormal
/// ([`Obb::new`](crate::Obb::new), [`pose_from_matrix`](crate::pose_from_matrix)).
///
/// Its value is 64 machine epsilons (`1.4e-14` in `f64`, `7.6e-6` in
/// `f32`). Measured in `f32` over a million random inputs each
/// (tests/range.rs::nalgebra_rotations_pass_the_orthonormal_check checks
/// a sample), nalgebra's rotations deviate by at most: 1 ε from an angle
/// (`Rotation2::new`), 3 ε from Euler angles, 6 ε from a unit quaternion,
/// 8.5 ε from an axis-angle, 9 ε for a product of three, 24 to 34 ε for a
/// product of 32. So every rotation built by nalgebra, and chains of a few dozen
/// products, pass; a matrix off by more is refused rather than
/// re-orthonormalised, so that the box or pose is exactly the one given.
/// Within the tolerance a column's length is `1 ± 32 ε`, so a face normal
/// is unit to 32 ε and a gap measured along it is off by at most 32 ε of
/// the shape's scale. It was `sqrt(ε)` (`3.5e-4` in `f32`) at first, which
/// let through a matrix off by `2.8e-4`, whose face normals were then off
/// unit by `1.4e-4`
/// (tests/range.rs::rotation_off_by_sqrt_epsilon_is_refused).
///
/// ```
/// use separating_axis::real::orthonormal_tolerance;
///
/// assert_eq!(orthonormal_tolerance::<f64>(), 64.0 * f64::EPSILON);
/// assert_eq!(orthonormal_tolerance::<f32>(), 64.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn orthonormal_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(64.0)
}

/// Relative tolerance of the tie rule: a candidate axis of a less preferred
/// class (B's faces after A's, edge pairs after faces, ball axes last)
/// replaces the best axis only when its gap is larger by more than
/// `TIE * (|h_A| + |h_B|)`, the scale of the support values the gap was
/// computed from (and always when its gap is positive and the best is not).
///
/// Its value, 4 machine epsilons, covers the round-off of two support values
/// of a few products each (measured: at most 1.6 ε of that scale on random
/// 2D scenes, tests/properties_2d.rs), so that two axes equal in exact
/// arithmetic report the preferred feature, while the reported depth stays
/// within twice 4 ε of that scale of the least computed depth (once for a
/// polytope class kept out, once for a rounded-core axis let in on a near
/// tie; docs/sat-proof.md §12). It was 64 ε at first, which
/// in `f32` let a face axis keep a depth 0.2% too large
/// (`exact_cases.rs::tie_rule_never_hides_a_smaller_depth_in_f32`).
///
/// ```
/// use separating_axis::real::tie_tolerance;
///
/// assert_eq!(tie_tolerance::<f64>(), 4.0 * f64::EPSILON);
/// assert_eq!(tie_tolerance::<f32>(), 4.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn tie_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(4.0)
}

/// [`bound_slack`]'s factor over [`tie_tolerance`]: a bound and the gap it
/// bounds each carry the tie tolerance's worth of round-off, and more on
/// hulls whose support values sum many products.
const BOUND_SLACK: u8 = 32;

/// How far below a threshold a bound on a gap must lie before the paths
/// trust it to drop an axis: [`BOUND_SLACK`] [`tie_tolerance`] times
/// `scale`, the size of the coordinates the bound and the gap are computed
/// from.
#[inline]
pub(crate) fn bound_slack<T: Real>(scale: T) -> T {
    tie_tolerance::<T>() * scale * T::from_u8(BOUND_SLACK).unwrap_or_else(T::one)
}

/// Relative tolerance of the 3D convex hull
/// ([`ConvexPolyhedron::from_hull`](crate::ConvexPolyhedron::from_hull)):
/// with `s` the largest absolute coordinate of the input, a point within
/// `HULL * s` of the hull does not become a vertex (a cube's face centres
/// and edge midpoints), and triangles whose vertices lie within `HULL * s`
/// of one plane merge into one face.
///
/// Its value, 64 machine epsilons (`1.4e-14` in `f64`, `7.6e-6` in
/// `f32`), sits well above the rounding of coplanar input to the scalar
/// (half an epsilon of `s` per coordinate, so that a rotated cube still
/// has six square faces) and the round-off of a point's height above a
/// face (a few epsilons of `s`), and far below any feature a user models
/// on purpose. The hull's topology does not rest on it: which faces a new
/// point sees is decided by an exact predicate.
///
/// ```
/// use separating_axis::real::hull_tolerance;
///
/// assert_eq!(hull_tolerance::<f64>(), 64.0 * f64::EPSILON);
/// assert_eq!(hull_tolerance::<f32>(), 64.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn hull_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(64.0)
}

/// Relative tolerance of containment
/// ([`engine::contains`](crate::engine::contains)): `inner ⊆ outer` is
/// accepted when each test holds within `CONTAIN * s`, with `s` the
/// magnitude of the coordinates compared plus the two poses' translations.
///
/// Its value, 16 machine epsilons, sits above the round-off between a shape
/// and its own copy placed by the same pose (the two sides are computed
/// along different paths: a stored face offset against a support value
/// through a rotation that is the identity up to a few ε: measured at
/// random poses in 2D–5D, 2 ε of that scale is not enough and 4 ε is,
/// and below a copy moved out by `1e-5` of that scale in `f32` (84 ε) or
/// `1e-12` in `f64`, which is reported outside (64 ε already lets some
/// `f32` copies in), both in
/// tests/containment.rs::every_shape_contains_itself_and_not_a_moved_copy.
///
/// ```
/// use separating_axis::real::containment_tolerance;
///
/// assert_eq!(containment_tolerance::<f64>(), 16.0 * f64::EPSILON);
/// assert_eq!(containment_tolerance::<f32>(), 16.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn containment_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(16.0)
}

/// When a rounded ray cast ([`cast_ray`](crate::cast_ray)) has reached the
/// surface: the distance from the ray point to the shape is at most this
/// times the scale (the radius plus the largest coordinates of the ray's
/// origin, of its displacement so far and of the nearest core point).
///
/// Its value, 8 machine epsilons, covers the round-off of the nearest core
/// point (a projection: a few operations on coordinates of the scale) and
/// of the norm of the difference, so a ray that truly meets the surface
/// always ends within it; a ray that misses by more than it is reported
/// as a miss (tests/ray_cast.rs::grazing_rays_by_hand).
///
/// ```
/// use separating_axis::real::ray_tolerance;
///
/// assert_eq!(ray_tolerance::<f64>(), 8.0 * f64::EPSILON);
/// assert_eq!(ray_tolerance::<f32>(), 8.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn ray_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(8.0)
}

/// When a linear cast of rounded shapes ([`cast_shapes`](crate::cast_shapes))
/// has reached the touch: the exact distance is at most this times the
/// scale (the shapes' reach, their translations and the motion).
///
/// Its value, 64 machine epsilons, sits above the distance's own round-off
/// (a support point and a norm on coordinates of the scale) so that the
/// iteration ends at a touch instead of stepping on round-off, and far
/// below any gap worth a step; a step that does not move the time ends the
/// cast too (tests/casts.rs::rounded_casts_match_bisection).
///
/// ```
/// use separating_axis::real::cast_tolerance;
///
/// assert_eq!(cast_tolerance::<f64>(), 64.0 * f64::EPSILON);
/// assert_eq!(cast_tolerance::<f32>(), 64.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn cast_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(64.0)
}

/// How far from length 1 a unit vector read back from a serialised result
/// may be: a deserialised normal or axis `n` is refused with
/// [`ResultError::NonUnitVector`](crate::ResultError::NonUnitVector) unless
/// `| |n| − 1 | <= UNIT` (src/serde_support/results.rs).
///
/// Its value, 256 machine epsilons (`5.7e-14` in `f64`, `3.1e-5` in
/// `f32`), sits above what the library's own normals carry: a face normal
/// is unit to 32 ε after a rotation that passes
/// [`orthonormal_tolerance`], and turning it into the world frame by a pose
/// that passes it too adds as much again (the results of every query on
/// seeded random scenes stay within 3.5 ε, in `f32` and `f64`, 2D and 3D:
/// tests/serde_round_trip.rs::library_results_round_trip_and_load_2d, `_3d`);
/// and far below any vector that is not meant to be unit (`[3, 4]`,
/// `[0, 0]`).
///
/// ```
/// use separating_axis::real::unit_tolerance;
///
/// assert_eq!(unit_tolerance::<f64>(), 256.0 * f64::EPSILON);
/// assert_eq!(unit_tolerance::<f32>(), 256.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn unit_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(256.0)
}

/// How far a deserialised contact point may stray from its own relation
/// `on_b = on_a + normal · separation`, relative to its scale: the point is
/// refused with
/// [`ResultError::InconsistentPoint`](crate::ResultError::InconsistentPoint)
/// when the largest coordinate of `on_b − (on_a + normal · separation)`
/// exceeds `POINT * s`, with `s` the largest absolute coordinate of
/// `on_a`, `on_b`, `local_a`, `local_b` and `|separation|`
/// (src/serde_support/results.rs).
///
/// Its value, 64 machine epsilons (`1.4e-14` in `f64`, `7.6e-6` in `f32`),
/// covers how the library computes the two points: not as `on_a + normal
/// · separation` but each on its own shape, in a local or box frame, then
/// moved to the world by a pose. Each of those steps rounds at the scale
/// of the local coordinates plus the translation, and the translation is
/// bounded by `|on_a| + |local_a|`, hence the local points in `s`. The
/// manifolds of seeded random scenes stay within 2.5 ε of `s`, in `f32`
/// and `f64`, 2D and 3D
/// (tests/serde_round_trip.rs::library_results_round_trip_and_load_2d,
/// `_3d`).
///
/// ```
/// use separating_axis::real::contact_point_tolerance;
///
/// assert_eq!(contact_point_tolerance::<f64>(), 64.0 * f64::EPSILON);
/// assert_eq!(contact_point_tolerance::<f32>(), 64.0 * f32::EPSILON);
/// ```
#[inline]
#[must_use]
pub fn contact_point_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(64.0)
}

/// The largest magnitude a shape's coordinates and sizes may have:
/// `sqrt(MAX) / 64` (`2.1e152` in `f64`, `2.9e17` in `f32`).
///
/// The queries square lengths (`norm`, `norm_squared`) and add support
/// values of a few terms each; below this bound none of that overflows,
/// even after a pose moves the shape by as much again. Constructors refuse
/// larger input with [`ShapeError::TooLarge`](crate::ShapeError::TooLarge).
///
/// ```
/// use separating_axis::real::max_magnitude;
///
/// // The square of a few such values stays finite.
/// let m = max_magnitude::<f64>();
/// assert!((m * m * 16.0).is_finite() && m > 1e150);
/// ```
#[inline]
#[must_use]
pub fn max_magnitude<T: Real>() -> T {
    let (max, _) = range::<T>();
    T::from_f64(num_traits::Float::sqrt(max) / 64.0).unwrap_or_else(T::one)
}

/// The smallest size (half extent, radius, polygon edge) a shape may have:
/// `sqrt(MIN_POSITIVE) * 64` (`9.6e-153` in `f64`, `6.9e-18` in `f32`).
///
/// Below it the square of a length underflows to a subnormal or to zero,
/// so that unit normals and distances lose their precision.
/// Constructors refuse smaller sizes with
/// [`ShapeError::TooSmall`](crate::ShapeError::TooSmall).
///
/// ```
/// use separating_axis::real::min_size;
///
/// // Its square is a normal number, not a subnormal.
/// let s = min_size::<f32>();
/// assert!(s * s >= f32::MIN_POSITIVE && s < 1e-17);
/// ```
#[inline]
#[must_use]
pub fn min_size<T: Real>() -> T {
    let (_, min) = range::<T>();
    T::from_f64(num_traits::Float::sqrt(min) * 64.0).unwrap_or_else(T::zero)
}

/// The largest finite value and the smallest positive normal value of the
/// scalar, as `f64`: `f32`'s when its epsilon is `f32`'s, else `f64`'s.
fn range<T: Real>() -> (f64, f64) {
    if T::default_epsilon().to_f64().unwrap_or(0.0) > 1e-10 {
        (f64::from(f32::MAX), f64::from(f32::MIN_POSITIVE))
    } else {
        (f64::MAX, f64::MIN_POSITIVE)
    }
}

/// Whether `x` is finite (neither infinite nor NaN): `x − x` is 0
/// exactly then, NaN otherwise.
#[inline]
#[allow(
    clippy::eq_op,
    reason = "x − x is the test: 0 when finite, NaN otherwise"
)]
pub(crate) fn is_finite<T: Real>(x: T) -> bool {
    x - x == T::zero()
}

/// A NaN of `T`.
#[inline]
pub(crate) fn nan<T: Real>() -> T {
    T::zero() / T::zero()
}

/// Whether every value is finite: the sum of the `x − x` (each 0 for a
/// finite `x`, NaN otherwise) is 0, one comparison for the lot.
#[inline]
#[allow(
    clippy::eq_op,
    reason = "x − x is the test: 0 when finite, NaN otherwise"
)]
pub(crate) fn all_finite<'v, T: Real>(values: impl IntoIterator<Item = &'v T>) -> bool {
    let mut zero = T::zero();
    for &x in values {
        zero += x - x;
    }
    zero == T::zero()
}

/// Whether `x` is NaN, for any partially ordered scalar.
#[inline]
pub(crate) fn is_nan<T: PartialOrd>(x: T) -> bool {
    x.partial_cmp(&x).is_none()
}

/// `x` clamped to `[−h, h]` (`h > 0`) by a min then a max, which the
/// compiler emits without branches: the same bits as clamping by compares
/// (a zero inside keeps its sign); `h` for a NaN. The box distance's
/// corners and the box projection share it.
#[inline(always)]
pub(crate) fn clamp_min_max<T: Real>(x: T, h: T) -> T {
    let below = if x < h { x } else { h };
    if below > -h {
        below
    } else {
        -h
    }
}
