//! The 2D clipping: the reference face's edge, the incident edge clipped
//! to its two side planes (Box2D's `b2ClipPolygons`; docs/manifolds.md).

use nalgebra::{Point2, Vector2};

use super::{reference_of, ContactFeature, ContactId, Frames, Manifold, Side};
use crate::{Feature, Obb, Real, Shape};

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

/// A shape's faces as clipping needs them: its own
/// [`Shape::face_vertices`], or those of the box it answers through
/// [`Shape::as_obb_ref`] / [`Shape::as_obb`].
struct Faces<'s, T: Real, S: Shape<T, 2> + ?Sized> {
    shape: &'s S,
    obb: Option<Obb<T, 2>>,
}

impl<'s, T: Real, S: Shape<T, 2> + ?Sized> Faces<'s, T, S> {
    /// `None` when the shape lists no face vertices.
    fn new(shape: &'s S) -> Option<Self> {
        if shape.face_count() > 0 && shape.face_vertices(0).is_some() {
            return Some(Self { shape, obb: None });
        }
        let obb = shape.as_obb_ref().copied().or_else(|| shape.as_obb())?;
        Some(Self {
            shape,
            obb: Some(obb),
        })
    }

    fn count(&self) -> usize {
        match &self.obb {
            Some(o) => o.face_count(),
            None => self.shape.face_count(),
        }
    }

    fn normal(&self, i: usize) -> Vector2<T> {
        match &self.obb {
            Some(o) => o.local_face_normal(i).into_inner(),
            None => self.shape.local_face_normal(i).into_inner(),
        }
    }

    /// Face `i`'s two vertices: their indices and positions (local).
    fn vertices(&self, i: usize) -> Option<[(usize, Point2<T>); 2]> {
        let ([p, q], at): ([usize; 2], &dyn Fn(usize) -> Point2<T>) = match &self.obb {
            Some(o) => (o.face_vertices(i)?, &|k| o.local_core_vertex(k)),
            None => (self.shape.face_vertices(i)?, &|k| {
                self.shape.local_core_vertex(k)
            }),
        };
        Some([(p, at(p)), (q, at(q))])
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
/// incident face `face`.
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
    for i in 0..n {
        if d[i] <= T::zero() {
            out[k] = pts[i];
            k += 1;
        }
    }
    if n == 2 && ((d[0] < T::zero() && d[1] > T::zero()) || (d[0] > T::zero() && d[1] < T::zero()))
    {
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
    fa: &Faces<'_, T, A>,
    fb: &Faces<'_, T, B>,
    side: Side,
    normal: &Vector2<T>,
    margin: T,
) where
    T: Real,
    A: Shape<T, 2> + ?Sized,
    B: Shape<T, 2> + ?Sized,
{
    let to_a = |[(i, p), (j, q)]: [(usize, Point2<T>); 2]| {
        [(i, frames.pose_ab * p), (j, frames.pose_ab * q)]
    };
    let rot_b = |v: Vector2<T>| frames.pose_ab.rotation * v;
    // The reference shape's outward direction, in A's frame.
    let out = if side == Side::A { *normal } else { -normal };
    // The reference face: the reference shape's face most aligned with
    // `out` (the face the SAT chose); the incident face: the other's most
    // anti-parallel to it.
    let (ref_face, ref_normal) = match side {
        Side::A => best_face(fa.count(), |i| fa.normal(i), &out, true),
        Side::B => best_face(fb.count(), |i| rot_b(fb.normal(i)), &out, true),
    };
    let (inc_face, _) = match side {
        Side::A => best_face(fb.count(), |i| rot_b(fb.normal(i)), &ref_normal, false),
        Side::B => best_face(fa.count(), |i| fa.normal(i), &ref_normal, false),
    };
    let (reference, incident) = match side {
        Side::A => (fa.vertices(ref_face), fb.vertices(inc_face).map(to_a)),
        Side::B => (fb.vertices(ref_face).map(to_a), fa.vertices(inc_face)),
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
        let on_inc = c.p - ref_normal * r_inc;
        let on_ref = c.p - ref_normal * (height - r_ref);
        let (on_a, on_b, id) = match side {
            Side::A => (
                on_ref,
                on_inc,
                ContactId {
                    a: c.on_reference,
                    b: c.on_incident,
                },
            ),
            Side::B => (
                on_inc,
                on_ref,
                ContactId {
                    a: c.on_incident,
                    b: c.on_reference,
                },
            ),
        };
        m.push(frames.point(separation, on_a, on_b, id));
    }
}

/// The face whose normal (from `normal_of`) has the largest (`most`) or
/// smallest dot product with `dir`, the first of equals, and that normal.
fn best_face<T: Real>(
    count: usize,
    normal_of: impl Fn(usize) -> Vector2<T>,
    dir: &Vector2<T>,
    most: bool,
) -> (usize, Vector2<T>) {
    let mut best = (0, normal_of(0));
    let mut best_dot = best.1.dot(dir);
    for i in 1..count {
        let n = normal_of(i);
        let d = n.dot(dir);
        if (most && d > best_dot) || (!most && d < best_dot) {
            best = (i, n);
            best_dot = d;
        }
    }
    best
}
