//! `cast_shapes` of two convex polyhedra: the time-0 verdict and the GJK
//! ray cast share their first step, as `distance::hulls` does for the
//! distance, through the same function (`distance::hulls::start`): A's
//! support vertex along B's origin names the face around it that the
//! verdict tries first (`intersects`' verdict to the bit), which on a
//! separated pair spares the probe's scan of A's face normals and finds
//! B's support vertex against that face; the two vertices' difference,
//! the support point of `A − B` along the face's normal, is the ray
//! cast's first point (docs/casts.md, "Two hulls: one first step";
//! `tests::hull_cast_matches_the_general_route`).
//!
//! ```text
//! pose_ab = pose_a⁻¹ · pose_b
//! start(A, B, pose_ab)  → None: Overlap              (intersects' verdict)
//! else the ray cast from its point                   (raycast::run_from)
//!      Newton's steps when it gives up               (sweep::newton)
//! ```

use nalgebra::SVector;

use super::super::hulls::{as_hulls, start};
use super::raycast::{self, Ray};
use super::{newton, touch, Sweep, Tolerance};
use crate::gjk::{difference_support, start_direction};
use crate::pose::same_type;
use crate::{ConvexPolyhedron, Pose, Pose3, Real, Shape};

/// What the hull path found.
pub(crate) enum HullCast<T: Real, const N: usize> {
    /// `intersects` is true at time 0.
    Overlap,
    /// Apart at time 0: the sweep's touch, or `None` (no touch by
    /// `max_toi`, or NaN).
    Swept(Option<Sweep<T, N>>),
}

/// The cast of `a` and `b` when both are polyhedra that `intersects`
/// sends to the polyhedron pair path (not two boxes: those take the box
/// path there and the general route here; `N == 3`); `None` otherwise.
/// `tolerance` is asked only when the pair is apart at time 0.
#[allow(
    clippy::too_many_arguments,
    reason = "two posed, moving shapes, a limit and a tolerance"
)]
#[inline]
pub(crate) fn hull_cast<'t, T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    vel_a: &SVector<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    vel_b: &SVector<T, N>,
    max_toi: T,
    tolerance: impl FnOnce() -> Tolerance<'t, T>,
) -> Option<HullCast<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let (ha, pose_a3, hb, pose_b3) = as_hulls(a, pose_a, b, pose_b)?;
    let (vel_a3, vel_b3) = (same_type(vel_a)?, same_type(vel_b)?);
    Some(
        match cast_hulls(ha, pose_a3, vel_a3, hb, pose_b3, vel_b3, max_toi, tolerance) {
            HullCast::Overlap => HullCast::Overlap,
            HullCast::Swept(hit) => {
                HullCast::Swept(hit.and_then(|s| same_type::<_, Sweep<T, N>>(&s).copied()))
            }
        },
    )
}

/// [`hull_cast`] on two posed polyhedra.
#[allow(
    clippy::too_many_arguments,
    reason = "two posed, moving shapes, a limit and a tolerance"
)]
#[inline(never)]
fn cast_hulls<'t, T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    vel_a: &SVector<T, 3>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
    vel_b: &SVector<T, 3>,
    max_toi: T,
    tolerance: impl FnOnce() -> Tolerance<'t, T>,
) -> HullCast<T, 3> {
    let pose_ab = pose_a.inv_mul(pose_b);
    // `distance`'s verdict and first point (`distance::hulls::start`).
    let Some(first) = start(a, b, &pose_ab) else {
        return HullCast::Overlap;
    };
    let u = start_direction(&pose_ab);
    let tolerance = tolerance();
    let v = pose_a.rotation.inverse_transform_vector(&(vel_b - vel_a));
    let support = difference_support(a, b, &pose_ab, SVector::zeros());
    match raycast::run_from(support, first, u, &v, max_toi, &tolerance) {
        Ray::Hit {
            toi,
            normal,
            pa,
            pb,
            distance,
        } => HullCast::Swept(Some(touch(
            a, b, pose_a, vel_a, toi, normal, pa, pb, distance, distance,
        ))),
        Ray::Miss => HullCast::Swept(None),
        Ray::Fail => HullCast::Swept(newton(
            a, pose_a, vel_a, b, &pose_ab, &v, max_toi, &tolerance,
        )),
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use nalgebra::{Point3, Rotation3, Translation3, Vector3};

    use super::*;
    use crate::query::intersects_in_range;
    use crate::test_rng::Rng;

    /// A hull of `n` points in `[−1, 1)³` (z scaled by `flat`), in `T`.
    fn hull<T: Real>(rng: &mut Rng, n: usize, flat: f64) -> ConvexPolyhedron<T> {
        let points: Vec<Point3<T>> = (0..n)
            .map(|_| Point3::new(rng.next(), rng.next(), flat * rng.next()).cast::<T>())
            .collect();
        ConvexPolyhedron::from_hull(&points).unwrap()
    }

    /// The hull path (`hull_cast`) against the general route it replaces
    /// (`intersects`, then `sweep` from the support point along B's
    /// origin) on random hull pairs in `T`: the same time-0 verdict, and
    /// apart, the same hit or miss, the times within the tolerance's
    /// window and the distance at the hit within the tolerance; apart, touching to round-off at time 0
    /// (B moved back by its SAT separation, then by ±1e-12 of it), far
    /// from the origin (1e4), still, and with `max_toi` cut short of the
    /// touch; both orders. Returns (apart, overlapping, hits).
    fn hull_cast_matches_the_general_route<T: Real>(seed: u64, rounds: usize) -> [usize; 3] {
        let mut rng = Rng(seed);
        let c = |x: f64| -> T { nalgebra::convert(x) };
        let mut counts = [0; 3];
        let mut grazes = 0;
        for round in 0..rounds {
            let a = hull::<T>(&mut rng, 4 + round % 29, 1.0);
            let b = hull::<T>(&mut rng, 4 + (round / 29) % 13, [1.0, 0.1][round % 2]);
            let rot = |rng: &mut Rng| {
                Rotation3::from_scaled_axis(Vector3::new(rng.next(), rng.next(), rng.next()) * 3.0)
            };
            let (ra, rb) = (rot(&mut rng), rot(&mut rng));
            let origin = if round % 5 == 3 {
                Vector3::new(1e4, -1e4, 1e4)
            } else {
                Vector3::new(rng.next(), rng.next(), rng.next()) * 0.3
            };
            let pose_a = Pose3::from_parts(Translation3::from(origin), ra).cast::<T>();
            let dir = Vector3::new(rng.next(), rng.next(), rng.next());
            let mut t = origin + dir * [1.0, 2.5, 4.0][round % 3];
            if round % 4 == 1 {
                // Touching to round-off at time 0.
                let pose_b = Pose3::from_parts(Translation3::from(t), rb).cast::<T>();
                let s = crate::separation(&a, &pose_a, &b, &pose_b);
                let d = s.distance.to_f64().unwrap_or(0.0);
                let n = s.axis.into_inner().map(|e| e.to_f64().unwrap_or(0.0));
                t -= n * d * (1.0 + 1e-12 * rng.next());
            }
            let pose_b = Pose3::from_parts(Translation3::from(t), rb).cast::<T>();
            // Towards A, aimed off by up to 0.8 (some miss), or still.
            let aim = Vector3::new(rng.next(), rng.next(), rng.next()) * 0.8;
            let vel = if round % 11 == 7 {
                Vector3::zeros()
            } else {
                (origin - t + aim) * (0.5 + 0.5 * rng.next().abs())
            };
            let (vel_a, vel_b) = (Vector3::<T>::zeros(), vel.cast::<T>());
            let max_toi = c(if round % 6 == 5 { 0.4 } else { 10.0 });
            for (order, (p, pp, vp, q, pq, vq)) in [
                (&a, &pose_a, &vel_a, &b, &pose_b, &vel_b),
                (&b, &pose_b, &vel_b, &a, &pose_a, &vel_a),
            ]
            .into_iter()
            .enumerate()
            {
                let what = format!(
                    "{} round {round} order {order}",
                    core::any::type_name::<T>()
                );
                let tol =
                    crate::real::cast_tolerance::<T>() * c(30.0 + 1e4 * f64::from(round % 5 == 3));
                let exact = || tol;
                let tolerance = || Tolerance {
                    low: tol,
                    high: tol,
                    exact: &exact,
                    per_time: T::zero(),
                };
                let fast = hull_cast(p, pp, vp, q, pq, vq, max_toi, tolerance);
                let overlap = intersects_in_range(p, pp, q, pq);
                match fast {
                    Some(HullCast::Overlap) => {
                        assert!(overlap, "{what}: the hull path overlaps, intersects not");
                        counts[1] += 1;
                    }
                    Some(HullCast::Swept(got)) => {
                        assert!(!overlap, "{what}: intersects overlaps, the hull path not");
                        counts[0] += 1;
                        let want = super::super::sweep(p, pp, vp, q, pq, vq, max_toi, &tolerance());
                        counts[2] += usize::from(got.is_some());
                        // Another first point, so other round-off: the
                        // same hit or miss, the times within the window
                        // the tolerance allows (the tolerance over the
                        // closing speed along the normal), the distance at
                        // the hit within the tolerance.
                        match (got, want) {
                            (None, None) => {}
                            (Some(g), Some(w)) => {
                                let f = |x: T| x.to_f64().unwrap_or(f64::NAN);
                                let tol = f(tol);
                                let closing = -f(g.closest.axis.dot(&(vq - vp)));
                                let window = 4.0 * tol / closing.max(1e-300) + 1e3 * tol;
                                assert!(
                                    (f(g.toi) - f(w.toi)).abs() <= window,
                                    "{what}: {g:?} against {w:?}"
                                );
                                assert!(
                                    f(g.closest.distance).abs() <= 4.0 * tol,
                                    "{what}: {g:?} apart at the hit"
                                );
                            }
                            // A graze: the closest approach within the
                            // coordinates' round-off of the tolerance (at
                            // 1e4 in f32, a few thousandths), where the
                            // two starts may decide either way; the hit's
                            // distance shows it.
                            (Some(h), None) | (None, Some(h)) => {
                                let f = |x: T| x.to_f64().unwrap_or(f64::NAN);
                                let band = 1e2
                                    * f(T::default_epsilon())
                                    * (30.0 + 1e4 * f64::from(round % 5 == 3));
                                let d = f(h.closest.distance);
                                assert!(
                                    d >= f(tol) - band && d <= f(tol),
                                    "{what}: {got:?} against {want:?}"
                                );
                                grazes += 1;
                            }
                        }
                    }
                    None => panic!("{what}: two hulls not on the hull path"),
                }
            }
        }
        // Grazes are rare: a handful in 3 000 rounds.
        assert!(grazes <= rounds / 300, "{grazes} grazes");
        counts
    }

    #[test]
    fn hull_cast_matches_the_general_route_f64() {
        let [apart, overlapping, hits] =
            hull_cast_matches_the_general_route::<f64>(0xca57_0001, 3000);
        assert!(
            apart > 2000 && overlapping > 1000 && hits > 1000 && apart - hits > 300,
            "{apart} apart ({hits} hits), {overlapping} overlapping"
        );
    }

    #[test]
    fn hull_cast_matches_the_general_route_f32() {
        let [apart, overlapping, hits] =
            hull_cast_matches_the_general_route::<f32>(0xca57_0002, 3000);
        assert!(
            apart > 2000 && overlapping > 1000 && hits > 1000 && apart - hits > 300,
            "{apart} apart ({hits} hits), {overlapping} overlapping"
        );
    }
}
