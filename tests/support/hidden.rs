//! [`Hidden`]: a box or polygon that does not answer the shape hooks
//! (`as_obb_ref`, `as_obb`, `as_polygon`), so that every query on it runs
//! the generic paths (the engine, the generic clipping, the min-norm
//! iteration): the reference the specialised paths are compared with.

use nalgebra::{Point, SVector, Unit};
use separating_axis::{Edge, Real, Shape, Support};

/// A shape with its hooks hidden: the generic paths.
pub struct Hidden<S>(pub S);

impl<T: Real, const N: usize, S: Support<T, N>> Support<T, N> for Hidden<S> {
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        self.0.local_support_point(dir)
    }
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        self.0.local_support_value(dir)
    }
}

impl<T: Real, const N: usize, S: Shape<T, N>> Shape<T, N> for Hidden<S> {
    fn face_count(&self) -> usize {
        self.0.face_count()
    }
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        self.0.local_face_normal(i)
    }
    fn local_face_offset(&self, i: usize) -> T {
        self.0.local_face_offset(i)
    }
    fn face_vertex_count(&self, i: usize) -> usize {
        self.0.face_vertex_count(i)
    }
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        self.0.face_vertex(i, k)
    }
    fn local_incident_face(&self, dir: &SVector<T, N>) -> Option<usize> {
        self.0.local_incident_face(dir)
    }
    fn edge_count(&self) -> usize {
        self.0.edge_count()
    }
    fn local_edge(&self, i: usize) -> Edge<T, N> {
        self.0.local_edge(i)
    }
    fn core_vertex_count(&self) -> usize {
        self.0.core_vertex_count()
    }
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        self.0.local_core_vertex(i)
    }
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        self.0.local_core_closest_point(p)
    }
    fn local_core_farthest_point(&self, p: &Point<T, N>) -> Option<Point<T, N>> {
        self.0.local_core_farthest_point(p)
    }
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        self.0.local_contains_point(p)
    }
}
