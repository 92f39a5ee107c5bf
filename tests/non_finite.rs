//! One rule for non-finite input (issue 35, class 7; docs/contract.md,
//! "Non-finite input"): a pose, point, ray or velocity holding an infinity
//! or a NaN is not a place, and every query answers as for NaN:
//! `intersects` and `contains_point` false, `penetration`, the casts and the
//! rays `None`, `separation`, `distance`, `signed_distance` and
//! `closest_points` a NaN distance, `project_point` a NaN distance and not
//! inside, the manifold empty, `shape_aabb` an error. Box pairs, polygon
//! pairs, mixed pairs and hulls, both argument orders, f32 and f64.

use nalgebra::{Matrix2, Matrix3, Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    cast_motions, cast_ray, cast_ray_toi, cast_shapes, closest_points, contact_manifold,
    containment, contains_point, distance, intersects, penetration, project_point, separation,
    shape_aabb, signed_distance, AnyShape, Ball, ContactDim, ConvexPolygon, ConvexPolyhedron,
    Motion2, Obb, PolytopeDim, Pose, Pose2, Pose3, Ray,
};

use crate::support::scalars::{f, in_both_scalars, t, TestReal};

thread_local! {
    /// The failures of the current test, reported together at its end.
    static FAILURES: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `assert!` that records the failure and goes on, so that one run lists
/// every query that answers a bad input.
macro_rules! check {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            FAILURES.with(|f| f.borrow_mut().push(format!($($msg)+)));
        }
    };
}

/// Panics with every recorded failure.
fn report() {
    let failures = FAILURES.with(|f| std::mem::take(&mut *f.borrow_mut()));
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Poses that are not places: infinite translations (one coordinate, both,
/// of either sign), a rotation holding an infinity, NaN.
fn bad_poses_2d<T: TestReal>() -> Vec<(&'static str, Pose2<T>)> {
    let (inf, nan, z) = (t::<T>(f64::INFINITY), t::<T>(f64::NAN), T::zero());
    let o = T::one();
    let turned = |m: Matrix2<T>| {
        let mut p = Pose2::identity();
        p.rotation = Rotation2::from_matrix_unchecked(m);
        p
    };
    vec![
        ("+inf x", Pose2::new(Vector2::new(inf, z), z)),
        ("-inf y", Pose2::new(Vector2::new(z, -inf), z)),
        ("inf both", Pose2::new(Vector2::new(inf, inf), z)),
        ("inf rotation", turned(Matrix2::new(inf, z, z, o))),
        ("-inf rotation", turned(Matrix2::new(o, -inf, z, o))),
        ("inf rotation below", turned(Matrix2::new(o, z, inf, o))),
        (
            "-inf rotation diagonal",
            turned(Matrix2::new(o, z, z, -inf)),
        ),
        ("nan rotation", turned(Matrix2::new(nan, nan, nan, nan))),
        ("nan x", Pose2::new(Vector2::new(nan, z), z)),
        // Turned poses with an infinite translation (issue 35, class 4:
        // finite answers where the rotation mixed the infinity in).
        ("turned +inf x", Pose2::new(Vector2::new(inf, z), t(0.7))),
        ("turned -inf y", Pose2::new(Vector2::new(z, -inf), t(-2.1))),
        (
            "turned inf both",
            Pose2::new(Vector2::new(inf, -inf), t(0.7)),
        ),
    ]
}

fn bad_poses_3d<T: TestReal>() -> Vec<(&'static str, Pose3<T>)> {
    let (inf, nan, z) = (t::<T>(f64::INFINITY), t::<T>(f64::NAN), T::zero());
    let o = T::one();
    let turned = |m: Matrix3<T>| {
        let mut p = Pose3::identity();
        p.rotation = Rotation3::from_matrix_unchecked(m);
        p
    };
    vec![
        ("+inf x", Pose3::translation(inf, z, z)),
        ("-inf z", Pose3::translation(z, z, -inf)),
        ("inf all", Pose3::translation(inf, inf, inf)),
        (
            "inf rotation",
            turned(Matrix3::new(o, z, z, z, inf, z, z, z, o)),
        ),
        (
            "-inf rotation corner",
            turned(Matrix3::new(o, z, -inf, z, o, z, z, z, o)),
        ),
        ("nan rotation", turned(Matrix3::from_element(nan))),
        ("nan y", Pose3::translation(z, nan, z)),
        (
            "turned +inf x",
            Pose3::new(
                Vector3::new(inf, z, z),
                Vector3::new(t(0.3), t(-0.5), t(0.7)),
            ),
        ),
        (
            "turned -inf z",
            Pose3::new(
                Vector3::new(z, z, -inf),
                Vector3::new(t(-1.3), t(0.2), t(0.4)),
            ),
        ),
    ]
}

/// Every pair query with `bad` for one shape, `good` for the other, both
/// orders.
fn pair_queries_refuse<T: TestReal, const N: usize>(
    a: &AnyShape<T, N>,
    b: &AnyShape<T, N>,
    good: &Pose<T, N>,
    bad: &Pose<T, N>,
    what: &str,
) where
    nalgebra::Const<N>: PolytopeDim<T, N> + ContactDim<T, N>,
{
    let zero = nalgebra::SVector::<T, N>::zeros();
    let toward =
        nalgebra::SVector::<T, N>::from_fn(|i, _| if i == 0 { T::one() } else { T::zero() });
    for (pa, pb, order) in [(good, bad, "bad B"), (bad, good, "bad A")] {
        let what = format!("{what}, {order} ({})", T::NAME);
        check!(!intersects(a, pa, b, pb), "{what}: intersects");
        let c = containment(a, pa, b, pb);
        check!(!c.a_in_b && !c.b_in_a, "{what}: containment {c:?}");
        check!(penetration(a, pa, b, pb).is_none(), "{what}: penetration");
        check!(
            f(separation(a, pa, b, pb).distance).is_nan(),
            "{what}: separation"
        );
        check!(
            f(distance(a, pa, b, pb)).is_nan(),
            "{what}: distance {}",
            f(distance(a, pa, b, pb))
        );
        check!(
            f(signed_distance(a, pa, b, pb)).is_nan(),
            "{what}: signed_distance"
        );
        let cp = closest_points(a, pa, b, pb);
        check!(
            f(cp.distance).is_nan(),
            "{what}: closest_points {}",
            f(cp.distance)
        );
        check!(
            contact_manifold(a, pa, b, pb, t(0.1)).is_empty(),
            "{what}: manifold"
        );
        for (va, vb) in [(zero, -toward), (toward, zero), (zero, zero)] {
            check!(
                cast_shapes(a, pa, &va, b, pb, &vb, t(10.0)).is_none(),
                "{what}: cast_shapes"
            );
        }
    }
    // Infinite velocities from finite places.
    let inf = toward * t::<T>(f64::INFINITY);
    let far = {
        let mut p = *good;
        p.translation.vector += toward * t::<T>(5.0);
        p
    };
    check!(
        cast_shapes(a, good, &zero, b, &far, &-inf, t(10.0)).is_none(),
        "{what}: infinite speed"
    );
    check!(
        cast_shapes(a, good, &inf, b, &far, &zero, t(10.0)).is_none(),
        "{what}: infinite speed"
    );
}

/// Every one-shape query with a bad pose, point or ray.
fn shape_queries_refuse<T: TestReal, const N: usize>(
    s: &AnyShape<T, N>,
    bad: &Pose<T, N>,
    what: &str,
) where
    nalgebra::Const<N>: PolytopeDim<T, N>,
{
    let what = format!("{what} ({})", T::NAME);
    let origin = nalgebra::Point::<T, N>::origin();
    let x_axis =
        nalgebra::SVector::<T, N>::from_fn(|i, _| if i == 0 { T::one() } else { T::zero() });
    let ray = Ray::new(origin - x_axis * t::<T>(5.0), x_axis);
    check!(!contains_point(s, bad, &origin), "{what}: contains_point");
    let pr = project_point(s, bad, &origin);
    check!(
        f(pr.distance).is_nan() && !pr.inside,
        "{what}: project_point {}",
        f(pr.distance)
    );
    for solid in [true, false] {
        check!(
            cast_ray(s, bad, &ray, t(10.0), solid).is_none(),
            "{what}: cast_ray"
        );
        check!(
            cast_ray_toi(s, bad, &ray, t(10.0), solid).is_none(),
            "{what}: cast_ray_toi"
        );
    }
    check!(shape_aabb(s, bad).is_err(), "{what}: shape_aabb");
    // A good pose, upright or turned, with a bad point or ray, the bad
    // coordinate along each axis.
    for (id, p) in good_places::<T, N>() {
        let x = p - origin;
        let v = format!("{p:?} at {id:?}");
        check!(!contains_point(s, &id, &p), "{what}: contains_point {v}");
        let pr = project_point(s, &id, &p);
        check!(
            f(pr.distance).is_nan() && !pr.inside,
            "{what}: project_point {v}: {}",
            f(pr.distance)
        );
        let from = Ray::new(p, x_axis);
        let along = Ray::new(origin - x_axis * t::<T>(5.0), x);
        for r in [from, along] {
            check!(
                cast_ray(s, &id, &r, t(10.0), true).is_none(),
                "{what}: cast_ray {v}"
            );
            check!(
                cast_ray_toi(s, &id, &r, t(10.0), false).is_none(),
                "{what}: toi {v}"
            );
        }
    }
}

/// Good poses (upright, and turned about every axis) with bad points: one
/// coordinate infinite of either sign or NaN, each axis in turn.
fn good_places<T: TestReal, const N: usize>() -> Vec<(Pose<T, N>, nalgebra::Point<T, N>)> {
    let mut turned = Pose::<T, N>::identity();
    // A rotation by 0.7 in every coordinate plane, built as a matrix
    // product of plane rotations (orthonormal to round-off).
    for i in 0..N {
        for j in i + 1..N {
            let mut m = nalgebra::SMatrix::<T, N, N>::identity();
            let (sn, cs) = (t::<T>(0.7_f64.sin()), t::<T>(0.7_f64.cos()));
            m[(i, i)] = cs;
            m[(j, j)] = cs;
            m[(i, j)] = -sn;
            m[(j, i)] = sn;
            turned.rotation =
                nalgebra::Rotation::from_matrix_unchecked(m * turned.rotation.matrix());
        }
    }
    turned.translation.vector[0] = t(0.4);
    let mut out = Vec::new();
    for pose in [Pose::<T, N>::identity(), turned] {
        for axis in 0..N {
            for v in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN] {
                let mut p = nalgebra::Point::<T, N>::origin();
                p[axis] = t(v);
                out.push((pose, p));
            }
        }
    }
    out
}

fn shapes_2d<T: TestReal>() -> Vec<(&'static str, AnyShape<T, 2>)> {
    let p = |x: f64, y: f64| Point2::new(t::<T>(x), t::<T>(y));
    vec![
        (
            "ball",
            AnyShape::Ball(Ball::new(p(0.1, 0.0), T::one()).unwrap()),
        ),
        (
            "centred ball",
            AnyShape::Ball(Ball::new(p(0.0, 0.0), t(0.5)).unwrap()),
        ),
        (
            "box",
            AnyShape::Obb(
                Obb::new(
                    p(0.0, 0.0),
                    Rotation2::new(t(0.3)),
                    Vector2::new(T::one(), t(0.5)),
                )
                .unwrap(),
            ),
        ),
        (
            "polygon",
            AnyShape::Polytope(
                ConvexPolygon::new(&[p(-1.0, -1.0), p(1.0, -0.8), p(0.6, 1.0), p(-0.7, 0.9)])
                    .unwrap(),
            ),
        ),
        (
            "capsule",
            AnyShape::Capsule(
                separating_axis::Capsule::new(p(-0.5, 0.0), p(0.5, 0.2), t(0.3)).unwrap(),
            ),
        ),
    ]
}

fn shapes_3d<T: TestReal>() -> Vec<(&'static str, AnyShape<T, 3>)> {
    let p = |x: f64, y: f64, z: f64| Point3::new(t::<T>(x), t::<T>(y), t::<T>(z));
    vec![
        (
            "ball",
            AnyShape::Ball(Ball::new(p(0.1, 0.0, 0.0), T::one()).unwrap()),
        ),
        (
            "centred ball",
            AnyShape::Ball(Ball::new(p(0.0, 0.0, 0.0), t(0.5)).unwrap()),
        ),
        (
            "capsule",
            AnyShape::Capsule(
                separating_axis::Capsule::new(p(0.0, -1.0, 0.0), p(0.0, 1.0, 0.0), t(0.5)).unwrap(),
            ),
        ),
        (
            "box",
            AnyShape::Obb(
                Obb::new(
                    p(0.0, 0.0, 0.0),
                    Rotation3::identity(),
                    Vector3::new(T::one(), t(0.5), t(0.7)),
                )
                .unwrap(),
            ),
        ),
        (
            "hull",
            AnyShape::Polytope(
                ConvexPolyhedron::from_hull(&[
                    p(-1.0, -1.0, -1.0),
                    p(1.0, -0.8, -1.0),
                    p(0.6, 1.0, -0.9),
                    p(-0.7, 0.9, 1.0),
                    p(0.2, 0.1, 1.1),
                ])
                .unwrap(),
            ),
        ),
    ]
}

/// Every query on every shape and pair of `shapes`, each bad pose in
/// turn, the other shape at `good`.
fn every_query_refuses<T: TestReal, const N: usize>(
    shapes: &[(&'static str, AnyShape<T, N>)],
    good: &Pose<T, N>,
    bad_poses: &[(&'static str, Pose<T, N>)],
) where
    nalgebra::Const<N>: PolytopeDim<T, N> + ContactDim<T, N>,
{
    for (bad_name, bad) in bad_poses {
        for (na, a) in shapes {
            shape_queries_refuse(a, bad, &format!("{na} at {bad_name}"));
            for (nb, b) in shapes {
                pair_queries_refuse(a, b, good, bad, &format!("{na}-{nb} at {bad_name}"));
            }
        }
    }
}

fn non_finite_input_answers_as_nan_2d<T: TestReal>() {
    let good = Pose2::translation(t(0.5), t(0.25));
    every_query_refuses(&shapes_2d::<T>(), &good, &bad_poses_2d::<T>());
    report();
}

fn non_finite_input_answers_as_nan_3d<T: TestReal>() {
    let good = Pose3::translation(t(0.5), t(0.25), t(-0.1));
    every_query_refuses(&shapes_3d::<T>(), &good, &bad_poses_3d::<T>());
    report();
}

/// `cast_motions` with a rotation holding an infinity, an infinite
/// velocity or angular velocity: no hit (was a hit with a NaN normal).
fn rotating_casts_refuse_non_finite_motions<T: TestReal>() {
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(T::one(), T::one()),
    )
    .unwrap();
    let (inf, z) = (t::<T>(f64::INFINITY), T::zero());
    let still = Motion2 {
        start: Pose2::identity(),
        linvel: Vector2::zeros(),
        angvel: z,
    };
    let coming = Motion2 {
        start: Pose2::translation(t(5.0), z),
        linvel: Vector2::new(-T::one(), z),
        angvel: t(0.5),
    };
    assert!(cast_motions(&square, &still, &square, &coming, t(10.0), t(1e-4)).is_some());
    let mut bad_rotation = coming;
    bad_rotation.start.rotation =
        Rotation2::from_matrix_unchecked(Matrix2::new(inf, z, z, T::one()));
    let mut fast = coming;
    fast.linvel.x = -inf;
    let mut spinning = coming;
    spinning.angvel = inf;
    for (name, m) in [
        ("rotation", bad_rotation),
        ("velocity", fast),
        ("spin", spinning),
    ] {
        assert!(
            cast_motions(&square, &still, &square, &m, t(10.0), t(1e-4)).is_none(),
            "{name}"
        );
        assert!(
            cast_motions(&square, &m, &square, &still, t(10.0), t(1e-4)).is_none(),
            "{name}"
        );
    }
}

in_both_scalars!(
    non_finite_input_answers_as_nan_2d,
    non_finite_input_answers_as_nan_3d,
    rotating_casts_refuse_non_finite_motions,
);
