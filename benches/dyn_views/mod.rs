//! One pool of box pairs queried four ways: as concrete `Obb`s, through
//! `&dyn Shape` (`Box<dyn Shape>` in the pool), as `AnyShape`s, and as the
//! same boxes typed `Aabb` (which take the box path through
//! `Shape::as_obb`). Issue 10's criterion: `dyn` within 15% of concrete.

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId};
use nalgebra::Const;
use separating_axis::{intersects, penetration, Aabb, AnyShape, Obb, PolytopeDim, Pose, Shape};

use crate::common::Pair;

/// Benches `intersects` and `penetration` over one pool of items.
fn cells<A, B, const N: usize>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    pool: &[(A, Pose<f64, N>, B, Pose<f64, N>)],
    view_a: impl Fn(&A) -> &(dyn Shape<f64, N> + 'static) + Copy,
    view_b: impl Fn(&B) -> &(dyn Shape<f64, N> + 'static) + Copy,
) {
    group.bench_with_input(BenchmarkId::new("intersects", id), pool, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter(|(a, pa, b, pb)| intersects(black_box(view_a(a)), pa, view_b(b), pb))
                .count()
        })
    });
    group.bench_with_input(BenchmarkId::new("penetration", id), pool, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter_map(|(a, pa, b, pb)| penetration(black_box(view_a(a)), pa, view_b(b), pb))
                .count()
        })
    });
}

/// `intersects` and `penetration` over the same pool of centred boxes
/// (identity rotation and centre: an `Aabb` describes each exactly) as
/// `Obb`, `&dyn Shape`, `AnyShape` and `Aabb`.
pub fn bench_views<const N: usize>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    pool: &[Pair<Obb<f64, N>, Obb<f64, N>, N>],
) where
    Const<N>: PolytopeDim<f64, N>,
{
    // Concrete: generic over the sized types, so no dyn; spelled out.
    group.bench_with_input(BenchmarkId::new("intersects", "obb"), pool, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter(|(a, pa, b, pb)| intersects(black_box(a), pa, b, pb))
                .count()
        })
    });
    group.bench_with_input(BenchmarkId::new("penetration", "obb"), pool, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter_map(|(a, pa, b, pb)| penetration(black_box(a), pa, b, pb))
                .count()
        })
    });
    let boxed: Vec<_> = pool
        .iter()
        .map(|(a, pa, b, pb)| {
            let a: Box<dyn Shape<f64, N>> = Box::new(*a);
            let b: Box<dyn Shape<f64, N>> = Box::new(*b);
            (a, *pa, b, *pb)
        })
        .collect();
    cells(group, "dyn", &boxed, |a| &**a, |b| &**b);
    let any: Vec<_> = pool
        .iter()
        .map(|(a, pa, b, pb)| (AnyShape::from(*a), *pa, AnyShape::from(*b), *pb))
        .collect();
    group.bench_with_input(BenchmarkId::new("intersects", "any"), &any, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter(|(a, pa, b, pb)| intersects(black_box(a), pa, b, pb))
                .count()
        })
    });
    group.bench_with_input(BenchmarkId::new("penetration", "any"), &any, |bch, pool| {
        bch.iter(|| {
            pool.iter()
                .filter_map(|(a, pa, b, pb)| penetration(black_box(a), pa, b, pb))
                .count()
        })
    });
    let aabb = |o: &Obb<f64, N>| {
        Aabb::from_half_extents(o.center(), o.half_extents()).expect("a valid box")
    };
    let aabbs: Vec<_> = pool
        .iter()
        .map(|(a, pa, b, pb)| (aabb(a), *pa, aabb(b), *pb))
        .collect();
    group.bench_with_input(
        BenchmarkId::new("intersects", "aabb"),
        &aabbs,
        |bch, pool| {
            bch.iter(|| {
                pool.iter()
                    .filter(|(a, pa, b, pb)| intersects(black_box(a), pa, b, pb))
                    .count()
            })
        },
    );
    group.bench_with_input(
        BenchmarkId::new("penetration", "aabb"),
        &aabbs,
        |bch, pool| {
            bch.iter(|| {
                pool.iter()
                    .filter_map(|(a, pa, b, pb)| penetration(black_box(a), pa, b, pb))
                    .count()
            })
        },
    );
}
