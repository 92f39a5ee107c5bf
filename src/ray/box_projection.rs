//! `project_point` on a box, in the box's frame: the clamp outside, the
//! face of least room inside (docs/rays.md).

use nalgebra::{Point, SVector};

use super::PointProjection;
use crate::real::clamp_min_max;
use crate::{Pose, Real};

/// [`project_point`] on a box: `q` the point in the box's frame, `out`
/// the box's frame to the shape's.
#[inline(always)]
pub(super) fn box_projection_posed<T: Real, const N: usize>(
    obb: &crate::Obb<T, N>,
    pose: &Pose<T, N>,
    q: SVector<T, N>,
    out: impl Fn(&SVector<T, N>) -> Point<T, N>,
) -> PointProjection<T, N> {
    let h = obb.half_extents();
    // Each branch of the projection builds the answer itself: a point
    // merged from the two branches went through integer registers (`f32`).
    box_projection_with(&h, &q, |v, distance, inside| PointProjection {
        point: posed(pose, &out(v)),
        distance: if inside { -distance } else { distance },
        inside,
    })
}

/// `pose * p`, in 2D as whole columns (`R₀ x + R₁ y + t`: per coordinate
/// `R₀₀ x + R₀₁ y + t₀`, the products and sums of nalgebra's in its order,
/// so the same bits; `posed_is_the_isometry_to_the_bit`): fewer shuffles
/// in `f32` than scalar sums per coordinate (docs/benchmarks.md, "2D box
/// projection and time of impact in `f32`").
#[inline(always)]
fn posed<T: Real, const N: usize>(pose: &Pose<T, N>, p: &Point<T, N>) -> Point<T, N> {
    if N != 2 {
        return pose * p;
    }
    let (r, t) = (pose.rotation.matrix(), &pose.translation.vector);
    let column = |j: usize| SVector::<T, N>::from_fn(|i, _| r[(i, j)]);
    Point::from(column(0) * p[0] + column(1) * p[1] + t)
}

/// The box path of [`local_projection`]: in the box's frame, the clamped
/// point outside; inside, the nearest face (the axis with the least room
/// `hₖ − |qₖ|`, the first of equals, the `+` side at `qₖ = 0`). The same
/// answers as the face-plane rule without a support value per face
/// (tests/ray_cast.rs::box_projections_match_the_face_planes).
pub(super) fn box_projection<T: Real, const N: usize>(
    obb: &crate::Obb<T, N>,
    p: &Point<T, N>,
) -> (Point<T, N>, T) {
    box_projection_in_frame(obb, &obb.in_box_frame(p))
}

/// [`box_projection`] with the point already in the box's frame (`q`, its
/// offset from the centre along the box's axes).
fn box_projection_in_frame<T: Real, const N: usize>(
    obb: &crate::Obb<T, N>,
    q: &SVector<T, N>,
) -> (Point<T, N>, T) {
    box_projection_with(&obb.half_extents(), q, |v, d, _| {
        (obb.out_of_box_frame(v), d)
    })
}

/// [`box_projection_in_frame`] on the half extents `h`, handing the
/// nearest boundary point (in the box's frame), its distance (`>= 0`) and
/// whether `q` lies in the box to `finish`. The point is inside exactly
/// when the clamp leaves it unchanged: for `|q_k| <= h_k` the min and the
/// max give `q_k` back (at `±h_k` too, and a zero keeps its sign), beyond
/// it they give `±h_k`, and a NaN gives `h_k`, never equal; so this is
/// `Obb::local_contains_point`'s verdict, `|q_k| <= h_k` on every axis, to
/// the bit (the unit test `clamp_equality_is_the_contains_test`),
/// without computing it twice.
#[inline(always)]
fn box_projection_with<T: Real, const N: usize, R>(
    h: &SVector<T, N>,
    q: &SVector<T, N>,
    finish: impl Fn(&SVector<T, N>, T, bool) -> R,
) -> R {
    let (q, h) = (*q, *h);
    // A min then a max (no branches; the same value as clamping to
    // `[−h, h]`, `h > 0`).
    let clamped = q.zip_map(&h, clamp_min_max);
    // Outside by a sum of squares that is not zero (or NaN, which a NaN
    // coordinate gives, and its distance too): some axis moved, so the
    // clamp changed `q` and the point is not in the box. One compare for
    // both the verdict and the distance's underflow test (the same bits:
    // `norm` is the root of `norm_squared`; the unit test
    // `projection_is_the_former_route_to_the_bit`).
    let offset = q - clamped;
    let squared = offset.norm_squared();
    if squared != T::zero() {
        return finish(&clamped, squared.sqrt(), false);
    }
    // A zero sum: inside, or outside by squares that underflow.
    // `&`, not a short-circuit: one compare per axis, no branch each.
    let inside = (0..N).fold(true, |all, k| all & (clamped[k] == q[k]));
    if !inside {
        // The largest excess over the half extents instead.
        let excess = |m: T, k: usize| (q[k].abs() - h[k]).max(m);
        return finish(&clamped, (0..N).fold(T::zero(), excess), false);
    }
    let mut k = 0;
    for j in 1..N {
        if h[j] - q[j].abs() < h[k] - q[k].abs() {
            k = j;
        }
    }
    let mut face = q;
    face[k] = if q[k] < T::zero() { -h[k] } else { h[k] };
    finish(&face, h[k] - q[k].abs(), true)
}

#[cfg(test)]
mod tests {
    use nalgebra::{Point2, Rotation2, Translation2, Vector2};

    use super::*;
    use crate::Pose2;

    /// The unit tests' generator, scaled to `[-10, 10)`.
    fn stream(seed: u64) -> impl FnMut() -> f64 {
        let mut rng = crate::test_rng::Rng(seed);
        move || rng.next() * 10.0
    }

    // The 2D scalar form of `pose * p` gives nalgebra's bits, in both
    // scalars, on random poses and points (far from the origin too).
    #[test]
    fn posed_is_the_isometry_to_the_bit() {
        let mut next = stream(0x0B0C_5E7D);
        for i in 0..20_000 {
            let far = if i % 2 == 0 { 1.0 } else { 1e4 };
            let (angle, tx, ty) = (next(), next() * far, next() * far);
            let (x, y) = (next() * far, next());
            let pose = Pose2::from_parts(Translation2::new(tx, ty), Rotation2::new(angle));
            let p = Point2::new(x, y);
            let (got, want) = (posed(&pose, &p), pose * p);
            assert_eq!(got.map(f64::to_bits), want.map(f64::to_bits), "{i}");
            let pose32 = Pose2::from_parts(
                Translation2::new(tx as f32, ty as f32),
                Rotation2::new(angle as f32),
            );
            let p32 = Point2::new(x as f32, y as f32);
            let (got, want) = (posed(&pose32, &p32), pose32 * p32);
            assert_eq!(got.map(f32::to_bits), want.map(f32::to_bits), "{i}");
        }
    }

    // "Inside" as the clamp leaving the point unchanged is `|q_k| <= h_k`
    // on every axis: random points, points on the faces (`±h`), one ulp
    // beyond, signed zeros and NaN.
    #[test]
    fn clamp_equality_is_the_contains_test() {
        let mut next = stream(0x00C1_A3B0);
        let h = Vector2::new(1.5_f64, 0.25);
        let beyond = |x: f64| if x > 0.0 { x.next_up() } else { x.next_down() };
        let mut values = vec![0.0, -0.0, f64::NAN, 1.5, -1.5, 0.25, -0.25];
        values.extend([1.5, -1.5, 0.25, -0.25].map(beyond));
        for _ in 0..200 {
            values.push(next() * 0.3);
        }
        let (mut inside, mut outside) = (0, 0);
        for &x in &values {
            for &y in &values {
                let q = Vector2::new(x, y);
                let contains = q.x.abs() <= h.x && q.y.abs() <= h.y;
                let said = box_projection_with(&h, &q, |_, _, inside| inside);
                assert_eq!(said, contains, "{x} {y}");
                if contains {
                    inside += 1;
                } else {
                    outside += 1;
                }
            }
        }
        assert!(inside > 1000 && outside > 1000, "{inside} {outside}");
    }

    /// The projection as it was before the sum of squares decided
    /// "outside" (the clamp compared first, then the norm and its
    /// underflow test): the reference for the test below.
    #[allow(clippy::float_cmp, reason = "the former route's exact compare")]
    fn former<const N: usize>(
        h: &SVector<f64, N>,
        q: &SVector<f64, N>,
    ) -> (SVector<f64, N>, f64, bool) {
        let clamped = q.zip_map(h, clamp_min_max);
        let inside = (0..N).fold(true, |all, k| all & (clamped[k] == q[k]));
        if !inside {
            let d = (q - clamped).norm();
            let excess = |m: f64, k: usize| (q[k].abs() - h[k]).max(m);
            let d = if d == 0.0 { (0..N).fold(d, excess) } else { d };
            return (clamped, d, false);
        }
        let mut k = 0;
        for j in 1..N {
            if h[j] - q[j].abs() < h[k] - q[k].abs() {
                k = j;
            }
        }
        let mut face = *q;
        face[k] = if q[k] < 0.0 { -h[k] } else { h[k] };
        (face, h[k] - q[k].abs(), true)
    }

    /// A coordinate near the half extent `h` or away from it: beyond by a
    /// subnormal (squares that underflow), on the face, one ulp in or out,
    /// a signed zero, NaN, infinities, or anywhere in `[-10, 10)`.
    fn near(h: f64, r: f64, pick: u64) -> f64 {
        let tiny = f64::from_bits(1 + (pick >> 8) % 1000);
        let side = if pick & 0x80 == 0 { 1.0 } else { -1.0 };
        side * match pick % 12 {
            0 => h + tiny,
            1 => h,
            2 => h.next_up(),
            3 => h.next_down(),
            4 => 0.0,
            5 => f64::NAN,
            6 => f64::INFINITY,
            7 => h + 1e-160,
            _ => r,
        }
    }

    // The restructured projection gives the former's point, distance and
    // verdict, bit for bit, in 2D and 3D: random points and the awkward
    // ones above (in `f64`, where a subnormal excess is reachable).
    #[test]
    fn projection_is_the_former_route_to_the_bit() {
        let mut next = stream(0x0B0C_F0E5);
        let mut bits = crate::test_rng::Rng(0x5EED_B0C5);
        let pick = |r: &mut crate::test_rng::Rng| {
            r.next();
            r.0
        };
        let (mut inside, mut underflow, mut outside) = (0, 0, 0);
        for _ in 0..20_000 {
            // Now and then a box so small that a point one ulp outside
            // is closer than the square root of the least normal number.
            let scale = if pick(&mut bits) % 4 == 0 {
                1e-300
            } else {
                1.0
            };
            let mut extent = || (next().abs() * 0.3 + 0.1) * scale;
            let h2 = Vector2::new(extent(), extent());
            let h3 = nalgebra::Vector3::new(extent(), extent(), extent());
            let q2 = Vector2::from_fn(|k, _| near(h2[k], next() * 0.3, pick(&mut bits)));
            let q3 = nalgebra::Vector3::from_fn(|k, _| near(h3[k], next() * 0.3, pick(&mut bits)));
            let new2 = box_projection_with(&h2, &q2, |v, d, i| (*v, d, i));
            let new3 = box_projection_with(&h3, &q3, |v, d, i| (*v, d, i));
            for (new, old) in [
                ((new2.0.as_slice().to_vec(), new2.1, new2.2), {
                    let o = former(&h2, &q2);
                    (o.0.as_slice().to_vec(), o.1, o.2)
                }),
                ((new3.0.as_slice().to_vec(), new3.1, new3.2), {
                    let o = former(&h3, &q3);
                    (o.0.as_slice().to_vec(), o.1, o.2)
                }),
            ] {
                let to_bits = |v: &[f64]| v.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(to_bits(&new.0), to_bits(&old.0), "{q2:?} {q3:?}");
                assert_eq!(new.1.to_bits(), old.1.to_bits(), "{q2:?} {q3:?}");
                assert_eq!(new.2, old.2, "{q2:?} {q3:?}");
                if new.2 {
                    inside += 1;
                } else if new.1 > 0.0 && new.1 < 1e-155 {
                    underflow += 1;
                } else {
                    outside += 1;
                }
            }
        }
        assert!(
            inside > 1000 && underflow > 100 && outside > 1000,
            "{inside} {underflow} {outside}"
        );
    }
}
