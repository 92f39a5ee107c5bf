//! Batch narrow phase (src/batch.rs): the batch answers are the per-pair
//! queries' answers, bit for bit, in the pairs' order, through `AnyShape`
//! and `&dyn Shape` storage; with the `rayon` feature, the parallel
//! answers equal the serial ones whatever the thread count.

use nalgebra::{Point3, Vector3};
use separating_axis::{
    batch, contact_manifold, intersects, penetration, shape_aabb, AnyShape3, Ball, BroadPhase,
    Capsule, ConvexPolyhedron, Handle, Obb, Pose3, Shape,
};

use crate::support::rng::Rng;
use crate::support::scalars::{in_both_scalars, t, TestReal};

in_both_scalars!(
    batch_answers_are_the_pair_queries,
    batch_through_dyn_shapes,
    parallel_output_is_the_serial_output,
);

/// A random body: a turned box, a hull of 12 points, a ball or a capsule,
/// of size about 1.
fn random_shape<T: TestReal>(rng: &mut Rng) -> AnyShape3<T> {
    let v = |rng: &mut Rng, lo: f64, hi: f64| {
        Vector3::new(
            t(rng.range(lo, hi)),
            t(rng.range(lo, hi)),
            t(rng.range(lo, hi)),
        )
    };
    match rng.below(4) {
        0 => {
            let axis = v(rng, -1.0, 1.0);
            let r = nalgebra::Rotation3::new(axis);
            Obb::new(Point3::origin(), r, v(rng, 0.3, 0.8))
                .unwrap()
                .into()
        }
        1 => {
            let points: Vec<Point3<T>> = (0..12)
                .map(|_| Point3::from(rng.unit_vector3() * rng.range(0.5, 1.0)).cast())
                .collect();
            ConvexPolyhedron::from_hull(&points).unwrap().into()
        }
        2 => Ball::new(Point3::origin(), t(rng.range(0.3, 0.9)))
            .unwrap()
            .into(),
        _ => Capsule::new(
            Point3::from(v(rng, -0.5, 0.5)),
            Point3::from(v(rng, -0.5, 0.5)),
            t(rng.range(0.2, 0.5)),
        )
        .unwrap()
        .into(),
    }
}

/// `n` random bodies in a cube of side `side`, their broad-phase pairs.
#[allow(clippy::type_complexity, reason = "a test scene, used twice")]
fn scene<T: TestReal>(
    seed: u64,
    n: usize,
    side: f64,
) -> (Vec<AnyShape3<T>>, Vec<Pose3<T>>, Vec<(Handle, Handle)>) {
    let mut rng = Rng::new(seed);
    let shapes: Vec<AnyShape3<T>> = (0..n).map(|_| random_shape(&mut rng)).collect();
    let poses: Vec<Pose3<T>> = (0..n)
        .map(|_| {
            Pose3::new(
                Vector3::new(
                    t(rng.range(0.0, side)),
                    t(rng.range(0.0, side)),
                    t(rng.range(0.0, side)),
                ),
                Vector3::new(
                    t(rng.signed_unit()),
                    t(rng.signed_unit()),
                    t(rng.signed_unit()),
                ),
            )
        })
        .collect();
    let mut world = BroadPhase::new();
    for (s, p) in shapes.iter().zip(&poses) {
        let h = world.insert(&shape_aabb(s, p).unwrap());
        assert_eq!(h.index(), world.len() - 1, "dense handles index the bodies");
    }
    world.update_pairs();
    let mut pairs = Vec::new();
    world.current_pairs(&mut pairs);
    (shapes, poses, pairs)
}

/// Serial batches: `intersects`, `penetration` and manifolds per pair,
/// in order, equal to the queries called one by one (bit for bit, through
/// their Debug form); the scene has both overlapping and apart pairs.
fn batch_answers_are_the_pair_queries<T: TestReal>() {
    let (shapes, poses, pairs) = scene::<T>(7, 400, 9.0);
    let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
    let mut hits = Vec::new();
    batch::intersects(&pairs, body, &mut hits);
    let expected: Vec<bool> = pairs
        .iter()
        .map(|&(a, b)| intersects(body(a).0, body(a).1, body(b).0, body(b).1))
        .collect();
    assert_eq!(hits, expected);
    let overlapping = hits.iter().filter(|&&x| x).count();
    assert!(
        overlapping > 50 && overlapping < pairs.len(),
        "{overlapping} of {}",
        pairs.len()
    );

    let mut depths = Vec::new();
    batch::penetration(&pairs, body, &mut depths);
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let one = penetration(body(a).0, body(a).1, body(b).0, body(b).1);
        assert_eq!(format!("{:?}", depths[k]), format!("{one:?}"), "pair {k}");
        assert_eq!(
            depths[k].is_some(),
            hits[k],
            "penetration agrees with intersects"
        );
    }

    let margin = t::<T>(0.05);
    let mut manifolds = Vec::new();
    batch::contact_manifolds(&pairs, body, margin, &mut manifolds);
    assert_eq!(manifolds.len(), pairs.len());
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let one = contact_manifold(body(a).0, body(a).1, body(b).0, body(b).1, margin);
        assert_eq!(
            format!("{:?}", manifolds[k]),
            format!("{one:?}"),
            "pair {k}"
        );
    }
}

/// The same batch through `&dyn Shape` storage gives the same answers.
fn batch_through_dyn_shapes<T: TestReal>() {
    let (shapes, poses, pairs) = scene::<T>(8, 300, 8.0);
    let views: Vec<&dyn Shape<T, 3>> = shapes.iter().map(|s| s as &dyn Shape<T, 3>).collect();
    let mut through_enum = Vec::new();
    batch::penetration(
        &pairs,
        |h| (&shapes[h.index()], &poses[h.index()]),
        &mut through_enum,
    );
    let mut through_dyn = Vec::new();
    batch::penetration(
        &pairs,
        |h| (views[h.index()], &poses[h.index()]),
        &mut through_dyn,
    );
    assert!(through_enum.iter().filter(|p| p.is_some()).count() > 30);
    assert_eq!(format!("{through_enum:?}"), format!("{through_dyn:?}"));
}

/// With `rayon`: the parallel batches on pools of 1, 2, 3 and 8 threads
/// give the serial output, element for element (deterministic order).
#[cfg(feature = "rayon")]
fn parallel_output_is_the_serial_output<T: TestReal>() {
    let (shapes, poses, pairs) = scene::<T>(9, 2000, 15.0);
    assert!(
        pairs.len() > 1000,
        "a batch worth splitting: {}",
        pairs.len()
    );
    let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
    let (mut hits, mut depths, mut manifolds) = (Vec::new(), Vec::new(), Vec::new());
    batch::intersects(&pairs, body, &mut hits);
    batch::penetration(&pairs, body, &mut depths);
    batch::contact_manifolds(&pairs, body, t::<T>(0.05), &mut manifolds);
    let (depths, manifolds) = (format!("{depths:?}"), format!("{manifolds:?}"));
    for threads in [1, 2, 3, 8] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let (mut p_hits, mut p_depths, mut p_manifolds) = (Vec::new(), Vec::new(), Vec::new());
        pool.install(|| {
            batch::par_intersects(&pairs, body, &mut p_hits);
            batch::par_penetration(&pairs, body, &mut p_depths);
            batch::par_contact_manifolds(&pairs, body, t::<T>(0.05), &mut p_manifolds);
        });
        assert_eq!(p_hits, hits, "{threads} threads");
        assert_eq!(format!("{p_depths:?}"), depths, "{threads} threads");
        assert_eq!(format!("{p_manifolds:?}"), manifolds, "{threads} threads");
    }
}

/// Without `rayon` there is no parallel batch to compare; the serial
/// batch must still be deterministic: two runs give the same output.
#[cfg(not(feature = "rayon"))]
fn parallel_output_is_the_serial_output<T: TestReal>() {
    let (shapes, poses, pairs) = scene::<T>(9, 500, 10.0);
    let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
    let (mut first, mut second) = (Vec::new(), Vec::new());
    batch::penetration(&pairs, body, &mut first);
    batch::penetration(&pairs, body, &mut second);
    assert_eq!(format!("{first:?}"), format!("{second:?}"));
}
