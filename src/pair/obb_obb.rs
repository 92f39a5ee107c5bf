//! Oriented box against oriented box, in any dimension: the 15-axis test in
//! 3D, the 4-axis test in 2D (faces only; boxes list edges in 3D alone).
//!
//! In A's box frame (A's axes are the coordinate axes, A's centre the
//! origin), B has centre `T` and axes the columns of `R = Aᵀ B`; `|R|` is
//! computed once. With half extents `a` and `b`:
//!
//! ```text
//! A's face ±eᵢ:   gap = ±Tᵢ − (aᵢ + Σⱼ |Rᵢⱼ| bⱼ)
//! B's face ±Rⱼ:   gap = ∓(Rⱼ · T) − (bⱼ + Σᵢ |Rᵢⱼ| aᵢ)     (axis ∓Rⱼ, from A to B;
//!                                                           not divided by |Rⱼ|)
//! edges eᵢ × Rⱼ:  (i₁, i₂) = (i+1, i+2), (j₁, j₂) = (j+1, j+2) mod 3
//!                 m = max(|Rᵢ₁ⱼ|, |Rᵢ₂ⱼ|);  skipped when m = 0 (exactly parallel)
//!                 L = (eᵢ × Rⱼ) / m:  Lᵢ = 0, Lᵢ₁ = −Rᵢ₂ⱼ / m, Lᵢ₂ = Rᵢ₁ⱼ / m
//!                 rA = aᵢ₁ |Lᵢ₁| + aᵢ₂ |Lᵢ₂|,  rB = bⱼ₁ |L · Rⱼ₁| + bⱼ₂ |L · Rⱼ₂|
//!                 gap = (±(T · L) − (rA + rB)) / |L|,  1 <= |L| <= √2
//! ```
//!
//! A's face gaps and the edge gaps are gaps of A and the parallelepiped
//! `{T + R x : |xₖ| <= bₖ}` along the axis used, whatever `R`: B's extent
//! on `L` comes from the products `L · Rₖ`, not from the identity
//! `|L · Rₖ| = |R_{i,k'}|` of an exactly orthonormal `R`, whose error the
//! division by a small `|eᵢ × Rⱼ|` would amplify without bound. B's face
//! gaps take B's extent on `Rⱼ` as `bⱼ` and do not divide by `|Rⱼ|`: they
//! are the orthonormal box's, accurate to the orthonormality tolerance
//! (`δ (Σb + |gap|)`, `δ` the largest entry of `|RᵀR − I|`). The term
//! `bⱼ |L · Rⱼ|` of B's extent on `L` is zero in exact arithmetic and is
//! left out. Derivations: docs/sat-proof.md §9 and Lemma 11b (§11).
//!
//! The axes, their order, orientation and ties are the generic engine's for
//! two boxes ([`crate::engine`]): A's faces `+e₀ +e₁ +e₂ −e₀ −e₁ −e₂`, then
//! B's, then the nine edge pairs. The scan is straight-line code
//! (`fast_scan`) that applies the tie rule of `BestAxis` to the gaps and
//! builds the winner's unit axis only; the `BestAxis` loop itself
//! (`reference_scan`) runs when a gap is NaN, and is the definition the
//! fast scan reproduces bit for bit (tests/box_sat_bits.rs::box_sat_bits_3d_f64).

use core::ops::ControlFlow;

use nalgebra::{Rotation, SMatrix, SVector, Unit};

use crate::axis_search::{BestAxis, Gap, Scan};
use crate::real::{is_nan, tie_tolerance};
use crate::{Feature, Obb, Penetration, Pose, Real, Separation};

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
    // Indexed: the compiler kept chained iterators' plumbing.
    if (0..N * N).any(|i| is_nan(r[i])) || (0..N).any(|i| is_nan(t[i])) {
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
pub(crate) fn relative_frame<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> (SMatrix<T, N, N>, SVector<T, N>) {
    // `BoxPair::new`'s `R` and `T`, by the same expressions, written out:
    // `BoxPair::new` is called by `penetration` too, and the compiler
    // keeps it out of line.
    let (frame_a, offset_a) = a.world_frame(pose_a);
    let (frame_b, offset_b) = b.world_frame(pose_b);
    let r = frame_a.matrix().transpose() * frame_b.matrix();
    let shift = pose_b.translation.vector - pose_a.translation.vector;
    let d = shift + (offset_b - offset_a);
    (r, frame_a.inverse_transform_vector(&d))
}

/// [`relative_frame`] always inlined, for the 2D box distance
/// (`distance::boxes::query`), which also needs A's world frame: inlined,
/// the compiler computes that frame once and saves the call. The SAT
/// keeps the out-of-line [`relative_frame`] (its counts move when it is
/// inlined; docs/benchmarks.md, "f32 circle rays and 2D box distance,
/// third pass").
#[inline(always)]
pub(crate) fn relative_frame_inlined<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> (SMatrix<T, N, N>, SVector<T, N>) {
    if N == 2 {
        let (r, t) = relative_frame_2d(a, pose_a, b, pose_b);
        return (
            SMatrix::from_fn(|i, j| r[i + 2 * j]),
            SVector::from_fn(|i, _| t[i]),
        );
    }
    // The same expressions as `relative_frame`, kept as two copies so
    // that `relative_frame` stays small enough to inline on its own.
    let (frame_a, offset_a) = a.world_frame(pose_a);
    let (frame_b, offset_b) = b.world_frame(pose_b);
    let r = frame_a.matrix().transpose() * frame_b.matrix();
    let shift = pose_b.translation.vector - pose_a.translation.vector;
    let d = shift + (offset_b - offset_a);
    (r, frame_a.inverse_transform_vector(&d))
}

/// [`relative_frame_inlined`] in 2D (`N` = 2), on scalars: `R` by
/// columns and `T`. The same products and two-term sums as
/// [`relative_frame`] (a sum of two products is the same float in either
/// order), so the same bits; each case of which boxes are centred builds
/// its answer in its own branch, so that no two-lane vector is merged at
/// a branch join (in `f32` the compiler moved those through general
/// registers: docs/benchmarks.md, "2D box distance and casts in f32").
#[inline(always)]
fn relative_frame_2d<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> ([T; 4], [T; 2]) {
    // Column-major 2×2 matrices: `[m₀₀, m₁₀, m₀₁, m₁₁]`.
    let cols = |m: &SMatrix<T, N, N>| [m[(0, 0)], m[(1, 0)], m[(0, 1)], m[(1, 1)]];
    let times = |p: [T; 4], x: T, y: T| [p[0] * x + p[2] * y, p[1] * x + p[3] * y];
    let compose = |p: [T; 4], s: [T; 4]| {
        let (c0, c1) = (times(p, s[0], s[1]), times(p, s[2], s[3]));
        [c0[0], c0[1], c1[0], c1[1]]
    };
    let dot = |x: T, y: T, u: T, v: T| x * u + y * v;
    let (ta, tb) = (&pose_a.translation.vector, &pose_b.translation.vector);
    let (sx, sy) = (tb[0] - ta[0], tb[1] - ta[1]);
    let finish = |fa: [T; 4], oa: [T; 2], fb: [T; 4], ob: [T; 2]| {
        let r = [
            dot(fa[0], fa[1], fb[0], fb[1]),
            dot(fa[2], fa[3], fb[0], fb[1]),
            dot(fa[0], fa[1], fb[2], fb[3]),
            dot(fa[2], fa[3], fb[2], fb[3]),
        ];
        let (dx, dy) = (sx + (ob[0] - oa[0]), sy + (ob[1] - oa[1]));
        (r, [dot(fa[0], fa[1], dx, dy), dot(fa[2], fa[3], dx, dy)])
    };
    let (pa, pb) = (
        cols(pose_a.rotation.matrix()),
        cols(pose_b.rotation.matrix()),
    );
    let own = |o: &Obb<T, N>, p: [T; 4]| {
        let c = o.center().coords;
        (
            compose(p, cols(o.rotation().matrix())),
            times(p, c[0], c[1]),
        )
    };
    let zero = [T::zero(); 2];
    match (a.is_centred(), b.is_centred()) {
        (true, true) => finish(pa, zero, pb, zero),
        (true, false) => {
            let (fb, ob) = own(b, pb);
            finish(pa, zero, fb, ob)
        }
        (false, true) => {
            let (fa, oa) = own(a, pa);
            finish(fa, oa, pb, zero)
        }
        (false, false) => {
            let ((fa, oa), (fb, ob)) = (own(a, pa), own(b, pb));
            finish(fa, oa, fb, ob)
        }
    }
}

/// Two posed boxes as the box queries see them: each box's frame in the
/// world (its rotation, and its centre's offset from its pose's
/// translation), B's centre less A's in the world, and [`relative_frame`]'s
/// `R = AᵀB` and `T` (B's centre in A's box frame), computed once so that
/// the contact manifold's box paths clip with the frame the SAT used.
#[derive(Clone, Copy)]
pub(crate) struct BoxPair<T: Real, const N: usize> {
    /// A's box frame in the world.
    pub(crate) frame_a: Rotation<T, N>,
    /// A's box centre less its pose's translation (world).
    pub(crate) offset_a: SVector<T, N>,
    /// B's box frame in the world.
    pub(crate) frame_b: Rotation<T, N>,
    /// B's box centre less its pose's translation (world).
    pub(crate) offset_b: SVector<T, N>,
    /// B's box centre less A's (world): the poses' translation difference
    /// first, then the offsets.
    pub(crate) d: SVector<T, N>,
    /// `R = AᵀB`: B's box axes in A's box frame (columns).
    pub(crate) r: SMatrix<T, N, N>,
    /// B's box centre in A's box frame.
    pub(crate) t: SVector<T, N>,
}

impl<T: Real, const N: usize> BoxPair<T, N> {
    /// The frames of `a` posed by `pose_a` and `b` by `pose_b`.
    #[inline]
    pub(crate) fn new(
        a: &Obb<T, N>,
        pose_a: &Pose<T, N>,
        b: &Obb<T, N>,
        pose_b: &Pose<T, N>,
    ) -> Self {
        let (frame_a, offset_a) = a.world_frame(pose_a);
        let (frame_b, offset_b) = b.world_frame(pose_b);
        let r = frame_a.matrix().transpose() * frame_b.matrix();
        let shift = pose_b.translation.vector - pose_a.translation.vector;
        let d = shift + (offset_b - offset_a);
        let t = frame_a.inverse_transform_vector(&d);
        Self {
            frame_a,
            offset_a,
            frame_b,
            offset_b,
            d,
            r,
            t,
        }
    }
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
pub(crate) fn any_separating_axis<T: Real, const N: usize>(
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
            if let Some((_, _, _, tl, extent)) = edge_terms(ha, hb, r, t, i, j)
                && tl.abs() - extent > T::zero()
            {
                return true;
            }
        }
    }
    false
}

/// [`separation`], scanning as `scan` says: the straight-line scan
/// [`fast_scan`], or, when a gap came out NaN, the reference loop
/// [`offer_axes`] on [`BestAxis`] (which reports the first NaN gap in
/// the order of the axes).
pub(crate) fn separation_with<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
    scan: Scan,
) -> Separation<T, N> {
    // A's box frame in the world, and B's centre and axes in it.
    let pair = BoxPair::new(a, pose_a, b, pose_b);
    local_separation(&pair, &a.half_extents(), &b.half_extents(), scan).to_world(&pair.frame_a)
}

/// [`penetration`](crate::penetration) of two posed boxes: the first-gap
/// scan, `None` at its first positive gap without building that gap's
/// axis; otherwise the scan was complete and the answer is
/// [`separation_with`]'s (`Scan::FirstGap`), bit for bit.
#[inline]
pub(crate) fn penetration<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> Option<Penetration<T, N>> {
    let pair = BoxPair::new(a, pose_a, b, pose_b);
    let (ha, hb) = (a.half_extents(), b.half_extents());
    let (r, t) = (&pair.r, &pair.t);
    let local = match fast_scan(&ha, &hb, r, t, true) {
        Some(best) if best.distance > T::zero() => return None,
        Some(best) => best.separation(&ha, &hb, r, t),
        None => reference_scan(&ha, &hb, r, t, Scan::FirstGap),
    };
    local.to_world(&pair.frame_a).penetration()
}

/// [`separation_with`] in A's box frame (the axis not yet turned to the
/// world), on a [`BoxPair`] with half extents `ha` and `hb`.
#[inline]
pub(crate) fn local_separation<T: Real, const N: usize>(
    pair: &BoxPair<T, N>,
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    scan: Scan,
) -> Separation<T, N> {
    let (r, t) = (&pair.r, &pair.t);
    match fast_scan(ha, hb, r, t, scan == Scan::FirstGap) {
        Some(best) => best.separation(ha, hb, r, t),
        None => reference_scan(ha, hb, r, t, scan),
    }
}

/// The scan on [`BestAxis`], in A's box frame: the definition that
/// [`fast_scan`] reproduces bit for bit, and its fallback when a gap is NaN.
#[cold]
#[inline(never)]
fn reference_scan<T: Real, const N: usize>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
    scan: Scan,
) -> Separation<T, N> {
    let mut best = BestAxis::new(scan);
    let _ = offer_axes(ha, hb, r, t, &mut best);
    // Boxes always offer their faces: the fallback (A's face +e₀'s gap)
    // is never taken.
    best.finish_or(|_| face_gap(t[0], ha[0], r.abs().row(0).transpose().dot(hb)))
}

/// The preference classes of [`BestAxis`] that boxes offer.
const CLASS_FACE_A: u8 = 0;
const CLASS_FACE_B: u8 = 1;
const CLASS_EDGE: u8 = 2;

/// The best axis so far of [`fast_scan`]: its gap, its class and a code
/// naming it (`0..2N` A's face of that number, `2N..4N` B's face `code −
/// 2N`, `4N + 3i + j` the edge pair `eᵢ × Rⱼ`, its sign chosen at the end).
/// The unit axis is built once, for the winner ([`Running::separation`]).
struct Running<T> {
    distance: T,
    class: u8,
    code: usize,
}

impl<T: Real> Running<T> {
    /// [`BestAxis::offer`]'s rule for the classes of boxes, on a gap that
    /// is not NaN (the caller checked): within a class a strictly larger
    /// gap wins; across classes a positive gap beats a non-positive one
    /// and never loses to one, and otherwise the later class must win by
    /// more than the tie tolerance times its axis's `scale` (computed only
    /// then).
    #[inline(always)]
    fn offer(&mut self, distance: T, class: u8, code: usize, scale: impl FnOnce() -> T) {
        let zero = T::zero();
        let better = if class == self.class {
            distance > self.distance
        } else if distance > zero {
            self.distance <= zero || distance > self.distance + tie_tolerance::<T>() * scale()
        } else {
            self.distance <= zero && distance > self.distance + tie_tolerance::<T>() * scale()
        };
        if better {
            *self = Self {
                distance,
                class,
                code,
            };
        }
    }

    /// The winner as a [`Separation`] in A's box frame: its unit axis and
    /// feature built exactly as [`offer_axes`] builds them.
    fn separation<const N: usize>(
        &self,
        ha: &SVector<T, N>,
        hb: &SVector<T, N>,
        r: &SMatrix<T, N, N>,
        t: &SVector<T, N>,
    ) -> Separation<T, N> {
        let code = self.code;
        let (axis, feature) = if code < 2 * N {
            let (i, sign) = if code < N {
                (code, T::one())
            } else {
                (code - N, -T::one())
            };
            let axis = SVector::from_fn(|k, _| if k == i { sign } else { T::zero() });
            (Unit::new_unchecked(axis), Feature::FaceA(code))
        } else if code < 4 * N {
            let face = code - 2 * N;
            let (j, sign) = if face < N {
                (face, T::one())
            } else {
                (face - N, -T::one())
            };
            let normal = r.column(j) * sign;
            (Unit::new_unchecked(-normal), Feature::FaceB(face))
        } else {
            let (i, j) = ((code - 4 * N) / 3, (code - 4 * N) % 3);
            let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
            let mut l = SVector::<T, N>::zeros();
            // The pair won, so it was not skipped: its terms exist.
            if let Some((l1, l2, len, tl, extent)) = edge_terms(ha, hb, r, t, i, j) {
                l[i1] = l1 / len;
                l[i2] = l2 / len;
                // +L is offered first: it wins unless −L's gap is larger.
                if (-tl - extent) / len > (tl - extent) / len {
                    l = -l;
                }
            }
            (Unit::new_unchecked(l), Feature::EdgePair(i, j))
        };
        Separation {
            distance: self.distance,
            axis,
            feature,
        }
    }
}

/// The scan of [`offer_axes`] without its per-axis bookkeeping, in A's box
/// frame: every gap by the same expression (the same bits), offered in the
/// same order to [`Running::offer`], which is [`BestAxis::offer`]'s rule
/// on gaps and codes; the unit axis of the winner only is built. The two
/// signs of an edge axis are offered as one, the larger of their gaps,
/// `(|T·L| − extent)/|L|` (the same bits as the larger of `(±T·L −
/// extent)/|L|`, which have the same scale and are offered one after the
/// other, so that offering the larger alone picks the same axis; `+L` on
/// a tie).
///
/// Each class (A's faces, B's faces, the edge pairs) is offered whole,
/// then checked: `None` when one of its gaps is NaN (their sum is NaN;
/// [`reference_scan`] then runs); under a first-gap scan, when the best
/// gap is positive, the class held a positive gap and the answer is the
/// first one in the order of the axes (a positive gap beats every
/// non-positive one, so the first positive gap is where [`BestAxis`]
/// stops).
#[inline(always)]
fn fast_scan<T: Real, const N: usize>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
    first_gap: bool,
) -> Option<Running<T>> {
    let zero = T::zero();
    let abs_r = r.abs();
    // Under a first-gap scan, the first positive gap of `gaps` (codes
    // `base..`) as the answer, if there is one: the class is then not
    // offered (every earlier class had no positive gap, so the class's
    // first positive gap is where the offers would stop).
    let first_positive = |gaps: &[T], class: u8, base: usize| {
        if !first_gap {
            return None;
        }
        let k = gaps.iter().position(|&g| g > zero)?;
        Some(Running {
            distance: gaps[k],
            class,
            code: base + k,
        })
    };
    // A's faces: +eᵢ gap tᵢ − (aᵢ + rBᵢ), −eᵢ gap −tᵢ − (aᵢ + rBᵢ), in
    // the order +e₀ … +e_{N−1}, −e₀ … −e_{N−1} (codes 0..2N).
    let rb: [T; N] = core::array::from_fn(|i| abs_r.row(i).transpose().dot(hb));
    let gaps: [[T; N]; 2] = [
        core::array::from_fn(|i| face_gap(t[i], ha[i], rb[i])),
        core::array::from_fn(|i| face_gap(-t[i], ha[i], rb[i])),
    ];
    let gaps = gaps.as_flattened();
    if is_nan(gaps.iter().fold(zero, |s, &g| s + g)) {
        return None;
    }
    // Within a class a strictly larger gap wins: the best of A's faces is
    // the first of the largest gap (the offers' answer, without them).
    let largest = gaps[1..]
        .iter()
        .fold(gaps[0], |m, &g| if g > m { g } else { m });
    if largest > zero
        && let Some(first) = first_positive(gaps, CLASS_FACE_A, 0)
    {
        return Some(first);
    }
    let mut best = Running {
        distance: largest,
        class: CLASS_FACE_A,
        code: gaps.iter().position(|&g| g == largest).unwrap_or(0),
    };
    // B's faces: outward +Rⱼ (axis −Rⱼ) gap −sⱼ − (bⱼ + rAⱼ), outward −Rⱼ
    // gap sⱼ − (bⱼ + rAⱼ), sⱼ = Rⱼ · T (negating the column negates sⱼ
    // exactly; a zero's sign does not reach the gap); codes 2N..4N.
    let ra: [T; N] = core::array::from_fn(|j| abs_r.column(j).dot(ha));
    let s: [T; N] = core::array::from_fn(|j| r.column(j).dot(t));
    let gaps: [[T; N]; 2] = [
        core::array::from_fn(|j| face_gap(-s[j], hb[j], ra[j])),
        core::array::from_fn(|j| face_gap(s[j], hb[j], ra[j])),
    ];
    let gaps = gaps.as_flattened();
    if is_nan(gaps.iter().fold(zero, |s, &g| s + g)) {
        return None;
    }
    if let Some(first) = first_positive(gaps, CLASS_FACE_B, 2 * N) {
        return Some(first);
    }
    for (k, &g) in gaps.iter().enumerate() {
        let j = k % N;
        let scale = || s[j].abs() + hb[j] + ra[j];
        best.offer(g, CLASS_FACE_B, 2 * N + k, scale);
    }
    if N != 3 {
        return Some(best);
    }
    // Edge pairs eᵢ × Rⱼ (codes 4N + 3i + j): the larger gap of ±L, in the
    // order of the pairs, each pair written out so that its indices are
    // constants. A skipped pair (parallel edges) is recorded as 0, never the
    // first positive gap.
    let mut edges = [zero; 9];
    let mut sum = zero;
    macro_rules! edge {
        ($i:literal, $j:literal) => {
            if let Some((_, _, len, tl, extent)) = edge_terms(ha, hb, r, t, $i, $j) {
                let gap = (tl.abs() - extent) / len;
                sum += gap;
                edges[3 * $i + $j] = gap;
                let scale = || (tl.abs() + extent) / len;
                best.offer(gap, CLASS_EDGE, 4 * N + 3 * $i + $j, scale);
            }
        };
    }
    edge!(0, 0);
    edge!(0, 1);
    edge!(0, 2);
    edge!(1, 0);
    edge!(1, 1);
    edge!(1, 2);
    edge!(2, 0);
    edge!(2, 1);
    edge!(2, 2);
    if is_nan(sum) {
        return None;
    }
    Some(first_positive(&edges, CLASS_EDGE, 4 * N).unwrap_or(best))
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
