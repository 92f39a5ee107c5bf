//! The hull as quickhull and the face merge leave it (a plain topology),
//! and the one function that builds a [`ConvexPolyhedron`] from it.
//!
//! ```text
//! from_hull(points):
//!     scaled   = points · 2ᵏ                    (largest coordinate about 1)
//!     topology = merge_coplanar(quickhull(scaled))     (in the scaled frame)
//!     ConvexPolyhedron::from_topology(points, topology, 2ᵏ)
//!         vertices = the input points the topology names (unscaled)
//!         planes   = the topology's normals, offsets / 2ᵏ
//!         edges, climb extremes, packed arrays, inner ball, reach, records
//! ```

use super::*;

/// The combinatorial hull with its planes, in the frame of the scaled
/// points the construction ran on: what quickhull and the face merge
/// produce, before anything is derived from it.
#[derive(Clone, Debug)]
pub(super) struct Topology<T: Real> {
    /// The input index of each vertex, in input order.
    pub(super) input: Vec<usize>,
    /// Each vertex's scaled position (`scaled[input[i]]`).
    pub(super) vertices: Vec<Point3<T>>,
    /// Face `i`'s loop of vertex indices, counter-clockwise seen from
    /// outside, is `face_indices[face_starts[i]..face_starts[i + 1]]`.
    pub(super) face_starts: Vec<usize>,
    pub(super) face_indices: Vec<usize>,
    /// Each face's plane: its outward unit normal and its offset (the
    /// largest projection of a vertex, in the scaled frame).
    pub(super) normals: Vec<Unit<Vector3<T>>>,
    pub(super) offsets: Vec<T>,
    /// Each edge once: its vertices `[from, to]` and its faces
    /// `[left, right]` (the left face's loop runs from → to).
    pub(super) edge_vertices: Vec<[usize; 2]>,
    pub(super) edge_faces: Vec<[usize; 2]>,
    /// Vertex `i`'s neighbours are
    /// `neighbour_indices[neighbour_starts[i]..neighbour_starts[i + 1]]`.
    pub(super) neighbour_starts: Vec<usize>,
    pub(super) neighbour_indices: Vec<usize>,
}

impl<T: Real> ConvexPolyhedron<T> {
    /// The polyhedron of `topology`, built by the scaled copy
    /// `points · f1 · f2` of `points`: every field computed once, here.
    ///
    /// The edge directions and the climb extremes come from the scaled
    /// vertices, everything else from the input points; the construction
    /// snapshot (`snapshot.rs`, `construction_is_unchanged`) pins every
    /// field to what the construction built before this function existed.
    pub(super) fn from_topology(
        points: &[Point3<T>],
        topology: Topology<T>,
        (f1, f2): (T, T),
    ) -> Self {
        let Topology {
            input,
            vertices: scaled,
            face_starts,
            face_indices,
            normals,
            offsets,
            edge_vertices,
            edge_faces,
            neighbour_starts,
            neighbour_indices,
        } = topology;
        let edges: Vec<Edge<T, 3>> = edge_vertices
            .iter()
            .zip(&edge_faces)
            .map(|(&[a, b], &[left, right])| Edge {
                direction: (scaled[b] - scaled[a]).normalize(),
                faces: Some([normals[left].into_inner(), normals[right].into_inner()]),
            })
            .collect();
        let extremes = axis_extremes(&scaled);
        let vertices: Vec<Point3<T>> = input.iter().map(|&i| points[i]).collect();
        let offsets: Vec<T> = offsets.into_iter().map(|o| o / f1 / f2).collect();
        let packed_vertices = pack_points(&vertices);
        let packed_normals =
            Packed3::new(&normals.iter().map(|n| n.into_inner()).collect::<Vec<_>>());
        let (inner_centre, inner_radius) = inner_ball(&vertices, &normals, &offsets);
        let reach = max_abs_coordinate(&vertices);
        let edge_records = edge_records(&edges, &edge_faces, &edge_vertices).unwrap_or_default();
        let planes = normals
            .iter()
            .zip(&offsets)
            .map(|(n, &offset)| Plane {
                normal: n.into_inner(),
                offset,
            })
            .collect();
        let walk_directions = edges.iter().map(|e| e.direction).collect();
        let gauss = gauss_rings(
            vertices.len(),
            &face_starts,
            &face_indices,
            &edge_vertices,
            &edge_faces,
        );
        Self {
            planes,
            walk_directions,
            vertices,
            normals,
            offsets,
            face_starts,
            face_indices,
            edges,
            edge_vertices,
            edge_faces,
            neighbour_starts,
            neighbour_indices,
            extremes,
            packed_vertices,
            packed_normals,
            inner_centre,
            inner_radius,
            reach,
            edge_records,
            gauss,
        }
    }
}
