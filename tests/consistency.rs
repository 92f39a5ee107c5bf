//! `intersects`, `separation` and `penetration` decide one inequality the
//! same way on every pair path, in both argument orders, in f32 and f64:
//! `intersects ⇔ separation.distance <= 0 ⇔ penetration.is_some()`, also
//! within an ulp of touching, where code written as
//! `if intersects(..) { penetration(..).unwrap() }` used to panic. The
//! contact manifold (2D and 3D) joins them: with margin 0 it has points
//! exactly when `intersects` holds, and no point lies apart; with margin
//! 0.02 it has a point at or below zero exactly when `intersects` holds.

use crate::support::rng::Rng;
use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    contact_manifold, intersects, penetration, separation, Aabb, Ball, Capsule, ConvexPolygon,
    ConvexPolyhedron, Obb, Pose, Pose2, Pose3, Real, Shape,
};

/// The three queries agree on this placement, in both orders.
fn agree<T, const N: usize, A, B>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    pb: &Pose<T, N>,
) -> Result<(), String>
where
    T: Real + core::fmt::Debug,
    A: Shape<T, N> + 'static,
    B: Shape<T, N> + 'static,
{
    let one = |hit: bool, s: T, p: bool| {
        if hit == (s <= T::zero()) && hit == p {
            Ok(())
        } else {
            Err(format!(
                "intersects {hit}, separation {s:?}, penetration {p}"
            ))
        }
    };
    one(
        intersects(a, pa, b, pb),
        separation(a, pa, b, pb).distance,
        penetration(a, pa, b, pb).is_some(),
    )?;
    one(
        intersects(b, pb, a, pa),
        separation(b, pb, a, pa).distance,
        penetration(b, pb, a, pa).is_some(),
    )
}

/// [`agree`], and the contact manifold with margin 0 too (2D and 3D): it
/// has points exactly when `intersects` says so, and none of them lies
/// apart, in both orders; with margin 0.02 it has a point at or below zero
/// exactly when `intersects` says so.
fn agree2<T, const N: usize, A, B>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    pb: &Pose<T, N>,
) -> Result<(), String>
where
    T: Real + core::fmt::Debug,
    A: Shape<T, N> + 'static,
    B: Shape<T, N> + 'static,
    nalgebra::Const<N>: separating_axis::ContactDim<T, N>,
{
    agree(a, pa, b, pb)?;
    let one = |hit: bool, m: separating_axis::Manifold<T, N>| {
        let apart = m.points().iter().find(|p| p.separation > T::zero());
        if hit != m.is_empty() && apart.is_none() {
            Ok(())
        } else {
            Err(format!("intersects {hit}, manifold {m:?}"))
        }
    };
    // With a margin the manifold may list speculative points; it touches
    // (has a point at or below zero) exactly when `intersects` holds.
    let margin = T::from_f64(0.02).unwrap();
    let with_margin = |hit: bool, m: separating_axis::Manifold<T, N>| {
        let touches = m.points().iter().any(|p| p.separation <= T::zero());
        if hit == touches {
            Ok(())
        } else {
            Err(format!("intersects {hit}, manifold (margin 0.02) {m:?}"))
        }
    };
    let (ab, ba) = (intersects(a, pa, b, pb), intersects(b, pb, a, pa));
    one(ab, contact_manifold(a, pa, b, pb, T::zero()))?;
    one(ba, contact_manifold(b, pb, a, pa, T::zero()))?;
    with_margin(ab, contact_manifold(a, pa, b, pb, margin))?;
    with_margin(ba, contact_manifold(b, pb, a, pa, margin))
}

/// The reproduction: a square of half extent 1 against the same
/// square at x = 2.09483758192485414 turned by 0.1 rad (f64). The box path
/// said `intersects` true, `penetration` None and a separation of +2.2e-16.
#[test]
fn touching_squares_agree_on_all_three_queries() {
    let sq = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(1.0, 1.0),
    )
    .unwrap();
    let pb = Pose2::new(Vector2::new(2.094_837_581_924_854, 0.0), 0.1);
    agree2(&sq, &Pose2::identity(), &sq, &pb).unwrap();
    let poly = ConvexPolygon::new(&[
        Point2::new(-1.0, -1.0),
        Point2::new(1.0, -1.0),
        Point2::new(1.0, 1.0),
        Point2::new(-1.0, 1.0),
    ])
    .unwrap();
    agree2(&poly, &Pose2::identity(), &poly, &pb).unwrap();
}

/// An agreement check on one placement ([`agree`] or [`agree2`]).
type Check<T, const N: usize, A, B> = fn(&A, &Pose<T, N>, &B, &Pose<T, N>) -> Result<(), String>;

/// Places B along `dir` at the last float distance where the separation is
/// not positive (bisection on the scalar), and runs `check` (the queries'
/// agreement with the manifold: [`agree2`]) at that distance and at the
/// neighbouring floats, ±1 ulp and ±1e-15 relative.
fn sweep<T, const N: usize, A, B>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    rot_b: &nalgebra::Rotation<T, N>,
    dir: &nalgebra::SVector<T, N>,
    check: Check<T, N, A, B>,
) -> Result<(), String>
where
    T: Real + core::fmt::Debug,
    A: Shape<T, N> + 'static,
    B: Shape<T, N> + 'static,
{
    let at = |s: T| Pose::from_parts((pa.translation.vector + dir * s).into(), *rot_b);
    let (mut lo, mut hi) = (T::zero(), T::from_f64(100.0).unwrap());
    for _ in 0..200 {
        let mid = (lo + hi) / T::from_f64(2.0).unwrap();
        if mid <= lo || mid >= hi {
            break;
        }
        if separation(a, pa, b, &at(mid)).distance > T::zero() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let eps = T::default_epsilon();
    let tiny = T::from_f64(1e-15).unwrap();
    for s in [
        lo,
        hi,
        lo * (T::one() - eps),
        hi * (T::one() + eps),
        lo * (T::one() - tiny),
        hi * (T::one() + tiny),
        lo - tiny,
        hi + tiny,
    ] {
        check(a, pa, b, &at(s)).map_err(|e| format!("{e} at distance {s:?}"))?;
    }
    Ok(())
}

macro_rules! consistency_sweeps {
    ($($t:ident),*) => {$(
        mod $t {
            use super::*;
            type T = $t;
            fn v2(rng: &mut Rng) -> Vector2<T> { Vector2::new(rng.range(-1.0, 1.0) as T, rng.range(-1.0, 1.0) as T) }
            fn v3(rng: &mut Rng) -> Vector3<T> { rng.unit_vector3().map(|x| x as T) }
            fn pose2(rng: &mut Rng) -> Pose2<T> { Pose2::new(v2(rng), rng.range(0.0, 6.3) as T) }
            fn rot3(rng: &mut Rng) -> Rotation3<T> { Rotation3::from_matrix_unchecked(rng.rotation().matrix().map(|x| x as T)) }
            fn pose3(rng: &mut Rng) -> Pose3<T> { Pose3::from_parts(v3(rng).into(), rot3(rng)) }
            fn polygon(rng: &mut Rng) -> ConvexPolygon<T> {
                let pts: Vec<_> = (0..8).map(|_| Point2::from(v2(rng))).collect();
                ConvexPolygon::from_hull(&pts).unwrap_or_else(|_| polygon(rng))
            }
            fn hull(rng: &mut Rng) -> ConvexPolyhedron<T> {
                let pts: Vec<_> = (0..12).map(|_| Point3::from(v3(rng))).collect();
                ConvexPolyhedron::from_hull(&pts).unwrap()
            }
            fn half2(rng: &mut Rng) -> Vector2<T> { Vector2::new(rng.range(0.2, 1.5) as T, rng.range(0.2, 1.5) as T) }
            fn half3(rng: &mut Rng) -> Vector3<T> { Vector3::new(rng.range(0.2, 1.5) as T, rng.range(0.2, 1.5) as T, rng.range(0.2, 1.5) as T) }

            /// Every pair path (box 2D and 3D, polygon, polygon–box,
            /// hull, box–hull, capsule–box, hull–capsule) and engine pairs
            /// with round shapes (circle–polygon, 2D and 3D capsules,
            /// spheres), near touching, 150 placements each.
            #[test]
            fn queries_agree_within_an_ulp_of_touching() {
                let mut rng = Rng(2024);
                for k in 0..150 {
                    let (pa2, pb2, pa3, pb3) = (pose2(&mut rng), pose2(&mut rng), pose3(&mut rng), pose3(&mut rng));
                    let (d2, d3) = (v2(&mut rng).normalize(), v3(&mut rng).normalize());
                    let ctx = |e: String| format!("{}: case {k}: {e}", stringify!($t));
                    let obb2 = |rng: &mut Rng| Obb::new(Point2::from(v2(rng) * 0.1), Rotation2::new(rng.range(0.0, 6.3) as T), half2(rng)).unwrap();
                    let obb3 = |rng: &mut Rng| Obb::new(Point3::from(v3(rng) * 0.1), rot3(rng), half3(rng)).unwrap();
                    let (b2a, b2b) = (obb2(&mut rng), obb2(&mut rng));
                    sweep(&b2a, &pa2, &b2b, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    let (b3a, b3b) = (obb3(&mut rng), obb3(&mut rng));
                    sweep(&b3a, &pa3, &b3b, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    let (pga, pgb) = (polygon(&mut rng), polygon(&mut rng));
                    sweep(&pga, &pa2, &pgb, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    let (ha, hb) = (hull(&mut rng), hull(&mut rng));
                    sweep(&ha, &pa3, &hb, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    let circle = Ball::new(Point2::from(v2(&mut rng) * 0.1), rng.range(0.1, 1.0) as T).unwrap();
                    sweep(&circle, &pa2, &pga, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    sweep(&pga, &pa2, &circle, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    let aabb = Aabb::from_half_extents(Point2::origin(), half2(&mut rng)).unwrap();
                    sweep(&aabb, &pa2, &b2a, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    let cap3 = Capsule::new(Point3::from(v3(&mut rng) * 0.5), Point3::from(v3(&mut rng) * 0.5), rng.range(0.1, 0.5) as T).unwrap();
                    sweep(&cap3, &pa3, &b3a, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    sweep(&ha, &pa3, &cap3, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    // The polygon–box path (2D), the box–hull path and two
                    // capsules (3D), and a 2D capsule, in both orders.
                    sweep(&pga, &pa2, &b2a, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    sweep(&b2a, &pa2, &pga, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    sweep(&b3a, &pa3, &hb, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    sweep(&hb, &pa3, &b3a, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    sweep(&cap3, &pa3, &cap3, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    let cap2 = Capsule::new(Point2::from(v2(&mut rng) * 0.5), Point2::from(v2(&mut rng) * 0.5), rng.range(0.1, 0.5) as T).unwrap();
                    sweep(&cap2, &pa2, &pga, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    sweep(&pga, &pa2, &cap2, &pb2.rotation, &d2, agree2).map_err(ctx).unwrap();
                    let sphere = Ball::new(Point3::from(v3(&mut rng) * 0.1), rng.range(0.1, 1.0) as T).unwrap();
                    sweep(&sphere, &pa3, &sphere, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                    sweep(&sphere, &pa3, &hb, &pb3.rotation, &d3, agree2).map_err(ctx).unwrap();
                }
            }
        }
    )*};
}

consistency_sweeps!(f32, f64);

/// Finite poses near ±MAX: the difference of the translations overflows,
/// and the rotated infinity used to turn into a NaN separation. Every
/// query must answer "apart" with a positive, non-NaN distance, and
/// nearby poses far out (both at 1e300) must still be compared exactly.
#[test]
fn poses_near_the_float_limit_give_no_nan() {
    let big = f64::MAX * 0.99;
    let sq = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(1.0, 1.0),
    )
    .unwrap();
    let ball = Ball::new(Point3::origin(), 1.0).unwrap();
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(1.0, 1.0, 1.0),
    )
    .unwrap();
    for (ta, tb) in [
        (-big, big),
        (big, -big),
        (0.0, big),
        (-big, 0.0),
        (1e300, -1e300),
    ] {
        let (pa, pb) = (
            Pose2::new(Vector2::new(ta, 0.0), 0.3),
            Pose2::new(Vector2::new(tb, tb), 0.2),
        );
        for (x, px, y, py) in [(&sq, &pa, &sq, &pb), (&sq, &pb, &sq, &pa)] {
            let s = separation(x, px, y, py);
            assert!(s.distance > 0.0 && !s.distance.is_nan(), "{s:?}");
            assert!(!intersects(x, px, y, py) && penetration(x, px, y, py).is_none());
        }
        let (pa, pb) = (
            Pose3::translation(ta, 1.0, 0.0),
            Pose3::translation(tb, 0.0, tb),
        );
        assert!(separation(&ball, &pa, &cube, &pb).distance > 0.0);
        assert!(separation(&cube, &pb, &ball, &pa).distance > 0.0);
        assert!(!intersects(&cube, &pa, &ball, &pb));
    }
    // Close to each other, both far out: the ordinary answer.
    let (pa, pb) = (Pose2::translation(big, 0.0), Pose2::translation(big, 2.0));
    assert!(separation(&sq, &pa, &sq, &pb).distance.abs() <= 0.0);
    assert!(intersects(&sq, &pa, &sq, &pb));
}

/// With a margin, a pair the SAT calls apart gets speculative points, and
/// none of them may say "touching" (separation <= 0) where `intersects`
/// says apart, in either order: the polygon–box pair of examples/pile.rs,
/// apart by 8.3e-17, listed a point at 0.0 (f64; the pair's data as the
/// pile printed it).
#[test]
fn apart_manifolds_never_touch() {
    let poly = ConvexPolygon::new(&[
        Point2::new(0.351_124_056_561_462_56, 0.547_347_520_717_481_5),
        Point2::new(-0.412_055_125_644_995_3, 0.503_078_507_751_462_3),
        Point2::new(-0.605_788_129_448_678_1, -0.236_427_903_917_500_15),
        Point2::new(0.037_657_471_664_490_585, -0.649_198_988_261_372_1),
        Point2::new(0.629_061_726_867_719_4, -0.164_799_136_290_072_15),
    ])
    .unwrap();
    let (c, s) = (0.929_214_419_336_830_8, 0.369_541_016_527_957_8);
    let rot = Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(c, -s, s, c));
    let obb = Obb::new(
        Point2::origin(),
        rot,
        Vector2::new(0.539_912_151_150_725_2, 0.511_079_146_095_479_9),
    )
    .unwrap();
    let pa = Pose2::translation(14.314_621_411_608_844, 23.354_529_003_239_76);
    let pb = Pose2::translation(13.790_882_413_771_994, 24.363_203_813_264_73);
    assert!(!intersects(&poly, &pa, &obb, &pb));
    let touches =
        |m: &separating_axis::Manifold<f64, 2>| m.points().iter().any(|p| p.separation <= 0.0);
    assert!(!touches(&contact_manifold(&poly, &pa, &obb, &pb, 0.02)));
    assert!(!touches(&contact_manifold(&obb, &pb, &poly, &pa, 0.02)));
}
