//! 2D query benches on seeded pools of 1024 pre-generated pairs, about half
//! of them overlapping: 8-gon vs 8-gon (also 4-, 16-, 32- and 64-gons, on
//! either side of the pair path's walk threshold), circle vs 8-gon, box vs
//! box. Each iteration runs the query over the whole pool, so criterion's
//! throughput figure is queries per second.
//!
//! Large polygons, few samples each: `polygon_construction` (`new` and
//! `from_hull` on 10⁴ to 10⁶ points of an ellipse) and
//! `polygon_polygon_large` (`intersects`, `penetration` and `separation`
//! of one rotated pair of 10³- to 10⁵-gons, overlapping).
//!
//! `cargo bench --bench queries_2d`

#[path = "../tests/support/rng.rs"]
mod rng;

mod common;
mod dyn_views;

use common::{Pair, POOL};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

use nalgebra::{Point2, Rotation2, Vector2};
use rng::Rng;
use separating_axis::{
    intersects, penetration, separation, Ball, ConvexPolygon, Obb, Pose2, Shape,
};

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
    for k in [4, 8, 16, 32, 64] {
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
    let mut group = c.benchmark_group("box_views_2d");
    group.throughput(Throughput::Elements(POOL as u64));
    dyn_views::bench_views(&mut group, &pairs);
    group.finish();
}

/// `k` points on an ellipse at sorted random angles, far from the origin.
fn ellipse_points(rng: &mut Rng, k: usize) -> Vec<Point2<f64>> {
    let (rx, ry) = (rng.range(0.6, 1.2), rng.range(0.6, 1.2));
    let step = std::f64::consts::TAU / k as f64;
    (0..k)
        .map(|i| {
            let a = (i as f64 + rng.range(-0.3, 0.3)) * step;
            Point2::new(100.0 + rx * a.cos(), -50.0 + ry * a.sin())
        })
        .collect()
}

fn polygon_construction(c: &mut Criterion) {
    let mut group = c.benchmark_group("polygon_construction");
    group.sample_size(10);
    for k in [10_000, 100_000, 1_000_000] {
        let points = ellipse_points(&mut Rng(k as u64), k);
        group.throughput(Throughput::Elements(k as u64));
        group.bench_with_input(BenchmarkId::new("new", k), &points, |bch, p| {
            bch.iter(|| ConvexPolygon::new(black_box(p)).map(|q| q.vertices().len()))
        });
        group.bench_with_input(BenchmarkId::new("from_hull", k), &points, |bch, p| {
            bch.iter(|| ConvexPolygon::from_hull(black_box(p)).map(|q| q.vertices().len()))
        });
    }
    group.finish();
}

fn polygon_polygon_large(c: &mut Criterion) {
    let mut group = c.benchmark_group("polygon_polygon_large");
    group.sample_size(10);
    for k in [1_000, 10_000, 100_000] {
        let mut rng = Rng(k as u64 + 1);
        let a = ConvexPolygon::new(&ellipse_points(&mut rng, k)).expect("convex");
        let b = ConvexPolygon::new(&ellipse_points(&mut rng, k)).expect("convex");
        // Rotated, with the ellipses' centres (100, −50) placed 0.5 apart.
        let centred = |x: f64, angle: f64| {
            let r = Rotation2::new(angle);
            Pose2::new(Vector2::new(x, 0.0) - r * Vector2::new(100.0, -50.0), angle)
        };
        let (pa, pb) = (centred(0.0, 0.3), centred(0.5, 1.7));
        let pair = (a, pa, b, pb);
        group.bench_with_input(
            BenchmarkId::new("intersects", k),
            &pair,
            |bch, (a, pa, b, pb)| bch.iter(|| intersects(black_box(a), pa, b, pb)),
        );
        group.bench_with_input(
            BenchmarkId::new("penetration", k),
            &pair,
            |bch, (a, pa, b, pb)| bch.iter(|| penetration(black_box(a), pa, b, pb)),
        );
        group.bench_with_input(
            BenchmarkId::new("separation", k),
            &pair,
            |bch, (a, pa, b, pb)| bch.iter(|| separation(black_box(a), pa, b, pb)),
        );
    }
    group.finish();
}

criterion_group!(
    benches,
    polygon_polygon,
    circle_polygon,
    box_box_2d,
    polygon_construction,
    polygon_polygon_large
);
criterion_main!(benches);
