//! The exact 2D orientation predicate the decomposition decides with: a
//! floating-point determinant trusted beyond its error bound, else the
//! exact sign from expansion arithmetic (Shewchuk 1997), so that ear
//! clipping and the merging never take a wrong turn on nearly collinear
//! points.

use core::cmp::Ordering;

use nalgebra::Point2;

use crate::Real;

/// The turn `a → b → c`: `Greater` left (counter-clockwise), `Less`
/// right, `Equal` collinear, exactly for the given coordinates.
///
/// The filter: `det = (b − a) × (c − a)` is computed with an error below
/// `3u · (|b_x − a_x||c_y − a_y| + |b_y − a_y||c_x − a_x|)` (`u` half an
/// epsilon, Shewchuk's `ccwerrboundA`); the bound used is `4ε`, twice
/// that. Below it, the determinant is expanded exactly.
#[inline]
pub(crate) fn orient<T: Real>(a: &Point2<T>, b: &Point2<T>, c: &Point2<T>) -> Ordering {
    match filter(a, b, c) {
        (true, true) => Ordering::Greater,
        (true, false) => Ordering::Less,
        (false, _) => exact(a, b, c),
    }
}

/// The filter of [`orient`] alone, as `(decided, left)`: when `decided`,
/// `orient` is `Greater` if `left` and `Less` if not; otherwise only
/// [`orient`] knows. Two flags rather than an `Ordering`, so that a caller
/// can use `left` as data (an index) and branch only on `decided`, which
/// is nearly always true.
#[inline]
pub(crate) fn filter<T: Real>(a: &Point2<T>, b: &Point2<T>, c: &Point2<T>) -> (bool, bool) {
    let left = (b.x - a.x) * (c.y - a.y);
    let right = (b.y - a.y) * (c.x - a.x);
    let det = left - right;
    let bound = T::default_epsilon() * nalgebra::convert(4.0) * (left.abs() + right.abs());
    // The bound is not negative: beyond it either way is `det > bound` or
    // `det < −bound`, and its sign is the sign of `det`.
    (det.abs() > bound, det > T::zero())
}

/// The exact sign of `det = bx·cy − bx·ay − ax·cy − by·cx + by·ax + ay·cx`
/// (the `ax·ay` terms cancel): six exact products, summed exactly. Out
/// of line: the filter above decides nearly every call.
#[cold]
#[inline(never)]
fn exact<T: Real>(a: &Point2<T>, b: &Point2<T>, c: &Point2<T>) -> Ordering {
    let products = [
        (b.x, c.y),
        (-b.x, a.y),
        (-a.x, c.y),
        (-b.y, c.x),
        (b.y, a.x),
        (a.y, c.x),
    ];
    let mut e: [T; 12] = [T::zero(); 12];
    let mut len = 0;
    for (x, y) in products {
        let (hi, lo) = two_product(x, y);
        len = grow(&mut e, len, lo);
        len = grow(&mut e, len, hi);
    }
    // Nonoverlapping, increasing in magnitude: the sign of the sum is the
    // sign of the largest nonzero component.
    e[..len]
        .iter()
        .rev()
        .find(|x| **x != T::zero())
        .map_or(Ordering::Equal, |x| {
            if *x > T::zero() {
                Ordering::Greater
            } else {
                Ordering::Less
            }
        })
}

/// `a + b = x + y` exactly, `x` the rounded sum (Knuth's two-sum).
#[inline]
fn two_sum<T: Real>(a: T, b: T) -> (T, T) {
    let x = a + b;
    let bv = x - a;
    let av = x - bv;
    (x, (a - av) + (b - bv))
}

/// `a · b = x + y` exactly, `x` the rounded product (fused multiply-add).
#[inline]
fn two_product<T: Real>(a: T, b: T) -> (T, T) {
    let x = a * b;
    (x, a.mul_add(b, -x))
}

/// Adds `b` to the expansion `e[..len]` exactly (Shewchuk's
/// Grow-Expansion, zeros dropped); returns the new length.
fn grow<T: Real>(e: &mut [T; 12], len: usize, b: T) -> usize {
    let mut q = b;
    let mut out = 0;
    for i in 0..len {
        let (sum, err) = two_sum(q, e[i]);
        q = sum;
        if err != T::zero() {
            e[out] = err;
            out += 1;
        }
    }
    if out < e.len() {
        e[out] = q;
        out += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_by_hand_and_exactly_collinear_points() {
        let p = |x: f64, y: f64| Point2::new(x, y);
        assert_eq!(
            orient(&p(0.0, 0.0), &p(1.0, 0.0), &p(0.0, 1.0)),
            Ordering::Greater
        );
        assert_eq!(
            orient(&p(0.0, 0.0), &p(0.0, 1.0), &p(1.0, 0.0)),
            Ordering::Less
        );
        assert_eq!(
            orient(&p(0.0, 0.0), &p(1.0, 1.0), &p(3.0, 3.0)),
            Ordering::Equal
        );
        // Points near the line through a and b, rounded to f32: the
        // naive determinant is within its own rounding of zero, and the
        // exact sign is compared with integer arithmetic on the same
        // floats.
        let q = |x: f32, y: f32| Point2::new(x, y);
        let (a, b) = (q(1.1, 1.3), q(500.7, 600.9));
        let mut exactly_zero = 0;
        for k in 0..2000 {
            let t = k as f32 * 0.013 + 0.2;
            let c = q(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
            let sign = exact_by_integers(&a, &b, &c);
            exactly_zero += usize::from(sign == Ordering::Equal);
            assert_eq!(orient(&a, &b, &c), sign, "k = {k}: {c}");
        }
        assert!(exactly_zero < 2000, "the points were all exactly collinear");
    }

    /// The exact sign of the determinant: every f32 coordinate is
    /// `m · 2^e` with `|m| < 2²⁴`; brought to the smallest exponent, the
    /// coordinates here (between 1 and 1024) are integers below 2³⁴ and
    /// the products of differences below 2⁷⁰: exact in i128.
    fn exact_by_integers(a: &Point2<f32>, b: &Point2<f32>, c: &Point2<f32>) -> Ordering {
        let coords = [a.x, a.y, b.x, b.y, c.x, c.y];
        let parts: Vec<(i128, i32)> = coords.iter().map(|&x| decompose(x)).collect();
        let min_exp = parts.iter().map(|p| p.1).min().unwrap();
        let v: Vec<i128> = parts.iter().map(|&(m, e)| m << (e - min_exp)).collect();
        let (ax, ay, bx, by, cx, cy) = (v[0], v[1], v[2], v[3], v[4], v[5]);
        let det = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
        det.cmp(&0)
    }

    /// `x = m · 2^e` with an integer `m`.
    fn decompose(x: f32) -> (i128, i32) {
        let bits = x.to_bits();
        let exp = ((bits >> 23) & 0xff) as i32;
        let frac = i128::from(bits & ((1 << 23) - 1));
        let m = if exp == 0 { frac } else { frac | (1 << 23) };
        let sign = if x < 0.0 { -1 } else { 1 };
        (sign * m, exp - 150)
    }
}
