//! The `serde` feature: what a shape, a result or an error looks like when
//! serialised, and the checks on the way back in.
//!
//! Results and errors derive `Serialize` and `Deserialize` field for field.
//! A shape serialises its defining data only (a ball its centre and
//! radius, a polygon its vertices, a polyhedron its vertices) and
//! deserialises through its public constructor, so a tampered or
//! hand-written file gives the constructor's error rather than a shape
//! that breaks the queries' assumptions:
//!
//! ```text
//! deserialize::<Ball<T, N>>(data):
//!     raw = RawBall { center, radius }    (derived, field for field)
//!     Ball::new(raw.center, raw.radius)   (ShapeError as the format's error)
//! ```
//!
//! | type | serialised as | rebuilt by |
//! |---|---|---|
//! | [`Ball`] | `{ center, radius }` | [`Ball::new`] |
//! | [`Capsule`] | `{ a, b, radius }` | [`Capsule::new`] |
//! | [`Aabb`] | `{ min, max }` | [`Aabb::new`] |
//! | [`Obb`] | `{ center, rotation, half_extents }` | [`Obb::new`] |
//! | [`ConvexPolygon`] | `{ vertices }` (counter-clockwise) | [`ConvexPolygon::new`] |
//! | [`ConvexPolyhedron`] | `{ vertices }` | [`ConvexPolyhedron::from_hull`] |
//! | [`Manifold`](crate::Manifold) | `{ normal, points, reference }` (the points in use) | at most [`MAX_CONTACT_POINTS`](crate::MAX_CONTACT_POINTS) points |
//!
//! A [`Pose`](crate::Pose) is nalgebra's `Isometry`, whose own `Deserialize` checks
//! nothing; a field declared `#[serde(with = "separating_axis::checked_pose")]`
//! goes through [`check_pose`](crate::check_pose) instead
//! ([`checked_pose`]).
//!
//! Round trips and refusals: tests/serde_round_trip.rs.

use alloc::string::String;
use alloc::vec::Vec;

use nalgebra::{Point, Point2, Point3, Rotation, SVector, Unit};
use serde::{Deserialize, Deserializer, Serialize};

use crate::{
    Aabb, Ball, BroadPhaseError, Capsule, ContactPoint, ConvexPolygon, ConvexPolyhedron, HullError,
    Manifold, Obb, Real, ShapeError, Side, MAX_CONTACT_POINTS,
};

/// A ball's data, before [`Ball::new`] checks it.
#[derive(Deserialize)]
pub(crate) struct RawBall<T: Real, const N: usize> {
    center: Point<T, N>,
    radius: T,
}

impl<T: Real, const N: usize> TryFrom<RawBall<T, N>> for Ball<T, N> {
    type Error = ShapeError;
    fn try_from(raw: RawBall<T, N>) -> Result<Self, ShapeError> {
        Ball::new(raw.center, raw.radius)
    }
}

/// A capsule's data, before [`Capsule::new`] checks it.
#[derive(Deserialize)]
pub(crate) struct RawCapsule<T: Real, const N: usize> {
    a: Point<T, N>,
    b: Point<T, N>,
    radius: T,
}

impl<T: Real, const N: usize> TryFrom<RawCapsule<T, N>> for Capsule<T, N> {
    type Error = ShapeError;
    fn try_from(raw: RawCapsule<T, N>) -> Result<Self, ShapeError> {
        Capsule::new(raw.a, raw.b, raw.radius)
    }
}

/// A box's corners, before [`Aabb::new`] checks them.
#[derive(Deserialize)]
pub(crate) struct RawAabb<T: Real, const N: usize> {
    min: Point<T, N>,
    max: Point<T, N>,
}

impl<T: Real, const N: usize> TryFrom<RawAabb<T, N>> for Aabb<T, N> {
    type Error = ShapeError;
    fn try_from(raw: RawAabb<T, N>) -> Result<Self, ShapeError> {
        Aabb::new(raw.min, raw.max)
    }
}

/// An oriented box's data, before [`Obb::new`] checks it.
#[derive(Deserialize)]
pub(crate) struct RawObb<T: Real, const N: usize> {
    center: Point<T, N>,
    rotation: Rotation<T, N>,
    half_extents: SVector<T, N>,
}

impl<T: Real, const N: usize> TryFrom<RawObb<T, N>> for Obb<T, N> {
    type Error = ShapeError;
    fn try_from(raw: RawObb<T, N>) -> Result<Self, ShapeError> {
        Obb::new(raw.center, raw.rotation, raw.half_extents)
    }
}

/// A polygon's vertices, counter-clockwise.
#[derive(Serialize, Deserialize)]
pub(crate) struct RawPolygon<T: Real> {
    vertices: Vec<Point2<T>>,
}

impl<T: Real> From<ConvexPolygon<T>> for RawPolygon<T> {
    fn from(polygon: ConvexPolygon<T>) -> Self {
        Self {
            vertices: polygon.vertices().to_vec(),
        }
    }
}

impl<T: Real> TryFrom<RawPolygon<T>> for ConvexPolygon<T> {
    type Error = ShapeError;
    fn try_from(raw: RawPolygon<T>) -> Result<Self, ShapeError> {
        ConvexPolygon::new(&raw.vertices)
    }
}

/// A polyhedron's vertices.
#[derive(Serialize, Deserialize)]
pub(crate) struct RawPolyhedron<T: Real> {
    vertices: Vec<Point3<T>>,
}

impl<T: Real> From<ConvexPolyhedron<T>> for RawPolyhedron<T> {
    fn from(polyhedron: ConvexPolyhedron<T>) -> Self {
        Self {
            vertices: polyhedron.vertices().to_vec(),
        }
    }
}

impl<T: Real> TryFrom<RawPolyhedron<T>> for ConvexPolyhedron<T> {
    type Error = HullError;
    fn try_from(raw: RawPolyhedron<T>) -> Result<Self, HullError> {
        ConvexPolyhedron::from_hull(&raw.vertices)
    }
}

/// A manifold's normal, the points in use and the reference face.
#[derive(Serialize, Deserialize)]
pub(crate) struct RawManifold<T: Real, const N: usize> {
    normal: Unit<SVector<T, N>>,
    points: Vec<ContactPoint<T, N>>,
    reference: Option<(Side, usize)>,
}

impl<T: Real, const N: usize> From<Manifold<T, N>> for RawManifold<T, N> {
    fn from(m: Manifold<T, N>) -> Self {
        Self {
            normal: m.normal(),
            points: m.points().to_vec(),
            reference: m.reference(),
        }
    }
}

/// Why a serialised [`Manifold`] was refused: more points than it holds.
#[derive(Debug)]
pub(crate) struct TooManyContactPoints(usize);

impl core::fmt::Display for TooManyContactPoints {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "{} contact points given, a manifold holds at most {MAX_CONTACT_POINTS}",
            self.0
        )
    }
}

impl<T: Real, const N: usize> TryFrom<RawManifold<T, N>> for Manifold<T, N> {
    type Error = TooManyContactPoints;
    fn try_from(raw: RawManifold<T, N>) -> Result<Self, TooManyContactPoints> {
        if raw.points.len() > MAX_CONTACT_POINTS {
            return Err(TooManyContactPoints(raw.points.len()));
        }
        let mut m = Manifold::empty(raw.normal);
        for p in raw.points {
            m.push(p);
        }
        m.reference = raw.reference;
        Ok(m)
    }
}

/// The names a [`ShapeError`] or [`BroadPhaseError`] gives an input
/// (`field`, `bound`): a deserialised error takes the crate's own
/// `&'static str` for its name, and any other name is refused.
const FIELD_NAMES: [&str; 9] = [
    "point",
    "endpoint",
    "centre",
    "radius",
    "half extent",
    "rotation",
    "translation",
    "min",
    "max",
];

/// An input's name in a deserialised error: one of [`FIELD_NAMES`].
/// (A field typed `&'static str` would make serde's derive borrow from
/// `'static` input only.)
pub(crate) struct Name(&'static str);

impl<'de> Deserialize<'de> for Name {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        FIELD_NAMES
            .iter()
            .find(|&&known| known == name)
            .map(|&known| Name(known))
            .ok_or_else(|| {
                serde::de::Error::invalid_value(
                    serde::de::Unexpected::Str(&name),
                    &"an input name of the crate (\"point\", \"radius\", \"min\", ...)",
                )
            })
    }
}

/// [`ShapeError`] as it deserialises, variant for variant.
#[derive(Deserialize)]
pub(crate) enum RawShapeError {
    TooFewPoints {
        found: usize,
        required: usize,
    },
    NonFinite {
        field: Name,
        index: usize,
    },
    NotConvex {
        index: usize,
    },
    Degenerate,
    NonPositiveExtent {
        axis: usize,
    },
    NonPositiveRadius,
    NonOrthonormalRotation,
    Reflection,
    TooLarge {
        field: Name,
        index: usize,
        limit: f64,
    },
    TooSmall {
        field: Name,
        index: usize,
        limit: f64,
    },
    ZeroDimension,
    DuplicateVertex {
        first: usize,
        second: usize,
    },
    SelfIntersection {
        edge_a: usize,
        edge_b: usize,
    },
    Sliver {
        index: usize,
    },
}

impl From<RawShapeError> for ShapeError {
    fn from(raw: RawShapeError) -> Self {
        use RawShapeError as R;
        match raw {
            R::TooFewPoints { found, required } => Self::TooFewPoints { found, required },
            R::NonFinite { field, index } => Self::NonFinite {
                field: field.0,
                index,
            },
            R::NotConvex { index } => Self::NotConvex { index },
            R::Degenerate => Self::Degenerate,
            R::NonPositiveExtent { axis } => Self::NonPositiveExtent { axis },
            R::NonPositiveRadius => Self::NonPositiveRadius,
            R::NonOrthonormalRotation => Self::NonOrthonormalRotation,
            R::Reflection => Self::Reflection,
            R::TooLarge {
                field,
                index,
                limit,
            } => Self::TooLarge {
                field: field.0,
                index,
                limit,
            },
            R::TooSmall {
                field,
                index,
                limit,
            } => Self::TooSmall {
                field: field.0,
                index,
                limit,
            },
            R::ZeroDimension => Self::ZeroDimension,
            R::DuplicateVertex { first, second } => Self::DuplicateVertex { first, second },
            R::SelfIntersection { edge_a, edge_b } => Self::SelfIntersection { edge_a, edge_b },
            R::Sliver { index } => Self::Sliver { index },
        }
    }
}

/// Field for field as serialised; an input name is refused unless it is
/// one of the crate's (`"point"`, `"radius"`, `"min"`, ...).
impl<'de> Deserialize<'de> for ShapeError {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        RawShapeError::deserialize(d).map(Self::from)
    }
}

/// [`BroadPhaseError`] as it deserialises, variant for variant.
#[derive(Deserialize)]
pub(crate) enum RawBroadPhaseError {
    NonFinite { bound: Name, axis: usize },
    Inverted { axis: usize },
    UnknownHandle,
}

impl From<RawBroadPhaseError> for BroadPhaseError {
    fn from(raw: RawBroadPhaseError) -> Self {
        match raw {
            RawBroadPhaseError::NonFinite { bound, axis } => Self::NonFinite {
                bound: bound.0,
                axis,
            },
            RawBroadPhaseError::Inverted { axis } => Self::Inverted { axis },
            RawBroadPhaseError::UnknownHandle => Self::UnknownHandle,
        }
    }
}

/// Field for field as serialised; a bound's name is refused unless it is
/// one of the crate's (`"point"`, `"radius"`, `"min"`, ...).
impl<'de> Deserialize<'de> for BroadPhaseError {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        RawBroadPhaseError::deserialize(d).map(Self::from)
    }
}

/// `#[serde(with = "separating_axis::checked_pose")]` for a [`Pose`](crate::Pose)
/// field: serialised as nalgebra serialises it, deserialised through
/// [`check_pose`](crate::check_pose), so that a scaled, sheared, mirrored,
/// non-finite or out-of-range pose is refused with its
/// [`ShapeError`].
///
/// ```
/// use separating_axis::{Ball, Pose3};
///
/// #[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
/// struct Body {
///     #[serde(with = "separating_axis::checked_pose")]
///     pose: Pose3,
///     shape: Ball<f64, 3>,
/// }
///
/// let body = Body {
///     pose: Pose3::translation(1.0, 2.0, 3.0),
///     shape: Ball::new(nalgebra::Point3::origin(), 0.5).unwrap(),
/// };
/// let text = serde_json::to_string(&body).unwrap();
/// assert_eq!(serde_json::from_str::<Body>(&text).unwrap(), body);
/// // A rotation scaled by 2 is no rigid motion.
/// let scaled = text.replacen("[1.0,0.0,0.0", "[2.0,0.0,0.0", 1);
/// let err = serde_json::from_str::<Body>(&scaled).unwrap_err();
/// assert!(err.to_string().contains("not orthonormal"), "{err}");
/// ```
pub mod checked_pose {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::{check_pose, Pose, Real};

    /// Serialises the pose as nalgebra does.
    ///
    /// # Errors
    /// The serializer's.
    ///
    /// ```
    /// let text = serde_json::to_string(&separating_axis::Pose2::translation(1.0, 2.0)).unwrap();
    /// assert!(text.contains("[1.0,2.0]"));
    /// ```
    pub fn serialize<T, const N: usize, S>(pose: &Pose<T, N>, s: S) -> Result<S::Ok, S::Error>
    where
        T: Real + Serialize,
        S: Serializer,
    {
        pose.serialize(s)
    }

    /// Deserialises a pose as nalgebra does, then refuses it unless
    /// [`check_pose`] accepts it.
    ///
    /// # Errors
    /// The format's, or the [`ShapeError`](crate::ShapeError) of
    /// [`check_pose`] as a custom error.
    ///
    /// ```
    /// use separating_axis::{checked_pose, Pose2};
    ///
    /// let text = serde_json::to_string(&Pose2::new(nalgebra::Vector2::new(1.0, 2.0), 0.5)).unwrap();
    /// let mut de = serde_json::Deserializer::from_str(&text);
    /// let pose: Pose2 = checked_pose::deserialize(&mut de).unwrap();
    /// assert_eq!(pose.translation.vector, nalgebra::Vector2::new(1.0, 2.0));
    /// ```
    pub fn deserialize<'de, T, const N: usize, D>(d: D) -> Result<Pose<T, N>, D::Error>
    where
        T: Real + Deserialize<'de>,
        D: Deserializer<'de>,
    {
        let pose = Pose::<T, N>::deserialize(d)?;
        check_pose(&pose).map_err(serde::de::Error::custom)?;
        Ok(pose)
    }
}
