//! Speculative contacts (issue 38, class 3): pairs apart by less than the
//! margin. A corner passing a corner gets one point at the closest points,
//! separation the exact `distance` and normal their direction, not the gap
//! along a face axis, which understates it (docs/manifolds.md,
//! "Speculative points"); an edge lying within the margin of a face keeps
//! both clipped points, at the true gaps of its ends. 2D and 3D, box paths
//! and generic ones, f32 and f64, both argument orders.

use nalgebra::{Const, Point2, Point3, Rotation3, Unit, Vector2, Vector3};
use separating_axis::{
    closest_points, contact_manifold, distance, separation, ContactDim, ConvexPolygon,
    ConvexPolyhedron, Obb, Pose, Pose2, Pose3, Shape,
};

use crate::support::scalars::{f, in_both_scalars, t, TestReal};

fn boxed2<T: TestReal>(hx: f64, hy: f64) -> Obb<T, 2> {
    Obb::new(
        Point2::origin(),
        nalgebra::Rotation2::identity(),
        Vector2::new(t(hx), t(hy)),
    )
    .unwrap()
}

fn boxed3<T: TestReal>(h: [f64; 3]) -> Obb<T, 3> {
    Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t(h[0]), t(h[1]), t(h[2])),
    )
    .unwrap()
}

fn polygon<T: TestReal>(hx: f64, hy: f64) -> ConvexPolygon<T> {
    let p = |x: f64, y: f64| Point2::new(t(x), t(y));
    ConvexPolygon::new(&[p(-hx, -hy), p(hx, -hy), p(hx, hy), p(-hx, hy)]).unwrap()
}

fn hull<T: TestReal>(h: [f64; 3]) -> ConvexPolyhedron<T> {
    let pts: Vec<Point3<T>> = (0..8)
        .map(|c| {
            let s = |k: usize| t(if c >> k & 1 == 1 { h[k] } else { -h[k] });
            Point3::new(s(0), s(1), s(2))
        })
        .collect();
    ConvexPolyhedron::from_hull(&pts).unwrap()
}

/// One corner-to-corner pair, both orders: one point, its separation
/// `distance` exactly, its normal the closest points' direction, its
/// points the closest points; the SAT's face gap less than that.
fn one_corner_point<T, S, const N: usize>(s: &S, pa: &Pose<T, N>, pb: &Pose<T, N>, what: &str)
where
    T: TestReal,
    S: Shape<T, N>,
    Const<N>: ContactDim<T, N>,
{
    let margin = t::<T>(0.02);
    for (x, y) in [(pa, pb), (pb, pa)] {
        let m = contact_manifold(s, x, s, y, margin);
        let d = distance(s, x, s, y);
        let c = closest_points(s, x, s, y);
        let sat = separation(s, x, s, y);
        assert!(f(sat.distance) < f(d) - 1e-3, "{what}: {sat:?} vs {}", f(d));
        assert_eq!(m.len(), 1, "{what}: {m:?}");
        let p = &m.points()[0];
        assert_eq!(
            f(p.separation).to_bits(),
            f(d).to_bits(),
            "{what}: separation {} vs distance {}",
            f(p.separation),
            f(d)
        );
        assert_eq!(m.normal(), c.axis, "{what}: normal");
        assert_eq!((p.on_a, p.on_b), (c.point_a, c.point_b), "{what}: points");
        assert!(m.reference().is_none(), "{what}");
        // Named by the two corners.
        assert!(
            matches!(
                (p.id.a, p.id.b),
                (
                    separating_axis::ContactFeature::Vertex(_),
                    separating_axis::ContactFeature::Vertex(_)
                )
            ),
            "{what}: {:?}",
            p.id
        );
    }
}

/// Two unit squares corner to corner, apart by 0.01 along x and along y:
/// the face gap is 0.01, the distance 0.01 √2 (was 0.01, a body stopped
/// 4.1e-3 short). Box path and polygon path, and an unequal gap.
fn corners_take_the_distance_2d<T: TestReal>() {
    let id = Pose2::<T>::identity();
    for (gx, gy) in [(0.01, 0.01), (0.012, 0.007)] {
        let pb = Pose2::new(Vector2::new(t(1.0 + gx), t(1.0 + gy)), T::zero());
        let what = format!("gaps {gx} {gy} ({})", T::NAME);
        one_corner_point(&boxed2::<T>(0.5, 0.5), &id, &pb, &format!("box {what}"));
        one_corner_point(
            &polygon::<T>(0.5, 0.5),
            &id,
            &pb,
            &format!("polygon {what}"),
        );
    }
}

/// Two unit cubes corner to corner, apart by 0.008 along each axis: the
/// face gap is 0.008, the distance 0.008 √3. Box path and hull path.
fn corners_take_the_distance_3d<T: TestReal>() {
    let id = Pose3::<T>::identity();
    for g in [[0.008, 0.008, 0.008], [0.01, 0.004, 0.007]] {
        let pb = Pose3::translation(t(1.0 + g[0]), t(1.0 + g[1]), t(1.0 + g[2]));
        let what = format!("gaps {g:?} ({})", T::NAME);
        one_corner_point(&boxed3::<T>([0.5; 3]), &id, &pb, &format!("box {what}"));
        one_corner_point(&hull::<T>([0.5; 3]), &id, &pb, &format!("hull {what}"));
    }
}

/// The separations of `m`, sorted, against `want` (sorted), within the
/// scalar's round-off of the scale 1.
fn same_gaps<T: TestReal, const N: usize>(
    m: &separating_axis::Manifold<T, N>,
    mut want: Vec<f64>,
    what: &str,
) {
    let mut got: Vec<f64> = m.points().iter().map(|p| f(p.separation)).collect();
    got.sort_by(f64::total_cmp);
    want.sort_by(f64::total_cmp);
    assert_eq!(got.len(), want.len(), "{what}: {m:?}");
    let tol = 64.0 * f(T::default_epsilon());
    for (g, w) in got.iter().zip(&want) {
        assert!((g - w).abs() <= tol, "{what}: {got:?} vs {want:?}");
    }
}

/// A unit square tilted by 0.01 rad over a wide ground, its lowest corner
/// 0.002 above it: its bottom edge lies within the margin 0.02 (the other
/// end 0.012 up), and gives two points whose separations are the heights
/// of its two bottom corners, on the box path and the polygon path, both
/// orders; also with the square near the ground's left end (the edge
/// still over the face).
fn tilted_edge_gives_two_points_2d<T: TestReal>() {
    let margin = t::<T>(0.02);
    let theta = 0.01_f64;
    let id = Pose2::<T>::identity();
    for x in [0.0, -3.0] {
        // The square's lowest corner (its bottom-left, turned) at 0.002 up.
        let (c, s) = (theta.cos(), theta.sin());
        let low = Vector2::new(-0.5 * c + 0.5 * s, -0.5 * s - 0.5 * c);
        let centre = Vector2::new(x, 0.5 + 0.002) - low;
        let pb = Pose2::new(centre.cast(), t(theta));
        let heights: Vec<f64> = [-0.5, 0.5]
            .iter()
            .map(|&u: &f64| centre.y + u * s - 0.5 * c - 0.5)
            .collect();
        let what = format!("x {x} ({})", T::NAME);
        for (g, b) in [
            (
                &boxed2::<T>(4.0, 0.5) as &dyn Shape<T, 2>,
                &boxed2::<T>(0.5, 0.5) as &dyn Shape<T, 2>,
            ),
            (&polygon::<T>(4.0, 0.5), &polygon::<T>(0.5, 0.5)),
        ] {
            let m = contact_manifold(g, &id, b, &pb, margin);
            same_gaps(&m, heights.clone(), &what);
            let m = contact_manifold(b, &pb, g, &id, margin);
            same_gaps(&m, heights.clone(), &format!("{what} swapped"));
        }
    }
}

/// The same in 3D: a unit cube tilted by 0.01 rad about z over a wide
/// slab, its lowest edge 0.002 above it: four points (its bottom face),
/// at the heights of its four bottom corners.
fn tilted_edge_gives_its_points_3d<T: TestReal>() {
    let margin = t::<T>(0.02);
    let id = Pose3::<T>::identity();
    let rot = Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::z()), 0.01);
    let corners: Vec<Vector3<f64>> = (0..4)
        .map(|c| {
            let s = |b: usize| if c >> b & 1 == 1 { 0.5 } else { -0.5 };
            rot * Vector3::new(s(0), -0.5, s(1))
        })
        .collect();
    let lowest = corners.iter().map(|c| c.y).fold(f64::INFINITY, f64::min);
    let centre = Vector3::new(0.0, 0.5 + 0.002 - lowest, 0.0);
    let pb = Pose3::from_parts(centre.into(), rot).cast::<T>();
    let heights: Vec<f64> = corners.iter().map(|c| centre.y + c.y - 0.5).collect();
    let what = T::NAME.to_string();
    for (g, b) in [
        (
            &boxed3::<T>([4.0, 0.5, 4.0]) as &dyn Shape<T, 3>,
            &boxed3::<T>([0.5; 3]) as &dyn Shape<T, 3>,
        ),
        (&hull::<T>([4.0, 0.5, 4.0]), &hull::<T>([0.5; 3])),
    ] {
        let m = contact_manifold(g, &id, b, &pb, margin);
        same_gaps(&m, heights.clone(), &what);
        let m = contact_manifold(b, &pb, g, &id, margin);
        same_gaps(&m, heights.clone(), &format!("{what} swapped"));
    }
}

in_both_scalars!(
    corners_take_the_distance_2d,
    corners_take_the_distance_3d,
    tilted_edge_gives_two_points_2d,
    tilted_edge_gives_its_points_3d,
);
