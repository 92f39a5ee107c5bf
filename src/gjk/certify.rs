//! A certificate of overlap from GJK's iterates (docs/sat-proof.md §19):
//! support points of the cores' difference that prove every axis's gap
//! negative beyond round-off, so `intersects` may answer without the SAT
//! loop. It reuses the distance iteration's corral and minor cycles.

use core::cmp::Ordering;

use nalgebra::{Point, SVector};

use super::{core_support, minor_cycles, Corral, Vertex};
use crate::real::is_nan;
use crate::{Pose, Real, Shape};

/// The most support points [`overlap_certified`] asks for before it gives
/// up (the SAT loop then decides): an overlapping pair of round hulls is
/// enclosed in a handful.
const CERTIFY_ITERATIONS: usize = 16;

/// Whether GJK proves, from support points of the cores' difference
/// `K = K_A − K_B` (given by `support`, in one frame), that every axis's
/// gap lies below `−margin()`, started along `u`; `radius` is `r_A + r_B`.
///
/// Two proofs, both from points of `K`: an iterate `x` (a convex
/// combination of support points, so in `K`) with `|x| < radius − margin`
/// (then `h_K(u) >= u·x >= −|x|` for every unit `u`), or, in 3D, a
/// tetrahedron of support points around the origin whose faces lie at
/// least `δ` from it with `δ + radius > margin` (the tetrahedron lies in
/// `K`, so `h_K(u) >= δ`). Every gap is `−h_K(u) − radius`. With `margin`
/// above the round-off of a computed gap (and of the support points), every
/// candidate axis's *computed* gap is negative too, so the pair overlaps on
/// the SAT's own arithmetic and `intersects` may answer `true` at once
/// (docs/sat-proof.md §19). `false` says nothing: apart, too shallow to
/// prove, or out of iterations. `margin` is asked for when a proof is
/// checked, after the support points it depends on.
pub(crate) fn overlap_certified<T: Real, const N: usize>(
    support: impl Fn(&SVector<T, N>) -> SVector<T, N>,
    u: &SVector<T, N>,
    radius: T,
    margin: impl Fn() -> T,
) -> bool {
    let point = |d: &SVector<T, N>| Vertex {
        w: support(d),
        a: SVector::zeros(),
        weight: T::zero(),
    };
    let mut first = point(u);
    first.weight = T::one();
    let mut corral = Corral::single(first);
    let mut x = first.w;
    for _ in 0..CERTIFY_ITERATIONS {
        let xx = x.norm_squared();
        if radius > T::zero() && xx.sqrt() < radius - margin() {
            return true;
        }
        if xx.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
            return false;
        }
        let w = point(&-x);
        // Every point k of K has x·k >= x·w: when that is positive the
        // origin is outside K (the cores apart, left to the SAT).
        if x.dot(&w.w) > T::zero() || corral.contains(&w.w) {
            return false;
        }
        corral.push(w);
        match minor_cycles(&mut corral) {
            Some(_) if corral.len == N + 1 => {
                return facet_room(&corral).is_some_and(|d| d + radius > margin());
            }
            Some(y) if y.norm_squared() < xx => x = y,
            _ => return false,
        }
    }
    false
}

/// The least distance from the origin to a facet of the full simplex
/// `corral` (its nearest point the origin, inside: all weights positive),
/// `None` when the origin is not inside every facet's plane. Only for
/// `N = 3` (the facet normals are cross products); other dimensions give
/// `None`.
fn facet_room<T: Real, const N: usize>(corral: &Corral<T, N>) -> Option<T> {
    if N != 3 || corral.len != 4 {
        return None;
    }
    let p = |i: usize| {
        let w = &corral.get(i).w;
        nalgebra::Vector3::new(w[0], w[1], w[2])
    };
    let mut room: Option<T> = None;
    for skip in 0..4 {
        let [i, j, k] = [(skip + 1) % 4, (skip + 2) % 4, (skip + 3) % 4];
        let n = (p(j) - p(i)).cross(&(p(k) - p(i)));
        let len = n.norm();
        // The origin's distance to the facet's plane, and the skipped
        // point's, on the same side.
        let origin = n.dot(&p(i)) / len;
        let across = n.dot(&(p(i) - p(skip))) / len;
        if origin * across <= T::zero() || is_nan(origin * across) {
            return None;
        }
        let d = origin.abs();
        room = Some(room.map_or(d, |r| r.min(d)));
    }
    room
}

/// [`overlap_certified`] for any two shapes, B placed in A's frame by
/// `pose_ab`: on the cores' support points, with the margin
/// [`bound_slack`](crate::real::bound_slack) of the largest
/// coordinate met (support points, translation, radii). `engine::intersects`
/// asks it first for 3D pairs with a polyhedron, whose axis loop is long.
pub(crate) fn shapes_overlap_certified<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let radius = a.radius() + b.radius();
    let t = pose_ab.translation.vector;
    let scale = core::cell::Cell::new(t.amax() + radius);
    let support = |d: &SVector<T, N>| {
        let pa = core_support(a, d);
        let db = pose_ab.rotation.inverse_transform_vector(&-d);
        let pb = (pose_ab * Point::from(core_support(b, &db))).coords;
        scale.set(scale.get().max(pa.amax()).max(pb.amax()));
        pa - pb
    };
    let u = if t.amax() > T::zero() {
        -t
    } else {
        crate::shape::first_axis()
    };
    overlap_certified(support, &u, radius, || {
        crate::real::bound_slack(scale.get() + radius)
    })
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use nalgebra::{Point3, Rotation3, Translation3, Vector3};

    use super::*;
    use crate::engine::{self, Scan};
    use crate::{Ball, Capsule, ConvexPolyhedron, Obb, Pose3};

    // The certificate never vouches for a pair the engine's axis loop calls
    // apart, for a hull against a box, a ball and a capsule, also when B is
    // moved to touch along the loop's own axis and 1e-12 either side; and it
    // vouches for most overlapping pairs.
    #[test]
    fn overlap_certificate_agrees_with_the_engine_on_mixed_pairs() {
        let mut rng = crate::test_rng::Rng(0x0bad_cafe);
        let mut next = move || rng.next();
        let (mut certified, mut overlapping) = (0, 0);
        for round in 0..300 {
            let points: Vec<_> = (0..16)
                .map(|_| Point3::new(next(), next(), next()))
                .collect();
            let hull = ConvexPolyhedron::from_hull(&points).unwrap();
            let rot = Rotation3::from_euler_angles(next() * 3.0, next(), next());
            let t = Vector3::new(next(), next(), next()) * 1.6;
            let others: [&dyn Shape<f64, 3>; 3] = [
                &Obb::new(Point3::origin(), rot, Vector3::new(0.5, 0.3, 0.7)).unwrap(),
                &Ball::new(Point3::new(0.1, 0.0, 0.0), 0.4).unwrap(),
                &Capsule::new(Point3::new(-0.5, 0.0, 0.0), Point3::new(0.5, 0.2, 0.0), 0.3)
                    .unwrap(),
            ];
            let b = others[round % 3];
            for shift in [0.0, 1.0, -1e-12, 1e-12] {
                let mut pose_ab = Pose3::from_parts(Translation3::from(t), rot);
                let loop_gap = |p: &Pose3<f64>| engine::local_separation(&hull, b, p, Scan::Best);
                if shift < 0.5 {
                    let s = loop_gap(&pose_ab);
                    pose_ab.translation.vector += s.axis.into_inner() * (shift - s.distance);
                }
                let s = loop_gap(&pose_ab);
                if shapes_overlap_certified(&hull, b, &pose_ab) {
                    assert!(s.distance < 0.0, "round {round}, shift {shift}: {s:?}");
                    certified += 1;
                }
                overlapping += usize::from(s.distance < -1e-9);
            }
        }
        assert!(
            certified * 10 >= overlapping * 8,
            "{certified} of {overlapping}"
        );
    }
}
