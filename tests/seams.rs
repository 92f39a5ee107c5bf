//! Ghost contacts at the seams of compounds (`src/compound/seams.rs`): a
//! box sliding over flush tiles meets no seam (2D and 3D, f32 and f64,
//! both argument orders, the compound turned and moved off the origin),
//! convex corners made of several parts keep their contacts, and a box in
//! a concave corner keeps both its floor and its wall.

use nalgebra::{Point2, Point3, Rotation3, Translation3, Vector2, Vector3};
use separating_axis::compound::{self, PartContact, PartPair};
use separating_axis::{
    Aabb, AnyShape2, AnyShape3, Ball, Compound2, Compound3, ConvexPolygon, Manifold, Obb, Pose2,
    Pose3,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, t, TestReal};

/// Tile width: not a binary fraction, so the seams are flush only to the
/// rounding of `(k + ½)·W ± ½W`.
const W: f64 = 0.37;

/// A row of `n` tiles of width `W`, tops at y = 0, each a box centred on
/// its own part pose.
fn row2<T: TestReal>(n: usize) -> Compound2<T> {
    let tile = AnyShape2::<T>::from(
        Obb::new(
            Point2::origin(),
            nalgebra::Rotation2::identity(),
            Vector2::new(t(W / 2.0), t(0.5)),
        )
        .unwrap(),
    );
    Compound2::new(
        (0..n)
            .map(|k| {
                (
                    Pose2::translation(t((k as f64 + 0.5) * W), t(-0.5)),
                    tile.clone(),
                )
            })
            .collect(),
    )
    .unwrap()
}

/// The same floor as one box.
fn slab2<T: TestReal>(n: usize) -> Aabb<T, 2> {
    Aabb::new(
        Point2::new(t(0.0), t(-1.0)),
        Point2::new(t(n as f64 * W), t(0.0)),
    )
    .unwrap()
}

/// The largest distance between two points.
fn spread<const N: usize>(points: &[nalgebra::SVector<f64, N>]) -> f64 {
    let mut best: f64 = 0.0;
    for p in points {
        for q in points {
            best = best.max((p - q).norm());
        }
    }
    best
}

/// Checks a compound's part pair manifolds against the slab's manifold: every normal is the
/// surface's (`up`, out of the floor; `flip` when the floor is B), the
/// deepest separation and the spread of the points are the slab's.
fn check_against_slab<T: TestReal, const N: usize>(
    what: &str,
    got: &[PartPair<Manifold<T, N>>],
    slab: &Manifold<T, N>,
    up: &nalgebra::SVector<f64, N>,
    tol: f64,
) {
    let got: Vec<PartContact<T, N>> = got
        .iter()
        .flat_map(|m| {
            m.value.points().iter().map(|p| PartContact {
                point: *p,
                normal: m.value.normal(),
                part_a: m.part_a,
                part_b: m.part_b,
            })
        })
        .collect();
    assert_eq!(
        got.is_empty(),
        slab.is_empty(),
        "{what}: {} points, slab {}",
        got.len(),
        slab.len()
    );
    if slab.is_empty() {
        return;
    }
    for c in &got {
        let n = c.normal.into_inner().map(f);
        assert!(
            (n - up).norm() <= 1e-6,
            "{what}: normal {n:?}, surface {up:?} (part {})",
            c.part_a
        );
    }
    let deepest = |s: &mut dyn Iterator<Item = T>| s.map(f).fold(f64::INFINITY, f64::min);
    let (d, ds) = (
        deepest(&mut got.iter().map(|c| c.point.separation)),
        deepest(&mut slab.points().iter().map(|p| p.separation)),
    );
    assert!((d - ds).abs() <= tol, "{what}: deepest {d}, slab {ds}");
    let on = |p: &separating_axis::ContactPoint<T, N>| p.on_b.coords.map(f);
    let (s, ss) = (
        spread(&got.iter().map(|c| on(&c.point)).collect::<Vec<_>>()),
        spread(&slab.points().iter().map(on).collect::<Vec<_>>()),
    );
    // No support lost: the points span what the slab's span, less the side
    // slop (incident vertices up to 1e-3 of the reference face outside it
    // are kept where they are, docs/manifolds.md). Not an upper bound: a
    // speculative pair whose clip is empty gets one point at a support
    // point of the tile's top, which can lie past the box.
    assert!(
        s >= ss - 2e-3 * ss - tol,
        "{what}: points spread {s}, slab {ss}"
    );
}

fn slide_2d<T: TestReal>() {
    let n = 100;
    let (tiles, slab) = (row2::<T>(n), slab2::<T>(n));
    let box_ = Aabb::new(Point2::new(t(-0.5), t(-0.25)), Point2::new(t(0.5), t(0.25))).unwrap();
    let place = Pose2::new(Vector2::new(t(5.0), t(-3.0)), t(0.3));
    let up = place.rotation * Vector2::y();
    let up = Vector2::new(f(up.x), f(up.y));
    let margin: T = t(0.02);
    let tol = 1e3 * T::AGREE;
    for &sink in &[0.01, 1e-3, 1e-5, -0.005, -0.015] {
        let mut x = 0.9;
        while x < n as f64 * W - 0.9 {
            let pose_b = place * Pose2::translation(t(x), t(0.25 - sink));
            let what = format!("{} x {x} sink {sink}", T::NAME);
            let mut got = Vec::new();
            compound::contact_manifolds(&tiles, &place, &box_, &pose_b, margin, &mut got);
            let want = separating_axis::contact_manifold(&slab, &place, &box_, &pose_b, margin);
            check_against_slab(&what, &got, &want, &up, tol);
            compound::contact_manifolds(&box_, &pose_b, &tiles, &place, margin, &mut got);
            let want = separating_axis::contact_manifold(&box_, &pose_b, &slab, &place, margin);
            check_against_slab(&format!("{what} swapped"), &got, &want, &-up, tol);
            x += 0.0173;
        }
    }
}

/// A grid of `n × n` tiles of width `W` in x and z, tops at y = 0.
fn grid3<T: TestReal>(n: usize) -> Compound3<T> {
    let tile = AnyShape3::<T>::from(
        Aabb::new(
            Point3::new(t(-W / 2.0), t(-0.5), t(-W / 2.0)),
            Point3::new(t(W / 2.0), t(0.5), t(W / 2.0)),
        )
        .unwrap(),
    );
    let mut parts = Vec::new();
    for i in 0..n {
        for k in 0..n {
            let at = Vector3::new(t((i as f64 + 0.5) * W), t(-0.5), t((k as f64 + 0.5) * W));
            parts.push((
                Pose3::from_parts(Translation3::from(at), Rotation3::identity()),
                tile.clone(),
            ));
        }
    }
    Compound3::new(parts).unwrap()
}

fn slide_3d<T: TestReal>() {
    let n = 10;
    let tiles = grid3::<T>(n);
    let side_f = n as f64 * W;
    let side: T = t(side_f);
    let slab = Aabb::new(
        Point3::new(t(0.0), t(-1.0), t(0.0)),
        Point3::new(side, t(0.0), side),
    )
    .unwrap();
    let box_ = Aabb::new(
        Point3::new(t(-0.5), t(-0.25), t(-0.4)),
        Point3::new(t(0.5), t(0.25), t(0.4)),
    )
    .unwrap();
    let turn = Rotation3::from_axis_angle(
        &nalgebra::Unit::new_normalize(Vector3::new(t(0.6), t(0.0), t(0.8))),
        t(0.4),
    );
    let place = Pose3::from_parts(Translation3::new(t(4.0), t(-2.0), t(7.0)), turn);
    let up = place.rotation * Vector3::y();
    let up = Vector3::new(f(up.x), f(up.y), f(up.z));
    let margin: T = t(0.02);
    let tol = 1e3 * T::AGREE;
    for &yaw in &[0.0, 0.3] {
        for &sink in &[0.01, 1e-4, -0.005] {
            let mut s = 0.0;
            while s < 1.0 {
                let (x, z) = (0.8 + s * (side_f - 1.6), 0.8 + s * 1.3);
                let spin = Rotation3::from_axis_angle(&Vector3::<T>::y_axis(), t(yaw));
                let local = Pose3::from_parts(Translation3::new(t(x), t(0.25 - sink), t(z)), spin);
                let pose_b = place * local;
                let what = format!("{} yaw {yaw} sink {sink} at ({x}, {z})", T::NAME);
                let mut got = Vec::new();
                compound::contact_manifolds(&tiles, &place, &box_, &pose_b, margin, &mut got);
                let want = separating_axis::contact_manifold(&slab, &place, &box_, &pose_b, margin);
                check_against_slab(&what, &got, &want, &up, tol);
                compound::contact_manifolds(&box_, &pose_b, &tiles, &place, margin, &mut got);
                let want = separating_axis::contact_manifold(&box_, &pose_b, &slab, &place, margin);
                check_against_slab(&format!("{what} swapped"), &got, &want, &-up, tol);
                s += 0.0021;
            }
        }
    }
}

#[test]
fn a_box_sliding_over_flush_tiles_meets_no_seam() {
    slide_2d::<f64>();
    slide_2d::<f32>();
    slide_3d::<f64>();
    slide_3d::<f32>();
}

/// The unit square as one polygon, and as the four triangles of a fan
/// from its centre (each corner shared by two parts).
fn square_and_fan<T: TestReal>() -> (ConvexPolygon<T>, Compound2<T>) {
    let p = |x: f64, y: f64| Point2::new(t(x), t(y));
    let corners = [p(0.0, 0.0), p(1.0, 0.0), p(1.0, 1.0), p(0.0, 1.0)];
    let square = ConvexPolygon::new(&corners).unwrap();
    let fan = (0..4)
        .map(|k| {
            let tri = ConvexPolygon::new(&[p(0.5, 0.5), corners[k], corners[(k + 1) % 4]]).unwrap();
            (Pose2::identity(), AnyShape2::<T>::from(tri))
        })
        .collect();
    (square, Compound2::new(fan).unwrap())
}

fn corners_2d<T: TestReal>() {
    let (square, fan) = square_and_fan::<T>();
    let id = Pose2::identity();
    // A ball touching the corner (1, 1) along the diagonal, 0.01 deep: the
    // normal (1, 1)/√2 is in the union's cone there, not a face normal.
    let ball = Ball::new(Point2::origin(), t(0.25)).unwrap();
    let c = 1.0 + (0.25 - 0.01) / 2f64.sqrt();
    let at = Pose2::translation(t(c), t(c));
    let m = compound::contact_manifold(&fan, &id, &ball, &at, t(0.0));
    assert!(!m.is_empty(), "{}: the corner contact was dropped", T::NAME);
    let n = m.deepest().unwrap().normal.into_inner();
    assert!(
        (Vector2::new(f(n.x), f(n.y)) - Vector2::new(1.0, 1.0).normalize()).norm() < 1e3 * T::AGREE
    );
    assert!((f(m.deepest().unwrap().point.separation) + 0.01).abs() < 1e3 * T::AGREE);
    // Random boxes and balls at the corners, shallow: the fan's deepest
    // point is the square's, in both orders.
    let mut rng = Rng::new(0x5EA5);
    let box_ = Aabb::new(Point2::new(t(-0.2), t(-0.1)), Point2::new(t(0.2), t(0.1))).unwrap();
    for _ in 0..4000 {
        let corner = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)][rng.below(4)];
        let dir = Vector2::new(corner.0 - 0.5, corner.1 - 0.5).normalize();
        let turn = rng.range(-1.0, 1.0);
        let away = Vector2::new(
            dir.x * turn.cos() - dir.y * turn.sin(),
            dir.x * turn.sin() + dir.y * turn.cos(),
        );
        let reach = rng.range(0.12, 0.3);
        let at = Pose2::new(
            Vector2::new(t(corner.0 + away.x * reach), t(corner.1 + away.y * reach)),
            t(rng.range(-3.0, 3.0)),
        );
        let check = |what: &str, got: compound::CompoundManifold<T, 2>, want: Manifold<T, 2>| {
            assert_eq!(
                got.is_empty(),
                want.is_empty(),
                "{} {what}: {at:?}",
                T::NAME
            );
            if let (Some(g), Some(w)) = (got.deepest(), want.deepest()) {
                let (g, w) = (f(g.point.separation), f(w.separation));
                assert!(
                    (g - w).abs() <= 1e3 * T::AGREE,
                    "{} {what}: deepest {g}, square {w}, {at:?}",
                    T::NAME
                );
            }
        };
        if rng.chance(0.5) {
            check(
                "box",
                compound::contact_manifold(&fan, &id, &box_, &at, t(0.0)),
                separating_axis::contact_manifold(&square, &id, &box_, &at, t(0.0)),
            );
            check(
                "box swapped",
                compound::contact_manifold(&box_, &at, &fan, &id, t(0.0)),
                separating_axis::contact_manifold(&box_, &at, &square, &id, t(0.0)),
            );
        } else {
            check(
                "ball",
                compound::contact_manifold(&fan, &id, &ball, &at, t(0.0)),
                separating_axis::contact_manifold(&square, &id, &ball, &at, t(0.0)),
            );
            check(
                "ball swapped",
                compound::contact_manifold(&ball, &at, &fan, &id, t(0.0)),
                separating_axis::contact_manifold(&ball, &at, &square, &id, t(0.0)),
            );
        }
    }
}

fn corners_3d<T: TestReal>() {
    // A unit cube as two boxes, one on the other: the seam runs round the
    // middle; a cube turned 45° about y pushes its face against the
    // vertical edge x = z = 1 across the seam, 0.01 deep.
    let half = |y0: f64| {
        AnyShape3::<T>::from(
            Aabb::new(
                Point3::new(t(0.0), t(y0), t(0.0)),
                Point3::new(t(1.0), t(y0 + 0.5), t(1.0)),
            )
            .unwrap(),
        )
    };
    let two = Compound3::new(vec![
        (Pose3::identity(), half(0.0)),
        (Pose3::identity(), half(0.5)),
    ])
    .unwrap();
    let cube = Aabb::new(
        Point3::new(t(0.0), t(0.0), t(0.0)),
        Point3::new(t(1.0), t(1.0), t(1.0)),
    )
    .unwrap();
    let probe = Aabb::new(
        Point3::new(t(-0.2), t(-0.2), t(-0.2)),
        Point3::new(t(0.2), t(0.2), t(0.2)),
    )
    .unwrap();
    let c = 1.0 + (0.2 - 0.01) / 2f64.sqrt();
    let turn = Rotation3::from_axis_angle(&Vector3::y_axis(), t(std::f64::consts::FRAC_PI_4));
    let at = Pose3::from_parts(Translation3::new(t(c), t(0.5), t(c)), turn);
    let id = Pose3::identity();
    for (what, got, want) in [
        (
            "",
            compound::contact_manifold(&two, &id, &probe, &at, t(0.0)),
            separating_axis::contact_manifold(&cube, &id, &probe, &at, t(0.0)),
        ),
        (
            " swapped",
            compound::contact_manifold(&probe, &at, &two, &id, t(0.0)),
            separating_axis::contact_manifold(&probe, &at, &cube, &id, t(0.0)),
        ),
    ] {
        assert!(
            !got.is_empty(),
            "{}{what}: the edge contact was dropped",
            T::NAME
        );
        let (g, w) = (
            f(got.deepest().unwrap().point.separation),
            f(want.deepest().unwrap().separation),
        );
        assert!(
            (g - w).abs() <= 1e3 * T::AGREE,
            "{}{what}: deepest {g}, cube {w}",
            T::NAME
        );
        assert!(
            got.len() >= 2,
            "{}{what}: {} points along the edge",
            T::NAME,
            got.len()
        );
    }
}

#[test]
fn convex_corners_keep_their_contacts() {
    corners_2d::<f64>();
    corners_2d::<f32>();
    corners_3d::<f64>();
    corners_3d::<f32>();
}

fn corner_room_2d<T: TestReal>() {
    let floor = AnyShape2::<T>::from(
        Aabb::new(Point2::new(t(-5.0), t(-1.0)), Point2::new(t(5.0), t(0.0))).unwrap(),
    );
    let wall = AnyShape2::<T>::from(
        Aabb::new(Point2::new(t(-1.0), t(0.0)), Point2::new(t(0.0), t(10.0))).unwrap(),
    );
    let room = Compound2::new(vec![
        (Pose2::identity(), floor.clone()),
        (Pose2::identity(), wall.clone()),
    ])
    .unwrap();
    let box_ = Aabb::new(Point2::new(t(0.0), t(0.0)), Point2::new(t(2.0), t(2.0))).unwrap();
    let id = Pose2::identity();
    for &(dx, dy) in &[(-0.01, -0.01), (0.0, 0.0), (-1e-4, -0.02), (0.005, -0.01)] {
        let at = Pose2::translation(t(dx), t(dy));
        let mut got = Vec::new();
        compound::contact_manifolds(&room, &id, &box_, &at, t(0.01), &mut got);
        let plain =
            |part: &AnyShape2<T>| separating_axis::contact_manifold(part, &id, &box_, &at, t(0.01));
        for (k, part) in [&floor, &wall].into_iter().enumerate() {
            let want = plain(part);
            let have = got
                .iter()
                .find(|m| m.part_a == k)
                .map(|m| m.value.len())
                .unwrap_or(0);
            assert_eq!(
                have,
                want.len(),
                "{} ({dx}, {dy}) part {k}: {have} points, alone {}",
                T::NAME,
                want.len()
            );
        }
    }
}

fn corner_room_3d<T: TestReal>() {
    let floor = AnyShape3::<T>::from(
        Aabb::new(
            Point3::new(t(-5.0), t(-1.0), t(-5.0)),
            Point3::new(t(5.0), t(0.0), t(5.0)),
        )
        .unwrap(),
    );
    let wall = AnyShape3::<T>::from(
        Aabb::new(
            Point3::new(t(-1.0), t(0.0), t(-5.0)),
            Point3::new(t(0.0), t(10.0), t(5.0)),
        )
        .unwrap(),
    );
    let room = Compound3::new(vec![
        (Pose3::identity(), floor.clone()),
        (Pose3::identity(), wall.clone()),
    ])
    .unwrap();
    let box_ = Aabb::new(
        Point3::new(t(0.0), t(0.0), t(0.0)),
        Point3::new(t(2.0), t(2.0), t(2.0)),
    )
    .unwrap();
    let id = Pose3::identity();
    for &(dx, dy) in &[(-0.01, -0.01), (0.0, 0.0), (-1e-4, -0.02)] {
        let at = Pose3::translation(t(dx), t(dy), t(0.0));
        let mut got = Vec::new();
        compound::contact_manifolds(&room, &id, &box_, &at, t(0.01), &mut got);
        for (k, part) in [&floor, &wall].into_iter().enumerate() {
            let want = separating_axis::contact_manifold(part, &id, &box_, &at, t(0.01));
            let have = got
                .iter()
                .find(|m| m.part_a == k)
                .map(|m| m.value.len())
                .unwrap_or(0);
            assert_eq!(
                have,
                want.len(),
                "{} ({dx}, {dy}) part {k}: {have} points, alone {}",
                T::NAME,
                want.len()
            );
        }
    }
}

#[test]
fn a_box_in_a_corner_keeps_floor_and_wall() {
    corner_room_2d::<f64>();
    corner_room_2d::<f32>();
    corner_room_3d::<f64>();
    corner_room_3d::<f32>();
}
