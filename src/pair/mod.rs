//! Specialised paths for particular pairs of shapes, one file per pair, and
//! the dispatch that routes the public queries to them.
//!
//! Each path returns the same answer as the generic [`engine`](crate::engine)
//! (tests/properties_2d.rs::fast_path_matches_engine,
//! tests/boxes_3d.rs::box_path_matches_engine_f64 and
//! tests/polyhedra_3d.rs::hull_path_matches_engine and
//! tests/polygon_box.rs::path_matches_engine_near_the_origin check it), only
//! faster. The `intersects`-only paths of a hull with a box or a capsule
//! decide with a margin and hand the rest to the engine
//! (tests/hull_pairs.rs::box_hull_path_matches_engine,
//! tests/hull_pairs.rs::capsule_hull_path_matches_engine).

mod box_polyhedron;
mod capsule_polyhedron;
pub mod obb_obb;
mod overlay;
pub mod polygon_ball;
pub mod polygon_box;
pub mod polygon_polygon;
pub mod polyhedron_polyhedron;

use core::any::Any;

use nalgebra::{Point, Point3, SVector, Unit};

use crate::engine::Scan;
use crate::pose::same_type;
use crate::{
    Ball, ConvexPolygon, ConvexPolyhedron, Feature, Obb, Penetration, Pose, Pose3, Real,
    Separation, Shape,
};

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

/// Runs the specialised path for the pair, if it has one: boxes first,
/// then polygons (2D) or polyhedra (3D), then in 2D a polygon and a box in
/// either order (`polygon_box(polygon, its pose, box, its pose, box_first)`),
/// each through the closure for that path. A shape answering several hooks takes the first path whose hook
/// both shapes answer. Each hook is asked only when the previous answer
/// leaves the path possible, so a pair through `dyn` costs one or two
/// virtual calls per path tried, and concrete types none (the hooks are
/// constants the compiler folds). Boxes are lent by
/// [`Shape::as_obb_ref`] when stored, and go to their closure by
/// reference, not copied out.
#[inline]
#[allow(
    clippy::too_many_arguments,
    reason = "one closure per pair path, each inlined at its call"
)]
fn route<T, const N: usize, A, B, R>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    boxes: impl FnOnce(&Obb<T, N>, &Obb<T, N>) -> R,
    polygons: impl FnOnce(&ConvexPolygon<T>, &Pose<T, 2>, &ConvexPolygon<T>, &Pose<T, 2>) -> Option<R>,
    polyhedra: impl FnOnce(
        &ConvexPolyhedron<T>,
        &Pose<T, 3>,
        &ConvexPolyhedron<T>,
        &Pose<T, 3>,
    ) -> Option<R>,
    polygon_box: impl FnOnce(&ConvexPolygon<T>, &Pose<T, 2>, &Obb<T, 2>, &Pose<T, 2>, bool) -> Option<R>,
    polygon_ball: impl FnOnce(
        &ConvexPolygon<T>,
        &Pose<T, 2>,
        &Ball<T, 2>,
        &Pose<T, 2>,
        bool,
    ) -> Option<R>,
) -> Option<R>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    // In more than three dimensions boxes need the engine's extra axes.
    if N > 3 {
        return None;
    }
    if let Ok(r) = with_boxes(a, b, boxes) {
        return Some(r);
    }
    if N == 2 {
        // A polygon and a polygon, a box or a circle, in either order.
        if let Some(ga) = a.as_polygon() {
            if let Some(gb) = b.as_polygon() {
                return polygons(ga, same_type(pose_a)?, gb, same_type(pose_b)?);
            }
            return polygon_with(ga, pose_a, b, pose_b, false, polygon_box, polygon_ball);
        }
        if let Some(gb) = b.as_polygon() {
            return polygon_with(gb, pose_b, a, pose_a, true, polygon_box, polygon_ball);
        }
        return None;
    }
    if N == 3
        && let Some(ha) = a.as_polyhedron()
        && let Some(hb) = b.as_polyhedron()
    {
        return polyhedra(ha, same_type(pose_a)?, hb, same_type(pose_b)?);
    }
    None
}

/// A polygon's pair path with `other` (2D), a box or a circle, when it
/// has one; `other_first` when `other` is the query's first shape.
#[inline(always)]
#[allow(
    clippy::too_many_arguments,
    reason = "the two closures of route, passed on"
)]
fn polygon_with<T, const N: usize, O, R>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose<T, N>,
    other: &O,
    pose_other: &Pose<T, N>,
    other_first: bool,
    polygon_box: impl FnOnce(&ConvexPolygon<T>, &Pose<T, 2>, &Obb<T, 2>, &Pose<T, 2>, bool) -> Option<R>,
    polygon_ball: impl FnOnce(
        &ConvexPolygon<T>,
        &Pose<T, 2>,
        &Ball<T, 2>,
        &Pose<T, 2>,
        bool,
    ) -> Option<R>,
) -> Option<R>
where
    T: Real,
    O: Shape<T, N> + ?Sized,
{
    let (pp, po) = (same_type(pose_polygon)?, same_type(pose_other)?);
    if let Some(r) = with_box(other, |o| {
        polygon_box(polygon, pp, same_type(o)?, po, other_first)
    }) {
        return r;
    }
    let ball = other.as_ball()?;
    polygon_ball(polygon, pp, same_type(ball)?, po, other_first)
}

/// `boxes(box_a, box_b)` when both shapes are boxes, else `boxes` back.
/// A stored box is lent (`as_obb_ref`); only a shape that builds its box
/// (an `Aabb`) answers by value, into a local here. The one place pairs
/// find their boxes: [`route`] and the box manifold path.
#[inline(always)]
pub(crate) fn with_boxes<T, const N: usize, A, B, R, F>(a: &A, b: &B, boxes: F) -> Result<R, F>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    F: FnOnce(&Obb<T, N>, &Obb<T, N>) -> R,
{
    let (owned_a, owned_b);
    let box_a = match a.as_obb_ref() {
        Some(r) => Some(r),
        None => {
            owned_a = a.as_obb();
            owned_a.as_ref()
        }
    };
    let Some(box_a) = box_a else {
        return Err(boxes);
    };
    let box_b = match b.as_obb_ref() {
        Some(r) => Some(r),
        None => {
            owned_b = b.as_obb();
            owned_b.as_ref()
        }
    };
    match box_b {
        Some(box_b) => Ok(boxes(box_a, box_b)),
        None => Err(boxes),
    }
}

/// `f(box)` when the shape is a box (lent by [`Shape::as_obb_ref`], else
/// built by [`Shape::as_obb`]), else `None`.
#[inline(always)]
fn with_box<T, const N: usize, S, R>(s: &S, f: impl FnOnce(&Obb<T, N>) -> R) -> Option<R>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    if let Some(r) = s.as_obb_ref() {
        return Some(f(r));
    }
    s.as_obb().map(|owned| f(&owned))
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
    route(
        a,
        pose_a,
        b,
        pose_b,
        |a, b| obb_obb::intersects(a, pose_a, b, pose_b),
        |a, pa, b, pb| Some(polygon_polygon::intersects(a, pa, b, pb)),
        |a, pa, b, pb| Some(polyhedron_polyhedron::intersects(a, pa, b, pb)),
        |g, pg, o, po, _| Some(polygon_box::intersects(g, pg, o, po)),
        |g, pg, o, po, _| Some(polygon_ball::intersects(g, pg, o, po)),
    )
    .or_else(|| hull_with_other(a, pose_a, b, pose_b))
    .or_else(|| box_with_segment(a, pose_a, b, pose_b))
}

/// The verdict of the `intersects`-only paths of a box with a rounded
/// segment (`capsule_polyhedron::intersects_box`), in either order, and of
/// two rounded segments (`capsule_polyhedron::intersects_segments`), when
/// the path decides it; `None` leaves the pair to the engine
/// (tests/box_capsule_path.rs::box_capsule_path_matches_engine,
/// tests/box_capsule_path.rs::capsule_capsule_path_matches_engine).
#[inline]
fn box_with_segment<T, const N: usize, A, B>(
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
    if N != 3 {
        return None;
    }
    let path = |segment: &capsule_polyhedron::RoundSegment<T>,
                pose_segment: &Pose<T, N>,
                obb: &Obb<T, N>,
                pose_box: &Pose<T, N>| {
        capsule_polyhedron::intersects_box(
            segment,
            same_type(pose_segment)?,
            same_type::<Obb<T, N>, Obb<T, 3>>(obb)?,
            same_type(pose_box)?,
        )
    };
    match (round_segment(a), round_segment(b)) {
        (Some(sa), Some(sb)) => capsule_polyhedron::intersects_segments(
            &sa,
            same_type(pose_a)?,
            &sb,
            same_type(pose_b)?,
        ),
        (None, Some(sb)) => with_box(a, |o| path(&sb, pose_b, o, pose_a)).flatten(),
        (Some(sa), None) => with_box(b, |o| path(&sa, pose_a, o, pose_b)).flatten(),
        (None, None) => None,
    }
}

/// A 3D shape with a positive radius, two core vertices and no faces as
/// the rounded segment it is (the [`Shape`] contract).
#[inline]
fn round_segment<T, const N: usize, O>(shape: &O) -> Option<capsule_polyhedron::RoundSegment<T>>
where
    T: Real,
    O: Shape<T, N> + ?Sized,
{
    if shape.radius() > T::zero() && shape.core_vertex_count() == 2 && shape.face_count() == 0 {
        let end = |i| same_type::<Point<T, N>, Point3<T>>(&shape.local_core_vertex(i)).copied();
        return Some(capsule_polyhedron::RoundSegment {
            ends: [end(0)?, end(1)?],
            radius: shape.radius(),
        });
    }
    None
}

/// The verdict of the `intersects`-only paths of a polyhedron with a box
/// (`box_polyhedron.rs`) or with a rounded segment (`capsule_polyhedron.rs`),
/// in either order, when the path decides it; `None` leaves the pair to the
/// engine. A rounded segment is any 3D shape with a positive radius, two
/// core vertices and no faces: its core is the segment between them (the
/// [`Shape`] contract), so a user's shape of that kind takes the path too.
#[inline]
fn hull_with_other<T, const N: usize, A, B>(
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
    if N != 3 {
        return None;
    }
    if let Some(hull) = a.as_polyhedron() {
        return hull_with(hull, same_type(pose_a)?, b, same_type(pose_b)?);
    }
    hull_with(
        b.as_polyhedron()?,
        same_type(pose_b)?,
        a,
        same_type(pose_a)?,
    )
}

/// [`hull_with_other`] once the hull is known.
#[inline]
fn hull_with<T, const N: usize, O>(
    hull: &ConvexPolyhedron<T>,
    pose_hull: &Pose3<T>,
    other: &O,
    pose_other: &Pose3<T>,
) -> Option<bool>
where
    T: Real,
    O: Shape<T, N> + ?Sized,
{
    if let Some(r) = with_box(other, |o| {
        box_polyhedron::intersects(
            same_type::<Obb<T, N>, Obb<T, 3>>(o)?,
            pose_other,
            hull,
            pose_hull,
        )
    }) {
        return r;
    }
    if other.radius() > T::zero() && other.core_vertex_count() == 2 && other.face_count() == 0 {
        let end = |i| same_type::<Point<T, N>, Point3<T>>(&other.local_core_vertex(i)).copied();
        let capsule = capsule_polyhedron::RoundSegment {
            ends: [end(0)?, end(1)?],
            radius: other.radius(),
        };
        return capsule_polyhedron::intersects(&capsule, pose_other, hull, pose_hull);
    }
    None
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
    route(
        a,
        pose_a,
        b,
        pose_b,
        |a, b| obb_obb::separation_with(a, pose_a, b, pose_b, scan),
        |a, pa, b, pb| {
            let s = polygon_polygon::separation_with(a, pa, b, pb, scan);
            same_type::<Separation<T, 2>, Separation<T, N>>(&s).copied()
        },
        |a, pa, b, pb| {
            let s = polyhedron_polyhedron::separation_with(a, pa, b, pb, scan);
            same_type::<Separation<T, 3>, Separation<T, N>>(&s).copied()
        },
        |g, pg, o, po, box_first| {
            let s = polygon_box::separation_with(g, pg, o, po, box_first, scan);
            same_type::<Separation<T, 2>, Separation<T, N>>(&s).copied()
        },
        |g, pg, o, po, ball_first| {
            let s = polygon_ball::separation_with(g, pg, o, po, ball_first, scan);
            same_type::<Separation<T, 2>, Separation<T, N>>(&s).copied()
        },
    )
}

/// [`penetration`](crate::penetration) from a specialised path, when the
/// pair has one: [`separation`]'s first-gap answer as a penetration, except
/// that two boxes answer "apart" at their first positive gap without
/// building its axis (`obb_obb::penetration`; the same answer:
/// tests/box_sat_bits.rs::box_sat_bits_3d_f64 hashes it).
#[inline]
pub(crate) fn penetration<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<Option<Penetration<T, N>>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let scan = Scan::FirstGap;
    let penetration = |s: &dyn Any| {
        s.downcast_ref::<Separation<T, N>>()
            .map(|s| s.penetration())
    };
    route(
        a,
        pose_a,
        b,
        pose_b,
        |a, b| obb_obb::penetration(a, pose_a, b, pose_b),
        |a, pa, b, pb| penetration(&polygon_polygon::separation_with(a, pa, b, pb, scan)),
        |a, pa, b, pb| penetration(&polyhedron_polyhedron::separation_with(a, pa, b, pb, scan)),
        |g, pg, o, po, box_first| {
            penetration(&polygon_box::separation_with(g, pg, o, po, box_first, scan))
        },
        |g, pg, o, po, ball_first| {
            penetration(&polygon_ball::separation_with(
                g, pg, o, po, ball_first, scan,
            ))
        },
    )
}

/// [`intersects`] with the feature of a [`SatCache`](crate::SatCache)
/// (`src/cache.rs`): `Some(Err(axis))` apart, with the separating axis
/// when the path found one, `Some(Ok(()))` overlapping; the same verdict.
/// Only the polyhedron path uses the feature; boxes and polygons take
/// their uncached paths (docs/coherence.md).
#[inline]
pub(crate) fn intersects_seeded<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    seed: Option<Feature>,
) -> Option<Result<(), Option<Separation<T, N>>>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let verdict = |overlap: bool| if overlap { Ok(()) } else { Err(None) };
    route(
        a,
        pose_a,
        b,
        pose_b,
        |a, b| verdict(obb_obb::intersects(a, pose_a, b, pose_b)),
        |a, pa, b, pb| Some(verdict(polygon_polygon::intersects(a, pa, b, pb))),
        |a, pa, b, pb| {
            // No cached feature yet: a feature no hull has, so that the
            // seeded query runs as the unseeded one and still names the
            // separating axis it finds, for the cache to record.
            let seed = seed.unwrap_or(Feature::Fallback);
            match polyhedron_polyhedron::intersects_seeded(a, pa, b, pb, seed) {
                Ok(()) => Some(Ok(())),
                Err(s) => Some(Err(
                    same_type::<Separation<T, 3>, Separation<T, N>>(&s).copied()
                )),
            }
        },
        |g, pg, o, po, _| Some(verdict(polygon_box::intersects(g, pg, o, po))),
        |g, pg, o, po, _| Some(verdict(polygon_ball::intersects(g, pg, o, po))),
    )
}

/// [`separation`] with the feature of a [`SatCache`](crate::SatCache)
/// seeding the polyhedron path (`src/cache.rs`): the same answer, bit for
/// bit. Boxes and polygons take their uncached paths.
#[inline]
pub(crate) fn separation_seeded<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    scan: Scan,
    seed: Option<Feature>,
) -> Option<Separation<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    route(
        a,
        pose_a,
        b,
        pose_b,
        |a, b| obb_obb::separation_with(a, pose_a, b, pose_b, scan),
        |a, pa, b, pb| {
            let s = polygon_polygon::separation_with(a, pa, b, pb, scan);
            same_type::<Separation<T, 2>, Separation<T, N>>(&s).copied()
        },
        |a, pa, b, pb| {
            let s = match seed {
                Some(seed) => polyhedron_polyhedron::separation_seeded(a, pa, b, pb, scan, seed),
                None => polyhedron_polyhedron::separation_with(a, pa, b, pb, scan),
            };
            same_type::<Separation<T, 3>, Separation<T, N>>(&s).copied()
        },
        |g, pg, o, po, box_first| {
            let s = polygon_box::separation_with(g, pg, o, po, box_first, scan);
            same_type::<Separation<T, 2>, Separation<T, N>>(&s).copied()
        },
        |g, pg, o, po, ball_first| {
            let s = polygon_ball::separation_with(g, pg, o, po, ball_first, scan);
            same_type::<Separation<T, 2>, Separation<T, N>>(&s).copied()
        },
    )
}
