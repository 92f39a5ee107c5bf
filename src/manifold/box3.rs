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

use super::box_frame::{BoxSat, Feat, RefBox, FACE_LOOPS};
use super::three_d::{closest_on_segments, reduce};
use super::{ContactFeature, ContactId, ContactPoint, Frames, Manifold, Side};
use crate::{Feature, Obb, Real};

/// The box–box contacts of `feature`; nothing for other features (the
/// caller then makes the one-point contact).
pub(super) fn contacts<T: Real>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    (a, b): (&Obb<T, 3>, &Obb<T, 3>),
    sat: &BoxSat<'_, T, 3>,
    margin: T,
) {
    match sat.local.feature {
        Feature::EdgePair(i, j) => edge_pair(m, frames, (a, b), sat, (i, j)),
        Feature::FaceA(i) => face(m, frames, Side::A, (a, b), sat, i, margin),
        Feature::FaceB(i) => face(m, frames, Side::B, (b, a), sat, i, margin),
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
/// and so has every intermediate polygon); points beyond 8 (round-off
/// only) are dropped, as `three_d`'s buffers drop theirs.
const CAP: usize = 8;

/// The side planes of the reference faces: for face `i` and its edge `j`
/// (from corner `FACE_LOOPS[i][j]` to the next), the axis `k` of the plane
/// `±q_k <= h_k` through that edge (neither the face's axis nor the
/// edge's), and whether its outward side is `+q_k` (the edge's corners
/// have bit `k` set).
const SIDE_PLANES: [[(u8, bool); 4]; 6] = side_planes();

const fn side_planes() -> [[(u8, bool); 4]; 6] {
    let mut out = [[(0, false); 4]; 6];
    let mut i = 0;
    while i < 6 {
        let mut j = 0;
        while j < 4 {
            let (start, end) = (FACE_LOOPS[i][j], FACE_LOOPS[i][(j + 1) % 4]);
            let along = (start ^ end).trailing_zeros() as usize;
            let k = 3 - i % 3 - along;
            out[i][j] = (k as u8, (start >> k) & 1 == 1);
            j += 1;
        }
        i += 1;
    }
    out
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
    boxes: (&Obb<T, 3>, &Obb<T, 3>),
    sat: &BoxSat<'_, T, 3>,
    index: usize,
    margin: T,
) {
    if index >= 6 {
        return;
    }
    let (axis, plus) = (index % 3, index < 3);
    let normal = m.normal().into_inner();
    let rb = RefBox::new(frames, side, boxes, sat.pair, normal);
    let f = rb.incident_face(axis, plus);
    let h = rb.half;

    // Two buffers, each pass clipping one into the other (a pass that
    // keeps every point leaves its input as it is).
    let blank = Pt {
        q: Vector3::zeros(),
        on_reference: Feat::Face(0),
        on_incident: Feat::Face(0),
        next: Next::Side(0),
    };
    let mut bufs = [[blank; CAP]; 2];
    let corners = FACE_LOOPS[f % 6];
    let offsets = rb.incident_offsets();
    for (k, slot) in bufs[0].iter_mut().take(4).enumerate() {
        let v = corners[k];
        *slot = Pt {
            q: rb.corner_from(&offsets, v.into()),
            on_reference: Feat::Face(index as u8),
            on_incident: Feat::Vertex(v),
            next: Next::Incident(v, corners[(k + 1) % 4]),
        };
    }
    let mut len = 4;
    let mut current = 0;
    let loop_r = FACE_LOOPS[index];
    for (j, &(k, out_plus)) in SIDE_PLANES[index].iter().enumerate() {
        let plane = Plane {
            k: k.into(),
            out_plus,
            hk: h[usize::from(k)],
            j: j as u8,
            start: loop_r[j],
            end: loop_r[(j + 1) % 4],
            inc_face: f as u8,
        };
        let [first, second] = &mut bufs;
        let (src, dst) = if current == 0 {
            (&*first, second)
        } else {
            (&*second, first)
        };
        match clip_to_plane(&src[..len], dst, &plane) {
            Clip::Unchanged => {}
            Clip::Into(n) => {
                len = n;
                current = 1 - current;
            }
        }
        if len == 0 {
            return;
        }
    }
    let poly = &bufs[current][..len];

    let height = |q: &Vector3<T>| {
        if plus {
            q[axis] - h[axis]
        } else {
            -q[axis] - h[axis]
        }
    };
    let mut kept = [(0, T::zero()); CAP];
    let mut n_kept = 0;
    for (k, p) in poly.iter().enumerate() {
        let separation = height(&p.q);
        if separation <= margin {
            kept[n_kept] = (k, separation);
            n_kept += 1;
        }
    }
    let (a1, a2) = ((axis + 1) % 3, (axis + 2) % 3);
    // nₐ · ((b − a) × (c − a)), nₐ = ±eₐ: the area in the face's plane,
    // as a function of `c`.
    let area_from = |a: Point3<T>, b: Point3<T>| {
        let (u1, u2) = (b[a1] - a[a1], b[a2] - a[a2]);
        move |c: Point3<T>| {
            let z = u1 * (c[a2] - a[a2]) - u2 * (c[a1] - a[a1]);
            if plus {
                z
            } else {
                -z
            }
        }
    };
    let chosen = reduce(&kept[..n_kept], |k| Point3::from(poly[k].q), area_from);
    m.reference = Some((side, index));
    for &(k, separation) in chosen.iter().flatten() {
        let p = &poly[k];
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

/// Side plane `j` of the reference face: `±q_k <= h_k` (`+` when
/// `out_plus`), through the reference edge between corners `start` and
/// `end`; `inc_face` names the incident face.
struct Plane<T> {
    k: usize,
    out_plus: bool,
    hk: T,
    j: u8,
    start: u8,
    end: u8,
    inc_face: u8,
}

/// What a clipping pass did.
enum Clip {
    /// Every point lies on the inner side: the polygon is unchanged (the
    /// Sutherland–Hodgman step would copy it as it is).
    Unchanged,
    /// The clipped polygon, of this many points, is in the output buffer.
    Into(usize),
}

/// One Sutherland–Hodgman step in the reference box's frame: the part of
/// `pts` where `±q_k − h_k <= 0`, the inner side of side plane `j`. The
/// same steps, tests and names as `three_d::clip_to_plane` on a closed
/// polygon; a polygon of two points (a degenerate clip) is an open
/// segment there, and here. When every point is on the inner side the
/// step keeps the polygon as it is (no vertex has a positive neighbour,
/// so none changes its outgoing edge, and no edge crosses), and the
/// buffer is not copied.
#[inline(always)]
fn clip_to_plane<T: Real>(pts: &[Pt<T>], out: &mut [Pt<T>; CAP], plane: &Plane<T>) -> Clip {
    let zero = T::zero();
    let len = pts.len().min(CAP);
    let mut d = [zero; CAP];
    let mut inside = 0;
    for (di, p) in d.iter_mut().zip(pts) {
        *di = if plane.out_plus {
            p.q[plane.k] - plane.hk
        } else {
            -p.q[plane.k] - plane.hk
        };
        inside += usize::from(*di <= zero);
    }
    if inside == len {
        return Clip::Unchanged;
    }
    let mut n = 0;
    let mut emit = |p: Pt<T>| {
        if n < CAP {
            out[n] = p;
            n += 1;
        }
    };
    let j = plane.j;
    for i in 0..len {
        let last = i + 1 == len;
        let inext = if last { 0 } else { i + 1 };
        let (cur, nxt) = (&pts[i], &pts[inext]);
        let closing = len <= 2 && last;
        let (dc, dn) = (d[i], d[inext]);
        if dc <= zero {
            let mut kept = *cur;
            if dc == zero && dn > zero && !closing {
                kept.next = Next::Side(j);
            }
            emit(kept);
        }
        if closing || !((dc < zero && dn > zero) || (dc > zero && dn < zero)) {
            continue;
        }
        let s = dc / (dc - dn);
        let (on_reference, on_incident) = match cur.next {
            Next::Incident(u, w) => (Feat::Edge(plane.start, plane.end), Feat::Edge(u, w)),
            Next::Side(p) if (p + 1) % 4 == j => {
                (Feat::Vertex(plane.start), Feat::Face(plane.inc_face))
            }
            Next::Side(p) if (j + 1) % 4 == p => {
                (Feat::Vertex(plane.end), Feat::Face(plane.inc_face))
            }
            Next::Side(_) => (
                Feat::Edge(plane.start, plane.end),
                Feat::Face(plane.inc_face),
            ),
        };
        emit(Pt {
            q: cur.q + (nxt.q - cur.q) * s,
            on_reference,
            on_incident,
            next: if dc < zero { Next::Side(j) } else { cur.next },
        });
    }
    Clip::Into(n)
}

/// Edge–edge contact of two boxes, in A's box frame (the SAT's axis `n`
/// there, B's axes `R` and centre `T`): of the four edges along box axis
/// `i` of `a` (`j` of `b`), the one whose other coordinates take the sign
/// of `n` in that box's frame (`−n` for `b`), as
/// `three_d::supporting_edge` names it; the point halfway between their
/// closest points (`three_d::closest_on_segments`), split by
/// `± n · distance / 2` as `three_d::edge_point` does, then placed in the
/// world and in each shape's frame.
fn edge_pair<T: Real>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    (a, b): (&Obb<T, 3>, &Obb<T, 3>),
    sat: &BoxSat<'_, T, 3>,
    (i, j): (usize, usize),
) {
    let pair = sat.pair;
    let n = sat.local.axis.into_inner();
    let (i, j) = (i % 3, j % 3);
    // −n in B's box frame.
    let nb = -pair.r.tr_mul(&n);
    let (pa, qa, ea) = box_edge(&a.half_extents(), i, &n);
    let (pb, qb, eb) = box_edge(&b.half_extents(), j, &nb);
    let (pb, qb) = (pair.r * pb + pair.t, pair.r * qb + pair.t);
    let (ca, cb) = closest_on_segments(&pa.into(), &qa.into(), &pb.into(), &qb.into());
    let two = T::one() + T::one();
    let mid = ca + (cb - ca) / two;
    let half = n * (frames.distance / two);
    let (on_a, on_b) = ((mid - half).coords, (mid + half).coords);
    // A's box frame → world, → A's shape frame, → B's shape frame.
    let origin = frames.pose_a.translation.vector + pair.offset_a;
    let world = |p: &Vector3<T>| Point3::from(pair.frame_a * p + origin);
    let local_b = b.out_of_box_frame(&pair.r.tr_mul(&(on_b - pair.t)));
    m.push(ContactPoint {
        separation: frames.distance,
        on_a: world(&on_a),
        on_b: world(&on_b),
        local_a: a.out_of_box_frame(&on_a),
        local_b,
        id: ContactId { a: ea, b: eb },
    });
}

/// The edge along box `axis` (half extents `h`, the box's own frame) that
/// supports `dir`: its two corners (from `−h_axis` to `+h_axis`) and its
/// feature `Edge(corner, corner | 1 << axis)`.
#[inline]
fn box_edge<T: Real>(
    h: &Vector3<T>,
    axis: usize,
    dir: &Vector3<T>,
) -> (Vector3<T>, Vector3<T>, ContactFeature) {
    let mut corner = 0;
    let mut q = Vector3::zeros();
    for k in 0..3 {
        q[k] = if k != axis && sign_or_plus(dir[k]) > T::zero() {
            corner |= 1 << k;
            h[k]
        } else {
            -h[k]
        };
    }
    let mut end = q;
    end[axis] = h[axis];
    let feature = Feat::Edge(corner as u8, (corner | (1 << axis)) as u8).public();
    (q, end, feature)
}

#[cfg(test)]
mod tests {
    use super::SIDE_PLANES;
    use crate::shape::box_face_vertex;

    /// The side-plane table is what the clipping computed at run time
    /// before: for edge `j` of face `i`, the axis that is neither the
    /// face's nor the edge's, and the side of the edge's corners on it.
    #[test]
    fn side_planes_are_the_faces_across_the_edges() {
        for (i, planes) in SIDE_PLANES.iter().enumerate() {
            for (j, &(k, out_plus)) in planes.iter().enumerate() {
                let start = box_face_vertex::<3>(i, j);
                let end = box_face_vertex::<3>(i, (j + 1) % 4);
                let along = (start ^ end).trailing_zeros() as usize;
                let axis = 3 - i % 3 - along;
                assert_eq!(usize::from(k), axis, "face {i}, edge {j}");
                assert_eq!(out_plus, (start >> axis) & 1 == 1, "face {i}, edge {j}");
                assert_eq!((end >> axis) & 1, (start >> axis) & 1, "face {i}, edge {j}");
            }
        }
    }
}
