//! Two boxes apart: the exact distance in closed form, no iteration (2D
//! here; 3D adds the edge pairs, `boxes3.rs`).
//!
//! Some closest pair of two disjoint convex polygons has a vertex of one of
//! them in it: if both closest points were inside edges, the segment
//! between them would be perpendicular to both edges (else sliding one
//! point along its edge would shorten it), so the edges would be parallel,
//! and sliding both together keeps the distance until one of them reaches
//! an end vertex. The distance of two boxes is therefore the least
//! distance from one of the eight vertices to the other box, and a point's
//! distance to a box is a clamp in the box's frame (docs/distance.md §6).
//!
//! Everything is computed in A's box frame from the relative frame of the
//! box SAT path (`R = AᵀB`, B's centre `T`: built from the difference of
//! the poses, so exact for nearby boxes far from the origin).

mod entry;
mod moving;

pub(in crate::distance) use moving::sweep;
pub(crate) use moving::{cast_2d, BoxCast};

use nalgebra::{Matrix2, Point, Rotation, SMatrix, SVector, Unit, Vector2};

use super::closed::BoxDistance;
use super::ClosestPoints;
use crate::pair::obb_obb::{any_separating_axis, relative_frame, relative_frame_inlined};
use crate::real::{clamp_min_max, is_nan, max_magnitude};
use crate::{Obb, Pose, Real};

/// The nearest pair of two disjoint boxes in A's box frame: the point of
/// A, the point of B, B's minus A's computed where it is exact (for a
/// corner, in the frame of the box it was clamped to: a corner beyond one
/// face gives that face's normal exactly, however small the distance),
/// and its squared length.
pub(super) struct Nearest<T: Real, const N: usize> {
    pub(super) on_a: SVector<T, N>,
    pub(super) on_b: SVector<T, N>,
    pub(super) diff: SVector<T, N>,
    pub(super) squared: T,
}

/// Whether an entry of `r`, `t` or `v` is NaN (indexed, not chained
/// iterators, whose plumbing the compiler kept; `|`, not `||`, so
/// that the compiler may test whole registers instead of branching on
/// each entry).
#[inline(always)]
fn any_nan<T: Real, const N: usize>(
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
    v: &SVector<T, N>,
) -> bool {
    (0..N * N).fold(false, |any, i| any | is_nan(r[i]))
        | (0..N).fold(false, |any, i| any | is_nan(t[i]) | is_nan(v[i]))
}

/// `x` clamped to `[−h, h]` (`h >= 0`; no NaN here).
#[inline(always)]
pub(super) fn clamp<T: Real>(x: T, h: T) -> T {
    if x > h {
        h
    } else if x < -h {
        -h
    } else {
        x
    }
}

/// How far `x` lies outside `[−h, h]`: `|x| − h`, or 0 inside.
#[inline(always)]
pub(super) fn excess<T: Real>(x: T, h: T) -> T {
    let e = x.abs() - h;
    if e > T::zero() {
        e
    } else {
        T::zero()
    }
}

/// Corner `k` of `c + u + v, c + u − v, c − u + v, c − u − v`, by the
/// same additions as [`nearest_corner`]'s: `(c + s·u) + s'·v` with `s,
/// s' = ±1` is `c ± u ± v` to the bit (a product by `±1` is exact),
/// without a branch.
#[inline(always)]
fn corner<T: Real>(c: &Vector2<T>, u: &Vector2<T>, v: &Vector2<T>, k: usize) -> Vector2<T> {
    let (one, minus) = (T::one(), -T::one());
    let su = if k < 2 { one } else { minus };
    let sv = if k.is_multiple_of(2) { one } else { minus };
    (c + u * su) + v * sv
}

/// Of the four corners `c ± u ± v` of one box, seen in the frame of a box
/// of half extents `h`, the one nearest that box (the first on a tie) and
/// its squared distance to it. Only the distances are computed here, on
/// scalars; the winner's points are [`corner`] and [`clamp`] afterwards.
#[inline(always)]
fn nearest_corner<T: Real>(
    c: &Vector2<T>,
    u: &Vector2<T>,
    v: &Vector2<T>,
    h: &Vector2<T>,
) -> (usize, T) {
    let (x_plus, x_minus) = (c.x + u.x, c.x - u.x);
    let (y_plus, y_minus) = (c.y + u.y, c.y - u.y);
    // Lane by lane, so that the compiler may pack the four corners.
    let xs = [x_plus + v.x, x_plus - v.x, x_minus + v.x, x_minus - v.x];
    let ys = [y_plus + v.y, y_plus - v.y, y_minus + v.y, y_minus - v.y];
    let mut squared = [T::zero(); 4];
    for k in 0..4 {
        let (dx, dy) = (excess(xs[k], h.x), excess(ys[k], h.y));
        squared[k] = dx * dx + dy * dy;
    }
    let mut best = (0, squared[0]);
    for (k, &d) in squared.iter().enumerate().skip(1) {
        if d < best.1 {
            best = (k, d);
        }
    }
    best
}

/// [`nearest_corner`] with the four corners laid out lane by lane: the
/// corner sums as `base + (±v)` (`x − v` and `x + (−v)` are the same
/// float), so each of the four lanes runs the same operations and the
/// compiler may pack all four corners into one register of `f32`s in
/// place of one corner's `x` and `y`. The same squared distances to the
/// bit, so the same winner.
#[inline(always)]
fn nearest_corner_lanes<T: Real>(
    c: &Vector2<T>,
    u: &Vector2<T>,
    v: &Vector2<T>,
    h: &Vector2<T>,
) -> (usize, T) {
    let (x_plus, x_minus) = (c.x + u.x, c.x - u.x);
    let (y_plus, y_minus) = (c.y + u.y, c.y - u.y);
    let bx = [x_plus, x_plus, x_minus, x_minus];
    let by = [y_plus, y_plus, y_minus, y_minus];
    let sx = [v.x, -v.x, v.x, -v.x];
    let sy = [v.y, -v.y, v.y, -v.y];
    let (hx, hy) = (h.x, h.y);
    let mut squared = [T::zero(); 4];
    for k in 0..4 {
        let dx = excess(bx[k] + sx[k], hx);
        let dy = excess(by[k] + sy[k], hy);
        squared[k] = dx * dx + dy * dy;
    }
    let mut best = (0, squared[0]);
    for (k, &d) in squared.iter().enumerate().skip(1) {
        if d < best.1 {
            best = (k, d);
        }
    }
    best
}

/// The nearest pair of boxes with half extents `ha`, `hb`, B placed by
/// `r`, `t` in A's box frame: B's corners against A, A's against B.
#[inline(always)]
fn nearest2<T: Real, const LANES: bool>(
    ha: &Vector2<T>,
    hb: &Vector2<T>,
    r: &Matrix2<T>,
    t: &Vector2<T>,
) -> Nearest<T, 2> {
    // B's corners in A's frame: T ± R₀·hb₀ ± R₁·hb₁.
    let (u, v) = (r.column(0) * hb.x, r.column(1) * hb.y);
    let scan = if LANES {
        nearest_corner_lanes
    } else {
        nearest_corner
    };
    let (kb, squared_b) = scan(t, &u, &v, ha);
    // A's corners in B's frame: −RᵀT ± Rᵀe₀·ha₀ ± Rᵀe₁·ha₁.
    let rt = r.transpose();
    let tb = -(rt * t);
    let (ua, va) = (rt.column(0) * ha.x, rt.column(1) * ha.y);
    let (ka, squared_a) = scan(&tb, &ua, &va, hb);
    if squared_a < squared_b {
        // A's corner, exactly (±ha₀, ±ha₁) in A's frame; B's point taken
        // back to it.
        let p = corner(&tb, &ua, &va, ka);
        let q = Vector2::new(clamp_min_max(p.x, hb.x), clamp_min_max(p.y, hb.y));
        let sx = if ka < 2 { ha.x } else { -ha.x };
        let sy = if ka.is_multiple_of(2) { ha.y } else { -ha.y };
        Nearest {
            on_a: Vector2::new(sx, sy),
            on_b: t + r * q,
            diff: r * (q - p),
            squared: squared_a,
        }
    } else {
        let p = corner(t, &u, &v, kb);
        let q = Vector2::new(clamp_min_max(p.x, ha.x), clamp_min_max(p.y, ha.y));
        Nearest {
            on_a: q,
            on_b: p,
            diff: p - q,
            squared: squared_b,
        }
    }
}

/// The nearest pair of two disjoint boxes (`N` = 2 or 3) in A's box
/// frame; B placed by `r`, `t`.
#[inline(always)]
fn nearest<T: Real, const N: usize, const LANES: bool>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
) -> Nearest<T, N> {
    let wide = |v: &[T]| SVector::<T, N>::from_fn(|i, _| v[i]);
    if N == 2 {
        let near = nearest2::<T, LANES>(
            &Vector2::new(ha[0], ha[1]),
            &Vector2::new(hb[0], hb[1]),
            &Matrix2::new(r[(0, 0)], r[(0, 1)], r[(1, 0)], r[(1, 1)]),
            &Vector2::new(t[0], t[1]),
        );
        return Nearest {
            on_a: wide(near.on_a.as_slice()),
            on_b: wide(near.on_b.as_slice()),
            diff: wide(near.diff.as_slice()),
            squared: near.squared,
        };
    }
    let at = |v: &SVector<T, N>| nalgebra::Vector3::new(v[0], v[1], v[2]);
    let near = super::boxes3::nearest(
        &at(ha),
        &at(hb),
        &nalgebra::Matrix3::from_fn(|i, j| r[(i, j)]),
        &at(t),
    );
    Nearest {
        on_a: wide(near.on_a.as_slice()),
        on_b: wide(near.on_b.as_slice()),
        diff: wide(near.diff.as_slice()),
        squared: near.squared,
    }
}

/// What the closed form says of a pair of boxes.
pub(super) enum Verdict<T: Real, const N: usize> {
    /// SAT finds no separating axis: overlapping or touching.
    Overlap,
    /// Apart, with the closest points (world frame).
    Apart(ClosestPoints<T, N>),
    /// NaN input, or corners touching to round-off: the generic path
    /// answers (the iteration's rules for those).
    Generic,
}

/// Two boxes (`N` = 2 or 3): the box SAT's boolean test (the same
/// relative frame and the same inequalities as `obb_obb::intersects`, so
/// the same verdict), then, when apart, the closest points by the closed
/// form.
#[inline]
pub(super) fn query<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> Verdict<T, N> {
    // Inlined in 2D only (it then shares A's world frame with the answer
    // below); the 3D path and the SAT keep the out-of-line copy.
    let (r, t) = if N == 2 {
        relative_frame_inlined(a, pose_a, b, pose_b)
    } else {
        relative_frame(a, pose_a, b, pose_b)
    };
    if any_nan(&r, &t, &SVector::zeros()) {
        return Verdict::Generic;
    }
    let (ha, hb) = (a.half_extents(), b.half_extents());
    if !any_separating_axis(&ha, &hb, &r, &t) {
        return Verdict::Overlap;
    }
    let near = nearest::<T, N, false>(&ha, &hb, &r, &t);
    if near.squared.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
        return Verdict::Generic;
    }
    let distance = near.squared.sqrt();
    let n = near.diff / distance;
    let (frame_a, offset_a) = a.world_frame(pose_a);
    let origin = pose_a.translation.vector + offset_a;
    match answer(&near, distance, &n, &ha, &hb, &r, &t, &frame_a, &origin) {
        Some(c) => Verdict::Apart(c),
        None => Verdict::Generic,
    }
}

/// [`query`]'s distance alone, for `distance` and `signed_distance`: the
/// same relative frame, NaN test, SAT test, corner distances, axis and
/// certificate, so the same bits and the same hand-offs to the iteration,
/// without the winner's points and their change to the world frame
/// (docs/distance.md §6). The range test of `beyond_range` comes first,
/// by its own expressions, so that a pair within it skips that call:
/// [`BoxDistance::Other`] beyond it.
#[inline]
pub(super) fn query_distance<T: Real, const N: usize>(
    a: &Obb<T, N>,
    pose_a: &Pose<T, N>,
    b: &Obb<T, N>,
    pose_b: &Pose<T, N>,
) -> BoxDistance<T> {
    // `beyond_range`'s test by its own expressions (the same verdict, NaN
    // included): poses beyond it take that path.
    let shift = pose_b.translation.vector - pose_a.translation.vector;
    let reach = max_magnitude::<T>() * T::from_usize(2 * N).unwrap_or_else(T::one);
    let far = shift
        .iter()
        .fold(T::zero(), |m, x| if x.abs() > m { x.abs() } else { m });
    if far > reach {
        return BoxDistance::Other;
    }
    let (r, t) = relative_frame_inlined(a, pose_a, b, pose_b);
    if any_nan(&r, &t, &SVector::zeros()) {
        return BoxDistance::Generic;
    }
    let (ha, hb) = (a.half_extents(), b.half_extents());
    if !any_separating_axis(&ha, &hb, &r, &t) {
        return BoxDistance::Overlap;
    }
    let near = nearest::<T, N, true>(&ha, &hb, &r, &t);
    if near.squared.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
        return BoxDistance::Generic;
    }
    let distance = near.squared.sqrt();
    let n = near.diff / distance;
    match certified_gap(distance, &n, &ha, &hb, &r, &t) {
        Some(_) => BoxDistance::Apart(distance),
        None => BoxDistance::Generic,
    }
}

/// The closest points in the world (A's box frame turned by `frame_a`,
/// its centre at `origin`) of a pair `distance` apart along `n` (A's box
/// frame), with the certificate: the gap of the boxes along `n`. `None`
/// when [`certified_gap`] does not certify them: the iteration answers
/// instead.
#[allow(
    clippy::too_many_arguments,
    reason = "the pair's frame and the nearest pair, passed on from one computation"
)]
#[inline(always)]
fn answer<T: Real, const N: usize>(
    near: &Nearest<T, N>,
    distance: T,
    n: &SVector<T, N>,
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
    frame_a: &Rotation<T, N>,
    origin: &SVector<T, N>,
) -> Option<ClosestPoints<T, N>> {
    let gap = certified_gap(distance, n, ha, hb, r, t)?;
    Some(ClosestPoints {
        point_a: Point::from(origin + frame_a * near.on_a),
        point_b: Point::from(origin + frame_a * near.on_b),
        axis: Unit::new_unchecked(frame_a * n),
        distance,
        gap,
    })
}

/// The boxes' gap along `n` (A's box frame, A towards B), computed as
/// the box SAT computes a gap: a lower bound of their distance, so a pair
/// of points `distance` apart certifies it when the two agree to `16 ε`
/// of the scale. `None` when they do not: corners touching to round-off,
/// whose rounded positions turn `n` by as much as the distance itself, or
/// boxes that overlap (a step of the sweep that lands on the touch can
/// leave them overlapping by round-off, where the corners and edges no
/// longer give the distance). The gap, at most `distance`, otherwise.
#[inline(always)]
fn certified_gap<T: Real, const N: usize>(
    distance: T,
    n: &SVector<T, N>,
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
) -> Option<T> {
    let mut extents = T::zero();
    let mut scale = T::zero();
    for k in 0..N {
        extents += n[k].abs() * ha[k] + n.dot(&r.column(k)).abs() * hb[k];
        scale += t[k].abs() + ha[k] + hb[k];
    }
    let gap = n.dot(t) - extents;
    if distance - gap > T::default_epsilon() * nalgebra::convert(16.0) * scale {
        return None;
    }
    Some(if gap > distance { distance } else { gap })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A seeded xorshift stream of values in `[-10, 10)`.
    fn stream(mut seed: u64) -> impl FnMut() -> f64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 11) as f64 / (1_u64 << 53) as f64 * 20.0 - 10.0
        }
    }

    /// The winner's rebuild without branches gives the scan's own bits:
    /// the corner by signs is the scan's sum, the clamp by a min and a max
    /// is [`clamp`], random and at the ends (`±h`, `±0`).
    fn rebuild_matches<T: Real>(cast: impl Fn(f64) -> T, bits: impl Fn(T) -> u64) {
        let mut next = stream(0x9E37_79B9_7F4A_7C15);
        for _ in 0..10_000 {
            let mut vector = || Vector2::new(cast(next()), cast(next()));
            let (c, u, v) = (vector(), vector(), vector());
            let xs = [
                (c.x + u.x) + v.x,
                (c.x + u.x) - v.x,
                (c.x - u.x) + v.x,
                (c.x - u.x) - v.x,
            ];
            let ys = [
                (c.y + u.y) + v.y,
                (c.y + u.y) - v.y,
                (c.y - u.y) + v.y,
                (c.y - u.y) - v.y,
            ];
            for k in 0..4 {
                let p = corner(&c, &u, &v, k);
                assert_eq!(
                    (bits(p.x), bits(p.y)),
                    (bits(xs[k]), bits(ys[k])),
                    "corner {k}"
                );
            }
            let h = cast(next()).abs() + cast(1e-3);
            let zero = T::zero();
            for x in [
                cast(next()),
                h,
                -h,
                zero,
                -zero,
                h * cast(2.0),
                -h * cast(2.0),
            ] {
                assert_eq!(
                    bits(clamp_min_max(x, h)),
                    bits(clamp(x, h)),
                    "clamp {}",
                    bits(x)
                );
            }
        }
    }

    /// A's corner against B's corner a few ulps beyond it along the
    /// diagonal (B turned by up to 45°): [`query_distance`] gives
    /// [`query`]'s distance to the bit and hands the same pairs to the
    /// iteration; some do go there (corners touching to round-off).
    fn distance_only_hands_off_like_query<T: Real>(
        cast: impl Fn(f64) -> T,
        bits: impl Fn(T) -> u64,
    ) {
        let mut next = stream(0xC02E_2501);
        let (mut generic, mut apart) = (0, 0);
        for i in 0..4000 {
            let mut half = || cast(next().abs() * 0.2 + 0.2);
            let (ha, hb) = (Vector2::new(half(), half()), Vector2::new(half(), half()));
            let angle = cast(next() * 0.078);
            let k = cast([0.0, 0.5, 1.0, 4.0, 32.0][i % 5]);
            let p = ha + Vector2::repeat(k * T::default_epsilon());
            let turn = Rotation::<T, 2>::new(angle);
            let far = cast(if i % 2 == 0 { 0.0 } else { 100.0 });
            let at = Vector2::new(far, -far);
            let a = Obb::new(Point::origin(), Rotation::identity(), ha).unwrap();
            let b = Obb::new(Point::origin(), Rotation::identity(), hb).unwrap();
            let pa = Pose::<T, 2>::new(at, T::zero());
            let pb = Pose::<T, 2>::new(at + p + turn * hb, angle);
            for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
                match (query(x, px, y, py), query_distance(x, px, y, py)) {
                    (Verdict::Overlap, BoxDistance::Overlap) => {}
                    (Verdict::Generic, BoxDistance::Generic) => generic += 1,
                    (Verdict::Apart(c), BoxDistance::Apart(d)) => {
                        assert_eq!(bits(c.distance), bits(d), "pair {i}");
                        apart += 1;
                    }
                    _ => panic!("pair {i}: the two verdicts differ"),
                }
            }
        }
        assert!(
            generic > 50 && apart > 50,
            "{generic} handed off, {apart} apart"
        );
    }

    /// The 2D relative frame on scalars, one copy per case of which boxes
    /// are centred, gives the bits of the vector form [`relative_frame`]:
    /// random poses and boxes, each box centred or not, zero angles and
    /// translations (signed zeros) among them.
    fn scalar_frame_matches_the_vector_form<T: Real>(
        cast: impl Fn(f64) -> T,
        bits: impl Fn(T) -> u64,
    ) {
        let mut next = stream(0x5EED_2D0F);
        let mut cases = [0_usize; 4];
        for i in 0..8000 {
            let mut value = |zero: bool| if zero { cast(0.0) } else { cast(next()) };
            let (za, zt) = (i % 7 == 0, i % 5 == 0);
            let mut boxed = |centred: bool| {
                let half = Vector2::new(
                    value(false).abs() + cast(0.1),
                    value(false).abs() + cast(0.1),
                );
                let (c, turn) = if centred {
                    (Point::origin(), Rotation::identity())
                } else {
                    (
                        nalgebra::Point2::new(value(zt), value(false)),
                        Rotation::<T, 2>::new(value(za)),
                    )
                };
                Obb::new(c, turn, half).unwrap()
            };
            let (ca, cb) = (i % 2 == 0, (i / 2) % 2 == 0);
            let (a, b) = (boxed(ca), boxed(cb));
            let mut pose = || Pose::<T, 2>::new(Vector2::new(value(zt), value(false)), value(za));
            let (pa, pb) = (pose(), pose());
            cases[usize::from(ca) * 2 + usize::from(cb)] += usize::from(a.is_centred() == ca);
            let (r, t) = relative_frame(&a, &pa, &b, &pb);
            let (rs, ts) = relative_frame_inlined(&a, &pa, &b, &pb);
            for k in 0..4 {
                assert_eq!(bits(r[k]), bits(rs[k]), "pair {i}: R entry {k}");
            }
            for k in 0..2 {
                assert_eq!(bits(t[k]), bits(ts[k]), "pair {i}: T entry {k}");
            }
        }
        assert!(cases.iter().all(|&c| c > 1000), "cases {cases:?}");
    }

    #[test]
    fn scalar_frame_matches_the_vector_form_f64() {
        scalar_frame_matches_the_vector_form(|x| x, f64::to_bits);
    }

    #[test]
    fn scalar_frame_matches_the_vector_form_f32() {
        scalar_frame_matches_the_vector_form(|x| x as f32, |x: f32| u64::from(x.to_bits()));
    }

    #[test]
    fn distance_only_hands_off_like_query_f64() {
        distance_only_hands_off_like_query(|x| x, f64::to_bits);
    }

    #[test]
    fn distance_only_hands_off_like_query_f32() {
        distance_only_hands_off_like_query(|x| x as f32, |x: f32| u64::from(x.to_bits()));
    }

    #[test]
    fn branch_free_rebuild_matches_the_scan_f64() {
        rebuild_matches(|x| x, f64::to_bits);
    }

    #[test]
    fn branch_free_rebuild_matches_the_scan_f32() {
        rebuild_matches(|x| x as f32, |x: f32| u64::from(x.to_bits()));
    }
}
