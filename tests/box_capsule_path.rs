//! The `intersects` paths of a box with a capsule and of two capsules
//! (`src/pair/capsule_polyhedron.rs`, `intersects_box` and
//! `intersects_segments`) give the engine's verdict: on thousands of
//! seeded pairs in both argument orders and both scalars, boxes as `Obb`
//! and as `Aabb`, capsules from nearly balls to long ones, moved to touch
//! along the engine's best axis and `1e-12` and `1e-7` either side of it,
//! near the origin and `1e6` away from it, and on NaN poses without a
//! panic.

use crate::support::rng::Rng;
use crate::support::scalars::{in_both_scalars, TestReal};
use nalgebra::{Point3, Rotation3, Translation3, Vector3};
use separating_axis::{engine, intersects, separation, Aabb, AnyShape, Capsule, Obb, Pose3, Shape};

/// A box of half extents 0.05–1.2 off its shape's origin (every third an
/// axis-aligned `Aabb`), or a capsule of radius 0.05–0.7 and half length
/// 0–0.9 (some nearly a ball), in `T`.
fn random_shape<T: TestReal>(rng: &mut Rng, capsule: bool, round: usize) -> AnyShape<T, 3> {
    let centre: Point3<T> = Point3::from(rng.unit_vector3() * rng.range(0.0, 0.3)).cast();
    if capsule {
        let length = if round.is_multiple_of(5) {
            1e-9
        } else {
            rng.range(0.0, 0.9)
        };
        let half: Vector3<T> = (rng.unit_vector3() * length).cast();
        let r = nalgebra::convert(rng.range(0.05, 0.7));
        AnyShape::from(Capsule::new(centre - half, centre + half, r).unwrap())
    } else {
        let h: Vector3<T> = Vector3::new(
            rng.range(0.05, 1.2),
            rng.range(0.05, 1.2),
            rng.range(0.05, 1.2),
        )
        .cast();
        if round.is_multiple_of(3) {
            AnyShape::from(Aabb::new(centre - h, centre + h).unwrap())
        } else {
            AnyShape::from(Obb::new(centre, rng.rotation().cast(), h).unwrap())
        }
    }
}

/// A random pose near `origin`.
fn pose_near(rng: &mut Rng, origin: f64) -> Pose3<f64> {
    let t = Vector3::repeat(origin) + rng.unit_vector3() * rng.range(0.0, 2.5);
    Pose3::from_parts(Translation3::from(t), rng.rotation())
}

fn box_capsule_path_matches_engine<T: TestReal>() {
    path_matches_engine::<T>(false, 0xb0ca);
}

fn capsule_capsule_path_matches_engine<T: TestReal>() {
    path_matches_engine::<T>(true, 0xcaca);
}

/// 2 000 seeded pairs of a box (or a capsule, `two_capsules`) and a
/// capsule, each as drawn, then moved along the engine's best axis to
/// touch and `1e-12` and `1e-7` either side, a quarter near `1e6`; both
/// orders and through `&dyn`, against `engine::intersects`; both verdicts
/// must occur more than 3 000 times.
fn path_matches_engine<T: TestReal>(two_capsules: bool, seed: u64) {
    let mut rng = Rng::new(seed);
    let (mut hits, mut misses) = (0, 0);
    for round in 0..2000 {
        let boxed = random_shape::<T>(&mut rng, two_capsules, round + 1);
        let capsule = random_shape::<T>(&mut rng, true, round);
        let origin = if round % 4 == 3 { 1e6 } else { 0.0 };
        let pose_b: Pose3<T> = pose_near(&mut rng, origin).cast();
        let pose_c0: Pose3<T> = pose_near(&mut rng, origin).cast();
        for shift in [
            None,
            Some(0.0),
            Some(1e-12),
            Some(-1e-12),
            Some(1e-7),
            Some(-1e-7),
        ] {
            let mut pose_c = pose_c0;
            if let Some(shift) = shift {
                let s = separation(&boxed, &pose_b, &capsule, &pose_c);
                let step: T = nalgebra::convert(shift);
                pose_c.translation.vector += s.axis.into_inner() * (step - s.distance);
            }
            let slow = engine::intersects(&boxed, &pose_b, &capsule, &pose_c);
            let context = format!(
                "{} round {round} (shift {shift:?}): {boxed:?} {capsule:?}",
                T::NAME
            );
            assert_eq!(
                intersects(&boxed, &pose_b, &capsule, &pose_c),
                slow,
                "{context}"
            );
            assert_eq!(
                intersects(&capsule, &pose_c, &boxed, &pose_b),
                engine::intersects(&capsule, &pose_c, &boxed, &pose_b),
                "{context}, swapped"
            );
            let dyn_capsule: &dyn Shape<T, 3> = &capsule;
            let dyn_box: &dyn Shape<T, 3> = &boxed;
            assert_eq!(
                intersects(dyn_box, &pose_b, dyn_capsule, &pose_c),
                slow,
                "{context}, dyn"
            );
            if slow {
                hits += 1;
            } else {
                misses += 1;
            }
        }
    }
    assert!(
        hits > 3000 && misses > 3000,
        "{hits} overlapping, {misses} apart"
    );
}

// NaN in either pose: no panic, and the engine's verdict (false).
fn box_capsule_nan_poses_do_not_panic<T: TestReal>() {
    let mut rng = Rng::new(8);
    let boxed = random_shape::<T>(&mut rng, false, 1);
    let capsule = random_shape::<T>(&mut rng, true, 1);
    let nan = T::zero() / T::zero();
    let good = Pose3::<T>::identity();
    let mut bad = good;
    bad.translation.vector.z = nan;
    for (pa, pb) in [(bad, good), (good, bad)] {
        assert!(!intersects(&boxed, &pa, &capsule, &pb));
        assert!(!intersects(&capsule, &pa, &boxed, &pb));
        assert!(!intersects(&capsule, &pa, &capsule, &pb));
        assert_eq!(
            intersects(&boxed, &pa, &capsule, &pb),
            engine::intersects(&boxed, &pa, &capsule, &pb)
        );
        assert_eq!(
            intersects(&capsule, &pa, &capsule, &pb),
            engine::intersects(&capsule, &pa, &capsule, &pb)
        );
    }
}

in_both_scalars!(
    box_capsule_path_matches_engine,
    capsule_capsule_path_matches_engine,
    box_capsule_nan_poses_do_not_panic
);

// Hand-derived: the box [−1, 1]³ and a capsule of radius ½ along y
// through x = 1.5 touch along the face x = 1 (touching counts), and miss
// by 1e-9 once the capsule moves that far; a capsule along z through
// (1 + a, 1 + a) with a = ½ / √2 is ½ from the edge x = y = 1 (touching,
// within the rounding of a: the engine's verdict), apart once moved out
// by 1e-6 along (1, 1, 0) and overlapping once moved in.
#[test]
fn box_capsule_touching_by_hand() {
    let id = Pose3::identity();
    let b = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::repeat(1.0),
    )
    .unwrap();
    let face = Capsule::new(Point3::new(1.5, -3.0, 0.0), Point3::new(1.5, 3.0, 0.0), 0.5).unwrap();
    assert!(intersects(&b, &id, &face, &id));
    assert!(intersects(&face, &id, &b, &id));
    let out = Pose3::translation(1e-9, 0.0, 0.0);
    assert!(!intersects(&b, &id, &face, &out));
    assert!(!intersects(&face, &out, &b, &id));
    // Deep inside: the capsule's axis through the box's centre.
    let deep = Capsule::new(Point3::new(0.0, 0.0, -0.2), Point3::new(0.0, 0.0, 0.2), 0.1).unwrap();
    assert!(intersects(
        &b,
        &id,
        &deep,
        &Pose3::translation(0.3, -0.2, 0.1)
    ));
    // Along an edge: 0.5 / √2 out on x and y, the nearest point of the
    // edge x = y = 1 at distance 0.5 (within round-off of touching, which
    // the engine decides), and 1e-6 farther out: apart.
    let a = 0.5 / 2.0_f64.sqrt();
    let edge = Capsule::new(
        Point3::new(1.0 + a, 1.0 + a, -0.5),
        Point3::new(1.0 + a, 1.0 + a, 0.5),
        0.5,
    )
    .unwrap();
    assert_eq!(
        intersects(&b, &id, &edge, &id),
        engine::intersects(&b, &id, &edge, &id)
    );
    let away = Pose3::translation(1e-6, 1e-6, 0.0);
    assert!(!intersects(&b, &id, &edge, &away));
    assert!(!intersects(&edge, &away, &b, &id));
    let closer = Pose3::translation(-1e-6, -1e-6, 0.0);
    assert!(intersects(&b, &id, &edge, &closer));
    assert!(intersects(&edge, &closer, &b, &id));
}

// Hand-derived: two capsules of radius ½ along y, axes at x = 0 and
// x = 1, touch (touching counts) and miss by 1e-9 once moved apart; two
// crossed capsules, along x at z = 0 and along y at z = 0.75, radii ½ and
// ¼, touch at the origin's column and overlap when 1e-9 closer.
#[test]
fn capsule_capsule_touching_by_hand() {
    let id = Pose3::identity();
    let a = Capsule::new(Point3::new(0.0, -1.0, 0.0), Point3::new(0.0, 1.0, 0.0), 0.5).unwrap();
    let b = Capsule::new(Point3::new(1.0, -2.0, 0.0), Point3::new(1.0, 0.5, 0.0), 0.5).unwrap();
    assert!(intersects(&a, &id, &b, &id));
    assert!(intersects(&b, &id, &a, &id));
    let out = Pose3::translation(1e-9, 0.0, 0.0);
    assert!(!intersects(&a, &id, &b, &out));
    assert!(!intersects(&b, &out, &a, &id));
    let x = Capsule::new(Point3::new(-2.0, 0.0, 0.0), Point3::new(2.0, 0.0, 0.0), 0.5).unwrap();
    let y = Capsule::new(
        Point3::new(0.0, -2.0, 0.75),
        Point3::new(0.0, 2.0, 0.75),
        0.25,
    )
    .unwrap();
    assert!(intersects(&x, &id, &y, &id));
    assert!(!intersects(
        &x,
        &id,
        &y,
        &Pose3::translation(0.0, 0.0, 1e-9)
    ));
    assert!(intersects(
        &y,
        &Pose3::translation(0.0, 0.0, -1e-9),
        &x,
        &id
    ));
}

// The paths allocate nothing (the counting allocator of tests/no_alloc.rs
// counts this thread's allocations), for overlapping, apart and
// near-touching pairs in both orders.
#[test]
fn box_capsule_paths_do_not_allocate() {
    let b = Obb::new(
        Point3::origin(),
        Rotation3::new(Vector3::new(0.3, 0.2, 0.1)),
        Vector3::new(1.0, 0.5, 0.7),
    )
    .unwrap();
    let c = Capsule::new(Point3::new(0.0, -0.5, 0.0), Point3::new(0.0, 0.5, 0.0), 0.3).unwrap();
    let id = Pose3::identity();
    for x in [0.5, 1.3, 1.5, 4.0] {
        let p = Pose3::translation(x, 0.1, 0.0);
        let before = crate::no_alloc::allocations();
        let r = [
            intersects(&b, &id, &c, &p),
            intersects(&c, &p, &b, &id),
            intersects(&c, &id, &c, &p),
        ];
        assert_eq!(crate::no_alloc::allocations(), before, "{x}: {r:?}");
    }
}
