//! Many dimensions: the candidate axes the engine adds for `N > 3`, and the
//! containment tests that walk no `2ᴺ` corners.
//!
//! In `N > 3` the face normals of A and B are not enough: `A − B` has
//! facets spanned by `N − 1` edge directions taken from both shapes, and two
//! rounded cores can be nearest at interior points of their features. The
//! engine calls `extra_axes` for `N > 3`, which offers
//!
//! ```text
//! generators = A's edge directions ∪ B's (a capsule with no edges: its segment)
//! if C(g, N − 1) · N³ <= WORK_BUDGET:
//!     for each (N − 1)-subset with one generator of each shape, independent:
//!         ±(the unit normal of its span)                 // facets of A − B
//! else:
//!     the axis between the cores' nearest points (the min-norm iteration
//!     on the cores' difference, with the distance's certificate)
//! if the generators span fewer than N − 1 dimensions:
//!     ±(a normal of their span)                           // flat core difference
//! ```
//!
//! and, for a rounded shape whose core is a segment `s(t)`,
//! `segment_nearest_pair` minimises `dist(s(t), other core)²` over `t`
//! (convex: bisect its slope) for the rounded-core axes of
//! `round_axes`: the axis between the two nearest
//! points, exact when the cores are apart, with no walk over the other
//! core's `2ᴺ` corners.
//!
//! Proof that these suffice, and what holds for which `N`:
//! docs/contract-nd.md.

use core::ops::ControlFlow;

use nalgebra::{Point, SMatrix, SVector, Unit};

use crate::shape::closest_on_segment;
use crate::{Feature, Pose, Real, Shape};

/// The most arithmetic `extra_axes` spends on facet normals, in units of
/// `C(g, N − 1) · N³` (subsets times the cost of one normal): about a
/// million multiply-adds, which covers every box–box pair up to `N = 7`
/// (`3003 · 343`) and every capsule–box pair up to `N = 18`
/// (`171 · 5832`). Beyond it the facet enumeration, whose size grows like
/// `4ᴺ`, is replaced by the nearest-core axis (docs/contract-nd.md §2, "Beyond the budget").
///
/// ```
/// // Every box–box pair up to N = 7 fits: C(13, 6) subsets of 7³ each.
/// assert!(3003 * 343 <= separating_axis::nd::WORK_BUDGET);
/// ```
pub const WORK_BUDGET: u64 = 1 << 20;

/// The most core vertices `max_core_distance_to_segment` scans, `2¹⁶`:
/// a box's corners up to `N = 16`. Beyond it the test uses bounds
/// (docs/contract-nd.md §5).
///
/// ```
/// // A 16-dimensional box's corners fit, a 17-dimensional one's do not.
/// assert!(1 << 16 <= separating_axis::nd::VERTEX_BUDGET);
/// assert!(1 << 17 > separating_axis::nd::VERTEX_BUDGET);
/// ```
pub const VERTEX_BUDGET: usize = 1 << 16;

/// How many generators (edge directions) `s` contributes: its listed edges,
/// or, for a shape with no edges whose core is a segment (a capsule), that
/// segment.
#[inline]
fn generator_count<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(s: &S) -> usize {
    match s.edge_count() {
        0 if s.core_vertex_count() == 2 => 1,
        n => n,
    }
}

/// Generator `i` of `s`, in `s`'s local frame (not normalised).
#[inline]
fn generator<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(s: &S, i: usize) -> SVector<T, N> {
    if s.edge_count() == 0 {
        s.local_core_vertex(1) - s.local_core_vertex(0)
    } else {
        s.local_edge(i).direction
    }
}

/// `C(n, k)`, saturating at `u64::MAX`.
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c * (n - i) as u128 / (i + 1) as u128;
        if c > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    c as u64
}

/// An orthonormal basis built one vector at a time (modified Gram–Schmidt,
/// twice), in the columns of a stack matrix: no allocation.
struct Basis<T: Real, const N: usize> {
    q: SMatrix<T, N, N>,
    len: usize,
}

impl<T: Real, const N: usize> Basis<T, N> {
    fn new() -> Self {
        Self {
            q: SMatrix::zeros(),
            len: 0,
        }
    }

    /// `v` minus its projection on the basis.
    fn residual(&self, v: &SVector<T, N>) -> SVector<T, N> {
        let mut w = *v;
        for _ in 0..2 {
            for j in 0..self.len {
                let qj = self.q.column(j);
                let c = qj.dot(&w);
                w -= qj * c;
            }
        }
        w
    }

    /// Adds `v` when it is independent of the basis (its residual longer
    /// than [`independence_tolerance`] times its length); whether it was.
    fn push(&mut self, v: &SVector<T, N>) -> bool {
        if self.len >= N {
            return false;
        }
        let w = self.residual(v);
        let (lw, lv) = (w.norm(), v.norm());
        if lw.partial_cmp(&(independence_tolerance::<T>() * lv))
            != Some(core::cmp::Ordering::Greater)
        {
            return false;
        }
        self.q.set_column(self.len, &(w / lw));
        self.len += 1;
        true
    }

    /// A unit vector orthogonal to the basis (`len < N`): the coordinate
    /// axis with the longest residual, normalised. Some axis has a residual
    /// of length at least `1/√N`, so this is well conditioned.
    fn normal(&self) -> Option<Unit<SVector<T, N>>> {
        let mut best: Option<(T, SVector<T, N>)> = None;
        for k in 0..N {
            let mut e = SVector::<T, N>::zeros();
            e[k] = T::one();
            let r = self.residual(&e);
            let l = r.norm_squared();
            if best.as_ref().is_none_or(|(b, _)| l > *b) {
                best = Some((l, r));
            }
        }
        best.and_then(|(_, r)| Unit::try_new(r, T::zero()))
    }
}

/// The extra candidate axes for `N > 3`, in A's frame, each oriented from
/// A towards B or offered both ways (module docs). Called by
/// [`engine::for_each_candidate_axis`](crate::engine::for_each_candidate_axis)
/// before the rounded-core axes.
pub(crate) fn extra_axes<T, const N: usize, A, B, F>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    visit: &mut F,
) -> ControlFlow<()>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    F: FnMut(Unit<SVector<T, N>>, Feature) -> ControlFlow<()>,
{
    let (ga, gb) = (generator_count(a), generator_count(b));
    let g = ga + gb;
    let generator = |k: usize| {
        if k < ga {
            generator(a, k)
        } else {
            pose_ab.rotation * generator(b, k - ga)
        }
    };
    // The rank of all generators: below N − 1 the cores' difference is
    // flat, and a normal of its span carries the depth when the cores meet.
    let mut all = Basis::<T, N>::new();
    for k in 0..g {
        all.push(&generator(k));
    }
    if all.len + 1 < N {
        if let Some(n) = all.normal() {
            let feature = round_feature(a);
            visit(n, feature)?;
            visit(-n, feature)?;
        }
    } else if N >= 2 && ga > 0 && gb > 0 {
        let k = N - 1;
        let cube = (N as u64).saturating_mul(N as u64).saturating_mul(N as u64);
        if binomial(g, k).saturating_mul(cube) <= WORK_BUDGET {
            facet_axes::<T, N, _>(ga, g, &generator, visit)?;
        } else if let Some(u) = crate::gjk::nearest_core_axis(a, b, pose_ab) {
            visit(u, round_feature(a))?;
        }
    }
    ControlFlow::Continue(())
}

/// `RoundA` when A is rounded, else `RoundB`: the feature reported for an
/// axis between the two cores.
#[inline]
fn round_feature<T: Real, const N: usize, A: Shape<T, N> + ?Sized>(a: &A) -> Feature {
    if a.radius() > T::zero() {
        Feature::RoundA
    } else {
        Feature::RoundB
    }
}

/// `±` the normal of every independent `(N − 1)`-subset of the generators
/// `0..g` that holds at least one of A's (`< ga`) and one of B's, in
/// lexicographic order, with no allocation (the subset is an index array on
/// the stack). The feature is `EdgePair(i, j)`: the subset's first edge of A
/// and first edge of B.
fn facet_axes<T, const N: usize, F>(
    ga: usize,
    g: usize,
    generator: &impl Fn(usize) -> SVector<T, N>,
    visit: &mut F,
) -> ControlFlow<()>
where
    T: Real,
    F: FnMut(Unit<SVector<T, N>>, Feature) -> ControlFlow<()>,
{
    let k = N - 1;
    if g < k || k == 0 {
        return ControlFlow::Continue(());
    }
    let mut idx = [0usize; N];
    for (i, x) in idx.iter_mut().enumerate().take(k) {
        *x = i;
    }
    loop {
        let subset = &idx[..k];
        let first_b = subset.iter().find(|&&i| i >= ga);
        if subset[0] < ga
            && let Some(&j) = first_b
        {
            let mut basis = Basis::<T, N>::new();
            if subset.iter().all(|&i| basis.push(&generator(i)))
                && let Some(n) = basis.normal()
            {
                let feature = Feature::EdgePair(subset[0], j - ga);
                visit(n, feature)?;
                visit(-n, feature)?;
            }
        }
        // The next subset: bump the last index that can still move.
        let Some(p) = (0..k).rev().find(|&p| idx[p] < g - k + p) else {
            return ControlFlow::Continue(());
        };
        idx[p] += 1;
        for q in p + 1..k {
            idx[q] = idx[q - 1] + 1;
        }
    }
}

/// The points of the segment `[s0, s1]` and of a convex set `K` nearest
/// each other, `K` given by its nearest-point map `nearest`:
/// `f(t) = dist(s(t), K)²` is convex in the segment parameter, with slope
/// `2 (s(t) − π_K(s(t))) · (s₁ − s₀)`, so bisecting on the slope's sign
/// finds its minimum to the scalar's precision with one nearest-point call
/// per step (at most 66 calls, whatever `N` and however many vertices `K`
/// has). Used by [`round_axes`](crate::round_axes) for a capsule's segment
/// in `N > 3`, in place of a walk over the other core's vertices.
///
/// ```text
/// lo, hi = 0, 1
/// if slope(0) >= 0: t = 0  elif slope(1) <= 0: t = 1
/// else: while hi − lo > ε: mid = (lo + hi)/2; (slope(mid) > 0 ? hi : lo) = mid
/// return s(t), π_K(s(t))
/// ```
pub(crate) fn segment_nearest_pair<T: Real, const N: usize>(
    s0: &Point<T, N>,
    s1: &Point<T, N>,
    nearest: impl Fn(&Point<T, N>) -> Point<T, N>,
) -> (Point<T, N>, Point<T, N>) {
    let e = s1 - s0;
    let at = |t: T| s0 + e * t;
    let slope = |t: T| {
        let x = at(t);
        (x - nearest(&x)).dot(&e)
    };
    let x = at(segment_minimiser(slope));
    (x, nearest(&x))
}

/// The minimiser in `[0, 1]` of a convex function given by the sign of its
/// slope, by bisection to the scalar's epsilon (at most 64 steps).
fn segment_minimiser<T: Real>(slope: impl Fn(T) -> T) -> T {
    let (mut lo, mut hi) = (T::zero(), T::one());
    if slope(lo).partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Less) {
        return lo;
    }
    if slope(hi).partial_cmp(&T::zero()) != Some(core::cmp::Ordering::Greater) {
        return hi;
    }
    let half = nalgebra::convert::<f64, T>(0.5);
    for _ in 0..64 {
        if hi - lo <= T::default_epsilon() {
            break;
        }
        let mid = (lo + hi) * half;
        if slope(mid) > T::zero() {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    (lo + hi) * half
}

/// The largest distance from a point of `inner`'s core (placed by `rel` in
/// the segment's frame) to the segment `[s0, s1]`, or `None` when it cannot
/// be decided within [`VERTEX_BUDGET`] core vertices; returned as
/// `(largest distance found, an upper bound)`.
///
/// The distance to a segment is convex, so its largest value over a
/// polytope is at a vertex: up to the budget every core vertex is scanned
/// and the two values agree. Beyond it (a box in `N > 16`) deciding this is
/// as hard as the partition problem (docs/contract-nd.md §5), so the
/// answer is a bracket: the upper bound `min_m max_x |x − m|` over the
/// segment's ends and midpoint (the farthest core point from a point is one
/// call), and the distance of those farthest points as the lower value.
pub(crate) fn max_core_distance_to_segment<T, const N: usize, I>(
    inner: &I,
    rel: &Pose<T, N>,
    s0: &Point<T, N>,
    s1: &Point<T, N>,
) -> Option<(T, T)>
where
    T: Real,
    I: Shape<T, N> + ?Sized,
{
    let dist = |p: &Point<T, N>| (p - closest_on_segment(s0, s1, p)).norm();
    let count = inner.core_vertex_count();
    if count == 0 {
        return None;
    }
    if count <= VERTEX_BUDGET {
        let mut worst = T::zero();
        for i in 0..count {
            let d = dist(&(rel * inner.local_core_vertex(i)));
            if !matches!(
                d.partial_cmp(&worst),
                Some(core::cmp::Ordering::Less | core::cmp::Ordering::Equal)
            ) {
                worst = d;
            }
        }
        return Some((worst, worst));
    }
    let half = nalgebra::convert::<f64, T>(0.5);
    let mid = Point::from((s0.coords + s1.coords) * half);
    let (mut low, mut high) = (T::zero(), T::max_value().unwrap_or_else(T::one));
    for m in [s0, s1, &mid] {
        let local = rel.inverse_transform_point(m);
        let far = rel * inner.local_core_farthest_point(&local)?;
        high = high.min((far - m).norm());
        low = low.max(dist(&far));
    }
    Some((low, high))
}

/// Below this relative residual (64 ε) a direction counts as dependent on
/// the basis built so far: its residual is round-off, with no direction
/// of its own. A facet normal built from a nearly dependent set is still
/// measured from support values, so a wrong call here can only drop a
/// useless axis or keep one (docs/sat-proof.md §11, Lemma 11a).
#[inline]
fn independence_tolerance<T: Real>() -> T {
    T::default_epsilon() * nalgebra::convert(64.0)
}
