//! The generic SAT engine: one loop over candidate axes of `A − B`, for
//! every dimension and every pair of shapes.
//!
//! Everything is computed in A's local frame, with B placed there by the
//! relative pose `pose_ab = pose_a⁻¹ · pose_b`; only the winning axis is
//! rotated back to the world.
//!
//! ```text
//! separation(A, B):
//!     best = −∞
//!     for each candidate unit axis u, oriented from A towards B:
//!         d = −h_{A−B}(u) = min_{b∈B} u·b − max_{a∈A} u·a   // gap along u
//!         if d > best: best = (d, u)                          // first wins ties
//!         if only a boolean is wanted and d > 0: stop        // a separating axis
//!     return best        // > 0 separated, <= 0 overlapping with depth −best
//! ```
//!
//! The candidate axes, in the order they are tried (which also breaks ties):
//! A's face normals, the opposites of B's face normals, then for a ball A the
//! axis from its centre to B's nearest core point, and for a ball B the axis
//! from A's nearest core point to its centre. When no axis is defined (two
//! concentric balls) the first coordinate axis stands in.
//!
//! Why this is exact, and when: docs/sat-proof.md.

use core::ops::ControlFlow;

use nalgebra::{SVector, Unit};

use crate::real::is_nan;
use crate::shape::first_axis;
use crate::{Feature, MinkowskiDifference, Pose, Posed, Real, Separation, Shape, Support};

/// Calls `visit` with every candidate axis for the pair, in A's local
/// frame, each a unit vector oriented from A towards B. Stops early when
/// `visit` breaks.
///
/// ```
/// use core::ops::ControlFlow;
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{engine, Aabb, Ball, Feature, Pose2};
///
/// let square = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
/// let ball = Ball::new(Point2::origin(), 0.5).unwrap();
/// let mut features = Vec::new();
/// let _ = engine::for_each_candidate_axis(&square, &ball, &Pose2::translation(3.0, 2.0), |_, f| {
///     features.push(f);
///     ControlFlow::Continue(())
/// });
/// assert_eq!(features.len(), 5); // four faces of the square, the ball's axis
/// assert_eq!(features[4], Feature::RoundB);
/// ```
pub fn for_each_candidate_axis<T, const N: usize, A, B, F>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    mut visit: F,
) -> ControlFlow<()>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    F: FnMut(Unit<SVector<T, N>>, Feature) -> ControlFlow<()>,
{
    for i in 0..a.face_count() {
        visit(a.local_face_normal(i), Feature::FaceA(i))?;
    }
    for j in 0..b.face_count() {
        visit(
            -(pose_ab.rotation * b.local_face_normal(j)),
            Feature::FaceB(j),
        )?;
    }
    if let Some(c) = a.local_round_centre() {
        let in_b = pose_ab.inverse_transform_point(&c);
        let q = pose_ab * b.local_core_closest_point(&in_b);
        if let Some(u) = Unit::try_new(q - c, T::zero()) {
            visit(u, Feature::RoundA)?;
        }
    }
    if let Some(c) = b.local_round_centre() {
        let c = pose_ab * c;
        let q = a.local_core_closest_point(&c);
        if let Some(u) = Unit::try_new(c - q, T::zero()) {
            visit(u, Feature::RoundB)?;
        }
    }
    ControlFlow::Continue(())
}

/// The best separation of A and B over the candidate axes, in A's local
/// frame (B placed by `pose_ab`). With `stop_at_gap`, returns the first
/// axis with a positive gap instead of the best one.
///
/// NaN: the first NaN gap is returned as it is.
#[must_use]
pub fn local_separation<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    stop_at_gap: bool,
) -> Separation<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let md = MinkowskiDifference::new(a, Posed::new(b, pose_ab));
    let gap = |u: &SVector<T, N>| -md.local_support_value(u);
    let mut best = BestAxis::new(stop_at_gap);
    let _ = for_each_candidate_axis(a, b, pose_ab, |axis, feature| {
        best.offer(gap(&axis), axis, feature)
    });
    best.finish().unwrap_or_else(|| {
        let axis = Unit::new_unchecked(first_axis());
        Separation {
            distance: gap(&axis),
            axis,
            feature: Feature::Fallback,
        }
    })
}

/// The running best of the SAT loop, shared by the engine and the
/// specialised paths so that all of them break ties and treat NaN alike:
/// the first axis with the largest gap wins, and a NaN gap ends the loop and
/// is reported.
pub(crate) struct BestAxis<T: Real, const N: usize> {
    best: Option<Separation<T, N>>,
    stop_at_gap: bool,
}

impl<T: Real, const N: usize> BestAxis<T, N> {
    /// An empty tracker; with `stop_at_gap` the loop ends at the first
    /// positive gap.
    #[inline]
    pub(crate) fn new(stop_at_gap: bool) -> Self {
        Self {
            best: None,
            stop_at_gap,
        }
    }

    /// Offers the gap along one candidate axis; `Break` when the loop may end.
    #[inline]
    pub(crate) fn offer(
        &mut self,
        distance: T,
        axis: Unit<SVector<T, N>>,
        feature: Feature,
    ) -> ControlFlow<()> {
        if is_nan(distance) || self.best.is_none_or(|s| distance > s.distance) {
            self.best = Some(Separation {
                distance,
                axis,
                feature,
            });
        }
        if is_nan(distance) || (self.stop_at_gap && distance > T::zero()) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The best axis offered, if any was.
    #[inline]
    pub(crate) fn finish(self) -> Option<Separation<T, N>> {
        self.best
    }
}

/// The generic engine's [`Separation`] of two posed shapes, in the world
/// frame. [`crate::separation`] calls it for every pair without a
/// specialised path; it is public so that tests and benches can compare.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{engine, Ball, Pose2};
///
/// let a = Ball::new(Point2::origin(), 1.0).unwrap();
/// let s = engine::separation(&a, &Pose2::identity(), &a, &Pose2::translation(3.0, 0.0));
/// assert_eq!(s.distance, 1.0);
/// ```
#[must_use]
pub fn separation<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Separation<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let local = local_separation(a, b, &pose_a.inv_mul(pose_b), false);
    Separation {
        axis: pose_a.rotation * local.axis,
        ..local
    }
}

/// The generic engine's overlap test: stops at the first separating axis.
/// Touching counts as intersecting; NaN input gives `false`.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{engine, Ball, Pose2};
///
/// let a = Ball::new(Point2::origin(), 1.0).unwrap();
/// assert!(engine::intersects(&a, &Pose2::identity(), &a, &Pose2::translation(2.0, 0.0)));
/// ```
#[must_use]
pub fn intersects<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    local_separation(a, b, &pose_a.inv_mul(pose_b), true).distance <= T::zero()
}

/// Whether `inner` lies entirely in `outer` (boundaries may touch).
///
/// A container with faces is the intersection of its face half-spaces, so
/// `inner ⊆ outer` iff `h_inner(n) <= h_outer(n)` for every face normal `n`;
/// a ball contains `inner` iff it contains `inner`'s farthest point from its
/// centre. A custom container with neither faces nor a centre is reported as
/// containing nothing. NaN input gives `false`.
#[must_use]
pub fn contains<T, const N: usize, O, I>(
    outer: &O,
    pose_outer: &Pose<T, N>,
    inner: &I,
    pose_inner: &Pose<T, N>,
) -> bool
where
    T: Real,
    O: Shape<T, N> + ?Sized,
    I: Shape<T, N> + ?Sized,
{
    let rel = pose_outer.inv_mul(pose_inner);
    if let Some(c) = outer.local_round_centre() {
        let far = rel * inner.local_farthest_point(&rel.inverse_transform_point(&c));
        return outer.local_contains_point(&far);
    }
    let inner = Posed::new(inner, &rel);
    outer.face_count() > 0
        && (0..outer.face_count()).all(|i| {
            let n = outer.local_face_normal(i);
            inner.local_support_value(&n) <= outer.local_support_value(&n)
        })
}
