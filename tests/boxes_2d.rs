//! 2D oriented boxes: the box path (`pair::obb_obb` in 2D, four face axes
//! from `R = AᵀB`) against the generic engine, in f32 and f64.

use crate::support::rng::Rng;
use nalgebra::{Point2, Rotation2, Vector2};
use separating_axis::{engine, intersects, pair::obb_obb, penetration, Obb, Pose2, Real};

fn check<T: Real>(seed: u64, tol: f64) {
    let mut rng = Rng(seed);
    let c = |x: f64| -> T { nalgebra::convert(x) };
    let mut overlapping = 0;
    for _ in 0..3000 {
        let mut make = || {
            let h = Vector2::new(c(rng.range(0.3, 1.5)), c(rng.range(0.3, 1.5)));
            let centre = Point2::new(c(rng.range(-0.5, 0.5)), c(rng.range(-0.5, 0.5)));
            Obb::new(centre, Rotation2::new(c(rng.range(0.0, 6.3))), h).unwrap()
        };
        let (a, b) = (make(), make());
        let pa = Pose2::new(
            Vector2::new(c(rng.range(-20.0, 20.0)), c(rng.range(-20.0, 20.0))),
            c(rng.range(0.0, 6.3)),
        );
        let dir = rng.range(0.0, 6.3);
        let d = rng.range(0.0, 3.5);
        let pb = Pose2::new(
            pa.translation.vector + Vector2::new(c(d * dir.cos()), c(d * dir.sin())),
            c(rng.range(0.0, 6.3)),
        );
        let fast = obb_obb::separation(&a, &pa, &b, &pb);
        let slow = engine::separation(&a, &pa, &b, &pb);
        let (f, s) = (
            fast.distance.to_f64().unwrap(),
            slow.distance.to_f64().unwrap(),
        );
        assert!((f - s).abs() <= tol, "{fast:?} vs {slow:?}");
        if f.abs() > tol {
            assert_eq!(
                intersects(&a, &pa, &b, &pb),
                engine::intersects(&a, &pa, &b, &pb)
            );
            assert_eq!(penetration(&a, &pa, &b, &pb).is_some(), s <= 0.0);
            assert_eq!(fast.feature, slow.feature);
        }
        overlapping += usize::from(f <= 0.0);
    }
    assert!(
        (900..=2100).contains(&overlapping),
        "{overlapping} of 3000 overlap"
    );
}

#[test]
fn box_path_matches_engine_f64() {
    check::<f64>(31, 1e-12 * 25.0);
}

#[test]
fn box_path_matches_engine_f32() {
    check::<f32>(32, 1e-4 * 25.0);
}
