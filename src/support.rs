//! Support mappings: the one capability the SAT engine needs from a shape,
//! and the adapters built on it.
//!
//! The support point of a convex set `S` in direction `d` is a point of `S`
//! with the largest projection on `d`; its support value is that projection,
//! `h_S(d) = max_{x ∈ S} d · x`. Everything else follows from it:
//!
//! * the projection interval of `S` on an axis `u` is `[-h_S(-u), h_S(u)]`;
//! * a posed shape `S' = R S + t` has `h_{S'}(d) = h_S(Rᵀ d) + d · t`;
//! * the Minkowski difference `A − B = { a − b }` has
//!   `s_{A−B}(d) = s_A(d) − s_B(−d)` and `h_{A−B}(d) = h_A(d) + h_B(−d)`.
//!
//! The engine projects `A − B` on candidate axes through these formulas
//! (docs/sat-proof.md, §1).

use nalgebra::{Point, SVector};

use crate::{Pose, Real};

/// A closed interval `[min, max]` of projections on an axis.
///
/// ```
/// use separating_axis::Interval;
///
/// let i = Interval { min: -1.0, max: 2.0 };
/// assert!(i.contains(0.0) && !i.contains(3.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Interval<T> {
    /// Smallest projection.
    pub min: T,
    /// Largest projection.
    pub max: T,
}

impl<T: Real> Interval<T> {
    /// Whether `x` lies in the closed interval.
    ///
    /// ```
    /// let i = separating_axis::Interval { min: -1.0, max: 2.0 };
    /// assert!(i.contains(2.0) && !i.contains(2.5));
    /// ```
    #[inline]
    #[must_use]
    pub fn contains(&self, x: T) -> bool {
        self.min <= x && x <= self.max
    }
}

/// A convex set described by its support mapping, in its own (local) frame.
///
/// Only [`local_support_point`](Support::local_support_point) is required;
/// implementors may override the value and interval methods when they have a
/// cheaper closed form (a ball: `c · d + r |d|`).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{Ball, Support};
///
/// let ball = Ball::new(Point2::new(1.0, 0.0), 2.0).unwrap();
/// let i = ball.local_interval(&Vector2::x());
/// assert_eq!((i.min, i.max), (-1.0, 3.0));
/// ```
pub trait Support<T: Real, const N: usize> {
    /// A point of the shape with the largest projection on `dir`.
    ///
    /// `dir` need not be unit length. For `dir = 0` any point of the shape
    /// is a valid answer.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Support};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.local_support_point(&Vector2::new(1.0, 1.0)), Point2::new(2.0, 1.0));
    /// ```
    #[must_use]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N>;

    /// The support value `h(dir) = max_{x ∈ shape} dir · x`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Ball, Support};
    ///
    /// let ball = Ball::new(Point2::new(1.0, 0.0), 2.0).unwrap();
    /// assert_eq!(ball.local_support_value(&Vector2::new(2.0, 0.0)), 6.0); // 2 · (1 + 2)
    /// ```
    #[inline]
    #[must_use]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        dir.dot(&self.local_support_point(dir).coords)
    }

    /// The projection interval `[-h(-axis), h(axis)]` of the shape on `axis`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Support};
    ///
    /// let b = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(3.0, 1.0)).unwrap();
    /// let i = b.local_interval(&Vector2::x());
    /// assert_eq!((i.min, i.max), (-1.0, 3.0));
    /// ```
    #[inline]
    #[must_use]
    fn local_interval(&self, axis: &SVector<T, N>) -> Interval<T> {
        Interval {
            min: -self.local_support_value(&-axis),
            max: self.local_support_value(axis),
        }
    }
}

impl<T: Real, const N: usize, S: Support<T, N> + ?Sized> Support<T, N> for &S {
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        (**self).local_support_point(dir)
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        (**self).local_support_value(dir)
    }
}

/// A shape placed by a pose: its support mapping in the pose's parent frame.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{Ball, Pose2, Posed, Support};
///
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// let pose = Pose2::new(Vector2::new(5.0, 0.0), 0.3);
/// assert_eq!(Posed::new(&ball, &pose).local_support_value(&Vector2::x()), 6.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Posed<'a, T: Real, S: ?Sized, const N: usize> {
    /// The shape, in its local frame.
    pub shape: &'a S,
    /// Where the local frame sits in the parent frame.
    pub pose: &'a Pose<T, N>,
}

impl<'a, T: Real, S: ?Sized, const N: usize> Posed<'a, T, S, N> {
    /// Places `shape` at `pose`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Ball, Pose2, Posed, Support};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let pose = Pose2::translation(5.0, 0.0);
    /// assert_eq!(Posed::new(&ball, &pose).local_support_value(&Vector2::x()), 6.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn new(shape: &'a S, pose: &'a Pose<T, N>) -> Self {
        Self { shape, pose }
    }
}

impl<T: Real, S: Support<T, N> + ?Sized, const N: usize> Support<T, N> for Posed<'_, T, S, N> {
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        let local_dir = self.pose.rotation.inverse_transform_vector(dir);
        self.pose * self.shape.local_support_point(&local_dir)
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        let local_dir = self.pose.rotation.inverse_transform_vector(dir);
        self.shape.local_support_value(&local_dir) + dir.dot(&self.pose.translation.vector)
    }
}

/// The Minkowski difference `A − B = { a − b : a ∈ A, b ∈ B }` of two
/// support shapes expressed in one frame; itself a support shape.
///
/// `A` and `B` overlap iff the origin lies in `A − B` (docs/sat-proof.md,
/// Theorem 1).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{Ball, MinkowskiDifference, Support};
///
/// let a = Ball::new(Point2::new(0.0, 0.0), 1.0).unwrap();
/// let b = Ball::new(Point2::new(3.0, 0.0), 1.0).unwrap();
/// let md = MinkowskiDifference::new(&a, &b);
/// // A − B is the ball of radius 2 about (-3, 0): the origin is outside.
/// assert_eq!(md.local_interval(&Vector2::x()).max, -1.0);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MinkowskiDifference<A, B> {
    /// The first shape.
    pub a: A,
    /// The shape subtracted from it.
    pub b: B,
}

impl<A, B> MinkowskiDifference<A, B> {
    /// The difference `a − b`; both must be expressed in the same frame.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Ball, MinkowskiDifference, Support};
    ///
    /// let a = Ball::new(Point2::new(3.0, 0.0), 1.0).unwrap();
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// // h_{A−B}(x) = h_A(x) + h_B(−x) = 4 + 1.
    /// assert_eq!(MinkowskiDifference::new(a, b).local_support_value(&Vector2::x()), 5.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn new(a: A, b: B) -> Self {
        Self { a, b }
    }
}

impl<T: Real, const N: usize, A: Support<T, N>, B: Support<T, N>> Support<T, N>
    for MinkowskiDifference<A, B>
{
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        let pa = self.a.local_support_point(dir);
        let pb = self.b.local_support_point(&-dir);
        Point::from(pa.coords - pb.coords)
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        self.a.local_support_value(dir) + self.b.local_support_value(&-dir)
    }
}
