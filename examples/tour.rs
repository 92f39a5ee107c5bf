//! A tour of the queries on a built-in 2D scene.
//!
//! ```text
//! cargo run --release --example tour
//! ```
//!
//! The scene holds eleven shapes of every built-in kind (convex polygons,
//! circles, axis-aligned and oriented boxes), placed so that the pairs show
//! the cases worth knowing: two octagons overlapping, a circle in a
//! polygon's vertex region and another in a face region, a tilted box deep
//! in a long one where the centre-to-centre line points the wrong way,
//! edges that only touch, a shape inside another, near misses and clearly
//! separated pairs.
//!
//! The tour prints one table row per interesting pair (`intersects`, `penetration`,
//! `separation`, `containment`) and writes `tour.svg` in the current
//! directory: every shape, shapes in an overlapping pair filled red, and
//! each minimum translation vector (MTV) drawn as an arrow from B's deepest
//! point along the normal, as long as the depth.
//!
//! A second, 3D scene follows as a table only: oriented boxes meeting edge
//! on edge and face on face, a box inside a box, a sphere off a box's
//! corner, a capsule across a box's edge, two convex hulls and a hull
//! against a sphere.
//!
//! Conventions (the crate's): A is the first shape of a pair and B the
//! second; normals point from A towards B; moving B by `normal * depth`
//! leaves the pair touching; touching counts as intersecting, with depth 0.

use std::error::Error;
use std::fmt::Write as _;
use std::path::PathBuf;

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    containment, intersects, penetration, separation, Aabb, Ball, Capsule, Circle, Containment,
    ConvexPolygon, ConvexPolyhedron, Feature, Obb, Obb2, Penetration, Pose2, Pose3, Separation,
    Shape, ShapeError,
};

/// Where the SVG drawing is written, relative to the current directory.
const SVG_FILE: &str = "tour.svg";
/// Width of the SVG drawing, in pixels.
const SVG_WIDTH: f64 = 800.0;
/// Height of the SVG drawing, in pixels.
const SVG_HEIGHT: f64 = 600.0;
/// The shortest an MTV arrow is drawn, in pixels, so that a depth of 0
/// (touching) or a tiny depth still shows as an arrow.
const MIN_ARROW_PX: f64 = 26.0;

fn main() -> Result<(), Box<dyn Error>> {
    tour_2d()?;
    println!();
    tour_3d()?;
    Ok(())
}

/// The 2D part of the tour: builds the scene, runs every query on every
/// pair, prints the table and writes the SVG drawing.
fn tour_2d() -> Result<(), Box<dyn Error>> {
    let scene = scene_2d()?;
    let all = all_pairs(&scene.bodies);
    let rows = reported_pairs(&scene, &all);
    print_table(&scene.bodies, &rows, all.len());
    let svg = svg_2d(&scene, &rows, &all)?;
    std::fs::write(SVG_FILE, svg)?;
    let path =
        std::env::current_dir().map_or_else(|_| PathBuf::from(SVG_FILE), |d| d.join(SVG_FILE));
    println!("\nwrote {}", path.display());
    Ok(())
}

// ---------------------------------------------------------------------------
// The scene
// ---------------------------------------------------------------------------

/// A shape of the 2D scene, in its own local frame.
enum Geometry {
    /// A convex polygon.
    Polygon(ConvexPolygon<f64>),
    /// A circle.
    Circle(Circle<f64>),
    /// An axis-aligned box (axis-aligned in its local frame).
    Aabb(Aabb<f64, 2>),
    /// An oriented box.
    Obb(Obb2<f64>),
}

/// A named shape placed in the world by a pose.
struct Body {
    /// The label used in the table and the drawing.
    name: &'static str,
    /// The shape, in its local frame.
    geometry: Geometry,
    /// Where the shape sits in the world.
    pose: Pose2<f64>,
}

/// An ordered pair the table always reports, with what it demonstrates.
struct Featured {
    /// Name of shape A.
    a: &'static str,
    /// Name of shape B.
    b: &'static str,
    /// A few words on what the pair shows.
    shows: &'static str,
}

/// The shapes of a scene and the pairs worth reporting.
struct Scene {
    /// The shapes.
    bodies: Vec<Body>,
    /// The pairs to report first, in order.
    featured: Vec<Featured>,
    /// Pairs whose centre-to-centre line the drawing shows, dashed.
    centre_lines: Vec<(&'static str, &'static str)>,
}

impl Scene {
    /// The index of the body called `name`.
    ///
    /// # Panics
    /// When no body has that name: the built-in scene names only its own.
    fn index(&self, name: &str) -> usize {
        self.bodies
            .iter()
            .position(|b| b.name == name)
            .unwrap_or_else(|| panic!("the scene has no shape called {name:?}"))
    }
}

/// The built-in 2D scene: eleven shapes and the pairs that show what the
/// queries answer (world units; y points up).
fn scene_2d() -> Result<Scene, ShapeError> {
    let body = |name, geometry, x, y, angle| Body {
        name,
        geometry,
        pose: Pose2::new(Vector2::new(x, y), angle),
    };
    let wedge = ConvexPolygon::new(&[
        Point2::new(9.0, 6.0),
        Point2::new(13.0, 6.0),
        Point2::new(11.0, 9.5),
    ])?;
    // An irregular pebble, given as a point cloud with interior points.
    let pebble = ConvexPolygon::from_hull(&[
        Point2::new(-0.5, -0.3),
        Point2::new(0.1, -0.5),
        Point2::new(0.6, -0.1),
        Point2::new(0.4, 0.45),
        Point2::new(-0.2, 0.5),
        Point2::new(-0.6, 0.1),
        Point2::new(0.0, 0.0),
        Point2::new(0.2, 0.1),
    ])?;
    let bodies = vec![
        body(
            "oct-a",
            Geometry::Polygon(regular_polygon(8, 2.0)?),
            3.5,
            10.0,
            0.0,
        ),
        body(
            "oct-b",
            Geometry::Polygon(regular_polygon(8, 1.8)?),
            6.5,
            11.0,
            std::f64::consts::PI / 8.0,
        ),
        // The wedge's vertices are given in world coordinates: identity pose.
        body("wedge", Geometry::Polygon(wedge), 0.0, 0.0, 0.0),
        // 0.99 from the wedge's corner (13, 6), beyond both edges that meet
        // there: only the axis from the corner to the centre is right.
        body(
            "vertex-ball",
            Geometry::Circle(Circle::new(Point2::origin(), 1.3)?),
            13.7,
            5.3,
            0.0,
        ),
        // Below the middle of the wedge's bottom edge (y = 6), 0.3 deep:
        // in that edge's face region, so the edge's normal is the answer.
        body(
            "face-ball",
            Geometry::Circle(Circle::new(Point2::origin(), 1.0)?),
            10.4,
            5.3,
            0.0,
        ),
        // A long slab, x in [1, 17], y in [1, 2.5].
        body(
            "floor",
            Geometry::Aabb(Aabb::new(Point2::new(-8.0, -0.75), Point2::new(8.0, 0.75))?),
            9.0,
            1.75,
            0.0,
        ),
        // Rests exactly on the floor: bottom at 3.5 - 1 = 2.5 = floor top.
        body(
            "crate",
            Geometry::Aabb(Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0))?),
            3.5,
            3.5,
            0.0,
        ),
        // Off the crate's top-right corner (4.5, 4.5) diagonally: its extent
        // overlaps the crate's along x and along y, but the axis from the
        // corner to its centre separates them.
        body(
            "corner-ball",
            Geometry::Circle(Circle::new(Point2::origin(), 1.0)?),
            5.4,
            5.4,
            0.0,
        ),
        // Turned 30° by its own rotation and sunk 1.09 into the floor near
        // its right end: the centre-to-centre line points mostly along +x,
        // the cheapest way out is straight up.
        body(
            "tilted",
            Geometry::Obb(Obb2::new(
                Point2::origin(),
                Rotation2::new(30_f64.to_radians()),
                Vector2::new(1.6, 0.8),
            )?),
            14.5,
            2.9,
            0.0,
        ),
        body(
            "pond",
            Geometry::Circle(Circle::new(Point2::origin(), 2.5)?),
            16.5,
            10.0,
            0.0,
        ),
        body("pebble", Geometry::Polygon(pebble), 15.4, 11.0, 0.4),
    ];
    let featured = |a, b, shows| Featured { a, b, shows };
    let featured = vec![
        featured("oct-a", "oct-b", "two 8-gons overlap"),
        featured("wedge", "vertex-ball", "circle in a vertex region"),
        featured("wedge", "face-ball", "circle in a face region"),
        featured("floor", "tilted", "MTV is not the centre line"),
        featured("floor", "crate", "edges touch: depth 0"),
        featured("pond", "pebble", "pebble inside the pond"),
        featured("crate", "corner-ball", "near miss at a corner"),
        featured("tilted", "vertex-ball", "near miss by a face"),
        featured("oct-b", "face-ball", "separated"),
        featured("crate", "pond", "far apart"),
    ];
    Ok(Scene {
        bodies,
        featured,
        centre_lines: vec![("floor", "tilted")],
    })
}

/// The regular polygon with `sides` vertices on the circle of `radius`
/// about the origin, the first on the +x axis.
fn regular_polygon(sides: u32, radius: f64) -> Result<ConvexPolygon<f64>, ShapeError> {
    let step = std::f64::consts::TAU / f64::from(sides);
    let points: Vec<Point2<f64>> = (0..sides)
        .map(|k| {
            let angle = step * f64::from(k);
            Point2::new(radius * angle.cos(), radius * angle.sin())
        })
        .collect();
    ConvexPolygon::new(&points)
}

// ---------------------------------------------------------------------------
// The queries
// ---------------------------------------------------------------------------

/// Every query's answer for one ordered pair of bodies.
struct PairReport {
    /// Index of shape A.
    a: usize,
    /// Index of shape B.
    b: usize,
    /// What the pair demonstrates (empty for pairs not featured).
    shows: &'static str,
    /// `intersects(A, B)`.
    intersects: bool,
    /// `separation(A, B)`.
    separation: Separation<f64, 2>,
    /// `penetration(A, B)`.
    penetration: Option<Penetration<f64, 2>>,
    /// `containment(A, B)`.
    containment: Containment,
}

/// Runs the queries on the ordered pair (`a`, `b`) of `bodies`.
fn report(bodies: &[Body], a: usize, b: usize, shows: &'static str) -> PairReport {
    let answers = match &bodies[a].geometry {
        Geometry::Polygon(s) => answers_against(s, &bodies[a].pose, &bodies[b]),
        Geometry::Circle(s) => answers_against(s, &bodies[a].pose, &bodies[b]),
        Geometry::Aabb(s) => answers_against(s, &bodies[a].pose, &bodies[b]),
        Geometry::Obb(s) => answers_against(s, &bodies[a].pose, &bodies[b]),
    };
    PairReport {
        a,
        b,
        shows,
        ..answers
    }
}

/// Resolves B's concrete type, A's being known (the second half of the
/// double dispatch that lets the generic queries see two concrete types).
fn answers_against<A: Shape<f64, 2> + 'static>(a: &A, pose_a: &Pose2<f64>, b: &Body) -> PairReport {
    match &b.geometry {
        Geometry::Polygon(s) => answers(a, pose_a, s, &b.pose),
        Geometry::Circle(s) => answers(a, pose_a, s, &b.pose),
        Geometry::Aabb(s) => answers(a, pose_a, s, &b.pose),
        Geometry::Obb(s) => answers(a, pose_a, s, &b.pose),
    }
}

/// The four queries of the crate on one pair of concrete shapes (the
/// indices and `shows` are filled in by the caller).
fn answers<A, B>(a: &A, pose_a: &Pose2<f64>, b: &B, pose_b: &Pose2<f64>) -> PairReport
where
    A: Shape<f64, 2> + 'static,
    B: Shape<f64, 2> + 'static,
{
    PairReport {
        a: 0,
        b: 0,
        shows: "",
        intersects: intersects(a, pose_a, b, pose_b),
        separation: separation(a, pose_a, b, pose_b),
        penetration: penetration(a, pose_a, b, pose_b),
        containment: containment(a, pose_a, b, pose_b),
    }
}

/// The queries on every pair `i < j`, in index order.
fn all_pairs(bodies: &[Body]) -> Vec<PairReport> {
    let n = bodies.len();
    (0..n)
        .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
        .map(|(i, j)| report(bodies, i, j, ""))
        .collect()
}

/// The rows of the table: the featured pairs in their order, then every
/// other pair that intersects (so no overlap goes unreported).
fn reported_pairs(scene: &Scene, all: &[PairReport]) -> Vec<PairReport> {
    let mut rows: Vec<PairReport> = scene
        .featured
        .iter()
        .map(|f| report(&scene.bodies, scene.index(f.a), scene.index(f.b), f.shows))
        .collect();
    let is_featured = |p: &PairReport| {
        rows.iter()
            .any(|r| (r.a, r.b) == (p.a, p.b) || (r.a, r.b) == (p.b, p.a))
    };
    let extra: Vec<PairReport> = all
        .iter()
        .filter(|p| p.intersects && !is_featured(p))
        .map(|p| report(&scene.bodies, p.a, p.b, "also intersecting"))
        .collect();
    rows.extend(extra);
    rows
}

// ---------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------

/// Prints the conventions, one aligned row per reported pair, and a count
/// of the pairs left out.
fn print_table(bodies: &[Body], rows: &[PairReport], pair_count: usize) {
    println!(
        "separating-axis tour, 2D scene: {} shapes, {pair_count} pairs",
        bodies.len()
    );
    println!("Conventions: A is the first shape of a pair, B the second.");
    println!("  normal  unit vector from A towards B; moving B by normal * depth leaves the pair touching (the MTV)");
    println!("  depth   penetration depth; touching counts as intersecting, with depth 0");
    println!("  gap     distance along the best separating axis when apart (a lower bound of the true distance)");
    println!("  axis    the candidate axis that won: a face normal of A or B, or a circle's axis to the other shape");
    println!();
    let header = [
        "pair (A / B)",
        "intersects",
        "depth",
        "gap",
        "normal A->B",
        "axis",
        "containment",
        "shows",
    ];
    let cells: Vec<[String; 8]> = rows.iter().map(|r| row_cells(bodies, r)).collect();
    print_rows(&header, &cells);
    let left_out = pair_count.saturating_sub(rows.len());
    println!("\n{left_out} other pairs are separated and not listed.");
}

/// Prints the header, a rule and the rows, in columns as wide as their
/// widest cell.
fn print_rows(header: &[&str; 8], cells: &[[String; 8]]) {
    let mut widths = header.map(str::len);
    for row in cells {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    let header_line = line(&header.map(str::to_owned));
    println!("{header_line}");
    println!("{}", "-".repeat(header_line.len()));
    for row in cells {
        println!("{}", line(row));
    }
}

/// The table cells of one pair, in the order of the header.
fn row_cells(bodies: &[Body], r: &PairReport) -> [String; 8] {
    let (depth, normal) = match &r.penetration {
        Some(p) => (format!("{:.3}", p.depth), format_vector(&p.normal)),
        None => ("-".to_owned(), "-".to_owned()),
    };
    let gap = if r.separation.distance > 0.0 {
        format!("{:.3}", r.separation.distance)
    } else {
        "-".to_owned()
    };
    let containment = match (r.containment.a_in_b, r.containment.b_in_a) {
        (true, true) => "A = B",
        (true, false) => "A in B",
        (false, true) => "B in A",
        (false, false) => "-",
    };
    [
        format!("{} / {}", bodies[r.a].name, bodies[r.b].name),
        if r.intersects { "yes" } else { "no" }.to_owned(),
        depth,
        gap,
        normal,
        feature_name(r.separation.feature),
        containment.to_owned(),
        r.shows.to_owned(),
    ]
}

/// A short name for the candidate axis that produced a result.
fn feature_name(feature: Feature) -> String {
    match feature {
        Feature::FaceA(i) => format!("A face {i}"),
        Feature::FaceB(j) => format!("B face {j}"),
        Feature::EdgePair(i, j) => format!("edges {i}x{j}"),
        Feature::RoundA => "A ball".to_owned(),
        Feature::RoundB => "B ball".to_owned(),
        _ => "fallback".to_owned(),
    }
}

/// `(x, y)` with two decimals and no negative zeros.
fn format_vector(v: &Vector2<f64>) -> String {
    let tidy = |x: f64| if x.abs() < 0.005 { 0.0 } else { x };
    format!("({:+.2}, {:+.2})", tidy(v.x), tidy(v.y))
}

// ---------------------------------------------------------------------------
// The SVG drawing
// ---------------------------------------------------------------------------

/// A body's boundary in world coordinates, ready to draw.
enum Outline {
    /// A closed polygon through these vertices.
    Polygon(Vec<Point2<f64>>),
    /// A circle.
    Circle {
        /// The centre.
        centre: Point2<f64>,
        /// The radius.
        radius: f64,
    },
}

impl Outline {
    /// The boundary of `body` in world coordinates.
    fn of(body: &Body) -> Self {
        let pose = &body.pose;
        let polygon =
            |local: &[Point2<f64>]| Self::Polygon(local.iter().map(|p| pose * p).collect());
        match &body.geometry {
            Geometry::Polygon(s) => polygon(s.vertices()),
            Geometry::Circle(s) => Self::Circle {
                centre: pose * s.center(),
                radius: s.radius(),
            },
            Geometry::Aabb(s) => {
                let (lo, hi) = (s.min(), s.max());
                polygon(&[lo, Point2::new(hi.x, lo.y), hi, Point2::new(lo.x, hi.y)])
            }
            Geometry::Obb(s) => {
                let h = s.half_extents();
                let corners: Vec<Point2<f64>> =
                    [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)]
                        .iter()
                        .map(|&(sx, sy)| {
                            s.center() + s.rotation() * Vector2::new(sx * h.x, sy * h.y)
                        })
                        .collect();
                polygon(&corners)
            }
        }
    }

    /// The reference point: the vertex average or the centre.
    fn centre(&self) -> Point2<f64> {
        match self {
            Self::Polygon(vs) => {
                let sum = vs.iter().fold(Vector2::zeros(), |s, v| s + v.coords);
                Point2::from(sum / vs.len() as f64)
            }
            Self::Circle { centre, .. } => *centre,
        }
    }

    /// The point of the shape farthest along `-normal` (the middle of the
    /// edge when an edge is farthest): for B, the point the MTV pushes
    /// onto A's boundary.
    fn deepest(&self, normal: &Vector2<f64>) -> Point2<f64> {
        match self {
            Self::Polygon(vs) => {
                let depth = |p: &Point2<f64>| -normal.dot(&p.coords);
                let max = vs.iter().map(depth).fold(f64::NEG_INFINITY, f64::max);
                let tol = 1e-9 * (1.0 + max.abs());
                let deepest: Vec<&Point2<f64>> =
                    vs.iter().filter(|p| depth(p) >= max - tol).collect();
                let sum = deepest.iter().fold(Vector2::zeros(), |s, v| s + v.coords);
                Point2::from(sum / deepest.len() as f64)
            }
            Self::Circle { centre, radius } => centre - normal * *radius,
        }
    }

    /// The corners of the axis-aligned bounding rectangle, `(min, max)`.
    fn bounds(&self) -> (Point2<f64>, Point2<f64>) {
        match self {
            Self::Polygon(vs) => vs.iter().fold(
                (
                    Point2::new(f64::INFINITY, f64::INFINITY),
                    Point2::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
                ),
                |(lo, hi), p| (lo.inf(p), hi.sup(p)),
            ),
            Self::Circle { centre, radius } => {
                let r = Vector2::new(*radius, *radius);
                (centre - r, centre + r)
            }
        }
    }
}

/// The map from world coordinates (y up) to SVG pixels (y down) that fits
/// the scene into the drawing area, keeping proportions.
struct View {
    /// World point drawn at the bottom-left corner of the fitted scene.
    origin: Point2<f64>,
    /// Pixels per world unit.
    scale: f64,
    /// Pixel x of `origin`.
    left: f64,
    /// Pixel y of `origin`.
    bottom: f64,
}

impl View {
    /// Fits the world rectangle `[lo, hi]` into the pixel rectangle from
    /// `(left, top)` to `(right, bottom)`, centred.
    fn fit(
        lo: Point2<f64>,
        hi: Point2<f64>,
        (left, top, right, bottom): (f64, f64, f64, f64),
    ) -> Self {
        let size = hi - lo;
        let scale = ((right - left) / size.x).min((bottom - top) / size.y);
        let pad_x = (right - left - size.x * scale) / 2.0;
        let pad_y = (bottom - top - size.y * scale) / 2.0;
        Self {
            origin: lo,
            scale,
            left: left + pad_x,
            bottom: bottom - pad_y,
        }
    }

    /// The pixel position of a world point.
    fn px(&self, p: &Point2<f64>) -> (f64, f64) {
        (
            self.left + (p.x - self.origin.x) * self.scale,
            self.bottom - (p.y - self.origin.y) * self.scale,
        )
    }
}

/// How a body is drawn: after the worst state of any pair it is in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum State {
    /// Apart from every other shape.
    Apart,
    /// Touching some shape, overlapping none.
    Touching,
    /// Overlapping some shape with a positive depth.
    Overlapping,
}

impl State {
    /// The SVG fill and stroke attributes for a body in this state.
    fn style(self) -> &'static str {
        match self {
            Self::Apart => {
                r##"fill="#3b6ea5" fill-opacity="0.06" stroke="#3b6ea5" stroke-width="2""##
            }
            Self::Touching => {
                r##"fill="#f0a030" fill-opacity="0.35" stroke="#b86e00" stroke-width="2""##
            }
            Self::Overlapping => {
                r##"fill="#e0403a" fill-opacity="0.30" stroke="#a01010" stroke-width="2""##
            }
        }
    }
}

/// Each body's drawing state over all pairs `all`.
fn body_states(count: usize, all: &[PairReport]) -> Vec<State> {
    let mut states = vec![State::Apart; count];
    for p in all {
        let state = match &p.penetration {
            Some(pen) if pen.depth > 0.0 => State::Overlapping,
            Some(_) => State::Touching,
            None => State::Apart,
        };
        for i in [p.a, p.b] {
            states[i] = states[i].max(state);
        }
    }
    states
}

/// The SVG drawing of the scene: the shapes coloured by state, the
/// centre-to-centre lines asked for, an MTV arrow for every reported pair
/// that intersects, labels and a legend.
fn svg_2d(
    scene: &Scene,
    rows: &[PairReport],
    all: &[PairReport],
) -> Result<String, std::fmt::Error> {
    let bodies = &scene.bodies;
    let outlines: Vec<Outline> = bodies.iter().map(Outline::of).collect();
    let states = body_states(bodies.len(), all);
    // MTV arrows in world coordinates: B's deepest point, the normal, the depth.
    let arrows: Vec<(Point2<f64>, Vector2<f64>, f64)> = rows
        .iter()
        .filter_map(|r| {
            let p = r.penetration?;
            let normal = p.normal.into_inner();
            Some((outlines[r.b].deepest(&normal), normal, p.depth))
        })
        .collect();
    let (lo, hi) = outlines
        .iter()
        .map(Outline::bounds)
        .chain(arrows.iter().map(|(s, n, d)| (*s, s + n * *d)))
        .fold(
            (
                Point2::new(f64::INFINITY, f64::INFINITY),
                Point2::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            ),
            |(lo, hi), (a, b)| (lo.inf(&a).inf(&b), hi.sup(&a).sup(&b)),
        );
    let view = View::fit(lo, hi, (30.0, 95.0, SVG_WIDTH - 30.0, SVG_HEIGHT - 25.0));

    let mut svg = String::new();
    writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_WIDTH}" height="{SVG_HEIGHT}" viewBox="0 0 {SVG_WIDTH} {SVG_HEIGHT}" font-family="sans-serif">"#
    )?;
    writeln!(
        svg,
        r##"<defs><marker id="arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#111"/></marker></defs>"##
    )?;
    writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#)?;
    write_legend(&mut svg)?;
    for (outline, state) in outlines.iter().zip(&states) {
        write_outline(&mut svg, &view, outline, *state)?;
    }
    for (a, b) in &scene.centre_lines {
        let (a, b) = (scene.index(a), scene.index(b));
        let ((x0, y0), (x1, y1)) = (
            view.px(&outlines[a].centre()),
            view.px(&outlines[b].centre()),
        );
        writeln!(
            svg,
            r##"<line x1="{x0:.1}" y1="{y0:.1}" x2="{x1:.1}" y2="{y1:.1}" stroke="#777" stroke-width="1.5" stroke-dasharray="6 4"/>"##
        )?;
        // The caption runs along the line, just below it, nearer A (B's
        // end is where the MTV arrow is).
        let angle = (y1 - y0).atan2(x1 - x0);
        let (tx, ty) = (
            x0 + (x1 - x0) * 0.4 - angle.sin() * 10.0,
            y0 + (y1 - y0) * 0.4 + angle.cos() * 10.0,
        );
        writeln!(
            svg,
            r##"<text x="{tx:.1}" y="{ty:.1}" transform="rotate({:.1} {tx:.1} {ty:.1})" font-size="11" text-anchor="middle" dominant-baseline="middle" fill="#555">centre line (not the MTV)</text>"##,
            angle.to_degrees()
        )?;
    }
    for (start, normal, depth) in &arrows {
        write_arrow(&mut svg, &view, start, normal, *depth)?;
    }
    for (body, outline) in bodies.iter().zip(&outlines) {
        write_label(&mut svg, &view, body.name, outline)?;
    }
    writeln!(svg, "</svg>")?;
    Ok(svg)
}

/// The title and the colour legend, along the top of the drawing.
fn write_legend(svg: &mut String) -> std::fmt::Result {
    writeln!(
        svg,
        r##"<text x="30" y="24" font-size="16" font-weight="bold" fill="#222">separating-axis tour (2D)</text>"##
    )?;
    writeln!(
        svg,
        r##"<text x="30" y="44" font-size="13" fill="#222">Arrow = MTV of a pair: from B's deepest point along the normal (A to B), depth long; dashed when too short to scale.</text>"##
    )?;
    let entries = [
        (State::Overlapping, "overlaps another shape"),
        (State::Touching, "touches, overlaps none"),
        (State::Apart, "apart from all"),
    ];
    for (k, (state, text)) in entries.iter().enumerate() {
        let x = 30.0 + 215.0 * k as f64;
        writeln!(
            svg,
            r#"<rect x="{x}" y="58" width="22" height="14" {}/>"#,
            state.style()
        )?;
        writeln!(
            svg,
            r##"<text x="{}" y="70" font-size="13" fill="#222">{text}</text>"##,
            x + 30.0
        )?;
    }
    Ok(())
}

/// A shape's name: at its centre, or just below it when the shape is too
/// small on the drawing to hold the name.
fn write_label(svg: &mut String, view: &View, name: &str, outline: &Outline) -> std::fmt::Result {
    let (lo, hi) = outline.bounds();
    let (x, mut y) = view.px(&outline.centre());
    if (hi.x - lo.x) * view.scale < 70.0 {
        y = view.px(&lo).1 + 10.0;
    }
    writeln!(
        svg,
        r##"<text x="{x:.1}" y="{y:.1}" font-size="13" text-anchor="middle" dominant-baseline="middle" fill="#222" stroke="white" stroke-width="3" paint-order="stroke">{name}</text>"##
    )
}

/// One shape's outline, styled by its state.
fn write_outline(
    svg: &mut String,
    view: &View,
    outline: &Outline,
    state: State,
) -> std::fmt::Result {
    match outline {
        Outline::Polygon(vs) => {
            let points: Vec<String> = vs
                .iter()
                .map(|p| {
                    let (x, y) = view.px(p);
                    format!("{x:.1},{y:.1}")
                })
                .collect();
            writeln!(
                svg,
                r#"<polygon points="{}" {}/>"#,
                points.join(" "),
                state.style()
            )
        }
        Outline::Circle { centre, radius } => {
            let (x, y) = view.px(centre);
            writeln!(
                svg,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" {}/>"#,
                radius * view.scale,
                state.style()
            )
        }
    }
}

/// One MTV arrow from `start` along `normal`, `depth` long; dashed when
/// drawn longer than to scale (at least [`MIN_ARROW_PX`]), with its depth
/// written beside it.
fn write_arrow(
    svg: &mut String,
    view: &View,
    start: &Point2<f64>,
    normal: &Vector2<f64>,
    depth: f64,
) -> std::fmt::Result {
    let (x0, y0) = view.px(start);
    let to_scale = depth * view.scale;
    let length = to_scale.max(MIN_ARROW_PX);
    let dash = if to_scale < MIN_ARROW_PX {
        r#" stroke-dasharray="4 3""#
    } else {
        ""
    };
    // Pixel direction: y flips.
    let (dx, dy) = (normal.x, -normal.y);
    let (x1, y1) = (x0 + dx * length, y0 + dy * length);
    writeln!(
        svg,
        r##"<circle cx="{x0:.1}" cy="{y0:.1}" r="2.5" fill="#111"/><line x1="{x0:.1}" y1="{y0:.1}" x2="{x1:.1}" y2="{y1:.1}" stroke="#111" stroke-width="2"{dash} marker-end="url(#arrowhead)"/>"##
    )?;
    // The depth goes beside the middle of the arrow, on the side facing up
    // (or right, for a vertical arrow), clear of the shape labels.
    let (mut px, mut py) = (-dy, dx);
    if py > 1e-9 || (py.abs() <= 1e-9 && px < 0.0) {
        (px, py) = (-px, -py);
    }
    let anchor = if px > 0.3 {
        "start"
    } else if px < -0.3 {
        "end"
    } else {
        "middle"
    };
    let (tx, ty) = ((x0 + x1) / 2.0 + px * 9.0, (y0 + y1) / 2.0 + py * 9.0);
    writeln!(
        svg,
        r##"<text x="{tx:.1}" y="{ty:.1}" font-size="12" text-anchor="{anchor}" dominant-baseline="middle" fill="#111" stroke="white" stroke-width="3" paint-order="stroke">{depth:.2}</text>"##
    )
}

// ---------------------------------------------------------------------------
// The 3D scene
// ---------------------------------------------------------------------------

/// One row of the 3D table.
struct Row3 {
    /// The pair's name.
    pair: &'static str,
    /// What the pair demonstrates.
    shows: &'static str,
    /// `intersects(A, B)`.
    intersects: bool,
    /// `separation(A, B)`.
    separation: Separation<f64, 3>,
    /// `containment(A, B)`.
    containment: Containment,
}

/// The queries on one 3D pair.
fn row3<A, B>(
    pair: &'static str,
    shows: &'static str,
    a: &A,
    pa: &Pose3<f64>,
    b: &B,
    pb: &Pose3<f64>,
) -> Row3
where
    A: Shape<f64, 3> + 'static,
    B: Shape<f64, 3> + 'static,
{
    Row3 {
        pair,
        shows,
        intersects: intersects(a, pa, b, pb),
        separation: separation(a, pa, b, pb),
        containment: containment(a, pa, b, pb),
    }
}

/// The pose `translation` then `rotation` (Euler angles roll, pitch, yaw).
fn pose3(x: f64, y: f64, z: f64, roll: f64, pitch: f64, yaw: f64) -> Pose3<f64> {
    Pose3::from_parts(
        Vector3::new(x, y, z).into(),
        Rotation3::from_euler_angles(roll, pitch, yaw),
    )
}

/// The 3D pairs of the tour.
fn scene_3d() -> Result<Vec<Row3>, Box<dyn Error>> {
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(1.0, 1.0, 1.0),
    )?;
    let slab = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(3.0, 0.5, 2.0),
    )?;
    let small = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(0.4, 0.3, 0.2),
    )?;
    let sphere = Ball::new(Point3::origin(), 0.8)?;
    let capsule = Capsule::new(Point3::new(0.0, -1.5, 0.0), Point3::new(0.0, 1.5, 0.0), 0.3)?;
    // An icosahedron-like hull: the 12 points (0, ±1, ±φ) cycled.
    let phi = (1.0 + 5.0_f64.sqrt()) / 2.0;
    let mut ico = Vec::new();
    for (s, t) in [(1.0, 1.0), (1.0, -1.0), (-1.0, 1.0), (-1.0, -1.0)] {
        ico.push(Point3::new(0.0, s, t * phi) * 0.6);
        ico.push(Point3::new(s, t * phi, 0.0) * 0.6);
        ico.push(Point3::new(t * phi, 0.0, s) * 0.6);
    }
    let hull = ConvexPolyhedron::from_hull(&ico)?;
    let id = Pose3::identity();
    // A cube turned 45° about x then 30° about y, its edge crossing the
    // unit cube's top edge along the bevel direction (0, 1, 1)/√2.
    let crossing = pose3(0.0, 1.55, 1.55, std::f64::consts::FRAC_PI_4, 0.5, 0.0);
    Ok(vec![
        row3(
            "cube / turned cube",
            "edge crossing edge",
            &cube,
            &id,
            &cube,
            &crossing,
        ),
        row3(
            "slab / cube",
            "resting face on face: depth 0",
            &slab,
            &id,
            &cube,
            &pose3(0.5, 1.5, 0.2, 0.0, 0.0, 0.0),
        ),
        row3(
            "slab / small box",
            "a box inside a box",
            &slab,
            &id,
            &small,
            &pose3(1.0, 0.1, -0.5, 0.3, 0.2, 0.1),
        ),
        row3(
            "cube / sphere",
            "sphere off a corner",
            &cube,
            &id,
            &sphere,
            &pose3(1.4, 1.4, 1.4, 0.0, 0.0, 0.0),
        ),
        row3(
            "cube / capsule",
            "capsule across an edge",
            &cube,
            &id,
            &capsule,
            // Turned to run along (0, 1, −1)/√2, across the edge {y = 1, z = 1}.
            &pose3(0.3, 1.15, 1.15, -std::f64::consts::FRAC_PI_4, 0.0, 0.0),
        ),
        row3(
            "hull / hull",
            "two convex hulls",
            &hull,
            &id,
            &hull,
            &pose3(1.6, 0.4, 0.2, 0.3, 0.5, 0.7),
        ),
        row3(
            "hull / sphere",
            "a sphere against a hull",
            &hull,
            &id,
            &sphere,
            &pose3(0.0, 0.0, 2.1, 0.0, 0.0, 0.0),
        ),
        row3(
            "cube / hull",
            "apart",
            &cube,
            &id,
            &hull,
            &pose3(4.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        ),
    ])
}

/// The 3D part of the tour: a table, with the conventions of the 2D one.
fn tour_3d() -> Result<(), Box<dyn Error>> {
    let rows = scene_3d()?;
    println!("separating-axis tour, 3D scene: {} pairs", rows.len());
    let header = [
        "pair (A / B)",
        "intersects",
        "depth",
        "gap",
        "normal A->B",
        "axis",
        "containment",
        "shows",
    ];
    let cells: Vec<[String; 8]> = rows
        .iter()
        .map(|r| {
            let s = &r.separation;
            let (depth, gap) = if s.distance <= 0.0 {
                (format!("{:.3}", 0.0 - s.distance), "-".to_owned())
            } else {
                ("-".to_owned(), format!("{:.3}", s.distance))
            };
            let n = s
                .axis
                .into_inner()
                .map(|x| if x.abs() < 5e-4 { 0.0 } else { x });
            let normal = if s.distance <= 0.0 {
                format!("({:+.2}, {:+.2}, {:+.2})", n.x, n.y, n.z)
            } else {
                "-".to_owned()
            };
            let containment = match (r.containment.a_in_b, r.containment.b_in_a) {
                (true, true) => "A = B",
                (true, false) => "A in B",
                (false, true) => "B in A",
                (false, false) => "-",
            };
            [
                r.pair.to_owned(),
                if r.intersects { "yes" } else { "no" }.to_owned(),
                depth,
                gap,
                normal,
                feature_name(s.feature),
                containment.to_owned(),
                r.shows.to_owned(),
            ]
        })
        .collect();
    print_rows(&header, &cells);
    Ok(())
}
