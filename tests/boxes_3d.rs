//! 3D oriented boxes: the 15-axis box path against the generic engine and
//! against the vertex-difference hull oracle (tests/support/oracle3d.rs), near-parallel
//! edges, and hand-derived cases.

use core::fmt::Debug;

use crate::support::rng::Rng;

use crate::support::oracle3d::{box_corners, hull_gap};
use crate::support::scalars::in_both_scalars;
use approx::assert_relative_eq;
use nalgebra::{Point3, Rotation3, Unit, Vector3};
use separating_axis::{
    engine, intersects, pair::obb_obb, penetration, separation, Feature, Obb, Pose3, Real,
};

/// A random box pair, f64: (A, pose A, B, pose B), about half overlapping.
fn random_pair(rng: &mut Rng) -> (Obb<f64, 3>, Pose3<f64>, Obb<f64, 3>, Pose3<f64>) {
    let make = |rng: &mut Rng| {
        let h = Vector3::new(
            rng.range(0.3, 1.5),
            rng.range(0.3, 1.5),
            rng.range(0.3, 1.5),
        );
        let c = Point3::new(
            rng.range(-0.5, 0.5),
            rng.range(-0.5, 0.5),
            rng.range(-0.5, 0.5),
        );
        Obb::new(c, rng.rotation(), h).unwrap()
    };
    let (a, b) = (make(rng), make(rng));
    let pa = Pose3::from_parts(
        Vector3::new(rng.range(-5.0, 5.0), 0.0, 1.0).into(),
        rng.rotation(),
    );
    let offset = rng.unit_vector3() * rng.range(0.0, 3.5);
    let pb = Pose3::from_parts((pa.translation.vector + offset).into(), rng.rotation());
    (a, pa, b, pb)
}

/// World corners of a posed box.
fn corners(o: &Obb<f64, 3>, pose: &Pose3<f64>) -> Vec<Point3<f64>> {
    let frame = (pose.rotation * o.rotation()).into_inner();
    box_corners(&(pose * o.center()), &frame, &o.half_extents())
}

/// The scale of a pair: the largest world coordinate or extent.
fn scale(pa: &Pose3<f64>, pb: &Pose3<f64>) -> f64 {
    1.0 + pa
        .translation
        .vector
        .amax()
        .max(pb.translation.vector.amax())
        + 3.0
}

// Box path = generic engine: same boolean, depth within 1e-12 relative,
// the same feature unless two axes tie within round-off.
#[test]
fn box_path_matches_engine_f64() {
    let mut rng = Rng(7);
    let (mut overlapping, mut edge_wins) = (0, 0);
    for _ in 0..3000 {
        let (a, pa, b, pb) = random_pair(&mut rng);
        let fast = obb_obb::separation(&a, &pa, &b, &pb);
        let slow = engine::separation(&a, &pa, &b, &pb);
        let tol = 1e-12 * scale(&pa, &pb);
        assert!(
            (fast.distance - slow.distance).abs() <= tol,
            "{fast:?} vs {slow:?}"
        );
        if fast.distance.abs() > tol {
            assert_eq!(
                obb_obb::intersects(&a, &pa, &b, &pb),
                engine::intersects(&a, &pa, &b, &pb)
            );
            assert_eq!(intersects(&a, &pa, &b, &pb), fast.distance <= 0.0);
        }
        if fast.feature == slow.feature {
            assert_relative_eq!(
                fast.axis.into_inner(),
                slow.axis.into_inner(),
                epsilon = 1e-9
            );
        } else {
            // A different feature only on a tie: the engine's gap along the
            // box path's axis is as good.
            let along = engine_gap(&a, &pa, &b, &pb, &fast.axis);
            assert!(
                (along - slow.distance).abs() <= 1e-9 * scale(&pa, &pb),
                "{fast:?} vs {slow:?}"
            );
        }
        overlapping += usize::from(fast.distance <= 0.0);
        edge_wins += usize::from(matches!(fast.feature, Feature::EdgePair(..)));
    }
    assert!(
        (900..=2100).contains(&overlapping),
        "{overlapping} of 3000 overlap"
    );
    assert!(
        edge_wins > 50,
        "only {edge_wins} edge-pair answers: the edge axes are not exercised"
    );
}

/// The gap of the pair along a world axis `u`, by support values.
fn engine_gap(
    a: &Obb<f64, 3>,
    pa: &Pose3<f64>,
    b: &Obb<f64, 3>,
    pb: &Pose3<f64>,
    u: &Unit<Vector3<f64>>,
) -> f64 {
    use separating_axis::{Posed, Support};
    let u = u.into_inner();
    -(Posed::new(a, pa).local_support_value(&u) + Posed::new(b, pb).local_support_value(&-u))
}

#[test]
fn box_path_matches_engine_f32() {
    let mut rng = Rng(8);
    for _ in 0..2000 {
        let (a, pa, b, pb) = random_pair(&mut rng);
        let (a, b) = (to_f32(&a), to_f32(&b));
        let (pa, pb): (Pose3<f32>, Pose3<f32>) = (pa.cast(), pb.cast());
        let fast = obb_obb::separation(&a, &pa, &b, &pb);
        let slow = engine::separation(&a, &pa, &b, &pb);
        let tol = 1e-4 * 10.0;
        assert!(
            (fast.distance - slow.distance).abs() <= tol,
            "{fast:?} vs {slow:?}"
        );
        if fast.distance.abs() > tol {
            assert_eq!(
                intersects(&a, &pa, &b, &pb),
                engine::intersects(&a, &pa, &b, &pb)
            );
        }
    }
}

/// Two boxes, B turned against A by `angle` about `axis`, B's centre at
/// `offset`; checks the box path and the engine against the hull oracle.
fn check_near_parallel(angle: f64, axis: &Unit<Vector3<f64>>, offset: Vector3<f64>) {
    let a = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(1.0, 0.5, 0.75),
    )
    .unwrap();
    let b = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(0.6, 0.9, 0.4),
    )
    .unwrap();
    let pa = Pose3::identity();
    let pb = Pose3::from_parts(offset.into(), Rotation3::from_axis_angle(axis, angle));
    let fast = obb_obb::separation(&a, &pa, &b, &pb);
    let slow = engine::separation(&a, &pa, &b, &pb);
    let oracle = hull_gap(&corners(&a, &pa), &corners(&b, &pb));
    let tol = 1e-12 * 4.0;
    assert!(
        (fast.distance - slow.distance).abs() <= tol,
        "angle {angle}: {fast:?} vs {slow:?}"
    );
    if oracle.gap <= 0.0 {
        // Overlapping (or touching): never reported as separated beyond
        // round-off, and the depth is the oracle's.
        assert!(
            fast.distance <= 1e-12,
            "angle {angle}, offset {offset:?}: {fast:?} vs {oracle:?}"
        );
        assert!(
            (fast.distance - oracle.gap).abs() <= 1e-12,
            "angle {angle}: {fast:?} vs {oracle:?}"
        );
    } else {
        assert!(
            fast.distance >= oracle.gap - 1e-12,
            "angle {angle}: {fast:?} vs {oracle:?}"
        );
        assert!(
            oracle.gap < 1e-12 || fast.distance > 0.0,
            "angle {angle}: {fast:?} vs {oracle:?}"
        );
    }
}

#[test]
fn near_parallel_edges_are_exact() {
    let axes = [
        Vector3::z_axis(),
        Unit::new_normalize(Vector3::new(1.0, 2.0, 3.0)),
        Unit::new_normalize(Vector3::new(-0.3, 1.0, 0.1)),
    ];
    let offsets = [
        Vector3::new(0.0, 0.0, 0.0),
        Vector3::new(1.5, 0.0, 0.0),
        Vector3::new(1.2, 1.1, 0.9),
        Vector3::new(1.59, 1.39, 0.0),
        Vector3::new(1.6, 1.4, 1.15),
        Vector3::new(1.61, 0.2, 0.3),
        Vector3::new(0.3, 1.41, -1.16),
    ];
    for angle in [0.0, 1e-9, 1e-7, 1e-4, std::f64::consts::FRAC_PI_4] {
        for axis in &axes {
            for offset in offsets {
                check_near_parallel(angle, axis, offset);
            }
        }
    }
}

/// The same box in `f32`.
fn to_f32(o: &Obb<f64, 3>) -> Obb<f32, 3> {
    Obb::new(
        o.center().cast(),
        o.rotation().cast(),
        o.half_extents().cast(),
    )
    .unwrap()
}

// Far from the origin in f32 the coordinates themselves carry an error of
// about 1e4 · 6e-8 = 6e-4; the answers must stay within that, because the
// engine and the box path subtract the two poses before anything else.
#[test]
fn boxes_far_from_the_origin_in_f32() {
    let a = Obb::<f32, 3>::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(1.0, 1.0, 1.0),
    )
    .unwrap();
    let turn = Rotation3::from_euler_angles(0.0_f32, 0.0, 0.3);
    let base = Vector3::new(1.0e4_f32, -1.0e4, 1.0e4);
    let pa = Pose3::from_parts(base.into(), Rotation3::identity());
    // B's corner reach along x after the turn: cos 0.3 + sin 0.3.
    let reach = 0.3_f32.cos() + 0.3_f32.sin();
    let pb = Pose3::from_parts(
        (base + Vector3::new(1.0 + reach - 0.25, 0.0, 0.0)).into(),
        turn,
    );
    for s in [
        separation(&a, &pa, &a, &pb),
        engine::separation(&a, &pa, &a, &pb),
    ] {
        assert!((s.distance + 0.25).abs() <= 2e-3, "{s:?}");
        assert!((s.axis.x - 1.0).abs() <= 1e-3, "{s:?}");
    }
}

// A box with its own centre at the origin and rotation the identity (as
// parry's cuboids always are) takes its frame from the pose alone
// (`Obb::world_frame`): the same answer as the same box with its centre and
// rotation moved into the box instead of the pose, and as the engine.
#[test]
fn centred_boxes_take_their_frame_from_the_pose() {
    let mut rng = Rng(9);
    for round in 0..2000 {
        let (a, pa, b, pb) = random_pair(&mut rng);
        // The centred twins: the box's frame moved into the pose.
        let centred = |o: &Obb<f64, 3>, p: &Pose3<f64>| {
            let twin = Obb::new(Point3::origin(), Rotation3::identity(), o.half_extents()).unwrap();
            let pose = Pose3::from_parts((p * o.center()).coords.into(), p.rotation * o.rotation());
            (twin, pose)
        };
        let ((ca, cpa), (cb, cpb)) = (centred(&a, &pa), centred(&b, &pb));
        let twin = obb_obb::separation(&ca, &cpa, &cb, &cpb);
        let original = obb_obb::separation(&a, &pa, &b, &pb);
        let slow = engine::separation(&ca, &cpa, &cb, &cpb);
        let tol = 1e-12 * scale(&pa, &pb);
        assert!(
            (twin.distance - original.distance).abs() <= tol,
            "round {round}: {twin:?} vs {original:?}"
        );
        assert!(
            (twin.distance - slow.distance).abs() <= tol,
            "round {round}: {twin:?} vs {slow:?}"
        );
        if twin.distance.abs() > tol {
            assert_eq!(
                obb_obb::intersects(&ca, &cpa, &cb, &cpb),
                twin.distance <= 0.0,
                "round {round}"
            );
        }
    }
}

/// A scalar the generic tests below run in, with its tolerance.
trait Scalar: Real + Debug + 'static {
    /// Agreement with the hull oracle, relative to the scene's scale (the
    /// largest world coordinate or extent, about 10). `1e-9` in `f64`: far
    /// above the oracle's own round-off (`1e-12` of the scale) and the
    /// query's (a few `ε` of the scale), far below any gap the generator
    /// makes. `1e-4` in `f32`: the query rounds a few dozen products of
    /// coordinates of the scale (about `1e-6` of it), and the cast box's
    /// rotation is orthonormal only to about `1e-7` (the oracle builds its
    /// corners from the same `f32` entries, so it sees the same box); `1e-4`
    /// leaves a factor of 100 and is still far below any gap or depth the
    /// generator makes on purpose. Measured worst depth error over this
    /// file's and polyhedra_3d.rs's oracle tests: `2.1e-3` of the tolerance
    /// in `f32`, `4.4e-7` of it in `f64`.
    const ORACLE: f64;
}

impl Scalar for f32 {
    const ORACLE: f64 = 1e-4;
}

impl Scalar for f64 {
    const ORACLE: f64 = 1e-9;
}

in_both_scalars!(
    engine_agrees_with_hull_oracle,
    hand_derived_face_cases,
    edge_crossing_edge,
    coplanar_touching_faces,
    vertex_on_face,
    one_box_inside_the_other,
);

/// `k` machine epsilons of `T`, as `f64`: the hand cases' tolerances. A
/// hand case rounds its inputs (a rotation, a square root) and a few dozen
/// operations on values of order 1, so its error is a small multiple of
/// `ε`; the multiples below are the same in both scalars, and in `f64` each
/// is at most the absolute tolerance the test used before it ran in both
/// (`4 ε` = 8.9e-16 ≤ 1e-15, `32 ε` = 7.1e-15 ≤ 1e-14).
fn eps<T: Scalar>(k: f64) -> f64 {
    k * to(T::default_epsilon())
}

/// `x` as `f64` (exact for `f32` and `f64`).
fn to<T: Scalar>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// A vector as `f64`.
fn to3<T: Scalar>(v: &Vector3<T>) -> Vector3<f64> {
    v.map(to)
}

/// An `f64` value in `T` (rounded to nearest; the identity in `f64`).
fn c<T: Scalar>(x: f64) -> T {
    nalgebra::convert(x)
}

/// The box in `T` (the identity in `f64`).
fn cast_box<T: Scalar>(o: &Obb<f64, 3>) -> Obb<T, 3> {
    Obb::new(
        o.center().cast(),
        o.rotation().cast(),
        o.half_extents().cast(),
    )
    .unwrap()
}

/// World corners of a posed box in `T`, computed in `f64` from its `T`
/// entries: the oracle sees exactly the box the query is given.
fn corners_of<T: Scalar>(o: &Obb<T, 3>, pose: &Pose3<T>) -> Vec<Point3<f64>> {
    let turn = pose.rotation.matrix().map(to);
    let frame = turn * o.rotation().matrix().map(to);
    let centre = Point3::from(pose.translation.vector.map(to) + turn * o.center().coords.map(to));
    box_corners(&centre, &frame, &o.half_extents().map(to))
}

/// A cube of half extent `h`.
fn cube<T: Scalar>(h: f64) -> Obb<T, 3> {
    cast_box(
        &Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::new(h, h, h),
        )
        .unwrap(),
    )
}

// The generic engine against the hull oracle: the same verdict outside a
// round-off band; when overlapping, the same depth (both are the minimum
// over the facets of A − B, Theorem 5); when apart, the engine's gap is at
// least the oracle's (its candidates include every facet normal). The pairs
// are drawn in f64 and rounded to `T`; the oracle works on the rounded boxes.
fn engine_agrees_with_hull_oracle<T: Scalar>() {
    let mut rng = Rng(9);
    for round in 0..150 {
        let (a, pa, b, pb) = random_pair(&mut rng);
        let tol = T::ORACLE * scale(&pa, &pb);
        let (a, b) = (cast_box::<T>(&a), cast_box::<T>(&b));
        let (pa, pb): (Pose3<T>, Pose3<T>) = (pa.cast(), pb.cast());
        let ours = separation(&a, &pa, &b, &pb);
        let distance = to(ours.distance);
        let oracle = hull_gap(&corners_of(&a, &pa), &corners_of(&b, &pb));
        if oracle.gap.abs() > tol {
            assert_eq!(
                distance > 0.0,
                oracle.gap > 0.0,
                "round {round}: {ours:?} vs {oracle:?}"
            );
        }
        if oracle.gap <= 0.0 {
            assert!(
                (distance - oracle.gap).abs() <= tol,
                "round {round}: {ours:?} vs {oracle:?}"
            );
        } else {
            assert!(
                distance >= oracle.gap - tol,
                "round {round}: {ours:?} vs {oracle:?}"
            );
        }
    }
}

// Two cubes of half extent 1, B at (0, 1.5, 0): overlap 0.5 along +y,
// A's face +e₁ (exact in both scalars: every input is representable). Turned
// by 45° about z, B reaches √2 towards A: overlap 1 + √2 − 1.5 along +y
// still (rounded: the rotation's entries, hence 32 ε).
fn hand_derived_face_cases<T: Scalar>() {
    let cube = cube::<T>(1.0);
    let id = Pose3::<T>::identity();
    let p = penetration(
        &cube,
        &id,
        &cube,
        &Pose3::translation(c(0.0), c(1.5), c(0.0)),
    )
    .unwrap();
    assert_relative_eq!(to(p.depth), 0.5, epsilon = eps::<T>(4.0));
    assert_eq!(p.feature, Feature::FaceA(1));
    let turned = Pose3::<f64>::from_parts(
        Vector3::new(0.0, 1.5, 0.0).into(),
        Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4),
    )
    .cast::<T>();
    let p = penetration(&cube, &id, &cube, &turned).unwrap();
    assert_relative_eq!(to(p.depth), 2.0_f64.sqrt() - 0.5, epsilon = eps::<T>(32.0));
    assert_relative_eq!(
        to3(&p.normal.into_inner()),
        Vector3::y(),
        epsilon = eps::<T>(32.0)
    );
}

// Edge crossing edge: A = [−1,1]³, B the same cube turned by 45° about y and
// then 0.3 rad about x, moved along the bevel normal n = (0,−1,1)/√2 of A's
// edge {y = −1, z = 1}. The gap is the oracle's (exactly |offset| − h_A(n) −
// h_B(−n) where n wins), and at least one of the distances is won by an
// edge pair, in both scalars.
fn edge_crossing_edge<T: Scalar>() {
    let cube = cube::<T>(1.0);
    let rot = Rotation3::from_axis_angle(&Vector3::x_axis(), 0.3)
        * Rotation3::from_axis_angle(&Vector3::y_axis(), std::f64::consts::FRAC_PI_4);
    let n = Vector3::new(0.0, -1.0, 1.0).normalize();
    let id = Pose3::<T>::identity();
    let tol = T::ORACLE;
    let mut found_edge = false;
    for d in [2.0, 2.4, 2.6, 3.0] {
        let pb = Pose3::<f64>::from_parts((n * d).into(), rot).cast::<T>();
        let ours = separation(&cube, &id, &cube, &pb);
        let distance = to(ours.distance);
        let oracle = hull_gap(&corners_of(&cube, &id), &corners_of(&cube, &pb));
        if oracle.gap <= 0.0 {
            assert!(
                (distance - oracle.gap).abs() <= tol,
                "d {d}: {ours:?} vs {oracle:?}"
            );
        } else {
            assert!(
                distance >= oracle.gap - tol && distance > 0.0,
                "d {d}: {ours:?} vs {oracle:?}"
            );
        }
        found_edge |= matches!(ours.feature, Feature::EdgePair(..));
    }
    assert!(found_edge, "no edge-pair answer in the edge-crossing scene");
}

// Degenerate contacts, each worked out by hand.
fn coplanar_touching_faces<T: Scalar>() {
    // Unit cubes side by side, B shifted along the shared face: the faces
    // x = 1 meet, depth exactly 0 on A's face +x (every input and the gap
    // 2 − 1 − 1 are exact in both scalars).
    let (cube, id) = (cube::<T>(1.0), Pose3::<T>::identity());
    let pb = Pose3::translation(c(2.0), c(0.3), c(-0.4));
    let p = penetration(&cube, &id, &cube, &pb).unwrap();
    assert_eq!(to(p.depth).to_bits(), 0.0_f64.to_bits());
    assert_eq!(p.feature, Feature::FaceA(0));
    // Moved apart by one ulp of 2 (2 ε), and by 1e-12 as before: apart. In
    // f32 2 + 1e-12 rounds to 2, so only the one-ulp step is taken there.
    for step in [2.0 * to(T::default_epsilon()), 1e-12] {
        let x = c::<T>(2.0 + step);
        if x > c(2.0) {
            let apart = Pose3::translation(x, c(0.3), c(-0.4));
            assert!(!intersects(&cube, &id, &cube, &apart), "step {step:e}");
        }
    }
}

fn vertex_on_face<T: Scalar>() {
    // B turned so that a corner points down −y (the cube's diagonal along
    // y): that corner is √3 from B's centre. With B's centre at
    // y = 1 + √3 the corner rests on A's top face y = 1. In T the turn and
    // 1 + √3 are rounded (a few ε each), hence 32 ε.
    let (cube, id) = (cube::<T>(1.0), Pose3::<T>::identity());
    let diagonal = Vector3::new(1.0, 1.0, 1.0).normalize();
    let turn = Rotation3::rotation_between(&diagonal, &-Vector3::y()).unwrap();
    let d = 1.0 + 3.0_f64.sqrt();
    let on = Pose3::<f64>::from_parts(Vector3::new(0.2, d, 0.1).into(), turn).cast::<T>();
    let s = separation(&cube, &id, &cube, &on);
    assert!(to(s.distance).abs() <= eps::<T>(32.0), "{s:?}");
    assert_relative_eq!(
        to3(&s.axis.into_inner()),
        Vector3::y(),
        epsilon = eps::<T>(32.0)
    );
    let sunk = Pose3::<f64>::from_parts(Vector3::new(0.2, d - 0.25, 0.1).into(), turn).cast::<T>();
    let p = penetration(&cube, &id, &cube, &sunk).unwrap();
    assert_relative_eq!(to(p.depth), 0.25, epsilon = eps::<T>(32.0));
}

fn one_box_inside_the_other<T: Scalar>() {
    // A cube of half extent 0.5 at (0.2, 0, 0) inside a cube of half extent
    // 2: overlaps +x 2 − (0.2 − 0.5) = 2.3, −x 2.7, ±y ±z 2.5: depth 2.3
    // (0.2 is rounded in T: 32 ε of the scale 2.3).
    use separating_axis::{containment, Containment};
    let (big, small) = (cube::<T>(2.0), cube::<T>(0.5));
    let (pa, pb) = (
        Pose3::<T>::identity(),
        Pose3::translation(c(0.2), c(0.0), c(0.0)),
    );
    let p = penetration(&big, &pa, &small, &pb).unwrap();
    assert_relative_eq!(to(p.depth), 2.3, epsilon = eps::<T>(32.0));
    assert_relative_eq!(
        to3(&p.normal.into_inner()),
        Vector3::x(),
        epsilon = eps::<T>(4.0)
    );
    assert_eq!(
        containment(&big, &pa, &small, &pb),
        Containment {
            a_in_b: false,
            b_in_a: true
        }
    );
    let turned = Pose3::<f64>::from_parts(
        Vector3::new(0.2, 0.0, 0.0).into(),
        Rotation3::from_euler_angles(0.3, 0.2, 0.1),
    )
    .cast::<T>();
    assert!(containment(&big, &pa, &small, &turned).b_in_a);
}
