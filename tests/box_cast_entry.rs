//! Two translating 2D boxes: `cast_shapes` finds the touch as the latest
//! entry over the four face axes (`src/distance/boxes/entry.rs`;
//! docs/casts.md, "Two 2D boxes"). Checked against the brute-force oracle
//! of first vertex–edge crossings, against the same boxes cast as
//! polygons (the entry by a walk along `A − B`, another algorithm), by
//! hand to the bit, and on a grazing approach where stopping at the cast
//! tolerance would report the wrong feature.

use nalgebra::{Matrix2, Point2, Rotation2, Translation2, Vector2};
use separating_axis::{
    cast_shapes, closest_points, distance, intersects, ConvexPolygon, Obb, Pose2,
};

use crate::support::agree::{cast_meets_crossing, Crossing};
use crate::support::oracle2d::first_crossing;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};
use crate::support::scene2d::{random_obb, random_pose};

/// A box's corners in its own frame, counter-clockwise.
fn corners<T: TestReal>(b: &Obb<T, 2>) -> [Point2<T>; 4] {
    let (c, h) = (b.center(), b.half_extents());
    let turn = b.rotation();
    [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
        .map(|(x, y)| c + turn * Vector2::new(h.x * t::<T>(x), h.y * t(y)))
}

/// The same box as a polygon.
fn as_polygon<T: TestReal>(b: &Obb<T, 2>) -> ConvexPolygon<T> {
    ConvexPolygon::new(&corners(b)).expect("a box is a convex polygon")
}

/// A box's corners in the world frame, in f64.
fn world<T: TestReal>(b: &Obb<T, 2>, pose: &Pose2<T>) -> Vec<Vector2<f64>> {
    corners(b)
        .iter()
        .map(|p| {
            let w = pose * p;
            Vector2::new(f(w.x), f(w.y))
        })
        .collect()
}

fn unit_square<T: TestReal>() -> Obb<T, 2> {
    let one = Vector2::new(t::<T>(1.0), t(1.0));
    Obb::new(Point2::origin(), Rotation2::identity(), one).unwrap()
}

fn at<T: TestReal>(x: f64, y: f64) -> Pose2<T> {
    Pose2::from_parts(Translation2::new(t(x), t(y)), Rotation2::identity())
}

/// 1 200 random pairs (offset from their origins, turned, either one
/// moving), B thrown past or at A: the cast's time is the oracle's first
/// crossing (1e-9 in f64, 1e-4 in f32, times of about 1) and the polygon
/// walk's time for the same boxes (1e-12 in f64, 1e-5 in f32); the
/// points meet; a miss of the oracle is a miss of the cast, or a touch
/// within round-off (a graze).
fn box_casts_match_the_crossing_oracle<T: TestReal>() {
    let mut rng = Rng::new(0x00B0_C5E7);
    let (mut hits, mut misses) = (0, 0);
    let time_tol = if T::NAME == "f64" { 1e-9 } else { 1e-4 };
    let walk_tol = if T::NAME == "f64" { 1e-12 } else { 1e-5 };
    for i in 0..1200 {
        let (a, b) = (
            random_obb::<T>(&mut rng, 1.0),
            random_obb::<T>(&mut rng, 1.0),
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
        // Half the pairs move A instead of B: the same relative motion.
        let (va, vb) = if i % 2 == 0 {
            (Vector2::zeros(), Vector2::new(t::<T>(vel.x), t(vel.y)))
        } else {
            (Vector2::new(t::<T>(-vel.x), t(-vel.y)), Vector2::zeros())
        };
        let max_toi = 3.0;
        let hit = cast_shapes(&a, &pa, &va, &b, &pb, &vb, t(max_toi));
        let walked = cast_shapes(
            &as_polygon(&a),
            &pa,
            &va,
            &as_polygon(&b),
            &pb,
            &vb,
            t(max_toi),
        );
        let v = Vector2::new(f(vb.x - va.x), f(vb.y - va.y));
        let (wa, wb) = (world(&a, &pa), world(&b, &pb));
        let oracle = match (first_crossing(&wb, &wa, v), first_crossing(&wa, &wb, -v)) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, y) => x.or(y),
        };
        let what = format!("{} box cast {i}", T::NAME);
        if let (Some(h), Some(w)) = (hit, walked) {
            assert!(
                (f(h.toi) - f(w.toi)).abs() <= walk_tol,
                "{what}: {} vs the walk's {}",
                f(h.toi),
                f(w.toi)
            );
        }
        let distance_at = |toi: T| {
            let (mut pa_hit, mut pb_hit) = (pa, pb);
            pa_hit.translation.vector += va * toi;
            pb_hit.translation.vector += vb * toi;
            f(distance(&a, &pa_hit, &b, &pb_hit))
        };
        match cast_meets_crossing(hit, oracle, max_toi, time_tol, distance_at, &what) {
            Crossing::Hit => {
                // The normal points from A to B: B's motion closes on it.
                let h = hit.expect("a hit");
                let closing = f(h.normal.x) * v.x + f(h.normal.y) * v.y;
                assert!(closing < 0.0, "{what}: normal opens ({closing})");
                hits += 1;
            }
            Crossing::Miss => misses += 1,
            Crossing::Edge => {}
        }
    }
    assert!(hits > 300 && misses > 100, "{hits} hits, {misses} misses");
}

/// Squares face to face and a diamond's corner onto a face: the time,
/// the normal and the points (to the bit where every number is exact).
fn box_casts_by_hand<T: TestReal>() {
    let sq = unit_square::<T>();
    let still = Vector2::new(t::<T>(0.0), t(0.0));
    let home = at::<T>(0.0, 0.0);
    // B's left face x = 4 reaches A's x = 1 at t = 3; B's corner least
    // along the normal, (1, −0.5), is the point on both.
    let left = Vector2::new(t::<T>(-1.0), t(0.0));
    let h = cast_shapes(&sq, &home, &still, &sq, &at(5.0, 0.5), &left, t(10.0)).unwrap();
    assert_eq!(f(h.toi).to_bits(), 3.0_f64.to_bits());
    assert_eq!((f(h.normal.x), f(h.normal.y)), (1.0, 0.0));
    for p in [h.point_a, h.point_b] {
        assert_eq!((f(p.x), f(p.y)), (1.0, -0.5));
    }
    // The same from A's side: A moves right instead.
    let right = Vector2::new(t::<T>(1.0), t(0.0));
    let h = cast_shapes(&sq, &home, &right, &sq, &at(5.0, 0.5), &still, t(10.0)).unwrap();
    assert_eq!(f(h.toi).to_bits(), 3.0_f64.to_bits());
    assert_eq!((f(h.normal.x), f(h.normal.y)), (1.0, 0.0));
    assert_eq!((f(h.point_a.x), f(h.point_a.y)), (4.0, -0.5));
    // A diamond (B turned by 45°) falls onto A's top face: its lowest
    // corner, √2 below its centre, starts 3 above the face.
    let diamond = Obb::new(
        Point2::origin(),
        Rotation2::new(t::<T>(core::f64::consts::FRAC_PI_4)),
        Vector2::new(t::<T>(1.0), t(1.0)),
    )
    .unwrap();
    let down = Vector2::new(t::<T>(0.0), t(-1.0));
    let start = at::<T>(0.25, 1.0 + 2.0_f64.sqrt() + 3.0);
    let h = cast_shapes(&sq, &home, &still, &diamond, &start, &down, t(10.0)).unwrap();
    let round = if T::NAME == "f64" { 1e-14 } else { 1e-5 };
    assert!((f(h.toi) - 3.0).abs() <= round, "{}", f(h.toi));
    assert!((f(h.normal.y) - 1.0).abs() <= round && f(h.normal.x).abs() <= round);
    for p in [h.point_a, h.point_b] {
        assert!((f(p.x) - 0.25).abs() <= round && (f(p.y) - 1.0).abs() <= round);
    }
}

/// B's bottom-left corner skims A's corner (1, 1) at a height of `h/8`,
/// below the cast tolerance, at t = 3.5, and B's bottom face meets A's top
/// face at t = 4 (`h` a power of two: every coordinate exact). Stopping at
/// the first time the distance falls within the tolerance would report
/// the corner at t ≈ 3.5; the entry reports the first touch, t = 4, at
/// B's corner (0.5, 1).
fn grazing_box_cast_meets_the_face_not_the_corner<T: TestReal>() {
    let h = if T::NAME == "f64" {
        2.0_f64.powi(-43)
    } else {
        2.0_f64.powi(-14)
    };
    let sq = unit_square::<T>();
    let still = Vector2::new(t::<T>(0.0), t(0.0));
    let v = Vector2::new(t::<T>(-1.0), t(-h / 4.0));
    let pb = at::<T>(5.5, 2.0 + h);
    let hit = cast_shapes(&sq, &at(0.0, 0.0), &still, &sq, &pb, &v, t(10.0)).unwrap();
    assert_eq!(f(hit.toi).to_bits(), 4.0_f64.to_bits());
    assert_eq!((f(hit.normal.x), f(hit.normal.y)), (0.0, 1.0));
    assert_eq!((f(hit.point_b.x), f(hit.point_b.y)), (0.5, 1.0));
    assert_eq!((f(hit.point_a.x), f(hit.point_a.y)), (0.5, 1.0));
    // The tolerance is above the skim: the corner was within it.
    let mut over = pb;
    over.translation.vector += v * t::<T>(3.5);
    assert!(f(distance(&sq, &at(0.0, 0.0), &sq, &over)) <= h / 8.0 * 1.001);
}

/// A pose at `at` turned by a rational angle, or not turned one time in
/// three (parallel edges).
fn rational_pose<T: TestReal>(rng: &mut Rng, at: Vector2<f64>) -> Pose2<T> {
    let (co, si) = if rng.below(3) == 0 {
        (1.0, 0.0)
    } else {
        rng.rational_cos_sin()
    };
    let r = Rotation2::from_matrix_unchecked(Matrix2::new(t(co), t(-si), t(si), t(co)));
    Pose2::from_parts(Translation2::new(t(at.x), t(at.y)), r)
}

/// The cast decides overlap at time 0 by the box SAT's own inequalities
/// on its own relative frame: it answers with the time-0 hit (the one that
/// carries SAT's feature) exactly when `intersects` is true. Random pairs
/// near the origin and at 1e4, each slid to `δ` of touching for `δ` from
/// −512 to 512 ulps of the scale (overlapping to apart), B moving towards
/// A or away, both orders.
fn box_cast_verdicts_at_time_0_are_intersects<T: TestReal>() {
    let mut rng = Rng::new(0x7E57_0C0A);
    let eps = f(T::default_epsilon());
    let (mut overlapping, mut apart) = (0, 0);
    for i in 0..1200 {
        let origin = if i % 2 == 0 { 0.0 } else { 1e4 };
        let (a, b) = (
            random_obb::<T>(&mut rng, 1.0),
            random_obb::<T>(&mut rng, 1.0),
        );
        let at = rng.unit_vector2() * origin;
        let pa = rational_pose::<T>(&mut rng, at);
        let off = rng.unit_vector2() * rng.range(3.0, 6.0);
        let pb = rational_pose::<T>(&mut rng, at + off);
        // Slide B along the closest points' axis to δ of touching.
        let c = closest_points(&a, &pa, &b, &pb);
        let k = [-512.0, -64.0, -4.0, -1.0, 0.0, 1.0, 4.0, 64.0, 512.0][rng.below(9)];
        let delta = eps * (10.0 + origin) * k;
        let shift = c.axis.into_inner().map(f) * (f(c.distance) - delta);
        let pb = Pose2::from_parts(
            Translation2::from(pb.translation.vector - shift.map(t::<T>)),
            pb.rotation,
        );
        let towards = -c.axis.into_inner().map(f) * rng.range(-1.0, 1.0);
        let vel = Vector2::new(t::<T>(towards.x), t(towards.y));
        let still = Vector2::zeros();
        for (x, px, vx, y, py, vy) in [
            (&a, &pa, &still, &b, &pb, &vel),
            (&b, &pb, &vel, &a, &pa, &still),
        ] {
            let overlap = intersects(x, px, y, py);
            let hit = cast_shapes(x, px, vx, y, py, vy, t(5.0));
            let at_start = hit.is_some_and(|h| h.feature.is_some());
            assert_eq!(
                at_start,
                overlap,
                "{} pair {i} at {origin}, {k} ulps: {hit:?}",
                T::NAME
            );
            if overlap {
                overlapping += 1;
            } else {
                apart += 1;
            }
        }
    }
    assert!(overlapping > 600 && apart > 600, "{overlapping} {apart}");
}

in_both_scalars!(
    box_cast_verdicts_at_time_0_are_intersects,
    box_casts_match_the_crossing_oracle,
    box_casts_by_hand,
    grazing_box_cast_meets_the_face_not_the_corner,
);
