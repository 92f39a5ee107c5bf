//! `distance`, `closest_points` and `signed_distance` (docs/distance.md):
//! hand-derived cases, random pools against the brute-force oracle of the
//! core-vertex-difference hull (`support/oracle_round.rs`), swap symmetry,
//! the certificate, agreement with `intersects` at the touching float and
//! ±1 ulp, and degenerate inputs that must terminate. f32 and f64, both
//! argument orders.

use crate::support::oracle_round;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};
use crate::support::scene2d::{random_polygon, Scene};

use nalgebra::{
    Isometry, Point, Point2, Point3, Rotation2, Rotation3, SVector, Translation, Unit, Vector2,
    Vector3,
};
use separating_axis::{
    closest_points, distance, intersects, separation, signed_distance, Aabb, Ball, Capsule,
    ConvexPolygon, ConvexPolyhedron, Obb, Pose, Pose2, Pose3, Posed, Shape, Support,
};

// ---------------------------------------------------------------------------
// The checks every answer gets
// ---------------------------------------------------------------------------

/// `x` of a test scalar in `f64`, for any vector.
fn vf<T: TestReal, const N: usize>(v: &SVector<T, N>) -> SVector<f64, N> {
    v.map(f)
}

/// The gap of A and B along the world axis `u` (A towards B), from the
/// posed shapes' support values alone.
fn gap_along<T, const N: usize>(
    a: &dyn Shape<T, N>,
    pa: &Pose<T, N>,
    b: &dyn Shape<T, N>,
    pb: &Pose<T, N>,
    u: &SVector<T, N>,
) -> T
where
    T: TestReal,
{
    let ha = Posed::new(a, pa).local_support_value(u);
    let hb = Posed::new(b, pb).local_support_value(&-u);
    -(ha + hb)
}

/// Every query on one pair in one order; checks what holds for any pair
/// and returns the distance. `tol` is the absolute tolerance of the
/// certificate and of the points.
fn check_one<T, const N: usize>(
    a: &dyn Shape<T, N>,
    pa: &Pose<T, N>,
    b: &dyn Shape<T, N>,
    pb: &Pose<T, N>,
    tol: f64,
) -> Result<f64, String>
where
    T: TestReal,
{
    let d = distance(a, pa, b, pb);
    let cp = closest_points(a, pa, b, pb);
    let sd = signed_distance(a, pa, b, pb);
    let sep = separation(a, pa, b, pb);
    let hit = intersects(a, pa, b, pb);
    if !same(cp.distance, d) {
        return Err(format!(
            "closest_points.distance {:?} != distance {d:?}",
            cp.distance
        ));
    }
    // The one inequality: distance > 0 exactly when intersects is false.
    if (d > T::zero()) == hit || (sd > T::zero()) == hit {
        return Err(format!("intersects {hit}, distance {d:?}, signed {sd:?}"));
    }
    if hit {
        if !same(d, T::zero()) || !same(sd, sep.distance) {
            return Err(format!(
                "overlap: distance {d:?}, signed {sd:?}, sep {sep:?}"
            ));
        }
        return Ok(0.0);
    }
    if !same(sd, d) {
        return Err(format!("apart: signed {sd:?} != distance {d:?}"));
    }
    // SAT's gap is a lower bound, to the certificate's tolerance (the
    // iteration does not read SAT's gap; round-off in each).
    if f(d) < f(sep.distance) - tol {
        return Err(format!(
            "distance {d:?} below separation {:?}",
            sep.distance
        ));
    }
    // The certificate: gap <= distance, within tol, and it is the gap of
    // the shapes along the axis, recomputed here from support values.
    let (df, gf) = (f(d), f(cp.gap));
    let along = f(gap_along(a, pa, b, pb, &cp.axis.into_inner()));
    if !(gf <= df && df - gf <= tol && (along - gf).abs() <= tol) {
        return Err(format!(
            "certificate: distance {df}, gap {gf}, gap recomputed {along}"
        ));
    }
    // The points: B's minus A's is distance·axis, and each is extreme on
    // its shape along the axis (on the boundary facing the other).
    let u = vf(&cp.axis.into_inner());
    let diff = vf(&(cp.point_b - cp.point_a));
    if (diff - u * df).norm() > tol {
        return Err(format!(
            "point_b − point_a = {diff:?}, distance·axis = {:?}",
            u * df
        ));
    }
    let ha = f(Posed::new(a, pa).local_support_value(&cp.axis.into_inner()));
    let hb = f(Posed::new(b, pb).local_support_value(&-cp.axis.into_inner()));
    let (on_a, on_b) = (
        u.dot(&vf(&cp.point_a.coords)),
        -u.dot(&vf(&cp.point_b.coords)),
    );
    if (ha - on_a).abs() > tol || (hb - on_b).abs() > tol {
        return Err(format!(
            "points off the boundary: h_A {ha} vs {on_a}, h_B(−u) {hb} vs {on_b}"
        ));
    }
    Ok(df)
}

/// [`check_one`] in both orders, and the distance is symmetric.
fn check<T, const N: usize>(
    a: &dyn Shape<T, N>,
    pa: &Pose<T, N>,
    b: &dyn Shape<T, N>,
    pb: &Pose<T, N>,
    tol: f64,
) -> Result<f64, String>
where
    T: TestReal,
{
    let ab = check_one(a, pa, b, pb, tol)?;
    let ba = check_one(b, pb, a, pa, tol).map_err(|e| format!("swapped: {e}"))?;
    if (ab - ba).abs() > tol {
        return Err(format!("not symmetric: {ab} vs {ba}"));
    }
    Ok(ab)
}

/// Bitwise equality of two scalars (NaN equals NaN), without `float_cmp`.
fn same<T: TestReal>(x: T, y: T) -> bool {
    // f64 holds every f32 and f64 exactly.
    let (x, y) = (f(x), f(y));
    x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan())
}

/// `eps` of the scalar, in f64.
fn eps<T: TestReal>() -> f64 {
    f(T::default_epsilon())
}

/// The tolerance of an answer at scale `s`: 64 epsilons of it (f64:
/// `1.4e-14·s`, inside the issue's `1e-12`; f32: `7.6e-6·s`, a few dozen
/// round-offs of the coordinates).
fn tol_at<T: TestReal>(s: f64) -> f64 {
    64.0 * eps::<T>() * s.max(1.0)
}

// ---------------------------------------------------------------------------
// Hand-derived cases
// ---------------------------------------------------------------------------

fn square<T: TestReal>() -> Aabb<T, 2> {
    Aabb::new(Point2::new(t(0.0), t(0.0)), Point2::new(t(1.0), t(1.0))).unwrap()
}

fn cube<T: TestReal>() -> Aabb<T, 3> {
    Aabb::new(
        Point3::new(t(0.0), t(0.0), t(0.0)),
        Point3::new(t(1.0), t(1.0), t(1.0)),
    )
    .unwrap()
}

fn assert_close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() <= tol, "{what}: got {got}, want {want}");
}

/// Unit squares corner to corner: SAT's best axis says 1, the distance is
/// √2; unit cubes: 1 and √3 (the examples).
fn squares_and_cubes_corner_to_corner<T: TestReal>() {
    let (sq, c) = (square::<T>(), cube::<T>());
    let (p2, p3) = (Pose2::<T>::identity(), Pose3::<T>::identity());
    let q2 = Pose2::translation(t(2.0), t(2.0));
    let q3 = Pose3::translation(t(2.0), t(2.0), t(2.0));
    let tol = tol_at::<T>(2.0);
    let d2 = check(&sq, &p2, &sq, &q2, tol).unwrap();
    assert_close(d2, 2.0_f64.sqrt(), tol, "squares");
    assert_close(
        f(separation(&sq, &p2, &sq, &q2).distance),
        1.0,
        0.0,
        "SAT squares",
    );
    let d3 = check(&c, &p3, &c, &q3, tol).unwrap();
    assert_close(d3, 3.0_f64.sqrt(), tol, "cubes");
    assert_close(
        f(separation(&c, &p3, &c, &q3).distance),
        1.0,
        0.0,
        "SAT cubes",
    );
    // The closest points are the facing corners.
    let cp = closest_points(&sq, &p2, &sq, &q2);
    assert_close(f(cp.point_a.x), 1.0, tol, "corner a.x");
    assert_close(f(cp.point_a.y), 1.0, tol, "corner a.y");
    assert_close(f(cp.point_b.x), 2.0, tol, "corner b.x");
    assert_close(f(cp.point_b.y), 2.0, tol, "corner b.y");
}

/// Box face to box face, offset sideways: the distance is exactly SAT's
/// face gap, bit for bit (separation is exact for a face and a point).
fn box_face_to_box_face_is_exact<T: TestReal>() {
    let b = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t(1.0), t(2.0), t(0.5)),
    )
    .unwrap();
    let pa = Pose3::<T>::new(Vector3::new(t(0.25), t(-1.0), t(3.0)), Vector3::zeros());
    let pb = Pose3::<T>::new(Vector3::new(t(3.5), t(0.5), t(3.25)), Vector3::zeros());
    let d = check(&b, &pa, &b, &pb, tol_at::<T>(4.0)).unwrap();
    assert_eq!(d.to_bits(), 1.25_f64.to_bits(), "{}", T::NAME);
    let s = f(separation(&b, &pa, &b, &pb).distance);
    assert_eq!(s.to_bits(), 1.25_f64.to_bits(), "{}", T::NAME);
}

/// Balls at a 3-4-5 offset: 5 − 1 − 2 = 2, the points on the centre line.
fn ball_ball<T: TestReal>() {
    let a = Ball::new(Point2::origin(), t::<T>(1.0)).unwrap();
    let b = Ball::new(Point2::origin(), t::<T>(2.0)).unwrap();
    let pa = Pose2::translation(t(1.0), t(1.0));
    let pb = Pose2::translation(t(4.0), t(5.0));
    let tol = tol_at::<T>(5.0);
    assert_close(check(&a, &pa, &b, &pb, tol).unwrap(), 2.0, tol, "balls");
    let cp = closest_points(&a, &pa, &b, &pb);
    assert_close(f(cp.point_a.x), 1.6, tol, "a.x");
    assert_close(f(cp.point_a.y), 1.8, tol, "a.y");
    assert_close(f(cp.point_b.x), 2.8, tol, "b.x");
    assert_close(f(cp.point_b.y), 3.4, tol, "b.y");
}

/// Skew capsules in 3D: segments along x and y, 3 apart in z, turned and
/// moved together: 3 − 0.5 − 0.25 = 2.25, the points above each other.
fn capsule_capsule_skew<T: TestReal>() {
    let a = Capsule::new(
        Point3::new(t(-1.0), t(0.0), t(0.0)),
        Point3::new(t(1.0), t(0.0), t(0.0)),
        t::<T>(0.5),
    )
    .unwrap();
    let b = Capsule::new(
        Point3::new(t(0.3), t(-1.0), t(3.0)),
        Point3::new(t(0.3), t(1.2), t(3.0)),
        t::<T>(0.25),
    )
    .unwrap();
    let turn = Vector3::new(t(0.3), t(-0.7), t(1.1));
    let shift = Vector3::new(t(5.0), t(-2.0), t(1.0));
    let pose = Pose3::<T>::new(shift, turn);
    let d = check(&a, &pose, &b, &pose, tol_at::<T>(8.0)).unwrap();
    assert_close(d, 2.25, tol_at::<T>(8.0), "capsules");
    let cp = closest_points(&a, &pose, &b, &pose);
    let local = pose.inverse_transform_point(&cp.point_a);
    assert_close(f(local.x), 0.3, tol_at::<T>(8.0), "on A at x = 0.3");
    assert_close(f(local.z), 0.5, tol_at::<T>(8.0), "on A's top");
}

// ---------------------------------------------------------------------------
// Random pools against the oracle
// ---------------------------------------------------------------------------

/// A random shape of the 3D pool, in `T`: a box, a ball, a capsule or a
/// hull of 5 to 7 points (the brute-force oracle is O(n⁴) in the
/// difference's point count).
fn random_shape3<T: TestReal>(rng: &mut Rng, size: f64) -> Box<dyn Shape<T, 3>> {
    let p = |v: Vector3<f64>| Point3::new(t(v.x), t(v.y), t(v.z));
    let c = rng.unit_vector3() * rng.range(0.0, 0.3 * size);
    match rng.below(4) {
        0 => {
            let h = Vector3::new(
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
            );
            let r = rng.rotation();
            let r = Rotation3::from_matrix_unchecked(r.matrix().map(t));
            Box::new(Obb::new(p(c), r, (h * size).map(t)).unwrap())
        }
        1 => Box::new(Ball::new(p(c), t(rng.range(0.2, 1.0) * size)).unwrap()),
        2 => {
            let half = rng.unit_vector3() * rng.range(0.0, size);
            Box::new(Capsule::new(p(c - half), p(c + half), t(rng.range(0.1, 0.6) * size)).unwrap())
        }
        _ => loop {
            let n = 5 + rng.below(3);
            let points: Vec<Point3<T>> = (0..n)
                .map(|_| p(c + rng.unit_vector3() * size * rng.range(0.5, 1.0)))
                .collect();
            if let Ok(hull) = ConvexPolyhedron::from_hull(&points) {
                return Box::new(hull);
            }
        },
    }
}

/// A random shape of the 2D pool: a polygon, a ball, a capsule or a box.
fn random_shape2<T: TestReal>(rng: &mut Rng, size: f64) -> Box<dyn Shape<T, 2>> {
    let p = |v: Vector2<f64>| Point2::new(t(v.x), t(v.y));
    let c = rng.unit_vector2() * rng.range(0.0, 0.3 * size);
    match rng.below(4) {
        0 => Box::new(random_polygon::<T>(rng, size)),
        1 => Box::new(Ball::new(p(c), t(rng.range(0.2, 1.0) * size)).unwrap()),
        2 => {
            let half = rng.unit_vector2() * rng.range(0.0, size);
            Box::new(Capsule::new(p(c - half), p(c + half), t(rng.range(0.1, 0.6) * size)).unwrap())
        }
        _ => {
            let h = Vector2::new(rng.range(0.2, 1.0), rng.range(0.2, 1.0)) * size;
            let (co, si) = rng.rational_cos_sin();
            let r = Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(
                t(co),
                t(-si),
                t(si),
                t(co),
            ));
            Box::new(Obb::new(p(c), r, h.map(t)).unwrap())
        }
    }
}

/// A pose whose translation is `offset` and whose rotation is random.
fn random_pose<T: TestReal, const N: usize>(rng: &mut Rng, offset: SVector<f64, N>) -> Pose<T, N> {
    let rotation = if N == 3 {
        let r = rng.rotation();
        nalgebra::Rotation::from_matrix_unchecked(nalgebra::SMatrix::<f64, N, N>::from_fn(
            |i, j| r[(i, j)],
        ))
    } else {
        let (c, s) = rng.rational_cos_sin();
        nalgebra::Rotation::from_matrix_unchecked(nalgebra::SMatrix::<f64, N, N>::from_fn(
            |i, j| match (i, j) {
                (0, 0) | (1, 1) => c,
                (1, 0) => s,
                (0, 1) => -s,
                _ => f64::from(u8::from(i == j)),
            },
        ))
    };
    Isometry::from_parts(
        Translation::from(offset.map(t)),
        nalgebra::Rotation::from_matrix_unchecked(rotation.matrix().map(t)),
    )
}

/// A shape's core vertices in the world, in f64 (the pose converted first).
fn world_core<T: TestReal, const N: usize>(
    s: &dyn Shape<T, N>,
    pose: &Pose<T, N>,
) -> Vec<Point<f64, N>> {
    let r = pose.rotation.matrix().map(f);
    let tr = vf(&pose.translation.vector);
    (0..s.core_vertex_count())
        .map(|i| Point::from(r * vf(&s.local_core_vertex(i).coords) + tr))
        .collect()
}

/// The largest world coordinate of the two shapes' cores plus radii.
fn scale_of<T: TestReal, const N: usize>(
    a: &dyn Shape<T, N>,
    pa: &Pose<T, N>,
    b: &dyn Shape<T, N>,
    pb: &Pose<T, N>,
) -> f64 {
    let m = |s: &dyn Shape<T, N>, p: &Pose<T, N>| {
        world_core(s, p)
            .iter()
            .map(|v| v.coords.amax())
            .fold(0.0, f64::max)
            + f(s.radius())
    };
    m(a, pa).max(m(b, pb)).max(1.0)
}

/// One pair of a random pool against the oracle's signed distance: the
/// distance within `tol` of it when apart (by more than the band), `0`
/// when overlapping; returns the error relative to the scale.
fn against_oracle<T: TestReal, const N: usize>(
    a: &dyn Shape<T, N>,
    pa: &Pose<T, N>,
    b: &dyn Shape<T, N>,
    pb: &Pose<T, N>,
    oracle: f64,
    what: &str,
) -> f64 {
    let s = scale_of(a, pa, b, pb);
    let tol = tol_at::<T>(s);
    let d = check(a, pa, b, pb, tol).unwrap_or_else(|e| panic!("{} {what}: {e}", T::NAME));
    if oracle.abs() <= T::BAND * s {
        return 0.0;
    }
    if oracle < 0.0 {
        assert_eq!(
            d.to_bits(),
            0.0_f64.to_bits(),
            "{} {what}: overlapping (oracle {oracle}), distance {d}",
            T::NAME
        );
        return 0.0;
    }
    assert!(
        (d - oracle).abs() <= tol,
        "{} {what}: distance {d}, oracle {oracle}, off by {:e} of scale {s}",
        T::NAME,
        (d - oracle).abs() / s
    );
    (d - oracle).abs() / s
}

/// 2D pools: the property scenes (polygons, circles, boxes; a tenth
/// tie-prone) and polygons, balls, capsules and boxes at random, against
/// the hull of the core-vertex differences.
fn random_pairs_2d_match_the_oracle<T: TestReal>() {
    let mut worst = 0.0_f64;
    for seed in 0..300 {
        let sc = Scene::<T>::from_seed(seed);
        let oracle = sc.oracle_signed_distance();
        worst = worst.max(against_oracle(
            sc.a.shape(),
            &sc.pose_a,
            sc.b.shape(),
            &sc.pose_b,
            oracle,
            &sc.replay(),
        ));
    }
    let mut rng = Rng::new(0x00D1_572D);
    for i in 0..300 {
        let size = rng.skewed_range(0.1, 5.0);
        let a = random_shape2::<T>(&mut rng, size);
        let size_b = rng.skewed_range(0.1, 5.0);
        let b = random_shape2::<T>(&mut rng, size_b);
        let at = rng.unit_vector::<2>() * rng.range(0.0, 20.0);
        let pa = random_pose::<T, 2>(&mut rng, at);
        let off = rng.unit_vector::<2>() * rng.range(0.0, 3.0 * size);
        let pb = random_pose::<T, 2>(&mut rng, vf(&pa.translation.vector) + off);
        let (ca, cb) = (world_core(&*a, &pa), world_core(&*b, &pb));
        let oracle = oracle_round::signed_distance_2d(&ca, f(a.radius()), &cb, f(b.radius()));
        worst = worst.max(against_oracle(
            &*a,
            &pa,
            &*b,
            &pb,
            oracle,
            &format!("2D pair {i}"),
        ));
    }
    println!("{}: worst 2D error {worst:e} of the scale", T::NAME);
}

/// 3D pools: boxes, balls, capsules and small hulls, against the hull of
/// the core-vertex differences.
fn random_pairs_3d_match_the_oracle<T: TestReal>() {
    let mut worst = 0.0_f64;
    let mut rng = Rng::new(0x00D1_573D);
    for i in 0..120 {
        let size = rng.skewed_range(0.2, 4.0);
        let a = random_shape3::<T>(&mut rng, size);
        let size_b = rng.skewed_range(0.2, 4.0);
        let b = random_shape3::<T>(&mut rng, size_b);
        let at = rng.unit_vector::<3>() * rng.range(0.0, 20.0);
        let pa = random_pose::<T, 3>(&mut rng, at);
        let off = rng.unit_vector::<3>() * rng.range(0.0, 3.0 * size);
        let pb = random_pose::<T, 3>(&mut rng, vf(&pa.translation.vector) + off);
        let (ca, cb) = (world_core(&*a, &pa), world_core(&*b, &pb));
        let oracle = oracle_round::signed_distance_3d(&ca, f(a.radius()), &cb, f(b.radius()));
        worst = worst.max(against_oracle(
            &*a,
            &pa,
            &*b,
            &pb,
            oracle,
            &format!("3D pair {i}"),
        ));
    }
    println!("{}: worst 3D error {worst:e} of the scale", T::NAME);
}

// ---------------------------------------------------------------------------
// Agreement with intersects, and what must terminate
// ---------------------------------------------------------------------------

/// At the touching float and ±1 ulp (B moved along x until `intersects`
/// flips, found by bisection on the floats), `distance > 0` exactly when
/// `intersects` is false, for boxes, turned squares, balls, capsules, a
/// pentagon and a hull, both orders ([`check`] compares the verdicts).
fn distance_is_positive_exactly_when_apart<T: TestReal>() {
    let sq = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t::<T>(1.0), t(1.0)),
    )
    .unwrap();
    let ball = Ball::new(Point2::origin(), t::<T>(0.7)).unwrap();
    let cap = Capsule::new(
        Point2::new(t(-0.5), t(0.2)),
        Point2::new(t(0.5), t(-0.1)),
        t::<T>(0.3),
    )
    .unwrap();
    // A pentagon: two polygons take the walk along A − B (vertex against
    // edge, and edge against edge at angle 0).
    let penta = ConvexPolygon::new(
        &[
            (1.0, 0.0),
            (0.3, 0.9),
            (-0.8, 0.6),
            (-0.8, -0.6),
            (0.3, -0.9),
        ]
        .map(|(x, y)| Point2::new(t::<T>(x), t(y))),
    )
    .unwrap();
    let shapes2: [&dyn Shape<T, 2>; 4] = [&sq, &ball, &cap, &penta];
    for a in shapes2 {
        for b in shapes2 {
            for angle in [0.0, 0.1, 0.7] {
                sweep::<T, 2>(a, b, |x| Pose2::new(Vector2::new(x, t(0.3)), t(angle)));
            }
        }
    }
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t::<T>(1.0), t(0.5), t(0.7)),
    )
    .unwrap();
    let sphere = Ball::new(Point3::origin(), t::<T>(0.6)).unwrap();
    let pts: Vec<Point3<T>> = [
        (1.0, 0.0, 0.0),
        (-0.5, 0.8, 0.1),
        (-0.4, -0.7, 0.3),
        (0.1, 0.1, -0.9),
        (0.0, 0.2, 0.8),
    ]
    .iter()
    .map(|&(x, y, z)| Point3::new(t(x), t(y), t(z)))
    .collect();
    let hull = ConvexPolyhedron::from_hull(&pts).unwrap();
    let shapes3: [&dyn Shape<T, 3>; 3] = [&cube, &sphere, &hull];
    for a in shapes3 {
        for b in shapes3 {
            sweep::<T, 3>(a, b, |x| {
                Pose3::new(
                    Vector3::new(x, t(0.2), t(-0.1)),
                    Vector3::new(t(0.1), t(0.4), t(-0.2)),
                )
            });
        }
    }
}

/// Bisects the x where `intersects` flips, then checks [`check`] at the
/// last overlapping float, the first apart one, and one ulp around each.
fn sweep<T: TestReal, const N: usize>(
    a: &dyn Shape<T, N>,
    b: &dyn Shape<T, N>,
    pose_b: impl Fn(T) -> Pose<T, N>,
) {
    let pa = Pose::<T, N>::identity();
    let (mut lo, mut hi) = (t::<T>(0.0), t::<T>(10.0));
    assert!(intersects(a, &pa, b, &pose_b(lo)) && !intersects(a, &pa, b, &pose_b(hi)));
    for _ in 0..200 {
        let mid = (lo + hi) * t(0.5);
        if mid <= lo || mid >= hi {
            break;
        }
        if intersects(a, &pa, b, &pose_b(mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let ulp = |x: T, up: bool| -> T {
        let x = f(x);
        let next = if T::NAME == "f32" {
            let y = x as f32;
            f64::from(if up { y.next_up() } else { y.next_down() })
        } else if up {
            x.next_up()
        } else {
            x.next_down()
        };
        t(next)
    };
    for x in [ulp(lo, false), lo, hi, ulp(hi, true)] {
        let pb = pose_b(x);
        check(a, &pa, b, &pb, tol_at::<T>(12.0))
            .unwrap_or_else(|e| panic!("{} at x = {x:?}: {e}", T::NAME));
    }
}

/// SAT's `separation` is a lower bound of the distance (docs/distance.md; to
/// the certificate's tolerance in floats),
/// strictly below it for the corner-to-corner squares, equal for a face
/// and a point; the 2D box pool keeps `distance ≥ separation`
/// (checked by [`check`] on every pair of the pools too).
fn separation_is_a_lower_bound<T: TestReal>() {
    let sq = square::<T>();
    let id = Pose2::<T>::identity();
    for (x, y) in [(2.0, 2.0), (3.0, 1.5), (-2.5, 0.2), (1.5, -1.75)] {
        let pb = Pose2::translation(t(x), t(y));
        let s = f(separation(&sq, &id, &sq, &pb).distance);
        let d = f(distance(&sq, &id, &sq, &pb));
        let gx = (x.abs() - 1.0_f64).max(0.0);
        let gy = (y.abs() - 1.0_f64).max(0.0);
        assert_close(d, gx.hypot(gy), tol_at::<T>(4.0), "squares");
        assert!(s <= d + tol_at::<T>(4.0), "separation {s} > distance {d}");
        assert_close(s, gx.max(gy), tol_at::<T>(4.0), "SAT's best axis");
    }
}

/// `gap <= distance` and `distance − gap` within the tolerance for every
/// pair of a 3D pool, with the gap recomputed from the shapes' support
/// values along the returned axis ([`check`]).
fn certificate_brackets_the_distance<T: TestReal>() {
    let mut rng = Rng::new(0xCE27);
    for _ in 0..200 {
        let a = random_shape3::<T>(&mut rng, 1.0);
        let size_b = rng.skewed_range(0.05, 3.0);
        let b = random_shape3::<T>(&mut rng, size_b);
        let pa = random_pose::<T, 3>(&mut rng, SVector::zeros());
        let at = rng.unit_vector::<3>() * rng.range(1.0, 6.0);
        let pb = random_pose::<T, 3>(&mut rng, at);
        let s = scale_of(&*a, &pa, &*b, &pb);
        let cp = closest_points(&*a, &pa, &*b, &pb);
        check(&*a, &pa, &*b, &pb, tol_at::<T>(s)).unwrap();
        assert!(cp.gap <= cp.distance);
    }
}

/// A custom shape: a cloud of points with duplicates and points inside its
/// faces, whose support breaks ties towards the last point (so coplanar
/// and duplicate support points keep turning up).
struct Cloud<T: TestReal, const N: usize> {
    points: Vec<Point<T, N>>,
}

impl<T: TestReal, const N: usize> Support<T, N> for Cloud<T, N> {
    fn local_support_point(&self, d: &SVector<T, N>) -> Point<T, N> {
        let mut best = self.points[0];
        for p in &self.points {
            if d.dot(&p.coords) >= d.dot(&best.coords) {
                best = *p;
            }
        }
        best
    }
}

impl<T: TestReal, const N: usize> Shape<T, N> for Cloud<T, N> {
    fn face_count(&self) -> usize {
        0
    }
    fn local_face_normal(&self, _i: usize) -> Unit<SVector<T, N>> {
        Unit::new_unchecked(SVector::from_fn(
            |i, _| if i == 0 { T::one() } else { T::zero() },
        ))
    }
    fn core_vertex_count(&self) -> usize {
        self.points.len()
    }
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        self.points[i]
    }
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        *p
    }
    fn local_contains_point(&self, _p: &Point<T, N>) -> bool {
        false
    }
}

/// Identical boxes touching face to face, coplanar faces apart, a 10⁶ size
/// ratio, duplicate and coplanar support points of a custom shape: every
/// query terminates with the exact answer.
fn degenerate_inputs_terminate<T: TestReal>() {
    // Identical cubes: touching (0), and apart face to face with their
    // coplanar faces (A − B has whole faces of support points).
    let c = cube::<T>();
    let id = Pose3::<T>::identity();
    let touching = Pose3::translation(t(1.0), t(0.0), t(0.0));
    let d = check(&c, &id, &c, &touching, tol_at::<T>(2.0)).unwrap();
    assert_eq!(d.to_bits(), 0.0_f64.to_bits(), "touching");
    let coplanar = Pose3::translation(t(1.5), t(0.25), t(0.0));
    assert_close(
        check(&c, &id, &c, &coplanar, tol_at::<T>(2.0)).unwrap(),
        0.5,
        tol_at::<T>(2.0),
        "coplanar",
    );
    // A 10⁶ box and a ball of 1, 2 apart, off its face centre and near a corner.
    let big = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t::<T>(1e6), t(1e6), t(1e6)),
    )
    .unwrap();
    let small = Ball::new(Point3::origin(), t::<T>(1.0)).unwrap();
    for (p, want) in [
        (Vector3::new(1e6 + 3.0, 5.0, -7.0), 2.0),
        (Vector3::new(1e6 + 3.0, 1e6 + 4.0, 0.5), 4.0),
    ] {
        let pb = Pose3::new(p.map(t), Vector3::zeros());
        let d = check(&big, &id, &small, &pb, tol_at::<T>(1e6)).unwrap();
        assert_close(d, want, tol_at::<T>(1e6), "1e6 ratio");
    }
    // A tiny box against the big one, rotated.
    let tiny = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t::<T>(1.0), t(0.5), t(0.25)),
    )
    .unwrap();
    let pb = Pose3::new(
        Vector3::new(t(1e6 + 2.0), t(3.0), t(1e6 + 2.0)),
        Vector3::new(t(0.3), t(0.2), t(0.1)),
    );
    check(&big, &id, &tiny, &pb, tol_at::<T>(1e6)).unwrap();
    // A custom square with duplicate corners and edge midpoints.
    let pts: Vec<Point2<T>> = [
        (0.0, 0.0),
        (1.0, 0.0),
        (1.0, 0.0),
        (1.0, 0.5),
        (1.0, 1.0),
        (0.5, 1.0),
        (0.0, 1.0),
        (0.0, 1.0),
        (0.0, 0.5),
    ]
    .iter()
    .map(|&(x, y)| Point2::new(t(x), t(y)))
    .collect();
    let cloud = Cloud { points: pts };
    let sq = square::<T>();
    let id2 = Pose2::<T>::identity();
    for (x, y, want) in [
        (2.0, 0.25, 1.0),
        (2.0, 2.0, 2.0_f64.sqrt()),
        (0.5, 3.0, 2.0),
    ] {
        let pb = Pose2::translation(t(x), t(y));
        let d = check_one(&cloud, &id2, &sq, &pb, tol_at::<T>(4.0)).unwrap();
        assert_close(d, want, tol_at::<T>(4.0), "cloud");
        let d = check_one(&sq, &pb, &cloud, &id2, tol_at::<T>(4.0)).unwrap();
        assert_close(d, want, tol_at::<T>(4.0), "cloud swapped");
    }
}

/// NaN in a pose gives a NaN distance, signed distance and closest
/// points distance; far beyond the range, a positive lower bound.
fn nan_gives_nan<T: TestReal>() {
    let sq = square::<T>();
    let id = Pose2::<T>::identity();
    let nan = Pose2::translation(t(f64::NAN), t(0.0));
    assert!(f(distance(&sq, &id, &sq, &nan)).is_nan());
    assert!(f(signed_distance(&sq, &id, &sq, &nan)).is_nan());
    assert!(f(closest_points(&sq, &id, &sq, &nan).distance).is_nan());
    let huge = T::max_value().unwrap() * t(0.5);
    let far = Pose2::translation(huge, t(0.0));
    assert!(distance(&sq, &id, &sq, &far) > T::zero());
    assert!(!intersects(&sq, &id, &sq, &far));
}

/// A disc known only by its support function (radius 0 to the engine, no
/// vertices, no faces): a curved shape the iteration approaches without
/// ever reaching a vertex. Against a square's corner and face the answer
/// is within the certificate, which is tight, and the loop stops.
struct SupportDisc<T: TestReal> {
    radius: T,
}

impl<T: TestReal> Support<T, 2> for SupportDisc<T> {
    fn local_support_point(&self, d: &Vector2<T>) -> Point2<T> {
        let n = d.norm();
        if n > T::zero() {
            Point2::from(d * (self.radius / n))
        } else {
            Point2::new(self.radius, T::zero())
        }
    }
}

impl<T: TestReal> Shape<T, 2> for SupportDisc<T> {
    fn face_count(&self) -> usize {
        0
    }
    fn local_face_normal(&self, _i: usize) -> Unit<Vector2<T>> {
        Vector2::x_axis()
    }
    fn core_vertex_count(&self) -> usize {
        0
    }
    fn local_core_vertex(&self, _i: usize) -> Point2<T> {
        Point2::origin()
    }
    fn local_core_closest_point(&self, p: &Point2<T>) -> Point2<T> {
        *p
    }
    fn local_contains_point(&self, p: &Point2<T>) -> bool {
        p.coords.norm() <= self.radius
    }
}

fn curved_custom_shape_converges_within_its_certificate<T: TestReal>() {
    let disc = SupportDisc {
        radius: t::<T>(1.0),
    };
    let sq = square::<T>();
    let id = Pose2::<T>::identity();
    // (centre of the disc, exact distance to the unit square)
    for (x, y, want) in [
        (3.0, 4.0, (4.0_f64 + 9.0).sqrt() - 1.0),
        (-2.0, -3.0, 13.0_f64.sqrt() - 1.0),
        (0.5, 3.5, 1.5),
    ] {
        let pd = Pose2::translation(t(x), t(y));
        let cp = closest_points(&disc, &pd, &sq, &id);
        let (d, g) = (f(cp.distance), f(cp.gap));
        assert!(
            g <= want + tol_at::<T>(4.0) && want <= d + tol_at::<T>(4.0),
            "{} bracket: gap {g}, want {want}, distance {d}",
            T::NAME
        );
        // A curved support converges to round-off too: f64 within 1e-12,
        // f32 within its coordinates' round-off.
        let close = if T::NAME == "f64" { 1e-12 } else { 1e-5 };
        assert_close(d, want, close, "support disc");
        assert_close(g, want, close, "support disc gap");
        let swapped = f(distance(&sq, &id, &disc, &pd));
        assert_close(swapped, want, close, "support disc swapped");
    }
}

/// The same code in four dimensions: unit tesseracts corner to corner are
/// √4 = 2 apart (SAT's axes say 1), a 4-ball and a box face to point.
fn four_dimensions<T: TestReal>() {
    let lo = Point::<T, 4>::origin();
    let hi = Point::<T, 4>::from(SVector::<T, 4>::repeat(T::one()));
    let tess = Aabb::new(lo, hi).unwrap();
    let id = Pose::<T, 4>::identity();
    let corner = Pose::<T, 4>::from_parts(
        Translation::from(SVector::<T, 4>::repeat(t(2.0))),
        nalgebra::Rotation::identity(),
    );
    let tol = tol_at::<T>(3.0);
    assert_close(
        check(&tess, &id, &tess, &corner, tol).unwrap(),
        2.0,
        tol,
        "tesseracts",
    );
    assert_close(
        f(separation(&tess, &id, &tess, &corner).distance),
        1.0,
        tol,
        "SAT",
    );
    let ball = Ball::new(Point::<T, 4>::origin(), t::<T>(0.5)).unwrap();
    let face = Pose::<T, 4>::from_parts(
        Translation::from(SVector::<T, 4>::new(t(0.5), t(0.25), t(3.0), t(0.75))),
        nalgebra::Rotation::identity(),
    );
    assert_close(
        check(&tess, &id, &ball, &face, tol).unwrap(),
        1.5,
        tol,
        "box-ball 4D",
    );
}

in_both_scalars!(
    squares_and_cubes_corner_to_corner,
    box_face_to_box_face_is_exact,
    ball_ball,
    capsule_capsule_skew,
    random_pairs_2d_match_the_oracle,
    random_pairs_3d_match_the_oracle,
    distance_is_positive_exactly_when_apart,
    separation_is_a_lower_bound,
    certificate_brackets_the_distance,
    degenerate_inputs_terminate,
    nan_gives_nan,
    curved_custom_shape_converges_within_its_certificate,
    four_dimensions,
);
