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
//! point along the normal, as long as the depth, and each contact point of
//! the pair's contact manifold (`contact_manifold`, margin 0) as a green
//! dot on A's surface joined to its partner on B's. It also draws the
//! closest points of a separated pair (`closest_points`: the true distance,
//! where SAT's best axis only bounds it from below) and a cast
//! (`cast_shapes`: the corner ball rolling left, drawn dashed where it
//! first touches the crate). To the left, a concave E decomposed into
//! convex pieces (`ConcavePolygon`, seams dashed) with a ball sunk into
//! its middle tooth and the deepest part pair's MTV
//! (`compound::penetration`): out of the tooth, into the notch.
//!
//! A second, 3D scene follows as a table, then the contact points of
//! every pair in contact (up to four, from `contact_manifold`): oriented boxes meeting edge
//! on edge and face on face, a box inside a box, a sphere off a box's
//! corner, a capsule across a box's edge, two convex hulls and a hull
//! against a sphere.
//!
//! Conventions (the crate's): A is the first shape of a pair and B the
//! second; normals point from A towards B; moving B by `normal * depth`
//! leaves the pair touching; touching counts as intersecting, with depth 0.
//!
//! The code: `scene.rs` builds the 2D and 3D scenes, `table.rs` prints the
//! tables, `svg.rs` draws the 2D scene, `concave.rs` builds and draws the
//! concave body; this file runs the queries on every
//! pair. The bodies hold the library's `AnyShape2`, so the queries take
//! them as they are, with no dispatch on their types.

mod concave;
mod scene;
mod svg;
mod table;

use std::error::Error;
use std::path::PathBuf;

use nalgebra::Vector2;
use separating_axis::{
    cast_shapes, closest_points, contact_manifold, containment, intersects, penetration,
    separation, ClosestPoints, Containment, Manifold, Penetration, Separation, ShapeCastHit,
};

use scene::{scene_2d, scene_3d, Body, Scene};
use svg::svg_2d;
use table::{print_table, print_table_3d};

/// Where the SVG drawing is written, relative to the current directory.
const SVG_FILE: &str = "tour.svg";

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
    let extras = extras(&scene)?;
    for (a, b, c) in &extras.closest {
        println!(
            "closest points {} / {}: distance {:.4} (SAT's lower bound {:.4}), on A ({:.3}, {:.3}), on B ({:.3}, {:.3})",
            scene.bodies[*a].name,
            scene.bodies[*b].name,
            c.distance,
            separation(
                &scene.bodies[*a].geometry,
                &scene.bodies[*a].pose,
                &scene.bodies[*b].geometry,
                &scene.bodies[*b].pose
            )
            .distance,
            c.point_a.x,
            c.point_a.y,
            c.point_b.x,
            c.point_b.y
        );
    }
    for cast in &extras.casts {
        if let Some(hit) = &cast.hit {
            println!(
                "cast {} moving ({:+.1}, {:+.1}) into {}: time of impact {:.4}, contact ({:.3}, {:.3}), normal ({:+.3}, {:+.3})",
                scene.bodies[cast.b].name,
                cast.velocity.x,
                cast.velocity.y,
                scene.bodies[cast.a].name,
                hit.toi,
                hit.point_b.x,
                hit.point_b.y,
                hit.normal.x,
                hit.normal.y
            );
        }
    }
    println!("{}", extras.concave.summary());
    let svg = svg_2d(&scene, &rows, &all, &extras)?;
    std::fs::write(SVG_FILE, svg)?;
    let path =
        std::env::current_dir().map_or_else(|_| PathBuf::from(SVG_FILE), |d| d.join(SVG_FILE));
    println!("\nwrote {}", path.display());
    Ok(())
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
    /// `contact_manifold(A, B, 0)`: the contact points.
    manifold: Manifold<f64, 2>,
}

/// Runs the queries on the ordered pair (`a`, `b`) of `bodies`: each body
/// holds the library's [`AnyShape2`](separating_axis::AnyShape2), which is
/// a `Shape` itself and forwards the fast-path hooks, so no dispatch on the
/// shapes' types is needed (box pairs still take the box path, polygon
/// pairs the polygon path).
fn report(bodies: &[Body], a: usize, b: usize, shows: &'static str) -> PairReport {
    let (body_a, body_b) = (&bodies[a], &bodies[b]);
    let (sa, pa, sb, pb) = (
        &body_a.geometry,
        &body_a.pose,
        &body_b.geometry,
        &body_b.pose,
    );
    PairReport {
        a,
        b,
        shows,
        intersects: intersects(sa, pa, sb, pb),
        separation: separation(sa, pa, sb, pb),
        penetration: penetration(sa, pa, sb, pb),
        containment: containment(sa, pa, sb, pb),
        manifold: contact_manifold(sa, pa, sb, pb, 0.0),
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

/// A cast of the drawing: B moving towards A.
pub(crate) struct Cast {
    /// Index of the shape hit.
    pub(crate) a: usize,
    /// Index of the moving shape.
    pub(crate) b: usize,
    /// B's velocity.
    pub(crate) velocity: Vector2<f64>,
    /// `cast_shapes(A still, B moving)` within 10 time units.
    pub(crate) hit: Option<ShapeCastHit<f64, 2>>,
}

/// The closest points and the casts the scene asks the drawing for.
pub(crate) struct Extras {
    /// `(a, b, closest_points(A, B))`.
    pub(crate) closest: Vec<(usize, usize, ClosestPoints<f64, 2>)>,
    /// The casts.
    pub(crate) casts: Vec<Cast>,
    /// The concave body, its pieces and a ball in its notch.
    pub(crate) concave: concave::ConcaveDemo,
}

/// Runs `closest_points` and `cast_shapes` on the pairs the scene names,
/// and builds the concave demo.
fn extras(scene: &Scene) -> Result<Extras, separating_axis::ShapeError> {
    let bodies = &scene.bodies;
    let closest = scene
        .closest
        .iter()
        .map(|(a, b)| {
            let (a, b) = (scene.index(a), scene.index(b));
            let c = closest_points(
                &bodies[a].geometry,
                &bodies[a].pose,
                &bodies[b].geometry,
                &bodies[b].pose,
            );
            (a, b, c)
        })
        .collect();
    let casts = scene
        .casts
        .iter()
        .map(|(a, b, v)| {
            let (a, b) = (scene.index(a), scene.index(b));
            let velocity = Vector2::new(v[0], v[1]);
            let hit = cast_shapes(
                &bodies[a].geometry,
                &bodies[a].pose,
                &Vector2::zeros(),
                &bodies[b].geometry,
                &bodies[b].pose,
                &velocity,
                10.0,
            );
            Cast {
                a,
                b,
                velocity,
                hit,
            }
        })
        .collect();
    Ok(Extras {
        closest,
        casts,
        concave: concave::concave_demo()?,
    })
}

// ---------------------------------------------------------------------------
// The 3D tour
// ---------------------------------------------------------------------------

/// The 3D part of the tour: a table, with the conventions of the 2D one.
fn tour_3d() -> Result<(), Box<dyn Error>> {
    let rows = scene_3d()?;
    print_table_3d(&rows);
    Ok(())
}
