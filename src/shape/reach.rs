//! How far a shape reaches from its local origin: the lever of a rotation
//! in the casts' tolerance (src/cast.rs) and in contact recycling's motion
//! bound (src/manifold/recycle.rs).

use nalgebra::{Point, SVector};

use crate::{Real, Shape};

/// A bound on the distance of any point of the shape from its local
/// origin: the farthest core vertex plus the radius, or, for a core that
/// lists no vertices, the norm of the support values along the
/// coordinate axes.
pub(crate) fn reach<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(shape: &S) -> T {
    let r = shape.radius();
    if let Some(p) = shape.local_core_farthest_point(&Point::origin()) {
        return p.coords.norm() + r;
    }
    let mut sq = T::zero();
    for k in 0..N {
        let mut e = SVector::<T, N>::zeros();
        e[k] = T::one();
        let hi = shape.local_support_value(&e);
        let lo = shape.local_support_value(&-e);
        let m = if hi.abs() > lo.abs() {
            hi.abs()
        } else {
            lo.abs()
        };
        sq += m * m;
    }
    sq.sqrt()
}
