//! The 2D box path's closed-form clip (`src/manifold/box2.rs`): the
//! incident edge's two corners clamped to the reference edge's extent
//! along the other axis, one case per branch of the clamp, each derived by
//! hand with exact binary values (so the points and depths are exact).
//! A ground box of half extents (2, 1) at the origin and a crate of half
//! extents (1, 0.5) sunk 0.25 into its top face; every test in f32 and f64.

use nalgebra::{Point2, Rotation2, Vector2};
use separating_axis::{contact_manifold, ContactFeature, Manifold, Obb, Pose2};

use crate::support::scalars::in_both_scalars;
use crate::support::scalars::{f, t, TestReal};

use ContactFeature::{Face, Vertex};

/// The ground (half extents (2, 1)) and a crate (half extents (1, 0.5))
/// centred at `(x, 1.25)`, so that its bottom edge is 0.25 below the
/// ground's top edge.
fn scene<T: TestReal>(x: f64) -> (Obb<T, 2>, Obb<T, 2>, Pose2<T>) {
    let make = |hx: f64, hy: f64| {
        Obb::new(
            Point2::origin(),
            Rotation2::identity(),
            Vector2::new(t::<T>(hx), t(hy)),
        )
        .unwrap()
    };
    (
        make(2.0, 1.0),
        make(1.0, 0.5),
        Pose2::translation(t(x), t(1.25)),
    )
}

/// The points as `(on_a, on_b, separation, id.a, id.b)` in f64, to
/// compare exactly.
type Row = ((f64, f64), (f64, f64), f64, ContactFeature, ContactFeature);

fn rows<T: TestReal>(m: &Manifold<T, 2>) -> Vec<Row> {
    m.points()
        .iter()
        .map(|p| {
            (
                (f(p.on_a.x), f(p.on_a.y)),
                (f(p.on_b.x), f(p.on_b.y)),
                f(p.separation),
                p.id.a,
                p.id.b,
            )
        })
        .collect()
}

/// Both corners of the crate's bottom edge inside the ground's top edge:
/// the clamp keeps both, named (ground's top face, crate's corner).
fn box2_clip_keeps_both_corners<T: TestReal>() {
    let (ground, crate_, pose) = scene::<T>(0.0);
    let m = contact_manifold(&ground, &Pose2::identity(), &crate_, &pose, t(0.0));
    assert_eq!(f(m.normal().y).to_bits(), 1.0f64.to_bits(), "{m:?}");
    assert_eq!(
        rows(&m),
        vec![
            ((-1.0, 1.0), (-1.0, 0.75), -0.25, Face(1), Vertex(0)),
            ((1.0, 1.0), (1.0, 0.75), -0.25, Face(1), Vertex(1)),
        ]
    );
}

/// The crate overhangs the ground's right end (its bottom edge from 0.5
/// to 2.5): the first plane (+x <= 2, through the ground's corner 3) cuts
/// the second corner, the crossing at x = 2 is named (ground's corner 3,
/// crate's bottom face 3).
fn box2_clip_cuts_the_second_corner<T: TestReal>() {
    let (ground, crate_, pose) = scene::<T>(1.5);
    let m = contact_manifold(&ground, &Pose2::identity(), &crate_, &pose, t(0.0));
    assert_eq!(
        rows(&m),
        vec![
            ((0.5, 1.0), (0.5, 0.75), -0.25, Face(1), Vertex(0)),
            ((2.0, 1.0), (2.0, 0.75), -0.25, Vertex(3), Face(3)),
        ]
    );
}

/// The crate overhangs the ground's left end (from −2.5 to −0.5): the
/// second plane (−x <= 2, through the ground's corner 2) cuts the first
/// corner, so the kept corner comes first and the crossing at x = −2
/// second, named (ground's corner 2, crate's bottom face 3).
fn box2_clip_cuts_the_first_corner<T: TestReal>() {
    let (ground, crate_, pose) = scene::<T>(-1.5);
    let m = contact_manifold(&ground, &Pose2::identity(), &crate_, &pose, t(0.0));
    assert_eq!(
        rows(&m),
        vec![
            ((-0.5, 1.0), (-0.5, 0.75), -0.25, Face(1), Vertex(1)),
            ((-2.0, 1.0), (-2.0, 0.75), -0.25, Vertex(2), Face(3)),
        ]
    );
}

/// The crate as A (reference: its bottom face 3, the plane −y = 0.5 in
/// its frame), the ground as B: the ground's top edge (corners 3 then 2,
/// from x = 0.5 to −3.5 in the crate's frame) clamped by −x <= 1 (through
/// the crate's corner 0) to x = −1, then by x <= 1 (kept); the points on
/// the crate's bottom edge at world x = 2 and 0.5.
fn box2_clip_on_a_lower_reference_face<T: TestReal>() {
    let (ground, crate_, pose) = scene::<T>(1.5);
    let m = contact_manifold(&crate_, &pose, &ground, &Pose2::identity(), t(0.0));
    assert_eq!(f(m.normal().y).to_bits(), (-1.0f64).to_bits(), "{m:?}");
    assert_eq!(
        rows(&m),
        vec![
            ((2.0, 0.75), (2.0, 1.0), -0.25, Face(3), Vertex(3)),
            ((0.5, 0.75), (0.5, 1.0), -0.25, Vertex(0), Face(1)),
        ]
    );
}

in_both_scalars!(
    box2_clip_keeps_both_corners,
    box2_clip_cuts_the_second_corner,
    box2_clip_cuts_the_first_corner,
    box2_clip_on_a_lower_reference_face
);
