//! Convex polyhedra (3D), built as the convex hull of a point cloud.
//!
//! [`ConvexPolyhedron::from_hull`] runs quickhull on triangles, with an
//! exact orientation predicate for what a new point sees, then merges the
//! triangles that lie in one plane into convex polygonal faces:
//!
//! ```text
//! from_hull(points):
//!     ε = hull_tolerance · max |coordinate|
//!     tetrahedron from the extreme points (else Coincident / Collinear / Coplanar)
//!     give every other point to the triangle it lies farthest above,
//!         unless it lies within ε of the hull
//!     while some triangle has outside points:
//!         p = its farthest outside point
//!         visible = the triangles p lies strictly above (exact predicate),
//!                   found by a search from that triangle through neighbours
//!         horizon = the loop of edges between visible and hidden triangles
//!         replace `visible` by the cone of triangles from the horizon to p
//!         give the removed triangles' outside points to the new triangles,
//!             dropping those now inside or within ε of the hull
//!     faces = regions grown from the largest triangles down: a neighbour
//!             joins when its vertices lie within ε of the seed triangle's
//!             plane and the region stays a convex polygon
//!     each face is its region's boundary loop with the seed's normal,
//!     less the vertices on only two faces (they lie inside an edge)
//!     the polyhedron is built once from that plain topology
//!         (faces, planes, edges with their faces; topology.rs)
//! ```
//!
//! With exact visibility every step keeps the triangulation convex, so the
//! horizon is always one simple loop, whatever the round-off. `ε` only
//! decides which points are worth adding and which triangles make one
//! face, so that points on a face or an edge (a cube's face centres and
//! edge midpoints) never become vertices, and coplanar input rounded to the
//! scalar still gives one face per plane.
//!
//! Support points climb the vertex graph when the hull has
//! [`CLIMB_MIN_VERTICES`](ConvexPolyhedron::CLIMB_MIN_VERTICES) vertices or
//! more, and scan the vertices below that.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use nalgebra::{Point3, Unit, Vector3};

use super::packed::Packed3;
use super::{Edge, Shape};
use crate::real::hull_tolerance;
use crate::{Real, Support};

mod derived;
mod gauss;
mod merge;
mod orient;
mod project;
mod quickhull;
#[cfg(test)]
mod snapshot;
mod topology;
mod validate;

pub use crate::error::HullError;
use derived::*;
use gauss::gauss_rings;
pub(crate) use gauss::{GaussRings, Link};
use merge::*;
use orient::*;
use quickhull::*;
use topology::*;

/// A convex polyhedron: its vertices, its faces (outward unit normal, offset
/// and vertex loop) and its edges (with the normals of the two faces that
/// meet there), all in the shape's local frame.
///
/// The polyhedron is `{ x : nᵢ · x <= offsetᵢ for every face i }`. Each face
/// lies in one plane (coplanar input merged into one face); its vertex loop
/// runs counter-clockwise seen from outside and has no vertex on a straight
/// stretch of its boundary. Every edge is listed once.
///
/// All the data sits in flat arrays built once, so queries allocate
/// nothing.
///
/// ```
/// use nalgebra::{Point3, Vector3};
/// use separating_axis::{ConvexPolyhedron, Support};
///
/// // The unit cube's corners.
/// let corners: Vec<_> = (0..8)
///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
///     .collect();
/// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
/// assert_eq!((cube.vertices().len(), cube.normals().len(), cube.edges().len()), (8, 6, 12));
/// assert_eq!(cube.local_support_value(&Vector3::new(1.0, 1.0, 1.0)), 3.0);
/// assert_eq!(cube.validate(), Ok(()));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::serde_support::RawPolyhedron<T>",
        try_from = "crate::serde_support::RawPolyhedron<T>"
    )
)]
#[repr(C)]
pub struct ConvexPolyhedron<T: Real> {
    // The fields a pair query reads come first (`repr(C)` keeps the
    // order), so that they share two or three cache lines.
    /// Each face's normal and offset again, in one record.
    planes: Vec<Plane<T>>,
    /// The vertices again, packed for vectorised scans.
    packed_vertices: Packed3<T>,
    /// Each vertex's ring of faces and the walk order of the edges, for the
    /// walk over the overlaid Gauss maps (`pair/overlay.rs`).
    gauss: GaussRings,
    /// The edges' unit directions again, alone: what the walk reads of an
    /// edge (its first vertex is in `gauss`).
    walk_directions: Vec<Vector3<T>>,
    /// The edges again, each in one compact record (empty if an index does
    /// not fit in `u16`).
    edge_records: Vec<EdgeRecord<T>>,
    /// A ball inside the polyhedron: the vertices' mean and its distance to
    /// the nearest face plane (zero if round-off puts it outside).
    inner_centre: Point3<T>,
    inner_radius: T,
    /// The largest absolute vertex coordinate: the scale of round-off.
    reach: T,
    vertices: Vec<Point3<T>>,
    // The fields below are not read by a hull pair's walk.
    normals: Vec<Unit<Vector3<T>>>,
    offsets: Vec<T>,
    /// Vertex `i`'s neighbours are
    /// `neighbour_indices[neighbour_starts[i]..neighbour_starts[i + 1]]`.
    neighbour_starts: Vec<usize>,
    neighbour_indices: Vec<usize>,
    /// The vertices of largest and smallest x, y, z: `[+x, −x, +y, −y, +z, −z]`.
    /// The hill climb starts at the one nearest the query direction.
    extremes: [usize; 6],
    /// The face normals again, packed for vectorised scans.
    packed_normals: Packed3<T>,
    /// Face `i`'s loop is `face_indices[face_starts[i]..face_starts[i + 1]]`.
    face_starts: Vec<usize>,
    face_indices: Vec<usize>,
    edges: Vec<Edge<T, 3>>,
    edge_vertices: Vec<[usize; 2]>,
    edge_faces: Vec<[usize; 2]>,
}

/// An edge as the polyhedron pair path reads it, in one record of 32 bytes
/// in `f64` (20 in `f32`), under half the size of [`Edge`] plus its index
/// pairs: fewer cache lines per query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EdgeRecord<T: Real> {
    /// The unit direction, as in [`Edge::direction`].
    pub(crate) direction: Vector3<T>,
    /// The faces `[left, right]`, as in
    /// [`edge_faces`](ConvexPolyhedron::edge_faces).
    pub(crate) faces: [u16; 2],
    /// The first vertex, as in
    /// [`edge_vertices`](ConvexPolyhedron::edge_vertices).
    pub(crate) vertex: u16,
}

/// A face's outward unit normal and offset in one record, as the walk over
/// the overlaid Gauss maps reads them: 32 bytes in `f64`, 16 in `f32`,
/// aligned so that a record of `f32` never straddles two cache lines.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C, align(16))]
pub(crate) struct Plane<T: Real> {
    /// The unit normal, as in [`normals`](ConvexPolyhedron::normals).
    pub(crate) normal: Vector3<T>,
    /// The offset, as in [`offsets`](ConvexPolyhedron::offsets).
    pub(crate) offset: T,
}

impl<T: Real> ConvexPolyhedron<T> {
    /// The vertex count from which [`Support`] queries climb the vertex
    /// graph ([`local_support_climb`](Self::local_support_climb)) instead of
    /// scanning every vertex
    /// ([`local_support_linear`](Self::local_support_linear)).
    ///
    /// A climb step reads a vertex's neighbour list (about six vertices);
    /// below a few dozen vertices the plain scan, with no indirection and no
    /// branches to mispredict, is as fast.
    ///
    /// ```
    /// assert_eq!(separating_axis::ConvexPolyhedron::<f64>::CLIMB_MIN_VERTICES, 32);
    /// ```
    pub const CLIMB_MIN_VERTICES: usize = 32;

    /// The convex hull of `points`, which may come in any order and include
    /// interior, duplicate, coplanar and collinear points.
    ///
    /// Points within [`hull_tolerance`](crate::real::hull_tolerance) times
    /// the largest absolute coordinate of a face plane count as lying in it:
    /// coplanar triangles merge into one polygonal face, and points on a face
    /// or an edge do not become vertices. Every vertex is one of the input
    /// points; every input point lies inside the hull or within that
    /// tolerance of it.
    ///
    /// # Errors
    /// [`HullError::TooFewPoints`] for fewer than four points,
    /// [`HullError::NonFinite`] for a NaN or infinite coordinate,
    /// [`HullError::TooLarge`] for a coordinate beyond
    /// [`max_magnitude`](crate::real::max_magnitude),
    /// [`HullError::TooSmall`] when the points' extent (the largest
    /// `max − min` over the axes) is above zero but below
    /// [`min_size`](crate::real::min_size) (the crate-wide range,
    /// docs/contract-range.md; tests/range.rs),
    /// [`HullError::Coincident`], [`HullError::Collinear`] or
    /// [`HullError::Coplanar`] when the points span no volume.
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::ConvexPolyhedron;
    ///
    /// // A tetrahedron with a point inside it and one in the middle of an edge.
    /// let points = [
    ///     Point3::new(0.0, 0.0, 0.0),
    ///     Point3::new(1.0, 0.0, 0.0),
    ///     Point3::new(0.0, 1.0, 0.0),
    ///     Point3::new(0.0, 0.0, 1.0),
    ///     Point3::new(0.1, 0.1, 0.1),
    ///     Point3::new(0.5, 0.0, 0.0),
    /// ];
    /// let tet = ConvexPolyhedron::from_hull(&points).unwrap();
    /// assert_eq!((tet.vertices().len(), tet.normals().len(), tet.edges().len()), (4, 4, 6));
    /// ```
    pub fn from_hull(points: &[Point3<T>]) -> Result<Self, HullError> {
        if points.len() < 4 {
            return Err(HullError::TooFewPoints {
                found: points.len(),
                required: 4,
            });
        }
        if let Some(index) = points
            .iter()
            .position(|p| !p.coords.iter().all(|c| c.is_finite()))
        {
            return Err(HullError::NonFinite { index });
        }
        check_hull_range(points)?;
        // Work on a copy scaled by a power of two (exactly) so that the
        // largest coordinate is about 1: the squares and cubes the
        // predicates form then neither overflow nor underflow.
        let (f1, f2) = unit_scale(max_abs_coordinate(points));
        let scaled: Vec<Point3<T>> = points.iter().map(|p| p * f1 * f2).collect();
        let eps = hull_tolerance::<T>() * max_abs_coordinate(&scaled);
        let triangles = Quickhull::run(&scaled, eps)?;
        let topology = merge_coplanar(&scaled, &triangles, eps)?;
        Ok(Self::from_topology(points, topology, (f1, f2)))
    }

    /// The vertices, in the order they come in the input.
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::ConvexPolyhedron;
    ///
    /// let points = [
    ///     Point3::new(0.0, 0.0, 1.0), Point3::new(0.1, 0.1, 0.1), Point3::new(1.0, 0.0, 0.0),
    ///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 0.0),
    /// ];
    /// let tet = ConvexPolyhedron::from_hull(&points).unwrap();
    /// assert_eq!(tet.vertices(), [points[0], points[2], points[3], points[4]]);
    /// ```
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Point3<T>] {
        &self.vertices
    }

    /// The outward unit normal of each face.
    ///
    /// ```
    /// # use nalgebra::{Point3, Vector3};
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// assert!(cube.normals().iter().any(|n| n.into_inner() == -Vector3::z()));
    /// ```
    #[inline]
    #[must_use]
    pub fn normals(&self) -> &[Unit<Vector3<T>>] {
        &self.normals
    }

    /// `offsets()[i]` is the largest projection of a vertex on face `i`'s
    /// normal: the polyhedron is `{ x : nᵢ · x <= offsetᵢ for all i }`.
    ///
    /// ```
    /// # use nalgebra::Point3;
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// // Three faces pass through the origin, three through the opposite corner.
    /// let mut offsets = cube.offsets().to_vec();
    /// offsets.sort_by(f64::total_cmp);
    /// assert_eq!(offsets, [0.0, 0.0, 0.0, 1.0, 1.0, 1.0]);
    /// ```
    #[inline]
    #[must_use]
    pub fn offsets(&self) -> &[T] {
        &self.offsets
    }

    /// The vertex loop of face `i` (indices into
    /// [`vertices`](Self::vertices)), counter-clockwise seen from outside,
    /// that is around the face's normal by the right-hand rule.
    ///
    /// # Panics
    /// When `i >= normals().len()`.
    ///
    /// ```
    /// # use nalgebra::Point3;
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// assert!((0..6).all(|i| cube.face_vertices(i).len() == 4));
    /// ```
    #[inline]
    #[must_use]
    pub fn face_vertices(&self, i: usize) -> &[usize] {
        &self.face_indices[self.face_starts[i]..self.face_starts[i + 1]]
    }

    /// Every edge once: its unit direction from its first vertex to its
    /// second ([`edge_vertices`](Self::edge_vertices)), and the outward
    /// normals of its two faces ([`edge_faces`](Self::edge_faces)), in that
    /// order. These are the edges the SAT engine pairs up.
    ///
    /// ```
    /// # use nalgebra::Point3;
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// let e = cube.edges()[0];
    /// let [n0, n1] = e.faces.unwrap();
    /// assert_eq!((e.direction.dot(&n0), e.direction.dot(&n1), n0.dot(&n1)), (0.0, 0.0, 0.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn edges(&self) -> &[Edge<T, 3>] {
        &self.edges
    }

    /// The two vertices of each edge, `[from, to]` along its direction.
    ///
    /// ```
    /// # use nalgebra::Point3;
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// let v = cube.vertices();
    /// assert!(cube.edge_vertices().iter().all(|&[a, b]| (v[b] - v[a]).norm() == 1.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn edge_vertices(&self) -> &[[usize; 2]] {
        &self.edge_vertices
    }

    /// The two faces of each edge, `[left, right]`: the left face's loop runs
    /// along the edge's direction, the right face's loop against it (seen
    /// from outside, the left face is on the left of the edge).
    ///
    /// ```
    /// # use nalgebra::Point3;
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// let [from, to] = cube.edge_vertices()[0];
    /// let [left, _right] = cube.edge_faces()[0];
    /// let l = cube.face_vertices(left);
    /// let k = l.iter().position(|&v| v == from).unwrap();
    /// assert_eq!(l[(k + 1) % l.len()], to);
    /// ```
    #[inline]
    #[must_use]
    pub fn edge_faces(&self) -> &[[usize; 2]] {
        &self.edge_faces
    }

    /// The vertices joined to vertex `i` by an edge.
    ///
    /// # Panics
    /// When `i >= vertices().len()`.
    ///
    /// ```
    /// # use nalgebra::Point3;
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// assert!((0..8).all(|i| cube.vertex_neighbours(i).len() == 3));
    /// ```
    #[inline]
    #[must_use]
    pub fn vertex_neighbours(&self, i: usize) -> &[usize] {
        &self.neighbour_indices[self.neighbour_starts[i]..self.neighbour_starts[i + 1]]
    }

    /// The index of a vertex with the largest projection on `dir`, by
    /// scanning every vertex (the first one wins ties). `O(V)`.
    ///
    /// ```
    /// # use nalgebra::{Point3, Vector3};
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// let i = cube.local_support_linear(&Vector3::new(1.0, -1.0, 1.0));
    /// assert_eq!(cube.vertices()[i], Point3::new(1.0, 0.0, 1.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn local_support_linear(&self, dir: &Vector3<T>) -> usize {
        self.linear(dir).0
    }

    /// The index of a vertex with the largest projection on `dir`, by
    /// climbing the vertex graph: from the stored vertex extreme along the
    /// coordinate axis nearest `dir`, move to a neighbour with a larger
    /// projection until there is none. `O(√V)` steps on round hulls.
    ///
    /// On a convex polyhedron a vertex whose neighbours all project no
    /// higher is a global maximum (the edges leaving it span a cone that
    /// contains the whole polyhedron), so the climb gives the same support
    /// value as [`local_support_linear`](Self::local_support_linear), up to
    /// round-off, though possibly another vertex on a tie.
    ///
    /// ```
    /// # use nalgebra::{Point3, Vector3};
    /// # use separating_axis::ConvexPolyhedron;
    /// let corners: Vec<_> = (0..8)
    ///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
    ///     .collect();
    /// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
    /// let d = Vector3::new(-0.2, 1.0, 0.3);
    /// assert_eq!(cube.local_support_climb(&d), cube.local_support_linear(&d));
    /// ```
    #[inline]
    #[must_use]
    pub fn local_support_climb(&self, dir: &Vector3<T>) -> usize {
        self.climb(dir).0
    }

    /// The support vertex and its projection, by scanning.
    #[inline]
    fn linear(&self, dir: &Vector3<T>) -> (usize, T) {
        self.packed_vertices.argmax_dot(dir)
    }

    /// The support vertex and its projection, by climbing from the stored
    /// extreme vertex along the axis of `dir`'s largest component.
    #[inline]
    fn climb(&self, dir: &Vector3<T>) -> (usize, T) {
        let a = dir.abs();
        let axis = if a.x >= a.y && a.x >= a.z {
            0
        } else if a.y >= a.z {
            1
        } else {
            2
        };
        let start = self.extremes[2 * axis + usize::from(dir[axis] < T::zero())];
        climb_from(
            &self.vertices,
            &self.neighbour_starts,
            &self.neighbour_indices,
            dir,
            start,
        )
    }

    /// The support vertex and its projection, by the method that suits the
    /// vertex count.
    #[inline]
    fn support(&self, dir: &Vector3<T>) -> (usize, T) {
        if self.vertices.len() >= Self::CLIMB_MIN_VERTICES {
            self.climb(dir)
        } else {
            self.linear(dir)
        }
    }

    /// Vertex `i`'s coordinates, read from the packed copy that the support
    /// scans read (below [`CLIMB_MIN_VERTICES`](Self::CLIMB_MIN_VERTICES)
    /// the only copy they read), so that a pair query touches one copy of
    /// the vertices, not two: the same numbers as
    /// [`vertices`](Self::vertices).
    #[inline(always)]
    pub(crate) fn vertex(&self, i: usize) -> Vector3<T> {
        self.packed_vertices.get(i)
    }

    /// The support value alone, by the method that suits the vertex count.
    #[inline]
    pub(crate) fn support_value(&self, dir: &Vector3<T>) -> T {
        if self.vertices.len() >= Self::CLIMB_MIN_VERTICES {
            self.climb(dir).1
        } else {
            self.packed_vertices.max_dot(dir)
        }
    }

    /// A ball inside the polyhedron, `(centre, radius)`: every direction's
    /// support value is at least `u · centre + radius`.
    #[inline]
    pub(crate) fn inner_ball(&self) -> (&Point3<T>, T) {
        (&self.inner_centre, self.inner_radius)
    }

    /// The largest absolute vertex coordinate.
    #[inline]
    pub(crate) fn reach(&self) -> T {
        self.reach
    }

    /// The edges as compact records; empty when an index does not fit in
    /// `u16` (then the pair path leaves the hull to the engine).
    #[inline]
    pub(crate) fn edge_records(&self) -> &[EdgeRecord<T>] {
        &self.edge_records
    }

    /// Each face's normal and offset in one record (the same numbers as
    /// [`normals`](Self::normals) and [`offsets`](Self::offsets)).
    #[inline]
    pub(crate) fn planes(&self) -> &[Plane<T>] {
        &self.planes
    }

    /// Each edge's unit direction (the same numbers as
    /// [`edges`](Self::edges)), for the walk.
    #[inline]
    pub(crate) fn walk_directions(&self) -> &[Vector3<T>] {
        &self.walk_directions
    }

    /// The rings and walk order of the Gauss map (empty for a hull of more
    /// than 256 faces or 256 vertices: the walk leaves it to the pair loop).
    #[inline]
    pub(crate) fn gauss(&self) -> &GaussRings {
        &self.gauss
    }

    /// The support vertex along `dir` and its projection, by the method
    /// that suits the vertex count.
    #[inline]
    pub(crate) fn support_vertex(&self, dir: &Vector3<T>) -> (usize, T) {
        self.support(dir)
    }

    /// The face normals, packed for vectorised scans.
    #[inline]
    pub(crate) fn packed_normals(&self) -> &Packed3<T> {
        &self.packed_normals
    }
}

impl<T: Real> Support<T, 3> for ConvexPolyhedron<T> {
    #[inline]
    fn local_support_point(&self, dir: &Vector3<T>) -> Point3<T> {
        // From the packed copy the scan has just read (`vertex`): the same
        // numbers, and no second copy of the vertices in the cache.
        Point3::from(self.vertex(self.support(dir).0))
    }

    /// The value needs no vertex index: below the climbing threshold it is
    /// a vectorised scan of the packed vertices.
    #[inline]
    fn local_support_value(&self, dir: &Vector3<T>) -> T {
        self.support_value(dir)
    }
}

impl<T: Real> Shape<T, 3> for ConvexPolyhedron<T> {
    #[inline]
    fn face_count(&self) -> usize {
        self.normals.len()
    }

    #[inline]
    fn local_face_normal(&self, i: usize) -> Unit<Vector3<T>> {
        self.normals[i % self.normals.len()]
    }

    #[inline]
    fn local_face_offset(&self, i: usize) -> T {
        self.offsets[i % self.offsets.len()]
    }

    /// Face `i`'s vertex loop ([`face_vertices`](Self::face_vertices)),
    /// counter-clockwise seen from outside.
    #[inline]
    fn face_vertex_count(&self, i: usize) -> usize {
        if i < self.normals.len() {
            self.face_starts[i + 1] - self.face_starts[i]
        } else {
            0
        }
    }

    #[inline]
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        let Some(&start) = self.face_starts.get(i) else {
            return 0;
        };
        let len = self.face_starts.get(i + 1).map_or(0, |&end| end - start);
        if len == 0 {
            return 0;
        }
        self.face_indices[start + k % len]
    }

    #[inline]
    fn edge_count(&self) -> usize {
        self.edges.len()
    }

    #[inline]
    fn local_edge(&self, i: usize) -> Edge<T, 3> {
        self.edges[i % self.edges.len()]
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        self.vertices.len()
    }

    #[inline]
    fn local_core_vertex(&self, i: usize) -> Point3<T> {
        self.vertices[i % self.vertices.len()]
    }

    /// `p` itself when it is inside; otherwise the nearest point of the
    /// surface, found on the faces whose plane `p` lies above: the
    /// projection on such a face's plane when it falls inside the face (it is
    /// then the answer), else the nearest point of that face's edges.
    fn local_core_closest_point(&self, p: &Point3<T>) -> Point3<T> {
        let mut best = *p;
        let mut best_d2: Option<T> = None;
        for f in 0..self.normals.len() {
            let n = self.normals[f].into_inner();
            let height = n.dot(&p.coords) - self.offsets[f];
            if height.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
                continue; // on or below the plane, or NaN
            }
            let l = self.face_vertices(f);
            let projected = p - n * height;
            let inside = (0..l.len()).all(|k| {
                let a = self.vertices[l[k]];
                let b = self.vertices[l[(k + 1) % l.len()]];
                n.cross(&(b - a)).dot(&(projected - a)) >= T::zero()
            });
            if inside {
                return projected;
            }
            for k in 0..l.len() {
                let a = self.vertices[l[k]];
                let e = self.vertices[l[(k + 1) % l.len()]] - a;
                let t = ((p - a).dot(&e) / e.norm_squared()).clamp(T::zero(), T::one());
                let q = a + e * t;
                let d2 = (p - q).norm_squared();
                if best_d2.is_none_or(|b| d2 < b) {
                    best = q;
                    best_d2 = Some(d2);
                }
            }
        }
        best
    }

    #[inline]
    fn local_contains_point(&self, p: &Point3<T>) -> bool {
        self.normals
            .iter()
            .zip(&self.offsets)
            .all(|(n, &o)| n.dot(&p.coords) <= o)
    }

    #[inline]
    fn as_polyhedron(&self) -> Option<&ConvexPolyhedron<T>> {
        Some(self)
    }
}
