//! `cast_shapes` and `cast_motions` (src/cast.rs): hand-derived times of
//! impact, the exact polytope path and the Newton path against bisection
//! on `intersects` over time, argument swap, rotation by conservative
//! advancement against fine time stepping; f32 and f64.

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    cast_motions, cast_shapes, distance, intersects, project_point, AnyShape, Ball, Capsule,
    ContactDim, ConvexPolygon, ConvexPolyhedron, Feature, Motion2, Motion3, Obb, PolytopeDim, Pose,
    Pose2, Pose3, Shape,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

fn close<T: TestReal>(got: T, want: f64, tol: f64, what: &str) {
    assert!(
        (f(got) - want).abs() <= tol,
        "{what}: got {}, want {want} ({})",
        f(got),
        T::NAME
    );
}

/// `pose` moved by `vel · time`.
fn moved<T: TestReal, const N: usize>(
    pose: &Pose<T, N>,
    vel: &nalgebra::SVector<T, N>,
    time: T,
) -> Pose<T, N> {
    let mut p = *pose;
    p.translation.vector += vel * time;
    p
}

/// Times of impact by hand: a square sliding into a square, a cube onto a
/// cube's edge, a ball and a capsule into a box, a miss, a start in
/// contact, and the swapped order.
fn casts_by_hand<T: TestReal>() {
    let tol = 1e3 * f(T::default_epsilon());
    let unit = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t::<T>(1.0), t(1.0)),
    )
    .unwrap();
    let still = Vector2::<T>::zeros();
    // Two 2×2 squares 6 apart, B coming at 2 per unit time: they touch
    // when 4 is closed, at t = 2; along −x from B's side, +x from A to B.
    let pa = Pose2::identity();
    let pb = Pose2::translation(t(6.0), t(0.5));
    let vb = Vector2::new(t(-2.0), t(0.0));
    let hit = cast_shapes(&unit, &pa, &still, &unit, &pb, &vb, t(10.0)).unwrap();
    // A face meeting a face: the first Newton step lands on the touch,
    // to the bit.
    assert_eq!(f(hit.toi).to_bits(), 2.0_f64.to_bits(), "squares");
    assert_eq!(hit.normal.into_inner(), Vector2::x());
    // Found on the distance, not on an axis (docs/casts.md).
    assert_eq!(hit.feature, None);
    close(hit.point_b.x, 1.0, tol, "contact on A's right face");
    // Swapped: the same time, the normal negated.
    let swapped = cast_shapes(&unit, &pb, &vb, &unit, &pa, &still, t(10.0)).unwrap();
    close(swapped.toi, 2.0, tol, "squares swapped");
    assert_eq!(swapped.normal.into_inner(), -Vector2::x());
    // Too short a time limit, and moving apart: no hit.
    assert!(cast_shapes(&unit, &pa, &still, &unit, &pb, &vb, t(1.9)).is_none());
    assert!(cast_shapes(&unit, &pa, &still, &unit, &pb, &-vb, t(10.0)).is_none());
    // Passing by above: no hit.
    let high = Pose2::translation(t(6.0), t(2.5));
    assert!(cast_shapes(&unit, &pa, &still, &unit, &high, &vb, t(10.0)).is_none());
    // Overlapping at the start: toi 0 with the penetration normal.
    let over = cast_shapes(
        &unit,
        &pa,
        &still,
        &unit,
        &Pose2::translation(t(1.5), t(0.0)),
        &vb,
        t(1.0),
    )
    .unwrap();
    assert_eq!(f(over.toi).to_bits(), 0);
    assert_eq!(over.normal.into_inner(), Vector2::x());
    assert!(matches!(
        over.feature,
        Some(Feature::FaceA(_) | Feature::FaceB(_))
    ));

    // A ball of radius 1 at (−5, 0) moving at (2, 0) into the square: the
    // gap of 3 closes at t = 1.5; into the corner region from above-left.
    let ball = Ball::new(Point2::origin(), t::<T>(1.0)).unwrap();
    let hit = cast_shapes(
        &ball,
        &Pose2::translation(t(-5.0), t(0.0)),
        &Vector2::new(t(2.0), t(0.0)),
        &unit,
        &pa,
        &still,
        t(10.0),
    )
    .unwrap();
    close(hit.toi, 1.5, tol, "ball into square");
    close(hit.normal.x, 1.0, tol, "ball normal");
    // Towards the corner (−1, 1) along the diagonal from (−4, 4): the
    // centre must come within 1 of the corner: |(−4, 4) + s(1, −1)·v − (−1, 1)| = 1.
    let diag = Vector2::new(t::<T>(1.0), t(-1.0));
    let hit = cast_shapes(
        &ball,
        &Pose2::translation(t(-4.0), t(4.0)),
        &diag,
        &unit,
        &pa,
        &still,
        t(10.0),
    )
    .unwrap();
    close(hit.toi, 3.0 - 0.5f64.sqrt(), 1e2 * tol, "ball into corner");
    close(hit.normal.x, 0.5f64.sqrt(), 1e2 * tol, "corner normal");

    // 3D: a capsule lying along x falling onto a unit cube's top face.
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t::<T>(1.0), t(1.0), t(1.0)),
    )
    .unwrap();
    let log = Capsule::new(
        Point3::new(t::<T>(-2.0), t(0.0), t(0.0)),
        Point3::new(t(2.0), t(0.0), t(0.0)),
        t(0.5),
    )
    .unwrap();
    let above = Pose3::translation(t(0.0), t(4.0), t(0.0));
    let fall = Vector3::new(t::<T>(0.0), t(-1.0), t(0.0));
    let hit = cast_shapes(
        &cube,
        &Pose3::identity(),
        &Vector3::zeros(),
        &log,
        &above,
        &fall,
        t(10.0),
    )
    .unwrap();
    close(hit.toi, 2.5, 1e2 * tol, "capsule onto cube");
    close(hit.normal.y, 1.0, 1e2 * tol, "capsule normal");
    // A cube turned 45° about z falling edge-first onto the cube: its
    // lowest edge is √2 below its centre; from y = 5 it touches at 4 − √2.
    let turned = Pose3::from_parts(
        Vector3::new(t(0.0), t(5.0), t(0.0)).into(),
        Rotation3::from_axis_angle(&Vector3::z_axis(), t(std::f64::consts::FRAC_PI_4)),
    );
    let hit = cast_shapes(
        &cube,
        &Pose3::identity(),
        &Vector3::zeros(),
        &cube,
        &turned,
        &fall,
        t(10.0),
    )
    .unwrap();
    close(hit.toi, 4.0 - 2f64.sqrt(), 1e2 * tol, "edge onto face");
    close(hit.normal.y, 1.0, 1e2 * tol, "edge normal");
    // NaN: no hit.
    assert!(cast_shapes(
        &unit,
        &pa,
        &still,
        &unit,
        &pb,
        &Vector2::new(t(f64::NAN), t(0.0)),
        t(10.0)
    )
    .is_none());
}

/// The first time in `[0, max]` at which the pair intersects, by sampling
/// and bisection on `intersects` (an oracle sharing nothing with the cast
/// but SAT's verdict at fixed poses), `None` if no sample intersects.
fn bisect_toi<T: TestReal, const N: usize, A, B>(
    a: &A,
    pa: &Pose<T, N>,
    va: &nalgebra::SVector<T, N>,
    b: &B,
    pb: &Pose<T, N>,
    vb: &nalgebra::SVector<T, N>,
    max: f64,
) -> Option<f64>
where
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let hits = |s: f64| intersects(a, &moved(pa, va, t(s)), b, &moved(pb, vb, t(s)));
    let samples = 2000;
    let mut lo = 0.0;
    let mut hi = None;
    for k in 0..=samples {
        let s = max * f64::from(k) / f64::from(samples);
        if hits(s) {
            hi = Some(s);
            break;
        }
        lo = s;
    }
    let mut hi = hi?;
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if hits(mid) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// A random convex shape of size about 1 about the origin; rounded or not.
fn shape2<T: TestReal>(rng: &mut Rng, rounded: bool) -> AnyShape<T, 2>
where
    nalgebra::Const<2>: PolytopeDim<T, 2>,
{
    let half = Vector2::new(t::<T>(rng.range(0.3, 1.0)), t(rng.range(0.3, 1.0)));
    if rounded {
        if rng.chance(0.5) {
            return Ball::new(Point2::origin(), t(rng.range(0.3, 1.0)))
                .unwrap()
                .into();
        }
        return Capsule::new(
            Point2::from(-half),
            Point2::from(half),
            t(rng.range(0.1, 0.5)),
        )
        .unwrap()
        .into();
    }
    if rng.chance(0.5) {
        let (c, s) = rng.rational_cos_sin();
        let r = Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(c, -s, s, c).map(t::<T>));
        return Obb::new(Point2::origin(), r, half).unwrap().into();
    }
    let pts: Vec<Point2<T>> = (0..9)
        .map(|_| Point2::from(rng.unit_vector2().map(|x| t::<T>(x * rng.range(0.4, 1.0)))))
        .collect();
    ConvexPolygon::from_hull(&pts).unwrap().into()
}

/// A random 3D shape: a box or a hull, or a ball or a capsule.
fn shape3<T: TestReal>(rng: &mut Rng, rounded: bool) -> AnyShape<T, 3> {
    let half = Vector3::new(
        t::<T>(rng.range(0.3, 1.0)),
        t(rng.range(0.3, 1.0)),
        t(rng.range(0.3, 1.0)),
    );
    if rounded {
        if rng.chance(0.5) {
            return Ball::new(Point3::origin(), t(rng.range(0.3, 1.0)))
                .unwrap()
                .into();
        }
        return Capsule::new(
            Point3::from(-half),
            Point3::from(half),
            t(rng.range(0.1, 0.5)),
        )
        .unwrap()
        .into();
    }
    if rng.chance(0.5) {
        return Obb::new(Point3::origin(), rng.rotation().cast::<T>(), half)
            .unwrap()
            .into();
    }
    let pts: Vec<Point3<T>> = (0..12)
        .map(|_| Point3::from(rng.unit_vector3().map(|x| t::<T>(x * rng.range(0.4, 1.0)))))
        .collect();
    ConvexPolyhedron::from_hull(&pts).unwrap().into()
}

/// A cast case: A, its pose and velocity, B (still) and its pose.
type Case<T, const N: usize> = (
    AnyShape<T, N>,
    Pose<T, N>,
    nalgebra::SVector<T, N>,
    AnyShape<T, N>,
    Pose<T, N>,
);

/// Random pairs aimed roughly at each other: the cast's time equals the
/// bisection's, both ways round; a miss is a miss for the sampler too.
fn check_against_bisection<T: TestReal, const N: usize>(
    pairs: &[Case<T, N>],
    tol: f64,
) -> (usize, usize)
where
    nalgebra::Const<N>: PolytopeDim<T, N> + ContactDim<T, N>,
{
    let still = nalgebra::SVector::<T, N>::zeros();
    let max = 10.0;
    let (mut hits, mut misses) = (0, 0);
    for (k, (a, pa, va, b, pb)) in pairs.iter().enumerate() {
        let cast = cast_shapes(a, pa, va, b, pb, &still, t(max));
        let back = cast_shapes(b, pb, &still, a, pa, va, t(max));
        let oracle = bisect_toi(a, pa, va, b, pb, &still, max);
        let what = format!(
            "{} case {k}: {a:?} {pa:?} {va:?} {b:?} {pb:?}: {cast:?} vs {oracle:?}",
            T::NAME
        );
        match (cast, oracle) {
            (Some(c), Some(o)) => {
                hits += 1;
                assert!((f(c.toi) - o).abs() <= tol * (1.0 + o), "{what}");
                let back = back.expect(&what);
                assert!(
                    (f(back.toi) - f(c.toi)).abs() <= tol * (1.0 + o),
                    "{what}: swapped {back:?}"
                );
                // At the time of impact the shapes are within the tolerance.
                let pa_hit = moved(pa, va, c.toi);
                let d = distance(a, &pa_hit, b, pb);
                assert!(f(d) <= tol * 10.0, "{what}: apart by {} at impact", f(d));
                // The witness points: on each surface, and together.
                let on_a = f(project_point(a, &pa_hit, &c.point_a).distance).abs();
                let on_b = f(project_point(b, pb, &c.point_b).distance).abs();
                let gap = f((c.point_b - c.point_a).norm());
                assert!(
                    on_a <= tol * 10.0 && on_b <= tol * 10.0 && gap <= tol * 10.0,
                    "{what}: witnesses {on_a} {on_b} off the surfaces, {gap} apart"
                );
            }
            (None, None) => misses += 1,
            // The sampler steps by max/2000: a graze shorter than that is
            // missed by it; check the cast's hit is a graze.
            (Some(c), None) => {
                let d = distance(a, &moved(pa, va, c.toi), b, pb);
                assert!(
                    f(d) <= tol * 10.0,
                    "{what}: sampler missed a hit apart by {}",
                    f(d)
                );
                hits += 1;
            }
            (None, Some(_)) => panic!("{what}: the cast missed"),
        }
    }
    (hits, misses)
}

/// Which of A and B is rounded: both flat, or at least one rounded.
fn kinds(rng: &mut Rng, rounded: bool) -> (bool, bool) {
    if !rounded {
        return (false, false);
    }
    let a = rng.chance(0.7);
    (a, !a || rng.chance(0.5))
}

/// `n` random 2D cast cases: A moving from 3 to 8 away towards a point
/// within 3.5 of B's origin, B still.
fn cases2<T: TestReal>(rng: &mut Rng, n: usize, rounded: bool) -> Vec<Case<T, 2>> {
    (0..n)
        .map(|_| {
            let (ra, rb) = kinds(rng, rounded);
            let a = shape2::<T>(rng, ra);
            let b = shape2::<T>(rng, rb);
            let from = rng.unit_vector2() * rng.range(3.0, 8.0);
            let aim = rng.unit_vector2() * rng.range(0.0, 3.5);
            let va = (aim - from) * rng.range(0.3, 1.0);
            let pa = Pose2::new(from.map(t::<T>), t(rng.range(0.0, 6.0)));
            let pb = Pose2::new(Vector2::zeros(), t(rng.range(0.0, 6.0)));
            (a, pa, va.map(t::<T>), b, pb)
        })
        .collect()
}

/// The same in 3D.
fn cases3<T: TestReal>(rng: &mut Rng, n: usize, rounded: bool) -> Vec<Case<T, 3>> {
    (0..n)
        .map(|_| {
            let (ra, rb) = kinds(rng, rounded);
            let a = shape3::<T>(rng, ra);
            let b = shape3::<T>(rng, rb);
            let from = rng.unit_vector3() * rng.range(3.0, 8.0);
            let aim = rng.unit_vector3() * rng.range(0.0, 3.5);
            let va = (aim - from) * rng.range(0.3, 1.0);
            let pa = Pose3::from_parts(from.map(t::<T>).into(), rng.rotation().cast::<T>());
            let pb = Pose3::from_parts(Vector3::zeros().into(), rng.rotation().cast::<T>());
            (a, pa, va.map(t::<T>), b, pb)
        })
        .collect()
}

fn polytope_casts_match_bisection<T: TestReal>() {
    let tol = if T::NAME == "f32" { 2e-3 } else { 1e-9 };
    let mut rng = Rng::new(11);
    let (h, m) = check_against_bisection(&cases2::<T>(&mut rng, 150, false), tol);
    assert!(h > 40 && m > 10, "2D: {h} hits, {m} misses");
    let (h, m) = check_against_bisection(&cases3::<T>(&mut rng, 100, false), tol);
    assert!(h > 30 && m > 5, "3D: {h} hits, {m} misses");
}

/// Two random hulls, A moving towards B: the GJK ray cast's route
/// (`src/distance/sweep/raycast.rs`) against bisection, both orders.
fn hull_casts_match_bisection<T: TestReal>() {
    let tol = if T::NAME == "f32" { 2e-3 } else { 1e-9 };
    let mut rng = Rng::new(13);
    let hull = |rng: &mut Rng| -> AnyShape<T, 3> {
        let pts: Vec<Point3<T>> = (0..16)
            .map(|_| Point3::from(rng.unit_vector3().map(|x| t::<T>(x * rng.range(0.4, 1.0)))))
            .collect();
        ConvexPolyhedron::from_hull(&pts).unwrap().into()
    };
    let cases: Vec<Case<T, 3>> = (0..150)
        .map(|_| {
            let (a, b) = (hull(&mut rng), hull(&mut rng));
            let from = rng.unit_vector3() * rng.range(2.5, 8.0);
            let aim = rng.unit_vector3() * rng.range(0.0, 2.5);
            let va = (aim - from) * rng.range(0.3, 1.0);
            let pa = Pose3::from_parts(from.map(t::<T>).into(), rng.rotation().cast::<T>());
            let pb = Pose3::from_parts(Vector3::zeros().into(), rng.rotation().cast::<T>());
            (a, pa, va.map(t::<T>), b, pb)
        })
        .collect();
    let (h, m) = check_against_bisection(&cases, tol);
    assert!(h > 60 && m > 10, "hulls: {h} hits, {m} misses");
}

fn rounded_casts_match_bisection<T: TestReal>() {
    let tol = if T::NAME == "f32" { 2e-3 } else { 1e-9 };
    let mut rng = Rng::new(12);
    let (h, m) = check_against_bisection(&cases2::<T>(&mut rng, 150, true), tol);
    assert!(h > 40 && m > 10, "2D: {h} hits, {m} misses");
    let (h, m) = check_against_bisection(&cases3::<T>(&mut rng, 100, true), tol);
    assert!(h > 30 && m > 5, "3D: {h} hits, {m} misses");
}

/// Rotating casts: the conservative advancement stops within the
/// tolerance, and no finely sampled earlier time has the pair
/// intersecting (it never steps past the first touch).
fn rotating_casts_never_pass_the_touch<T: TestReal>() {
    let tol = if T::NAME == "f32" { 1e-3 } else { 1e-7 };
    let mut rng = Rng::new(13);
    let (mut hits, mut misses) = (0, 0);
    for k in 0..80 {
        let (ra, rb) = (rng.chance(0.3), rng.chance(0.3));
        let a = shape2::<T>(&mut rng, ra);
        let b = shape2::<T>(&mut rng, rb);
        let from = rng.unit_vector2() * rng.range(2.5, 5.0);
        let aim = rng.unit_vector2() * rng.range(0.0, 4.0);
        let ma = Motion2 {
            start: Pose2::new(from.map(t::<T>), t(rng.range(0.0, 6.0))),
            linvel: ((aim - from) * rng.range(0.2, 0.6)).map(t::<T>),
            angvel: t(rng.range(-3.0, 3.0)),
        };
        let mb = Motion2 {
            start: Pose2::new(Vector2::zeros(), t(rng.range(0.0, 6.0))),
            linvel: Vector2::zeros(),
            angvel: t(rng.range(-3.0, 3.0)),
        };
        let max = 4.0;
        let hit = cast_motions(&a, &ma, &b, &mb, t(max), t(tol));
        let end = hit.map_or(max, |h| f(h.toi));
        // No earlier sample intersects.
        for s in 0..400 {
            let time = end * f64::from(s) / 400.0;
            let (pa, pb) = (
                separating_axis::Motion::pose_at(&ma, t(time)),
                separating_axis::Motion::pose_at(&mb, t(time)),
            );
            assert!(
                !intersects(&a, &pa, &b, &pb) || time == 0.0,
                "{} case {k}: intersecting at {time} before the toi {end}",
                T::NAME
            );
        }
        if let Some(h) = hit {
            hits += 1;
            let (pa, pb) = (
                separating_axis::Motion::pose_at(&ma, h.toi),
                separating_axis::Motion::pose_at(&mb, h.toi),
            );
            let d = f(distance(&a, &pa, &b, &pb));
            assert!(
                d <= tol * 1.01,
                "{} case {k}: {d} apart at the toi",
                T::NAME
            );
        } else {
            misses += 1;
        }
    }
    assert!(hits > 20 && misses > 5, "{hits} hits, {misses} misses");
    // A 3D motion by hand: a box spun about y meets nothing off its path.
    let bar = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t::<T>(1.0), t(0.1), t(0.1)),
    )
    .unwrap();
    let spin = Motion3 {
        start: Pose3::identity(),
        linvel: Vector3::zeros(),
        angvel: Vector3::new(t(0.0), t(1.0), t(0.0)),
    };
    let post = Motion3 {
        start: Pose3::translation(t(0.0), t(0.0), t(0.8)),
        linvel: Vector3::zeros(),
        angvel: Vector3::zeros(),
    };
    let small = Ball::new(Point3::origin(), t::<T>(0.1)).unwrap();
    let hit = cast_motions(&bar, &spin, &small, &post, t(3.0), t(tol)).unwrap();
    // The bar (half width 0.1) meets the ball (radius 0.1) at distance 0.8
    // when its axis is 0.2 from the ball's centre: sin θ · 0.8 = 0.2 from
    // the far side, θ = π/2 − asin(0.25).
    close(
        hit.toi,
        std::f64::consts::FRAC_PI_2 - 0.25f64.asin(),
        1e-2,
        "spinning bar",
    );
}

/// Two hulls (11 to 32 points in `[−1, 1)³`), A moving towards B: the
/// normal at impact closes (B's velocity relative to A has a negative
/// component along it) in both argument orders, and the swapped call's
/// normal is its opposite. Regression: the Newton steps, which the GJK ray
/// cast hands a pair to when it gives up, took the normal at the touch
/// from the direction of the cores' difference point, round-off by then,
/// and returned it reversed (f64 seeds 1078 and 3886 in the B-first order,
/// f32 3917 in both, 397 in one).
fn polytope_cast_normals_close_in_both_orders<T: TestReal>() {
    let hull = |rng: &mut Rng, n: usize| -> AnyShape<T, 3> {
        let pts: Vec<Point3<T>> = (0..n)
            .map(|_| {
                Point3::new(
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                )
            })
            .map(|p| p.map(t::<T>))
            .collect();
        ConvexPolyhedron::from_hull(&pts).unwrap().into()
    };
    let still = Vector3::<T>::zeros();
    let mut hits = 0;
    for seed in [397, 1078, 3886, 3917].into_iter().chain(0..400) {
        let mut rng = Rng::new(seed);
        let sizes = [11, 25, 16, 32];
        let (na, nb) = (sizes[rng.below(4)], sizes[rng.below(4)]);
        let (a, b) = (hull(&mut rng, na), hull(&mut rng, nb));
        let from = rng.unit_vector3() * rng.range(2.5, 8.0);
        let aim = rng.unit_vector3() * rng.range(0.0, 1.5);
        let va = ((aim - from) * rng.range(0.3, 1.0)).map(t::<T>);
        let pa = Pose3::from_parts(from.map(t::<T>).into(), rng.rotation().cast::<T>());
        let pb = Pose3::from_parts(Vector3::zeros().into(), rng.rotation().cast::<T>());
        let ab = cast_shapes(&a, &pa, &va, &b, &pb, &still, t(10.0));
        let ba = cast_shapes(&b, &pb, &still, &a, &pa, &va, t(10.0));
        let what = format!("{} seed {seed}: {ab:?} {ba:?}", T::NAME);
        match (ab, ba) {
            (Some(ab), Some(ba)) => {
                hits += 1;
                assert!(f(ab.toi) > 0.0, "{what}");
                // Closing: B moves by −va relative to A (A by va relative
                // to B in the swapped call).
                assert!(f(ab.normal.dot(&va)) > 0.0, "{what}: A first opens");
                assert!(f(ba.normal.dot(&-va)) > 0.0, "{what}: B first opens");
                let opposite = f(ab.normal.dot(&ba.normal));
                assert!(opposite < -0.999, "{what}: normals {opposite} apart");
            }
            (None, None) => {}
            _ => panic!("{what}: one order hits, the other misses"),
        }
    }
    assert!(hits > 250, "{} hits of 404", hits);
}

in_both_scalars!(
    polytope_cast_normals_close_in_both_orders,
    casts_by_hand,
    polytope_casts_match_bisection,
    hull_casts_match_bisection,
    rounded_casts_match_bisection,
    rotating_casts_never_pass_the_touch,
);
