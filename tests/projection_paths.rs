//! `project_point` on a box takes one of two copies of its closed form:
//! a centred box (centre at its frame's origin, identity rotation: the box's
//! frame is the shape's) skips composing the two frames. These tests send
//! centred and turned boxes, in any pose, against the same box as a
//! polygon (2D) or a hull (3D), whose projection is the face-plane rule:
//! the same `inside` (which is also `contains_point`'s), distances and
//! points to round-off, inside and outside. Hulls answer in one pass over
//! their faces (`src/shape/polyhedron/project.rs`): against the generic
//! route on the same hull behind a wrapper that hides `as_polyhedron`.

use nalgebra::{Point, Point2, Point3, SVector, Vector2};
use separating_axis::{
    contains_point, project_point, ConvexPolygon, ConvexPolyhedron, Obb, Pose, Shape,
};

use crate::support::hidden::Hidden;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A pose with any rotation and a translation up to `reach`.
fn pose<T: TestReal, const N: usize>(rng: &mut Rng, reach: f64) -> Pose<T, N> {
    let shift = SVector::<f64, N>::from_fn(|_, _| rng.range(-reach, reach));
    let m = if N == 2 {
        let a = rng.range(-3.2, 3.2);
        nalgebra::SMatrix::<f64, N, N>::from_fn(|i, j| match (i, j) {
            (0, 0) | (1, 1) => a.cos(),
            (1, 0) => a.sin(),
            _ => -a.sin(),
        })
    } else {
        let r = rng.rotation();
        nalgebra::SMatrix::<f64, N, N>::from_fn(|i, j| r[(i, j)])
    };
    Pose::from_parts(
        shift.map(t::<T>).into(),
        nalgebra::Rotation::from_matrix_unchecked(m.map(t::<T>)),
    )
}

/// One box against its polytope twin, at `cases` points in and around it.
fn compare<T: TestReal, const N: usize, P: Shape<T, N>>(
    rng: &mut Rng,
    cases: usize,
    twin: impl Fn(&Obb<T, N>) -> P,
) -> (usize, usize) {
    let eps = f(T::default_epsilon());
    let (mut inside, mut outside) = (0, 0);
    for case in 0..cases {
        let h = SVector::<f64, N>::from_fn(|_, _| rng.range(0.2, 2.0)).map(t::<T>);
        let centred = case % 2 == 0;
        let obb = if centred {
            Obb::new(Point::origin(), nalgebra::Rotation::identity(), h).unwrap()
        } else {
            let c = SVector::<f64, N>::from_fn(|_, _| rng.range(-1.0, 1.0)).map(t::<T>);
            Obb::new(Point::from(c), pose::<T, N>(rng, 0.0).rotation, h).unwrap()
        };
        let poly = twin(&obb);
        let reach = [5.0, 1e3][rng.below(2)];
        let at = pose::<T, N>(rng, reach);
        let local = obb.center()
            + rng
                .unit_vector::<N>()
                .map(|x| t::<T>(x * rng.range(0.0, 3.0)));
        let q = at * local;
        let (a, b) = (project_point(&obb, &at, &q), project_point(&poly, &at, &q));
        let what = format!(
            "{} N = {N} case {case} (centred {centred}): {a:?} {b:?}",
            T::NAME
        );
        let scale = f(at.translation.vector.amax()) + 5.0;
        let tol = 1e2 * eps * scale;
        // Points within round-off of a face may fall either way.
        if (f(a.distance)).abs() > tol {
            assert_eq!(a.inside, b.inside, "{what}");
            assert_eq!(a.inside, contains_point(&obb, &at, &q), "{what}");
        }
        assert!(
            (f(a.distance) - f(b.distance)).abs() <= tol,
            "distance, {what}"
        );
        assert!(f((a.point - b.point).amax()) <= tol, "point, {what}");
        if a.inside {
            inside += 1;
        } else {
            outside += 1;
        }
    }
    (inside, outside)
}

fn centred_and_turned_box_projections_match_the_face_planes<T: TestReal>() {
    let mut rng = Rng::new(0x0b0c_0001);
    let two = compare::<T, 2, _>(&mut rng, 1200, |obb| {
        let corners: Vec<Point2<T>> = (0..4).map(|i| obb.local_core_vertex(i)).collect();
        ConvexPolygon::from_hull(&corners).unwrap()
    });
    let three = compare::<T, 3, _>(&mut rng, 1200, |obb| {
        let corners: Vec<Point3<T>> = (0..8).map(|i| obb.local_core_vertex(i)).collect();
        ConvexPolyhedron::from_hull(&corners).unwrap()
    });
    for (inside, outside) in [two, three] {
        assert!(inside > 100 && outside > 100, "{inside} / {outside}");
    }
    // By hand: a centred 2 × 1 box at (10, 0) turned a quarter: its long
    // side runs along y.
    let obb = Obb::new(
        Point2::origin(),
        nalgebra::Rotation2::identity(),
        Vector2::new(t::<T>(2.0), t(1.0)),
    )
    .unwrap();
    let at = Pose::<T, 2>::from_parts(
        Vector2::new(t(10.0), t(0.0)).into(),
        nalgebra::Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(
            t(0.0),
            t(-1.0),
            t(1.0),
            t(0.0),
        )),
    );
    let out = project_point(&obb, &at, &Point2::new(t(13.0), t(1.0)));
    assert_eq!(out.point, Point2::new(t(11.0), t(1.0)));
    assert_eq!((out.distance, out.inside), (t(2.0), false));
    let inside = project_point(&obb, &at, &Point2::new(t(10.25), t(1.5)));
    assert_eq!(inside.point, Point2::new(t(10.25), t(2.0)));
    assert_eq!((inside.distance, inside.inside), (t(-0.5), true));
}

/// Hulls of 4 to 40 points (flat ones too), points near and far, inside
/// and out, any pose: the one-pass projection against the generic route
/// (`local_core_closest_point` and the nearest face plane).
fn hull_projections_match_the_generic_route<T: TestReal>() {
    let mut rng = Rng::new(0x0b0c_0002);
    let eps = f(T::default_epsilon());
    let (mut inside, mut outside) = (0, 0);
    for case in 0..1500 {
        let count = 4 + rng.below(37);
        let squash = if rng.chance(0.2) { 1e-2 } else { 1.0 };
        let points: Vec<Point3<T>> = (0..count)
            .map(|_| {
                let u = rng.unit_vector3() * rng.range(0.3, 1.5);
                Point3::new(t::<T>(u.x), t(u.y), t(u.z * squash))
            })
            .collect();
        let Ok(hull) = ConvexPolyhedron::from_hull(&points) else {
            continue;
        };
        let reach = [5.0, 1e3][rng.below(2)];
        let at = pose::<T, 3>(&mut rng, reach);
        let far = [2.0, 40.0][rng.below(2)];
        let local = rng.unit_vector3() * rng.range(0.0, far);
        let q = at * Point3::from(local.map(t::<T>));
        let (a, b) = (
            project_point(&hull, &at, &q),
            project_point(&Hidden(hull.clone()), &at, &q),
        );
        let what = format!("{} case {case}: {a:?} {b:?}", T::NAME);
        assert_eq!(a.inside, b.inside, "{what}");
        let scale = f(at.translation.vector.amax()) + 45.0;
        let tol = 1e2 * eps * scale;
        assert!(
            (f(a.distance) - f(b.distance)).abs() <= tol,
            "distance, {what}"
        );
        assert!(f((a.point - b.point).amax()) <= tol, "point, {what}");
        if a.inside {
            inside += 1;
        } else {
            outside += 1;
        }
    }
    assert!(inside > 100 && outside > 600, "{inside} / {outside}");
}

in_both_scalars!(
    centred_and_turned_box_projections_match_the_face_planes,
    hull_projections_match_the_generic_route
);
