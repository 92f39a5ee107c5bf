//! Compounds, separating-axis against parry, in one process, in f32 and
//! f64: `cargo bench --bench compound` in this directory.
//!
//! The same parts on both sides: a random star-shaped polygon of 48
//! vertices (radius up to 4) decomposed by our `ConcavePolygon` (ear
//! clipping and Hertel–Mehlhorn), its convex pieces handed to parry's
//! `Compound` as `ConvexPolygon`s and kept as ours. Two pools of 1024
//! poses, converted before timing: boxes (half extents 0.3–0.8) and a
//! second compound (a 24-vertex star of radius up to 1.5, decomposed the
//! same way), centred uniformly in a disc of radius 5 at random angles.
//! Each benchmark runs the query over the whole pool. Ours:
//! `compound::intersects` and `compound::penetration` (the deepest part
//! pair); parry's: `query::intersection_test` and `query::contact` (the
//! deepest contact over its parts) with its default dispatcher.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use nalgebra::Point2;
use parry_compare::{compound_pool, POOL};

macro_rules! compare {
    ($fn_name:ident, $m:ident, $t:ty, $prec:literal, $pc:ident) => {
        fn $fn_name(c: &mut Criterion) {
            use parry_compare::$m::*;
            use separating_axis::{compound, AnyShape2, Compound, Pose2};
            let pool = compound_pool();
            let (big, small) = (&pool.big, &pool.small);
            let ours_compound = |parts: &[Vec<Point2<f64>>]| {
                Compound::new(
                    parts
                        .iter()
                        .map(|v| {
                            let v: Vec<Point2<$t>> = v.iter().map(|p| p.cast()).collect();
                            (
                                Pose2::identity(),
                                AnyShape2::from(separating_axis::ConvexPolygon::new(&v).unwrap()),
                            )
                        })
                        .collect(),
                )
                .unwrap()
            };
            let parry_compound = |parts: &[Vec<Point2<f64>>]| {
                $pc::shape::Compound::new(
                    parts
                        .iter()
                        .map(|v| {
                            (
                                parry_pose2(&[0.0, 0.0, 0.0]),
                                parry2::SharedShape::new(
                                    parry2::ConvexPolygon::from_convex_polyline(
                                        v.iter()
                                            .map(|p| parry2::Vector::new(p.x as $t, p.y as $t))
                                            .collect(),
                                    )
                                    .unwrap(),
                                ),
                            )
                        })
                        .collect(),
                )
            };
            let (ours_big, ours_small) = (ours_compound(big), ours_compound(small));
            let (theirs_big, theirs_small) = (parry_compound(big), parry_compound(small));
            let id = our_pose2(&[0.0, 0.0, 0.0]);
            let their_id = parry_pose2(&[0.0, 0.0, 0.0]);
            let (boxes, box_poses) = (&pool.boxes, &pool.box_poses);
            let ours_boxes: Vec<_> = boxes
                .iter()
                .zip(box_poses.iter())
                .map(|(h, p)| (ours2(&parry_compare::Shape2::Box(*h)), our_pose2(p)))
                .collect();
            let theirs_boxes: Vec<_> = boxes
                .iter()
                .zip(box_poses.iter())
                .map(|(h, p)| (parry2::Cuboid::new(parry2::Vector::new(h[0] as $t, h[1] as $t)), parry_pose2(p)))
                .collect();
            let pair_poses = &pool.pair_poses;
            let ours_pairs: Vec<_> = pair_poses.iter().map(our_pose2).collect();
            let theirs_pairs: Vec<_> = pair_poses.iter().map(parry_pose2).collect();
            // Agreement on the verdicts, printed once.
            let ours_hits = ours_boxes.iter().filter(|(b, p)| compound::intersects(&ours_big, &id, b, p)).count();
            let theirs_hits = theirs_boxes
                .iter()
                .filter(|(b, p)| $pc::query::intersection_test(&their_id, &theirs_big, p, b).unwrap().intersecting)
                .count();
            let ours_cc = ours_pairs.iter().filter(|p| compound::intersects(&ours_big, &id, &ours_small, p)).count();
            let theirs_cc = theirs_pairs
                .iter()
                .filter(|p| $pc::query::intersection_test(&their_id, &theirs_big, p, &theirs_small).unwrap().intersecting)
                .count();
            println!(
                "{}: {} + {} parts; compound-box overlaps ours {ours_hits}, parry {theirs_hits}; compound-compound ours {ours_cc}, parry {theirs_cc} (of {POOL})",
                $prec,
                big.len(),
                small.len()
            );

            let mut g = c.benchmark_group(format!("{}/2d-compound-box/mixed", $prec));
            g.throughput(Throughput::Elements(POOL as u64));
            g.bench_function("ours_intersects", |bch| {
                bch.iter(|| ours_boxes.iter().filter(|(b, p)| compound::intersects(black_box(&ours_big), &id, b, p)).count())
            });
            g.bench_function("ours_penetration", |bch| {
                bch.iter(|| ours_boxes.iter().filter_map(|(b, p)| compound::penetration(black_box(&ours_big), &id, b, p)).count())
            });
            g.bench_function("parry_intersection_test", |bch| {
                bch.iter(|| {
                    theirs_boxes
                        .iter()
                        .filter(|(b, p)| $pc::query::intersection_test(&their_id, black_box(&theirs_big), p, b).unwrap().intersecting)
                        .count()
                })
            });
            g.bench_function("parry_contact", |bch| {
                bch.iter(|| {
                    theirs_boxes
                        .iter()
                        .filter_map(|(b, p)| $pc::query::contact(&their_id, black_box(&theirs_big), p, b, 0.0).unwrap())
                        .count()
                })
            });
            g.finish();

            let mut g = c.benchmark_group(format!("{}/2d-compound-compound/mixed", $prec));
            g.throughput(Throughput::Elements(POOL as u64));
            g.bench_function("ours_intersects", |bch| {
                bch.iter(|| ours_pairs.iter().filter(|p| compound::intersects(black_box(&ours_big), &id, &ours_small, p)).count())
            });
            g.bench_function("ours_penetration", |bch| {
                bch.iter(|| ours_pairs.iter().filter_map(|p| compound::penetration(black_box(&ours_big), &id, &ours_small, p)).count())
            });
            g.bench_function("parry_intersection_test", |bch| {
                bch.iter(|| {
                    theirs_pairs
                        .iter()
                        .filter(|p| $pc::query::intersection_test(&their_id, black_box(&theirs_big), p, &theirs_small).unwrap().intersecting)
                        .count()
                })
            });
            g.bench_function("parry_contact", |bch| {
                bch.iter(|| {
                    theirs_pairs
                        .iter()
                        .filter_map(|p| $pc::query::contact(&their_id, black_box(&theirs_big), p, &theirs_small, 0.0).unwrap())
                        .count()
                })
            });
            g.finish();
        }
    };
}

compare!(compound_f32, p32, f32, "f32", parry2d);
compare!(compound_f64, p64, f64, "f64", parry2d_f64);

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_millis(900))
        .sample_size(20);
    targets = compound_f32, compound_f64
}
criterion_main!(benches);
