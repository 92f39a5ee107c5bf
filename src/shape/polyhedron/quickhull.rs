//! Quickhull on triangles, with exact visibility.

use super::*;

// ---------------------------------------------------------------------------
// Quickhull on triangles
// ---------------------------------------------------------------------------

/// No face / no vertex.
pub(super) const NONE: usize = usize::MAX;

/// A triangle of the hull under construction.
#[derive(Clone, Debug)]
pub(super) struct Triangle<T: Real> {
    /// Vertices (input indices), counter-clockwise seen from outside.
    pub(super) v: [usize; 3],
    /// `adj[k]` is the triangle across the edge `v[k] → v[k + 1]`.
    pub(super) adj: [usize; 3],
    /// Outward unit normal.
    pub(super) normal: Vector3<T>,
    /// Twice the area.
    pub(super) area2: T,
    /// Input points above this triangle and more than ε from the hull,
    /// not yet in it.
    pub(super) outside: Vec<usize>,
    pub(super) alive: bool,
}

impl<T: Real> Triangle<T> {
    pub(super) fn new(points: &[Point3<T>], v: [usize; 3], adj: [usize; 3]) -> Self {
        let (normal, area2) = triangle_normal(&points[v[0]], &points[v[1]], &points[v[2]]);
        Self {
            v,
            adj,
            normal,
            area2,
            outside: Vec::new(),
            alive: true,
        }
    }

    /// The signed distance of `p` above the triangle's plane.
    #[inline]
    pub(super) fn height(&self, points: &[Point3<T>], p: &Point3<T>) -> T {
        self.normal.dot(&(p - points[self.v[0]]))
    }
}

/// The unit normal of the triangle `abc` (counter-clockwise) and twice its
/// area; a zero normal for a degenerate triangle.
///
/// The cross product `(q₁ − o) × (q₂ − o)` is taken at the vertex `o`
/// opposite the longest edge, with the differences carried exactly (as a
/// rounded value plus its rounding error) and each component's main term a
/// difference of products with a fused multiply-add (Kahan's algorithm).
/// The plain formula loses all but `sin θ` of the precision of a sliver
/// triangle (angle `θ` near 0 or π) to cancellation and to the rounding of
/// the differences, and the error tilts the normal: on a thin hull, a far
/// input point would then seem to lie above a face by much more than the
/// tolerance.
pub(super) fn triangle_normal<T: Real>(
    a: &Point3<T>,
    b: &Point3<T>,
    c: &Point3<T>,
) -> (Vector3<T>, T) {
    let (l0, l1, l2) = (
        (b - a).norm_squared(),
        (c - b).norm_squared(),
        (a - c).norm_squared(),
    );
    let (o, q1, q2) = if l0 >= l1 && l0 >= l2 {
        (c, a, b)
    } else if l1 >= l2 {
        (a, b, c)
    } else {
        (b, c, a)
    };
    let u = [0, 1, 2].map(|k| exact::two_sum(q1[k], -o[k]));
    let v = [0, 1, 2].map(|k| exact::two_sum(q2[k], -o[k]));
    // Component k of u × v: u_i v_j − u_j v_i.
    let component = |i: usize, j: usize| {
        let (ui, uj, vi, vj) = (u[i], u[j], v[i], v[j]);
        difference_of_products(ui.0, vj.0, uj.0, vi.0)
            + ((ui.0 * vj.1 + ui.1 * vj.0) - (uj.0 * vi.1 + uj.1 * vi.0))
    };
    let n = Vector3::new(component(1, 2), component(2, 0), component(0, 1));
    let len = n.norm();
    if len > T::zero() {
        (n / len, len)
    } else {
        (Vector3::zeros(), T::zero())
    }
}

/// `a·b − c·d` to about one ulp (Kahan's algorithm with fused
/// multiply-adds).
#[inline]
pub(super) fn difference_of_products<T: Real>(a: T, b: T, c: T, d: T) -> T {
    let cd = c * d;
    let err = (-c).mul_add(d, cd);
    a.mul_add(b, -cd) + err
}

/// The point of the triangle `abc` nearest to `p` (Ericson, *Real-Time
/// Collision Detection*, §5.1.5: by the Voronoi region of `p`).
pub(super) fn closest_on_triangle<T: Real>(
    p: &Point3<T>,
    a: &Point3<T>,
    b: &Point3<T>,
    c: &Point3<T>,
) -> Point3<T> {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(&ap), ac.dot(&ap));
    if d1 <= T::zero() && d2 <= T::zero() {
        return *a;
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(&bp), ac.dot(&bp));
    if d3 >= T::zero() && d4 <= d3 {
        return *b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= T::zero() && d1 >= T::zero() && d3 <= T::zero() {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(&cp), ac.dot(&cp));
    if d6 >= T::zero() && d5 <= d6 {
        return *c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= T::zero() && d2 >= T::zero() && d6 <= T::zero() {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= T::zero() && d4 - d3 >= T::zero() && d5 - d6 >= T::zero() {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = va + vb + vc;
    if denom > T::zero() {
        a + ab * (vb / denom) + ac * (vc / denom)
    } else {
        *a // degenerate triangle: any vertex
    }
}

/// The distance from `p` to the line through `a` and `b`.
#[inline]
pub(super) fn line_distance<T: Real>(p: &Point3<T>, a: &Point3<T>, b: &Point3<T>) -> T {
    let d = b - a;
    let len = d.norm();
    if len > T::zero() {
        (p - a).cross(&d).norm() / len
    } else {
        (p - a).norm()
    }
}

/// One edge of the horizon: `a → b` as the visible triangle ran it, and the
/// hidden triangle across it.
#[derive(Clone, Copy, Debug)]
pub(super) struct HorizonEdge {
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) hidden: usize,
}

/// Visibility marks of the triangles, for one added point.
pub(super) const UNSEEN: u8 = 0;
pub(super) const VISIBLE: u8 = 1;
pub(super) const HIDDEN: u8 = 2;

/// The state of quickhull: the triangles and the scratch space reused from
/// one added point to the next.
pub(super) struct Quickhull<'a, T: Real> {
    pub(super) points: &'a [Point3<T>],
    pub(super) eps: T,
    pub(super) triangles: Vec<Triangle<T>>,
    /// Visibility of each triangle for the point being added.
    pub(super) mark: Vec<u8>,
    /// Per input point: the horizon edge that starts there, or `NONE`.
    pub(super) horizon_at: Vec<usize>,
}

impl<'a, T: Real> Quickhull<'a, T> {
    /// The triangulated hull of `points` (finite, at least four), with
    /// tolerance `eps`; only the live triangles matter in the result.
    pub(super) fn run(points: &'a [Point3<T>], eps: T) -> Result<Vec<Triangle<T>>, HullError> {
        let [a, b, c, d] = initial_tetrahedron(points, eps)?;
        let mut hull = Self {
            points,
            eps,
            triangles: Vec::new(),
            mark: Vec::new(),
            horizon_at: vec![NONE; points.len()],
        };
        // (a, b, c) is counter-clockwise seen from outside, d behind it.
        let tet = [[a, b, c], [b, a, d], [c, b, d], [a, c, d]];
        let adj = [[1, 2, 3], [0, 3, 2], [0, 1, 3], [0, 2, 1]];
        for (v, adj) in tet.into_iter().zip(adj) {
            hull.triangles.push(Triangle::new(points, v, adj));
            hull.mark.push(UNSEEN);
        }
        for i in 0..points.len() {
            if i != a && i != b && i != c && i != d {
                hull.assign(i, 0..4);
            }
        }
        let mut work: Vec<usize> = (0..4).collect();
        while let Some(f) = work.pop() {
            if !hull.triangles[f].alive || hull.triangles[f].outside.is_empty() {
                continue;
            }
            // The farthest outside point of f.
            let tri = &hull.triangles[f];
            let (k, _) =
                tri.outside
                    .iter()
                    .enumerate()
                    .fold((0, T::zero()), |(bk, bh), (k, &i)| {
                        let h = tri.height(points, &points[i]);
                        if h > bh {
                            (k, h)
                        } else {
                            (bk, bh)
                        }
                    });
            let p = hull.triangles[f].outside.swap_remove(k);
            let first_new = hull.triangles.len();
            hull.add_point(f, p);
            work.push(f);
            work.extend(first_new..hull.triangles.len());
        }
        Ok(hull.triangles)
    }

    /// Gives point `i` to the triangle among `candidates` it lies farthest
    /// above, unless it lies within ε of the hull: below every candidate's
    /// plane, or above some only by at most ε and within ε of one of those
    /// triangles. (The distance matters, not only the height: beyond a
    /// knife-edge, such as the rim of a thin slab, a point far outside lies
    /// only a little above both faces.)
    pub(super) fn assign(&mut self, i: usize, candidates: core::ops::Range<usize>) {
        let p = &self.points[i];
        let mut best = NONE;
        let mut best_height = T::zero();
        let mut near = false;
        for f in candidates {
            let t = &self.triangles[f];
            let h = t.height(self.points, p);
            if h > best_height {
                best = f;
                best_height = h;
            }
            if h > T::zero() && h <= self.eps && !near {
                let [a, b, c] = t.v.map(|k| &self.points[k]);
                near = (closest_on_triangle(p, a, b, c) - p).norm() <= self.eps;
            }
        }
        if best != NONE && (best_height > self.eps || !near) {
            self.triangles[best].outside.push(i);
        }
    }

    /// Whether `p` lies strictly above the plane of triangle `t`, exactly.
    #[inline]
    pub(super) fn sees(&self, t: usize, p: &Point3<T>) -> bool {
        let [a, b, c] = self.triangles[t].v.map(|i| &self.points[i]);
        orient(a, b, c, p) == Ordering::Greater
    }

    /// Adds point `p`, which lies above triangle `f` as computed and more
    /// than ε from the hull: removes the triangles it sees (by the exact
    /// predicate) and covers the hole with a cone to `p`.
    pub(super) fn add_point(&mut self, f: usize, p: usize) {
        let pp = self.points[p];
        // A triangle p sees: f, unless round-off in its height says otherwise.
        let start = if self.sees(f, &pp) {
            Some(f)
        } else {
            (0..self.triangles.len()).find(|&t| self.triangles[t].alive && self.sees(t, &pp))
        };
        let Some(start) = start else {
            return; // inside after all
        };
        // The triangles p sees: on a convex hull they form a disc around
        // `start`, found by a search through neighbours.
        let mut visible = vec![start];
        let mut touched = vec![start];
        self.mark[start] = VISIBLE;
        let mut k = 0;
        while k < visible.len() {
            let g = visible[k];
            k += 1;
            for h in self.triangles[g].adj {
                if self.mark[h] == UNSEEN {
                    touched.push(h);
                    if self.sees(h, &pp) {
                        self.mark[h] = VISIBLE;
                        visible.push(h);
                    } else {
                        self.mark[h] = HIDDEN;
                    }
                }
            }
        }
        let horizon = self.horizon(&visible);
        let Some(horizon) = self.order_horizon(&horizon) else {
            // Exact predicates on a convex hull never get here (not in the
            // stress tests either); only products of coordinate differences
            // that underflow (points 1e-100 apart in a hull of size 1)
            // could. Dropping the point keeps the topology sound.
            self.clear_marks(&touched);
            return;
        };
        // The cone from the horizon to p.
        let base = self.triangles.len();
        let n = horizon.len();
        for (j, e) in horizon.iter().enumerate() {
            let adj = [e.hidden, base + (j + 1) % n, base + (j + n - 1) % n];
            self.triangles
                .push(Triangle::new(self.points, [e.a, e.b, p], adj));
            self.mark.push(UNSEEN);
            let hidden = &mut self.triangles[e.hidden];
            for s in 0..3 {
                if hidden.v[s] == e.b && hidden.v[(s + 1) % 3] == e.a {
                    hidden.adj[s] = base + j;
                }
            }
        }
        // The points the removed triangles held go to the new ones.
        for &g in &visible {
            self.triangles[g].alive = false;
            let orphans = core::mem::take(&mut self.triangles[g].outside);
            for i in orphans {
                self.assign(i, base..base + n);
            }
        }
        self.clear_marks(&touched);
    }

    pub(super) fn clear_marks(&mut self, touched: &[usize]) {
        for &h in touched {
            self.mark[h] = UNSEEN;
        }
    }

    /// The edges between visible and hidden triangles, unordered.
    pub(super) fn horizon(&self, visible: &[usize]) -> Vec<HorizonEdge> {
        let mut horizon = Vec::new();
        for &g in visible {
            let t = &self.triangles[g];
            for k in 0..3 {
                let h = t.adj[k];
                if self.mark[h] != VISIBLE {
                    horizon.push(HorizonEdge {
                        a: t.v[k],
                        b: t.v[(k + 1) % 3],
                        hidden: h,
                    });
                }
            }
        }
        horizon
    }

    /// The horizon edges in loop order, when they form one simple loop
    /// (no vertex where two horizon edges start, one cycle through all).
    pub(super) fn order_horizon(&mut self, horizon: &[HorizonEdge]) -> Option<Vec<HorizonEdge>> {
        let mut simple = true;
        for (k, e) in horizon.iter().enumerate() {
            if self.horizon_at[e.a] != NONE {
                simple = false;
            }
            self.horizon_at[e.a] = k;
        }
        let mut ordered = Vec::with_capacity(horizon.len());
        if simple && !horizon.is_empty() {
            let mut k = 0;
            loop {
                ordered.push(horizon[k]);
                k = self.horizon_at[horizon[k].b];
                if k == 0 || k == NONE || ordered.len() > horizon.len() {
                    break;
                }
            }
            simple = k == 0 && ordered.len() == horizon.len();
        }
        for e in horizon {
            self.horizon_at[e.a] = NONE;
        }
        simple.then_some(ordered)
    }
}

/// Four input points spanning a tetrahedron, the first three
/// counter-clockwise seen from outside (the fourth behind their plane):
/// the two farthest apart of the six axis-extreme points, the point
/// farthest from their line, and the point farthest from the plane of the
/// three.
pub(super) fn initial_tetrahedron<T: Real>(
    points: &[Point3<T>],
    eps: T,
) -> Result<[usize; 4], HullError> {
    let extremes = axis_extremes(points);
    let (mut a, mut b, mut best) = (extremes[0], extremes[1], -T::one());
    for (k, &i) in extremes.iter().enumerate() {
        for &j in &extremes[k + 1..] {
            let d = (points[j] - points[i]).norm();
            if d > best {
                (a, b, best) = (i, j, d);
            }
        }
    }
    if best <= eps {
        return Err(HullError::Coincident);
    }
    let farthest = |distance: &dyn Fn(&Point3<T>) -> T| {
        points
            .iter()
            .enumerate()
            .fold((0, -T::one()), |(bi, bd), (i, p)| {
                let d = distance(p);
                if d > bd {
                    (i, d)
                } else {
                    (bi, bd)
                }
            })
    };
    let (c, off_line) = farthest(&|p| line_distance(p, &points[a], &points[b]));
    if off_line <= eps {
        return Err(HullError::Collinear);
    }
    let (normal, _) = triangle_normal(&points[a], &points[b], &points[c]);
    let (d, off_plane) = farthest(&|p| normal.dot(&(p - points[a])).abs());
    if off_plane <= eps {
        return Err(HullError::Coplanar);
    }
    if orient(&points[a], &points[b], &points[c], &points[d]) == Ordering::Greater {
        Ok([a, c, b, d])
    } else {
        Ok([a, b, c, d])
    }
}
