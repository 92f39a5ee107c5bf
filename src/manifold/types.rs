//! The results of [`contact_manifold`](super::contact_manifold): the
//! [`Manifold`], its [`ContactPoint`]s and the feature ids that name them.

use nalgebra::{Point, SVector, Unit};

use crate::Real;

pub use crate::result::MAX_CONTACT_POINTS;

/// One of the two shapes of a pair.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{contact_manifold, Aabb, Pose2, Side};
///
/// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
/// let plank = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.5)).unwrap();
/// let m = contact_manifold(&ground, &Pose2::identity(), &plank, &Pose2::translation(0.0, -0.1), 0.0);
/// assert_eq!(m.reference().map(|(side, _)| side), Some(Side::A)); // the ground's face
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{contact_manifold, Aabb, ContactFeature, Pose2};
///
/// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
/// let plank = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.5)).unwrap();
/// let m = contact_manifold(&ground, &Pose2::identity(), &plank, &Pose2::translation(0.0, -0.1), 0.0);
/// for p in m.points() {
///     // The ground's top face against one of the plank's bottom corners.
///     assert_eq!(p.id.a, ContactFeature::Face(1));
///     assert!(matches!(p.id.b, ContactFeature::Vertex(_)));
/// }
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ContactFeature {
    /// Face `i` ([`Shape::local_face_normal`](crate::Shape::local_face_normal); an edge in 2D).
    Face(usize),
    /// Core vertex `i` ([`Shape::local_core_vertex`](crate::Shape::local_core_vertex)).
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
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{contact_manifold, Aabb, Pose2};
///
/// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
/// let plank = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 0.5)).unwrap();
/// let id = Pose2::identity();
/// let before = contact_manifold(&ground, &id, &plank, &Pose2::translation(0.0, -0.1), 0.0);
/// let after = contact_manifold(&ground, &id, &plank, &Pose2::new(nalgebra::Vector2::new(1e-4, -0.1), 1e-4), 0.0);
/// // A small motion keeps the ids (the points keep their order too).
/// let ids = |m: &separating_axis::Manifold<f64, 2>| m.points().iter().map(|p| p.id).collect::<Vec<_>>();
/// assert_eq!(ids(&before), ids(&after));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ContactId {
    /// The feature of A.
    pub a: ContactFeature,
    /// The feature of B.
    pub b: ContactFeature,
}

/// One contact point of a [`Manifold`].
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{contact_manifold, Ball, Pose2};
///
/// let b = Ball::new(Point2::origin(), 1.0).unwrap();
/// let m = contact_manifold(&b, &Pose2::identity(), &b, &Pose2::translation(1.5, 0.0), 0.0);
/// let p = m.points()[0];
/// assert_eq!(p.separation, -0.5);
/// assert_eq!(p.on_b, p.on_a + m.normal().into_inner() * p.separation);
/// assert_eq!(p.local_b, Point2::new(-1.0, 0.0)); // on B, in B's frame
/// # let _ = Vector2::<f64>::x();
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[derive(Clone, Copy)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::serde_support::RawManifold<T, N>",
        try_from = "crate::serde_support::RawManifold<T, N>"
    )
)]
pub struct Manifold<T: Real, const N: usize> {
    normal: Unit<SVector<T, N>>,
    points: [ContactPoint<T, N>; MAX_CONTACT_POINTS],
    len: usize,
    /// Set by the clipping (`super::two_d`, `super::three_d`, …).
    pub(crate) reference: Option<(Side, usize)>,
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

/// Equal when the normals, the points in use and the reference faces are
/// equal: the unused slots, which keep whatever an earlier contact left
/// in a manifold [`contact_manifold_into`](crate::contact_manifold_into)
/// refilled, are not compared
/// (tests/manifolds_into.rs::refilled_manifolds_equal_fresh_ones).
impl<T: Real, const N: usize> PartialEq for Manifold<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.normal == other.normal
            && self.points() == other.points()
            && self.reference == other.reference
    }
}

impl<T: Real, const N: usize> Default for Manifold<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Real, const N: usize> Manifold<T, N> {
    /// An empty manifold with a zero normal: a slot for
    /// [`contact_manifold_into`](crate::contact_manifold_into) to fill, as
    /// an engine keeps one per pair across frames (also [`Default`]).
    ///
    /// ```
    /// use separating_axis::Manifold;
    ///
    /// let m = Manifold::<f64, 3>::new();
    /// assert!(m.is_empty());
    /// assert_eq!(m.normal().into_inner(), nalgebra::Vector3::zeros());
    /// assert_eq!(m, Manifold::default());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::empty(Unit::new_unchecked(SVector::zeros()))
    }

    /// No points, with `normal`.
    pub(crate) fn empty(normal: Unit<SVector<T, N>>) -> Self {
        Self {
            normal,
            points: [ContactPoint::unused(); MAX_CONTACT_POINTS],
            len: 0,
            reference: None,
        }
    }

    /// Empties the manifold in place and sets its normal (the unused
    /// slots keep what they held; only `points()` is read).
    pub(crate) fn restart(&mut self, normal: Unit<SVector<T, N>>) {
        self.normal = normal;
        self.len = 0;
        self.reference = None;
    }

    /// Keeps only the points `keep` accepts, in their order (the normal
    /// and the reference face stay).
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&ContactPoint<T, N>) -> bool) {
        let mut kept = 0;
        for k in 0..self.len {
            if keep(&self.points[k]) {
                self.points[kept] = self.points[k];
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Appends a point (ignored beyond [`MAX_CONTACT_POINTS`]).
    /// Sets the normal, the points kept as they are.
    pub(crate) fn set_normal(&mut self, normal: Unit<SVector<T, N>>) {
        self.normal = normal;
    }

    /// Calls `f` on each point with its index, in order, and keeps the
    /// points for which it returns `true` (in order, compacted).
    pub(crate) fn update(&mut self, mut f: impl FnMut(usize, &mut ContactPoint<T, N>) -> bool) {
        let mut kept = 0;
        for k in 0..self.len {
            let mut p = self.points[k];
            if f(k, &mut p) {
                self.points[kept] = p;
                kept += 1;
            }
        }
        self.len = kept;
    }

    pub(crate) fn push(&mut self, p: ContactPoint<T, N>) {
        if let Some(slot) = self.points.get_mut(self.len) {
            *slot = p;
            self.len += 1;
        }
    }

    /// The unit normal in the world frame, from A towards B: the axis of
    /// [`separation`](crate::separation) (so [`penetration`](crate::penetration)'s normal when
    /// the shapes overlap) whenever they are within the margin. When the
    /// manifold is empty because the shapes are apart by more than the
    /// margin, an axis along which they are apart by more than the margin
    /// (the first the SAT found, not necessarily `separation`'s best:
    /// tests/manifolds_gate.rs::empty_manifolds_have_a_separating_normal);
    /// NaN or arbitrary when an input was NaN.
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
