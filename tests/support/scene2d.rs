//! Random 2D scenes generic over the scalar, quickcheck wrappers and the
//! FNV-1a hash, for the property, oracle and golden tests.
//!
//! Every random scene is a pure function of one `u64` seed
//! ([`Scene::from_seed`]), so a failing quickcheck case prints the seed and
//! can be replayed exactly ([`Scene::replay`]); the same seed gives nearly
//! always the same scene, up to rounding, in `f32` and `f64`.

use core::fmt::Debug;

use nalgebra::{Matrix2, Point2, Rotation2, Translation2, Vector2};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult, Testable};
use separating_axis::{
    engine, intersects, penetration, separation, Aabb, Ball, Containment, ConvexPolygon, Obb,
    Penetration, Pose, Pose2, Posed, Separation, Shape, Support,
};

use super::oracle2d as oracle;
use super::rng::Rng;
use super::scalars::{f, t, vf, vt, TestReal};

/// `(cos θ, sin θ)` from `+ − × /` alone: a Taylor series on `θ/8`
/// (reduced to `[0, 2π)` first), then three angle doublings. Accurate to a
/// few ulps, and, unlike the platform's `libm`, the same bits everywhere,
/// so that the generated scenes and the golden hash are portable.
pub fn cos_sin(theta: f64) -> (f64, f64) {
    let tau = core::f64::consts::TAU;
    let x = (theta - tau * (theta / tau).floor()) / 8.0;
    let x2 = x * x;
    let (mut c, mut s, mut tc, mut ts) = (1.0, x, 1.0, x);
    for k in 1..=9 {
        let k = f64::from(k);
        tc *= -x2 / ((2.0 * k - 1.0) * (2.0 * k));
        ts *= -x2 / ((2.0 * k) * (2.0 * k + 1.0));
        c += tc;
        s += ts;
    }
    for _ in 0..3 {
        (c, s) = (c * c - s * s, 2.0 * c * s);
    }
    (c, s)
}

// ---------------------------------------------------------------------------
// Shapes and scenes
// ---------------------------------------------------------------------------

/// One of the built-in 2D shapes.
#[derive(Clone, Debug, PartialEq)]
pub enum AnyShape<T: TestReal> {
    /// A convex polygon.
    Polygon(ConvexPolygon<T>),
    /// A circle.
    Circle(Ball<T, 2>),
    /// An oriented box.
    Obb(Obb<T, 2>),
    /// An axis-aligned box (in its local frame; the pose may turn it).
    Aabb(Aabb<T, 2>),
}

impl<T: TestReal> AnyShape<T> {
    /// The shape inside, as the queries take it: through `&dyn Shape`,
    /// whose hooks still route box and polygon pairs to their fast paths
    /// (so every property test of this module runs the queries through
    /// `dyn`, and tests/golden.rs pins that they answer as the concrete
    /// types did).
    pub fn shape(&self) -> &dyn Shape<T, 2> {
        match self {
            AnyShape::Polygon(s) => s,
            AnyShape::Circle(s) => s,
            AnyShape::Obb(s) => s,
            AnyShape::Aabb(s) => s,
        }
    }
}

/// The pairs of shape kinds the properties run over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PairKind {
    /// Two polygons: the specialised fast path.
    PolygonPolygon,
    /// A circle (A) against a polygon (B).
    CirclePolygon,
    /// A polygon (A) against a circle (B).
    PolygonCircle,
    /// Two circles.
    CircleCircle,
    /// Two oriented boxes.
    ObbObb,
    /// An oriented box (A) against a circle (B).
    ObbCircle,
    /// An axis-aligned box (A) against a polygon (B).
    AabbPolygon,
    /// A circle (A) against an axis-aligned box (B).
    CircleAabb,
    /// A polygon (A) against an oriented box (B).
    PolygonObb,
}

impl PairKind {
    /// Every kind, in a fixed order.
    pub const ALL: [PairKind; 9] = [
        PairKind::PolygonPolygon,
        PairKind::CirclePolygon,
        PairKind::PolygonCircle,
        PairKind::CircleCircle,
        PairKind::ObbObb,
        PairKind::ObbCircle,
        PairKind::AabbPolygon,
        PairKind::CircleAabb,
        PairKind::PolygonObb,
    ];

    /// The kind [`Scene::from_seed`] picks for `seed` (uniform over
    /// [`PairKind::ALL`]).
    pub fn from_seed(seed: u64) -> Self {
        let mut rng = Rng::new(seed ^ 0x6B69_6E64);
        Self::ALL[rng.below(Self::ALL.len())]
    }

    fn shapes(self) -> (ShapeKind, ShapeKind) {
        use ShapeKind::*;
        match self {
            PairKind::PolygonPolygon => (Polygon, Polygon),
            PairKind::CirclePolygon => (Circle, Polygon),
            PairKind::PolygonCircle => (Polygon, Circle),
            PairKind::CircleCircle => (Circle, Circle),
            PairKind::ObbObb => (Obb, Obb),
            PairKind::ObbCircle => (Obb, Circle),
            PairKind::AabbPolygon => (Aabb, Polygon),
            PairKind::CircleAabb => (Circle, Aabb),
            PairKind::PolygonObb => (Polygon, Obb),
        }
    }
}

/// Which generator makes a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ShapeKind {
    Polygon,
    Circle,
    Obb,
    Aabb,
}

/// A random characteristic size (circumradius, radius, half diagonal) in
/// `[0.1, 5)`, skewed towards small sizes so that small and large shapes
/// meet about as often as equal ones.
fn random_size(rng: &mut Rng) -> f64 {
    rng.skewed_range(0.1, 5.0)
}

/// A small offset of the shape from its local origin, so that the local
/// frames are not all centred.
fn random_offset(rng: &mut Rng, size: f64) -> Vector2<f64> {
    rng.unit_vector2() * rng.range(0.0, 0.5 * size)
}

/// A random rotation: a quarter of them exactly axis-aligned (which makes
/// ties between parallel faces), the rest at a rational angle.
pub fn random_rotation<T: TestReal>(rng: &mut Rng) -> Rotation2<T> {
    let (c, s) = if rng.chance(0.25) {
        [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][rng.below(4)]
    } else {
        rng.rational_cos_sin()
    };
    let (c, s) = (t::<T>(c), t::<T>(s));
    Rotation2::from_matrix_unchecked(Matrix2::new(c, -s, s, c))
}

/// A random pose: translation in `[-half_width, half_width]²`.
pub fn random_pose<T: TestReal>(rng: &mut Rng, half_width: f64) -> Pose2<T> {
    let x = rng.range(-half_width, half_width);
    let y = rng.range(-half_width, half_width);
    Pose2::from_parts(Translation2::new(t(x), t(y)), random_rotation(rng))
}

/// A random convex polygon of 3 to 12 vertices and circumradius about
/// `size`: the hull of random points in a disc, or of a regular k-gon with
/// radial and angular jitter; a third of them stretched along x.
pub fn random_polygon<T: TestReal>(rng: &mut Rng, size: f64) -> ConvexPolygon<T> {
    loop {
        let k = 3 + rng.below(10);
        let stretch = if rng.chance(1.0 / 3.0) {
            rng.range(0.15, 1.0)
        } else {
            1.0
        };
        let offset = random_offset(rng, size);
        let regular = rng.chance(0.5);
        let phase = rng.range(0.0, core::f64::consts::TAU);
        let points: Vec<Point2<T>> = (0..k)
            .map(|i| {
                let p = if regular {
                    let step = core::f64::consts::TAU / k as f64;
                    let (c, s) = cos_sin(phase + step * (i as f64 + rng.range(-0.3, 0.3)));
                    Vector2::new(c, s) * size * rng.range(0.85, 1.0)
                } else {
                    rng.unit_vector2() * size * rng.unit_interval().sqrt()
                };
                let p = Vector2::new(p.x * stretch, p.y) + offset;
                Point2::new(t(p.x), t(p.y))
            })
            .collect();
        if let Ok(polygon) = ConvexPolygon::from_hull(&points) {
            if let Err(e) = polygon.validate() {
                panic!("from_hull built an invalid polygon ({e}) from {points:?}");
            }
            return polygon;
        }
        // Degenerate hull (three nearly collinear points): draw again.
    }
}

/// A random circle of radius `size`.
pub fn random_circle<T: TestReal>(rng: &mut Rng, size: f64) -> Ball<T, 2> {
    let c = random_offset(rng, size);
    Ball::new(Point2::new(t(c.x), t(c.y)), t(size)).expect("valid circle")
}

/// Random half extents for a box of half diagonal about `size`, with an
/// aspect ratio up to 5.
fn random_half_extents(rng: &mut Rng, size: f64) -> Vector2<f64> {
    Vector2::new(rng.range(0.2, 1.0), rng.range(0.2, 1.0)) * size
}

/// A random oriented box.
pub fn random_obb<T: TestReal>(rng: &mut Rng, size: f64) -> Obb<T, 2> {
    let c = random_offset(rng, size);
    let h = random_half_extents(rng, size);
    Obb::new(Point2::new(t(c.x), t(c.y)), random_rotation(rng), vt(&h)).expect("valid box")
}

/// A random axis-aligned box.
pub fn random_aabb<T: TestReal>(rng: &mut Rng, size: f64) -> Aabb<T, 2> {
    let c = random_offset(rng, size);
    let h = random_half_extents(rng, size);
    let (lo, hi) = (c - h, c + h);
    Aabb::new(Point2::new(t(lo.x), t(lo.y)), Point2::new(t(hi.x), t(hi.y))).expect("valid box")
}

fn random_shape<T: TestReal>(rng: &mut Rng, kind: ShapeKind) -> AnyShape<T> {
    let size = random_size(rng);
    match kind {
        ShapeKind::Polygon => AnyShape::Polygon(random_polygon(rng, size)),
        ShapeKind::Circle => AnyShape::Circle(random_circle(rng, size)),
        ShapeKind::Obb => AnyShape::Obb(random_obb(rng, size)),
        ShapeKind::Aabb => AnyShape::Aabb(random_aabb(rng, size)),
    }
}

impl<T: TestReal> AnyShape<T> {
    /// The radius of a disc about the local origin that holds the shape.
    pub fn bounding_radius(&self) -> f64 {
        match self {
            AnyShape::Polygon(p) => p
                .vertices()
                .iter()
                .map(|v| vf(&v.coords).norm())
                .fold(0.0, f64::max),
            AnyShape::Circle(c) => vf(&c.center().coords).norm() + f(c.radius()),
            AnyShape::Obb(b) => vf(&b.center().coords).norm() + vf(&b.half_extents()).norm(),
            AnyShape::Aabb(b) => {
                let (lo, hi) = (vf(&b.min().coords), vf(&b.max().coords));
                Vector2::new(lo.x.abs().max(hi.x.abs()), lo.y.abs().max(hi.y.abs())).norm()
            }
        }
    }

    /// The shape placed by `pose`, in the world frame and in `f64`, for the
    /// oracle. Uses only the shapes' data (vertices, centres, extents) and
    /// the pose's matrix: no SAT code.
    pub fn to_world(&self, pose: &Pose2<T>) -> oracle::World {
        let m = pose.rotation.matrix();
        let rot = Matrix2::new(f(m[(0, 0)]), f(m[(0, 1)]), f(m[(1, 0)]), f(m[(1, 1)]));
        let shift = vf(&pose.translation.vector);
        let place = |p: Vector2<f64>| rot * p + shift;
        match self {
            AnyShape::Polygon(p) => {
                oracle::World::polygon(p.vertices().iter().map(|v| place(vf(&v.coords))).collect())
            }
            AnyShape::Circle(c) => oracle::World::Circle {
                centre: place(vf(&c.center().coords)),
                radius: f(c.radius()),
            },
            AnyShape::Obb(b) => {
                let bm = b.rotation().matrix();
                let brot = Matrix2::new(f(bm[(0, 0)]), f(bm[(0, 1)]), f(bm[(1, 0)]), f(bm[(1, 1)]));
                let c = vf(&b.center().coords);
                let h = vf(&b.half_extents());
                let corners = [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)];
                oracle::World::polygon(
                    corners
                        .iter()
                        .map(|&(sx, sy)| place(c + brot * Vector2::new(sx * h.x, sy * h.y)))
                        .collect(),
                )
            }
            AnyShape::Aabb(b) => {
                let (lo, hi) = (vf(&b.min().coords), vf(&b.max().coords));
                let corners = [(lo.x, lo.y), (hi.x, lo.y), (hi.x, hi.y), (lo.x, hi.y)];
                oracle::World::polygon(
                    corners
                        .iter()
                        .map(|&(x, y)| place(Vector2::new(x, y)))
                        .collect(),
                )
            }
        }
    }
}

/// Which constructor built a [`Scene`], to print how to rebuild it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MadeBy {
    /// [`Scene::from_seed`].
    FromSeed,
    /// [`Scene::of_kind`].
    OfKind,
    /// [`Scene::polygons_from_seed`].
    PolygonsFromSeed,
}

/// Two posed shapes: the input of every pair query.
#[derive(Clone, Debug)]
pub struct Scene<T: TestReal> {
    /// The seed the scene was built from ([`Scene::replay`] says how).
    pub seed: u64,
    /// The constructor that built it.
    pub made_by: MadeBy,
    /// Which shapes A and B are.
    pub kind: PairKind,
    /// Shape A.
    pub a: AnyShape<T>,
    /// Where A is.
    pub pose_a: Pose2<T>,
    /// Shape B.
    pub b: AnyShape<T>,
    /// Where B is.
    pub pose_b: Pose2<T>,
}

impl<T: TestReal> Scene<T> {
    /// The scene of the property tests and the golden scene: a tenth are
    /// [tie-prone](Scene::tie_prone), the others
    /// `Scene::of_kind(seed, PairKind::from_seed(seed))`.
    pub fn from_seed(seed: u64) -> Self {
        let mut scene = if Rng::new(seed ^ 0x7469_6573).chance(0.1) {
            Self::tie_prone(seed, false)
        } else {
            Self::of_kind(seed, PairKind::from_seed(seed))
        };
        scene.made_by = MadeBy::FromSeed;
        scene
    }

    /// A polygon-polygon scene: a tenth tie-prone, the others random.
    pub fn polygons_from_seed(seed: u64) -> Self {
        let mut scene = if Rng::new(seed ^ 0x7469_6573).chance(0.1) {
            Self::tie_prone(seed, true)
        } else {
            Self::of_kind(seed, PairKind::PolygonPolygon)
        };
        scene.made_by = MadeBy::PolygonsFromSeed;
        scene
    }

    /// A random scene of the given kind.
    pub fn of_kind(seed: u64, kind: PairKind) -> Self {
        Self::generate(seed, kind, &mut Rng::new(seed))
    }

    /// The expression that rebuilds this scene.
    pub fn replay(&self) -> String {
        let t = T::NAME;
        match self.made_by {
            MadeBy::FromSeed => format!("Scene::<{t}>::from_seed({:#x})", self.seed),
            MadeBy::OfKind => {
                format!(
                    "Scene::<{t}>::of_kind({:#x}, PairKind::{:?})",
                    self.seed, self.kind
                )
            }
            MadeBy::PolygonsFromSeed => {
                format!("Scene::<{t}>::polygons_from_seed({:#x})", self.seed)
            }
        }
    }

    /// A scene built to make candidate axes tie, which random scenes almost
    /// never do (one in 200 000): with exact (dyadic) sizes and offsets and
    /// quarter-turn rotations,
    /// 0. two squares (polygon, box or axis-aligned box) with B offset along
    ///    a diagonal, so that the overlaps along x and y are equal (a
    ///    quarter of them touching exactly, corner to corner);
    /// 1. a circle centred in a square: all four faces give the same depth;
    /// 2. a regular polygon and its copy at the same pose: all faces tie
    ///    (up to the rounding of the vertices);
    /// 3. two concentric circles: no axis is defined at all.
    ///
    /// With `polygons_only`, cases 0 and 2 with polygons alone.
    pub fn tie_prone(seed: u64, polygons_only: bool) -> Self {
        let rng = &mut Rng::new(seed ^ 0x7469_655F_7072_6F6E);
        let dyadic = |rng: &mut Rng, lo: usize, hi: usize| (lo + rng.below(hi - lo)) as f64 / 8.0;
        let quarter = |rng: &mut Rng| {
            let (c, s) = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0), (0.0, -1.0)][rng.below(4)];
            Rotation2::from_matrix_unchecked(Matrix2::new(t::<T>(c), t(-s), t(s), t(c)))
        };
        let case = if polygons_only {
            [0, 2][rng.below(2)]
        } else {
            rng.below(4)
        };
        let rotation = quarter(rng);
        let (x, y) = (dyadic(rng, 0, 161) - 10.0, dyadic(rng, 0, 161) - 10.0);
        let pose_a = Pose2::from_parts(Translation2::new(t(x), t(y)), rotation);
        let square = |rng: &mut Rng, h: f64, polygon: bool| {
            let (lo, hi) = (Point2::new(t(-h), t(-h)), Point2::new(t(h), t(h)));
            match if polygon { 0 } else { rng.below(3) } {
                0 => AnyShape::Polygon(
                    ConvexPolygon::new(&[lo, Point2::new(hi.x, lo.y), hi, Point2::new(lo.x, hi.y)])
                        .expect("a square"),
                ),
                1 => AnyShape::Obb(
                    Obb::new(Point2::origin(), quarter(rng), Vector2::new(t(h), t(h)))
                        .expect("a square"),
                ),
                _ => AnyShape::Aabb(Aabb::new(lo, hi).expect("a square")),
            }
        };
        let kind_of = |a: &AnyShape<T>, b: &AnyShape<T>| match (a, b) {
            (AnyShape::Polygon(_), AnyShape::Polygon(_)) => PairKind::PolygonPolygon,
            (AnyShape::Obb(_), AnyShape::Obb(_)) => PairKind::ObbObb,
            (AnyShape::Aabb(_), AnyShape::Polygon(_)) => PairKind::AabbPolygon,
            (AnyShape::Polygon(_), AnyShape::Obb(_)) => PairKind::PolygonObb,
            (AnyShape::Circle(_), AnyShape::Polygon(_)) => PairKind::CirclePolygon,
            (AnyShape::Polygon(_), AnyShape::Circle(_)) => PairKind::PolygonCircle,
            (AnyShape::Obb(_), AnyShape::Circle(_)) => PairKind::ObbCircle,
            (AnyShape::Circle(_), AnyShape::Aabb(_)) => PairKind::CircleAabb,
            (AnyShape::Circle(_), AnyShape::Circle(_)) => PairKind::CircleCircle,
            _ => unreachable!("no such tie-prone pair"),
        };
        let (a, b, offset) = match case {
            0 => {
                let (ha, hb) = (dyadic(rng, 1, 33), dyadic(rng, 1, 33));
                // Pairs of the listed kinds only.
                let (a, b) = loop {
                    let a = square(rng, ha, polygons_only);
                    let b = square(rng, hb, polygons_only);
                    if matches!(
                        (&a, &b),
                        (AnyShape::Polygon(_), AnyShape::Polygon(_))
                            | (AnyShape::Obb(_), AnyShape::Obb(_))
                            | (AnyShape::Aabb(_), AnyShape::Polygon(_))
                            | (AnyShape::Polygon(_), AnyShape::Obb(_))
                    ) {
                        break (a, b);
                    }
                };
                // A quarter of them touch exactly, corner to corner.
                let d = if rng.chance(0.25) {
                    ha + hb
                } else {
                    dyadic(rng, 0, (8.0 * (ha + hb) * 1.2) as usize + 1)
                };
                let (sx, sy) = ([-1.0, 1.0][rng.below(2)], [-1.0, 1.0][rng.below(2)]);
                (a, b, Vector2::new(sx * d, sy * d))
            }
            1 => {
                let (h, r) = (dyadic(rng, 1, 33), dyadic(rng, 1, 33));
                let circle = AnyShape::Circle(Ball::new(Point2::origin(), t(r)).expect("a circle"));
                let sq = loop {
                    let sq = square(rng, h, false);
                    if !matches!(sq, AnyShape::Aabb(_)) || rng.chance(0.5) {
                        break sq;
                    }
                };
                let (a, b) = match (&sq, rng.chance(0.5)) {
                    (AnyShape::Aabb(_), _) | (AnyShape::Polygon(_), true) => (circle, sq),
                    _ => (sq, circle),
                };
                (a, b, Vector2::zeros())
            }
            2 => {
                let k = 3 + rng.below(10);
                let r = dyadic(rng, 1, 33);
                let points: Vec<Point2<T>> = (0..k)
                    .map(|i| {
                        let (c, s) = cos_sin(core::f64::consts::TAU * i as f64 / k as f64);
                        Point2::new(t(r * c), t(r * s))
                    })
                    .collect();
                let p = AnyShape::Polygon(ConvexPolygon::new(&points).expect("a regular polygon"));
                (p.clone(), p, Vector2::zeros())
            }
            _ => {
                let (ra, rb) = (dyadic(rng, 1, 33), dyadic(rng, 1, 33));
                let a = AnyShape::Circle(Ball::new(Point2::origin(), t(ra)).expect("a circle"));
                let b = AnyShape::Circle(Ball::new(Point2::origin(), t(rb)).expect("a circle"));
                (a, b, Vector2::zeros())
            }
        };
        let pose_b = Pose2::from_parts(
            Translation2::from(pose_a.translation.vector + vt::<T>(&offset)),
            pose_a.rotation,
        );
        Self {
            seed,
            made_by: MadeBy::FromSeed,
            kind: kind_of(&a, &b),
            a,
            pose_a,
            b,
            pose_b,
        }
    }

    /// A at a random pose in `[-10, 10]²`; B's origin at a random distance
    /// from A's origin of up to `1.2` times the sum of their bounding
    /// radii, so that about half of the pairs overlap; a tenth of them
    /// with the same rotation as A (parallel faces).
    fn generate(seed: u64, kind: PairKind, rng: &mut Rng) -> Self {
        let (ka, kb) = kind.shapes();
        let a = random_shape::<T>(rng, ka);
        let b = random_shape::<T>(rng, kb);
        let pose_a = random_pose::<T>(rng, 10.0);
        let reach = a.bounding_radius() + b.bounding_radius();
        let offset = rng.unit_vector2() * reach * rng.range(0.0, 1.2);
        let rotation = if rng.chance(0.1) {
            pose_a.rotation
        } else {
            random_rotation(rng)
        };
        let pose_b = Pose2::from_parts(
            Translation2::from(pose_a.translation.vector + vt::<T>(&offset)),
            rotation,
        );
        Self {
            seed,
            made_by: MadeBy::OfKind,
            kind,
            a,
            pose_a,
            b,
            pose_b,
        }
    }

    /// The same pair with A and B exchanged.
    pub fn swapped(&self) -> Self {
        Self {
            seed: self.seed,
            made_by: self.made_by,
            kind: self.kind,
            a: self.b.clone(),
            pose_a: self.pose_b,
            b: self.a.clone(),
            pose_b: self.pose_a,
        }
    }

    /// The same pair with B's pose translated by `v` (in `T`).
    pub fn with_b_moved(&self, v: &Vector2<T>) -> Self {
        let mut s = self.clone();
        s.pose_b = Pose2::from_parts(
            Translation2::from(self.pose_b.translation.vector + v),
            self.pose_b.rotation,
        );
        s
    }

    /// `max(1, largest |world coordinate|)` of the two shapes: the unit
    /// the tolerances are relative to.
    pub fn scale(&self) -> f64 {
        self.world_a()
            .extent()
            .max(self.world_b().extent())
            .max(1.0)
    }

    /// A in the world, in `f64`, for the oracle.
    pub fn world_a(&self) -> oracle::World {
        self.a.to_world(&self.pose_a)
    }

    /// B in the world, in `f64`, for the oracle.
    pub fn world_b(&self) -> oracle::World {
        self.b.to_world(&self.pose_b)
    }

    /// The oracle's signed distance (positive apart, negative overlapping
    /// by the penetration depth).
    pub fn oracle_signed_distance(&self) -> f64 {
        oracle::signed_distance(&self.world_a(), &self.world_b())
    }

    /// Whether the oracle's signed distance is in the near-touching band,
    /// where the boolean properties do not judge.
    pub fn near_touching(&self) -> bool {
        self.oracle_signed_distance().abs() < T::BAND * self.scale()
    }

    /// [`separating_axis::intersects`].
    pub fn intersects(&self) -> bool {
        separating_axis::intersects(self.a.shape(), &self.pose_a, self.b.shape(), &self.pose_b)
    }

    /// [`separating_axis::separation`].
    pub fn separation(&self) -> Separation<T, 2> {
        separating_axis::separation(self.a.shape(), &self.pose_a, self.b.shape(), &self.pose_b)
    }

    /// [`separating_axis::penetration`].
    pub fn penetration(&self) -> Option<Penetration<T, 2>> {
        separating_axis::penetration(self.a.shape(), &self.pose_a, self.b.shape(), &self.pose_b)
    }

    /// [`separating_axis::containment`].
    pub fn containment(&self) -> Containment {
        separating_axis::containment(self.a.shape(), &self.pose_a, self.b.shape(), &self.pose_b)
    }

    /// [`engine::separation`]: the generic engine, whatever the pair.
    pub fn engine_separation(&self) -> Separation<T, 2> {
        engine::separation(self.a.shape(), &self.pose_a, self.b.shape(), &self.pose_b)
    }

    /// [`engine::intersects`]: the generic engine, whatever the pair.
    pub fn engine_intersects(&self) -> bool {
        engine::intersects(self.a.shape(), &self.pose_a, self.b.shape(), &self.pose_b)
    }

    /// The gap between A and B along the world axis `u` (oriented from A
    /// towards B): `min_{b∈B} u·b − max_{a∈A} u·a`, from the posed shapes'
    /// support values alone (no candidate axes, no best-axis selection).
    pub fn gap_along(&self, u: &Vector2<T>) -> T {
        let ha = Posed::new(self.a.shape(), &self.pose_a).local_support_value(u);
        let hb = Posed::new(self.b.shape(), &self.pose_b).local_support_value(&-u);
        -(ha + hb)
    }

    /// [`separating_axis::contains_point`] for A (`on_b = false`) or B.
    pub fn contains_point(&self, on_b: bool, p: &Point2<T>) -> bool {
        if on_b {
            separating_axis::contains_point(self.b.shape(), &self.pose_b, p)
        } else {
            separating_axis::contains_point(self.a.shape(), &self.pose_a, p)
        }
    }

    /// The two polygons, for a polygon-polygon scene.
    pub fn polygons(&self) -> Option<(&ConvexPolygon<T>, &ConvexPolygon<T>)> {
        match (&self.a, &self.b) {
            (AnyShape::Polygon(a), AnyShape::Polygon(b)) => Some((a, b)),
            _ => None,
        }
    }
}

/// Draws a seed from quickcheck's generator. Two draws are mixed because
/// quickcheck returns one of a few "problem values" (0, 1, `u64::MAX`, ...)
/// for a tenth of its integers, which would repeat scenes.
fn arbitrary_seed(g: &mut Gen) -> u64 {
    let hi = u64::arbitrary(g);
    let lo = u64::arbitrary(g);
    hi.rotate_left(32) ^ lo.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// Shrinking a seed gives an unrelated scene, so scenes do not shrink: the
/// failure quickcheck prints is the one it found, with its seed.
impl<T: TestReal> Arbitrary for Scene<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        Self::from_seed(arbitrary_seed(g))
    }
}

/// A polygon-polygon [`Scene`], for the fast-path property.
#[derive(Clone, Debug)]
pub struct PolygonScene<T: TestReal>(pub Scene<T>);

impl<T: TestReal> Arbitrary for PolygonScene<T> {
    fn arbitrary(g: &mut Gen) -> Self {
        Self(Scene::polygons_from_seed(arbitrary_seed(g)))
    }
}

/// The fixed seed of quickcheck's generator, so that `cargo test` is
/// reproducible. Set `SAT_QC_SEED=<u64>` to explore other cases, and
/// `QUICKCHECK_TESTS=<n>` to run more of them.
pub const DEFAULT_QC_SEED: u64 = 0x05A7_2D00_0001;

/// Runs the property `prop` on `tests` passing cases (discarded cases do not
/// count, and at most `20 * tests` are drawn); fails when fewer than
/// `tests` cases were judged, so that a property cannot pass by discarding
/// everything.
pub fn check<A: Testable>(tests: u64, prop: A) {
    let env = |name: &str| std::env::var(name).ok().and_then(|s| s.parse::<u64>().ok());
    let seed = env("SAT_QC_SEED").unwrap_or(DEFAULT_QC_SEED);
    let tests = env("QUICKCHECK_TESTS").unwrap_or(tests);
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(100, seed))
        .tests(tests)
        .max_tests(20 * tests)
        .min_tests_passed(tests)
        .quickcheck(prop);
}

/// A failed [`TestResult`] with `msg` and the expression that rebuilds the
/// scene. (Quickcheck prints "No Arguments Provided" before it: it only
/// records the arguments of a shrunk case, and scenes do not shrink.)
pub fn fail<T: TestReal>(scene: &Scene<T>, msg: impl core::fmt::Display) -> TestResult {
    TestResult::error(format!("[{}] {msg}\n  replay: {}", T::NAME, scene.replay()))
}

// ---------------------------------------------------------------------------
// FNV-1a
// ---------------------------------------------------------------------------

/// 64-bit FNV-1a, for the golden hash.
#[derive(Clone, Copy, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv1a {
    /// Mixes `bytes` in.
    pub fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash so far.
    pub fn finish(&self) -> u64 {
        self.0
    }

    /// Mixes in every bit of `x` (NaN as one token: its payload is not an
    /// answer).
    pub fn write_bits<T: TestReal>(&mut self, x: T) {
        let x = f(x);
        if x.is_nan() {
            self.write(b"nan");
        } else {
            self.write(&x.to_bits().to_le_bytes());
        }
    }

    /// Mixes in the SAT answers of one ordered pair, every bit: the
    /// separation (distance, axis, feature), the penetration (depth,
    /// normal, feature, or "apart") and the `intersects` verdict. Returns
    /// the separation and the verdict, for the scenes' coarse checks.
    pub fn write_sat<T, const N: usize, A, B>(
        &mut self,
        a: &A,
        pose_a: &Pose<T, N>,
        b: &B,
        pose_b: &Pose<T, N>,
    ) -> (Separation<T, N>, bool)
    where
        T: TestReal,
        A: Shape<T, N>,
        B: Shape<T, N>,
    {
        let s = separation(a, pose_a, b, pose_b);
        self.write_bits(s.distance);
        for &x in s.axis.iter() {
            self.write_bits(x);
        }
        self.write(format!("{:?}", s.feature).as_bytes());
        match penetration(a, pose_a, b, pose_b) {
            Some(p) => {
                self.write_bits(p.depth);
                for &x in p.normal.iter() {
                    self.write_bits(x);
                }
                self.write(format!("{:?}", p.feature).as_bytes());
            }
            None => self.write(b"apart"),
        }
        let hit = intersects(a, pose_a, b, pose_b);
        self.write(&[u8::from(hit)]);
        (s, hit)
    }
}
