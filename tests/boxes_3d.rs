//! 3D oriented boxes: the 15-axis box path against the generic engine and
//! against the vertex-difference hull oracle (tests/support/oracle3d.rs), near-parallel
//! edges, and hand-derived cases.

use crate::support::rng::Rng;

use crate::support::oracle3d::{box_corners, hull_gap};
use approx::assert_relative_eq;
use nalgebra::{Point3, Rotation3, Unit, Vector3};
use separating_axis::{
    engine, intersects, pair::obb_obb, penetration, separation, Feature, Obb, Pose3,
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

// The generic engine against the hull oracle: the same verdict outside a
// round-off band; when overlapping, the same depth (both are the minimum
// over the facets of A − B, Theorem 5); when apart, the engine's gap is at
// least the oracle's (its candidates include every facet normal).
#[test]
fn engine_agrees_with_hull_oracle() {
    let mut rng = Rng(9);
    for _ in 0..150 {
        let (a, pa, b, pb) = random_pair(&mut rng);
        let ours = separation(&a, &pa, &b, &pb);
        let oracle = hull_gap(&corners(&a, &pa), &corners(&b, &pb));
        let tol = 1e-9 * scale(&pa, &pb);
        if oracle.gap.abs() > tol {
            assert_eq!(
                ours.distance > 0.0,
                oracle.gap > 0.0,
                "{ours:?} vs {oracle:?}"
            );
        }
        if oracle.gap <= 0.0 {
            assert!(
                (ours.distance - oracle.gap).abs() <= tol,
                "{ours:?} vs {oracle:?}"
            );
        } else {
            assert!(ours.distance >= oracle.gap - tol, "{ours:?} vs {oracle:?}");
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

// Two cubes of half extent 1, B at (0, 1.5, 0): overlap 0.5 along +y,
// A's face +e₁. Turned by exactly 45° about z, B reaches √2 towards A:
// overlap 1 + √2 − 1.5 along +y still.
#[test]
fn hand_derived_face_cases() {
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(1.0, 1.0, 1.0),
    )
    .unwrap();
    let p = penetration(
        &cube,
        &Pose3::identity(),
        &cube,
        &Pose3::translation(0.0, 1.5, 0.0),
    )
    .unwrap();
    assert_relative_eq!(p.depth, 0.5, epsilon = 1e-15);
    assert_eq!(p.feature, Feature::FaceA(1));
    let turned = Pose3::from_parts(
        Vector3::new(0.0, 1.5, 0.0).into(),
        Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_4),
    );
    let p = penetration(&cube, &Pose3::identity(), &cube, &turned).unwrap();
    assert_relative_eq!(p.depth, 2.0_f64.sqrt() - 0.5, epsilon = 1e-14);
    assert_relative_eq!(p.normal.into_inner(), Vector3::y(), epsilon = 1e-14);
}

// Edge crossing edge: A = [−1,1]³, B a cube of half extent 1 turned so that
// one edge runs along (1,0,1)/√2... B is A turned by 45° about z and then
// 90°·½ about x; moved along the bevel normal n = (0,−1,1)/√2 of A's edge
// {y = −1, z = 1}. Along n, A reaches √2 and B (half-diagonal of a face
// after the turns) reaches its support value; the gap is exactly
// |offset| − h_A(n) − h_B(−n), and the winning feature is an edge pair.
#[test]
fn edge_crossing_edge() {
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(1.0, 1.0, 1.0),
    )
    .unwrap();
    let rot = Rotation3::from_axis_angle(&Vector3::x_axis(), 0.3)
        * Rotation3::from_axis_angle(&Vector3::y_axis(), std::f64::consts::FRAC_PI_4);
    let n = Vector3::new(0.0, -1.0, 1.0).normalize();
    let mut found_edge = false;
    for d in [2.0, 2.4, 2.6, 3.0] {
        let pb = Pose3::from_parts((n * d).into(), rot);
        let ours = separation(&cube, &Pose3::identity(), &cube, &pb);
        let oracle = hull_gap(&corners(&cube, &Pose3::identity()), &corners(&cube, &pb));
        if oracle.gap <= 0.0 {
            assert!(
                (ours.distance - oracle.gap).abs() <= 1e-9,
                "{ours:?} vs {oracle:?}"
            );
        } else {
            assert!(ours.distance >= oracle.gap - 1e-9 && ours.distance > 0.0);
        }
        found_edge |= matches!(ours.feature, Feature::EdgePair(..));
    }
    assert!(found_edge, "no edge-pair answer in the edge-crossing scene");
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

/// A cube of half extent `h` (f64).
fn cube(h: f64) -> Obb<f64, 3> {
    Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(h, h, h),
    )
    .unwrap()
}

// Degenerate contacts, each worked out by hand.
#[test]
fn coplanar_touching_faces() {
    // Unit cubes side by side, B shifted along the shared face: the faces
    // x = 1 meet, depth exactly 0 on A's face +x.
    let pb = Pose3::translation(2.0, 0.3, -0.4);
    let p = penetration(&cube(1.0), &Pose3::identity(), &cube(1.0), &pb).unwrap();
    assert_eq!(p.depth.to_bits(), 0.0_f64.to_bits());
    assert_eq!(p.feature, Feature::FaceA(0));
    assert!(!intersects(
        &cube(1.0),
        &Pose3::identity(),
        &cube(1.0),
        &Pose3::translation(2.0 + 1e-12, 0.3, -0.4)
    ));
}

#[test]
fn vertex_on_face() {
    // B turned so that a corner points down −y (the cube's diagonal along
    // y): that corner is √3 from B's centre. With B's centre at
    // y = 1 + √3 the corner rests on A's top face y = 1.
    let diagonal = Vector3::new(1.0, 1.0, 1.0).normalize();
    let turn = Rotation3::rotation_between(&diagonal, &-Vector3::y()).unwrap();
    let d = 1.0 + 3.0_f64.sqrt();
    let s = separation(
        &cube(1.0),
        &Pose3::identity(),
        &cube(1.0),
        &Pose3::from_parts(Vector3::new(0.2, d, 0.1).into(), turn),
    );
    assert!(s.distance.abs() <= 1e-14, "{s:?}");
    assert_relative_eq!(s.axis.into_inner(), Vector3::y(), epsilon = 1e-14);
    let sunk = Pose3::from_parts(Vector3::new(0.2, d - 0.25, 0.1).into(), turn);
    let p = penetration(&cube(1.0), &Pose3::identity(), &cube(1.0), &sunk).unwrap();
    assert_relative_eq!(p.depth, 0.25, epsilon = 1e-14);
}

#[test]
fn one_box_inside_the_other() {
    // A cube of half extent 0.5 at (0.2, 0, 0) inside a cube of half extent
    // 2: overlaps +x 2 − (0.2 − 0.5) = 2.3, −x 2.7, ±y ±z 2.5: depth 2.3.
    use separating_axis::{containment, Containment};
    let (big, small) = (cube(2.0), cube(0.5));
    let (pa, pb) = (Pose3::identity(), Pose3::translation(0.2, 0.0, 0.0));
    let p = penetration(&big, &pa, &small, &pb).unwrap();
    assert_relative_eq!(p.depth, 2.3, epsilon = 1e-14);
    assert_relative_eq!(p.normal.into_inner(), Vector3::x(), epsilon = 1e-15);
    assert_eq!(
        containment(&big, &pa, &small, &pb),
        Containment {
            a_in_b: false,
            b_in_a: true
        }
    );
    let turned = Pose3::from_parts(
        Vector3::new(0.2, 0.0, 0.0).into(),
        Rotation3::from_euler_angles(0.3, 0.2, 0.1),
    );
    assert!(containment(&big, &pa, &small, &turned).b_in_a);
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
