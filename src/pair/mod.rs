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
use crate::{Pose, Real, Separation, Shape};

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

/// `x` as a `U` when `S` and `U` are the same type: the pose and result
/// types of the dimension-specific paths (`Pose<T, N>` as `Pose<T, 2>`).
/// Only these plain `'static` value types are cast; shapes are routed by
/// their hooks ([`Shape::as_obb`], [`Shape::as_polygon`],
/// [`Shape::as_polyhedron`]), so any shape, borrowed or behind `dyn`,
/// reaches its path.
#[inline]
fn cast<S: 'static, U: 'static>(x: &S) -> Option<&U> {
    (x as &dyn Any).downcast_ref::<U>()
}

/// The verdict from a specialised path, when the pair has one.
#[inline]
pub(crate) fn intersects<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<bool>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N == 2 {
        if let (Some(pa), Some(pb)) = (cast::<_, Pose<T, 2>>(pose_a), cast::<_, Pose<T, 2>>(pose_b))
        {
            if let (Some(a), Some(b)) = (a.as_polygon(), b.as_polygon()) {
                return Some(polygon_polygon::intersects(a, pa, b, pb));
            }
        }
    }
    // In more than three dimensions boxes need the engine's extra axes.
    if N > 3 {
        return None;
    }
    if let Some(oa) = a.as_obb() {
        if let Some(ob) = b.as_obb() {
            return Some(obb_obb::intersects(&oa, pose_a, &ob, pose_b));
        }
    }
    if N == 3 {
        if let (Some(pa), Some(pb)) = (cast::<_, Pose<T, 3>>(pose_a), cast::<_, Pose<T, 3>>(pose_b))
        {
            if let (Some(a), Some(b)) = (a.as_polyhedron(), b.as_polyhedron()) {
                return Some(polyhedron_polyhedron::intersects(a, pa, b, pb));
            }
        }
    }
    None
}

/// The separation from a specialised path, when the pair has one.
///
/// For concrete types the hooks are constants the compiler folds away in
/// each instantiation; through `dyn` they are one virtual call per shape
/// and path.
#[inline]
pub(crate) fn separation<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    stop_at_gap: bool,
) -> Option<Separation<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N == 2 {
        if let (Some(pa), Some(pb)) = (cast::<_, Pose<T, 2>>(pose_a), cast::<_, Pose<T, 2>>(pose_b))
        {
            if let (Some(a), Some(b)) = (a.as_polygon(), b.as_polygon()) {
                let s = polygon_polygon::separation_with(a, pa, b, pb, stop_at_gap);
                return cast::<Separation<T, 2>, Separation<T, N>>(&s).copied();
            }
        }
    }
    // In more than three dimensions boxes need the engine's extra axes.
    if N > 3 {
        return None;
    }
    if let Some(oa) = a.as_obb() {
        if let Some(ob) = b.as_obb() {
            return Some(obb_obb::separation_with(
                &oa,
                pose_a,
                &ob,
                pose_b,
                stop_at_gap,
            ));
        }
    }
    if N == 3 {
        if let (Some(pa), Some(pb)) = (cast::<_, Pose<T, 3>>(pose_a), cast::<_, Pose<T, 3>>(pose_b))
        {
            if let (Some(a), Some(b)) = (a.as_polyhedron(), b.as_polyhedron()) {
                let s = polyhedron_polyhedron::separation_with(a, pa, b, pb, stop_at_gap);
                return cast::<Separation<T, 3>, Separation<T, N>>(&s).copied();
            }
        }
    }
    None
}
