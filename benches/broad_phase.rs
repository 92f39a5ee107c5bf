//! The sweep-and-prune broad phase (src/broad_phase.rs) at scale: 1k, 10k
//! and 100k random 3D boxes (half extents 0.5–1.5) in a cube whose side
//! grows as `n^(1/3)`, so that the density, and the pairs per body, stay
//! the same at every size. One iteration is one step: 1% of the bodies
//! (the next 1% in turn) move by up to 0.05 along each axis, then
//! `pairs` runs. The world and its output buffer are kept across
//! iterations, as an engine keeps them across frames.
//!
//! `cargo bench --bench broad_phase`; results in docs/broad-phase.md.

#[path = "../tests/support/rng.rs"]
mod rng;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nalgebra::{Point3, Vector3};
use rng::Rng;
use separating_axis::{Aabb, BroadPhase, Handle};

/// One scene: the world, each body's handle, centre and half extents.
struct Scene {
    world: BroadPhase<f64, 3>,
    bodies: Vec<(Handle, Point3<f64>, Vector3<f64>)>,
    rng: Rng,
    next: usize,
    out: Vec<(Handle, Handle)>,
}

fn aabb(c: &Point3<f64>, h: &Vector3<f64>) -> Aabb<f64, 3> {
    Aabb::from_half_extents(*c, *h).expect("finite boxes")
}

impl Scene {
    fn new(n: usize) -> Self {
        let mut rng = Rng::new(0xB40AD + n as u64);
        let side = 3.0 * (n as f64).cbrt();
        let mut world = BroadPhase::new();
        let bodies = (0..n)
            .map(|_| {
                let c = Point3::new(
                    rng.range(0.0, side),
                    rng.range(0.0, side),
                    rng.range(0.0, side),
                );
                let h = Vector3::new(
                    rng.range(0.5, 1.5),
                    rng.range(0.5, 1.5),
                    rng.range(0.5, 1.5),
                );
                (world.insert(&aabb(&c, &h)), c, h)
            })
            .collect();
        let mut scene = Self {
            world,
            bodies,
            rng,
            next: 0,
            out: Vec::new(),
        };
        scene.world.pairs(&mut scene.out);
        scene
    }

    /// Moves the next 1% of the bodies, then sweeps.
    fn step(&mut self) -> usize {
        let n = self.bodies.len();
        for _ in 0..n.div_ceil(100) {
            let (handle, c, h) = &mut self.bodies[self.next];
            let d = Vector3::new(
                self.rng.signed_unit(),
                self.rng.signed_unit(),
                self.rng.signed_unit(),
            ) * 0.05;
            *c += d;
            self.world
                .update(*handle, &aabb(c, h))
                .expect("live handle");
            self.next = (self.next + 1) % n;
        }
        self.world.pairs(&mut self.out);
        self.out.len()
    }
}

fn broad_phase(c: &mut Criterion) {
    let mut group = c.benchmark_group("broad_phase_step");
    group.sample_size(20);
    for n in [1_000, 10_000, 100_000] {
        let mut scene = Scene::new(n);
        eprintln!(
            "n = {n}: {} pairs, sweep axis {}",
            scene.step(),
            scene.world.axis()
        );
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, _| {
            b.iter(|| black_box(scene.step()));
        });
    }
    group.finish();
}

criterion_group!(benches, broad_phase);
criterion_main!(benches);
