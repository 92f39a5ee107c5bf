//! Convex polygons (2D).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use nalgebra::{Point2, Unit, Vector2};

use super::{check_finite_point, Shape};
use crate::real::{collinear_tolerance, max_magnitude, min_size};
use crate::{Real, ShapeError, Support};

/// The slack of [`ConvexPolygon::validate`]'s checks on the stored normals
/// and offsets, in machine epsilons: a normal is unit within
/// `64 ε`, perpendicular to its edge within `64 ε · |edge|`, and an offset
/// matches its vertex within `64 ε · (|vertex| + 1)`.
///
/// Where the value comes from: each stored number is one normalisation or
/// one two-term dot product away from the input, a round-off of a few ε
/// (relative to the edge length or the vertex's distance from the origin);
/// 64 ε is the margin the crate uses for "a few operations of round-off"
/// ([`collinear_tolerance`], [`orthonormal_tolerance`](crate::real::orthonormal_tolerance)),
/// far below the `O(1)` error of a wrong normal or a stale offset. Every
/// polygon built far from the origin passes with it
/// (tests/polygon_robustness.rs::far_polygons_are_accepted,
/// tests/polygon_robustness.rs::random_far_polygons_are_accepted).
const VALIDATE_EPSILONS: f64 = 64.0;

/// A strictly convex polygon, stored counter-clockwise with its outward unit
/// edge normals and their offsets.
///
/// Edge `i` runs from vertex `i` to vertex `i + 1` (cyclically); its outward
/// normal `nᵢ` is face `i`, and `nᵢ · x <= offsetᵢ` for every point `x` of
/// the polygon.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::ConvexPolygon;
///
/// // Clockwise input is accepted and stored counter-clockwise.
/// let square = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0),
///     Point2::new(0.0, 1.0),
///     Point2::new(1.0, 1.0),
///     Point2::new(1.0, 0.0),
/// ])
/// .unwrap();
/// assert_eq!(square.vertices()[..2], [Point2::new(1.0, 0.0), Point2::new(1.0, 1.0)]);
/// // Edge 0 runs up the right side: its outward normal is +x.
/// assert_eq!(square.normals()[0].into_inner(), nalgebra::Vector2::new(1.0, 0.0));
/// ```
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::serde_support::RawPolygon<T>",
        try_from = "crate::serde_support::RawPolygon<T>"
    )
)]
pub struct ConvexPolygon<T: Real> {
    vertices: Vec<Point2<T>>,
    normals: Vec<Unit<Vector2<T>>>,
    offsets: Vec<T>,
    /// Vertex 0: the origin of `local`.
    anchor: Point2<T>,
    /// `vertices[i] − anchor`: the vertices near the origin, so that the
    /// pair path computes its gaps without cancelling the anchor's size.
    local: Vec<Vector2<T>>,
    /// A disc inside the polygon, relative to `anchor`: the mean of `local`
    /// and its distance to the nearest edge line (zero if round-off puts it
    /// outside).
    inner_centre: Vector2<T>,
    inner_radius: T,
    /// A disc around the polygon: the largest distance of a vertex from
    /// `inner_centre`.
    outer_radius: T,
    /// The largest `|x| + |y|` over `local`: the scale of round-off of a
    /// projection of `local` on a unit vector.
    reach: T,
}

/// `a × b`, the z component of the 3D cross product.
#[inline]
fn cross<T: Real>(a: &Vector2<T>, b: &Vector2<T>) -> T {
    a.x * b.y - a.y * b.x
}

impl<T: Real> ConvexPolygon<T> {
    /// The polygon through `points`, given in order (either winding).
    ///
    /// Exact consecutive duplicates are dropped, then points where the
    /// boundary goes straight on (sine of the turn within
    /// [`collinear_tolerance`](crate::real::collinear_tolerance)); what is
    /// left must turn the same way at every vertex and wind around once.
    /// Every test is formed from differences of nearby points, so a polygon
    /// is accepted or refused the same way wherever it is placed
    /// (tests/polygon_robustness.rs::far_polygons_are_accepted). Runs in
    /// O(n).
    ///
    /// The range is the crate's: coordinates up to
    /// [`max_magnitude`](crate::real::max_magnitude), edges of at least
    /// [`min_size`](crate::real::min_size) along x or y
    /// (tests/polygon_robustness.rs::out_of_range_polygons_are_refused).
    ///
    /// # Errors
    /// [`ShapeError::TooFewPoints`] for fewer than three distinct points,
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate,
    /// [`ShapeError::TooLarge`] for a coordinate beyond `max_magnitude`,
    /// [`ShapeError::TooSmall`] for an edge (from the point named to the
    /// next distinct one) shorter than `min_size` along both axes,
    /// [`ShapeError::Degenerate`] when the points span no area,
    /// [`ShapeError::NotConvex`] for a reflex vertex, a spike that doubles
    /// back, or a boundary that winds around twice (a pentagram).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{ConvexPolygon, ShapeError};
    ///
    /// let dart = [(0.0, 0.0), (2.0, 1.0), (4.0, 0.0), (2.0, 3.0)];
    /// let points: Vec<_> = dart.iter().map(|&(x, y)| Point2::new(x, y)).collect();
    /// assert_eq!(ConvexPolygon::new(&points), Err(ShapeError::NotConvex { index: 1 }));
    /// ```
    pub fn new(points: &[Point2<T>]) -> Result<Self, ShapeError> {
        check_input(points)?;
        // Indices into `points`, exact consecutive duplicates dropped.
        let mut kept: Vec<usize> = Vec::with_capacity(points.len());
        for (i, p) in points.iter().enumerate() {
            if kept.last().is_none_or(|&j| points[j] != *p) {
                kept.push(i);
            }
        }
        while kept.len() > 1 && points[kept[0]] == points[kept[kept.len() - 1]] {
            kept.pop();
        }
        if kept.len() < 3 {
            return Err(ShapeError::TooFewPoints {
                found: kept.len(),
                required: 3,
            });
        }
        check_edge_sizes(points, &kept)?;
        Self::from_cycle(points, kept, false)
    }

    /// The convex hull of `points` (Andrew's monotone chain, O(n log n)),
    /// which may be given in any order and include interior, duplicate and
    /// collinear points.
    ///
    /// # Errors
    /// [`ShapeError::TooFewPoints`] for fewer than three points,
    /// [`ShapeError::NonFinite`] for a NaN or infinite coordinate,
    /// [`ShapeError::TooLarge`] for a coordinate beyond
    /// [`max_magnitude`](crate::real::max_magnitude),
    /// [`ShapeError::TooSmall`] for a hull edge shorter than
    /// [`min_size`](crate::real::min_size) along both axes,
    /// [`ShapeError::Degenerate`] when the hull spans no area.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConvexPolygon;
    ///
    /// let cloud = [(0.0, 0.0), (1.0, 0.2), (2.0, 0.0), (1.0, 1.0), (1.0, 2.0), (0.5, 0.5)];
    /// let points: Vec<_> = cloud.iter().map(|&(x, y)| Point2::new(x, y)).collect();
    /// let hull = ConvexPolygon::from_hull(&points).unwrap();
    /// assert_eq!(hull.vertices().len(), 3);
    /// ```
    pub fn from_hull(points: &[Point2<T>]) -> Result<Self, ShapeError> {
        check_input(points)?;
        let mut sorted: Vec<usize> = (0..points.len()).collect();
        sorted.sort_by(|&a, &b| {
            let (a, b) = (&points[a], &points[b]);
            (a.x, a.y)
                .partial_cmp(&(b.x, b.y))
                .unwrap_or(core::cmp::Ordering::Equal)
        });
        sorted.dedup_by(|a, b| points[*a] == points[*b]);
        if sorted.len() < 3 {
            return Err(ShapeError::Degenerate);
        }
        // Turns are computed from differences of nearby points, so they
        // do not lose their sign far from the origin.
        let turns_left = |h: &[usize], p: &Point2<T>| {
            let n = h.len();
            let (o, q) = (&points[h[n - 2]], &points[h[n - 1]]);
            cross(&(q - o), &(p - q)) > T::zero()
        };
        let mut hull: Vec<usize> = Vec::with_capacity(2 * sorted.len());
        for &i in &sorted {
            while hull.len() >= 2 && !turns_left(&hull, &points[i]) {
                hull.pop();
            }
            hull.push(i);
        }
        let lower_len = hull.len() + 1;
        for &i in sorted.iter().rev().skip(1) {
            while hull.len() >= lower_len && !turns_left(&hull, &points[i]) {
                hull.pop();
            }
            hull.push(i);
        }
        hull.pop();
        if hull.len() < 3 {
            return Err(ShapeError::Degenerate);
        }
        check_edge_sizes(points, &hull)?;
        // The chain turns left by computed sign; `from_cycle` also drops
        // vertices that are collinear within tolerance.
        Self::from_cycle(points, hull, true)
    }

    /// The polygon through the cycle `points[kept]` (distinct consecutive
    /// points, edges within range); `hull` maps a wrong turn, which a hull
    /// cannot have beyond tolerance, to `Degenerate`.
    fn from_cycle(
        points: &[Point2<T>],
        mut kept: Vec<usize>,
        hull: bool,
    ) -> Result<Self, ShapeError> {
        if all_collinear(points, &kept) {
            return Err(ShapeError::Degenerate);
        }
        drop_collinear(points, &mut kept)?;
        if kept.len() < 3 {
            return Err(ShapeError::Degenerate);
        }
        // Twice the signed area, summed over triangles from the first
        // point: differences of nearby points, so the sign is that of the
        // shape, not of round-off at the scale of the coordinates.
        let origin = points[kept[0]];
        let twice_area = (1..kept.len() - 1)
            .map(|k| cross(&(points[kept[k]] - origin), &(points[kept[k + 1]] - origin)))
            .fold(T::zero(), |s, x| s + x);
        if twice_area < T::zero() {
            kept.reverse();
        }
        match check_convex_once_around(points, &kept) {
            Err(ShapeError::NotConvex { .. }) if hull => return Err(ShapeError::Degenerate),
            other => other?,
        }
        let vertices: Vec<Point2<T>> = kept.iter().map(|&i| points[i]).collect();
        Ok(Self::from_ccw(vertices))
    }

    /// Builds the polygon from counter-clockwise, strictly convex vertices.
    fn from_ccw(vertices: Vec<Point2<T>>) -> Self {
        let n = vertices.len();
        let anchor = vertices[0];
        let local: Vec<Vector2<T>> = vertices.iter().map(|v| v - anchor).collect();
        let mut normals = Vec::with_capacity(n);
        let mut offsets = Vec::with_capacity(n);
        for i in 0..n {
            let e = vertices[(i + 1) % n] - vertices[i];
            let normal = Unit::new_normalize(Vector2::new(e.y, -e.x));
            offsets.push(normal.dot(&vertices[i].coords));
            normals.push(normal);
        }
        let count = T::from_usize(n).unwrap_or_else(T::one);
        let inner_centre = local.iter().fold(Vector2::zeros(), |s, v| s + v) / count;
        let inner_radius = normals
            .iter()
            .zip(&local)
            .map(|(m, v)| m.dot(&(v - inner_centre)))
            .fold(T::max_value().unwrap_or_else(T::one), |a, b| a.min(b))
            .max(T::zero());
        let outer_radius = local
            .iter()
            .fold(T::zero(), |m, v| m.max((v - inner_centre).norm()));
        let reach = local
            .iter()
            .fold(T::zero(), |m, v| m.max(v.x.abs() + v.y.abs()));
        Self {
            vertices,
            normals,
            offsets,
            anchor,
            local,
            inner_centre,
            inner_radius,
            outer_radius,
            reach,
        }
    }

    /// Vertex 0, and every vertex minus it: the polygon in its anchored
    /// frame, where the pair path computes.
    #[inline]
    pub(crate) fn anchored(&self) -> (&Point2<T>, &[Vector2<T>]) {
        (&self.anchor, &self.local)
    }

    /// A disc inside the polygon, `(centre, radius)` in the anchored frame
    /// (relative to vertex 0), and the largest `|x| + |y|` of a vertex in
    /// that frame (the scale of the round-off of projections).
    #[inline]
    pub(crate) fn inner_disc(&self) -> (&Vector2<T>, T, T) {
        (&self.inner_centre, self.inner_radius, self.reach)
    }

    /// The radius of a disc about the inner disc's centre that holds every
    /// vertex (computed, so within round-off of the exact largest distance;
    /// users add a slack).
    #[inline]
    pub(crate) fn outer_radius(&self) -> T {
        self.outer_radius
    }

    /// The vertices, counter-clockwise.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConvexPolygon;
    ///
    /// let tri = ConvexPolygon::new(&[Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0)]).unwrap();
    /// assert_eq!(tri.vertices().len(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Point2<T>] {
        &self.vertices
    }

    /// The outward unit normal of each edge; edge `i` runs from vertex `i`
    /// to vertex `i + 1`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::ConvexPolygon;
    ///
    /// let tri = ConvexPolygon::new(&[Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0)]).unwrap();
    /// assert_eq!(tri.normals()[0].into_inner(), -Vector2::y()); // edge 0 runs along the x axis
    /// ```
    #[inline]
    #[must_use]
    pub fn normals(&self) -> &[Unit<Vector2<T>>] {
        &self.normals
    }

    /// `offsets()[i] = normals()[i] · vertices()[i]`: the polygon is
    /// `{ x : nᵢ · x <= offsetᵢ for all i }`.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::ConvexPolygon;
    ///
    /// let square = ConvexPolygon::new(&[
    ///     Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(2.0, 2.0), Point2::new(0.0, 2.0),
    /// ]).unwrap();
    /// assert_eq!(square.offsets(), [0.0, 2.0, 2.0, 0.0]);
    /// ```
    #[inline]
    #[must_use]
    pub fn offsets(&self) -> &[T] {
        &self.offsets
    }

    /// The smallest projection of the vertices on `dir`: `−h(−dir)`.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::ConvexPolygon;
    ///
    /// let tri = ConvexPolygon::new(&[Point2::new(1.0, 0.0), Point2::new(3.0, 0.0), Point2::new(1.0, 1.0)]).unwrap();
    /// assert_eq!(tri.local_min_projection(&Vector2::x()), 1.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn local_min_projection(&self, dir: &Vector2<T>) -> T {
        // A compare-and-select, not `min`: `min` spends instructions on NaN
        // operands, which cannot occur here except through `dir`, and a NaN
        // `dir` makes the first projection NaN, which no comparison replaces.
        let mut m = dir.dot(&self.vertices[0].coords);
        for v in &self.vertices[1..] {
            let p = dir.dot(&v.coords);
            if p < m {
                m = p;
            }
        }
        m
    }

    /// Checks the stored invariants: at least three vertices,
    /// counter-clockwise and strictly convex, winding once, unit outward
    /// normals with matching offsets. Returns a description of the first
    /// broken one. Tests call it on every polygon they build.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// let tri = separating_axis::ConvexPolygon::new(&[
    ///     Point2::new(0.0, 0.0), Point2::new(1.0, 0.0), Point2::new(0.0, 1.0),
    /// ]).unwrap();
    /// assert_eq!(tri.validate(), Ok(()));
    /// ```
    pub fn validate(&self) -> Result<(), String> {
        let n = self.vertices.len();
        if n < 3 || self.normals.len() != n || self.offsets.len() != n {
            return Err(format!(
                "{n} vertices, {} normals, {} offsets",
                self.normals.len(),
                self.offsets.len()
            ));
        }
        let kept: Vec<usize> = (0..n).collect();
        check_input(&self.vertices).map_err(|e| e.to_string())?;
        check_edge_sizes(&self.vertices, &kept).map_err(|e| e.to_string())?;
        check_convex_once_around(&self.vertices, &kept).map_err(|e| e.to_string())?;
        if self.anchor != self.vertices[0]
            || self.local.len() != n
            || self
                .local
                .iter()
                .zip(&self.vertices)
                .any(|(l, v)| *l != v - self.anchor)
        {
            return Err("the anchored vertices do not match the vertices".to_string());
        }
        let tol: T = T::default_epsilon() * nalgebra::convert(VALIDATE_EPSILONS);
        for i in 0..n {
            let normal = self.normals[i];
            if (normal.norm() - T::one()).abs() > tol {
                return Err(format!("normal {i} is not unit length"));
            }
            let e = self.vertices[(i + 1) % n] - self.vertices[i];
            if normal.dot(&e).abs() > tol * e.norm() || cross(&e, &normal) > T::zero() {
                return Err(format!("normal {i} is not the outward normal of edge {i}"));
            }
            let scale = self.vertices[i].coords.norm() + T::one();
            if (normal.dot(&self.vertices[i].coords) - self.offsets[i]).abs() > tol * scale {
                return Err(format!("offset {i} does not match its edge"));
            }
        }
        Ok(())
    }
}

/// Whether all the points `points[kept]` lie on one line, within
/// [`collinear_tolerance`]: the line through the first point and the point
/// farthest from it.
fn all_collinear<T: Real>(points: &[Point2<T>], kept: &[usize]) -> bool {
    let origin = points[kept[0]];
    let far =
        kept.iter()
            .map(|&i| points[i] - origin)
            .fold(Vector2::zeros(), |f: Vector2<T>, d| {
                if d.norm_squared() > f.norm_squared() {
                    d
                } else {
                    f
                }
            });
    let tol = collinear_tolerance::<T>() * far.norm();
    kept.iter().all(|&i| {
        let d = points[i] - origin;
        cross(&far, &d).abs() <= tol * d.norm()
    })
}

/// How three consecutive boundary points turn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// The boundary turns at the middle point.
    Turns,
    /// It goes straight on, within [`collinear_tolerance`].
    Straight,
    /// It doubles back along itself: a spike.
    Back,
}

/// How the boundary `p → q → r` turns at `q`, from the edge vectors (sine
/// of the turn against [`collinear_tolerance`]).
#[inline]
fn turn<T: Real>(p: &Point2<T>, q: &Point2<T>, r: &Point2<T>) -> Turn {
    let (e0, e1) = (q - p, r - q);
    if cross(&e0, &e1).abs() > collinear_tolerance::<T>() * e0.norm() * e1.norm() {
        Turn::Turns
    } else if e0.dot(&e1) < T::zero() {
        Turn::Back
    } else {
        Turn::Straight
    }
}

/// Drops, from the cyclic index list `kept`, the points where the boundary
/// goes straight on. A point where it doubles back is a spike: not convex.
///
/// One pass with a stack (each point is pushed and popped at most once),
/// then the seam between the last and the first points: O(n).
fn drop_collinear<T: Real>(points: &[Point2<T>], kept: &mut Vec<usize>) -> Result<(), ShapeError> {
    let mut out: Vec<usize> = Vec::with_capacity(kept.len());
    for &i in kept.iter() {
        while let [.., p, q] = out[..] {
            match turn(&points[p], &points[q], &points[i]) {
                Turn::Turns => break,
                Turn::Straight => {
                    out.pop();
                }
                Turn::Back => return Err(ShapeError::NotConvex { index: q }),
            }
        }
        out.push(i);
    }
    // The seam: the last two points with the first, the last with the
    // first two, until both turn.
    let mut first = 0;
    while out.len() - first >= 3 {
        let (n, f) = (out.len(), first);
        match turn(&points[out[n - 2]], &points[out[n - 1]], &points[out[f]]) {
            Turn::Straight => {
                out.pop();
                continue;
            }
            Turn::Back => return Err(ShapeError::NotConvex { index: out[n - 1] }),
            Turn::Turns => {}
        }
        match turn(&points[out[n - 1]], &points[out[f]], &points[out[f + 1]]) {
            Turn::Straight => first += 1,
            Turn::Back => return Err(ShapeError::NotConvex { index: out[f] }),
            Turn::Turns => break,
        }
    }
    out.drain(..first);
    *kept = out;
    Ok(())
}

/// Checks the points' count, finiteness and magnitude (at most
/// [`max_magnitude`]).
fn check_input<T: Real>(points: &[Point2<T>]) -> Result<(), ShapeError> {
    if points.len() < 3 {
        return Err(ShapeError::TooFewPoints {
            found: points.len(),
            required: 3,
        });
    }
    let limit = max_magnitude::<T>();
    for (i, p) in points.iter().enumerate() {
        check_finite_point(p, "point", i)?;
        if p.x.abs() > limit || p.y.abs() > limit {
            return Err(ShapeError::TooLarge {
                field: "point",
                index: i,
                limit: limit.to_f64().unwrap_or(f64::MAX),
            });
        }
    }
    Ok(())
}

/// Checks that every edge of the cycle `points[kept]` reaches
/// [`min_size`] along x or y: then its squared length is a normal number
/// and its unit normal is accurate.
fn check_edge_sizes<T: Real>(points: &[Point2<T>], kept: &[usize]) -> Result<(), ShapeError> {
    let limit = min_size::<T>();
    for (k, &i) in kept.iter().enumerate() {
        let e = points[kept[(k + 1) % kept.len()]] - points[i];
        if e.x.abs() < limit && e.y.abs() < limit {
            return Err(ShapeError::TooSmall {
                field: "point",
                index: i,
                limit: limit.to_f64().unwrap_or(0.0),
            });
        }
    }
    Ok(())
}

/// Checks that the cyclic polygon `points[kept]`, counter-clockwise, turns
/// left at every vertex and that its turns add up to one full turn.
fn check_convex_once_around<T: Real>(
    points: &[Point2<T>],
    kept: &[usize],
) -> Result<(), ShapeError> {
    let n = kept.len();
    let mut total_turn = T::zero();
    let full_turn = T::two_pi();
    let half_turn = T::pi();
    for k in 0..n {
        let prev = points[kept[(k + n - 1) % n]];
        let here = points[kept[k]];
        let next = points[kept[(k + 1) % n]];
        let (e0, e1) = (here - prev, next - here);
        let turn = cross(&e0, &e1);
        if turn <= T::zero() {
            return Err(ShapeError::NotConvex { index: kept[k] });
        }
        total_turn += turn.atan2(e0.dot(&e1));
        if total_turn > full_turn + half_turn {
            return Err(ShapeError::NotConvex { index: kept[k] });
        }
    }
    if total_turn > full_turn + half_turn {
        return Err(ShapeError::NotConvex { index: kept[0] });
    }
    Ok(())
}

impl<T: Real> Support<T, 2> for ConvexPolygon<T> {
    #[inline]
    fn local_support_point(&self, dir: &Vector2<T>) -> Point2<T> {
        let mut best = self.vertices[0];
        let mut best_value = dir.dot(&best.coords);
        for v in &self.vertices[1..] {
            let value = dir.dot(&v.coords);
            if value > best_value {
                best = *v;
                best_value = value;
            }
        }
        best
    }
}

impl<T: Real> Shape<T, 2> for ConvexPolygon<T> {
    #[inline]
    fn face_count(&self) -> usize {
        self.normals.len()
    }

    #[inline]
    fn local_face_normal(&self, i: usize) -> Unit<Vector2<T>> {
        self.normals[i % self.normals.len()]
    }

    /// Edge `i` runs from vertex `i` to vertex `i + 1`.
    #[inline]
    fn face_vertex_count(&self, i: usize) -> usize {
        if i < self.vertices.len() {
            2
        } else {
            0
        }
    }

    #[inline]
    fn face_vertex(&self, i: usize, k: usize) -> usize {
        (i + k % 2) % self.vertices.len()
    }

    #[inline]
    fn local_face_offset(&self, i: usize) -> T {
        self.offsets[i % self.offsets.len()]
    }

    fn local_core_closest_point(&self, p: &Point2<T>) -> Point2<T> {
        if self.local_contains_point(p) {
            return *p;
        }
        let n = self.vertices.len();
        let mut best = self.vertices[0];
        let mut best_d2 = (p - best).norm_squared();
        for i in 0..n {
            let a = self.vertices[i];
            let e = self.vertices[(i + 1) % n] - a;
            let t = ((p - a).dot(&e) / e.norm_squared()).clamp(T::zero(), T::one());
            let q = a + e * t;
            let d2 = (p - q).norm_squared();
            if d2 < best_d2 {
                best = q;
                best_d2 = d2;
            }
        }
        best
    }

    #[inline]
    fn core_vertex_count(&self) -> usize {
        self.vertices.len()
    }

    #[inline]
    fn local_core_vertex(&self, i: usize) -> Point2<T> {
        self.vertices[i % self.vertices.len()]
    }

    /// The default's scan over the vertex slice (no index modulo, no
    /// optional best): the same vertex, the first of the farthest.
    #[inline]
    fn local_core_farthest_point(&self, p: &Point2<T>) -> Option<Point2<T>> {
        let (first, rest) = self.vertices.split_first()?;
        let mut best = (first, (first - p).norm_squared());
        for v in rest {
            let d = (v - p).norm_squared();
            if d > best.1 {
                best = (v, d);
            }
        }
        Some(*best.0)
    }

    #[inline]
    fn local_contains_point(&self, p: &Point2<T>) -> bool {
        self.normals
            .iter()
            .zip(&self.offsets)
            .all(|(n, &o)| n.dot(&p.coords) <= o)
    }

    #[inline]
    fn as_polygon(&self) -> Option<&ConvexPolygon<T>> {
        Some(self)
    }
}
