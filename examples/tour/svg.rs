//! The tour's SVG drawing of the 2D scene: shapes coloured by state,
//! MTV arrows, labels and a legend.

use std::fmt::Write as _;

use nalgebra::{Point2, Vector2};

use separating_axis::AnyShape;

use super::scene::{Body, Scene};
use super::{Extras, PairReport};

/// Width of the SVG drawing, in pixels.
const SVG_WIDTH: f64 = 800.0;
/// Height of the SVG drawing, in pixels.
const SVG_HEIGHT: f64 = 600.0;
/// The shortest an MTV arrow is drawn, in pixels, so that a depth of 0
/// (touching) or a tiny depth still shows as an arrow.
const MIN_ARROW_PX: f64 = 26.0;

// ---------------------------------------------------------------------------
// The SVG drawing
// ---------------------------------------------------------------------------

/// A body's boundary in world coordinates, ready to draw.
pub(crate) enum Outline {
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
            AnyShape::Polytope(s) => polygon(s.vertices()),
            AnyShape::Ball(s) => Self::Circle {
                centre: pose * s.center(),
                radius: s.radius(),
            },
            AnyShape::Aabb(s) => {
                let (lo, hi) = (s.min(), s.max());
                polygon(&[lo, Point2::new(hi.x, lo.y), hi, Point2::new(lo.x, hi.y)])
            }
            AnyShape::Obb(s) => {
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
            // The tour's scene holds no capsule; later variants of the
            // non-exhaustive enum are drawn as nothing.
            _ => Self::Polygon(Vec::new()),
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
pub(crate) struct View {
    /// World point drawn at the bottom-left corner of the fitted scene.
    pub(crate) origin: Point2<f64>,
    /// Pixels per world unit.
    pub(crate) scale: f64,
    /// Pixel x of `origin`.
    pub(crate) left: f64,
    /// Pixel y of `origin`.
    pub(crate) bottom: f64,
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
    pub(crate) fn px(&self, p: &Point2<f64>) -> (f64, f64) {
        (
            self.left + (p.x - self.origin.x) * self.scale,
            self.bottom - (p.y - self.origin.y) * self.scale,
        )
    }
}

/// How a body is drawn: after the worst state of any pair it is in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum State {
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
pub(crate) fn body_states(count: usize, all: &[PairReport]) -> Vec<State> {
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
pub(crate) fn svg_2d(
    scene: &Scene,
    rows: &[PairReport],
    all: &[PairReport],
    extras: &Extras,
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
        .chain(std::iter::once(extras.concave.bounds()))
        .fold(
            (
                Point2::new(f64::INFINITY, f64::INFINITY),
                Point2::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
            ),
            |(lo, hi), (a, b)| (lo.inf(&a).inf(&b), hi.sup(&a).sup(&b)),
        );
    let view = View::fit(lo, hi, (30.0, 105.0, SVG_WIDTH - 30.0, SVG_HEIGHT - 25.0));

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
    for point in rows.iter().flat_map(|r| r.manifold.points()) {
        write_contact(&mut svg, &view, &point.on_a, &point.on_b)?;
    }
    for (_, _, c) in &extras.closest {
        let ((x0, y0), (x1, y1)) = (view.px(&c.point_a), view.px(&c.point_b));
        writeln!(
            svg,
            r##"<line x1="{x0:.1}" y1="{y0:.1}" x2="{x1:.1}" y2="{y1:.1}" stroke="#3b6ea5" stroke-width="2" stroke-dasharray="3 2"/><circle cx="{x0:.1}" cy="{y0:.1}" r="3" fill="#3b6ea5"/><circle cx="{x1:.1}" cy="{y1:.1}" r="3" fill="#3b6ea5"/><text x="{:.1}" y="{:.1}" font-size="12" fill="#3b6ea5" stroke="white" stroke-width="3" paint-order="stroke">distance {:.3}</text>"##,
            x1 + 6.0,
            y1 + 14.0,
            c.distance
        )?;
    }
    for cast in &extras.casts {
        let Some(hit) = &cast.hit else { continue };
        let start = &bodies[cast.b];
        let mut ghost_pose = start.pose;
        ghost_pose.translation.vector += cast.velocity * hit.toi;
        let ghost = Outline::of(&Body {
            name: start.name,
            geometry: start.geometry.clone(),
            pose: ghost_pose,
        });
        write_ghost(&mut svg, &view, &ghost)?;
        let ((x0, y0), (x1, y1)) = (
            view.px(&outlines[cast.b].centre()),
            view.px(&ghost.centre()),
        );
        let (cx, cy) = view.px(&hit.point_b);
        writeln!(
            svg,
            r##"<line x1="{x0:.1}" y1="{y0:.1}" x2="{x1:.1}" y2="{y1:.1}" stroke="#7a3ba5" stroke-width="1.5" marker-end="url(#arrowhead)"/><circle cx="{cx:.1}" cy="{cy:.1}" r="3.5" fill="#7a3ba5"/><text x="{:.1}" y="{:.1}" font-size="12" fill="#7a3ba5" stroke="white" stroke-width="3" paint-order="stroke">cast: hits at t = {:.3}</text>"##,
            x1 - 40.0,
            y1 - 48.0,
            hit.toi
        )?;
    }
    super::concave::write_concave(&mut svg, &view, &extras.concave)?;
    for (body, outline) in bodies.iter().zip(&outlines) {
        write_label(&mut svg, &view, body.name, outline)?;
    }
    writeln!(svg, "</svg>")?;
    Ok(svg)
}

/// The title and the colour legend, along the top of the drawing.
pub(crate) fn write_legend(svg: &mut String) -> std::fmt::Result {
    writeln!(
        svg,
        r##"<text x="30" y="24" font-size="16" font-weight="bold" fill="#222">separating-axis tour (2D)</text>"##
    )?;
    writeln!(
        svg,
        r##"<text x="30" y="44" font-size="13" fill="#222">Arrow = MTV of a pair: from B's deepest point along the normal (A to B), depth long; dashed when too short to scale.</text>"##
    )?;
    writeln!(
        svg,
        r##"<circle cx="36" cy="84" r="3.5" fill="#1a8a3a"/><text x="48" y="88" font-size="13" fill="#222">contact point (manifold)</text><line x1="230" y1="84" x2="250" y2="84" stroke="#3b6ea5" stroke-width="2" stroke-dasharray="3 2"/><text x="256" y="88" font-size="13" fill="#222">closest points of an apart pair</text><circle cx="480" cy="84" r="8" fill="none" stroke="#7a3ba5" stroke-dasharray="5 3"/><text x="494" y="88" font-size="13" fill="#222">a cast: where the moving shape first touches</text>"##
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
pub(crate) fn write_label(
    svg: &mut String,
    view: &View,
    name: &str,
    outline: &Outline,
) -> std::fmt::Result {
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
pub(crate) fn write_outline(
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

/// A shape where a cast stops: a dashed outline.
pub(crate) fn write_ghost(svg: &mut String, view: &View, outline: &Outline) -> std::fmt::Result {
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
                r##"<polygon points="{}" fill="none" stroke="#7a3ba5" stroke-width="1.5" stroke-dasharray="5 3"/>"##,
                points.join(" ")
            )
        }
        Outline::Circle { centre, radius } => {
            let (x, y) = view.px(centre);
            writeln!(
                svg,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="{:.1}" fill="none" stroke="#7a3ba5" stroke-width="1.5" stroke-dasharray="5 3"/>"##,
                radius * view.scale
            )
        }
    }
}

/// One contact point: a green dot at `on_a`, a line to `on_b`, a ring
/// there.
pub(crate) fn write_contact(
    svg: &mut String,
    view: &View,
    on_a: &Point2<f64>,
    on_b: &Point2<f64>,
) -> std::fmt::Result {
    let ((xa, ya), (xb, yb)) = (view.px(on_a), view.px(on_b));
    writeln!(
        svg,
        r##"<line x1="{xa:.1}" y1="{ya:.1}" x2="{xb:.1}" y2="{yb:.1}" stroke="#1a8a3a" stroke-width="1.5"/><circle cx="{xb:.1}" cy="{yb:.1}" r="3" fill="white" stroke="#1a8a3a" stroke-width="1.5"/><circle cx="{xa:.1}" cy="{ya:.1}" r="3.5" fill="#1a8a3a"/>"##
    )
}

/// One MTV arrow from `start` along `normal`, `depth` long; dashed when
/// drawn longer than to scale (at least [`MIN_ARROW_PX`]), with its depth
/// written beside it.
pub(crate) fn write_arrow(
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
