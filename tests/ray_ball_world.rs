//! Balls answer point and ray queries in the world frame (a ball turns
//! into itself: `Ball::world_offset`, `(o − t) − R·c`, in place of turning
//! the ray into the ball's frame), so these tests pose balls with every
//! rotation, off-centre and centred, near and far from the origin:
//!
//! * `contains_point`, `project_point`'s `inside`, a solid `cast_ray` and
//!   `cast_ray_toi` decide "inside" the same way for points on the sphere
//!   to a few ulps (the boundary band where a disagreement would show);
//! * ray times and normals match an `f64` quadratic solved in the world
//!   (an oracle that knows nothing of the frames), for a ball centred on
//!   its frame's origin and for the same ball described off-centre.

use nalgebra::{Point, Rotation, SVector, Translation};
use separating_axis::{cast_ray, cast_ray_toi, contains_point, project_point, Ball, Pose, Ray};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A random rotation in `N` = 2 or 3 dimensions.
fn rotation<const N: usize>(rng: &mut Rng) -> Rotation<f64, N> {
    if N == 2 {
        let r = nalgebra::Rotation2::new(rng.range(-3.2, 3.2));
        return Rotation::from_matrix_unchecked(nalgebra::SMatrix::from_fn(|i, j| r[(i, j)]));
    }
    let r = rng.rotation();
    Rotation::from_matrix_unchecked(nalgebra::SMatrix::from_fn(|i, j| r[(i, j)]))
}

/// A posed ball: the centre in its frame, the pose, the radius; half the
/// balls centred on their frame's origin; translations near or far.
fn posed_ball<T: TestReal, const N: usize>(
    rng: &mut Rng,
) -> (Ball<T, N>, Pose<T, N>, SVector<f64, N>, f64) {
    let r = rng.range(0.2, 3.0);
    let centre = if rng.chance(0.5) {
        SVector::zeros()
    } else {
        SVector::<f64, N>::from_fn(|_, _| rng.range(-2.0, 2.0))
    };
    let reach = [10.0, 1e3, 1e5][rng.below(3)];
    let shift = SVector::<f64, N>::from_fn(|_, _| rng.range(-reach, reach));
    let turn = rotation::<N>(rng);
    let pose = Pose::<T, N>::from_parts(
        Translation::from(shift.map(t::<T>)),
        Rotation::from_matrix_unchecked(turn.matrix().map(t::<T>)),
    );
    let ball = Ball::new(Point::from(centre.map(t::<T>)), t::<T>(r)).unwrap();
    // The world centre from the pose as stored (in `f64`).
    let stored = |v: &SVector<T, N>| v.map(f::<T>);
    let world = stored(&pose.translation.vector)
        + pose.rotation.matrix().map(f::<T>) * stored(&ball.center().coords);
    (ball, pose, world, r)
}

/// Points on the sphere to a few ulps of the scale, in and out: every query
/// that decides "inside" answers alike.
fn inside_verdicts_agree_in_any_pose<T: TestReal>() {
    fn run<T: TestReal, const N: usize>(rng: &mut Rng) -> (usize, usize) {
        let eps = f(T::default_epsilon());
        let (mut inside, mut outside) = (0, 0);
        for _ in 0..2000 {
            let (ball, pose, centre, r) = posed_ball::<T, N>(rng);
            let scale = centre.amax() + r;
            let u = rng.unit_vector::<N>();
            let off = rng.range(-4.0, 4.0) * eps * scale;
            let q = Point::from((centre + u * (r + off)).map(t::<T>));
            let c = contains_point(&ball, &pose, &q);
            let what = format!("{} N = {N}: {q:?} in {ball:?} at {pose:?}", T::NAME);
            assert_eq!(project_point(&ball, &pose, &q).inside, c, "{what}");
            let dir = rng.unit_vector::<N>().map(t::<T>);
            let ray = Ray::new(q, dir);
            let hit = cast_ray(&ball, &pose, &ray, t(10.0), true);
            let at_start = hit.is_some_and(|h| h.toi == T::zero() && h.normal.is_none());
            assert_eq!(at_start, c, "cast_ray, {what}");
            let toi = cast_ray_toi(&ball, &pose, &ray, t(10.0), true);
            assert_eq!(toi == Some(T::zero()), c, "cast_ray_toi, {what}");
            if c {
                inside += 1;
            } else {
                outside += 1;
            }
        }
        (inside, outside)
    }
    let mut rng = Rng::new(0xba11_00c0);
    for (inside, outside) in [run::<T, 2>(&mut rng), run::<T, 3>(&mut rng)] {
        // The band straddles the sphere: both verdicts occur.
        assert!(inside > 200 && outside > 200, "{inside} / {outside}");
    }
}

/// Ray times and normals against the quadratic solved in `f64` in the
/// world frame, for rotated balls centred and off-centre.
fn rays_match_the_world_quadratic<T: TestReal>() {
    fn run<T: TestReal, const N: usize>(rng: &mut Rng) -> usize {
        let eps = f(T::default_epsilon());
        let mut hits = 0;
        for case in 0..2000 {
            let (ball, pose, centre, r) = posed_ball::<T, N>(rng);
            let origin = centre + rng.unit_vector::<N>() * rng.range(0.0, 4.0 * r);
            let dir = (centre - origin + rng.unit_vector::<N>() * rng.range(0.0, 1.5 * r))
                * rng.range(0.2, 3.0);
            let (o, d) = (origin.map(t::<T>), dir.map(t::<T>));
            // The oracle on the rounded ray, in f64, in the ball's frame
            // (the ray turned by the pose as stored, as the queries did
            // before they answered balls in the world): `R` is orthonormal
            // to round-off, so the roots are the world's.
            let (of, df) = (o.map(f::<T>), d.map(f::<T>));
            let turn = pose.rotation.matrix().map(f::<T>);
            let shift = pose.translation.vector.map(f::<T>);
            let own = ball.center().coords.map(f::<T>);
            let m = turn.tr_mul(&(of - shift)) - own;
            let dl = turn.tr_mul(&df);
            let (dd, b, cc) = (dl.dot(&dl), m.dot(&dl), m.dot(&m) - r * r);
            let disc = b * b - dd * cc;
            let band = if T::NAME == "f32" { 1e-2 } else { 1e-6 };
            let line = (m - dl * (b / dd)).norm();
            if (line - r).abs() <= band * r || cc.abs() <= band * r * r || dd == 0.0 {
                continue; // near tangent or on the sphere: too close to call
            }
            let expected = if cc < 0.0 {
                (-b + disc.sqrt()) / dd // inside: the exit (hollow)
            } else if b < 0.0 && disc > 0.0 {
                (-b - disc.sqrt()) / dd
            } else {
                f64::INFINITY
            };
            let got = cast_ray(&ball, &pose, &Ray::new(Point::from(o), d), t(100.0), false);
            let what = format!(
                "{} N = {N} case {case}: {got:?}, expected {expected}",
                T::NAME
            );
            let Some(h) = got else {
                assert!(expected > 100.0, "{what}");
                continue;
            };
            assert!(
                expected.is_finite(),
                "a hit where the oracle misses, {what}"
            );
            hits += 1;
            // The queries work on `o − t` (exact for nearby coordinates):
            // their round-off is of the local scale (the ray's origin and
            // its path from the centre, the centre in the ball's frame at
            // most 2√3), not of the translation.
            let local = m.amax() + r + 4.0 + df.amax() * expected;
            let tol = 1e2 * eps * local / dd.sqrt();
            assert!((f(h.toi) - expected).abs() <= tol, "toi, {what}");
            let normal = turn * ((m + dl * expected) / r);
            let n = h.normal.expect("a hit off the centre has a normal");
            assert!(
                (n.into_inner().map(f::<T>) - normal).amax() <= 1e3 * eps * local / r,
                "normal, {what}"
            );
        }
        hits
    }
    let mut rng = Rng::new(0xba11_00d0);
    for hits in [run::<T, 2>(&mut rng), run::<T, 3>(&mut rng)] {
        assert!(hits > 800, "only {hits} hits");
    }
}

/// The same ball described two ways, centred on its frame's origin (the
/// path that skips turning the centre) and off-centre with the pose moved
/// back: the same world set, the same times to round-off.
fn centred_and_off_centre_descriptions_agree<T: TestReal>() {
    let mut rng = Rng::new(0xba11_00e0);
    let eps = f(T::default_epsilon());
    for _ in 0..2000 {
        let r = rng.range(0.2, 3.0);
        let c = nalgebra::Vector3::new(
            rng.range(-2.0, 2.0),
            rng.range(-2.0, 2.0),
            rng.range(-2.0, 2.0),
        );
        let turn = rng.rotation();
        let shift = nalgebra::Vector3::new(
            rng.range(-10.0, 10.0),
            rng.range(-10.0, 10.0),
            rng.range(-10.0, 10.0),
        );
        let pose = |s: nalgebra::Vector3<f64>| {
            Pose::<T, 3>::from_parts(
                Translation::from(s.map(t::<T>)),
                Rotation::from_matrix_unchecked(turn.matrix().map(t::<T>)),
            )
        };
        let off = Ball::new(Point::from(c.map(t::<T>)), t::<T>(r)).unwrap();
        let centred = Ball::new(Point::origin(), t::<T>(r)).unwrap();
        let (pose_off, pose_centred) = (pose(shift), pose(shift + turn * c));
        let o = (shift + turn * c + rng.unit_vector3() * rng.range(1.2 * r, 4.0 * r)).map(t::<T>);
        let d = rng.unit_vector3().map(t::<T>);
        let ray = Ray::new(Point::from(o), d);
        let a = cast_ray_toi(&off, &pose_off, &ray, t(100.0), true);
        let b = cast_ray_toi(&centred, &pose_centred, &ray, t(100.0), true);
        let scale = 20.0 + r;
        match (a, b) {
            (None, None) => {}
            (Some(x), Some(y)) => {
                assert!((f(x) - f(y)).abs() <= 1e2 * eps * scale, "{x:?} / {y:?}");
            }
            // A grazing ray may hit one description and miss the other.
            (Some(x), None) | (None, Some(x)) => {
                let m = o.map(f::<T>) - (shift + turn * c);
                let dd = d.map(f::<T>);
                let line = (m - dd * (m.dot(&dd) / dd.dot(&dd))).norm();
                let graze = 1e2 * eps * scale * scale / r;
                assert!((line - r).abs() <= graze, "toi {x:?}, line {line} vs {r}");
            }
        }
    }
}

in_both_scalars!(
    inside_verdicts_agree_in_any_pose,
    rays_match_the_world_quadratic,
    centred_and_off_centre_descriptions_agree
);
