//! Ray casts on balls in closed form (docs/rays.md): the roots of
//! `|o + t·d − c|² = r²`, with the discriminant taken from the line's
//! distance to the centre by Lagrange's identity (`dd·r² − |m ∧ d|²`: no
//! cancellation between `b²` and `dd·cc` when the ray passes far away, no
//! division), and the root chosen by the formula without cancellation.
//!
//! ```text
//! ball_ray(ball, pose, ray):
//!   d ← the ray's direction;  m ← (o − t) − R·c (world frame: a ball turns
//!   into itself);  dd ← d·d;  b ← m·d
//!   inside (|m|² ≤ r², as contains_point on a ball) and solid → t = 0
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
/// (tests/ray_ball.rs::ball_closed_form_matches_newton), in closed form
/// (docs/benchmarks.md, "Ray casts on boxes and balls").
#[inline(always)]
pub(super) fn ball_ray<T: Real, const N: usize>(
    ball: &Ball<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<RayHit<T, N>> {
    // The hit is built where the time is decided (`finish`), so that the
    // ray from the centre stays in registers (through an `Option` the
    // compiler packed `f32` pairs into integer registers and back).
    let finish = |t: T, world: Option<(SVector<T, N>, SVector<T, N>)>| {
        let Some((m, d)) = world else {
            return RayHit {
                toi: t,
                point: ray.origin,
                normal: None,
                face: None,
            };
        };
        // World frame already (`ball_ray_time`): no turn back.
        let normal = (m + d * t)
            .try_normalize(T::zero())
            .or_else(|| (-d).try_normalize(T::zero()))
            .map(Unit::new_unchecked);
        RayHit {
            toi: t,
            point: ray.origin + ray.dir * t,
            normal,
            face: None,
        }
    };
    ball_ray_time(ball, pose, ray, max_toi, solid, &finish)
}

/// The decision of [`ball_ray`], handed to `finish`: the time, and the
/// ray's origin from the centre and its direction in the world frame (for
/// the normal; `None` for a solid cast that starts inside, at time 0).
/// [`ball_ray`] and [`cast_ray_toi`](super::cast_ray_toi) both take their
/// time from here, so the two agree to the bit.
#[inline(always)]
pub(super) fn ball_ray_time<T: Real, const N: usize, R>(
    ball: &Ball<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
    finish: &impl Fn(T, Option<(SVector<T, N>, SVector<T, N>)>) -> R,
) -> Option<R> {
    // In the world frame: a ball turns into itself, so only its centre
    // moves (`Ball::world_offset`, the arithmetic of `contains_point` on a
    // ball: the same inside verdict to the bit), and the direction is
    // used as given. A ball centred on its frame's origin takes its own
    // copy of the decision, on `o − t` (what `world_offset` gives it, up
    // to the sign of a zero): no select between the two offsets.
    if ball.is_centred() {
        let m = ray.origin.coords - pose.translation.vector;
        return time_from_centre(m, ray.dir, ball.radius(), max_toi, solid, finish);
    }
    let m = ball.world_offset(pose, &ray.origin);
    time_from_centre(m, ray.dir, ball.radius(), max_toi, solid, finish)
}

/// [`ball_ray_time`] once the ray's origin is taken from the ball's
/// centre (`m`, world frame; `d` the direction, `r` the radius).
#[inline(always)]
fn time_from_centre<T: Real, const N: usize, R>(
    m: SVector<T, N>,
    d: SVector<T, N>,
    r: T,
    max_toi: T,
    solid: bool,
    finish: &impl Fn(T, Option<(SVector<T, N>, SVector<T, N>)>) -> R,
) -> Option<R> {
    let rr = r * r;
    let mm = m.norm_squared();
    // No NaN test on the paths that do not start inside: a NaN in `d`
    // makes `dd` fail `usable`, one in `o` makes `cc` and so the time
    // NaN, and a NaN time or `max_toi` fails the range check
    // (tests/ray_toi.rs::nan_inputs_miss).
    let dd = d.norm_squared();
    let b = m.dot(&d);
    // `Ball::contains_world_point`'s arithmetic: the same verdict (never
    // inside for a NaN origin).
    if mm <= rr {
        if solid {
            let nan = crate::real::is_nan(max_toi)
                || (0..N).fold(false, |any, i| any | crate::real::is_nan(d[i]));
            return (!nan).then(|| finish(T::zero(), None));
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
        return in_range.then(|| finish(t, Some((m, d))));
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
    (t <= max_toi).then(|| finish(t, Some((m, d))))
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
    // support slab does (two compares, cheaper than `is_finite` through
    // the generic scalar).
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
