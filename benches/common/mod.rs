//! What the query benches share: the pool of pre-generated pairs and the
//! three measurements taken on every pool.

use std::fmt::Display;
use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId};
use separating_axis::{engine, intersects, penetration, Pose, Shape};

use crate::rng::Rng;

/// Pairs per pool.
pub const POOL: usize = 1024;

/// A posed pair.
pub type Pair<A, B, const N: usize> = (A, Pose<f64, N>, B, Pose<f64, N>);

/// `POOL` pairs from `make`, seeded; prints the share that overlaps.
pub fn pool<A, B, const N: usize>(
    name: &str,
    seed: u64,
    mut make: impl FnMut(&mut Rng) -> Pair<A, B, N>,
) -> Vec<Pair<A, B, N>>
where
    A: Shape<f64, N> + 'static,
    B: Shape<f64, N> + 'static,
{
    let mut rng = Rng(seed);
    let pairs: Vec<_> = (0..POOL).map(|_| make(&mut rng)).collect();
    let overlapping = pairs
        .iter()
        .filter(|(a, pa, b, pb)| intersects(a, pa, b, pb))
        .count();
    eprintln!("{name} pool: {overlapping} of {POOL} pairs overlap");
    pairs
}

/// Benches `intersects`, `penetration` and the generic engine's full
/// separation over one pool.
pub fn bench_pool<A, B, const N: usize>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: impl Display,
    pool: &[Pair<A, B, N>],
) where
    A: Shape<f64, N> + 'static,
    B: Shape<f64, N> + 'static,
{
    group.bench_with_input(BenchmarkId::new("intersects", &id), pool, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter(|(a, pa, b, pb)| intersects(black_box(a), pa, b, pb))
                .count()
        })
    });
    group.bench_with_input(BenchmarkId::new("penetration", &id), pool, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter_map(|(a, pa, b, pb)| penetration(black_box(a), pa, b, pb))
                .count()
        })
    });
    group.bench_with_input(
        BenchmarkId::new("engine_penetration", &id),
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
}
