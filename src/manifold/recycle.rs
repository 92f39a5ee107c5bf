//! Contact recycling: a pair's manifold kept from step to step while the
//! pair barely moves, its points carried by the bodies and their
//! separations measured again (docs/coherence.md, "Contact recycling").
//!
//! ```text
//! contact_manifold_recycled(A, B, margin, cache):
//!     rel = pose_a⁻¹ · pose_b; same margin as the kept manifold, and
//!     kept with points (deepest separation s₀ then, at rel₀):
//!         M = |t − t₀| + ‖R − R₀‖_F · (reach_B + |s₀|) <= max_motion:
//!             the normal turns with its reference body; each point's
//!             incident anchor is carried by its body, its separation is
//!             the normal's component of (incident − reference anchor,
//!             carried), the reference anchor moves to the incident one's
//!             foot; points past the margin are dropped
//!             handed out when the verdict is certified: s₀ < 0 and
//!             M < |s₀|; or deepest < 0 and an incident anchor inside
//!             the reference body with room; or deepest > 0 and the
//!             reference face's normal separating the pair; else
//!             intersects(A, B) == (deepest <= 0)
//!     kept empty (apart beyond the margin along axis n, in A's frame):
//!         the gap along n now > margin + round-off → empty, normal n
//!     otherwise: contact_manifold_into, kept
//! ```
//!
//! Why `M < |s₀|` certifies the verdict: every point of B moves in A's
//! frame by at most `M` (`|(R − R₀)q + t − t₀| <= ‖R − R₀‖₂ |q| + |t − t₀|`,
//! the spectral norm at most the Frobenius norm), so the pair's signed
//! distance, 1-Lipschitz in that motion, is within `M` of `s₀ = −depth`
//! (docs/manifolds.md: a manifold's deepest point is at `−depth`). Why a
//! shared point or a face gap does: [`overlap_witnessed`],
//! [`apart_witnessed`] and docs/coherence.md. Why the
//! gap certifies an empty manifold: the gap along any direction is a
//! lower bound of the distance, so the pair is still apart by more than
//! the margin (docs/coherence.md, "Contact recycling").

use nalgebra::{Const, Point, Point2, Point3, SVector, Unit};

use super::{contact_manifold_into, ContactDim, Manifold, Side, MAX_CONTACT_POINTS};
use crate::pose::same_type;
use crate::real::is_nan;
use crate::{Obb, Pose, Real, Shape};

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
    /// The manifold last handed out (refreshed or computed). A refresh
    /// rewrites it in place from what never changes: the incident anchors
    /// in their bodies' frames, the ids, `offsets`.
    current: Manifold<T, N>,
    /// Each point's reference anchor along `local_normal` when computed
    /// (the reference face's offset, for a face contact).
    offsets: [T; MAX_CONTACT_POINTS],
    /// Whether the reference face is B's.
    reference_b: bool,
    /// B's pose in A's frame when the manifold was computed.
    rel: Pose<T, N>,
    /// The computed normal in its reference body's frame.
    local_normal: SVector<T, N>,
    /// The computed manifold's deepest separation.
    deepest: T,
    /// B's reach plus `|deepest|`: the lever of a rotation.
    lever: T,
    /// The largest distance of a point of A (of B) from its origin.
    reach: (T, T),
    /// The margin the manifold was computed with.
    margin: T,
    /// The largest motion ([`ContactCache::new`]) a kept manifold serves.
    max_motion: T,
    /// What is kept.
    kept: Kept,
    /// Whether the last call refreshed instead of computing.
    reused: bool,
}

/// What a [`ContactCache`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kept {
    /// Nothing: the next call computes.
    Nothing,
    /// An empty manifold: the pair apart beyond the margin along
    /// `local_normal` (A's frame).
    Apart,
    /// A manifold with points.
    Points,
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
            current: Manifold::new(),
            offsets: [T::zero(); MAX_CONTACT_POINTS],
            reference_b: false,
            rel: Pose::identity(),
            local_normal: SVector::zeros(),
            deepest: T::zero(),
            lever: T::zero(),
            reach: (T::zero(), T::zero()),
            margin: T::zero(),
            max_motion,
            kept: Kept::Nothing,
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
        self.kept = Kept::Nothing;
        self.reused = false;
    }
}

/// [`contact_manifold`](crate::contact_manifold) with contact recycling, as
/// engines do it (Box2D and parry keep a resting pair's manifold while it
/// moves little). When `cache` holds a manifold of this pair with points,
/// computed with this `margin`, and the pair has moved since by at most
/// the cache's `max_motion`, the manifold is refreshed instead of
/// computed:
///
/// * the normal turns with the body of its reference face (A's when the
///   manifold names none), and the ids stay;
/// * each point's anchor on the incident body (the one that does not own
///   the reference face) is carried by that body, and its separation is
///   its height over the reference face's plane (the plane through the
///   computed reference anchor, carried by its body): the exact separation
///   of that material point from the face; the reference anchor moves to
///   its foot, so `on_b = on_a + normal · separation` holds as in every
///   manifold; a point past the margin is dropped.
///
/// The refresh is handed out only with its verdict certified: the motion
/// is short of the computed depth (then the pair still overlaps), or the
/// deepest refreshed point is clear of zero by more than round-off and
/// [`intersects`](crate::intersects) agrees with its sign; otherwise the
/// manifold is computed. A kept empty manifold (the pair apart by more
/// than the margin) is handed out again while the gap along its axis still
/// exceeds the margin, which proves the full computation empty too.
///
/// What that promises (docs/coherence.md, "Contact recycling", with the
/// tests): the verdict is never changed; a point on an incident vertex has
/// the separation the full computation gives it while the same features
/// touch; every point moved by at most the motion bound `M`.
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
pub fn contact_manifold_recycled<'c, T, const N: usize, A, B>(
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
    cache.reused = cache.margin == margin
        && match cache.kept {
            Kept::Nothing => false,
            Kept::Apart => still_apart(cache, &rel, a, b, pose_a),
            Kept::Points => refresh(cache, &rel, pose_a, pose_b).is_some_and(|motion| {
                // The verdict: certified by the motion (short of the depth
                // by more than round-off), or by a point of both shapes
                // (an incident anchor inside the reference body by more
                // than round-off), else asked of `intersects` where the
                // deepest point is clear of zero by more than round-off
                // (at a touch the full computation decides).
                let slack = round_off(cache, &rel);
                match cache.current.deepest().map(|p| p.separation) {
                    None => false,
                    Some(_) if cache.deepest < T::zero() && motion + slack < -cache.deepest => true,
                    Some(d) if d.abs() <= slack || is_nan(d) => false,
                    Some(d) if d < T::zero() => {
                        overlap_witnessed(cache, &rel, a, b, slack)
                            || crate::intersects(a, pose_a, b, pose_b)
                    }
                    Some(_) => {
                        apart_witnessed(cache, &rel, a, b, slack)
                            || !crate::intersects(a, pose_a, b, pose_b)
                    }
                }
            }),
        };
    if !cache.reused {
        compute(cache, &rel, a, pose_a, b, pose_b, margin);
    }
    &cache.current
}

/// The round-off allowed on a separation or a gap of the pair: 64 ε of
/// its coordinates in A's frame (B's offset, both reaches, the margin).
fn round_off<T: Real, const N: usize>(cache: &ContactCache<T, N>, rel: &Pose<T, N>) -> T {
    let scale = rel.translation.vector.amax() + cache.reach.0 + cache.reach.1 + cache.margin;
    T::default_epsilon() * nalgebra::convert(64.0) * scale
}

/// Whether a refreshed point with a negative separation has its incident
/// anchor inside the reference body by more than `slack`. The anchor is a
/// point of the incident body (carried with it), so the two shapes then
/// share a point with that much room, every axis's gap is below `−slack`,
/// and `intersects` holds. Computed from the anchor in its own body's
/// frame and the relative pose, so that nothing absolute is rounded.
fn overlap_witnessed<T, A, B, const N: usize>(
    cache: &ContactCache<T, N>,
    rel: &Pose<T, N>,
    a: &A,
    b: &B,
    slack: T,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    cache
        .current
        .points()
        .iter()
        .filter(|p| p.separation < T::zero())
        .any(|p| {
            let room = if cache.reference_b {
                clearance(b, &rel.inverse_transform_point(&p.local_a))
            } else {
                clearance(a, &(rel * p.local_b))
            };
            room.is_some_and(|r| r > slack)
        })
}

/// Whether the reference face's normal separates the pair by more than
/// four times `slack`. A face normal of either shape is one of the axes
/// every path of `intersects` tests, never pruned, and its computed gap
/// there differs from this one by round-off below `slack`, so the pair is
/// apart for `intersects` too. A manifold without a reference face (a
/// closest-feature point, a round contact) has no such axis: `false`.
fn apart_witnessed<T, A, B, const N: usize>(
    cache: &ContactCache<T, N>,
    rel: &Pose<T, N>,
    a: &A,
    b: &B,
    slack: T,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let Some((side, face)) = cache.current.reference() else {
        return false;
    };
    // The axis from A to B in A's frame: A's outward face normal, or the
    // opposite of B's turned into A's frame.
    let u = match side {
        Side::A if face < a.face_count() => a.local_face_normal(face).into_inner(),
        Side::B if face < b.face_count() => {
            -(rel.rotation * b.local_face_normal(face).into_inner())
        }
        _ => return false,
    };
    let gap = u.dot(&rel.translation.vector)
        - a.local_support_value(&u)
        - b.local_support_value(&-rel.rotation.inverse_transform_vector(&u));
    // NaN fails the test.
    gap > slack * nalgebra::convert(4.0)
}

/// How far inside `s` the point `q` (in `s`'s frame) lies, the distance to
/// its boundary, for the shapes whose hooks name an exact closed form:
/// boxes, polygons, polyhedra (the least room below a face plane: their
/// faces are all their facets) and balls; `None` for any other shape, and
/// a negative value for a point outside.
fn clearance<T, S, const N: usize>(s: &S, q: &Point<T, N>) -> Option<T>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let least = |planes: &mut dyn Iterator<Item = T>| {
        planes.fold(None, |m: Option<T>, r| {
            Some(m.map_or(r, |m| if r < m { r } else { m }))
        })
    };
    if let Some(obb) = s.as_obb_ref() {
        return box_clearance(obb, q);
    }
    if let Some(polygon) = s.as_polygon() {
        let q = same_type::<Point<T, N>, Point2<T>>(q)?;
        let planes = polygon.normals().iter().zip(polygon.offsets());
        return least(&mut planes.map(|(n, &o)| o - n.dot(&q.coords)));
    }
    if let Some(hull) = s.as_polyhedron() {
        let q = same_type::<Point<T, N>, Point3<T>>(q)?;
        let mut planes = (0..hull.face_count())
            .map(|i| hull.local_face_offset(i) - hull.local_face_normal(i).dot(&q.coords));
        return least(&mut planes);
    }
    if let Some(ball) = s.as_ball() {
        return Some(ball.radius() - (q - ball.center()).norm());
    }
    box_clearance(&s.as_obb()?, q)
}

/// [`clearance`] for a box: the least room between `q`'s coordinates in
/// the box's frame and its half extents.
fn box_clearance<T: Real, const N: usize>(obb: &Obb<T, N>, q: &Point<T, N>) -> Option<T> {
    let local = obb.rotation().inverse_transform_vector(&(q - obb.center()));
    let h = obb.half_extents();
    (0..N).fold(None, |m: Option<T>, k| {
        let r = h[k] - local[k].abs();
        Some(m.map_or(r, |m| if r < m { r } else { m }))
    })
}

/// Whether the kept axis still shows the pair apart by more than the
/// margin, with the round-off of the gap's terms (then `cache.current` is
/// the empty manifold with the axis turned into the world).
fn still_apart<T, A, B, const N: usize>(
    cache: &mut ContactCache<T, N>,
    rel: &Pose<T, N>,
    a: &A,
    b: &B,
    pose_a: &Pose<T, N>,
) -> bool
where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let n = cache.local_normal;
    // B's lowest point along n minus A's highest, in A's frame.
    let gap = n.dot(&rel.translation.vector)
        - a.local_support_value(&n)
        - b.local_support_value(&-rel.rotation.inverse_transform_vector(&n));
    let slack = round_off(cache, rel);
    // NaN fails the test: NaN computes.
    let apart = gap > cache.margin + slack;
    if apart {
        cache
            .current
            .restart(Unit::new_unchecked(pose_a.rotation * n));
    }
    apart
}

/// The motion bound `M` of B relative to A since `cache.rel` (the module
/// docs), with 1-norms, which bound the 2-norms without square roots; NaN
/// for NaN input.
fn motion<T: Real, const N: usize>(cache: &ContactCache<T, N>, rel: &Pose<T, N>) -> T {
    let shift = (rel.translation.vector - cache.rel.translation.vector)
        .iter()
        .fold(T::zero(), |s, x| s + x.abs());
    let turn = (rel.rotation.matrix() - cache.rel.rotation.matrix())
        .iter()
        .fold(T::zero(), |s, x| s + x.abs());
    shift + turn * cache.lever
}

/// Writes the refreshed manifold into `cache.current` and returns the
/// motion bound `M`, or `None` past the bound (the kept manifold is then
/// computed again).
fn refresh<T: Real, const N: usize>(
    cache: &mut ContactCache<T, N>,
    rel: &Pose<T, N>,
    pose_a: &Pose<T, N>,
    pose_b: &Pose<T, N>,
) -> Option<T> {
    let m = motion(cache, rel);
    // NaN is past any bound: NaN computes.
    if m > cache.max_motion || crate::real::is_nan(m) {
        return None;
    }
    let reference_b = cache.reference_b;
    let (pose_ref, pose_inc) = if reference_b {
        (pose_b, pose_a)
    } else {
        (pose_a, pose_b)
    };
    let n = pose_ref.rotation * cache.local_normal;
    // The reference plane of point k: n · x = base + offsets[k].
    let base = n.dot(&pose_ref.translation.vector);
    let (margin, offsets) = (cache.margin, &mut cache.offsets);
    let mut kept = 0;
    cache.current.set_normal(Unit::new_unchecked(n));
    cache.current.update(|k, p| {
        let local_inc = if reference_b { p.local_a } else { p.local_b };
        let incident = pose_inc * local_inc;
        // Along n, from A's anchor to B's.
        let height = n.dot(&incident.coords) - base - offsets[k];
        let separation = if reference_b { -height } else { height };
        if separation > margin {
            // Out of the margin: the full computation would not list it.
            return false;
        }
        // on_b = on_a + n · separation, the incident anchor fixed; the
        // reference anchor its foot on the plane.
        let foot = incident - n * height;
        if reference_b {
            (p.on_a, p.on_b, p.local_b) = (incident, foot, pose_b.inverse_transform_point(&foot));
        } else {
            (p.on_a, p.on_b, p.local_a) = (foot, incident, pose_a.inverse_transform_point(&foot));
        }
        p.separation = separation;
        offsets[kept] = offsets[k];
        kept += 1;
        true
    });
    Some(m)
}

/// Computes the manifold into `cache.current` and keeps it.
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
    contact_manifold_into(a, pose_a, b, pose_b, margin, &mut cache.current);
    let m = &cache.current;
    let finite = crate::pose::pose_is_finite(pose_a) && crate::pose::pose_is_finite(pose_b);
    cache.kept = match m.deepest() {
        _ if !finite => Kept::Nothing,
        Some(_) => Kept::Points,
        None => Kept::Apart,
    };
    if cache.kept == Kept::Nothing {
        return;
    }
    let reference_b = matches!(m.reference(), Some((Side::B, _)));
    let pose_ref = if reference_b { pose_b } else { pose_a };
    cache.deepest = m.deepest().map_or(T::zero(), |p| p.separation);
    let n = pose_ref.rotation.inverse_transform_vector(&m.normal());
    for (offset, p) in cache.offsets.iter_mut().zip(m.points()) {
        let local_ref = if reference_b { p.local_b } else { p.local_a };
        *offset = n.dot(&local_ref.coords);
    }
    cache.local_normal = n;
    cache.reference_b = reference_b;
    cache.rel = *rel;
    cache.reach = (crate::shape::reach(a), crate::shape::reach(b));
    cache.lever = cache.reach.1 + cache.deepest.abs();
    cache.margin = margin;
}
