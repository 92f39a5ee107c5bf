//! GJK's bracket of the distance between two cores, for the
//! `intersects` paths of a hull with a box or a capsule: every iterate `x`
//! is a convex combination of support points of `K = K_A − K_B`, so `|x|`
//! bounds the cores' distance from above, and `x̂ · s_K(−x)` bounds it
//! from below (the gap of the cores along `x̂`).
//!
//! ```text
//! x = s_K(−u)
//! repeat at most GJK_ITERATIONS times:
//!     |x| < r − slack                        → Overlap (every gap < −slack)
//!     w = s_K(−x); lower = x̂·w
//!     lower − r > slack                      → Apart (the cores' distance)
//!     |x| − lower <= slack                   → Unknown (near touching)
//!     x = least-norm point of the simplex ∪ {w}, the simplex cut to its face
//!     the simplex a tetrahedron around the origin:
//!         room (least distance to its faces) + r > slack → Overlap, else Unknown
//! ```
//!
//! `r` is the sum of the radii. The least-norm point is found by trying
//! every face of the simplex that holds the newest point (at most eight)
//! and keeping the nearest whose affine weights are all positive; it is a
//! convex combination of support points whatever its round-off, so the
//! bounds hold even where the choice of face is not the exact one.

use core::cmp::Ordering;

use nalgebra::{Matrix3, Vector3};

use crate::Real;

/// The most support points [`bracket`] asks for: a segment or a box
/// against a hull of a few dozen vertices settles in a handful.
const GJK_ITERATIONS: usize = 16;

/// What GJK proved about the cores' distance `d` against the radii `r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bracket {
    /// `d < r − slack`: every direction's gap is below `−slack`.
    Overlap,
    /// `d > r + slack`, shown by a direction whose gap exceeds it.
    Apart,
    /// Neither, within the iterations.
    Unknown,
}

/// The bracket of the cores' distance, `support(u)` the support point of
/// `K` along `u`, started along `−u`, against the radii `radius`.
pub(crate) fn bracket<T: Real>(
    support: impl Fn(&Vector3<T>) -> Vector3<T>,
    u: &Vector3<T>,
    radius: T,
    slack: T,
) -> Bracket {
    let mut simplex = [support(&-u); 4];
    let mut len = 1;
    let mut x = simplex[0];
    for _ in 0..GJK_ITERATIONS {
        let norm = x.norm();
        if norm < radius - slack {
            return Bracket::Overlap;
        }
        if norm.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
            return Bracket::Unknown;
        }
        let w = support(&-x);
        let lower = x.dot(&w) / norm;
        if lower - radius > slack {
            return Bracket::Apart;
        }
        if norm - lower <= slack {
            return Bracket::Unknown;
        }
        simplex[len] = w;
        len += 1;
        let Some(next) = min_norm(&mut simplex, len) else {
            return Bracket::Unknown;
        };
        (x, len) = next;
        if len == 4 {
            return if room(&simplex) + radius > slack {
                Bracket::Overlap
            } else {
                Bracket::Unknown
            };
        }
    }
    Bracket::Unknown
}

/// The least distance from the origin to the planes of the faces of the
/// tetrahedron `s`, which holds the origin: the radius of a ball about the
/// origin inside it. Zero (no room) when a face is degenerate or the
/// origin is not inside every face's plane.
fn room<T: Real>(s: &[Vector3<T>; 4]) -> T {
    let mut least = T::one() / T::zero();
    for skip in 0..4 {
        let [i, j, k] = [(skip + 1) % 4, (skip + 2) % 4, (skip + 3) % 4];
        let n = (s[j] - s[i]).cross(&(s[k] - s[i]));
        let len = n.norm();
        let origin = n.dot(&s[i]) / len;
        let across = n.dot(&(s[i] - s[skip])) / len;
        if (origin * across).partial_cmp(&T::zero()) != Some(Ordering::Greater) {
            return T::zero();
        }
        least = least.min(origin.abs());
    }
    least
}

/// The point of least norm of the simplex `s[..len]` whose last point is
/// the newest, among the faces that hold the newest point: the simplex is
/// reduced to that face (newest point last), and its point and size are
/// returned. `None` on a degenerate simplex with no usable face.
fn min_norm<T: Real>(s: &mut [Vector3<T>; 4], len: usize) -> Option<(Vector3<T>, usize)> {
    let newest = s[len - 1];
    let mut best: Option<(T, Vector3<T>, usize)> = None;
    for mask in 0..(1_usize << (len - 1)) {
        let mut face = [Vector3::zeros(); 3];
        let mut k = 0;
        for (i, p) in s[..len - 1].iter().enumerate() {
            if mask & (1 << i) != 0 {
                face[k] = p - newest;
                k += 1;
            }
        }
        let Some(point) = affine_min(&newest, &face[..k]) else {
            continue;
        };
        let nn = point.norm_squared();
        if best.is_none_or(|(b, _, _)| nn < b) {
            best = Some((nn, point, mask));
        }
    }
    let (_, point, mask) = best?;
    let mut kept = [Vector3::zeros(); 4];
    let mut k = 0;
    for (i, p) in s[..len - 1].iter().enumerate() {
        if mask & (1 << i) != 0 {
            kept[k] = *p;
            k += 1;
        }
    }
    kept[k] = newest;
    *s = kept;
    Some((point, k + 1))
}

/// The point of least norm of the affine hull of `p` and `p + dᵢ`, when its
/// affine weights are all positive (it lies inside that face), else `None`.
fn affine_min<T: Real>(p: &Vector3<T>, d: &[Vector3<T>]) -> Option<Vector3<T>> {
    let positive = |x: T| x.partial_cmp(&T::zero()) == Some(Ordering::Greater);
    match d {
        [] => Some(*p),
        [a] => {
            let mu = -a.dot(p) / a.norm_squared();
            (positive(mu) && positive(T::one() - mu)).then(|| p + a * mu)
        }
        [a, b] => {
            let (aa, ab, bb) = (a.norm_squared(), a.dot(b), b.norm_squared());
            let (ra, rb) = (-a.dot(p), -b.dot(p));
            let det = aa * bb - ab * ab;
            let (ma, mb) = ((ra * bb - rb * ab) / det, (aa * rb - ab * ra) / det);
            (positive(det) && positive(ma) && positive(mb) && positive(T::one() - ma - mb))
                .then(|| p + a * ma + b * mb)
        }
        [a, b, c] => {
            let m = Matrix3::from_columns(&[*a, *b, *c]);
            let mu = (m.tr_mul(&m)).try_inverse()? * (-m.tr_mul(p));
            let all = positive(mu.x) && positive(mu.y) && positive(mu.z);
            (all && positive(T::one() - mu.x - mu.y - mu.z)).then(|| p + m * mu)
        }
        _ => None,
    }
}
