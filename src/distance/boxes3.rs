//! Two 3D boxes apart: the nearest pair in closed form (docs/distance.md
//! §6), the 3D part of `boxes.rs`.
//!
//! A closest pair of two disjoint convex polyhedra either has a vertex of
//! one of them in it, or both points lie inside edges, one of each, that
//! are not parallel (the 2D argument of `boxes.rs`, once more: points
//! inside faces or inside parallel edges slide together to an edge or a
//! vertex without changing the distance). So the distance of two boxes is
//! the least of:
//!
//! * the 16 corners' distances to the other box (clamps, as in 2D);
//! * for each of the 9 pairs of edge directions `eᵢ` (A's) and `Rⱼ`
//!   (B's) that are not parallel, the distance between A's edge and B's
//!   edge that support the boxes along `n = eᵢ × Rⱼ` (oriented from A to
//!   B: `n·T > 0`), when the closest points of their lines lie inside both
//!   edges. Those points are `n`'s distance `|n̂·w|` apart (`w` between the
//!   edges' centres); their line parameters come from triple products over
//!   `|n|²`, which the near-parallel edges compute as accurately as `n`
//!   itself (docs/sat-proof.md §11: `n` from the cross product's own
//!   entries, not from `1 − (eᵢ·Rⱼ)²`).
//!
//! When a component of `n` that picks the supporting edge is zero to
//! round-off (`n` along a face of a box), both edges on that face are
//! tried. Every candidate is a pair of points of the two boxes, so the
//! least is at least the distance; the closest pair is one of them, so it
//! is the distance.

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
/// and its squared distance to it; scalars only (callgrind: vector
/// temporaries cost more than the arithmetic here).
#[inline(always)]
fn nearest_corner<T: Real>(c: &Vector3<T>, u: &[Vector3<T>; 3], h: &Vector3<T>) -> (usize, T) {
    // The corners in the order of `corner`, built by halves: c ± u₀, then
    // ± u₁, then ± u₂ (bit 2 of k for u₀, bit 1 for u₁, bit 0 for u₂).
    let half = [c + u[0], c - u[0]];
    let quarter = [
        half[0] + u[1],
        half[0] - u[1],
        half[1] + u[1],
        half[1] - u[1],
    ];
    let mut best = (0, T::zero());
    for (k, p) in [
        quarter[0] + u[2],
        quarter[0] - u[2],
        quarter[1] + u[2],
        quarter[1] - u[2],
        quarter[2] + u[2],
        quarter[2] - u[2],
        quarter[3] + u[2],
        quarter[3] - u[2],
    ]
    .iter()
    .enumerate()
    {
        let (ex, ey, ez) = (excess(p.x, h.x), excess(p.y, h.y), excess(p.z, h.z));
        let squared = ex * ex + ey * ey + ez * ez;
        if k == 0 || squared < best.1 {
            best = (k, squared);
        }
    }
    best
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
/// `best`. Nothing when the edges are parallel or `n` does not point from
/// A towards B.
#[inline(always)]
fn edge_pair<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    (i, j): (usize, usize),
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
                    if d.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
                        continue;
                    }
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
#[inline(always)]
pub(super) fn nearest<T: Real>(
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
    let mut best = if squared_a < squared_b {
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
    };
    let mut edges = (best.squared, None);
    // The nine pairs spelled out, so that each call's axes are constants.
    for pair in [
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 0),
        (1, 1),
        (1, 2),
        (2, 0),
        (2, 1),
        (2, 2),
    ] {
        edge_pair(ha, hb, r, t, pair, &mut edges);
    }
    if let (squared, Some(hit)) = edges {
        let (i, j) = (hit.i, hit.j);
        let (i1, i2, j1, j2) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3);
        let [x, y, p, q] = hit.signs;
        let mut on_a = Vector3::zeros();
        on_a[i] = hit.s;
        on_a[i1] = x * ha[i1];
        on_a[i2] = y * ha[i2];
        let on_b =
            t + r.column(j1) * (p * hb[j1]) + r.column(j2) * (q * hb[j2]) + r.column(j) * hit.u;
        let mut unit = Vector3::zeros();
        let len = (r[(i2, j)] * r[(i2, j)] + r[(i1, j)] * r[(i1, j)]).sqrt();
        unit[i1] = -r[(i2, j)] * hit.flip / len;
        unit[i2] = r[(i1, j)] * hit.flip / len;
        best = Nearest {
            on_a,
            on_b,
            diff: unit * hit.d,
            squared,
        };
    }
    best
}
