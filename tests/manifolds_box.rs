//! The box–box contact manifold (`src/manifold/box3.rs`): two boxes take
//! a specialised path, which must give the manifold of the generic 3D path
//! (`src/manifold/three_d.rs`) on the same boxes. The generic path is
//! reached through [`Hidden`], a box that does not answer `as_obb`, so
//! that every query on it runs the generic engine and the generic clipping.
//! Every test runs in f32 and f64, and in both argument orders.

use nalgebra::{Point, Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    contact_manifold, separation, Aabb, ContactDim, ContactFeature, Feature, Manifold, Obb, Pose,
    Pose2, Pose3, Shape, Support,
};

use crate::support::hidden::Hidden;
use crate::support::rng::Rng;
use crate::support::scalars::in_both_scalars;
use crate::support::scalars::{f, t, TestReal};

/// A random box pair: half extents 0.2 to 1.5, B's centre at a random
/// direction from A's at a distance that makes them deep, touching or
/// just apart. One pair in four is axis-aligned or turned by quarter turns
/// (coplanar faces, collinear edges: the ties of clipping), one in eight
/// has B exactly resting on A's top face.
fn box_pair<T: TestReal>(rng: &mut Rng) -> (Obb<T, 3>, Pose3<T>, Obb<T, 3>, Pose3<T>) {
    let mut half = || {
        Vector3::new(
            rng.range(0.2, 1.5),
            rng.range(0.2, 1.5),
            rng.range(0.2, 1.5),
        )
    };
    let (ha, hb) = (half(), half());
    let kind = rng.next_u64() % 8;
    let quarter = |rng: &mut Rng| {
        let k = (rng.next_u64() % 4) as f64;
        Rotation3::from_axis_angle(&Vector3::z_axis(), k * core::f64::consts::FRAC_PI_2)
    };
    let (ra, rb) = if kind < 2 {
        (quarter(rng), quarter(rng))
    } else {
        (rng.rotation(), rng.rotation())
    };
    let a = Obb::new(Point3::origin(), ra.cast::<T>(), ha.cast::<T>()).unwrap();
    let b = Obb::new(Point3::origin(), rb.cast::<T>(), hb.cast::<T>()).unwrap();
    let pa = Pose3::from_parts(
        Vector3::new(
            rng.range(-3.0, 3.0),
            rng.range(-3.0, 3.0),
            rng.range(-3.0, 3.0),
        )
        .into(),
        if kind < 2 {
            Rotation3::identity()
        } else {
            rng.rotation()
        },
    );
    let offset = if kind == 0 {
        // Resting on A's top: z extents add up exactly (up to the sink).
        let sink = [0.0, 0.25, 0.0625][(rng.next_u64() % 3) as usize];
        Vector3::new(
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            ha.z + hb.z - sink,
        )
    } else {
        let reach = ha.norm() + hb.norm();
        rng.unit_vector3() * rng.range(0.3, 1.0) * reach
    };
    let pb = Pose3::from_parts(
        (pa.translation.vector + pa.rotation * offset).into(),
        if kind < 2 {
            pa.rotation
        } else {
            rng.rotation()
        },
    );
    (a, pa.cast(), b, pb.cast())
}

/// Same count, and for each point of `m` the point of `n` with its id:
/// positions (world and local) and separation within `tol`.
fn same_points<T: TestReal, const N: usize>(
    m: &Manifold<T, N>,
    n: &Manifold<T, N>,
    tol: f64,
) -> bool {
    same_points_far(m, n, tol, tol)
}

/// [`same_points`] with the world positions within `tol_world` (far from
/// the origin they carry the round-off of their magnitude).
fn same_points_far<T: TestReal, const N: usize>(
    m: &Manifold<T, N>,
    n: &Manifold<T, N>,
    tol: f64,
    tol_world: f64,
) -> bool {
    let close = |x: &Point<T, N>, y: &Point<T, N>, tol: f64| f((x - y).norm()) <= tol;
    m.len() == n.len()
        && m.points().iter().all(|p| {
            n.points().iter().any(|q| {
                q.id == p.id
                    && close(&p.on_a, &q.on_a, tol_world)
                    && close(&p.on_b, &q.on_b, tol_world)
                    && close(&p.local_a, &q.local_a, tol)
                    && close(&p.local_b, &q.local_b, tol)
                    && (f(p.separation) - f(q.separation)).abs() <= tol
            })
        })
}

/// The counts of one agreement run: face contacts compared, edge–edge
/// contacts, pairs apart, pairs whose two SATs chose different reference
/// faces (near-ties, let through).
#[derive(Debug, Default)]
struct Agreement {
    faces: usize,
    edges: usize,
    apart: usize,
    tied: usize,
    /// Edge pairs whose manifold took a face (box path only).
    faced: usize,
}

/// `box_pair`s `cases` times (seed `seed`), both poses moved by `far`,
/// compared in both orders with the generic path on the same boxes (see
/// [`box_path_agrees_with_the_generic_path`]).
fn agree_3d<T: TestReal>(seed: u64, cases: usize, far: Vector3<f64>) -> Agreement {
    let mut rng = Rng::new(seed);
    let margin = t::<T>(0.1);
    let tol = T::AGREE * 1000.0;
    // World points far out carry the round-off of their magnitude.
    let tol_world = tol + 64.0 * f(T::default_epsilon()) * far.norm();
    let mut n = Agreement::default();
    for case in 0..cases {
        let (a, pa, b, pb) = box_pair::<T>(&mut rng);
        let shift = |p: Pose3<T>| {
            let mut p = p;
            p.translation.vector += far.cast::<T>();
            p
        };
        let (pa, pb) = (shift(pa), shift(pb));
        for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
            let m = contact_manifold(x, px, y, py, margin);
            let g = contact_manifold(&Hidden(*x), px, &Hidden(*y), py, margin);
            let s = separation(x, px, y, py);
            let nbits = |v: &Vector3<T>| v.iter().map(|c| f(*c).to_bits()).collect::<Vec<_>>();
            // Empty: each path reports the first separating axis it found
            // (tests/manifolds_gate.rs).
            if m.is_empty() || g.is_empty() {
                assert_eq!(m.len(), g.len(), "case {case}: {m:?} vs {g:?}");
                n.apart += 1;
                continue;
            }
            if crate::support::took_own_normal(&m, &s) {
                // Faces before edges, on the box path only: the face's
                // normal within the rule's angle of the SAT's, at most four
                // points within the margin (tests/manifolds_resting.rs
                // checks these contacts by hand).
                n.faced += 1;
                assert!(m.len() <= 4 && m.points().iter().all(|p| p.separation <= margin));
                continue;
            }
            assert_eq!(nbits(&m.normal()), nbits(&s.axis), "case {case}: normals");
            let dn = f((m.normal().into_inner() - g.normal().into_inner()).norm());
            assert!(dn <= tol, "case {case}: {m:?} vs {g:?}");
            if let Feature::EdgePair(..) = s.feature {
                n.edges += 1;
                assert_eq!((m.len(), g.len()), (1, 1), "case {case}");
                let p = &m.points()[0];
                assert!((f(p.separation) - f(g.points()[0].separation)).abs() <= tol);
                // The edges the ids name (`box3::box_edge`: a corner and an
                // axis) both support the normal (A's along n, B's along
                // −n), and the point lies on them (its local points within
                // round-off of the segments).
                for (shape, pose, local, id, dir) in [
                    (x, px, p.local_a, p.id.a, m.normal().into_inner()),
                    (y, py, p.local_b, p.id.b, -m.normal().into_inner()),
                ] {
                    let ContactFeature::Edge(u, w) = id else {
                        panic!("case {case}: {m:?}");
                    };
                    let d = pose.rotation.inverse_transform_vector(&dir);
                    let (cu, cw) = (shape.local_core_vertex(u), shape.local_core_vertex(w));
                    let top = f(shape.local_support_value(&d));
                    for c in [cu, cw] {
                        assert!(f(d.dot(&c.coords)) >= top - tol, "case {case}: {m:?}");
                    }
                    let e = cw - cu;
                    let s = (e.dot(&(local - cu)) / e.norm_squared()).clamp(T::zero(), T::one());
                    let off = f((cu + e * s - local).norm());
                    assert!(
                        off <= f(p.separation).abs() + tol,
                        "case {case}: {off} {m:?}"
                    );
                }
                assert!(
                    matches!(p.id.a, ContactFeature::Edge(..))
                        && matches!(p.id.b, ContactFeature::Edge(..)),
                    "case {case}: {m:?}"
                );
                // On both surfaces when touching or penetrating; a
                // speculative point (apart, within the margin) lies within
                // its separation of them (the SAT axis of two apart edges
                // need not join their closest points).
                let off = f(p.separation).max(0.0) + tol;
                for (shape, local) in [(x, p.local_a), (y, p.local_b)] {
                    let q = shape.local_core_closest_point(&local);
                    assert!(f((q - local).norm()) <= off, "case {case}: {m:?}");
                }
                continue;
            }
            if m.reference() != g.reference() {
                n.tied += 1;
                continue;
            }
            n.faces += 1;
            assert!(
                same_points_far(&m, &g, tol, tol_world),
                "case {case}: {m:?} vs {g:?}"
            );
            // The box path's own identities: on_b = on_a + normal · separation,
            // and the local points place back onto the world ones.
            for p in m.points() {
                let step = m.normal().into_inner() * p.separation;
                assert!(
                    f((p.on_a + step - p.on_b).norm()) <= tol_world,
                    "case {case}: {m:?}"
                );
                assert!(
                    f((px * p.local_a - p.on_a).norm()) <= tol_world,
                    "case {case}"
                );
                assert!(
                    f((py * p.local_b - p.on_b).norm()) <= tol_world,
                    "case {case}"
                );
            }
        }
    }
    n
}

/// Over 3 000 seeded box pairs (margin 0.1) in both orders, the box path
/// and the generic one are empty on the same pairs, and when not empty the
/// box path (which clips in the reference box's frame) gives
/// `separation`'s normal bit for bit (the generic path on the same boxes takes its normal from
/// that same call), and agrees with the generic clipping run on the same
/// boxes hidden from the box paths ([`Hidden`], whose SAT is the generic
/// engine's, equal to the box SAT within round-off): the normal within
/// round-off and, whenever both chose the same reference face, the same
/// point count, the same ids and the same points and separations within
/// round-off; `on_b = on_a + normal · separation` and the local points
/// place back onto the world ones. An edge–edge contact gives one point
/// with ids `(Edge, Edge)` on both boxes' surfaces (a speculative one
/// within its separation of them), with the generic path's separation (the generic path on a shape that does not name its
/// edges' ends puts it at a support point). The pairs are deep, touching
/// (resting exactly flush), just apart, quarter-turned and random; at
/// most 15 near-ties of the reference face are let through.
fn box_path_agrees_with_the_generic_path<T: TestReal>() {
    let n = agree_3d::<T>(0xb0_c5, 3000, Vector3::zeros());
    assert!(
        n.faces > 1800 && n.edges + n.faced > 300 && n.edges > 10 && n.apart > 300 && n.tied <= 15,
        "{n:?}"
    );
}

/// [`box_path_agrees_with_the_generic_path`] on 1 000 other pairs moved
/// 2 300 units from the origin (world points within 64 ε of that).
fn box_path_agrees_far_from_the_origin<T: TestReal>() {
    let n = agree_3d::<T>(0x00fa_b0c5, 1000, Vector3::new(1.0e3, -2.0e3, 5.0e2));
    assert!(
        n.faces > 600 && n.edges + n.faced > 100 && n.edges > 3 && n.apart > 100 && n.tied <= 5,
        "{n:?}"
    );
}

/// A random 2D box pair, as [`box_pair`]: half extents 0.2 to 1.5, B at a
/// random direction and a distance that makes them deep, touching or
/// apart; one pair in four quarter-turned, one in eight resting on A's top
/// face (exactly flush, or sunk).
fn box_pair_2d<T: TestReal>(rng: &mut Rng) -> (Obb<T, 2>, Pose2<T>, Obb<T, 2>, Pose2<T>) {
    let mut half = || Vector2::new(rng.range(0.2, 1.5), rng.range(0.2, 1.5));
    let (ha, hb) = (half(), half());
    let kind = rng.next_u64() % 8;
    let angle = |rng: &mut Rng| {
        if kind < 2 {
            (rng.next_u64() % 4) as f64 * core::f64::consts::FRAC_PI_2
        } else {
            rng.range(-3.2, 3.2)
        }
    };
    let (ra, rb) = (angle(rng), angle(rng));
    let a = Obb::new(Point2::origin(), Rotation2::new(t::<T>(ra)), ha.cast::<T>()).unwrap();
    let b = Obb::new(Point2::origin(), Rotation2::new(t::<T>(rb)), hb.cast::<T>()).unwrap();
    let turn_a = if kind < 2 { 0.0 } else { rng.range(-3.2, 3.2) };
    let pa = Pose2::new(
        Vector2::new(rng.range(-3.0, 3.0), rng.range(-3.0, 3.0)),
        turn_a,
    );
    let offset = if kind == 0 {
        let sink = [0.0, 0.25, 0.0625][(rng.next_u64() % 3) as usize];
        // Quarter turns swap the extents the boxes show along y.
        let up = |h: Vector2<f64>, r: f64| {
            if (r / core::f64::consts::FRAC_PI_2).round() as i64 % 2 == 0 {
                h.y
            } else {
                h.x
            }
        };
        Vector2::new(rng.range(-1.0, 1.0), up(ha, ra) + up(hb, rb) - sink)
    } else {
        let reach = ha.norm() + hb.norm();
        rng.unit_vector2() * rng.range(0.3, 1.0) * reach
    };
    let turn_b = if kind < 2 {
        turn_a
    } else {
        rng.range(-3.2, 3.2)
    };
    let pb = Pose2::new(pa.translation.vector + pa.rotation * offset, turn_b);
    (a, pa.cast(), b, pb.cast())
}

/// The 2D box path (`src/manifold/box2.rs`, clipping in the reference
/// box's frame) against the generic 2D clipping on the same boxes
/// hidden from the box paths, over 3 000 seeded pairs at the origin and
/// 1 000 moved 2 200 units away, both orders (margin 0.1): the same emptiness; when not empty, `separation`'s
/// normal bit for bit, and whenever both chose the same reference face
/// the same count, ids, points and separations within round-off, with
/// `on_b = on_a + normal · separation`.
fn box_path_agrees_with_the_generic_path_2d<T: TestReal>() {
    let margin = t::<T>(0.1);
    let tol = T::AGREE * 1000.0;
    for (seed, cases, far) in [
        (0x002d_b0c5_u64, 3000, Vector2::zeros()),
        (0x2dfa_b0c5, 1000, Vector2::new(-2.0e3, 1.0e3)),
    ] {
        let tol_world = tol + 64.0 * f(T::default_epsilon()) * far.norm();
        let mut rng = Rng::new(seed);
        let (mut faces, mut apart, mut tied, mut two) = (0, 0, 0, 0);
        for case in 0..cases {
            let (a, pa, b, pb) = box_pair_2d::<T>(&mut rng);
            let shift = |p: Pose2<T>| {
                let mut p = p;
                p.translation.vector += far.cast::<T>();
                p
            };
            let (pa, pb) = (shift(pa), shift(pb));
            for (x, px, y, py) in [(&a, &pa, &b, &pb), (&b, &pb, &a, &pa)] {
                let m = contact_manifold(x, px, y, py, margin);
                let g = contact_manifold(&Hidden(*x), px, &Hidden(*y), py, margin);
                let s = separation(x, px, y, py);
                if m.is_empty() || g.is_empty() {
                    assert_eq!(m.len(), g.len(), "case {case}: {m:?} vs {g:?}");
                    apart += 1;
                    continue;
                }
                if crate::support::took_own_normal(&m, &s)
                    || crate::support::took_own_normal(&g, &s)
                {
                    // The bias toward A, or a speculative point off the
                    // face: each path's own normal; the same choice of
                    // face unless it lies at the tie slop.
                    tied += 1;
                    continue;
                }
                assert_eq!(
                    m.normal().map(|c| f(c).to_bits()),
                    s.axis.map(|c| f(c).to_bits()),
                    "case {case}"
                );
                if m.reference() != g.reference() {
                    tied += 1;
                    continue;
                }
                faces += 1;
                two += usize::from(m.len() == 2);
                assert!(
                    same_points_far(&m, &g, tol, tol_world),
                    "case {case}: {m:?} vs {g:?}"
                );
                for p in m.points() {
                    let step = m.normal().into_inner() * p.separation;
                    assert!(
                        f((p.on_a + step - p.on_b).norm()) <= tol_world,
                        "case {case}"
                    );
                    assert!(
                        f((px * p.local_a - p.on_a).norm()) <= tol_world,
                        "case {case}"
                    );
                    assert!(
                        f((py * p.local_b - p.on_b).norm()) <= tol_world,
                        "case {case}"
                    );
                }
            }
        }
        let n = 2 * cases;
        assert!(
            faces > n * 4 / 10 && two > n / 10 && apart > n / 10 && tied <= n / 200,
            "{faces} {two} {apart} {tied}"
        );
    }
}

/// An `Aabb` takes the box path too (through `as_obb`), with the ids and
/// points of the generic path: ground and crate, flush sides (coplanar
/// side planes), sunk by 0.25, both orders.
fn aabbs_take_the_box_path<T: TestReal>() {
    let p = |x: f64, y: f64, z: f64| Point3::new(t::<T>(x), t(y), t(z));
    let ground = Aabb::new(p(-1.0, -1.0, -1.0), p(1.0, 1.0, 0.0)).unwrap();
    let crate_ = Aabb::new(p(-1.0, -0.5, 0.0), p(1.0, 0.5, 1.0)).unwrap();
    let hide = |b: &Aabb<T, 3>| Hidden(b.as_obb().unwrap());
    let id = Pose3::<T>::identity();
    let sunk = Pose3::translation(t(0.0), t(0.0), t(-0.25));
    for (x, px, y, py) in [
        (&ground, &id, &crate_, &sunk),
        (&crate_, &sunk, &ground, &id),
    ] {
        let m = contact_manifold(x, px, y, py, t(0.0));
        let g = contact_manifold(&hide(x), px, &hide(y), py, t(0.0));
        assert_eq!(m.len(), 4);
        assert!(same_points(&m, &g, 0.0), "{m:?} vs {g:?}");
        for q in m.points() {
            assert_eq!(f(q.separation).to_bits(), (-0.25f64).to_bits());
        }
    }
}

/// Two 2D `Aabb`s resting flush (a ground and a crate, sunk by 0.25) give
/// the generic path's two corner points exactly, at the exact depth, in
/// both orders.
fn resting_2d_boxes_take_the_box_path<T: TestReal>() {
    let p = |x: f64, y: f64| Point2::new(t::<T>(x), t(y));
    let ground = Aabb::new(p(-2.0, -1.0), p(2.0, 0.0)).unwrap();
    let crate_ = Aabb::new(p(-1.0, 0.0), p(1.0, 0.5)).unwrap();
    let hide = |b: &Aabb<T, 2>| Hidden(b.as_obb().unwrap());
    let id = Pose2::<T>::identity();
    let sunk = Pose2::translation(t(0.0), t(-0.25));
    for (x, px, y, py) in [
        (&ground, &id, &crate_, &sunk),
        (&crate_, &sunk, &ground, &id),
    ] {
        let m = contact_manifold(x, px, y, py, t(0.0));
        let g = contact_manifold(&hide(x), px, &hide(y), py, t(0.0));
        assert_eq!(m.len(), 2, "{m:?}");
        assert!(same_points(&m, &g, 0.0), "{m:?} vs {g:?}");
        for q in m.points() {
            assert_eq!(f(q.separation).to_bits(), (-0.25f64).to_bits());
            assert_eq!(f(q.on_a.x.abs()).to_bits(), 1.0f64.to_bits(), "{m:?}");
        }
    }
}

/// Generic over the dimension: `contact_manifold` exists for boxes in
/// both (the sealed `ContactDim`).
fn count<T: TestReal, const N: usize>(b: &Obb<T, N>, pa: &Pose<T, N>, pb: &Pose<T, N>) -> usize
where
    nalgebra::Const<N>: ContactDim<T, N>,
{
    contact_manifold(b, pa, b, pb, t(0.0)).len()
}

/// Equal squares (2D) and cubes (3D) overlapping by a quarter along x
/// give 2 and 4 points.
fn box_paths_in_both_dimensions<T: TestReal>() {
    let sq = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::repeat(t::<T>(1.0)),
    )
    .unwrap();
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::repeat(t::<T>(1.0)),
    )
    .unwrap();
    assert_eq!(
        count(
            &sq,
            &Pose2::identity(),
            &Pose2::translation(t(1.75), t(0.0))
        ),
        2
    );
    assert_eq!(
        count(
            &cube,
            &Pose3::identity(),
            &Pose3::translation(t(1.75), t(0.0), t(0.0))
        ),
        4
    );
}

in_both_scalars!(
    box_path_agrees_with_the_generic_path,
    box_path_agrees_far_from_the_origin,
    box_path_agrees_with_the_generic_path_2d,
    aabbs_take_the_box_path,
    resting_2d_boxes_take_the_box_path,
    box_paths_in_both_dimensions
);
