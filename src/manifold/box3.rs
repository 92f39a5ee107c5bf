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

use nalgebra::{Point3, Unit, Vector3};

use super::box_frame::{face_of_b, BoxSat, Feat, RefBox, FACE_LOOPS};
use super::prefer_face::best_box_face;
use super::three_d::{closest_on_segments, reduce_slack};
use super::{
    side_slop, ContactFeature, ContactId, ContactPoint, Frames, Manifold, Side, MAX_CONTACT_POINTS,
};
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
        Feature::EdgePair(i, j) => {
            // Faces before edges (`prefer_face.rs`): the best face when the
            // edge pair does not beat it by the tolerance, clipped as if
            // the SAT had chosen it; the edge point when that clips empty.
            let (ha, hb) = (a.half_extents(), b.half_extents());
            let best = best_box_face(&ha, &hb, &sat.pair.r, &sat.pair.t);
            if best.wins_over(sat.local.distance) {
                let sat_normal = m.normal();
                m.restart(Unit::new_unchecked(
                    sat.pair.frame_a * best.axis.into_inner(),
                ));
                match best.feature {
                    Feature::FaceA(f) => face(m, frames, Side::A, (a, b), sat, f, margin),
                    Feature::FaceB(f) => face(m, frames, Side::B, (b, a), sat, f, margin),
                    _ => {}
                }
                if !m.is_empty() {
                    return;
                }
                m.restart(sat_normal);
            }
            edge_pair(m, frames, (a, b), sat, (i, j));
        }
        Feature::FaceA(i) => face(m, frames, Side::A, (a, b), sat, i, margin),
        Feature::FaceB(i) => face_of_b(m, frames, (a, b), sat, i, margin, face),
        _ => {}
    }
}

/// A vertex of the polygon being clipped, in the reference box's frame,
/// with its two features and the line its outgoing edge lies on as
/// one-byte codes relative to the call (16 bytes in `f32`, so that a copy
/// is one move):
///
/// * `on_reference`: [`REF_FACE`] (the reference face), `REF_EDGE + j`
///   (the reference edge of side plane `j`), `REF_VERTEX + m` (corner `m`
///   of the reference face's loop);
/// * `on_incident`: `INC_VERTEX + k` (corner `k` of the incident face's
///   loop), `INC_EDGE + k` (its edge from corner `k` to `k + 1`),
///   [`INC_FACE`];
/// * `next` (as `three_d::Along`): `k < 4`, the incident edge `k`;
///   `SIDE + j`, side plane `j`.
#[derive(Clone, Copy)]
struct Pt<T: Real> {
    q: Vector3<T>,
    on_reference: u8,
    on_incident: u8,
    next: u8,
    /// Unused: no padding, so that a blank buffer is one fill of zeros.
    _pad: u8,
}

const REF_FACE: u8 = 0;
const REF_EDGE: u8 = 1;
const REF_VERTEX: u8 = 5;
const INC_VERTEX: u8 = 0;
const INC_EDGE: u8 = 4;
const INC_FACE: u8 = 8;
const SIDE: u8 = 4;

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

/// The eight corners of the incident box in the reference box's frame,
/// corner `v` at index `v`: its centre plus or minus each half axis
/// (`offsets`), added in the order of the axes (`((c ± o₀) ± o₁) ± o₂`,
/// the same bits as a sum per corner), the partial sums shared.
#[inline(always)]
fn corners<T: Real>(center: &Vector3<T>, offsets: &[Vector3<T>; 3]) -> [Vector3<T>; 8] {
    let l1 = [center - offsets[0], center + offsets[0]];
    let l2 = [
        l1[0] - offsets[1],
        l1[1] - offsets[1],
        l1[0] + offsets[1],
        l1[1] + offsets[1],
    ];
    core::array::from_fn(|v| {
        if v < 4 {
            l2[v] - offsets[2]
        } else {
            l2[v - 4] + offsets[2]
        }
    })
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
    let f = rb.incident_face(axis, plus) % 6;
    let h = rb.half;

    // Two buffers, each pass clipping one into the other (a pass that
    // keeps every point leaves its input as it is).
    let blank = Pt {
        q: Vector3::zeros(),
        on_reference: 0,
        on_incident: 0,
        next: 0,
        _pad: 0,
    };
    let mut bufs = [[blank; CAP]; 2];
    let inc_loop = FACE_LOOPS[f];
    let all = corners(&rb.center, &rb.incident_offsets());
    for (k, slot) in bufs[0].iter_mut().take(4).enumerate() {
        *slot = Pt {
            q: all[usize::from(inc_loop[k])],
            on_reference: REF_FACE,
            on_incident: INC_VERTEX + k as u8,
            next: k as u8,
            _pad: 0,
        };
    }
    let mut len = 4;
    let mut current = 0;
    for (j, &(k, out_plus)) in SIDE_PLANES[index].iter().enumerate() {
        let [first, second] = &mut bufs;
        let (src, dst) = if current == 0 {
            (&*first, second)
        } else {
            (&*second, first)
        };
        let k = usize::from(k);
        // The reference edge of side plane `j` runs along the axis that is
        // neither the face's nor `k`.
        let along = 3 - axis - k;
        let edge_length = h[along] + h[along];
        if let Some(n) = clip_to_plane(&src[..len], dst, k, out_plus, (h[k], edge_length), j as u8)
        {
            len = n;
            current = 1 - current;
        }
        if len == 0 {
            return;
        }
    }
    let poly = &bufs[current][..len];

    // The points within the margin, with their separations (`±qₐ − hₐ`)
    // and their coordinates in the face's plane (for the reduction).
    let (a1, a2) = ((axis + 1) % 3, (axis + 2) % 3);
    let zero = T::zero();
    let mut kept = Kept {
        index: [0; CAP],
        separation: [zero; CAP],
        x: [zero; CAP],
        y: [zero; CAP],
        len: 0,
    };
    for (k, p) in poly.iter().enumerate() {
        let separation = if plus {
            p.q[axis] - h[axis]
        } else {
            -p.q[axis] - h[axis]
        };
        if separation <= margin && kept.len < CAP {
            let i = kept.len;
            kept.index[i] = k as u8;
            kept.separation[i] = separation;
            (kept.x[i], kept.y[i]) = (p.q[a1], p.q[a2]);
            kept.len += 1;
        }
    }
    let (chosen, n_chosen) = reduce_face(poly, &kept, plus);
    m.reference = Some((side, index));
    let ref_loop = FACE_LOOPS[index];
    let on_reference = |c: u8| match c {
        REF_FACE => Feat::Face(index as u8),
        c if c < REF_VERTEX => Feat::Edge(
            ref_loop[usize::from(c - REF_EDGE)],
            ref_loop[usize::from(c % 4)],
        ),
        c => Feat::Vertex(ref_loop[usize::from(c - REF_VERTEX) % 4]),
    };
    let on_incident = |c: u8| match c {
        c if c < INC_EDGE => Feat::Vertex(inc_loop[usize::from(c)]),
        c if c < INC_FACE => Feat::Edge(
            inc_loop[usize::from(c - INC_EDGE)],
            inc_loop[usize::from(c - INC_EDGE + 1) % 4],
        ),
        _ => Feat::Face(f as u8),
    };
    for &i in &chosen[..n_chosen] {
        let (p, separation) = (&poly[usize::from(kept.index[i])], kept.separation[i]);
        rb.push(
            m,
            &p.q,
            axis,
            plus,
            separation,
            on_reference(p.on_reference).public(),
            on_incident(p.on_incident).public(),
        );
    }
}

/// The points of a clipped polygon within the margin: their index in the
/// polygon, separation and two coordinates in the reference face's plane
/// (`q_{a+1}`, `q_{a+2}`).
struct Kept<T> {
    index: [u8; CAP],
    separation: [T; CAP],
    x: [T; CAP],
    y: [T; CAP],
    len: usize,
}

/// `three_d::reduce` on a box face contact: of the `kept` points of
/// `poly`, at most four (their indices in `kept`, and how many), chosen
/// by the same rules, with the same scores computed by the same
/// expressions (so the same choices, bit for bit): the deepest; the
/// farthest from it; the largest triangle with those two; the largest
/// triangle outside one of that triangle's edges, each the first of
/// equals within `three_d::reduce_slack`. Areas are
/// `nₐ · ((b − a) × (c − a))` with `nₐ = ±eₐ` the reference normal (`+`
/// when `plus`), from the points' coordinates in the face's plane.
fn reduce_face<T: Real>(
    poly: &[Pt<T>],
    kept: &Kept<T>,
    plus: bool,
) -> ([usize; MAX_CONTACT_POINTS], usize) {
    let n = kept.len.min(CAP);
    if n <= MAX_CONTACT_POINTS {
        return ([0, 1, 2, 3], n);
    }
    let zero = T::zero();
    let (x, y) = (&kept.x, &kept.y);
    let at = |i: usize| &poly[usize::from(kept.index[i]) % poly.len()].q;
    // The index of the largest score, the first of equals within the
    // slack; `None` when none is above zero. Generic over the score, so
    // that each is inlined into its loop.
    #[inline(always)]
    fn best<T: Real>(n: usize, score: impl Fn(usize) -> T) -> Option<usize> {
        let slack = reduce_slack::<T>();
        let mut bar = T::zero();
        let mut best = None;
        for i in 0..n {
            let s = score(i);
            if s > bar {
                bar = s + s * slack;
                best = Some(i);
            }
        }
        best
    }
    let mut i0 = 0;
    let mut least = kept.separation[0];
    for (i, &s) in kept.separation.iter().enumerate().take(n).skip(1) {
        if s < least {
            (i0, least) = (i, s);
        }
    }
    let p0 = *at(i0);
    let Some(i1) = best(n, |i| (at(i) - p0).norm_squared()) else {
        return ([i0, 0, 0, 0], 1);
    };
    // The area of (a, b, c) along +eₐ, without the sign of −eₐ:
    // `u1 (c₂ − a₂) − u2 (c₁ − a₁)`, as `three_d::reduce`'s `area_from`.
    let edge = |a: usize, b: usize| (x[a], y[a], x[b] - x[a], y[b] - y[a]);
    let area = |(ax, ay, u1, u2): (T, T, T, T), c: usize| u1 * (y[c] - ay) - u2 * (x[c] - ax);
    let e01 = edge(i0, i1);
    let Some(i2) = best(n, |i| area(e01, i).abs()) else {
        return ([i0, i1, 0, 0], 2);
    };
    // Counter-clockwise about the normal: a point outside an edge has a
    // negative (signed) area with it.
    let z = area(e01, i2);
    let ccw = if plus { z > zero } else { -z > zero };
    let (j1, j2) = if ccw { (i1, i2) } else { (i2, i1) };
    let (e01, e12, e20) = (edge(i0, j1), edge(j1, j2), edge(j2, i0));
    let outside = |i: usize| {
        let (u, v, w) = (area(e01, i), area(e12, i), area(e20, i));
        if plus {
            (-u).max(-v).max(-w)
        } else {
            u.max(v).max(w)
        }
    };
    match best(n, outside) {
        Some(i3) => ([i0, i1, i2, i3], 4),
        None => ([i0, i1, i2, 0], 3),
    }
}

/// One Sutherland–Hodgman step in the reference box's frame: the part of
/// `pts` where `±q_k − h_k <= 0` (`+` when `out_plus`), the inner side of
/// side plane `j`, written to `out`; `None` when every point is on the
/// inner side (no vertex has a positive neighbour, so none changes its
/// outgoing edge, and no edge crosses: the step would copy the polygon as
/// it is). A point outside by at most the side slop of the reference
/// edge's length `edge_length` counts as inside. The same steps, tests and
/// names as `three_d::clip_to_plane` on
/// a closed polygon; a polygon of two points (a degenerate clip) is an
/// open segment there, and here.
#[inline(always)]
fn clip_to_plane<T: Real>(
    pts: &[Pt<T>],
    out: &mut [Pt<T>; CAP],
    k: usize,
    out_plus: bool,
    (hk, edge_length): (T, T),
    j: u8,
) -> Option<usize> {
    let zero = T::zero();
    let len = pts.len().min(CAP);
    // One slot more than the points: `d[len]` repeats `d[0]`, the far end
    // of the closing edge.
    let mut d = [zero; CAP + 1];
    let mut inside = 0;
    let slop = side_slop::<T>() * edge_length;
    for (di, p) in d.iter_mut().zip(pts) {
        *di = if out_plus { p.q[k] - hk } else { -p.q[k] - hk };
        inside += usize::from(*di <= slop);
    }
    if inside == len {
        return None;
    }
    d[len] = d[0];
    let mut n = 0;
    let mut emit = |p: Pt<T>| {
        if n < CAP {
            out[n] = p;
            n += 1;
        }
    };
    let side = SIDE + j;
    let (next_side, prev_side) = (SIDE + (j + 1) % 4, SIDE + (j + 3) % 4);
    for i in 0..len {
        let last = i + 1 == len;
        let closing = len <= 2 && last;
        let (dc, dn) = (d[i], d[i + 1]);
        let cur = &pts[i];
        if dc <= slop {
            let mut kept = *cur;
            if dc >= zero && dn > slop && !closing {
                kept.next = side;
            }
            emit(kept);
        }
        if closing || !((dc < zero && dn > slop) || (dc > slop && dn < zero)) {
            continue;
        }
        let nxt = &pts[if last { 0 } else { i + 1 }];
        let s = dc / (dc - dn);
        // Named by what the new point lies on: the incident edge and the
        // reference edge; or the incident face and the reference corner
        // two adjacent side planes share; or the incident face and the
        // reference edge.
        let (on_reference, on_incident) = if cur.next < SIDE {
            (REF_EDGE + j, INC_EDGE + cur.next)
        } else if cur.next == prev_side {
            (REF_VERTEX + j, INC_FACE)
        } else if cur.next == next_side {
            (REF_VERTEX + (j + 1) % 4, INC_FACE)
        } else {
            (REF_EDGE + j, INC_FACE)
        };
        emit(Pt {
            q: cur.q + (nxt.q - cur.q) * s,
            on_reference,
            on_incident,
            next: if dc < zero { side } else { cur.next },
            _pad: 0,
        });
    }
    Some(n)
}

/// Edge–edge contact of two boxes, in A's box frame (the SAT's axis `n`
/// there, B's axes `R` and centre `T`): of the four edges along box axis
/// `i` of `a` (`j` of `b`), the one whose other coordinates take the sign
/// of `n` in that box's frame (`−n` for `b`), as
/// `three_d::supporting_edge` names it; the point halfway between their
/// closest points (`three_d::closest_on_segments`), split by
/// `± n · distance / 2` as `three_d::edge_point` does, then placed in the
/// world and in each shape's frame.
// Kept out of `contacts`, whose frame every face contact enters too.
#[inline(never)]
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
    // Bit `k` of the corner is set for `+h_k` where `dir`'s component is
    // not negative (as `sign_or_plus`: NaN counts as `+`), for every axis
    // but `axis` (whose bit is clear: the edge starts at `−h_axis`).
    let minus = |k: usize| usize::from(dir[k] < T::zero());
    let corner = ((minus(0) | minus(1) << 1 | minus(2) << 2) ^ 7) & !(1 << axis);
    let at = |k: usize| if corner >> k & 1 == 1 { h[k] } else { -h[k] };
    let q = Vector3::new(at(0), at(1), at(2));
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
