//! The tour's scenes: the eleven 2D shapes with the pairs worth reporting,
//! and the 3D pairs with their answers.

use std::error::Error;

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    contact_manifold, containment, intersects, separation, Aabb, AnyShape, AnyShape2, Ball,
    Capsule, Circle, Containment, ConvexPolygon, ConvexPolyhedron, Manifold, Obb, Obb2, Pose2,
    Pose3, Separation, Shape, ShapeError,
};

// ---------------------------------------------------------------------------
// The scene
// ---------------------------------------------------------------------------

/// A named shape placed in the world by a pose.
pub(crate) struct Body {
    /// The label used in the table and the drawing.
    pub(crate) name: &'static str,
    /// The shape, in its local frame.
    pub(crate) geometry: AnyShape2<f64>,
    /// Where the shape sits in the world.
    pub(crate) pose: Pose2<f64>,
}

/// An ordered pair the table always reports, with what it demonstrates.
pub(crate) struct Featured {
    /// Name of shape A.
    pub(crate) a: &'static str,
    /// Name of shape B.
    pub(crate) b: &'static str,
    /// A few words on what the pair shows.
    pub(crate) shows: &'static str,
}

/// The shapes of a scene and the pairs worth reporting.
pub(crate) struct Scene {
    /// The shapes.
    pub(crate) bodies: Vec<Body>,
    /// The pairs to report first, in order.
    pub(crate) featured: Vec<Featured>,
    /// Pairs whose centre-to-centre line the drawing shows, dashed.
    pub(crate) centre_lines: Vec<(&'static str, &'static str)>,
    /// Separated pairs whose closest points the drawing shows.
    pub(crate) closest: Vec<(&'static str, &'static str)>,
    /// Casts the drawing shows: B moving with this velocity towards A.
    pub(crate) casts: Vec<(&'static str, &'static str, [f64; 2])>,
}

impl Scene {
    /// The index of the body called `name`.
    ///
    /// # Panics
    /// When no body has that name: the built-in scene names only its own.
    pub(crate) fn index(&self, name: &str) -> usize {
        self.bodies
            .iter()
            .position(|b| b.name == name)
            .unwrap_or_else(|| panic!("the scene has no shape called {name:?}"))
    }
}

/// The built-in 2D scene: eleven shapes and the pairs that show what the
/// queries answer (world units; y points up).
pub(crate) fn scene_2d() -> Result<Scene, ShapeError> {
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
            AnyShape::Polytope(regular_polygon(8, 2.0)?),
            3.5,
            10.0,
            0.0,
        ),
        body(
            "oct-b",
            AnyShape::Polytope(regular_polygon(8, 1.8)?),
            6.5,
            11.0,
            std::f64::consts::PI / 8.0,
        ),
        // The wedge's vertices are given in world coordinates: identity pose.
        body("wedge", AnyShape::Polytope(wedge), 0.0, 0.0, 0.0),
        // 0.99 from the wedge's corner (13, 6), beyond both edges that meet
        // there: only the axis from the corner to the centre is right.
        body(
            "vertex-ball",
            AnyShape::Ball(Circle::new(Point2::origin(), 1.3)?),
            13.7,
            5.3,
            0.0,
        ),
        // Below the middle of the wedge's bottom edge (y = 6), 0.3 deep:
        // in that edge's face region, so the edge's normal is the answer.
        body(
            "face-ball",
            AnyShape::Ball(Circle::new(Point2::origin(), 1.0)?),
            10.4,
            5.3,
            0.0,
        ),
        // A long slab, x in [1, 17], y in [1, 2.5].
        body(
            "floor",
            AnyShape::Aabb(Aabb::new(Point2::new(-8.0, -0.75), Point2::new(8.0, 0.75))?),
            9.0,
            1.75,
            0.0,
        ),
        // Rests exactly on the floor: bottom at 3.5 - 1 = 2.5 = floor top.
        body(
            "crate",
            AnyShape::Aabb(Aabb::new(Point2::new(-1.0, -1.0), Point2::new(1.0, 1.0))?),
            3.5,
            3.5,
            0.0,
        ),
        // Off the crate's top-right corner (4.5, 4.5) diagonally: its extent
        // overlaps the crate's along x and along y, but the axis from the
        // corner to its centre separates them.
        body(
            "corner-ball",
            AnyShape::Ball(Circle::new(Point2::origin(), 1.0)?),
            5.4,
            5.4,
            0.0,
        ),
        // Turned 30° by its own rotation and sunk 1.09 into the floor near
        // its right end: the centre-to-centre line points mostly along +x,
        // the cheapest way out is straight up.
        body(
            "tilted",
            AnyShape::Obb(Obb2::new(
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
            AnyShape::Ball(Circle::new(Point2::origin(), 2.5)?),
            16.5,
            10.0,
            0.0,
        ),
        body("pebble", AnyShape::Polytope(pebble), 15.4, 11.0, 0.4),
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
        closest: vec![("crate", "corner-ball")],
        // The corner ball rolling left clips the crate's corner.
        casts: vec![("crate", "corner-ball", [-1.0, 0.0])],
    })
}

/// The regular polygon with `sides` vertices on the circle of `radius`
/// about the origin, the first on the +x axis.
pub(crate) fn regular_polygon(sides: u32, radius: f64) -> Result<ConvexPolygon<f64>, ShapeError> {
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
// The 3D scene
// ---------------------------------------------------------------------------

/// One row of the 3D table.
pub(crate) struct Row3 {
    /// The pair's name.
    pub(crate) pair: &'static str,
    /// What the pair demonstrates.
    pub(crate) shows: &'static str,
    /// `intersects(A, B)`.
    pub(crate) intersects: bool,
    /// `separation(A, B)`.
    pub(crate) separation: Separation<f64, 3>,
    /// `containment(A, B)`.
    pub(crate) containment: Containment,
    /// `contact_manifold(A, B, 0)`: up to four contact points.
    pub(crate) manifold: Manifold<f64, 3>,
}

/// The queries on one 3D pair.
pub(crate) fn row3<A, B>(
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
        manifold: contact_manifold(a, pa, b, pb, 0.0),
    }
}

/// The pose `translation` then `rotation` (Euler angles roll, pitch, yaw).
pub(crate) fn pose3(x: f64, y: f64, z: f64, roll: f64, pitch: f64, yaw: f64) -> Pose3<f64> {
    Pose3::from_parts(
        Vector3::new(x, y, z).into(),
        Rotation3::from_euler_angles(roll, pitch, yaw),
    )
}

/// The 3D pairs of the tour.
pub(crate) fn scene_3d() -> Result<Vec<Row3>, Box<dyn Error>> {
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
