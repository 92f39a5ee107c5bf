//! Two convex polygons apart take a closed form (`src/distance/polygons.rs`:
//! the polygon SAT's best edge, the other polygon's supporting vertex and
//! the segment distances between that edge and the two edges through the
//! vertex): it must give the min-norm iteration's answer on the same
//! polygons hidden from it ([`Hidden`]), and the brute-force oracle's.
//! Random polygons near and far from the origin, octagons turned by
//! quarter turns (parallel edges, closest points not unique), both orders,
//! f32 and f64; hand-derived cases; casts.

use nalgebra::{Matrix2, Point2, Rotation2, Translation2, Vector2};
use separating_axis::{
    cast_shapes, closest_points, distance, intersects, ConvexPolygon, Pose2, Shape,
};

use crate::support::agree::{casts_agree, closest_points_agree};
use crate::support::hidden::Hidden;
use crate::support::oracle_round;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};
use crate::support::scene2d::random_polygon;

/// An octagon symmetric under quarter turns (its coordinates swap and
/// change sign exactly), of circumradius about `size`.
fn octagon<T: TestReal>(size: f64) -> ConvexPolygon<T> {
    let a = 0.414_213_562_373_095_1 * size;
    let s = size;
    let points = [
        (s, -a),
        (s, a),
        (a, s),
        (-a, s),
        (-s, a),
        (-s, -a),
        (-a, -s),
        (a, -s),
    ]
    .map(|(x, y)| Point2::new(t::<T>(x), t(y)));
    ConvexPolygon::new(&points).unwrap()
}

/// A random polygon, or one time in three the octagon.
fn some_polygon<T: TestReal>(rng: &mut Rng, size: f64) -> ConvexPolygon<T> {
    if rng.below(3) == 0 {
        octagon(size)
    } else {
        random_polygon(rng, size)
    }
}

/// A pose at `at` turned by a rational angle, or by a quarter turn or not
/// at all (parallel edges between octagons) one time in two.
fn random_pose<T: TestReal>(rng: &mut Rng, at: Vector2<f64>) -> Pose2<T> {
    let (co, si) = match rng.below(4) {
        0 => (1.0, 0.0),
        1 => (0.0, 1.0),
        _ => rng.rational_cos_sin(),
    };
    let r = Rotation2::from_matrix_unchecked(Matrix2::new(t(co), t(-si), t(si), t(co)));
    Pose2::from_parts(Translation2::new(t(at.x), t(at.y)), r)
}

/// The polygon's vertices in the world, in f64.
fn world_vertices<T: TestReal>(p: &ConvexPolygon<T>, pose: &Pose2<T>) -> Vec<Point2<f64>> {
    let r = pose.rotation.matrix().map(f);
    let at = pose.translation.vector.map(f);
    p.vertices()
        .iter()
        .map(|v| Point2::from(r * v.coords.map(f) + at))
        .collect()
}

fn bits<T: TestReal>(x: T) -> u64 {
    f(x).to_bits()
}

/// 64 epsilons of the scale (the distance tests' tolerance).
fn tol<T: TestReal>(scale: f64) -> f64 {
    64.0 * f(T::default_epsilon()) * scale.max(1.0)
}

/// Random pairs against the iteration and the oracle, at `origin`.
fn pairs_agree<T: TestReal>(seed: u64, origin: f64) {
    let mut rng = Rng::new(seed);
    let mut apart = 0;
    for i in 0..1500 {
        let size = rng.skewed_range(0.2, 4.0);
        let (a, b) = (
            some_polygon::<T>(&mut rng, size),
            some_polygon::<T>(&mut rng, 1.0),
        );
        let at = rng.unit_vector2() * origin;
        let pa = random_pose::<T>(&mut rng, at);
        let off = rng.unit_vector2() * rng.range(0.0, 3.0 * size + 3.0);
        let pb = random_pose::<T>(&mut rng, at + off);
        let scale = 3.0 * size + 8.0;
        let what = format!("{} pair {i} at {origin}", T::NAME);
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let closed = closest_points(x, px, y, py);
            if intersects(x, px, y, py) {
                assert_eq!(bits(closed.distance), 0.0_f64.to_bits(), "{what}");
                continue;
            }
            apart += 1;
            let iterated = closest_points(&Hidden(x.clone()), px, &Hidden(y.clone()), py);
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
                    &world_vertices(x, px),
                    0.0,
                    &world_vertices(y, py),
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

fn polygon_closed_form_matches_the_iteration_and_the_oracle<T: TestReal>() {
    pairs_agree::<T>(0x8_6051, 0.0);
}

/// Far from the origin the relative pose is built from the difference of
/// the poses, so the distance keeps its precision (1e3 in f32, 1e6 in f64).
fn polygon_closed_form_far_from_the_origin<T: TestReal>() {
    let far = if T::NAME == "f32" { 1e3 } else { 1e6 };
    pairs_agree::<T>(0xFA2_8605, far);
}

/// Squares as polygons: parallel faces offset sideways (distance 1, axis x
/// to the bit), corner to corner (√2, the corners), a vertex of a triangle
/// over a face (the foot inside: the face's normal).
fn hand_derived_polygon_distances<T: TestReal>() {
    let corners = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)];
    let square = ConvexPolygon::new(&corners.map(|(x, y)| Point2::new(t::<T>(x), t(y)))).unwrap();
    let id = Pose2::<T>::identity();
    let side = Pose2::new(Vector2::new(t(3.0), t(0.5)), t(0.0));
    for (px, py, sign) in [(&id, &side, 1.0_f64), (&side, &id, -1.0)] {
        let c = closest_points(&square, px, &square, py);
        assert_eq!(bits(c.distance), 1.0_f64.to_bits());
        assert_eq!(bits(c.axis.x), sign.to_bits());
        assert_eq!(bits(c.axis.y.abs()), 0.0_f64.to_bits());
    }
    let corner = Pose2::new(Vector2::new(t(3.0), t(3.0)), t(0.0));
    let c = closest_points(&square, &id, &square, &corner);
    assert_eq!(bits(c.distance), bits(t::<T>(2.0).sqrt()));
    assert_eq!(
        (bits(c.point_a.x), bits(c.point_a.y)),
        (2.0_f64.to_bits(), 2.0_f64.to_bits())
    );
    assert_eq!(
        (bits(c.point_b.x), bits(c.point_b.y)),
        (3.0_f64.to_bits(), 3.0_f64.to_bits())
    );
    // A triangle's apex 0.5 above the square's top face, inside its span.
    let tri = [(0.0, 0.0), (1.0, 2.0), (-1.0, 2.0)];
    let tri = ConvexPolygon::new(&tri.map(|(x, y)| Point2::new(t::<T>(x), t(y)))).unwrap();
    let above = Pose2::new(Vector2::new(t(0.75), t(2.5)), t(0.0));
    let c = closest_points(&square, &id, &tri, &above);
    assert_eq!(bits(c.distance), 0.5_f64.to_bits());
    assert_eq!(
        (bits(c.axis.x.abs()), bits(c.axis.y)),
        (0.0_f64.to_bits(), 1.0_f64.to_bits())
    );
    assert_eq!(
        (bits(c.point_a.x), bits(c.point_a.y)),
        (0.75_f64.to_bits(), 2.0_f64.to_bits())
    );
    let c = closest_points(&tri, &above, &square, &id);
    assert_eq!(bits(c.distance), 0.5_f64.to_bits());
    assert_eq!(bits(c.axis.y), (-1.0_f64).to_bits());
    assert!(f(distance(&square, &id, &tri, &above)) > 0.0);
}

/// Casts of two polygons (the closed form at each Newton step) against
/// the same casts on hidden polygons (the min-norm iteration).
fn polygon_casts_match_the_iteration<T: TestReal>() {
    let mut rng = Rng::new(0xCA57_8605);
    let (mut hits, mut misses) = (0, 0);
    for i in 0..600 {
        let (a, b) = (
            some_polygon::<T>(&mut rng, 1.0),
            some_polygon::<T>(&mut rng, 1.0),
        );
        let from = rng.unit_vector2() * rng.range(4.0, 9.0);
        let aim = rng.unit_vector2() * rng.range(0.0, 3.5);
        let va = ((aim - from) * rng.range(0.3, 1.0)).map(t::<T>);
        let pa = random_pose::<T>(&mut rng, from);
        let pb = random_pose::<T>(&mut rng, Vector2::zeros());
        let still = Vector2::zeros();
        let what = format!("{} cast {i}", T::NAME);
        let closed = cast_shapes(&a, &pa, &va, &b, &pb, &still, t(2.0));
        let iterated = cast_shapes(
            &Hidden(a.clone()),
            &pa,
            &va,
            &Hidden(b.clone()),
            &pb,
            &still,
            t(2.0),
        );
        if casts_agree(closed, iterated, tol::<T>(20.0) * 1e3, &what) {
            hits += 1;
        } else {
            misses += 1;
        }
    }
    assert!(hits > 150 && misses > 100, "{hits} hits, {misses} misses");
}

/// The polygon's own `local_core_farthest_point` (a slice scan; the casts'
/// tolerance scale reads it) picks the vertex the trait's default scan
/// picks: the first of the farthest, exactly.
fn polygon_farthest_point_is_the_first_farthest_vertex<T: TestReal>() {
    let mut rng = Rng::new(0xFA2_7E57);
    for _ in 0..500 {
        let size = rng.range(0.1, 5.0);
        let p = some_polygon::<T>(&mut rng, size);
        let q = rng.unit_vector2() * rng.range(0.0, 6.0);
        let q = Point2::new(t::<T>(q.x), t(q.y));
        let mut best = (0, T::zero());
        for (k, v) in p.vertices().iter().enumerate() {
            let d = (v - q).norm_squared();
            if k == 0 || d > best.1 {
                best = (k, d);
            }
        }
        let far = p.local_core_farthest_point(&q).unwrap();
        let expected = p.vertices()[best.0];
        assert_eq!(
            (bits(far.x), bits(far.y)),
            (bits(expected.x), bits(expected.y))
        );
    }
    // Ties: the octagon's eight vertices are equally far from its centre
    // (x² + y² with the coordinates swapped and negated, exactly).
    let oct = octagon::<T>(1.0);
    let centre = Point2::new(t::<T>(0.0), t(0.0));
    let far = oct.local_core_farthest_point(&centre).unwrap();
    assert_eq!(
        (bits(far.x), bits(far.y)),
        (bits(oct.vertices()[0].x), bits(oct.vertices()[0].y))
    );
}

in_both_scalars!(
    polygon_farthest_point_is_the_first_farthest_vertex,
    polygon_closed_form_matches_the_iteration_and_the_oracle,
    polygon_closed_form_far_from_the_origin,
    hand_derived_polygon_distances,
    polygon_casts_match_the_iteration,
);
