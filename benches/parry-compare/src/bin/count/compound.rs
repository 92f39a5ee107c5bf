//! The compound cells of `count` (`benches/compound.rs`'s pools, mixed,
//! in the pool's order only): the big compound against boxes or against
//! the small compound, ours and parry's.

use std::hint::black_box;

use super::run;

/// The compound cells (`benches/compound.rs`'s pools, mixed, in the
/// pool's order only): the big compound against boxes or against the small
/// compound.
pub(crate) const COMPOUND_KINDS: [&str; 2] = ["compound-box", "compound-compound"];

/// One compound cell in one precision (`$m`: `p32` or `p64`, `$t` its
/// scalar, `$pc` parry's 2D crate in it); the queries as
/// `benches/compound.rs` times them.
macro_rules! compound_cell {
    ($fn_name:ident, $m:ident, $t:ty, $pc:ident) => {
        pub(crate) fn $fn_name(kind: &str, query: &str, library: &str, reps: usize) -> usize {
            use parry_compare::$m::*;
            use separating_axis::{compound, AnyShape2, Compound, Pose2};
            let pool = parry_compare::compound_pool();
            let to_ours = |v: &[nalgebra::Point2<f64>]| {
                let v: Vec<nalgebra::Point2<$t>> = v.iter().map(|p| p.cast()).collect();
                AnyShape2::from(separating_axis::ConvexPolygon::new(&v).unwrap())
            };
            let to_parry = |v: &[nalgebra::Point2<f64>]| {
                parry2::SharedShape::new(
                    parry2::ConvexPolygon::from_convex_polyline(
                        v.iter()
                            .map(|p| parry2::Vector::new(p.x as $t, p.y as $t))
                            .collect(),
                    )
                    .unwrap(),
                )
            };
            let ours_compound = |parts: &[Vec<nalgebra::Point2<f64>>]| {
                Compound::new(
                    parts
                        .iter()
                        .map(|v| (Pose2::identity(), to_ours(v)))
                        .collect(),
                )
                .unwrap()
            };
            let parry_compound = |parts: &[Vec<nalgebra::Point2<f64>>]| {
                $pc::shape::Compound::new(
                    parts
                        .iter()
                        .map(|v| (parry_pose2(&[0.0, 0.0, 0.0]), to_parry(v)))
                        .collect(),
                )
            };
            let boxes = kind == "compound-box";
            let poses = if boxes {
                &pool.box_poses
            } else {
                &pool.pair_poses
            };
            if library == "ours" {
                let big = ours_compound(&pool.big);
                let small = ours_compound(&pool.small);
                let id = our_pose2(&[0.0, 0.0, 0.0]);
                let others: Vec<_> = pool
                    .boxes
                    .iter()
                    .zip(poses.iter())
                    .map(|(h, p)| (ours2(&parry_compare::Shape2::Box(*h)), our_pose2(p)))
                    .collect();
                let small_poses: Vec<_> = poses.iter().map(our_pose2).collect();
                match (boxes, query) {
                    (true, "intersects") => run(reps, || {
                        others
                            .iter()
                            .filter(|(b, p)| compound::intersects(black_box(&big), &id, b, p))
                            .count()
                    }),
                    (true, _) => run(reps, || {
                        others
                            .iter()
                            .filter_map(|(b, p)| compound::penetration(black_box(&big), &id, b, p))
                            .count()
                    }),
                    (false, "intersects") => run(reps, || {
                        small_poses
                            .iter()
                            .filter(|p| compound::intersects(black_box(&big), &id, &small, p))
                            .count()
                    }),
                    (false, _) => run(reps, || {
                        small_poses
                            .iter()
                            .filter_map(|p| compound::penetration(black_box(&big), &id, &small, p))
                            .count()
                    }),
                }
            } else {
                let big = parry_compound(&pool.big);
                let small = parry_compound(&pool.small);
                let id = parry_pose2(&[0.0, 0.0, 0.0]);
                let others: Vec<_> = pool
                    .boxes
                    .iter()
                    .zip(poses.iter())
                    .map(|(h, p)| {
                        (
                            parry2::Cuboid::new(parry2::Vector::new(h[0] as $t, h[1] as $t)),
                            parry_pose2(p),
                        )
                    })
                    .collect();
                let small_poses: Vec<_> = poses.iter().map(parry_pose2).collect();
                match (boxes, query) {
                    (true, "intersects") => run(reps, || {
                        others
                            .iter()
                            .filter(|(b, p)| {
                                parry2::query::intersection_test(&id, black_box(&big), p, b)
                                    .unwrap()
                                    .intersecting
                            })
                            .count()
                    }),
                    (true, _) => run(reps, || {
                        others
                            .iter()
                            .filter_map(|(b, p)| {
                                parry2::query::contact(&id, black_box(&big), p, b, 0.0).unwrap()
                            })
                            .count()
                    }),
                    (false, "intersects") => run(reps, || {
                        small_poses
                            .iter()
                            .filter(|p| {
                                parry2::query::intersection_test(&id, black_box(&big), p, &small)
                                    .unwrap()
                                    .intersecting
                            })
                            .count()
                    }),
                    (false, _) => run(reps, || {
                        small_poses
                            .iter()
                            .filter_map(|p| {
                                parry2::query::contact(&id, black_box(&big), p, &small, 0.0)
                                    .unwrap()
                            })
                            .count()
                    }),
                }
            }
        }
    };
}

compound_cell!(compound_f32, p32, f32, parry2d);
compound_cell!(compound_f64, p64, f64, parry2d_f64);
