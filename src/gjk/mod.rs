//! GJK on the Minkowski difference of two cores: the min-norm iteration
//! with Wolfe's sub-algorithm (here, with its simplex in `corral.rs`), the
//! overlap certificate read off its iterates (`certify.rs`), and the
//! bracket of the cores' distance for the hull–box and hull–capsule
//! `intersects` paths (`bracket.rs`). Everything above this layer that
//! iterates on support points of `K_A − K_B` calls in here; nothing here
//! knows a pair or a query.
//!
//! Every shape is a core dilated by its [`radius`](Shape::radius), so
//! `dist(A, B) = dist(K_A, K_B) − r_A − r_B` while the cores are apart. The
//! iteration runs on `K = K_A − K_B` in A's local frame:
//!
//! ```text
//! corral   = { s_K(u) }, λ = 1, x = s_K(u)   u: B's origin seen from A's
//!
//! repeat at most MAX_ITERATIONS times:
//!     w = s_K(−x)                          support point of K_A − K_B
//!     if |x|² − x·w <= tol: stop           duality gap: the certificate
//!     if w is in the corral: stop          nothing new (polytopes end here)
//!     minor cycles (Wolfe): y, α = nearest point of aff(corral ∪ {w})
//!         all α > 0: x = y, λ = α
//!         else step from x towards y until a weight reaches 0, drop it
//!     if |x|² did not decrease: undo, stop
//! distance = |x| − r_A − r_B               (separation's gap if that is
//!                                          not positive: round-off only)
//! gap      = x̂·w − r_A − r_B               the gap of the returned axis
//! ```
//!
//! Each major step either stops or strictly decreases `|x|²` over a finite
//! set of corrals (for polytopes), and the loop is bounded anyway; the
//! returned `gap` is computed along the returned axis, so
//! `gap <= distance(A, B) <= distance` holds whatever stopped the loop, and
//! `distance − gap` is the certificate of the answer.
//!

use core::cmp::Ordering;

use nalgebra::{Point, SVector, Unit};

use crate::{Pose, Real, Shape};

mod bracket;
mod certify;
mod corral;
pub(crate) use bracket::{bracket, Bracket};
pub(crate) use certify::{overlap_certified, shapes_overlap_certified};
pub(crate) use corral::{minor_cycles, Corral, Vertex};

/// The most major iterations (support points) of one query. A polytope pair
/// ends long before (each step leaves a corral for good, and the corrals
/// of two 16-vertex hulls take a handful of steps: tests/distance.rs);
/// a custom curved shape with no vertices converges linearly and stops
/// here, with its certificate `gap` telling how close it came.
pub(crate) const MAX_ITERATIONS: usize = 128;

/// The duality gap `|x|² − x·w` below which the iteration stops:
/// 16 machine epsilons of `|x| (|x| + |w|)`, a few times the round-off of
/// the dot product `x·w` of coordinates of the size of `w`, so that the
/// test can succeed; the distance is then within `16 ε (|x| + |w|)` of the
/// lower bound `x̂·w` (docs/distance.md). `nx` is `|x|`, `sqrt(|x|²)`
/// from the caller's `|x|²` (the bits of `x.norm()`, which is that).
#[inline]
pub(crate) fn certificate_tolerance<T: Real, const N: usize>(nx: T, w: &SVector<T, N>) -> T {
    T::default_epsilon() * nalgebra::convert(16.0) * nx * (nx + w.norm())
}

/// The support point of a shape's core: the shape's own for a polytope
/// (radius 0), the best core vertex for a rounded shape, and for a rounded
/// shape that lists no vertices, its support point pulled back by the
/// radius.
pub(crate) fn core_support<T, const N: usize, S>(s: &S, d: &SVector<T, N>) -> SVector<T, N>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let r = s.radius();
    if r.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
        return s.local_support_point(d).coords;
    }
    let n = s.core_vertex_count();
    if n == 0 {
        let p = s.local_support_point(d).coords;
        let len = d.norm();
        return if len > T::zero() {
            p - d * (r / len)
        } else {
            p
        };
    }
    let mut best = s.local_core_vertex(0).coords;
    let mut best_h = d.dot(&best);
    for i in 1..n {
        let v = s.local_core_vertex(i).coords;
        let h = d.dot(&v);
        if h > best_h {
            best = v;
            best_h = h;
        }
    }
    best
}

/// The unit axis from A's core towards B's along their nearest points, in
/// A's frame (B placed by `pose_ab`), by the min-norm iteration on the
/// cores' difference: `None` when the cores meet (the nearest point is the
/// origin) or a support point is NaN. Its stop is the distance's
/// certificate: the gap along the axis is the cores' distance less the
/// certificate's round-off (`certificate_tolerance`), so two cores apart
/// by more than that have a positive gap along it. `nd::extra_axes` offers
/// it beyond the facet work budget (docs/contract-nd.md).
pub(crate) fn nearest_core_axis<T, const N: usize, A, B>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
) -> Option<Unit<SVector<T, N>>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let support = difference_support(a, b, pose_ab, SVector::zeros());
    let first = support(&start_direction(pose_ab));
    let (near, _, _) = nearest_from(support, first);
    Unit::try_new(-near.x, T::zero())
}

/// The iteration's first direction: B's origin seen from A's (the `x`
/// axis when they coincide). Any start converges; a near one saves steps.
pub(crate) fn start_direction<T: Real, const N: usize>(pose_ab: &Pose<T, N>) -> SVector<T, N> {
    let start = pose_ab.translation.vector;
    if start.iter().any(|x| *x != T::zero()) {
        start
    } else {
        let mut x = SVector::zeros();
        x[0] = T::one();
        x
    }
}

/// The support mapping of the cores' difference `K_A − (K_B + shift)` in
/// A's frame, with its witnesses on each core (B posed by `pose_ab`, then
/// moved by `shift`: the casts' motion).
pub(crate) fn difference_support<'s, T, const N: usize, A, B>(
    a: &'s A,
    b: &'s B,
    pose_ab: &'s Pose<T, N>,
    shift: SVector<T, N>,
) -> impl Fn(&SVector<T, N>) -> Vertex<T, N> + 's
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    move |d: &SVector<T, N>| difference_vertex(core_support(a, d), b, pose_ab, shift, d)
}

/// The support point of `K_A − (K_B + shift)` along `d`, given A's half
/// `pa` (`core_support(a, d)`): [`difference_support`]'s arithmetic.
#[inline(always)]
pub(crate) fn difference_vertex<T, const N: usize, B>(
    pa: SVector<T, N>,
    b: &B,
    pose_ab: &Pose<T, N>,
    shift: SVector<T, N>,
    d: &SVector<T, N>,
) -> Vertex<T, N>
where
    T: Real,
    B: Shape<T, N> + ?Sized,
{
    let db = pose_ab.rotation.inverse_transform_vector(&-d);
    pair_vertex(pa, core_support(b, &db), pose_ab, shift)
}

/// The point `pa − (pose_ab · pb + shift)` of the cores' difference, `pa`
/// on A's core and `pb` on B's in B's frame, with its witnesses.
#[inline(always)]
pub(crate) fn pair_vertex<T: Real, const N: usize>(
    pa: SVector<T, N>,
    pb: SVector<T, N>,
    pose_ab: &Pose<T, N>,
    shift: SVector<T, N>,
) -> Vertex<T, N> {
    let pb = (pose_ab * Point::from(pb)).coords + shift;
    Vertex {
        w: pa - pb,
        a: pa,
        weight: T::zero(),
    }
}

/// The nearest point of `K = K_A − K_B` to the origin and the lower bound
/// `x̂·w` along it (the witnesses on the cores are the corral's).
pub(crate) struct Nearest<T: Real, const N: usize> {
    pub(crate) x: SVector<T, N>,
    pub(crate) lower: T,
    /// Whether the corral's weights give `x`: false only without `KEEP`
    /// and with `TELL`, when a step made no progress and left the corral
    /// as its minor cycles did (`TELL` false: not tracked, always true).
    pub(crate) settled: bool,
}

/// GJK with Wolfe's minor cycles, started from `first`, a point of `K`
/// (the support point along B's origin, or the hull path's start:
/// [`apart_from`]), with the witnesses on A's and B's cores.
#[inline(always)]
pub(crate) fn nearest_from<T, const N: usize>(
    support: impl Fn(&SVector<T, N>) -> Vertex<T, N>,
    mut first: Vertex<T, N>,
) -> (Nearest<T, N>, SVector<T, N>, SVector<T, N>)
where
    T: Real,
{
    first.weight = T::one();
    let mut corral = Corral::single(first);
    let near = descend::<T, N, true, false>(support, &mut corral, first.w);
    (near, corral.combine(|v| v.a), corral.combine(Vertex::b))
}

/// The major steps of [`nearest_from`] from a corral whose weights give the
/// point `x` (a single point of weight 1, or the corral of an earlier
/// query moved along with the shapes: the casts' warm start). With `KEEP`
/// false the caller wants `x` and its bound only: the corral is left as
/// the last minor cycles left it, with no copy to fall back on (a quarter
/// of a hull-16 `distance`'s copies of the corral: docs/benchmarks.md,
/// "Hull-16 casts: minor cycles and support scans"); with `TELL` as well,
/// [`Nearest::settled`] says whether that happened (the sweep then runs
/// the descent again with `KEEP`: docs/casts.md).
pub(crate) fn descend<T, const N: usize, const KEEP: bool, const TELL: bool>(
    support: impl Fn(&SVector<T, N>) -> Vertex<T, N>,
    corral: &mut Corral<T, N>,
    x0: SVector<T, N>,
) -> Nearest<T, N>
where
    T: Real,
{
    // A local `x`, not the argument's memory, kept in registers.
    let mut x = x0;
    let mut xx = x.norm_squared();
    // The lower bound x̂·w for the current x, once w is known.
    let mut lower = None;
    let mut settled = true;
    for _ in 0..MAX_ITERATIONS {
        // xx is 0 (cores touching) or NaN (a custom shape's NaN support).
        if xx.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
            lower = Some(T::zero());
            break;
        }
        let w = support(&-x);
        let xw = x.dot(&w.w);
        let nx = xx.sqrt();
        lower = Some(xw / nx);
        if xx - xw <= certificate_tolerance(nx, &w.w) || corral.contains(&w.w) || corral.len > N {
            break;
        }
        let saved = if KEEP { Some(*corral) } else { None };
        corral.push(w);
        // `|y|²` once: the test's value is the next step's `xx` (the
        // same bits as `x.norm_squared()` after `x = y`).
        match minor_cycles(corral).map(|y| (y, y.norm_squared())) {
            Some((y, yy)) if yy < xx => {
                x = y;
                xx = yy;
                lower = None;
            }
            _ => {
                // No progress: the previous x, with its w, is the answer.
                if let Some(saved) = saved {
                    *corral = saved;
                } else if TELL {
                    settled = false;
                }
                break;
            }
        }
    }
    let lower = match lower {
        Some(l) => l,
        None => x.dot(&support(&-x).w) / xx.sqrt(),
    };
    Nearest { x, lower, settled }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_rng::Rng;
    use nalgebra::Vector3;

    // `descend` hands `certificate_tolerance` `sqrt(|x|²)` from its own
    // `|x|²`, where the tolerance once took `x.norm()`: the same bits, on
    // random vectors of sizes from 1e-6 to 1e6, so the stops are the same.
    #[test]
    fn certificate_tolerance_from_the_squared_norm_is_the_norms() {
        let mut rng = Rng(0x5e_c7ce);
        for round in 0..5000 {
            let scale = 10f64.powi(round % 13 - 6);
            let mut v = || Vector3::new(rng.next(), rng.next(), rng.next()) * scale;
            let (x, w) = (v(), v());
            let old = f64::EPSILON * 16.0 * x.norm() * (x.norm() + w.norm());
            let new = certificate_tolerance(x.norm_squared().sqrt(), &w);
            assert_eq!(new.to_bits(), old.to_bits(), "round {round}");
            assert!(new > 0.0, "round {round}");
        }
    }
}
