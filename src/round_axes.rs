//! The engine's axes between the cores of rounded shapes (balls, capsules)
//! and the other shape: which core points they join, what stands in for a
//! round-off-sized vector, and the bound each axis carries on its gap
//! (docs/sat-proof.md §5, docs/contract-round.md). The engine
//! ([`crate::engine`]) offers them after the face and edge axes.

use core::ops::ControlFlow;

use nalgebra::{Point, SVector, Unit};

use crate::geometry::orient;
use crate::nd::{segment_nearest_pair, VERTEX_BUDGET};
use crate::shape::closest_on_segment;
use crate::{Feature, Pose, Real, Shape};

/// The axes between the cores of a rounded shape and the other shape, in
/// A's frame and oriented from A to B. `round` is A when `b_is_round` is
/// false, B otherwise.
///
/// * from each vertex of the rounded core to the other core's nearest point
///   (a ball's centre; a capsule's endpoints);
/// * when the rounded core has several vertices (a capsule's segment), from
///   its nearest point to the other core's vertex nearest to it; in
///   `N > 3`, to the other core's point nearest to the segment instead
///   ([`segment_nearest_pair`], no walk over a box's `2ᴺ` corners; a
///   rounded core other than a segment walks at most
///   [`VERTEX_BUDGET`] vertices there);
/// * where such a vector is round-off-sized, because the cores touch or
///   cross, a normal of a segment core in its place (the depth then lies
///   across the segment); a round-off-sized vector is never an axis.
///
/// Each axis comes with the bound `|q − p| − r_A − r_B` on its gap, from the
/// two core points `p`, `q` it joins: the gap along any unit axis is at
/// most that, and it is the gap itself when `(p, q)` is a nearest pair, so
/// the engine takes the smaller of the bound and the support values' gap
/// (exact touching of representable input then reads as touching).
///
/// With the face and edge axes, these contain the direction between the
/// two cores' nearest points whenever the cores are apart, which is where
/// the largest gap lies, and a facet normal of `K_A − K_B` or a normal of
/// its affine hull when they meet (docs/sat-proof.md §5).
pub(crate) fn round_axes<T, const N: usize, A, B, F>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    b_is_round: bool,
    visit: &mut F,
) -> ControlFlow<()>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    F: FnMut(Unit<SVector<T, N>>, Feature, Option<T>) -> ControlFlow<()>,
{
    let core_a = CoreView::new(a, None);
    let core_b = CoreView::new(b, Some(pose_ab));
    let context = RoundContext {
        radii: a.radius() + b.radius(),
        scale: pose_ab.translation.vector.amax(),
    };
    if b_is_round {
        context.axes(&core_b, &core_a, Feature::RoundB, true, visit)
    } else {
        context.axes(&core_a, &core_b, Feature::RoundA, false, visit)
    }
}

/// A unit vector perpendicular to `d`, `None` when `d` is zero or `N < 2`:
/// `d` crossed out of the coordinate axis least aligned with it.
fn perpendicular<T: Real, const N: usize>(d: &SVector<T, N>) -> Option<Unit<SVector<T, N>>> {
    let d = Unit::try_new(*d, T::zero())?;
    let k = d.iamin();
    let e = SVector::<T, N>::from_fn(|i, _| if i == k { T::one() } else { T::zero() });
    Unit::try_new(e - d.into_inner() * d[k], T::zero())
}

/// Below `CORE_CONTACT × scale`, with `scale` the largest coordinate the
/// vector between two core points was computed from, the vector is
/// round-off: the cores touch or cross, and its direction means nothing.
///
/// 64 machine epsilons: the vector comes from one pose transform and one
/// nearest-point projection (a few epsilons of the scale each), and a
/// vector this short changes any gap by no more than its own length, so
/// replacing it by a normal of a segment costs at most twice that.
#[inline]
fn core_contact_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(64.0)
}

/// A vector from a core's nearest point counts as short, and is made
/// orthogonal to the feature it leaves, when it is below `1/64` of the
/// coordinates it was computed from: its round-off tilt (`ε × coordinates
/// / length`) is then above `64 ε`, the crate's usual tolerance, while a
/// longer vector's tilt is below it and the correction would change
/// nothing (docs/contract-round.md;
/// `round_shapes.rs::thin_capsule_over_a_hull_vertex_keeps_its_radius`,
/// `thin_ball_and_capsule_at_a_box_edge_keep_their_radius`).
const SHORT_OFFSET_RATIO: f64 = 64.0;

/// What [`round_axes`] needs for both shapes: the sum of the radii, and
/// the size of the pose's translation (part of every coordinate's scale).
struct RoundContext<T> {
    radii: T,
    scale: T,
}

impl<T: Real> RoundContext<T> {
    /// The round axes of `round` against `other`, both in A's frame; `round`
    /// is B when `round_is_b`.
    fn axes<const N: usize, R, O, F>(
        &self,
        round: &CoreView<'_, T, N, R>,
        other: &CoreView<'_, T, N, O>,
        feature: Feature,
        round_is_b: bool,
        visit: &mut F,
    ) -> ControlFlow<()>
    where
        R: Shape<T, N> + ?Sized,
        O: Shape<T, N> + ?Sized,
        F: FnMut(Unit<SVector<T, N>>, Feature, Option<T>) -> ControlFlow<()>,
    {
        // A normal of a segment core: where the cores touch, `K_A − K_B` is
        // a segment (a point and a segment, or parallel segments) or a
        // parallelogram (crossing segments, whose normal is an edge-pair
        // axis), and the depth lies across it.
        let across = round
            .segment
            .or(other.segment)
            .and_then(|[s0, s1]| perpendicular(&(s1 - s0)));
        let mut across_offered = false;
        // `offset` goes from a point of one core to a point of the other,
        // `to_b` says whether it points from A to B.
        let mut offer = |(offset, scale): (SVector<T, N>, T), to_b: bool| {
            let len = offset.norm();
            let bound = Some(len - self.radii);
            let v = if to_b { offset } else { -offset };
            if len > core_contact_tolerance::<T>() * scale.max(self.scale) {
                visit(Unit::new_unchecked(v / len), feature, bound)
            } else if let (Some(u), false) = (across, across_offered) {
                across_offered = true;
                visit(orient(u, &v), feature, bound)
            } else {
                ControlFlow::Continue(())
            }
        };
        // From each vertex p of the rounded core to the other core:
        // `other.offset(p)` points from the other core to p.
        for i in 0..round.count {
            offer(other.offset(&round.vertex(i)), round_is_b)?;
        }
        if let (true, Some([s0, s1])) = (N > 3, round.segment) {
            // N > 3: the other core's point nearest to the segment, by
            // bisection on the segment (one nearest-point call a step): a
            // box has 2ᴺ corners, too many to walk.
            let (_, q) = segment_nearest_pair(&s0, &s1, |x| other.nearest(x));
            offer(round.offset(&q), !round_is_b)?;
        } else if round.count >= 2 && (N <= 3 || other.count <= VERTEX_BUDGET) {
            // The other core's vertex nearest to the rounded core.
            let mut nearest: Option<(T, (SVector<T, N>, T))> = None;
            for j in 0..other.count {
                let found = round.offset(&other.vertex(j));
                let d2 = found.0.norm_squared();
                if nearest.is_none_or(|(best, _)| d2 < best) {
                    nearest = Some((d2, found));
                }
            }
            if let Some((_, found)) = nearest {
                offer(found, !round_is_b)?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// A shape's core as [`round_axes`] sees it, in A's frame: its vertices
/// (through `pose` for B), and its segment when it has two.
struct CoreView<'s, T: Real, const N: usize, S: ?Sized> {
    shape: &'s S,
    pose: Option<&'s Pose<T, N>>,
    count: usize,
    segment: Option<[Point<T, N>; 2]>,
}

impl<'s, T: Real, const N: usize, S: Shape<T, N> + ?Sized> CoreView<'s, T, N, S> {
    fn new(shape: &'s S, pose: Option<&'s Pose<T, N>>) -> Self {
        let mut view = Self {
            shape,
            pose,
            count: shape.core_vertex_count(),
            segment: None,
        };
        if view.count == 2 {
            view.segment = Some([view.vertex(0), view.vertex(1)]);
        }
        view
    }

    /// Vertex `i` of the core, in A's frame.
    #[inline]
    fn vertex(&self, i: usize) -> Point<T, N> {
        let v = self.shape.local_core_vertex(i);
        self.pose.map_or(v, |pose| pose * v)
    }

    /// The core's point nearest to `p` (both in A's frame).
    fn nearest(&self, p: &Point<T, N>) -> Point<T, N> {
        if let Some([s0, s1]) = &self.segment {
            return closest_on_segment(s0, s1, p);
        }
        match self.pose {
            Some(pose) => {
                pose * self
                    .shape
                    .local_core_closest_point(&pose.inverse_transform_point(p))
            }
            None => self.shape.local_core_closest_point(p),
        }
    }

    /// The vector from the core's nearest point to `p`, and the largest
    /// coordinate it was computed from.
    ///
    /// A short vector between two points with large coordinates has a
    /// direction tilted by round-off (`ε × coordinates / length`), which
    /// costs the gap that tilt times the shapes' length: more than a thin
    /// radius. So the vector is made orthogonal to the feature it leaves:
    /// on a segment, computed from the endpoints and, when the nearest
    /// point is inside, made orthogonal to the segment twice (what is left
    /// along it is round-off of the vector's own length); on a point, the
    /// plain difference; on another core, computed in the core's own frame (the pose's round-off then moves
    /// the point, it does not tilt the vector) and, when it is short next to
    /// the coordinates, made orthogonal to the core's support point along
    /// it, which lies on the same edge or face.
    fn offset(&self, p: &Point<T, N>) -> (SVector<T, N>, T) {
        if let Some([s0, s1]) = &self.segment {
            let scale = p.coords.amax().max(s0.coords.amax()).max(s1.coords.amax());
            return (segment_offset(s0, s1, p), scale);
        }
        if self.count == 1 {
            // A point: nothing to tilt along, and the same numbers whichever
            // shape's axes are being listed.
            let q = self.vertex(0);
            return (p - q, p.coords.amax().max(q.coords.amax()));
        }
        let local = self.pose.map_or(*p, |pose| pose.inverse_transform_point(p));
        let q = self.shape.local_core_closest_point(&local);
        let mut v = local - q;
        let scale = p
            .coords
            .amax()
            .max(local.coords.amax())
            .max(q.coords.amax());
        let short = v.amax() * nalgebra::convert::<f64, T>(SHORT_OFFSET_RATIO) < scale;
        if short && v.amax() > T::zero() && self.shape.radius() <= T::zero() {
            let w = self.shape.local_support_point(&v) - q;
            let w2 = w.norm_squared();
            if w2 > T::zero() {
                v -= w * (v.dot(&w) / w2);
            }
        }
        (self.pose.map_or(v, |pose| pose.rotation * v), scale)
    }
}

/// The vector from the point of the segment `[s0, s1]` nearest to `p` to
/// `p`, orthogonal to the segment when that point is inside it.
#[inline]
fn segment_offset<T: Real, const N: usize>(
    s0: &Point<T, N>,
    s1: &Point<T, N>,
    p: &Point<T, N>,
) -> SVector<T, N> {
    let e = s1 - s0;
    let len2 = e.norm_squared();
    let w = p - s0;
    if len2 <= T::zero() {
        return w;
    }
    let t = w.dot(&e) / len2;
    if t <= T::zero() {
        w
    } else if t >= T::one() {
        p - s1
    } else {
        let v = w - e * t;
        v - e * (v.dot(&e) / len2)
    }
}
