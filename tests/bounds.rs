//! Bounds of posed shapes (src/bounds.rs), in `f32` and `f64`: the tight
//! box against brute force over the core vertices and the radius, support
//! points inside it, the bounding sphere, swept boxes, bad poses, and the
//! two mistakes of source note 003's circle culling.

use nalgebra::{Point, Point2, Point3, Rotation2, Rotation3, SVector, Unit, Vector2, Vector3};
use separating_axis::{
    bounding_sphere, intersects, shape_aabb, swept_aabb, Aabb, Ball, BoundingSphere, Capsule,
    ConvexPolygon, ConvexPolyhedron, Obb, Pose, Shape, ShapeError,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

in_both_scalars!(
    box_is_tight_against_brute_force,
    support_points_lie_inside_the_box,
    sphere_holds_the_shape_and_is_at_most_the_half_diagonal,
    swept_box_is_the_union_of_both_ends,
    bad_poses_give_errors,
    note_003_max_side_radius_misses_a_corner_overlap,
    note_003_unsquared_sum_misses_an_overlap,
    note_003_unsquared_sum_keeps_a_separated_pair,
);

/// Random shapes of size about 1–5 and poses up to `reach` from the
/// origin, in 2D and 3D, as `(shape, pose)` lists.
type Scene<T, const N: usize> = Vec<(Box<dyn Shape<T, N>>, Pose<T, N>)>;

fn p2<T: TestReal>(x: f64, y: f64) -> Point2<T> {
    Point2::new(t(x), t(y))
}

fn p3<T: TestReal>(v: Vector3<f64>) -> Point3<T> {
    Point3::new(t(v.x), t(v.y), t(v.z))
}

fn scene_2d<T: TestReal>(rng: &mut Rng, reach: f64) -> Scene<T, 2> {
    let mut out: Scene<T, 2> = Vec::new();
    for i in 0..200 {
        let size = rng.range(0.5, 5.0);
        let (cx, cy) = (rng.signed_unit() * 3.0, rng.signed_unit() * 3.0);
        let shape: Box<dyn Shape<T, 2>> = match i % 5 {
            0 => {
                let pts: Vec<Point2<T>> = (0..8)
                    .map(|_| {
                        let u = rng.unit_vector2() * size * rng.range(0.3, 1.0);
                        p2(cx + u.x, cy + u.y)
                    })
                    .collect();
                match ConvexPolygon::from_hull(&pts) {
                    Ok(p) => Box::new(p),
                    Err(_) => continue,
                }
            }
            1 => Box::new(Ball::new(p2(cx, cy), t(size)).unwrap()),
            2 => {
                let u = rng.unit_vector2() * size;
                Box::new(Capsule::new(p2(cx, cy), p2(cx + u.x, cy + u.y), t(size * 0.3)).unwrap())
            }
            3 => Box::new(
                Obb::new(
                    p2(cx, cy),
                    Rotation2::new(t(rng.range(0.0, std::f64::consts::TAU))),
                    Vector2::new(t(size), t(size * 0.4)),
                )
                .unwrap(),
            ),
            _ => Box::new(
                Aabb::from_half_extents(p2(cx, cy), Vector2::new(t(size * 0.3), t(size))).unwrap(),
            ),
        };
        let pose = Pose::<T, 2>::from_parts(
            Vector2::new(t(rng.signed_unit() * reach), t(rng.signed_unit() * reach)).into(),
            Rotation2::new(t(rng.range(0.0, std::f64::consts::TAU))),
        );
        out.push((shape, pose));
    }
    out
}

fn rotation3<T: TestReal>(rng: &mut Rng) -> Rotation3<T> {
    let axis = rng.unit_vector3();
    let axis = Unit::new_normalize(Vector3::new(t(axis.x), t(axis.y), t(axis.z)));
    Rotation3::from_axis_angle(&axis, t(rng.range(0.0, std::f64::consts::TAU)))
}

fn scene_3d<T: TestReal>(rng: &mut Rng, reach: f64) -> Scene<T, 3> {
    let mut out: Scene<T, 3> = Vec::new();
    for i in 0..120 {
        let size = rng.range(0.5, 5.0);
        let c = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()) * 3.0;
        let shape: Box<dyn Shape<T, 3>> = match i % 5 {
            0 => {
                let pts: Vec<Point3<T>> = (0..16)
                    .map(|_| p3(c + rng.unit_vector3() * size * rng.range(0.3, 1.0)))
                    .collect();
                match ConvexPolyhedron::from_hull(&pts) {
                    Ok(p) => Box::new(p),
                    Err(_) => continue,
                }
            }
            1 => Box::new(Ball::new(p3(c), t(size)).unwrap()),
            2 => Box::new(
                Capsule::new(p3(c), p3(c + rng.unit_vector3() * size), t(size * 0.3)).unwrap(),
            ),
            3 => Box::new(
                Obb::new(
                    p3(c),
                    rotation3(rng),
                    Vector3::new(t(size), t(size * 0.4), t(size * 0.7)),
                )
                .unwrap(),
            ),
            _ => Box::new(
                Aabb::from_half_extents(p3(c), Vector3::new(t(size * 0.3), t(size), t(size * 0.6)))
                    .unwrap(),
            ),
        };
        let tr = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()) * reach;
        let pose = Pose::<T, 3>::from_parts(p3::<T>(tr).coords.into(), rotation3(rng));
        out.push((shape, pose));
    }
    out
}

/// How far the box may lie outside the brute-force box, relative to the
/// scale `max(1, |t|, size)`: the padding `(N + 4) ε` of src/bounds.rs
/// plus the brute force's own rounding, with room; far below any error
/// that matters (a radius, a vertex).
fn slack<T: TestReal>() -> f64 {
    64.0 * f(T::default_epsilon())
}

/// Brute force: the world box of the core vertices, dilated by the radius.
fn brute_box<T: TestReal, const N: usize>(
    shape: &dyn Shape<T, N>,
    pose: &Pose<T, N>,
) -> ([f64; N], [f64; N]) {
    let (mut lo, mut hi) = ([f64::INFINITY; N], [f64::NEG_INFINITY; N]);
    let r = f(shape.radius());
    for i in 0..shape.core_vertex_count() {
        let w = pose * shape.local_core_vertex(i);
        for k in 0..N {
            lo[k] = lo[k].min(f(w[k]) - r);
            hi[k] = hi[k].max(f(w[k]) + r);
        }
    }
    (lo, hi)
}

fn scale_of<T: TestReal, const N: usize>(pose: &Pose<T, N>) -> f64 {
    10.0f64.max(f(pose.translation.vector.amax()) + 10.0)
}

fn check_tight<T: TestReal, const N: usize>(scene: &Scene<T, N>) {
    for (shape, pose) in scene {
        let b = shape_aabb(&**shape, pose).unwrap();
        let (lo, hi) = brute_box(&**shape, pose);
        let tol = slack::<T>() * scale_of(pose);
        for k in 0..N {
            let (bmin, bmax) = (f(b.min()[k]), f(b.max()[k]));
            // Holds every vertex (dilated), and each side touches the shape.
            assert!(
                bmin <= lo[k] && hi[k] <= bmax,
                "{k}: [{bmin}, {bmax}] vs [{}, {}]",
                lo[k],
                hi[k]
            );
            assert!(
                lo[k] - bmin <= tol && bmax - hi[k] <= tol,
                "not tight on {k}"
            );
        }
    }
}

/// Every side of the box equals, within rounding, the brute-force side
/// over the core vertices plus the radius (exact for polytopes, balls and
/// capsules), and holds it.
fn box_is_tight_against_brute_force<T: TestReal>() {
    let mut rng = Rng::new(0xB0B5);
    for reach in [10.0, 1e3, if T::NAME == "f64" { 1e6 } else { 1e4 }] {
        check_tight(&scene_2d::<T>(&mut rng, reach));
        check_tight(&scene_3d::<T>(&mut rng, reach));
    }
}

fn check_inside<T: TestReal, const N: usize>(scene: &Scene<T, N>, rng: &mut Rng) {
    for (shape, pose) in scene {
        let b = shape_aabb(&**shape, pose).unwrap();
        for _ in 0..50 {
            let d = rng.unit_vector::<N>();
            let d: SVector<T, N> = SVector::from_fn(|i, _| t(d[i]));
            let local = pose.rotation.inverse_transform_vector(&d);
            let w = pose * shape.local_support_point(&local);
            for k in 0..N {
                assert!(
                    b.min()[k] <= w[k] && w[k] <= b.max()[k],
                    "support point outside on {k}"
                );
            }
        }
    }
}

/// Surface points (the support points along random directions, placed by
/// the pose as the library computes them) lie in the closed box.
fn support_points_lie_inside_the_box<T: TestReal>() {
    let mut rng = Rng::new(0x1A51DE);
    for reach in [10.0, 1e4] {
        let s2 = scene_2d::<T>(&mut rng, reach);
        check_inside(&s2, &mut rng);
        let s3 = scene_3d::<T>(&mut rng, reach);
        check_inside(&s3, &mut rng);
    }
}

fn check_sphere<T: TestReal, const N: usize>(scene: &Scene<T, N>, rng: &mut Rng) {
    for (shape, pose) in scene {
        let s = bounding_sphere(&**shape, pose).unwrap();
        let b = shape_aabb(&**shape, pose).unwrap();
        let tol = slack::<T>() * scale_of(pose);
        let half_diagonal = f(b.half_extents().norm());
        assert!(
            f(s.radius) <= half_diagonal + tol,
            "radius above the half-diagonal"
        );
        for _ in 0..50 {
            let d = rng.unit_vector::<N>();
            let d: SVector<T, N> = SVector::from_fn(|i, _| t(d[i]));
            let w = pose * shape.local_support_point(&pose.rotation.inverse_transform_vector(&d));
            let dist = f((w - s.center).norm());
            assert!(
                dist <= f(s.radius) + tol,
                "point at {dist} outside radius {}",
                f(s.radius)
            );
        }
        if shape.core_vertex_count() == 1 {
            // A ball: exactly its own centre and radius.
            assert_eq!(s.center, pose * shape.local_core_vertex(0));
            assert_eq!(s.radius.to_bits_f64(), shape.radius().to_bits_f64());
        }
    }
}

/// Bit patterns for exact comparisons of either scalar.
trait Bits {
    fn to_bits_f64(self) -> u64;
}
impl<T: TestReal> Bits for T {
    fn to_bits_f64(self) -> u64 {
        f(self).to_bits()
    }
}

/// The sphere holds the shape's surface points, is exact for balls, and
/// is at most the tight box's half-diagonal.
fn sphere_holds_the_shape_and_is_at_most_the_half_diagonal<T: TestReal>() {
    let mut rng = Rng::new(0x5FE2E);
    let s2 = scene_2d::<T>(&mut rng, 100.0);
    check_sphere(&s2, &mut rng);
    let s3 = scene_3d::<T>(&mut rng, 100.0);
    check_sphere(&s3, &mut rng);
    // A box: its half-diagonal, turned or not (√(2² + 1²) = √5).
    let rect = Obb::new(
        p2::<T>(1.0, 1.0),
        Rotation2::new(t(0.7)),
        Vector2::new(t(2.0), t(1.0)),
    )
    .unwrap();
    let s = bounding_sphere(&rect, &Pose::<T, 2>::identity()).unwrap();
    assert!((f(s.radius) - 5.0f64.sqrt()).abs() <= slack::<T>());
}

/// A linear motion's box is the union of the boxes at both ends.
fn swept_box_is_the_union_of_both_ends<T: TestReal>() {
    let mut rng = Rng::new(0x5EE7);
    for (shape, pose) in scene_3d::<T>(&mut rng, 50.0) {
        let v = rng.unit_vector3() * rng.range(0.0, 20.0);
        let v = Vector3::new(t(v.x), t(v.y), t(v.z));
        let swept = swept_aabb(&*shape, &pose, &v).unwrap();
        let start = shape_aabb(&*shape, &pose).unwrap();
        let mut end_pose = pose;
        end_pose.translation.vector += v;
        let end = shape_aabb(&*shape, &end_pose).unwrap();
        for k in 0..3 {
            let lo = start.min()[k].min(end.min()[k]);
            let hi = start.max()[k].max(end.max()[k]);
            assert_eq!(swept.min()[k].to_bits_f64(), lo.to_bits_f64());
            assert_eq!(swept.max()[k].to_bits_f64(), hi.to_bits_f64());
        }
    }
}

/// NaN and infinite poses or displacements are errors, never a panic.
fn bad_poses_give_errors<T: TestReal>() {
    let ball = Ball::new(p2::<T>(0.0, 0.0), t(1.0)).unwrap();
    let nan = t::<T>(f64::NAN);
    let mut pose = Pose::<T, 2>::identity();
    pose.translation.vector.y = nan;
    let e = ShapeError::NonFinite {
        field: "translation",
        index: 1,
    };
    assert_eq!(shape_aabb(&ball, &pose), Err(e));
    assert_eq!(bounding_sphere(&ball, &pose), Err(e));
    let turned = Pose::<T, 2>::from_parts(
        Vector2::zeros().into(),
        Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(nan, t(0.0), t(0.0), t(1.0))),
    );
    let e = ShapeError::NonFinite {
        field: "rotation",
        index: 0,
    };
    assert_eq!(shape_aabb(&ball, &turned), Err(e));
    let inf = Vector2::new(t::<T>(f64::INFINITY), t(0.0));
    let e = ShapeError::NonFinite {
        field: "displacement",
        index: 0,
    };
    assert_eq!(swept_aabb(&ball, &Pose::identity(), &inf), Err(e));
    // An infinite pose, in the translation or in the rotation.
    let mut far = Pose::<T, 2>::identity();
    far.translation.vector.x = t(f64::NEG_INFINITY);
    let e = ShapeError::NonFinite {
        field: "translation",
        index: 0,
    };
    assert_eq!(shape_aabb(&ball, &far), Err(e));
    assert_eq!(bounding_sphere(&ball, &far), Err(e));
    let inf = t::<T>(f64::INFINITY);
    let spun = Pose::<T, 2>::from_parts(
        Vector2::zeros().into(),
        Rotation2::from_matrix_unchecked(nalgebra::Matrix2::new(t(1.0), t(0.0), inf, t(1.0))),
    );
    let e = ShapeError::NonFinite {
        field: "rotation",
        index: 1,
    };
    assert_eq!(shape_aabb(&ball, &spun), Err(e));
}

/// Source note 003's circle check, with `w`, `h` the half sizes its bodies
/// store (`dims`: "width and height divided by 2"): a radius of
/// `max(w, h)` and, in its 3D version, the squared distance compared with
/// the unsquared sum of the radii.
fn note_003_keeps<T: TestReal>(d2: f64, ra: f64, rb: f64, squared: bool) -> bool {
    let r = ra + rb;
    let _ = T::NAME;
    if squared {
        d2 <= r * r
    } else {
        d2 <= r
    }
}

fn square<T: TestReal>(half: f64) -> Aabb<T, 2> {
    Aabb::from_half_extents(Point::origin(), Vector2::new(t(half), t(half))).unwrap()
}

fn spheres<T: TestReal>(
    a: &Aabb<T, 2>,
    pa: &Pose<T, 2>,
    b: &Aabb<T, 2>,
    pb: &Pose<T, 2>,
) -> (BoundingSphere<T, 2>, BoundingSphere<T, 2>) {
    (
        bounding_sphere(a, pa).unwrap(),
        bounding_sphere(b, pb).unwrap(),
    )
}

/// Two unit squares (half size 1) corner to corner along the diagonal,
/// centres 2.8 apart (< 2√2 ≈ 2.83): their corners overlap. The note's
/// radius max(w, h) = 1 per square culls them (2.8² > 2²); the
/// half-diagonal √2 keeps them (2.8² ≤ (2√2)²).
fn note_003_max_side_radius_misses_a_corner_overlap<T: TestReal>() {
    let sq = square::<T>(1.0);
    let d = 2.8 / 2.0f64.sqrt();
    let (pa, pb) = (
        Pose::<T, 2>::identity(),
        Pose::<T, 2>::translation(t(d), t(d)),
    );
    assert!(intersects(&sq, &pa, &sq, &pb), "the squares overlap");
    assert!(intersects(&sq, &pb, &sq, &pa), "in both orders");
    assert!(
        !note_003_keeps::<T>(2.8 * 2.8, 1.0, 1.0, true),
        "note 003 culls an overlap"
    );
    let (sa, sb) = spheres(&sq, &pa, &sq, &pb);
    assert!(
        (f(sa.radius) - 2.0f64.sqrt()).abs() <= slack::<T>(),
        "half the diagonal"
    );
    assert!(sa.intersects(&sb) && sb.intersects(&sa), "ours keeps it");
}

/// Two squares of half size 2 side by side, centres 3.9 apart: they
/// overlap (3.9 < 4). The unsquared comparison `d² ≤ r₁ + r₂` with the
/// half-diagonals (sum 4√2 ≈ 5.66) culls them (15.2 > 5.66); the squared
/// one keeps them.
fn note_003_unsquared_sum_misses_an_overlap<T: TestReal>() {
    let sq = square::<T>(2.0);
    let (pa, pb) = (
        Pose::<T, 2>::identity(),
        Pose::<T, 2>::translation(t(3.9), t(0.0)),
    );
    assert!(intersects(&sq, &pa, &sq, &pb) && intersects(&sq, &pb, &sq, &pa));
    let (sa, sb) = spheres(&sq, &pa, &sq, &pb);
    let d2 = f((sb.center - sa.center).norm_squared());
    assert!(
        !note_003_keeps::<T>(d2, f(sa.radius), f(sb.radius), false),
        "unsquared culls it"
    );
    assert!(sa.intersects(&sb) && sb.intersects(&sa), "ours keeps it");
}

/// Small bodies (half size 0.1, half-diagonals 0.14) 0.5 apart are
/// separated, yet `d² = 0.25 ≤ 0.28 = r₁ + r₂`: the unsquared check keeps
/// the pair for the narrow phase; ours culls it.
fn note_003_unsquared_sum_keeps_a_separated_pair<T: TestReal>() {
    let sq = square::<T>(0.1);
    let (pa, pb) = (
        Pose::<T, 2>::identity(),
        Pose::<T, 2>::translation(t(0.5), t(0.0)),
    );
    assert!(!intersects(&sq, &pa, &sq, &pb) && !intersects(&sq, &pb, &sq, &pa));
    let (sa, sb) = spheres(&sq, &pa, &sq, &pb);
    let d2 = f((sb.center - sa.center).norm_squared());
    assert!(
        note_003_keeps::<T>(d2, f(sa.radius), f(sb.radius), false),
        "unsquared keeps it"
    );
    assert!(!sa.intersects(&sb) && !sb.intersects(&sa), "ours culls it");
}
