//! A box against a convex polyhedron, `intersects` only: the engine's
//! verdict, decided with a margin where that is cheap and left to the
//! engine where it is not.
//!
//! Computed in the hull's frame, the box placed by its centre `c`, axes
//! `r₀ r₁ r₂` and half extents `h`. The engine's axes for this pair are the
//! box's six face normals, the hull's faces, and every box axis crossed
//! with every hull edge (a box's edges carry no faces, so the engine prunes
//! none of these pairs), oriented by the hull's faces.
//!
//! ```text
//! slack = bound_slack(scale of the pair, world translations included)
//! the hull's inner ball within h_min of the box's core box       → overlap
//!     (the box less h_min on every side: a ball of radius h_min
//!     about each of its points lies in the box), by > slack
//! box faces:  hull vertices in the box's frame, gap per axis     > slack → apart
//! hull faces: n·c − Σₖ |n·rₖ| hₖ − offset                        > slack → apart
//! the box's centre in the hull, or the hull's inner centre in the box,
//!     with the two balls about it reaching beyond slack          → overlap
//! GJK (gjk.rs) encloses the origin in hull − box with room       → overlap
//! box axis rₖ × hull edge e where the great circle ⊥ rₖ crosses e's Gauss
//!     arc, in the box's frame (rₖ a coordinate axis, the edge's vertex the
//!     hull's support): gap > slack / |rₖ × e|, confirmed by a scan → apart
//!     every sign test clear of round-off and every gap, faces included,
//!     below −slack: those are all the facets of hull − box        → overlap
//! otherwise                                                       → the engine
//! ```
//!
//! Why the verdict is the engine's: an "apart" needs one of the engine's
//! own axes with a gap above the round-off of both computations (the
//! slack, which counts the world translations because the two sides
//! compose the poses in different orders; an edge axis's direction carries
//! round-off divided by the length of the cross product, hence the
//! division). GJK's distance alone does not show "apart": the best axis of
//! a polytope pair may see only a fraction of the distance (a sharp vertex
//! against a face). An "overlap" is a ball about the origin inside
//! `hull − box` of radius beyond the slack (docs/sat-proof.md §19), so
//! every axis's gap is negative on the engine's arithmetic too. The rest,
//! near touching or unproved, runs the engine
//! (tests/hull_pairs.rs::box_hull_path_matches_engine).

use core::cmp::Ordering;

use nalgebra::{Matrix3, Vector3};

use crate::gjk::{self, Bracket};
use crate::real::bound_slack;
use crate::{ConvexPolyhedron, Obb, Pose3, Real};

/// Faces whose sign bits on the box's axes are kept in a table on the
/// stack for the edge loop; a hull with more faces skips the loop (GJK or
/// the engine decide).
const FACE_TABLE: usize = 128;

/// The verdict of [`crate::engine::intersects`] for a box and a hull when
/// it is decided with a margin, `None` when the engine must decide (near
/// touching, an unproved shallow overlap, non-finite poses, a hull too
/// large for compact edge records).
pub(crate) fn intersects<T: Real>(
    obb: &Obb<T, 3>,
    pose_box: &Pose3<T>,
    hull: &ConvexPolyhedron<T>,
    pose_hull: &Pose3<T>,
) -> Option<bool> {
    let pose = pose_hull.inv_mul(pose_box);
    let r: Matrix3<T> = *(pose.rotation * obb.rotation()).matrix();
    let c: Vector3<T> = (pose * obb.center()).coords;
    let h = obb.half_extents();
    let finite = r.iter().chain(c.iter()).all(|x| x.is_finite());
    // A hull has edges, so no records means an index did not fit in u16
    // (read from the hull's first lines, not the edge list's header).
    if !finite || hull.edge_records().is_empty() {
        return None;
    }
    let world = pose_box.translation.vector.amax() + pose_hull.translation.vector.amax();
    let slack = bound_slack(c.amax() + hull.reach() + h.x + h.y + h.z + world);

    let (inner, inner_radius) = hull.inner_ball();
    // The hull holds its inner ball, the box a ball of radius h_min about
    // each point of its core box (h − h_min): every gap is at most the
    // distance from the inner centre to the core box less both radii.
    let h_min = h.min();
    let ci = r.tr_mul(&(inner.coords - c));
    let core = h.add_scalar(-h_min);
    let nearest = Vector3::new(
        ci.x.max(-core.x).min(core.x),
        ci.y.max(-core.y).min(core.y),
        ci.z.max(-core.z).min(core.z),
    );
    if (ci - nearest).norm() < inner_radius + h_min - slack {
        return Some(true);
    }

    // The box's faces: the hull's extent along each box axis, from its
    // vertices in the box's frame. Every vertex is read from the packed
    // copy the support scans read, and every face from the plane records:
    // one table each, not two (the same numbers).
    let big = T::one() / T::zero();
    let (mut lo, mut hi) = ([big; 3], [-big; 3]);
    for i in 0..hull.vertices().len() {
        let w = r.tr_mul(&(hull.vertex(i) - c));
        for k in 0..3 {
            if w[k] < lo[k] {
                lo[k] = w[k];
            }
            if w[k] > hi[k] {
                hi[k] = w[k];
            }
        }
    }
    let mut face_max = -big;
    for k in 0..3 {
        let (low, high) = (lo[k] - h[k], -hi[k] - h[k]);
        if low > slack || high > slack {
            return Some(false);
        }
        face_max = face_max.max(low).max(high);
    }

    // The hull's faces.
    let planes = hull.planes();
    // How deep the box's centre lies in the hull (negative: outside).
    let mut depth = big;
    for plane in planes {
        let n = &plane.normal;
        let s = r.tr_mul(n);
        let above = n.dot(&c) - plane.offset;
        let gap = above - s.abs().dot(&h);
        if gap > slack {
            return Some(false);
        }
        face_max = face_max.max(gap);
        depth = depth.min(-above);
    }

    // A point deep in both: the box's centre in the hull, or the hull's
    // inner centre in the box; each shape holds a ball around it.
    if depth >= T::zero() && depth + h_min > slack {
        return Some(true);
    }
    let in_box = (h.x - ci.x.abs())
        .min(h.y - ci.y.abs())
        .min(h.z - ci.z.abs());
    if in_box >= T::zero() && in_box + inner_radius > slack {
        return Some(true);
    }

    let support = |d: &Vector3<T>| {
        let pa = hull.vertex(hull.support_vertex(d).0);
        let s = r.tr_mul(d);
        // The box's support point along −d.
        let corner = Vector3::new(-h.x.copysign(s.x), -h.y.copysign(s.y), -h.z.copysign(s.z));
        pa - (c + r * corner)
    };
    // GJK: an overlap with room is the verdict; a distance is not (a
    // polytope pair's best axis may see only part of it): the edges are.
    if gjk::bracket(support, &(inner.coords - c), T::zero(), slack) == Bracket::Overlap {
        return Some(true);
    }
    if planes.len() <= FACE_TABLE {
        match edge_axes(hull, &r, &c, &h, &ci, slack) {
            Edges::Apart => return Some(false),
            Edges::AllBelow if face_max < -slack => return Some(true),
            _ => {}
        }
    }
    None
}

/// What the edge axes showed.
enum Edges {
    /// One has a gap above the slack (over the cross product's length).
    Apart,
    /// Every sign test was sure and every gap below minus that: with the
    /// faces, these are all the facets of the difference.
    AllBelow,
    /// Neither.
    Unsure,
}

/// The axes `rₖ × e` for the hull's edges `e` whose Gauss arc the great
/// circle ⊥ `rₖ` crosses (the box's four edges along `rₖ` tile that
/// circle, so the pair forms a facet of the difference), in the box's
/// frame: there `rₖ` is a coordinate axis, the box's lowest point along
/// `u` is `−Σ |uᵢ| hᵢ`, and the hull's highest is the edge's vertex `p`
/// (`u` lies on its arc, which also orients it: `u · (p − c_inner) > 0`).
/// Unnormalised: `G = gap · |u|`, and the tests `gap > slack / |u|` (the
/// axis's direction carries round-off over `|u|`) read `G > slack`. `c`
/// is the box's centre and `ci` the hull's inner centre in the box's
/// frame.
fn edge_axes<T: Real>(
    hull: &ConvexPolyhedron<T>,
    r: &Matrix3<T>,
    c: &Vector3<T>,
    h: &Vector3<T>,
    ci: &Vector3<T>,
    slack: T,
) -> Edges {
    // Bit k: the normal points against rₖ; bit 3 + k: too close to ⊥ rₖ
    // for the sign to be sure.
    let sure = T::default_epsilon().sqrt();
    let mut bits = [0_u8; FACE_TABLE];
    for (b, plane) in bits.iter_mut().zip(hull.planes()) {
        let s = r.tr_mul(&plane.normal);
        for k in 0..3 {
            *b |= u8::from(s[k] < T::zero()) << k;
            *b |= u8::from(s[k].abs() <= sure) << (3 + k);
        }
    }
    let mut all_below = true;
    for e in hull.edge_records() {
        let [bf, bg] = e.faces.map(|k| bits[k as usize % FACE_TABLE]);
        if (bf | bg) >> 3 != 0 {
            all_below = false;
        }
        let crossing = (bf ^ bg) & 0b111;
        if crossing == 0 {
            continue;
        }
        let d = r.tr_mul(&e.direction);
        let p = r.tr_mul(&(hull.vertex(e.vertex as usize) - c));
        for k in 0..3 {
            if crossing & (1 << k) == 0 {
                continue;
            }
            let mut u = match k {
                0 => Vector3::new(T::zero(), -d.z, d.y),
                1 => Vector3::new(d.z, T::zero(), -d.x),
                _ => Vector3::new(-d.y, d.x, T::zero()),
            };
            if u.dot(&(p - ci)) < T::zero() {
                u = -u;
            }
            let box_low = -(u.x.abs() * h.x + u.y.abs() * h.y + u.z.abs() * h.z);
            let g = box_low - u.dot(&p);
            if g > slack {
                // The edge's vertex is the support unless a sign test
                // erred: confirm with every vertex.
                let top = hull.support_value(&(r * u)) - (r * u).dot(c);
                if box_low - top > slack {
                    return Edges::Apart;
                }
            }
            if g >= -slack || u.norm_squared().partial_cmp(&T::zero()) != Some(Ordering::Greater) {
                all_below = false;
            }
        }
    }
    if all_below {
        Edges::AllBelow
    } else {
        Edges::Unsure
    }
}
