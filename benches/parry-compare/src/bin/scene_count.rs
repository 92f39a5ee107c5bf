//! The batch narrow phase of the broad-phase scene, for callgrind: every
//! broad-phase pair of one kind (or all) through `intersects`, ours or
//! parry's, inside one `#[inline(never)]` function ([`measured`]).
//!
//! ```text
//! scene_count <boxes|mixed> <ours|plain|parry> [class] [n]
//!   plain  ours as a loop of `intersects`, without the batch's reading
//!          ahead
//!   class  all (default) | box-box | box-hull | box-capsule | hull-hull |
//!          hull-capsule | capsule-capsule
//! ```
//!
//! `valgrind --tool=callgrind --toggle-collect='*scene_count::measured*'`
//! and divide the instructions by the printed `queries`.

use std::hint::black_box;

use parry_compare::p64::{our_pose3, ours3, parry3, parry_pose3, parry_shape3};
use parry_compare::{scene3, Shape3};
use separating_axis::{batch, shape_aabb, BroadPhase, Handle};

fn kind(s: &Shape3) -> &'static str {
    match s {
        Shape3::Box(_) => "box",
        Shape3::Hull(_) | Shape3::Polyhedron(_) => "hull",
        Shape3::Capsule(_) => "capsule",
    }
}

/// The measured region.
#[inline(never)]
fn measured(query: &mut dyn FnMut() -> usize) -> usize {
    query()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mix = args.first().map_or("mixed", String::as_str);
    let lib = args.get(1).map_or("ours", String::as_str);
    let class = args.get(2).map_or("all", String::as_str);
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let (shapes, poses) = scene3(n, mix);
    let ours: Vec<_> = shapes.iter().map(ours3).collect();
    let our_poses: Vec<_> = poses.iter().map(our_pose3).collect();
    let mut world = BroadPhase::new();
    for (s, p) in ours.iter().zip(&our_poses) {
        world.insert(&shape_aabb(s, p).expect("finite"));
    }
    world.update_pairs();
    let mut pairs = Vec::new();
    world.current_pairs(&mut pairs);
    pairs.retain(|&(a, b): &(Handle, Handle)| {
        let (ka, kb) = (kind(&shapes[a.index()]), kind(&shapes[b.index()]));
        class == "all" || class == format!("{ka}-{kb}") || class == format!("{kb}-{ka}")
    });
    let body = |h: Handle| (&ours[h.index()], &our_poses[h.index()]);
    let hits = if lib == "ours" {
        let mut out = Vec::new();
        batch::intersects(&pairs, body, &mut out);
        measured(&mut || {
            batch::intersects(&pairs, body, &mut out);
            out.iter().filter(|&&x| x).count()
        })
    } else if lib == "plain" {
        let mut run = || {
            pairs
                .iter()
                .filter(|&&(a, b)| {
                    let ((sa, pa), (sb, pb)) = (body(a), body(b));
                    separating_axis::intersects(sa, pa, sb, pb)
                })
                .count()
        };
        run();
        measured(&mut run)
    } else {
        let theirs: Vec<_> = shapes.iter().map(parry_shape3).collect();
        let parry_poses: Vec<_> = poses.iter().map(parry_pose3).collect();
        let mut run = || {
            pairs
                .iter()
                .filter(|&&(a, b)| {
                    let (a, b) = (a.index(), b.index());
                    parry3::query::intersection_test(
                        &parry_poses[a],
                        &*theirs[a],
                        &parry_poses[b],
                        &*theirs[b],
                    )
                    .expect("supported pair")
                    .intersecting
                })
                .count()
        };
        run();
        measured(&mut run)
    };
    println!("hits={} queries={}", black_box(hits), pairs.len());
}
