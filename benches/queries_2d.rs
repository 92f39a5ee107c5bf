//! 2D query benches on seeded pools of 1024 pre-generated pairs, about half
//! of them overlapping: 8-gon vs 8-gon (also 4- and 16-gons), circle vs
//! 8-gon, box vs box. Each iteration runs the query over the whole pool, so
//! criterion's throughput figure is queries per second.
//!
//! `cargo bench --bench queries_2d`

#[path = "../tests/rng/mod.rs"]
mod rng;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nalgebra::{Point2, Rotation2, Vector2};
use rng::Rng;
use separating_axis::{engine, intersects, penetration, Ball, ConvexPolygon, Obb, Pose2, Shape};

const POOL: usize = 1024;

/// A convex `k`-gon: `k` sorted random angles on an ellipse of random size.
fn polygon(rng: &mut Rng, k: usize) -> ConvexPolygon<f64> {
    let (rx, ry) = (rng.range(0.6, 1.2), rng.range(0.6, 1.2));
    let step = std::f64::consts::TAU / k as f64;
    let points: Vec<Point2<f64>> = (0..k)
        .map(|i| {
            let a = (i as f64 + rng.range(-0.3, 0.3)) * step;
            Point2::new(rx * a.cos(), ry * a.sin())
        })
        .collect();
    ConvexPolygon::new(&points).expect("a jittered ellipse polygon is convex")
}

/// B's pose: a random direction, at a distance that makes about half the
/// pairs overlap for shapes of radius about 1.
fn pose_pair(rng: &mut Rng) -> (Pose2<f64>, Pose2<f64>) {
    let a = Pose2::new(
        Vector2::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0)),
        rng.range(0.0, 6.3),
    );
    let dir = rng.range(0.0, 6.3);
    let dist = rng.range(0.0, 3.4);
    let b = Pose2::new(
        a.translation.vector + Vector2::new(dir.cos(), dir.sin()) * dist,
        rng.range(0.0, 6.3),
    );
    (a, b)
}

/// A pool of `POOL` posed pairs built by `make`, with the overlap share.
fn pool<A, B>(
    seed: u64,
    mut make: impl FnMut(&mut Rng) -> (A, B),
) -> Vec<(A, Pose2<f64>, B, Pose2<f64>)>
where
    A: Shape<f64, 2> + 'static,
    B: Shape<f64, 2> + 'static,
{
    let mut rng = Rng(seed);
    let pairs: Vec<_> = (0..POOL)
        .map(|_| {
            let (a, b) = make(&mut rng);
            let (pa, pb) = pose_pair(&mut rng);
            (a, pa, b, pb)
        })
        .collect();
    let overlapping = pairs
        .iter()
        .filter(|(a, pa, b, pb)| intersects(a, pa, b, pb))
        .count();
    eprintln!("pool {seed}: {overlapping} of {POOL} pairs overlap");
    pairs
}

fn circle(rng: &mut Rng) -> Ball<f64, 2> {
    Ball::new(Point2::origin(), rng.range(0.6, 1.2)).expect("positive radius")
}

fn box2(rng: &mut Rng) -> Obb<f64, 2> {
    let half = Vector2::new(rng.range(0.4, 1.2), rng.range(0.4, 1.2));
    Obb::new(Point2::origin(), Rotation2::identity(), half).expect("positive extents")
}

/// Benches `intersects` and `penetration` over one pool, and the generic
/// engine on the same pool for comparison.
macro_rules! bench_pool {
    ($group:expr, $id:expr, $pool:expr) => {{
        let pool = &$pool;
        $group.bench_with_input(BenchmarkId::new("intersects", $id), pool, |bch, pool| {
            bch.iter(|| {
                pool.iter()
                    .filter(|(a, pa, b, pb)| intersects(black_box(a), pa, b, pb))
                    .count()
            })
        });
        $group.bench_with_input(BenchmarkId::new("penetration", $id), pool, |bch, pool| {
            bch.iter(|| {
                pool.iter()
                    .filter_map(|(a, pa, b, pb)| penetration(black_box(a), pa, b, pb))
                    .count()
            })
        });
        $group.bench_with_input(
            BenchmarkId::new("engine_penetration", $id),
            pool,
            |bch, pool| {
                bch.iter(|| {
                    pool.iter()
                        .filter(|(a, pa, b, pb)| {
                            engine::separation(black_box(a), pa, b, pb).distance <= 0.0
                        })
                        .count()
                })
            },
        );
    }};
}

fn polygon_polygon(c: &mut Criterion) {
    let mut group = c.benchmark_group("polygon_polygon");
    group.throughput(Throughput::Elements(POOL as u64));
    for k in [4, 8, 16] {
        let pairs = pool(k as u64, |rng| (polygon(rng, k), polygon(rng, k)));
        bench_pool!(group, k, pairs);
    }
    group.finish();
}

fn circle_polygon(c: &mut Criterion) {
    let mut group = c.benchmark_group("circle_polygon");
    group.throughput(Throughput::Elements(POOL as u64));
    let pairs = pool(100, |rng| (circle(rng), polygon(rng, 8)));
    bench_pool!(group, 8, pairs);
    group.finish();
}

fn box_box_2d(c: &mut Criterion) {
    let mut group = c.benchmark_group("box_box_2d");
    group.throughput(Throughput::Elements(POOL as u64));
    let pairs = pool(200, |rng| (box2(rng), box2(rng)));
    bench_pool!(group, 4, pairs);
    group.finish();
}

criterion_group!(benches, polygon_polygon, circle_polygon, box_box_2d);
criterion_main!(benches);
