//! Distances, shape casts and ray casts, separating-axis against parry, in
//! one process, on the same seeded pools (converted before timing), in f32
//! and f64: `cargo bench --bench motion` in this directory. Group names are
//! `precision/kind/query`; each benchmark runs the query over the whole
//! pool of 1024 pairs (the separated pools: distances and casts are asked
//! of apart pairs).
//!
//! Casts move B towards A (the velocity from B's origin to A's, of length
//! 1, `max_toi` the pair's distance between origins plus 4): most hit. Rays
//! start 4 units out from B's origin, aimed at it with a random offset of up
//! to 1, against B alone; point projections take the rays' aim points.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use parry_compare::{pool2, pool3, seed, Mix, Rng, POOL};

/// The 2D and 3D kinds timed here.
const KINDS2: [&str; 2] = ["box", "8gon"];
const KINDS3: [&str; 2] = ["box", "hull16"];

macro_rules! compare {
    ($fn_name:ident, $m:ident, $prec:literal, $t:ty) => {
        fn $fn_name(c: &mut Criterion) {
            use parry_compare::$m::*;
            for kind in KINDS2 {
                let pool = pool2(kind, Mix::Separated, seed(kind, Mix::Separated));
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
                let mut rng = Rng(7);
                let rays: Vec<([$t; 2], [$t; 2])> = ours
                    .iter()
                    .map(|(_, _, _, pb)| {
                        let (c, s) = rng.rational_cos_sin();
                        let (oc, os) = rng.rational_cos_sin();
                        let off = rng.range(0.0, 1.0);
                        let o = [
                            pb.translation.x as f64 + 4.0 * c,
                            pb.translation.y as f64 + 4.0 * s,
                        ];
                        let aim = [
                            pb.translation.x as f64 + off * oc,
                            pb.translation.y as f64 + off * os,
                        ];
                        (
                            [o[0] as $t, o[1] as $t],
                            [(aim[0] - o[0]) as $t, (aim[1] - o[1]) as $t],
                        )
                    })
                    .collect();
                let mut g = c.benchmark_group(format!("{}/2d-{kind}", $prec));
                g.throughput(Throughput::Elements(POOL as u64));
                g.bench_function("ours_distance", |bch| {
                    bch.iter(|| {
                        ours.iter()
                            .map(|(a, pa, b, pb)| {
                                separating_axis::distance(black_box(a), pa, b, pb)
                            })
                            .sum::<$t>()
                    })
                });
                g.bench_function("parry_distance", |bch| {
                    bch.iter(|| {
                        theirs
                            .iter()
                            .map(|(a, pa, b, pb)| {
                                parry2::query::distance(pa, black_box(a.as_ref()), pb, b.as_ref())
                                    .unwrap()
                                    .distance
                            })
                            .sum::<$t>()
                    })
                });
                g.bench_function("ours_cast_shapes", |bch| {
                    bch.iter(|| {
                        ours.iter()
                            .filter_map(|(a, pa, b, pb)| {
                                let d = pa.translation.vector - pb.translation.vector;
                                let v = d / d.norm();
                                separating_axis::cast_shapes(
                                    black_box(a),
                                    pa,
                                    &nalgebra::Vector2::zeros(),
                                    b,
                                    pb,
                                    &v,
                                    d.norm() + 4.0,
                                )
                            })
                            .count()
                    })
                });
                g.bench_function("parry_cast_shapes", |bch| {
                    bch.iter(|| {
                        theirs
                            .iter()
                            .filter_map(|(a, pa, b, pb)| {
                                let d = pa.translation - pb.translation;
                                let v = d / d.length();
                                parry2::query::cast_shapes(
                                    pa,
                                    parry2::Vector::ZERO,
                                    black_box(a.as_ref()),
                                    pb,
                                    v,
                                    b.as_ref(),
                                    parry2::query::ShapeCastOptions::with_max_time_of_impact(
                                        d.length() + 4.0,
                                    ),
                                )
                                .unwrap()
                            })
                            .count()
                    })
                });
                g.bench_function("ours_cast_ray", |bch| {
                    bch.iter(|| {
                        ours.iter()
                            .zip(&rays)
                            .filter_map(|((_, _, b, pb), (o, d))| {
                                let ray = separating_axis::Ray::new(
                                    nalgebra::Point2::new(o[0], o[1]),
                                    nalgebra::Vector2::new(d[0], d[1]),
                                );
                                separating_axis::cast_ray(black_box(b), pb, &ray, 10.0, true)
                            })
                            .count()
                    })
                });
                g.bench_function("parry_cast_ray", |bch| {
                    bch.iter(|| {
                        theirs
                            .iter()
                            .zip(&rays)
                            .filter_map(|((_, _, b, pb), (o, d))| {
                                let ray = parry2::query::Ray::new(
                                    parry2::Vector::new(o[0], o[1]),
                                    parry2::Vector::new(d[0], d[1]),
                                );
                                black_box(b.as_ref()).cast_ray(pb, &ray, 10.0, true)
                            })
                            .count()
                    })
                });
                // Point projections: the rays' aim points (within 1 of B's
                // origin: inside and outside), onto B's boundary.
                g.bench_function("ours_project_point", |bch| {
                    bch.iter(|| {
                        ours.iter()
                            .zip(&rays)
                            .map(|((_, _, b, pb), (o, d))| {
                                let q = nalgebra::Point2::new(o[0] + d[0], o[1] + d[1]);
                                separating_axis::project_point(black_box(b), pb, &q).distance
                            })
                            .sum::<$t>()
                    })
                });
                g.bench_function("parry_project_point", |bch| {
                    bch.iter(|| {
                        theirs
                            .iter()
                            .zip(&rays)
                            .map(|((_, _, b, pb), (o, d))| {
                                let q = parry2::Vector::new(o[0] + d[0], o[1] + d[1]);
                                black_box(b.as_ref()).project_point(pb, q, false).point.x
                            })
                            .sum::<$t>()
                    })
                });
                g.finish();
            }
            for kind in KINDS3 {
                let pool = pool3(kind, Mix::Separated, seed(kind, Mix::Separated));
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
                let mut g = c.benchmark_group(format!("{}/3d-{kind}", $prec));
                g.throughput(Throughput::Elements(POOL as u64));
                g.bench_function("ours_distance", |bch| {
                    bch.iter(|| {
                        ours.iter()
                            .map(|(a, pa, b, pb)| {
                                separating_axis::distance(black_box(a), pa, b, pb)
                            })
                            .sum::<$t>()
                    })
                });
                g.bench_function("parry_distance", |bch| {
                    bch.iter(|| {
                        theirs
                            .iter()
                            .map(|(a, pa, b, pb)| {
                                parry3::query::distance(pa, black_box(a.as_ref()), pb, b.as_ref())
                                    .unwrap()
                                    .distance
                            })
                            .sum::<$t>()
                    })
                });
                g.bench_function("ours_cast_shapes", |bch| {
                    bch.iter(|| {
                        ours.iter()
                            .filter_map(|(a, pa, b, pb)| {
                                let d = pa.translation.vector - pb.translation.vector;
                                let v = d / d.norm();
                                separating_axis::cast_shapes(
                                    black_box(a),
                                    pa,
                                    &nalgebra::Vector3::zeros(),
                                    b,
                                    pb,
                                    &v,
                                    d.norm() + 4.0,
                                )
                            })
                            .count()
                    })
                });
                g.bench_function("parry_cast_shapes", |bch| {
                    bch.iter(|| {
                        theirs
                            .iter()
                            .filter_map(|(a, pa, b, pb)| {
                                let d = pa.translation - pb.translation;
                                let v = d / d.length();
                                parry3::query::cast_shapes(
                                    pa,
                                    parry3::Vector::ZERO,
                                    black_box(a.as_ref()),
                                    pb,
                                    v,
                                    b.as_ref(),
                                    parry3::query::ShapeCastOptions::with_max_time_of_impact(
                                        d.length() + 4.0,
                                    ),
                                )
                                .unwrap()
                            })
                            .count()
                    })
                });
                // Point projections onto B: A's origin and the midpoint of
                // the origins (outside B, and inside or near it), as the
                // `count` binary's `project` cells.
                g.bench_function("ours_project_point", |bch| {
                    bch.iter(|| {
                        ours.iter()
                            .map(|(_, pa, b, pb)| {
                                let p = pa.translation.vector;
                                let m = (p + pb.translation.vector) * 0.5;
                                let b = black_box(b);
                                separating_axis::project_point(b, pb, &p.into()).distance
                                    + separating_axis::project_point(b, pb, &m.into()).distance
                            })
                            .sum::<$t>()
                    })
                });
                g.bench_function("parry_project_point", |bch| {
                    bch.iter(|| {
                        theirs
                            .iter()
                            .map(|(_, pa, b, pb)| {
                                let p = pa.translation;
                                let m = (p + pb.translation) * 0.5;
                                let b = black_box(b.as_ref());
                                b.project_point(pb, p, false).point.x
                                    + b.project_point(pb, m, false).point.x
                            })
                            .sum::<$t>()
                    })
                });
                g.finish();
            }
        }
    };
}

compare!(compare_f32, p32, "f32", f32);
compare!(compare_f64, p64, "f64", f64);

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_millis(900))
        .sample_size(20);
    targets = compare_f32, compare_f64
}
criterion_main!(benches);
