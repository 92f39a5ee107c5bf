//! The box ray cast's two routes (src/ray/boxes.rs) against each other: an
//! `Obb` takes the fast path (the slabs as whole-vector steps when the ray
//! crosses every slab, the axis loop when a direction component is zero),
//! and the same box given as an `Aabb` takes the general route (the ray in
//! the shape's frame, `Aabb::local_contains_point`, the axis loop). Both
//! make the same divisions and the same choices, so the time of impact
//! and the face agree to the bit; the point and the normal are posed back
//! by different arithmetic and agree to round-off. In 2D, 3D and 4D (the
//! axes past the third take the loop), f32 and f64, solid and hollow, with
//! origins inside, outside and on a face, directions with zero components,
//! and `max_toi` cut-offs.
//!
//! `cast_ray_toi` on a box takes its own time-only copy of the slabs when
//! the ray crosses every slab (`box_ray_toi`): against the time of
//! `cast_ray` (the route it was before), to the bit, on random rays and on
//! the awkward ones (zero, subnormal, huge and infinite coordinates, rays
//! along a face, `max_toi` of 0, infinity and NaN).

use nalgebra::{Point, Rotation, Rotation2, SVector};
use separating_axis::{cast_ray, cast_ray_toi, Aabb, Obb, Pose, Ray, RayHit};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A random pose's rotation in `N` dimensions.
type Turn<T, const N: usize> = fn(&mut Rng) -> Rotation<T, N>;

/// `cases` random rays at one box given both ways; returns how many hit.
fn compare_routes<T: TestReal, const N: usize>(
    rng: &mut Rng,
    turn: Turn<T, N>,
    cases: usize,
) -> usize {
    let tol = 64.0 * f(T::default_epsilon());
    let mut hits = 0;
    for case in 0..cases {
        let h = SVector::<f64, N>::from_fn(|_, _| rng.range(0.3, 3.0));
        let ht = h.map(t::<T>);
        let obb = Obb::new(Point::origin(), Rotation::identity(), ht).unwrap();
        let aabb = Aabb::new(Point::from(-ht), Point::from(ht)).unwrap();
        let rotation = if rng.chance(0.5) {
            Rotation::identity()
        } else {
            turn(rng)
        };
        let shift = SVector::<f64, N>::from_fn(|_, _| rng.range(-20.0, 20.0)).map(t::<T>);
        let pose = Pose::from_parts(shift.into(), rotation);
        // The origin in the box's frame: inside, outside, or on a face.
        let mut local = SVector::<f64, N>::from_fn(|_, _| rng.range(-5.0, 5.0));
        if rng.chance(0.2) {
            let k = rng.below(N);
            local[k] = if rng.chance(0.5) { h[k] } else { -h[k] };
        }
        // Directions with zero components (in the box's frame when the
        // rotation is the identity), towards the box half of the time.
        let mut dir = if rng.chance(0.5) {
            -local + SVector::<f64, N>::from_fn(|_, _| rng.range(-0.5, 0.5))
        } else {
            rng.unit_vector::<N>() * rng.range(0.1, 4.0)
        };
        for k in 0..N {
            if rng.chance(0.25) {
                dir[k] = 0.0;
            }
        }
        let origin = pose * Point::from(local.map(t::<T>));
        let ray = Ray::new(origin, pose.rotation * dir.map(t::<T>));
        let max_toi = t::<T>([0.5, 2.0, 100.0][rng.below(3)]);
        for solid in [true, false] {
            let fast = cast_ray(&obb, &pose, &ray, max_toi, solid);
            let general = cast_ray(&aabb, &pose, &ray, max_toi, solid);
            match (fast, general) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    hits += 1;
                    same_hit(&a, &b, tol * (1.0 + f(shift.amax()) + f(a.toi)), case);
                }
                _ => panic!(
                    "{} N = {N} case {case} solid {solid}: {fast:?} against {general:?}",
                    T::NAME
                ),
            }
        }
    }
    hits
}

/// The same toi and face to the bit, the same point and normal to `tol`.
fn same_hit<T: TestReal, const N: usize>(
    a: &RayHit<T, N>,
    b: &RayHit<T, N>,
    tol: f64,
    case: usize,
) {
    let what = format!("{} N = {N} case {case}: {a:?} against {b:?}", T::NAME);
    assert_eq!(f(a.toi).to_bits(), f(b.toi).to_bits(), "toi, {what}");
    assert_eq!(a.face, b.face, "face, {what}");
    assert_eq!(a.normal.is_some(), b.normal.is_some(), "normal, {what}");
    if let (Some(na), Some(nb)) = (a.normal, b.normal) {
        assert!(
            f((na.into_inner() - nb.into_inner()).amax()) <= tol,
            "normal, {what}"
        );
    }
    assert!(f((a.point - b.point).amax()) <= tol, "point, {what}");
}

fn box_fast_path_matches_the_slab_loop<T: TestReal>() {
    let mut rng = Rng::new(0x5eed_0b0c);
    let cases = 2000;
    let turn2: Turn<T, 2> = |rng| Rotation2::new(t(rng.range(0.0, std::f64::consts::TAU)));
    let turn3: Turn<T, 3> = |rng| {
        let r = rng.rotation();
        Rotation::from_matrix_unchecked(r.matrix().map(t::<T>))
    };
    // 4D: a turn in the plane of the first and last axes.
    let turn4: Turn<T, 4> = |rng| {
        let (c, s) = rng.rational_cos_sin();
        let mut m = nalgebra::Matrix4::<f64>::identity();
        m[(0, 0)] = c;
        m[(3, 3)] = c;
        m[(0, 3)] = -s;
        m[(3, 0)] = s;
        Rotation::from_matrix_unchecked(m.map(t::<T>))
    };
    // Hits in both routes for a share of the rays (about one in five in
    // 2D): the comparison is not only of misses.
    for hits in [
        compare_routes(&mut rng, turn2, cases),
        compare_routes(&mut rng, turn3, cases),
        compare_routes(&mut rng, turn4, cases),
    ] {
        assert!(
            hits > cases / 10,
            "{} only {hits} hits of {}",
            T::NAME,
            2 * cases
        );
    }
}

/// A coordinate for the awkward rays: mostly ordinary, sometimes zero (of
/// either sign), subnormal, huge, infinite or NaN.
fn awkward(rng: &mut Rng, scale: f64) -> f64 {
    match rng.below(24) {
        0 => 0.0,
        1 => -0.0,
        2 => f64::MIN_POSITIVE * rng.range(-1.0, 1.0) * 1e-3,
        3 => 1e30 * rng.signed_unit(),
        4 => f64::INFINITY,
        5 => f64::NEG_INFINITY,
        6 => f64::NAN,
        _ => rng.range(-scale, scale),
    }
}

/// `count` rays at one box (centred or turned, in any pose); asserts the
/// two times agree to the bit and returns the hits.
fn toi_against_cast_ray<T: TestReal, const N: usize>(
    rng: &mut Rng,
    turn: Turn<T, N>,
    count: usize,
    odd: bool,
) -> usize {
    let mut hits = 0;
    for case in 0..count {
        let h = SVector::<f64, N>::from_fn(|_, _| rng.range(0.3, 3.0)).map(t::<T>);
        let centre = SVector::<f64, N>::from_fn(|_, _| rng.range(-1.0, 1.0)).map(t::<T>);
        let obb = if rng.chance(0.5) {
            Obb::new(Point::origin(), Rotation::identity(), h).unwrap()
        } else {
            Obb::new(Point::from(centre), turn(rng), h).unwrap()
        };
        let shift = SVector::<f64, N>::from_fn(|_, _| rng.range(-10.0, 10.0)).map(t::<T>);
        let pose = Pose::from_parts(shift.into(), turn(rng));
        let mut local = SVector::<f64, N>::from_fn(|_, _| rng.range(-5.0, 5.0));
        let mut dir = if rng.chance(0.5) {
            -local + SVector::<f64, N>::from_fn(|_, _| rng.range(-0.5, 0.5))
        } else {
            rng.unit_vector::<N>() * rng.range(0.1, 4.0)
        };
        if odd {
            local = local.map(|x| {
                if rng.chance(0.3) {
                    awkward(rng, 5.0)
                } else {
                    x
                }
            });
            dir = dir.map(|x| {
                if rng.chance(0.3) {
                    awkward(rng, 4.0)
                } else {
                    x
                }
            });
        }
        let origin = pose * Point::from(local.map(t::<T>));
        let ray = Ray::new(origin, pose.rotation * dir.map(t::<T>));
        let max_toi = t::<T>(match rng.below(if odd { 8 } else { 4 }) {
            0 => 0.5,
            1 => 2.0,
            2 | 3 => 100.0,
            4 => 0.0,
            5 => f64::INFINITY,
            6 => f64::MAX,
            _ => f64::NAN,
        });
        for solid in [true, false] {
            let old = cast_ray(&obb, &pose, &ray, max_toi, solid).map(|hit| f(hit.toi).to_bits());
            let new = cast_ray_toi(&obb, &pose, &ray, max_toi, solid).map(|x| f(x).to_bits());
            assert_eq!(
                new,
                old,
                "{} N = {N} case {case} solid {solid}: {ray:?} max {max_toi:?}",
                T::NAME
            );
            hits += usize::from(new.is_some());
        }
    }
    hits
}

fn box_toi_is_the_old_route_to_the_bit<T: TestReal>() {
    let mut rng = Rng::new(0x0b0c_7011);
    let cases = 4000;
    let turn2: Turn<T, 2> = |rng| Rotation2::new(t(rng.range(0.0, std::f64::consts::TAU)));
    let turn3: Turn<T, 3> = |rng| {
        let r = rng.rotation();
        Rotation::from_matrix_unchecked(r.matrix().map(t::<T>))
    };
    for odd in [false, true] {
        for hits in [
            toi_against_cast_ray(&mut rng, turn2, cases, odd),
            toi_against_cast_ray(&mut rng, turn3, cases, odd),
        ] {
            // Hits and misses both (two casts a ray).
            assert!(
                hits > cases / 10 && hits < 2 * cases * 9 / 10,
                "{} odd {odd}: {hits} hits of {}",
                T::NAME,
                2 * cases
            );
        }
    }
}

in_both_scalars!(
    box_fast_path_matches_the_slab_loop,
    box_toi_is_the_old_route_to_the_bit
);
