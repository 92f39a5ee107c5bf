//! Golden test: every query's answer over a seeded random scene of 2000
//! pairs (`f64`, all pair kinds, a tenth of them built to tie), hashed, so
//! that any unintended change in any result shows, in the manner of Box2D's
//! `test_determinism.c`; plus coarse checks of the scene, so that the test is
//! not only a hash.

use std::fmt::Write;

use crate::support::oracle2d as oracle;
use crate::support::scalars::{f, TestReal};
use crate::support::scene2d::{Fnv1a, PairKind, Scene};
use separating_axis::Feature;

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
const GOLDEN_HASH: u64 = 0xc1f7_4ae3_ec40_cbc4;

/// One line per pair: what the queries answered, floats to 10 significant
/// digits.
fn describe(i: u64, scene: &Scene<f64>) -> String {
    let s = scene.separation();
    let c = scene.containment();
    let mut line = format!(
        "{i} {:?} {} {:?} {:.9e} {:.9e} {:.9e}",
        scene.kind,
        scene.intersects(),
        s.feature,
        s.distance,
        s.axis.x,
        s.axis.y
    );
    match scene.penetration() {
        Some(p) => write!(
            line,
            " pen {:?} {:.9e} {:.9e} {:.9e}",
            p.feature, p.depth, p.normal.x, p.normal.y
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
