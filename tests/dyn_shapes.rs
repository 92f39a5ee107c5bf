//! Queries through `&dyn Shape`, `Box<dyn Shape>`, shapes that borrow
//! non-`'static` data, and [`AnyShape`]: every query accepts them, the
//! fast-path hooks fire through `dyn`, and `AnyShape` answers exactly as the
//! concrete types do. Each test runs in `f32` and `f64`.

use nalgebra::{Point2, Point3, Rotation2, Rotation3, SVector, Unit, Vector2, Vector3};
use separating_axis::{
    containment, contains_point, engine, intersects,
    pair::{obb_obb, polygon_polygon, polyhedron_polyhedron},
    penetration, separation, Aabb, AnyShape, Ball, Capsule, Containment, ConvexPolygon,
    ConvexPolyhedron, Feature, Obb, Pose, Pose2, Pose3, Real, Separation, Shape, Support,
};

use crate::support::rng::Rng;

/// Draws from the shared generator, converted to the test's scalar.
trait RealDraw {
    fn real<T: Real>(&mut self, lo: f64, hi: f64) -> T;
    fn rotation3<T: Real>(&mut self) -> Rotation3<T>;
    fn pose2<T: Real>(&mut self, reach: f64) -> Pose2<T>;
    fn pose3<T: Real>(&mut self, reach: f64) -> Pose3<T>;
}

impl RealDraw for Rng {
    fn real<T: Real>(&mut self, lo: f64, hi: f64) -> T {
        nalgebra::convert(self.range(lo, hi))
    }

    fn rotation3<T: Real>(&mut self) -> Rotation3<T> {
        let axis = Vector3::new(
            self.real::<T>(-1.0, 1.0),
            self.real(-1.0, 1.0),
            self.real(0.1, 1.0),
        );
        Rotation3::from_axis_angle(&Unit::new_normalize(axis), self.real(0.0, 6.3))
    }

    fn pose2<T: Real>(&mut self, reach: f64) -> Pose2<T> {
        Pose2::new(
            Vector2::new(self.real(-reach, reach), self.real(-reach, reach)),
            self.real(0.0, 6.3),
        )
    }

    fn pose3<T: Real>(&mut self, reach: f64) -> Pose3<T> {
        let t = Vector3::new(
            self.real(-reach, reach),
            self.real(-reach, reach),
            self.real(-reach, reach),
        );
        Pose3::from_parts(t.into(), self.rotation3())
    }
}

/// The bits of a separation: distance, axis, feature.
fn bits<T: Real, const N: usize>(s: &Separation<T, N>) -> Bits {
    let f = |x: T| num_traits::ToPrimitive::to_f64(&x).unwrap_or(f64::NAN);
    let mut v = vec![f(s.distance)];
    v.extend(s.axis.iter().map(|&x| f(x)));
    (v, s.feature)
}

/// A separation's bits: distance and axis as `f64`s, and the feature.
type Bits = (Vec<f64>, Feature);

/// Every query's answer: separation, intersects, penetration, containment.
type Answers = (Bits, bool, Option<Bits>, Containment);

/// Every query of `a` and `b` at their poses, as comparable values.
fn answers<T, const N: usize, A, B>(a: &A, pa: &Pose<T, N>, b: &B, pb: &Pose<T, N>) -> Answers
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let p = penetration(a, pa, b, pb).map(|p| {
        bits(&Separation {
            distance: p.depth,
            axis: p.normal,
            feature: p.feature,
        })
    });
    (
        bits(&separation(a, pa, b, pb)),
        intersects(a, pa, b, pb),
        p,
        containment(a, pa, b, pb),
    )
}

/// A convex polygon over vertices it borrows (counter-clockwise): a
/// custom shape that is not `'static`.
struct Borrowed<'a, T: Real> {
    vertices: &'a [Point2<T>],
}

impl<T: Real> Borrowed<'_, T> {
    fn edge(&self, i: usize) -> (Point2<T>, Point2<T>) {
        let n = self.vertices.len();
        (self.vertices[i % n], self.vertices[(i + 1) % n])
    }
}

impl<T: Real> Support<T, 2> for Borrowed<'_, T> {
    fn local_support_point(&self, d: &Vector2<T>) -> Point2<T> {
        let mut best = self.vertices[0];
        for v in self.vertices {
            if d.dot(&v.coords) > d.dot(&best.coords) {
                best = *v;
            }
        }
        best
    }
}

impl<T: Real> Shape<T, 2> for Borrowed<'_, T> {
    fn face_count(&self) -> usize {
        self.vertices.len()
    }
    fn local_face_normal(&self, i: usize) -> Unit<Vector2<T>> {
        let (p, q) = self.edge(i);
        let e = q - p;
        Unit::new_normalize(Vector2::new(e.y, -e.x))
    }
    fn core_vertex_count(&self) -> usize {
        self.vertices.len()
    }
    fn local_core_vertex(&self, i: usize) -> Point2<T> {
        self.vertices[i % self.vertices.len()]
    }
    fn local_core_closest_point(&self, p: &Point2<T>) -> Point2<T> {
        if self.local_contains_point(p) {
            return *p;
        }
        let mut best = self.vertices[0];
        for i in 0..self.vertices.len() {
            let (a, b) = self.edge(i);
            let e = b - a;
            let t = ((p - a).dot(&e) / e.norm_squared()).clamp(T::zero(), T::one());
            let q = a + e * t;
            if (q - p).norm_squared() < (best - p).norm_squared() {
                best = q;
            }
        }
        best
    }
    fn local_contains_point(&self, p: &Point2<T>) -> bool {
        (0..self.vertices.len()).all(|i| {
            let n = self.local_face_normal(i);
            n.dot(&(p - self.edge(i).0)) <= T::zero()
        })
    }
}

fn r<T: Real>(x: f64) -> T {
    nalgebra::convert(x)
}

/// The unit square over a local `Vec` the shape borrows, against a ball
/// (radius 1/2), through the concrete type, `&dyn Shape` and
/// `Box<dyn Shape>`, in both orders: every query, hand-derived values.
fn borrowed_custom_shape_through_every_query<T: Real>() {
    let corners: Vec<Point2<T>> = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
        .iter()
        .map(|&(x, y)| Point2::new(r(x), r(y)))
        .collect();
    let square = Borrowed { vertices: &corners };
    let ball = Ball::new(Point2::origin(), r::<T>(0.5)).unwrap();
    let small = Ball::new(Point2::origin(), r::<T>(0.25)).unwrap();
    let id = Pose2::identity();
    let apart = Pose2::translation(r(2.0), r(0.5));
    let deep = Pose2::translation(r(1.25), r(0.5));
    let inside = Pose2::translation(r(0.5), r(0.5));
    let boxed: Box<dyn Shape<T, 2> + '_> = Box::new(Borrowed { vertices: &corners });
    let as_dyn: &dyn Shape<T, 2> = &square;
    let ball_dyn: &dyn Shape<T, 2> = &ball;
    let views: [&dyn Shape<T, 2>; 2] = [as_dyn, &*boxed];
    // The concrete type first, then the two dyn views.
    let check = |s: Separation<T, 2>, flipped: bool, d: f64| {
        assert_eq!(s.distance, r::<T>(d));
        let x = if flipped { -T::one() } else { T::one() };
        assert_eq!(s.axis.into_inner(), Vector2::new(x, T::zero()));
    };
    check(separation(&square, &id, &ball, &apart), false, 0.5);
    check(separation(&ball, &apart, &square, &id), true, 0.5);
    for v in views {
        check(separation(v, &id, &ball, &apart), false, 0.5);
        check(separation(&ball, &apart, v, &id), true, 0.5);
        check(separation(v, &id, ball_dyn, &apart), false, 0.5);
        assert!(!intersects(v, &id, &ball, &apart));
        assert!(!intersects(&ball, &apart, v, &id));
        assert!(intersects(v, &id, &ball, &deep));
        assert!(intersects(ball_dyn, &deep, v, &id));
        assert!(penetration(v, &id, &ball, &apart).is_none());
        let p = penetration(v, &id, &ball, &deep).unwrap();
        assert_eq!(p.depth, r::<T>(0.25));
        assert_eq!(p.normal.into_inner(), Vector2::x());
        let p = penetration(&ball, &deep, v, &id).unwrap();
        assert_eq!(p.depth, r::<T>(0.25));
        assert_eq!(p.normal.into_inner(), -Vector2::x());
        assert_eq!(
            containment(v, &id, &small, &inside),
            Containment {
                a_in_b: false,
                b_in_a: true
            }
        );
        assert_eq!(
            containment(&small, &inside, v, &id),
            Containment {
                a_in_b: true,
                b_in_a: false
            }
        );
        assert!(contains_point(v, &apart, &Point2::new(r(2.5), r(1.0))));
        assert!(!contains_point(v, &apart, &Point2::new(r(3.5), r(1.0))));
    }
}

/// A shape whose geometry is a ball of radius 1 but whose hooks claim
/// another shape: which answer comes back shows which path ran.
struct Decoy<T: Real, const N: usize> {
    ball: Ball<T, N>,
    obb: Option<Obb<T, N>>,
    polygon: Option<ConvexPolygon<T>>,
    polyhedron: Option<ConvexPolyhedron<T>>,
}

impl<T: Real, const N: usize> Decoy<T, N> {
    fn new() -> Self {
        Self {
            ball: Ball::new(nalgebra::Point::origin(), T::one()).unwrap(),
            obb: None,
            polygon: None,
            polyhedron: None,
        }
    }
}

impl<T: Real, const N: usize> Support<T, N> for Decoy<T, N> {
    fn local_support_point(&self, d: &SVector<T, N>) -> nalgebra::Point<T, N> {
        self.ball.local_support_point(d)
    }
}

impl<T: Real, const N: usize> Shape<T, N> for Decoy<T, N> {
    fn face_count(&self) -> usize {
        0
    }
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        self.ball.local_face_normal(i)
    }
    fn core_vertex_count(&self) -> usize {
        1
    }
    fn local_core_vertex(&self, i: usize) -> nalgebra::Point<T, N> {
        self.ball.local_core_vertex(i)
    }
    fn radius(&self) -> T {
        T::one()
    }
    fn local_core_closest_point(&self, p: &nalgebra::Point<T, N>) -> nalgebra::Point<T, N> {
        self.ball.local_core_closest_point(p)
    }
    fn local_contains_point(&self, p: &nalgebra::Point<T, N>) -> bool {
        self.ball.local_contains_point(p)
    }
    fn as_obb(&self) -> Option<Obb<T, N>> {
        self.obb
    }
    fn as_polygon(&self) -> Option<&ConvexPolygon<T>> {
        self.polygon.as_ref()
    }
    fn as_polyhedron(&self) -> Option<&ConvexPolyhedron<T>> {
        self.polyhedron.as_ref()
    }
}

/// Asserts that the queries of `a`, `b` (dyn views of decoys or real
/// shapes) are the path's answers, `(separation, intersects)`, and that
/// the decoys' own geometry (two unit balls) would answer otherwise.
fn assert_path<T: Real, const N: usize>(
    a: &dyn Shape<T, N>,
    pa: &Pose<T, N>,
    b: &dyn Shape<T, N>,
    pb: &Pose<T, N>,
    path: (Separation<T, N>, bool),
) {
    assert_eq!(bits(&separation(a, pa, b, pb)), bits(&path.0));
    assert_eq!(intersects(a, pa, b, pb), path.1);
    assert_eq!(
        penetration(a, pa, b, pb).map(|p| (p.depth, p.normal, p.feature)),
        path.0.penetration().map(|p| (p.depth, p.normal, p.feature))
    );
}

/// Through `&dyn Shape` the hooks route a pair to its path: decoys whose
/// geometry is a unit ball but whose hooks claim a box, a polygon or a
/// polyhedron get the path's answer (a face feature; the balls would give
/// a round one), for real shapes and decoys alike, both orders.
fn fast_paths_fire_through_dyn<T: Real>() {
    let mut rng = Rng(7);
    for _ in 0..50 {
        // 3D boxes.
        let obb = |rng: &mut Rng| {
            let h = Vector3::new(rng.real(0.3, 1.5), rng.real(0.3, 1.5), rng.real(0.3, 1.5));
            Obb::new(
                Point3::new(rng.real(-0.5, 0.5), T::zero(), T::zero()),
                rng.rotation3(),
                h,
            )
            .unwrap()
        };
        let (oa, ob) = (obb(&mut rng), obb(&mut rng));
        let (pa, pb) = (rng.pose3::<T>(1.5), rng.pose3::<T>(1.5));
        let (mut da, mut db) = (Decoy::<T, 3>::new(), Decoy::<T, 3>::new());
        da.obb = Some(oa);
        db.obb = Some(ob);
        for (a, pa, b, pb, xa, xb) in [
            (&oa, &pa, &ob, &pb, &da, &db),
            (&ob, &pb, &oa, &pa, &db, &da),
        ] {
            let path = (
                obb_obb::separation(a, pa, b, pb),
                obb_obb::intersects(a, pa, b, pb),
            );
            assert_path(a, pa, b, pb, path);
            assert_path(xa, pa, xb, pb, path);
            assert!(matches!(
                path.0.feature,
                Feature::FaceA(_) | Feature::FaceB(_) | Feature::EdgePair(..)
            ));
            assert_ne!(engine::separation(xa, pa, xb, pb).feature, path.0.feature);
        }
        // 2D polygons.
        let poly = |rng: &mut Rng| {
            let points: Vec<Point2<T>> = (0..6)
                .map(|_| Point2::new(rng.real(-1.0, 1.0), rng.real(-1.0, 1.0)))
                .collect();
            ConvexPolygon::from_hull(&points).unwrap()
        };
        let (ga, gb) = (poly(&mut rng), poly(&mut rng));
        let (pa, pb) = (rng.pose2::<T>(1.0), rng.pose2::<T>(1.0));
        let (mut da, mut db) = (Decoy::<T, 2>::new(), Decoy::<T, 2>::new());
        da.polygon = Some(ga.clone());
        db.polygon = Some(gb.clone());
        for (a, pa, b, pb, xa, xb) in [
            (&ga, &pa, &gb, &pb, &da, &db),
            (&gb, &pb, &ga, &pa, &db, &da),
        ] {
            let path = (
                polygon_polygon::separation(a, pa, b, pb),
                polygon_polygon::intersects(a, pa, b, pb),
            );
            assert_path(a, pa, b, pb, path);
            assert_path(xa, pa, xb, pb, path);
            assert_ne!(engine::separation(xa, pa, xb, pb).feature, path.0.feature);
        }
        // 3D hulls.
        let hull = |rng: &mut Rng| {
            let points: Vec<Point3<T>> = (0..10)
                .map(|_| {
                    Point3::new(
                        rng.real(-1.0, 1.0),
                        rng.real(-1.0, 1.0),
                        rng.real(-1.0, 1.0),
                    )
                })
                .collect();
            ConvexPolyhedron::from_hull(&points).unwrap()
        };
        let (ha, hb) = (hull(&mut rng), hull(&mut rng));
        let (pa, pb) = (rng.pose3::<T>(1.2), rng.pose3::<T>(1.2));
        let (mut da, mut db) = (Decoy::<T, 3>::new(), Decoy::<T, 3>::new());
        da.polyhedron = Some(ha.clone());
        db.polyhedron = Some(hb.clone());
        for (a, pa, b, pb, xa, xb) in [
            (&ha, &pa, &hb, &pb, &da, &db),
            (&hb, &pb, &ha, &pa, &db, &da),
        ] {
            let path = (
                polyhedron_polyhedron::separation(a, pa, b, pb),
                polyhedron_polyhedron::intersects(a, pa, b, pb),
            );
            assert_path(a, pa, b, pb, path);
            assert_path(xa, pa, xb, pb, path);
            assert_ne!(engine::separation(xa, pa, xb, pb).feature, path.0.feature);
        }
    }
}

/// A pair of `Aabb`s (concrete, `dyn`, `AnyShape`) gets the box path's
/// answers on the same boxes as `Obb`s, bit for bit, features included,
/// in 2D and 3D, both orders.
fn aabb_pairs_take_the_box_path<T: Real>() {
    fn check<T: Real, const N: usize>(rng: &mut Rng, pose: impl Fn(&mut Rng) -> Pose<T, N>)
    where
        nalgebra::Const<N>: separating_axis::PolytopeDim<T, N>,
    {
        let aabb = |rng: &mut Rng| {
            let min = SVector::<T, N>::from_fn(|_, _| rng.real(-1.0, 0.5));
            let size = SVector::<T, N>::from_fn(|_, _| rng.real(0.2, 1.5));
            Aabb::new((min).into(), (min + size).into()).unwrap()
        };
        let (a, b) = (aabb(rng), aabb(rng));
        let as_obb = |x: &Aabb<T, N>| {
            Obb::new(x.center(), nalgebra::Rotation::identity(), x.half_extents()).unwrap()
        };
        let (oa, ob) = (as_obb(&a), as_obb(&b));
        let (pa, pb) = (pose(rng), pose(rng));
        let (anya, anyb) = (AnyShape::from(a), AnyShape::from(b));
        for (a, oa, anya, pa, b, ob, anyb, pb) in [
            (&a, &oa, &anya, &pa, &b, &ob, &anyb, &pb),
            (&b, &ob, &anyb, &pb, &a, &oa, &anya, &pa),
        ] {
            let path = bits(&obb_obb::separation(oa, pa, ob, pb));
            let verdict = obb_obb::intersects(oa, pa, ob, pb);
            let (da, db): (&dyn Shape<T, N>, &dyn Shape<T, N>) = (a, b);
            for s in [
                separation(a, pa, b, pb),
                separation(da, pa, db, pb),
                separation(anya, pa, anyb, pb),
            ] {
                assert_eq!(bits(&s), path);
            }
            assert_eq!(intersects(a, pa, b, pb), verdict);
            assert_eq!(intersects(da, pa, db, pb), verdict);
            assert_eq!(intersects(anya, pa, anyb, pb), verdict);
        }
    }
    let mut rng = Rng(3);
    for _ in 0..200 {
        check::<T, 2>(&mut rng, |rng| rng.pose2(1.5));
        check::<T, 3>(&mut rng, |rng| rng.pose3(1.5));
    }
}

/// Random shapes of every kind as `AnyShape`s.
fn shapes2<T: Real>(rng: &mut Rng) -> Vec<AnyShape<T, 2>> {
    let p = |rng: &mut Rng| Point2::new(rng.real(-0.5, 0.5), rng.real(-0.5, 0.5));
    let points: Vec<Point2<T>> = (0..7).map(|_| p(rng) * r::<T>(2.0)).collect();
    vec![
        Ball::new(p(rng), rng.real(0.3, 1.0)).unwrap().into(),
        Capsule::new(
            p(rng),
            p(rng) + Vector2::new(r(0.7), T::zero()),
            rng.real(0.2, 0.6),
        )
        .unwrap()
        .into(),
        Aabb::new(p(rng), p(rng) + Vector2::new(r(1.0), r(1.0)))
            .unwrap()
            .into(),
        Obb::new(
            p(rng),
            Rotation2::new(rng.real(0.0, 6.3)),
            Vector2::new(rng.real(0.2, 1.0), rng.real(0.2, 1.0)),
        )
        .unwrap()
        .into(),
        ConvexPolygon::from_hull(&points).unwrap().into(),
    ]
}

/// Random shapes of every kind as `AnyShape`s.
fn shapes3<T: Real>(rng: &mut Rng) -> Vec<AnyShape<T, 3>> {
    let p = |rng: &mut Rng| {
        Point3::new(
            rng.real(-0.5, 0.5),
            rng.real(-0.5, 0.5),
            rng.real(-0.5, 0.5),
        )
    };
    let points: Vec<Point3<T>> = (0..10).map(|_| p(rng) * r::<T>(2.0)).collect();
    vec![
        Ball::new(p(rng), rng.real(0.3, 1.0)).unwrap().into(),
        Capsule::new(
            p(rng),
            p(rng) + Vector3::new(r(0.7), T::zero(), T::zero()),
            rng.real(0.2, 0.6),
        )
        .unwrap()
        .into(),
        Aabb::new(p(rng), p(rng) + Vector3::new(r(1.0), r(1.0), r(1.0)))
            .unwrap()
            .into(),
        Obb::new(
            p(rng),
            rng.rotation3(),
            Vector3::new(rng.real(0.2, 1.0), rng.real(0.2, 1.0), rng.real(0.2, 1.0)),
        )
        .unwrap()
        .into(),
        ConvexPolyhedron::from_hull(&points).unwrap().into(),
    ]
}

/// The answers of the concrete shapes held by two `AnyShape`s.
macro_rules! concrete {
    ($a:expr, $pa:expr, $b:expr, $pb:expr) => {
        concrete!(@a $a, $pa, $b, $pb, [Ball, Capsule, Aabb, Obb, Polytope])
    };
    (@a $a:expr, $pa:expr, $b:expr, $pb:expr, [$($V:ident),+]) => {
        match $a {
            $(AnyShape::$V(x) => concrete!(@b x, $pa, $b, $pb, [Ball, Capsule, Aabb, Obb, Polytope]),)+
            _ => unreachable!("every variant is listed"),
        }
    };
    (@b $x:ident, $pa:expr, $b:expr, $pb:expr, [$($V:ident),+]) => {
        match $b {
            $(AnyShape::$V(y) => answers($x, $pa, y, $pb),)+
            _ => unreachable!("every variant is listed"),
        }
    };
}

/// `AnyShape` answers every query exactly as the concrete types it holds,
/// on random pairs of every kind, both orders, 2D and 3D.
fn any_shape_equals_concrete_types<T: Real>() {
    let mut rng = Rng(5);
    for _ in 0..40 {
        let (xs, ys) = (shapes2::<T>(&mut rng), shapes2::<T>(&mut rng));
        for a in &xs {
            for b in &ys {
                let (pa, pb) = (rng.pose2::<T>(1.0), rng.pose2::<T>(1.0));
                assert_eq!(answers(a, &pa, b, &pb), concrete!(a, &pa, b, &pb));
                assert_eq!(answers(b, &pb, a, &pa), concrete!(b, &pb, a, &pa));
            }
        }
        let (xs, ys) = (shapes3::<T>(&mut rng), shapes3::<T>(&mut rng));
        for a in &xs {
            for b in &ys {
                let (pa, pb) = (rng.pose3::<T>(1.0), rng.pose3::<T>(1.0));
                assert_eq!(answers(a, &pa, b, &pb), concrete!(a, &pa, b, &pb));
                assert_eq!(answers(b, &pb, a, &pa), concrete!(b, &pb, a, &pa));
            }
        }
    }
}

macro_rules! for_scalars {
    ($($name:ident),+) => {
        mod f32 {
            $(#[test] fn $name() { super::$name::<f32>(); })+
        }
        mod f64 {
            $(#[test] fn $name() { super::$name::<f64>(); })+
        }
    };
}

for_scalars!(
    borrowed_custom_shape_through_every_query,
    fast_paths_fire_through_dyn,
    aabb_pairs_take_the_box_path,
    any_shape_equals_concrete_types
);
