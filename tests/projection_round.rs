//! `project_point` on rounded shapes with the point on or inside the core
//! (issue 35, classes 3 and 4): the nearest boundary point is across the
//! nearest face of the core at the full distance (the radius counted once),
//! or, on a capsule's segment, at the radius straight across it; a ball at
//! a NaN pose or point gives a NaN distance (docs/rays.md, "Projections of
//! round shapes"). f32 and f64.

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{contains_point, project_point, Ball, Capsule, Obb, Pose2, Pose3, Rounded};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

fn near(got: f64, want: f64, what: &str) {
    assert!(
        (got - want).abs() <= 1e-6 * (1.0 + want.abs()),
        "{what}: got {got}, want {want}"
    );
}

/// Issue 35's cases: a rounded square (half 1, radius 0.5) and a rounded
/// 3D box (half (1, 2, 3), radius 0.25), points inside the core.
fn rounded_box_counts_the_radius_once<T: TestReal>() {
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(T::one(), T::one()),
    )
    .unwrap();
    let round = Rounded::new(square, t::<T>(0.5)).unwrap();
    let id = Pose2::<T>::identity();
    let got = project_point(&round, &id, &Point2::origin());
    near(f(got.distance), -1.5, "2D distance");
    near(
        f(got.point.x).abs() + f(got.point.y).abs(),
        1.5,
        "2D point on a face",
    );
    assert!(got.inside);
    // Off centre: the nearest face is the one towards +x.
    let got = project_point(&round, &id, &Point2::new(t(0.75), t(0.25)));
    near(f(got.distance), -0.75, "2D off-centre distance");
    near(f(got.point.x), 1.5, "2D off-centre x");
    near(f(got.point.y), 0.25, "2D off-centre y");
    // Posed: the same in the world.
    let pose = Pose2::new(Vector2::new(t(3.0), t(-2.0)), t(0.7));
    let world = pose * Point2::new(t::<T>(0.75), t(0.25));
    let got = project_point(&round, &pose, &world);
    near(f(got.distance), -0.75, "2D posed distance");
    let on = pose.inverse_transform_point(&got.point);
    near(f(on.x), 1.5, "2D posed x");

    let block = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(T::one(), t(2.0), t(3.0)),
    )
    .unwrap();
    let round = Rounded::new(block, t::<T>(0.25)).unwrap();
    let got = project_point(
        &round,
        &Pose3::identity(),
        &Point3::new(t(0.5), T::zero(), T::zero()),
    );
    near(f(got.distance), -0.75, "3D distance");
    near(f(got.point.x), 1.25, "3D x");
    near(f(got.point.y), 0.0, "3D y");
    near(f(got.point.z), 0.0, "3D z");
    // The answer lies on the boundary: its projection is itself.
    let back = project_point(&round, &Pose3::identity(), &got.point);
    assert!(
        f(back.distance).abs() < 1e-5,
        "3D point on the boundary: {}",
        f(back.distance)
    );
}

/// Issue 35's case: a capsule (0, −1)–(0, 1) of radius 0.5 and a point on
/// its segment: distance −0.5 at (±0.5, 0.3) (was (0, −0.2), a point on the
/// segment). The same in 3D, and at points along the whole segment.
fn capsule_segment_points_project_across<T: TestReal>() {
    let cap = Capsule::new(
        Point2::new(T::zero(), -T::one()),
        Point2::new(T::zero(), T::one()),
        t(0.5),
    )
    .unwrap();
    let id = Pose2::<T>::identity();
    for k in 0..=20 {
        let y = -1.0 + 0.1 * f64::from(k);
        let got = project_point(&cap, &id, &Point2::new(T::zero(), t(y)));
        let what = format!("2D y {y} ({})", T::NAME);
        near(f(got.distance), -0.5, &what);
        near(f(got.point.x).abs(), 0.5, &what);
        near(f(got.point.y), f(t::<T>(y)), &what);
        assert!(contains_point(&cap, &id, &got.point), "{what}");
    }
    let cap = Capsule::new(
        Point3::new(T::zero(), -T::one(), T::zero()),
        Point3::new(T::zero(), T::one(), T::zero()),
        t(0.5),
    )
    .unwrap();
    for k in 0..=20 {
        let y = -1.0 + 0.1 * f64::from(k);
        let got = project_point(
            &cap,
            &Pose3::identity(),
            &Point3::new(T::zero(), t(y), T::zero()),
        );
        let what = format!("3D y {y} ({})", T::NAME);
        near(f(got.distance), -0.5, &what);
        near(f(got.point.x).hypot(f(got.point.z)), 0.5, &what);
        near(f(got.point.y), f(t::<T>(y)), &what);
    }
    // A tilted capsule: the point on the segment is computed with round-off.
    let a = Point2::new(t::<T>(0.3), t(-1.7));
    let b = Point2::new(t::<T>(-2.9), t(4.1));
    let cap = Capsule::new(a, b, t(0.25)).unwrap();
    for k in 1..10 {
        let s = t::<T>(f64::from(k) / 10.0);
        let p = a + (b - a) * s;
        let got = project_point(&cap, &id, &p);
        let what = format!("tilted {k} ({})", T::NAME);
        near(f(got.distance), -0.25, &what);
        near(f((got.point - p).norm()), 0.25, &what);
        // Across the segment, not along it.
        let along = f((got.point - p).dot(&(b - a).normalize()));
        assert!(along.abs() < 1e-3, "{what}: along {along}");
    }
}

/// A ball at a NaN pose, or a NaN point: NaN distance and not inside
/// (was distance 1.0).
fn ball_with_nan_input_gives_nan<T: TestReal>() {
    let ball = Ball::new(Point2::origin(), T::one()).unwrap();
    let nan = t::<T>(f64::NAN);
    let bad_poses = [
        Pose2::new(Vector2::new(nan, T::zero()), T::zero()),
        Pose2::new(Vector2::zeros(), nan),
    ];
    for pose in bad_poses {
        let got = project_point(&ball, &pose, &Point2::origin());
        assert!(f(got.distance).is_nan() && !got.inside);
    }
    let got = project_point(&ball, &Pose2::identity(), &Point2::new(nan, T::zero()));
    assert!(f(got.distance).is_nan() && !got.inside);
    let off = Ball::new(Point3::new(t::<T>(0.5), T::zero(), T::zero()), T::one()).unwrap();
    let got = project_point(&off, &Pose3::identity(), &Point3::new(nan, nan, nan));
    assert!(f(got.distance).is_nan() && !got.inside);
}

/// The distance from `p` to the segment `a`–`b` (f64 oracle).
fn to_segment(p: &[f64], a: &[f64], b: &[f64]) -> f64 {
    let ab: Vec<f64> = a.iter().zip(b).map(|(a, b)| b - a).collect();
    let ap: Vec<f64> = a.iter().zip(p).map(|(a, p)| p - a).collect();
    let len2: f64 = ab.iter().map(|x| x * x).sum();
    let s = (ap.iter().zip(&ab).map(|(x, y)| x * y).sum::<f64>() / len2).clamp(0.0, 1.0);
    ap.iter()
        .zip(&ab)
        .map(|(x, y)| (x - s * y).powi(2))
        .sum::<f64>()
        .sqrt()
}

/// The campaign's case (issue 35): a point near the middle of a long,
/// slightly tilted capsule, where the closest point on the segment carries
/// the round-off of the segment's end points, far more than the point's
/// own coordinates allow. The projection went along the segment and
/// stayed deep inside; it must land on the boundary, across the segment.
/// Then random points within 1e-3 of random segments, 2D, 3D and
/// `Rounded<Capsule>`: the answer is on the boundary (its distance to the
/// segment is the radius) and the distance is the radius less the
/// point's distance to the segment.
fn capsule_near_segment_projects_to_boundary<T: TestReal>() {
    let tol = if T::NAME == "f32" { 2e-5 } else { 1e-12 };
    let (ax, ay, bx, by, r) = (
        -1.443_210_335_215_849_8,
        0.025_142_241_392_319_86,
        1.496_493_898_473_789_9,
        -0.025_142_241_392_319_86,
        0.799_370_783_594_873_1,
    );
    let cap = Capsule::new(
        Point2::new(t::<T>(ax), t(ay)),
        Point2::new(t::<T>(bx), t(by)),
        t(r),
    )
    .unwrap();
    let id = Pose2::<T>::identity();
    let p = Point2::new(t::<T>(0.026_641_781_628_970_018), T::zero());
    let got = project_point(&cap, &id, &p);
    let on = [f(got.point.x), f(got.point.y)];
    let [sa, sb] = cap.segment();
    let (a, b) = ([f(sa.x), f(sa.y)], [f(sb.x), f(sb.y)]);
    let scale = 2.0;
    assert!(got.inside, "campaign case inside");
    near(
        f(got.distance),
        -(r - to_segment(&[f(p.x), f(p.y)], &a, &b)),
        "campaign distance",
    );
    assert!(
        (to_segment(&on, &a, &b) - r).abs() <= tol * scale,
        "campaign point {on:?} is {} from the segment, radius {r}",
        to_segment(&on, &a, &b)
    );

    let mut rng = Rng::new(352);
    for case in 0..400 {
        let dim3 = case % 2 == 1;
        let n = if dim3 { 3 } else { 2 };
        let a: Vec<f64> = (0..n).map(|_| 3.0 * rng.signed_unit()).collect();
        let b: Vec<f64> = (0..n).map(|_| 3.0 * rng.signed_unit()).collect();
        let r = 0.05 + rng.unit_interval();
        let s = 0.05 + 0.9 * rng.unit_interval();
        let off = 10f64.powf(-3.0 - 9.0 * rng.unit_interval());
        let q: Vec<f64> = (0..n)
            .map(|k| a[k] + s * (b[k] - a[k]) + off * rng.signed_unit())
            .collect();
        let what = format!("case {case} ({})", T::NAME);
        let (got, a, b, q) = if dim3 {
            let pa = Point3::new(t::<T>(a[0]), t(a[1]), t(a[2]));
            let pb = Point3::new(t::<T>(b[0]), t(b[1]), t(b[2]));
            let pq = Point3::new(t::<T>(q[0]), t(q[1]), t(q[2]));
            let got = if case % 4 == 3 {
                let round = Rounded::new(Capsule::new(pa, pb, t(r * 0.5)).unwrap(), t(r * 0.5));
                project_point(&round.unwrap(), &Pose3::identity(), &pq)
            } else {
                project_point(
                    &Capsule::new(pa, pb, t(r)).unwrap(),
                    &Pose3::identity(),
                    &pq,
                )
            };
            let v = |p: Point3<T>| vec![f(p.x), f(p.y), f(p.z)];
            (
                vec![
                    f(got.point.x),
                    f(got.point.y),
                    f(got.point.z),
                    f(got.distance),
                ],
                v(pa),
                v(pb),
                v(pq),
            )
        } else {
            let pa = Point2::new(t::<T>(a[0]), t(a[1]));
            let pb = Point2::new(t::<T>(b[0]), t(b[1]));
            let pq = Point2::new(t::<T>(q[0]), t(q[1]));
            let got = if case % 4 == 2 {
                let round = Rounded::new(Capsule::new(pa, pb, t(r * 0.5)).unwrap(), t(r * 0.5));
                project_point(&round.unwrap(), &id, &pq)
            } else {
                project_point(&Capsule::new(pa, pb, t(r)).unwrap(), &id, &pq)
            };
            let v = |p: Point2<T>| vec![f(p.x), f(p.y)];
            (
                vec![f(got.point.x), f(got.point.y), f(got.distance)],
                v(pa),
                v(pb),
                v(pq),
            )
        };
        let r = f(t::<T>(r));
        let on = &got[..n];
        let scale = 1.0 + 6.0;
        assert!(
            (to_segment(on, &a, &b) - r).abs() <= tol * scale,
            "{what}: answer {on:?} is {} from the segment, radius {r}",
            to_segment(on, &a, &b)
        );
        let want = -(r - to_segment(&q, &a, &b));
        assert!(
            (got[n] - want).abs() <= tol * scale,
            "{what}: distance {} want {want}",
            got[n]
        );
    }
}

in_both_scalars!(
    capsule_near_segment_projects_to_boundary,
    rounded_box_counts_the_radius_once,
    capsule_segment_points_project_across,
    ball_with_nan_input_gives_nan,
);
