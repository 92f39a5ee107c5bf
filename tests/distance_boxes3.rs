//! Two 3D boxes apart take a closed form (`src/distance/boxes3.rs`: the 16
//! corners clamped to the other box and the 9 edge pairs supporting the
//! boxes along their cross products): it must give the min-norm
//! iteration's answer on the same boxes hidden from it ([`Hidden`]) and
//! the brute-force oracle's. Random pairs near and far from the origin,
//! axis-aligned and quarter-turned pairs (parallel faces and edges, the
//! supporting edge ambiguous), crossed edges by hand, casts; both orders,
//! f32 and f64.

use nalgebra::{Matrix3, Point3, Rotation3, Vector3};
use separating_axis::{cast_shapes, closest_points, distance, intersects, Obb, Pose3, Shape};

use crate::support::agree::{casts_agree, closest_points_agree};
use crate::support::hidden::Hidden;
use crate::support::oracle_round;
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// A rotation: random, or one in three a quarter turn about a coordinate
/// axis, or the identity (parallel faces and edges).
fn random_rotation<T: TestReal>(rng: &mut Rng) -> Rotation3<T> {
    let m = match rng.below(4) {
        0 => Matrix3::identity(),
        1 => {
            let quarter = [
                Matrix3::new(1.0, 0.0, 0.0, 0.0, 0.0, -1.0, 0.0, 1.0, 0.0),
                Matrix3::new(0.0, 0.0, 1.0, 0.0, 1.0, 0.0, -1.0, 0.0, 0.0),
                Matrix3::new(0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0),
            ];
            quarter[rng.below(3)]
        }
        _ => *rng.rotation().matrix(),
    };
    Rotation3::from_matrix_unchecked(m.map(t::<T>))
}

/// A box of half extents 0.1 to 2 (times `size`), its centre off its
/// shape's origin by up to half its size.
fn random_box<T: TestReal>(rng: &mut Rng, size: f64) -> Obb<T, 3> {
    let h = Vector3::new(
        rng.range(0.1, 2.0),
        rng.range(0.1, 2.0),
        rng.range(0.1, 2.0),
    ) * size;
    let c = rng.unit_vector3() * rng.range(0.0, 0.5 * size);
    let rotation = random_rotation::<T>(rng);
    Obb::new(Point3::from(c.map(t::<T>)), rotation, h.map(t)).unwrap()
}

fn random_pose<T: TestReal>(rng: &mut Rng, at: Vector3<f64>) -> Pose3<T> {
    let rotation = random_rotation::<T>(rng);
    Pose3::from_parts(at.map(t::<T>).into(), rotation)
}

/// The box's corners in the world, in f64.
fn world_corners<T: TestReal>(b: &Obb<T, 3>, pose: &Pose3<T>) -> Vec<Point3<f64>> {
    let r = pose.rotation.matrix().map(f);
    let at = pose.translation.vector.map(f);
    (0..b.core_vertex_count())
        .map(|i| Point3::from(r * b.local_core_vertex(i).coords.map(f) + at))
        .collect()
}

fn bits<T: TestReal>(x: T) -> u64 {
    f(x).to_bits()
}

/// 64 epsilons of the scale (the distance tests' tolerance).
fn tol<T: TestReal>(scale: f64) -> f64 {
    64.0 * f(T::default_epsilon()) * scale.max(1.0)
}

/// Random pairs against the iteration and the oracle, at `origin`.
fn pairs_agree<T: TestReal>(seed: u64, origin: f64) {
    let mut rng = Rng::new(seed);
    let mut apart = 0;
    for i in 0..1000 {
        let size = rng.skewed_range(0.2, 4.0);
        let (a, b) = (
            random_box::<T>(&mut rng, size),
            random_box::<T>(&mut rng, 1.0),
        );
        let at = rng.unit_vector3() * origin;
        let pa = random_pose::<T>(&mut rng, at);
        let off = rng.unit_vector3() * rng.range(0.0, 3.0 * size + 3.0);
        let pb = random_pose::<T>(&mut rng, at + off);
        let scale = 2.0 * size + 6.0;
        let what = format!("{} pair {i} at {origin}", T::NAME);
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let closed = closest_points(x, px, y, py);
            if intersects(x, px, y, py) {
                assert_eq!(bits(closed.distance), 0.0_f64.to_bits(), "{what}");
                continue;
            }
            apart += 1;
            let iterated = closest_points(&Hidden(*x), px, &Hidden(*y), py);
            closest_points_agree(
                &closed,
                &iterated,
                tol::<T>(scale),
                tol::<T>(scale + origin),
                &what,
            );
            let d = f(closed.distance);
            if origin == 0.0 {
                let oracle = oracle_round::signed_distance_3d(
                    &world_corners(x, px),
                    0.0,
                    &world_corners(y, py),
                    0.0,
                );
                assert!(
                    (d - oracle).abs() <= tol::<T>(scale),
                    "{what}: oracle {oracle}, {d}"
                );
            }
        }
    }
    assert!(
        apart > 600,
        "{apart} of 2000 ordered pairs apart: the pool must test the path"
    );
}

fn closed_form_3d_matches_the_iteration_and_the_oracle<T: TestReal>() {
    pairs_agree::<T>(0x3D_B0C5, 0.0);
}

fn closed_form_3d_far_from_the_origin<T: TestReal>() {
    let far = if T::NAME == "f32" { 1e3 } else { 1e6 };
    pairs_agree::<T>(0x3D_FA2, far);
}

/// Two cubes, each turned 45° so that an edge leads: A's top edge runs
/// along y at height √2, B's bottom edge along x, `gap` above it. The
/// closest points are inside both edges (no corner is nearest): the
/// distance is the gap, along z.
fn crossed_edges_by_hand<T: TestReal>() {
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t::<T>(1.0), t(1.0), t(1.0)),
    )
    .unwrap();
    let quarter = std::f64::consts::FRAC_PI_4;
    let pa = Pose3::from_parts(
        Vector3::zeros().into(),
        Rotation3::from_axis_angle(&Vector3::y_axis(), t(quarter)),
    );
    let root2 = f(t::<T>(2.0).sqrt());
    for gap in [1.0, 0.25, 1e-3] {
        let pb = Pose3::from_parts(
            Vector3::new(t(0.3), t(-0.2), t(2.0 * root2 + gap)).into(),
            Rotation3::from_axis_angle(&Vector3::x_axis(), t(quarter)),
        );
        for (x, y) in [(&pa, &pb), (&pb, &pa)] {
            let c = closest_points(&cube, x, &cube, y);
            let what = format!("{} gap {gap}", T::NAME);
            assert!(
                (f(c.distance) - gap).abs() <= tol::<T>(8.0),
                "{what}: {}",
                f(c.distance)
            );
            let z = f(c.axis.z).abs();
            assert!(
                (z - 1.0).abs() <= tol::<T>(1.0),
                "{what}: axis {:?}",
                c.axis
            );
            // Inside both edges: B's edge runs along x above A's top edge
            // (along y at x = 0), so A's point is at y = −0.2.
            let on_a = if std::ptr::eq(x, &pa) {
                c.point_a
            } else {
                c.point_b
            };
            assert!(
                f(on_a.y) + 0.2 < tol::<T>(4.0) && f(on_a.y) + 0.2 > -tol::<T>(4.0),
                "{what}: {on_a:?}"
            );
        }
        assert!(f(distance(&cube, &pa, &cube, &pb)) > 0.0);
        // B falling onto A's edge: the sweep lands on an edge-to-edge touch
        // (no corner of either box inside the other at any step), at time
        // `gap`, the points together where the edges cross: (0, −0.2, √2).
        let down = Vector3::new(t::<T>(0.0), t(0.0), t(-1.0));
        let still = Vector3::zeros();
        let hit = cast_shapes(&cube, &pa, &still, &cube, &pb, &down, t(2.0))
            .unwrap_or_else(|| panic!("{} gap {gap}: no hit", T::NAME));
        assert!(
            (f(hit.toi) - gap).abs() <= tol::<T>(8.0),
            "{} gap {gap}: toi {:?}",
            T::NAME,
            hit.toi
        );
        let (pa_hit, pb_hit) = (hit.point_a.map(f), hit.point_b.map(f));
        assert!(
            (pa_hit - pb_hit).norm() <= tol::<T>(8.0),
            "{pa_hit} {pb_hit}"
        );
        assert!(
            (f(hit.normal.z) - 1.0).abs() <= tol::<T>(1.0),
            "{:?}",
            hit.normal
        );
        assert!(
            pa_hit.x.abs() <= tol::<T>(8.0)
                && (pa_hit.y + 0.2).abs() <= tol::<T>(8.0)
                && (pa_hit.z - root2).abs() <= tol::<T>(8.0),
            "{} gap {gap}: touch at {pa_hit}",
            T::NAME
        );
    }
}

/// Casts of 3D boxes against the same casts on hidden boxes.
fn box_casts_3d_match_the_iteration<T: TestReal>() {
    let mut rng = Rng::new(0x00CA_573D);
    let (mut hits, mut misses) = (0, 0);
    for i in 0..400 {
        let (a, b) = (
            random_box::<T>(&mut rng, 1.0),
            random_box::<T>(&mut rng, 1.0),
        );
        let from = rng.unit_vector3() * rng.range(4.0, 9.0);
        let aim = rng.unit_vector3() * rng.range(0.0, 3.5);
        let va = ((aim - from) * rng.range(0.3, 1.0)).map(t::<T>);
        let pa = random_pose::<T>(&mut rng, from);
        let pb = random_pose::<T>(&mut rng, Vector3::zeros());
        let still = Vector3::zeros();
        let what = format!("{} cast {i}", T::NAME);
        let closed = cast_shapes(&a, &pa, &va, &b, &pb, &still, t(2.0));
        let iterated = cast_shapes(&Hidden(a), &pa, &va, &Hidden(b), &pb, &still, t(2.0));
        if casts_agree(closed, iterated, tol::<T>(20.0) * 1e3, &what) {
            hits += 1;
        } else {
            misses += 1;
        }
    }
    assert!(hits > 100 && misses > 60, "{hits} hits, {misses} misses");
}

in_both_scalars!(
    closed_form_3d_matches_the_iteration_and_the_oracle,
    closed_form_3d_far_from_the_origin,
    crossed_edges_by_hand,
    box_casts_3d_match_the_iteration,
);
