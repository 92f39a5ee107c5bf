//! The box–box manifold in 2D: two shapes that both answer
//! [`Shape::as_obb_ref`](crate::Shape::as_obb_ref) or
//! [`Shape::as_obb`](crate::Shape::as_obb) take this path instead of
//! `two_d.rs`. The reference edge is the box SAT's face; the rest is in
//! closed form in the reference box's frame (as `box_frame::RefBox`
//! places the incident box, written out for two axes), where the
//! reference edge is `q_a = ±h_a` and its side planes are `±w <= h_w`
//! along the other axis `w`:
//!
//! ```text
//! box contacts(A, B, FaceA(i) or FaceB(i), margin):
//!     reference = face i = ±eₐ of that box (numbering +e₀ +e₁ −e₀ −e₁)
//!     M, c      = the incident box's axes and centre in that frame
//!                 (the SAT's R and T for A's face)
//!     incident  = the first minimum of ±M[a][0], ±M[a][1], ∓M[a][0], ∓M[a][1]
//!     its two corners c ± M₀ h₀ ± M₁ h₁, split into (u, w) = (qₐ, q_other)
//!     clamp the segment to the plane through the edge's first corner,
//!         then its second (a crossing is (Vertex(that corner), Face(incident)))
//!     keep the points with ±u − hₐ <= margin; each: on the face (±hₐ, w)
//!         to the world and the reference shape, (u, w) to the incident shape
//! ```
//!
//! The same edges, the same plane order, the same names and the same
//! arithmetic as `two_d::clip` on the same boxes, so the ids agree with the
//! generic path and the points within round-off (tests/manifolds_box.rs);
//! tests/box_sat_bits.rs pins the points' bits.

use nalgebra::{Point, Vector2};

use super::box_frame::{face_of_b, BoxSat};
use super::{side_slop, ContactFeature, ContactId, ContactPoint, Frames, Manifold, Side};
use crate::real::is_nan;
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
        Feature::FaceB(i) => face_of_b(m, frames, (a, b), sat, i, margin, face),
        _ => {}
    }
}

/// A point of the incident edge during clipping, in the reference box's
/// frame as its coordinate `u` along the reference axis and `w` along the
/// other, with its features on the reference and the incident box.
#[derive(Clone, Copy)]
struct Pt<T: Real> {
    u: T,
    w: T,
    on_reference: ContactFeature,
    on_incident: ContactFeature,
}

/// Keeps, in place, the part of the segment `pts[..n]` where
/// `±w − h <= 0` (`+` when `out_plus`), a point outside by at most the
/// side slop of the edge's length `2h` kept as it is; a crossing lies on
/// the reference corner `vertex` and the incident face `face`. The same points, order
/// and arithmetic as `two_d::clip_to_plane` on the same edge, written out
/// for two points (no copy of the buffer, no loop):
///
/// ```text
/// both in          → unchanged
/// first in only    → [first, crossing] (or [first] without a strict crossing)
/// second in only   → [second, crossing] (or [second])
/// neither (or NaN) → []
/// ```
#[inline(always)]
fn clip_to_plane<T: Real>(
    pts: &mut [Pt<T>; 2],
    n: &mut usize,
    (out_plus, h): (bool, T),
    vertex: usize,
    face: usize,
) {
    let d = |p: &Pt<T>| if out_plus { p.w - h } else { -p.w - h };
    let zero = T::zero();
    // Inside within the slop of the reference edge's length `2h`
    // (`two_d::clip_to_plane`).
    let slop = side_slop::<T>() * (h + h);
    match *n {
        2 => {
            let (d0, d1) = (d(&pts[0]), d(&pts[1]));
            let crossing = |pts: &[Pt<T>; 2]| {
                let s = d0 / (d0 - d1);
                Pt {
                    u: pts[0].u + (pts[1].u - pts[0].u) * s,
                    w: pts[0].w + (pts[1].w - pts[0].w) * s,
                    on_reference: ContactFeature::Vertex(vertex),
                    on_incident: ContactFeature::Face(face),
                }
            };
            match (d0 <= slop, d1 <= slop) {
                (true, true) => {}
                (true, false) => {
                    if d0 < zero && d1 > slop {
                        pts[1] = crossing(pts);
                    } else {
                        *n = 1;
                    }
                }
                (false, true) => {
                    if d0 > slop && d1 < zero {
                        let c = crossing(pts);
                        pts[0] = pts[1];
                        pts[1] = c;
                    } else {
                        pts[0] = pts[1];
                        *n = 1;
                    }
                }
                (false, false) => *n = 0,
            }
        }
        1 => {
            let d0 = d(&pts[0]);
            if d0 > slop || is_nan(d0) {
                *n = 0;
            }
        }
        _ => {}
    }
}

/// `(v[axis], v[1 − axis])`: a vector's coordinates along the reference
/// axis and the other, without a bounds-checked index.
#[inline(always)]
fn split<T: Real>(v: &Vector2<T>, axis: usize) -> (T, T) {
    if axis == 0 {
        (v.x, v.y)
    } else {
        (v.y, v.x)
    }
}

/// The vector with coordinate `u` along the reference axis and `w` along
/// the other (the inverse of [`split`]).
#[inline(always)]
fn join<T: Real>(u: T, w: T, axis: usize) -> Vector2<T> {
    if axis == 0 {
        Vector2::new(u, w)
    } else {
        Vector2::new(w, u)
    }
}

/// Face contact on face `index` of the reference box (`side`'s box), in
/// closed form in the reference box's frame: the incident edge's two
/// corners from `M`, `c` and the half extents, two clamps along the other
/// axis, the kept points turned into contact points.
fn face<T: Real>(
    m: &mut Manifold<T, 2>,
    frames: &Frames<'_, T, 2>,
    side: Side,
    (reference, incident): (&Obb<T, 2>, &Obb<T, 2>),
    sat: &BoxSat<'_, T, 2>,
    index: usize,
    margin: T,
) {
    if index >= 4 {
        return;
    }
    let (axis, plus) = (index & 1, index < 2);
    let other = 1 - axis;
    let pair = sat.pair;
    // The incident box in the reference box's frame (as `RefBox::new`):
    // its axes `mm` (columns) and its centre `c`.
    let (pose_r, rot_r, off_r, mm, c) = match side {
        Side::A => (frames.pose_a, &pair.frame_a, pair.offset_a, pair.r, pair.t),
        Side::B => (
            frames.pose_b,
            &pair.frame_b,
            pair.offset_b,
            pair.r.transpose(),
            pair.frame_b.matrix().transpose() * -pair.d,
        ),
    };
    let (h_u, h_w) = split(&reference.half_extents(), axis);
    let inc_half = incident.half_extents();
    // The incident face most anti-parallel to ±e_axis: the first minimum
    // of nᵢ · (±e_axis) over +e₀, +e₁, −e₀, −e₁ (`RefBox::incident_face`).
    let (x0, x1) = if axis == 0 {
        (mm.m11, mm.m12)
    } else {
        (mm.m21, mm.m22)
    };
    let (x0, x1) = if plus { (x0, x1) } else { (-x0, -x1) };
    let mut f = (0usize, x0);
    if x1 < f.1 {
        f = (1, x1);
    }
    if -x0 < f.1 {
        f = (2, -x0);
    }
    if -x1 < f.1 {
        f = (3, -x1);
    }
    let f = f.0;
    // Its corners as `box3::corners` sums them: the centre, then ±
    // half axis 0, then ± half axis 1.
    let (off0, off1) = (mm.column(0) * inc_half.x, mm.column(1) * inc_half.y);
    let corner = |v: usize| {
        let x = if v & 1 == 1 { c + off0 } else { c - off0 };
        let q = if v & 2 == 2 { x + off1 } else { x - off1 };
        let (u, w) = split(&q, axis);
        Pt {
            u,
            w,
            on_reference: ContactFeature::Face(index),
            on_incident: ContactFeature::Vertex(v),
        }
    };
    let mut pts = [
        corner(box_face_vertex::<2>(f, 0)),
        corner(box_face_vertex::<2>(f, 1)),
    ];
    // The side plane through the reference edge's corner `v` faces the
    // way that corner's coordinate along the other axis points; the
    // edge's two corners differ there, so the planes are +w <= h and
    // −w <= h in one order or the other.
    let (v1, v2) = (
        box_face_vertex::<2>(index, 0),
        box_face_vertex::<2>(index, 1),
    );
    let first_plus = (v1 >> other) & 1 == 1;
    let mut n = 2;
    clip_to_plane(&mut pts, &mut n, (first_plus, h_w), v1, f);
    clip_to_plane(&mut pts, &mut n, (!first_plus, h_w), v2, f);
    m.reference = Some((side, index));
    if n == 0 {
        return;
    }
    // The maps out of the reference box's frame (as `RefBox::push`): to
    // the world, and to the incident shape's frame.
    let world_r = rot_r.into_inner();
    let world_t = pose_r.translation.vector + off_r;
    let back = incident.rotation().matrix() * mm.transpose();
    let back_t = incident.center().coords - back * c;
    let normal = m.normal().into_inner();
    let face_u = if plus { h_u } else { -h_u };
    for p in &pts[..n] {
        let separation = if plus { p.u - h_u } else { -p.u - h_u };
        if separation > margin {
            continue;
        }
        let on_face = join(face_u, p.w, axis);
        let ref_world = Point::from(world_r * on_face + world_t);
        let ref_local = reference.out_of_box_frame(&on_face);
        let inc_local = Point::from(back * join(p.u, p.w, axis) + back_t);
        let step = normal * separation;
        let (on_reference, on_incident) = (p.on_reference, p.on_incident);
        let (on_a, on_b, local_a, local_b, id) = match side {
            Side::A => (
                ref_world,
                ref_world + step,
                ref_local,
                inc_local,
                ContactId {
                    a: on_reference,
                    b: on_incident,
                },
            ),
            Side::B => (
                ref_world - step,
                ref_world,
                inc_local,
                ref_local,
                ContactId {
                    a: on_incident,
                    b: on_reference,
                },
            ),
        };
        m.push(ContactPoint {
            separation,
            on_a,
            on_b,
            local_a,
            local_b,
            id,
        });
    }
}
