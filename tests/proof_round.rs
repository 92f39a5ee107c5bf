//! The claims of docs/sat-proof.md §5 about rounded shapes, each checked
//! exactly, in `f32` and `f64`, both argument orders:
//!
//! * Theorem 7: a face and a point nearest give the exact distance
//!   (`face_point_gap_is_the_exact_distance`), while two polytopes whose
//!   nearest features span no face of `A − B` get a strict lower bound
//!   (`lower_bound_is_strict_when_no_feature_pair_is_nearest`);
//! * Theorem 9 and Lemma 8: the signed distance of a ball or capsule and
//!   any shape is that of the dilated core difference,
//!   `sd(0, K_A − K_B) − (r_A + r_B)`, against a brute-force oracle
//!   (tests/oracle_round) in 3D (`rounded_depths_match_the_dilated_difference`)
//!   and 2D (`capsules_2d_match_the_oracle`), and by hand
//!   (`capsule_across_a_box_edge_hand_derived`);
//! * hulls against balls and capsules against a point/segment-to-polytope
//!   distance (`hull_against_curved_verdicts_match_the_oracle`).

use crate::support::oracle3d;
use crate::support::oracle_round;
use crate::support::rng;

use core::fmt::Debug;

use crate::support::scalars::in_both_scalars;
use nalgebra::{Point2, Point3, Rotation2, Rotation3, Unit, Vector2, Vector3};
use oracle_round::{signed_distance_2d, signed_distance_3d, Polytope};
use rng::Rng;
use separating_axis::{
    intersects, penetration, separation, Aabb, Ball, Capsule, ConvexPolygon, ConvexPolyhedron, Obb,
    Pose, Pose2, Pose3, Real, Shape,
};

/// A scalar the tests run in, with its tolerance.
trait Scalar: Real + Debug + 'static {
    /// Agreement with a brute-force oracle, relative to the scene's scale:
    /// far above the round-off of the queries and of casting the `f64`
    /// scene to the scalar, far below a radius or a missed axis.
    const TOL: f64;
    /// Agreement with a hand-derived value, relative to the scale: a few
    /// epsilons.
    const EXACT: f64;
}

impl Scalar for f32 {
    const TOL: f64 = 1e-4;
    const EXACT: f64 = 4e-6;
}

impl Scalar for f64 {
    const TOL: f64 = 1e-9;
    const EXACT: f64 = 1e-14;
}

in_both_scalars!(
    face_point_gap_is_the_exact_distance,
    lower_bound_is_strict_when_no_feature_pair_is_nearest,
    rounded_depths_match_the_dilated_difference,
    capsule_across_a_box_edge_hand_derived,
    capsules_2d_match_the_oracle,
    hull_against_curved_verdicts_match_the_oracle,
);

fn to<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn t<T: Real>(x: f64) -> T {
    T::from_f64(x).unwrap()
}

fn p3<T: Real>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(t(x), t(y), t(z))
}

/// `separation` in both argument orders: the same distance, within `tol`
/// of `expected`, and `intersects`, `penetration` consistent with it.
fn both_orders<T, const N: usize, A, B>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    pb: &Pose<T, N>,
    expected: f64,
    tol: f64,
) -> Result<f64, String>
where
    T: Real,
    A: Shape<T, N> + 'static,
    B: Shape<T, N> + 'static,
{
    let ab = to(separation(a, pa, b, pb).distance);
    let ba = to(separation(b, pb, a, pa).distance);
    for (order, d) in [("A, B", ab), ("B, A", ba)] {
        if (d - expected).abs() > tol || d.is_nan() {
            return Err(format!("{order}: distance {d:e}, expected {expected:e}"));
        }
    }
    if expected.abs() > tol {
        let hit = expected <= 0.0;
        if intersects(a, pa, b, pb) != hit || intersects(b, pb, a, pa) != hit {
            return Err(format!("intersects is not {hit} at {expected:e}"));
        }
        if penetration(a, pa, b, pb).is_some() != hit {
            return Err(format!("penetration disagrees at {expected:e}"));
        }
    }
    Ok(ab)
}

// ---------------------------------------------------------------------------
// Theorem 7: exact when a face and a point are nearest, a strict lower
// bound otherwise
// ---------------------------------------------------------------------------

/// The regular octahedron `|x| + |y| + |z| <= 1`, whose face with outward
/// normal `(1, 1, 1)/√3` has its centroid at `(1, 1, 1)/3`.
fn octahedron<T: Real>() -> ConvexPolyhedron<T> {
    let mut v = Vec::new();
    for k in 0..3 {
        for s in [-1.0, 1.0] {
            let mut p = [0.0; 3];
            p[k] = s;
            v.push(p3::<T>(p[0], p[1], p[2]));
        }
    }
    ConvexPolyhedron::from_hull(&v).unwrap()
}

/// A ball, and a capsule's end, in front of a face of a box and of a hull,
/// apart: `separation` is the Euclidean distance, derived by hand.
fn face_point_gap_is_the_exact_distance<T: Scalar>() {
    let tol = T::EXACT * 16.0;
    let cube = Obb::new(
        p3::<T>(0.0, 0.0, 0.0),
        Rotation3::identity(),
        Vector3::new(t(1.0), t(2.0), t(3.0)),
    )
    .unwrap();
    let at = |x: f64, y: f64, z: f64| Pose3::<T>::translation(t(x), t(y), t(z));
    let pa = at(10.0, -5.0, 2.0);
    // A ball of radius 0.5 whose centre is 1.25 in front of the +x face
    // (x = 1) and inside its slab (|y| < 2, |z| < 3): nearest points are
    // the centre's foot on the face and the centre, distance 1.25 − 0.5.
    let ball = Ball::new(Point3::origin(), t(0.5)).unwrap();
    let pb = at(12.25, -4.7, 1.6);
    both_orders(&cube, &pa, &ball, &pb, 0.75, tol).unwrap();
    // A capsule whose whole segment stays in the slab (y in [0.5, 1],
    // z in [−1, 0.5]) with x from 3 to 6: the end at x = 3 is nearest,
    // 2 from the face, minus the radius 0.25.
    let capsule = Capsule::new(p3::<T>(3.0, 0.5, 0.5), p3::<T>(6.0, 1.0, -1.0), t(0.25)).unwrap();
    both_orders(&cube, &pa, &capsule, &at(10.0, -5.0, 2.0), 1.75, tol).unwrap();

    // The octahedron's face (1, 1, 1)/√3: a ball whose centre is the face's
    // centroid moved 2 along the normal is 2 − 0.5 away.
    let octa = octahedron::<T>();
    let n = Vector3::new(1.0, 1.0, 1.0) / 3f64.sqrt();
    let foot = Vector3::new(1.0, 1.0, 1.0) / 3.0;
    let c = foot + n * 2.0;
    let hull_pose = at(-3.0, 4.0, 0.5);
    let pb = at(c.x - 3.0, c.y + 4.0, c.z + 0.5);
    both_orders(&octa, &hull_pose, &ball, &pb, 1.5, tol).unwrap();
    // A capsule from the centroid moved 1 along the normal, leaning away
    // (its direction (2, 1, 0) has a positive component √3 along n): the
    // near end is nearest, 1 − 0.25.
    let end = foot + n;
    let capsule = Capsule::new(
        p3::<T>(end.x, end.y, end.z),
        p3::<T>(end.x + 2.0, end.y + 1.0, end.z),
        t(0.25),
    )
    .unwrap();
    both_orders(&octa, &hull_pose, &capsule, &hull_pose, 0.75, tol).unwrap();
}

/// Two cubes of side 1 corner to corner: the nearest features are two
/// parallel edges (diagonal offset) or two corners, which span no face of
/// `A − B`; every candidate axis is a coordinate axis and the reported
/// distance is 1, strictly below the true √2 (√3). The brute-force oracle
/// confirms the true distance, so the bound is a bound and not the
/// distance.
fn lower_bound_is_strict_when_no_feature_pair_is_nearest<T: Scalar>() {
    let tol = T::EXACT * 16.0;
    let half = Vector3::new(t(0.5), t(0.5), t(0.5));
    let obb = Obb::new(Point3::origin(), Rotation3::identity(), half).unwrap();
    let aabb = Aabb::from_half_extents(Point3::origin(), half).unwrap();
    let corners = |c: Vector3<f64>| {
        oracle3d::box_corners(
            &Point3::from(c),
            &nalgebra::Matrix3::identity(),
            &Vector3::new(0.5, 0.5, 0.5),
        )
    };
    for (offset, truth) in [
        (Vector3::new(2.0, 2.0, 0.0), 2f64.sqrt()),
        (Vector3::new(2.0, 2.0, 2.0), 3f64.sqrt()),
        (Vector3::new(-2.0, 0.0, 2.0), 2f64.sqrt()),
    ] {
        let oracle = Polytope::difference(&corners(Vector3::zeros()), &corners(offset))
            .signed_distance(&Vector3::zeros());
        assert!(
            (oracle - truth).abs() <= 1e-12,
            "oracle {oracle} vs {truth}"
        );
        let pa = Pose3::<T>::translation(t(1.0), t(-1.0), t(0.5));
        let pb = Pose3::<T>::translation(t(1.0 + offset.x), t(-1.0 + offset.y), t(0.5 + offset.z));
        let d = both_orders(&obb, &pa, &obb, &pb, 1.0, tol).unwrap();
        both_orders(&aabb, &pa, &aabb, &pb, 1.0, tol).unwrap();
        assert!(truth - d > 0.4, "{d} is not strictly below {truth}");
    }
    // The same in 2D: squares corner to corner, 1 against √2.
    let square = Obb::new(
        Point2::<T>::origin(),
        Rotation2::identity(),
        Vector2::new(t(0.5), t(0.5)),
    )
    .unwrap();
    let pa = Pose2::<T>::translation(t(0.0), t(0.0));
    let pb = Pose2::<T>::translation(t(2.0), t(-2.0));
    let d = both_orders(&square, &pa, &square, &pb, 1.0, tol).unwrap();
    let sq = |c: Vector2<f64>| {
        [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)]
            .iter()
            .map(|&(x, y)| Point2::new(x, y) + c)
            .collect::<Vec<_>>()
    };
    let truth = signed_distance_2d(
        &sq(Vector2::zeros()),
        0.0,
        &sq(Vector2::new(2.0, -2.0)),
        0.0,
    );
    assert!((truth - 2f64.sqrt()).abs() <= 1e-12, "{truth}");
    assert!(truth - d > 0.4, "{d} is not strictly below {truth}");
}

// ---------------------------------------------------------------------------
// Theorem 9 / Lemma 8: the dilated core difference, 3D
// ---------------------------------------------------------------------------

/// A generated 3D shape in `f64`.
enum G3 {
    Box(Obb<f64, 3>),
    Ball(Ball<f64, 3>),
    Capsule(Capsule<f64, 3>),
    Hull(Box<ConvexPolyhedron<f64>>),
}

impl G3 {
    fn random(rng: &mut Rng, kind: usize) -> Self {
        let c = Point3::from(rng.unit_vector3() * rng.range(0.0, 0.3));
        match kind {
            0 => G3::Box(
                Obb::new(
                    c,
                    rng.rotation(),
                    Vector3::new(
                        rng.range(0.2, 1.2),
                        rng.range(0.2, 1.2),
                        rng.range(0.2, 1.2),
                    ),
                )
                .unwrap(),
            ),
            1 => G3::Ball(Ball::new(c, rng.range(0.1, 1.0)).unwrap()),
            2 => {
                let e = rng.unit_vector3() * rng.range(0.05, 1.2);
                G3::Capsule(Capsule::new(c - e, c + e, rng.range(0.1, 0.8)).unwrap())
            }
            _ => {
                let n = 5 + rng.next_u64() as usize % 8;
                let points: Vec<Point3<f64>> = (0..n)
                    .map(|_| c + rng.unit_vector3() * rng.range(0.4, 1.2))
                    .collect();
                G3::Hull(Box::new(ConvexPolyhedron::from_hull(&points).unwrap()))
            }
        }
    }

    /// The core's vertices placed by `pose`, and the radius.
    fn core(&self, pose: &Pose3<f64>) -> (Vec<Point3<f64>>, f64) {
        match self {
            G3::Box(o) => (
                oracle3d::box_corners(
                    &(pose * o.center()),
                    (pose.rotation * o.rotation()).matrix(),
                    &o.half_extents(),
                ),
                0.0,
            ),
            G3::Ball(b) => (vec![pose * b.center()], b.radius()),
            G3::Capsule(c) => (c.segment().iter().map(|p| pose * p).collect(), c.radius()),
            G3::Hull(h) => (h.vertices().iter().map(|p| pose * p).collect(), 0.0),
        }
    }
}

fn cast_obb<T: Real, const N: usize>(o: &Obb<f64, N>) -> Obb<T, N> {
    Obb::new(
        o.center().cast(),
        o.rotation().cast(),
        o.half_extents().cast(),
    )
    .unwrap()
}
fn cast_ball<T: Real, const N: usize>(s: &Ball<f64, N>) -> Ball<T, N> {
    Ball::new(s.center().cast(), t(s.radius())).unwrap()
}
fn cast_capsule<T: Real, const N: usize>(c: &Capsule<f64, N>) -> Capsule<T, N> {
    let [a, b] = c.segment();
    Capsule::new(a.cast(), b.cast(), t(c.radius())).unwrap()
}
fn cast_hull<T: Real>(h: &ConvexPolyhedron<f64>) -> ConvexPolyhedron<T> {
    let points: Vec<Point3<T>> = h.vertices().iter().map(|v| v.cast()).collect();
    ConvexPolyhedron::from_hull(&points).unwrap()
}

/// Calls `$body` with `$x` bound to the `T` version of the 3D shape `$g`.
macro_rules! as_shape3 {
    ($t:ty, $g:expr, |$x:ident| $body:expr) => {
        match $g {
            G3::Box(o) => {
                let $x = cast_obb::<$t, 3>(o);
                $body
            }
            G3::Ball(b) => {
                let $x = cast_ball::<$t, 3>(b);
                $body
            }
            G3::Capsule(c) => {
                let $x = cast_capsule::<$t, 3>(c);
                $body
            }
            G3::Hull(h) => {
                let $x = cast_hull::<$t>(h);
                $body
            }
        }
    };
}

/// A random pose near the origin (the scene's scale stays about 3).
fn random_pose(rng: &mut Rng) -> Pose3<f64> {
    Pose3::from_parts(
        (rng.unit_vector3() * rng.range(0.0, 2.0)).into(),
        rng.rotation(),
    )
}

/// Balls and capsules against boxes, hulls, capsules and balls: the
/// reported signed distance, in both orders and whether the cores meet or
/// not, is `sd(0, K_A − K_B) − (r_A + r_B)` with `K_A − K_B` the hull of the
/// core-vertex differences (Theorem 9 when the cores meet, Theorem 7 with
/// Lemma 8's axes when they do not).
fn rounded_depths_match_the_dilated_difference<T: Scalar>() {
    let mut rng = Rng(0x0009_D11A);
    let (mut cores_meet, mut overlap_apart_cores, mut apart) = (0, 0, 0);
    let n = 480;
    for i in 0..n {
        let ka = [1, 2][i % 2];
        let kb = (i / 2) % 4;
        let ga = G3::random(&mut rng, ka);
        let gb = G3::random(&mut rng, kb);
        let pa = random_pose(&mut rng);
        let pb = Pose3::from_parts(
            (pa.translation.vector + rng.unit_vector3() * rng.range(0.0, 2.2)).into(),
            rng.rotation(),
        );
        let ((va, ra), (vb, rb)) = (ga.core(&pa), gb.core(&pb));
        let expected = signed_distance_3d(&va, ra, &vb, rb);
        let core = expected + ra + rb;
        if core <= 0.0 {
            cores_meet += 1;
        } else if expected <= 0.0 {
            overlap_apart_cores += 1;
        } else {
            apart += 1;
        }
        let (pa_t, pb_t): (Pose3<T>, Pose3<T>) = (pa.cast(), pb.cast());
        let result = as_shape3!(T, &ga, |a| as_shape3!(T, &gb, |b| both_orders(
            &a,
            &pa_t,
            &b,
            &pb_t,
            expected,
            T::TOL * 4.0
        )));
        if let Err(e) = result {
            panic!("case {i} (kinds {ka}, {kb}), core sd {core:e}: {e}");
        }
    }
    // Every regime is exercised: cores crossing (Theorem 9), overlapping
    // shapes with cores apart and apart shapes (Theorem 7).
    for (what, k) in [
        ("cores meet", cores_meet),
        ("overlap, cores apart", overlap_apart_cores),
        ("apart", apart),
    ] {
        assert!(k >= n / 10, "only {k} of {n} cases: {what}");
    }
}

/// A capsule lying across the edge `x = y = 1` (along z) of the cube
/// `[−1, 1]³`, its segment perpendicular to the edge and at 45° to the two
/// faces meeting there: direction `w = (1, −1, 0)/√2`, half-length 2,
/// centre `(1, 1, 0) + d·v` with `v = (1, 1, 0)/√2` the edge's bisector.
///
/// By hand: every point of the segment has `v·p = √2 + d`, the cube's
/// largest `v·x` is `√2` (at the edge), so along `v` the cores' gap is `d`.
/// Along `+x` the segment's smallest x is `1 + (d − 2)/√2`, a gap of
/// `(d − 2)/√2` (`−1.59` for `d = −0.25`), likewise `+y`; along `±z` it is
/// `−1`; the other faces and the edge crossings (`x × w`, `y × w` are ±z)
/// are deeper still. So the core difference's signed distance is `d` when
/// `d > −1` and the capsule's separation is `d − r`:
///
/// * `d = 0.5, r = 0.25`: apart by `0.25` (edge and segment interior
///   nearest, the edge-pair axis `v`);
/// * `d = 0.5, r = 1`: cores apart, depth `0.5`;
/// * `d = −0.25, r = 0.5`: the segment cuts the corner, depth
///   `0.25 + 0.5 = 0.75` (Theorem 9: core depth plus both radii).
///
/// The pair is turned and moved by one common pose, so the axis is
/// oblique in the world; it must be `±R v`.
fn capsule_across_a_box_edge_hand_derived<T: Scalar>() {
    let tol = T::EXACT * 64.0;
    let cube = Obb::new(
        Point3::<T>::origin(),
        Rotation3::identity(),
        Vector3::new(t(1.0), t(1.0), t(1.0)),
    )
    .unwrap();
    let rot = Rotation3::from_axis_angle(&Unit::new_normalize(Vector3::new(0.3, -0.5, 0.8)), 0.7);
    let pose64 = Pose3::from_parts(Vector3::new(3.0, -1.0, 2.0).into(), rot);
    let pose: Pose3<T> = pose64.cast();
    let s = 0.5f64.sqrt();
    let (v, w) = (Vector3::new(s, s, 0.0), Vector3::new(s, -s, 0.0));
    for (d, r, expected) in [(0.5, 0.25, 0.25), (0.5, 1.0, -0.5), (-0.25, 0.5, -0.75)] {
        let m = Vector3::new(1.0, 1.0, 0.0) + v * d;
        let (e0, e1) = (m - w * 2.0, m + w * 2.0);
        let capsule =
            Capsule::new(p3::<T>(e0.x, e0.y, e0.z), p3::<T>(e1.x, e1.y, e1.z), t(r)).unwrap();
        both_orders(&cube, &pose, &capsule, &pose, expected, tol).unwrap();
        let world_v = rot * v;
        let sep = separation(&cube, &pose, &capsule, &pose);
        let axis: Vector3<f64> = sep.axis.into_inner().map(to);
        assert!(
            (axis - world_v).norm() <= 1e-3,
            "axis {axis:?}, not {world_v:?}"
        );
        let sep = separation(&capsule, &pose, &cube, &pose);
        let axis: Vector3<f64> = sep.axis.into_inner().map(to);
        assert!(
            (axis + world_v).norm() <= 1e-3,
            "axis {axis:?}, not {:?}",
            -world_v
        );
        // The oracle agrees with the hand-derived value.
        let corners = oracle3d::box_corners(
            &Point3::origin(),
            &nalgebra::Matrix3::identity(),
            &Vector3::new(1.0, 1.0, 1.0),
        );
        let oracle = signed_distance_3d(&corners, 0.0, &[e0.into(), e1.into()], r);
        assert!((oracle - expected).abs() <= 1e-12, "oracle {oracle}");
    }
}

// ---------------------------------------------------------------------------
// 2D capsules
// ---------------------------------------------------------------------------

/// A generated 2D shape in `f64`.
enum G2 {
    Polygon(ConvexPolygon<f64>),
    Box(Obb<f64, 2>),
    Ball(Ball<f64, 2>),
    Capsule(Capsule<f64, 2>),
}

impl G2 {
    fn random(rng: &mut Rng, kind: usize) -> Self {
        let c = Point2::new(rng.range(-0.3, 0.3), rng.range(-0.3, 0.3));
        let dir = |rng: &mut Rng| {
            let a = rng.range(0.0, std::f64::consts::TAU);
            Vector2::new(a.cos(), a.sin())
        };
        match kind {
            0 => {
                let n = 3 + rng.next_u64() as usize % 6;
                let points: Vec<Point2<f64>> =
                    (0..n).map(|_| c + dir(rng) * rng.range(0.4, 1.2)).collect();
                G2::Polygon(ConvexPolygon::from_hull(&points).unwrap())
            }
            1 => G2::Box(
                Obb::new(
                    c,
                    Rotation2::new(rng.range(0.0, 6.3)),
                    Vector2::new(rng.range(0.2, 1.2), rng.range(0.2, 1.2)),
                )
                .unwrap(),
            ),
            2 => G2::Ball(Ball::new(c, rng.range(0.1, 1.0)).unwrap()),
            _ => {
                let e = dir(rng) * rng.range(0.05, 1.2);
                G2::Capsule(Capsule::new(c - e, c + e, rng.range(0.1, 0.8)).unwrap())
            }
        }
    }

    fn core(&self, pose: &Pose2<f64>) -> (Vec<Point2<f64>>, f64) {
        match self {
            G2::Polygon(p) => (p.vertices().iter().map(|v| pose * v).collect(), 0.0),
            G2::Box(o) => {
                let h = o.half_extents();
                let r = pose.rotation * o.rotation();
                let c = pose * o.center();
                let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
                    .iter()
                    .map(|&(sx, sy)| c + r * Vector2::new(sx * h.x, sy * h.y))
                    .collect();
                (corners, 0.0)
            }
            G2::Ball(b) => (vec![pose * b.center()], b.radius()),
            G2::Capsule(c) => (c.segment().iter().map(|p| pose * p).collect(), c.radius()),
        }
    }
}

macro_rules! as_shape2 {
    ($t:ty, $g:expr, |$x:ident| $body:expr) => {
        match $g {
            G2::Polygon(p) => {
                let points: Vec<Point2<$t>> = p.vertices().iter().map(|v| v.cast()).collect();
                let $x = ConvexPolygon::from_hull(&points).unwrap();
                $body
            }
            G2::Box(o) => {
                let $x = cast_obb::<$t, 2>(o);
                $body
            }
            G2::Ball(b) => {
                let $x = cast_ball::<$t, 2>(b);
                $body
            }
            G2::Capsule(c) => {
                let $x = cast_capsule::<$t, 2>(c);
                $body
            }
        }
    };
}

/// 2D capsules against polygons, boxes, balls and capsules: the signed
/// distance is `sd(0, K_A − K_B) − (r_A + r_B)`, the 2D oracle over the
/// core-vertex differences (edges through point pairs).
fn capsules_2d_match_the_oracle<T: Scalar>() {
    let mut rng = Rng(0x0002_DCA5);
    let (mut cores_meet, mut overlapping, mut apart) = (0, 0, 0);
    let n = 600;
    for i in 0..n {
        let kb = i % 4;
        let ga = G2::random(&mut rng, 3);
        let gb = G2::random(&mut rng, kb);
        let pa = Pose2::new(
            Vector2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0)),
            rng.range(0.0, 6.3),
        );
        let off = Vector2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * 1.6;
        let pb = Pose2::new(pa.translation.vector + off, rng.range(0.0, 6.3));
        let ((va, ra), (vb, rb)) = (ga.core(&pa), gb.core(&pb));
        let expected = signed_distance_2d(&va, ra, &vb, rb);
        if expected + ra + rb <= 0.0 {
            cores_meet += 1;
        } else if expected <= 0.0 {
            overlapping += 1;
        } else {
            apart += 1;
        }
        let (pa_t, pb_t): (Pose2<T>, Pose2<T>) = (pa.cast(), pb.cast());
        let result = as_shape2!(T, &ga, |a| as_shape2!(T, &gb, |b| both_orders(
            &a,
            &pa_t,
            &b,
            &pb_t,
            expected,
            T::TOL * 4.0
        )));
        if let Err(e) = result {
            panic!("case {i} (capsule against kind {kb}): {e}");
        }
    }
    for (what, k) in [
        ("cores meet", cores_meet),
        ("overlap, cores apart", overlapping),
        ("apart", apart),
    ] {
        assert!(k >= n / 10, "only {k} of {n} cases: {what}");
    }
}

// ---------------------------------------------------------------------------
// Hulls against balls and capsules: a point/segment-to-polytope oracle
// ---------------------------------------------------------------------------

/// Golden-section minimum of a convex function on `[0, 1]`.
fn golden_min(f: impl Fn(f64) -> f64) -> f64 {
    let g = (5.0_f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..100 {
        let (x1, x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if f(x1) <= f(x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    f(0.5 * (lo + hi)).min(f(0.0)).min(f(1.0))
}

/// A hull against a ball and against a capsule. The oracle is the signed
/// distance from the ball's centre to the hull (facets by brute force,
/// distance to the nearest boundary triangle), and for a capsule its
/// minimum over the segment (a convex function, golden section): minus the
/// radius, that is the exact signed distance for a ball, and for a capsule
/// whenever the segment misses the hull; when the segment enters the hull
/// it is an upper bound of the signed distance (every point of the segment
/// must leave the hull by the radius, and the signed distance is
/// 1-Lipschitz). Verdicts must match beyond the tolerance.
fn hull_against_curved_verdicts_match_the_oracle<T: Scalar>() {
    let mut rng = Rng(0x0004_0117);
    let (mut hits, mut exact) = (0, 0);
    let n = 300;
    for i in 0..n {
        let hull = G3::random(&mut rng, 3);
        let curved = G3::random(&mut rng, 1 + i % 2);
        let pa = random_pose(&mut rng);
        let pb = Pose3::from_parts(
            (pa.translation.vector + rng.unit_vector3() * rng.range(0.0, 3.0)).into(),
            rng.rotation(),
        );
        let ((vh, _), (vc, r)) = (hull.core(&pa), curved.core(&pb));
        let poly = Polytope::new(vh.iter().map(|p| p.coords).collect());
        let sd = |p: Vector3<f64>| poly.signed_distance(&p);
        let core = if vc.len() == 1 {
            sd(vc[0].coords)
        } else {
            golden_min(|s| sd(vc[0].coords + (vc[1] - vc[0]) * s))
        };
        let bound = core - r;
        let tol = T::TOL * 4.0;
        let (pa_t, pb_t): (Pose3<T>, Pose3<T>) = (pa.cast(), pb.cast());
        let (d_ab, d_ba, hit) = as_shape3!(T, &hull, |a| as_shape3!(T, &curved, |b| (
            to(separation(&a, &pa_t, &b, &pb_t).distance),
            to(separation(&b, &pb_t, &a, &pa_t).distance),
            [
                intersects(&a, &pa_t, &b, &pb_t),
                intersects(&b, &pb_t, &a, &pa_t)
            ]
        )));
        hits += usize::from(hit[0]);
        if bound.abs() > tol {
            assert_eq!(hit, [bound <= 0.0; 2], "case {i}: oracle {bound:e}");
        }
        for d in [d_ab, d_ba] {
            if vc.len() == 1 || core > tol {
                exact += 1;
                assert!(
                    (d - bound).abs() <= tol,
                    "case {i}: distance {d:e}, oracle {bound:e}"
                );
            } else {
                assert!(d <= bound + tol, "case {i}: distance {d:e} above {bound:e}");
            }
        }
    }
    assert!((n / 4..=3 * n / 4).contains(&hits), "{hits} of {n} overlap");
    assert!(exact >= n, "only {exact} exact comparisons");
}
