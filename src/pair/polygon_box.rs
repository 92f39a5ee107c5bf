//! Convex polygon against oriented box (2D), in either argument order.
//!
//! Everything is computed in the polygon's anchored frame (its vertex 0 at
//! the origin, as in `polygon_polygon`), whichever shape comes first: the
//! box has centre `d = (R c + t) − anchor` and axes `m₀, m₁` (the columns
//! of `R · R_box`), where `(R, t)` places the box's shape in the polygon's
//! frame. With half extents `h` and the polygon's anchored vertices `v'ᵢ`:
//!
//! ```text
//! polygon edge i (normal nᵢ):   gap = nᵢ · (d − v'ᵢ) − (h₀ |nᵢ·m₀| + h₁ |nᵢ·m₁|)
//! box axis k:   pᵢ = mₖ · v'ᵢ,  hi = mₖ · d + hₖ,  lo = mₖ · d − hₖ
//!     face k   (outward +mₖ):   gap = minᵢ pᵢ − hi
//!     face k+2 (outward −mₖ):   gap = lo − maxᵢ pᵢ
//! ```
//!
//! The axes, their order, orientation and feature numbers are the generic
//! engine's for the pair as given: polygon first, its edges `FaceA(i)`
//! (axis `nᵢ`) then the box's faces `FaceB(0..4)` (axes `−m₀, −m₁, m₀, m₁`);
//! box first, its faces `FaceA(0..4)` (axes `m₀, m₁, −m₀, −m₁`) then the
//! polygon's edges `FaceB(i)` (axis `−nᵢ`). The gaps are the engine's to
//! round-off (tests/polygon_box.rs::path_matches_engine_near_the_origin,
//! `path_matches_engine_far_from_the_origin`) and go
//! through the same `BestAxis` (`src/axis_search.rs`), so the tie rule is the engine's.
//!
//! `intersects` decides each axis on the very inequality `separation`
//! rounds: `pᵢ > hi` for every vertex is `minᵢ pᵢ − hi > 0` (a rounded
//! subtraction has the sign of the exact one), and an edge separates iff
//! its shift exceeds the box's extent. It stops early: when the inner
//! discs overlap (the polygon's and the box's, of radius `min hₖ`) it
//! answers at once; on a box axis, vertex 0 inside the box's slab
//! `[lo, hi]` rules the axis out after one product, and otherwise the scan
//! stops at the first vertex on the slab's side; the edges follow.

use core::ops::ControlFlow;

use nalgebra::{Unit, Vector2};

use super::argmax_dot;
use crate::axis_search::{BestAxis, Gap, Scan};
use crate::real::bound_slack;
use crate::real::is_nan;
use crate::{ConvexPolygon, Feature, Obb, Pose2, Real, Separation};

/// The separation of a posed polygon (A) and a posed box (B); equal to
/// [`engine::separation`](crate::engine::separation) on the same input,
/// to round-off.
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::{pair::polygon_box, ConvexPolygon, Feature, Obb, Pose2};
///
/// let tri = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(0.0, 2.0),
/// ]).unwrap();
/// let square = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(0.5, 0.5)).unwrap();
/// // The square's top face is 0.25 below the triangle's bottom edge.
/// let s = polygon_box::separation(&tri, &Pose2::identity(), &square, &Pose2::translation(1.0, -0.75));
/// assert_eq!((s.distance, s.feature), (0.25, Feature::FaceA(0)));
/// ```
#[must_use]
pub fn separation<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    obb: &Obb<T, 2>,
    pose_obb: &Pose2<T>,
) -> Separation<T, 2> {
    separation_with(polygon, pose_polygon, obb, pose_obb, false, Scan::Best)
}

/// The separation of a posed box (A) and a posed polygon (B): the axes and
/// features of the pair in that order, from the box towards the polygon.
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::{pair::polygon_box, ConvexPolygon, Feature, Obb, Pose2};
///
/// let tri = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(0.0, 2.0),
/// ]).unwrap();
/// let square = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(0.5, 0.5)).unwrap();
/// // The box's face +y (face 1) is the one that separates.
/// let s = polygon_box::box_polygon_separation(&square, &Pose2::translation(1.0, -0.75), &tri, &Pose2::identity());
/// assert_eq!((s.distance, s.feature), (0.25, Feature::FaceA(1)));
/// assert_eq!(s.axis.into_inner(), Vector2::y());
/// ```
#[must_use]
pub fn box_polygon_separation<T: Real>(
    obb: &Obb<T, 2>,
    pose_obb: &Pose2<T>,
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
) -> Separation<T, 2> {
    separation_with(polygon, pose_polygon, obb, pose_obb, true, Scan::Best)
}

/// Whether a posed polygon and a posed box overlap (touching counts); the
/// verdict is `separation(..).distance <= 0`, decided on the same rounded
/// terms, and the same in either argument order. NaN input gives `false`.
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::{pair::polygon_box, ConvexPolygon, Obb, Pose2};
///
/// let tri = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(0.0, 2.0),
/// ]).unwrap();
/// let square = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(0.5, 0.5)).unwrap();
/// let id = Pose2::identity();
/// assert!(polygon_box::intersects(&tri, &id, &square, &Pose2::translation(1.0, -0.5))); // touching
/// assert!(!polygon_box::intersects(&tri, &id, &square, &Pose2::translation(1.0, -0.75)));
/// ```
#[must_use]
pub fn intersects<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    obb: &Obb<T, 2>,
    pose_obb: &Pose2<T>,
) -> bool {
    let pair = Pair::new(polygon, pose_polygon, obb, pose_obb);
    // NaN anywhere in the frame: no verdict of overlap (the crate's NaN
    // contract); finite frames give finite terms.
    if is_nan(pair.m[0].x + pair.m[0].y + pair.m[1].x + pair.m[1].y + pair.d.x + pair.d.y) {
        return false;
    }
    if pair.discs_overlap() {
        return true;
    }
    let (_, verts) = polygon.anchored();
    for k in 0..2 {
        let (lo, hi) = pair.slab(k);
        let p0 = pair.m[k].dot(&verts[0]);
        // Every vertex beyond `hi` (face k separates) or every vertex
        // below `lo` (face k + 2): vertex 0 says which can hold.
        if p0 > hi {
            if verts[1..].iter().all(|v| pair.m[k].dot(v) > hi) {
                return false;
            }
        } else if p0 < lo && verts[1..].iter().all(|v| pair.m[k].dot(v) < lo) {
            return false;
        }
    }
    for i in 0..polygon.normals().len() {
        let (shift, extent) = pair.edge_terms(i);
        if shift > extent {
            return false;
        }
    }
    true
}

/// [`separation`] or [`box_polygon_separation`] (`box_first`), scanning as
/// `scan` says.
pub(crate) fn separation_with<T: Real>(
    polygon: &ConvexPolygon<T>,
    pose_polygon: &Pose2<T>,
    obb: &Obb<T, 2>,
    pose_obb: &Pose2<T>,
    box_first: bool,
    scan: Scan,
) -> Separation<T, 2> {
    Pair::new(polygon, pose_polygon, obb, pose_obb)
        .separation(box_first, scan)
        .to_world(&pose_polygon.rotation)
}

/// A polygon and a box in the polygon's anchored frame.
struct Pair<'a, T: Real> {
    polygon: &'a ConvexPolygon<T>,
    /// The box's axes.
    m: [Vector2<T>; 2],
    /// The box's centre.
    d: Vector2<T>,
    /// The box's half extents.
    h: Vector2<T>,
}

impl<'a, T: Real> Pair<'a, T> {
    #[inline]
    fn new(
        polygon: &'a ConvexPolygon<T>,
        pose_polygon: &Pose2<T>,
        obb: &Obb<T, 2>,
        pose_obb: &Pose2<T>,
    ) -> Self {
        let rel = pose_polygon.inv_mul(pose_obb);
        let (frame, offset) = obb.world_frame(&rel);
        let (anchor, _) = polygon.anchored();
        let d = (offset - anchor.coords) + rel.translation.vector;
        let r = frame.matrix();
        Self {
            polygon,
            m: [r.column(0).into_owned(), r.column(1).into_owned()],
            d,
            h: obb.half_extents(),
        }
    }

    /// Whether the polygon's inner disc and the box's (radius `min hₖ`)
    /// overlap by more than the round-off of the test: then so do the shapes.
    #[inline]
    fn discs_overlap(&self) -> bool {
        let (c, r, reach) = self.polygon.inner_disc();
        let hmin = if self.h.x < self.h.y {
            self.h.x
        } else {
            self.h.y
        };
        let slack = bound_slack(self.d.x.abs() + self.d.y.abs() + reach + self.h.x + self.h.y);
        (self.d - c).norm() < r + hmin - slack
    }

    /// The box's slab on its axis `k`: `(mₖ·d − hₖ, mₖ·d + hₖ)`.
    #[inline(always)]
    fn slab(&self, k: usize) -> (T, T) {
        let pd = self.m[k].dot(&self.d);
        (pd - self.h[k], pd + self.h[k])
    }

    /// Edge `i`'s shift `nᵢ · (d − v'ᵢ)` and the box's extent
    /// `h₀ |nᵢ·m₀| + h₁ |nᵢ·m₁|` on its normal: the gap is their
    /// difference, positive exactly when `shift > extent`.
    #[inline(always)]
    fn edge_terms(&self, i: usize) -> (T, T) {
        let (_, verts) = self.polygon.anchored();
        let n = &self.polygon.normals()[i];
        let shift = n.dot(&(self.d - verts[i]));
        let extent = self.h.x * n.dot(&self.m[0]).abs() + self.h.y * n.dot(&self.m[1]).abs();
        (shift, extent)
    }

    /// The gap along edge `i`'s normal (from the polygon to the box).
    #[inline]
    fn edge_gap(&self, i: usize) -> Gap<T> {
        let (shift, extent) = self.edge_terms(i);
        Gap {
            distance: shift - extent,
            scale: shift.abs() + extent,
        }
    }

    /// The gaps of box faces `k` and `k + 2` (from the polygon to the box,
    /// along `−mₖ` and `mₖ`): one scan of the vertices.
    #[inline]
    fn box_gaps(&self, k: usize) -> (Gap<T>, Gap<T>) {
        let (_, verts) = self.polygon.anchored();
        let (lo, hi) = self.slab(k);
        let mut min = self.m[k].dot(&verts[0]);
        let mut max = min;
        for v in &verts[1..] {
            let p = self.m[k].dot(v);
            if p < min {
                min = p;
            }
            if p > max {
                max = p;
            }
        }
        (
            Gap {
                distance: min - hi,
                scale: min.abs() + hi.abs(),
            },
            Gap {
                distance: lo - max,
                scale: lo.abs() + max.abs(),
            },
        )
    }

    /// Offers every axis to `best` in the engine's order for the pair as
    /// given, each with its feature, in the polygon's frame.
    fn offer_all(&self, box_first: bool, best: &mut BestAxis<T, 2>) -> ControlFlow<()> {
        if box_first {
            self.offer_box(box_first, best)?;
            self.offer_edges(box_first, best)
        } else {
            self.offer_edges(box_first, best)?;
            self.offer_box(box_first, best)
        }
    }

    fn offer_edges(&self, box_first: bool, best: &mut BestAxis<T, 2>) -> ControlFlow<()> {
        for (i, n) in self.polygon.normals().iter().enumerate() {
            let g = self.edge_gap(i);
            if box_first {
                best.offer(g, -*n, Feature::FaceB(i))?;
            } else {
                best.offer(g, *n, Feature::FaceA(i))?;
            }
        }
        ControlFlow::Continue(())
    }

    fn offer_box(&self, box_first: bool, best: &mut BestAxis<T, 2>) -> ControlFlow<()> {
        let (g0, g2) = self.box_gaps(0);
        let (g1, g3) = self.box_gaps(1);
        // Box face j's outward normal: m₀, m₁, −m₀, −m₁.
        let normal = |j: usize| {
            let m = self.m[j % 2];
            Unit::new_unchecked(if j < 2 { m } else { -m })
        };
        for (j, g) in [g0, g1, g2, g3].into_iter().enumerate() {
            if box_first {
                best.offer(g, normal(j), Feature::FaceA(j))?;
            } else {
                best.offer(g, -normal(j), Feature::FaceB(j))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The separation in the polygon's frame.
    ///
    /// With [`Scan::FirstGap`], when the inner discs do not overlap, the
    /// edge facing the box's centre and the box face facing the polygon's
    /// inner centre are tried first: for shapes apart one of them usually
    /// separates, and the query ends there.
    fn separation(&self, box_first: bool, scan: Scan) -> Separation<T, 2> {
        if scan == Scan::FirstGap && !self.discs_overlap() {
            let (c, _, _) = self.polygon.inner_disc();
            let i = argmax_dot(self.polygon.normals(), &(self.d - c));
            let g = self.edge_gap(i);
            if g.distance > T::zero() {
                let n = self.polygon.normals()[i];
                return if box_first {
                    Separation {
                        distance: g.distance,
                        axis: -n,
                        feature: Feature::FaceB(i),
                    }
                } else {
                    Separation {
                        distance: g.distance,
                        axis: n,
                        feature: Feature::FaceA(i),
                    }
                };
            }
            // The box axis nearest to the direction from the box to the
            // polygon, and its face on the polygon's side.
            let to_polygon = c - self.d;
            let (p0, p1) = (self.m[0].dot(&to_polygon), self.m[1].dot(&to_polygon));
            let k = usize::from(p1.abs() > p0.abs());
            let (lower, upper) = self.box_gaps(k);
            let towards = if k == 0 { p0 } else { p1 };
            let (j, g) = if towards > T::zero() {
                (k, lower)
            } else {
                (k + 2, upper)
            };
            if g.distance > T::zero() {
                let m = if j < 2 { self.m[k] } else { -self.m[k] };
                let outward = Unit::new_unchecked(m);
                return if box_first {
                    Separation {
                        distance: g.distance,
                        axis: outward,
                        feature: Feature::FaceA(j),
                    }
                } else {
                    Separation {
                        distance: g.distance,
                        axis: -outward,
                        feature: Feature::FaceB(j),
                    }
                };
            }
        }
        let mut best = BestAxis::new(scan);
        let _ = self.offer_all(box_first, &mut best);
        // Both shapes have faces, so an axis was offered and the fallback
        // is never taken; it is the gap along e₀ for completeness.
        best.finish_or(|e0| {
            let (_, verts) = self.polygon.anchored();
            let e = Vector2::new(e0.x, e0.y);
            let (mut min, mut max) = (e.dot(&verts[0]), e.dot(&verts[0]));
            for v in verts {
                let p = e.dot(v);
                if p < min {
                    min = p;
                }
                if p > max {
                    max = p;
                }
            }
            let centre = e.dot(&self.d);
            let extent = self.h.x * e.dot(&self.m[0]).abs() + self.h.y * e.dot(&self.m[1]).abs();
            let gap = (centre - extent) - max;
            if box_first {
                min - (centre + extent)
            } else {
                gap
            }
        })
    }
}
