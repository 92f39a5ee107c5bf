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
//!
//! A box takes the same steps in its own frame (centre at the origin,
//! axes the coordinate axes, half extents `h`), with closed forms for the
//! hull's tables: the inner ball is the ball of radius `min h` about the
//! centre, the faces are `±eₖ` at offset `hₖ`, the support along `u` is
//! `(sign(uₖ) hₖ)ₖ` ([`intersects_box`],
//! tests/box_capsule_path.rs::box_capsule_path_matches_engine).

use nalgebra::{Point3, Vector3};

use super::gjk::{self, Bracket};
use crate::axis_search::bound_slack;
use crate::shape::closest_on_segment;
use crate::{ConvexPolyhedron, Obb, Pose3, Real};

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

/// The verdict of [`crate::engine::intersects`] for a rounded segment and a
/// box when it is decided with a margin (the steps of [`intersects`], the
/// box's faces and support in closed form), `None` when the engine must
/// decide (near touching, non-finite poses).
pub(crate) fn intersects_box<T: Real>(
    capsule: &RoundSegment<T>,
    pose_capsule: &Pose3<T>,
    obb: &Obb<T, 3>,
    pose_box: &Pose3<T>,
) -> Option<bool> {
    // The segment in the box's frame: centre at the origin, the box's axes
    // the coordinate axes.
    let pose = pose_box.inv_mul(pose_capsule);
    let centre = obb.center().coords;
    let rotation = obb.rotation();
    let [q0, q1] = capsule
        .ends
        .map(|p| Point3::from(rotation.inverse_transform_vector(&((pose * p).coords - centre))));
    let rho = capsule.radius;
    let h = obb.half_extents();
    let finite = q0.iter().chain(q1.iter()).all(|x| x.is_finite());
    if !finite {
        return None;
    }
    let world = pose_capsule.translation.vector.amax() + pose_box.translation.vector.amax();
    let reach = centre.amax() + h.x + h.y + h.z;
    let slack = bound_slack(q0.coords.amax().max(q1.coords.amax()) + reach + rho + world);

    // The box holds the ball of radius min h about its centre.
    let near = closest_on_segment(&q0, &q1, &Point3::origin());
    if near.coords.norm() < h.min() + rho - slack {
        return Some(true);
    }

    // The box's faces, ±eₖ at offset hₖ.
    for k in 0..3 {
        let (lo, hi) = (q0[k].min(q1[k]), q0[k].max(q1[k]));
        if lo - h[k] - rho > slack || -hi - h[k] - rho > slack {
            return Some(false);
        }
    }

    let d = q1 - q0;
    let support = |dir: &Vector3<T>| {
        let corner = Vector3::from_fn(|k, _| if dir[k] < T::zero() { -h[k] } else { h[k] });
        corner - if d.dot(dir) > T::zero() { q0 } else { q1 }.coords
    };
    match gjk::bracket(support, &near.coords, rho, slack) {
        Bracket::Overlap => Some(true),
        Bracket::Apart => Some(false),
        Bracket::Unknown => None,
    }
}
