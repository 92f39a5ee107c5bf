//! The polygon–box path (`pair::polygon_box`) against the generic engine:
//! seeded pairs in both argument orders, `Obb` and `Aabb` boxes, near and
//! far from the origin, f32 and f64; pairs built to touch exactly, where
//! every operation is exact and the verdicts must equal the engine's; a
//! hand-derived case.

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, vf, TestReal};
use nalgebra::{Matrix2, Point2, Rotation2, Vector2};
use separating_axis::{
    engine, intersects, pair::polygon_box, penetration, separation, Aabb, ConvexPolygon, Feature,
    Obb, Pose2, Posed, Separation, Shape, Support,
};

/// A convex polygon: the hull of 3 to 12 points on an ellipse of random
/// axes (log-uniform 0.1 to 3), its centre shifted from its local origin.
pub(crate) fn polygon<T: TestReal>(rng: &mut Rng) -> ConvexPolygon<T> {
    loop {
        let (rx, ry) = (
            0.1 * 30f64.powf(rng.unit_interval()),
            0.1 * 30f64.powf(rng.unit_interval()),
        );
        let (cx, cy) = (rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
        let k = 3 + rng.below(10);
        let points: Vec<Point2<T>> = (0..k)
            .map(|_| {
                let a = rng.range(0.0, std::f64::consts::TAU);
                Point2::new(t(cx + rx * a.cos()), t(cy + ry * a.sin()))
            })
            .collect();
        if let Ok(p) = ConvexPolygon::from_hull(&points) {
            return p;
        }
    }
}

/// The candidate gap along the world axis `u` (from A to B), from the
/// support values: `−(h_A(u) + h_B(−u))`.
fn gap_along<T: TestReal, A: Shape<T, 2>, B: Shape<T, 2>>(
    a: &A,
    pa: &Pose2<T>,
    b: &B,
    pb: &Pose2<T>,
    u: &Vector2<T>,
) -> f64 {
    -(f(Posed::new(a, pa).local_support_value(u)) + f(Posed::new(b, pb).local_support_value(&-u)))
}

/// One pair in one order: the routed query is the path's, bit for bit;
/// the path's distance is the engine's within `tol`; the same feature and
/// axis, unless the path's axis gives the engine's distance within `tol`
/// (a tie); `intersects` is the sign of the separation exactly, and the
/// engine's verdict away from touching; `penetration` agrees.
pub(crate) fn check_pair<T, A, B>(
    a: &A,
    pa: &Pose2<T>,
    b: &B,
    pb: &Pose2<T>,
    path: Option<Separation<T, 2>>,
    tol: f64,
) -> bool
where
    T: TestReal,
    A: Shape<T, 2>,
    B: Shape<T, 2>,
{
    let routed = separation(a, pa, b, pb);
    if let Some(path) = path {
        assert_eq!(routed, path, "the query did not take the polygon-box path");
    }
    let slow = engine::separation(a, pa, b, pb);
    let (d, e) = (f(routed.distance), f(slow.distance));
    assert!((d - e).abs() <= tol, "path {routed:?}, engine {slow:?}");
    if routed.feature != slow.feature {
        let along = gap_along(a, pa, b, pb, &routed.axis);
        assert!(
            (along - e).abs() <= tol,
            "path {routed:?} (gap {along} along its axis), engine {slow:?}"
        );
    } else {
        let apart = (vf(&routed.axis) - vf(&slow.axis)).norm();
        assert!(apart <= T::NORMAL, "path {routed:?}, engine {slow:?}");
    }
    let hit = intersects(a, pa, b, pb);
    assert_eq!(hit, d <= 0.0, "intersects against {routed:?}");
    if d.abs() > tol {
        assert_eq!(hit, engine::intersects(a, pa, b, pb), "{routed:?}");
    }
    match penetration(a, pa, b, pb) {
        Some(p) => assert!(hit && (f(p.depth) + d).abs() <= tol, "{p:?}, {routed:?}"),
        None => assert!(!hit, "no penetration for {routed:?}"),
    }
    hit
}

/// Seeded pairs, half of them overlapping, at offsets from the origin up to
/// `far`, both orders, `Obb` and `Aabb` boxes.
fn path_matches_engine<T: TestReal>(seed: u64, far: f64) {
    let mut rng = Rng::new(seed);
    let mut hits = 0;
    let pairs = 2000;
    for _ in 0..pairs {
        let poly = polygon::<T>(&mut rng);
        let h = Vector2::new(
            t(0.05 * 40f64.powf(rng.unit_interval())),
            t(0.05 * 40f64.powf(rng.unit_interval())),
        );
        let centre = Point2::new(t(rng.range(-0.5, 0.5)), t(rng.range(-0.5, 0.5)));
        let obb = if rng.chance(0.2) {
            Obb::new(Point2::origin(), Rotation2::identity(), h).unwrap()
        } else {
            Obb::new(centre, Rotation2::new(t(rng.range(0.0, 6.3))), h).unwrap()
        };
        let aabb = Aabb::from_half_extents(centre, h).unwrap();
        let at = Vector2::new(rng.range(-far, far), rng.range(-far, far));
        let pp = Pose2::new(vt2::<T>(&at), t(rng.range(0.0, 6.3)));
        let dir = rng.range(0.0, 6.3);
        let reach = rng.range(0.0, 2.5);
        let pb = Pose2::new(
            vt2::<T>(&(at + Vector2::new(reach * dir.cos(), reach * dir.sin()))),
            t(rng.range(0.0, 6.3)),
        );
        let scale = 1.0_f64.max(far) * 4.0;
        let tol = T::AGREE * scale;
        let fast = polygon_box::separation(&poly, &pp, &obb, &pb);
        let hit = check_pair(&poly, &pp, &obb, &pb, Some(fast), tol);
        let swapped = polygon_box::box_polygon_separation(&obb, &pb, &poly, &pp);
        assert_eq!(check_pair(&obb, &pb, &poly, &pp, Some(swapped), tol), hit);
        assert_eq!(polygon_box::intersects(&poly, &pp, &obb, &pb), hit);
        // Through `&dyn Shape`: the same route.
        let (dp, db): (&dyn Shape<T, 2>, &dyn Shape<T, 2>) = (&poly, &obb);
        assert_eq!(separation(dp, &pp, db, &pb), fast);
        assert_eq!(intersects(db, &pb, dp, &pp), hit);
        check_pair(&poly, &pp, &aabb, &pb, None, tol);
        check_pair(&aabb, &pb, &poly, &pp, None, tol);
        hits += usize::from(hit);
    }
    assert!(
        (pairs / 4..=3 * pairs / 4).contains(&hits),
        "{hits} of {pairs} overlap"
    );
}

pub(crate) fn vt2<T: TestReal>(v: &Vector2<f64>) -> Vector2<T> {
    Vector2::new(t(v.x), t(v.y))
}

fn path_matches_engine_near_the_origin<T: TestReal>() {
    path_matches_engine::<T>(41, 1.0);
}

fn path_matches_engine_far_from_the_origin<T: TestReal>() {
    path_matches_engine::<T>(42, if T::NAME == "f32" { 1e3 } else { 1e6 });
}

/// A rotation by `quarter` quarter turns, exactly (entries 0 and ±1).
fn quarter_turn<T: TestReal>(quarter: usize) -> Rotation2<T> {
    let (c, s) = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][quarter % 4];
    Rotation2::from_matrix_unchecked(Matrix2::new(t(c), t(-s), t(s), t(c)))
}

/// Pairs that touch exactly: integer polygons (with an axis-aligned
/// extreme in the chosen direction, as every hull of integer points has)
/// and boxes of integer half extents, turned by quarter turns, at integer
/// offsets up to 2¹² from the origin, the box's face against the polygon's
/// extreme along ±x or ±y. Every product and sum is exact in f32 and f64,
/// so the engine and the path both find the gap `0` exactly: `intersects`
/// true on both, depth `0`. Moved apart by 2⁻⁸ along the same direction,
/// both say apart. Pairs where a slanted edge of the polygon (a normal that
/// is not exact) touches too are left out: there neither the engine's nor
/// the path's rounded gap is exact.
fn touching_exactly_agrees_with_engine<T: TestReal>() {
    let mut rng = Rng::new(43);
    let mut touching = 0;
    for _ in 0..4000 {
        let points: Vec<Point2<T>> = (0..3 + rng.below(6))
            .map(|_| Point2::new(t(rng.below(9) as f64 - 4.0), t(rng.below(9) as f64 - 4.0)))
            .collect();
        let Ok(poly) = ConvexPolygon::from_hull(&points) else {
            continue;
        };
        let h = Vector2::new(t(1.0 + rng.below(3) as f64), t(1.0 + rng.below(3) as f64));
        let centre = Point2::new(t(rng.below(3) as f64 - 1.0), t(rng.below(3) as f64 - 1.0));
        let obb = Obb::new(centre, quarter_turn(rng.below(4)), h).unwrap();
        let offset = Vector2::new(
            rng.below(1 << 12) as f64 - 2048.0,
            rng.below(1 << 12) as f64 - 2048.0,
        );
        let pp = Pose2::from_parts(vt2::<T>(&offset).into(), quarter_turn(rng.below(4)));
        let rb = quarter_turn::<T>(rng.below(4));
        // The direction (world ±x or ±y) from the polygon to the box.
        let k = rng.below(4);
        let u = [Vector2::x(), Vector2::y(), -Vector2::x(), -Vector2::y()][k];
        let ut = vt2::<T>(&u);
        let hp = f(Posed::new(&poly, &pp).local_support_value(&ut));
        let origin = Pose2::from_parts(Vector2::zeros().into(), rb);
        let hb = f(Posed::new(&obb, &origin).local_support_value(&-ut));
        // Along u: the box's near side on the polygon's far side; across,
        // somewhere within reach (an overlap of the projections, or none).
        let perp = Vector2::new(-u.y, u.x);
        let across = perp * (perp.dot(&offset) + rng.below(13) as f64 - 6.0);
        for (shift, touch) in [(0.0, true), (1.0 / 256.0, false)] {
            let at = u * (hp + hb + shift) + across;
            let pb = Pose2::from_parts(vt2::<T>(&at).into(), rb);
            // A slanted edge (an inexact normal) within reach of touching
            // too: its rounded gap may fall on either side of zero, in the
            // engine as in the path. Such pairs are left out.
            let slanted_touch = poly.normals().iter().any(|n| {
                let n = pp.rotation * n.into_inner();
                n.x != T::zero()
                    && n.y != T::zero()
                    && gap_along(&poly, &pp, &obb, &pb, &n).abs() < 1e-3
            });
            if slanted_touch {
                continue;
            }
            let slow = engine::separation(&poly, &pp, &obb, &pb);
            let fast = polygon_box::separation(&poly, &pp, &obb, &pb);
            let swapped = polygon_box::box_polygon_separation(&obb, &pb, &poly, &pp);
            let slow_swapped = engine::separation(&obb, &pb, &poly, &pp);
            for (s, e) in [(fast, slow), (swapped, slow_swapped)] {
                if touch && f(e.distance).abs().to_bits() == 0 {
                    // Zero, of either sign, as the engine's (whose sign of
                    // zero is not part of the contract either).
                    assert_eq!(f(s.distance).abs().to_bits(), 0, "{s:?}, engine {e:?}");
                }
                assert_eq!(
                    s.distance > T::zero(),
                    e.distance > T::zero(),
                    "{s:?} {e:?}"
                );
            }
            let verdict = engine::intersects(&poly, &pp, &obb, &pb);
            assert_eq!(polygon_box::intersects(&poly, &pp, &obb, &pb), verdict);
            assert_eq!(intersects(&poly, &pp, &obb, &pb), verdict);
            assert_eq!(
                intersects(&obb, &pb, &poly, &pp),
                engine::intersects(&obb, &pb, &poly, &pp)
            );
            assert_eq!(
                penetration(&obb, &pb, &poly, &pp).map(|p| f(p.depth)),
                engine::separation(&obb, &pb, &poly, &pp)
                    .penetration()
                    .map(|p| f(p.depth))
            );
            if touch && f(slow.distance).abs().to_bits() == 0 {
                touching += 1;
                assert!(verdict);
            }
            if !touch {
                assert!(!verdict, "moved apart by 2^-8: {slow:?}");
            }
        }
    }
    assert!(touching > 1000, "{touching} pairs touched exactly");
}

/// The triangle (0, 0), (4, 0), (0, 4) and the square of half side ½:
/// centred at (3, 3) it lies beyond the hypotenuse by (6 − 1 − 4)/√2 = 1/√2
/// (the gap along (1, 1)/√2 from the square's corner (2.5, 2.5)); at
/// (2, 2) it overlaps it by 1/√2. The box's own faces give −1.5 and −2.5
/// there, the legs −3.5 and −2.5: the hypotenuse wins, `FaceA(1)` polygon
/// first and `FaceB(1)` box first, with the axis reversed. A box of half
/// extents (1, ¼) turned a quarter turn (world extents ¼ by 1) at
/// (−¾, 1) is ½ left of the leg x = 0: the leg's normal −x gives ½, as
/// does the box's face 3 (outward −y in its frame, +x in the world); the
/// tie goes to the first shape's face.
fn hand_derived_cases<T: TestReal>() {
    let tri = ConvexPolygon::new(&[
        Point2::new(t(0.0), t(0.0)),
        Point2::new(t(4.0), t(0.0)),
        Point2::new(t(0.0), t(4.0)),
    ])
    .unwrap();
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t(0.5), t(0.5)),
    )
    .unwrap();
    let id = Pose2::<T>::identity();
    let eps = 4.0 * f(T::default_epsilon());
    let r = std::f64::consts::FRAC_1_SQRT_2;
    for (at, distance) in [(3.0, r), (2.0, -r)] {
        let pose = Pose2::translation(t(at), t(at));
        let s = polygon_box::separation(&tri, &id, &square, &pose);
        assert!((f(s.distance) - distance).abs() <= eps, "{s:?}");
        assert_eq!(s.feature, Feature::FaceA(1));
        assert!((vf(&s.axis) - Vector2::new(r, r)).norm() <= eps, "{s:?}");
        let s = polygon_box::box_polygon_separation(&square, &pose, &tri, &id);
        assert!((f(s.distance) - distance).abs() <= eps, "{s:?}");
        assert_eq!(s.feature, Feature::FaceB(1));
        assert!((vf(&s.axis) + Vector2::new(r, r)).norm() <= eps, "{s:?}");
        assert_eq!(
            polygon_box::intersects(&tri, &id, &square, &pose),
            distance < 0.0
        );
        let p = penetration(&square, &pose, &tri, &id);
        assert_eq!(p.is_some(), distance < 0.0);
        if let Some(p) = p {
            assert!((f(p.depth) - r).abs() <= eps, "{p:?}");
        }
    }
    let bar = Obb::new(
        Point2::origin(),
        quarter_turn(1),
        Vector2::new(t(1.0), t(0.25)),
    )
    .unwrap();
    let pose = Pose2::translation(t(-0.75), t(1.0));
    let s = polygon_box::separation(&tri, &id, &bar, &pose);
    assert_eq!((f(s.distance), s.feature), (0.5, Feature::FaceA(2)));
    assert_eq!(vf(&s.axis), -Vector2::x());
    let s = polygon_box::box_polygon_separation(&bar, &pose, &tri, &id);
    assert_eq!((f(s.distance), s.feature), (0.5, Feature::FaceA(3)));
    assert_eq!(vf(&s.axis), Vector2::x());
    assert!(!polygon_box::intersects(&tri, &id, &bar, &pose));
    // Touching the leg: gap 0, overlapping by definition.
    let pose = Pose2::translation(t(-0.25), t(1.0));
    let touching = polygon_box::separation(&tri, &id, &bar, &pose);
    assert_eq!(f(touching.distance).abs().to_bits(), 0, "{touching:?}");
    assert!(polygon_box::intersects(&tri, &id, &bar, &pose));
}

/// A NaN pose gives `false`, a NaN distance and no penetration, in both
/// orders.
fn nan_poses_answer_apart<T: TestReal>() {
    let tri = ConvexPolygon::new(&[
        Point2::new(t(0.0), t(0.0)),
        Point2::new(t(4.0), t(0.0)),
        Point2::new(t(0.0), t(4.0)),
    ])
    .unwrap();
    let square = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t(0.5), t(0.5)),
    )
    .unwrap();
    let id = Pose2::<T>::identity();
    let nan = T::from_f64(f64::NAN).unwrap();
    for bad in [
        Pose2::translation(nan, t(1.0)),
        Pose2::new(Vector2::zeros(), nan),
    ] {
        assert!(!intersects(&tri, &id, &square, &bad));
        assert!(!intersects(&square, &bad, &tri, &id));
        assert!(f(separation(&tri, &id, &square, &bad).distance).is_nan());
        assert!(f(separation(&square, &bad, &tri, &id).distance).is_nan());
        assert!(penetration(&tri, &id, &square, &bad).is_none());
        assert!(penetration(&square, &bad, &tri, &id).is_none());
    }
}

in_both_scalars!(
    path_matches_engine_near_the_origin,
    path_matches_engine_far_from_the_origin,
    touching_exactly_agrees_with_engine,
    hand_derived_cases,
    nan_poses_answer_apart,
);
