//! Ray casts on boxes: the slabs of the box's axes, in the box's own frame
//! (docs/rays.md). One change into the box's frame serves both the inside
//! test (the arithmetic of `Obb::local_contains_point`, so the verdict is
//! the same to the bit) and the slabs.
//!
//! ```text
//! box_ray(box, pose, ray):
//!   o, d ← the ray in the shape's frame, then in the box's (centre, axes)
//!   for each axis k with d_k ≠ 0:           (d_k = 0: o_k outside → miss)
//!     t_near, t_far ← (∓h_k − o_k) / d_k     near: the side facing the ray
//!     entry ← the latest t_near, exit ← the earliest t_far
//!   outside: hit at max(entry, 0) if it is before min(exit, max_toi)
//!   inside:  solid → t = 0; hollow → the exit (at least 0, at most max_toi)
//! ```
//!
//! The loop keeps plain times and face numbers (no `Option` per axis): the
//! face number `2N` stands for "none yet" (tests/ray_cast.rs; the cost:
//! docs/benchmarks.md, "Ray casts on boxes and balls").

use nalgebra::{Point, SVector, Unit};

use super::{Ray, RayHit};
use crate::{Obb, Pose, Real};

/// The latest slab entry and the earliest slab exit of a ray, with the
/// axis of each (`N` for none: no slab entered, or none left, a ray
/// parallel to every axis). The face is the axis's side facing the ray for
/// the entry and the other side for the exit ([`entry_face`],
/// [`exit_face`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Slabs<T> {
    /// The latest entering time (meaningful when `axis_in < N`).
    pub(super) t_in: T,
    /// The axis entered last.
    pub(super) axis_in: usize,
    /// The earliest leaving time (`T::max_value()` when none).
    pub(super) t_out: T,
    /// The axis left first.
    pub(super) axis_out: usize,
}

/// The face by which a ray with direction `db` (box frame) enters the slab
/// of axis `k`: `k` (the `+` side) when it moves towards `−`, else `k + N`
/// (faces numbered as [`Obb`]'s).
#[inline(always)]
fn entry_face<T: Real, const N: usize>(db: &SVector<T, N>, k: usize) -> usize {
    if db[k] < T::zero() {
        k
    } else {
        k + N
    }
}

/// The face by which the ray leaves the slab of axis `k`: the other side.
#[inline(always)]
fn exit_face<T: Real, const N: usize>(db: &SVector<T, N>, k: usize) -> usize {
    if db[k] < T::zero() {
        k + N
    } else {
        k
    }
}

/// The slabs of a box for a ray in the box's frame (`ob` its origin from
/// the centre, `db` its direction, `h` the half extents). `None` when the
/// ray is parallel to a slab it lies outside.
#[inline(always)]
pub(super) fn slabs_in_box_frame<T: Real, const N: usize>(
    ob: &SVector<T, N>,
    db: &SVector<T, N>,
    h: &SVector<T, N>,
) -> Option<Slabs<T>> {
    let mut s = Slabs {
        t_in: T::zero(),
        axis_in: N,
        t_out: T::max_value().unwrap_or_else(T::one),
        axis_out: N,
    };
    // One axis; `false` when the ray is parallel to its slab and outside.
    let mut axis = |k: usize| -> bool {
        let (o, d, hk) = (ob[k], db[k], h[k]);
        if d == T::zero() {
            let outside = o > hk || o < -hk;
            return !outside;
        }
        // Entering through the side facing the ray, leaving through the other.
        let (t_near, t_far) = if d < T::zero() {
            ((hk - o) / d, (-hk - o) / d)
        } else {
            ((-hk - o) / d, (hk - o) / d)
        };
        if s.axis_in == N || t_near > s.t_in {
            s.t_in = t_near;
            s.axis_in = k;
        }
        if t_far < s.t_out {
            s.t_out = t_far;
            s.axis_out = k;
        }
        true
    };
    // The first three axes written out (the conditions are constants once
    // `N` is known): the compiler kept a 2- or 3-step loop rolled.
    if N > 0 && !axis(0) || N > 1 && !axis(1) || N > 2 && !axis(2) {
        return None;
    }
    for k in 3..N {
        if !axis(k) {
            return None;
        }
    }
    Some(s)
}

/// The ray in the box's frame, `ob + t·db`, the half extents and whether
/// the origin is in the closed box; `None` for a NaN in the ray or
/// `max_toi`. The steps [`box_ray_time`] and [`box_ray_toi`] share.
struct BoxFrame<T: Real, const N: usize> {
    ob: SVector<T, N>,
    db: SVector<T, N>,
    h: SVector<T, N>,
    inside: bool,
}

/// [`BoxFrame`] of `ray` (in the world) for `obb` at `pose`.
#[inline(always)]
fn box_frame<T: Real, const N: usize>(
    obb: &Obb<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
) -> Option<BoxFrame<T, N>> {
    let o = pose.inverse_transform_point(&ray.origin);
    let d = pose.inverse_transform_vector(&ray.dir);
    // An index loop: a chain of the two vectors' iterators cost more
    // than the box's whole slab test; `|` rather than `||` lets the compiler test all lanes with one
    // vector compare instead of a branch per coordinate.
    if crate::real::is_nan(max_toi)
        || (0..N).fold(false, |any, i| {
            any | crate::real::is_nan(o[i]) | crate::real::is_nan(d[i])
        })
    {
        return None;
    }
    let ob = obb.in_box_frame(&o);
    let h = obb.half_extents();
    // Every axis tested (`&`, not a short-circuit): one vector compare.
    let inside = (0..N).fold(true, |all, i| all & (ob[i].abs() <= h[i]));
    Some(BoxFrame {
        ob,
        db: obb.vector_in_box_frame(&d),
        h,
        inside,
    })
}

/// The near and far time of each axis's slab for the ray `ob + t·db`
/// (every `db` component non-zero), as [`crossing_slabs`] and
/// [`box_ray_toi`] read them. The times at the `+` and `−` planes of each
/// axis; the near one is the smaller: the `+` plane's when moving towards
/// `−` (`db < 0`), since `h − o ≥ −h − o` stays so through rounding and
/// through a division by a negative number reverses it (and the other
/// way for `db > 0`). Equal times are the same number whichever is taken
/// (up to the sign of a zero, which no comparison after sees).
#[inline(always)]
fn slab_times<T: Real, const N: usize>(
    ob: &SVector<T, N>,
    db: &SVector<T, N>,
    h: &SVector<T, N>,
) -> (SVector<T, N>, SVector<T, N>) {
    let t_plus = (h - ob).component_div(db);
    let t_minus = (-h - ob).component_div(db);
    let t_near = t_plus.zip_map(&t_minus, |p, m| if p < m { p } else { m });
    let t_far = t_minus.zip_map(&t_plus, |m, p| if m > p { m } else { p });
    (t_near, t_far)
}

/// [`slabs_in_box_frame`] for a ray that crosses every slab (no zero
/// component in `db`): the same divisions and the same choices (the
/// first axis wins a tie), written as whole-vector steps, which the
/// compiler turns into a few SIMD instructions (2D `f64`: both axes in
/// one register).
#[inline(always)]
fn crossing_slabs<T: Real, const N: usize>(
    ob: &SVector<T, N>,
    db: &SVector<T, N>,
    h: &SVector<T, N>,
) -> Slabs<T> {
    let (t_near, t_far) = slab_times(ob, db, h);
    let (mut t_in, mut k_in) = (t_near[0], 0);
    let mut t_out = T::max_value().unwrap_or_else(T::one);
    let mut k_out = N;
    for k in 0..N {
        if k > 0 && t_near[k] > t_in {
            t_in = t_near[k];
            k_in = k;
        }
        if t_far[k] < t_out {
            t_out = t_far[k];
            k_out = k;
        }
    }
    Slabs {
        t_in,
        axis_in: k_in,
        t_out,
        axis_out: k_out,
    }
}

/// [`cast_ray`](super::cast_ray) on an [`Obb`]: the ray taken into the
/// shape's frame by `pose`, then into the box's own, and clipped there.
#[inline(always)]
pub(super) fn box_ray<T: Real, const N: usize>(
    obb: &Obb<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<RayHit<T, N>> {
    let (t, face) = box_ray_time(obb, pose, ray, max_toi, solid)?;
    if face == 2 * N {
        return Some(RayHit {
            toi: t,
            point: ray.origin,
            normal: None,
            face: None,
        });
    }
    // The point on the world ray itself (one multiply-add per coordinate,
    // not the local point posed back).
    Some(RayHit {
        toi: t,
        point: ray.origin + ray.dir * t,
        normal: Some(Unit::new_unchecked(
            obb.turned_face_normal(&pose.rotation, face),
        )),
        face: Some(face),
    })
}

/// The decision of [`box_ray`]: the time and the face hit (`2N` for a
/// solid cast that starts inside, at time 0). [`box_ray`] takes its time
/// from here; [`cast_ray_toi`](super::cast_ray_toi) from [`box_ray_toi`],
/// its time-only copy (the same bits), and from here for a ray parallel
/// to a slab (the copy leaves out the face bookkeeping).
#[inline(always)]
pub(super) fn box_ray_time<T: Real, const N: usize>(
    obb: &Obb<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<(T, usize)> {
    let BoxFrame { ob, db, h, inside } = box_frame(obb, pose, ray, max_toi)?;
    if inside && solid {
        return Some((T::zero(), 2 * N));
    }
    let s = if (0..N).fold(true, |all, k| all & (db[k] != T::zero())) {
        crossing_slabs(&ob, &db, &h)
    } else {
        slabs_in_box_frame(&ob, &db, &h)?
    };
    if inside {
        let t_out = if s.t_out > T::zero() {
            s.t_out
        } else {
            T::zero()
        };
        if s.axis_out == N || t_out > max_toi {
            return None;
        }
        Some((t_out, exit_face(&db, s.axis_out)))
    } else {
        let t_out = if s.t_out < max_toi { s.t_out } else { max_toi };
        let t_in = if s.t_in > T::zero() {
            s.t_in
        } else {
            T::zero()
        };
        if s.axis_in == N || t_in > t_out {
            return None;
        }
        Some((t_in, entry_face(&db, s.axis_in)))
    }
}

/// The time of [`box_ray_time`] alone, for
/// [`cast_ray_toi`](super::cast_ray_toi): the same steps up to the slabs,
/// then, for a ray that crosses every slab, the latest entry and the
/// earliest exit as bare times (the same compares in the same order, so
/// the same numbers). No axis is kept: the crossing loop's entry always
/// has one, and its exit has none exactly when no time fell below the
/// start value (the time stayed `T::max_value()`). A ray parallel to a
/// slab takes [`box_ray_time`]'s own path. The same bits as
/// [`box_ray_time`] (tests/ray_toi.rs::toi_agrees_with_cast_ray_to_the_bit,
/// tests/ray_box_paths.rs::box_toi_is_the_old_route_to_the_bit).
#[inline(always)]
pub(super) fn box_ray_toi<T: Real, const N: usize>(
    obb: &Obb<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<T> {
    let BoxFrame { ob, db, h, inside } = box_frame(obb, pose, ray, max_toi)?;
    if inside && solid {
        return Some(T::zero());
    }
    if !(0..N).fold(true, |all, k| all & (db[k] != T::zero())) {
        return parallel_toi(obb, pose, ray, max_toi, solid);
    }
    let (t_near, t_far) = slab_times(&ob, &db, &h);
    let none = T::max_value().unwrap_or_else(T::one);
    let (mut t_in, mut t_out) = (t_near[0], none);
    for k in 0..N {
        if k > 0 && t_near[k] > t_in {
            t_in = t_near[k];
        }
        if t_far[k] < t_out {
            t_out = t_far[k];
        }
    }
    if inside {
        let t = if t_out > T::zero() { t_out } else { T::zero() };
        // `t_out < none` fails exactly when no axis was left.
        return if t_out < none && !is_after(t, max_toi) {
            Some(t)
        } else {
            None
        };
    }
    let t_out = if t_out < max_toi { t_out } else { max_toi };
    let t_in = if t_in > T::zero() { t_in } else { T::zero() };
    if is_after(t_in, t_out) {
        None
    } else {
        Some(t_in)
    }
}

/// `a > b`, as `box_ray_time`'s range checks ask it (false for a NaN).
#[inline(always)]
fn is_after<T: Real>(a: T, b: T) -> bool {
    a > b
}

/// [`box_ray_toi`] for a ray parallel to a slab: [`box_ray_time`]'s
/// time, out of line (inlined, its slab loop made the caller keep a stack
/// frame on every ray). Not `#[cold]`: axis-aligned rays are common.
#[inline(never)]
fn parallel_toi<T: Real, const N: usize>(
    obb: &Obb<T, N>,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<T> {
    box_ray_time(obb, pose, ray, max_toi, solid).map(|(t, _)| t)
}

/// A box's slabs for a ray `(o, d)` in the shape's frame: the latest entry
/// `(time, face)` (`None` when no slab is entered) and the earliest exit
/// `(time, face)` (`None` for a ray parallel to every slab); `None` when
/// the ray is parallel to a slab it lies outside. For the boxes that come
/// by value ([`Shape::as_obb`](crate::Shape::as_obb), e.g. an `Aabb`).
#[allow(clippy::type_complexity, reason = "two (time, face) pairs")]
pub(super) fn box_slabs<T: Real, const N: usize>(
    obb: &Obb<T, N>,
    o: &Point<T, N>,
    d: &SVector<T, N>,
) -> Option<(Option<(T, usize)>, (T, Option<usize>))> {
    let db = obb.vector_in_box_frame(d);
    let s = slabs_in_box_frame(&obb.in_box_frame(o), &db, &obb.half_extents())?;
    let entry = (s.axis_in < N).then(|| (s.t_in, entry_face(&db, s.axis_in)));
    let exit = (
        s.t_out,
        (s.axis_out < N).then(|| exit_face(&db, s.axis_out)),
    );
    Some((entry, exit))
}
