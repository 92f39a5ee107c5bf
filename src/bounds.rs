//! Bounds of posed shapes: the tight axis-aligned box, a bounding sphere,
//! and the box swept by a linear motion (docs/broad-phase.md).
//!
//! The world box of a shape `S` at pose `(R, t)` has, along each world
//! axis `eᵢ`, the sides
//!
//! ```text
//! hi_i =  h_S( Rᵀ eᵢ) + tᵢ      (Rᵀ eᵢ is row i of R, exactly)
//! lo_i = −h_S(−Rᵀ eᵢ) + tᵢ
//! ```
//!
//! where `h_S` is the shape's support value ([`Support::local_support_value`]):
//! `2N` support calls, exact for every convex shape, not the box of a
//! bounding sphere. Boxes and balls take `O(N²)` closed forms instead
//! (`centre ± |R|·h`, `centre ± r`). Each side is then moved outwards by a
//! bound on the rounding of these few operations,
//! `(N + 4) ε (S + |tᵢ|)` with `S` the size of the local coordinates
//! involved, so that the box holds every point of the shape as the library
//! computes it, and two shapes that touch have boxes that touch
//! (tests/bounds.rs::box_is_tight_against_brute_force,
//! tests/bounds.rs::support_points_lie_inside_the_box).

use nalgebra::{Point, SVector};

use crate::shape::check_coordinates;
use crate::{Aabb, Pose, Real, Shape, ShapeError};

/// A sphere (a circle in 2D) that holds a posed shape: the cheap culling
/// test of source note 003, done right (docs/broad-phase.md, "Culling").
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{bounding_sphere, Aabb, Pose2};
///
/// // A 4 × 2 rectangle: the radius is half its diagonal, √5, not max(w, h).
/// let rect = Aabb::from_half_extents(Point2::origin(), Vector2::new(2.0, 1.0)).unwrap();
/// let s = bounding_sphere(&rect, &Pose2::identity()).unwrap();
/// assert_eq!(s.center, Point2::origin());
/// assert_eq!(s.radius, 5.0_f64.sqrt());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawBoundingSphere<T, N>")
)]
pub struct BoundingSphere<T: Real, const N: usize> {
    /// The centre, in the world frame.
    pub center: Point<T, N>,
    /// The radius (at least 0).
    pub radius: T,
}

impl<T: Real, const N: usize> BoundingSphere<T, N> {
    /// Whether the two closed spheres meet: the squared distance between
    /// the centres against the **squared** sum of the radii (touching
    /// counts). Source note 003 compares the squared distance with the
    /// unsquared sum, which culls pairs that overlap whenever the sum
    /// exceeds 1 (tests/bounds.rs::note_003_unsquared_sum_misses_an_overlap).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::BoundingSphere;
    ///
    /// let a = BoundingSphere { center: Point2::new(0.0, 0.0), radius: 2.0 };
    /// let b = BoundingSphere { center: Point2::new(3.0, 0.0), radius: 1.0 };
    /// assert!(a.intersects(&b)); // they touch at (2, 0)
    /// ```
    #[inline]
    #[must_use]
    pub fn intersects(&self, other: &Self) -> bool {
        let r = self.radius + other.radius;
        (other.center - self.center).norm_squared() <= r * r
    }
}

/// The smallest world axis-aligned box that holds `shape` placed at
/// `pose`, rounded outwards by a few ulps (module docs): exact for every
/// convex shape, including polytopes, balls and capsules, in any `N`.
///
/// Cost: `2N` support calls; `O(N²)` for a ball (one core vertex and a
/// radius) and a box (a shape answering
/// [`as_obb_ref`](Shape::as_obb_ref) or [`as_obb`](Shape::as_obb)).
/// Allocates nothing.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{shape_aabb, Aabb, Pose2};
///
/// let square = Aabb::from_half_extents(Point2::origin(), Vector2::new(1.0, 1.0)).unwrap();
/// let turned = Pose2::new(Vector2::new(10.0, 0.0), std::f64::consts::FRAC_PI_4);
/// let b = shape_aabb(&square, &turned).unwrap();
/// // The square turned by 45° reaches √2 from its centre along x and y.
/// assert!((b.max().x - (10.0 + 2.0_f64.sqrt())).abs() < 1e-12);
/// assert!((b.min().y + 2.0_f64.sqrt()).abs() < 1e-12);
/// ```
///
/// # Errors
/// [`ShapeError::NonFinite`] for a NaN or infinite pose (`field`
/// `"rotation"`, index `row + N · column`, or `"translation"`) or a shape
/// whose support values are not finite; [`ShapeError::TooLarge`] when the
/// translation or the box's corners exceed
/// [`max_magnitude`](crate::real::max_magnitude);
/// [`ShapeError::NonPositiveExtent`] or [`ShapeError::TooSmall`] for a
/// shape with no extent along some axis (no built-in shape has one)
/// (tests/bounds.rs::bad_poses_give_errors).
pub fn shape_aabb<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
) -> Result<Aabb<T, N>, ShapeError>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let (lo, hi) = world_sides(shape, pose)?;
    Aabb::new(lo, hi)
}

/// The box swept by `shape` moving from `pose` by the translation
/// `displacement` (a linear motion, no rotation): the union of the start
/// and end boxes of [`shape_aabb`]. The box of the swept volume (the
/// convex hull of the two placements) is exactly that union.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{swept_aabb, Ball, Pose2};
///
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// let b = swept_aabb(&ball, &Pose2::identity(), &Vector2::new(5.0, -2.0)).unwrap();
/// // [-1, 6] × [-3, 1], each side moved out by a few ulps (module docs).
/// assert!((b.min() - Point2::new(-1.0, -3.0)).amax() < 1e-14);
/// assert!((b.max() - Point2::new(6.0, 1.0)).amax() < 1e-14);
/// ```
///
/// # Errors
/// As [`shape_aabb`] at either end; [`ShapeError::NonFinite`] with `field`
/// `"displacement"` for a NaN or infinite displacement.
pub fn swept_aabb<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
    displacement: &SVector<T, N>,
) -> Result<Aabb<T, N>, ShapeError>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    check_coordinates(displacement, "displacement")?;
    let start = shape_aabb(shape, pose)?;
    let mut end_pose = *pose;
    end_pose.translation.vector += displacement;
    let end = shape_aabb(shape, &end_pose)?;
    aabb_union(&start, &end)
}

/// The smallest box holding both boxes.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{aabb_union, Aabb};
///
/// let a = Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 1.0)).unwrap();
/// let b = Aabb::new(Point2::new(2.0, -1.0), Point2::new(3.0, 0.5)).unwrap();
/// let u = aabb_union(&a, &b).unwrap();
/// assert_eq!((u.min(), u.max()), (Point2::new(0.0, -1.0), Point2::new(3.0, 1.0)));
/// ```
///
/// # Errors
/// None for boxes built by [`Aabb::new`]; the `Result` is
/// [`Aabb::new`]'s on the union's corners.
pub fn aabb_union<T: Real, const N: usize>(
    a: &Aabb<T, N>,
    b: &Aabb<T, N>,
) -> Result<Aabb<T, N>, ShapeError> {
    let (amin, amax, bmin, bmax) = (a.min(), a.max(), b.min(), b.max());
    let lo = Point::from(SVector::from_fn(|i, _| amin[i].min(bmin[i])));
    let hi = Point::from(SVector::from_fn(|i, _| amax[i].max(bmax[i])));
    Aabb::new(lo, hi)
}

/// A sphere that holds `shape` placed at `pose`.
///
/// - A ball (one core vertex and a radius): its own centre and radius,
///   exactly.
/// - A box ([`as_obb_ref`](Shape::as_obb_ref) / [`as_obb`](Shape::as_obb)):
///   its centre and half-diagonal `|h|`, the smallest sphere.
/// - Any other shape: the centre `c` of its tight box ([`shape_aabb`]) and
///   the smaller of that box's half-diagonal and
///   `max |vᵢ − c| + radius` over the core vertices (scanned when there are
///   at most 65 536), so at most the tight box's half-diagonal
///   (tests/bounds.rs::sphere_holds_the_shape_and_is_at_most_the_half_diagonal).
///
/// Up to rounding: points of the shape may lie outside by a relative
/// `(N + 4) ε` (unlike [`shape_aabb`], the sphere is not padded).
///
/// # Errors
/// As [`shape_aabb`].
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{bounding_sphere, Obb, Pose2};
///
/// // A 6 × 8 box: the sphere is half its diagonal, 5 (not max(w, h)).
/// let b = Obb::new(Point2::origin(), nalgebra::Rotation2::identity(), Vector2::new(3.0_f64, 4.0)).unwrap();
/// let s = bounding_sphere(&b, &Pose2::translation(1.0, 1.0)).unwrap();
/// assert_eq!(s.center, Point2::new(1.0, 1.0));
/// assert!((s.radius - 5.0).abs() < 1e-12);
/// ```
pub fn bounding_sphere<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
) -> Result<BoundingSphere<T, N>, ShapeError>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    check_pose_finite(pose)?;
    if let Some((c, r)) = as_ball(shape) {
        return Ok(BoundingSphere {
            center: pose * c,
            radius: r,
        });
    }
    let boxed = crate::shape::obb_of(shape);
    if let Some(b) = boxed {
        return Ok(BoundingSphere {
            center: pose * b.center(),
            radius: b.half_extents().norm(),
        });
    }
    let (lo, hi) = world_sides(shape, pose)?;
    let bounds = Aabb::new(lo, hi)?;
    let center = bounds.center();
    let mut radius = bounds.half_extents().norm();
    let count = shape.core_vertex_count();
    if count > 0 && count <= MAX_SCANNED_VERTICES {
        let mut far = T::zero();
        for i in 0..count {
            // A compare, not `T::max` (see `contract::Check::core_support`:
            // a max-fold over box corners miscompiled at opt-level 3).
            let r = (pose * shape.local_core_vertex(i) - center).norm();
            if r > far {
                far = r;
            }
        }
        radius = radius.min(far + shape.radius());
    }
    Ok(BoundingSphere { center, radius })
}

/// How many core vertices [`bounding_sphere`] scans at most; beyond, it
/// keeps the tight box's half-diagonal.
const MAX_SCANNED_VERTICES: usize = 1 << 16;

/// `(N + 4) ε`: the relative rounding bound of a dot product of `N` terms
/// plus a translation and a radius, with room to spare (`γ_{N+2} ≈ (N + 2) ε / 2`).
#[inline]
fn slack_factor<T: Real, const N: usize>() -> T {
    let n: T = nalgebra::convert(N as f64 + 4.0);
    n * T::default_epsilon()
}

/// The shape as a ball: its one core vertex and its radius, when it has
/// exactly one core vertex.
#[inline]
fn as_ball<T, const N: usize, S>(shape: &S) -> Option<(Point<T, N>, T)>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    (shape.core_vertex_count() == 1).then(|| (shape.local_core_vertex(0), shape.radius()))
}

/// Refuses a NaN or infinite pose, and a translation beyond
/// [`max_magnitude`](crate::real::max_magnitude).
fn check_pose_finite<T: Real, const N: usize>(pose: &Pose<T, N>) -> Result<(), ShapeError> {
    if let Some(index) = pose.rotation.matrix().iter().position(|c| !c.is_finite()) {
        return Err(ShapeError::NonFinite {
            field: "rotation",
            index,
        });
    }
    check_coordinates(&pose.translation.vector, "translation")
}

/// The world box's corners, rounded outwards (module docs).
fn world_sides<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
) -> Result<(Point<T, N>, Point<T, N>), ShapeError>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    check_pose_finite(pose)?;
    let k = slack_factor::<T, N>();
    let rot = pose.rotation.matrix();
    let t = &pose.translation.vector;
    let mut lo = Point::<T, N>::origin();
    let mut hi = Point::<T, N>::origin();
    if let Some((c, r)) = as_ball(shape) {
        // centre ± r; rounding of R c + t.
        for i in 0..N {
            let mut centre = t[i];
            let mut size = t[i].abs() + r;
            for j in 0..N {
                centre += rot[(i, j)] * c[j];
                size += (rot[(i, j)] * c[j]).abs();
            }
            let pad = k * size;
            lo[i] = centre - r - pad;
            hi[i] = centre + r + pad;
        }
    } else if let Some(b) = crate::shape::obb_of(shape) {
        // centre ± |R Rₒ| h.
        let m = rot * b.rotation().matrix();
        let h = b.half_extents();
        let c = b.center();
        for i in 0..N {
            let mut centre = t[i];
            let mut size = t[i].abs();
            let mut extent = T::zero();
            for j in 0..N {
                centre += rot[(i, j)] * c[j];
                size += (rot[(i, j)] * c[j]).abs();
                extent += m[(i, j)].abs() * h[j];
            }
            let pad = k * (size + extent);
            lo[i] = centre - extent - pad;
            hi[i] = centre + extent + pad;
        }
    } else {
        // 2N support values along ± the rows of R; the local coordinates'
        // size is bounded by a core vertex's norm plus the widths.
        let mut width = shape.radius();
        for i in 0..N {
            let d: SVector<T, N> = rot.row(i).transpose();
            let up = shape.local_support_value(&d);
            let down = -shape.local_support_value(&-d);
            width += (up - down).abs();
            lo[i] = down;
            hi[i] = up;
        }
        let origin = if shape.core_vertex_count() > 0 {
            shape.local_core_vertex(0).coords.norm()
        } else {
            T::zero()
        };
        for i in 0..N {
            let pad = k * (origin + width + t[i].abs());
            lo[i] = lo[i] + t[i] - pad;
            hi[i] = hi[i] + t[i] + pad;
        }
    }
    Ok((lo, hi))
}
