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
//!
//! Each polygon stores a disc inside it (its vertices' mean and the
//! distance to the nearest edge line). When the two discs overlap, so do
//! the polygons: `intersects` answers at once. When they do not, the
//! first-gap query behind `penetration` tries the edge of A facing B's
//! centre and the edge of B facing A's before the rest: for polygons apart
//! one of them usually separates. Neither changes an answer
//! (tests/properties_2d.rs::fast_path_matches_engine).

use core::ops::ControlFlow;

use nalgebra::{Point2, Rotation2, Unit, Vector2};

use super::{argmax_dot, bound_slack};
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
    if discs_overlap(a, b, &pose_ab) {
        return true;
    }
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
///
/// With `stop_at_gap`, when the inner discs do not overlap, the edge of A
/// facing B's centre and the edge of B facing A's are tried first: for
/// polygons apart one of them usually separates, and the query ends there.
fn local_separation<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    pose_ab: &Pose2<T>,
    stop_at_gap: bool,
) -> Separation<T, 2> {
    let rot = &pose_ab.rotation;
    let t = &pose_ab.translation.vector;
    if stop_at_gap && !discs_overlap(a, b, pose_ab) {
        let i = argmax_dot(a.normals(), t);
        let (gap, _) = gap_a(a, b, rot, t, i);
        if gap > T::zero() {
            return Separation {
                distance: gap,
                axis: a.normals()[i],
                feature: Feature::FaceA(i),
            };
        }
        let j = argmax_dot(b.normals(), &-rot.inverse_transform_vector(t));
        let (axis, gap, _) = gap_b(a, b, rot, t, j);
        if gap > T::zero() {
            return Separation {
                distance: gap,
                axis,
                feature: Feature::FaceB(j),
            };
        }
    }
    let mut best = BestAxis::new(stop_at_gap);
    let _ = scan_edges(a, b, rot, t, &mut best);
    // Both polygons have at least three edges, so an axis was offered.
    best.finish().unwrap_or(Separation {
        distance: T::zero(),
        axis: a.normals()[0],
        feature: Feature::FaceA(0),
    })
}

/// Whether the inner discs of A and of B (placed by `pose_ab`) overlap by
/// more than the round-off of the test: then so do the polygons.
#[inline]
fn discs_overlap<T: Real>(a: &ConvexPolygon<T>, b: &ConvexPolygon<T>, pose_ab: &Pose2<T>) -> bool {
    let (ca, ra, reach_a) = a.inner_disc();
    let (cb, rb, reach_b) = b.inner_disc();
    let t = &pose_ab.translation.vector;
    let slack = bound_slack(t.x.abs().max(t.y.abs()) + reach_a + reach_b);
    (pose_ab * cb - ca).norm() < ra + rb - slack
}

/// The gap along A's edge `i` and the scale of its terms.
#[inline]
fn gap_a<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    rot: &Rotation2<T>,
    t: &Vector2<T>,
    i: usize,
) -> (T, T) {
    let (n, offset) = (&a.normals()[i], a.offsets()[i]);
    let (lo, shift) = (
        b.local_min_projection(&rot.inverse_transform_vector(n)),
        n.dot(t),
    );
    (lo + shift - offset, lo.abs() + shift.abs() + offset.abs())
}

/// The axis `−R mⱼ` of B's edge `j` (from A towards B), its gap and the
/// scale of its terms.
#[inline]
fn gap_b<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    rot: &Rotation2<T>,
    t: &Vector2<T>,
    j: usize,
) -> (Unit<Vector2<T>>, T, T) {
    let (m, offset) = (rot * b.normals()[j], b.offsets()[j]);
    let (lo, shift) = (a.local_min_projection(&m), m.dot(t));
    (
        -m,
        lo - offset - shift,
        lo.abs() + shift.abs() + offset.abs(),
    )
}

/// Offers every edge axis of A, then of B, to `best`.
fn scan_edges<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    rot: &Rotation2<T>,
    t: &Vector2<T>,
    best: &mut BestAxis<T, 2>,
) -> ControlFlow<()> {
    for (i, n) in a.normals().iter().enumerate() {
        let (gap, scale) = gap_a(a, b, rot, t, i);
        best.offer(gap, scale, *n, Feature::FaceA(i))?;
    }
    for j in 0..b.normals().len() {
        let (axis, gap, scale) = gap_b(a, b, rot, t, j);
        best.offer(gap, scale, axis, Feature::FaceB(j))?;
    }
    ControlFlow::Continue(())
}
