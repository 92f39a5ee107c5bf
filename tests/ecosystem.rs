//! glam and mint values become poses and shapes through nalgebra's
//! `convert-glam033` and `convert-mint` features (dev-dependencies here),
//! and `IntoPose` takes nalgebra's translation-and-rotation pairs.

use nalgebra::{
    Isometry2, Isometry3, Point2, Point3, Quaternion, Rotation2, Rotation3, UnitComplex,
    UnitQuaternion, Vector2, Vector3,
};
use separating_axis::{intersects, penetration, Ball, IntoPose, Pose2, Pose3};

/// glam's `(Vec3, Quat)` is one `Isometry3::from` away from a pose: the
/// pose moves points as glam does, in `f32` and `f64`.
#[test]
fn glam_poses_take_one_hop() {
    let (v, q) = (
        glam::Vec3::new(1.0, -2.0, 0.5),
        glam::Quat::from_rotation_y(0.7),
    );
    let pose: Pose3<f32> = Isometry3::from((v, q)).into_pose();
    let p = glam::Vec3::new(0.3, 0.2, -1.0);
    let by_glam = q * p + v;
    let by_pose = pose * Point3::from(p);
    assert!(
        (Vector3::from(by_glam) - by_pose.coords).amax() < 1e-6,
        "{by_glam} vs {by_pose}"
    );

    let (v, q) = (
        glam::DVec3::new(1.0, -2.0, 0.5),
        glam::DQuat::from_rotation_x(-1.2),
    );
    let pose: Pose3 = Isometry3::from((v, q)).into_pose();
    let p = glam::DVec3::new(0.3, 0.2, -1.0);
    let by_pose = pose * Point3::from(p);
    assert!((Vector3::from(q * p + v) - by_pose.coords).amax() < 1e-15);

    // 2D: glam's (translation, angle).
    let pose: Pose2 = Isometry2::from((glam::DVec2::new(3.0, 0.0), 0.25)).into_pose();
    let p = glam::DVec2::new(1.0, 0.0);
    let by_glam = glam::DMat2::from_angle(0.25) * p + glam::DVec2::new(3.0, 0.0);
    let by_pose = pose * Point2::from(p);
    assert!((Vector2::from(by_glam) - by_pose.coords).amax() < 1e-15);
    assert!((pose.rotation.angle() - 0.25).abs() < 1e-15);
}

/// Shapes from glam points, placed by glam poses, queried.
#[test]
fn glam_points_build_shapes() {
    let ball = Ball::new(Point3::from(glam::DVec3::new(0.0, 0.0, 0.0)), 1.0).unwrap();
    let at = |x: f64| -> Pose3 {
        Isometry3::from((glam::DVec3::new(x, 0.0, 0.0), glam::DQuat::IDENTITY)).into_pose()
    };
    assert!(intersects(&ball, &at(0.0), &ball, &at(1.5)));
    let p = penetration(&ball, &at(0.0), &ball, &at(1.5)).unwrap();
    assert_eq!(p.depth.to_bits(), 0.5_f64.to_bits());
    assert_eq!(Vector3::from(glam::DVec3::X), p.normal.into_inner());
    assert!(!intersects(&ball, &at(0.0), &ball, &at(2.5)));
}

/// mint's vector and quaternion convert to nalgebra's, then the tuple to
/// a pose.
#[test]
fn mint_poses_take_two_conversions() {
    let v = mint::Vector3 {
        x: 1.0,
        y: 2.0,
        z: 3.0,
    };
    let turn = UnitQuaternion::from_axis_angle(&Vector3::z_axis(), 0.5_f64);
    let q: mint::Quaternion<f64> = turn.into();
    let back = UnitQuaternion::from_quaternion(Quaternion::from(q));
    let pose: Pose3 = (Vector3::from(v), back).into_pose();
    assert_eq!(pose.translation.vector, Vector3::new(1.0, 2.0, 3.0));
    assert!((pose.rotation.angle() - 0.5).abs() < 1e-15);
    let corner = Point3::from(mint::Point3 {
        x: 1.0,
        y: 0.0,
        z: 0.0,
    });
    let moved = pose * corner;
    assert!((moved - Point3::new(1.0 + 0.5_f64.cos(), 2.0 + 0.5_f64.sin(), 3.0)).norm() < 1e-15);
}

/// Each tuple gives the pose its isometry gives, bit for bit.
#[test]
fn into_pose_from_tuples_equals_the_isometry() {
    let (v3, q) = (
        Vector3::new(1.0, 2.0, 3.0),
        UnitQuaternion::from_euler_angles(0.1, 0.2, 0.3),
    );
    let from_tuple: Pose3 = (v3, q).into_pose();
    assert_eq!(from_tuple, Isometry3::from_parts(v3.into(), q).into_pose());
    let (v2, c) = (Vector2::new(-1.0, 0.5), UnitComplex::new(2.0));
    let from_tuple: Pose2 = (v2, c).into_pose();
    assert_eq!(from_tuple, Isometry2::from_parts(v2.into(), c).into_pose());
    let r = Rotation3::new(Vector3::new(0.3, -0.1, 0.2));
    assert_eq!((v3, r).into_pose(), Pose3::from_parts(v3.into(), r));
    let r = Rotation2::new(0.4_f32);
    let v = Vector2::new(1.0_f32, 2.0);
    assert_eq!((v, r).into_pose(), Pose2::from_parts(v.into(), r));
}
