//! Contact manifolds of bodies made of parts: every part pair's
//! [`contact_manifold`](crate::contact_manifold) ([`contact_manifolds`],
//! into the caller's `Vec`), or their union reduced to
//! [`MAX_CONTACT_POINTS`] points ([`contact_manifold`], no heap).
//!
//! The reduction keeps the deepest point and spreads the rest:
//!
//! ```text
//! candidates = every point of every part pair's manifold, each with its
//!              pair's normal; key = (separation, part_a, part_b, k)
//! keep the deepest (least key)
//! while fewer than MAX_CONTACT_POINTS kept and candidates remain:
//!     keep the candidate farthest from every kept point (its least
//!     distance to them, on A's surface, largest; ties: least key)
//! ```
//!
//! The candidates wait in a stack buffer of [`CANDIDATES`] points; when it
//! fills, it is reduced as above to [`MAX_CONTACT_POINTS`] and filling
//! goes on. Up to [`CANDIDATES`] points in all, the answer is the rule
//! above over all of them, whatever the traversal order; beyond, the
//! deepest point is still the deepest of all, and the spread is greedy
//! over the rounds (tests/compound.rs::reduced_manifold_keeps_the_deepest_and_spreads).

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::ops::ControlFlow;

use nalgebra::{Const, SVector, Unit};

use super::queries::{each_pair_within, PartPair};
use super::Parts;
use crate::{ContactDim, ContactPoint, Feature, Manifold, Pose, Real, MAX_CONTACT_POINTS};

/// How many candidate points the reduction of [`contact_manifold`] holds
/// before it reduces them (module docs): sixteen 2D part pairs or eight 3D
/// ones at full manifolds.
///
/// ```
/// use separating_axis::{compound::CANDIDATES, MAX_CONTACT_POINTS};
/// assert!(CANDIDATES >= 8 * MAX_CONTACT_POINTS); // eight 3D part pairs
/// ```
pub const CANDIDATES: usize = 32;

/// One contact point of a [`CompoundManifold`], with its part pair's
/// normal and the parts.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, Aabb, Pose2};
///
/// let ground = Aabb::new(Point2::new(-5.0, -1.0), Point2::new(5.0, 0.0)).unwrap();
/// let crate_ = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 1.0)).unwrap();
/// let m = compound::contact_manifold(&ground, &Pose2::identity(), &crate_, &Pose2::translation(0.0, -0.25), 0.0);
/// let c = m.contacts()[0];
/// assert_eq!((c.part_a, c.part_b), (0, 0));
/// assert_eq!(c.normal.into_inner(), Vector2::y());
/// assert_eq!(c.point.separation, -0.25);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartContact<T: Real, const N: usize> {
    /// The point, as its part pair's manifold gave it (world frame).
    pub point: ContactPoint<T, N>,
    /// Its part pair's normal, from A's part towards B's (world frame).
    pub normal: Unit<SVector<T, N>>,
    /// The part of A.
    pub part_a: usize,
    /// The part of B.
    pub part_b: usize,
}

/// The contact of two bodies reduced to at most [`MAX_CONTACT_POINTS`]
/// points, each with its own normal and parts, stored inline (no heap).
/// The first point is the deepest (module docs).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2};
///
/// let bar = |x0: f64, x1: f64| AnyShape2::from(Aabb::new(Point2::new(x0, -1.0), Point2::new(x1, 0.0)).unwrap());
/// // Two ground tiles; a crate sunk 0.25 across their seam.
/// let tiles = Compound::new(vec![(Pose2::identity(), bar(-4.0, 0.0)), (Pose2::identity(), bar(0.0, 4.0))]).unwrap();
/// let crate_ = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 1.0)).unwrap();
/// let m = compound::contact_manifold(&tiles, &Pose2::identity(), &crate_, &Pose2::translation(0.0, -0.25), 0.0);
/// assert_eq!(m.len(), 4); // two points on each tile
/// assert!(m.contacts().iter().all(|c| c.point.separation == -0.25));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompoundManifold<T: Real, const N: usize> {
    contacts: [PartContact<T, N>; MAX_CONTACT_POINTS],
    len: usize,
}

impl<T: Real, const N: usize> CompoundManifold<T, N> {
    /// The contacts kept, the deepest first.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{compound, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let m = compound::contact_manifold(&b, &Pose2::identity(), &b, &Pose2::translation(1.5, 0.0), 0.0);
    /// assert_eq!(m.contacts().len(), 1);
    /// ```
    #[inline]
    #[must_use]
    pub fn contacts(&self) -> &[PartContact<T, N>] {
        &self.contacts[..self.len]
    }

    /// How many contacts were kept.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{compound, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// assert_eq!(compound::contact_manifold(&b, &Pose2::identity(), &b, &Pose2::translation(3.0, 0.0), 0.0).len(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no contact was kept (the bodies are apart by more than the
    /// margin, or an input was NaN).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{compound, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// assert!(compound::contact_manifold(&b, &Pose2::identity(), &b, &Pose2::translation(3.0, 0.0), 0.0).is_empty());
    /// ```
    #[inline]
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The deepest contact (the first), `None` when empty.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{compound, Ball, Pose2};
    ///
    /// let b = Ball::new(Point2::origin(), 1.0).unwrap();
    /// let m = compound::contact_manifold(&b, &Pose2::identity(), &b, &Pose2::translation(1.5, 0.0), 0.0);
    /// assert_eq!(m.deepest().unwrap().point.separation, -0.5);
    /// ```
    #[inline]
    #[must_use]
    pub fn deepest(&self) -> Option<&PartContact<T, N>> {
        self.contacts().first()
    }
}

/// Every part pair's contact manifold: `out` is cleared, then holds one
/// entry per part pair (boxes within `margin`) whose
/// [`contact_manifold`](crate::contact_manifold) is not empty, sorted by
/// `(part_a, part_b)`.
///
/// A pair whose boxes are apart by more than `margin` is farther apart
/// than `margin` and is skipped, even when its convex manifold would hold
/// a speculative point (SAT's separation, which that manifold compares
/// with the margin, is only a lower bound of the distance; since the
/// manifold takes the exact distance where the closest features lie off
/// the face, only within 0.001 of the size, docs/manifolds.md):
/// tests/compound.rs::speculative_points_of_pairs_beyond_the_margin_are_dropped.
/// Every other pair's manifold is the convex one, bit for bit.
///
/// The only compound query that writes to the heap, and only into `out`:
/// a `Vec` kept from one frame to the next reaches its working size once
/// and then allocates nothing (tests/compound.rs::compound_queries_do_not_allocate).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2};
///
/// let bar = |x0: f64, x1: f64| AnyShape2::from(Aabb::new(Point2::new(x0, -1.0), Point2::new(x1, 0.0)).unwrap());
/// let tiles = Compound::new(vec![(Pose2::identity(), bar(-4.0, 0.0)), (Pose2::identity(), bar(0.0, 4.0))]).unwrap();
/// let crate_ = Aabb::new(Point2::new(-1.0, 0.0), Point2::new(1.0, 1.0)).unwrap();
/// let mut out = Vec::new();
/// compound::contact_manifolds(&tiles, &Pose2::identity(), &crate_, &Pose2::translation(0.5, -0.25), 0.0, &mut out);
/// assert_eq!(out.iter().map(|m| (m.part_a, m.part_b)).collect::<Vec<_>>(), [(0, 0), (1, 0)]);
/// assert_eq!(out[1].value.len(), 2);
/// ```
pub fn contact_manifolds<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
    out: &mut Vec<PartPair<Manifold<T, N>>>,
) where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    out.clear();
    if crate::pose::beyond_range(pose_a, pose_b).is_some() {
        return;
    }
    each_pair_within(a, pose_a, b, pose_b, margin, |i, j, pa, pb| {
        let m = part_manifold((a, pose_a), (b, pose_b), (i, j), (pa, pb), margin);
        if !m.is_empty() {
            out.push(PartPair {
                value: m,
                part_a: i,
                part_b: j,
            });
        }
        ControlFlow::Continue(())
    });
    out.sort_unstable_by_key(|m| (m.part_a, m.part_b));
}

/// The union of the part pairs' contact manifolds, reduced to at most
/// [`MAX_CONTACT_POINTS`] points: the deepest, then the points spread
/// farthest from those kept (module docs). No heap.
///
/// Empty when no part pair comes within `margin` (or an input is NaN).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2};
///
/// let step = |x: f64, h: f64| AnyShape2::from(Aabb::new(Point2::new(x, 0.0), Point2::new(x + 1.0, h)).unwrap());
/// let stairs = Compound::new(vec![(Pose2::identity(), step(0.0, 1.0)), (Pose2::identity(), step(1.0, 2.0))]).unwrap();
/// let plank = Aabb::new(Point2::new(0.0, 0.0), Point2::new(3.0, 0.5)).unwrap();
/// let m = compound::contact_manifold(&stairs, &Pose2::identity(), &plank, &Pose2::translation(-0.5, 1.75), 0.1);
/// let deepest = m.deepest().unwrap();
/// assert_eq!((deepest.part_a, deepest.point.separation), (1, -0.25));
/// assert_eq!(deepest.normal.into_inner(), Vector2::y());
/// ```
#[must_use]
pub fn contact_manifold<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
) -> CompoundManifold<T, N>
where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    let mut buf = Buffer::new();
    if crate::pose::beyond_range(pose_a, pose_b).is_none() {
        each_pair_within(a, pose_a, b, pose_b, margin, |i, j, pa, pb| {
            let m = crate::contact_manifold(a.part(i), pa, b.part(j), pb, margin);
            let normal = m.normal().into_inner();
            let points = m.points().iter().enumerate();
            for (k, p) in
                points.filter(|(_, p)| off_the_seams(a, pose_a, b, pose_b, (i, j), &normal, p))
            {
                buf.offer(Candidate {
                    contact: PartContact {
                        point: *p,
                        normal: m.normal(),
                        part_a: i,
                        part_b: j,
                    },
                    k,
                });
            }
            ControlFlow::Continue(())
        });
    }
    buf.reduce();
    let mut out = CompoundManifold {
        contacts: [buf.items[0].contact; MAX_CONTACT_POINTS],
        len: buf.len.min(MAX_CONTACT_POINTS),
    };
    for (slot, c) in out.contacts.iter_mut().zip(&buf.items[..out.len]) {
        *slot = c.contact;
    }
    out
}

/// Part pair `(i, j)`'s manifold (world poses `pa`, `pb`) as the bodies'
/// surfaces see it (`seams.rs`): the convex manifold when no point of it
/// is a ghost at a seam; otherwise the manifold clipped on the part's face
/// that is not inside its body and along which the pair is farthest apart
/// (the surface's face: a tile's top where its side face was the SAT's
/// axis), on A's part when A called a point a ghost, else on B's. Points
/// that are still ghosts are dropped.
fn part_manifold<T, const N: usize, A, B>(
    (a, pose_a): (&A, &Pose<T, N>),
    (b, pose_b): (&B, &Pose<T, N>),
    (i, j): (usize, usize),
    (pa, pb): (&Pose<T, N>, &Pose<T, N>),
    margin: T,
) -> Manifold<T, N>
where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
    Const<N>: ContactDim<T, N>,
{
    let (part_a, part_b) = (a.part(i), b.part(j));
    let mut m = crate::contact_manifold(part_a, pa, part_b, pb, margin);
    let ghost = |m: &Manifold<T, N>| {
        let n = m.normal().into_inner();
        let on_a = pose_a.rotation.inverse_transform_vector(&n);
        let on_b = -pose_b.rotation.inverse_transform_vector(&n);
        let a_side = m
            .points()
            .iter()
            .any(|p| !a.admits(i, (p.id.a, &pose_a.inverse_transform_point(&p.on_a)), &on_a));
        let b_side = m
            .points()
            .iter()
            .any(|p| !b.admits(j, (p.id.b, &pose_b.inverse_transform_point(&p.on_b)), &on_b));
        (a_side, b_side)
    };
    let face = match ghost(&m) {
        (false, false) => return m,
        // Apart: no speculative point from a seam (the surface's own face
        // gives one where the pair comes within the margin of it).
        _ if m.points().iter().all(|p| p.separation > T::zero()) => None,
        (true, _) => {
            surface_face(part_a, pa, part_b, pb, |f| a.internal_face(i, f)).map(Feature::FaceA)
        }
        (false, true) => {
            surface_face(part_b, pb, part_a, pa, |f| b.internal_face(j, f)).map(Feature::FaceB)
        }
    };
    if let Some(face) = face {
        <Const<N> as ContactDim<T, N>>::face_manifold_into(
            &mut m, part_a, pa, part_b, pb, face, margin,
        );
    }
    let normal = m.normal().into_inner();
    m.retain(|p| off_the_seams(a, pose_a, b, pose_b, (i, j), &normal, p));
    m
}

/// The face of `s` (world pose `ps`) that is not `internal` along whose
/// outward normal `other` (pose `po`) lies farthest out: the largest gap
/// `min over other of n·x − h_s(n)`. `None` when `s` lists no faces.
fn surface_face<T, const N: usize, S, O>(
    s: &S,
    ps: &Pose<T, N>,
    other: &O,
    po: &Pose<T, N>,
    internal: impl Fn(usize) -> bool,
) -> Option<usize>
where
    T: Real,
    S: crate::Shape<T, N> + ?Sized,
    O: crate::Shape<T, N> + ?Sized,
{
    let rel = ps.inv_mul(po);
    let mut best: Option<(usize, T)> = None;
    for f in (0..s.face_count()).filter(|&f| !internal(f)) {
        let n = s.local_face_normal(f).into_inner();
        let (gap, _, _) = crate::manifold::gap_along(s, other, &rel, &n);
        if best.is_none_or(|(_, g)| gap > g) {
            best = Some((f, gap));
        }
    }
    best.map(|(f, _)| f)
}

/// Whether the point `p` of part pair `(i, j)`'s manifold (unit normal
/// `normal`, world frame, from A towards B) is kept: neither body calls
/// it a ghost at one of its seams (`seams.rs`: its feature on the part,
/// the normal out of that body in the body's frame).
fn off_the_seams<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    (i, j): (usize, usize),
    normal: &SVector<T, N>,
    p: &ContactPoint<T, N>,
) -> bool
where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
{
    let on_a = (p.id.a, &pose_a.inverse_transform_point(&p.on_a));
    let on_b = (p.id.b, &pose_b.inverse_transform_point(&p.on_b));
    a.admits(i, on_a, &pose_a.rotation.inverse_transform_vector(normal))
        && b.admits(j, on_b, &-pose_b.rotation.inverse_transform_vector(normal))
}

/// A contact waiting for the reduction, with its index in its pair's
/// manifold (the last part of its key).
#[derive(Clone, Copy)]
struct Candidate<T: Real, const N: usize> {
    contact: PartContact<T, N>,
    k: usize,
}

impl<T: Real, const N: usize> Candidate<T, N> {
    /// `(separation, part_a, part_b, k)`: the deepest first.
    fn key_cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (&self.contact, &other.contact);
        a.point
            .separation
            .partial_cmp(&b.point.separation)
            .unwrap_or(Ordering::Equal)
            .then((a.part_a, a.part_b, self.k).cmp(&(b.part_a, b.part_b, other.k)))
    }
}

/// The stack buffer of the reduction.
struct Buffer<T: Real, const N: usize> {
    items: [Candidate<T, N>; CANDIDATES],
    len: usize,
}

impl<T: Real, const N: usize> Buffer<T, N> {
    fn new() -> Self {
        let origin = nalgebra::Point::origin();
        let placeholder = Candidate {
            contact: PartContact {
                point: ContactPoint {
                    separation: T::zero(),
                    on_a: origin,
                    on_b: origin,
                    local_a: origin,
                    local_b: origin,
                    id: crate::ContactId {
                        a: crate::ContactFeature::Support,
                        b: crate::ContactFeature::Support,
                    },
                },
                normal: Unit::new_unchecked(crate::shape::first_axis()),
                part_a: 0,
                part_b: 0,
            },
            k: 0,
        };
        Self {
            items: [placeholder; CANDIDATES],
            len: 0,
        }
    }

    fn offer(&mut self, c: Candidate<T, N>) {
        if self.len == CANDIDATES {
            self.reduce();
        }
        self.items[self.len] = c;
        self.len += 1;
    }

    /// Moves the kept points to the front, in the order kept, and keeps
    /// only them (module docs).
    fn reduce(&mut self) {
        let n = self.len;
        if n == 0 {
            return;
        }
        let deepest = (1..n).fold(0, |best, i| {
            if self.items[i].key_cmp(&self.items[best]) == Ordering::Less {
                i
            } else {
                best
            }
        });
        self.items.swap(0, deepest);
        let mut kept = 1;
        while kept < MAX_CONTACT_POINTS && kept < n {
            let spread = |c: &Candidate<T, N>| {
                self.items[..kept]
                    .iter()
                    .map(|k| (c.contact.point.on_a - k.contact.point.on_a).norm_squared())
                    .fold(T::max_value().unwrap_or_else(T::one), |m, d| m.min(d))
            };
            let mut pick = kept;
            let mut pick_spread = spread(&self.items[kept]);
            for i in kept + 1..n {
                let s = spread(&self.items[i]);
                let wins = match s.partial_cmp(&pick_spread) {
                    Some(Ordering::Greater) => true,
                    Some(Ordering::Equal) => {
                        self.items[i].key_cmp(&self.items[pick]) == Ordering::Less
                    }
                    _ => false,
                };
                if wins {
                    pick = i;
                    pick_spread = s;
                }
            }
            self.items.swap(kept, pick);
            kept += 1;
        }
        self.len = kept;
    }
}
