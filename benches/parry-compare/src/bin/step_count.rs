//! The broad-phase step of `benches/broad_phase.rs` (`step/<lib>/<mix>`),
//! for callgrind and for a wall-time comparison in one process.
//!
//! ```text
//! step_count <ours|parry> [steps] [mix] [n]   steps of 1% moving, the
//!     pair update alone inside `measured` (ours: `update_pairs`; parry:
//!     `refit_partial` + the change-detecting self-traversal), the new
//!     boxes given outside it
//! step_count timed [rounds] [mix] [n]         alternating rounds of 10
//!     steps of each library, whole steps (boxes, updates, pairs) timed;
//!     prints the medians and quartiles in ms per step
//! ```
//!
//! `valgrind --tool=callgrind --cache-sim=yes --toggle-collect='*step_count::measured*'
//! ./target/release/step_count ours 20` and divide by the moved bodies
//! (1% of `n` per step). Defaults: 20 steps (61 rounds), boxes, 100 000.

use std::hint::black_box;
use std::time::Instant;

use parry3d_f64::bounding_volume::Aabb as ParryAabb;
use parry3d_f64::partitioning::{Bvh, BvhBuildStrategy, BvhWorkspace};
use parry_compare::p64::{our_pose3, ours3, parry3, parry_pose3, parry_shape3, Ours3};
use parry_compare::{scene3, Rng};
use separating_axis::{shape_aabb, BroadPhase, Handle};

type Poses = Vec<([f64; 3], [f64; 4])>;

/// Moves the next 1% of the bodies, as the bench does; returns them.
fn advance(poses: &mut Poses, rng: &mut Rng, next: &mut usize, moved: &mut Vec<u32>) {
    moved.clear();
    let n = poses.len();
    for _ in 0..n.div_ceil(100) {
        for x in &mut poses[*next].0 {
            *x += rng.signed_unit() * 0.05;
        }
        moved.push(*next as u32);
        *next = (*next + 1) % n;
    }
}

/// Our side: the world, its handles, the motion.
struct Ours {
    shapes: Vec<Ours3>,
    poses: Poses,
    world: BroadPhase<f64, 3>,
    handles: Vec<Handle>,
    rng: Rng,
    next: usize,
    moved: Vec<u32>,
}

impl Ours {
    fn new(shapes: &[parry_compare::Shape3], poses: &Poses) -> Self {
        let shapes: Vec<Ours3> = shapes.iter().map(ours3).collect();
        let mut world = BroadPhase::new();
        let handles = (0..shapes.len())
            .map(|i| world.insert(&shape_aabb(&shapes[i], &our_pose3(&poses[i])).expect("finite")))
            .collect();
        world.update_pairs();
        Self {
            shapes,
            poses: poses.clone(),
            world,
            handles,
            rng: Rng::new(5),
            next: 0,
            moved: Vec::new(),
        }
    }

    /// Moves the bodies and gives the broad phase their new boxes.
    fn move_bodies(&mut self) {
        advance(
            &mut self.poses,
            &mut self.rng,
            &mut self.next,
            &mut self.moved,
        );
        for &i in &self.moved {
            let i = i as usize;
            let x = shape_aabb(&self.shapes[i], &our_pose3(&self.poses[i])).expect("finite");
            self.world.update(self.handles[i], &x).expect("live");
        }
    }
}

/// parry's side, as the bench drives it.
struct Theirs {
    shapes: Vec<parry3::SharedShape>,
    poses: Poses,
    bvh: Bvh,
    ws: BvhWorkspace,
    out: Vec<(u32, u32)>,
    previous: Vec<u32>,
    rng: Rng,
    next: usize,
    moved: Vec<u32>,
}

impl Theirs {
    fn new(shapes: &[parry_compare::Shape3], poses: &Poses) -> Self {
        let shapes: Vec<_> = shapes.iter().map(parry_shape3).collect();
        let leaves: Vec<ParryAabb> = (0..shapes.len())
            .map(|i| shapes[i].compute_aabb(&parry_pose3(&poses[i])))
            .collect();
        Self {
            shapes,
            poses: poses.clone(),
            bvh: Bvh::from_leaves(BvhBuildStrategy::Binned, &leaves),
            ws: BvhWorkspace::default(),
            out: Vec::new(),
            // `from_leaves` leaves every leaf flagged as changed, and
            // `refit_partial` clears only the flags of the leaves listed
            // as previously changed: without listing them all once, every
            // step reports every pair.
            previous: (0..u32::try_from(poses.len()).expect("u32")).collect(),
            rng: Rng::new(5),
            next: 0,
            moved: Vec::new(),
        }
    }

    /// Moves the bodies and gives the tree their new boxes (the bench's
    /// margin, 1e-9).
    fn move_bodies(&mut self) {
        advance(
            &mut self.poses,
            &mut self.rng,
            &mut self.next,
            &mut self.moved,
        );
        for &i in &self.moved {
            let x = self.shapes[i as usize].compute_aabb(&parry_pose3(&self.poses[i as usize]));
            let _ = self.bvh.insert_or_update_partially(x, i, 1e-9);
        }
    }

    /// Refit and the change-detecting traversal.
    fn pairs(&mut self) -> usize {
        self.bvh.refit_partial(&self.previous, &self.moved);
        self.previous.clone_from(&self.moved);
        self.out.clear();
        let out = &mut self.out;
        self.bvh
            .traverse_bvtt_single_tree::<true>(&mut self.ws, &mut |x, y| out.push((x, y)));
        self.out.len()
    }
}

/// The measured region.
#[inline(never)]
fn measured(update: &mut dyn FnMut() -> usize) -> usize {
    update()
}

fn median_and_quartiles(v: &mut [f64]) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    (v[n / 2], v[n / 4], v[3 * n / 4])
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let lib = args.first().map_or("ours", String::as_str);
    let count: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mix = args.get(2).map_or("boxes", String::as_str);
    let n: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let (shapes, poses) = scene3(n, mix);
    match lib {
        "ours" => {
            let steps = if count == 0 { 20 } else { count };
            let mut o = Ours::new(&shapes, &poses);
            let mut refreshed = 0;
            for _ in 0..steps {
                o.move_bodies();
                refreshed += measured(&mut || o.world.update_pairs().refreshed.len());
            }
            println!("ours: {steps} steps, {refreshed} refreshed pairs");
        }
        "parry" => {
            let steps = if count == 0 { 20 } else { count };
            let mut t = Theirs::new(&shapes, &poses);
            // One step outside the measured region (the first refit).
            t.move_bodies();
            t.pairs();
            let mut reported = 0;
            for _ in 0..steps {
                t.move_bodies();
                reported += measured(&mut || t.pairs());
            }
            println!("parry: {steps} steps, {reported} reported pairs");
        }
        _ => {
            let rounds = if count == 0 { 61 } else { count };
            let mut o = Ours::new(&shapes, &poses);
            let mut t = Theirs::new(&shapes, &poses);
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            for round in 0..rounds {
                let start = Instant::now();
                for _ in 0..10 {
                    o.move_bodies();
                    black_box(o.world.update_pairs().refreshed.len());
                }
                let a = start.elapsed().as_secs_f64() * 100.0;
                let start = Instant::now();
                for _ in 0..10 {
                    t.move_bodies();
                    black_box(t.pairs());
                }
                let b = start.elapsed().as_secs_f64() * 100.0;
                if round > 0 {
                    ours.push(a);
                    theirs.push(b);
                }
            }
            let (mo, o1, o3) = median_and_quartiles(&mut ours);
            let (mt, t1, t3) = median_and_quartiles(&mut theirs);
            println!(
                "ms per step, medians of {} rounds of 10: ours {mo:.3} ({o1:.3}-{o3:.3}), \
                 parry {mt:.3} ({t1:.3}-{t3:.3}), parry/ours {:.2}",
                ours.len(),
                mt / mo
            );
        }
    }
}
