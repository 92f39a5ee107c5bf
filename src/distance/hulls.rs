//! `distance` of two convex polyhedra: the verdict of `intersects` and
//! the min-norm iteration share their first step. The iteration starts
//! with A's support vertex along B's origin; the verdict tries first the
//! face around that vertex facing B's origin
//! (`pair::polyhedron_polyhedron::intersects_near`), which on a separated
//! pair spares the probe's scan of A's face normals, and the iteration
//! then starts from that vertex without finding it again. The distance is
//! the general route's to the bit (`tests::hull_distance_is_the_general_route`).
//!
//! ```text
//! pose_ab = pose_a⁻¹ · pose_b, u = start_direction(pose_ab)
//! near    = A's support vertex along u
//! intersects_near(A, B, pose_ab, near)  → 0       (intersects' verdict)
//! else the iteration from s_K(u) = near − s_B(−u)  (apart_distance's)
//! ```

use nalgebra::SVector;

use super::{apart_distance_from, difference_vertex, start_direction};
use crate::pair::{cast, polyhedron_polyhedron, with_boxes};
use crate::{ConvexPolyhedron, Pose, Pose3, Real, Shape};

/// The distance of `a` and `b` when both are polyhedra that `intersects`
/// sends to the polyhedron pair path (a pair both of whose shapes answer
/// as boxes takes the box path there, and the general route here);
/// `None` otherwise.
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
    if N != 3 {
        return None;
    }
    let (ha, hb) = (a.as_polyhedron()?, b.as_polyhedron()?);
    if with_boxes(a, b, |_, _| ()).is_ok() {
        return None;
    }
    Some(distance(ha, cast(pose_a)?, hb, cast(pose_b)?))
}

/// The distance of two posed polyhedra (in range): `0` when `intersects`
/// is true, else the min-norm iteration's.
#[inline(never)]
pub(super) fn distance<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
) -> T {
    let pose_ab = pose_a.inv_mul(pose_b);
    let u = start_direction(&pose_ab);
    let (near, _) = a.support_vertex(&u);
    if polyhedron_polyhedron::intersects_near(a, b, &pose_ab, near) {
        return T::zero();
    }
    // `core_support(a, u)`: the polyhedron's support point is its support
    // vertex, read from the copy the scan read (the same numbers).
    let first = difference_vertex(a.vertex(near), b, &pose_ab, SVector::zeros(), &u);
    apart_distance_from(a, pose_a, b, pose_b, &pose_ab, first)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::query::intersects_in_range;
    use crate::test_rng::Rng;
    use nalgebra::{Translation3, UnitQuaternion, Vector3};

    // The hull path's distance is the general route's (`intersects`, then
    // the iteration from `core_support`) to the bit, on random hull pairs
    // apart, touching closely and overlapping, in f64.
    #[test]
    fn hull_distance_is_the_general_route() {
        let mut rng = Rng(0x0d15_7a9c);
        let (mut apart, mut overlapping) = (0, 0);
        for round in 0..3000 {
            let (na, nb) = (4 + round % 13, 4 + (round / 13) % 29);
            let a = rng.hull(na, 1.0);
            let b = rng.hull(nb, if round % 7 == 0 { 0.05 } else { 1.0 });
            let mut pose = |scale: f64| {
                let axis = Vector3::new(rng.next(), rng.next(), rng.next());
                let rot = UnitQuaternion::from_scaled_axis(axis * 3.0);
                let t = Vector3::new(rng.next(), rng.next(), rng.next()) * scale;
                Pose3::from_parts(Translation3::from(t), rot.to_rotation_matrix())
            };
            let pose_a = pose(0.3);
            let pose_b = pose([0.5, 1.2, 3.0][round % 3]);
            let fast = distance(&a, &pose_a, &b, &pose_b);
            let general = if intersects_in_range(&a, &pose_a, &b, &pose_b) {
                overlapping += 1;
                0.0
            } else {
                apart += 1;
                super::super::apart_distance(&a, &pose_a, &b, &pose_b)
            };
            assert_eq!(fast.to_bits(), general.to_bits(), "round {round}");
        }
        // Both verdicts drawn often.
        assert!(
            apart > 600 && overlapping > 600,
            "{apart} apart, {overlapping} overlapping"
        );
    }
}
