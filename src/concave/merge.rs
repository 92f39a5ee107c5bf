//! Hertel–Mehlhorn: merge the triangles of a triangulation across their
//! diagonals while the merged pieces stay convex.
//!
//! ```text
//! half-edges: each triangle (a, b, c) gives a→b, b→c, c→a, linked in a
//!             cycle (next, prev); a diagonal is a half-edge whose twin
//!             (the same edge the other way) exists
//! for each diagonal u→v, in the order the ears were clipped:
//!     p→u before it in its piece, u→q after its twin in the other piece
//!     r→v before the twin,        v→s after it
//!     both turns p→u→q and r→v→s left or straight (exact orientation)
//!         → remove the diagonal: relink p→u→q and r→v→s
//! pieces = the cycles of the remaining half-edges, in order of their
//!          first half-edge
//! ```
//!
//! Each piece stays convex: a removal keeps the turns at `u` and `v`
//! convex and changes no other turn. Every diagonal left is essential (its
//! removal would make `u` or `v` reflex), and each reflex vertex of the
//! polygon has at most two essential diagonals, so there are at most
//! `2r + 1` pieces for `r` reflex vertices; any convex decomposition has
//! at least `⌈r/2⌉ + 1` (a cut resolves at most two reflex vertices), so
//! Hertel–Mehlhorn is within 4 times the optimum
//! (tests/concave.rs::piece_counts_are_within_the_bounds).

use alloc::collections::BTreeMap;
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use nalgebra::Point2;

use super::orient::orient;
use crate::Real;

/// The convex pieces (vertex index cycles, counter-clockwise) of the
/// triangulation `triangles` of `points`, produced by ear clipping (the
/// diagonal of triangle `[a, b, c]` is `c → a`).
pub(crate) fn merge<T: Real>(points: &[Point2<T>], triangles: &[[usize; 3]]) -> Vec<Vec<usize>> {
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
    let mut by_ends: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for h in 0..m {
        by_ends.insert((origin[h], origin[next[h]]), h);
    }
    let mut removed = vec![false; m];
    let mut decided = vec![false; m];
    for t in 0..triangles.len() {
        // The diagonal the ear cut off: c → a. (The last triangle's c → a
        // is a polygon edge, or a diagonal an earlier ear decided.)
        let h = 3 * t + 2;
        if decided[h] {
            continue;
        }
        let (u, v) = (origin[h], origin[next[h]]);
        let Some(&g) = by_ends.get(&(v, u)) else {
            continue; // a polygon edge
        };
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
    let mut pieces = Vec::new();
    for start in 0..m {
        if seen[start] {
            continue;
        }
        let mut piece = Vec::new();
        let mut h = start;
        while !seen[h] {
            seen[h] = true;
            piece.push(origin[h]);
            h = next[h];
        }
        pieces.push(piece);
    }
    pieces
}
