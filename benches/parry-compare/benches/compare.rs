//! separating-axis against parry, in one process, on the same seeded pools
//! (converted before timing), in f32 and f64: `cargo bench` in this
//! directory. Group names are `precision/kind/mix`; each benchmark runs the
//! query over the whole pool of 1024 pairs. The one asymmetric kind,
//! `circle-8gon` (circle first), is also timed swapped, as `8gon-circle`.
//! The 2D kinds are timed again on the second generator's pools
//! (`pool2_alt`), as `box-alt`, `8gon-alt`, `circle-8gon-alt`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parry_compare::{base_kind, pool2, pool3, seed, Mix, KINDS2, KINDS2_ALT, KINDS3, POOL};

/// Our `intersects` and `penetration` over `typed`, a pool of
/// `(&A, &pose, &B, &pose)` with concrete shape types.
macro_rules! ours_bench {
    ($g:expr, $typed:expr) => {{
        let typed = &$typed;
        $g.bench_function("ours_intersects", |bch| {
            bch.iter(|| {
                typed
                    .iter()
                    .filter(|(a, pa, b, pb)| separating_axis::intersects(black_box(*a), pa, *b, pb))
                    .count()
            })
        });
        $g.bench_function("ours_penetration", |bch| {
            bch.iter(|| {
                typed
                    .iter()
                    .filter_map(|(a, pa, b, pb)| {
                        separating_axis::penetration(black_box(*a), pa, *b, pb)
                    })
                    .count()
            })
        });
    }};
}

/// parry's generic `intersection_test` and `contact` over `theirs`, and for
/// boxes its cuboid fast paths (the manifold cleared before every call, so
/// no contact is reused). `$p` is the parry module (2D or 3D re-exports).
macro_rules! parry_bench {
    ($g:expr, $theirs:expr, $p:ident, $kind:expr) => {{
        let theirs = &$theirs;
        $g.bench_function("parry_intersection_test", |bch| {
            bch.iter(|| {
                theirs
                    .iter()
                    .filter(|(a, pa, b, pb)| {
                        $p::query::intersection_test(pa, black_box(a.as_ref()), pb, b.as_ref())
                            .unwrap()
                            .intersecting
                    })
                    .count()
            })
        });
        $g.bench_function("parry_contact", |bch| {
            bch.iter(|| {
                theirs
                    .iter()
                    .filter_map(|(a, pa, b, pb)| {
                        $p::query::contact(pa, black_box(a.as_ref()), pb, b.as_ref(), 0.0).unwrap()
                    })
                    .count()
            })
        });
        if $kind == "box" {
            let cuboids: Vec<_> = theirs
                .iter()
                .map(|(a, pa, b, pb)| (*a.as_cuboid().unwrap(), *pa, *b.as_cuboid().unwrap(), *pb))
                .collect();
            $g.bench_function("parry_intersection_test_cuboid_cuboid", |bch| {
                bch.iter(|| {
                    cuboids
                        .iter()
                        .filter(|(a, pa, b, pb)| {
                            $p::query::details::intersection_test_cuboid_cuboid(
                                &pa.inv_mul(pb),
                                black_box(a),
                                b,
                            )
                        })
                        .count()
                })
            });
            $g.bench_function("parry_contact_manifold_cuboid_cuboid", |bch| {
                let mut manifold = $p::query::ContactManifold::<(), ()>::new();
                bch.iter(|| {
                    cuboids
                        .iter()
                        .filter(|(a, pa, b, pb)| {
                            manifold.clear();
                            $p::query::details::contact_manifold_cuboid_cuboid(
                                &pa.inv_mul(pb),
                                black_box(a),
                                b,
                                0.0,
                                &mut manifold,
                            );
                            !manifold.points.is_empty()
                        })
                        .count()
                })
            });
        }
    }};
}

/// The pool's pairs as concrete types: `$Enum::$A` and `$Enum::$B`.
macro_rules! typed {
    ($ours:expr, $Enum:ident, $A:ident, $B:ident) => {
        $ours
            .iter()
            .map(|(a, pa, b, pb)| match (a, b) {
                ($Enum::$A(a), $Enum::$B(b)) => (a, pa, b, pb),
                _ => unreachable!("one kind per pool"),
            })
            .collect::<Vec<_>>()
    };
}

macro_rules! compare {
    ($fn_name:ident, $m:ident, $prec:literal) => {
        fn $fn_name(c: &mut Criterion) {
            use parry_compare::$m::*;
            for kind in KINDS2.into_iter().chain(KINDS2_ALT) {
                for mix in Mix::ALL {
                    let pool = pool2(kind, mix, seed(kind, mix));
                    let ours: Vec<_> = pool
                        .iter()
                        .map(|p| (ours2(&p.a), our_pose2(&p.pa), ours2(&p.b), our_pose2(&p.pb)))
                        .collect();
                    let theirs: Vec<_> = pool
                        .iter()
                        .map(|p| {
                            (
                                parry_shape2(&p.a),
                                parry_pose2(&p.pa),
                                parry_shape2(&p.b),
                                parry_pose2(&p.pb),
                            )
                        })
                        .collect();
                    let mut g = c.benchmark_group(format!("{}/2d-{kind}/{}", $prec, mix.name()));
                    g.throughput(Throughput::Elements(POOL as u64));
                    match base_kind(kind) {
                        "box" => ours_bench!(g, typed!(ours, Ours2, Obb, Obb)),
                        "8gon" => ours_bench!(g, typed!(ours, Ours2, Polytope, Polytope)),
                        _ => ours_bench!(g, typed!(ours, Ours2, Ball, Polytope)),
                    }
                    parry_bench!(g, theirs, parry2, base_kind(kind));
                    g.finish();
                    if base_kind(kind) == "circle-8gon" {
                        // The swapped order (polygon first), a group of its
                        // own: `2d-8gon-circle`.
                        let ours: Vec<_> = ours
                            .iter()
                            .map(|(a, pa, b, pb)| (b.clone(), *pb, a.clone(), *pa))
                            .collect();
                        let theirs: Vec<_> = theirs
                            .iter()
                            .map(|(a, pa, b, pb)| (b.clone(), *pb, a.clone(), *pa))
                            .collect();
                        let mut g =
                            c.benchmark_group(format!("{}/2d-8gon-circle/{}", $prec, mix.name()));
                        g.throughput(Throughput::Elements(POOL as u64));
                        ours_bench!(g, typed!(ours, Ours2, Polytope, Ball));
                        parry_bench!(g, theirs, parry2, base_kind(kind));
                        g.finish();
                    }
                }
            }
            for kind in KINDS3 {
                for mix in Mix::ALL {
                    let pool = pool3(kind, mix, seed(kind, mix));
                    let ours: Vec<_> = pool
                        .iter()
                        .map(|p| (ours3(&p.a), our_pose3(&p.pa), ours3(&p.b), our_pose3(&p.pb)))
                        .collect();
                    let theirs: Vec<_> = pool
                        .iter()
                        .map(|p| {
                            (
                                parry_shape3(&p.a),
                                parry_pose3(&p.pa),
                                parry_shape3(&p.b),
                                parry_pose3(&p.pb),
                            )
                        })
                        .collect();
                    let mut g = c.benchmark_group(format!("{}/3d-{kind}/{}", $prec, mix.name()));
                    g.throughput(Throughput::Elements(POOL as u64));
                    match kind {
                        "box" => ours_bench!(g, typed!(ours, Ours3, Obb, Obb)),
                        _ => ours_bench!(g, typed!(ours, Ours3, Polytope, Polytope)),
                    }
                    parry_bench!(g, theirs, parry3, kind);
                    g.finish();
                }
            }
        }
    };
}

compare!(compare_f32, p32, "f32");
compare!(compare_f64, p64, "f64");

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_millis(900))
        .sample_size(20);
    targets = compare_f32, compare_f64
}
criterion_main!(benches);
