//! Concave bodies as compounds of convex parts: [`Compound`], and the
//! queries between any two [`Parts`] (a compound, or one convex shape).
//!
//! SAT decides overlap for convex shapes only (docs/concave.md, "Why SAT
//! stops at convexity"). A concave body is therefore a union of convex
//! parts, each a built-in shape ([`AnyShape`]) with a pose in the
//! compound's frame, and every query runs the convex query on the part
//! pairs that a bounding-volume hierarchy over the parts' boxes cannot rule
//! out:
//!
//! ```text
//! query(A, pose_a, B, pose_b):                A, B: a Compound or one shape
//!     pose_ab = pose_a⁻¹ · pose_b             B's frame seen from A's
//!     stack = [(root A, root B)]              fixed size: no heap
//!     pop (m, n):
//!         box m and box n (moved by pose_ab) apart by more than the margin
//!         (or the best distance so far)        → skip
//!         both leaves → the same box test the other way round (A's box
//!                       in B's frame), then the convex query on parts
//!                       (i, j) at their world poses pose_a · pose_i and
//!                       pose_b · pose_j
//!         else        → push the children of the larger box with the
//!                       other, the one nearer B's box on top
//!     combine the part answers (module functions say how)
//! ```
//!
//! Every answer equals the same convex query looped over every part pair
//! with the same combining rule, bit for bit: the hierarchy only skips
//! pairs whose padded boxes are apart (tests/compound.rs::
//! queries_equal_the_brute_force_loop_over_parts, both argument orders).
//! The one exception is a manifold's speculative point from a pair
//! farther apart than the margin ([`contact_manifolds`]).
//!
//! **Not a [`Shape`].** A compound is not convex, and [`Shape`] promises a
//! convex shape (its support function and axes are what SAT needs); so
//! `Compound` does not implement it, and the queries of this module take
//! the [`Parts`] of either side instead. One convex shape is a compound of
//! one part at the identity pose (part index 0).
//!
//! No query allocates: the traversal stacks have a fixed size
//! (`2·⌈log₂ n⌉ + 2` entries at most, far below the 72 they hold); only
//! [`contact_manifolds`], which returns every part pair's manifold, writes
//! into a `Vec` the caller provides and reuses
//! (tests/compound.rs::compound_queries_do_not_allocate).

use alloc::vec::Vec;
use nalgebra::{Const, Point};

use crate::{
    bounds::shape_aabb, Aabb, AnyShape, Ball, Capsule, ConvexPolygon, ConvexPolyhedron, Obb,
    PolytopeDim, Pose, Real, Shape, ShapeError,
};

mod bvh;
mod contacts;
mod queries;
mod seams;

use bvh::{Bvh, Node};
pub use contacts::{
    contact_manifold, contact_manifolds, CompoundManifold, PartContact, CANDIDATES,
};
pub use queries::{
    cast_particle, cast_ray, closest_points, contains_point, distance, intersects, penetration,
    project_point, PartHit, PartPair,
};
use seams::Seams;

/// A concave body: convex parts, each with a pose in the compound's frame,
/// and a bounding-volume hierarchy over their boxes (module docs).
///
/// Not a [`Shape`] (it is not convex): query it with this module's
/// functions, which take a compound or a convex shape on either side.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, Aabb, AnyShape2, Ball, Compound, Pose2};
///
/// // An L: a floor and a wall.
/// let floor = Aabb::new(Point2::new(0.0, 0.0), Point2::new(4.0, 1.0)).unwrap();
/// let wall = Aabb::new(Point2::new(0.0, 0.0), Point2::new(1.0, 3.0)).unwrap();
/// let l = Compound::new(vec![
///     (Pose2::identity(), AnyShape2::from(floor)),
///     (Pose2::translation(0.0, 1.0), AnyShape2::from(wall)),
/// ]).unwrap();
/// let ball = Ball::new(Point2::origin(), 0.5).unwrap();
/// let id = Pose2::identity();
/// // In the corner of the L, not in its convex hull's empty part.
/// assert!(compound::intersects(&l, &id, &ball, &Pose2::translation(1.25, 1.25)));
/// assert!(!compound::intersects(&l, &id, &ball, &Pose2::translation(3.0, 3.0)));
/// # let _ = Vector2::<f64>::x();
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Compound<T: Real, const N: usize>
where
    Const<N>: PolytopeDim<T, N>,
{
    parts: Vec<AnyShape<T, N>>,
    poses: Vec<Pose<T, N>>,
    boxes: Vec<Aabb<T, N>>,
    bvh: Bvh<T, N>,
    seams: Seams<T, N>,
}

/// A 2D [`Compound`].
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{AnyShape2, Ball, Compound2, Pose2};
///
/// let ball: AnyShape2 = Ball::new(Point2::origin(), 1.0).unwrap().into();
/// let dumbbell = Compound2::new(vec![
///     (Pose2::translation(-2.0, 0.0), ball.clone()),
///     (Pose2::translation(2.0, 0.0), ball),
/// ])
/// .unwrap();
/// assert_eq!(dumbbell.len(), 2);
/// ```
pub type Compound2<T = f64> = Compound<T, 2>;
/// A 3D [`Compound`].
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{AnyShape3, Ball, Compound3, Pose3};
///
/// let ball: AnyShape3 = Ball::new(Point3::origin(), 1.0).unwrap().into();
/// let pair = Compound3::new(vec![
///     (Pose3::translation(0.0, 0.0, -2.0), ball.clone()),
///     (Pose3::translation(0.0, 0.0, 2.0), ball),
/// ])
/// .unwrap();
/// assert_eq!(pair.len(), 2);
/// ```
pub type Compound3<T = f64> = Compound<T, 3>;

impl<T: Real, const N: usize> Compound<T, N>
where
    Const<N>: PolytopeDim<T, N>,
{
    /// The compound of `parts`, each `(pose in the compound's frame,
    /// shape)`. Part `i` keeps index `i` in every answer.
    ///
    /// # Errors
    /// [`ShapeError::NoParts`] for an empty list;
    /// [`ShapeError::PartPoseNonFinite`] for a pose with a NaN or infinite
    /// entry; [`ShapeError::PartPoseInvalid`] for a finite pose that is not
    /// a rigid motion (rotation not orthonormal, a reflection, a
    /// translation beyond [`max_magnitude`](crate::real::max_magnitude));
    /// [`shape_aabb`]'s error when a placed part reaches beyond the range
    /// (tests/compound.rs::bad_compounds_give_errors).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{AnyShape2, Ball, Compound, Pose2, ShapeError};
    ///
    /// assert_eq!(Compound::<f64, 2>::new(vec![]).unwrap_err(), ShapeError::NoParts);
    /// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
    /// let nan = Pose2::translation(f64::NAN, 0.0);
    /// let err = Compound::new(vec![(Pose2::identity(), ball.clone()), (nan, ball)]).unwrap_err();
    /// assert_eq!(err, ShapeError::PartPoseNonFinite { part: 1 });
    /// ```
    pub fn new(parts: Vec<(Pose<T, N>, AnyShape<T, N>)>) -> Result<Self, ShapeError> {
        Self::build(parts, true)
    }

    /// [`Compound::new`], finding the seams or not (a `ConcavePolygon`'s
    /// pieces do not, yet: docs/concave.md, "Seams").
    pub(crate) fn build(
        parts: Vec<(Pose<T, N>, AnyShape<T, N>)>,
        find_seams: bool,
    ) -> Result<Self, ShapeError> {
        if parts.is_empty() {
            return Err(ShapeError::NoParts);
        }
        let mut shapes = Vec::with_capacity(parts.len());
        let mut poses = Vec::with_capacity(parts.len());
        let mut boxes = Vec::with_capacity(parts.len());
        for (part, (pose, shape)) in parts.into_iter().enumerate() {
            let finite = pose
                .rotation
                .matrix()
                .iter()
                .chain(pose.translation.vector.iter())
                .all(|x| x.is_finite());
            if !finite {
                return Err(ShapeError::PartPoseNonFinite { part });
            }
            if crate::check_pose(&pose).is_err() {
                return Err(ShapeError::PartPoseInvalid { part });
            }
            boxes.push(shape_aabb(&shape, &pose)?);
            shapes.push(shape);
            poses.push(pose);
        }
        let bvh = Bvh::build(&boxes);
        let seams = if find_seams {
            Seams::new(&shapes, &poses, &bvh.nodes)
        } else {
            Seams::none(shapes.len())
        };
        Ok(Self {
            parts: shapes,
            poses,
            boxes,
            bvh,
            seams,
        })
    }

    /// The same compound with its seams forgotten: its manifolds are then
    /// every part pair's convex manifold as it is, ghost contacts at the
    /// seams included (docs/concave.md, "Seams: no ghost contacts"), bit
    /// for bit the convex query looped over the part pairs. Every other
    /// query is the same either way.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2};
    ///
    /// let tile = |x: f64| AnyShape2::from(Aabb::new(Point2::new(x, -1.0), Point2::new(x + 1.0, 0.0)).unwrap());
    /// let floor = Compound::new(vec![(Pose2::identity(), tile(0.0)), (Pose2::identity(), tile(1.0))]).unwrap();
    /// // A crate sunk 0.01, its right side 0.005 past the seam at x = 1.
    /// let crate_ = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(0.0, 1.0)).unwrap();
    /// let at = Pose2::translation(1.005, -0.01);
    /// let id = Pose2::identity();
    /// let up = |m: &compound::CompoundManifold<f64, 2>| m.contacts().iter().all(|c| c.normal.into_inner() == Vector2::y());
    /// assert!(up(&compound::contact_manifold(&floor, &id, &crate_, &at, 0.0)));
    /// // Without the seams the second tile's side face pushes the crate back.
    /// let raw = floor.without_seams();
    /// assert!(!up(&compound::contact_manifold(&raw, &id, &crate_, &at, 0.0)));
    /// ```
    #[must_use]
    pub fn without_seams(mut self) -> Self {
        self.seams = Seams::none(self.parts.len());
        self
    }

    /// The parts, in the order given.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{AnyShape2, Ball, Compound, Pose2};
    ///
    /// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
    /// let c = Compound::new(vec![(Pose2::identity(), ball.clone())]).unwrap();
    /// assert_eq!(c.parts(), &[ball]);
    /// ```
    #[inline]
    #[must_use]
    pub fn parts(&self) -> &[AnyShape<T, N>] {
        &self.parts
    }

    /// The parts' poses in the compound's frame, in the order given.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{AnyShape2, Ball, Compound, Pose2};
    ///
    /// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
    /// let c = Compound::new(vec![(Pose2::translation(2.0, 0.0), ball)]).unwrap();
    /// assert_eq!(c.poses()[0].translation.vector.x, 2.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn poses(&self) -> &[Pose<T, N>] {
        &self.poses
    }

    /// Each part's box in the compound's frame ([`shape_aabb`] of the part
    /// at its pose), in the order given.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{AnyShape2, Ball, Compound, Pose2};
    ///
    /// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0_f64).unwrap());
    /// let c = Compound::new(vec![(Pose2::translation(2.0, 0.0), ball)]).unwrap();
    /// assert!((c.part_aabbs()[0].min().x - 1.0).abs() < 1e-12);
    /// ```
    #[inline]
    #[must_use]
    pub fn part_aabbs(&self) -> &[Aabb<T, N>] {
        &self.boxes
    }

    /// The box of the whole compound in its own frame (the hierarchy's
    /// root).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{AnyShape2, Ball, Compound, Pose2};
    ///
    /// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0_f64).unwrap());
    /// let c = Compound::new(vec![
    ///     (Pose2::translation(-2.0, 0.0), ball.clone()),
    ///     (Pose2::translation(2.0, 0.0), ball),
    /// ]).unwrap();
    /// let b = c.local_aabb();
    /// assert!((b.max().x - 3.0).abs() < 1e-12 && (b.min().x + 3.0).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn local_aabb(&self) -> Aabb<T, N> {
        let root = &self.bvh.nodes[0];
        // The root box is the union of boxes built by `Aabb::new`.
        Aabb::new(root.lo, root.hi).unwrap_or_else(|_| self.boxes[0])
    }

    /// How many parts there are (at least one).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{AnyShape2, Ball, Compound, Pose2};
    ///
    /// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
    /// assert_eq!(Compound::new(vec![(Pose2::identity(), ball)]).unwrap().len(), 1);
    /// ```
    #[inline]
    #[must_use]
    #[allow(clippy::len_without_is_empty, reason = "a compound is never empty")]
    pub fn len(&self) -> usize {
        self.parts.len()
    }
}

impl<T: Real> Compound<T, 3> {
    /// The compound of convex hulls given as point clouds in the
    /// compound's frame: [`ConvexPolyhedron::from_hull`] for each, at the
    /// identity pose. Part `i` is the hull of `hulls[i]`.
    ///
    /// # Errors
    /// [`CompoundHullError::NoParts`](crate::CompoundHullError::NoParts) for no cloud,
    /// [`CompoundHullError::Hull`](crate::CompoundHullError::Hull) with the part's index and
    /// [`HullError`](crate::HullError) when a cloud spans no volume (or
    /// has bad coordinates), [`CompoundHullError::Shape`](crate::CompoundHullError::Shape) when the
    /// compound cannot be built from the hulls
    /// (tests/compound.rs::hull_compounds_build_and_report_the_bad_part).
    ///
    /// ```
    /// use nalgebra::Point3;
    /// use separating_axis::{compound, Aabb, Compound, Pose3};
    ///
    /// let cube = |x: f64| -> Vec<Point3<f64>> {
    ///     (0..8).map(|k| Point3::new(x + (k & 1) as f64, ((k >> 1) & 1) as f64, (k >> 2) as f64)).collect()
    /// };
    /// let two = Compound::from_hulls(&[cube(0.0), cube(3.0)]).unwrap();
    /// assert_eq!(two.len(), 2);
    /// let probe = Aabb::new(Point3::new(1.5, 0.0, 0.0), Point3::new(2.5, 1.0, 1.0)).unwrap();
    /// // Between the cubes: in their hull's gap, apart from both.
    /// assert!(!compound::intersects(&two, &Pose3::identity(), &probe, &Pose3::identity()));
    /// ```
    pub fn from_hulls<P: AsRef<[nalgebra::Point3<T>]>>(
        hulls: &[P],
    ) -> Result<Self, crate::CompoundHullError> {
        if hulls.is_empty() {
            return Err(crate::CompoundHullError::NoParts);
        }
        let mut parts = Vec::with_capacity(hulls.len());
        for (part, cloud) in hulls.iter().enumerate() {
            let hull = ConvexPolyhedron::from_hull(cloud.as_ref())
                .map_err(|error| crate::CompoundHullError::Hull { part, error })?;
            parts.push((Pose::identity(), AnyShape::Polytope(hull)));
        }
        Self::new(parts).map_err(crate::CompoundHullError::Shape)
    }
}

/// The bodies the compound queries take: a [`Compound`], one of the
/// built-in convex shapes, [`AnyShape`], or any shape through
/// `dyn Shape<T, N>`. One convex shape is one part (index 0) at the
/// identity pose.
///
/// Sealed: its methods are the crate's own.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, Ball, Pose2, Shape};
///
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// let custom: &dyn Shape<f64, 2> = &ball;
/// let far = Pose2::translation(5.0, 0.0);
/// assert_eq!(compound::distance(&ball, &Pose2::identity(), custom, &far), 3.0);
/// ```
pub trait Parts<T: Real, const N: usize>: sealed::PartsImpl<T, N> {}

impl<T: Real, const N: usize, P: sealed::PartsImpl<T, N> + ?Sized> Parts<T, N> for P {}

pub(crate) mod sealed {
    use super::{Node, Pose, Real, Shape};
    use crate::ContactFeature;
    use nalgebra::{Point, SVector};

    /// The tree of a body: a compound's nodes, or one leaf for a shape.
    pub enum Tree<'a, T: Real, const N: usize> {
        /// A compound's hierarchy.
        Many(&'a [Node<T, N>]),
        /// One convex shape: one leaf, its box.
        One(Node<T, N>),
    }

    impl<T: Real, const N: usize> Tree<'_, T, N> {
        /// Node `k` (the root is 0).
        #[inline]
        pub(crate) fn node(&self, k: usize) -> &Node<T, N> {
            match self {
                Tree::Many(nodes) => &nodes[k],
                Tree::One(n) => n,
            }
        }
    }

    /// What the queries ask of a body.
    pub trait PartsImpl<T: Real, const N: usize> {
        /// The type of a part.
        type Part: Shape<T, N> + ?Sized;
        /// Part `i`.
        fn part(&self, i: usize) -> &Self::Part;
        /// Part `i`'s pose in the body's frame; `None` for the identity
        /// (one convex shape), which is then not multiplied in.
        fn part_pose(&self, i: usize) -> Option<&Pose<T, N>>;
        /// The hierarchy.
        fn tree(&self) -> Tree<'_, T, N>;
        /// How many parts.
        fn part_count(&self) -> usize;
        /// Whether a contact point `at` on part `i`'s `feature` with unit
        /// normal `n` (out of this body; both in the body's frame) is
        /// kept: `false` for a ghost at a seam between parts (`seams.rs`).
        /// One convex shape has no seams.
        #[inline]
        fn admits(
            &self,
            _i: usize,
            _at: (ContactFeature, &Point<T, N>),
            _n: &SVector<T, N>,
        ) -> bool {
            true
        }
        /// Whether face `f` of part `i` lies inside the body (covered by
        /// another part: `seams.rs`).
        #[inline]
        fn internal_face(&self, _i: usize, _f: usize) -> bool {
            false
        }
    }
}

use sealed::{PartsImpl, Tree};

impl<T: Real, const N: usize> PartsImpl<T, N> for Compound<T, N>
where
    Const<N>: PolytopeDim<T, N>,
{
    type Part = AnyShape<T, N>;

    #[inline]
    fn part(&self, i: usize) -> &AnyShape<T, N> {
        &self.parts[i]
    }

    #[inline]
    fn part_pose(&self, i: usize) -> Option<&Pose<T, N>> {
        Some(&self.poses[i])
    }

    #[inline]
    fn tree(&self) -> Tree<'_, T, N> {
        Tree::Many(&self.bvh.nodes)
    }

    #[inline]
    fn part_count(&self) -> usize {
        self.parts.len()
    }

    #[inline]
    fn admits(
        &self,
        i: usize,
        at: (crate::ContactFeature, &Point<T, N>),
        n: &nalgebra::SVector<T, N>,
    ) -> bool {
        self.seams
            .admits(|k| (&self.parts[k], &self.poses[k]), i, at, n)
    }

    #[inline]
    fn internal_face(&self, i: usize, f: usize) -> bool {
        self.seams.internal_face(i, f)
    }
}

/// The leaf of one convex shape: its box in its own frame. A shape whose
/// box cannot be built (a custom shape with non-finite support values) gets
/// a box of the whole range, so that nothing is culled.
fn single_leaf<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(shape: &S) -> Node<T, N> {
    match shape_aabb(shape, &Pose::identity()) {
        Ok(b) => Node::leaf(0, &b),
        Err(_) => {
            let m = crate::real::max_magnitude::<T>() * nalgebra::convert(4.0);
            Node {
                lo: Point::from(nalgebra::SVector::repeat(-m)),
                hi: Point::from(nalgebra::SVector::repeat(m)),
                index: 0,
                leaf: true,
            }
        }
    }
}

/// `PartsImpl` for one convex shape type.
macro_rules! single_part {
    ($($ty:ty),+ $(,)?) => {
        $(
            impl<T: Real, const N: usize> PartsImpl<T, N> for $ty {
                single_part!(@body);
            }
        )+
    };
    (@body) => {
        type Part = Self;
        #[inline]
        fn part(&self, _: usize) -> &Self {
            self
        }
        #[inline]
        fn part_pose(&self, _: usize) -> Option<&Pose<T, N>> {
            None
        }
        #[inline]
        fn tree(&self) -> Tree<'_, T, N> {
            Tree::One(single_leaf(self))
        }
        #[inline]
        fn part_count(&self) -> usize {
            1
        }
    };
}

single_part!(Ball<T, N>, Capsule<T, N>, Aabb<T, N>, Obb<T, N>);

impl<T: Real, const N: usize> PartsImpl<T, N> for dyn Shape<T, N> + '_ {
    single_part!(@body);
}

impl<T: Real, const N: usize> PartsImpl<T, N> for AnyShape<T, N>
where
    Const<N>: PolytopeDim<T, N>,
{
    single_part!(@body);
}

impl<T: Real> PartsImpl<T, 2> for ConvexPolygon<T> {
    type Part = Self;
    #[inline]
    fn part(&self, _: usize) -> &Self {
        self
    }
    #[inline]
    fn part_pose(&self, _: usize) -> Option<&Pose<T, 2>> {
        None
    }
    #[inline]
    fn tree(&self) -> Tree<'_, T, 2> {
        Tree::One(single_leaf(self))
    }
    #[inline]
    fn part_count(&self) -> usize {
        1
    }
}

impl<T: Real> PartsImpl<T, 3> for ConvexPolyhedron<T> {
    type Part = Self;
    #[inline]
    fn part(&self, _: usize) -> &Self {
        self
    }
    #[inline]
    fn part_pose(&self, _: usize) -> Option<&Pose<T, 3>> {
        None
    }
    #[inline]
    fn tree(&self) -> Tree<'_, T, 3> {
        Tree::One(single_leaf(self))
    }
    #[inline]
    fn part_count(&self) -> usize {
        1
    }
}

/// Part `i` of `body`'s world pose: `pose · pose_i`, or `pose` itself for
/// one convex shape (so that its answers are the convex query's, bit for
/// bit).
#[inline]
pub(crate) fn world_pose<T: Real, const N: usize, P: Parts<T, N> + ?Sized>(
    body: &P,
    pose: &Pose<T, N>,
    i: usize,
) -> Pose<T, N> {
    match body.part_pose(i) {
        Some(p) => pose * p,
        None => *pose,
    }
}
