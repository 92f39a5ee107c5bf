//! Rounded shapes (balls, capsules) in `f32` and `f64`, both argument
//! orders: cores that touch or cross (the depth lies across the segment,
//! not along it), thin radii (a short vector between the cores keeps its
//! direction), exact touching of representable Pythagorean input (reads as
//! touching), and a seeded campaign against an oracle that measures the
//! distance between the cores without the crate (docs/contract-round.md).

use core::fmt::Debug;

use crate::support::oracle3d;
use crate::support::rng::Rng;
use crate::support::scalars::in_both_scalars;
use nalgebra::{Point2, Point3, Rotation3, Vector2, Vector3};
use separating_axis::{
    intersects, penetration, separation, Aabb, Ball, Capsule, ConvexPolyhedron, Obb, Pose, Pose2,
    Pose3, Posed, Real, Shape, Support,
};

/// A scalar the tests run in, with its tolerances.
trait Scalar: Real + Debug + 'static {
    /// Agreement with the oracle, relative to the scene's scale (largest
    /// coordinate or radius, at least 1): far above the round-off of the
    /// queries (a few epsilons) and of casting the `f64` scene to the scalar,
    /// far below the errors the regressions made (a whole radius or more).
    const TOL: f64;
    /// A thin radius, well above the scalar's resolution at coordinates
    /// about 1 and well below the shapes' size.
    const THIN: f64;
}

impl Scalar for f32 {
    const TOL: f64 = 1e-4;
    const THIN: f64 = 1e-3;
}

impl Scalar for f64 {
    const TOL: f64 = 1e-12;
    const THIN: f64 = 5e-9;
}

/// How many random cases a test runs: `default`, times the integer in the
/// environment variable `ROUND_SHAPES_REPEAT` when it is set (the campaign
/// of docs/contract-round.md ran with 50).
fn cases(default: usize) -> usize {
    let repeat = std::env::var("ROUND_SHAPES_REPEAT")
        .ok()
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(1);
    default * repeat.max(1)
}

in_both_scalars!(
    capsule_against_itself_has_depth_of_both_radii,
    ball_centred_on_a_capsule_segment_has_depth_of_both_radii,
    touching_and_crossing_cores_match_the_oracle,
    thin_capsule_over_a_hull_vertex_keeps_its_radius,
    thin_ball_and_capsule_at_a_box_edge_keep_their_radius,
    pythagorean_touching_reads_as_touching,
    random_round_pairs_match_the_oracle,
);

fn to<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn cast_capsule<T: Real>(c: &Capsule<f64, 3>) -> Capsule<T, 3> {
    let [a, b] = c.segment();
    Capsule::new(a.cast(), b.cast(), nalgebra::convert(c.radius())).unwrap()
}

fn cast_ball<T: Real>(s: &Ball<f64, 3>) -> Ball<T, 3> {
    Ball::new(s.center().cast(), nalgebra::convert(s.radius())).unwrap()
}

/// A pose from a translation and a scaled axis (`Rotation3::new`).
fn pose(t: [f64; 3], axis_angle: [f64; 3]) -> Pose3<f64> {
    Pose3::from_parts(
        Vector3::from(t).into(),
        Rotation3::new(Vector3::from(axis_angle)),
    )
}

fn random_pose(rng: &mut Rng) -> Pose3<f64> {
    Pose3::from_parts(
        (rng.unit_vector3() * rng.range(0.0, 10.0)).into(),
        rng.rotation(),
    )
}

// ---------------------------------------------------------------------------
// The oracle: distances between points and segments, without the crate
// ---------------------------------------------------------------------------

/// The distance from `p` to the segment `[a, b]`.
fn point_segment(p: &Point3<f64>, a: &Point3<f64>, b: &Point3<f64>) -> f64 {
    let e = b - a;
    let len2 = e.dot(&e);
    let t = if len2 > 0.0 {
        ((p - a).dot(&e) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + e * t)).norm()
}

/// The distance between the segments `[a, b]` and `[c, d]`: the nearest
/// pair has an endpoint in it, or is the pair of the two lines' nearest
/// points when both lie inside the segments.
fn segment_segment(a: &Point3<f64>, b: &Point3<f64>, c: &Point3<f64>, d: &Point3<f64>) -> f64 {
    let mut best = point_segment(a, c, d)
        .min(point_segment(b, c, d))
        .min(point_segment(c, a, b))
        .min(point_segment(d, a, b));
    let (u, v, w) = (b - a, d - c, a - c);
    let (uu, uv, vv, uw, vw) = (u.dot(&u), u.dot(&v), v.dot(&v), u.dot(&w), v.dot(&w));
    let den = uu * vv - uv * uv;
    if den > 1e-12 * uu * vv {
        let s = (uv * vw - vv * uw) / den;
        let t = (uu * vw - uv * uw) / den;
        if (0.0..=1.0).contains(&s) && (0.0..=1.0).contains(&t) {
            best = best.min(((a + u * s) - (c + v * t)).norm());
        }
    }
    best
}

// ---------------------------------------------------------------------------
// The checks every pair goes through
// ---------------------------------------------------------------------------

/// 512 directions spread over the sphere (a Fibonacci lattice).
fn directions<T: Real>() -> Vec<Vector3<T>> {
    let n = 512;
    let golden = std::f64::consts::PI * (3.0 - 5.0_f64.sqrt());
    (0..n)
        .map(|i| {
            let z = 1.0 - 2.0 * (f64::from(i) + 0.5) / f64::from(n);
            let r = (1.0 - z * z).sqrt();
            let phi = golden * f64::from(i);
            Vector3::new(r * phi.cos(), r * phi.sin(), z).cast()
        })
        .collect()
}

/// The gap of a pair along the world unit axis `u`, from support values.
fn gap_along<T: Real, const N: usize, A: Support<T, N>, B: Support<T, N>>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    pb: &Pose<T, N>,
    u: &nalgebra::SVector<T, N>,
) -> T {
    -(Posed::new(a, pa).local_support_value(u) + Posed::new(b, pb).local_support_value(&-u))
}

/// Checks a 3D pair in one argument order against the oracle's signed
/// distance `expected`: the distance, the verdicts of `intersects` and
/// `penetration`, no sampled direction with a larger gap when overlapping,
/// and moving B by the MTV leaves the shapes touching.
fn check_order<T, A, B>(
    a: &A,
    pa: &Pose3<T>,
    b: &B,
    pb: &Pose3<T>,
    expected: f64,
    tol: f64,
) -> Result<(), String>
where
    T: Scalar,
    A: Shape<T, 3> + 'static,
    B: Shape<T, 3> + 'static,
{
    let s = separation(a, pa, b, pb);
    let d = to(s.distance);
    if (d - expected).abs() > tol {
        return Err(format!("distance {d}, oracle {expected} ({s:?})"));
    }
    if expected.abs() > tol && intersects(a, pa, b, pb) != (expected < 0.0) {
        return Err(format!("intersects disagrees with oracle {expected}"));
    }
    if expected.abs() > tol && penetration(a, pa, b, pb).is_some() != (expected < 0.0) {
        return Err(format!("penetration disagrees with oracle {expected}"));
    }
    if d <= 0.0 {
        for u in directions::<T>() {
            let g = to(gap_along(a, pa, b, pb, &u));
            if g > d + tol {
                return Err(format!("direction {u:?} has gap {g} > {d}"));
            }
        }
        let mtv = s.axis.into_inner() * -s.distance;
        let moved = Pose3::from_parts((pb.translation.vector + mtv).into(), pb.rotation);
        let after = to(separation(a, pa, b, &moved).distance);
        if after.abs() > tol {
            return Err(format!("after the MTV the distance is {after} ({s:?})"));
        }
    }
    Ok(())
}

/// [`check_order`] in both orders, with the tolerance [`Scalar::TOL`]
/// times `scale`, the scene's size.
fn check<T, A, B>(
    a: &A,
    pa: &Pose3<f64>,
    b: &B,
    pb: &Pose3<f64>,
    expected: f64,
    scale: f64,
) -> Result<(), String>
where
    T: Scalar,
    A: Shape<T, 3> + 'static,
    B: Shape<T, 3> + 'static,
{
    check_within(a, pa, b, pb, expected, T::TOL * scale.max(1.0))
}

/// [`check_order`] in both orders, with the tolerance `tol`.
fn check_within<T, A, B>(
    a: &A,
    pa: &Pose3<f64>,
    b: &B,
    pb: &Pose3<f64>,
    expected: f64,
    tol: f64,
) -> Result<(), String>
where
    T: Scalar,
    A: Shape<T, 3> + 'static,
    B: Shape<T, 3> + 'static,
{
    let (pa, pb) = (pa.cast::<T>(), pb.cast::<T>());
    check_order(a, &pa, b, &pb, expected, tol).map_err(|e| format!("A, B: {e}"))?;
    check_order(b, &pb, a, &pa, expected, tol).map_err(|e| format!("B, A: {e}"))
}

/// The largest absolute coordinate or radius of a capsule at a pose.
fn capsule_scale(c: &Capsule<f64, 3>, p: &Pose3<f64>) -> f64 {
    let [a, b] = c.segment();
    (p * a).coords.amax().max((p * b).coords.amax()) + c.radius()
}

// ---------------------------------------------------------------------------
// Class 1: cores that touch or cross
// ---------------------------------------------------------------------------

/// A capsule against itself at the same pose: the cores coincide, the depth
/// is `2r` across the segment. The regression: round-off-sized vectors
/// between the cores were taken as axes, and the depth came out up to
/// `2r + length` along the segment (3.70 instead of 1.0 at the pose below,
/// wrong at 9362 of 10 000 random poses).
fn capsule_against_itself_has_depth_of_both_radii<T: Scalar>() {
    let capsule = Capsule::new(
        Point3::new(
            0.954_057_380_299_376_6,
            -0.416_040_185_527_506_2,
            0.925_030_106_767_685_6,
        ),
        Point3::new(
            -0.900_547_317_561_142_5,
            0.124_620_114_260_178_16,
            -0.975_727_700_401_372_2,
        ),
        0.5,
    )
    .unwrap();
    let mut poses = vec![pose(
        [
            -0.816_118_145_752_552_8,
            0.398_247_395_958_759_8,
            -0.168_819_703_244_624_36,
        ],
        [
            0.080_813_223_155_978_16,
            0.185_629_458_898_375_34,
            -1.609_931_304_925_160_7,
        ],
    )];
    let mut rng = Rng(0x00C0_11C1);
    poses.extend((0..cases(200)).map(|_| random_pose(&mut rng)));
    let k = cast_capsule::<T>(&capsule);
    for p in &poses {
        let scale = capsule_scale(&capsule, p);
        check::<T, _, _>(&k, p, &k, p, -1.0, scale).unwrap_or_else(|e| panic!("{p:?}: {e}"));
        // The normal lies across the segment.
        let pt = p.cast::<T>();
        let [a, b] = k.segment();
        let along = (pt * b - pt * a).normalize();
        let s = separation(&k, &pt, &k, &pt);
        assert!(
            to(s.axis.dot(&along)).abs() <= 10.0 * T::TOL * scale,
            "normal {:?} not across the segment {along:?}",
            s.axis
        );
    }
}

/// A ball whose centre lies on a capsule's segment: depth `r₁ + r₂` across
/// the segment (the regression: 1.3337 instead of 0.75 in the first case,
/// along the segment).
fn ball_centred_on_a_capsule_segment_has_depth_of_both_radii<T: Scalar>() {
    let a = Point3::new(
        0.065_472_012_738_777_12,
        -0.901_433_284_194_195_9,
        -0.911_465_592_860_851,
    );
    let b = Point3::new(
        0.892_654_996_624_251_4,
        0.953_312_718_699_560_7,
        0.240_242_628_985_676_28,
    );
    let capsule = Capsule::new(a, b, 0.5).unwrap();
    let ball = Ball::new(a + (b - a) * 0.25, 0.25).unwrap();
    check::<T, _, _>(
        &cast_capsule::<T>(&capsule),
        &Pose3::identity(),
        &cast_ball::<T>(&ball),
        &Pose3::identity(),
        -0.75,
        2.0,
    )
    .unwrap();
    // Random segments, centres anywhere on them (endpoints included), at
    // random poses.
    let mut rng = Rng(0xBA11);
    for i in 0..cases(300) {
        let c = Point3::from(rng.unit_vector3());
        let half = rng.unit_vector3() * rng.range(0.1, 2.0);
        let capsule = Capsule::new(c - half, c + half, rng.range(0.1, 1.0)).unwrap();
        let t = [0.0, 1.0, rng.unit_interval()][i % 3];
        let ball = Ball::new(c - half + half * (2.0 * t), rng.range(0.1, 1.0)).unwrap();
        let (pa, pb) = (random_pose(&mut rng), random_pose(&mut rng));
        // B's ball placed in A's frame: the same point of the segment.
        let centre = pa * ball.center();
        let ball = Ball::new(pb.inverse_transform_point(&centre), ball.radius()).unwrap();
        let expected = -(capsule.radius() + ball.radius());
        let scale = capsule_scale(&capsule, &pa).max(centre.coords.amax()) + ball.radius();
        check::<T, _, _>(
            &cast_capsule::<T>(&capsule),
            &pa,
            &cast_ball::<T>(&ball),
            &pb,
            expected,
            scale,
        )
        .unwrap_or_else(|e| panic!("case {i}: {e}"));
    }
}

/// The box or hull core of a shape, for the hull oracle.
fn box_corners(o: &Obb<f64, 3>, p: &Pose3<f64>) -> Vec<Point3<f64>> {
    let frame = (p.rotation * o.rotation()).into_inner();
    oracle3d::box_corners(&(p * o.center()), &frame, &o.half_extents())
}

/// Cores that touch or cross, every kind: capsule–ball, capsule–capsule
/// (parallel, crossing, coincident, collinear overlapping), capsule–box and
/// capsule–hull. The oracle: the distance between the cores minus the radii
/// for points and segments (two of them never span a solid, so where they
/// meet the depth is the radii); for a box or a hull, the vertex-difference
/// hull of tests/support/oracle3d.rs, whose best facet is minus the cores' depth.
fn touching_and_crossing_cores_match_the_oracle<T: Scalar>() {
    let mut rng = Rng(0x70C4);
    let mut failures = Vec::new();
    for i in 0..cases(400) {
        let pa = random_pose(&mut rng);
        let pb = random_pose(&mut rng);
        let c = Point3::from(rng.unit_vector3() * 0.5);
        let e = rng.unit_vector3();
        let len = rng.range(0.2, 2.0);
        let (ra, rb) = (rng.range(0.05, 1.0), rng.range(0.05, 1.0));
        let ka = Capsule::new(c - e * len, c + e * len, ra).unwrap();
        // World segment of A, and B built from world points through pb.
        let (wa0, wa1) = (pa * (c - e * len), pa * (c + e * len));
        let local_b = |p: Point3<f64>| pb.inverse_transform_point(&p);
        let w = rng.unit_vector3();
        let across = (w - e * w.dot(&e)).normalize();
        let (ew, acw) = (pa.rotation * e, pa.rotation * across);
        let on_a = |t: f64| wa0 + (wa1 - wa0) * t;
        let result = match i % 8 {
            // Coincident segments.
            0 => {
                let kb = Capsule::new(local_b(wa0), local_b(wa1), rb).unwrap();
                expect_capsules::<T>(&ka, &pa, &kb, &pb)
            }
            // Parallel, overlapping, offset across by zero or a little.
            1 => {
                let off = acw * [0.0, 1e-9, 1e-3][(i / 8) % 3];
                let (p, q) = (on_a(-0.4) + off, on_a(0.7) + off);
                let kb = Capsule::new(local_b(p), local_b(q), rb).unwrap();
                expect_capsules::<T>(&ka, &pa, &kb, &pb)
            }
            // Collinear, overlapping or meeting end to end.
            2 => {
                let s = [0.5, 1.0][(i / 8) % 2];
                let kb = Capsule::new(local_b(on_a(s)), local_b(on_a(1.8)), rb).unwrap();
                expect_capsules::<T>(&ka, &pa, &kb, &pb)
            }
            // Crossing at an interior point, or touching end on segment.
            3 => {
                let x = on_a(rng.range(0.1, 0.9));
                let d = (acw + ew * rng.range(-1.0, 1.0)).normalize();
                let s = [0.0, rng.range(0.2, 0.8)][(i / 8) % 2];
                let (p, q) = (x - d * s, x + d * (1.0 - s));
                let kb = Capsule::new(local_b(p), local_b(q), rb).unwrap();
                expect_capsules::<T>(&ka, &pa, &kb, &pb)
            }
            // A ball centred on the segment or at an endpoint.
            4 => {
                let t = [0.0, 1.0, rng.unit_interval()][(i / 8) % 3];
                let ball = Ball::new(local_b(on_a(t)), rb).unwrap();
                let scale = capsule_scale(&ka, &pa) + rb;
                check::<T, _, _>(
                    &cast_capsule::<T>(&ka),
                    &pa,
                    &cast_ball::<T>(&ball),
                    &pb,
                    -(ra + rb),
                    scale,
                )
            }
            // A box whose surface the segment touches, or which it crosses.
            5 | 6 => {
                let h = Vector3::new(
                    rng.range(0.2, 1.0),
                    rng.range(0.2, 1.0),
                    rng.range(0.2, 1.0),
                );
                let frame = rng.rotation();
                // Put a point of the box (a corner, an edge point, a face
                // point or an inside point) on a point of A's segment.
                let local = Vector3::new(
                    h.x * [1.0, 1.0, 1.0, 0.3][(i / 8) % 4],
                    h.y * [1.0, 1.0, -0.4, 0.1][(i / 8) % 4],
                    h.z * [1.0, 0.2, 0.5, -0.6][(i / 8) % 4],
                );
                let world_centre = on_a(rng.unit_interval()) - frame * local;
                let obb =
                    Obb::new(local_b(world_centre), pb.rotation.inverse() * frame, h).unwrap();
                let oracle = oracle3d::hull_gap(&[wa0, wa1], &box_corners(&obb, &pb));
                let obb_t = Obb::<T, 3>::new(
                    obb.center().cast(),
                    obb.rotation().cast(),
                    obb.half_extents().cast(),
                )
                .unwrap();
                let scale = capsule_scale(&ka, &pa).max(world_centre.coords.amax() + 2.0);
                check::<T, _, _>(
                    &cast_capsule::<T>(&ka),
                    &pa,
                    &obb_t,
                    &pb,
                    oracle.gap - ra,
                    scale,
                )
            }
            // A hull containing a point of the segment: the point lies
            // between every pair of opposite points the hull is built from.
            _ => {
                let x = on_a(rng.unit_interval());
                let n = 4 + (i / 8) % 5;
                let points: Vec<Point3<f64>> = (0..n)
                    .flat_map(|_| {
                        let u = rng.unit_vector3();
                        let (s, t) = (rng.range(0.3, 1.0), rng.range(0.3, 1.0));
                        [local_b(x + u * s), local_b(x - u * t)]
                    })
                    .collect();
                let hull = ConvexPolyhedron::from_hull(&points).unwrap();
                let world: Vec<Point3<f64>> = hull.vertices().iter().map(|v| pb * v).collect();
                let oracle = oracle3d::hull_gap(&[wa0, wa1], &world);
                let cast: Vec<Point3<T>> = hull.vertices().iter().map(|v| v.cast()).collect();
                let hull_t = ConvexPolyhedron::from_hull(&cast).unwrap();
                let scale = capsule_scale(&ka, &pa).max(x.coords.amax() + 2.0);
                check::<T, _, _>(
                    &cast_capsule::<T>(&ka),
                    &pa,
                    &hull_t,
                    &pb,
                    oracle.gap - ra,
                    scale,
                )
            }
        };
        if let Err(e) = result {
            failures.push(format!("case {i} (kind {}): {e}", i % 8));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Two capsules against the oracle's segment distance minus the radii.
fn expect_capsules<T: Scalar>(
    ka: &Capsule<f64, 3>,
    pa: &Pose3<f64>,
    kb: &Capsule<f64, 3>,
    pb: &Pose3<f64>,
) -> Result<(), String> {
    let ([a0, a1], [b0, b1]) = (ka.segment(), kb.segment());
    let expected =
        segment_segment(&(pa * a0), &(pa * a1), &(pb * b0), &(pb * b1)) - ka.radius() - kb.radius();
    let scale = capsule_scale(ka, pa).max(capsule_scale(kb, pb));
    check::<T, _, _>(
        &cast_capsule::<T>(ka),
        pa,
        &cast_capsule::<T>(kb),
        pb,
        expected,
        scale,
    )
}

// ---------------------------------------------------------------------------
// Class 2: thin rounded shapes
// ---------------------------------------------------------------------------

/// A capsule of radius 5e-9 (`f64`; 1e-4 in `f32`) lying across the apex
/// of a flat pyramid, just apart, touching, or overlapping by half its
/// radius. Only the axis from the segment's middle to the apex finds the
/// gap. The regression: that axis was the difference of two points with
/// coordinates about 1, tilted along the segment by round-off over a length
/// of 5e-9, so the gap lost the radius (moving B by the MTV left them
/// overlapping by about the radius).
fn thin_capsule_over_a_hull_vertex_keeps_its_radius<T: Scalar>() {
    let r = T::THIN;
    let mut rng = Rng(0x7819);
    let mut failures = Vec::new();
    for i in 0..cases(300) {
        let apex = [1e-3, 0.1, 1.0][i % 3];
        let points = [
            Point3::new(-1.0, -1.0, 0.0),
            Point3::new(1.0, -1.0, 0.0),
            Point3::new(1.0, 1.0, 0.0),
            Point3::new(-1.0, 1.0, 0.0),
            Point3::new(0.0, 0.0, apex),
        ];
        let hull = ConvexPolyhedron::<T>::from_hull(&points.map(|p| p.cast())).unwrap();
        let gap = r * [-0.5, 0.0, 0.5][(i / 3) % 3];
        let mut d = rng.unit_vector3();
        d.z = 0.0;
        let d = d.normalize();
        let mid = Point3::new(0.0, 0.0, apex + r + gap) + d * rng.range(-0.5, 0.5);
        let capsule = Capsule::new(mid - d, mid + d, r).unwrap();
        let p = if i % 2 == 0 {
            Pose3::identity()
        } else {
            random_pose(&mut rng)
        };
        // Round-off of coordinates up to 12 (the pose), 64 epsilons of it:
        // far below the radius.
        let tol = 64.0 * to(T::default_epsilon()) * 12.0;
        if let Err(e) = check_within(&cast_capsule::<T>(&capsule), &p, &hull, &p, gap, tol) {
            failures.push(format!("case {i}: {e}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A ball, and a capsule pointing away from the edge, of radius 5e-9
/// (`f64`; 1e-3 in `f32`) just apart from, touching, or overlapping by half
/// their radius a point of an edge of a box, given as a hull and as an
/// oriented box, at poses up to 10 from the origin. Only the axis from the
/// centre (the endpoint) to the edge finds the gap. The regression: that
/// axis was the difference of the centre and its nearest edge point in A's
/// frame, tilted along the edge by the coordinates' round-off over a length
/// of the radius, and the ball–hull gap was off by up to 2.2e-9 (1.1e-8
/// for a radius of 1e-6).
fn thin_ball_and_capsule_at_a_box_edge_keep_their_radius<T: Scalar>() {
    let r = T::THIN;
    let mut rng = Rng(0xED6E);
    let mut failures = Vec::new();
    let tol = 64.0 * to(T::default_epsilon()) * 12.0;
    for i in 0..cases(300) {
        let h = Vector3::new(
            rng.range(0.2, 2.0),
            rng.range(0.2, 2.0),
            rng.range(0.2, 2.0),
        );
        let corners: Vec<Point3<T>> = (0..8)
            .map(|k| {
                let sign = |bit: usize| if k & bit == bit { 1.0 } else { -1.0 };
                Point3::new(sign(1) * h.x, sign(2) * h.y, sign(4) * h.z).cast()
            })
            .collect();
        let hull = ConvexPolyhedron::from_hull(&corners).unwrap();
        let obb = Obb::<T, 3>::new(Point3::origin(), Rotation3::identity(), h.cast()).unwrap();
        // The edge along x at y = h.y, z = h.z; `out` in its normal cone.
        let angle = rng.range(0.05, 1.5);
        let out = Vector3::new(0.0, angle.cos(), angle.sin());
        let on_edge = Point3::new(rng.range(-0.9, 0.9) * h.x, h.y, h.z);
        let gap = r * [-0.5, 0.0, 0.5][i % 3];
        let c = on_edge + out * (r + gap);
        let ball = cast_ball::<T>(&Ball::new(c, r).unwrap());
        let capsule =
            cast_capsule::<T>(&Capsule::new(c, c + out * rng.range(0.1, 1.0), r).unwrap());
        let p = random_pose(&mut rng);
        for (what, result) in [
            ("ball-hull", check_within(&ball, &p, &hull, &p, gap, tol)),
            ("ball-box", check_within(&ball, &p, &obb, &p, gap, tol)),
            (
                "capsule-hull",
                check_within(&capsule, &p, &hull, &p, gap, tol),
            ),
            (
                "capsule-box",
                check_within(&capsule, &p, &obb, &p, gap, tol),
            ),
        ] {
            if let Err(e) = result {
                failures.push(format!("case {i} {what}: {e}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// Class 3: exact touching of representable Pythagorean input
// ---------------------------------------------------------------------------

/// Pythagorean triples `(a, b, c)`, `a² + b² = c²`.
const TRIPLES: [(f64, f64, f64); 11] = [
    (3.0, 4.0, 5.0),
    (5.0, 12.0, 13.0),
    (8.0, 15.0, 17.0),
    (7.0, 24.0, 25.0),
    (20.0, 21.0, 29.0),
    (12.0, 35.0, 37.0),
    (9.0, 40.0, 41.0),
    (28.0, 45.0, 53.0),
    (11.0, 60.0, 61.0),
    (33.0, 56.0, 65.0),
    (65.0, 72.0, 97.0),
];

/// Checks a 2D pair that touches exactly, in both orders: `intersects`, a
/// distance of zero to within round-off and never above it, and a
/// penetration of depth zero to within round-off.
fn touching_2d<T, A, B>(a: &A, b: &B, tol: f64) -> Result<(), String>
where
    T: Scalar,
    A: Shape<T, 2> + 'static,
    B: Shape<T, 2> + 'static,
{
    let id = Pose2::<T>::identity();
    for (swap, hit, s, pen) in [
        (
            false,
            intersects(a, &id, b, &id),
            separation(a, &id, b, &id),
            penetration(a, &id, b, &id),
        ),
        (
            true,
            intersects(b, &id, a, &id),
            separation(b, &id, a, &id),
            penetration(b, &id, a, &id),
        ),
    ] {
        let d = to(s.distance);
        if !hit || d > 0.0 || d < -tol {
            return Err(format!("swap {swap}: intersects {hit}, {s:?}"));
        }
        match pen {
            Some(p) if to(p.depth) <= tol => {}
            other => return Err(format!("swap {swap}: penetration {other:?}")),
        }
    }
    Ok(())
}

/// A circle touching the unit square's corner `(1, 1)` from `(1 + a, 1 + b)`
/// with radius `c`, two circles touching, and a capsule touching the corner
/// with its lower endpoint, for every triple, scaled by 1/4, 1 and 2 and
/// with legs swapped: exact touching reads as touching. The regression: the
/// gap along the round axis came from support values on a unit axis that
/// is not exactly unit (`|u| r`), and the unit square against the circle
/// about `(4, 5)` of radius 5 gave `intersects` false, separation 4.4e-16.
fn pythagorean_touching_reads_as_touching<T: Scalar>() {
    let v = |x: f64, y: f64| Vector2::new(x, y).cast::<T>();
    let square = Aabb::new(
        Point2::new(0.0, 0.0).cast::<T>(),
        Point2::new(1.0, 1.0).cast(),
    )
    .unwrap();
    let mut failures = Vec::new();
    let mut cases = 0;
    for &(a, b, c) in &TRIPLES {
        for k in [0.25, 1.0, 2.0] {
            for (x, y) in [(a * k, b * k), (b * k, a * k)] {
                let r = c * k;
                let tol = 8.0 * T::TOL * r;
                let centre = Point2::new(1.0 + x, 1.0 + y);
                let circle = Ball::new(centre.cast::<T>(), nalgebra::convert(r)).unwrap();
                let left = Ball::new(Point2::origin(), nalgebra::convert(r * 0.5)).unwrap();
                let right = Ball::new(Point2::from(v(x, y)), nalgebra::convert(r * 0.5)).unwrap();
                let capsule = Capsule::new(
                    centre.cast::<T>(),
                    (centre + Vector2::new(0.0, 3.0)).cast(),
                    nalgebra::convert(r),
                )
                .unwrap();
                for (what, result) in [
                    (
                        "circle-square",
                        touching_2d::<T, _, _>(&square, &circle, tol),
                    ),
                    ("circle-circle", touching_2d::<T, _, _>(&left, &right, tol)),
                    (
                        "capsule-square",
                        touching_2d::<T, _, _>(&square, &capsule, tol),
                    ),
                ] {
                    cases += 1;
                    if let Err(e) = result {
                        failures.push(format!("{what} ({x}, {y}, {r}): {e}"));
                    }
                }
            }
        }
    }
    assert_eq!(cases, TRIPLES.len() * 3 * 2 * 3);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------
// The campaign
// ---------------------------------------------------------------------------

/// Seeded random capsule and ball pairs in 3D, radii log-uniform from 1e-9
/// to 1e3 (times the scalar's resolution floor in `f32`), at random poses,
/// with cores placed at random, coincident, crossing, point on segment and
/// parallel, against the oracle's core distance minus the radii (exact for
/// points and segments, which never span a solid: where they meet the
/// depth is the radii).
fn random_round_pairs_match_the_oracle<T: Scalar>() {
    let mut rng = Rng(0x0CA4_A16E);
    let mut failures = Vec::new();
    let floor = if T::TOL > 1e-9 { 1e-4 } else { 1e-9 };
    let radius = |rng: &mut Rng| {
        let r = 10f64.powf(rng.range(-9.0, 3.0));
        r.max(floor)
    };
    for i in 0..cases(600) {
        let (pa, pb) = (random_pose(&mut rng), random_pose(&mut rng));
        let size = 10f64.powf(rng.range(-1.0, 1.0));
        let c = Point3::from(rng.unit_vector3() * size);
        let e = rng.unit_vector3() * size * rng.range(0.1, 1.0);
        let (ra, rb) = (radius(&mut rng), radius(&mut rng));
        let (wa0, wa1) = (pa * (c - e), pa * (c + e));
        let local_b = |p: Point3<f64>| pb.inverse_transform_point(&p);
        let on_a = |t: f64| wa0 + (wa1 - wa0) * t;
        let off = rng.unit_vector3() * size * rng.range(0.0, 2.0);
        let (b0, b1) = match i % 5 {
            0 => (on_a(0.0) + off, on_a(0.0) + off + rng.unit_vector3() * size),
            1 => (wa0, wa1),
            2 => {
                let x = on_a(rng.unit_interval());
                let d = rng.unit_vector3() * size;
                (x - d * rng.unit_interval(), x + d)
            }
            3 => (on_a(rng.unit_interval()), on_a(rng.unit_interval())),
            _ => {
                let w = rng.unit_vector3() * (size * 10f64.powf(rng.range(-12.0, 0.0)));
                (
                    on_a(rng.range(-0.5, 0.5)) + w,
                    on_a(rng.range(0.5, 1.5)) + w,
                )
            }
        };
        let ka = Capsule::new(c - e, c + e, ra).unwrap();
        let scale = capsule_scale(&ka, &pa)
            .max(b0.coords.amax())
            .max(b1.coords.amax())
            + rb;
        let result = if i % 2 == 0 {
            let kb = Capsule::new(local_b(b0), local_b(b1), rb).unwrap();
            let expected = segment_segment(&wa0, &wa1, &b0, &b1) - ra - rb;
            check::<T, _, _>(
                &cast_capsule::<T>(&ka),
                &pa,
                &cast_capsule::<T>(&kb),
                &pb,
                expected,
                scale,
            )
        } else {
            let ball = Ball::new(local_b(b0), rb).unwrap();
            let expected = point_segment(&b0, &wa0, &wa1) - ra - rb;
            check::<T, _, _>(
                &cast_capsule::<T>(&ka),
                &pa,
                &cast_ball::<T>(&ball),
                &pb,
                expected,
                scale,
            )
        };
        if let Err(e) = result {
            failures.push(format!("case {i} (kind {}): {e}", i % 5));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
