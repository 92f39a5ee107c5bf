//! Triangulation of a simple counter-clockwise polygon in `O(n log n)`:
//! a sweep in `(x, y)` order splits it into x-monotone pieces by
//! diagonals (Lee & Preparata 1977; de Berg et al., *Computational
//! Geometry*, ch. 3, whose top-to-bottom sweep is this left-to-right one
//! turned by a quarter turn), then each piece is triangulated with a stack
//! in linear time (Garey, Johnson, Preparata & Tarjan 1978). The sweep is
//! the simplicity check's (sweep.rs), which calls [`Helpers::vertex`] at
//! each vertex: its status holds every edge the sweep line crosses, not
//! only the lower ones, and "the edge below v" is read off it (why that
//! is the lower edge below `v`: the module docs of sweep.rs).
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
//!          its neighbours counter-clockwise from the next vertex: the
//!          diagonals, inside the interior angle, sorted between the next
//!          vertex and the previous one)
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
use super::sweep::lex;
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
/// point twice, no three consecutive points collinear) cut into x-monotone
/// pieces by `diagonals` (from the sweep, sweep.rs), in a deterministic
/// order; `None` if a piece is not x-monotone.
pub(crate) fn triangulate<T: Real>(
    points: &[Point2<T>],
    diagonals: &[(usize, usize)],
) -> Option<Vec<[usize; 3]>> {
    let mut triangles = Vec::with_capacity(points.len().saturating_sub(2));
    let (pieces, piece_start) = faces(points, diagonals);
    let mut scratch = Scratch::default();
    for w in piece_start.windows(2) {
        triangulate_monotone(points, &pieces[w[0]..w[1]], &mut scratch, &mut triangles)?;
    }
    Some(triangles)
}

/// The monotone sweep's state: each vertex's kind, and for each lower
/// edge the sweep line crosses, its helper. The sweep (sweep.rs) calls
/// [`vertex`](Self::vertex) at each vertex in `(x, y)` order with the
/// edge just below it; vertices and edges are numbered as the sweep's
/// cycle (`kept`), which runs counter-clockwise when `ccw`, clockwise
/// when not.
pub(crate) struct Helpers<'a> {
    kind: Vec<Kind>,
    /// Per edge (the sweep's numbering): the helper vertex, once the edge
    /// has entered the status.
    helper: Vec<usize>,
    /// The vertices' positions in the sweep.
    rank: &'a [usize],
    ccw: bool,
    diagonals: Vec<(usize, usize)>,
    /// An edge below a vertex was not a lower edge, or there was none:
    /// the polygon is not simple and counter-clockwise as taken.
    failed: bool,
}

impl<'a> Helpers<'a> {
    /// The kinds of the vertices of the cycle `points[kept]` (`rank`
    /// their positions in the sweep), taken counter-clockwise when `ccw`.
    pub(crate) fn new<T: Real>(
        points: &[Point2<T>],
        kept: &[usize],
        rank: &'a [usize],
        ccw: bool,
    ) -> Self {
        let m = kept.len();
        let earlier = |a: usize, b: usize| rank[a] < rank[b];
        let kind = (0..m)
            .map(|v| {
                // The neighbours before (u) and after (w) counter-clockwise.
                let (u, w) = if ccw {
                    ((v + m - 1) % m, (v + 1) % m)
                } else {
                    ((v + 1) % m, (v + m - 1) % m)
                };
                let turn = orient(&points[kept[u]], &points[kept[v]], &points[kept[w]]);
                let left = turn == Ordering::Greater;
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
        Self {
            kind,
            helper: vec![usize::MAX; m],
            rank,
            ccw,
            diagonals: Vec::new(),
            failed: false,
        }
    }

    /// The edge from `v` to the next vertex counter-clockwise.
    #[inline]
    fn out_edge(&self, v: usize) -> usize {
        let m = self.kind.len();
        if self.ccw {
            v
        } else {
            (v + m - 1) % m
        }
    }

    /// The edge into `v` from the previous vertex counter-clockwise.
    #[inline]
    fn in_edge(&self, v: usize) -> usize {
        let m = self.kind.len();
        if self.ccw {
            (v + m - 1) % m
        } else {
            v
        }
    }

    /// Whether edge `e` is a lower edge (counter-clockwise, it runs from
    /// its earlier end to its later one: the interior is above it).
    #[inline]
    fn lower(&self, e: usize) -> bool {
        let m = self.kind.len();
        let (a, b) = (e, (e + 1) % m);
        (self.rank[a] < self.rank[b]) == self.ccw
    }

    #[inline]
    fn is_merge(&self, h: usize) -> bool {
        h != usize::MAX && self.kind[h] == Kind::Merge
    }

    /// The step at vertex `v` (module docs), `below` the edge just below
    /// `v` other than `v`'s own, of all the edges the sweep line crosses.
    pub(crate) fn vertex(&mut self, v: usize, below: Option<usize>) {
        if self.failed {
            return;
        }
        let kind = self.kind[v];
        // The edge ending at v from the left (u's), when it is a lower one.
        if matches!(kind, Kind::End | Kind::Merge | Kind::Lower) {
            let h = self.helper[self.in_edge(v)];
            if self.is_merge(h) {
                self.diagonals.push((v, h));
            }
        }
        // The region v lies in, bounded below by e.
        if matches!(kind, Kind::Split | Kind::Merge | Kind::Upper) {
            match below {
                Some(e) if self.lower(e) && self.helper[e] != usize::MAX => {
                    let h = self.helper[e];
                    if kind == Kind::Split || self.is_merge(h) {
                        self.diagonals.push((v, h));
                    }
                    self.helper[e] = v;
                }
                _ => self.failed = true,
            }
        }
        if matches!(kind, Kind::Start | Kind::Split | Kind::Lower) {
            let e = self.out_edge(v);
            self.helper[e] = v;
        }
    }

    /// The diagonals, in the order found; `None` if the sweep found the
    /// polygon not simple and counter-clockwise as taken.
    pub(crate) fn finish(self) -> Option<Vec<(usize, usize)>> {
        (!self.failed).then_some(self.diagonals)
    }
}

/// The faces of the boundary of `points` with `diagonals`, each a cycle
/// of vertex indices, counter-clockwise: face `f` is
/// `pieces[piece_start[f]..piece_start[f + 1]]`.
fn faces<T: Real>(points: &[Point2<T>], diagonals: &[(usize, usize)]) -> (Vec<usize>, Vec<usize>) {
    let n = points.len();
    let (prev, next) = (|i: usize| (i + n - 1) % n, |i: usize| (i + 1) % n);
    // Each vertex's neighbours as half-edges `start[v]..start[v + 1]`:
    // the next vertex first, the diagonals' other ends (with the
    // diagonal's index), the previous vertex last.
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
    let none = usize::MAX;
    let mut to = vec![(0, none); start[n]];
    let mut fill: Vec<usize> = start[..n].iter().map(|&s| s + 1).collect();
    for v in 0..n {
        to[start[v]] = (next(v), none);
        to[start[v + 1] - 1] = (prev(v), none);
    }
    for (d, &(a, b)) in diagonals.iter().enumerate() {
        to[fill[a]] = (b, d);
        fill[a] += 1;
        to[fill[b]] = (a, d);
        fill[b] += 1;
    }
    // Counter-clockwise around v from the direction of the next vertex.
    // The diagonals lie in the interior angle, which runs from the next
    // vertex to the previous one: only they need sorting. By half-turns
    // from the next vertex's direction, then by turn.
    for v in 0..n {
        let middle = &mut to[start[v] + 1..start[v + 1] - 1];
        if middle.len() < 2 {
            continue;
        }
        let (o, r) = (&points[v], &points[next(v)]);
        let half = |a: usize| match orient(o, r, &points[a]) {
            Ordering::Greater => 1,
            Ordering::Equal => 2, // straight back
            Ordering::Less => 3,
        };
        middle.sort_by(|&(a, _), &(b, _)| {
            half(a)
                .cmp(&half(b))
                .then_with(|| orient(o, &points[b], &points[a]))
        });
    }
    // Each half-edge's twin (the same edge the other way): for the
    // boundary, the other end's first or last slot; for a diagonal, its
    // other slot.
    let mut twin = vec![none; to.len()];
    let mut other_slot = vec![none; diagonals.len()];
    for v in 0..n {
        twin[start[v]] = start[next(v) + 1] - 1;
        twin[start[v + 1] - 1] = start[prev(v)];
        for h in start[v] + 1..start[v + 1] - 1 {
            let d = to[h].1;
            if other_slot[d] == none {
                other_slot[d] = h;
            } else {
                twin[h] = other_slot[d];
                twin[other_slot[d]] = h;
            }
        }
    }
    // The half-edge after u → v in the face on its left: v → the
    // neighbour of v just clockwise of u (never called on v → u with u
    // the vertex after v, which bounds the outside).
    let after = |h: usize| twin[h] - 1;
    let mut from = Vec::with_capacity(to.len());
    for (v, &d) in degree.iter().enumerate() {
        from.extend(core::iter::repeat_n(v, d));
    }
    let mut seen = vec![false; to.len()];
    let mut pieces = Vec::with_capacity(to.len() - n);
    let mut piece_start = vec![0];
    for h0 in 0..to.len() {
        // The half-edges v → previous vertex bound the outside.
        if seen[h0] || h0 + 1 == start[from[h0] + 1] {
            continue;
        }
        let mut h = h0;
        while !seen[h] {
            seen[h] = true;
            pieces.push(from[h]);
            h = after(h);
        }
        piece_start.push(pieces.len());
    }
    (pieces, piece_start)
}

/// Buffers reused from piece to piece.
#[derive(Default)]
struct Scratch {
    sorted: Vec<(usize, bool)>,
    stack: Vec<(usize, bool)>,
}

/// Appends a triangulation of the x-monotone counter-clockwise polygon
/// `piece` (vertex indices into `points`) to `out`; `None` when a
/// triangle would have three collinear corners (not a monotone piece).
fn triangulate_monotone<T: Real>(
    points: &[Point2<T>],
    piece: &[usize],
    scratch: &mut Scratch,
    out: &mut Vec<[usize; 3]>,
) -> Option<()> {
    let k = piece.len();
    let key = |i: usize| &points[piece[i]];
    let first = (0..k).min_by(|&a, &b| lex(key(a), key(b)))?;
    let last = (0..k).max_by(|&a, &b| lex(key(a), key(b)))?;
    // Counter-clockwise from the first vertex runs the lower chain (to
    // the last vertex); clockwise from it, the upper one. Merged in (x, y)
    // order, `true` for the lower chain.
    let sorted = &mut scratch.sorted;
    sorted.clear();
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
    let stack = &mut scratch.stack;
    stack.clear();
    stack.extend_from_slice(&sorted[..2]);
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
