//! Convex polygon against convex polygon (2D).
//!
//! Each polygon is stored relative to an anchor (its vertex 0): `v = cA + v'`,
//! `w = cB + w'`. With B placed in A's frame by `pose_ab = (R, t)`, B's
//! anchor lands at `d = (R cB − cA) + t` from A's, which is exact for nearby
//! anchors and identity poses, and every gap is formed relative to a vertex
//! of the reference edge, so that no term carries the size of the
//! coordinates:
//!
//! ```text
//! for each edge i of A (normal nᵢ, first vertex a'ᵢ):
//!     gap = min_j (Rᵀnᵢ) · w'ⱼ + nᵢ · (d − a'ᵢ)
//! for each edge j of B (normal mⱼ, first vertex w'ⱼ), with m = R mⱼ:
//!     gap = min_i m · a'ᵢ − m · (R w'ⱼ + d)          (axis −m, from A to B)
//! ```
//!
//! Same axes, same order, same ties as the generic engine, and no support
//! point is built. `intersects` decides `gap > 0` on the very same rounded
//! gap as `separation` and `penetration`
//! (tests/polygon_robustness.rs::touching_far_from_the_origin_intersects).
//!
//! **The minimum over B.** As A's normals turn counter-clockwise, so do
//! the directions `Rᵀnᵢ`, and the vertex of B that minimises the projection
//! advances counter-clockwise: from polygons of [`WALK_FROM`] vertices on,
//! a walk along B's normal cones, started from the previous answer, finds
//! it in O(n + m) for all of A's edges together (the same for B's edges
//! against A). The walk then scans on both sides while the projections lie
//! within the round-off band of the one it found, so that the minimum is
//! exactly the one a linear scan computes
//! (this file's unit tests `walk_equals_linear_scan_f32`, `_f64`).
//!
//! Each polygon stores a disc inside it (its vertices' mean and the
//! distance to the nearest edge line). When the two discs overlap, so do
//! the polygons: `intersects` answers at once. Otherwise every query tries
//! the edge of A facing B's centre and the edge of B facing A's before the
//! rest: for polygons apart one of them usually separates.
//!
//! **Axes dropped on one vertex.** The gap along an edge is a minimum over
//! the other polygon's vertices, so its value at any one vertex bounds it
//! from above (rounding is monotone, so this holds for the computed
//! values too). `intersects` needs only one vertex on the inner side of
//! each edge, tried first at the vertex that was lowest on the previous
//! edge; `separation` and `penetration` skip an edge whose bound at that
//! vertex cannot beat the best gap offered so far or the facing edges'
//! gaps under the tie rule (`Pair::offer_hopeful_gaps` says why each
//! skip is exact). None of this changes an answer, to the bit
//! (tests/polygon_bits.rs::polygon_bits_f64, `polygon_bits_f32`; this
//! file's `dropping_changes_no_answer_f64`, `_f32` against every axis
//! offered; tests/properties_2d.rs::fast_path_matches_engine).

use core::ops::ControlFlow;

use nalgebra::{Rotation2, Unit, Vector2};

use super::argmax_dot;
use crate::axis_search::{BestAxis, Gap, Scan};
use crate::real::bound_slack;
use crate::real::is_nan;
use crate::real::tie_tolerance;
use crate::{ConvexPolygon, Feature, Pose2, Real, Separation};

/// The separation of two posed polygons; equal to
/// [`engine::separation`](crate::engine::separation) on the same input.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{pair::polygon_polygon, ConvexPolygon, Pose2};
///
/// let sq = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(1.0, 1.0), Point2::new(0.0, 1.0),
/// ]).unwrap();
/// let s = polygon_polygon::separation(&sq, &Pose2::identity(), &sq, &Pose2::translation(0.75, 0.0));
/// assert_eq!(s.distance, -0.25);
/// ```
#[must_use]
pub fn separation<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
) -> Separation<T, 2> {
    separation_with(a, pose_a, b, pose_b, Scan::Best)
}

/// Whether two posed polygons overlap; stops at the first separating edge.
///
/// The verdict is `separation(..).distance <= 0`, decided on the same
/// rounded gaps.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{pair::polygon_polygon, ConvexPolygon, Pose2};
///
/// let tri = ConvexPolygon::new(&[Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(0.0, 2.0)]).unwrap();
/// let id = Pose2::identity();
/// assert!(polygon_polygon::intersects(&tri, &id, &tri, &Pose2::translation(1.0, 1.0))); // touching at (1, 1)
/// assert!(!polygon_polygon::intersects(&tri, &id, &tri, &Pose2::translation(1.5, 1.5)));
/// ```
#[must_use]
pub fn intersects<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
) -> bool {
    let pair = Pair::new(a, b, &pose_a.inv_mul(pose_b));
    if pair.discs_overlap() {
        return true;
    }
    pair.all_gaps_non_positive()
}

/// [`separation`], scanning as `scan` says.
pub(crate) fn separation_with<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
    scan: Scan,
) -> Separation<T, 2> {
    let pair = Pair::new(a, b, &pose_a.inv_mul(pose_b));
    pair.separation(scan).to_world(&pose_a.rotation)
}

/// From this many vertices on, the minimum of a polygon's projections on
/// the turning directions of the other polygon's normals is found by a walk
/// (O(n + m) for all the axes together) rather than by a scan of every
/// vertex (O(n · m)). Below it the scan is faster (benches/queries_2d.rs,
/// `polygon_polygon_large`). Both give the same value.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{engine, pair::polygon_polygon::{self, WALK_FROM}, ConvexPolygon, Pose2};
///
/// // Two regular polygons of WALK_FROM + 8 vertices take the walk; the
/// // answer is the engine's, to round-off.
/// let n = WALK_FROM + 8;
/// let ring: Vec<_> = (0..n)
///     .map(|i| {
///         let a = i as f64 * std::f64::consts::TAU / n as f64;
///         Point2::new(a.cos(), a.sin())
///     })
///     .collect();
/// let p = ConvexPolygon::new(&ring).unwrap();
/// let (id, at) = (Pose2::identity(), Pose2::new(nalgebra::Vector2::new(1.9, 0.3), 0.1));
/// let walked = polygon_polygon::separation(&p, &id, &p, &at);
/// assert!((walked.distance - engine::separation(&p, &id, &p, &at).distance).abs() < 1e-12);
/// ```
pub const WALK_FROM: usize = 32;

/// The walk's round-off band, in units of ε times the polygon's reach:
/// `16 ε · reach` covers the `4E` (`E = 1.5 ε · reach`) that computed
/// projections may differ by near the minimum (see [`Walk::min`]).
const WALK_BAND: u8 = 16;

/// Two polygons in A's anchored frame.
struct Pair<'a, T: Real> {
    a: &'a ConvexPolygon<T>,
    b: &'a ConvexPolygon<T>,
    rot: Rotation2<T>,
    /// B's anchor in A's anchored frame: `(R cB − cA) + t`.
    d: Vector2<T>,
}

impl<'a, T: Real> Pair<'a, T> {
    #[inline]
    fn new(a: &'a ConvexPolygon<T>, b: &'a ConvexPolygon<T>, pose_ab: &Pose2<T>) -> Self {
        let rot = pose_ab.rotation;
        let (ca, _) = a.anchored();
        let (cb, _) = b.anchored();
        let d = (rot * cb.coords - ca.coords) + pose_ab.translation.vector;
        Self { a, b, rot, d }
    }

    /// Whether the inner discs overlap by more than the round-off of the
    /// test: then so do the polygons.
    #[inline]
    fn discs_overlap(&self) -> bool {
        let (ca, ra, reach_a) = self.a.inner_disc();
        let (cb, rb, reach_b) = self.b.inner_disc();
        let slack = bound_slack(self.d.x.abs() + self.d.y.abs() + reach_a + reach_b);
        (self.rot * cb + self.d - ca).norm() < ra + rb - slack
    }

    /// Whether B's outer disc lies beyond A's edge `i` by more than the
    /// round-off of the test: then so does every vertex of B, and the gap
    /// along the edge is positive, with no vertex scanned. (The gap is
    /// `min_k (Rᵀnᵢ) · w'ₖ + shift`, and each `w'ₖ` lies within the outer
    /// radius `ρ` of B's inner centre `c`, so the gap is at least
    /// `(Rᵀnᵢ) · c − ρ + shift`.)
    #[inline]
    fn beyond_outer_disc(&self, i: usize) -> bool {
        let (_, _, reach_a) = self.a.inner_disc();
        let (cb, _, reach_b) = self.b.inner_disc();
        let dir = self.rot.inverse_transform_vector(&self.a.normals()[i]);
        let slack = bound_slack(self.d.x.abs() + self.d.y.abs() + reach_a + reach_b);
        dir.dot(cb) - self.b.outer_radius() + self.shift_a(i) > slack
    }

    /// The candidate axes of one class, in order: A's edges (`class_a`),
    /// whose gaps scan B's vertices, or B's, whose gaps scan A's; each as
    /// (axis from A towards B, the direction the scan minimises along in
    /// the scanned polygon's anchored frame, the gap's constant term,
    /// feature).
    #[inline]
    fn axes(
        &self,
        class_a: bool,
    ) -> impl Iterator<Item = (Unit<Vector2<T>>, Vector2<T>, T, Feature)> + '_ {
        let count = if class_a {
            self.a.normals().len()
        } else {
            self.b.normals().len()
        };
        (0..count).map(move |k| {
            if class_a {
                let n = self.a.normals()[k];
                (
                    n,
                    self.rot.inverse_transform_vector(&n),
                    self.shift_a(k),
                    Feature::FaceA(k),
                )
            } else {
                let (axis, shift) = self.axis_b(k);
                (axis, -axis.into_inner(), shift, Feature::FaceB(k))
            }
        })
    }

    /// The walk over the vertices that the gaps of [`Self::axes`]`(class_a)`
    /// scan, its first guess at vertex `start`.
    #[inline]
    fn walk(&self, class_a: bool, start: usize) -> Walk<'a, T> {
        let scanned = if class_a { self.b } else { self.a };
        let mut walk = Walk::new(
            scanned.anchored().1,
            scanned.normals(),
            scanned.inner_disc().2,
        );
        walk.at = Some(start);
        walk
    }

    /// The constant term of A's edge `i`: `nᵢ · (d − a'ᵢ)`.
    #[inline]
    fn shift_a(&self, i: usize) -> T {
        let (_, local_a) = self.a.anchored();
        self.a.normals()[i].dot(&(self.d - local_a[i]))
    }

    /// The axis `−m` of B's edge `j` (`m = R mⱼ`) and its constant term
    /// `−m · (R w'ⱼ + d)`.
    #[inline]
    fn axis_b(&self, j: usize) -> (Unit<Vector2<T>>, T) {
        let (_, local_b) = self.b.anchored();
        let m = self.rot * self.b.normals()[j];
        (-m, -m.dot(&(self.rot * local_b[j] + self.d)))
    }

    /// The gap along A's edge `i` (one scan of B).
    #[inline]
    fn gap_a(&self, i: usize) -> Gap<T> {
        let (_, local_b) = self.b.anchored();
        let dir = self.rot.inverse_transform_vector(&self.a.normals()[i]);
        gap(min_projection(local_b, &dir).0, self.shift_a(i))
    }

    /// The axis and gap along B's edge `j` (one scan of A).
    #[inline]
    fn gap_b(&self, j: usize) -> (Unit<Vector2<T>>, Gap<T>) {
        let (_, local_a) = self.a.anchored();
        let (axis, shift) = self.axis_b(j);
        (
            axis,
            gap(min_projection(local_a, &-axis.into_inner()).0, shift),
        )
    }

    /// Calls `f(gap, axis, feature)` for every edge of A, then of B, in
    /// order, until it breaks: every gap, the reference that the queries'
    /// dropping of axes is checked against.
    #[cfg(test)]
    fn for_each_gap(
        &self,
        mut f: impl FnMut(Gap<T>, Unit<Vector2<T>>, Feature) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let (_, local_a) = self.a.anchored();
        let (_, local_b) = self.b.anchored();
        let mut walk = Walk::new(local_b, self.b.normals(), self.b.inner_disc().2);
        for (i, n) in self.a.normals().iter().enumerate() {
            let dir = self.rot.inverse_transform_vector(n);
            f(gap(walk.min(&dir), self.shift_a(i)), *n, Feature::FaceA(i))?;
        }
        // B's normals in A's frame turn as B's do; the walk over A's
        // vertices uses A's own normals, which need no rotation.
        let mut walk = Walk::new(local_a, self.a.normals(), self.a.inner_disc().2);
        for j in 0..self.b.normals().len() {
            let (axis, shift) = self.axis_b(j);
            f(
                gap(walk.min(&-axis.into_inner()), shift),
                axis,
                Feature::FaceB(j),
            )?;
        }
        ControlFlow::Continue(())
    }

    /// The separation in A's frame.
    ///
    /// With [`Scan::FirstGap`], when the inner discs do not overlap, the
    /// edge of A facing B's centre and the edge of B facing A's are tried
    /// first: for polygons apart one of them usually separates, and the
    /// query ends there.
    fn separation(&self, scan: Scan) -> Separation<T, 2> {
        let facing = match self.facing(scan == Scan::FirstGap) {
            ControlFlow::Continue(facing) => facing,
            ControlFlow::Break(apart) => return apart,
        };
        let mut best = BestAxis::new(scan);
        self.offer_hopeful_gaps(&facing, &mut best);
        // B's facing axis is dropped only when an axis was offered before
        // it (its gap at any vertex is at least its gap, which is at least
        // its floor), so an axis was offered and the fallback (the gap
        // along e₀ by two scans) is never taken.
        best.finish_or(|e0| {
            let (_, local_a) = self.a.anchored();
            let (_, local_b) = self.b.anchored();
            let dir = self.rot.inverse_transform_vector(e0);
            let hb = -min_projection(local_b, &dir).0 - e0.dot(&self.d);
            let ha = -min_projection(local_a, &-e0).0;
            Gap::from_supports(ha, hb).distance
        })
    }

    /// The edge of A facing B's centre and the edge of B facing A's, with
    /// their gaps: for polygons apart one of them usually separates, and
    /// for polygons that overlap they are usually near the best axis, so
    /// their gaps are floors that drop most other axes on one vertex.
    /// With `stop`, a positive gap along A's facing edge ends the search
    /// there, before B's is computed.
    #[inline]
    fn facing(&self, stop: bool) -> ControlFlow<Separation<T, 2>, Facing<T>> {
        let (i, gap_a) = self.facing_a();
        if stop && gap_a.distance > T::zero() {
            return ControlFlow::Break(Separation {
                distance: gap_a.distance,
                axis: self.a.normals()[i],
                feature: Feature::FaceA(i),
            });
        }
        let (j, axis_b, gap_b) = self.facing_b();
        if stop && gap_b.distance > T::zero() {
            return ControlFlow::Break(Separation {
                distance: gap_b.distance,
                axis: axis_b,
                feature: Feature::FaceB(j),
            });
        }
        ControlFlow::Continue(Facing { i, j, gap_a, gap_b })
    }

    /// A's edge facing B's centre and its gap.
    #[inline]
    fn facing_a(&self) -> (usize, Gap<T>) {
        let i = argmax_dot(self.a.normals(), &self.d);
        (i, self.gap_a(i))
    }

    /// B's edge facing A's centre, its axis and its gap.
    #[inline]
    fn facing_b(&self) -> (usize, Unit<Vector2<T>>, Gap<T>) {
        let j = argmax_dot(
            self.b.normals(),
            &-self.rot.inverse_transform_vector(&self.d),
        );
        let (axis, gap) = self.gap_b(j);
        (j, axis, gap)
    }

    /// Whether no edge of either polygon separates them: the verdict of
    /// `intersects` once the inner discs are apart. The facing edges are
    /// tried first; then each edge needs only one vertex of the other
    /// polygon on its inner side (`p + shift ≤ 0`), tried first at the
    /// vertex that was lowest on the edge before; only when that vertex
    /// lies beyond does the full minimum decide. The minimum plus the
    /// shift is positive exactly when every vertex's projection plus the
    /// shift is (rounding is monotone), so this is the sign of the very
    /// gap `separation` computes.
    fn all_gaps_non_positive(&self) -> bool {
        // A NaN gap compares false: it reads as "does not separate" to `>`,
        // and the NaN contract wants `false`, so NaN ends the query as
        // "apart".
        let i = argmax_dot(self.a.normals(), &self.d);
        if self.beyond_outer_disc(i) {
            return false;
        }
        let gap_a = self.gap_a(i);
        if gap_a.distance > T::zero() || is_nan(gap_a.distance) {
            return false;
        }
        let (j, _, gap_b) = self.facing_b();
        if gap_b.distance > T::zero() || is_nan(gap_b.distance) {
            return false;
        }
        for (class_a, start) in [(true, j), (false, i)] {
            let mut walk = self.walk(class_a, start);
            for (_, dir, shift, _) in self.axes(class_a) {
                if walk.at_guess(&dir) + shift <= T::zero() {
                    continue;
                }
                let g = walk.min(&dir) + shift;
                if g > T::zero() || is_nan(g) {
                    return false;
                }
            }
        }
        true
    }

    /// Offers `best` the gaps of [`Self::for_each_gap`] in its order,
    /// without the axes that cannot be the answer:
    /// an axis is dropped when its gap at one vertex — the vertex lowest
    /// on the previous axis, an upper bound on the gap, since the gap is
    /// the minimum over the vertices and rounding is monotone — is no
    /// larger than the best gap offered so far (which it would then not
    /// replace under the tie rule: within a class a later axis needs a
    /// strictly larger gap, across classes more than that), or lies below
    /// a floor: A's facing edge's gap for A's edges and B's for B's (the
    /// first of the largest gaps in a class is that class's answer, so an
    /// axis of a smaller gap is never it), and B's facing edge's gap less
    /// twice the tie tolerance of its scale for A's edges (B's facing axis
    /// would replace such an axis when offered). Dropping changes no
    /// answer (tests/polygon_bits.rs::polygon_bits_f64, `_f32`).
    fn offer_hopeful_gaps(&self, facing: &Facing<T>, best: &mut BestAxis<T, 2>) {
        let tol = tie_tolerance::<T>() * facing.gap_b.scale;
        let two = T::one() + T::one();
        let floor_b = facing.gap_b.distance - two * tol;
        let floor_a = if floor_b > facing.gap_a.distance {
            floor_b
        } else {
            facing.gap_a.distance
        };
        for (class_a, start, floor) in [
            (true, facing.j, floor_a),
            (false, facing.i, facing.gap_b.distance),
        ] {
            let mut walk = self.walk(class_a, start);
            for (axis, dir, shift, feature) in self.axes(class_a) {
                let at = walk.at_guess(&dir) + shift;
                if at < floor || best.distance().is_some_and(|b| at <= b) {
                    continue;
                }
                if best
                    .offer(gap(walk.min(&dir), shift), axis, feature)
                    .is_break()
                {
                    return;
                }
            }
        }
    }
}

/// The facing edges of a pair and their gaps ([`Pair::facing`]).
struct Facing<T: Real> {
    /// A's edge facing B's centre.
    i: usize,
    /// B's edge facing A's centre.
    j: usize,
    /// The gap along A's edge `i`.
    gap_a: Gap<T>,
    /// The gap along it.
    gap_b: Gap<T>,
}

/// The gap `lo + shift`, one rounding, and the scale of its terms.
#[inline]
fn gap<T: Real>(lo: T, shift: T) -> Gap<T> {
    Gap {
        distance: lo + shift,
        scale: lo.abs() + shift.abs(),
    }
}

/// The smallest projection of `verts` on `dir` and its first index: a
/// compare-and-select, not `min` (`min` spends instructions on NaN
/// operands, which cannot occur here except through `dir`, and a NaN `dir`
/// makes the first projection NaN, which no comparison replaces).
#[inline]
pub(crate) fn min_projection<T: Real>(verts: &[Vector2<T>], dir: &Vector2<T>) -> (T, usize) {
    let mut best = (dir.dot(&verts[0]), 0);
    for (k, v) in verts.iter().enumerate().skip(1) {
        let p = dir.dot(v);
        if p < best.0 {
            best = (p, k);
        }
    }
    best
}

/// The minimum of a polygon's projections on directions that turn
/// counter-clockwise, each search started from the previous answer.
struct Walk<'a, T: Real> {
    verts: &'a [Vector2<T>],
    normals: &'a [Unit<Vector2<T>>],
    /// How far above the projection the walk stops at the others may lie
    /// and still be smaller once computed (see [`Walk::min`]).
    band: T,
    at: Option<usize>,
}

impl<'a, T: Real> Walk<'a, T> {
    #[inline]
    fn new(verts: &'a [Vector2<T>], normals: &'a [Unit<Vector2<T>>], reach: T) -> Self {
        let band = T::default_epsilon() * reach * T::from_u8(WALK_BAND).unwrap_or_else(T::one);
        Self {
            verts,
            normals,
            band,
            at: None,
        }
    }

    /// `dir` · the vertex the last search ended at (vertex 0 before the
    /// first): an upper bound on the next minimum, exact when the lowest
    /// vertex has not moved.
    #[inline]
    fn at_guess(&self, dir: &Vector2<T>) -> T {
        dir.dot(&self.verts[self.at.unwrap_or(0)])
    }

    /// `min_k dir · verts[k]`, the same value as [`min_projection`].
    ///
    /// The walk goes downhill by the sign of `dir` against the edges'
    /// normals (an edge goes down iff `nₖ × dir < 0`), which is accurate
    /// to the edge, not to the coordinates. The computed projections
    /// differ from the exact projections of the exact vertices by at most
    /// `E = 1.5 ε · reach` (two products and a sum, plus the rounding of
    /// `verts` to the anchor); the exact ones are unimodal around the
    /// polygon. A computed value below the one at the walk's end `j` is
    /// therefore exactly below `x_j + 2E`, a set of consecutive vertices
    /// around `j` whose computed values are all within `4E` of `j`'s: the
    /// scan on both sides of `j` while within `band = 16 ε · reach`
    /// visits all of them.
    fn min(&mut self, dir: &Vector2<T>) -> T {
        let m = self.verts.len();
        let Some(start) = self.at.filter(|_| m >= WALK_FROM) else {
            let (value, k) = min_projection(self.verts, dir);
            self.at = Some(k);
            return value;
        };
        let next = |k: usize| if k + 1 == m { 0 } else { k + 1 };
        let prev = |k: usize| if k == 0 { m - 1 } else { k - 1 };
        let goes_down = |k: usize| cross(&self.normals[k], dir) < T::zero();
        let goes_up = |k: usize| cross(&self.normals[k], dir) > T::zero();
        let mut j = start;
        let mut steps = 0;
        if goes_down(j) {
            while goes_down(j) && steps < m {
                j = next(j);
                steps += 1;
            }
        } else {
            while goes_up(prev(j)) && steps < m {
                j = prev(j);
                steps += 1;
            }
        }
        let at_j = dir.dot(&self.verts[j]);
        let limit = at_j + self.band;
        let mut best = (at_j, j);
        // Forward from j, then backward, while within the band; `seen`
        // bounds the two scans together to one round.
        let mut seen = 1;
        for forward in [true, false] {
            let step = |k: usize| if forward { next(k) } else { prev(k) };
            let mut k = step(j);
            while seen < m {
                let p = dir.dot(&self.verts[k]);
                if p <= limit {
                    if p < best.0 || (p == best.0 && k < best.1) {
                        best = (p, k);
                    }
                } else {
                    break;
                }
                k = step(k);
                seen += 1;
            }
        }
        self.at = Some(best.1);
        best.0
    }
}

/// `a × b`, the z component of the 3D cross product.
#[inline]
fn cross<T: Real>(a: &Vector2<T>, b: &Vector2<T>) -> T {
    a.x * b.y - a.y * b.x
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Point2;

    /// SplitMix64, uniform in `[lo, hi)`.
    fn uniform(state: &mut u64, lo: f64, hi: f64) -> f64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        let u = ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * u
    }

    /// The hull of `k` random points on an ellipse of random axes (a few
    /// drop out in `f32`, where neighbours round to nearly collinear).
    fn ellipse<T: Real>(state: &mut u64, k: usize, centre: f64, r: f64) -> ConvexPolygon<T> {
        let (rx, ry) = (r * uniform(state, 0.5, 2.0), r * uniform(state, 0.5, 2.0));
        let points: Vec<Point2<T>> = (0..k)
            .map(|_| {
                let a = uniform(state, 0.0, core::f64::consts::TAU);
                Point2::new(
                    nalgebra::convert(centre + rx * a.cos()),
                    nalgebra::convert(centre + ry * a.sin()),
                )
            })
            .collect();
        ConvexPolygon::from_hull(&points).expect("an ellipse hull")
    }

    /// Every gap of the walk against the linear scan, bit for bit, on
    /// large random polygons (both above `WALK_FROM`), rotated, far from
    /// their local origin, overlapping and apart, in both orders; and
    /// `intersects` agrees with the sign of the separation.
    fn walk_equals_linear_scan<T: Real>(sizes: &[(usize, usize)], r: f64, stride: usize) {
        let mut state = 11u64;
        for &(n, m) in sizes {
            for trial in 0..6 {
                let centre = [0.0, 100.0, -3000.0][trial % 3];
                let a = ellipse::<T>(&mut state, n, centre, r);
                let b = ellipse::<T>(&mut state, m, -centre, r);
                assert!(a.vertices().len() >= WALK_FROM && b.vertices().len() >= WALK_FROM);
                let angle = uniform(&mut state, 0.0, 6.3);
                let dist = r * uniform(&mut state, 0.0, 5.0);
                let pose_a = Pose2::new(
                    Vector2::new(nalgebra::convert(-centre), nalgebra::convert(-centre)),
                    nalgebra::convert(uniform(&mut state, 0.0, 6.3)),
                );
                let pose_b = Pose2::new(
                    Vector2::new(
                        nalgebra::convert(centre + dist * angle.cos()),
                        nalgebra::convert(centre + dist * angle.sin()),
                    ),
                    nalgebra::convert(uniform(&mut state, 0.0, 6.3)),
                );
                for (a, pa, b, pb) in [(&a, &pose_a, &b, &pose_b), (&b, &pose_b, &a, &pose_a)] {
                    let pair = Pair::new(a, b, &pa.inv_mul(pb));
                    let mut walked = Vec::new();
                    let _ = pair.for_each_gap(|g, axis, feature| {
                        walked.push((g.distance, g.scale, axis, feature));
                        ControlFlow::Continue(())
                    });
                    let (na, nb) = (a.vertices().len(), b.vertices().len());
                    assert_eq!(walked.len(), na + nb);
                    for (i, w) in walked.iter().enumerate().step_by(stride) {
                        let (g, scale, axis) = if i < na {
                            let g = pair.gap_a(i);
                            (g.distance, g.scale, a.normals()[i])
                        } else {
                            let (axis, g) = pair.gap_b(i - na);
                            (g.distance, g.scale, axis)
                        };
                        assert!(
                            g == w.0 && scale == w.1 && axis == w.2,
                            "axis {i}: {w:?}, scan {g:?}"
                        );
                    }
                    let s = separation(a, pa, b, pb);
                    assert_eq!(intersects(a, pa, b, pb), s.distance <= T::zero());
                }
            }
        }
    }

    /// Whether two values are the same to the bit (`f32` widens exactly).
    fn same_bits<T: Real>(x: T, y: T) -> bool {
        x.to_f64().map(f64::to_bits) == y.to_f64().map(f64::to_bits)
    }

    /// The answer with every axis offered: the reference for the queries,
    /// which drop axes that cannot be the answer.
    fn every_axis<T: Real>(pair: &Pair<'_, T>, scan: Scan) -> Option<Separation<T, 2>> {
        let mut best = BestAxis::new(scan);
        let _ = pair.for_each_gap(|g, axis, feature| best.offer(g, axis, feature));
        best.finish()
    }

    /// Dropping axes on one-vertex bounds and floors changes no answer, bit
    /// for bit, where it is most at risk: a polygon against a copy of
    /// itself turned by a half turn (every edge of B parallel to one of
    /// A's, the two gaps equal to round-off, so that the tie rule decides),
    /// a quarter turn or not at all, about a point near its middle, moved
    /// a little, near and far from the origin; and random pairs.
    fn dropping_changes_no_answer<T: Real>(trials: usize) {
        let mut state = 5u64;
        let mut ties = 0;
        for trial in 0..trials {
            let n = [3, 4, 5, 8, 8, 13, 40][trial % 7];
            let centre = [0.0, 100.0, -3000.0][trial % 3];
            let a = ellipse::<T>(&mut state, n, 0.0, 1.0);
            let copy = trial % 2 == 0;
            let b = if copy {
                a.clone()
            } else {
                ellipse::<T>(&mut state, [3, 6, 8, 33][trial % 4], 0.0, 1.0)
            };
            let turn = if copy {
                [0.0, core::f64::consts::FRAC_PI_2, core::f64::consts::PI][trial % 3]
            } else {
                uniform(&mut state, 0.0, 6.3)
            };
            let angle = uniform(&mut state, 0.0, 6.3);
            let dist = uniform(&mut state, 0.0, [0.05, 1.0, 3.0][trial % 3]);
            let turn_a = uniform(&mut state, 0.0, 6.3);
            let pose_a = Pose2::new(
                Vector2::new(nalgebra::convert(centre), nalgebra::convert(-centre)),
                nalgebra::convert(turn_a),
            );
            let pose_b = Pose2::new(
                Vector2::new(
                    nalgebra::convert(centre + dist * angle.cos()),
                    nalgebra::convert(-centre + dist * angle.sin()),
                ),
                nalgebra::convert(turn_a + turn),
            );
            for (a, pa, b, pb) in [(&a, &pose_a, &b, &pose_b), (&b, &pose_b, &a, &pose_a)] {
                let pair = Pair::new(a, b, &pa.inv_mul(pb));
                for scan in [Scan::Best, Scan::FirstGap] {
                    let reference = every_axis(&pair, scan).expect("polygons offer axes");
                    let dropped = pair.separation(scan);
                    if scan == Scan::FirstGap && reference.distance > T::zero() {
                        // The first positive gap the facing edges find
                        // may be another positive gap: only the verdict
                        // is the reference's.
                        assert!(dropped.distance > T::zero());
                    } else {
                        assert!(
                            same_bits(dropped.distance, reference.distance)
                                && dropped.axis == reference.axis
                                && dropped.feature == reference.feature,
                            "trial {trial} {scan:?}: {dropped:?} against {reference:?}"
                        );
                    }
                    if scan == Scan::Best {
                        ties += usize::from(copy && reference.distance <= T::zero());
                    }
                }
                assert_eq!(
                    pair.discs_overlap() || pair.all_gaps_non_positive(),
                    every_axis(&pair, Scan::Best).expect("axes").distance <= T::zero()
                );
            }
        }
        assert!(ties > trials / 3, "{ties} overlapping copies");
    }

    #[test]
    fn dropping_changes_no_answer_f64() {
        dropping_changes_no_answer::<f64>(6000);
    }

    #[test]
    fn dropping_changes_no_answer_f32() {
        dropping_changes_no_answer::<f32>(6000);
    }

    #[test]
    fn walk_equals_linear_scan_f64() {
        walk_equals_linear_scan::<f64>(&[(40, 33), (500, 3000)], 1.0, 1);
        walk_equals_linear_scan::<f64>(&[(20_000, 30_000)], 1.0, 97);
        walk_equals_linear_scan::<f64>(&[(3000, 3000)], 1e7, 1);
    }

    #[test]
    fn walk_equals_linear_scan_f32() {
        walk_equals_linear_scan::<f32>(&[(40, 33), (500, 3000)], 1.0, 1);
        walk_equals_linear_scan::<f32>(&[(20_000, 30_000)], 1.0, 97);
        walk_equals_linear_scan::<f32>(&[(3000, 3000)], 1000.0, 1);
    }
}
