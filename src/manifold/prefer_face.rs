//! The manifold's choice of reference: between an edge pair and a face in
//! 3D (docs/manifolds.md, "Faces before edges"), and between A's face and
//! B's in both dimensions ([`b_face_wins`]; docs/manifolds.md, "The bias
//! toward A").
//!
//! SAT's best axis is the one of least overlap, and near a resting face
//! contact an edge pair's axis can win it by round-off or by a tilt of a
//! fraction of a degree: the exact MTV, but a manifold of one point where
//! the contact is a face patch, on which no solver can rest a box. Like
//! Box2D, Bullet and Gregorius's "The Separating Axis Test between Convex
//! Polyhedra" (GDC 2013), the manifold takes the best face axis unless the
//! edge pair is better by a relative and an absolute tolerance:
//!
//! ```text
//! edge pair wins  iff  gap_edge > gap_face + REL · |gap_face| + ABS · size
//! ```
//!
//! `size` is the smaller of the two boxes' half widths along the face's
//! normal, so the rule is the same at every scale. Two boxes take it (the
//! box path: walls, stacks and piles); other 3D pairs keep the SAT's
//! choice for now (docs/manifolds.md). The choice is the
//! manifold's only: [`penetration`](crate::penetration) and
//! [`separation`](crate::separation) keep the exact MTV, and the manifold's
//! deepest point is then at most `REL · |gap_face| + ABS · size` deeper
//! than the exact depth (docs/manifolds.md names the tests).

use nalgebra::{SMatrix, SVector, Unit};

use crate::real::is_nan;
use crate::{Feature, Real};

/// The edge pair must beat the best face by this fraction of the face's
/// gap: the relative part of Gregorius's tolerance (he takes the edge when
/// its separation exceeds `0.9 ·` the face's; 5% here keeps a real
/// edge–edge crossing, whose face gaps exceed its own by about 40% at 45°).
const REL: f64 = 0.05;

/// ... and by this fraction of the smaller shape's size: the absolute
/// part, a scale-free linear slop (Box2D's slop is 0.5% of a 1 m box; a
/// fifth of that keeps crossings of 1% of the size edge–edge).
pub(super) const ABS: f64 = 0.001;

/// Whether the manifold takes a face of gap `face` over the SAT's edge
/// pair of gap `edge` (both signed: negative overlapping), `size` the
/// smaller shape's size. NaN never prefers the face.
#[inline]
pub(super) fn face_wins<T: Real>(edge: T, face: T, size: T) -> bool {
    let rel: T = nalgebra::convert(REL);
    let abs: T = nalgebra::convert(ABS);
    edge <= face + rel * face.abs() + abs * size
}

/// Whether B's face of gap `gap_b` takes the reference from A's best face
/// of gap `gap_a` (`size` the smaller half width of the two shapes along
/// A's face normal): only when it is larger by more than `ABS · size`,
/// the absolute part of [`face_wins`] (Box2D's `b2CollidePolygons` keeps
/// A's face unless B's separates more by `0.1 · linearSlop`; no relative
/// part, so that a face of B better by more than a slop of the size keeps
/// the reference). Without the bias, two faces parallel within round-off
/// (equal boxes stacked) passed the reference from one shape to the other
/// under a motion of 1e-6, and the ids with it (docs/manifolds.md, "The
/// bias toward A"). NaN: B's face (the SAT's choice stands).
#[inline]
pub(super) fn b_face_wins<T: Real>(gap_b: T, gap_a: T, size: T) -> bool {
    let abs: T = nalgebra::convert(ABS);
    let bar = gap_a + abs * size;
    gap_b > bar || is_nan(gap_b) || is_nan(bar)
}

/// A face axis offered instead of the SAT's edge pair or B's face: its
/// gap, its feature, its axis from A to B (A's box frame) and the smaller
/// half width of the two boxes along it.
pub(super) struct FaceAxis<T: Real, const N: usize> {
    pub(super) gap: T,
    pub(super) feature: Feature,
    pub(super) axis: Unit<SVector<T, N>>,
    pub(super) size: T,
}

impl<T: Real, const N: usize> FaceAxis<T, N> {
    /// Whether the manifold takes this face over the SAT's edge pair of
    /// gap `edge`.
    #[inline]
    pub(super) fn wins_over(&self, edge: T) -> bool {
        face_wins(edge, self.gap, self.size)
    }
}

/// The face axis the manifold takes of two boxes in A's box frame (`r`
/// B's axes as columns, `t` B's centre), numbered as the box SAT numbers
/// it (`FaceA(i)` for `±eᵢ`, `FaceB(j)` for B's face `j`, `+` for
/// `j < N`): A's best face, unless B's best beats it by the tolerance of
/// [`b_face_wins`].
pub(super) fn best_box_face<T: Real, const N: usize>(
    ha: &SVector<T, N>,
    hb: &SVector<T, N>,
    r: &SMatrix<T, N, N>,
    t: &SVector<T, N>,
) -> FaceAxis<T, N> {
    let abs_r = r.abs();
    let with_size = |(gap, feature, axis): (T, Feature, Unit<SVector<T, N>>)| {
        let u = axis.into_inner();
        let width_a = u.abs().dot(ha);
        let width_b = r.tr_mul(&u).abs().dot(hb);
        FaceAxis {
            gap,
            feature,
            axis,
            size: width_a.min(width_b),
        }
    };
    let mut best_a: Option<(T, Feature, Unit<SVector<T, N>>)> = None;
    for i in 0..N {
        let gap = t[i].abs() - (ha[i] + abs_r.row(i).transpose().dot(hb));
        if best_a.as_ref().is_none_or(|b| gap > b.0) {
            let plus = t[i] >= T::zero();
            let mut axis = SVector::zeros();
            axis[i] = if plus { T::one() } else { -T::one() };
            let face = if plus { i } else { i + N };
            best_a = Some((gap, Feature::FaceA(face), Unit::new_unchecked(axis)));
        }
    }
    let tb = r.tr_mul(t);
    let mut best_b: Option<(T, Feature, Unit<SVector<T, N>>)> = None;
    for j in 0..N {
        let gap = tb[j].abs() - (abs_r.column(j).dot(ha) + hb[j]);
        if best_b.as_ref().is_none_or(|b| gap > b.0) {
            // B's outward normal faces A: `−sign(r_jᵀ t) r_j`; the axis,
            // A to B, is its opposite.
            let plus = tb[j] < T::zero();
            let normal: SVector<T, N> = if plus {
                r.column(j).into_owned()
            } else {
                -r.column(j)
            };
            let face = if plus { j } else { j + N };
            best_b = Some((gap, Feature::FaceB(face), Unit::new_unchecked(-normal)));
        }
    }
    // `N >= 1` faces of each were offered: both are set.
    let fallback = || {
        (
            t[0],
            Feature::FaceA(0),
            Unit::new_unchecked(SVector::zeros()),
        )
    };
    let a = with_size(best_a.unwrap_or_else(fallback));
    let b = with_size(best_b.unwrap_or_else(fallback));
    if b_face_wins(b.gap, a.gap, a.size) {
        b
    } else {
        a
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Vector3;

    #[test]
    fn the_rule_at_its_edges() {
        // Resting: the edge pair better by round-off loses.
        assert!(face_wins(-7.84e-5_f64, -8.33e-5, 1.0));
        // A real crossing: the edge pair better by 40% of the face wins.
        assert!(!face_wins(-0.01_f64, -0.014, 1.0));
        // The same at another scale.
        assert!(face_wins(-7.84e-2_f64, -8.33e-2, 1000.0));
        assert!(!face_wins(-10.0_f64, -14.0, 1000.0));
        // Apart: the same rule on positive gaps.
        assert!(face_wins(0.0101_f64, 0.01, 1.0));
        assert!(!face_wins(0.02_f64, 0.01, 1.0));
        assert!(!face_wins(f64::NAN, 0.01, 1.0));
    }

    #[test]
    fn best_box_face_matches_the_sat_numbering() {
        // B above A along +y, unrotated: A's face +e₁ (index 1), axis +y,
        // gap 2.5 − (1 + 1) = 0.5.
        let h = Vector3::new(1.0_f64, 1.0, 1.0);
        let f = best_box_face(&h, &h, &SMatrix::identity(), &Vector3::new(0.0, 2.5, 0.0));
        assert_eq!((f.gap, f.feature, f.size), (0.5, Feature::FaceA(1), 1.0));
        assert_eq!(f.axis.into_inner(), Vector3::y());
        // B below: face −e₁ (index 4).
        let f = best_box_face(&h, &h, &SMatrix::identity(), &Vector3::new(0.0, -2.5, 0.0));
        assert_eq!(f.feature, Feature::FaceA(4));
        assert_eq!(f.axis.into_inner(), -Vector3::y());
    }
}
