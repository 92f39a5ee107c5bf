//! The cached queries (`SatCache`, src/cache.rs) return exactly what the
//! uncached ones return, bit for bit: over random motion sequences (steps of
//! 1% and 1e-4 of the shapes' size, and big jumps) for 2D and 3D boxes,
//! polygons, hulls, balls and capsules, in both argument orders; with a
//! stale cache from another pair; on exact ties (aligned cubes and boxes,
//! the cache left by every other pose); and NaN input resets the cache.

use crate::support::rng::Rng;
use crate::support::scalars::{in_both_scalars, TestReal};
use crate::support::scene2d::random_polygon;
use nalgebra::{Point2, Point3, Rotation3, SVector, Unit, Vector2, Vector3};
use quickcheck::{QuickCheck, TestResult};
use separating_axis::{
    intersects, intersects_cached, penetration, penetration_cached, separation, separation_cached,
    Ball, Capsule, ConvexPolygon, ConvexPolyhedron, Feature, Obb, Penetration, Pose, Pose2, Pose3,
    SatCache, Separation, Shape,
};

/// The bits of a scalar (exact through `f64` for `f32` and `f64`).
fn bits<T: TestReal>(x: T) -> u64 {
    x.to_f64().map_or(0, f64::to_bits)
}

fn is_nan<T: TestReal>(x: T) -> bool {
    x.to_f64().is_none_or(f64::is_nan)
}

/// Every bit of a separation: distance, axis, feature.
fn sep_bits<T: TestReal, const N: usize>(s: &Separation<T, N>) -> (u64, Vec<u64>, Feature) {
    (
        bits(s.distance),
        s.axis.iter().map(|&x| bits(x)).collect(),
        s.feature,
    )
}

/// Every bit of a penetration, if any.
fn pen_bits<T: TestReal, const N: usize>(
    p: &Option<Penetration<T, N>>,
) -> Option<(u64, Vec<u64>, Feature)> {
    p.as_ref().map(|p| {
        (
            bits(p.depth),
            p.normal.iter().map(|&x| bits(x)).collect(),
            p.feature,
        )
    })
}

/// The caches one pair keeps: one per query, and one shared by all three.
type Caches<T, const N: usize> = [SatCache<T, N>; 4];

/// The three cached queries (each with its cache, then all three with the
/// shared one) against the uncached ones, bit for bit.
fn check_step<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    caches: &mut Caches<T, N>,
) -> Result<(), String>
where
    T: TestReal,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let hit = intersects(a, pose_a, b, pose_b);
    let sep = sep_bits(&separation(a, pose_a, b, pose_b));
    let pen = pen_bits(&penetration(a, pose_a, b, pose_b));
    let [ci, cs, cp, shared] = caches;
    for (k, cache) in [(0, ci), (1, shared)] {
        let got = intersects_cached(a, pose_a, b, pose_b, cache);
        if got != hit {
            return Err(format!("intersects ({k}): cached {got}, uncached {hit}"));
        }
    }
    for (k, cache) in [(0, cs), (1, shared)] {
        let got = sep_bits(&separation_cached(a, pose_a, b, pose_b, cache));
        if got != sep {
            return Err(format!(
                "separation ({k}): cached {got:?}, uncached {sep:?}"
            ));
        }
    }
    for (k, cache) in [(0, cp), (1, shared)] {
        let got = pen_bits(&penetration_cached(a, pose_a, b, pose_b, cache));
        if got != pen {
            return Err(format!(
                "penetration ({k}): cached {got:?}, uncached {pen:?}"
            ));
        }
    }
    Ok(())
}

/// Follows `poses` with fresh caches in both argument orders (`b` at
/// `pose_b` against `a`: the swapped pair keeps caches of its own).
fn follow<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    poses: &[(Pose<f64, N>, Pose<f64, N>)],
) -> Result<(), String>
where
    T: TestReal,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Pose<f64, N>: Cast<T, N>,
{
    let mut forward: Caches<T, N> = [SatCache::new(); 4];
    let mut backward: Caches<T, N> = [SatCache::new(); 4];
    for (k, (pa, pb)) in poses.iter().enumerate() {
        let (pa, pb) = (pa.to_t(), pb.to_t());
        check_step(a, &pa, b, &pb, &mut forward).map_err(|e| format!("step {k}, A-B: {e}"))?;
        check_step(b, &pb, a, &pa, &mut backward).map_err(|e| format!("step {k}, B-A: {e}"))?;
    }
    Ok(())
}

/// An `f64` pose rounded to the test scalar.
trait Cast<T: TestReal, const N: usize> {
    fn to_t(&self) -> Pose<T, N>;
}

impl<T: TestReal> Cast<T, 2> for Pose2<f64> {
    fn to_t(&self) -> Pose2<T> {
        self.cast::<T>()
    }
}

impl<T: TestReal> Cast<T, 3> for Pose3<f64> {
    fn to_t(&self) -> Pose3<T> {
        self.cast::<T>()
    }
}

/// How a sequence moves: steps of a fraction of the size, or jumps.
#[derive(Clone, Copy, Debug)]
enum Motion {
    Step(f64),
    Jump,
}

impl Motion {
    fn pick(rng: &mut Rng) -> Self {
        [Self::Step(1e-2), Self::Step(1e-4), Self::Jump][rng.below(3)]
    }
}

/// Poses in 2D or 3D: a random pair within `reach`, and a small motion.
trait Space<const N: usize> {
    fn pair(rng: &mut Rng, reach: f64) -> (Pose<f64, N>, Pose<f64, N>);
    fn nudge(rng: &mut Rng, pose: &Pose<f64, N>, amount: f64) -> Pose<f64, N>;
}

struct Plane;
struct Space3;

impl Space<2> for Plane {
    fn pair(rng: &mut Rng, reach: f64) -> (Pose2<f64>, Pose2<f64>) {
        let at = Vector2::new(rng.range(-5.0, 5.0), rng.range(-5.0, 5.0));
        let a = Pose2::new(at, rng.range(-3.2, 3.2));
        let b = Pose2::new(
            at + rng.unit_vector2() * rng.range(0.0, reach),
            rng.range(-3.2, 3.2),
        );
        (a, b)
    }

    fn nudge(rng: &mut Rng, pose: &Pose2<f64>, amount: f64) -> Pose2<f64> {
        let shift = rng.unit_vector2() * amount;
        Pose2::new(shift, amount * rng.signed_unit()) * pose
    }
}

impl Space<3> for Space3 {
    fn pair(rng: &mut Rng, reach: f64) -> (Pose3<f64>, Pose3<f64>) {
        let at = Vector3::new(
            rng.range(-5.0, 5.0),
            rng.range(-5.0, 5.0),
            rng.range(-5.0, 5.0),
        );
        let a = Pose3::from_parts(at.into(), rng.rotation());
        let offset = rng.unit_vector3() * rng.range(0.0, reach);
        let b = Pose3::from_parts((at + offset).into(), rng.rotation());
        (a, b)
    }

    fn nudge(rng: &mut Rng, pose: &Pose3<f64>, amount: f64) -> Pose3<f64> {
        let shift = rng.unit_vector3() * amount;
        let turn = Rotation3::from_scaled_axis(rng.unit_vector3() * amount * rng.signed_unit());
        // Turn about the body's own centre, then shift.
        let mut p = *pose;
        p.rotation = turn * p.rotation;
        p.translation.vector += shift;
        p
    }
}

/// A sequence of 24 pose pairs from a random start: both bodies moved
/// each step by `motion` (size about 1), or a fresh pair on a jump.
fn sequence<S: Space<N>, const N: usize>(
    rng: &mut Rng,
    reach: f64,
    motion: Motion,
) -> Vec<(Pose<f64, N>, Pose<f64, N>)> {
    let mut at = S::pair(rng, reach);
    let mut out = vec![at];
    for _ in 1..24 {
        at = match motion {
            Motion::Step(amount) => (S::nudge(rng, &at.0, amount), S::nudge(rng, &at.1, amount)),
            Motion::Jump => S::pair(rng, reach),
        };
        out.push(at);
    }
    out
}

fn point3<T: TestReal>(v: Vector3<f64>) -> Point3<T> {
    Point3::from(v).cast()
}

fn hull<T: TestReal>(rng: &mut Rng, n: usize) -> ConvexPolyhedron<T> {
    let axes = Vector3::new(
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
        rng.range(0.5, 1.2),
    );
    let points: Vec<Point3<T>> = (0..n)
        .map(|_| point3(rng.unit_vector3().component_mul(&axes) * rng.range(0.6, 1.0)))
        .collect();
    ConvexPolyhedron::from_hull(&points).expect("random points span a volume")
}

fn obb3<T: TestReal>(rng: &mut Rng) -> Obb<T, 3> {
    let h = Vector3::new(
        rng.range(0.3, 1.0),
        rng.range(0.3, 1.0),
        rng.range(0.3, 1.0),
    );
    Obb::new(Point3::origin(), Rotation3::identity(), h.cast::<T>()).expect("positive extents")
}

fn obb2<T: TestReal>(rng: &mut Rng) -> Obb<T, 2> {
    let h = Vector2::new(rng.range(0.3, 1.0), rng.range(0.3, 1.0));
    Obb::new(Point2::origin(), Default::default(), h.cast()).expect("positive extents")
}

fn polygon<T: TestReal>(rng: &mut Rng) -> ConvexPolygon<T> {
    random_polygon(rng, 1.0)
}

fn capsule3<T: TestReal>(rng: &mut Rng) -> Capsule<T, 3> {
    let half = rng.unit_vector3() * rng.range(0.2, 0.8);
    Capsule::new(
        point3(-half),
        point3(half),
        T::from_f64(rng.range(0.2, 0.6)).unwrap(),
    )
    .expect("positive radius")
}

fn ball3<T: TestReal>(rng: &mut Rng) -> Ball<T, 3> {
    Ball::new(Point3::origin(), T::from_f64(rng.range(0.3, 1.0)).unwrap()).expect("radius")
}

/// Runs `prop` over `tests` seeds; a failure names the seed.
fn quick(tests: u64, prop: fn(u64) -> TestResult) {
    QuickCheck::new().tests(tests).quickcheck(prop);
}

fn verdict(r: Result<(), String>) -> TestResult {
    match r {
        Ok(()) => TestResult::passed(),
        Err(e) => TestResult::error(e),
    }
}

/// Hull-16 and hull-32 pairs (the polyhedron path, where the cache seeds
/// the hopeless-axis floor): every cached answer equals the uncached one.
fn cached_hulls_equal_uncached<T: TestReal>() {
    fn prop<T: TestReal>(seed: u64) -> TestResult {
        let mut rng = Rng::new(seed);
        let n = [16, 32, 6][rng.below(3)];
        let (a, b) = (hull::<T>(&mut rng, n), hull::<T>(&mut rng, 16));
        let motion = Motion::pick(&mut rng);
        let poses = sequence::<Space3, 3>(&mut rng, 2.6, motion);
        verdict(follow(&a, &b, &poses).map_err(|e| format!("seed {seed}, {motion:?}: {e}")))
    }
    quick(150, prop::<T>);
}

/// 3D boxes (the box path) and a box against a hull (through `dyn`).
fn cached_boxes_equal_uncached<T: TestReal>() {
    fn prop<T: TestReal>(seed: u64) -> TestResult {
        let mut rng = Rng::new(seed);
        let (a, b) = (obb3::<T>(&mut rng), obb3::<T>(&mut rng));
        let motion = Motion::pick(&mut rng);
        let poses = sequence::<Space3, 3>(&mut rng, 2.5, motion);
        let h = hull::<T>(&mut rng, 16);
        let r = follow(&a, &b, &poses)
            .and_then(|()| follow::<T, 3, dyn Shape<T, 3>, dyn Shape<T, 3>>(&a, &h, &poses));
        verdict(r.map_err(|e| format!("seed {seed}, {motion:?}: {e}")))
    }
    quick(150, prop::<T>);
}

/// 2D: polygons (the polygon path), boxes, and a polygon against a box.
fn cached_polygons_equal_uncached<T: TestReal>() {
    fn prop<T: TestReal>(seed: u64) -> TestResult {
        let mut rng = Rng::new(seed);
        let (a, b) = (polygon::<T>(&mut rng), polygon::<T>(&mut rng));
        let (c, d) = (obb2::<T>(&mut rng), obb2::<T>(&mut rng));
        let motion = Motion::pick(&mut rng);
        let poses = sequence::<Plane, 2>(&mut rng, 2.2, motion);
        let r = follow(&a, &b, &poses)
            .and_then(|()| follow(&c, &d, &poses))
            .and_then(|()| follow(&a, &d, &poses));
        verdict(r.map_err(|e| format!("seed {seed}, {motion:?}: {e}")))
    }
    quick(150, prop::<T>);
}

/// Balls and capsules, and a capsule against a hull (the engine).
fn cached_round_shapes_equal_uncached<T: TestReal>() {
    fn prop<T: TestReal>(seed: u64) -> TestResult {
        let mut rng = Rng::new(seed);
        let (a, b) = (capsule3::<T>(&mut rng), ball3::<T>(&mut rng));
        let c = capsule3::<T>(&mut rng);
        let h = hull::<T>(&mut rng, 16);
        let motion = Motion::pick(&mut rng);
        let poses = sequence::<Space3, 3>(&mut rng, 2.2, motion);
        let r = follow(&a, &b, &poses)
            .and_then(|()| follow(&a, &c, &poses))
            .and_then(|()| follow(&c, &h, &poses));
        verdict(r.map_err(|e| format!("seed {seed}, {motion:?}: {e}")))
    }
    quick(100, prop::<T>);
}

/// A cache left by one hull pair, used on another pair (other hulls,
/// other sizes, so its indices point anywhere or out of range) and on the
/// same pair in the other argument order (A's faces named as B's): each
/// answer is still the uncached one.
fn stale_cache_gives_the_uncached_answer<T: TestReal>() {
    fn prop<T: TestReal>(seed: u64) -> TestResult {
        let mut rng = Rng::new(seed);
        let (a, b) = (hull::<T>(&mut rng, 32), hull::<T>(&mut rng, 32));
        let (c, d) = (hull::<T>(&mut rng, 8), hull::<T>(&mut rng, 6));
        let first = sequence::<Space3, 3>(&mut rng, 2.6, Motion::Jump);
        let second = sequence::<Space3, 3>(&mut rng, 2.6, Motion::Jump);
        let mut caches: Caches<T, 3> = [SatCache::new(); 4];
        for ((pa, pb), (pc, pd)) in first.iter().zip(&second) {
            let (pa, pb, pc, pd) = (pa.to_t(), pb.to_t(), pc.to_t(), pd.to_t());
            // Another pair's cache, then the other argument order's.
            let r = check_step(&a, &pa, &b, &pb, &mut caches)
                .and_then(|()| check_step(&c, &pc, &d, &pd, &mut caches))
                .and_then(|()| check_step(&d, &pd, &a, &pa, &mut caches))
                .and_then(|()| check_step(&a, &pa, &d, &pd, &mut caches))
                .and_then(|()| check_step(&b, &pb, &a, &pa, &mut caches));
            if let Err(e) = r {
                return TestResult::error(format!("seed {seed}: {e}"));
            }
        }
        TestResult::passed()
    }
    quick(100, prop::<T>);
}

/// The unit cube `[0, 1]³` as a hull.
fn cube<T: TestReal>() -> ConvexPolyhedron<T> {
    let corners: Vec<Point3<T>> = (0..8)
        .map(|i| {
            point3(Vector3::new(
                f64::from(i & 1),
                f64::from((i >> 1) & 1),
                f64::from((i >> 2) & 1),
            ))
        })
        .collect();
    ConvexPolyhedron::from_hull(&corners).expect("a cube")
}

/// Exact ties: aligned cubes (hull path) and aligned boxes (box path),
/// overlapping equally along two or three axes (A's and B's faces tie, and
/// edge pairs with them), queried with the cache each of a run of other
/// poses left behind, in both orders: the winner is the uncached one every
/// time.
fn aligned_boxes_tie_as_without_a_cache<T: TestReal>() {
    let c = cube::<T>();
    let b = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(0.5, 0.5, 0.5).cast::<T>(),
    )
    .unwrap();
    let ties: Vec<Pose3<f64>> = [
        Vector3::new(0.5, 0.5, 0.0),
        Vector3::new(0.5, 0.5, 0.5),
        Vector3::new(-0.75, 0.75, 0.0),
        Vector3::new(1.0, 1.0, 0.0),
        Vector3::new(0.25, -0.25, 0.25),
    ]
    .iter()
    .map(|v| Pose3::translation(v.x, v.y, v.z))
    .collect();
    let mut rng = Rng::new(11);
    let mut tied_features = 0;
    for tie in &ties {
        for _ in 0..40 {
            // Any other pose first (the cache then holds its feature).
            let (pa, pb) = Space3::pair(&mut rng, 2.0);
            let poses = [(pa, pb), (Pose3::identity(), *tie)];
            follow(&c, &c, &poses).unwrap();
            follow(&b, &b, &poses).unwrap();
        }
        let s = separation(&c, &Pose3::identity(), &c, &tie.cast::<T>());
        tied_features += usize::from(matches!(s.feature, Feature::FaceA(_)));
    }
    // The ties are real: A's face wins each (B's faces tie with it).
    assert_eq!(tied_features, ties.len());
}

/// The cache seeds from the last answer: after a hull query it holds that
/// answer's feature and its axis in A's local frame, and whether it
/// separated.
fn the_cache_holds_the_last_answer<T: TestReal>() {
    let c = cube::<T>();
    let turn = Rotation3::from_axis_angle(&Vector3::z_axis(), 0.5);
    let pose_a = Pose3::from_parts(Vector3::new(3.0, 0.0, 0.0).into(), turn).cast::<T>();
    let pose_b = Pose3::from_parts(Vector3::new(3.0, 0.0, 1.5).into(), turn).cast::<T>();
    let mut cache = SatCache::new();
    let s = separation_cached(&c, &pose_a, &c, &pose_b, &mut cache);
    // B sits 0.5 above A's top face: +z in both frames.
    assert_eq!(bits(s.distance), bits(T::from_f64(0.5).unwrap()));
    assert_eq!(cache.feature(), Some(s.feature));
    assert!(matches!(s.feature, Feature::FaceA(_)));
    assert_eq!(cache.separated(), Some(true));
    let local: Unit<SVector<T, 3>> = cache.axis().unwrap();
    assert!((local.into_inner() - Vector3::z()).norm() < T::from_f64(1e-6).unwrap());
    // Sunk 0.25 into A: the same face, now penetrating.
    let sunk = Pose3::from_parts(Vector3::new(3.0, 0.0, 0.75).into(), turn).cast::<T>();
    let p = penetration_cached(&c, &pose_a, &c, &sunk, &mut cache).unwrap();
    assert_eq!(bits(p.depth), bits(T::from_f64(0.25).unwrap()));
    assert_eq!(cache.separated(), Some(false));
    assert_eq!(cache.feature(), Some(p.feature));
}

/// NaN input: the cached queries answer as the uncached ones (false,
/// NaN, None) and reset the cache.
fn nan_resets_the_cache<T: TestReal>() {
    let c = cube::<T>();
    let good = Pose3::translation(0.5, 0.0, 0.0).cast::<T>();
    let nan = Pose3::translation(f64::NAN, 0.0, 0.0).cast::<T>();
    let id = Pose3::identity();
    let fresh = || {
        let mut cache = SatCache::new();
        let _ = separation_cached(&c, &id, &c, &good, &mut cache);
        assert!(cache.feature().is_some());
        cache
    };
    let mut cache = fresh();
    assert!(!intersects_cached(&c, &id, &c, &nan, &mut cache));
    assert_eq!(cache, SatCache::new());
    let mut cache = fresh();
    assert!(is_nan(
        separation_cached(&c, &id, &c, &nan, &mut cache).distance
    ));
    assert!(is_nan(separation(&c, &id, &c, &nan).distance));
    assert_eq!(cache, SatCache::new());
    let mut cache = fresh();
    assert!(penetration_cached(&c, &id, &c, &nan, &mut cache).is_none());
    assert_eq!(cache, SatCache::new());
    // Boxes and the engine alike.
    let ball = Ball::new(Point3::origin(), T::one()).unwrap();
    let mut cache = SatCache::new();
    let _ = separation_cached(&ball, &id, &c, &good, &mut cache);
    assert!(cache.feature().is_some());
    assert!(!intersects_cached(&ball, &id, &c, &nan, &mut cache));
    assert_eq!(cache, SatCache::new());
}

/// The cached queries allocate nothing (the counting allocator of
/// tests/no_alloc.rs), on every path, with an empty, a warm and a stale
/// cache.
fn cached_queries_do_not_allocate<T: TestReal>() {
    let mut rng = Rng::new(5);
    let (h, g) = (hull::<T>(&mut rng, 16), hull::<T>(&mut rng, 32));
    let (o, p) = (obb3::<T>(&mut rng), capsule3::<T>(&mut rng));
    let (q, r) = (polygon::<T>(&mut rng), polygon::<T>(&mut rng));
    let poses3: Vec<_> = (0..8).map(|_| Space3::pair(&mut rng, 2.6)).collect();
    let poses2: Vec<_> = (0..8).map(|_| Plane::pair(&mut rng, 2.2)).collect();
    let mut c3 = SatCache::new();
    let mut c2 = SatCache::new();
    let mut sink = 0usize;
    let before = crate::no_alloc::allocations();
    for (pa, pb) in &poses3 {
        let (pa, pb) = (pa.to_t(), pb.to_t());
        let pairs: [(&dyn Shape<T, 3>, &dyn Shape<T, 3>); 4] =
            [(&h, &g), (&o, &o), (&p, &h), (&g, &h)];
        for (a, b) in pairs {
            sink += usize::from(intersects_cached(a, &pa, b, &pb, &mut c3));
            sink += usize::from(separation_cached(a, &pa, b, &pb, &mut c3).distance > T::zero());
            sink += usize::from(penetration_cached(a, &pa, b, &pb, &mut c3).is_some());
        }
    }
    for (pa, pb) in &poses2 {
        let (pa, pb) = (pa.to_t(), pb.to_t());
        sink += usize::from(intersects_cached(&q, &pa, &r, &pb, &mut c2));
        sink += usize::from(separation_cached(&q, &pa, &r, &pb, &mut c2).distance > T::zero());
        sink += usize::from(penetration_cached(&q, &pa, &r, &pb, &mut c2).is_some());
    }
    let made = crate::no_alloc::allocations() - before;
    std::hint::black_box(sink);
    assert_eq!(made, 0);
}

/// Regression: `intersects_cached` on two hulls apart used to reset the
/// cache on its first call (the unseeded hull path named no axis), so it
/// never cached anything and cost more than `intersects`. The first call
/// now records the separating axis, and the next one, the hulls moved a
/// little, is decided on it with the uncached verdict.
fn intersects_cached_records_the_axis_of_hulls_apart<T: TestReal>() {
    let c = cube::<T>();
    let mut cache = SatCache::new();
    let pa = Pose3::<T>::identity();
    let at = |x: f64| Pose3::<T>::translation(T::from_f64(x).unwrap(), T::zero(), T::zero());
    assert!(!intersects_cached(&c, &pa, &c, &at(1.5), &mut cache));
    assert_eq!(cache.separated(), Some(true), "{}", T::NAME);
    assert_eq!(
        cache.feature(),
        Some(Feature::FaceA(
            (0..c.face_count())
                .find(|&i| c.local_face_normal(i).x > T::from_f64(0.5).unwrap())
                .unwrap()
        ))
    );
    for x in [1.45, 1.2, 1.01, 1.0, 0.99] {
        assert_eq!(
            intersects_cached(&c, &pa, &c, &at(x), &mut cache),
            intersects(&c, &pa, &c, &at(x)),
            "{} at {x}",
            T::NAME
        );
    }
}

in_both_scalars!(
    cached_hulls_equal_uncached,
    cached_boxes_equal_uncached,
    cached_polygons_equal_uncached,
    cached_round_shapes_equal_uncached,
    stale_cache_gives_the_uncached_answer,
    aligned_boxes_tie_as_without_a_cache,
    the_cache_holds_the_last_answer,
    nan_resets_the_cache,
    cached_queries_do_not_allocate,
    intersects_cached_records_the_axis_of_hulls_apart,
);
