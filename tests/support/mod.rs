//! Helpers shared by the integration tests, one module per kind of helper:
//!
//! * [`scalars`]: the test scalars (`f32`, `f64`) with their tolerances,
//!   and the conversions to and from `f64`;
//! * [`rng`]: the one seeded generator (SplitMix64) of every random test,
//!   also `#[path]`-included by the benches;
//! * [`scene2d`]: random 2D scenes replayable from a seed, the quickcheck
//!   wrappers and the golden hash;
//! * [`hidden`]: a box or polygon hidden from the shape hooks, to reach the
//!   generic paths;
//! * [`agree`]: the closed-form distance tests' checks against the iteration;
//! * [`oracle2d`], [`oracle3d`], [`oracle_round`]: answers computed without
//!   any SAT code, for the properties to compare the library with
//!   (`oracle_round`: signed distances of rounded shapes from the hull of
//!   their core-vertex differences).

pub mod agree;
pub mod hidden;
pub mod oracle2d;
pub mod oracle3d;
pub mod oracle_round;
pub mod rng;
pub mod scalars;
pub mod scene2d;

/// Whether the manifold `m` chose its own normal rather than the axis of
/// [`separation`](separating_axis::separation) `sat` (docs/manifolds.md):
///
/// * it took a face over the SAT's edge pair ("Faces before edges": the
///   SAT's feature is an edge pair and the manifold has a reference face);
/// * it took A's face where the SAT chose B's, B's not beating it by the
///   tie tolerance ("The bias toward A": the SAT's feature is a face of B
///   and the manifold's reference face is A's);
/// * the pair is apart and the manifold is the closest features' point
///   (or empty because that distance exceeds the margin), not a clipped
///   face ("Speculative points": the SAT's distance is positive, its
///   feature a face or an edge pair, and the manifold has no reference
///   face).
///
/// Its normal is then that face's, or the closest points' direction.
pub fn took_own_normal<T: separating_axis::Real, const N: usize>(
    m: &separating_axis::Manifold<T, N>,
    sat: &separating_axis::Separation<T, N>,
) -> bool {
    use separating_axis::{Feature, Side};
    match (sat.feature, m.reference()) {
        (Feature::EdgePair(..), Some(_)) | (Feature::FaceB(_), Some((Side::A, _))) => true,
        (Feature::FaceA(_) | Feature::FaceB(_) | Feature::EdgePair(..), None) => {
            sat.distance > T::zero()
        }
        _ => false,
    }
}
