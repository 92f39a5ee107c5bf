//! SplitMix64: the small seeded generator shared by the 3D tests and the
//! benches (`#[path]`-included there), so that every scene is reproducible.

#![allow(dead_code)]

use nalgebra::{Rotation3, Unit, Vector3};

/// SplitMix64 state.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[0, 1)`.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }

    /// Uniform on the unit sphere (rejection from the cube).
    pub fn unit(&mut self) -> Vector3<f64> {
        loop {
            let v = Vector3::new(
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
                self.range(-1.0, 1.0),
            );
            let n = v.norm();
            if n > 0.1 && n <= 1.0 {
                return v / n;
            }
        }
    }

    /// A uniformly random axis and angle.
    pub fn rotation(&mut self) -> Rotation3<f64> {
        let axis = Unit::new_normalize(self.unit());
        Rotation3::from_axis_angle(&axis, self.range(0.0, std::f64::consts::TAU))
    }
}
