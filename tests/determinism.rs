//! Determinism an engine can rely on (issue 40, item 5): the same binary
//! given the same input gives the same bits. A small falling pile (the
//! scheme of `examples/pile.rs`: Verlet drops, the kept pairs of the broad
//! phase, `penetration` on every pair, resolution lowest first), 2D and 3D,
//! `f32` and `f64`, 120 steps: a hash of every pose after every step is
//! the same for the sequential batch and, with the `rayon` feature, for
//! `par_penetration` on pools of 1, 2 and 8 threads, run after run; and it
//! equals the golden value recorded here, so that an unintended change of
//! any answer on this path shows (as Box2D's and Jolt's determinism tests
//! do). A change that is meant to move a bit records the values again and
//! says so in its commit.

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    batch, penetration, shape_aabb, AnyShape, Ball, BroadPhase, ConvexPolygon, ConvexPolyhedron,
    Handle, Obb, Penetration, PolytopeDim, Pose, Shape,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, t, TestReal};

/// Steps of each run, rounds of resolution per step.
const STEPS: usize = 120;
const ROUNDS: usize = 3;

/// The bodies (shape, pose, fixed) and the broad phase over them.
struct World<T: TestReal, const N: usize>
where
    nalgebra::Const<N>: PolytopeDim<T, N>,
{
    shapes: Vec<AnyShape<T, N>>,
    poses: Vec<Pose<T, N>>,
    last: Vec<nalgebra::SVector<T, N>>,
    fixed: Vec<bool>,
    broad: BroadPhase<T, N>,
    handles: Vec<Handle>,
}

/// How the narrow phase of a step runs.
#[derive(Clone, Copy, Debug)]
enum Batch {
    Sequential,
    #[cfg(feature = "rayon")]
    Parallel,
}

impl<T: TestReal, const N: usize> World<T, N>
where
    nalgebra::Const<N>: PolytopeDim<T, N>,
    AnyShape<T, N>: Shape<T, N> + Sync,
{
    fn new(bodies: Vec<(AnyShape<T, N>, Pose<T, N>, bool)>) -> Self {
        let mut broad = BroadPhase::new();
        let (mut shapes, mut poses, mut fixed, mut handles) = (vec![], vec![], vec![], vec![]);
        for (shape, pose, still) in bodies {
            handles.push(broad.insert(&shape_aabb(&shape, &pose).unwrap()));
            shapes.push(shape);
            poses.push(pose);
            fixed.push(still);
        }
        let last = poses.iter().map(|p| p.translation.vector).collect();
        Self {
            shapes,
            poses,
            last,
            fixed,
            broad,
            handles,
        }
    }

    /// Runs `STEPS` steps and folds every pose's bits into a hash
    /// (FNV-1a over the f64 value of each coordinate, exact for f32).
    fn run(mut self, how: Batch) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        let mut pairs: Vec<(Handle, Handle)> = Vec::new();
        let mut contacts: Vec<Option<Penetration<T, N>>> = Vec::new();
        let mut order: Vec<(T, usize)> = Vec::new();
        let gravity: T = t(0.01);
        for _ in 0..STEPS {
            for i in 0..self.poses.len() {
                if self.fixed[i] {
                    continue;
                }
                let mut v = self.poses[i].translation.vector - self.last[i];
                v[N - 1] -= gravity;
                let speed = v.norm();
                if speed > t(0.15) {
                    v *= t::<T>(0.15) / speed;
                }
                self.last[i] = self.poses[i].translation.vector;
                self.poses[i].translation.vector += v;
            }
            for _ in 0..ROUNDS {
                for i in 0..self.poses.len() {
                    if !self.fixed[i] {
                        let bounds = shape_aabb(&self.shapes[i], &self.poses[i]).unwrap();
                        self.broad.update(self.handles[i], &bounds).unwrap();
                    }
                }
                pairs.clear();
                pairs.extend_from_slice(self.broad.update_pairs().refreshed);
                let (shapes, poses) = (&self.shapes, &self.poses);
                let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
                match how {
                    Batch::Sequential => batch::penetration(&pairs, body, &mut contacts),
                    #[cfg(feature = "rayon")]
                    Batch::Parallel => batch::par_penetration(&pairs, body, &mut contacts),
                }
                order.clear();
                for (k, (&(a, b), c)) in pairs.iter().zip(&contacts).enumerate() {
                    let (a, b) = (a.index(), b.index());
                    if c.is_some() && !(self.fixed[a] && self.fixed[b]) {
                        let low = self.poses[a].translation.vector[N - 1]
                            .min(self.poses[b].translation.vector[N - 1]);
                        order.push((low, k));
                    }
                }
                order.sort_by(|x, y| f(x.0).total_cmp(&f(y.0)).then(x.1.cmp(&y.1)));
                for &(_, k) in &order {
                    let (a, b) = (pairs[k].0.index(), pairs[k].1.index());
                    let Some(p) = penetration(
                        &self.shapes[a],
                        &self.poses[a],
                        &self.shapes[b],
                        &self.poses[b],
                    ) else {
                        continue;
                    };
                    let d = p.normal.into_inner() * p.depth;
                    match (self.fixed[a], self.fixed[b]) {
                        (true, _) => self.poses[b].translation.vector += d,
                        (_, true) => self.poses[a].translation.vector -= d,
                        _ => {
                            let half = d * t::<T>(0.5);
                            self.poses[a].translation.vector -= half;
                            self.poses[b].translation.vector += half;
                        }
                    }
                }
            }
            for pose in &self.poses {
                for x in pose.translation.vector.iter() {
                    for byte in f(*x).to_bits().to_le_bytes() {
                        hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
                    }
                }
            }
        }
        hash
    }
}

/// A 2D box of width 12 with walls, and 90 boxes, polygons and balls.
fn pile_2d<T: TestReal>() -> World<T, 2> {
    let mut rng = Rng::new(0xde7_0002);
    let wall = |x: f64, y: f64, hx: f64, hy: f64| {
        let b = Obb::new(
            Point2::origin(),
            Rotation2::identity(),
            Vector2::new(t(hx), t(hy)),
        );
        (
            b.unwrap().into(),
            Pose::<T, 2>::translation(t(x), t(y)),
            true,
        )
    };
    let mut bodies: Vec<(AnyShape<T, 2>, Pose<T, 2>, bool)> = vec![
        wall(6.0, -1.0, 7.0, 1.0),
        wall(-1.0, 20.0, 1.0, 20.0),
        wall(13.0, 20.0, 1.0, 20.0),
    ];
    for k in 0..90 {
        let (col, row) = ((k % 10) as f64, (k / 10) as f64);
        let size = rng.range(0.3, 0.55);
        let shape: AnyShape<T, 2> = match k % 3 {
            0 => Obb::new(
                Point2::origin(),
                Rotation2::new(t(rng.range(0.0, 3.0))),
                Vector2::new(t(size), t(rng.range(0.3, 0.55))),
            )
            .unwrap()
            .into(),
            1 => {
                let pts: Vec<Point2<T>> = (0..7)
                    .map(|_| Point2::from(rng.unit_vector2() * size * 1.2).cast())
                    .collect();
                ConvexPolygon::from_hull(&pts).unwrap().into()
            }
            _ => Ball::new(Point2::origin(), t(size)).unwrap().into(),
        };
        let (x, y) = (1.0 + col * 1.16 + rng.range(0.0, 0.1), 2.0 + row * 1.3);
        bodies.push((shape, Pose::<T, 2>::translation(t(x), t(y)), false));
    }
    World::new(bodies)
}

/// A 3D box of 6 × 6 with walls, and 72 boxes, hulls and balls.
fn pile_3d<T: TestReal>() -> World<T, 3> {
    let mut rng = Rng::new(0xde7_0003);
    let wall = |c: [f64; 3], h: [f64; 3]| {
        let b = Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::from(h).cast(),
        );
        (
            b.unwrap().into(),
            Pose::<T, 3>::translation(t(c[0]), t(c[1]), t(c[2])),
            true,
        )
    };
    let mut bodies: Vec<(AnyShape<T, 3>, Pose<T, 3>, bool)> = vec![
        wall([3.0, 3.0, -1.0], [4.0, 4.0, 1.0]),
        wall([-1.0, 3.0, 10.0], [1.0, 4.0, 10.0]),
        wall([7.0, 3.0, 10.0], [1.0, 4.0, 10.0]),
        wall([3.0, -1.0, 10.0], [4.0, 1.0, 10.0]),
        wall([3.0, 7.0, 10.0], [4.0, 1.0, 10.0]),
    ];
    for k in 0..72 {
        let (i, j, l) = (k % 5, (k / 5) % 5, k / 25);
        let size = rng.range(0.3, 0.5);
        let shape: AnyShape<T, 3> = match k % 3 {
            0 => Obb::new(
                Point3::origin(),
                rng.rotation().cast(),
                Vector3::new(size, rng.range(0.3, 0.5), rng.range(0.3, 0.5)).cast(),
            )
            .unwrap()
            .into(),
            1 => {
                let pts: Vec<Point3<T>> = (0..12)
                    .map(|_| Point3::from(rng.unit_vector3() * size * 1.2).cast())
                    .collect();
                ConvexPolyhedron::from_hull(&pts).unwrap().into()
            }
            _ => Ball::new(Point3::origin(), t(size)).unwrap().into(),
        };
        let c = [
            0.6 + i as f64 * 1.15 + rng.range(0.0, 0.1),
            0.6 + j as f64 * 1.15 + rng.range(0.0, 0.1),
            1.5 + l as f64 * 1.3,
        ];
        bodies.push((
            shape,
            Pose::<T, 3>::translation(t(c[0]), t(c[1]), t(c[2])),
            false,
        ));
    }
    World::new(bodies)
}

/// The hashes of one world built by `build`: sequential twice, then (with
/// `rayon`) on pools of 1, 2 and 8 threads; all must agree.
fn hashes<W>(build: impl Fn() -> W + Sync, run: impl Fn(W, Batch) -> u64 + Sync) -> u64 {
    let first = run(build(), Batch::Sequential);
    assert_eq!(
        run(build(), Batch::Sequential),
        first,
        "two sequential runs"
    );
    #[cfg(feature = "rayon")]
    for threads in [1, 2, 8] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let h = pool.install(|| run(build(), Batch::Parallel));
        assert_eq!(h, first, "par_penetration on {threads} threads");
    }
    first
}

#[test]
fn falling_pile_hashes_are_golden() {
    let got = [
        hashes(pile_2d::<f32>, World::run),
        hashes(pile_2d::<f64>, World::run),
        hashes(pile_3d::<f32>, World::run),
        hashes(pile_3d::<f64>, World::run),
    ];
    let golden: [u64; 4] = [
        0x6956_fe03_ebaa_b87e,
        0x5417_9d83_d570_449d,
        0xe340_95eb_cc27_21d1,
        0x9a28_d3c1_f11b_d848,
    ];
    assert_eq!(got, golden, "2D f32, 2D f64, 3D f32, 3D f64");
}
