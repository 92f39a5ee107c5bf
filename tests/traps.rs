//! The traps the classic SAT write-ups fall into (docs/sat-proof.md,
//! chapter 3). Each test builds a concrete case, runs the naive computation
//! the write-ups describe (re-implemented here in a few lines, from their
//! description), shows it gives the wrong answer, and checks that the
//! crate's query gives the right one. Every expected value is derived in
//! the comment above its test; every test runs in `f32` and `f64`.

use crate::support::rng;

use approx::assert_relative_eq;
use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    distance, intersects, penetration, separation, Aabb, ConvexPolygon, Feature, Obb, Pose2, Pose3,
    Posed, Real, Support,
};

fn c<T: Real>(x: f64) -> T {
    nalgebra::convert(x)
}

fn p<T: Real>(x: f64, y: f64) -> Point2<T> {
    Point2::new(c(x), c(y))
}

fn v<T: Real>(x: f64, y: f64) -> Vector2<T> {
    Vector2::new(c(x), c(y))
}

fn at<T: Real>(x: f64, y: f64) -> Pose2<T> {
    Pose2::<T>::new(v(x, y), T::zero())
}

/// The axis-aligned rectangle of half extents `(hx, hy)` about the origin.
fn rect<T: Real>(hx: f64, hy: f64) -> Aabb<T, 2> {
    Aabb::new(p(-hx, -hy), p(hx, hy)).unwrap()
}

/// The projection interval `[min, max]` of a placed shape on `axis`.
fn shadow<T: Real, S: Support<T, 2>>(s: &S, pose: &Pose2<T>, axis: &Vector2<T>) -> (T, T) {
    let i = Posed::new(s, pose).local_interval(axis);
    (i.min, i.max)
}

/// The per-axis "overlap" of note 000: the length of the intersection of
/// the two intervals, `min(maxA, maxB) − max(minA, minB)`.
fn intersection_length<T: Real>(a: (T, T), b: (T, T)) -> T {
    let hi = if a.1 < b.1 { a.1 } else { b.1 };
    let lo = if a.0 > b.0 { a.0 } else { b.0 };
    hi - lo
}

/// The interval test of note 004: some end of `a` lies in `[b.0, b.1)`.
/// It never looks at the ends of `b`.
fn an_end_of_a_lies_in_b<T: Real>(a: (T, T), b: (T, T)) -> bool {
    [a.0, a.1].iter().any(|&x| b.0 <= x && x < b.1)
}

/// The world vertices of a polygon placed by `pose`.
fn world<T: Real>(poly: &ConvexPolygon<T>, pose: &Pose2<T>) -> Vec<Point2<T>> {
    poly.vertices().iter().map(|q| pose * q).collect()
}

/// `[min, max]` of `u · x` over the points.
fn project<T: Real>(pts: &[Point2<T>], u: &Vector2<T>) -> (T, T) {
    let mut lo = u.dot(&pts[0].coords);
    let mut hi = lo;
    for q in &pts[1..] {
        let d = u.dot(&q.coords);
        if d < lo {
            lo = d;
        }
        if d > hi {
            hi = d;
        }
    }
    (lo, hi)
}

/// The edge normals of a closed polygon given counter-clockwise (convex
/// or not), as the write-ups compute them: the edge turned by −90°.
fn edge_normals<T: Real>(pts: &[Point2<T>]) -> Vec<Vector2<T>> {
    (0..pts.len())
        .map(|i| {
            let e = pts[(i + 1) % pts.len()] - pts[i];
            Vector2::new(e.y, -e.x).normalize()
        })
        .collect()
}

/// Textbook SAT on vertex lists: apart iff some edge normal of either
/// polygon shows disjoint shadows. Correct for convex polygons only.
fn naive_sat_overlap<T: Real>(a: &[Point2<T>], b: &[Point2<T>]) -> bool {
    edge_normals(a)
        .iter()
        .chain(edge_normals(b).iter())
        .all(|u| {
            let (sa, sb) = (project(a, u), project(b, u));
            sa.1 >= sb.0 && sb.1 >= sa.0
        })
}

/// Seed 002's 3D box test on one axis, without normalising: overlap iff
/// `|t · L| < Σ aᵢ |L · Aᵢ| + Σ bᵢ |L · Bᵢ|`.
fn box_axis_overlaps<T: Real>(
    l: &Vector3<T>,
    t: &Vector3<T>,
    a: (&Rotation3<T>, &Vector3<T>),
    b: (&Rotation3<T>, &Vector3<T>),
) -> bool {
    let radius = |r: &Rotation3<T>, h: &Vector3<T>| -> T {
        (0..3).fold(T::zero(), |s, k| {
            s + h[k] * l.dot(&r.matrix().column(k).into_owned()).abs()
        })
    };
    t.dot(l).abs() < radius(a.0, a.1) + radius(b.0, b.1)
}

/// The 15 axes of the classic box test: both boxes' axes, then every cross
/// product of an axis of A with an axis of B, normalised or not.
fn fifteen_axes<T: Real>(ra: &Rotation3<T>, rb: &Rotation3<T>, normalise: bool) -> Vec<Vector3<T>> {
    let col = |r: &Rotation3<T>, k: usize| r.matrix().column(k).into_owned();
    let mut axes: Vec<Vector3<T>> = (0..3).map(|k| col(ra, k)).collect();
    axes.extend((0..3).map(|k| col(rb, k)));
    for i in 0..3 {
        for j in 0..3 {
            let l = col(ra, i).cross(&col(rb, j));
            axes.push(if normalise { l / l.norm() } else { l });
        }
    }
    axes
}

macro_rules! traps {
    ($($t:ident),*) => {$(
        mod $t {
            use super::*;
            type T = $t;
            /// Round-off allowance for values derived through a few products.
            fn tol() -> T { T::EPSILON * 64.0 }

            // ---------------------------------------------------------------
            // Trap 1: interval overlap that misses containment.
            //
            // A = [-4, 4] × [-1, 1]; B = [-0.5, 0.5]² centred at (1, 0.25),
            // so B spans x ∈ [0.5, 1.5], y ∈ [-0.25, 0.75], strictly inside
            // A on both axes. The intersection of the shadows is B's own
            // shadow, length 1 on x and on y: note 000 takes depth 1 along
            // x (the first axis with the smallest value). The true pushes:
            // +x 4 − 0.5 = 3.5, −x 1.5 + 4 = 5.5, +y 1 + 0.25 = 1.25,
            // −y 0.75 + 1 = 1.75: depth 1.25 along +y.
            #[test]
            fn intersection_length_is_not_the_depth_under_containment() {
                let (a, b) = (rect::<T>(4.0, 1.0), rect::<T>(0.5, 0.5));
                let (pa, pb) = (at::<T>(0.0, 0.0), at::<T>(1.0, 0.25));
                let x = v::<T>(1.0, 0.0);
                let y = v::<T>(0.0, 1.0);
                let naive_x = intersection_length(shadow(&a, &pa, &x), shadow(&b, &pb, &x));
                let naive_y = intersection_length(shadow(&a, &pa, &y), shadow(&b, &pb, &y));
                assert_eq!(naive_x.to_bits(), c::<T>(1.0).to_bits());
                assert_eq!(naive_y.to_bits(), c::<T>(1.0).to_bits());
                // Note 000's resolution: depth 1 along x, away from A's
                // centre (+x). B is still inside A afterwards.
                assert!(intersects(&a, &pa, &b, &at(2.0, 0.25)));
                for (sa, sb, pa, pb, sign) in [(&a, &b, pa, pb, 1.0), (&b, &a, pb, pa, -1.0)] {
                    let pen = penetration(sa, &pa, sb, &pb).unwrap();
                    assert_relative_eq!(pen.depth, c::<T>(1.25), epsilon = tol());
                    assert_relative_eq!(pen.normal.into_inner(), y * c::<T>(sign), epsilon = tol());
                }
                // The crate's MTV leaves them touching.
                let moved = separation(&a, &pa, &b, &at(1.0, 1.5));
                assert!(moved.distance.abs() <= tol());
            }

            // Note 004 calls two shadows overlapping when an end of the
            // first lies in the second. A = [-4, 4]², B = [-0.5, 0.5]² at
            // the origin: A's shadow [-4, 4] contains B's [-0.5, 0.5] on
            // every axis, no end of A's lies in B's, and the test calls the
            // pair apart. Swapped, B's ends lie in A's, and it says overlap:
            // the verdict depends on the argument order.
            #[test]
            fn endpoint_in_interval_misses_a_shape_inside_the_other() {
                let (a, b) = (rect::<T>(4.0, 4.0), rect::<T>(0.5, 0.5));
                let id = at::<T>(0.0, 0.0);
                let axes = [v::<T>(1.0, 0.0), v::<T>(0.0, 1.0)];
                let naive_ab = axes.iter().all(|u| an_end_of_a_lies_in_b(shadow(&a, &id, u), shadow(&b, &id, u)));
                let naive_ba = axes.iter().all(|u| an_end_of_a_lies_in_b(shadow(&b, &id, u), shadow(&a, &id, u)));
                assert!(!naive_ab, "the naive test calls a contained box apart");
                assert!(naive_ba);
                assert!(intersects(&a, &id, &b, &id) && intersects(&b, &id, &a, &id));
                // Depth: B leaves A by 4 + 0.5 = 4.5 along the first axis.
                for (sa, sb) in [(&a, &b), (&b, &a)] {
                    let pen = penetration(sa, &id, sb, &id).unwrap();
                    assert_relative_eq!(pen.depth, c::<T>(4.5), epsilon = tol());
                }
            }

            // ---------------------------------------------------------------
            // Trap 2: the axis sign taken from the centre line.
            //
            // A = the triangle (0,0), (6,0), (0,6), centroid (2,2); B = the
            // square of half side 0.1 centred at (1.9, 1.9), just below and
            // left of A's centroid. Pushes of B: −x and −y 1.9 + 0.1 = 2.0;
            // out through the hypotenuse x + y = 6 along (1,1)/√2:
            // (6 − 3.6)/√2 = 1.2√2 ≈ 1.697; B's faces give the same four
            // axes. The MTV is 1.2√2 along (1,1)/√2: B moves to (3.1, 3.1)
            // and its corner (3, 3) touches the hypotenuse. The centre line
            // from A's centroid to B points along −(1,1): note 000 flips the
            // axis to agree with it and moves B to (0.7, 0.7), still 0.8
            // deep.
            #[test]
            fn centre_line_gives_the_wrong_sign() {
                let tri = ConvexPolygon::<T>::new(&[p(0.0, 0.0), p(6.0, 0.0), p(0.0, 6.0)]).unwrap();
                let sq = ConvexPolygon::<T>::new(&[p(-0.1, -0.1), p(0.1, -0.1), p(0.1, 0.1), p(-0.1, 0.1)]).unwrap();
                let (pa, pb) = (at::<T>(0.0, 0.0), at::<T>(1.9, 1.9));
                let diag = v::<T>(1.0, 1.0).normalize();
                let depth = c::<T>(1.2 * 2f64.sqrt());
                let pen = penetration(&tri, &pa, &sq, &pb).unwrap();
                assert_relative_eq!(pen.depth, depth, epsilon = tol());
                assert_relative_eq!(pen.normal.into_inner(), diag, epsilon = tol());
                let swapped = penetration(&sq, &pb, &tri, &pa).unwrap();
                assert_relative_eq!(swapped.depth, depth, epsilon = tol());
                assert_relative_eq!(swapped.normal.into_inner(), -diag, epsilon = tol());
                // The centre line disagrees with the true side.
                let centre_line = v::<T>(1.9, 1.9) - v::<T>(2.0, 2.0);
                assert!(centre_line.dot(&pen.normal) < 0.0);
                let flipped = -pen.normal.into_inner() * pen.depth;
                let naive = separation(&tri, &pa, &sq, &at(1.9 + f64::from(flipped.x), 1.9 + f64::from(flipped.y)));
                // At (0.7, 0.7) B still overlaps A, by 0.7 + 0.1 = 0.8 (out
                // through either leg).
                assert_relative_eq!(naive.distance, c::<T>(-0.8), epsilon = tol());
                let right = pen.mtv();
                let fixed = separation(&tri, &pa, &sq, &at(1.9 + f64::from(right.x), 1.9 + f64::from(right.y)));
                assert!(fixed.distance.abs() <= tol());
            }

            // ---------------------------------------------------------------
            // Trap 3: the zero axis of parallel edges in 3D.
            //
            // A = the cube [-1, 1]³; B = the same cube turned 45° about z
            // and centred at (2.2, 0, 0). Their z edges are parallel, so
            // one of the nine cross products, A's z with B's z, vanishes
            // (B's x and y edges, turned 45° about z, are parallel to none
            // of A's edges). B reaches x = 2.2 − √2 ≈ 0.786 < 1: they
            // overlap; the depth is 1 − (2.2 − √2) = √2 − 1.2 along +x (B's
            // faces give 2.2/√2 + 1 − √2 ≈ 1.142 and more; every edge axis
            // is ±z or in the xy-plane at 45°, no better).
            //
            // The classic test of note 002 asks `|t · L| < rA + rB` on every
            // axis: on L = 0 that is `0 < 0`, false, so it calls every pair
            // with a parallel edge apart. Normalising L first gives a NaN
            // axis, and the same comparison is false again.
            #[test]
            fn parallel_edges_give_a_zero_axis_that_the_crate_skips() {
                let half = Vector3::<T>::repeat(1.0);
                let cube = Obb::<T, 3>::new(Point3::origin(), Rotation3::identity(), half).unwrap();
                let ra = Rotation3::<T>::identity();
                let rb = Rotation3::<T>::from_axis_angle(&Vector3::z_axis(), <T as nalgebra::RealField>::frac_pi_4());
                let t = Vector3::new(c::<T>(2.2), 0.0, 0.0);
                let pa = Pose3::<T>::identity();
                let pb = Pose3::<T>::from_parts(t.into(), rb);
                for normalise in [false, true] {
                    let axes = fifteen_axes(&ra, &rb, normalise);
                    let zero_or_nan = axes.iter().filter(|l| l.norm().is_nan() || l.norm() == 0.0).count();
                    assert_eq!(zero_or_nan, 1, "A's z × B's z is the only degenerate axis here");
                    let naive = axes.iter().all(|l| box_axis_overlaps(l, &t, (&ra, &half), (&rb, &half)));
                    assert!(!naive, "the zero axis makes the classic test call them apart");
                    // Without the degenerate axis the classic test is right.
                    let kept = axes.iter().filter(|l| l.norm() > 0.0).all(|l| box_axis_overlaps(l, &t, (&ra, &half), (&rb, &half)));
                    assert!(kept);
                }
                let depth = c::<T>(2f64.sqrt() - 1.2);
                for (pa, pb, sign) in [(&pa, &pb, 1.0), (&pb, &pa, -1.0)] {
                    assert!(intersects(&cube, pa, &cube, pb));
                    let pen = penetration(&cube, pa, &cube, pb).unwrap();
                    assert!(pen.normal.iter().all(|x| x.is_finite()));
                    assert_relative_eq!(pen.depth, depth, epsilon = tol());
                    assert_relative_eq!(pen.normal.into_inner(), Vector3::x() * c::<T>(sign), epsilon = tol());
                }
            }

            // ---------------------------------------------------------------
            // Trap 4: "max-min projection" and "axis of minimum penetration"
            // are one computation. On an axis u oriented from A to B,
            // max-min projection measures min_B u·b − max_A u·a; the
            // minimum-penetration pass of note 003 measures n·(s_B(−n) − V)
            // for a vertex V on A's face n, that is min_B n·b − h_A(n), the
            // same number; both keep the largest. Random polygon pairs: the
            // two and the crate's separation agree.
            #[test]
            fn max_min_projection_is_the_axis_of_minimum_penetration() {
                let mut rng = rng::Rng(0x5A7_7EAC);
                let mut overlapping = 0;
                for _ in 0..400 {
                    let mut poly = || {
                        let n = 3 + (rng.next_u64() % 6) as usize;
                        let pts: Vec<Point2<T>> = (0..n).map(|_| p(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0))).collect();
                        ConvexPolygon::from_hull(&pts).unwrap()
                    };
                    let (a, b) = (poly(), poly());
                    let pa = Pose2::<T>::new(v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)), c(rng.range(0.0, 6.3)));
                    let pb = Pose2::<T>::new(v(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)), c(rng.range(0.0, 6.3)));
                    let (wa, wb) = (world(&a, &pa), world(&b, &pb));
                    // Candidate axes from A to B: A's normals, B's negated.
                    let na: Vec<Vector2<T>> = a.normals().iter().map(|n| pa.rotation * n.into_inner()).collect();
                    let nb: Vec<Vector2<T>> = b.normals().iter().map(|n| pb.rotation * n.into_inner()).collect();
                    let axes: Vec<Vector2<T>> = na.iter().copied().chain(nb.iter().map(|n| -n)).collect();
                    let max_min = axes.iter().map(|u| project(&wb, u).0 - project(&wa, u).1).fold(T::NEG_INFINITY, T::max);
                    // Note 003: for A's face i, n·(support_B(−n) − V_i); for
                    // B's face j, m·(support_A(−m) − W_j); keep the largest.
                    let support = |pts: &[Point2<T>], d: &Vector2<T>| {
                        *pts.iter().max_by(|x, y| d.dot(&x.coords).partial_cmp(&d.dot(&y.coords)).unwrap()).unwrap()
                    };
                    let pen_a = na.iter().enumerate().map(|(i, n)| n.dot(&(support(&wb, &-n) - wa[i]))).fold(T::NEG_INFINITY, T::max);
                    let pen_b = nb.iter().enumerate().map(|(j, m)| m.dot(&(support(&wa, &-m) - wb[j]))).fold(T::NEG_INFINITY, T::max);
                    let min_pen = pen_a.max(pen_b);
                    let scale = c::<T>(4.0);
                    assert_relative_eq!(max_min, min_pen, epsilon = tol() * scale);
                    for (x, y, pose_x, pose_y) in [(&a, &b, &pa, &pb), (&b, &a, &pb, &pa)] {
                        let s = separation(x, pose_x, y, pose_y);
                        assert_relative_eq!(s.distance, max_min, epsilon = tol() * scale);
                    }
                    if max_min < 0.0 {
                        overlapping += 1;
                    }
                }
                assert!((100..300).contains(&overlapping), "both outcomes exercised: {overlapping}");
            }

            // ---------------------------------------------------------------
            // Trap 5: bounding circles of radius max(w, h).
            //
            // Note 003 culls with a circle of radius max(w, h) about each
            // box, w and h its half extents. A box's corner is
            // √(w² + h²) from its centre, outside that circle. Two unit
            // squares (w = h = 1) centred at (0,0) and (1.9, 1.9) overlap in
            // [0.9, 1]², yet d² = 7.22 > (1 + 1)² = 4 culls them. Its second
            // version compares d² with the unsquared sum 2: the same squares
            // at (1.5, 0) overlap by 0.5, and d² = 2.25 > 2 culls them too.
            // The circle of radius √(w² + h²), compared as d² > (rA + rB)²,
            // never culls an overlapping pair: checked on random rectangles
            // against `intersects`.
            #[test]
            fn bounding_circle_of_radius_max_w_h_misses_corner_overlaps() {
                let sq = rect::<T>(1.0, 1.0);
                let id = at::<T>(0.0, 0.0);
                let cull_max_wh = |d: Vector2<T>| d.norm_squared() > c::<T>(2.0) * c::<T>(2.0);
                let cull_unsquared = |d: Vector2<T>| d.norm_squared() > c::<T>(2.0);
                let (diag, side) = (v::<T>(1.9, 1.9), v::<T>(1.5, 0.0));
                assert!(cull_max_wh(diag) && intersects(&sq, &id, &sq, &at(1.9, 1.9)));
                assert!(cull_unsquared(side) && intersects(&sq, &id, &sq, &at(1.5, 0.0)));
                assert_relative_eq!(penetration(&sq, &id, &sq, &at(1.9, 1.9)).unwrap().depth, c::<T>(0.1), epsilon = tol());
                assert_relative_eq!(penetration(&sq, &id, &sq, &at(1.5, 0.0)).unwrap().depth, c::<T>(0.5), epsilon = tol());

                let mut rng = rng::Rng(0xB0_C1C1E);
                let (mut kept, mut culled, mut naive_misses) = (0, 0, 0);
                for _ in 0..2000 {
                    let (wa, ha, wb, hb) = (rng.range(0.1, 2.0), rng.range(0.1, 2.0), rng.range(0.1, 2.0), rng.range(0.1, 2.0));
                    let a = Obb::<T, 2>::new(Point2::origin(), Rotation2::identity(), v(wa, ha)).unwrap();
                    let b = Obb::<T, 2>::new(Point2::origin(), Rotation2::identity(), v(wb, hb)).unwrap();
                    let pa = Pose2::<T>::new(v(0.0, 0.0), c(rng.range(0.0, 6.3)));
                    let pb = Pose2::<T>::new(v(rng.range(-4.0, 4.0), rng.range(-4.0, 4.0)), c(rng.range(0.0, 6.3)));
                    let d = pb.translation.vector - pa.translation.vector;
                    let r = c::<T>(wa.hypot(ha) + wb.hypot(hb));
                    let hit = intersects(&a, &pa, &b, &pb);
                    assert_eq!(hit, intersects(&b, &pb, &a, &pa));
                    if d.norm_squared() > r * r {
                        culled += 1;
                        assert!(!hit, "the half-diagonal circle culled an overlap");
                    } else {
                        kept += 1;
                    }
                    let r_naive = c::<T>(wa.max(ha) + wb.max(hb));
                    if hit && d.norm_squared() > r_naive * r_naive {
                        naive_misses += 1;
                    }
                }
                assert!(kept > 300 && culled > 300, "kept {kept}, culled {culled}");
                assert!(naive_misses > 10, "max(w, h) misses overlaps: {naive_misses}");
            }

            // ---------------------------------------------------------------
            // SAT stops at convexity.
            //
            // The L-shape [0,2]×[0,1] ∪ [0,1]×[0,2] and the square
            // [1.25, 1.75]² in its notch are 0.25 apart (B's lower-left
            // corner (1.25, 1.25) is 0.25 from both arms, along x from the
            // upright and along y from the base). On the L's edge normals
            // (±x, ±y) and the square's (the same) every pair of shadows
            // overlaps, so SAT run on the concave outline reports contact.
            // The convex hull adds the triangle (1,1), (2,1), (1,2) and its
            // edge x + y = 3; the square's corner sum 2.5 lies inside it:
            // the hull overlaps the square by (3 − 2.5)/√2 along (1,1)/√2.
            // Split into two boxes, each part is 0.25 from the square:
            // the compound answer is "apart, 0.25".
            #[test]
            fn sat_on_a_concave_shape_sees_contact_that_is_not_there() {
                let l_shape = [p::<T>(0.0, 0.0), p(2.0, 0.0), p(2.0, 1.0), p(1.0, 1.0), p(1.0, 2.0), p(0.0, 2.0)];
                let sq = [p::<T>(1.25, 1.25), p(1.75, 1.25), p(1.75, 1.75), p(1.25, 1.75)];
                assert!(naive_sat_overlap(&l_shape, &sq) && naive_sat_overlap(&sq, &l_shape));
                // The crate refuses the concave outline…
                assert!(ConvexPolygon::new(&l_shape).is_err());
                // …its hull overlaps the square…
                let hull = ConvexPolygon::from_hull(&l_shape).unwrap();
                let small = ConvexPolygon::new(&sq).unwrap();
                let id = at::<T>(0.0, 0.0);
                for (x, y) in [(&hull, &small), (&small, &hull)] {
                    let pen = penetration(x, &id, y, &id).unwrap();
                    assert_relative_eq!(pen.depth, c::<T>(0.5 / 2f64.sqrt()), epsilon = tol());
                }
                // …and the two convex parts are each 0.25 away.
                let base = Aabb::new(p::<T>(0.0, 0.0), p(2.0, 1.0)).unwrap();
                let upright = Aabb::new(p::<T>(0.0, 0.0), p(1.0, 2.0)).unwrap();
                for part in [&base, &upright] {
                    assert!(!intersects(part, &id, &small, &id) && !intersects(&small, &id, part, &id));
                    let s = separation(part, &id, &small, &id);
                    assert_relative_eq!(s.distance, c::<T>(0.25), epsilon = tol());
                    assert_relative_eq!(separation(&small, &id, part, &id).distance, c::<T>(0.25), epsilon = tol());
                }
            }

            /// §16.6 (docs/sat-proof.md): two unit cubes (half size 1), B
            /// turned 45° about x then 45° about y, centred at (2.1, 0, 2.1).
            /// Every one of the six face axes shows the shadows overlapping,
            /// so face-only SAT calls the pair overlapping; the edge pair
            /// (A's edge along y) × (B's first axis), `u = (1, 0, 1)/√2`,
            /// separates them by `0.1 √2`, which is their distance.
            #[test]
            fn face_only_sat_misses_the_edge_axis_of_two_cubes() {
                let quarter = core::f64::consts::FRAC_PI_4;
                let rb = Rotation3::from_axis_angle(&Vector3::y_axis(), c::<T>(quarter))
                    * Rotation3::from_axis_angle(&Vector3::x_axis(), c::<T>(quarter));
                let ra = Rotation3::<T>::identity();
                let h = Vector3::new(c::<T>(1.0), c(1.0), c(1.0));
                let t = Vector3::new(c::<T>(2.1), c(0.0), c(2.1));
                let col = |r: &Rotation3<T>, k: usize| r.matrix().column(k).into_owned();
                let faces: Vec<Vector3<T>> = (0..3).map(|k| col(&ra, k)).chain((0..3).map(|k| col(&rb, k))).collect();
                assert!(faces.iter().all(|l| box_axis_overlaps(l, &t, (&ra, &h), (&rb, &h))));
                let a = Obb::new(Point3::origin(), ra, h).unwrap();
                let b = Obb::new(Point3::origin(), rb, h).unwrap();
                let (pa, pb) = (Pose3::<T>::identity(), Pose3::from_parts(t.into(), Rotation3::identity()));
                let gap = c::<T>(0.1 * 2f64.sqrt());
                let u = Vector3::new(c::<T>(1.0), c(0.0), c(1.0)).normalize();
                for (x, px, y, py, sign) in [(&a, &pa, &b, &pb, c::<T>(1.0)), (&b, &pb, &a, &pa, c(-1.0))] {
                    assert!(!intersects(x, px, y, py));
                    let s = separation(x, px, y, py);
                    assert!(matches!(s.feature, Feature::EdgePair(..)), "{:?}", s.feature);
                    assert_relative_eq!(s.distance, gap, epsilon = tol() * 8.0);
                    assert_relative_eq!(s.axis.into_inner(), u * sign, epsilon = tol() * 8.0);
                    assert_relative_eq!(distance(x, px, y, py), gap, epsilon = tol() * 8.0);
                }
            }

            // §16.7: a circle off a square's corner. A is the square of
            // half side 1 at the origin, B the circle of radius 0.5 at
            // (1.4, 1.4). On x and on y the shadows ([-1, 1] and
            // [0.9, 1.9]) overlap by 0.1, so edge normals alone report
            // overlap with depth 0.1; the corner (1, 1) is √0.32 from the
            // centre, so the shapes are apart by √0.32 − 0.5 along
            // (1, 1)/√2, the axis from the nearest vertex to the centre.
            #[test]
            fn edge_normals_alone_miss_a_circle_off_a_corner() {
                let square = rect::<T>(1.0, 1.0);
                let circle = separating_axis::Ball::new(p::<T>(0.0, 0.0), c(0.5)).unwrap();
                let (pa, pb) = (at::<T>(0.0, 0.0), at::<T>(1.4, 1.4));
                for u in [v::<T>(1.0, 0.0), v::<T>(0.0, 1.0)] {
                    let overlap = intersection_length(shadow(&square, &pa, &u), shadow(&circle, &pb, &u));
                    assert_relative_eq!(overlap, c::<T>(0.1), epsilon = tol());
                }
                let gap = c::<T>(0.32f64.sqrt() - 0.5);
                let corner = v::<T>(1.0, 1.0).normalize();
                for (x, px, y, py, sign) in [
                    (&square as &dyn separating_axis::Shape<T, 2>, &pa, &circle as &dyn separating_axis::Shape<T, 2>, &pb, c::<T>(1.0)),
                    (&circle, &pb, &square, &pa, c(-1.0)),
                ] {
                    assert!(!intersects(x, px, y, py));
                    assert!(penetration(x, px, y, py).is_none());
                    let s = separation(x, px, y, py);
                    assert_relative_eq!(s.distance, gap, epsilon = tol());
                    assert_relative_eq!(s.axis.into_inner(), corner * sign, epsilon = tol());
                    assert_relative_eq!(distance(x, px, y, py), gap, epsilon = tol());
                }
            }
        }
    )*};
}

traps!(f32, f64);
