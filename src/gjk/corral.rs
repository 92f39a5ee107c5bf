//! The min-norm iteration's simplex: the corral of support points of
//! `K_A − K_B` ([`Corral`], at most `N + 1` points, no heap) and Wolfe's
//! minor cycles on it ([`minor_cycles`]): the nearest point of the
//! corral's hull to the origin, from the nearest point of its affine hull
//! ([`affine_nearest`], by modified Gram–Schmidt; unrolled for two, three
//! and four points with the loop's bits) and steps that drop the points
//! whose weights leave `(0, 1]` (docs/distance.md). The iteration around
//! it (support points, the certificate) is `mod.rs`'s; `sweep.rs` and
//! `certify.rs` run the same cycles.

use core::cmp::Ordering;

use nalgebra::SVector;

use crate::Real;

/// One point of the corral: `w = a − b`, with `a` on A's core and `b` on
/// B's (in A's frame), and its weight in the current nearest point. `b`
/// is not stored: it is `a − w` to round-off ([`Vertex::b`]), and a
/// vertex of seven numbers, not ten, makes the corral's copies and moves
/// cheaper (docs/benchmarks.md, "Hull-16 casts: minor cycles and support
/// scans").
#[derive(Clone, Copy, Debug)]
pub(crate) struct Vertex<T: Real, const N: usize> {
    pub(crate) w: SVector<T, N>,
    pub(crate) a: SVector<T, N>,
    pub(crate) weight: T,
}

impl<T: Real, const N: usize> Vertex<T, N> {
    /// The point on B's core: `a − w`.
    #[inline]
    pub(crate) fn b(&self) -> SVector<T, N> {
        self.a - self.w
    }
}

/// Up to `N + 1` affinely independent support points of `K_A − K_B` (an
/// array of `N` and one more: no heap, no `N + 1` in a const generic).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Corral<T: Real, const N: usize> {
    head: [Vertex<T, N>; N],
    last: Vertex<T, N>,
    pub(crate) len: usize,
}

impl<T: Real, const N: usize> Corral<T, N> {
    pub(crate) fn single(v: Vertex<T, N>) -> Self {
        // `v` is point 0; the other places are never read before a push,
        // and zeros are cheaper to write than copies of `v`.
        let zero = Vertex {
            w: SVector::zeros(),
            a: SVector::zeros(),
            weight: T::zero(),
        };
        let (mut head, mut last) = ([zero; N], zero);
        match head.first_mut() {
            Some(first) => *first = v,
            None => last = v,
        }
        Self { head, last, len: 1 }
    }

    pub(crate) fn get(&self, i: usize) -> &Vertex<T, N> {
        self.head.get(i).unwrap_or(&self.last)
    }

    pub(crate) fn get_mut(&mut self, i: usize) -> &mut Vertex<T, N> {
        self.head.get_mut(i).unwrap_or(&mut self.last)
    }

    /// Appends `v`; the caller keeps `len <= N` before the call.
    pub(crate) fn push(&mut self, v: Vertex<T, N>) {
        *self.get_mut(self.len) = v;
        self.len += 1;
    }

    /// Removes point `i` (the last point takes its place).
    pub(crate) fn remove(&mut self, i: usize) {
        self.len -= 1;
        let moved = *self.get(self.len);
        *self.get_mut(i) = moved;
    }

    pub(crate) fn contains(&self, w: &SVector<T, N>) -> bool {
        (0..self.len).any(|i| self.get(i).w == *w)
    }

    /// `Σ weightᵢ · f(pointᵢ)`.
    pub(crate) fn combine(&self, f: impl Fn(&Vertex<T, N>) -> SVector<T, N>) -> SVector<T, N> {
        (0..self.len).fold(SVector::zeros(), |s, i| {
            let v = self.get(i);
            s + f(v) * v.weight
        })
    }
}

/// The nearest point to the origin of the affine hull of the corral, by
/// modified Gram–Schmidt on the edges from point 0 (no normal equations:
/// round-off grows with the edges' condition, not its square), and its
/// affine weights `α₀ = 1 − Σμ`, `αᵢ = μᵢ`. `None` when an edge lies in
/// the span of the previous ones to within [`degenerate_tolerance`]:
/// the points are not affinely independent.
fn affine_nearest<T: Real, const N: usize>(
    c: &Corral<T, N>,
) -> Option<(SVector<T, N>, T, SVector<T, N>)> {
    let p0 = c.get(0).w;
    let m = c.len - 1;
    if m > N {
        return None;
    }
    match m {
        0 => return Some((p0, T::one(), SVector::zeros())),
        1 => return affine_nearest_segment(p0, c.get(1).w),
        2 if N >= 2 => return affine_nearest_triangle(p0, c.get(1).w, c.get(2).w),
        3 if N >= 3 => {
            return affine_nearest_tetrahedron(p0, c.get(1).w, c.get(2).w, c.get(3).w);
        }
        _ => {}
    }
    affine_nearest_loop(c, p0, m)
}

/// [`affine_nearest`] for `m` edges from `p0` (`1 <= m <= N`), by loops
/// over the run-time count: the reference the unrolled cases follow.
fn affine_nearest_loop<T: Real, const N: usize>(
    c: &Corral<T, N>,
    p0: SVector<T, N>,
    m: usize,
) -> Option<(SVector<T, N>, T, SVector<T, N>)> {
    // Q's columns as vectors and R as rows of numbers: plain arrays, not
    // matrix column views, whose iterator plumbing cost more than the
    // arithmetic.
    let mut q = [SVector::<T, N>::zeros(); N];
    let mut r = [[T::zero(); N]; N];
    for j in 0..m {
        let e = c.get(j + 1).w - p0;
        let mut v = e;
        for i in 0..j {
            let rij = q[i].dot(&v);
            r[i][j] = rij;
            v -= q[i] * rij;
        }
        let len = v.norm();
        if len.partial_cmp(&(degenerate_tolerance::<T>() * e.norm())) != Some(Ordering::Greater) {
            return None;
        }
        r[j][j] = len;
        q[j] = v / len;
    }
    // x = p0 − Q Qᵀ p0, one column at a time; x − p0 = Q coef.
    // Twice: the first pass leaves a component along the span of the order
    // of ε·|p0| (round-off of subtracting from the large p0), which tilts
    // x by ε·|p0|/|x| and costs the certificate that much times the size
    // of K; the second removes it, still within the affine hull (it moves
    // x along the span only), so that x is orthogonal to the edges to ε
    // (tests/distance.rs::degenerate_inputs_terminate, the 10⁶ ratio).
    let mut x = p0;
    let mut coef = SVector::<T, N>::zeros();
    for _ in 0..2 {
        for i in 0..m {
            let ci = q[i].dot(&x);
            x -= q[i] * ci;
            coef[i] -= ci;
        }
    }
    // R μ = coef, by back substitution.
    let mut mu = SVector::<T, N>::zeros();
    for i in (0..m).rev() {
        let mut s = coef[i];
        for k in i + 1..m {
            s -= r[i][k] * mu[k];
        }
        mu[i] = s / r[i][i];
    }
    let alpha0 = T::one() - mu.iter().take(m).fold(T::zero(), |s, &x| s + x);
    Some((x, alpha0, mu))
}

/// [`affine_nearest`] for two points, unrolled: the same operations in the
/// same order (so the same bits), without the loops over a run-time count.
#[inline]
fn affine_nearest_segment<T: Real, const N: usize>(
    p0: SVector<T, N>,
    p1: SVector<T, N>,
) -> Option<(SVector<T, N>, T, SVector<T, N>)> {
    let e = p1 - p0;
    let len = e.norm();
    if len.partial_cmp(&(degenerate_tolerance::<T>() * len)) != Some(Ordering::Greater) {
        return None;
    }
    let q = e / len;
    let mut x = p0;
    let mut coef = T::zero();
    for _ in 0..2 {
        let c = q.dot(&x);
        x -= q * c;
        coef -= c;
    }
    let mut mu = SVector::<T, N>::zeros();
    mu[0] = coef / len;
    Some((x, T::one() - (T::zero() + mu[0]), mu))
}

/// [`affine_nearest`] for three points, unrolled as
/// [`affine_nearest_segment`]; `N >= 2`.
#[inline]
fn affine_nearest_triangle<T: Real, const N: usize>(
    p0: SVector<T, N>,
    p1: SVector<T, N>,
    p2: SVector<T, N>,
) -> Option<(SVector<T, N>, T, SVector<T, N>)> {
    let tol = degenerate_tolerance::<T>();
    let e0 = p1 - p0;
    let r00 = e0.norm();
    if r00.partial_cmp(&(tol * r00)) != Some(Ordering::Greater) {
        return None;
    }
    let q0 = e0 / r00;
    let e1 = p2 - p0;
    let r01 = q0.dot(&e1);
    let v = e1 - q0 * r01;
    let r11 = v.norm();
    if r11.partial_cmp(&(tol * e1.norm())) != Some(Ordering::Greater) {
        return None;
    }
    let q1 = v / r11;
    let mut x = p0;
    let (mut c0, mut c1) = (T::zero(), T::zero());
    for _ in 0..2 {
        let d0 = q0.dot(&x);
        x -= q0 * d0;
        c0 -= d0;
        let d1 = q1.dot(&x);
        x -= q1 * d1;
        c1 -= d1;
    }
    let mut mu = SVector::<T, N>::zeros();
    mu[1] = c1 / r11;
    mu[0] = (c0 - r01 * mu[1]) / r00;
    Some((x, T::one() - (T::zero() + mu[0] + mu[1]), mu))
}

/// [`affine_nearest`] for four points, unrolled as
/// [`affine_nearest_segment`] (the same operations in the same order, so
/// the same bits); `N >= 3`.
#[inline]
fn affine_nearest_tetrahedron<T: Real, const N: usize>(
    p0: SVector<T, N>,
    p1: SVector<T, N>,
    p2: SVector<T, N>,
    p3: SVector<T, N>,
) -> Option<(SVector<T, N>, T, SVector<T, N>)> {
    let tol = degenerate_tolerance::<T>();
    let independent =
        |len: T, e: &SVector<T, N>| len.partial_cmp(&(tol * e.norm())) == Some(Ordering::Greater);
    let e0 = p1 - p0;
    let r00 = e0.norm();
    if !independent(r00, &e0) {
        return None;
    }
    let q0 = e0 / r00;
    let e1 = p2 - p0;
    let r01 = q0.dot(&e1);
    let v1 = e1 - q0 * r01;
    let r11 = v1.norm();
    if !independent(r11, &e1) {
        return None;
    }
    let q1 = v1 / r11;
    let e2 = p3 - p0;
    let r02 = q0.dot(&e2);
    let mut v2 = e2 - q0 * r02;
    let r12 = q1.dot(&v2);
    v2 -= q1 * r12;
    let r22 = v2.norm();
    if !independent(r22, &e2) {
        return None;
    }
    let q2 = v2 / r22;
    let mut x = p0;
    let (mut c0, mut c1, mut c2) = (T::zero(), T::zero(), T::zero());
    for _ in 0..2 {
        let d0 = q0.dot(&x);
        x -= q0 * d0;
        c0 -= d0;
        let d1 = q1.dot(&x);
        x -= q1 * d1;
        c1 -= d1;
        let d2 = q2.dot(&x);
        x -= q2 * d2;
        c2 -= d2;
    }
    let mut mu = SVector::<T, N>::zeros();
    mu[2] = c2 / r22;
    mu[1] = (c1 - r12 * mu[2]) / r11;
    mu[0] = (c0 - r01 * mu[1] - r02 * mu[2]) / r00;
    Some((x, T::one() - (T::zero() + mu[0] + mu[1] + mu[2]), mu))
}

/// Weight `i` of an affine solution: `α₀` or `μ_{i−1}`.
#[inline]
fn alpha<T: Real, const N: usize>(alpha0: T, mu: &SVector<T, N>, i: usize) -> T {
    if i == 0 {
        alpha0
    } else {
        mu[i - 1]
    }
}

/// An edge whose component off the span of the previous edges is at most
/// this fraction of its length (the sine of its angle to that span) counts
/// as lying in it. Four machine epsilons: the round-off of the component of
/// an edge that does lie in the span, computed by Gram–Schmidt, is a few
/// epsilons of the edge; any edge a real simplex has is far off (the
/// degenerate simplices of coplanar and duplicate support points are
/// exactly in the span: tests/distance.rs::degenerate_inputs_terminate).
#[inline]
fn degenerate_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(4.0)
}

/// Wolfe's minor cycles on a corral whose last point is new (weight 0):
/// the nearest point of the corral's hull, dropping points until the
/// nearest point of the affine hull of the rest has positive weights. At
/// most one cycle per point. `None` when the points are affinely
/// dependent or the cycles run out.
pub(crate) fn minor_cycles<T: Real, const N: usize>(
    corral: &mut Corral<T, N>,
) -> Option<SVector<T, N>> {
    for _ in 0..=N + 1 {
        let (y, alpha0, mu) = affine_nearest(corral)?;
        if (0..corral.len).all(|i| alpha(alpha0, &mu, i) > T::zero()) {
            for i in 0..corral.len {
                corral.get_mut(i).weight = alpha(alpha0, &mu, i);
            }
            return Some(y);
        }
        // Step from the current point towards y until a weight reaches 0.
        // The first point to reach 0 is dropped, also when that happens
        // only at θ = 1 (a weight α = 0 exactly: the origin's projection on
        // a facet of the corral, as for a box's face seen straight on).
        let mut step: Option<(T, usize)> = None;
        for i in 0..corral.len {
            let (l, al) = (corral.get(i).weight, alpha(alpha0, &mu, i));
            if al <= T::zero() {
                // A point of weight 0 (the new one) leaves at θ = 0.
                let t = if l > T::zero() {
                    l / (l - al)
                } else {
                    T::zero()
                };
                if step.is_none_or(|(theta, _)| t < theta) {
                    step = Some((t, i));
                }
            }
        }
        let (theta, drop) = step?;
        // Round-off outside [0, 1].
        let theta = if theta >= T::zero() && theta <= T::one() {
            theta
        } else {
            T::zero()
        };
        for i in 0..corral.len {
            let v = corral.get_mut(i);
            v.weight = (T::one() - theta) * v.weight + theta * alpha(alpha0, &mu, i);
        }
        corral.get_mut(drop).weight = T::zero();
        let mut i = 0;
        while i < corral.len {
            if corral.get(i).weight > T::zero() {
                i += 1;
            } else {
                corral.remove(i);
            }
        }
        if corral.len == 0 {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use nalgebra::Vector3;

    use super::*;

    // The unrolled affine solves give the loop's bits (segment, triangle,
    // tetrahedron), on random points and on nearly degenerate ones.
    #[test]
    fn unrolled_affine_solves_match_the_loop_to_the_bit() {
        let mut rng = crate::test_rng::Rng(0x7e7_4a11);
        let mut next = move || rng.next();
        let bits = |r: Option<(Vector3<f64>, f64, Vector3<f64>)>| {
            r.map(|(x, a, mu)| {
                let v = |u: Vector3<f64>| u.map(f64::to_bits);
                (v(x), a.to_bits(), v(mu))
            })
        };
        for round in 0..2000 {
            let mut p = [Vector3::zeros(); 4];
            for q in &mut p {
                *q = Vector3::new(next(), next(), next()) * 3.0;
            }
            if round % 4 == 1 {
                // The last point nearly in the plane of the others.
                p[3] = p[0] + (p[1] - p[0]) * 0.3 + (p[2] - p[0]) * 0.5 + p[3] * 1e-14;
            }
            let vertex = |w: Vector3<f64>| Vertex {
                w,
                a: w,
                weight: 0.0,
            };
            for len in 2..=4 {
                let mut c = Corral::single(vertex(p[0]));
                for q in &p[1..len] {
                    c.push(vertex(*q));
                }
                let fast = bits(affine_nearest(&c));
                let reference = bits(affine_nearest_loop(&c, p[0], len - 1));
                assert_eq!(fast, reference, "round {round}, {len} points");
            }
        }
    }
}
