//! The box–box manifold in 3D: two shapes that both answer
//! [`Shape::as_obb_ref`] or [`Shape::as_obb`] (as in `pair::route`) take
//! this path instead of the generic one of `three_d.rs`. It runs the box
//! SAT (`pair::obb_obb`, through [`separation`](crate::separation)) once
//! and builds the manifold from the box geometry:
//!
//! ```text
//! box contacts(A, B, feature, margin):        in A's local frame
//!     FaceA(i) / FaceB(i): reference = face i of that box (the SAT's
//!         numbering is the box's: +e₀ +e₁ +e₂ −e₀ −e₁ −e₂)
//!         its 4 corners, computed once
//!         incident = the other box's face most anti-parallel (3 dots)
//!         clip its 4 corners to the 4 side planes in 8-vertex buffers,
//!         keep within the margin, reduce to four (three_d::clip_and_push)
//!     EdgePair(i, j): the edges along box axes i and j that support ±n
//!         (three_d::edge_contact)
//! ```
//!
//! Every number is computed by the same operations as the generic path on
//! the same boxes (the same corners, the same planes, the same clipping),
//! so the two agree bit for bit, ids included: features are named in the
//! box numbering ([`Obb`]'s faces and corners), which is also an
//! [`Aabb`](crate::Aabb)'s (tests/manifolds_box.rs).

use nalgebra::Point3;

use super::three_d::{
    clip_and_push, edge_contact, place, turn, Along, ClipPoint, IncFace, RefFace,
};
use super::{ContactFeature, Frames, Manifold, Side};
use crate::{Feature, Obb, Pose, Real, Shape};

/// The box–box contacts of `feature`; nothing for other features (the
/// caller then makes the one-point contact).
pub(super) fn contacts<T: Real>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    a: &Obb<T, 3>,
    b: &Obb<T, 3>,
    feature: Feature,
    margin: T,
) {
    let pose_b = Some(frames.pose_ab);
    match feature {
        Feature::EdgePair(i, j) => edge_contact(m, frames, a, b, i, j),
        Feature::FaceA(i) => face(m, frames, Side::A, (a, None), (b, pose_b), i, margin),
        Feature::FaceB(i) => face(m, frames, Side::B, (b, pose_b), (a, None), i, margin),
        _ => {}
    }
}

/// The face of `obb` most anti-parallel to `dir` (local): the first
/// minimum of `nᵢ · dir` over `+e₀ +e₁ +e₂ −e₀ −e₁ −e₂`, as the default
/// [`Shape::local_incident_face`] finds it, from three dot products
/// (`−c · d` is `−(c · d)` exactly).
#[inline]
fn incident_face<T: Real>(obb: &Obb<T, 3>, dir: &nalgebra::Vector3<T>) -> usize {
    let r = obb.rotation().matrix();
    let d = [
        r.column(0).dot(dir),
        r.column(1).dot(dir),
        r.column(2).dot(dir),
    ];
    let mut best = (0, d[0]);
    for (i, &x) in d.iter().enumerate().skip(1) {
        if x < best.1 {
            best = (i, x);
        }
    }
    for (i, &x) in d.iter().enumerate() {
        if -x < best.1 {
            best = (i + 3, -x);
        }
    }
    best.0
}

/// Face contact on face `index` of the reference box; each box with its
/// pose in A's frame (`None` for A itself).
fn face<T: Real>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    side: Side,
    (reference, ref_pose): (&Obb<T, 3>, Option<&Pose<T, 3>>),
    (incident, inc_pose): (&Obb<T, 3>, Option<&Pose<T, 3>>),
    index: usize,
    margin: T,
) {
    if index >= 6 {
        return;
    }
    let normal = turn(ref_pose, reference.local_face_normal(index).into_inner());
    let corner = |obb: &Obb<T, 3>, pose, f: usize, k: usize| {
        let v = obb.face_vertex(f, k);
        (v, place(pose, obb.local_core_vertex(v)))
    };
    let ref_corners: [(usize, Point3<T>); 4] =
        core::array::from_fn(|k| corner(reference, ref_pose, index, k));
    let dir = inc_pose.map_or(normal, |p| p.rotation.inverse_transform_vector(&normal));
    let f = incident_face(incident, &dir);
    let inc_corners: [(usize, Point3<T>); 4] =
        core::array::from_fn(|k| corner(incident, inc_pose, f, k));
    let on_reference = ContactFeature::Face(index);
    let face = RefFace {
        side,
        index,
        normal,
        count: 4,
    };
    let inc = IncFace {
        count: 4,
        feature: ContactFeature::Face(f),
    };
    clip_and_push::<T, 8>(
        m,
        frames,
        &face,
        |k| ref_corners[k % 4],
        &inc,
        |k| {
            let (v, p) = inc_corners[k % 4];
            ClipPoint {
                p,
                on_reference,
                on_incident: ContactFeature::Vertex(v),
                next: Along::Incident(v, inc_corners[(k + 1) % 4].0),
            }
        },
        margin,
    );
}
