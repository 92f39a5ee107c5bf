//! Custom shapes: a 2D rounded rectangle built from the crate's pieces
//! (`Rounded<ConvexPolygon>`), and a 3D triangular prism written from
//! scratch, checked with `validate_shape` before any query uses them.
//!
//! Run with `cargo run --example custom_shape`. The test
//! `tests/custom_shapes.rs` runs the same shapes against brute-force
//! oracles.

use nalgebra::{Point2, Point3, Unit, Vector2, Vector3};
use separating_axis::{
    contact_manifold, penetration, separation, signed_distance, validate_shape, ConvexPolygon,
    Edge, Pose2, Pose3, Rounded, Shape, ShapeError, Support,
};

/// A `width × height` rectangle with its corners rounded by `radius`: a
/// smaller rectangle dilated by a disc, so that the outline is
/// `width × height` overall.
///
/// # Errors
/// The polygon's or the rounding's [`ShapeError`] (a radius of half the
/// shorter side or more leaves no rectangle to round).
pub fn rounded_rectangle(
    width: f64,
    height: f64,
    radius: f64,
) -> Result<Rounded<ConvexPolygon<f64>, f64>, ShapeError> {
    let (hx, hy) = (width / 2.0 - radius, height / 2.0 - radius);
    let core = ConvexPolygon::new(&[
        Point2::new(-hx, -hy),
        Point2::new(hx, -hy),
        Point2::new(hx, hy),
        Point2::new(-hx, hy),
    ])?;
    Rounded::new(core, radius)
}

/// A prism: a counter-clockwise triangle in the xy plane, extruded from
/// `z = −half_height` to `z = +half_height`. Core vertices `0..3` are the
/// bottom corners, `3..6` the top ones.
#[derive(Clone, Debug)]
pub struct TriangularPrism {
    corners: [Point2<f64>; 3],
    half_height: f64,
    /// The outward unit normals of the three sides (side `k` runs from
    /// corner `k` to corner `k + 1`).
    side_normals: [Vector2<f64>; 3],
}

impl TriangularPrism {
    /// The prism over `corners` (either winding), `half_height > 0`;
    /// `None` for a flat triangle or height.
    pub fn new(mut corners: [Point2<f64>; 3], half_height: f64) -> Option<Self> {
        let turn = (corners[1] - corners[0]).perp(&(corners[2] - corners[0]));
        let tall = half_height > 0.0; // false for NaN too
        if turn == 0.0 || !tall {
            return None;
        }
        if turn < 0.0 {
            corners.swap(1, 2);
        }
        let side_normals = core::array::from_fn(|k| {
            let e = corners[(k + 1) % 3] - corners[k];
            Vector2::new(e.y, -e.x).normalize()
        });
        Some(Self {
            corners,
            half_height,
            side_normals,
        })
    }

    /// Whether `p` (in the triangle's plane) lies in the closed triangle.
    fn in_triangle(&self, p: &Point2<f64>) -> bool {
        (0..3).all(|k| self.side_normals[k].dot(&(p - self.corners[k])) <= 0.0)
    }

    /// The nearest point of the closed triangle to `p`.
    fn nearest_in_triangle(&self, p: &Point2<f64>) -> Point2<f64> {
        if self.in_triangle(p) {
            return *p;
        }
        (0..3)
            .map(|k| {
                let (a, b) = (self.corners[k], self.corners[(k + 1) % 3]);
                let e = b - a;
                let t = ((p - a).dot(&e) / e.norm_squared()).clamp(0.0, 1.0);
                a + e * t
            })
            .min_by(|x, y| (p - x).norm_squared().total_cmp(&(p - y).norm_squared()))
            .unwrap_or(*p)
    }
}

impl Support<f64, 3> for TriangularPrism {
    fn local_support_point(&self, d: &Vector3<f64>) -> Point3<f64> {
        let k = (0..3)
            .max_by(|&i, &j| {
                let (a, b) = (self.corners[i], self.corners[j]);
                (d.x * a.x + d.y * a.y).total_cmp(&(d.x * b.x + d.y * b.y))
            })
            .unwrap_or(0);
        let z = if d.z > 0.0 {
            self.half_height
        } else {
            -self.half_height
        };
        Point3::new(self.corners[k].x, self.corners[k].y, z)
    }
}

impl Shape<f64, 3> for TriangularPrism {
    /// The top (0), the bottom (1), the three sides (2..5).
    fn face_count(&self) -> usize {
        5
    }

    fn local_face_normal(&self, i: usize) -> Unit<Vector3<f64>> {
        Unit::new_unchecked(match i {
            0 => Vector3::z(),
            1 => -Vector3::z(),
            _ => {
                let n = self.side_normals[(i - 2) % 3];
                Vector3::new(n.x, n.y, 0.0)
            }
        })
    }

    /// The caps have three corners, the sides four.
    fn face_vertex_count(&self, i: usize) -> usize {
        match i {
            0 | 1 => 3,
            2..=4 => 4,
            _ => 0,
        }
    }

    /// Counter-clockwise seen from outside.
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        let k = k % 4;
        match i {
            0 => 3 + k % 3,
            1 => 2 - k % 3,
            _ => {
                let (a, b) = ((i - 2) % 3, (i - 1) % 3);
                [a, b, b + 3, a + 3][k]
            }
        }
    }

    /// The three side directions of the triangle and the vertical: one
    /// edge per direction, without faces, as a box lists its edges. A 3D
    /// shape that lists none gets a depth larger than the true one for
    /// edge-to-edge contacts; `validate_shape` says so.
    fn edge_count(&self) -> usize {
        4
    }

    fn local_edge(&self, i: usize) -> Edge<f64, 3> {
        let direction = if i < 3 {
            let e = (self.corners[(i + 1) % 3] - self.corners[i]).normalize();
            Vector3::new(e.x, e.y, 0.0)
        } else {
            Vector3::z()
        };
        Edge {
            direction,
            faces: None,
        }
    }

    fn core_vertex_count(&self) -> usize {
        6
    }

    fn local_core_vertex(&self, i: usize) -> Point3<f64> {
        let c = self.corners[i % 3];
        let z = if i % 6 < 3 {
            -self.half_height
        } else {
            self.half_height
        };
        Point3::new(c.x, c.y, z)
    }

    fn local_core_closest_point(&self, p: &Point3<f64>) -> Point3<f64> {
        let q = self.nearest_in_triangle(&Point2::new(p.x, p.y));
        Point3::new(q.x, q.y, p.z.clamp(-self.half_height, self.half_height))
    }

    fn local_contains_point(&self, p: &Point3<f64>) -> bool {
        p.z.abs() <= self.half_height && self.in_triangle(&Point2::new(p.x, p.y))
    }
}

/// The example prism: a right triangle with legs 2 and 1, 1 high.
pub fn example_prism() -> TriangularPrism {
    TriangularPrism::new(
        [
            Point2::new(0.0, 0.0),
            Point2::new(2.0, 0.0),
            Point2::new(0.0, 1.0),
        ],
        0.5,
    )
    .expect("a triangle with an area and a height")
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 2D: two 4 × 2 rounded rectangles (corner radius 0.5).
    let card = rounded_rectangle(4.0, 2.0, 0.5)?;
    validate_shape(&card)?;
    let id2 = Pose2::identity();
    let beside = Pose2::new(Vector2::new(3.8, 1.8), 0.0);
    let s = separation(&card, &id2, &card, &beside);
    println!(
        "2D rounded rectangles, corner to corner: separation {:.4} along {:?}",
        s.distance,
        s.axis.as_ref()
    );
    let stacked = Pose2::new(Vector2::new(0.5, 1.9), 0.0);
    let m = contact_manifold(&card, &id2, &card, &stacked, 0.0);
    println!(
        "2D rounded rectangles, stacked: {} contact points, depth {:.4}",
        m.len(),
        -m.points()[0].separation
    );

    // 3D: the prism, a prism dilated into a rounded one, and a prism
    // crossed over another edge to edge.
    let prism = example_prism();
    validate_shape(&prism)?;
    let rounded = Rounded::new(prism.clone(), 0.25)?;
    validate_shape(&rounded)?;
    let id3 = Pose3::identity();
    let crossed = Pose3::new(
        Vector3::new(0.6, 0.3, 0.9),
        Vector3::new(0.0, std::f64::consts::FRAC_PI_2, 0.3),
    );
    if let Some(p) = penetration(&prism, &id3, &prism, &crossed) {
        println!(
            "3D prisms, crossed: depth {:.4} along {:?} ({:?})",
            p.depth,
            p.normal.as_ref(),
            p.feature
        );
    }
    println!(
        "3D rounded prisms, same poses: signed distance {:.4}",
        signed_distance(&rounded, &id3, &rounded, &crossed)
    );
    Ok(())
}
