//! The nearest boundary point of a shape to a point in its local frame,
//! for every shape that is not a ball or a box (those have closed forms in
//! `ball.rs` and `box_projection.rs`): a polytope core's faces, a rounded
//! core's nearest point pushed out by the radius, with the slack that
//! decides when a point lies on the core (docs/rays.md).

use nalgebra::{Point, SVector};

use super::box_projection::box_projection;
use crate::real::is_nan;
use crate::{Real, Shape};

/// The nearest boundary point to `p` and its unsigned distance (local
/// frame).
pub(super) fn local_projection<T, const N: usize, S>(shape: &S, p: &Point<T, N>) -> (Point<T, N>, T)
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    if let Some(obb) = crate::shape::obb_of(shape) {
        return box_projection(&obb, p);
    }
    let r = shape.radius();
    let c = shape.local_core_closest_point(p);
    let mut v = p - c;
    // On a segment core with `p` projecting strictly inside the segment,
    // the true `p − c` is orthogonal to the segment: drop the
    // along-segment part that round-off in `c` leaves, so that the
    // direction is exact. (Beyond an endpoint `c` is that endpoint and
    // `v` is kept whole.)
    if shape.core_vertex_count() == 2 {
        let (a, b) = (shape.local_core_vertex(0), shape.local_core_vertex(1));
        let ab = b - a;
        let along = ab.dot(&(p - a));
        if along > T::zero()
            && along < ab.norm_squared()
            && let Some(u) = ab.try_normalize(T::zero())
        {
            v -= u * u.dot(&v);
        }
    }
    let d = v.norm();
    if is_nan(d) {
        return (*p, d);
    }
    // Outside the core by more than the round-off of the core's closest
    // point: along the segment from the core, at the radius. Within it
    // (a point on a capsule's segment, say), `v` is round-off and points
    // anywhere: the branches below. The round-off scales with the core's
    // vertices as well as with `c` and `p` (a point near the middle of a
    // long segment); they are read only for a point inside the shell.
    if d > on_core_slack(&c.coords, &p.coords)
        && (d > r || d > on_core_slack(&c.coords, &p.coords) + core_slack(shape))
    {
        return (c + v * (r / d), (d - r).abs());
    }
    // On or inside the core. Faces listed: the nearest face plane. A face
    // offset is the whole shape's support value (`Shape::local_face_offset`,
    // the radius included), so `h <= 0` is the signed distance to the
    // boundary across that face, `−h` away along its normal.
    if shape.face_count() > 0 {
        let mut best: Option<(T, usize)> = None;
        for i in 0..shape.face_count() {
            let h = shape.local_face_normal(i).dot(&p.coords) - shape.local_face_offset(i);
            if best.is_none_or(|(bh, _)| h > bh) {
                best = Some((h, i));
            }
        }
        if let Some((h, i)) = best {
            let n = shape.local_face_normal(i).into_inner();
            return (p - n * h, -h);
        }
    }
    // A core without faces (a ball's centre, a capsule's segment in 3D):
    // any direction across the core is nearest; take one orthogonal to the
    // core's first edge.
    let e = across_core(shape);
    (p + e * r, r)
}

/// The round-off of a core's closest point `c` to `p`: a distance at
/// most this between them gives no direction (`8 ε` of their largest
/// coordinates).
#[inline]
fn on_core_slack<T: Real, const N: usize>(c: &SVector<T, N>, p: &SVector<T, N>) -> T {
    let scale = c.amax() + p.amax();
    T::default_epsilon() * nalgebra::convert(8.0) * scale
}

/// The round-off a core's vertices bring to its closest point (`8 ε` of
/// their largest coordinate).
fn core_slack<T, const N: usize, S>(shape: &S) -> T
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let mut scale = T::zero();
    for i in 0..shape.core_vertex_count() {
        scale = scale.max(shape.local_core_vertex(i).coords.amax());
    }
    T::default_epsilon() * nalgebra::convert(8.0) * scale
}

/// A unit vector orthogonal to the segment between the core's first two
/// vertices (any unit vector for a one-vertex core): the first coordinate
/// axis made orthogonal to it that is not parallel to it.
fn across_core<T, const N: usize, S>(shape: &S) -> SVector<T, N>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let along = if shape.core_vertex_count() >= 2 {
        (shape.local_core_vertex(1) - shape.local_core_vertex(0)).try_normalize(T::zero())
    } else {
        None
    };
    let mut best = SVector::<T, N>::zeros();
    let mut best_norm = -T::one();
    for k in 0..N {
        let mut e = SVector::<T, N>::zeros();
        e[k] = T::one();
        if let Some(u) = &along {
            e -= u * u.dot(&e);
        }
        let n = e.norm();
        if n > best_norm {
            best_norm = n;
            best = e;
        }
    }
    best.try_normalize(T::zero()).unwrap_or(best)
}
