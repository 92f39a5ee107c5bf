//! The box SAT's answers bit for bit: a hash of every bit of `separation`
//! (the best scan), `penetration` (the first-gap scan), `intersects` and
//! the contact manifold of box pairs, over seeded scenes built to be hard
//! for a rewrite of the scan: deep and mixed random pairs, exact ties
//! (axis-aligned and quarter-turned boxes on dyadic coordinates, where A's
//! faces, B's faces and the edge pairs give equal gaps), touching pairs
//! (gap exactly zero), near-parallel edges, pairs far from the origin,
//! boxes off their shape's origin, and NaN poses; each pair in both
//! argument orders, in `f32` and `f64`, in 3D and 2D.
//!
//! The hashes were recorded from the scan before its rewrite (the generic
//! `BestAxis` loop of `src/pair/obb_obb.rs`); the rewrite must give the
//! same axis, the same feature and the same distance bits. Rotations come
//! from normalised quaternions and rational unit vectors (`+ − × / sqrt`
//! only), so the hashes do not depend on the platform's `libm`.

use crate::support::rng::Rng;
use crate::support::scalars::TestReal;
use crate::support::scene2d::Fnv1a;
use nalgebra::{Const, Rotation, Translation};
use nalgebra::{
    Matrix2, Point2, Point3, Quaternion, Rotation2, Rotation3, UnitQuaternion, Vector2, Vector3,
};
use separating_axis::{
    contact_manifold, intersects, separation, ContactDim, Obb, Pose, Pose2, Pose3,
};

/// Pairs per scene (each in both orders).
const PAIRS: u64 = 3000;

/// A rotation from a random quaternion (normalised by `sqrt` only).
fn rotation3(rng: &mut Rng) -> Rotation3<f64> {
    let q = Quaternion::new(
        rng.signed_unit(),
        rng.signed_unit(),
        rng.signed_unit(),
        rng.signed_unit(),
    );
    UnitQuaternion::new_normalize(q).to_rotation_matrix()
}

/// One of the 24 rotations of the cube (exact: entries 0 and ±1).
fn quarter_turns3(rng: &mut Rng) -> Rotation3<f64> {
    let perm = [
        [0, 1, 2],
        [1, 2, 0],
        [2, 0, 1],
        [0, 2, 1],
        [2, 1, 0],
        [1, 0, 2],
    ][rng.below(6)];
    let mut m = nalgebra::Matrix3::zeros();
    let mut det_sign = if perm == [0, 1, 2] || perm == [1, 2, 0] || perm == [2, 0, 1] {
        1.0
    } else {
        -1.0
    };
    for (col, &row) in perm.iter().enumerate() {
        let s = if col < 2 && rng.chance(0.5) {
            det_sign = -det_sign;
            -1.0
        } else {
            1.0
        };
        m[(row, col)] = s;
    }
    // Fix the last column's sign so that the determinant is +1.
    m[(perm[2], 2)] *= det_sign;
    Rotation3::from_matrix_unchecked(m)
}

/// A small rotation (near-parallel edges): a quaternion close to 1.
fn small_rotation3(rng: &mut Rng, size: f64) -> Rotation3<f64> {
    let q = Quaternion::new(
        1.0,
        size * rng.signed_unit(),
        size * rng.signed_unit(),
        size * rng.signed_unit(),
    );
    UnitQuaternion::new_normalize(q).to_rotation_matrix()
}

/// A dyadic number in `[-k, k]` with steps of 1/4.
fn dyadic(rng: &mut Rng, k: usize) -> f64 {
    (rng.below(8 * k + 1) as f64 - 4.0 * k as f64) / 4.0
}

/// Pair `i` of the 3D scene, in `f64`: (A, pose A, B, pose B).
fn scene3(i: u64) -> (Obb<f64, 3>, Pose3<f64>, Obb<f64, 3>, Pose3<f64>) {
    let mut rng = Rng(0xB0C5_A700_0000 + i);
    let kind = i % 8;
    let half = |rng: &mut Rng, dy: bool| {
        if dy {
            Vector3::new(
                0.25 * (1 + rng.below(8)) as f64,
                0.25 * (1 + rng.below(8)) as f64,
                0.25 * (1 + rng.below(8)) as f64,
            )
        } else {
            Vector3::new(
                rng.range(0.2, 1.5),
                rng.range(0.2, 1.5),
                rng.range(0.2, 1.5),
            )
        }
    };
    let exact = kind == 2 || kind == 3;
    let (ha, hb) = (half(&mut rng, exact), half(&mut rng, exact));
    let off_centre = kind == 6;
    let make = |rng: &mut Rng, h: Vector3<f64>| {
        if off_centre {
            let c = Point3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit());
            Obb::new(c, rotation3(rng), h).unwrap()
        } else {
            Obb::new(Point3::origin(), Rotation3::identity(), h).unwrap()
        }
    };
    let (a, b) = (make(&mut rng, ha), make(&mut rng, hb));
    let (rot_a, rot_b, offset) = match kind {
        // Mixed: apart, touching-ish and overlapping.
        0 | 6 => (
            rotation3(&mut rng),
            rotation3(&mut rng),
            rng.unit_vector3() * rng.range(0.0, 3.5),
        ),
        // Deep.
        1 => (
            rotation3(&mut rng),
            rotation3(&mut rng),
            rng.unit_vector3() * rng.range(0.0, 0.6),
        ),
        // Exact ties and touching faces: quarter turns, dyadic offsets.
        2 => (
            quarter_turns3(&mut rng),
            quarter_turns3(&mut rng),
            Vector3::new(
                dyadic(&mut rng, 3),
                dyadic(&mut rng, 3),
                dyadic(&mut rng, 3),
            ),
        ),
        // Axis-aligned A, quarter-turned B, offsets on the sum of the
        // half extents (touching) or a dyadic fraction of it.
        3 => {
            let rb = quarter_turns3(&mut rng);
            let extent = ha + rb.matrix().abs() * hb;
            let f = [1.0, 1.0, 0.5, 0.0, 0.75][rng.below(5)];
            let mut o = Vector3::new(
                extent.x * f,
                extent.y * [1.0, 0.5, 0.0][rng.below(3)],
                extent.z * [1.0, 0.0, 0.25][rng.below(3)],
            );
            if rng.chance(0.5) {
                o.x = -o.x;
            }
            (Rotation3::identity(), rb, o)
        }
        // Near-parallel edges.
        4 => {
            let ra = rotation3(&mut rng);
            let size = [1e-3, 1e-6, 1e-9, 1e-12, 0.0][rng.below(5)];
            (
                ra,
                ra * small_rotation3(&mut rng, size),
                rng.unit_vector3() * rng.range(0.0, 3.0),
            )
        }
        // Far from the origin (below).
        5 => (
            rotation3(&mut rng),
            rotation3(&mut rng),
            rng.unit_vector3() * rng.range(0.0, 3.0),
        ),
        // Coincident centres, same or turned boxes.
        _ => (rotation3(&mut rng), rotation3(&mut rng), Vector3::zeros()),
    };
    let base = if kind == 5 {
        Vector3::new(
            rng.range(-1e5, 1e5),
            rng.range(-1e5, 1e5),
            rng.range(-1e5, 1e5),
        )
    } else {
        Vector3::new(rng.range(-5.0, 5.0), 0.0, 1.0)
    };
    let pa = Pose3::from_parts(base.into(), rot_a);
    let pb = Pose3::from_parts((base + offset).into(), rot_b);
    (a, pa, b, pb)
}

/// Pair `i` of the 2D scene, in `f64`.
fn scene2(i: u64) -> (Obb<f64, 2>, Pose2<f64>, Obb<f64, 2>, Pose2<f64>) {
    let mut rng = Rng(0xB0C5_A200_0000 + i);
    let kind = i % 6;
    let exact = kind == 2 || kind == 3;
    let half = |rng: &mut Rng| {
        if exact {
            Vector2::new(
                0.25 * (1 + rng.below(8)) as f64,
                0.25 * (1 + rng.below(8)) as f64,
            )
        } else {
            Vector2::new(rng.range(0.2, 1.5), rng.range(0.2, 1.5))
        }
    };
    let rotation = |rng: &mut Rng| {
        if exact {
            let (c, s) = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][rng.below(4)];
            Rotation2::from_matrix_unchecked(Matrix2::new(c, -s, s, c))
        } else {
            let u = rng.unit_vector2();
            Rotation2::from_matrix_unchecked(Matrix2::new(u.x, -u.y, u.y, u.x))
        }
    };
    let (ha, hb) = (half(&mut rng), half(&mut rng));
    let make = |rng: &mut Rng, h: Vector2<f64>| {
        if kind == 4 {
            let c = Point2::new(rng.signed_unit(), rng.signed_unit());
            Obb::new(c, rotation(rng), h).unwrap()
        } else {
            Obb::new(Point2::origin(), Rotation2::identity(), h).unwrap()
        }
    };
    let (a, b) = (make(&mut rng, ha), make(&mut rng, hb));
    let (ra, rb) = (rotation(&mut rng), rotation(&mut rng));
    let offset = match kind {
        1 => rng.unit_vector2() * rng.range(0.0, 0.6),
        2 => Vector2::new(dyadic(&mut rng, 3), dyadic(&mut rng, 3)),
        3 => {
            let extent = ha + rb.matrix().abs() * hb;
            Vector2::new(
                extent.x * [1.0, 0.5, 0.0][rng.below(3)],
                -extent.y * [1.0, 0.0, 0.25][rng.below(3)],
            )
        }
        _ => rng.unit_vector2() * rng.range(0.0, 3.5),
    };
    let ra = if exact { Rotation2::identity() } else { ra };
    let base = if kind == 5 {
        Vector2::new(rng.range(-1e5, 1e5), rng.range(-1e5, 1e5))
    } else {
        Vector2::new(rng.range(-5.0, 5.0), 1.0)
    };
    let pa = Pose2::from_parts(base.into(), ra);
    let pb = Pose2::from_parts((base + offset).into(), rb);
    (a, pa, b, pb)
}

/// Mixes in the SAT answers of one ordered pair (and, in `manifold`, its
/// contact manifold).
fn mix_pair<T: TestReal, const N: usize>(
    sat: &mut Fnv1a,
    manifold: &mut Fnv1a,
    (a, pa, b, pb): (&Obb<T, N>, &Pose<T, N>, &Obb<T, N>, &Pose<T, N>),
) where
    Const<N>: ContactDim<T, N>,
{
    sat.write_sat(a, pa, b, pb);
    let m = contact_manifold(a, pa, b, pb, T::zero());
    for &x in m.normal().iter() {
        manifold.write_bits(x);
    }
    for p in m.points() {
        manifold.write_bits(p.separation);
        for &x in p.on_a.iter().chain(p.on_b.iter()) {
            manifold.write_bits(x);
        }
        manifold.write(format!("{:?}", p.id).as_bytes());
    }
}

/// The two hashes (SAT answers, manifolds) of a scene in scalar `T`, both
/// orders, with a NaN pose every 97th pair.
fn hashes<T: TestReal, const N: usize>(
    scene: impl Fn(u64) -> (Obb<f64, N>, Pose<f64, N>, Obb<f64, N>, Pose<f64, N>),
) -> (u64, u64, usize)
where
    Const<N>: ContactDim<T, N>,
{
    let (mut sat, mut manifold) = (Fnv1a::default(), Fnv1a::default());
    let (mut overlapping, mut touching, mut edges) = (0, 0, 0);
    for i in 0..PAIRS {
        let (a, pa, b, pb) = scene(i);
        let cast = |o: &Obb<f64, N>| {
            Obb::<T, N>::new(
                o.center().cast(),
                o.rotation().cast(),
                o.half_extents().cast(),
            )
            .unwrap()
        };
        let (a, b) = (cast(&a), cast(&b));
        let pose = |p: &Pose<f64, N>| {
            Pose::<T, N>::from_parts(
                Translation::from(p.translation.vector.cast::<T>()),
                Rotation::from_matrix_unchecked(p.rotation.matrix().cast::<T>()),
            )
        };
        let (pa, mut pb) = (pose(&pa), pose(&pb));
        if i % 97 == 96 {
            pb.translation.vector[N - 1] = T::from_f64(f64::NAN).unwrap_or_else(T::zero);
        }
        overlapping += usize::from(intersects(&a, &pa, &b, &pb));
        let s = separation(&a, &pa, &b, &pb);
        touching += usize::from(s.distance == T::zero());
        edges += usize::from(matches!(s.feature, separating_axis::Feature::EdgePair(..)));
        mix_pair(&mut sat, &mut manifold, (&a, &pa, &b, &pb));
        mix_pair(&mut sat, &mut manifold, (&b, &pb, &a, &pa));
    }
    // The scenes reach the exact ties (gap exactly zero: touching faces)
    // and, in 3D, the edge pairs.
    assert!(touching >= 100, "only {touching} touching pairs");
    assert!(N != 3 || edges >= 100, "only {edges} edge-pair answers");
    (sat.finish(), manifold.finish(), overlapping)
}

/// The recorded hashes: (SAT, manifold) for 3D f64, 3D f32, 2D f64, 2D f32.
///
/// The SAT hashes are those of the former loop. The 3D manifold hashes
/// were recorded again once, when the box edge–edge contact moved into A's
/// box frame (the SAT's `R` and `T` instead of B's pose in A's shape
/// frame): its point is computed from the same edges by other arithmetic,
/// so its bits moved by round-off (the agreement with the generic path,
/// tests/manifolds_box.rs::box_path_agrees_with_the_generic_path, holds
/// as before); the face contacts' bits did not change. They were recorded
/// again when the box manifold began to take the best face over an edge
/// pair that does not beat it by the tolerance (docs/manifolds.md, "Faces
/// before edges"): those pairs' manifolds changed from one edge point to
/// a clipped face; the SAT hashes did not change. And again (the
/// manifold hashes only) when the manifold began to keep A's face unless
/// B's beats it by 0.001 of the size, and to keep an incident vertex
/// outside a side plane by at most 0.001 of the reference edge
/// (docs/manifolds.md, "The bias toward A", "Why the ids are stable").
const GOLDEN: [(u64, u64); 4] = [
    (0xa0d1_754f_cd2e_c63c, 0x7987_0681_a3e5_e0ed),
    (0xe522_1bc4_5739_c354, 0x1afd_5b2a_23eb_5f14),
    (0xbfab_1a60_34fc_61e5, 0xbcbb_69e2_ed08_68be),
    (0x0295_c384_2944_7aee, 0x2209_2076_e279_a5f1),
];

fn check(index: usize, name: &str, (sat, manifold, overlapping): (u64, u64, usize)) {
    // The scenes mix overlapping and separated pairs.
    assert!(
        (PAIRS as usize / 4..PAIRS as usize * 9 / 10).contains(&overlapping),
        "{name}: {overlapping} of {PAIRS} overlap"
    );
    assert_eq!(
        (sat, manifold),
        GOLDEN[index],
        "{name}: the box SAT's (or the box manifold's) answers changed: got ({sat:#x}, {manifold:#x})"
    );
}

#[test]
fn box_sat_bits_3d_f64() {
    check(0, "3D f64", hashes::<f64, 3>(scene3));
}

#[test]
fn box_sat_bits_3d_f32() {
    check(1, "3D f32", hashes::<f32, 3>(scene3));
}

#[test]
fn box_sat_bits_2d_f64() {
    check(2, "2D f64", hashes::<f64, 2>(scene2));
}

#[test]
fn box_sat_bits_2d_f32() {
    check(3, "2D f32", hashes::<f32, 2>(scene2));
}
