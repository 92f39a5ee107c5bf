//! (Unit tests only.) One seeded generator for the unit tests that draw
//! random hulls and poses: xorshift64, uniform in `[−1, 1)`.

use alloc::vec::Vec;

use nalgebra::Point3;

use crate::ConvexPolyhedron;

/// xorshift64; the seed must not be zero.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    /// The next number, uniform in `[−1, 1)`.
    pub(crate) fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }

    /// The hull of `n` points drawn in the cube `[−1, 1)³`, the z
    /// coordinates scaled by `flat`.
    pub(crate) fn hull(&mut self, n: usize, flat: f64) -> ConvexPolyhedron<f64> {
        let points: Vec<_> = (0..n)
            .map(|_| Point3::new(self.next(), self.next(), flat * self.next()))
            .collect();
        ConvexPolyhedron::from_hull(&points).unwrap()
    }
}
