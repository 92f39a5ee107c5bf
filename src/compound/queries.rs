//! The compound queries: the convex query on the part pairs the hierarchy
//! keeps, combined by a rule each function states. Every answer equals the
//! brute-force loop over all part pairs with the same rule
//! (tests/compound.rs::queries_equal_the_brute_force_loop_over_parts).

use core::cell::Cell;
use core::cmp::Ordering;
use core::ops::ControlFlow;

use nalgebra::{Point, SVector};

use super::bvh::{box_distance, boxes_meet, ray_enters, Node, STACK};
use super::{world_pose, Parts};
use crate::pose::beyond_range;
use crate::pose::pose_is_finite;
use crate::real::is_nan;
use crate::{ClosestPoints, Penetration, PointProjection, Pose, Ray, RayHit, Real};

/// A result of a query between two bodies, with the parts it came from:
/// `part_a` of A and `part_b` of B (0 for a body that is one convex shape).
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, AnyShape2, Ball, Compound, Pose2};
///
/// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
/// let pair = Compound::new(vec![
///     (Pose2::translation(-3.0, 0.0), ball.clone()),
///     (Pose2::translation(3.0, 0.0), ball.clone()),
/// ]).unwrap();
/// let p = compound::penetration(&pair, &Pose2::identity(), &ball, &Pose2::translation(2.5, 0.0)).unwrap();
/// assert_eq!((p.part_a, p.part_b), (1, 0));
/// assert_eq!(p.value.depth, 1.5);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartPair<R> {
    /// The convex query's answer for the two parts, in the world frame.
    pub value: R,
    /// The part of A.
    pub part_a: usize,
    /// The part of B.
    pub part_b: usize,
}

/// A result of a query on one body, with the part it came from (0 for a
/// body that is one convex shape).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, AnyShape2, Ball, Compound, Pose2, Ray};
///
/// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
/// let row = Compound::new(vec![
///     (Pose2::translation(3.0, 0.0), ball.clone()),
///     (Pose2::translation(6.0, 0.0), ball),
/// ]).unwrap();
/// let ray = Ray::new(Point2::origin(), Vector2::x());
/// let hit = compound::cast_ray(&row, &Pose2::identity(), &ray, 100.0, true).unwrap();
/// assert_eq!((hit.part, hit.value.toi), (0, 2.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartHit<R> {
    /// The convex query's answer for the part, in the world frame.
    pub value: R,
    /// The part.
    pub part: usize,
}

/// What a pair traversal asks: which node pairs to open, and what to do
/// with a pair of parts.
pub(super) trait PairVisitor<T: Real, const N: usize> {
    /// Whether the pair of boxes (A's node, and B's moved into A's frame)
    /// may hold an answer.
    fn keep(&self, a: &Node<T, N>, b_centre: &Point<T, N>, b_half: &SVector<T, N>) -> bool;
    /// A pair of parts: `Break` ends the traversal.
    fn visit(&mut self, i: usize, j: usize) -> ControlFlow<()>;
}

/// Runs `visitor` over the node pairs of `a` and `b` (B's boxes moved into
/// A's frame by `pose_ab`), depth first, with a fixed-size stack; a pair of
/// leaves is also tested the other way round (A's box moved into B's
/// frame) before it is visited.
pub(super) fn traverse_pairs<T, const N: usize, A, B, V>(
    a: &A,
    b: &B,
    pose_ab: &Pose<T, N>,
    visitor: &mut V,
) where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
    V: PairVisitor<T, N>,
{
    let (ta, tb) = (a.tree(), b.tree());
    let mut stack = [(0_u32, 0_u32); 2 * STACK];
    let mut len = 1;
    // B's last node moved into A's frame: A's nodes are opened against the
    // same B node in a row (always, when B is one shape).
    let mut moved = (u32::MAX, tb.node(0).moved(pose_ab));
    let pose_ba = pose_ab.inverse();
    while len > 0 {
        len -= 1;
        let (m, n) = stack[len];
        let (na, nb) = (ta.node(m as usize), tb.node(n as usize));
        if moved.0 != n {
            moved = (n, nb.moved(pose_ab));
        }
        let (c, h) = moved.1;
        if !visitor.keep(na, &c, &h) {
            continue;
        }
        match (na.leaf, nb.leaf) {
            (true, true) => {
                // The same test the other way round: A's box moved into
                // B's frame against B's box (both boxes hold their parts,
                // so either test may rule the pair out).
                let (ca, ha) = na.moved(&pose_ba);
                if !visitor.keep(nb, &ca, &ha) {
                    continue;
                }
                if visitor
                    .visit(na.index as usize, nb.index as usize)
                    .is_break()
                {
                    return;
                }
            }
            (leaf_a, leaf_b) => {
                let (_, ha) = na.centre_half();
                let open_a = !leaf_a && (leaf_b || ha.sum() >= h.sum());
                if len + 2 > stack.len() {
                    // Unreachable for trees built by median split (module
                    // docs of `bvh`); a guard, never a panic.
                    continue;
                }
                if open_a {
                    // The child whose centre is nearer B's is popped first:
                    // an overlap, which ends `intersects`, comes sooner.
                    let (l, r) = (na.index, na.index + 1);
                    let near = |k: u32| (ta.node(k as usize).centre_half().0 - c).norm_squared();
                    let (first, second) = if near(r) < near(l) { (r, l) } else { (l, r) };
                    stack[len] = (second, n);
                    stack[len + 1] = (first, n);
                } else {
                    stack[len] = (m, nb.index + 1);
                    stack[len + 1] = (m, nb.index);
                }
                len += 2;
            }
        }
    }
}

/// Runs `leaf(part, node)` over the nodes of `body` that `keep` accepts,
/// depth first, with a fixed-size stack; `Break` ends it.
pub(super) fn traverse<T, const N: usize, P>(
    body: &P,
    mut keep: impl FnMut(&Node<T, N>) -> bool,
    mut leaf: impl FnMut(usize) -> ControlFlow<()>,
) where
    T: Real,
    P: Parts<T, N> + ?Sized,
{
    let tree = body.tree();
    let mut stack = [0_u32; STACK];
    let mut len = 1;
    while len > 0 {
        len -= 1;
        let node = tree.node(stack[len] as usize);
        if !keep(node) {
            continue;
        }
        if node.leaf {
            if leaf(node.index as usize).is_break() {
                return;
            }
        } else if len + 2 <= stack.len() {
            stack[len] = node.index + 1;
            stack[len + 1] = node.index;
            len += 2;
        }
    }
}

/// The pairs of parts whose boxes meet within `margin`.
struct Within<T, F> {
    margin: T,
    f: F,
}

impl<T: Real, const N: usize, F: FnMut(usize, usize) -> ControlFlow<()>> PairVisitor<T, N>
    for Within<T, F>
{
    #[inline]
    fn keep(&self, a: &Node<T, N>, c: &Point<T, N>, h: &SVector<T, N>) -> bool {
        boxes_meet(&a.lo, &a.hi, c, h, self.margin)
    }
    #[inline]
    fn visit(&mut self, i: usize, j: usize) -> ControlFlow<()> {
        (self.f)(i, j)
    }
}

/// Calls `f(i, j, world pose of part i of A, of part j of B)` for every
/// part pair whose boxes come within `margin`, until it breaks.
pub(super) fn each_pair_within<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
    margin: T,
    mut f: impl FnMut(usize, usize, &Pose<T, N>, &Pose<T, N>) -> ControlFlow<()>,
) where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
{
    let pose_ab = pose_a.inv_mul(pose_b);
    let mut v = Within {
        margin,
        f: |i, j| f(i, j, &world_pose(a, pose_a, i), &world_pose(b, pose_b, j)),
    };
    traverse_pairs(a, b, &pose_ab, &mut v);
}

/// Whether the bodies overlap or touch: whether some part of A and some
/// part of B do ([`intersects`](crate::intersects) on the part pairs, the
/// first overlap found ends the search).
///
/// False when an input is NaN; poses too far apart for any shape to meet
/// give false, as for convex shapes.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, AnyShape2, Ball, Compound, Obb, Pose2};
///
/// let post = AnyShape2::from(Obb::new(Point2::origin(), Default::default(), Vector2::new(0.5, 2.0)).unwrap());
/// let goal = Compound::new(vec![
///     (Pose2::translation(-3.0, 0.0), post.clone()),
///     (Pose2::translation(3.0, 0.0), post),
/// ]).unwrap();
/// let ball = Ball::new(Point2::origin(), 1.0).unwrap();
/// // Through the goal between the posts: no contact.
/// assert!(!compound::intersects(&goal, &Pose2::identity(), &ball, &Pose2::identity()));
/// assert!(compound::intersects(&ball, &Pose2::translation(2.0, 0.0), &goal, &Pose2::identity()));
/// ```
#[must_use]
pub fn intersects<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> bool
where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
{
    if beyond_range(pose_a, pose_b).is_some() {
        return false;
    }
    let mut hit = false;
    each_pair_within(a, pose_a, b, pose_b, T::zero(), |i, j, pa, pb| {
        hit = crate::intersects(a.part(i), pa, b.part(j), pb);
        if hit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    hit
}

/// Whether part pair `(i, j)` comes before `(k, l)`: the tie rule of every
/// combining step, so that answers do not depend on the traversal order.
#[inline]
fn before(i: usize, j: usize, best: Option<(usize, usize)>) -> bool {
    best.is_none_or(|(k, l)| (i, j) < (k, l))
}

/// The deepest overlap of two bodies: among the part pairs that overlap or
/// touch, the one whose [`penetration`](crate::penetration) depth is
/// largest (ties: the smallest `(part_a, part_b)`), with its parts.
/// `None` when no part pair overlaps (or an input is NaN).
///
/// **Why the deepest.** A concave union has no single minimum translation
/// that SAT can find (docs/concave.md). The deepest part pair is the worst
/// violation, which a position solver wants to resolve first, and it is
/// never hidden by a shallow graze elsewhere, which the shallowest pair
/// would be. Its normal and depth are that pair's exact SAT answer; moving
/// B by its MTV separates those two parts, not necessarily the bodies (for
/// all the contacts, use [`contact_manifold`](super::contact_manifold)).
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2};
///
/// let step = |x: f64, h: f64| AnyShape2::from(Aabb::new(Point2::new(x, 0.0), Point2::new(x + 1.0, h)).unwrap());
/// let stairs = Compound::new(vec![(Pose2::identity(), step(0.0, 1.0)), (Pose2::identity(), step(1.0, 2.0))]).unwrap();
/// let plank = Aabb::new(Point2::new(-2.0, 0.0), Point2::new(4.0, 0.5)).unwrap();
/// let p = compound::penetration(&stairs, &Pose2::identity(), &plank, &Pose2::translation(0.0, 1.75)).unwrap();
/// // The plank sinks 0.25 into the high step and touches the low one: the high step wins.
/// assert_eq!((p.part_a, p.part_b), (1, 0));
/// assert_eq!(p.value.depth, 0.25);
/// assert_eq!(p.value.normal.into_inner(), Vector2::y());
/// ```
#[must_use]
pub fn penetration<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<PartPair<Penetration<T, N>>>
where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
{
    if beyond_range(pose_a, pose_b).is_some() {
        return None;
    }
    let pose_ab = pose_a.inv_mul(pose_b);
    let mut best: Option<PartPair<Penetration<T, N>>> = None;
    let mut v = Deeper {
        best: -T::one(),
        f: |i: usize, j: usize, best_depth: &mut T| {
            let (pa, pb) = (world_pose(a, pose_a, i), world_pose(b, pose_b, j));
            if let Some(p) = crate::penetration(a.part(i), &pa, b.part(j), &pb) {
                let better = match &best {
                    None => true,
                    Some(q) => match p.depth.partial_cmp(&q.value.depth) {
                        Some(Ordering::Greater) => true,
                        Some(Ordering::Equal) => before(i, j, Some((q.part_a, q.part_b))),
                        _ => false,
                    },
                };
                if better {
                    *best_depth = p.depth;
                    best = Some(PartPair {
                        value: p,
                        part_a: i,
                        part_b: j,
                    });
                }
            }
            ControlFlow::Continue(())
        },
    };
    traverse_pairs(a, b, &pose_ab, &mut v);
    best
}

/// Pairs whose boxes cannot be parted along any axis by less than the
/// deepest depth so far. A pair's penetration depth is the shortest move
/// that parts it, at most the shortest move along axis i,
/// `min(hi_A − lo_B, hi_B − lo_A)` of its projections, which only grows
/// for the boxes that hold them (in either frame, and for a node's boxes);
/// so a pair whose boxes part along some axis by a move shorter than the
/// best depth cannot beat it. Equal bounds are kept, for the tie rule.
struct Deeper<T, F> {
    best: T,
    f: F,
}

impl<T: Real, const N: usize, F: FnMut(usize, usize, &mut T) -> ControlFlow<()>> PairVisitor<T, N>
    for Deeper<T, F>
{
    #[inline]
    fn keep(&self, a: &Node<T, N>, c: &Point<T, N>, h: &SVector<T, N>) -> bool {
        (0..N).all(|i| {
            // The shortest move along axis i that parts the boxes.
            let push = (a.hi[i] - (c[i] - h[i])).min((c[i] + h[i]) - a.lo[i]);
            push >= T::zero() && push >= self.best
        })
    }
    #[inline]
    fn visit(&mut self, i: usize, j: usize) -> ControlFlow<()> {
        (self.f)(i, j, &mut self.best)
    }
}

/// Pairs whose boxes are no farther apart than the best distance so far.
struct Nearest<T, F> {
    best: T,
    f: F,
}

impl<T: Real, const N: usize, F: FnMut(usize, usize, &mut T) -> ControlFlow<()>> PairVisitor<T, N>
    for Nearest<T, F>
{
    #[inline]
    fn keep(&self, a: &Node<T, N>, c: &Point<T, N>, h: &SVector<T, N>) -> bool {
        box_distance(&a.lo, &a.hi, c, h) <= self.best
    }
    #[inline]
    fn visit(&mut self, i: usize, j: usize) -> ControlFlow<()> {
        (self.f)(i, j, &mut self.best)
    }
}

/// The Euclidean distance between two bodies: the smallest
/// [`distance`](crate::distance) over their part pairs, `0` exactly when
/// [`intersects`] is true. Part pairs whose boxes are farther apart than
/// the best so far are skipped (a box distance is a lower bound of the
/// parts'). NaN input gives NaN.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, AnyShape2, Ball, Compound, Pose2};
///
/// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
/// let pair = Compound::new(vec![
///     (Pose2::translation(0.0, 0.0), ball.clone()),
///     (Pose2::translation(10.0, 0.0), ball.clone()),
/// ]).unwrap();
/// assert_eq!(compound::distance(&pair, &Pose2::identity(), &ball, &Pose2::translation(13.0, 0.0)), 1.0);
/// ```
#[must_use]
pub fn distance<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> T
where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
{
    if !pose_is_finite(pose_a) || !pose_is_finite(pose_b) {
        return nan();
    }
    if let Some(far) = beyond_range(pose_a, pose_b) {
        return far.distance;
    }
    let pose_ab = pose_a.inv_mul(pose_b);
    let mut v = Nearest {
        best: T::max_value().unwrap_or_else(T::one),
        f: |i: usize, j: usize, best: &mut T| {
            let d = crate::distance(
                a.part(i),
                &world_pose(a, pose_a, i),
                b.part(j),
                &world_pose(b, pose_b, j),
            );
            if is_nan(d) {
                *best = d;
                return ControlFlow::Break(());
            }
            if d < *best {
                *best = d;
            }
            if *best <= T::zero() {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    };
    traverse_pairs(a, b, &pose_ab, &mut v);
    v.best
}

/// A NaN of `T`.
#[inline]
fn nan<T: Real>() -> T {
    T::zero() / T::zero()
}

/// The closest points of two bodies: the part pair of least
/// [`distance`](crate::distance) (ties: the smallest `(part_a,
/// part_b)`), with its [`closest_points`](crate::closest_points). When
/// the bodies overlap, the first overlapping pair in that order, with
/// distance 0. `None` only when an input is NaN or the poses are too far
/// apart to compare.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, AnyShape2, Ball, Compound, Pose2};
///
/// let ball = AnyShape2::from(Ball::new(Point2::origin(), 1.0).unwrap());
/// let pair = Compound::new(vec![
///     (Pose2::translation(0.0, 0.0), ball.clone()),
///     (Pose2::translation(10.0, 0.0), ball.clone()),
/// ]).unwrap();
/// let c = compound::closest_points(&pair, &Pose2::identity(), &ball, &Pose2::translation(13.0, 0.0)).unwrap();
/// assert_eq!((c.part_a, c.part_b, c.value.distance), (1, 0, 1.0));
/// assert_eq!(c.value.point_a, Point2::new(11.0, 0.0));
/// ```
#[must_use]
pub fn closest_points<T, const N: usize, A, B>(
    a: &A,
    pose_a: &Pose<T, N>,
    b: &B,
    pose_b: &Pose<T, N>,
) -> Option<PartPair<ClosestPoints<T, N>>>
where
    T: Real,
    A: Parts<T, N> + ?Sized,
    B: Parts<T, N> + ?Sized,
{
    if !pose_is_finite(pose_a) || !pose_is_finite(pose_b) || beyond_range(pose_a, pose_b).is_some()
    {
        return None;
    }
    let pose_ab = pose_a.inv_mul(pose_b);
    let mut found: Option<PartPair<ClosestPoints<T, N>>> = None;
    let mut v = Nearest {
        best: T::max_value().unwrap_or_else(T::one),
        f: |i: usize, j: usize, best: &mut T| {
            let c = crate::closest_points(
                a.part(i),
                &world_pose(a, pose_a, i),
                b.part(j),
                &world_pose(b, pose_b, j),
            );
            let better = match &found {
                None => !is_nan(c.distance),
                Some(q) => match c.distance.partial_cmp(&q.value.distance) {
                    Some(Ordering::Less) => true,
                    Some(Ordering::Equal) => before(i, j, Some((q.part_a, q.part_b))),
                    _ => false,
                },
            };
            if better {
                *best = c.distance;
                found = Some(PartPair {
                    value: c,
                    part_a: i,
                    part_b: j,
                });
            }
            ControlFlow::Continue(())
        },
    };
    traverse_pairs(a, b, &pose_ab, &mut v);
    found
}

/// Whether the world point lies in the body: in some part
/// ([`contains_point`](crate::contains_point) on the parts at their world
/// poses; the boundary counts). NaN gives `false`.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2};
///
/// let bar = |x0: f64, y0: f64, x1: f64, y1: f64| AnyShape2::from(Aabb::new(Point2::new(x0, y0), Point2::new(x1, y1)).unwrap());
/// let l = Compound::new(vec![(Pose2::identity(), bar(0.0, 0.0, 3.0, 1.0)), (Pose2::identity(), bar(0.0, 1.0, 1.0, 3.0))]).unwrap();
/// let id = Pose2::identity();
/// assert!(compound::contains_point(&l, &id, &Point2::new(0.5, 2.5)));
/// assert!(!compound::contains_point(&l, &id, &Point2::new(2.0, 2.0))); // the L's notch
/// ```
#[must_use]
pub fn contains_point<T, const N: usize, P>(
    body: &P,
    pose: &Pose<T, N>,
    point: &Point<T, N>,
) -> bool
where
    T: Real,
    P: Parts<T, N> + ?Sized,
{
    let local = pose.inverse_transform_point(point);
    let zero = SVector::zeros();
    let mut inside = false;
    traverse(
        body,
        |n| boxes_meet(&n.lo, &n.hi, &local, &zero, T::zero()),
        |i| {
            inside = crate::contains_point(body.part(i), &world_pose(body, pose, i), point);
            if inside {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    inside
}

/// The point of the body nearest to a world point, and a signed distance.
///
/// * Outside every part: the nearest boundary point of the union, exactly:
///   the [`project_point`](crate::project_point) of least distance over the
///   parts (ties: the smallest part index).
/// * Inside some part (`inside` true): the projection on the boundary of
///   the containing part where it is deepest (the most negative distance;
///   ties: the smallest index). Its point may lie inside the union where
///   parts meet, and `|distance|` is a lower bound of the distance to the
///   union's boundary: the disc (ball) of that radius lies in the part,
///   hence in the union (tests/compound.rs::inside_depth_is_a_lower_bound).
///
/// NaN input gives a NaN distance and `inside == false`.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2};
///
/// let bar = |x0: f64, y0: f64, x1: f64, y1: f64| AnyShape2::from(Aabb::new(Point2::new(x0, y0), Point2::new(x1, y1)).unwrap());
/// let l = Compound::new(vec![(Pose2::identity(), bar(0.0, 0.0, 3.0, 1.0)), (Pose2::identity(), bar(0.0, 1.0, 1.0, 3.0))]).unwrap();
/// let p = compound::project_point(&l, &Pose2::identity(), &Point2::new(2.0, 2.0)).unwrap();
/// // The notch: the floor's top (y = 1) and the wall's side (x = 1) are both 1 away.
/// assert_eq!((p.part, p.value.distance, p.value.inside), (0, 1.0, false));
/// ```
#[must_use]
pub fn project_point<T, const N: usize, P>(
    body: &P,
    pose: &Pose<T, N>,
    point: &Point<T, N>,
) -> Option<PartHit<PointProjection<T, N>>>
where
    T: Real,
    P: Parts<T, N> + ?Sized,
{
    if !pose_is_finite(pose) || !crate::real::all_finite(point.coords.iter()) {
        return None;
    }
    let local = pose.inverse_transform_point(point);
    let zero = SVector::zeros();
    // Inside some part: the deepest of the containing parts.
    let mut deepest: Option<PartHit<PointProjection<T, N>>> = None;
    traverse(
        body,
        |n| boxes_meet(&n.lo, &n.hi, &local, &zero, T::zero()),
        |i| {
            let world = world_pose(body, pose, i);
            if crate::contains_point(body.part(i), &world, point) {
                let p = crate::project_point(body.part(i), &world, point);
                if better_projection(&p, i, deepest.as_ref()) {
                    deepest = Some(PartHit { value: p, part: i });
                }
            }
            ControlFlow::Continue(())
        },
    );
    if deepest.is_some() {
        return deepest;
    }
    let best_distance = Cell::new(T::max_value().unwrap_or_else(T::one));
    let mut nearest: Option<PartHit<PointProjection<T, N>>> = None;
    traverse(
        body,
        |n| box_distance(&n.lo, &n.hi, &local, &zero) <= best_distance.get(),
        |i| {
            let p = crate::project_point(body.part(i), &world_pose(body, pose, i), point);
            if better_projection(&p, i, nearest.as_ref()) {
                best_distance.set(p.distance);
                nearest = Some(PartHit { value: p, part: i });
            }
            ControlFlow::Continue(())
        },
    );
    nearest
}

/// Whether projection `p` of part `i` beats `best`: a smaller signed
/// distance, ties to the smaller index.
#[inline]
fn better_projection<T: Real, const N: usize>(
    p: &PointProjection<T, N>,
    i: usize,
    best: Option<&PartHit<PointProjection<T, N>>>,
) -> bool {
    match best {
        None => !is_nan(p.distance),
        Some(q) => match p.distance.partial_cmp(&q.value.distance) {
            Some(Ordering::Less) => true,
            Some(Ordering::Equal) => i < q.part,
            _ => false,
        },
    }
}

/// The first time a ray meets the body within `max_toi`: the least
/// [`cast_ray`](crate::cast_ray) time over the parts (ties: the smallest
/// part index), with the part hit. Parts whose boxes the ray misses within
/// the best time so far are skipped.
///
/// `solid`: as for [`cast_ray`](crate::cast_ray), per part: a solid cast
/// from inside a part hits at time 0; a hollow one reports the first
/// boundary of any part it crosses, which may be where two parts meet
/// inside the union. `None` on a miss or NaN input.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, Aabb, AnyShape2, Compound, Pose2, Ray};
///
/// let bar = |x0: f64, y0: f64, x1: f64, y1: f64| AnyShape2::from(Aabb::new(Point2::new(x0, y0), Point2::new(x1, y1)).unwrap());
/// let l = Compound::new(vec![(Pose2::identity(), bar(0.0, 0.0, 3.0, 1.0)), (Pose2::identity(), bar(0.0, 1.0, 1.0, 3.0))]).unwrap();
/// // Down through the notch onto the floor.
/// let ray = Ray::new(Point2::new(2.0, 5.0), -Vector2::y());
/// let hit = compound::cast_ray(&l, &Pose2::identity(), &ray, 10.0, true).unwrap();
/// assert_eq!((hit.part, hit.value.toi, hit.value.point), (0, 4.0, Point2::new(2.0, 1.0)));
/// ```
#[must_use]
pub fn cast_ray<T, const N: usize, P>(
    body: &P,
    pose: &Pose<T, N>,
    ray: &Ray<T, N>,
    max_toi: T,
    solid: bool,
) -> Option<PartHit<RayHit<T, N>>>
where
    T: Real,
    P: Parts<T, N> + ?Sized,
{
    let o = pose.inverse_transform_point(&ray.origin);
    let d = pose.inverse_transform_vector(&ray.dir);
    if is_nan(max_toi) || (0..N).any(|i| is_nan(o[i]) || is_nan(d[i])) {
        return None;
    }
    let mut best: Option<PartHit<RayHit<T, N>>> = None;
    let limit = Cell::new(max_toi);
    traverse(
        body,
        |n| ray_enters(&n.lo, &n.hi, &o, &d, limit.get()).is_some(),
        |i| {
            let hit = crate::cast_ray(
                body.part(i),
                &world_pose(body, pose, i),
                ray,
                max_toi,
                solid,
            );
            if let Some(h) = hit {
                let better = match &best {
                    None => true,
                    Some(q) => match h.toi.partial_cmp(&q.value.toi) {
                        Some(Ordering::Less) => true,
                        Some(Ordering::Equal) => i < q.part,
                        _ => false,
                    },
                };
                if better {
                    limit.set(h.toi);
                    best = Some(PartHit { value: h, part: i });
                }
            }
            ControlFlow::Continue(())
        },
    );
    best
}

/// A particle moving in a straight line from `from` to `to` during one
/// step (source note 004's particle against a polygon): where it first
/// meets the body, as a solid [`cast_ray`] limited to the step, so `toi`
/// is the fraction of the step in `[0, 1]` (0 when `from` is inside).
/// `None` when the step misses. Works on a [`Compound`](super::Compound)
/// and on any convex shape.
///
/// ```
/// use nalgebra::{Point2, Vector2};
/// use separating_axis::{compound, ConvexPolygon, Pose2};
///
/// let wall = ConvexPolygon::new(&[
///     Point2::new(1.0, -1.0), Point2::new(2.0, -1.0), Point2::new(2.0, 1.0), Point2::new(1.0, 1.0),
/// ]).unwrap();
/// let id = Pose2::identity();
/// let hit = compound::cast_particle(&wall, &id, &Point2::new(0.0, 0.0), &Point2::new(4.0, 0.0)).unwrap();
/// assert_eq!((hit.value.toi, hit.value.point), (0.25, Point2::new(1.0, 0.0)));
/// assert_eq!(hit.value.normal.unwrap().into_inner(), -Vector2::x());
/// // A step that stops short of the wall.
/// assert!(compound::cast_particle(&wall, &id, &Point2::new(0.0, 0.0), &Point2::new(0.5, 0.0)).is_none());
/// ```
#[must_use]
pub fn cast_particle<T, const N: usize, P>(
    body: &P,
    pose: &Pose<T, N>,
    from: &Point<T, N>,
    to: &Point<T, N>,
) -> Option<PartHit<RayHit<T, N>>>
where
    T: Real,
    P: Parts<T, N> + ?Sized,
{
    cast_ray(body, pose, &Ray::new(*from, to - from), T::one(), true)
}
