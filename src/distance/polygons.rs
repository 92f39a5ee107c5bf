//! Two convex polygons apart: the exact distance by a walk along the
//! boundary of `D = A − B` (docs/distance.md §8).
//!
//! `D` is a convex polygon: its vertices are differences `aᵢ − bⱼ` of a
//! vertex of A and one of B whose normal cones overlap, its edges A's
//! edges and B's reversed, in the order of their normals (the merge of two
//! sorted lists). The distance is the distance from the origin to `D`,
//! and along the part of `D`'s boundary that faces the origin (the edges
//! whose outward normal has the origin beyond it) the distance to the
//! origin falls, then rises: one minimum. So a walk that starts on that
//! part and moves along `D`'s edges while the distance falls ends at the
//! nearest point: inside an edge (the foot of the perpendicular; the axis
//! is that edge's normal, exactly) or at a vertex `aᵢ − bⱼ` (the axis
//! from `aᵢ` to `bⱼ`). The start is the edge of a separating axis found by
//! the polygon SAT's first-gap scan, the same gaps as `intersects` (the
//! one verdict). A cast (`sweep`) walks the same boundary to where the
//! ray `t·v` enters `D` (`entry`: the touch, no Newton steps); Newton's
//! steps on the walk, each from where the last ended, answer only when
//! that fails (a miss, a graze, round-off).
//!
//! Everything is computed in A's frame with B placed by the relative pose
//! (built from the difference of the poses, so exact for nearby polygons
//! far from the origin). The certificate is the polygons' gap along the
//! axis; NaN, a walk that does not end within `n + m` steps, and round-off
//! touches (the gap not confirming the distance within `16 ε` of the
//! scale) go to the iteration.

use core::cmp::Ordering;

use nalgebra::{Point, Unit, Vector2};

use super::boxes::Verdict;
use super::sweep::{advance, Advance, Slack, Sweep, MAX_STEPS};
use super::ClosestPoints;
use crate::axis_search::Scan;
use crate::pair::polygon_polygon;
use crate::real::is_nan;
use crate::{ConvexPolygon, Feature, Pose2, Real};

/// A nearest pair in A's frame: the point of A, the point of B, the unit
/// axis from A towards B, the distance and the gap along the axis (the
/// certificate, at most the distance).
struct Nearest<T: Real> {
    on_a: Vector2<T>,
    on_b: Vector2<T>,
    axis: Vector2<T>,
    distance: T,
    gap: T,
}

/// Two polygons in A's frame, B placed by `place`: the vertices and edges
/// of `D = A − B`.
struct Pair<'a, T: Real> {
    a: &'a ConvexPolygon<T>,
    b: &'a ConvexPolygon<T>,
    place: &'a Pose2<T>,
}

/// An edge of `D` from vertex `(i, j)`: its direction, its outward unit
/// normal (A's normal, or B's reversed: the axis from A towards B) and
/// whether it is A's edge `i` (else B's edge `j`).
struct Step<T: Real> {
    dir: Vector2<T>,
    normal: Vector2<T>,
    of_a: bool,
}

impl<T: Real> Pair<'_, T> {
    #[inline(always)]
    fn va(&self, i: usize) -> Vector2<T> {
        self.a.vertices()[i].coords
    }

    #[inline(always)]
    fn wb(&self, j: usize) -> Vector2<T> {
        self.place.transform_point(&self.b.vertices()[j]).coords
    }

    /// B's outward normal of edge `j`, reversed, in A's frame: the normal
    /// of the edge of `D` it gives.
    #[inline(always)]
    fn mb(&self, j: usize) -> Vector2<T> {
        -(self.place.rotation * self.b.normals()[j].into_inner())
    }

    #[inline(always)]
    fn next_a(&self, i: usize) -> usize {
        if i + 1 == self.a.vertices().len() {
            0
        } else {
            i + 1
        }
    }

    #[inline(always)]
    fn next_b(&self, j: usize) -> usize {
        if j + 1 == self.b.vertices().len() {
            0
        } else {
            j + 1
        }
    }

    #[inline(always)]
    fn prev_a(&self, i: usize) -> usize {
        if i == 0 {
            self.a.vertices().len() - 1
        } else {
            i - 1
        }
    }

    #[inline(always)]
    fn prev_b(&self, j: usize) -> usize {
        if j == 0 {
            self.b.vertices().len() - 1
        } else {
            j - 1
        }
    }

    /// The edge of `D` leaving vertex `(i, j)`: A's edge `i` when its
    /// normal comes first counter-clockwise (or with B's, parallel), else
    /// B's edge `j` reversed.
    #[inline(always)]
    fn leaving(&self, i: usize, j: usize) -> Step<T> {
        let (na, mb) = (self.a.normals()[i].into_inner(), self.mb(j));
        if cross(&na, &mb) >= T::zero() {
            Step {
                dir: self.va(self.next_a(i)) - self.va(i),
                normal: na,
                of_a: true,
            }
        } else {
            Step {
                dir: self.wb(j) - self.wb(self.next_b(j)),
                normal: mb,
                of_a: false,
            }
        }
    }

    /// Whether the edge of `D` arriving at vertex `(i, j)` is B's edge
    /// `j − 1` (its normal comes after A's `i − 1`, or with it), else
    /// A's `i − 1`.
    #[inline(always)]
    fn arriving_from_b(&self, i: usize, j: usize) -> bool {
        let na = self.a.normals()[self.prev_a(i)].into_inner();
        cross(&na, &self.mb(self.prev_b(j))) >= T::zero()
    }

    /// The walk from vertex `(i, j)` (on the part of `D` that faces the
    /// origin) to the nearest point: the pair, the axis from A towards B,
    /// and the signed distance (negative when the origin lies behind the
    /// edge it ends on: overlapping). `None` when it does not end within
    /// `n + m` steps (NaN, or a start that does not face the origin).
    #[inline(always)]
    fn walk(&self, start: (usize, usize)) -> Option<(Walked<T>, (usize, usize))> {
        let (mut i, mut j) = start;
        let bound = self.a.vertices().len() + self.b.vertices().len() + 2;
        for _ in 0..bound {
            let (a, b) = (self.va(i), self.wb(j));
            // From the vertex a − b of D to the origin: b − a.
            let to_origin = b - a;
            let step = self.leaving(i, j);
            let along = to_origin.dot(&step.dir);
            if along > T::zero() {
                let length2 = step.dir.norm_squared();
                if along < length2 {
                    // The foot inside the edge: the distance along its
                    // normal; the points on A's edge and B's vertex, or
                    // A's vertex and B's edge.
                    let s = along / length2;
                    let (on_a, on_b) = if step.of_a {
                        (a + step.dir * s, b)
                    } else {
                        (a, b - step.dir * s)
                    };
                    let signed = to_origin.dot(&step.normal);
                    return Some((
                        Walked {
                            on_a,
                            on_b,
                            axis: step.normal,
                            signed,
                        },
                        (i, j),
                    ));
                }
                if step.of_a {
                    i = self.next_a(i);
                } else {
                    j = self.next_b(j);
                }
                continue;
            }
            // Back along the arriving edge while the distance falls.
            let from_b = self.arriving_from_b(i, j);
            let back = if from_b {
                self.wb(self.prev_b(j)) - b
            } else {
                self.va(self.prev_a(i)) - a
            };
            // Moving from a − b back along the edge of D: a − b + back
            // (A's edge) or a − b − back (B's edge, reversed).
            let back = if from_b { -back } else { back };
            if to_origin.dot(&back) > T::zero() {
                if from_b {
                    j = self.prev_b(j);
                } else {
                    i = self.prev_a(i);
                }
                continue;
            }
            // The vertex itself.
            let length = to_origin.norm();
            if length.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
                return None;
            }
            return Some((
                Walked {
                    on_a: a,
                    on_b: b,
                    axis: to_origin / length,
                    signed: length,
                },
                (i, j),
            ));
        }
        None
    }

    /// The nearest point to the origin on the edge of `D` leaving vertex
    /// `(i, j)`, as the walk reports a foot inside an edge (clamped to
    /// the edge): the points, the edge's normal as the axis, and the
    /// signed distance along it.
    #[inline(always)]
    fn edge_end(&self, i: usize, j: usize) -> (Walked<T>, bool) {
        let (a, b) = (self.va(i), self.wb(j));
        let to_origin = b - a;
        let step = self.leaving(i, j);
        let length2 = step.dir.norm_squared();
        let along = to_origin.dot(&step.dir);
        let s = if along > T::zero() {
            if along < length2 {
                along / length2
            } else {
                T::one()
            }
        } else {
            T::zero()
        };
        let (on_a, on_b) = if step.of_a {
            (a + step.dir * s, b)
        } else {
            (a, b - step.dir * s)
        };
        (
            Walked {
                on_a,
                on_b,
                axis: step.normal,
                signed: to_origin.dot(&step.normal),
            },
            step.of_a,
        )
    }

    /// The end `w` of the edge of `D` leaving `(i, j)` (A's edge when
    /// `of_a`) certified by convexity: the edge's own polygon lies behind
    /// its edge line (its normal is that edge's), and the other polygon's
    /// vertex is its extreme along the axis when neither neighbour passes
    /// it by more than `slack` (a convex polygon's vertex that no neighbour
    /// passes along a direction is extreme along it). `None` when one
    /// does, when the polygons overlap by more than `slack` along the
    /// axis, or on NaN. The gap is the signed distance less the most a
    /// neighbour passes the vertex.
    #[inline(always)]
    fn certify_edge(
        &self,
        (i, j): (usize, usize),
        w: &Walked<T>,
        of_a: bool,
        slack: T,
    ) -> Option<Nearest<T>> {
        if w.signed.partial_cmp(&-slack) != Some(Ordering::Greater) {
            return None;
        }
        let n = w.axis;
        let (back, ahead) = if of_a {
            // B's vertex j least along n.
            let b = self.wb(j);
            (
                n.dot(&(self.wb(self.prev_b(j)) - b)),
                n.dot(&(self.wb(self.next_b(j)) - b)),
            )
        } else {
            // A's vertex i farthest along n.
            let a = self.va(i);
            (
                n.dot(&(a - self.va(self.prev_a(i)))),
                n.dot(&(a - self.va(self.next_a(i)))),
            )
        };
        let under = back.min(ahead);
        if under.partial_cmp(&-slack) != Some(Ordering::Greater) {
            return None;
        }
        let distance = if w.signed > T::zero() {
            w.signed
        } else {
            T::zero()
        };
        let gap = if under < T::zero() {
            w.signed + under
        } else {
            w.signed
        };
        Some(Nearest {
            on_a: w.on_a,
            on_b: w.on_b,
            axis: w.axis,
            distance,
            gap: if gap > distance { distance } else { gap },
        })
    }

    /// The vertex of `D` that starts the walk from a separating axis:
    /// A's edge `i` with B's vertex least along its normal, or B's edge
    /// `j` with A's vertex farthest along its reversed normal.
    #[inline(always)]
    fn start(&self, feature: Feature) -> Option<(usize, usize)> {
        match feature {
            Feature::FaceA(i) => {
                let dir = self
                    .place
                    .rotation
                    .inverse_transform_vector(&self.a.normals()[i]);
                Some((i, least(self.b, &dir)))
            }
            Feature::FaceB(j) => {
                // A's vertex farthest along −m (m: B's normal, A's frame).
                let m = -self.mb(j);
                Some((least(self.a, &m), j))
            }
            _ => None,
        }
    }
}

/// Where a walk ends: the points (A's frame), the axis from A towards B
/// and the signed distance.
struct Walked<T: Real> {
    on_a: Vector2<T>,
    on_b: Vector2<T>,
    axis: Vector2<T>,
    signed: T,
}

/// `x × y` (z of the 3D cross product).
#[inline(always)]
fn cross<T: Real>(x: &Vector2<T>, y: &Vector2<T>) -> T {
    x.x * y.y - x.y * y.x
}

/// The vertex of `p` least along `dir` (`p`'s own frame), the first on a
/// tie: the polygon SAT's scan, on the vertices relative to vertex 0.
#[inline(always)]
fn least<T: Real>(p: &ConvexPolygon<T>, dir: &Vector2<T>) -> usize {
    polygon_polygon::min_projection(p.anchored().1, dir).1
}

/// The polygons' gap along `u` (A's frame, A towards B), B placed by
/// `place`, and the scale of the terms.
#[inline(always)]
fn gap_along<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    place: &Pose2<T>,
    u: &Vector2<T>,
) -> (T, T) {
    let va = a.vertices();
    let mut hi = va[0].coords.dot(u);
    let mut scale = T::zero();
    for v in va {
        hi = hi.max(v.coords.dot(u));
        scale = scale.max(v.x.abs() + v.y.abs());
    }
    let ub = place.rotation.inverse_transform_vector(u);
    let vb = b.vertices();
    let mut lo = vb[0].coords.dot(&ub);
    let mut reach_b = T::zero();
    for v in vb {
        lo = lo.min(v.coords.dot(&ub));
        reach_b = reach_b.max(v.x.abs() + v.y.abs());
    }
    let t = place.translation.vector;
    (lo + u.dot(&t) - hi, scale + reach_b + t.x.abs() + t.y.abs())
}

/// A walk's end certified: the nearest pair, or `None` when the gap
/// along its axis does not confirm the distance (round-off touches), or
/// the polygons overlap by more than `slack` (the walk ended behind an
/// edge).
#[inline(always)]
fn certify<T: Real>(pair: &Pair<'_, T>, w: &Walked<T>, slack: T) -> Option<Nearest<T>> {
    if w.signed.partial_cmp(&-slack) != Some(Ordering::Greater) {
        return None;
    }
    let distance = if w.signed > T::zero() {
        w.signed
    } else {
        T::zero()
    };
    let (gap, scale) = gap_along(pair.a, pair.b, pair.place, &w.axis);
    if distance - gap > T::default_epsilon() * nalgebra::convert(16.0) * scale {
        return None;
    }
    Some(Nearest {
        on_a: w.on_a,
        on_b: w.on_b,
        axis: w.axis,
        distance,
        gap: if gap > distance { distance } else { gap },
    })
}

/// The closest points of two polygons: [`Verdict::Overlap`] exactly when
/// `polygon_polygon::intersects` is true (the first-gap scan of the same
/// gaps), else the walk, or [`Verdict::Generic`] for NaN and round-off
/// touches.
#[inline]
pub(super) fn query<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
) -> Verdict<T, 2> {
    let place = pose_a.inv_mul(pose_b);
    let s = polygon_polygon::separation_with(a, &Pose2::identity(), b, &place, Scan::FirstGap);
    if is_nan(s.distance) {
        return Verdict::Generic;
    }
    if s.distance <= T::zero() {
        return Verdict::Overlap;
    }
    let pair = Pair {
        a,
        b,
        place: &place,
    };
    let near = pair
        .start(s.feature)
        .and_then(|start| pair.walk(start))
        .and_then(|(w, _)| certify(&pair, &w, T::zero()));
    match near {
        Some(near) => Verdict::Apart(world(&near, pose_a)),
        None => Verdict::Generic,
    }
}

/// A nearest pair in A's frame, posed by `pose_a`, as [`ClosestPoints`].
#[inline(always)]
fn world<T: Real>(near: &Nearest<T>, pose_a: &Pose2<T>) -> ClosestPoints<T, 2> {
    ClosestPoints {
        point_a: pose_a * Point::from(near.on_a),
        point_b: pose_a * Point::from(near.on_b),
        axis: Unit::new_unchecked(pose_a.rotation * near.axis),
        distance: near.distance,
        gap: near.gap,
    }
}

/// `|x| + |y|` of a polygon's anchor plus its reach from it: a bound of
/// its vertices' coordinates, the scale of their round-off.
#[inline(always)]
fn extent<T: Real>(p: &ConvexPolygon<T>) -> T {
    let (anchor, _) = p.anchored();
    anchor.x.abs() + anchor.y.abs() + p.inner_disc().2
}

/// `sweep.rs`'s cast of two translating polygons apart at time 0: the
/// entry of the ray `t·v` into `D` (`entry`, one walk), else (a miss, a
/// graze, round-off) Newton's iteration with the closed form in place of
/// the min-norm iteration (`newton`). B's pose in A's frame moves by
/// `time·v`. `Some(None)` when they do not touch by `max_toi`; `None` on
/// NaN, or when a step finds them overlapping beyond round-off or
/// uncertified (the generic sweep answers).
#[allow(
    clippy::too_many_arguments,
    reason = "two posed, moving shapes, a limit and a tolerance, as sweep.rs"
)]
pub(super) fn sweep<T: Real>(
    a: &ConvexPolygon<T>,
    pose_a: &Pose2<T>,
    vel_a: &Vector2<T>,
    b: &ConvexPolygon<T>,
    pose_b: &Pose2<T>,
    vel_b: &Vector2<T>,
    max_toi: T,
    tol: Slack<T>,
) -> Option<Option<Sweep<T, 2>>> {
    let start = pose_a.inv_mul(pose_b);
    let v = pose_a.rotation.inverse_transform_vector(&(vel_b - vel_a));
    if is_nan(v.x) || is_nan(v.y) {
        return None;
    }
    let reach = extent(a) + extent(b);
    let motion = Motion {
        start: &start,
        v: &v,
        pose_a,
        vel_a,
        reach,
    };
    if let Some(hit) = entry(a, b, &motion, max_toi, tol) {
        return Some(Some(hit));
    }
    newton(a, b, &motion, max_toi, tol)
}

/// B's motion in A's frame: its pose at time 0 and its velocity; A's
/// world pose and velocity (for the answer), and the polygons' extents.
struct Motion<'m, T: Real> {
    start: &'m Pose2<T>,
    v: &'m Vector2<T>,
    pose_a: &'m Pose2<T>,
    vel_a: &'m Vector2<T>,
    reach: T,
}

impl<T: Real> Motion<'_, T> {
    /// B's pose in A's frame at `time`.
    #[inline(always)]
    fn place(&self, time: T) -> Pose2<T> {
        let mut place = *self.start;
        place.translation.vector += self.v * time;
        place
    }

    /// The round-off slack at `place`: `16 ε` of the scale.
    #[inline(always)]
    fn slack(&self, place: &Pose2<T>) -> T {
        let t = place.translation.vector;
        T::default_epsilon() * nalgebra::convert(16.0) * (self.reach + t.x.abs() + t.y.abs())
    }

    /// The touch at `time` on the edge of `D` leaving `(i, j)`, certified
    /// (`Pair::certify_edge`): `None` when the certificate fails or the
    /// distance exceeds `tol`.
    #[inline(always)]
    fn touch(
        &self,
        pair: &Pair<'_, T>,
        at: (usize, usize),
        time: T,
        tol: T,
    ) -> Option<Sweep<T, 2>> {
        let (walked, of_a) = pair.edge_end(at.0, at.1);
        let near = pair.certify_edge(at, &walked, of_a, self.slack(pair.place))?;
        if near.distance > tol {
            return None;
        }
        let mut moved_a = *self.pose_a;
        moved_a.translation.vector += self.vel_a * time;
        Some(Sweep {
            toi: time,
            closest: world(&near, &moved_a),
        })
    }
}

/// The first touch as the entry of the ray `t·v` (`t >= 0`) into
/// `D = A − B` at time 0 (docs/casts.md): B touches A at `t` exactly when
/// `t·v` lies in `D`. Along the part of `D`'s boundary that faces the ray
/// (edges whose outward normal `n` has `n·v < 0`), the side of the ray's
/// line, `v × p`, falls strictly counter-clockwise; the walk starts at
/// `D`'s vertex least along `v` (on that part) and moves along it towards
/// the line until the side changes: the edge there holds the entry, at
/// `t = n·p / n·v`. The answer is that edge's walk end at that time,
/// certified as `newton`'s touch. `None` (Newton answers) when the line
/// misses `D` or meets it behind the origin, beyond `max_toi`, on NaN,
/// at a vertex the line only grazes, or when the certificate fails.
#[inline(always)]
fn entry<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    motion: &Motion<'_, T>,
    max_toi: T,
    tol: Slack<T>,
) -> Option<Sweep<T, 2>> {
    let v = *motion.v;
    let pair = Pair {
        a,
        b,
        place: motion.start,
    };
    // D's vertex least along v: A's vertex least along v, B's farthest.
    let vb = motion.start.rotation.inverse_transform_vector(&v);
    let (mut i, mut j) = (least(a, &v), least(b, &-vb));
    let at = |i: usize, j: usize| pair.va(i) - pair.wb(j);
    let mut p = at(i, j);
    let mut side = cross(&v, &p);
    let bound = a.vertices().len() + b.vertices().len() + 2;
    let mut found = None;
    for _ in 0..bound {
        if side > T::zero() {
            // Forwards: the leaving edge, if it faces the ray.
            let step = pair.leaving(i, j);
            if cross(&v, &step.dir).partial_cmp(&T::zero()) != Some(Ordering::Less) {
                return None;
            }
            let (ni, nj) = if step.of_a {
                (pair.next_a(i), j)
            } else {
                (i, pair.next_b(j))
            };
            let q = at(ni, nj);
            let next = cross(&v, &q);
            if next <= T::zero() {
                found = Some((i, j, p, step.normal));
                break;
            }
            (i, j, p, side) = (ni, nj, q, next);
        } else if side < T::zero() {
            // Backwards: the arriving edge, if it faces the ray.
            let (pi, pj) = if pair.arriving_from_b(i, j) {
                (i, pair.prev_b(j))
            } else {
                (pair.prev_a(i), j)
            };
            let r = at(pi, pj);
            if cross(&v, &(p - r)).partial_cmp(&T::zero()) != Some(Ordering::Less) {
                return None;
            }
            let prev = cross(&v, &r);
            (i, j, p, side) = (pi, pj, r, prev);
            if prev >= T::zero() {
                found = Some((i, j, p, pair.leaving(i, j).normal));
                break;
            }
        } else {
            // On the line (or NaN): the leaving edge if it faces the ray.
            let step = pair.leaving(i, j);
            if cross(&v, &step.dir).partial_cmp(&T::zero()) != Some(Ordering::Less) {
                return None;
            }
            found = Some((i, j, p, step.normal));
            break;
        }
    }
    let (i, j, p, normal) = found?;
    let rate = normal.dot(&v);
    let time = normal.dot(&p) / rate;
    // Behind the origin, beyond max_toi, or NaN: Newton decides.
    if rate.partial_cmp(&T::zero()) != Some(Ordering::Less)
        || time.partial_cmp(&T::zero()) != Some(Ordering::Greater)
        || time.partial_cmp(&max_toi).is_none_or(Ordering::is_gt)
    {
        return None;
    }
    let place = motion.place(time);
    let pair = Pair {
        a,
        b,
        place: &place,
    };
    motion.touch(&pair, (i, j), time, tol.at(time))
}

/// Newton's iteration on the walk (docs/casts.md): each step walks from
/// where the last ended. The first walk starts at the vertex of D whose
/// normals hold the direction between the polygons' origins (cheap, and
/// usually on the part of D that faces the origin). A start on the far
/// side can end on a far edge with the origin behind it: then once more
/// from SAT's separating axis (the caller found the polygons apart),
/// which faces the origin.
fn newton<T: Real>(
    a: &ConvexPolygon<T>,
    b: &ConvexPolygon<T>,
    motion: &Motion<'_, T>,
    max_toi: T,
    tol: Slack<T>,
) -> Option<Option<Sweep<T, 2>>> {
    let (start, v) = (motion.start, *motion.v);
    let toward = start.translation.vector;
    let mut vertex = (
        least(a, &-toward),
        least(b, &start.rotation.inverse_transform_vector(&toward)),
    );
    let mut from_sat = false;
    let mut time = T::zero();
    for _ in 0..MAX_STEPS {
        let place = motion.place(time);
        // A step that lands on the touch may leave the polygons
        // overlapping by round-off: distance 0 there.
        let slack = motion.slack(&place);
        let pair = Pair {
            a,
            b,
            place: &place,
        };
        let (walked, end) = match pair.walk(vertex) {
            Some((w, end)) if w.signed > -slack => (w, end),
            _ if !from_sat && time == T::zero() => {
                from_sat = true;
                let s = polygon_polygon::separation_with(
                    a,
                    &Pose2::identity(),
                    b,
                    start,
                    Scan::FirstGap,
                );
                if s.distance.partial_cmp(&T::zero()) != Some(Ordering::Greater) {
                    return None;
                }
                pair.walk(pair.start(s.feature)?)?
            }
            _ => return None,
        };
        vertex = end;
        // No certificate per step (the touch's answer has one): the walk's
        // end is the nearest point whenever it lies in front of its edge.
        let d = if walked.signed > T::zero() {
            walked.signed
        } else {
            T::zero()
        };
        match advance(time, d, walked.axis.dot(&v), tol.at(time), max_toi) {
            Advance::Miss => return Some(None),
            Advance::To(next) => time = next,
            Advance::Touch => {
                let near = certify(&pair, &walked, slack)?;
                let mut moved_a = *motion.pose_a;
                moved_a.translation.vector += motion.vel_a * time;
                return Some(Some(Sweep {
                    toi: time,
                    closest: world(&near, &moved_a),
                }));
            }
        }
    }
    Some(None)
}
