//! The ball's closed-form ray cast (src/ray/ball.rs) against the general
//! route's Newton iteration on the same ball seen through a wrapper that
//! does not answer `as_ball`: the same hits and misses, times within the
//! Newton path's tolerance, the same normals, in 2D and 3D, f32 and f64,
//! solid and hollow, from inside and outside. Rays passing within a band
//! of tangency are left out of the comparison (Newton converges only
//! linearly at a double root; tests/ray_cast.rs::grazing_rays_by_hand
//! checks those by hand).

use nalgebra::{Point, SVector, Unit};
use separating_axis::{cast_ray, Ball, Pose, Ray, Real, Shape, Support};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A ball that the ray cast cannot recognise: every question goes to the
/// ball, but `as_ball` keeps its default `None`.
struct HiddenBall<T: Real, const N: usize>(Ball<T, N>);

impl<T: Real, const N: usize> Support<T, N> for HiddenBall<T, N> {
    fn local_support_point(&self, d: &SVector<T, N>) -> Point<T, N> {
        self.0.local_support_point(d)
    }
}

impl<T: Real, const N: usize> Shape<T, N> for HiddenBall<T, N> {
    fn face_count(&self) -> usize {
        0
    }
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        self.0.local_face_normal(i)
    }
    fn core_vertex_count(&self) -> usize {
        self.0.core_vertex_count()
    }
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        self.0.local_core_vertex(i)
    }
    fn radius(&self) -> T {
        self.0.radius()
    }
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        self.0.local_core_closest_point(p)
    }
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        self.0.local_contains_point(p)
    }
}

/// `cases` random rays at random balls, both routes; returns the hits.
fn compare<T: TestReal, const N: usize>(rng: &mut Rng, cases: usize) -> usize {
    let eps = f(T::default_epsilon());
    let band = if T::NAME == "f32" { 1e-2 } else { 1e-6 };
    let mut hits = 0;
    for case in 0..cases {
        let r = rng.range(0.2, 3.0);
        let centre = SVector::<f64, N>::from_fn(|_, _| rng.range(-2.0, 2.0));
        let ball = Ball::new(Point::from(centre.map(t::<T>)), t::<T>(r)).unwrap();
        let hidden = HiddenBall(ball);
        let shift = SVector::<f64, N>::from_fn(|_, _| rng.range(-10.0, 10.0));
        let pose =
            Pose::<T, N>::from_parts(shift.map(t::<T>).into(), nalgebra::Rotation::identity());
        // Origins inside and outside, aimed near the centre or anywhere.
        let origin = centre + rng.unit_vector::<N>() * rng.range(0.0, 4.0 * r);
        let dir = if rng.chance(0.6) {
            (centre - origin + rng.unit_vector::<N>() * rng.range(0.0, 1.5 * r))
                * rng.range(0.2, 3.0)
        } else {
            rng.unit_vector::<N>() * rng.range(0.2, 3.0)
        };
        // The line's distance from the centre: skip near-tangent rays.
        let m = origin - centre;
        let line = (m - dir * (m.dot(&dir) / dir.norm_squared())).norm();
        if (line - r).abs() <= band * r {
            continue;
        }
        let ray = Ray::new(pose * Point::from(origin.map(t::<T>)), dir.map(t::<T>));
        let max_toi = t::<T>([0.7, 3.0, 100.0][rng.below(3)]);
        for solid in [true, false] {
            let closed = cast_ray(&ball, &pose, &ray, max_toi, solid);
            let newton = cast_ray(&hidden, &pose, &ray, max_toi, solid);
            let what = format!(
                "{} N = {N} case {case} solid {solid}: {closed:?} against {newton:?}",
                T::NAME
            );
            match (closed, newton) {
                (None, None) => {}
                (Some(a), Some(b)) => {
                    hits += 1;
                    let scale = 1.0 + f(ray.origin.coords.amax()) + r + dir.amax() * f(a.toi);
                    let tol = 1e2 * eps * scale / dir.norm().min(1.0);
                    assert!((f(a.toi) - f(b.toi)).abs() <= tol, "toi, {what}");
                    assert!(
                        f((a.point - b.point).amax()) <= tol * dir.amax().max(1.0),
                        "point, {what}"
                    );
                    assert_eq!(a.face, None, "{what}");
                    match (a.normal, b.normal) {
                        (None, None) => {}
                        (Some(na), Some(nb)) => {
                            assert!(
                                f((na.into_inner() - nb.into_inner()).amax())
                                    <= 1e3 * eps * scale / r,
                                "normal, {what}"
                            );
                        }
                        _ => panic!("normal, {what}"),
                    }
                }
                // Near the cut-off a time within tolerance of `max_toi`
                // may fall on either side.
                (Some(h), None) | (None, Some(h)) => assert!(
                    (f(h.toi) - f(max_toi)).abs() <= 1e2 * eps * (1.0 + f(max_toi)) * 10.0,
                    "{what}"
                ),
            }
        }
    }
    hits
}

fn ball_closed_form_matches_newton<T: TestReal>() {
    let mut rng = Rng::new(0xba11);
    let cases = 1500;
    for hits in [
        compare::<T, 2>(&mut rng, cases),
        compare::<T, 3>(&mut rng, cases),
    ] {
        assert!(
            hits > cases / 4,
            "{} only {hits} hits of {}",
            T::NAME,
            2 * cases
        );
    }
}

/// Newton's method from the left never lands past the surface: the
/// property of tests/ray_cast.rs::newton_never_passes_the_surface, whose
/// plain ball now takes the closed form, on the ball behind the wrapper
/// (so through Newton's iteration), in 3D.
fn newton_never_passes_a_hidden_ball<T: TestReal>() {
    let mut rng = Rng::new(5);
    let ball = HiddenBall(Ball::new(Point::<T, 3>::origin(), t(1.0)).unwrap());
    let eps = f(T::default_epsilon());
    for _ in 0..200 {
        let dist = rng.range(1.5, 50.0);
        let u = rng.unit_vector::<3>();
        let ray = Ray::new(Point::from((u * dist).map(t::<T>)), (-u).map(t::<T>));
        let hit = cast_ray(&ball, &Pose::identity(), &ray, t(100.0), true).unwrap();
        let exact = dist - 1.0;
        assert!(
            f(hit.toi) <= exact + 4.0 * eps * dist,
            "{} past {exact}",
            f(hit.toi)
        );
        assert!(
            (f(hit.toi) - exact).abs() <= 1e2 * eps * dist,
            "{} far from {exact}",
            f(hit.toi)
        );
    }
}

in_both_scalars!(
    ball_closed_form_matches_newton,
    newton_never_passes_a_hidden_ball
);
