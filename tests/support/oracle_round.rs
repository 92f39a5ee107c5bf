//! A signed-distance oracle for rounded shapes that shares no code with
//! the SAT engine (docs/sat-proof.md §5, Theorem 7 and Theorem 9): every
//! shape is a convex core (given by its vertices: a ball's centre, a
//! capsule's two endpoints, a polytope's corners) dilated by a radius, and
//!
//! ```text
//! signed distance(A, B) = sd(0, K_A − K_B) − (r_A + r_B)
//! ```
//!
//! where `K_A − K_B` is the convex hull of the core-vertex differences and
//! `sd(0, C)` is the origin's Euclidean distance to `C` when outside, minus
//! its distance to the boundary when inside (0 when `C` is lower
//! dimensional and holds the origin). Everything is brute force in `f64`:
//! facets by enumerating planes through point triples (lines through point
//! pairs in 2D), distances by the nearest point of every boundary triangle
//! (segment in 2D).

#![allow(dead_code)]

use nalgebra::{Point2, Point3, Vector2, Vector3};

/// The nearest point of segment `[a, b]` to `p` (3D).
pub fn closest_on_segment(p: &Vector3<f64>, a: &Vector3<f64>, b: &Vector3<f64>) -> Vector3<f64> {
    let e = b - a;
    let len2 = e.dot(&e);
    let t = if len2 > 0.0 {
        ((p - a).dot(&e) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    a + e * t
}

/// The distance from `p` to the solid triangle `abc` (any of its points may
/// coincide): the distance to its plane when the foot lies inside, else to
/// the nearest of its three sides.
pub fn triangle_distance(
    p: &Vector3<f64>,
    a: &Vector3<f64>,
    b: &Vector3<f64>,
    c: &Vector3<f64>,
) -> f64 {
    let sides = [(a, b), (b, c), (c, a)]
        .iter()
        .map(|(x, y)| (p - closest_on_segment(p, x, y)).norm())
        .fold(f64::INFINITY, f64::min);
    let n = (b - a).cross(&(c - a));
    let scale = (b - a).norm().max((c - a).norm()).max((c - b).norm());
    if n.norm() <= 1e-14 * scale * scale {
        return sides;
    }
    let n = n.normalize();
    let foot = p - n * n.dot(&(p - a));
    let inside = [(a, b), (b, c), (c, a)]
        .iter()
        .all(|(x, y)| (*y - *x).cross(&(foot - *x)).dot(&n) >= 0.0);
    if inside {
        n.dot(&(p - a)).abs()
    } else {
        sides
    }
}

/// A convex polytope of `ℝ³` given by points: its facet planes (outward
/// unit normal `n`, offset `h = max n·p`) and, for each facet, every
/// triangle of points lying on it.
pub struct Polytope {
    points: Vec<Vector3<f64>>,
    planes: Vec<(Vector3<f64>, f64)>,
    triangles: Vec<[usize; 3]>,
    full: bool,
}

impl Polytope {
    /// The hull of `points`.
    pub fn new(points: Vec<Vector3<f64>>) -> Self {
        let scale = points.iter().map(|p| p.amax()).fold(1.0_f64, f64::max);
        let on = 1e-9 * scale;
        let planes = crate::support::oracle3d::hull_planes(&points);
        // Full-dimensional iff some plane has a point strictly below it.
        let full = planes
            .iter()
            .any(|(n, h)| points.iter().any(|p| n.dot(p) < h - on));
        let mut triangles = Vec::new();
        if full {
            for (n, h) in &planes {
                let face: Vec<usize> = (0..points.len())
                    .filter(|&i| (n.dot(&points[i]) - h).abs() <= on)
                    .collect();
                for x in 0..face.len() {
                    for y in x + 1..face.len() {
                        for z in y + 1..face.len() {
                            triangles.push([face[x], face[y], face[z]]);
                        }
                    }
                }
            }
        } else {
            // Lower dimensional: by Carathéodory every point of the hull
            // lies in a triangle of three of the points.
            let k = points.len();
            for x in 0..k {
                for y in x..k {
                    for z in y..k {
                        triangles.push([x, y, z]);
                    }
                }
            }
        }
        Polytope {
            points,
            planes,
            triangles,
            full,
        }
    }

    /// The hull of the differences `a − b` of two point lists.
    pub fn difference(a: &[Point3<f64>], b: &[Point3<f64>]) -> Self {
        Self::new(
            a.iter()
                .flat_map(|p| b.iter().map(move |q| p - q))
                .collect(),
        )
    }

    /// The signed distance of `p`: positive outside (the Euclidean
    /// distance), minus the distance to the boundary inside, 0 on a lower
    /// dimensional hull that holds `p`.
    pub fn signed_distance(&self, p: &Vector3<f64>) -> f64 {
        let distance = || {
            self.triangles
                .iter()
                .map(|[x, y, z]| {
                    triangle_distance(p, &self.points[*x], &self.points[*y], &self.points[*z])
                })
                .fold(f64::INFINITY, f64::min)
        };
        if !self.full {
            return distance();
        }
        let worst = self
            .planes
            .iter()
            .map(|(n, h)| n.dot(p) - h)
            .fold(f64::NEG_INFINITY, f64::max);
        if worst > 0.0 {
            distance()
        } else {
            worst
        }
    }
}

/// The oracle's signed distance of two rounded shapes in 3D, from their
/// core vertices and radii (world frame).
pub fn signed_distance_3d(a: &[Point3<f64>], ra: f64, b: &[Point3<f64>], rb: f64) -> f64 {
    Polytope::difference(a, b).signed_distance(&Vector3::zeros()) - ra - rb
}

/// The distance from `p` to segment `[a, b]` in 2D.
pub fn segment_distance_2d(p: &Vector2<f64>, a: &Vector2<f64>, b: &Vector2<f64>) -> f64 {
    let e = b - a;
    let len2 = e.dot(&e);
    let t = if len2 > 0.0 {
        ((p - a).dot(&e) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + e * t)).norm()
}

/// The signed distance of the origin to the hull of `points` in 2D: lines
/// through point pairs with every point on one side are the edges.
pub fn signed_distance_to_hull_2d(points: &[Vector2<f64>]) -> f64 {
    let scale = points.iter().map(|p| p.amax()).fold(1.0_f64, f64::max);
    let eps = 1e-12 * scale;
    let k = points.len();
    let mut distance = f64::INFINITY;
    let mut worst = f64::NEG_INFINITY;
    let mut full = false;
    for i in 0..k {
        for j in i..k {
            distance = distance.min(segment_distance_2d(
                &Vector2::zeros(),
                &points[i],
                &points[j],
            ));
            let e = points[j] - points[i];
            if e.norm() <= 1e-12 * scale {
                continue;
            }
            let n = Vector2::new(e.y, -e.x).normalize();
            let h = n.dot(&points[i]);
            let (mut above, mut below) = (false, false);
            for p in points {
                let d = n.dot(p) - h;
                above |= d > eps;
                below |= d < -eps;
            }
            if above && below {
                continue;
            }
            full |= above || below;
            let n = if above { -n } else { n };
            let h = points
                .iter()
                .map(|p| n.dot(p))
                .fold(f64::NEG_INFINITY, f64::max);
            worst = worst.max(-h);
        }
    }
    if !full || worst > 0.0 {
        distance
    } else {
        worst
    }
}

/// The oracle's signed distance of two rounded shapes in 2D.
pub fn signed_distance_2d(a: &[Point2<f64>], ra: f64, b: &[Point2<f64>], rb: f64) -> f64 {
    let diffs: Vec<Vector2<f64>> = a
        .iter()
        .flat_map(|p| b.iter().map(move |q| p - q))
        .collect();
    signed_distance_to_hull_2d(&diffs) - ra - rb
}
