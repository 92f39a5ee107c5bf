//! Ear clipping of a simple counter-clockwise polygon into triangles, with
//! a doubly linked list of the remaining vertices and only the reflex
//! vertices tested against each candidate ear.
//!
//! ```text
//! reflex = the vertices that turn right (or go straight), sorted by x
//! v = vertex 0
//! while more than 3 vertices remain:
//!     v is an ear: it turns left, and no reflex vertex still in the
//!                  polygon lies in the closed triangle (prev v, v, next v)
//!         → emit (prev, v, next), unlink v, re-decide prev and next,
//!           go on from next
//!     else → go on from next (a full lap without an ear cannot happen
//!            for a simple polygon: two-ears theorem; it reports None)
//! emit the last triangle
//! ```
//!
//! Why only reflex vertices: if some vertex lies in the triangle of a
//! convex vertex, then a reflex one does (the vertex of the polygon
//! farthest from the line `prev–next` inside the triangle is reflex).
//! Clipping an ear only shrinks the angles at `prev` and `next`, so a
//! vertex never turns from convex to reflex, and the sorted reflex list
//! is built once; a vertex that became convex or was clipped is skipped.
//! A candidate ear scans the reflex vertices whose x lies in its
//! triangle's x range (binary search): `O(n · r)` in the worst case, about
//! `O(n log n)` for the star-shaped random polygons of the benches.

use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use nalgebra::Point2;

use super::orient::orient;
use crate::Real;

/// The triangles `[a, b, c]` (indices into `points`, counter-clockwise),
/// in the order they were clipped. The diagonal each triangle cuts off is
/// its edge `c → a`. `None` when no ear was found (not a simple
/// counter-clockwise polygon).
pub(crate) fn triangulate<T: Real>(points: &[Point2<T>]) -> Option<Vec<[usize; 3]>> {
    let n = points.len();
    let mut prev: Vec<usize> = (0..n).map(|i| (i + n - 1) % n).collect();
    let mut next: Vec<usize> = (0..n).map(|i| (i + 1) % n).collect();
    let mut alive = vec![true; n];
    let turn = |prev: &[usize], next: &[usize], i: usize| {
        orient(&points[prev[i]], &points[i], &points[next[i]])
    };
    let mut convex: Vec<bool> = (0..n)
        .map(|i| turn(&prev, &next, i) == Ordering::Greater)
        .collect();
    let mut reflex: Vec<usize> = (0..n).filter(|&i| !convex[i]).collect();
    reflex.sort_by(|&a, &b| {
        points[a]
            .x
            .partial_cmp(&points[b].x)
            .unwrap_or(Ordering::Equal)
            .then(a.cmp(&b))
    });
    let is_ear = |prev: &[usize], next: &[usize], alive: &[bool], convex: &[bool], v: usize| {
        if !convex[v] {
            return false;
        }
        let (a, b, c) = (points[prev[v]], points[v], points[next[v]]);
        let lo = a.x.min(b.x).min(c.x);
        let hi = a.x.max(b.x).max(c.x);
        let (ylo, yhi) = (a.y.min(b.y).min(c.y), a.y.max(b.y).max(c.y));
        let start = reflex.partition_point(|&r| points[r].x < lo);
        for &r in &reflex[start..] {
            let p = points[r];
            if p.x > hi {
                break;
            }
            if !alive[r] || convex[r] || r == prev[v] || r == next[v] || p.y < ylo || p.y > yhi {
                continue;
            }
            if orient(&a, &b, &p) != Ordering::Less
                && orient(&b, &c, &p) != Ordering::Less
                && orient(&c, &a, &p) != Ordering::Less
            {
                return false;
            }
        }
        true
    };
    let mut triangles = Vec::with_capacity(n.saturating_sub(2));
    let mut remaining = n;
    let mut v = 0;
    let mut stop = v;
    while remaining > 3 {
        if is_ear(&prev, &next, &alive, &convex, v) {
            let (p, q) = (prev[v], next[v]);
            triangles.push([p, v, q]);
            alive[v] = false;
            next[p] = q;
            prev[q] = p;
            remaining -= 1;
            convex[p] = turn(&prev, &next, p) == Ordering::Greater;
            convex[q] = turn(&prev, &next, q) == Ordering::Greater;
            v = q;
            stop = q;
        } else {
            v = next[v];
            if v == stop {
                return None;
            }
        }
    }
    triangles.push([prev[v], v, next[v]]);
    Some(triangles)
}
