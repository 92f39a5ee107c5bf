//! A small 2D rigid-body stepper on `contact_manifold`: sequential impulses
//! as in Box2D 2.4 (Catto), checked on pyramids, a stack and a tumbler.
//!
//! ```text
//! each step (dt = 1/60, gravity −10; a body's state (x, y, θ), (vx, vy, ω)):
//!     pairs whose world boxes are within MARGIN (O(n²)) → contact_manifold(…, MARGIN)
//!         anchors R_a · local_a, R_b · local_b; impulses of last step's point
//!         with the same ContactId carried over (warm starting)
//!     v += g dt; apply the carried impulses
//!     ITERATIONS times, per contact: friction (|jt| <= μ jn), then the normal
//!         impulses (accumulated, jn >= 0; two points at once, Box2D's block
//!         solver) towards vn >= −s / dt for a speculative point (s > 0: close
//!         the gap, no more), BAUMGARTE · (−s − SLOP) / dt when penetrating
//!     x += v dt
//! ```
//!
//! Prints figures every 100 steps, PASS/FAIL lines for issue 38's acceptance
//! (exit status 1 on a failure), writes `stack_1.svg` to `stack_4.svg`.
//! Arguments: the pyramids' bottom rows (default 6 and 9: 21 and 45 boxes).

use std::mem::replace;

use nalgebra::{Point2, Rotation2, Vector2, Vector3};
use separating_axis::{contact_manifold, shape_aabb, AnyShape2, ContactId, ConvexPolygon};
use separating_axis::{Manifold, Obb, Pose2};

type V = Vector2<f64>;
type V3 = Vector3<f64>;

const DT: f64 = 1.0 / 60.0;
const GRAVITY: f64 = -10.0;
const ITERATIONS: usize = 10;
const FRICTION: f64 = 0.6;
/// Speculative margin: a body closing by less than this in a step is caught
/// before it sinks in. Less than the 0.1 gaps of the pyramids' rows.
const MARGIN: f64 = 0.05;
/// Penetration left alone by the position correction (Box2D's linear slop).
const SLOP: f64 = 0.005;
/// The fraction of the penetration beyond the slop removed per step.
const BAUMGARTE: f64 = 0.2;
const STEPS: usize = 1000;
/// Issue 38: sleep-ready (all |v|, |ω| below) by step `SLEEP_BY`, drift below `MAX_DRIFT`.
const SLEEP_SPEED: f64 = 1e-3;
const SLEEP_BY: usize = 300;
const MAX_DRIFT: f64 = 0.12;

fn cross(a: V, b: V) -> f64 {
    a.x * b.y - a.y * b.x
}

/// The Jacobian row of a unit impulse along `d` at the anchor `r`.
fn jac(r: V, d: V) -> V3 {
    V3::new(d.x, d.y, cross(r, d))
}

struct Body {
    shape: AnyShape2<f64>,
    /// The outline in the body's frame (counter-clockwise, about the centroid).
    outline: Vec<V>,
    /// `(x, y, θ)`, `(vx, vy, ω)`, `(1/m, 1/m, 1/I)` (zeros: a static body).
    q: V3,
    v: V3,
    inv: V3,
}

impl Body {
    /// Density 1; mass and inertia from the outline's triangle fan.
    fn new(shape: AnyShape2<f64>, outline: Vec<V>, pos: V, fixed: bool) -> Self {
        let (mut mass, mut inertia) = (0.0, 0.0);
        for (k, &p) in outline.iter().enumerate() {
            let q = outline[(k + 1) % outline.len()];
            mass += cross(p, q) / 2.0;
            inertia += cross(p, q) * (p.dot(&p) + p.dot(&q) + q.dot(&q)) / 12.0;
        }
        let inv = V3::new(1.0 / mass, 1.0 / mass, 1.0 / inertia) * f64::from(u8::from(!fixed));
        let (q, v) = (V3::new(pos.x, pos.y, 0.0), V3::zeros());
        Self {
            shape,
            outline,
            q,
            v,
            inv,
        }
    }

    fn cuboid(half: V, pos: V, fixed: bool) -> Self {
        let obb = Obb::new(Point2::origin(), Rotation2::identity(), half).expect("a box");
        let (hx, hy) = (half.x, half.y);
        let outline = vec![V::new(-hx, -hy), V::new(hx, -hy), half, V::new(-hx, hy)];
        Self::new(obb.into(), outline, pos, fixed)
    }

    fn polygon(sides: usize, radius: f64, pos: V) -> Self {
        let turn = |k: usize| (k as f64 + 0.5) * std::f64::consts::TAU / sides as f64;
        let corner = |k| Rotation2::new(turn(k)) * V::x() * radius;
        let outline: Vec<V> = (0..sides).map(corner).collect();
        let points: Vec<Point2<f64>> = outline.iter().map(|&v| v.into()).collect();
        let shape = ConvexPolygon::new(&points).expect("a regular polygon");
        Self::new(shape.into(), outline, pos, false)
    }

    fn pose(&self) -> Pose2<f64> {
        Pose2::new(self.q.xy(), self.q.z)
    }

    fn dynamic(&self) -> bool {
        self.inv.x > 0.0
    }

    fn corners(&self, q: V3) -> impl Iterator<Item = V> + '_ {
        let turn = Rotation2::new(q.z);
        self.outline.iter().map(move |v| q.xy() + turn * v)
    }
}

/// A contact point: anchors on A and B; effective masses and accumulated
/// impulses along (normal, tangent); the normal velocity to reach.
struct Point {
    id: ContactId,
    r: [V; 2],
    mass: V,
    j: V,
    target: f64,
}

/// The contact of bodies `a < b`: the manifold's normal (from A to B), its
/// points, and how many of them took their impulses from a point of the same id.
struct Contact {
    pair: (usize, usize),
    n: V,
    points: Vec<Point>,
    kept: usize,
}

/// `J_p M⁻¹ J_qᵀ` for unit impulses along `d` at the anchors `r` and `s`.
fn coupling((a, b): (&Body, &Body), r: [V; 2], s: [V; 2], d: V) -> f64 {
    let on_a = jac(r[0], d).component_mul(&a.inv).dot(&jac(s[0], d));
    on_a + jac(r[1], d).component_mul(&b.inv).dot(&jac(s[1], d))
}

/// B's velocity at `p` less A's, along `d`.
fn speed(bodies: &[Body], (a, b): (usize, usize), p: &Point, d: V) -> f64 {
    jac(p.r[1], d).dot(&bodies[b].v) - jac(p.r[0], d).dot(&bodies[a].v)
}

/// Applies the impulse `j d` at `p`'s anchors: `−j d` on A, `+j d` on B.
fn push(bodies: &mut [Body], (a, b): (usize, usize), p: &Point, d: V, j: f64) {
    let on_a = jac(p.r[0], d).component_mul(&bodies[a].inv) * j;
    bodies[a].v -= on_a;
    let on_b = jac(p.r[1], d).component_mul(&bodies[b].inv) * j;
    bodies[b].v += on_b;
}

/// The two normal impulses of a two-point contact solved together: the LCP
/// `w = K j + rhs`, `j >= 0`, `w >= 0`, `j · w = 0`, by its four cases in
/// turn (Box2D's `b2ContactSolver` block solver). `None` when `K` is
/// ill-conditioned (points nearly coinciding): each is then solved alone.
fn block(bodies: &[Body], c: &Contact) -> Option<V> {
    let [p, q] = &c.points[..] else { return None };
    let ab = (&bodies[c.pair.0], &bodies[c.pair.1]);
    let (k11, k22) = (coupling(ab, p.r, p.r, c.n), coupling(ab, q.r, q.r, c.n));
    let k12 = coupling(ab, p.r, q.r, c.n);
    let det = k11 * k22 - k12 * k12;
    if k11 * k11 >= 1e3 * det {
        return None;
    }
    let w = |p: &Point| speed(bodies, c.pair, p, c.n) - p.target;
    let wp = w(p) - k11 * p.j.x - k12 * q.j.x;
    let rhs = V::new(wp, w(q) - k12 * p.j.x - k22 * q.j.x);
    let both = V::new(k12 * rhs.y - k22 * rhs.x, k12 * rhs.x - k11 * rhs.y) / det;
    let (first, second) = (-rhs.x / k11, -rhs.y / k22);
    Some(if both.x >= 0.0 && both.y >= 0.0 {
        both
    } else if first >= 0.0 && k12 * first + rhs.y >= 0.0 {
        V::new(first, 0.0)
    } else if second >= 0.0 && k12 * second + rhs.x >= 0.0 {
        V::new(0.0, second)
    } else {
        V::zeros()
    })
}

struct World {
    bodies: Vec<Body>,
    contacts: Vec<Contact>,
}

impl World {
    fn of(bodies: Vec<Body>) -> Self {
        let contacts = Vec::new();
        Self { bodies, contacts }
    }

    /// The solver's contact of `pair` from its manifold, the impulses of
    /// `old` (the pair's points last step) carried over by id.
    fn contact(&self, pair: (usize, usize), m: &Manifold<f64, 2>, old: &[Point]) -> Contact {
        let ab = (&self.bodies[pair.0], &self.bodies[pair.1]);
        let rot = [ab.0.pose().rotation, ab.1.pose().rotation];
        let (n, mut kept) = (m.normal().into_inner(), 0);
        let t = V::new(n.y, -n.x);
        let mut points = Vec::new();
        for p in m.points() {
            let r = [rot[0] * p.local_a.coords, rot[1] * p.local_b.coords];
            let mass = V::new(1.0 / coupling(ab, r, r, n), 1.0 / coupling(ab, r, r, t));
            let j = old.iter().find(|q| q.id == p.id).map(|q| q.j);
            kept += usize::from(j.is_some());
            // s > 0 (speculative): close by s / dt at most; s <= 0: the Baumgarte
            // push, which is the smaller of the two as BAUMGARTE < 1.
            let s = p.separation;
            let target = (-s / DT).min((-s - SLOP).max(0.0) * BAUMGARTE / DT);
            let j = j.unwrap_or_default();
            points.push(Point {
                id: p.id,
                r,
                mass,
                j,
                target,
            });
        }
        Contact {
            pair,
            n,
            points,
            kept,
        }
    }

    fn step(&mut self) {
        let aabb = |b: &Body| shape_aabb(&b.shape, &b.pose()).expect("a finite pose");
        let boxes: Vec<_> = self.bodies.iter().map(aabb).collect();
        let old = std::mem::take(&mut self.contacts);
        for (i, a) in self.bodies.iter().enumerate() {
            for (j, b) in self.bodies.iter().enumerate().skip(i + 1) {
                let (box_a, box_b) = (&boxes[i], &boxes[j]);
                let gap = box_a.min().sup(&box_b.min()) - box_a.max().inf(&box_b.max());
                if gap.max() > MARGIN || !(a.dynamic() || b.dynamic()) {
                    continue;
                }
                let m = contact_manifold(&a.shape, &a.pose(), &b.shape, &b.pose(), MARGIN);
                let last = old.binary_search_by_key(&(i, j), |c| c.pair);
                let last = last.map_or(&[][..], |k| &old[k].points);
                if !m.is_empty() {
                    self.contacts.push(self.contact((i, j), &m, last));
                }
            }
        }
        let bodies = &mut self.bodies;
        for b in bodies.iter_mut().filter(|b| b.dynamic()) {
            b.v.y += GRAVITY * DT;
        }
        for c in &self.contacts {
            for p in &c.points {
                push(bodies, c.pair, p, c.n, p.j.x);
                push(bodies, c.pair, p, V::new(c.n.y, -c.n.x), p.j.y);
            }
        }
        for _ in 0..ITERATIONS {
            for c in &mut self.contacts {
                let (pair, n, t) = (c.pair, c.n, V::new(c.n.y, -c.n.x));
                for p in &mut c.points {
                    let limit = FRICTION * p.j.x;
                    let jt = (p.j.y - p.mass.y * speed(bodies, pair, p, t)).clamp(-limit, limit);
                    let dj = jt - replace(&mut p.j.y, jt);
                    push(bodies, pair, p, t, dj);
                }
                let solved = block(bodies, c);
                for (k, p) in c.points.iter_mut().enumerate() {
                    let alone = p.j.x - p.mass.x * (speed(bodies, pair, p, n) - p.target);
                    let jn = solved.map_or(alone.max(0.0), |j| j[k]);
                    let dj = jn - replace(&mut p.j.x, jn);
                    push(bodies, pair, p, n, dj);
                }
            }
        }
        for b in bodies.iter_mut() {
            b.q += b.v * DT;
        }
    }
}

/// A static ground box whose top face is `y = 0`, with unit boxes on it at `at`.
fn on_ground(at: impl Iterator<Item = V>) -> World {
    let mut bodies = vec![Body::cuboid(V::new(30.0, 0.5), V::new(0.0, -0.5), true)];
    bodies.extend(at.map(|pos| Body::cuboid(V::new(0.5, 0.5), pos, false)));
    World::of(bodies)
}

/// A pyramid, `base` boxes in its bottom row, rows resting exactly on each
/// other, 0.1 apart side by side; the top box is the last body.
fn pyramid(base: usize) -> World {
    on_ground((0..base).flat_map(move |row| {
        let x = move |k: usize| (2 * k + row + 1) as f64 * 0.55 - base as f64 * 0.55;
        (0..base - row).map(move |k| V::new(x(k), 0.5 + row as f64))
    }))
}

/// Boxes and polygons dropped into a square container of inner half
/// width 4 (four static walls; Box2D's tumbler turns it, this one does not).
fn tumbler() -> World {
    let (centre, mut bodies) = (V::new(0.0, 5.0), Vec::new());
    for (x, y) in [(0.0, -1.0), (0.0, 1.0), (-1.0, 0.0), (1.0, 0.0)] {
        let offset = V::new(x, y) * 4.25;
        let half = V::new(4.5, 4.5) - offset.abs();
        bodies.push(Body::cuboid(half, centre + offset, true));
    }
    for k in 0..30 {
        let pos = centre + V::new((k % 6) as f64 * 1.2 - 3.0, (k / 6) as f64 * 1.2 - 3.2);
        bodies.push(match k % 3 {
            0 => Body::cuboid(V::new(0.4, 0.3), pos, false),
            1 => Body::polygon(5, 0.45, pos),
            _ => Body::polygon(3 + k % 4, 0.5, pos),
        });
    }
    World::of(bodies)
}

struct Run {
    name: String,
    drift: f64,
    settled: Option<usize>,
    world: World,
}

/// Runs a scene for `STEPS` steps, printing figures every 100. The drift is
/// the largest distance of a body from where it started (for the pyramids
/// too: stricter than the issue's top box alone).
fn run(name: String, mut world: World) -> Run {
    println!("\n== {name}: {} bodies", world.bodies.len());
    println!("  step  contacts  points/contact  warm kept     drift  max speed");
    let start: Vec<V3> = world.bodies.iter().map(|b| b.q).collect();
    let (mut sum, mut drift, mut settled) = ([0; 3], 0.0, None);
    for step in 1..=STEPS {
        world.step();
        let moved = |k: usize| (world.bodies[k].q - start[k]).xy().norm();
        let now = (0..start.len()).map(moved).fold(0.0, f64::max);
        drift = now.max(drift);
        let fastest = |b: &Body| b.v.xy().norm().max(b.v.z.abs());
        let speed = world.bodies.iter().map(fastest).fold(0.0, f64::max);
        settled = settled.or(Some(step)).filter(|_| speed < SLEEP_SPEED);
        let (contacts, cs) = (world.contacts.len(), world.contacts.iter());
        let (points, kept) = cs.fold((0, 0), |(p, k), c| (p + c.points.len(), k + c.kept));
        // Counted from step 2 (step 1 has no last step to warm start from).
        if step > 1 {
            sum = [sum[0] + contacts, sum[1] + points, sum[2] + kept];
        }
        if step % 100 == 0 {
            let per = points as f64 / contacts as f64;
            let kept = 100.0 * kept as f64 / points as f64;
            println!("  {step:4}  {contacts:8}  {per:14.2}  {kept:8.1}%  {now:8.4}  {speed:9.1e}");
        }
    }
    let (contacts, per) = (
        sum[0] as f64 / (STEPS - 1) as f64,
        sum[1] as f64 / sum[0] as f64,
    );
    let kept = 100.0 * sum[2] as f64 / sum[1] as f64;
    print!("  steps 2 to {STEPS}: {contacts:.1} contacts, {per:.2} points each, {kept:.1}% kept;");
    println!(
        " max drift {drift:.4}; sleep-ready from step {}",
        steps(settled)
    );
    Run {
        name,
        drift,
        settled,
        world,
    }
}

fn steps(step: Option<usize>) -> String {
    step.map_or("never".into(), |s| s.to_string())
}

/// Static and dynamic bodies.
const STYLE: [&str; 2] = [
    r##"fill="#999" stroke="#234" stroke-width="0.04""##,
    r##"fill="#8ab4e8" stroke="#234" stroke-width="0.04""##,
];

/// A run's last state, in world units (y up), framing all but the ground.
fn svg(run: &Run) -> String {
    let framed = |b: &&Body| b.dynamic() || b.outline[1].x < 5.0;
    let bodies = run.world.bodies.iter();
    let all: Vec<V> = bodies.filter(framed).flat_map(|b| b.corners(b.q)).collect();
    let bounds = |(l, h): (V, V), v: &V| (l.inf(v), h.sup(v));
    let (lo, hi) = all.iter().fold((all[0], all[0]), bounds);
    let (lo, size) = (lo - V::new(1.0, 1.0), hi - lo + V::new(2.0, 2.0));
    let (w, h, top) = (size.x * 20.0, size.y * 20.0, -lo.y - size.y);
    let mut out = format!("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" ");
    let (left, sx, sy) = (lo.x, size.x, size.y);
    out += &format!("height=\"{h:.0}\" viewBox=\"{left:.2} {top:.2} {sx:.2} {sy:.2}\">\n");
    for b in &run.world.bodies {
        let point = |v: V| format!("{:.3},{:.3} ", v.x, -v.y);
        let (path, style) = (b.corners(b.q).map(point).collect::<String>(), STYLE[0]);
        let style = if b.dynamic() { STYLE[1] } else { style };
        out += &format!("<polygon points=\"{path}\" {style}/>\n");
    }
    out + "</svg>\n"
}

fn main() {
    let mut bases: Vec<usize> = std::env::args().filter_map(|a| a.parse().ok()).collect();
    bases.extend([6, 9].iter().skip(bases.len()));
    let mut runs = Vec::new();
    for &base in &bases[..2] {
        let boxes = base * (base + 1) / 2;
        let name = format!("pyramid of {boxes} (base {base})");
        runs.push(run(name, pyramid(base)));
    }
    let column = on_ground((0..10).map(|k| V::new(0.0, 0.5 + k as f64)));
    runs.push(run("stack of 10".into(), column));
    runs.push(run("tumbler (30 bodies)".into(), tumbler()));
    print!("\n== acceptance (issue 38): {STEPS} steps at 60 Hz, max drift < {MAX_DRIFT}, ");
    println!("sleep-ready (every |v|, |ω| < {SLEEP_SPEED:e}) by step {SLEEP_BY}");
    let mut failed = false;
    let mut check = |ok: bool, what: String| {
        println!("{} {what}", if ok { "PASS" } else { "FAIL" });
        failed |= !ok;
    };
    for run in &runs[..3] {
        let (name, drift, settled) = (&run.name, run.drift, steps(run.settled));
        check(drift < MAX_DRIFT, format!("{name}: max drift {drift:.4}"));
        let ok = run.settled.is_some_and(|s| s <= SLEEP_BY);
        check(ok, format!("{name}: sleep-ready from step {settled}"));
    }
    for (k, run) in runs.iter().enumerate() {
        let file = format!("stack_{}.svg", k + 1);
        std::fs::write(&file, svg(run)).expect("the current directory is writable");
        println!("wrote {file}: {}", run.name);
    }
    if failed {
        std::process::exit(1);
    }
}
