//! The shape trait the SAT engine works with, and the built-in shapes.
//!
//! | shape | dimensions | candidate axes it supplies |
//! |---|---|---|
//! | [`ConvexPolygon`] | 2 | its edge normals |
//! | [`Aabb`] | any `N` | `±eᵢ`; in 3D its three edge directions |
//! | [`Obb`] | any `N` | `±` its rotation's columns; in 3D those columns as edge directions |
//! | [`Ball`] | any `N` | the axis from its centre to the other shape's nearest core point |
//! | [`ConvexPolyhedron`] | 3 | its face normals; its edges with their faces, for Gauss-map pruned edge pairs |
//! | [`Capsule`] | any `N` | 2D: its two normals; 3D: its direction as an edge; the axes between its segment and the other shape's nearest core points |

mod aabb;
mod ball;
mod capsule;
mod obb;
mod packed;
mod polygon;
mod polyhedron;
mod reach;

pub use aabb::Aabb;
pub use ball::{Ball, Circle, Sphere};
pub(crate) use capsule::closest_on_segment;
pub use capsule::Capsule;
pub use obb::{Obb, Obb2, Obb3};
pub use polygon::ConvexPolygon;
pub use polyhedron::{ConvexPolyhedron, HullError};
pub(crate) use polyhedron::{EdgeRecord, Link, Plane};
pub(crate) use reach::reach;

use nalgebra::{Point, SVector, Unit};

use crate::{Real, Support};

/// A convex shape the SAT engine can test: a support mapping plus the
/// candidate axes the shape contributes, all in the shape's local frame.
///
/// Every shape is a convex *core* dilated by a ball of some
/// [`radius`](Shape::radius): a polytope is its own core with radius 0, a
/// ball is its centre dilated by its radius, a capsule its segment. A shape
/// lists the outward unit normals of its core's faces, in 3D its core's
/// edges, and its core's vertices. When a shape is rounded (radius above
/// zero) the engine adds the axes between the two cores' nearest points.
/// These axes give an exact answer in 2D and 3D between any two built-in
/// shapes (docs/sat-proof.md, §4–5), and for any shape that is a convex
/// polytope core dilated by a ball and lists all of its core's faces,
/// edges (3D) and vertices.
///
/// **Check a custom shape with [`validate_shape`](crate::validate_shape)**
/// in its tests: the engine trusts what a shape lists and cannot see what
/// it leaves out. A missing face normal can turn an overlap into "apart";
/// a 3D polytope that keeps the default [`edge_count`](Shape::edge_count)
/// of 0 gets no edge–edge axes and silently over-estimates the depth of
/// edge-to-edge contacts ([`ContractError::MissingEdges`](crate::ContractError::MissingEdges);
/// tests/custom_shapes.rs::unlisted_edges_overestimate_depth). To round a
/// shape, wrap it in [`Rounded`](crate::Rounded) rather than adding a
/// radius by hand; `examples/custom_shape.rs` builds a rounded rectangle
/// and a triangular prism (docs/ecosystem.md, "Custom shapes").
///
/// Implementing it for a custom shape (the queries need nothing more; for
/// multi-point [contact manifolds](crate::contact_manifold) a polytope also
/// lists its faces' vertices through
/// [`face_vertex_count`](Shape::face_vertex_count) and
/// [`face_vertex`](Shape::face_vertex), or answers [`as_obb`](Shape::as_obb);
/// without them its face contacts are one point):
///
/// ```
/// use nalgebra::{Point2, Unit, Vector2};
/// use separating_axis::{intersects, Pose2, Shape, Support};
///
/// /// The unit square [0, 1]², written by hand.
/// struct UnitSquare;
///
/// impl Support<f64, 2> for UnitSquare {
///     fn local_support_point(&self, d: &Vector2<f64>) -> Point2<f64> {
///         Point2::new(if d.x > 0.0 { 1.0 } else { 0.0 }, if d.y > 0.0 { 1.0 } else { 0.0 })
///     }
/// }
///
/// impl Shape<f64, 2> for UnitSquare {
///     fn face_count(&self) -> usize { 4 }
///     fn local_face_normal(&self, i: usize) -> Unit<Vector2<f64>> {
///         let n = [Vector2::x(), Vector2::y(), -Vector2::x(), -Vector2::y()];
///         Unit::new_unchecked(n[i % 4])
///     }
///     fn core_vertex_count(&self) -> usize { 4 }
///     fn local_core_vertex(&self, i: usize) -> Point2<f64> {
///         Point2::new((i & 1) as f64, ((i >> 1) & 1) as f64)
///     }
///     fn local_core_closest_point(&self, p: &Point2<f64>) -> Point2<f64> {
///         Point2::new(p.x.clamp(0.0, 1.0), p.y.clamp(0.0, 1.0))
///     }
///     fn local_contains_point(&self, p: &Point2<f64>) -> bool {
///         (0.0..=1.0).contains(&p.x) && (0.0..=1.0).contains(&p.y)
///     }
/// }
///
/// let near = Pose2::translation(0.5, 0.5);
/// let far = Pose2::translation(2.0, 0.0);
/// assert!(intersects(&UnitSquare, &Pose2::identity(), &UnitSquare, &near));
/// assert!(!intersects(&UnitSquare, &Pose2::identity(), &UnitSquare, &far));
/// ```
pub trait Shape<T: Real, const N: usize>: Support<T, N> {
    /// How many face normals the shape contributes as candidate axes.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.face_count(), 4);
    /// ```
    #[must_use]
    fn face_count(&self) -> usize;

    /// The outward unit normal of face `i`, for `i < face_count()`.
    ///
    /// The engine only asks for `i < face_count()`; what an implementation
    /// returns beyond that is its own choice, but it must not panic.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.local_face_normal(1).into_inner(), Vector2::y()); // faces 0..N: +eᵢ
    /// ```
    #[must_use]
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>>;

    /// The support value along face `i`'s normal, `h(nᵢ)`: the face's
    /// distance from the local origin. The default computes it from the
    /// support mapping; shapes that store it (polygons, polyhedra) return
    /// it directly, which saves the engine one support scan per face axis.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.local_face_offset(0), 2.0); // the +x side lies at x = 2
    /// ```
    #[inline]
    #[must_use]
    fn local_face_offset(&self, i: usize) -> T {
        self.local_support_value(&self.local_face_normal(i))
    }

    /// How many core vertices face `i` lists, for `i < face_count()`; 0
    /// (the default) when the shape does not list them. Clipping needs
    /// them: [`contact_manifold`](crate::contact_manifold) clips the
    /// incident face against the reference face's side planes and names
    /// contact points by these vertices.
    ///
    /// What a shape gets by answering: clipped contacts on its faces, up
    /// to two points in 2D and four in 3D (a box resting on the shape, a
    /// capsule lying on it); by keeping the default, one point, at its
    /// support point along the normal, whenever one of its faces would be
    /// the reference (docs/manifolds.md). A shape that answers only
    /// [`as_obb`](Shape::as_obb) is clipped as that box. [`ConvexPolygon`],
    /// [`Obb`], [`Aabb`] and [`Capsule`] (its segment, both ways) answer in
    /// 2D; [`ConvexPolyhedron`] (its face loops), [`Obb`] and [`Aabb`]
    /// (four corners a face) in 3D; [`Ball`] has no faces, nor does a
    /// capsule in 3D (clipping takes its segment as it is).
    ///
    /// ```
    /// use nalgebra::{Point3, Vector3};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point3::new(-1.0, -2.0, -3.0), Point3::new(1.0, 2.0, 3.0)).unwrap();
    /// // Face 2 is the +z side: four corners, counter-clockwise from outside.
    /// assert_eq!(b.local_face_normal(2).into_inner(), Vector3::z());
    /// assert_eq!(b.face_vertex_count(2), 4);
    /// let corner = |k| b.local_core_vertex(b.face_vertex(2, k));
    /// assert_eq!(corner(0), Point3::new(-1.0, -2.0, 3.0));
    /// assert_eq!(corner(1), Point3::new(1.0, -2.0, 3.0));
    /// assert_eq!(corner(2), Point3::new(1.0, 2.0, 3.0));
    /// ```
    #[inline]
    #[must_use]
    fn face_vertex_count(&self, _i: usize) -> usize {
        0
    }

    /// The core vertex ([`local_core_vertex`](Shape::local_core_vertex)
    /// index) of the `k`-th vertex of face `i`, for
    /// `k < face_vertex_count(i)`. In 3D the loop runs counter-clockwise
    /// seen from outside (along the outward normal
    /// [`local_face_normal(i)`](Shape::local_face_normal), the right-hand
    /// rule gives that normal). In 2D a face is an edge: `k = 0` is the
    /// vertex where it begins and `k = 1` the one where it ends,
    /// counter-clockwise (the normal turned by +90° points from the first
    /// to the second).
    ///
    /// Never called when [`face_vertex_count`](Shape::face_vertex_count)
    /// is 0; the default answers 0. It must not panic for any `i`, `k`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(-1.0, -2.0), Point2::new(1.0, 2.0)).unwrap();
    /// // Face 0 is the +x side, walked counter-clockwise (upwards).
    /// assert_eq!(b.local_face_normal(0).into_inner(), Vector2::x());
    /// assert_eq!(b.face_vertex_count(0), 2);
    /// assert_eq!(b.local_core_vertex(b.face_vertex(0, 0)), Point2::new(1.0, -2.0));
    /// assert_eq!(b.local_core_vertex(b.face_vertex(0, 1)), Point2::new(1.0, 2.0));
    /// ```
    #[inline]
    #[must_use]
    fn face_vertex(&self, _i: usize, _k: usize) -> usize {
        0
    }

    /// The face whose outward normal is most anti-parallel to `dir` (the
    /// smallest `nᵢ · dir`, the first of equals), `None` when the shape
    /// lists no faces. [`contact_manifold`](crate::contact_manifold) takes
    /// it as the incident face against a reference face of normal `−dir`.
    /// The default scans the [face normals](Shape::local_face_normal); a
    /// shape with many faces may answer faster.
    ///
    /// ```
    /// use nalgebra::{Point3, Vector3};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
    /// // Against a reference face pointing down (−z), the top face (+z, face 2).
    /// assert_eq!(b.local_incident_face(&Vector3::new(0.1, 0.0, -1.0)), Some(2));
    /// ```
    #[must_use]
    fn local_incident_face(&self, dir: &SVector<T, N>) -> Option<usize> {
        let mut best: Option<(usize, T)> = None;
        for i in 0..self.face_count() {
            let d = self.local_face_normal(i).dot(dir);
            if best.as_ref().is_none_or(|(_, b)| d < *b) {
                best = Some((i, d));
            }
        }
        best.map(|(i, _)| i)
    }

    /// How many edges the shape lists for the edge–edge axes. Only 3D
    /// shapes list edges; the engine ignores them in other dimensions. The
    /// default is none, which is right for a ball and wrong for any 3D
    /// shape with faces: without its edges the engine tests no edge–edge
    /// axis and over-estimates the depth of edge-to-edge contacts, with no
    /// error. [`validate_shape`](crate::validate_shape) reports it as
    /// [`ContractError::MissingEdges`](crate::ContractError::MissingEdges).
    /// One edge per direction (without faces) is enough, as boxes list
    /// theirs.
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{Aabb, Ball, Shape};
    ///
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
    /// assert_eq!(b.edge_count(), 3); // one per direction
    /// assert_eq!(Ball::new(Point3::origin(), 1.0).unwrap().edge_count(), 0);
    /// ```
    #[inline]
    #[must_use]
    fn edge_count(&self) -> usize {
        0
    }

    /// Edge `i`, for `i < edge_count()`. The default (never called when
    /// `edge_count()` is 0) is a zero edge, which the engine skips.
    ///
    /// ```
    /// use nalgebra::{Point3, Vector3};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
    /// assert_eq!(b.local_edge(0).direction, Vector3::x());
    /// ```
    #[inline]
    #[must_use]
    fn local_edge(&self, _i: usize) -> Edge<T, N> {
        Edge {
            direction: SVector::zeros(),
            faces: None,
        }
    }

    /// How many vertices the core has: a polytope's vertices, a ball's
    /// centre (1), a capsule's two endpoints.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.core_vertex_count(), 4);
    /// ```
    #[must_use]
    fn core_vertex_count(&self) -> usize;

    /// Vertex `i` of the core, for `i < core_vertex_count()`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.local_core_vertex(3), Point2::new(2.0, 1.0)); // bit k set: the max side of axis k
    /// ```
    #[must_use]
    fn local_core_vertex(&self, i: usize) -> Point<T, N>;

    /// The rounding radius: the shape is its core dilated by a ball of this
    /// radius. Zero (the default) for polytopes.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(Shape::radius(&b), 0.0); // a polytope is its own core
    /// ```
    #[inline]
    #[must_use]
    fn radius(&self) -> T {
        T::zero()
    }

    /// The point of the shape's core nearest to `p`: for a polytope, the
    /// nearest point of the solid polytope (so `p` itself when `p` is
    /// inside); for a ball, its centre; for a capsule, the nearest point of
    /// its segment.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.local_core_closest_point(&Point2::new(5.0, 0.5)), Point2::new(2.0, 0.5));
    /// assert_eq!(b.local_core_closest_point(&Point2::new(1.0, 0.5)), Point2::new(1.0, 0.5)); // inside: itself
    /// ```
    #[must_use]
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N>;

    /// A point of the core farthest from `p` (a core vertex), `None` when
    /// the core lists no vertices. Containment in a ball asks for it. The
    /// default scans the core vertices; boxes override it with one choice
    /// per axis, so that no query walks their `2ᴺ` corners
    /// (tests/containment.rs::box_in_a_ball_in_64_dimensions).
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert_eq!(b.local_core_farthest_point(&Point2::new(0.1, 0.1)), Some(Point2::new(2.0, 1.0)));
    /// ```
    #[must_use]
    fn local_core_farthest_point(&self, p: &Point<T, N>) -> Option<Point<T, N>> {
        let mut best: Option<(T, Point<T, N>)> = None;
        for i in 0..self.core_vertex_count() {
            let v = self.local_core_vertex(i);
            let d = (v - p).norm_squared();
            if best.as_ref().is_none_or(|(b, _)| d > *b) {
                best = Some((d, v));
            }
        }
        best.map(|(_, v)| v)
    }

    /// Whether `p` lies in the closed shape (the boundary counts as inside).
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{Aabb, Shape};
    ///
    /// let b = Aabb::new(Point2::new(0.0, 0.0), Point2::new(2.0, 1.0)).unwrap();
    /// assert!(b.local_contains_point(&Point2::new(2.0, 1.0))); // the boundary counts
    /// assert!(!b.local_contains_point(&Point2::new(2.5, 0.0)));
    /// ```
    #[must_use]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool;

    /// The shape as an oriented box, when it is one: the queries then take
    /// the box–box path ([`pair::obb_obb`](crate::pair::obb_obb)) for a
    /// pair of boxes, whatever their types. An opt-in fast path, in the
    /// style of kurbo's `Shape::as_rect`: [`Aabb`] answers the same box
    /// with the identity rotation, and a user's box type may answer too.
    /// The box must be the shape's exact point set (same local frame), or
    /// the answers are the box's. No `Any`, no `'static`: it works through
    /// `&dyn Shape` (tests/dyn_shapes.rs::fast_paths_fire_through_dyn).
    ///
    /// The default lends [`as_obb_ref`](Shape::as_obb_ref)'s box by copy,
    /// so a shape that stores an [`Obb`] implements only that one.
    ///
    /// ```
    /// use nalgebra::{Point2, Rotation2, Vector2};
    /// use separating_axis::{separation, Obb, Pose2, Shape, Support};
    ///
    /// /// An engine's own box: the [`Obb`] it stands for, built on request.
    /// struct Crate { half: Vector2<f64> }
    /// impl Crate {
    ///     fn obb(&self) -> Obb<f64, 2> {
    ///         Obb::new(Point2::origin(), Rotation2::identity(), self.half).unwrap()
    ///     }
    /// }
    /// impl Support<f64, 2> for Crate {
    ///     fn local_support_point(&self, d: &Vector2<f64>) -> Point2<f64> {
    ///         self.obb().local_support_point(d)
    ///     }
    /// }
    /// impl Shape<f64, 2> for Crate {
    ///     fn face_count(&self) -> usize { 4 }
    ///     fn local_face_normal(&self, i: usize) -> nalgebra::Unit<Vector2<f64>> {
    ///         self.obb().local_face_normal(i)
    ///     }
    ///     fn core_vertex_count(&self) -> usize { 4 }
    ///     fn local_core_vertex(&self, i: usize) -> Point2<f64> { self.obb().local_core_vertex(i) }
    ///     fn local_core_closest_point(&self, p: &Point2<f64>) -> Point2<f64> {
    ///         self.obb().local_core_closest_point(p)
    ///     }
    ///     fn local_contains_point(&self, p: &Point2<f64>) -> bool { self.obb().local_contains_point(p) }
    ///     // The opt-in: pairs of crates take the box–box path.
    ///     fn as_obb(&self) -> Option<Obb<f64, 2>> { Some(self.obb()) }
    /// }
    ///
    /// let c = Crate { half: Vector2::new(1.0, 0.5) };
    /// let pose_b = Pose2::new(Vector2::new(1.5, 0.8), 0.3);
    /// // The same answer, bit for bit, as the two boxes themselves.
    /// let ours = separation(&c, &Pose2::identity(), &c, &pose_b);
    /// let boxes = separation(&c.obb(), &Pose2::identity(), &c.obb(), &pose_b);
    /// assert_eq!(ours, boxes);
    /// ```
    #[inline]
    #[must_use]
    fn as_obb(&self) -> Option<Obb<T, N>> {
        self.as_obb_ref().copied()
    }

    /// The shape's stored oriented box, lent without a copy, when it holds
    /// one: [`Obb`] answers itself. The queries ask this hook first and
    /// [`as_obb`](Shape::as_obb) only when it says `None`: a lent box
    /// saves copying two boxes out by value on every query
    /// (docs/benchmarks.md, "Queries through `dyn`"). The default is `None`.
    ///
    /// ```
    /// use nalgebra::{Point2, Rotation2, Vector2};
    /// use separating_axis::{Ball, Obb, Shape};
    ///
    /// let b = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(1.0, 2.0)).unwrap();
    /// assert_eq!(b.as_obb_ref(), Some(&b));
    /// assert!(Ball::new(Point2::origin(), 1.0).unwrap().as_obb_ref().is_none());
    /// ```
    #[inline]
    #[must_use]
    fn as_obb_ref(&self) -> Option<&Obb<T, N>> {
        None
    }

    /// The shape as a convex polygon (2D), when it is one: a pair of them
    /// takes [`pair::polygon_polygon`](crate::pair::polygon_polygon).
    /// The default is `None`; [`ConvexPolygon`] answers itself.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Ball, ConvexPolygon, Shape};
    ///
    /// let tri = ConvexPolygon::new(&[Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0)]).unwrap();
    /// assert_eq!(tri.as_polygon(), Some(&tri));
    /// assert!(Ball::new(Point2::origin(), 1.0).unwrap().as_polygon().is_none());
    /// ```
    #[inline]
    #[must_use]
    fn as_polygon(&self) -> Option<&ConvexPolygon<T>> {
        None
    }

    /// The shape as a ball, when it is one: a circle against a convex
    /// polygon takes [`pair::polygon_ball`](crate::pair::polygon_ball), in
    /// either order. The default is `None`; [`Ball`] answers itself.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{Ball, ConvexPolygon, Shape};
    ///
    /// let c = Ball::new(Point2::origin(), 1.0).unwrap();
    /// assert_eq!(c.as_ball(), Some(&c));
    /// let tri = ConvexPolygon::new(&[Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0)]).unwrap();
    /// assert!(tri.as_ball().is_none());
    /// ```
    #[inline]
    #[must_use]
    fn as_ball(&self) -> Option<&Ball<T, N>> {
        None
    }

    /// The shape as a convex polyhedron (3D), when it is one: a pair of
    /// them takes [`pair::polyhedron_polyhedron`](crate::pair::polyhedron_polyhedron).
    /// The default is `None`; [`ConvexPolyhedron`] answers itself.
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{Ball, ConvexPolyhedron, Shape};
    ///
    /// let tet = ConvexPolyhedron::from_hull(&[
    ///     Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 0.0, 0.0),
    ///     Point3::new(0.0, 1.0, 0.0), Point3::new(0.0, 0.0, 1.0),
    /// ]).unwrap();
    /// assert_eq!(tet.as_polyhedron(), Some(&tet));
    /// assert!(Ball::new(Point3::origin(), 1.0).unwrap().as_polyhedron().is_none());
    /// ```
    #[inline]
    #[must_use]
    fn as_polyhedron(&self) -> Option<&ConvexPolyhedron<T>> {
        None
    }
}

/// An edge of a 3D shape, as the engine needs it for edge–edge axes.
///
/// A box lists one edge per direction and no faces: the engine then tests
/// the cross product of every pair of edge directions, both ways. A
/// polyhedron lists every edge with the outward normals of its two faces:
/// the engine then tests only the pairs whose arcs cross on the Gauss map
/// (the pairs that form a face of `A − B`, docs/sat-proof.md §10).
///
/// ```
/// use nalgebra::{Point3, Vector3};
/// use separating_axis::{Aabb, Shape};
///
/// let b = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
/// // A box lists one edge per direction, without faces.
/// assert_eq!(b.edge_count(), 3);
/// assert_eq!(b.local_edge(2).direction, Vector3::z());
/// assert!(b.local_edge(2).faces.is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Edge<T: Real, const N: usize> {
    /// Unit direction of the edge: either way along it when `faces` is
    /// `None`, `faces[0] × faces[1]` normalised otherwise.
    pub direction: SVector<T, N>,
    /// The outward unit normals of the two faces that meet at the edge, when
    /// the shape knows them, ordered so that `direction` is the normalised
    /// `faces[0] × faces[1]` (the Gauss-map test relies on it).
    pub faces: Option<[SVector<T, N>; 2]>,
}

/// The box a shape answers, in the order the queries ask: the stored box
/// ([`Shape::as_obb_ref`], copied) first, else the one it builds
/// ([`Shape::as_obb`]). For code that keeps the box; a pair path lends it
/// instead (`pair::with_boxes`).
#[inline]
pub(crate) fn obb_of<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(
    shape: &S,
) -> Option<Obb<T, N>> {
    shape.as_obb_ref().copied().or_else(|| shape.as_obb())
}

pub(crate) use crate::validate::{
    as_f64, check_coordinates, check_dimension, check_finite_point, check_point_in_range,
    check_size,
};

/// Corner `i` of the box `centre + frame · (±h)`: bit `k` of `i` picks the
/// sign along axis `k` (set: `+hₖ`; axes beyond the bits of `usize` take
/// `−hₖ`).
#[inline]
pub(crate) fn box_corner<T: Real, const N: usize>(
    i: usize,
    half_extents: &SVector<T, N>,
) -> SVector<T, N> {
    SVector::from_fn(|k, _| {
        // Bits beyond the width of `usize` are 0: a shift by `k >= 64`
        // would overflow.
        let bit = u32::try_from(k)
            .ok()
            .and_then(|k| i.checked_shr(k))
            .unwrap_or(0);
        if bit & 1 == 1 {
            half_extents[k]
        } else {
            -half_extents[k]
        }
    })
}

/// How many corners face `i` of a box lists: 2 in 2D (`i < 4`), 4 in 3D
/// (`i < 6`), none otherwise.
#[inline]
pub(crate) fn box_face_vertex_count<const N: usize>(i: usize) -> usize {
    match N {
        2 if i < 4 => 2,
        3 if i < 6 => 4,
        _ => 0,
    }
}

/// Corner `k` of face `i` of a box (face `i < N`: `+eᵢ`, else `−e_{i−N}`),
/// as a [`box_corner`] index: in 2D the edge counter-clockwise, in 3D the
/// four corners counter-clockwise seen from outside. 0 beyond 3D.
#[inline]
pub(crate) fn box_face_vertex<const N: usize>(i: usize, k: usize) -> usize {
    // Corner bit k set: +hₖ. 2D: face +x runs from (+, −) to (+, +), and so
    // on counter-clockwise.
    const FACES_2D: [[usize; 2]; 4] = [[1, 3], [3, 2], [2, 0], [0, 1]];
    // 3D, face ±e_a with b = a + 1, c = a + 2 (mod 3), so that
    // e_b × e_c = e_a: the signs of (b, c) counter-clockwise about +e_a.
    const SQUARE: [(bool, bool); 4] = [(false, false), (true, false), (true, true), (false, true)];
    match N {
        2 => FACES_2D[i % 4][k % 2],
        3 => {
            let i = i % 6;
            let (a, plus) = if i < 3 { (i, true) } else { (i - 3, false) };
            // Seen from −e_a the same loop runs the other way.
            let k = if plus { k % 4 } else { 3 - k % 4 };
            let (sb, sc) = SQUARE[k];
            (usize::from(plus) << a)
                | (usize::from(sb) << ((a + 1) % 3))
                | (usize::from(sc) << ((a + 2) % 3))
        }
        _ => 0,
    }
}

/// `+1` for non-negative `x`, `-1` otherwise: the side a support point takes.
#[inline]
pub(crate) fn sign_or_plus<T: Real>(x: T) -> T {
    if x < T::zero() {
        -T::one()
    } else {
        T::one()
    }
}

/// The first coordinate axis `e₀`, for directions that are not defined.
#[inline]
pub(crate) fn first_axis<T: Real, const N: usize>() -> SVector<T, N> {
    SVector::from_fn(|i, _| if i == 0 { T::one() } else { T::zero() })
}

/// How many corners a box in `N` dimensions lists: `2ᴺ`, saturating at
/// `usize::MAX` for `N >= usize::BITS` (no query walks them: see
/// [`Shape::local_core_farthest_point`]).
#[inline]
pub(crate) fn box_corner_count<const N: usize>() -> usize {
    u32::try_from(N)
        .ok()
        .and_then(|n| 1usize.checked_shl(n))
        .unwrap_or(usize::MAX)
}

/// The corner of the box `centre + frame · (±h)` farthest from a point whose
/// offset from the centre, in the box's axes, is `q`: on each axis the end
/// opposite to `q` (`+hₖ` on a tie).
#[inline]
pub(crate) fn box_far_corner<T: Real, const N: usize>(
    q: &SVector<T, N>,
    half_extents: &SVector<T, N>,
) -> SVector<T, N> {
    SVector::from_fn(|k, _| sign_or_plus(-q[k]) * half_extents[k])
}

/// Checks every half extent of a box: finite, positive, within the range
/// ([`check_size`] with `field = "half extent"` and the axis as index).
pub(crate) fn check_half_extents<T: Real, const N: usize>(
    half_extents: &SVector<T, N>,
) -> Result<(), crate::ShapeError> {
    for (axis, &h) in half_extents.iter().enumerate() {
        check_size(
            h,
            "half extent",
            axis,
            crate::ShapeError::NonPositiveExtent { axis },
        )?;
    }
    Ok(())
}
