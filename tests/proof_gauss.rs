//! Theorem 11 of docs/sat-proof.md (§10), its "iff" checked directly: on
//! random hull pairs, the edge pairs the engine tests
//! (`Feature::EdgePair(i, j)` visited by `engine::for_each_candidate_axis`)
//! are exactly the pairs that form a face of `A − B`, found by brute force
//! without the Gauss map: edge `i` of A and edge `j` of B form a face iff,
//! for `u = ±normalise(eᵢ × eⱼ)`, edge `i` is the whole support set of A
//! along `u` and edge `j` the whole support set of B along `−u` (Theorem 10's
//! proof: the support set of `A − B` along `u` is then the parallelogram
//! `eᵢ − eⱼ`). In `f32` and `f64`.
//!
//! Ties: a pair is *decided* only when, for each sign of `u`, the
//! endpoints' lead over every other vertex (A along `u`, B along `−u`) is
//! beyond a margin (`1e-9` in `f64`, `2e-4` in `f32`, coordinates about 1)
//! or below minus it. A pair with a lead inside the margin is a near tie —
//! the arcs nearly touching at an endpoint, where a face normal of a
//! neighbouring face is the axis anyway (§10) — and is left out of the
//! comparison; the test counts them and requires them to be rare. Exactly
//! or nearly parallel pairs (`sin θ < 1e-6`), which the engine skips or
//! tests along an arbitrary axis (§11), are left out the same way.

use crate::support::rng;

use std::collections::BTreeSet;

use core::ops::ControlFlow;
use nalgebra::{Point3, Rotation3, Vector3};
use rng::Rng;
use separating_axis::{engine, ConvexPolyhedron, Feature, Pose3, Real, Shape};

/// Runs each generic test function in `f32` and in `f64`.
macro_rules! in_both_scalars {
    ($($name:ident),* $(,)?) => {
        mod f32 {
            $(#[test] fn $name() { super::$name::<f32>(1e-4 * 2.0); })*
        }
        mod f64 {
            $(#[test] fn $name() { super::$name::<f64>(1e-9); })*
        }
    };
}

in_both_scalars!(edge_pairs_tested_are_exactly_the_minkowski_faces);

fn to<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// A hull of 5 to 24 random points on a random ellipsoid around `c`.
fn random_hull<T: Real>(rng: &mut Rng) -> ConvexPolyhedron<T> {
    let n = 5 + rng.next_u64() as usize % 20;
    let axes = Vector3::new(
        rng.range(0.3, 1.3),
        rng.range(0.3, 1.3),
        rng.range(0.3, 1.3),
    );
    let points: Vec<Point3<T>> = (0..n)
        .map(|_| Point3::from(rng.unit_vector3().component_mul(&axes) * rng.range(0.6, 1.0)).cast())
        .collect();
    let hull = ConvexPolyhedron::from_hull(&points).unwrap();
    hull.validate().unwrap();
    hull
}

/// How far the support set of `points` along `u` is from being exactly the
/// edge `[p, q]`: the lead of the edge's higher endpoint over every other
/// point (positive: the edge is the support set, up to the two endpoints'
/// own round-off).
fn lead(points: &[Vector3<f64>], edge: [usize; 2], u: &Vector3<f64>) -> f64 {
    let top = u.dot(&points[edge[0]]).max(u.dot(&points[edge[1]]));
    let low = u.dot(&points[edge[0]]).min(u.dot(&points[edge[1]]));
    let others = (0..points.len())
        .filter(|k| !edge.contains(k))
        .map(|k| u.dot(&points[k]))
        .fold(f64::NEG_INFINITY, f64::max);
    // Both endpoints must lead: the lower one bounds the lead.
    low.min(top) - others
}

/// The edge endpoints of a hull in its own frame, checked against the
/// engine's edge of the same index (`Shape::local_edge`): parallel
/// directions.
fn edges<T: Real>(h: &ConvexPolyhedron<T>) -> Vec<[usize; 2]> {
    let verts: Vec<Vector3<f64>> = h.vertices().iter().map(|v| v.coords.map(to)).collect();
    let out: Vec<[usize; 2]> = h.edge_vertices().to_vec();
    assert_eq!(out.len(), h.edge_count());
    for (i, [p, q]) in out.iter().enumerate() {
        let e = (verts[*q] - verts[*p]).normalize();
        let d = h.local_edge(i).direction.map(to);
        assert!(e.cross(&d).norm() <= 1e-5, "edge {i}: {e:?} vs {d:?}");
    }
    out
}

fn edge_pairs_tested_are_exactly_the_minkowski_faces<T: Real>(margin: f64) {
    let mut rng = Rng(0x6A55_0011);
    let (mut decided, mut faces, mut near_ties, mut parallel) = (0usize, 0usize, 0usize, 0usize);
    for case in 0..120 {
        let a = random_hull::<T>(&mut rng);
        let b = random_hull::<T>(&mut rng);
        let pa: Pose3<T> = Pose3::from_parts(
            (rng.unit_vector3() * rng.range(0.0, 3.0)).into(),
            rng.rotation(),
        )
        .cast();
        let pb: Pose3<T> = Pose3::from_parts(
            (rng.unit_vector3() * rng.range(0.0, 3.0)).into(),
            rng.rotation(),
        )
        .cast();
        let pose_ab = pa.inverse() * pb;
        let mut tested = BTreeSet::new();
        let _ = engine::for_each_candidate_axis(&a, &b, &pose_ab, |_, f, _| {
            if let Feature::EdgePair(i, j) = f {
                tested.insert((i, j));
            }
            ControlFlow::Continue(())
        });
        // The brute force, in f64 on the same floats, in A's frame.
        let pose64 = Pose3::from_parts(
            pose_ab.translation.vector.map(to).into(),
            Rotation3::from_matrix_unchecked(pose_ab.rotation.matrix().map(to)),
        );
        let va: Vec<Vector3<f64>> = a.vertices().iter().map(|v| v.coords.map(to)).collect();
        let vb: Vec<Vector3<f64>> = b
            .vertices()
            .iter()
            .map(|v| (pose64 * v.map(to)).coords)
            .collect();
        let (ea, eb) = (edges(&a), edges(&b));
        for (i, &ei) in ea.iter().enumerate() {
            for (j, &ej) in eb.iter().enumerate() {
                let da = (va[ei[1]] - va[ei[0]]).normalize();
                let db = (vb[ej[1]] - vb[ej[0]]).normalize();
                let c = da.cross(&db);
                if c.norm() < 1e-6 {
                    parallel += 1;
                    continue;
                }
                let u = c.normalize();
                let mut face = false;
                let mut clear = true;
                for s in [1.0, -1.0] {
                    let (la, lb) = (lead(&va, ei, &(u * s)), lead(&vb, ej, &(u * -s)));
                    face |= la > margin && lb > margin;
                    // Undecided when neither lead is clearly negative and
                    // one of them is within the margin of zero.
                    if la >= -margin && lb >= -margin && (la.abs() <= margin || lb.abs() <= margin)
                    {
                        clear = false;
                    }
                }
                if !clear {
                    near_ties += 1;
                    continue;
                }
                decided += 1;
                faces += usize::from(face);
                assert_eq!(
                    tested.contains(&(i, j)),
                    face,
                    "case {case}: edge pair ({i}, {j}) tested by the engine: {}, a face of \
                     A − B by brute force: {face}",
                    tested.contains(&(i, j))
                );
            }
        }
    }
    // The brute force decided nearly every pair, and found faces among
    // them (about one pair in ten or fewer forms a face).
    assert!(decided > 20_000, "only {decided} pairs decided");
    assert!(faces > 1_000, "only {faces} Minkowski faces");
    assert!(
        near_ties * 100 <= decided,
        "{near_ties} near ties of {decided}"
    );
    assert!(parallel * 1000 <= decided, "{parallel} parallel pairs");
}
