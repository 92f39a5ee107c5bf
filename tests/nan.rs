//! What the queries do with NaN, and that finite input never panics.
//!
//! The documented contract (src/query.rs): a NaN in a pose makes
//! `intersects` false, `penetration` `None`, `separation` a NaN distance,
//! `containment` and `contains_point` false.

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    containment, contains_point, intersects, penetration, separation, Aabb, Ball, Containment,
    ConvexPolygon, ConvexPolyhedron, Obb, Pose2, Pose3, Real,
};

/// An irregular hull of twelve points (the polyhedron pair path).
fn hull<T: Real>() -> ConvexPolyhedron<T> {
    let points: Vec<Point3<T>> = (0..12)
        .map(|i| {
            let a = f64::from(i) * 2.4;
            let z = f64::from(i) / 5.5 - 1.0;
            Point3::new(a.cos(), a.sin() * 0.8, z).cast()
        })
        .collect();
    ConvexPolyhedron::from_hull(&points).unwrap()
}

fn square<T: Real>() -> ConvexPolygon<T> {
    let h = T::one();
    ConvexPolygon::new(&[
        Point2::new(-h, -h),
        Point2::new(h, -h),
        Point2::new(h, h),
        Point2::new(-h, h),
    ])
    .unwrap()
}

macro_rules! nan_cases {
    ($($t:ident),*) => {$(
        mod $t {
            use super::*;
            type T = $t;

            fn nan_poses() -> Vec<Pose2<T>> {
                vec![
                    Pose2::new(Vector2::new(T::NAN, 0.0), 0.0),
                    Pose2::new(Vector2::new(0.5, 0.0), T::NAN),
                ]
            }

            /// Checks the contract for one pair of shapes with B at a NaN pose.
            fn check<A, B>(a: &A, b: &B)
            where
                A: separating_axis::Shape<T, 2> + 'static,
                B: separating_axis::Shape<T, 2> + 'static,
            {
                let id = Pose2::identity();
                for bad in nan_poses() {
                    assert!(!intersects(a, &id, b, &bad));
                    assert!(!intersects(b, &bad, a, &id));
                    assert!(penetration(a, &id, b, &bad).is_none());
                    assert!(separation(a, &id, b, &bad).distance.is_nan());
                    assert!(separation(b, &bad, a, &id).distance.is_nan());
                    assert_eq!(containment(a, &id, b, &bad), Containment::default());
                }
            }

            #[test]
            fn nan_pose_polygon_pair() {
                check(&square::<T>(), &square::<T>());
            }

            #[test]
            fn nan_pose_mixed_pairs() {
                let ball = Ball::new(Point2::<T>::origin(), 1.0).unwrap();
                let obb = Obb::new(Point2::origin(), Rotation2::new(0.3), Vector2::new(1.0, 0.5)).unwrap();
                let aabb = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
                check(&ball, &ball);
                check(&square::<T>(), &ball);
                check(&ball, &obb);
                check(&obb, &aabb);
                // Two boxes take the box path, with its own boolean loop.
                check(&obb, &obb);
            }

            // The polyhedron pair path hands NaN poses to the engine.
            #[test]
            fn nan_pose_hull_pair() {
                let h = hull::<T>();
                let id = Pose3::identity();
                let bad_poses = [
                    Pose3::from_parts(Vector3::new(T::NAN, 0.0, 0.0).into(), Rotation3::identity()),
                    Pose3::from_parts(Vector3::zeros().into(), Rotation3::new(Vector3::new(T::NAN, 0.0, 0.0))),
                ];
                for bad in bad_poses {
                    assert!(!intersects(&h, &id, &h, &bad));
                    assert!(!intersects(&h, &bad, &h, &id));
                    assert!(penetration(&h, &id, &h, &bad).is_none());
                    assert!(separation(&h, &id, &h, &bad).distance.is_nan());
                    assert!(separation(&h, &bad, &h, &id).distance.is_nan());
                }
                // Huge but finite: the arithmetic overflows, nothing panics.
                let big = T::MAX / 4.0;
                let far = Pose3::from_parts(Vector3::new(big, -big, big).into(), Rotation3::identity());
                let _ = separation(&h, &id, &h, &far);
                let _ = penetration(&h, &far, &h, &id);
            }

            #[test]
            fn nan_point_is_outside() {
                let nan = Point2::new(T::NAN, 0.0);
                let id = Pose2::identity();
                assert!(!contains_point(&square::<T>(), &id, &nan));
                assert!(!contains_point(&Ball::new(Point2::<T>::origin(), 1.0).unwrap(), &id, &nan));
                let obb = Obb::new(Point2::<T>::origin(), Rotation2::new(0.3), Vector2::new(1.0, 0.5)).unwrap();
                assert!(!contains_point(&obb, &id, &nan));
            }

            // Huge but finite coordinates overflow to infinities inside the
            // arithmetic; the queries must still return, not panic.
            #[test]
            fn extreme_finite_input_does_not_panic() {
                let big = T::MAX / 4.0;
                let far = Pose2::new(Vector2::new(big, -big), 1.0);
                let ball = Ball::new(Point2::<T>::origin(), separating_axis::real::max_magnitude()).unwrap();
                let sq = square::<T>();
                let id = Pose2::identity();
                let _ = separation(&sq, &id, &sq, &far);
                let _ = separation(&ball, &id, &sq, &far);
                let _ = separation(&ball, &far, &ball, &id);
                let _ = containment(&ball, &far, &sq, &id);
                // Concentric tiny balls: no axis is defined, the fallback
                // axis answers with the exact depth.
                let tiny = Ball::new(Point2::<T>::origin(), separating_axis::real::min_size()).unwrap();
                let s = separation(&tiny, &id, &tiny, &id);
                assert!(s.distance <= 0.0);
            }
        }
    )*};
}

nan_cases!(f32, f64);
