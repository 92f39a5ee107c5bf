//! Decomposition of concave polygons (src/concave/): `ConcavePolygon::new`
//! (validation, ear clipping, Hertel–Mehlhorn, the pieces as a compound)
//! on random star-shaped simple polygons of 100, 1 000 and 10 000
//! vertices (angles sorted around the centre, radii in `[0.3, 1)`, so
//! about half the vertices are reflex). The piece counts are printed once
//! per size.
//!
//! `cargo bench --bench concave`; results in docs/concave.md.

#[path = "../tests/support/rng.rs"]
mod rng;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use nalgebra::Point2;
use rng::Rng;
use separating_axis::ConcavePolygon;

/// A random star-shaped polygon of `n` vertices about the origin.
fn random_star(n: usize, seed: u64) -> Vec<Point2<f64>> {
    let mut rng = Rng::new(seed);
    let mut angles: Vec<f64> = (0..n)
        .map(|_| rng.range(0.0, core::f64::consts::TAU))
        .collect();
    angles.sort_by(f64::total_cmp);
    angles
        .iter()
        .map(|&a| {
            let r = rng.range(0.3, 1.0);
            Point2::new(r * a.cos(), r * a.sin())
        })
        .collect()
}

fn decompose(c: &mut Criterion) {
    let mut group = c.benchmark_group("concave_decompose");
    for n in [100, 1_000, 10_000] {
        let points = random_star(n, 0xDEC0 + n as u64);
        let poly = ConcavePolygon::new(&points).expect("a simple polygon");
        println!(
            "{n} vertices: {} reflex, {} pieces (lower bound {})",
            poly.reflex_count(),
            poly.pieces().count(),
            poly.reflex_count().div_ceil(2) + 1
        );
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::from_parameter(n), &points, |b, points| {
            b.iter(|| ConcavePolygon::new(black_box(points)).map(|p| p.pieces().count()));
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = decompose
}
criterion_main!(benches);
