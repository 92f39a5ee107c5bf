//! The 3D manifold: a face contact clips the incident face to the
//! reference face's side planes (Sutherland–Hodgman) and keeps at most four
//! points; an edge–edge contact gives one point, at the closest points of
//! the two supporting edges (docs/manifolds.md).
//!
//! ```text
//! contacts(A, B, feature, margin):          in A's local frame, n = SAT axis
//!     FaceA / FaceB:
//!         reference = the face of that shape most aligned with its outward n
//!         incident  = the other shape's local_incident_face(reference normal),
//!                     or its core when it has no faces and is a segment
//!         polygon   = the incident face's vertices, placed in A's frame
//!         for each edge j of the reference face (counter-clockwise):
//!             polygon = the part of polygon with (v_{j+1} − v_j) × n_ref · (p − v_j) <= 0
//!         keep the points with n_ref · (p − v₀) − r_ref − r_inc <= margin
//!         more than 4 → the deepest, the farthest from it, the largest
//!                        triangle, the largest quad
//!     EdgePair(i, j):
//!         one point between the closest points of edge i of A and edge j of
//!         B (each the shape's edge of that index that supports ±n)
//!     otherwise: nothing (the caller makes the one-point contact)
//! ```

use nalgebra::{Point3, Vector3};

use super::{
    reference_of, side_slop, ContactFeature, ContactId, Faces, Frames, Manifold, Side,
    MAX_CONTACT_POINTS,
};
use crate::shape::sign_or_plus;
use crate::{Feature, Pose, Real, Shape};

/// How many vertices the large clip buffers hold. Clipping a convex
/// polygon of `k` vertices by the side planes of a convex face of `m`
/// vertices gives at most `k + m` vertices (the intersection of two convex
/// polygons), and every intermediate polygon is such an intersection too:
/// the clipping is exact whenever `k + m <= CLIP_CAPACITY`. Past that
/// (faces of more than about 32 vertices each), the vertices beyond the
/// capacity are dropped at each stage: what remains is still a polygon
/// inside both faces, its points still lie on both shapes, only some of the
/// clipped polygon's corners are missing. Never a panic, never the heap.
const CLIP_CAPACITY: usize = 64;

/// How many vertices the small clip buffers hold, used whenever
/// `k + m <= SMALL_CAPACITY` (boxes, triangles and quads of hulls, capsule
/// segments on a face): the clipping is then exact in them too, so the
/// answer is the one the large buffers give, bit for bit, and the call
/// does not initialise the ~12 KB of the large ones (docs/manifolds.md,
/// "Cost").
const SMALL_CAPACITY: usize = 16;

/// The feature after a vertex of the polygon being clipped: which line the
/// polygon's edge from it to the next vertex lies on.
#[derive(Clone, Copy)]
pub(super) enum Along {
    /// The incident face's edge between these two core vertices.
    Incident(usize, usize),
    /// The reference face's side plane `j`.
    Side(usize),
}

/// A vertex of the polygon being clipped, in A's local frame, with its
/// features on the reference and the incident shape and the line its
/// outgoing edge lies on.
#[derive(Clone, Copy)]
pub(super) struct ClipPoint<T: Real> {
    pub(super) p: Point3<T>,
    pub(super) on_reference: ContactFeature,
    pub(super) on_incident: ContactFeature,
    pub(super) next: Along,
}

/// A polygon in a fixed-size buffer of `C` vertices: pushes beyond the
/// capacity are dropped (see [`CLIP_CAPACITY`]).
struct Polygon<T: Real, const C: usize> {
    pts: [ClipPoint<T>; C],
    len: usize,
}

impl<T: Real, const C: usize> Polygon<T, C> {
    fn new() -> Self {
        Self {
            pts: [ClipPoint {
                p: Point3::origin(),
                on_reference: ContactFeature::Support,
                on_incident: ContactFeature::Support,
                next: Along::Side(0),
            }; C],
            len: 0,
        }
    }

    fn push(&mut self, c: ClipPoint<T>) {
        if let Some(slot) = self.pts.get_mut(self.len) {
            *slot = c;
            self.len += 1;
        }
    }

    fn points(&self) -> &[ClipPoint<T>] {
        &self.pts[..self.len]
    }
}

/// The edge between core vertices `u` and `w`, named the same from both of
/// its faces.
#[inline]
fn edge(u: usize, w: usize) -> ContactFeature {
    ContactFeature::Edge(u.min(w), u.max(w))
}

/// `p` placed by `pose`, or `p` itself for A (no pose).
#[inline]
pub(super) fn place<T: Real>(pose: Option<&Pose<T, 3>>, p: Point3<T>) -> Point3<T> {
    pose.map_or(p, |pose| pose * p)
}

/// `v` turned by `pose`'s rotation, or `v` itself for A (no pose).
#[inline]
pub(super) fn turn<T: Real>(pose: Option<&Pose<T, 3>>, v: Vector3<T>) -> Vector3<T> {
    pose.map_or(v, |pose| pose.rotation * v)
}

/// The 3D contacts of `feature`: clipped face points, or the edge–edge
/// point; nothing for the other features (the caller then makes the
/// one-point contact).
pub(super) fn contacts<T, A, B>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    a: &A,
    b: &B,
    feature: Feature,
    margin: T,
) where
    T: Real,
    A: Shape<T, 3> + ?Sized,
    B: Shape<T, 3> + ?Sized,
{
    if let Feature::EdgePair(i, j) = feature {
        edge_contact(m, frames, a, b, i, j);
        return;
    }
    let Some((side, _)) = reference_of(feature) else {
        return;
    };
    let pose_b = Some(frames.pose_ab());
    match side {
        Side::A => clip_face(m, frames, side, a, None, b, pose_b, margin),
        Side::B => clip_face(m, frames, side, b, pose_b, a, None, margin),
    }
}

/// Face contact: clips the incident face (or segment core) to the side
/// planes of the reference face of shape `side` and pushes the points
/// within `margin`, at most four. `*_pose` places each shape in A's frame
/// (`None` for A itself).
#[allow(clippy::too_many_arguments)] // the two shapes, each with its pose
fn clip_face<T, R, I>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    side: Side,
    reference: &R,
    ref_pose: Option<&Pose<T, 3>>,
    incident: &I,
    inc_pose: Option<&Pose<T, 3>>,
    margin: T,
) where
    T: Real,
    R: Shape<T, 3> + ?Sized,
    I: Shape<T, 3> + ?Sized,
{
    let Some(fr) = Faces::new(reference) else {
        return;
    };
    // The SAT's feature index is in the numbering of the path that found
    // it: the box path numbers a box's faces in its own box frame, and a
    // shape answering only `as_obb` may number its faces unlike that box.
    // The face most aligned with the axis is the same face in every
    // numbering, so the reference face is found again from the axis.
    let out = if side == Side::A {
        frames.normal
    } else {
        -frames.normal
    };
    let (ref_face, ref_normal) = fr.most_aligned(|i| turn(ref_pose, fr.normal(i)), &out);
    let n_ref = fr.vertex_count(ref_face);
    if n_ref < 3 {
        return;
    }
    let ref_vertex = |k: usize| {
        let (v, p) = fr.vertex(ref_face, k % n_ref);
        (v, place(ref_pose, p))
    };

    // The incident polygon, in A's frame: its vertex count, its feature,
    // and its `k`-th vertex.
    let on_reference = ContactFeature::Face(ref_face);
    let inc_faces = Faces::new(incident);
    let (n_inc, inc_face, segment) = if let Some(fi) = &inc_faces {
        let dir = inc_pose.map_or(ref_normal, |p| {
            p.rotation.inverse_transform_vector(&ref_normal)
        });
        let Some(f) = fi.incident(&dir) else {
            return;
        };
        (fi.vertex_count(f), ContactFeature::Face(f), None)
    } else if incident.face_count() == 0 && incident.core_vertex_count() == 2 {
        // A segment core (a capsule in 3D), clipped as an open polygon.
        let (p, q) = (incident.local_core_vertex(0), incident.local_core_vertex(1));
        if p == q {
            return;
        }
        (2, edge(0, 1), Some((p, q)))
    } else {
        return;
    };
    let inc_vertex = |k: usize| match (&inc_faces, segment, inc_face) {
        (Some(fi), _, ContactFeature::Face(f)) => {
            let (v, p) = fi.vertex(f, k);
            let (w, _) = fi.vertex(f, (k + 1) % n_inc);
            ClipPoint {
                p: place(inc_pose, p),
                on_reference,
                on_incident: ContactFeature::Vertex(v),
                next: Along::Incident(v, w),
            }
        }
        (_, Some((p, q)), _) => ClipPoint {
            p: place(inc_pose, if k == 0 { p } else { q }),
            on_reference,
            on_incident: ContactFeature::Vertex(k),
            next: Along::Incident(0, 1),
        },
        _ => ClipPoint {
            p: Point3::origin(),
            on_reference,
            on_incident: ContactFeature::Support,
            next: Along::Side(0),
        },
    };
    let face = RefFace {
        side,
        index: ref_face,
        normal: ref_normal,
        count: n_ref,
    };
    let incident_shape = incident;
    let incident = IncFace {
        count: n_inc,
        feature: inc_face,
    };
    // The incident shape's core vertex lowest along the reference normal:
    // the SAT's deepest point, which the clipping may have cut away.
    let deepest = || {
        let count = incident_shape.core_vertex_count();
        let height = |p: &Point3<T>| ref_normal.dot(&p.coords);
        let mut best: Option<(usize, Point3<T>, T)> = None;
        for v in 0..count {
            let p = place(inc_pose, incident_shape.local_core_vertex(v));
            let h = height(&p);
            if best.is_none_or(|(_, _, least)| h < least) {
                best = Some((v, p, h));
            }
        }
        best.map(|(v, p, _)| ClipPoint {
            p,
            on_reference,
            on_incident: ContactFeature::Vertex(v),
            next: Along::Side(0),
        })
    };
    if n_inc + n_ref <= SMALL_CAPACITY {
        clip_and_push::<T, SMALL_CAPACITY>(
            m, frames, &face, ref_vertex, &incident, inc_vertex, deepest, margin,
        );
    } else {
        clip_and_push::<T, CLIP_CAPACITY>(
            m, frames, &face, ref_vertex, &incident, inc_vertex, deepest, margin,
        );
    }
}

/// The reference face of a face contact, in A's frame.
pub(super) struct RefFace<T: Real> {
    /// The shape it belongs to.
    pub(super) side: Side,
    /// Its index in that shape's face numbering.
    pub(super) index: usize,
    /// Its outward normal, in A's frame.
    pub(super) normal: Vector3<T>,
    /// Its vertex count (at least 3).
    pub(super) count: usize,
}

/// The incident polygon of a face contact: its vertex count and its
/// feature on the incident shape (a face, or a segment core's edge).
pub(super) struct IncFace {
    pub(super) count: usize,
    pub(super) feature: ContactFeature,
}

/// Clips the incident polygon (its `k`-th vertex from `inc_vertex`, for
/// `k < incident.count`, at most `C` of them) to the side planes of
/// `face` (its `k`-th vertex, core index and position in A's frame, from
/// `ref_vertex`, for `k <= face.count`, wrapping around) in buffers of `C`
/// vertices, and pushes the points within `margin`, at most four.
///
/// The deepest point is always among them: when the shapes overlap and
/// the clipping cut away the incident shape's vertex lowest along the
/// reference normal (`deepest`, asked only then), that vertex joins the
/// candidates, so the manifold's least separation is `−depth` (docs/manifolds.md,
/// "The deepest point is kept").
#[allow(clippy::too_many_arguments)] // the two faces, each with its vertices
pub(super) fn clip_and_push<T: Real, const C: usize>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    face: &RefFace<T>,
    ref_vertex: impl Fn(usize) -> (usize, Point3<T>),
    incident: &IncFace,
    inc_vertex: impl Fn(usize) -> ClipPoint<T>,
    deepest: impl FnOnce() -> Option<ClipPoint<T>>,
    margin: T,
) {
    let (side, ref_face, ref_normal, n_ref) = (face.side, face.index, face.normal, face.count);
    let mut poly = Polygon::<T, C>::new();
    for k in 0..incident.count.min(C) {
        poly.push(inc_vertex(k));
    }

    // Two buffers, each pass clipping one into the other (no copy).
    let mut bufs = [poly, Polygon::new()];
    let mut current = 0;
    for j in 0..n_ref {
        let ((v, o), (w, e)) = (ref_vertex(j), ref_vertex(j + 1));
        let outward = (e - o).cross(&ref_normal);
        let [first, second] = &mut bufs;
        let (src, dst) = if current == 0 {
            (&*first, second)
        } else {
            (&*second, first)
        };
        clip_to_plane(src, dst, &outward, &o, (j, n_ref), (v, w), incident.feature);
        current = 1 - current;
        if bufs[current].len == 0 {
            break;
        }
    }
    let poly = &bufs[current];

    // Keep the points within the margin: (index in `poly`, separation).
    let (r_ref, r_inc) = match side {
        Side::A => (frames.radius_a, frames.radius_b),
        Side::B => (frames.radius_b, frames.radius_a),
    };
    let (_, o) = ref_vertex(0);
    let height = |c: &ClipPoint<T>| ref_normal.dot(&(c.p - o));
    let mut kept = [(0, T::zero()); C];
    let mut n_kept = 0;
    for (k, c) in poly.points().iter().enumerate() {
        let separation = height(c) - r_ref - r_inc;
        if separation <= margin {
            kept[n_kept] = (k, separation);
            n_kept += 1;
        }
    }
    // The deepest vertex, when the clipping lost it: index `C` below.
    let least = kept[..n_kept].iter().map(|k| k.1).reduce(|x, y| x.min(y));
    let slack = deepest_slack(frames, &o, least);
    let mut extra = None;
    // Only for overlapping shapes: apart, the SAT distance bounds the gap
    // from below, and a point outside the face at that distance would be
    // a contact closer than the shapes are.
    let overlapping = frames.distance < T::zero();
    if overlapping
        && least.is_none_or(|least| least > frames.distance + slack)
        && let Some(c) = deepest()
    {
        let separation = height(&c) - r_ref - r_inc;
        if separation <= margin && least.is_none_or(|least| separation < least - slack) {
            extra = Some(c);
            let slot = if n_kept < C {
                n_kept += 1;
                n_kept - 1
            } else {
                // A full list gives up its shallowest point.
                (0..n_kept).fold(0, |s, i| if kept[i].1 > kept[s].1 { i } else { s })
            };
            kept[slot] = (C, separation);
        }
    }
    let point = |k: usize| {
        if k == C {
            extra.as_ref()
        } else {
            poly.pts.get(k)
        }
    };
    let kept = &kept[..n_kept];
    let area_from = |a: Point3<T>, b: Point3<T>| {
        let u = b - a;
        move |c: Point3<T>| ref_normal.dot(&u.cross(&(c - a)))
    };
    let chosen = reduce(kept, |k| point(k).map_or(o, |c| c.p), area_from);
    m.reference = Some((side, ref_face));
    for &(k, separation) in chosen.iter().flatten() {
        let Some(c) = point(k) else {
            continue;
        };
        frames.push_clipped(
            m,
            side,
            c.p,
            &ref_normal,
            height(c),
            separation,
            c.on_reference,
            c.on_incident,
        );
    }
}

/// How much deeper than every clipped point (the least separation
/// `least`) the incident shape's lowest vertex must lie to be added
/// (`clip_and_push`): the round-off of two heights, 64 ε of the pair's
/// scale (the reference vertex `o`'s distance from A's origin, the
/// separations, the radii). Within it the clipped points already hold
/// the SAT depth, and a vertex outside the reference face at their height
/// (a face lying flat on a smaller one) is not added.
#[inline]
fn deepest_slack<T: Real>(frames: &Frames<'_, T, 3>, o: &Point3<T>, least: Option<T>) -> T {
    let scale = o.coords.norm()
        + frames.distance.abs()
        + least.map_or(T::zero(), |l| l.abs())
        + frames.radius_a
        + frames.radius_b;
    T::default_epsilon() * nalgebra::convert::<f64, T>(64.0) * scale
}

/// One Sutherland–Hodgman step: `out` becomes the part of `poly` where
/// `outward · (p − o) <= 0`, the inner side of the reference face's side
/// plane `j` (of `n_ref`). `(start, end)` are the core vertices of the
/// reference edge `j`; `inc_face` is the incident feature of a point on
/// two side planes.
///
/// A vertex outside by at most [`side_slop`](super::side_slop) of the
/// reference edge's length counts as inside: kept where it is, with its
/// own id, and no crossing next to it.
///
/// A polygon of two vertices is an open segment (a capsule's core): its
/// closing edge is not clipped, so no point is found twice.
fn clip_to_plane<T: Real, const C: usize>(
    poly: &Polygon<T, C>,
    out: &mut Polygon<T, C>,
    outward: &Vector3<T>,
    o: &Point3<T>,
    (j, n_ref): (usize, usize),
    (start, end): (usize, usize),
    inc_face: ContactFeature,
) {
    out.len = 0;
    let pts = poly.points();
    let len = pts.len();
    let Some(first) = pts.first() else {
        return;
    };
    let height = |c: &ClipPoint<T>| outward.dot(&(c.p - o));
    let zero = T::zero();
    // Inside within the slop of the reference edge's length (`height` is
    // `|outward|`, that length, times the distance).
    let slop = side_slop::<T>() * outward.norm_squared();
    // Each height is computed once: the next vertex's is carried over.
    let d0 = height(first);
    let mut next_height = d0;
    for i in 0..len {
        let (cur, nxt) = (pts[i], pts[(i + 1) % len]);
        let closing = len <= 2 && i + 1 == len;
        let dc = next_height;
        let dn = if i + 1 == len { d0 } else { height(&nxt) };
        next_height = dn;
        if dc <= slop {
            let mut kept = cur;
            if dc >= zero && dn > slop && !closing {
                // `cur` is itself where the polygon leaves: its edge now
                // runs along the side plane.
                kept.next = Along::Side(j);
            }
            out.push(kept);
        }
        if closing || !((dc < zero && dn > slop) || (dc > slop && dn < zero)) {
            continue;
        }
        let s = dc / (dc - dn);
        let (on_reference, on_incident) = match cur.next {
            Along::Incident(u, w) => (edge(start, end), edge(u, w)),
            // On two side planes: above the reference vertex they share.
            Along::Side(k) if (k + 1) % n_ref == j => (ContactFeature::Vertex(start), inc_face),
            Along::Side(k) if (j + 1) % n_ref == k => (ContactFeature::Vertex(end), inc_face),
            Along::Side(_) => (edge(start, end), inc_face),
        };
        out.push(ClipPoint {
            p: cur.p + (nxt.p - cur.p) * s,
            on_reference,
            on_incident,
            // Leaving: the polygon goes on along the side plane; entering:
            // along `cur`'s edge.
            next: if dc < zero { Along::Side(j) } else { cur.next },
        });
    }
}

/// The relative slack of the spread choices of [`reduce`] (the farthest
/// point, the largest triangles): a later candidate replaces the best so
/// far only when its score is larger by more than `√ε` of it, so
/// candidates within that of each other are equals and the first in the
/// polygon's order wins. Two candidates often tie exactly: on a box, a
/// point of an incident edge parallel to the line of the first two points
/// makes the same triangle as any other point of that edge. Round-off
/// then chose between them, and differently in two computations of the
/// same polygon (the box path clips in the reference box's frame, the
/// generic path in A's): `√ε` (1.5e-8 in `f64`, 3.5e-4 in `f32`) is far
/// above the round-off of those scores and far below any difference of
/// area that matters to a contact (tests/manifolds_box.rs::box_path_agrees_with_the_generic_path).
#[inline]
pub(super) fn reduce_slack<T: Real>() -> T {
    T::default_epsilon().sqrt()
}

/// At most [`MAX_CONTACT_POINTS`] of the `kept` points `(index, separation)`
/// (positions from `at`), in this order: the deepest (the first of
/// equals, exactly); then, each the first of equals within
/// [`reduce_slack`], the one farthest from it; the one making the largest triangle
/// with those two; the one adding the largest triangle outside one of that
/// triangle's edges (so the largest quad given the first three). Areas are
/// measured along `normal` (in the reference plane). All of them when
/// there are four or fewer, in the polygon's order; fewer than four when
/// the others add no area. `area_from(a, b)` is the signed area (times
/// two) of the triangle `(a, b, c)` seen along the reference normal, as a
/// function of `c`: what depends on `a` and `b` alone is computed once per
/// edge, not once per candidate.
pub(super) fn reduce<T, F, G>(
    kept: &[(usize, T)],
    at: impl Fn(usize) -> Point3<T>,
    area_from: F,
) -> [Option<(usize, T)>; MAX_CONTACT_POINTS]
where
    T: Real,
    F: Fn(Point3<T>, Point3<T>) -> G,
    G: Fn(Point3<T>) -> T,
{
    let mut chosen = [None; MAX_CONTACT_POINTS];
    if kept.len() <= MAX_CONTACT_POINTS {
        for (slot, &k) in chosen.iter_mut().zip(kept) {
            *slot = Some(k);
        }
        return chosen;
    }
    // The index in `kept` of the largest `score`, the first of equals
    // within the relative slack `reduce_slack`; `None` when no score is
    // above zero. A later candidate must beat `b + b · slack` of the best
    // `b` so far (zero before the first). Generic over the score, so that
    // each is inlined into its loop.
    #[inline(always)]
    fn best<T: Real>(
        kept: &[(usize, T)],
        at: &impl Fn(usize) -> Point3<T>,
        score: impl Fn(Point3<T>) -> T,
    ) -> Option<usize> {
        let slack = reduce_slack::<T>();
        let mut bar = T::zero();
        let mut best = None;
        for (i, &(k, _)) in kept.iter().enumerate() {
            let s = score(at(k));
            if s > bar {
                bar = s + s * slack;
                best = Some(i);
            }
        }
        best
    }
    let mut deepest = 0;
    let mut least = kept[0].1;
    for (i, &(_, s)) in kept.iter().enumerate().skip(1) {
        if s < least {
            (deepest, least) = (i, s);
        }
    }
    let p0 = at(kept[deepest].0);
    chosen[0] = Some(kept[deepest]);
    let Some(i1) = best(kept, &at, |p| (p - p0).norm_squared()) else {
        return chosen;
    };
    let p1 = at(kept[i1].0);
    chosen[1] = Some(kept[i1]);
    let from_01 = area_from(p0, p1);
    let Some(i2) = best(kept, &at, |p| from_01(p).abs()) else {
        return chosen;
    };
    let p2 = at(kept[i2].0);
    chosen[2] = Some(kept[i2]);
    // Counter-clockwise about `normal`: a point outside an edge has a
    // negative area with it.
    let (p1, p2) = if from_01(p2) > T::zero() {
        (p1, p2)
    } else {
        (p2, p1)
    };
    let (e01, e12, e20) = (area_from(p0, p1), area_from(p1, p2), area_from(p2, p0));
    let outside = |p| {
        let x = -e01(p);
        let y = -e12(p);
        let z = -e20(p);
        x.max(y).max(z)
    };
    if let Some(i3) = best(kept, &at, outside) {
        chosen[3] = Some(kept[i3]);
    }
    chosen
}

/// Edge–edge contact: one point, halfway between the closest points of the
/// supporting edges (each pushed out to its shape's surface by its
/// radius), with the SAT distance as its separation. Nothing when a shape
/// cannot name its edge (then the caller makes the one-point contact).
pub(super) fn edge_contact<T, A, B>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    a: &A,
    b: &B,
    i: usize,
    j: usize,
) where
    T: Real,
    A: Shape<T, 3> + ?Sized,
    B: Shape<T, 3> + ?Sized,
{
    let n = frames.normal;
    let Some((pa, qa, ea)) = supporting_edge(a, i, &n) else {
        return;
    };
    let dir_b = frames.pose_ab().rotation.inverse_transform_vector(&-n);
    let Some((pb, qb, eb)) = supporting_edge(b, j, &dir_b) else {
        return;
    };
    let (pb, qb) = (frames.pose_ab() * pb, frames.pose_ab() * qb);
    edge_point(m, frames, (&pa, &qa, ea), (&pb, &qb, eb));
}

/// The one point of an edge–edge contact, from the two supporting edges in
/// A's frame (ends and feature): halfway between their closest points,
/// each pushed out by its shape's radius, with the SAT distance as its
/// separation. Shared by [`edge_contact`] and the box path (`box3.rs`).
pub(super) fn edge_point<T: Real>(
    m: &mut Manifold<T, 3>,
    frames: &Frames<'_, T, 3>,
    (pa, qa, ea): (&Point3<T>, &Point3<T>, ContactFeature),
    (pb, qb, eb): (&Point3<T>, &Point3<T>, ContactFeature),
) {
    let n = frames.normal;
    let (ca, cb) = closest_on_segments(pa, qa, pb, qb);
    let surface_a = ca + n * frames.radius_a;
    let surface_b = cb - n * frames.radius_b;
    let two = T::one() + T::one();
    let mid = surface_a + (surface_b - surface_a) / two;
    let half = n * (frames.distance / two);
    m.push(frames.point(
        frames.distance,
        mid - half,
        mid + half,
        ContactId { a: ea, b: eb },
    ));
}

/// Edge `i` of `shape` (the index of [`Shape::local_edge`], as in
/// [`Feature::EdgePair`]) as the segment that supports `dir` (local): its
/// ends and its feature.
///
/// * a polyhedron ([`Shape::as_polyhedron`]): its edge `i`, from
///   [`edge_vertices`](crate::ConvexPolyhedron::edge_vertices);
/// * a box ([`Shape::as_obb_ref`], [`Shape::as_obb`]): of the four edges
///   along axis `i`, the one whose other coordinates take the sign of
///   `dir` (its corners by [`Shape::local_core_vertex`] numbering);
/// * a segment core (two core vertices, a capsule): the segment;
/// * otherwise `None`.
fn supporting_edge<T, S>(
    shape: &S,
    i: usize,
    dir: &Vector3<T>,
) -> Option<(Point3<T>, Point3<T>, ContactFeature)>
where
    T: Real,
    S: Shape<T, 3> + ?Sized,
{
    if let Some(p) = shape.as_polyhedron() {
        let &[u, w] = p.edge_vertices().get(i)?;
        let v = p.vertices();
        return Some((*v.get(u)?, *v.get(w)?, edge(u, w)));
    }
    if let Some(obb) = crate::shape::obb_of(shape) {
        let axis = i % 3;
        let d = obb.rotation().inverse_transform_vector(dir);
        let mut corner = 0;
        for k in 0..3 {
            if k != axis && sign_or_plus(d[k]) > T::zero() {
                corner |= 1 << k;
            }
        }
        let (u, w) = (corner, corner | (1 << axis));
        return Some((
            obb.local_core_vertex(u),
            obb.local_core_vertex(w),
            edge(u, w),
        ));
    }
    (shape.core_vertex_count() == 2).then(|| {
        (
            shape.local_core_vertex(0),
            shape.local_core_vertex(1),
            edge(0, 1),
        )
    })
}

/// The closest points of the segments `[p1, q1]` and `[p2, q2]` (Ericson,
/// Real-Time Collision Detection, 5.1.9); for parallel segments, the
/// points from `p1` (or the nearest end).
pub(super) fn closest_on_segments<T: Real>(
    p1: &Point3<T>,
    q1: &Point3<T>,
    p2: &Point3<T>,
    q2: &Point3<T>,
) -> (Point3<T>, Point3<T>) {
    let (zero, one) = (T::zero(), T::one());
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let a = d1.norm_squared();
    let e = d2.norm_squared();
    let f = d2.dot(&r);
    let (s, t) = if a <= zero && e <= zero {
        (zero, zero)
    } else if a <= zero {
        (zero, (f / e).clamp(zero, one))
    } else {
        let c = d1.dot(&r);
        if e <= zero {
            ((-c / a).clamp(zero, one), zero)
        } else {
            let b = d1.dot(&d2);
            let denom = a * e - b * b;
            let s = if denom > zero {
                ((b * f - c * e) / denom).clamp(zero, one)
            } else {
                zero
            };
            let t = (b * s + f) / e;
            if t < zero {
                ((-c / a).clamp(zero, one), zero)
            } else if t > one {
                (((b - c) / a).clamp(zero, one), one)
            } else {
                (s, t)
            }
        }
    };
    (p1 + d1 * s, p2 + d2 * t)
}
