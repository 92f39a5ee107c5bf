//! The one sweep that both checks simplicity and finds the triangulation's
//! diagonals: the points in lexicographic `(x, y)` order, and the edges
//! the sweep line crosses, bottom to top, in an AVL tree (`status.rs`)
//! whose order is decided by the exact orientation predicate.
//!
//! Sweeping in `(x, y)` order is sweeping with a line turned by an
//! infinitesimal angle: no two points are met at once (they are distinct)
//! and a vertical edge has a left (lower) and a right (upper) end like
//! any other. "Below" an edge `l → r` (`l` its lexicographically smaller
//! end) is the right side of the directed line `l → r`.
//!
//! The edge order needs no sweep position. Two edges that cross the sweep
//! line together and do not meet keep their vertical order over their
//! whole common span, so it is decided once, at the later of their left
//! ends: that end against the other edge (`orient`); edges sharing their
//! left end are ordered by their right ends. This is a total order on any
//! set of pairwise non-crossing edges alive at one position; a tie (the
//! later left end exactly on the other edge, the two meet) is broken by
//! edge index, which puts the two next to each other, where the
//! simplicity check tests them. The tree compares only when an edge is
//! inserted, at the event of its left end `v`, and only against edges
//! present, which all started at or before `v`: so the later left end is
//! always `v` (or, for the other edge starting at `v`, the two right ends
//! decide). Neighbours are read off the tree's list and removal is by
//! edge index, without comparisons.
//!
//! ```text
//! first_crossing(cycle):                                  Shamos–Hoey 1976
//!     for each vertex v, in (x, y) order:
//!         for each edge ending at v (v its right end):
//!             a, b = its neighbours below and above; remove it
//!             a and b not neighbours on the boundary and meet → (a, b)
//!         for each edge starting at v:
//!             insert it; it meets its neighbour below or above
//!             (other than a boundary neighbour) → that pair
//!         the monotone sweep's step at v (monotone.rs), given the edge
//!             just below v other than v's own
//!     none met → no two edges meet
//! ```
//!
//! Why it finds one when there is one: let `p` be the smallest (in
//! `(x, y)` order) point where two non-neighbouring edges meet. Until the
//! sweep reaches `p` no two edges alive cross, so the order is the
//! vertical order. The edges through `p` alive just before it are
//! contiguous in it (an edge between two of them, not through `p`, would
//! cross one before `p`); two of them that are not boundary neighbours
//! (neighbours meet only at their shared vertex, not collinear:
//! straight runs were merged) became adjacent at some earlier event and
//! were tested then. Otherwise `p` is the left end of an edge `e` inserted
//! at `p` and lies on an alive edge `s`; the tie puts `e` next to `s`,
//! and the insertion tests them. So the sweep stops at an event no later
//! than `p`, and every insertion before it was into a set that the order
//! orders consistently. `O(n log n)`: `n` insertions of `O(log n)`
//! comparisons, each one orientation test, and `n` removals without any
//! (tests/concave.rs::simplicity_check_agrees_with_all_pairs).
//!
//! The triangulation's sweep (monotone.rs) asks, at split, merge and
//! upper-chain vertices `v`, for the lower edge (interior above) directly
//! below `v`. Here every edge is in the status, not only the lower ones;
//! but at those vertices the polygon's interior lies just below `v`, so
//! in a simple polygon the first edge below `v` (other than `v`'s own)
//! bounds the interior from below: it is that lower edge. Read off the
//! tree: after `v`'s edges are inserted, the neighbour below the lower of
//! them; with none inserted (a merge vertex), the neighbour below the last
//! edge removed. In a polygon that is not simple the sweep reports a
//! crossing and the diagonals are dropped.

use alloc::vec::Vec;
use core::cmp::Ordering;

use nalgebra::Point2;

use super::monotone::Helpers;
use super::orient::{filter, orient};
use super::status::Status;
use crate::Real;

/// The lexicographic `(x, y)` order of two finite points.
#[inline]
pub(crate) fn lex<T: Real>(a: &Point2<T>, b: &Point2<T>) -> Ordering {
    (a.x, a.y)
        .partial_cmp(&(b.x, b.y))
        .unwrap_or(Ordering::Equal)
}

/// The positions `k` of `cycle` (indices into `points`) in the
/// lexicographic order of `points[cycle[k]]`, read off `order`, every
/// index of `points` in that order: one sort of the input serves the
/// duplicate check and the sweep. `O(n)`.
pub(crate) fn lex_order(order: &[usize], cycle: &[usize], n: usize) -> Vec<usize> {
    let mut position = alloc::vec![usize::MAX; n];
    for (k, &i) in cycle.iter().enumerate() {
        position[i] = k;
    }
    order
        .iter()
        .map(|&i| position[i])
        .filter(|&k| k != usize::MAX)
        .collect()
}

/// An edge's key in the status: its lexicographically smaller end, then
/// the other.
type Ends<T> = (Point2<T>, Point2<T>);

/// What the sweep finds: the first pair of edges that meet (`Err`), or
/// the diagonals of the monotone pieces (`Ok`, `None` when the polygon is
/// not oriented as the sweep took it).
pub(crate) type Found = Result<Option<Vec<(usize, usize)>>, (usize, usize)>;

/// The sweep over the cycle `points[kept]` (edge `k` from `kept[k]` to
/// `kept[k + 1]`), `order` listing the positions in `kept` in the
/// lexicographic (x, y) order of their points ([`lex_order`]).
/// Consecutive points must not be collinear (straight runs merged) and no
/// point may repeat.
///
/// `Err((k, l))`: the first pair of edges found to meet, other than
/// boundary neighbours at their shared point, as edge indices. Otherwise
/// the boundary is simple, and `Ok` holds the diagonals (pairs of
/// positions in `kept`) that split it into x-monotone pieces, taking it
/// as counter-clockwise when `ccw` and clockwise when not, or `None`
/// when the sweep found the polygon not so oriented (monotone.rs).
pub(crate) fn sweep<T: Real>(
    points: &[Point2<T>],
    kept: &[usize],
    order: &[usize],
    ccw: bool,
) -> Found {
    let m = kept.len();
    let at = |k: usize| points[kept[k]];
    // rank[k]: the position of kept[k] in the sweep.
    let mut rank = alloc::vec![0; m];
    for (i, &k) in order.iter().enumerate() {
        rank[k] = i;
    }
    // Edge e's left end (a position in `kept`) and right end.
    let ends = |e: usize| {
        let (a, b) = (e, (e + 1) % m);
        if rank[a] < rank[b] {
            (a, b)
        } else {
            (b, a)
        }
    };
    let neighbours = |k: usize, l: usize| (k + 1) % m == l || (l + 1) % m == k;
    let meet = |status: &Status<Ends<T>>, e: usize, f: usize| {
        let ((a, b), (c, d)) = (status.key(e), status.key(f));
        !neighbours(e, f) && super::segments_meet(a, b, c, d)
    };
    let mut helpers = Helpers::new(points, kept, &rank, ccw);
    let mut status: Status<Ends<T>> = Status::new(m);
    for &k in order {
        // The two edges at vertex k: k − 1 (into it) and k (out of it).
        let edges = [(k + m - 1) % m, k];
        // The edge just below vertex k, other than its own.
        let mut below = None;
        for &e in edges.iter().filter(|&&e| ends(e).1 == k) {
            let (a, b) = (status.below(e), status.above(e));
            status.remove(e);
            if let (Some(a), Some(b)) = (a, b)
                && meet(&status, a, b)
            {
                return Err((a, b));
            }
            below = a;
        }
        // One at a time: the first is tested before the second can make
        // a tie with an edge through v inconsistent with the order.
        let mut first = None;
        for &e in edges.iter().filter(|&&e| ends(e).0 == k) {
            let key = (at(k), at(ends(e).1));
            status.insert(e, key, |key, (fl, fr)| {
                let against = if fl == &key.0 { &key.1 } else { &key.0 };
                match filter(fl, fr, against) {
                    (true, left) => Some(left),
                    (false, _) => match orient(fl, fr, against) {
                        Ordering::Equal => None,
                        side => Some(side == Ordering::Greater),
                    },
                }
            });
            for f in [status.below(e), status.above(e)].into_iter().flatten() {
                if meet(&status, e, f) {
                    return Err((e, f));
                }
            }
            // The lower of the two edges starting at v (adjacent now).
            let lowest = match first {
                Some(g) if status.above(g) == Some(e) => g,
                _ => e,
            };
            below = status.below(lowest);
            first = Some(e);
        }
        helpers.vertex(k, below);
    }
    Ok(helpers.finish())
}
