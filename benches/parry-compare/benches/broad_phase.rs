//! The broad phase and the batch narrow phase side by side with parry's
//! `Bvh`, same process, same bodies, `f64`, 3D: `n` bodies (turned boxes,
//! or one third each boxes, hull-12s and capsules) of size about 1 in a
//! cube of side `3 n^(1/3)`.
//!
//! * `step/<lib>/<mix>`: 1% of the bodies (the next 1% in turn) move by up
//!   to 0.05 per axis; ours: `update` each + `update_pairs` (keeps the
//!   whole pair set, reports added / removed / refreshed); parry:
//!   `insert_or_update_partially` each (change-detection margin 1e-9, so
//!   both libraries pair the same boxes) + `refit_partial` + the change-detecting
//!   self-traversal `traverse_bvtt_single_tree::<true>` into a `Vec` (the
//!   pairs with a moved leaf; it keeps no pair set).
//! * `scratch/<lib>/<mix>`: every body inserted into an empty structure,
//!   then all pairs (ours: `insert` each + `update_pairs`; parry:
//!   `Bvh::from_leaves` (binned) + the full self-traversal).
//! * `narrow/<lib>/<mix>`: `intersects` on every pair of the scene (ours:
//!   `batch::intersects`, which reads the bodies ahead; `ours-plain`:
//!   `intersects` in a plain loop, without that; `batch::par_intersects`
//!   with `--features rayon`; parry: `query::intersection_test` in a
//!   loop).
//!
//! `cargo bench --bench broad_phase [-- <filter>]` in this directory;
//! figures in docs/broad-phase.md.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use parry3d_f64::bounding_volume::Aabb as ParryAabb;
use parry3d_f64::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};
use parry_compare::p64::{our_pose3, ours3, parry3, parry_pose3, parry_shape3, Ours3};
use parry_compare::{scene3, Rng};
use separating_axis::{batch, shape_aabb, BroadPhase, Handle};

const N: usize = 100_000;

/// parry's change-detection margin: its leaves are flagged as changed only
/// when the margin is positive, so the smallest that flags every moved
/// body (they move by up to 0.05); the fattened boxes pair bodies up to
/// 2e-9 apart, which no pair of these scenes is.
const MARGIN: f64 = 1e-9;

/// The bodies' descriptions and both libraries' copies.
struct Bodies {
    ours: Vec<Ours3>,
    theirs: Vec<parry3::SharedShape>,
    poses: Vec<([f64; 3], [f64; 4])>,
}

fn bodies(n: usize, mix: &str) -> Bodies {
    let (shapes, poses) = scene3(n, mix);
    Bodies {
        ours: shapes.iter().map(ours3).collect(),
        theirs: shapes.iter().map(parry_shape3).collect(),
        poses,
    }
}

fn parry_aabb(b: &Bodies, i: usize) -> ParryAabb {
    b.theirs[i].compute_aabb(&parry_pose3(&b.poses[i]))
}

/// Moves the next 1% of the bodies; returns their indices.
fn advance(b: &mut Bodies, rng: &mut Rng, next: &mut usize, moved: &mut Vec<u32>) {
    moved.clear();
    let n = b.poses.len();
    for _ in 0..n.div_ceil(100) {
        let p = &mut b.poses[*next].0;
        for x in p.iter_mut() {
            *x += rng.signed_unit() * 0.05;
        }
        moved.push(*next as u32);
        *next = (*next + 1) % n;
    }
}

fn step(c: &mut Criterion) {
    let mut group = c.benchmark_group("step");
    group.sample_size(20);
    for mix in ["boxes", "mixed"] {
        // Ours.
        let mut b = bodies(N, mix);
        let mut world = BroadPhase::new();
        let handles: Vec<Handle> = (0..N)
            .map(|i| world.insert(&shape_aabb(&b.ours[i], &our_pose3(&b.poses[i])).unwrap()))
            .collect();
        let total = world.update_pairs().added.len();
        let (mut rng, mut next, mut moved) = (Rng::new(5), 0, Vec::new());
        advance(&mut b, &mut rng, &mut next, &mut moved);
        for &i in &moved {
            let i = i as usize;
            let x = shape_aabb(&b.ours[i], &our_pose3(&b.poses[i])).unwrap();
            world.update(handles[i], &x).unwrap();
        }
        let refreshed = world.update_pairs().refreshed.len();
        group.bench_function(BenchmarkId::new("ours", mix), |bench| {
            bench.iter(|| {
                advance(&mut b, &mut rng, &mut next, &mut moved);
                for &i in &moved {
                    let i = i as usize;
                    let x = shape_aabb(&b.ours[i], &our_pose3(&b.poses[i])).unwrap();
                    world.update(handles[i], &x).unwrap();
                }
                black_box(world.update_pairs().refreshed.len())
            });
        });
        // Parry.
        let mut b = bodies(N, mix);
        let leaves: Vec<ParryAabb> = (0..N).map(|i| parry_aabb(&b, i)).collect();
        let mut bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves);
        let mut ws = BvhWorkspace::default();
        let mut out: Vec<(u32, u32)> = Vec::new();
        let (mut rng, mut next, mut moved) = (Rng::new(5), 0, Vec::new());
        // `from_leaves` flags every leaf as changed, and `refit_partial`
        // clears only the leaves listed as previously changed: all of them
        // once, or every step reports every pair.
        let mut previous: Vec<u32> = (0..u32::try_from(N).expect("u32")).collect();
        let mut parry_step = |b: &mut Bodies,
                              rng: &mut Rng,
                              next: &mut usize,
                              moved: &mut Vec<u32>,
                              out: &mut Vec<(u32, u32)>| {
            advance(b, rng, next, moved);
            for &i in moved.iter() {
                let _ = bvh.insert_or_update_partially(parry_aabb(b, i as usize), i, MARGIN);
            }
            bvh.refit_partial(&previous, moved);
            previous.clone_from(moved);
            out.clear();
            bvh.traverse_bvtt_single_tree::<true>(&mut ws, &mut |x, y| out.push((x, y)));
            out.len()
        };
        let theirs = parry_step(&mut b, &mut rng, &mut next, &mut moved, &mut out);
        eprintln!(
            "{mix}: {total} pairs; a step refreshes {refreshed} (ours), reports {theirs} (parry)"
        );
        group.bench_function(BenchmarkId::new("parry", mix), |bench| {
            bench.iter(|| {
                black_box(parry_step(
                    &mut b, &mut rng, &mut next, &mut moved, &mut out,
                ))
            });
        });
        let later = parry_step(&mut b, &mut rng, &mut next, &mut moved, &mut out);
        eprintln!("{mix}: a later step reports {later} pairs (parry)");
    }
    group.finish();
}

fn scratch(c: &mut Criterion) {
    let mut group = c.benchmark_group("scratch");
    group.sample_size(10);
    for mix in ["boxes", "mixed"] {
        let b = bodies(N, mix);
        let ours: Vec<_> = (0..N)
            .map(|i| shape_aabb(&b.ours[i], &our_pose3(&b.poses[i])).unwrap())
            .collect();
        let theirs: Vec<ParryAabb> = (0..N).map(|i| parry_aabb(&b, i)).collect();
        let mut count = 0;
        group.bench_function(BenchmarkId::new("ours", mix), |bench| {
            bench.iter(|| {
                let mut world = BroadPhase::new();
                for x in &ours {
                    world.insert(x);
                }
                count = world.update_pairs().added.len();
                black_box(count)
            });
        });
        let mut ws = BvhWorkspace::default();
        let mut found = 0;
        group.bench_function(BenchmarkId::new("parry", mix), |bench| {
            bench.iter(|| {
                let bvh = Bvh::from_leaves(BvhBuildStrategy::Binned, &theirs);
                let mut out: Vec<(u32, u32)> = Vec::new();
                bvh.traverse_bvtt_single_tree::<false>(&mut ws, &mut |x, y| out.push((x, y)));
                found = out.len();
                black_box(found)
            });
        });
        eprintln!("{mix}: {count} pairs (ours), {found} (parry)");
    }
    group.finish();
}

fn narrow(c: &mut Criterion) {
    let mut group = c.benchmark_group("narrow");
    group.sample_size(10);
    for mix in ["boxes", "mixed"] {
        let b = bodies(N, mix);
        let our_poses: Vec<_> = b.poses.iter().map(our_pose3).collect();
        let parry_poses: Vec<_> = b.poses.iter().map(parry_pose3).collect();
        let mut world = BroadPhase::new();
        for (shape, pose) in b.ours.iter().zip(&our_poses) {
            world.insert(&shape_aabb(shape, pose).unwrap());
        }
        world.update_pairs();
        let mut pairs = Vec::new();
        world.current_pairs(&mut pairs);
        let body = |h: Handle| (&b.ours[h.index()], &our_poses[h.index()]);
        let mut hits = Vec::new();
        batch::intersects(&pairs, body, &mut hits);
        let ours_count = hits.iter().filter(|&&x| x).count();
        let theirs_count = pairs
            .iter()
            .filter(|&&(x, y)| {
                let (x, y) = (x.index(), y.index());
                parry3::query::intersection_test(
                    &parry_poses[x],
                    &*b.theirs[x],
                    &parry_poses[y],
                    &*b.theirs[y],
                )
                .unwrap()
                .intersecting
            })
            .count();
        eprintln!(
            "{mix}: {} pairs, {ours_count} overlapping (ours), {theirs_count} (parry)",
            pairs.len()
        );
        group.bench_function(BenchmarkId::new("ours", mix), |bench| {
            bench.iter(|| {
                batch::intersects(&pairs, body, &mut hits);
                black_box(hits.len())
            });
        });
        group.bench_function(BenchmarkId::new("ours-plain", mix), |bench| {
            bench.iter(|| {
                hits.clear();
                hits.extend(pairs.iter().map(|&(x, y)| {
                    let ((sa, pa), (sb, pb)) = (body(x), body(y));
                    separating_axis::intersects(sa, pa, sb, pb)
                }));
                black_box(hits.len())
            });
        });
        #[cfg(feature = "rayon")]
        group.bench_function(BenchmarkId::new("ours-rayon", mix), |bench| {
            bench.iter(|| {
                batch::par_intersects(&pairs, body, &mut hits);
                black_box(hits.len())
            });
        });
        group.bench_function(BenchmarkId::new("parry", mix), |bench| {
            bench.iter(|| {
                let mut hits = 0;
                for &(x, y) in &pairs {
                    let (x, y) = (x.index(), y.index());
                    hits += usize::from(
                        parry3::query::intersection_test(
                            &parry_poses[x],
                            &*b.theirs[x],
                            &parry_poses[y],
                            &*b.theirs[y],
                        )
                        .unwrap()
                        .intersecting,
                    );
                }
                black_box(hits)
            });
        });
    }
    group.finish();
}

criterion_group!(benches, step, scratch, narrow);
criterion_main!(benches);
