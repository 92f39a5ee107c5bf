//! Speculative contacts off the face: a pair apart by less than the margin
//! whose closest features are not those of the SAT's face axis (a corner
//! passing a corner, a vertex passing the end of an edge) gets one point at
//! its closest points, with the exact distance and their direction
//! (docs/manifolds.md, "Speculative points"). Box2D's `b2CollidePolygons`
//! does the same for separated polygons (`b2SegmentDistance` on the two
//! faces, one point for a vertex–vertex pair).
//!
//! ```text
//! closest_feature_point(A, B, s = the SAT answer, margin):
//!     s.distance <= 0, or s.feature neither a face nor an edge pair → no
//!     c = closest_points(A, B)                       exact distance, axis
//!     c.distance <= s.distance + ABS · size        → no: the face's gap is
//!                                                    the distance (clip)
//!     c.distance > margin                          → empty, normal c.axis
//!     else one point: on_a, on_b = c's points, separation c.distance,
//!          normal c.axis, no reference face, each side named by the
//!          vertex (or edge, or 2D face) its closest point lies on
//! ```
//!
//! The SAT distance of a face axis is the gap along that axis, a lower
//! bound of the distance that, at a corner-to-corner approach, understates
//! it by up to `(√2 − 1)` of it (`√3 − 1` in 3D): a body stopped short by
//! as much. Within `ABS · size` of it (the face-to-face cases, an edge lying
//! within the margin of a face) the clipped points stand: their heights
//! are the true gaps of the incident vertices.

use nalgebra::{Point, SVector};

use super::prefer_face::ABS;
use super::{ContactFeature, ContactId, ContactPoint, Faces, Manifold};
use crate::real::is_nan;
use crate::{Feature, Pose, Real, Separation, Shape};

/// When the pair is apart (within the margin, as the gate found) and its
/// distance exceeds the SAT's face or edge-pair gap by more than `ABS`
/// of the smaller shape's half width along the axis: writes the one
/// closest-feature point into `m` (or leaves it empty with the closest
/// points' axis when the distance exceeds `margin`) and returns `true`.
/// Otherwise leaves `m` as it is and returns `false`.
pub(super) fn closest_feature_point<T, A, B, const N: usize>(
    m: &mut Manifold<T, N>,
    (a, pose_a): (&A, &Pose<T, N>),
    (b, pose_b): (&B, &Pose<T, N>),
    sat: &Separation<T, N>,
    margin: T,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let face_or_edges = matches!(
        sat.feature,
        Feature::FaceA(_) | Feature::FaceB(_) | Feature::EdgePair(..)
    );
    if sat.distance <= T::zero() || is_nan(sat.distance) || !face_or_edges {
        return false;
    }
    let c = crate::closest_points(a, pose_a, b, pose_b);
    let two = T::one() + T::one();
    let ua = pose_a.rotation.inverse_transform_vector(&sat.axis);
    let ub = pose_b.rotation.inverse_transform_vector(&sat.axis);
    let (ia, ib) = (a.local_interval(&ua), b.local_interval(&ub));
    let size = ((ia.max - ia.min) / two).min((ib.max - ib.min) / two);
    let tol = nalgebra::convert::<f64, T>(ABS) * size;
    if c.distance <= sat.distance + tol || is_nan(c.distance) {
        return false;
    }
    m.restart(c.axis);
    if c.distance > margin {
        return true;
    }
    let axis = c.axis.into_inner();
    let id = ContactId {
        a: feature_at(a, pose_a, &c.point_a, &axis, tol),
        b: feature_at(b, pose_b, &c.point_b, &-axis, tol),
    };
    m.push(ContactPoint {
        separation: c.distance,
        on_a: c.point_a,
        on_b: c.point_b,
        local_a: pose_a.inverse_transform_point(&c.point_a),
        local_b: pose_b.inverse_transform_point(&c.point_b),
        id,
    });
    true
}

/// The feature of `shape` (at `pose`) its surface point `p` (world) lies
/// on, `out` the world direction from it towards the other shape: the core
/// vertex within `tol` of `p` brought in by the radius; else, on the face
/// whose normal is most aligned with `out`, the side (two of its listed
/// vertices, consecutive) within `tol` of it: that face in 2D (a face is
/// an edge), the edge in 3D; else that face; `Support` for a shape that
/// lists no faces.
fn feature_at<T, S, const N: usize>(
    shape: &S,
    pose: &Pose<T, N>,
    p: &Point<T, N>,
    out: &SVector<T, N>,
    tol: T,
) -> ContactFeature
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let u = pose.rotation.inverse_transform_vector(out);
    let core = pose.inverse_transform_point(p) - u * shape.radius();
    for v in 0..shape.core_vertex_count() {
        if (shape.local_core_vertex(v) - core).norm() <= tol {
            return ContactFeature::Vertex(v);
        }
    }
    let Some(faces) = Faces::new(shape) else {
        return ContactFeature::Support;
    };
    let (f, _) = faces.most_aligned(|i| faces.normal(i), &u);
    let count = faces.vertex_count(f);
    for k in 0..count {
        let ((i, x), (j, y)) = (faces.vertex(f, k), faces.vertex(f, (k + 1) % count));
        let e = y - x;
        let len2 = e.norm_squared();
        let s = if len2 > T::zero() {
            ((core - x).dot(&e) / len2).max(T::zero()).min(T::one())
        } else {
            T::zero()
        };
        if (x + e * s - core).norm() <= tol {
            return if count == 2 {
                ContactFeature::Face(f)
            } else {
                ContactFeature::Edge(i.min(j), i.max(j))
            };
        }
    }
    ContactFeature::Face(f)
}
