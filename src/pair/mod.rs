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

use crate::engine::Scan;
use crate::{ConvexPolygon, ConvexPolyhedron, Obb, Pose, Real, Separation, Shape};

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

/// The specialised path a pair takes, found by the shapes' hooks.
pub(crate) enum Route<'s, T: Real, const N: usize> {
    /// Two boxes ([`Shape::as_obb`]), any `N <= 3`.
    Boxes(Obb<T, N>, Obb<T, N>),
    /// Two polygons ([`Shape::as_polygon`]) and their poses, 2D.
    Polygons(
        &'s ConvexPolygon<T>,
        &'s Pose<T, 2>,
        &'s ConvexPolygon<T>,
        &'s Pose<T, 2>,
    ),
    /// Two polyhedra ([`Shape::as_polyhedron`]) and their poses, 3D.
    Polyhedra(
        &'s ConvexPolyhedron<T>,
        &'s Pose<T, 3>,
        &'s ConvexPolyhedron<T>,
        &'s Pose<T, 3>,
    ),
}

/// The specialised path for the pair, if it has one: boxes first, then
/// polygons (2D) or polyhedra (3D). A shape answering several hooks takes
/// the first path whose hook both shapes answer. Each hook is asked only
/// when the previous answer leaves the path possible, so a pair through
/// `dyn` costs one or two virtual calls per path tried, and concrete types
/// none (the hooks are constants the compiler folds).
#[inline]
pub(crate) fn route<'s, T, const N: usize, A, B>(
    a: &'s A,
    pose_a: &'s Pose<T, N>,
    b: &'s B,
    pose_b: &'s Pose<T, N>,
) -> Option<Route<'s, T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    // In more than three dimensions boxes need the engine's extra axes.
    if N > 3 {
        return None;
    }
    if let Some(oa) = a.as_obb() {
        if let Some(ob) = b.as_obb() {
            return Some(Route::Boxes(oa, ob));
        }
    }
    if N == 2 {
        if let Some(ga) = a.as_polygon() {
            if let Some(gb) = b.as_polygon() {
                let (pa, pb) = (cast(pose_a)?, cast(pose_b)?);
                return Some(Route::Polygons(ga, pa, gb, pb));
            }
        }
    }
    if N == 3 {
        if let Some(ha) = a.as_polyhedron() {
            if let Some(hb) = b.as_polyhedron() {
                let (pa, pb) = (cast(pose_a)?, cast(pose_b)?);
                return Some(Route::Polyhedra(ha, pa, hb, pb));
            }
        }
    }
    None
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
    Some(match route(a, pose_a, b, pose_b)? {
        Route::Boxes(a, b) => obb_obb::intersects(&a, pose_a, &b, pose_b),
        Route::Polygons(a, pa, b, pb) => polygon_polygon::intersects(a, pa, b, pb),
        Route::Polyhedra(a, pa, b, pb) => polyhedron_polyhedron::intersects(a, pa, b, pb),
    })
}

/// The separation from a specialised path, when the pair has one.
#[inline]
pub(crate) fn separation<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    scan: Scan,
) -> Option<Separation<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    match route(a, pose_a, b, pose_b)? {
        Route::Boxes(a, b) => Some(obb_obb::separation_with(&a, pose_a, &b, pose_b, scan)),
        Route::Polygons(a, pa, b, pb) => {
            let s = polygon_polygon::separation_with(a, pa, b, pb, scan);
            cast::<Separation<T, 2>, Separation<T, N>>(&s).copied()
        }
        Route::Polyhedra(a, pa, b, pb) => {
            let s = polyhedron_polyhedron::separation_with(a, pa, b, pb, scan);
            cast::<Separation<T, 3>, Separation<T, N>>(&s).copied()
        }
    }
}
