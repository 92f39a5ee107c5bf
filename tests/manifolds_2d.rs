//! 2D contact manifolds (`contact_manifold`): hand-derived resting
//! contacts, swap symmetry, stable feature ids, and properties over the
//! random 2D scenes (`support/scene2d.rs`) against `separation`,
//! `penetration` and the oracle's point distances. Every test runs in f32
//! and f64, and in both argument orders where a pair is involved.

use nalgebra::{Point2, Vector2};
use quickcheck::TestResult;
use separating_axis::{
    contact_manifold, distance, penetration, separation, Aabb, Ball, Capsule, ContactFeature,
    ContactId, ConvexPolygon, Feature, Manifold, Obb, Pose2, Shape, Side,
};

use crate::support::oracle2d as oracle;
use crate::support::rng::Rng;
use crate::support::scalars::in_both_scalars;
use crate::support::scalars::{f, t, vt, TestReal};
use crate::support::scene2d::{
    check, fail, random_circle, random_obb, random_polygon, random_pose, Scene,
};

fn pose<T: TestReal>(x: f64, y: f64, angle: f64) -> Pose2<T> {
    Pose2::new(Vector2::new(t(x), t(y)), t(angle))
}

fn p2(p: &Point2<impl TestReal>) -> (f64, f64) {
    (f(p.x), f(p.y))
}

/// The ground: `[-5, 5] × [-1, 0]`, top face (+y) is face 1.
fn ground<T: TestReal>() -> Aabb<T, 2> {
    Aabb::new(Point2::new(t(-5.0), t(-1.0)), Point2::new(t(5.0), t(0.0))).unwrap()
}

/// The manifold of (a, b) and that of (b, a) swapped back: they must be
/// the same contact. Returns the first.
fn both_orders<T, A, B>(a: &A, pa: &Pose2<T>, b: &B, pb: &Pose2<T>, margin: f64) -> Manifold<T, 2>
where
    T: TestReal,
    A: Shape<T, 2>,
    B: Shape<T, 2>,
{
    let ab = contact_manifold(a, pa, b, pb, t(margin));
    let ba = contact_manifold(b, pb, a, pa, t(margin)).swapped();
    if let Err(e) = same_contact(&ab, &ba, T::AGREE * 10.0) {
        panic!("[{}] {e}", T::NAME);
    }
    ab
}

/// Same normal, same points (as a set: position, separation, id); what
/// differs, if anything.
fn same_contact<T: TestReal>(
    m: &Manifold<T, 2>,
    n: &Manifold<T, 2>,
    tol: f64,
) -> Result<(), String> {
    let close = |x: f64, y: f64| (x - y).abs() <= tol;
    if !(close(f(m.normal().x), f(n.normal().x)) && close(f(m.normal().y), f(n.normal().y))) {
        return Err(format!("normals {m:?} vs {n:?}"));
    }
    if m.len() != n.len() {
        return Err(format!("counts {m:?} vs {n:?}"));
    }
    for p in m.points() {
        let Some(q) = n.points().iter().find(|q| q.id == p.id) else {
            return Err(format!("id {:?} missing in {n:?}", p.id));
        };
        let (pa, qa, pb, qb) = (p2(&p.on_a), p2(&q.on_a), p2(&p.on_b), p2(&q.on_b));
        let same = close(pa.0, qa.0)
            && close(pa.1, qa.1)
            && close(pb.0, qb.0)
            && close(pb.1, qb.1)
            && close(f(p.separation), f(q.separation));
        if !same {
            return Err(format!("points {p:?} vs {q:?}"));
        }
    }
    Ok(())
}

/// The points' `(on_b.x, on_b.y, separation)`, sorted by x.
fn sorted_b<T: TestReal>(m: &Manifold<T, 2>) -> Vec<(f64, f64, f64)> {
    let mut v: Vec<_> = m
        .points()
        .iter()
        .map(|p| (f(p.on_b.x), f(p.on_b.y), f(p.separation)))
        .collect();
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    v
}

/// A box `2 × 1` resting flat on the wider ground, sunk by 0.25: two
/// points at its bottom corners, separation exactly −0.25, on the ground's
/// top at the same x.
fn box_resting_flat_gives_two_corner_points<T: TestReal>() {
    let g = ground::<T>();
    let b = Obb::new(
        Point2::origin(),
        Default::default(),
        Vector2::new(t(1.0), t(0.5)),
    )
    .unwrap();
    let pb = pose::<T>(0.25, 0.25, 0.0);
    let m = both_orders(&g, &Pose2::identity(), &b, &pb, 0.0);
    assert_eq!(m.normal().into_inner(), Vector2::y());
    assert_eq!(
        sorted_b(&m),
        vec![(-0.75, -0.25, -0.25), (1.25, -0.25, -0.25)]
    );
    for p in m.points() {
        assert_eq!(p.on_a.y, T::zero());
        assert_eq!(p.on_a.x, p.on_b.x);
        assert_eq!(p.id.a, ContactFeature::Face(1));
        assert!(matches!(p.id.b, ContactFeature::Vertex(_)));
    }
    assert_eq!(m.reference(), Some((Side::A, 1)));
    // The other order: the same corners, named the same way.
    let r = contact_manifold(&b, &pb, &g, &Pose2::identity(), T::zero());
    assert_eq!(r.normal().into_inner(), -Vector2::y());
    for p in r.points() {
        assert_eq!(p.separation, t(-0.25));
        assert_eq!(p.id.b, ContactFeature::Face(1));
    }
}

/// A box `2 × 1` turned by 30°, its lowest corner 0.1 into the ground:
/// one point, at that corner.
fn tilted_box_on_its_corner_gives_one_point<T: TestReal>() {
    let g = ground::<T>();
    let b = Obb::new(
        Point2::origin(),
        Default::default(),
        Vector2::new(t(1.0), t(0.5)),
    )
    .unwrap();
    let (s, c) = (0.5_f64, 0.75_f64.sqrt());
    // Corner (−1, −0.5) turned by 30°: (−c + 0.25, −0.5 − 0.5c).
    let (cx, cy) = (-c + 0.25, -0.5 - 0.5 * c);
    let depth = 0.1;
    let pb = pose::<T>(0.0, -cy - depth, std::f64::consts::FRAC_PI_6);
    let m = both_orders(&g, &Pose2::identity(), &b, &pb, 0.0);
    assert_eq!(m.len(), 1, "{m:?}");
    let p = m.points()[0];
    let tol = T::AGREE * 10.0;
    assert!((f(p.separation) + depth).abs() <= tol, "{p:?}");
    assert!(
        (f(p.on_b.x) - cx).abs() <= tol && (f(p.on_b.y) + depth).abs() <= tol,
        "{p:?}"
    );
    assert!(
        (f(p.on_a.x) - cx).abs() <= tol && f(p.on_a.y).abs() <= tol,
        "{p:?}"
    );
    assert_eq!(p.id.a, ContactFeature::Face(1));
    assert_eq!(p.id.b, ContactFeature::Vertex(0));
    assert!(s > 0.0);
}

/// A capsule (segment of length 2, radius 0.5) lying on the ground, sunk
/// by 0.125: two points, below its segment's ends.
fn capsule_lying_on_a_box_gives_two_points<T: TestReal>() {
    let g = ground::<T>();
    let cap = Capsule::new(
        Point2::new(t(-1.0), t(0.0)),
        Point2::new(t(1.0), t(0.0)),
        t(0.5),
    )
    .unwrap();
    let m = both_orders(
        &g,
        &Pose2::identity(),
        &cap,
        &pose::<T>(0.5, 0.375, 0.0),
        0.0,
    );
    assert_eq!(m.normal().into_inner(), Vector2::y());
    assert_eq!(
        sorted_b(&m),
        vec![(-0.5, -0.125, -0.125), (1.5, -0.125, -0.125)]
    );
    let ends: Vec<_> = m.points().iter().map(|p| p.id.b).collect();
    assert!(ends.contains(&ContactFeature::Vertex(0)) && ends.contains(&ContactFeature::Vertex(1)));
}

/// The same capsule standing on its end: one point, below the segment's
/// lower end.
fn capsule_standing_on_a_box_gives_one_point<T: TestReal>() {
    let g = ground::<T>();
    let cap = Capsule::new(
        Point2::new(t(0.0), t(-1.0)),
        Point2::new(t(0.0), t(1.0)),
        t(0.5),
    )
    .unwrap();
    let m = both_orders(
        &g,
        &Pose2::identity(),
        &cap,
        &pose::<T>(0.5, 1.375, 0.0),
        0.0,
    );
    assert_eq!(sorted_b(&m), vec![(0.5, -0.125, -0.125)]);
    assert_eq!(m.points()[0].id.b, ContactFeature::Vertex(0));
    // Tilted by 0.1 rad (so no face is parallel): still one point.
    let m = both_orders(
        &g,
        &Pose2::identity(),
        &cap,
        &pose::<T>(0.5, 1.375, 0.1),
        0.0,
    );
    assert_eq!(m.len(), 1);
}

/// A ball resting on a triangle's slanted edge: one point, on the edge,
/// with the depth of the ball's centre below the edge line plus radius.
fn ball_on_a_polygon_gives_one_point<T: TestReal>() {
    let tri = ConvexPolygon::new(&[
        Point2::new(t(0.0), t(0.0)),
        Point2::new(t(4.0), t(0.0)),
        Point2::new(t(0.0), t(3.0)),
    ])
    .unwrap();
    let ball = Ball::new(Point2::origin(), t(1.0)).unwrap();
    // The hypotenuse's outward normal is (3, 4)/5; its line is 3x + 4y = 12.
    // The centre at (2, 1.5) + 0.75·(0.6, 0.8) is 0.75 from it: depth 0.25.
    let pb = pose::<T>(2.45, 2.1, 0.0);
    let m = both_orders(&tri, &Pose2::identity(), &ball, &pb, 0.0);
    assert_eq!(m.len(), 1);
    let p = m.points()[0];
    let tol = T::AGREE * 10.0;
    assert!((f(p.separation) + 0.25).abs() <= tol, "{p:?}");
    assert!(
        (f(p.on_a.x) - 2.0).abs() <= tol && (f(p.on_a.y) - 1.5).abs() <= tol,
        "{p:?}"
    );
    assert!(
        (f(p.on_b.x) - 1.85).abs() <= tol && (f(p.on_b.y) - 1.3).abs() <= tol,
        "{p:?}"
    );
    assert_eq!(
        p.id,
        ContactId {
            a: ContactFeature::Face(1),
            b: ContactFeature::Support
        }
    );
}

/// Capsule on capsule: parallel and overlapping, two points (an end of
/// each segment's overlap); crossed, one point; a ball on a capsule, one.
fn capsule_and_ball_pairs<T: TestReal>() {
    let cap = Capsule::new(
        Point2::new(t(-1.0), t(0.0)),
        Point2::new(t(1.0), t(0.0)),
        t(0.5),
    )
    .unwrap();
    let upright = Capsule::new(
        Point2::new(t(0.0), t(-1.0)),
        Point2::new(t(0.0), t(1.0)),
        t(0.5),
    )
    .unwrap();
    let ball = Ball::new(Point2::origin(), t(0.5)).unwrap();
    let id = Pose2::identity();
    let m = both_orders(&cap, &id, &cap, &pose::<T>(0.5, 0.875, 0.0), 0.0);
    assert_eq!(m.normal().into_inner(), Vector2::y());
    assert_eq!(
        sorted_b(&m),
        vec![(-0.5, 0.375, -0.125), (1.0, 0.375, -0.125)]
    );
    let ids: Vec<_> = m.points().iter().map(|p| p.id).collect();
    // B's end over A's face, and A's end (where A's side plane cut B's face) under B.
    assert!(ids.contains(&ContactId {
        a: ContactFeature::Face(1),
        b: ContactFeature::Vertex(0)
    }));
    assert!(ids.contains(&ContactId {
        a: ContactFeature::Vertex(1),
        b: ContactFeature::Face(0)
    }));
    for p in m.points() {
        assert_eq!(p.on_a.y, t(0.5));
    }
    let m = both_orders(&cap, &id, &upright, &pose::<T>(0.25, 1.875, 0.0), 0.0);
    assert_eq!(sorted_b(&m), vec![(0.25, 0.375, -0.125)]);
    let m = both_orders(&cap, &id, &ball, &pose::<T>(0.25, 0.875, 0.0), 0.0);
    assert_eq!(sorted_b(&m), vec![(0.25, 0.375, -0.125)]);
    assert_eq!(
        m.points()[0].id,
        ContactId {
            a: ContactFeature::Face(1),
            b: ContactFeature::Support
        }
    );
    // Two balls: one point on the line of centres.
    let m = both_orders(&ball, &id, &ball, &pose::<T>(0.6, 0.8, 0.0), 0.0);
    assert_eq!(m.len(), 1);
    let p = m.points()[0];
    let tol = T::AGREE * 10.0;
    assert!((f(p.separation) - 0.0).abs() <= tol, "{p:?}");
    assert!(
        (f(p.on_a.x) - 0.3).abs() <= tol && (f(p.on_a.y) - 0.4).abs() <= tol,
        "{p:?}"
    );
}

/// Swapping A and B gives the same points, the negated normal and the
/// swapped ids: by hand above (`both_orders`), and here over the random
/// scenes whose SAT answer is the same face in both orders.
fn swapping_gives_the_same_contact<T: TestReal>() {
    let prop = |scene: Scene<T>| -> TestResult {
        let margin = t::<T>(0.1 * scene.scale());
        let m = contact_manifold(
            scene.a.shape(),
            &scene.pose_a,
            scene.b.shape(),
            &scene.pose_b,
            margin,
        );
        let s = scene.swapped();
        let n = contact_manifold(s.a.shape(), &s.pose_a, s.b.shape(), &s.pose_b, margin).swapped();
        // Concentric circles: every direction is as good, and each order
        // takes its first coordinate axis.
        let fallback = scene.separation().feature == Feature::Fallback;
        // Empty: each order reports the first separating axis it found.
        let empty = m.is_empty() && n.is_empty();
        if m.reference() != n.reference() || scene.near_touching() || fallback || empty {
            return TestResult::discard();
        }
        let tol = T::AGREE * 10.0 * scene.scale();
        match same_contact(&m, &n, tol) {
            Ok(()) => TestResult::passed(),
            Err(e) => fail(&scene, e),
        }
    };
    check(300, prop as fn(Scene<T>) -> TestResult);
}

/// A shape, where B is placed (x, y, angle), how many points it gives.
type Case<'s, T> = (&'s dyn Shape<T, 2>, (f64, f64, f64), usize);

/// Feature ids do not change when B moves by 1e-4 of its size (in x, in
/// y, turned by 1e-4 rad), in both orders: the resting box, the tilted
/// box, the lying and the standing capsule.
fn ids_survive_small_motions<T: TestReal>() {
    let g = ground::<T>();
    let bx = Obb::new(
        Point2::origin(),
        Default::default(),
        Vector2::new(t(1.0), t(0.5)),
    )
    .unwrap();
    let lying = Capsule::new(
        Point2::new(t(-1.0), t(0.0)),
        Point2::new(t(1.0), t(0.0)),
        t(0.5),
    )
    .unwrap();
    let standing = Capsule::new(
        Point2::new(t(0.0), t(-1.0)),
        Point2::new(t(0.0), t(1.0)),
        t(0.5),
    )
    .unwrap();
    let id = Pose2::identity();
    let ids = |m: &Manifold<T, 2>| {
        let mut v: Vec<_> = m.points().iter().map(|p| format!("{:?}", p.id)).collect();
        v.sort();
        v
    };
    let cases: [Case<'_, T>; 4] = [
        (&bx, (0.25, 0.25, 0.0), 2),
        (&bx, (0.0, 0.833, std::f64::consts::FRAC_PI_6), 1),
        (&lying, (0.5, 0.375, 0.0), 2),
        (&standing, (0.5, 1.375, 0.0), 1),
    ];
    // The resting box as A on the ground as B: the reference face is the
    // box's bottom (a tie, which A wins); turned by 1e-4 the ground's top
    // is better by less than the tie slop, so the box's bottom stays the
    // reference (docs/manifolds.md, "The bias toward A"), and the ids do
    // not change.
    let flat = pose::<T>(0.25, 0.25, 0.0);
    let r = contact_manifold(&bx, &flat, &g, &id, T::zero());
    let turned = contact_manifold(&bx, &pose::<T>(0.25, 0.25, 1e-4), &g, &id, T::zero());
    assert_eq!(r.reference(), Some((Side::A, 3)));
    assert_eq!(turned.reference(), Some((Side::A, 3)));
    assert_eq!(ids(&r), ids(&turned));
    let step = 1e-4 * 2.0;
    for (shape, (x, y, a), count) in cases {
        let base = pose::<T>(x, y, a);
        let m = contact_manifold(&g, &id, shape, &base, T::zero());
        let r = contact_manifold(shape, &base, &g, &id, T::zero());
        assert_eq!(m.len(), count, "{m:?}");
        assert_eq!(ids(&m), ids(&r.swapped()));
        for (dx, dy, da) in [
            (step, 0.0, 0.0),
            (-step, 0.0, 0.0),
            (0.0, step, 0.0),
            (0.0, -step, 0.0),
            (0.0, 0.0, 1e-4),
            (0.0, 0.0, -1e-4),
        ] {
            let moved = pose::<T>(x + dx, y + dy, a + da);
            let n = contact_manifold(&g, &id, shape, &moved, T::zero());
            assert_eq!(ids(&m), ids(&n), "moved by {:?}", (dx, dy, da));
            let n = contact_manifold(shape, &moved, &g, &id, T::zero());
            assert_eq!(ids(&r), ids(&n), "moved by {:?} (B, A)", (dx, dy, da));
        }
    }
}

/// Over the random scenes: the normal of a non-empty manifold is `separation`'s axis bit for bit
/// (and `penetration`'s when they overlap), unless the manifold took A's
/// face over the SAT's face of B (`support::took_own_normal`); the deepest
/// point's separation is the SAT distance (within the tie slop for A's
/// face); `on_b = on_a + normal · separation`; each point
/// lies on both shapes' boundaries (the oracle's distance from each shape).
fn manifold_agrees_with_penetration<T: TestReal>() {
    let prop = |scene: Scene<T>| -> TestResult {
        let (a, pa, b, pb) = (
            scene.a.shape(),
            &scene.pose_a,
            scene.b.shape(),
            &scene.pose_b,
        );
        let m = contact_manifold(a, pa, b, pb, T::zero());
        let sat = separation(a, pa, b, pb);
        // An empty manifold's normal is the first separating axis found
        // (tests/manifolds_gate.rs checks it).
        // The bias toward A may take A's face where the SAT took B's by
        // less than the tie slop (docs/manifolds.md, "The bias toward A").
        let own = crate::support::took_own_normal(&m, &sat);
        if !m.is_empty() && !own && m.normal() != sat.axis {
            return fail(&scene, format!("normal {m:?} vs {sat:?}"));
        }
        let Some(pen) = penetration(a, pa, b, pb) else {
            return if m.is_empty() {
                TestResult::passed()
            } else {
                fail(&scene, "points when apart")
            };
        };
        if !own && m.normal() != pen.normal {
            return fail(&scene, "normal differs from penetration's");
        }
        let tol = T::AGREE * 10.0 * scene.scale();
        let Some(deepest) = m.deepest() else {
            return fail(&scene, "no point when overlapping");
        };
        // A's face instead: its gap is within the slop (1e-3 of the size)
        // of the SAT's, and so is the deepest point.
        let depth_tol = if own { tol + 1e-3 * scene.scale() } else { tol };
        if (f(deepest.separation) + f(pen.depth)).abs() > depth_tol {
            return fail(
                &scene,
                format!("deepest {deepest:?} vs depth {}", f(pen.depth)),
            );
        }
        let (wa, wb) = (scene.world_a(), scene.world_b());
        for p in m.points() {
            let gap = p.on_a + m.normal().into_inner() * p.separation - p.on_b;
            let da = oracle::signed_distance_to_point(&wa, &Vector2::new(f(p.on_a.x), f(p.on_a.y)));
            let db = oracle::signed_distance_to_point(&wb, &Vector2::new(f(p.on_b.x), f(p.on_b.y)));
            if f(gap.norm()) > tol || da.abs() > tol || db.abs() > tol || f(p.separation) > 0.0 {
                return fail(&scene, format!("{p:?}: {da} from A, {db} from B"));
            }
            let back_a = pa * p.local_a;
            let back_b = pb * p.local_b;
            if f((back_a - p.on_a).norm()) > tol || f((back_b - p.on_b).norm()) > tol {
                return fail(&scene, format!("local points {p:?}"));
            }
        }
        TestResult::passed()
    };
    check(500, prop as fn(Scene<T>) -> TestResult);
}

/// A random capsule: segment up to 3 long (a tenth of them a point),
/// radius in `[0.1, 1)`.
fn random_capsule<T: TestReal>(rng: &mut Rng) -> Capsule<T, 2> {
    let half = if rng.chance(0.1) {
        Vector2::zeros()
    } else {
        rng.unit_vector2() * rng.range(0.1, 1.5)
    };
    let (a, b) = (Point2::from(vt::<T>(&-half)), Point2::from(vt::<T>(&half)));
    Capsule::new(a, b, t(rng.range(0.1, 1.0))).unwrap()
}

/// Capsules (the random scenes have none) against boxes, polygons, balls
/// and capsules, both orders: a non-empty manifold's normal is `separation`'s, the deepest
/// point's separation its distance, `on_b = on_a + normal · separation`,
/// and no point lies outside either shape by more than round-off.
fn capsule_pairs_agree_with_separation<T: TestReal>() {
    let mut rng = Rng::new(0x6361_7073);
    let mut two = 0;
    for _ in 0..2000 {
        let cap = random_capsule::<T>(&mut rng);
        let other: Box<dyn Shape<T, 2>> = match rng.below(4) {
            0 => Box::new(random_obb::<T>(&mut rng, 1.5)),
            1 => Box::new(random_polygon::<T>(&mut rng, 1.5)),
            2 => Box::new(random_circle::<T>(&mut rng, 0.8)),
            _ => Box::new(random_capsule::<T>(&mut rng)),
        };
        let (pc, po) = (
            random_pose::<T>(&mut rng, 1.5),
            random_pose::<T>(&mut rng, 1.5),
        );
        for swap in [false, true] {
            let (a, pa, b, pb): (&dyn Shape<T, 2>, _, &dyn Shape<T, 2>, _) = if swap {
                (&*other, &po, &cap, &pc)
            } else {
                (&cap, &pc, &*other, &po)
            };
            let m = contact_manifold(a, pa, b, pb, t(0.05));
            let sat = separation(a, pa, b, pb);
            // A's face over the SAT's face of B within the tie slop, or a
            // speculative point off the face (no reference face): the
            // manifold's own normal; the deepest within the slop of the
            // SAT distance, or at the exact distance.
            let own = crate::support::took_own_normal(&m, &sat);
            let speculative = own && m.reference().is_none();
            if !m.is_empty() && !own {
                assert_eq!(m.normal(), sat.axis);
            }
            let d = f(sat.distance);
            if !speculative {
                assert_eq!(m.is_empty(), d > 0.05, "{m:?} vs {sat:?}");
            }
            let tol = T::AGREE * 20.0;
            let (want, slop) = match (own, speculative) {
                (_, true) => (f(distance(a, pa, b, pb)), 0.0),
                (true, false) => (d, 2e-3),
                _ => (d, 0.0),
            };
            if let Some(deepest) = m.deepest() {
                assert!(
                    (f(deepest.separation) - want).abs() <= tol + slop,
                    "{m:?} vs {sat:?}"
                );
            }
            two += usize::from(m.len() == 2);
            for p in m.points() {
                let gap = p.on_a + m.normal().into_inner() * p.separation - p.on_b;
                assert!(f(gap.norm()) <= tol, "{p:?}");
                for (shape, pose, q) in [(a, pa, p.on_a), (b, pb, p.on_b)] {
                    let local = pose.inverse_transform_point(&q);
                    let core = shape.local_core_closest_point(&local);
                    let outside = f((local - core).norm()) - f(shape.radius());
                    assert!(outside <= tol, "{p:?} outside by {outside}: {m:?}");
                }
            }
        }
    }
    assert!(two > 50, "{two} two-point manifolds");
}

/// Apart by less than the margin: speculative points, each with a
/// separation in `(0, margin]`; apart by more: empty.
fn speculative_points_stay_within_the_margin<T: TestReal>() {
    let prop = |scene: Scene<T>| -> TestResult {
        let sat = scene.separation();
        let d = f(sat.distance);
        let scale = scene.scale();
        if d <= T::BAND * scale {
            return TestResult::discard();
        }
        let (a, pa, b, pb) = (
            scene.a.shape(),
            &scene.pose_a,
            scene.b.shape(),
            &scene.pose_b,
        );
        let within = contact_manifold(a, pa, b, pb, t(d * 1.5));
        if within.is_empty() {
            return fail(&scene, "no speculative point within the margin");
        }
        for p in within.points() {
            let s = f(p.separation);
            if s <= 0.0 || s > d * 1.5 {
                return fail(&scene, format!("{p:?} outside (0, margin]"));
            }
        }
        if !contact_manifold(a, pa, b, pb, t(d * 0.5)).is_empty() {
            return fail(&scene, "points beyond the margin");
        }
        TestResult::passed()
    };
    check(300, prop as fn(Scene<T>) -> TestResult);
}

/// A NaN pose or margin gives an empty manifold, and no panic.
fn nan_gives_an_empty_manifold<T: TestReal>() {
    let g = ground::<T>();
    let nan = t::<T>(f64::NAN);
    let bad = Pose2::new(Vector2::new(nan, t(0.0)), t(0.0));
    assert!(contact_manifold(&g, &Pose2::identity(), &g, &bad, T::zero()).is_empty());
    assert!(contact_manifold(&g, &bad, &g, &Pose2::identity(), T::zero()).is_empty());
    let near = pose::<T>(0.0, 0.5, 0.0);
    assert!(contact_manifold(&g, &Pose2::identity(), &g, &near, nan).is_empty());
    // The same pair with a finite margin does touch.
    assert_eq!(
        contact_manifold(&g, &Pose2::identity(), &g, &near, T::zero()).len(),
        2
    );
}

/// A box seen only through the required `Shape` methods: no clipping
/// hooks (`face_vertex_count` 0) and, unless `lend`, no `as_obb` either.
struct Bare<T: TestReal> {
    obb: Obb<T, 2>,
    lend: bool,
}

impl<T: TestReal> separating_axis::Support<T, 2> for Bare<T> {
    fn local_support_point(&self, d: &Vector2<T>) -> Point2<T> {
        self.obb.local_support_point(d)
    }
}

impl<T: TestReal> Shape<T, 2> for Bare<T> {
    fn face_count(&self) -> usize {
        self.obb.face_count()
    }
    fn local_face_normal(&self, i: usize) -> nalgebra::Unit<Vector2<T>> {
        self.obb.local_face_normal(i)
    }
    fn core_vertex_count(&self) -> usize {
        self.obb.core_vertex_count()
    }
    fn local_core_vertex(&self, i: usize) -> Point2<T> {
        self.obb.local_core_vertex(i)
    }
    fn local_core_closest_point(&self, p: &Point2<T>) -> Point2<T> {
        self.obb.local_core_closest_point(p)
    }
    fn local_contains_point(&self, p: &Point2<T>) -> bool {
        self.obb.local_contains_point(p)
    }
    fn as_obb(&self) -> Option<Obb<T, 2>> {
        self.lend.then_some(self.obb)
    }
}

/// docs/manifolds.md, "The shape hooks": a box resting 0.01 deep on the
/// ground. Seen through the required methods only, it gets one point, at
/// its support point along the normal, whether it holds the reference
/// face (first) or the incident one (second); answering `as_obb` alone,
/// it is clipped as that box (two points, the box's manifold); and an
/// `AnyShape` of the box forwards the hooks (the box's manifold).
fn shape_hooks_decide_the_clipping<T: TestReal>() {
    let obb = Obb::new(
        Point2::origin(),
        Default::default(),
        vt(&Vector2::new(0.5, 0.5)),
    )
    .unwrap();
    let (g, pg) = (ground::<T>(), Pose2::<T>::identity());
    let pb = pose::<T>(0.2, 0.49, 0.0);
    let bare = Bare { obb, lend: false };
    let tol = 64.0 * f(T::default_epsilon()) * 10.0;
    for (m, on_b) in [
        (contact_manifold(&g, &pg, &bare, &pb, t(0.0)), true),
        (contact_manifold(&bare, &pb, &g, &pg, t(0.0)), false),
    ] {
        assert_eq!(m.len(), 1, "[{}] {m:?}", T::NAME);
        // The bare box's support point along the normal's side facing the
        // ground: −y when the ground is A, +y seen from the box as A.
        let n = m.normal().into_inner();
        let towards_ground = if on_b { -n } else { n };
        let local = separating_axis::Support::local_support_point(
            &bare,
            &(pb.rotation.inverse() * towards_ground),
        );
        let want: Point2<T> = pb * local;
        let got = if on_b {
            m.points()[0].on_b
        } else {
            m.points()[0].on_a
        };
        assert!(
            (f(got.x) - f(want.x)).abs() <= tol && (f(got.y) - f(want.y)).abs() <= tol,
            "[{}] {m:?}",
            T::NAME
        );
        assert!(
            (f(m.points()[0].separation) + 0.01).abs() <= tol,
            "[{}] {m:?}",
            T::NAME
        );
    }
    let lent = Bare { obb, lend: true };
    let full = contact_manifold(&g, &pg, &obb, &pb, t(0.0));
    assert_eq!(full.len(), 2);
    assert_eq!(
        contact_manifold(&g, &pg, &lent, &pb, t(0.0)),
        full,
        "[{}]",
        T::NAME
    );
    let any = separating_axis::AnyShape::from(obb);
    assert_eq!(
        contact_manifold(&g, &pg, &any, &pb, t(0.0)),
        full,
        "[{}]",
        T::NAME
    );
}

in_both_scalars!(
    box_resting_flat_gives_two_corner_points,
    tilted_box_on_its_corner_gives_one_point,
    capsule_lying_on_a_box_gives_two_points,
    capsule_standing_on_a_box_gives_one_point,
    ball_on_a_polygon_gives_one_point,
    capsule_and_ball_pairs,
    capsule_pairs_agree_with_separation,
    swapping_gives_the_same_contact,
    ids_survive_small_motions,
    manifold_agrees_with_penetration,
    speculative_points_stay_within_the_margin,
    nan_gives_an_empty_manifold,
    shape_hooks_decide_the_clipping,
);
