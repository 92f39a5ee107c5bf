//! The hull pair's SAT answers bit for bit: a hash of every bit of
//! `separation` (the best scan), `penetration` (the first-gap scan) and
//! `intersects` of hull pairs, over a seeded scene that the overlay walk
//! (`src/pair/overlay.rs`) and the pair loop of
//! `src/pair/polyhedron_polyhedron.rs` answer: hulls of 4 to 200 points,
//! deep, shallow and apart, near the origin and `1e5` from it, copies of
//! one hull turned by nothing or by `1e-12` to `1e-6` rad (arcs on arcs),
//! each pair in both argument orders, in `f32` and `f64`.
//!
//! The hashes were recorded before the walk's tables were packed (16-bit
//! and 8-bit indices, commit c1247ca's layout): a change of the layout
//! must leave every answer's distance, axis and feature as they were.
//! Rotations come from normalised quaternions (`+ − × / sqrt` only), so
//! the hashes do not depend on the platform's `libm`.

use crate::support::rng::Rng;
use crate::support::scalars::TestReal;
use crate::support::scene2d::Fnv1a;
use nalgebra::{Point3, Quaternion, Rotation3, UnitQuaternion, Vector3};
use separating_axis::{ConvexPolyhedron, Feature, Pose3};

/// Pairs in the scene (each in both orders).
const PAIRS: u64 = 1500;

/// A rotation from a quaternion `(1, size · random)`, normalised by `sqrt`
/// only: any rotation for a large `size`, a small one for a small `size`.
fn rotation(rng: &mut Rng, size: f64) -> Rotation3<f64> {
    let q = Quaternion::new(
        if size > 1.0 { rng.signed_unit() } else { 1.0 },
        size.min(1.0) * rng.signed_unit(),
        size.min(1.0) * rng.signed_unit(),
        size.min(1.0) * rng.signed_unit(),
    );
    UnitQuaternion::new_normalize(q).to_rotation_matrix()
}

/// The hull of `n` points in an ellipsoid of semi-axes 0.5–1.2, in `T`.
fn hull<T: TestReal>(rng: &mut Rng, n: usize) -> ConvexPolyhedron<T> {
    let axes = Vector3::new(
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
    );
    let points: Vec<Point3<T>> = (0..n)
        .map(|_| {
            let p = rng.unit_vector3().component_mul(&axes) * rng.range(0.6, 1.0);
            Point3::from(p).cast()
        })
        .collect();
    ConvexPolyhedron::from_hull(&points).unwrap()
}

/// Pair `i` of the scene in `T`: (A, pose A, B, pose B).
fn scene<T: TestReal>(i: u64) -> (ConvexPolyhedron<T>, Pose3<T>, ConvexPolyhedron<T>, Pose3<T>) {
    let mut rng = Rng(0x4B11_0000_0000 + i);
    let kind = i % 6;
    let n = [4, 8, 16, 16, 32, 32, 64, 128, 200][rng.below(9)];
    let a = hull::<T>(&mut rng, n);
    // Kind 4: B a copy of A, turned by nothing or by 1e-12 to 1e-6 rad.
    let b = if kind == 4 {
        a.clone()
    } else {
        let m = [8, 16, 32, 64][rng.below(4)];
        hull::<T>(&mut rng, m)
    };
    let rot_a = rotation(&mut rng, 2.0);
    let rot_b = if kind == 4 {
        let angle = [0.0, 1e-12, 1e-9, 1e-6][rng.below(4)];
        rot_a * rotation(&mut rng, angle)
    } else {
        rotation(&mut rng, 2.0)
    };
    // Deep (kind 0), shallow (1, 4), apart or about touching (2), mixed (3),
    // mixed far from the origin (5).
    let reach = [0.3, 1.4, 2.4, 2.0, 0.5, 2.0][kind as usize];
    let offset = rng.unit_vector3() * rng.range(0.0, 1.0) * reach;
    let base = if kind == 5 {
        Vector3::new(
            rng.range(-1e5, 1e5),
            rng.range(-1e5, 1e5),
            rng.range(-1e5, 1e5),
        )
    } else {
        Vector3::new(rng.range(-5.0, 5.0), 1.0, 0.0)
    };
    let pose =
        |t: Vector3<f64>, r: Rotation3<f64>| Pose3::from_parts(t.cast::<T>().into(), r.cast::<T>());
    (a, pose(base, rot_a), b, pose(base + offset, rot_b))
}

/// The hash of the scene's answers in `T`, with the number of overlapping
/// ordered pairs and of edge-pair answers (so that the scene is seen to
/// exercise both).
fn hash<T: TestReal>() -> (u64, usize, usize) {
    let (mut h, mut overlapping, mut edges) = (Fnv1a::default(), 0, 0);
    for i in 0..PAIRS {
        let (a, pa, b, pb) = scene::<T>(i);
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let (s, hit) = h.write_sat(x, px, y, py);
            edges += usize::from(matches!(s.feature, Feature::EdgePair(..)));
            overlapping += usize::from(hit);
        }
    }
    (h.finish(), overlapping, edges)
}

/// The recorded hashes: f64, f32.
const RECORDED: [u64; 2] = [0x64e0_6b98_e592_5724, 0xddeb_34c8_ab1e_4b40];

fn check<T: TestReal>(index: usize) {
    let (h, overlapping, edges) = hash::<T>();
    assert!(
        (1000..=2600).contains(&overlapping),
        "{}: {overlapping} overlapping",
        T::NAME
    );
    assert!(edges >= 200, "{}: only {edges} edge-pair answers", T::NAME);
    assert_eq!(
        h,
        RECORDED[index],
        "{}: the hull answers changed ({h:#018x})",
        T::NAME
    );
}

#[test]
fn hull_walk_bits_f64() {
    check::<f64>(0);
}

#[test]
fn hull_walk_bits_f32() {
    check::<f32>(1);
}
