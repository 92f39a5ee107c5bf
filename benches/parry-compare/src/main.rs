//! The agreement report: separating-axis and parry on the bench pools,
//! verdicts and depths compared pair by pair, every disagreement judged by
//! an exact check in `f64`; then, in `f64` only, on the report's pools of
//! cases hard for GJK/EPA ([`Hard`]). `cargo run --release` in this
//! directory prints the Markdown that docs/benchmarks.md quotes.
//!
//! One function, [`compare`], handles a pool of either dimension; what
//! differs between 2D and 3D (the description types and each library's
//! constructors) sits behind the [`Described`] trait.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};

use nalgebra::{SVector, Unit};
use parry_compare::oracle3d::{box_corners, hull_gap};
use parry_compare::{
    hard_pool2, hard_pool3, hard_seed, p64, pool2, pool3, seed, Hard, Mix, OurShape, Pair2, Pair3,
    Shape3, HARD_KINDS2, HARD_KINDS3, KINDS2, KINDS3,
};
use separating_axis::{Pose, Real, Separation};

/// The two precisions, in report order.
#[derive(Clone, Copy)]
enum Precision {
    F32,
    F64,
}

impl Precision {
    fn name(self) -> &'static str {
        match self {
            Precision::F32 => "f32",
            Precision::F64 => "f64",
        }
    }
}

/// A pair as our shapes in one precision, placed in the world.
struct Placed<S, T: Real, const N: usize> {
    a: S,
    pa: Pose<T, N>,
    b: S,
    pb: Pose<T, N>,
}

impl<S: OurShape<T, N>, T: Real, const N: usize> Placed<S, T, N> {
    /// Our separation, through the path the concrete types take.
    fn separation(&self) -> Separation<T, N> {
        S::separation(&self.a, &self.pa, &self.b, &self.pb)
    }

    /// The gap along the world axis `u`, from support values: positive
    /// proves the pair apart; `-gap` is the translation of B along `u`
    /// (unit) that brings the gap along `u` to zero. Computed with B's
    /// translation relative to A's, so that round-off scales with the
    /// shapes, not with their distance from the origin.
    fn gap(&self, u: &SVector<T, N>) -> T {
        let ha = self
            .a
            .local_support_value(&self.pa.rotation.inverse_transform_vector(u));
        let hb = self
            .b
            .local_support_value(&self.pb.rotation.inverse_transform_vector(&-u));
        u.dot(&(self.pb.translation.vector - self.pa.translation.vector)) - ha - hb
    }

    /// Our separation once B is moved by `v`, with A's translation taken
    /// out of both poses first so that the move rounds at the scale of the
    /// pair, not of its distance from the origin.
    fn separation_moved(&self, v: &SVector<T, N>) -> Separation<T, N> {
        let (mut pa, mut pb) = (self.pa, self.pb);
        pb.translation.vector = (pb.translation.vector - pa.translation.vector) + v;
        pa.translation.vector = SVector::zeros();
        S::separation(&self.a, &pa, &self.b, &pb)
    }
}

/// parry's `contact`, in `f64`.
#[derive(Clone, Copy)]
struct ParryContact<const N: usize> {
    /// `-dist`: the depth, negative when parry reports a gap.
    depth: f64,
    /// `normal1` in the world frame, from A towards B.
    normal: SVector<f64, N>,
}

/// Both libraries' answers for one pair, in `f64`.
struct Answers<const N: usize> {
    /// Our separation: signed distance and unit axis.
    ours: (f64, SVector<f64, N>),
    /// parry's `intersection_test`, or what it failed with.
    parry_bool: Result<bool, String>,
    /// parry's `contact` (prediction 0), or what it failed with.
    contact: Result<Option<ParryContact<N>>, String>,
    /// For two cuboids that we find overlapping: whether parry's
    /// `details::contact_cuboid_cuboid` returned no contact.
    cuboid_miss: Option<bool>,
}

/// A pool's pair description, as both libraries see it.
trait Described<const N: usize> {
    /// Our shape enum in `f64`: the exact reference's shapes.
    type Exact: OurShape<f64, N>;

    /// Both libraries' answers in `prec`.
    fn answers(&self, prec: Precision) -> Answers<N>;

    /// Our `f64` shapes, placed: the exact reference.
    fn reference(&self) -> Placed<Self::Exact, f64, N>;
}

thread_local! {
    /// Set while a parry call runs under [`guarded`]: its panics are
    /// counted, not printed.
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f`, turning a panic into `Err` with its message.
fn guarded<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    QUIET.with(|q| q.set(true));
    let r = panic::catch_unwind(AssertUnwindSafe(f));
    QUIET.with(|q| q.set(false));
    r.map_err(|e| {
        let msg = e
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| e.downcast_ref::<String>().cloned());
        format!("panic: {}", msg.unwrap_or_default())
    })
}

/// Implements [`Described`] for one dimension's description type, given
/// the names of its constructors in the `p32` and `p64` modules.
macro_rules! described {
    ($Pair:ident, $N:literal, $Ours:ident, $ours:ident, $our_pose:ident,
     $parry_shape:ident, $parry_pose:ident, $parry:ident) => {
        impl Described<$N> for $Pair {
            type Exact = parry_compare::p64::$Ours;

            fn answers(&self, prec: Precision) -> Answers<$N> {
                match prec {
                    Precision::F32 => described!(@answers self, p32,
                        $ours, $our_pose, $parry_shape, $parry_pose, $parry),
                    Precision::F64 => described!(@answers self, p64,
                        $ours, $our_pose, $parry_shape, $parry_pose, $parry),
                }
            }

            fn reference(&self) -> Placed<Self::Exact, f64, $N> {
                use parry_compare::p64::*;
                Placed {
                    a: $ours(&self.a),
                    pa: $our_pose(&self.pa),
                    b: $ours(&self.b),
                    pb: $our_pose(&self.pb),
                }
            }
        }
    };
    (@answers $p:expr, $m:ident, $ours:ident, $our_pose:ident,
     $parry_shape:ident, $parry_pose:ident, $parry:ident) => {{
        use parry_compare::$m::*;
        let p = $p;
        let placed = Placed {
            a: $ours(&p.a),
            pa: $our_pose(&p.pa),
            b: $ours(&p.b),
            pb: $our_pose(&p.pb),
        };
        let s = placed.separation();
        let ours = (f64::from(s.distance), s.axis.map(f64::from));
        let (ga, gb) = ($parry_shape(&p.a), $parry_shape(&p.b));
        let (qa, qb) = ($parry_pose(&p.pa), $parry_pose(&p.pb));
        let parry_bool = guarded(|| {
            $parry::query::intersection_test(&qa, ga.as_ref(), &qb, gb.as_ref())
                .map(|i| i.intersecting)
        })
        .and_then(|r| r.map_err(|e| format!("{e:?}")));
        let contact = guarded(|| {
            $parry::query::contact(&qa, ga.as_ref(), &qb, gb.as_ref(), 0.0).map(|c| {
                c.map(|c| ParryContact {
                    depth: -f64::from(c.dist),
                    normal: SVector::from(c.normal1.to_array().map(f64::from)),
                })
            })
        })
        .and_then(|r| r.map_err(|e| format!("{e:?}")));
        let cuboid_miss = match (ga.as_cuboid(), gb.as_cuboid()) {
            (Some(ca), Some(cb)) if ours.0 <= 0.0 => Some(
                guarded(|| {
                    $parry::query::details::contact_cuboid_cuboid(&qa.inv_mul(&qb), ca, cb, 0.0)
                })
                .map_or(true, |c| c.is_none()),
            ),
            _ => None,
        };
        Answers {
            ours,
            parry_bool,
            contact,
            cuboid_miss,
        }
    }};
}

described! { Pair2, 2, Ours2, ours2, our_pose2, parry_shape2, parry_pose2, parry2 }
described! { Pair3, 3, Ours3, ours3, our_pose3, parry_shape3, parry_pose3, parry3 }

/// Tallies for one pool.
#[derive(Default)]
struct Tally {
    pairs: usize,
    ours_overlap: usize,
    bool_disagree: Vec<String>,
    contact_disagree: usize,
    max_depth_diff: f64,
    max_depth_note: String,
    max_normal_diff: f64,
    ours_err: f64,
    parry_err: f64,
    cuboid_missing: usize,
    /// The hard pools' columns, all judged by the exact reference.
    hard: HardTally,
}

/// The hard pools' tallies: parry against the exact reference.
#[derive(Default)]
struct HardTally {
    /// Pairs the exact reference finds overlapping (or touching).
    exact_overlap: usize,
    /// `intersection_test` verdicts that differ from the exact one.
    bool_wrong: Worst,
    /// `contact` returned `None` for an overlapping pair.
    contact_none: Worst,
    /// `contact` returned a depth `>= 0` for an apart pair, or a negative
    /// one for an overlapping pair.
    contact_wrong: Worst,
    /// Calls that returned `Err` or panicked.
    errors: Worst,
    /// `|parry's depth - exact depth|` over overlapping pairs with a contact.
    depth_err: Worst,
    /// Of those, how many are off by more than [`OFF`] of the exact depth.
    off: usize,
    /// The largest overlap left (exact) after moving B by parry's
    /// translation, `depth * normal`.
    max_left: f64,
}

/// A relative depth error that counts as "off": far above round-off,
/// which stays below 1e-4 of the depth even for the touching pools'
/// smallest depths (about 2e-10, with about 1e-14 of round-off at
/// coordinates of ±50).
const OFF: f64 = 1e-3;

/// A count, and the case with the largest value among those counted.
#[derive(Default)]
struct Worst {
    count: usize,
    value: f64,
    note: String,
}

impl Worst {
    /// Counts one case of `value`, described by `note` if it is the largest.
    fn offer(&mut self, value: f64, note: impl FnOnce() -> String) {
        if self.count == 0 || value > self.value {
            self.value = value;
            self.note = note();
        }
        self.count += 1;
    }
}

impl Tally {
    fn row(&self, prec: &str, kind: &str, mix: Mix) -> String {
        format!(
            "| {prec} | {kind} | {} | {}/{} | {} | {} | {:.2e} | {:.2e} | {:.2e} | {:.2e} |{}",
            mix.name(),
            self.ours_overlap,
            self.pairs,
            self.bool_disagree.len(),
            self.contact_disagree,
            self.max_depth_diff,
            self.max_normal_diff,
            self.ours_err,
            self.parry_err,
            if kind.ends_with("box") && kind.starts_with("3d") {
                format!(" {} |", self.cuboid_missing)
            } else {
                " – |".to_owned()
            }
        )
    }

    /// Records one pair: both libraries' answers against the exact
    /// reference (the gaps along both axes and the depth, in `f64`).
    fn record<S: OurShape<f64, N>, const N: usize>(
        &mut self,
        ans: &Answers<N>,
        exact: &Placed<S, f64, N>,
        label: &str,
    ) {
        let (ours_dist, our_axis) = ans.ours;
        let exact_dist = exact.separation().distance;
        let exact_ours = exact.gap(&our_axis);
        let contact = ans.contact.as_ref().ok().copied().flatten();
        let parry_bool = *ans.parry_bool.as_ref().unwrap_or(&false);
        self.pairs += 1;
        let ours_bool = ours_dist <= 0.0;
        self.ours_overlap += usize::from(ours_bool);
        self.cuboid_missing += usize::from(ans.cuboid_miss == Some(true));
        let exact_bool = exact_dist <= 0.0;
        if ours_bool != parry_bool {
            // The exact check: the f64 SAT distance; when apart, the gap
            // along our axis too (positive: a proof from support values).
            let verdict = if exact_bool {
                format!("overlapping by {:.3e} (exact)", -exact_dist)
            } else {
                format!("apart by {exact_dist:.3e} (exact), gap {exact_ours:.3e} along our axis")
            };
            let verdict = format!(
                "{verdict}; {} wrong",
                if ours_bool == exact_bool {
                    "parry"
                } else {
                    "ours"
                }
            );
            self.bool_disagree.push(format!(
                "{label}: ours {}, parry {}: {verdict}",
                ours_bool, parry_bool
            ));
        }
        if let Some(c) = contact {
            if ours_bool {
                let ours_depth = -ours_dist;
                let diff = (c.depth - ours_depth).abs();
                if diff > self.max_depth_diff {
                    let exact_parry = Unit::try_new(c.normal, 0.0).map(|n| exact.gap(&n));
                    self.max_depth_diff = diff;
                    self.max_depth_note = format!(
                        "{label}: ours {ours_depth:.9e}, parry {:.9e}, translation that closes the gap along parry's normal {:.9e}",
                        c.depth,
                        exact_parry.map_or(f64::NAN, |g| -g)
                    );
                }
                self.max_normal_diff = self.max_normal_diff.max((c.normal - our_axis).norm());
                // Both depths against the exact one (the f64 engine's).
                if exact_dist <= 0.0 {
                    self.ours_err = self.ours_err.max((ours_depth + exact_dist).abs());
                    self.parry_err = self.parry_err.max((c.depth + exact_dist).abs());
                }
            }
        }
        if contact.is_some() != ours_bool {
            self.contact_disagree += 1;
        }
        self.hard.record(ans, exact, exact_dist, label);
    }
}

impl HardTally {
    /// Records parry's answers for one pair against the exact reference,
    /// whose separation distance is `exact_dist`.
    fn record<S: OurShape<f64, N>, const N: usize>(
        &mut self,
        ans: &Answers<N>,
        exact: &Placed<S, f64, N>,
        exact_dist: f64,
        label: &str,
    ) {
        let overlap = exact_dist <= 0.0;
        let state = || {
            if overlap {
                format!("overlapping by {:.3e}", -exact_dist)
            } else {
                format!("apart by {exact_dist:.3e}")
            }
        };
        self.exact_overlap += usize::from(overlap);
        match &ans.parry_bool {
            Err(e) => self
                .errors
                .offer(0.0, || format!("{label}: `intersection_test`: {e}")),
            Ok(b) if *b != overlap => self.bool_wrong.offer(exact_dist.abs(), || {
                let says = if *b { "overlapping" } else { "apart" };
                format!(
                    "{label}: `intersection_test` says {says}; exact: {}",
                    state()
                )
            }),
            Ok(_) => {}
        }
        match &ans.contact {
            Err(e) => self
                .errors
                .offer(0.0, || format!("{label}: `contact`: {e}")),
            Ok(None) if overlap => self.contact_none.offer(-exact_dist, || {
                format!("{label}: `contact` returns None; exact: {}", state())
            }),
            Ok(Some(c)) if (c.depth >= 0.0) != overlap => {
                self.contact_wrong.offer(exact_dist.abs(), || {
                    format!(
                        "{label}: `contact` returns depth {:.3e}; exact: {}",
                        c.depth,
                        state()
                    )
                });
            }
            Ok(Some(c)) if overlap => {
                let exact_depth = -exact_dist;
                let err = (c.depth - exact_depth).abs();
                self.off += usize::from(err > OFF * exact_depth);
                let after = exact.separation_moved(&(c.normal * c.depth)).distance;
                self.max_left = self.max_left.max(-after);
                self.depth_err.offer(err, || {
                    let along = Unit::try_new(c.normal, 0.0).map_or(f64::NAN, |n| -exact.gap(&n));
                    format!(
                        "{label}: exact depth {exact_depth:.9e}, parry {:.9e} ({:+.1e} relative), \
                         normals {:.1e} apart; the translation that closes the gap along \
                         parry's normal is {along:.9e}; after parry's translation the pair {}",
                        c.depth,
                        (c.depth - exact_depth) / exact_depth,
                        (c.normal - ans.ours.1).norm(),
                        if after <= 0.0 {
                            format!("still overlaps by {:.3e} (exact)", -after)
                        } else {
                            format!("is apart by {after:.3e}")
                        }
                    )
                });
            }
            Ok(_) => {}
        }
    }

    /// The hard table's row.
    fn row(&self, pairs: usize, normal_diff: f64, pair: &str, case: Hard) -> String {
        format!(
            "| {pair} | {} | {}/{pairs} | {} | {} | {} | {} | {} | {:.2e} | {:.2e} | {normal_diff:.2e} |",
            case.name(),
            self.exact_overlap,
            self.bool_wrong.count,
            self.contact_none.count,
            self.contact_wrong.count,
            self.errors.count,
            self.off,
            self.depth_err.value,
            self.max_left,
        )
    }

    /// One note for each kind of failure, on its largest case, and one on
    /// the largest depth error when some depth is off.
    fn notes(&self, name: &str) -> Vec<String> {
        let mut notes: Vec<String> = [
            ("intersection_test wrong", &self.bool_wrong),
            ("contact None on overlapping", &self.contact_none),
            ("contact wrong", &self.contact_wrong),
            ("parry error", &self.errors),
        ]
        .iter()
        .filter(|(_, w)| w.count > 0)
        .map(|(what, w)| format!("{what}, {name}, largest of {}: {}", w.count, w.note))
        .collect();
        if self.off > 0 {
            notes.push(format!(
                "largest depth error, {name} ({} off by more than {OFF:e} of the depth): {}",
                self.off, self.depth_err.note
            ));
        }
        notes
    }
}

/// Compares both libraries on every pair of `pool` in `prec`; `name` is
/// the pool's name in the labels (`2d-box mixed`).
fn compare<P: Described<N>, const N: usize>(pool: &[P], prec: Precision, name: &str) -> Tally {
    let mut t = Tally::default();
    for (i, p) in pool.iter().enumerate() {
        t.record(
            &p.answers(prec),
            &p.reference(),
            &format!("{} {name} #{i}", prec.name()),
        );
    }
    t
}

/// The rows and notes of the bench pools of one dimension (`dim` is `2d`
/// or `3d`).
fn report<P: Described<N>, const N: usize>(
    prec: Precision,
    dim: &str,
    kinds: &[&str],
    pool: fn(&str, Mix, u64) -> Vec<P>,
    rows: &mut Vec<String>,
    notes: &mut Vec<String>,
) {
    for &kind in kinds {
        for mix in Mix::ALL {
            let name = format!("{dim}-{kind} {}", mix.name());
            let t = compare(&pool(kind, mix, seed(kind, mix)), prec, &name);
            rows.push(t.row(prec.name(), &format!("{dim}-{kind}"), mix));
            notes.extend(t.bool_disagree.iter().take(5).cloned());
            if !t.max_depth_note.is_empty() {
                notes.push(format!(
                    "largest depth difference, {} {name}: {}",
                    prec.name(),
                    t.max_depth_note
                ));
            }
        }
    }
}

/// The rows and notes of the hard pools of one dimension, in `f64`;
/// `check` adds notes of its own about a pool.
fn report_hard<P: Described<N>, const N: usize>(
    dim: &str,
    kinds: &[&str],
    pool: fn(&str, Hard, u64) -> Vec<P>,
    check: fn(&[P]) -> Option<String>,
    rows: &mut Vec<String>,
    notes: &mut Vec<String>,
) {
    for &kind in kinds {
        for case in Hard::ALL {
            let name = format!("{dim}-{kind} {}", case.name());
            let pairs = pool(kind, case, hard_seed(kind, case));
            let t = compare(&pairs, Precision::F64, &name);
            rows.push(
                t.hard
                    .row(t.pairs, t.max_normal_diff, &format!("{dim}-{kind}"), case),
            );
            notes.extend(t.hard.notes(&name));
            notes.extend(check(&pairs).map(|c| format!("{name}: {c}")));
        }
    }
}

/// The 3D pools' own checks: for boxes, our `f64` verdicts and depths
/// against the vertex-difference oracle (tests/support/oracle3d.rs, no code shared
/// with the engine); for hulls, what parry's `from_convex_hull` makes of
/// the same vertices.
fn check3(pool: &[Pair3]) -> Option<String> {
    match pool.first().map(|p| &p.a) {
        Some(Shape3::Box(_)) => Some(oracle_check(pool)),
        Some(Shape3::Polyhedron(_)) => hull_check(pool),
        _ => None,
    }
}

/// Our `f64` separation of every box pair of `pool` against the oracle's.
fn oracle_check(pool: &[Pair3]) -> String {
    let (mut wrong, mut overlapping, mut max_diff) = (0, 0, 0.0_f64);
    for p in pool {
        let (Shape3::Box(ha), Shape3::Box(hb)) = (&p.a, &p.b) else {
            unreachable!("one kind per pool")
        };
        let (pa, pb) = (p64::our_pose3(&p.pa), p64::our_pose3(&p.pb));
        // A at the origin, B at the difference of the translations.
        let centre_b = (pb.translation.vector - pa.translation.vector).into();
        let a = box_corners(&Default::default(), pa.rotation.matrix(), &(*ha).into());
        let b = box_corners(&centre_b, pb.rotation.matrix(), &(*hb).into());
        let oracle = hull_gap(&a, &b).gap;
        let ours = separating_axis::separation(&obb(ha), &pa, &obb(hb), &pb).distance;
        wrong += usize::from((oracle <= 0.0) != (ours <= 0.0));
        if ours <= 0.0 {
            overlapping += 1;
            max_diff = max_diff.max((oracle - ours).abs());
        }
    }
    format!(
        "our f64 separation against the vertex-difference oracle: {wrong} verdicts differ; \
         depths within {max_diff:.2e} on the {overlapping} overlapping pairs"
    )
}

/// Our `f64` box with half extents `h`.
fn obb(h: &[f64; 3]) -> separating_axis::Obb<f64, 3> {
    separating_axis::Obb::new(Default::default(), Default::default(), (*h).into())
        .expect("positive half extents")
}

/// What parry's `from_convex_hull` makes of every hull of `pool` (the
/// report hands parry our hulls' faces instead); `None` when it keeps
/// every hull whole.
fn hull_check(pool: &[Pair3]) -> Option<String> {
    let (mut hulls, mut failed, mut fewer, mut deficit, mut relative) = (0, 0, 0, 0.0_f64, 0.0_f64);
    for p in pool {
        for s in [&p.a, &p.b] {
            let Shape3::Polyhedron(v) = s else {
                unreachable!("one kind per pool")
            };
            hulls += 1;
            match parry_hull(v) {
                None => failed += 1,
                Some((count, short, inner)) => {
                    fewer += usize::from(count < v.len());
                    deficit = deficit.max(short);
                    relative = relative.max(short / inner);
                }
            }
        }
    }
    (failed + fewer > 0).then(|| {
        format!(
            "parry's own `from_convex_hull` on these {hulls} hulls' vertices returns None for \
             {failed} and drops vertices of {fewer}: support values short by up to \
             {deficit:.2e} ({relative:.2} times the hull's inner radius)"
        )
    })
}

/// parry's `from_convex_hull` of the vertices `v` (in `f64`): its vertex
/// count, how far its support values fall short of our hull's along our
/// hull's face normals (its hull lies inside ours, its points being some
/// of our vertices), and our hull's inner radius. `None` when it fails.
fn parry_hull(v: &[nalgebra::Point3<f64>]) -> Option<(usize, f64, f64)> {
    use parry3d_f64::{math::Vector, shape::SupportMap};
    let points: Vec<_> = v.iter().map(|p| Vector::new(p.x, p.y, p.z)).collect();
    let theirs = guarded(|| parry3d_f64::shape::ConvexPolyhedron::from_convex_hull(&points))
        .ok()
        .flatten()?;
    let ours = separating_axis::ConvexPolyhedron::from_hull(v).expect("a hull");
    let short = ours
        .normals()
        .iter()
        .zip(ours.offsets())
        .map(|(n, h)| {
            let n = Vector::new(n.x, n.y, n.z);
            h - theirs.local_support_point(n).dot(n)
        })
        .fold(0.0, f64::max);
    let inner = ours.offsets().iter().copied().fold(f64::INFINITY, f64::min);
    Some((theirs.points().len(), short, inner))
}

fn main() {
    let default_hook = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !QUIET.with(Cell::get) {
            default_hook(info);
        }
    }));
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    for prec in [Precision::F32, Precision::F64] {
        report(prec, "2d", &KINDS2, pool2, &mut rows, &mut notes);
        report(prec, "3d", &KINDS3, pool3, &mut rows, &mut notes);
    }
    print_table(
        "| precision | pair | pool | ours overlapping | `intersects` ≠ `intersection_test` | `penetration` ≠ `contact` (some/none) | max depth difference | max normal difference | ours: max depth error | parry: max depth error | `contact_cuboid_cuboid` misses |",
        &rows,
        &notes,
    );
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    report_hard(
        "2d",
        &HARD_KINDS2,
        hard_pool2,
        |_| None,
        &mut rows,
        &mut notes,
    );
    report_hard(
        "3d",
        &HARD_KINDS3,
        hard_pool3,
        check3,
        &mut rows,
        &mut notes,
    );
    println!();
    println!("Hard pools (f64):");
    println!();
    print_table(
        "| pair | case | exact: overlapping | `intersection_test` wrong | `contact` None on overlapping | `contact` other wrong verdicts | parry errors | parry depth off by > 0.1% | parry: max depth error | overlap left after parry's translation | max normal difference |",
        &rows,
        &notes,
    );
}

/// Prints a Markdown table (a delimiter cell for every header cell) and its
/// notes as a list.
fn print_table(header: &str, rows: &[String], notes: &[String]) {
    println!("{header}");
    let columns = header.matches('|').count().saturating_sub(1);
    println!("|{}", "---|".repeat(columns));
    for r in rows {
        println!("{r}");
    }
    println!();
    for n in notes {
        println!("- {n}");
    }
}
