//! Compounds of convex parts (`src/compound/`): every query against the
//! brute-force loop over all part pairs with the same combining rule (bit
//! for bit, both argument orders, f32 and f64, 2D and 3D), the reduction of
//! the manifold against an independent implementation of its rule, hand
//! cases, errors, NaN, no allocation.

use nalgebra::{Const, Point2, Point3, Rotation3, Translation3, Vector2, Vector3};
use quickcheck::TestResult;
use separating_axis::compound::{self, PartContact, PartHit, PartPair, CANDIDATES};
use separating_axis::{
    Aabb, AnyShape, AnyShape2, AnyShape3, Ball, Capsule, ClosestPoints, Compound, Compound2,
    Compound3, CompoundHullError, ContactDim, ConvexPolyhedron, HullError, Manifold, Obb,
    Penetration, PointProjection, PolytopeDim, Pose, Pose2, Pose3, Ray, RayHit, ShapeError,
    MAX_CONTACT_POINTS,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, t, TestReal};
use crate::support::scene2d::{
    check, random_aabb, random_circle, random_obb, random_polygon, random_pose,
};

// ---------------------------------------------------------------------------
// Bodies: one convex shape, or a compound
// ---------------------------------------------------------------------------

/// A body of a test: one convex shape or a compound.
#[derive(Clone, Debug)]
enum Body<T: TestReal, const N: usize>
where
    Const<N>: PolytopeDim<T, N>,
{
    One(AnyShape<T, N>),
    Many(Compound<T, N>),
}

impl<T: TestReal, const N: usize> Body<T, N>
where
    Const<N>: PolytopeDim<T, N>,
{
    /// The parts with their poses in the body's frame (`None`: identity,
    /// not multiplied in, as the library does for one convex shape).
    fn parts(&self) -> Vec<(Option<Pose<T, N>>, &AnyShape<T, N>)> {
        match self {
            Body::One(s) => vec![(None, s)],
            Body::Many(c) => c.poses().iter().copied().map(Some).zip(c.parts()).collect(),
        }
    }
}

/// `pose · part pose`, as the library composes it.
fn world<T: TestReal, const N: usize>(pose: &Pose<T, N>, part: &Option<Pose<T, N>>) -> Pose<T, N> {
    match part {
        Some(p) => pose * p,
        None => *pose,
    }
}

/// `$e` with `$x` bound to the body's `Parts` value.
macro_rules! with {
    ($body:expr, $x:ident => $e:expr) => {
        match $body {
            Body::One($x) => $e,
            Body::Many($x) => $e,
        }
    };
}

// ---------------------------------------------------------------------------
// The brute-force loops
// ---------------------------------------------------------------------------

/// One part pair: `(i, j, part i of A, its world pose, part j of B, its
/// world pose)`.
type PairRow<'a, T, const N: usize> = (
    usize,
    usize,
    &'a AnyShape<T, N>,
    Pose<T, N>,
    &'a AnyShape<T, N>,
    Pose<T, N>,
);

/// Every part pair, in the order `(i, j)`, with the parts' world poses.
fn all_pairs<'a, T: TestReal, const N: usize>(
    a: &'a Body<T, N>,
    pa: &Pose<T, N>,
    b: &'a Body<T, N>,
    pb: &Pose<T, N>,
) -> Vec<PairRow<'a, T, N>>
where
    Const<N>: PolytopeDim<T, N>,
{
    let mut out = Vec::new();
    for (i, (qa, sa)) in a.parts().into_iter().enumerate() {
        for (j, (qb, sb)) in b.parts().into_iter().enumerate() {
            out.push((i, j, sa, world(pa, &qa), sb, world(pb, &qb)));
        }
    }
    out
}

fn brute_intersects<T: TestReal, const N: usize>(
    a: &Body<T, N>,
    pa: &Pose<T, N>,
    b: &Body<T, N>,
    pb: &Pose<T, N>,
) -> bool
where
    Const<N>: PolytopeDim<T, N>,
{
    all_pairs(a, pa, b, pb)
        .iter()
        .any(|(_, _, sa, wa, sb, wb)| separating_axis::intersects(*sa, wa, *sb, wb))
}

fn brute_penetration<T: TestReal, const N: usize>(
    a: &Body<T, N>,
    pa: &Pose<T, N>,
    b: &Body<T, N>,
    pb: &Pose<T, N>,
) -> Option<PartPair<Penetration<T, N>>>
where
    Const<N>: PolytopeDim<T, N>,
{
    let mut best: Option<PartPair<Penetration<T, N>>> = None;
    for (i, j, sa, wa, sb, wb) in all_pairs(a, pa, b, pb) {
        if let Some(p) = separating_axis::penetration(sa, &wa, sb, &wb)
            && best.is_none_or(|q| p.depth > q.value.depth)
        {
            best = Some(PartPair {
                value: p,
                part_a: i,
                part_b: j,
            });
        }
    }
    best
}

fn brute_distance<T: TestReal, const N: usize>(
    a: &Body<T, N>,
    pa: &Pose<T, N>,
    b: &Body<T, N>,
    pb: &Pose<T, N>,
) -> T
where
    Const<N>: PolytopeDim<T, N>,
{
    all_pairs(a, pa, b, pb)
        .iter()
        .map(|(_, _, sa, wa, sb, wb)| separating_axis::distance(*sa, wa, *sb, wb))
        .fold(T::max_value().unwrap(), |m, d| if d < m { d } else { m })
}

fn brute_closest<T: TestReal, const N: usize>(
    a: &Body<T, N>,
    pa: &Pose<T, N>,
    b: &Body<T, N>,
    pb: &Pose<T, N>,
) -> Option<PartPair<ClosestPoints<T, N>>>
where
    Const<N>: PolytopeDim<T, N>,
{
    let mut best: Option<PartPair<ClosestPoints<T, N>>> = None;
    for (i, j, sa, wa, sb, wb) in all_pairs(a, pa, b, pb) {
        let c = separating_axis::closest_points(sa, &wa, sb, &wb);
        if best.is_none_or(|q| c.distance < q.value.distance) {
            best = Some(PartPair {
                value: c,
                part_a: i,
                part_b: j,
            });
        }
    }
    best
}

fn brute_manifolds<T: TestReal, const N: usize>(
    a: &Body<T, N>,
    pa: &Pose<T, N>,
    b: &Body<T, N>,
    pb: &Pose<T, N>,
    margin: T,
) -> Vec<PartPair<Manifold<T, N>>>
where
    Const<N>: PolytopeDim<T, N> + ContactDim<T, N>,
{
    all_pairs(a, pa, b, pb)
        .into_iter()
        .map(|(i, j, sa, wa, sb, wb)| PartPair {
            value: separating_axis::contact_manifold(sa, &wa, sb, &wb, margin),
            part_a: i,
            part_b: j,
        })
        .filter(|m| !m.value.is_empty())
        .collect()
}

/// The reduction rule of `compound::contact_manifold`, written again by
/// sorting: the deepest by `(separation, part_a, part_b, k)`, then the
/// farthest from those kept (least squared distance on A, largest; ties:
/// the least key).
fn brute_reduce<T: TestReal, const N: usize>(
    manifolds: &[PartPair<Manifold<T, N>>],
) -> Vec<PartContact<T, N>> {
    let mut all: Vec<(PartContact<T, N>, usize)> = Vec::new();
    for m in manifolds {
        for (k, p) in m.value.points().iter().enumerate() {
            all.push((
                PartContact {
                    point: *p,
                    normal: m.value.normal(),
                    part_a: m.part_a,
                    part_b: m.part_b,
                },
                k,
            ));
        }
    }
    let key = |c: &(PartContact<T, N>, usize)| (c.0.point.separation, c.0.part_a, c.0.part_b, c.1);
    all.sort_by(|x, y| key(x).partial_cmp(&key(y)).unwrap());
    let mut kept: Vec<(PartContact<T, N>, usize)> = Vec::new();
    let mut rest = all;
    if !rest.is_empty() {
        kept.push(rest.remove(0));
    }
    while kept.len() < MAX_CONTACT_POINTS && !rest.is_empty() {
        let spread = |c: &(PartContact<T, N>, usize)| {
            kept.iter()
                .map(|k| (c.0.point.on_a - k.0.point.on_a).norm_squared())
                .fold(T::max_value().unwrap(), |m, d| if d < m { d } else { m })
        };
        // `rest` is sorted by key: the first of the largest spread wins.
        let mut pick = 0;
        for i in 1..rest.len() {
            if spread(&rest[i]) > spread(&rest[pick]) {
                pick = i;
            }
        }
        kept.push(rest.remove(pick));
    }
    kept.into_iter().map(|c| c.0).collect()
}

fn brute_contains<T: TestReal, const N: usize>(
    body: &Body<T, N>,
    pose: &Pose<T, N>,
    p: &nalgebra::Point<T, N>,
) -> bool
where
    Const<N>: PolytopeDim<T, N>,
{
    body.parts()
        .iter()
        .any(|(q, s)| separating_axis::contains_point(*s, &world(pose, q), p))
}

fn brute_project<T: TestReal, const N: usize>(
    body: &Body<T, N>,
    pose: &Pose<T, N>,
    p: &nalgebra::Point<T, N>,
) -> Option<PartHit<PointProjection<T, N>>>
where
    Const<N>: PolytopeDim<T, N>,
{
    let parts = body.parts();
    let inside: Vec<usize> = (0..parts.len())
        .filter(|&i| separating_axis::contains_point(parts[i].1, &world(pose, &parts[i].0), p))
        .collect();
    let candidates: Vec<usize> = if inside.is_empty() {
        (0..parts.len()).collect()
    } else {
        inside
    };
    let mut best: Option<PartHit<PointProjection<T, N>>> = None;
    for i in candidates {
        let q = separating_axis::project_point(parts[i].1, &world(pose, &parts[i].0), p);
        if best.is_none_or(|b| q.distance < b.value.distance) {
            best = Some(PartHit { value: q, part: i });
        }
    }
    best
}

fn brute_cast<T: TestReal, const N: usize>(
    body: &Body<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<PartHit<RayHit<T, N>>>
where
    Const<N>: PolytopeDim<T, N>,
{
    let mut best: Option<PartHit<RayHit<T, N>>> = None;
    for (i, (q, s)) in body.parts().into_iter().enumerate() {
        if let Some(h) = separating_axis::cast_ray(s, &world(pose, &q), ray, max_toi, solid)
            && best.is_none_or(|b| h.toi < b.value.toi)
        {
            best = Some(PartHit { value: h, part: i });
        }
    }
    best
}

// ---------------------------------------------------------------------------
// One check of every query against the loops
// ---------------------------------------------------------------------------

/// Every pair query of the module against its brute-force loop, for A and B
/// in this order; `Err` names the first disagreement.
fn pair_queries_agree<T: TestReal, const N: usize>(
    a: &Body<T, N>,
    pa: &Pose<T, N>,
    b: &Body<T, N>,
    pb: &Pose<T, N>,
    margin: T,
) -> Result<(), String>
where
    Const<N>: PolytopeDim<T, N> + ContactDim<T, N>,
{
    let ours_i = with!(a, x => with!(b, y => compound::intersects(x, pa, y, pb)));
    if ours_i != brute_intersects(a, pa, b, pb) {
        return Err(format!("intersects {ours_i}"));
    }
    let ours_p = with!(a, x => with!(b, y => compound::penetration(x, pa, y, pb)));
    if ours_p != brute_penetration(a, pa, b, pb) {
        return Err(format!(
            "penetration {ours_p:?} vs {:?}",
            brute_penetration(a, pa, b, pb)
        ));
    }
    if ours_p.is_some() != ours_i {
        return Err("penetration and intersects disagree".into());
    }
    let ours_d = with!(a, x => with!(b, y => compound::distance(x, pa, y, pb)));
    let brute_d = brute_distance(a, pa, b, pb);
    if f(ours_d).to_bits() != f(brute_d).to_bits() {
        return Err(format!("distance {ours_d:?} vs {brute_d:?}"));
    }
    let ours_c = with!(a, x => with!(b, y => compound::closest_points(x, pa, y, pb)));
    if ours_c != brute_closest(a, pa, b, pb) {
        return Err(format!(
            "closest points {ours_c:?} vs {:?}",
            brute_closest(a, pa, b, pb)
        ));
    }
    let mut out = Vec::new();
    with!(a, x => with!(b, y => compound::contact_manifolds(x, pa, y, pb, margin, &mut out)));
    let all_m = brute_manifolds(a, pa, b, pb, margin);
    // Every pair's manifold is the loop's; the loop's others belong to
    // pairs farther apart than the margin (their boxes too), whose convex
    // manifold holds a speculative point only because SAT's separation
    // is a lower bound of the distance (tests/compound.rs::
    // speculative_points_of_pairs_beyond_the_margin_are_dropped).
    let rows = all_pairs(a, pa, b, pb);
    let mut k = 0;
    for m in &all_m {
        if out.get(k) == Some(m) {
            k += 1;
            continue;
        }
        let (_, _, sa, wa, sb, wb) = rows
            .iter()
            .find(|r| (r.0, r.1) == (m.part_a, m.part_b))
            .expect("a pair of the loop");
        let d = separating_axis::distance(*sa, wa, *sb, wb);
        if d <= margin {
            return Err(format!(
                "manifold of parts ({}, {}) missing at distance {d:?}",
                m.part_a, m.part_b
            ));
        }
    }
    if k != out.len() {
        return Err(format!("manifolds {} vs {}", out.len(), all_m.len()));
    }
    let brute_m = out.clone();
    let reduced = with!(a, x => with!(b, y => compound::contact_manifold(x, pa, y, pb, margin)));
    let total: usize = brute_m.iter().map(|m| m.value.len()).sum();
    if reduced.len() != total.min(MAX_CONTACT_POINTS) {
        return Err(format!("reduced to {} of {total}", reduced.len()));
    }
    if total <= CANDIDATES {
        let expected = brute_reduce(&brute_m);
        if reduced.contacts() != expected.as_slice() {
            return Err(format!(
                "reduced {:?}\n vs {expected:?}",
                reduced.contacts()
            ));
        }
    } else {
        // Beyond one buffer: the deepest is still the deepest of all, and
        // every point kept is one of the pairs' points.
        let expected = brute_reduce(&brute_m);
        if reduced.deepest() != expected.first() {
            return Err("the deepest point was lost in the rounds".into());
        }
        for c in reduced.contacts() {
            let from_pairs = brute_m.iter().any(|m| {
                (m.part_a, m.part_b) == (c.part_a, c.part_b) && m.value.points().contains(&c.point)
            });
            if !from_pairs {
                return Err("a reduced point comes from no pair".into());
            }
        }
    }
    Ok(())
}

/// The single-body queries against their loops, at world point `p` and
/// along `ray`.
fn body_queries_agree<T: TestReal, const N: usize>(
    body: &Body<T, N>,
    pose: &Pose<T, N>,
    p: &nalgebra::Point<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
) -> Result<(), String>
where
    Const<N>: PolytopeDim<T, N>,
{
    let inside = with!(body, x => compound::contains_point(x, pose, p));
    if inside != brute_contains(body, pose, p) {
        return Err(format!("contains_point {inside}"));
    }
    let proj = with!(body, x => compound::project_point(x, pose, p));
    if proj != brute_project(body, pose, p) {
        return Err(format!(
            "project_point {proj:?} vs {:?}",
            brute_project(body, pose, p)
        ));
    }
    if proj.is_some_and(|q| q.value.inside != inside) {
        return Err("project_point's inside is not contains_point's".into());
    }
    for solid in [true, false] {
        let hit = with!(body, x => compound::cast_ray(x, pose, ray, max_toi, solid));
        if hit != brute_cast(body, pose, ray, max_toi, solid) {
            return Err(format!(
                "cast_ray (solid {solid}) {hit:?} vs {:?}",
                brute_cast(body, pose, ray, max_toi, solid)
            ));
        }
    }
    let to = ray.point_at(max_toi);
    let step = with!(body, x => compound::cast_particle(x, pose, &ray.origin, &to));
    let brute_step = brute_cast(
        body,
        pose,
        &Ray::new(ray.origin, to - ray.origin),
        T::one(),
        true,
    );
    if step != brute_step {
        return Err(format!("cast_particle {step:?} vs {brute_step:?}"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------
// Random bodies
// ---------------------------------------------------------------------------

/// A random 2D part: a polygon, a circle, a box, an axis-aligned box or a
/// capsule, of size in `[0.2, 1.5)`.
fn random_part2<T: TestReal>(rng: &mut Rng) -> AnyShape2<T> {
    let size = rng.range(0.2, 1.5);
    match rng.below(5) {
        0 => random_polygon::<T>(rng, size).into(),
        1 => random_circle::<T>(rng, size * 0.6).into(),
        2 => random_obb::<T>(rng, size).into(),
        3 => random_aabb::<T>(rng, size).into(),
        _ => {
            let d = rng.unit_vector2() * size * 0.5;
            Capsule::new(
                Point2::new(t(d.x), t(d.y)),
                Point2::new(t(-d.x), t(-d.y)),
                t(size * 0.3),
            )
            .unwrap()
            .into()
        }
    }
}

/// A random 2D body: a third are one shape, the others compounds of 1 to
/// 12 parts within about 3 of their origin.
fn random_body2<T: TestReal>(rng: &mut Rng) -> Body<T, 2> {
    if rng.chance(1.0 / 3.0) {
        return Body::One(random_part2(rng));
    }
    let n = 1 + rng.below(12);
    let parts = (0..n)
        .map(|_| (random_pose::<T>(rng, 2.5), random_part2::<T>(rng)))
        .collect();
    Body::Many(Compound::new(parts).unwrap().without_seams())
}

/// A random 3D part: a box, a ball, a capsule or a hull of 4 to 16 points.
fn random_part3<T: TestReal>(rng: &mut Rng) -> AnyShape3<T> {
    let size = rng.range(0.3, 1.5);
    let v3 = |v: Vector3<f64>| Vector3::new(t::<T>(v.x), t(v.y), t(v.z));
    let p3 = |v: Vector3<f64>| Point3::from(v3(v));
    match rng.below(4) {
        0 => Obb::new(
            Point3::origin(),
            Rotation3::from_matrix_unchecked(rng.rotation().matrix().map(t::<T>)),
            v3(Vector3::new(
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
                rng.range(0.2, 1.0),
            ) * size),
        )
        .unwrap()
        .into(),
        1 => Ball::new(Point3::origin(), t(size * 0.6)).unwrap().into(),
        2 => {
            let d = rng.unit_vector3() * size * 0.5;
            Capsule::new(p3(d), p3(-d), t(size * 0.3)).unwrap().into()
        }
        _ => {
            let k = 4 + rng.below(13);
            let pts: Vec<Point3<T>> = (0..k).map(|_| p3(rng.unit_vector3() * size)).collect();
            ConvexPolyhedron::from_hull(&pts).unwrap().into()
        }
    }
}

fn random_pose3<T: TestReal>(rng: &mut Rng, half_width: f64) -> Pose3<T> {
    let v = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()) * half_width;
    let r = rng.rotation().matrix().map(t::<T>);
    Pose3::from_parts(
        Translation3::new(t(v.x), t(v.y), t(v.z)),
        Rotation3::from_matrix_unchecked(r),
    )
}

fn random_body3<T: TestReal>(rng: &mut Rng) -> Body<T, 3> {
    if rng.chance(1.0 / 3.0) {
        return Body::One(random_part3(rng));
    }
    let n = 1 + rng.below(8);
    let parts = (0..n)
        .map(|_| (random_pose3(rng, 2.0), random_part3(rng)))
        .collect();
    Body::Many(Compound::new(parts).unwrap().without_seams())
}

// ---------------------------------------------------------------------------
// The properties
// ---------------------------------------------------------------------------

/// Every query of the module equals the brute-force loop over parts, in
/// both argument orders (2D).
fn agree_2d<T: TestReal>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let (a, b) = (random_body2::<T>(&mut rng), random_body2::<T>(&mut rng));
    let (pa, pb) = (
        random_pose::<T>(&mut rng, 4.0),
        random_pose::<T>(&mut rng, 4.0),
    );
    let margin = t::<T>(if rng.chance(0.5) { 0.0 } else { 0.3 });
    let p = Point2::new(t(rng.range(-6.0, 6.0)), t(rng.range(-6.0, 6.0)));
    let d = rng.unit_vector2() * rng.range(0.5, 3.0);
    let ray = Ray::new(p, Vector2::new(t(d.x), t(d.y)));
    let max_toi = t(rng.range(0.5, 6.0));
    let result = pair_queries_agree(&a, &pa, &b, &pb, margin)
        .map_err(|e| format!("A, B: {e}"))
        .and_then(|()| {
            pair_queries_agree(&b, &pb, &a, &pa, margin).map_err(|e| format!("B, A: {e}"))
        })
        .and_then(|()| body_queries_agree(&a, &pa, &p, &ray, max_toi));
    match result {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("[{}] seed {seed:#x}: {e}", T::NAME)),
    }
}

#[test]
fn queries_equal_the_brute_force_loop_over_parts() {
    check(400, agree_2d::<f64> as fn(u64) -> TestResult);
    check(400, agree_2d::<f32> as fn(u64) -> TestResult);
}

/// The same in 3D.
fn agree_3d<T: TestReal>(seed: u64) -> TestResult {
    let mut rng = Rng::new(seed);
    let (a, b) = (random_body3::<T>(&mut rng), random_body3::<T>(&mut rng));
    let (pa, pb) = (
        random_pose3::<T>(&mut rng, 3.0),
        random_pose3::<T>(&mut rng, 3.0),
    );
    let margin = t::<T>(if rng.chance(0.5) { 0.0 } else { 0.3 });
    let p = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()) * 5.0;
    let p = Point3::new(t(p.x), t(p.y), t(p.z));
    let d = rng.unit_vector3() * 2.0;
    let ray = Ray::new(p, Vector3::new(t(d.x), t(d.y), t(d.z)));
    let result = pair_queries_agree(&a, &pa, &b, &pb, margin)
        .map_err(|e| format!("A, B: {e}"))
        .and_then(|()| {
            pair_queries_agree(&b, &pb, &a, &pa, margin).map_err(|e| format!("B, A: {e}"))
        })
        .and_then(|()| body_queries_agree(&a, &pa, &p, &ray, t(4.0)));
    match result {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!("[{}] seed {seed:#x}: {e}", T::NAME)),
    }
}

#[test]
fn queries_equal_the_brute_force_loop_over_parts_3d() {
    check(200, agree_3d::<f64> as fn(u64) -> TestResult);
    check(200, agree_3d::<f32> as fn(u64) -> TestResult);
}

/// Many overlapping parts: more candidate points than one buffer holds;
/// the deepest survives the rounds and every kept point is a pair's point.
#[test]
fn reduced_manifold_keeps_the_deepest_and_spreads() {
    let tile = |x: f64| {
        AnyShape2::from(Aabb::new(Point2::new(x, -1.0), Point2::new(x + 1.0, 0.0)).unwrap())
    };
    // 40 tiles under a long plank: 80 candidate points, 2 per tile.
    let tiles = Compound2::new(
        (0..40)
            .map(|k| (Pose2::identity(), tile(f64::from(k))))
            .collect(),
    )
    .unwrap()
    .without_seams();
    let plank = Aabb::new(Point2::new(0.25, 0.0), Point2::new(39.75, 1.0)).unwrap();
    // Tilted a little, so that the right end sinks deepest.
    let pose = Pose2::new(Vector2::new(0.0, -0.05), -0.001);
    let a = Body::Many(tiles);
    let b = Body::One(AnyShape2::from(plank));
    let m = compound::contact_manifold(&a_many(&a), &Pose2::identity(), &plank, &pose, 0.0);
    let all = brute_manifolds(&a, &Pose2::identity(), &b, &pose, 0.0);
    let total: usize = all.iter().map(|m| m.value.len()).sum();
    assert!(total > CANDIDATES, "{total} points: not beyond one buffer");
    assert_eq!(m.len(), MAX_CONTACT_POINTS);
    let deepest = brute_reduce(&all)[0];
    assert_eq!(m.deepest(), Some(&deepest));
    assert_eq!(deepest.part_a, 39, "the right end sinks deepest");
    // Spread: the kept points are not bunched at one end of the plank.
    let xs: Vec<f64> = m.contacts().iter().map(|c| c.point.on_a.x).collect();
    let span =
        xs.iter().cloned().fold(f64::MIN, f64::max) - xs.iter().cloned().fold(f64::MAX, f64::min);
    assert!(span > 30.0, "kept points span only {span}: {xs:?}");
    // At most one buffer: exactly the rule over all points, any order.
    let few = Compound2::new(
        (0..8)
            .map(|k| (Pose2::identity(), tile(f64::from(k))))
            .collect(),
    )
    .unwrap()
    .without_seams();
    let few_body = Body::Many(few.clone());
    let m = compound::contact_manifold(&few, &Pose2::identity(), &plank, &pose, 0.0);
    let all = brute_manifolds(&few_body, &Pose2::identity(), &b, &pose, 0.0);
    assert_eq!(m.contacts(), brute_reduce(&all).as_slice());
}

/// The compound inside a body (for calls that need the concrete type).
fn a_many<T: TestReal, const N: usize>(b: &Body<T, N>) -> Compound<T, N>
where
    Const<N>: PolytopeDim<T, N>,
{
    match b {
        Body::Many(c) => c.clone(),
        Body::One(_) => unreachable!("a compound body"),
    }
}

// ---------------------------------------------------------------------------
// Hand cases
// ---------------------------------------------------------------------------

/// The L of the module docs: a floor `[0, 3] × [0, 1]` and a wall
/// `[0, 1] × [1, 3]`.
fn l_shape() -> Compound2<f64> {
    let bar = |x0: f64, y0: f64, x1: f64, y1: f64| {
        AnyShape2::from(Aabb::new(Point2::new(x0, y0), Point2::new(x1, y1)).unwrap())
    };
    Compound2::new(vec![
        (Pose2::identity(), bar(0.0, 0.0, 3.0, 1.0)),
        (Pose2::identity(), bar(0.0, 1.0, 1.0, 3.0)),
    ])
    .unwrap()
}

/// Two squares turned 45° (diamonds), tip to tip along x, 0.5 apart: SAT's
/// separation on their face normals (±45°) is 0.5 · cos 45° ≈ 0.354, a
/// lower bound of the distance. With a margin between the two, the
/// compound's hierarchy sees the boxes apart along x by 0.5, more than the
/// margin, and skips the pair; the convex manifold, which held a
/// speculative point at SAT's 0.354, now asks the exact distance where
/// the closest features lie off the face (docs/manifolds.md, "Speculative
/// points") and is empty too. Within a margin above the true distance
/// both agree.
#[test]
fn speculative_points_of_pairs_beyond_the_margin_are_dropped() {
    let turned = nalgebra::Rotation2::new(core::f64::consts::FRAC_PI_4);
    let diamond =
        AnyShape2::from(Obb::new(Point2::origin(), turned, Vector2::new(1.0, 1.0)).unwrap());
    let c = Compound2::new(vec![(Pose2::identity(), diamond.clone())]).unwrap();
    let id = Pose2::identity();
    let far = Pose2::translation(2.0 * 2.0_f64.sqrt() + 0.5, 0.0);
    let d = separating_axis::distance(&diamond, &id, &diamond, &far);
    let sat = separating_axis::separation(&diamond, &id, &diamond, &far).distance;
    assert!(
        (d - 0.5).abs() < 1e-12 && (sat - 0.5 * 0.5_f64.sqrt()).abs() < 1e-12,
        "sat {sat}, distance {d}"
    );
    let margin = 0.5 * (d + sat);
    let convex = separating_axis::contact_manifold(&diamond, &id, &diamond, &far, margin);
    assert!(convex.is_empty(), "no speculative point at SAT's {sat}");
    let mut out = Vec::new();
    compound::contact_manifolds(&c, &id, &diamond, &far, margin, &mut out);
    assert!(out.is_empty());
    assert!(compound::contact_manifold(&c, &id, &diamond, &far, margin).is_empty());
    // A margin above the true distance: the same manifold as the convex one.
    compound::contact_manifolds(&c, &id, &diamond, &far, 0.6, &mut out);
    assert_eq!(
        out[0].value,
        separating_axis::contact_manifold(&diamond, &id, &diamond, &far, 0.6)
    );
}

#[test]
fn l_shape_by_hand() {
    let l = l_shape();
    let id = Pose2::identity();
    let ball = Ball::new(Point2::origin(), 0.5).unwrap();
    // In the notch, touching both arms: distance 0, both parts touched.
    let at = Pose2::translation(1.5, 1.5);
    assert!(compound::intersects(&l, &id, &ball, &at));
    let p = compound::penetration(&l, &id, &ball, &at).unwrap();
    assert_eq!(p.value.depth.to_bits(), 0.0_f64.to_bits());
    assert_eq!((p.part_a, p.part_b), (0, 0), "equal depths: the first part");
    let mut out = Vec::new();
    compound::contact_manifolds(&l, &id, &ball, &at, 0.0, &mut out);
    assert_eq!(out.iter().map(|m| m.part_a).collect::<Vec<_>>(), [0, 1]);
    assert_eq!(out[0].value.normal().into_inner(), Vector2::y());
    assert_eq!(out[1].value.normal().into_inner(), Vector2::x());
    // Up and to the right of the notch: nearest to the wall's top corner.
    let far = Pose2::translation(4.0, 5.0);
    let c = compound::closest_points(&l, &id, &ball, &far).unwrap();
    assert_eq!(c.part_a, 1);
    assert_eq!(c.value.point_a, Point2::new(1.0, 3.0));
    assert!((c.value.distance - (13.0_f64.sqrt() - 0.5)).abs() < 1e-12);
    // Swapped: the same parts seen from the ball.
    let s = compound::closest_points(&ball, &far, &l, &id).unwrap();
    assert_eq!((s.part_a, s.part_b), (0, 1));
    // Points and particles.
    assert!(compound::contains_point(&l, &id, &Point2::new(0.5, 2.0)));
    assert!(!compound::contains_point(&l, &id, &Point2::new(2.0, 2.0)));
    let proj = compound::project_point(&l, &id, &Point2::new(0.5, 0.5)).unwrap();
    assert!(proj.value.inside);
    assert_eq!((proj.part, proj.value.distance), (0, -0.5));
    // A particle falling into the notch lands on the floor at (2, 1).
    let hit =
        compound::cast_particle(&l, &id, &Point2::new(2.0, 3.0), &Point2::new(2.0, -1.0)).unwrap();
    assert_eq!(
        (hit.part, hit.value.toi, hit.value.point),
        (0, 0.5, Point2::new(2.0, 1.0))
    );
    // Moving sideways into the wall from the notch.
    let hit =
        compound::cast_particle(&l, &id, &Point2::new(2.5, 2.0), &Point2::new(0.5, 2.0)).unwrap();
    assert_eq!((hit.part, hit.value.toi), (1, 0.75));
    assert_eq!(hit.value.normal.unwrap().into_inner(), Vector2::x());
}

#[test]
fn two_compounds_by_hand() {
    // Two L's, the second turned half a turn and slid into the first's
    // notch: they overlap by 0.25 where the arms meet.
    let l = l_shape();
    let turned = Pose2::new(Vector2::new(3.75, 3.75), core::f64::consts::PI);
    let id = Pose2::identity();
    assert!(compound::intersects(&l, &id, &l, &turned));
    let p = compound::penetration(&l, &id, &l, &turned).unwrap();
    assert!((p.value.depth - 0.25).abs() < 1e-12, "{p:?}");
    let apart = Pose2::new(Vector2::new(4.5, 4.5), core::f64::consts::PI);
    assert!(!compound::intersects(&l, &id, &l, &apart));
    // Corner to corner, 0.5 apart along x and y.
    assert!((compound::distance(&l, &id, &l, &apart) - 0.5_f64.sqrt()).abs() < 1e-12);
}

/// The depth `project_point` reports inside a compound is a lower bound:
/// the disc of that radius lies in the compound.
#[test]
fn inside_depth_is_a_lower_bound() {
    let mut rng = Rng::new(0xC0_4D);
    let mut judged = 0;
    for _ in 0..1000 {
        let Body::Many(c) = random_body2::<f64>(&mut rng) else {
            continue;
        };
        let pose = random_pose::<f64>(&mut rng, 1.0);
        let p = Point2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
        let Some(q) = compound::project_point(&c, &pose, &p) else {
            continue;
        };
        if !q.value.inside {
            continue;
        }
        judged += 1;
        let r = -q.value.distance * 0.999;
        for k in 0..32 {
            let a = f64::from(k) * core::f64::consts::TAU / 32.0;
            let on = p + Vector2::new(a.cos(), a.sin()) * r;
            assert!(
                compound::contains_point(&c, &pose, &on),
                "{on} at {r} from {p} is outside"
            );
        }
    }
    assert!(judged > 100, "only {judged} points inside");
}

// ---------------------------------------------------------------------------
// Errors, NaN, allocation, 3D hulls
// ---------------------------------------------------------------------------

#[test]
fn bad_compounds_give_errors() {
    let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
    assert_eq!(
        Compound2::<f64>::new(vec![]).unwrap_err(),
        ShapeError::NoParts
    );
    for bad in [f64::NAN, f64::INFINITY] {
        let pose = Pose2::translation(bad, 0.0);
        let err = Compound2::new(vec![
            (Pose2::identity(), ball.clone()),
            (pose, ball.clone()),
        ])
        .unwrap_err();
        assert_eq!(err, ShapeError::PartPoseNonFinite { part: 1 });
    }
    let sheared =
        nalgebra::Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(1.0, 0.5, 0.0, 1.0));
    let pose = Pose2::from_parts(Vector2::zeros().into(), sheared);
    assert_eq!(
        Compound2::new(vec![(pose, ball.clone())]).unwrap_err(),
        ShapeError::PartPoseInvalid { part: 0 }
    );
    let mirror =
        nalgebra::Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(1.0, 0.0, 0.0, -1.0));
    let pose = Pose2::from_parts(Vector2::zeros().into(), mirror);
    assert_eq!(
        Compound2::new(vec![(pose, ball.clone())]).unwrap_err(),
        ShapeError::PartPoseInvalid { part: 0 }
    );
    let far = Pose2::translation(1e300, 0.0);
    assert_eq!(
        Compound2::new(vec![(far, ball)]).unwrap_err(),
        ShapeError::PartPoseInvalid { part: 0 }
    );
    for e in [
        ShapeError::NoParts,
        ShapeError::PartPoseNonFinite { part: 3 },
        ShapeError::PartPoseInvalid { part: 3 },
    ] {
        assert!(e.to_string().contains(": "), "{e}: says what to do");
    }
}

#[test]
fn nan_follows_the_convex_contract() {
    let l = l_shape();
    let id = Pose2::identity();
    let ball = Ball::new(Point2::origin(), 0.5).unwrap();
    let nan = Pose2::translation(f64::NAN, 1.0);
    assert!(!compound::intersects(&l, &id, &ball, &nan));
    assert!(compound::penetration(&l, &nan, &ball, &id).is_none());
    assert!(compound::distance(&l, &id, &ball, &nan).is_nan());
    assert!(compound::closest_points(&l, &id, &ball, &nan).is_none());
    assert!(compound::contact_manifold(&l, &id, &ball, &nan, 0.0).is_empty());
    let mut out = vec![];
    compound::contact_manifolds(&l, &nan, &ball, &id, 0.0, &mut out);
    assert!(out.is_empty());
    let p = Point2::new(f64::NAN, 0.0);
    assert!(!compound::contains_point(&l, &id, &p));
    assert!(compound::project_point(&l, &id, &p).is_none());
    assert!(compound::cast_particle(&l, &id, &p, &Point2::new(1.0, 1.0)).is_none());
}

#[test]
fn compound_queries_do_not_allocate() {
    let l = l_shape();
    let id = Pose2::identity();
    let ball = Ball::new(Point2::origin(), 0.5).unwrap();
    let at = Pose2::translation(1.5, 1.5);
    let mut out = Vec::with_capacity(8);
    let before = crate::no_alloc::allocations();
    let mut sink = 0.0;
    sink += f64::from(u8::from(compound::intersects(&l, &id, &ball, &at)));
    sink += compound::penetration(&l, &id, &l, &at).map_or(0.0, |p| p.value.depth);
    sink += compound::distance(&l, &id, &ball, &Pose2::translation(5.0, 5.0));
    sink += compound::closest_points(&l, &id, &l, &Pose2::translation(5.0, 5.0))
        .map_or(0.0, |c| c.value.distance);
    sink += compound::contact_manifold(&l, &id, &l, &at, 0.1).len() as f64;
    compound::contact_manifolds(&l, &id, &l, &at, 0.1, &mut out);
    sink += out.len() as f64;
    sink += f64::from(u8::from(compound::contains_point(
        &l,
        &id,
        &Point2::new(0.5, 0.5),
    )));
    sink +=
        compound::project_point(&l, &id, &Point2::new(2.0, 2.0)).map_or(0.0, |p| p.value.distance);
    sink += compound::cast_particle(&l, &id, &Point2::new(2.0, 3.0), &Point2::new(2.0, -1.0))
        .map_or(0.0, |h| h.value.toi);
    let used = crate::no_alloc::allocations() - before;
    assert!(sink.is_finite());
    assert_eq!(used, 0, "{used} allocations");
}

#[test]
fn hull_compounds_build_and_report_the_bad_part() {
    let cube = |x: f64| -> Vec<Point3<f64>> {
        (0..8)
            .map(|k| {
                Point3::new(
                    x + f64::from(k & 1),
                    f64::from((k >> 1) & 1),
                    f64::from(k >> 2),
                )
            })
            .collect()
    };
    let c = Compound3::from_hulls(&[cube(0.0), cube(3.0)]).unwrap();
    assert_eq!(c.len(), 2);
    assert_eq!(
        c.parts()[1],
        AnyShape3::from(ConvexPolyhedron::from_hull(&cube(3.0)).unwrap())
    );
    let id = Pose3::identity();
    // A rod through both cubes but not the gap between them... it meets both.
    let rod = Obb::new(
        Point3::new(2.0, 0.5, 0.5),
        Rotation3::identity(),
        Vector3::new(2.5, 0.1, 0.1),
    )
    .unwrap();
    let mut out = Vec::new();
    compound::contact_manifolds(&c, &id, &rod, &id, 0.0, &mut out);
    assert_eq!(out.iter().map(|m| m.part_a).collect::<Vec<_>>(), [0, 1]);
    // A small box in the gap: apart by 0.5 from each.
    let probe = Aabb::new(Point3::new(1.5, 0.0, 0.0), Point3::new(2.5, 1.0, 1.0)).unwrap();
    assert!(!compound::intersects(&c, &id, &probe, &id));
    assert!((compound::distance(&c, &id, &probe, &id) - 0.5).abs() < 1e-12);
    // Errors name the part.
    let flat: Vec<Point3<f64>> = (0..4)
        .map(|k| Point3::new(f64::from(k & 1), f64::from(k >> 1), 0.0))
        .collect();
    assert_eq!(
        Compound3::from_hulls(&[cube(0.0), flat]).unwrap_err(),
        CompoundHullError::Hull {
            part: 1,
            error: HullError::Coplanar
        }
    );
    assert_eq!(
        Compound3::<f64>::from_hulls::<Vec<Point3<f64>>>(&[]).unwrap_err(),
        CompoundHullError::NoParts
    );
    // The compound of hulls is the loop over the hulls.
    let a = Body::Many(c);
    let b = Body::One(AnyShape3::from(rod));
    pair_queries_agree(
        &a,
        &Pose3::new(Vector3::new(0.1, 0.2, 0.3), Vector3::new(0.3, 0.2, 0.1)),
        &b,
        &id,
        0.1,
    )
    .unwrap();
}
