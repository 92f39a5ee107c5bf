//! Hand-derived exact cases: every expected value here is worked out by hand
//! in the comment above it, and each case runs in `f32` and `f64`.

use approx::assert_relative_eq;
use nalgebra::{Point2, Point3, Rotation2, Vector2, Vector3};
use separating_axis::{
    containment, contains_point, engine, intersects, penetration, separation, Aabb, Ball,
    Containment, ConvexPolygon, Feature, Obb, Pose, Pose2, Real,
};

fn p<T: Real>(x: f64, y: f64) -> Point2<T> {
    Point2::new(nalgebra::convert(x), nalgebra::convert(y))
}

fn v<T: Real>(x: f64, y: f64) -> Vector2<T> {
    Vector2::new(nalgebra::convert(x), nalgebra::convert(y))
}

fn at<T: Real>(x: f64, y: f64) -> Pose2<T> {
    Pose2::<T>::new(v(x, y), T::zero())
}

fn c<T: Real>(x: f64) -> T {
    nalgebra::convert(x)
}

/// The square `[-h, h]²` as a polygon.
fn square<T: Real>(h: f64) -> ConvexPolygon<T> {
    let poly = ConvexPolygon::new(&[p(-h, -h), p(h, -h), p(h, h), p(-h, h)]).unwrap();
    poly.validate().unwrap();
    poly
}

fn circle<T: Real>(r: f64) -> Ball<T, 2> {
    Ball::new(Point2::origin(), c(r)).unwrap()
}

macro_rules! exact_cases {
    ($($t:ident),*) => {$(
        mod $t {
            use super::*;
            type T = $t;
            /// Round-off allowance for values derived through a few products.
            fn tol() -> T { T::EPSILON * 16.0 }

            // Two 2×2 squares, B shifted by (1.5, 0): they overlap on
            // x ∈ [0.5, 1], so B leaves by 0.5 along +x (A's face 1, x = 1).
            #[test]
            fn squares_overlapping_sideways() {
                let s = square::<T>(1.0);
                let pen = penetration(&s, &at(0.0, 0.0), &s, &at(1.5, 0.0)).unwrap();
                assert_relative_eq!(pen.depth, 0.5, epsilon = tol());
                assert_relative_eq!(pen.normal.into_inner(), v(1.0, 0.0), epsilon = tol());
                assert_eq!(pen.feature, Feature::FaceA(1));
            }

            // Offset (1.5, 1.0): overlap 0.5 in x, 1.0 in y; the minimum is x.
            #[test]
            fn squares_overlapping_diagonally_take_the_smaller_overlap() {
                let s = square::<T>(1.0);
                let pen = penetration(&s, &at(0.0, 0.0), &s, &at(1.5, 1.0)).unwrap();
                assert_relative_eq!(pen.depth, 0.5, epsilon = tol());
                assert_relative_eq!(pen.normal.into_inner(), v(1.0, 0.0), epsilon = tol());
            }

            // A = (0,0),(4,0),(0,4); B = (1,-1),(3,-1),(2,1). Gaps along every
            // candidate axis (from A to B): A's bottom normal −y: −1 − 0 = −1;
            // A's hypotenuse (1,1)/√2: (0 − 4)/√2; A's left −x: −3 − 0;
            // B's bottom (axis +y): −1 − 4; B's slanted edges: −√5 each.
            // The largest is −1: depth 1 along −y.
            #[test]
            fn triangles_overlap_by_one_along_the_bottom_edge() {
                let a = ConvexPolygon::<T>::new(&[p(0.0, 0.0), p(4.0, 0.0), p(0.0, 4.0)]).unwrap();
                let b = ConvexPolygon::<T>::new(&[p(1.0, -1.0), p(3.0, -1.0), p(2.0, 1.0)]).unwrap();
                let id = at(0.0, 0.0);
                let s = separation(&a, &id, &b, &id);
                assert_relative_eq!(s.distance, -1.0, epsilon = tol());
                assert_relative_eq!(s.axis.into_inner(), v(0.0, -1.0), epsilon = tol());
                assert_eq!(s.feature, Feature::FaceA(0));
                // The same through the generic engine.
                let g = engine::separation(&a, &id, &b, &id);
                assert_relative_eq!(g.distance, -1.0, epsilon = tol());
                assert_eq!(g.feature, Feature::FaceA(0));
            }

            // A tall bar [-0.5,0.5]×[-4,4] and a 2×2 square centred at
            // (1.2, 2.5). Overlaps: +x 0.5 − 0.2 = 0.3, −x 2.2 + 0.5 = 2.7,
            // +y 4 − 1.5 = 2.5, −y 3.5 + 4 = 7.5. The MTV is 0.3 along +x,
            // although the centre line (1.2, 2.5) points mostly along +y:
            // moving B 0.3 along the centre line leaves them overlapping.
            #[test]
            fn mtv_is_the_minimum_overlap_axis_not_the_centre_line() {
                let bar = Obb::<T, 2>::new(Point2::origin(), Rotation2::identity(), v(0.5, 4.0)).unwrap();
                let sq = Obb::<T, 2>::new(Point2::origin(), Rotation2::identity(), v(1.0, 1.0)).unwrap();
                let pen = penetration(&bar, &at(0.0, 0.0), &sq, &at(1.2, 2.5)).unwrap();
                assert_relative_eq!(pen.depth, 0.3, epsilon = tol() * 8.0);
                assert_relative_eq!(pen.normal.into_inner(), v(1.0, 0.0), epsilon = tol());
                let centre_line = v::<T>(1.2, 2.5).normalize();
                let along_centre_line = centre_line * pen.depth;
                let moved = at::<T>(1.2, 2.5) * Pose2::<T>::translation(along_centre_line.x, along_centre_line.y);
                assert!(intersects(&bar, &at(0.0, 0.0), &sq, &moved));
                let moved = Pose2::<T>::translation(1.2 + pen.depth, 2.5);
                let touching = separation(&bar, &at(0.0, 0.0), &sq, &moved);
                assert!(touching.distance.abs() <= tol() * 8.0);
            }

            // A rectangle of half extents (2, 0.5) turned by 90° is the
            // box [cx−0.5, cx+0.5] × [cy−2, cy+2]. Against the wide box
            // [-4,4]×[-1,1] with centre (3.5, 0.5): overlaps +x 1, −x 8,
            // +y 2.5, −y 3.5: depth 1 along +x.
            #[test]
            fn rotated_rectangle_against_a_wide_box() {
                let wide = Obb::<T, 2>::new(Point2::origin(), Rotation2::identity(), v(4.0, 1.0)).unwrap();
                let turned = Obb::<T, 2>::new(
                    Point2::origin(),
                    Rotation2::new(<T as nalgebra::RealField>::frac_pi_2()),
                    v(2.0, 0.5),
                ).unwrap();
                let pen = penetration(&wide, &at(0.0, 0.0), &turned, &at(3.5, 0.5)).unwrap();
                assert_relative_eq!(pen.depth, 1.0, epsilon = tol() * 8.0);
                assert_relative_eq!(pen.normal.into_inner(), v(1.0, 0.0), epsilon = tol());
            }

            // Circle r = 1 at (1.5, 1.5) off the corner (1, 1) of the square
            // [-1,1]²: the corner is √0.5 from the centre, so the depth is
            // 1 − √0.5 along (1,1)/√2, found by B's round axis. Every face
            // axis would claim 0.5.
            #[test]
            fn circle_in_a_vertex_region() {
                let s = square::<T>(1.0);
                let ball = circle::<T>(1.0);
                let pen = penetration(&s, &at(0.0, 0.0), &ball, &at(1.5, 1.5)).unwrap();
                let expected = 1.0 - 0.5_f64.sqrt();
                assert_relative_eq!(pen.depth, c::<T>(expected), epsilon = tol() * 4.0);
                let diag = v::<T>(1.0, 1.0).normalize();
                assert_relative_eq!(pen.normal.into_inner(), diag, epsilon = tol() * 4.0);
                assert_eq!(pen.feature, Feature::RoundB);
                // Swapped: A is the circle, the normal flips.
                let swapped = penetration(&ball, &at(1.5, 1.5), &s, &at(0.0, 0.0)).unwrap();
                assert_relative_eq!(swapped.depth, pen.depth, epsilon = tol());
                assert_relative_eq!(swapped.normal.into_inner(), -diag, epsilon = tol() * 4.0);
                assert_eq!(swapped.feature, Feature::RoundA);
                // Just outside the corner: √2·1.8 − √2 ≈ 1.13 > 1.
                assert!(!intersects(&s, &at(0.0, 0.0), &ball, &at(1.8, 1.8)));
            }

            // Circle r = 1 at (1.5, 0.2): in the face region of x = 1, the
            // depth is 1 − 0.5 = 0.5 along +x, by A's face 1.
            #[test]
            fn circle_in_a_face_region() {
                let s = square::<T>(1.0);
                let pen = penetration(&s, &at(0.0, 0.0), &circle::<T>(1.0), &at(1.5, 0.2)).unwrap();
                assert_relative_eq!(pen.depth, 0.5, epsilon = tol());
                assert_relative_eq!(pen.normal.into_inner(), v(1.0, 0.0), epsilon = tol());
                assert_eq!(pen.feature, Feature::FaceA(1));
            }

            // Squares side by side at distance 2: the edges x = 1 meet.
            // Touching counts as intersecting, with depth 0.
            #[test]
            fn touching_edges_intersect_with_zero_depth() {
                let s = square::<T>(1.0);
                assert!(intersects(&s, &at(0.0, 0.0), &s, &at(2.0, 0.5)));
                let pen = penetration(&s, &at(0.0, 0.0), &s, &at(2.0, 0.5)).unwrap();
                assert_eq!(pen.depth.to_bits(), T::to_bits(0.0));
                assert_relative_eq!(pen.normal.into_inner(), v(1.0, 0.0), epsilon = tol());
                // A hair further apart, they do not.
                assert!(!intersects(&s, &at(0.0, 0.0), &s, &at(2.0 + 1e-3, 0.5)));
            }

            // Corner on corner at (1, 1): both face axes give gap 0; the tie
            // goes to A's first face in order (+x, face 1 of the square).
            #[test]
            fn touching_corners_intersect_with_zero_depth() {
                let s = square::<T>(1.0);
                let pen = penetration(&s, &at(0.0, 0.0), &s, &at(2.0, 2.0)).unwrap();
                assert!(pen.depth.abs() <= tol());
                assert_eq!(pen.feature, Feature::FaceA(1));
                let ball = circle::<T>(1.0);
                // A unit circle touching the corner (1, 1) from the diagonal.
                let d = 1.0 + 0.5_f64.sqrt();
                let s2 = separation(&s, &at(0.0, 0.0), &ball, &at(d, d));
                assert!(s2.distance.abs() <= tol() * 4.0);
                assert_eq!(s2.feature, Feature::RoundB);
            }

            // A 2×2 square at (0.5, 0) inside a 6×6 square: overlaps +x
            // 3 − (−0.5) = 3.5, −x 1.5 + 3 = 4.5, ±y 4: depth 3.5 along +x.
            #[test]
            fn one_shape_inside_the_other() {
                let big = square::<T>(3.0);
                let small = square::<T>(1.0);
                let (pa, pb) = (at(0.0, 0.0), at(0.5, 0.0));
                let pen = penetration(&big, &pa, &small, &pb).unwrap();
                assert_relative_eq!(pen.depth, 3.5, epsilon = tol());
                assert_relative_eq!(pen.normal.into_inner(), v(1.0, 0.0), epsilon = tol());
                assert_eq!(containment(&big, &pa, &small, &pb), Containment { a_in_b: false, b_in_a: true });
                assert_eq!(containment(&small, &pb, &big, &pa), Containment { a_in_b: true, b_in_a: false });
                // Flush against the inner side still counts as inside.
                assert!(containment(&big, &pa, &small, &at(2.0, 0.0)).b_in_a);
                assert!(!containment(&big, &pa, &small, &at(2.5, 0.0)).b_in_a);
            }

            // A circle of radius √2 about the origin contains the square
            // [-1,1]² exactly (its corners on the circle); r = 1.4 does not.
            #[test]
            fn square_in_a_circle_and_circle_in_a_square() {
                let s = square::<T>(1.0);
                let id = at(0.0, 0.0);
                let wide = circle::<T>(2.0_f64.sqrt() * (1.0 + 1e-6));
                assert!(containment(&s, &id, &wide, &id).a_in_b);
                assert!(!containment(&s, &id, &circle::<T>(1.4), &id).a_in_b);
                // The unit circle is inside the square, touching all four sides.
                assert_eq!(containment(&circle::<T>(1.0), &id, &s, &id), Containment { a_in_b: true, b_in_a: false });
                assert!(!containment(&circle::<T>(1.0), &at(0.1, 0.0), &s, &id).a_in_b);
            }

            // Circles r = 1 and r = 2 with centres 2 apart: depth 1 + 2 − 2.
            // Concentric: every axis gives r₁ + r₂, reported on the fallback.
            #[test]
            fn circle_pairs() {
                let pen = penetration(&circle::<T>(1.0), &at(0.0, 0.0), &circle::<T>(2.0), &at(0.0, 2.0)).unwrap();
                assert_relative_eq!(pen.depth, 1.0, epsilon = tol());
                assert_relative_eq!(pen.normal.into_inner(), v(0.0, 1.0), epsilon = tol());
                let s = separation(&circle::<T>(1.0), &at(0.0, 0.0), &circle::<T>(2.0), &at(0.0, 0.0));
                assert_relative_eq!(s.distance, -3.0, epsilon = tol());
                assert_eq!(s.feature, Feature::Fallback);
                let apart = separation(&circle::<T>(1.0), &at(0.0, 0.0), &circle::<T>(2.0), &at(3.0, 4.0));
                assert_relative_eq!(apart.distance, 2.0, epsilon = tol());
                assert_relative_eq!(apart.axis.into_inner(), v(0.6, 0.8), epsilon = tol());
            }

            // Squares 5 apart: the gap between the faces x = 1 and x = 4 is 3.
            #[test]
            fn separated_squares_report_the_gap() {
                let s = square::<T>(1.0);
                let sep = separation(&s, &at(0.0, 0.0), &s, &at(5.0, 0.0));
                assert_relative_eq!(sep.distance, 3.0, epsilon = tol());
                assert!(penetration(&s, &at(0.0, 0.0), &s, &at(5.0, 0.0)).is_none());
                assert!(!intersects(&s, &at(0.0, 0.0), &s, &at(5.0, 0.0)));
            }

            // A square turned by 45° has its corner √2 from its centre; at
            // x = 1 + √2 that corner rests on A's face x = 1.
            #[test]
            fn rotated_square_corner_on_a_face() {
                let s = square::<T>(1.0);
                let d = 1.0 + 2.0_f64.sqrt();
                let turned = Pose2::<T>::new(v(d, 0.3), c(core::f64::consts::FRAC_PI_4));
                let sep = separation(&s, &at(0.0, 0.0), &s, &turned);
                assert!(sep.distance.abs() <= tol() * 8.0, "{}", sep.distance);
                assert_relative_eq!(sep.axis.into_inner(), v(1.0, 0.0), epsilon = tol() * 8.0);
                let closer = Pose2::<T>::new(v(d - 0.25, 0.3), c(core::f64::consts::FRAC_PI_4));
                let pen = penetration(&s, &at(0.0, 0.0), &s, &closer).unwrap();
                assert_relative_eq!(pen.depth, 0.25, epsilon = tol() * 8.0);
            }

            // An Aabb, an Obb with the identity rotation and a polygon with
            // the same corners are the same set: the same answers.
            #[test]
            fn box_types_agree() {
                let aabb = Aabb::<T, 2>::new(p(-1.0, -0.5), p(1.0, 0.5)).unwrap();
                let obb = Obb::<T, 2>::new(Point2::origin(), Rotation2::identity(), v(1.0, 0.5)).unwrap();
                let poly = ConvexPolygon::<T>::new(&[p(-1.0, -0.5), p(1.0, -0.5), p(1.0, 0.5), p(-1.0, 0.5)]).unwrap();
                let pose_b = Pose2::<T>::new(v(1.2, 0.7), c(0.4));
                let a = penetration(&aabb, &at(0.0, 0.0), &poly, &pose_b).unwrap();
                let o = penetration(&obb, &at(0.0, 0.0), &poly, &pose_b).unwrap();
                let q = penetration(&poly, &at(0.0, 0.0), &poly, &pose_b).unwrap();
                assert_relative_eq!(a.depth, q.depth, epsilon = tol() * 8.0);
                assert_relative_eq!(o.depth, q.depth, epsilon = tol() * 8.0);
                assert_relative_eq!(a.normal.into_inner(), q.normal.into_inner(), epsilon = tol() * 8.0);
            }

            // Points on the boundary count as inside; the pose is applied.
            #[test]
            fn point_containment() {
                let tri = ConvexPolygon::<T>::new(&[p(0.0, 0.0), p(2.0, 0.0), p(0.0, 2.0)]).unwrap();
                let pose = at(10.0, 0.0);
                assert!(contains_point(&tri, &pose, &p(11.0, 1.0))); // on the hypotenuse
                assert!(contains_point(&tri, &pose, &p(10.0, 0.0))); // a vertex
                assert!(!contains_point(&tri, &pose, &p(11.0, 1.5)));
                assert!(!contains_point(&tri, &at(0.0, 0.0), &p(11.0, 1.0)));
                let obb = Obb::<T, 2>::new(Point2::origin(), Rotation2::new(c(0.5)), v(1.0, 0.25)).unwrap();
                let along = Rotation2::new(c::<T>(0.5)) * v::<T>(0.9, 0.2);
                assert!(contains_point(&obb, &at(0.0, 0.0), &Point2::from(along)));
                assert!(!contains_point(&obb, &at(0.0, 0.0), &p(0.0, 0.5)));
                assert!(contains_point(&circle::<T>(1.0), &at(1.0, 1.0), &p(1.6, 1.7)));
                assert!(!contains_point(&circle::<T>(1.0), &at(1.0, 1.0), &p(1.8, 1.8)));
            }

            // 3D: two unit spheres 1.5 apart overlap by 0.5; a sphere over
            // a cube's face; the same engine and queries.
            #[test]
            fn three_dimensional_balls_and_boxes() {
                let sphere = Ball::<T, 3>::new(Point3::origin(), 1.0).unwrap();
                let id = Pose::<T, 3>::identity();
                let pb = Pose::<T, 3>::translation(0.0, 0.0, 1.5);
                let pen = penetration(&sphere, &id, &sphere, &pb).unwrap();
                assert_relative_eq!(pen.depth, 0.5, epsilon = tol());
                assert_relative_eq!(pen.normal.into_inner(), Vector3::z(), epsilon = tol());
                let cube = Aabb::<T, 3>::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
                let over = Pose::<T, 3>::translation(0.2, -0.1, 1.75);
                let pen = penetration(&cube, &id, &sphere, &over).unwrap();
                assert_relative_eq!(pen.depth, 0.25, epsilon = tol() * 4.0);
                assert_relative_eq!(pen.normal.into_inner(), Vector3::z(), epsilon = tol());
                // Off the corner (1,1,1) along the diagonal: the corner is
                // √3·0.5 from the centre at (1.5,1.5,1.5), depth 1 − √0.75.
                let corner = Pose::<T, 3>::translation(1.5, 1.5, 1.5);
                let pen = penetration(&cube, &id, &sphere, &corner).unwrap();
                assert_relative_eq!(pen.depth, c::<T>(1.0 - 0.75_f64.sqrt()), epsilon = tol() * 4.0);
                assert_eq!(pen.feature, Feature::RoundB);
            }
        }
    )*};
}

exact_cases!(f32, f64);

// Regression: with a tie tolerance of 64 ε the face axis of the square kept
// its gap over the ball's corner axis in f32, reporting a depth 0.2% too
// large and, just apart, an overlap. The exact depth is r − |c − corner|
// with the corner (1, 1): √(1² + 0.00447²) ≈ 1.0000100, so about 0.0050000.
// The face axis's depth is 0.00501, larger by 1e-5: in f32 that is within
// 64 ε of the support values (the regression), in f64 far outside any tie
// tolerance; both scalars must report the ball's axis and its depth.
fn tie_rule_never_hides_a_smaller_depth<T: Real>(depth_tol: f64) {
    let sq = square::<T>(1.0);
    let ball = Ball::new(Point2::<T>::origin(), c(1.00501)).unwrap();
    let id = Pose2::<T>::identity();
    let p = penetration(&sq, &id, &ball, &Pose2::translation(c(2.0), c(1.00447))).unwrap();
    let exact = 1.00501_f64 - (1.0_f64 + 0.00447_f64 * 0.00447).sqrt();
    let depth = p.depth.to_f64().unwrap_or(f64::NAN);
    assert!((depth - exact).abs() <= depth_tol, "{p:?} vs {exact}");
    assert_eq!(p.feature, Feature::RoundB);
    // 0.999 × the depth along the true direction: apart by about 5e-6.
    let apart = Pose2::translation(c(2.005005), c(1.0044924));
    assert!(!intersects(&sq, &id, &ball, &apart));
    assert!(separation(&sq, &id, &ball, &apart).distance > T::zero());
}

// f32: the depth to 2e-6, as when this test ran in f32 only: about 16 ε of
// the support values (order 1) the depth is the difference of.
#[test]
fn tie_rule_never_hides_a_smaller_depth_in_f32() {
    tie_rule_never_hides_a_smaller_depth::<f32>(2e-6);
}

// f64: the same scene, the depth to the same 16 ε of the support values
// (3.6e-15).
#[test]
fn tie_rule_never_hides_a_smaller_depth_in_f64() {
    tie_rule_never_hides_a_smaller_depth::<f64>(16.0 * f64::EPSILON);
}
