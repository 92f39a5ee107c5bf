//! Two 3D boxes apart: the nearest pair in closed form (docs/distance.md
//! §7), the 3D part of `boxes.rs`.
//!
//! A closest pair of two disjoint convex polyhedra either has a vertex of
//! one of them in it, or both points lie inside edges, one of each, that
//! are not parallel (points inside faces, or inside an edge parallel to
//! the other's face or edge, slide together to a smaller feature without
//! changing the distance). In the edge case the segment between the points
//! is perpendicular to both edges, so it lies along `n = eᵢ × Rⱼ`, the
//! edges support the boxes along it, and the gap of that SAT axis is the
//! distance. Only the axis along the closest pair attains the distance
//! (every other unit axis has a smaller gap), so:
//!
//! 1. the nine edge axes' gaps (the box SAT's formulas over `|n|`); the
//!    largest, when positive, names the only edge pair that can be the
//!    answer. Its supporting edges (both edges of a face when a component
//!    of `n` that picks one is zero to round-off) are the answer when the
//!    nearest points of their lines lie inside both: those points are the
//!    gap apart, an upper bound equal to the lower bound.
//! 2. else the 16 corners' distances to the other box (clamps, as in 2D).
//!
//! A step of a cast can land on an edge-to-edge touch with the edges
//! crossing by round-off: no corner is inside the other box, and every gap
//! is a little negative. Edges within `16 ε` of the scale of crossing
//! count as touching (distance 0), so the sweep ends there instead of
//! handing the pair to the iteration.

use nalgebra::{Matrix3, Vector3};

use super::boxes::{clamp, excess, Nearest};
use crate::Real;

/// Corner `k` of `c ± u₀ ± u₁ ± u₂`: bit 2 of `k` set for `−u₀`, bit 1
/// for `−u₁`, bit 0 for `−u₂`.
#[inline(always)]
fn sign<T: Real>(k: usize, bit: usize) -> T {
    if k & (1 << bit) == 0 {
        T::one()
    } else {
        -T::one()
    }
}

/// The corner `k` of `c ± u₀ ± u₁ ± u₂`.
#[inline(always)]
fn corner<T: Real>(c: &Vector3<T>, u: &[Vector3<T>; 3], k: usize) -> Vector3<T> {
    c + u[0] * sign::<T>(k, 2) + u[1] * sign::<T>(k, 1) + u[2] * sign::<T>(k, 0)
}

/// Of the eight corners of one box (`c ± u₀ ± u₁ ± u₂`, in the frame of a
/// box of half extents `h`), the one nearest that box (the first on a tie)
/// and its squared distance to it; lane by lane on scalars, so that the
/// compiler may pack the corners (vector temporaries cost more than the
/// arithmetic here).
#[inline(always)]
fn nearest_corner<T: Real>(c: &Vector3<T>, u: &[Vector3<T>; 3], h: &Vector3<T>) -> (usize, T) {
    // The corners in the order of `corner`: bit 2 of k for −u₀, bit 1
    // for −u₁, bit 0 for −u₂.
    let lane = |a: usize| {
        let (p, m) = (c[a] + u[0][a], c[a] - u[0][a]);
        let (pp, pm, mp, mm) = (p + u[1][a], p - u[1][a], m + u[1][a], m - u[1][a]);
        let w = u[2][a];
        [
            pp + w,
            pp - w,
            pm + w,
            pm - w,
            mp + w,
            mp - w,
            mm + w,
            mm - w,
        ]
    };
    let (xs, ys, zs) = (lane(0), lane(1), lane(2));
    let mut squared = [T::zero(); 8];
    for k in 0..8 {
        let (ex, ey, ez) = (excess(xs[k], h.x), excess(ys[k], h.y), excess(zs[k], h.z));
        squared[k] = ex * ex + ey * ey + ez * ez;
    }
    let mut best = (0, squared[0]);
    for (k, &d) in squared.iter().enumerate().skip(1) {
        if d < best.1 {
            best = (k, d);
        }
    }
    best
}

/// The boxes' gap along `eᵢ × Rⱼ` (A's box frame; B placed by `r`, `t`),
/// the SAT gap of that edge axis over its length, offered to `top` (the
/// largest so far and its pair `3i + j`); parallel edges offer nothing. The axis's entries are entries of `r`, so its length is as
/// accurate as `r` even for nearly parallel edges, and B's radius is taken
/// from the dot products with B's axes, not from the identity that holds
/// for exact rotations only.
#[inline(always)]
fn edge_gap<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    (i, j): (usize, usize),
    top: &mut (usize, T),
) {
    let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
    let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
    let (c1, c2) = (-r[(i2, j)], r[(i1, j)]);
    let nn = c1 * c1 + c2 * c2;
    let reach_a = ha[i1] * c1.abs() + ha[i2] * c2.abs();
    let reach_b = hb[j1] * (c1 * r[(i1, j1)] + c2 * r[(i2, j1)]).abs()
        + hb[j2] * (c1 * r[(i1, j2)] + c2 * r[(i2, j2)]).abs();
    let gap = (c1 * t[i1] + c2 * t[i2]).abs() - reach_a - reach_b;
    if nn > T::zero() {
        let gap = gap / nn.sqrt();
        if gap > top.1 {
            *top = (3 * i + j, gap);
        }
    }
}

/// The sign choices of a supporting edge along a direction whose
/// component is `x`: its sign, or both when it is zero to `slack`.
#[inline(always)]
fn choices<T: Real>(x: T, slack: T) -> ([T; 2], usize) {
    if x > slack {
        ([T::one(), T::one()], 1)
    } else if x < -slack {
        ([-T::one(), -T::one()], 1)
    } else {
        ([T::one(), -T::one()], 2)
    }
}

/// An edge-pair candidate: the edges' directions `(i, j)`, the signs that
/// place A's edge (`x`, `y` on axes `i + 1`, `i + 2`) and B's (`p`, `q` on
/// B's axes `j + 1`, `j + 2`), the points' line parameters `s`, `u`, the
/// distance `d` and the oriented unit normal's sign `flip`.
#[derive(Clone, Copy)]
struct EdgeHit<T: Real> {
    i: usize,
    j: usize,
    signs: [T; 4],
    s: T,
    u: T,
    d: T,
    flip: T,
}

/// The edge pair `(eᵢ, Rⱼ)` against `best` (the least squared distance so
/// far): the nearest pair of the edges that support the boxes along
/// `n = eᵢ × Rⱼ`, when its points lie inside both edges and it beats
/// `best`; edges crossing by less than `touch` give distance 0. Nothing
/// when the edges are parallel or `n` does not point from A towards B.
#[inline(always)]
fn edge_pair<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    (i, j): (usize, usize),
    touch: T,
    best: &mut (T, Option<EdgeHit<T>>),
) {
    let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
    let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
    // cross = eᵢ × Rⱼ: 0 on axis i, −R[i2, j] on i1, R[i1, j] on i2.
    let (c1, c2) = (-r[(i2, j)], r[(i1, j)]);
    let nn = c1 * c1 + c2 * c2;
    if nn.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
        return;
    }
    let nt = c1 * t[i1] + c2 * t[i2];
    let flip = if nt > T::zero() {
        T::one()
    } else if nt < T::zero() {
        -T::one()
    } else {
        return;
    };
    let (n1, n2) = (c1 * flip, c2 * flip);
    let len = nn.sqrt();
    let slack = T::default_epsilon() * nalgebra::convert(64.0) * len;
    // A's edge supports A along n; B's supports B along −n.
    let (sa1, na1) = choices(n1, slack);
    let (sa2, na2) = choices(n2, slack);
    let (sb1, nb1) = choices(-(n1 * r[(i1, j1)] + n2 * r[(i2, j1)]), slack);
    let (sb2, nb2) = choices(-(n1 * r[(i1, j2)] + n2 * r[(i2, j2)]), slack);
    for &x in &sa1[..na1] {
        for &y in &sa2[..na2] {
            for &p in &sb1[..nb1] {
                for &q in &sb2[..nb2] {
                    // w = B's edge centre − A's edge centre.
                    let (pb, qb) = (p * hb[j1], q * hb[j2]);
                    let w = |k: usize| t[k] + pb * r[(k, j1)] + qb * r[(k, j2)];
                    let (w0, w1, w2) = (w(i), w(i1) - x * ha[i1], w(i2) - y * ha[i2]);
                    let d = (n1 * w1 + n2 * w2) / len;
                    if d.partial_cmp(&-touch) != Some(core::cmp::Ordering::Greater) {
                        continue;
                    }
                    // Crossing within round-off: touching.
                    let d = if d > T::zero() { d } else { T::zero() };
                    let squared = d * d;
                    if best.1.is_some() && squared >= best.0 {
                        continue;
                    }
                    // Line parameters: s = ((w × Rⱼ)·cross)/|cross|²,
                    // u = ((w × eᵢ)·cross)/|cross|².
                    let (r0, r1, r2) = (r[(i, j)], r[(i1, j)], r[(i2, j)]);
                    let x1 = w2 * r0 - w0 * r2;
                    let x2 = w0 * r1 - w1 * r0;
                    let s = (x1 * c1 + x2 * c2) / nn;
                    let u = (w2 * c1 - w1 * c2) / nn;
                    if s.abs() > ha[i] || u.abs() > hb[j] {
                        continue;
                    }
                    *best = (
                        squared,
                        Some(EdgeHit {
                            i,
                            j,
                            signs: [x, y, p, q],
                            s,
                            u,
                            d,
                            flip,
                        }),
                    );
                }
            }
        }
    }
}

/// The nearest pair of two disjoint 3D boxes of half extents `ha`, `hb`,
/// B placed by `r`, `t` in A's box frame.
///
/// The edge pair of the largest positive gap first: when its supporting
/// edges' nearest points lie inside both edges they are the answer (two
/// points that far apart bound the distance from above, the gap bounds it
/// from below), and only an edge pair of the largest gap can be (an edge
/// answer's gap is the distance, which no gap exceeds). Else the 16
/// corners.
#[inline(always)]
pub(super) fn nearest<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
) -> Nearest<T, 3> {
    // Edges crossing within round-off (a step of the sweep landing on an
    // edge-to-edge touch) count as touching: their gap may be a little
    // negative where no corner lies inside the other box.
    let mut scale = T::zero();
    for k in 0..3 {
        scale += t[k].abs() + ha[k] + hb[k];
    }
    let slack = T::default_epsilon() * nalgebra::convert(16.0) * scale;
    let mut top = (usize::MAX, -slack);
    // The nine edge axes spelled out, so that each call's indices are
    // constants (a loop over them was not unrolled).
    edge_gap(ha, hb, r, t, (0, 0), &mut top);
    edge_gap(ha, hb, r, t, (0, 1), &mut top);
    edge_gap(ha, hb, r, t, (0, 2), &mut top);
    edge_gap(ha, hb, r, t, (1, 0), &mut top);
    edge_gap(ha, hb, r, t, (1, 1), &mut top);
    edge_gap(ha, hb, r, t, (1, 2), &mut top);
    edge_gap(ha, hb, r, t, (2, 0), &mut top);
    edge_gap(ha, hb, r, t, (2, 1), &mut top);
    edge_gap(ha, hb, r, t, (2, 2), &mut top);
    if top.0 != usize::MAX {
        let mut edges = (T::zero(), None);
        edge_pair(ha, hb, r, t, (top.0 / 3, top.0 % 3), slack, &mut edges);
        if let (squared, Some(hit)) = edges {
            return edge_answer(ha, hb, r, t, squared, &hit);
        }
    }
    nearest_corners(ha, hb, r, t)
}

/// The nearest pair found by [`edge_pair`], in A's box frame.
#[inline(always)]
fn edge_answer<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    squared: T,
    hit: &EdgeHit<T>,
) -> Nearest<T, 3> {
    let (i, j) = (hit.i, hit.j);
    let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
    let [x, y, p, q] = hit.signs;
    let mut on_a = Vector3::zeros();
    on_a[i] = hit.s;
    on_a[i1] = x * ha[i1];
    on_a[i2] = y * ha[i2];
    let on_b = t + r.column(j1) * (p * hb[j1]) + r.column(j2) * (q * hb[j2]) + r.column(j) * hit.u;
    let mut unit = Vector3::zeros();
    let len = (r[(i2, j)] * r[(i2, j)] + r[(i1, j)] * r[(i1, j)]).sqrt();
    unit[i1] = -r[(i2, j)] * hit.flip / len;
    unit[i2] = r[(i1, j)] * hit.flip / len;
    Nearest {
        on_a,
        on_b,
        diff: unit * hit.d,
        squared,
    }
}

/// The nearest of the 16 corner clamps: B's corners against A, A's
/// against B.
#[inline(always)]
fn nearest_corners<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
) -> Nearest<T, 3> {
    // B's corners in A's frame, A's in B's.
    let ub = [r.column(0) * hb.x, r.column(1) * hb.y, r.column(2) * hb.z];
    let (kb, squared_b) = nearest_corner(t, &ub, ha);
    let rt = r.transpose();
    let tb = -(rt * t);
    let ua = [
        rt.column(0) * ha.x,
        rt.column(1) * ha.y,
        rt.column(2) * ha.z,
    ];
    let (ka, squared_a) = nearest_corner(&tb, &ua, hb);
    if squared_a < squared_b {
        // A's corner, exactly (±ha₀, ±ha₁, ±ha₂) in A's frame.
        let p = corner(&tb, &ua, ka);
        let q = Vector3::new(clamp(p.x, hb.x), clamp(p.y, hb.y), clamp(p.z, hb.z));
        Nearest {
            on_a: Vector3::new(
                sign::<T>(ka, 2) * ha.x,
                sign::<T>(ka, 1) * ha.y,
                sign::<T>(ka, 0) * ha.z,
            ),
            on_b: t + r * q,
            diff: r * (q - p),
            squared: squared_a,
        }
    } else {
        let p = corner(t, &ub, kb);
        let q = Vector3::new(clamp(p.x, ha.x), clamp(p.y, ha.y), clamp(p.z, ha.z));
        Nearest {
            on_a: q,
            on_b: p,
            diff: p - q,
            squared: squared_b,
        }
    }
}
