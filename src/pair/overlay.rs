//! The polyhedron pair's best axis by a walk over the overlaid Gauss
//! maps: every face of `A − B` found in `O(E_A + k)` steps for `k` edge
//! pairs that form faces, in place of the test of every edge pair
//! (docs/sat-proof.md §18).
//!
//! ```text
//! in B's frame, qf = −Rᵀ nf for each face f of A (B's support along qf
//! gives A's face gap)
//! locate q₀ in B's Gauss map: B's support vertex v₀ along q₀   (one scan)
//! for each edge of A, from face f (located at v) to face g, breadth first:
//!     w = qf × qg: the great circle of the arc qf → qg
//!     loop: in v's region (faces F₀ F₁ … around v, counter-clockwise),
//!           the arc leaves through the edge v–x between Fⱼ₋₁ and Fⱼ with
//!           w·Fⱼ₋₁ < 0 <= w·Fⱼ;
//!           if qg·x > qg·v: the edges cross (a face of A − B): its gap
//!                            from the two edges; v = x
//!           else: qg lies in v's region: B's support along qg is v
//! B's faces: A's support along each, climbing A from a neighbour's
//! ```
//!
//! Each step raises `qg · v`, so a walk ends within `V_B` steps whatever
//! round-off does. Every sign the walk decides (the start's location, the
//! ring's `w·F`, each `qg·x > qg·v`) must clear its round-off, so that the
//! walk is the exact one and misses no crossing (docs/sat-proof.md §18,
//! Lemma 18c); one that does not, a walk that ends where B's support is not
//! (the climb's check, or a second walk into a located face ending
//! elsewhere), or a best gap within round-off of zero, hands the query
//! back to the pair loop (`None`): then the verdict is exactly that of
//! `intersects`.

use nalgebra::{Matrix3, Unit, Vector3};

use crate::axis_search::{BestAxis, Gap, Scan};
use crate::geometry::unit_cross3;
use crate::shape::{Link, Plane};
use crate::{ConvexPolyhedron, Feature, Real, Separation};

/// The most faces a hull may have for the walk: its per-face tables live
/// on the stack.
pub(super) const MAX_FACES: usize = 256;

/// The best axis of the pair, B placed in A's frame by `x ↦ R x + t`, in
/// A's frame: the engine's answer up to round-off, or `None` when the
/// walk cannot vouch for it (see the module docs).
pub(super) fn separation<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    slack: T,
    scan: Scan,
) -> Option<Separation<T, 3>> {
    let (fa, fb) = (a.planes().len(), b.planes().len());
    if a.gauss().walk().is_empty() || b.gauss().walk().is_empty() {
        return None;
    }
    // The per-face tables sized for the larger hull: no more stack to
    // clear than it needs.
    match fa.max(fb) {
        0..=32 => walk::<T, 32>(a, b, r, t, slack, scan),
        33..=64 => walk::<T, 64>(a, b, r, t, slack, scan),
        65..=128 => walk::<T, 128>(a, b, r, t, slack, scan),
        129..=MAX_FACES => walk::<T, MAX_FACES>(a, b, r, t, slack, scan),
        _ => None,
    }
}

/// [`separation`] for hulls of at most `M` faces.
fn walk<T: Real, const M: usize>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    slack: T,
    scan: Scan,
) -> Option<Separation<T, 3>> {
    let (ga, gb) = (a.gauss(), b.gauss());
    // A's faces in B's frame: qf = −Rᵀ nf, B's support vertex along it
    // and its projection.
    let (pa, pb) = (a.planes(), b.planes());
    let mut qs = [Vector3::zeros(); M];
    for (q, p) in qs.iter_mut().zip(pa) {
        *q = -r.tr_mul(&p.normal);
    }
    let q = |f: usize| qs[f];
    let mut at = [u16::MAX; M];
    let mut hb = [T::zero(); M];
    // Every sign the walk decides must clear its round-off, or the walk
    // hands the query back: then the walk is the exact one on these
    // directions, which misses no crossing (docs/sat-proof.md §18).
    let eps = T::default_epsilon();
    let sure_side = eps * nalgebra::convert(64.0);
    let sure_height = sure_side * (b.reach() + T::one());
    let (v0, h0) = b.support_vertex(&q(0));
    // q₀ strictly inside v₀'s region: every neighbour lower along it.
    let p0 = b.vertex(v0);
    if gb
        .ring(v0)
        .iter()
        .any(|e| q(0).dot(&(b.vertex(e.to()) - p0)) >= -sure_height)
    {
        return None;
    }
    at[0] = v0 as u16;
    hb[0] = h0;
    let mut edge = BestEdge::default();
    for &step in ga.walk() {
        let (f, g) = (step.face(), step.to());
        let target = at[g] as usize;
        let mut v = at[f] as usize;
        if v == target {
            // Both ends in one region, which is convex: no crossing.
            continue;
        }
        let (qf, qg) = (q(f), q(g));
        let w = qf.cross(&qg);
        let inward = qf + qg;
        let mut pv = b.vertex(v);
        let mut hv = qg.dot(&pv);
        let mut a_edge = None;
        while v != target {
            // No clear exit: only under round-off.
            let exit = exit(gb.ring(v), pb, &w, sure_side)?;
            let x = exit.to();
            let px = b.vertex(x);
            let hx = qg.dot(&px);
            if (hx - hv).abs() <= sure_height {
                return None;
            }
            if hx < hv {
                break;
            }
            let ea = a_edge.get_or_insert_with(|| EdgeA::new(a, step.edge(), r, t));
            // The point on B's edge: its first vertex, one of its two ends.
            let first = if exit.to_is_first() { px } else { pv };
            edge.consider(ea, b, exit.edge(), first, &inward);
            v = x;
            pv = px;
            hv = hx;
        }
        if step.locates() {
            at[g] = v as u16;
            hb[g] = hv;
        } else if v != target && (hv - hb[g]).abs() > slack {
            // Two walks into face g disagree on B's support along qg.
            return None;
        }
    }
    // The threshold no dropped axis can reach: the best gap so far.
    // Within a class the first largest gap wins (`BestAxis`), so each
    // class offers only that one: A's faces' here, with the threshold no
    // dropped axis can reach, the best gap so far.
    let mut floor = edge.best.as_ref().map(|(g, ..)| g.distance);
    let mut face_a = None;
    for (i, p) in pa.iter().enumerate() {
        let d = -(p.offset + hb[i] - p.normal.dot(t));
        floor = Some(floor.map_or(d, |x: T| x.max(d)));
        keep_first_largest(
            &mut face_a,
            i,
            Gap::from_supports(p.offset, hb[i] - p.normal.dot(t)),
        );
    }
    let floor = floor.unwrap_or_else(T::zero);
    // B's faces: A's support along u = −R mg (A's frame), scanned when the
    // inner-ball bound leaves the face a chance.
    let (ca, ra) = a.inner_ball();
    let ca_in_b = r.tr_mul(&(ca.coords - t));
    let u_b = |j: usize| -(r * pb[j].normal);
    let mut face_b = None;
    for (j, p) in pb.iter().enumerate() {
        if p.normal.dot(&ca_in_b) - ra - p.offset < floor - slack {
            continue;
        }
        let ha = a.support_value(&u_b(j));
        keep_first_largest(
            &mut face_b,
            j,
            Gap::from_supports(ha, p.offset - u_b(j).dot(t)),
        );
    }
    // The best edge pair's gap again by two scans, as the engine computes
    // it: a pair the walk took for a face of `A − B` under round-off, where
    // the edges are not the supports, shows here as a smaller gap.
    let mut edge_gap = Gap {
        distance: T::zero(),
        scale: T::zero(),
    };
    if let Some((walked, u, ..)) = &mut edge.best {
        *u = r * *u;
        let hb_u = b.support_value(&-r.tr_mul(u)) - u.dot(t);
        edge_gap = Gap::from_supports(a.support_value(u), hb_u);
        if (edge_gap.distance - walked.distance).abs() > slack {
            return None;
        }
    }
    let mut best = BestAxis::new(scan);
    let mut offer = || -> core::ops::ControlFlow<()> {
        if let Some((i, gap)) = face_a {
            best.offer(gap, Unit::new_unchecked(pa[i].normal), Feature::FaceA(i))?;
        }
        if let Some((j, gap)) = face_b {
            best.offer(gap, Unit::new_unchecked(u_b(j)), Feature::FaceB(j))?;
        }
        if let Some((_, axis, i, j)) = edge.best {
            best.offer(edge_gap, Unit::new_unchecked(axis), Feature::EdgePair(i, j))?;
        }
        core::ops::ControlFlow::Continue(())
    };
    let _ = offer();
    let s = best.finish()?;
    // A face of A wins on B's support where the walks put it: checked by
    // a scan, as for an edge pair.
    if let Feature::FaceA(i) = s.feature
        && (b.support_value(&q(i)) - hb[i]).abs() > slack
    {
        return None;
    }
    // Near touching, the verdict is left to the pair loop, whose gaps are
    // those `intersects` computes.
    if s.distance.abs() <= slack {
        return None;
    }
    Some(s)
}

/// `(k, g)` in place of `best` unless `g` is no larger: the first largest
/// gap of a class, as [`BestAxis`] keeps it (a NaN gap replaces any).
#[inline(always)]
fn keep_first_largest<T: Real>(best: &mut Option<(usize, Gap<T>)>, k: usize, g: Gap<T>) {
    match best {
        Some((_, b)) if g.distance <= b.distance => {}
        _ => *best = Some((k, g)),
    }
}

/// The entry of `ring` through which the great circle with normal `w`
/// leaves the region, travelling with `w` on its left: the edge between
/// `Fⱼ₋₁` and `Fⱼ` with `w·Fⱼ₋₁ < 0 <= w·Fⱼ`. `None` when a sign is
/// within `sure` of zero (the circle passes within round-off of a corner
/// of the region, where the exit is not decided), or when the signs do not
/// change (the circle misses the region: only under round-off).
#[inline]
fn exit<T: Real>(ring: &[Link], planes: &[Plane<T>], w: &Vector3<T>, sure: T) -> Option<Link> {
    let mut before = planes[ring.last()?.face()].normal.dot(w);
    let mut found = None;
    for &entry in ring {
        let s = planes[entry.face()].normal.dot(w);
        if s.abs() <= sure {
            return None;
        }
        if before < T::zero() && s > T::zero() {
            found = Some(entry);
        }
        before = s;
    }
    found
}

/// An edge of A in B's frame, made when its walk first crosses an edge.
struct EdgeA<T: Real> {
    index: usize,
    dir: Vector3<T>,
    point: Vector3<T>,
}

impl<T: Real> EdgeA<T> {
    #[inline]
    fn new(a: &ConvexPolyhedron<T>, i: usize, r: &Matrix3<T>, t: &Vector3<T>) -> Self {
        let p = a.vertex(a.gauss().first_vertex(i));
        Self {
            index: i,
            dir: r.tr_mul(&a.walk_directions()[i]),
            point: r.tr_mul(&(p - t)),
        }
    }
}

/// The largest gap over the edge pairs found, with its axis (B's frame)
/// and edges; the first of equal gaps.
struct BestEdge<T: Real> {
    best: Option<(Gap<T>, Vector3<T>, usize, usize)>,
}

impl<T: Real> Default for BestEdge<T> {
    fn default() -> Self {
        Self { best: None }
    }
}

impl<T: Real> BestEdge<T> {
    /// A's edge and B's edge `j`, whose first vertex is `pb`, form a face
    /// of `A − B`: the axis
    /// `c = eA × eB`, oriented from A towards B (`inward` is minus the sum
    /// of A's two face normals), and the gap `c·(pB − pA) / |c|` between the
    /// two edges along it, which are the supports. The square root and the
    /// division wait until the gap beats the best one, compared squared.
    #[inline]
    fn consider(
        &mut self,
        ea: &EdgeA<T>,
        b: &ConvexPolyhedron<T>,
        j: usize,
        pb: Vector3<T>,
        inward: &Vector3<T>,
    ) {
        let dir_b = &b.walk_directions()[j];
        let mut c = ea.dir.cross(dir_b);
        if c.dot(inward) > T::zero() {
            c = -c;
        }
        let along = c.dot(&(pb - ea.point));
        let n2 = c.norm_squared();
        if let Some((best, ..)) = &self.best {
            // along / √n2 > d  ⇔  (signs) and along² ≷ d² n2.
            let d = best.distance;
            let beats = if along >= T::zero() {
                d < T::zero() || along * along > d * d * n2
            } else {
                d < T::zero() && along * along < d * d * n2
            };
            let eps = T::default_epsilon();
            if !beats && n2 > eps * eps {
                return;
            }
        }
        self.offer(ea, dir_b, pb, j, inward);
    }

    /// The pair's exact gap, kept when it beats the best: out of line, as
    /// it runs only for a pair the squared test above lets through (a few
    /// per query), so that the inlined test stays short.
    #[inline(never)]
    fn offer(
        &mut self,
        ea: &EdgeA<T>,
        dir_b: &Vector3<T>,
        pb: Vector3<T>,
        j: usize,
        inward: &Vector3<T>,
    ) {
        // The exact unit axis, robust for nearly parallel edges (the
        // squared test above is left to this for sin θ below ε); parallel
        // ones (a zero cross product) give no axis.
        let Some(u) = unit_cross3(&ea.dir, dir_b) else {
            return;
        };
        let mut u = u.into_inner();
        if u.dot(inward) > T::zero() {
            u = -u;
        }
        let (hb, ha) = (u.dot(&pb), u.dot(&ea.point));
        let gap = Gap {
            distance: hb - ha,
            scale: hb.abs() + ha.abs(),
        };
        if self
            .best
            .as_ref()
            .is_none_or(|(g, ..)| gap.distance > g.distance)
        {
            self.best = Some((gap, u, ea.index, j));
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;

    use nalgebra::{Point3, Rotation3, Translation3, Vector3};

    use super::*;
    use crate::engine;
    use crate::{Pose3, Posed, Support};

    use crate::test_rng::Rng;

    trait Draw {
        fn round_hull(&mut self, n: usize) -> ConvexPolyhedron<f64>;
        fn rotation(&mut self, angle: f64) -> Rotation3<f64>;
    }

    impl Draw for Rng {
        fn round_hull(&mut self, n: usize) -> ConvexPolyhedron<f64> {
            let points: Vec<_> = (0..n)
                .map(|_| {
                    let p = Vector3::new(self.next(), self.next(), self.next());
                    Point3::from(p / p.norm().max(0.3))
                })
                .collect();
            ConvexPolyhedron::from_hull(&points).unwrap()
        }
        fn rotation(&mut self, angle: f64) -> Rotation3<f64> {
            let axis = Vector3::new(self.next(), self.next(), self.next() + 0.1);
            Rotation3::from_axis_angle(&Unit::new_normalize(axis), angle)
        }
    }

    /// The walk's answer next to the engine's, `B` placed by `pose_ab` in
    /// A's frame; `true` when the walk answered.
    fn check(a: &ConvexPolyhedron<f64>, b: &ConvexPolyhedron<f64>, pose_ab: &Pose3<f64>) -> bool {
        let r = *pose_ab.rotation.matrix();
        let t = pose_ab.translation.vector;
        let slack = crate::real::bound_slack(t.amax() + a.reach() + b.reach());
        let engine = engine::local_separation(a, b, pose_ab, Scan::Best);
        let Some(walk) = separation(a, b, &r, &t, slack, Scan::Best) else {
            return false;
        };
        let context = alloc::format!("{walk:?} vs {engine:?}");
        let scale = 1.0 + t.amax();
        assert!(
            (walk.distance - engine.distance).abs() <= 1e-12 * scale,
            "{context}"
        );
        // The axis is one whose gap is the answer: the engine's own, or
        // an axis of equal gap (a tie).
        let pa = Pose3::identity();
        let along = -(Posed::new(a, &pa).local_support_value(&walk.axis)
            + Posed::new(b, pose_ab).local_support_value(&-walk.axis.into_inner()));
        assert!(
            (along - engine.distance).abs() <= 1e-12 * scale,
            "{context}"
        );
        true
    }

    // Random hulls of 4 to 64 points, overlapping and apart, at the origin
    // and 1e5 from it: the walk answers (it hands back no more than one
    // pair in a hundred) and its answer is the engine's.
    #[test]
    fn walk_matches_engine_on_random_hulls() {
        let mut rng = Rng(0x005e_ed0f_0ea1);
        let (mut answered, mut total) = (0, 0);
        for round in 0..600 {
            let n = [4, 8, 16, 32, 64][round % 5];
            let (a, b) = (rng.round_hull(n), rng.round_hull(n));
            let shift = if round % 3 == 0 { 1e5 } else { 0.0 };
            let t = Vector3::new(rng.next(), rng.next(), rng.next()) * 1.6;
            let angle = 3.0 * rng.next();
            let rot = rng.rotation(angle);
            let pose_a =
                Pose3::from_parts(Translation3::new(shift, -shift, shift), rng.rotation(1.0));
            let pose_b = Pose3::from_parts(Translation3::from(pose_a.translation.vector + t), rot);
            let pose_ab = pose_a.inv_mul(&pose_b);
            answered += usize::from(check(&a, &b, &pose_ab));
            total += 1;
        }
        assert!(answered * 100 >= total * 99, "{answered} of {total}");
    }

    // The certificate at work: B a translated copy of a random hull puts
    // arcs of A's Gauss map exactly on arcs of B's (signs exactly zero),
    // where the walk cannot vouch for a crossing and hands some queries
    // back; turned by 1e-9 rad, every sign clears its round-off and the
    // walk answers them all, with the engine's answer.
    #[test]
    fn walk_hands_back_where_a_sign_is_not_decided() {
        let mut rng = Rng(7);
        let (mut copies, mut turned) = (0, 0);
        for round in 0..200 {
            let a = rng.round_hull(16);
            let t = Vector3::new(rng.next(), rng.next(), rng.next()) * 1.5;
            let r = if round % 2 == 0 {
                Rotation3::identity()
            } else {
                rng.rotation(1e-9)
            };
            let answered = check(&a, &a, &Pose3::from_parts(Translation3::from(t), r));
            if round % 2 == 0 {
                copies += usize::from(!answered);
            } else {
                turned += usize::from(answered);
            }
        }
        assert!(copies > 0, "no copy handed back");
        assert_eq!(turned, 100, "a turned copy handed back");
    }

    // Degenerate overlays: B a copy of A turned by nothing or by 1e-15 to
    // 1e-6 rad (arcs on arcs, Gauss-map vertices on arcs, nearly parallel
    // edges), and cubes face to face (ties everywhere). Whatever the walk
    // answers is the engine's answer.
    #[test]
    fn walk_matches_engine_on_degenerate_overlays() {
        let mut rng = Rng(0x00de_c0de);
        let cube: Vec<_> = (0..8)
            .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
            .collect();
        let cube = ConvexPolyhedron::from_hull(&cube).unwrap();
        let mut answered = 0;
        for round in 0..300 {
            let a = if round % 2 == 0 {
                cube.clone()
            } else {
                rng.round_hull(16)
            };
            let angle = [0.0, 1e-15, 1e-12, 1e-9, 1e-6][round % 5];
            let t = Vector3::new(rng.next(), rng.next(), rng.next()) * 0.5;
            let pose_ab = Pose3::from_parts(Translation3::from(t), rng.rotation(angle));
            answered += usize::from(check(&a, &a, &pose_ab));
        }
        assert!(answered > 0);
    }
}
