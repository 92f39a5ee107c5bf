//! `Rounded<S>`: any shape dilated by a ball (parry's `RoundShape`, Box2D's
//! rounded polygons).
//!
//! Every shape is a convex core dilated by a radius ([`Shape::radius`]),
//! and the engine is exact for a polytope core dilated by a ball
//! (docs/sat-proof.md §5): dilating a shape by `r` keeps its core, its face
//! normals, edges and vertices, and adds `r` to its radius, so a rounded
//! box or a rounded polygon needs no new code:
//!
//! ```text
//! h_{S ⊕ B(r)}(d) = h_S(d) + r |d|        support values add
//! point(d)        = S.point(d) + r d/|d|
//! radius          = S.radius() + r        the core is S's core
//! contains(p)     = |p − core_closest(p)| <= S.radius() + r
//! ```

use nalgebra::{Point, SVector, Unit};

use crate::shape::check_size;
use crate::{Edge, Real, Shape, ShapeError, Support};

/// `inner` dilated by a ball of radius `rounding`: the points within
/// `rounding` of `inner`.
///
/// The queries are exact for it as for every shape: its core is `inner`'s
/// core, its radius `inner.radius() + rounding`, and it answers none of
/// the box, polygon or polyhedron hooks (a rounded box is not a box), so
/// it takes the generic engine. Contact manifolds clip its faces as
/// `inner`'s, moved out by the radius.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{penetration, separation, Aabb, Pose2, Rounded};
///
/// // A 2 × 2 square with corners rounded by 0.5: 3 × 3 overall.
/// let square = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
/// let rounded = Rounded::new(square, 0.5).unwrap();
/// let id = Pose2::identity();
/// // Side by side, 3.25 apart: the flat sides overlap by 0.25.
/// let p = penetration(&rounded, &id, &rounded, &Pose2::translation(2.75, 0.0)).unwrap();
/// assert_eq!((p.normal.into_inner(), p.depth), (Vector2::x(), 0.25));
/// // Corner to corner along the diagonal the rounding shows: the gap is
/// // the distance of the two cores' corners less both radii.
/// let s = separation(&rounded, &id, &rounded, &Pose2::translation(3.0, 3.0));
/// assert!((s.distance - (2.0_f64.sqrt() - 1.0)).abs() < 1e-15);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rounded<S, T> {
    inner: S,
    rounding: T,
}

impl<S, T: Real> Rounded<S, T> {
    /// `inner` dilated by `rounding > 0`.
    ///
    /// The range is a radius's (docs/contract-range.md): at most
    /// [`max_magnitude`](crate::real::max_magnitude), at least
    /// [`min_size`](crate::real::min_size).
    ///
    /// # Errors
    /// For `rounding` (`field = "radius"`), in this order:
    /// [`ShapeError::NonFinite`], [`ShapeError::NonPositiveRadius`] for
    /// `rounding <= 0`, [`ShapeError::TooLarge`], [`ShapeError::TooSmall`]
    /// (tests/custom_shapes.rs::rounded_refuses_bad_radii).
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{Ball, Rounded, ShapeError};
    ///
    /// let ball = Ball::new(Point3::origin(), 1.0).unwrap();
    /// assert_eq!(Rounded::new(ball, 0.0).unwrap_err(), ShapeError::NonPositiveRadius);
    /// assert_eq!(Rounded::new(ball, 0.5).unwrap().rounding(), 0.5);
    /// ```
    pub fn new(inner: S, rounding: T) -> Result<Self, ShapeError> {
        check_size(rounding, "radius", 0, ShapeError::NonPositiveRadius)?;
        Ok(Self { inner, rounding })
    }

    /// The shape that is dilated.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Ball, Rounded};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// assert_eq!(Rounded::new(ball, 0.5).unwrap().inner(), &ball);
    /// ```
    #[inline]
    #[must_use]
    pub fn inner(&self) -> &S {
        &self.inner
    }

    /// The radius added to the inner shape's (above zero).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Ball, Rounded, Shape};
    ///
    /// let r = Rounded::new(Ball::new(Point2::origin(), 1.0).unwrap(), 0.5).unwrap();
    /// assert_eq!((r.rounding(), Shape::radius(&r)), (0.5, 1.5));
    /// ```
    #[inline]
    #[must_use]
    pub fn rounding(&self) -> T {
        self.rounding
    }
}

impl<T: Real, const N: usize, S: Support<T, N>> Support<T, N> for Rounded<S, T> {
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        let p = self.inner.local_support_point(dir);
        match Unit::try_new(*dir, T::zero()) {
            Some(u) => p + u.into_inner() * self.rounding,
            None => p,
        }
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        self.inner.local_support_value(dir) + dir.norm() * self.rounding
    }
}

impl<T: Real, const N: usize, S: Shape<T, N>> Shape<T, N> for Rounded<S, T> {
    #[inline]
    fn face_count(&self) -> usize {
        self.inner.face_count()
    }

    #[inline]
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        self.inner.local_face_normal(i)
    }

    /// The inner face's offset moved out by the rounding (a face normal is
    /// a unit vector).
    #[inline]
    fn local_face_offset(&self, i: usize) -> T {
        self.inner.local_face_offset(i) + self.rounding
    }

    #[inline]
    fn face_vertex_count(&self, i: usize) -> usize {
        self.inner.face_vertex_count(i)
    }

    #[inline]
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        self.inner.face_vertex(i, k)
    }

    #[inline]
    fn local_incident_face(&self, dir: &SVector<T, N>) -> Option<usize> {
        self.inner.local_incident_face(dir)
    }

    #[inline]
    fn edge_count(&self) -> usize {
        self.inner.edge_count()
    }

    #[inline]
    fn local_edge(&self, i: usize) -> Edge<T, N> {
        self.inner.local_edge(i)
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        self.inner.core_vertex_count()
    }

    #[inline]
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        self.inner.local_core_vertex(i)
    }

    #[inline]
    fn radius(&self) -> T {
        self.inner.radius() + self.rounding
    }

    #[inline]
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        self.inner.local_core_closest_point(p)
    }

    #[inline]
    fn local_core_farthest_point(&self, p: &Point<T, N>) -> Option<Point<T, N>> {
        self.inner.local_core_farthest_point(p)
    }

    #[inline]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        let r = Shape::radius(self);
        (p - self.inner.local_core_closest_point(p)).norm_squared() <= r * r
    }
}
