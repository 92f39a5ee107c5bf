//! Contact manifolds: the contact points of two touching or nearly touching
//! shapes, with feature ids that stay the same from one frame to the next.
//!
//! The normal and the depth are the SAT answer of [`separation`]
//! (so they equal [`penetration`](crate::penetration)'s exactly); the
//! points come from clipping, as in Box2D's `b2ClipPolygons`
//! (docs/manifolds.md):
//!
//! ```text
//! contact_manifold(A, B, margin):                            mod.rs
//!     s = separation(A, B)                      normal n (A → B), distance d
//!     d > margin or NaN        → empty
//!     s.feature = face of A    → reference = A's face most aligned with  n
//!     s.feature = face of B    → reference = B's face most aligned with −n
//!     incident = the other shape's local_incident_face(reference normal)
//!     2D: clip the incident edge to the reference face's two side planes  two_d.rs
//!     3D: clip the incident face (or a segment core) to the reference     three_d.rs
//!         face's side planes (Sutherland–Hodgman), reduce to four points
//!     keep the clipped points whose separation (height above the reference
//!     face minus both radii) is <= margin
//!     3D, s.feature = edge pair → one point between the two supporting edges
//!     no point yet (round axes, shapes without face vertices)
//!                              → one point at the support points along n
//! ```
//!
//! Everything is computed in A's local frame (B placed by `pose_a⁻¹ · pose_b`),
//! like the queries, and turned to the world at the end. The dimension is
//! chosen at compile time by the sealed [`ContactDim`].

use nalgebra::{Const, Point, SVector, Unit};

use crate::{separation, Feature, Obb, Pose, Real, Shape};

mod box3;
mod three_d;
mod two_d;

/// The most contact points a [`Manifold`] holds: 2 in 2D, up to 4 in 3D
/// (where the clipped face is reduced to four).
pub const MAX_CONTACT_POINTS: usize = 4;

/// One of the two shapes of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The first shape of the query.
    A,
    /// The second shape of the query.
    B,
}

impl Side {
    /// The other shape.
    ///
    /// ```
    /// use separating_axis::Side;
    /// assert_eq!(Side::A.other(), Side::B);
    /// ```
    #[inline]
    #[must_use]
    pub fn other(self) -> Self {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// The feature of one shape a contact point lies on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ContactFeature {
    /// Face `i` ([`Shape::local_face_normal`]; an edge in 2D).
    Face(usize),
    /// Core vertex `i` ([`Shape::local_core_vertex`]).
    Vertex(usize),
    /// The edge between core vertices `i` and `j`, `i < j` (3D): named by
    /// its two ends, so it is the same feature from both faces it bounds.
    /// A 3D clip point where an incident edge crosses a reference edge's
    /// side plane is `(Edge, Edge)`; the point of an edge–edge contact
    /// too; a capsule's segment is `Edge(0, 1)`.
    Edge(usize, usize),
    /// No listed feature: the shape's support point along the normal (a
    /// ball, a contact on the axis between two rounded cores, a custom
    /// shape that lists no face vertices).
    Support,
}

/// The features a contact point is made of, one on each shape: a face of
/// one shape and a vertex of the other for a clipped face contact (an end
/// of the incident edge on the reference face, or the reference face's end
/// on the incident edge, where the side plane cut it). In 3D also two
/// edges (an incident edge crossing a reference edge's side plane, or an
/// edge–edge contact), and a reference vertex above the incident face
/// where two side planes meet (docs/manifolds.md, "Why the ids are stable").
///
/// The id names features, not positions, and not which shape's face was
/// the reference: when a resting box tilts slightly and the reference face
/// passes from one shape to the other, the corner that touches is still
/// `(Vertex(corner), Face(ground))`. It stays the same under small motion
/// (tests/manifolds_2d.rs::ids_survive_small_motions,
/// tests/manifolds_3d.rs::ids_survive_small_motions).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContactId {
    /// The feature of A.
    pub a: ContactFeature,
    /// The feature of B.
    pub b: ContactFeature,
}

/// One contact point of a [`Manifold`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactPoint<T: Real, const N: usize> {
    /// Signed distance along the manifold's normal from `on_a` to `on_b`:
    /// negative when penetrating, positive (at most the margin) for a
    /// speculative contact.
    pub separation: T,
    /// The point on A's surface, in the world frame.
    pub on_a: Point<T, N>,
    /// The point on B's surface, in the world frame: `on_a + normal · separation`.
    pub on_b: Point<T, N>,
    /// `on_a` in A's local frame.
    pub local_a: Point<T, N>,
    /// `on_b` in B's local frame.
    pub local_b: Point<T, N>,
    /// The features the point comes from.
    pub id: ContactId,
}

impl<T: Real, const N: usize> ContactPoint<T, N> {
    /// A placeholder for the unused slots of a manifold.
    fn unused() -> Self {
        Self {
            separation: T::zero(),
            on_a: Point::origin(),
            on_b: Point::origin(),
            local_a: Point::origin(),
            local_b: Point::origin(),
            id: ContactId {
                a: ContactFeature::Support,
                b: ContactFeature::Support,
            },
        }
    }

    /// The same point seen with A and B exchanged.
    fn swapped(&self) -> Self {
        Self {
            separation: self.separation,
            on_a: self.on_b,
            on_b: self.on_a,
            local_a: self.local_b,
            local_b: self.local_a,
            id: ContactId {
                a: self.id.b,
                b: self.id.a,
            },
        }
    }
}

/// The contact of two shapes: a normal and up to [`MAX_CONTACT_POINTS`]
/// points, stored inline (no heap).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{contact_manifold, Aabb, Pose2};
///
/// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
/// let crate_ = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 2.0)).unwrap();
/// let m = contact_manifold(&ground, &Pose2::identity(), &crate_, &Pose2::translation(0.0, -0.25), 0.0);
/// assert_eq!(m.normal().into_inner(), Vector2::y());
/// assert_eq!(m.len(), 2);
/// for p in m.points() {
///     assert_eq!(p.separation, -0.25);
///     assert_eq!(p.on_b.y, -0.25); // the crate's bottom corners
/// }
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Manifold<T: Real, const N: usize> {
    normal: Unit<SVector<T, N>>,
    points: [ContactPoint<T, N>; MAX_CONTACT_POINTS],
    len: usize,
    reference: Option<(Side, usize)>,
}

/// The normal, the points in use and the reference face (not the unused
/// slots).
impl<T: Real, const N: usize> core::fmt::Debug for Manifold<T, N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Manifold")
            .field("normal", &self.normal)
            .field("points", &self.points())
            .field("reference", &self.reference)
            .finish()
    }
}

impl<T: Real, const N: usize> Manifold<T, N> {
    /// No points, with `normal`.
    fn empty(normal: Unit<SVector<T, N>>) -> Self {
        Self {
            normal,
            points: [ContactPoint::unused(); MAX_CONTACT_POINTS],
            len: 0,
            reference: None,
        }
    }

    /// Appends a point (ignored beyond [`MAX_CONTACT_POINTS`]).
    fn push(&mut self, p: ContactPoint<T, N>) {
        if let Some(slot) = self.points.get_mut(self.len) {
            *slot = p;
            self.len += 1;
        }
    }

    /// The unit normal in the world frame, from A towards B: the axis of
    /// [`separation`] (so [`penetration`](crate::penetration)'s normal when
    /// the shapes overlap). Also set when the manifold is empty because
    /// the shapes are apart; NaN when an input was NaN.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{contact_manifold, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let m = contact_manifold(&b, &Pose2::identity(), &b, &Pose2::translation(3.0, 0.0), 0.0);
    /// assert!(m.is_empty());
    /// assert_eq!(m.normal().into_inner(), Vector2::x());
    /// ```
    #[inline]
    #[must_use]
    pub fn normal(&self) -> Unit<SVector<T, N>> {
        self.normal
    }

    /// The reference face: which shape holds it and its index, `None` for
    /// a contact without one (round axes, an empty manifold).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{contact_manifold, Aabb, Pose2, Side};
    ///
    /// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
    /// let m = contact_manifold(&ground, &Pose2::identity(), &ground, &Pose2::translation(0.0, 0.9), 0.0);
    /// assert_eq!(m.reference(), Some((Side::A, 1))); // A's top face (+y)
    /// ```
    #[inline]
    #[must_use]
    pub fn reference(&self) -> Option<(Side, usize)> {
        self.reference
    }

    /// The contact points.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{contact_manifold, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let m = contact_manifold(&b, &Pose2::identity(), &b, &Pose2::translation(1.5, 0.0), 0.0);
    /// assert_eq!(m.points().len(), 1);
    /// assert_eq!(m.points()[0].on_a, Point2::new(1.0, 0.0));
    /// assert_eq!(m.points()[0].on_b, Point2::new(0.5, 0.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn points(&self) -> &[ContactPoint<T, N>] {
        &self.points[..self.len]
    }

    /// How many contact points there are.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{contact_manifold, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// assert_eq!(contact_manifold(&b, &Pose2::identity(), &b, &Pose2::identity(), 0.0).len(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no contact point (the shapes are apart by more
    /// than the margin, or an input was NaN).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{contact_manifold, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let apart = Pose2::translation(2.5, 0.0);
    /// assert!(contact_manifold(&b, &Pose2::identity(), &b, &apart, 0.0).is_empty());
    /// assert!(!contact_manifold(&b, &Pose2::identity(), &b, &apart, 1.0).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The point of least separation (the first of equals), `None` when
    /// empty.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{contact_manifold, Aabb, Pose2};
    ///
    /// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
    /// let plank = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.5)).unwrap();
    /// // Tilted: its left corner sinks deeper than its right one.
    /// let pose = Pose2::new(nalgebra::Vector2::new(0.0, 0.0), 0.05);
    /// let m = contact_manifold(&ground, &Pose2::identity(), &plank, &pose, 0.2);
    /// assert_eq!(m.len(), 2);
    /// assert!(m.deepest().unwrap().on_b.x < 0.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn deepest(&self) -> Option<&ContactPoint<T, N>> {
        self.points().iter().fold(None, |best, p| match best {
            Some(b) if b.separation <= p.separation => Some(b),
            _ => Some(p),
        })
    }

    /// The same contact seen with A and B exchanged: the same points (with
    /// `on_a` and `on_b` exchanged), the normal negated, the two features
    /// of every id exchanged, the reference side exchanged.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{contact_manifold, Aabb, Ball, Pose2, Side};
    ///
    /// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let at = Pose2::translation(1.0, 0.5);
    /// let m = contact_manifold(&ground, &Pose2::identity(), &b, &at, 0.0);
    /// let s = m.swapped();
    /// assert_eq!(s.normal().into_inner(), -m.normal().into_inner());
    /// assert_eq!(s.points()[0].on_a, m.points()[0].on_b);
    /// assert_eq!(s.points()[0].id.a, m.points()[0].id.b);
    /// assert_eq!(m.reference(), Some((Side::A, 1)));
    /// assert_eq!(s.reference(), Some((Side::B, 1)));
    /// ```
    #[must_use]
    pub fn swapped(&self) -> Self {
        let mut s = Self::empty(-self.normal);
        s.reference = self.reference.map(|(side, i)| (side.other(), i));
        for p in self.points() {
            s.push(p.swapped());
        }
        s
    }
}

/// The contact manifold of two shapes, in 2D or 3D: the normal of
/// [`separation`] and up to two (2D) or four (3D) contact points whose
/// separation is at most `margin`.
///
/// Empty when the shapes are apart by more than `margin`, or when an input
/// (a pose, the margin) is NaN (tests/manifolds_2d.rs::nan_gives_an_empty_manifold,
/// tests/manifolds_3d.rs::nan_gives_an_empty_manifold).
/// Otherwise the normal is [`separation`]'s axis, bit for bit, and the
/// deepest point's separation is its distance within round-off
/// (tests/manifolds_2d.rs::manifold_agrees_with_penetration,
/// tests/manifolds_3d.rs::hull_manifolds_agree_with_penetration).
///
/// * A face contact (the axis is a face normal of A or of B, and that
///   shape lists its faces' vertices through [`Shape::face_vertex_count`]
///   and [`Shape::face_vertex`], or answers [`Shape::as_obb`]): the other
///   shape's [incident face](Shape::local_incident_face) is clipped to the
///   reference face's side planes (in 2D an edge, one or two points; in 3D
///   a polygon, reduced to at most four points). An incident shape without
///   listed faces is clipped as its core when that is a point or a
///   segment (a ball, a capsule).
/// * In 3D, an edge–edge contact ([`Feature::EdgePair`]): one point, at
///   the closest points of the two supporting edges.
/// * Otherwise (balls, the axis between two rounded cores, custom shapes
///   without face vertices): one point, at the incident shape's support
///   point along the normal, with the separation of [`separation`].
///
/// The reference face is the one [`separation`] chose: A's faces are
/// offered first and a face of B wins only when its gap is larger by more
/// than [`tie_tolerance`](crate::real::tie_tolerance) times the scale,
/// which keeps the normal that of [`penetration`](crate::penetration)
/// (docs/manifolds.md, "The bias").
///
/// The dimension is chosen at compile time through the sealed
/// [`ContactDim`], implemented for `Const<2>` and `Const<3>` only.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{contact_manifold, Capsule, ConvexPolygon, Pose2};
///
/// let ground = ConvexPolygon::new(&[
///     Point2::new(-4.0, -1.0), Point2::new(4.0, -1.0), Point2::new(4.0, 0.0), Point2::new(-4.0, 0.0),
/// ]).unwrap();
/// // A capsule lying on the ground, sunk by 0.125: two points, below its ends.
/// let log = Capsule::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.0), 0.5).unwrap();
/// let m = contact_manifold(&ground, &Pose2::identity(), &log, &Pose2::translation(0.0, 0.375), 0.0);
/// assert_eq!(m.normal().into_inner(), Vector2::y());
/// assert_eq!(m.len(), 2);
/// assert_eq!(m.points()[0].separation, -0.125);
/// assert_eq!(m.points()[0].on_a, Point2::new(-1.0, 0.0));
/// ```
///
/// In 3D, a crate resting flat on the ground: four points, at its corners.
///
/// ```
/// use nalgebra::{Point3, Vector3};
/// use separating_axis::{contact_manifold, Aabb, Pose3};
///
/// let ground = Aabb::<f64, 3>::new(Point3::new(-5.0, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0)).unwrap();
/// let crate_ = Aabb::new(Point3::new(-1.0, -1.0, 0.0), Point3::new(1.0, 1.0, 2.0)).unwrap();
/// let m = contact_manifold(&ground, &Pose3::identity(), &crate_, &Pose3::translation(0.0, 0.0, -0.25), 0.0);
/// assert_eq!(m.normal().into_inner(), Vector3::z());
/// assert_eq!(m.len(), 4);
/// for p in m.points() {
///     assert_eq!(p.separation, -0.25);
///     assert_eq!((p.on_b.x.abs(), p.on_b.y.abs(), p.on_b.z), (1.0, 1.0, -0.25));
/// }
/// ```
#[must_use]
pub fn contact_manifold<T, A, B, const N: usize>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
) -> Manifold<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    <Const<N> as ContactDim<T, N>>::manifold(a, pose_a, b, pose_b, margin)
}

mod sealed {
    /// Implemented for `Const<2>` and `Const<3>` only.
    pub trait Sealed {}
    impl Sealed for nalgebra::Const<2> {}
    impl Sealed for nalgebra::Const<3> {}
}

/// The dimensions [`contact_manifold`] exists in, each with its clipping:
/// `Const<2>` clips an edge (`src/manifold/two_d.rs`), `Const<3>` a face
/// (`src/manifold/three_d.rs`; two boxes take `src/manifold/box3.rs`,
/// which agrees with it, docs/manifolds.md, "Boxes"). Sealed: no other dimension can implement
/// it, so a manifold in another dimension does not compile. Code generic
/// over the dimension names it in its bounds:
///
/// ```
/// use nalgebra::Const;
/// use separating_axis::{contact_manifold, Ball, ContactDim, Pose, Shape};
///
/// /// How many contact points two shapes at these poses have.
/// fn count<S: Shape<f64, N>, const N: usize>(s: &S, a: &Pose<f64, N>, b: &Pose<f64, N>) -> usize
/// where
///     Const<N>: ContactDim<f64, N>,
/// {
///     contact_manifold(s, a, s, b, 0.0).len()
/// }
///
/// let ball = Ball::new(nalgebra::Point3::origin(), 1.0).unwrap();
/// let id = Pose::<f64, 3>::identity();
/// assert_eq!(count(&ball, &id, &nalgebra::Translation3::new(1.5, 0.0, 0.0).into()), 1);
/// ```
pub trait ContactDim<T: Real, const N: usize>: sealed::Sealed {
    /// [`contact_manifold`] in this dimension.
    #[must_use]
    fn manifold<A, B>(
        a: &A,
        pose_a: &Pose<T, N>,
        b: &B,
        pose_b: &Pose<T, N>,
        margin: T,
    ) -> Manifold<T, N>
    where
        A: Shape<T, N> + ?Sized,
        B: Shape<T, N> + ?Sized;
}

impl<T: Real> ContactDim<T, 2> for Const<2> {
    #[inline]
    fn manifold<A, B>(
        a: &A,
        pose_a: &Pose<T, 2>,
        b: &B,
        pose_b: &Pose<T, 2>,
        margin: T,
    ) -> Manifold<T, 2>
    where
        A: Shape<T, 2> + ?Sized,
        B: Shape<T, 2> + ?Sized,
    {
        run(a, pose_a, b, pose_b, margin, two_d::contacts)
    }
}

impl<T: Real> ContactDim<T, 3> for Const<3> {
    #[inline]
    fn manifold<A, B>(
        a: &A,
        pose_a: &Pose<T, 3>,
        b: &B,
        pose_b: &Pose<T, 3>,
        margin: T,
    ) -> Manifold<T, 3>
    where
        A: Shape<T, 3> + ?Sized,
        B: Shape<T, 3> + ?Sized,
    {
        // Two boxes (as `pair::route` finds them) take the box path.
        let (owned_a, owned_b);
        let box_a = match a.as_obb_ref() {
            Some(r) => Some(r),
            None => {
                owned_a = a.as_obb();
                owned_a.as_ref()
            }
        };
        if let Some(box_a) = box_a {
            let box_b = match b.as_obb_ref() {
                Some(r) => Some(r),
                None => {
                    owned_b = b.as_obb();
                    owned_b.as_ref()
                }
            };
            if let Some(box_b) = box_b {
                return run(box_a, pose_a, box_b, pose_b, margin, box3::contacts);
            }
        }
        run(a, pose_a, b, pose_b, margin, three_d::contacts)
    }
}

/// What every dimension shares: the SAT answer, the emptiness test, the
/// frames; then `contacts` (the dimension's clipping) and, when it gave
/// no point, the one-point contact at the support points.
fn run<T, A, B, const N: usize>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
    contacts: impl FnOnce(&mut Manifold<T, N>, &Frames<'_, T, N>, &A, &B, Feature, T),
) -> Manifold<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let sat = separation(a, pose_a, b, pose_b);
    let mut m = Manifold::empty(sat.axis);
    if !matches!(
        sat.distance.partial_cmp(&margin),
        Some(core::cmp::Ordering::Less | core::cmp::Ordering::Equal)
    ) {
        return m;
    }
    let pose_ab = pose_a.inv_mul(pose_b);
    let frames = Frames {
        pose_a,
        pose_ab: &pose_ab,
        normal: pose_a.rotation.inverse_transform_vector(&sat.axis),
        distance: sat.distance,
        radius_a: a.radius(),
        radius_b: b.radius(),
    };
    contacts(&mut m, &frames, a, b, sat.feature, margin);
    if m.is_empty() {
        one_point(&mut m, &frames, a, b, sat.feature);
    }
    m
}

/// The reference face a SAT feature names: `(side, index)` for a face
/// normal of A or of B.
fn reference_of(feature: Feature) -> Option<(Side, usize)> {
    match feature {
        Feature::FaceA(i) => Some((Side::A, i)),
        Feature::FaceB(i) => Some((Side::B, i)),
        _ => None,
    }
}

/// One point, at the incident shape's support point along the normal,
/// placed at the SAT distance from the other shape.
fn one_point<T, A, B, const N: usize>(
    m: &mut Manifold<T, N>,
    frames: &Frames<'_, T, N>,
    a: &A,
    b: &B,
    feature: Feature,
) where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let reference = reference_of(feature);
    let normal = frames.normal;
    let distance = frames.distance;
    m.reference = reference;
    // A round axis joins a core point of one shape to the nearest core
    // point of the other, but not always the globally nearest pair: the
    // contact is the candidate that lies closest to both surfaces among the
    // nearest core points found by two alternating projections (put at
    // the radii along the normal) and the two support points
    // (tests/manifolds_round.rs::round_contacts_lie_on_both_surfaces).
    // Otherwise a face of B makes A's support point the sure one, and any
    // other axis B's (the support along a face could be any of its
    // vertices).
    let id = ContactId {
        a: match reference {
            Some((Side::A, i)) => ContactFeature::Face(i),
            _ => ContactFeature::Support,
        },
        b: match reference {
            Some((Side::B, i)) => ContactFeature::Face(i),
            _ => ContactFeature::Support,
        },
    };
    let pose_ab = frames.pose_ab;
    let b_support = || {
        let dir_b = pose_ab.rotation.inverse_transform_vector(&-normal);
        *pose_ab * b.local_support_point(&dir_b)
    };
    let from_a = |on_a: Point<T, N>| (on_a, on_a + normal * distance);
    let from_b = |on_b: Point<T, N>| (on_b - normal * distance, on_b);
    let (on_a, on_b) = match feature {
        Feature::RoundA | Feature::RoundB => {
            let b_core = |x: &Point<T, N>| {
                *pose_ab * b.local_core_closest_point(&pose_ab.inverse_transform_point(x))
            };
            let p = a.local_core_closest_point(&b_support());
            let q = b_core(&p);
            let p = a.local_core_closest_point(&q);
            let q = b_core(&p);
            // How far a candidate pair is from lying on both surfaces.
            let off = |(x, y): &(Point<T, N>, Point<T, N>)| {
                ((x - a.local_core_closest_point(x)).norm() - a.radius()).abs()
                    + ((y - b_core(y)).norm() - b.radius()).abs()
            };
            let candidates = [
                from_a(p + normal * a.radius()),
                from_b(q - normal * b.radius()),
                from_a(a.local_support_point(&normal)),
                from_b(b_support()),
            ];
            let mut best = candidates[0];
            let mut best_off = off(&best);
            for c in &candidates[1..] {
                let o = off(c);
                if o < best_off {
                    best = *c;
                    best_off = o;
                }
            }
            best
        }
        _ if matches!(reference, Some((Side::B, _))) => from_a(a.local_support_point(&normal)),
        _ => from_b(b_support()),
    };
    m.push(frames.point(distance, on_a, on_b, id));
}

/// The poses, the SAT answer in A's frame and the radii every point is
/// placed with.
struct Frames<'p, T: Real, const N: usize> {
    pose_a: &'p Pose<T, N>,
    /// B's pose in A's local frame.
    pose_ab: &'p Pose<T, N>,
    /// The SAT axis in A's local frame (from A towards B).
    normal: SVector<T, N>,
    /// The SAT distance.
    distance: T,
    radius_a: T,
    radius_b: T,
}

impl<T: Real, const N: usize> Frames<'_, T, N> {
    /// Pushes a clipped point onto `m`: `p` (A's frame) on the incident
    /// feature, `height` above the reference face of `side`, whose
    /// outward normal is `ref_normal`; the point on the reference shape is
    /// `p` brought down to that face (out by its radius), the point on the
    /// incident shape `p` moved in by the incident radius; the features
    /// `on_reference` and `on_incident` make its id. Shared by the 2D and
    /// 3D clipping.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn push_clipped(
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
    fn point(
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
            local_b: self.pose_ab.inverse_transform_point(&on_b),
            id,
        }
    }
}

/// A shape's faces as clipping needs them: its own
/// [`Shape::face_vertex_count`] and [`Shape::face_vertex`], or those of the
/// box it answers through [`Shape::as_obb_ref`] / [`Shape::as_obb`].
struct Faces<'s, T: Real, S: Shape<T, N> + ?Sized, const N: usize> {
    shape: &'s S,
    obb: Option<Obb<T, N>>,
}

impl<'s, T: Real, S: Shape<T, N> + ?Sized, const N: usize> Faces<'s, T, S, N> {
    /// `None` when the shape lists no face vertices (nor is a box).
    fn new(shape: &'s S) -> Option<Self> {
        if shape.face_count() > 0 && shape.face_vertex_count(0) > 0 {
            return Some(Self { shape, obb: None });
        }
        let obb = shape.as_obb_ref().copied().or_else(|| shape.as_obb())?;
        (obb.face_vertex_count(0) > 0).then_some(Self {
            shape,
            obb: Some(obb),
        })
    }

    fn count(&self) -> usize {
        match &self.obb {
            Some(o) => o.face_count(),
            None => self.shape.face_count(),
        }
    }

    /// Face `i`'s outward normal (local).
    fn normal(&self, i: usize) -> SVector<T, N> {
        match &self.obb {
            Some(o) => o.local_face_normal(i).into_inner(),
            None => self.shape.local_face_normal(i).into_inner(),
        }
    }

    fn vertex_count(&self, i: usize) -> usize {
        match &self.obb {
            Some(o) => o.face_vertex_count(i),
            None => self.shape.face_vertex_count(i),
        }
    }

    /// The `k`-th vertex of face `i`: its core-vertex index and position
    /// (local).
    fn vertex(&self, i: usize, k: usize) -> (usize, Point<T, N>) {
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
    fn incident(&self, dir: &SVector<T, N>) -> Option<usize> {
        match &self.obb {
            Some(o) => o.local_incident_face(dir),
            None => self.shape.local_incident_face(dir),
        }
    }

    /// The face whose normal (from `normal_of`, in whatever frame `dir` is
    /// in) is most aligned with `dir`, the first of equals, and that
    /// normal: the reference face found again from the SAT axis.
    fn most_aligned(
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
