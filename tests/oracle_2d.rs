//! Tests of the test oracle itself (`tests/support/oracle2d.rs`):
//! the properties trust it, so it is checked here on hand-made cases with
//! known answers, against a brute-force search, and its two independent
//! answers (edge crossings, Minkowski hull) against each other. Also the
//! other helpers the tests rely on: the RNG, `cos_sin`, the conversion of
//! the library's shapes to world vertex lists.

use crate::support::oracle2d::{self as oracle, World, V};
use crate::support::rng::Rng;
use crate::support::scalars::TestReal;
use crate::support::scene2d::{cos_sin, AnyShape, PairKind, Scene};
use nalgebra::{Matrix2, Point2, Rotation2, Translation2, Vector2};
use separating_axis::{Aabb, Ball, ConvexPolygon, Obb, Pose2};

/// An axis-aligned rectangle `[x0, x1] × [y0, y1]`.
fn rect(x0: f64, y0: f64, x1: f64, y1: f64) -> World {
    World::polygon_xy(&[(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
}

fn vertices(w: &World) -> &[V] {
    match w {
        World::Polygon(vs) => vs,
        World::Circle { .. } => panic!("not a polygon"),
    }
}

/// Asserts `|a - b| <= tol`.
#[track_caller]
fn assert_close(a: f64, b: f64, tol: f64) {
    assert!((a - b).abs() <= tol, "{a} != {b} (tolerance {tol})");
}

/// Checks both oracle answers and their symmetry under swapping.
#[track_caller]
fn assert_pair(a: &World, b: &World, overlap: bool, signed_distance: f64) {
    assert_eq!(oracle::overlaps(a, b), overlap, "overlaps(a, b)");
    assert_eq!(oracle::overlaps(b, a), overlap, "overlaps(b, a)");
    assert_close(oracle::signed_distance(a, b), signed_distance, 1e-12);
    assert_close(oracle::signed_distance(b, a), signed_distance, 1e-12);
}

#[test]
fn crossing_rectangles_overlap_through_edges_alone() {
    // A plus sign: no vertex of either lies in the other, only edges cross.
    let wide = rect(-3.0, -1.0, 3.0, 1.0);
    let tall = rect(-1.0, -3.0, 1.0, 3.0);
    for v in vertices(&wide) {
        assert!(!oracle::point_in_convex(vertices(&tall), v));
    }
    for v in vertices(&tall) {
        assert!(!oracle::point_in_convex(vertices(&wide), v));
    }
    // Moving either out takes 4 along x or along y.
    assert_pair(&wide, &tall, true, -4.0);
    assert!(!oracle::contains(&wide, &tall) && !oracle::contains(&tall, &wide));
}

#[test]
fn nested_squares_overlap_through_containment() {
    let outer = rect(-3.0, -3.0, 3.0, 3.0);
    let inner = rect(-0.5, -1.0, 1.5, 1.0);
    // No edges cross: only the vertex test sees the overlap.
    let (p, q) = (vertices(&outer), vertices(&inner));
    for i in 0..4 {
        for j in 0..4 {
            assert!(!oracle::segments_intersect(
                &p[i],
                &p[(i + 1) % 4],
                &q[j],
                &q[(j + 1) % 4]
            ));
        }
    }
    // The cheapest way out is +x: 3 - (-0.5) = 3.5.
    assert_pair(&outer, &inner, true, -3.5);
    assert!(oracle::contains(&outer, &inner));
    assert!(!oracle::contains(&inner, &outer));
    // The inner square keeps 1.5 from the outer boundary (its right edge).
    assert_close(oracle::containment_margin(&outer, &inner), 1.5, 1e-15);
    assert!(oracle::containment_margin(&inner, &outer) < 0.0);
}

#[test]
fn disjoint_squares_are_apart_by_their_euclidean_distance() {
    let unit = rect(0.0, 0.0, 1.0, 1.0);
    // Face against face: 1 apart.
    assert_pair(&unit, &rect(2.0, 0.5, 3.0, 1.5), false, 1.0);
    // Corner against corner: sqrt(2) apart (SAT would only bound it by 1).
    assert_pair(&unit, &rect(2.0, 2.0, 3.0, 3.0), false, 2f64.sqrt());
}

#[test]
fn touching_shapes_overlap_with_zero_distance() {
    let unit = rect(0.0, 0.0, 1.0, 1.0);
    // Edge on edge, corner on corner, corner on edge.
    assert_pair(&unit, &rect(1.0, 0.25, 2.0, 0.75), true, 0.0);
    assert_pair(&unit, &rect(1.0, 1.0, 2.0, 2.0), true, 0.0);
    let wedge = World::polygon_xy(&[(0.5, 1.0), (1.5, 2.0), (-0.5, 2.0)]);
    assert_pair(&unit, &wedge, true, 0.0);
    // A hair apart is apart.
    assert_pair(&unit, &rect(1.0 + 1e-9, 0.25, 2.0, 0.75), false, 1e-9);
    // Circles touching from outside and from inside.
    assert_pair(
        &World::circle(0.0, 0.0, 1.0),
        &World::circle(2.0, 0.0, 1.0),
        true,
        0.0,
    );
    let big = World::circle(0.0, 0.0, 3.0);
    let small = World::circle(2.0, 0.0, 1.0);
    assert!(oracle::contains(&big, &small));
    assert_close(oracle::containment_margin(&big, &small), 0.0, 1e-15);
    // A circle touching an edge from outside.
    assert_pair(&unit, &World::circle(0.5, -0.5, 0.5), true, 0.0);
}

#[test]
fn circle_in_a_vertex_region_is_judged_by_the_corner_distance() {
    let unit = rect(0.0, 0.0, 1.0, 1.0);
    // Off the corner (1, 1): both slabs overlap the circle, the corner is
    // sqrt(0.5) = 0.7071 from the centre.
    let corner = 0.5f64.sqrt();
    let near = World::circle(1.5, 1.5, 0.6);
    assert_pair(&unit, &near, false, corner - 0.6);
    let reaching = World::circle(1.5, 1.5, 0.75);
    assert_pair(&unit, &reaching, true, corner - 0.75);
    // Moving the circle out along the diagonal by 0.75 - corner separates it.
    let out = (0.75 - corner) * 1.000_001;
    let moved = reaching.translated(&(V::new(1.0, 1.0).normalize() * out));
    assert!(!oracle::overlaps(&unit, &moved));
    assert!(oracle::signed_distance(&unit, &moved) > 0.0);
}

#[test]
fn circle_inside_a_polygon() {
    let square = rect(0.0, 0.0, 4.0, 4.0);
    // Centre 1 from the left edge: out to the left takes 1 + 0.5.
    let circle = World::circle(1.0, 2.0, 0.5);
    assert_pair(&square, &circle, true, -1.5);
    assert!(oracle::contains(&square, &circle));
    assert_close(oracle::containment_margin(&square, &circle), 0.5, 1e-15);
    // Too big to be contained, though its centre is inside.
    let big = World::circle(1.0, 2.0, 1.5);
    assert!(!oracle::contains(&square, &big));
    // A circle around the whole square contains it.
    let around = World::circle(2.0, 2.0, 8f64.sqrt());
    assert!(oracle::contains(&around, &square));
    assert!(!oracle::contains(&World::circle(2.0, 2.0, 2.8), &square));
}

#[test]
fn circles_are_judged_by_the_distance_of_their_centres() {
    let a = World::circle(0.0, 0.0, 1.0);
    assert_pair(&a, &World::circle(3.0, 4.0, 1.5), false, 2.5);
    assert_pair(&a, &World::circle(0.3, 0.4, 2.0), true, -2.5);
    assert!(oracle::contains(&World::circle(0.3, 0.4, 2.0), &a));
    assert!(!oracle::contains(&a, &World::circle(0.3, 0.4, 2.0)));
}

#[test]
fn segment_intersection_cases() {
    let p = |x: f64, y: f64| V::new(x, y);
    let hit = oracle::segments_intersect;
    assert!(
        hit(&p(0.0, 0.0), &p(2.0, 2.0), &p(0.0, 2.0), &p(2.0, 0.0)),
        "X"
    );
    assert!(
        hit(&p(0.0, 0.0), &p(2.0, 0.0), &p(1.0, 0.0), &p(1.0, 5.0)),
        "T"
    );
    assert!(
        hit(&p(0.0, 0.0), &p(2.0, 0.0), &p(2.0, 0.0), &p(3.0, 1.0)),
        "end to end"
    );
    assert!(
        hit(&p(0.0, 0.0), &p(2.0, 0.0), &p(1.0, 0.0), &p(3.0, 0.0)),
        "collinear overlap"
    );
    assert!(
        !hit(&p(0.0, 0.0), &p(1.0, 0.0), &p(2.0, 0.0), &p(3.0, 0.0)),
        "collinear apart"
    );
    assert!(
        !hit(&p(0.0, 0.0), &p(2.0, 0.0), &p(0.0, 1.0), &p(2.0, 1.0)),
        "parallel"
    );
    assert!(
        !hit(&p(0.0, 0.0), &p(2.0, 0.0), &p(1.0, 0.5), &p(1.0, 5.0)),
        "short of it"
    );
}

#[test]
fn point_in_convex_polygon_counts_the_boundary_and_any_winding() {
    let cw = World::polygon_xy(&[(0.0, 0.0), (0.0, 2.0), (2.0, 2.0), (2.0, 0.0)]);
    let vs = vertices(&cw);
    let ccw = [(2.0, 0.0), (2.0, 2.0), (0.0, 2.0), (0.0, 0.0)].map(|(x, y)| V::new(x, y));
    assert_eq!(vs, ccw.as_slice(), "stored counter-clockwise");
    assert!(oracle::point_in_convex(vs, &V::new(1.0, 1.0)));
    assert!(oracle::point_in_convex(vs, &V::new(2.0, 1.0)), "on an edge");
    assert!(oracle::point_in_convex(vs, &V::new(2.0, 2.0)), "a vertex");
    assert!(!oracle::point_in_convex(vs, &V::new(2.000_001, 1.0)));
    assert!(!oracle::point_in_convex(vs, &V::new(-1.0, 1.0)));
    assert_close(
        oracle::signed_distance_to_polygon(vs, &V::new(0.5, 1.0)),
        -0.5,
        0.0,
    );
    assert_close(
        oracle::signed_distance_to_polygon(vs, &V::new(5.0, 6.0)),
        5.0,
        1e-15,
    );
}

#[test]
fn convex_hull_drops_interior_duplicate_and_collinear_points() {
    let pts: Vec<V> = [
        (0.0, 0.0),
        (1.0, 0.0),
        (2.0, 0.0),
        (2.0, 2.0),
        (1.0, 1.0),
        (0.0, 2.0),
        (2.0, 2.0),
        (0.5, 1.5),
        (0.0, 1.0),
    ]
    .iter()
    .map(|&(x, y)| V::new(x, y))
    .collect();
    let hull = oracle::convex_hull(&pts);
    let expected = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)].map(|(x, y)| V::new(x, y));
    assert_eq!(hull, expected.to_vec());
}

/// The penetration depth found by brute force, with the boolean oracle
/// only: for 360 directions, the shortest move of B that leaves the shapes
/// apart (bisection); the minimum over the directions. It overestimates the
/// true depth by a factor of at most `1 / cos(0.5°)` (`1 + 3.9e-5`).
fn brute_force_depth(a: &World, b: &World) -> f64 {
    let far = 2.0 * (a.extent() + b.extent()) + 1.0;
    (0..360)
        .map(|k| {
            let angle = f64::from(k) * core::f64::consts::TAU / 360.0;
            let dir = V::new(angle.cos(), angle.sin());
            let (mut lo, mut hi) = (0.0, far);
            assert!(!oracle::overlaps(a, &b.translated(&(dir * hi))));
            for _ in 0..48 {
                let mid = 0.5 * (lo + hi);
                if oracle::overlaps(a, &b.translated(&(dir * mid))) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            hi
        })
        .fold(f64::INFINITY, f64::min)
}

/// The distance between two disjoint convex polygons: the shortest
/// vertex-to-edge distance either way.
fn brute_force_distance(p: &[V], q: &[V]) -> f64 {
    let one_way = |p: &[V], q: &[V]| {
        p.iter()
            .flat_map(|v| {
                (0..q.len())
                    .map(move |j| oracle::distance_to_segment(v, &q[j], &q[(j + 1) % q.len()]))
            })
            .fold(f64::INFINITY, f64::min)
    };
    one_way(p, q).min(one_way(q, p))
}

#[test]
fn signed_distance_matches_brute_force_depth_and_distance() {
    let (mut deep, mut apart) = (0, 0);
    for seed in 0..400u64 {
        let scene = Scene::<f64>::from_seed(seed);
        let (a, b) = (scene.world_a(), scene.world_b());
        let sd = oracle::signed_distance(&a, &b);
        if sd < -1e-3 && deep < 40 {
            deep += 1;
            let brute = brute_force_depth(&a, &b);
            assert!(
                -sd <= brute * (1.0 + 1e-12) && brute <= -sd * (1.0 + 4e-5) + 1e-12,
                "seed {seed}: depth {} but brute force {brute}",
                -sd
            );
        }
        if let (World::Polygon(p), World::Polygon(q)) = (&a, &b)
            && sd > 0.0
        {
            apart += 1;
            assert_close(sd, brute_force_distance(p, q), 1e-12 * scene.scale());
        }
    }
    assert_eq!(deep, 40, "not enough overlapping scenes");
    assert!(apart >= 50, "only {apart} separated polygon pairs");
}

#[test]
fn the_two_oracles_agree_outside_the_near_touching_band() {
    let mut judged = [0usize; 2];
    for seed in 0..3000u64 {
        let scene = Scene::<f64>::from_seed(seed);
        let (a, b) = (scene.world_a(), scene.world_b());
        let sd = oracle::signed_distance(&a, &b);
        assert_close(sd, oracle::signed_distance(&b, &a), 1e-12 * scene.scale());
        if sd.abs() < f64::BAND * scene.scale() {
            continue;
        }
        let overlap = oracle::overlaps(&a, &b);
        assert_eq!(
            overlap,
            sd <= 0.0,
            "seed {seed}: overlaps vs signed distance {sd}"
        );
        assert_eq!(overlap, oracle::overlaps(&b, &a), "seed {seed}: swapped");
        judged[usize::from(overlap)] += 1;
    }
    assert!(judged[0] > 900 && judged[1] > 900, "judged {judged:?}");
}

/// The conversion of the library's shapes to world vertex lists, for both
/// scalars.
macro_rules! impl_world_tests {
    ($name:ident, $t:ty) => {
        mod $name {
            use super::*;

            fn quarter_turn_at(x: $t, y: $t) -> Pose2<$t> {
                let r = Matrix2::new(0.0, -1.0, 1.0, 0.0);
                Pose2::from_parts(Translation2::new(x, y), Rotation2::from_matrix_unchecked(r))
            }

            fn assert_vertices(w: &World, expected: &[(f64, f64)]) {
                let vs = vertices(w);
                assert_eq!(vs.len(), expected.len(), "{vs:?}");
                for (v, &(x, y)) in vs.iter().zip(expected) {
                    assert!((v - V::new(x, y)).amax() < 1e-6, "{vs:?} vs {expected:?}");
                }
            }

            #[test]
            fn aabb_corners_turn_with_the_pose() {
                let b = Aabb::<$t, 2>::new(Point2::new(1.0, 0.0), Point2::new(3.0, 1.0)).unwrap();
                let w = AnyShape::Aabb(b).to_world(&quarter_turn_at(10.0, 0.0));
                // (x, y) -> (-y, x) + (10, 0).
                assert_vertices(&w, &[(10.0, 1.0), (10.0, 3.0), (9.0, 3.0), (9.0, 1.0)]);
            }

            #[test]
            fn obb_corners_turn_with_the_box_and_the_pose() {
                let r = Rotation2::from_matrix_unchecked(Matrix2::new(0.0, -1.0, 1.0, 0.0));
                let b =
                    Obb::<$t, 2>::new(Point2::new(1.0, 0.0), r, Vector2::new(2.0, 1.0)).unwrap();
                let w = AnyShape::Obb(b).to_world(&Pose2::translation(0.0, 5.0));
                // A 2 x 4 box about (1, 5) once the box is turned upright.
                assert_vertices(&w, &[(2.0, 3.0), (2.0, 7.0), (0.0, 7.0), (0.0, 3.0)]);
            }

            #[test]
            fn polygon_and_circle_follow_the_pose() {
                let tri = ConvexPolygon::<$t>::new(&[
                    Point2::new(0.0, 0.0),
                    Point2::new(2.0, 0.0),
                    Point2::new(0.0, 1.0),
                ])
                .unwrap();
                let pose = quarter_turn_at(1.0, 1.0);
                let w = AnyShape::Polygon(tri).to_world(&pose);
                assert_vertices(&w, &[(1.0, 1.0), (1.0, 3.0), (0.0, 1.0)]);
                let c = Ball::<$t, 2>::new(Point2::new(1.0, 0.0), 0.5).unwrap();
                assert_eq!(
                    AnyShape::Circle(c).to_world(&pose),
                    World::circle(1.0, 2.0, 0.5)
                );
            }

            #[test]
            fn generated_scenes_convert_every_kind() {
                for (i, &kind) in PairKind::ALL.iter().enumerate() {
                    let scene = Scene::<$t>::of_kind(i as u64, kind);
                    let (a, b) = (scene.world_a(), scene.world_b());
                    let is_circle = |w: &World| matches!(w, World::Circle { .. });
                    let circles = match kind {
                        PairKind::PolygonPolygon
                        | PairKind::ObbObb
                        | PairKind::AabbPolygon
                        | PairKind::PolygonObb => (false, false),
                        PairKind::CirclePolygon | PairKind::CircleAabb => (true, false),
                        PairKind::PolygonCircle | PairKind::ObbCircle => (false, true),
                        PairKind::CircleCircle => (true, true),
                    };
                    assert_eq!((is_circle(&a), is_circle(&b)), circles, "{kind:?}");
                    assert!(
                        scene.scale() >= 1.0 && scene.scale() < 30.0,
                        "{}",
                        scene.scale()
                    );
                }
                assert_eq!(<$t as TestReal>::NAME, stringify!($t));
            }
        }
    };
}

impl_world_tests!(world_f32, f32);
impl_world_tests!(world_f64, f64);

#[test]
fn splitmix64_reference_outputs() {
    // The first outputs of SplitMix64 from state 0 (Vigna's reference
    // implementation).
    let mut rng = Rng::new(0);
    assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
    assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
    let mut rng = Rng::new(7);
    for _ in 0..1000 {
        let x = rng.range(-2.0, 3.0);
        assert!((-2.0..3.0).contains(&x), "{x}");
        assert!(rng.below(7) < 7);
    }
}

#[test]
fn cos_sin_matches_the_standard_library() {
    for k in -100..=100 {
        let theta = f64::from(k) * 0.137;
        let (c, s) = cos_sin(theta);
        assert_close(c, theta.cos(), 4e-15);
        assert_close(s, theta.sin(), 4e-15);
    }
}
