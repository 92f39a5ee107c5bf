//! Two translating boxes: Newton's steps on the closed form of the
//! distance (2D and 3D), the exact entry of `entry.rs` first in 2D, and
//! `cast_shapes` on two 2D boxes in one pass (docs/casts.md).

use nalgebra::{Rotation, SMatrix, SVector};

use super::super::sweep::{advance, Advance, Slack, Sweep, MAX_STEPS};
use super::{answer, any_nan, certified_gap, entry, nearest, Nearest};
use crate::pair::obb_obb::{relative_frame, relative_frame_inlined};
use crate::{Obb, Pose, Real};

/// Two translating boxes in A's box frame: B placed by `r`, `t0` at time
/// 0 and moving by `v`; A's world frame and the world offset of its
/// centre, for the answer.
struct Moving<T: Real, const N: usize> {
    r: SMatrix<T, N, N>,
    t0: SVector<T, N>,
    v: SVector<T, N>,
    frame_a: Rotation<T, N>,
    offset_a: SVector<T, N>,
    ha: SVector<T, N>,
    hb: SVector<T, N>,
}

impl<T: Real, const N: usize> Moving<T, N> {
    /// The pair's frame (`relative` computes `R`, `T`); `None` on NaN.
    #[inline(always)]
    fn new(
        a: &Obb<T, N>,
        pose_a: &Pose<T, N>,
        vel_a: &SVector<T, N>,
        b: &Obb<T, N>,
        vel_b: &SVector<T, N>,
        (r, t0): (SMatrix<T, N, N>, SVector<T, N>),
    ) -> Option<Self> {
        let (frame_a, offset_a) = a.world_frame(pose_a);
        let v = frame_a.inverse_transform_vector(&(vel_b - vel_a));
        if any_nan(&r, &t0, &v) {
            return None;
        }
        Some(Self {
            r,
            t0,
            v,
            frame_a,
            offset_a,
            ha: a.half_extents(),
            hb: b.half_extents(),
        })
    }

    /// The answer at `time`: the pair `near` (A's box frame) `d` apart
    /// along `n`, in the world; `None` when the box gap does not certify
    /// it.
    #[allow(
        clippy::too_many_arguments,
        reason = "A's motion, the time and the pair found there, passed on"
    )]
    #[inline(always)]
    fn at(
        &self,
        pose_a: &Pose<T, N>,
        vel_a: &SVector<T, N>,
        time: T,
        near: &Nearest<T, N>,
        d: T,
        n: &SVector<T, N>,
        t: &SVector<T, N>,
    ) -> Option<Sweep<T, N>> {
        let origin = pose_a.translation.vector + vel_a * time + self.offset_a;
        let (ha, hb, r, frame_a) = (&self.ha, &self.hb, &self.r, &self.frame_a);
        let closest = answer(near, d, n, ha, hb, r, t, frame_a, &origin)?;
        Some(Sweep { toi: time, closest })
    }

    /// 2D: the touch at the entry `e` of `entry.rs`, when the closed form
    /// confirms it (the pair within `tol`, the box gap certifying it).
    #[inline(always)]
    fn touch_at_entry(
        &self,
        pose_a: &Pose<T, N>,
        vel_a: &SVector<T, N>,
        e: &entry::Entry<T>,
        tol: Slack<T>,
    ) -> Option<Sweep<T, N>> {
        let tol = tol.at(e.time);
        let t = self.t0 + self.v * e.time;
        let (mut near, n) = entry::touch(e, &self.ha, &self.hb, &self.r, &t);
        if near.squared.sqrt() > tol {
            // A corner chosen on a tie, beyond the face: the nearest pair
            // of the eight corners.
            near = nearest::<T, N, false>(&self.ha, &self.hb, &self.r, &t);
        }
        let d = near.squared.sqrt();
        if d > tol {
            return None;
        }
        self.at(pose_a, vel_a, e.time, &near, d, &n, &t)
    }

    /// Newton's steps on the closed form, from time 0 (apart then).
    /// `Some(None)` when they do not touch by `max_toi`; `None` when a
    /// step meets corners touching to round-off (the iteration answers).
    #[inline(always)]
    fn newton(
        &self,
        pose_a: &Pose<T, N>,
        vel_a: &SVector<T, N>,
        max_toi: T,
        tol: Slack<T>,
    ) -> Option<Option<Sweep<T, N>>> {
        let (ha, hb, r, v) = (&self.ha, &self.hb, &self.r, &self.v);
        let mut time = T::zero();
        let mut last: Option<SVector<T, N>> = None;
        for _ in 0..MAX_STEPS {
            let t = self.t0 + v * time;
            let near = nearest::<T, N, false>(ha, hb, r, &t);
            let d = near.squared.sqrt();
            // A step that lands on the touch exactly (polytopes do) leaves
            // no direction between the points: the last step's axis stands.
            let n = if d > T::zero() { near.diff / d } else { last? };
            last = Some(n);
            if N == 3 {
                // 3D: every step certified. A distance the gap along its
                // axis does not confirm (boxes overlapping by round-off
                // beyond the edges' touching slack of boxes3.rs) goes to
                // the iteration.
                certified_gap(d, &n, ha, hb, r, &t)?;
            }
            // 2D: no certificate per step (the touch's answer has one): a
            // step lands at or before the first touch, and two rectangles
            // that overlap by round-off there have a corner of one inside
            // the other (the overlap lies near a corner–edge contact, or
            // along parallel edges that end in corners), so the clamps
            // give 0, not a false distance. Boxes in 3D can cross without
            // a corner inside.
            match advance(time, d, n.dot(v), tol.at(time), max_toi) {
                Advance::Miss => return Some(None),
                Advance::To(next) => time = next,
                Advance::Touch => {
                    return Some(Some(self.at(pose_a, vel_a, time, &near, d, &n, &t)?));
                }
            }
        }
        Some(None)
    }
}

/// `sweep.rs`'s Newton iteration on two translating boxes apart at time
/// 0, with the closed form in place of the min-norm iteration: B's centre
/// in A's box frame moves by `time·v`, nothing else changes; in 2D the
/// exact entry of `entry.rs` first. `Some(None)` when they do not touch
/// by `max_toi`; `None` on NaN or when a step meets corners touching to
/// round-off (the generic sweep answers).
#[allow(
    clippy::too_many_arguments,
    reason = "two posed, moving shapes, a limit and a tolerance, as sweep.rs"
)]
pub(in crate::distance) fn sweep<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    vel_a: &SVector<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
    vel_b: &SVector<T, N>,
    max_toi: T,
    tol: Slack<T>,
) -> Option<Option<Sweep<T, N>>> {
    let frame = relative_frame(a, pose_a, b, pose_b);
    let pair = Moving::new(a, pose_a, vel_a, b, vel_b, frame)?;
    if N == 2 {
        let start = entry::entry(&pair.ha, &pair.hb, &pair.r, &pair.t0, &pair.v, max_toi);
        if let entry::Start::Enters(e) = start
            && let Some(hit) = pair.touch_at_entry(pose_a, vel_a, &e, tol)
        {
            return Some(Some(hit));
        }
    }
    pair.newton(pose_a, vel_a, max_toi, tol)
}

/// What [`cast_2d`] decides.
pub(crate) enum BoxCast<T: Real, const N: usize> {
    /// The box SAT finds no separating axis at time 0: the caller's
    /// overlap route (`cast_shapes`' time-0 hit).
    Overlap,
    /// Apart at time 0: the touch, or `None` for never by `max_toi`.
    Swept(Option<Sweep<T, N>>),
    /// NaN, or a step that met corners touching to round-off: the general
    /// route answers.
    Generic,
}

/// `cast_shapes` on two 2D boxes in one pass: the relative frame once
/// for the time-0 verdict and the sweep. The four slabs of `entry.rs`
/// are the box SAT's (the same relative frame to the bit,
/// `relative_frame_2d`, and the same inequalities, `|u·T| > ρ(u)` being
/// `obb_obb::intersects`' `face_gap > 0`), so a slab holding B outside at
/// time 0 is SAT's separating axis: [`BoxCast::Overlap`] exactly when
/// `intersects` is true (tests/box_cast_entry.rs::
/// box_cast_verdicts_at_time_0_are_intersects). Then the entry, else
/// Newton's steps; `tol` runs only when a touch or a step needs it.
#[allow(
    clippy::too_many_arguments,
    reason = "two posed, moving shapes, a limit and a tolerance, as sweep.rs"
)]
pub(crate) fn cast_2d<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    vel_a: &SVector<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
    vel_b: &SVector<T, N>,
    max_toi: T,
    tol: &dyn Fn() -> Slack<T>,
) -> BoxCast<T, N> {
    debug_assert_eq!(N, 2);
    let frame = relative_frame_inlined(a, pose_a, b, pose_b);
    let Some(pair) = Moving::new(a, pose_a, vel_a, b, vel_b, frame) else {
        return BoxCast::Generic;
    };
    let tol = match entry::entry(&pair.ha, &pair.hb, &pair.r, &pair.t0, &pair.v, max_toi) {
        entry::Start::Overlap => return BoxCast::Overlap,
        entry::Start::Enters(e) => {
            let tol = tol();
            if let Some(hit) = pair.touch_at_entry(pose_a, vel_a, &e, tol) {
                return BoxCast::Swept(Some(hit));
            }
            tol
        }
        entry::Start::Misses => tol(),
    };
    match pair.newton(pose_a, vel_a, max_toi, tol) {
        Some(hit) => BoxCast::Swept(hit),
        None => BoxCast::Generic,
    }
}
