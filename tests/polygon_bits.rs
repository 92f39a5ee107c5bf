//! The polygon pair's SAT answers bit for bit: a hash of every bit of
//! `separation` (the best scan), `penetration` (the first-gap scan) and
//! `intersects` of convex polygon pairs (`src/pair/polygon_polygon.rs`),
//! over a seeded scene: polygons of 3 to 48 vertices (both sides of the
//! walk's `WALK_FROM`), some stretched up to 8:1, sizes from 0.1 to 3,
//! deep, shallow, apart and about touching, near the origin and `1e5`
//! from it, copies of one polygon turned by a quarter or a half turn or
//! not at all (ties between parallel edges, exact or to round-off), each pair in both argument orders,
//! in `f32` and `f64`.
//!
//! The hashes were recorded before `polygon_polygon` learnt to drop an
//! axis on a one-vertex bound (issue 15): dropping must leave every
//! answer's distance, axis and feature as they were. Rotations are
//! rational or quarter turns (`+ − × /` only), so the hashes do not depend
//! on the platform's `libm`.

use crate::support::rng::Rng;
use crate::support::scalars::{t, TestReal};
use crate::support::scene2d::{random_rotation, Fnv1a};
use nalgebra::{Matrix2, Point2, Rotation2, Translation2, Vector2};
use separating_axis::{ConvexPolygon, Feature, Pose2};

/// Pairs in the scene (each in both orders).
const PAIRS: u64 = 3000;

/// A convex polygon of `k` vertices about a jittered regular `k`-gon of
/// circumradius `size`, stretched along x by `stretch` (drawn again when
/// the hull is degenerate).
fn polygon<T: TestReal>(rng: &mut Rng, k: usize, size: f64, stretch: f64) -> ConvexPolygon<T> {
    loop {
        let (c0, s0) = rng.rational_cos_sin();
        let points: Vec<Point2<T>> = (0..k)
            .map(|i| {
                // Points on a circle by the rational parametrisation of
                // evenly spread half-angle tangents, jittered.
                let u = ((i as f64 + rng.range(-0.3, 0.3)) / k as f64 - 0.5) * 4.0;
                let d = 1.0 + u * u;
                let (c, s) = ((1.0 - u * u) / d, 2.0 * u / d);
                let (c, s) = (c * c0 - s * s0, s * c0 + c * s0);
                let r = size * rng.range(0.9, 1.0);
                Point2::new(t(c * r * stretch), t(s * r))
            })
            .collect();
        if let Ok(p) = ConvexPolygon::from_hull(&points) {
            return p;
        }
    }
}

/// Pair `i` of the scene in `T`: (A, pose A, B, pose B).
fn scene<T: TestReal>(i: u64) -> (ConvexPolygon<T>, Pose2<T>, ConvexPolygon<T>, Pose2<T>) {
    let mut rng = Rng(0x9017_B175_0000 + i);
    let kind = i % 6;
    let k = [3, 4, 5, 8, 8, 8, 12, 20, 33, 48][rng.below(10)];
    let size = rng.skewed_range(0.1, 3.0);
    let stretch = if rng.chance(0.4) {
        rng.range(0.125, 1.0)
    } else {
        1.0
    };
    let a = polygon::<T>(&mut rng, k, size, stretch);
    // Kind 4: B a copy of A, turned by a quarter or a half turn or not at
    // all: B's edges parallel to A's, gaps tied to round-off.
    let b = if kind == 4 {
        a.clone()
    } else {
        let m = [3, 4, 6, 8, 8, 16, 40][rng.below(7)];
        let stretch = if rng.chance(0.4) {
            rng.range(0.125, 1.0)
        } else {
            1.0
        };
        let size = rng.skewed_range(0.1, 3.0);
        polygon::<T>(&mut rng, m, size, stretch)
    };
    let rot_a = random_rotation::<f64>(&mut rng);
    let rot_b = if kind == 4 {
        let (c, s) = [(1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)][rng.below(3)];
        rot_a * Rotation2::from_matrix_unchecked(Matrix2::new(c, -s, s, c))
    } else {
        random_rotation::<f64>(&mut rng)
    };
    // Deep (kind 0), shallow (1, 4), apart or about touching (2), mixed
    // (3), mixed far from the origin (5); distances scale with the sizes.
    let reach = [0.3, 1.4, 2.4, 2.0, 0.5, 2.0][kind as usize] * size;
    let offset = rng.unit_vector2() * rng.range(0.0, 1.0) * reach;
    let base = if kind == 5 {
        Vector2::new(rng.range(-1e5, 1e5), rng.range(-1e5, 1e5))
    } else {
        Vector2::new(rng.range(-5.0, 5.0), 1.0)
    };
    let pose = |v: Vector2<f64>, r: Rotation2<f64>| {
        Pose2::from_parts(
            Translation2::new(t(v.x), t(v.y)),
            Rotation2::from_matrix_unchecked(r.matrix().map(t::<T>)),
        )
    };
    (a, pose(base, rot_a), b, pose(base + offset, rot_b))
}

/// The hash of the scene's answers in `T`, with the number of overlapping
/// ordered pairs and of answers on B's edges (so that the scene is seen to
/// exercise both classes).
fn hash<T: TestReal>() -> (u64, usize, usize) {
    let (mut h, mut overlapping, mut on_b) = (Fnv1a::default(), 0, 0);
    for i in 0..PAIRS {
        let (a, pa, b, pb) = scene::<T>(i);
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let (s, hit) = h.write_sat(x, px, y, py);
            on_b += usize::from(matches!(s.feature, Feature::FaceB(_)));
            overlapping += usize::from(hit);
        }
    }
    (h.finish(), overlapping, on_b)
}

/// The recorded hashes: f64, f32.
const RECORDED: [u64; 2] = [0x9e4a_084b_13c0_7eaf, 0x2a1e_8900_fb25_de1f];

fn check<T: TestReal>(index: usize) {
    let (h, overlapping, on_b) = hash::<T>();
    assert!(
        (2000..=5000).contains(&overlapping),
        "{}: {overlapping} overlapping",
        T::NAME
    );
    assert!(on_b >= 500, "{}: only {on_b} answers on B's edges", T::NAME);
    assert_eq!(
        h,
        RECORDED[index],
        "{}: the polygon answers changed ({h:#018x})",
        T::NAME
    );
}

#[test]
fn polygon_bits_f64() {
    check::<f64>(0);
}

#[test]
fn polygon_bits_f32() {
    check::<f32>(1);
}
