//! Shared by the comparison bench and the agreement report: seeded pools of
//! pairs, described once in `f64` and converted, outside any timed loop, to
//! separating-axis shapes and to parry shapes in `f32` and `f64`.

#[path = "../../../tests/rng/mod.rs"]
mod rng;

#[path = "../../../tests/oracle3d/mod.rs"]
pub mod oracle3d;

use nalgebra::{Point, Point2, Point3, Rotation3, SVector, UnitQuaternion, Vector2, Vector3};
pub use rng::Rng;
use separating_axis::{ConvexPolyhedron, Pose, Real, Separation, Support};

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

/// The 2D pool of `kind` ("box", "8gon", "circle-8gon") and `mix`.
pub fn pool2(kind: &str, mix: Mix, seed: u64) -> Vec<Pair2> {
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

/// The hull of `n` random points in an ellipsoid of semi-axes about 1.
pub fn hull_points(rng: &mut Rng, n: usize) -> Vec<Point3<f64>> {
    let axes = Vector3::new(
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
    );
    let points: Vec<Point3<f64>> = (0..n)
        .map(|_| Point3::from(rng.unit().component_mul(&axes) * rng.range(0.7, 1.0)))
        .collect();
    ConvexPolyhedron::from_hull(&points)
        .expect("random points span a volume")
        .vertices()
        .to_vec()
}

fn radii3(s: &Shape3) -> (f64, f64) {
    match s {
        Shape3::Box(h) => (h[0].min(h[1]).min(h[2]), Vector3::from(*h).norm()),
        Shape3::Hull(v) => {
            let outer = v.iter().map(|p| p.coords.norm()).fold(0.0, f64::max);
            let hull = ConvexPolyhedron::from_hull(v).expect("a hull");
            let inner = hull.offsets().iter().copied().fold(f64::INFINITY, f64::min);
            (inner, outer)
        }
    }
}

fn quat(r: Rotation3<f64>) -> [f64; 4] {
    let q = UnitQuaternion::from_rotation_matrix(&r);
    [q.i, q.j, q.k, q.w]
}

/// The 3D pool of `kind` ("box", "hull16", "hull32") and `mix`.
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
                _ => Shape3::Hull(hull_points(rng, 32)),
            };
            let (a, b) = (shape(&mut rng), shape(&mut rng));
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
            let tb = ta + rng.unit() * d;
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

/// Every 2D kind and 3D kind compared.
pub const KINDS2: [&str; 3] = ["box", "8gon", "circle-8gon"];
/// Every 3D kind compared.
pub const KINDS3: [&str; 3] = ["box", "hull16", "hull32"];

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
/// enums): support values, and our separation through the path the pair's
/// concrete types take (the pair fast paths included).
pub trait OurShape<T: Real, const N: usize>: Support<T, N> + Sized {
    /// `separating_axis::separation(a, pa, b, pb)` on the concrete types.
    fn separation(a: &Self, pa: &Pose<T, N>, b: &Self, pb: &Pose<T, N>) -> Separation<T, N>;
}

/// Implements [`Support`] and [`OurShape`] for one of the shape enums by
/// delegating to its variants; `[(A, B), …]` lists the pairs the pools hold.
macro_rules! our_shape {
    ($t:ty, $Enum:ident, $N:literal, [$($V:ident),+], [$(($A:ident, $B:ident)),+]) => {
        impl Support<$t, $N> for $Enum {
            fn local_support_point(&self, dir: &SVector<$t, $N>) -> Point<$t, $N> {
                match self {
                    $($Enum::$V(s) => s.local_support_point(dir),)+
                }
            }

            fn local_support_value(&self, dir: &SVector<$t, $N>) -> $t {
                match self {
                    $($Enum::$V(s) => s.local_support_value(dir),)+
                }
            }
        }

        impl OurShape<$t, $N> for $Enum {
            fn separation(
                a: &Self,
                pa: &Pose<$t, $N>,
                b: &Self,
                pb: &Pose<$t, $N>,
            ) -> Separation<$t, $N> {
                match (a, b) {
                    $(($Enum::$A(a), $Enum::$B(b)) => sat::separation(a, pa, b, pb),)+
                    _ => unreachable!("one kind per pool"),
                }
            }
        }
    };
}

/// Converts the `f64` descriptions to both libraries in one precision.
macro_rules! precision {
    ($m:ident, $t:ty, $p2:ident, $p3:ident) => {
        /// The pools converted to one precision.
        pub mod $m {
            use super::*;
            use separating_axis as sat;

            /// A separating-axis 2D shape.
            pub enum Ours2 {
                Box(sat::Obb<$t, 2>),
                Polygon(sat::ConvexPolygon<$t>),
                Circle(sat::Ball<$t, 2>),
            }

            /// A separating-axis 3D shape.
            #[allow(clippy::large_enum_variant)] // built once per pool, outside timing
            pub enum Ours3 {
                Box(sat::Obb<$t, 3>),
                Hull(sat::ConvexPolyhedron<$t>),
            }

            our_shape!(
                $t,
                Ours2,
                2,
                [Box, Polygon, Circle],
                [(Box, Box), (Polygon, Polygon), (Circle, Polygon)]
            );
            our_shape!($t, Ours3, 3, [Box, Hull], [(Box, Box), (Hull, Hull)]);

            pub fn ours2(s: &Shape2) -> Ours2 {
                match s {
                    Shape2::Box(h) => Ours2::Box(
                        sat::Obb::new(
                            Point2::origin(),
                            nalgebra::Rotation2::identity(),
                            Vector2::new(h[0] as $t, h[1] as $t),
                        )
                        .unwrap(),
                    ),
                    Shape2::Polygon(v) => Ours2::Polygon(
                        sat::ConvexPolygon::new(&v.iter().map(|p| p.cast()).collect::<Vec<_>>())
                            .unwrap(),
                    ),
                    Shape2::Circle(r) => {
                        Ours2::Circle(sat::Ball::new(Point2::origin(), *r as $t).unwrap())
                    }
                }
            }

            pub fn ours3(s: &Shape3) -> Ours3 {
                match s {
                    Shape3::Box(h) => Ours3::Box(
                        sat::Obb::new(
                            Point3::origin(),
                            Rotation3::identity(),
                            Vector3::new(h[0] as $t, h[1] as $t, h[2] as $t),
                        )
                        .unwrap(),
                    ),
                    Shape3::Hull(v) => Ours3::Hull(
                        sat::ConvexPolyhedron::from_hull(
                            &v.iter().map(|p| p.cast()).collect::<Vec<_>>(),
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
                pub use $p3::shape::{ConvexPolyhedron, Cuboid, SharedShape};
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
