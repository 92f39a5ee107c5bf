//! Two translating convex polygons: `cast_shapes` finds the touch as the
//! entry of the ray `t·v` into `A − B` (`src/distance/polygons.rs`,
//! `entry`; docs/casts.md). Checked against a brute-force oracle that
//! shares nothing with it (the first time a vertex of one polygon crosses
//! an edge of the other), on hand-derived cases to the bit, and on a
//! grazing approach where stopping at the cast tolerance would report the
//! wrong feature.

use nalgebra::{Point2, Translation2, Vector2};
use separating_axis::{cast_shapes, distance, intersects, ConvexPolygon, Pose2};

use crate::support::agree::{cast_meets_crossing, Crossing};
use crate::support::oracle2d::first_crossing;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};
use crate::support::scene2d::{random_polygon, random_pose};

/// A polygon's vertices in the world frame, in f64.
fn world<T: TestReal>(p: &ConvexPolygon<T>, pose: &Pose2<T>) -> Vec<Vector2<f64>> {
    p.vertices()
        .iter()
        .map(|v| {
            let w = pose * v;
            Vector2::new(f(w.x), f(w.y))
        })
        .collect()
}

fn square<T: TestReal>() -> ConvexPolygon<T> {
    let pts = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
    ConvexPolygon::new(&pts.map(|(x, y)| Point2::new(t::<T>(x), t(y)))).unwrap()
}

fn at<T: TestReal>(x: f64, y: f64) -> Pose2<T> {
    Pose2::from_parts(
        Translation2::new(t(x), t(y)),
        nalgebra::Rotation2::identity(),
    )
}

/// 1 200 random pairs (3 to 12 vertices, offset from their origins, turned),
/// B thrown past or at A: the cast's time is the oracle's first crossing
/// (1e-9 in f64, 1e-4 in f32, times of about 1); a miss of the oracle is
/// a miss of the cast, or a touch within round-off (a graze).
fn polygon_casts_match_the_crossing_oracle<T: TestReal>() {
    let mut rng = Rng::new(0xE7_7E4);
    let (mut hits, mut misses) = (0, 0);
    let time_tol = if T::NAME == "f64" { 1e-9 } else { 1e-4 };
    for i in 0..1200 {
        let (a, b) = (
            random_polygon::<T>(&mut rng, 1.0),
            random_polygon::<T>(&mut rng, 1.0),
        );
        let pa = random_pose::<T>(&mut rng, 1.0);
        let mut pb = random_pose::<T>(&mut rng, 1.0);
        let from = rng.unit_vector2() * rng.range(3.0, 8.0);
        pb.translation.vector += Vector2::new(t(from.x), t(from.y));
        if intersects(&a, &pa, &b, &pb) {
            continue;
        }
        let aim = rng.unit_vector2() * rng.range(0.0, 3.0);
        let vel = (aim - from) * rng.range(0.2, 1.0);
        let vb = Vector2::new(t::<T>(vel.x), t(vel.y));
        let va = Vector2::new(t::<T>(0.0), t(0.0));
        let max_toi = 3.0;
        let hit = cast_shapes(&a, &pa, &va, &b, &pb, &vb, t(max_toi));
        let v = Vector2::new(f(vb.x), f(vb.y));
        let (wa, wb) = (world(&a, &pa), world(&b, &pb));
        let oracle = match (first_crossing(&wb, &wa, v), first_crossing(&wa, &wb, -v)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        let what = format!("{} cast {i}", T::NAME);
        let distance_at = |toi: T| {
            let mut pb_hit = pb;
            pb_hit.translation.vector += vb * toi;
            f(distance(&a, &pa, &b, &pb_hit))
        };
        match cast_meets_crossing(hit, oracle, max_toi, time_tol, distance_at, &what) {
            Crossing::Hit => hits += 1,
            Crossing::Miss => misses += 1,
            Crossing::Edge => {}
        }
    }
    assert!(hits > 300 && misses > 100, "{hits} hits, {misses} misses");
}

/// Squares face to face, corner to corner, and a diamond's corner onto a
/// face: the touch time, the normal and the points to the bit.
fn polygon_casts_by_hand<T: TestReal>() {
    let sq = square::<T>();
    let still = Vector2::new(t::<T>(0.0), t(0.0));
    let home = at::<T>(0.0, 0.0);
    // Face to face: B's left face x = 4 reaches A's x = 1 at t = 3.
    let left = Vector2::new(t::<T>(-1.0), t(0.0));
    let h = cast_shapes(&sq, &home, &still, &sq, &at(5.0, 0.5), &left, t(10.0)).unwrap();
    assert_eq!(f(h.toi).to_bits(), 3.0_f64.to_bits());
    assert_eq!((f(h.normal.x), f(h.normal.y)), (1.0, 0.0));
    assert_eq!(f(h.point_a.x).to_bits(), 1.0_f64.to_bits());
    assert_eq!(f(h.point_b.x).to_bits(), 1.0_f64.to_bits());
    // Corner to corner along the diagonal: (4, 4) meets (1, 1) at t = 3.
    let diag = Vector2::new(t::<T>(-1.0), t(-1.0));
    let h = cast_shapes(&sq, &home, &still, &sq, &at(5.0, 5.0), &diag, t(10.0)).unwrap();
    assert_eq!(f(h.toi).to_bits(), 3.0_f64.to_bits());
    for p in [h.point_a, h.point_b] {
        assert_eq!((f(p.x), f(p.y)), (1.0, 1.0));
    }
    // A diamond's corner (−1, 0) onto A's face x = 1, from x = 5: t = 3.
    let pts = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)];
    let diamond = ConvexPolygon::new(&pts.map(|(x, y)| Point2::new(t::<T>(x), t(y)))).unwrap();
    let h = cast_shapes(&sq, &home, &still, &diamond, &at(5.0, 0.25), &left, t(10.0)).unwrap();
    assert_eq!(f(h.toi).to_bits(), 3.0_f64.to_bits());
    assert_eq!((f(h.normal.x), f(h.normal.y)), (1.0, 0.0));
    assert_eq!((f(h.point_b.x), f(h.point_b.y)), (1.0, 0.25));
}

/// A triangle's apex skims A's corner (1, 1) at a height of `h/8`, below
/// the cast tolerance, then meets A's top face at t = 4 (`h` a power of
/// two: every coordinate exact). Stopping at the first time the distance
/// falls within the tolerance would report the corner at t ≈ 3.5; the
/// entry into `A − B` reports the first touch, t = 4, at (0.5, 1).
fn grazing_polygon_cast_meets_the_face_not_the_corner<T: TestReal>() {
    let h = if T::NAME == "f64" {
        2.0_f64.powi(-43)
    } else {
        2.0_f64.powi(-14)
    };
    let sq = square::<T>();
    let pts = [(0.0, 0.0), (1.0, 1.0), (-1.0, 1.0)];
    let apex_down = ConvexPolygon::new(&pts.map(|(x, y)| Point2::new(t::<T>(x), t(y)))).unwrap();
    let still = Vector2::new(t::<T>(0.0), t(0.0));
    let v = Vector2::new(t::<T>(-1.0), t(-h / 4.0));
    let pb = at::<T>(4.5, 1.0 + h);
    let hit = cast_shapes(&sq, &at(0.0, 0.0), &still, &apex_down, &pb, &v, t(10.0)).unwrap();
    assert_eq!(f(hit.toi).to_bits(), 4.0_f64.to_bits());
    assert_eq!((f(hit.normal.x), f(hit.normal.y)), (0.0, 1.0));
    assert_eq!((f(hit.point_b.x), f(hit.point_b.y)), (0.5, 1.0));
    // The tolerance is above the skim: the corner was within it.
    let mut over = pb;
    over.translation.vector += v * t::<T>(3.5);
    assert!(f(distance(&sq, &at(0.0, 0.0), &apex_down, &over)) <= h / 8.0 * 1.001);
}

in_both_scalars!(
    polygon_casts_match_the_crossing_oracle,
    polygon_casts_by_hand,
    grazing_polygon_cast_meets_the_face_not_the_corner,
);
