//! The box–box manifold in 2D: two shapes that both answer
//! [`Shape::as_obb_ref`](crate::Shape::as_obb_ref) or
//! [`Shape::as_obb`](crate::Shape::as_obb) take this path instead of
//! `two_d.rs`. The reference edge is the box SAT's face; the incident
//! edge is clipped in the reference box's frame ([`RefBox`]), where the
//! reference edge's two side planes are `±q_o <= h_o` along the other axis:
//!
//! ```text
//! box contacts(A, B, FaceA(i) or FaceB(i), margin):
//!     reference = face i = ±eₐ of that box (numbering +e₀ +e₁ −e₀ −e₁)
//!     incident  = the other box's face most anti-parallel (row a of M)
//!     its two corners c + M · corner, in the reference box's frame
//!     clip to the plane through the edge's first corner, then its second
//!         (a crossing is named (Vertex(that corner), Face(incident)))
//!     keep the points with ±qₐ − hₐ <= margin
//! ```
//!
//! The same edges, the same plane order and the same names as
//! `two_d::clip` on the same boxes, so the ids agree with the generic path
//! and the points within round-off (tests/manifolds_box.rs).

use nalgebra::Vector2;

use super::box_frame::{BoxSat, Feat, RefBox};
use super::{Frames, Manifold, Side};
use crate::shape::box_face_vertex;
use crate::{Feature, Obb, Real};

/// The box–box contacts of a face feature; nothing for other features
/// (the caller then makes the one-point contact).
pub(super) fn contacts<T: Real>(
    m: &mut Manifold<T, 2>,
    frames: &Frames<'_, T, 2>,
    (a, b): (&Obb<T, 2>, &Obb<T, 2>),
    sat: &BoxSat<'_, T, 2>,
    margin: T,
) {
    match sat.local.feature {
        Feature::FaceA(i) => face(m, frames, Side::A, (a, b), sat, i, margin),
        Feature::FaceB(i) => face(m, frames, Side::B, (b, a), sat, i, margin),
        _ => {}
    }
}

/// A point of the incident edge during clipping, in the reference box's
/// frame, with its features on the reference and the incident box.
#[derive(Clone, Copy)]
struct Pt<T: Real> {
    q: Vector2<T>,
    on_reference: Feat,
    on_incident: Feat,
}

/// Keeps, in place, the part of the segment `pts[..n]` where
/// `±q_o − h_o <= 0` (`+` when `out_plus`); a crossing lies on the
/// reference corner `vertex` and the incident face `face` (as
/// `two_d::clip_to_plane`).
fn clip_to_plane<T: Real>(
    pts: &mut [Pt<T>; 2],
    n: &mut usize,
    (o, out_plus, ho): (usize, bool, T),
    vertex: u8,
    face: u8,
) {
    let src = *pts;
    let d = |p: &Pt<T>| if out_plus { p.q[o] - ho } else { -p.q[o] - ho };
    let d: [T; 2] = [d(&src[0]), d(&src[1])];
    let zero = T::zero();
    let mut k = 0;
    for i in 0..*n {
        if d[i] <= zero {
            pts[k] = src[i];
            k += 1;
        }
    }
    if *n == 2 && ((d[0] < zero && d[1] > zero) || (d[0] > zero && d[1] < zero)) {
        let s = d[0] / (d[0] - d[1]);
        pts[k] = Pt {
            q: src[0].q + (src[1].q - src[0].q) * s,
            on_reference: Feat::Vertex(vertex),
            on_incident: Feat::Face(face),
        };
        k += 1;
    }
    *n = k;
}

/// Face contact on face `index` of the reference box (`side`'s box).
fn face<T: Real>(
    m: &mut Manifold<T, 2>,
    frames: &Frames<'_, T, 2>,
    side: Side,
    boxes: (&Obb<T, 2>, &Obb<T, 2>),
    sat: &BoxSat<'_, T, 2>,
    index: usize,
    margin: T,
) {
    if index >= 4 {
        return;
    }
    let (axis, plus) = (index % 2, index < 2);
    let other = 1 - axis;
    let rb = RefBox::new(frames, side, boxes, sat.pair, m.normal().into_inner());
    let f = rb.incident_face(axis, plus);
    let h = rb.half;
    let mut pts: [Pt<T>; 2] = core::array::from_fn(|k| {
        let v = box_face_vertex::<2>(f, k);
        Pt {
            q: rb.incident_corner(v),
            on_reference: Feat::Face(index as u8),
            on_incident: Feat::Vertex(v as u8),
        }
    });
    // The side plane through the reference edge's corner `v` faces the
    // way that corner's coordinate along the other axis points.
    let plane = |v: usize| (other, (v >> other) & 1 == 1, h[other]);
    let (v1, v2) = (
        box_face_vertex::<2>(index, 0),
        box_face_vertex::<2>(index, 1),
    );
    let mut n = 2;
    clip_to_plane(&mut pts, &mut n, plane(v1), v1 as u8, f as u8);
    clip_to_plane(&mut pts, &mut n, plane(v2), v2 as u8, f as u8);
    m.reference = Some((side, index));
    for p in &pts[..n] {
        let separation = if plus {
            p.q[axis] - h[axis]
        } else {
            -p.q[axis] - h[axis]
        };
        if separation > margin {
            continue;
        }
        rb.push(
            m,
            &p.q,
            axis,
            plus,
            separation,
            p.on_reference.public(),
            p.on_incident.public(),
        );
    }
}
