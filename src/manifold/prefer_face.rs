//! The 3D manifold's choice between an edge pair and a face (docs/manifolds.md,
//! "Faces before edges").
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

use nalgebra::{SMatrix, SVector, Unit, Vector3};

use crate::{Feature, Real};

/// The edge pair must beat the best face by this fraction of the face's
/// gap: the relative part of Gregorius's tolerance (he takes the edge when
/// its separation exceeds `0.9 ·` the face's; 5% here keeps a real
/// edge–edge crossing, whose face gaps exceed its own by about 40% at 45°).
const REL: f64 = 0.05;

/// ... and by this fraction of the smaller shape's size: the absolute
/// part, a scale-free linear slop (Box2D's slop is 0.5% of a 1 m box; a
/// fifth of that keeps crossings of 1% of the size edge–edge).
const ABS: f64 = 0.001;

/// Whether the manifold takes a face of gap `face` over the SAT's edge
/// pair of gap `edge` (both signed: negative overlapping), `size` the
/// smaller shape's size. NaN never prefers the face.
#[inline]
pub(super) fn face_wins<T: Real>(edge: T, face: T, size: T) -> bool {
    let rel: T = nalgebra::convert(REL);
    let abs: T = nalgebra::convert(ABS);
    edge <= face + rel * face.abs() + abs * size
}

/// A face axis offered instead of an edge pair: its gap, its feature,
/// its axis from A to B (A's box frame) and the smaller half width of the
/// two boxes along it.
pub(super) struct FaceAxis<T: Real> {
    pub(super) gap: T,
    pub(super) feature: Feature,
    pub(super) axis: Unit<Vector3<T>>,
    pub(super) size: T,
}

impl<T: Real> FaceAxis<T> {
    /// Whether the manifold takes this face over the SAT's edge pair of
    /// gap `edge`.
    #[inline]
    pub(super) fn wins_over(&self, edge: T) -> bool {
        face_wins(edge, self.gap, self.size)
    }
}

/// The best face axis of two boxes in A's box frame (`r` B's axes as
/// columns, `t` B's centre), numbered as the box SAT numbers it
/// (`FaceA(i)` for `±eᵢ`, `FaceB(j)` for B's face `j`, `+` for `j < 3`).
/// A's faces first, and B's only when strictly better (the SAT's class
/// order).
pub(super) fn best_box_face<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &SMatrix<T, 3, 3>,
    t: &Vector3<T>,
) -> FaceAxis<T> {
    let (gap, feature, axis) = best_box_gap(ha, hb, r, t);
    let u = axis.into_inner();
    let width_a = u.abs().dot(ha);
    let width_b = r.tr_mul(&u).abs().dot(hb);
    FaceAxis {
        gap,
        feature,
        axis,
        size: width_a.min(width_b),
    }
}

/// [`best_box_face`]'s gap, feature and axis.
fn best_box_gap<T: Real>(
    ha: &Vector3<T>,
    hb: &Vector3<T>,
    r: &SMatrix<T, 3, 3>,
    t: &Vector3<T>,
) -> (T, Feature, Unit<Vector3<T>>) {
    let abs_r = r.abs();
    let mut best: Option<(T, Feature, Unit<Vector3<T>>)> = None;
    for i in 0..3 {
        let gap = t[i].abs() - (ha[i] + abs_r.row(i).transpose().dot(hb));
        if best.as_ref().is_none_or(|b| gap > b.0) {
            let plus = t[i] >= T::zero();
            let mut axis = Vector3::zeros();
            axis[i] = if plus { T::one() } else { -T::one() };
            let face = if plus { i } else { i + 3 };
            best = Some((gap, Feature::FaceA(face), Unit::new_unchecked(axis)));
        }
    }
    let tb = r.tr_mul(t);
    for j in 0..3 {
        let gap = tb[j].abs() - (abs_r.column(j).dot(ha) + hb[j]);
        if best.as_ref().is_none_or(|b| gap > b.0) {
            // B's outward normal faces A: `−sign(r_jᵀ t) r_j`; the axis,
            // A to B, is its opposite.
            let plus = tb[j] < T::zero();
            let normal: SVector<T, 3> = if plus {
                r.column(j).into_owned()
            } else {
                -r.column(j)
            };
            let face = if plus { j } else { j + 3 };
            best = Some((gap, Feature::FaceB(face), Unit::new_unchecked(-normal)));
        }
    }
    // Six faces were offered: `best` is set.
    best.unwrap_or((t[0], Feature::FaceA(0), Vector3::x_axis()))
}

#[cfg(test)]
mod tests {
    use super::*;

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
