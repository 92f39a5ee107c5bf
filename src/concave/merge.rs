//! Hertel–Mehlhorn: merge the triangles of a triangulation across their
//! diagonals while the merged pieces stay convex.
//!
//! ```text
//! half-edges: each triangle (a, b, c) gives a→b, b→c, c→a, linked in a
//!             cycle (next, prev); a diagonal is a half-edge whose twin
//!             (the same edge the other way) exists
//! for each diagonal u→v, in the order of its first half-edge
//! (triangle by triangle, corner by corner):
//!     p→u before it in its piece, u→q after its twin in the other piece
//!     r→v before the twin,        v→s after it
//!     both turns p→u→q and r→v→s left or straight (exact orientation)
//!         → remove the diagonal: relink p→u→q and r→v→s
//! pieces = the cycles of the remaining half-edges, in order of their
//!          first half-edge
//! ```
//!
//! Any triangulation will do: the diagonals are found as twins, not from
//! how the triangles were made. Each piece stays convex: a removal keeps
//! the turns at `u` and `v` convex and changes no other turn. Every
//! diagonal left is essential (its removal would make `u` or `v` reflex),
//! and each reflex vertex of the polygon has at most two essential
//! diagonals, so there are at most `2r + 1` pieces for `r` reflex
//! vertices; any convex decomposition has at least `⌈r/2⌉ + 1` (a cut
//! resolves at most two reflex vertices), so Hertel–Mehlhorn is within 4
//! times the optimum (tests/concave.rs::piece_counts_are_within_the_bounds).

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use nalgebra::Point2;

use super::orient::orient;
use crate::Real;

/// The convex pieces (vertex index cycles, counter-clockwise) of the
/// triangulation `triangles` (counter-clockwise, sharing whole edges) of
/// `points`: piece `f` is `pieces[piece_start[f]..piece_start[f + 1]]`.
pub(crate) fn merge<T: Real>(
    points: &[Point2<T>],
    triangles: &[[usize; 3]],
) -> (Vec<usize>, Vec<usize>) {
    let m = 3 * triangles.len();
    let mut origin = vec![0; m];
    let mut next = vec![0; m];
    let mut prev = vec![0; m];
    for (t, tri) in triangles.iter().enumerate() {
        for (k, &corner) in tri.iter().enumerate() {
            let h = 3 * t + k;
            origin[h] = corner;
            next[h] = 3 * t + (k + 1) % 3;
            prev[h] = 3 * t + (k + 2) % 3;
        }
    }
    let ends: Vec<(usize, usize)> = (0..m).map(|h| (origin[h], origin[next[h]])).collect();
    let twin = super::twins(&ends);
    let mut removed = vec![false; m];
    let mut decided = vec![false; m];
    for h in 0..m {
        if decided[h] {
            continue;
        }
        let (u, v) = ends[h];
        let g = twin[h];
        if g == usize::MAX {
            continue; // a polygon edge
        }
        decided[h] = true;
        decided[g] = true;
        let (p, q) = (origin[prev[h]], origin[next[next[g]]]);
        let (r, s) = (origin[prev[g]], origin[next[next[h]]]);
        let convex_u = orient(&points[p], &points[u], &points[q]) != Ordering::Less;
        let convex_v = orient(&points[r], &points[v], &points[s]) != Ordering::Less;
        if convex_u && convex_v {
            let (ph, nh, pg, ng) = (prev[h], next[h], prev[g], next[g]);
            next[ph] = ng;
            prev[ng] = ph;
            next[pg] = nh;
            prev[nh] = pg;
            removed[h] = true;
            removed[g] = true;
        }
    }
    let mut seen = removed;
    let mut pieces = Vec::with_capacity(m);
    let mut piece_start = vec![0];
    for start in 0..m {
        if seen[start] {
            continue;
        }
        let mut h = start;
        while !seen[h] {
            seen[h] = true;
            pieces.push(origin[h]);
            h = next[h];
        }
        piece_start.push(pieces.len());
    }
    (pieces, piece_start)
}
