//! Temporal coherence: a [`SatCache`] kept per pair across frames, and the
//! cached queries that read and update it.
//!
//! Between two frames of a simulation a pair barely moves, so the axis
//! that decided the last answer usually decides the next one. The cached
//! queries test it first:
//!
//! ```text
//! cached feature f (A's face, B's face, or an edge pair), from the last answer
//! polyhedron pair:
//!     if f names an axis the path enumerates now (indices in range, the
//!        edge pair still on the Gauss map), its gap g, computed as the path does:
//!     g > 0 → intersects: false, penetration: None        (at once)
//!     else  → floor = g, in place of the probe's two scans
//!     the axes are offered to BestAxis exactly as without the cache,
//!     those whose bound lies below the floor by the slack dropped
//! other pairs: the uncached path; the cache records the answer
//! record: axis (in A's local frame), feature, separated; reset on NaN
//! ```
//!
//! Every cached query returns exactly what the uncached one returns, bit
//! for bit, ties included: the cached axis never enters the tie rule, it
//! only sets the bound below which the polyhedron path drops axes, and no
//! dropped axis could have changed the winner (the proof is on
//! `pair::polyhedron_polyhedron::separation_seeded`; docs/coherence.md;
//! tests/sat_cache.rs::cached_hulls_equal_uncached). A stale cache, from
//! another pair or another argument order, gives the right answer too
//! (tests/sat_cache.rs::stale_cache_gives_the_uncached_answer). They
//! allocate nothing (tests/sat_cache.rs::cached_queries_do_not_allocate).

use nalgebra::{SVector, Unit};

use crate::engine::{self, Scan};
use crate::pose::beyond_range;
use crate::real::is_nan;
use crate::{pair, Feature, Penetration, Pose, Real, Separation, Shape};

/// What a pair's last cached query found, kept by the caller between
/// frames: the deciding axis (in A's local frame, so that it survives a
/// motion of both bodies together), the [`Feature`] that produced it, and
/// whether it separated the shapes. A small `Copy` value; no heap.
///
/// Pass the same cache for the same ordered pair each frame to
/// [`intersects_cached`], [`separation_cached`] or [`penetration_cached`].
/// A cache from another pair, or from the other argument order, is only
/// less useful: the answers stay exact. So is a deserialised one (`serde`
/// feature), which is refused when its axis is not unit or its feature
/// names nothing on any shape, and whose face or edge index beyond the
/// pair's shapes is a miss
/// (tests/serde_round_trip.rs::out_of_range_cache_indices_are_cache_misses).
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{penetration, penetration_cached, ConvexPolyhedron, Pose3, SatCache};
///
/// let corners: Vec<_> = (0..8)
///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
///     .collect();
/// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
/// let mut cache = SatCache::new();
/// for step in 0..10 {
///     let pose_b = Pose3::translation(0.0, 0.75 + 0.01 * step as f64, 0.0);
///     let cached = penetration_cached(&cube, &Pose3::identity(), &cube, &pose_b, &mut cache);
///     assert_eq!(cached, penetration(&cube, &Pose3::identity(), &cube, &pose_b));
/// }
/// assert_eq!(cache.separated(), Some(false));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SatCache<T: Real, const N: usize> {
    last: Option<Last<T, N>>,
}

/// The recorded answer.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_support::RawLast<T, N>")
)]
pub(crate) struct Last<T: Real, const N: usize> {
    pub(crate) axis: Unit<SVector<T, N>>,
    pub(crate) feature: Feature,
    pub(crate) separated: bool,
}

impl<T: Real, const N: usize> Default for SatCache<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Real, const N: usize> SatCache<T, N> {
    /// An empty cache: the first cached query runs as the uncached one.
    ///
    /// ```
    /// let cache = separating_axis::SatCache::<f64, 3>::new();
    /// assert_eq!(cache.feature(), None);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        Self { last: None }
    }

    /// Forgets the recorded answer (the cached queries do it on NaN input).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{separation_cached, Ball, Pose2, SatCache};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let mut cache = SatCache::new();
    /// let _ = separation_cached(&ball, &Pose2::identity(), &ball, &Pose2::translation(3.0, 0.0), &mut cache);
    /// assert!(cache.feature().is_some());
    /// cache.reset();
    /// assert_eq!(cache, SatCache::new());
    /// ```
    pub fn reset(&mut self) {
        self.last = None;
    }

    /// The last answer's axis, a unit vector in A's local frame pointing
    /// from A towards B; `None` when nothing is recorded.
    ///
    /// ```
    /// use nalgebra::{Point2, Vector2};
    /// use separating_axis::{separation_cached, Ball, Pose2, SatCache};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let mut cache = SatCache::new();
    /// // A turned by 90°: the world axis +x is A's local −y.
    /// let pose_a = Pose2::new(Vector2::zeros(), core::f64::consts::FRAC_PI_2);
    /// let _ = separation_cached(&ball, &pose_a, &ball, &Pose2::translation(3.0, 0.0), &mut cache);
    /// let axis = cache.axis().unwrap();
    /// assert!((axis.into_inner() - Vector2::new(0.0, -1.0)).norm() < 1e-12);
    /// ```
    #[must_use]
    pub fn axis(&self) -> Option<Unit<SVector<T, N>>> {
        self.last.map(|l| l.axis)
    }

    /// The feature that produced the last answer's axis.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{separation_cached, Ball, Feature, Pose2, SatCache};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let mut cache = SatCache::new();
    /// let _ = separation_cached(&ball, &Pose2::identity(), &ball, &Pose2::translation(3.0, 0.0), &mut cache);
    /// assert_eq!(cache.feature(), Some(Feature::RoundA));
    /// ```
    #[must_use]
    pub fn feature(&self) -> Option<Feature> {
        self.last.map(|l| l.feature)
    }

    /// Whether the last answer separated the shapes (`Some(true)`: a
    /// positive gap), `None` when nothing is recorded.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{intersects_cached, Ball, Pose2, SatCache};
    ///
    /// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let mut cache = SatCache::new();
    /// let _ = intersects_cached(&ball, &Pose2::identity(), &ball, &Pose2::translation(1.0, 0.0), &mut cache);
    /// assert_eq!(cache.separated(), None); // overlapping, and no axis known yet
    /// ```
    #[must_use]
    pub fn separated(&self) -> Option<bool> {
        self.last.map(|l| l.separated)
    }

    /// Records `s`, a world-frame answer for A at `pose_a`; a NaN distance
    /// resets the cache.
    #[inline]
    fn record(&mut self, s: &Separation<T, N>, pose_a: &Pose<T, N>) {
        self.last = if is_nan(s.distance) {
            None
        } else {
            Some(Last {
                axis: pose_a.rotation.inverse_transform_unit_vector(&s.axis),
                feature: s.feature,
                separated: s.distance > T::zero(),
            })
        };
    }
}

/// [`intersects`](crate::intersects), testing the cached axis first: the
/// same verdict, and `cache` updated.
///
/// On the polyhedron path a cached axis that still separates answers
/// `false` at once; a pair found apart records its separating axis; a pair
/// found overlapping keeps the recorded axis and marks it not separating.
/// Other pairs run their uncached path; when they find the shapes apart
/// without naming an axis (boxes, polygons, the engine's boolean loop) the
/// cache is reset. NaN input: `false`, and the cache is reset
/// (tests/sat_cache.rs::nan_resets_the_cache).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{intersects, intersects_cached, Obb, Pose2, SatCache};
///
/// let square = Obb::new(Point2::origin(), Default::default(), Vector2::new(1.0, 1.0)).unwrap();
/// let mut cache = SatCache::new();
/// for step in 0..5 {
///     let pose_b = Pose2::translation(1.9 + 0.05 * step as f64, 0.0);
///     assert_eq!(
///         intersects_cached(&square, &Pose2::identity(), &square, &pose_b, &mut cache),
///         intersects(&square, &Pose2::identity(), &square, &pose_b),
///     );
/// }
/// ```
#[must_use]
pub fn intersects_cached<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    cache: &mut SatCache<T, N>,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    if let Some(far) = beyond_range(pose_a, pose_b) {
        cache.record(&far, pose_a);
        return false;
    }
    let verdict =
        pair::intersects_seeded(a, pose_a, b, pose_b, cache.feature()).unwrap_or_else(|| {
            if engine::intersects(a, pose_a, b, pose_b) {
                Ok(())
            } else {
                Err(None)
            }
        });
    match verdict {
        Ok(()) => {
            if let Some(last) = &mut cache.last {
                last.separated = false;
            }
            true
        }
        Err(Some(s)) => {
            cache.record(&s, pose_a);
            false
        }
        Err(None) => {
            cache.reset();
            false
        }
    }
}

/// [`separation`](crate::separation), seeded by the cached axis: the same
/// answer, bit for bit, and `cache` updated to it.
///
/// `separation` must find the best axis, so a cached axis that still
/// separates does not end the query; on the polyhedron path its gap raises
/// the floor below which axes are dropped. NaN input: a NaN distance, and
/// the cache is reset.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{separation, separation_cached, ConvexPolygon, Pose2, SatCache};
///
/// let tri = ConvexPolygon::new(&[
///     Point2::new(0.0, 0.0), Point2::new(2.0, 0.0), Point2::new(0.0, 2.0),
/// ]).unwrap();
/// let mut cache = SatCache::new();
/// let pose_b = Pose2::translation(1.5, 0.0);
/// let s = separation_cached(&tri, &Pose2::identity(), &tri, &pose_b, &mut cache);
/// assert_eq!(s, separation(&tri, &Pose2::identity(), &tri, &pose_b));
/// assert_eq!(cache.feature(), Some(s.feature));
/// ```
#[must_use]
pub fn separation_cached<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    cache: &mut SatCache<T, N>,
) -> Separation<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let s = beyond_range(pose_a, pose_b).unwrap_or_else(|| {
        pair::separation_seeded(a, pose_a, b, pose_b, Scan::Best, cache.feature())
            .unwrap_or_else(|| engine::separation(a, pose_a, b, pose_b))
    });
    cache.record(&s, pose_a);
    s
}

/// [`penetration`](crate::penetration), testing the cached axis first: the
/// same answer, bit for bit, and `cache` updated.
///
/// On the polyhedron path a cached axis that still separates answers
/// `None` at once; one that penetrates raises the floor below which axes
/// are dropped. NaN input: `None`, and the cache is reset.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{penetration, penetration_cached, Aabb, Pose2, SatCache};
///
/// let wide = Aabb::new(Point2::new(-4.0, -1.0), Point2::new(4.0, 1.0)).unwrap();
/// let mut cache = SatCache::new();
/// let pose_b = Pose2::translation(3.0, 1.5);
/// let p = penetration_cached(&wide, &Pose2::identity(), &wide, &pose_b, &mut cache).unwrap();
/// assert_eq!(Some(p), penetration(&wide, &Pose2::identity(), &wide, &pose_b));
/// assert_eq!(p.normal.into_inner(), Vector2::y());
/// assert_eq!(cache.separated(), Some(false));
/// ```
#[must_use]
pub fn penetration_cached<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    cache: &mut SatCache<T, N>,
) -> Option<Penetration<T, N>>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let s = beyond_range(pose_a, pose_b).unwrap_or_else(|| {
        pair::separation_seeded(a, pose_a, b, pose_b, Scan::FirstGap, cache.feature())
            .unwrap_or_else(|| engine::separation_with(a, pose_a, b, pose_b, Scan::FirstGap))
    });
    cache.record(&s, pose_a);
    s.penetration()
}
