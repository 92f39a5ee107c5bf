//! One cell of the comparison, for callgrind: the same query over the same
//! pool as `benches/compare.rs` times, inside one `#[inline(never)]`
//! function ([`measured`]) that the driver (`count.py`) names in
//! `--toggle-collect`, so the count holds the queries and the pool loop
//! only (the pool is built and converted outside it, and the query runs
//! once over the pool, uncollected, before it).
//!
//! ```text
//! count <precision> <dim-kind> <mix> <query> <library> <order> [reps]
//!   precision  f32 | f64
//!   dim-kind   2d-box | 2d-8gon | 2d-circle-8gon | 3d-box | 3d-hull16 | 3d-hull32 |
//!              3d-hull64 | 3d-hull128 | 2d-compound-box | 2d-compound-compound (the
//!              compound cells: mixed, ab only); a 2D kind with the suffix
//!              `-alt` (`2d-8gon-alt`) takes its pools from the second
//!              generator, `pool2_alt`
//!   mix        mixed | separated | deep
//!   query      intersects | penetration | manifold (`contact_manifold`,
//!              margin 0; parry's `contact_manifold_convex_convex`, or for
//!              parry-cuboid `contact_manifold_cuboid_cuboid`; not in `--list`) |
//!              manifold-into (ours `contact_manifold_into` refilling one
//!              manifold, parry as for manifold: both in place; not in `--list`) |
//!              distance | cast | project | ray (`cast_ray`, both) | ray-toi
//!              (ours `cast_ray_toi`, parry `cast_ray`) | ray-normal (ours
//!              `cast_ray`, parry `cast_ray_and_get_normal`)
//!   library    ours | ours-dyn (the same pairs through `&dyn Shape`; not
//!              in `--list`) | parry | parry-cuboid (box kinds: parry's cuboid–cuboid
//!              functions, `intersection_test_cuboid_cuboid` and
//!              `contact_manifold_cuboid_cuboid`)
//!   order      ab (the pool's pairs as drawn) | ba (each pair swapped)
//!   reps       repetitions of the pool inside `measured` (default 2)
//! count --list        every cell, one a line, in the table's order
//! ```
//!
//! Prints `hits=<h> queries=<q>`: the pairs reported intersecting or in
//! contact over the measured repetitions (so the work cannot be optimised
//! away) and the number of queries measured (`reps · POOL`), which the
//! driver divides the instruction count by.

#[path = "count/compound.rs"]
mod compound;

use std::hint::black_box;
use std::process::ExitCode;

use parry_compare::{
    base_kind, pool2, pool3, seed, Mix, Pair2, Pair3, KINDS2, KINDS2_ALT, KINDS3, POOL,
};

/// The measured region: `reps` runs of `query` over its pool. The driver
/// collects instructions from entry to exit of this function (and all it
/// calls); its own loop costs a few instructions per repetition.
#[inline(never)]
fn measured(reps: usize, query: &mut dyn FnMut() -> usize) -> usize {
    let mut hits = 0;
    for _ in 0..reps {
        hits += query();
    }
    hits
}

/// Runs `query` once outside the measured region (first-call effects such
/// as the dynamic linker's lazy binding), then `reps` times inside it.
fn run(reps: usize, mut query: impl FnMut() -> usize) -> usize {
    black_box(query());
    start_instrumentation();
    black_box(measured(reps, &mut query))
}

/// Callgrind's `CALLGRIND_START_INSTRUMENTATION` (valgrind/callgrind.h):
/// the driver starts valgrind with `--instr-atstart=no`, so that building
/// the pools runs at near-native speed, and instrumentation starts here,
/// just before [`measured`]. Outside valgrind the sequence is a no-op
/// (four rotations of `rdi` by 128 bits in all, and `xchg rbx, rbx`).
#[cfg(target_arch = "x86_64")]
fn start_instrumentation() {
    // VG_USERREQ_TOOL_BASE('C', 'T') + 4.
    const START_INSTRUMENTATION: u64 = (0x43 << 24 | 0x54 << 16) + 4;
    let args: [u64; 6] = [START_INSTRUMENTATION, 0, 0, 0, 0, 0];
    let mut result: u64 = 0;
    // SAFETY: valgrind's client-request sequence for amd64
    // (VALGRIND_DO_CLIENT_REQUEST_EXPR); it reads the six words at `rax`
    // and writes only `rdx`.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") result,
            in("rax") args.as_ptr(),
            options(nostack),
        );
    }
    black_box(result);
}

/// No client requests off x86-64: run the driver with `--instr-atstart=yes`.
#[cfg(not(target_arch = "x86_64"))]
fn start_instrumentation() {}

/// Our query over `$typed` (a `Vec` of `(&A, &pose, &B, &pose)` with
/// concrete shape types), written as `benches/compare.rs`'s `ours_bench!`.
/// A typed pair seen through `&dyn Shape`: the `ours-dyn` cells time the
/// same pairs as `ours` through the trait object (the hooks route them).
#[allow(clippy::type_complexity)]
fn as_dyn<'a, T: separating_axis::Real, const N: usize, A, B>(
    (a, pa, b, pb): &(
        &'a A,
        &'a separating_axis::Pose<T, N>,
        &'a B,
        &'a separating_axis::Pose<T, N>,
    ),
) -> (
    &'a dyn separating_axis::Shape<T, N>,
    &'a separating_axis::Pose<T, N>,
    &'a dyn separating_axis::Shape<T, N>,
    &'a separating_axis::Pose<T, N>,
)
where
    A: separating_axis::Shape<T, N>,
    B: separating_axis::Shape<T, N>,
{
    (*a, *pa, *b, *pb)
}

/// [`ours!`] on the pairs through `&dyn Shape` when `$dynamic`.
macro_rules! ours_maybe_dyn {
    ($reps:expr, $query:expr, $typed:expr, $dynamic:expr) => {{
        let typed = $typed;
        if $dynamic {
            let through_dyn: Vec<_> = typed.iter().map(as_dyn).collect();
            ours!($reps, $query, through_dyn)
        } else {
            ours!($reps, $query, typed)
        }
    }};
}

macro_rules! ours {
    ($reps:expr, $query:expr, $typed:expr) => {{
        let typed = &$typed;
        match $query {
            "intersects" => run($reps, || {
                typed
                    .iter()
                    .filter(|(a, pa, b, pb)| separating_axis::intersects(black_box(*a), pa, *b, pb))
                    .count()
            }),
            "ray" | "ray-normal" => run($reps, || {
                typed
                    .iter()
                    .filter_map(|(_, pa, b, pb)| {
                        // From A's origin towards B's, solid, as far as 10.
                        let d = pb.translation.vector - pa.translation.vector;
                        let ray =
                            separating_axis::Ray::new(pa.translation.vector.into(), d / d.norm());
                        separating_axis::cast_ray(black_box(*b), pb, &ray, 10.0, true)
                    })
                    .count()
            }),
            "ray-toi" => run($reps, || {
                typed
                    .iter()
                    .filter_map(|(_, pa, b, pb)| {
                        let d = pb.translation.vector - pa.translation.vector;
                        let ray =
                            separating_axis::Ray::new(pa.translation.vector.into(), d / d.norm());
                        separating_axis::cast_ray_toi(black_box(*b), pb, &ray, 10.0, true)
                    })
                    .count()
            }),
            "project" => run($reps, || {
                typed
                    .iter()
                    .filter(|(_, pa, b, pb)| {
                        // A's origin, and the midpoint of the origins.
                        let p = pa.translation.vector;
                        let m = (p + pb.translation.vector) * 0.5;
                        separating_axis::project_point(black_box(*b), pb, &p.into()).inside
                            ^ separating_axis::project_point(black_box(*b), pb, &m.into()).inside
                    })
                    .count()
            }),
            "cast" => run($reps, || {
                typed
                    .iter()
                    .filter_map(|(a, pa, b, pb)| {
                        // B moves towards A at unit speed, as benches/motion.rs.
                        let d = pa.translation.vector - pb.translation.vector;
                        let v = d / d.norm();
                        separating_axis::cast_shapes(
                            black_box(*a),
                            pa,
                            &nalgebra::SVector::zeros(),
                            *b,
                            pb,
                            &v,
                            d.norm() + 4.0,
                        )
                    })
                    .count()
            }),
            "distance" => run($reps, || {
                typed
                    .iter()
                    .filter(|(a, pa, b, pb)| {
                        separating_axis::distance(black_box(*a), pa, *b, pb) > 0.0
                    })
                    .count()
            }),
            "manifold" => run($reps, || {
                typed
                    .iter()
                    .filter(|(a, pa, b, pb)| {
                        !separating_axis::contact_manifold(black_box(*a), pa, *b, pb, 0.0)
                            .is_empty()
                    })
                    .count()
            }),
            "manifold-into" => {
                let mut m = separating_axis::Manifold::new();
                run($reps, || {
                    typed
                        .iter()
                        .filter(|(a, pa, b, pb)| {
                            separating_axis::contact_manifold_into(
                                black_box(*a),
                                pa,
                                *b,
                                pb,
                                0.0,
                                &mut m,
                            );
                            !m.is_empty()
                        })
                        .count()
                })
            }
            _ => run($reps, || {
                typed
                    .iter()
                    .filter_map(|(a, pa, b, pb)| {
                        separating_axis::penetration(black_box(*a), pa, *b, pb)
                    })
                    .count()
            }),
        }
    }};
}

/// parry's query over `$theirs`, written as `benches/compare.rs`'s
/// `parry_bench!`; `$p` is the parry module (2D or 3D re-exports).
macro_rules! parry {
    ($reps:expr, $query:expr, $theirs:expr, $p:ident) => {{
        let theirs = &$theirs;
        match $query {
            "intersects" => run($reps, || {
                theirs
                    .iter()
                    .filter(|(a, pa, b, pb)| {
                        $p::query::intersection_test(pa, black_box(a.as_ref()), pb, b.as_ref())
                            .unwrap()
                            .intersecting
                    })
                    .count()
            }),
            "ray" | "ray-toi" => run($reps, || {
                theirs
                    .iter()
                    .filter_map(|(_, pa, b, pb)| {
                        let d = pb.translation - pa.translation;
                        let ray = $p::query::Ray::new(pa.translation, d / d.length());
                        black_box(b.as_ref()).cast_ray(pb, &ray, 10.0, true)
                    })
                    .count()
            }),
            "ray-normal" => run($reps, || {
                theirs
                    .iter()
                    .filter_map(|(_, pa, b, pb)| {
                        let d = pb.translation - pa.translation;
                        let ray = $p::query::Ray::new(pa.translation, d / d.length());
                        black_box(b.as_ref()).cast_ray_and_get_normal(pb, &ray, 10.0, true)
                    })
                    .count()
            }),
            "project" => run($reps, || {
                theirs
                    .iter()
                    .filter(|(_, pa, b, pb)| {
                        let p = pa.translation;
                        let m = (p + pb.translation) * 0.5;
                        black_box(b.as_ref()).project_point(pb, p, false).is_inside
                            ^ black_box(b.as_ref()).project_point(pb, m, false).is_inside
                    })
                    .count()
            }),
            "cast" => run($reps, || {
                theirs
                    .iter()
                    .filter_map(|(a, pa, b, pb)| {
                        let d = pa.translation - pb.translation;
                        let v = d / d.length();
                        $p::query::cast_shapes(
                            pa,
                            $p::Vector::ZERO,
                            black_box(a.as_ref()),
                            pb,
                            v,
                            b.as_ref(),
                            $p::query::ShapeCastOptions::with_max_time_of_impact(d.length() + 4.0),
                        )
                        .unwrap()
                    })
                    .count()
            }),
            "distance" => run($reps, || {
                theirs
                    .iter()
                    .filter(|(a, pa, b, pb)| {
                        $p::query::distance(pa, black_box(a.as_ref()), pb, b.as_ref())
                            .unwrap()
                            .distance
                            > 0.0
                    })
                    .count()
            }),
            "manifold" | "manifold-into" => {
                use $p::query::{
                    ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
                };
                let mut manifold = ContactManifold::<(), ()>::new();
                run($reps, || {
                    theirs
                        .iter()
                        .filter(|(a, pa, b, pb)| {
                            manifold.clear();
                            DefaultQueryDispatcher
                                .contact_manifold_convex_convex(
                                    &pa.inv_mul(pb),
                                    black_box(a.as_ref()),
                                    b.as_ref(),
                                    None,
                                    None,
                                    0.0,
                                    &mut manifold,
                                )
                                .unwrap();
                            !manifold.points.is_empty()
                        })
                        .count()
                })
            }
            _ => run($reps, || {
                theirs
                    .iter()
                    .filter_map(|(a, pa, b, pb)| {
                        $p::query::contact(pa, black_box(a.as_ref()), pb, b.as_ref(), 0.0).unwrap()
                    })
                    .count()
            }),
        }
    }};
}

/// parry's cuboid–cuboid functions over `$theirs` (every shape a cuboid),
/// written as `benches/compare.rs`'s cuboid benches.
macro_rules! parry_cuboid {
    ($reps:expr, $query:expr, $theirs:expr, $p:ident) => {{
        let cuboids: Vec<_> = $theirs
            .iter()
            .map(|(a, pa, b, pb)| (*a.as_cuboid().unwrap(), *pa, *b.as_cuboid().unwrap(), *pb))
            .collect();
        let cuboids = &cuboids;
        match $query {
            "intersects" => run($reps, || {
                cuboids
                    .iter()
                    .filter(|(a, pa, b, pb)| {
                        $p::query::details::intersection_test_cuboid_cuboid(
                            &pa.inv_mul(pb),
                            black_box(a),
                            b,
                        )
                    })
                    .count()
            }),
            _ => {
                let mut manifold = $p::query::ContactManifold::<(), ()>::new();
                run($reps, || {
                    cuboids
                        .iter()
                        .filter(|(a, pa, b, pb)| {
                            manifold.clear();
                            $p::query::details::contact_manifold_cuboid_cuboid(
                                &pa.inv_mul(pb),
                                black_box(a),
                                b,
                                0.0,
                                &mut manifold,
                            );
                            !manifold.points.is_empty()
                        })
                        .count()
                })
            }
        }
    }};
}

/// The pool's pairs as concrete types: `$Enum::$A` and `$Enum::$B`, as
/// `benches/compare.rs`'s `typed!` unwraps them.
macro_rules! typed {
    ($ours:expr, $Enum:ident, $A:ident, $B:ident) => {
        $ours
            .iter()
            .map(|(a, pa, b, pb)| match (a, b) {
                ($Enum::$A(a), $Enum::$B(b)) => (a, pa, b, pb),
                _ => unreachable!("one kind per pool"),
            })
            .collect::<Vec<_>>()
    };
}

/// One cell in one precision (`$m`: `p32` or `p64`); `pool` is already in
/// the cell's argument order.
macro_rules! cell {
    ($fn_name:ident, $m:ident) => {
        fn $fn_name(cell: &Cell, pool: Pools) -> usize {
            use parry_compare::$m::*;
            let Cell { query, library, .. } = *cell;
            let reps = cell.reps;
            match pool {
                Pools::Two(pool) => {
                    if library.starts_with("ours") {
                        let d = library == "ours-dyn";
                        let ours: Vec<_> = pool
                            .iter()
                            .map(|p| (ours2(&p.a), our_pose2(&p.pa), ours2(&p.b), our_pose2(&p.pb)))
                            .collect();
                        match (base_kind(cell.kind), cell.swapped) {
                            ("box", _) => {
                                ours_maybe_dyn!(reps, query, typed!(ours, Ours2, Obb, Obb), d)
                            }
                            ("8gon", _) => ours_maybe_dyn!(
                                reps,
                                query,
                                typed!(ours, Ours2, Polytope, Polytope),
                                d
                            ),
                            (_, false) => {
                                ours_maybe_dyn!(reps, query, typed!(ours, Ours2, Ball, Polytope), d)
                            }
                            (_, true) => {
                                ours_maybe_dyn!(reps, query, typed!(ours, Ours2, Polytope, Ball), d)
                            }
                        }
                    } else {
                        let theirs: Vec<_> = pool
                            .iter()
                            .map(|p| {
                                (
                                    parry_shape2(&p.a),
                                    parry_pose2(&p.pa),
                                    parry_shape2(&p.b),
                                    parry_pose2(&p.pb),
                                )
                            })
                            .collect();
                        if library == "parry" {
                            parry!(reps, query, theirs, parry2)
                        } else {
                            parry_cuboid!(reps, query, theirs, parry2)
                        }
                    }
                }
                Pools::Three(pool) => {
                    if library.starts_with("ours") {
                        let d = library == "ours-dyn";
                        let ours: Vec<_> = pool
                            .iter()
                            .map(|p| (ours3(&p.a), our_pose3(&p.pa), ours3(&p.b), our_pose3(&p.pb)))
                            .collect();
                        match (cell.kind, cell.swapped) {
                            ("box", _) => {
                                ours_maybe_dyn!(reps, query, typed!(ours, Ours3, Obb, Obb), d)
                            }
                            ("capsule-box", false) => {
                                ours_maybe_dyn!(reps, query, typed!(ours, Ours3, Capsule, Obb), d)
                            }
                            ("capsule-box", true) => {
                                ours_maybe_dyn!(reps, query, typed!(ours, Ours3, Obb, Capsule), d)
                            }
                            _ => ours_maybe_dyn!(
                                reps,
                                query,
                                typed!(ours, Ours3, Polytope, Polytope),
                                d
                            ),
                        }
                    } else {
                        let theirs: Vec<_> = pool
                            .iter()
                            .map(|p| {
                                (
                                    parry_shape3(&p.a),
                                    parry_pose3(&p.pa),
                                    parry_shape3(&p.b),
                                    parry_pose3(&p.pb),
                                )
                            })
                            .collect();
                        if library == "parry" {
                            parry!(reps, query, theirs, parry3)
                        } else {
                            parry_cuboid!(reps, query, theirs, parry3)
                        }
                    }
                }
            }
        }
    };
}

cell!(cell_f32, p32);
cell!(cell_f64, p64);

/// A pool in its cell's argument order.
enum Pools {
    Two(Vec<Pair2>),
    Three(Vec<Pair3>),
}

/// One cell, parsed from the command line.
struct Cell<'a> {
    f64: bool,
    three: bool,
    kind: &'a str,
    mix: Mix,
    query: &'a str,
    library: &'a str,
    swapped: bool,
    reps: usize,
}

const USAGE: &str = "usage: count <f32|f64> <2d-KIND|3d-KIND> <mixed|separated|deep> \
<intersects|penetration|manifold|distance|cast|ray|ray-toi|ray-normal|project> <ours|parry|parry-cuboid> <ab|ba> [reps]\n       count --list";

/// Every cell, in the table's order: precision, dimension and kind, mix,
/// query; then library and order.
fn list() {
    for precision in ["f32", "f64"] {
        let kinds = KINDS2
            .iter()
            .chain(KINDS2_ALT.iter())
            .map(|k| format!("2d-{k}"))
            .chain(KINDS3.iter().map(|k| format!("3d-{k}")));
        for kind in kinds {
            for mix in Mix::ALL {
                for query in ["intersects", "penetration"] {
                    let libraries: &[&str] = if base_kind(&kind).ends_with("-box") {
                        &["ours", "parry", "parry-cuboid"]
                    } else {
                        &["ours", "parry"]
                    };
                    for library in libraries {
                        for order in ["ab", "ba"] {
                            println!(
                                "{precision} {kind} {} {query} {library} {order}",
                                mix.name()
                            );
                        }
                    }
                }
            }
        }
        for kind in compound::COMPOUND_KINDS {
            for query in ["intersects", "penetration"] {
                for library in ["ours", "parry"] {
                    println!("{precision} 2d-{kind} mixed {query} {library} ab");
                }
            }
        }
    }
}

fn parse(args: &[String]) -> Option<Cell<'_>> {
    if args.len() != 6 && args.len() != 7 {
        return None;
    }
    let (three, kind) = match args[1].split_once('-')? {
        ("2d", k) if KINDS2.contains(&k) || KINDS2_ALT.contains(&k) => (false, k),
        // The manifold comparison's capsule–box pool (`ba`: box–capsule), not in `--list`.
        ("3d", k) if KINDS3.contains(&k) || k == "capsule-box" => (true, k),
        _ => return None,
    };
    let library = args[4].as_str();
    let known = matches!(library, "ours" | "ours-dyn" | "parry")
        || (library == "parry-cuboid" && base_kind(kind) == "box");
    let cell = Cell {
        f64: match args[0].as_str() {
            "f32" => false,
            "f64" => true,
            _ => return None,
        },
        three,
        kind,
        mix: *Mix::ALL.iter().find(|m| m.name() == args[2])?,
        query: [
            "intersects",
            "penetration",
            "manifold",
            "manifold-into",
            "distance",
            "cast",
            "ray",
            "ray-toi",
            "ray-normal",
            "project",
        ]
        .into_iter()
        .find(|q| *q == args[3])?,
        library: if known { library } else { return None },
        swapped: match args[5].as_str() {
            "ab" => false,
            "ba" => true,
            _ => return None,
        },
        reps: match args.get(6) {
            Some(r) => r.parse().ok().filter(|&r| r > 0)?,
            None => 2,
        },
    };
    Some(cell)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 1 && args[0] == "--list" {
        list();
        return ExitCode::SUCCESS;
    }
    if let Some(kind) = args
        .get(1)
        .and_then(|k| k.strip_prefix("2d-"))
        .filter(|k| compound::COMPOUND_KINDS.contains(k))
    {
        let reps = args.get(6).and_then(|r| r.parse().ok()).unwrap_or(2);
        let (query, library) = (args[3].as_str(), args[4].as_str());
        let hits = if args[0] == "f64" {
            compound::compound_f64(kind, query, library, reps)
        } else {
            compound::compound_f32(kind, query, library, reps)
        };
        println!("hits={hits} queries={}", reps * POOL);
        return ExitCode::SUCCESS;
    }
    let Some(cell) = parse(&args) else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let pool = if cell.three {
        let pool = pool3(cell.kind, cell.mix, seed(cell.kind, cell.mix));
        Pools::Three(if cell.swapped {
            pool.into_iter()
                .map(|p| Pair3 {
                    a: p.b,
                    pa: p.pb,
                    b: p.a,
                    pb: p.pa,
                })
                .collect()
        } else {
            pool
        })
    } else {
        let pool = pool2(cell.kind, cell.mix, seed(cell.kind, cell.mix));
        Pools::Two(if cell.swapped {
            pool.into_iter()
                .map(|p| Pair2 {
                    a: p.b,
                    pa: p.pb,
                    b: p.a,
                    pb: p.pa,
                })
                .collect()
        } else {
            pool
        })
    };
    let hits = if cell.f64 {
        cell_f64(&cell, pool)
    } else {
        cell_f32(&cell, pool)
    };
    println!("hits={hits} queries={}", cell.reps * POOL);
    ExitCode::SUCCESS
}
