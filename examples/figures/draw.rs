//! The figures of docs/sat-proof.md, chapter 3, as SVG strings.
//!
//! Shared by `examples/figures/main.rs` (which writes them to
//! `docs/figures/`) and `tests/figures.rs` (which checks that the files
//! there are what this code draws). Plain SVG, fixed float formatting
//! (one decimal for pixels, three for labelled values): the same code gives
//! the same bytes.

use std::fmt::Write as _;

use nalgebra::{Point2, Point3, Rotation3, Vector2, Vector3};
use separating_axis::{
    engine, penetration, separation, ConvexPolygon, ConvexPolyhedron, Pose2, Posed, Support,
};

/// One figure: its file name under `docs/figures/` and its SVG text.
pub struct Figure {
    /// File name, e.g. `projection.svg`.
    pub file: &'static str,
    /// The whole SVG document.
    pub svg: String,
}

/// Every figure, in the order the chapter uses them.
pub fn all() -> Vec<Figure> {
    vec![
        Figure {
            file: "projection.svg",
            svg: projection(),
        },
        Figure {
            file: "minkowski.svg",
            svg: minkowski(),
        },
        Figure {
            file: "gauss-map.svg",
            svg: gauss_map(),
        },
        Figure {
            file: "mtv.svg",
            svg: mtv(),
        },
        Figure {
            file: "concave.svg",
            svg: concave(),
        },
    ]
}

// ---------------------------------------------------------------------------
// A small SVG writer
// ---------------------------------------------------------------------------

/// The colours and strokes, by class: A blue, B orange, results red.
const STYLE: &str = "text{font:13px sans-serif;fill:#222}\
.a{fill:#c6dbef;stroke:#2171b5;stroke-width:1.5}\
.b{fill:#fdd0a2;stroke:#d94801;stroke-width:1.5}\
.d{fill:#e5e5e5;stroke:#555;stroke-width:1.5}\
.la{stroke:#2171b5;stroke-width:2;fill:none}\
.lb{stroke:#d94801;stroke-width:2;fill:none}\
.ax{stroke:#555;stroke-width:1;fill:none}\
.thin{stroke:#999;stroke-width:1;stroke-dasharray:3 3;fill:none}\
.hull{stroke:#555;stroke-width:1.5;stroke-dasharray:6 4;fill:none}\
.gap{stroke:#cb181d;stroke-width:3;fill:none}\
.mtv{stroke:#cb181d;stroke-width:2;fill:none;marker-end:url(#red)}\
.bad{stroke:#555;stroke-width:2;stroke-dasharray:5 3;fill:none;marker-end:url(#grey)}\
.dot{fill:#222}.red{fill:#cb181d}";

/// An SVG document under construction, with a world-to-pixel map.
struct Svg {
    /// The text so far.
    out: String,
    /// Pixels per world unit.
    scale: f64,
    /// Pixel position of the world origin.
    origin: (f64, f64),
}

impl Svg {
    /// A `w × h` pixel drawing with a title (read by screen readers).
    fn new(w: u32, h: u32, title: &str) -> Self {
        let mut out = String::new();
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\">\n<title>{title}</title>\n<style>{STYLE}</style>\n\
             <defs><marker id=\"red\" viewBox=\"0 0 8 8\" refX=\"7\" refY=\"4\" \
             markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0L8,4L0,8z\" \
             fill=\"#cb181d\"/></marker><marker id=\"grey\" viewBox=\"0 0 8 8\" refX=\"7\" \
             refY=\"4\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path \
             d=\"M0,0L8,4L0,8z\" fill=\"#555\"/></marker></defs>\n\
             <rect width=\"{w}\" height=\"{h}\" fill=\"#fff\"/>\n"
        );
        Self {
            out,
            scale: 1.0,
            origin: (0.0, 0.0),
        }
    }

    /// World units to pixels from now on: `scale` pixels per unit, the
    /// world origin at pixel `origin`, y up.
    fn view(&mut self, scale: f64, origin: (f64, f64)) {
        self.scale = scale;
        self.origin = origin;
    }

    /// The pixel position of a world point.
    fn px(&self, p: [f64; 2]) -> (f64, f64) {
        (
            self.origin.0 + self.scale * p[0],
            self.origin.1 - self.scale * p[1],
        )
    }

    /// A closed polygon of world points.
    fn polygon(&mut self, pts: &[[f64; 2]], class: &str) {
        let list = self.points(pts);
        let _ = writeln!(self.out, "<polygon class=\"{class}\" points=\"{list}\"/>");
    }

    /// An open polyline of world points.
    fn polyline(&mut self, pts: &[[f64; 2]], class: &str) {
        let list = self.points(pts);
        let _ = writeln!(self.out, "<polyline class=\"{class}\" points=\"{list}\"/>");
    }

    /// `x,y x,y …` in pixels, one decimal.
    fn points(&self, pts: &[[f64; 2]]) -> String {
        let mut s = String::new();
        for (i, &p) in pts.iter().enumerate() {
            let (x, y) = self.px(p);
            let sep = if i == 0 { "" } else { " " };
            let _ = write!(s, "{sep}{x:.1},{y:.1}");
        }
        s
    }

    /// A segment between world points.
    fn line(&mut self, a: [f64; 2], b: [f64; 2], class: &str) {
        self.polyline(&[a, b], class);
    }

    /// A dot of `r` pixels at a world point.
    fn dot(&mut self, p: [f64; 2], r: f64, class: &str) {
        let (x, y) = self.px(p);
        let _ = writeln!(
            self.out,
            "<circle class=\"{class}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\"/>"
        );
    }

    /// A circle of world radius `r` about a world point.
    fn circle(&mut self, c: [f64; 2], r: f64, class: &str) {
        let r = r * self.scale;
        self.dot(c, r, class);
    }

    /// Text at a world point, shifted by `(dx, dy)` pixels.
    fn text(&mut self, p: [f64; 2], dx: f64, dy: f64, s: &str) {
        let (x, y) = self.px(p);
        let (x, y) = (x + dx, y + dy);
        let _ = writeln!(self.out, "<text x=\"{x:.1}\" y=\"{y:.1}\">{s}</text>");
    }

    /// Text at a pixel position (captions).
    fn caption(&mut self, x: f64, y: f64, s: &str) {
        let _ = writeln!(self.out, "<text x=\"{x:.1}\" y=\"{y:.1}\">{s}</text>");
    }

    /// The finished document.
    fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// `[x, y]` of a point.
fn xy(p: &Point2<f64>) -> [f64; 2] {
    [p.x, p.y]
}

/// `[x, y]` of a vector.
fn vxy(v: &Vector2<f64>) -> [f64; 2] {
    [v.x, v.y]
}

/// The world vertices of a polygon placed by `pose`.
fn placed(poly: &ConvexPolygon<f64>, pose: &Pose2<f64>) -> Vec<[f64; 2]> {
    poly.vertices().iter().map(|p| xy(&(pose * p))).collect()
}

/// A convex polygon from a vertex list known to be valid.
fn polygon(pts: &[[f64; 2]]) -> ConvexPolygon<f64> {
    let pts: Vec<Point2<f64>> = pts.iter().map(|p| Point2::new(p[0], p[1])).collect();
    ConvexPolygon::new(&pts).expect("the figures' polygons are convex and counter-clockwise")
}

/// The pair of figures (a) and (b): a pentagon A and a triangle B.
fn pentagon_and_triangle() -> (ConvexPolygon<f64>, ConvexPolygon<f64>) {
    let a = polygon(&[
        [-1.0, -0.8],
        [1.0, -1.0],
        [1.4, 0.4],
        [0.2, 1.2],
        [-1.2, 0.6],
    ]);
    let b = polygon(&[[-0.8, -0.6], [0.9, -0.4], [-0.1, 0.9]]);
    (a, b)
}

// ---------------------------------------------------------------------------
// (a) Projection intervals and the gap
// ---------------------------------------------------------------------------

/// Two polygons apart, their shadows on the best axis `separation` finds,
/// and the gap between the shadows, which is the reported distance.
fn projection() -> String {
    let (a, b) = pentagon_and_triangle();
    let pa = Pose2::new(Vector2::new(0.0, 0.0), 0.0);
    let pb = Pose2::new(Vector2::new(3.0, 0.9), 0.4);
    let s = separation(&a, &pa, &b, &pb);
    let u = s.axis.into_inner();
    let ia = Posed::new(&a, &pa).local_interval(&u);
    let ib = Posed::new(&b, &pb).local_interval(&u);
    // The axis line runs beside the shapes: q(t) = k·perp + t·u.
    let perp = Vector2::new(u.y, -u.x);
    let k = 2.2;
    let on_axis = |t: f64| vxy(&(perp * k + u * t));
    let mut svg = Svg::new(
        520,
        380,
        "Projection intervals of two polygons on an axis, and the gap",
    );
    svg.view(70.0, (150.0, 150.0));
    svg.polygon(&placed(&a, &pa), "a");
    svg.polygon(&placed(&b, &pb), "b");
    svg.text([0.0, 0.0], -4.0, 4.0, "A");
    svg.text(xy(&(pb * Point2::new(0.0, 0.0))), -4.0, 4.0, "B");
    svg.line(on_axis(ia.min - 0.8), on_axis(ib.max + 0.8), "ax");
    svg.line(on_axis(ia.min), on_axis(ia.max), "la");
    svg.line(on_axis(ib.min), on_axis(ib.max), "lb");
    svg.line(on_axis(ia.max), on_axis(ib.min), "gap");
    // Projectors from the support points to their shadows.
    for (shape, pose, t, d) in [(&a, &pa, ia.max, u), (&b, &pb, ib.min, -u)] {
        let p = Posed::new(shape, pose).local_support_point(&d);
        svg.line(xy(&p), on_axis(t), "thin");
    }
    for (shape, pose, t, d) in [(&a, &pa, ia.min, -u), (&b, &pb, ib.max, u)] {
        let p = Posed::new(shape, pose).local_support_point(&d);
        svg.line(xy(&p), on_axis(t), "thin");
    }
    let mid = on_axis(0.5 * (ia.max + ib.min));
    svg.text(mid, -30.0, -10.0, &format!("gap = {:.3}", s.distance));
    svg.text(on_axis(ia.min), -10.0, 22.0, "shadow of A");
    svg.text(on_axis(ib.max), -50.0, 22.0, "shadow of B");
    svg.caption(
        12.0,
        350.0,
        "The axis u is the one `separation` returns. The gap is",
    );
    svg.caption(
        12.0,
        368.0,
        "min over B of u·b minus max over A of u·a; here also the distance.",
    );
    svg.finish()
}

// ---------------------------------------------------------------------------
// (b) The Minkowski difference and the origin
// ---------------------------------------------------------------------------

/// `A − B` for the pair of (a) placed overlapping and apart: the hull of
/// the vertex differences, the origin, and the MTV (overlapping) or the
/// gap (apart) as the path from the origin to the boundary.
fn minkowski() -> String {
    let (a, b) = pentagon_and_triangle();
    let pa = Pose2::new(Vector2::new(0.0, 0.0), 0.0);
    let mut svg = Svg::new(640, 520, "The Minkowski difference A − B and the origin");
    let rows = [
        (
            Pose2::new(Vector2::new(1.5, 0.5), 0.4),
            0.0,
            "overlapping: 0 lies in A − B",
        ),
        (
            Pose2::new(Vector2::new(3.0, 0.9), 0.4),
            260.0,
            "apart: 0 lies outside A − B",
        ),
    ];
    for (pb, top, title) in rows {
        // Left: the shapes; right: their difference, drawn about its origin.
        svg.view(45.0, (90.0, top + 120.0));
        svg.polygon(&placed(&a, &pa), "a");
        svg.polygon(&placed(&b, &pb), "b");
        svg.text([0.0, 0.0], -4.0, 4.0, "A");
        svg.text(xy(&(pb * Point2::new(0.0, 0.0))), -4.0, 4.0, "B");
        svg.caption(12.0, top + 22.0, title);
        let diffs: Vec<Point2<f64>> = a
            .vertices()
            .iter()
            .flat_map(|p| {
                b.vertices()
                    .iter()
                    .map(move |q| Point2::from(p.coords - (pb * q).coords))
            })
            .collect();
        let md = ConvexPolygon::from_hull(&diffs).expect("the differences span an area");
        svg.view(45.0, (470.0, top + 120.0));
        svg.line([-5.5, 0.0], [2.8, 0.0], "ax");
        svg.line([0.0, -2.4], [0.0, 2.4], "ax");
        svg.polygon(&placed(&md, &Pose2::identity()), "d");
        svg.dot([0.0, 0.0], 3.5, "dot");
        svg.text([0.0, 0.0], 6.0, -6.0, "0");
        svg.text([-4.2, 1.6], 0.0, 0.0, "A − B");
        let s = separation(&a, &pa, &b, &pb);
        let u = s.axis.into_inner();
        if let Some(pen) = penetration(&a, &pa, &b, &pb) {
            // t* = depth·u* lies on the boundary: B moved by it touches A.
            let t = vxy(&pen.mtv());
            svg.line([0.0, 0.0], t, "mtv");
            svg.text(t, 6.0, 18.0, &format!("MTV, depth {:.3}", pen.depth));
        } else {
            // The supporting line u·x = −gap, at distance gap from 0.
            let foot = u * -s.distance;
            let along = Vector2::new(-u.y, u.x);
            svg.line(
                vxy(&(foot - along * 1.6)),
                vxy(&(foot + along * 1.6)),
                "thin",
            );
            svg.line([0.0, 0.0], vxy(&foot), "gap");
            svg.text(vxy(&foot), -4.0, 18.0, &format!("gap {:.3}", s.distance));
        }
    }
    svg.caption(
        12.0,
        508.0,
        "A − B is the hull of the vertex differences; the shapes overlap iff 0 is inside it.",
    );
    svg.finish()
}

// ---------------------------------------------------------------------------
// (c) The Gauss map
// ---------------------------------------------------------------------------

/// A cube A and a turned octahedron B: A's Gauss map (blue), the Gauss
/// map of −B (orange), drawn on the sphere seen from outside (the far
/// hemisphere dashed), and the crossings `engine::is_minkowski_face`
/// accepts, each the normal of a face of `A − B` spanned by two edges.
fn gauss_map() -> String {
    let cube: Vec<Point3<f64>> = (0..8)
        .map(|i| {
            let s = |bit: u32| if i & (1 << bit) == 0 { -1.0 } else { 1.0 };
            Point3::new(s(0), s(1), s(2))
        })
        .collect();
    let octa: Vec<Point3<f64>> = [0, 1, 2]
        .iter()
        .flat_map(|&k| {
            [-1.0, 1.0].map(|s| {
                let mut p = Point3::origin();
                p[k] = s;
                p
            })
        })
        .collect();
    let a = ConvexPolyhedron::from_hull(&cube).expect("a cube");
    let b = ConvexPolyhedron::from_hull(&octa).expect("an octahedron");
    let rb = Rotation3::from_euler_angles(0.35, 0.6, 0.15);
    // The sphere is seen along `-view.z`: x, y of the turned point are
    // the picture, z > 0 the near side.
    let view = Rotation3::from_euler_angles(-0.5, 0.4, 0.0);
    let na: Vec<Vector3<f64>> = a.normals().iter().map(|n| n.into_inner()).collect();
    let nb: Vec<Vector3<f64>> = b.normals().iter().map(|n| -(rb * n.into_inner())).collect();
    let mut svg = Svg::new(
        600,
        560,
        "Gauss maps of a cube and of a turned octahedron, negated",
    );
    svg.view(220.0, (300.0, 250.0));
    svg.circle([0.0, 0.0], 1.0, "ax");
    // Each edge's arc, sampled; a sample's segment is dashed when it lies
    // on the far side.
    let arc = |svg: &mut Svg, m: &Vector3<f64>, n: &Vector3<f64>, near: &str| {
        let steps: usize = 12;
        let pts: Vec<Vector3<f64>> = (0..=steps)
            .map(|i| {
                let t = i as f64 / steps as f64;
                view * (m * (1.0 - t) + n * t).normalize()
            })
            .collect();
        // Runs of segments on the same side become one polyline.
        let far = |i: usize| pts[i].z + pts[i + 1].z < 0.0;
        let mut start = 0;
        for end in 1..=steps {
            if end == steps || far(end) != far(start) {
                let run: Vec<[f64; 2]> = pts[start..=end].iter().map(|p| [p.x, p.y]).collect();
                svg.polyline(&run, if far(start) { "thin" } else { near });
                start = end;
            }
        }
    };
    for [i, j] in a.edge_faces() {
        arc(&mut svg, &na[*i], &na[*j], "la");
    }
    for [i, j] in b.edge_faces() {
        arc(&mut svg, &nb[*i], &nb[*j], "lb");
    }
    for (normals, class) in [(&na, "la"), (&nb, "lb")] {
        for n in normals.iter() {
            let p = view * n;
            if p.z >= 0.0 {
                svg.dot([p.x, p.y], 4.0, class);
            }
        }
    }
    // The crossings: B's faces are passed as they are; the test negates them.
    let mut crossings = 0;
    for [i, j] in a.edge_faces() {
        for [k, l] in b.edge_faces() {
            let fb = [
                rb * b.normals()[*k].into_inner(),
                rb * b.normals()[*l].into_inner(),
            ];
            // Each edge's direction is its faces' cross product (the
            // `Edge` contract the test relies on).
            let (dir_a, dir_b) = (na[*i].cross(&na[*j]), fb[0].cross(&fb[1]));
            if !engine::is_minkowski_face(&[na[*i], na[*j]], &dir_a, &fb, &dir_b) {
                continue;
            }
            crossings += 1;
            let (m, n) = (na[*i], na[*j]);
            let e = m.cross(&n).cross(&fb[0].cross(&fb[1]));
            let c = if e.dot(&(m + n)) < 0.0 { -e } else { e }.normalize();
            let p = view * c;
            svg.dot([p.x, p.y], if p.z >= 0.0 { 4.5 } else { 2.5 }, "red");
        }
    }
    let pairs = a.edge_faces().len() * b.edge_faces().len();
    svg.caption(
        12.0,
        500.0,
        "Blue: the Gauss map of a cube A. Orange: of −B, B an octahedron, turned.",
    );
    svg.caption(
        12.0,
        520.0,
        &format!(
            "Red: the {crossings} of {pairs} edge pairs whose arcs cross, the faces of A − B they span."
        ),
    );
    svg.caption(
        12.0,
        540.0,
        "Dashed: arcs on the far side of the sphere; small red dots lie there.",
    );
    svg.finish()
}

// ---------------------------------------------------------------------------
// (d) The MTV against the centre line
// ---------------------------------------------------------------------------

/// Two overlapping pairs where the centre line misleads: a thin bar and a
/// square (the direction), a triangle and a small square below its
/// centroid (the sign). The red arrow is `penetration`'s MTV, applied to
/// B; the grey dashed arrow is the move the centre line suggests.
fn mtv() -> String {
    let mut svg = Svg::new(640, 400, "The MTV against the centre-to-centre line");
    // Left: a bar of half extents (0.5, 4) and a unit square at (1.2, 2.5).
    let bar = polygon(&[[-0.5, -4.0], [0.5, -4.0], [0.5, 4.0], [-0.5, 4.0]]);
    let sq = polygon(&[[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]]);
    let (pa, pb) = (Pose2::identity(), Pose2::new(Vector2::new(1.2, 2.5), 0.0));
    let pen = penetration(&bar, &pa, &sq, &pb).expect("they overlap");
    svg.view(38.0, (120.0, 190.0));
    svg.polygon(&placed(&bar, &pa), "a");
    svg.polygon(&placed(&sq, &pb), "b");
    svg.text([0.0, -3.0], -4.0, 0.0, "A");
    svg.text([1.5, 1.8], 0.0, 0.0, "B");
    svg.line([0.0, 0.0], [1.2, 2.5], "thin");
    let c = Vector2::new(1.2, 2.5);
    let centre_move = c.normalize() * 1.5;
    svg.line(vxy(&c), vxy(&(c + centre_move)), "bad");
    let m = pen.mtv() * 4.0;
    svg.line(vxy(&c), vxy(&(c + m)), "mtv");
    svg.text(
        vxy(&(c + m)),
        4.0,
        -8.0,
        &format!("MTV {:.3} (×4)", pen.depth),
    );
    svg.text(vxy(&(c + centre_move)), -40.0, -8.0, "centre line");
    svg.caption(12.0, 350.0, "Left: the way out is across the bar,");
    svg.caption(12.0, 368.0, "not along the centre line.");
    // Right: the triangle (0,0), (6,0), (0,6) and a square of half side 0.1
    // at (1.9, 1.9); A's centroid is (2, 2).
    let tri = polygon(&[[0.0, 0.0], [6.0, 0.0], [0.0, 6.0]]);
    let small = polygon(&[[-0.1, -0.1], [0.1, -0.1], [0.1, 0.1], [-0.1, 0.1]]);
    let pb = Pose2::new(Vector2::new(1.9, 1.9), 0.0);
    let pen = penetration(&tri, &pa, &small, &pb).expect("they overlap");
    svg.view(48.0, (340.0, 330.0));
    svg.polygon(&placed(&tri, &pa), "a");
    svg.polygon(&placed(&small, &pb), "b");
    svg.dot([2.0, 2.0], 3.0, "dot");
    svg.text([2.0, 2.0], 6.0, -4.0, "centroid of A");
    svg.text([0.3, 4.0], 0.0, 0.0, "A");
    let c = Vector2::new(1.9, 1.9);
    svg.line(vxy(&c), vxy(&(c + pen.mtv())), "mtv");
    svg.line(vxy(&c), vxy(&(c - pen.mtv())), "bad");
    svg.text(
        vxy(&(c + pen.mtv())),
        6.0,
        4.0,
        &format!("MTV {:.3}", pen.depth),
    );
    svg.text(
        vxy(&(c - pen.mtv())),
        10.0,
        6.0,
        "sign from the centre line",
    );
    svg.caption(330.0, 350.0, "Right: B sits below-left of A's centroid,");
    svg.caption(330.0, 368.0, "yet leaves up-right; flipped, it stays in.");
    svg.finish()
}

// ---------------------------------------------------------------------------
// (e) Why SAT stops at convexity
// ---------------------------------------------------------------------------

/// An L-shape (two boxes), its hull dashed, and a square in its notch,
/// with the shadows on x and y: every shadow overlaps, the shapes do not.
fn concave() -> String {
    let mut svg = Svg::new(480, 380, "A square in the notch of an L-shape");
    svg.view(110.0, (90.0, 280.0));
    let l_shape = [
        [0.0, 0.0],
        [2.0, 0.0],
        [2.0, 1.0],
        [1.0, 1.0],
        [1.0, 2.0],
        [0.0, 2.0],
    ];
    let sq = [[1.25, 1.25], [1.75, 1.25], [1.75, 1.75], [1.25, 1.75]];
    svg.polygon(&l_shape, "a");
    svg.line([0.0, 1.0], [1.0, 1.0], "thin");
    svg.polyline(&[[2.0, 1.0], [1.0, 2.0]], "hull");
    svg.polygon(&sq, "b");
    // Shadows on x (below) and on y (left).
    svg.line([0.0, -0.25], [2.0, -0.25], "la");
    svg.line([1.25, -0.35], [1.75, -0.35], "lb");
    svg.line([-0.25, 0.0], [-0.25, 2.0], "la");
    svg.line([-0.35, 1.25], [-0.35, 1.75], "lb");
    let small = polygon(&sq);
    let id = Pose2::identity();
    for (part, label, at) in [
        (
            polygon(&[[0.0, 0.0], [2.0, 0.0], [2.0, 1.0], [0.0, 1.0]]),
            "base",
            [0.3, 0.4],
        ),
        (
            polygon(&[[0.0, 0.0], [1.0, 0.0], [1.0, 2.0], [0.0, 2.0]]),
            "upright",
            [-0.3, 2.15],
        ),
    ] {
        let s = separation(&part, &id, &small, &id);
        svg.text(
            at,
            0.0,
            0.0,
            &format!("{label}: apart by {:.3}", s.distance),
        );
    }
    let hull = ConvexPolygon::from_hull(&l_shape.map(|p| Point2::new(p[0], p[1])))
        .expect("the L spans an area");
    let pen = penetration(&hull, &id, &small, &id).expect("the hull overlaps");
    svg.text([1.8, 1.6], 0.0, 0.0, "hull");
    svg.text(
        [1.8, 1.6],
        0.0,
        16.0,
        &format!("overlaps by {:.3}", pen.depth),
    );
    svg.caption(
        12.0,
        340.0,
        "Every shadow overlaps (x below, y left), yet the shapes",
    );
    svg.caption(
        12.0,
        358.0,
        "are apart. The hull (dashed) overlaps; the two parts do not.",
    );
    svg.finish()
}
