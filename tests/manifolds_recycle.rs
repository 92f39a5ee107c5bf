//! Contact recycling (`contact_manifold_recycled`, src/manifold/recycle.rs):
//! against the full computation on resting pairs that jitter and drift, in
//! 2D and 3D, f32 and f64, both argument orders (docs/coherence.md,
//! "Contact recycling").

use nalgebra::{Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    contact_manifold, contact_manifold_recycled, ContactCache, ContactDim, ConvexPolygon,
    ConvexPolyhedron, Manifold, Obb, Pose, Pose2, Pose3, Shape, Side,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// Whether a manifold says the pair touches: a point at separation <= 0.
fn touches<T: TestReal, const N: usize>(m: &Manifold<T, N>) -> bool {
    m.deepest().is_some_and(|p| f(p.separation) <= 0.0)
}

/// The largest distance of a point of `s` from its origin.
fn reach<T: TestReal, const N: usize, S: Shape<T, N> + ?Sized>(s: &S) -> f64 {
    (0..s.core_vertex_count())
        .map(|i| f(s.local_core_vertex(i).coords.norm()))
        .fold(0.0, f64::max)
        + f(s.radius())
}

/// The motion bound of the docs between two placements of B in A's frame
/// (f64 arithmetic on the scalar's values).
fn motion<T: TestReal, const N: usize>(from: &Pose<T, N>, to: &Pose<T, N>, lever: f64) -> f64 {
    let shift = (to.translation.vector - from.translation.vector)
        .map(f)
        .norm();
    let turn = (to.rotation.matrix() - from.rotation.matrix())
        .map(f)
        .norm();
    shift + turn * lever
}

/// What a run of frames saw.
#[derive(Default, Debug)]
struct Seen {
    frames: usize,
    reused: usize,
    /// The largest |Δ separation| of a reused point against the full
    /// computation's point of the same id, over the motion bound.
    worst_ratio: f64,
}

/// Plays `frames` placements of the pair (`poses(k)`), one cache per
/// argument order, and checks every frame against `contact_manifold`:
/// the same verdict; on a reused frame, each point with an id the full
/// computation also lists within `2 M` of its separation and the deepest
/// within `2 M`, points on the bodies (`on_a = pose_a · local_a`, `on_b`
/// likewise) and `on_b = on_a + n · separation`; on a computed frame the
/// full computation's bits.
fn play<T, A, B, const N: usize>(
    a: &A,
    b: &B,
    poses: impl Fn(usize) -> (Pose<T, N>, Pose<T, N>),
    frames: usize,
    margin: f64,
    max_motion: f64,
    what: &str,
) -> Seen
where
    T: TestReal,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    nalgebra::Const<N>: ContactDim<T, N>,
{
    let mut seen = Seen::default();
    for swap in [false, true] {
        let mut cache = ContactCache::<T, N>::new(t(max_motion));
        // Where the kept manifold was computed: B in A's frame, its depth.
        let mut kept: Option<(Pose<T, N>, f64)> = None;
        for k in 0..frames {
            let (pa, pb) = poses(k);
            let (pa, pb) = if swap { (pb, pa) } else { (pa, pb) };
            let (exact, got, lever) = if swap {
                let exact = contact_manifold(b, &pa, a, &pb, t(margin));
                let got = *contact_manifold_recycled(b, &pa, a, &pb, t(margin), &mut cache);
                (exact, got, reach(a))
            } else {
                let exact = contact_manifold(a, &pa, b, &pb, t(margin));
                let got = *contact_manifold_recycled(a, &pa, b, &pb, t(margin), &mut cache);
                (exact, got, reach(b))
            };
            let what = format!("{what} ({}, swapped {swap}) frame {k}", T::NAME);
            let scale = 1.0 + f(pa.translation.vector.amax()) + f(pb.translation.vector.amax());
            let tol = 512.0 * f(T::default_epsilon()) * scale;
            assert_eq!(touches(&got), touches(&exact), "{what}: verdict");
            seen.frames += 1;
            let rel = pa.inv_mul(&pb);
            if !cache.reused() {
                assert_eq!(got, exact, "{what}: a computed frame is the full answer");
                kept = exact.deepest().map(|p| (rel, f(p.separation)));
                continue;
            }
            seen.reused += 1;
            if got.is_empty() {
                // Kept apart: the full computation is empty too.
                assert!(exact.is_empty(), "{what}: kept apart, but {exact:?}");
                continue;
            }
            let (at, deepest) = kept.expect("a refreshed frame has a kept manifold");
            let m = motion(&at, &rel, lever + deepest.abs());
            assert!(m <= max_motion + tol, "{what}: refreshed at M = {m}");
            let n = got.normal().into_inner();
            for p in got.points() {
                let on_a = pa * p.local_a;
                let on_b = pb * p.local_b;
                let along = p.on_a + n * p.separation;
                assert!(
                    f((on_a - p.on_a).norm()) <= tol
                        && f((on_b - p.on_b).norm()) <= tol
                        && f((along - p.on_b).norm()) <= tol,
                    "{what}: {p:?} is not on the bodies along the normal"
                );
                if let Some(e) = exact.points().iter().find(|e| e.id == p.id) {
                    let d = (f(p.separation) - f(e.separation)).abs();
                    assert!(d <= 2.0 * m + tol, "{what}: {p:?} vs {e:?}, M = {m}");
                    if m > 0.0 {
                        seen.worst_ratio = seen.worst_ratio.max(d / m);
                    }
                }
            }
            let (dg, de) = (got.deepest().unwrap(), exact.deepest().unwrap());
            let d = (f(dg.separation) - f(de.separation)).abs();
            assert!(
                d <= 2.0 * m + tol,
                "{what}: deepest {dg:?} vs {de:?}, M = {m}"
            );
        }
    }
    seen
}

/// A 2D rigid motion: translation and angle.
fn pose2<T: TestReal>(x: f64, y: f64, angle: f64) -> Pose2<T> {
    Pose2::new(Vector2::new(t(x), t(y)), t(angle))
}

/// The pair's common placement at frame `k` (both bodies carried far and
/// turned together) and B's jitter about its resting place: a random walk
/// of `step` per frame in position and angle.
fn walk(seed: u64, frames: usize, step: f64, dims: usize) -> Vec<Vec<f64>> {
    let mut rng = Rng::new(seed);
    let mut at = vec![0.0; dims];
    (0..frames)
        .map(|_| {
            for x in &mut at {
                *x += rng.range(-step, step);
            }
            at.clone()
        })
        .collect()
}

/// 2D: a box or a polygon resting on a ground box or polygon, depth 0.5%
/// to 3% of the size, tilted by up to 0.02 rad, jittering by 1e-4 to 1e-3
/// per frame, the whole pair drifting by up to 3 and turning.
fn resting_pairs_2d_recycle_within_the_bound<T: TestReal>() {
    let mut totals = Seen::default();
    for seed in 0..24u64 {
        let mut rng = Rng::new(seed);
        let ground = Obb::new(
            Point2::origin(),
            Rotation2::identity(),
            Vector2::new(t(3.0), t(0.5)),
        )
        .unwrap();
        let (hx, hy) = (rng.range(0.3, 0.8), rng.range(0.3, 0.8));
        let body = Obb::new(
            Point2::origin(),
            Rotation2::identity(),
            Vector2::new(t(hx), t(hy)),
        )
        .unwrap();
        let k = 5 + rng.below(5);
        let polygon = ConvexPolygon::new(
            &(0..k)
                .map(|i| {
                    let a = (i as f64 + 0.5) * std::f64::consts::TAU / k as f64;
                    Point2::new(t(0.6 * a.cos()), t(0.6 * a.sin()))
                })
                .collect::<Vec<_>>(),
        )
        .unwrap();
        let flat_bottom = 0.6 * (std::f64::consts::PI / k as f64).cos();
        let depth = rng.range(0.005, 0.03);
        let tilt = rng.range(-0.02, 0.02);
        let x0 = rng.range(-1.5, 1.5);
        let step = rng.range(1e-4, 1e-3);
        let jitter = walk(seed, 60, step, 3);
        let drift = walk(seed + 100, 60, 0.05, 3);
        let place = |k: usize, lift: f64| -> (Pose2<T>, Pose2<T>) {
            let (j, d) = (&jitter[k], &drift[k]);
            let common = pose2::<T>(d[0] * 60.0, d[1] * 60.0, d[2] * 20.0);
            let rest = pose2::<T>(x0 + j[0], 0.5 + lift - depth + j[1], tilt + j[2]);
            (common, common * rest)
        };
        let s = play(
            &ground,
            &body,
            |k| place(k, hy),
            60,
            0.02,
            0.01,
            &format!("box {seed}"),
        );
        add(&mut totals, &s);
        // On a post as wide as the box, half a width off: the box's face
        // clipped at the post's side, a point that slides along the box's
        // edge.
        let post = Obb::new(
            Point2::origin(),
            Rotation2::identity(),
            Vector2::new(t(hx), t(0.5)),
        )
        .unwrap();
        let on_post = |k: usize| {
            let (c, p) = place(k, hy);
            // Moved back over the post in the pair's common frame.
            (c, c * pose2::<T>(0.5 * hx - x0, 0.0, 0.0) * c.inverse() * p)
        };
        let s = play(
            &post,
            &body,
            on_post,
            60,
            0.02,
            0.01,
            &format!("post {seed}"),
        );
        add(&mut totals, &s);
        // The polygon rests on a flat side: its edge midpoints lie at the
        // angles 2πi/k, so a turn by −π/2 puts one down, at −flat_bottom.
        let turn = -std::f64::consts::FRAC_PI_2;
        let s = play(
            &ground,
            &polygon,
            |k| {
                let (c, p) = place(k, flat_bottom);
                (c, p * pose2::<T>(0.0, 0.0, turn))
            },
            60,
            0.02,
            0.01,
            &format!("polygon {seed}"),
        );
        add(&mut totals, &s);
    }
    meaningful(&totals);
}

/// The run compared points and refreshed more than half its frames (else
/// the checks above proved little).
fn meaningful(totals: &Seen) {
    assert!(totals.worst_ratio > 0.0, "no point compared: {totals:?}");
    assert!(
        totals.reused * 2 > totals.frames,
        "recycling ran on {} of {} frames",
        totals.reused,
        totals.frames
    );
}

fn add(totals: &mut Seen, s: &Seen) {
    totals.frames += s.frames;
    totals.reused += s.reused;
    totals.worst_ratio = totals.worst_ratio.max(s.worst_ratio);
}

/// A 3D rigid motion: translation and rotation vector.
fn pose3<T: TestReal>(p: [f64; 3], r: [f64; 3]) -> Pose3<T> {
    Pose3::new(
        Vector3::new(t(p[0]), t(p[1]), t(p[2])),
        Vector3::new(t(r[0]), t(r[1]), t(r[2])),
    )
}

/// 3D: a box or a hull (a prism with a flat bottom) resting on a ground
/// box, as in 2D.
fn resting_pairs_3d_recycle_within_the_bound<T: TestReal>() {
    let mut totals = Seen::default();
    for seed in 0..16u64 {
        let mut rng = Rng::new(seed + 50);
        let ground = Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::new(t(3.0), t(3.0), t(0.5)),
        )
        .unwrap();
        let h = [
            rng.range(0.3, 0.8),
            rng.range(0.3, 0.8),
            rng.range(0.3, 0.8),
        ];
        let body = Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::new(t(h[0]), t(h[1]), t(h[2])),
        )
        .unwrap();
        let k = 5 + rng.below(4);
        let prism = ConvexPolyhedron::from_hull(
            &(0..2 * k)
                .map(|i| {
                    let a = (i % k) as f64 * std::f64::consts::TAU / k as f64;
                    let z = if i < k { -0.4 } else { 0.4 };
                    Point3::new(t(0.6 * a.cos()), t(0.6 * a.sin()), t(z))
                })
                .collect::<Vec<_>>(),
        )
        .unwrap();
        let depth = rng.range(0.005, 0.03);
        let tilt = [
            rng.range(-0.02, 0.02),
            rng.range(-0.02, 0.02),
            rng.range(0.0, 3.0),
        ];
        let (x0, y0) = (rng.range(-1.5, 1.5), rng.range(-1.5, 1.5));
        let step = rng.range(1e-4, 1e-3);
        let jitter = walk(seed, 50, step, 6);
        let drift = walk(seed + 100, 50, 0.05, 6);
        let place = |k: usize, lift: f64| -> (Pose3<T>, Pose3<T>) {
            let (j, d) = (&jitter[k], &drift[k]);
            let common = pose3::<T>([d[0] * 60.0, d[1] * 60.0, d[2] * 60.0], [d[3], d[4], d[5]]);
            let rest = pose3::<T>(
                [x0 + j[0], y0 + j[1], 0.5 + lift - depth + j[2]],
                [tilt[0] + j[3], tilt[1] + j[4], tilt[2] + j[5]],
            );
            (common, common * rest)
        };
        let s = play(
            &ground,
            &body,
            |k| place(k, h[2]),
            50,
            0.02,
            0.01,
            &format!("box {seed}"),
        );
        add(&mut totals, &s);
        // On a post as wide as the box, half a width off, as in 2D.
        let post = Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::new(t(h[0]), t(h[1]), t(0.5)),
        )
        .unwrap();
        let on_post = |k: usize| {
            let (c, p) = place(k, h[2]);
            let back = pose3::<T>([0.5 * h[0] - x0, 0.3 * h[1] - y0, 0.0], [0.0; 3]);
            (c, c * back * c.inverse() * p)
        };
        let s = play(
            &post,
            &body,
            on_post,
            50,
            0.02,
            0.01,
            &format!("post {seed}"),
        );
        add(&mut totals, &s);
        let s = play(
            &ground,
            &prism,
            |k| place(k, 0.4),
            50,
            0.02,
            0.01,
            &format!("prism {seed}"),
        );
        add(&mut totals, &s);
    }
    meaningful(&totals);
}

/// Past the motion certificate: a body rocking on a ground box by up to
/// ±0.06 rad (one corner down, then the other), sliding off its edge, and
/// lifting clear within the margin and back, with a motion bound (0.15)
/// far above the depth (0.003), so that most refreshed frames are decided
/// by a shared point (an incident anchor inside the other body) or by a
/// face axis's gap, not by the motion. Every frame's verdict is the full
/// computation's (`play`), in 2D (box, polygon) and 3D (box, prism), both
/// orders, f32 and f64.
fn recycled_verdicts_hold_past_the_motion_bound<T: TestReal>() {
    let mut totals = Seen::default();
    let frames = 160;
    let depth = 0.003;
    // Frame k: along the slide, the height above resting and the tilt.
    let path = |k: usize| {
        let k = k as f64;
        (0.02 * k, 0.004 * (0.09 * k).sin(), 0.06 * (0.15 * k).sin())
    };
    let ground2 = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t(3.0), t(0.5)),
    )
    .unwrap();
    let box2 = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t(0.5), t(0.5)),
    )
    .unwrap();
    let hexagon = ConvexPolygon::new(
        &(0..6)
            .map(|i| {
                let a = i as f64 * std::f64::consts::TAU / 6.0;
                Point2::new(t(0.6 * a.cos()), t(0.6 * a.sin()))
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let hex_bottom = 0.6 * (std::f64::consts::PI / 6.0).cos();
    for (body, bottom, what) in [
        (&box2 as &dyn Shape<T, 2>, 0.5, "box"),
        (&hexagon as &dyn Shape<T, 2>, hex_bottom, "hexagon"),
    ] {
        let place = |k: usize| {
            let (x, y, turn) = path(k);
            (
                Pose2::<T>::identity(),
                pose2::<T>(1.5 + x, 0.5 + bottom - depth + y, turn),
            )
        };
        let s = play(&ground2, body, place, frames, 0.02, 0.15, what);
        add(&mut totals, &s);
    }
    let ground3 = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t(3.0), t(3.0), t(0.5)),
    )
    .unwrap();
    let box3 = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t(0.5), t(0.4), t(0.5)),
    )
    .unwrap();
    let prism = ConvexPolyhedron::from_hull(
        &(0..12)
            .map(|i| {
                let a = (i % 6) as f64 * std::f64::consts::TAU / 6.0;
                let z = if i < 6 { -0.4 } else { 0.4 };
                Point3::new(t(0.6 * a.cos()), t(0.6 * a.sin()), t(z))
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    for (body, bottom, what) in [
        (&box3 as &dyn Shape<T, 3>, 0.5, "box 3D"),
        (&prism as &dyn Shape<T, 3>, 0.4, "prism"),
    ] {
        let place = |k: usize| {
            let (x, y, turn) = path(k);
            (
                Pose3::<T>::identity(),
                pose3::<T>(
                    [1.5 + x, 0.3 * x, 0.5 + bottom - depth + y],
                    [0.7 * turn, turn, 0.0],
                ),
            )
        };
        let s = play(&ground3, body, place, frames, 0.02, 0.15, what);
        add(&mut totals, &s);
    }
    // Rocking from one corner to the other, the lower corner 0.001 deep
    // throughout: the kept point (the first corner) rises above zero while
    // the other corner touches, so a positive refreshed separation must
    // not be taken for apart.
    let rock = |k: usize| {
        let turn = 0.05 - 0.1 * (k % 40) as f64 / 20.0;
        let turn = if k % 40 < 20 { turn } else { -turn };
        let low = 0.5 * turn.abs().sin() + 0.5 * turn.cos();
        (turn, 0.5 + low - 0.001)
    };
    let s = play(
        &ground2,
        &box2,
        |k| {
            let (turn, y) = rock(k);
            (Pose2::<T>::identity(), pose2::<T>(0.0, y, turn))
        },
        frames,
        0.02,
        0.15,
        "rocking box",
    );
    add(&mut totals, &s);
    let cube = Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::new(t(0.5), t(0.5), t(0.5)),
    )
    .unwrap();
    let s = play(
        &ground3,
        &cube,
        |k| {
            let (turn, y) = rock(k);
            (
                Pose3::<T>::identity(),
                pose3::<T>([0.0, 0.0, y], [0.0, turn, 0.0]),
            )
        },
        frames,
        0.02,
        0.15,
        "rocking cube",
    );
    add(&mut totals, &s);
    meaningful(&totals);
}

/// By hand: a unit box resting 0.01 deep on a ground box. Sliding along
/// the face keeps the separations; settling by 1e-3 deepens both points by
/// exactly that; moving past the bound, or lifting the box clear,
/// computes the full answer.
fn recycling_by_hand<T: TestReal>() {
    let ground = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t(5.0), t(0.5)),
    )
    .unwrap();
    let unit = Obb::new(
        Point2::origin(),
        Rotation2::identity(),
        Vector2::new(t(0.5), t(0.5)),
    )
    .unwrap();
    let id = Pose2::<T>::identity();
    let mut cache = ContactCache::new(t(0.005));
    let at = |x: f64, y: f64| pose2::<T>(x, y, 0.0);
    let eps = 64.0 * f(T::default_epsilon());
    let m = *contact_manifold_recycled(&ground, &id, &unit, &at(0.0, 0.99), t(0.02), &mut cache);
    assert!(!cache.reused());
    assert_eq!(m.reference(), Some((Side::A, 1)));
    let ids: Vec<_> = m.points().iter().map(|p| p.id).collect();
    for (x, y, want) in [
        (0.002, 0.99, -0.01),
        (0.002, 0.989, -0.011),
        (-0.001, 0.9905, -0.0095),
    ] {
        let m = *contact_manifold_recycled(&ground, &id, &unit, &at(x, y), t(0.02), &mut cache);
        assert!(cache.reused(), "{} at ({x}, {y})", T::NAME);
        assert_eq!(m.points().iter().map(|p| p.id).collect::<Vec<_>>(), ids);
        for p in m.points() {
            assert!(
                (f(p.separation) - want).abs() <= eps,
                "{} {p:?} want {want}",
                T::NAME
            );
            // The ground's anchor is the foot of the box's corner.
            assert!((f(p.on_a.y) - 0.5).abs() <= eps, "{p:?}");
        }
    }
    // Past the bound (0.006 from where it was computed): computed.
    let far = at(0.006, 0.99);
    let m = *contact_manifold_recycled(&ground, &id, &unit, &far, t(0.02), &mut cache);
    assert!(!cache.reused());
    assert_eq!(m, contact_manifold(&ground, &id, &unit, &far, t(0.02)));
    // Lifted clear by 0.01, within the margin: speculative points, kept,
    // refreshed (the verdict asked of `intersects`); lifted by 0.5, beyond
    // it: the empty manifold, kept while the axis shows the gap.
    for (y, points) in [(1.01, 2), (1.5, 0)] {
        let clear = at(0.006, y);
        let m = *contact_manifold_recycled(&ground, &id, &unit, &clear, t(0.02), &mut cache);
        assert!(!cache.reused());
        assert_eq!(m, contact_manifold(&ground, &id, &unit, &clear, t(0.02)));
        assert_eq!(m.len(), points);
        let nearer = at(0.007, y - 0.001);
        let m = *contact_manifold_recycled(&ground, &id, &unit, &nearer, t(0.02), &mut cache);
        assert!(cache.reused(), "{} lifted to {y}", T::NAME);
        assert_eq!(m.len(), points);
        for p in m.points() {
            assert!((f(p.separation) - (y - 1.001)).abs() <= eps, "{p:?}");
        }
    }
    // Past the verdict: 0.004 deep, then lifted by 0.0049 (apart by 9e-4,
    // a motion within the bound but past the depth): refreshed because
    // the ground's top face still separates them (its gap is 9e-4).
    let shallow = at(0.0, 1.0 - 0.004);
    contact_manifold_recycled(&ground, &id, &unit, &shallow, t(0.02), &mut cache);
    let up = at(0.0, 1.0 - 0.004 + 0.0049);
    let m = *contact_manifold_recycled(&ground, &id, &unit, &up, t(0.02), &mut cache);
    assert!(cache.reused());
    assert!(m.points().iter().all(|p| f(p.separation) > 0.0), "{m:?}");
    assert!(!separating_axis::intersects(&ground, &id, &unit, &up));
    // Another margin computes; NaN computes and keeps nothing.
    contact_manifold_recycled(&ground, &id, &unit, &far, t(0.02), &mut cache);
    contact_manifold_recycled(&ground, &id, &unit, &far, t(0.03), &mut cache);
    assert!(!cache.reused());
    let nan = at(f64::NAN, 0.99);
    assert!(contact_manifold_recycled(&ground, &id, &unit, &nan, t(0.03), &mut cache).is_empty());
    contact_manifold_recycled(&ground, &id, &unit, &far, t(0.03), &mut cache);
    assert!(!cache.reused());
}

in_both_scalars!(
    resting_pairs_2d_recycle_within_the_bound,
    resting_pairs_3d_recycle_within_the_bound,
    recycled_verdicts_hold_past_the_motion_bound,
    recycling_by_hand,
);
