//! Polygons far from the origin, at the ends of the scalar's range, with a
//! million points, and pairs of 10⁵-gons: each test is named after what
//! broke, and runs in `f32` and `f64`, in both argument orders for pairs.

use std::time::{Duration, Instant};

use crate::support::rng::Rng;
use nalgebra::{Point2, Vector2};
use separating_axis::pair::polygon_polygon;
use separating_axis::real::{max_magnitude, min_size};
use separating_axis::{
    intersects, penetration, separation, ConvexPolygon, Feature, Pose2, Real, ShapeError,
};

fn pts<T: Real>(xy: &[(f64, f64)]) -> Vec<Point2<T>> {
    xy.iter()
        .map(|&(x, y)| Point2::new(nalgebra::convert(x), nalgebra::convert(y)))
        .collect()
}

fn f<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap()
}

/// The regular `k`-gon of circumradius `r` around `(cx, cy)`, vertex 0 on
/// the +x side.
fn regular<T: Real>(k: usize, r: f64, cx: f64, cy: f64) -> Vec<Point2<T>> {
    (0..k)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / k as f64;
            Point2::new(
                nalgebra::convert(cx + r * a.cos()),
                nalgebra::convert(cy + r * a.sin()),
            )
        })
        .collect()
}

/// Whether the polygon through `p` (in order) is strictly convex and
/// counter-clockwise, exactly: the turns are formed in `f64` from
/// differences and products computed with an error-free `fma` split, so
/// their signs are exact for `f32` input and for `f64` input whose edge
/// vectors are exact (nearby points).
fn exactly_ccw_convex(p: &[(f64, f64)]) -> bool {
    let n = p.len();
    (0..n).all(|k| {
        let (a, b, c) = (p[k], p[(k + 1) % n], p[(k + 2) % n]);
        let (ux, uy, vx, vy) = (b.0 - a.0, b.1 - a.1, c.0 - b.0, c.1 - b.1);
        // ux·vy − uy·vx with Kahan's fma-based algorithm: correct sign.
        let w = uy * vx;
        let e = uy.mul_add(vx, -w);
        let det = ux.mul_add(vy, -w) - e;
        det > 0.0
    })
}

macro_rules! robustness_cases {
    ($($t:ident: far = $far:expr, huge = $huge:expr, tiny = $tiny:expr;)*) => {$(
        mod $t {
            use super::*;
            type T = $t;

            /// An offset where the old absolute-coordinate area lost its
            /// sign for a unit triangle (1e4 in f32, 1e8 in f64).
            const FAR: f64 = $far;

            // The signed area was summed from absolute coordinates: at
            // FAR, offset² dwarfed the area and its sign was round-off, so
            // a unit right triangle was refused as `Degenerate` and a 0.1
            // one as `NotConvex`.
            #[test]
            fn far_polygons_are_accepted() {
                for size in [1.0, 0.1] {
                    let ccw = [(FAR, FAR), (FAR + size, FAR), (FAR, FAR + size)];
                    let cw = [ccw[0], ccw[2], ccw[1]];
                    let expected = pts::<T>(&ccw);
                    for input in [ccw, cw] {
                        for poly in [
                            ConvexPolygon::<T>::new(&pts(&input)),
                            ConvexPolygon::<T>::from_hull(&pts(&input)),
                        ] {
                            let poly = poly.unwrap_or_else(|e| panic!("size {size}: {e:?}"));
                            poly.validate().unwrap();
                            // The same three points, counter-clockwise,
                            // from wherever the constructor starts.
                            let v = poly.vertices();
                            assert_eq!(v.len(), 3);
                            let start = v.iter().position(|p| *p == expected[0]).unwrap();
                            for k in 0..3 {
                                assert_eq!(v[(start + k) % 3], expected[k]);
                            }
                            // Outward normals of the legs: −y and −x.
                            let legs: Vec<_> = poly.normals().iter().map(|n| (f(n.x), f(n.y))).collect();
                            assert!(legs.contains(&(0.0, -1.0)) && legs.contains(&(-1.0, 0.0)), "{legs:?}");
                        }
                    }
                }
            }

            // Random well-shaped polygons (size 0.1 to 10, turns of at
            // least 0.2 rad) at offsets up to FAR, rounded to the scalar:
            // each is accepted iff it is exactly convex after rounding,
            // and keeps its vertex count. Before: 2233 of 4931 refused at
            // 1e4 in f32.
            #[test]
            fn random_far_polygons_are_accepted() {
                let mut rng = Rng(7);
                let mut checked = 0;
                for trial in 0..600 {
                    let offset = FAR * [0.01, 0.1, 1.0][trial % 3];
                    let k = 3 + trial % 8;
                    let size = rng.range(0.1, 10.0);
                    let phase = rng.range(0.0, 6.3);
                    let (ox, oy) = (offset * rng.range(-1.0, 1.0), offset * rng.range(-1.0, 1.0));
                    let xy: Vec<(f64, f64)> = (0..k)
                        .map(|i| {
                            let a = phase + std::f64::consts::TAU * (i as f64 + rng.range(-0.2, 0.2)) / k as f64;
                            let p: Point2<T> = Point2::new(nalgebra::convert(ox + size * a.cos()), nalgebra::convert(oy + size * a.sin()));
                            (f(p.x), f(p.y))
                        })
                        .collect();
                    if !exactly_ccw_convex(&xy) {
                        continue;
                    }
                    checked += 1;
                    let poly = ConvexPolygon::<T>::new(&pts(&xy)).unwrap_or_else(|e| panic!("{xy:?}: {e:?}"));
                    poly.validate().unwrap();
                    assert_eq!(poly.vertices(), &pts::<T>(&xy)[..]);
                    let hull = ConvexPolygon::<T>::from_hull(&pts(&xy)).unwrap();
                    assert_eq!(hull.vertices().len(), k);
                }
                assert!(checked > 500, "{checked}");
            }

            /// The triangle (o, o), (o + 2, o), (o, o + 2) and the square
            /// [o + 1 + h, o + 2 + h]²: its corner (o + 1 + h, o + 1 + h)
            /// lies √2·h beyond the hypotenuse.
            fn triangle_and_square(o: f64, h: f64) -> (ConvexPolygon<T>, ConvexPolygon<T>) {
                let tri = ConvexPolygon::new(&pts::<T>(&[(o, o), (o + 2.0, o), (o, o + 2.0)])).unwrap();
                let (lo, hi) = (o + 1.0 + h, o + 2.0 + h);
                let sq = ConvexPolygon::new(&pts::<T>(&[(lo, lo), (hi, lo), (hi, hi), (lo, hi)])).unwrap();
                (tri, sq)
            }

            // The polygon path computed `n·w − offset` with both terms
            // about 1.4·o, so the square's corner exactly on the
            // hypotenuse was called apart by 1.2e-4 at o = 1000 in f32.
            // Gaps are now formed relative to the edge's vertex: exactly
            // zero, in both orders, and `intersects` agrees.
            #[test]
            fn touching_far_from_the_origin_intersects() {
                let id = Pose2::<T>::identity();
                for o in [1000.0, FAR] {
                    let (tri, sq) = triangle_and_square(o, 0.0);
                    for (a, b, feature) in [(&tri, &sq, Feature::FaceA(1)), (&sq, &tri, Feature::FaceB(1))] {
                        let s = separation(a, &id, b, &id);
                        assert!(f(s.distance).to_bits() == 0, "offset {o}: {s:?}");
                        assert_eq!(s.feature, feature, "offset {o}");
                        let fast = polygon_polygon::separation(a, &id, b, &id);
                        assert!(f(fast.distance).to_bits() == 0, "offset {o}: {fast:?}");
                        assert!(intersects(a, &id, b, &id), "offset {o}");
                        assert!(polygon_polygon::intersects(a, &id, b, &id), "offset {o}");
                        assert_eq!(penetration(a, &id, b, &id).map(|p| f(p.depth).to_bits()), Some(0), "offset {o}");
                    }
                }
            }

            // The same pair moved apart by h = 1/64 along (1, 1): the gap is
            // √2·h, computed to the round-off of the polygons' size (2),
            // not of their coordinates.
            #[test]
            fn gap_far_from_the_origin_is_accurate() {
                let id = Pose2::<T>::identity();
                let h = 1.0 / 64.0;
                let tol = 16.0 * f(f64::from(T::EPSILON)) * 2.0;
                for o in [1000.0, FAR] {
                    let (tri, sq) = triangle_and_square(o, h);
                    for (a, b) in [(&tri, &sq), (&sq, &tri)] {
                        let s = separation(a, &id, b, &id);
                        assert!((f(s.distance) - 2f64.sqrt() * h).abs() <= tol, "offset {o}: {s:?}");
                        assert!(!intersects(a, &id, b, &id));
                        assert_eq!(penetration(a, &id, b, &id), None);
                    }
                }
            }

            // Cross products of coordinates beyond the range overflowed:
            // the square ±HUGE was refused as `NotConvex { index: 1 }`,
            // a triangle of size 10·HUGE as `Degenerate`. Now: `TooLarge`
            // naming the first point beyond `max_magnitude`.
            #[test]
            fn out_of_range_polygons_are_refused() {
                let huge: f64 = $huge;
                let large = ShapeError::TooLarge { field: "point", index: 0, limit: f(max_magnitude::<T>()) };
                let square = pts::<T>(&[(-huge, -huge), (huge, -huge), (huge, huge), (-huge, huge)]);
                assert_eq!(ConvexPolygon::new(&square), Err(large));
                assert_eq!(ConvexPolygon::from_hull(&square), Err(large));
                let big = 10.0 * huge;
                let triangle = pts::<T>(&[(0.0, 0.0), (big, 0.0), (0.0, big)]);
                let large1 = ShapeError::TooLarge { field: "point", index: 1, limit: f(max_magnitude::<T>()) };
                assert_eq!(ConvexPolygon::new(&triangle), Err(large1));
                assert_eq!(ConvexPolygon::from_hull(&triangle), Err(large1));
                assert!(large.to_string().contains("larger in magnitude"));
                // Tiny: the square ±TINY was accepted with normals of
                // length 0.992 (its squared edges underflow), which its own
                // `validate()` refuses. Now `TooSmall` names the edge's
                // first point.
                let tiny: f64 = $tiny;
                let square = pts::<T>(&[(-tiny, -tiny), (tiny, -tiny), (tiny, tiny), (-tiny, tiny)]);
                let small = ShapeError::TooSmall { field: "point", index: 0, limit: f(min_size::<T>()) };
                assert_eq!(ConvexPolygon::new(&square), Err(small));
                assert_eq!(ConvexPolygon::from_hull(&square), Err(small));
                // Within the range, at both ends: accepted and valid.
                let (m, s) = (f(max_magnitude::<T>()), f(min_size::<T>()));
                for (c, r) in [(0.0, m), (m / 2.0, m / 2.0), (0.0, s), (8.0 * s, 2.0 * s)] {
                    let square = pts::<T>(&[(c - r, c - r), (c + r, c - r), (c + r, c + r), (c - r, c + r)]);
                    let poly = ConvexPolygon::<T>::new(&square).unwrap_or_else(|e| panic!("{c} ± {r}: {e:?}"));
                    poly.validate().unwrap_or_else(|e| panic!("{c} ± {r}: {e}"));
                }
            }

            // `drop_collinear` removed points one `Vec::remove` at a time:
            // O(n²), a million points on a square's sides did not answer in
            // 60 s. The square's four corners, well within a second.
            #[test]
            fn collinear_points_are_dropped_in_linear_time() {
                let per_side = 250_000;
                let mut points = Vec::with_capacity(4 * per_side);
                let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
                for s in 0..4 {
                    let (a, b) = (corners[s], corners[(s + 1) % 4]);
                    for i in 0..per_side {
                        let u = i as f64 / per_side as f64;
                        points.push((a.0 + (b.0 - a.0) * u, a.1 + (b.1 - a.1) * u));
                    }
                }
                let points = pts::<T>(&points);
                let start = Instant::now();
                let poly = ConvexPolygon::<T>::new(&points).unwrap();
                let hull = ConvexPolygon::<T>::from_hull(&points).unwrap();
                let elapsed = start.elapsed();
                assert_eq!(poly.vertices(), &pts::<T>(&corners)[..]);
                assert_eq!(hull.vertices().len(), 4);
                assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
            }

            // Every query scanned all of B's vertices for each of A's
            // edges: two overlapping 10⁵-gons took 24 s. The walk is
            // O(n + m). Regular 10⁵-gons of radius 1, centres 1.5 apart
            // along x: depth 0.5 within the polygons' deviation from the
            // circle (1 − cos(π/k) = 5e-10).
            #[test]
            fn huge_polygon_pairs_are_linear_time() {
                let k = 100_000;
                let a = ConvexPolygon::<T>::from_hull(&regular::<T>(k, 1.0, 0.0, 0.0)).unwrap();
                let b = a.clone();
                let at = |x: f64| Pose2::new(Vector2::new(nalgebra::convert(x), nalgebra::convert(0.0)), nalgebra::convert(0.0));
                let tol = 1e-9 + 64.0 * f64::from(T::EPSILON);
                let start = Instant::now();
                for (pa, pb) in [(at(0.0), at(1.5)), (at(1.5), at(0.0))] {
                    let p = penetration(&a, &pa, &b, &pb).unwrap();
                    assert!((f(p.depth) - 0.5).abs() <= tol, "{p:?}");
                    assert!(intersects(&a, &pa, &b, &pb));
                }
                for (pa, pb) in [(at(0.0), at(2.25)), (at(2.25), at(0.0))] {
                    let s = separation(&a, &pa, &b, &pb);
                    assert!((f(s.distance) - 0.25).abs() <= tol, "{s:?}");
                    assert!(!intersects(&a, &pa, &b, &pb));
                }
                let elapsed = start.elapsed();
                assert!(elapsed < Duration::from_secs(20), "{elapsed:?}");
            }
        }
    )*};
}

robustness_cases! {
    f32: far = 1e4, huge = 1e19, tiny = 1e-22;
    f64: far = 1e8, huge = 1e154, tiny = 1e-160;
}
