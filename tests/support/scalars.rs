//! The scalars the tests run with: [`TestReal`] (`f32` and `f64`, with the
//! tolerances the properties use for each) and the conversions `t` and `f`
//! between a test scalar and `f64`.

use core::fmt::Debug;

use nalgebra::Vector2;
use separating_axis::Real;

/// A scalar the tests run with (`f32` and `f64`), with the tolerances the
/// properties use for it. Every tolerance is relative to the scene's scale
/// ([`Scene::scale`]): it multiplies `max(1, largest |world coordinate|)`.
pub trait TestReal: Real + Debug + 'static {
    /// Name for messages.
    const NAME: &'static str;
    /// Near-touching band: pairs whose oracle signed distance is within
    /// `BAND * scale` of zero are too close to call. An answer there depends
    /// on the last bits of rounding (in the library and in the oracle), so
    /// the boolean properties skip them. `1e-9` in `f64`, `1e-4` in `f32`:
    /// far above the round-off of a few operations on coordinates of the
    /// scale (`~1e-15` resp. `~1e-6` relative), far below any gap the
    /// generator makes on purpose.
    const BAND: f64;
    /// Agreement of two computed distances (library against library, or
    /// library against oracle), relative to the scale: `1e-12` in `f64`,
    /// `1e-4` in `f32`.
    const AGREE: f64;
    /// Penetrations shallower than `MIN_DEPTH * scale` are skipped by the
    /// MTV properties: moving by `0.999` or `1.001` times the MTV changes
    /// the gap by `1e-3 * depth`, which must stay well above the error the
    /// library allows itself in the depth. That error is the tie rule's
    /// (`separating_axis::real::tie_tolerance`, 4 epsilons times
    /// `|h_A| + |h_B|`, at most about `2 * scale`): a less preferred axis
    /// whose gap is larger by less than that is passed over. In `f64` this
    /// is `2e-15 * scale`, and `MIN_DEPTH = 1e-6` leaves a wide margin. In
    /// `f32` it is `1e-6 * scale` (plain round-off: `1.9e-7 * scale`), so
    /// `1e-3 * MIN_DEPTH` must be several times that: `MIN_DEPTH = 1e-2`.
    /// (With the first tie tolerance of 64 epsilons it had to be `5e-2`.)
    const MIN_DEPTH: f64;
    /// Two unit normals within this distance of each other count as the
    /// same normal.
    const NORMAL: f64;
}

impl TestReal for f32 {
    const NAME: &'static str = "f32";
    const BAND: f64 = 1e-4;
    const AGREE: f64 = 1e-4;
    const MIN_DEPTH: f64 = 1e-2;
    const NORMAL: f64 = 1e-3;
}

impl TestReal for f64 {
    const NAME: &'static str = "f64";
    const BAND: f64 = 1e-9;
    const AGREE: f64 = 1e-12;
    const MIN_DEPTH: f64 = 1e-6;
    const NORMAL: f64 = 1e-9;
}

/// `x` converted to `T` (rounded to nearest).
#[inline]
pub fn t<T: TestReal>(x: f64) -> T {
    T::from_f64(x).expect("f64 converts to every test scalar")
}

/// `x` converted to `f64` (exact for `f32` and `f64`).
#[inline]
pub fn f<T: TestReal>(x: T) -> f64 {
    x.to_f64().expect("every test scalar converts to f64")
}

/// A vector converted to `f64`.
#[inline]
pub fn vf<T: TestReal>(v: &Vector2<T>) -> Vector2<f64> {
    Vector2::new(f(v.x), f(v.y))
}

/// A vector converted to `T`.
#[inline]
pub fn vt<T: TestReal>(v: &Vector2<f64>) -> Vector2<T> {
    Vector2::new(t(v.x), t(v.y))
}

/// Runs each generic test `name::<T>()` of the invoking file as
/// `f32::name` and `f64::name`: one test per scalar, under the same name.
macro_rules! in_both_scalars {
    ($($name:ident),* $(,)?) => {
        mod f32 {
            $(#[test] fn $name() { super::$name::<f32>(); })*
        }
        mod f64 {
            $(#[test] fn $name() { super::$name::<f64>(); })*
        }
    };
}
pub(crate) use in_both_scalars;
