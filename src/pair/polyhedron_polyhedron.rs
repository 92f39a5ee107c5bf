//! Convex polyhedron against convex polyhedron: the engine's axes, in the
//! engine's order, with every axis that provably cannot win left out.
//!
//! Any point `a` of A and `b` of B bound a gap from above:
//! `gap(u) = min_B u·x − max_A u·x <= u·b − u·a`. Each hull stores a ball
//! `(c, r)` inside it, so `min_B u·x <= u·c_B − r_B` too. In A's frame, with
//! B placed by `R`, `t`:
//!
//! ```text
//! probe: A's face facing B's origin, B's face facing A's   two scans
//!        positive gap → apart (first-gap queries stop here)
//!        else floor = the larger gap: the best will reach it
//! A's face nᵢ:  bound nᵢ·c_B − r_B − offsetᵢ; if hopeful, one scan of B
//! B's face mⱼ:  the same with A's ball; if hopeful, one scan of A
//! B's edges:    β = max over the edge's Gauss arc of v·(c_A − p) − r_A;
//!               hopeless edges are masked out of every pair
//! A's edge eᵢ:  α the same with B's ball; if hopeful:
//!     sₖ = mₖ · eᵢ for all of B's faces, once               (vectorised)
//!     B's live edges (f, g) with s_f · s_g < 0               (branch-free bits)
//!     the rest of the Gauss-map test; u = eᵢ × e'ⱼ, oriented by A's faces
//!     bound u · (b − a) on the two edges: the gap itself when they form a
//!         face of A − B; if hopeful, two scans
//! hopeless: bound < max(best so far, floor) − slack
//! ```
//!
//! Scans are vectorised over packed vertices (`shape/packed.rs`). Skipping
//! an axis whose gap is below the best never changes the engine's answer
//! (docs/sat-proof.md §14; tests/polyhedra_3d.rs::hull_path_matches_engine).
//! [`intersects`] needs only the sign, so its threshold is 0, and
//! overlapping inner balls answer it at once.

use core::ops::ControlFlow;

use nalgebra::{Matrix3, Unit, Vector3};

use super::overlay;
use crate::axis_search::{BestAxis, Gap, Scan};
use crate::engine;
use crate::geometry::unit_cross3;
use crate::gjk;
use crate::real::bound_slack;
use crate::real::is_nan;
use crate::shape::{EdgeRecord, Plane};
use crate::{ConvexPolyhedron, Feature, Pose3, Real, Separation};

/// B's faces whose projections on an edge of A fit a table on the stack;
/// for more faces the projections are computed pair by pair. A power of
/// two, so that `f % FACE_TABLE` needs no bounds check.
const FACE_TABLE: usize = 256;

/// 64-bit words of the mask of B's edges still worth pairing; edges beyond
/// `64 · LIVE_WORDS` are always paired.
const LIVE_WORDS: usize = 4;

/// The separation of two posed polyhedra; equal to
/// [`engine::separation`] on the same input.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{pair::polyhedron_polyhedron, ConvexPolyhedron, Pose3};
///
/// let corners: Vec<_> = (0..8)
///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
///     .collect();
/// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
/// let s = polyhedron_polyhedron::separation(
///     &cube, &Pose3::identity(), &cube, &Pose3::translation(0.0, 0.75, 0.0),
/// );
/// assert_eq!(s.distance, -0.25);
/// assert_eq!(s.axis.y, 1.0);
/// ```
#[must_use]
pub fn separation<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
) -> Separation<T, 3> {
    separation_with(a, pose_a, b, pose_b, Scan::Best)
}

/// Whether two posed polyhedra overlap or touch: the engine's verdict.
/// NaN input gives `false`.
///
/// Only the sign of the best gap matters, so every axis whose bound is not
/// positive is skipped (docs/sat-proof.md §14), and when the two inner
/// balls overlap, so do the shapes: deep pairs are answered at once.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{pair::polyhedron_polyhedron, ConvexPolyhedron, Pose3};
///
/// let corners: Vec<_> = (0..8)
///     .map(|i| Point3::new((i & 1) as f64, ((i >> 1) & 1) as f64, ((i >> 2) & 1) as f64))
///     .collect();
/// let cube = ConvexPolyhedron::from_hull(&corners).unwrap();
/// let id = Pose3::identity();
/// assert!(polyhedron_polyhedron::intersects(&cube, &id, &cube, &Pose3::translation(1.0, 0.0, 0.0))); // touching
/// assert!(!polyhedron_polyhedron::intersects(&cube, &id, &cube, &Pose3::translation(1.0, 1.0, 1.01)));
/// ```
#[must_use]
pub fn intersects<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
) -> bool {
    local_intersects(a, b, &pose_a.inv_mul(pose_b), None).intersects
}

/// [`intersects`] of A and B placed by `pose_ab` (A's frame), the face
/// around `near` (A's support vertex along B's origin, `distance`'s first)
/// that faces B's origin tried before the probe: a positive gap there, by
/// the probe's arithmetic, is one [`intersects`] finds too, so the verdict
/// is its own whatever `near` (docs/distance.md §11;
/// `tests::near_face_verdict_is_the_verdict`), and the face it tried.
#[inline]
pub(crate) fn intersects_near_face<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    pose_ab: &Pose3<T>,
    near: usize,
) -> NearVerdict<T> {
    local_intersects(a, b, pose_ab, Some(near))
}

/// What [`intersects_near_face`] found: `intersects`' verdict and, when it
/// tried a face of A around `near` (the pair is apart or its inner balls
/// do not overlap, and the hull keeps rings), that face's normal (A's
/// frame) and B's support vertex against it. `near` lies on that face, so
/// `near − (R b + t)` is the support point of `A − B` along the normal:
/// `distance`'s iteration starts there (docs/distance.md §11).
pub(crate) struct NearVerdict<T: Real> {
    pub(crate) intersects: bool,
    pub(crate) face: Option<(Vector3<T>, usize)>,
}

/// [`intersects`] in A's frame, with [`intersects_near_face`]'s face first when
/// `near` is given.
#[inline(always)]
fn local_intersects<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    pose_ab: &Pose3<T>,
    near: Option<usize>,
) -> NearVerdict<T> {
    let r = *pose_ab.rotation.matrix();
    let t = pose_ab.translation.vector;
    let verdict =
        |intersects: bool, face: Option<(Vector3<T>, usize)>| NearVerdict { intersects, face };
    if !fits_path(a, b, &r, &t) {
        let d = engine::local_separation(a, b, pose_ab, Scan::FirstGap).distance;
        return verdict(d <= T::zero(), None);
    }
    let mut face = None;
    if let Some(v) = near {
        // Before `Hulls` (unused on a separated pair): its inner-ball test,
        // so that an overlapping pair pays nothing more, then the face.
        let (ca, ra) = a.inner_ball();
        let (cb, rb) = b.inner_ball();
        let slack = bound_slack(max_abs(&t) + a.reach() + b.reach());
        if (r * cb.coords + t - ca.coords).norm() < ra + rb - slack {
            return verdict(true, None);
        }
        if let Some((n, j, apart)) = near_face(a, b, &r, &t, v) {
            face = Some((n, j));
            if apart {
                return verdict(false, face);
            }
        }
    }
    let h = Hulls::new(a, b, &r, &t);
    if h.inner_balls_overlap() {
        return verdict(true, face);
    }
    if let Probe::Apart(_) = h.probe() {
        return verdict(false, face);
    }
    if h.overlap_certified() {
        return verdict(true, face);
    }
    let mut best = BestAxis::new(Scan::FirstGap);
    let _ = h.scan(&mut best, T::zero());
    verdict(best.finish().is_none_or(|s| s.distance <= T::zero()), face)
}

/// Whether the path takes the pair: a finite placement (else the engine's
/// NaN contract applies) and hulls small enough for compact edge records
/// (a hull has edges, so an empty list of records means they did not fit).
#[inline]
fn fits_path<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
) -> bool {
    let compact = |h: &ConvexPolyhedron<T>| !h.edge_records().is_empty();
    // `x · 0` is ±0 for a finite `x`, NaN otherwise: one sum, no branches.
    let zeros = r
        .iter()
        .chain(t.iter())
        .fold(T::zero(), |s, &x| s + x * T::zero());
    zeros == T::zero() && compact(a) && compact(b)
}

/// [`separation`], scanning as `scan` says.
pub(crate) fn separation_with<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
    scan: Scan,
) -> Separation<T, 3> {
    let pose_ab = pose_a.inv_mul(pose_b);
    let r = *pose_ab.rotation.matrix();
    let t = pose_ab.translation.vector;
    let local = if fits_path(a, b, &r, &t) {
        local_separation(a, b, &r, &t, scan)
    } else {
        engine::local_separation(a, b, &pose_ab, scan)
    };
    local.to_world(&pose_a.rotation)
}

/// The separation in A's frame, B placed by `x ↦ R x + t`.
fn local_separation<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    scan: Scan,
) -> Separation<T, 3> {
    let h = Hulls::new(a, b, r, t);
    // Overlapping inner balls: the pair overlaps, and the probe (which
    // looks for a separating face) would find nothing the walk needs.
    if h.inner_balls_overlap()
        && let Some(s) = overlay::separation(a, b, r, t, h.slack, scan)
    {
        return s;
    }
    // The probe's gaps are gaps of axes offered later: the best is at least
    // their maximum, and no axis whose gap lies below it can win.
    let floor = match h.probe() {
        Probe::Apart(s) if scan == Scan::FirstGap => return s,
        Probe::Apart(s) => s.distance,
        Probe::Floor(d) => d,
    };
    if let Some(s) = overlay::separation(a, b, r, t, h.slack, scan) {
        return s;
    }
    let mut best = BestAxis::new(scan);
    let _ = h.scan(&mut best, floor);
    // A polyhedron has faces, and the probe's floor keeps the best of
    // them: some axis was offered, and the fallback is never taken.
    best.finish_or(|e0| h.scanned(e0).distance)
}

/// The pair and B's placement in A's frame, with what the bounds need.
struct Hulls<'s, T: Real> {
    a: &'s ConvexPolyhedron<T>,
    b: &'s ConvexPolyhedron<T>,
    r: &'s Matrix3<T>,
    t: &'s Vector3<T>,
    /// Each shape's inner ball, its centre in the other's frame:
    /// `min_B u·x <= u·c_B − r_B` for every unit `u`.
    ca_in_b: Vector3<T>,
    cb_in_a: Vector3<T>,
    ra: T,
    rb: T,
    /// A bound is trusted to drop an axis when it lies this far below the
    /// best gap: the round-off of the bound and of the gap together.
    slack: T,
}

/// What the probe found.
enum Probe<T: Real> {
    /// A positive gap.
    Apart(Separation<T, 3>),
    /// The larger of the two gaps, neither positive.
    Floor(T),
}

impl<'s, T: Real> Hulls<'s, T> {
    /// The pair, B placed in A's frame by `x ↦ R x + t`.
    fn new(
        a: &'s ConvexPolyhedron<T>,
        b: &'s ConvexPolyhedron<T>,
        r: &'s Matrix3<T>,
        t: &'s Vector3<T>,
    ) -> Self {
        let (ca, ra) = a.inner_ball();
        let (cb, rb) = b.inner_ball();
        Self {
            a,
            b,
            r,
            t,
            ca_in_b: r.tr_mul(&(ca.coords - t)),
            cb_in_a: r * cb.coords + t,
            ra,
            rb,
            slack: bound_slack(max_abs(t) + a.reach() + b.reach()),
        }
    }

    /// The axis `feature` names and its gap, computed as [`Hulls::scan`]
    /// computes them, when it is an axis the scan enumerates for this
    /// pair: any face of either hull, or an edge pair that passes the
    /// Gauss-map test with the same arithmetic. `None` otherwise (an index
    /// out of range from another pair's cache, edges no longer forming a
    /// face of `A − B`, a rounded or fallback feature).
    fn candidate(&self, feature: Feature) -> Option<Separation<T, 3>> {
        let (a, b, r, t) = (self.a, self.b, self.r, self.t);
        match feature {
            Feature::FaceA(i) if i < a.normals().len() => Some(Separation {
                distance: self.face_a(i).distance,
                axis: a.normals()[i],
                feature,
            }),
            Feature::FaceB(j) if j < b.normals().len() => {
                let (u, g) = self.face_b(j);
                Some(Separation {
                    distance: g.distance,
                    axis: Unit::new_unchecked(u),
                    feature,
                })
            }
            Feature::EdgePair(i, j) => {
                let ea = a.edge_records().get(i)?;
                let eb = b.edge_records().get(j)?;
                let pa = a.vertex(usize::from(ea.vertex));
                let [n0, n1] = ea.faces.map(|f| &a.normals()[f as usize]);
                let edge = EdgeA {
                    index: i,
                    dir: r.tr_mul(&ea.direction),
                    n0: r.tr_mul(n0),
                    n1: r.tr_mul(n1),
                    point: r.tr_mul(&(pa - t)),
                };
                // `crossing_bits`' test, on the values it would use.
                let nf = b.normals().len();
                let [f, g] = eb.faces.map(|k| k as usize);
                let (sf, sg) = if nf <= FACE_TABLE {
                    let mut table = [T::zero(); FACE_TABLE];
                    b.packed_normals().dots_into(&edge.dir, &mut table[..nf]);
                    (table[f % FACE_TABLE], table[g % FACE_TABLE])
                } else {
                    (b.normals()[f].dot(&edge.dir), b.normals()[g].dot(&edge.dir))
                };
                if sf * sg >= T::zero() || is_nan(sf * sg) {
                    return None;
                }
                let axis = r * self.edge_pair_axis(&edge, eb)?;
                Some(Separation {
                    distance: self.scanned(&axis).distance,
                    axis: Unit::new_unchecked(axis),
                    feature,
                })
            }
            _ => None,
        }
    }

    /// Whether the two inner balls overlap by more than the slack: then so
    /// do the hulls.
    #[inline]
    fn inner_balls_overlap(&self) -> bool {
        let (ca, _) = self.a.inner_ball();
        (self.cb_in_a - ca.coords).norm() < self.ra + self.rb - self.slack
    }

    /// Whether GJK encloses the origin in support points of `A − B` with
    /// room beyond the slack: then every axis's gap, as the pair loop
    /// computes it, is negative (`gjk::overlap_certified`,
    /// docs/sat-proof.md §19), and the pair overlaps. Started along the
    /// line between the inner balls' centres.
    fn overlap_certified(&self) -> bool {
        let (a, b, r, t) = (self.a, self.b, self.r, self.t);
        let support = |d: &Vector3<T>| {
            let pa = a.vertex(a.support_vertex(d).0);
            let pb = b.vertex(b.support_vertex(&-r.tr_mul(d)).0);
            pa - (r * pb + t)
        };
        let (ca, _) = a.inner_ball();
        gjk::overlap_certified(support, &(ca.coords - self.cb_in_a), T::zero(), || {
            self.slack
        })
    }

    /// Whether a bound on an axis's gap lies so far below `threshold` that
    /// the axis cannot win.
    #[inline]
    fn hopeless(&self, bound: T, threshold: T) -> bool {
        bound < threshold - self.slack
    }

    /// The gap along A's face `i`.
    #[inline]
    fn face_a(&self, i: usize) -> Gap<T> {
        face_gap(self.a, self.b, self.r, self.t, i)
    }

    /// The axis `−R mⱼ` of B's face `j` (from A towards B) and its gap.
    #[inline]
    fn face_b(&self, j: usize) -> (Vector3<T>, Gap<T>) {
        let Plane { normal, offset } = self.b.planes()[j];
        let u = -(self.r * normal);
        let ha = self.a.support_value(&u);
        let hb = offset - u.dot(self.t);
        (u, Gap::from_supports(ha, hb))
    }

    /// The gap along `axis` (A's frame, from A towards B), by two scans.
    #[inline]
    fn scanned(&self, axis: &Vector3<T>) -> Gap<T> {
        let ha = self.a.support_value(axis);
        let hb = self.b.support_value(&-self.r.tr_mul(axis)) - axis.dot(self.t);
        Gap::from_supports(ha, hb)
    }

    /// The face of A that faces B's origin, then the face of B that faces
    /// A's: the first of them with a positive gap, else the larger gap.
    fn probe(&self) -> Probe<T> {
        let towards_b = *self.t;
        let (i, _) = self.a.packed_normals().argmax_dot(&towards_b);
        let ga = self.face_a(i);
        if ga.distance > T::zero() {
            return Probe::Apart(Separation {
                distance: ga.distance,
                axis: Unit::new_unchecked(self.a.planes()[i].normal),
                feature: Feature::FaceA(i),
            });
        }
        let towards_a = -self.r.tr_mul(self.t);
        let (j, _) = self.b.packed_normals().argmax_dot(&towards_a);
        let (u, gb) = self.face_b(j);
        if gb.distance > T::zero() {
            return Probe::Apart(Separation {
                distance: gb.distance,
                axis: Unit::new_unchecked(u),
                feature: Feature::FaceB(j),
            });
        }
        Probe::Floor(ga.distance.max(gb.distance))
    }

    /// Offers every axis that can win, in the engine's order, to `best`;
    /// `floor` is a gap the best will reach.
    fn scan(&self, best: &mut BestAxis<T, 3>, floor: T) -> ControlFlow<()> {
        let threshold = |best: &BestAxis<T, 3>| best.distance().map_or(floor, |d| d.max(floor));
        // A's face nᵢ: h_B(−n) >= −n·c_B + r_B bounds the gap by
        // n·c_B − r_B − offsetᵢ.
        for (i, p) in self.a.planes().iter().enumerate() {
            if self.hopeless(
                p.normal.dot(&self.cb_in_a) - self.rb - p.offset,
                threshold(best),
            ) {
                continue;
            }
            let n = Unit::new_unchecked(p.normal);
            best.offer(self.face_a(i), n, Feature::FaceA(i))?;
        }
        // B's face mⱼ, axis u = −R mⱼ: h_A(u) >= u·c_A + r_A, and in B's
        // frame u·c_A = −mⱼ·c_A.
        for (j, p) in self.b.planes().iter().enumerate() {
            if self.hopeless(
                p.normal.dot(&self.ca_in_b) - self.ra - p.offset,
                threshold(best),
            ) {
                continue;
            }
            let (u, g) = self.face_b(j);
            best.offer(g, Unit::new_unchecked(u), Feature::FaceB(j))?;
        }
        self.edge_pairs(best, floor)
    }

    /// The edge pairs that form faces of `A − B`, each scanned only when
    /// its bound can beat the best gap so far.
    fn edge_pairs(&self, best: &mut BestAxis<T, 3>, floor: T) -> ControlFlow<()> {
        let (a, b, r, t) = (self.a, self.b, self.r, self.t);
        let threshold = |best: &BestAxis<T, 3>| best.distance().map_or(floor, |d| d.max(floor));
        // B's edge j: an axis u with −u on its arc has gap <= u·(p_B − c_A) − r_A,
        // the largest of which over the arc is β. Edges with β below the
        // best are dropped from every pair.
        let mut live = [u64::MAX; LIVE_WORDS];
        let after_faces = threshold(best);
        for (j, e) in b.edge_records().iter().take(64 * LIVE_WORDS).enumerate() {
            let pb = b.vertex(usize::from(e.vertex));
            let [g0, g1] = e.faces.map(|f| &b.normals()[f as usize]);
            let beta = arc_max(g0, g1, &e.direction, &(self.ca_in_b - pb)) - self.ra;
            live[j / 64] &= !(u64::from(self.hopeless(beta, after_faces)) << (j % 64));
        }
        let mut table = [T::zero(); FACE_TABLE];
        let tabled = b.normals().len() <= FACE_TABLE;
        for (i, ea) in a.edge_records().iter().enumerate() {
            // A's edge i: an axis u on its arc has gap <= u·(c_B − p_A) − r_B,
            // at most α over the arc.
            let pa = a.vertex(usize::from(ea.vertex));
            let [n0, n1] = ea.faces.map(|f| &a.normals()[f as usize]);
            let alpha = arc_max(n0, n1, &ea.direction, &(self.cb_in_a - pa)) - self.rb;
            if self.hopeless(alpha, threshold(best)) {
                continue;
            }
            // A's edge, its faces and its point, in B's frame.
            let edge = EdgeA {
                index: i,
                dir: r.tr_mul(&ea.direction),
                n0: r.tr_mul(n0),
                n1: r.tr_mul(n1),
                point: r.tr_mul(&(pa - t)),
            };
            // sₖ = mₖ · e for B's faces: B's edge (f, g) can cross A's arc
            // only if s_f and s_g have opposite signs.
            let records = b.edge_records();
            let nb = records.len();
            if tabled {
                let nf = b.normals().len();
                b.packed_normals().dots_into(&edge.dir, &mut table[..nf]);
            }
            for w in 0..nb.div_ceil(64) {
                let faces = &records[64 * w..nb.min(64 * w + 64)];
                let mut bits = if tabled {
                    crossing_bits(faces, |f| table[f % FACE_TABLE])
                } else {
                    crossing_bits(faces, |f| b.normals()[f].dot(&edge.dir))
                };
                bits &= live.get(w).copied().unwrap_or(u64::MAX);
                while bits != 0 {
                    let j = 64 * w + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    self.edge_axis(&edge, j, best, floor)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Offers the axis of A's edge and B's edge `j` when the two arcs
    /// cross (the rest of the Gauss-map test) and its bound can beat the
    /// best gap.
    #[inline]
    fn edge_axis(
        &self,
        ea: &EdgeA<T>,
        j: usize,
        best: &mut BestAxis<T, 3>,
        floor: T,
    ) -> ControlFlow<()> {
        let b = self.b;
        let eb = &b.edge_records()[j];
        let Some(u) = self.edge_pair_axis(ea, eb) else {
            return ControlFlow::Continue(());
        };
        // The bound: the gap if the two edges were the supports.
        let pb = b.vertex(usize::from(eb.vertex));
        let bound = u.dot(&(pb - ea.point));
        if self.hopeless(bound, best.distance().map_or(floor, |d| d.max(floor))) {
            return ControlFlow::Continue(());
        }
        let axis = self.r * u;
        best.offer(
            self.scanned(&axis),
            Unit::new_unchecked(axis),
            Feature::EdgePair(ea.index, j),
        )
    }

    /// The rest of the Gauss-map test for A's edge and B's edge `eb`
    /// (the first test, `s_f · s_g < 0`, ran in `crossing_bits`): their
    /// axis in B's frame, oriented by A's faces, when the arcs cross and
    /// the edges are not parallel.
    #[inline(always)]
    fn edge_pair_axis(&self, ea: &EdgeA<T>, eb: &EdgeRecord<T>) -> Option<Vector3<T>> {
        let dir_b = &eb.direction;
        // The rest of `engine::is_minkowski_face`, with its signs:
        // c = −m₀, so c·e_A = −s₀ (the first test ran in `crossing_bits`).
        let s0 = self.b.normals()[eb.faces[0] as usize].dot(&ea.dir);
        let (adc, bdc) = (ea.n0.dot(dir_b), ea.n1.dot(dir_b));
        if adc * bdc >= T::zero() || -s0 * bdc <= T::zero() {
            return None;
        }
        let mut u = unit_cross3(&ea.dir, dir_b)?.into_inner();
        if u.dot(&(ea.n0 + ea.n1)) < T::zero() {
            u = -u;
        }
        Some(u)
    }
}

/// An edge of A placed in B's frame: direction, faces' normals, a point.
struct EdgeA<T: Real> {
    index: usize,
    dir: Vector3<T>,
    n0: Vector3<T>,
    n1: Vector3<T>,
    point: Vector3<T>,
}

/// The gap along A's face `i`, B placed by `x ↦ R x + t`.
#[inline]
fn face_gap<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    i: usize,
) -> Gap<T> {
    let Plane {
        normal: n,
        offset: ha,
    } = a.planes()[i];
    let hb = b.support_value(&-r.tr_mul(&n)) - n.dot(t);
    Gap::from_supports(ha, hb)
}

/// The face of A around vertex `v` whose normal lies nearest the direction
/// of B's origin `t` (the first on a tie): its normal, B's support vertex
/// against it and whether its gap is positive (the gap [`face_gap`]
/// computes, to the bit: the packed argmax's value is the packed
/// maximum's). `None` when the hull keeps no rings (`v` out of range
/// included).
#[inline]
fn near_face<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    v: usize,
) -> Option<(Vector3<T>, usize, bool)> {
    let ring = a.gauss().ring_of(v)?;
    let planes = a.planes();
    let mut best: Option<(usize, T)> = None;
    for link in ring {
        let f = link.face();
        let p = planes.get(f)?;
        let d = p.normal.dot(t);
        if best.is_none_or(|(_, m)| d > m) {
            best = Some((f, d));
        }
    }
    let (f, _) = best?;
    let Plane {
        normal: n,
        offset: ha,
    } = planes[f];
    let (j, hb) = b.support_vertex(&-r.tr_mul(&n));
    let gap = Gap::from_supports(ha, hb - n.dot(t));
    Some((n, j, gap.distance > T::zero()))
}

/// Bit `k` set when the faces `(f, g)` of `edges[k]` project on opposite
/// sides (`s(f) · s(g) < 0`), for up to 64 edges; no branches.
#[inline]
fn crossing_bits<T: Real>(edges: &[EdgeRecord<T>], s: impl Fn(usize) -> T) -> u64 {
    let mut bits = 0;
    for (k, e) in edges.iter().enumerate() {
        let [f, g] = e.faces;
        bits |= u64::from(s(f as usize) * s(g as usize) < T::zero()) << k;
    }
    bits
}

/// The largest `u · w` over the unit vectors `u` on the arc from `n0` to
/// `n1` (shorter than a half circle), `e = normalise(n0 × n1)` its axis:
/// `|w'|` for `w'` the part of `w` in the arc's plane when `w'` points
/// into the arc, else the larger end.
#[inline]
fn arc_max<T: Real>(
    n0: &Unit<Vector3<T>>,
    n1: &Unit<Vector3<T>>,
    e: &Vector3<T>,
    w: &Vector3<T>,
) -> T {
    let wp = w - e * e.dot(w);
    if e.dot(&n0.cross(&wp)) >= T::zero() && e.dot(&wp.cross(n1)) >= T::zero() {
        wp.norm()
    } else {
        n0.dot(w).max(n1.dot(w))
    }
}

/// The largest absolute coordinate of `v`.
#[inline]
fn max_abs<T: Real>(v: &Vector3<T>) -> T {
    v.x.abs().max(v.y.abs()).max(v.z.abs())
}

#[path = "polyhedron_polyhedron_seeded.rs"]
mod seeded;
pub(crate) use seeded::{intersects_seeded, separation_seeded};

#[cfg(test)]
#[path = "polyhedron_polyhedron_tests.rs"]
mod tests;
