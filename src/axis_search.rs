//! The bookkeeping every SAT loop shares — the generic engine and each
//! specialised pair path alike — so that all of them pick the same axis:
//!
//! ```text
//! best = BestAxis::new(scan)             // Scan::Best or Scan::FirstGap
//! for each candidate axis u (A's frame, from A towards B), in class order:
//!     best.offer(Gap { distance, scale }, u, feature)?   // the tie rule;
//!                                        // Break on NaN, or on a positive
//!                                        // gap under Scan::FirstGap
//! local = best.finish_or(|e₀| gap along e₀)   // the one fallback
//! local.to_world(&rotation of A's frame)      // result.rs
//! ```
//!
//! The tie rule ([`BestAxis::offer`]) and the fallback for "no axis was
//! offered" ([`BestAxis::finish_or`]) are defined here once; the slack that
//! lets a bound drop an axis is [`bound_slack`](crate::real::bound_slack).

use core::ops::ControlFlow;

use nalgebra::{SVector, Unit};

use crate::real::{is_nan, tie_tolerance};
use crate::shape::first_axis;
use crate::{Feature, Real, Separation};

/// How much of the candidate axes a query needs.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{engine::{self, Scan}, Ball, Pose2};
///
/// let a = Ball::new(Point2::origin(), 1.0).unwrap();
/// let far = Pose2::translation(5.0, 0.0);
/// assert_eq!(engine::local_separation(&a, &a, &far, Scan::Best).distance, 3.0);
/// assert!(engine::local_separation(&a, &a, &far, Scan::FirstGap).distance > 0.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scan {
    /// Every axis: the best gap (`separation`).
    Best,
    /// Stop at the first positive gap (`intersects`, `penetration`): the
    /// answer is then that gap, positive, not the best one; when no gap is
    /// positive the scan was complete and the answer is the best.
    FirstGap,
}

/// A gap along one candidate axis and the scale of the terms it was
/// computed from (for the tie rule): one type for every path.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Gap<T> {
    /// The gap: positive apart, `−depth` overlapping.
    pub(crate) distance: T,
    /// The magnitude of the terms `distance` was computed from.
    pub(crate) scale: T,
}

impl<T: Real> Gap<T> {
    /// The gap `−(h_A + h_B)` from two support values (`h_A(u)` and
    /// `h_B(−u)`), scale `|h_A| + |h_B|`.
    #[inline]
    pub(crate) fn from_supports(ha: T, hb: T) -> Self {
        Self {
            distance: -(ha + hb),
            scale: ha.abs() + hb.abs(),
        }
    }
}

/// The tie-rule tolerance of [`same_direction`], in units of the scalar's
/// epsilon: two unit axes within 64 ε of each other in every coordinate are
/// one normal, whatever feature produced them (a few roundings of a unit
/// vector, with room).
const SAME_DIRECTION: f64 = 64.0;

/// The class of the rounded-core axes.
const ROUND: u8 = 3;

/// The preference class of a feature: lower is preferred on a tie, except
/// for [`ROUND`], which wins ties against the polytope classes.
#[inline]
fn class(feature: Feature) -> u8 {
    match feature {
        Feature::FaceA(_) => 0,
        Feature::FaceB(_) => 1,
        Feature::EdgePair(..) => 2,
        Feature::RoundA | Feature::RoundB => ROUND,
        Feature::Fallback => 4,
    }
}

/// Whether two unit axes agree to [`SAME_DIRECTION`] ε in every coordinate.
#[inline]
fn same_direction<T: Real, const N: usize>(
    u: &Unit<SVector<T, N>>,
    v: &Unit<SVector<T, N>>,
) -> bool {
    (u.as_ref() - v.as_ref()).amax() <= T::default_epsilon() * nalgebra::convert(SAME_DIRECTION)
}

/// The running best of the SAT loop.
///
/// Axes come in classes, offered in this order: A's faces, B's faces, edge
/// pairs, ball axes. Within a class the first axis with the largest gap
/// wins. An axis of a later class replaces the best only when its gap is
/// larger by more than [`tie_tolerance`] times the scale of the two support
/// values it was computed from, so that round-off never trades a face for an
/// edge or a ball axis, nor A's face for B's — except that a positive gap
/// always replaces a non-positive one, so the verdict is never bent by the
/// rule. A NaN gap ends the loop and is reported.
pub(crate) struct BestAxis<T: Real, const N: usize> {
    best: Option<Separation<T, N>>,
    scan: Scan,
}

impl<T: Real, const N: usize> BestAxis<T, N> {
    /// An empty tracker; with [`Scan::FirstGap`] the loop ends at the first
    /// positive gap.
    #[inline]
    pub(crate) fn new(scan: Scan) -> Self {
        Self { best: None, scan }
    }

    /// Offers the gap along one candidate axis; `Break` when the loop may
    /// end (a NaN gap, or a positive one under [`Scan::FirstGap`]).
    /// Always inlined: left to the compiler, it stays out of line in the
    /// 2D box path.
    #[inline(always)]
    pub(crate) fn offer(
        &mut self,
        gap: Gap<T>,
        axis: Unit<SVector<T, N>>,
        feature: Feature,
    ) -> ControlFlow<()> {
        let Gap { distance, scale } = gap;
        let better = match &self.best {
            None => true,
            Some(s) if class(feature) == class(s.feature) => distance > s.distance,
            // A positive gap always beats a non-positive one, and never
            // loses to one: the tie rule chooses among equal answers, it
            // never turns "apart" into "overlapping" or back.
            Some(s) if distance > T::zero() && s.distance <= T::zero() => true,
            Some(s) if distance <= T::zero() && s.distance > T::zero() => false,
            // A rounded-core axis is the exact direction between the cores'
            // nearest points: on a near tie it is the better normal (a face
            // within round-off of it can point 1e-3 rad away in f32), so
            // it wins ties instead of losing them.
            // (When it is the best axis's own direction, to 64 ε, the face
            // keeps its label: the normal is the same.)
            Some(s) if class(feature) == ROUND && !same_direction(&axis, &s.axis) => {
                distance >= s.distance - tie_tolerance::<T>() * scale
            }
            Some(s) => distance > s.distance + tie_tolerance::<T>() * scale,
        };
        if better || is_nan(distance) {
            self.best = Some(Separation {
                distance,
                axis,
                feature,
            });
        }
        if is_nan(distance) || (self.scan == Scan::FirstGap && distance > T::zero()) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// The best gap offered so far, if any was.
    #[inline]
    pub(crate) fn distance(&self) -> Option<T> {
        self.best.as_ref().map(|s| s.distance)
    }

    /// The best axis offered, if any was (the boolean paths, which decide
    /// "no axis" themselves).
    #[inline]
    pub(crate) fn finish(self) -> Option<Separation<T, N>> {
        self.best
    }

    /// The best axis offered, in the frame the loop ran in; **the one
    /// fallback** when none was (two concentric balls, where every
    /// direction is equally good; unreachable for polytopes, which always
    /// offer their faces): the first coordinate axis `e₀` of that frame,
    /// with `gap_along(e₀)` its gap, and [`Feature::Fallback`].
    #[inline]
    pub(crate) fn finish_or(self, gap_along: impl FnOnce(&SVector<T, N>) -> T) -> Separation<T, N> {
        self.best.unwrap_or_else(|| {
            let axis = Unit::new_unchecked(first_axis());
            Separation {
                distance: gap_along(&axis),
                axis,
                feature: Feature::Fallback,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Vector2;

    fn unit(x: f64, y: f64) -> Unit<Vector2<f64>> {
        Unit::new_normalize(Vector2::new(x, y))
    }

    fn gap(distance: f64, scale: f64) -> Gap<f64> {
        Gap { distance, scale }
    }

    /// The feature of the best after offering each `(distance, axis, feature)`.
    fn winner(offers: &[(f64, Unit<Vector2<f64>>, Feature)]) -> Feature {
        let mut best = BestAxis::new(Scan::Best);
        for &(d, u, f) in offers {
            let _ = best.offer(gap(d, 1.0), u, f);
        }
        best.finish().map(|s| s.feature).unwrap()
    }

    #[test]
    fn within_a_class_the_first_of_equal_gaps_wins() {
        let (x, y) = (unit(1.0, 0.0), unit(0.0, 1.0));
        let f = winner(&[(-1.0, x, Feature::FaceA(0)), (-1.0, y, Feature::FaceA(1))]);
        assert_eq!(f, Feature::FaceA(0));
        let f = winner(&[(-1.0, x, Feature::FaceA(0)), (-0.5, y, Feature::FaceA(1))]);
        assert_eq!(f, Feature::FaceA(1));
    }

    #[test]
    fn a_later_class_must_win_by_more_than_the_tolerance() {
        let (x, y) = (unit(1.0, 0.0), unit(0.0, 1.0));
        let tol = tie_tolerance::<f64>();
        // Within the tolerance: the face keeps it.
        let f = winner(&[
            (-1.0, x, Feature::FaceA(0)),
            (-1.0 + tol / 2.0, y, Feature::FaceB(0)),
        ]);
        assert_eq!(f, Feature::FaceA(0));
        let f = winner(&[
            (-1.0, x, Feature::FaceB(0)),
            (-1.0 + tol / 2.0, y, Feature::EdgePair(0, 0)),
        ]);
        assert_eq!(f, Feature::FaceB(0));
        // Beyond it: the later class wins.
        let f = winner(&[
            (-1.0, x, Feature::FaceA(0)),
            (-1.0 + 4.0 * tol, y, Feature::FaceB(0)),
        ]);
        assert_eq!(f, Feature::FaceB(0));
    }

    #[test]
    fn a_round_axis_wins_near_ties_unless_it_is_the_same_normal() {
        let (x, y) = (unit(1.0, 0.0), unit(0.0, 1.0));
        let tol = tie_tolerance::<f64>();
        // A slightly smaller round gap still wins, along another direction.
        let f = winner(&[
            (-1.0, x, Feature::FaceA(0)),
            (-1.0 - tol / 2.0, y, Feature::RoundB),
        ]);
        assert_eq!(f, Feature::RoundB);
        // Clearly smaller: it loses.
        let f = winner(&[
            (-1.0, x, Feature::FaceA(0)),
            (-1.0 - 4.0 * tol, y, Feature::RoundB),
        ]);
        assert_eq!(f, Feature::FaceA(0));
        // Along the face's own normal (to 64 ε) the face keeps its label.
        let f = winner(&[(-1.0, x, Feature::FaceA(0)), (-1.0, x, Feature::RoundA)]);
        assert_eq!(f, Feature::FaceA(0));
        let tilted = Unit::new_unchecked(Vector2::new(1.0, 32.0 * f64::EPSILON));
        let f = winner(&[
            (-1.0, x, Feature::FaceA(0)),
            (-1.0, tilted, Feature::RoundA),
        ]);
        assert_eq!(f, Feature::FaceA(0));
        let tilted = Unit::new_unchecked(Vector2::new(1.0, 128.0 * f64::EPSILON));
        let f = winner(&[
            (-1.0, x, Feature::FaceA(0)),
            (-1.0, tilted, Feature::RoundA),
        ]);
        assert_eq!(f, Feature::RoundA);
    }

    #[test]
    fn positive_never_loses_to_non_positive() {
        let (x, y) = (unit(1.0, 0.0), unit(0.0, 1.0));
        let tiny = f64::MIN_POSITIVE;
        // A later class with a positive gap beats a non-positive best
        // however close (the tolerance would keep the face otherwise).
        let f = winner(&[
            (0.0, x, Feature::FaceA(0)),
            (tiny, y, Feature::EdgePair(1, 2)),
        ]);
        assert_eq!(f, Feature::EdgePair(1, 2));
        // A round axis with a non-positive gap never replaces a positive one.
        let f = winner(&[(tiny, x, Feature::FaceA(0)), (0.0, y, Feature::RoundA)]);
        assert_eq!(f, Feature::FaceA(0));
    }

    #[test]
    fn nan_ends_the_loop_and_is_reported() {
        let (x, y) = (unit(1.0, 0.0), unit(0.0, 1.0));
        let mut best = BestAxis::new(Scan::Best);
        assert_eq!(
            best.offer(gap(-1.0, 1.0), x, Feature::FaceA(0)),
            ControlFlow::Continue(())
        );
        assert_eq!(
            best.offer(gap(f64::NAN, 1.0), y, Feature::FaceA(1)),
            ControlFlow::Break(())
        );
        let s = best.finish().unwrap();
        assert!(s.distance.is_nan());
        assert_eq!(s.feature, Feature::FaceA(1));
    }

    #[test]
    fn first_gap_stops_at_a_positive_gap_only() {
        let (x, y) = (unit(1.0, 0.0), unit(0.0, 1.0));
        let mut best = BestAxis::new(Scan::FirstGap);
        assert_eq!(
            best.offer(gap(0.0, 1.0), x, Feature::FaceA(0)),
            ControlFlow::Continue(())
        );
        assert_eq!(
            best.offer(gap(0.5, 1.0), y, Feature::FaceA(1)),
            ControlFlow::Break(())
        );
        let mut best = BestAxis::new(Scan::Best);
        assert_eq!(
            best.offer(gap(0.5, 1.0), y, Feature::FaceA(1)),
            ControlFlow::Continue(())
        );
    }

    #[test]
    fn the_fallback_is_the_first_axis_with_its_gap() {
        let best = BestAxis::<f64, 2>::new(Scan::Best);
        let s = best.finish_or(|u| -2.0 * u.x);
        assert_eq!(
            (s.distance, s.axis.into_inner(), s.feature),
            (-2.0, Vector2::x(), Feature::Fallback)
        );
    }
}
