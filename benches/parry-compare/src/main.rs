//! The agreement report: separating-axis and parry on the bench pools,
//! verdicts and depths compared pair by pair, every disagreement judged by
//! an exact check in `f64`. `cargo run --release` in this directory prints
//! the Markdown that docs/benchmarks.md quotes.

use nalgebra::{Unit, Vector2, Vector3};
use parry_compare::{oracle3d, pool2, pool3, seed, Mix, KINDS2, KINDS3};
use separating_axis::{separation, Posed, Shape, Support};

/// The gap of a pair along the world unit axis `u`, from support values in
/// f64: positive proves the pair apart; `-gap` is the translation along `u`
/// that leaves them touching.
fn gap<const N: usize, A: Support<f64, N>, B: Support<f64, N>>(
    a: &A,
    pa: &separating_axis::Pose<f64, N>,
    b: &B,
    pb: &separating_axis::Pose<f64, N>,
    u: &nalgebra::SVector<f64, N>,
) -> f64 {
    -(Posed::new(a, pa).local_support_value(u) + Posed::new(b, pb).local_support_value(&-u))
}

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
}

/// Records one pair: our answer, parry's, and the exact gaps along both
/// normals (`exact_ours` = gap along our axis, `exact_parry` = gap along
/// parry's normal, both in f64).
#[allow(clippy::too_many_arguments)]
fn record(
    t: &mut Tally,
    ours_dist: f64,
    parry_bool: bool,
    parry_contact: Option<(f64, f64)>,
    normal_diff: Option<f64>,
    exact_ours: f64,
    exact_parry: Option<f64>,
    exact_dist: f64,
    label: &str,
) {
    t.pairs += 1;
    let ours_bool = ours_dist <= 0.0;
    t.ours_overlap += usize::from(ours_bool);
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
        t.bool_disagree.push(format!(
            "{label}: ours {}, parry {}: {verdict}",
            ours_bool, parry_bool
        ));
    }
    if let Some((parry_depth, _)) = parry_contact {
        if ours_bool {
            let ours_depth = -ours_dist;
            let diff = (parry_depth - ours_depth).abs();
            if diff > t.max_depth_diff {
                t.max_depth_diff = diff;
                t.max_depth_note = format!(
                    "{label}: ours {ours_depth:.9e}, parry {parry_depth:.9e}, exact translation along parry's normal {:.9e}",
                    exact_parry.map_or(f64::NAN, |g| -g)
                );
            }
            if let Some(nd) = normal_diff {
                t.max_normal_diff = t.max_normal_diff.max(nd);
            }
            // Both depths against the exact one (the f64 engine's).
            if exact_dist <= 0.0 {
                t.ours_err = t.ours_err.max((ours_depth + exact_dist).abs());
                t.parry_err = t.parry_err.max((parry_depth + exact_dist).abs());
            }
        }
    }
    if parry_contact.is_some() != ours_bool {
        t.contact_disagree += 1;
    }
}

macro_rules! report {
    ($m:ident, $prec:literal, $rows:ident, $notes:ident) => {{
        use parry_compare::$m::*;
        for kind in KINDS2 {
            for mix in Mix::ALL {
                let pool = pool2(kind, mix, seed(kind, mix));
                let mut t = Tally::default();
                for (i, p) in pool.iter().enumerate() {
                    let (oa, ob) = (ours2(&p.a), ours2(&p.b));
                    let (pa, pb) = (our_pose2(&p.pa), our_pose2(&p.pb));
                    let s = match (&oa, &ob) {
                        (Ours2::Box(a), Ours2::Box(b)) => separation(a, &pa, b, &pb).cast_f64(),
                        (Ours2::Polygon(a), Ours2::Polygon(b)) => {
                            separation(a, &pa, b, &pb).cast_f64()
                        }
                        (Ours2::Circle(a), Ours2::Polygon(b)) => {
                            separation(a, &pa, b, &pb).cast_f64()
                        }
                        _ => unreachable!(),
                    };
                    let (ga, gb) = (parry_shape2(&p.a), parry_shape2(&p.b));
                    let (qa, qb) = (parry_pose2(&p.pa), parry_pose2(&p.pb));
                    let pbool =
                        parry2::query::intersection_test(&qa, ga.as_ref(), &qb, gb.as_ref())
                            .unwrap()
                            .intersecting;
                    let contact =
                        parry2::query::contact(&qa, ga.as_ref(), &qb, gb.as_ref(), 0.0).unwrap();
                    let pn = contact
                        .map(|c| Vector2::new(f64::from(c.normal1.x), f64::from(c.normal1.y)));
                    // Exact gaps in f64 on the f64 shapes.
                    let (a64, b64) = (
                        parry_compare::p64::ours2(&p.a),
                        parry_compare::p64::ours2(&p.b),
                    );
                    let (pa64, pb64) = (
                        parry_compare::p64::our_pose2(&p.pa),
                        parry_compare::p64::our_pose2(&p.pb),
                    );
                    let exact = |u: &Vector2<f64>| match (&a64, &b64) {
                        (parry_compare::p64::Ours2::Box(a), parry_compare::p64::Ours2::Box(b)) => {
                            gap(a, &pa64, b, &pb64, u)
                        }
                        (
                            parry_compare::p64::Ours2::Polygon(a),
                            parry_compare::p64::Ours2::Polygon(b),
                        ) => gap(a, &pa64, b, &pb64, u),
                        (
                            parry_compare::p64::Ours2::Circle(a),
                            parry_compare::p64::Ours2::Polygon(b),
                        ) => gap(a, &pa64, b, &pb64, u),
                        _ => unreachable!(),
                    };
                    let our_axis = Vector2::new(s.1[0], s.1[1]);
                    let exact_dist = match (&a64, &b64) {
                        (parry_compare::p64::Ours2::Box(a), parry_compare::p64::Ours2::Box(b)) => {
                            separation(a, &pa64, b, &pb64).distance
                        }
                        (
                            parry_compare::p64::Ours2::Polygon(a),
                            parry_compare::p64::Ours2::Polygon(b),
                        ) => separation(a, &pa64, b, &pb64).distance,
                        (
                            parry_compare::p64::Ours2::Circle(a),
                            parry_compare::p64::Ours2::Polygon(b),
                        ) => separation(a, &pa64, b, &pb64).distance,
                        _ => unreachable!(),
                    };
                    record(
                        &mut t,
                        s.0,
                        pbool,
                        contact.map(|c| (-f64::from(c.dist), 0.0)),
                        pn.map(|n| (n - our_axis).norm()),
                        exact(&our_axis),
                        pn.and_then(|n| Unit::try_new(n, 0.0)).map(|n| exact(&n)),
                        exact_dist,
                        &format!("{} 2d-{kind} {} #{i}", $prec, mix.name()),
                    );
                }
                $rows.push(t.row($prec, &format!("2d-{kind}"), mix));
                $notes.extend(t.bool_disagree.iter().take(5).cloned());
                if !t.max_depth_note.is_empty() {
                    $notes.push(format!(
                        "largest depth difference, {} 2d-{kind} {}: {}",
                        $prec,
                        mix.name(),
                        t.max_depth_note
                    ));
                }
            }
        }
        for kind in KINDS3 {
            for mix in Mix::ALL {
                let pool = pool3(kind, mix, seed(kind, mix));
                let mut t = Tally::default();
                for (i, p) in pool.iter().enumerate() {
                    let (oa, ob) = (ours3(&p.a), ours3(&p.b));
                    let (pa, pb) = (our_pose3(&p.pa), our_pose3(&p.pb));
                    let s = match (&oa, &ob) {
                        (Ours3::Box(a), Ours3::Box(b)) => separation(a, &pa, b, &pb).cast_f64(),
                        (Ours3::Hull(a), Ours3::Hull(b)) => separation(a, &pa, b, &pb).cast_f64(),
                        _ => unreachable!(),
                    };
                    let (ga, gb) = (parry_shape3(&p.a), parry_shape3(&p.b));
                    let (qa, qb) = (parry_pose3(&p.pa), parry_pose3(&p.pb));
                    let pbool =
                        parry3::query::intersection_test(&qa, ga.as_ref(), &qb, gb.as_ref())
                            .unwrap()
                            .intersecting;
                    let contact =
                        parry3::query::contact(&qa, ga.as_ref(), &qb, gb.as_ref(), 0.0).unwrap();
                    if kind == "box" && s.0 <= 0.0 {
                        let c = parry3::query::details::contact_cuboid_cuboid(
                            &qa.inv_mul(&qb),
                            ga.as_cuboid().unwrap(),
                            gb.as_cuboid().unwrap(),
                            0.0,
                        );
                        t.cuboid_missing += usize::from(c.is_none());
                    }
                    let pn = contact.map(|c| {
                        Vector3::new(
                            f64::from(c.normal1.x),
                            f64::from(c.normal1.y),
                            f64::from(c.normal1.z),
                        )
                    });
                    let (a64, b64) = (
                        parry_compare::p64::ours3(&p.a),
                        parry_compare::p64::ours3(&p.b),
                    );
                    let (pa64, pb64) = (
                        parry_compare::p64::our_pose3(&p.pa),
                        parry_compare::p64::our_pose3(&p.pb),
                    );
                    let exact = |u: &Vector3<f64>| match (&a64, &b64) {
                        (parry_compare::p64::Ours3::Box(a), parry_compare::p64::Ours3::Box(b)) => {
                            gap(a, &pa64, b, &pb64, u)
                        }
                        (
                            parry_compare::p64::Ours3::Hull(a),
                            parry_compare::p64::Ours3::Hull(b),
                        ) => gap(a, &pa64, b, &pb64, u),
                        _ => unreachable!(),
                    };
                    let our_axis = Vector3::new(s.1[0], s.1[1], s.1[2]);
                    let exact_dist = match (&a64, &b64) {
                        (parry_compare::p64::Ours3::Box(a), parry_compare::p64::Ours3::Box(b)) => {
                            separation(a, &pa64, b, &pb64).distance
                        }
                        (
                            parry_compare::p64::Ours3::Hull(a),
                            parry_compare::p64::Ours3::Hull(b),
                        ) => separation(a, &pa64, b, &pb64).distance,
                        _ => unreachable!(),
                    };
                    record(
                        &mut t,
                        s.0,
                        pbool,
                        contact.map(|c| (-f64::from(c.dist), 0.0)),
                        pn.map(|n| (n - our_axis).norm()),
                        exact(&our_axis),
                        pn.and_then(|n| Unit::try_new(n, 0.0)).map(|n| exact(&n)),
                        exact_dist,
                        &format!("{} 3d-{kind} {} #{i}", $prec, mix.name()),
                    );
                }
                $rows.push(t.row($prec, &format!("3d-{kind}"), mix));
                $notes.extend(t.bool_disagree.iter().take(5).cloned());
                if !t.max_depth_note.is_empty() {
                    $notes.push(format!(
                        "largest depth difference, {} 3d-{kind} {}: {}",
                        $prec,
                        mix.name(),
                        t.max_depth_note
                    ));
                }
            }
        }
    }};
}

/// `(distance, axis)` of a separation in f64.
trait CastF64 {
    fn cast_f64(&self) -> (f64, Vec<f64>);
}

impl<T: separating_axis::Real, const N: usize> CastF64 for separating_axis::Separation<T, N> {
    fn cast_f64(&self) -> (f64, Vec<f64>) {
        let f = |x: T| x.to_f64().unwrap_or(f64::NAN);
        (f(self.distance), self.axis.iter().map(|&x| f(x)).collect())
    }
}

fn main() {
    let _ = oracle3d::hull_planes;
    let _: Option<&dyn Shape<f64, 2>> = None;
    let mut rows = Vec::new();
    let mut notes = Vec::new();
    report!(p32, "f32", rows, notes);
    report!(p64, "f64", rows, notes);
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
