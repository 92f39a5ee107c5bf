//! Narrow-phase queries allocate nothing: a counting global allocator sees
//! zero allocations while every query runs on pre-built shapes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use nalgebra::{Point2, Point3, Rotation2, Vector2, Vector3};
use separating_axis::{
    contact_manifold, contact_manifold_into, contact_manifold_recycled, containment,
    contains_point, engine, intersects, penetration, separation, Aabb, Ball, Capsule, ContactCache,
    ConvexPolygon, ConvexPolyhedron, Manifold, Obb, Pose, Pose2, Shape,
};

/// Counts the allocations of each thread separately: every integration test
/// is in one crate (`tests/main.rs`) and this allocator is the whole crate's,
/// so the tests running on other threads meanwhile must not count.
struct Counting;

thread_local! {
    /// Allocations made so far by this thread. A `const` initialiser and a
    /// type without `Drop`: the slot is reached without allocating and
    /// without registering a destructor, so the allocator may use it.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// How many allocations the current thread has made so far.
pub(crate) fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

// The only unsafe code in the repository: a global allocator must be an
// `unsafe impl`. The library itself forbids unsafe code (src/lib.rs).
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // `try_with`: never panic inside the allocator, even for a thread
        // being torn down.
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
        // SAFETY: the caller's contract for `alloc` is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract for `dealloc` is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs every query on one pair and returns how many allocations it made.
fn allocations_of<A, B, const N: usize>(a: &A, pa: &Pose<f64, N>, b: &B, pb: &Pose<f64, N>) -> usize
where
    A: Shape<f64, N> + 'static,
    B: Shape<f64, N> + 'static,
{
    let before = allocations();
    let mut sink = 0.0;
    sink += f64::from(u8::from(intersects(a, pa, b, pb)));
    sink += separation(a, pa, b, pb).distance;
    sink += penetration(a, pa, b, pb).map_or(0.0, |p| p.depth);
    sink += engine::separation(a, pa, b, pb).distance;
    sink += f64::from(u8::from(containment(a, pa, b, pb).a_in_b));
    sink += f64::from(u8::from(contains_point(a, pa, &Point::origin_like(pb))));
    std::hint::black_box(sink);
    allocations() - before
}

/// The translation of a pose as a point, without allocating.
trait OriginLike<const N: usize> {
    fn origin_like(pose: &Pose<f64, N>) -> Self;
}

type Point<const N: usize> = nalgebra::Point<f64, N>;

impl<const N: usize> OriginLike<N> for Point<N> {
    fn origin_like(pose: &Pose<f64, N>) -> Self {
        Self::from(pose.translation.vector)
    }
}

#[test]
fn queries_do_not_allocate() {
    let octagon_points: Vec<Point2<f64>> = (0..8)
        .map(|i| {
            let a = f64::from(i) * std::f64::consts::TAU / 8.0;
            Point2::new(a.cos(), a.sin())
        })
        .collect();
    let octagon = ConvexPolygon::new(&octagon_points).unwrap();
    let circle = Ball::new(Point2::origin(), 0.8).unwrap();
    let obb = Obb::new(
        Point2::origin(),
        Rotation2::new(0.3),
        Vector2::new(1.0, 0.5),
    )
    .unwrap();
    let aabb = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
    let sphere = Ball::new(Point3::origin(), 1.0).unwrap();
    let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
    let id = Pose2::identity();
    for pb in [
        Pose2::new(Vector2::new(1.2, 0.4), 0.7),
        Pose2::new(Vector2::new(5.0, 0.0), 0.1),
    ] {
        assert_eq!(
            allocations_of(&octagon, &id, &octagon, &pb),
            0,
            "polygon-polygon"
        );
        assert_eq!(
            allocations_of(&circle, &id, &octagon, &pb),
            0,
            "circle-polygon"
        );
        assert_eq!(allocations_of(&obb, &id, &aabb, &pb), 0, "box-box");
        assert_eq!(
            allocations_of(&circle, &id, &circle, &pb),
            0,
            "circle-circle"
        );
    }
    let p3 = Pose::<f64, 3>::translation(1.5, 0.5, 0.2);
    assert_eq!(
        allocations_of(&sphere, &Pose::identity(), &cube, &p3),
        0,
        "sphere-box"
    );
    let turn = nalgebra::Rotation3::from_euler_angles(0.1, 0.2, 0.3);
    let obb3 = Obb::new(
        Point3::origin(),
        turn,
        nalgebra::Vector3::new(1.0, 0.5, 0.7),
    )
    .unwrap();
    assert_eq!(
        allocations_of(&obb3, &Pose::identity(), &obb3, &p3),
        0,
        "box-box 3D"
    );
    let capsule =
        Capsule::new(Point3::new(-1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), 0.4).unwrap();
    assert_eq!(
        allocations_of(&capsule, &Pose::identity(), &obb3, &p3),
        0,
        "capsule-box"
    );
    // Hulls below and above the hill-climbing threshold (32 vertices), and
    // with more faces than the polyhedron pair path keeps on the stack.
    for n in [12_u32, 64, 200] {
        let points: Vec<Point3<f64>> = (0..n)
            .map(|i| {
                let z = 1.0 - 2.0 * (f64::from(i) + 0.5) / f64::from(n);
                let phi = 2.399_963 * f64::from(i);
                let r = (1.0 - z * z).sqrt();
                Point3::new(r * phi.cos(), r * phi.sin(), z)
            })
            .collect();
        let hull = ConvexPolyhedron::from_hull(&points).unwrap();
        assert_eq!(
            allocations_of(&hull, &Pose::identity(), &hull, &p3),
            0,
            "hull-hull {n}"
        );
        assert_eq!(
            allocations_of(&hull, &Pose::identity(), &capsule, &p3),
            0,
            "hull-capsule {n}"
        );
        // The box and capsule paths of the hull (src/pair/box_polyhedron.rs,
        // capsule_polyhedron.rs, gjk.rs): deep, shallow and apart, both
        // orders.
        for t in [0.3, 1.6, 1.95, 4.0] {
            let pt = Pose::<f64, 3>::from_parts(nalgebra::Translation3::new(t, 0.2, -0.1), turn);
            assert_eq!(
                allocations_of(&hull, &Pose::identity(), &obb3, &pt),
                0,
                "hull-box {n} at {t}"
            );
            assert_eq!(
                allocations_of(&obb3, &pt, &hull, &Pose::identity()),
                0,
                "box-hull {n} at {t}"
            );
            assert_eq!(
                allocations_of(&capsule, &pt, &hull, &Pose::identity()),
                0,
                "capsule-hull {n} at {t}"
            );
        }
    }
    // Many dimensions (src/nd.rs, src/round_axes.rs): facet subsets on the
    // stack, the nearest-core bisection, alternating projections beyond
    // the work budget (N = 8, 32), no corner walks (N = 32).
    nd_pairs::<4>();
    nd_pairs::<5>();
    nd_pairs::<8>();
    nd_pairs::<32>();
    // The counter works: building a polygon allocates.
    let before = allocations();
    let _ = std::hint::black_box(ConvexPolygon::new(&octagon_points).unwrap());
    assert!(allocations() > before);
}

/// The count is per thread: allocations on another thread leave this
/// thread's count unchanged, and the other thread counts its own.
#[test]
fn allocations_are_counted_per_thread() {
    let before = allocations();
    let theirs = std::thread::spawn(|| {
        let start = allocations();
        let v: Vec<u64> = std::hint::black_box(vec![1, 2, 3]);
        drop(v);
        allocations() - start
    })
    .join()
    .unwrap();
    assert_eq!(theirs, 1, "the other thread counts its own allocation");
    // `spawn` and `join` allocate on this thread (the thread's handle and
    // name), so compare with a fresh allocation of our own instead of 0.
    let here = allocations() - before;
    let mine = allocations();
    let _ = std::hint::black_box(vec![0_u8; 16]);
    assert_eq!(allocations() - mine, 1, "this thread counts its own");
    assert!(
        here < 16,
        "{here} allocations here: the other thread's counted too?"
    );
}

/// Box, capsule and ball pairs in `N` dimensions allocate nothing.
fn nd_pairs<const N: usize>() {
    let half = nalgebra::SVector::<f64, N>::from_fn(|i, _| 0.5 + 0.1 * (i % 3) as f64);
    let aabb = Aabb::from_half_extents(Point::<N>::origin(), half).unwrap();
    let obb = Obb::new(Point::<N>::origin(), nalgebra::Rotation::identity(), half).unwrap();
    let mut e = nalgebra::SVector::<f64, N>::zeros();
    e[0] = 1.0;
    e[N - 1] = 0.5;
    let capsule = Capsule::new(Point::<N>::from(-e), Point::<N>::from(e), 0.3).unwrap();
    let ball = Ball::new(Point::<N>::origin(), 0.4).unwrap();
    let id = Pose::<f64, N>::identity();
    for shift in [0.3, 3.0] {
        let mut t = nalgebra::SVector::<f64, N>::repeat(shift / (N as f64).sqrt());
        t[1] = -t[1];
        let pb = Pose::from_parts(
            nalgebra::Translation::from(t),
            nalgebra::Rotation::identity(),
        );
        for (count, name) in [
            (allocations_of(&aabb, &id, &obb, &pb), "box-box"),
            (allocations_of(&capsule, &id, &aabb, &pb), "capsule-box"),
            (allocations_of(&obb, &id, &capsule, &pb), "box-capsule"),
            (
                allocations_of(&capsule, &id, &capsule, &pb),
                "capsule-capsule",
            ),
            (allocations_of(&capsule, &id, &ball, &pb), "capsule-ball"),
            (allocations_of(&ball, &id, &aabb, &pb), "ball-box"),
            (allocations_of(&ball, &id, &ball, &pb), "ball-ball"),
        ] {
            assert_eq!(count, 0, "{name} {N}D shift {shift}");
        }
    }
}

/// `contact_manifold` allocates nothing, for every 2D pair kind (polygon,
/// boxes, ball, capsule, through `&dyn Shape` too), overlapping, apart
/// within the margin, and apart beyond it.
#[test]
fn manifolds_do_not_allocate() {
    let octagon_points: Vec<Point2<f64>> = (0..8)
        .map(|i| {
            let a = f64::from(i) * std::f64::consts::TAU / 8.0;
            Point2::new(a.cos(), a.sin())
        })
        .collect();
    let octagon = ConvexPolygon::new(&octagon_points).unwrap();
    let circle = Ball::new(Point2::origin(), 0.8).unwrap();
    let obb = Obb::new(
        Point2::origin(),
        Rotation2::new(0.3),
        Vector2::new(1.0, 0.5),
    )
    .unwrap();
    let aabb = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
    let capsule = Capsule::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0), 0.4).unwrap();
    let shapes: [&dyn Shape<f64, 2>; 5] = [&octagon, &circle, &obb, &aabb, &capsule];
    let id = Pose2::identity();
    let mut points = 0;
    for pb in [
        Pose2::new(Vector2::new(1.2, 0.4), 0.7),
        Pose2::new(Vector2::new(2.9, 0.0), 0.0),
        // Corner to corner within the margin (the square pair): the
        // closest-feature point of `src/manifold/speculative.rs`.
        Pose2::new(Vector2::new(2.1, 2.1), 0.0),
        Pose2::new(Vector2::new(9.0, 0.0), 0.1),
    ] {
        for a in shapes {
            for b in shapes {
                let before = allocations();
                let m = contact_manifold(a, &id, b, &pb, 0.5);
                let m2 = contact_manifold(&octagon, &id, &obb, &pb, 0.5).swapped();
                let after = allocations();
                points += m.len() + m2.len();
                std::hint::black_box((m, m2));
                assert_eq!(after - before, 0);
            }
        }
    }
    assert!(points > 0, "some pairs touch");
}

// ---------------------------------------------------------------------------
// Distance (docs/distance.md)
// ---------------------------------------------------------------------------

/// `distance`, `closest_points` and `signed_distance` on one pair, both
/// orders: how many allocations they made.
fn distance_allocations<A, B, const N: usize>(
    a: &A,
    pa: &Pose<f64, N>,
    b: &B,
    pb: &Pose<f64, N>,
) -> usize
where
    A: Shape<f64, N>,
    B: Shape<f64, N>,
{
    let before = allocations();
    let mut sink = 0.0;
    sink += separating_axis::distance(a, pa, b, pb);
    sink += separating_axis::closest_points(a, pa, b, pb).gap;
    sink += separating_axis::signed_distance(a, pa, b, pb);
    sink += separating_axis::distance(b, pb, a, pa);
    sink += separating_axis::closest_points(b, pb, a, pa).point_a[0];
    std::hint::black_box(sink);
    allocations() - before
}

/// The min-norm iteration keeps its corral on the stack: no query of the
/// distance family allocates, apart (the iteration runs) or overlapping,
/// 2D and 3D, polytopes and rounded shapes.
#[test]
fn distance_queries_do_not_allocate() {
    let octagon_points: Vec<Point2<f64>> = (0..8)
        .map(|i| {
            let a = f64::from(i) * std::f64::consts::TAU / 8.0;
            Point2::new(a.cos(), a.sin())
        })
        .collect();
    let octagon = ConvexPolygon::new(&octagon_points).unwrap();
    let circle = Ball::new(Point2::origin(), 0.8).unwrap();
    let capsule = Capsule::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.5), 0.3).unwrap();
    let aabb = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
    let id = Pose2::identity();
    for pb in [
        Pose2::new(Vector2::new(1.2, 0.4), 0.7),
        Pose2::new(Vector2::new(5.0, 3.0), 0.1),
    ] {
        assert_eq!(
            distance_allocations(&octagon, &id, &octagon, &pb),
            0,
            "polygons"
        );
        assert_eq!(
            distance_allocations(&circle, &id, &octagon, &pb),
            0,
            "circle-polygon"
        );
        assert_eq!(
            distance_allocations(&capsule, &id, &aabb, &pb),
            0,
            "capsule-box"
        );
        assert_eq!(
            distance_allocations(&aabb, &id, &aabb, &pb),
            0,
            "2D boxes (the closed form)"
        );
    }
    let corners: Vec<Point3<f64>> = (0..16)
        .map(|i| {
            let a = f64::from(i) * 2.4;
            Point3::new(a.cos(), a.sin(), f64::from(i) / 8.0 - 1.0)
        })
        .collect();
    let hull = ConvexPolyhedron::from_hull(&corners).unwrap();
    let sphere = Ball::new(Point3::origin(), 1.0).unwrap();
    let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
    let id3 = separating_axis::Pose3::identity();
    for pb in [
        separating_axis::Pose3::new(Vector3::new(1.0, 0.5, 0.2), Vector3::new(0.1, 0.2, 0.3)),
        separating_axis::Pose3::new(Vector3::new(4.0, 3.0, 2.0), Vector3::new(0.4, -0.2, 0.3)),
    ] {
        assert_eq!(distance_allocations(&hull, &id3, &hull, &pb), 0, "hulls");
        assert_eq!(distance_allocations(&cube, &id3, &hull, &pb), 0, "box-hull");
        assert_eq!(
            distance_allocations(&sphere, &id3, &cube, &pb),
            0,
            "sphere-box"
        );
    }
}

/// `cast_ray` (solid and hollow, both the polytope and the rounded path)
/// and `project_point` allocate nothing, for every 3D shape kind.
#[test]
fn rays_and_point_projections_do_not_allocate() {
    let cube: Vec<Point3<f64>> = (0..8)
        .map(|k| {
            Point3::new(
                f64::from(k & 1),
                f64::from((k >> 1) & 1),
                f64::from((k >> 2) & 1),
            )
        })
        .collect();
    let hull = ConvexPolyhedron::from_hull(&cube).unwrap();
    let ball = Ball::new(Point3::new(0.5, 0.5, 0.5), 0.7).unwrap();
    let capsule = Capsule::new(Point3::origin(), Point3::new(1.0, 1.0, 0.0), 0.3).unwrap();
    let aabb = Aabb::new(Point3::origin(), Point3::new(1.0, 2.0, 1.0)).unwrap();
    let shapes: [&dyn Shape<f64, 3>; 4] = [&hull, &ball, &capsule, &aabb];
    let pose = separating_axis::Pose3::translation(0.1, -0.2, 0.3);
    let mut hits = 0;
    for s in shapes {
        for origin in [Point3::new(-3.0, 0.5, 0.6), Point3::new(0.5, 0.5, 0.6)] {
            let ray = separating_axis::Ray::new(origin, nalgebra::Vector3::new(1.0, 0.05, 0.0));
            let before = allocations();
            let solid = separating_axis::cast_ray(s, &pose, &ray, 10.0, true);
            let hollow = separating_axis::cast_ray(s, &pose, &ray, 10.0, false);
            let projected = separating_axis::project_point(s, &pose, &origin);
            let after = allocations();
            hits += usize::from(solid.is_some()) + usize::from(hollow.is_some());
            std::hint::black_box((solid, hollow, projected));
            assert_eq!(after - before, 0);
        }
    }
    assert!(hits >= 8, "every shape is hit, from outside and inside");
}

/// `contact_manifold` (and `contact_manifold_into`) allocates nothing in 3D either: boxes, hull-16s,
/// capsules and spheres (through `&dyn Shape`), overlapping (clipped
/// faces, reductions to four, edge–edge), within the margin and apart
/// (margins 0.5 and 0, the early exit of `src/manifold/gate.rs`).
#[test]
fn manifolds_3d_do_not_allocate() {
    let corners: Vec<Point3<f64>> = (0..16)
        .map(|i| {
            let a = f64::from(i % 8) * std::f64::consts::TAU / 8.0;
            Point3::new(a.cos(), a.sin(), f64::from(i / 8))
        })
        .collect();
    let prism = ConvexPolyhedron::from_hull(&corners).unwrap();
    let cube = Obb::new(
        Point3::origin(),
        nalgebra::Rotation3::identity(),
        nalgebra::Vector3::new(1.0, 1.0, 1.0),
    )
    .unwrap();
    let aabb = Aabb::new(Point3::new(-2.0, -2.0, -1.0), Point3::new(2.0, 2.0, 0.0)).unwrap();
    let capsule =
        Capsule::new(Point3::new(-1.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0), 0.4).unwrap();
    let sphere = Ball::new(Point3::origin(), 0.8).unwrap();
    let shapes: [&dyn Shape<f64, 3>; 5] = [&prism, &cube, &aabb, &capsule, &sphere];
    let id = Pose::<f64, 3>::identity();
    let mut points = 0;
    let mut refilled = Manifold::new();
    for pb in [
        Pose::<f64, 3>::new(
            nalgebra::Vector3::new(0.1, 0.2, 1.2),
            nalgebra::Vector3::new(0.0, 0.0, 0.5),
        ),
        Pose::<f64, 3>::new(
            nalgebra::Vector3::new(0.3, 0.0, 1.5),
            nalgebra::Vector3::new(0.6, 0.4, 0.0),
        ),
        Pose::<f64, 3>::new(
            nalgebra::Vector3::new(2.9, 0.0, 0.0),
            nalgebra::Vector3::zeros(),
        ),
        // Corner to corner within the margin (the cube pair): the
        // closest-feature point of `src/manifold/speculative.rs`.
        Pose::<f64, 3>::new(
            nalgebra::Vector3::new(2.1, 2.1, 2.1),
            nalgebra::Vector3::zeros(),
        ),
        Pose::<f64, 3>::new(
            nalgebra::Vector3::new(9.0, 0.0, 0.0),
            nalgebra::Vector3::zeros(),
        ),
    ] {
        for a in shapes {
            for b in shapes {
                let before = allocations();
                let m = contact_manifold(a, &id, b, &pb, 0.5);
                let m2 = contact_manifold(&prism, &id, &cube, &pb, 0.5).swapped();
                // Margin 0: the early exit of `src/manifold/gate.rs`.
                let m3 = contact_manifold(a, &id, b, &pb, 0.0);
                contact_manifold_into(a, &id, b, &pb, 0.5, &mut refilled);
                // Recycling: computed, then refreshed on a nearby pose.
                let mut cache = ContactCache::new(0.01);
                let nearby = Pose::<f64, 3>::translation(1e-4, 0.0, 0.0) * pb;
                let r = contact_manifold_recycled(a, &id, b, &pb, 0.5, &mut cache).len();
                let r = r + contact_manifold_recycled(a, &id, b, &nearby, 0.5, &mut cache).len();
                let after = allocations();
                points += m.len() + m2.len() + m3.len() + refilled.len() + r;
                std::hint::black_box((m, m2, m3));
                assert_eq!(after - before, 0);
            }
        }
    }
    assert!(points > 0, "some pairs touch");
}
