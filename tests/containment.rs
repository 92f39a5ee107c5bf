//! Containment: every built-in shape contains itself at any pose (touching
//! boundaries count), a copy moved out by a hair is not contained, near the
//! origin and far from it, and boxes in many dimensions are decided without
//! walking their corners.

use crate::support::rng::Rng;
use nalgebra::{Isometry, Point, Point2, Point3, SMatrix, SVector, Translation};
use separating_axis::{
    containment, Aabb, Ball, Capsule, Containment, ConvexPolygon, ConvexPolyhedron, Obb, Pose,
    Real, Shape,
};

fn to64<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn c<T: Real>(x: f64) -> T {
    nalgebra::convert(x)
}

fn random_rotation<const N: usize>(rng: &mut Rng) -> SMatrix<f64, N, N> {
    loop {
        let mut m = SMatrix::<f64, N, N>::from_fn(|_, _| rng.range(-1.0, 1.0));
        let mut ok = true;
        for j in 0..N {
            let mut col = m.column(j).into_owned();
            for _ in 0..2 {
                for k in 0..j {
                    let q = m.column(k).into_owned();
                    col -= q * q.dot(&col);
                }
            }
            let n = col.norm();
            ok &= n > 0.1;
            m.set_column(j, &(col / n));
        }
        if ok {
            if nalgebra::DMatrix::from_iterator(N, N, m.iter().copied()).determinant() < 0.0 {
                let col = -m.column(0).into_owned();
                m.set_column(0, &col);
            }
            return m;
        }
    }
}

fn pose<T: Real, const N: usize>(r: &SMatrix<f64, N, N>, t: &SVector<f64, N>) -> Pose<T, N> {
    Isometry::from_parts(
        Translation::from(t.map(c::<T>)),
        nalgebra::Rotation::from_matrix_unchecked(r.map(c::<T>)),
    )
}

fn point<T: Real, const N: usize>(v: &SVector<f64, N>) -> Point<T, N> {
    Point::from(v.map(c::<T>))
}

/// Random shapes of every built-in kind in `N` dimensions, of size about
/// 1, with a name for messages; polygons only in 2D, polyhedra only in 3D
/// (added by the callers).
fn shapes<T: Real, const N: usize>(rng: &mut Rng) -> Vec<(&'static str, Box<dyn Shape<T, N>>)> {
    let v = |rng: &mut Rng, lo: f64, hi: f64| SVector::<f64, N>::from_fn(|_, _| rng.range(lo, hi));
    let centre = v(rng, -0.5, 0.5);
    let half = v(rng, 0.2, 1.5);
    let rot = random_rotation::<N>(rng);
    vec![
        (
            "obb",
            Box::new(
                Obb::new(
                    point::<T, N>(&centre),
                    nalgebra::Rotation::from_matrix_unchecked(rot.map(c::<T>)),
                    half.map(c::<T>),
                )
                .unwrap(),
            ),
        ),
        (
            "aabb",
            Box::new(Aabb::from_half_extents(point::<T, N>(&centre), half.map(c::<T>)).unwrap()),
        ),
        (
            "ball",
            Box::new(Ball::new(point::<T, N>(&centre), c(rng.range(0.2, 1.5))).unwrap()),
        ),
        (
            "capsule",
            Box::new(
                Capsule::new(
                    point::<T, N>(&(centre - half)),
                    point::<T, N>(&(centre + half)),
                    c(rng.range(0.1, 1.0)),
                )
                .unwrap(),
            ),
        ),
    ]
}

/// The relative move that must be seen: 1e-5 of the scale in f32, 1e-12
/// in f64 (84 and 4500 ε).
fn hair<T: Real>() -> f64 {
    if to64(T::default_epsilon()) > 1e-10 {
        1e-5
    } else {
        1e-12
    }
}

/// For one shape at `trials` random poses with translations of size
/// `far`: it contains itself, and a copy moved out by `hair · scale`
/// (scale = max(|t|, 2)) is not contained, in both argument orders.
/// Returns (self-containment failures, moved-copy failures).
fn check_shape<T: Real, const N: usize>(
    shape: &dyn Shape<T, N>,
    rng: &mut Rng,
    far: f64,
    trials: usize,
) -> (usize, usize) {
    let (mut own, mut moved) = (0, 0);
    for _ in 0..trials {
        let r = random_rotation::<N>(rng);
        let t = rng.unit_vector::<N>() * far * rng.range(0.5, 1.0);
        let p = pose::<T, N>(&r, &t);
        if containment(shape, &p, shape, &p)
            != (Containment {
                a_in_b: true,
                b_in_a: true,
            })
        {
            own += 1;
        }
        // The same placement reached another way: p · (S Sᵀ) for a random
        // rotation S, equal to p up to round-off.
        let s = random_rotation::<N>(rng);
        let (s1, s2) = (
            pose::<T, N>(&s, &SVector::zeros()),
            pose::<T, N>(&s.transpose(), &SVector::zeros()),
        );
        let p2 = p * s1 * s2;
        if !containment(shape, &p, shape, &p2).a_in_b || !containment(shape, &p2, shape, &p).b_in_a
        {
            own += 1;
        }
        // Out through a face (polytopes: the copy pokes out by the whole
        // move there) or in any direction (rounded shapes: an endpoint of
        // the core moves away by the whole move).
        let dir = if shape.radius() > T::zero() {
            rng.unit_vector::<N>()
        } else {
            let i = (rng.next_u64() % shape.face_count() as u64) as usize;
            let n = shape.local_face_normal(i).into_inner().map(to64);
            r * n
        };
        let step = hair::<T>() * t.norm().max(2.0);
        let q = pose::<T, N>(&r, &(t + dir * step));
        if containment(shape, &q, shape, &p).a_in_b || containment(shape, &p, shape, &q).b_in_a {
            moved += 1;
        }
    }
    (own, moved)
}

/// Every shape of `shapes` at near and far poses: f32 far is 1e4, f64 1e8.
fn campaign<T: Real, const N: usize>(
    seed: u64,
    extra: Vec<(&'static str, Box<dyn Shape<T, N>>)>,
) -> Vec<String> {
    let mut rng = Rng(seed);
    let far = if hair::<T>() > 1e-10 { 1e4 } else { 1e8 };
    let mut failures = Vec::new();
    for round in 0..8 {
        let list = shapes::<T, N>(&mut rng);
        let extra = extra.iter().filter(|_| round == 0);
        for (name, s) in list.iter().chain(extra).map(|(n, s)| (*n, s.as_ref())) {
            for scale in [1.0, far] {
                let (own, moved) = check_shape::<T, N>(s, &mut rng, scale, 25);
                if own + moved > 0 {
                    failures.push(format!(
                        "N={N} {name} at {scale:e}: {own} not containing itself, {moved} moved copies contained"
                    ));
                }
            }
        }
    }
    failures
}

fn polygons<T: Real>(rng: &mut Rng) -> Vec<(&'static str, Box<dyn Shape<T, 2>>)> {
    (0..4)
        .map(|_| {
            let pts: Vec<Point2<T>> = (0..8)
                .map(|_| Point2::new(c(rng.range(-1.0, 1.5)), c(rng.range(-1.0, 1.0))))
                .collect();
            let s: Box<dyn Shape<T, 2>> = Box::new(ConvexPolygon::from_hull(&pts).unwrap());
            ("polygon", s)
        })
        .collect()
}

fn polyhedra<T: Real>(rng: &mut Rng) -> Vec<(&'static str, Box<dyn Shape<T, 3>>)> {
    (0..4)
        .map(|_| {
            let pts: Vec<Point3<T>> = (0..16)
                .map(|_| {
                    Point3::new(
                        c(rng.range(-1.0, 1.5)),
                        c(rng.range(-1.0, 1.0)),
                        c(rng.range(-0.5, 1.0)),
                    )
                })
                .collect();
            let s: Box<dyn Shape<T, 3>> = Box::new(ConvexPolyhedron::from_hull(&pts).unwrap());
            ("polyhedron", s)
        })
        .collect()
}

fn every_shape<T: Real>() -> Vec<String> {
    let mut rng = Rng(0xC0_7A1);
    let mut f = campaign::<T, 2>(1, polygons::<T>(&mut rng));
    f.extend(campaign::<T, 3>(2, polyhedra::<T>(&mut rng)));
    f.extend(campaign::<T, 4>(3, Vec::new()));
    f.extend(campaign::<T, 5>(4, Vec::new()));
    f
}

macro_rules! for_scalars {
    ($($name:ident: $body:expr;)*) => {$(
        mod $name {
            use super::*;
            #[test]
            fn f32() {
                type T = f32;
                $body
            }
            #[test]
            fn f64() {
                type T = f64;
                $body
            }
        }
    )*};
}

for_scalars! {
    // Regression: `containment(&a, &p, &a, &p)` was false for boxes, balls
    // and capsules (round-off between the two sides of `h_inner <= h_outer`
    // and of `|p − q| + r <= r`); a copy moved out by 1e-5 (f32) or 1e-12
    // (f64) of the scale, near the origin and at 1e4 (f32) / 1e8 (f64),
    // must stay outside.
    every_shape_contains_itself_and_not_a_moved_copy: {
        let failures = every_shape::<T>();
        assert!(failures.is_empty(), "{failures:#?}");
    };
    // Hand values: the box [−1, 1]⁶⁴ is inside the ball of radius 8.1
    // about the origin (its farthest corner is at √64 = 8) and not inside
    // the ball of radius 7.9; a ball of radius 1 is inside the box. The
    // corner walk `1 << 64` panicked here.
    box_in_a_ball_in_64_dimensions: {
        let cube = Aabb::<T, 64>::from_half_extents(Point::origin(), SVector::repeat(c(1.0))).unwrap();
        let id = Pose::<T, 64>::identity();
        for (r, inside) in [(8.1, true), (7.9, false)] {
            let ball = Ball::new(Point::origin(), c::<T>(r)).unwrap();
            assert_eq!(containment(&cube, &id, &ball, &id).a_in_b, inside, "r = {r}");
            assert_eq!(containment(&ball, &id, &cube, &id).b_in_a, inside, "r = {r}");
        }
        let unit_ball = Ball::new(Point::origin(), c::<T>(1.0)).unwrap();
        assert!(containment(&unit_ball, &id, &cube, &id).a_in_b);
        assert!(!containment(&cube, &id, &unit_ball, &id).a_in_b);
    };
    // Hand values in 20 dimensions, beyond the 2¹⁶ corners the capsule test
    // scans: the box [−1, 1]²⁰ around the middle of the segment from
    // −5e₀ to 5e₀. Its corners are √19 = 4.359 from the axis and √20 =
    // 4.472 from the middle: radius 4.6 is proved to contain it (the
    // farthest corner from the middle is within it), radius 4.2 proved not
    // to (a corner is 4.359 from the segment).
    box_in_a_capsule_in_20_dimensions_is_decided_by_bounds: {
        let cube = Aabb::<T, 20>::from_half_extents(Point::origin(), SVector::repeat(c(1.0))).unwrap();
        let mut e = SVector::<T, 20>::zeros();
        e[0] = c(5.0);
        let id = Pose::<T, 20>::identity();
        for (r, inside) in [(4.6, true), (4.2, false)] {
            let cap = Capsule::new(Point::from(-e), Point::from(e), c::<T>(r)).unwrap();
            assert_eq!(containment(&cube, &id, &cap, &id).a_in_b, inside, "r = {r}");
            assert_eq!(containment(&cap, &id, &cube, &id).b_in_a, inside, "r = {r}");
        }
    };
}
