//! The time of impact of two translating polytopes (both radii zero) as
//! van den Bergen's GJK ray cast: the first point of the ray `λ·v` in the
//! cores' difference `K = K_A − K_B` at time 0 (docs/casts.md, "Two
//! polytopes: the GJK ray cast").
//!
//! B touches A at time `λ` exactly when `λ·v` lies in `K`. One min-norm
//! iteration runs on `K − λ·v` while `λ` only grows: each support point
//! either shows a plane that separates the ray point from `K` (then `λ`
//! moves to where the ray crosses that plane, which it cannot pass before
//! entering `K`) or joins the corral, and the corral's points, points of
//! `K − λ·v`, move with `λ`:
//!
//! ```text
//! λ = 0, corral = { s_K(u) }, x = its point
//! repeat (at most MAX_ITERATIONS):
//!     |x| <= tol: touch at λ, normal the last clipping plane's
//!     w = s_K(−x) − λ·v
//!     x·w > 0, gap = x·w / |x| > low:  the plane x·y = x·w separates
//!         x·v > 0, λ + x·w / x·v <= max_toi:
//!             δ = x·w / x·v;  λ += δ; corral and w moved by −δ·v; next
//!         the plane's gap at max_toi (or now, x·v <= 0) > high: never
//!         else: Newton's steps
//!     w adds nothing (the duality gap): touch if x·w <= 0, else Newton's
//!     corral ∪ {w}, Wolfe's minor cycles: x = its nearest point
//! ```
//!
//! Anything else (the cycles run out or find the points dependent, no
//! progress at a fixed `λ`, the iterations run out) hands the cast back to
//! Newton's steps ([`Ray::Fail`]).

use core::cmp::Ordering;

use nalgebra::{SVector, Unit};

use super::Tolerance;
use crate::gjk::{difference_support, minor_cycles, start_direction, Corral, Vertex};
use crate::real::is_nan;
use crate::{Pose, Real, Shape};

/// The most support points of one ray cast. Two polytopes need a few
/// (tests: `ray_casts_match_the_newton_sweep` counts them); a bound, so
/// that no input loops, after which Newton's steps answer.
const MAX_ITERATIONS: usize = 64;

/// What the ray cast found.
pub(super) enum Ray<T: Real, const N: usize> {
    /// Touching at `toi`: `normal` from A to B (A's frame), the points on
    /// A's and B's cores there (A's frame, B moved to `toi`), `distance`
    /// the length of the corral's point (at most the tolerance).
    Hit {
        toi: T,
        normal: Unit<SVector<T, N>>,
        pa: SVector<T, N>,
        pb: SVector<T, N>,
        distance: T,
    },
    /// Not touching by `max_toi` (or NaN).
    Miss,
    /// No answer: Newton's steps decide.
    Fail,
}

/// The ray cast of `b` (posed in A's frame by `pose_ab`, moving by `v` in
/// A's frame) against `a`, both of radius zero, from time 0 to `max_toi`;
/// the caller has found them apart at time 0.
pub(super) fn ray_cast<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    v: &SVector<T, N>,
    max_toi: T,
    tolerance: &Tolerance<'_, T>,
) -> Ray<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let u = start_direction(pose_ab);
    let support = difference_support(a, b, pose_ab, SVector::zeros());
    let first = support(&u);
    run_from(support, first, u, v, max_toi, tolerance)
}

/// The touch at `toi`: the normal `−x̂` (`x` the last clipping plane's,
/// else the corral's point; `u` if that is zero), the corral's witnesses.
#[inline]
fn hit<T: Real, const N: usize>(
    corral: &Corral<T, N>,
    toi: T,
    x: SVector<T, N>,
    u: &SVector<T, N>,
    distance: T,
) -> Ray<T, N> {
    let normal = match Unit::try_new(-x, T::zero()) {
        Some(n) => n,
        None => Unit::new_normalize(*u),
    };
    // `corral.combine` of `a` and of `b`, in one pass (the same sums).
    let (mut pa, mut pb) = (SVector::zeros(), SVector::zeros());
    for i in 0..corral.len {
        let p = corral.get(i);
        pa += p.a * p.weight;
        pb += p.b() * p.weight;
    }
    Ray::Hit {
        toi,
        normal,
        pa,
        pb,
        distance,
    }
}

/// The ray cast's loop on the support mapping `support` of `K` (time 0),
/// from `first`, the support point along `u` (the hull path has A's half
/// of it already: `hulls.rs`).
pub(super) fn run_from<T: Real, const N: usize>(
    mut support: impl FnMut(&SVector<T, N>) -> Vertex<T, N>,
    mut first: Vertex<T, N>,
    u: SVector<T, N>,
    v: &SVector<T, N>,
    max_toi: T,
    tolerance: &Tolerance<'_, T>,
) -> Ray<T, N> {
    first.weight = T::one();
    let mut corral = Corral::single(first);
    let mut x = first.w;
    let mut lambda = T::zero();
    // The last clipping plane's x (its normal, A to B, is −x̂).
    let mut clip = None;
    for _ in 0..MAX_ITERATIONS {
        let d = x.norm();
        if is_nan(d) {
            return Ray::Miss;
        }
        if d <= tolerance.for_distance(d, lambda) {
            return hit(&corral, lambda, clip.unwrap_or(x), &u, d);
        }
        let mut w = support(&-x);
        w.w -= v * lambda;
        let xw = x.dot(&w.w);
        let xx = d * d;
        // The duality gap: w adds nothing along x beyond the corral's
        // plane when `|x|² − x·w` is round-off (mod.rs's certificate).
        let adds = xx - xw > T::default_epsilon() * nalgebra::convert(16.0) * d * (d + w.w.norm());
        if xw > T::zero() {
            // The plane through w normal to x separates the ray point from
            // K, `gap = x·w / |x|` from it: a lower bound of the distance
            // at λ. Within `low` (a lower bound of the tolerance) of the
            // ray point, the distance at λ may be within the tolerance: the
            // steps below decide at this λ
            // (`sweep::hulls::tests::hull_cast_matches_the_general_route_f32`
            // failed on such a pair at 1e4, B moving away, when this was a
            // miss). Farther, the ray cannot enter K before crossing it.
            let gap = xw / d;
            if gap > tolerance.low_at(lambda) {
                let xv = x.dot(v);
                let closing = xv.partial_cmp(&T::zero()) == Some(Ordering::Greater);
                let next = lambda + xw / xv;
                if closing && next.partial_cmp(&max_toi).is_some_and(Ordering::is_le) {
                    if next <= lambda {
                        // Below the resolution of λ: as Newton's step would,
                        // stop.
                        return Ray::Fail;
                    }
                    clip = Some(x);
                    let dv = v * (next - lambda);
                    for i in 0..corral.len {
                        corral.get_mut(i).w -= dv;
                    }
                    w.w -= dv;
                    lambda = next;
                    if adds {
                        if corral.len > N {
                            return Ray::Fail;
                        }
                        corral.push(w);
                    }
                    x = match minor_cycles(&mut corral) {
                        Some(y) => y,
                        None => return Ray::Fail,
                    };
                    continue;
                }
                // Not reached by `max_toi`: the plane's gap then (or now,
                // when the ray runs along or away from it) bounds the
                // distance until `max_toi` from below; over `high` (an
                // upper bound of the tolerance) the shapes never come
                // within the tolerance, a miss (the plane at `max_toi`
                // within it: Newton's steps decide).
                let (end, at) = if closing {
                    (gap - (max_toi - lambda) * xv / d, max_toi)
                } else {
                    (gap, lambda)
                };
                return if end > tolerance.high_at(at) || is_nan(end) {
                    Ray::Miss
                } else {
                    Ray::Fail
                };
            }
        }
        // The nearest point of K − λ·v at this λ, one more step.
        if !adds {
            // Nothing nearer at this λ: `x` is the distance to round-off.
            // Over the tolerance (tested above) with a separating plane, the
            // shapes are apart at λ by more than it, and the plane did not
            // clip: Newton's steps decide. Without one (`x·w <= 0`), `x` is
            // round-off: a touch at λ.
            return if xw > T::zero() {
                Ray::Fail
            } else {
                hit(&corral, lambda, clip.unwrap_or(x), &u, d)
            };
        }
        if corral.len > N {
            return Ray::Fail;
        }
        corral.push(w);
        match minor_cycles(&mut corral) {
            Some(y) if y.norm_squared() < xx => x = y,
            _ => return Ray::Fail,
        }
    }
    Ray::Fail
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use nalgebra::{Point3, Rotation3, Translation3, Vector3};

    use super::super::{newton, sweep, Tolerance};
    use super::{hit, Ray};
    use crate::test_rng::Rng;
    use crate::{distance, project_point, ConvexPolyhedron, Pose3, Real, Support};

    /// A hull of `n` points in `[−1, 1)³`, in `T`.
    fn hull<T: Real>(rng: &mut Rng, n: usize) -> ConvexPolyhedron<T> {
        let points: Vec<Point3<T>> = (0..n)
            .map(|_| Point3::new(rng.next(), rng.next(), rng.next()).cast::<T>())
            .collect();
        ConvexPolyhedron::from_hull(&points).unwrap()
    }

    /// How each round places the pair: near touching, head on, aimed off
    /// (misses and grazes), far from the origin, still, cut by `max_toi`.
    #[derive(Clone, Copy, Debug)]
    enum Kind {
        Near,
        HeadOn,
        Aside,
        Far,
        Still,
        Cut,
    }

    /// The GJK ray cast (`sweep`'s route for two polytopes) against the
    /// Newton sweep (`newton`, the route before it) on random hull pairs:
    /// the same hit or miss, times within the window the tolerance allows,
    /// the distance at the ray cast's time within the tolerance, its
    /// witnesses on both surfaces, its normal closing and separating.
    fn ray_casts_match_the_newton_sweep<T: Real>(seed: u64, rounds: usize) {
        let mut rng = Rng(seed);
        let kinds = [
            Kind::Near,
            Kind::HeadOn,
            Kind::Aside,
            Kind::Far,
            Kind::Still,
            Kind::Cut,
        ];
        let c = |x: f64| -> T { nalgebra::convert(x) };
        let (mut hits, mut misses) = (0, 0);
        for round in 0..rounds {
            let kind = kinds[round % kinds.len()];
            let (a, b) = (hull::<T>(&mut rng, 16), hull::<T>(&mut rng, 16));
            let rot = |rng: &mut Rng| {
                Rotation3::from_euler_angles(rng.next() * 3.0, rng.next() * 3.0, rng.next() * 3.0)
            };
            let (ra, rb) = (rot(&mut rng), rot(&mut rng));
            let dir = Vector3::new(rng.next(), rng.next(), rng.next()).normalize();
            let origin = match kind {
                Kind::Far => Vector3::new(1e4, -1e4, 1e4),
                _ => Vector3::zeros(),
            };
            let pose_a = Pose3::from_parts(Translation3::from(origin), ra).cast::<T>();
            // B far enough along `dir` to be apart (4), or pulled back to
            // a hair from A along it (Near).
            let mut gap = 4.0;
            let mut pose_b =
                Pose3::from_parts(Translation3::from(origin + dir * gap), rb).cast::<T>();
            if let Kind::Near = kind {
                let d = distance(&a, &pose_a, &b, &pose_b)
                    .to_f64()
                    .unwrap_or(f64::NAN);
                gap -= d - 1e-3 * (rng.next() + 1.0) * 1e-3;
                pose_b = Pose3::from_parts(Translation3::from(origin + dir * gap), rb).cast::<T>();
            }
            if crate::intersects(&a, &pose_a, &b, &pose_b) {
                continue;
            }
            let aim = match kind {
                Kind::Aside => Vector3::new(rng.next(), rng.next(), rng.next()) * 2.5,
                _ => Vector3::new(rng.next(), rng.next(), rng.next()) * 0.3,
            };
            let vel: Vector3<f64> = match kind {
                Kind::Still => Vector3::zeros(),
                _ => (aim - dir * gap) * (0.5 + 0.5 * rng.next().abs()),
            };
            let (vel_a, vel_b) = (Vector3::<T>::zeros(), vel.cast::<T>());
            let reach = |h: &ConvexPolyhedron<T>| h.reach() * c(2.0);
            let scale = reach(&a)
                + reach(&b)
                + pose_a.translation.vector.amax()
                + pose_b.translation.vector.amax()
                + (vel_b * c(10.0)).amax();
            let tol = crate::real::cast_tolerance::<T>() * scale;
            let exact = || tol;
            let tolerance = Tolerance {
                low: tol,
                high: tol,
                exact: &exact,
                per_time: T::zero(),
            };
            let pose_ab = pose_a.inv_mul(&pose_b);
            let v = pose_a.rotation.inverse_transform_vector(&vel_b);
            let old = |max: T| newton(&a, &pose_a, &vel_a, &b, &pose_ab, &v, max, &tolerance);
            let new = |max: T| sweep(&a, &pose_a, &vel_a, &b, &pose_b, &vel_b, max, &tolerance);
            let mut max_toi = c(10.0);
            if let Kind::Cut = kind {
                // Cut short of the old route's time: no hit by either.
                if let Some(h) = old(max_toi) {
                    max_toi = h.toi * c(0.9);
                }
            }
            let what = format!("{} round {round} {kind:?}", core::any::type_name::<T>());
            let (want, got) = (old(max_toi), new(max_toi));
            let (want, got) = match (want, got) {
                (None, None) => {
                    misses += 1;
                    continue;
                }
                (Some(w), Some(g)) => (w, g),
                (w, g) => panic!("{what}: newton {w:?}, ray cast {g:?}"),
            };
            hits += 1;
            let f = |x: T| -> f64 { x.to_f64().unwrap_or(f64::NAN) };
            let (tol, t) = (f(tol), f(got.toi));
            let moved_a = |time: T| {
                let mut p = pose_a;
                p.translation.vector += vel_a * time;
                p
            };
            let moved_b = |time: T| {
                let mut p = pose_b;
                p.translation.vector += vel_b * time;
                p
            };
            // Both times lie between the first time the distance is
            // within the tolerance and the touch: the window is the
            // tolerance over the closing speed along the normal.
            let closing = -f(got.closest.axis.dot(&vel_b));
            let window = 4.0 * tol / closing.max(1e-300) + 1e3 * tol;
            assert!(
                (t - f(want.toi)).abs() <= window,
                "{what}: newton {want:?}, ray cast {got:?}"
            );
            let (pa, pb) = (moved_a(got.toi), moved_b(got.toi));
            let d = f(distance(&a, &pa, &b, &pb));
            assert!(d <= 4.0 * tol, "{what}: apart by {d} at {t}, tol {tol}");
            let cp = got.closest;
            let on_a = f(project_point(&a, &pa, &cp.point_a).distance).abs();
            let on_b = f(project_point(&b, &pb, &cp.point_b).distance).abs();
            let apart = f((cp.point_b - cp.point_a).norm());
            assert!(
                on_a <= 8.0 * tol && on_b <= 8.0 * tol && apart <= 8.0 * tol,
                "{what}: witnesses {on_a} {on_b} off, {apart} apart (tol {tol})"
            );
            // The normal: closing (or still), and the shapes' gap along it
            // at the touch is within the tolerance of zero.
            let n = cp.axis.into_inner();
            assert!(f(n.dot(&vel_b)) <= 1e3 * tol, "{what}: opening normal");
            let h = |s: &ConvexPolyhedron<T>, p: &Pose3<T>, dir: Vector3<T>| {
                let local = p.rotation.inverse_transform_vector(&dir);
                f(s.local_support_value(&local) + p.translation.vector.dot(&dir))
            };
            let gap = -h(&b, &pb, -n) - h(&a, &pa, n);
            assert!(gap.abs() <= 8.0 * tol, "{what}: gap {gap} along the normal");
        }
        assert!(
            hits > rounds / 2 && misses > rounds / 20,
            "{hits} hits, {misses} misses"
        );
    }

    #[test]
    fn ray_casts_match_the_newton_sweep_f64() {
        ray_casts_match_the_newton_sweep::<f64>(0x5ca_7001, 3000);
    }

    #[test]
    fn ray_casts_match_the_newton_sweep_f32() {
        ray_casts_match_the_newton_sweep::<f32>(0x5ca_7002, 3000);
    }

    // The hit's witnesses, summed in one pass, are `Corral::combine`'s of
    // `a` and of `b` to the bit, on random corrals of one to four points.
    #[test]
    fn hit_witnesses_are_the_corrals_combinations() {
        use crate::gjk::{Corral, Vertex};
        let mut rng = Rng(0x41_7c0b);
        let bits = |v: Vector3<f64>| v.map(f64::to_bits);
        for round in 0..2000 {
            let mut vertex = || Vertex {
                w: Vector3::new(rng.next(), rng.next(), rng.next()) * 3.0,
                a: Vector3::new(rng.next(), rng.next(), rng.next()) * 1e3,
                weight: rng.next().abs(),
            };
            let mut corral = Corral::single(vertex());
            for _ in 0..round % 4 {
                corral.push(vertex());
            }
            let u = Vector3::x();
            let Ray::Hit { pa, pb, .. } = hit(&corral, 0.5, u, &u, 0.0) else {
                panic!("round {round}: not a hit");
            };
            assert_eq!(bits(pa), bits(corral.combine(|p| p.a)), "round {round}");
            assert_eq!(bits(pb), bits(corral.combine(Vertex::b)), "round {round}");
            assert_ne!(pa, Vector3::zeros(), "round {round}");
        }
    }
}
