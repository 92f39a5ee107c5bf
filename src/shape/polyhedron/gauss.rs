//! What the walk over the overlaid Gauss maps reads (`pair/overlay.rs`),
//! derived once from the faces: each vertex's ring of faces in order, and
//! an order of the edges that reaches every face from face 0.
//!
//! ```text
//! vertex v, faces around it F₀ F₁ … (counter-clockwise seen from outside):
//!     entry j = (Fⱼ, the edge v–xⱼ shared by Fⱼ₋₁ and Fⱼ, xⱼ)
//!     xⱼ = the vertex after v in Fⱼ's loop
//!     Fⱼ₊₁ = the face holding the directed edge v → (vertex before v in Fⱼ)
//! walk order: breadth first over the faces from face 0, each edge once,
//!     from a face reached before it; `locates` on the edge that first
//!     reaches its second face
//! ```
//!
//! The Gauss map keeps orientation on a convex surface, so the normals of
//! `F₀ F₁ …` run counter-clockwise (seen from outside the sphere) around
//! the region of directions whose support vertex is `v`, and the arc of
//! the entry's edge joins the normals of `Fⱼ₋₁` and `Fⱼ`.

use super::*;

/// One entry of a vertex's ring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RingEntry {
    /// The face `Fⱼ`.
    pub(crate) face: u32,
    /// The edge between `Fⱼ₋₁` and `Fⱼ` (an index into `edges`).
    pub(crate) edge: u32,
    /// The edge's other vertex.
    pub(crate) to: u32,
}

/// One edge of the walk order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WalkStep {
    /// The edge (an index into `edges`).
    pub(crate) edge: u32,
    /// The face the walk starts from (reached before this step).
    pub(crate) from: u32,
    /// The face it ends in.
    pub(crate) to: u32,
    /// Whether this step is the first to reach `to`.
    pub(crate) locates: bool,
}

/// The rings and the walk order of a hull.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GaussRings {
    /// Vertex `v`'s ring is `entries[starts[v]..starts[v + 1]]`.
    pub(crate) starts: Vec<u32>,
    pub(crate) entries: Vec<RingEntry>,
    /// Every edge once, in breadth-first order from face 0.
    pub(crate) walk: Vec<WalkStep>,
}

impl GaussRings {
    /// The ring of vertex `v`.
    #[inline]
    pub(crate) fn ring(&self, v: usize) -> &[RingEntry] {
        &self.entries[self.starts[v] as usize..self.starts[v + 1] as usize]
    }
}

/// The rings and walk order of the hull with these face loops and edges;
/// empty (the pair path then does not walk) when an index does not fit in
/// `u32` or the loops are not a closed oriented surface.
pub(super) fn gauss_rings(
    vertex_count: usize,
    face_starts: &[usize],
    face_indices: &[usize],
    edge_vertices: &[[usize; 2]],
    edge_faces: &[[usize; 2]],
) -> GaussRings {
    build(
        vertex_count,
        face_starts,
        face_indices,
        edge_vertices,
        edge_faces,
    )
    .unwrap_or_default()
}

fn build(
    vertex_count: usize,
    face_starts: &[usize],
    face_indices: &[usize],
    edge_vertices: &[[usize; 2]],
    edge_faces: &[[usize; 2]],
) -> Option<GaussRings> {
    let index = |i: usize| u32::try_from(i).ok();
    let faces = face_starts.len().checked_sub(1)?;
    let face_loop = |f: usize| &face_indices[face_starts[f]..face_starts[f + 1]];
    // Directed edge a → b: its face and the vertex before a in that face.
    let mut half: BTreeMap<(usize, usize), (usize, usize)> = BTreeMap::new();
    // Vertex → one outgoing directed edge's head.
    let mut out = vec![usize::MAX; vertex_count];
    for f in 0..faces {
        let l = face_loop(f);
        for k in 0..l.len() {
            let (before, a, b) = (l[(k + l.len() - 1) % l.len()], l[k], l[(k + 1) % l.len()]);
            half.insert((a, b), (f, before));
            out[a] = b;
        }
    }
    let mut edge_of: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for (e, &[a, b]) in edge_vertices.iter().enumerate() {
        edge_of.insert((a.min(b), a.max(b)), e);
    }
    let edge = |a: usize, b: usize| edge_of.get(&(a.min(b), a.max(b))).copied();

    let mut starts = Vec::with_capacity(vertex_count + 1);
    let mut entries = Vec::with_capacity(2 * edge_vertices.len());
    starts.push(0);
    for (v, &first) in out.iter().enumerate() {
        if first == usize::MAX {
            return None;
        }
        // Entry j: Fⱼ holds v → xⱼ; the next face holds v → (before v in Fⱼ).
        let mut x = first;
        loop {
            let &(face, before) = half.get(&(v, x))?;
            entries.push(RingEntry {
                face: index(face)?,
                edge: index(edge(v, x)?)?,
                to: index(x)?,
            });
            x = before;
            if x == first {
                break;
            }
            if entries.len() > 2 * edge_vertices.len() {
                return None;
            }
        }
        starts.push(index(entries.len())?);
    }

    // Breadth first over the faces, through each face's edges in loop order.
    let mut seen = vec![false; faces];
    let mut listed = vec![false; edge_vertices.len()];
    let mut queue = Vec::with_capacity(faces);
    let mut walk = Vec::with_capacity(edge_vertices.len());
    seen[0] = true;
    queue.push(0);
    let mut head = 0;
    while let Some(&f) = queue.get(head) {
        head += 1;
        let l = face_loop(f);
        for k in 0..l.len() {
            let e = edge(l[k], l[(k + 1) % l.len()])?;
            if listed[e] {
                continue;
            }
            listed[e] = true;
            let [left, right] = edge_faces[e];
            let g = if left == f { right } else { left };
            walk.push(WalkStep {
                edge: index(e)?,
                from: index(f)?,
                to: index(g)?,
                locates: !seen[g],
            });
            if !seen[g] {
                seen[g] = true;
                queue.push(g);
            }
        }
    }
    if listed.iter().any(|&l| !l) {
        return None;
    }
    Some(GaussRings {
        starts,
        entries,
        walk,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hulls() -> Vec<ConvexPolyhedron<f64>> {
        let mut rng = crate::test_rng::Rng(0x9e37_79b9_7f4a_7c15);
        let mut out: Vec<_> = [4, 8, 16, 32, 100]
            .iter()
            .map(|&n| rng.hull(n, 0.5))
            .collect();
        // A cube: four faces around no vertex, three around each.
        let cube: Vec<_> = (0..8)
            .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
            .collect();
        out.push(ConvexPolyhedron::from_hull(&cube).unwrap());
        out
    }

    // Each ring lists every edge at its vertex once; entry j's edge joins
    // the vertex to `to` and lies between faces j − 1 and j; and the
    // normals turn counter-clockwise around the region (seen from outside).
    #[test]
    fn rings_run_counter_clockwise_between_their_edges_faces() {
        for h in hulls() {
            let g = h.gauss();
            assert_eq!(g.starts.len(), h.vertices().len() + 1);
            for v in 0..h.vertices().len() {
                let ring = g.ring(v);
                assert_eq!(ring.len(), h.vertex_neighbours(v).len());
                let centre: Vector3<f64> = ring
                    .iter()
                    .map(|e| h.normals()[e.face as usize].into_inner())
                    .sum();
                for (k, e) in ring.iter().enumerate() {
                    let before = ring[(k + ring.len() - 1) % ring.len()].face as usize;
                    let [p, q] = h.edge_vertices()[e.edge as usize];
                    assert!([p, q] == [v, e.to as usize] || [q, p] == [v, e.to as usize]);
                    let mut faces = h.edge_faces()[e.edge as usize];
                    faces.sort_unstable();
                    let mut expected = [before, e.face as usize];
                    expected.sort_unstable();
                    assert_eq!(faces, expected);
                    let turn = h.normals()[before].cross(&h.normals()[e.face as usize]);
                    assert!(turn.dot(&centre) > 0.0, "vertex {v}, entry {k}");
                }
            }
        }
    }

    // The walk lists every edge once, each from a face reached before it,
    // and `locates` marks exactly one step into every face but face 0.
    #[test]
    fn walk_reaches_every_face_through_every_edge_once() {
        for h in hulls() {
            let g = h.gauss();
            assert_eq!(g.walk.len(), h.edges().len());
            let mut reached = vec![false; h.normals().len()];
            reached[0] = true;
            let mut edges = vec![false; h.edges().len()];
            for s in &g.walk {
                assert!(reached[s.from as usize]);
                assert!(!edges[s.edge as usize]);
                edges[s.edge as usize] = true;
                let mut faces = h.edge_faces()[s.edge as usize];
                faces.sort_unstable();
                let mut ends = [s.from as usize, s.to as usize];
                ends.sort_unstable();
                assert_eq!(faces, ends);
                assert_eq!(s.locates, !reached[s.to as usize]);
                reached[s.to as usize] = true;
            }
            assert!(reached.iter().all(|&r| r));
        }
    }
}
