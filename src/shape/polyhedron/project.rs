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
//! outside: the face of largest h first, a fan of triangles (v₀, vₖ, vₖ₊₁)
//!          each tested by its Voronoi regions (corners, edges, inside):
//!          inside → p's projection (nothing is nearer: the polyhedron
//!          lies below that plane); a point inside an edge → it (the
//!          highest face's edge point is the hull's nearest: docs/rays.md);
//!          a corner v whose region holds p
//!          ((p − v)·(w − v) <= 0 for every neighbour w) → v;
//!          else the least over every front face (n_f·p > o_f)
//! ```

use nalgebra::{Point3, Vector3};

use super::ConvexPolyhedron;
use crate::Real;

/// Where in the triangle its nearest point to `p` lies.
#[derive(Clone, Copy, PartialEq)]
enum Region {
    /// At the triangle's corner `0`, `1` or `2` (`a`, `b`, `c`).
    Corner(usize),
    /// Inside an edge.
    Edge,
    /// Inside the triangle: `p`'s projection on the plane, which the
    /// caller computes from the face's plane instead.
    Inside,
}

/// The feature of the highest face its nearest point lies on.
#[derive(Clone, Copy)]
enum Feature {
    /// A vertex (index into the hull's vertices).
    Vertex(usize),
    /// Inside a segment of the face's fan: an edge of the hull (or, by
    /// round-off, a diagonal of the face).
    Segment,
}

/// The nearest point of one face to a point ([`ConvexPolyhedron::nearest_on_face`]).
enum OnFace<T: Real> {
    /// The point's projection on the face's plane lies inside the face.
    Inside,
    /// The face's nearest point, its squared distance first, and the
    /// feature it lies on.
    Best(T, Vector3<T>, Feature),
    /// A face without triangles (never in a built hull).
    Empty,
}

/// The nearest point of the triangle `a b c` to `p`, and where it lies.
#[inline(always)]
fn nearest_on_triangle<T: Real>(
    p: &Vector3<T>,
    a: &Vector3<T>,
    b: &Vector3<T>,
    c: &Vector3<T>,
) -> (Vector3<T>, Region) {
    let zero = T::zero();
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= zero && d2 <= zero {
        return (*a, Region::Corner(0));
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= zero && d4 <= d3 {
        return (*b, Region::Corner(1));
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= zero && d1 >= zero && d3 <= zero {
        return (a + ab * (d1 / (d1 - d3)), Region::Edge);
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= zero && d5 <= d6 {
        return (*c, Region::Corner(2));
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= zero && d2 >= zero && d6 <= zero {
        return (a + ac * (d2 / (d2 - d6)), Region::Edge);
    }
    let va = d3 * d6 - d5 * d4;
    let (e4, e5) = (d4 - d3, d5 - d6);
    if va <= zero && e4 >= zero && e5 >= zero {
        return (b + (c - b) * (e4 / (e4 + e5)), Region::Edge);
    }
    (*p, Region::Inside)
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
        // One pass over the planes: `local_contains_point`'s test (`n·p <=
        // o` on every plane) and the face of largest height.
        let mut inside = true;
        let mut highest: Option<(T, usize)> = None;
        for (f, (n, &o)) in normals.iter().zip(offsets).enumerate() {
            let np = n.dot(&p.coords);
            inside &= np <= o;
            let h = np - o;
            if highest.is_none_or(|(bh, _)| h > bh) {
                highest = Some((h, f));
            }
        }
        let Some((h, top)) = highest else {
            return (*p, T::zero(), false); // no faces: not a built hull
        };
        let n = normals[top].into_inner();
        if inside {
            // The nearest face plane.
            return (p - n * h, -h, true);
        }
        if h.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
            return (*p, h, false); // NaN (h is NaN here: a finite outside point has a face above it)
        }
        // The highest face first: only it can hold `p`'s projection inside
        // it (a face with the projection inside is at its height from `p`,
        // and the distance is at least every face's height). When its
        // nearest point is a vertex whose region holds `p` (`p − v` makes
        // no acute angle with any edge out of `v`: `p − v` lies in `v`'s
        // normal cone), that vertex is the answer.
        let vertices = self.vertices();
        let best = match self.nearest_on_face(p, top) {
            OnFace::Inside => return (p - n * h, h, false),
            OnFace::Best(d2, q, feature) => Some((d2, q, feature)),
            OnFace::Empty => None,
        };
        if let Some((d2, q, feature)) = best {
            let from = p.coords - q;
            // A point inside an edge of the highest face is the hull's
            // nearest point (docs/rays.md, "The nearest boundary point":
            // `p − q` lies in the edge's normal cone because no face is
            // higher than this one); a vertex is when `p − v` lies in its
            // normal cone.
            let nearest = match feature {
                Feature::Vertex(v) => self
                    .vertex_neighbours(v)
                    .iter()
                    .all(|&w| from.dot(&(vertices[w].coords - q)) <= T::zero()),
                Feature::Segment => true,
            };
            if nearest {
                return (Point3::from(q), d2.sqrt(), false);
            }
        }
        self.nearest_on_front_faces(p)
    }

    /// The nearest point to `p` of face `f` by its fan of triangles: the
    /// projection on the plane when it falls inside one, else the best
    /// triangle point (the first of equals) with the feature it lies on.
    #[inline(always)]
    fn nearest_on_face(&self, p: &Point3<T>, f: usize) -> OnFace<T> {
        let vertices = self.vertices();
        let ring = self.face_vertices(f);
        let Some(&first) = ring.first() else {
            return OnFace::Empty;
        };
        let a = vertices[first].coords;
        let mut best = OnFace::Empty;
        for k in 1..ring.len().saturating_sub(1) {
            let (b, c) = (vertices[ring[k]].coords, vertices[ring[k + 1]].coords);
            let (q, region) = nearest_on_triangle(&p.coords, &a, &b, &c);
            // Triangle corner `j` is ring position 0, k or k + 1.
            let at = |j: usize| if j == 0 { 0 } else { k + j - 1 };
            let feature = match region {
                Region::Inside => return OnFace::Inside,
                Region::Corner(j) => Feature::Vertex(ring[at(j)]),
                Region::Edge => Feature::Segment,
            };
            let d2 = (p.coords - q).norm_squared();
            let better = match best {
                OnFace::Best(s, _, _) => d2 < s,
                _ => true,
            };
            if better {
                best = OnFace::Best(d2, q, feature);
            }
        }
        best
    }

    /// The nearest point of the hull to an outside `p` and its distance: the
    /// least over the front faces (`n·p > o`) of their triangles' nearest
    /// points (some face through the nearest point has `p` in front).
    fn nearest_on_front_faces(&self, p: &Point3<T>) -> (Point3<T>, T, bool) {
        let mut nearest = *p;
        let mut nearest_sq: Option<T> = None;
        for (f, (n, &o)) in self.normals().iter().zip(self.offsets()).enumerate() {
            let n = n.into_inner();
            let h = n.dot(&p.coords) - o;
            if h.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
                continue; // on or below the plane
            }
            match self.nearest_on_face(p, f) {
                OnFace::Inside => return (p - n * h, h, false),
                OnFace::Best(d2, q, _) if nearest_sq.is_none_or(|s| d2 < s) => {
                    nearest = Point3::from(q);
                    nearest_sq = Some(d2);
                }
                _ => {}
            }
        }
        (nearest, nearest_sq.map_or(T::zero(), |s| s.sqrt()), false)
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use nalgebra::Vector3;

    use super::*;
    use crate::test_rng::Rng;

    // The highest face's nearest point, when it lies inside an edge, is
    // the hull's nearest point (the exhaustive search's, to round-off): on
    // random hulls, flat ones too, and outside points near and far. A
    // face other than the highest one fails this (its edge point need not
    // be the nearest): the test checks the second highest face's too and
    // finds such cases, so it would catch a wrong choice of face.
    #[test]
    fn highest_face_edge_point_is_the_nearest() {
        let mut rng = Rng(0x5e91_7e57);
        let (mut edges, mut second_wrong) = (0, 0);
        for round in 0..20_000 {
            let flat = if round % 5 == 0 { 0.05 } else { 1.0 };
            let hull = rng.hull(4 + round % 29, flat);
            let dir = Vector3::new(rng.next(), rng.next(), rng.next());
            let p = Point3::from(dir * (1.5 + rng.next()));
            let mut faces: Vec<(f64, usize)> = hull
                .normals()
                .iter()
                .zip(hull.offsets())
                .map(|(n, o)| n.dot(&p.coords) - o)
                .enumerate()
                .map(|(f, h)| (h, f))
                .collect();
            // Highest first (the first of equals, as `local_projection`).
            faces.sort_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));
            if faces[0].0 <= 0.0 {
                continue;
            }
            let (exact, _, _) = hull.nearest_on_front_faces(&p);
            let is_nearest = |q: Vector3<f64>| (exact.coords - q).amax() <= 1e-12;
            if let OnFace::Best(_, q, Feature::Segment) = hull.nearest_on_face(&p, faces[0].1) {
                assert!(is_nearest(q), "round {round}: {q:?}, nearest {exact:?}");
                edges += 1;
            }
            if let OnFace::Best(_, q, Feature::Segment) = hull.nearest_on_face(&p, faces[1].1) {
                second_wrong += usize::from(faces[1].0 > 0.0 && !is_nearest(q));
            }
        }
        assert!(
            edges > 3000 && second_wrong > 100,
            "{edges} edge points, {second_wrong} wrong on the second face"
        );
    }
}
