//! A convex polygon and a circle apart (either order): the exact distance
//! in closed form, no iteration (docs/distance.md §10).
//!
//! The polygon-circle pair path (`pair::polygon_ball`) finds the nearest
//! feature of the polygon to the circle's centre `c` while it decides
//! `intersects`: the edge of largest shift `nᵢ·(c − vᵢ)`, or the end `V`
//! of that edge beyond which `c` lies. The distance is then `shift − r`
//! (inside the edge's span) or `|c − V| − r` (beyond the vertex), the
//! nearest point of the polygon the foot `c − shift·n` or `V`, and the
//! circle's `r` along the axis from it towards `c`.

use nalgebra::{Point, Point2, Unit, Vector2};

use super::ClosestPoints;
use crate::pair::polygon_ball::{nearest, Nearest};
use crate::pose::same_type;
use crate::{Ball, ConvexPolygon, Pose, Pose2, Real, Shape};

/// The pair's answer for `closed_form`: `Some(None)` when `intersects` is
/// true, `Some(Some(c))` when apart, `None` when the pair is not a
/// polygon and a circle or the generic path answers (NaN, a distance that
/// rounds to zero).
#[inline]
pub(super) fn query<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<Option<ClosestPoints<T, N>>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N != 2 {
        return None;
    }
    let (polygon, pose_polygon, ball, pose_ball, ball_first) =
        match (a.as_polygon(), b.as_ball(), b.as_polygon(), a.as_ball()) {
            (Some(p), Some(c), _, _) => (
                p,
                same_type(pose_a)?,
                same_type(c)?,
                same_type(pose_b)?,
                false,
            ),
            (_, _, Some(p), Some(c)) => (
                p,
                same_type(pose_b)?,
                same_type(c)?,
                same_type(pose_a)?,
                true,
            ),
            _ => return None,
        };
    let answer = answer(polygon, pose_polygon, ball, pose_ball, ball_first)?;
    Some(match answer {
        None => None,
        Some(c) => Some(*same_type::<_, ClosestPoints<T, N>>(&c)?),
    })
}

/// [`query`] in 2D, A and B swapped back when the circle came first.
#[inline(always)]
fn answer<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    ball: &Ball<T, 2>,
    pose_ball: &Pose2<T>,
    ball_first: bool,
) -> Option<Option<ClosestPoints<T, 2>>> {
    let (distance, on_polygon, axis) = match nearest(polygon, pose_polygon, ball, pose_ball) {
        Nearest::Overlap => return Some(None),
        Nearest::Generic => return None,
        Nearest::Apart {
            distance,
            on_polygon,
            axis,
        } => (distance, on_polygon, axis),
    };
    let gap = certificate(polygon, &on_polygon, &axis, distance);
    let on_ball = on_polygon + axis * distance;
    let world = |v: &Vector2<T>| Point2::from(pose_polygon * Point::from(*v));
    let (point_polygon, point_ball) = (world(&on_polygon), world(&on_ball));
    let axis = pose_polygon.rotation * axis;
    Some(Some(if ball_first {
        ClosestPoints {
            point_a: point_ball,
            point_b: point_polygon,
            axis: Unit::new_unchecked(-axis),
            distance,
            gap,
        }
    } else {
        ClosestPoints {
            point_a: point_polygon,
            point_b: point_ball,
            axis: Unit::new_unchecked(axis),
            distance,
            gap,
        }
    }))
}

/// The gap of the pair along `axis` (the polygon's frame, from it towards
/// the circle), as SAT computes a gap: the circle's nearest support value
/// less the polygon's support value, at most `distance`. The nearest
/// point `on_polygon` is the polygon's support point along `axis` in
/// exact arithmetic; the scan measures how far round-off moved it.
#[inline(always)]
fn certificate<T: Real>(
    polygon: &ConvexPolygon<T>,
    on_polygon: &Vector2<T>,
    axis: &Vector2<T>,
    distance: T,
) -> T {
    let support = (0..polygon.core_vertex_count())
        .map(|k| axis.dot(&polygon.local_core_vertex(k).coords))
        .fold(axis.dot(on_polygon), |m, x| if x > m { x } else { m });
    let gap = axis.dot(on_polygon) + distance - support;
    if gap > distance {
        distance
    } else {
        gap
    }
}
