//! A capsule (any rounded shape whose core is a segment) against a convex
//! polyhedron, a box or another capsule, `intersects` only: the engine's
//! verdict, decided with a margin where that is cheap and left to the
//! engine where it is not.
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
//!
//! Two rounded segments ([`intersects_segments`]) need no GJK: any point
//! `p` of one segment and `q` of the other bound the cores' distance from
//! above, so `|p − q| < ρ − slack` proves "overlap", and the gap along
//! `(q − p) / |q − p|` (the segments' support values, less `ρ`) bounds
//! it from below, so a gap above `slack` proves "apart"; `p` and `q` are
//! the segments' closest points as computed, and whatever their round-off
//! both tests stay sound
//! (tests/box_capsule_path.rs::capsule_capsule_path_matches_engine).

use nalgebra::{Point3, Vector3};

use crate::gjk::{self, Bracket};
use crate::real::bound_slack;
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

/// The verdict of [`crate::engine::intersects`] for two rounded segments
/// when it is decided with a margin (module docs), `None` when the engine
/// must decide (near touching, non-finite poses).
pub(crate) fn intersects_segments<T: Real>(
    a: &RoundSegment<T>,
    pose_a: &Pose3<T>,
    b: &RoundSegment<T>,
    pose_b: &Pose3<T>,
) -> Option<bool> {
    let pose = pose_a.inv_mul(pose_b);
    let [a0, a1] = a.ends;
    let [b0, b1] = b.ends.map(|p| pose * p);
    let rho = a.radius + b.radius;
    let finite = b0.iter().chain(b1.iter()).all(|x| x.is_finite());
    if !finite {
        return None;
    }
    let world = pose_a.translation.vector.amax() + pose_b.translation.vector.amax();
    let scale = a0.coords.amax().max(a1.coords.amax()) + b0.coords.amax().max(b1.coords.amax());
    let slack = bound_slack(scale + rho + world);

    let (p, q) = closest_between_segments(&a0, &a1, &b0, &b1);
    let v = q - p;
    let distance = v.norm();
    if distance < rho - slack {
        return Some(true);
    }
    if distance > T::zero() {
        let u = v / distance;
        let gap = u.dot(&b0.coords).min(u.dot(&b1.coords))
            - u.dot(&a0.coords).max(u.dot(&a1.coords))
            - rho;
        if gap > slack {
            return Some(false);
        }
    }
    None
}

/// Points of the segments `[a0, a1]` and `[b0, b1]` nearest each other:
/// the parameters of the lines' closest points, clamped to the segments
/// one after the other (for parallel segments, `a0`'s projection).
fn closest_between_segments<T: Real>(
    a0: &Point3<T>,
    a1: &Point3<T>,
    b0: &Point3<T>,
    b1: &Point3<T>,
) -> (Point3<T>, Point3<T>) {
    let (zero, one) = (T::zero(), T::one());
    let (da, db, w) = (a1 - a0, b1 - b0, a0 - b0);
    let (aa, bb, ab) = (da.norm_squared(), db.norm_squared(), da.dot(&db));
    let (aw, bw) = (da.dot(&w), db.dot(&w));
    // On b for a parameter s of a, and on a for a parameter t of b.
    let t_of = |s: T| {
        if bb > zero {
            ((ab * s + bw) / bb).clamp(zero, one)
        } else {
            zero
        }
    };
    let s_of = |t: T| {
        if aa > zero {
            ((ab * t - aw) / aa).clamp(zero, one)
        } else {
            zero
        }
    };
    let denom = aa * bb - ab * ab;
    let s = if denom > zero {
        ((ab * bw - aw * bb) / denom).clamp(zero, one)
    } else {
        zero
    };
    let t = t_of(s);
    let s = s_of(t);
    (a0 + da * s, b0 + db * t)
}
