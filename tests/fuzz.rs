//! Fuzzing without nightly: seeded raw inputs, drawn from a pool that
//! mixes ordinary numbers with NaN, ±∞, huge (beyond
//! `real::max_magnitude`, up to `MAX`), tiny (below `real::min_size`,
//! subnormal), ±0 and exact duplicates of the previous value, fed to
//! every constructor and every query pair. Each run is bounded (a fixed
//! number of cases, on a worker thread the test waits for with a timeout,
//! so a hang fails instead of stalling the suite).
//!
//! Checked: nothing panics or hangs; a constructor either refuses or
//! builds a shape that passes `validate_shape` (polygons and polyhedra
//! also their own `validate`); on shapes and poses inside the crate's
//! range every query's output keeps its contract: unit normals, finite
//! non-negative depths and distances, `intersects`, `penetration` and the
//! sign of `separation` agreeing, the verdict symmetric under swapping the
//! shapes (outside a round-off band), `distance` zero exactly when
//! intersecting, manifolds of at most `MAX_CONTACT_POINTS` finite points,
//! ray and cast times within `[0, max_toi]`. f32 and f64.

use std::sync::mpsc;
use std::time::Duration;

use nalgebra::{Point, Point2, Point3, Rotation, Rotation2, Rotation3, SMatrix, SVector, Vector3};
use separating_axis::real::{max_magnitude, min_size};
use separating_axis::{
    cast_ray, cast_shapes, check_pose, contact_manifold, distance, intersects, penetration,
    pose_from_matrix, separation, validate_shape, Aabb, Ball, Capsule, ContactDim, ConvexPolygon,
    ConvexPolyhedron, Obb, Pose, Ray, Rounded, Shape, MAX_CONTACT_POINTS,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// Cases per run: each builds shapes from raw numbers and runs every
/// query on a pair, both ways.
const CASES: usize = 300;

/// The longest a run may take before it counts as a hang.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Raw numbers, biased towards the values that break arithmetic.
struct Raw<T> {
    rng: Rng,
    last: f64,
    /// Chance of a special value (the rest: uniform in `[−4, 4]`).
    wild: f64,
    _scalar: core::marker::PhantomData<T>,
}

impl<T: TestReal> Raw<T> {
    fn new(seed: u64, wild: f64) -> Self {
        Self {
            rng: Rng::new(seed),
            last: 1.0,
            wild,
            _scalar: core::marker::PhantomData,
        }
    }

    fn next(&mut self) -> T {
        let big = f(max_magnitude::<T>());
        let small = f(min_size::<T>());
        let v = if self.rng.chance(self.wild) {
            let sign = if self.rng.chance(0.5) { 1.0 } else { -1.0 };
            sign * match self.rng.below(12) {
                0 => f64::NAN,
                1 => f64::INFINITY,
                2 => f64::MAX,
                3 => 1e300,
                4 => big * self.rng.range(0.5, 4.0),
                5 => small * self.rng.range(0.25, 4.0),
                6 => 1e-300,
                7 => 5e-324,
                8 => 0.0,
                9 => 1e-7 * self.rng.signed_unit(),
                _ => self.last,
            }
        } else {
            self.rng.range(-4.0, 4.0)
        };
        self.last = v;
        // Out-of-range values round to ±∞ in f32, which is the point.
        T::from_f64(v).unwrap_or_else(T::zero)
    }

    fn vector<const N: usize>(&mut self) -> SVector<T, N> {
        SVector::from_fn(|_, _| self.next())
    }

    fn point<const N: usize>(&mut self) -> Point<T, N> {
        Point::from(self.vector())
    }

    fn count(&mut self, most: usize) -> usize {
        self.rng.below(most + 1)
    }

    /// A pose from raw numbers: usually a rotation built from a raw angle
    /// or axis-angle, sometimes a raw matrix (refused by `check_pose`
    /// unless it happens to be a rotation).
    fn pose<const N: usize>(&mut self) -> Pose<T, N> {
        let translation = self.vector::<N>();
        let rotation = if self.rng.chance(0.1) {
            Rotation::from_matrix_unchecked(SMatrix::from_fn(|_, _| self.next()))
        } else {
            rotation_from::<T, N>(&self.vector::<3>())
        };
        Pose::from_parts(translation.into(), rotation)
    }
}

/// A rotation in 2D or 3D from raw numbers (the angle, the axis-angle).
fn rotation_from<T: TestReal, const N: usize>(raw: &SVector<T, 3>) -> Rotation<T, N> {
    let m = match N {
        2 => Rotation2::new(raw[0]).into_inner().resize_generic(
            nalgebra::Const::<N>,
            nalgebra::Const::<N>,
            T::zero(),
        ),
        3 => Rotation3::new(Vector3::new(raw[0], raw[1], raw[2]))
            .into_inner()
            .resize_generic(nalgebra::Const::<N>, nalgebra::Const::<N>, T::zero()),
        _ => SMatrix::identity(),
    };
    Rotation::from_matrix_unchecked(m)
}

/// A constructor's answer: refused, or a shape that keeps the contract.
fn built<T: TestReal, const N: usize, S: Shape<T, N> + core::fmt::Debug, E: core::fmt::Debug>(
    what: &str,
    r: Result<S, E>,
) -> Option<S> {
    let s = r.ok()?;
    assert_eq!(validate_shape(&s), Ok(()), "{what} in {}: {s:?}", T::NAME);
    Some(s)
}

/// One shape of `N` dimensions from raw numbers, through a random
/// constructor (polygons in 2D, hulls in 3D), `None` when refused.
fn shape<T: TestReal, const N: usize>(raw: &mut Raw<T>) -> Option<Box<dyn Shape<T, N>>> {
    Some(match raw.rng.below(7) {
        0 => Box::new(built("ball", Ball::new(raw.point(), raw.next()))?),
        1 => Box::new(built(
            "capsule",
            Capsule::new(raw.point(), raw.point(), raw.next()),
        )?),
        2 => Box::new(built("aabb", Aabb::new(raw.point(), raw.point()))?),
        3 => Box::new(built(
            "aabb",
            Aabb::from_half_extents(raw.point(), raw.vector()),
        )?),
        4 => {
            let rotation = rotation_from::<T, N>(&raw.vector::<3>());
            Box::new(built("obb", Obb::new(raw.point(), rotation, raw.vector()))?)
        }
        5 => {
            let inner = built("aabb", Aabb::new(raw.point(), raw.point()))?;
            Box::new(built("rounded", Rounded::new(inner, raw.next()))?)
        }
        _ => polytope::<T, N>(raw)?,
    })
}

/// A polygon (2D, `new` or `from_hull`) or a hull (3D) from raw points,
/// checked by its own `validate` too.
fn polytope<T: TestReal, const N: usize>(raw: &mut Raw<T>) -> Option<Box<dyn Shape<T, N>>> {
    let k = raw.count(9);
    let mut any: Option<Box<dyn core::any::Any>> = None;
    if N == 2 {
        let pts: Vec<Point2<T>> = (0..k).map(|_| raw.point()).collect();
        let r = if raw.rng.chance(0.5) {
            ConvexPolygon::new(&pts)
        } else {
            ConvexPolygon::from_hull(&pts)
        };
        let p = built("polygon", r)?;
        assert_eq!(p.validate(), Ok(()));
        any = Some(Box::new(p));
    } else if N == 3 {
        let pts: Vec<Point3<T>> = (0..k).map(|_| raw.point()).collect();
        let p = built("hull", ConvexPolyhedron::from_hull(&pts))?;
        assert_eq!(p.validate(), Ok(()));
        any = Some(Box::new(p));
    }
    let any = any?;
    // The dimension is known at run time only: go through `Any`.
    if let Some(p) = any.downcast_ref::<ConvexPolygon<T>>() {
        let b: Box<dyn core::any::Any> = Box::new(Box::new(p.clone()) as Box<dyn Shape<T, 2>>);
        return b.downcast::<Box<dyn Shape<T, N>>>().ok().map(|b| *b);
    }
    let p = any.downcast_ref::<ConvexPolyhedron<T>>()?;
    let b: Box<dyn core::any::Any> = Box::new(Box::new(p.clone()) as Box<dyn Shape<T, 3>>);
    b.downcast::<Box<dyn Shape<T, N>>>().ok().map(|b| *b)
}

/// Whether `v` is a unit vector within round-off.
fn unit<T: TestReal, const N: usize>(v: &SVector<T, N>) -> bool {
    (f(v.norm()) - 1.0).abs() <= 1e3 * f(T::default_epsilon())
}

/// Every query on `(a, pa, b, pb)`; the contract checks when both poses
/// are in range (the shapes are, by construction).
fn queries<T: TestReal, const N: usize>(raw: &mut Raw<T>, a: &dyn Shape<T, N>, b: &dyn Shape<T, N>)
where
    nalgebra::Const<N>: ContactDim<T, N>,
{
    let (pa, pb) = (raw.pose::<N>(), raw.pose::<N>());
    let hit = intersects(a, &pa, b, &pb);
    let sep = separation(a, &pa, b, &pb);
    let pen = penetration(a, &pa, b, &pb);
    let manifold = contact_manifold(a, &pa, b, &pb, t(raw.rng.range(0.0, 0.5)));
    let d = distance(a, &pa, b, &pb);
    let ray = Ray::new(raw.point(), raw.vector());
    let max_toi = raw.next().abs();
    let ray_hit = cast_ray(a, &pa, &ray, max_toi, raw.rng.chance(0.5));
    let (va, vb) = (raw.vector::<N>(), raw.vector::<N>());
    let cast = cast_shapes(a, &pa, &va, b, &pb, &vb, max_toi);
    let swapped = intersects(b, &pb, a, &pa);

    let in_range = check_pose(&pa).is_ok() && check_pose(&pb).is_ok();
    if !in_range {
        return;
    }
    let ctx = || format!("{} N={N}: {pa:?} {pb:?} sep {sep:?}", T::NAME);
    assert!(!f(sep.distance).is_nan(), "{}", ctx());
    assert!(unit(&sep.axis.into_inner()), "{}", ctx());
    assert_eq!(hit, pen.is_some(), "{}", ctx());
    assert_eq!(hit, sep.distance <= T::zero(), "{}", ctx());
    if let Some(p) = pen {
        assert!(f(p.depth) >= 0.0 && f(p.depth).is_finite(), "{}", ctx());
        assert!(unit(&p.normal.into_inner()), "{}", ctx());
    }
    let scale = 1.0 + f(pa.translation.vector.amax()) + f(pb.translation.vector.amax()) + 16.0;
    if f(sep.distance).abs() > 1e3 * f(T::default_epsilon()) * scale {
        assert_eq!(hit, swapped, "swap: {}", ctx());
    }
    assert!(manifold.len() <= MAX_CONTACT_POINTS);
    if !manifold.is_empty() {
        assert!(unit(&manifold.normal().into_inner()), "{}", ctx());
        for p in manifold.points() {
            assert!(p
                .on_a
                .coords
                .iter()
                .chain(p.on_b.coords.iter())
                .all(|x| x.is_finite()));
        }
    }
    assert!(f(d) >= 0.0 && f(d).is_finite(), "distance {d:?}: {}", ctx());
    assert_eq!(f(d) == 0.0, hit, "distance {d:?}: {}", ctx());
    let finite = |v: &SVector<T, N>| v.iter().all(|x| x.is_finite());
    if !max_toi.is_finite() {
        return;
    }
    if let Some(h) = ray_hit
        && finite(&ray.origin.coords)
        && finite(&ray.dir)
    {
        assert!(f(h.toi) >= 0.0 && h.toi <= max_toi, "ray {h:?}: {}", ctx());
    }
    if let Some(c) = cast
        && finite(&va)
        && finite(&vb)
    {
        assert!(f(c.toi) >= 0.0 && c.toi <= max_toi, "cast {c:?}: {}", ctx());
        assert!(unit(&c.normal.into_inner()), "cast {c:?}: {}", ctx());
    }
}

/// `run` on a worker thread: fails if it panics or outlasts [`TIMEOUT`].
fn bounded(name: &str, run: impl FnOnce() + Send + 'static) {
    let (done, wait) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        run();
        let _ = done.send(());
    });
    match wait.recv_timeout(TIMEOUT) {
        Ok(()) => worker.join().expect("the worker finished"),
        Err(mpsc::RecvTimeoutError::Timeout) => panic!("{name}: no answer in {TIMEOUT:?}"),
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            // The worker panicked: re-raise its message.
            if let Err(e) = worker.join() {
                std::panic::resume_unwind(e);
            }
        }
    }
}

/// Every constructor on wild raw input: refused, or valid.
fn constructors_never_panic<T: TestReal>() {
    bounded("constructors", || {
        let mut raw = Raw::<T>::new(0xF0_22, 0.3);
        let (mut made, mut refused) = (0, 0);
        for _ in 0..20 * CASES {
            let ok2 = shape::<T, 2>(&mut raw).is_some();
            let ok3 = shape::<T, 3>(&mut raw).is_some();
            let m = SMatrix::<T, 3, 3>::from_fn(|_, _| raw.next());
            let _ = pose_from_matrix(&m, &raw.vector::<3>());
            for ok in [ok2, ok3] {
                if ok {
                    made += 1;
                } else {
                    refused += 1;
                }
            }
        }
        // Both outcomes are exercised.
        assert!(
            made > 1000 && refused > 1000,
            "{made} made, {refused} refused"
        );
    });
}

/// Every query pair, both dimensions, on shapes from mildly wild input
/// and poses from wild input.
fn queries_keep_their_contract<T: TestReal>() {
    bounded("queries", || {
        let mut raw = Raw::<T>::new(0xF0_23, 0.05);
        let mut pairs = 0;
        while pairs < CASES {
            let (Some(a), Some(b)) = (shape::<T, 2>(&mut raw), shape::<T, 2>(&mut raw)) else {
                continue;
            };
            raw.wild = 0.15;
            queries::<T, 2>(&mut raw, &*a, &*b);
            raw.wild = 0.05;
            let (Some(a), Some(b)) = (shape::<T, 3>(&mut raw), shape::<T, 3>(&mut raw)) else {
                continue;
            };
            raw.wild = 0.15;
            queries::<T, 3>(&mut raw, &*a, &*b);
            raw.wild = 0.05;
            pairs += 1;
        }
    });
}

in_both_scalars!(constructors_never_panic, queries_keep_their_contract);
