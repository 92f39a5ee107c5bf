//! SplitMix64 (Steele, Lea, Flood 2014): the one seeded generator of the
//! tests, also shared by the benches (`#[path]`-included there), so that
//! every scene is reproducible. The whole state is one `u64`, so any seed is
//! a valid stream.
//!
//! Each method names what it draws, so that no two meanings share a name:
//! [`Rng::unit_interval`] is a number in `[0, 1)`, [`Rng::signed_unit`] one
//! in `[-1, 1)`, [`Rng::unit_vector2`], [`Rng::unit_vector3`] and
//! [`Rng::unit_vector`] (any dimension) are unit vectors. (The generators this one replaced called both a number in
//! `[0, 1)` and a 3D unit vector `unit()`; every call site now calls the
//! method that computes exactly what it computed before, so every seeded
//! sequence and the golden hash are unchanged.)

// The benches include this file and use a part of it.
#![allow(dead_code)]

use nalgebra::{Rotation3, SVector, Unit, Vector2, Vector3};

/// SplitMix64 state.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The stream starting at `seed` (the same as `Rng(seed)`).
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`, 53 random bits. (Dividing by `2^53` and
    /// multiplying by `2^-53`, as one of the former generators did, give
    /// the same bits: both are exact.)
    pub fn unit_interval(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit_interval()
    }

    /// Uniform in `[-1, 1)`: exactly `self.range(-1.0, 1.0)`.
    pub fn signed_unit(&mut self) -> f64 {
        self.range(-1.0, 1.0)
    }

    /// In `[lo, hi)`, skewed towards `lo` (`lo + (hi - lo) u³`), for sizes
    /// spanning decades: for `[0.1, 5)` its median (0.71) is about the
    /// geometric mean, like a log-uniform draw's, without `ln`/`exp`.
    pub fn skewed_range(&mut self, lo: f64, hi: f64) -> f64 {
        let u = self.unit_interval();
        lo + (hi - lo) * (u * u * u)
    }

    /// Uniform in `0..n` (`n > 0`; the modulo bias is irrelevant here).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// `true` with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        self.unit_interval() < p
    }

    /// A random 2D unit vector, from a rational parametrisation of the
    /// circle (no `sin`/`cos`, so the same bits on every platform).
    pub fn unit_vector2(&mut self) -> Vector2<f64> {
        let (c, s) = self.rational_cos_sin();
        Vector2::new(c, s)
    }

    /// `(cos θ, sin θ)` for a random θ, through `tan(θ/2) = u`: the
    /// rational formulas are plain arithmetic, so the generated scenes (and
    /// the golden hash) do not depend on the platform's `libm`. Not exactly
    /// uniform in θ, which does not matter here.
    pub fn rational_cos_sin(&mut self) -> (f64, f64) {
        let u = self.signed_unit();
        let d = 1.0 + u * u;
        let (c, s) = ((1.0 - u * u) / d, 2.0 * u / d);
        if self.chance(0.5) {
            (-c, -s)
        } else {
            (c, s)
        }
    }

    /// A random unit vector in `N` dimensions, uniform on the sphere
    /// (rejection from the cube `[-1, 1)^N`, coordinates drawn in order).
    pub fn unit_vector<const N: usize>(&mut self) -> SVector<f64, N> {
        loop {
            let v = SVector::<f64, N>::from_fn(|_, _| self.signed_unit());
            let n = v.norm();
            if n > 0.1 && n <= 1.0 {
                return v / n;
            }
        }
    }

    /// [`Rng::unit_vector`] in 3D.
    pub fn unit_vector3(&mut self) -> Vector3<f64> {
        self.unit_vector::<3>()
    }

    /// A uniformly random axis and angle.
    pub fn rotation(&mut self) -> Rotation3<f64> {
        let axis = Unit::new_normalize(self.unit_vector3());
        Rotation3::from_axis_angle(&axis, self.range(0.0, std::f64::consts::TAU))
    }
}

#[cfg(test)]
mod tests {
    /// The former 2D generator computed `[0, 1)` as `bits × 2^-53`, the
    /// former 3D one as `bits / 2^53`: the same bits, which is what lets the
    /// one generator keep both families of seeded scenes.
    #[test]
    fn unit_interval_equals_the_former_multiplying_form_bit_for_bit() {
        let (mut rng, mut bits) = (super::Rng::new(0x5EED), super::Rng::new(0x5EED));
        for _ in 0..100_000 {
            let former = (bits.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
            assert_eq!(rng.unit_interval().to_bits(), former.to_bits());
        }
    }

    /// `unit_vector3` is the former 3D generator's `unit()`: three draws in
    /// `[-1, 1)` in order, rejected outside the shell `0.1 < |v| <= 1`.
    #[test]
    fn unit_vector3_equals_the_former_formula_bit_for_bit() {
        let (mut rng, mut former) = (super::Rng::new(3), super::Rng::new(3));
        for _ in 0..10_000 {
            let expected = loop {
                let v = nalgebra::Vector3::new(
                    former.range(-1.0, 1.0),
                    former.range(-1.0, 1.0),
                    former.range(-1.0, 1.0),
                );
                let n = v.norm();
                if n > 0.1 && n <= 1.0 {
                    break v / n;
                }
            };
            assert_eq!(
                rng.unit_vector3().map(f64::to_bits),
                expected.map(f64::to_bits)
            );
        }
    }

    /// Each method draws what its name says.
    #[test]
    fn draws_are_in_their_ranges() {
        let mut rng = super::Rng::new(11);
        for _ in 0..10_000 {
            let u = rng.unit_interval();
            assert!((0.0..1.0).contains(&u), "{u}");
            let s = rng.signed_unit();
            assert!((-1.0..1.0).contains(&s), "{s}");
            assert!((rng.unit_vector2().norm() - 1.0).abs() < 1e-15);
            assert!((rng.unit_vector3().norm() - 1.0).abs() < 1e-15);
            assert!(rng.below(7) < 7);
        }
    }
}
