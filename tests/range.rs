//! The crate-wide range (docs/contract-range.md): constructors refuse
//! coordinates and sizes beyond `real::max_magnitude`, sizes below
//! `real::min_size`, non-orthonormal rotations, reflected poses and `N = 0`;
//! inside the range every query answers right, checked at both ends of it.
//! Runs in `f32` and `f64`, pairs in both argument orders.

use nalgebra::{
    Matrix2, Matrix3, Point, Point2, Point3, Rotation, Rotation2, Rotation3, SMatrix, SVector,
    Translation, UnitQuaternion, Vector2, Vector3,
};
use separating_axis::real::{max_magnitude, min_size, orthonormal_tolerance};
use separating_axis::{
    intersects, penetration, pose_from_matrix, separation, Aabb, Ball, Capsule, ConvexPolyhedron,
    HullError, Obb, Pose, Real, Shape, ShapeError,
};

/// `x` in the scalar type.
fn c<T: Real>(x: f64) -> T {
    nalgebra::convert(x)
}

/// The pose that translates by `v`.
fn shift<T: Real, const N: usize>(v: SVector<T, N>) -> Pose<T, N> {
    Pose::from_parts(Translation::from(v), Rotation::identity())
}

/// `a` placed at `−d/2 · u`, `b` at `+d/2 · u`, both orders: the exact
/// separation is `d − 2s` when both shapes reach `s` from their centre
/// along `u` (and the face normal `u` is the separating one).
/// Checks the verdict, the distance and the depth to `tol` relative to `s`.
fn check_pair<T: Real, const N: usize, A, B>(a: &A, b: &B, s: T, u: SVector<T, N>, what: &str)
where
    A: Shape<T, N> + 'static,
    B: Shape<T, N> + 'static,
{
    let tol = s * T::default_epsilon().sqrt() * c(4.0);
    for (d, expected) in [(s * c(3.0), s), (s * c(0.5), -s * c(1.5))] {
        let (pa, pb) = (shift(-u * (d * c(0.5))), shift(u * (d * c(0.5))));
        let s_ab = separation(a, &pa, b, &pb);
        let s_ba = separation(b, &pb, a, &pa);
        for (order, dist) in [("a, b", s_ab.distance), ("b, a", s_ba.distance)] {
            assert!(
                (dist - expected).abs() <= tol,
                "{what}, size {s:?}, offset {d:?}, {order}: distance {dist:?}, expected {expected:?}"
            );
        }
        let apart = expected > T::zero();
        assert_eq!(
            intersects(a, &pa, b, &pb),
            !apart,
            "{what}, size {s:?}, offset {d:?}"
        );
        assert_eq!(
            intersects(b, &pb, a, &pa),
            !apart,
            "{what}, size {s:?}, offset {d:?}"
        );
        let p_ab = penetration(a, &pa, b, &pb);
        let p_ba = penetration(b, &pb, a, &pa);
        if apart {
            assert!(p_ab.is_none() && p_ba.is_none(), "{what}, size {s:?}");
        } else {
            for p in [p_ab, p_ba] {
                let depth = p.expect("overlapping").depth;
                assert!(
                    (depth + expected).abs() <= tol,
                    "{what}, size {s:?}: depth {depth:?}"
                );
            }
        }
    }
}

/// Every shape of size `s` (radius or half extent) about `centre`, checked
/// against its copy at 3 s and 0.5 s along x (and an oriented box along its
/// own first axis).
fn check_every_shape_2d<T: Real>(s: T, centre: Vector2<T>) {
    let x = Vector2::x();
    let o = Point2::from(centre);
    let ball = Ball::new(o, s).unwrap();
    check_pair(&ball, &ball, s, x, "circle");
    let capsule = Capsule::new(o - Vector2::y() * s, o + Vector2::y() * s, s).unwrap();
    check_pair(&capsule, &capsule, s, x, "capsule");
    let aabb = Aabb::from_half_extents(o, Vector2::repeat(s)).unwrap();
    check_pair(&aabb, &aabb, s, x, "aabb");
    check_pair(&ball, &aabb, s, x, "circle, aabb");
    let r = Rotation2::new(c::<T>(0.3));
    // The thinnest axis first, so that it is also the axis of least depth.
    let t = if s * c(2.0) <= max_magnitude() {
        s
    } else {
        s * c(0.5)
    };
    let obb = Obb::new(o, r, Vector2::new(t, t * c(2.0))).unwrap();
    check_pair(&obb, &obb, t, r * x, "obb");
}

fn check_every_shape_3d<T: Real>(s: T, centre: Vector3<T>) {
    let x = Vector3::x();
    let o = Point3::from(centre);
    let ball = Ball::new(o, s).unwrap();
    check_pair(&ball, &ball, s, x, "sphere");
    let capsule = Capsule::new(o - Vector3::y() * s, o + Vector3::z() * s, s).unwrap();
    check_pair(&capsule, &capsule, s, x, "capsule");
    let aabb = Aabb::from_half_extents(o, Vector3::repeat(s)).unwrap();
    check_pair(&aabb, &aabb, s, x, "aabb");
    check_pair(&ball, &aabb, s, x, "sphere, aabb");
    let r = Rotation3::from_axis_angle(&Vector3::z_axis(), c::<T>(0.3));
    let t = if s * c(2.0) <= max_magnitude() {
        s
    } else {
        s * c(0.5)
    };
    let obb = Obb::new(o, r, Vector3::new(t, t * c(2.0), t * c(2.0))).unwrap();
    check_pair(&obb, &obb, t, r * x, "obb");
    let corners: Vec<Point3<T>> = (0..8)
        .map(|i| {
            let sign = |k: usize| if (i >> k) & 1 == 1 { s } else { -s };
            o + Vector3::new(sign(0), sign(1), sign(2))
        })
        .collect();
    let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    check_pair(&cube, &cube, s, x, "hull cube");
    check_pair(&cube, &ball, s, x, "hull cube, sphere");
    let aligned = Obb::new(o, Rotation3::identity(), Vector3::new(s, s, s)).unwrap();
    check_pair(&cube, &aligned, s, x, "hull cube, obb");
}

macro_rules! range_cases {
    ($($t:ident),*) => {$(
        mod $t {
            use super::*;
            type T = $t;

            // Inside the range, at both ends of it, every query is right: a
            // copy moved 3 sizes away is apart by one size, a copy moved
            // half a size overlaps by 1.5 sizes. Sizes at max_magnitude
            // (centred, and with the farthest coordinate at max_magnitude)
            // and at min_size.
            #[test]
            fn queries_are_right_at_the_ends_of_the_range() {
                let big = max_magnitude::<T>();
                let small = min_size::<T>();
                let half = big * 0.5;
                for (s, c2, c3) in [
                    (big, Vector2::zeros(), Vector3::zeros()),
                    (half, Vector2::new(half, -half), Vector3::new(half, -half, half)),
                    (small, Vector2::zeros(), Vector3::zeros()),
                    (small, Vector2::repeat(small * 3.0), Vector3::repeat(-small * 3.0)),
                ] {
                    check_every_shape_2d(s, c2);
                    check_every_shape_3d(s, c3);
                }
            }

            // Regression: a ball of radius 1e160 (f64) / 1e19 (f32) was
            // accepted, and its copy moved 3 radii away still intersected it
            // (the squared distance overflowed).
            #[test]
            fn ball_too_large_to_square_is_refused() {
                let huge: T = c(if T::EPSILON > 1e-10 { 1e19 } else { 1e160 });
                let limit = f64::from(max_magnitude::<T>());
                let err = Ball::new(Point2::<T>::origin(), huge).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "radius", index: 0, limit });
                let err = Ball::new(Point3::<T>::new(0.0, huge, 0.0), 1.0).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "centre", index: 1, limit });
                let err = Capsule::new(Point2::<T>::origin(), Point2::new(-huge, 0.0), 1.0).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "endpoint", index: 1, limit });
                let err = Capsule::new(Point2::<T>::origin(), Point2::new(1.0, 0.0), huge).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "radius", index: 0, limit });
                let err = Obb::new(Point2::<T>::origin(), Rotation2::new(0.1), Vector2::new(1.0, huge)).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "half extent", index: 1, limit });
                // Just beyond the limit is refused, at it is accepted.
                let next = max_magnitude::<T>() * (1.0 + 4.0 * T::EPSILON);
                assert!(Ball::new(Point2::<T>::origin(), next).is_err());
                assert!(Ball::new(Point2::<T>::origin(), max_magnitude::<T>()).is_ok());
            }

            // Regression: Aabb::new(−huge, +huge) was accepted with infinite
            // half extents (max − min overflowed).
            #[test]
            fn aabb_with_overflowing_extent_is_refused() {
                let huge = T::MAX * 0.75;
                let limit = f64::from(max_magnitude::<T>());
                let err = Aabb::new(Point2::new(-huge, 0.0), Point2::new(huge, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "min", index: 0, limit });
                let err = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, huge)).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "max", index: 2, limit });
                let err = Aabb::from_half_extents(Point2::origin(), Vector2::new(huge, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::TooLarge { field: "half extent", index: 0, limit });
                // The largest box accepted has finite half extents.
                let m = max_magnitude::<T>();
                let b = Aabb::new(Point2::new(-m, -m), Point2::new(m, m)).unwrap();
                assert_eq!(b.half_extents(), Vector2::new(m, m));
            }

            // Regression: hulls of size 1e-30 (f32) and below min_size (f64)
            // were accepted, and a copy moved 3 sizes away still
            // intersected; a hull of 1e30 (f32) / 1e300 (f64) likewise.
            #[test]
            fn hull_outside_the_range_is_refused() {
                let cube = |s: T| -> Vec<Point3<T>> {
                    (0..8)
                        .map(|i| Point3::new(
                            if i & 1 == 1 { s } else { -s },
                            if i & 2 == 2 { s } else { -s },
                            if i & 4 == 4 { s } else { -s },
                        ))
                        .collect()
                };
                let tiny: T = c(if T::EPSILON > 1e-10 { 1e-30 } else { 1e-160 });
                assert_eq!(ConvexPolyhedron::from_hull(&cube(tiny)).unwrap_err(), HullError::TooSmall);
                let sub = T::MIN_POSITIVE * 0.25;
                assert_eq!(ConvexPolyhedron::from_hull(&cube(sub)).unwrap_err(), HullError::TooSmall);
                let huge: T = c(if T::EPSILON > 1e-10 { 1e30 } else { 1e300 });
                let mut pts = cube(1.0);
                pts[5].y = huge;
                assert_eq!(
                    ConvexPolyhedron::from_hull(&pts).unwrap_err(),
                    HullError::TooLarge { index: 5, coordinate: 1 }
                );
                // A hull of extent min_size (half extent min_size / 2) is accepted.
                assert!(ConvexPolyhedron::from_hull(&cube(min_size::<T>() * 0.5)).is_ok());
                assert_eq!(ConvexPolyhedron::from_hull(&cube(min_size::<T>() * 0.49)).unwrap_err(), HullError::TooSmall);
            }

            // Sizes below min_size are refused for every shape.
            #[test]
            fn sizes_below_min_size_are_refused() {
                let tiny = min_size::<T>() * 0.5;
                let limit = f64::from(min_size::<T>());
                let o = Point2::<T>::origin();
                let small = |field, index| ShapeError::TooSmall { field, index, limit };
                assert_eq!(Ball::new(o, tiny).unwrap_err(), small("radius", 0));
                assert_eq!(Ball::new(o, T::MIN_POSITIVE * 0.5).unwrap_err(), small("radius", 0));
                assert_eq!(Capsule::new(o, o, tiny).unwrap_err(), small("radius", 0));
                // A segment of length zero is a ball; a non-zero one shorter
                // than min_size has no unit direction.
                assert!(Capsule::new(o, o, 1.0).is_ok());
                assert_eq!(Capsule::new(o, Point2::new(0.0, tiny), 1.0).unwrap_err(), small("endpoint", 1));
                assert_eq!(Aabb::new(o, Point2::new(1.0, tiny)).unwrap_err(), small("half extent", 1));
                assert_eq!(Aabb::from_half_extents(o, Vector2::new(tiny, 1.0)).unwrap_err(), small("half extent", 0));
                assert_eq!(Obb::new(o, Rotation2::new(0.2), Vector2::new(1.0, tiny)).unwrap_err(), small("half extent", 1));
            }

            // Regression: a rotation with |RᵀR − I| = 2.8e-4 passed as
            // orthonormal in f32 (the tolerance was sqrt(ε) = 3.5e-4), and
            // the box's face normals were then off unit by 1.4e-4. The same
            // in f64 at 0.8 sqrt(ε) = 1.2e-8.
            #[test]
            fn rotation_off_by_sqrt_epsilon_is_refused() {
                let delta = T::EPSILON.sqrt() * 0.8;
                let mut m = *Rotation3::from_axis_angle(&Vector3::x_axis(), 0.4).matrix();
                m.column_mut(0).scale_mut((1.0 + delta).sqrt());
                let off = (m.transpose() * m - Matrix3::identity()).amax();
                assert!(off > delta * 0.9 && off < delta * 1.1, "{off}");
                let r = Rotation3::from_matrix_unchecked(m);
                let err = Obb::new(Point3::origin(), r, Vector3::new(1.0, 1.0, 1.0)).unwrap_err();
                assert_eq!(err, ShapeError::NonOrthonormalRotation);
                assert_eq!(pose_from_matrix(&m, &Vector3::zeros()).unwrap_err(), ShapeError::NonOrthonormalRotation);
            }

            // Every rotation nalgebra builds passes, with the margin the
            // doc of `orthonormal_tolerance` claims: a rotation built
            // directly deviates by at most a quarter of the tolerance, a
            // product of 32 passes.
            #[test]
            fn nalgebra_rotations_pass_the_orthonormal_check() {
                let mut state = 0x1234_5678_9abc_def0_u64;
                let mut next = || {
                    state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                    let mut z = state;
                    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                    c::<T>(((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0)
                };
                let dev3 = |m: &Matrix3<T>| (m.transpose() * m - Matrix3::identity()).amax();
                let dev2 = |m: &Matrix2<T>| (m.transpose() * m - Matrix2::identity()).amax();
                let mut worst: T = 0.0;
                let h = Vector3::new(1.0, 2.0, 3.0);
                for _ in 0..20_000 {
                    let axis = Vector3::new(next(), next(), next());
                    let angle = next() * 10.0;
                    let r2 = Rotation2::new(angle * 100.0);
                    let q = UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(next(), next(), next(), next()));
                    let mut chain = Rotation3::identity();
                    for _ in 0..32 {
                        chain *= Rotation3::new(Vector3::new(next(), next(), next()) * 3.0);
                    }
                    let chained = dev3(chain.matrix());
                    assert!(chained <= orthonormal_tolerance::<T>(), "{}", chained / T::EPSILON);
                    assert!(Obb::new(Point3::origin(), chain, h).is_ok());
                    let rs = [
                        Rotation3::new(axis * angle),
                        q.to_rotation_matrix(),
                        Rotation3::from_euler_angles(angle, next() * 3.5, next() * 3.5),
                        Rotation3::new(axis * angle) * q.to_rotation_matrix() * Rotation3::new(axis),
                    ];
                    for r in rs {
                        worst = worst.max(dev3(r.matrix()));
                        assert!(Obb::new(Point3::origin(), r, h).is_ok(), "{r:?}");
                        assert!(pose_from_matrix(r.matrix(), &h).is_ok(), "{r:?}");
                    }
                    worst = worst.max(dev2(r2.matrix()));
                    assert!(Obb::new(Point2::origin(), r2, Vector2::new(1.0, 2.0)).is_ok());
                    assert!(pose_from_matrix(r2.matrix(), &Vector2::zeros()).is_ok());
                }
                assert!(worst <= orthonormal_tolerance::<T>() * 0.25, "{}", worst / T::EPSILON);
            }

            // Regression: a pose with a scaled, sheared, rank-one or
            // reflected rotation was accepted silently; pose_from_matrix
            // refuses each, with one error per cause.
            #[test]
            fn pose_from_matrix_refuses_each_cause() {
                let t = Vector2::new(1.0, -2.0);
                let bad = |m: Matrix2<T>| pose_from_matrix(&m, &t).unwrap_err();
                assert_eq!(bad(Matrix2::new(1.5, 0.0, 0.0, 1.5)), ShapeError::NonOrthonormalRotation);
                assert_eq!(bad(Matrix2::new(1.0, 0.2, 0.0, 1.0)), ShapeError::NonOrthonormalRotation);
                assert_eq!(bad(Matrix2::new(1.0, 1.0, 0.0, 0.0)), ShapeError::NonOrthonormalRotation);
                assert_eq!(bad(Matrix2::zeros()), ShapeError::NonOrthonormalRotation);
                assert_eq!(bad(Matrix2::new(0.0, 1.0, 1.0, 0.0)), ShapeError::Reflection);
                assert_eq!(bad(Matrix2::new(T::NAN, 0.0, 0.0, 1.0)), ShapeError::NonFinite { field: "rotation", index: 0 });
                assert_eq!(bad(Matrix2::new(1.0, T::INFINITY, 0.0, 1.0)), ShapeError::NonFinite { field: "rotation", index: 2 });
                let id = Matrix2::identity();
                assert_eq!(
                    pose_from_matrix(&id, &Vector2::new(0.0, T::NAN)).unwrap_err(),
                    ShapeError::NonFinite { field: "translation", index: 1 }
                );
                let limit = f64::from(max_magnitude::<T>());
                assert_eq!(
                    pose_from_matrix(&id, &Vector2::new(T::MAX, 0.0)).unwrap_err(),
                    ShapeError::TooLarge { field: "translation", index: 0, limit }
                );
                // 3D: a reflection through a plane, a rotation composed with
                // one (det −1 both), and -I.
                let mirror = Matrix3::new(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -1.0);
                let turned = Rotation3::new(Vector3::new(0.3, -0.2, 0.9)).matrix() * mirror;
                for m in [mirror, turned, -Matrix3::identity()] {
                    assert_eq!(pose_from_matrix(&m, &Vector3::zeros()).unwrap_err(), ShapeError::Reflection);
                }
                // A rotation passes unchanged, bit for bit.
                let r = *Rotation3::new(Vector3::new(0.3, -0.2, 0.9)).matrix();
                let p = pose_from_matrix(&r, &Vector3::new(1.0, 2.0, 3.0)).unwrap();
                assert_eq!(*p.rotation.matrix(), r);
                assert_eq!(p.translation.vector, Vector3::new(1.0, 2.0, 3.0));
                assert_eq!(separating_axis::check_pose(&p), Ok(()));
                // N = 1: +1 is the only rotation, -1 a reflection.
                let one = SMatrix::<T, 1, 1>::new(-1.0);
                assert_eq!(pose_from_matrix(&one, &SVector::<T, 1>::new(0.0)).unwrap_err(), ShapeError::Reflection);
                assert!(pose_from_matrix(&-one, &SVector::<T, 1>::new(0.0)).is_ok());
            }

            // Regression: every constructor accepted N = 0.
            #[test]
            fn zero_dimension_shapes_are_refused() {
                let o = Point::<T, 0>::origin();
                let v = SVector::<T, 0>::zeros();
                let r = Rotation::<T, 0>::from_matrix_unchecked(SMatrix::<T, 0, 0>::zeros());
                assert_eq!(Ball::new(o, 1.0).unwrap_err(), ShapeError::ZeroDimension);
                assert_eq!(Capsule::new(o, o, 1.0).unwrap_err(), ShapeError::ZeroDimension);
                assert_eq!(Aabb::new(o, o).unwrap_err(), ShapeError::ZeroDimension);
                assert_eq!(Aabb::from_half_extents(o, v).unwrap_err(), ShapeError::ZeroDimension);
                assert_eq!(Obb::new(o, r, v).unwrap_err(), ShapeError::ZeroDimension);
                assert_eq!(pose_from_matrix(r.matrix(), &v).unwrap_err(), ShapeError::ZeroDimension);
            }

            // Regression: a reflected rotation was stored as is (det −1),
            // which nalgebra's `Rotation` and the 3D box pair path assume
            // never happens. It is now the same box with a proper rotation.
            #[test]
            fn reflected_obb_is_the_same_box() {
                let h = Vector3::new(1.0, 2.0, 0.5);
                let proper = Rotation3::new(Vector3::new(0.3, -0.7, 0.2));
                let mirror = Matrix3::new(1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, -1.0);
                let reflected = Rotation3::from_matrix_unchecked(proper.matrix() * mirror);
                let centre = Point3::new(0.5, -1.0, 2.0);
                let a = Obb::new(centre, reflected, h).unwrap();
                let b = Obb::new(centre, proper, h).unwrap();
                assert!(a.rotation().matrix().determinant() > 0.0);
                assert_eq!(a, b);
                let other = Obb::new(Point3::new(2.5, 1.0, 1.0), Rotation3::new(Vector3::new(1.0, 0.5, 0.1)), h).unwrap();
                let id = Pose::identity();
                let got: T = separation(&a, &id, &other, &id).distance;
                let want: T = separation(&b, &id, &other, &id).distance;
                assert_eq!(got.to_bits(), want.to_bits());
                // 2D and 1D.
                let m2 = Rotation2::new(0.4).matrix() * Matrix2::new(1.0, 0.0, 0.0, -1.0);
                let b2 = Obb::new(Point2::origin(), Rotation2::from_matrix_unchecked(m2), Vector2::new(1.0, 2.0)).unwrap();
                assert_eq!(*b2.rotation(), Rotation2::new(0.4));
                let m1 = Rotation::<T, 1>::from_matrix_unchecked(SMatrix::<T, 1, 1>::new(-1.0));
                let b1 = Obb::new(Point::<T, 1>::origin(), m1, SVector::<T, 1>::new(1.0)).unwrap();
                assert_eq!(*b1.rotation(), Rotation::identity());
            }
        }
    )*};
}

range_cases!(f32, f64);
