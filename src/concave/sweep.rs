//! The sweep both the simplicity check and the triangulation run: the
//! points in lexicographic `(x, y)` order, and an ordered set of the edges
//! the sweep line crosses, bottom to top, in a `BTreeSet` whose order is
//! decided by the exact orientation predicate.
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
//! set of pairwise non-crossing edges alive at one position, which is all
//! the `BTreeSet` ever compares; a tie (the later left end exactly on the
//! other edge, the two meet) is broken by edge index, which puts the two
//! next to each other, where the simplicity check tests them.
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
//! and the insertion tests them. `O(n log n)`: `n` insertions and removals,
//! each `O(log n)` comparisons, each one orientation test
//! (tests/concave.rs::simplicity_check_agrees_with_all_pairs).

use alloc::collections::BTreeSet;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::ops::Bound;

use nalgebra::Point2;

use super::orient::orient;
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
/// duplicate check and both sweeps. `O(n)`.
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

/// An edge of the sweep status: `points[left] → points[right]`, `left`
/// the lexicographically smaller end, `id` its edge index, with copies of
/// its two end points (`l`, `r`): a comparison reads them, not the point
/// list. A probe (a point to locate among the edges) has `left == right`
/// and `id == usize::MAX`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge<'a, T: Real> {
    l: Point2<T>,
    r: Point2<T>,
    left: usize,
    right: usize,
    /// The edge's index (as the caller numbers edges).
    pub(crate) id: usize,
    points: core::marker::PhantomData<&'a [Point2<T>]>,
}

impl<'a, T: Real> Edge<'a, T> {
    /// The edge between `points[a]` and `points[b]`, index `id`.
    #[inline]
    pub(crate) fn new(points: &'a [Point2<T>], a: usize, b: usize, id: usize) -> Self {
        let (left, right) = if lex(&points[a], &points[b]) == Ordering::Less {
            (a, b)
        } else {
            (b, a)
        };
        Self {
            l: points[left],
            r: points[right],
            left,
            right,
            id,
            points: core::marker::PhantomData,
        }
    }

    /// A probe at `points[v]`: it sorts above the edges below `v` and
    /// below those above it.
    #[inline]
    pub(crate) fn probe(points: &'a [Point2<T>], v: usize) -> Self {
        Self {
            l: points[v],
            r: points[v],
            left: v,
            right: v,
            id: usize::MAX,
            points: core::marker::PhantomData,
        }
    }
}

impl<T: Real> Ord for Edge<'_, T> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        if self.id == other.id {
            return Ordering::Equal;
        }
        let (a, b) = (self, other);
        let side = if a.left == b.left {
            // Both start at one vertex: b's right end above a → a below.
            orient(&a.l, &a.r, &b.r).reverse()
        } else if lex(&a.l, &b.l) == Ordering::Less {
            // b starts later: its left end against a.
            orient(&a.l, &a.r, &b.l).reverse()
        } else {
            orient(&b.l, &b.r, &a.l)
        };
        side.then(a.id.cmp(&b.id))
    }
}

impl<T: Real> PartialOrd for Edge<'_, T> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<T: Real> PartialEq for Edge<'_, T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

impl<T: Real> Eq for Edge<'_, T> {}

/// The sweep status: the edges the sweep line crosses, bottom to top.
pub(crate) struct Status<'a, T: Real>(BTreeSet<Edge<'a, T>>);

impl<'a, T: Real> Status<'a, T> {
    /// No edges.
    pub(crate) fn new() -> Self {
        Self(BTreeSet::new())
    }

    /// Adds `e`.
    #[inline]
    pub(crate) fn insert(&mut self, e: Edge<'a, T>) {
        let fresh = self.0.insert(e);
        debug_assert!(fresh, "edge {} inserted twice", e.id);
    }

    /// Removes `e`.
    #[inline]
    pub(crate) fn remove(&mut self, e: &Edge<'a, T>) {
        let found = self.0.remove(e);
        debug_assert!(found, "edge {} removed but not there", e.id);
    }

    /// The edge directly below `e` (an edge or a probe).
    #[inline]
    pub(crate) fn below(&self, e: &Edge<'a, T>) -> Option<Edge<'a, T>> {
        self.0.range(..e).next_back().copied()
    }

    /// The edge directly above `e`.
    #[inline]
    pub(crate) fn above(&self, e: &Edge<'a, T>) -> Option<Edge<'a, T>> {
        self.0
            .range((Bound::Excluded(e), Bound::Unbounded))
            .next()
            .copied()
    }
}

/// The first pair of edges found to meet, other than boundary neighbours
/// at their shared point, of the cycle `points[kept]` (edge `k` from
/// `kept[k]` to `kept[k + 1]`), as edge indices `(k, l)`; `None` when the
/// boundary is simple. `order` lists the positions in `kept` in the
/// lexicographic (x, y) order of their points ([`lex_order`]).
/// Consecutive points must not be collinear (straight runs merged) and no
/// point may repeat.
pub(crate) fn first_crossing<T: Real>(
    points: &[Point2<T>],
    kept: &[usize],
    order: &[usize],
) -> Option<(usize, usize)> {
    let m = kept.len();
    let edge = |k: usize| Edge::new(points, kept[k], kept[(k + 1) % m], k);
    let neighbours = |k: usize, l: usize| (k + 1) % m == l || (l + 1) % m == k;
    let meet = |e: &Edge<'_, T>, f: &Edge<'_, T>| {
        !neighbours(e.id, f.id) && super::segments_meet(&e.l, &e.r, &f.l, &f.r)
    };
    let mut status = Status::new();
    for &k in order {
        // The two edges at vertex k: k − 1 (into it) and k (out of it).
        let at = [edge((k + m - 1) % m), edge(k)];
        for e in at.iter().filter(|e| e.right == kept[k]) {
            let (a, b) = (status.below(e), status.above(e));
            status.remove(e);
            if let (Some(a), Some(b)) = (a, b) {
                if meet(&a, &b) {
                    return Some((a.id, b.id));
                }
            }
        }
        // One at a time: the first is tested before the second can make
        // a tie with an edge through v inconsistent with the order.
        for e in at.iter().filter(|e| e.left == kept[k]) {
            status.insert(*e);
            for f in [status.below(e), status.above(e)].into_iter().flatten() {
                if meet(e, &f) {
                    return Some((e.id, f.id));
                }
            }
        }
    }
    None
}
