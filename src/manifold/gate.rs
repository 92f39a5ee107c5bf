//! The SAT call of every manifold, with an early exit for pairs apart by
//! more than the margin (docs/manifolds.md, "Pairs beyond the margin").
//!
//! ```text
//! gate(A, B, margin):
//!     s = the first-gap SAT (what penetration runs)
//!     s.distance NaN              → Apart(s.axis)
//!     s.distance <= 0             → Within(s): the scan was complete, s is
//!                                   separation's answer (and penetration's)
//!     margin <= 0                 → Apart(s.axis): separation is positive too
//!     s.distance > margin + slack → Apart(s.axis): separation is at least
//!                                   s.distance less round-off
//!     otherwise                   → Within or Apart by separation (best scan)
//! ```
//!
//! A first-gap scan stops at the first axis with a positive gap; when no
//! gap is positive it has offered every axis, in the same order and with
//! the same arithmetic as the best scan, so its answer is [`separation`](crate::separation)'s
//! bit for bit. A positive gap means [`separation`](crate::separation)'s distance is
//! positive too (a positive gap always beats a non-positive one in the
//! tie rule, and both scans decide the sign with `intersects`' predicate);
//! and [`separation`](crate::separation) gives the largest gap over the axes less the tie
//! tolerance, so once the first gap clears the margin by more than
//! round-off, the best one does too.

use nalgebra::{SVector, Unit};

use crate::axis_search::Scan;
use crate::real::is_nan;
use crate::{engine, pair, Pose, Real, Separation, Shape};

/// What the manifold needs from the SAT.
pub(super) enum Gate<T: Real, const N: usize> {
    /// Apart by more than the margin (or a NaN input): no points; the
    /// normal to report, a unit axis from A towards B along which the
    /// shapes are apart by more than the margin (NaN input: whatever the
    /// scan reported).
    Apart(Unit<SVector<T, N>>),
    /// [`separation`](crate::separation)'s answer, bit for bit, with its distance at most the
    /// margin.
    Within(Separation<T, N>),
}

/// The relative width of the band above the margin in which the first gap
/// does not decide alone: `√ε` (1.5e-8 in `f64`, 3.5e-4 in `f32`) of the
/// pair's scale. [`separation`](crate::separation)'s distance lies below a gap it offers by
/// at most the tie tolerance (4 ε) and the round-off of two computations
/// of a gap (the hull path's walk and its scans), a few tens of ε of the
/// scale; the band is far above that, so the early exit never changes
/// whether the manifold is empty. A pair in the band runs [`separation`](crate::separation)
/// as well (only its cost changes).
#[inline]
fn band<T: Real>() -> T {
    T::default_epsilon().sqrt()
}

/// The SAT answer for [`contact_manifold`](super::contact_manifold) with
/// `margin`: see the module docs.
#[inline]
pub(super) fn gate<T, A, B, const N: usize>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
) -> Gate<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    gate_with(a, pose_a, b, pose_b, margin, |scan| {
        pair::separation(a, pose_a, b, pose_b, scan)
            .unwrap_or_else(|| engine::separation_with(a, pose_a, b, pose_b, scan))
    })
}

/// [`gate`] with the SAT `sat(scan)` of the pair (what
/// [`separation`](crate::separation) runs after its range check, with the scan `scan`): the
/// box paths pass the box SAT on a frame they keep for clipping. `sat` is
/// called once or twice, the answer being the last call's (or the range
/// check's, without a call, for poses too far apart).
#[inline]
pub(super) fn gate_with<T, A, B, const N: usize>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
    mut sat: impl FnMut(Scan) -> Separation<T, N>,
) -> Gate<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let (first, far) = match crate::pose::beyond_range(pose_a, pose_b) {
        Some(far) => (far, true),
        None => (sat(Scan::FirstGap), false),
    };
    let d = first.distance;
    if is_nan(d) || is_nan(margin) {
        return Gate::Apart(first.axis);
    }
    if d <= T::zero() {
        return within(first, margin);
    }
    if margin <= T::zero() || d > margin + band::<T>() * scale(a, pose_a, b, pose_b, &first, margin)
    {
        return Gate::Apart(first.axis);
    }
    // What `separation` answers: the range check's, else the best scan.
    within(if far { first } else { sat(Scan::Best) }, margin)
}

/// `Within(s)` when `s.distance <= margin`, else `Apart`.
#[inline]
fn within<T: Real, const N: usize>(s: Separation<T, N>, margin: T) -> Gate<T, N> {
    if s.distance <= margin {
        Gate::Within(s)
    } else {
        Gate::Apart(s.axis)
    }
}

/// The size of the numbers a gap along `s.axis` is computed from: both
/// shapes' projections on it (both ends, in A's frame), the projection of
/// the poses' offset, and the margin.
fn scale<T, A, B, const N: usize>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    s: &Separation<T, N>,
    margin: T,
) -> T
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let ua = pose_a.rotation.inverse_transform_vector(&s.axis);
    let ub = pose_b.rotation.inverse_transform_vector(&s.axis);
    let ia = a.local_interval(&ua);
    let ib = b.local_interval(&ub);
    let shift = s
        .axis
        .dot(&(pose_b.translation.vector - pose_a.translation.vector));
    ia.min.abs() + ia.max.abs() + ib.min.abs() + ib.max.abs() + shift.abs() + margin.abs()
}
