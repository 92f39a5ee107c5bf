//! The tour's concave body: an E-shaped simple polygon decomposed into
//! convex pieces (`ConcavePolygon`), and a ball sunk into its middle tooth
//! from the notch above it, with the deepest part pair's MTV
//! (`compound::penetration`). The ball lies inside the polygon's convex
//! hull, so a convex test on the hull would push it out sideways; the
//! pieces push it up, out of the tooth, into the notch.

use std::fmt::Write as _;

use nalgebra::{Point2, Vector2};
use separating_axis::compound::{self, PartPair};
use separating_axis::{Ball, ConcavePolygon, Penetration, Pose2, ShapeError};

use super::svg::{write_arrow, View};

/// The demo: the polygon (in world coordinates, at the identity pose), the
/// ball and where it is, and their deepest overlap.
pub(crate) struct ConcaveDemo {
    /// The E.
    pub(crate) polygon: ConcavePolygon<f64>,
    /// The ball.
    pub(crate) ball: Ball<f64, 2>,
    /// Where the ball is.
    pub(crate) ball_pose: Pose2<f64>,
    /// `compound::penetration(E, ball)`.
    pub(crate) penetration: Option<PartPair<Penetration<f64, 2>>>,
}

/// Builds the E (spine on the left, three teeth to the right) and the ball
/// in the upper notch, 0.15 into the middle tooth.
pub(crate) fn concave_demo() -> Result<ConcaveDemo, ShapeError> {
    let e = [
        (-6.0, 3.0),
        (-1.0, 3.0),
        (-1.0, 4.2),
        (-5.0, 4.2),
        (-5.0, 5.4),
        (-2.0, 5.4),
        (-2.0, 6.6),
        (-5.0, 6.6),
        (-5.0, 7.8),
        (-1.0, 7.8),
        (-1.0, 9.0),
        (-6.0, 9.0),
    ];
    let points: Vec<Point2<f64>> = e.iter().map(|&(x, y)| Point2::new(x, y)).collect();
    let polygon = ConcavePolygon::new(&points)?;
    let ball = Ball::new(Point2::origin(), 0.55)?;
    let ball_pose = Pose2::translation(-3.2, 7.0);
    let penetration = compound::penetration(&polygon, &Pose2::identity(), &ball, &ball_pose);
    Ok(ConcaveDemo {
        polygon,
        ball,
        ball_pose,
        penetration,
    })
}

impl ConcaveDemo {
    /// The line the tour prints about the demo.
    pub(crate) fn summary(&self) -> String {
        let p = &self.polygon;
        let head = format!(
            "concave E: {} vertices, {} reflex, {} convex pieces",
            p.vertices().len(),
            p.reflex_count(),
            p.pieces().count()
        );
        match &self.penetration {
            Some(pp) => format!(
                "{head}; notch-ball sunk into piece {} by {:.3}, normal ({:+.3}, {:+.3})",
                pp.part_a, pp.value.depth, pp.value.normal.x, pp.value.normal.y
            ),
            None => format!("{head}; notch-ball apart"),
        }
    }

    /// The corners of the box holding the demo, `(min, max)`.
    pub(crate) fn bounds(&self) -> (Point2<f64>, Point2<f64>) {
        self.polygon.vertices().iter().fold(
            (
                Point2::new(f64::INFINITY, f64::INFINITY),
                Point2::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            ),
            |(lo, hi), p| (lo.inf(p), hi.sup(p)),
        )
    }
}

/// Draws the pieces (light fills, dashed seams), the polygon's outline,
/// the ball, the MTV arrow and the labels.
pub(crate) fn write_concave(svg: &mut String, view: &View, demo: &ConcaveDemo) -> std::fmt::Result {
    let path = |vs: &[Point2<f64>]| -> String {
        vs.iter()
            .map(|p| {
                let (x, y) = view.px(p);
                format!("{x:.1},{y:.1}")
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    let fills = ["#dbe9f6", "#e4f2dc", "#f6efd6", "#efdff2", "#dcf0ef"];
    for (k, piece) in demo.polygon.pieces().enumerate() {
        writeln!(
            svg,
            r##"<polygon points="{}" fill="{}" stroke="#5a7ea8" stroke-width="1" stroke-dasharray="4 3"/>"##,
            path(piece.vertices()),
            fills[k % fills.len()]
        )?;
    }
    writeln!(
        svg,
        r##"<polygon points="{}" fill="none" stroke="#223" stroke-width="2"/>"##,
        path(demo.polygon.vertices())
    )?;
    let centre = demo.ball_pose * demo.ball.center();
    let overlapping = demo.penetration.is_some();
    let (cx, cy) = view.px(&centre);
    writeln!(
        svg,
        r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{}" fill-opacity="0.6" stroke="#223" stroke-width="1.5"/>"##,
        demo.ball.radius() * view.scale,
        if overlapping { "#e06666" } else { "#cccccc" }
    )?;
    if let Some(pp) = &demo.penetration {
        let normal: Vector2<f64> = pp.value.normal.into_inner();
        let start = centre - normal * demo.ball.radius();
        write_arrow(svg, view, &start, &normal, pp.value.depth)?;
    }
    let (lo, hi) = demo.bounds();
    let (lx, ly) = view.px(&Point2::new(lo.x, hi.y));
    writeln!(
        svg,
        r##"<text x="{lx:.1}" y="{:.1}" font-size="12" fill="#223">concave E: {} convex pieces (dashed seams)</text>"##,
        ly - 8.0,
        demo.polygon.pieces().count()
    )?;
    let (bx, by) = view.px(&Point2::new(
        centre.x + demo.ball.radius() + 0.1,
        centre.y + 0.3,
    ));
    writeln!(
        svg,
        r##"<text x="{bx:.1}" y="{by:.1}" font-size="12" fill="#222" stroke="white" stroke-width="3" paint-order="stroke">notch-ball</text>"##
    )
}
