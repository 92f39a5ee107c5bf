//! 3D vectors packed [`LANES`] at a time in coordinate columns, so that the
//! scans a polyhedron query spends its time in (the support value along one
//! direction, the projections of all face normals on one direction) run as
//! independent lanes the compiler turns into SIMD instructions.
//!
//! The last chunk is padded with copies of the first vector: a duplicate
//! never changes a maximum, and [`Packed3::dots_into`] writes only the real
//! entries.

use alloc::vec::Vec;

use nalgebra::Vector3;

use crate::Real;

/// Vectors per chunk: two SSE registers of `f32`, four of `f64`.
pub(crate) const LANES: usize = 8;

/// One chunk: the x, y and z coordinates of [`LANES`] vectors.
type Chunk<T> = [[T; LANES]; 3];

/// A non-empty list of 3D vectors in chunks of [`LANES`].
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Packed3<T> {
    chunks: Vec<Chunk<T>>,
}

impl<T: Real> Packed3<T> {
    /// Packs `items`, which must not be empty (a polyhedron has vertices
    /// and faces).
    pub(crate) fn new(items: &[Vector3<T>]) -> Self {
        let first = items[0];
        let chunks = items
            .chunks(LANES)
            .map(|part| {
                let at = |l: usize| part.get(l).copied().unwrap_or(first);
                [0, 1, 2].map(|k| core::array::from_fn(|l| at(l)[k]))
            })
            .collect();
        Self { chunks }
    }

    /// `dir · v` for the vectors of one chunk.
    #[inline(always)]
    fn chunk_dots(chunk: &Chunk<T>, dir: &Vector3<T>) -> [T; LANES] {
        let (x, y, z) = (dir.x, dir.y, dir.z);
        core::array::from_fn(|l| chunk[0][l] * x + chunk[1][l] * y + chunk[2][l] * z)
    }

    /// The largest `dir · v` over the vectors: the support value when they
    /// are a polyhedron's vertices. NaN when `dir` holds a NaN (the first
    /// chunk seeds the running maxima, and a NaN is never replaced).
    #[inline]
    pub(crate) fn max_dot(&self, dir: &Vector3<T>) -> T {
        // The maximum over no vectors is −∞ (never reached: a polyhedron
        // has vertices and faces).
        let Some((first, rest)) = self.chunks.split_first() else {
            return -(T::one() / T::zero());
        };
        let mut acc = Self::chunk_dots(first, dir);
        for chunk in rest {
            let d = Self::chunk_dots(chunk, dir);
            for (m, v) in acc.iter_mut().zip(d) {
                if v > *m {
                    *m = v;
                }
            }
        }
        let mut m = acc[0];
        for &v in &acc[1..] {
            if v > m {
                m = v;
            }
        }
        m
    }

    /// The index of the first vector with the largest `dir · v`, and that
    /// value: the support vertex when they are a polyhedron's vertices.
    /// The same index as a scan in order keeping the first maximum.
    /// `(0, NaN)` when `dir` holds a NaN.
    ///
    /// Up to four chunks (a polyhedron below
    /// [`CLIMB_MIN_VERTICES`](crate::ConvexPolyhedron::CLIMB_MIN_VERTICES)
    /// vertices), [`argmax_dot_short`](Self::argmax_dot_short): the maximum
    /// of every dot, then the first dot equal to it, with no index kept per
    /// lane; longer lists keep each lane's first maximum and its index
    /// ([`argmax_dot_lanes`](Self::argmax_dot_lanes)).
    #[inline]
    pub(crate) fn argmax_dot(&self, dir: &Vector3<T>) -> (usize, T) {
        match self.chunks.as_slice() {
            [a] => Self::argmax_dot_short([a], dir),
            [a, b] => Self::argmax_dot_short([a, b], dir),
            [a, b, c] => Self::argmax_dot_short([a, b, c], dir),
            [a, b, c, d] => Self::argmax_dot_short([a, b, c, d], dir),
            chunks => Self::argmax_dot_lanes(chunks, dir),
        }
    }

    /// [`argmax_dot`](Self::argmax_dot) on `C` chunks (one to four):
    /// every dot kept (on the stack) while the lanes' maxima run as in
    /// [`max_dot`](Self::max_dot), the maximum of the lanes by a tree of
    /// selects, then the first dot equal to it. A maximum that is not NaN
    /// is one of the dots, so it is found; a NaN maximum equals none, and
    /// the answer is `(0, NaN)`.
    #[inline(always)]
    fn argmax_dot_short<const C: usize>(chunks: [&Chunk<T>; C], dir: &Vector3<T>) -> (usize, T) {
        let max = |a: T, b: T| if a > b { a } else { b };
        let mut dots = [[T::zero(); LANES]; C];
        let Some((first, rest)) = chunks.split_first() else {
            return (0, -(T::one() / T::zero()));
        };
        let mut m = Self::chunk_dots(first, dir);
        dots[0] = m;
        for (chunk, out) in rest.iter().zip(&mut dots[1..]) {
            let d = Self::chunk_dots(chunk, dir);
            *out = d;
            for l in 0..LANES {
                m[l] = max(d[l], m[l]);
            }
        }
        let mut width = LANES / 2;
        while width > 0 {
            for l in 0..width {
                m[l] = max(m[l + width], m[l]);
            }
            width /= 2;
        }
        let m = m[0];
        // How the dots reach the search is the compiler's business, and it
        // does best with `f64` dots left in registers and `f32` dots
        // passed through memory (inlined there, it split the `f32` lanes
        // in pairs to read them back one by one). Callgrind counts of a
        // 16-vertex hull cast, f64 / f32: inlined 5 972 / 6 010, through
        // memory 6 122 / 5 779 (docs/benchmarks.md, "Support scans without
        // lane indices"). The same search either way.
        if core::mem::size_of::<T>() < 8 {
            Self::first_equal(&dots, m)
        } else {
            Self::first_equal_inline(&dots, m)
        }
    }

    /// The index of the first of `dots` equal to `m`, and that dot (not
    /// `m`: −0 and +0 compare equal, and the first maximum's bits are the
    /// answer); `(0, m)` when none is (`m` NaN). Not inlined: the dots
    /// reach it through memory.
    #[inline(never)]
    fn first_equal<const C: usize>(dots: &[[T; LANES]; C], m: T) -> (usize, T) {
        Self::first_equal_inline(dots, m)
    }

    /// [`first_equal`](Self::first_equal), inlined.
    #[inline(always)]
    fn first_equal_inline<const C: usize>(dots: &[[T; LANES]; C], m: T) -> (usize, T) {
        dots.iter()
            .flatten()
            .enumerate()
            .find(|&(_, &v)| v == m)
            .map_or((0, m), |(i, &v)| (i, v))
    }

    /// [`argmax_dot`](Self::argmax_dot) on any number of chunks (each lane
    /// keeps its first maximum; lanes tie-break to the lower index, and a
    /// padding copy of vector 0 loses to vector 0 itself).
    #[inline]
    fn argmax_dot_lanes(chunks: &[Chunk<T>], dir: &Vector3<T>) -> (usize, T) {
        let Some((first, rest)) = chunks.split_first() else {
            return (0, -(T::one() / T::zero()));
        };
        let mut acc = Self::chunk_dots(first, dir);
        let mut at: [usize; LANES] = core::array::from_fn(|l| l);
        for (c, chunk) in rest.iter().enumerate() {
            let d = Self::chunk_dots(chunk, dir);
            let base = (c + 1) * LANES;
            // Selects, not branches: the lanes stay in vector registers.
            for l in 0..LANES {
                let gt = d[l] > acc[l];
                acc[l] = if gt { d[l] } else { acc[l] };
                at[l] = if gt { base + l } else { at[l] };
            }
        }
        let (mut best, mut m) = (at[0], acc[0]);
        for l in 1..LANES {
            let v = acc[l];
            if v > m || (v == m && at[l] < best) {
                m = v;
                best = at[l];
            }
        }
        // Padding: a copy of vector 0 standing in a lane past the end ties
        // with vector 0, which lane 0 holds unless it found larger.
        (best, m)
    }

    /// Vector `i`; `i` must be below the number of vectors packed.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> Vector3<T> {
        let chunk = &self.chunks[i / LANES];
        let l = i % LANES;
        Vector3::new(chunk[0][l], chunk[1][l], chunk[2][l])
    }

    /// Writes `dir · vᵢ` to `out[i]` for every `i < out.len()`; `out` must
    /// not be longer than the list.
    #[inline]
    pub(crate) fn dots_into(&self, dir: &Vector3<T>, out: &mut [T]) {
        for (chunk, part) in self.chunks.iter().zip(out.chunks_mut(LANES)) {
            let d = Self::chunk_dots(chunk, dir);
            for (o, v) in part.iter_mut().zip(d) {
                *o = v;
            }
        }
    }

    /// Every stored number (padding included), chunk by chunk: the
    /// construction snapshot (`shape::polyhedron::snapshot`) hashes them.
    #[cfg(test)]
    pub(crate) fn values(&self) -> impl Iterator<Item = T> + '_ {
        self.chunks.iter().flatten().flatten().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(n: usize) -> Vec<Vector3<f64>> {
        (0..n)
            .map(|i| {
                let a = i as f64 * 0.7;
                Vector3::new(a.cos(), a.sin(), (i % 5) as f64 - 2.0)
            })
            .collect()
    }

    // The packed maximum and dots equal the plain loops for every length
    // around the chunk size (padding included).
    #[test]
    fn packed_scans_equal_plain_loops() {
        let dir = Vector3::new(0.3, -1.1, 0.45);
        for n in 1..=3 * LANES + 1 {
            let v = items(n);
            let packed = Packed3::new(&v);
            let plain: Vec<f64> = v
                .iter()
                .map(|p| p.x * dir.x + p.y * dir.y + p.z * dir.z)
                .collect();
            let max = plain.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            // The same products, so the same bits.
            assert_eq!(packed.max_dot(&dir).to_bits(), max.to_bits(), "n = {n}");
            let mut out = vec![f64::NAN; n];
            packed.dots_into(&dir, &mut out);
            assert_eq!(out, plain, "n = {n}");
            assert!((0..n).all(|i| packed.get(i) == v[i]), "n = {n}");
        }
    }

    /// The plain scan's first maximum along `dir`, as `(index, f64 bits)`
    /// (`f32` to `f64` keeps the value and the sign of zero).
    fn first_maximum<T: Real>(v: &[Vector3<T>], dir: &Vector3<T>) -> (usize, u64) {
        let dot = |p: &Vector3<T>| p.x * dir.x + p.y * dir.y + p.z * dir.z;
        let mut best = (0, dot(&v[0]));
        for (i, p) in v.iter().enumerate() {
            if dot(p) > best.1 {
                best = (i, dot(p));
            }
        }
        (best.0, best.1.to_f64().unwrap_or(f64::NAN).to_bits())
    }

    /// The packed argmax is the first maximum of the plain scan in `T`,
    /// also when the maximum is shared (repeated vectors, in and across
    /// lanes, and a maximum at vector 0 that the padding copies), for
    /// every length up to six chunks (the short path up to four, the
    /// lanes' path past it), on fixed and random directions.
    fn packed_argmax_is_the_first_maximum<T: Real>(seed: u64) {
        let mut rng = crate::test_rng::Rng(seed);
        let fixed = [
            Vector3::new(0.3, -1.1, 0.45),
            Vector3::new(0.0, 0.0, 1.0),
            Vector3::new(-1.0, 0.0, 0.0),
        ];
        for n in 1..=6 * LANES + 1 {
            let mut v: Vec<Vector3<T>> = items(n).iter().map(|p| p.cast::<T>()).collect();
            // Ties: vector 0 repeated at n / 2 and at the end.
            let v0 = v[0];
            let mid = n / 2;
            v[mid] = v0;
            v[n - 1] = v0;
            let random = (0..20).map(|_| Vector3::new(rng.next(), rng.next(), rng.next()));
            let packed = Packed3::new(&v);
            for dir in fixed.into_iter().chain(random) {
                let dir = dir.cast::<T>();
                let (i, d) = packed.argmax_dot(&dir);
                let got = (i, d.to_f64().unwrap_or(f64::NAN).to_bits());
                assert_eq!(got, first_maximum(&v, &dir), "n = {n}, {dir:?}");
            }
        }
    }

    #[test]
    fn packed_argmax_is_the_first_maximum_f64() {
        packed_argmax_is_the_first_maximum::<f64>(0xa59_0064);
    }

    #[test]
    fn packed_argmax_is_the_first_maximum_f32() {
        packed_argmax_is_the_first_maximum::<f32>(0xa59_0032);
    }

    #[test]
    fn packed_max_is_nan_for_a_nan_direction() {
        for n in [3, 11, 19, 27, 45] {
            let packed = Packed3::new(&items(n));
            let dir = Vector3::new(f64::NAN, 0.0, 1.0);
            assert!(packed.max_dot(&dir).is_nan(), "n = {n}");
            let (i, d) = packed.argmax_dot(&dir);
            assert!(i == 0 && d.is_nan(), "n = {n}: {i} {d}");
        }
    }

    // The first maximum's own bits: along x, (−0, −1, −1) has the dot
    // −0 (a sum of −0s) and (0, 1, 1) the dot +0, the rest −1; the two
    // zeros compare equal, so the first is the answer with its −0, though
    // the lanes' maximum, folded in lane order, is the +0 (in the same
    // chunk or the next). In `f64` and `f32`: their searches are compiled
    // differently.
    #[test]
    fn packed_argmax_keeps_the_first_maximums_sign_of_zero() {
        fn check<T: Real>() {
            let (zero, one) = (T::zero(), T::one());
            for (n, plus) in [(3, 2), (9, 2), (17, 2), (17, LANES + 2), (40, 3 * LANES)] {
                let mut v = vec![Vector3::new(-one, zero, zero); n];
                v[1] = Vector3::new(-zero, -one, -one);
                v[plus] = Vector3::new(zero, one, one);
                let (i, d) = Packed3::new(&v).argmax_dot(&Vector3::x());
                assert!(i == 1 && d == zero, "n = {n}: {i}");
                assert!(d.is_sign_negative(), "n = {n}, +0 at {plus}: +0, not −0");
            }
        }
        check::<f64>();
        check::<f32>();
    }
}
