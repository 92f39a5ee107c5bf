//! The polygon–circle path (`pair::polygon_ball`) against the generic
//! engine: seeded pairs in both argument orders, near and far from the
//! origin, f32 and f64 (the checks of `tests/polygon_box.rs`); a
//! hand-derived case; NaN.

use crate::polygon_box::{check_pair, polygon, vt2};
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, vf, TestReal};
use nalgebra::{Point2, Vector2};
use separating_axis::{
    intersects, pair::polygon_ball, penetration, separation, Ball, ConvexPolygon, Feature, Pose2,
    Shape,
};

/// Seeded pairs, about half overlapping (a fifth with the centre inside
/// the polygon), at offsets from the origin up to `far`, both orders, and
/// through `&dyn Shape`.
fn pairs<T: TestReal>(seed: u64, far: f64) {
    let mut rng = Rng::new(seed);
    let (mut hits, mut rounds) = (0, 0);
    let count = 3000;
    for _ in 0..count {
        let poly = polygon::<T>(&mut rng);
        let r = t(0.05 * 40f64.powf(rng.unit_interval()));
        let centre = Point2::new(t(rng.range(-0.5, 0.5)), t(rng.range(-0.5, 0.5)));
        let ball = Ball::new(centre, r).unwrap();
        let at = Vector2::new(rng.range(-far, far), rng.range(-far, far));
        let pp = Pose2::new(vt2::<T>(&at), t(rng.range(0.0, 6.3)));
        let dir = rng.range(0.0, 6.3);
        let reach = rng.range(0.0, 3.0);
        let pb = Pose2::new(
            vt2::<T>(&(at + Vector2::new(reach * dir.cos(), reach * dir.sin()))),
            t(rng.range(0.0, 6.3)),
        );
        let tol = T::AGREE * 1.0_f64.max(far) * 4.0;
        let fast = polygon_ball::separation(&poly, &pp, &ball, &pb);
        let hit = check_pair(&poly, &pp, &ball, &pb, Some(fast), tol);
        let swapped = polygon_ball::ball_polygon_separation(&ball, &pb, &poly, &pp);
        assert_eq!(check_pair(&ball, &pb, &poly, &pp, Some(swapped), tol), hit);
        assert_eq!(polygon_ball::intersects(&poly, &pp, &ball, &pb), hit);
        let (dp, db): (&dyn Shape<T, 2>, &dyn Shape<T, 2>) = (&poly, &ball);
        assert_eq!(separation(db, &pb, dp, &pp), swapped);
        assert_eq!(intersects(dp, &pp, db, &pb), hit);
        hits += usize::from(hit);
        rounds += usize::from(matches!(fast.feature, Feature::RoundB));
    }
    assert!(
        (count / 4..=3 * count / 4).contains(&hits),
        "{hits} of {count} overlap"
    );
    assert!(
        rounds > count / 20,
        "only {rounds} vertex (round-axis) answers"
    );
}

fn path_matches_engine<T: TestReal>() {
    pairs::<T>(51, 1.0);
}

fn path_matches_engine_far_from_the_origin<T: TestReal>() {
    pairs::<T>(52, if T::NAME == "f32" { 1e3 } else { 1e6 });
}

/// The unit square and circles of radius ½: at (1.75, ½) beside edge 1,
/// ¼ apart along +x (`FaceA(1)`); at (1.6, 1.8), off the corner (1, 1) by
/// (0.6, 0.8), 1 − ½ apart along (0.6, 0.8) (`RoundB`, or `RoundA` with
/// the axis reversed when the circle comes first); at (1.3, 1.4) the
/// corner is ½ away: touching; at (½, ½), the centre inside, depth
/// ½ + ½ = 1 along the first edge's normal −y (`FaceA(0)`, all four tie).
fn hand_derived_cases<T: TestReal>() {
    let square = ConvexPolygon::new(&[
        Point2::new(t(0.0), t(0.0)),
        Point2::new(t(1.0), t(0.0)),
        Point2::new(t(1.0), t(1.0)),
        Point2::new(t(0.0), t(1.0)),
    ])
    .unwrap();
    let c = Ball::new(Point2::origin(), t(0.5)).unwrap();
    let id = Pose2::<T>::identity();
    let eps = 8.0 * f(T::default_epsilon());
    let s = polygon_ball::separation(&square, &id, &c, &Pose2::translation(t(1.75), t(0.5)));
    assert_eq!((f(s.distance), s.feature), (0.25, Feature::FaceA(1)));
    let corner = Pose2::translation(t(1.6), t(1.8));
    let s = polygon_ball::separation(&square, &id, &c, &corner);
    assert_eq!(s.feature, Feature::RoundB);
    assert!((f(s.distance) - 0.5).abs() <= eps, "{s:?}");
    assert!(
        (vf(&s.axis) - Vector2::new(0.6, 0.8)).norm() <= eps,
        "{s:?}"
    );
    let s = polygon_ball::ball_polygon_separation(&c, &corner, &square, &id);
    assert_eq!(s.feature, Feature::RoundA);
    assert!(
        (vf(&s.axis) + Vector2::new(0.6, 0.8)).norm() <= eps,
        "{s:?}"
    );
    let touching = Pose2::translation(t(1.3), t(1.4));
    let s = polygon_ball::separation(&square, &id, &c, &touching);
    assert!(f(s.distance).abs() <= eps, "{s:?}");
    let inside = Pose2::translation(t(0.5), t(0.5));
    let s = polygon_ball::separation(&square, &id, &c, &inside);
    assert_eq!((f(s.distance), s.feature), (-1.0, Feature::FaceA(0)));
    assert!(polygon_ball::intersects(&square, &id, &c, &inside));
    let p = penetration(&c, &inside, &square, &id).unwrap();
    assert_eq!(f(p.depth).to_bits(), 1.0_f64.to_bits());
    assert!(!polygon_ball::intersects(
        &square,
        &id,
        &c,
        &Pose2::translation(t(1.4), t(1.5))
    ));
}

/// A NaN pose gives `false`, a NaN distance and no penetration, in both
/// orders.
fn nan_poses_answer_apart<T: TestReal>() {
    let tri = ConvexPolygon::new(&[
        Point2::new(t(0.0), t(0.0)),
        Point2::new(t(4.0), t(0.0)),
        Point2::new(t(0.0), t(4.0)),
    ])
    .unwrap();
    let c = Ball::new(Point2::origin(), t(0.5)).unwrap();
    let id = Pose2::<T>::identity();
    let nan = T::from_f64(f64::NAN).unwrap();
    for bad in [
        Pose2::translation(nan, t(1.0)),
        Pose2::new(Vector2::zeros(), nan),
    ] {
        assert!(!intersects(&tri, &id, &c, &bad));
        assert!(!intersects(&c, &bad, &tri, &id));
        assert!(f(separation(&tri, &id, &c, &bad).distance).is_nan());
        assert!(f(separation(&c, &bad, &tri, &id).distance).is_nan());
        assert!(penetration(&tri, &id, &c, &bad).is_none());
        assert!(penetration(&c, &bad, &tri, &id).is_none());
    }
}

in_both_scalars!(
    path_matches_engine,
    path_matches_engine_far_from_the_origin,
    hand_derived_cases,
    nan_poses_answer_apart,
);
