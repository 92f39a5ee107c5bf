//! Point and ray queries on one posed shape: [`project_point`] (the nearest
//! boundary point and the signed distance) and [`cast_ray`] (the first
//! time a ray meets the shape), for every built-in shape and for any
//! custom shape through the [`Shape`] trait (docs/rays.md).
//!
//! Both work in the shape's local frame and decide "inside" with the
//! shape's own [`Shape::local_contains_point`], so they agree with
//! [`contains_point`](crate::contains_point) exactly: a point is inside for
//! `project_point` iff `contains_point` says so, and a solid ray cast
//! starts inside (time 0) iff its origin is contained
//! (tests/ray_cast.rs::inside_agrees_with_contains_point). Balls (any
//! shape answering `as_ball`) answer all three in the world frame instead,
//! on one expression, `(o − t) − R·c` (a ball turns into itself), so they
//! agree to the bit as well
//! (tests/ray_ball_world.rs::inside_verdicts_agree_in_any_pose).
//!
//! ```text
//! cast_ray(shape, ray):                      local frame: o + t·d
//!   o inside (contains)  → solid: t = 0; hollow: the exit, cast back from
//!                          beyond the shape's far support plane
//!   polytope core, radius 0, faces listed
//!                        → slab clipping on the face planes (exact):
//!                          t_in = max entering plane, t_out = min leaving
//!   a ball (as_ball)     → the closed-form roots (src/ray/ball.rs)
//!   otherwise (a rounded core: capsule, rounded custom shape)
//!                        → Newton on f(t) = dist(o + t·d, core) − radius
//!                          from the left: f is convex, so each step lands
//!                          short of the root, never past it
//! ```

use nalgebra::{Point, Point3, SVector, Unit};

use crate::{Pose, Real, Shape};

mod ball;
mod box_projection;
mod boxes;
mod local_projection;

use box_projection::box_projection_posed;
use boxes::box_slabs;
use local_projection::local_projection;

/// The most Newton steps a rounded cast takes. Each step from the left of
/// a simple root at least halves the error once it is close; a ray that
/// grazes the shape (a double root) converges linearly, halving each
/// step, so 64 steps reach the scalar's round-off from any start.
const MAX_NEWTON_STEPS: usize = 64;

/// A ray (or, with a time limit, a segment): the points `origin + t · dir`
/// for `t >= 0`. `dir` need not be a unit vector: times are in units of
/// `dir` (with `max_toi = 1`, a cast tests the segment from `origin` to
/// `origin + dir`).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::Ray;
///
/// let r = Ray::new(Point2::new(1.0, 0.0), Vector2::new(0.0, 2.0));
/// assert_eq!(r.point_at(0.5), Point2::new(1.0, 1.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ray<T: Real, const N: usize> {
    /// Where the ray starts.
    pub origin: Point<T, N>,
    /// Its direction and speed.
    pub dir: SVector<T, N>,
}

impl<T: Real, const N: usize> Ray<T, N> {
    /// The ray from `origin` along `dir`.
    ///
    /// ```
    /// use nalgebra::{Point3, Vector3};
    /// use separating_axis::Ray;
    ///
    /// let r = Ray::new(Point3::origin(), Vector3::<f64>::z());
    /// assert_eq!(r.dir, Vector3::z());
    /// ```
    #[inline]
    #[must_use]
    pub fn new(origin: Point<T, N>, dir: SVector<T, N>) -> Self {
        Self { origin, dir }
    }

    /// The point at time `t`: `origin + t · dir`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::Ray;
    ///
    /// let r = Ray::new(Point2::origin(), Vector2::new(2.0, 0.0));
    /// assert_eq!(r.point_at(1.5), Point2::new(3.0, 0.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn point_at(&self, t: T) -> Point<T, N> {
        self.origin + self.dir * t
    }
}

/// Where a ray meets a shape.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{cast_ray, Aabb, Pose2, Ray};
///
/// let wall = Aabb::new(Point2::new(2.0, -1.0), Point2::new(3.0, 1.0)).unwrap();
/// let hit = cast_ray(&wall, &Pose2::identity(), &Ray::new(Point2::origin(), Vector2::x()), 10.0, true).unwrap();
/// assert_eq!((hit.toi, hit.point), (2.0, Point2::new(2.0, 0.0)));
/// assert_eq!(hit.normal.unwrap().into_inner(), -Vector2::x());
/// assert_eq!(hit.face, Some(2)); // Aabb face 2: the −x side
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawRayHit<T, N>")
)]
pub struct RayHit<T: Real, const N: usize> {
    /// The time of impact: the hit point is `ray.point_at(toi)`.
    pub toi: T,
    /// The hit point, in the world frame.
    pub point: Point<T, N>,
    /// The shape's outward unit normal at the hit point, in the world
    /// frame: against the ray where it enters, along it where a hollow
    /// cast leaves. `None` for a solid cast that starts inside (time 0,
    /// where no surface is hit).
    pub normal: Option<Unit<SVector<T, N>>>,
    /// The face hit, when the polytope path found it (an index for
    /// [`Shape::local_face_normal`]); `None` on a rounded surface.
    pub face: Option<usize>,
}

/// The nearest boundary point of a shape to a point, and the signed
/// distance.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{project_point, Ball, Pose2};
///
/// let ball = Ball::new(Point2::origin(), 2.0).unwrap();
/// let p = project_point(&ball, &Pose2::identity(), &Point2::new(0.0, 0.5));
/// assert!(p.inside);
/// assert_eq!((p.point, p.distance), (Point2::new(0.0, 2.0), -1.5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawPointProjection<T, N>")
)]
pub struct PointProjection<T: Real, const N: usize> {
    /// The point of the shape's boundary nearest to the query point, in
    /// the world frame.
    pub point: Point<T, N>,
    /// The signed distance: the distance to `point`, negative when the
    /// query point is inside (NaN when an input was NaN).
    pub distance: T,
    /// Whether the query point is inside the closed shape:
    /// [`contains_point`](crate::contains_point)'s answer, bit for bit.
    pub inside: bool,
}

/// The nearest boundary point of `shape` (placed at `pose`) to `point`,
/// with the signed distance (negative inside).
///
/// Exact for every built-in shape: outside, the nearest point of the core
/// pushed out by the radius; inside a polytope core, the projection on the
/// nearest face plane (which lies on its face: a nearer boundary point would
/// lie on a nearer plane); on a ball's centre or a capsule's segment, a
/// point at the radius across the segment (tests/ray_cast.rs::
/// projections_by_hand). `inside` is
/// [`contains_point`](crate::contains_point)'s answer and decides the sign,
/// so the two never disagree; at the boundary the distance is within
/// round-off of zero either way. A NaN input gives a NaN distance and
/// `inside == false`.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{project_point, Obb, Pose2};
///
/// let b = Obb::new(Point2::origin(), nalgebra::Rotation2::identity(), Vector2::new(2.0, 1.0)).unwrap();
/// let pose = Pose2::translation(10.0, 0.0);
/// let out = project_point(&b, &pose, &Point2::new(13.0, 0.0));
/// assert_eq!((out.point, out.distance, out.inside), (Point2::new(12.0, 0.0), 1.0, false));
/// let inside = project_point(&b, &pose, &Point2::new(10.5, 0.25));
/// assert_eq!((inside.point, inside.distance, inside.inside), (Point2::new(10.5, 1.0), -0.75, true));
/// ```
#[must_use]
pub fn project_point<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
    point: &Point<T, N>,
) -> PointProjection<T, N>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let answer = projection(shape, pose, point);
    // Non-finite input gives a non-finite distance (or a NaN): then, and
    // only then, the input is looked at (docs/contract.md, "Non-finite
    // input"); finite input whose distance overflows keeps it.
    if crate::real::is_finite(answer.distance)
        || crate::real::all_finite(
            pose.rotation
                .matrix()
                .iter()
                .chain(pose.translation.vector.iter())
                .chain(point.coords.iter()),
        )
    {
        return answer;
    }
    let nan = crate::real::nan::<T>();
    PointProjection {
        point: Point::from(SVector::repeat(nan)),
        distance: nan,
        inside: false,
    }
}

/// [`project_point`] before its check of non-finite input.
#[inline(always)]
fn projection<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
    point: &Point<T, N>,
) -> PointProjection<T, N>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    // A ball in the world, before anything is taken into its frame.
    let at_centre = match shape.as_ball() {
        Some(ball) => {
            // In the world (a ball turns into itself): the offset that
            // decides "inside" (`Ball::world_offset`) gives the projection
            // too. A ball centred on its frame's origin takes its own copy
            // (no `R·c`, no select between the two offsets).
            let from_origin = point.coords - pose.translation.vector;
            let answer = if ball.is_centred() {
                ball_projection(from_origin, &pose.translation.vector, ball.radius())
            } else {
                let turned = ball.world_offset_of_centre(pose);
                let centre = pose.translation.vector + turned;
                ball_projection(from_origin - turned, &centre, ball.radius())
            };
            match answer {
                Ok(projection) => return projection,
                // At the centre: the local route below.
                Err(inside) => Some(inside),
            }
        }
        None => None,
    };
    let p = pose.inverse_transform_point(point);
    if let Some(obb) = shape.as_obb_ref() {
        // One change into the box's frame for both the inside test (the
        // arithmetic of `Obb::local_contains_point`, the same verdict to
        // the bit) and the projection. A centred box (its frame the
        // shape's) takes its own copy: no select between the two frames.
        if obb.is_centred() {
            return box_projection_posed(obb, pose, p.coords, |v| Point::from(*v));
        }
        let q = obb.in_box_frame(&p);
        return box_projection_posed(obb, pose, q, |v| obb.out_of_box_frame(v));
    }
    if let Some(hull) = shape.as_polyhedron().filter(|_| N == 3) {
        // One pass over the planes for the inside test and the projection
        // (`src/shape/polyhedron/project.rs`).
        let (q, distance, inside) = hull.local_projection(&Point3::new(p[0], p[1], p[2]));
        let local = Point::from(SVector::<T, N>::from_fn(|i, _| q[i]));
        return PointProjection {
            point: pose * local,
            distance: if inside {
                -distance.abs()
            } else {
                distance.abs()
            },
            inside,
        };
    }
    let inside = at_centre.unwrap_or_else(|| shape.local_contains_point(&p));
    let (local, distance) = local_projection(shape, &p);
    let distance = if inside {
        -distance.abs()
    } else {
        distance.abs()
    };
    PointProjection {
        point: pose * local,
        distance,
        inside,
    }
}

/// A ball's projection in the world: `m` the point from the centre (as
/// `Ball::world_offset`), `centre` the world centre. `Err(inside)` for a
/// point at the centre (any direction is nearest: the local route picks
/// one) or NaN.
#[inline(always)]
fn ball_projection<T: Real, const N: usize>(
    m: SVector<T, N>,
    centre: &SVector<T, N>,
    r: T,
) -> Result<PointProjection<T, N>, bool> {
    let mm = m.norm_squared();
    let inside = mm <= r * r;
    let d = mm.sqrt();
    if d > T::zero() {
        let distance = (d - r).abs();
        return Ok(PointProjection {
            point: Point::from(centre + m * (r / d)),
            distance: if inside { -distance } else { distance },
            inside,
        });
    }
    Err(inside)
}

/// The first time `t` in `[0, max_toi]` at which `ray` meets `shape`
/// (placed at `pose`), with the hit point and the outward normal there.
///
/// * `solid = true`: a ray that starts inside hits at once (`toi = 0`,
///   `normal = None`).
/// * `solid = false`: a ray that starts inside hits where it leaves.
///
/// A polytope core (radius 0 with its faces listed: polygons, boxes,
/// polyhedra) is clipped on its face planes, exactly; a ball takes the
/// closed-form roots of the quadratic
/// (tests/ray_ball.rs::ball_closed_form_matches_newton); another rounded
/// core (capsules, custom rounded shapes) is solved by Newton's method
/// on the distance to the core from the left, at most 64 steps, to within
/// a few ulps of the scale (the convexity of the distance keeps every step
/// short of the hit: tests/ray_ball.rs::newton_never_passes_a_hidden_ball).
/// `None` when the ray misses within `max_toi`, when `dir` is zero and the
/// origin is outside, or when an input is NaN.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{cast_ray, Ball, Pose2, Ray};
///
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// let ray = Ray::new(Point2::new(-5.0, 0.0), Vector2::new(2.0, 0.0));
/// let hit = cast_ray(&ball, &Pose2::translation(3.0, 0.0), &ray, 10.0, true).unwrap();
/// assert_eq!(hit.toi, 3.5);
/// assert_eq!(hit.point, Point2::new(2.0, 0.0));
/// assert_eq!(hit.normal.unwrap().into_inner(), -Vector2::x());
/// // Starting inside: a solid cast hits at once, a hollow one where it leaves.
/// let inner = Ray::new(Point2::new(3.0, 0.0), Vector2::new(0.0, 1.0));
/// assert_eq!(cast_ray(&ball, &Pose2::translation(3.0, 0.0), &inner, 10.0, true).unwrap().toi, 0.0);
/// assert_eq!(cast_ray(&ball, &Pose2::translation(3.0, 0.0), &inner, 10.0, false).unwrap().toi, 1.0);
/// ```
#[must_use]
pub fn cast_ray<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<RayHit<T, N>>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    if !finite_input(pose, ray) {
        return None;
    }
    if let Some(obb) = shape.as_obb_ref() {
        return boxes::box_ray(obb, pose, ray, max_toi, solid);
    }
    if let Some(ball) = shape.as_ball() {
        return ball::ball_ray(ball, pose, ray, max_toi, solid);
    }
    let o = pose.inverse_transform_point(&ray.origin);
    let d = pose.inverse_transform_vector(&ray.dir);
    // An index loop: a chain of the two vectors' iterators cost more
    // than the box's whole slab test; `|` rather than `||` lets the compiler test all lanes with one
    // vector compare instead of a branch per coordinate.
    if crate::real::is_nan(max_toi)
        || (0..N).fold(false, |any, i| {
            any | crate::real::is_nan(o[i]) | crate::real::is_nan(d[i])
        })
    {
        return None;
    }
    let hit = if shape.local_contains_point(&o) {
        if solid {
            Some((T::zero(), o, None, None))
        } else {
            local_exit(shape, &o, &d, max_toi)
        }
    } else {
        local_entry(shape, &o, &d, max_toi)
    }?;
    let (toi, p, n, face) = hit;
    Some(RayHit {
        toi,
        point: pose * p,
        normal: n.map(|n: Unit<SVector<T, N>>| Unit::new_unchecked(pose.rotation * n.into_inner())),
        face,
    })
}

/// The time of [`cast_ray`]'s hit alone: `cast_ray(..).map(|h| h.toi)`,
/// to the bit, for the same arguments (the same contract: `solid`, the
/// time limit, `None` on a miss, a zero direction from outside, or a NaN
/// input).
///
/// Balls take their time from the same code as [`cast_ray`], boxes from a
/// time-only copy of its slabs (the same compares, the same bits), without
/// building the hit point and the world normal: the query parry calls
/// `cast_ray` (docs/rays.md, tests/ray_toi.rs::
/// toi_agrees_with_cast_ray_to_the_bit, tests/ray_box_paths.rs::
/// box_toi_is_the_old_route_to_the_bit); other shapes run [`cast_ray`]
/// and keep its time.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{cast_ray, cast_ray_toi, Ball, Pose2, Ray};
///
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// let pose = Pose2::translation(3.0, 0.0);
/// let ray = Ray::new(Point2::new(-5.0, 0.0), Vector2::new(2.0, 0.0));
/// assert_eq!(cast_ray_toi(&ball, &pose, &ray, 10.0, true), Some(3.5));
/// assert_eq!(cast_ray_toi(&ball, &pose, &ray, 3.0, true), None);
/// let hit = cast_ray(&ball, &pose, &ray, 10.0, true).unwrap();
/// assert_eq!(cast_ray_toi(&ball, &pose, &ray, 10.0, true), Some(hit.toi));
/// ```
#[must_use]
pub fn cast_ray_toi<T, const N: usize, S>(
    shape: &S,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<T>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    if !finite_input(pose, ray) {
        return None;
    }
    if let Some(obb) = shape.as_obb_ref() {
        return boxes::box_ray_toi(obb, pose, ray, max_toi, solid);
    }
    if let Some(ball) = shape.as_ball() {
        return ball::ball_ray_time(ball, pose, ray, max_toi, solid, &|t, _| t);
    }
    cast_ray(shape, pose, ray, max_toi, solid).map(|hit| hit.toi)
}

/// Whether the pose and the ray are finite (docs/contract.md,
/// "Non-finite input": a ray or pose holding an infinity or a NaN hits
/// nothing).
#[inline(always)]
fn finite_input<T: Real, const N: usize>(pose: &Pose<T, N>, ray: &Ray<T, N>) -> bool {
    crate::real::all_finite(
        pose.rotation
            .matrix()
            .iter()
            .chain(pose.translation.vector.iter())
            .chain(ray.origin.coords.iter())
            .chain(ray.dir.iter()),
    )
}

/// A local hit: time, point, outward normal, face.
type LocalHit<T, const N: usize> = (T, Point<T, N>, Option<Unit<SVector<T, N>>>, Option<usize>);

/// Whether the shape is its faces' intersection (a polytope core, radius
/// 0): then the face planes clip the ray exactly.
fn is_polytope<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(shape: &S) -> bool {
    shape.face_count() > 0 && shape.radius() == T::zero()
}

/// The times `[lo, hi]` between the shape's two support planes across the
/// ray's direction: outside it the ray is outside the shape. `None` for a
/// zero direction.
fn support_slab<T, const N: usize, S>(
    shape: &S,
    o: &Point<T, N>,
    d: &SVector<T, N>,
) -> Option<(T, T)>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let dd = d.norm_squared();
    if dd <= T::zero() || !dd.is_finite() {
        return None;
    }
    let od = d.dot(&o.coords);
    let hi = (shape.local_support_value(d) - od) / dd;
    let lo = (-shape.local_support_value(&-d) - od) / dd;
    Some((lo, hi))
}

/// The entry of a ray whose origin is outside the shape.
fn local_entry<T, const N: usize, S>(
    shape: &S,
    o: &Point<T, N>,
    d: &SVector<T, N>,
    max_toi: T,
) -> Option<LocalHit<T, N>>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    if let Some(obb) = crate::shape::obb_of(shape) {
        let (entry, exit) = box_slabs(&obb, o, d)?;
        let (t_in, face) = entry?;
        let t_out = if exit.0 < max_toi { exit.0 } else { max_toi };
        let t_in = if t_in > T::zero() { t_in } else { T::zero() };
        if t_in > t_out {
            return None;
        }
        let n = obb.local_face_normal(face);
        return Some((t_in, o + d * t_in, Some(n), Some(face)));
    }
    if is_polytope(shape) {
        let (t_in, t_out, face) = clip_faces(shape, o, d, max_toi)?;
        let face = face?;
        if t_in > t_out {
            return None;
        }
        let n = shape.local_face_normal(face);
        return Some((t_in, o + d * t_in, Some(n), Some(face)));
    }
    let (lo, hi) = support_slab(shape, o, d)?;
    let end = if hi < max_toi { hi } else { max_toi };
    let start = if lo > T::zero() { lo } else { T::zero() };
    if start > end {
        return None;
    }
    newton(shape, o, d, start, end).map(|(t, n)| (t, o + d * t, n, None))
}

/// The exit of a ray whose origin is inside the shape.
fn local_exit<T, const N: usize, S>(
    shape: &S,
    o: &Point<T, N>,
    d: &SVector<T, N>,
    max_toi: T,
) -> Option<LocalHit<T, N>>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    if let Some(obb) = crate::shape::obb_of(shape) {
        let (_, (t_out, face)) = box_slabs(&obb, o, d)?;
        let face = face?;
        let t_out = if t_out > T::zero() { t_out } else { T::zero() };
        if t_out > max_toi {
            return None;
        }
        let n = obb.local_face_normal(face);
        return Some((t_out, o + d * t_out, Some(n), Some(face)));
    }
    if is_polytope(shape) {
        let (_, t_out, face) = clip_faces_exit(shape, o, d)?;
        if t_out > max_toi {
            return None;
        }
        let n = shape.local_face_normal(face);
        return Some((t_out, o + d * t_out, Some(n), Some(face)));
    }
    // Cast back from the far support plane, where the ray is outside or on
    // the boundary, towards the origin.
    let (_, hi) = support_slab(shape, o, d)?;
    let from = o + d * hi;
    let (s, n) = newton(shape, &from, &-d, T::zero(), hi)?;
    let t = hi - s;
    if t > max_toi {
        return None;
    }
    let t = if t < T::zero() { T::zero() } else { t };
    Some((t, o + d * t, n, None))
}

/// Slab clipping on the face planes for a ray from outside: the entry
/// time, the exit time (at most `max_toi`) and the entering face. `None`
/// when a plane parallel to the ray has the ray outside.
fn clip_faces<T, const N: usize, S>(
    shape: &S,
    o: &Point<T, N>,
    d: &SVector<T, N>,
    max_toi: T,
) -> Option<(T, T, Option<usize>)>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    // The latest entering plane (the entry, when positive) and the
    // earliest leaving one.
    let mut entry: Option<(T, usize)> = None;
    let mut t_out = max_toi;
    for i in 0..shape.face_count() {
        let n = shape.local_face_normal(i);
        let room = shape.local_face_offset(i) - n.dot(&o.coords);
        let speed = n.dot(d);
        if speed < T::zero() {
            let t = room / speed;
            if entry.is_none_or(|(te, _)| t > te) {
                entry = Some((t, i));
            }
        } else if speed > T::zero() {
            let t = room / speed;
            if t < t_out {
                t_out = t;
            }
        } else if room < T::zero() {
            return None;
        }
    }
    let t_in = match entry {
        Some((t, _)) if t > T::zero() => t,
        _ => T::zero(),
    };
    Some((t_in, t_out, entry.map(|(_, i)| i)))
}

/// Slab clipping for a ray from inside: the leaving face nearest along the
/// ray. `None` for a zero direction (the ray never leaves).
fn clip_faces_exit<T, const N: usize, S>(
    shape: &S,
    o: &Point<T, N>,
    d: &SVector<T, N>,
) -> Option<(T, T, usize)>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let mut best: Option<(T, usize)> = None;
    for i in 0..shape.face_count() {
        let n = shape.local_face_normal(i);
        let speed = n.dot(d);
        if speed > T::zero() {
            let room = shape.local_face_offset(i) - n.dot(&o.coords);
            let t = room / speed;
            let t = if t < T::zero() { T::zero() } else { t };
            if best.is_none_or(|(bt, _)| t < bt) {
                best = Some((t, i));
            }
        }
    }
    best.map(|(t, i)| (T::zero(), t, i))
}

/// Newton's method on `f(t) = dist(o + t·d, core) − radius` over
/// `[start, end]`, from `start` (outside): the first root and the outward
/// normal there, `None` when `f` stays positive. `f` is convex (the
/// distance to a convex set along a line), so from the left of the first
/// root every Newton step lands at or before it, and a non-negative slope
/// with `f > 0` proves that no root follows.
fn newton<T, const N: usize, S>(
    shape: &S,
    o: &Point<T, N>,
    d: &SVector<T, N>,
    start: T,
    end: T,
) -> Option<(T, Option<Unit<SVector<T, N>>>)>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let r = shape.radius();
    let eps = crate::real::ray_tolerance::<T>();
    let mut t = start;
    for _ in 0..MAX_NEWTON_STEPS {
        let p = o + d * t;
        let c = shape.local_core_closest_point(&p);
        let v = p - c;
        let dist = v.norm();
        let f = dist - r;
        // The round-off of `p` (computed from `o` and `d·t`, which may be
        // larger than `p` itself) and of the distance at this scale.
        let scale = r + o.coords.amax() + (d * t).amax() + c.coords.amax();
        if f <= eps * scale {
            let n = v
                .try_normalize(T::zero())
                .or_else(|| (-d).try_normalize(T::zero()));
            return Some((t, n.map(Unit::new_unchecked)));
        }
        let slope = v.dot(d) / dist;
        if slope >= T::zero() {
            return None;
        }
        t += f / -slope;
        if !matches!(
            t.partial_cmp(&end),
            Some(core::cmp::Ordering::Less | core::cmp::Ordering::Equal)
        ) {
            return None;
        }
    }
    None
}
