//! The early exit of `contact_manifold` for pairs apart by more than the
//! margin (`src/manifold/gate.rs`): the manifold is empty exactly when
//! `separation`'s distance exceeds the margin, also within 1e-12 of it and
//! far from the origin; a non-empty manifold has `separation`'s normal bit
//! for bit (and `penetration`'s when overlapping); an empty one has a
//! normal along which the shapes are apart by more than the margin. Every
//! test runs in f32 and f64, both argument orders, 2D and 3D.

use nalgebra::{Const, Point2, Point3, SVector, Vector2, Vector3};
use separating_axis::{
    contact_manifold, distance, penetration, separation, Ball, Capsule, ContactDim,
    ConvexPolyhedron, Obb, Pose, Pose2, Pose3, Shape,
};

use crate::support::rng::Rng;
use crate::support::scalars::in_both_scalars;
use crate::support::scalars::{f, t, TestReal};
use crate::support::scene2d::random_polygon;

/// The gap along the world unit axis `n` (from A towards B), from the
/// support values, in `f64`: `min_B n·x − max_A n·x`.
fn gap_along<T, A, B, const N: usize>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    pb: &Pose<T, N>,
    n: &SVector<T, N>,
) -> f64
where
    T: TestReal,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let ha = a.local_support_value(&pa.rotation.inverse_transform_vector(n))
        + n.dot(&pa.translation.vector);
    let hb = b.local_support_value(&pb.rotation.inverse_transform_vector(&-n))
        - n.dot(&pb.translation.vector);
    -(f(ha) + f(hb))
}

/// What the gate promises for one ordered pair with `margin`; `scale` is
/// the size of the numbers involved (for the round-off of `gap_along`).
/// Returns whether the manifold was empty.
fn check<T, A, B, const N: usize>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    pb: &Pose<T, N>,
    margin: T,
    scale: f64,
    what: &str,
) -> bool
where
    T: TestReal,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    let m = contact_manifold(a, pa, b, pb, margin);
    let sat = separation(a, pa, b, pb);
    let bits = |v: &SVector<T, N>| v.iter().map(|c| f(*c).to_bits()).collect::<Vec<_>>();
    // A pair within the margin along the SAT's face axis but whose closest
    // features lie off that face is the closest features' point, or empty
    // when their distance exceeds the margin (docs/manifolds.md,
    // "Speculative points").
    let off_face = sat.distance <= margin && crate::support::took_own_normal(&m, &sat);
    let beyond = if off_face && m.is_empty() {
        let d = distance(a, pa, b, pb);
        assert!(d > margin, "{what}: empty at distance {}", f(d));
        true
    } else {
        sat.distance > margin
    };
    assert_eq!(
        m.is_empty(),
        beyond,
        "{what}: {m:?} {sat:?} margin {}",
        f(margin)
    );
    if !m.is_empty() {
        if crate::support::took_own_normal(&m, &sat) {
            // Faces before edges, the bias toward A, a speculative point
            // off the face: that face's normal, or the closest points'.
            return false;
        }
        assert_eq!(bits(&m.normal()), bits(&sat.axis), "{what}: normal");
        if let Some(pen) = penetration(a, pa, b, pb) {
            assert_eq!(bits(&m.normal()), bits(&pen.normal), "{what}: penetration");
        }
        return false;
    }
    let n = m.normal().into_inner();
    assert!(
        (f(n.norm()) - 1.0).abs() <= 1e3 * f(T::default_epsilon()),
        "{what}: not unit"
    );
    // Apart along the normal by more than the margin (the SAT's own
    // arithmetic differs from `gap_along` by round-off), and by no more
    // than the best axis.
    let tol = 1e3 * f(T::default_epsilon()) * scale;
    let g = gap_along(a, pa, b, pb, &n);
    assert!(g > f(margin) - tol, "{what}: gap {g} along {m:?}");
    // (The closest features' axis: no more than their distance.)
    let bound = if off_face {
        f(distance(a, pa, b, pb))
    } else {
        f(sat.distance)
    };
    assert!(g <= bound + tol, "{what}: gap {g} > {sat:?}");
    true
}

/// A hull of `n` random points in an ellipsoid of semi-axes about 1.
fn random_hull<T: TestReal>(rng: &mut Rng, n: usize) -> ConvexPolyhedron<T> {
    let axes = Vector3::new(
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
    );
    let points: Vec<Point3<T>> = (0..n)
        .map(|_| Point3::from(rng.unit_vector3().component_mul(&axes) * rng.range(0.6, 1.0)).cast())
        .collect();
    ConvexPolyhedron::from_hull(&points).unwrap()
}

/// A random box of half extents in `[0.2, 1.5)`.
fn random_box<T: TestReal>(rng: &mut Rng) -> Obb<T, 3> {
    let h = Vector3::new(
        rng.range(0.2, 1.5),
        rng.range(0.2, 1.5),
        rng.range(0.2, 1.5),
    );
    Obb::new(Point3::origin(), rng.rotation().cast(), h.cast()).unwrap()
}

/// Shapes of every 3D kind the gate meets: hull-16s, boxes, capsules,
/// balls.
fn shapes_3d<T: TestReal>(rng: &mut Rng) -> Vec<Box<dyn Shape<T, 3>>> {
    let capsule = |rng: &mut Rng| {
        let d = rng.unit_vector3() * rng.range(0.0, 1.0);
        Capsule::new(
            Point3::from(d).cast::<T>(),
            Point3::from(-d).cast(),
            t(rng.range(0.1, 0.8)),
        )
        .unwrap()
    };
    vec![
        Box::new(random_hull::<T>(rng, 16)),
        Box::new(random_hull::<T>(rng, 16)),
        Box::new(random_box::<T>(rng)),
        Box::new(random_box::<T>(rng)),
        Box::new(capsule(rng)),
        Box::new(Ball::new(Point3::origin(), t(rng.range(0.2, 1.0))).unwrap()),
    ]
}

/// A pose at `at` plus an offset of up to 4, turned at random.
fn pose3<T: TestReal>(rng: &mut Rng, at: f64) -> Pose3<T> {
    let c = Vector3::new(
        rng.range(-2.0, 2.0),
        rng.range(-2.0, 2.0),
        rng.range(-2.0, 2.0),
    );
    Pose3::from_parts((c.add_scalar(at)).into(), rng.rotation()).cast()
}

/// Over 6 000 seeded 3D pairs (hull-16s, boxes, capsules, balls, in every
/// combination, centres up to 7 apart), margins 0 and 0.1, both orders:
/// empty exactly when `separation`'s distance exceeds the margin, the
/// normal `separation`'s (and `penetration`'s) bit for bit when not empty,
/// and when empty a unit axis along which the shapes are apart by more
/// than the margin and by no more than `separation`'s distance.
fn empty_manifolds_have_a_separating_normal<T: TestReal>() {
    let mut rng = Rng::new(0x6a7e);
    let (mut empty, mut full) = (0, 0);
    for case in 0..500 {
        let shapes = shapes_3d::<T>(&mut rng);
        let (pa, pb) = (pose3::<T>(&mut rng, 0.0), pose3::<T>(&mut rng, 0.0));
        for a in &shapes {
            let b = &shapes[rng.below(shapes.len())];
            for margin in [0.0, 0.1] {
                for (x, px, y, py) in [(a, &pa, b, &pb), (b, &pb, a, &pa)] {
                    let what = format!("case {case} margin {margin}");
                    if check(&**x, px, &**y, py, t(margin), 8.0, &what) {
                        empty += 1;
                    } else {
                        full += 1;
                    }
                }
            }
        }
    }
    assert!(empty > 2000 && full > 2000, "{empty} empty, {full} not");
}

/// The same over 4 000 seeded 2D pairs (polygons, boxes, balls, capsules).
fn empty_manifolds_have_a_separating_normal_2d<T: TestReal>() {
    let mut rng = Rng::new(0x6a7f);
    let (mut empty, mut full) = (0, 0);
    for case in 0..500 {
        let shapes: Vec<Box<dyn Shape<T, 2>>> = vec![
            Box::new(random_polygon::<T>(&mut rng, 1.5)),
            Box::new(
                Obb::new(
                    Point2::origin(),
                    nalgebra::Rotation2::new(t(rng.range(-3.2, 3.2))),
                    Vector2::new(t(rng.range(0.2, 1.5)), t(rng.range(0.2, 1.5))),
                )
                .unwrap(),
            ),
            Box::new(Ball::new(Point2::origin(), t(rng.range(0.2, 1.0))).unwrap()),
            Box::new(
                Capsule::new(
                    Point2::new(t(-0.5), t(0.0)),
                    Point2::new(t(0.5), t(0.0)),
                    t(rng.range(0.1, 0.6)),
                )
                .unwrap(),
            ),
        ];
        let pose = |rng: &mut Rng| {
            Pose2::<T>::new(
                Vector2::new(t(rng.range(-2.0, 2.0)), t(rng.range(-2.0, 2.0))),
                t(rng.range(-3.2, 3.2)),
            )
        };
        let (pa, pb) = (pose(&mut rng), pose(&mut rng));
        for a in &shapes {
            let b = &shapes[rng.below(shapes.len())];
            for margin in [0.0, 0.1] {
                for (x, px, y, py) in [(a, &pa, b, &pb), (b, &pb, a, &pa)] {
                    let what = format!("case {case} margin {margin}");
                    if check(&**x, px, &**y, py, t(margin), 8.0, &what) {
                        empty += 1;
                    } else {
                        full += 1;
                    }
                }
            }
        }
    }
    assert!(empty > 1000 && full > 1000, "{empty} empty, {full} not");
}

/// B moved along `separation`'s axis so that its distance is the margin
/// plus `delta` (and ±1 ulp around): whatever distance `separation` then
/// reports, the manifold is empty exactly when it exceeds the margin.
/// Margins 0, 0.1 and 0.5, `delta` in ±1e-12 (f64; ±4 ulps of the scale
/// in f32), at the origin and 1e6 away, 3D hull/box/capsule/ball pairs and
/// 2D ones, both orders. Counts that both verdicts occur.
fn touching_the_margin_agrees_with_separation<T: TestReal>() {
    let mut rng = Rng::new(0x6a80);
    let eps = f(T::default_epsilon());
    let (mut empty, mut full) = (0, 0);
    for far in [0.0, 1e6] {
        let scale = 8.0 + far;
        let deltas = if eps < 1e-10 {
            [-1e-12, 0.0, 1e-12]
        } else {
            [-4.0 * eps * scale, 0.0, 4.0 * eps * scale]
        };
        for case in 0..60 {
            let shapes = shapes_3d::<T>(&mut rng);
            let pa = pose3::<T>(&mut rng, far);
            for a in &shapes {
                let b = &shapes[rng.below(shapes.len())];
                let pb = pose3::<T>(&mut rng, far);
                for margin in [0.0, 0.1, 0.5] {
                    for delta in deltas {
                        let s = separation(&**a, &pa, &**b, &pb);
                        let shift = s.axis.into_inner() * t::<T>(margin + delta - f(s.distance));
                        let mut moved = pb;
                        moved.translation.vector += shift;
                        for (x, px, y, py) in [(a, &pa, b, &moved), (b, &moved, a, &pa)] {
                            let what = format!("far {far} case {case} margin {margin} {delta}");
                            if check(&**x, px, &**y, py, t(margin), scale, &what) {
                                empty += 1;
                            } else {
                                full += 1;
                            }
                        }
                    }
                }
            }
        }
    }
    assert!(empty > 500 && full > 500, "{empty} empty, {full} not");
}

/// NaN in a pose or in the margin, with margins 0, 0.1 and NaN: no panic,
/// an empty manifold, 2D and 3D, both orders.
fn nan_poses_give_empty_manifolds<T: TestReal>() {
    let mut rng = Rng::new(0x6a81);
    let nan = t::<T>(f64::NAN);
    let shapes = shapes_3d::<T>(&mut rng);
    let good = Pose3::<T>::identity();
    let mut bad_t = good;
    bad_t.translation.vector.x = nan;
    let bad_r = Pose3::<T>::new(Vector3::zeros(), Vector3::new(nan, t(0.0), t(0.0)));
    for a in &shapes {
        for b in &shapes {
            for bad in [&bad_t, &bad_r] {
                for margin in [T::zero(), t(0.1), nan] {
                    assert!(contact_manifold(&**a, &good, &**b, bad, margin).is_empty());
                    assert!(contact_manifold(&**a, bad, &**b, &good, margin).is_empty());
                }
            }
            assert!(contact_manifold(&**a, &good, &**b, &good, nan).is_empty());
        }
    }
    let square = Obb::new(
        Point2::origin(),
        nalgebra::Rotation2::identity(),
        Vector2::new(t::<T>(1.0), t(1.0)),
    )
    .unwrap();
    let mut bad2 = Pose2::<T>::identity();
    bad2.translation.vector.y = nan;
    for margin in [T::zero(), t(0.1), nan] {
        assert!(contact_manifold(&square, &Pose2::identity(), &square, &bad2, margin).is_empty());
        assert!(contact_manifold(&square, &bad2, &square, &Pose2::identity(), margin).is_empty());
    }
}

in_both_scalars!(
    empty_manifolds_have_a_separating_normal,
    empty_manifolds_have_a_separating_normal_2d,
    touching_the_margin_agrees_with_separation,
    nan_poses_give_empty_manifolds,
);
