//! What a built hull derives from its faces once: the inner ball, the
//! compact edge records, packed vertices, the range check and the climb
//! start.

use super::*;

/// The number of steps of the inner-ball climb ([`inner_ball`]): moves and
/// halvings together.
///
/// Where the value comes from: it was measured with the climb as a whole
/// against the bare mean (docs/benchmarks.md), not by a sweep over the
/// count. Each
/// step scans the face planes twice, so construction pays at most
/// `2 · 48 · F` plane distances. A climb of halvings alone ends with a step
/// of `r · 2⁻⁴⁹` (with [`INNER_BALL_STEP`]), below what `f32` resolves of
/// the radius (`2⁻²⁴`), so the last steps cannot improve an `f32` ball and
/// leave room for about 24 moves. Any count is safe: the radius is the
/// measured distance to the nearest plane, never assumed.
const INNER_BALL_CLIMB_STEPS: usize = 48;

/// The inner-ball climb's step factor: the first step is this fraction of
/// the starting radius (the vertices' mean's distance to the nearest face
/// plane), and a step that does not increase the radius is multiplied by
/// it (bisection).
///
/// Where the value comes from: moving away from the nearest plane by half
/// its distance keeps that plane at least half as far as before, and
/// halving is the usual bisection of a step that overshoots; it came with
/// [`INNER_BALL_CLIMB_STEPS`] (commit 48e3c47).
const INNER_BALL_STEP: f64 = 0.5;

/// A ball inside the hull, as large as a short climb finds: from the
/// vertices' mean (inside, as a convex combination), step away from the
/// nearest face plane while that increases the distance to the nearest
/// plane, halving the step when it does not. The radius is that distance:
/// every point within it of the centre is on the inner side of every face,
/// so the ball lies in the hull whatever the climb's quality. A larger ball
/// gives the pair path tighter bounds (docs/sat-proof.md §14).
pub(super) fn inner_ball<T: Real>(
    vertices: &[Point3<T>],
    normals: &[Unit<Vector3<T>>],
    offsets: &[T],
) -> (Point3<T>, T) {
    let n = T::from_usize(vertices.len()).unwrap_or_else(T::one);
    let sum = vertices
        .iter()
        .fold(Vector3::zeros(), |acc, v| acc + v.coords);
    // The two nearest face planes to `c`, and the distance to the nearest.
    let nearest = |c: &Vector3<T>| {
        let big = T::max_value().unwrap_or_else(T::one);
        let mut two = [(0, big), (0, big)];
        for (f, (nf, &o)) in normals.iter().zip(offsets).enumerate() {
            let d = o - nf.dot(c);
            if d < two[0].1 {
                two = [(f, d), two[0]];
            } else if d < two[1].1 {
                two[1] = (f, d);
            }
        }
        ([two[0].0, two[1].0], two[0].1)
    };
    let mut centre = sum / n;
    let (mut faces, mut radius) = nearest(&centre);
    let shrink = T::from_f64(INNER_BALL_STEP).unwrap_or_else(T::one);
    let mut step = radius.abs() * shrink;
    for _ in 0..INNER_BALL_CLIMB_STEPS {
        // Away from the nearest plane, or from the nearest two at once
        // (along a crease between them, where one alone zig-zags).
        let [f, g] = faces.map(|k| normals[k].into_inner());
        let away = [f, (f + g).normalize()];
        let best = away
            .iter()
            .map(|d| {
                let candidate = centre - d * step;
                let (near, r) = nearest(&candidate);
                (candidate, near, r)
            })
            .fold(None, |b: Option<(Vector3<T>, [usize; 2], T)>, x| match b {
                Some(b) if b.2 >= x.2 => Some(b),
                _ => Some(x),
            });
        match best {
            Some((candidate, near, r)) if r > radius => {
                (centre, faces, radius) = (candidate, near, r)
            }
            _ => step *= shrink,
        }
    }
    (Point3::from(centre), radius.max(T::zero()))
}

/// The compact edge records, `None` if an index does not fit in `u16`.
pub(super) fn edge_records<T: Real>(
    edges: &[Edge<T, 3>],
    edge_faces: &[[usize; 2]],
    edge_vertices: &[[usize; 2]],
) -> Option<Vec<EdgeRecord<T>>> {
    let index = |i: usize| u16::try_from(i).ok();
    edges
        .iter()
        .zip(edge_faces)
        .zip(edge_vertices)
        .map(|((e, &[left, right]), &[from, _])| {
            Some(EdgeRecord {
                direction: e.direction,
                faces: [index(left)?, index(right)?],
                vertex: index(from)?,
            })
        })
        .collect()
}

/// The indices of the points of largest and smallest x, y, z:
/// `[+x, −x, +y, −y, +z, −z]`, the first one on a tie.
pub(super) fn axis_extremes<T: Real>(points: &[Point3<T>]) -> [usize; 6] {
    let mut extremes = [0usize; 6];
    for (i, p) in points.iter().enumerate() {
        for k in 0..3 {
            if p[k] > points[extremes[2 * k]][k] {
                extremes[2 * k] = i;
            }
            if p[k] < points[extremes[2 * k + 1]][k] {
                extremes[2 * k + 1] = i;
            }
        }
    }
    extremes
}

/// The points' coordinates, packed for vectorised scans.
pub(super) fn pack_points<T: Real>(points: &[Point3<T>]) -> Packed3<T> {
    Packed3::new(&points.iter().map(|p| p.coords).collect::<Vec<_>>())
}

/// The crate-wide range for the hull's input: every coordinate at most
/// [`max_magnitude`](crate::real::max_magnitude), the extent (largest
/// `max − min` over the axes) at least [`min_size`](crate::real::min_size)
/// unless it is zero (then [`HullError::Coincident`]). The points are
/// finite.
pub(super) fn check_hull_range<T: Real>(points: &[Point3<T>]) -> Result<(), HullError> {
    let limit = crate::real::max_magnitude::<T>();
    for (index, p) in points.iter().enumerate() {
        if let Some(coordinate) = p.coords.iter().position(|c| c.abs() > limit) {
            return Err(HullError::TooLarge { index, coordinate });
        }
    }
    let (mut lo, mut hi) = (points[0], points[0]);
    for p in points {
        lo = lo.inf(p);
        hi = hi.sup(p);
    }
    // All the same point (extent zero) is `Coincident`, found later.
    let extent = (hi - lo).amax();
    if extent > T::zero() && extent < crate::real::min_size::<T>() {
        return Err(HullError::TooSmall);
    }
    Ok(())
}

/// The largest absolute coordinate of the points.
pub(super) fn max_abs_coordinate<T: Real>(points: &[Point3<T>]) -> T {
    points.iter().fold(T::zero(), |m, p| m.max(p.coords.amax()))
}

/// A power of two, as two factors (each representable even when the
/// product is not), that brings `scale` into `[1, 2)` or about; `(1, 1)`
/// for a zero scale.
pub(super) fn unit_scale<T: Real>(scale: T) -> (T, T) {
    if scale.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
        return (T::one(), T::one());
    }
    let e = scale.log2().floor().to_i32().unwrap_or(0);
    let half = -e / 2;
    let two = |k: i32| T::from_f64(num_traits::Float::powi(2f64, k)).unwrap_or_else(T::one);
    (two(half), two(-e - half))
}

/// Climbs the vertex graph from `start` to a vertex whose neighbours all
/// project no higher on `dir`; returns it and its projection.
#[inline]
pub(super) fn climb_from<T: Real>(
    vertices: &[Point3<T>],
    starts: &[usize],
    neighbours: &[usize],
    dir: &Vector3<T>,
    start: usize,
) -> (usize, T) {
    let mut best = start;
    let mut best_value = dir.dot(&vertices[start].coords);
    loop {
        let here = best;
        for &w in &neighbours[starts[here]..starts[here + 1]] {
            let value = dir.dot(&vertices[w].coords);
            if value > best_value {
                best = w;
                best_value = value;
            }
        }
        if best == here {
            return (best, best_value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The stored ball lies inside the hull (on the inner side of every face
    // plane by at least its radius), and the climb never ends below where
    // it started, the vertices' mean. In f32 and f64: the points are drawn
    // in f64 and rounded to `T`. The radius is the minimum of the very
    // expressions checked, so "inside" holds to the rounding of `r` itself:
    // 4 ε (8.9e-16 in f64, below the 1e-12 of the f64-only test before);
    // the mean's radius is computed the way the climb starts from it, so
    // "no smaller" holds with no tolerance in either scalar.
    fn inner_ball_check<T: Real>() {
        let to = |x: T| x.to_f64().unwrap_or(f64::NAN);
        let tol = 4.0 * to(T::default_epsilon());
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 11) as f64 / (1_u64 << 53) as f64 * 2.0 - 1.0
        };
        let mut built = 0;
        for round in 0..200 {
            let stretch = [1.0, 0.3, 0.05][round % 3];
            let points: Vec<Point3<T>> = (0..4 + round % 40)
                .map(|_| Point3::new(next(), next() * stretch, next()).cast())
                .collect();
            let Ok(hull) = ConvexPolyhedron::from_hull(&points) else {
                continue;
            };
            built += 1;
            let (c, r) = hull.inner_ball();
            assert!(r > T::zero(), "round {round}: radius {r:?}");
            for (n, &o) in hull.normals().iter().zip(hull.offsets()) {
                assert!(to(o - n.dot(&c.coords)) >= to(r) - tol, "round {round}");
            }
            let n = T::from_usize(hull.vertices().len()).unwrap();
            let mean = hull
                .vertices()
                .iter()
                .fold(Vector3::zeros(), |acc, v| acc + v.coords)
                / n;
            let at_mean = hull
                .normals()
                .iter()
                .zip(hull.offsets())
                .map(|(n, &o)| o - n.dot(&mean))
                .fold(T::max_value().unwrap(), |m, d| if d < m { d } else { m });
            assert!(r >= at_mean, "round {round}: {r:?} < {at_mean:?}");
        }
        assert_eq!(built, 200, "every point set gives a hull");
    }

    mod f32 {
        #[test]
        fn inner_ball_is_inside_and_no_smaller_than_at_the_mean() {
            super::inner_ball_check::<f32>();
        }
    }

    mod f64 {
        #[test]
        fn inner_ball_is_inside_and_no_smaller_than_at_the_mean() {
            super::inner_ball_check::<f64>();
        }
    }
}
