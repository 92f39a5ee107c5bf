//! The 3D clipping (in progress).

use super::{Frames, Manifold};
use crate::{Feature, Real, Shape};

/// Not yet: every 3D contact is the one-point contact.
pub(super) fn contacts<T, A, B>(
    _m: &mut Manifold<T, 3>,
    _frames: &Frames<'_, T, 3>,
    _a: &A,
    _b: &B,
    _feature: Feature,
    _margin: T,
) where
    T: Real,
    A: Shape<T, 3> + ?Sized,
    B: Shape<T, 3> + ?Sized,
{
}
