//! Exact collision detection with the Separating Axis Theorem.
//!
//! Two convex shapes overlap iff the origin lies in their Minkowski
//! difference `A − B`. One generic engine ([`engine`]) projects `A − B` on
//! the candidate axes the shapes supply (face normals, and for balls the
//! axis toward the other shape's nearest point) through support points, so
//! the same code serves 2D, 3D and any custom shape that implements
//! [`Support`] and [`Shape`]. Everything is generic over the scalar (`f32`,
//! `f64`) and the dimension (`const N: usize`).
//!
//! ```
//! use nalgebra::{Point2, Vector2};
//! use separating_axis::{intersects, penetration, Ball, ConvexPolygon, Pose2};
//!
//! let tri = ConvexPolygon::new(&[
//!     Point2::new(0.0, 0.0), Point2::new(4.0, 0.0), Point2::new(0.0, 4.0),
//! ]).unwrap();
//! let circle = Ball::new(Point2::origin(), 1.0).unwrap();
//! let at = Pose2::translation(2.0, -0.5);
//! assert!(intersects(&tri, &Pose2::identity(), &circle, &at));
//! let p = penetration(&tri, &Pose2::identity(), &circle, &at).unwrap();
//! assert_eq!(p.normal.into_inner(), -Vector2::y()); // out through the bottom edge
//! assert_eq!(p.depth, 0.5);
//! ```
//!
//! Conventions, stated once (ARCHITECTURE.md):
//! * every normal and axis is a unit vector in the world frame pointing
//!   **from A towards B**;
//! * a separation is **positive when the shapes are apart**, negative by
//!   the penetration depth when they overlap, zero when they touch;
//! * touching counts as intersecting.
//!
//! The proof that these answers are exact is in `docs/sat-proof.md`.

#![forbid(unsafe_code)]
#![cfg_attr(not(feature = "std"), no_std)]

extern crate alloc;

mod any_shape;
mod axis_search;
pub mod batch;
mod bounds;
mod broad_phase;
mod cache;
mod cast;
pub mod compound;
mod concave;
mod contract;
mod distance;
pub mod engine;
mod error;
mod geometry;
mod gjk;
mod manifold;
// Not part of the API (hidden from the docs, free to change): the
// dimension-specific pair paths and the N-D axes, public only so that the
// crate's tests and the comparison benches can check each path against
// the generic engine.
#[doc(hidden)]
pub mod nd;
#[doc(hidden)]
pub mod pair;
mod pose;
mod query;
mod ray;
pub mod real;
mod result;
mod round_axes;
mod rounded;
mod shape;
mod support;
#[cfg(test)]
mod test_rng;
mod validate;

#[cfg(feature = "serde")]
mod serde_support;
#[cfg(feature = "serde")]
pub use serde_support::checked_pose;

pub use any_shape::{AnyShape, AnyShape2, AnyShape3, PolytopeDim};
pub use bounds::{aabb_union, bounding_sphere, shape_aabb, swept_aabb, BoundingSphere};
pub use broad_phase::{BroadPhase, Handle, PairChanges};
pub use cache::{intersects_cached, penetration_cached, separation_cached, SatCache};
pub use cast::{cast_motions, cast_shapes, Motion, Motion2, Motion3, ShapeCastHit};
pub use compound::{Compound, Compound2, Compound3};
pub use concave::ConcavePolygon;
pub use contract::{validate_shape, ContractError, CONTRACT_TOLERANCE};
pub use distance::{closest_points, distance, signed_distance, ClosestPoints};
pub use error::{BroadPhaseError, CompoundHullError, ResultError, ShapeError};
pub use manifold::{
    contact_manifold, contact_manifold_into, contact_manifold_recycled, ContactCache, ContactDim,
    ContactFeature, ContactId, ContactPoint, Manifold, Side, MAX_CONTACT_POINTS,
};
pub use pose::{check_pose, pose_from_matrix, IntoPose, Pose, Pose2, Pose3};
pub use query::{containment, contains_point, intersects, penetration, separation};
pub use ray::{cast_ray, cast_ray_toi, project_point, PointProjection, Ray, RayHit};
pub use real::Real;
pub use result::{Containment, Feature, Penetration, Separation};
pub use rounded::Rounded;
pub use shape::{
    Aabb, Ball, Capsule, ConvexPolygon, ConvexPolyhedron, Edge, HullError, Obb, Shape,
};
pub use shape::{Circle, Obb2, Obb3, Sphere};
pub use support::{Interval, MinkowskiDifference, Posed, Support};

/// The README's example runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// docs/guide.md's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/guide.md")]
struct GuideDoctests;

/// docs/ecosystem.md's examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/ecosystem.md")]
struct EcosystemDoctests;
