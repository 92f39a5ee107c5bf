//! Property tests of the 2D queries, with quickcheck, for `f32` and `f64`,
//! over the pair kinds polygon-polygon, circle-polygon, polygon-circle,
//! circle-circle, obb-obb, obb-circle, aabb-polygon, circle-aabb and
//! polygon-obb (`tests/support/scene2d.rs` generates them):
//!
//! * swapping A and B gives the same answer with the normal negated;
//! * moving B by the MTV leaves the shapes touching, a little further
//!   separates them (per the library and per the oracle);
//! * no translation shorter than the depth separates them (oracle);
//! * the polygon fast path agrees with the generic engine;
//! * every query agrees with the independent oracle (booleans, depth,
//!   containment, point containment), and a positive distance is a lower
//!   bound of the true distance;
//! * the reported axis is consistent with the reported distance, and the
//!   queries with each other.
//!
//! Near-touching pairs (oracle signed distance within `BAND * scale` of
//! zero, see `TestReal`) are not judged by the boolean checks: there the
//! answer is decided by the last bits of rounding.
//!
//! Quickcheck runs from a fixed seed (`support::scene2d::DEFAULT_QC_SEED`); set
//! `SAT_QC_SEED` and `QUICKCHECK_TESTS` to explore more cases. A failure
//! prints what broke and the expression that rebuilds the scene
//! (`replay: Scene::<f64>::from_seed(0x...)`).

use crate::support::oracle2d as oracle;
use crate::support::rng::Rng;
use crate::support::scalars::{f, t, vf, TestReal};
use crate::support::scene2d::{check, fail, AnyShape, PairKind, PolygonScene, Scene};
use num_traits::Zero;
use quickcheck::TestResult;
use separating_axis::{pair::polygon_polygon, Feature, Penetration};

/// (a) Swapping A and B: the same boolean (outside the near-touching band),
/// the same signed distance, the normal negated.
///
/// When two candidate axes tie within tolerance, the swapped query may pick
/// the other one (a tie goes to the axis tried first, and swapping changes
/// the order in which the axes are tried as well as their rounding), so a
/// different normal is accepted exactly when it is as good for the original
/// pair: the original pair's gap along the negated swapped normal equals
/// its distance.
fn swap_symmetry<T: TestReal>(scene: Scene<T>) -> TestResult {
    let scale = scene.scale();
    let tol = T::AGREE * scale;
    let swapped = scene.swapped();
    let (s, w) = (scene.separation(), swapped.separation());
    let (d, dw) = (f(s.distance), f(w.distance));
    if (d - dw).abs() > tol {
        return fail(&scene, format!("distance {d:e}, swapped {dw:e}"));
    }
    if !scene.near_touching() && scene.intersects() != swapped.intersects() {
        return fail(&scene, "intersects differs from the swapped pair's");
    }
    let (p, q) = (scene.penetration(), swapped.penetration());
    if let (Some(p), Some(q)) = (p, q)
        && (f(p.depth) - f(q.depth)).abs() > tol
    {
        return fail(
            &scene,
            format!("depth {:e}, swapped {:e}", f(p.depth), f(q.depth)),
        );
    }
    if (vf(&s.axis) + vf(&w.axis)).norm() > T::NORMAL {
        let g = f(scene.gap_along(&-w.axis.into_inner()));
        if (g - d).abs() > tol {
            return fail(
                &scene,
                format!(
                    "axis {:?} ({:?}), swapped {:?} ({:?}) is not a tie: gap {g:e} vs {d:e}",
                    s.axis, s.feature, w.axis, w.feature
                ),
            );
        }
    }
    TestResult::passed()
}

/// (b) Moving B by the MTV leaves the shapes touching (library and oracle
/// distance ~0); moving it by `1.001` times the MTV separates them (library
/// distance > 0, `intersects` false, oracle apart). Penetrations shallower
/// than `MIN_DEPTH * scale` are skipped: there `0.001 * depth` drowns in
/// round-off.
fn mtv_leaves_shapes_touching<T: TestReal>(scene: Scene<T>) -> TestResult {
    let Some(p) = scene.penetration() else {
        return TestResult::discard();
    };
    let scale = scene.scale();
    let depth = f(p.depth);
    if depth < T::MIN_DEPTH * scale {
        return TestResult::discard();
    }
    let tol = T::AGREE * scale;
    let touching = scene.with_b_moved(&p.mtv());
    let d0 = f(touching.separation().distance);
    if d0.abs() > tol {
        return fail(
            &scene,
            format!("after the MTV ({p:?}) distance {d0:e}, not ~0"),
        );
    }
    let (wa, wb) = (scene.world_a(), scene.world_b());
    let normal = vf(&p.normal);
    let sd0 = oracle::signed_distance(&wa, &wb.translated(&(normal * depth)));
    if sd0.abs() > tol {
        return fail(
            &scene,
            format!("after the MTV ({p:?}) the oracle's distance is {sd0:e}"),
        );
    }
    let apart = scene.with_b_moved(&(p.mtv() * t::<T>(1.001)));
    let d1 = f(apart.separation().distance);
    if d1 <= 0.0 || apart.intersects() {
        return fail(
            &scene,
            format!("after 1.001 MTV ({p:?}) distance {d1:e}, still overlapping"),
        );
    }
    if oracle::overlaps(&wa, &wb.translated(&(normal * (1.001 * depth)))) {
        return fail(
            &scene,
            format!("after 1.001 MTV ({p:?}) the oracle says overlapping"),
        );
    }
    TestResult::passed()
}

/// The 256 unit directions of the minimality property, evenly spaced.
fn directions() -> impl Iterator<Item = oracle::V> {
    (0..256).map(|k| {
        let angle = f64::from(k) * core::f64::consts::TAU / 256.0;
        oracle::V::new(angle.cos(), angle.sin())
    })
}

/// (c) The MTV is minimal: moving B by `0.999 * depth` in any of 256
/// directions leaves the shapes overlapping, per the oracle (independent
/// code, in `f64`).
fn mtv_is_minimal_over_sampled_directions<T: TestReal>(scene: Scene<T>) -> TestResult {
    let Some(p) = scene.penetration() else {
        return TestResult::discard();
    };
    let depth = f(p.depth);
    if depth < T::MIN_DEPTH * scene.scale() {
        return TestResult::discard();
    }
    let (wa, wb) = (scene.world_a(), scene.world_b());
    for dir in directions() {
        if !oracle::overlaps(&wa, &wb.translated(&(dir * (0.999 * depth)))) {
            return fail(
                &scene,
                format!("moving B by 0.999 * depth along {dir:?} separates: depth {p:?} too large"),
            );
        }
    }
    TestResult::passed()
}

/// (d) The polygon fast path against the generic engine: the top-level
/// query routes polygon pairs to the fast path; the same booleans (outside
/// the near-touching band); distances within `AGREE * scale` of each other
/// and of the best gap over the candidate axes (edge normals, computed here
/// from support values); the same feature and axis when no two candidate
/// gaps tie within that tolerance.
fn fast_path_matches_engine<T: TestReal>(PolygonScene(scene): PolygonScene<T>) -> TestResult {
    let (a, b) = scene.polygons().expect("a polygon scene");
    let (pa, pb) = (&scene.pose_a, &scene.pose_b);
    let scale = scene.scale();
    let tol = T::AGREE * scale;
    let fast = polygon_polygon::separation(a, pa, b, pb);
    let engine = scene.engine_separation();
    if scene.separation() != fast {
        return fail(&scene, "separation() did not take the polygon fast path");
    }
    let (df, de) = (f(fast.distance), f(engine.distance));
    if (df - de).abs() > tol {
        return fail(&scene, format!("fast {fast:?}, engine {engine:?}"));
    }
    if !scene.near_touching() {
        let fast_hit = polygon_polygon::intersects(a, pa, b, pb);
        if fast_hit != scene.engine_intersects()
            || fast_hit != scene.intersects()
            || fast_hit != (df <= 0.0)
        {
            return fail(
                &scene,
                format!("booleans differ: fast intersects {fast_hit}, {fast:?}"),
            );
        }
        // `penetration` stops at the first positive gap (after probing the
        // edges facing the centres): the same verdict, the full depth.
        match separating_axis::penetration(a, pa, b, pb) {
            Some(p) if fast_hit && (f(p.depth) + df).abs() <= tol => {}
            None if !fast_hit => {}
            other => {
                return fail(&scene, format!("penetration {other:?}, fast {fast:?}"));
            }
        }
    }
    let mut gaps: Vec<(f64, Feature)> = a
        .normals()
        .iter()
        .enumerate()
        .map(|(i, n)| {
            (
                f(scene.gap_along(&(pa.rotation * n.into_inner()))),
                Feature::FaceA(i),
            )
        })
        .chain(b.normals().iter().enumerate().map(|(j, m)| {
            (
                f(scene.gap_along(&-(pb.rotation * m.into_inner()))),
                Feature::FaceB(j),
            )
        }))
        .collect();
    gaps.sort_by(|x, y| y.0.total_cmp(&x.0));
    if (gaps[0].0 - df).abs() > tol {
        return fail(
            &scene,
            format!("fast {fast:?}, best candidate gap {:?}", gaps[0]),
        );
    }
    if gaps[0].0 - gaps[1].0 > tol {
        let same_axis = (vf(&fast.axis) - vf(&engine.axis)).norm() <= T::NORMAL;
        if fast.feature != engine.feature || fast.feature != gaps[0].1 || !same_axis {
            return fail(
                &scene,
                format!(
                    "no tie, yet fast {fast:?}, engine {engine:?}, best {:?}",
                    gaps[0]
                ),
            );
        }
    }
    TestResult::passed()
}

/// (e) Agreement with the oracle outside the near-touching band: every
/// boolean (`intersects`, the engine's, `separation().distance <= 0`,
/// `penetration().is_some()`) equals the oracle's edge-crossing answer, and
/// an overlap's depth is the oracle's penetration depth (the answers are
/// exact).
fn agrees_with_oracle<T: TestReal>(scene: Scene<T>) -> TestResult {
    let scale = scene.scale();
    let (wa, wb) = (scene.world_a(), scene.world_b());
    let sd = oracle::signed_distance(&wa, &wb);
    if sd.abs() < T::BAND * scale {
        return TestResult::discard();
    }
    let overlap = oracle::overlaps(&wa, &wb);
    let s = scene.separation();
    let d = f(s.distance);
    let answers = [
        scene.intersects(),
        scene.engine_intersects(),
        d <= 0.0,
        scene.penetration().is_some(),
    ];
    if answers.iter().any(|&x| x != overlap) {
        return fail(
            &scene,
            format!(
                "oracle overlap {overlap} (signed distance {sd:e}); intersects, engine, \
                 distance <= 0, penetration: {answers:?}; {s:?}"
            ),
        );
    }
    if overlap && (d - sd).abs() > T::AGREE * scale {
        return fail(&scene, format!("depth {:e}, oracle depth {:e}", -d, -sd));
    }
    TestResult::passed()
}

/// (f) For separated pairs (per the oracle, outside the band) the distance
/// is positive and at most the true Euclidean distance: a single gap is a
/// lower bound of the distance (docs/sat-proof.md, §2), exact only when
/// the nearest features are a face and a point, or two balls.
fn separation_is_a_lower_bound_of_the_distance<T: TestReal>(scene: Scene<T>) -> TestResult {
    let scale = scene.scale();
    let sd = scene.oracle_signed_distance();
    if sd < T::BAND * scale {
        return TestResult::discard();
    }
    let d = f(scene.separation().distance);
    if d <= 0.0 || d > sd + T::AGREE * scale {
        return fail(&scene, format!("distance {d:e}, true distance {sd:e}"));
    }
    TestResult::passed()
}

/// (g) The reported axis is a unit vector and the gap along it, from the
/// posed shapes' support values, is the reported distance; for the
/// top-level query and for the engine.
fn axis_gives_distance<T: TestReal>(scene: Scene<T>) -> TestResult {
    let tol = T::AGREE * scene.scale();
    for (name, s) in [
        ("separation", scene.separation()),
        ("engine", scene.engine_separation()),
    ] {
        let norm = vf(&s.axis).norm();
        let gap = f(scene.gap_along(&s.axis));
        if (norm - 1.0).abs() > T::NORMAL || (gap - f(s.distance)).abs() > tol {
            return fail(
                &scene,
                format!("{name}: {s:?}, |axis| = {norm}, gap along the axis {gap:e}"),
            );
        }
    }
    TestResult::passed()
}

/// (h) The queries agree with each other exactly, with no tolerance and
/// no band (the scenes include pairs that touch exactly): `intersects` is
/// `separation().distance <= 0`; `penetration()` is present exactly then,
/// with `depth = -distance`, the same axis and feature.
fn queries_are_consistent<T: TestReal>(scene: Scene<T>) -> TestResult {
    let s = scene.separation();
    let touching_or_overlapping = s.distance <= T::zero();
    if scene.intersects() != touching_or_overlapping {
        return fail(
            &scene,
            format!("intersects() = {}, but {s:?}", scene.intersects()),
        );
    }
    match scene.penetration() {
        None if touching_or_overlapping => fail(&scene, format!("no penetration, but {s:?}")),
        Some(p) if !touching_or_overlapping => fail(&scene, format!("{p:?}, but {s:?}")),
        Some(p)
            if p != Penetration {
                normal: s.axis,
                depth: -s.distance,
                feature: s.feature,
            } =>
        {
            fail(&scene, format!("{p:?} does not match {s:?}"))
        }
        _ => TestResult::passed(),
    }
}

/// (i) `contains_point` against the oracle's signed distance of the point,
/// for both shapes, at 16 points around each (a quarter of them a hair
/// from a vertex), outside the band where `|signed distance|` is within
/// `BAND * scale` of zero.
fn contains_point_agrees_with_oracle<T: TestReal>(scene: Scene<T>) -> TestResult {
    let band = T::BAND * scene.scale();
    let mut rng = Rng::new(scene.seed ^ 0x706F_696E_7473);
    let mut judged = 0;
    for (on_b, world) in [(false, scene.world_a()), (true, scene.world_b())] {
        let (centre, reach) = oracle::centre_and_reach(&world);
        for k in 0..16 {
            let p = match (&world, k % 4) {
                (oracle::World::Polygon(vs), 0) => {
                    vs[rng.below(vs.len())]
                        + rng.unit_vector2() * (1e-3 * reach * rng.unit_interval())
                }
                _ => centre + rng.unit_vector2() * (1.5 * reach * rng.unit_interval()),
            };
            let p = nalgebra::Point2::new(t::<T>(p.x), t::<T>(p.y));
            let sd = oracle::signed_distance_to_point(&world, &vf(&p.coords));
            if sd.abs() < band {
                continue;
            }
            judged += 1;
            if scene.contains_point(on_b, &p) != (sd <= 0.0) {
                let shape = if on_b { "B" } else { "A" };
                return fail(
                    &scene,
                    format!("contains_point({shape}, {p:?}): oracle signed distance {sd:e}"),
                );
            }
        }
    }
    if judged > 0 {
        TestResult::passed()
    } else {
        TestResult::discard()
    }
}

/// (j) `containment` against the oracle, for each direction separately,
/// outside the band where the containment margin is within
/// `BAND * scale` of zero.
fn containment_agrees_with_oracle<T: TestReal>(scene: Scene<T>) -> TestResult {
    let band = T::BAND * scene.scale();
    let (wa, wb) = (scene.world_a(), scene.world_b());
    let c = scene.containment();
    let mut judged = false;
    for (name, got, margin) in [
        ("a_in_b", c.a_in_b, oracle::containment_margin(&wb, &wa)),
        ("b_in_a", c.b_in_a, oracle::containment_margin(&wa, &wb)),
    ] {
        if margin.abs() < band {
            continue;
        }
        judged = true;
        if got != (margin >= 0.0) {
            return fail(&scene, format!("{name} = {got}, oracle margin {margin:e}"));
        }
    }
    if judged {
        TestResult::passed()
    } else {
        TestResult::discard()
    }
}

/// A property over one generated input.
type Prop<S> = fn(S) -> TestResult;

/// Instantiates every property for one scalar type, with its number of
/// (judged, not discarded) quickcheck cases.
macro_rules! impl_property_tests {
    ($name:ident, $t:ty) => {
        mod $name {
            use super::*;

            #[test]
            fn swap_symmetry() {
                check(3000, super::swap_symmetry::<$t> as Prop<Scene<$t>>);
            }

            #[test]
            fn mtv_leaves_shapes_touching() {
                check(
                    2000,
                    super::mtv_leaves_shapes_touching::<$t> as Prop<Scene<$t>>,
                );
            }

            #[test]
            fn mtv_is_minimal_over_sampled_directions() {
                check(
                    1000,
                    super::mtv_is_minimal_over_sampled_directions::<$t> as Prop<Scene<$t>>,
                );
            }

            #[test]
            fn fast_path_matches_engine() {
                check(
                    3000,
                    super::fast_path_matches_engine::<$t> as Prop<PolygonScene<$t>>,
                );
            }

            #[test]
            fn agrees_with_oracle() {
                check(5000, super::agrees_with_oracle::<$t> as Prop<Scene<$t>>);
            }

            #[test]
            fn separation_is_a_lower_bound_of_the_distance() {
                check(
                    2000,
                    super::separation_is_a_lower_bound_of_the_distance::<$t> as Prop<Scene<$t>>,
                );
            }

            #[test]
            fn axis_gives_distance() {
                check(2000, super::axis_gives_distance::<$t> as Prop<Scene<$t>>);
            }

            #[test]
            fn containment_agrees_with_oracle() {
                check(
                    3000,
                    super::containment_agrees_with_oracle::<$t> as Prop<Scene<$t>>,
                );
            }

            #[test]
            fn queries_are_consistent() {
                check(3000, super::queries_are_consistent::<$t> as Prop<Scene<$t>>);
            }

            #[test]
            fn contains_point_agrees_with_oracle() {
                check(
                    2000,
                    super::contains_point_agrees_with_oracle::<$t> as Prop<Scene<$t>>,
                );
            }

            /// The generator makes what the properties need: every pair
            /// kind, polygons of 3 to 12 vertices that pass `validate()`
            /// (checked as they are built), a balanced mix of overlapping
            /// and separated pairs, some contained ones, some touching
            /// exactly.
            #[test]
            fn generator_covers_the_cases() {
                let n = 2800;
                let mut per_kind = [0usize; PairKind::ALL.len()];
                let mut vertex_counts = [0usize; 13];
                let (mut overlapping, mut contained, mut touching) = (0, 0, 0);
                for seed in 0..n as u64 {
                    let scene = Scene::<$t>::from_seed(seed);
                    per_kind[PairKind::ALL.iter().position(|&k| k == scene.kind).unwrap()] += 1;
                    for shape in [&scene.a, &scene.b] {
                        if let AnyShape::Polygon(p) = shape {
                            vertex_counts[p.vertices().len()] += 1;
                        }
                    }
                    let (wa, wb) = (scene.world_a(), scene.world_b());
                    overlapping += usize::from(oracle::signed_distance(&wa, &wb) <= 0.0);
                    contained +=
                        usize::from(oracle::contains(&wa, &wb) || oracle::contains(&wb, &wa));
                    touching += usize::from(scene.separation().distance.is_zero());
                }
                assert!(per_kind.iter().all(|&c| c > n / 15), "{per_kind:?}");
                assert!(
                    vertex_counts[..3].iter().all(|&c| c == 0),
                    "{vertex_counts:?}"
                );
                assert!(
                    vertex_counts[3..].iter().all(|&c| c > 0),
                    "{vertex_counts:?}"
                );
                let share = overlapping as f64 / n as f64;
                assert!((0.35..0.65).contains(&share), "{share} overlapping");
                assert!(contained > n / 50, "{contained} contained");
                assert!(touching >= 5, "{touching} pairs touch exactly");
            }
        }
    };
}

impl_property_tests!(f32_props, f32);
impl_property_tests!(f64_props, f64);
