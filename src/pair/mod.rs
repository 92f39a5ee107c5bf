//! Specialised paths for particular pairs of shapes, one file per pair, and
//! the dispatch that routes the public queries to them.
//!
//! Each path returns the same answer as the generic [`engine`](crate::engine)
//! (tests/properties_2d.rs::fast_path_matches_engine,
//! tests/boxes_3d.rs::box_path_matches_engine_f64 and
//! tests/polyhedra_3d.rs::hull_path_matches_engine check it), only faster.

pub mod obb_obb;
pub mod polygon_polygon;
pub mod polyhedron_polyhedron;

use core::any::Any;

use nalgebra::{SVector, Unit};

use crate::real::tie_tolerance;
use crate::{ConvexPolygon, ConvexPolyhedron, Obb, Pose, Real, Separation};

/// The index of the unit vector with the largest projection on `dir`, the
/// first on a tie (0 for an empty list): the face that faces `dir`.
#[inline]
pub(crate) fn argmax_dot<T: Real, const N: usize>(
    vs: &[Unit<SVector<T, N>>],
    dir: &SVector<T, N>,
) -> usize {
    let Some((first, rest)) = vs.split_first() else {
        return 0;
    };
    let mut best = (0, first.dot(dir));
    for (k, v) in rest.iter().enumerate() {
        let value = v.dot(dir);
        if value > best.1 {
            best = (k + 1, value);
        }
    }
    best.0
}

/// How far below a threshold a bound on a gap must lie before the paths
/// trust it to drop an axis: 32 [`tie_tolerance`] times `scale`, the size
/// of the coordinates the bound and the gap are computed from.
#[inline]
pub(crate) fn bound_slack<T: Real>(scale: T) -> T {
    tie_tolerance::<T>() * scale * T::from_u8(32).unwrap_or_else(T::one)
}

/// `x` as a `U` when `S` and `U` are the same type.
#[inline]
fn cast<S: 'static, U: 'static>(x: &S) -> Option<&U> {
    (x as &dyn Any).downcast_ref::<U>()
}

/// The verdict from a specialised path, when the pair has one.
#[inline]
pub(crate) fn intersects<T: Real, const N: usize, A: 'static, B: 'static>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<bool> {
    // In more than three dimensions boxes need the engine's extra axes.
    if N > 3 {
        return None;
    }
    if let (Some(a), Some(b)) = (cast::<A, Obb<T, N>>(a), cast::<B, Obb<T, N>>(b)) {
        return Some(obb_obb::intersects(a, pose_a, b, pose_b));
    }
    if let (Some(a), Some(b), Some(pose_a), Some(pose_b)) = (
        cast::<A, ConvexPolygon<T>>(a),
        cast::<B, ConvexPolygon<T>>(b),
        cast::<Pose<T, N>, Pose<T, 2>>(pose_a),
        cast::<Pose<T, N>, Pose<T, 2>>(pose_b),
    ) {
        return Some(polygon_polygon::intersects(a, pose_a, b, pose_b));
    }
    if let (Some(a), Some(b), Some(pose_a), Some(pose_b)) = (
        cast::<A, ConvexPolyhedron<T>>(a),
        cast::<B, ConvexPolyhedron<T>>(b),
        cast::<Pose<T, N>, Pose<T, 3>>(pose_a),
        cast::<Pose<T, N>, Pose<T, 3>>(pose_b),
    ) {
        return Some(polyhedron_polyhedron::intersects(a, pose_a, b, pose_b));
    }
    None
}

/// The separation from a specialised path, when the pair has one.
///
/// The type tests are on concrete types, so the compiler folds them away in
/// each instantiation.
#[inline]
pub(crate) fn separation<T: Real, const N: usize, A: 'static, B: 'static>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    stop_at_gap: bool,
) -> Option<Separation<T, N>> {
    // In more than three dimensions boxes need the engine's extra axes.
    if N > 3 {
        return None;
    }
    if let (Some(a), Some(b), Some(pose_a), Some(pose_b)) = (
        cast::<A, ConvexPolygon<T>>(a),
        cast::<B, ConvexPolygon<T>>(b),
        cast::<Pose<T, N>, Pose<T, 2>>(pose_a),
        cast::<Pose<T, N>, Pose<T, 2>>(pose_b),
    ) {
        let s = polygon_polygon::separation_with(a, pose_a, b, pose_b, stop_at_gap);
        return cast::<Separation<T, 2>, Separation<T, N>>(&s).copied();
    }
    if let (Some(a), Some(b)) = (cast::<A, Obb<T, N>>(a), cast::<B, Obb<T, N>>(b)) {
        return Some(obb_obb::separation_with(a, pose_a, b, pose_b, stop_at_gap));
    }
    if let (Some(a), Some(b), Some(pose_a), Some(pose_b)) = (
        cast::<A, ConvexPolyhedron<T>>(a),
        cast::<B, ConvexPolyhedron<T>>(b),
        cast::<Pose<T, N>, Pose<T, 3>>(pose_a),
        cast::<Pose<T, N>, Pose<T, 3>>(pose_b),
    ) {
        let s = polyhedron_polyhedron::separation_with(a, pose_a, b, pose_b, stop_at_gap);
        return cast::<Separation<T, 3>, Separation<T, N>>(&s).copied();
    }
    None
}
