//! Convex polyhedron against convex polyhedron: the engine's axes and
//! answer, with the work per axis cut down.
//!
//! The generic engine evaluates every candidate axis by two support scans.
//! Here, in A's frame with B placed by `R`, `t`:
//!
//! ```text
//! A's face nᵢ:    gap = −offsetᵢ − h_B(−Rᵀnᵢ) + nᵢ·t          one scan of B
//! B's face mⱼ:    gap = −h_A(−R mⱼ) − offsetⱼ − (−R mⱼ)·t       one scan of A
//!                 (scans are vectorised over packed vertices)
//! edge pairs, in B's frame, for each edge eᵢ of A:
//!     sₖ = mₖ · eᵢ for all of B's faces, once                   (vectorised)
//!     an edge of B with faces (f, g) passes the Gauss-map test's
//!         first half iff s_f · s_g < 0: a table look-up, no dot products
//!     survivors: u = eᵢ × e'ⱼ, oriented by A's faces
//!         bound = u · (b − a), a and b points of the two edges
//!         gap(u) = min_B u·x − max_A u·x <= bound for every u, so an axis
//!         whose bound cannot beat the best gap so far is dropped unscanned;
//!         the others get the two scans, as in the engine
//! ```
//!
//! When the two edges form a face of `A − B` (the Gauss-map test), the
//! bound is the gap itself; either way it is never below it, so dropping
//! on the bound never drops the winner and the answer is the engine's
//! (tests/polyhedra_3d.rs::hull_path_matches_engine). With the first
//! positive gap wanted (`intersects`, `penetration`), the face of A facing
//! B's origin and the face of B facing A's are tried first: for shapes
//! apart one of them usually separates.

use core::ops::ControlFlow;

use nalgebra::{Matrix3, Unit, Vector3};

use crate::engine::{self, cross3, BestAxis};
use crate::real::{parallel_tolerance, tie_tolerance};
use crate::{ConvexPolyhedron, Feature, Pose3, Real, Separation};

/// B's faces whose projections on an edge of A are kept on the stack;
/// beyond them the projections are computed pair by pair.
const FACE_TABLE: usize = 128;

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
    separation_with(a, pose_a, b, pose_b, false)
}

/// Whether two posed polyhedra overlap or touch; stops at the first
/// separating axis. NaN input gives `false`.
#[must_use]
pub fn intersects<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
) -> bool {
    separation_with(a, pose_a, b, pose_b, true).distance <= T::zero()
}

/// [`separation`], stopping at the first positive gap with `stop_at_gap`.
pub(crate) fn separation_with<T: Real>(
    a: &ConvexPolyhedron<T>,
    pose_a: &Pose3<T>,
    b: &ConvexPolyhedron<T>,
    pose_b: &Pose3<T>,
    stop_at_gap: bool,
) -> Separation<T, 3> {
    let pose_ab = pose_a.inv_mul(pose_b);
    let r = *pose_ab.rotation.matrix();
    let t = pose_ab.translation.vector;
    // Non-finite input: the engine's answer, NaN and all (its NaN contract).
    let local = if r.iter().chain(t.iter()).all(|x| x.is_finite()) {
        local_separation(a, b, &r, &t, stop_at_gap)
    } else {
        engine::local_separation(a, b, &pose_ab, stop_at_gap)
    };
    Separation {
        axis: pose_a.rotation * local.axis,
        ..local
    }
}

/// The separation in A's frame, B placed by `x ↦ R x + t`.
fn local_separation<T: Real>(
    a: &ConvexPolyhedron<T>,
    b: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    t: &Vector3<T>,
    stop_at_gap: bool,
) -> Separation<T, 3> {
    let h = Hulls { a, b, r, t };
    if stop_at_gap {
        if let Some(s) = h.probe() {
            return s;
        }
    }
    let mut best = BestAxis::new(stop_at_gap);
    let _ = h.scan(&mut best);
    best.finish().unwrap_or_else(|| Separation {
        // Unreachable: a polyhedron has faces, so some axis was offered.
        distance: T::zero(),
        axis: Unit::new_unchecked(Vector3::x()),
        feature: Feature::Fallback,
    })
}

/// The pair and B's placement in A's frame.
struct Hulls<'s, T: Real> {
    a: &'s ConvexPolyhedron<T>,
    b: &'s ConvexPolyhedron<T>,
    r: &'s Matrix3<T>,
    t: &'s Vector3<T>,
}

/// A gap and the scale of the terms it came from (for the tie rule).
struct Gap<T> {
    distance: T,
    scale: T,
}

impl<T: Real> Hulls<'_, T> {
    /// The gap along A's face `i`.
    #[inline]
    fn face_a(&self, i: usize) -> Gap<T> {
        let n = self.a.normals()[i].into_inner();
        let ha = self.a.offsets()[i];
        let hb = self.b.support_value(&-self.r.tr_mul(&n)) - n.dot(self.t);
        Gap {
            distance: -(ha + hb),
            scale: ha.abs() + hb.abs(),
        }
    }

    /// The axis `−R mⱼ` of B's face `j` (from A towards B) and its gap.
    #[inline]
    fn face_b(&self, j: usize) -> (Vector3<T>, Gap<T>) {
        let u = -(self.r * self.b.normals()[j].into_inner());
        let ha = self.a.support_value(&u);
        let hb = self.b.offsets()[j] - u.dot(self.t);
        let gap = Gap {
            distance: -(ha + hb),
            scale: ha.abs() + hb.abs(),
        };
        (u, gap)
    }

    /// The gap along `axis` (A's frame, from A towards B), by two scans.
    #[inline]
    fn scanned(&self, axis: &Vector3<T>) -> Gap<T> {
        let ha = self.a.support_value(axis);
        let hb = self.b.support_value(&-self.r.tr_mul(axis)) - axis.dot(self.t);
        Gap {
            distance: -(ha + hb),
            scale: ha.abs() + hb.abs(),
        }
    }

    /// The face of A that faces B's origin, then the face of B that faces
    /// A's: the first of them with a positive gap, if any.
    fn probe(&self) -> Option<Separation<T, 3>> {
        let towards_b = *self.t;
        let i = argmax_dot(self.a.normals(), &towards_b);
        let g = self.face_a(i);
        if g.distance > T::zero() {
            return Some(Separation {
                distance: g.distance,
                axis: self.a.normals()[i],
                feature: Feature::FaceA(i),
            });
        }
        let towards_a = -self.r.tr_mul(self.t);
        let j = argmax_dot(self.b.normals(), &towards_a);
        let (u, g) = self.face_b(j);
        (g.distance > T::zero()).then(|| Separation {
            distance: g.distance,
            axis: Unit::new_unchecked(u),
            feature: Feature::FaceB(j),
        })
    }

    /// Offers every axis, in the engine's order, to `best`.
    fn scan(&self, best: &mut BestAxis<T, 3>) -> ControlFlow<()> {
        for i in 0..self.a.normals().len() {
            let g = self.face_a(i);
            best.offer(g.distance, g.scale, self.a.normals()[i], Feature::FaceA(i))?;
        }
        for j in 0..self.b.normals().len() {
            let (u, g) = self.face_b(j);
            best.offer(
                g.distance,
                g.scale,
                Unit::new_unchecked(u),
                Feature::FaceB(j),
            )?;
        }
        self.edge_pairs(best)
    }

    /// The edge pairs that form faces of `A − B`, each scanned only when
    /// its bound can beat the best gap so far.
    fn edge_pairs(&self, best: &mut BestAxis<T, 3>) -> ControlFlow<()> {
        let (a, b, r) = (self.a, self.b, self.r);
        let tol = parallel_tolerance::<T>();
        let mut table = [T::zero(); FACE_TABLE];
        let tabled = b.normals().len().min(FACE_TABLE);
        let b_edges = b.edges().iter().zip(b.edge_faces()).zip(b.edge_vertices());
        for (i, ((ea, &[fa0, fa1]), &[va, _])) in a
            .edges()
            .iter()
            .zip(a.edge_faces())
            .zip(a.edge_vertices())
            .enumerate()
        {
            // A's edge, its faces and one of its points, in B's frame.
            let dir_a = r.tr_mul(&ea.direction);
            let na0 = r.tr_mul(&a.normals()[fa0]);
            let na1 = r.tr_mul(&a.normals()[fa1]);
            let pa = r.tr_mul(&(a.vertices()[va].coords - self.t));
            b.packed_normals().dots_into(&dir_a, &mut table[..tabled]);
            let s = |f: usize| {
                if f < FACE_TABLE {
                    table[f]
                } else {
                    b.normals()[f].dot(&dir_a)
                }
            };
            for (j, ((eb, &[fb0, fb1]), &[vb, _])) in b_edges.clone().enumerate() {
                // The Gauss-map test (engine::is_minkowski_face): B's arc,
                // negated, crosses the plane of A's arc ...
                let (s0, s1) = (s(fb0), s(fb1));
                if s0 * s1 >= T::zero() {
                    continue;
                }
                // ... and A's arc crosses the plane of B's, on the same side.
                let dir_b = &eb.direction;
                let (adc, bdc) = (na0.dot(dir_b), na1.dot(dir_b));
                if adc * bdc >= T::zero() || -s0 * bdc <= T::zero() {
                    continue;
                }
                let c = cross3(&dir_a, dir_b);
                let len = c.norm();
                if len <= tol {
                    continue;
                }
                let mut u = c / len;
                if u.dot(&(na0 + na1)) < T::zero() {
                    u = -u;
                }
                // The bound: the gap if the two edges were the supports.
                let pb = b.vertices()[vb].coords;
                let bound = u.dot(&(pb - pa));
                let slack = tie_tolerance::<T>()
                    * (pa.amax() + pb.amax())
                    * T::from_u8(8).unwrap_or_else(T::one);
                if best.distance().is_some_and(|d| bound < d - slack) {
                    continue;
                }
                let axis = r * u;
                let g = self.scanned(&axis);
                best.offer(
                    g.distance,
                    g.scale,
                    Unit::new_unchecked(axis),
                    Feature::EdgePair(i, j),
                )?;
            }
        }
        ControlFlow::Continue(())
    }
}

/// The index of the vector with the largest projection on `dir` (the
/// first on a tie).
#[inline]
fn argmax_dot<T: Real>(vs: &[Unit<Vector3<T>>], dir: &Vector3<T>) -> usize {
    let mut best = 0;
    let mut best_value = vs[0].dot(dir);
    for (k, v) in vs.iter().enumerate().skip(1) {
        let value = v.dot(dir);
        if value > best_value {
            best = k;
            best_value = value;
        }
    }
    best
}
