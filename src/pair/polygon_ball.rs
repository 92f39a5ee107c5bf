//! Convex polygon against circle (2D), in either argument order: the
//! nearest feature of the polygon to the circle's centre.
//!
//! In the polygon's anchored frame (vertex 0 at the origin, as in
//! `polygon_polygon`) the centre is `c` and the radius `r`; with the
//! anchored vertices `v'ᵢ` and outward normals `nᵢ`:
//!
//! ```text
//! shiftᵢ = nᵢ · (c − v'ᵢ)          edge i's gap: shiftᵢ − r
//! i* = the edge of largest shift   (the first on a tie)
//! shift_i* <= 0:  c inside, no round axis
//! else, if c lies beyond an end V of edge i* (its projection on the
//! edge falls outside it): the round axis (c − V)/|c − V|, gap |c − V| − r
//! ```
//!
//! Why that is the nearest feature: when the nearest point of the polygon
//! to an outside `c` is inside edge `j`, `shiftⱼ` is the distance and no
//! edge line is farther, so `j = i*`; when it is a vertex `V`, `c` lies in
//! `V`'s normal cone and the largest shift belongs to one of the two edges
//! at `V` (every other normal is farther in angle from `c − V`). Inside
//! an edge's span the round axis is that edge's normal, which the face
//! axis already offers, so only a vertex gives a round axis.
//!
//! The axes, order and features are the generic engine's: polygon first,
//! `FaceA(i)` (axis `nᵢ`) then `RoundB`; circle first, `FaceB(i)` (axis
//! `−nᵢ`) then `RoundA`; through the same `BestAxis` (`src/axis_search.rs`),
//! so the tie rule is the engine's. The engine takes the round axis's gap
//! as the smaller of `|c − V| − r` and the support values' gap along it,
//! which agree to round-off; this path takes the first. The answers are the
//! engine's to round-off (tests/polygon_ball.rs::path_matches_engine).
//! `intersects` decides on the same terms: an edge separates iff
//! `shiftᵢ > r`, the vertex iff `|c − V| > r`.

use core::ops::ControlFlow;

use nalgebra::{Unit, Vector2};

use crate::axis_search::{BestAxis, Gap, Scan};
use crate::real::bound_slack;
use crate::real::is_nan;
use crate::{Ball, ConvexPolygon, Feature, Pose2, Real, Separation};

/// The separation of a posed polygon (A) and a posed circle (B); equal to
/// [`engine::separation`](crate::engine::separation) to round-off.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{pair::polygon_ball, Ball, ConvexPolygon, Feature, Pose2};
///
/// let square = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(1.0, 1.0), Point2::new(0.0, 1.0),
/// ]).unwrap();
/// let c = Ball::new(Point2::origin(), 0.5).unwrap();
/// let id = Pose2::identity();
/// // Beside the right edge: that edge's normal, 0.25 apart.
/// let s = polygon_ball::separation(&square, &id, &c, &Pose2::translation(1.75, 0.5));
/// assert_eq!((s.distance, s.feature), (0.25, Feature::FaceA(1)));
/// // Off the corner (1, 1) by (3, 4)/5: the round axis, 1 − 0.5 apart.
/// let s = polygon_ball::separation(&square, &id, &c, &Pose2::translation(1.6, 1.8));
/// assert_eq!(s.feature, Feature::RoundB);
/// assert!((s.distance - 0.5_f64).abs() < 1e-15);
/// ```
#[must_use]
pub fn separation<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    ball: &Ball<T, 2>,
    pose_ball: &Pose2<T>,
) -> Separation<T, 2> {
    separation_with(polygon, pose_polygon, ball, pose_ball, false, Scan::Best)
}

/// The separation of a posed circle (A) and a posed polygon (B): the axes
/// and features of the pair in that order, from the circle to the polygon.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{pair::polygon_ball, Ball, ConvexPolygon, Feature, Pose2};
///
/// let square = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(1.0, 1.0), Point2::new(0.0, 1.0),
/// ]).unwrap();
/// let c = Ball::new(Point2::origin(), 0.5).unwrap();
/// let s = polygon_ball::ball_polygon_separation(&c, &Pose2::translation(1.75, 0.5), &square, &Pose2::identity());
/// assert_eq!((s.distance, s.feature), (0.25, Feature::FaceB(1)));
/// assert_eq!(s.axis.into_inner(), -nalgebra::Vector2::x());
/// ```
#[must_use]
pub fn ball_polygon_separation<T: Real>(
    ball: &Ball<T, 2>,
    pose_ball: &Pose2<T>,
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
) -> Separation<T, 2> {
    separation_with(polygon, pose_polygon, ball, pose_ball, true, Scan::Best)
}

/// Whether a posed polygon and a posed circle overlap (touching counts):
/// `separation(..).distance <= 0`, decided on the same terms, in either
/// order. NaN input gives `false`.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{pair::polygon_ball, Ball, ConvexPolygon, Pose2};
///
/// let square = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(1.0, 1.0), Point2::new(0.0, 1.0),
/// ]).unwrap();
/// let c = Ball::new(Point2::origin(), 0.5).unwrap();
/// let id = Pose2::identity();
/// assert!(polygon_ball::intersects(&square, &id, &c, &Pose2::translation(1.5, 0.5))); // touching
/// assert!(!polygon_ball::intersects(&square, &id, &c, &Pose2::translation(1.4, 1.5)));
/// ```
#[must_use]
pub fn intersects<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    ball: &Ball<T, 2>,
    pose_ball: &Pose2<T>,
) -> bool {
    let pair = Pair::new(polygon, pose_polygon, ball, pose_ball);
    if is_nan(pair.c.x + pair.c.y) {
        return false;
    }
    if pair.discs_overlap() {
        return true;
    }
    let mut most = (T::zero(), 0, false);
    for i in 0..polygon.normals().len() {
        let shift = pair.shift(i);
        if shift > pair.r {
            return false;
        }
        if !most.2 || shift > most.0 {
            most = (shift, i, true);
        }
    }
    if most.0 <= T::zero() {
        return true;
    }
    match pair.beyond_vertex(most.1) {
        Some((_, len)) => len <= pair.r,
        None => true,
    }
}

/// What the pair knows of its distance (`distance::polygon_ball`):
/// [`intersects`]'s verdict, from the same arithmetic, and for a pair
/// apart the nearest feature of the polygon to the circle's centre.
pub(crate) enum Nearest<T: Real> {
    /// `intersects` is true.
    Overlap,
    /// `intersects` is false: the distance, the polygon's nearest point
    /// and the unit axis from it to the centre, in the polygon's frame.
    Apart {
        distance: T,
        on_polygon: Vector2<T>,
        axis: Vector2<T>,
    },
    /// NaN input, or apart by a distance that rounds to zero or below:
    /// the generic path answers.
    Generic,
}

/// [`Nearest`] of a posed polygon and circle. The verdict is
/// [`intersects`]'s: it returns false at the first edge whose shift
/// exceeds `r`, that is when the largest shift does (the same shifts and
/// compares here, with no early exit), else it decides on the largest
/// shift's vertex. The nearest feature is the module's (the largest
/// shift's edge, or its end beyond which the centre lies), so the
/// distance is exact: `shift − r` inside an edge's span, `|c − V| − r`
/// beyond a vertex.
#[inline]
pub(crate) fn nearest<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    ball: &Ball<T, 2>,
    pose_ball: &Pose2<T>,
) -> Nearest<T> {
    let pair = Pair::new(polygon, pose_polygon, ball, pose_ball);
    if is_nan(pair.c.x + pair.c.y) {
        return Nearest::Generic;
    }
    if pair.discs_overlap() {
        return Nearest::Overlap;
    }
    let mut most = (T::zero(), 0, false);
    for i in 0..polygon.normals().len() {
        let shift = pair.shift(i);
        if !most.2 || shift > most.0 {
            most = (shift, i, true);
        }
    }
    let (shift, i) = (most.0, most.1);
    let vertex = if shift > T::zero() {
        pair.beyond_vertex(i)
    } else {
        None
    };
    // `intersects`: an edge separates iff its shift exceeds `r`; else the
    // largest shift's vertex, when the centre lies beyond it.
    let edge_separates = shift > pair.r;
    let vertex_separates = vertex.is_some_and(|(_, len)| len > pair.r);
    if !(edge_separates || vertex_separates) {
        return Nearest::Overlap;
    }
    let (anchor, _) = polygon.anchored();
    let (distance, on_polygon, axis) = match vertex {
        Some((v, len)) => (len - pair.r, pair.c - v, v / len),
        None => {
            let n = polygon.normals()[i].into_inner();
            (shift - pair.r, pair.c - n * shift, n)
        }
    };
    if distance.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
        return Nearest::Generic;
    }
    Nearest::Apart {
        distance,
        on_polygon: on_polygon + anchor.coords,
        axis,
    }
}

/// [`separation`] or [`ball_polygon_separation`] (`ball_first`), scanning
/// as `scan` says.
pub(crate) fn separation_with<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    ball: &Ball<T, 2>,
    pose_ball: &Pose2<T>,
    ball_first: bool,
    scan: Scan,
) -> Separation<T, 2> {
    Pair::new(polygon, pose_polygon, ball, pose_ball)
        .separation(ball_first, scan)
        .to_world(&pose_polygon.rotation)
}

/// A polygon and a circle in the polygon's anchored frame.
struct Pair<'a, T: Real> {
    polygon: &'a ConvexPolygon<T>,
    /// The circle's centre.
    c: Vector2<T>,
    /// Its radius.
    r: T,
}

impl<'a, T: Real> Pair<'a, T> {
    #[inline]
    fn new(
        polygon: &'a ConvexPolygon<T>,
        pose_polygon: &Pose2<T>,
        ball: &Ball<T, 2>,
        pose_ball: &Pose2<T>,
    ) -> Self {
        let rel = pose_polygon.inv_mul(pose_ball);
        let (anchor, _) = polygon.anchored();
        let c = (rel.rotation * ball.center().coords - anchor.coords) + rel.translation.vector;
        Self {
            polygon,
            c,
            r: ball.radius(),
        }
    }

    /// Whether the polygon's inner disc and the circle overlap by more than
    /// the round-off of the test: then so do the shapes.
    #[inline]
    fn discs_overlap(&self) -> bool {
        let (centre, radius, reach) = self.polygon.inner_disc();
        let slack = bound_slack(self.c.x.abs() + self.c.y.abs() + reach + self.r);
        (self.c - centre).norm() < radius + self.r - slack
    }

    /// Edge `i`'s shift `nᵢ · (c − v'ᵢ)`: the gap is `shift − r`.
    #[inline(always)]
    fn shift(&self, i: usize) -> T {
        let (_, verts) = self.polygon.anchored();
        self.polygon.normals()[i].dot(&(self.c - verts[i]))
    }

    /// When the centre lies beyond an end `V` of edge `i` (its projection
    /// on the edge's line falls outside the edge), `c − V` and its length.
    #[inline]
    fn beyond_vertex(&self, i: usize) -> Option<(Vector2<T>, T)> {
        let (_, verts) = self.polygon.anchored();
        let n = verts.len();
        let (p, q) = (verts[i], verts[if i + 1 == n { 0 } else { i + 1 }]);
        let e = q - p;
        let v = if (self.c - p).dot(&e) < T::zero() {
            self.c - p
        } else if (self.c - q).dot(&e) > T::zero() {
            self.c - q
        } else {
            return None;
        };
        Some((v, v.norm()))
    }

    /// The separation in the polygon's frame.
    fn separation(&self, ball_first: bool, scan: Scan) -> Separation<T, 2> {
        let mut best = BestAxis::new(scan);
        let mut most = (T::zero(), 0, false);
        let flow = (|| {
            for (i, n) in self.polygon.normals().iter().enumerate() {
                let shift = self.shift(i);
                if !most.2 || shift > most.0 {
                    most = (shift, i, true);
                }
                let g = Gap {
                    distance: shift - self.r,
                    scale: shift.abs() + self.r,
                };
                if ball_first {
                    best.offer(g, -*n, Feature::FaceB(i))?;
                } else {
                    best.offer(g, *n, Feature::FaceA(i))?;
                }
            }
            ControlFlow::Continue(())
        })();
        if flow.is_continue()
            && most.0 > T::zero()
            && let Some((v, len)) = self.beyond_vertex(most.1)
        {
            // A vector of round-off size (64 ε of the coordinates, as
            // the engine's core-contact tolerance) has no direction:
            // the engine offers no axis there either, and the face
            // gaps are then all within round-off of −r.
            let scale = self.c.amax() + (self.c - v).amax();
            if len > T::default_epsilon() * nalgebra::convert::<f64, T>(64.0) * scale {
                let u = Unit::new_unchecked(v / len);
                let g = Gap {
                    distance: len - self.r,
                    scale: len + self.r,
                };
                let _ = if ball_first {
                    best.offer(g, -u, Feature::RoundA)
                } else {
                    best.offer(g, u, Feature::RoundB)
                };
            }
        }
        // A polygon has at least three edges: an axis was offered.
        best.finish_or(|_| -self.r)
    }
}
