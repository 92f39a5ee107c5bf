//! The broad phase (src/broad_phase.rs) and the batch narrow phase
//! (src/batch.rs) at scale, `f64`, 3D. Bodies of size about 1 in a cube
//! whose side grows as `n^(1/3)`, so that the density, and the pairs per
//! body, stay the same at every size. One iteration is one step: 1% of
//! the bodies (the next 1% in turn) move by up to 0.05 along each axis.
//! The world and the output buffers are kept across iterations, as an
//! engine keeps them across frames.
//!
//! * `sweep_step`: boxes; updates, then `pairs` (the sweep from scratch).
//! * `incremental_step`: boxes; updates, then `update_pairs`.
//! * `scene_step/<mix>/<n>`: posed shapes (turned boxes, or a mix of
//!   turned boxes, hull-12s and balls); each moved body's `shape_aabb`,
//!   `update_pairs`, then `batch::intersects` on the refreshed pairs
//!   (`par_intersects` too with `--features rayon`).
//! * `from_scratch/<n>`: insert every box into an empty world, then the
//!   first `update_pairs`.
//!
//! `cargo bench --bench broad_phase [--features rayon]`; results in
//! docs/broad-phase.md.

#[path = "../tests/support/rng.rs"]
mod rng;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nalgebra::{Point3, Rotation3, Vector3};
use rng::Rng;
use separating_axis::{
    batch, shape_aabb, Aabb, AnyShape3, Ball, BroadPhase, ConvexPolyhedron, Handle, Obb, Pose3,
};

/// The side of the cube holding `n` bodies at the benches' density.
fn side(n: usize) -> f64 {
    3.0 * (n as f64).cbrt()
}

fn random_point(rng: &mut Rng, side: f64) -> Point3<f64> {
    Point3::new(
        rng.range(0.0, side),
        rng.range(0.0, side),
        rng.range(0.0, side),
    )
}

fn small_step(rng: &mut Rng) -> Vector3<f64> {
    Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()) * 0.05
}

/// Boxes only: each body's handle, centre and half extents.
struct Boxes {
    world: BroadPhase<f64, 3>,
    bodies: Vec<(Handle, Point3<f64>, Vector3<f64>)>,
    rng: Rng,
    next: usize,
    out: Vec<(Handle, Handle)>,
}

fn aabb(c: &Point3<f64>, h: &Vector3<f64>) -> Aabb<f64, 3> {
    Aabb::from_half_extents(*c, *h).expect("finite boxes")
}

impl Boxes {
    fn new(n: usize) -> Self {
        let mut rng = Rng::new(0xB40AD + n as u64);
        let mut world = BroadPhase::new();
        let bodies = (0..n)
            .map(|_| {
                let c = random_point(&mut rng, side(n));
                let h = Vector3::new(
                    rng.range(0.5, 1.5),
                    rng.range(0.5, 1.5),
                    rng.range(0.5, 1.5),
                );
                (world.insert(&aabb(&c, &h)), c, h)
            })
            .collect();
        Self {
            world,
            bodies,
            rng,
            next: 0,
            out: Vec::new(),
        }
    }

    /// Moves the next 1% of the bodies.
    fn advance(&mut self) {
        let n = self.bodies.len();
        for _ in 0..n.div_ceil(100) {
            let (handle, c, h) = &mut self.bodies[self.next];
            *c += small_step(&mut self.rng);
            self.world
                .update(*handle, &aabb(c, h))
                .expect("live handle");
            self.next = (self.next + 1) % n;
        }
    }
}

fn sweep_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("sweep_step");
    group.sample_size(20);
    for n in [1_000, 10_000, 100_000] {
        let mut s = Boxes::new(n);
        s.world.pairs(&mut s.out);
        eprintln!(
            "n = {n}: {} pairs, sweep axis {}",
            s.out.len(),
            s.world.axis()
        );
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                s.advance();
                s.world.pairs(&mut s.out);
                black_box(s.out.len())
            });
        });
    }
    group.finish();
}

fn incremental_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("incremental_step");
    for n in [1_000, 10_000, 100_000] {
        let mut s = Boxes::new(n);
        let pairs = s.world.update_pairs().added.len();
        s.advance();
        let refreshed = s.world.update_pairs().refreshed.len();
        eprintln!("n = {n}: {pairs} pairs, {refreshed} refreshed per step");
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                s.advance();
                black_box(s.world.update_pairs().refreshed.len())
            });
        });
    }
    group.finish();
}

fn from_scratch(c: &mut Criterion) {
    let mut group = c.benchmark_group("from_scratch");
    group.sample_size(10);
    for n in [10_000, 100_000] {
        let boxes: Vec<Aabb<f64, 3>> = Boxes::new(n)
            .bodies
            .iter()
            .map(|(_, c, h)| aabb(c, h))
            .collect();
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| {
                let mut world = BroadPhase::new();
                for x in &boxes {
                    world.insert(x);
                }
                black_box(world.update_pairs().added.len())
            });
        });
    }
    group.finish();
}

/// Posed shapes, their broad phase and the narrow-phase answers kept per
/// pair.
struct Scene {
    world: BroadPhase<f64, 3>,
    shapes: Vec<AnyShape3<f64>>,
    poses: Vec<Pose3<f64>>,
    handles: Vec<Handle>,
    rng: Rng,
    next: usize,
    hits: Vec<bool>,
    /// The pair count, kept from the added and removed pairs.
    total: usize,
}

impl Scene {
    /// `mix`: "boxes" (turned boxes of half extents 0.5–1.5), or "mixed"
    /// (one third each: turned boxes, hulls of 12 points, balls).
    fn new(n: usize, mix: &str) -> Self {
        let mut rng = Rng::new(0x5CE4E + n as u64);
        let shapes: Vec<AnyShape3<f64>> = (0..n)
            .map(|i| {
                let kind = if mix == "boxes" { 0 } else { i % 3 };
                match kind {
                    0 => Obb::new(
                        Point3::origin(),
                        Rotation3::identity(),
                        Vector3::new(
                            rng.range(0.5, 1.5),
                            rng.range(0.5, 1.5),
                            rng.range(0.5, 1.5),
                        ),
                    )
                    .expect("valid box")
                    .into(),
                    1 => {
                        let points: Vec<Point3<f64>> = (0..12)
                            .map(|_| Point3::from(rng.unit_vector3() * rng.range(0.8, 1.5)))
                            .collect();
                        ConvexPolyhedron::from_hull(&points)
                            .expect("valid hull")
                            .into()
                    }
                    _ => Ball::new(Point3::origin(), rng.range(0.6, 1.4))
                        .expect("valid ball")
                        .into(),
                }
            })
            .collect();
        let poses: Vec<Pose3<f64>> = (0..n)
            .map(|_| {
                Pose3::new(
                    random_point(&mut rng, side(n)).coords,
                    Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()),
                )
            })
            .collect();
        let mut world = BroadPhase::new();
        let handles = shapes
            .iter()
            .zip(&poses)
            .map(|(s, p)| world.insert(&shape_aabb(s, p).expect("finite pose")))
            .collect();
        let mut scene = Self {
            world,
            shapes,
            poses,
            handles,
            rng,
            next: 0,
            hits: Vec::new(),
            total: 0,
        };
        scene.step(false);
        scene
    }

    /// One step: move the next 1%, refresh the pairs, and the narrow
    /// phase on the refreshed ones; returns (pairs, refreshed, hits).
    fn step(&mut self, parallel: bool) -> (usize, usize, usize) {
        let n = self.shapes.len();
        for _ in 0..n.div_ceil(100) {
            let i = self.next;
            self.poses[i].translation.vector += small_step(&mut self.rng);
            let b = shape_aabb(&self.shapes[i], &self.poses[i]).expect("finite pose");
            self.world.update(self.handles[i], &b).expect("live handle");
            self.next = (self.next + 1) % n;
        }
        let changes = self.world.update_pairs();
        let (shapes, poses) = (&self.shapes, &self.poses);
        let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
        if parallel {
            #[cfg(feature = "rayon")]
            batch::par_intersects(changes.refreshed, body, &mut self.hits);
        } else {
            batch::intersects(changes.refreshed, body, &mut self.hits);
        }
        let hits = self.hits.iter().filter(|&&x| x).count();
        let (refreshed, added, removed) = (
            changes.refreshed.len(),
            changes.added.len(),
            changes.removed.len(),
        );
        self.total = self.total + added - removed;
        (self.total, refreshed, hits)
    }
}

fn scene_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("scene_step");
    group.sample_size(20);
    let modes: &[bool] = if cfg!(feature = "rayon") {
        &[false, true]
    } else {
        &[false]
    };
    for mix in ["boxes", "mixed"] {
        for n in [1_000, 10_000, 100_000] {
            let mut s = Scene::new(n, mix);
            let (pairs, refreshed, hits) = s.step(false);
            eprintln!("{mix} n = {n}: {pairs} pairs, {refreshed} refreshed, {hits} overlapping");
            for &parallel in modes {
                let name = if parallel {
                    format!("{mix}-rayon")
                } else {
                    mix.to_string()
                };
                group.bench_with_input(BenchmarkId::new(name, n), &n, |b, _| {
                    b.iter(|| black_box(s.step(parallel)));
                });
            }
        }
    }
    group.finish();
}

/// The batch narrow phase alone on every pair of a scene, serial and (with
/// `rayon`) parallel: the figure for the thread speed-up.
fn batch_narrow_phase(c: &mut Criterion) {
    let mut group = c.benchmark_group("batch_intersects_all_pairs");
    group.sample_size(20);
    for mix in ["boxes", "mixed"] {
        let mut s = Scene::new(100_000, mix);
        let mut pairs = Vec::new();
        s.world.current_pairs(&mut pairs);
        let (shapes, poses) = (&s.shapes, &s.poses);
        let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
        group.throughput(Throughput::Elements(pairs.len() as u64));
        group.bench_function(BenchmarkId::new("serial", mix), |b| {
            b.iter(|| {
                batch::intersects(&pairs, body, &mut s.hits);
                black_box(s.hits.len())
            });
        });
        #[cfg(feature = "rayon")]
        group.bench_function(BenchmarkId::new("rayon", mix), |b| {
            b.iter(|| {
                batch::par_intersects(&pairs, body, &mut s.hits);
                black_box(s.hits.len())
            });
        });
    }
    group.finish();
}

criterion_group!(
    benches,
    incremental_step,
    scene_step,
    batch_narrow_phase,
    from_scratch,
    sweep_step
);
criterion_main!(benches);
