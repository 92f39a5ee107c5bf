//! An independent answer to "do these shapes overlap, and by how much",
//! written without any SAT code: no candidate axes, no support mappings, no
//! projections. Everything is in `f64` in the world frame.
//!
//! * [`overlaps`]: two convex polygons overlap iff an edge of one crosses
//!   (or touches) an edge of the other, or a vertex of one lies in the
//!   other (containment); a circle and a polygon iff the centre is in the
//!   polygon or within `r` of an edge segment; two circles by the distance
//!   of their centres.
//! * [`signed_distance`]: the signed distance of the origin from the
//!   boundary of the Minkowski difference `A − B`, built as the convex hull
//!   of all vertex differences (polygons) or from the distance of a centre
//!   to a polygon (circles). Positive: the Euclidean distance between the
//!   shapes; negative: minus the penetration depth (the shortest
//!   translation of B that separates them). It is the "margin" the
//!   properties use for the near-touching band.
//! * [`contains`]: whether `inner ⊆ outer`, by vertices and distances.

use nalgebra::Vector2;

/// A point or vector.
pub type V = Vector2<f64>;

/// A shape in the world frame.
#[derive(Clone, Debug, PartialEq)]
pub enum World {
    /// A convex polygon, vertices counter-clockwise.
    Polygon(Vec<V>),
    /// A disc.
    Circle {
        /// Centre.
        centre: V,
        /// Radius.
        radius: f64,
    },
}

impl World {
    /// A convex polygon from its vertices in order, either winding
    /// (stored counter-clockwise).
    pub fn polygon(mut vertices: Vec<V>) -> Self {
        let n = vertices.len();
        let twice_area: f64 = (0..n)
            .map(|i| cross(&vertices[i], &vertices[(i + 1) % n]))
            .sum();
        if twice_area < 0.0 {
            vertices.reverse();
        }
        World::Polygon(vertices)
    }

    /// A polygon from `(x, y)` pairs.
    pub fn polygon_xy(points: &[(f64, f64)]) -> Self {
        Self::polygon(points.iter().map(|&(x, y)| V::new(x, y)).collect())
    }

    /// A circle.
    pub fn circle(x: f64, y: f64, radius: f64) -> Self {
        World::Circle {
            centre: V::new(x, y),
            radius,
        }
    }

    /// The shape moved by `v`.
    pub fn translated(&self, v: &V) -> Self {
        match self {
            World::Polygon(vs) => World::Polygon(vs.iter().map(|p| p + v).collect()),
            World::Circle { centre, radius } => World::Circle {
                centre: centre + v,
                radius: *radius,
            },
        }
    }

    /// The largest absolute world coordinate of a point of the shape.
    pub fn extent(&self) -> f64 {
        match self {
            World::Polygon(vs) => vs.iter().map(|p| p.amax()).fold(0.0, f64::max),
            World::Circle { centre, radius } => centre.amax() + radius,
        }
    }
}

/// `a × b`.
pub fn cross(a: &V, b: &V) -> f64 {
    a.x * b.y - a.y * b.x
}

/// The first time in `[0, ∞)` at which a vertex of `moving` (moving by
/// `t·v`) crosses an edge of `fixed` (world vertices in order): the
/// translational cast's oracle, vertex against edge by brute force.
pub fn first_crossing(moving: &[V], fixed: &[V], v: V) -> Option<f64> {
    let mut best: Option<f64> = None;
    for w in moving {
        for i in 0..fixed.len() {
            let a = fixed[i];
            let e = fixed[(i + 1) % fixed.len()] - a;
            let den = cross(&e, &v);
            if den == 0.0 {
                continue;
            }
            let time = -cross(&e, &(w - a)) / den;
            let s = (w + v * time - a).dot(&e) / e.norm_squared();
            if time >= 0.0 && (0.0..=1.0).contains(&s) {
                best = Some(best.map_or(time, |b| b.min(time)));
            }
        }
    }
    best
}

/// Twice the signed area of the triangle `a, b, c`: positive when `c`
/// is left of the line `a → b`.
pub fn orient(a: &V, b: &V, c: &V) -> f64 {
    cross(&(b - a), &(c - a))
}

/// Whether `p`, known to be on the line `a b`, lies within the segment's
/// bounding box (so on the segment).
fn within_box(a: &V, b: &V, p: &V) -> bool {
    a.x.min(b.x) <= p.x && p.x <= a.x.max(b.x) && a.y.min(b.y) <= p.y && p.y <= a.y.max(b.y)
}

/// Whether the closed segments `p1 p2` and `q1 q2` share a point:
/// proper crossings by strict orientation signs, touching and collinear
/// overlaps by the zero cases.
pub fn segments_intersect(p1: &V, p2: &V, q1: &V, q2: &V) -> bool {
    let d1 = orient(q1, q2, p1);
    let d2 = orient(q1, q2, p2);
    let d3 = orient(p1, p2, q1);
    let d4 = orient(p1, p2, q2);
    let straddles = |x: f64, y: f64| (x > 0.0 && y < 0.0) || (x < 0.0 && y > 0.0);
    if straddles(d1, d2) && straddles(d3, d4) {
        return true;
    }
    (d1 == 0.0 && within_box(q1, q2, p1))
        || (d2 == 0.0 && within_box(q1, q2, p2))
        || (d3 == 0.0 && within_box(p1, p2, q1))
        || (d4 == 0.0 && within_box(p1, p2, q2))
}

/// Whether `p` lies in the closed convex polygon `poly`
/// (counter-clockwise): left of or on every edge.
pub fn point_in_convex(poly: &[V], p: &V) -> bool {
    let n = poly.len();
    (0..n).all(|i| orient(&poly[i], &poly[(i + 1) % n], p) >= 0.0)
}

/// The distance from `p` to the closed segment `a b`.
pub fn distance_to_segment(p: &V, a: &V, b: &V) -> f64 {
    let e = b - a;
    let len2 = e.norm_squared();
    let s = if len2 > 0.0 {
        ((p - a).dot(&e) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (p - (a + e * s)).norm()
}

/// The distance from `p` to the boundary of the polygon.
fn distance_to_boundary(poly: &[V], p: &V) -> f64 {
    let n = poly.len();
    (0..n)
        .map(|i| distance_to_segment(p, &poly[i], &poly[(i + 1) % n]))
        .fold(f64::INFINITY, f64::min)
}

/// The signed distance from `p` to the convex polygon: negative inside
/// (minus the distance to the boundary), positive outside.
pub fn signed_distance_to_polygon(poly: &[V], p: &V) -> f64 {
    let d = distance_to_boundary(poly, p);
    if point_in_convex(poly, p) {
        -d
    } else {
        d
    }
}

/// The convex hull, counter-clockwise, by Andrew's monotone chain
/// (collinear points dropped).
pub fn convex_hull(points: &[V]) -> Vec<V> {
    let mut pts = points.to_vec();
    pts.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    pts.dedup();
    if pts.len() < 3 {
        return pts;
    }
    let mut hull: Vec<V> = Vec::with_capacity(2 * pts.len());
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &V>> = if pass == 0 {
            Box::new(pts.iter())
        } else {
            Box::new(pts.iter().rev())
        };
        for p in iter {
            while hull.len() >= start + 2
                && orient(&hull[hull.len() - 2], &hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(*p);
        }
        hull.pop();
    }
    hull
}

/// The signed distance from `p` to the shape: negative inside.
pub fn signed_distance_to_point(shape: &World, p: &V) -> f64 {
    match shape {
        World::Polygon(vs) => signed_distance_to_polygon(vs, p),
        World::Circle { centre, radius } => (p - centre).norm() - radius,
    }
}

/// A centre of the shape (the vertex mean of a polygon) and the largest
/// distance of a point of the shape from it.
pub fn centre_and_reach(shape: &World) -> (V, f64) {
    match shape {
        World::Polygon(vs) => {
            let c = vs.iter().fold(V::zeros(), |s, v| s + v) / vs.len() as f64;
            (c, vs.iter().map(|v| (v - c).norm()).fold(0.0, f64::max))
        }
        World::Circle { centre, radius } => (*centre, *radius),
    }
}

/// Whether the shapes overlap or touch (edge crossings, vertex
/// containment, distances).
pub fn overlaps(a: &World, b: &World) -> bool {
    match (a, b) {
        (World::Polygon(p), World::Polygon(q)) => {
            let (n, m) = (p.len(), q.len());
            let edges_cross = (0..n).any(|i| {
                (0..m).any(|j| segments_intersect(&p[i], &p[(i + 1) % n], &q[j], &q[(j + 1) % m]))
            });
            edges_cross
                || q.iter().any(|v| point_in_convex(p, v))
                || p.iter().any(|v| point_in_convex(q, v))
        }
        (World::Circle { centre, radius }, World::Polygon(p))
        | (World::Polygon(p), World::Circle { centre, radius }) => {
            point_in_convex(p, centre) || distance_to_boundary(p, centre) <= *radius
        }
        (
            World::Circle {
                centre: c1,
                radius: r1,
            },
            World::Circle {
                centre: c2,
                radius: r2,
            },
        ) => (c1 - c2).norm() <= r1 + r2,
    }
}

/// The signed distance of the origin from the boundary of `A − B`:
/// the distance between the shapes when apart, minus the penetration
/// depth when they overlap.
pub fn signed_distance(a: &World, b: &World) -> f64 {
    match (a, b) {
        (World::Polygon(p), World::Polygon(q)) => {
            let diffs: Vec<V> = p
                .iter()
                .flat_map(|u| q.iter().map(move |v| u - v))
                .collect();
            signed_distance_to_polygon(&convex_hull(&diffs), &V::zeros())
        }
        // A − B = (c − B) ⊕ disc(r): the signed distance of the origin is
        // that of c from B, less r (for B a circle: the same with A).
        (World::Circle { centre, radius }, World::Polygon(p))
        | (World::Polygon(p), World::Circle { centre, radius }) => {
            signed_distance_to_polygon(p, centre) - radius
        }
        (
            World::Circle {
                centre: c1,
                radius: r1,
            },
            World::Circle {
                centre: c2,
                radius: r2,
            },
        ) => (c1 - c2).norm() - r1 - r2,
    }
}

/// How far `inner` is inside `outer`: `>= 0` when `inner ⊆ outer`
/// (the distance `inner` keeps from `outer`'s boundary), `< 0` when
/// not (minus how far it sticks out, for a polygon outer with a polygon
/// or circle inner, and a circle outer).
pub fn containment_margin(outer: &World, inner: &World) -> f64 {
    match (outer, inner) {
        (World::Polygon(p), World::Polygon(q)) => q
            .iter()
            .map(|v| -signed_distance_to_polygon(p, v))
            .fold(f64::INFINITY, f64::min),
        (World::Polygon(p), World::Circle { centre, radius }) => {
            -signed_distance_to_polygon(p, centre) - radius
        }
        (World::Circle { centre, radius }, World::Polygon(q)) => {
            radius - q.iter().map(|v| (v - centre).norm()).fold(0.0, f64::max)
        }
        (
            World::Circle {
                centre: c1,
                radius: r1,
            },
            World::Circle {
                centre: c2,
                radius: r2,
            },
        ) => r1 - (c2 - c1).norm() - r2,
    }
}

/// Whether `inner ⊆ outer` (boundaries may touch).
pub fn contains(outer: &World, inner: &World) -> bool {
    containment_margin(outer, inner) >= 0.0
}
