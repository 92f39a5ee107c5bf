//! The shape trait the SAT engine works with, and the built-in shapes.
//!
//! | shape | dimensions | candidate axes it supplies |
//! |---|---|---|
//! | [`ConvexPolygon`] | 2 | its edge normals |
//! | [`Aabb`] | any `N` | `±eᵢ` |
//! | [`Obb`] | any `N` | `±` its rotation's columns |
//! | [`Ball`] | any `N` | the axis from its centre to the other shape's nearest core point |

mod aabb;
mod ball;
mod obb;
mod polygon;

pub use aabb::Aabb;
pub use ball::{Ball, Circle, Sphere};
pub use obb::{Obb, Obb2, Obb3};
pub use polygon::ConvexPolygon;

use nalgebra::{Point, SVector, Unit};

use crate::{Real, Support};

/// A convex shape the SAT engine can test: a support mapping plus the
/// candidate axes the shape contributes, all in the shape's local frame.
///
/// A shape with flat faces lists their outward unit normals. A ball lists no
/// faces; it names its centre instead, and the engine adds the axis from that
/// centre to the nearest point of the other shape's *core* (the other shape
/// less its rounding: a polytope itself, a ball's centre). These axes are
/// enough for an exact answer in 2D between any two built-in shapes, and in
/// any dimension between a ball and anything (docs/sat-proof.md, §3).
///
/// Implementing it for a custom shape:
///
/// ```
/// use nalgebra::{Point2, Unit, Vector2};
/// use separating_axis::{intersects, Pose2, Shape, Support};
///
/// /// The unit square [0, 1]², written by hand.
/// struct UnitSquare;
///
/// impl Support<f64, 2> for UnitSquare {
///     fn local_support_point(&self, d: &Vector2<f64>) -> Point2<f64> {
///         Point2::new(if d.x > 0.0 { 1.0 } else { 0.0 }, if d.y > 0.0 { 1.0 } else { 0.0 })
///     }
/// }
///
/// impl Shape<f64, 2> for UnitSquare {
///     fn face_count(&self) -> usize { 4 }
///     fn local_face_normal(&self, i: usize) -> Unit<Vector2<f64>> {
///         let n = [Vector2::x(), Vector2::y(), -Vector2::x(), -Vector2::y()];
///         Unit::new_unchecked(n[i % 4])
///     }
///     fn local_core_closest_point(&self, p: &Point2<f64>) -> Point2<f64> {
///         Point2::new(p.x.clamp(0.0, 1.0), p.y.clamp(0.0, 1.0))
///     }
///     fn local_farthest_point(&self, p: &Point2<f64>) -> Point2<f64> {
///         Point2::new(if p.x < 0.5 { 1.0 } else { 0.0 }, if p.y < 0.5 { 1.0 } else { 0.0 })
///     }
///     fn local_contains_point(&self, p: &Point2<f64>) -> bool {
///         (0.0..=1.0).contains(&p.x) && (0.0..=1.0).contains(&p.y)
///     }
/// }
///
/// let near = Pose2::translation(0.5, 0.5);
/// let far = Pose2::translation(2.0, 0.0);
/// assert!(intersects(&UnitSquare, &Pose2::identity(), &UnitSquare, &near));
/// assert!(!intersects(&UnitSquare, &Pose2::identity(), &UnitSquare, &far));
/// ```
pub trait Shape<T: Real, const N: usize>: Support<T, N> {
    /// How many face normals the shape contributes as candidate axes.
    #[must_use]
    fn face_count(&self) -> usize;

    /// The outward unit normal of face `i`, for `i < face_count()`.
    ///
    /// The engine only asks for `i < face_count()`; what an implementation
    /// returns beyond that is its own choice, but it must not panic.
    #[must_use]
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>>;

    /// For a ball: its centre. The engine then tests the axis from this
    /// centre to the other shape's nearest core point. `None` (the default)
    /// for shapes bounded by faces alone.
    #[inline]
    #[must_use]
    fn local_round_centre(&self) -> Option<Point<T, N>> {
        None
    }

    /// The point of the shape's core nearest to `p`.
    ///
    /// The core is the shape less its rounding: for a polytope, the solid
    /// polytope itself (so `p` when `p` is inside); for a ball, its centre.
    #[must_use]
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N>;

    /// A point of the shape at the largest distance from `p`.
    #[must_use]
    fn local_farthest_point(&self, p: &Point<T, N>) -> Point<T, N>;

    /// Whether `p` lies in the closed shape (the boundary counts as inside).
    #[must_use]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool;
}

/// Validates that every coordinate of `p` is finite.
pub(crate) fn check_finite_point<T: Real, const N: usize>(
    p: &Point<T, N>,
    field: &'static str,
    index: usize,
) -> Result<(), crate::ShapeError> {
    if p.coords.iter().all(|c| c.is_finite()) {
        Ok(())
    } else {
        Err(crate::ShapeError::NonFinite { field, index })
    }
}

/// `+1` for non-negative `x`, `-1` otherwise: the side a support point takes.
#[inline]
pub(crate) fn sign_or_plus<T: Real>(x: T) -> T {
    if x < T::zero() {
        -T::one()
    } else {
        T::one()
    }
}

/// The first coordinate axis `e₀`, for directions that are not defined.
#[inline]
pub(crate) fn first_axis<T: Real, const N: usize>() -> SVector<T, N> {
    SVector::from_fn(|i, _| if i == 0 { T::one() } else { T::zero() })
}
