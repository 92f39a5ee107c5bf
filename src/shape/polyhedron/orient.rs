//! The exact orientation predicate.

use super::*;

// ---------------------------------------------------------------------------
// The exact orientation predicate
// ---------------------------------------------------------------------------

/// The side of the plane through `a`, `b`, `c` (counter-clockwise seen from
/// above) on which `p` lies: `Greater` above, `Less` below, `Equal` on it,
/// exactly for the given floating-point coordinates.
///
/// The sign of `det[b − a, c − a, p − a]` is computed in floating point
/// and trusted when it exceeds the error bound of that computation
/// (Shewchuk's `orient3d` filter, `(7 + 56u)·u · permanent` with `u` half
/// an epsilon, here rounded up to `8ε`); otherwise it is recomputed exactly
/// in expansion arithmetic (J. R. Shewchuk, "Adaptive Precision
/// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
pub(super) fn orient<T: Real>(
    a: &Point3<T>,
    b: &Point3<T>,
    c: &Point3<T>,
    p: &Point3<T>,
) -> Ordering {
    let (u, v, w) = (b - a, c - a, p - a);
    let det = u.cross(&v).dot(&w);
    let permanent = ((u.y * v.z).abs() + (u.z * v.y).abs()) * w.x.abs()
        + ((u.z * v.x).abs() + (u.x * v.z).abs()) * w.y.abs()
        + ((u.x * v.y).abs() + (u.y * v.x).abs()) * w.z.abs();
    let bound = T::default_epsilon() * nalgebra::convert(8.0) * permanent;
    if det > bound {
        Ordering::Greater
    } else if det < -bound {
        Ordering::Less
    } else {
        exact::orient(a, b, c, p)
    }
}

/// Expansion arithmetic: a number is a `Vec` of floats, nonoverlapping and
/// increasing in magnitude, whose exact sum it stands for (Shewchuk 1997).
/// Only the rare near-degenerate orientation tests come here.
pub(super) mod exact {
    use core::cmp::Ordering;

    use nalgebra::Point3;

    use crate::Real;

    /// `a + b = x + y` exactly, `x` the rounded sum.
    #[inline]
    pub(in crate::shape::polyhedron) fn two_sum<T: Real>(a: T, b: T) -> (T, T) {
        let x = a + b;
        let bv = x - a;
        let av = x - bv;
        (x, (a - av) + (b - bv))
    }

    /// `a · b = x + y` exactly, `x` the rounded product (`mul_add` is fused).
    #[inline]
    pub(in crate::shape::polyhedron) fn two_product<T: Real>(a: T, b: T) -> (T, T) {
        let x = a * b;
        (x, a.mul_add(b, -x))
    }

    /// `e + b`, zero components dropped.
    pub(in crate::shape::polyhedron) fn grow<T: Real>(e: &mut Vec<T>, b: T) {
        let mut q = b;
        let mut k = 0;
        for i in 0..e.len() {
            let (sum, err) = two_sum(q, e[i]);
            q = sum;
            if err != T::zero() {
                e[k] = err;
                k += 1;
            }
        }
        e.truncate(k);
        if q != T::zero() {
            e.push(q);
        }
    }

    /// `e · f` for two expansions.
    pub(in crate::shape::polyhedron) fn product<T: Real>(e: &[T], f: &[T]) -> Vec<T> {
        let mut out = Vec::new();
        for &x in e {
            for &y in f {
                let (hi, lo) = two_product(x, y);
                grow(&mut out, lo);
                grow(&mut out, hi);
            }
        }
        out
    }

    /// `b − a` as an expansion.
    pub(in crate::shape::polyhedron) fn difference<T: Real>(b: T, a: T) -> Vec<T> {
        let (hi, lo) = two_sum(b, -a);
        let mut out = Vec::with_capacity(2);
        grow(&mut out, lo);
        grow(&mut out, hi);
        out
    }

    /// The exact sign of `det[b − a, c − a, p − a]`.
    pub(in crate::shape::polyhedron) fn orient<T: Real>(
        a: &Point3<T>,
        b: &Point3<T>,
        c: &Point3<T>,
        p: &Point3<T>,
    ) -> Ordering {
        let d = |q: &Point3<T>| [0, 1, 2].map(|k| difference(q[k], a[k]));
        let (u, v, w) = (d(b), d(c), d(p));
        let mut det: Vec<T> = Vec::new();
        // det = Σ over even permutations (i, j, k) of u_i (v_j w_k − v_k w_j).
        for (i, j, k) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
            for (x, y, sign) in [(j, k, T::one()), (k, j, -T::one())] {
                for term in product(&product(&u[i], &v[x]), &w[y]) {
                    grow(&mut det, sign * term);
                }
            }
        }
        // The largest component carries the sign of the sum.
        match det.last() {
            Some(&x) if x > T::zero() => Ordering::Greater,
            Some(&x) if x < T::zero() => Ordering::Less,
            _ => Ordering::Equal,
        }
    }
}
