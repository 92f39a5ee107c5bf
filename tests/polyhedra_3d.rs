//! Convex polyhedra in the SAT engine: Gauss-map pruning keeps every answer,
//! the engine agrees with the vertex-difference hull oracle, on boxes the
//! polyhedron path agrees with the box path, and the polyhedron pair path
//! agrees with the engine.

use core::fmt::Debug;

use crate::support::rng::Rng;

use crate::support::oracle3d::hull_gap;
use crate::support::scalars::in_both_scalars;
use nalgebra::{Point3, Unit, Vector3};
use separating_axis::pair::{obb_obb, polyhedron_polyhedron};
use separating_axis::{
    engine, intersects, penetration, separation, ConvexPolyhedron, Edge, Feature, Obb, Pose3,
    Posed, Real, Shape, Support,
};

/// The hull of `n` random points in an ellipsoid of semi-axes about 1,
/// drawn in `f64` and rounded to `T` (the identity in `f64`).
fn random_hull<T: Scalar>(rng: &mut Rng, n: usize) -> ConvexPolyhedron<T> {
    let axes = Vector3::new(
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
    );
    let points: Vec<Point3<T>> = (0..n)
        .map(|_| Point3::from(rng.unit_vector3().component_mul(&axes) * rng.range(0.6, 1.0)).cast())
        .collect();
    let hull = ConvexPolyhedron::from_hull(&points).unwrap();
    hull.validate().unwrap();
    hull
}

fn random_poses(rng: &mut Rng, reach: f64) -> (Pose3<f64>, Pose3<f64>) {
    let pa = Pose3::from_parts(
        Vector3::new(
            rng.range(-5.0, 5.0),
            rng.range(-5.0, 5.0),
            rng.range(-5.0, 5.0),
        )
        .into(),
        rng.rotation(),
    );
    let offset = rng.unit_vector3() * rng.range(0.0, reach);
    let pb = Pose3::from_parts((pa.translation.vector + offset).into(), rng.rotation());
    (pa, pb)
}

/// A polyhedron whose edges hide their faces, so the engine tests every
/// edge pair both ways: the unpruned reference.
struct Unpruned<'a, T: Real>(&'a ConvexPolyhedron<T>);

impl<T: Real> Support<T, 3> for Unpruned<'_, T> {
    fn local_support_point(&self, dir: &Vector3<T>) -> Point3<T> {
        self.0.local_support_point(dir)
    }
}

impl<T: Real> Shape<T, 3> for Unpruned<'_, T> {
    fn face_count(&self) -> usize {
        self.0.face_count()
    }
    fn local_face_normal(&self, i: usize) -> Unit<Vector3<T>> {
        self.0.local_face_normal(i)
    }
    fn edge_count(&self) -> usize {
        self.0.edge_count()
    }
    fn local_edge(&self, i: usize) -> Edge<T, 3> {
        Edge {
            faces: None,
            ..self.0.local_edge(i)
        }
    }
    fn core_vertex_count(&self) -> usize {
        self.0.core_vertex_count()
    }
    fn local_core_vertex(&self, i: usize) -> Point3<T> {
        self.0.local_core_vertex(i)
    }
    fn local_core_closest_point(&self, p: &Point3<T>) -> Point3<T> {
        self.0.local_core_closest_point(p)
    }
    fn local_contains_point(&self, p: &Point3<T>) -> bool {
        self.0.local_contains_point(p)
    }
}

/// World vertices of a posed hull in `T`, computed in `f64` from its `T`
/// entries (in `f64`, `pose * v` as before).
fn world_vertices<T: Scalar>(h: &ConvexPolyhedron<T>, pose: &Pose3<T>) -> Vec<Point3<f64>> {
    let turn = pose.rotation.matrix().map(to);
    let shift = pose.translation.vector.map(to);
    h.vertices()
        .iter()
        .map(|v| Point3::from(turn * v.coords.map(to) + shift))
        .collect()
}

/// A box as a polyhedron: the hull of its corners.
fn box_hull(o: &Obb<f64, 3>) -> ConvexPolyhedron<f64> {
    let corners: Vec<Point3<f64>> = (0..8).map(|i| o.local_core_vertex(i)).collect();
    let hull = ConvexPolyhedron::from_hull(&corners).unwrap();
    hull.validate().unwrap();
    assert_eq!(
        (hull.vertices().len(), hull.face_count(), hull.edge_count()),
        (8, 6, 12)
    );
    hull
}

// The box path equals the polyhedron path on the same boxes: the same
// verdict and depth (the features are numbered differently).
#[test]
fn box_path_equals_polyhedron_path_on_boxes() {
    let mut rng = Rng(23);
    for round in 0..500 {
        let mut make = || {
            let h = Vector3::new(
                rng.range(0.3, 1.2),
                rng.range(0.3, 1.2),
                rng.range(0.3, 1.2),
            );
            Obb::new(Point3::origin(), rng.rotation(), h).unwrap()
        };
        let (a, b) = (make(), make());
        let (pa, pb) = random_poses(&mut rng, 3.0);
        let boxes = obb_obb::separation(&a, &pa, &b, &pb);
        let hulls = separation(&box_hull(&a), &pa, &box_hull(&b), &pb);
        if boxes.distance <= 1e-12 || hulls.distance <= 1e-12 {
            assert!(
                (boxes.distance - hulls.distance).abs() <= 1e-12 * 10.0,
                "round {round}: {boxes:?} vs {hulls:?}"
            );
        } else {
            // Apart: both are lower bounds; the box path tries every edge
            // pair, so it can only find the larger one.
            assert!(
                boxes.distance >= hulls.distance - 1e-12,
                "round {round}: {boxes:?} vs {hulls:?}"
            );
        }
    }
}

// The polyhedron pair path (tests/../src/pair/polyhedron_polyhedron.rs)
// returns the engine's answer: the same distance and, but for ties, the same
// feature; the same verdict from `intersects`, the same `penetration`. Hulls
// from 4 to 200 points cover the scanned and the climbing supports and more
// faces than the path keeps on the stack (128).
#[test]
fn hull_path_matches_engine() {
    let mut rng = Rng(26);
    let mut edge_wins = 0;
    for round in 0..900 {
        let n = [4, 8, 16, 32, 64, 200][round % 6];
        let (a, b) = (random_hull(&mut rng, n), random_hull(&mut rng, n));
        let (pa, pb) = random_poses(&mut rng, 3.0);
        let fast = polyhedron_polyhedron::separation(&a, &pa, &b, &pb);
        let slow = engine::separation(&a, &pa, &b, &pb);
        let context = format!("round {round} (n {n}): {fast:?} vs {slow:?}");
        assert!((fast.distance - slow.distance).abs() <= 1e-12, "{context}");
        if fast.feature != slow.feature {
            // A tie: the engine's gap along the path's axis is as large.
            let along = -(Posed::new(&a, &pa).local_support_value(&fast.axis)
                + Posed::new(&b, &pb).local_support_value(&-fast.axis.into_inner()));
            assert!((along - slow.distance).abs() <= 1e-12, "{context}");
        } else {
            assert!(
                (fast.axis.into_inner() - slow.axis.into_inner()).norm() <= 1e-12,
                "{context}"
            );
        }
        assert_eq!(
            polyhedron_polyhedron::intersects(&a, &pa, &b, &pb),
            engine::intersects(&a, &pa, &b, &pb),
            "{context}"
        );
        assert_eq!(
            intersects(&a, &pa, &b, &pb),
            slow.distance <= 0.0,
            "{context}"
        );
        match penetration(&a, &pa, &b, &pb) {
            Some(p) => assert!((p.depth + slow.distance).abs() <= 1e-12, "{context}"),
            None => assert!(slow.distance > 0.0, "{context}"),
        }
        edge_wins += usize::from(matches!(fast.feature, Feature::EdgePair(..)));
    }
    assert!(edge_wins > 50, "only {edge_wins} edge-pair answers");
}

/// The path's answer against the engine's on one placement, within
/// `agree` (absolute; the scene's size is about 10): the distance; the
/// axis, or on a tie (another feature) an axis along which the engine's
/// gap is the answer; `penetration`'s depth; `intersects` wherever the
/// distance is clear of zero by `agree`. With `near_parallel` (edges
/// parallel up to the rounding of the poses), a pair found apart is only
/// held to its verdict and to a gap its axis really has: such edges give
/// the engine a cross product whose direction is round-off, a valid axis
/// whose gap, on a separated pair, may exceed every facet's
/// (docs/sat-proof.md §11); overlapping pairs are held to the depth, which
/// no axis exceeds. Returns the path's feature.
fn path_agrees_with_engine<T: Scalar>(
    (a, pa): (&ConvexPolyhedron<T>, &Pose3<T>),
    (b, pb): (&ConvexPolyhedron<T>, &Pose3<T>),
    agree: f64,
    near_parallel: bool,
    context: &str,
) -> Feature {
    let fast = polyhedron_polyhedron::separation(a, pa, b, pb);
    let slow = engine::separation(a, pa, b, pb);
    let context = format!("{context}: {fast:?} vs {slow:?}");
    let (d, e) = (to(fast.distance), to(slow.distance));
    let along = |s: &separating_axis::Separation<T, 3>| {
        to(-(Posed::new(a, pa).local_support_value(&s.axis)
            + Posed::new(b, pb).local_support_value(&-s.axis.into_inner())))
    };
    if near_parallel && e > agree {
        assert!(d > 0.0, "{context}: verdict");
        assert!(
            (along(&fast) - d).abs() <= agree,
            "{context}: the axis's gap"
        );
    } else {
        assert!((d - e).abs() <= agree, "{context}");
        if fast.feature == slow.feature {
            let off = (fast.axis.into_inner() - slow.axis.into_inner())
                .map(to)
                .norm();
            // A normalised cross product of nearly parallel edges carries
            // the round-off over the sine of their angle: up to the square
            // root of the gaps' round-off (docs/sat-proof.md §11).
            assert!(off <= agree.sqrt(), "{context}: axis off by {off}");
        } else {
            assert!((along(&fast) - e).abs() <= agree, "{context}: tie");
        }
    }
    match penetration(a, pa, b, pb) {
        Some(p) => assert!((to(p.depth) + e).abs() <= agree, "{context}"),
        None => assert!(e > -agree, "{context}"),
    }
    if e.abs() > agree {
        assert_eq!(intersects(a, pa, b, pb), e <= 0.0, "{context}");
        assert_eq!(
            polyhedron_polyhedron::intersects(a, pa, b, pb),
            e <= 0.0,
            "{context}"
        );
    }
    fast.feature
}

// The same in f32, where the path's packed scans and the engine's round
// differently: distance, axis (or a tie), depth and verdict agree to the
// f32 round-off of the scene.
#[test]
fn hull_path_matches_engine_f32() {
    let mut rng = Rng(27);
    let mut edge_wins = 0;
    for round in 0..600 {
        let n = [8, 16, 32, 64][round % 4];
        let (a, b) = (
            random_hull::<f32>(&mut rng, n),
            random_hull::<f32>(&mut rng, n),
        );
        let (pa64, pb64) = random_poses(&mut rng, 3.0);
        let (pa, pb): (Pose3<f32>, Pose3<f32>) = (pa64.cast(), pb64.cast());
        let context = format!("round {round} (n {n})");
        let feature = path_agrees_with_engine((&a, &pa), (&b, &pb), f32::AGREE, false, &context);
        edge_wins += usize::from(matches!(feature, Feature::EdgePair(..)));
    }
    assert!(edge_wins > 30, "only {edge_wins} edge-pair answers");
}

// Degenerate overlays, where the walk's sign tests meet zero: B a copy of A
// turned by nothing or by 1e-15 to 1e-3 rad (arcs on arcs, Gauss-map
// vertices on arcs, nearly parallel edges; in f32 the smallest turns round
// to the identity), and unit cubes face to face, edge to edge and corner to
// corner (ties everywhere), overlapping and apart. Whatever the path
// answers (the walk, or the pair loop it hands back to) is the engine's
// answer (docs/sat-proof.md §18).
fn hull_path_matches_engine_on_degenerate_overlays<T: Scalar>() {
    let mut rng = Rng(28);
    let corners: Vec<Point3<T>> = (0..8)
        .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64).cast())
        .collect();
    let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    for round in 0..500 {
        let a = if round % 2 == 0 {
            cube.clone()
        } else {
            random_hull::<T>(&mut rng, [8, 16, 32][round % 3])
        };
        let angle = [0.0, 1e-15, 1e-12, 1e-9, 1e-6, 1e-4, 1e-3][round % 7];
        // Offsets along the axes, the face diagonals and the body diagonal
        // (face, edge and corner contacts), or random.
        let dirs = [
            Vector3::new(1.0, 0.0, 0.0),
            Vector3::new(1.0, 1.0, 0.0),
            Vector3::new(1.0, 1.0, 1.0),
            rng.unit_vector3(),
        ];
        let dir = dirs[round % 4];
        let shift = dir * rng.range(0.2, 1.3);
        let axis = Unit::new_normalize(rng.unit_vector3());
        let pa64 = Pose3::<f64>::from_parts(rng.unit_vector3().into(), rng.rotation());
        let turn = nalgebra::Rotation3::from_axis_angle(&axis, angle);
        let pb64 = Pose3::<f64>::from_parts(
            (pa64.translation.vector + pa64.rotation * shift).into(),
            pa64.rotation * turn,
        );
        path_agrees_with_engine(
            (&a, &pa64.cast()),
            (&a, &pb64.cast()),
            T::AGREE,
            true,
            &format!(
                "{} round {round} (angle {angle:e})",
                core::any::type_name::<T>()
            ),
        );
    }
}

/// A scalar the generic tests below run in, with its tolerances (absolute:
/// the hulls have size about 1, the poses reach 5, so the scale is about
/// 10).
trait Scalar: Real + Debug + 'static {
    /// Agreement of two library answers on the same shapes (the pruned and
    /// the unpruned engine): `1e-12` in `f64`; in `f32` the same, `ε · 10`
    /// rounded up to the products of a support value, `1e-5` (the tolerance
    /// `hull_path_matches_engine_f32` holds between two library paths).
    const AGREE: f64;
    /// Agreement with the hull oracle: `1e-9` in `f64` (far above both
    /// round-offs, far below any depth or gap the generator makes); `1e-4`
    /// in `f32`, where the query's round-off is about `1e-6` and the
    /// oracle sees the rounded vertices themselves (measured worst: see
    /// boxes_3d.rs's `Scalar::ORACLE`).
    const ORACLE: f64;
    /// An edge direction against the cross product of its faces' normals:
    /// `1e-9` in `f64`. The normals of two nearly coplanar faces come from
    /// rounded vertices, and their cross product loses the relative
    /// accuracy `ε / sin θ` (θ the dihedral turn); random hulls of 100
    /// points have turns of a few hundredths of a radian, which costs `f32`
    /// up to a factor 100 over its `ε`: `1e-4` (measured worst over the
    /// test's hulls: `5.4e-6` in `f32`, `9e-15` in `f64`).
    const CROSS: f64;
}

impl Scalar for f32 {
    const AGREE: f64 = 1e-5;
    const ORACLE: f64 = 1e-4;
    const CROSS: f64 = 1e-4;
}

impl Scalar for f64 {
    const AGREE: f64 = 1e-12;
    const ORACLE: f64 = 1e-9;
    const CROSS: f64 = 1e-9;
}

/// `x` as `f64` (exact for `f32` and `f64`).
fn to<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

in_both_scalars!(
    hull_path_matches_engine_on_degenerate_overlays,
    pruning_keeps_every_answer,
    polyhedra_agree_with_hull_oracle,
    climbing_support_equals_linear_scan,
    edge_direction_is_the_cross_of_its_faces,
);

// Theorem 11: the pairs the Gauss map prunes span no facet of A − B, so the
// pruned engine returns the unpruned engine's gap. On overlapping pairs both
// are the exact depth; on separated pairs the unpruned one may find a larger
// lower bound on a non-facet axis, never a smaller one.
fn pruning_keeps_every_answer<T: Scalar>() {
    let mut rng = Rng(21);
    let mut pruned_wins = 0;
    for round in 0..400 {
        let n = [8, 16, 32][round % 3];
        let (a, b) = (random_hull::<T>(&mut rng, n), random_hull::<T>(&mut rng, n));
        let (pa, pb) = random_poses(&mut rng, 3.0);
        let (pa, pb): (Pose3<T>, Pose3<T>) = (pa.cast(), pb.cast());
        let pruned = engine::separation(&a, &pa, &b, &pb);
        let full = engine::separation(&Unpruned(&a), &pa, &Unpruned(&b), &pb);
        let (p, f) = (to(pruned.distance), to(full.distance));
        if f <= 0.0 {
            assert!(
                (p - f).abs() <= T::AGREE * 10.0,
                "round {round}: {pruned:?} vs {full:?}"
            );
        } else {
            assert!(p <= f + T::AGREE, "round {round}: {pruned:?} vs {full:?}");
            assert!(p > 0.0, "round {round}: {pruned:?} vs {full:?}");
        }
        pruned_wins += usize::from(matches!(pruned.feature, Feature::EdgePair(..)));
    }
    assert!(
        pruned_wins > 20,
        "only {pruned_wins} edge-pair answers: the pruned pairs are not exercised"
    );
}

// The engine on hulls against the vertex-difference hull oracle: the same
// verdict, the same depth when overlapping (Theorems 5, 10, 11). The oracle
// works on the hulls' own (rounded) vertices.
fn polyhedra_agree_with_hull_oracle<T: Scalar>() {
    let mut rng = Rng(22);
    for round in 0..60 {
        let (a, b) = (random_hull::<T>(&mut rng, 8), random_hull::<T>(&mut rng, 8));
        let (pa, pb) = random_poses(&mut rng, 3.0);
        let (pa, pb): (Pose3<T>, Pose3<T>) = (pa.cast(), pb.cast());
        let ours = separation(&a, &pa, &b, &pb);
        let distance = to(ours.distance);
        let oracle = hull_gap(&world_vertices(&a, &pa), &world_vertices(&b, &pb));
        let tol = T::ORACLE;
        if oracle.gap <= 0.0 {
            assert!(
                (distance - oracle.gap).abs() <= tol,
                "round {round}: {ours:?} vs {oracle:?}"
            );
        } else {
            assert!(
                distance > 0.0 || oracle.gap < tol,
                "round {round}: {ours:?} vs {oracle:?}"
            );
            assert!(
                distance >= oracle.gap - tol,
                "round {round}: {ours:?} vs {oracle:?}"
            );
        }
    }
}

// Hill climbing and the linear scan give the same support value on hulls
// of 32 vertices or more (where the climb is used), to 4 ε of the value
// (about 1): both are one dot product of the same direction with a vertex,
// so any difference is two different vertices within a rounding of each
// other (8.9e-16 in f64, below the 1e-15 this test held before).
fn climbing_support_equals_linear_scan<T: Scalar>() {
    let mut rng = Rng(24);
    let tol = 4.0 * to(T::default_epsilon());
    for n in [32, 64, 200, 1000] {
        let hull = random_hull::<T>(&mut rng, n);
        for _ in 0..500 {
            let d: Vector3<T> = rng.unit_vector3().cast();
            let (i, j) = (hull.local_support_climb(&d), hull.local_support_linear(&d));
            let (vi, vj) = (
                to(d.dot(&hull.vertices()[i].coords)),
                to(d.dot(&hull.vertices()[j].coords)),
            );
            assert!((vi - vj).abs() <= tol, "n {n}: {vi} vs {vj}");
        }
    }
}

// The `Edge` contract the Gauss-map test relies on: a polyhedron edge's
// direction is the normalised cross product of its two faces' normals,
// `faces[0] × faces[1]`, to `T::CROSS`.
fn edge_direction_is_the_cross_of_its_faces<T: Scalar>() {
    let mut rng = Rng(25);
    for n in [4, 8, 16, 32, 100] {
        let hull = random_hull::<T>(&mut rng, n);
        for e in hull.edges() {
            let [f0, f1] = e.faces.unwrap();
            let c = f0.cross(&f1).normalize();
            let err = to((c - e.direction).norm());
            assert!(err <= T::CROSS, "{err:e}: {e:?}");
        }
    }
}
