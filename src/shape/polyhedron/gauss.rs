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

/// One word of the tables: a ring entry or a walk step, in four bytes.
/// Faces and vertices fit a byte (the walk takes hulls of at most 256
/// faces and 256 vertices), edges 15 bits; each field is one load.
///
/// ```text
/// byte 0    ring entry: the face Fⱼ      walk step: the face it starts from
/// byte 1    ring entry: the other vertex walk step: the face it ends in
/// bits 0..15 of the last two bytes: the edge (an index into `edges`)
/// bit 15     walk step: the first step to reach its end face
///            ring entry: the other vertex is the edge's first
/// ```
///
/// A vertex's header in the same array holds its ring's length (byte 0)
/// and where the ring starts (the last two bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Link {
    face: u8,
    to: u8,
    edge: u16,
}

impl Link {
    /// A ring entry's face `Fⱼ`; a walk step's first face.
    #[inline(always)]
    pub(crate) fn face(self) -> usize {
        usize::from(self.face)
    }

    /// A ring entry's other vertex; a walk step's end face.
    #[inline(always)]
    pub(crate) fn to(self) -> usize {
        usize::from(self.to)
    }

    /// The edge: for a ring entry, the one between `Fⱼ₋₁` and `Fⱼ`.
    #[inline(always)]
    pub(crate) fn edge(self) -> usize {
        usize::from(self.edge & 0x7fff)
    }

    /// Whether a walk step is the first to reach its end face.
    #[inline(always)]
    pub(crate) fn locates(self) -> bool {
        self.flag()
    }

    /// Whether a ring entry's other vertex is its edge's first vertex
    /// ([`edge_vertices`](ConvexPolyhedron::edge_vertices)`[e][0]`), the
    /// point the pair path takes on the edge.
    #[inline(always)]
    pub(crate) fn to_is_first(self) -> bool {
        self.flag()
    }

    #[inline(always)]
    fn flag(self) -> bool {
        self.edge >> 15 != 0
    }

    /// The word of these fields, `None` when one does not fit.
    fn new(face: usize, to: usize, edge: usize, flag: bool) -> Option<Self> {
        let edge = u16::try_from(edge).ok().filter(|&e| e < 0x8000)?;
        Some(Self {
            face: u8::try_from(face).ok()?,
            to: u8::try_from(to).ok()?,
            edge: edge | u16::from(flag) << 15,
        })
    }

    /// A vertex's header: where its ring starts and its length.
    fn header(start: usize, len: usize) -> Option<Self> {
        Some(Self {
            face: u8::try_from(len).ok()?,
            to: 0,
            edge: u16::try_from(start).ok()?,
        })
    }
}

/// The rings and the walk order of a hull, in one array of words: a
/// header per vertex (where its ring starts, and its length), the rings,
/// then the walk, so that a query reads one short block per hull.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct GaussRings {
    /// `V` headers ([`Link::header`]), the ring entries, the walk.
    words: Vec<Link>,
    /// Where the walk starts in `words`.
    walk_start: usize,
    /// Each edge's first vertex, a byte each: the point the walk takes on
    /// an edge of A.
    first: Vec<u8>,
}

impl GaussRings {
    /// The ring of vertex `v`.
    #[inline]
    pub(crate) fn ring(&self, v: usize) -> &[Link] {
        let h = self.words[v];
        let start = usize::from(h.edge);
        &self.words[start..start + usize::from(h.face)]
    }

    /// The ring of vertex `v`, `None` when the hull keeps no rings or `v`
    /// is not a vertex.
    #[inline]
    pub(crate) fn ring_of(&self, v: usize) -> Option<&[Link]> {
        let h = *self.words.get(v)?;
        let start = usize::from(h.edge);
        self.words.get(start..start + usize::from(h.face))
    }

    /// Every edge once, in breadth-first order from face 0; empty when
    /// the hull is not walked.
    #[inline]
    pub(crate) fn walk(&self) -> &[Link] {
        &self.words[self.walk_start..]
    }

    /// Edge `e`'s first vertex; `e` must be an edge of a walked hull.
    #[inline]
    pub(crate) fn first_vertex(&self, e: usize) -> usize {
        usize::from(self.first[e])
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
    let faces = face_starts.len().checked_sub(1)?;
    if faces > 256 || vertex_count > 256 {
        return None;
    }
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

    // The headers first, filled in once each ring is known.
    let mut words = vec![Link::header(0, 0)?; vertex_count];
    words.reserve(3 * edge_vertices.len());
    for (v, &first) in out.iter().enumerate() {
        if first == usize::MAX {
            return None;
        }
        let start = words.len();
        // Entry j: Fⱼ holds v → xⱼ; the next face holds v → (before v in Fⱼ).
        let mut x = first;
        loop {
            let &(face, before) = half.get(&(v, x))?;
            let e = edge(v, x)?;
            words.push(Link::new(face, x, e, edge_vertices[e][0] == x)?);
            x = before;
            if x == first {
                break;
            }
            if words.len() > vertex_count + 2 * edge_vertices.len() {
                return None;
            }
        }
        words[v] = Link::header(start, words.len() - start)?;
    }
    let walk_start = words.len();

    // Breadth first over the faces, through each face's edges in loop order.
    let mut seen = vec![false; faces];
    let mut listed = vec![false; edge_vertices.len()];
    let mut queue = Vec::with_capacity(faces);
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
            words.push(Link::new(f, g, e, !seen[g])?);
            if !seen[g] {
                seen[g] = true;
                queue.push(g);
            }
        }
    }
    if listed.iter().any(|&l| !l) {
        return None;
    }
    let first = edge_vertices
        .iter()
        .map(|&[from, _]| u8::try_from(from).ok())
        .collect::<Option<_>>()?;
    Some(GaussRings {
        words,
        walk_start,
        first,
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
            for v in 0..h.vertices().len() {
                let ring = g.ring(v);
                assert_eq!(ring.len(), h.vertex_neighbours(v).len());
                let centre: Vector3<f64> = ring
                    .iter()
                    .map(|e| h.normals()[e.face()].into_inner())
                    .sum();
                for (k, e) in ring.iter().enumerate() {
                    let before = ring[(k + ring.len() - 1) % ring.len()].face();
                    let [p, q] = h.edge_vertices()[e.edge()];
                    assert!([p, q] == [v, e.to()] || [q, p] == [v, e.to()]);
                    assert_eq!(e.to_is_first(), p == e.to());
                    assert_eq!(g.first_vertex(e.edge()), p);
                    let mut faces = h.edge_faces()[e.edge()];
                    faces.sort_unstable();
                    let mut expected = [before, e.face()];
                    expected.sort_unstable();
                    assert_eq!(faces, expected);
                    let turn = h.normals()[before].cross(&h.normals()[e.face()]);
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
            assert_eq!(g.walk().len(), h.edges().len());
            let mut reached = vec![false; h.normals().len()];
            reached[0] = true;
            let mut edges = vec![false; h.edges().len()];
            for &s in g.walk() {
                assert!(reached[s.face()]);
                assert!(!edges[s.edge()]);
                edges[s.edge()] = true;
                let mut faces = h.edge_faces()[s.edge()];
                faces.sort_unstable();
                let mut ends = [s.face(), s.to()];
                ends.sort_unstable();
                assert_eq!(faces, ends);
                assert_eq!(s.locates(), !reached[s.to()]);
                reached[s.to()] = true;
            }
            assert!(reached.iter().all(|&r| r));
        }
    }
}
