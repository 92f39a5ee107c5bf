//! Golden tests: every query's answer over a seeded random scene, hashed,
//! so that any unintended change in any result shows, in the manner of
//! Box2D's `test_determinism.c`; plus coarse checks of each scene, so that
//! a test is not only a hash. Four hashes: the 2D scene of 2000 pairs (all
//! pair kinds, a tenth of them built to tie) in `f64`
//! (`golden_scene_hash`) and `f32` (`golden_scene_hash_f32`), and a 3D
//! scene of 1600 pairs (boxes, balls, capsules, hulls, every combination)
//! in `f64` (`golden_scene_hash_3d`) and `f32`
//! (`golden_scene_hash_3d_f32`).

use std::fmt::Write;

use crate::support::oracle2d as oracle;
use crate::support::rng;
use crate::support::scalars::{f, TestReal};
use crate::support::scene2d::{Fnv1a, PairKind, Scene};
use nalgebra::{Point3, Quaternion, Rotation3, UnitQuaternion, Vector3, Vector4};
use separating_axis::{
    containment, intersects, penetration, separation, Ball, Capsule, ConvexPolyhedron, Feature,
    Obb, Pose3,
};

/// How many pairs the scene has.
const PAIRS: u64 = 2000;

/// The seed of pair `i` is `SEED_BASE + i`.
const SEED_BASE: u64 = 0x601D_E500_0000;

/// FNV-1a 64 of the results below. It guards against *unintended* changes:
/// any change to a boolean, a feature, or a depth, distance or normal in its
/// tenth significant digit changes it.
///
/// When a change is deliberate (a new tie rule, a different order of
/// operations, a change to the scene generator in `tests/support/scene2d.rs`),
/// check that the other tests still pass, then replace this value with the
/// one the failing assertion prints, and say why in the commit message.
///
/// The scene uses no `libm` function (rotations and polygon vertices come
/// from rational and series formulas in `common`), and the library's
/// queries use only `+ − × / sqrt`, so the value is the same on every
/// IEEE 754 platform.
const GOLDEN_HASH: u64 = 0xfbe0_112b_0aba_2f60;

/// One line per pair: what the queries answered, floats to 10 significant
/// digits.
fn describe<T: TestReal>(i: u64, scene: &Scene<T>) -> String {
    let s = scene.separation();
    let c = scene.containment();
    let mut line = format!(
        "{i} {:?} {} {:?} {:.9e} {:.9e} {:.9e}",
        scene.kind,
        scene.intersects(),
        s.feature,
        f(s.distance),
        f(s.axis.x),
        f(s.axis.y)
    );
    match scene.penetration() {
        Some(p) => write!(
            line,
            " pen {:?} {:.9e} {:.9e} {:.9e}",
            p.feature,
            f(p.depth),
            f(p.normal.x),
            f(p.normal.y)
        ),
        None => write!(line, " apart"),
    }
    .expect("writing to a String");
    writeln!(line, " {} {}", c.a_in_b, c.b_in_a).expect("writing to a String");
    line
}

#[test]
fn golden_scene_hash() {
    let mut hash = Fnv1a::default();
    let mut per_kind = [0usize; PairKind::ALL.len()];
    let (mut overlapping, mut contained, mut judged) = (0usize, 0usize, 0usize);
    let mut features = [0usize; 5];
    for i in 0..PAIRS {
        let scene = Scene::<f64>::from_seed(SEED_BASE + i);
        hash.write(describe(i, &scene).as_bytes());

        per_kind[PairKind::ALL.iter().position(|&k| k == scene.kind).unwrap()] += 1;
        let hit = scene.intersects();
        overlapping += usize::from(hit);
        let c = scene.containment();
        contained += usize::from(c.a_in_b || c.b_in_a);
        let s = scene.separation();
        features[match s.feature {
            Feature::FaceA(_) => 0,
            Feature::FaceB(_) => 1,
            Feature::RoundA => 2,
            Feature::RoundB => 3,
            _ => 4,
        }] += 1;
        // Outside the near-touching band every answer matches the oracle.
        if !scene.near_touching() {
            judged += 1;
            let oracle_hit = oracle::overlaps(&scene.world_a(), &scene.world_b());
            assert_eq!(hit, oracle_hit, "pair {i}: {}", scene.replay());
            assert_eq!(hit, f(s.distance) <= 0.0, "pair {i}: {}", scene.replay());
        }
    }
    let share = overlapping as f64 / PAIRS as f64;
    assert!(
        (0.3..=0.7).contains(&share),
        "{overlapping} of {PAIRS} pairs overlap"
    );
    assert!(
        per_kind.iter().all(|&n| n >= 100),
        "pairs per kind {per_kind:?}"
    );
    assert!(contained >= 20, "only {contained} pairs with containment");
    // Face axes of both shapes and both ball axes win somewhere; the
    // fallback axis comes from the concentric circles of the tie-prone
    // pairs.
    assert!(
        features.iter().all(|&n| n > 0),
        "features FaceA, FaceB, RoundA, RoundB, other: {features:?}"
    );
    assert!(
        judged as f64 >= 0.95 * PAIRS as f64,
        "only {judged} pairs outside the band"
    );
    assert_eq!(<f64 as TestReal>::NAME, "f64");

    assert_eq!(
        hash.finish(),
        GOLDEN_HASH,
        "the golden scene's results changed: new hash {:#018x}. If the change is \
         deliberate, set GOLDEN_HASH in tests/golden.rs to it (see its comment).",
        hash.finish()
    );
}

/// The hash function itself, on the published FNV-1a 64 test vectors.
#[test]
fn fnv1a_test_vectors() {
    let fnv = |s: &str| {
        let mut h = Fnv1a::default();
        h.write(s.as_bytes());
        h.finish()
    };
    assert_eq!(fnv(""), 0xcbf2_9ce4_8422_2325);
    assert_eq!(fnv("a"), 0xaf63_dc4c_8601_ec8c);
    assert_eq!(fnv("foobar"), 0x8594_4171_f739_67e8);
}

// ---------------------------------------------------------------------------
// The same scene in f32, and a 3D scene in both scalars
// ---------------------------------------------------------------------------

/// FNV-1a 64 of the 2D scene above computed in `f32` (same seeds, the
/// shapes and poses rounded to `f32` by the generator). Same rules as
/// [`GOLDEN_HASH`].
const GOLDEN_HASH_F32: u64 = 0xfeef_55ec_ff1d_1ef6;

/// FNV-1a 64 of the 3D scene ([`scene_3d`]) in `f64`.
const GOLDEN_HASH_3D: u64 = 0xea62_b61f_faae_b976;

/// FNV-1a 64 of the 3D scene in `f32`.
const GOLDEN_HASH_3D_F32: u64 = 0xd179_664b_5707_3f4b;

fn assert_hash(hash: &Fnv1a, golden: u64, name: &str) {
    assert_eq!(
        hash.finish(),
        golden,
        "the golden scene's results changed: new hash {:#018x}. If the change is \
         deliberate, set {name} in tests/golden.rs to it (see GOLDEN_HASH's comment).",
        hash.finish()
    );
}

/// The 2D scene of [`golden_scene_hash`] in `f32`: every answer hashed,
/// and outside the near-touching band every verdict is the oracle's.
#[test]
fn golden_scene_hash_f32() {
    let mut hash = Fnv1a::default();
    let mut overlapping = 0usize;
    for i in 0..PAIRS {
        let scene = Scene::<f32>::from_seed(SEED_BASE + i);
        hash.write(describe(i, &scene).as_bytes());
        let hit = scene.intersects();
        overlapping += usize::from(hit);
        if !scene.near_touching() {
            let oracle_hit = oracle::overlaps(&scene.world_a(), &scene.world_b());
            assert_eq!(hit, oracle_hit, "pair {i}: {}", scene.replay());
        }
    }
    assert!((600..=1400).contains(&overlapping), "{overlapping} overlap");
    assert_eq!(<f32 as TestReal>::NAME, "f32");
    assert_hash(&hash, GOLDEN_HASH_F32, "GOLDEN_HASH_F32");
}

/// A 3D shape of the golden scene, in `f64`.
enum Shape3 {
    Box(Obb<f64, 3>),
    Ball(Ball<f64, 3>),
    Capsule(Capsule<f64, 3>),
    Hull(Box<ConvexPolyhedron<f64>>),
}

/// A rotation from a normalised random quaternion: only `+ − × / sqrt`,
/// so the scene is the same on every IEEE 754 platform.
fn rotation(rng: &mut rng::Rng) -> Rotation3<f64> {
    loop {
        let q = Vector4::new(
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        );
        let n = q.norm();
        if n > 0.1 && n <= 1.0 {
            let q = UnitQuaternion::new_unchecked(Quaternion::from(q / n));
            return q.to_rotation_matrix();
        }
    }
}

/// Pair `i` of the 3D scene: two of box, ball, capsule, hull (every
/// combination, in turn), posed near each other, about half overlapping.
fn scene_3d(i: u64) -> (Shape3, Pose3<f64>, Shape3, Pose3<f64>) {
    let mut rng = rng::Rng(SEED_BASE ^ 0x3D00_0000 ^ i);
    let make = |rng: &mut rng::Rng, kind: u64| {
        let c = Point3::from(rng.unit_vector3() * rng.range(0.0, 0.3));
        match kind {
            0 => Shape3::Box(
                Obb::new(
                    c,
                    rotation(rng),
                    Vector3::new(
                        rng.range(0.2, 1.2),
                        rng.range(0.2, 1.2),
                        rng.range(0.2, 1.2),
                    ),
                )
                .unwrap(),
            ),
            1 => Shape3::Ball(Ball::new(c, rng.range(0.1, 1.0)).unwrap()),
            2 => {
                let e = rng.unit_vector3() * rng.range(0.05, 1.0);
                Shape3::Capsule(Capsule::new(c - e, c + e, rng.range(0.1, 0.8)).unwrap())
            }
            _ => {
                let n = 5 + rng.next_u64() % 10;
                let points: Vec<Point3<f64>> = (0..n)
                    .map(|_| c + rng.unit_vector3() * rng.range(0.4, 1.2))
                    .collect();
                Shape3::Hull(Box::new(ConvexPolyhedron::from_hull(&points).unwrap()))
            }
        }
    };
    let (a, b) = (make(&mut rng, i % 4), make(&mut rng, (i / 4) % 4));
    let pa = Pose3::from_parts(
        (rng.unit_vector3() * rng.range(0.0, 5.0)).into(),
        rotation(&mut rng),
    );
    let pb = Pose3::from_parts(
        (pa.translation.vector + rng.unit_vector3() * rng.range(0.0, 2.6)).into(),
        rotation(&mut rng),
    );
    (a, pa, b, pb)
}

/// Calls `$body` with `$x` bound to the `$t` version of the 3D shape `$g`.
macro_rules! as_shape3 {
    ($t:ty, $g:expr, |$x:ident| $body:expr) => {
        match $g {
            Shape3::Box(o) => {
                let $x = Obb::<$t, 3>::new(
                    o.center().cast(),
                    o.rotation().cast(),
                    o.half_extents().cast(),
                )
                .unwrap();
                $body
            }
            Shape3::Ball(b) => {
                let $x = Ball::<$t, 3>::new(
                    b.center().cast(),
                    crate::support::scalars::t::<$t>(b.radius()),
                )
                .unwrap();
                $body
            }
            Shape3::Capsule(c) => {
                let [p, q] = c.segment();
                let $x = Capsule::<$t, 3>::new(
                    p.cast(),
                    q.cast(),
                    crate::support::scalars::t::<$t>(c.radius()),
                )
                .unwrap();
                $body
            }
            Shape3::Hull(h) => {
                let points: Vec<Point3<$t>> = h.vertices().iter().map(|v| v.cast()).collect();
                let $x = ConvexPolyhedron::<$t>::from_hull(&points).unwrap();
                $body
            }
        }
    };
}

/// One line per 3D pair, as [`describe`].
fn describe_3d<T, A, B>(i: u64, a: &A, pa: &Pose3<T>, b: &B, pb: &Pose3<T>) -> (String, bool)
where
    T: TestReal,
    A: separating_axis::Shape<T, 3> + 'static,
    B: separating_axis::Shape<T, 3> + 'static,
{
    let hit = intersects(a, pa, b, pb);
    let s = separation(a, pa, b, pb);
    let c = containment(a, pa, b, pb);
    let mut line = format!(
        "{i} {hit} {:?} {:.9e} {:.9e} {:.9e} {:.9e}",
        s.feature,
        f(s.distance),
        f(s.axis.x),
        f(s.axis.y),
        f(s.axis.z)
    );
    match penetration(a, pa, b, pb) {
        Some(p) => write!(
            line,
            " pen {:?} {:.9e} {:.9e} {:.9e} {:.9e}",
            p.feature,
            f(p.depth),
            f(p.normal.x),
            f(p.normal.y),
            f(p.normal.z)
        ),
        None => write!(line, " apart"),
    }
    .expect("writing to a String");
    writeln!(line, " {} {}", c.a_in_b, c.b_in_a).expect("writing to a String");
    (line, hit)
}

/// The 3D scene in scalar `T`: the hash of every answer, and checks that
/// the scene is balanced and every pair kind and axis class occurs.
fn hash_3d<T: TestReal>() -> Fnv1a {
    let mut hash = Fnv1a::default();
    let (mut overlapping, mut edge_pairs, mut round) = (0usize, 0usize, 0usize);
    let pairs = 1600;
    for i in 0..pairs {
        let (a, pa, b, pb) = scene_3d(i);
        let (pa, pb): (Pose3<T>, Pose3<T>) = (pa.cast(), pb.cast());
        let (line, hit) = as_shape3!(T, &a, |x| as_shape3!(T, &b, |y| describe_3d(
            i, &x, &pa, &y, &pb
        )));
        overlapping += usize::from(hit);
        edge_pairs += usize::from(line.contains("EdgePair"));
        round += usize::from(line.contains("Round"));
        hash.write(line.as_bytes());
    }
    assert!(
        (pairs / 4..=3 * pairs / 4).contains(&(overlapping as u64)),
        "{overlapping} of {pairs} overlap"
    );
    assert!(edge_pairs >= 20, "only {edge_pairs} edge-pair answers");
    assert!(round >= 100, "only {round} round-axis answers");
    hash
}

#[test]
fn golden_scene_hash_3d() {
    assert_hash(&hash_3d::<f64>(), GOLDEN_HASH_3D, "GOLDEN_HASH_3D");
}

#[test]
fn golden_scene_hash_3d_f32() {
    assert_hash(&hash_3d::<f32>(), GOLDEN_HASH_3D_F32, "GOLDEN_HASH_3D_F32");
}
