//! A convex polygon and a circle apart take a closed form
//! (`src/distance/polygon_ball.rs`: the nearest feature the pair path finds
//! while it decides `intersects`): it must give the min-norm iteration's
//! answer on the same shapes hidden from it ([`Hidden`]) and the
//! brute-force oracle's, keep `intersects`' verdict (distance 0 exactly
//! when it is true), and give both argument orders the same distance to
//! the bit. Random polygons and circles near and far from the origin,
//! centres moved to a hair's breadth of touching; f32 and f64; by hand.

use nalgebra::{Matrix2, Point2, Rotation2, Translation2, Vector2};
use separating_axis::{
    closest_points, distance, intersects, signed_distance, Ball, ConvexPolygon, Pose2,
};

use crate::support::agree::closest_points_agree;
use crate::support::hidden::Hidden;
use crate::support::oracle_round;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};
use crate::support::scene2d::random_polygon;

/// A pose at `at`, turned by a rational angle or not at all.
fn random_pose<T: TestReal>(rng: &mut Rng, at: Vector2<f64>) -> Pose2<T> {
    let (co, si) = if rng.below(3) == 0 {
        (1.0, 0.0)
    } else {
        rng.rational_cos_sin()
    };
    let r = Rotation2::from_matrix_unchecked(Matrix2::new(t(co), t(-si), t(si), t(co)));
    Pose2::from_parts(Translation2::new(t(at.x), t(at.y)), r)
}

/// 64 epsilons of the scale (the distance tests' tolerance).
fn tol<T: TestReal>(scale: f64) -> f64 {
    64.0 * f(T::default_epsilon()) * scale.max(1.0)
}

fn pairs_agree<T: TestReal>(seed: u64, origin: f64) {
    let mut rng = Rng::new(seed);
    let mut apart = 0;
    for i in 0..1500 {
        let size = rng.skewed_range(0.2, 4.0);
        let polygon: ConvexPolygon<T> = random_polygon(&mut rng, size);
        let centre = rng.unit_vector2() * rng.range(0.0, 0.5);
        let ball = Ball::new(
            Point2::new(t(centre.x), t(centre.y)),
            t(rng.range(0.1, 2.0)),
        )
        .unwrap();
        let at = rng.unit_vector2() * origin;
        let pp = random_pose::<T>(&mut rng, at);
        let off = rng.unit_vector2() * rng.range(0.0, 3.0 * size + 4.0);
        let pc = random_pose::<T>(&mut rng, at + off);
        let scale = 3.0 * size + 8.0;
        let what = format!("{} pair {i} at {origin}", T::NAME);
        let one = closest_points(&polygon, &pp, &ball, &pc);
        let other = closest_points(&ball, &pc, &polygon, &pp);
        assert_eq!(
            f(one.distance).to_bits(),
            f(other.distance).to_bits(),
            "{what}"
        );
        assert_eq!(distance(&polygon, &pp, &ball, &pc), one.distance, "{what}");
        let hit = intersects(&polygon, &pp, &ball, &pc);
        assert_eq!(hit, intersects(&ball, &pc, &polygon, &pp), "{what}");
        if hit {
            assert_eq!(f(one.distance).to_bits(), 0.0_f64.to_bits(), "{what}");
            assert!(
                signed_distance(&polygon, &pp, &ball, &pc) <= T::zero(),
                "{what}"
            );
            continue;
        }
        apart += 1;
        assert_eq!(
            signed_distance(&polygon, &pp, &ball, &pc),
            one.distance,
            "{what}"
        );
        let iterated = closest_points(&Hidden(polygon.clone()), &pp, &ball, &pc);
        closest_points_agree(
            &one,
            &iterated,
            tol::<T>(scale),
            tol::<T>(scale + origin),
            &what,
        );
        // The swapped order: the same points swapped, the axis reversed.
        assert_eq!(other.point_a, one.point_b, "{what}");
        assert_eq!(other.axis.into_inner(), -one.axis.into_inner(), "{what}");
        if origin == 0.0 {
            let r = pp.rotation.matrix().map(f);
            let corners: Vec<Point2<f64>> = polygon
                .vertices()
                .iter()
                .map(|v| Point2::from(r * v.coords.map(f) + pp.translation.vector.map(f)))
                .collect();
            let c = Point2::from(
                pc.rotation.matrix().map(f) * ball.center().coords.map(f)
                    + pc.translation.vector.map(f),
            );
            let oracle = oracle_round::signed_distance_2d(&corners, 0.0, &[c], f(ball.radius()));
            let d = f(one.distance);
            assert!(
                (d - oracle).abs() <= tol::<T>(scale),
                "{what}: oracle {oracle}, {d}"
            );
        }
    }
    assert!(
        apart > 600,
        "{apart} of 1500 pairs apart: the pool must test the path"
    );
}

fn polygon_ball_closed_form_matches_the_iteration_and_the_oracle<T: TestReal>() {
    pairs_agree::<T>(0x0ba1_1001, 0.0);
}

fn polygon_ball_closed_form_far_from_the_origin<T: TestReal>() {
    pairs_agree::<T>(0x0ba1_1002, 1e4);
}

/// Centres moved along a random direction to within a few ulps of the
/// touching distance: `distance` is 0 exactly when `intersects` is true,
/// positive otherwise, in both orders.
fn polygon_ball_near_touching_keeps_the_verdict<T: TestReal>() {
    let mut rng = Rng::new(0x0ba1_1003);
    let (mut touching, mut apart) = (0, 0);
    for i in 0..2000 {
        let polygon: ConvexPolygon<T> = random_polygon(&mut rng, 1.0);
        let ball = Ball::new(Point2::origin(), t::<T>(rng.range(0.2, 1.5))).unwrap();
        let pp = random_pose::<T>(&mut rng, Vector2::zeros());
        let u = rng.unit_vector2();
        // Where the circle touches along `u`, by the oracle, then a few
        // ulps either side.
        let corners: Vec<Point2<f64>> = polygon
            .vertices()
            .iter()
            .map(|v| {
                Point2::from(
                    pp.rotation.matrix().map(f) * v.coords.map(f) + pp.translation.vector.map(f),
                )
            })
            .collect();
        let r = f(ball.radius());
        let (mut lo, mut hi) = (0.0, 10.0);
        for _ in 0..80 {
            let mid = 0.5 * (lo + hi);
            let d = oracle_round::signed_distance_2d(&corners, 0.0, &[Point2::from(u * mid)], r);
            if d > 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let k = rng.range(-8.0, 8.0) * f(T::default_epsilon()) * 4.0;
        let at = u * (hi + k);
        let pc = Pose2::from_parts(Translation2::new(t(at.x), t(at.y)), Rotation2::identity());
        let what = format!("{} case {i}", T::NAME);
        for (hit, d) in [
            (
                intersects(&polygon, &pp, &ball, &pc),
                distance(&polygon, &pp, &ball, &pc),
            ),
            (
                intersects(&ball, &pc, &polygon, &pp),
                distance(&ball, &pc, &polygon, &pp),
            ),
        ] {
            assert_eq!(
                hit,
                d == T::zero(),
                "{what}: intersects {hit}, distance {d:?}"
            );
            assert!(d >= T::zero(), "{what}");
            if hit {
                touching += 1;
            } else {
                apart += 1;
            }
        }
    }
    assert!(touching > 200 && apart > 200, "{touching} / {apart}");
}

/// By hand: the unit square and a circle of radius 0.5.
fn hand_derived_polygon_ball_distances<T: TestReal>() {
    let square = ConvexPolygon::new(&[
        Point2::new(t::<T>(0.0), t(0.0)),
        Point2::new(t(1.0), t(0.0)),
        Point2::new(t(1.0), t(1.0)),
        Point2::new(t(0.0), t(1.0)),
    ])
    .unwrap();
    let c = Ball::new(Point2::origin(), t::<T>(0.5)).unwrap();
    let id = Pose2::identity();
    // Beside the right edge: 2 − 1 − 0.5 apart, along +x.
    let right = Pose2::from_parts(Translation2::new(t(3.0), t(0.5)), Rotation2::identity());
    let cp = closest_points(&square, &id, &c, &right);
    assert_eq!(cp.distance, t(1.5));
    assert_eq!(cp.point_a, Point2::new(t(1.0), t(0.5)));
    assert_eq!(cp.point_b, Point2::new(t(2.5), t(0.5)));
    assert_eq!(cp.axis.into_inner(), Vector2::new(t(1.0), t(0.0)));
    // Off the corner (1, 1) by (3, 4): 5 − 0.5 apart.
    let corner = Pose2::from_parts(Translation2::new(t(4.0), t(5.0)), Rotation2::identity());
    let cp = closest_points(&c, &corner, &square, &id);
    assert_eq!(cp.distance, t(4.5));
    assert_eq!(cp.point_b, Point2::new(t(1.0), t(1.0)));
    assert!((f(cp.axis.x) + 0.6).abs() < 1e-6 && (f(cp.axis.y) + 0.8).abs() < 1e-6);
    // Touching the bottom edge: 0.
    let below = Pose2::from_parts(Translation2::new(t(0.5), t(-0.5)), Rotation2::identity());
    assert_eq!(distance(&square, &id, &c, &below), T::zero());
    assert!(intersects(&square, &id, &c, &below));
}

in_both_scalars!(
    polygon_ball_closed_form_matches_the_iteration_and_the_oracle,
    polygon_ball_closed_form_far_from_the_origin,
    polygon_ball_near_touching_keeps_the_verdict,
    hand_derived_polygon_ball_distances
);
