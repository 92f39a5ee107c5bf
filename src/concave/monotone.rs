//! Triangulation of a simple counter-clockwise polygon in `O(n log n)`:
//! a sweep in `(x, y)` order splits it into x-monotone pieces by
//! diagonals (Lee & Preparata 1977; de Berg et al., *Computational
//! Geometry*, ch. 3, whose top-to-bottom sweep is this left-to-right one
//! turned by a quarter turn), then each piece is triangulated with a stack
//! in linear time (Garey, Johnson, Preparata & Tarjan 1978).
//!
//! ```text
//! kinds, by the neighbours u (before) and w (after) on the boundary:
//!     both later in (x, y): start (left turn) or split (right turn)
//!     both earlier:         end (left turn)   or merge (right turn)
//!     otherwise:            regular (on the lower chain when u is earlier)
//! status = the lower edges (interior above) the sweep line crosses, each
//!          with its helper: the last vertex met just above it
//! for each vertex v in (x, y) order:
//!     start:   insert v's edge, helper v
//!     split:   e = edge below v; diagonal v–helper(e); helper(e) = v;
//!              insert v's edge, helper v
//!     end:     helper(u's edge) a merge vertex → diagonal; remove u's edge
//!     merge:   as end; then e = edge below v; helper(e) a merge vertex →
//!              diagonal; helper(e) = v
//!     regular, lower chain: as end; insert v's edge, helper v
//!     regular, upper chain: e = edge below v; helper(e) a merge vertex →
//!              diagonal; helper(e) = v
//! pieces = the faces of the boundary plus the diagonals (at each vertex,
//!          its neighbours sorted counter-clockwise from the next vertex)
//! each piece, its lower and upper chains merged in (x, y) order:
//!     stack = the first two
//!     for each next vertex u but the last:
//!         on the other chain than the top → fan u to the whole stack;
//!                                           stack = top, u
//!         on the same chain → cut triangles off the top while u, the top
//!                             and the one below it turn convex; push u
//!     fan the last vertex to the stack
//! ```
//!
//! Every decision (kinds, above/below, the turns of the stack, the order
//! around a vertex) is an exact orientation test; a triangle the stack
//! would make with three collinear corners cannot occur in a monotone
//! piece of a simple polygon and makes the function report `None`.

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use nalgebra::Point2;

use super::orient::orient;
use super::sweep::{lex, Edge, Status};
use crate::Real;

/// A vertex's kind in the sweep (module docs).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Start,
    Split,
    End,
    Merge,
    Lower,
    Upper,
}

/// The triangles `[a, b, c]` (indices into `points`, counter-clockwise) of
/// a triangulation of the simple counter-clockwise polygon `points` (no
/// point twice, no three consecutive points collinear), in a
/// deterministic order; `None` if the polygon is not such a polygon.
pub(crate) fn triangulate<T: Real>(
    points: &[Point2<T>],
    order: &[usize],
) -> Option<Vec<[usize; 3]>> {
    let diagonals = monotone_diagonals(points, order)?;
    let mut triangles = Vec::with_capacity(points.len().saturating_sub(2));
    for piece in faces(points, &diagonals) {
        triangulate_monotone(points, &piece, &mut triangles)?;
    }
    Some(triangles)
}

/// The diagonals that split `points` into x-monotone pieces.
fn monotone_diagonals<T: Real>(
    points: &[Point2<T>],
    order: &[usize],
) -> Option<Vec<(usize, usize)>> {
    let n = points.len();
    let (prev, next) = (|i: usize| (i + n - 1) % n, |i: usize| (i + 1) % n);
    let earlier = |a: usize, b: usize| lex(&points[a], &points[b]) == Ordering::Less;
    let kind: Vec<Kind> = (0..n)
        .map(|v| {
            let (u, w) = (prev(v), next(v));
            let left = orient(&points[u], &points[v], &points[w]) == Ordering::Greater;
            match (earlier(u, v), earlier(w, v)) {
                (false, false) if left => Kind::Start,
                (false, false) => Kind::Split,
                (true, true) if left => Kind::End,
                (true, true) => Kind::Merge,
                (true, false) => Kind::Lower,
                (false, true) => Kind::Upper,
            }
        })
        .collect();
    // Edge i runs from vertex i to i + 1; the lower ones (i earlier than
    // i + 1) are the ones the status holds.
    let edge = |i: usize| Edge::new(points, i, next(i), i);
    let mut helper = vec![usize::MAX; n];
    let mut status = Status::new();
    let mut diagonals = Vec::new();
    let is_merge = |h: usize| h != usize::MAX && kind[h] == Kind::Merge;
    for &v in order {
        let u = prev(v);
        // The edge ending at v from the left (u's), when it is a lower one.
        if matches!(kind[v], Kind::End | Kind::Merge | Kind::Lower) {
            if is_merge(helper[u]) {
                diagonals.push((v, helper[u]));
            }
            status.remove(&edge(u));
        }
        // The region v lies in, bounded below by e.
        if matches!(kind[v], Kind::Split | Kind::Merge | Kind::Upper) {
            let e = status.below(&Edge::probe(points, v))?.id;
            if kind[v] == Kind::Split || is_merge(helper[e]) {
                diagonals.push((v, helper[e]));
            }
            helper[e] = v;
        }
        if matches!(kind[v], Kind::Start | Kind::Split | Kind::Lower) {
            status.insert(edge(v));
            helper[v] = v;
        }
    }
    Some(diagonals)
}

/// The faces of the boundary of `points` with `diagonals`, each a cycle
/// of vertex indices, counter-clockwise.
fn faces<T: Real>(points: &[Point2<T>], diagonals: &[(usize, usize)]) -> Vec<Vec<usize>> {
    let n = points.len();
    let next = |i: usize| (i + 1) % n;
    // Each vertex's neighbours (the next and previous vertex and the
    // diagonals' other ends), as half-edges `start[v]..start[v + 1]`.
    let mut degree = vec![2; n];
    for &(a, b) in diagonals {
        degree[a] += 1;
        degree[b] += 1;
    }
    let mut start = Vec::with_capacity(n + 1);
    start.push(0);
    for v in 0..n {
        start.push(start[v] + degree[v]);
    }
    let mut to = vec![0; start[n]];
    let mut fill: Vec<usize> = start[..n].to_vec();
    let mut add = |a: usize, b: usize| {
        to[fill[a]] = b;
        fill[a] += 1;
    };
    for v in 0..n {
        add(v, next(v));
        add(next(v), v);
    }
    for &(a, b) in diagonals {
        add(a, b);
        add(b, a);
    }
    // Counter-clockwise around v from the direction of the next vertex:
    // the diagonals lie in the interior angle, the previous vertex last.
    for v in 0..n {
        let (o, r) = (&points[v], &points[next(v)]);
        let half = |a: usize| match orient(o, r, &points[a]) {
            _ if a == next(v) => 0,
            Ordering::Greater => 1,
            Ordering::Equal => 2, // straight back
            Ordering::Less => 3,
        };
        to[start[v]..start[v + 1]].sort_by(|&a, &b| {
            half(a)
                .cmp(&half(b))
                .then_with(|| orient(o, &points[b], &points[a]))
        });
    }
    let from: Vec<usize> = (0..n)
        .flat_map(|v| core::iter::repeat_n(v, degree[v]))
        .collect();
    let ends: Vec<(usize, usize)> = from.iter().copied().zip(to.iter().copied()).collect();
    let twin = super::twins(&ends);
    // The half-edge after u → v in the face on its left: v → the
    // neighbour of v just clockwise of u (never called on v → u with u
    // the vertex after v, which bounds the outside).
    let after = |h: usize| twin[h] - 1;
    let mut seen = vec![false; to.len()];
    let mut pieces = Vec::new();
    for h0 in 0..to.len() {
        // The half-edges v → previous vertex bound the outside.
        if seen[h0] || h0 + 1 == start[from[h0] + 1] {
            continue;
        }
        let mut piece = Vec::new();
        let mut h = h0;
        while !seen[h] {
            seen[h] = true;
            piece.push(from[h]);
            h = after(h);
        }
        pieces.push(piece);
    }
    pieces
}

/// Appends a triangulation of the x-monotone counter-clockwise polygon
/// `piece` (vertex indices into `points`) to `out`; `None` when a
/// triangle would have three collinear corners (not a monotone piece).
fn triangulate_monotone<T: Real>(
    points: &[Point2<T>],
    piece: &[usize],
    out: &mut Vec<[usize; 3]>,
) -> Option<()> {
    let k = piece.len();
    let key = |i: usize| &points[piece[i]];
    let first = (0..k).min_by(|&a, &b| lex(key(a), key(b)))?;
    let last = (0..k).max_by(|&a, &b| lex(key(a), key(b)))?;
    // Counter-clockwise from the first vertex runs the lower chain (to
    // the last vertex); clockwise from it, the upper one. Merged in (x, y)
    // order, `true` for the lower chain.
    let mut sorted: Vec<(usize, bool)> = Vec::with_capacity(k);
    let (mut lo, mut up) = (first, (first + k - 1) % k);
    sorted.push((piece[first], true));
    lo = (lo + 1) % k;
    while sorted.len() < k {
        let take_lower =
            up == last || (lo != (last + 1) % k && lex(key(lo), key(up)) == Ordering::Less);
        if take_lower {
            sorted.push((piece[lo], true));
            lo = (lo + 1) % k;
        } else {
            sorted.push((piece[up], false));
            up = (up + k - 1) % k;
        }
    }
    let mut emit = |a: usize, b: usize, c: usize| match orient(&points[a], &points[b], &points[c]) {
        Ordering::Greater => {
            out.push([a, b, c]);
            Some(())
        }
        Ordering::Less => {
            out.push([a, c, b]);
            Some(())
        }
        Ordering::Equal => None,
    };
    let mut stack: Vec<(usize, bool)> = vec![sorted[0], sorted[1]];
    for &(u, lower) in &sorted[2..k - 1] {
        let &(top, top_lower) = stack.last()?;
        if lower == top_lower {
            let mut last_popped = stack.pop()?;
            while let Some(&(t, _)) = stack.last() {
                let turn = orient(&points[t], &points[last_popped.0], &points[u]);
                let convex = if lower {
                    turn == Ordering::Greater
                } else {
                    turn == Ordering::Less
                };
                if !convex {
                    break;
                }
                emit(u, last_popped.0, t)?;
                last_popped = stack.pop()?;
            }
            stack.push(last_popped);
        } else {
            for w in stack.windows(2) {
                emit(u, w[0].0, w[1].0)?;
            }
            stack.clear();
            stack.push((top, top_lower));
        }
        stack.push((u, lower));
    }
    let (u, _) = sorted[k - 1];
    for w in stack.windows(2) {
        emit(u, w[0].0, w[1].0)?;
    }
    Some(())
}
