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
    use alloc::vec::Vec;
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `det[b − a, c − a, p − a]` in `i128`, exact for integer coordinates
    /// below 2³⁵ in magnitude (each product below 2¹⁰⁸).
    fn exact_det(a: [i64; 3], b: [i64; 3], c: [i64; 3], p: [i64; 3]) -> i128 {
        let d = |q: [i64; 3]| [0, 1, 2].map(|k| i128::from(q[k] - a[k]));
        let (u, v, w) = (d(b), d(c), d(p));
        u[0] * (v[1] * w[2] - v[2] * w[1])
            + u[1] * (v[2] * w[0] - v[0] * w[2])
            + u[2] * (v[0] * w[1] - v[1] * w[0])
    }

    fn point<T: Real>(q: [i64; 3]) -> Point3<T> {
        Point3::from(q.map(|x| T::from_i64(x).unwrap_or_else(T::zero)))
    }

    /// The determinant as plain floating point computes it, the way
    /// [`orient`] does before its filter.
    fn naive_det<T: Real>(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, p: &Point3<T>) -> T {
        (b - a).cross(&(c - a)).dot(&(p - a))
    }

    /// A linear congruential generator (the high bits), seeded.
    struct Lcg(u64);

    impl Lcg {
        /// Uniform in `-range..=range`.
        fn int(&mut self, range: i64) -> i64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((self.0 >> 33) as i64) % (2 * range + 1) - range
        }
    }

    macro_rules! orient_tests {
        ($($t:ident: $range:expr, $coplanar:expr, $naive:expr),*) => {$(
            mod $t {
                use super::*;
                type T = $t;

                // The plane z = 0 through a, b, c, counter-clockwise seen
                // from +z: above is Greater, below Less, in it Equal, and
                // swapping b and c turns the plane over.
                #[test]
                fn signs_by_hand() {
                    let [a, b, c] = [[0, 0, 0], [1, 0, 0], [0, 1, 0]].map(point::<T>);
                    for (p, side) in [
                        ([0, 0, 1], Ordering::Greater),
                        ([3, -7, 2], Ordering::Greater),
                        ([0, 0, -1], Ordering::Less),
                        ([5, 7, 0], Ordering::Equal),
                        ([-2, 9, 0], Ordering::Equal),
                    ] {
                        let p = point::<T>(p);
                        assert_eq!(orient(&a, &b, &c, &p), side, "{p:?}");
                        assert_eq!(orient(&a, &c, &b, &p), side.reverse(), "{p:?}");
                        assert_eq!(exact::orient(&a, &b, &c, &p), side, "{p:?}");
                    }
                }

                // Four integer points on the plane x + y + z = 0 (found by
                // a seeded search): the plain determinant rounds to a
                // non-zero value, a sign for points that have none; the
                // predicate says Equal.
                #[test]
                fn exactly_coplanar_where_the_naive_determinant_is_wrong() {
                    let [a, b, c, p] = $coplanar;
                    for q in [a, b, c, p] {
                        assert_eq!(q[0] + q[1] + q[2], 0);
                    }
                    assert_eq!(exact_det(a, b, c, p), 0);
                    let [fa, fb, fc, fp] = [a, b, c, p].map(point::<T>);
                    let naive: T = naive_det(&fa, &fb, &fc, &fp);
                    assert_eq!(f64::from(naive).to_bits(), f64::to_bits($naive));
                    assert_eq!(orient(&fa, &fb, &fc, &fp), Ordering::Equal);
                    assert_eq!(orient(&fb, &fc, &fa, &fp), Ordering::Equal);
                    assert_eq!(exact::orient(&fa, &fb, &fc, &fp), Ordering::Equal);
                }

                // On random integer points (exact in the scalar), the
                // predicate's sign is the sign of the determinant computed
                // exactly in i128: generic points, points exactly in the
                // plane of a, b, c (integer combinations) and points one
                // unit off it, where the filter must defer to expansions.
                #[test]
                fn agrees_with_exact_integers() {
                    let range: i64 = $range;
                    let mut rng = Lcg(0x5eed_0f_0e1e);
                    let (mut by_sign, mut naive_wrong) = ([0usize; 3], 0usize);
                    for round in 0..20_000 {
                        let mut pt = || [rng.int(range), rng.int(range), rng.int(range)];
                        let (a, b, c) = (pt(), pt(), pt());
                        let p = match round % 3 {
                            0 => pt(),
                            kind => {
                                let (s, t) = (rng.int(3), rng.int(3));
                                let off = if kind == 1 { [0; 3] } else { [rng.int(1), rng.int(1), rng.int(1)] };
                                [0, 1, 2].map(|k| a[k] + s * (b[k] - a[k]) + t * (c[k] - a[k]) + off[k])
                            }
                        };
                        let want = exact_det(a, b, c, p).cmp(&0);
                        let [fa, fb, fc, fp] = [a, b, c, p].map(point::<T>);
                        assert_eq!(orient(&fa, &fb, &fc, &fp), want, "{a:?} {b:?} {c:?} {p:?}");
                        assert_eq!(exact::orient(&fa, &fb, &fc, &fp), want, "{a:?} {b:?} {c:?} {p:?}");
                        by_sign[(want as i8 + 1) as usize] += 1;
                        let naive = naive_det(&fa, &fb, &fc, &fp).partial_cmp(&0.0);
                        naive_wrong += usize::from(naive != Some(want));
                    }
                    // Every sign came up, and the plain determinant got
                    // some of them wrong: the cases test the exact path.
                    assert!(by_sign.iter().all(|&n| n > 1000), "{by_sign:?}");
                    assert!(naive_wrong > 100, "{naive_wrong}");
                }
            }
        )*};
    }

    // Coordinates below 2¹¹ in f32 and 2³⁰ in f64: every point built in
    // `agrees_with_exact_integers` (up to 13 times that) is exact in the
    // scalar, and its products are not.
    orient_tests!(
        f32: 1 << 11,
            [[2966, -1771, -1195], [959, -1509, 550], [-3878, 908, 2970], [-907, 2751, -1844]],
            256.0,
        f64: 1 << 30,
            [
                [-838_423_560, -503_831_241, 1_342_254_801],
                [828_121_218, 720_990_597, -1_549_111_815],
                [-374_454_444, 129_863_126, 244_591_318],
                [631_077_659, -233_015_130, -398_062_529],
            ],
            137_438_953_472.0
    );

    // `two_sum` and `two_product` are exact: x + y is the exact sum or
    // product, and x its rounding. The inputs are f32 with 24 significant
    // bits at exponents within ±10 of each other, so the exact sum (at
    // most 46 bits) and product (48 bits) are f64 values.
    #[test]
    fn two_sum_and_two_product_are_exact() {
        let bits = |x: f64| x.to_bits();
        let mut rng = Lcg(7);
        for _ in 0..10_000 {
            let mut f = || rng.int((1 << 24) - 1) as f32 * (rng.int(10) as f32).exp2();
            let (a, b) = (f(), f());
            let (x, y) = exact::two_sum(a, b);
            let sum = f64::from(a) + f64::from(b);
            assert_eq!(bits(f64::from(x) + f64::from(y)), bits(sum), "{a} + {b}");
            assert_eq!(x.to_bits(), (a + b).to_bits());
            let (x, y) = exact::two_product(a, b);
            let product = f64::from(a) * f64::from(b);
            assert_eq!(
                bits(f64::from(x) + f64::from(y)),
                bits(product),
                "{a} · {b}"
            );
            assert_eq!(x.to_bits(), (a * b).to_bits());
        }
    }
}
