//! The polyhedron pair path's queries seeded by a cached feature
//! (`src/cache.rs`, docs/coherence.md): [`intersects_seeded`] tries the
//! cached axis first, [`separation_seeded`] lets its gap raise the pair
//! loop's floor; both give the unseeded answers of the parent module, on
//! its [`Hulls`] and with its arithmetic.

use super::{fits_path, overlay, Hulls, Probe};
use crate::axis_search::{BestAxis, Scan};
use crate::engine;
use crate::{ConvexPolyhedron, Feature, Pose3, Real, Separation};

/// [`intersects`] with a cached feature tested first (`src/cache.rs`):
/// `Err` with the separating axis when the pair is apart, found on the
/// cached axis or else as [`intersects`] finds it, `Ok(())` when it
/// overlaps. The verdict is [`intersects`]'s: the cached axis is used only
/// when it is one of the axes [`intersects`] may test, its gap computed
/// by the same arithmetic ([`Hulls::candidate`]), and a positive gap there
/// is one [`intersects`] finds too (docs/coherence.md).
pub(crate) fn intersects_seeded<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
    seed: Feature,
) -> Result<(), Separation<T, 3>> {
    let pose_ab = pose_a.inv_mul(pose_b);
    let r = *pose_ab.rotation.matrix();
    let t = pose_ab.translation.vector;
    let apart = |s: Separation<T, 3>| Err(s.to_world(&pose_a.rotation));
    if !fits_path(a, b, &r, &t) {
        let s = engine::local_separation(a, b, &pose_ab, Scan::FirstGap);
        return if s.distance <= T::zero() {
            Ok(())
        } else {
            apart(s)
        };
    }
    let h = Hulls::new(a, b, &r, &t);
    if let Some(s) = h.candidate(seed)
        && s.distance > T::zero()
    {
        return apart(s);
    }
    if h.inner_balls_overlap() {
        return Ok(());
    }
    if let Probe::Apart(s) = h.probe() {
        return apart(s);
    }
    if h.overlap_certified() {
        return Ok(());
    }
    let mut best = BestAxis::new(Scan::FirstGap);
    let _ = h.scan(&mut best, T::zero());
    match best.finish() {
        Some(s) if s.distance > T::zero() => apart(s),
        _ => Ok(()),
    }
}

/// [`separation_with`] with a cached feature seeding the floor
/// (`src/cache.rs`): the same answer, bit for bit.
///
/// Under [`Scan::FirstGap`] a positive gap on the cached axis ends the
/// query at once (a positive answer of a first-gap scan is any positive
/// gap). Otherwise the query runs as without a cache: the probe, then
/// the overlay walk (`overlay.rs`), whose answer is the uncached one
/// because it is the same computation; when the walk hands the query back,
/// the cached gap raises the pair loop's floor: it is only the bound the
/// hopeless-axis test compares with; the axes are offered to [`BestAxis`]
/// exactly as without a cache, minus axes that cannot matter.
///
/// Why the answer is the same. Let `S` be the sequence of every axis the
/// path enumerates (faces of A, faces of B, edge pairs passing the
/// Gauss-map test), `m` the best gap [`BestAxis`] picks over all of `S`,
/// and `τ = tie_tolerance · s` for `s` the largest scale of a gap. (1) Every
/// axis `X` of `S` has `g_X <= m + τ`: once offered, the best is at least
/// `g_X − τ` (it beats a later class only by more than `τ`) and it never
/// decreases (no rounded-core class on this path). (2) The cached axis is
/// used only when [`Hulls::candidate`] finds it in `S`, so the floor (the
/// cached gap, or the probe's, also gaps of axes of `S`) and every best so
/// far are `<= m + τ`, and an
/// axis is dropped only when its bound, so its gap, lies below
/// `m + τ − slack`, with `slack` (32 `tie_tolerance` times the scene's
/// scale) above `5τ` plus the round-off of the bound: the uncached and the
/// seeded runs are `S` less two sets of axes whose gaps are below `m − 4τ`.
/// (3) Removing from `S` any axes with gaps below `m − 4τ` leaves the
/// winner `W`: the axes after `W` are compared with `W` alone as before;
/// and the best just before `W` is still beaten by `W` — it is either of
/// `W`'s class with a gap below `m` (a same-class axis with `g >= m` before
/// `W` was passed over in `S` by a best of an earlier class within `τ` of
/// it, which no removal can take away: that best lies above `m − 4τ`), or
/// of an earlier class with a gap below `m − τ` or no larger than the one
/// `W` beat in `S` (the rule is monotone in the best's gap). Ties within
/// `τ` are therefore decided as without the cache
/// (tests/sat_cache.rs::aligned_boxes_tie_as_without_a_cache).
pub(crate) fn separation_seeded<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
    scan: Scan,
    seed: Feature,
) -> Separation<T, 3> {
    let pose_ab = pose_a.inv_mul(pose_b);
    let r = *pose_ab.rotation.matrix();
    let t = pose_ab.translation.vector;
    let local = if fits_path(a, b, &r, &t) {
        let h = Hulls::new(a, b, &r, &t);
        match h.candidate(seed) {
            Some(s) if s.distance > T::zero() && scan == Scan::FirstGap => s,
            cached => seeded_scan(
                &h,
                scan,
                cached.map(|s| s.distance).filter(|g| g.is_finite()),
            ),
        }
    } else {
        engine::local_separation(a, b, &pose_ab, scan)
    };
    local.to_world(&pose_a.rotation)
}

/// [`local_separation`] with `seed`, a gap of an axis of the scan, raising
/// the pair loop's floor.
fn seeded_scan<T: Real>(h: &Hulls<'_, T>, scan: Scan, seed: Option<T>) -> Separation<T, 3> {
    // The overlay walk's answer does not depend on a floor: the seeded
    // query takes it as the uncached one does, after the same probe (so
    // that a first-gap query stops on the same axis). The cached gap only
    // raises the pair loop's floor when the walk hands the query back.
    let floor = match h.probe() {
        Probe::Apart(s) if scan == Scan::FirstGap => return s,
        Probe::Apart(s) => s.distance,
        Probe::Floor(d) => d,
    };
    if let Some(s) = overlay::separation(h.a, h.b, h.r, h.t, h.slack, scan) {
        return s;
    }
    let floor = seed.map_or(floor, |g| g.max(floor));
    let mut best = BestAxis::new(scan);
    let _ = h.scan(&mut best, floor);
    best.finish_or(|e0| h.scanned(e0).distance)
}
