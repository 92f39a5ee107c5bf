//! The invariant check of a built hull ([`ConvexPolyhedron::validate`]):
//! unit normals, convexity, convex counter-clockwise face loops, each
//! edge shared by two faces, Euler's formula.

use super::*;

impl<T: Real> ConvexPolyhedron<T> {
    /// Checks the stored invariants and returns a description of the first
    /// broken one. Tests call it on every hull they build.
    ///
    /// With `tol = 4 · hull_tolerance · s`, `s` the largest absolute vertex
    /// coordinate (the merge tolerance with room for the round-off of the
    /// checks themselves):
    /// * normals are unit length (within `hull_tolerance`);
    /// * convexity: every vertex lies on or below every face plane
    ///   (`n · v − offset <= tol`);
    /// * every face has at least three distinct vertices, all within `tol`
    ///   of its plane, and its loop is convex and counter-clockwise seen
    ///   from outside: a positive area about the normal, and a left turn at
    ///   every vertex (or a vertex at most `tol` inside the chord between
    ///   its neighbours);
    /// * every directed loop edge occurs once and its reverse once, in
    ///   another face: each edge is shared by exactly two faces, and
    ///   [`edges`](Self::edges), [`edge_vertices`](Self::edge_vertices),
    ///   [`edge_faces`](Self::edge_faces) and the vertex neighbours list
    ///   each edge once, consistently;
    /// * every vertex lies on at least three faces (none on a straight
    ///   stretch of an edge);
    /// * Euler's formula `V − E + F = 2`.
    ///
    /// ```
    /// use nalgebra::Point3;
    /// let points = [
    ///     Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
    ///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
    /// ];
    /// let tet = separating_axis::ConvexPolyhedron::from_hull(&points).unwrap();
    /// assert_eq!(tet.validate(), Ok(()));
    /// ```
    pub fn validate(&self) -> Result<(), String> {
        // Checked on a copy scaled by a power of two to unit size, so that
        // the checks' squares neither overflow nor underflow.
        let (f1, f2) = unit_scale(max_abs_coordinate(&self.vertices));
        let mut unit = self.clone();
        for v in &mut unit.vertices {
            *v = *v * f1 * f2;
        }
        for o in &mut unit.offsets {
            *o = *o * f1 * f2;
        }
        unit.validate_unit()
    }

    /// [`validate`](Self::validate) on a polyhedron of about unit size.
    fn validate_unit(&self) -> Result<(), String> {
        let (nv, nf, ne) = (self.vertices.len(), self.normals.len(), self.edges.len());
        if nv < 4 || nf < 4 || ne < 6 {
            return Err(format!("{nv} vertices, {nf} faces, {ne} edges: too few"));
        }
        if self.offsets.len() != nf
            || self.face_starts.len() != nf + 1
            || self.edge_vertices.len() != ne
            || self.edge_faces.len() != ne
            || self.neighbour_starts.len() != nv + 1
        {
            return Err("array lengths disagree".into());
        }
        if nv + nf != ne + 2 {
            return Err(format!("Euler: V − E + F = {nv} − {ne} + {nf} ≠ 2"));
        }
        let scale = max_abs_coordinate(&self.vertices);
        let unit_tol = hull_tolerance::<T>();
        let tol = unit_tol * scale * nalgebra::convert(4.0);
        let mut directed: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        let mut faces_at = vec![0usize; nv];
        for f in 0..nf {
            let n = self.normals[f].into_inner();
            if (n.norm() - T::one()).abs() > unit_tol {
                return Err(format!("normal {f} is not unit length"));
            }
            let o = self.offsets[f];
            let l = self.face_vertices(f);
            if l.len() < 3 {
                return Err(format!("face {f} has {} vertices", l.len()));
            }
            let mut area = Vector3::zeros();
            for (k, &a) in l.iter().enumerate() {
                if a >= nv {
                    return Err(format!("face {f} names vertex {a} of {nv}"));
                }
                if l[..k].contains(&a) {
                    return Err(format!("face {f} visits vertex {a} twice"));
                }
                faces_at[a] += 1;
                let b = l[(k + 1) % l.len()];
                let (pa, pb) = (self.vertices[a], self.vertices[b.min(nv - 1)]);
                if (n.dot(&pa.coords) - o).abs() > tol {
                    return Err(format!("vertex {a} of face {f} is off its plane"));
                }
                let p0 = self.vertices[l[0].min(nv - 1)];
                area += (pa - p0).cross(&(pb - p0));
                // The turn at b, towards the next vertex c: left about n,
                // or b at most tol inside the chord a → c.
                let pc = self.vertices[l[(k + 2) % l.len()].min(nv - 1)];
                if (pb - pa).cross(&(pc - pb)).dot(&n) < -tol * (pc - pa).norm() {
                    return Err(format!(
                        "face {f} is not convex counter-clockwise: it turns right at vertex {b}"
                    ));
                }
                if directed.insert((a, b), f).is_some() {
                    return Err(format!("edge {a}→{b} occurs in two faces"));
                }
            }
            if area.dot(&n) <= T::zero() {
                return Err(format!("face {f} winds clockwise seen from outside"));
            }
            for (i, v) in self.vertices.iter().enumerate() {
                if n.dot(&v.coords) - o > tol {
                    return Err(format!("not convex: vertex {i} is above face {f}"));
                }
            }
        }
        if let Some(i) = faces_at.iter().position(|&c| c < 3) {
            return Err(format!("vertex {i} lies on {} faces", faces_at[i]));
        }
        if directed.len() != 2 * ne {
            return Err(format!(
                "{} directed loop edges for {ne} edges",
                directed.len()
            ));
        }
        let mut degree = vec![0usize; nv];
        for (e, edge) in self.edges.iter().enumerate() {
            let [a, b] = self.edge_vertices[e];
            let [left, right] = self.edge_faces[e];
            if directed.get(&(a, b)) != Some(&left) || directed.get(&(b, a)) != Some(&right) {
                return Err(format!("edge {e} ({a}→{b}) does not match its faces"));
            }
            let d = (self.vertices[b] - self.vertices[a]).normalize();
            if (edge.direction - d).norm() > unit_tol {
                return Err(format!("edge {e} has the wrong direction"));
            }
            let faces = [
                self.normals[left].into_inner(),
                self.normals[right].into_inner(),
            ];
            if edge.faces != Some(faces) {
                return Err(format!("edge {e} has the wrong face normals"));
            }
            if !self.vertex_neighbours(a).contains(&b) || !self.vertex_neighbours(b).contains(&a) {
                return Err(format!("edge {e} is missing from the vertex neighbours"));
            }
            degree[a] += 1;
            degree[b] += 1;
        }
        if let Some(i) = (0..nv).find(|&i| self.vertex_neighbours(i).len() != degree[i]) {
            return Err(format!("vertex {i} has the wrong neighbours"));
        }
        Ok(())
    }
}
