//! The custom-shape contract: `validate_shape` passes every built-in shape
//! and catches each violation with its own `ContractError`; a 3D polytope
//! that lists no edges over-estimates depths (what `MissingEdges` warns
//! of); `Rounded<S>` is exact against the rounded-shape oracle; the shapes
//! of `examples/custom_shape.rs` agree with the oracles. f32 and f64 where
//! the scalar matters.

use nalgebra::{
    Point, Point2, Point3, Rotation2, Rotation3, SVector, Unit, Vector2, Vector3, Vector4,
};
use separating_axis::real::{max_magnitude, min_size};
use separating_axis::{
    intersects, penetration, separation, signed_distance, validate_shape, Aabb, AnyShape2,
    AnyShape3, Ball, Capsule, ContractError, ConvexPolygon, ConvexPolyhedron, Edge, Obb, Pose,
    Pose2, Pose3, Rounded, Shape, ShapeError, Support,
};

use crate::custom_shape_example::{example_prism, rounded_rectangle, TriangularPrism};
use crate::support::oracle_round::{signed_distance_2d, signed_distance_3d};
use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

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
            p2(1.5 * a.cos(), 0.8 * a.sin())
        })
        .collect();
    ConvexPolygon::new(&pts).unwrap()
}

/// A hull of `n` points on an ellipsoid.
fn round_hull<T: TestReal>(n: u32) -> ConvexPolyhedron<T> {
    let pts: Vec<_> = (0..n)
        .map(|i| {
            let z = 1.0 - 2.0 * (f64::from(i) + 0.5) / f64::from(n);
            let r = (1.0 - z * z).sqrt();
            let a = 2.399_963 * f64::from(i);
            p3(1.2 * r * a.cos(), 0.9 * r * a.sin(), 0.7 * z)
        })
        .collect();
    ConvexPolyhedron::from_hull(&pts).unwrap()
}

fn obb3<T: TestReal>() -> Obb<T, 3> {
    let r = Rotation3::new(Vector3::new(t(0.3), t(-0.2), t(0.5)));
    Obb::new(p3(0.1, 0.2, 0.3), r, Vector3::new(t(1.0), t(0.5), t(0.25))).unwrap()
}

fn ok<T: TestReal, const N: usize, S: Shape<T, N> + Clone>(name: &str, s: &S) {
    assert_eq!(validate_shape(s), Ok(()), "{name} in {}", T::NAME);
    let r = Rounded::new(s.clone(), t::<T>(0.3)).unwrap();
    assert_eq!(validate_shape(&r), Ok(()), "rounded {name} in {}", T::NAME);
}

fn built_in_shapes_keep_the_contract<T: TestReal>() {
    ok("circle", &Ball::new(p2::<T>(0.5, -1.0), t(0.7)).unwrap());
    ok(
        "sphere",
        &Ball::new(p3::<T>(0.5, -1.0, 2.0), t(0.7)).unwrap(),
    );
    ok(
        "4D ball",
        &Ball::new(Point::<T, 4>::origin(), t(1.0)).unwrap(),
    );
    ok(
        "2D capsule",
        &Capsule::new(p2::<T>(0.0, 0.0), p2(1.0, 0.5), t(0.3)).unwrap(),
    );
    ok(
        "point capsule",
        &Capsule::new(p2::<T>(1.0, 0.0), p2(1.0, 0.0), t(0.3)).unwrap(),
    );
    ok(
        "3D capsule",
        &Capsule::new(p3::<T>(0.0, 0.0, 0.0), p3(1.0, 0.5, -1.0), t(0.3)).unwrap(),
    );
    ok(
        "2D box",
        &Aabb::new(p2::<T>(-1.0, 0.0), p2(2.0, 0.5)).unwrap(),
    );
    ok(
        "3D box",
        &Aabb::new(p3::<T>(-1.0, 0.0, 1.0), p3(2.0, 0.5, 3.0)).unwrap(),
    );
    let corner = Point::<T, 4>::from(Vector4::new(t(1.0), t(2.0), t(0.5), t(1.0)));
    ok("4D box", &Aabb::new(Point::origin(), corner).unwrap());
    ok(
        "2D oriented box",
        &Obb::new(
            p2::<T>(0.3, 0.1),
            Rotation2::new(t(0.4)),
            Vector2::new(t(1.0), t(0.2)),
        )
        .unwrap(),
    );
    ok("3D oriented box", &obb3::<T>());
    ok("hexagon", &hexagon::<T>());
    ok("hull", &round_hull::<T>(24));
    ok("AnyShape2", &AnyShape2::from(hexagon::<T>()));
    ok("AnyShape3", &AnyShape3::from(round_hull::<T>(24)));
    let mut rng = Rng::new(16);
    for _ in 0..20 {
        let pts: Vec<_> = (0..8)
            .map(|_| p3::<T>(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()))
            .collect();
        ok("random hull", &ConvexPolyhedron::from_hull(&pts).unwrap());
        let pts: Vec<_> = (0..8)
            .map(|_| p2::<T>(rng.signed_unit(), rng.signed_unit()))
            .collect();
        ok("random polygon", &ConvexPolygon::from_hull(&pts).unwrap());
    }
}

/// One broken promise of the contract, on top of a correct shape.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fault {
    BadRadius,
    NoCoreVertices,
    NonFiniteCoreVertex,
    FaceNormalNotUnit,
    FaceOffsetMismatch,
    NotAFace,
    FaceVertexOutOfRange,
    FaceVertexOffPlane,
    FaceLoopWinding,
    SupportPointMismatch,
    /// A radius the support mapping does not add.
    SupportNotDilatedCore,
    /// The last face left out.
    MissingFace,
    MissingEdges,
    /// The last edge direction left out.
    MissingEdge,
    EdgeNotUnit,
    EdgeFacesInconsistent,
    /// The core's centre as every nearest point.
    CoreClosestPoint,
    /// Everything contains every point.
    ContainsPoint,
}

/// `inner` with `fault`.
struct Faulty<S> {
    inner: S,
    fault: Fault,
}

impl<T: TestReal, const N: usize, S: Shape<T, N>> Support<T, N> for Faulty<S> {
    fn local_support_point(&self, d: &SVector<T, N>) -> Point<T, N> {
        self.inner.local_support_point(d)
    }

    fn local_support_value(&self, d: &SVector<T, N>) -> T {
        let h = self.inner.local_support_value(d);
        if self.fault == Fault::SupportPointMismatch {
            h + t(0.1)
        } else {
            h
        }
    }
}

impl<T: TestReal, const N: usize, S: Shape<T, N>> Shape<T, N> for Faulty<S> {
    fn face_count(&self) -> usize {
        let n = self.inner.face_count();
        if self.fault == Fault::MissingFace {
            n - 1
        } else {
            n
        }
    }

    fn local_face_normal(&self, i: usize) -> Unit<SVector<T, N>> {
        let n = self.inner.local_face_normal(i);
        match (self.fault, i) {
            (Fault::FaceNormalNotUnit, 0) => Unit::new_unchecked(n.into_inner() * t::<T>(1.1)),
            (Fault::NotAFace, 0) => Unit::new_normalize(SVector::repeat(T::one())),
            _ => n,
        }
    }

    fn local_face_offset(&self, i: usize) -> T {
        let h = self.local_support_value(&self.local_face_normal(i));
        if self.fault == Fault::FaceOffsetMismatch && i == 1 {
            h - t(0.1)
        } else {
            h
        }
    }

    fn face_vertex_count(&self, i: usize) -> usize {
        self.inner.face_vertex_count(i)
    }

    fn face_vertex(&self, i: usize, k: usize) -> usize {
        let count = self.inner.face_vertex_count(i);
        match (self.fault, i) {
            (Fault::FaceVertexOutOfRange, 0) if k == 1 => 99,
            // A box's face N (−x) lies opposite face 0 (+x).
            (Fault::FaceVertexOffPlane, 0) if k == 1 => self.inner.face_vertex(N, 0),
            (Fault::FaceLoopWinding, 0) => self.inner.face_vertex(i, count - 1 - k),
            _ => self.inner.face_vertex(i, k),
        }
    }

    fn edge_count(&self) -> usize {
        let n = self.inner.edge_count();
        match self.fault {
            Fault::MissingEdges => 0,
            Fault::MissingEdge => n - 1,
            _ => n,
        }
    }

    fn local_edge(&self, i: usize) -> Edge<T, N> {
        let e = self.inner.local_edge(i);
        match (self.fault, i) {
            (Fault::EdgeNotUnit, 0) => Edge {
                direction: e.direction * t::<T>(2.0),
                faces: e.faces,
            },
            (Fault::EdgeFacesInconsistent, 0) => {
                let n = self.inner.local_face_normal(0).into_inner();
                Edge {
                    direction: e.direction,
                    faces: Some([n, n]),
                }
            }
            _ => e,
        }
    }

    fn core_vertex_count(&self) -> usize {
        let n = self.inner.core_vertex_count();
        match self.fault {
            Fault::NoCoreVertices => 0,
            _ => n,
        }
    }

    fn local_core_vertex(&self, i: usize) -> Point<T, N> {
        let v = self.inner.local_core_vertex(i);
        if self.fault == Fault::NonFiniteCoreVertex && i == 2 {
            Point::from(SVector::repeat(t(f64::NAN)))
        } else {
            v
        }
    }

    fn radius(&self) -> T {
        match self.fault {
            Fault::BadRadius => -T::one(),
            Fault::SupportNotDilatedCore => self.inner.radius() + t(0.1),
            _ => self.inner.radius(),
        }
    }

    fn local_core_closest_point(&self, p: &Point<T, N>) -> Point<T, N> {
        if self.fault == Fault::CoreClosestPoint {
            let n = self.inner.core_vertex_count();
            let sum = (0..n).fold(SVector::zeros(), |s, i| {
                s + self.inner.local_core_vertex(i).coords
            });
            Point::from(sum / t::<T>(n as f64))
        } else {
            self.inner.local_core_closest_point(p)
        }
    }

    fn local_contains_point(&self, p: &Point<T, N>) -> bool {
        self.fault == Fault::ContainsPoint || self.inner.local_contains_point(p)
    }
}

fn each_violation_is_caught<T: TestReal>() {
    let cube = Aabb::new(p3::<T>(-1.0, -2.0, -0.5), p3(1.0, 0.5, 2.0)).unwrap();
    let broken = |fault| validate_shape(&Faulty { inner: cube, fault });
    let cases = [
        (Fault::BadRadius, ContractError::BadRadius),
        (Fault::NoCoreVertices, ContractError::NoCoreVertices),
        (
            Fault::NonFiniteCoreVertex,
            ContractError::NonFiniteCoreVertex { vertex: 2 },
        ),
        (
            Fault::FaceNormalNotUnit,
            ContractError::FaceNormalNotUnit { face: 0 },
        ),
        (
            Fault::FaceOffsetMismatch,
            ContractError::FaceOffsetMismatch { face: 1 },
        ),
        (Fault::NotAFace, ContractError::NotAFace { face: 0 }),
        (
            Fault::FaceVertexOutOfRange,
            ContractError::FaceVertexOutOfRange { face: 0, k: 1 },
        ),
        (
            Fault::FaceVertexOffPlane,
            ContractError::FaceVertexOffPlane { face: 0, k: 1 },
        ),
        (
            Fault::FaceLoopWinding,
            ContractError::FaceLoopWinding { face: 0 },
        ),
        (
            Fault::SupportPointMismatch,
            ContractError::SupportPointMismatch { sample: 0 },
        ),
        (Fault::MissingEdges, ContractError::MissingEdges),
        (Fault::EdgeNotUnit, ContractError::EdgeNotUnit { edge: 0 }),
        (
            Fault::EdgeFacesInconsistent,
            ContractError::EdgeFacesInconsistent { edge: 0 },
        ),
        (
            Fault::CoreClosestPoint,
            ContractError::CoreClosestPoint { sample: 0 },
        ),
        (
            Fault::ContainsPoint,
            ContractError::ContainsPoint { sample: 0 },
        ),
    ];
    for (fault, expected) in cases {
        assert_eq!(broken(fault), Err(expected), "{fault:?} in {}", T::NAME);
    }
    assert_eq!(
        broken(Fault::SupportNotDilatedCore),
        Err(ContractError::SupportNotDilatedCore { sample: 0 })
    );
    // The ones whose index depends on the shape: the variant is enough.
    assert!(matches!(
        broken(Fault::MissingFace),
        Err(ContractError::MissingFace { .. })
    ));
    assert!(matches!(
        broken(Fault::MissingEdge),
        Err(ContractError::MissingEdge { .. })
    ));
    // In 2D: a face walked the wrong way, a missing side of a hexagon.
    let square = Aabb::new(p2::<T>(-1.0, -1.0), p2(1.0, 1.0)).unwrap();
    assert_eq!(
        validate_shape(&Faulty {
            inner: square,
            fault: Fault::FaceLoopWinding
        }),
        Err(ContractError::FaceLoopWinding { face: 0 })
    );
    assert!(matches!(
        validate_shape(&Faulty {
            inner: hexagon::<T>(),
            fault: Fault::MissingFace
        }),
        Err(ContractError::MissingFace { .. })
    ));
    // A hull with edges that know their faces, all of them left out.
    assert_eq!(
        validate_shape(&Faulty {
            inner: round_hull::<T>(24),
            fault: Fault::MissingEdges
        }),
        Err(ContractError::MissingEdges)
    );
    for (fault, _) in cases {
        let message = broken(fault).unwrap_err().to_string();
        assert!(message.len() > 20, "{fault:?}: {message}");
    }
}

/// What `ContractError::MissingEdges` warns of: the same cubes, one pair
/// listing their edges and one not, over seeded random overlapping poses.
/// Without edges no depth is ever smaller (fewer axes, the same minimum
/// or a larger one), and crossed edges make some depths larger, silently.
#[test]
fn unlisted_edges_overestimate_depth() {
    let cube = Aabb::new(Point3::new(-1.0, -1.0, -1.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
    let edgeless = Faulty {
        inner: cube,
        fault: Fault::MissingEdges,
    };
    let mut rng = Rng::new(0x0E_D6E5);
    let (mut worse, mut overlapping) = (0, 0);
    let mut worst = 0.0_f64;
    for _ in 0..400 {
        let v = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()) * 2.5;
        let pose = Pose3::from_parts(v.into(), rng.rotation());
        let Some(exact) = penetration(&cube, &Pose3::identity(), &cube, &pose) else {
            continue;
        };
        overlapping += 1;
        let blind = penetration(&edgeless, &Pose3::identity(), &edgeless, &pose)
            .expect("fewer axes cannot find a gap the full set misses");
        // The box path and the engine may round the same axis apart.
        assert!(
            blind.depth >= exact.depth - 1e-12,
            "{} < {}",
            blind.depth,
            exact.depth
        );
        if blind.depth > exact.depth + 1e-9 {
            worse += 1;
            worst = worst.max(blind.depth - exact.depth);
        }
    }
    assert!(overlapping > 100, "{overlapping}");
    assert!(
        worse > 10 && worst > 0.1,
        "{worse} of {overlapping}, worst {worst}"
    );
    assert_eq!(validate_shape(&edgeless), Err(ContractError::MissingEdges));
}

fn rounded_refuses_bad_radii<T: TestReal>() {
    let ball = Ball::new(p2::<T>(0.0, 0.0), t(1.0)).unwrap();
    let field = "radius";
    assert_eq!(
        Rounded::new(ball, t::<T>(f64::NAN)),
        Err(ShapeError::NonFinite { field, index: 0 })
    );
    assert_eq!(
        Rounded::new(ball, T::zero()),
        Err(ShapeError::NonPositiveRadius)
    );
    assert_eq!(
        Rounded::new(ball, -T::one()),
        Err(ShapeError::NonPositiveRadius)
    );
    let large = max_magnitude::<T>() * t(2.0);
    assert!(matches!(
        Rounded::new(ball, large),
        Err(ShapeError::TooLarge { .. })
    ));
    let small = min_size::<T>() * t(0.5);
    assert!(matches!(
        Rounded::new(ball, small),
        Err(ShapeError::TooSmall { .. })
    ));
    let r = Rounded::new(ball, t(0.5)).unwrap();
    assert_eq!(f(Shape::radius(&r)).to_bits(), 1.5_f64.to_bits());
}

/// Core vertices in the world and the radius, in `f64`, for the oracle.
fn world_core<T: TestReal, const N: usize, S: Shape<T, N>>(
    s: &S,
    pose: &Pose<T, N>,
) -> (Vec<Point<f64, N>>, f64) {
    let pts = (0..s.core_vertex_count())
        .map(|i| (pose * s.local_core_vertex(i)).map(|x| f(x)))
        .collect();
    (pts, f(s.radius()))
}

/// The queries against the oracle's signed distance `exact`: the verdict
/// outside the near-touching band, the exact depth when overlapping, the
/// exact distance from `signed_distance`.
fn agrees<T: TestReal, const N: usize, A: Shape<T, N>, B: Shape<T, N>>(
    a: &A,
    pa: &Pose<T, N>,
    b: &B,
    pb: &Pose<T, N>,
    exact: f64,
    what: &str,
) {
    let scale = 4.0;
    let (band, tol) = (T::BAND * scale, T::AGREE * scale * 10.0);
    let sep = f(separation(a, pa, b, pb).distance);
    let sd = f(signed_distance(a, pa, b, pb));
    if exact < -band {
        assert!(intersects(a, pa, b, pb), "{what}: {exact}");
        assert!((sep - exact).abs() <= tol, "{what}: depth {sep} vs {exact}");
    } else if exact > band {
        assert!(!intersects(a, pa, b, pb), "{what}: {exact}");
        assert!(sep <= exact + tol, "{what}: bound {sep} above {exact}");
    }
    assert!(
        (sd - exact).abs() <= tol,
        "{what}: signed distance {sd} vs {exact}"
    );
}

fn pose2<T: TestReal>(rng: &mut Rng, reach: f64) -> Pose2<T> {
    Pose2::new(
        Vector2::new(t(rng.signed_unit() * reach), t(rng.signed_unit() * reach)),
        t(rng.range(-3.1, 3.1)),
    )
}

fn pose3<T: TestReal>(rng: &mut Rng, reach: f64) -> Pose3<T> {
    let v = Vector3::new(rng.signed_unit(), rng.signed_unit(), rng.signed_unit()) * reach;
    let r = Rotation3::from_matrix_unchecked(rng.rotation().matrix().map(|x| t(x)));
    Pose3::from_parts(v.map(|x| t(x)).into(), r)
}

fn rounded_matches_the_oracle<T: TestReal>() {
    let mut rng = Rng::new(0x00_12_0D_ED);
    let square = Aabb::new(p2::<T>(-1.0, -0.5), p2(1.0, 0.5)).unwrap();
    let shapes2 = [
        Rounded::new(AnyShape2::from(hexagon::<T>()), t(0.3)).unwrap(),
        Rounded::new(AnyShape2::from(square), t(0.2)).unwrap(),
        Rounded::new(
            AnyShape2::from(Ball::new(p2::<T>(0.2, 0.0), t(0.4)).unwrap()),
            t(0.1),
        )
        .unwrap(),
    ];
    for k in 0..60 {
        let (a, b) = (&shapes2[k % 3], &shapes2[(k / 3) % 3]);
        let (pa, pb) = (pose2::<T>(&mut rng, 1.5), pose2::<T>(&mut rng, 1.5));
        let (ca, ra) = world_core(a, &pa);
        let (cb, rb) = world_core(b, &pb);
        agrees(
            a,
            &pa,
            b,
            &pb,
            signed_distance_2d(&ca, ra, &cb, rb),
            "2D rounded",
        );
    }
    let shapes3 = [
        Rounded::new(AnyShape3::from(obb3::<T>()), t(0.2)).unwrap(),
        Rounded::new(AnyShape3::from(round_hull::<T>(10)), t(0.1)).unwrap(),
        Rounded::new(
            AnyShape3::from(
                Capsule::new(p3::<T>(0.0, 0.0, 0.0), p3(1.0, 0.0, 0.0), t(0.3)).unwrap(),
            ),
            t(0.1),
        )
        .unwrap(),
    ];
    for k in 0..30 {
        let (a, b) = (&shapes3[k % 3], &shapes3[(k / 3) % 3]);
        let (pa, pb) = (pose3::<T>(&mut rng, 1.2), pose3::<T>(&mut rng, 1.2));
        let (ca, ra) = world_core(a, &pa);
        let (cb, rb) = world_core(b, &pb);
        agrees(
            a,
            &pa,
            b,
            &pb,
            signed_distance_3d(&ca, ra, &cb, rb),
            "3D rounded",
        );
    }
}

/// `examples/custom_shape.rs`: its rounded rectangle and its triangular
/// prism (plain and rounded) keep the contract and agree with the oracles
/// on seeded random poses, against themselves and built-in shapes.
#[test]
fn example_shapes_match_the_oracle() {
    let card = rounded_rectangle(4.0, 2.0, 0.5).unwrap();
    let prism: TriangularPrism = example_prism();
    let rounded_prism = Rounded::new(prism.clone(), 0.25).unwrap();
    assert_eq!(validate_shape(&card), Ok(()));
    assert_eq!(validate_shape(&prism), Ok(()));
    assert_eq!(validate_shape(&rounded_prism), Ok(()));
    let mut rng = Rng::new(0xCA_2D);
    let ball = Ball::new(Point2::new(0.0, 0.0), 0.7).unwrap();
    for _ in 0..80 {
        let (pa, pb) = (pose2::<f64>(&mut rng, 2.5), pose2::<f64>(&mut rng, 2.5));
        let (ca, ra) = world_core(&card, &pa);
        let (cb, rb) = world_core(&card, &pb);
        agrees(
            &card,
            &pa,
            &card,
            &pb,
            signed_distance_2d(&ca, ra, &cb, rb),
            "cards",
        );
        let (cc, rc) = world_core(&ball, &pb);
        agrees(
            &card,
            &pa,
            &ball,
            &pb,
            signed_distance_2d(&ca, ra, &cc, rc),
            "card, ball",
        );
    }
    let cube = Aabb::new(Point3::new(-0.5, -0.5, -0.5), Point3::new(0.5, 0.5, 0.5)).unwrap();
    for _ in 0..60 {
        let (pa, pb) = (pose3::<f64>(&mut rng, 1.2), pose3::<f64>(&mut rng, 1.2));
        let (ca, ra) = world_core(&prism, &pa);
        let (cb, rb) = world_core(&prism, &pb);
        agrees(
            &prism,
            &pa,
            &prism,
            &pb,
            signed_distance_3d(&ca, ra, &cb, rb),
            "prisms",
        );
        let (cc, rc) = world_core(&cube, &pb);
        agrees(
            &prism,
            &pa,
            &cube,
            &pb,
            signed_distance_3d(&ca, ra, &cc, rc),
            "prism, cube",
        );
        let (cr, rr) = world_core(&rounded_prism, &pb);
        agrees(
            &prism,
            &pa,
            &rounded_prism,
            &pb,
            signed_distance_3d(&ca, ra, &cr, rr),
            "prism, rounded",
        );
    }
}

in_both_scalars!(
    built_in_shapes_keep_the_contract,
    each_violation_is_caught,
    rounded_refuses_bad_radii,
    rounded_matches_the_oracle
);
