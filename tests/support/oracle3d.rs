//! An overlap and depth oracle for 3D polytopes that shares no code with
//! the SAT engine: the convex hull of all pairwise vertex differences,
//! found by brute force over point triples.

#![allow(dead_code)]

use nalgebra::{Point3, Vector3};

/// The answer of the oracle for a pair of polytopes.
#[derive(Clone, Copy, Debug)]
pub struct HullAnswer {
    /// `max` over the hull's facet planes of `−offset`: positive means the
    /// origin is outside `A − B` (separated, and a lower bound of the
    /// distance); otherwise minus the penetration depth.
    pub gap: f64,
    /// The facet's outward normal that attains it (from A to B is minus it).
    pub normal: Vector3<f64>,
}

/// The supporting planes of the convex hull of `points`: for every triple
/// of points spanning a plane with every point on one side, the outward
/// unit normal `n` and offset `h = max n · p`.
pub fn hull_planes(points: &[Vector3<f64>]) -> Vec<(Vector3<f64>, f64)> {
    let scale = points.iter().map(|p| p.amax()).fold(1.0_f64, f64::max);
    let eps = 1e-12 * scale;
    let mut planes: Vec<(Vector3<f64>, f64)> = Vec::new();
    let n = points.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let normal = (points[j] - points[i]).cross(&(points[k] - points[i]));
                let len = normal.norm();
                if len <= 1e-12 * scale * scale {
                    continue;
                }
                let normal = normal / len;
                let h = normal.dot(&points[i]);
                let (mut above, mut below) = (false, false);
                for p in points {
                    let d = normal.dot(p) - h;
                    above |= d > eps;
                    below |= d < -eps;
                    if above && below {
                        break;
                    }
                }
                if above && below {
                    continue;
                }
                let normal = if above { -normal } else { normal };
                // The exact support value along the plane's normal, so that
                // the tolerance above never shifts the plane inwards.
                let h = points
                    .iter()
                    .map(|p| normal.dot(p))
                    .fold(f64::NEG_INFINITY, f64::max);
                if !planes
                    .iter()
                    .any(|(m, g)| (m - normal).norm() < 1e-9 && (g - h).abs() < eps)
                {
                    planes.push((normal, h));
                }
            }
        }
    }
    planes
}

/// The oracle for world-space vertex lists `a` and `b`: the hull of
/// `{a − b}` and the origin's signed distance to its boundary along the best
/// facet normal.
pub fn hull_gap(a: &[Point3<f64>], b: &[Point3<f64>]) -> HullAnswer {
    let diffs: Vec<Vector3<f64>> = a
        .iter()
        .flat_map(|p| b.iter().map(move |q| p - q))
        .collect();
    let mut best = HullAnswer {
        gap: f64::NEG_INFINITY,
        normal: Vector3::zeros(),
    };
    for (normal, h) in hull_planes(&diffs) {
        if -h > best.gap {
            best = HullAnswer { gap: -h, normal };
        }
    }
    best
}

/// The eight corners of a box with centre `c`, rotation columns `axes` and
/// half extents `h`.
pub fn box_corners(
    c: &Point3<f64>,
    axes: &nalgebra::Matrix3<f64>,
    h: &Vector3<f64>,
) -> Vec<Point3<f64>> {
    let mut out = Vec::with_capacity(8);
    for sx in [-1.0, 1.0] {
        for sy in [-1.0, 1.0] {
            for sz in [-1.0, 1.0] {
                out.push(c + axes * Vector3::new(sx * h.x, sy * h.y, sz * h.z));
            }
        }
    }
    out
}
