//! Poses: where a shape sits in the world.
//!
//! A pose is a rigid motion stored with a rotation matrix,
//! `nalgebra::Isometry<T, Rotation<T, N>, N>`, the same type in every
//! dimension. `Isometry2` and `Isometry3` (unit complex and quaternion
//! rotations) convert through [`IntoPose`].

use nalgebra::{Isometry, Isometry2, Isometry3, Rotation};

use crate::Real;

/// A rigid motion in `N` dimensions: a rotation matrix, then a translation.
pub type Pose<T, const N: usize> = Isometry<T, Rotation<T, N>, N>;
/// A 2D pose.
pub type Pose2<T = f64> = Pose<T, 2>;
/// A 3D pose.
pub type Pose3<T = f64> = Pose<T, 3>;

/// Conversion of nalgebra's isometries into a [`Pose`].
///
/// ```
/// use nalgebra::{Isometry2, Vector2};
/// use separating_axis::{IntoPose, Pose2};
///
/// let pose: Pose2 = Isometry2::new(Vector2::new(1.0, 2.0), 0.5).into_pose();
/// assert!((pose.rotation.angle() - 0.5).abs() < 1e-15);
/// ```
pub trait IntoPose<T: Real, const N: usize> {
    /// The same rigid motion with its rotation stored as a matrix.
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

impl<T: Real, const N: usize> IntoPose<T, N> for Pose<T, N> {
    #[inline]
    fn into_pose(self) -> Pose<T, N> {
        self
    }
}
