//! Contact recycling: a touching pair's manifold kept from step to step
//! while the pair barely moves, its points carried by the bodies and their
//! separations measured again (docs/coherence.md, "Contact recycling").
//!
//! ```text
//! contact_manifold_recycled(A, B, margin, cache):
//!     rel = pose_a⁻¹ · pose_b
//!     the cache holds a manifold computed at rel₀ with this margin,
//!     deepest separation s₀ < 0, and
//!     M = |t − t₀| + ‖R − R₀‖_F · (reach_B + |s₀|) <= max_motion, M < |s₀|:
//!         the normal turns with its reference body; each point's
//!         incident anchor is carried by its body, its separation is the
//!         normal's component of (incident − reference anchor, carried),
//!         and the reference anchor moves to the incident one's foot
//!         kept when the deepest refreshed separation is still negative
//!     otherwise: contact_manifold_into, kept when it touches (s₀ < 0)
//! ```
//!
//! Why the verdict cannot change: every point of B moves in A's frame by
//! at most `M` (`|(R − R₀)q + t − t₀| <= ‖R − R₀‖₂ |q| + |t − t₀|`, and the
//! spectral norm is at most the Frobenius norm), so the signed distance of
//! the pair, 1-Lipschitz in that motion, is within `M` of `s₀`, which is
//! the manifold's deepest separation (`−depth`: docs/manifolds.md). With
//! `M < |s₀|` the pair still overlaps, and a refreshed manifold is handed
//! out only while its deepest point still says so.

use nalgebra::{Const, SVector, Unit};

use super::{contact_manifold_into, ContactDim, Manifold, Side};
use crate::{Pose, Real, Shape};

/// What a pair keeps for [`contact_manifold_recycled`] from one step to the
/// next: the last manifold computed in full, where B stood in A's frame
/// then, and the motion bound past which it is computed again. No heap, no
/// pointer to the shapes; one per ordered pair (a cache used for another
/// pair only recomputes more often when that pair moves, and never hands
/// out the other pair's points: the motion test fails).
///
/// ```
/// use nalgebra::{Point2, Rotation2, Vector2};
/// use separating_axis::{contact_manifold_recycled, ContactCache, Obb, Pose2};
///
/// let ground = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(5.0, 0.5)).unwrap();
/// let crate_ = Obb::new(Point2::origin(), Rotation2::identity(), Vector2::new(0.5, 0.5)).unwrap();
/// let mut cache = ContactCache::new(0.01);
/// let at = |y: f64| Pose2::translation(0.2, y);
/// let m = contact_manifold_recycled(&ground, &Pose2::identity(), &crate_, &at(0.99), 0.02, &mut cache);
/// assert_eq!(m.len(), 2);
/// assert!(!cache.reused()); // the first call computes
/// // The crate settles by 1e-4: the same points, carried, 1e-4 deeper.
/// let m = *contact_manifold_recycled(&ground, &Pose2::identity(), &crate_, &at(0.9899), 0.02, &mut cache);
/// assert!(cache.reused());
/// assert!(m.points().iter().all(|p| (p.separation + 0.0101).abs() < 1e-12));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ContactCache<T: Real, const N: usize> {
    /// The manifold as computed, at `rel`.
    computed: Manifold<T, N>,
    /// The manifold last handed out (refreshed or computed).
    current: Manifold<T, N>,
    /// B's pose in A's frame when `computed` was computed.
    rel: Pose<T, N>,
    /// `computed`'s normal in its reference body's frame.
    local_normal: SVector<T, N>,
    /// `computed`'s deepest separation (negative when kept).
    deepest: T,
    /// B's reach plus `|deepest|`: the lever of a rotation.
    lever: T,
    /// The margin `computed` was computed with.
    margin: T,
    /// The largest motion ([`ContactCache::new`]) a kept manifold serves.
    max_motion: T,
    /// Whether `computed` may be refreshed.
    kept: bool,
    /// Whether the last call refreshed instead of computing.
    reused: bool,
}

impl<T: Real, const N: usize> ContactCache<T, N> {
    /// An empty cache whose manifolds are refreshed while the pair's
    /// relative motion since they were computed, `M` (the module docs,
    /// docs/coherence.md), is at most `max_motion` (and less than the
    /// depth). A negative or NaN `max_motion` never refreshes.
    ///
    /// ```
    /// use separating_axis::ContactCache;
    ///
    /// let cache = ContactCache::<f32, 3>::new(0.005);
    /// assert!(!cache.reused());
    /// ```
    #[must_use]
    pub fn new(max_motion: T) -> Self {
        Self {
            computed: Manifold::new(),
            current: Manifold::new(),
            rel: Pose::identity(),
            local_normal: SVector::zeros(),
            deepest: T::zero(),
            lever: T::zero(),
            margin: T::zero(),
            max_motion,
            kept: false,
            reused: false,
        }
    }

    /// Whether the last [`contact_manifold_recycled`] call refreshed the
    /// kept manifold (`true`) or computed it in full (`false`).
    ///
    /// ```
    /// use separating_axis::ContactCache;
    /// assert!(!ContactCache::<f64, 2>::new(0.01).reused());
    /// ```
    #[inline]
    #[must_use]
    pub fn reused(&self) -> bool {
        self.reused
    }

    /// The manifold the last call handed out (empty before the first).
    ///
    /// ```
    /// use separating_axis::ContactCache;
    /// assert!(ContactCache::<f64, 3>::new(0.01).manifold().is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn manifold(&self) -> &Manifold<T, N> {
        &self.current
    }

    /// Forgets the kept manifold: the next call computes.
    ///
    /// ```
    /// use separating_axis::ContactCache;
    /// let mut cache = ContactCache::<f64, 2>::new(0.01);
    /// cache.clear();
    /// assert!(!cache.reused());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        self.kept = false;
        self.reused = false;
    }
}

/// [`contact_manifold`](crate::contact_manifold) with contact recycling, as
/// engines do it (Box2D and parry keep a resting pair's manifold while it
/// moves little): when `cache` holds a touching manifold of this pair,
/// computed with this `margin`, and the pair has moved since by at most
/// the cache's `max_motion` and by less than that manifold's depth, the
/// manifold is refreshed instead of computed:
///
/// * the normal turns with the body of its reference face (A's when the
///   manifold names none), and the ids stay;
/// * each point's anchor on the incident body (the one that does not own
///   the reference face) is carried by that body, and its separation is
///   the normal's component of the gap to the reference anchor, carried by
///   its own body: the exact separation of that material point from the
///   reference face's plane; the reference anchor moves to its foot, so
///   `on_b = on_a + normal · separation` holds as in every manifold.
///
/// What that promises (docs/coherence.md, "Contact recycling", with the
/// tests): the verdict is never changed (a refreshed manifold touches, and
/// so does the pair); a point on an incident vertex has the separation the
/// full computation gives it while the same features touch; every point
/// moved by at most the motion bound `M`. The manifold is computed again
/// past the bound, when it stopped touching, with another margin, or when
/// its deepest refreshed point is no longer below zero; a pair apart is
/// computed every call (its verdict could change with any motion).
///
/// No allocation (tests/no_alloc.rs). NaN input: computed, as
/// [`contact_manifold`](crate::contact_manifold) answers it (empty), and
/// nothing is kept.
///
/// ```
/// use nalgebra::{Point3, Rotation3, Vector3};
/// use separating_axis::{contact_manifold, contact_manifold_recycled, ContactCache, Obb, Pose3};
///
/// let cube = Obb::new(Point3::origin(), Rotation3::identity(), Vector3::new(0.5_f64, 0.5, 0.5)).unwrap();
/// let mut cache = ContactCache::new(0.01);
/// let on_top = Pose3::translation(0.1, 0.0, 0.995);
/// let first = *contact_manifold_recycled(&cube, &Pose3::identity(), &cube, &on_top, 0.02, &mut cache);
/// assert_eq!(first, contact_manifold(&cube, &Pose3::identity(), &cube, &on_top, 0.02));
/// assert_eq!(first.len(), 4);
/// // Both cubes carried along together: the same manifold, moved.
/// let shift = Pose3::translation(3.0, 0.0, 0.0);
/// let moved = *contact_manifold_recycled(&cube, &shift, &cube, &(shift * on_top), 0.02, &mut cache);
/// assert!(cache.reused());
/// assert!(moved.points().iter().all(|p| (p.separation + 0.005).abs() < 1e-12));
/// ```
pub fn contact_manifold_recycled<'c, T, A, B, const N: usize>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
    cache: &'c mut ContactCache<T, N>,
) -> &'c Manifold<T, N>
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    let rel = pose_a.inv_mul(pose_b);
    cache.reused = cache.kept && cache.margin == margin && refresh(cache, &rel, pose_a, pose_b);
    if !cache.reused {
        compute(cache, &rel, a, pose_a, b, pose_b, margin);
    }
    &cache.current
}

/// The motion bound `M` of B relative to A since `cache.rel` (the module
/// docs), NaN for NaN input.
fn motion<T: Real, const N: usize>(cache: &ContactCache<T, N>, rel: &Pose<T, N>) -> T {
    let shift = (rel.translation.vector - cache.rel.translation.vector).norm();
    let turn = (rel.rotation.matrix() - cache.rel.rotation.matrix()).norm();
    shift + turn * cache.lever
}

/// Writes the refreshed manifold into `cache.current` and returns `true`,
/// or returns `false` (past the bound, or no longer touching) leaving the
/// kept manifold to be computed again.
fn refresh<T: Real, const N: usize>(
    cache: &mut ContactCache<T, N>,
    rel: &Pose<T, N>,
    pose_a: &Pose<T, N>,
    pose_b: &Pose<T, N>,
) -> bool {
    let m = motion(cache, rel);
    // `!(m <= …)` so that NaN computes.
    if !(m <= cache.max_motion && m < -cache.deepest) {
        return false;
    }
    let reference_b = matches!(cache.computed.reference(), Some((Side::B, _)));
    let (pose_ref, pose_inc) = if reference_b {
        (pose_b, pose_a)
    } else {
        (pose_a, pose_b)
    };
    let n = pose_ref.rotation * cache.local_normal;
    let out = &mut cache.current;
    out.restart(Unit::new_unchecked(n));
    out.reference = cache.computed.reference;
    let mut deepest = T::zero();
    for p in cache.computed.points() {
        let mut q = *p;
        let (local_ref, local_inc) = if reference_b {
            (p.local_b, p.local_a)
        } else {
            (p.local_a, p.local_b)
        };
        let incident = pose_inc * local_inc;
        // Along n, from A's anchor to B's.
        let gap = incident - pose_ref * local_ref;
        let separation = if reference_b {
            -n.dot(&gap)
        } else {
            n.dot(&gap)
        };
        // on_b = on_a + n · separation, the incident anchor fixed.
        let foot = if reference_b {
            incident + n * separation
        } else {
            incident - n * separation
        };
        if reference_b {
            (q.on_a, q.on_b, q.local_b) = (incident, foot, pose_b.inverse_transform_point(&foot));
        } else {
            (q.on_a, q.on_b, q.local_a) = (foot, incident, pose_a.inverse_transform_point(&foot));
        }
        q.separation = separation;
        if separation > cache.margin {
            // Out of the margin: the full computation would not list it.
            continue;
        }
        if separation < deepest {
            deepest = separation;
        }
        out.push(q);
    }
    deepest < T::zero()
}

/// Computes the manifold into `cache.current` and keeps it when it
/// touches.
fn compute<T, A, B, const N: usize>(
    cache: &mut ContactCache<T, N>,
    rel: &Pose<T, N>,
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
) where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    contact_manifold_into(&mut cache.current, a, pose_a, b, pose_b, margin);
    let deepest = cache.current.deepest().map_or(T::zero(), |p| p.separation);
    cache.kept = deepest < T::zero();
    if !cache.kept {
        return;
    }
    let reference_b = matches!(cache.current.reference(), Some((Side::B, _)));
    let pose_ref = if reference_b { pose_b } else { pose_a };
    cache.computed = cache.current;
    cache.rel = *rel;
    cache.local_normal = pose_ref
        .rotation
        .inverse_transform_vector(&cache.current.normal());
    cache.deepest = deepest;
    cache.lever = crate::shape::reach(b) - deepest;
    cache.margin = margin;
}
