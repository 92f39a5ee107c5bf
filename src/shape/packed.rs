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
    /// The same index as a scan in order keeping the first maximum (each
    /// lane keeps its first maximum; lanes tie-break to the lower index,
    /// and a padding copy of vector 0 loses to vector 0 itself).
    /// `(0, NaN)` when `dir` holds a NaN.
    #[inline]
    pub(crate) fn argmax_dot(&self, dir: &Vector3<T>) -> (usize, T) {
        let Some((first, rest)) = self.chunks.split_first() else {
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

    // The packed argmax is the first maximum of the plain scan, also when
    // the maximum is shared (repeated vectors, in and across lanes, and a
    // maximum at vector 0 that the padding copies).
    #[test]
    fn packed_argmax_is_the_first_maximum() {
        let dirs = [
            Vector3::new(0.3, -1.1, 0.45),
            Vector3::new(0.0, 0.0, 1.0),
            Vector3::new(-1.0, 0.0, 0.0),
        ];
        for n in 1..=3 * LANES + 1 {
            let mut v = items(n);
            // Ties: vector 0 repeated at n / 2 and at the end.
            let v0 = v[0];
            let mid = n / 2;
            v[mid] = v0;
            v[n - 1] = v0;
            for dir in &dirs {
                let packed = Packed3::new(&v);
                let mut best = (0, v[0].x * dir.x + v[0].y * dir.y + v[0].z * dir.z);
                for (i, p) in v.iter().enumerate() {
                    let d = p.x * dir.x + p.y * dir.y + p.z * dir.z;
                    if d > best.1 {
                        best = (i, d);
                    }
                }
                let (i, d) = packed.argmax_dot(dir);
                assert_eq!((i, d.to_bits()), (best.0, best.1.to_bits()), "n = {n}");
            }
        }
    }

    #[test]
    fn packed_max_is_nan_for_a_nan_direction() {
        let packed = Packed3::new(&items(11));
        assert!(packed.max_dot(&Vector3::new(f64::NAN, 0.0, 1.0)).is_nan());
    }
}
