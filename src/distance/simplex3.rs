//! The nearest point to the origin of the hull of a 3D corral (one to four
//! support points), solved directly by Johnson's sub-simplex selection:
//! the Voronoi regions of the vertices, edges and faces of the segment,
//! triangle or tetrahedron, told apart by signs of dot products and of
//! signed areas and volumes (as in Ericson's closest point on a triangle
//! and tetrahedron, Box2D's `b2Simplex` solves), in place of Wolfe's
//! minor cycles and their Gram–Schmidt solves (docs/distance.md §3).
//!
//! ```text
//! segment a b:      a·(b−a) >= 0: a     b·(b−a) <= 0: b     else the foot
//! triangle a b c:   vertex regions, then edge regions (a signed area <= 0
//!                   and the two feet inside), else the face (areas > 0);
//!                   a face too thin to trust: the best of its three edges
//! tetrahedron:      every face whose plane has the origin on the far side
//!                   from the opposite point (or in the plane, or the face
//!                   flat): its triangle; the nearest of those; none: the
//!                   origin is inside (x = 0, the signed volumes' weights)
//! ```
//!
//! No loop, so it ends on every input (duplicate, collinear and coplanar
//! points fall to their edges or vertices); the iteration around it keeps
//! its own termination argument (`|x|²` strictly decreases or it stops).
//! The points that keep a positive weight stay in the corral, in order.

use nalgebra::{SVector, Vector3};

use super::corral::Corral;
use crate::Real;

/// A nearest point and the corral points (indices, increasing) with their
/// weights that give it.
#[derive(Clone, Copy)]
struct Pick<T> {
    x: Vector3<T>,
    idx: [usize; 4],
    lam: [T; 4],
    len: usize,
}

impl<T: Real> Pick<T> {
    #[inline(always)]
    fn vertex(p: &[Vector3<T>; 4], i: usize) -> Self {
        Self {
            x: p[i],
            idx: [i, 0, 0, 0],
            lam: [T::one(), T::zero(), T::zero(), T::zero()],
            len: 1,
        }
    }
}

/// A face whose doubled area squared (`|ab × ac|²`) is at most this
/// fraction of `|ab|² |ac|²` (the sine squared of its angle) is too thin
/// for its areas' signs: its edges decide. Sixteen machine epsilons, a few
/// times the round-off of the areas (a product of two dot products each).
#[inline(always)]
fn thin_face<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(16.0)
}

/// The nearest point of the segment `p[i] p[j]` (`i < j`).
#[inline(always)]
fn segment<T: Real>(p: &[Vector3<T>; 4], i: usize, j: usize) -> Pick<T> {
    let (a, b) = (p[i], p[j]);
    let e = b - a;
    // The weights of b and a, times |e|².
    let ub = -a.dot(&e);
    if ub <= T::zero() {
        return Pick::vertex(p, i);
    }
    let ua = b.dot(&e);
    if ua <= T::zero() {
        return Pick::vertex(p, j);
    }
    let den = ua + ub;
    let v = ub / den;
    // The foot a + v·e carries round-off of the size of |a| (ε|a|), which
    // tilts a short x by ε|a|/|x|; one more projection off e leaves it
    // orthogonal to the edge to ε|x| (the 10⁶ ratio of
    // tests/distance.rs::degenerate_inputs_terminate needs it).
    let mut x = a + e * v;
    x -= e * (x.dot(&e) / e.norm_squared());
    Pick {
        x,
        idx: [i, j, 0, 0],
        lam: [T::one() - v, v, T::zero(), T::zero()],
        len: 2,
    }
}

/// The nearest point of the triangle `p[i] p[j] p[k]` (`i < j < k`), by
/// its Voronoi regions seen from the apex `p[k]`. With `FRESH` the apex is
/// the iteration's new support point, which the answer holds (the origin
/// lies beyond the old points' nearest point, towards it: docs/distance.md
/// §3), so the regions of `p[i]`, `p[j]` and their edge are not asked.
#[inline(always)]
fn triangle<T: Real, const FRESH: bool>(
    p: &[Vector3<T>; 4],
    i: usize,
    j: usize,
    k: usize,
) -> Pick<T> {
    let (a, b, c) = (p[k], p[i], p[j]);
    let ab = b - a;
    let ac = c - a;
    let d1 = -ab.dot(&a);
    let d2 = -ac.dot(&a);
    if d1 <= T::zero() && d2 <= T::zero() {
        return Pick::vertex(p, k);
    }
    let d3 = -ab.dot(&b);
    let d4 = -ac.dot(&b);
    let d5 = -ab.dot(&c);
    let d6 = -ac.dot(&c);
    if !FRESH {
        if d3 >= T::zero() && d4 <= d3 {
            return Pick::vertex(p, i);
        }
        if d6 >= T::zero() && d5 <= d6 {
            return Pick::vertex(p, j);
        }
    }
    // Signed areas (times |ab × ac|²) of the sub-triangles facing c, b, a.
    let vc = d1 * d4 - d3 * d2;
    let vb = d5 * d2 - d1 * d6;
    let va = d3 * d6 - d5 * d4;
    let denom = va + vb + vc;
    let face = denom > thin_face::<T>() * ab.norm_squared() * ac.norm_squared();
    if face && va > T::zero() && vb > T::zero() && vc > T::zero() {
        let v = vb / denom;
        let w = vc / denom;
        // The foot along the face's normal, not a + v·ab + w·ac (whose
        // round-off of the size of |a| would tilt a short x: as in
        // `segment`).
        let n = ab.cross(&ac);
        return Pick {
            x: n * (n.dot(&a) / n.norm_squared()),
            idx: [i, j, k, 0],
            lam: [v, w, T::one() - v - w, T::zero()],
            len: 3,
        };
    }
    if face {
        if vc <= T::zero() && d1 >= T::zero() && d3 <= T::zero() {
            return segment(p, i, k);
        }
        if vb <= T::zero() && d2 >= T::zero() && d6 <= T::zero() {
            return segment(p, j, k);
        }
        if !FRESH && va <= T::zero() && d4 >= d3 && d5 >= d6 {
            return segment(p, i, j);
        }
    }
    // A thin face, or round-off between the regions: the best edge.
    let mut best = segment(p, i, j);
    for s in [segment(p, i, k), segment(p, j, k)] {
        if s.x.norm_squared() < best.x.norm_squared() {
            best = s;
        }
    }
    best
}

/// The nearest point of the tetrahedron `p[0..4]`; with `FRESH`, `p[3]`
/// is the new support point and the face across from it is not asked (the
/// origin lies on `p[3]`'s side of it, as in [`triangle`]).
#[inline(always)]
fn tetrahedron<T: Real, const FRESH: bool>(p: &[Vector3<T>; 4]) -> Pick<T> {
    // Face (i, j, k) and the point l across it, indices increasing in the
    // face; the faces through p[3] first.
    const FACES: [[usize; 4]; 4] = [[1, 2, 3, 0], [0, 2, 3, 1], [0, 1, 3, 2], [0, 1, 2, 3]];
    let mut best: Option<Pick<T>> = None;
    // The origin's signed volume over the opposite point's, per face: the
    // weight of that point when the origin is inside.
    let mut ratio = [T::zero(); 4];
    for (f, [i, j, k, l]) in FACES.into_iter().enumerate() {
        if FRESH && f == 3 {
            ratio[3] = T::one() - ratio[0] - ratio[1] - ratio[2];
            break;
        }
        let n = (p[j] - p[i]).cross(&(p[k] - p[i]));
        let origin = -n.dot(&p[i]);
        let edge = p[l] - p[i];
        let across = n.dot(&edge);
        // Inside this face's plane, on a tetrahedron not too flat to tell
        // (a flat one is the union of its faces: each is asked).
        if origin * across > T::zero()
            && across * across > thin_face::<T>() * n.norm_squared() * edge.norm_squared()
        {
            ratio[l] = origin / across;
            continue;
        }
        // The origin beyond the face's plane, in it, or the face flat.
        let t = triangle::<T, FRESH>(p, i, j, k);
        if best.is_none_or(|b| t.x.norm_squared() < b.x.norm_squared()) {
            best = Some(t);
        }
    }
    best.unwrap_or(Pick {
        // Inside: the weights are the signed volumes' ratios.
        x: Vector3::zeros(),
        idx: [0, 1, 2, 3],
        lam: ratio,
        len: 4,
    })
}

/// [`tetrahedron`] with `FRESH`, from the three edges at the new point
/// `d = p[3]`: the three faces through `d` share those edges, and the
/// signed volume `det = e₀ · (e₁ × e₂)` is each face normal's product with
/// its opposite edge, so one triple product serves the three side tests
/// and the weights. A tetrahedron too flat for its signs goes to the
/// general [`tetrahedron`].
#[inline(always)]
fn tetrahedron_fresh<T: Real>(p: &[Vector3<T>; 4]) -> Pick<T> {
    const FACES: [[usize; 2]; 3] = [[1, 2], [0, 2], [0, 1]];
    let d = p[3];
    let e = [p[0] - d, p[1] - d, p[2] - d];
    // n[l]: the normal of the face across from p[l], with n[l]·e[l] = det.
    let n = [e[1].cross(&e[2]), e[2].cross(&e[0]), e[0].cross(&e[1])];
    let det = n[0].dot(&e[0]);
    let flat = det * det
        <= thin_face::<T>() * e[0].norm_squared() * e[1].norm_squared() * e[2].norm_squared();
    if flat {
        return tetrahedron::<T, false>(p);
    }
    let mut best: Option<Pick<T>> = None;
    let mut ratio = [T::zero(); 4];
    for (l, [i, j]) in FACES.into_iter().enumerate() {
        // The origin's side of the face's plane, as p[l]'s when positive.
        let origin = -n[l].dot(&d);
        if origin * det > T::zero() {
            ratio[l] = origin / det;
            continue;
        }
        let t = triangle::<T, true>(p, i, j, 3);
        if best.is_none_or(|b| t.x.norm_squared() < b.x.norm_squared()) {
            best = Some(t);
        }
    }
    best.unwrap_or_else(|| {
        ratio[3] = T::one() - ratio[0] - ratio[1] - ratio[2];
        Pick {
            x: Vector3::zeros(),
            idx: [0, 1, 2, 3],
            lam: ratio,
            len: 4,
        }
    })
}

/// The nearest point to the origin of the hull of `corral` (`N = 3`, one
/// to four points), with the corral cut to the points of positive weight
/// and those weights set. `FRESH`: the last point is a new support point
/// `w` of the iteration with `x·w < |x|²` for the nearest point `x` of the
/// others (it then holds the answer). `None` when no weight is positive
/// (NaN input).
pub(super) fn nearest<T: Real, const N: usize, const FRESH: bool>(
    corral: &mut Corral<T, N>,
) -> Option<SVector<T, N>> {
    let mut p = [Vector3::zeros(); 4];
    for (i, q) in p.iter_mut().enumerate().take(corral.len) {
        let w = &corral.get(i).w;
        *q = Vector3::new(w[0], w[1], w[2]);
    }
    let pick = match corral.len {
        1 => Pick::vertex(&p, 0),
        2 => segment(&p, 0, 1),
        3 => triangle::<T, FRESH>(&p, 0, 1, 2),
        _ if FRESH => tetrahedron_fresh(&p),
        _ => tetrahedron::<T, false>(&p),
    };
    // Keep the points of positive weight, in order (indices increase, so
    // moving point idx[s] to slot n <= idx[s] overwrites nothing still read).
    let mut n = 0;
    for s in 0..pick.len {
        let lam = pick.lam[s];
        if lam > T::zero() {
            let i = pick.idx[s];
            if i != n {
                let v = *corral.get(i);
                *corral.get_mut(n) = v;
            }
            corral.get_mut(n).weight = lam;
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    corral.len = n;
    Some(SVector::from_fn(|r, _| pick.x[r]))
}
