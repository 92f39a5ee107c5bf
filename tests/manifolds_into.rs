//! `contact_manifold_into`: one manifold refilled pair after pair, as an
//! engine keeps one per pair, answers as a fresh `contact_manifold` does,
//! to the bit, in 2D and 3D, f32 and f64, for boxes, hulls, polygons,
//! capsules and balls, however many points the manifold held before.

use nalgebra::{Point2, Point3, Vector2, Vector3};
use separating_axis::{
    contact_manifold, contact_manifold_into, Aabb, Ball, Capsule, ConvexPolygon, ConvexPolyhedron,
    Manifold, Obb, Pose2, Pose3, Shape,
};

use crate::support::rng::Rng;
use crate::support::scalars::in_both_scalars;
use crate::support::scalars::{f, t, TestReal};

/// Every bit of the points in use (through `f64`, exact for `f32`, signed
/// zeros kept), the normal and the reference face.
fn bits<T: TestReal, const N: usize>(m: &Manifold<T, N>) -> String {
    let mut s = format!(
        "{:?} {:?}",
        m.reference(),
        m.normal()
            .iter()
            .map(|x| f(*x).to_bits())
            .collect::<Vec<_>>()
    );
    for p in m.points() {
        let all = [p.on_a, p.on_b, p.local_a, p.local_b];
        let coords: Vec<_> = all
            .iter()
            .flat_map(|q| q.iter().map(|x| f(*x).to_bits()))
            .collect();
        s += &format!(" [{} {coords:?} {:?}]", f(p.separation).to_bits(), p.id);
    }
    s
}

/// 3D: a sequence of random near-contact pairs through one manifold.
fn refilled_manifolds_equal_fresh_ones<T: TestReal>() {
    let mut rng = Rng::new(0x1A70_0003);
    let hull_points: Vec<Point3<T>> = (0..16)
        .map(|_| {
            let v = rng.unit_vector3() * rng.range(0.5, 1.0);
            Point3::new(t(v.x), t(v.y), t(v.z))
        })
        .collect();
    let hull = ConvexPolyhedron::from_hull(&hull_points).unwrap();
    let obb = Obb::new(
        Point3::new(t(0.1), t(0.0), t(-0.2)),
        nalgebra::Rotation3::from_euler_angles(t(0.3), t(0.2), t(0.1)),
        Vector3::new(t(0.6), t(0.4), t(0.3)),
    )
    .unwrap();
    let cube = Obb::new(
        Point3::origin(),
        Default::default(),
        Vector3::repeat(t(0.5)),
    )
    .unwrap();
    let aabb = Aabb::new(
        Point3::new(t(-0.7), t(-0.5), t(-0.3)),
        Point3::new(t(0.7), t(0.5), t(0.3)),
    )
    .unwrap();
    let capsule = Capsule::new(
        Point3::new(t(-0.5), t(0.0), t(0.0)),
        Point3::new(t(0.5), t(0.0), t(0.0)),
        t(0.3),
    )
    .unwrap();
    let ball = Ball::new(Point3::origin(), t(0.6)).unwrap();
    let shapes: [&dyn Shape<T, 3>; 6] = [&hull, &obb, &cube, &aabb, &capsule, &ball];
    let mut m = Manifold::new();
    let (mut fewer, mut full) = (0, 0);
    for _ in 0..3000 {
        let (a, b) = (shapes[rng.below(6)], shapes[rng.below(6)]);
        let v = rng.unit_vector3() * rng.range(0.3, 1.6);
        let r = rng.unit_vector3() * rng.range(0.0, 3.0);
        let pa = Pose3::new(
            Vector3::new(t(0.5), t(-1.0), t(2.0)),
            Vector3::new(t(0.1), t(0.0), t(0.2)),
        );
        let pb = Pose3::new(
            pa.translation.vector + Vector3::new(t(v.x), t(v.y), t(v.z)),
            Vector3::new(t(r.x), t(r.y), t(r.z)),
        );
        let margin = t(if rng.chance(0.5) { 0.0 } else { 0.1 });
        let before = m.len();
        contact_manifold_into(a, &pa, b, &pb, margin, &mut m);
        let fresh = contact_manifold(a, &pa, b, &pb, margin);
        assert_eq!(m, fresh);
        assert_eq!(bits(&m), bits(&fresh));
        fewer += usize::from(m.len() < before);
        full += usize::from(m.len() == 4);
    }
    // The refills that leave stale points in unused slots, which a
    // comparison of every slot would see.
    assert!(
        fewer > 100 && full > 50,
        "{fewer} refills with fewer points, {full} with four"
    );
}

/// 2D: the same with polygons, boxes, capsules and circles.
fn refilled_manifolds_equal_fresh_ones_2d<T: TestReal>() {
    let mut rng = Rng::new(0x1A70_0002);
    let hexagon: Vec<Point2<T>> = (0..6)
        .map(|i| {
            let a = f64::from(i) * std::f64::consts::TAU / 6.0 + 0.1;
            Point2::new(t(0.7 * a.cos()), t(0.5 * a.sin()))
        })
        .collect();
    let polygon = ConvexPolygon::new(&hexagon).unwrap();
    let obb = Obb::new(
        Point2::new(t(0.1), t(0.0)),
        nalgebra::Rotation2::new(t(0.4)),
        Vector2::new(t(0.6), t(0.3)),
    )
    .unwrap();
    let aabb = Aabb::new(Point2::new(t(-0.7), t(-0.5)), Point2::new(t(0.7), t(0.5))).unwrap();
    let capsule = Capsule::new(
        Point2::new(t(-0.5), t(0.0)),
        Point2::new(t(0.5), t(0.0)),
        t(0.3),
    )
    .unwrap();
    let ball = Ball::new(Point2::origin(), t(0.6)).unwrap();
    let shapes: [&dyn Shape<T, 2>; 5] = [&polygon, &obb, &aabb, &capsule, &ball];
    let mut m = Manifold::new();
    let (mut fewer, mut two) = (0, 0);
    for _ in 0..3000 {
        let (a, b) = (shapes[rng.below(5)], shapes[rng.below(5)]);
        let v = rng.unit_vector2() * rng.range(0.3, 1.6);
        let pa = Pose2::new(Vector2::new(t(-3.0), t(1.0)), t(0.3));
        let pb = Pose2::new(
            pa.translation.vector + Vector2::new(t(v.x), t(v.y)),
            t(rng.range(-3.0, 3.0)),
        );
        let margin = t(if rng.chance(0.5) { 0.0 } else { 0.1 });
        let before = m.len();
        contact_manifold_into(a, &pa, b, &pb, margin, &mut m);
        let fresh = contact_manifold(a, &pa, b, &pb, margin);
        assert_eq!(m, fresh);
        assert_eq!(bits(&m), bits(&fresh));
        fewer += usize::from(m.len() < before);
        two += usize::from(m.len() == 2);
    }
    assert!(
        fewer > 100 && two > 50,
        "{fewer} refills with fewer points, {two} with two"
    );
}

in_both_scalars!(
    refilled_manifolds_equal_fresh_ones,
    refilled_manifolds_equal_fresh_ones_2d
);
