//! quickcheck properties in 3D, in `f32` and `f64`, over boxes, spheres,
//! capsules and convex polyhedra: swap symmetry, moving B by the MTV leaves
//! the shapes touching, the depth is the minimum of `h_{A−B}` over sampled
//! directions, and the verdict agrees with an independent oracle (the
//! distance between the cores for curved pairs, including a hull against a
//! ball or capsule, the vertex-difference hull for two polytopes).

use crate::support::oracle3d;
use crate::support::oracle_round;
use crate::support::rng::Rng;

use nalgebra::{Point3, Rotation3, Vector3};
use quickcheck::{QuickCheck, TestResult};
use separating_axis::{
    intersects, separation, Ball, Capsule, ConvexPolyhedron, Obb, Pose3, Posed, Real, Shape,
    Support,
};

/// A 3D shape as the oracle sees it: a core (point, segment or box) and a
/// radius, in world coordinates.
#[derive(Clone, Debug)]
enum Core {
    Point(Point3<f64>),
    Segment(Point3<f64>, Point3<f64>),
    Box {
        centre: Point3<f64>,
        frame: Rotation3<f64>,
        half: Vector3<f64>,
    },
    /// A polyhedron, known to the oracle only by its vertices.
    Vertices(Vec<Point3<f64>>),
}

/// The oracle's nearest point of a core to `p`, written without the crate.
fn core_closest(core: &Core, p: &Point3<f64>) -> Point3<f64> {
    match core {
        Core::Point(c) => *c,
        Core::Segment(a, b) => {
            let e = b - a;
            let len2 = e.dot(&e);
            let t = if len2 > 0.0 {
                ((p - a).dot(&e) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            a + e * t
        }
        Core::Box {
            centre,
            frame,
            half,
        } => {
            let local = frame.inverse() * (p - centre);
            let clamped = Vector3::new(
                local.x.clamp(-half.x, half.x),
                local.y.clamp(-half.y, half.y),
                local.z.clamp(-half.z, half.z),
            );
            centre + frame * clamped
        }
        Core::Vertices(_) => unreachable!("polyhedra are judged by the hull oracle"),
    }
}

/// Golden-section minimum of a convex function on `[0, 1]`.
fn golden_min(f: impl Fn(f64) -> f64) -> f64 {
    let g = (5.0_f64.sqrt() - 1.0) / 2.0;
    let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
    for _ in 0..200 {
        let (x1, x2) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if f(x1) <= f(x2) {
            hi = x2;
        } else {
            lo = x1;
        }
    }
    f(0.5 * (lo + hi)).min(f(0.0)).min(f(1.0))
}

/// The oracle's distance between two cores (0 when they meet; boxes are
/// never paired with boxes here, the hull oracle covers those).
fn core_distance(a: &Core, b: &Core) -> f64 {
    match (a, b) {
        (Core::Point(p), other) | (other, Core::Point(p)) => (p - core_closest(other, p)).norm(),
        (Core::Segment(p, q), other) | (other, Core::Segment(p, q)) => golden_min(|t| {
            let s = p + (q - p) * t;
            (s - core_closest(other, &s)).norm()
        }),
        _ => unreachable!("box against box is checked by tests/boxes_3d.rs"),
    }
}

/// The signed distance from a point core to the hull of `vertices`
/// (tests/oracle_round: facets by brute force, the nearest boundary
/// triangle outside, minus the distance to the boundary inside), or its
/// minimum over a segment core (a convex function of the segment's
/// parameter).
fn hull_core_distance(vertices: &[Point3<f64>], other: &Core) -> f64 {
    let hull = oracle_round::Polytope::new(vertices.iter().map(|p| p.coords).collect());
    match other {
        Core::Point(p) => hull.signed_distance(&p.coords),
        Core::Segment(p, q) => golden_min(|t| hull.signed_distance(&(p + (q - p) * t).coords)),
        _ => unreachable!("two polytopes are judged by the hull oracle"),
    }
}

/// What the oracle knows of a pair.
#[derive(Clone, Copy, Debug)]
enum Oracle {
    /// Curved pairs: the core distance minus the radii (for a hull, the
    /// signed distance of the ball's centre to it, or its minimum over the
    /// capsule's segment, minus the radii). When the cores are apart this
    /// is the exact signed distance, positive apart and minus the depth
    /// when overlapping (docs/sat-proof.md Theorem 7); when they meet it is
    /// only an upper bound, `−ρ` for non-hull cores (the depth is the
    /// radii plus the cores' own depth, Theorem 9), exact again for a ball
    /// whose centre is inside a hull. So it decides the verdict, and bounds
    /// the distance from above.
    Distance(f64),
    /// Two polytopes: the largest gap over the facets of the vertex-difference
    /// hull — minus the exact depth when overlapping, a lower bound of the
    /// distance when apart.
    FacetGap(f64),
    /// Two polytopes too large for the brute-force hull: no verdict.
    Unknown,
}

/// The oracle's answer for two cores with radii `ra`, `rb`.
fn oracle(a: &Core, b: &Core, ra: f64, rb: f64) -> Oracle {
    let corners = |c: &Core| match c {
        Core::Vertices(v) => Some(v.clone()),
        Core::Box {
            centre,
            frame,
            half,
        } => Some(oracle3d::box_corners(centre, frame.matrix(), half)),
        _ => None,
    };
    match (corners(a), corners(b)) {
        // The brute-force hull costs O(n⁴) in the vertex count: only small
        // pairs here; tests/polyhedra_3d.rs checks more on its own pool.
        (Some(va), Some(vb)) if va.len() * vb.len() <= 100 => {
            Oracle::FacetGap(oracle3d::hull_gap(&va, &vb).gap)
        }
        (Some(_), Some(_)) => Oracle::Unknown,
        _ => match (a, b) {
            (Core::Vertices(hull), other) | (other, Core::Vertices(hull)) => {
                Oracle::Distance(hull_core_distance(hull, other) - ra - rb)
            }
            _ => Oracle::Distance(core_distance(a, b) - ra - rb),
        },
    }
}

/// A generated shape: the crate's value, its oracle core and radius.
#[derive(Clone, Debug)]
enum Gen {
    Box(Obb<f64, 3>),
    Sphere(Ball<f64, 3>),
    Capsule(Capsule<f64, 3>),
    Hull(Box<ConvexPolyhedron<f64>>),
}

fn gen_shape(rng: &mut Rng, kind: u8) -> Gen {
    let c = Point3::new(
        rng.range(-0.3, 0.3),
        rng.range(-0.3, 0.3),
        rng.range(-0.3, 0.3),
    );
    match kind {
        0 => {
            let h = Vector3::new(
                rng.range(0.2, 1.5),
                rng.range(0.2, 1.5),
                rng.range(0.2, 1.5),
            );
            Gen::Box(Obb::new(c, rng.rotation(), h).unwrap())
        }
        1 => Gen::Sphere(Ball::new(c, rng.range(0.2, 1.5)).unwrap()),
        3 => {
            let n = [6, 12, 24, 40][(rng.unit_interval() * 4.0) as usize % 4];
            let axes = Vector3::new(
                rng.range(0.3, 1.3),
                rng.range(0.3, 1.3),
                rng.range(0.3, 1.3),
            );
            let points: Vec<Point3<f64>> = (0..n)
                .map(|_| c + rng.unit_vector3().component_mul(&axes) * rng.range(0.5, 1.0))
                .collect();
            let hull = ConvexPolyhedron::from_hull(&points).unwrap();
            hull.validate().unwrap();
            Gen::Hull(Box::new(hull))
        }
        _ => {
            let half = rng.unit_vector3() * rng.range(0.0, 1.5);
            Gen::Capsule(Capsule::new(c - half, c + half, rng.range(0.2, 1.0)).unwrap())
        }
    }
}

fn oracle_core(shape: &Gen, pose: &Pose3<f64>) -> (Core, f64) {
    match shape {
        Gen::Box(o) => (
            Core::Box {
                centre: pose * o.center(),
                frame: pose.rotation * o.rotation(),
                half: o.half_extents(),
            },
            0.0,
        ),
        Gen::Sphere(s) => (Core::Point(pose * s.center()), s.radius()),
        Gen::Capsule(c) => {
            let [a, b] = c.segment();
            (Core::Segment(pose * a, pose * b), c.radius())
        }
        Gen::Hull(h) => (
            Core::Vertices(h.vertices().iter().map(|v| pose * v).collect()),
            0.0,
        ),
    }
}

/// A pair of kinds (A, B), not box–box (tests/boxes_3d.rs), about half
/// overlapping.
fn gen_pair(seed: u64) -> (Gen, Pose3<f64>, Gen, Pose3<f64>) {
    let mut rng = Rng(seed);
    let kinds = [
        (0, 1),
        (1, 0),
        (0, 2),
        (2, 0),
        (1, 1),
        (1, 2),
        (2, 1),
        (2, 2),
        (3, 3),
        (3, 0),
        (0, 3),
        (3, 1),
        (1, 3),
        (3, 2),
        (2, 3),
    ];
    let (ka, kb) = kinds[(rng.unit_interval() * kinds.len() as f64) as usize % kinds.len()];
    let a = gen_shape(&mut rng, ka);
    let b = gen_shape(&mut rng, kb);
    let pa = Pose3::from_parts(
        Vector3::new(
            rng.range(-10.0, 10.0),
            rng.range(-10.0, 10.0),
            rng.range(-10.0, 10.0),
        )
        .into(),
        rng.rotation(),
    );
    let offset = rng.unit_vector3() * rng.range(0.0, 3.5);
    let pb = Pose3::from_parts((pa.translation.vector + offset).into(), rng.rotation());
    (a, pa, b, pb)
}

/// Calls `$body` with `$a`, `$b` bound to the concrete shapes (as `$t`).
macro_rules! with_pair {
    ($t:ty, $ga:expr, $gb:expr, |$a:ident, $b:ident| $body:expr) => {{
        macro_rules! inner {
            ($x:expr) => {
                match $gb {
                    Gen::Box(o) => {
                        let $b = cast_obb::<$t>(o);
                        let $a = $x;
                        $body
                    }
                    Gen::Sphere(s) => {
                        let $b = cast_ball::<$t>(s);
                        let $a = $x;
                        $body
                    }
                    Gen::Capsule(c) => {
                        let $b = cast_capsule::<$t>(c);
                        let $a = $x;
                        $body
                    }
                    Gen::Hull(h) => {
                        let $b = cast_hull::<$t>(h);
                        let $a = $x;
                        $body
                    }
                }
            };
        }
        match $ga {
            Gen::Box(o) => inner!(cast_obb::<$t>(o)),
            Gen::Sphere(s) => inner!(cast_ball::<$t>(s)),
            Gen::Capsule(c) => inner!(cast_capsule::<$t>(c)),
            Gen::Hull(h) => inner!(cast_hull::<$t>(h)),
        }
    }};
}

fn cast_obb<T: Real>(o: &Obb<f64, 3>) -> Obb<T, 3> {
    Obb::new(
        o.center().cast(),
        o.rotation().cast(),
        o.half_extents().cast(),
    )
    .unwrap()
}
fn cast_ball<T: Real>(s: &Ball<f64, 3>) -> Ball<T, 3> {
    Ball::new(s.center().cast(), nalgebra::convert(s.radius())).unwrap()
}
fn cast_capsule<T: Real>(c: &Capsule<f64, 3>) -> Capsule<T, 3> {
    let [a, b] = c.segment();
    Capsule::new(a.cast(), b.cast(), nalgebra::convert(c.radius())).unwrap()
}

fn cast_hull<T: Real>(h: &ConvexPolyhedron<f64>) -> ConvexPolyhedron<T> {
    let points: Vec<Point3<T>> = h.vertices().iter().map(|v| v.cast()).collect();
    let hull = ConvexPolyhedron::from_hull(&points).unwrap();
    hull.validate().unwrap();
    hull
}

/// The gap of a pair along the world unit axis `u`, from support values.
fn gap_along<T: Real, A: Support<T, 3>, B: Support<T, 3>>(
    a: &A,
    pa: &Pose3<T>,
    b: &B,
    pb: &Pose3<T>,
    u: &Vector3<T>,
) -> T {
    -(Posed::new(a, pa).local_support_value(u) + Posed::new(b, pb).local_support_value(&-u))
}

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

/// All properties for one pair in scalar `T` with round-off allowance `tol`
/// (relative to the scene's scale, about 10).
fn check_pair<T, A, B>(
    a: &A,
    b: &B,
    pa64: &Pose3<f64>,
    pb64: &Pose3<f64>,
    oracle: Oracle,
    tol: f64,
) -> Result<(), String>
where
    T: Real,
    A: Shape<T, 3> + 'static,
    B: Shape<T, 3> + 'static,
{
    let (pa, pb): (Pose3<T>, Pose3<T>) = (pa64.cast(), pb64.cast());
    let to = |x: T| x.to_f64().unwrap_or(f64::NAN);
    let ab = separation(a, &pa, b, &pb);
    let ba = separation(b, &pb, a, &pa);
    let d = to(ab.distance);
    // Swap symmetry: same verdict and distance, opposite normal (or, on a
    // tie between two axes, an axis that is just as good).
    if intersects(a, &pa, b, &pb) != intersects(b, &pb, a, &pa) {
        return Err("intersects is not symmetric".into());
    }
    if (d - to(ba.distance)).abs() > tol {
        return Err(format!("distance {d} vs swapped {}", to(ba.distance)));
    }
    let swapped_normal = -ba.axis.into_inner();
    let along = to(gap_along(a, &pa, b, &pb, &swapped_normal));
    if (along - d).abs() > tol {
        return Err(format!("swapped normal gives gap {along}, not {d}"));
    }
    // Independent verdict: the sign of the oracle's gap, and when the
    // shapes overlap, its depth.
    let oracle_gap = match oracle {
        Oracle::Distance(g) | Oracle::FacetGap(g) => g,
        Oracle::Unknown => f64::NAN,
    };
    if oracle_gap.abs() > tol && (d > 0.0) != (oracle_gap > 0.0) {
        return Err(format!("distance {d}, oracle {oracle:?}"));
    }
    if matches!(oracle, Oracle::FacetGap(_)) && oracle_gap < -tol && (d - oracle_gap).abs() > tol {
        return Err(format!("depth {} but the oracle's is {}", -d, -oracle_gap));
    }
    // When overlapping, no sampled direction has a larger gap (the depth is
    // the minimum of h_{A−B}), and moving B by the MTV leaves them touching.
    if d <= 0.0 {
        for u in directions::<T>() {
            let g = to(gap_along(a, &pa, b, &pb, &u));
            if g > d + tol {
                return Err(format!("direction {u:?} has gap {g} > {d}"));
            }
        }
        let mtv = ab.axis.into_inner() * -ab.distance;
        let moved = Pose3::from_parts((pb.translation.vector + mtv).into(), pb.rotation);
        let after = to(separation(a, &pa, b, &moved).distance);
        if after.abs() > tol {
            return Err(format!("after the MTV the distance is {after}"));
        }
        if -d > 100.0 * tol {
            let further = Pose3::from_parts(
                (pb.translation.vector + mtv * nalgebra::convert::<f64, T>(1.001)).into(),
                pb.rotation,
            );
            if to(separation(a, &pa, b, &further).distance) <= 0.0 {
                return Err("1.001 × MTV does not separate".into());
            }
        }
    } else {
        match oracle {
            // Apart: the reported distance is a lower bound of the true one
            Oracle::Distance(g) if d > g + tol => {
                return Err(format!("distance {d} exceeds the true distance {g}"));
            }
            // and at least the largest facet gap (every facet normal is a
            // candidate).
            Oracle::FacetGap(g) if d < g - tol => {
                return Err(format!("distance {d} below the facet gap {g}"));
            }
            _ => {}
        }
    }
    Ok(())
}

fn property<T: Real>(seed: u64, tol: f64) -> TestResult {
    let (ga, pa, gb, pb) = gen_pair(seed);
    let ((ca, ra), (cb, rb)) = (oracle_core(&ga, &pa), oracle_core(&gb, &pb));
    let oracle = oracle(&ca, &cb, ra, rb);
    let result = with_pair!(T, &ga, &gb, |a, b| check_pair::<T, _, _>(
        &a, &b, &pa, &pb, oracle, tol
    ));
    match result {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(format!(
            "seed {seed}: {e}\n{ga:?} at {pa:?}\n{gb:?} at {pb:?}"
        )),
    }
}

#[test]
fn curved_pairs_f64() {
    fn prop(seed: u64) -> TestResult {
        property::<f64>(seed, 1e-9)
    }
    QuickCheck::new()
        .tests(1500)
        .quickcheck(prop as fn(u64) -> TestResult);
}

#[test]
fn curved_pairs_f32() {
    fn prop(seed: u64) -> TestResult {
        property::<f32>(seed, 2e-3)
    }
    QuickCheck::new()
        .tests(1500)
        .quickcheck(prop as fn(u64) -> TestResult);
}

/// The generated pairs are about half overlapping, and every curved kind
/// and every round feature occurs: the properties above see real work.
#[test]
fn generated_pairs_are_balanced() {
    let mut overlapping = 0;
    for seed in 0..2000 {
        let (ga, pa, gb, pb) = gen_pair(seed);
        overlapping += usize::from(with_pair!(f64, &ga, &gb, |a, b| intersects(
            &a, &pa, &b, &pb
        )));
    }
    assert!(
        (700..=1300).contains(&overlapping),
        "{overlapping} of 2000 overlap"
    );
}

// A sphere whose centre lies on a capsule's segment: the cores meet, every
// direction across the segment gives the depth r₁ + r₂ (the regression: the
// axes between the cores were all zero and the depth came out along the
// segment instead). Every input and r₁ + r₂ are exact in both scalars; the
// tolerance is 4 ε of the depth's order 1 (8.9e-16 in f64, below the 1e-15
// this test held when it ran in f64 only).
fn sphere_centred_on_a_capsule_segment<T: Real + core::fmt::Debug>() {
    let c = |x: f64| -> T { nalgebra::convert(x) };
    let to = |x: T| x.to_f64().unwrap_or(f64::NAN);
    let tol = 4.0 * to(T::default_epsilon());
    let capsule = Capsule::<T, 3>::new(
        Point3::new(c(-2.0), c(0.0), c(0.0)),
        Point3::new(c(2.0), c(0.0), c(0.0)),
        c(0.5),
    )
    .unwrap();
    let sphere = Ball::new(Point3::origin(), c(0.75)).unwrap();
    for (pa, pb) in [
        (
            Pose3::identity(),
            Pose3::translation(c(0.5), c(0.0), c(0.0)),
        ),
        (
            Pose3::translation(c(-0.5), c(0.0), c(0.0)),
            Pose3::identity(),
        ),
    ] {
        let s = separation(&capsule, &pa, &sphere, &pb);
        assert!((to(s.distance) + 1.25).abs() <= tol, "{s:?}");
        assert!(to(s.axis.x).abs() <= tol, "{s:?}");
        let s = separation(&sphere, &pb, &capsule, &pa);
        assert!((to(s.distance) + 1.25).abs() <= tol, "{s:?}");
    }
    // Parallel overlapping segments: the same, with r₁ + r₂ = 1.
    let other = Capsule::new(
        Point3::new(c(-1.0), c(0.0), c(0.0)),
        Point3::new(c(3.0), c(0.0), c(0.0)),
        c(0.5),
    )
    .unwrap();
    let s = separation(&capsule, &Pose3::identity(), &other, &Pose3::identity());
    assert!((to(s.distance) + 1.0).abs() <= tol, "{s:?}");
}

/// The scalar-generic tests above, as `properties_3d::f32::<name>` and
/// `properties_3d::f64::<name>`.
mod f32 {
    #[test]
    fn sphere_centred_on_a_capsule_segment() {
        super::sphere_centred_on_a_capsule_segment::<f32>();
    }
}

mod f64 {
    #[test]
    fn sphere_centred_on_a_capsule_segment() {
        super::sphere_centred_on_a_capsule_segment::<f64>();
    }
}
