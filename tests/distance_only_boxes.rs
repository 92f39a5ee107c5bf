//! `distance` and `signed_distance` on two 2D boxes take a distance-only
//! closed form (`distance::boxes::query_distance`): it must return
//! `closest_points(..).distance` to the bit, hand the same pairs to the
//! iteration (corners touching to round-off), and keep `intersects`'
//! verdict. Random pairs near and far from the origin, pairs moved to a
//! hair's breadth of touching, corners placed a few ulps apart; both
//! orders, f32 and f64.

use nalgebra::{Matrix2, Point2, Rotation2, Translation2, Vector2};
use separating_axis::real::max_magnitude;
use separating_axis::{
    closest_points, distance, intersects, separation, signed_distance, Obb, Pose2,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A box of half extents 0.1 to 2 (times `size`), its centre off its
/// shape's origin, turned; one in four by a quarter turn.
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

/// A pose at `at` turned by a rational angle, or not turned one time in
/// three (parallel edges).
fn random_pose<T: TestReal>(rng: &mut Rng, at: Vector2<f64>) -> Pose2<T> {
    let (co, si) = if rng.below(3) == 0 {
        (1.0, 0.0)
    } else {
        rng.rational_cos_sin()
    };
    let r = Rotation2::from_matrix_unchecked(Matrix2::new(t(co), t(-si), t(si), t(co)));
    Pose2::from_parts(Translation2::new(t(at.x), t(at.y)), r)
}

/// The bits of a test scalar in f64.
fn bits<T: TestReal>(x: T) -> u64 {
    f(x).to_bits()
}

/// The distance-only answers against `closest_points` (the bits) and
/// `intersects` (the verdict) for one ordered pair; whether it is apart.
fn check<T: TestReal>(
    a: &Obb<T, 2>,
    pa: &Pose2<T>,
    b: &Obb<T, 2>,
    pb: &Pose2<T>,
    what: &str,
) -> bool {
    let full = closest_points(a, pa, b, pb);
    let d = distance(a, pa, b, pb);
    let s = signed_distance(a, pa, b, pb);
    assert_eq!(
        bits(d),
        bits(full.distance),
        "{what}: distance {} vs {}",
        f(d),
        f(full.distance)
    );
    let overlap = intersects(a, pa, b, pb);
    assert_eq!(
        d > T::zero(),
        !overlap,
        "{what}: distance {} but intersects {overlap}",
        f(d)
    );
    if overlap {
        assert_eq!(
            bits(s),
            bits(separation(a, pa, b, pb).distance),
            "{what}: signed"
        );
    } else {
        assert_eq!(
            bits(s),
            bits(full.distance),
            "{what}: signed {} vs {}",
            f(s),
            f(full.distance)
        );
    }
    !overlap
}

/// Random pairs at `origin`, each also moved along its axis to `δ` of
/// touching for `δ` from 0 to a few hundred ulps of the scale.
fn pool_agrees<T: TestReal>(seed: u64, origin: f64) {
    let mut rng = Rng::new(seed);
    let eps = f(T::default_epsilon());
    let (mut apart, mut near) = (0, 0);
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
        let what = format!("{} pair {i} at {origin}", T::NAME);
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            if !check(x, px, y, py, &what) {
                continue;
            }
            apart += 1;
            // Slide B towards A along the axis to δ of touching.
            let c = closest_points(x, px, y, py);
            let scale = 2.0 * size + 6.0 + origin;
            let delta = eps * scale * [0.0, 1.0, 4.0, 64.0, 512.0][rng.below(5)];
            let shift = c.axis.into_inner().map(f) * (f(c.distance) - delta);
            let moved = Pose2::from_parts(
                Translation2::from(py.translation.vector - shift.map(t::<T>)),
                py.rotation,
            );
            if check(
                x,
                px,
                y,
                &moved,
                &format!("{what}, moved to {delta:e} of touching"),
            ) {
                near += 1;
            }
        }
    }
    assert!(apart > 800, "{apart} of 3000 ordered pairs apart");
    assert!(near > 200, "{near} moved pairs still apart");
}

fn distance_only_matches_closest_points_near_the_origin<T: TestReal>() {
    pool_agrees::<T>(0xD157_0417, 0.0);
}

fn distance_only_matches_closest_points_far_from_the_origin<T: TestReal>() {
    let far = if T::NAME == "f32" { 1e3 } else { 1e6 };
    pool_agrees::<T>(0xFA2_D157, far);
}

/// A's corner `(hx, hy)` against B's corner placed `k` ulps of the scale
/// beyond it along the diagonal, B turned by up to 45° so that its corner
/// is its lowest-left one: the corners touching to round-off that the
/// closed form hands to the iteration (its certificate fails), and the
/// distance-only form must hand over too. Near the origin and far.
fn distance_only_matches_at_corners_touching_to_round_off<T: TestReal>() {
    let mut rng = Rng::new(0xC0_2E25);
    let eps = f(T::default_epsilon());
    let mut apart = 0;
    for i in 0..3000 {
        let ha = Vector2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
        let hb = Vector2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0));
        let a = Obb::new(Point2::origin(), Rotation2::identity(), ha.map(t::<T>)).unwrap();
        let b = Obb::new(Point2::origin(), Rotation2::identity(), hb.map(t::<T>)).unwrap();
        let angle = rng.range(-0.78, 0.78);
        let k = [0.0, 0.5, 1.0, 2.0, 8.0, 32.0][rng.below(6)];
        let p = ha + Vector2::new(1.0, 1.0) * (k * eps * 4.0);
        let centre = p + Rotation2::new(angle) * hb;
        let origin = if i % 2 == 0 {
            Vector2::zeros()
        } else {
            rng.unit_vector2() * if T::NAME == "f32" { 1e3 } else { 1e6 }
        };
        let pa = Pose2::from_parts(
            Translation2::from(origin.map(t::<T>)),
            Rotation2::identity(),
        );
        let pb = Pose2::new((origin + centre).map(t::<T>), t::<T>(angle));
        let what = format!("{} corners {i}, {k} ulps", T::NAME);
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            if check(x, px, y, py, &what) {
                apart += 1;
            }
        }
    }
    assert!(apart > 1000, "{apart} of 6000 ordered pairs apart");
}

/// The distance-only path takes `beyond_range`'s test first, by its own
/// expressions: poses beyond the range (`2·N·max_magnitude` apart along an
/// axis) still get its lower bound, `separation`'s distance, to the bit;
/// poses at the end of the range, the closed form's distance; a NaN
/// translation, NaN.
fn distance_only_keeps_the_range_test<T: TestReal>() {
    let reach = f(max_magnitude::<T>()) * 4.0;
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t::<T>(1.0), t(1.0)),
    )
    .unwrap();
    let id = Pose2::<T>::identity();
    for (x, y) in [(1.5, 0.0), (0.0, -2.0), (1.0, 1.25), (-1.25, 0.5)] {
        let far = Pose2::new(Vector2::new(t::<T>(x * reach), t(y * reach)), t(0.3));
        for (pa, pb) in [(&id, &far), (&far, &id)] {
            let expected = separation(&square, pa, &square, pb).distance;
            assert!(f(expected) > 0.0, "{}: beyond the range", T::NAME);
            assert_eq!(
                bits(distance(&square, pa, &square, pb)),
                bits(expected),
                "{x}, {y}"
            );
            assert_eq!(
                bits(signed_distance(&square, pa, &square, pb)),
                bits(expected)
            );
        }
    }
    // At the end of the range: the closed form answers.
    let edge = Pose2::new(Vector2::new(t::<T>(reach), t(0.0)), t(0.0));
    let d = distance(&square, &id, &square, &edge);
    assert_eq!(
        bits(d),
        bits(closest_points(&square, &id, &square, &edge).distance)
    );
    assert_eq!(bits(d), bits(t::<T>(reach) - t(2.0)));
    let corner = Pose2::new(Vector2::new(t::<T>(reach), t(-reach)), t(0.3));
    for (pa, pb) in [(&id, &corner), (&corner, &id)] {
        let d = distance(&square, pa, &square, pb);
        assert_eq!(
            bits(d),
            bits(closest_points(&square, pa, &square, pb).distance)
        );
        assert!(
            f(d) > reach,
            "{}: the corner pair is within the range",
            T::NAME
        );
    }
    let nan = Pose2::new(Vector2::new(t::<T>(f64::NAN), t(3.0)), t(0.0));
    assert!(f(distance(&square, &id, &square, &nan)).is_nan());
    assert!(f(signed_distance(&square, &nan, &square, &id)).is_nan());
}

in_both_scalars!(
    distance_only_keeps_the_range_test,
    distance_only_matches_closest_points_near_the_origin,
    distance_only_matches_closest_points_far_from_the_origin,
    distance_only_matches_at_corners_touching_to_round_off,
);
