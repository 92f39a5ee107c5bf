//! How crowded the best axis of two overlapping hull-16s is, on pairs
//! drawn as the scene of `benches/coherence.rs` draws them (random hulls of
//! 16 points, offsets up to 2.6, each body drifting 0.01 in translation and
//! 0.01 rad a frame; the tests' generator, so other pairs than the bench's):
//! the number of candidate axes whose gap lies within `2kδ` of the best,
//! for `δ` the bound on how far one frame's motion moves any axis's gap.
//! A cache that returns exactly the uncached answer from bounds carried
//! over `k` frames must look at every one of them again (docs/coherence.md,
//! "Why 3× is out of reach for bounds carried across frames").

use core::ops::ControlFlow;
use nalgebra::{Point3, Vector3};
use separating_axis::{engine, penetration, ConvexPolyhedron, Pose3};

use crate::support::rng::Rng;

/// A hull of 16 random points in an ellipsoid of semi-axes 0.6 to 1.1, as
/// `benches/coherence.rs` draws them.
fn hull(rng: &mut Rng) -> ConvexPolyhedron<f64> {
    let axes = Vector3::new(
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
        rng.range(0.6, 1.1),
    );
    let points: Vec<Point3<f64>> = (0..16)
        .map(|_| Point3::from(rng.unit_vector3().component_mul(&axes) * rng.range(0.7, 1.0)))
        .collect();
    ConvexPolyhedron::from_hull(&points).unwrap()
}

/// Over the overlapping pairs of 2 000 drawn: every candidate axis's gap
/// (`engine::for_each_candidate_axis`, gaps by brute force over the
/// vertices), the best equal to `penetration`'s depth, and how many others
/// lie within `2kδ` of it for k = 1 to 8 frames, where
/// `δ = 0.02 + 0.01·|offset| + 0.02·r_B` bounds one frame's change of any
/// gap: B's placement in A's frame moves by at most `0.02 + 0.01·|offset|`
/// and turns by at most 0.02 rad, which moves B's support along a fixed
/// axis by at most `0.02·r_B` more. Seeded, so the medians are exact.
#[test]
fn candidates_crowd_the_best_axis_within_a_few_frames() {
    let mut rng = Rng::new(26);
    let mut near: [Vec<usize>; 8] = Default::default();
    let mut candidates = Vec::new();
    for _ in 0..2000 {
        let (a, b) = (hull(&mut rng), hull(&mut rng));
        let pa = Pose3::from_parts(Vector3::zeros().into(), rng.rotation());
        let offset = rng.unit_vector3() * rng.range(0.0, 2.6);
        let pb = Pose3::from_parts(offset.into(), rng.rotation());
        let Some(p) = penetration(&a, &pa, &b, &pb) else {
            continue;
        };
        let pab = pa.inv_mul(&pb);
        let placed: Vec<Vector3<f64>> = b.vertices().iter().map(|v| (pab * v).coords).collect();
        let rb = b
            .vertices()
            .iter()
            .map(|v| v.coords.norm())
            .fold(0.0, f64::max);
        let delta = 0.02 + 0.01 * offset.norm() + 0.02 * rb;
        let mut gaps = Vec::new();
        let _ = engine::for_each_candidate_axis(&a, &b, &pab, |u, _, _| {
            let ha = a
                .vertices()
                .iter()
                .map(|v| u.dot(&v.coords))
                .fold(f64::MIN, f64::max);
            let lb = placed.iter().map(|v| u.dot(v)).fold(f64::MAX, f64::min);
            gaps.push(lb - ha);
            ControlFlow::Continue(())
        });
        let best = gaps.iter().copied().fold(f64::MIN, f64::max);
        assert!(
            (best + p.depth).abs() < 1e-9,
            "best gap {best}, depth {}",
            p.depth
        );
        for (k, counts) in near.iter_mut().enumerate() {
            let widened = 2.0 * (k + 1) as f64 * delta;
            counts.push(gaps.iter().filter(|&&g| g >= best - widened).count() - 1);
        }
        candidates.push(gaps.len());
    }
    let median = |v: &mut Vec<usize>| {
        v.sort_unstable();
        v[v.len() / 2]
    };
    assert_eq!(candidates.len(), 885, "overlapping pairs");
    assert_eq!(median(&mut candidates), 82, "candidate axes a pair");
    // Means (the cost of re-checking adds up over pairs), to a tenth.
    let means: Vec<f64> = near
        .iter()
        .map(|v| (v.iter().sum::<usize>() as f64 / v.len() as f64 * 10.0).round() / 10.0)
        .collect();
    let medians: Vec<usize> = near.iter_mut().map(median).collect();
    assert_eq!(
        medians[..4],
        [5, 9, 14, 20],
        "axes within 2kδ of the best, k = 1 to 4"
    );
    let expected = [5.7, 11.1, 17.0, 23.1, 29.4, 35.5, 41.4, 46.9];
    for (k, (m, e)) in means.iter().zip(expected).enumerate() {
        assert!((m - e).abs() < 1e-9, "mean within 2kδ, k = {}: {m}", k + 1);
    }
}
