//! Ray casts on balls in closed form (docs/rays.md): the roots of
//! `|o + t·d − c|² = r²`, with the discriminant taken from the line's
//! distance to the centre by Lagrange's identity (`dd·r² − |m ∧ d|²`: no
//! cancellation between `b²` and `dd·cc` when the ray passes far away, no
//! division), and the root chosen by the formula without cancellation.
//!
//! ```text
//! ball_ray(ball, pose, ray):
//!   o, d ← the ray in the shape's frame;  m ← o − c;  dd ← d·d;  b ← m·d
//!   inside (|m|² ≤ r², as Ball::local_contains_point) and solid → t = 0
//!   outside and b ≥ 0 → miss (moving away)
//!   dd = 0 or ∞ → miss
//!   s² ← dd·r² − |m ∧ d|²   (= dd·(r² − |q|²), q the line's nearest point to c;
//!                            a few ulps below 0 still touches: the Newton path's tolerance)
//!   outside: t = cc / (s − b)   (cc = |m|² − r² > 0, −b > 0: a sum of positive terms)
//!   inside, hollow: t = (s − b) / dd, or −cc / (b + s) when b > 0
//! ```

use nalgebra::{SVector, Unit};

use super::{Ray, RayHit};
use crate::{Ball, Pose, Real};

/// [`cast_ray`](super::cast_ray) on a [`Ball`]. The same answers as the
/// general route's Newton iteration to within its tolerance
/// (tests/ray_ball.rs::ball_closed_form_matches_newton), in about half
/// the instructions (docs/benchmarks.md, "Ray casts on boxes and balls").
#[inline(always)]
pub(super) fn ball_ray<T: Real, const N: usize>(
    ball: &Ball<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<RayHit<T, N>> {
    let (t, local) = ball_ray_time(ball, pose, ray, max_toi, solid)?;
    let Some((m, d)) = local else {
        return Some(RayHit {
            toi: t,
            point: ray.origin,
            normal: None,
            face: None,
        });
    };
    let local = m + d * t;
    let normal = local
        .try_normalize(T::zero())
        .or_else(|| (-d).try_normalize(T::zero()))
        .map(|n| Unit::new_unchecked(pose.rotation * n));
    Some(RayHit {
        toi: t,
        point: ray.origin + ray.dir * t,
        normal,
        face: None,
    })
}

/// The decision of [`ball_ray`]: the time, and the ray's origin from the
/// centre and its direction in the shape's frame (for the normal; `None`
/// for a solid cast that starts inside, at time 0). [`ball_ray`] and
/// [`cast_ray_toi`](super::cast_ray_toi) both take their time from here,
/// so the two agree to the bit.
#[inline(always)]
#[allow(clippy::type_complexity, reason = "a time and the local ray")]
pub(super) fn ball_ray_time<T: Real, const N: usize>(
    ball: &Ball<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<(T, Option<(SVector<T, N>, SVector<T, N>)>)> {
    let o = pose.inverse_transform_point(&ray.origin);
    let d = pose.inverse_transform_vector(&ray.dir);
    let r = ball.radius();
    let rr = r * r;
    let m = o - ball.center();
    let mm = m.norm_squared();
    // No NaN test on the paths that do not start inside: a NaN in `d`
    // makes `dd` fail `usable`, one in `o` makes `cc` and so the time
    // NaN, and a NaN time or `max_toi` fails the range check
    // (tests/ray_toi.rs::nan_inputs_miss).
    let dd = d.norm_squared();
    let b = m.dot(&d);
    // `Ball::local_contains_point`'s arithmetic: the same verdict (never
    // inside for a NaN origin).
    if mm <= rr {
        if solid {
            let nan = crate::real::is_nan(max_toi)
                || (0..N).fold(false, |any, i| any | crate::real::is_nan(d[i]));
            return (!nan).then_some((T::zero(), None));
        }
        let s = root(r, rr, mm, dd, &m, &d)?;
        let cc = mm - rr;
        let t = if b > T::zero() {
            -cc / (b + s)
        } else {
            (s - b) / dd
        };
        // Past `max_toi`, or no number at all: coordinates beyond the
        // range (`real::max_magnitude`) can overflow the squares to ∞ and
        // the root to NaN (tests/fuzz.rs::queries_keep_their_contract).
        let in_range = t >= T::zero() && t <= max_toi;
        return in_range.then_some((t, Some((m, d))));
    }
    // Outside: moving away (or along the tangent plane) never meets it.
    if b >= T::zero() {
        return None;
    }
    let s = root(r, rr, mm, dd, &m, &d)?;
    // `mm > rr` here, so `cc > 0` (a difference of two ordered floats is
    // never rounded to zero or below), and `s − b > 0`: the time is
    // positive or NaN, and one compare decides the range.
    let t = (mm - rr) / (s - b);
    (t <= max_toi).then_some((t, Some((m, d))))
}

/// `√(dd·disc)`, the root of the quadratic scaled by `|d|`: `disc = r² −
/// |q|²` for the line's nearest point `q` to the centre, computed as
/// `dd·r² − |m ∧ d|²` (Lagrange's identity `|q|²·dd = |m|²·dd − (m·d)² =
/// |m ∧ d|²`: no `b²` and no division, the absolute error of the
/// nearest-point form). A discriminant a few ulps below zero still
/// touches (Newton's tolerance, `real::ray_tolerance` of the scale);
/// `None` for a miss, a zero direction or one whose square overflows.
#[inline(always)]
fn root<T: Real, const N: usize>(
    r: T,
    rr: T,
    mm: T,
    dd: T,
    m: &SVector<T, N>,
    d: &SVector<T, N>,
) -> Option<T> {
    // A zero or overflowing `dd` ends the cast, as the general route's
    // support slab does (two compares: `is_finite` costs about 15
    // instructions through the generic scalar).
    let usable = dd > T::zero() && dd <= T::max_value().unwrap_or_else(T::one);
    if !usable {
        return None;
    }
    let mut wedge = T::zero();
    for i in 0..N {
        for j in i + 1..N {
            let w = m[i] * d[j] - m[j] * d[i];
            wedge += w * w;
        }
    }
    let disc = dd * rr - wedge;
    if disc > T::zero() {
        return Some(disc.sqrt());
    }
    // A miss, or a touch to within the tolerance (the slack is only
    // needed here: most rays that come this far hit).
    let eps = crate::real::ray_tolerance::<T>();
    let slack = (r + r) * eps * (r + mm.sqrt());
    if disc < -(dd * slack) {
        return None;
    }
    Some(T::zero())
}
