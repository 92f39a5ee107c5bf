//! [`AnyShape`]: an owned enum of the built-in shapes, for engines that
//! keep their bodies in one `Vec` and prefer a `match` to `Box<dyn Shape>`.
//!
//! It implements [`Shape`] by forwarding every method to the shape it
//! holds, the fast-path hooks ([`Shape::as_obb`], [`Shape::as_polygon`],
//! [`Shape::as_polyhedron`]) included, so a pair of boxes held as
//! `AnyShape`s takes the box path and a pair of polygons the polygon path,
//! with the concrete types' answers bit for bit
//! (tests/dyn_shapes.rs::any_shape_equals_concrete_types).
//!
//! **Why one enum with a dimension-dependent variant.** A polygon exists in
//! 2D only and a polyhedron in 3D only. An enum with both variants for
//! every `N` could hold a polyhedron in 2D, which only a runtime panic or a
//! made-up answer could reject. Instead the polytope variant's type is
//! chosen by the dimension at compile time: [`AnyShape::Polytope`] holds a
//! [`ConvexPolygon`] in `AnyShape<T, 2>` and a [`ConvexPolyhedron`] in
//! `AnyShape<T, 3>` (the sealed [`PolytopeDim`] maps one to the other).
//! `AnyShape<T, N>` exists for `N = 2` and `N = 3` only; a wrong-dimension
//! shape does not compile.

use nalgebra::{Const, Point, SVector, Unit};

use crate::{
    Aabb, Ball, Capsule, ConvexPolygon, ConvexPolyhedron, Edge, Obb, Real, Shape, Support,
};

mod sealed {
    /// Implemented for `Const<2>` and `Const<3>` only.
    pub trait Sealed {}
    impl Sealed for nalgebra::Const<2> {}
    impl Sealed for nalgebra::Const<3> {}
}

/// The dimensions [`AnyShape`] exists in, with each one's polytope type:
/// [`ConvexPolygon`] for `Const<2>`, [`ConvexPolyhedron`] for `Const<3>`.
/// Sealed: no other dimension can implement it.
///
/// ```
/// use nalgebra::Const;
/// use separating_axis::{ConvexPolygon, PolytopeDim};
///
/// // The 2D polytope is the convex polygon.
/// fn polygon_of_2d(p: <Const<2> as PolytopeDim<f64, 2>>::Polytope) -> ConvexPolygon<f64> { p }
/// let square = ConvexPolygon::new(&[
///     nalgebra::Point2::new(0.0, 0.0), nalgebra::Point2::new(1.0, 0.0),
///     nalgebra::Point2::new(1.0, 1.0), nalgebra::Point2::new(0.0, 1.0),
/// ]).unwrap();
/// assert_eq!(polygon_of_2d(square.clone()), square);
/// ```
pub trait PolytopeDim<T: Real, const N: usize>: sealed::Sealed {
    /// The convex polytope of this dimension.
    type Polytope: Shape<T, N> + Clone + core::fmt::Debug + PartialEq;
}

impl<T: Real> PolytopeDim<T, 2> for Const<2> {
    type Polytope = ConvexPolygon<T>;
}

impl<T: Real> PolytopeDim<T, 3> for Const<3> {
    type Polytope = ConvexPolyhedron<T>;
}

/// One of the built-in shapes, owned; a [`Shape`] that forwards to it.
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::{separation, AnyShape2, Ball, ConvexPolygon, Obb, Pose2};
///
/// let bodies: Vec<AnyShape2> = vec![
///     Ball::new(Point2::origin(), 1.0).unwrap().into(),
///     Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(1.0, 1.0)).unwrap().into(),
///     ConvexPolygon::new(&[Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0)])
///         .unwrap()
///         .into(),
/// ];
/// let s = separation(&bodies[0], &Pose2::identity(), &bodies[1], &Pose2::translation(3.0, 0.0));
/// assert_eq!(s.distance, 1.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(
        serialize = "T: serde::Serialize, <Const<N> as PolytopeDim<T, N>>::Polytope: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>, <Const<N> as PolytopeDim<T, N>>::Polytope: serde::Deserialize<'de>"
    ))
)]
#[non_exhaustive]
pub enum AnyShape<T: Real, const N: usize>
where
    Const<N>: PolytopeDim<T, N>,
{
    /// A ball.
    Ball(Ball<T, N>),
    /// A capsule.
    Capsule(Capsule<T, N>),
    /// An axis-aligned box.
    Aabb(Aabb<T, N>),
    /// An oriented box.
    Obb(Obb<T, N>),
    /// A [`ConvexPolygon`] in 2D, a [`ConvexPolyhedron`] in 3D.
    Polytope(<Const<N> as PolytopeDim<T, N>>::Polytope),
}

/// A 2D [`AnyShape`]; its polytope is a [`ConvexPolygon`].
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{AnyShape2, Ball};
///
/// let s: AnyShape2 = Ball::new(Point2::origin(), 1.0).unwrap().into();
/// assert!(matches!(s, AnyShape2::Ball(_)));
/// ```
pub type AnyShape2<T = f64> = AnyShape<T, 2>;
/// A 3D [`AnyShape`]; its polytope is a [`ConvexPolyhedron`].
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{AnyShape3, Ball};
///
/// let s: AnyShape3 = Ball::new(Point3::origin(), 1.0).unwrap().into();
/// assert!(matches!(s, AnyShape3::Ball(_)));
/// ```
pub type AnyShape3<T = f64> = AnyShape<T, 3>;

/// `$body` with `$s` bound to the shape held, whatever its variant.
macro_rules! each {
    ($self:expr, $s:ident => $body:expr) => {
        match $self {
            AnyShape::Ball($s) => $body,
            AnyShape::Capsule($s) => $body,
            AnyShape::Aabb($s) => $body,
            AnyShape::Obb($s) => $body,
            AnyShape::Polytope($s) => $body,
        }
    };
}

impl<T: Real, const N: usize> Support<T, N> for AnyShape<T, N>
where
    Const<N>: PolytopeDim<T, N>,
{
    #[inline]
    fn local_support_point(&self, dir: &SVector<T, N>) -> Point<T, N> {
        each!(self, s => s.local_support_point(dir))
    }

    #[inline]
    fn local_support_value(&self, dir: &SVector<T, N>) -> T {
        each!(self, s => s.local_support_value(dir))
    }
}

impl<T: Real, const N: usize> Shape<T, N> for AnyShape<T, N>
where
    Const<N>: PolytopeDim<T, N>,
{
    #[inline]
    fn face_count(&self) -> usize {
        each!(self, s => s.face_count())
    }

    #[inline]
    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        each!(self, s => s.local_face_normal(i))
    }

    #[inline]
    fn local_face_offset(&self, i: usize) -> T {
        each!(self, s => s.local_face_offset(i))
    }

    #[inline]
    fn face_vertex_count(&self, i: usize) -> usize {
        each!(self, s => s.face_vertex_count(i))
    }

    #[inline]
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        each!(self, s => s.face_vertex(i, k))
    }

    #[inline]
    fn local_incident_face(&self, dir: &SVector<T, N>) -> Option<usize> {
        each!(self, s => s.local_incident_face(dir))
    }

    #[inline]
    fn edge_count(&self) -> usize {
        each!(self, s => s.edge_count())
    }

    #[inline]
    fn local_edge(&self, i: usize) -> Edge<T, N> {
        each!(self, s => s.local_edge(i))
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        each!(self, s => s.core_vertex_count())
    }

    #[inline]
    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        each!(self, s => s.local_core_vertex(i))
    }

    #[inline]
    fn radius(&self) -> T {
        each!(self, s => Shape::radius(s))
    }

    #[inline]
    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        each!(self, s => s.local_core_closest_point(p))
    }

    #[inline]
    fn local_core_farthest_point(&self, p: &Point<T, N>) -> Option<Point<T, N>> {
        each!(self, s => s.local_core_farthest_point(p))
    }

    #[inline]
    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        each!(self, s => s.local_contains_point(p))
    }

    #[inline]
    fn as_obb(&self) -> Option<Obb<T, N>> {
        each!(self, s => s.as_obb())
    }

    #[inline]
    fn as_obb_ref(&self) -> Option<&Obb<T, N>> {
        each!(self, s => s.as_obb_ref())
    }

    #[inline]
    fn as_polygon(&self) -> Option<&ConvexPolygon<T>> {
        each!(self, s => s.as_polygon())
    }

    #[inline]
    fn as_polyhedron(&self) -> Option<&ConvexPolyhedron<T>> {
        each!(self, s => s.as_polyhedron())
    }

    #[inline]
    fn as_ball(&self) -> Option<&Ball<T, N>> {
        each!(self, s => s.as_ball())
    }
}

/// `From` each shape of every dimension.
macro_rules! from_shape {
    ($($Variant:ident),+) => {
        $(
            impl<T: Real, const N: usize> From<$Variant<T, N>> for AnyShape<T, N>
            where
                Const<N>: PolytopeDim<T, N>,
            {
                #[inline]
                fn from(s: $Variant<T, N>) -> Self {
                    Self::$Variant(s)
                }
            }
        )+
    };
}

from_shape!(Ball, Capsule, Aabb, Obb);

impl<T: Real> From<ConvexPolygon<T>> for AnyShape<T, 2> {
    #[inline]
    fn from(s: ConvexPolygon<T>) -> Self {
        Self::Polytope(s)
    }
}

impl<T: Real> From<ConvexPolyhedron<T>> for AnyShape<T, 3> {
    #[inline]
    fn from(s: ConvexPolyhedron<T>) -> Self {
        Self::Polytope(s)
    }
}
