//! Shared by the comparison bench and the agreement report: seeded pools of
//! pairs, described once in `f64` and converted, outside any timed loop, to
//! separating-axis shapes and to parry shapes in `f32` and `f64`. The hard
//! pools ([`Hard`], [`hard_pool2`], [`hard_pool3`]) are the report's only.

#[path = "../../../tests/support/rng.rs"]
mod rng;

#[path = "../../../tests/support/oracle3d.rs"]
pub mod oracle3d;

use nalgebra::{Point2, Point3, Rotation3, SVector, UnitQuaternion, Vector2, Vector3};
pub use rng::Rng;
use separating_axis::{AnyShape, ConvexPolyhedron, PolytopeDim, Pose, Real, Separation, Support};

/// Pairs per pool.
pub const POOL: usize = 1024;

/// What a pool holds: about half overlapping, all apart, all deep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mix {
    /// Distances uniform up to a reach tuned for about half overlapping.
    Mixed,
    /// Beyond the sum of the bounding radii: every pair apart.
    Separated,
    /// Within half the sum of the inner radii: every pair deeply overlapping.
    Deep,
}

impl Mix {
    /// All three, in report order.
    pub const ALL: [Mix; 3] = [Mix::Mixed, Mix::Separated, Mix::Deep];

    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            Mix::Mixed => "mixed",
            Mix::Separated => "separated",
            Mix::Deep => "deep",
        }
    }
}

/// A 2D shape in `f64`.
#[derive(Clone, Debug)]
pub enum Shape2 {
    /// Half extents of a box.
    Box([f64; 2]),
    /// Counter-clockwise vertices of a convex polygon.
    Polygon(Vec<Point2<f64>>),
    /// Radius of a circle about the origin.
    Circle(f64),
}

/// A 3D shape in `f64`.
#[derive(Clone, Debug)]
pub enum Shape3 {
    /// Half extents of a box.
    Box([f64; 3]),
    /// The vertices of a convex hull.
    Hull(Vec<Point3<f64>>),
    /// The vertices of a convex hull, handed to parry with our hull's faces
    /// (`ConvexPolyhedron::from_convex_mesh`) rather than hulled again by its
    /// `from_convex_hull`, which fails or drops vertices on thin hulls: both
    /// libraries then hold the same polyhedron. The hard pools' hulls.
    Polyhedron(Vec<Point3<f64>>),
    /// A capsule along the y axis: `[half_height, radius]` (parry's
    /// `Capsule::new_y`). The manifold comparison's capsule–box pools only.
    Capsule([f64; 2]),
}

/// A 2D pair: shapes and poses `(x, y, angle)`.
#[derive(Clone, Debug)]
pub struct Pair2 {
    pub a: Shape2,
    pub pa: [f64; 3],
    pub b: Shape2,
    pub pb: [f64; 3],
}

/// A 3D pair: shapes and poses (translation, unit quaternion `[i, j, k, w]`).
#[derive(Clone, Debug)]
pub struct Pair3 {
    pub a: Shape3,
    pub pa: ([f64; 3], [f64; 4]),
    pub b: Shape3,
    pub pb: ([f64; 3], [f64; 4]),
}

/// Inner and outer radius of a 2D shape about its origin.
fn radii2(s: &Shape2) -> (f64, f64) {
    match s {
        Shape2::Box([x, y]) => (x.min(*y), x.hypot(*y)),
        Shape2::Circle(r) => (*r, *r),
        Shape2::Polygon(v) => {
            let outer = v.iter().map(|p| p.coords.norm()).fold(0.0, f64::max);
            let n = v.len();
            let inner = (0..n)
                .map(|i| {
                    let (p, q) = (v[i], v[(i + 1) % n]);
                    let e = q - p;
                    (e.y * p.x - e.x * p.y).abs() / e.norm()
                })
                .fold(f64::INFINITY, f64::min);
            (inner, outer)
        }
    }
}

fn distance(rng: &mut Rng, mix: Mix, inner: f64, outer: f64, reach: f64) -> f64 {
    match mix {
        Mix::Mixed => rng.range(0.0, reach),
        Mix::Separated => rng.range(outer + 0.05, outer + 1.0),
        Mix::Deep => rng.range(0.0, 0.5 * inner),
    }
}

/// An `n`-gon: sorted jittered angles on an ellipse of random size.
pub fn polygon(rng: &mut Rng, n: usize) -> Vec<Point2<f64>> {
    let (rx, ry) = (rng.range(0.6, 1.2), rng.range(0.6, 1.2));
    let step = std::f64::consts::TAU / n as f64;
    (0..n)
        .map(|i| {
            let a = (i as f64 + rng.range(-0.3, 0.3)) * step;
            Point2::new(rx * a.cos(), ry * a.sin())
        })
        .collect()
}

/// The 2D pool of `kind` ("box", "8gon", "circle-8gon", or one of them
/// with the suffix `-alt`: [`pool2_alt`]'s generator) and `mix`.
pub fn pool2(kind: &str, mix: Mix, seed: u64) -> Vec<Pair2> {
    if let Some(base) = kind.strip_suffix("-alt") {
        return pool2_alt(base, mix, seed);
    }
    let mut rng = Rng(seed);
    (0..POOL)
        .map(|_| {
            let shape = |rng: &mut Rng, first: bool| match kind {
                "box" => Shape2::Box([rng.range(0.4, 1.2), rng.range(0.4, 1.2)]),
                "circle-8gon" if first => Shape2::Circle(rng.range(0.6, 1.2)),
                _ => Shape2::Polygon(polygon(rng, 8)),
            };
            let (a, b) = (shape(&mut rng, true), shape(&mut rng, false));
            let ((ia, oa), (ib, ob)) = (radii2(&a), radii2(&b));
            let pa = [
                rng.range(-50.0, 50.0),
                rng.range(-50.0, 50.0),
                rng.range(0.0, 6.3),
            ];
            let dir = rng.range(0.0, 6.3);
            let d = distance(
                &mut rng,
                mix,
                ia + ib,
                oa + ob,
                if kind == "box" { 3.2 } else { 3.4 },
            );
            let pb = [
                pa[0] + d * dir.cos(),
                pa[1] + d * dir.sin(),
                rng.range(0.0, 6.3),
            ];
            Pair2 { a, pa, b, pb }
        })
        .collect()
}

/// A second generator of 2D pools, with other distributions than
/// [`pool2`]'s, so that a target is not checked on pools made by one
/// generator only: sizes log-uniform over 0.1 to 3 (each shape on its own,
/// so pairs of very different sizes occur), boxes and 8-gons elongated up
/// to 8:1, circles of log-uniform radius, A anywhere within ±500, and B
/// at a distance scaled by the pair's own radii: *mixed* uniform up to
/// 0.9 times the sum of the outer radii, *separated* beyond that sum by up
/// to its size again, *deep* within half the sum of the inner radii.
pub fn pool2_alt(kind: &str, mix: Mix, seed: u64) -> Vec<Pair2> {
    let mut rng = Rng(seed ^ 0xA17_0000);
    (0..POOL)
        .map(|_| {
            let shape = |rng: &mut Rng, first: bool| {
                let size = 0.1 * 30f64.powf(rng.unit_interval());
                let thin = 8f64.powf(rng.unit_interval());
                match kind {
                    "box" => Shape2::Box([size, size / thin]),
                    "circle-8gon" if first => Shape2::Circle(size),
                    _ => {
                        let p = polygon(rng, 8);
                        scale2(&Shape2::Polygon(p), [size, size / thin])
                    }
                }
            };
            let (a, b) = (shape(&mut rng, true), shape(&mut rng, false));
            let ((ia, oa), (ib, ob)) = (radii2(&a), radii2(&b));
            let pa = [
                rng.range(-500.0, 500.0),
                rng.range(-500.0, 500.0),
                rng.range(0.0, 6.3),
            ];
            let dir = rng.range(0.0, 6.3);
            let reach = oa + ob;
            let d = match mix {
                Mix::Mixed => rng.range(0.0, 0.9 * reach),
                Mix::Separated => reach * rng.range(1.01, 2.0),
                Mix::Deep => rng.range(0.0, 0.5 * (ia + ib)),
            };
            let pb = [
                pa[0] + d * dir.cos(),
                pa[1] + d * dir.sin(),
                rng.range(0.0, 6.3),
            ];
            Pair2 { a, pa, b, pb }
        })
        .collect()
}

/// The hull of `n` random points in an ellipsoid of semi-axes about 1.
pub fn hull_points(rng: &mut Rng, n: usize) -> Vec<Point3<f64>> {
    let axes = Vector3::new(
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
    );
    let points: Vec<Point3<f64>> = (0..n)
        .map(|_| Point3::from(rng.unit_vector3().component_mul(&axes) * rng.range(0.7, 1.0)))
        .collect();
    ConvexPolyhedron::from_hull(&points)
        .expect("random points span a volume")
        .vertices()
        .to_vec()
}

fn radii3(s: &Shape3) -> (f64, f64) {
    match s {
        Shape3::Box(h) => (h[0].min(h[1]).min(h[2]), Vector3::from(*h).norm()),
        Shape3::Hull(v) | Shape3::Polyhedron(v) => {
            let outer = v.iter().map(|p| p.coords.norm()).fold(0.0, f64::max);
            let hull = ConvexPolyhedron::from_hull(v).expect("a hull");
            let inner = hull.offsets().iter().copied().fold(f64::INFINITY, f64::min);
            (inner, outer)
        }
        Shape3::Capsule([h, r]) => (*r, h + r),
    }
}

fn quat(r: Rotation3<f64>) -> [f64; 4] {
    let q = UnitQuaternion::from_rotation_matrix(&r);
    [q.i, q.j, q.k, q.w]
}

/// The 3D pool of `kind` ("box", "hull16", "hull32", "hull64", "hull128":
/// hulls of that many random points, and for the manifold
/// comparison "capsule-box": a capsule first, a box second) and `mix`.
pub fn pool3(kind: &str, mix: Mix, seed: u64) -> Vec<Pair3> {
    let mut rng = Rng(seed);
    (0..POOL)
        .map(|_| {
            let shape = |rng: &mut Rng| match kind {
                "box" => Shape3::Box([
                    rng.range(0.4, 1.0),
                    rng.range(0.4, 1.0),
                    rng.range(0.4, 1.0),
                ]),
                "hull16" => Shape3::Hull(hull_points(rng, 16)),
                "hull64" => Shape3::Hull(hull_points(rng, 64)),
                "hull128" => Shape3::Hull(hull_points(rng, 128)),
                "capsule-box" => Shape3::Capsule([rng.range(0.3, 0.8), rng.range(0.2, 0.5)]),
                _ => Shape3::Hull(hull_points(rng, 32)),
            };
            let a = shape(&mut rng);
            let b = if kind == "capsule-box" {
                Shape3::Box([
                    rng.range(0.4, 1.0),
                    rng.range(0.4, 1.0),
                    rng.range(0.4, 1.0),
                ])
            } else {
                shape(&mut rng)
            };
            let ((ia, oa), (ib, ob)) = (radii3(&a), radii3(&b));
            let ta = Vector3::new(
                rng.range(-50.0, 50.0),
                rng.range(-50.0, 50.0),
                rng.range(-50.0, 50.0),
            );
            let ra = rng.rotation();
            let d = distance(
                &mut rng,
                mix,
                ia + ib,
                oa + ob,
                if kind == "box" { 3.8 } else { 2.6 },
            );
            let tb = ta + rng.unit_vector3() * d;
            let rb = rng.rotation();
            Pair3 {
                a,
                pa: (ta.into(), quat(ra)),
                b,
                pb: (tb.into(), quat(rb)),
            }
        })
        .collect()
}

/// The compound comparison's data (`benches/compound.rs`, the
/// `2d-compound-*` cells of `src/bin/count.rs`), in `f64`: a random
/// star-shaped polygon of 48 vertices (radius up to 4) and one of 24
/// (radius up to 1.5), each decomposed by our `ConcavePolygon` into convex
/// pieces (vertex lists); [`POOL`] boxes (half extents 0.3–0.8) with their
/// poses, and [`POOL`] poses of the small compound, all centred uniformly in
/// a disc of radius 5 at random angles. Poses are `(x, y, angle)`.
pub struct CompoundPool {
    /// The big compound's pieces.
    pub big: Vec<Vec<Point2<f64>>>,
    /// The small compound's pieces.
    pub small: Vec<Vec<Point2<f64>>>,
    /// Half extents of the boxes.
    pub boxes: Vec<[f64; 2]>,
    /// Poses of the boxes.
    pub box_poses: Vec<[f64; 3]>,
    /// Poses of the small compound.
    pub pair_poses: Vec<[f64; 3]>,
}

/// A random star-shaped polygon of `n` vertices, radii in `[0.35, 1) · r`.
fn star(rng: &mut Rng, n: usize, r: f64) -> Vec<Point2<f64>> {
    let mut angles: Vec<f64> = (0..n)
        .map(|_| rng.range(0.0, std::f64::consts::TAU))
        .collect();
    angles.sort_by(f64::total_cmp);
    angles
        .iter()
        .map(|&a| {
            let k = r * rng.range(0.35, 1.0);
            Point2::new(k * a.cos(), k * a.sin())
        })
        .collect()
}

/// The convex pieces of a simple polygon, as vertex lists.
fn pieces(points: &[Point2<f64>]) -> Vec<Vec<Point2<f64>>> {
    separating_axis::ConcavePolygon::new(points)
        .expect("a simple polygon")
        .pieces()
        .map(|p| p.vertices().to_vec())
        .collect()
}

/// [`POOL`] poses uniform in the disc of radius 5.
fn disc_poses(rng: &mut Rng) -> Vec<[f64; 3]> {
    (0..POOL)
        .map(|_| {
            let (a, r) = (rng.range(0.0, 6.3), 5.0 * rng.unit_interval().sqrt());
            [r * a.cos(), r * a.sin(), rng.range(0.0, 6.3)]
        })
        .collect()
}

/// The compound comparison's pool (seeded; the same on every call).
pub fn compound_pool() -> CompoundPool {
    let mut rng = Rng::new(0xC0_3B0D);
    let big = pieces(&star(&mut rng, 48, 4.0));
    let small = pieces(&star(&mut rng, 24, 1.5));
    let box_poses = disc_poses(&mut rng);
    let boxes = (0..POOL)
        .map(|_| [rng.range(0.3, 0.8), rng.range(0.3, 0.8)])
        .collect();
    let pair_poses = disc_poses(&mut rng);
    CompoundPool {
        big,
        small,
        boxes,
        box_poses,
        pair_poses,
    }
}

/// Every 2D kind and 3D kind compared.
pub const KINDS2: [&str; 3] = ["box", "8gon", "circle-8gon"];
/// The 2D kinds again from the second generator ([`pool2_alt`]).
pub const KINDS2_ALT: [&str; 3] = ["box-alt", "8gon-alt", "circle-8gon-alt"];

/// A kind without the `-alt` suffix of the second generator.
pub fn base_kind(kind: &str) -> &str {
    kind.strip_suffix("-alt").unwrap_or(kind)
}
/// Every 3D kind compared.
pub const KINDS3: [&str; 5] = ["box", "hull16", "hull32", "hull64", "hull128"];

/// The pools' seed for a kind and mix (the same for both libraries and
/// both precisions).
pub fn seed(kind: &str, mix: Mix) -> u64 {
    seed_from(kind, mix as u64 + 1)
}

/// A pool's seed from its kind and a selector's number.
fn seed_from(kind: &str, selector: u64) -> u64 {
    kind.bytes().fold(selector, |h, b| {
        h.wrapping_mul(31).wrapping_add(u64::from(b))
    })
}

/// Our shapes of a pool, whatever their kind (the `Ours2` and `Ours3`
/// aliases of [`AnyShape`]): support values, and our separation through
/// the path the pair's shapes take (the pair fast paths included, routed
/// by the crate's `Shape` hooks: no hand-written dispatch).
pub trait OurShape<T: Real, const N: usize>: Support<T, N> + Sized {
    /// `separating_axis::separation(a, pa, b, pb)`.
    fn separation(a: &Self, pa: &Pose<T, N>, b: &Self, pb: &Pose<T, N>) -> Separation<T, N>;
}

impl<T: Real, const N: usize> OurShape<T, N> for AnyShape<T, N>
where
    nalgebra::Const<N>: PolytopeDim<T, N>,
{
    fn separation(a: &Self, pa: &Pose<T, N>, b: &Self, pb: &Pose<T, N>) -> Separation<T, N> {
        separating_axis::separation(a, pa, b, pb)
    }
}

/// Cases known to be hard for GJK/EPA. For the agreement report only: the
/// criterion bench times the pools of [`Mix::ALL`], never these.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hard {
    /// Overlapping by 1e-9 to 1e-4 (log-uniform) of the smaller inner radius.
    Touching,
    /// Apart by 1e-9 to 1e-4 of the smaller inner radius.
    Grazing,
    /// Slabs and needles ([`THIN`] of their width thick; slivers in 2D).
    Thin,
    /// A is `BIG / SMALL` = 1000 times the size of B ([`BIG`], [`SMALL`]).
    Sizes,
    /// Parallel faces (2D: edges) against each other. In 3D, B is turned
    /// about the contact normal by a random angle in half the pairs and not
    /// at all in the other half (for boxes: every face parallel); the hulls
    /// are prisms with flat caps.
    FaceFace,
    /// Shapes scaled by [`FAR_SCALE`], at coordinates of 1e3 to 1e4.
    Far,
}

impl Hard {
    /// All six, in report order.
    pub const ALL: [Hard; 6] = [
        Hard::Touching,
        Hard::Grazing,
        Hard::Thin,
        Hard::Sizes,
        Hard::FaceFace,
        Hard::Far,
    ];

    /// A short name.
    pub fn name(self) -> &'static str {
        match self {
            Hard::Touching => "touching",
            Hard::Grazing => "grazing",
            Hard::Thin => "thin",
            Hard::Sizes => "sizes",
            Hard::FaceFace => "face-face",
            Hard::Far => "far",
        }
    }

    /// The signed distance (positive apart) a pair is placed at, for
    /// `size` the smaller inner radius of the two shapes.
    fn target(self, rng: &mut Rng, size: f64) -> f64 {
        match self {
            Hard::Touching => -size * 10f64.powf(rng.range(-9.0, -4.0)),
            Hard::Grazing => size * 10f64.powf(rng.range(-9.0, -4.0)),
            _ => size * rng.range(-1.0, 0.25),
        }
    }

    /// The scale factors of A and B (per axis) before any thinning.
    fn scales(self) -> (f64, f64) {
        match self {
            Hard::Sizes => (BIG, SMALL),
            Hard::Far => (FAR_SCALE, FAR_SCALE),
            _ => (1.0, 1.0),
        }
    }

    /// A's position: within ±50 like the bench pools, or at 1e3..1e4 from
    /// the origin on every axis for [`Hard::Far`].
    fn coordinate(self, rng: &mut Rng) -> f64 {
        match self {
            Hard::Far => rng.range(1e3, 1e4) * if rng.unit_interval() < 0.5 { -1.0 } else { 1.0 },
            _ => rng.range(-50.0, 50.0),
        }
    }
}

/// Pairs per hard pool.
pub const HARD_POOL: usize = 1024;
/// Thickness of the thin shapes relative to their width.
pub const THIN: f64 = 1e-3;
/// Scale of A in the [`Hard::Sizes`] pairs.
pub const BIG: f64 = 20.0;
/// Scale of B in the [`Hard::Sizes`] pairs.
pub const SMALL: f64 = 0.02;
/// Scale of both shapes in the [`Hard::Far`] pairs.
pub const FAR_SCALE: f64 = 0.1;

/// The 2D kinds of the hard pools.
pub const HARD_KINDS2: [&str; 2] = ["box", "8gon"];
/// The 3D kinds of the hard pools (the face-face hulls are prisms of 16
/// vertices).
pub const HARD_KINDS3: [&str; 2] = ["box", "hull16"];

/// A hard pool's seed: distinct from the bench pools' seeds.
pub fn hard_seed(kind: &str, hard: Hard) -> u64 {
    seed_from(kind, 101 + hard as u64)
}

/// B's centre on the ray `start + t u`, `t >= 0`, where `sep`, our `f64`
/// separation as a function of B's centre, first reaches `target`. Needs
/// `sep(start) <= target`; a bisection, which finds the one crossing
/// because the separation along a line is convex (a maximum over axes of
/// gaps affine in the translation). The result has `sep >= target`, within
/// a unit in the last place of `t` of the crossing.
fn place<const N: usize>(
    sep: impl Fn(&SVector<f64, N>) -> f64,
    start: SVector<f64, N>,
    u: SVector<f64, N>,
    reach: f64,
    target: f64,
) -> SVector<f64, N> {
    let at = |t: f64| start + u * t;
    debug_assert!(
        sep(&at(0.0)) <= target,
        "the ray starts deeper than the target"
    );
    let (mut lo, mut hi) = (0.0, reach);
    while sep(&at(hi)) < target {
        (lo, hi) = (hi, 2.0 * hi);
    }
    loop {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            return at(hi);
        }
        if sep(&at(mid)) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}

/// `s` scaled by `k` along its local axes.
fn scale2(s: &Shape2, k: [f64; 2]) -> Shape2 {
    match s {
        Shape2::Box(h) => Shape2::Box([h[0] * k[0], h[1] * k[1]]),
        Shape2::Polygon(v) => Shape2::Polygon(
            v.iter()
                .map(|p| Point2::new(p.x * k[0], p.y * k[1]))
                .collect(),
        ),
        Shape2::Circle(r) => Shape2::Circle(r * k[0]),
    }
}

/// `s` scaled by `k` along its local axes (a hull is hulled again).
fn scale3(s: &Shape3, k: [f64; 3]) -> Shape3 {
    match s {
        Shape3::Box(h) => Shape3::Box([h[0] * k[0], h[1] * k[1], h[2] * k[2]]),
        Shape3::Hull(v) | Shape3::Polyhedron(v) => {
            let scaled: Vec<_> = v
                .iter()
                .map(|p| Point3::from(p.coords.component_mul(&Vector3::from(k))))
                .collect();
            Shape3::Polyhedron(hull_vertices(&scaled))
        }
        // A capsule stays round: its length scales along y, its radius by
        // the smaller of the other two factors.
        Shape3::Capsule([h, r]) => Shape3::Capsule([h * k[1], r * k[0].min(k[2])]),
    }
}

/// The vertices of the convex hull of `points`, by our hull.
fn hull_vertices(points: &[Point3<f64>]) -> Vec<Point3<f64>> {
    ConvexPolyhedron::from_hull(points)
        .expect("the points span a volume")
        .vertices()
        .to_vec()
}

/// Our hull of `points`: its vertices, and its faces as triangle fans
/// (counter-clockwise seen from outside).
fn hull_mesh(points: &[Point3<f64>]) -> (Vec<Point3<f64>>, Vec<[u32; 3]>) {
    let hull = ConvexPolyhedron::from_hull(points).expect("the points span a volume");
    let triangles = (0..hull.normals().len())
        .flat_map(|f| {
            let v = hull.face_vertices(f);
            (2..v.len()).map(move |k| [v[0], v[k - 1], v[k]].map(|i| i as u32))
        })
        .collect();
    (hull.vertices().to_vec(), triangles)
}

/// A prism-like hull of `2n` vertices with two flat caps: `n` jittered
/// points on an ellipse at `z = h` and `n` on a smaller one at `z = -h`.
fn prism(rng: &mut Rng, n: usize) -> Vec<Point3<f64>> {
    let (rx, ry, h) = (
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
        rng.range(0.3, 0.8),
    );
    let shrink = rng.range(0.6, 1.0);
    let step = std::f64::consts::TAU / n as f64;
    let mut cap = |k: f64, z: f64| -> Vec<Point3<f64>> {
        (0..n)
            .map(|i| {
                let a = (i as f64 + rng.range(-0.3, 0.3)) * step;
                Point3::new(k * rx * a.cos(), k * ry * a.sin(), z)
            })
            .collect()
    };
    let mut points = cap(1.0, h);
    points.extend(cap(shrink, -h));
    hull_vertices(&points)
}

/// The outward normal angles of a 2D shape's faces (edges), in its frame.
fn normal_angles2(s: &Shape2) -> Vec<f64> {
    match s {
        Shape2::Polygon(v) => (0..v.len())
            .map(|i| {
                let e = v[(i + 1) % v.len()] - v[i];
                (-e.x).atan2(e.y)
            })
            .collect(),
        _ => (0..4)
            .map(|i| f64::from(i) * std::f64::consts::FRAC_PI_2)
            .collect(),
    }
}

/// [`HARD_POOL`] pairs drawn by `pair` from the generator seeded with `seed`.
fn seeded<P>(seed: u64, mut pair: impl FnMut(&mut Rng) -> P) -> Vec<P> {
    let mut rng = Rng(seed);
    (0..HARD_POOL).map(|_| pair(&mut rng)).collect()
}

/// The 2D hard pool of `kind` ("box", "8gon") and `hard`.
pub fn hard_pool2(kind: &str, hard: Hard, seed: u64) -> Vec<Pair2> {
    seeded(seed, |rng| {
        let shape = |rng: &mut Rng, k: f64| {
            let s = match kind {
                "box" => Shape2::Box([rng.range(0.4, 1.2), rng.range(0.4, 1.2)]),
                _ => Shape2::Polygon(polygon(rng, 8)),
            };
            let thin = if hard == Hard::Thin { THIN } else { 1.0 };
            scale2(&s, [k, k * thin])
        };
        let (ka, kb) = hard.scales();
        let (a, b) = (shape(rng, ka), shape(rng, kb));
        let ((ia, oa), (ib, ob)) = (radii2(&a), radii2(&b));
        let pa = [
            hard.coordinate(rng),
            hard.coordinate(rng),
            rng.range(0.0, 6.3),
        ];
        let centre = Vector2::new(pa[0], pa[1]);
        let (angle, u, start) = if hard == Hard::FaceFace {
            // Face i of A against face j of B, turned to face it; B
            // starts at A's centre shifted along the faces.
            let (na, nb) = (normal_angles2(&a), normal_angles2(&b));
            let alpha = pa[2] + na[rng.next_u64() as usize % na.len()];
            let beta = nb[rng.next_u64() as usize % nb.len()];
            let u = Vector2::new(alpha.cos(), alpha.sin());
            let side = Vector2::new(-u.y, u.x) * rng.range(-0.5, 0.5) * ia.min(ib);
            (alpha + std::f64::consts::PI - beta, u, centre + side)
        } else {
            let (dir, off) = (rng.range(0.0, 6.3), rng.range(0.0, 6.3));
            let r = rng.range(0.0, 0.9) * ia.max(ib);
            let u = Vector2::new(dir.cos(), dir.sin());
            (
                rng.range(0.0, 6.3),
                u,
                centre + Vector2::new(off.cos(), off.sin()) * r,
            )
        };
        let target = hard.target(rng, ia.min(ib));
        let (sa, sb, pose_a) = (p64::ours2(&a), p64::ours2(&b), p64::our_pose2(&pa));
        let sep = |c: &Vector2<f64>| {
            let pose_b = p64::our_pose2(&[c.x, c.y, angle]);
            p64::Ours2::separation(&sa, &pose_a, &sb, &pose_b).distance
        };
        let c = place(sep, start, u, oa + ob + ia.max(ib), target);
        Pair2 {
            a,
            pa,
            b,
            pb: [c.x, c.y, angle],
        }
    })
}

/// The 3D hard pool of `kind` ("box", "hull16") and `hard`.
pub fn hard_pool3(kind: &str, hard: Hard, seed: u64) -> Vec<Pair3> {
    seeded(seed, |rng| {
        let shape = |rng: &mut Rng, k: f64| {
            let s = match kind {
                "box" => Shape3::Box([
                    rng.range(0.4, 1.0),
                    rng.range(0.4, 1.0),
                    rng.range(0.4, 1.0),
                ]),
                _ if hard == Hard::FaceFace => Shape3::Polyhedron(prism(rng, 8)),
                // Centred on the mean of its vertices, so that the
                // origin lies inside (the bench's hulls may miss it).
                _ => {
                    let v = hull_points(rng, 16);
                    let mean = v.iter().map(|p| p.coords).sum::<Vector3<f64>>() / v.len() as f64;
                    Shape3::Polyhedron(v.iter().map(|p| p - mean).collect())
                }
            };
            // A slab (thin along z) or a needle (thin along y and z).
            let thin = match hard {
                Hard::Thin if rng.unit_interval() < 0.5 => [1.0, 1.0, THIN],
                Hard::Thin => [1.0, THIN, THIN],
                _ => [1.0; 3],
            };
            scale3(&s, thin.map(|t| t * k))
        };
        let (ka, kb) = hard.scales();
        let (a, b) = (shape(rng, ka), shape(rng, kb));
        let ((ia, oa), (ib, ob)) = (radii3(&a), radii3(&b));
        let ta = Vector3::new(
            hard.coordinate(rng),
            hard.coordinate(rng),
            hard.coordinate(rng),
        );
        let ra = rng.rotation();
        let (rb, u, start) = if hard == Hard::FaceFace {
            // B turned about a face normal e of A (half the pairs not
            // at all: every face parallel), approaching along e; for
            // the prisms e is a cap's normal. B starts at A's centre
            // shifted along the faces.
            let axis = match kind {
                "box" => (rng.next_u64() % 3) as usize,
                _ => 2,
            };
            let sign = if rng.unit_interval() < 0.5 { -1.0 } else { 1.0 };
            let e = Vector3::ith(axis, sign);
            let turn = if rng.unit_interval() < 0.5 {
                0.0
            } else {
                rng.range(0.0, 6.3)
            };
            let rb = ra * Rotation3::from_axis_angle(&Vector3::ith_axis(axis), turn);
            let side = rng.unit_vector3();
            let side = (side - e * e.dot(&side)) * rng.range(0.0, 0.5) * ia.min(ib);
            (rb, ra * e, ta + ra * side)
        } else {
            let r = rng.range(0.0, 0.9) * ia.max(ib);
            (
                rng.rotation(),
                rng.unit_vector3(),
                ta + rng.unit_vector3() * r,
            )
        };
        let target = hard.target(rng, ia.min(ib));
        let qb = quat(rb);
        let (sa, sb) = (p64::ours3(&a), p64::ours3(&b));
        let pose_a = p64::our_pose3(&(ta.into(), quat(ra)));
        let sep = |c: &Vector3<f64>| {
            let pose_b = p64::our_pose3(&((*c).into(), qb));
            p64::Ours3::separation(&sa, &pose_a, &sb, &pose_b).distance
        };
        let tb = place(sep, start, u, oa + ob + ia.max(ib), target);
        Pair3 {
            a,
            pa: (ta.into(), quat(ra)),
            b,
            pb: (tb.into(), qb),
        }
    })
}

/// Converts the `f64` descriptions to both libraries in one precision.
macro_rules! precision {
    ($m:ident, $t:ty, $p2:ident, $p3:ident) => {
        /// The pools converted to one precision.
        pub mod $m {
            use super::*;
            use separating_axis as sat;

            /// A separating-axis 2D shape: `Obb` (box), `Polytope`
            /// (polygon) or `Ball` (circle).
            pub type Ours2 = sat::AnyShape<$t, 2>;

            /// A separating-axis 3D shape: `Obb` (box) or `Polytope` (hull).
            pub type Ours3 = sat::AnyShape<$t, 3>;

            pub fn ours2(s: &Shape2) -> Ours2 {
                match s {
                    Shape2::Box(h) => Ours2::Obb(
                        sat::Obb::new(
                            Point2::origin(),
                            nalgebra::Rotation2::identity(),
                            Vector2::new(h[0] as $t, h[1] as $t),
                        )
                        .unwrap(),
                    ),
                    Shape2::Polygon(v) => Ours2::Polytope(
                        sat::ConvexPolygon::new(&v.iter().map(|p| p.cast()).collect::<Vec<_>>())
                            .unwrap(),
                    ),
                    Shape2::Circle(r) => {
                        Ours2::Ball(sat::Ball::new(Point2::origin(), *r as $t).unwrap())
                    }
                }
            }

            pub fn ours3(s: &Shape3) -> Ours3 {
                match s {
                    Shape3::Box(h) => Ours3::Obb(
                        sat::Obb::new(
                            Point3::origin(),
                            Rotation3::identity(),
                            Vector3::new(h[0] as $t, h[1] as $t, h[2] as $t),
                        )
                        .unwrap(),
                    ),
                    Shape3::Hull(v) | Shape3::Polyhedron(v) => Ours3::Polytope(
                        sat::ConvexPolyhedron::from_hull(
                            &v.iter().map(|p| p.cast()).collect::<Vec<_>>(),
                        )
                        .unwrap(),
                    ),
                    Shape3::Capsule([h, r]) => Ours3::Capsule(
                        sat::Capsule::new(
                            Point3::new(0.0, -*h as $t, 0.0),
                            Point3::new(0.0, *h as $t, 0.0),
                            *r as $t,
                        )
                        .unwrap(),
                    ),
                }
            }

            pub fn our_pose2(p: &[f64; 3]) -> sat::Pose2<$t> {
                sat::Pose2::new(Vector2::new(p[0] as $t, p[1] as $t), p[2] as $t)
            }

            pub fn our_pose3(p: &([f64; 3], [f64; 4])) -> sat::Pose3<$t> {
                let q = nalgebra::Quaternion::new(
                    p.1[3] as $t,
                    p.1[0] as $t,
                    p.1[1] as $t,
                    p.1[2] as $t,
                );
                let r = UnitQuaternion::from_quaternion(q).to_rotation_matrix();
                sat::Pose3::from_parts(
                    Vector3::new(p.0[0] as $t, p.0[1] as $t, p.0[2] as $t).into(),
                    r,
                )
            }

            pub mod parry2 {
                pub use $p2::math::{Pose, Rotation, Vector};
                pub use $p2::query;
                pub use $p2::shape::{Ball, ConvexPolygon, Cuboid, SharedShape};
            }

            pub mod parry3 {
                pub use $p3::math::{Pose, Rotation, Vector};
                pub use $p3::query;
                pub use $p3::shape::{Capsule, ConvexPolyhedron, Cuboid, SharedShape};
            }

            pub fn parry_shape2(s: &Shape2) -> parry2::SharedShape {
                use parry2::*;
                match s {
                    Shape2::Box(h) => {
                        SharedShape::new(Cuboid::new(Vector::new(h[0] as $t, h[1] as $t)))
                    }
                    Shape2::Polygon(v) => SharedShape::new(
                        ConvexPolygon::from_convex_polyline(
                            v.iter()
                                .map(|p| Vector::new(p.x as $t, p.y as $t))
                                .collect(),
                        )
                        .unwrap(),
                    ),
                    Shape2::Circle(r) => SharedShape::new(Ball::new(*r as $t)),
                }
            }

            pub fn parry_shape3(s: &Shape3) -> parry3::SharedShape {
                use parry3::*;
                match s {
                    Shape3::Box(h) => SharedShape::new(Cuboid::new(Vector::new(
                        h[0] as $t, h[1] as $t, h[2] as $t,
                    ))),
                    Shape3::Hull(v) => SharedShape::new(
                        ConvexPolyhedron::from_convex_hull(
                            &v.iter()
                                .map(|p| Vector::new(p.x as $t, p.y as $t, p.z as $t))
                                .collect::<Vec<_>>(),
                        )
                        .unwrap(),
                    ),
                    Shape3::Polyhedron(v) => {
                        let (points, triangles) = hull_mesh(v);
                        SharedShape::new(
                            ConvexPolyhedron::from_convex_mesh(
                                points
                                    .iter()
                                    .map(|p| Vector::new(p.x as $t, p.y as $t, p.z as $t))
                                    .collect(),
                                &triangles,
                            )
                            .unwrap(),
                        )
                    }
                    Shape3::Capsule([h, r]) => SharedShape::new(Capsule::new_y(*h as $t, *r as $t)),
                }
            }

            pub fn parry_pose2(p: &[f64; 3]) -> parry2::Pose {
                parry2::Pose::new(parry2::Vector::new(p[0] as $t, p[1] as $t), p[2] as $t)
            }

            pub fn parry_pose3(p: &([f64; 3], [f64; 4])) -> parry3::Pose {
                let r = parry3::Rotation::from_xyzw(
                    p.1[0] as $t,
                    p.1[1] as $t,
                    p.1[2] as $t,
                    p.1[3] as $t,
                )
                .normalize();
                parry3::Pose::from_parts(
                    parry3::Vector::new(p.0[0] as $t, p.0[1] as $t, p.0[2] as $t),
                    r,
                )
            }
        }
    };
}

precision!(p32, f32, parry2d, parry3d);
precision!(p64, f64, parry2d_f64, parry3d_f64);

/// The broad-phase scene (`benches/broad_phase.rs`, `scene_count`): `n`
/// bodies of size about 1 in a cube of side `3 n^(1/3)`, turned at random:
/// `mix` "boxes" (half extents 0.5–1.5), or else one third each boxes,
/// hull-12s (radius about 1.3) and capsules. Poses as translation and
/// unit quaternion `[i, j, k, w]`.
#[allow(clippy::type_complexity, reason = "the pools' pose format")]
pub fn scene3(n: usize, mix: &str) -> (Vec<Shape3>, Vec<([f64; 3], [f64; 4])>) {
    let mut rng = Rng::new(0xB0D1E5 + n as u64);
    let side = 3.0 * (n as f64).cbrt();
    let (mut shapes, mut poses) = (Vec::new(), Vec::new());
    for i in 0..n {
        let kind = if mix == "boxes" { 0 } else { i % 3 };
        shapes.push(match kind {
            0 => Shape3::Box([
                rng.range(0.5, 1.5),
                rng.range(0.5, 1.5),
                rng.range(0.5, 1.5),
            ]),
            1 => Shape3::Hull(hull_points(&mut rng, 12).iter().map(|p| p * 1.3).collect()),
            _ => Shape3::Capsule([rng.range(0.3, 0.8), rng.range(0.3, 0.7)]),
        });
        let axis = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit());
        let t = [
            rng.range(0.0, side),
            rng.range(0.0, side),
            rng.range(0.0, side),
        ];
        poses.push((t, quat(Rotation3::new(axis))));
    }
    (shapes, poses)
}
