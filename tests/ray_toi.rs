//! `cast_ray_toi` against `cast_ray`: the same time to the bit, and the
//! same misses, for every path (boxes through `as_obb_ref`, an `Aabb`
//! through the general route, balls in closed form, polygons and
//! polyhedra by face clipping, capsules by Newton's method), in 2D and 3D,
//! f32 and f64, solid and hollow, with origins inside and outside, zero
//! direction components, `max_toi` cut-offs and NaN inputs; and against
//! an independent oracle (the signed distance to the world shape along
//! the ray, `support/oracle2d.rs`) on turned boxes and circles.

use nalgebra::{Point, Point2, Rotation, Rotation2, SVector, Vector2};
use separating_axis::{
    cast_ray, cast_ray_toi, Aabb, Ball, Capsule, ConvexPolygon, Obb, Pose, Ray, Shape,
};

use crate::support::oracle2d::{self as oracle, World, V};
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A random pose's rotation in `N` dimensions.
type Turn<T, const N: usize> = fn(&mut Rng) -> Rotation<T, N>;

/// `cases` random rays at `shape` (its scale about 1, centred near the
/// origin); asserts the two queries agree to the bit and returns the hits.
fn agree<T: TestReal, const N: usize, S: Shape<T, N>>(
    rng: &mut Rng,
    shape: &S,
    turn: Turn<T, N>,
    cases: usize,
    what: &str,
) -> usize {
    let mut hits = 0;
    for case in 0..cases {
        let pose = Pose::from_parts(
            SVector::<f64, N>::from_fn(|_, _| rng.range(-5.0, 5.0))
                .map(t::<T>)
                .into(),
            turn(rng),
        );
        let centre = pose.translation.vector.map(f::<T>);
        let local = SVector::<f64, N>::from_fn(|_, _| rng.range(-3.0, 3.0));
        let mut dir = if rng.chance(0.5) {
            -local + SVector::<f64, N>::from_fn(|_, _| rng.range(-0.5, 0.5))
        } else {
            SVector::<f64, N>::from_fn(|_, _| rng.range(-3.0, 3.0))
        };
        for k in 0..N {
            if rng.chance(0.2) {
                dir[k] = 0.0;
            }
        }
        let mut ray = Ray::new(Point::from((centre + local).map(t::<T>)), dir.map(t::<T>));
        if rng.chance(0.02) {
            ray.origin[rng.below(N)] = t(f64::NAN);
        }
        let max_toi = t::<T>(if rng.chance(0.03) {
            f64::NAN
        } else {
            rng.range(0.0, 3.0)
        });
        let solid = rng.chance(0.5);
        let full = cast_ray(shape, &pose, &ray, max_toi, solid);
        let toi = cast_ray_toi(shape, &pose, &ray, max_toi, solid);
        assert_eq!(
            full.map(|h| f(h.toi).to_bits()),
            toi.map(|x| f(x).to_bits()),
            "{} {what} case {case}: {ray:?} max {max_toi:?} solid {solid}",
            T::NAME
        );
        hits += usize::from(toi.is_some());
    }
    hits
}

fn toi_agrees_with_cast_ray_to_the_bit<T: TestReal>() {
    let mut rng = Rng::new(0x7011);
    let cases = 1500;
    let turn2: Turn<T, 2> = |rng| Rotation2::new(t(rng.range(0.0, std::f64::consts::TAU)));
    let turn3: Turn<T, 3> = |rng| {
        let r = rng.rotation();
        Rotation::from_matrix_unchecked(r.matrix().map(t::<T>))
    };
    let p2 = |x: f64, y: f64| Point2::new(t::<T>(x), t(y));
    let h2 = Vector2::new(t::<T>(1.5), t(0.75));
    let turned = Obb::new(p2(0.25, -0.5), Rotation2::new(t(0.7)), h2).unwrap();
    let centred = Obb::new(Point::origin(), Rotation::identity(), h2).unwrap();
    let aabb = Aabb::new(p2(-1.0, -0.5), p2(1.5, 1.0)).unwrap();
    let ball = Ball::new(p2(0.5, 0.25), t(1.25)).unwrap();
    let polygon =
        ConvexPolygon::new(&[p2(-1.0, -1.0), p2(1.5, -0.5), p2(1.0, 1.0), p2(-1.0, 0.5)]).unwrap();
    let capsule = Capsule::new(p2(-1.0, 0.0), p2(1.0, 0.5), t(0.5)).unwrap();
    let h3 = SVector::<T, 3>::new(t(1.0), t(0.5), t(2.0));
    let box3 = Obb::new(Point::origin(), turn3(&mut rng), h3).unwrap();
    let ball3 = Ball::new(Point::origin(), t::<T>(1.5)).unwrap();
    let hits = [
        agree(&mut rng, &turned, turn2, cases, "turned box"),
        agree(&mut rng, &centred, turn2, cases, "centred box"),
        agree(&mut rng, &aabb, turn2, cases, "aabb"),
        agree(&mut rng, &ball, turn2, cases, "ball"),
        agree(&mut rng, &polygon, turn2, cases, "polygon"),
        agree(&mut rng, &capsule, turn2, cases, "capsule"),
        agree(&mut rng, &box3, turn3, cases, "3d box"),
        agree(&mut rng, &ball3, turn3, cases, "3d ball"),
    ];
    // Hits and misses both: the comparison is not only of `None`s.
    for h in hits {
        assert!(h > cases / 10 && h < cases * 9 / 10, "{} {hits:?}", T::NAME);
    }
}

/// A NaN anywhere (a coordinate of the origin or of the direction, or
/// `max_toi`) misses, from inside and outside, solid and hollow, for both
/// queries: the ball's closed form tests for NaN only where it would
/// otherwise answer at once (a solid cast from inside), and lets the NaN
/// fail its later comparisons elsewhere (src/ray/ball.rs).
fn nan_inputs_miss<T: TestReal>() {
    let nan = t::<T>(f64::NAN);
    let ball = Ball::new(Point2::new(t::<T>(0.5), t(0.0)), t(1.0)).unwrap();
    let boxed = Obb::new(
        Point2::origin(),
        Rotation2::new(t(0.3)),
        Vector2::new(t(1.0), t(0.5)),
    )
    .unwrap();
    let pose = Pose::from_parts(Vector2::new(t(1.0), t(-1.0)).into(), Rotation2::new(t(0.4)));
    for origin in [[1.5, -1.0], [-4.0, -1.0]] {
        for slot in 0..5 {
            let mut o = Point2::new(t::<T>(origin[0]), t(origin[1]));
            let mut d = Vector2::new(t::<T>(1.0), t(0.05));
            let mut max_toi = t::<T>(10.0);
            match slot {
                0 | 1 => o[slot] = nan,
                2 | 3 => d[slot - 2] = nan,
                _ => max_toi = nan,
            }
            let ray = Ray::new(o, d);
            for solid in [true, false] {
                let what = format!("{} origin {origin:?} slot {slot} solid {solid}", T::NAME);
                assert!(
                    cast_ray(&ball, &pose, &ray, max_toi, solid).is_none(),
                    "ball {what}"
                );
                assert!(
                    cast_ray_toi(&ball, &pose, &ray, max_toi, solid).is_none(),
                    "ball {what}"
                );
                assert!(
                    cast_ray(&boxed, &pose, &ray, max_toi, solid).is_none(),
                    "box {what}"
                );
                assert!(
                    cast_ray_toi(&boxed, &pose, &ray, max_toi, solid).is_none(),
                    "box {what}"
                );
            }
            // Without the NaN the same rays hit (from inside, or towards
            // the shapes), so the misses above are the NaN's doing.
            let clean = Ray::new(
                Point2::new(t::<T>(origin[0]), t(origin[1])),
                Vector2::new(t(1.0), t(0.05)),
            );
            assert!(cast_ray_toi(&ball, &pose, &clean, t(10.0), true).is_some());
            assert!(cast_ray_toi(&boxed, &pose, &clean, t(10.0), false).is_some());
        }
    }
}

/// The oracle's time of impact along `o + t·d`, `t` in `[0, max_toi]`, in
/// `f64` on the world shape (no ray code: the signed distance to the
/// shape, convex along the ray, by ternary search for its least value and
/// bisection for the crossing): from inside, `0` (solid) or where the ray
/// leaves (hollow). Also how clear the case is: the least of the origin's
/// distance from the boundary and, for a hit from outside, the depth the
/// ray reaches (grazing rays and origins on the boundary are left out).
fn oracle_toi(shape: &World, o: V, d: V, max_toi: f64, solid: bool) -> (Option<f64>, f64) {
    let sd = |t: f64| oracle::signed_distance_to_point(shape, &(o + d * t));
    let root = |mut lo: f64, mut hi: f64| {
        // sd(lo) and sd(hi) on either side of 0.
        let rising = sd(hi) > 0.0;
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if (sd(mid) > 0.0) == rising {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        0.5 * (lo + hi)
    };
    let start = sd(0.0);
    if start <= 0.0 {
        if solid {
            return (Some(0.0), -start);
        }
        let out = sd(max_toi) > 0.0;
        return (out.then(|| root(0.0, max_toi)), -start);
    }
    let (mut lo, mut hi) = (0.0, max_toi);
    for _ in 0..200 {
        let (a, b) = (lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0);
        if sd(a) < sd(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    let least = sd(lo);
    if least > 0.0 {
        return (None, start.min(least));
    }
    (Some(root(0.0, lo)), start.min(-least))
}

/// `cast_ray_toi` against the oracle on turned boxes and circles in 2D,
/// random poses and rays from inside and outside, solid and hollow: the
/// same hits and misses, and the same time to round-off (`f64`: 1e-8,
/// `f32`: 1e-3, on a scene of size about 10), except where the case is not clear by
/// 1e-3 (grazing rays, origins on the boundary).
fn toi_matches_the_oracle<T: TestReal>() {
    let mut rng = Rng::new(0x7012);
    let tol = if T::NAME == "f64" { 1e-8 } else { 1e-3 };
    let (mut hits, mut misses, mut checked) = (0, 0, 0);
    for case in 0..4000 {
        let turn = |a: f64| nalgebra::Rotation2::new(a);
        let (p, phi) = (
            V::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0)),
            rng.range(0.0, 6.3),
        );
        let pose = Pose::from_parts(p.map(t::<T>).into(), Rotation2::new(t(phi)));
        let c = V::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5));
        let world_at = |q: V| p + turn(phi) * q;
        let (world, toi) = if case % 2 == 0 {
            let (theta, h) = (
                rng.range(0.0, 6.3),
                V::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0)),
            );
            let obb = Obb::new(
                c.map(t::<T>).into(),
                Rotation2::new(t(theta)),
                h.map(t::<T>),
            )
            .unwrap();
            let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                .map(|(sx, sy)| world_at(c + turn(theta) * V::new(sx * h.x, sy * h.y)));
            let world = World::polygon(corners.to_vec());
            (
                world,
                Box::new(move |ray: &Ray<T, 2>, m: T, solid: bool| {
                    cast_ray_toi(&obb, &pose, ray, m, solid)
                }) as Box<dyn Fn(&Ray<T, 2>, T, bool) -> Option<T>>,
            )
        } else {
            let r = rng.range(0.2, 2.0);
            let ball = Ball::new(c.map(t::<T>).into(), t(r)).unwrap();
            let centre = world_at(c);
            (
                World::circle(centre.x, centre.y, r),
                Box::new(move |ray: &Ray<T, 2>, m: T, solid: bool| {
                    cast_ray_toi(&ball, &pose, ray, m, solid)
                }) as Box<dyn Fn(&Ray<T, 2>, T, bool) -> Option<T>>,
            )
        };
        let o = p + V::new(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0));
        let aim = p + V::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)) - o;
        let d = aim * rng.range(0.5, 2.0) / aim.norm();
        let (max_toi, solid) = (rng.range(0.0, 12.0), rng.chance(0.5));
        // The ray as the query sees it: its coordinates rounded to `T`.
        let (o, d) = (o.map(t::<T>).map(f::<T>), d.map(t::<T>).map(f::<T>));
        let ray = Ray::new(Point2::from(o.map(t::<T>)), d.map(t::<T>));
        let (want, clear) = oracle_toi(&world, o, d, max_toi, solid);
        let (want, got) = (want, toi(&ray, t(max_toi), solid).map(f::<T>));
        // The case is clear, and no end of the time range is near a crossing.
        let near_end = |time: f64| want.is_some_and(|w| (w - time).abs() < 1e-3 && time > 0.0);
        if clear < 1e-3 || near_end(max_toi) {
            continue;
        }
        checked += 1;
        match (want, got) {
            (Some(w), Some(g)) => {
                hits += 1;
                assert!(
                    (w - g).abs() <= tol,
                    "{} case {case}: oracle {w}, ours {g}",
                    T::NAME
                );
            }
            (None, None) => misses += 1,
            _ => panic!(
                "{} case {case}: oracle {want:?}, ours {got:?} (solid {solid})",
                T::NAME
            ),
        }
    }
    assert!(
        hits > 500 && misses > 500 && checked > 3000,
        "{hits} hits, {misses} misses, {checked} checked"
    );
}

in_both_scalars!(
    toi_agrees_with_cast_ray_to_the_bit,
    nan_inputs_miss,
    toi_matches_the_oracle
);
