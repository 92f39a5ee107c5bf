//! `distance` of two convex polyhedra: the verdict of `intersects` and
//! the min-norm iteration share their first steps. A's support vertex
//! along B's origin names the faces around it; the verdict tries first the
//! one facing B's origin
//! (`pair::polyhedron_polyhedron::intersects_near_face`), which on a
//! separated pair spares the probe's scan of A's face normals, and finds
//! B's support vertex against that face on the way. The vertex lies on
//! the face, so the two vertices' difference is the support point of the
//! cores' difference along the face's normal: the iteration starts there,
//! without a scan of its own. The distance is the general route's to
//! within the certificate's tolerance
//! (`tests::hull_distance_is_the_general_route_f64`, `_f32`).
//!
//! ```text
//! pose_ab = pose_a⁻¹ · pose_b, u = start_direction(pose_ab)
//! near    = A's support vertex along u
//! intersects_near_face(A, B, pose_ab, near) → 0   (intersects' verdict)
//! else the iteration from near − s_B(−n_f)        (f the face it tried)
//!   or, when it tried none, from s_K(u) = near − s_B(−u)
//! ```

use nalgebra::SVector;

use super::apart_distance_from;
use crate::gjk::{difference_vertex, pair_vertex, start_direction, Vertex};
use crate::pair::{polyhedron_polyhedron, with_boxes};
use crate::pose::same_type;
use crate::{ConvexPolyhedron, Pose, Pose3, Real, Shape};

/// `a` and `b` as polyhedra with their poses, when `intersects` sends the
/// pair to the polyhedron pair path (a pair both of whose shapes answer
/// as boxes takes the box path there, and the general route here);
/// `None` otherwise.
#[inline]
#[allow(clippy::type_complexity)]
pub(super) fn as_hulls<'s, T, const N: usize, A, B>(
    a: &'s A,
    pose_a: &'s Pose<T, N>,
    b: &'s B,
    pose_b: &'s Pose<T, N>,
) -> Option<(
    &'s ConvexPolyhedron<T>,
    &'s Pose3<T>,
    &'s ConvexPolyhedron<T>,
    &'s Pose3<T>,
)>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if N != 3 {
        return None;
    }
    let (ha, hb) = (a.as_polyhedron()?, b.as_polyhedron()?);
    if with_boxes(a, b, |_, _| ()).is_ok() {
        return None;
    }
    Some((ha, same_type(pose_a)?, hb, same_type(pose_b)?))
}

/// The distance of `a` and `b` when both are polyhedra of the hull path
/// ([`as_hulls`]); `None` otherwise.
#[inline]
pub(super) fn distance_if_hulls<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<T>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let (ha, pose_a, hb, pose_b) = as_hulls(a, pose_a, b, pose_b)?;
    Some(distance(ha, pose_a, hb, pose_b))
}

/// For two polyhedra of the hull path, [`start`]'s answer in the callers'
/// types: `Some(None)` when `intersects` is true, else `pose_a⁻¹ · pose_b`
/// and the iteration's first point, for `closest_points` and
/// `signed_distance`, so that they start where [`distance`] does (and
/// return its bits). `None` when the pair does not take the path.
#[inline]
#[allow(clippy::type_complexity)]
pub(super) fn start_if_hulls<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<Option<(Pose<T, N>, Vertex<T, N>)>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let (ha, pose_a, hb, pose_b) = as_hulls(a, pose_a, b, pose_b)?;
    let pose_ab = pose_a.inv_mul(pose_b);
    Some(match start(ha, hb, &pose_ab) {
        Some(first) => Some((*same_type(&pose_ab)?, *same_type(&first)?)),
        None => None,
    })
}

/// `None` when `intersects` is true for `a` and `b` placed by `pose_ab`,
/// else the iteration's first point: A's support vertex along B's origin
/// and B's support vertex against the face around it that the verdict
/// tried, or, when it tried none, the support point along B's origin.
#[inline(always)]
pub(super) fn start<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    pose_ab: &Pose3<T>,
) -> Option<Vertex<T, 3>> {
    let u = start_direction(pose_ab);
    let (near, _) = a.support_vertex(&u);
    let verdict = polyhedron_polyhedron::intersects_near_face(a, b, pose_ab, near);
    if verdict.intersects {
        return None;
    }
    // `near`, read from the copy the scan read (the same numbers), is A's
    // support vertex along `u` and along the normal of the face the
    // verdict tried, against which it found B's support vertex `j`.
    let pa = a.vertex(near);
    Some(match verdict.face {
        Some((_, j)) => pair_vertex(pa, b.vertex(j), pose_ab, SVector::zeros()),
        None => difference_vertex(pa, b, pose_ab, SVector::zeros(), &u),
    })
}

/// The distance of two posed polyhedra (in range): `0` when `intersects`
/// is true, else the min-norm iteration's from [`start`].
#[inline(never)]
pub(super) fn distance<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
) -> T {
    let pose_ab = pose_a.inv_mul(pose_b);
    match start(a, b, &pose_ab) {
        Some(first) => apart_distance_from(a, pose_a, b, pose_b, &pose_ab, first),
        None => T::zero(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::intersects_in_range;
    use crate::test_rng::Rng;
    use alloc::vec::Vec;
    use nalgebra::{Translation3, UnitQuaternion, Vector3};

    // The hull path's distance is the general route's (`intersects`, then
    // the iteration from `core_support` along B's origin): the same
    // verdict, and the same distance to within the certificate's tolerance
    // (the iterations start from different points: the near face's and
    // `u`'s), on random hull pairs apart, overlapping and moved to
    // touching along their SAT axis, near the origin and at 1e4.
    fn hull_distance_is_the_general_route<T: Real>(seed: u64) {
        let mut rng = Rng(seed);
        let (mut apart, mut overlapping, mut touching) = (0, 0, 0);
        let c = |x: f64| -> T { nalgebra::convert(x) };
        for round in 0..3000 {
            let (na, nb) = (4 + round % 13, 4 + (round / 13) % 29);
            let in_t = |h: ConvexPolyhedron<f64>| {
                let points: Vec<_> = h.vertices().iter().map(|p| p.cast::<T>()).collect();
                ConvexPolyhedron::from_hull(&points)
            };
            let a = in_t(rng.hull(na, 1.0));
            let b = in_t(rng.hull(nb, if round % 7 == 0 { 0.05 } else { 1.0 }));
            let (Ok(a), Ok(b)) = (a, b) else {
                continue;
            };
            let far = if round % 4 == 3 { 1e4 } else { 0.0 };
            let mut pose = |scale: f64| {
                let axis = Vector3::new(rng.next(), rng.next(), rng.next());
                let rot = UnitQuaternion::from_scaled_axis(axis * 3.0);
                let t = Vector3::new(rng.next(), rng.next(), rng.next()) * scale;
                let t = t + Vector3::repeat(far);
                Pose3::from_parts(Translation3::from(t), rot.to_rotation_matrix()).cast::<T>()
            };
            let pose_a = pose(0.3);
            let mut pose_b = pose([0.5, 1.2, 3.0][round % 3]);
            if round % 5 == 0 {
                // To touching: B moved back by its SAT separation.
                let s = crate::separation(&a, &pose_a, &b, &pose_b);
                pose_b.translation.vector -= s.axis.into_inner() * s.distance;
                touching += 1;
            }
            let fast = distance(&a, &pose_a, &b, &pose_b);
            let general = if intersects_in_range(&a, &pose_a, &b, &pose_b) {
                overlapping += 1;
                T::zero()
            } else {
                apart += 1;
                super::super::apart_distance(&a, &pose_a, &b, &pose_b)
            };
            assert_eq!(fast == T::zero(), general == T::zero(), "round {round}");
            // The certificate: each answer within 16 ε (|x| + |w|) of the
            // distance, |w| at most |x| and the size of A − B.
            let size = c(8.0) + c(far);
            let tol = T::default_epsilon() * c(64.0) * (general + size);
            assert!(
                (fast - general).abs() <= tol,
                "round {round}: {fast:?} against {general:?}"
            );
        }
        // Every kind drawn often.
        assert!(
            apart > 600 && overlapping > 600 && touching > 500,
            "{apart} apart, {overlapping} overlapping, {touching} touching"
        );
    }

    #[test]
    fn hull_distance_is_the_general_route_f64() {
        hull_distance_is_the_general_route::<f64>(0x0d15_7a9c);
    }

    #[test]
    fn hull_distance_is_the_general_route_f32() {
        hull_distance_is_the_general_route::<f32>(0x0d15_7a9d);
    }
}
