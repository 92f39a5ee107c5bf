//! The agreement report: separating-axis and parry on the bench pools,
//! verdicts and depths compared pair by pair, every disagreement judged by
//! an exact check in `f64`. `cargo run --release` in this directory prints
//! the Markdown that docs/benchmarks.md quotes.
//!
//! One function, [`compare`], handles a pool of either dimension; what
//! differs between 2D and 3D (the description types and each library's
//! constructors) sits behind the [`Described`] trait.

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};

use nalgebra::{SVector, Unit};
use parry_compare::{pool2, pool3, seed, Mix, OurShape, Pair2, Pair3, KINDS2, KINDS3};
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
        if ours_bool != parry_bool {
            // The exact check: a positive gap along any axis proves the pair
            // apart; our distance is minus the exact depth when overlapping.
            let verdict = if exact_ours > 0.0 {
                format!("apart: exact gap {exact_ours:.3e} along our axis; parry wrong")
            } else {
                format!(
                    "overlapping by {:.3e} (exact, our axis); {}",
                    -exact_ours,
                    if parry_bool {
                        "ours wrong"
                    } else {
                        "parry wrong"
                    }
                )
            };
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
                        "{label}: ours {ours_depth:.9e}, parry {:.9e}, exact translation along parry's normal {:.9e}",
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
    println!("| precision | pair | pool | ours overlapping | `intersects` ≠ `intersection_test` | `penetration` ≠ `contact` (some/none) | max depth difference | max normal difference | ours: max depth error | parry: max depth error | `contact_cuboid_cuboid` misses |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for r in rows {
        println!("{r}");
    }
    println!();
    for n in notes {
        println!("- {n}");
    }
}
