//! [`ConcavePolygon`]: a simple polygon in 2D, validated, and decomposed
//! into convex pieces once, at construction (docs/concave.md).
//!
//! ```text
//! new(points):
//!     validate: at least 3 points, finite and in range, no point twice
//!     drop the middle points of straight runs (a run that doubles back
//!         is a self-intersection)
//!     one sweep in (x, y) order, exact:                       sweep.rs
//!         no two edges meet except neighbours at their shared vertex
//!             (Shamos–Hoey)
//!         the diagonals of monotone pieces (helpers), the polygon
//!             taken in the orientation its area gives      monotone.rs
//!     zero area → Degenerate; clockwise → reversed
//!     triangulate: the monotone pieces, each with a stack  monotone.rs
//!     merge the triangles across diagonals while convex          merge.rs
//!         (Hertel–Mehlhorn: at most 2r + 1 pieces, within 4× the optimum)
//!     each piece → ConvexPolygon (one it refuses as too thin → Sliver);
//!         all of them → Compound
//! ```
//!
//! `O(n log n)` in all: one sort (shared by the duplicate check and the
//! sweep), one sweep over an AVL tree of edges (one search per edge),
//! linear work per monotone piece and per merge
//! (tests/concave.rs::stars_and_combs_of_20k_vertices_decompose; timings
//! in docs/concave.md, from benches/concave.rs).
//!
//! Every decision (a turn, a kind of vertex, above or below, a crossing) is taken by
//! the exact orientation predicate (`orient.rs`), so the pieces are convex
//! and cover the polygon exactly for the given coordinates; the only
//! rounding is in the pieces' own normals and offsets
//! (tests/concave.rs::{hand_set_decomposes, random_simple_polygons_decompose}).

use alloc::vec::Vec;
use core::cmp::Ordering;

use nalgebra::{Point2, Vector2};

use crate::compound::sealed::{PartsImpl, Tree};
use crate::{AnyShape, Compound, ConvexPolygon, Pose, Real, ShapeError};

mod merge;
mod monotone;
mod orient;
mod status;
mod sweep;

use orient::orient;

/// A simple polygon (its boundary does not cross or touch itself),
/// possibly concave, stored with its decomposition into convex pieces.
///
/// It is not a [`Shape`](crate::Shape) (it may be concave): query it with
/// the functions of [`compound`](crate::compound), which take it as they
/// take a [`Compound`] (its pieces are the parts), or through
/// [`to_compound`](Self::to_compound).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, Ball, ConcavePolygon, Pose2};
///
/// // An L of six corners: two convex pieces.
/// let l = [(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
/// let l = ConcavePolygon::new(&l.map(|(x, y)| Point2::new(x, y))).unwrap();
/// assert_eq!(l.pieces().count(), 2);
/// let ball = Ball::new(Point2::origin(), 0.25).unwrap();
/// let id = Pose2::identity();
/// assert!(!compound::intersects(&l, &id, &ball, &Pose2::translation(2.0, 2.0))); // in the notch
/// assert!(compound::intersects(&l, &id, &ball, &Pose2::translation(2.0, 1.2)));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct ConcavePolygon<T: Real> {
    vertices: Vec<Point2<T>>,
    reflex: usize,
    compound: Compound<T, 2>,
}

impl<T: Real> ConcavePolygon<T> {
    /// The polygon through `points` in order (either orientation: a
    /// clockwise boundary is reversed), decomposed into convex pieces.
    ///
    /// The middle points of straight runs are dropped (they change
    /// neither the shape nor its pieces). Edge `i` is the boundary from
    /// input point `i` to the next point kept.
    ///
    /// # Errors
    /// In the order checked:
    /// [`ShapeError::TooFewPoints`] for fewer than 3 points (or fewer than
    /// 3 left once straight runs are merged: then
    /// [`ShapeError::Degenerate`]);
    /// [`ShapeError::NonFinite`] / [`ShapeError::TooLarge`] (`field`
    /// `"point"`, the point's index) for a NaN, infinite or out-of-range
    /// coordinate; [`ShapeError::DuplicateVertex`] when two points are
    /// equal; [`ShapeError::SelfIntersection`] when two edges meet other
    /// than neighbours at their shared point, including a straight run
    /// that doubles back; [`ShapeError::Degenerate`] for no area;
    /// [`ShapeError::Sliver`] when a convex piece is thinner than
    /// [`ConvexPolygon::new`] accepts (a point within
    /// [`collinear_tolerance`](crate::real::collinear_tolerance) of
    /// straight, `index` an input point); [`ShapeError::TooSmall`] for a
    /// piece's edge below [`min_size`](crate::real::min_size) (`index` an
    /// input point) (tests/concave.rs::bad_polygons_give_clear_errors).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{ConcavePolygon, ShapeError};
    ///
    /// let bow_tie = [(0.0, 0.0), (2.0, 2.0), (2.0, 0.0), (0.0, 2.0)].map(|(x, y)| Point2::new(x, y));
    /// assert_eq!(ConcavePolygon::new(&bow_tie), Err(ShapeError::SelfIntersection { edge_a: 0, edge_b: 2 }));
    /// let twice = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 0.0), (0.0, 2.0)].map(|(x, y)| Point2::new(x, y));
    /// assert_eq!(ConcavePolygon::new(&twice), Err(ShapeError::DuplicateVertex { first: 0, second: 3 }));
    /// ```
    pub fn new(points: &[Point2<T>]) -> Result<Self, ShapeError> {
        check_points(points)?;
        let order = check_duplicates(points)?;
        // All on one line: no area (before the spikes such a line makes).
        if points
            .iter()
            .all(|p| orient(&points[0], &points[1], p) == Ordering::Equal)
        {
            return Err(ShapeError::Degenerate);
        }
        let mut kept = drop_straight(points)?;
        if kept.len() < 3 {
            return Err(ShapeError::Degenerate);
        }
        let twice_area = twice_signed_area(points, &kept);
        // One sweep: the simplicity check, and the diagonals of the
        // monotone pieces for the orientation the area gives.
        let by_x = sweep::lex_order(&order, &kept, points.len());
        let diagonals = check_simple(points, &kept, &by_x, twice_area > T::zero())?;
        if twice_area == T::zero() {
            return Err(ShapeError::Degenerate);
        }
        let m = kept.len();
        let mut diagonals = diagonals.ok_or(ShapeError::Degenerate)?;
        if twice_area < T::zero() {
            kept.reverse();
            // Position k of the sweep's cycle is m − 1 − k of the reversed one.
            for (a, b) in &mut diagonals {
                (*a, *b) = (m - 1 - *a, m - 1 - *b);
            }
        }
        let vertices: Vec<Point2<T>> = kept.iter().map(|&i| points[i]).collect();
        let n = vertices.len();
        let reflex = (0..n)
            .filter(|&i| {
                orient(
                    &vertices[(i + n - 1) % n],
                    &vertices[i],
                    &vertices[(i + 1) % n],
                ) == Ordering::Less
            })
            .count();
        let triangles =
            monotone::triangulate(&vertices, &diagonals).ok_or(ShapeError::Degenerate)?;
        let (pieces, piece_start) = merge::merge(&vertices, &triangles);
        let mut parts = Vec::with_capacity(piece_start.len() - 1);
        let mut corners: Vec<Point2<T>> = Vec::new();
        for w in piece_start.windows(2) {
            let piece = &pieces[w[0]..w[1]];
            corners.clear();
            corners.extend(piece.iter().map(|&i| vertices[i]));
            // The piece's error, named by input point: a wrong turn or no
            // area within tolerance is a sliver of the polygon.
            let input = |k: usize| kept[piece[k]];
            let convex = ConvexPolygon::new(&corners).map_err(|e| match e {
                ShapeError::NotConvex { index } => ShapeError::Sliver {
                    index: input(index),
                },
                ShapeError::Degenerate => ShapeError::Sliver {
                    index: input(thinnest_corner(&corners)),
                },
                ShapeError::TooSmall {
                    field,
                    index,
                    limit,
                } => ShapeError::TooSmall {
                    field,
                    index: input(index),
                    limit,
                },
                other => other,
            })?;
            parts.push((Pose::identity(), AnyShape::Polytope(convex)));
        }
        let compound = Compound::build(parts, false)?;
        Ok(Self {
            vertices,
            reflex,
            compound,
        })
    }

    /// The vertices kept, counter-clockwise (straight runs merged).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConcavePolygon;
    ///
    /// // Clockwise, with a point in the middle of the bottom edge.
    /// let cw = [(0.0, 0.0), (0.0, 1.0), (2.0, 1.0), (2.0, 0.0), (1.0, 0.0)].map(|(x, y)| Point2::new(x, y));
    /// let p = ConcavePolygon::new(&cw).unwrap();
    /// assert_eq!(p.vertices(), &[(2.0, 0.0), (2.0, 1.0), (0.0, 1.0), (0.0, 0.0)].map(|(x, y)| Point2::new(x, y)));
    /// ```
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Point2<T>] {
        &self.vertices
    }

    /// How many vertices turn right (reflex, counter-clockwise): `r`. A
    /// convex decomposition needs at least `⌈r/2⌉ + 1` pieces; this one
    /// has at most `2r + 1` (module docs of `merge`).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConcavePolygon;
    ///
    /// let l = [(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    /// assert_eq!(ConcavePolygon::new(&l.map(|(x, y)| Point2::new(x, y))).unwrap().reflex_count(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn reflex_count(&self) -> usize {
        self.reflex
    }

    /// The convex pieces, in a deterministic order (the same input gives
    /// the same pieces): the parts of [`as_compound`](Self::as_compound).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConcavePolygon;
    ///
    /// let u = [(0.0, 0.0), (3.0, 0.0), (3.0, 3.0), (2.0, 3.0), (2.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    /// let u = ConcavePolygon::new(&u.map(|(x, y)| Point2::new(x, y))).unwrap();
    /// assert_eq!(u.pieces().count(), 3);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = &ConvexPolygon<T>> + '_ {
        self.compound.parts().iter().filter_map(|p| match p {
            AnyShape::Polytope(c) => Some(c),
            _ => None,
        })
    }

    /// The area, by the shoelace formula on the vertices (relative to
    /// vertex 0).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConcavePolygon;
    ///
    /// let l = [(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    /// assert_eq!(ConcavePolygon::new(&l.map(|(x, y)| Point2::new(x, y))).unwrap().area(), 5.0);
    /// ```
    #[must_use]
    pub fn area(&self) -> T {
        let kept: Vec<usize> = (0..self.vertices.len()).collect();
        twice_signed_area(&self.vertices, &kept) * nalgebra::convert(0.5)
    }

    /// The pieces as a [`Compound`] (lent).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConcavePolygon;
    ///
    /// let l = [(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    /// let l = ConcavePolygon::new(&l.map(|(x, y)| Point2::new(x, y))).unwrap();
    /// assert_eq!(l.as_compound().len(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub fn as_compound(&self) -> &Compound<T, 2> {
        &self.compound
    }

    /// The pieces as a [`Compound`] of their own (a copy), each at the
    /// identity pose.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{compound, ConcavePolygon, Pose2};
    ///
    /// let l = [(0.0, 0.0), (3.0, 0.0), (3.0, 1.0), (1.0, 1.0), (1.0, 3.0), (0.0, 3.0)];
    /// let c = ConcavePolygon::new(&l.map(|(x, y)| Point2::new(x, y))).unwrap().to_compound();
    /// assert!(compound::contains_point(&c, &Pose2::identity(), &Point2::new(0.5, 2.5)));
    /// ```
    #[must_use]
    pub fn to_compound(&self) -> Compound<T, 2> {
        self.compound.clone()
    }
}

impl<T: Real> PartsImpl<T, 2> for ConcavePolygon<T> {
    type Part = AnyShape<T, 2>;

    #[inline]
    fn part(&self, i: usize) -> &AnyShape<T, 2> {
        self.compound.part(i)
    }

    #[inline]
    fn part_pose(&self, i: usize) -> Option<&Pose<T, 2>> {
        self.compound.part_pose(i)
    }

    #[inline]
    fn tree(&self) -> Tree<'_, T, 2> {
        self.compound.tree()
    }

    #[inline]
    fn part_count(&self) -> usize {
        self.compound.part_count()
    }

    #[inline]
    fn admits(
        &self,
        i: usize,
        at: (crate::ContactFeature, &nalgebra::Point2<T>),
        n: &nalgebra::Vector2<T>,
    ) -> bool {
        self.compound.admits(i, at, n)
    }

    #[inline]
    fn internal_face(&self, i: usize, f: usize) -> bool {
        self.compound.internal_face(i, f)
    }
}

/// At least three points, each finite and within
/// [`max_magnitude`](crate::real::max_magnitude).
fn check_points<T: Real>(points: &[Point2<T>]) -> Result<(), ShapeError> {
    if points.len() < 3 {
        return Err(ShapeError::TooFewPoints {
            found: points.len(),
            required: 3,
        });
    }
    let limit = crate::real::max_magnitude::<T>();
    for (index, p) in points.iter().enumerate() {
        if !(p.x.is_finite() && p.y.is_finite()) {
            return Err(ShapeError::NonFinite {
                field: "point",
                index,
            });
        }
        if p.x.abs() > limit || p.y.abs() > limit {
            return Err(ShapeError::TooLarge {
                field: "point",
                index,
                limit: crate::shape::as_f64(limit),
            });
        }
    }
    Ok(())
}

/// No point twice: the first equal pair in `(x, y)` order.
fn check_duplicates<T: Real>(points: &[Point2<T>]) -> Result<Vec<usize>, ShapeError> {
    // The points sorted with their indices beside them, not the indices
    // alone: a comparison reads two neighbouring entries, not two points
    // anywhere in the input.
    let mut keyed: Vec<(Point2<T>, usize)> = points.iter().copied().zip(0..).collect();
    // Unstable is enough: ties are broken by index, so the order is total.
    keyed.sort_unstable_by(|(p, a), (q, b)| {
        (p.x, p.y)
            .partial_cmp(&(q.x, q.y))
            .unwrap_or(Ordering::Equal)
            .then(a.cmp(b))
    });
    for w in keyed.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(ShapeError::DuplicateVertex {
                first: w[0].1.min(w[1].1),
                second: w[0].1.max(w[1].1),
            });
        }
    }
    Ok(keyed.into_iter().map(|(_, i)| i).collect())
}

/// The indices of the points that turn (left or right): the middle points
/// of straight runs are dropped; a point where the boundary doubles back
/// on itself (collinear, not between its neighbours) is a
/// self-intersection of the two edges at it.
fn drop_straight<T: Real>(points: &[Point2<T>]) -> Result<Vec<usize>, ShapeError> {
    let n = points.len();
    let mut kept = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b, c) = (&points[(i + n - 1) % n], &points[i], &points[(i + 1) % n]);
        if orient(a, b, c) != Ordering::Equal {
            kept.push(i);
            continue;
        }
        // Collinear: straight on (b between a and c) or back.
        let forward = (b - a).dot(&(c - b)) > T::zero();
        if !forward {
            let before = (i + n - 1) % n;
            return Err(ShapeError::SelfIntersection {
                edge_a: before.min(i),
                edge_b: before.max(i),
            });
        }
    }
    Ok(kept)
}

/// Whether the closed segments `ab` and `cd` meet (exactly).
fn segments_meet<T: Real>(a: &Point2<T>, b: &Point2<T>, c: &Point2<T>, d: &Point2<T>) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    if o1 == o2 && o1 != Ordering::Equal {
        return false; // c and d strictly on one side of ab
    }
    if o1 == Ordering::Equal && o2 == Ordering::Equal {
        // Collinear: the projections on the line overlap.
        let along = |p: &Point2<T>| {
            if (b.x - a.x).abs() >= (b.y - a.y).abs() {
                p.x
            } else {
                p.y
            }
        };
        let (lo1, hi1) = (along(a).min(along(b)), along(a).max(along(b)));
        let (lo2, hi2) = (along(c).min(along(d)), along(c).max(along(d)));
        return lo1 <= hi2 && lo2 <= hi1;
    }
    orient(c, d, a) != orient(c, d, b)
}

/// No two edges of the cycle `points[kept]` meet, other than neighbours at
/// their shared point (a sweep, `sweep.rs`); the first pair found is
/// reported by input point indices. Otherwise the diagonals of the sweep
/// (`None`: the polygon is not counter-clockwise when `ccw`, clockwise
/// when not).
fn check_simple<T: Real>(
    points: &[Point2<T>],
    kept: &[usize],
    order: &[usize],
    ccw: bool,
) -> Result<Option<Vec<(usize, usize)>>, ShapeError> {
    sweep::sweep(points, kept, order, ccw).map_err(|(e, f)| {
        let (i, j) = (kept[e], kept[f]);
        ShapeError::SelfIntersection {
            edge_a: i.min(j),
            edge_b: i.max(j),
        }
    })
}

/// The corner of the convex cycle `corners` with the sharpest angle (the
/// largest cosine between its two edges): where a flat piece is thinnest.
fn thinnest_corner<T: Real>(corners: &[Point2<T>]) -> usize {
    let n = corners.len();
    let cosine = |k: usize| {
        let (u, v) = (
            corners[(k + n - 1) % n] - corners[k],
            corners[(k + 1) % n] - corners[k],
        );
        u.dot(&v) / (u.norm() * v.norm())
    };
    (0..n)
        .max_by(|&a, &b| cosine(a).partial_cmp(&cosine(b)).unwrap_or(Ordering::Equal))
        .unwrap_or(0)
}

/// For each half-edge `ends[h] = (from, to)` (no two alike), the index of
/// its twin `(to, from)`, or `usize::MAX` when it has none: the half-edges
/// ordered by their undirected edge `(min, max)`, so twins end up side by
/// side. The order is two stable counting sorts on vertex indices (by
/// `max`, then by `min`): `O(n)`, where a comparison sort was a seventh of
/// a 10⁵-vertex decomposition.
fn twins(ends: &[(usize, usize)]) -> Vec<usize> {
    let vertices = ends.iter().map(|&(a, b)| a.max(b) + 1).max().unwrap_or(0);
    let by = |input: &[usize], key: &dyn Fn(usize) -> usize| {
        let mut start = alloc::vec![0usize; vertices + 1];
        for &h in input {
            start[key(h) + 1] += 1;
        }
        for v in 0..vertices {
            start[v + 1] += start[v];
        }
        let mut out = alloc::vec![0usize; input.len()];
        for &h in input {
            let slot = &mut start[key(h)];
            out[*slot] = h;
            *slot += 1;
        }
        out
    };
    let all: Vec<usize> = (0..ends.len()).collect();
    let by_max = by(&all, &|h| ends[h].0.max(ends[h].1));
    let order = by(&by_max, &|h| ends[h].0.min(ends[h].1));
    let mut twin = alloc::vec![usize::MAX; ends.len()];
    for w in order.windows(2) {
        let ((a, b), (c, d)) = (ends[w[0]], ends[w[1]]);
        if a == d && b == c {
            twin[w[0]] = w[1];
            twin[w[1]] = w[0];
        }
    }
    twin
}

/// Twice the signed area of the cycle `points[kept]`, positive
/// counter-clockwise, from differences to its first point.
fn twice_signed_area<T: Real>(points: &[Point2<T>], kept: &[usize]) -> T {
    let o = points[kept[0]];
    let cross = |u: Vector2<T>, v: Vector2<T>| u.x * v.y - u.y * v.x;
    (1..kept.len() - 1).fold(T::zero(), |s, k| {
        s + cross(points[kept[k]] - o, points[kept[k + 1]] - o)
    })
}
