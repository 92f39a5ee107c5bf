//! Convex polygon against convex polygon (2D).
//!
//! In A's frame, with B placed by `pose_ab = (R, t)`:
//!
//! ```text
//! for each edge i of A (normal nᵢ, offset oᵢ):
//!     gap = min_j nᵢ · (R wⱼ + t) − oᵢ  =  min_j (Rᵀnᵢ) · wⱼ + nᵢ · t − oᵢ
//! for each edge j of B (normal mⱼ, offset pⱼ), with m = R mⱼ:
//!     gap = min_i m · vᵢ − pⱼ − m · t          (axis −m, from A to B)
//! ```
//!
//! The stored offsets replace one of the two support scans per axis of the
//! generic engine, and no support point is built. Same axes, same order,
//! same ties as the engine.

use core::ops::ControlFlow;

use nalgebra::{Point2, Rotation2, Vector2};

use crate::engine::BestAxis;
use crate::{ConvexPolygon, Feature, Pose2, Real, Separation};

/// The separation of two posed polygons; equal to
/// [`engine::separation`](crate::engine::separation) on the same input.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{pair::polygon_polygon, ConvexPolygon, Pose2};
///
/// let sq = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(1.0, 1.0), Point2::new(0.0, 1.0),
/// ]).unwrap();
/// let s = polygon_polygon::separation(&sq, &Pose2::identity(), &sq, &Pose2::translation(0.75, 0.0));
/// assert_eq!(s.distance, -0.25);
/// ```
#[must_use]
pub fn separation<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
) -> Separation<T, 2> {
    separation_with(a, pose_a, b, pose_b, false)
}

/// Whether two posed polygons overlap; stops at the first separating edge.
#[must_use]
pub fn intersects<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
) -> bool {
    let pose_ab = pose_a.inv_mul(pose_b);
    let (rot, t) = (&pose_ab.rotation, &pose_ab.translation.vector);
    // Edge i of A separates iff every vertex w of B (in B's frame) has
    // nᵢ · (R w + t) > oᵢ, i.e. (Rᵀnᵢ) · w > oᵢ − nᵢ · t: the scan of B can
    // stop at the first vertex at or below that threshold, which for
    // overlapping pairs comes early. A NaN threshold compares false
    // everywhere, reads as separating, and gives `false` (the NaN contract).
    let separates = |threshold: T, dir: &Vector2<T>, verts: &[Point2<T>]| {
        !verts.iter().any(|w| dir.dot(&w.coords) <= threshold)
    };
    for (n, &offset) in a.normals().iter().zip(a.offsets()) {
        if separates(
            offset - n.dot(t),
            &rot.inverse_transform_vector(n),
            b.vertices(),
        ) {
            return false;
        }
    }
    // Edge j of B, axis −R mⱼ: separates iff every vertex v of A has
    // (R mⱼ) · v > pⱼ + (R mⱼ) · t.
    for (m, &offset) in b.normals().iter().zip(b.offsets()) {
        let m = rot * m;
        if separates(offset + m.dot(t), &m, a.vertices()) {
            return false;
        }
    }
    true
}

/// [`separation`], stopping at the first positive gap with `stop_at_gap`.
pub(crate) fn separation_with<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
    stop_at_gap: bool,
) -> Separation<T, 2> {
    let local = local_separation(a, b, &pose_a.inv_mul(pose_b), stop_at_gap);
    Separation {
        axis: pose_a.rotation * local.axis,
        ..local
    }
}

/// The separation in A's frame, B placed by `pose_ab`.
fn local_separation<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    pose_ab: &Pose2<T>,
    stop_at_gap: bool,
) -> Separation<T, 2> {
    let rot = &pose_ab.rotation;
    let t = &pose_ab.translation.vector;
    let mut best = BestAxis::new(stop_at_gap);
    let _ = scan_edges(a, b, rot, t, &mut best);
    // Both polygons have at least three edges, so an axis was offered.
    best.finish().unwrap_or(Separation {
        distance: T::zero(),
        axis: a.normals()[0],
        feature: Feature::FaceA(0),
    })
}

/// Offers every edge axis of A, then of B, to `best`.
fn scan_edges<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    rot: &Rotation2<T>,
    t: &Vector2<T>,
    best: &mut BestAxis<T, 2>,
) -> ControlFlow<()> {
    for (i, (n, &offset)) in a.normals().iter().zip(a.offsets()).enumerate() {
        let in_b = rot.inverse_transform_vector(n);
        let (lo, shift) = (b.local_min_projection(&in_b), n.dot(t));
        let scale = lo.abs() + shift.abs() + offset.abs();
        best.offer(lo + shift - offset, scale, *n, Feature::FaceA(i))?;
    }
    for (j, (m, &offset)) in b.normals().iter().zip(b.offsets()).enumerate() {
        let m = rot * m;
        let (lo, shift) = (a.local_min_projection(&m), m.dot(t));
        let scale = lo.abs() + shift.abs() + offset.abs();
        best.offer(lo - offset - shift, scale, -m, Feature::FaceB(j))?;
    }
    ControlFlow::Continue(())
}
