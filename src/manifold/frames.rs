//! What the clipping of every dimension shares: [`Frames`] (the poses,
//! the SAT answer in A's frame, the radii; turning a clipped point into a
//! contact point) and [`Faces`] (a shape's faces, or those of the box it
//! answers).

use nalgebra::{Point, SVector};

use super::{ContactFeature, ContactId, ContactPoint, Manifold, Side};
use crate::{Obb, Pose, Real, Shape};

/// The poses, the SAT answer in A's frame and the radii every point is
/// placed with.
pub(super) struct Frames<'p, T: Real, const N: usize> {
    pub(super) pose_a: &'p Pose<T, N>,
    pub(super) pose_b: &'p Pose<T, N>,
    /// B's pose in A's local frame, computed on first use
    /// ([`Frames::pose_ab`]): the box face path never reads it.
    pub(super) pose_ab: core::cell::OnceCell<Pose<T, N>>,
    /// The SAT axis in A's local frame (from A towards B).
    pub(super) normal: SVector<T, N>,
    /// The SAT distance.
    pub(super) distance: T,
    pub(super) radius_a: T,
    pub(super) radius_b: T,
}

impl<T: Real, const N: usize> Frames<'_, T, N> {
    /// B's pose in A's local frame, `pose_a⁻¹ · pose_b`.
    #[inline]
    pub(super) fn pose_ab(&self) -> &Pose<T, N> {
        self.pose_ab
            .get_or_init(|| self.pose_a.inv_mul(self.pose_b))
    }

    /// Pushes a clipped point onto `m`: `p` (A's frame) on the incident
    /// feature, `height` above the reference face of `side`, whose
    /// outward normal is `ref_normal`; the point on the reference shape is
    /// `p` brought down to that face (out by its radius), the point on the
    /// incident shape `p` moved in by the incident radius; the features
    /// `on_reference` and `on_incident` make its id. Shared by the 2D and
    /// 3D clipping.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_clipped(
        &self,
        m: &mut Manifold<T, N>,
        side: Side,
        p: Point<T, N>,
        ref_normal: &SVector<T, N>,
        height: T,
        separation: T,
        on_reference: ContactFeature,
        on_incident: ContactFeature,
    ) {
        let (r_ref, r_inc) = match side {
            Side::A => (self.radius_a, self.radius_b),
            Side::B => (self.radius_b, self.radius_a),
        };
        let on_inc = p - ref_normal * r_inc;
        let on_ref = p - ref_normal * (height - r_ref);
        let (on_a, on_b, id) = match side {
            Side::A => (
                on_ref,
                on_inc,
                ContactId {
                    a: on_reference,
                    b: on_incident,
                },
            ),
            Side::B => (
                on_inc,
                on_ref,
                ContactId {
                    a: on_incident,
                    b: on_reference,
                },
            ),
        };
        m.push(self.point(separation, on_a, on_b, id));
    }

    /// The contact point of the surface points `on_a`, `on_b` given in A's
    /// local frame.
    pub(super) fn point(
        &self,
        separation: T,
        on_a: Point<T, N>,
        on_b: Point<T, N>,
        id: ContactId,
    ) -> ContactPoint<T, N> {
        ContactPoint {
            separation,
            on_a: self.pose_a * on_a,
            on_b: self.pose_a * on_b,
            local_a: on_a,
            local_b: self.pose_ab().inverse_transform_point(&on_b),
            id,
        }
    }
}

/// A shape's faces as clipping needs them: its own
/// [`Shape::face_vertex_count`] and [`Shape::face_vertex`], or those of the
/// box it answers through [`Shape::as_obb_ref`] / [`Shape::as_obb`].
pub(super) struct Faces<'s, T: Real, S: Shape<T, N> + ?Sized, const N: usize> {
    shape: &'s S,
    obb: Option<Obb<T, N>>,
}

impl<'s, T: Real, S: Shape<T, N> + ?Sized, const N: usize> Faces<'s, T, S, N> {
    /// `None` when the shape lists no face vertices (nor is a box).
    pub(super) fn new(shape: &'s S) -> Option<Self> {
        if shape.face_count() > 0 && shape.face_vertex_count(0) > 0 {
            return Some(Self { shape, obb: None });
        }
        let obb = crate::shape::obb_of(shape)?;
        (obb.face_vertex_count(0) > 0).then_some(Self {
            shape,
            obb: Some(obb),
        })
    }

    pub(super) fn count(&self) -> usize {
        match &self.obb {
            Some(o) => o.face_count(),
            None => self.shape.face_count(),
        }
    }

    /// Face `i`'s outward normal (local).
    pub(super) fn normal(&self, i: usize) -> SVector<T, N> {
        match &self.obb {
            Some(o) => o.local_face_normal(i).into_inner(),
            None => self.shape.local_face_normal(i).into_inner(),
        }
    }

    pub(super) fn vertex_count(&self, i: usize) -> usize {
        match &self.obb {
            Some(o) => o.face_vertex_count(i),
            None => self.shape.face_vertex_count(i),
        }
    }

    /// The `k`-th vertex of face `i`: its core-vertex index and position
    /// (local).
    pub(super) fn vertex(&self, i: usize, k: usize) -> (usize, Point<T, N>) {
        match &self.obb {
            Some(o) => {
                let v = o.face_vertex(i, k);
                (v, o.local_core_vertex(v))
            }
            None => {
                let v = self.shape.face_vertex(i, k);
                (v, self.shape.local_core_vertex(v))
            }
        }
    }

    /// The incident face against a reference normal `−dir` (`dir` local).
    pub(super) fn incident(&self, dir: &SVector<T, N>) -> Option<usize> {
        match &self.obb {
            Some(o) => o.local_incident_face(dir),
            None => self.shape.local_incident_face(dir),
        }
    }

    /// The face whose normal (from `normal_of`, in whatever frame `dir` is
    /// in) is most aligned with `dir`, the first of equals, and that
    /// normal: the reference face found again from the SAT axis.
    pub(super) fn most_aligned(
        &self,
        normal_of: impl Fn(usize) -> SVector<T, N>,
        dir: &SVector<T, N>,
    ) -> (usize, SVector<T, N>) {
        let mut best = (0, normal_of(0));
        let mut best_dot = best.1.dot(dir);
        for i in 1..self.count() {
            let n = normal_of(i);
            let d = n.dot(dir);
            if d > best_dot {
                best = (i, n);
                best_dot = d;
            }
        }
        best
    }
}
