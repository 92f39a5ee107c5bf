//! Decomposition of concave polygons (src/concave/): `ConcavePolygon::new`
//! (validation with a sweep, monotone triangulation, Hertel–Mehlhorn, the
//! pieces as a compound) on random star-shaped simple polygons of 10³,
//! 10⁴ and 10⁵ vertices (angles sorted around the centre, radii in
//! `[0.3, 1)`, so about half the vertices are reflex) and on combs of as
//! many vertices (a spine with `n / 4` teeth, half the vertices reflex,
//! long rows of collinear points). The piece counts are printed once per
//! input.
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

/// A comb of `k` teeth (`4k` vertices): the spine `[0, 2k − 1] × [0, 1]`,
/// teeth `[2i, 2i + 1] × [1, 4]` (tests/concave.rs::comb).
fn comb(k: usize) -> Vec<Point2<f64>> {
    let w = (2 * k - 1) as f64;
    let mut v = vec![Point2::new(0.0, 0.0), Point2::new(w, 0.0)];
    for i in (0..k).rev() {
        let x = (2 * i) as f64;
        v.push(Point2::new(x + 1.0, 4.0));
        v.push(Point2::new(x, 4.0));
        if i > 0 {
            v.push(Point2::new(x, 1.0));
            v.push(Point2::new(x - 1.0, 1.0));
        }
    }
    v
}

fn decompose(c: &mut Criterion) {
    let mut group = c.benchmark_group("concave_decompose");
    for (name, n) in [1_000, 10_000, 100_000]
        .into_iter()
        .flat_map(|n| [("star", n), ("comb", n)])
    {
        let points = if name == "star" {
            random_star(n, 0xDEC0 + n as u64)
        } else {
            comb(n / 4)
        };
        let poly = ConcavePolygon::new(&points).expect("a simple polygon");
        println!(
            "{name} {n}: {} reflex, {} pieces (lower bound {})",
            poly.reflex_count(),
            poly.pieces().count(),
            poly.reflex_count().div_ceil(2) + 1
        );
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new(name, n), &points, |b, points| {
            b.iter(|| ConcavePolygon::new(black_box(points)).map(|p| p.pieces().count()));
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = decompose
}
criterion_main!(benches);
