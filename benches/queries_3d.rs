//! 3D query benches on seeded pools of 1024 pre-generated pairs, about half
//! of them overlapping: box–box (the 15-axis path and the generic engine),
//! sphere–box, capsule–box, and convex polyhedra (hulls of 16 and 32 random
//! points). Each iteration runs the query over the whole pool.
//!
//! Also: the same box pool as concrete `Obb`s, `&dyn Shape`, `AnyShape` and
//! `Aabb` (`box_views_3d`, benches/dyn_views).
//!
//! `cargo bench --bench queries_3d`

#[path = "../tests/support/rng.rs"]
mod rng;

mod common;
mod dyn_views;

use common::{Pair, POOL};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nalgebra::{Point3, Rotation3, Vector3};
use rng::Rng;
use separating_axis::{Ball, Capsule, ConvexPolyhedron, Obb, Pose3, Shape};

/// Poses for a pair of shapes of radius about 1, about half overlapping
/// at the distances `[0, reach)`.
fn pose_pair(rng: &mut Rng, reach: f64) -> (Pose3<f64>, Pose3<f64>) {
    let a = Pose3::from_parts(
        Vector3::new(
            rng.range(-50.0, 50.0),
            rng.range(-50.0, 50.0),
            rng.range(-50.0, 50.0),
        )
        .into(),
        rng.rotation(),
    );
    let offset = rng.unit_vector3() * rng.range(0.0, reach);
    let b = Pose3::from_parts((a.translation.vector + offset).into(), rng.rotation());
    (a, b)
}

/// A pool of shape pairs from `make`, placed by [`pose_pair`] within `reach`.
fn pairs<A, B>(
    name: &str,
    seed: u64,
    reach: f64,
    mut make: impl FnMut(&mut Rng) -> (A, B),
) -> Vec<Pair<A, B, 3>>
where
    A: Shape<f64, 3> + 'static,
    B: Shape<f64, 3> + 'static,
{
    common::pool(name, seed, |rng| {
        let (a, b) = make(rng);
        let (pa, pb) = pose_pair(rng, reach);
        (a, pa, b, pb)
    })
}

fn obb(rng: &mut Rng) -> Obb<f64, 3> {
    let h = Vector3::new(
        rng.range(0.4, 1.0),
        rng.range(0.4, 1.0),
        rng.range(0.4, 1.0),
    );
    Obb::new(Point3::origin(), Rotation3::identity(), h).expect("positive extents")
}

fn box_box(c: &mut Criterion) {
    let mut group = c.benchmark_group("box_box_3d");
    group.throughput(Throughput::Elements(POOL as u64));
    let pairs = pairs("box-box", 1, 3.8, |rng| (obb(rng), obb(rng)));
    common::bench_pool(&mut group, "obb", &pairs);
    group.finish();
    let mut group = c.benchmark_group("box_views_3d");
    group.throughput(Throughput::Elements(POOL as u64));
    dyn_views::bench_views(&mut group, &pairs);
    group.finish();
}

fn curved_box(c: &mut Criterion) {
    let mut group = c.benchmark_group("curved_box_3d");
    group.throughput(Throughput::Elements(POOL as u64));
    let spheres = pairs("sphere-box", 2, 3.1, |rng| {
        (
            Ball::new(Point3::origin(), rng.range(0.5, 1.0)).expect("radius"),
            obb(rng),
        )
    });
    common::bench_pool(&mut group, "sphere", &spheres);
    let capsules = pairs("capsule-box", 3, 3.0, |rng| {
        let half = rng.unit_vector3() * rng.range(0.2, 0.8);
        let capsule = Capsule::new(Point3::from(-half), Point3::from(half), rng.range(0.3, 0.7));
        (capsule.expect("radius"), obb(rng))
    });
    common::bench_pool(&mut group, "capsule", &capsules);
    group.finish();
}

/// The convex hull of `n` random points in an ellipsoid of semi-axes about 1.
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

fn polyhedra(c: &mut Criterion) {
    let mut group = c.benchmark_group("hull_hull_3d");
    group.throughput(Throughput::Elements(POOL as u64));
    for n in [16, 32] {
        let pairs = pairs(&format!("hull{n}-hull{n}"), 10 + n as u64, 2.6, |rng| {
            (hull(rng, n), hull(rng, n))
        });
        common::bench_pool(&mut group, n, &pairs);
    }
    group.finish();
}

criterion_group!(benches, box_box, curved_box, polyhedra);
criterion_main!(benches);
