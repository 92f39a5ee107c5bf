//! Temporal coherence (src/cache.rs): a slowly moving 3D scene, queried
//! frame after frame with and without a `SatCache` per pair.
//!
//! * `boxes`: 1 000 box pairs, a box resting on another (500 jittering in
//!   place, 500 sliding across it), each pair turned as a whole to a
//!   random orientation;
//! * `hull16`: 1 000 pairs of hulls of 16 random points (the pools of
//!   benches/queries_3d.rs: placed within 2.6, about half overlapping),
//!   each body drifting at a constant velocity and spin;
//! * `hull16_apart`: 1 000 such pairs placed 2.2 to 3.2 apart and kept
//!   apart in every frame (a cached separating axis).
//!
//! Every body moves by 1% of its size per frame (translation 0.01 of a
//! size about 1, rotation 0.01 rad). 32 frames are precomputed and played
//! back and forth (0, 1, …, 31, 31, …, 0, …), so consecutive frames are
//! always one step apart; one iteration is one frame over the 1 000 pairs,
//! the caches kept across iterations.
//!
//! `cargo bench --bench coherence`; results in docs/coherence.md.

#[path = "../tests/support/rng.rs"]
mod rng;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nalgebra::{Point3, Rotation3, Vector3};
use rng::Rng;
use separating_axis::{
    intersects, intersects_cached, penetration, penetration_cached, ConvexPolyhedron, Obb, Pose3,
    SatCache, Shape,
};

/// Pairs per scene.
const PAIRS: usize = 1000;
/// Precomputed frames.
const FRAMES: usize = 32;
/// Motion per frame, as a fraction of the size (about 1).
const STEP: f64 = 0.01;

/// Shapes and their poses, `frames[k][i]` for pair `i` at frame `k`.
struct Scene<S> {
    shapes: Vec<(S, S)>,
    frames: Vec<Vec<(Pose3<f64>, Pose3<f64>)>>,
}

impl<S: Shape<f64, 3>> Scene<S> {
    fn report(&self, name: &str) {
        let overlapping = self.frames[0]
            .iter()
            .zip(&self.shapes)
            .filter(|((pa, pb), (a, b))| intersects(a, pa, b, pb))
            .count();
        eprintln!("{name}: {overlapping} of {PAIRS} pairs overlap at frame 0");
    }
}

/// The frame played at tick `k`: back and forth over the frames.
fn frame_at(k: usize) -> usize {
    let k = k % (2 * FRAMES);
    if k < FRAMES {
        k
    } else {
        2 * FRAMES - 1 - k
    }
}

/// A body's constant drift: `STEP` per frame in translation and rotation.
fn drift(rng: &mut Rng) -> (Vector3<f64>, Rotation3<f64>) {
    (
        rng.unit_vector3() * STEP,
        Rotation3::from_scaled_axis(rng.unit_vector3() * STEP),
    )
}

/// `pose` after `k` frames of `drift` (spinning about its own centre).
fn drifted(pose: &Pose3<f64>, (v, w): &(Vector3<f64>, Rotation3<f64>), k: usize) -> Pose3<f64> {
    let mut p = *pose;
    for _ in 0..k {
        p.rotation = w * p.rotation;
        p.translation.vector += v;
    }
    p
}

fn obb(rng: &mut Rng, lo: f64, hi: f64) -> Obb<f64, 3> {
    let h = Vector3::new(rng.range(lo, hi), rng.range(0.3, 0.6), rng.range(lo, hi));
    Obb::new(Point3::origin(), Rotation3::identity(), h).expect("positive extents")
}

/// Boxes resting on boxes: B sits on A's top face sunk by 1% of its
/// height; half jitter about their spot, half slide across A.
fn boxes() -> Scene<Obb<f64, 3>> {
    let mut rng = Rng(0xC0_4E);
    let mut shapes = Vec::with_capacity(PAIRS);
    let mut frames: Vec<Vec<_>> = (0..FRAMES).map(|_| Vec::with_capacity(PAIRS)).collect();
    for i in 0..PAIRS {
        let (a, b) = (obb(&mut rng, 1.0, 2.0), obb(&mut rng, 0.4, 0.8));
        let world = Pose3::from_parts(
            Vector3::new(
                rng.range(-50.0, 50.0),
                rng.range(-50.0, 50.0),
                rng.range(-50.0, 50.0),
            )
            .into(),
            rng.rotation(),
        );
        let height = a.half_extents().y + b.half_extents().y * (1.0 - 0.02);
        let start = Vector3::new(rng.range(-0.5, 0.5), height, rng.range(-0.5, 0.5));
        let yaw = rng.range(-3.1, 3.1);
        let sliding = i % 2 == 1;
        let heading = rng.unit_vector2() * STEP;
        let mut jitter = Rng(rng.next_u64());
        let (mut at, mut turn) = (start, yaw);
        for frame in &mut frames {
            let local = Pose3::from_parts(at.into(), Rotation3::from_euler_angles(0.0, turn, 0.0));
            frame.push((world, world * local));
            if sliding {
                at += Vector3::new(heading.x, 0.0, heading.y);
                turn += STEP * 0.5;
            } else {
                let v = jitter.unit_vector2() * STEP;
                at = Vector3::new(
                    (at.x + v.x).clamp(-0.5, 0.5),
                    height + STEP * 0.5 * jitter.signed_unit() * b.half_extents().y,
                    (at.z + v.y).clamp(-0.5, 0.5),
                );
                turn += STEP * jitter.signed_unit();
            }
        }
        shapes.push((a, b));
    }
    Scene { shapes, frames }
}

/// The convex hull of `n` random points in an ellipsoid of semi-axes
/// about 1 (as benches/queries_3d.rs).
fn hull(rng: &mut Rng, n: usize) -> ConvexPolyhedron<f64> {
    let axes = Vector3::new(
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
    );
    let points: Vec<Point3<f64>> = (0..n)
        .map(|_| Point3::from(rng.unit_vector3().component_mul(&axes) * rng.range(0.7, 1.0)))
        .collect();
    ConvexPolyhedron::from_hull(&points).expect("random points span a volume")
}

/// Hull-16 pairs from `seed`, B placed at a distance in `reach` from A,
/// each body drifting; with `apart`, only pairs apart in every frame are
/// kept.
fn hull_pairs(seed: u64, reach: (f64, f64), apart: bool) -> Scene<ConvexPolyhedron<f64>> {
    let mut rng = Rng(seed);
    let mut shapes = Vec::with_capacity(PAIRS);
    let mut frames: Vec<Vec<_>> = (0..FRAMES).map(|_| Vec::with_capacity(PAIRS)).collect();
    while shapes.len() < PAIRS {
        let (a, b) = (hull(&mut rng, 16), hull(&mut rng, 16));
        let pa = Pose3::from_parts(
            Vector3::new(
                rng.range(-50.0, 50.0),
                rng.range(-50.0, 50.0),
                rng.range(-50.0, 50.0),
            )
            .into(),
            rng.rotation(),
        );
        let offset = rng.unit_vector3() * rng.range(reach.0, reach.1);
        let pb = Pose3::from_parts((pa.translation.vector + offset).into(), rng.rotation());
        let (da, db) = (drift(&mut rng), drift(&mut rng));
        let poses: Vec<_> = (0..FRAMES)
            .map(|k| (drifted(&pa, &da, k), drifted(&pb, &db, k)))
            .collect();
        if apart && poses.iter().any(|(x, y)| intersects(&a, x, &b, y)) {
            continue;
        }
        for (frame, pose) in frames.iter_mut().zip(poses) {
            frame.push(pose);
        }
        shapes.push((a, b));
    }
    Scene { shapes, frames }
}

/// Hull-16 pairs placed as in benches/queries_3d.rs, each body drifting.
fn hulls() -> Scene<ConvexPolyhedron<f64>> {
    hull_pairs(26, (0.0, 2.6), false)
}

/// `penetration` and `intersects`, uncached and cached, one frame per
/// iteration.
fn bench_scene<S: Shape<f64, 3>>(c: &mut Criterion, name: &str, scene: &Scene<S>) {
    scene.report(name);
    let mut group = c.benchmark_group(format!("coherence_{name}"));
    group.throughput(Throughput::Elements(PAIRS as u64));
    let mut tick = 0;
    group.bench_function("penetration", |bch| {
        bch.iter(|| {
            tick += 1;
            let frame = &scene.frames[frame_at(tick)];
            scene
                .shapes
                .iter()
                .zip(frame)
                .filter_map(|((a, b), (pa, pb))| penetration(black_box(a), pa, b, pb))
                .count()
        })
    });
    let mut caches = vec![SatCache::new(); PAIRS];
    group.bench_function("penetration_cached", |bch| {
        bch.iter(|| {
            tick += 1;
            let frame = &scene.frames[frame_at(tick)];
            scene
                .shapes
                .iter()
                .zip(frame)
                .zip(&mut caches)
                .filter_map(|(((a, b), (pa, pb)), cache)| {
                    penetration_cached(black_box(a), pa, b, pb, cache)
                })
                .count()
        })
    });
    group.bench_function("intersects", |bch| {
        bch.iter(|| {
            tick += 1;
            let frame = &scene.frames[frame_at(tick)];
            scene
                .shapes
                .iter()
                .zip(frame)
                .filter(|((a, b), (pa, pb))| intersects(black_box(a), pa, b, pb))
                .count()
        })
    });
    let mut caches = vec![SatCache::new(); PAIRS];
    group.bench_function("intersects_cached", |bch| {
        bch.iter(|| {
            tick += 1;
            let frame = &scene.frames[frame_at(tick)];
            scene
                .shapes
                .iter()
                .zip(frame)
                .zip(&mut caches)
                .map(|(((a, b), (pa, pb)), cache)| {
                    intersects_cached(black_box(a), pa, b, pb, cache)
                })
                .filter(|&hit| hit)
                .count()
        })
    });
    group.finish();
}

/// Hull-16 pairs apart in every frame (offsets 2.2 to 3.2, the pairs that
/// stay apart while drifting kept): the scene of a cached separating axis.
fn hulls_apart() -> Scene<ConvexPolyhedron<f64>> {
    hull_pairs(27, (2.2, 3.2), true)
}

fn coherence(c: &mut Criterion) {
    bench_scene(c, "boxes", &boxes());
    bench_scene(c, "hull16", &hulls());
    bench_scene(c, "hull16_apart", &hulls_apart());
}

criterion_group!(benches, coherence);
criterion_main!(benches);
