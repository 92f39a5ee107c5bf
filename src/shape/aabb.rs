//! Axis-aligned boxes in any dimension.

use nalgebra::{Point, SVector, Unit};

use super::{
    as_f64, box_corner, box_corner_count, box_far_corner, check_coordinates, check_dimension,
    check_half_extents, Edge, Shape,
};
use crate::{Real, ShapeError, Support};

/// The axis-aligned box `[min, max]` (in the shape's local frame; the pose
/// may still rotate it in the world).
///
/// Its face normals are `±eᵢ`, `2N` in all: faces `0..N` are `+eᵢ`, faces
/// `N..2N` are `−eᵢ`.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{Aabb, ShapeError};
///
/// let b = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 2.0)).unwrap();
/// assert_eq!(b.half_extents(), nalgebra::Vector2::new(1.0, 1.0));
/// let flat = Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 0.0));
/// assert_eq!(flat, Err(ShapeError::NonPositiveExtent { axis: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawAabb<T, N>")
)]
pub struct Aabb<T: Real, const N: usize> {
    min: Point<T, N>,
    max: Point<T, N>,
}

impl<T: Real, const N: usize> Aabb<T, N> {
    /// The box with corners `min` and `max`.
    ///
    /// The range (docs/contract-range.md): every coordinate at most
    /// [`max_magnitude`](crate::real::max_magnitude) in magnitude (so
    /// `max − min` is finite), every half extent `(max − min) / 2` at least
    /// [`min_size`](crate::real::min_size).
    ///
    /// # Errors
    /// In this order: [`ShapeError::ZeroDimension`] for `N = 0`;
    /// [`ShapeError::NonFinite`] or [`ShapeError::TooLarge`] for a
    /// coordinate (`field` `"min"` or `"max"`, index the coordinate); then
    /// along each axis in turn, [`ShapeError::NonPositiveExtent`] where
    /// `max[i] <= min[i]` and [`ShapeError::TooSmall`]
    /// (`field = "half extent"`, index the axis) where
    /// `(max[i] − min[i]) / 2 < min_size` (tests/errors.rs, tests/range.rs).
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{Aabb, ShapeError};
    ///
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 2.0, 3.0)).unwrap();
    /// assert_eq!(b.max(), Point3::new(1.0, 2.0, 3.0));
    /// let flat = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 2.0, 0.0));
    /// assert_eq!(flat, Err(ShapeError::NonPositiveExtent { axis: 2 }));
    /// ```
    pub fn new(min: Point<T, N>, max: Point<T, N>) -> Result<Self, ShapeError> {
        check_dimension::<N>()?;
        check_coordinates(&min.coords, "min")?;
        check_coordinates(&max.coords, "max")?;
        Self::from_checked_corners(min, max)
    }

    /// The box of the given half extents about `center`.
    ///
    /// The range: as [`Aabb::new`], on the centre's coordinates and the half
    /// extents (the corners `center ± half_extents` may then reach twice
    /// `max_magnitude`, within the headroom that limit leaves).
    ///
    /// # Errors
    /// In this order: [`ShapeError::ZeroDimension`] for `N = 0`;
    /// [`ShapeError::NonFinite`] or [`ShapeError::TooLarge`] for a centre
    /// coordinate (`field = "centre"`); for each half extent
    /// (`field = "half extent"`, index the axis)
    /// [`ShapeError::NonFinite`], [`ShapeError::NonPositiveExtent`],
    /// [`ShapeError::TooLarge`], [`ShapeError::TooSmall`]; then, as
    /// [`Aabb::new`], on the rounded corners (a half extent below the
    /// resolution of the centre's coordinates can round to an empty box).
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::Aabb;
    ///
    /// let b = Aabb::from_half_extents(Point2::new(1.0, 1.0), Vector2::new(2.0, 0.5)).unwrap();
    /// assert_eq!((b.min(), b.max()), (Point2::new(-1.0, 0.5), Point2::new(3.0, 1.5)));
    /// ```
    pub fn from_half_extents(
        center: Point<T, N>,
        half_extents: SVector<T, N>,
    ) -> Result<Self, ShapeError> {
        check_dimension::<N>()?;
        check_coordinates(&center.coords, "centre")?;
        check_half_extents(&half_extents)?;
        Self::from_checked_corners(center - half_extents, center + half_extents)
    }

    /// The box `[min, max]` from finite corners within twice
    /// `max_magnitude`, after checking each axis's extent.
    fn from_checked_corners(min: Point<T, N>, max: Point<T, N>) -> Result<Self, ShapeError> {
        let half: T = nalgebra::convert(0.5);
        for axis in 0..N {
            let extent = max[axis] - min[axis];
            if extent <= T::zero() {
                return Err(ShapeError::NonPositiveExtent { axis });
            }
            let small = crate::real::min_size::<T>();
            if extent * half < small {
                return Err(ShapeError::TooSmall {
                    field: "half extent",
                    index: axis,
                    limit: as_f64(small),
                });
            }
        }
        Ok(Self { min, max })
    }

    /// The lower corner.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::Aabb;
    ///
    /// let b = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 2.0)).unwrap();
    /// assert_eq!(b.min(), Point2::new(-1.0, 0.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn min(&self) -> Point<T, N> {
        self.min
    }

    /// The upper corner.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::Aabb;
    ///
    /// let b = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 2.0)).unwrap();
    /// assert_eq!(b.max(), Point2::new(1.0, 2.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn max(&self) -> Point<T, N> {
        self.max
    }

    /// The centre.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::Aabb;
    ///
    /// let b = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 2.0)).unwrap();
    /// assert_eq!(b.center(), Point2::new(0.0, 1.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn center(&self) -> Point<T, N> {
        nalgebra::center(&self.min, &self.max)
    }

    /// Half the size along each axis.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::Aabb;
    ///
    /// let b = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 3.0)).unwrap();
    /// assert_eq!(b.half_extents(), Vector2::new(1.0, 1.5));
    /// ```
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> SVector<T, N> {
        (self.max - self.min) * nalgebra::convert::<f64, T>(0.5)
    }
}

impl<T: Real, const N: usize> Support<T, N> for Aabb<T, N> {
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        Point::from(SVector::from_fn(|i, _| {
            if dir[i] < T::zero() {
                self.min[i]
            } else {
                self.max[i]
            }
        }))
    }
}

impl<T: Real, const N: usize> Shape<T, N> for Aabb<T, N> {
    #[inline]
    fn face_count(&self) -> usize {
        2 * N
    }

    #[inline]
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        let axis = i % N;
        let mut n = SVector::zeros();
        n[axis] = if i < N { T::one() } else { -T::one() };
        Unit::new_unchecked(n)
    }

    #[inline]
    fn edge_count(&self) -> usize {
        if N >= 3 {
            N
        } else {
            0
        }
    }

    #[inline]
    fn local_edge(&self, i: usize) -> Edge<T, N> {
        Edge {
            direction: self.local_face_normal(i % N).into_inner(),
            faces: None,
        }
    }

    /// In 2D the two corners of face `i`, counter-clockwise; in 3D its
    /// four corners, counter-clockwise seen from outside; none in other
    /// dimensions.
    #[inline]
    fn face_vertex_count(&self, i: usize) -> usize {
        super::box_face_vertex_count::<N>(i)
    }

    #[inline]
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        super::box_face_vertex::<N>(i, k)
    }

    #[inline]
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        Point::from(SVector::from_fn(|i, _| {
            p[i].clamp(self.min[i], self.max[i])
        }))
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        box_corner_count::<N>()
    }

    #[inline]
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        self.center() + box_corner(i, &self.half_extents())
    }

    #[inline]
    fn local_core_farthest_point(&self, p: &Point<T, N>) -> Option<Point<T, N>> {
        let c = self.center();
        Some(c + box_far_corner(&(p - c), &self.half_extents()))
    }

    #[inline]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        (0..N).all(|i| self.min[i] <= p[i] && p[i] <= self.max[i])
    }

    /// The same box as an [`Obb`](crate::Obb) with the identity rotation,
    /// so that a pair of boxes takes the box path.
    #[inline]
    fn as_obb(&self) -> Option<crate::Obb<T, N>> {
        Some(crate::Obb::axis_aligned(self.center(), self.half_extents()))
    }
}
