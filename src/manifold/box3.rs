//! The box–box manifold in 3D: two shapes that both answer
//! [`Shape::as_obb_ref`](crate::Shape::as_obb_ref) or
//! [`Shape::as_obb`](crate::Shape::as_obb) (as in `pair::route`) take this
//! path instead of the generic one of `three_d.rs`. It runs the box SAT
//! (`pair::obb_obb`, through [`separation`](crate::separation)) once and
//! clips in the reference box's own frame ([`RefBox`]), where the side
//! planes are axis-aligned:
//!
//! ```text
//! box contacts(A, B, feature, margin):
//!     FaceA(i) / FaceB(i): reference = face i = ±eₐ of that box (the SAT's
//!         numbering is the box's: +e₀ +e₁ +e₂ −e₀ −e₁ −e₂)
//!         in its box frame: the incident box's axes M and centre c
//!         incident = the face most anti-parallel to ±eₐ: row a of M
//!         its 4 corners c + M · corner
//!         for each edge j of face i (box_face_vertex's loop):
//!             clip to the side plane through it, ±q_k <= h_k
//!             (k neither a nor the edge's axis, the sign of its corners)
//!         keep ±qₐ − hₐ <= margin, reduce to four (three_d::reduce)
//!     EdgePair(i, j): the edges along box axes i and j that support ±n
//!         (each one corner and an axis of its box), one point between
//!         their closest points (three_d::edge_point)
//! ```
//!
//! The clipping takes the same polygon (the incident face's loop, from
//! the same corner), the same side planes in the same order and names its
//! points as `three_d::clip_to_plane` does, so the ids are the generic
//! path's; the points differ from it by round-off only (the generic path
//! clips in A's frame against planes through the face's corners). Features
//! are named in the box numbering ([`Obb`]'s faces and corners), which is
//! also an [`Aabb`](crate::Aabb)'s (tests/manifolds_box.rs::box_path_agrees_with_the_generic_path).

use nalgebra::{Point3, Vector3};

use crate::shape::sign_or_plus;

use super::box_frame::{Feat, RefBox};
use super::three_d::{edge_point, reduce};
use super::{Frames, Manifold, Side};
use crate::shape::box_face_vertex;
use crate::{Feature, Obb, Real};

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
    match feature {
        Feature::EdgePair(i, j) => edge_pair(m, frames, a, b, i, j),
        Feature::FaceA(i) => face(m, frames, Side::A, (a, b), i, margin),
        Feature::FaceB(i) => face(m, frames, Side::B, (b, a), i, margin),
        _ => {}
    }
}

/// The line a clip point's outgoing edge lies on (as `three_d::Along`):
/// the incident face's edge between two corners, or side plane `j`.
#[derive(Clone, Copy)]
enum Next {
    Incident(u8, u8),
    Side(u8),
}

/// A vertex of the polygon being clipped, in the reference box's frame.
#[derive(Clone, Copy)]
struct Pt<T: Real> {
    q: Vector3<T>,
    on_reference: Feat,
    on_incident: Feat,
    next: Next,
}

/// At most 8 points: a quad clipped by the four side planes of a
/// rectangle (the intersection of two convex quads has at most 8 corners,
/// and so has every intermediate polygon).
struct Poly<T: Real> {
    pts: [Pt<T>; 8],
    len: usize,
}

impl<T: Real> Poly<T> {
    fn new() -> Self {
        Self {
            pts: [Pt {
                q: Vector3::zeros(),
                on_reference: Feat::Face(0),
                on_incident: Feat::Face(0),
                next: Next::Side(0),
            }; 8],
            len: 0,
        }
    }

    fn push(&mut self, p: Pt<T>) {
        if let Some(slot) = self.pts.get_mut(self.len) {
            *slot = p;
            self.len += 1;
        }
    }
}

/// Face contact on face `index` of the reference box (`side`'s box),
/// clipped in that box's frame: the incident face's four corners, clipped
/// to the four side planes `±q_k <= h_k`, in the order of the reference
/// face's edges (`box_face_vertex`'s loop), by the Sutherland–Hodgman step
/// and the naming of `three_d::clip_to_plane`; the points within `margin`,
/// reduced to four by `three_d::reduce`.
fn face<T: Real>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    side: Side,
    (reference, incident): (&Obb<T, 3>, &Obb<T, 3>),
    index: usize,
    margin: T,
) {
    if index >= 6 {
        return;
    }
    let (axis, plus) = (index % 3, index < 3);
    let normal = m.normal().into_inner();
    let rb = RefBox::new(frames, side, reference, incident, normal);
    let f = rb.incident_face(axis, plus);
    let h = rb.half;

    // Two buffers built in place, each pass clipping one into the other.
    let mut bufs = [Poly::new(), Poly::new()];
    let corners: [usize; 4] = core::array::from_fn(|k| box_face_vertex::<3>(f, k));
    for k in 0..4 {
        let v = corners[k];
        bufs[0].push(Pt {
            q: rb.incident_corner(v),
            on_reference: Feat::Face(index as u8),
            on_incident: Feat::Vertex(v as u8),
            next: Next::Incident(v as u8, corners[(k + 1) % 4] as u8),
        });
    }
    let mut current = 0;
    for j in 0..4 {
        let start = box_face_vertex::<3>(index, j);
        let end = box_face_vertex::<3>(index, (j + 1) % 4);
        // The side plane through edge j is the face of the reference box
        // across that edge: along the axis that is neither the face's nor
        // the edge's, on the side of the edge's corners.
        let along = (start ^ end).trailing_zeros() as usize;
        let k = 3 - axis - along;
        let out_plus = (start >> k) & 1 == 1;
        let [first, second] = &mut bufs;
        let (src, dst) = if current == 0 {
            (&*first, second)
        } else {
            (&*second, first)
        };
        clip_to_plane(
            src,
            dst,
            (k, out_plus, h[k]),
            j as u8,
            (start as u8, end as u8),
            f as u8,
        );
        current = 1 - current;
        if bufs[current].len == 0 {
            break;
        }
    }
    let poly = &bufs[current];

    let height = |q: &Vector3<T>| {
        if plus {
            q[axis] - h[axis]
        } else {
            -q[axis] - h[axis]
        }
    };
    let mut kept = [(0, T::zero()); 8];
    let mut n_kept = 0;
    for (k, p) in poly.pts[..poly.len].iter().enumerate() {
        let separation = height(&p.q);
        if separation <= margin {
            kept[n_kept] = (k, separation);
            n_kept += 1;
        }
    }
    let (a1, a2) = ((axis + 1) % 3, (axis + 2) % 3);
    // nₐ · ((b − a) × (c − a)), nₐ = ±eₐ: the area in the face's plane.
    let area = |a: Point3<T>, b: Point3<T>, c: Point3<T>| {
        let (u, w) = (b - a, c - a);
        let z = u[a1] * w[a2] - u[a2] * w[a1];
        if plus {
            z
        } else {
            -z
        }
    };
    let chosen = reduce(&kept[..n_kept], |k| Point3::from(poly.pts[k].q), area);
    m.reference = Some((side, index));
    for &(k, separation) in chosen.iter().flatten() {
        let p = &poly.pts[k];
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

/// One Sutherland–Hodgman step in the reference box's frame: `out`
/// becomes the part of `poly` where `±q_k − h_k <= 0` (`+` when
/// `out_plus`), the inner side of side plane `j`, through the reference
/// edge between corners `(start, end)`. The same steps, tests and names
/// as `three_d::clip_to_plane` on a closed polygon of 4 sides; a polygon
/// of two points (a degenerate clip) is an open segment there, and here.
fn clip_to_plane<T: Real>(
    poly: &Poly<T>,
    out: &mut Poly<T>,
    (k, out_plus, hk): (usize, bool, T),
    j: u8,
    (start, end): (u8, u8),
    inc_face: u8,
) {
    out.len = 0;
    let pts = &poly.pts[..poly.len];
    let len = pts.len();
    let Some(first) = pts.first() else {
        return;
    };
    let height = |p: &Pt<T>| {
        if out_plus {
            p.q[k] - hk
        } else {
            -p.q[k] - hk
        }
    };
    let zero = T::zero();
    let d0 = height(first);
    let mut next_height = d0;
    for i in 0..len {
        // By reference, and the next index without a division: a clip
        // point is copied only when it is kept.
        let last = i + 1 == len;
        let (cur, nxt) = (&pts[i], &pts[if last { 0 } else { i + 1 }]);
        let closing = len <= 2 && last;
        let dc = next_height;
        let dn = if last { d0 } else { height(nxt) };
        next_height = dn;
        if dc <= zero {
            let mut kept = *cur;
            if dc == zero && dn > zero && !closing {
                kept.next = Next::Side(j);
            }
            out.push(kept);
        }
        if closing || !((dc < zero && dn > zero) || (dc > zero && dn < zero)) {
            continue;
        }
        let s = dc / (dc - dn);
        let (on_reference, on_incident) = match cur.next {
            Next::Incident(u, w) => (Feat::Edge(start, end), Feat::Edge(u, w)),
            Next::Side(p) if (p + 1) % 4 == j => (Feat::Vertex(start), Feat::Face(inc_face)),
            Next::Side(p) if (j + 1) % 4 == p => (Feat::Vertex(end), Feat::Face(inc_face)),
            Next::Side(_) => (Feat::Edge(start, end), Feat::Face(inc_face)),
        };
        out.push(Pt {
            q: cur.q + (nxt.q - cur.q) * s,
            on_reference,
            on_incident,
            next: if dc < zero { Next::Side(j) } else { cur.next },
        });
    }
}

/// Edge–edge contact of two boxes: of the four edges along box axis `i`
/// of `a` (`j` of `b`), the one whose other coordinates take the sign of
/// the normal in that box's frame (`−n` for `b`), as
/// `three_d::supporting_edge` names it, built from its first corner and
/// the box's axis instead of two corners; then the point of
/// `three_d::edge_point`.
fn edge_pair<T: Real>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    a: &Obb<T, 3>,
    b: &Obb<T, 3>,
    i: usize,
    j: usize,
) {
    let n = frames.normal;
    let (pa, da, ea) = box_edge(a, i % 3, &n);
    let pose_ab = frames.pose_ab();
    let (pb, db, eb) = box_edge(b, j % 3, &pose_ab.rotation.inverse_transform_vector(&-n));
    let (pb, db) = (pose_ab * pb, pose_ab.rotation * db);
    edge_point(m, frames, (&pa, &(pa + da), ea), (&pb, &(pb + db), eb));
}

/// The edge of `obb` along its `axis` that supports `dir` (the box's
/// shape frame): its first corner, the vector to its second, and its
/// feature `Edge(corner, corner | 1 << axis)`.
#[inline]
fn box_edge<T: Real>(
    obb: &Obb<T, 3>,
    axis: usize,
    dir: &Vector3<T>,
) -> (Point3<T>, Vector3<T>, super::ContactFeature) {
    let rot = obb.rotation();
    let d = rot.inverse_transform_vector(dir);
    let h = obb.half_extents();
    let mut corner = 0;
    let mut q = Vector3::zeros();
    for k in 0..3 {
        q[k] = if k != axis && sign_or_plus(d[k]) > T::zero() {
            corner |= 1 << k;
            h[k]
        } else {
            -h[k]
        };
    }
    let two = T::one() + T::one();
    let start = obb.center() + rot * q;
    let along = rot.matrix().column(axis) * (h[axis] * two);
    let feature = Feat::Edge(corner as u8, (corner | (1 << axis)) as u8).public();
    (start, along, feature)
}
