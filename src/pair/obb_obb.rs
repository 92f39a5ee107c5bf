//! Oriented box against oriented box, in any dimension: the 15-axis test in
//! 3D, the 4-axis test in 2D (faces only; boxes list edges in 3D alone).
//!
//! In A's box frame (A's axes are the coordinate axes, A's centre the
//! origin), B has centre `T` and axes the columns of `R = Aᵀ B`; `|R|` is
//! computed once. With half extents `a` and `b`:
//!
//! ```text
//! A's face ±eᵢ:   gap = ±Tᵢ − Σⱼ |Rᵢⱼ| bⱼ − aᵢ
//! B's face ±Rⱼ:   gap = ∓(Rⱼ · T) − Σᵢ |Rᵢⱼ| aᵢ − bⱼ       (axis ∓Rⱼ, from A to B)
//! edges eᵢ × Rⱼ:  L = eᵢ × Rⱼ, |L|² = R²ᵢ₁ⱼ + R²ᵢ₂ⱼ  (i₁ = i+1, i₂ = i+2 mod 3)
//!                 rA = aᵢ₁ |Rᵢ₂ⱼ| + aᵢ₂ |Rᵢ₁ⱼ|,  rB = bⱼ₁ |Rᵢⱼ₂| + bⱼ₂ |Rᵢⱼ₁|
//!                 gap = (|T · L| − rA − rB) / |L|,  skipped when |L| <= parallel tolerance
//! ```
//!
//! The axes, their order, orientation and ties are the generic engine's for
//! two boxes ([`crate::engine`]): A's faces `+e₀ +e₁ +e₂ −e₀ −e₁ −e₂`, then
//! B's, then the nine edge pairs.

use core::ops::ControlFlow;

use nalgebra::{SMatrix, SVector, Unit};

use crate::axis_search::{BestAxis, Gap, Scan};
use crate::real::is_nan;
use crate::{Feature, Obb, Pose, Real, Separation};

/// The separation of two posed boxes; equal to
/// [`engine::separation`](crate::engine::separation) on the same input.
///
/// ```
/// use nalgebra::{Point3, Rotation3, Vector3};
/// use separating_axis::{pair::obb_obb, Feature, Obb, Pose3};
///
/// let cube = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(1.0, 1.0, 1.0)).unwrap();
/// let s = obb_obb::separation(&cube, &Pose3::identity(), &cube, &Pose3::translation(0.0, 1.5, 0.0));
/// assert_eq!(s.distance, -0.5);
/// assert_eq!(s.feature, Feature::FaceA(1));
/// ```
#[must_use]
pub fn separation<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> Separation<T, N> {
    separation_with(a, pose_a, b, pose_b, Scan::Best)
}

/// Whether two posed boxes overlap; stops at the first separating axis.
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::{pair::obb_obb, Obb, Pose2};
///
/// let b = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(1.0, 1.0)).unwrap();
/// assert!(obb_obb::intersects(&b, &Pose2::identity(), &b, &Pose2::translation(2.0, 0.0))); // touching
/// assert!(!obb_obb::intersects(&b, &Pose2::identity(), &b, &Pose2::translation(2.5, 0.0)));
/// ```
#[must_use]
#[inline]
pub fn intersects<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> bool {
    let (r, t) = relative_frame(a, pose_a, b, pose_b);
    // NaN anywhere: no verdict of overlap (the crate's NaN contract).
    if r.iter().chain(t.iter()).any(|&x| is_nan(x)) {
        return false;
    }
    !any_separating_axis(&a.half_extents(), &b.half_extents(), &r, &t)
}

/// `R = AᵀB` and B's centre `T` in A's box frame.
///
/// `T` is built from the difference of the two poses' translations first
/// (exact for nearby poses, whatever their distance from the origin), then
/// the two boxes' own centres turned by their poses, never from the
/// rotated absolute positions: at 1e4 in `f32` those carry 1e-3 of
/// round-off, far more than the boxes' relative placement does
/// (`box_precision.rs::box_pairs_far_from_the_origin_f32`, `_f64`).
#[inline]
fn relative_frame<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> (SMatrix<T, N, N>, SVector<T, N>) {
    let (frame_a, offset_a) = a.world_frame(pose_a);
    let (frame_b, offset_b) = b.world_frame(pose_b);
    let r = frame_a.matrix().transpose() * frame_b.matrix();
    let shift = pose_b.translation.vector - pose_a.translation.vector;
    let t = frame_a.inverse_transform_vector(&(shift + (offset_b - offset_a)));
    (r, t)
}

/// The gap along A's face `±eᵢ` (`shift = ±Tᵢ`) and along B's face axis
/// `∓Rⱼ` (`shift = ∓(Rⱼ · T)`): `shift − (own + other)`, where `own` is
/// the half extent of the face's box and `other` the other box's extent
/// on the axis. The boolean and the gap loops both use it, so that
/// `intersects` and `separation` decide one inequality the same way: the
/// rounded difference `x − y` is positive exactly when `x > y` (IEEE 754
/// subtraction is exact in sign, with gradual underflow).
#[inline(always)]
fn face_gap<T: Real>(shift: T, own: T, other: T) -> T {
    shift - (own + other)
}

/// The edge pair `eᵢ × Rⱼ` in A's box frame (3D): the axis `L` scaled so
/// that its largest entry is 1 (no underflow for nearly parallel edges),
/// its length, `T · L` and the two boxes' extents on `L`. B's extent is
/// computed from `L · Rₖ` directly, not from the identity
/// `|L · Rₖ| = |R_{i,k'}|` that holds only for an exactly orthonormal `R`:
/// the gap is then a true gap of the boxes along the axis the floats
/// describe, however nearly parallel the edges (docs/sat-proof.md §11).
/// `None` when the edges are exactly parallel in the computed `R`.
#[inline(always)]
fn edge_terms<T: Real, const N: usize>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
    i: usize,
    j: usize,
) -> Option<(T, T, T, T, T)> {
    let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
    let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
    let m = r[(i1, j)].abs().max(r[(i2, j)].abs());
    // Not above zero (or NaN, which the face axes have reported): skip.
    if m.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
        return None;
    }
    // L = eᵢ × Rⱼ / m: L[i1] = −R[i2, j] / m, L[i2] = R[i1, j] / m.
    let (l1, l2) = (-r[(i2, j)] / m, r[(i1, j)] / m);
    let len = (l1 * l1 + l2 * l2).sqrt();
    let ra = ha[i1] * l1.abs() + ha[i2] * l2.abs();
    let rb = hb[j1] * (l1 * r[(i1, j1)] + l2 * r[(i2, j1)]).abs()
        + hb[j2] * (l1 * r[(i1, j2)] + l2 * r[(i2, j2)]).abs();
    let tl = t[i1] * l1 + t[i2] * l2;
    Some((l1, l2, len, tl, ra + rb))
}

/// The boolean form of [`offer_axes`]: whether some axis has a positive gap.
/// The same axes and the same gap expressions, but no unit axis, no
/// division by `|L|` (which does not change a gap's sign: `|L| >= 1` after
/// scaling and sizes are at least [`min_size`](crate::real::min_size)) and
/// no tie bookkeeping.
fn any_separating_axis<T: Real, const N: usize>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
) -> bool {
    let abs_r = r.abs();
    // ±eᵢ: one sign has a positive gap iff |Tᵢ| − (aᵢ + rBᵢ) > 0.
    for i in 0..N {
        if face_gap(t[i].abs(), ha[i], abs_r.row(i).transpose().dot(hb)) > T::zero() {
            return true;
        }
    }
    for j in 0..N {
        if face_gap(r.column(j).dot(t).abs(), hb[j], abs_r.column(j).dot(ha)) > T::zero() {
            return true;
        }
    }
    if N != 3 {
        return false;
    }
    for i in 0..3 {
        for j in 0..3 {
            if let Some((_, _, _, tl, extent)) = edge_terms(ha, hb, r, t, i, j) {
                if tl.abs() - extent > T::zero() {
                    return true;
                }
            }
        }
    }
    false
}

/// [`separation`], scanning as `scan` says.
pub(crate) fn separation_with<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
    scan: Scan,
) -> Separation<T, N> {
    // A's box frame in the world, and B's centre and axes in it.
    let (frame_a, _) = a.world_frame(pose_a);
    let (r, t) = relative_frame(a, pose_a, b, pose_b);
    let (ha, hb) = (a.half_extents(), b.half_extents());
    let mut best = BestAxis::new(scan);
    let _ = offer_axes(&ha, &hb, &r, &t, &mut best);
    // Boxes always offer their faces: the fallback (A's face +e₀'s gap)
    // is never taken.
    best.finish_or(|_| face_gap(t[0], ha[0], r.abs().row(0).transpose().dot(&hb)))
        .to_world(&frame_a)
}

/// Offers the face axes, then in 3D the nine edge axes, in A's box frame,
/// to `best`.
fn offer_axes<T: Real, const N: usize>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
    best: &mut BestAxis<T, N>,
) -> ControlFlow<()> {
    let abs_r = r.abs();
    // A's faces: +eᵢ then −eᵢ.
    for sign in [T::one(), -T::one()] {
        for i in 0..N {
            let rb = abs_r.row(i).transpose().dot(hb);
            let shift = sign * t[i];
            let gap = face_gap(shift, ha[i], rb);
            let axis = Unit::new_unchecked(SVector::from_fn(
                |k, _| if k == i { sign } else { T::zero() },
            ));
            let face = if sign > T::zero() { i } else { i + N };
            let gap = Gap {
                distance: gap,
                scale: shift.abs() + rb + ha[i],
            };
            best.offer(gap, axis, Feature::FaceA(face))?;
        }
    }
    // B's faces: outward +Rⱼ (axis −Rⱼ), then outward −Rⱼ (axis +Rⱼ).
    for sign in [T::one(), -T::one()] {
        for j in 0..N {
            let normal = r.column(j) * sign;
            let ra = abs_r.column(j).dot(ha);
            let shift = normal.dot(t);
            let gap = face_gap(-shift, hb[j], ra);
            let face = if sign > T::zero() { j } else { j + N };
            let axis = Unit::new_unchecked(-normal);
            let gap = Gap {
                distance: gap,
                scale: shift.abs() + hb[j] + ra,
            };
            best.offer(gap, axis, Feature::FaceB(face))?;
        }
    }
    // Edge pairs eᵢ × Rⱼ (3D only), each tried +L then −L.
    if N != 3 {
        return ControlFlow::Continue(());
    }
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let Some((l1, l2, len, tl, extent)) = edge_terms(ha, hb, r, t, i, j) else {
                continue;
            };
            let mut l = SVector::<T, N>::zeros();
            l[i1] = l1 / len;
            l[i2] = l2 / len;
            let axis = Unit::new_unchecked(l);
            let scale = (tl.abs() + extent) / len;
            let feature = Feature::EdgePair(i, j);
            let gap = |distance| Gap { distance, scale };
            best.offer(gap((tl - extent) / len), axis, feature)?;
            best.offer(gap((-tl - extent) / len), -axis, feature)?;
        }
    }
    ControlFlow::Continue(())
}
