//! The named results of the queries.

use nalgebra::{Rotation, SVector, Unit};

use crate::Real;

/// Which candidate axis produced a [`Separation`] or [`Penetration`].
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{separation, Aabb, Ball, Feature, Pose2};
///
/// let square = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
/// let ball = Ball::new(Point2::origin(), 0.5).unwrap();
/// // Beside the square's right side: its face 0 (+x) gives the axis.
/// let s = separation(&square, &Pose2::identity(), &ball, &Pose2::translation(2.0, 0.0));
/// assert_eq!(s.feature, Feature::FaceA(0));
/// // Off its corner: the axis from the corner to the ball's centre.
/// let s = separation(&square, &Pose2::identity(), &ball, &Pose2::translation(2.0, 2.0));
/// assert_eq!(s.feature, Feature::RoundB);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Feature {
    /// Face `i` of shape A: the axis is its outward normal.
    FaceA(usize),
    /// Face `i` of shape B: the axis is the opposite of its outward normal.
    FaceB(usize),
    /// The cross product of edge `i` of A and edge `j` of B in 3D; for
    /// `N > 3`, a normal of `N − 1` edge directions, `i` the first of A's
    /// and `j` the first of B's (`src/nd.rs`).
    EdgePair(usize, usize),
    /// An axis between the cores of A (rounded: a ball, a capsule) and B:
    /// from a vertex of A's core to B's nearest core point, or from A's core
    /// to B's core vertex nearest to it.
    RoundA,
    /// The same with B rounded: between B's core and A's nearest core point.
    RoundB,
    /// No candidate axis was defined (two concentric balls, where every
    /// direction is equally good); the first coordinate axis was used.
    Fallback,
}

/// The signed distance between two shapes along the best candidate axis.
///
/// `distance > 0`: the shapes are separated, and `distance` is a lower bound
/// of their true distance (exact when the nearest features are a face and a
/// point, or two balls). `distance <= 0`: they overlap (or touch, at `0`),
/// and `-distance` is the exact penetration depth.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{separation, Ball, Pose2};
///
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// let apart = separation(&ball, &Pose2::identity(), &ball, &Pose2::translation(3.0, 0.0));
/// assert_eq!((apart.distance, apart.axis.into_inner()), (1.0, Vector2::x()));
/// let overlapping = separation(&ball, &Pose2::identity(), &ball, &Pose2::translation(1.5, 0.0));
/// assert_eq!(overlapping.distance, -0.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawSeparation<T, N>")
)]
pub struct Separation<T: Real, const N: usize> {
    /// Signed distance along `axis`: positive separated, negative
    /// penetrating, zero touching. NaN when an input was NaN.
    pub distance: T,
    /// Unit axis in the world frame, pointing from A towards B.
    pub axis: Unit<SVector<T, N>>,
    /// Where the axis came from.
    pub feature: Feature,
}

/// The minimum translation that separates two overlapping shapes.
///
/// Moving B by `normal * depth` (or A by `-normal * depth`) leaves the shapes
/// touching; no shorter translation in any direction separates them.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{penetration, Aabb, Pose2};
///
/// let square = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 2.0)).unwrap();
/// let p = penetration(&square, &Pose2::identity(), &square, &Pose2::translation(1.5, 0.25)).unwrap();
/// assert_eq!((p.normal.into_inner(), p.depth), (Vector2::x(), 0.5));
/// // Touching counts, with depth +0; apart gives None.
/// assert_eq!(penetration(&square, &Pose2::identity(), &square, &Pose2::translation(2.0, 0.0)).unwrap().depth, 0.0);
/// assert!(penetration(&square, &Pose2::identity(), &square, &Pose2::translation(2.5, 0.0)).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawPenetration<T, N>")
)]
pub struct Penetration<T: Real, const N: usize> {
    /// Unit normal in the world frame, pointing from A towards B.
    pub normal: Unit<SVector<T, N>>,
    /// Penetration depth, `>= 0` (`0` when the shapes only touch).
    pub depth: T,
    /// The axis the depth was measured on.
    pub feature: Feature,
}

impl<T: Real, const N: usize> Penetration<T, N> {
    /// The minimum translation vector `normal * depth`, to be applied to B.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{intersects, penetration, Ball, Pose2};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let at = Pose2::translation(1.5, 0.0);
    /// let p = penetration(&ball, &Pose2::identity(), &ball, &at).unwrap();
    /// assert_eq!(p.mtv(), Vector2::new(0.5, 0.0));
    /// // Moving B by the MTV leaves the balls touching.
    /// let moved = Pose2::translation(1.5 + p.mtv().x, 0.0);
    /// assert!(intersects(&ball, &Pose2::identity(), &ball, &moved));
    /// ```
    #[inline]
    #[must_use]
    pub fn mtv(&self) -> SVector<T, N> {
        self.normal.into_inner() * self.depth
    }
}

impl<T: Real, const N: usize> Separation<T, N> {
    /// The same separation with its axis turned by `rotation`: the last
    /// step of every path, from the frame it computed in (A's local frame,
    /// or A's box frame) to the world. Distance and feature are unchanged.
    #[inline]
    pub(crate) fn to_world(self, rotation: &Rotation<T, N>) -> Self {
        Self {
            axis: rotation * self.axis,
            ..self
        }
    }

    /// The penetration, when the shapes overlap or touch (`distance <= 0`).
    /// `None` when they are separated or the distance is NaN.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{separation, Ball, Pose2};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let s = separation(&ball, &Pose2::identity(), &ball, &Pose2::translation(1.75, 0.0));
    /// assert_eq!(s.penetration().unwrap().depth, 0.25);
    /// let s = separation(&ball, &Pose2::identity(), &ball, &Pose2::translation(3.0, 0.0));
    /// assert!(s.penetration().is_none());
    /// ```
    #[inline]
    #[must_use]
    pub fn penetration(&self) -> Option<Penetration<T, N>> {
        // `0 − d`, not `−d`: touching gives a depth of +0, never −0.
        (self.distance <= T::zero()).then(|| Penetration {
            normal: self.axis,
            depth: T::zero() - self.distance,
            feature: self.feature,
        })
    }
}

/// Whether either shape lies inside the other (boundaries may touch).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{containment, Ball, Pose2};
///
/// let big = Ball::new(Point2::origin(), 2.0).unwrap();
/// let small = Ball::new(Point2::origin(), 0.5).unwrap();
/// let c = containment(&big, &Pose2::identity(), &small, &Pose2::translation(1.0, 0.0));
/// assert!(c.b_in_a && !c.a_in_b);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Containment {
    /// A lies entirely in B.
    pub a_in_b: bool,
    /// B lies entirely in A.
    pub b_in_a: bool,
}

/// The most contact points a [`Manifold`](crate::Manifold) holds: 2 in 2D, up to 4 in 3D
/// (where the clipped face is reduced to four).
///
/// ```
/// use nalgebra::{Point3, Rotation3, Vector3};
/// use separating_axis::{contact_manifold, Obb, Pose3, MAX_CONTACT_POINTS};
///
/// // A box turned 30° on a box: 8 clipped points, reduced to the maximum.
/// let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0)).unwrap();
/// let on_top = Pose3::from_parts(Vector3::new(0.0, 0.0, 1.9).into(), Rotation3::from_euler_angles(0.0, 0.0, 0.5));
/// assert_eq!(contact_manifold(&b, &Pose3::identity(), &b, &on_top, 0.0).len(), MAX_CONTACT_POINTS);
/// ```
pub const MAX_CONTACT_POINTS: usize = 4;
