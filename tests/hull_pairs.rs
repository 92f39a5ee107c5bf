//! The `intersects` paths of a hull with a box and with a capsule
//! (`src/pair/box_polyhedron.rs`, `src/pair/capsule_polyhedron.rs`) give
//! the engine's verdict: on thousands of seeded pairs in both argument
//! orders and both scalars, moved to touch along the engine's best axis and
//! `1e-12` either side of it, near the origin and `1e6` away from it, and
//! on NaN poses without a panic.

use crate::support::rng::Rng;
use crate::support::scalars::{in_both_scalars, TestReal};
use nalgebra::{Point3, Translation3, Vector3};
use separating_axis::{
    engine, intersects, separation, AnyShape, Capsule, ConvexPolyhedron, Obb, Pose3, Shape,
};

/// The hull of `n` random points in an ellipsoid of semi-axes 0.5–1.2.
fn random_hull(rng: &mut Rng, n: usize) -> ConvexPolyhedron<f64> {
    let axes = Vector3::new(
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
    );
    let points: Vec<Point3<f64>> = (0..n)
        .map(|_| Point3::from(rng.unit_vector3().component_mul(&axes) * rng.range(0.6, 1.0)))
        .collect();
    ConvexPolyhedron::from_hull(&points).unwrap()
}

/// The hull rounded to `T`.
fn hull_in<T: TestReal>(h: &ConvexPolyhedron<f64>) -> ConvexPolyhedron<T> {
    let points: Vec<Point3<T>> = h.vertices().iter().map(|p| p.cast()).collect();
    ConvexPolyhedron::from_hull(&points).unwrap()
}

/// A box or a capsule of size about 1, off its shape's origin, in `T`.
fn other_shape<T: TestReal>(rng: &mut Rng, capsule: bool) -> AnyShape<T, 3> {
    let centre = Point3::from(rng.unit_vector3() * rng.range(0.0, 0.3)).cast();
    if capsule {
        let half = rng.unit_vector3() * rng.range(0.0, 0.8);
        let (p, q) = (centre - half.cast(), centre + half.cast());
        let r = nalgebra::convert(rng.range(0.1, 0.7));
        AnyShape::from(Capsule::new(p, q, r).unwrap())
    } else {
        let h = Vector3::new(
            rng.range(0.1, 1.2),
            rng.range(0.1, 1.2),
            rng.range(0.1, 1.2),
        );
        AnyShape::from(Obb::new(centre, rng.rotation().cast(), h.cast()).unwrap())
    }
}

/// A random pose near `origin`.
fn pose_near(rng: &mut Rng, origin: f64) -> Pose3<f64> {
    let t = Vector3::repeat(origin) + rng.unit_vector3() * rng.range(0.0, 2.5);
    Pose3::from_parts(Translation3::from(t), rng.rotation())
}

/// Runs `rounds` seeded pairs of a hull and a box (or capsule): each pair
/// as drawn, then moved along the engine's best axis to touch and `1e-12`
/// either side, near the origin or `1e6` away; both orders, and the shape
/// also behind `&dyn Shape`. Returns how many verdicts were "overlap" and
/// how many "apart", so that the caller can check both were exercised.
fn path_matches_engine<T: TestReal>(capsule: bool, rounds: usize, seed: u64) -> (usize, usize) {
    let mut rng = Rng::new(seed);
    let (mut hits, mut misses) = (0, 0);
    for round in 0..rounds {
        let n = [4, 8, 12, 16, 32, 64][round % 6];
        let hull = hull_in::<T>(&random_hull(&mut rng, n));
        let other = other_shape::<T>(&mut rng, capsule);
        let origin = if round % 4 == 3 { 1e6 } else { 0.0 };
        let pose_h: Pose3<T> = pose_near(&mut rng, origin).cast();
        let pose_o0: Pose3<T> = pose_near(&mut rng, origin).cast();
        for shift in [
            None,
            Some(0.0),
            Some(1e-12),
            Some(-1e-12),
            Some(1e-7),
            Some(-1e-7),
        ] {
            let mut pose_o = pose_o0;
            if let Some(shift) = shift {
                let s = separation(&hull, &pose_h, &other, &pose_o);
                let step: T = nalgebra::convert(shift);
                pose_o.translation.vector += s.axis.into_inner() * (step - s.distance);
            }
            let slow = engine::intersects(&hull, &pose_h, &other, &pose_o);
            let context = format!(
                "{} round {round} (n {n}, shift {shift:?}): {other:?}",
                T::NAME
            );
            assert_eq!(
                intersects(&hull, &pose_h, &other, &pose_o),
                slow,
                "{context}"
            );
            assert_eq!(
                intersects(&other, &pose_o, &hull, &pose_h),
                engine::intersects(&other, &pose_o, &hull, &pose_h),
                "{context}, swapped"
            );
            let dyn_other: &dyn Shape<T, 3> = &other;
            assert_eq!(
                intersects(dyn_other, &pose_o, &hull, &pose_h),
                engine::intersects(&other, &pose_o, &hull, &pose_h),
                "{context}, dyn"
            );
            if slow {
                hits += 1;
            } else {
                misses += 1;
            }
        }
    }
    (hits, misses)
}

fn box_hull_path_matches_engine<T: TestReal>() {
    let (hits, misses) = path_matches_engine::<T>(false, 1500, 0xb0c5);
    assert!(
        hits > 1000 && misses > 1000,
        "{hits} overlapping, {misses} apart"
    );
}

fn capsule_hull_path_matches_engine<T: TestReal>() {
    let (hits, misses) = path_matches_engine::<T>(true, 1500, 0xca95);
    assert!(
        hits > 1000 && misses > 1000,
        "{hits} overlapping, {misses} apart"
    );
}

// NaN in either pose: no panic, and the engine's verdict (false).
fn hull_pairs_nan_poses_do_not_panic<T: TestReal>() {
    let mut rng = Rng::new(7);
    let hull = hull_in::<T>(&random_hull(&mut rng, 12));
    for capsule in [false, true] {
        let other = other_shape::<T>(&mut rng, capsule);
        let nan = T::zero() / T::zero();
        let good = Pose3::<T>::identity();
        let mut bad = good;
        bad.translation.vector.y = nan;
        for (pa, pb) in [(bad, good), (good, bad)] {
            assert!(!intersects(&hull, &pa, &other, &pb));
            assert!(!intersects(&other, &pa, &hull, &pb));
            assert_eq!(
                intersects(&hull, &pa, &other, &pb),
                engine::intersects(&hull, &pa, &other, &pb)
            );
        }
    }
}

in_both_scalars!(
    box_hull_path_matches_engine,
    capsule_hull_path_matches_engine,
    hull_pairs_nan_poses_do_not_panic
);

/// The unit cube `[1, 2] × [−½, ½]²` as a hull.
fn cube_at_one() -> ConvexPolyhedron<f64> {
    let corners: Vec<_> = (0..8)
        .map(|i| {
            Point3::new(
                1.0 + f64::from(i & 1),
                f64::from((i >> 1) & 1) - 0.5,
                f64::from((i >> 2) & 1) - 0.5,
            )
        })
        .collect();
    ConvexPolyhedron::from_hull(&corners).unwrap()
}

// Hand-derived: the box [−1, 1]³ touches the cube [1, 2] × [−½, ½]² along
// x = 1 (a face against a face: touching counts), and misses it by 1e-9
// when the cube moves by that much; a capsule of radius ½ along the y axis
// through x = ½ touches the cube's face x = 1 and misses it when moved.
#[test]
fn hull_pairs_touching_by_hand() {
    let cube = cube_at_one();
    let id = Pose3::identity();
    let apart = Pose3::translation(1e-9, 0.0, 0.0);
    let b = Obb::new(
        Point3::origin(),
        nalgebra::Rotation3::identity(),
        Vector3::repeat(1.0),
    )
    .unwrap();
    assert!(intersects(&b, &id, &cube, &id));
    assert!(intersects(&cube, &id, &b, &id));
    assert!(!intersects(&b, &id, &cube, &apart));
    assert!(!intersects(&cube, &apart, &b, &id));
    let c = Capsule::new(Point3::new(0.5, -3.0, 0.0), Point3::new(0.5, 3.0, 0.0), 0.5).unwrap();
    assert!(intersects(&c, &id, &cube, &id));
    assert!(intersects(&cube, &id, &c, &id));
    assert!(!intersects(&c, &id, &cube, &apart));
    assert!(!intersects(&cube, &apart, &c, &id));
    // Deep and far: the certificate and the faces decide.
    assert!(intersects(
        &c,
        &Pose3::translation(1.0, 0.0, 0.0),
        &cube,
        &id
    ));
    assert!(!intersects(
        &b,
        &Pose3::translation(-5.0, 0.0, 0.0),
        &cube,
        &id
    ));
}
