//! Bad input to the constructors: one `ShapeError` variant per cause, each
//! with a message that says what to change. Runs in `f32` and `f64`.

use nalgebra::{Matrix2, Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::real::{max_magnitude, min_size};
use separating_axis::{
    Aabb, Ball, Capsule, ConvexPolygon, ConvexPolyhedron, HullError, Obb, Real, ShapeError,
};

fn pts<T: Real>(xy: &[(f64, f64)]) -> Vec<Point2<T>> {
    xy.iter()
        .map(|&(x, y)| Point2::new(nalgebra::convert(x), nalgebra::convert(y)))
        .collect()
}

macro_rules! error_cases {
    ($($t:ident),*) => {$(
        mod $t {
            use super::*;
            type T = $t;

            // Issue 35, class 8: the thin f32 triangle is convex; its
            // corner at (0, 0) turns by 1e-9 rad, below f32's collinear
            // tolerance, so its points are collinear to that tolerance:
            // `Degenerate`, not `NotConvex` (the concave decomposition names
            // such a piece `Sliver`: tests/concave.rs). In f64 (tolerance
            // 1.4e-14) it builds; a true spike stays `NotConvex`.
            #[test]
            fn thin_convex_triangle_is_degenerate_not_reflex() {
                let thin = pts::<T>(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1e-9)]);
                if core::mem::size_of::<T>() == 4 {
                    assert_eq!(ConvexPolygon::<T>::new(&thin).unwrap_err(), ShapeError::Degenerate);
                } else {
                    assert_eq!(ConvexPolygon::<T>::new(&thin).unwrap().vertices().len(), 3);
                }
                let spike = pts::<T>(&[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0), (1.0, 1.0)]);
                assert!(matches!(ConvexPolygon::<T>::new(&spike), Err(ShapeError::NotConvex { .. })));
            }

            #[test]
            fn polygon_needs_three_points() {
                let err = ConvexPolygon::<T>::new(&pts(&[(0.0, 0.0), (1.0, 0.0)])).unwrap_err();
                assert_eq!(err, ShapeError::TooFewPoints { found: 2, required: 3 });
                assert!(err.to_string().contains("at least 3"));
                assert_eq!(ConvexPolygon::<T>::from_hull(&[]).unwrap_err(), ShapeError::TooFewPoints { found: 0, required: 3 });
            }

            // Exact duplicates are dropped before counting, including the
            // closing duplicate of a polygon given as a closed loop.
            #[test]
            fn duplicates_are_dropped_before_counting() {
                let err = ConvexPolygon::<T>::new(&pts(&[(0.0, 0.0), (0.0, 0.0), (1.0, 0.0), (0.0, 0.0)])).unwrap_err();
                assert_eq!(err, ShapeError::TooFewPoints { found: 2, required: 3 });
                let closed = pts(&[(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (1.0, 1.0), (0.0, 1.0), (0.0, 0.0)]);
                assert_eq!(ConvexPolygon::<T>::new(&closed).unwrap().vertices().len(), 4);
            }

            #[test]
            fn non_finite_points_name_their_index() {
                let mut p = pts::<T>(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]);
                p[2].y = T::NAN;
                assert_eq!(ConvexPolygon::new(&p).unwrap_err(), ShapeError::NonFinite { field: "point", index: 2 });
                p[2].y = T::INFINITY;
                assert_eq!(ConvexPolygon::from_hull(&p).unwrap_err(), ShapeError::NonFinite { field: "point", index: 2 });
                assert!(ShapeError::NonFinite { field: "point", index: 2 }.to_string().contains("point 2"));
            }

            #[test]
            fn collinear_points_are_degenerate() {
                let line = pts::<T>(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)]);
                assert_eq!(ConvexPolygon::new(&line).unwrap_err(), ShapeError::Degenerate);
                assert_eq!(ConvexPolygon::from_hull(&line).unwrap_err(), ShapeError::Degenerate);
                assert_eq!(ConvexPolygon::from_hull(&pts::<T>(&[(1.0, 1.0); 5])).unwrap_err(), ShapeError::Degenerate);
                assert!(ShapeError::Degenerate.to_string().contains("no area"));
            }

            // Edge midpoints go straight on: they are dropped, not errors.
            #[test]
            fn collinear_midpoints_are_dropped() {
                let with_midpoints = pts::<T>(&[(0.0, 0.0), (1.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0), (0.0, 1.0)]);
                let poly = ConvexPolygon::new(&with_midpoints).unwrap();
                assert_eq!(poly.vertices(), &pts::<T>(&[(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)])[..]);
                poly.validate().unwrap();
            }

            #[test]
            fn reflex_vertex_is_not_convex() {
                // The dart (0,0), (2,1), (4,0), (2,3) is reflex at (2,1).
                let dart = pts::<T>(&[(0.0, 0.0), (2.0, 1.0), (4.0, 0.0), (2.0, 3.0)]);
                let err = ConvexPolygon::new(&dart).unwrap_err();
                assert_eq!(err, ShapeError::NotConvex { index: 1 });
                assert!(err.to_string().contains("from_hull"));
                // from_hull of the same points is the triangle around them.
                assert_eq!(ConvexPolygon::from_hull(&dart).unwrap().vertices().len(), 3);
            }

            // A spike doubles back along itself: (2,0) → (1,0) reverses.
            #[test]
            fn spike_is_not_convex() {
                let spike = pts::<T>(&[(0.0, 0.0), (2.0, 0.0), (1.0, 0.0), (1.0, 1.0)]);
                assert_eq!(ConvexPolygon::new(&spike).unwrap_err(), ShapeError::NotConvex { index: 1 });
            }

            // A pentagram turns left at every vertex but winds around twice.
            #[test]
            fn pentagram_is_not_convex() {
                let star: Vec<(f64, f64)> = (0..5)
                    .map(|k| {
                        let a = f64::from(2 * k) * core::f64::consts::TAU / 5.0;
                        (a.cos(), a.sin())
                    })
                    .collect();
                let err = ConvexPolygon::<T>::new(&pts(&star)).unwrap_err();
                assert!(matches!(err, ShapeError::NotConvex { .. }), "{err:?}");
            }

            // Clockwise input is stored counter-clockwise.
            #[test]
            fn clockwise_input_is_accepted() {
                let cw = pts::<T>(&[(0.0, 0.0), (0.0, 1.0), (1.0, 0.0)]);
                let poly = ConvexPolygon::new(&cw).unwrap();
                poly.validate().unwrap();
                assert_eq!(poly.vertices(), &pts::<T>(&[(1.0, 0.0), (0.0, 1.0), (0.0, 0.0)])[..]);
            }

            #[test]
            fn ball_radius_must_be_positive_and_finite() {
                let o = Point2::<T>::origin();
                assert_eq!(Ball::new(o, 0.0).unwrap_err(), ShapeError::NonPositiveRadius);
                assert_eq!(Ball::new(o, -1.0).unwrap_err(), ShapeError::NonPositiveRadius);
                assert_eq!(Ball::new(o, T::NAN).unwrap_err(), ShapeError::NonFinite { field: "radius", index: 0 });
                assert_eq!(Ball::new(Point2::new(T::INFINITY, 0.0), 1.0).unwrap_err(), ShapeError::NonFinite { field: "centre", index: 0 });
                assert!(ShapeError::NonPositiveRadius.to_string().contains("above zero"));
            }

            #[test]
            fn box_extents_must_be_positive() {
                let flat = Aabb::<T, 3>::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 0.0));
                assert_eq!(flat.unwrap_err(), ShapeError::NonPositiveExtent { axis: 2 });
                let inverted = Aabb::<T, 2>::new(Point2::new(1.0, 0.0), Point2::new(0.0, 1.0));
                assert_eq!(inverted.unwrap_err(), ShapeError::NonPositiveExtent { axis: 0 });
                let obb = Obb::<T, 2>::new(Point2::origin(), Rotation2::identity(), Vector2::new(1.0, 0.0));
                assert_eq!(obb.unwrap_err(), ShapeError::NonPositiveExtent { axis: 1 });
                assert_eq!(Aabb::<T, 2>::new(Point2::new(T::NAN, 0.0), Point2::new(1.0, 1.0)).unwrap_err(), ShapeError::NonFinite { field: "min", index: 0 });
                assert!(ShapeError::NonPositiveExtent { axis: 2 }.to_string().contains("axis 2"));
            }

            #[test]
            fn box_rotation_must_be_orthonormal() {
                let scaled = Rotation2::from_matrix_unchecked(Matrix2::new(2.0, 0.0, 0.0, 1.0));
                let err = Obb::<T, 2>::new(Point2::origin(), scaled, Vector2::new(1.0, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::NonOrthonormalRotation);
                assert!(err.to_string().contains("orthonormal"));
                let sheared = Rotation2::from_matrix_unchecked(Matrix2::new(1.0, 0.3, 0.0, 1.0));
                assert_eq!(Obb::<T, 2>::new(Point2::origin(), sheared, Vector2::new(1.0, 1.0)).unwrap_err(), ShapeError::NonOrthonormalRotation);
                let nan = Rotation2::from_matrix_unchecked(Matrix2::new(T::NAN, 0.0, 0.0, 1.0));
                assert_eq!(Obb::<T, 2>::new(Point2::origin(), nan, Vector2::new(1.0, 1.0)).unwrap_err(), ShapeError::NonFinite { field: "rotation", index: 0 });
                // A rotation built from an axis-angle passes.
                let r = Rotation3::from_axis_angle(&Vector3::y_axis(), 0.7);
                assert!(Obb::<T, 3>::new(Point3::origin(), r, Vector3::new(1.0, 2.0, 3.0)).is_ok());
            }

            // Regression: "1 distinct points given" and "1 points given".
            #[test]
            fn one_point_is_singular_in_messages() {
                let err = ConvexPolygon::<T>::new(&pts(&[(1.0, 1.0), (1.0, 1.0), (1.0, 1.0)])).unwrap_err();
                assert_eq!(err, ShapeError::TooFewPoints { found: 1, required: 3 });
                assert_eq!(err.to_string(), "1 distinct point given, at least 3 needed: add points that span an area");
                let err = ConvexPolyhedron::<T>::from_hull(&[Point3::origin()]).unwrap_err();
                assert_eq!(err, HullError::TooFewPoints { found: 1, required: 4 });
                assert!(err.to_string().starts_with("1 point given, at least 4 needed"), "{err}");
                assert!(HullError::TooFewPoints { found: 2, required: 4 }.to_string().starts_with("2 points given"));
            }

            // Regression: a NaN radius read "radius 0 is NaN or infinite:
            // pass finite coordinates" (a scalar has no index).
            #[test]
            fn non_finite_radius_message_names_the_radius() {
                let err = Ball::new(Point2::<T>::origin(), T::INFINITY).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "radius", index: 0 });
                assert_eq!(err.to_string(), "the radius is NaN or infinite: pass a finite value");
                let err = Capsule::new(Point2::<T>::origin(), Point2::new(1.0, 0.0), T::NAN).unwrap_err();
                assert_eq!(err.to_string(), "the radius is NaN or infinite: pass a finite value");
            }

            // Regression: Aabb reported index 0 for every non-finite
            // coordinate; it now reports the coordinate.
            #[test]
            fn aabb_non_finite_reports_the_coordinate() {
                let err = Aabb::<T, 3>::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, T::NAN)).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "max", index: 2 });
                assert_eq!(err.to_string(), "coordinate 2 of max is NaN or infinite: pass a finite value");
                let err = Aabb::<T, 2>::new(Point2::new(0.0, -T::INFINITY), Point2::new(1.0, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "min", index: 1 });
                let err = Aabb::<T, 2>::from_half_extents(Point2::new(0.0, T::NAN), Vector2::new(1.0, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "centre", index: 1 });
                let err = Aabb::<T, 2>::from_half_extents(Point2::origin(), Vector2::new(1.0, T::NAN)).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "half extent", index: 1 });
                assert_eq!(err.to_string(), "half extent 1 is NaN or infinite: pass a finite value");
                let err = Ball::new(Point3::<T>::new(0.0, 0.0, T::NAN), 1.0).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "centre", index: 2 });
                assert_eq!(err.to_string(), "coordinate 2 of centre is NaN or infinite: pass a finite value");
            }

            // Capsule endpoints: field "endpoint", index 0 for `a`, 1 for `b`.
            #[test]
            fn capsule_endpoint_errors_name_the_endpoint() {
                let o = Point2::<T>::origin();
                let err = Capsule::new(o, Point2::new(T::NAN, 0.0), 1.0).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "endpoint", index: 1 });
                assert_eq!(err.to_string(), "endpoint 1 has a NaN or infinite coordinate: pass finite coordinates");
                let err = Capsule::new(Point2::new(0.0, T::INFINITY), o, 1.0).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "endpoint", index: 0 });
                assert_eq!(Capsule::new(o, o, -1.0).unwrap_err(), ShapeError::NonPositiveRadius);
            }

            // Every other message, with its field, index and limit.
            #[test]
            fn range_and_rotation_messages_name_field_index_and_limit() {
                let big = max_magnitude::<T>();
                let limit = f64::from(big);
                let err = Obb::new(Point2::new(0.0, big * 2.0), Rotation2::identity(), Vector2::new(1.0, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "centre", index: 1, limit });
                assert_eq!(err.to_string(), format!("coordinate 1 of centre is larger in magnitude than {limit:e}, the largest this scalar type supports: scale the scene down or use f64"));
                let err = Ball::new(Point2::<T>::origin(), big * 2.0).unwrap_err();
                assert!(err.to_string().starts_with(&format!("the radius is larger in magnitude than {limit:e}")), "{err}");
                let err = Capsule::new(Point2::new(big * 2.0, 0.0), Point2::origin(), 1.0).unwrap_err();
                assert!(err.to_string().starts_with(&format!("endpoint 0 has a coordinate larger in magnitude than {limit:e}")), "{err}");
                let small = f64::from(min_size::<T>());
                let err = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(1.0, min_size::<T>() * 0.5)).unwrap_err();
                assert_eq!(err, ShapeError::TooSmall { field: "half extent", index: 1, limit: small });
                assert_eq!(err.to_string(), format!("half extent 1 is below {small:e}, the smallest size this scalar type supports: scale the scene up or use f64"));
                let nan = Rotation2::from_matrix_unchecked(Matrix2::new(1.0, 0.0, T::NAN, 1.0));
                let err = Obb::<T, 2>::new(Point2::origin(), nan, Vector2::new(1.0, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::NonFinite { field: "rotation", index: 1 });
                assert_eq!(err.to_string(), "rotation matrix entry 1 (column-major) is NaN or infinite: pass a finite value");
                assert!(ShapeError::Reflection.to_string().contains("reflection (determinant -1)"));
                assert!(ShapeError::ZeroDimension.to_string().contains("N >= 1"));
                assert!(HullError::TooSmall.to_string().contains("min_size"));
                assert!(HullError::TooLarge { index: 3, coordinate: 2 }.to_string().starts_with("coordinate 2 of point 3 is larger"));
            }
        }
    )*};
}

error_cases!(f32, f64);
