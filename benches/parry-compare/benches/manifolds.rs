//! Contact manifolds, separating-axis against parry, in one process, on the
//! same seeded pools (converted before timing), in f32 and f64:
//! `cargo bench --bench manifolds` in this directory. Group names are
//! `precision/kind/mix`; each benchmark builds the manifolds of the whole
//! pool of 1024 pairs with margin 0.
//!
//! parry's side: `contact_manifold_convex_convex` of its default
//! dispatcher (what rapier calls for a convex pair), the manifold cleared
//! before every call so that nothing from the previous pair is reused; for
//! boxes also `contact_manifold_cuboid_cuboid`, its box fast path. The
//! capsule–box pool runs in both argument orders (`capsule-box`,
//! `box-capsule`).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parry_compare::{pool2, pool3, seed, Mix, POOL};

/// The 2D kinds timed here.
const KINDS2: [&str; 2] = ["box", "8gon"];
/// The 3D kinds timed here.
const KINDS3: [&str; 3] = ["box", "hull16", "capsule-box"];
/// Empty manifolds cost nothing to either library: the mixed and deep
/// pools only.
const MIXES: [Mix; 2] = [Mix::Mixed, Mix::Deep];

/// Our `contact_manifold` (and `contact_manifold_into`, refilling one
/// manifold) over `typed`, a pool of `(&A, &pose, &B, &pose)`
/// with concrete shape types; the total number of points.
macro_rules! ours_bench {
    ($g:expr, $typed:expr) => {{
        let typed = &$typed;
        $g.bench_function("ours_contact_manifold", |bch| {
            bch.iter(|| {
                typed
                    .iter()
                    .map(|(a, pa, b, pb)| {
                        separating_axis::contact_manifold(black_box(*a), pa, *b, pb, 0.0).len()
                    })
                    .sum::<usize>()
            })
        });
        // In place, as parry's functions below write into a kept manifold.
        let mut m = separating_axis::Manifold::new();
        $g.bench_function("ours_contact_manifold_into", |bch| {
            bch.iter(|| {
                typed
                    .iter()
                    .map(|(a, pa, b, pb)| {
                        separating_axis::contact_manifold_into(
                            black_box(*a),
                            pa,
                            *b,
                            pb,
                            0.0,
                            &mut m,
                        );
                        m.len()
                    })
                    .sum::<usize>()
            })
        });
    }};
}

/// parry's convex–convex manifold over `theirs` (`$p` the parry module of
/// the dimension and precision), and for boxes its cuboid path.
macro_rules! parry_bench {
    ($g:expr, $theirs:expr, $p:ident, $kind:expr) => {{
        use $p::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
        let theirs = &$theirs;
        $g.bench_function("parry_contact_manifold_convex_convex", |bch| {
            let mut manifold = ContactManifold::<(), ()>::new();
            bch.iter(|| {
                theirs
                    .iter()
                    .map(|(a, pa, b, pb)| {
                        manifold.clear();
                        DefaultQueryDispatcher
                            .contact_manifold_convex_convex(
                                &pa.inv_mul(pb),
                                black_box(a.as_ref()),
                                b.as_ref(),
                                None,
                                None,
                                0.0,
                                &mut manifold,
                            )
                            .unwrap();
                        manifold.points.len()
                    })
                    .sum::<usize>()
            })
        });
        if $kind == "box" {
            let cuboids: Vec<_> = theirs
                .iter()
                .map(|(a, pa, b, pb)| (*a.as_cuboid().unwrap(), *pa, *b.as_cuboid().unwrap(), *pb))
                .collect();
            $g.bench_function("parry_contact_manifold_cuboid_cuboid", |bch| {
                let mut manifold = ContactManifold::<(), ()>::new();
                bch.iter(|| {
                    cuboids
                        .iter()
                        .map(|(a, pa, b, pb)| {
                            manifold.clear();
                            $p::query::details::contact_manifold_cuboid_cuboid(
                                &pa.inv_mul(pb),
                                black_box(a),
                                b,
                                0.0,
                                &mut manifold,
                            );
                            manifold.points.len()
                        })
                        .sum::<usize>()
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

/// The pool with A and B exchanged.
fn swap<S, P>(pool: &[(S, P, S, P)]) -> Vec<(S, P, S, P)>
where
    S: Clone,
    P: Clone,
{
    pool.iter()
        .map(|(a, pa, b, pb)| (b.clone(), pb.clone(), a.clone(), pa.clone()))
        .collect()
}

macro_rules! compare {
    ($fn_name:ident, $m:ident, $prec:literal) => {
        fn $fn_name(c: &mut Criterion) {
            use parry_compare::$m::*;
            for kind in KINDS2 {
                for mix in MIXES {
                    let pool = pool2(kind, mix, seed(kind, mix));
                    let ours: Vec<_> = pool
                        .iter()
                        .map(|p| (ours2(&p.a), our_pose2(&p.pa), ours2(&p.b), our_pose2(&p.pb)))
                        .collect();
                    let theirs: Vec<_> = pool
                        .iter()
                        .map(|p| {
                            let (a, b) = (parry_shape2(&p.a), parry_shape2(&p.b));
                            (a, parry_pose2(&p.pa), b, parry_pose2(&p.pb))
                        })
                        .collect();
                    let mut g = c.benchmark_group(format!("{}/2d-{kind}/{}", $prec, mix.name()));
                    g.throughput(Throughput::Elements(POOL as u64));
                    match kind {
                        "box" => ours_bench!(g, typed!(ours, Ours2, Obb, Obb)),
                        _ => ours_bench!(g, typed!(ours, Ours2, Polytope, Polytope)),
                    }
                    parry_bench!(g, theirs, parry2, kind);
                    g.finish();
                }
            }
            for kind in KINDS3 {
                for mix in MIXES {
                    let pool = pool3(kind, mix, seed(kind, mix));
                    let ours: Vec<_> = pool
                        .iter()
                        .map(|p| (ours3(&p.a), our_pose3(&p.pa), ours3(&p.b), our_pose3(&p.pb)))
                        .collect();
                    let theirs: Vec<_> = pool
                        .iter()
                        .map(|p| {
                            let (a, b) = (parry_shape3(&p.a), parry_shape3(&p.b));
                            (a, parry_pose3(&p.pa), b, parry_pose3(&p.pb))
                        })
                        .collect();
                    let mut g = c.benchmark_group(format!("{}/3d-{kind}/{}", $prec, mix.name()));
                    g.throughput(Throughput::Elements(POOL as u64));
                    match kind {
                        "box" => ours_bench!(g, typed!(ours, Ours3, Obb, Obb)),
                        "hull16" => ours_bench!(g, typed!(ours, Ours3, Polytope, Polytope)),
                        _ => ours_bench!(g, typed!(ours, Ours3, Capsule, Obb)),
                    }
                    parry_bench!(g, theirs, parry3, kind);
                    g.finish();
                    if kind == "capsule-box" {
                        let (ours, theirs) = (swap(&ours), swap(&theirs));
                        let mut g =
                            c.benchmark_group(format!("{}/3d-box-capsule/{}", $prec, mix.name()));
                        g.throughput(Throughput::Elements(POOL as u64));
                        ours_bench!(g, typed!(ours, Ours3, Obb, Capsule));
                        parry_bench!(g, theirs, parry3, "box-capsule");
                        g.finish();
                    }
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
