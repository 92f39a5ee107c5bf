//! A pile: a few thousand bodies fall into a box, in 2D and in 3D, kept
//! apart by positional resolution along the MTV (the static resolution of
//! source note 000, done with the exact minimum translation rather than
//! the centre-to-centre line). No velocities, no rotation: each step the
//! free bodies drop by a fixed distance, then a few rounds of
//!
//! ```text
//! boxes of the moved bodies → BroadPhase::update_pairs   (the kept pair set)
//! batch::penetration on every pair                       (par_penetration with rayon)
//! the overlapping pairs, lowest first, one after the other on the current
//!     poses: push the bodies apart along the normal by the depth, half
//!     each, or all of it onto the free body against a wall
//! ```
//!
//! Prints figures every 50 steps, and writes `pile.svg` (the 2D end
//! state). `cargo run --release --example pile [-- <2D bodies> <3D bodies>]`
//! (defaults 2000 and 1500; add `--features rayon` for the parallel batch).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::time::Instant;

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    batch, contact_manifold, contact_manifold_recycled, penetration, shape_aabb, AnyShape,
    AnyShape2, AnyShape3, Ball, BroadPhase, ContactCache, ConvexPolygon, ConvexPolyhedron, Handle,
    Manifold, Obb, Penetration, Pose, Pose2, Pose3, Shape,
};

/// A small deterministic generator (SplitMix64), so that every run draws
/// the same pile.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }

    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
}

/// The contact margin of the manifolds `coherence` measures.
const MARGIN: f64 = 0.02;
/// The motion bound of their recycling (a tenth of the smallest body's
/// half size).
const MAX_RECYCLE: f64 = 0.03;

/// Rounds of resolution per step.
const ROUNDS: usize = 4;
/// Gravity: the fall speed a free body gains per step.
const GRAVITY: f64 = 0.01;
/// The largest distance a body moves in one step (less than the smallest
/// body's half size, so that nothing passes through another in a step).
const MAX_MOVE: f64 = 0.15;

/// A world of `N` dimensions: the shapes, their poses, which ones are
/// fixed (the container), the broad phase, and the scratch of a step.
struct World<const N: usize>
where
    nalgebra::Const<N>: separating_axis::PolytopeDim<f64, N>,
{
    shapes: Vec<AnyShape<f64, N>>,
    poses: Vec<Pose<f64, N>>,
    fixed: Vec<bool>,
    broad: BroadPhase<f64, N>,
    handles: Vec<Handle>,
    pairs: Vec<(Handle, Handle)>,
    contacts: Vec<Option<Penetration<f64, N>>>,
    order: Vec<(f64, usize)>,
    /// Each body's position before the current step.
    last: Vec<nalgebra::SVector<f64, N>>,
}

/// What one step measured.
struct Figures {
    pairs: usize,
    overlapping: usize,
    max_depth: f64,
}

impl<const N: usize> World<N>
where
    nalgebra::Const<N>: separating_axis::PolytopeDim<f64, N>,
    AnyShape<f64, N>: Shape<f64, N> + Sync,
{
    fn new(bodies: Vec<(AnyShape<f64, N>, Pose<f64, N>, bool)>) -> Self {
        let mut world = Self {
            shapes: Vec::new(),
            poses: Vec::new(),
            fixed: Vec::new(),
            broad: BroadPhase::new(),
            handles: Vec::new(),
            pairs: Vec::new(),
            contacts: Vec::new(),
            order: Vec::new(),
            last: Vec::new(),
        };
        for (shape, pose, fixed) in bodies {
            let bounds = shape_aabb(&shape, &pose).expect("finite poses");
            world.handles.push(world.broad.insert(&bounds));
            world.shapes.push(shape);
            world.poses.push(pose);
            world.fixed.push(fixed);
        }
        world.last = world.poses.iter().map(|p| p.translation.vector).collect();
        world
    }

    /// One step: every free body keeps the motion of its last step
    /// (Verlet: the velocity is what the last step moved it, resolution
    /// included), gains `GRAVITY` along the last axis, then `ROUNDS`
    /// rounds of resolution; returns the overlaps left after them.
    fn step(&mut self) -> Figures {
        for ((pose, last), &fixed) in self.poses.iter_mut().zip(&mut self.last).zip(&self.fixed) {
            if !fixed {
                let mut v = pose.translation.vector - *last;
                v[N - 1] -= GRAVITY;
                let speed = v.norm();
                if speed > MAX_MOVE {
                    v *= MAX_MOVE / speed;
                }
                *last = pose.translation.vector;
                pose.translation.vector += v;
            }
        }
        let mut figures = Figures {
            pairs: 0,
            overlapping: 0,
            max_depth: 0.0,
        };
        for round in 0..ROUNDS {
            for (i, &fixed) in self.fixed.iter().enumerate() {
                if !fixed {
                    let bounds = shape_aabb(&self.shapes[i], &self.poses[i]).expect("finite");
                    self.broad.update(self.handles[i], &bounds).expect("live");
                }
            }
            // Every free body moved, so the refreshed pairs are all the
            // pairs with a free body (the walls' own pairs left out).
            self.pairs.clear();
            self.pairs
                .extend_from_slice(self.broad.update_pairs().refreshed);
            let (shapes, poses) = (&self.shapes, &self.poses);
            let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
            #[cfg(feature = "rayon")]
            batch::par_penetration(&self.pairs, body, &mut self.contacts);
            #[cfg(not(feature = "rayon"))]
            batch::penetration(&self.pairs, body, &mut self.contacts);
            // The overlapping pairs, lowest first, resolved one after the
            // other on the current poses (Gauss–Seidel): a push made low
            // in the pile reaches the bodies above it in the same round.
            self.order.clear();
            for (k, (&(a, b), contact)) in self.pairs.iter().zip(&self.contacts).enumerate() {
                let (a, b) = (a.index(), b.index());
                if contact.is_some() && !(self.fixed[a] && self.fixed[b]) {
                    let low = self.poses[a].translation.vector[N - 1]
                        .min(self.poses[b].translation.vector[N - 1]);
                    self.order.push((low, k));
                }
            }
            self.order.sort_by(|x, y| x.0.total_cmp(&y.0));
            for &(_, k) in &self.order {
                let (a, b) = (self.pairs[k].0.index(), self.pairs[k].1.index());
                let (sa, sb) = (&self.shapes[a], &self.shapes[b]);
                let Some(p) = penetration(sa, &self.poses[a], sb, &self.poses[b]) else {
                    continue; // already pushed apart by an earlier pair
                };
                let d = p.normal.into_inner() * p.depth;
                match (self.fixed[a], self.fixed[b]) {
                    (true, _) => self.poses[b].translation.vector += d,
                    (_, true) => self.poses[a].translation.vector -= d,
                    _ => {
                        self.poses[a].translation.vector -= d * 0.5;
                        self.poses[b].translation.vector += d * 0.5;
                    }
                }
            }
            if round == 0 {
                figures.pairs = self.pairs.len();
            }
        }
        // What is left after the rounds.
        let (shapes, poses) = (&self.shapes, &self.poses);
        let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
        batch::penetration(&self.pairs, body, &mut self.contacts);
        for (&(a, b), contact) in self.pairs.iter().zip(&self.contacts) {
            if let Some(p) = contact
                && !(self.fixed[a.index()] && self.fixed[b.index()])
            {
                figures.overlapping += 1;
                figures.max_depth = figures.max_depth.max(p.depth);
            }
        }
        figures
    }

    /// The narrow phase of the resting pile with and without contact
    /// recycling: for `steps` more steps, every pair's contact manifold
    /// (margin `MARGIN`) computed in full, then through a per-pair
    /// `ContactCache` (motion bound `MAX_RECYCLE`), each timed over all
    /// pairs; the verdicts (touching or not) must agree on every pair.
    /// Prints the time of each per step, the speedup, the share of pairs
    /// refreshed and the largest gap between the two deepest separations.
    /// With `moving` false the bodies stay where they are (the pile at
    /// rest: the best case, every kept manifold refreshed with no motion).
    fn coherence(&mut self, label: &str, steps: usize, moving: bool)
    where
        nalgebra::Const<N>: separating_axis::ContactDim<f64, N>,
    {
        // Each pair's cache, found before the clock starts (an engine keeps
        // it in its contact graph, next to the pair).
        let mut slot_of: HashMap<(usize, usize), usize> = HashMap::new();
        let mut caches: Vec<ContactCache<f64, N>> = Vec::new();
        let (mut full, mut recycled) = (0.0, 0.0);
        let (mut calls, mut reused, mut worst) = (0usize, 0usize, 0.0f64);
        let mut exact: Vec<Manifold<f64, N>> = Vec::new();
        let mut slots: Vec<usize> = Vec::new();
        let mut deepest = Vec::new();
        // Warm: each pair's manifold of the step before, kept (an engine's
        // caches come from its previous steps).
        for &(a, b) in &self.pairs {
            let key = (a.index(), b.index());
            let slot = *slot_of.entry(key).or_insert(caches.len());
            if slot == caches.len() {
                caches.push(ContactCache::new(MAX_RECYCLE));
            }
            let (x, y) = (&self.shapes, &self.poses);
            let _ = contact_manifold_recycled(
                &x[key.0],
                &y[key.0],
                &x[key.1],
                &y[key.1],
                MARGIN,
                &mut caches[slot],
            );
        }
        for _ in 0..steps {
            if moving {
                self.step();
            }
            let (shapes, poses) = (&self.shapes, &self.poses);
            let pairs: Vec<(usize, usize)> = self
                .pairs
                .iter()
                .map(|&(a, b)| (a.index(), b.index()))
                .collect();
            slots.clear();
            for &key in &pairs {
                let next = caches.len();
                let slot = *slot_of.entry(key).or_insert(next);
                if slot == next {
                    caches.push(ContactCache::new(MAX_RECYCLE));
                }
                slots.push(slot);
            }
            let start = Instant::now();
            exact.clear();
            exact.extend(pairs.iter().map(|&(a, b)| {
                contact_manifold(&shapes[a], &poses[a], &shapes[b], &poses[b], MARGIN)
            }));
            full += start.elapsed().as_secs_f64();
            let start = Instant::now();
            deepest.clear();
            for (&(a, b), &slot) in pairs.iter().zip(&slots) {
                let cache = &mut caches[slot];
                let m = contact_manifold_recycled(
                    &shapes[a], &poses[a], &shapes[b], &poses[b], MARGIN, cache,
                );
                deepest.push((m.deepest().map(|p| p.separation), cache.reused()));
            }
            recycled += start.elapsed().as_secs_f64();
            for (e, &(d, r)) in exact.iter().zip(&deepest) {
                let de = e.deepest().map(|p| p.separation);
                let touch = |s: Option<f64>| s.is_some_and(|s| s <= 0.0);
                assert_eq!(touch(de), touch(d), "recycling changed a verdict");
                if let (Some(x), Some(y)) = (de, d) {
                    worst = worst.max((x - y).abs());
                }
                calls += 1;
                reused += usize::from(r);
            }
        }
        println!(
            "  {label} narrow phase, {steps} steps: full {:.3} ms a step, recycled {:.3} ms ({:.1}x); \
             {:.0}% of {} pair queries refreshed, deepest within {:.1e}",
            full * 1e3 / steps as f64,
            recycled * 1e3 / steps as f64,
            full / recycled,
            100.0 * reused as f64 / calls.max(1) as f64,
            calls,
            worst
        );
    }

    fn run(&mut self, label: &str, steps: usize) {
        let free = self.fixed.iter().filter(|&&f| !f).count();
        println!("{label}: {free} falling bodies, {steps} steps of {ROUNDS} rounds");
        println!("  step | pairs  | overlapping after | deepest after | ms per step");
        let start = Instant::now();
        let mut last = Instant::now();
        for step in 1..=steps {
            let f = self.step();
            if step % 50 == 0 || step == 1 {
                let ms = last.elapsed().as_secs_f64() * 1e3 / if step == 1 { 1.0 } else { 50.0 };
                println!(
                    "  {step:>4} | {:>6} | {:>17} | {:>13.4} | {ms:>8.2}",
                    f.pairs, f.overlapping, f.max_depth
                );
                last = Instant::now();
            }
        }
        println!("  {:.2} s in all", start.elapsed().as_secs_f64());
    }
}

/// The 2D pile: a box of width 60 with walls, boxes, polygons and
/// circles of size 0.3–0.7 dropped from a grid above it.
fn pile_2d(count: usize) -> World<2> {
    let mut rng = Rng(2);
    let wall = |x: f64, y: f64, hx: f64, hy: f64| -> (AnyShape2<f64>, Pose2<f64>, bool) {
        let b = Obb::new(
            Point2::origin(),
            Rotation2::identity(),
            Vector2::new(hx, hy),
        );
        (
            b.expect("valid wall").into(),
            Pose2::translation(x, y),
            true,
        )
    };
    let mut bodies = vec![
        wall(30.0, -1.0, 31.0, 1.0),
        wall(-1.0, 40.0, 1.0, 40.0),
        wall(61.0, 40.0, 1.0, 40.0),
    ];
    let per_row = 50;
    for k in 0..count {
        let (col, row) = ((k % per_row) as f64, (k / per_row) as f64);
        let size = rng.range(0.3, 0.55);
        let shape: AnyShape2<f64> = match k % 3 {
            0 => Obb::new(
                Point2::origin(),
                Rotation2::new(rng.range(0.0, 3.0)),
                Vector2::new(size, rng.range(0.3, 0.55)),
            )
            .expect("valid box")
            .into(),
            1 => {
                let n = 3 + (k / 3) % 5;
                let turn = rng.range(0.0, 1.0);
                let points: Vec<Point2<f64>> = (0..n)
                    .map(|i| {
                        let a = (i as f64 + turn) * std::f64::consts::TAU / n as f64;
                        Point2::new(a.cos(), a.sin()) * (size * 1.2)
                    })
                    .collect();
                ConvexPolygon::new(&points)
                    .expect("a regular polygon")
                    .into()
            }
            _ => Ball::new(Point2::origin(), size)
                .expect("valid ball")
                .into(),
        };
        let x = 1.0 + col * 1.16 + rng.range(0.0, 0.1);
        let y = 3.0 + row * 1.3;
        bodies.push((shape, Pose2::translation(x, y), false));
    }
    World::new(bodies)
}

/// The 3D pile: a box of 20 × 20 with walls, boxes, hulls and balls.
fn pile_3d(count: usize) -> World<3> {
    let mut rng = Rng(3);
    let wall = |c: [f64; 3], h: [f64; 3]| -> (AnyShape3<f64>, Pose3<f64>, bool) {
        let b = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::from(h));
        (
            b.expect("valid wall").into(),
            Pose3::translation(c[0], c[1], c[2]),
            true,
        )
    };
    let mut bodies = vec![
        wall([10.0, 10.0, -1.0], [11.0, 11.0, 1.0]),
        wall([-1.0, 10.0, 20.0], [1.0, 11.0, 20.0]),
        wall([21.0, 10.0, 20.0], [1.0, 11.0, 20.0]),
        wall([10.0, -1.0, 20.0], [11.0, 1.0, 20.0]),
        wall([10.0, 21.0, 20.0], [11.0, 1.0, 20.0]),
    ];
    let per_side = 16;
    for k in 0..count {
        let (i, j, l) = (
            k % per_side,
            (k / per_side) % per_side,
            k / per_side / per_side,
        );
        let size = rng.range(0.3, 0.5);
        let shape: AnyShape3<f64> = match k % 3 {
            0 => Obb::new(
                Point3::origin(),
                Rotation3::new(Vector3::new(rng.next(), rng.next(), rng.next())),
                Vector3::new(size, rng.range(0.3, 0.5), rng.range(0.3, 0.5)),
            )
            .expect("valid box")
            .into(),
            1 => {
                let points: Vec<Point3<f64>> = (0..12)
                    .map(|_| {
                        let v = Vector3::new(
                            rng.range(-1.0, 1.0),
                            rng.range(-1.0, 1.0),
                            rng.range(-1.0, 1.0),
                        );
                        Point3::from(v.normalize() * size * 1.2)
                    })
                    .collect();
                ConvexPolyhedron::from_hull(&points)
                    .expect("random points span a volume")
                    .into()
            }
            _ => Ball::new(Point3::origin(), size)
                .expect("valid ball")
                .into(),
        };
        let c = [
            1.0 + i as f64 * 1.15 + rng.range(0.0, 0.1),
            1.0 + j as f64 * 1.15 + rng.range(0.0, 0.1),
            2.0 + l as f64 * 1.3,
        ];
        bodies.push((shape, Pose3::translation(c[0], c[1], c[2]), false));
    }
    World::new(bodies)
}

/// The 2D end state as an SVG: fixed bodies grey, free ones by kind.
fn svg(world: &World<2>) -> String {
    let (scale, height) = (12.0, 62.0 * 12.0);
    let x = |p: Point2<f64>| (p.x + 2.0) * scale;
    let y = |p: Point2<f64>| height - (p.y + 2.0) * scale;
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{height:.0}" viewBox="0 0 {:.0} {height:.0}"><rect width="100%" height="100%" fill="white"/>"#,
        64.0 * scale,
        64.0 * scale
    );
    for ((shape, pose), &fixed) in world.shapes.iter().zip(&world.poses).zip(&world.fixed) {
        let (fill, stroke) = if fixed {
            ("#bbbbbb", "#555555")
        } else {
            match shape {
                AnyShape::Ball(_) => ("#9ecae1", "#3182bd"),
                AnyShape::Polytope(_) => ("#fdd0a2", "#e6550d"),
                _ => ("#c7e9c0", "#31a354"),
            }
        };
        let corners: Vec<Point2<f64>> = match shape {
            AnyShape::Ball(b) => {
                let c = pose * b.center();
                let _ = writeln!(
                    out,
                    r#"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="{fill}" stroke="{stroke}"/>"#,
                    x(c),
                    y(c),
                    b.radius() * scale
                );
                continue;
            }
            AnyShape::Polytope(p) => p.vertices().iter().map(|v| pose * v).collect(),
            AnyShape::Obb(b) => {
                let h = b.half_extents();
                [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
                    .iter()
                    .map(|&(sx, sy)| {
                        pose * (b.center() + b.rotation() * Vector2::new(sx * h.x, sy * h.y))
                    })
                    .collect()
            }
            _ => continue,
        };
        let points: Vec<String> = corners
            .iter()
            .map(|&p| format!("{:.2},{:.2}", x(p), y(p)))
            .collect();
        let _ = writeln!(
            out,
            r#"<polygon points="{}" fill="{fill}" stroke="{stroke}"/>"#,
            points.join(" ")
        );
    }
    out.push_str("</svg>\n");
    out
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count =
        |arg: Option<String>, default: usize| arg.and_then(|s| s.parse().ok()).unwrap_or(default);
    let (n2, n3) = (count(args.next(), 2000), count(args.next(), 1500));
    let mut two = pile_2d(n2);
    two.run("2D pile", 400);
    two.coherence("2D pile", 50, true);
    two.coherence("2D pile at rest", 50, false);
    std::fs::write("pile.svg", svg(&two)).expect("pile.svg is writable");
    println!("  wrote pile.svg");
    let mut three = pile_3d(n3);
    three.run("3D pile", 150);
    three.coherence("3D pile", 30, true);
    three.coherence("3D pile at rest", 30, false);
}
