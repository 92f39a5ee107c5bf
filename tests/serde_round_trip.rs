//! The `serde` feature: every shape, pose, result and error round-trips
//! through JSON unchanged, and a tampered shape is refused with its
//! constructor's error, a tampered result with its `ResultError`; every
//! result the library computes on seeded random scenes loads. Runs in `f32`
//! and `f64`, 2D and 3D. JSON through serde_json with its `float_roundtrip`
//! feature, so that floats compare bit for bit.

use core::fmt::Debug;

use nalgebra::{Const, Matrix3, Point2, Point3, Rotation2, Rotation3, SVector, Vector2, Vector3};
use separating_axis::{
    bounding_sphere, cast_ray, cast_shapes, closest_points, contact_manifold, containment,
    intersects_cached, penetration, penetration_cached, project_point, separation,
    separation_cached, Aabb, AnyShape2, AnyShape3, Ball, BroadPhaseError, Capsule, ContactDim,
    ConvexPolygon, ConvexPolyhedron, Edge, Feature, HullError, Interval, Manifold, Motion2,
    Motion3, Obb, Penetration, Pose, Pose2, Pose3, Ray, ResultError, SatCache, Separation, Shape,
    ShapeCastHit, ShapeError,
};
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

use separating_axis::real::{contact_point_tolerance, max_magnitude, unit_tolerance};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};
use crate::support::scene2d::{random_polygon, random_pose};

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
    let result_errors = [
        ResultError::TooManyContactPoints { found: 5 },
        ResultError::NonFinite {
            field: "on_b",
            point: Some(1),
        },
        ResultError::NonFinite {
            field: "depth",
            point: None,
        },
        ResultError::NonUnitVector {
            field: "normal",
            length: 5.0,
        },
        ResultError::Negative {
            field: "depth",
            value: -1.0,
        },
        ResultError::InconsistentPoint {
            point: 0,
            off: 1.0,
            tolerance: 1e-14,
        },
        ResultError::FeatureOutOfRange { field: "feature" },
        ResultError::EdgePairBelow3d { dimension: 2 },
        ResultError::UnorderedEdge {
            point: 0,
            first: 3,
            second: 1,
        },
    ];
    for e in result_errors {
        round_trip(&e);
    }
    assert!(
        refusal::<ResultError>(r#"{"Negative":{"field":"bogus","value":-1.0}}"#).contains("bogus")
    );
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
    assert!(
        err.contains(&ResultError::TooManyContactPoints { found: 5 }.to_string()),
        "{err}"
    );
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

// ---------------------------------------------------------------------------
// Results: what the library computes loads; what breaks an invariant does not
// ---------------------------------------------------------------------------

/// How close the library's own results come to the tolerances of the
/// checks on the way in: unit vectors in ε off length 1, contact points in
/// ε of their scale off `on_a + normal · separation`.
#[derive(Default)]
struct Worst {
    unit: f64,
    point: f64,
}

impl Worst {
    fn unit<T: TestReal, const N: usize>(&mut self, n: &nalgebra::Unit<SVector<T, N>>) {
        let off = (f(n.norm()) - 1.0).abs() / f(T::default_epsilon());
        self.unit = self.unit.max(off);
    }

    fn point<T: TestReal, const N: usize>(
        &mut self,
        p: &separating_axis::ContactPoint<T, N>,
        n: &nalgebra::Unit<SVector<T, N>>,
    ) {
        let off = (p.on_b - (p.on_a + n.as_ref() * p.separation)).amax();
        let scale = [
            p.on_a.coords.amax(),
            p.on_b.coords.amax(),
            p.local_a.coords.amax(),
            p.local_b.coords.amax(),
            p.separation.abs(),
        ]
        .into_iter()
        .fold(T::zero(), |m, x| if x > m { x } else { m });
        if scale > T::zero() {
            self.point = self
                .point
                .max(f(off) / (f(T::default_epsilon()) * f(scale)));
        }
    }

    /// Within the tolerances (which the loads above already showed), and
    /// the margin printed (`--nocapture`) for src/real.rs to quote.
    fn report<T: TestReal>(&self, dimension: usize) {
        eprintln!(
            "{} {dimension}D: unit vectors within {:.2} ε of length 1, contact points within {:.2} ε of their scale",
            T::NAME,
            self.unit,
            self.point
        );
        assert!(self.unit * f(T::default_epsilon()) <= f(unit_tolerance::<T>()));
        assert!(self.point * f(T::default_epsilon()) <= f(contact_point_tolerance::<T>()));
    }
}

/// Every result the library computes for the pair, serialised and loaded
/// back: accepted, equal, and serialised again to the same text (so the
/// same bits, with serde_json's `float_roundtrip`).
fn every_result_loads<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    rng: &mut Rng,
    worst: &mut Worst,
) where
    T: TestReal + Serialize + DeserializeOwned,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    let s = separation(a, pose_a, b, pose_b);
    round_trip(&s);
    worst.unit(&s.axis);
    if let Some(p) = penetration(a, pose_a, b, pose_b) {
        round_trip(&p);
    }
    for margin in [0.0, 0.5] {
        let m = contact_manifold(a, pose_a, b, pose_b, t(margin));
        round_trip(&m);
        worst.unit(&m.normal());
        for p in m.points() {
            worst.point(p, &m.normal());
        }
    }
    let mut cache = SatCache::new();
    let _ = separation_cached(a, pose_a, b, pose_b, &mut cache);
    round_trip(&cache);
    let _ = intersects_cached(a, pose_a, b, pose_b, &mut cache);
    round_trip(&cache);
    if let Some(p) = penetration_cached(a, pose_a, b, pose_b, &mut cache) {
        round_trip(&p);
    }
    round_trip(&cache);
    let c = closest_points(a, pose_a, b, pose_b);
    round_trip(&c);
    worst.unit(&c.axis);
    let vel_b = SVector::<T, N>::from_fn(|_, _| t(3.0 * rng.signed_unit()));
    if let Some(hit) = cast_shapes(a, pose_a, &SVector::zeros(), b, pose_b, &vel_b, t(10.0)) {
        round_trip(&hit);
        worst.unit(&hit.normal);
    }
    let origin = nalgebra::Point::from(SVector::<T, N>::from_fn(|_, _| t(6.0 * rng.signed_unit())));
    let aim = SVector::<T, N>::from_fn(|_, _| t(0.5 * rng.signed_unit()));
    let ray = Ray::new(origin, pose_a.translation.vector - origin.coords + aim);
    for solid in [true, false] {
        if let Some(hit) = cast_ray(a, pose_a, &ray, t(10.0), solid) {
            round_trip(&hit);
            if let Some(n) = &hit.normal {
                worst.unit(n);
            }
        }
    }
    round_trip(&project_point(a, pose_a, &origin));
    round_trip(&project_point(a, pose_a, &pose_b.translation.vector.into()));
    round_trip(&bounding_sphere(a, pose_a).expect("a finite pose"));
}

/// Random pairs per dimension and scalar.
const SCENES: usize = 300;

/// A random 2D body of size about 0.3 to 2: a ball, a capsule, an aligned
/// or oriented box, or a polygon.
fn random_body_2d<T: TestReal>(rng: &mut Rng) -> AnyShape2<T> {
    let size = rng.range(0.3, 2.0);
    let at = |rng: &mut Rng| {
        p2::<T>(
            0.3 * size * rng.signed_unit(),
            0.3 * size * rng.signed_unit(),
        )
    };
    match rng.below(5) {
        0 => Ball::new(at(rng), t(size)).unwrap().into(),
        1 => {
            let a = at(rng);
            Capsule::new(a, a + Vector2::new(t(size), t(0.3 * size)), t(0.4 * size))
                .unwrap()
                .into()
        }
        2 => {
            let lo = at(rng);
            Aabb::new(lo, lo + Vector2::new(t(size), t(0.6 * size)))
                .unwrap()
                .into()
        }
        3 => Obb::new(
            at(rng),
            Rotation2::new(t(rng.range(0.0, 6.3))),
            Vector2::new(t(size), t(0.5 * size)),
        )
        .unwrap()
        .into(),
        _ => random_polygon(rng, size).into(),
    }
}

/// A random 3D body of size about 0.3 to 2: a ball, a capsule, an aligned
/// or oriented box, or the hull of ten points.
fn random_body_3d<T: TestReal>(rng: &mut Rng) -> AnyShape3<T> {
    let size = rng.range(0.3, 2.0);
    let at = |rng: &mut Rng| {
        let v = rng.unit_vector3() * 0.3 * size;
        p3::<T>(v.x, v.y, v.z)
    };
    match rng.below(5) {
        0 => Ball::new(at(rng), t(size)).unwrap().into(),
        1 => {
            let a = at(rng);
            let d = rng.unit_vector3() * size;
            Capsule::new(a, a + Vector3::new(t(d.x), t(d.y), t(d.z)), t(0.4 * size))
                .unwrap()
                .into()
        }
        2 => {
            let lo = at(rng);
            Aabb::new(lo, lo + Vector3::new(t(size), t(0.6 * size), t(0.8 * size)))
                .unwrap()
                .into()
        }
        3 => {
            let axis = rng.unit_vector3() * rng.range(0.0, 3.0);
            Obb::new(
                at(rng),
                Rotation3::new(Vector3::new(t(axis.x), t(axis.y), t(axis.z))),
                Vector3::new(t(size), t(0.5 * size), t(0.7 * size)),
            )
            .unwrap()
            .into()
        }
        _ => {
            let points: Vec<Point3<T>> = (0..10)
                .map(|_| {
                    let v = rng.unit_vector3() * size * rng.range(0.6, 1.0);
                    p3(v.x, v.y, v.z)
                })
                .collect();
            ConvexPolyhedron::from_hull(&points).unwrap().into()
        }
    }
}

fn random_pose_3d<T: TestReal>(rng: &mut Rng) -> Pose3<T> {
    let v = |rng: &mut Rng, k: f64| {
        let u = rng.unit_vector3() * k * rng.unit_interval();
        Vector3::new(t(u.x), t(u.y), t(u.z))
    };
    Pose3::new(v(rng, 2.5), v(rng, 3.0))
}

/// Every result the library computes on seeded random pairs in 2D, through
/// JSON and back: accepted by the checks on the way in, and bit for bit
/// the same (tolerances: src/real.rs, `unit_tolerance` and
/// `contact_point_tolerance`).
fn library_results_round_trip_and_load_2d<T: TestReal + Serialize + DeserializeOwned>() {
    let mut rng = Rng::new(0x5E2D_0002);
    let mut worst = Worst::default();
    for _ in 0..SCENES {
        let (a, b) = (random_body_2d::<T>(&mut rng), random_body_2d::<T>(&mut rng));
        let (pose_a, pose_b) = (random_pose(&mut rng, 2.0), random_pose(&mut rng, 2.0));
        every_result_loads(&a, &pose_a, &b, &pose_b, &mut rng, &mut worst);
    }
    worst.report::<T>(2);
}

/// The same in 3D.
fn library_results_round_trip_and_load_3d<T: TestReal + Serialize + DeserializeOwned>() {
    let mut rng = Rng::new(0x5E2D_0003);
    let mut worst = Worst::default();
    for _ in 0..SCENES {
        let (a, b) = (random_body_3d::<T>(&mut rng), random_body_3d::<T>(&mut rng));
        let (pose_a, pose_b) = (random_pose_3d(&mut rng), random_pose_3d(&mut rng));
        every_result_loads(&a, &pose_a, &b, &pose_b, &mut rng, &mut worst);
    }
    worst.report::<T>(3);
}

/// Real results of one resting contact to tamper with: a plank sunk 0.1
/// into the ground (2 points in 2D, 4 in 3D, a reference face).
struct Samples<T: TestReal, const N: usize> {
    separation: Separation<T, N>,
    penetration: Penetration<T, N>,
    manifold: Manifold<T, N>,
}

fn samples_2d<T: TestReal>() -> Samples<T, 2> {
    let ground = Aabb::new(p2::<T>(-5.0, -1.0), p2(5.0, 0.0)).unwrap();
    let plank = Aabb::new(p2::<T>(-1.0, 0.0), p2(1.0, 0.5)).unwrap();
    let (id, sunk) = (Pose2::identity(), Pose2::translation(t(0.0), t(-0.1)));
    Samples {
        separation: separation(&ground, &id, &plank, &sunk),
        penetration: penetration(&ground, &id, &plank, &sunk).unwrap(),
        manifold: contact_manifold(&ground, &id, &plank, &sunk, t(0.0)),
    }
}

fn samples_3d<T: TestReal>() -> Samples<T, 3> {
    let ground = Aabb::new(p3::<T>(-5.0, -5.0, -1.0), p3(5.0, 5.0, 0.0)).unwrap();
    let plank = Aabb::new(p3::<T>(-1.0, -1.0, 0.0), p3(1.0, 1.0, 0.5)).unwrap();
    let (id, sunk) = (
        Pose3::identity(),
        Pose3::translation(t(0.0), t(0.0), t(-0.1)),
    );
    Samples {
        separation: separation(&ground, &id, &plank, &sunk),
        penetration: penetration(&ground, &id, &plank, &sunk).unwrap(),
        manifold: contact_manifold(&ground, &id, &plank, &sunk, t(0.0)),
    }
}

/// `value` to JSON, `edit` applied, loaded back as a `V`: the error's
/// message (a load that succeeds fails the test).
fn tampered<V: Serialize + DeserializeOwned + Debug>(
    value: &V,
    edit: impl FnOnce(&mut Value),
) -> String {
    let mut v = serde_json::to_value(value).expect("serialises");
    edit(&mut v);
    match serde_json::from_value::<V>(v.clone()) {
        Ok(back) => panic!("tampered {v} loaded as {back:?}"),
        Err(e) => e.to_string(),
    }
}

/// `value` to JSON, `edit` applied, loaded back as a `V`: it loads.
fn edited<V: Serialize + DeserializeOwned + Debug>(value: &V, edit: impl FnOnce(&mut Value)) -> V {
    let mut v = serde_json::to_value(value).expect("serialises");
    edit(&mut v);
    serde_json::from_value::<V>(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"))
}

/// The message of `err` says `cause`, word for word.
fn says(err: &str, cause: ResultError) {
    assert!(
        err.contains(&cause.to_string()),
        "{err} does not say {cause}"
    );
}

/// `[3, 4]` (`[3, 4, 0]` in 3D), or the zero vector.
fn vector_json<const N: usize>(three_four: bool) -> Value {
    let mut v = vec![json!(0.0); N];
    if three_four {
        v[0] = json!(3.0);
        v[1] = json!(4.0);
    }
    Value::Array(v)
}

fn non_unit_normals_in<T: TestReal + Serialize + DeserializeOwned, const N: usize>(
    s: &Samples<T, N>,
) {
    for (three_four, length) in [(true, 5.0), (false, 0.0)] {
        let bad = vector_json::<N>(three_four);
        let normal = ResultError::NonUnitVector {
            field: "normal",
            length,
        };
        says(
            &tampered(&s.penetration, |v| v["normal"] = bad.clone()),
            normal,
        );
        says(
            &tampered(&s.manifold, |v| v["normal"] = bad.clone()),
            normal,
        );
        let axis = ResultError::NonUnitVector {
            field: "axis",
            length,
        };
        says(&tampered(&s.separation, |v| v["axis"] = bad.clone()), axis);
        let cache = json!({"last": {"axis": bad.clone(), "feature": "RoundA", "separated": true}});
        says(
            &serde_json::from_value::<SatCache<T, N>>(cache)
                .unwrap_err()
                .to_string(),
            axis,
        );
    }
    // The empty slot `Manifold::new()` has the zero normal, and loads.
    round_trip(&Manifold::<T, N>::new());
}

/// Regression (issue 35): a `Penetration`, `Manifold`, `Separation` or
/// `SatCache` with the normal `[3, 4]` or `[0, 0]` loaded.
fn non_unit_normals_are_refused<T: TestReal + Serialize + DeserializeOwned>() {
    non_unit_normals_in(&samples_2d::<T>());
    non_unit_normals_in(&samples_3d::<T>());
}

fn negative_depth_in<T: TestReal + Serialize + DeserializeOwned, const N: usize>(
    s: &Samples<T, N>,
) {
    says(
        &tampered(&s.penetration, |v| v["depth"] = json!(-1.0)),
        ResultError::Negative {
            field: "depth",
            value: -1.0,
        },
    );
}

/// Regression (issue 35): a `Penetration` of depth −1 loaded.
fn negative_depth_is_refused<T: TestReal + Serialize + DeserializeOwned>() {
    negative_depth_in(&samples_2d::<T>());
    negative_depth_in(&samples_3d::<T>());
}

fn inconsistent_points_in<T: TestReal + Serialize + DeserializeOwned, const N: usize>(
    s: &Samples<T, N>,
) {
    assert!(s.manifold.len() >= 2);
    // `on_b` moved by 1 along the first axis (the normal is ±y or ±z).
    let err = tampered(&s.manifold, |v| {
        let x = v["points"][1]["on_b"][0].as_f64().unwrap();
        v["points"][1]["on_b"][0] = json!(x + 1.0);
    });
    assert!(
        err.contains("contact point 1: `on_b` is off `on_a + normal * separation` by 1e0"),
        "{err}"
    );
    // The separation changed instead: the same cause.
    let err = tampered(&s.manifold, |v| v["points"][0]["separation"] = json!(0.5));
    assert!(err.contains("contact point 0: `on_b` is off"), "{err}");
}

/// Regression (issue 35): a manifold whose point has `on_b ≠ on_a +
/// normal · separation` loaded.
fn inconsistent_points_are_refused<T: TestReal + Serialize + DeserializeOwned>() {
    inconsistent_points_in(&samples_2d::<T>());
    inconsistent_points_in(&samples_3d::<T>());
}

fn feature_indices_in<T: TestReal + Serialize + DeserializeOwned, const N: usize>(
    s: &Samples<T, N>,
) {
    // A face index of 999 cannot be told from a real one without the
    // shape (a polytope may have 1000 faces): it loads, and the cached
    // queries treat it as a miss (below).
    let far = edited(&s.penetration, |v| v["feature"] = json!({"FaceA": 999}));
    assert_eq!(far.feature, Feature::FaceA(999));
    let far = edited(&s.manifold, |v| v["reference"] = json!(["A", 999]));
    assert_eq!(far.reference().map(|(_, i)| i), Some(999));
    // An edge named by its ends out of order names no edge.
    says(
        &tampered(&s.manifold, |v| {
            v["points"][0]["id"]["a"] = json!({"Edge": [999, 3]})
        }),
        ResultError::UnorderedEdge {
            point: 0,
            first: 999,
            second: 3,
        },
    );
    // `usize::MAX` (2^64 − 1) names nothing on any shape.
    let max = json!(u64::MAX);
    let out = |field| ResultError::FeatureOutOfRange { field };
    says(
        &tampered(&s.penetration, |v| v["feature"] = json!({"FaceB": max})),
        out("feature"),
    );
    says(
        &tampered(&s.separation, |v| v["feature"] = json!({"FaceA": max})),
        out("feature"),
    );
    says(
        &tampered(&s.manifold, |v| v["reference"] = json!(["B", max])),
        out("reference"),
    );
    says(
        &tampered(&s.manifold, |v| {
            v["points"][0]["id"]["b"] = json!({"Vertex": max})
        }),
        out("id.b"),
    );
    let mut axis = vec![json!(0.0); N];
    axis[0] = json!(1.0);
    let cache = json!({"last": {"axis": axis, "feature": {"FaceA": max}, "separated": false}});
    says(
        &serde_json::from_value::<SatCache<T, N>>(cache)
            .unwrap_err()
            .to_string(),
        out("feature"),
    );
}

/// Regression (issue 35): feature indices that no shape has (a `SatCache`
/// with the face index 2^64 − 1, an edge `(999, 3)`) loaded; an edge pair
/// in 2D too.
fn impossible_feature_indices_are_refused<T: TestReal + Serialize + DeserializeOwned>() {
    feature_indices_in(&samples_2d::<T>());
    feature_indices_in(&samples_3d::<T>());
    let s = samples_2d::<T>();
    says(
        &tampered(&s.separation, |v| {
            v["feature"] = json!({"EdgePair": [999, 0]})
        }),
        ResultError::EdgePairBelow3d { dimension: 2 },
    );
    let cache =
        json!({"last": {"axis": [1.0, 0.0], "feature": {"EdgePair": [0, 1]}, "separated": true}});
    says(
        &serde_json::from_value::<SatCache<T, 2>>(cache)
            .unwrap_err()
            .to_string(),
        ResultError::EdgePairBelow3d { dimension: 2 },
    );
}

/// A cache loaded with `feature`, axis the first coordinate axis.
fn cache_with<T: TestReal + DeserializeOwned, const N: usize>(
    feature: Value,
    separated: bool,
) -> SatCache<T, N> {
    let mut axis = vec![json!(0.0); N];
    axis[0] = json!(1.0);
    serde_json::from_value(
        json!({"last": {"axis": axis, "feature": feature, "separated": separated}}),
    )
    .expect("a loadable cache")
}

/// Each cached query with a cache loaded with each of `features`: no
/// panic, and the answer of a fresh cache, bit for bit.
fn loaded_caches_answer_as_fresh_ones<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    features: &[Value],
) where
    T: TestReal + DeserializeOwned,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let fresh_s = separation_cached(a, pose_a, b, pose_b, &mut SatCache::new());
    let fresh_p = penetration_cached(a, pose_a, b, pose_b, &mut SatCache::new());
    let fresh_i = intersects_cached(a, pose_a, b, pose_b, &mut SatCache::new());
    for feature in features {
        for separated in [false, true] {
            let mut cache = cache_with::<T, N>(feature.clone(), separated);
            let s = separation_cached(a, pose_a, b, pose_b, &mut cache);
            assert_eq!(
                f(s.distance).to_bits(),
                f(fresh_s.distance).to_bits(),
                "{feature}"
            );
            assert_eq!(s, fresh_s, "{feature}");
            let mut cache = cache_with::<T, N>(feature.clone(), separated);
            assert_eq!(
                penetration_cached(a, pose_a, b, pose_b, &mut cache),
                fresh_p,
                "{feature}"
            );
            let mut cache = cache_with::<T, N>(feature.clone(), separated);
            assert_eq!(
                intersects_cached(a, pose_a, b, pose_b, &mut cache),
                fresh_i,
                "{feature}"
            );
        }
    }
}

/// Regression (issue 35): a `SatCache` whose index is beyond the shapes'
/// (999, 2^64 − 2, the largest that loads) is used with real pairs,
/// overlapping and apart, on every path (polyhedra, the one that reads the
/// index; boxes; polygons; rounded shapes): no panic, the answer of a
/// fresh cache.
fn out_of_range_cache_indices_are_cache_misses<T: TestReal + Serialize + DeserializeOwned>() {
    let big = json!(u64::MAX - 1);
    let faces = |i: &Value| vec![json!({"FaceA": i}), json!({"FaceB": i})];
    let mut features_2d = faces(&json!(999));
    features_2d.extend(faces(&big));
    let mut features_3d = features_2d.clone();
    features_3d.extend([
        json!({"EdgePair": [999, 0]}),
        json!({"EdgePair": [0, 999]}),
        json!({"EdgePair": [big.clone(), big.clone()]}),
    ]);
    let cube = cube::<T>();
    let hull = round_hull::<T>();
    let obb = obb3::<T>();
    let ball3 = Ball::new(p3::<T>(0.0, 0.0, 0.0), t(0.75)).unwrap();
    for offset in [0.5, 3.0] {
        let at = Pose3::new(
            Vector3::new(t(offset), t(0.25), t(0.1)),
            Vector3::new(t(0.2), t(0.1), t(0.3)),
        );
        let id = Pose3::identity();
        loaded_caches_answer_as_fresh_ones(&cube, &id, &hull, &at, &features_3d);
        loaded_caches_answer_as_fresh_ones(&cube, &id, &cube, &at, &features_3d);
        loaded_caches_answer_as_fresh_ones(&obb, &id, &obb, &at, &features_3d);
        loaded_caches_answer_as_fresh_ones(&ball3, &id, &cube, &at, &features_3d);
        let at2 = Pose2::new(Vector2::new(t(offset), t(0.25)), t(0.3));
        let hex = hexagon::<T>();
        let square = Obb::new(
            p2::<T>(0.0, 0.0),
            Rotation2::new(t(0.1)),
            Vector2::new(t(1.0), t(0.5)),
        )
        .unwrap();
        let id2 = Pose2::identity();
        loaded_caches_answer_as_fresh_ones(&hex, &id2, &hex, &at2, &features_2d);
        loaded_caches_answer_as_fresh_ones(&square, &id2, &square, &at2, &features_2d);
        loaded_caches_answer_as_fresh_ones(&hex, &id2, &square, &at2, &features_2d);
    }
}

/// Regression (issue 35): an `f32` result read from a `serde_json::Value`
/// holding a number beyond its range, such as `1e39`, gets infinity (the
/// JSON text parser refuses the number, the `Value` route casts it), and a
/// result with an infinite depth or point loaded. (No JSON route gives an
/// `f64` infinity or a NaN.)
#[test]
fn f32_non_finite_results_are_refused() {
    let s = samples_2d::<f32>();
    says(
        &tampered(&s.penetration, |v| v["depth"] = json!(1e39)),
        ResultError::NonFinite {
            field: "depth",
            point: None,
        },
    );
    says(
        &tampered(&s.manifold, |v| v["points"][1]["on_a"][1] = json!(-1e39)),
        ResultError::NonFinite {
            field: "on_a",
            point: Some(1),
        },
    );
    let s = samples_3d::<f32>();
    says(
        &tampered(&s.separation, |v| v["distance"] = json!(1e39)),
        ResultError::NonFinite {
            field: "distance",
            point: None,
        },
    );
    let hit = ShapeCastHit::<f32, 3> {
        toi: 1.0,
        normal: nalgebra::Unit::new_normalize(Vector3::x()),
        point_a: Point3::origin(),
        point_b: Point3::origin(),
        feature: None,
    };
    says(
        &tampered(&hit, |v| v["toi"] = json!(-1.0)),
        ResultError::Negative {
            field: "toi",
            value: -1.0,
        },
    );
}

/// The other results refuse what breaks their invariants too: a negative
/// distance or radius, a time of impact below zero, a non-unit axis.
fn other_results_are_refused<T: TestReal + Serialize + DeserializeOwned>() {
    let hex = hexagon::<T>();
    let id = Pose2::<T>::identity();
    let c = closest_points(&hex, &id, &hex, &Pose2::translation(t(6.0), t(0.0)));
    says(
        &tampered(&c, |v| v["distance"] = json!(-1.0)),
        ResultError::Negative {
            field: "distance",
            value: -1.0,
        },
    );
    says(
        &tampered(&c, |v| v["axis"] = json!([3.0, 4.0])),
        ResultError::NonUnitVector {
            field: "axis",
            length: 5.0,
        },
    );
    let ray = Ray::new(p2::<T>(-5.0, 0.0), Vector2::new(t(1.0), t(0.0)));
    let hit = cast_ray(&hex, &id, &ray, t(10.0), true).unwrap();
    says(
        &tampered(&hit, |v| v["toi"] = json!(-1.0)),
        ResultError::Negative {
            field: "toi",
            value: -1.0,
        },
    );
    says(
        &tampered(&hit, |v| v["normal"] = json!([0.0, 0.0])),
        ResultError::NonUnitVector {
            field: "normal",
            length: 0.0,
        },
    );
    says(
        &tampered(&hit, |v| v["face"] = json!(u64::MAX)),
        ResultError::FeatureOutOfRange { field: "face" },
    );
    let sphere = bounding_sphere(&hex, &id).unwrap();
    says(
        &tampered(&sphere, |v| v["radius"] = json!(-1.0)),
        ResultError::Negative {
            field: "radius",
            value: -1.0,
        },
    );
}

in_both_scalars!(
    shapes_round_trip,
    poses_round_trip,
    results_round_trip,
    tampered_shapes_are_refused,
    library_results_round_trip_and_load_2d,
    library_results_round_trip_and_load_3d,
    non_unit_normals_are_refused,
    negative_depth_is_refused,
    inconsistent_points_are_refused,
    impossible_feature_indices_are_refused,
    out_of_range_cache_indices_are_cache_misses,
    other_results_are_refused
);
