//! Contact manifolds: the contact points of two touching or nearly touching
//! shapes, with feature ids that stay the same from one frame to the next.
//!
//! The normal and the depth are the SAT answer of [`separation`](crate::separation)
//! (so they equal [`penetration`](crate::penetration)'s exactly); the
//! points come from clipping, as in Box2D's `b2ClipPolygons`
//! (docs/manifolds.md):
//!
//! ```text
//! contact_manifold(A, B, margin):                            mod.rs
//!     s = the first-gap SAT; apart by more than margin, or NaN   gate.rs
//!                              → empty, normal = that first gap's axis
//!     else s = separation(A, B)                normal n (A → B), distance d
//!     s.feature = face of A    → reference = A's face most aligned with  n
//!     s.feature = face of B    → reference = A's face most aligned with n,
//!                                unless B's beats its gap by 0.001·size:
//!                                B's face most aligned with −n (prefer_face.rs)
//!     incident = the other shape's local_incident_face(reference normal)
//!     2D: clip the incident edge to the reference face's two side planes  two_d.rs
//!         (an incident vertex outside by at most SIDE_SLOP of the edge: kept)
//!         (two boxes: in the reference box's frame)                         box2.rs
//!     3D: clip the incident face (or a segment core) to the reference     three_d.rs
//!         (two boxes: in the reference box's frame)                         box3.rs
//!         face's side planes (Sutherland–Hodgman), reduce to four points
//!     apart, closest features off the face (distance > gap + 0.001·size)
//!                              → one point at the closest points   speculative.rs
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

use nalgebra::Const;

use crate::{Feature, Pose, Real, Shape};

mod box2;
mod box3;
mod box_frame;
mod frames;
mod gate;
mod one_point;
mod prefer_face;
mod recycle;
mod speculative;
mod three_d;
mod two_d;
mod types;

use frames::{Faces, Frames};
use gate::{gate, Gate};
use one_point::one_point;
pub use recycle::{contact_manifold_recycled, ContactCache};
pub use types::{ContactFeature, ContactId, ContactPoint, Manifold, Side, MAX_CONTACT_POINTS};

/// The contact manifold of two shapes, in 2D or 3D: the normal of
/// [`separation`](crate::separation) and up to two (2D) or four (3D) contact points whose
/// separation is at most `margin`.
///
/// Empty when the shapes are apart by more than `margin`, or when an input
/// (a pose, the margin) is NaN (tests/manifolds_2d.rs::nan_gives_an_empty_manifold,
/// tests/manifolds_3d.rs::nan_gives_an_empty_manifold). The normal of a
/// manifold empty because the shapes are apart is an axis from A towards
/// B along which they are apart by more than `margin`: the first the SAT
/// finds (the axis [`penetration`](crate::penetration) stops on), not
/// necessarily [`separation`](crate::separation)'s best one, so that such
/// pairs end early (tests/manifolds_gate.rs::empty_manifolds_have_a_separating_normal).
/// Otherwise the normal is [`separation`](crate::separation)'s axis, bit for bit (but for
/// the bias toward A below, and 3D faces before edges), and the
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
/// * Apart by less than `margin`, with the closest features off the SAT's
///   face or edge pair (a corner passing a corner: the exact distance
///   exceeds the SAT's gap by more than 0.001 of the size): one point at
///   the [`closest_points`](crate::closest_points), separation the exact
///   distance, normal their direction from A to B, no reference face; empty
///   when that distance exceeds `margin` (docs/manifolds.md, "Speculative
///   points"; tests/manifolds_speculative.rs::corners_take_the_distance_2d).
/// * Otherwise (balls, the axis between two rounded cores, custom shapes
///   without face vertices): one point, at the incident shape's support
///   point along the normal, with the separation of [`separation`](crate::separation).
///
/// The reference face is the one [`separation`](crate::separation) chose,
/// except that where it chose a face of B, A's face most aligned with the
/// axis is taken unless B's gap is larger by more than 0.001 of the
/// shapes' size: the normal is then A's face normal, not
/// [`penetration`](crate::penetration)'s, and the ids do not change when
/// two parallel faces trade places by round-off (docs/manifolds.md, "The
/// bias toward A"; tests/manifolds_ids.rs::aligned_stacks_keep_their_ids_2d).
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
pub fn contact_manifold<T, const N: usize, A, B>(
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

/// [`contact_manifold`] written into `out`, which an engine keeps per pair
/// from frame to frame (as parry's `contact_manifold_*` functions and
/// Box2D's `b2Manifold` are used): the same answer to the bit, without
/// building a fresh manifold (four unused slots to fill, 104 bytes each in
/// `f32` 3D) and without moving it into place. Whatever `out` held is
/// replaced: normal, points, reference face; `out` compares equal to
/// [`contact_manifold`]'s answer (tests/manifolds_into.rs::refilled_manifolds_equal_fresh_ones).
/// No allocation (tests/no_alloc.rs). NaN input: as [`contact_manifold`].
///
/// To match this frame's points with last frame's (warm starting by
/// [`ContactId`]), copy the old manifold first: it is a `Copy` value.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{contact_manifold, contact_manifold_into, Aabb, Manifold, Pose3};
///
/// let ground = Aabb::<f64, 3>::new(Point3::new(-5.0, -5.0, -1.0), Point3::new(5.0, 5.0, 0.0)).unwrap();
/// let crate_ = Aabb::new(Point3::new(-1.0, -1.0, 0.0), Point3::new(1.0, 1.0, 2.0)).unwrap();
/// let mut m = Manifold::new();
/// for step in 0..3 {
///     let pose = Pose3::translation(0.0, 0.0, -0.25 + 0.125 * step as f64);
///     contact_manifold_into(&ground, &Pose3::identity(), &crate_, &pose, 0.0, &mut m);
///     assert_eq!(m, contact_manifold(&ground, &Pose3::identity(), &crate_, &pose, 0.0));
/// }
/// assert_eq!(m.len(), 4); // resting on the ground: touching, depth 0
/// assert!(m.points().iter().all(|p| p.separation == 0.0));
/// ```
pub fn contact_manifold_into<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
    out: &mut Manifold<T, N>,
) where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    <Const<N> as ContactDim<T, N>>::manifold_into(out, a, pose_a, b, pose_b, margin);
}

mod sealed {
    /// Implemented for `Const<2>` and `Const<3>` only.
    pub trait Sealed {}
    impl Sealed for nalgebra::Const<2> {}
    impl Sealed for nalgebra::Const<3> {}
}

/// The dimensions [`contact_manifold`] exists in, each with its clipping:
/// `Const<2>` clips an edge (`src/manifold/two_d.rs`), `Const<3>` a face
/// (`src/manifold/three_d.rs`); in both, two boxes take a box path
/// (`src/manifold/box2.rs`, `box3.rs`) that clips in the reference box's
/// frame and agrees with the generic one (docs/manifolds.md, "Boxes"). Sealed: no other dimension can implement
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
    ///
    /// ```
    /// use nalgebra::{Const, Point2};
    /// use separating_axis::{Ball, ContactDim, Pose2};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let m = <Const<2> as ContactDim<f64, 2>>::manifold(
    ///     &ball, &Pose2::identity(), &ball, &Pose2::translation(1.5, 0.0), 0.0,
    /// );
    /// assert_eq!(m.points()[0].separation, -0.5);
    /// ```
    #[must_use]
    #[inline]
    fn manifold<A, B>(
        a: &A,
        pose_a: &Pose<T, N>,
        b: &B,
        pose_b: &Pose<T, N>,
        margin: T,
    ) -> Manifold<T, N>
    where
        A: Shape<T, N> + ?Sized,
        B: Shape<T, N> + ?Sized,
    {
        // Built in place: returned once, never moved between the paths.
        let mut m = Manifold::new();
        Self::manifold_into(&mut m, a, pose_a, b, pose_b, margin);
        m
    }

    /// [`contact_manifold_into`] in this dimension.
    ///
    /// ```
    /// use nalgebra::{Const, Point2};
    /// use separating_axis::{Ball, ContactDim, Manifold, Pose2};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let mut m = Manifold::new();
    /// <Const<2> as ContactDim<f64, 2>>::manifold_into(
    ///     &mut m, &ball, &Pose2::identity(), &ball, &Pose2::translation(1.5, 0.0), 0.0,
    /// );
    /// assert_eq!(m.points()[0].separation, -0.5);
    /// ```
    fn manifold_into<A, B>(
        m: &mut Manifold<T, N>,
        a: &A,
        pose_a: &Pose<T, N>,
        b: &B,
        pose_b: &Pose<T, N>,
        margin: T,
    ) where
        A: Shape<T, N> + ?Sized,
        B: Shape<T, N> + ?Sized;

    /// The manifold clipped on the face `face` names (`FaceA(i)` or
    /// `FaceB(j)`), whatever the SAT's axis: its normal is that face's,
    /// its separation the gap along it. Not public API (the compounds'
    /// seams use it); the trait is sealed.
    ///
    /// ```
    /// use nalgebra::{Const, Point2, Vector2};
    /// use separating_axis::{Aabb, ContactDim, Feature, Manifold, Pose2};
    ///
    /// let tile = Aabb::new(Point2::new(0.0, -1.0), Point2::new(1.0, 0.0)).unwrap();
    /// let crate_ = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(0.0, 1.0)).unwrap();
    /// // Sunk 0.01, 0.005 past the tile's left side: the SAT's axis is x.
    /// let at = Pose2::translation(0.005, -0.01);
    /// let mut m = Manifold::new();
    /// <Const<2> as ContactDim<f64, 2>>::face_manifold_into(
    ///     &mut m, &tile, &Pose2::identity(), &crate_, &at, Feature::FaceA(1), 0.0,
    /// );
    /// assert_eq!(m.normal().into_inner(), Vector2::y()); // the tile's top
    /// assert!((m.points()[0].separation + 0.01).abs() < 1e-15);
    /// ```
    #[doc(hidden)]
    fn face_manifold_into<A, B>(
        m: &mut Manifold<T, N>,
        a: &A,
        pose_a: &Pose<T, N>,
        b: &B,
        pose_b: &Pose<T, N>,
        face: Feature,
        margin: T,
    ) where
        A: Shape<T, N> + ?Sized,
        B: Shape<T, N> + ?Sized;
}

impl<T: Real> ContactDim<T, 2> for Const<2> {
    #[inline]
    fn manifold_into<A, B>(
        m: &mut Manifold<T, 2>,
        a: &A,
        pose_a: &Pose<T, 2>,
        b: &B,
        pose_b: &Pose<T, 2>,
        margin: T,
    ) where
        A: Shape<T, 2> + ?Sized,
        B: Shape<T, 2> + ?Sized,
    {
        // Two boxes (as `pair::route` finds them) take the box path.
        if crate::pair::with_boxes(a, b, |box_a, box_b| {
            box_frame::run_boxes(m, (box_a, pose_a), (box_b, pose_b), margin, box2::contacts);
        })
        .is_err()
        {
            run(m, a, pose_a, b, pose_b, margin, two_d::contacts);
        }
    }

    #[inline]
    fn face_manifold_into<A, B>(
        m: &mut Manifold<T, 2>,
        a: &A,
        pose_a: &Pose<T, 2>,
        b: &B,
        pose_b: &Pose<T, 2>,
        face: Feature,
        margin: T,
    ) where
        A: Shape<T, 2> + ?Sized,
        B: Shape<T, 2> + ?Sized,
    {
        run_face(m, (a, pose_a), (b, pose_b), face, margin, two_d::contacts);
    }
}

impl<T: Real> ContactDim<T, 3> for Const<3> {
    #[inline]
    fn manifold_into<A, B>(
        m: &mut Manifold<T, 3>,
        a: &A,
        pose_a: &Pose<T, 3>,
        b: &B,
        pose_b: &Pose<T, 3>,
        margin: T,
    ) where
        A: Shape<T, 3> + ?Sized,
        B: Shape<T, 3> + ?Sized,
    {
        // Two boxes (as `pair::route` finds them) take the box path.
        if crate::pair::with_boxes(a, b, |box_a, box_b| {
            box_frame::run_boxes(m, (box_a, pose_a), (box_b, pose_b), margin, box3::contacts);
        })
        .is_err()
        {
            run(m, a, pose_a, b, pose_b, margin, three_d::contacts);
        }
    }

    #[inline]
    fn face_manifold_into<A, B>(
        m: &mut Manifold<T, 3>,
        a: &A,
        pose_a: &Pose<T, 3>,
        b: &B,
        pose_b: &Pose<T, 3>,
        face: Feature,
        margin: T,
    ) where
        A: Shape<T, 3> + ?Sized,
        B: Shape<T, 3> + ?Sized,
    {
        run_face(m, (a, pose_a), (b, pose_b), face, margin, three_d::contacts);
    }
}

/// What every dimension shares: the SAT answer and the emptiness test (`gate.rs`), the
/// frames; then `contacts` (the dimension's clipping) and, when it gave
/// no point, the one-point contact at the support points. Writes into
/// `m` (restarted), so that the manifold is not copied on its way out.
fn run<T, A, B, const N: usize>(
    m: &mut Manifold<T, N>,
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
    contacts: impl Fn(&mut Manifold<T, N>, &Frames<'_, T, N>, &A, &B, Feature, T),
) where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let sat = match gate(a, pose_a, b, pose_b, margin) {
        Gate::Apart(normal) => {
            m.restart(normal);
            return;
        }
        Gate::Within(sat) => sat,
    };
    if speculative::closest_feature_point(m, (a, pose_a), (b, pose_b), &sat, margin) {
        return;
    }
    m.restart(sat.axis);
    let mut frames = Frames {
        pose_a,
        pose_b,
        pose_ab: core::cell::OnceCell::new(),
        normal: pose_a.rotation.inverse_transform_vector(&sat.axis),
        distance: sat.distance,
        radius_a: a.radius(),
        radius_b: b.radius(),
    };
    // The bias toward A: A's face when B's, the SAT's, does not beat it
    // by the tolerance (`prefer_face::b_face_wins`); B's when A's clips
    // empty.
    if let Feature::FaceB(_) = sat.feature
        && let Some((f, n, gap)) = a_face_instead(a, b, &frames, sat.distance)
    {
        let (sat_normal, sat_distance) = (frames.normal, frames.distance);
        m.restart(nalgebra::Unit::new_unchecked(pose_a.rotation * n));
        (frames.normal, frames.distance) = (n, gap);
        contacts(m, &frames, a, b, Feature::FaceA(f), margin);
        if !m.is_empty() {
            keep_apart(m, sat.distance, pose_b);
            return;
        }
        m.restart(sat.axis);
        (frames.normal, frames.distance) = (sat_normal, sat_distance);
    }
    contacts(m, &frames, a, b, sat.feature, margin);
    if m.is_empty() {
        one_point(m, &frames, a, b, sat.feature);
    }
    keep_apart(m, sat.distance, pose_b);
}

/// The manifold's verdict made the SAT's, which `intersects` shares: a
/// clipped point's height equals the SAT's gap in exact arithmetic where
/// it decides, but its own round-off can put it on the other side of zero
/// (a polygon–box pair apart by 8.3e-17 listed a point at 0.0; a touching
/// pair's only point came out at +1.9e-16). Apart (`distance > 0`): a point
/// at or below zero is raised to the gap. Touching or overlapping: when no
/// point is at or below zero, the deepest is lowered to the SAT's
/// distance. B's anchor moves along the normal by as much (round-off), so
/// `on_b = on_a + normal · separation` holds
/// (`tests/consistency.rs::apart_manifolds_never_touch`).
pub(super) fn keep_apart<T: Real, const N: usize>(
    m: &mut Manifold<T, N>,
    distance: T,
    pose_b: &Pose<T, N>,
) {
    if crate::real::is_nan(distance) || m.is_empty() {
        return;
    }
    let apart = distance > T::zero();
    let touches = m.points().iter().any(|p| p.separation <= T::zero());
    if apart != touches {
        return;
    }
    let deepest = m
        .points()
        .iter()
        .enumerate()
        .fold((0, m.points()[0].separation), |best, (k, p)| {
            if p.separation < best.1 {
                (k, p.separation)
            } else {
                best
            }
        })
        .0;
    let n = m.normal().into_inner();
    m.update(|k, p| {
        if (apart && p.separation <= T::zero()) || (!apart && k == deepest) {
            p.separation = distance;
            p.on_b = p.on_a + n * distance;
            p.local_b = pose_b.inverse_transform_point(&p.on_b);
        }
        true
    });
}

/// The manifold clipped on a given face, `FaceA(i)` or `FaceB(j)` (any
/// other feature leaves `m` empty): the normal is that face's (from A
/// towards B), the separation the gap along it, the points the
/// dimension's clipping (or the one point at the support points). Empty
/// when the gap exceeds `margin` or is NaN. The SAT is not asked: this is
/// the contact a caller that knows the surface (a compound's seams,
/// `compound/seams.rs`) takes where the SAT's axis is a ghost.
fn run_face<T, A, B, const N: usize>(
    m: &mut Manifold<T, N>,
    (a, pose_a): (&A, &Pose<T, N>),
    (b, pose_b): (&B, &Pose<T, N>),
    face: Feature,
    margin: T,
    contacts: impl Fn(&mut Manifold<T, N>, &Frames<'_, T, N>, &A, &B, Feature, T),
) where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let pose_ab = pose_a.inv_mul(pose_b);
    let n = match face {
        Feature::FaceA(i) if i < a.face_count() => a.local_face_normal(i).into_inner(),
        Feature::FaceB(j) if j < b.face_count() => {
            -(pose_ab.rotation * b.local_face_normal(j).into_inner())
        }
        _ => {
            m.restart(nalgebra::Unit::new_unchecked(crate::shape::first_axis()));
            return;
        }
    };
    let (gap, _, _) = gap_along(a, b, &pose_ab, &n);
    m.restart(nalgebra::Unit::new_unchecked(pose_a.rotation * n));
    // NaN or beyond the margin: empty.
    if gap
        .partial_cmp(&margin)
        .is_none_or(|o| o == core::cmp::Ordering::Greater)
    {
        return;
    }
    let frames = Frames {
        pose_a,
        pose_b,
        pose_ab: core::cell::OnceCell::from(pose_ab),
        normal: n,
        distance: gap,
        radius_a: a.radius(),
        radius_b: b.radius(),
    };
    contacts(m, &frames, a, b, face, margin);
    if m.is_empty() {
        one_point(m, &frames, a, b, face);
    }
}

/// The gap between `a` and `b` (B's pose in A's frame `pose_ab`) along
/// `n` (A's frame, from A towards B): `min over B of n·x − max over A`,
/// with the two intervals it came from.
pub(crate) fn gap_along<T, A, B, const N: usize>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    n: &nalgebra::SVector<T, N>,
) -> (T, crate::Interval<T>, crate::Interval<T>)
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let ia = a.local_interval(n);
    let ib = b.local_interval(&pose_ab.rotation.inverse_transform_vector(n));
    (ib.min + n.dot(&pose_ab.translation.vector) - ia.max, ia, ib)
}

/// A's face to take instead of B's face of gap `gap_b` (the SAT's): A's
/// face most aligned with the SAT axis, its outward normal (A's frame)
/// and its gap, when B's face does not beat it by the tolerance of
/// [`prefer_face::b_face_wins`]; `None` when it does, or A lists no faces.
fn a_face_instead<T, A, B, const N: usize>(
    a: &A,
    b: &B,
    frames: &Frames<'_, T, N>,
    gap_b: T,
) -> Option<(usize, nalgebra::SVector<T, N>, T)>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let fa = Faces::new(a)?;
    let (f, n) = fa.most_aligned(|i| fa.normal(i), &frames.normal);
    let pose_ab = frames.pose_ab();
    let (gap, ia, ib) = gap_along(a, b, pose_ab, &n);
    let two = T::one() + T::one();
    let size = ((ia.max - ia.min) / two).min((ib.max - ib.min) / two);
    (!prefer_face::b_face_wins(gap_b, gap, size)).then_some((f, n, gap))
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

/// How far outside a reference face's side plane an incident vertex may
/// lie and still count as inside, as a fraction of the length of the
/// reference edge the plane goes through: such a vertex is kept where it
/// is and keeps its id (reference face, incident vertex), instead of
/// being cut to a crossing named by the reference vertex or edge. Without
/// it, two equal boxes stacked corner on corner changed ids under a motion
/// of 1e-6 (docs/manifolds.md, "Why the ids are stable"); `1e-3` keeps
/// them under jitters of 1e-4 of the size and is Box2D's `0.1 ·
/// linearSlop` on a 0.5 m face. The kept point then lies outside the
/// reference face (not its plane) by at most that much.
const SIDE_SLOP: f64 = 1e-3;

/// [`SIDE_SLOP`] as a `T`.
#[inline]
fn side_slop<T: Real>() -> T {
    nalgebra::convert(SIDE_SLOP)
}
