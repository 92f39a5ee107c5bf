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
//! A's face normals, the opposites of B's face normals, in 3D the cross
//! products of edge pairs, then for a rounded A (ball, capsule) the axes
//! between its core and B's nearest core points, and the same for a rounded
//! B. When no axis is defined (two concentric balls) the first coordinate
//! axis stands in.
//!
//! Why this is exact, and when: docs/sat-proof.md.

use core::ops::ControlFlow;

use nalgebra::{SVector, Unit};

use crate::axis_search::{BestAxis, Gap};
use crate::geometry::{orient, unit_cross3};
use crate::round_axes::round_axes;
use crate::{Feature, MinkowskiDifference, Pose, Posed, Real, Separation, Shape, Support};

pub use crate::axis_search::Scan;
#[doc(hidden)]
pub use crate::geometry::is_minkowski_face;

/// Calls `visit` with every candidate axis for the pair, in A's local
/// frame, each a unit vector oriented from A towards B, its feature, and
/// for a round axis an upper bound of its gap (`|q − p| − r_A − r_B` for
/// the two core points it joins, exact when they are a nearest pair).
/// Stops early when `visit` breaks.
///
/// The visitor takes three arguments, `visit(axis, feature, bound)`: the
/// third, `bound: Option<T>`, is `None` for face, edge and N-D axes and
/// `Some` for the rounded-core axes (it was added so that the engine can cap
/// a round axis's gap by the distance of the core points it joins).
///
/// ```
/// use core::ops::ControlFlow;
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{engine, Aabb, Ball, Feature, Pose2};
///
/// let square = Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0)).unwrap();
/// let ball = Ball::new(Point2::origin(), 0.5).unwrap();
/// let mut features = Vec::new();
/// let _ = engine::for_each_candidate_axis(&square, &ball, &Pose2::translation(3.0, 2.0), |_, f, _| {
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
    F: FnMut(Unit<SVector<T, N>>, Feature, Option<T>) -> ControlFlow<()>,
{
    for i in 0..a.face_count() {
        visit(a.local_face_normal(i), Feature::FaceA(i), None)?;
    }
    for j in 0..b.face_count() {
        visit(
            -(pose_ab.rotation * b.local_face_normal(j)),
            Feature::FaceB(j),
            None,
        )?;
    }
    if N == 3 {
        for_each_edge_axis(a, b, pose_ab, &mut |u, f| visit(u, f, None))?;
    }
    if N > 3 {
        crate::nd::extra_axes(a, b, pose_ab, &mut |u, f| visit(u, f, None))?;
    }
    if a.radius() > T::zero() {
        round_axes(a, b, pose_ab, false, &mut visit)?;
    }
    if b.radius() > T::zero() {
        round_axes(a, b, pose_ab, true, &mut visit)?;
    }
    ControlFlow::Continue(())
}

/// The edge–edge axes (3D): the cross product of an edge of A with an edge
/// of B, for the pairs that can form a face of `A − B`.
///
/// A pair is skipped when both edges know their faces and their arcs do not
/// cross on the Gauss map ([`is_minkowski_face`]), or when the computed
/// cross product is exactly zero (docs/sat-proof.md §11 shows the face axes
/// cover exactly parallel edges; nearly parallel ones are tested, along
/// whatever direction the floats give, see `geometry::unit_cross3`). The axis is
/// oriented from A to B by A's faces when A knows them, else by B's, else
/// both orientations are tried.
fn for_each_edge_axis<T, const N: usize, A, B, F>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    visit: &mut F,
) -> ControlFlow<()>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    F: FnMut(Unit<SVector<T, N>>, Feature) -> ControlFlow<()>,
{
    // The pair tests run in B's frame, so that each of A's edges is rotated
    // once and B's edges not at all; only a surviving axis is rotated back.
    let rot = &pose_ab.rotation;
    for i in 0..a.edge_count() {
        let ea = a.local_edge(i);
        let ea_dir = rot.inverse_transform_vector(&ea.direction);
        let ea_faces = ea.faces.map(|[n1, n2]| {
            [
                rot.inverse_transform_vector(&n1),
                rot.inverse_transform_vector(&n2),
            ]
        });
        for j in 0..b.edge_count() {
            let eb = b.local_edge(j);
            if let (Some(fa), Some(fb)) = (&ea_faces, &eb.faces)
                && !is_minkowski_face(fa, &ea_dir, fb, &eb.direction)
            {
                continue;
            }
            let Some(u) = unit_cross3(&ea_dir, &eb.direction) else {
                continue;
            };
            let feature = Feature::EdgePair(i, j);
            match (&ea_faces, &eb.faces) {
                (Some([n1, n2]), _) => visit(rot * orient(u, &(n1 + n2)), feature)?,
                (None, Some([m1, m2])) => visit(rot * orient(u, &-(m1 + m2)), feature)?,
                (None, None) => {
                    let u = rot * u;
                    visit(u, feature)?;
                    visit(-u, feature)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The best separation of A and B over the candidate axes, in A's local
/// frame (B placed by `pose_ab`). With [`Scan::FirstGap`], returns the first
/// axis with a positive gap instead of the best one.
///
/// NaN: the first NaN gap is returned as it is. No axis at all (two
/// concentric balls): the one fallback of the crate, the first coordinate
/// axis with its gap, [`Feature::Fallback`].
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{engine::{self, Scan}, Ball, Feature, Pose2};
///
/// let a = Ball::new(Point2::origin(), 1.0).unwrap();
/// let s = engine::local_separation(&a, &a, &Pose2::identity(), Scan::Best);
/// assert_eq!((s.distance, s.feature), (-2.0, Feature::Fallback));
/// ```
#[must_use]
pub fn local_separation<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    scan: Scan,
) -> Separation<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let md = MinkowskiDifference::new(a, Posed::new(b, pose_ab));
    let mut best = BestAxis::new(scan);
    let t = &pose_ab.translation.vector;
    let _ = for_each_candidate_axis(a, b, pose_ab, |axis, feature, bound| {
        // A face axis reads its own shape's support value from the face's
        // offset: h_A(nᵢ), or for B's face (axis −R mⱼ) h_B(mⱼ) + R mⱼ · t.
        let (ha, hb) = match feature {
            Feature::FaceA(i) => (
                a.local_face_offset(i),
                md.b.local_support_value(&-axis.into_inner()),
            ),
            Feature::FaceB(j) => (
                md.a.local_support_value(&axis),
                b.local_face_offset(j) - axis.dot(t),
            ),
            _ => (
                md.a.local_support_value(&axis),
                md.b.local_support_value(&-axis.into_inner()),
            ),
        };
        // gap(u) = −h_{A−B}(u) = −(h_A(u) + h_B(−u)). A round axis's gap
        // is at most its bound, computed from the two core points
        // themselves (NaN stays NaN).
        let mut gap = Gap::from_supports(ha, hb);
        if let Some(cap) = bound
            && cap < gap.distance
        {
            gap.distance = cap;
        }
        best.offer(gap, axis, feature)
    });
    best.finish_or(|u| {
        Gap::from_supports(md.a.local_support_value(u), md.b.local_support_value(&-u)).distance
    })
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
    separation_with(a, pose_a, b, pose_b, Scan::Best)
}

/// [`separation`], scanning as `scan` says.
pub(crate) fn separation_with<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    scan: Scan,
) -> Separation<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    local_separation(a, b, &pose_a.inv_mul(pose_b), scan).to_world(&pose_a.rotation)
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
    let pose_ab = pose_a.inv_mul(pose_b);
    // A polyhedron's axis loop is long, and an overlap is proved at once
    // by GJK enclosing the origin with room beyond round-off
    // (docs/sat-proof.md §19): the verdict the loop would give.
    if N == 3
        && (a.as_polyhedron().is_some() || b.as_polyhedron().is_some())
        && crate::gjk::shapes_overlap_certified(a, b, &pose_ab)
    {
        return true;
    }
    local_separation(a, b, &pose_ab, Scan::FirstGap).distance <= T::zero()
}

/// Whether `inner` lies entirely in `outer`; boundaries may touch, so a
/// shape contains itself at any pose (tests/containment.rs).
///
/// ```text
/// rel = pose_outer⁻¹ · pose_inner (the identity when the poses are equal)
/// slack(s) = containment_tolerance · s
/// outer a polytope (radius 0):  h_inner(n) <= h_outer(n) + slack  for every face n
/// outer a ball (core {c}):      |far − c| + r_inner <= r_outer + slack,
///                               far = inner's core point farthest from c
/// outer a capsule (segment):    max over inner's core of dist(·, segment)
///                               + r_inner <= r_outer + slack
/// ```
///
/// The slack is [`containment_tolerance`](crate::real::containment_tolerance)
/// times the scale of the numbers compared (coordinates in the container's
/// frame, plus the poses' translations that `rel` was computed from): the
/// two sides of each test are computed along different paths, so a shape
/// and its own copy differ by round-off. A copy moved out by more than
/// about 20 ε of that scale is reported outside
/// (tests/containment.rs::every_shape_contains_itself_and_not_a_moved_copy).
///
/// No path walks a box's `2ᴺ` corners: a ball asks the inner shape for its
/// farthest core point; a capsule scans at most
/// [`VERTEX_BUDGET`](crate::nd::VERTEX_BUDGET) core vertices and beyond
/// that decides on bounds, answering `false` when they do not settle it
/// (docs/contract-nd.md §5). A custom container with radius 0 and no faces
/// contains nothing. NaN input gives `false`.
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
    // The same pose: the identity exactly, whatever the rotation's own
    // round-off (`RᵀR` is the identity only to a few ε, or to √ε for a
    // rotation the user orthonormalised loosely).
    let rel = if pose_outer == pose_inner {
        Pose::identity()
    } else {
        pose_outer.inv_mul(pose_inner)
    };
    let tol = crate::real::containment_tolerance::<T>();
    // `rel`'s translation is a difference of the two poses' translations:
    // its round-off is relative to them, not to the shapes.
    let moved = pose_outer.translation.vector.amax() + pose_inner.translation.vector.amax();
    if !crate::real::is_finite(moved) {
        // An infinite translation is not a place (docs/contract.md,
        // "Non-finite input"), and it would make every slack below
        // infinite: a turned pose mixes it into `rel` as NaN only in part.
        return false;
    }
    let r_outer = outer.radius();
    if r_outer > T::zero() {
        let r_inner = inner.radius();
        let slack = |scale: T| tol * (scale + moved + r_outer + r_inner);
        return match outer.core_vertex_count() {
            1 => {
                // outer = ball(c, r): the farthest point of inner's core.
                let c = outer.local_core_vertex(0);
                let Some(far) = inner.local_core_farthest_point(&rel.inverse_transform_point(&c))
                else {
                    return false;
                };
                let far = rel * far;
                (far - c).norm() + r_inner <= r_outer + slack(far.coords.amax() + c.coords.amax())
            }
            2 => {
                // outer = segment ⊕ ball(r): the distance to the segment is
                // convex, so its largest value over inner is at a vertex.
                let (s0, s1) = (outer.local_core_vertex(0), outer.local_core_vertex(1));
                let Some((_, high)) =
                    crate::nd::max_core_distance_to_segment(inner, &rel, &s0, &s1)
                else {
                    return false;
                };
                high + r_inner <= r_outer + slack(s0.coords.amax() + s1.coords.amax() + high)
            }
            _ => {
                // Any other rounded core: inner's core vertices, at most
                // VERTEX_BUDGET of them.
                let count = inner.core_vertex_count();
                count > 0
                    && count <= crate::nd::VERTEX_BUDGET
                    && (0..count).all(|i| {
                        let p = rel * inner.local_core_vertex(i);
                        let q = outer.local_core_closest_point(&p);
                        (p - q).norm() + r_inner
                            <= r_outer + slack(p.coords.amax() + q.coords.amax())
                    })
            }
        };
    }
    // outer = ∩ of its face half-spaces: h_inner(n) <= h_outer(n) on each
    // face. First the scale of the support values, then the test.
    let inner = Posed::new(inner, &rel);
    let faces = outer.face_count();
    let mut scale = moved;
    for i in 0..faces {
        let n = outer.local_face_normal(i);
        for h in [outer.local_face_offset(i), inner.local_support_value(&n)] {
            if !matches!(
                h.abs().partial_cmp(&scale),
                Some(core::cmp::Ordering::Less | core::cmp::Ordering::Equal)
            ) {
                scale = h.abs();
            }
        }
    }
    let slack = tol * scale;
    faces > 0
        && (0..faces).all(|i| {
            let n = outer.local_face_normal(i);
            inner.local_support_value(&n) <= outer.local_face_offset(i) + slack
        })
}
