//! The checks the closed-form distance tests share
//! (`distance_boxes.rs`, `distance_boxes3.rs`, `distance_polygons.rs`): a
//! closed form's closest points against the min-norm iteration's on the
//! same pair, and a cast against the iteration's cast.

use separating_axis::{ClosestPoints, ShapeCastHit};

use super::scalars::{f, TestReal};

/// A pair apart: the closed form's distance within `tol` of the
/// iteration's, its points `distance · axis` apart within `points_tol`
/// (which grows with the distance from the origin), and its certificate
/// `gap <= distance <= gap + tol`.
pub fn closest_points_agree<T: TestReal, const N: usize>(
    closed: &ClosestPoints<T, N>,
    iterated: &ClosestPoints<T, N>,
    tol: f64,
    points_tol: f64,
    what: &str,
) {
    let (d, g) = (f(closed.distance), f(iterated.distance));
    assert!(d > 0.0, "{what}: apart but distance {d}");
    assert!((d - g).abs() <= tol, "{what}: closed {d}, iterated {g}");
    let diff = (closed.point_b - closed.point_a).map(f);
    let u = closed.axis.into_inner().map(f);
    let miss = (diff - u * d).norm();
    assert!(miss <= points_tol, "{what}: points off by {miss}");
    let gap = f(closed.gap);
    assert!(
        gap <= d && d - gap <= tol,
        "{what}: gap {gap}, distance {d}"
    );
}

/// A cast by a closed form against the iteration's: both miss, or both
/// hit at times within `tol`, the closed form's points within `tol` of
/// each other when it hit after time 0 (at 0 the points are SAT's
/// contact). Whether they hit.
pub fn casts_agree<T: TestReal, const N: usize>(
    closed: Option<ShapeCastHit<T, N>>,
    iterated: Option<ShapeCastHit<T, N>>,
    tol: f64,
    what: &str,
) -> bool {
    match (closed, iterated) {
        (None, None) => false,
        (Some(c), Some(g)) => {
            let (tc, tg) = (f(c.toi), f(g.toi));
            assert!((tc - tg).abs() <= tol, "{what}: {tc} vs {tg}");
            if tc > 0.0 {
                let gap = (c.point_b - c.point_a).map(f).norm();
                assert!(gap <= tol, "{what}: points {gap} apart at {tc}");
            }
            true
        }
        (c, g) => panic!("{what}: closed {c:?}, iterated {g:?}"),
    }
}

/// What [`cast_meets_crossing`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crossing {
    /// The cast hit where the oracle's first crossing is.
    Hit,
    /// Neither hit by `max_toi`.
    Miss,
    /// A graze (a hit the oracle does not see, at a distance of round-off)
    /// or a crossing just at `max_toi` that the cast missed.
    Edge,
}

/// A 2D cast against the oracle of first vertex–edge crossings
/// (`oracle`, from `oracle2d::first_crossing` both ways): a hit within
/// `time_tol` of the crossing with its points meeting; a miss where the
/// oracle has none by `max_toi`; a hit the oracle does not see only where
/// `distance_at(toi)` is round-off (a graze).
pub fn cast_meets_crossing<T: TestReal>(
    hit: Option<ShapeCastHit<T, 2>>,
    oracle: Option<f64>,
    max_toi: f64,
    time_tol: f64,
    distance_at: impl Fn(T) -> f64,
    what: &str,
) -> Crossing {
    match (oracle.filter(|&o| o <= max_toi), hit) {
        (Some(o), Some(h)) => {
            let toi = f(h.toi);
            assert!((toi - o).abs() <= time_tol, "{what}: {toi} vs {o}");
            let gap = (h.point_b - h.point_a).map(f).norm();
            assert!(gap <= time_tol, "{what}: points {gap} apart");
            Crossing::Hit
        }
        (None, None) => Crossing::Miss,
        (None, Some(h)) => {
            let d = distance_at(h.toi);
            assert!(
                d <= time_tol * 1e-3,
                "{what}: hit at {} apart by {d}",
                f(h.toi)
            );
            Crossing::Edge
        }
        (Some(o), None) => {
            assert!(o > max_toi - time_tol, "{what}: missed the crossing at {o}");
            Crossing::Edge
        }
    }
}
