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

use core::cmp::Ordering;
use core::fmt;
use std::collections::HashMap;

use nalgebra::{Point3, Unit, Vector3};

use super::packed::Packed3;
use super::{Edge, Shape};
use crate::real::hull_tolerance;
use crate::{Real, Support};

/// Why [`ConvexPolyhedron::from_hull`] could not build a hull.
///
/// There is one variant per cause, and each message says what to change.
/// "Within tolerance" means within
/// [`hull_tolerance`](crate::real::hull_tolerance) times the largest
/// absolute coordinate of the input.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{ConvexPolyhedron, HullError};
///
/// let square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
/// let points: Vec<_> = square.iter().map(|&(x, y)| Point3::new(x, y, 2.0)).collect();
/// let err = ConvexPolyhedron::from_hull(&points).unwrap_err();
/// assert_eq!(err, HullError::Coplanar);
/// assert!(err.to_string().contains("one plane"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum HullError {
    /// Fewer points than a polyhedron needs.
    TooFewPoints {
        /// How many points were given.
        found: usize,
        /// How many are needed at least (4).
        required: usize,
    },
    /// A coordinate is NaN or infinite.
    NonFinite {
        /// The index of the offending point in the input.
        index: usize,
    },
    /// A coordinate is larger in magnitude than
    /// [`max_magnitude`](crate::real::max_magnitude) (`2.9e17` in `f32`,
    /// `2.1e152` in `f64`).
    TooLarge {
        /// The index of the offending point in the input.
        index: usize,
        /// Which of its coordinates (0 = x, 1 = y, 2 = z).
        coordinate: usize,
    },
    /// The points' extent (the largest of `max − min` over the three axes)
    /// is above zero but below [`min_size`](crate::real::min_size) (`6.9e-18` in `f32`,
    /// `9.6e-153` in `f64`).
    TooSmall,
    /// All the points are the same point, within tolerance.
    Coincident,
    /// All the points lie on one line, within tolerance.
    Collinear,
    /// All the points lie in one plane, within tolerance (or the hull is
    /// thinner than the tolerance, so that its faces cannot be told apart).
    Coplanar,
}

impl fmt::Display for HullError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooFewPoints { found, required } => write!(
                f,
                "{found} point{} given, at least {required} needed: pass points that do not all lie in one plane",
                if found == 1 { "" } else { "s" }
            ),
            Self::TooLarge { index, coordinate } => write!(
                f,
                "coordinate {coordinate} of point {index} is larger in magnitude than `real::max_magnitude` (2.9e17 in f32, 2.1e152 in f64): scale the scene down or use f64"
            ),
            Self::TooSmall => write!(
                f,
                "the points span less than `real::min_size` (6.9e-18 in f32, 9.6e-153 in f64) along every axis: scale the scene up or use f64"
            ),
            Self::NonFinite { index } => write!(
                f,
                "point {index} has a NaN or infinite coordinate: pass finite coordinates"
            ),
            Self::Coincident => write!(
                f,
                "all the points are the same point (within tolerance): pass points that span a volume"
            ),
            Self::Collinear => write!(
                f,
                "all the points lie on one line (within tolerance): pass points that span a volume"
            ),
            Self::Coplanar => write!(
                f,
                "all the points lie in one plane (within tolerance): add a point off that plane, or use a 2D `ConvexPolygon` for a flat shape"
            ),
        }
    }
}

impl std::error::Error for HullError {}

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
pub struct ConvexPolyhedron<T: Real> {
    vertices: Vec<Point3<T>>,
    normals: Vec<Unit<Vector3<T>>>,
    offsets: Vec<T>,
    /// Face `i`'s loop is `face_indices[face_starts[i]..face_starts[i + 1]]`.
    face_starts: Vec<usize>,
    face_indices: Vec<usize>,
    edges: Vec<Edge<T, 3>>,
    edge_vertices: Vec<[usize; 2]>,
    edge_faces: Vec<[usize; 2]>,
    /// Vertex `i`'s neighbours are
    /// `neighbour_indices[neighbour_starts[i]..neighbour_starts[i + 1]]`.
    neighbour_starts: Vec<usize>,
    neighbour_indices: Vec<usize>,
    /// The vertices of largest and smallest x, y, z: `[+x, −x, +y, −y, +z, −z]`.
    /// The hill climb starts at the one nearest the query direction.
    extremes: [usize; 6],
    /// The vertices and the face normals again, packed for vectorised scans.
    packed_vertices: Packed3<T>,
    packed_normals: Packed3<T>,
    /// A ball inside the polyhedron: the vertices' mean and its distance to
    /// the nearest face plane (zero if round-off puts it outside).
    inner_centre: Point3<T>,
    inner_radius: T,
    /// The largest absolute vertex coordinate: the scale of round-off.
    reach: T,
    /// The edges again, each in one compact record (empty if an index does
    /// not fit in `u32`).
    edge_records: Vec<EdgeRecord<T>>,
}

/// An edge as the polyhedron pair path reads it, in one record of a third
/// the size of [`Edge`] plus its index pairs: fewer cache lines per query.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct EdgeRecord<T: Real> {
    /// The unit direction, as in [`Edge::direction`].
    pub(crate) direction: Vector3<T>,
    /// The faces `[left, right]`, as in
    /// [`edge_faces`](ConvexPolyhedron::edge_faces).
    pub(crate) faces: [u32; 2],
    /// The first vertex, as in
    /// [`edge_vertices`](ConvexPolyhedron::edge_vertices).
    pub(crate) vertex: u32,
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
        let (mut hull, input) = merge_coplanar(&scaled, &triangles, eps)?;
        for (v, &i) in hull.vertices.iter_mut().zip(&input) {
            *v = points[i];
        }
        for o in &mut hull.offsets {
            *o = *o / f1 / f2;
        }
        hull.packed_vertices = pack_points(&hull.vertices);
        (hull.inner_centre, hull.inner_radius) = inner_ball(&hull);
        hull.reach = max_abs_coordinate(&hull.vertices);
        hull.edge_records = edge_records(&hull).unwrap_or_default();
        Ok(hull)
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
        let mut best = 0;
        let mut best_value = dir.dot(&self.vertices[0].coords);
        for (i, v) in self.vertices.iter().enumerate().skip(1) {
            let value = dir.dot(&v.coords);
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        (best, best_value)
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
    /// `u32` (then the pair path leaves the hull to the engine).
    #[inline]
    pub(crate) fn edge_records(&self) -> &[EdgeRecord<T>] {
        &self.edge_records
    }

    /// The face normals, packed for vectorised scans.
    #[inline]
    pub(crate) fn packed_normals(&self) -> &Packed3<T> {
        &self.packed_normals
    }

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
        let mut directed: HashMap<(usize, usize), usize> = HashMap::new();
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

/// A ball inside the hull, as large as a short climb finds: from the
/// vertices' mean (inside, as a convex combination), step away from the
/// nearest face plane while that increases the distance to the nearest
/// plane, halving the step when it does not. The radius is that distance:
/// every point within it of the centre is on the inner side of every face,
/// so the ball lies in the hull whatever the climb's quality. A larger ball
/// gives the pair path tighter bounds (docs/sat-proof.md §14).
fn inner_ball<T: Real>(hull: &ConvexPolyhedron<T>) -> (Point3<T>, T) {
    let n = T::from_usize(hull.vertices.len()).unwrap_or_else(T::one);
    let sum = hull
        .vertices
        .iter()
        .fold(Vector3::zeros(), |acc, v| acc + v.coords);
    // The two nearest face planes to `c`, and the distance to the nearest.
    let nearest = |c: &Vector3<T>| {
        let big = T::max_value().unwrap_or_else(T::one);
        let mut two = [(0, big), (0, big)];
        for (f, (nf, &o)) in hull.normals.iter().zip(&hull.offsets).enumerate() {
            let d = o - nf.dot(c);
            if d < two[0].1 {
                two = [(f, d), two[0]];
            } else if d < two[1].1 {
                two[1] = (f, d);
            }
        }
        ([two[0].0, two[1].0], two[0].1)
    };
    let mut centre = sum / n;
    let (mut faces, mut radius) = nearest(&centre);
    let mut step = radius.abs() * T::from_f64(0.5).unwrap_or_else(T::one);
    for _ in 0..48 {
        // Away from the nearest plane, or from the nearest two at once
        // (along a crease between them, where one alone zig-zags).
        let [f, g] = faces.map(|k| hull.normals[k].into_inner());
        let away = [f, (f + g).normalize()];
        let best = away
            .iter()
            .map(|d| {
                let candidate = centre - d * step;
                let (near, r) = nearest(&candidate);
                (candidate, near, r)
            })
            .fold(None, |b: Option<(Vector3<T>, [usize; 2], T)>, x| match b {
                Some(b) if b.2 >= x.2 => Some(b),
                _ => Some(x),
            });
        match best {
            Some((candidate, near, r)) if r > radius => {
                (centre, faces, radius) = (candidate, near, r)
            }
            _ => step *= T::from_f64(0.5).unwrap_or_else(T::one),
        }
    }
    (Point3::from(centre), radius.max(T::zero()))
}

/// The compact edge records, `None` if an index does not fit in `u32`.
fn edge_records<T: Real>(hull: &ConvexPolyhedron<T>) -> Option<Vec<EdgeRecord<T>>> {
    let index = |i: usize| u32::try_from(i).ok();
    hull.edges
        .iter()
        .zip(&hull.edge_faces)
        .zip(&hull.edge_vertices)
        .map(|((e, &[left, right]), &[from, _])| {
            Some(EdgeRecord {
                direction: e.direction,
                faces: [index(left)?, index(right)?],
                vertex: index(from)?,
            })
        })
        .collect()
}

/// The points' coordinates, packed for vectorised scans.
fn pack_points<T: Real>(points: &[Point3<T>]) -> Packed3<T> {
    Packed3::new(&points.iter().map(|p| p.coords).collect::<Vec<_>>())
}

/// The crate-wide range for the hull's input: every coordinate at most
/// [`max_magnitude`](crate::real::max_magnitude), the extent (largest
/// `max − min` over the axes) at least [`min_size`](crate::real::min_size)
/// unless it is zero (then [`HullError::Coincident`]). The points are
/// finite.
fn check_hull_range<T: Real>(points: &[Point3<T>]) -> Result<(), HullError> {
    let limit = crate::real::max_magnitude::<T>();
    for (index, p) in points.iter().enumerate() {
        if let Some(coordinate) = p.coords.iter().position(|c| c.abs() > limit) {
            return Err(HullError::TooLarge { index, coordinate });
        }
    }
    let (mut lo, mut hi) = (points[0], points[0]);
    for p in points {
        lo = lo.inf(p);
        hi = hi.sup(p);
    }
    // All the same point (extent zero) is `Coincident`, found later.
    let extent = (hi - lo).amax();
    if extent > T::zero() && extent < crate::real::min_size::<T>() {
        return Err(HullError::TooSmall);
    }
    Ok(())
}

/// The largest absolute coordinate of the points.
fn max_abs_coordinate<T: Real>(points: &[Point3<T>]) -> T {
    points.iter().fold(T::zero(), |m, p| m.max(p.coords.amax()))
}

/// A power of two, as two factors (each representable even when the
/// product is not), that brings `scale` into `[1, 2)` or about; `(1, 1)`
/// for a zero scale.
fn unit_scale<T: Real>(scale: T) -> (T, T) {
    if scale.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
        return (T::one(), T::one());
    }
    let e = scale.log2().floor().to_i32().unwrap_or(0);
    let half = -e / 2;
    let two = |k: i32| T::from_f64(2f64.powi(k)).unwrap_or_else(T::one);
    (two(half), two(-e - half))
}

/// Climbs the vertex graph from `start` to a vertex whose neighbours all
/// project no higher on `dir`; returns it and its projection.
#[inline]
fn climb_from<T: Real>(
    vertices: &[Point3<T>],
    starts: &[usize],
    neighbours: &[usize],
    dir: &Vector3<T>,
    start: usize,
) -> (usize, T) {
    let mut best = start;
    let mut best_value = dir.dot(&vertices[start].coords);
    loop {
        let here = best;
        for &w in &neighbours[starts[here]..starts[here + 1]] {
            let value = dir.dot(&vertices[w].coords);
            if value > best_value {
                best = w;
                best_value = value;
            }
        }
        if best == here {
            return (best, best_value);
        }
    }
}

impl<T: Real> Support<T, 3> for ConvexPolyhedron<T> {
    #[inline]
    fn local_support_point(&self, dir: &Vector3<T>) -> Point3<T> {
        self.vertices[self.support(dir).0]
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
}

// ---------------------------------------------------------------------------
// Quickhull on triangles
// ---------------------------------------------------------------------------

/// No face / no vertex.
const NONE: usize = usize::MAX;

/// A triangle of the hull under construction.
#[derive(Clone, Debug)]
struct Triangle<T: Real> {
    /// Vertices (input indices), counter-clockwise seen from outside.
    v: [usize; 3],
    /// `adj[k]` is the triangle across the edge `v[k] → v[k + 1]`.
    adj: [usize; 3],
    /// Outward unit normal.
    normal: Vector3<T>,
    /// Twice the area.
    area2: T,
    /// Input points above this triangle and more than ε from the hull,
    /// not yet in it.
    outside: Vec<usize>,
    alive: bool,
}

impl<T: Real> Triangle<T> {
    fn new(points: &[Point3<T>], v: [usize; 3], adj: [usize; 3]) -> Self {
        let (normal, area2) = triangle_normal(&points[v[0]], &points[v[1]], &points[v[2]]);
        Self {
            v,
            adj,
            normal,
            area2,
            outside: Vec::new(),
            alive: true,
        }
    }

    /// The signed distance of `p` above the triangle's plane.
    #[inline]
    fn height(&self, points: &[Point3<T>], p: &Point3<T>) -> T {
        self.normal.dot(&(p - points[self.v[0]]))
    }
}

/// The unit normal of the triangle `abc` (counter-clockwise) and twice its
/// area; a zero normal for a degenerate triangle.
///
/// The cross product `(q₁ − o) × (q₂ − o)` is taken at the vertex `o`
/// opposite the longest edge, with the differences carried exactly (as a
/// rounded value plus its rounding error) and each component's main term a
/// difference of products with a fused multiply-add (Kahan's algorithm).
/// The plain formula loses all but `sin θ` of the precision of a sliver
/// triangle (angle `θ` near 0 or π) to cancellation and to the rounding of
/// the differences, and the error tilts the normal: on a thin hull, a far
/// input point would then seem to lie above a face by much more than the
/// tolerance.
fn triangle_normal<T: Real>(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>) -> (Vector3<T>, T) {
    let (l0, l1, l2) = (
        (b - a).norm_squared(),
        (c - b).norm_squared(),
        (a - c).norm_squared(),
    );
    let (o, q1, q2) = if l0 >= l1 && l0 >= l2 {
        (c, a, b)
    } else if l1 >= l2 {
        (a, b, c)
    } else {
        (b, c, a)
    };
    let u = [0, 1, 2].map(|k| exact::two_sum(q1[k], -o[k]));
    let v = [0, 1, 2].map(|k| exact::two_sum(q2[k], -o[k]));
    // Component k of u × v: u_i v_j − u_j v_i.
    let component = |i: usize, j: usize| {
        let (ui, uj, vi, vj) = (u[i], u[j], v[i], v[j]);
        difference_of_products(ui.0, vj.0, uj.0, vi.0)
            + ((ui.0 * vj.1 + ui.1 * vj.0) - (uj.0 * vi.1 + uj.1 * vi.0))
    };
    let n = Vector3::new(component(1, 2), component(2, 0), component(0, 1));
    let len = n.norm();
    if len > T::zero() {
        (n / len, len)
    } else {
        (Vector3::zeros(), T::zero())
    }
}

/// `a·b − c·d` to about one ulp (Kahan's algorithm with fused
/// multiply-adds).
#[inline]
fn difference_of_products<T: Real>(a: T, b: T, c: T, d: T) -> T {
    let cd = c * d;
    let err = (-c).mul_add(d, cd);
    a.mul_add(b, -cd) + err
}

/// The point of the triangle `abc` nearest to `p` (Ericson, *Real-Time
/// Collision Detection*, §5.1.5: by the Voronoi region of `p`).
fn closest_on_triangle<T: Real>(
    p: &Point3<T>,
    a: &Point3<T>,
    b: &Point3<T>,
    c: &Point3<T>,
) -> Point3<T> {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= T::zero() && d2 <= T::zero() {
        return *a;
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= T::zero() && d4 <= d3 {
        return *b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= T::zero() && d1 >= T::zero() && d3 <= T::zero() {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= T::zero() && d5 <= d6 {
        return *c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= T::zero() && d2 >= T::zero() && d6 <= T::zero() {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= T::zero() && d4 - d3 >= T::zero() && d5 - d6 >= T::zero() {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = va + vb + vc;
    if denom > T::zero() {
        a + ab * (vb / denom) + ac * (vc / denom)
    } else {
        *a // degenerate triangle: any vertex
    }
}

/// The distance from `p` to the line through `a` and `b`.
#[inline]
fn line_distance<T: Real>(p: &Point3<T>, a: &Point3<T>, b: &Point3<T>) -> T {
    let d = b - a;
    let len = d.norm();
    if len > T::zero() {
        (p - a).cross(&d).norm() / len
    } else {
        (p - a).norm()
    }
}

/// One edge of the horizon: `a → b` as the visible triangle ran it, and the
/// hidden triangle across it.
#[derive(Clone, Copy, Debug)]
struct HorizonEdge {
    a: usize,
    b: usize,
    hidden: usize,
}

/// Visibility marks of the triangles, for one added point.
const UNSEEN: u8 = 0;
const VISIBLE: u8 = 1;
const HIDDEN: u8 = 2;

/// The state of quickhull: the triangles and the scratch space reused from
/// one added point to the next.
struct Quickhull<'a, T: Real> {
    points: &'a [Point3<T>],
    eps: T,
    triangles: Vec<Triangle<T>>,
    /// Visibility of each triangle for the point being added.
    mark: Vec<u8>,
    /// Per input point: the horizon edge that starts there, or `NONE`.
    horizon_at: Vec<usize>,
}

impl<'a, T: Real> Quickhull<'a, T> {
    /// The triangulated hull of `points` (finite, at least four), with
    /// tolerance `eps`; only the live triangles matter in the result.
    fn run(points: &'a [Point3<T>], eps: T) -> Result<Vec<Triangle<T>>, HullError> {
        let [a, b, c, d] = initial_tetrahedron(points, eps)?;
        let mut hull = Self {
            points,
            eps,
            triangles: Vec::new(),
            mark: Vec::new(),
            horizon_at: vec![NONE; points.len()],
        };
        // (a, b, c) is counter-clockwise seen from outside, d behind it.
        let tet = [[a, b, c], [b, a, d], [c, b, d], [a, c, d]];
        let adj = [[1, 2, 3], [0, 3, 2], [0, 1, 3], [0, 2, 1]];
        for (v, adj) in tet.into_iter().zip(adj) {
            hull.triangles.push(Triangle::new(points, v, adj));
            hull.mark.push(UNSEEN);
        }
        for i in 0..points.len() {
            if i != a && i != b && i != c && i != d {
                hull.assign(i, 0..4);
            }
        }
        let mut work: Vec<usize> = (0..4).collect();
        while let Some(f) = work.pop() {
            if !hull.triangles[f].alive || hull.triangles[f].outside.is_empty() {
                continue;
            }
            // The farthest outside point of f.
            let tri = &hull.triangles[f];
            let (k, _) =
                tri.outside
                    .iter()
                    .enumerate()
                    .fold((0, T::zero()), |(bk, bh), (k, &i)| {
                        let h = tri.height(points, &points[i]);
                        if h > bh {
                            (k, h)
                        } else {
                            (bk, bh)
                        }
                    });
            let p = hull.triangles[f].outside.swap_remove(k);
            let first_new = hull.triangles.len();
            hull.add_point(f, p);
            work.push(f);
            work.extend(first_new..hull.triangles.len());
        }
        Ok(hull.triangles)
    }

    /// Gives point `i` to the triangle among `candidates` it lies farthest
    /// above, unless it lies within ε of the hull: below every candidate's
    /// plane, or above some only by at most ε and within ε of one of those
    /// triangles. (The distance matters, not only the height: beyond a
    /// knife-edge, such as the rim of a thin slab, a point far outside lies
    /// only a little above both faces.)
    fn assign(&mut self, i: usize, candidates: core::ops::Range<usize>) {
        let p = &self.points[i];
        let mut best = NONE;
        let mut best_height = T::zero();
        let mut near = false;
        for f in candidates {
            let t = &self.triangles[f];
            let h = t.height(self.points, p);
            if h > best_height {
                best = f;
                best_height = h;
            }
            if h > T::zero() && h <= self.eps && !near {
                let [a, b, c] = t.v.map(|k| &self.points[k]);
                near = (closest_on_triangle(p, a, b, c) - p).norm() <= self.eps;
            }
        }
        if best != NONE && (best_height > self.eps || !near) {
            self.triangles[best].outside.push(i);
        }
    }

    /// Whether `p` lies strictly above the plane of triangle `t`, exactly.
    #[inline]
    fn sees(&self, t: usize, p: &Point3<T>) -> bool {
        let [a, b, c] = self.triangles[t].v.map(|i| &self.points[i]);
        orient(a, b, c, p) == Ordering::Greater
    }

    /// Adds point `p`, which lies above triangle `f` as computed and more
    /// than ε from the hull: removes the triangles it sees (by the exact
    /// predicate) and covers the hole with a cone to `p`.
    fn add_point(&mut self, f: usize, p: usize) {
        let pp = self.points[p];
        // A triangle p sees: f, unless round-off in its height says otherwise.
        let start = if self.sees(f, &pp) {
            Some(f)
        } else {
            (0..self.triangles.len()).find(|&t| self.triangles[t].alive && self.sees(t, &pp))
        };
        let Some(start) = start else {
            return; // inside after all
        };
        // The triangles p sees: on a convex hull they form a disc around
        // `start`, found by a search through neighbours.
        let mut visible = vec![start];
        let mut touched = vec![start];
        self.mark[start] = VISIBLE;
        let mut k = 0;
        while k < visible.len() {
            let g = visible[k];
            k += 1;
            for h in self.triangles[g].adj {
                if self.mark[h] == UNSEEN {
                    touched.push(h);
                    if self.sees(h, &pp) {
                        self.mark[h] = VISIBLE;
                        visible.push(h);
                    } else {
                        self.mark[h] = HIDDEN;
                    }
                }
            }
        }
        let horizon = self.horizon(&visible);
        let Some(horizon) = self.order_horizon(&horizon) else {
            // Exact predicates on a convex hull never get here (not in the
            // stress tests either); only products of coordinate differences
            // that underflow (points 1e-100 apart in a hull of size 1)
            // could. Dropping the point keeps the topology sound.
            self.clear_marks(&touched);
            return;
        };
        // The cone from the horizon to p.
        let base = self.triangles.len();
        let n = horizon.len();
        for (j, e) in horizon.iter().enumerate() {
            let adj = [e.hidden, base + (j + 1) % n, base + (j + n - 1) % n];
            self.triangles
                .push(Triangle::new(self.points, [e.a, e.b, p], adj));
            self.mark.push(UNSEEN);
            let hidden = &mut self.triangles[e.hidden];
            for s in 0..3 {
                if hidden.v[s] == e.b && hidden.v[(s + 1) % 3] == e.a {
                    hidden.adj[s] = base + j;
                }
            }
        }
        // The points the removed triangles held go to the new ones.
        for &g in &visible {
            self.triangles[g].alive = false;
            let orphans = core::mem::take(&mut self.triangles[g].outside);
            for i in orphans {
                self.assign(i, base..base + n);
            }
        }
        self.clear_marks(&touched);
    }

    fn clear_marks(&mut self, touched: &[usize]) {
        for &h in touched {
            self.mark[h] = UNSEEN;
        }
    }

    /// The edges between visible and hidden triangles, unordered.
    fn horizon(&self, visible: &[usize]) -> Vec<HorizonEdge> {
        let mut horizon = Vec::new();
        for &g in visible {
            let t = &self.triangles[g];
            for k in 0..3 {
                let h = t.adj[k];
                if self.mark[h] != VISIBLE {
                    horizon.push(HorizonEdge {
                        a: t.v[k],
                        b: t.v[(k + 1) % 3],
                        hidden: h,
                    });
                }
            }
        }
        horizon
    }

    /// The horizon edges in loop order, when they form one simple loop
    /// (no vertex where two horizon edges start, one cycle through all).
    fn order_horizon(&mut self, horizon: &[HorizonEdge]) -> Option<Vec<HorizonEdge>> {
        let mut simple = true;
        for (k, e) in horizon.iter().enumerate() {
            if self.horizon_at[e.a] != NONE {
                simple = false;
            }
            self.horizon_at[e.a] = k;
        }
        let mut ordered = Vec::with_capacity(horizon.len());
        if simple && !horizon.is_empty() {
            let mut k = 0;
            loop {
                ordered.push(horizon[k]);
                k = self.horizon_at[horizon[k].b];
                if k == 0 || k == NONE || ordered.len() > horizon.len() {
                    break;
                }
            }
            simple = k == 0 && ordered.len() == horizon.len();
        }
        for e in horizon {
            self.horizon_at[e.a] = NONE;
        }
        simple.then_some(ordered)
    }
}

/// Four input points spanning a tetrahedron, the first three
/// counter-clockwise seen from outside (the fourth behind their plane):
/// the two farthest apart of the six axis-extreme points, the point
/// farthest from their line, and the point farthest from the plane of the
/// three.
fn initial_tetrahedron<T: Real>(points: &[Point3<T>], eps: T) -> Result<[usize; 4], HullError> {
    let mut extremes = [0usize; 6];
    for (i, p) in points.iter().enumerate() {
        for k in 0..3 {
            if p[k] > points[extremes[2 * k]][k] {
                extremes[2 * k] = i;
            }
            if p[k] < points[extremes[2 * k + 1]][k] {
                extremes[2 * k + 1] = i;
            }
        }
    }
    let (mut a, mut b, mut best) = (extremes[0], extremes[1], -T::one());
    for (k, &i) in extremes.iter().enumerate() {
        for &j in &extremes[k + 1..] {
            let d = (points[j] - points[i]).norm();
            if d > best {
                (a, b, best) = (i, j, d);
            }
        }
    }
    if best <= eps {
        return Err(HullError::Coincident);
    }
    let farthest = |distance: &dyn Fn(&Point3<T>) -> T| {
        points
            .iter()
            .enumerate()
            .fold((0, -T::one()), |(bi, bd), (i, p)| {
                let d = distance(p);
                if d > bd {
                    (i, d)
                } else {
                    (bi, bd)
                }
            })
    };
    let (c, off_line) = farthest(&|p| line_distance(p, &points[a], &points[b]));
    if off_line <= eps {
        return Err(HullError::Collinear);
    }
    let (normal, _) = triangle_normal(&points[a], &points[b], &points[c]);
    let (d, off_plane) = farthest(&|p| normal.dot(&(p - points[a])).abs());
    if off_plane <= eps {
        return Err(HullError::Coplanar);
    }
    if orient(&points[a], &points[b], &points[c], &points[d]) == Ordering::Greater {
        Ok([a, c, b, d])
    } else {
        Ok([a, b, c, d])
    }
}

// ---------------------------------------------------------------------------
// The exact orientation predicate
// ---------------------------------------------------------------------------

/// The side of the plane through `a`, `b`, `c` (counter-clockwise seen from
/// above) on which `p` lies: `Greater` above, `Less` below, `Equal` on it,
/// exactly for the given floating-point coordinates.
///
/// The sign of `det[b − a, c − a, p − a]` is computed in floating point
/// and trusted when it exceeds the error bound of that computation
/// (Shewchuk's `orient3d` filter, `(7 + 56u)·u · permanent` with `u` half
/// an epsilon, here rounded up to `8ε`); otherwise it is recomputed exactly
/// in expansion arithmetic (J. R. Shewchuk, "Adaptive Precision
/// Floating-Point Arithmetic and Fast Robust Geometric Predicates", 1997).
fn orient<T: Real>(a: &Point3<T>, b: &Point3<T>, c: &Point3<T>, p: &Point3<T>) -> Ordering {
    let (u, v, w) = (b - a, c - a, p - a);
    let det = u.cross(&v).dot(&w);
    let permanent = ((u.y * v.z).abs() + (u.z * v.y).abs()) * w.x.abs()
        + ((u.z * v.x).abs() + (u.x * v.z).abs()) * w.y.abs()
        + ((u.x * v.y).abs() + (u.y * v.x).abs()) * w.z.abs();
    let bound = T::default_epsilon() * nalgebra::convert(8.0) * permanent;
    if det > bound {
        Ordering::Greater
    } else if det < -bound {
        Ordering::Less
    } else {
        exact::orient(a, b, c, p)
    }
}

/// Expansion arithmetic: a number is a `Vec` of floats, nonoverlapping and
/// increasing in magnitude, whose exact sum it stands for (Shewchuk 1997).
/// Only the rare near-degenerate orientation tests come here.
mod exact {
    use core::cmp::Ordering;

    use nalgebra::Point3;

    use crate::Real;

    /// `a + b = x + y` exactly, `x` the rounded sum.
    #[inline]
    pub(super) fn two_sum<T: Real>(a: T, b: T) -> (T, T) {
        let x = a + b;
        let bv = x - a;
        let av = x - bv;
        (x, (a - av) + (b - bv))
    }

    /// `a · b = x + y` exactly, `x` the rounded product (`mul_add` is fused).
    #[inline]
    fn two_product<T: Real>(a: T, b: T) -> (T, T) {
        let x = a * b;
        (x, a.mul_add(b, -x))
    }

    /// `e + b`, zero components dropped.
    fn grow<T: Real>(e: &mut Vec<T>, b: T) {
        let mut q = b;
        let mut k = 0;
        for i in 0..e.len() {
            let (sum, err) = two_sum(q, e[i]);
            q = sum;
            if err != T::zero() {
                e[k] = err;
                k += 1;
            }
        }
        e.truncate(k);
        if q != T::zero() {
            e.push(q);
        }
    }

    /// `e · f` for two expansions.
    fn product<T: Real>(e: &[T], f: &[T]) -> Vec<T> {
        let mut out = Vec::new();
        for &x in e {
            for &y in f {
                let (hi, lo) = two_product(x, y);
                grow(&mut out, lo);
                grow(&mut out, hi);
            }
        }
        out
    }

    /// `b − a` as an expansion.
    fn difference<T: Real>(b: T, a: T) -> Vec<T> {
        let (hi, lo) = two_sum(b, -a);
        let mut out = Vec::with_capacity(2);
        grow(&mut out, lo);
        grow(&mut out, hi);
        out
    }

    /// The exact sign of `det[b − a, c − a, p − a]`.
    pub(super) fn orient<T: Real>(
        a: &Point3<T>,
        b: &Point3<T>,
        c: &Point3<T>,
        p: &Point3<T>,
    ) -> Ordering {
        let d = |q: &Point3<T>| [0, 1, 2].map(|k| difference(q[k], a[k]));
        let (u, v, w) = (d(b), d(c), d(p));
        let mut det: Vec<T> = Vec::new();
        // det = Σ over even permutations (i, j, k) of u_i (v_j w_k − v_k w_j).
        for (i, j, k) in [(0, 1, 2), (1, 2, 0), (2, 0, 1)] {
            for (x, y, sign) in [(j, k, T::one()), (k, j, -T::one())] {
                for term in product(&product(&u[i], &v[x]), &w[y]) {
                    grow(&mut det, sign * term);
                }
            }
        }
        // The largest component carries the sign of the sum.
        match det.last() {
            Some(&x) if x > T::zero() => Ordering::Greater,
            Some(&x) if x < T::zero() => Ordering::Less,
            _ => Ordering::Equal,
        }
    }
}

// ---------------------------------------------------------------------------
// Merging coplanar triangles into faces
// ---------------------------------------------------------------------------

/// Builds the polyhedron from the triangulated hull: coplanar triangles
/// (within `eps` of the plane of the largest one) become one face, whose
/// boundary loop, stripped of the vertices that lie on only two faces, is
/// the face's vertex loop.
///
/// Fails with [`HullError::Coplanar`] when the regions do not form a
/// polyhedron, which happens only when the hull is thinner than `eps`.
fn merge_coplanar<T: Real>(
    points: &[Point3<T>],
    all: &[Triangle<T>],
    eps: T,
) -> Result<(ConvexPolyhedron<T>, Vec<usize>), HullError> {
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
    let edges = edge_vertices
        .iter()
        .zip(&edge_faces)
        .map(|(&[a, b], &[left, right])| Edge {
            direction: (vertices[b] - vertices[a]).normalize(),
            faces: Some([normals[left].into_inner(), normals[right].into_inner()]),
        })
        .collect();

    let mut extremes = [0usize; 6];
    for (i, p) in vertices.iter().enumerate() {
        for k in 0..3 {
            if p[k] > vertices[extremes[2 * k]][k] {
                extremes[2 * k] = i;
            }
            if p[k] < vertices[extremes[2 * k + 1]][k] {
                extremes[2 * k + 1] = i;
            }
        }
    }

    let packed_vertices = pack_points(&vertices);
    let packed_normals = Packed3::new(&normals.iter().map(|n| n.into_inner()).collect::<Vec<_>>());
    Ok((
        ConvexPolyhedron {
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
            inner_centre: Point3::origin(),
            inner_radius: T::zero(),
            reach: T::zero(),
            edge_records: Vec::new(),
        },
        input,
    ))
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
struct Regions<'a, T: Real> {
    points: &'a [Point3<T>],
    tris: &'a [&'a Triangle<T>],
    adj: &'a [[usize; 3]],
    eps: T,
    /// The region of each triangle, or `NONE`.
    region: Vec<usize>,
    /// Per input point, the next and previous boundary vertex of the region
    /// being grown, and which region's boundary it was last on.
    next: Vec<usize>,
    prev: Vec<usize>,
    on: Vec<usize>,
}

impl<'a, T: Real> Regions<'a, T> {
    /// The seed triangle and the counter-clockwise boundary loop (input
    /// indices) of each face.
    fn grow(
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
    fn grow_one(&mut self, s: usize, r: usize) -> Result<Vec<usize>, HullError> {
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
    fn grow_region(
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
    fn try_join(&mut self, u: usize, s: usize, r: usize, strict: bool) -> bool {
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
    fn convex(&self, p: usize, a: usize, c: usize, n: &Vector3<T>) -> bool {
        let (p, a, c) = (&self.points[p], &self.points[a], &self.points[c]);
        (a - p).cross(&(c - a)).dot(n) >= -self.eps * (c - p).norm()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The stored ball lies inside the hull (on the inner side of every face
    // plane by at least its radius), and the climb never ends below where
    // it started, the vertices' mean.
    #[test]
    fn inner_ball_is_inside_and_no_smaller_than_at_the_mean() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1_u64 << 53) as f64 * 2.0 - 1.0
        };
        for round in 0..200 {
            let stretch = [1.0, 0.3, 0.05][round % 3];
            let points: Vec<Point3<f64>> = (0..4 + round % 40)
                .map(|_| Point3::new(next(), next() * stretch, next()))
                .collect();
            let Ok(hull) = ConvexPolyhedron::from_hull(&points) else {
                continue;
            };
            let (c, r) = hull.inner_ball();
            assert!(r > 0.0, "round {round}: radius {r}");
            for (n, &o) in hull.normals().iter().zip(hull.offsets()) {
                assert!(o - n.dot(&c.coords) >= r - 1e-12, "round {round}");
            }
            let mean = hull
                .vertices()
                .iter()
                .map(|v| v.coords)
                .sum::<Vector3<f64>>()
                / hull.vertices().len() as f64;
            let at_mean = hull
                .normals()
                .iter()
                .zip(hull.offsets())
                .map(|(n, &o)| o - n.dot(&mean))
                .fold(f64::INFINITY, f64::min);
            assert!(r >= at_mean, "round {round}: {r} < {at_mean}");
        }
    }
}
