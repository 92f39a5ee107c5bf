//! The `serde` feature: what a shape, a result or an error looks like when
//! serialised, and the checks on the way back in.
//!
//! Everything serialises field for field. A shape serialises its defining
//! data only (a ball its centre and radius, a polygon its vertices, a
//! polyhedron its vertices) and deserialises through its public
//! constructor, so a tampered or hand-written file gives the constructor's
//! error rather than a shape that breaks the queries' assumptions:
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
//!
//! A result deserialises the same way, through a raw form and a
//! `TryFrom` that checks the invariants the queries promise, refusing with
//! a [`ResultError`](crate::ResultError) (one variant per cause):
//!
//! | result | refused when |
//! |---|---|
//! | [`Manifold`](crate::Manifold) | more than [`MAX_CONTACT_POINTS`](crate::MAX_CONTACT_POINTS) points; the normal not unit (except the zero normal of an empty [`Manifold::new`](crate::Manifold::new)); a point's `on_b` off `on_a + normal · separation`; a reference face index of `usize::MAX`; each point as below |
//! | its [`ContactPoint`](crate::ContactPoint)s | a non-finite coordinate or separation; a feature index of `usize::MAX`; an [`Edge(i, j)`](crate::ContactFeature::Edge) with `i >= j` |
//! | [`Separation`](crate::Separation) | a non-finite distance; the axis not unit; the feature as below |
//! | [`Penetration`](crate::Penetration) | the normal not unit; a negative or non-finite depth; the feature as below |
//! | [`SatCache`](crate::SatCache) | the recorded axis not unit; the feature as below |
//! | its [`Feature`](crate::Feature) (in each of the above) | a face or edge index of `usize::MAX`; an [`EdgePair`](crate::Feature::EdgePair) in fewer than 3 dimensions |
//! | [`ClosestPoints`](crate::ClosestPoints) | a non-finite point or gap; the axis not unit; a negative or non-finite distance |
//! | [`ShapeCastHit`](crate::ShapeCastHit) | a negative or non-finite time of impact; the normal not unit; a non-finite point; the feature as above |
//! | [`RayHit`](crate::RayHit) | a negative or non-finite time of impact; a non-finite point; a normal given and not unit; a face index of `usize::MAX` |
//! | [`PointProjection`](crate::PointProjection) | a non-finite point or distance |
//! | [`BoundingSphere`](crate::BoundingSphere) | a non-finite centre; a negative or non-finite radius |
//!
//! The tolerances: a unit vector is one whose length is within
//! [`unit_tolerance`](crate::real::unit_tolerance) (256 ε) of 1; a contact point's `on_b` may be off
//! `on_a + normal · separation` by [`contact_point_tolerance`](crate::real::contact_point_tolerance) (64 ε)
//! times the largest coordinate of its four points and its separation.
//! Every result the library computes from finite input passes, with a
//! wide margin (within 3.5 ε and 2.5 ε on seeded random scenes, every
//! query, 2D and 3D, `f32` and `f64`), and comes back bit for bit
//! (tests/serde_round_trip.rs::library_results_round_trip_and_load_2d,
//! `_3d`). A result of NaN input does not load (and a JSON text cannot
//! carry NaN anyway).
//!
//! What is refused, each with its test in tests/serde_round_trip.rs:
//! normals `[3, 4]` and `[0, 0]` (`non_unit_normals_are_refused`), a depth
//! of −1 (`negative_depth_is_refused`), a point moved off its relation
//! (`inconsistent_points_are_refused`), feature indices no shape has
//! (`impossible_feature_indices_are_refused`), infinite values
//! (`f32_non_finite_results_are_refused`), the other results' broken
//! invariants (`other_results_are_refused`), five points
//! (`tampered_shapes_are_refused`).
//!
//! What cannot be refused: a result does not know its shapes, so a face
//! index beyond a particular shape's count (999 for a box) loads, as
//! does a speculative point beyond a margin it does not record. Where a
//! result is fed back to a query, in a [`SatCache`](crate::SatCache), an
//! index beyond the shapes' is a cache miss: the cached queries give the
//! answer of a fresh cache, bit for bit, and never panic
//! (`out_of_range_cache_indices_are_cache_misses`). The inputs [`Ray`](crate::Ray),
//! [`Motion2`](crate::Motion2), [`Motion3`](crate::Motion3), [`Interval`](crate::Interval)
//! and [`Edge`](crate::Edge), and [`Containment`](crate::Containment), load field for field
//! unchecked; so do a [`ContactPoint`](crate::ContactPoint), [`ContactId`](crate::ContactId) or
//! [`Feature`](crate::Feature) read on its own, outside the result whose normal and
//! dimension its checks need.
//!
//! A [`Pose`](crate::Pose) is nalgebra's `Isometry`, whose own `Deserialize` checks
//! nothing; a field declared `#[serde(with = "separating_axis::checked_pose")]`
//! goes through [`check_pose`](crate::check_pose) instead
//! ([`checked_pose`]).
//!
//! Round trips and refusals: tests/serde_round_trip.rs.

use alloc::string::String;
use alloc::vec::Vec;

use nalgebra::{Point, Point2, Point3, Rotation, SVector};
use serde::{Deserialize, Deserializer, Serialize};

use crate::{
    Aabb, Ball, BroadPhaseError, Capsule, ConvexPolygon, ConvexPolyhedron, HullError, Obb, Real,
    ShapeError,
};

mod results;
pub(crate) use results::{
    RawBoundingSphere, RawClosestPoints, RawLast, RawManifold, RawPenetration, RawPointProjection,
    RawRayHit, RawSeparation, RawShapeCastHit,
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
