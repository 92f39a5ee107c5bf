//! Merging coplanar triangles into convex polygonal faces.

use super::*;

// ---------------------------------------------------------------------------
// Merging coplanar triangles into faces
// ---------------------------------------------------------------------------

/// The topology of the triangulated hull: coplanar triangles (within `eps`
/// of the plane of the largest one) become one face, whose boundary loop,
/// stripped of the vertices that lie on only two faces, is the face's
/// vertex loop; each face's plane is its seed triangle's normal and the
/// largest projection of a vertex.
///
/// Fails with [`HullError::Coplanar`] when the regions do not form a
/// polyhedron, which happens only when the hull is thinner than `eps`.
pub(super) fn merge_coplanar<T: Real>(
    points: &[Point3<T>],
    all: &[Triangle<T>],
    eps: T,
) -> Result<Topology<T>, HullError> {
    // Live triangles, renumbered.
    let mut id = vec![NONE; all.len()];
    let live: Vec<usize> = (0..all.len()).filter(|&t| all[t].alive).collect();
    for (k, &t) in live.iter().enumerate() {
        id[t] = k;
    }
    let tris: Vec<&Triangle<T>> = live.iter().map(|&t| &all[t]).collect();
    let adj: Vec<[usize; 3]> = tris.iter().map(|t| t.adj.map(|a| id[a])).collect();
    if adj.iter().flatten().any(|&a| a == NONE) {
        return Err(HullError::Coplanar);
    }

    let (seeds, mut loops) = Regions::grow(points, &tris, &adj, eps)?;

    // Drop the vertices on only two faces: they lie on the line where the
    // two planes meet, inside an edge.
    let mut faces_at = vec![0usize; points.len()];
    for &v in loops.iter().flatten() {
        faces_at[v] += 1;
    }
    for l in &mut loops {
        l.retain(|&v| faces_at[v] >= 3);
        if l.len() < 3 {
            return Err(HullError::Coplanar);
        }
    }

    // Vertices, in input order.
    let mut vertex_of = vec![NONE; points.len()];
    let mut vertices = Vec::new();
    let mut input = Vec::new();
    for (i, &c) in faces_at.iter().enumerate() {
        if c >= 3 {
            vertex_of[i] = vertices.len();
            vertices.push(points[i]);
            input.push(i);
        }
    }
    let mut face_starts = Vec::with_capacity(loops.len() + 1);
    let mut face_indices = Vec::new();
    face_starts.push(0);
    for l in &loops {
        face_indices.extend(l.iter().map(|&v| vertex_of[v]));
        face_starts.push(face_indices.len());
    }

    // The directed loop edges leaving each vertex, with their faces. On a
    // closed surface each vertex has one leaving edge per neighbour, so
    // their targets are the vertex's neighbours.
    let nv = vertices.len();
    let mut neighbour_starts = vec![0usize; nv + 1];
    for &a in &face_indices {
        neighbour_starts[a + 1] += 1;
    }
    for i in 0..nv {
        neighbour_starts[i + 1] += neighbour_starts[i];
    }
    let mut fill = neighbour_starts.clone();
    let mut neighbour_indices = vec![0usize; face_indices.len()];
    let mut leaving_face = vec![0usize; face_indices.len()];
    for f in 0..face_starts.len() - 1 {
        let l = &face_indices[face_starts[f]..face_starts[f + 1]];
        for k in 0..l.len() {
            let a = l[k];
            neighbour_indices[fill[a]] = l[(k + 1) % l.len()];
            leaving_face[fill[a]] = f;
            fill[a] += 1;
        }
    }
    // The face of the directed edge a → b, when exactly one has it.
    let face_of = |a: usize, b: usize| {
        let range = neighbour_starts[a]..neighbour_starts[a + 1];
        let mut found = None;
        for k in range {
            if neighbour_indices[k] == b {
                if found.is_some() {
                    return None;
                }
                found = Some(leaving_face[k]);
            }
        }
        found
    };

    // Edges: each directed loop edge paired with its reverse, listed once.
    let mut edge_vertices = Vec::with_capacity(face_indices.len() / 2);
    let mut edge_faces = Vec::with_capacity(face_indices.len() / 2);
    for a in 0..nv {
        for &b in &neighbour_indices[neighbour_starts[a]..neighbour_starts[a + 1]] {
            let (Some(f), Some(g)) = (face_of(a, b), face_of(b, a)) else {
                return Err(HullError::Coplanar);
            };
            if a < b {
                edge_vertices.push([a, b]);
                edge_faces.push([f, g]);
            }
        }
    }
    if nv + face_starts.len() - 1 != edge_vertices.len() + 2 {
        return Err(HullError::Coplanar);
    }

    // Planes: the seed triangle's normal, and the largest projection of a
    // vertex. Only vertices near the face's plane can reach it; they are
    // found by a search of the vertex graph from the face's own vertices
    // through the vertices within 2ε below the face's highest one (on a
    // convex polyhedron every vertex of such a cap joins the top through
    // the cap, so plateaus of round-off are crossed, unlike by a climb).
    let normals: Vec<Unit<Vector3<T>>> = seeds
        .iter()
        .map(|&s| Unit::new_unchecked(tris[s].normal))
        .collect();
    let mut seen = vec![NONE; nv];
    let mut stack = Vec::new();
    let mut offsets = Vec::with_capacity(loops.len());
    for (f, n) in normals.iter().enumerate() {
        let l = &face_indices[face_starts[f]..face_starts[f + 1]];
        let mut top = n.dot(&vertices[l[0]].coords);
        for &v in l {
            top = top.max(n.dot(&vertices[v].coords));
            seen[v] = f;
        }
        let floor = top - eps - eps;
        stack.extend_from_slice(l);
        while let Some(v) = stack.pop() {
            for &w in &neighbour_indices[neighbour_starts[v]..neighbour_starts[v + 1]] {
                if seen[w] != f {
                    seen[w] = f;
                    let h = n.dot(&vertices[w].coords);
                    if h >= floor {
                        top = top.max(h);
                        stack.push(w);
                    }
                }
            }
        }
        offsets.push(top);
    }
    Ok(Topology {
        input,
        vertices,
        face_starts,
        face_indices,
        normals,
        offsets,
        edge_vertices,
        edge_faces,
        neighbour_starts,
        neighbour_indices,
    })
}

/// Coplanar triangles grouped into convex faces.
///
/// A region starts at the largest unassigned triangle (its *seed*, whose
/// normal is the most accurate) and takes in a neighbouring triangle when
/// its vertices lie within `ε` of the seed's plane and the region stays a
/// convex polygon without pinches: its boundary turns left (or goes
/// straight within `ε`) at every vertex, seen from outside, and passes
/// through each vertex once. Without that check, triangles of a finely
/// sampled curved surface that are each within `ε` of a plane could join
/// into a non-convex face.
pub(super) struct Regions<'a, T: Real> {
    pub(super) points: &'a [Point3<T>],
    pub(super) tris: &'a [&'a Triangle<T>],
    pub(super) adj: &'a [[usize; 3]],
    pub(super) eps: T,
    /// The region of each triangle, or `NONE`.
    pub(super) region: Vec<usize>,
    /// Per input point, the next and previous boundary vertex of the region
    /// being grown, and which region's boundary it was last on.
    pub(super) next: Vec<usize>,
    pub(super) prev: Vec<usize>,
    pub(super) on: Vec<usize>,
}

impl<'a, T: Real> Regions<'a, T> {
    /// The seed triangle and the counter-clockwise boundary loop (input
    /// indices) of each face.
    pub(super) fn grow(
        points: &'a [Point3<T>],
        tris: &'a [&'a Triangle<T>],
        adj: &'a [[usize; 3]],
        eps: T,
    ) -> Result<(Vec<usize>, Vec<Vec<usize>>), HullError> {
        let mut order: Vec<usize> = (0..tris.len()).collect();
        order.sort_unstable_by(|&s, &t| {
            tris[t]
                .area2
                .partial_cmp(&tris[s].area2)
                .unwrap_or(Ordering::Equal)
                .then(s.cmp(&t))
        });
        let mut this = Self {
            points,
            tris,
            adj,
            eps,
            region: vec![NONE; tris.len()],
            next: vec![NONE; points.len()],
            prev: vec![NONE; points.len()],
            on: vec![NONE; points.len()],
        };
        let mut seeds = Vec::new();
        let mut loops = Vec::new();
        for &s in &order {
            if this.region[s] != NONE {
                continue;
            }
            if tris[s].area2.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
                return Err(HullError::Coplanar); // a seed without a normal
            }
            let r = seeds.len();
            seeds.push(s);
            loops.push(this.grow_one(s, r)?);
        }
        if seeds.len() < 4 {
            return Err(HullError::Coplanar);
        }
        Ok((seeds, loops))
    }

    /// Grows region `r` from seed `s`; returns its boundary loop.
    ///
    /// The region first grows by coplanarity alone, which lets it take in
    /// a vertex raised by round-off inside a flat face (its fan of
    /// triangles passes through non-convex shapes on the way); when the
    /// result is not convex within `ε` it grows again from the seed,
    /// keeping every intermediate shape convex.
    pub(super) fn grow_one(&mut self, s: usize, r: usize) -> Result<Vec<usize>, HullError> {
        let (l, list) = self.grow_region(s, r, false)?;
        let n = self.tris[s].normal;
        let m = l.len();
        if (0..m).all(|k| self.convex(l[(k + m - 1) % m], l[k], l[(k + 1) % m], &n)) {
            return Ok(l);
        }
        for &t in &list {
            self.region[t] = NONE;
            for v in self.tris[t].v {
                self.on[v] = NONE;
            }
        }
        Ok(self.grow_region(s, r, true)?.0)
    }

    /// Grows region `r` from seed `s`, keeping it convex when `strict`;
    /// returns its boundary loop and its triangles.
    pub(super) fn grow_region(
        &mut self,
        s: usize,
        r: usize,
        strict: bool,
    ) -> Result<(Vec<usize>, Vec<usize>), HullError> {
        let v = self.tris[s].v;
        self.region[s] = r;
        for k in 0..3 {
            let (a, b) = (v[k], v[(k + 1) % 3]);
            self.next[a] = b;
            self.prev[b] = a;
            self.on[a] = r;
        }
        let mut list = vec![s];
        // Sweep until nothing joins: a triangle refused once (it would
        // have pinched the boundary) may fit after others have joined.
        let mut grew = true;
        while grew {
            grew = false;
            let mut k = 0;
            while k < list.len() {
                for u in self.adj[list[k]] {
                    if self.region[u] == NONE && self.try_join(u, s, r, strict) {
                        list.push(u);
                        grew = true;
                    }
                }
                k += 1;
            }
        }
        // Walk the boundary from any vertex on it.
        let start = list
            .iter()
            .flat_map(|&t| self.tris[t].v)
            .find(|&v| self.on[v] == r)
            .ok_or(HullError::Coplanar)?;
        let mut l = vec![start];
        let mut v = self.next[start];
        while v != start {
            if l.len() > 3 * list.len() + 3 {
                return Err(HullError::Coplanar);
            }
            l.push(v);
            v = self.next[v];
        }
        Ok((l, list))
    }

    /// Adds triangle `u` to region `r` (seed `s`) when it is coplanar and
    /// keeps the region a simple polygon, convex when `strict`.
    pub(super) fn try_join(&mut self, u: usize, s: usize, r: usize, strict: bool) -> bool {
        let (n, anchor) = (self.tris[s].normal, self.points[self.tris[s].v[0]]);
        let t = self.tris[u];
        let coplanar =
            t.v.iter()
                .all(|&v| n.dot(&(self.points[v] - anchor)).abs() <= self.eps);
        if !coplanar {
            return false;
        }
        let shared = [0, 1, 2].map(|k| self.region[self.adj[u][k]] == r);
        match shared.iter().filter(|&&x| x).count() {
            1 => {
                // u's edge x' → y' is the region's y' → x'... in u's order
                // the shared edge runs y → x; u's third vertex c goes
                // between x and y on the boundary.
                let k = shared.iter().position(|&x| x).unwrap_or(0);
                let (y, x, c) = (t.v[k], t.v[(k + 1) % 3], t.v[(k + 2) % 3]);
                if self.on[c] == r || self.next[x] != y {
                    return false; // c already on the boundary: a pinch
                }
                if !self.convex(x, c, y, &n)
                    || strict
                        && (!self.convex(self.prev[x], x, c, &n)
                            || !self.convex(c, y, self.next[y], &n))
                {
                    return false;
                }
                self.next[x] = c;
                self.prev[c] = x;
                self.next[c] = y;
                self.prev[y] = c;
                self.on[c] = r;
            }
            2 => {
                // Two edges y → w → x of u are on the boundary (as
                // x → w → y): u fills the notch at w.
                let k = (0..3).find(|&k| !shared[k]).unwrap_or(0);
                let (x, y) = (t.v[k], t.v[(k + 1) % 3]);
                let w = t.v[(k + 2) % 3];
                if self.next[x] != w || self.next[w] != y {
                    return false;
                }
                if strict
                    && (!self.convex(self.prev[x], x, y, &n)
                        || !self.convex(x, y, self.next[y], &n))
                {
                    return false;
                }
                self.next[x] = y;
                self.prev[y] = x;
                self.on[w] = NONE;
            }
            _ => return false,
        }
        self.region[u] = r;
        true
    }

    /// Whether the boundary `p → a → c` turns left about `n`, or goes
    /// straight within `ε` (`a` at most `ε` inside the chord `p → c`).
    #[inline]
    pub(super) fn convex(&self, p: usize, a: usize, c: usize, n: &Vector3<T>) -> bool {
        let (p, a, c) = (&self.points[p], &self.points[a], &self.points[c]);
        (a - p).cross(&(c - a)).dot(n) >= -self.eps * (c - p).norm()
    }
}
