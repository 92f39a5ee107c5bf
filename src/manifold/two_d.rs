//! The 2D clipping: the reference face's edge, the incident edge clipped
//! to its two side planes (Box2D's `b2ClipPolygons`; docs/manifolds.md).

use nalgebra::{Point2, Vector2};

use super::{reference_of, side_slop, ContactFeature, Faces, Frames, Manifold, Side};
use crate::{Feature, Real, Shape};

/// Face contact in 2D: when the SAT feature is a face of A or of B and both
/// shapes list their faces, clips the incident edge to the reference face
/// and pushes the points within `margin`. Pushes nothing otherwise (the
/// caller then makes the one-point contact).
pub(super) fn contacts<T, A, B>(
    m: &mut Manifold<T, 2>,
    frames: &Frames<'_, T, 2>,
    a: &A,
    b: &B,
    feature: Feature,
    margin: T,
) where
    T: Real,
    A: Shape<T, 2> + ?Sized,
    B: Shape<T, 2> + ?Sized,
{
    let Some((side, _)) = reference_of(feature) else {
        return;
    };
    if let (Some(fa), Some(fb)) = (Faces::new(a), Faces::new(b)) {
        clip(m, frames, &fa, &fb, side, &frames.normal, margin);
    }
}

/// A point of the incident edge during clipping, in A's local frame, with
/// its feature on the reference shape and on the incident shape.
#[derive(Clone, Copy)]
struct ClipPoint<T: Real> {
    p: Point2<T>,
    on_reference: ContactFeature,
    on_incident: ContactFeature,
}

/// Keeps the part of the segment `pts[..n]` where `t · (p − o) <= 0`; a
/// point cut at the plane lies on the reference vertex `vertex` and the
/// incident face `face`. An end outside by at most [`side_slop`] of the
/// reference edge `|t|` is kept as it is (no cut, its own id).
fn clip_to_plane<T: Real>(
    pts: &[ClipPoint<T>; 2],
    n: usize,
    t: &Vector2<T>,
    o: &Point2<T>,
    vertex: usize,
    face: usize,
) -> ([ClipPoint<T>; 2], usize) {
    let mut out = *pts;
    let mut k = 0;
    let d: [T; 2] = [t.dot(&(pts[0].p - o)), t.dot(&(pts[1].p - o))];
    // Inside within the slop (`d` is `|t|` times the distance).
    let slop = side_slop::<T>() * t.norm_squared();
    let zero = T::zero();
    for i in 0..n {
        if d[i] <= slop {
            out[k] = pts[i];
            k += 1;
        }
    }
    if n == 2 && ((d[0] < zero && d[1] > slop) || (d[0] > slop && d[1] < zero)) {
        let s = d[0] / (d[0] - d[1]);
        out[k] = ClipPoint {
            p: pts[0].p + (pts[1].p - pts[0].p) * s,
            on_reference: ContactFeature::Vertex(vertex),
            on_incident: ContactFeature::Face(face),
        };
        k += 1;
    }
    (out, k)
}

/// Face contact: clips the incident edge to the reference face of `side`
/// and pushes the points within `margin` onto `m`. `normal` is the SAT
/// axis in A's local frame.
fn clip<T, A, B>(
    m: &mut Manifold<T, 2>,
    frames: &Frames<'_, T, 2>,
    fa: &Faces<'_, T, A, 2>,
    fb: &Faces<'_, T, B, 2>,
    side: Side,
    normal: &Vector2<T>,
    margin: T,
) where
    T: Real,
    A: Shape<T, 2> + ?Sized,
    B: Shape<T, 2> + ?Sized,
{
    let to_a = |[(i, p), (j, q)]: [(usize, Point2<T>); 2]| {
        [(i, frames.pose_ab() * p), (j, frames.pose_ab() * q)]
    };
    let rot_b = |v: Vector2<T>| frames.pose_ab().rotation * v;
    // The reference shape's outward direction, in A's frame.
    let out = if side == Side::A { *normal } else { -normal };
    // The reference face: the reference shape's face most aligned with
    // `out` (the face the SAT chose); the incident face: the other's most
    // anti-parallel to it.
    let (ref_face, ref_normal) = match side {
        Side::A => fa.most_aligned(|i| fa.normal(i), &out),
        Side::B => fb.most_aligned(|i| rot_b(fb.normal(i)), &out),
    };
    let inc_face = match side {
        Side::A => fb.incident(
            &frames
                .pose_ab()
                .rotation
                .inverse_transform_vector(&ref_normal),
        ),
        Side::B => fa.incident(&ref_normal),
    };
    let Some(inc_face) = inc_face else {
        return;
    };
    let (reference, incident) = match side {
        Side::A => (edge(fa, ref_face), edge(fb, inc_face).map(to_a)),
        Side::B => (edge(fb, ref_face).map(to_a), edge(fa, inc_face)),
    };
    let (Some([(i1, v1), (i2, v2)]), Some([(k1, p1), (k2, p2)])) = (reference, incident) else {
        return;
    };
    let t = v2 - v1;
    let face = ContactFeature::Face(ref_face);
    let pts = [
        ClipPoint {
            p: p1,
            on_reference: face,
            on_incident: ContactFeature::Vertex(k1),
        },
        ClipPoint {
            p: p2,
            on_reference: face,
            on_incident: ContactFeature::Vertex(k2),
        },
    ];
    let (pts, n) = clip_to_plane(&pts, 2, &-t, &v1, i1, inc_face);
    let (pts, n) = clip_to_plane(&pts, n, &t, &v2, i2, inc_face);
    let (r_ref, r_inc) = match side {
        Side::A => (frames.radius_a, frames.radius_b),
        Side::B => (frames.radius_b, frames.radius_a),
    };
    m.reference = Some((side, ref_face));
    for c in &pts[..n] {
        let height = ref_normal.dot(&(c.p - v1));
        let separation = height - r_ref - r_inc;
        if separation > margin {
            continue;
        }
        frames.push_clipped(
            m,
            side,
            c.p,
            &ref_normal,
            height,
            separation,
            c.on_reference,
            c.on_incident,
        );
    }
}

/// Face `i`'s two vertices (an edge): their indices and positions
/// (local), `None` unless the face lists two.
fn edge<T: Real, S: Shape<T, 2> + ?Sized>(
    faces: &Faces<'_, T, S, 2>,
    i: usize,
) -> Option<[(usize, Point2<T>); 2]> {
    (faces.vertex_count(i) >= 2).then(|| [faces.vertex(i, 0), faces.vertex(i, 1)])
}
