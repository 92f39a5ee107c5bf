//! The sweep-and-prune broad phase (src/broad_phase.rs), in `f32` and
//! `f64`, 2D and 3D: no missed and no extra pair against brute force on
//! random scenes and after random insert / update / remove sequences,
//! with exactly touching boxes and boxes far from the origin; the same
//! order for the same operations; bad input; identical positions.

use core::ops::ControlFlow;

use nalgebra::{Point, Vector3};
use separating_axis::{shape_aabb, Aabb, Ball, BroadPhase, BroadPhaseError, Handle, Pose};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

in_both_scalars!(
    random_scenes_match_brute_force,
    random_operation_sequences_match_brute_force,
    same_operations_give_the_same_order,
    empty_world_and_one_body_give_no_pairs,
    bad_bounds_are_errors,
    axis_follows_the_spread,
    identical_boxes_give_every_pair_once,
    a_million_identical_boxes_stream_pairs_in_linear_memory,
    posed_shapes_that_touch_are_paired,
    mixed_scales_match_brute_force,
    incremental_pairs_match_brute_force,
    incremental_changes_are_the_differences,
    incremental_pairs_rebuild_as_the_world_grows_and_shrinks,
    incremental_pairs_at_mixed_scales,
    incremental_empty_world_and_one_body,
);

/// quickcheck: any sequence of inserts, moves and removes on a small
/// integer grid (so that boxes touch exactly and sit on each other),
/// with `update_pairs` called after some of them: the kept set always
/// equals brute force, and what it reports added and removed is the
/// difference between consecutive brute-force sets.
#[test]
fn incremental_pairs_quickcheck() {
    use quickcheck::TestResult;
    fn prop(ops: Vec<(u8, u8, [i8; 3], [u8; 3])>) -> TestResult {
        let mut world = BroadPhase::<f64, 3>::new();
        let mut live: Vec<Handle> = Vec::new();
        let mut before: Vec<(Handle, Handle)> = Vec::new();
        for (op, pick, at, size) in ops {
            let lo: [f64; 3] = core::array::from_fn(|k| f64::from(at[k] % 8));
            let hi: [f64; 3] = core::array::from_fn(|k| lo[k] + f64::from(size[k] % 4));
            let (lo, hi) = (Point::from(lo), Point::from(hi));
            match op % 4 {
                1 if !live.is_empty() => {
                    let h = live[usize::from(pick) % live.len()];
                    world.update_bounds(h, &lo, &hi).unwrap();
                }
                2 if !live.is_empty() => {
                    let h = live.swap_remove(usize::from(pick) % live.len());
                    world.remove(h).unwrap();
                }
                3 => {
                    let changes = world.update_pairs();
                    let (added, removed) = (changes.added.to_vec(), changes.removed.to_vec());
                    let expected = brute_force(&world, &live);
                    let mut all = Vec::new();
                    world.current_pairs(&mut all);
                    let (want_added, want_removed) = expected_changes(&before, &expected);
                    if all != expected || added != want_added || removed != want_removed {
                        return TestResult::error(format!(
                            "set {all:?} / {expected:?}, added {added:?} / {want_added:?}, removed {removed:?} / {want_removed:?}"
                        ));
                    }
                    before = expected;
                }
                _ => live.push(world.insert_bounds(&lo, &hi).unwrap()),
            }
        }
        TestResult::passed()
    }
    crate::support::scene2d::check(
        500,
        prop as fn(Vec<(u8, u8, [i8; 3], [u8; 3])>) -> TestResult,
    );
}

/// An empty world and a world of one body: `update_pairs` reports
/// nothing, and removing the body reports nothing either.
fn incremental_empty_world_and_one_body<T: TestReal>() {
    let mut world = BroadPhase::<T, 2>::new();
    let changes = world.update_pairs();
    assert!(changes.added.is_empty() && changes.removed.is_empty() && changes.refreshed.is_empty());
    let (lo, hi) = (Point::from([t::<T>(0.0); 2]), Point::from([t::<T>(1.0); 2]));
    let a = world.insert_bounds(&lo, &hi).unwrap();
    let changes = world.update_pairs();
    assert!(changes.added.is_empty() && changes.refreshed.is_empty());
    world.remove(a).unwrap();
    assert!(world.update_pairs().removed.is_empty());
    let mut all = vec![(a, a)];
    world.current_pairs(&mut all);
    assert!(all.is_empty(), "current_pairs clears its output");
}

/// A random box on an integer grid (so that many boxes touch exactly:
/// sides at the same integer), shifted by `offset`; sizes 0 (a point or
/// a flat box) to 3.
fn grid_box<T: TestReal, const N: usize>(
    rng: &mut Rng,
    side: usize,
    offset: f64,
) -> (Point<T, N>, Point<T, N>) {
    let lo: [f64; N] = core::array::from_fn(|_| rng.below(side) as f64);
    // One box in 40 is large (10–30 along each axis): it touches many
    // cells of the broad phase's grid and takes its other path.
    let large = rng.below(40) == 0;
    let size: [f64; N] = core::array::from_fn(|_| {
        if large {
            10.0 + rng.below(21) as f64
        } else {
            rng.below(4) as f64
        }
    });
    (
        Point::from(core::array::from_fn(|k| t::<T>(offset + lo[k]))),
        Point::from(core::array::from_fn(|k| t::<T>(offset + lo[k] + size[k]))),
    )
}

/// Every pair of live bodies whose closed boxes overlap, each as
/// `(lower, higher)`, sorted.
fn brute_force<T: TestReal, const N: usize>(
    world: &BroadPhase<T, N>,
    live: &[Handle],
) -> Vec<(Handle, Handle)> {
    let mut out = Vec::new();
    for (i, &a) in live.iter().enumerate() {
        let (amin, amax) = world.bounds(a).unwrap();
        for &b in &live[i + 1..] {
            let (bmin, bmax) = world.bounds(b).unwrap();
            if (0..N).all(|k| amin[k] <= bmax[k] && bmin[k] <= amax[k]) {
                out.push(if a < b { (a, b) } else { (b, a) });
            }
        }
    }
    out.sort_unstable();
    out
}

/// The broad phase's pairs, checked to be ordered within each pair and
/// free of duplicates, then sorted.
fn swept<T: TestReal, const N: usize>(world: &mut BroadPhase<T, N>) -> Vec<(Handle, Handle)> {
    let mut out = Vec::new();
    world.pairs(&mut out);
    assert!(
        out.iter().all(|(a, b)| a < b),
        "each pair as (lower, higher)"
    );
    let n = out.len();
    out.sort_unstable();
    out.dedup();
    assert_eq!(out.len(), n, "a pair reported twice");
    out
}

fn scene_matches<T: TestReal, const N: usize>(seed: u64, offset: f64) {
    let mut rng = Rng::new(seed);
    for count in [2, 10, 300] {
        let mut world = BroadPhase::<T, N>::new();
        let live: Vec<Handle> = (0..count)
            .map(|_| {
                let (lo, hi) = grid_box::<T, N>(&mut rng, 12, offset);
                world.insert_bounds(&lo, &hi).unwrap()
            })
            .collect();
        let expected = brute_force(&world, &live);
        assert!(count < 300 || expected.len() > 100, "a scene with pairs");
        assert_eq!(swept(&mut world), expected, "n = {count}, offset {offset}");
    }
}

/// Random grid scenes (many exact touchings), near the origin and at 1e6.
fn random_scenes_match_brute_force<T: TestReal>() {
    for offset in [0.0, -5.0, 1e6] {
        scene_matches::<T, 2>(11, offset);
        scene_matches::<T, 3>(12, offset);
    }
}

/// One random operation on `world`: insert, update or remove.
fn random_op<T: TestReal, const N: usize>(
    world: &mut BroadPhase<T, N>,
    live: &mut Vec<Handle>,
    rng: &mut Rng,
    offset: f64,
) {
    let (lo, hi) = grid_box::<T, N>(rng, 15, offset);
    let roll = rng.below(10);
    if live.is_empty() || roll < 3 {
        live.push(world.insert_bounds(&lo, &hi).unwrap());
    } else if roll < 8 {
        let h = live[rng.below(live.len())];
        world.update_bounds(h, &lo, &hi).unwrap();
    } else {
        let h = live.swap_remove(rng.below(live.len()));
        world.remove(h).unwrap();
        assert_eq!(
            world.remove(h),
            Err(BroadPhaseError::UnknownHandle),
            "stale handle"
        );
    }
}

fn sequence_matches<T: TestReal, const N: usize>(seed: u64, offset: f64) {
    let mut rng = Rng::new(seed);
    let mut world = BroadPhase::<T, N>::new();
    let mut live = Vec::new();
    for step in 0..300 {
        for _ in 0..rng.below(8) {
            random_op(&mut world, &mut live, &mut rng, offset);
        }
        assert_eq!(world.len(), live.len());
        assert_eq!(swept(&mut world), brute_force(&world, &live), "step {step}");
    }
}

/// Random insert / update / remove sequences, checked after every batch.
fn random_operation_sequences_match_brute_force<T: TestReal>() {
    for offset in [0.0, 1e6] {
        sequence_matches::<T, 2>(21, offset);
        sequence_matches::<T, 3>(22, offset);
    }
}

fn run_ops<T: TestReal>(seed: u64) -> Vec<Vec<(Handle, Handle)>> {
    let mut rng = Rng::new(seed);
    let mut world = BroadPhase::<T, 3>::new();
    let mut live = Vec::new();
    let mut outputs = Vec::new();
    for _ in 0..50 {
        for _ in 0..10 {
            random_op(&mut world, &mut live, &mut rng, 0.0);
        }
        let mut out = Vec::new();
        world.pairs(&mut out);
        outputs.push(out);
    }
    outputs
}

/// The same operations give the same pairs in the same order, every step.
fn same_operations_give_the_same_order<T: TestReal>() {
    let (a, b) = (run_ops::<T>(31), run_ops::<T>(31));
    assert!(
        a.iter().map(Vec::len).sum::<usize>() > 100,
        "scenes with pairs"
    );
    assert_eq!(a, b);
    assert_ne!(a, run_ops::<T>(32), "another sequence differs");
}

fn empty_world_and_one_body_give_no_pairs<T: TestReal>() {
    let mut world = BroadPhase::<T, 2>::new();
    let mut out = vec![];
    world.pairs(&mut out);
    assert!(out.is_empty() && world.is_empty());
    let unit = Aabb::new(Point::from([t(0.0), t(0.0)]), Point::from([t(1.0), t(1.0)])).unwrap();
    let a = world.insert(&unit);
    world.pairs(&mut out);
    assert!(out.is_empty());
    let b = world.insert(&unit);
    world.pairs(&mut out);
    assert_eq!(out, vec![(a, b)]);
    world.remove(a).unwrap();
    world.pairs(&mut out);
    assert!(out.is_empty() && world.len() == 1);
}

/// NaN, infinite and inverted bounds and stale handles are errors.
fn bad_bounds_are_errors<T: TestReal>() {
    let mut world = BroadPhase::<T, 3>::new();
    let p = |x: f64, y: f64, z: f64| Point::from([t::<T>(x), t(y), t(z)]);
    let ok = world
        .insert_bounds(&p(0.0, 0.0, 0.0), &p(1.0, 1.0, 1.0))
        .unwrap();
    let nan = f64::NAN;
    assert_eq!(
        world.insert_bounds(&p(0.0, nan, 0.0), &p(1.0, 1.0, 1.0)),
        Err(BroadPhaseError::NonFinite {
            bound: "min",
            axis: 1
        })
    );
    assert_eq!(
        world.update_bounds(ok, &p(0.0, 0.0, 0.0), &p(1.0, 1.0, f64::INFINITY)),
        Err(BroadPhaseError::NonFinite {
            bound: "max",
            axis: 2
        })
    );
    assert_eq!(
        world.insert_bounds(&p(2.0, 0.0, 0.0), &p(1.0, 1.0, 1.0)),
        Err(BroadPhaseError::Inverted { axis: 0 })
    );
    assert_eq!(world.len(), 1, "refused bodies are not added");
    world.remove(ok).unwrap();
    let reused = world
        .insert_bounds(&p(0.0, 0.0, 0.0), &p(1.0, 1.0, 1.0))
        .unwrap();
    assert_eq!(reused.index(), ok.index(), "the slot is reused");
    assert_eq!(
        world.update_bounds(ok, &p(0.0, 0.0, 0.0), &p(1.0, 1.0, 1.0)),
        Err(BroadPhaseError::UnknownHandle),
        "the old handle does not name the new body"
    );
    assert!(world.bounds(ok).is_none() && world.bounds(reused).is_some());
}

/// Boxes spread along z are swept along z; spread along x again, along x.
fn axis_follows_the_spread<T: TestReal>() {
    let mut world = BroadPhase::<T, 3>::new();
    let hs: Vec<Handle> = (0..100)
        .map(|i| {
            let z = f64::from(i) * 3.0;
            let lo = Point::from([t::<T>(0.0), t(0.0), t(z)]);
            let hi = Point::from([t::<T>(1.0), t(1.0), t(z + 1.0)]);
            world.insert_bounds(&lo, &hi).unwrap()
        })
        .collect();
    let mut out = vec![];
    world.pairs(&mut out);
    assert_eq!(world.axis(), 2);
    assert!(out.is_empty());
    for (i, &h) in hs.iter().enumerate() {
        let x = i as f64 * 3.0;
        let lo = Point::from([t::<T>(x), t(0.0), t(0.0)]);
        let hi = Point::from([t::<T>(x + 3.0), t(1.0), t(1.0)]);
        world.update_bounds(h, &lo, &hi).unwrap();
    }
    world.pairs(&mut out);
    assert_eq!(world.axis(), 0);
    assert_eq!(out.len(), 99, "neighbours touch");
}

/// `n` boxes at one position: `n (n − 1) / 2` pairs, each once.
fn identical_boxes_give_every_pair_once<T: TestReal>() {
    let mut world = BroadPhase::<T, 2>::new();
    let unit = Aabb::new(Point::from([t(5.0), t(5.0)]), Point::from([t(6.0), t(6.0)])).unwrap();
    let n = 1500;
    for _ in 0..n {
        world.insert(&unit);
    }
    assert_eq!(swept(&mut world).len(), n * (n - 1) / 2);
}

/// 10⁶ bodies at one position: 5·10¹¹ pairs, too many to hold, streamed
/// by `for_each_pair` (which allocates nothing) and stopped after 10⁴;
/// building and sorting the world stays linear.
fn a_million_identical_boxes_stream_pairs_in_linear_memory<T: TestReal>() {
    let mut world = BroadPhase::<T, 3>::new();
    let lo = Point::from([t::<T>(1e6), t(1e6), t(1e6)]);
    let first = world.insert_bounds(&lo, &lo).unwrap();
    for _ in 1..1_000_000 {
        world.insert_bounds(&lo, &lo).unwrap();
    }
    let mut seen = 0usize;
    let stop = world.for_each_pair(|a, b| {
        assert_eq!(a, first, "the sweep starts at the lowest handle");
        assert!(b > a);
        seen += 1;
        if seen == 10_000 {
            ControlFlow::Break(b)
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!(seen, 10_000);
    // Pairs (0, 1), (0, 2), ...: the 10⁴-th is (0, 10⁴).
    match stop {
        ControlFlow::Break(b) => assert_eq!(b.index(), 10_000),
        ControlFlow::Continue(()) => panic!("the visitor stopped the sweep"),
    }
}

/// Balls that touch exactly (radius 1, centres 2 apart along x, far out)
/// have boxes that the broad phase pairs, through `shape_aabb`.
fn posed_shapes_that_touch_are_paired<T: TestReal>() {
    let ball = Ball::new(Point::origin(), t::<T>(1.0)).unwrap();
    let mut world = BroadPhase::<T, 3>::new();
    let at = |x: f64| {
        let v = Vector3::new(t::<T>(x), t(-3.0), t(0.5));
        shape_aabb(
            &ball,
            &Pose::<T, 3>::from_parts(v.into(), nalgebra::Rotation3::identity()),
        )
        .unwrap()
    };
    let base = if T::NAME == "f64" { 1e6 } else { 1e3 };
    let a = world.insert(&at(base));
    let b = world.insert(&at(base + 2.0));
    let _far = world.insert(&at(base + 4.5));
    let mut out = vec![];
    world.pairs(&mut out);
    assert_eq!(out, vec![(a, b)]);
    let (_, amax) = world.bounds(a).unwrap();
    assert!(f(amax.x) >= base + 1.0, "the box holds the ball");
}

/// Boxes of every scale at once (sizes from 0 to 10³⁰ in `f64`, 10³⁰ in
/// `f32` too, coordinates up to 10³⁰): the grid's cells saturate rather
/// than overflow, and no pair is missed.
fn mixed_scales_match_brute_force<T: TestReal>() {
    let mut rng = Rng::new(41);
    let mut world = BroadPhase::<T, 3>::new();
    let mut live = Vec::new();
    for _ in 0..300 {
        let (lo, hi) = mixed_scale_box::<T>(&mut rng);
        live.push(world.insert_bounds(&lo, &hi).unwrap());
    }
    let expected = brute_force(&world, &live);
    assert!(expected.len() > 300, "a scene with pairs");
    assert_eq!(swept(&mut world), expected);
}

/// A list of pairs.
type Pairs = Vec<(Handle, Handle)>;

/// What `update_pairs` must report after `before`, given the brute-force
/// set `expected`: the pairs that appeared, and the pairs that went.
fn expected_changes(before: &[(Handle, Handle)], expected: &[(Handle, Handle)]) -> (Pairs, Pairs) {
    let added = expected
        .iter()
        .filter(|p| !before.contains(p))
        .copied()
        .collect();
    let removed = before
        .iter()
        .filter(|p| !expected.contains(p))
        .copied()
        .collect();
    (added, removed)
}

/// A box of one of four scales, `10⁻³` to `10³⁰`, centred up to three of
/// its sizes from the origin (boxes of every scale at once).
fn mixed_scale_box<T: TestReal>(rng: &mut Rng) -> (Point<T, 3>, Point<T, 3>) {
    let scale = [1e-3, 1.0, 1e3, 1e30][rng.below(4)];
    let c: [f64; 3] = core::array::from_fn(|_| rng.signed_unit() * scale * 3.0);
    let h: [f64; 3] = core::array::from_fn(|_| rng.range(0.0, 2.0) * scale);
    (
        Point::from(core::array::from_fn(|k| t::<T>(c[k] - h[k]))),
        Point::from(core::array::from_fn(|k| t::<T>(c[k] + h[k]))),
    )
}

/// Checks one [`BroadPhase::update_pairs`] against brute force: the pair
/// set, what was added and removed since `before`, and that the refreshed
/// pairs are exactly the current pairs with a touched body.
fn check_update<T: TestReal, const N: usize>(
    world: &mut BroadPhase<T, N>,
    live: &[Handle],
    before: &[(Handle, Handle)],
    touched: &[Handle],
    what: &str,
) -> Vec<(Handle, Handle)> {
    let expected = brute_force(world, live);
    let mut all = Vec::new();
    let changes = world.update_pairs();
    let changes = (
        changes.added.to_vec(),
        changes.removed.to_vec(),
        changes.refreshed.to_vec(),
    );
    world.current_pairs(&mut all);
    assert_eq!(all, expected, "pairs, {what}");
    let (added_now, removed_now, refreshed_now) = changes;
    let (added, removed) = expected_changes(before, &expected);
    assert_eq!(added_now, added, "added, {what}");
    assert_eq!(removed_now, removed, "removed, {what}");
    let refreshed: Vec<_> = expected
        .iter()
        .filter(|(a, b)| touched.contains(a) || touched.contains(b))
        .copied()
        .collect();
    assert_eq!(refreshed_now, refreshed, "refreshed, {what}");
    expected
}

fn incremental_sequence_matches<T: TestReal, const N: usize>(seed: u64, offset: f64) {
    let mut rng = Rng::new(seed);
    let mut world = BroadPhase::<T, N>::new();
    let mut live = Vec::new();
    let mut before: Vec<(Handle, Handle)> = Vec::new();
    let mut seen = 0;
    for step in 0..300 {
        // Small batches of operations in a world of about 100 bodies, so
        // that most calls are incremental.
        for _ in 0..rng.below(8) {
            random_op(&mut world, &mut live, &mut rng, offset);
        }
        let changes = world.update_pairs();
        let refreshed: Vec<_> = changes.refreshed.to_vec();
        let (added, removed) = (changes.added.to_vec(), changes.removed.to_vec());
        let mut pairs = Vec::new();
        world.current_pairs(&mut pairs);
        let expected = brute_force(&world, &live);
        assert_eq!(pairs, expected, "pairs, step {step}, offset {offset}");
        let (want_added, want_removed) = expected_changes(&before, &expected);
        assert_eq!(added, want_added, "added, step {step}");
        assert_eq!(removed, want_removed, "removed, step {step}");
        assert!(
            refreshed.iter().all(|p| expected.contains(p)),
            "refreshed pairs are current"
        );
        assert!(
            added.iter().all(|p| refreshed.contains(p)),
            "added pairs are refreshed"
        );
        seen += expected.len();
        before = expected;
        if live.len() > 120 {
            for _ in 0..40 {
                let h = live.swap_remove(rng.below(live.len()));
                world.remove(h).unwrap();
            }
        }
    }
    assert!(seen > 3000, "scenes with pairs: {seen}");
}

/// The kept pair set after random insert / update / remove batches equals
/// brute force, with the added and removed pairs the differences from the
/// previous call, near the origin and at 1e6.
fn incremental_pairs_match_brute_force<T: TestReal>() {
    for offset in [0.0, 1e6] {
        incremental_sequence_matches::<T, 2>(51, offset);
        incremental_sequence_matches::<T, 3>(52, offset);
    }
}

/// Moving known bodies: the refreshed pairs are exactly the current pairs
/// with a moved or inserted body, and the others keep their answer.
fn incremental_changes_are_the_differences<T: TestReal>() {
    let mut rng = Rng::new(61);
    let mut world = BroadPhase::<T, 3>::new();
    let mut live: Vec<Handle> = (0..200)
        .map(|_| {
            let (lo, hi) = grid_box::<T, 3>(&mut rng, 12, 0.0);
            world.insert_bounds(&lo, &hi).unwrap()
        })
        .collect();
    let mut before = check_update(&mut world, &live, &[], &live.clone(), "first call");
    assert!(before.len() > 200, "a scene with pairs");
    for step in 0..100 {
        let mut touched = Vec::new();
        for _ in 0..rng.below(6) {
            let h = live[rng.below(live.len())];
            let (lo, hi) = grid_box::<T, 3>(&mut rng, 12, 0.0);
            world.update_bounds(h, &lo, &hi).unwrap();
            touched.push(h);
        }
        if rng.below(4) == 0 {
            let (lo, hi) = grid_box::<T, 3>(&mut rng, 12, 0.0);
            let h = world.insert_bounds(&lo, &hi).unwrap();
            live.push(h);
            touched.push(h);
        }
        if rng.below(4) == 0 {
            let h = live.swap_remove(rng.below(live.len()));
            world.remove(h).unwrap();
            touched.retain(|&x| x != h);
        }
        before = check_update(
            &mut world,
            &live,
            &before,
            &touched,
            &format!("step {step}"),
        );
    }
    // Nothing touched: nothing changes, nothing to refresh.
    let changes = world.update_pairs();
    assert!(changes.added.is_empty() && changes.removed.is_empty() && changes.refreshed.is_empty());
    let mut all = Vec::new();
    world.current_pairs(&mut all);
    assert_eq!(all, before);
}

/// Growing from 1 to 1 000 bodies and shrinking back to 0 rebuilds the
/// grid several times (its cell size and buckets follow the body count);
/// every call still equals brute force.
fn incremental_pairs_rebuild_as_the_world_grows_and_shrinks<T: TestReal>() {
    let mut rng = Rng::new(71);
    let mut world = BroadPhase::<T, 2>::new();
    let mut live = Vec::new();
    let mut before = Vec::new();
    for step in 0..100 {
        let mut touched = Vec::new();
        for _ in 0..10 {
            let (lo, hi) = grid_box::<T, 2>(&mut rng, 60, 0.0);
            let h = world.insert_bounds(&lo, &hi).unwrap();
            live.push(h);
            touched.push(h);
        }
        before = check_update(
            &mut world,
            &live,
            &before,
            &touched,
            &format!("grow {step}"),
        );
    }
    assert!(before.len() > 500, "a scene with pairs");
    while !live.is_empty() {
        for _ in 0..live.len().min(25) {
            let h = live.swap_remove(rng.below(live.len()));
            world.remove(h).unwrap();
        }
        before = check_update(&mut world, &live, &before, &[], "shrink");
    }
    assert!(before.is_empty() && world.is_empty());
}

/// Boxes of every scale (as mixed_scales_match_brute_force), moved in
/// batches: huge boxes take the large-body path of the kept pair set.
fn incremental_pairs_at_mixed_scales<T: TestReal>() {
    let mut rng = Rng::new(81);
    let mut world = BroadPhase::<T, 3>::new();
    let live: Vec<Handle> = (0..300)
        .map(|_| {
            let (lo, hi) = mixed_scale_box::<T>(&mut rng);
            world.insert_bounds(&lo, &hi).unwrap()
        })
        .collect();
    let mut before = check_update(&mut world, &live, &[], &live.clone(), "first call");
    assert!(before.len() > 300, "a scene with pairs");
    for step in 0..30 {
        let mut touched = Vec::new();
        for _ in 0..10 {
            let h = live[rng.below(live.len())];
            let (lo, hi) = mixed_scale_box::<T>(&mut rng);
            world.update_bounds(h, &lo, &hi).unwrap();
            if !touched.contains(&h) {
                touched.push(h);
            }
        }
        before = check_update(
            &mut world,
            &live,
            &before,
            &touched,
            &format!("step {step}"),
        );
    }
}
