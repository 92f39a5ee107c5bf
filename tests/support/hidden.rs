//! [`Hidden`]: a box that does not answer the box hooks, so that every
//! query on it runs the generic paths (the engine, the generic clipping,
//! the min-norm iteration): the reference the box paths are compared with.

use nalgebra::{Point, SVector, Unit};
use separating_axis::{Edge, Obb, Real, Shape, Support};

/// A box that hides `as_obb_ref` and `as_obb`: the generic paths.
pub struct Hidden<T: Real, const N: usize>(pub Obb<T, N>);

impl<T: Real, const N: usize> Support<T, N> for Hidden<T, N> {
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        self.0.local_support_point(dir)
    }
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        self.0.local_support_value(dir)
    }
}

impl<T: Real, const N: usize> Shape<T, N> for Hidden<T, N> {
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
