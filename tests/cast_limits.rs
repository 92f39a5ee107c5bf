//! `cast_shapes` with large motions and open limits (issue 35, classes 1
//! and 2): the tolerance grows with the distance travelled up to the hit,
//! never with `max_toi`; `max_toi = ∞` (or `MAX`, or `1e20`) is no limit;
//! a negative or NaN `max_toi` answers `None`; at every hit `point_b`
//! lies within the tolerance of `point_a`. Every 2D and 3D pair type of
//! `AnyShape`, both argument orders, f32 and f64 (docs/casts.md, "The
//! tolerance").

use nalgebra::{Point2, Point3, Rotation2, Rotation3, SVector, Vector2, Vector3};
use separating_axis::{
    cast_shapes, AnyShape, Ball, Capsule, ConvexPolygon, ConvexPolyhedron, Obb, PolytopeDim, Pose,
    Pose2, Pose3,
};

use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// One of each 2D shape, every one reaching about 1 from its frame's
/// origin, none centred on it.
fn shapes_2d<T: TestReal>() -> Vec<(&'static str, AnyShape<T, 2>)> {
    let p = |x: f64, y: f64| Point2::new(t::<T>(x), t::<T>(y));
    let polygon = ConvexPolygon::new(&[
        p(-0.8, -0.7),
        p(0.9, -0.5),
        p(1.0, 0.4),
        p(0.1, 0.95),
        p(-0.9, 0.3),
    ])
    .unwrap();
    vec![
        (
            "ball",
            AnyShape::Ball(Ball::new(p(0.1, 0.0), t(1.0)).unwrap()),
        ),
        (
            "capsule",
            AnyShape::Capsule(Capsule::new(p(-0.3, -0.4), p(0.3, 0.4), t(0.5)).unwrap()),
        ),
        (
            "aabb",
            AnyShape::Aabb(separating_axis::Aabb::new(p(-0.9, -0.6), p(0.8, 0.7)).unwrap()),
        ),
        (
            "obb",
            AnyShape::Obb(
                Obb::new(
                    p(0.05, -0.05),
                    Rotation2::new(t(0.4)),
                    Vector2::new(t(0.8), t(0.5)),
                )
                .unwrap(),
            ),
        ),
        ("polygon", AnyShape::Polytope(polygon)),
    ]
}

/// One of each 3D shape, as [`shapes_2d`].
fn shapes_3d<T: TestReal>() -> Vec<(&'static str, AnyShape<T, 3>)> {
    let p = |x: f64, y: f64, z: f64| Point3::new(t::<T>(x), t::<T>(y), t::<T>(z));
    let hull_points: Vec<Point3<T>> = (0..14)
        .map(|i| {
            let a = f64::from(i) * 2.4;
            let z = f64::from(i) / 6.5 - 1.0;
            let r = (1.0 - z * z).sqrt().max(0.2);
            p(a.cos() * r, a.sin() * r * 0.9, z * 0.8)
        })
        .collect();
    vec![
        (
            "ball",
            AnyShape::Ball(Ball::new(p(0.1, 0.0, 0.0), t(1.0)).unwrap()),
        ),
        (
            "capsule",
            AnyShape::Capsule(Capsule::new(p(-0.3, -0.4, 0.1), p(0.3, 0.4, -0.1), t(0.5)).unwrap()),
        ),
        (
            "aabb",
            AnyShape::Aabb(
                separating_axis::Aabb::new(p(-0.9, -0.6, -0.7), p(0.8, 0.7, 0.6)).unwrap(),
            ),
        ),
        (
            "obb",
            AnyShape::Obb(
                Obb::new(
                    p(0.05, -0.05, 0.0),
                    Rotation3::from_euler_angles(t(0.4), t(-0.2), t(0.3)),
                    Vector3::new(t(0.8), t(0.5), t(0.6)),
                )
                .unwrap(),
            ),
        ),
        (
            "hull",
            AnyShape::Polytope(ConvexPolyhedron::from_hull(&hull_points).unwrap()),
        ),
    ]
}

/// The limits a user passes for "no limit", and a plain one.
fn open_limits<T: TestReal>() -> Vec<T> {
    vec![
        t(10.0),
        t(1e5),
        t(1e6),
        t(1e15),
        t(1e20),
        T::max_value().unwrap(),
        t(f64::INFINITY),
    ]
}

/// The tolerance the cast allows at a hit, with a margin: `cast_tolerance`
/// of the scene (shapes ~1, places ~`far`) plus the travel `speed·toi`.
fn allowed<T: TestReal>(far: f64, travel: f64) -> f64 {
    let eps = f(T::default_epsilon());
    4.0 * 64.0 * eps * (4.0 + far + travel)
}

/// Every pair of `shapes`, both orders: B `gap` beyond A along the first
/// axis, at `shift` from the origin, closing at `speed` along that axis.
/// With every limit in [`open_limits`] the hit is the hit with `max_toi`
/// 10 (scaled by the speed), within the tolerance; `point_b` lies within
/// the tolerance of `point_a`; never a hit at time 0.
fn every_pair_hits_at_the_same_time<T: TestReal, const N: usize>(
    shapes: &[(&'static str, AnyShape<T, N>)],
    speed: f64,
    shift: f64,
) where
    nalgebra::Const<N>: PolytopeDim<T, N> + separating_axis::ContactDim<T, N>,
{
    let x = |v: f64| SVector::<T, N>::from_fn(|i, _| if i == 0 { t(v) } else { T::zero() });
    let place = |v: f64| {
        let mut p = Pose::<T, N>::identity();
        p.translation.vector =
            x(v) + SVector::from_fn(|i, _| if i == 1 { t(shift) } else { T::zero() });
        p
    };
    let (pose_a, pose_b) = (place(shift), place(shift + 6.0));
    let (still, closing) = (x(0.0), x(-speed));
    for (name_a, a) in shapes {
        for (name_b, b) in shapes {
            let what = format!("{name_a}-{name_b} speed {speed} at {shift} ({})", T::NAME);
            let reference = cast_shapes(a, &pose_a, &still, b, &pose_b, &closing, t(10.0 / speed))
                .unwrap_or_else(|| panic!("{what}: no hit with max_toi 10/speed"));
            let toi = f(reference.toi);
            assert!(toi * speed > 1.0 && toi * speed < 6.0, "{what}: toi {toi}");
            for limit in open_limits::<T>()
                .into_iter()
                .filter(|l| f(*l) * speed >= 10.0)
            {
                let hit = cast_shapes(a, &pose_a, &still, b, &pose_b, &closing, limit)
                    .unwrap_or_else(|| panic!("{what}: no hit with max_toi {}", f(limit)));
                let tol = allowed::<T>(shift.abs() + 6.0, toi * speed);
                assert!(
                    (f(hit.toi) - toi).abs() * speed <= tol,
                    "{what}: max_toi {}: toi {} against {toi}",
                    f(limit),
                    f(hit.toi)
                );
                let gap = f((hit.point_b - hit.point_a).norm());
                assert!(
                    gap <= tol,
                    "{what}: max_toi {}: points {gap} apart",
                    f(limit)
                );
            }
            // B moving away: no hit, however long the limit.
            for limit in open_limits::<T>() {
                assert!(
                    cast_shapes(a, &pose_a, &still, b, &pose_b, &x(speed), limit).is_none(),
                    "{what}: moving away hits with max_toi {}",
                    f(limit)
                );
            }
            // No interval to search: negative or NaN limits.
            for limit in [
                t(-1.0),
                -T::max_value().unwrap(),
                t(f64::NEG_INFINITY),
                t(f64::NAN),
            ] {
                assert!(
                    cast_shapes(a, &pose_a, &still, b, &pose_b, &closing, limit).is_none(),
                    "{what}: max_toi {} hits",
                    f(limit)
                );
            }
        }
    }
}

/// Issue 35's case: two f32 unit circles centred at (0.1, 0) in their
/// frames, B at x = 6 closing at 1: toi 4 whatever the limit (was 0 from
/// `max_toi` 1e6, with the points 4 apart); closing at 1e6 with
/// `max_toi` 1: toi 4e-6 (was 0).
fn circles_far_apart_do_not_hit_at_time_0<T: TestReal>() {
    let ball = Ball::new(Point2::new(t::<T>(0.1), T::zero()), T::one()).unwrap();
    let (a, b) = (
        Pose2::<T>::identity(),
        Pose2::translation(t(6.0), T::zero()),
    );
    let still = Vector2::zeros();
    for limit in open_limits::<T>() {
        let hit = cast_shapes(
            &ball,
            &a,
            &still,
            &ball,
            &b,
            &Vector2::new(-T::one(), T::zero()),
            limit,
        )
        .unwrap();
        assert!(
            (f(hit.toi) - 4.0).abs() < 1e-5,
            "max_toi {}: toi {}",
            f(limit),
            f(hit.toi)
        );
        assert!(f((hit.point_b - hit.point_a).norm()) < 1e-4);
        assert_eq!(hit.normal.into_inner(), Vector2::x());
    }
    let bullet = Vector2::new(t::<T>(-1e6), T::zero());
    let hit = cast_shapes(&ball, &a, &still, &ball, &b, &bullet, T::one()).unwrap();
    assert!((f(hit.toi) / 4e-6 - 1.0).abs() < 1e-5, "toi {}", f(hit.toi));
}

fn pairs_2d_with_open_limits<T: TestReal>() {
    let shapes = shapes_2d::<T>();
    for (speed, shift) in [(1.0, 0.0), (1e6, 0.0), (1e-3, 0.0), (1.0, 100.0)] {
        every_pair_hits_at_the_same_time(&shapes, speed, shift);
    }
}

fn pairs_3d_with_open_limits<T: TestReal>() {
    let shapes = shapes_3d::<T>();
    for (speed, shift) in [(1.0, 0.0), (1e6, 0.0), (1e-3, 0.0), (1.0, 100.0)] {
        every_pair_hits_at_the_same_time(&shapes, speed, shift);
    }
}

/// Issue 35 class 2: a box against a polygon (2D) or a hull (3D) with
/// `max_toi = ∞` missed where `max_toi = 10` hits; the box–hull pairs
/// named, both orders.
fn boxes_against_polytopes_hit_with_no_limit<T: TestReal>() {
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(T::one(), T::one()),
    )
    .unwrap();
    let p = |x: f64, y: f64| Point2::new(t::<T>(x), t::<T>(y));
    let polygon =
        ConvexPolygon::new(&[p(-1.0, -1.0), p(1.0, -0.8), p(0.6, 1.0), p(-0.7, 0.9)]).unwrap();
    let (a, b) = (Pose2::<T>::identity(), Pose2::translation(t(6.0), t(0.3)));
    let (still, closing) = (Vector2::zeros(), Vector2::new(-T::one(), T::zero()));
    let inf = t::<T>(f64::INFINITY);
    let want = cast_shapes(&square, &a, &still, &polygon, &b, &closing, t(10.0)).unwrap();
    let got = cast_shapes(&square, &a, &still, &polygon, &b, &closing, inf).unwrap();
    assert!((f(got.toi) - f(want.toi)).abs() < 1e-5);
    let got = cast_shapes(&polygon, &b, &closing, &square, &a, &still, inf).unwrap();
    assert!((f(got.toi) - f(want.toi)).abs() < 1e-5);

    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(T::one(), T::one(), T::one()),
    )
    .unwrap();
    let hull = ConvexPolyhedron::from_hull(&[
        Point3::new(t::<T>(-1.0), t(-1.0), t(-1.0)),
        Point3::new(t(1.0), t(-0.8), t(-1.0)),
        Point3::new(t(0.6), t(1.0), t(-0.9)),
        Point3::new(t(-0.7), t(0.9), t(1.0)),
        Point3::new(t(0.2), t(0.1), t(1.1)),
    ])
    .unwrap();
    let (a, b) = (
        Pose3::<T>::identity(),
        Pose3::translation(t(6.0), t(0.3), t(0.1)),
    );
    let (still, closing) = (
        Vector3::zeros(),
        Vector3::new(-T::one(), T::zero(), T::zero()),
    );
    let want = cast_shapes(&cube, &a, &still, &hull, &b, &closing, t(10.0)).unwrap();
    let aabb = separating_axis::Aabb::new(
        Point3::new(-T::one(), -T::one(), -T::one()),
        Point3::new(T::one(), T::one(), T::one()),
    )
    .unwrap();
    for got in [
        cast_shapes(&cube, &a, &still, &hull, &b, &closing, inf),
        cast_shapes(&hull, &b, &closing, &cube, &a, &still, inf),
        cast_shapes(&aabb, &a, &still, &hull, &b, &closing, inf),
        cast_shapes(&hull, &b, &closing, &aabb, &a, &still, inf),
    ] {
        let got = got.expect("a hit with no limit");
        assert!((f(got.toi) - f(want.toi)).abs() < 1e-5);
    }
}

in_both_scalars!(
    circles_far_apart_do_not_hit_at_time_0,
    pairs_2d_with_open_limits,
    pairs_3d_with_open_limits,
    boxes_against_polytopes_hit_with_no_limit,
);

/// Issue 35 class 5: `f32` casts land on the first touch within the `f32`
/// tolerance of the scene, with the normal from A to B. Random hull–hull
/// pairs and ball–polygon pairs, both orders, cast in `f32` and in `f64`
/// on the same (rounded) input: the `f32` time within the tolerance over
/// the closing speed of the `f64` one, its points within the tolerance of
/// each other, and its normal within 1e-2 rad of the `f64` normal (the
/// normals of two casts that touch at a corner can differ by the round-off
/// of where along the corner they touch, never by π).
#[test]
fn f32_casts_land_on_the_touch_with_the_normal_from_a_to_b() {
    let mut rng = crate::support::rng::Rng::new(0x35_05);
    let mut checked = 0;
    for round in 0..300 {
        let hull = |rng: &mut crate::support::rng::Rng| {
            let pts: Vec<Point3<f64>> = (0..12)
                .map(|_| Point3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()))
                .collect();
            let pts32: Vec<Point3<f32>> = pts.iter().map(|p| p.cast::<f32>()).collect();
            let back: Vec<Point3<f64>> = pts32.iter().map(|p| p.cast::<f64>()).collect();
            (
                ConvexPolyhedron::from_hull(&pts32).unwrap(),
                ConvexPolyhedron::from_hull(&back).unwrap(),
            )
        };
        let (a32, a64) = hull(&mut rng);
        let (b32, b64) = hull(&mut rng);
        let dir = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit())
            .normalize()
            .cast::<f32>();
        let at = (dir * 5.0f32).cast::<f64>().cast::<f32>();
        let aim = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit())
            .cast::<f32>()
            * 0.3;
        let vel = (aim - at) * (0.5 + rng.unit_interval() as f32);
        let rot =
            Rotation3::from_euler_angles(rng.signed_unit(), rng.signed_unit(), rng.signed_unit())
                .cast::<f32>();
        let pose_b32 = Pose3::from_parts(at.into(), rot);
        let pose_b64 = pose_b32.cast::<f64>();
        let (id32, id64) = (Pose3::<f32>::identity(), Pose3::<f64>::identity());
        let (z32, z64) = (Vector3::<f32>::zeros(), Vector3::<f64>::zeros());
        let vel64 = vel.cast::<f64>();
        for swap in [false, true] {
            let (h32, h64) = if swap {
                (
                    cast_shapes(&b32, &pose_b32, &vel, &a32, &id32, &z32, 10.0),
                    cast_shapes(&b64, &pose_b64, &vel64, &a64, &id64, &z64, 10.0),
                )
            } else {
                (
                    cast_shapes(&a32, &id32, &z32, &b32, &pose_b32, &vel, 10.0),
                    cast_shapes(&a64, &id64, &z64, &b64, &pose_b64, &vel64, 10.0),
                )
            };
            let (Some(h32), Some(h64)) = (h32, h64) else {
                continue;
            };
            if h64.toi == 0.0 {
                continue;
            }
            let speed = vel64.norm();
            let closing = -h64.normal.dot(&vel64) * if swap { -1.0 } else { 1.0 };
            let tol = 64.0 * f64::from(f32::EPSILON) * (8.0 + speed * h64.toi);
            let what = format!("round {round} swap {swap}");
            let gap = f64::from((h32.point_b - h32.point_a).norm());
            assert!(gap <= 4.0 * tol, "{what}: f32 points {gap} apart");
            if closing > 0.05 * speed {
                let dt = (f64::from(h32.toi) - h64.toi).abs();
                assert!(
                    dt * closing <= 8.0 * tol,
                    "{what}: toi {} against {}",
                    h32.toi,
                    h64.toi
                );
                let turn = (h32.normal.cast::<f64>().into_inner() - h64.normal.into_inner()).norm();
                assert!(turn < 1e-2, "{what}: normal {turn} from the f64 normal");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

/// Issue 35, class 5: f32 casts of a ball against a polygon stopped early
/// (toi 0.48973 where the exact f32 answer is 0.49035, the shapes still
/// 8e-5 apart). Over 400 seeded pairs of a ball and a 9-gon, the shapes'
/// coordinates exact in f32, both orders: where the f64 cast hits at a
/// positive time with a closing speed of at least 5% of the speed, the f32
/// cast hits too, its time times the closing speed within 8 tolerances
/// (64 ε of f32 times the scene and the travel) of the f64 one, the f64
/// distance of the shapes at the f32 time within 4 tolerances, and its
/// normal within 1e-2 rad of the f64 normal.
#[test]
fn f32_ball_polygon_casts_land_on_the_touch() {
    use separating_axis::distance;
    let mut rng = crate::support::rng::Rng::new(0x35_5b);
    let mut checked = 0;
    for round in 0..400 {
        let pts: Vec<Point2<f32>> = (0..9)
            .map(|_| Point2::new(rng.signed_unit() as f32, rng.signed_unit() as f32))
            .collect();
        let back: Vec<Point2<f64>> = pts.iter().map(|p| p.cast::<f64>()).collect();
        let (p32, p64) = (
            ConvexPolygon::from_hull(&pts).unwrap(),
            ConvexPolygon::from_hull(&back).unwrap(),
        );
        let r = (0.1 + 0.9 * rng.unit_interval()) as f32;
        let c = Point2::new(rng.signed_unit() as f32, rng.signed_unit() as f32) * 0.2;
        let (b32, b64) = (
            Ball::new(c, r).unwrap(),
            Ball::new(c.cast::<f64>(), f64::from(r)).unwrap(),
        );
        let dir = Vector2::new(rng.signed_unit(), rng.signed_unit())
            .normalize()
            .cast::<f32>();
        let at = dir * 5.0f32;
        let aim = Vector2::new(rng.signed_unit(), rng.signed_unit()).cast::<f32>() * 0.3;
        let vel = (aim - at) * (0.5 + rng.unit_interval() as f32);
        let angle = rng.signed_unit() as f32 * 3.0;
        let pose_b32 = Pose2::new(at, angle);
        let pose_b64 = pose_b32.cast::<f64>();
        let (id32, id64) = (Pose2::<f32>::identity(), Pose2::<f64>::identity());
        let (z32, z64) = (Vector2::<f32>::zeros(), Vector2::<f64>::zeros());
        let vel64 = vel.cast::<f64>();
        for swap in [false, true] {
            let (h32, h64) = if swap {
                (
                    cast_shapes(&b32, &pose_b32, &vel, &p32, &id32, &z32, 10.0),
                    cast_shapes(&b64, &pose_b64, &vel64, &p64, &id64, &z64, 10.0),
                )
            } else {
                (
                    cast_shapes(&p32, &id32, &z32, &b32, &pose_b32, &vel, 10.0),
                    cast_shapes(&p64, &id64, &z64, &b64, &pose_b64, &vel64, 10.0),
                )
            };
            let what = format!("round {round} swap {swap}");
            let Some(h64) = h64 else {
                continue;
            };
            if h64.toi == 0.0 {
                continue;
            }
            let speed = vel64.norm();
            let closing = -h64.normal.dot(&vel64) * if swap { -1.0 } else { 1.0 };
            if closing <= 0.05 * speed {
                continue;
            }
            let Some(h32) = h32 else {
                panic!("{what}: f32 missed a hit at {}", h64.toi);
            };
            let tol = 64.0 * f64::from(f32::EPSILON) * (8.0 + speed * h64.toi);
            let moved = Pose2::new(
                pose_b64.translation.vector + vel64 * f64::from(h32.toi),
                f64::from(angle),
            );
            let gap = distance(&p64, &id64, &b64, &moved);
            assert!(
                gap <= 4.0 * tol,
                "{what}: apart by {gap} at the f32 time {}",
                h32.toi
            );
            let dt = (f64::from(h32.toi) - h64.toi).abs();
            assert!(
                dt * closing <= 8.0 * tol,
                "{what}: toi {} against {}",
                h32.toi,
                h64.toi
            );
            let turn = (h32.normal.cast::<f64>().into_inner() - h64.normal.into_inner()).norm();
            assert!(turn < 1e-2, "{what}: normal {turn} from the f64 normal");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}
