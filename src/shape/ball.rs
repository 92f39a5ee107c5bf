//! Balls: circles in 2D, spheres in 3D, in any dimension.

use nalgebra::{Point, SVector, Unit};

use super::{check_coordinates, check_dimension, check_size, first_axis, Shape};
use crate::{Real, ShapeError, Support};

/// The closed ball of points within `radius` of `center`.
///
/// Its support value in direction `d` is `c · d + r |d|`. It has no faces;
/// against another shape the engine tests the axis from its centre to the
/// other shape's nearest core point.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{Ball, ShapeError};
///
/// let circle = Ball::new(Point2::new(0.0, 0.0), 1.5).unwrap();
/// assert_eq!(circle.radius(), 1.5);
/// assert_eq!(Ball::new(Point2::new(0.0, 0.0), 0.0), Err(ShapeError::NonPositiveRadius));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawBall<T, N>")
)]
pub struct Ball<T: Real, const N: usize> {
    center: Point<T, N>,
    radius: T,
    /// Whether every coordinate of `center` is zero (the common case):
    /// then the world queries skip turning the centre by the pose
    /// ([`Ball::world_offset`]). Derived from `center`, not serialised.
    #[cfg_attr(feature = "serde", serde(skip_serializing))]
    centred: bool,
}

/// A circle.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::Circle;
///
/// let c: Circle = Circle::new(Point2::new(1.0, 1.0), 0.5).unwrap();
/// assert_eq!(c.radius(), 0.5);
/// ```
pub type Circle<T = f64> = Ball<T, 2>;
/// A sphere.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::Sphere;
///
/// let s: Sphere = Sphere::new(Point3::origin(), 2.0).unwrap();
/// assert_eq!(s.center(), Point3::origin());
/// ```
pub type Sphere<T = f64> = Ball<T, 3>;

impl<T: Real, const N: usize> Ball<T, N> {
    /// A ball of `radius > 0` about `center`.
    ///
    /// The range (docs/contract-range.md): centre coordinates and radius at
    /// most [`max_magnitude`](crate::real::max_magnitude), radius at least
    /// [`min_size`](crate::real::min_size).
    ///
    /// # Errors
    /// In this order: [`ShapeError::ZeroDimension`] for `N = 0`;
    /// [`ShapeError::NonFinite`] (`field = "centre"`, index the coordinate)
    /// or [`ShapeError::TooLarge`] for a centre coordinate; for the radius
    /// (`field = "radius"`), [`ShapeError::NonFinite`],
    /// [`ShapeError::NonPositiveRadius`] for `radius <= 0`,
    /// [`ShapeError::TooLarge`], [`ShapeError::TooSmall`]
    /// (tests/errors.rs, tests/range.rs).
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{Ball, ShapeError};
    ///
    /// let s = Ball::new(Point3::new(1.0, 2.0, 3.0), 0.5).unwrap();
    /// assert_eq!(s.radius(), 0.5);
    /// assert_eq!(Ball::new(Point3::origin(), f64::NAN), Err(ShapeError::NonFinite { field: "radius", index: 0 }));
    /// ```
    pub fn new(center: Point<T, N>, radius: T) -> Result<Self, ShapeError> {
        check_dimension::<N>()?;
        check_coordinates(&center.coords, "centre")?;
        check_size(radius, "radius", 0, ShapeError::NonPositiveRadius)?;
        let centred = center.coords.iter().all(|&x| x == T::zero());
        Ok(Self {
            center,
            radius,
            centred,
        })
    }

    /// The centre, in the shape's local frame.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::Ball;
    ///
    /// assert_eq!(Ball::new(Point2::new(1.0, 2.0), 1.0).unwrap().center(), Point2::new(1.0, 2.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn center(&self) -> Point<T, N> {
        self.center
    }

    /// The radius, above zero.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::Ball;
    ///
    /// assert_eq!(Ball::new(Point2::origin(), 1.5).unwrap().radius(), 1.5);
    /// ```
    #[inline]
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }

    /// The world point `p` less the centre of the ball placed at `pose`,
    /// in the world frame: `(p − t) − R·c`. A ball turns into itself, so
    /// [`contains_point`](crate::contains_point), [`project_point`]'s
    /// `inside` and the ray casts (`src/ray/ball.rs`) decide "inside" on
    /// this one expression, without turning the point into the ball's frame
    /// (`p − t` first: exact for a point near a ball far from the origin).
    /// A ball centred on its frame's origin skips `R·c`, a zero: the same
    /// value up to the sign of a zero coordinate.
    ///
    /// [`project_point`]: crate::project_point
    #[inline(always)]
    pub(crate) fn world_offset(&self, pose: &crate::Pose<T, N>, p: &Point<T, N>) -> SVector<T, N> {
        (p.coords - pose.translation.vector) - self.world_offset_of_centre(pose)
    }

    /// The centre turned by the pose, `R·c` (zero for a ball centred on its
    /// frame's origin, without the product).
    #[inline(always)]
    pub(crate) fn world_offset_of_centre(&self, pose: &crate::Pose<T, N>) -> SVector<T, N> {
        if self.centred {
            SVector::zeros()
        } else {
            pose.rotation * self.center.coords
        }
    }

    /// Whether every coordinate of the centre is zero.
    #[inline(always)]
    pub(crate) fn is_centred(&self) -> bool {
        self.centred
    }

    /// Whether the world point `p` lies in the ball placed at `pose`: the
    /// squared length of [`world_offset`](Self::world_offset) against
    /// `r²` (the boundary counts; NaN gives `false`). A centred ball's
    /// offset never meets its rotation, so a rotation holding an infinity
    /// or a NaN is refused here, and only for a point found inside (no cost
    /// on the way out; docs/contract.md, "Non-finite input").
    #[inline(always)]
    pub(crate) fn contains_world_point(&self, pose: &crate::Pose<T, N>, p: &Point<T, N>) -> bool {
        self.world_offset(pose, p).norm_squared() <= self.radius * self.radius
            && (!self.centred || crate::real::all_finite(pose.rotation.matrix().iter()))
    }
}

impl<T: Real, const N: usize> Support<T, N> for Ball<T, N> {
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        match Unit::try_new(*dir, T::zero()) {
            Some(u) => self.center + u.into_inner() * self.radius,
            None => self.center,
        }
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        dir.dot(&self.center.coords) + dir.norm() * self.radius
    }
}

impl<T: Real, const N: usize> Shape<T, N> for Ball<T, N> {
    #[inline]
    fn face_count(&self) -> usize {
        0
    }

    #[inline]
    fn local_face_normal(&self, _i: usize) -> Unit<SVector<T, N>> {
        Unit::new_unchecked(first_axis())
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        1
    }

    #[inline]
    fn local_core_vertex(&self, _i: usize) -> Point<T, N> {
        self.center
    }

    #[inline]
    fn radius(&self) -> T {
        self.radius
    }

    #[inline]
    fn local_core_closest_point(&self, _p: &Point<T, N>) -> Point<T, N> {
        self.center
    }

    #[inline]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        (p - self.center).norm_squared() <= self.radius * self.radius
    }

    #[inline]
    fn as_ball(&self) -> Option<&Ball<T, N>> {
        Some(self)
    }
}
