//! Poses: where a shape sits in the world.
//!
//! A pose is a rigid motion stored with a rotation matrix,
//! `nalgebra::Isometry<T, Rotation<T, N>, N>`, the same type in every
//! dimension. `Isometry2` and `Isometry3` (unit complex and quaternion
//! rotations) convert through [`IntoPose`]. A pose built from a raw matrix
//! goes through [`pose_from_matrix`], which refuses anything that is not a
//! rigid motion in the crate's range; [`check_pose`] validates a pose built
//! otherwise.

use nalgebra::{
    Isometry, Isometry2, Isometry3, Rotation, SMatrix, SVector, Translation, Unit, UnitComplex,
    UnitQuaternion, Vector2, Vector3,
};

use crate::real::max_magnitude;
use crate::real::orthonormal_tolerance;
use crate::validate::{check_coordinates, check_dimension};
use crate::{Feature, Real, Separation, ShapeError};

/// A rigid motion in `N` dimensions: a rotation matrix, then a translation.
///
/// ```
/// use nalgebra::{Point3, Rotation3, Translation3, Vector3};
/// use separating_axis::Pose;
///
/// // The rotation first, then the translation.
/// let pose: Pose<f64, 3> = Pose::from_parts(
///     Translation3::new(1.0, 0.0, 0.0),
///     Rotation3::from_axis_angle(&Vector3::z_axis(), std::f64::consts::FRAC_PI_2),
/// );
/// let p = pose * Point3::new(1.0, 0.0, 0.0);
/// assert!((p - Point3::new(1.0, 1.0, 0.0)).norm() < 1e-15);
/// ```
pub type Pose<T, const N: usize> = Isometry<T, Rotation<T, N>, N>;
/// A 2D pose.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::Pose2;
///
/// let pose = Pose2::new(Vector2::new(2.0, 0.0), std::f64::consts::PI);
/// assert!((pose * Point2::new(1.0, 0.0) - Point2::new(1.0, 0.0)).norm() < 1e-15);
/// assert_eq!(Pose2::translation(1.0, 2.0).translation.vector, Vector2::new(1.0, 2.0));
/// ```
pub type Pose2<T = f64> = Pose<T, 2>;
/// A 3D pose.
///
/// ```
/// use nalgebra::{Point3, Vector3};
/// use separating_axis::Pose3;
///
/// // Translation, then an axis-angle (here none).
/// let pose = Pose3::new(Vector3::new(0.0, 0.0, 5.0), Vector3::zeros());
/// assert_eq!(pose * Point3::origin(), Point3::new(0.0, 0.0, 5.0));
/// ```
pub type Pose3<T = f64> = Pose<T, 3>;

/// Conversion of nalgebra's isometries, and of a translation with a
/// rotation, into a [`Pose`].
///
/// Implemented for `Isometry2` and `Isometry3` (unit complex and
/// quaternion rotations), for the tuples `(Vector3, UnitQuaternion)`,
/// `(Vector2, UnitComplex)` and `(SVector, Rotation)` (translation first,
/// as the pose applies the rotation first and then the translation), and
/// for a [`Pose`] itself. glam and mint values reach these through
/// nalgebra's `convert-glam033` and `convert-mint` features
/// (docs/ecosystem.md, tests/ecosystem.rs::glam_poses_take_one_hop).
///
/// ```
/// use nalgebra::{Isometry2, UnitQuaternion, Vector2, Vector3};
/// use separating_axis::{IntoPose, Pose2, Pose3};
///
/// let pose: Pose2 = Isometry2::new(Vector2::new(1.0, 2.0), 0.5).into_pose();
/// assert!((pose.rotation.angle() - 0.5).abs() < 1e-15);
///
/// let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.5);
/// let pose: Pose3 = (Vector3::new(1.0, 2.0, 3.0), turn).into_pose();
/// assert_eq!(pose.translation.vector, Vector3::new(1.0, 2.0, 3.0));
/// assert!((pose.rotation.angle() - 0.5).abs() < 1e-15);
/// ```
pub trait IntoPose<T: Real, const N: usize> {
    /// The same rigid motion with its rotation stored as a matrix.
    ///
    /// ```
    /// use nalgebra::Isometry3;
    /// use separating_axis::{IntoPose, Pose3};
    ///
    /// let pose: Pose3 = Isometry3::translation(1.0, 2.0, 3.0).into_pose();
    /// assert_eq!(pose, Pose3::translation(1.0, 2.0, 3.0));
    /// ```
    #[must_use]
    fn into_pose(self) -> Pose<T, N>;
}

impl<T: Real> IntoPose<T, 2> for Isometry2<T> {
    #[inline]
    fn into_pose(self) -> Pose<T, 2> {
        Pose::from_parts(self.translation, self.rotation.to_rotation_matrix())
    }
}

impl<T: Real> IntoPose<T, 3> for Isometry3<T> {
    #[inline]
    fn into_pose(self) -> Pose<T, 3> {
        Pose::from_parts(self.translation, self.rotation.to_rotation_matrix())
    }
}

impl<T: Real> IntoPose<T, 3> for (Vector3<T>, UnitQuaternion<T>) {
    #[inline]
    fn into_pose(self) -> Pose<T, 3> {
        Pose::from_parts(Translation::from(self.0), self.1.to_rotation_matrix())
    }
}

impl<T: Real> IntoPose<T, 2> for (Vector2<T>, UnitComplex<T>) {
    #[inline]
    fn into_pose(self) -> Pose<T, 2> {
        Pose::from_parts(Translation::from(self.0), self.1.to_rotation_matrix())
    }
}

impl<T: Real, const N: usize> IntoPose<T, N> for (SVector<T, N>, Rotation<T, N>) {
    #[inline]
    fn into_pose(self) -> Pose<T, N> {
        Pose::from_parts(Translation::from(self.0), self.1)
    }
}

impl<T: Real, const N: usize> IntoPose<T, N> for Pose<T, N> {
    #[inline]
    fn into_pose(self) -> Pose<T, N> {
        self
    }
}

/// A pose from a rotation matrix `m` and a `translation`, validated.
///
/// The range (the crate-wide rule, docs/contract-range.md): every entry
/// finite, `m` orthonormal (`max |mᵀm − I| <=`
/// [`orthonormal_tolerance`](crate::real::orthonormal_tolerance)) with
/// determinant `+1`, and every translation coordinate at most
/// [`max_magnitude`](crate::real::max_magnitude) in magnitude.
///
/// # Errors
/// Checked in this order: [`ShapeError::ZeroDimension`] for `N = 0`;
/// [`ShapeError::NonFinite`] for a NaN or infinite entry (`field`
/// `"rotation"`, index column-major, then `"translation"`, index the
/// coordinate); [`ShapeError::TooLarge`] for a translation coordinate beyond
/// `max_magnitude`; [`ShapeError::NonOrthonormalRotation`] for a scaled,
/// sheared or singular matrix; [`ShapeError::Reflection`] for an orthonormal
/// matrix of determinant `−1` (tests/range.rs::pose_from_matrix_refuses_each_cause).
///
/// ```
/// use nalgebra::{Matrix2, Rotation2, Vector2};
/// use separating_axis::{pose_from_matrix, ShapeError};
///
/// let turn = *Rotation2::new(0.5_f64).matrix();
/// let pose = pose_from_matrix(&turn, &Vector2::new(1.0, 2.0)).unwrap();
/// assert_eq!(pose.translation.vector, Vector2::new(1.0, 2.0));
/// let mirror = Matrix2::new(1.0, 0.0, 0.0, -1.0);
/// assert_eq!(pose_from_matrix(&mirror, &Vector2::zeros()), Err(ShapeError::Reflection));
/// let scaled = Matrix2::new(2.0, 0.0, 0.0, 2.0);
/// assert_eq!(pose_from_matrix(&scaled, &Vector2::zeros()), Err(ShapeError::NonOrthonormalRotation));
/// ```
pub fn pose_from_matrix<T: Real, const N: usize>(
    m: &SMatrix<T, N, N>,
    translation: &SVector<T, N>,
) -> Result<Pose<T, N>, ShapeError> {
    check_dimension::<N>()?;
    if let Some(index) = m.iter().position(|x| !x.is_finite()) {
        return Err(ShapeError::NonFinite {
            field: "rotation",
            index,
        });
    }
    check_coordinates(translation, "translation")?;
    if is_reflection(m)? {
        return Err(ShapeError::Reflection);
    }
    Ok(Pose::from_parts(
        Translation::from(*translation),
        Rotation::from_matrix_unchecked(*m),
    ))
}

/// Validates a pose built by other means (nalgebra's constructors, or
/// `Rotation::from_matrix_unchecked`): the same checks, in the same order,
/// as [`pose_from_matrix`].
///
/// # Errors
/// As [`pose_from_matrix`].
///
/// ```
/// use nalgebra::{Matrix3, Rotation3, Vector3};
/// use separating_axis::{check_pose, Pose3, ShapeError};
///
/// let good = Pose3::from_parts(Vector3::new(1.0, 2.0, 3.0).into(), Rotation3::new(Vector3::new(0.1, 0.2, 0.3)));
/// assert_eq!(check_pose(&good), Ok(()));
/// let sheared = Rotation3::from_matrix_unchecked(Matrix3::new(1.0, 0.5, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0));
/// let bad = Pose3::from_parts(Vector3::zeros().into(), sheared);
/// assert_eq!(check_pose(&bad), Err(ShapeError::NonOrthonormalRotation));
/// ```
pub fn check_pose<T: Real, const N: usize>(pose: &Pose<T, N>) -> Result<(), ShapeError> {
    pose_from_matrix(pose.rotation.matrix(), &pose.translation.vector).map(|_| ())
}

/// Whether the finite matrix `m` is a reflection (determinant `−1`), after
/// checking that it is orthonormal within
/// [`orthonormal_tolerance`](crate::real::orthonormal_tolerance).
///
/// # Errors
/// [`ShapeError::NonOrthonormalRotation`] when some entry of `mᵀm − I`
/// exceeds the tolerance.
pub(crate) fn is_reflection<T: Real, const N: usize>(
    m: &SMatrix<T, N, N>,
) -> Result<bool, ShapeError> {
    let gram = m.transpose() * m;
    let off = (gram - SMatrix::<T, N, N>::identity()).amax();
    if off > orthonormal_tolerance() {
        return Err(ShapeError::NonOrthonormalRotation);
    }
    Ok(determinant_is_negative(m))
}

/// The sign of the determinant of a nearly orthonormal matrix, by Gaussian
/// elimination with partial pivoting (no allocation, any `N`): each pivot
/// is then about ±1, far from zero.
fn determinant_is_negative<T: Real, const N: usize>(m: &SMatrix<T, N, N>) -> bool {
    let mut a = *m;
    let mut negative = false;
    for k in 0..N {
        let mut p = k;
        for r in k + 1..N {
            if a[(r, k)].abs() > a[(p, k)].abs() {
                p = r;
            }
        }
        if p != k {
            a.swap_rows(k, p);
            negative = !negative;
        }
        let pivot = a[(k, k)];
        if pivot < T::zero() {
            negative = !negative;
        }
        if pivot == T::zero() {
            continue;
        }
        for r in k + 1..N {
            let f = a[(r, k)] / pivot;
            for c in k..N {
                let v = a[(k, c)];
                a[(r, c)] -= f * v;
            }
        }
    }
    negative
}

/// Whether every entry of the pose, its rotation's and its translation's,
/// is finite: the queries' test for input that is not a place
/// (docs/contract.md, "Non-finite input").
#[inline]
pub(crate) fn pose_is_finite<T: Real, const N: usize>(pose: &Pose<T, N>) -> bool {
    crate::real::all_finite(
        pose.rotation
            .matrix()
            .iter()
            .chain(pose.translation.vector.iter()),
    )
}

/// `x` as a `U` when `S` and `U` are the same type: the pose and result
/// types of the dimension-specific paths (`Pose<T, N>` as `Pose<T, 2>`).
/// Only these plain `'static` value types are cast; shapes are routed by
/// their hooks ([`Shape::as_obb`](crate::Shape::as_obb), [`Shape::as_polygon`](crate::Shape::as_polygon),
/// [`Shape::as_polyhedron`](crate::Shape::as_polyhedron)), so any shape, borrowed or behind `dyn`,
/// reaches its path.
#[inline]
pub(crate) fn same_type<S: 'static, U: 'static>(x: &S) -> Option<&U> {
    (x as &dyn core::any::Any).downcast_ref::<U>()
}

/// The answer for two poses whose translations lie so far apart that no
/// two shapes within the representable range can meet: `None` otherwise.
///
/// Every built-in shape keeps its coordinates within
/// [`max_magnitude`](crate::real::max_magnitude) `M` of its local origin,
/// so its points lie within `N·M` of its pose's translation; when the
/// translations differ by more than `2·N·M` in some coordinate (or their
/// difference overflows to infinity, for finite poses near `±MAX`), the
/// shapes are apart by at least the excess. The queries answer that
/// without arithmetic that could overflow into a NaN
/// (`consistency.rs::poses_near_the_float_limit_give_no_nan`). An
/// infinite translation found here answers with a NaN distance (the
/// queries' rule for non-finite input); a NaN translation is not caught
/// here: it flows into the queries' NaN contract.
#[inline]
pub(crate) fn beyond_range<T: Real, const N: usize>(
    pose_a: &Pose<T, N>,
    pose_b: &Pose<T, N>,
) -> Option<Separation<T, N>> {
    let shift = pose_b.translation.vector - pose_a.translation.vector;
    let reach = max_magnitude::<T>() * T::from_usize(2 * N).unwrap_or_else(T::one);
    let far = shift
        .iter()
        .fold(T::zero(), |m, x| if x.abs() > m { x.abs() } else { m });
    if far <= reach {
        return None;
    }
    let (at_a, at_b) = (&pose_a.translation.vector, &pose_b.translation.vector);
    if !crate::real::all_finite(at_a.iter().chain(at_b.iter())) {
        // An infinite translation is not a place: no answer, as for NaN
        // (docs/contract.md, "Non-finite input").
        return Some(Separation {
            distance: crate::real::nan(),
            axis: Unit::new_unchecked(SVector::from_fn(
                |i, _| if i == 0 { T::one() } else { T::zero() },
            )),
            feature: Feature::Fallback,
        });
    }
    // The direction from A to B, from halved translations (no overflow),
    // scaled to its largest entry before normalising.
    let half: T = nalgebra::convert(0.5);
    let d = pose_b.translation.vector * half - pose_a.translation.vector * half;
    let axis = Unit::try_new(d / d.amax(), T::zero())?;
    let max = T::max_value().unwrap_or(far);
    let distance = if far - reach < max { far - reach } else { max };
    Some(Separation {
        distance,
        axis,
        feature: Feature::Fallback,
    })
}
