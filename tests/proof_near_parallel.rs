//! docs/sat-proof.md §11, nearly parallel edges: the box path
//! (`separating_axis::separation` on two `Obb`s, src/pair/obb_obb.rs), the
//! generic engine (`separating_axis::engine::separation`) and an
//! independent brute-force oracle (tests/oracle3d: the facets of the hull
//! of the 8 × 8 corner differences, by enumerating planes through point
//! triples, in `f64`) agree within the proved near-parallel bound.
//!
//! The bound: a facet of `A − B` spanned by two edges at angle `θ` has
//! width at most `½·min(L_A, L_B)·sin θ` (`L` the edge lengths); when the
//! computed cross product misses it, the neighbouring facets give a gap
//! smaller by at most that width. So outside a band of
//! `½·min(L_A, L_B)·(sin θ + c ε) + c ε (|t| + Σa + Σb)` around touching
//! (`L` here the longest edges, `t` the centres' distance, `a`, `b` the
//! half extents) the verdicts are the oracle's, and every depth and gap is
//! the oracle's to within the band.
//!
//! Cases: angles 0, 1e-16 … 1e-6 rad between B's frame and A's, and the
//! `f32` `√ε` regime 1e-5 … 1e-3 rad (where an `f32` cross product's
//! direction is off by up to `ε / sin θ`, 1e-4 … 1e-2 rad), about
//! oblique random axes, on top of a random (oblique) common rotation; box
//! sizes 1e-3, 1, 1e3; B placed along one of A's face normals (stacked
//! boxes) or a random direction, at the touching distance plus an offset
//! of either sign from 0 to 1e-3 of the size; `f32` and `f64`, both
//! argument orders.

use crate::support::oracle3d;
use crate::support::rng;

use core::fmt::Debug;

use crate::support::scalars::in_both_scalars;
use nalgebra::{Point3, Rotation3, Unit, Vector3};
use oracle3d::{box_corners, hull_gap};
use rng::Rng;
use separating_axis::{engine, intersects, separation, Obb, Pose3, Real};

in_both_scalars!(near_parallel_edges_box_path_engine_and_oracle_agree);

fn to<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

fn round<T: Real>(x: f64) -> T {
    T::from_f64(x).unwrap()
}

/// A rotation rounded entry by entry to `T` (what a user of `T` passes).
fn rot_t<T: Real>(r: &Rotation3<f64>) -> Rotation3<T> {
    Rotation3::from_matrix_unchecked(r.matrix().map(round::<T>))
}

/// One of the six face normals of `base`, or (one time in three) a random
/// unit direction.
fn face_or_random(rng: &mut Rng, base: &Rotation3<f64>) -> Vector3<f64> {
    let k = rng.next_u64() as usize % 9;
    if k >= 6 {
        return rng.unit_vector3();
    }
    let sign = if k >= 3 { -1.0 } else { 1.0 };
    base.matrix().column(k % 3) * sign
}

fn near_parallel_edges_box_path_engine_and_oracle_agree<T: Real + Debug>() {
    let eps = to(T::default_epsilon());
    // Up to 1e-6 the f32 rotations of A and B are mostly the same floats;
    // 1e-5 to 1e-3 is the f32 `√ε` regime, where a cross product's
    // direction carries the most round-off that can still matter.
    let angles = [
        0.0, 1e-16, 1e-15, 1e-14, 1e-13, 1e-12, 1e-10, 1e-8, 1e-7, 1e-6, 1e-5, 3e-5, 1e-4, 3e-4,
        1e-3,
    ];
    let mut rng = Rng(0x0E4A_9A11);
    let (mut decided, mut edge_wins, mut overlapping) = (0usize, 0usize, 0usize);
    let n = 900;
    for k in 0..n {
        let angle = angles[k % angles.len()];
        let size = [1e-3, 1.0, 1e3][(k / angles.len()) % 3];
        let base = rng.rotation();
        let tilt = Rotation3::from_axis_angle(&Unit::new_normalize(rng.unit_vector3()), angle);
        let half = |rng: &mut Rng| {
            Vector3::new(
                rng.range(0.3, 3.0),
                rng.range(0.3, 3.0),
                rng.range(0.3, 3.0),
            ) * size
        };
        let (ha, hb) = (half(&mut rng), half(&mut rng));
        let (ha_t, hb_t) = (ha.map(round::<T>), hb.map(round::<T>));
        let a = Obb::new(Point3::origin(), Rotation3::identity(), ha_t).unwrap();
        let b = Obb::new(Point3::origin(), Rotation3::identity(), hb_t).unwrap();
        let (ra, rb) = (rot_t::<T>(&base), rot_t::<T>(&(base * tilt)));
        let pa = Pose3::from_parts(Vector3::zeros().into(), ra);
        let dir = face_or_random(&mut rng, &base);
        // Placement: bisect the touching distance on the engine, then add
        // an offset; the checks below are against the oracle.
        let at = |s: f64| Pose3::from_parts((dir * s).map(round::<T>).into(), rb);
        let (mut lo, mut hi) = (0.0, 4.0 * (ha.norm() + hb.norm()));
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if to(engine::separation(&a, &pa, &b, &at(mid)).distance) > 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        // The proved band: the thin facet's width plus round-off.
        let (la, lb) = (2.0 * ha.amax(), 2.0 * hb.amax());
        let width = 0.5 * la.min(lb) * (angle.sin() + 16.0 * eps);
        let roundoff = 64.0 * eps * (lo + ha.sum() + hb.sum());
        let band = width + roundoff;
        // The oracle's own precision: it accepts planes to 1e-12 at unit
        // scale and merges planes within that, so its gap is good to about
        // 1e-11 of the size (f64 has no more to show below that).
        let oracle_band = band + 1e-11 * size;
        // Offsets from far inside to far outside, and at 3 and 30 times
        // the band, where the verdict must already be the oracle's.
        let delta = [
            -1e-3 * size,
            -30.0 * band,
            -3.0 * band,
            0.0,
            3.0 * band,
            30.0 * band,
            1e-3 * size,
        ][rng.next_u64() as usize % 7];
        let pb = at(lo + delta);
        // The oracle on exactly the floats the library sees, at unit scale
        // (its own tolerance is absolute).
        let m = |r: &Rotation3<T>| r.matrix().map(to);
        let tb = pb.translation.vector.map(to);
        let oa = box_corners(&Point3::origin(), &m(&ra), &(ha_t.map(to) / size));
        let ob = box_corners(&Point3::from(tb / size), &m(&rb), &(hb_t.map(to) / size));
        let truth = hull_gap(&oa, &ob).gap * size;
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let fast = separation(x, px, y, py);
            let slow = engine::separation(x, px, y, py);
            let (d_fast, d_slow) = (to(fast.distance), to(slow.distance));
            let what = || {
                format!(
                    "case {k}: angle {angle:e}, size {size:e}, offset {delta:e}: oracle \
                     {truth:e}, band {band:e} ({oracle_band:e} for the oracle), box path {fast:?}, engine {slow:?}"
                )
            };
            // Box path against the engine: the same verdict outside the
            // band, the same distance within it.
            assert!((d_fast - d_slow).abs() <= band, "{}", what());
            if d_slow.abs() > band {
                assert_eq!(d_fast <= 0.0, d_slow <= 0.0, "{}", what());
                assert_eq!(intersects(x, px, y, py), d_slow <= 0.0, "{}", what());
            }
            // Both against the oracle.
            if truth.abs() > oracle_band {
                decided += 1;
                for d in [d_fast, d_slow] {
                    assert_eq!(d <= 0.0, truth <= 0.0, "verdict: {}", what());
                }
            }
            for d in [d_fast, d_slow] {
                if truth < 0.0 {
                    // A depth: the oracle's within the band, both ways
                    // (the oracle skips degenerate triples and merges close
                    // planes, so it too can miss a thin facet).
                    assert!((d - truth).abs() <= oracle_band, "depth: {}", what());
                } else {
                    // A gap: the facet gap is found to within the band.
                    assert!(d >= truth - oracle_band, "gap: {}", what());
                }
            }
            overlapping += usize::from(truth < 0.0);
            edge_wins += usize::from(matches!(
                fast.feature,
                separating_axis::Feature::EdgePair(..)
            ));
        }
    }
    assert!(decided >= n, "only {decided} of {} decided", 2 * n);
    assert!(edge_wins >= 1, "only {edge_wins} edge-pair answers");
    assert!(
        (n / 2..=3 * n / 2).contains(&overlapping),
        "{overlapping} of {} overlapping",
        2 * n
    );
}
