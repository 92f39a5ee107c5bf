//! Oriented boxes in any dimension.

use nalgebra::{Point, Rotation, SVector, Unit};

use super::{
    box_corner, box_corner_count, box_far_corner, check_coordinates, check_dimension,
    check_half_extents, sign_or_plus, Edge, Shape,
};
use crate::pose::is_reflection;
use crate::{Real, ShapeError, Support};

/// An oriented box: the set `{ c + R x : |xᵢ| <= hᵢ }` for a centre `c`, a
/// rotation `R` and half extents `h`, all in the shape's local frame.
///
/// Its face normals are `±` the columns of `R`, `2N` in all: faces `0..N`
/// are `+R eᵢ`, faces `N..2N` are `−R eᵢ`. The 3D edge-cross axes come
/// with the 3D box-box path.
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::{Obb, ShapeError};
///
/// let b = Obb::new(Point2::origin(), Rotation2::new(0.3), Vector2::new(2.0, 1.0)).unwrap();
/// assert_eq!(b.half_extents(), Vector2::new(2.0, 1.0));
///
/// let bad = Obb::new(Point2::origin(), Rotation2::new(0.3), Vector2::new(2.0, -1.0));
/// assert_eq!(bad, Err(ShapeError::NonPositiveExtent { axis: 1 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawObb<T, N>")
)]
pub struct Obb<T: Real, const N: usize> {
    center: Point<T, N>,
    rotation: Rotation<T, N>,
    half_extents: SVector<T, N>,
    /// Centre at the origin and rotation the identity, exactly: the box's
    /// frame is the shape's, and queries skip composing the two.
    #[cfg_attr(feature = "serde", serde(skip_serializing))]
    centred: bool,
}

/// A 2D oriented box.
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::Obb2;
///
/// let b: Obb2 = Obb2::new(Point2::origin(), Rotation2::identity(), Vector2::new(1.0, 2.0)).unwrap();
/// assert_eq!(b.half_extents().y, 2.0);
/// ```
pub type Obb2<T = f64> = Obb<T, 2>;
/// A 3D oriented box.
///
/// ```
/// use nalgebra::{Point3, Rotation3, Vector3};
/// use separating_axis::Obb3;
///
/// let b: Obb3 = Obb3::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0, 2.0, 3.0)).unwrap();
/// assert_eq!(b.half_extents().z, 3.0);
/// ```
pub type Obb3<T = f64> = Obb<T, 3>;

impl<T: Real, const N: usize> Obb<T, N> {
    /// The box about `center`, turned by `rotation`, with `half_extents`.
    ///
    /// The range (docs/contract-range.md): centre coordinates and half
    /// extents at most [`max_magnitude`](crate::real::max_magnitude), half
    /// extents at least [`min_size`](crate::real::min_size), and `rotation`
    /// orthonormal: `max |RᵀR − I| <=`
    /// [`orthonormal_tolerance`](crate::real::orthonormal_tolerance)
    /// (64 ε; every rotation nalgebra builds passes).
    ///
    /// A reflection (determinant −1) is accepted and stored as the rotation
    /// with its last column negated: a box is symmetric in each of its
    /// axes, so that is the same set of points, and [`Obb::rotation`] is
    /// then always a proper rotation, as nalgebra's `Rotation` and the box
    /// pair path assume (tests/range.rs::reflected_obb_is_the_same_box).
    ///
    /// # Errors
    /// In this order: [`ShapeError::ZeroDimension`] for `N = 0`;
    /// [`ShapeError::NonFinite`] or [`ShapeError::TooLarge`] for a centre
    /// coordinate (`field = "centre"`); [`ShapeError::NonFinite`] for a
    /// rotation entry (`field = "rotation"`, index column-major); for each
    /// half extent (`field = "half extent"`, index the axis)
    /// [`ShapeError::NonFinite`], [`ShapeError::NonPositiveExtent`],
    /// [`ShapeError::TooLarge`], [`ShapeError::TooSmall`]; then
    /// [`ShapeError::NonOrthonormalRotation`] (tests/errors.rs,
    /// tests/range.rs).
    ///
    /// ```
    /// use nalgebra::{Matrix2, Point2, Rotation2, Vector2};
    /// use separating_axis::{Obb, ShapeError};
    ///
    /// let b = Obb::new(Point2::new(1.0, 0.0), Rotation2::new(0.5), Vector2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.center(), Point2::new(1.0, 0.0));
    /// let scaled = Rotation2::from_matrix_unchecked(Matrix2::new(2.0, 0.0, 0.0, 2.0));
    /// let err = Obb::new(Point2::origin(), scaled, Vector2::new(1.0, 1.0));
    /// assert_eq!(err, Err(ShapeError::NonOrthonormalRotation));
    /// ```
    pub fn new(
        center: Point<T, N>,
        rotation: Rotation<T, N>,
        half_extents: SVector<T, N>,
    ) -> Result<Self, ShapeError> {
        check_dimension::<N>()?;
        check_coordinates(&center.coords, "centre")?;
        if let Some(index) = rotation.matrix().iter().position(|x| !x.is_finite()) {
            return Err(ShapeError::NonFinite {
                field: "rotation",
                index,
            });
        }
        check_half_extents(&half_extents)?;
        let mut rotation = rotation;
        if is_reflection(rotation.matrix())? {
            let mut m = rotation.into_inner();
            m.column_mut(N - 1).neg_mut();
            rotation = Rotation::from_matrix_unchecked(m);
        }
        let centred = center == Point::origin() && rotation == Rotation::identity();
        Ok(Self {
            center,
            rotation,
            half_extents,
            centred,
        })
    }

    /// The axis-aligned box about `center` with `half_extents`, unchecked:
    /// for shapes that are boxes already (an [`Aabb`](crate::Aabb)'s
    /// [`Shape::as_obb`]), so valid by construction.
    #[inline]
    pub(crate) fn axis_aligned(center: Point<T, N>, half_extents: SVector<T, N>) -> Self {
        Self {
            center,
            rotation: Rotation::identity(),
            half_extents,
            centred: center == Point::origin(),
        }
    }

    /// The box's frame in the world for a shape placed by `pose`: the
    /// rotation to the box's axes, and the box's centre relative to the
    /// pose's translation (`pose.rotation · centre`; the pair path adds the
    /// difference of the two translations first, so that nothing absolute
    /// is rounded). The rotation is composed with the shape's own centre
    /// and rotation only when they are not the identity (the common case
    /// of a box centred on its frame: docs/benchmarks.md).
    #[inline(always)]
    pub(crate) fn world_frame(&self, pose: &crate::Pose<T, N>) -> (Rotation<T, N>, SVector<T, N>) {
        if self.centred {
            (pose.rotation, SVector::zeros())
        } else {
            (
                pose.rotation * self.rotation,
                pose.rotation * self.center.coords,
            )
        }
    }

    /// The centre, in the shape's local frame.
    ///
    /// ```
    /// use nalgebra::{Point3, Rotation3, Vector3};
    /// use separating_axis::Obb;
    ///
    /// let b = Obb::new(Point3::new(1.0, 2.0, 3.0), Rotation3::identity(), Vector3::repeat(1.0)).unwrap();
    /// assert_eq!(b.center(), Point3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn center(&self) -> Point<T, N> {
        self.center
    }

    /// The rotation from the box's axes to the shape's local frame.
    ///
    /// ```
    /// use nalgebra::{Point2, Rotation2, Vector2};
    /// use separating_axis::Obb;
    ///
    /// let b = Obb::new(Point2::origin(), Rotation2::new(0.25_f64), Vector2::new(1.0, 1.0)).unwrap();
    /// assert!((b.rotation().angle() - 0.25).abs() < 1e-15);
    /// ```
    #[inline]
    #[must_use]
    pub fn rotation(&self) -> &Rotation<T, N> {
        &self.rotation
    }

    /// Half the size along each box axis, all above zero.
    ///
    /// ```
    /// use nalgebra::{Point2, Rotation2, Vector2};
    /// use separating_axis::Obb;
    ///
    /// let b = Obb::new(Point2::origin(), Rotation2::new(0.25), Vector2::new(3.0, 1.0)).unwrap();
    /// assert_eq!(b.half_extents(), Vector2::new(3.0, 1.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn half_extents(&self) -> SVector<T, N> {
        self.half_extents
    }

    /// Whether the box's centre is its shape's origin and its rotation the
    /// identity (its frame is the shape's).
    #[inline]
    pub(crate) fn is_centred(&self) -> bool {
        self.centred
    }

    /// `p` in the box's own axes, relative to its centre (`p` itself for
    /// a centred box: turning by the identity changes no bit but the sign
    /// of a zero).
    #[inline]
    pub(crate) fn in_box_frame(&self, p: &Point<T, N>) -> SVector<T, N> {
        if self.centred {
            p.coords
        } else {
            self.rotation.inverse_transform_vector(&(p - self.center))
        }
    }

    /// The point at offset `v` from the centre along the box's axes, in the
    /// shape's frame (the inverse of [`Self::in_box_frame`]).
    #[inline]
    pub(crate) fn out_of_box_frame(&self, v: &SVector<T, N>) -> Point<T, N> {
        if self.centred {
            Point::from(*v)
        } else {
            self.center + self.rotation * v
        }
    }

    /// A direction `d` in the box's own axes.
    #[inline]
    pub(crate) fn vector_in_box_frame(&self, d: &SVector<T, N>) -> SVector<T, N> {
        if self.centred {
            *d
        } else {
            self.rotation.inverse_transform_vector(d)
        }
    }

    /// The outward normal of face `i` (as [`Shape::local_face_normal`])
    /// turned by `rotation`: a column of `rotation` for a centred box.
    #[inline]
    pub(crate) fn turned_face_normal(
        &self,
        rotation: &nalgebra::Rotation<T, N>,
        i: usize,
    ) -> SVector<T, N> {
        let column = if self.centred {
            rotation.matrix().column(i % N).into_owned()
        } else {
            rotation * self.rotation.matrix().column(i % N)
        };
        if i < N {
            column
        } else {
            -column
        }
    }
}

impl<T: Real, const N: usize> Support<T, N> for Obb<T, N> {
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        let d = self.rotation.inverse_transform_vector(dir);
        let corner = SVector::from_fn(|i, _| sign_or_plus(d[i]) * self.half_extents[i]);
        self.center + self.rotation * corner
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        let d = self.rotation.inverse_transform_vector(dir);
        dir.dot(&self.center.coords) + d.abs().dot(&self.half_extents)
    }
}

impl<T: Real, const N: usize> Shape<T, N> for Obb<T, N> {
    #[inline]
    fn face_count(&self) -> usize {
        2 * N
    }

    #[inline]
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        let column = self.rotation.matrix().column(i % N).into_owned();
        Unit::new_unchecked(if i < N { column } else { -column })
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
            direction: self.rotation.matrix().column(i % N).into_owned(),
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
        let q = self.in_box_frame(p);
        let h = &self.half_extents;
        let clamped = SVector::from_fn(|i, _| q[i].clamp(-h[i], h[i]));
        self.center + self.rotation * clamped
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        box_corner_count::<N>()
    }

    #[inline]
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        self.center + self.rotation * box_corner(i, &self.half_extents)
    }

    #[inline]
    fn local_core_farthest_point(&self, p: &Point<T, N>) -> Option<Point<T, N>> {
        let far = box_far_corner(&self.in_box_frame(p), &self.half_extents);
        Some(self.center + self.rotation * far)
    }

    #[inline]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        let q = self.in_box_frame(p);
        (0..N).all(|i| q[i].abs() <= self.half_extents[i])
    }

    #[inline]
    fn as_obb_ref(&self) -> Option<&Obb<T, N>> {
        Some(self)
    }
}
