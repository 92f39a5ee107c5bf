//! Capsules: a segment dilated by a radius, in any dimension (a stadium in
//! 2D).

use nalgebra::{Point, SVector, Unit};

use super::{as_f64, check_dimension, check_point_in_range, check_size, Edge, Shape};
use crate::{Real, ShapeError, Support};

/// The set of points within `radius` of the segment `[a, b]`.
///
/// Its core is the segment. In 2D the segment's two normals are its faces;
/// in 3D its direction is an edge, crossed with the other shape's edges.
/// Against any shape the engine also tests the axes between the segment and
/// the other shape's nearest core points (docs/sat-proof.md §5).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{Capsule, ShapeError};
///
/// let c = Capsule::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0), 0.5).unwrap();
/// assert_eq!(c.radius(), 0.5);
/// let bad = Capsule::new(Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), -1.0);
/// assert_eq!(bad, Err(ShapeError::NonPositiveRadius));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawCapsule<T, N>")
)]
pub struct Capsule<T: Real, const N: usize> {
    a: Point<T, N>,
    b: Point<T, N>,
    radius: T,
}

impl<T: Real, const N: usize> Capsule<T, N> {
    /// The capsule of `radius > 0` around the segment from `a` to `b`.
    /// `a = b` is allowed: the capsule is then a ball.
    ///
    /// The range (docs/contract-range.md): endpoint coordinates and radius
    /// at most [`max_magnitude`](crate::real::max_magnitude), radius at
    /// least [`min_size`](crate::real::min_size), and a segment either of
    /// length zero or with some coordinate of `b − a` at least `min_size`
    /// (a shorter one has no unit direction).
    ///
    /// # Errors
    /// In this order: [`ShapeError::ZeroDimension`] for `N = 0`;
    /// [`ShapeError::NonFinite`] or [`ShapeError::TooLarge`] for an
    /// endpoint (`field = "endpoint"`, index 0 for `a`, 1 for `b`); for the
    /// radius (`field = "radius"`), [`ShapeError::NonFinite`],
    /// [`ShapeError::NonPositiveRadius`] for `radius <= 0`,
    /// [`ShapeError::TooLarge`], [`ShapeError::TooSmall`]; then
    /// [`ShapeError::TooSmall`] (`field = "endpoint"`, index 1) for a
    /// segment shorter than `min_size` but not zero
    /// (tests/errors.rs, tests/range.rs).
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{Capsule, ShapeError};
    ///
    /// let c = Capsule::new(Point3::origin(), Point3::new(0.0, 0.0, 2.0), 0.5).unwrap();
    /// assert_eq!(c.segment()[1], Point3::new(0.0, 0.0, 2.0));
    /// let nan = Capsule::new(Point3::origin(), Point3::new(f64::NAN, 0.0, 0.0), 0.5);
    /// assert_eq!(nan, Err(ShapeError::NonFinite { field: "endpoint", index: 1 }));
    /// ```
    pub fn new(a: Point<T, N>, b: Point<T, N>, radius: T) -> Result<Self, ShapeError> {
        check_dimension::<N>()?;
        check_point_in_range(&a, "endpoint", 0)?;
        check_point_in_range(&b, "endpoint", 1)?;
        check_size(radius, "radius", 0, ShapeError::NonPositiveRadius)?;
        let length = (b - a).amax();
        let small = crate::real::min_size::<T>();
        if length > T::zero() && length < small {
            return Err(ShapeError::TooSmall {
                field: "endpoint",
                index: 1,
                limit: as_f64(small),
            });
        }
        Ok(Self { a, b, radius })
    }

    /// The segment's endpoints, in the shape's local frame.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::Capsule;
    ///
    /// let c = Capsule::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0), 0.5).unwrap();
    /// assert_eq!(c.segment(), [Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0)]);
    /// ```
    #[inline]
    #[must_use]
    pub fn segment(&self) -> [Point<T, N>; 2] {
        [self.a, self.b]
    }

    /// The radius, above zero.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::Capsule;
    ///
    /// let c = Capsule::new(Point2::origin(), Point2::new(1.0, 0.0), 0.25).unwrap();
    /// assert_eq!(c.radius(), 0.25);
    /// ```
    #[inline]
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }

    /// The unit direction from `a` to `b`, `None` when they coincide.
    #[inline]
    fn direction(&self) -> Option<Unit<SVector<T, N>>> {
        Unit::try_new(self.b - self.a, T::zero())
    }
}

/// The point of the segment `[a, b]` nearest to `p`.
#[inline]
pub(crate) fn closest_on_segment<T: Real, const N: usize>(
    a: &Point<T, N>,
    b: &Point<T, N>,
    p: &Point<T, N>,
) -> Point<T, N> {
    let e = b - a;
    let len2 = e.norm_squared();
    if len2 <= T::zero() {
        return *a;
    }
    let t = ((p - a).dot(&e) / len2).clamp(T::zero(), T::one());
    a + e * t
}

impl<T: Real, const N: usize> Support<T, N> for Capsule<T, N> {
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        let end = if dir.dot(&(self.b - self.a)) > T::zero() {
            self.b
        } else {
            self.a
        };
        match Unit::try_new(*dir, T::zero()) {
            Some(u) => end + u.into_inner() * self.radius,
            None => end,
        }
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        dir.dot(&self.a.coords).max(dir.dot(&self.b.coords)) + dir.norm() * self.radius
    }
}

impl<T: Real, const N: usize> Shape<T, N> for Capsule<T, N> {
    /// In 2D the segment's two normals; none in other dimensions.
    #[inline]
    fn face_count(&self) -> usize {
        if N == 2 && self.direction().is_some() {
            2
        } else {
            0
        }
    }

    #[inline]
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        let d = self
            .direction()
            .map_or_else(SVector::zeros, Unit::into_inner);
        let mut n = SVector::zeros();
        if N == 2 {
            n[0] = d[1];
            n[1] = -d[0];
        }
        Unit::new_unchecked(if i == 0 { n } else { -n })
    }

    /// In 2D the segment, from `a` to `b` (vertices 0, 1) for face 0 and
    /// back for face 1 (a segment with `a = b` has no faces); none in
    /// other dimensions.
    #[inline]
    fn face_vertex_count(&self, i: usize) -> usize {
        if i < self.face_count() {
            2
        } else {
            0
        }
    }

    #[inline]
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        usize::from((i == 0) == (k % 2 == 1))
    }

    /// In 3D the segment's direction, with no faces.
    #[inline]
    fn edge_count(&self) -> usize {
        usize::from(N == 3 && self.direction().is_some())
    }

    #[inline]
    fn local_edge(&self, _i: usize) -> Edge<T, N> {
        Edge {
            direction: self
                .direction()
                .map_or_else(SVector::zeros, Unit::into_inner),
            faces: None,
        }
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        2
    }

    #[inline]
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        if i == 0 {
            self.a
        } else {
            self.b
        }
    }

    #[inline]
    fn radius(&self) -> T {
        self.radius
    }

    #[inline]
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        closest_on_segment(&self.a, &self.b, p)
    }

    #[inline]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        (p - closest_on_segment(&self.a, &self.b, p)).norm_squared() <= self.radius * self.radius
    }
}
