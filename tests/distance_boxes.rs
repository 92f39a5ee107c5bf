//! Two 2D boxes apart take a closed form (`src/distance/boxes.rs`: the
//! least distance from a corner of either box to the other, by clamping):
//! it must give the min-norm iteration's answer on the same boxes hidden
//! from it ([`Hidden`]), and the brute-force oracle's. Random pairs near
//! and far from the origin, quarter-turned pairs (parallel edges, closest
//! points not unique), both orders, f32 and f64; hand-derived cases.

use nalgebra::{Matrix2, Point2, Rotation2, Vector2};
use separating_axis::{cast_shapes, closest_points, distance, intersects, Obb, Pose2, Shape};

use crate::support::agree::{casts_agree, closest_points_agree};
use crate::support::hidden::Hidden;
use crate::support::oracle_round;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A box of half extents 0.1 to 2 (times `size`), its centre off its
/// shape's origin by up to half its size and turned; one in four turned
/// by a quarter turn (edges parallel to the other's).
fn random_box<T: TestReal>(rng: &mut Rng, size: f64) -> Obb<T, 2> {
    let h = Vector2::new(rng.range(0.1, 2.0), rng.range(0.1, 2.0)) * size;
    let c = rng.unit_vector2() * rng.range(0.0, 0.5 * size);
    let (co, si) = if rng.below(4) == 0 {
        (0.0, 1.0)
    } else {
        rng.rational_cos_sin()
    };
    let r = Rotation2::from_matrix_unchecked(Matrix2::new(t(co), t(-si), t(si), t(co)));
    Obb::new(Point2::new(t(c.x), t(c.y)), r, h.map(t)).unwrap()
}

/// A pose at `at` turned by a rational angle, or by a quarter turn
/// (parallel edges) one time in three.
fn random_pose<T: TestReal>(rng: &mut Rng, at: Vector2<f64>) -> Pose2<T> {
    let (co, si) = if rng.below(3) == 0 {
        (1.0, 0.0)
    } else {
        rng.rational_cos_sin()
    };
    let r = Rotation2::from_matrix_unchecked(Matrix2::new(t(co), t(-si), t(si), t(co)));
    Pose2::from_parts(nalgebra::Translation2::new(t(at.x), t(at.y)), r)
}

/// The box's corners in the world, in f64.
fn world_corners<T: TestReal>(b: &Obb<T, 2>, pose: &Pose2<T>) -> Vec<Point2<f64>> {
    (0..b.core_vertex_count())
        .map(|i| {
            let p = b.local_core_vertex(i);
            let r = pose.rotation.matrix().map(f);
            let at = pose.translation.vector.map(f);
            Point2::from(r * Vector2::new(f(p.x), f(p.y)) + at)
        })
        .collect()
}

/// The bits of a test scalar in f64: exact comparisons.
fn bits<T: TestReal>(x: T) -> u64 {
    f(x).to_bits()
}

/// 64 epsilons of the scale (the distance tests' tolerance).
fn tol<T: TestReal>(scale: f64) -> f64 {
    64.0 * f(T::default_epsilon()) * scale.max(1.0)
}

/// Random pairs of every kind against the iteration and the oracle, at
/// `origin` (B within three sizes of A, so about half the pairs overlap).
fn pairs_agree<T: TestReal>(seed: u64, origin: f64) {
    let mut rng = Rng::new(seed);
    let mut apart = 0;
    for i in 0..1500 {
        let size = rng.skewed_range(0.2, 4.0);
        let (a, b) = (
            random_box::<T>(&mut rng, size),
            random_box::<T>(&mut rng, 1.0),
        );
        let at = rng.unit_vector2() * origin;
        let pa = random_pose::<T>(&mut rng, at);
        let off = rng.unit_vector2() * rng.range(0.0, 3.0 * size + 3.0);
        let pb = random_pose::<T>(&mut rng, at + off);
        let scale = 2.0 * size + 6.0;
        let what = format!("{} pair {i} at {origin}", T::NAME);
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let closed = closest_points(x, px, y, py);
            let iterated = closest_points(&Hidden(*x), px, &Hidden(*y), py);
            if intersects(x, px, y, py) {
                assert_eq!(bits(closed.distance), 0.0_f64.to_bits(), "{what}");
                continue;
            }
            apart += 1;
            closest_points_agree(
                &closed,
                &iterated,
                tol::<T>(scale),
                tol::<T>(scale + origin),
                &what,
            );
            let d = f(closed.distance);
            if origin == 0.0 {
                let oracle = oracle_round::signed_distance_2d(
                    &world_corners(x, px),
                    0.0,
                    &world_corners(y, py),
                    0.0,
                );
                assert!(
                    (d - oracle).abs() <= tol::<T>(scale),
                    "{what}: oracle {oracle}, {d}"
                );
            }
        }
    }
    assert!(
        apart > 800,
        "{apart} of 3000 ordered pairs apart: the pool must test the path"
    );
}

fn closed_form_matches_the_iteration_and_the_oracle<T: TestReal>() {
    pairs_agree::<T>(0xB0C5_D157, 0.0);
}

/// Far from the origin the relative frame is built from the difference of
/// the poses, so the distance keeps its precision (1e3 in f32, 1e6 in f64).
fn closed_form_far_from_the_origin<T: TestReal>() {
    let far = if T::NAME == "f32" { 1e3 } else { 1e6 };
    pairs_agree::<T>(0xFA2_B0C5, far);
}

/// A corner against a face, a face against a face (parallel edges), a
/// corner against a corner: exact values.
fn hand_derived_box_distances<T: TestReal>() {
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t::<T>(1.0), t(1.0)),
    )
    .unwrap();
    let id = Pose2::<T>::identity();
    // Parallel faces 1 apart, offset sideways: distance exactly 1.
    let side = Pose2::new(Vector2::new(t(3.0), t(0.5)), t(0.0));
    assert_eq!(
        bits(distance(&square, &id, &square, &side)),
        1.0_f64.to_bits()
    );
    assert_eq!(
        bits(distance(&square, &side, &square, &id)),
        1.0_f64.to_bits()
    );
    // Corner to corner: √2.
    let corner = Pose2::new(Vector2::new(t(3.0), t(3.0)), t(0.0));
    let c = closest_points(&square, &id, &square, &corner);
    assert_eq!(bits(c.distance), bits(t::<T>(2.0).sqrt()));
    assert_eq!(
        (bits(c.point_a.x), bits(c.point_a.y)),
        (1.0_f64.to_bits(), 1.0_f64.to_bits())
    );
    assert_eq!(
        (bits(c.point_b.x), bits(c.point_b.y)),
        (2.0_f64.to_bits(), 2.0_f64.to_bits())
    );
    // A quarter-turned-by-half square (a diamond) whose corner is 0.5 from
    // the square's right face, in both orders: B's corner, then A's.
    let diamond = Pose2::new(
        Vector2::new(t(1.5 + 2.0_f64.sqrt()), t(0.25)),
        t(0.25 * std::f64::consts::PI),
    );
    for (x, px, y, py) in [
        (&square, &id, &square, &diamond),
        (&square, &diamond, &square, &id),
    ] {
        let c = closest_points(x, px, y, py);
        assert!(
            (f(c.distance) - 0.5).abs() <= tol::<T>(4.0),
            "{}: {}",
            T::NAME,
            f(c.distance)
        );
        let ax = c.axis.into_inner();
        let sign = if px == &id { 1.0 } else { -1.0 };
        assert!((f(ax.x) - sign).abs() <= tol::<T>(1.0) && f(ax.y).abs() <= tol::<T>(1.0));
    }
}

/// Casts of two 2D boxes (the closed form at each Newton step) against
/// the same casts on the boxes hidden from it (the min-norm iteration at
/// each step): the same hits, the same times to the tolerance, the points
/// on each other; and two squares that meet face to face land on the
/// touch to the bit.
fn box_casts_match_the_iteration<T: TestReal>() {
    let mut rng = Rng::new(0xCA57_B0C5);
    let (mut hits, mut misses) = (0, 0);
    for i in 0..600 {
        let (a, b) = (
            random_box::<T>(&mut rng, 1.0),
            random_box::<T>(&mut rng, 1.0),
        );
        let from = rng.unit_vector2() * rng.range(4.0, 9.0);
        let aim = rng.unit_vector2() * rng.range(0.0, 3.5);
        let va = ((aim - from) * rng.range(0.3, 1.0)).map(t::<T>);
        let pa = random_pose::<T>(&mut rng, from);
        let pb = random_pose::<T>(&mut rng, Vector2::zeros());
        let still = Vector2::zeros();
        let what = format!("{} cast {i}", T::NAME);
        let closed = cast_shapes(&a, &pa, &va, &b, &pb, &still, t(2.0));
        let iterated = cast_shapes(&Hidden(a), &pa, &va, &Hidden(b), &pb, &still, t(2.0));
        if casts_agree(closed, iterated, tol::<T>(20.0) * 1e3, &what) {
            hits += 1;
        } else {
            misses += 1;
        }
    }
    assert!(hits > 150 && misses > 100, "{hits} hits, {misses} misses");
    // Face to face: the first step lands on t = 2 exactly.
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t::<T>(1.0), t(1.0)),
    )
    .unwrap();
    let hit = cast_shapes(
        &square,
        &Pose2::identity(),
        &Vector2::new(t(1.0), t(0.0)),
        &square,
        &Pose2::new(Vector2::new(t(4.0), t(0.5)), t(0.0)),
        &Vector2::zeros(),
        t(10.0),
    )
    .unwrap();
    assert_eq!(bits(hit.toi), 2.0_f64.to_bits());
    assert_eq!(
        (bits(hit.normal.x), bits(hit.normal.y)),
        (1.0_f64.to_bits(), 0.0_f64.to_bits())
    );
}

in_both_scalars!(
    closed_form_matches_the_iteration_and_the_oracle,
    closed_form_far_from_the_origin,
    hand_derived_box_distances,
    box_casts_match_the_iteration,
);
