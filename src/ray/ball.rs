//! Ray casts on balls in closed form (docs/rays.md): the roots of
//! `|o + t·d − c|² = r²`, with the discriminant taken from the line's
//! nearest point to the centre (no cancellation between `b²` and `dd·cc`
//! when the ray passes far away), and the root chosen by the formula
//! without cancellation.
//!
//! ```text
//! ball_ray(ball, pose, ray):
//!   o, d ← the ray in the shape's frame;  m ← o − c
//!   inside (|m|² ≤ r², as Ball::local_contains_point) and solid → t = 0
//!   dd ← d·d (0 → miss);  b ← m·d;  q ← m − d·(b/dd)   (the line's nearest point)
//!   disc ← r² − |q|²   (a few ulps below 0 still touches: the tolerance of the Newton path)
//!   outside: b ≥ 0 → miss (moving away);  t = cc / (−b + √(dd·disc))   (cc = |m|² − r²)
//!   inside, hollow: t = (−b + √(dd·disc)) / dd, or −cc / (b + √(dd·disc)) when b > 0
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
    let m = o - ball.center();
    let mm = m.norm_squared();
    // `Ball::local_contains_point`'s arithmetic: the same verdict (never
    // inside for a NaN origin).
    let inside = mm <= r * r;
    if inside && solid {
        let nan = crate::real::is_nan(max_toi)
            || (0..N).fold(false, |any, i| any | crate::real::is_nan(d[i]));
        return (!nan).then_some((T::zero(), None));
    }
    // No NaN test on this side: a NaN in `d` makes `dd` fail `usable`, one
    // in `o` makes `cc` and so the time NaN, and a NaN time or `max_toi`
    // fails `in_range` (tests/ray_toi.rs::nan_inputs_miss).
    let dd = d.norm_squared();
    let b = m.dot(&d);
    // A zero or overflowing `dd` ends the cast, as the general route's
    // support slab does (two compares: `is_finite` costs about 15
    // instructions through the generic scalar).
    let usable = dd > T::zero() && dd <= T::max_value().unwrap_or_else(T::one);
    if !usable || !inside && b >= T::zero() {
        return None;
    }
    // The line's nearest point to the centre, and how far inside the
    // circle it lies (squared); a touch within the Newton path's
    // tolerance (`real::ray_tolerance` of the scale) counts.
    let q: SVector<T, N> = m - d * (b / dd);
    let disc = r * r - q.norm_squared();
    let disc = if disc > T::zero() {
        disc
    } else {
        // A miss, or a touch to within the tolerance (the slack is only
        // needed here: most rays that come this far hit).
        let eps = crate::real::ray_tolerance::<T>();
        let slack = (r + r) * eps * (r + mm.sqrt());
        if disc < -slack {
            return None;
        }
        T::zero()
    };
    let s = (dd * disc).sqrt();
    let cc = mm - r * r;
    let t = if !inside {
        // −b > 0: the sum has no cancellation.
        cc / (s - b)
    } else if b > T::zero() {
        -cc / (b + s)
    } else {
        (s - b) / dd
    };
    // Past `max_toi`, or no number at all: coordinates beyond the range
    // (`real::max_magnitude`) can overflow the squares to ∞ and the root
    // to NaN (tests/fuzz.rs::queries_keep_their_contract).
    let in_range = t >= T::zero() && t <= max_toi;
    if !in_range {
        return None;
    }
    Some((t, Some((m, d))))
}
