//! `cast_ray` and `project_point` (src/ray.rs): hand-derived cases for
//! every built-in shape, grazing rays, agreement with `contains_point`,
//! and random rays against an independent oracle — the SAT depth of a thin
//! capsule around the ray's segment — in f32 and f64, 2D and 3D.

use nalgebra::{Point, Point2, Point3, Rotation2, SVector, Vector2, Vector3};
use separating_axis::{
    cast_ray, contains_point, penetration, project_point, Aabb, AnyShape, Ball, Capsule,
    ConvexPolygon, ConvexPolyhedron, Obb, PolytopeDim, Pose, Pose2, Pose3, Ray, Shape,
};

use crate::support::rng::Rng;
use crate::support::scalars::{f, in_both_scalars, t, TestReal};

/// Whether `x` is exactly zero (either sign), without a float comparison
/// clippy would flag.
fn is_zero<T: TestReal>(x: T) -> bool {
    f(x).abs().to_bits() == 0
}

fn p2<T: TestReal>(x: f64, y: f64) -> Point2<T> {
    Point2::new(t(x), t(y))
}

fn v2<T: TestReal>(x: f64, y: f64) -> Vector2<T> {
    Vector2::new(t(x), t(y))
}

fn p3<T: TestReal>(x: f64, y: f64, z: f64) -> Point3<T> {
    Point3::new(t(x), t(y), t(z))
}

fn v3<T: TestReal>(x: f64, y: f64, z: f64) -> Vector3<T> {
    Vector3::new(t(x), t(y), t(z))
}

fn close<T: TestReal>(got: T, want: f64, tol: f64, what: &str) {
    assert!(
        (f(got) - want).abs() <= tol,
        "{what}: got {}, want {want} ({})",
        f(got),
        T::NAME
    );
}

/// Every shape kind by hand: the toi, the point and the normal.
fn rays_by_hand<T: TestReal>() {
    let tol = 1e3 * f(T::default_epsilon());
    // A 2×2 square at (10, 0), hit from the left.
    let square = Obb::new(Point2::origin(), Rotation2::identity(), v2::<T>(1.0, 1.0)).unwrap();
    let at = Pose2::translation(t(10.0), t(0.0));
    let ray = Ray::new(p2(0.0, 0.5), v2(2.0, 0.0));
    let hit = cast_ray(&square, &at, &ray, t(100.0), true).unwrap();
    close(hit.toi, 4.5, tol, "square toi");
    close(hit.point.x, 9.0, tol, "square point");
    assert_eq!(hit.normal.unwrap().into_inner(), v2(-1.0, 0.0));
    assert_eq!(
        hit.face.map(|i| square.local_face_normal(i).into_inner()),
        Some(v2(-1.0, 0.0))
    );
    // Cut short by max_toi, and missed above.
    assert!(cast_ray(&square, &at, &ray, t(4.0), true).is_none());
    assert!(cast_ray(
        &square,
        &at,
        &Ray::new(p2(0.0, 1.5), v2(1.0, 0.0)),
        t(100.0),
        true
    )
    .is_none());
    // The same square as an Aabb and as a polygon: the same answer.
    let aabb = Aabb::new(p2(-1.0, -1.0), p2(1.0, 1.0)).unwrap();
    let poly =
        ConvexPolygon::new(&[p2(-1.0, -1.0), p2(1.0, -1.0), p2(1.0, 1.0), p2(-1.0, 1.0)]).unwrap();
    for h in [
        cast_ray(&aabb, &at, &ray, t(100.0), true).unwrap(),
        cast_ray(&poly, &at, &ray, t(100.0), true).unwrap(),
    ] {
        close(h.toi, 4.5, tol, "aabb/polygon toi");
        assert_eq!(h.normal.unwrap().into_inner(), v2(-1.0, 0.0));
    }
    // Hollow: from the centre, leaving through the top face.
    let up = Ray::new(p2(10.0, 0.0), v2(0.0, 0.5));
    let exit = cast_ray(&square, &at, &up, t(100.0), false).unwrap();
    close(exit.toi, 2.0, tol, "square exit");
    assert_eq!(exit.normal.unwrap().into_inner(), v2(0.0, 1.0));
    let solid = cast_ray(&square, &at, &up, t(100.0), true).unwrap();
    assert!(is_zero(solid.toi) && solid.normal.is_none());

    // A circle of radius 2 at the origin, hit off-centre: x² + 1 = 4.
    let ball = Ball::new(Point2::origin(), t::<T>(2.0)).unwrap();
    let id = Pose2::identity();
    let hit = cast_ray(
        &ball,
        &id,
        &Ray::new(p2(-5.0, 1.0), v2(1.0, 0.0)),
        t(100.0),
        true,
    )
    .unwrap();
    close(hit.toi, 5.0 - 3f64.sqrt(), tol, "circle toi");
    close(
        hit.normal.unwrap().x,
        -3f64.sqrt() / 2.0,
        tol,
        "circle normal x",
    );
    close(hit.normal.unwrap().y, 0.5, tol, "circle normal y");

    // A 2D capsule from (-1, 0) to (1, 0), radius 0.5: its side from
    // above, its cap from the right.
    let cap = Capsule::new(p2(-1.0, 0.0), p2(1.0, 0.0), t::<T>(0.5)).unwrap();
    let side = cast_ray(
        &cap,
        &id,
        &Ray::new(p2(0.25, 3.0), v2(0.0, -1.0)),
        t(100.0),
        true,
    )
    .unwrap();
    close(side.toi, 2.5, tol, "capsule side toi");
    close(side.normal.unwrap().y, 1.0, tol, "capsule side normal");
    let end = cast_ray(
        &cap,
        &id,
        &Ray::new(p2(4.0, 0.25), v2(-1.0, 0.0)),
        t(100.0),
        true,
    )
    .unwrap();
    // The cap: (x − 1)² + 0.25² = 0.25 → x = 1 + √0.1875.
    close(end.toi, 3.0 - 0.1875f64.sqrt(), tol, "capsule cap toi");
    // Hollow from the segment: out through the side.
    let out = cast_ray(
        &cap,
        &id,
        &Ray::new(p2(0.5, 0.0), v2(0.0, 1.0)),
        t(100.0),
        false,
    )
    .unwrap();
    close(out.toi, 0.5, tol, "capsule exit");
    close(out.normal.unwrap().y, 1.0, tol, "capsule exit normal");

    // 3D: a unit cube as a hull, a sphere and a capsule.
    let cube = ConvexPolyhedron::from_hull(
        &(0..8)
            .map(|k| p3::<T>((k & 1) as f64, ((k >> 1) & 1) as f64, ((k >> 2) & 1) as f64))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let id3 = Pose3::identity();
    let hit = cast_ray(
        &cube,
        &id3,
        &Ray::new(p3(0.25, 0.5, 5.0), v3(0.0, 0.0, -1.0)),
        t(10.0),
        true,
    )
    .unwrap();
    close(hit.toi, 4.0, tol, "cube toi");
    assert_eq!(hit.normal.unwrap().into_inner(), v3(0.0, 0.0, 1.0));
    let sphere = Ball::new(p3::<T>(0.0, 0.0, 0.0), t(1.0)).unwrap();
    let hit = cast_ray(
        &sphere,
        &id3,
        &Ray::new(p3(0.0, 0.0, -3.0), v3(0.0, 0.0, 2.0)),
        t(10.0),
        true,
    )
    .unwrap();
    close(hit.toi, 1.0, tol, "sphere toi");
    let cap3 = Capsule::new(p3::<T>(0.0, -1.0, 0.0), p3(0.0, 1.0, 0.0), t(0.5)).unwrap();
    let hit = cast_ray(
        &cap3,
        &id3,
        &Ray::new(p3(3.0, 0.3, 0.0), v3(-1.0, 0.0, 0.0)),
        t(10.0),
        true,
    )
    .unwrap();
    close(hit.toi, 2.5, tol, "capsule 3D side");
    let hit = cast_ray(
        &cap3,
        &id3,
        &Ray::new(p3(0.0, 5.0, 0.0), v3(0.0, -1.0, 0.0)),
        t(10.0),
        true,
    )
    .unwrap();
    close(hit.toi, 3.5, tol, "capsule 3D tip");

    // A zero direction: no hit from outside, time 0 from inside (solid),
    // never leaving (hollow); NaN: no hit.
    let still = Ray::new(p2(0.0, 0.0), v2(0.0, 0.0));
    assert!(cast_ray(&square, &at, &still, t(1.0), true).is_none());
    let still_in = Ray::new(p2(10.0, 0.0), v2(0.0, 0.0));
    assert!(is_zero(
        cast_ray(&square, &at, &still_in, t(1.0), true).unwrap().toi
    ));
    assert!(cast_ray(&square, &at, &still_in, t(1.0), false).is_none());
    assert!(cast_ray(&ball, &id, &still_in, t(1.0), false).is_none());
    let nan = Ray::new(p2(f64::NAN, 0.0), v2(1.0, 0.0));
    assert!(cast_ray(&square, &at, &nan, t(100.0), true).is_none());
    assert!(cast_ray(&ball, &id, &ray, t::<T>(f64::NAN), true).is_none());
}

/// Rays tangent to a circle hit it (touching counts); rays that pass by
/// more than the tolerance miss; the rounded path ends on the surface.
fn grazing_rays_by_hand<T: TestReal>() {
    let ball = Ball::new(Point2::origin(), t::<T>(1.0)).unwrap();
    let id = Pose2::identity();
    let tangent = cast_ray(
        &ball,
        &id,
        &Ray::new(p2(-3.0, 1.0), v2(1.0, 0.0)),
        t(10.0),
        true,
    );
    let hit = tangent.expect("a tangent ray touches");
    // A double root: Newton halves the error each step; the hit is within
    // the square root of the tolerance of x = 0.
    close(hit.toi, 3.0, 1e-2, "tangent toi");
    let gap = if T::NAME == "f32" { 1e-3 } else { 1e-7 };
    let by = cast_ray(
        &ball,
        &id,
        &Ray::new(p2(-3.0, 1.0 + gap), v2(1.0, 0.0)),
        t(10.0),
        true,
    );
    assert!(by.is_none(), "passing {gap} above misses ({})", T::NAME);
    // A square touched along its top edge by a ray: the polytope path
    // counts the touching plane as inside.
    let square = Obb::new(Point2::origin(), Rotation2::identity(), v2::<T>(1.0, 1.0)).unwrap();
    let along = cast_ray(
        &square,
        &id,
        &Ray::new(p2(-3.0, 1.0), v2(1.0, 0.0)),
        t(10.0),
        true,
    );
    close(
        along.expect("touching counts").toi,
        2.0,
        1e-6,
        "edge-grazing toi",
    );
}

/// Hand projections: outside a box and inside it (nearest face), a ball's
/// centre, a capsule's segment, a polyhedron from inside.
fn projections_by_hand<T: TestReal>() {
    let tol = 1e3 * f(T::default_epsilon());
    let b = Obb::new(Point2::origin(), Rotation2::identity(), v2::<T>(2.0, 1.0)).unwrap();
    let at = Pose2::translation(t(10.0), t(0.0));
    let corner = project_point(&b, &at, &p2(13.0, 3.0));
    close(corner.distance, 5f64.sqrt(), tol, "box corner distance");
    assert_eq!(corner.point, p2(12.0, 1.0));
    let inside = project_point(&b, &at, &p2(11.5, -0.25));
    assert!(inside.inside);
    close(inside.distance, -0.5, tol, "box inside distance");
    assert_eq!(inside.point, p2(12.0, -0.25));

    let ball = Ball::new(p2::<T>(1.0, 1.0), t(2.0)).unwrap();
    let centre = project_point(&ball, &Pose2::identity(), &p2(1.0, 1.0));
    assert!(centre.inside);
    close(centre.distance, -2.0, tol, "ball centre");
    let out = project_point(&ball, &Pose2::identity(), &p2(4.0, 5.0));
    close(out.distance, 3.0, tol, "ball outside");
    close(out.point.x, 1.0 + 2.0 * 0.6, tol, "ball point x");

    // On a 3D capsule's segment: the nearest boundary point is across it.
    let cap = Capsule::new(p3::<T>(0.0, -1.0, 0.0), p3(0.0, 1.0, 0.0), t(0.5)).unwrap();
    let on = project_point(&cap, &Pose3::identity(), &p3(0.0, 0.25, 0.0));
    close(on.distance, -0.5, tol, "capsule segment");
    close(
        on.point.y,
        0.25,
        tol,
        "capsule point stays across the segment",
    );
    close(
        (on.point - p3::<T>(0.0, 0.25, 0.0)).norm(),
        0.5,
        tol,
        "at the radius",
    );

    let cube = ConvexPolyhedron::from_hull(
        &(0..8)
            .map(|k| {
                p3::<T>(
                    (k & 1) as f64 * 2.0,
                    ((k >> 1) & 1) as f64 * 2.0,
                    ((k >> 2) & 1) as f64 * 2.0,
                )
            })
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let p = project_point(&cube, &Pose3::identity(), &p3(1.0, 1.0, 1.75));
    close(p.distance, -0.25, tol, "cube inside");
    assert_eq!(p.point, p3(1.0, 1.0, 2.0));
}

/// A random shape of every kind about the origin, of size about 1;
/// `polytope` makes the dimension's polygon or polyhedron.
fn random_shape<T: TestReal, const N: usize>(
    rng: &mut Rng,
    polytope: fn(&mut Rng) -> AnyShape<T, N>,
) -> AnyShape<T, N>
where
    nalgebra::Const<N>: PolytopeDim<T, N>,
{
    let point =
        |rng: &mut Rng| Point::<T, N>::from(rng.unit_vector::<N>().map(|x| t::<T>(x * 0.5)));
    let half = |rng: &mut Rng| SVector::<T, N>::from_fn(|_, _| t(rng.range(0.2, 1.0)));
    match rng.below(5) {
        0 => Ball::new(point(rng), t(rng.range(0.2, 1.0)))
            .unwrap()
            .into(),
        1 => Capsule::new(point(rng), point(rng), t(rng.range(0.1, 0.6)))
            .unwrap()
            .into(),
        2 => {
            let (c, h) = (point(rng), half(rng));
            Aabb::new(c - h, c + h).unwrap().into()
        }
        3 => Obb::new(point(rng), random_rotation::<T, N>(rng), half(rng))
            .unwrap()
            .into(),
        _ => polytope(rng),
    }
}

/// A random rotation in 2D or 3D.
fn random_rotation<T: TestReal, const N: usize>(rng: &mut Rng) -> nalgebra::Rotation<T, N> {
    let m = if N == 2 {
        let (c, s) = rng.rational_cos_sin();
        nalgebra::SMatrix::<f64, N, N>::from_fn(|i, j| match (i, j) {
            (0, 0) | (1, 1) => c,
            (1, 0) => s,
            _ => -s,
        })
    } else {
        let r = rng.rotation();
        nalgebra::SMatrix::<f64, N, N>::from_fn(|i, j| r[(i, j)])
    };
    nalgebra::Rotation::from_matrix_unchecked(m.map(t))
}

/// The hull of 12 random points in the unit disc.
fn polygon<T: TestReal>(rng: &mut Rng) -> AnyShape<T, 2> {
    let pts: Vec<Point2<T>> = (0..12)
        .map(|_| Point2::from(rng.unit_vector2().map(|x| t::<T>(x * rng.range(0.4, 1.0)))))
        .collect();
    ConvexPolygon::from_hull(&pts).unwrap().into()
}

/// The hull of 12 random points in the unit ball.
fn polyhedron<T: TestReal>(rng: &mut Rng) -> AnyShape<T, 3> {
    let pts: Vec<Point3<T>> = (0..12)
        .map(|_| Point3::from(rng.unit_vector3().map(|x| t::<T>(x * rng.range(0.4, 1.0)))))
        .collect();
    ConvexPolyhedron::from_hull(&pts).unwrap().into()
}

/// The SAT depth of a capsule of radius `rho` around the segment
/// `from → to` in `shape` (None when apart): the segment meets the shape
/// iff the depth is at least `rho`.
fn tube_depth<T: TestReal, const N: usize>(
    shape: &AnyShape<T, N>,
    pose: &Pose<T, N>,
    from: &Point<T, N>,
    to: &Point<T, N>,
    rho: T,
) -> Option<f64>
where
    nalgebra::Const<N>: PolytopeDim<T, N>,
{
    if (to - from).norm() <= T::zero() {
        return None;
    }
    let tube = Capsule::new(*from, *to, rho).ok()?;
    penetration(shape, pose, &tube, &Pose::identity()).map(|p| f(p.depth))
}

/// Random rays at random shapes: a hit lies on the surface, the tube
/// around the ray up to just before the hit stays out and the tube just
/// past it reaches in; a miss leaves the tube's depth below its radius.
fn rays_agree_with_the_sat_oracle_in<T: TestReal, const N: usize>(
    seed: u64,
    polytope: fn(&mut Rng) -> AnyShape<T, N>,
) where
    nalgebra::Const<N>: PolytopeDim<T, N>,
{
    let mut rng = Rng::new(seed);
    let (rho, slack, step) = if T::NAME == "f32" {
        (0.05, 2e-3, 1e-2)
    } else {
        (0.01, 1e-9, 1e-6)
    };
    let (mut hits, mut misses, mut exits) = (0, 0, 0);
    for case in 0..600 {
        let shape = random_shape::<T, N>(&mut rng, polytope);
        let pose = Pose::from_parts(
            rng.unit_vector::<N>()
                .map(|x| t::<T>(x * rng.range(0.0, 20.0)))
                .into(),
            random_rotation::<T, N>(&mut rng),
        );
        let centre = pose * Point::<T, N>::origin();
        let origin = centre
            + rng
                .unit_vector::<N>()
                .map(|x| t::<T>(x * rng.range(0.0, 4.0)));
        // Aim near the shape's centre, off by up to its size.
        let aim = centre
            + rng
                .unit_vector::<N>()
                .map(|x| t::<T>(x * rng.range(0.0, 1.5)));
        let dir = (aim - origin) * t::<T>(rng.range(0.5, 2.0));
        if dir.norm() < t(1e-3) {
            continue;
        }
        let ray = Ray::new(origin, dir);
        let max_toi = t::<T>(10.0);
        let inside = contains_point(&shape, &pose, &origin);
        let hit = cast_ray(&shape, &pose, &ray, max_toi, false);
        let what = format!(
            "{} {N}D case {case}: {shape:?} ray {ray:?} hit {hit:?}",
            T::NAME
        );
        if inside {
            // Hollow: the exit is on the surface, inside before, out after;
            // none within max_toi only when the ray is still inside there.
            let Some(h) = hit else {
                let end = ray.point_at(max_toi - t(step));
                assert!(
                    contains_point(&shape, &pose, &end),
                    "{what}: out by max_toi"
                );
                continue;
            };
            exits += 1;
            let s = f(project_point(&shape, &pose, &h.point).distance).abs();
            assert!(s <= slack * 10.0, "{what}: exit {s} off the surface");
            let before = ray.point_at(h.toi - t(step));
            let after = ray.point_at(h.toi + t(step));
            assert!(
                contains_point(&shape, &pose, &before),
                "{what}: out before the exit"
            );
            assert!(
                !contains_point(&shape, &pose, &after),
                "{what}: in after the exit"
            );
            continue;
        }
        let rho_t = t::<T>(rho);
        let end = ray.point_at(max_toi);
        match hit {
            Some(h) => {
                hits += 1;
                let s = f(project_point(&shape, &pose, &h.point).distance).abs();
                assert!(s <= slack * 10.0, "{what}: hit {s} off the surface");
                let before = ray.point_at(h.toi - t(step));
                if f(h.toi) > step {
                    let d = tube_depth(&shape, &pose, &origin, &before, rho_t).unwrap_or(0.0);
                    assert!(
                        d <= rho + slack,
                        "{what}: the ray is in before the hit ({d})"
                    );
                }
                let past = ray.point_at(h.toi + t(step));
                let d = tube_depth(&shape, &pose, &origin, &past, rho_t).unwrap_or(0.0);
                assert!(
                    d >= rho - slack,
                    "{what}: the ray is not in past the hit ({d})"
                );
            }
            None => {
                misses += 1;
                let d = tube_depth(&shape, &pose, &origin, &end, rho_t).unwrap_or(0.0);
                assert!(
                    d <= rho + slack,
                    "{what}: missed, but the segment reaches in ({d})"
                );
            }
        }
    }
    assert!(
        hits > 100 && misses > 50 && exits > 20,
        "{hits} hits, {misses} misses, {exits} exits"
    );
}

fn rays_agree_with_the_sat_oracle<T: TestReal>() {
    rays_agree_with_the_sat_oracle_in::<T, 2>(0x5eed_0001, polygon::<T>);
    rays_agree_with_the_sat_oracle_in::<T, 3>(0x5eed_0002, polyhedron::<T>);
}

/// `project_point(..).inside` is `contains_point`, and a solid cast from a
/// point starts at time 0 exactly when the point is contained; the sign
/// of the distance follows.
fn inside_agrees_with_contains_point<T: TestReal>() {
    let mut rng = Rng::new(77);
    for _ in 0..400 {
        let shape = random_shape::<T, 3>(&mut rng, polyhedron::<T>);
        let q = Point3::from(
            rng.unit_vector::<3>()
                .map(|x| t::<T>(x * rng.range(0.0, 1.6))),
        );
        let id = Pose3::identity();
        let c = contains_point(&shape, &id, &q);
        let p = project_point(&shape, &id, &q);
        assert_eq!(p.inside, c);
        assert_eq!(p.distance <= T::zero(), c || is_zero(p.distance));
        let hit = cast_ray(&shape, &id, &Ray::new(q, v3(1.0, 0.0, 0.0)), t(10.0), true);
        assert_eq!(hit.is_some_and(|h| is_zero(h.toi) && h.normal.is_none()), c);
    }
}

/// Newton from the left never steps past the surface: on rays straight at
/// a ball's centre (a simple root) the hit is at or before the exact
/// entry, within round-off.
fn newton_never_passes_the_surface<T: TestReal>() {
    let mut rng = Rng::new(5);
    let ball = Ball::new(Point3::<T>::origin(), t(1.0)).unwrap();
    for _ in 0..200 {
        let dist = rng.range(1.5, 50.0);
        let u = rng.unit_vector3();
        let origin = Point3::from((u * dist).map(t::<T>));
        let ray = Ray::new(origin, (-u).map(t::<T>));
        let h = cast_ray(&ball, &Pose3::identity(), &ray, t(100.0), true).unwrap();
        let exact = dist - 1.0;
        assert!(
            f(h.toi) <= exact + 4.0 * f(T::default_epsilon()) * dist,
            "{} past {exact}",
            f(h.toi)
        );
        close(h.toi, exact, 1e2 * f(T::default_epsilon()) * dist, "toi");
    }
}

/// The box path of `project_point` (a closed form in the box's frame)
/// against the general rule on the same box given as a polygon or a
/// polyhedron (its core's nearest point outside, the nearest face plane
/// inside): the same distance and point, in 2D and 3D, inside and out.
fn box_projections_match_the_face_planes<T: TestReal>() {
    let tol = 1e2 * f(T::default_epsilon()) * 10.0;
    let mut rng = Rng::new(31);
    for _ in 0..300 {
        let h = Vector2::new(t::<T>(rng.range(0.2, 2.0)), t(rng.range(0.2, 2.0)));
        let obb = Obb::new(Point2::origin(), random_rotation::<T, 2>(&mut rng), h).unwrap();
        let corners: Vec<Point2<T>> = (0..4).map(|i| obb.local_core_vertex(i)).collect();
        let poly = ConvexPolygon::from_hull(&corners).unwrap();
        let pose = Pose2::new(
            Vector2::new(t(rng.range(-5.0, 5.0)), t(rng.range(-5.0, 5.0))),
            t(rng.range(0.0, 6.0)),
        );
        let q = pose * Point2::from(rng.unit_vector2().map(|x| t::<T>(x * rng.range(0.0, 3.0))));
        let (a, b) = (
            project_point(&obb, &pose, &q),
            project_point(&poly, &pose, &q),
        );
        assert_eq!(a.inside, b.inside);
        assert!(
            (f(a.distance) - f(b.distance)).abs() <= tol,
            "{} {a:?} {b:?}",
            T::NAME
        );
        assert!(
            f((a.point - b.point).norm()) <= tol,
            "{} {a:?} {b:?}",
            T::NAME
        );
    }
    for _ in 0..300 {
        let h = nalgebra::Vector3::new(
            t::<T>(rng.range(0.2, 2.0)),
            t(rng.range(0.2, 2.0)),
            t(rng.range(0.2, 2.0)),
        );
        let obb = Obb::new(Point3::origin(), random_rotation::<T, 3>(&mut rng), h).unwrap();
        let corners: Vec<Point3<T>> = (0..8).map(|i| obb.local_core_vertex(i)).collect();
        let hull = ConvexPolyhedron::from_hull(&corners).unwrap();
        let q = Point3::from(rng.unit_vector3().map(|x| t::<T>(x * rng.range(0.0, 3.0))));
        let id = Pose3::identity();
        let (a, b) = (project_point(&obb, &id, &q), project_point(&hull, &id, &q));
        assert_eq!(a.inside, b.inside);
        assert!(
            (f(a.distance) - f(b.distance)).abs() <= tol,
            "{} {a:?} {b:?}",
            T::NAME
        );
        assert!(
            f((a.point - b.point).norm()) <= tol,
            "{} {a:?} {b:?}",
            T::NAME
        );
    }
}

in_both_scalars!(
    box_projections_match_the_face_planes,
    rays_by_hand,
    grazing_rays_by_hand,
    projections_by_hand,
    rays_agree_with_the_sat_oracle,
    inside_agrees_with_contains_point,
    newton_never_passes_the_surface,
);
