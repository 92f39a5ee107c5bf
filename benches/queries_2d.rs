//! 2D query benches on seeded pools of 1024 pre-generated pairs, about half
//! of them overlapping: 8-gon vs 8-gon (also 4- and 16-gons), circle vs
//! 8-gon, box vs box. Each iteration runs the query over the whole pool, so
//! criterion's throughput figure is queries per second.
//!
//! `cargo bench --bench queries_2d`

#[path = "../tests/rng/mod.rs"]
mod rng;

mod common;

use common::{Pair, POOL};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nalgebra::{Point2, Rotation2, Vector2};
use rng::Rng;
use separating_axis::{Ball, ConvexPolygon, Obb, Pose2, Shape};

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

/// A pool of shape pairs from `make`, each placed by [`pose_pair`].
fn pairs<A, B>(seed: u64, mut make: impl FnMut(&mut Rng) -> (A, B)) -> Vec<Pair<A, B, 2>>
where
    A: Shape<f64, 2> + 'static,
    B: Shape<f64, 2> + 'static,
{
    common::pool(&format!("seed {seed}"), seed, |rng| {
        let (a, b) = make(rng);
        let (pa, pb) = pose_pair(rng);
        (a, pa, b, pb)
    })
}

fn circle(rng: &mut Rng) -> Ball<f64, 2> {
    Ball::new(Point2::origin(), rng.range(0.6, 1.2)).expect("positive radius")
}

fn box2(rng: &mut Rng) -> Obb<f64, 2> {
    let half = Vector2::new(rng.range(0.4, 1.2), rng.range(0.4, 1.2));
    Obb::new(Point2::origin(), Rotation2::identity(), half).expect("positive extents")
}

fn polygon_polygon(c: &mut Criterion) {
    let mut group = c.benchmark_group("polygon_polygon");
    group.throughput(Throughput::Elements(POOL as u64));
    for k in [4, 8, 16] {
        let pairs = pairs(k as u64, |rng| (polygon(rng, k), polygon(rng, k)));
        common::bench_pool(&mut group, k, &pairs);
    }
    group.finish();
}

fn circle_polygon(c: &mut Criterion) {
    let mut group = c.benchmark_group("circle_polygon");
    group.throughput(Throughput::Elements(POOL as u64));
    let pairs = pairs(100, |rng| (circle(rng), polygon(rng, 8)));
    common::bench_pool(&mut group, 8, &pairs);
    group.finish();
}

fn box_box_2d(c: &mut Criterion) {
    let mut group = c.benchmark_group("box_box_2d");
    group.throughput(Throughput::Elements(POOL as u64));
    let pairs = pairs(200, |rng| (box2(rng), box2(rng)));
    common::bench_pool(&mut group, 4, &pairs);
    group.finish();
}

criterion_group!(benches, polygon_polygon, circle_polygon, box_box_2d);
criterion_main!(benches);
