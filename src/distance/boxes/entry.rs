//! Two translating 2D boxes: the first touch as the latest entry over the
//! four face axes (swept SAT), exact for the pair in one pass.
//!
//! In A's box frame B's centre moves by `t·v`; nothing turns. The
//! difference `A − B` of two rectangles is a convex polygon whose edge
//! normals are the four face normals `±e₀, ±e₁` of A and `±R₀, ±R₁` of B,
//! so those four axes are a complete set for it: the boxes overlap at
//! time `t` exactly when, along every axis `u`, B's centre projects within
//! the sum of the two half widths, `|u·(T + t·v)| <= ρ(u)`. Each such
//! condition holds on one interval of `t` (the projection is linear in
//! `t`), the boxes overlap on the intersection of the four intervals, and
//! the first touch is its left end: the latest of the four entry times,
//! when it comes before every exit (docs/casts.md, "Two 2D boxes").

use nalgebra::{SMatrix, SVector};

use super::Nearest;
use crate::Real;

/// Where the ray `T + t·v` enters the overlap of the four slabs: the time,
/// the axis that closes last (`0`, `1`: A's `e₀`, `e₁`; `2`, `3`: B's
/// `R₀`, `R₁`) and the side B lies on along it then (`true`: `+u`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Entry<T> {
    pub(super) time: T,
    pub(super) axis: usize,
    pub(super) positive: bool,
}

/// The slab of one axis: B's centre projects to `s + t·w` at time `t`,
/// the two boxes' half widths along the axis sum to `rho`. Narrows
/// `[enter, exit]` to the times when the projection lies within the slab;
/// `false` when it never does from an outside start (moving away, or along
/// the slab: `w` of the wrong sign or zero).
#[inline(always)]
fn clip<T: Real>(
    s: T,
    w: T,
    rho: T,
    axis: usize,
    entry: &mut Option<Entry<T>>,
    exit: &mut T,
) -> bool {
    let zero = T::zero();
    let (enter_at, leave_at, positive) = if s > rho {
        if w >= zero {
            return false;
        }
        ((s - rho) / -w, (s + rho) / -w, true)
    } else if s < -rho {
        if w <= zero {
            return false;
        }
        ((-rho - s) / w, (rho - s) / w, false)
    } else {
        // Inside the slab at time 0: only an exit.
        if w > zero {
            let leave = (rho - s) / w;
            if leave < *exit {
                *exit = leave;
            }
        } else if w < zero {
            let leave = (s + rho) / -w;
            if leave < *exit {
                *exit = leave;
            }
        }
        return true;
    };
    if entry.is_none_or(|e| enter_at > e.time) {
        *entry = Some(Entry {
            time: enter_at,
            axis,
            positive,
        });
    }
    if leave_at < *exit {
        *exit = leave_at;
    }
    true
}

/// What [`entry`] finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Start<T> {
    /// No slab holds B outside at time 0: the box SAT finds no separating
    /// axis (the same inequalities), the boxes overlap or touch.
    Overlap,
    /// The ray enters the four slabs by `max_toi`: the first touch.
    Enters(Entry<T>),
    /// Apart at time 0, and the ray misses the slabs' overlap (a slab it
    /// never enters, an exit before the last entry) or enters it after
    /// `max_toi`.
    Misses,
}

/// The first touch of two 2D boxes (half extents `ha`, `hb`; B placed by
/// `r`, `t` in A's box frame and moving by `v` there) by `max_toi`, when
/// the ray `T + t·v` enters the slabs of all four axes and stays in them
/// until it has entered the last (see [`Start`]). No NaN here (the
/// caller tests its input).
#[inline(always)]
pub(super) fn entry<T: Real, const N: usize>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
    v: &SVector<T, N>,
    max_toi: T,
) -> Start<T> {
    debug_assert_eq!(N, 2);
    let (r00, r10, r01, r11) = (r[(0, 0)], r[(1, 0)], r[(0, 1)], r[(1, 1)]);
    let (a00, a10, a01, a11) = (r00.abs(), r10.abs(), r01.abs(), r11.abs());
    let mut entry = None;
    let mut exit = max_toi;
    // A's axes: B's centre projects to `T_k`, B's half width along `e_k`
    // is `|R_k0| hb₀ + |R_k1| hb₁`.
    let rho0 = ha[0] + (a00 * hb[0] + a01 * hb[1]);
    let rho1 = ha[1] + (a10 * hb[0] + a11 * hb[1]);
    // B's axes: `R_k·T`, A's half width along `R_k` is `|R_0k| ha₀ + |R_1k| ha₁`.
    let rho2 = hb[0] + (a00 * ha[0] + a10 * ha[1]);
    let rho3 = hb[1] + (a01 * ha[0] + a11 * ha[1]);
    let (s2, w2) = (r00 * t[0] + r10 * t[1], r00 * v[0] + r10 * v[1]);
    let (s3, w3) = (r01 * t[0] + r11 * t[1], r01 * v[0] + r11 * v[1]);
    let inside = clip(t[0], v[0], rho0, 0, &mut entry, &mut exit)
        & clip(t[1], v[1], rho1, 1, &mut entry, &mut exit)
        & clip(s2, w2, rho2, 2, &mut entry, &mut exit)
        & clip(s3, w3, rho3, 3, &mut entry, &mut exit);
    match entry {
        // Every slab holds B at time 0 (a slab holding it outside either
        // records an entry or reports it never enters).
        None if inside => Start::Overlap,
        Some(e) if inside && e.time <= exit => Start::Enters(e),
        _ => Start::Misses,
    }
}

/// The touching pair at an entry found by [`entry`], B placed by `r`, `t`
/// in A's box frame at that time: when the axis is A's face `±e_k`, B's
/// corner farthest along it towards A, and that corner clamped to A; when
/// it is B's face, A's corner farthest towards B, clamped to B in B's frame
/// and taken back. The axis as the normal, A towards B. The corner touches
/// the face when it lies within the face's extent; a corner chosen on a
/// tie (faces parallel) can lie beyond it, and the caller then measures
/// the pair's distance against the tolerance and falls back on the
/// nearest pair of the eight corners.
#[inline(always)]
pub(super) fn touch<T: Real, const N: usize>(
    e: &Entry<T>,
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
) -> (Nearest<T, N>, SVector<T, N>) {
    let sign = if e.positive { T::one() } else { -T::one() };
    // `±h` by the sign of `x`, `+h` at zero.
    let toward = |x: T, h: T| if x < T::zero() { -h } else { h };
    if e.axis < 2 {
        let k = e.axis;
        let n = SVector::from_fn(|i, _| if i == k { sign } else { T::zero() });
        // B's corner least along `n`: each of B's axes `R_j` taken against
        // the sign of `n·R_j = ±R_kj`.
        let mut on_b = *t;
        for j in 0..N {
            on_b -= r.column(j) * toward(sign * r[(k, j)], hb[j]);
        }
        let on_a = SVector::from_fn(|i, _| super::clamp(on_b[i], ha[i]));
        let diff = on_b - on_a;
        let near = Nearest {
            on_a,
            on_b,
            diff,
            squared: diff.norm_squared(),
        };
        return (near, n);
    }
    let k = e.axis - 2;
    let n = r.column(k) * sign;
    // A's corner farthest along `n`.
    let on_a = SVector::from_fn(|i, _| toward(n[i], ha[i]));
    let p = r.transpose() * (on_a - t);
    let q = SVector::from_fn(|i, _| super::clamp(p[i], hb[i]));
    let diff = r * (q - p);
    let near = Nearest {
        on_a,
        on_b: t + r * q,
        diff,
        squared: diff.norm_squared(),
    };
    (near, n)
}

#[cfg(test)]
mod tests {
    use nalgebra::{Matrix2, Rotation2, Vector2};

    use super::*;

    // Two unit squares, B at (4, 0.5) closing at speed 1 along −x: A's
    // e₀ closes last at t = 2 (the gap 4 − 2), B on its + side; the
    // e₁ slab holds B throughout (|0.5| <= 2).
    #[test]
    fn squares_face_to_face_enter_at_the_gap() {
        let h = Vector2::new(1.0_f64, 1.0);
        let e = entry(
            &h,
            &h,
            &Matrix2::identity(),
            &Vector2::new(4.0, 0.5),
            &Vector2::new(-1.0, 0.0),
            10.0,
        );
        let Start::Enters(e) = e else { panic!("{e:?}") };
        assert_eq!(e.time.to_bits(), 2.0_f64.to_bits());
        assert!(e.axis == 0 || e.axis == 2, "{e:?}");
        assert!(e.positive);
    }

    // A diamond (B turned by 45°, half extents 1) falling onto A's top
    // face: its lowest corner is √2 below its centre, so from height
    // 1 + √2 + 3 it touches at t = 3 along e₁.
    #[test]
    fn diamond_corner_onto_a_face() {
        let h = Vector2::new(1.0, 1.0);
        let r = *Rotation2::new(core::f64::consts::FRAC_PI_4).matrix();
        let height = 1.0 + 2.0_f64.sqrt() + 3.0;
        let e = entry(
            &h,
            &h,
            &r,
            &Vector2::new(0.0, height),
            &Vector2::new(0.0, -1.0),
            10.0,
        );
        let Start::Enters(e) = e else { panic!("{e:?}") };
        assert!((e.time - 3.0).abs() < 1e-15, "{e:?}");
        assert_eq!((e.axis, e.positive), (1, true));
    }

    // Misses: moving away, sliding past (an exit before the last entry),
    // and a touch after `max_toi`; overlapping at time 0.
    #[test]
    fn misses_and_overlaps() {
        let h = Vector2::new(1.0, 1.0);
        let id = Matrix2::identity();
        let t = Vector2::new(4.0, 0.0);
        let miss = Start::Misses;
        assert_eq!(entry(&h, &h, &id, &t, &Vector2::new(1.0, 0.0), 10.0), miss);
        assert_eq!(entry(&h, &h, &id, &t, &Vector2::new(0.0, 1.0), 10.0), miss);
        // Along −x and up fast: the y slab is left (|y| > 2 at t = 0.4)
        // before the x slab is entered (t = 2).
        assert_eq!(entry(&h, &h, &id, &t, &Vector2::new(-1.0, 5.0), 10.0), miss);
        assert_eq!(entry(&h, &h, &id, &t, &Vector2::new(-1.0, 0.0), 1.5), miss);
        assert!(matches!(
            entry(&h, &h, &id, &t, &Vector2::new(-1.0, 0.0), 2.0),
            Start::Enters(_)
        ));
        // Touching faces and overlapping: every slab holds B at time 0.
        for x in [2.0, 1.0] {
            let at = Vector2::new(x, 0.5);
            let v = Vector2::new(1.0, 0.0);
            assert_eq!(entry(&h, &h, &id, &at, &v, 10.0), Start::Overlap);
        }
    }
}
