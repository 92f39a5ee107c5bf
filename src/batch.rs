//! Batch narrow phase: one query over many candidate pairs, in the pairs'
//! order, on one thread or (feature `rayon`) on every core
//! (docs/broad-phase.md §6).
//!
//! The bodies are reached through a look-up `body(handle) -> (&shape,
//! &pose)`, so any storage works: a `Vec` indexed by
//! [`Handle::index`], a slot map, shapes behind `&dyn Shape` or held as
//! [`AnyShape`](crate::AnyShape)s.
//!
//! ```text
//! for (i, (a, b)) in pairs:            par_*: the same map, split over the
//!     out[i] = query(body(a), body(b))        pool's threads, written in place
//! ```
//!
//! `out[i]` is the answer for `pairs[i]` whatever the number of threads,
//! so the output is deterministic: the same pairs give the same vector,
//! bit for bit (tests/batch.rs::parallel_output_is_the_serial_output).
//! The queries themselves allocate nothing; `out` is cleared and grows
//! only when the batch is larger than its capacity.
//!
//! **Reading ahead.** The bodies of a large scene do not fit the cache,
//! and a pair's second body is usually far from the last one read. Every
//! `GROUP` pairs the map reads a few words of the bodies two groups
//! ahead (the poses and the shapes' first lines: the lines that hold a
//! hull's table pointers) and of the tables one group ahead (a hull's
//! vertices and faces, whose pointers are cached by then), so that a
//! group's misses are in flight together, not one query's after
//! another's (docs/broad-phase.md §8, *Reading ahead*).
//! Plain reads kept by [`black_box`]: the crate forbids `unsafe`, so no
//! prefetch instruction; the answers are untouched.

use alloc::vec::Vec;
use core::hint::black_box;
use nalgebra::Const;

use crate::{
    contact_manifold, query, ContactDim, Handle, Manifold, Penetration, Pose, Real, Shape,
};

/// Runs `query` on every pair, in order, into `out` (cleared first):
/// `out[i] = query(shape_a, pose_a, shape_b, pose_b)` for `pairs[i] =
/// (a, b)`.
///
/// `body` is a lookup from a handle to its shape and pose: it is called
/// for each pair's bodies and again for the bodies a few pairs ahead
/// (the map reads them early, see the module docs), so more than once per
/// handle, in no promised order; it should have no side effects. The same
/// holds for every function of this module.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{batch, separation, Aabb, Ball, BroadPhase, Pose2, Shape};
///
/// let shapes = [Ball::new(Point2::origin(), 1.0).unwrap(); 3];
/// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(1.5, 0.0), Pose2::translation(1.5, 1.5)];
/// let mut world = BroadPhase::new();
/// for (s, p) in shapes.iter().zip(&poses) {
///     world.insert(&separating_axis::shape_aabb(s, p).unwrap());
/// }
/// let pairs = world.update_pairs().added.to_vec(); // the first call adds every pair
/// let mut gaps = Vec::new();
/// batch::map(&pairs, |h| (&shapes[h.index()], &poses[h.index()]), |a, pa, b, pb| {
///     separation(a, pa, b, pb).distance
/// }, &mut gaps);
/// assert_eq!(gaps.len(), pairs.len());
/// assert_eq!(gaps[0], -0.5); // balls 0 and 1 overlap by 0.5
/// ```
pub fn map<'a, T, const N: usize, S, R>(
    pairs: &[(Handle, Handle)],
    body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>),
    query: impl Fn(&S, &Pose<T, N>, &S, &Pose<T, N>) -> R,
    out: &mut Vec<R>,
) where
    T: Real,
    S: Shape<T, N> + ?Sized + 'a,
{
    out.clear();
    out.extend(pairs.iter().enumerate().map(|(i, &(a, b))| {
        read_ahead(pairs, i, &body);
        let (sa, pa) = body(a);
        let (sb, pb) = body(b);
        query(sa, pa, sb, pb)
    }));
}

/// The pairs the map reads ahead for at once, and how far: at pair `i`
/// a multiple of `GROUP`, it reads the first lines of the bodies of pairs
/// `i + 2·GROUP .. i + 3·GROUP` and the tables of pairs `i + GROUP ..
/// i + 2·GROUP`. Reads that miss hold up the work behind them until their
/// line arrives; issued together, a group's misses wait once. Measured on
/// the 100k scenes of docs/broad-phase.md §8 (*Reading ahead*).
const GROUP: usize = 8;

/// At the start of each group, reads ahead for the groups after it (see
/// [`GROUP`]).
#[inline(always)]
fn read_ahead<'a, T, const N: usize, S>(
    pairs: &[(Handle, Handle)],
    i: usize,
    body: &impl Fn(Handle) -> (&'a S, &'a Pose<T, N>),
) where
    T: Real,
    S: Shape<T, N> + ?Sized + 'a,
{
    if !i.is_multiple_of(GROUP) {
        return;
    }
    let group = |k: usize| pairs.get(i + k * GROUP..).unwrap_or(&[]).iter().take(GROUP);
    // A pair's first body is often the previous pair's (the broad phase
    // sorts its pairs by their lower handle): read it once.
    let mut last = None;
    for &(a, b) in group(2) {
        if last != Some(a) {
            read_lines(body(a));
            last = Some(a);
        }
        read_lines(body(b));
    }
    last = None;
    for &(a, b) in group(1) {
        if last != Some(a) {
            read_tables(body(a).0);
            last = Some(a);
        }
        read_tables(body(b).0);
    }
}

/// Reads a word of each line a query starts from: the pose's rotation and
/// translation, a box's centre, axes and half extents, a hull's table
/// pointers and scalars, another shape's radius and first core vertex.
#[inline(always)]
fn read_lines<T, const N: usize, S>((shape, pose): (&S, &Pose<T, N>))
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let m = pose.rotation.matrix();
    black_box(m[0]);
    black_box(m[N * N / 2]);
    black_box(pose.translation.vector[N - 1]);
    if let Some(obb) = shape.as_obb_ref() {
        black_box(obb.center()[0]);
        black_box(obb.rotation().matrix()[N * N - 1]);
        black_box(obb.half_extents()[N - 1]);
    } else if let Some(hull) = shape.as_polyhedron() {
        black_box(hull.planes().len());
        black_box(hull.gauss().walk().len());
        black_box(hull.edge_records().len());
        black_box(hull.reach());
        black_box(hull.vertices().len());
    } else {
        // A ball's centre or a capsule's segment, and its radius.
        black_box(shape.radius());
        if shape.core_vertex_count() > 0 {
            black_box(shape.local_core_vertex(0));
        }
    }
}

/// Reads a word of each line of a hull's vertices (the packed copy the
/// support scans read) and face planes: what every hull pair starts with.
#[inline(always)]
fn read_tables<T, const N: usize, S>(shape: &S)
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    if let Some(hull) = shape.as_polyhedron() {
        // A chunk of 8 packed vertices spans three lines, one coordinate
        // each: vertex `i` reads all three.
        for i in (0..hull.vertices().len()).step_by(8) {
            black_box(hull.vertex(i));
        }
        // Two 32-byte planes (f64) to a line.
        for plane in hull.planes().iter().step_by(2) {
            black_box(plane.offset);
        }
    }
}

/// [`intersects`](crate::intersects) on every pair, in order, into `out` (cleared first).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{batch, Ball, Handle, Pose2};
///
/// let balls = [Ball::new(Point2::origin(), 1.0).unwrap(); 2];
/// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(2.0, 0.0)];
/// let mut world = separating_axis::BroadPhase::new();
/// let a = world.insert(&separating_axis::shape_aabb(&balls[0], &poses[0]).unwrap());
/// let b = world.insert(&separating_axis::shape_aabb(&balls[1], &poses[1]).unwrap());
/// let mut out = Vec::new();
/// batch::intersects(&[(a, b)], |h| (&balls[h.index()], &poses[h.index()]), &mut out);
/// assert_eq!(out, [true]); // touching counts
/// ```
pub fn intersects<'a, T, const N: usize, S>(
    pairs: &[(Handle, Handle)],
    body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>),
    out: &mut Vec<bool>,
) where
    T: Real,
    S: Shape<T, N> + ?Sized + 'a,
{
    map(pairs, body, query::intersects::<T, N, S, S>, out);
}

/// [`penetration`](crate::penetration) on every pair, in order, into `out` (cleared first):
/// `None` for a pair that is apart.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{batch, Ball, Pose2};
///
/// let balls = [Ball::new(Point2::origin(), 1.0).unwrap(); 2];
/// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(1.5, 0.0)];
/// let mut world = separating_axis::BroadPhase::new();
/// let a = world.insert(&separating_axis::shape_aabb(&balls[0], &poses[0]).unwrap());
/// let b = world.insert(&separating_axis::shape_aabb(&balls[1], &poses[1]).unwrap());
/// let mut out = Vec::new();
/// batch::penetration(&[(a, b)], |h| (&balls[h.index()], &poses[h.index()]), &mut out);
/// assert_eq!(out[0].unwrap().depth, 0.5);
/// ```
pub fn penetration<'a, T, const N: usize, S>(
    pairs: &[(Handle, Handle)],
    body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>),
    out: &mut Vec<Option<Penetration<T, N>>>,
) where
    T: Real,
    S: Shape<T, N> + ?Sized + 'a,
{
    map(pairs, body, query::penetration::<T, N, S, S>, out);
}

/// [`contact_manifold`] with speculative margin `margin` on every pair,
/// in order, into `out` (cleared first).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{batch, Ball, Pose2};
///
/// let balls = [Ball::new(Point2::origin(), 1.0).unwrap(); 2];
/// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(1.5, 0.0)];
/// let mut world = separating_axis::BroadPhase::new();
/// let a = world.insert(&separating_axis::shape_aabb(&balls[0], &poses[0]).unwrap());
/// let b = world.insert(&separating_axis::shape_aabb(&balls[1], &poses[1]).unwrap());
/// let mut out = Vec::new();
/// batch::contact_manifolds(&[(a, b)], |h| (&balls[h.index()], &poses[h.index()]), 0.0, &mut out);
/// assert_eq!(out[0].points().len(), 1);
/// assert_eq!(out[0].points()[0].separation, -0.5);
/// ```
pub fn contact_manifolds<'a, T, const N: usize, S>(
    pairs: &[(Handle, Handle)],
    body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>),
    margin: T,
    out: &mut Vec<Manifold<T, N>>,
) where
    T: Real,
    S: Shape<T, N> + ?Sized + 'a,
    Const<N>: ContactDim<T, N>,
{
    map(
        pairs,
        body,
        |a, pa, b, pb| contact_manifold(a, pa, b, pb, margin),
        out,
    );
}

#[cfg(feature = "rayon")]
pub use parallel::{par_contact_manifolds, par_intersects, par_map, par_penetration};

/// The same maps on rayon's thread pool (the global pool, or the one the
/// caller installs with `ThreadPool::install`).
#[cfg(feature = "rayon")]
mod parallel {
    use nalgebra::Const;
    use rayon::prelude::*;

    use crate::{
        contact_manifold, query, ContactDim, Handle, Manifold, Penetration, Pose, Real, Shape,
    };

    /// [`map`](super::map) split over rayon's threads; `out[i]` answers
    /// `pairs[i]` whatever the thread count
    /// (tests/batch.rs::parallel_output_is_the_serial_output).
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{batch, intersects, Ball, BroadPhase, Pose2};
    ///
    /// let balls = [Ball::new(Point2::origin(), 1.0).unwrap(); 2];
    /// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(3.0, 0.0)];
    /// let mut world = BroadPhase::new();
    /// let a = world.insert(&separating_axis::shape_aabb(&balls[0], &poses[0]).unwrap());
    /// let b = world.insert(&separating_axis::shape_aabb(&balls[1], &poses[1]).unwrap());
    /// let mut out = Vec::new();
    /// batch::par_map(&[(a, b), (b, a)], |h| (&balls[h.index()], &poses[h.index()]), intersects, &mut out);
    /// assert_eq!(out, [false, false]);
    /// ```
    pub fn par_map<'a, T, const N: usize, S, R>(
        pairs: &[(Handle, Handle)],
        body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>) + Sync,
        query: impl Fn(&S, &Pose<T, N>, &S, &Pose<T, N>) -> R + Sync,
        out: &mut Vec<R>,
    ) where
        T: Real,
        S: Shape<T, N> + ?Sized + Sync + 'a,
        R: Send,
    {
        pairs
            .par_iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                super::read_ahead(pairs, i, &body);
                let (sa, pa) = body(a);
                let (sb, pb) = body(b);
                query(sa, pa, sb, pb)
            })
            .collect_into_vec(out);
    }

    /// [`intersects`](super::intersects) split over rayon's threads.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{batch, Ball, BroadPhase, Pose2};
    ///
    /// let balls = [Ball::new(Point2::origin(), 1.0).unwrap(); 2];
    /// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(2.0, 0.0)];
    /// let mut world = BroadPhase::new();
    /// let a = world.insert(&separating_axis::shape_aabb(&balls[0], &poses[0]).unwrap());
    /// let b = world.insert(&separating_axis::shape_aabb(&balls[1], &poses[1]).unwrap());
    /// let mut out = Vec::new();
    /// batch::par_intersects(&[(a, b)], |h| (&balls[h.index()], &poses[h.index()]), &mut out);
    /// assert_eq!(out, [true]);
    /// ```
    pub fn par_intersects<'a, T, const N: usize, S>(
        pairs: &[(Handle, Handle)],
        body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>) + Sync,
        out: &mut Vec<bool>,
    ) where
        T: Real,
        S: Shape<T, N> + ?Sized + Sync + 'a,
    {
        par_map(pairs, body, query::intersects::<T, N, S, S>, out);
    }

    /// [`penetration`](super::penetration) split over rayon's threads.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{batch, Ball, BroadPhase, Pose2};
    ///
    /// let balls = [Ball::new(Point2::origin(), 1.0).unwrap(); 2];
    /// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(1.5, 0.0)];
    /// let mut world = BroadPhase::new();
    /// let a = world.insert(&separating_axis::shape_aabb(&balls[0], &poses[0]).unwrap());
    /// let b = world.insert(&separating_axis::shape_aabb(&balls[1], &poses[1]).unwrap());
    /// let mut out = Vec::new();
    /// batch::par_penetration(&[(a, b)], |h| (&balls[h.index()], &poses[h.index()]), &mut out);
    /// assert_eq!(out[0].unwrap().depth, 0.5);
    /// ```
    pub fn par_penetration<'a, T, const N: usize, S>(
        pairs: &[(Handle, Handle)],
        body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>) + Sync,
        out: &mut Vec<Option<Penetration<T, N>>>,
    ) where
        T: Real,
        S: Shape<T, N> + ?Sized + Sync + 'a,
    {
        par_map(pairs, body, query::penetration::<T, N, S, S>, out);
    }

    /// [`contact_manifolds`](super::contact_manifolds) split over rayon's
    /// threads.
    ///
    /// ```
    /// use nalgebra::Point2;
    /// use separating_axis::{batch, Ball, BroadPhase, Pose2};
    ///
    /// let balls = [Ball::new(Point2::origin(), 1.0).unwrap(); 2];
    /// let poses = [Pose2::translation(0.0, 0.0), Pose2::translation(1.5, 0.0)];
    /// let mut world = BroadPhase::new();
    /// let a = world.insert(&separating_axis::shape_aabb(&balls[0], &poses[0]).unwrap());
    /// let b = world.insert(&separating_axis::shape_aabb(&balls[1], &poses[1]).unwrap());
    /// let mut out = Vec::new();
    /// batch::par_contact_manifolds(&[(a, b)], |h| (&balls[h.index()], &poses[h.index()]), 0.0, &mut out);
    /// assert_eq!(out[0].points()[0].separation, -0.5);
    /// ```
    pub fn par_contact_manifolds<'a, T, const N: usize, S>(
        pairs: &[(Handle, Handle)],
        body: impl Fn(Handle) -> (&'a S, &'a Pose<T, N>) + Sync,
        margin: T,
        out: &mut Vec<Manifold<T, N>>,
    ) where
        T: Real,
        S: Shape<T, N> + ?Sized + Sync + 'a,
        Const<N>: ContactDim<T, N>,
        Manifold<T, N>: Send,
    {
        par_map(
            pairs,
            body,
            |a, pa, b, pb| contact_manifold(a, pa, b, pb, margin),
            out,
        );
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use nalgebra::{Point3, Rotation3, Vector3};

    use super::*;
    use crate::{intersects, AnyShape3, Ball, BroadPhase, ConvexPolyhedron, Obb, Pose3};

    /// Every prefix of a scene's pairs, from empty to past three groups
    /// (the group boundaries and the tails the reading ahead stops at):
    /// the batch's answers are the pair queries', in order.
    #[test]
    fn every_batch_length_answers_as_the_pair_queries() {
        let hull = ConvexPolyhedron::from_hull(&[
            Point3::new(-0.6, -0.5, -0.4),
            Point3::new(0.7, -0.5, -0.3),
            Point3::new(0.0, 0.8, -0.5),
            Point3::new(0.1, 0.0, 0.9),
        ])
        .unwrap();
        let shapes: Vec<AnyShape3> = (0..40)
            .map(|i| match i % 3 {
                0 => Obb::new(
                    Point3::origin(),
                    Rotation3::identity(),
                    Vector3::new(0.5, 0.4, 0.6),
                )
                .unwrap()
                .into(),
                1 => AnyShape3::Polytope(hull.clone()),
                _ => Ball::new(Point3::origin(), 0.45).unwrap().into(),
            })
            .collect();
        // A row of bodies 0.6 apart, turned: neighbours overlap or not.
        let poses: Vec<Pose3> = (0..40)
            .map(|i| {
                let x = f64::from(i);
                Pose3::new(
                    Vector3::new(0.6 * x, 0.1 * (x * 1.7).sin(), 0.0),
                    Vector3::new(0.0, 0.0, 0.3 * x),
                )
            })
            .collect();
        let mut world = BroadPhase::new();
        for (s, p) in shapes.iter().zip(&poses) {
            world.insert(&crate::shape_aabb(s, p).unwrap());
        }
        world.update_pairs();
        let mut pairs = Vec::new();
        world.current_pairs(&mut pairs);
        assert!(pairs.len() > 3 * GROUP + 2, "{} pairs", pairs.len());
        let body = |h: Handle| (&shapes[h.index()], &poses[h.index()]);
        let expected: Vec<bool> = pairs
            .iter()
            .map(|&(a, b)| intersects(body(a).0, body(a).1, body(b).0, body(b).1))
            .collect();
        assert!(expected.contains(&true) && expected.contains(&false));
        let mut out = Vec::new();
        for n in 0..=pairs.len() {
            super::intersects(&pairs[..n], body, &mut out);
            assert_eq!(out, expected[..n], "{n} pairs");
        }
    }
}
