//! The integration tests, in one test crate (one binary to link): each file
//! `tests/<name>.rs` is the module `<name>` below, so a test is cited as
//! `tests/<name>.rs::<test>` and run by name as `cargo test <name>::`.
//! Shared helpers live in `tests/support/`.
//!
//! `no_alloc` is in this crate too: its counting allocator counts the
//! allocations of the current thread only, so the tests running on other
//! threads do not disturb it (`tests/no_alloc.rs`).

mod support;

mod batch;
/// `examples/custom_shape.rs`, whose shapes `custom_shapes` tests.
#[allow(
    dead_code,
    reason = "the example's `main` runs as an example, not here"
)]
#[path = "../examples/custom_shape.rs"]
mod custom_shape_example;
mod determinism;

mod bounds;
mod box_capsule_path;
mod box_cast_entry;
mod box_precision;
mod box_sat_bits;
mod boxes_2d;
mod boxes_3d;
mod broad_phase;
mod cast_limits;
mod casts;
mod coherence_margins;
mod compound;
mod concave;
mod consistency;
mod containment;
mod custom_shapes;
mod distance;
mod distance_boxes;
mod distance_boxes3;
mod distance_only_boxes;
mod distance_polygon_ball;
mod distance_polygons;
mod distance_sat_gap;
mod doc_citations;
mod doc_examples;
mod dyn_shapes;
mod ecosystem;
mod errors;
mod exact_cases;
mod figures;
mod fuzz;
mod golden;
mod hull_pairs;
mod hull_walk_bits;
mod layers;
mod manifolds_2d;
mod manifolds_3d;
mod manifolds_box;
mod manifolds_box2_clip;
mod manifolds_gate;
mod manifolds_ids;
mod manifolds_into;
mod manifolds_recycle;
mod manifolds_resting;
mod manifolds_round;
mod manifolds_speculative;
mod many_dimensions;
mod nan;
mod no_alloc;
mod non_finite;
mod oracle_2d;
mod polygon_ball;
mod polygon_bits;
mod polygon_box;
mod polygon_cast_entry;
mod polygon_robustness;
mod polyhedra_3d;
mod polyhedron;
mod projection_paths;
mod projection_round;
mod proof_gauss;
mod proof_near_parallel;
mod proof_round;
mod properties_2d;
mod properties_3d;
mod range;
mod ray_ball;
mod ray_ball_world;
mod ray_box_paths;
mod ray_cast;
mod ray_toi;
mod round_shapes;
mod sat_cache;
mod seams;
#[cfg(feature = "serde")]
mod serde_round_trip;
mod tie_normals;
mod traps;
