//! The `serde` feature: every shape, pose, result and error round-trips
//! through JSON unchanged, and a tampered shape is refused with its
//! constructor's error. Runs in `f32` and `f64`. JSON through serde_json
//! with its `float_roundtrip` feature, so that floats compare bit for bit.

use core::fmt::Debug;

use nalgebra::{Matrix3, Point2, Point3, Rotation2, Rotation3, Vector2, Vector3};
use separating_axis::{
    bounding_sphere, cast_ray, cast_shapes, closest_points, contact_manifold, containment,
    penetration, project_point, separation, separation_cached, Aabb, AnyShape2, AnyShape3, Ball,
    BroadPhaseError, Capsule, ConvexPolygon, ConvexPolyhedron, Edge, Feature, HullError, Interval,
    Manifold, Motion2, Motion3, Obb, Pose2, Pose3, Ray, SatCache, Shape, ShapeError,
};
use serde::de::DeserializeOwned;
use serde::Serialize;

use separating_axis::real::max_magnitude;

use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// `value` to JSON and back: equal, and the second serialisation is the
/// first's text.
fn round_trip<V: Serialize + DeserializeOwned + PartialEq + Debug>(value: &V) -> String {
    let text = serde_json::to_string(value).expect("serialises");
    let back: V = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(&back, value, "{text}");
    assert_eq!(serde_json::to_string(&back).expect("serialises"), text);
    text
}

/// The error the deserialiser reports for `text` as a `V`.
fn refusal<V: DeserializeOwned + Debug>(text: &str) -> String {
    serde_json::from_str::<V>(text)
        .expect_err("tampered input must be refused")
        .to_string()
}

fn p2<T: TestReal>(x: f64, y: f64) -> Point2<T> {
    Point2::new(t(x), t(y))
}

fn p3<T: TestReal>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(t(x), t(y), t(z))
}

fn hexagon<T: TestReal>() -> ConvexPolygon<T> {
    let pts: Vec<_> = (0..6)
        .map(|i| {
            let a = f64::from(i) * core::f64::consts::FRAC_PI_3 + 0.1;
            p2(2.0 * a.cos(), a.sin())
        })
        .collect();
    ConvexPolygon::new(&pts).unwrap()
}

fn cube<T: TestReal>() -> ConvexPolyhedron<T> {
    let corners: Vec<_> = (0..8)
        .map(|i| {
            p3(
                f64::from(i & 1),
                f64::from((i >> 1) & 1),
                f64::from((i >> 2) & 1),
            )
        })
        .collect();
    ConvexPolyhedron::from_hull(&corners).unwrap()
}

/// A hull of 40 points on a sphere with a few inside: the polyhedron
/// rebuilt from its vertices is the same, face for face.
fn round_hull<T: TestReal>() -> ConvexPolyhedron<T> {
    let mut pts = Vec::new();
    for i in 0..40 {
        let z = 1.0 - 2.0 * (f64::from(i) + 0.5) / 40.0;
        let r = (1.0 - z * z).sqrt();
        let a = 2.399_963 * f64::from(i);
        pts.push(p3(r * a.cos(), r * a.sin(), z));
        if i % 10 == 0 {
            pts.push(p3(0.1 * a.cos(), 0.1, 0.1 * z));
        }
    }
    ConvexPolyhedron::from_hull(&pts).unwrap()
}

fn obb3<T: TestReal>() -> Obb<T, 3> {
    let r = Rotation3::new(Vector3::new(t(0.3), t(-0.2), t(0.5)));
    Obb::new(p3(1.0, 2.0, 3.0), r, Vector3::new(t(1.0), t(0.5), t(0.25))).unwrap()
}

fn shapes_round_trip<T: TestReal + Serialize + DeserializeOwned>() {
    let ball2 = Ball::new(p2::<T>(1.0, -2.0), t(0.5)).unwrap();
    let text = round_trip(&ball2);
    assert!(text.contains("\"radius\":0.5"), "{text}");
    round_trip(&Ball::new(p3::<T>(1.0, -2.0, 3.0), t(0.25)).unwrap());
    round_trip(&Capsule::new(p2::<T>(0.0, 0.0), p2(1.0, 1.0), t(0.5)).unwrap());
    round_trip(&Capsule::new(p3::<T>(0.0, 0.0, 1.0), p3(1.0, 1.0, 0.0), t(0.5)).unwrap());
    round_trip(&Aabb::new(p2::<T>(-1.0, 0.0), p2(1.0, 2.0)).unwrap());
    round_trip(&Aabb::new(p3::<T>(-1.0, 0.0, 1.0), p3(1.0, 2.0, 4.0)).unwrap());
    let obb2 = Obb::new(
        p2::<T>(0.5, 0.5),
        Rotation2::new(t(0.7)),
        Vector2::new(t(2.0), t(1.0)),
    )
    .unwrap();
    round_trip(&obb2);
    round_trip(&obb3::<T>());
    // The centred box keeps its shortcut flag through the round trip.
    round_trip(
        &Obb::new(
            Point3::origin(),
            Rotation3::identity(),
            Vector3::repeat(t::<T>(1.0)),
        )
        .unwrap(),
    );
    let hex = hexagon::<T>();
    round_trip(&hex);
    round_trip(&cube::<T>());
    round_trip(&round_hull::<T>());
    for s in [
        AnyShape2::from(ball2),
        AnyShape2::from(obb2),
        AnyShape2::from(hex),
        AnyShape2::from(Aabb::new(p2::<T>(-1.0, 0.0), p2(1.0, 2.0)).unwrap()),
        AnyShape2::from(Capsule::new(p2::<T>(0.0, 0.0), p2(1.0, 1.0), t(0.5)).unwrap()),
    ] {
        round_trip(&s);
    }
    round_trip(&AnyShape3::from(cube::<T>()));
    round_trip(&AnyShape3::from(obb3::<T>()));
}

fn poses_round_trip<T: TestReal + Serialize + DeserializeOwned>() {
    round_trip(&Pose2::<T>::new(Vector2::new(t(1.0), t(2.0)), t(0.5)));
    round_trip(&Pose3::<T>::new(
        Vector3::new(t(1.0), t(2.0), t(3.0)),
        Vector3::new(t(0.1), t(0.2), t(0.3)),
    ));
}

/// Every result type, from real queries.
fn results_round_trip<T: TestReal + Serialize + DeserializeOwned>() {
    let id2 = Pose2::<T>::identity();
    let hex = hexagon::<T>();
    let ball = Ball::new(p2::<T>(0.0, 0.0), t(1.0)).unwrap();
    let near = Pose2::translation(t(2.5), t(0.25));
    let s = separation(&hex, &id2, &ball, &near);
    round_trip(&s);
    round_trip(&penetration(&hex, &id2, &ball, &near).expect("overlap"));
    round_trip(&containment(&hex, &id2, &ball, &Pose2::identity()));
    for f in [
        Feature::FaceA(3),
        Feature::FaceB(1),
        Feature::EdgePair(2, 5),
        Feature::RoundA,
        Feature::RoundB,
        Feature::Fallback,
    ] {
        round_trip(&f);
    }
    let ground = Aabb::new(p2::<T>(-5.0, -1.0), p2(5.0, 0.0)).unwrap();
    let plank = Aabb::new(p2::<T>(-1.0, 0.0), p2(1.0, 0.5)).unwrap();
    let m2 = contact_manifold(
        &ground,
        &id2,
        &plank,
        &Pose2::translation(t(0.0), t(-0.1)),
        t(0.0),
    );
    assert_eq!(m2.len(), 2);
    round_trip(&m2);
    round_trip(&m2.points()[0]);
    round_trip(&m2.points()[0].id);
    let id3 = Pose3::<T>::identity();
    let m3 = contact_manifold(
        &cube::<T>(),
        &id3,
        &obb3::<T>(),
        &Pose3::translation(t(-1.0), t(-1.5), t(-2.2)),
        t(0.0),
    );
    assert!(!m3.is_empty());
    round_trip(&m3);
    let apart = contact_manifold(
        &ball,
        &id2,
        &ball,
        &Pose2::translation(t(5.0), t(0.0)),
        t(0.0),
    );
    assert!(apart.is_empty());
    round_trip(&apart);
    round_trip(&closest_points(
        &hex,
        &id2,
        &ball,
        &Pose2::translation(t(5.0), t(1.0)),
    ));
    let ray = Ray::new(p2::<T>(-5.0, 0.0), Vector2::new(t(1.0), t(0.0)));
    round_trip(&ray);
    round_trip(&cast_ray(&hex, &id2, &ray, t(10.0), true).expect("hits"));
    round_trip(&project_point(&hex, &id2, &p2(0.1, 0.2)));
    let hit = cast_shapes(
        &hex,
        &id2,
        &Vector2::zeros(),
        &ball,
        &Pose2::translation(t(6.0), t(0.0)),
        &Vector2::new(t(-1.0), t(0.0)),
        t(10.0),
    )
    .expect("hits");
    round_trip(&hit);
    round_trip(&bounding_sphere(&hex, &id2).expect("finite"));
    round_trip(&Interval {
        min: t::<T>(-1.0),
        max: t(2.0),
    });
    round_trip(&Motion2 {
        start: near,
        linvel: Vector2::new(t(1.0), t(0.0)),
        angvel: t(0.5),
    });
    round_trip(&Motion3 {
        start: Pose3::<T>::translation(t(1.0), t(0.0), t(0.0)),
        linvel: Vector3::new(t(1.0), t(0.0), t(0.0)),
        angvel: Vector3::new(t(0.0), t(0.0), t(0.5)),
    });
    let c = cube::<T>();
    for i in 0..c.edge_count() {
        round_trip::<Edge<T, 3>>(&c.local_edge(i));
    }
    let mut cache = SatCache::new();
    round_trip(&cache);
    let _ = separation_cached(&hex, &id2, &ball, &near, &mut cache);
    assert!(cache.separated().is_some());
    round_trip(&cache);
}

#[test]
fn errors_round_trip() {
    let shape_errors = [
        ShapeError::TooFewPoints {
            found: 2,
            required: 3,
        },
        ShapeError::NonFinite {
            field: "half extent",
            index: 1,
        },
        ShapeError::NotConvex { index: 4 },
        ShapeError::Degenerate,
        ShapeError::NonPositiveExtent { axis: 2 },
        ShapeError::NonPositiveRadius,
        ShapeError::NonOrthonormalRotation,
        ShapeError::Reflection,
        ShapeError::TooLarge {
            field: "centre",
            index: 0,
            limit: 2.1e152,
        },
        ShapeError::TooSmall {
            field: "radius",
            index: 0,
            limit: 9.6e-153,
        },
        ShapeError::ZeroDimension,
    ];
    for e in shape_errors {
        round_trip(&e);
    }
    let hull_errors = [
        HullError::TooFewPoints {
            found: 3,
            required: 4,
        },
        HullError::NonFinite { index: 1 },
        HullError::TooLarge {
            index: 2,
            coordinate: 1,
        },
        HullError::TooSmall,
        HullError::Coincident,
        HullError::Collinear,
        HullError::Coplanar,
    ];
    for e in hull_errors {
        round_trip(&e);
    }
    for e in [
        BroadPhaseError::NonFinite {
            bound: "max",
            axis: 1,
        },
        BroadPhaseError::Inverted { axis: 0 },
        BroadPhaseError::UnknownHandle,
    ] {
        round_trip(&e);
    }
}

/// An error's `field` deserialises into one of the crate's names; any
/// other name is refused, not leaked into a `&'static str`.
#[test]
fn error_field_names_are_the_crates_own() {
    let text = r#"{"NonFinite":{"field":"bogus","index":0}}"#;
    let err = refusal::<ShapeError>(text);
    assert!(err.contains("bogus"), "{err}");
    let back: ShapeError =
        serde_json::from_str(r#"{"NonFinite":{"field":"radius","index":0}}"#).unwrap();
    assert_eq!(
        back,
        ShapeError::NonFinite {
            field: "radius",
            index: 0
        }
    );
}

/// Each shape's tampered file is refused with its constructor's error,
/// word for word in the deserialiser's message.
fn tampered_shapes_are_refused<T: TestReal + Serialize + DeserializeOwned>() {
    let says = |err: String, cause: &dyn core::fmt::Display| {
        assert!(
            err.contains(&cause.to_string()),
            "{err} does not say {cause}"
        );
    };
    let ball = serde_json::to_string(&Ball::new(p2::<T>(0.0, 0.0), t(1.0)).unwrap()).unwrap();
    says(
        refusal::<Ball<T, 2>>(&ball.replace("\"radius\":1.0", "\"radius\":-1.0")),
        &ShapeError::NonPositiveRadius,
    );
    let capsule = serde_json::to_string(
        &Capsule::new(p3::<T>(0.0, 0.0, 0.0), p3(1.0, 0.0, 0.0), t(1.0)).unwrap(),
    )
    .unwrap();
    says(
        refusal::<Capsule<T, 3>>(&capsule.replace("\"radius\":1.0", "\"radius\":0.0")),
        &ShapeError::NonPositiveRadius,
    );
    says(
        refusal::<Aabb<T, 2>>(r#"{"min":[0.0,0.0],"max":[1.0,-1.0]}"#),
        &ShapeError::NonPositiveExtent { axis: 1 },
    );
    let huge = 4.0 * f(max_magnitude::<T>());
    says(
        refusal::<Aabb<T, 3>>(&format!(
            r#"{{"min":[0.0,0.0,0.0],"max":[1.0,{huge:e},1.0]}}"#
        )),
        &"larger in magnitude",
    );
    let obb = serde_json::to_string(&obb3::<T>()).unwrap();
    let rotation = serde_json::to_string(&Rotation3::<T>::from_matrix_unchecked(Matrix3::new(
        t(1.0),
        t(0.5),
        t(0.0),
        t(0.0),
        t(1.0),
        t(0.0),
        t(0.0),
        t(0.0),
        t(1.0),
    )))
    .unwrap();
    let start = obb.find("\"rotation\":").unwrap() + "\"rotation\":".len();
    let end = obb.find(",\"half_extents\"").unwrap();
    let sheared = format!("{}{}{}", &obb[..start], rotation, &obb[end..]);
    says(
        refusal::<Obb<T, 3>>(&sheared),
        &ShapeError::NonOrthonormalRotation,
    );
    says(
        refusal::<Obb<T, 2>>(
            r#"{"center":[0.0,0.0],"rotation":[1.0,0.0,0.0,1.0],"half_extents":[1.0,0.0]}"#,
        ),
        &ShapeError::NonPositiveExtent { axis: 1 },
    );
    // A dart: the second point turns the wrong way.
    says(
        refusal::<ConvexPolygon<T>>(r#"{"vertices":[[0.0,0.0],[2.0,1.0],[4.0,0.0],[2.0,3.0]]}"#),
        &ShapeError::NotConvex { index: 1 },
    );
    says(
        refusal::<ConvexPolygon<T>>(r#"{"vertices":[[0.0,0.0],[1.0,0.0]]}"#),
        &ShapeError::TooFewPoints {
            found: 2,
            required: 3,
        },
    );
    says(
        refusal::<ConvexPolyhedron<T>>(
            r#"{"vertices":[[0.0,0.0,2.0],[1.0,0.0,2.0],[1.0,1.0,2.0],[0.0,1.0,2.0]]}"#,
        ),
        &HullError::Coplanar,
    );
    says(
        refusal::<AnyShape2<T>>(r#"{"Ball":{"center":[0.0,0.0],"radius":-2.0}}"#),
        &ShapeError::NonPositiveRadius,
    );
    says(
        refusal::<AnyShape3<T>>(
            r#"{"Polytope":{"vertices":[[0.0,0.0,0.0],[1.0,0.0,0.0],[2.0,0.0,0.0],[3.0,0.0,0.0]]}}"#,
        ),
        &HullError::Collinear,
    );
    // A manifold holds at most four points.
    let ground = Aabb::new(p2::<T>(-5.0, -1.0), p2(5.0, 0.0)).unwrap();
    let m = contact_manifold(
        &ground,
        &Pose2::identity(),
        &ground,
        &Pose2::translation(t(0.0), t(-0.5)),
        t(0.0),
    );
    let mut value: serde_json::Value = serde_json::to_value(m).unwrap();
    let points = value["points"].as_array_mut().unwrap();
    let one = points[0].clone();
    while points.len() < 5 {
        points.push(one.clone());
    }
    let err = serde_json::from_value::<Manifold<T, 2>>(value)
        .unwrap_err()
        .to_string();
    assert!(err.contains("5 contact points given"), "{err}");
}

/// A pose field declared `with = "separating_axis::checked_pose"` refuses a
/// reflection and a non-finite translation; nalgebra's own `Deserialize`
/// would take them.
#[test]
fn checked_pose_refuses_what_check_pose_refuses() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Body {
        #[serde(with = "separating_axis::checked_pose")]
        pose: Pose2,
    }
    let good = Body {
        pose: Pose2::new(Vector2::new(1.0, -1.0), 0.25),
    };
    round_trip(&good);
    let mirror = r#"{"pose":{"rotation":[1.0,0.0,0.0,-1.0],"translation":[0.0,0.0]}}"#;
    let err = refusal::<Body>(mirror);
    assert!(err.contains(&ShapeError::Reflection.to_string()), "{err}");
    let plain: Pose2 =
        serde_json::from_str(r#"{"rotation":[1.0,0.0,0.0,-1.0],"translation":[0.0,0.0]}"#).unwrap();
    assert_eq!(
        plain.rotation.matrix()[(1, 1)].to_bits(),
        (-1.0_f64).to_bits()
    );
    let far = r#"{"pose":{"rotation":[1.0,0.0,0.0,1.0],"translation":[1e300,0.0]}}"#;
    assert!(refusal::<Body>(far).contains("larger in magnitude"));
}

in_both_scalars!(
    shapes_round_trip,
    poses_round_trip,
    results_round_trip,
    tampered_shapes_are_refused
);
