//! The public queries, as free functions over `(shape, pose)` pairs.
//!
//! Each takes its shapes as `&A` with `A: Shape<T, N> + ?Sized`: concrete
//! shapes, `&dyn Shape<T, N>`, `&*boxed` for a `Box<dyn Shape<T, N>>`,
//! [`AnyShape`](crate::AnyShape), shapes borrowing non-`'static` data
//! (tests/dyn_shapes.rs). A pair whose shapes answer the same fast-path
//! hook (two boxes: [`Shape::as_obb_ref`], which [`Obb`] answers, or
//! [`Shape::as_obb`], which [`Aabb`](crate::Aabb) answers; two
//! [`ConvexPolygon`]s; two
//! [`ConvexPolyhedron`]s) goes to that specialised path, through `dyn` too
//! (tests/dyn_shapes.rs::fast_paths_fire_through_dyn), and every other pair
//! to the generic [`engine`](crate::engine); both give the same answers
//! (tests/properties_2d.rs, tests/boxes_2d.rs, tests/boxes_3d.rs,
//! tests/polyhedra_3d.rs).
//!
//! **Touching counts as intersecting**: shapes whose boundaries meet with no
//! overlap intersect, with penetration depth `0`.
//!
//! **NaN**: a NaN anywhere in the shapes' poses makes `intersects` return
//! `false`, `penetration` return `None`, `separation` return a NaN distance,
//! and the containment tests return `false` (tests/nan.rs). Finite input
//! never panics.
//!
//! [`ConvexPolygon`]: crate::ConvexPolygon
//! [`ConvexPolyhedron`]: crate::ConvexPolyhedron
//! [`Obb`]: crate::Obb

use nalgebra::Point;

use crate::engine::Scan;
use crate::pose::beyond_range;
use crate::{engine, pair, Containment, Penetration, Pose, Real, Separation, Shape};

/// Whether the two shapes overlap or touch. Stops at the first separating
/// axis.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{intersects, Ball, Obb, Pose2};
///
/// let circle = Ball::new(Point2::origin(), 1.0).unwrap();
/// let square = Obb::new(Point2::origin(), Default::default(), Vector2::new(1.0, 1.0)).unwrap();
/// // The circle sits diagonally off the square's corner: close, but apart.
/// let pose = Pose2::translation(1.8, 1.8);
/// assert!(!intersects(&square, &Pose2::identity(), &circle, &pose));
/// assert!(intersects(&square, &Pose2::identity(), &circle, &Pose2::translation(1.6, 1.6)));
/// ```
#[must_use]
// The three queries are always inlined: a thin wrapper around the route,
// which the compiler otherwise kept out of line for `&dyn Shape` pairs.
#[inline(always)]
pub fn intersects<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if beyond_range(pose_a, pose_b).is_some() {
        return false;
    }
    intersects_in_range(a, pose_a, b, pose_b)
}

/// [`intersects`] for poses the caller has already found within range
/// (`beyond_range` is `None`): the distance queries test the range
/// themselves, for the lower bound it gives.
#[inline(always)]
pub(crate) fn intersects_in_range<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    pair::intersects(a, pose_a, b, pose_b)
        .unwrap_or_else(|| engine::intersects(a, pose_a, b, pose_b))
}

/// The signed distance along the best separating axis, with the axis (from
/// A towards B) and the feature that produced it.
///
/// Positive: separated, and a lower bound of the true distance. Zero:
/// touching. Negative: overlapping, by exactly `-distance`.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{separation, Ball, Feature, Pose2};
///
/// let a = Ball::new(Point2::origin(), 1.0).unwrap();
/// let s = separation(&a, &Pose2::identity(), &a, &Pose2::translation(0.0, 5.0));
/// assert_eq!(s.distance, 3.0);
/// assert_eq!(s.axis.into_inner(), nalgebra::Vector2::y());
/// assert_eq!(s.feature, Feature::RoundA);
/// ```
#[must_use]
#[inline(always)]
pub fn separation<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Separation<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if let Some(far) = beyond_range(pose_a, pose_b) {
        return far;
    }
    pair::separation(a, pose_a, b, pose_b, Scan::Best)
        .unwrap_or_else(|| engine::separation(a, pose_a, b, pose_b))
}

/// The minimum translation that separates overlapping shapes: `None` when
/// they are apart.
///
/// The normal is the axis of minimum overlap, pointing from A towards B;
/// moving B by `normal * depth` leaves the shapes touching.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{penetration, Aabb, Pose2};
///
/// let wide = Aabb::new(Point2::new(-4.0, -1.0), Point2::new(4.0, 1.0)).unwrap();
/// // B's centre is up and to the right, but the cheapest way out is up.
/// let p = penetration(&wide, &Pose2::identity(), &wide, &Pose2::translation(3.0, 1.5)).unwrap();
/// assert_eq!(p.normal.into_inner(), Vector2::y());
/// assert_eq!(p.depth, 0.5);
/// ```
#[must_use]
#[inline(always)]
pub fn penetration<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<Penetration<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if beyond_range(pose_a, pose_b).is_some() {
        return None;
    }
    // The loop may stop at the first positive gap: the answer is `None`
    // then, and when no gap is positive the scan was complete.
    pair::penetration(a, pose_a, b, pose_b).unwrap_or_else(|| {
        engine::separation_with(a, pose_a, b, pose_b, Scan::FirstGap).penetration()
    })
}

/// Whether A lies inside B and whether B lies inside A (boundaries may
/// touch).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{containment, Ball, Containment, Pose2};
///
/// let small = Ball::new(Point2::origin(), 1.0).unwrap();
/// let big = Ball::new(Point2::origin(), 3.0).unwrap();
/// let c = containment(&small, &Pose2::translation(1.0, 1.0), &big, &Pose2::identity());
/// assert_eq!(c, Containment { a_in_b: true, b_in_a: false });
/// ```
#[must_use]
pub fn containment<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Containment
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    Containment {
        a_in_b: engine::contains(b, pose_b, a, pose_a),
        b_in_a: engine::contains(a, pose_a, b, pose_b),
    }
}

/// Whether the world point `point` lies in the posed shape (the boundary
/// counts as inside). NaN coordinates give `false`.
///
/// The point is taken into the shape's frame and asked of
/// [`Shape::local_contains_point`]; a ball (a shape answering
/// [`Shape::as_ball`]) is asked in the world instead, `|(p − t) − R·c|² <=
/// r²`, the arithmetic its ray casts and projections share (docs/rays.md).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{contains_point, ConvexPolygon, Pose2};
///
/// let tri = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(0.0, 2.0),
/// ]).unwrap();
/// let pose = Pose2::translation(10.0, 0.0);
/// assert!(contains_point(&tri, &pose, &Point2::new(11.0, 1.0)));
/// assert!(!contains_point(&tri, &pose, &Point2::new(11.5, 1.0)));
/// ```
#[must_use]
pub fn contains_point<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
    point: &Point<T, N>,
) -> bool
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    // A ball in the world frame (it turns into itself): the arithmetic the
    // ball's ray casts and projections share, so they agree to the bit.
    if let Some(ball) = shape.as_ball() {
        return ball.contains_world_point(pose, point);
    }
    shape.local_contains_point(&pose.inverse_transform_point(point))
}
