//! A capsule (any rounded shape whose core is a segment) against a convex
//! polyhedron, `intersects` only: the engine's verdict, decided with a
//! margin where that is cheap and left to the engine where it is not.
//!
//! Computed in the hull's frame, the segment `q₀ q₁` with radius `ρ`. For
//! a rounded shape the engine's axes include the direction between the
//! cores' nearest points whenever the cores are apart (`round_axes.rs`,
//! docs/sat-proof.md §5), so its best gap is the cores' distance less `ρ`:
//! any direction whose gap exceeds the round-off proves "apart", not only
//! the engine's own axes, and GJK's bracket of the distance decides.
//!
//! ```text
//! slack = bound_slack(scale of the pair, world translations included)
//! hull's inner ball within ρ of the segment, by > slack     → overlap
//! hull faces: min(n·q₀, n·q₁) − offset − ρ                   > slack → apart
//! GJK on hull − segment (gjk.rs): distance < ρ − slack       → overlap
//!                                 distance > ρ + slack       → apart
//! otherwise (near touching)                                  → the engine
//! ```
//!
//! (tests/hull_pairs.rs::capsule_hull_path_matches_engine.)

use nalgebra::{Point3, Vector3};

use super::gjk::{self, Bracket};
use crate::axis_search::bound_slack;
use crate::shape::closest_on_segment;
use crate::{ConvexPolyhedron, Pose3, Real};

/// A segment core with its radius, in its shape's frame.
pub(crate) struct RoundSegment<T: Real> {
    /// The segment's endpoints.
    pub(crate) ends: [Point3<T>; 2],
    /// The rounding radius, positive.
    pub(crate) radius: T,
}

/// The verdict of [`crate::engine::intersects`] for a rounded segment and a
/// hull when it is decided with a margin, `None` when the engine must
/// decide (near touching, an unproved shallow overlap, non-finite poses, a
/// hull too large for compact edge records).
pub(crate) fn intersects<T: Real>(
    capsule: &RoundSegment<T>,
    pose_capsule: &Pose3<T>,
    hull: &ConvexPolyhedron<T>,
    pose_hull: &Pose3<T>,
) -> Option<bool> {
    let pose = pose_hull.inv_mul(pose_capsule);
    let [q0, q1] = capsule.ends.map(|p| pose * p);
    let rho = capsule.radius;
    let finite = q0.iter().chain(q1.iter()).all(|x| x.is_finite());
    if !finite || hull.edge_records().len() != hull.edges().len() {
        return None;
    }
    let world = pose_capsule.translation.vector.amax() + pose_hull.translation.vector.amax();
    let slack = bound_slack(q0.coords.amax().max(q1.coords.amax()) + hull.reach() + rho + world);

    let (inner, inner_radius) = hull.inner_ball();
    let near = closest_on_segment(&q0, &q1, inner);
    if (near - inner).norm() < inner_radius + rho - slack {
        return Some(true);
    }

    // The hull's faces.
    let normals = hull.normals();
    for (n, &offset) in normals.iter().zip(hull.offsets()) {
        let gap = n.dot(&q0.coords).min(n.dot(&q1.coords)) - offset - rho;
        if gap > slack {
            return Some(false);
        }
    }

    let d = q1 - q0;
    let support = |dir: &Vector3<T>| {
        let v = hull.vertices()[hull.support_vertex(dir).0].coords;
        v - if d.dot(dir) > T::zero() { q0 } else { q1 }.coords
    };
    match gjk::bracket(support, &(near - inner), rho, slack) {
        Bracket::Overlap => Some(true),
        Bracket::Apart => Some(false),
        Bracket::Unknown => None,
    }
}
