//! Small vector helpers shared by the engine, the rounded-core axes and the
//! pair paths: orienting an axis, the 3D cross product of two directions as
//! a unit axis, and the Gauss-map test of an edge pair.

use nalgebra::{SVector, Unit};

use crate::Real;

/// `u` or `−u`, whichever has a non-negative dot product with `towards`.
#[inline]
pub(crate) fn orient<T: Real, const N: usize>(
    u: Unit<SVector<T, N>>,
    towards: &SVector<T, N>,
) -> Unit<SVector<T, N>> {
    if u.dot(towards) < T::zero() {
        -u
    } else {
        u
    }
}

/// The 3D cross product for `N = 3`; the zero vector in other dimensions
/// (where the engine never calls it).
#[inline]
pub(crate) fn cross3<T: Real, const N: usize>(
    a: &SVector<T, N>,
    b: &SVector<T, N>,
) -> SVector<T, N> {
    let mut c = SVector::zeros();
    if N == 3 {
        c[0] = a[1] * b[2] - a[2] * b[1];
        c[1] = a[2] * b[0] - a[0] * b[2];
        c[2] = a[0] * b[1] - a[1] * b[0];
    }
    c
}

/// `a × b` normalised (3D), `None` when it is exactly zero or NaN.
///
/// The product is first divided by its largest entry, so that two nearly
/// parallel edges (a cross product of length 1e-200, say) still give a
/// unit axis instead of an underflow. Its direction may be far from the
/// exact cross product of the edges the user meant (round-off in nearly
/// parallel directions is amplified), but every gap is then measured along
/// this axis from support values, so it is a true gap of the shapes
/// (docs/sat-proof.md §11): a wrong direction can only make the axis
/// useless, never the answer wrong.
#[inline]
pub(crate) fn unit_cross3<T: Real, const N: usize>(
    a: &SVector<T, N>,
    b: &SVector<T, N>,
) -> Option<Unit<SVector<T, N>>> {
    let c = cross3(a, b);
    let m = c.amax();
    if m.partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
        return None;
    }
    let c = c / m;
    let len = c.norm();
    Some(Unit::new_unchecked(c / len))
}

/// Whether an edge of A and an edge of B form a face of `A − B`: the
/// Gauss-map arc of A's edge (between its face normals `faces_a = [a, b]`)
/// crosses the arc of B's edge negated (between `−m₁` and `−m₂`), all in
/// one frame. The engine prunes polyhedron edge pairs with it
/// (docs/sat-proof.md §10).
///
/// The arcs `ab` and `cd` (each shorter than a half circle) cross iff `c`
/// and `d` lie on opposite sides of the plane of `ab`, `a` and `b` on
/// opposite sides of the plane of `cd`, and the two arcs lie in the same
/// hemisphere. The planes' normals `b × a` and `d × c` are the edge
/// directions up to a negative factor each, for edges that keep the
/// [`Edge`](crate::Edge) contract (`direction = normalise(faces[0] ×
/// faces[1])`), and the three sign tests do not see those factors: so the
/// test takes the directions `dir_a`, `dir_b` and needs four dot products
/// (no cross product), the first two of which already reject most pairs
/// (checked against the triple-product form in this module's unit tests).
/// The polyhedron pair path runs the same four signs, the first two for
/// 64 edges at a time.
///
/// ```
/// use nalgebra::Vector3;
/// use separating_axis::engine::is_minkowski_face;
///
/// // A cube's edge along z (faces +x, +y) against the same edge of a copy:
/// // −(+x) and −(+y) are the opposite arc, which does not cross.
/// let (x, y, z) = (Vector3::x(), Vector3::y(), Vector3::z());
/// assert!(!is_minkowski_face(&[x, y], &z, &[x, y], &z));
/// // Against an edge along x with faces −y, −z (arc +y … +z once negated),
/// // whose arc crosses the first one's only at a shared end: not a face.
/// assert!(!is_minkowski_face(&[x, y], &z, &[-y, -z], &x));
/// // A crossing: A's edge along z between +x and +y, B's edge whose
/// // negated arc runs from +x+y−z to +x+y+z.
/// let (m1, m2) = (Vector3::new(-1.0, -1.0, 1.0).normalize(), Vector3::new(-1.0, -1.0, -1.0).normalize());
/// let dir_b = m1.cross(&m2).normalize();
/// assert!(is_minkowski_face(&[x, y], &z, &[m1, m2], &dir_b));
/// ```
#[inline]
#[must_use]
pub fn is_minkowski_face<T: Real, const N: usize>(
    faces_a: &[SVector<T, N>; 2],
    dir_a: &SVector<T, N>,
    faces_b: &[SVector<T, N>; 2],
    dir_b: &SVector<T, N>,
) -> bool {
    // c = −m₁, d = −m₂: the signs of c·dA and d·dA are those of −m·dA.
    let cba = -faces_b[0].dot(dir_a);
    let dba = -faces_b[1].dot(dir_a);
    if cba * dba >= T::zero() {
        return false;
    }
    let adc = faces_a[0].dot(dir_b);
    let bdc = faces_a[1].dot(dir_b);
    adc * bdc < T::zero() && cba * bdc > T::zero()
}

#[cfg(test)]
mod tests {
    use super::*;
    use nalgebra::Vector3;

    /// The triple-product form: the arcs `ab` and `cd` (`c = −m₁`,
    /// `d = −m₂`) cross iff `c·(b×a)` and `d·(b×a)` differ in sign,
    /// `a·(d×c)` and `b·(d×c)` too, and `c·(b×a)` and `b·(d×c)` agree.
    fn triple_product_form(fa: &[Vector3<f64>; 2], fb: &[Vector3<f64>; 2]) -> bool {
        let [a, b] = fa;
        let (c, d) = (-fb[0], -fb[1]);
        let bxa = b.cross(a);
        let dxc = d.cross(&c);
        let (cba, dba) = (c.dot(&bxa), d.dot(&bxa));
        let (adc, bdc) = (a.dot(&dxc), b.dot(&dxc));
        cba * dba < 0.0 && adc * bdc < 0.0 && cba * bdc > 0.0
    }

    /// SplitMix64 in `[-1, 1)`.
    fn next(state: &mut u64) -> f64 {
        *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        2.0 * (((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64) - 1.0
    }

    /// A random arc: two unit normals less than a half circle apart, and
    /// the edge direction `normalise(n₁ × n₂)`.
    fn arc(state: &mut u64) -> ([Vector3<f64>; 2], Vector3<f64>) {
        let mut v = || Vector3::new(next(state), next(state), next(state)).normalize();
        let (n1, n2) = (v(), v());
        if n1.cross(&n2).norm() > 1e-3 {
            ([n1, n2], n1.cross(&n2).normalize())
        } else {
            ([Vector3::x(), Vector3::y()], Vector3::z())
        }
    }

    #[test]
    fn arc_test_equals_the_triple_product_form() {
        let mut state = 1u64;
        let (mut crossing, mut agree) = (0, 0);
        for _ in 0..20_000 {
            let (fa, da) = arc(&mut state);
            let (fb, db) = arc(&mut state);
            let expected = triple_product_form(&fa, &fb);
            assert_eq!(
                is_minkowski_face(&fa, &da, &fb, &db),
                expected,
                "{fa:?} {fb:?}"
            );
            crossing += usize::from(expected);
            agree += 1;
        }
        // Both answers occur: the comparison is not vacuous.
        assert!(
            crossing > 1000 && agree - crossing > 1000,
            "{crossing} of {agree}"
        );
    }

    #[test]
    fn unit_cross3_survives_nearly_parallel_edges_and_rejects_parallel_ones() {
        let a = Vector3::new(1.0, 0.0, 0.0);
        let b = Vector3::new(1.0, 1e-200, 0.0);
        let u = unit_cross3(&a, &b).unwrap();
        assert_eq!(u.into_inner(), Vector3::z());
        assert!(unit_cross3(&a, &a).is_none());
        assert!(unit_cross3(&a, &Vector3::new(f64::NAN, 0.0, 1.0)).is_none());
    }
}
