//! The nearest boundary point of a polyhedron to a point, for
//! [`project_point`](crate::project_point), in one pass over the face
//! planes and a closest-point test on the front faces' triangles
//! (docs/rays.md, "The nearest boundary point").
//!
//! ```text
//! h_f = n_f·p − o_f for every face f   (the inside test of
//!                                       local_contains_point: all n_f·p <= o_f)
//! inside:  the nearest face plane, the face of largest h (the first of
//!          equals): p − h·n, at −h
//! outside: over the front faces (n_f·p > o_f), the nearest point of the
//!          face, a fan of triangles (v₀, vₖ, vₖ₊₁) each tested by its
//!          Voronoi regions (vertices, edges, inside); a point whose
//!          projection falls inside a front face ends the search: the
//!          polyhedron lies below that plane, so nothing is nearer
//! ```

use nalgebra::{Point3, Vector3};

use super::ConvexPolyhedron;
use crate::Real;

/// The nearest point of the triangle `a b c` to `p`, and whether it lies
/// inside the triangle (then it is `p`'s projection on the plane, which the
/// caller computes from the face's plane instead).
#[inline(always)]
fn nearest_on_triangle<T: Real>(
    p: &Vector3<T>,
    a: &Vector3<T>,
    b: &Vector3<T>,
    c: &Vector3<T>,
) -> (Vector3<T>, bool) {
    let zero = T::zero();
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= zero && d2 <= zero {
        return (*a, false); // a's region
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= zero && d4 <= d3 {
        return (*b, false); // b's region
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= zero && d1 >= zero && d3 <= zero {
        return (a + ab * (d1 / (d1 - d3)), false); // edge ab
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= zero && d5 <= d6 {
        return (*c, false); // c's region
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= zero && d2 >= zero && d6 <= zero {
        return (a + ac * (d2 / (d2 - d6)), false); // edge ac
    }
    let va = d3 * d6 - d5 * d4;
    let (e4, e5) = (d4 - d3, d5 - d6);
    if va <= zero && e4 >= zero && e5 >= zero {
        return (b + (c - b) * (e4 / (e4 + e5)), false); // edge bc
    }
    (*p, true)
}

impl<T: Real> ConvexPolyhedron<T> {
    /// The nearest boundary point to `p` (the polyhedron's frame), its
    /// unsigned distance, and whether `p` is inside: the answer of the
    /// generic projection route (`local_core_closest_point`, then the
    /// nearest face plane inside) to round-off, and `local_contains_point`'s
    /// verdict to the bit, in one pass over the faces
    /// (tests/projection_paths.rs::hull_projections_match_the_generic_route).
    /// NaN coordinates give a NaN point and distance, and `false`.
    pub(crate) fn local_projection(&self, p: &Point3<T>) -> (Point3<T>, T, bool) {
        let normals = self.normals();
        let offsets = self.offsets();
        let mut front = false;
        let mut highest: Option<(T, usize)> = None;
        let mut nearest = *p;
        let mut nearest_sq: Option<T> = None;
        let vertices = self.vertices();
        for (f, (n, &o)) in normals.iter().zip(offsets).enumerate() {
            let n = n.into_inner();
            let np = n.dot(&p.coords);
            let h = np - o;
            if np <= o {
                if highest.is_none_or(|(bh, _)| h > bh) {
                    highest = Some((h, f));
                }
                continue;
            }
            front = true;
            if h.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
                continue; // NaN
            }
            let ring = self.face_vertices(f);
            let a = vertices[ring[0]].coords;
            for k in 1..ring.len().saturating_sub(1) {
                let (b, c) = (vertices[ring[k]].coords, vertices[ring[k + 1]].coords);
                let (q, interior) = nearest_on_triangle(&p.coords, &a, &b, &c);
                if interior {
                    return (p - n * h, h, false);
                }
                let d2 = (p.coords - q).norm_squared();
                if nearest_sq.is_none_or(|s| d2 < s) {
                    nearest = Point3::from(q);
                    nearest_sq = Some(d2);
                }
            }
        }
        if !front {
            if let Some((h, f)) = highest {
                return (p - normals[f].into_inner() * h, -h, true);
            }
        }
        match nearest_sq {
            Some(s) => (nearest, s.sqrt(), false),
            // NaN: the point, at a NaN distance.
            None => (nearest, (p - nearest).norm(), false),
        }
    }
}
