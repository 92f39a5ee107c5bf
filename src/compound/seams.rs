//! Seams: the features of a compound's parts that other parts touch, and
//! the rule that drops the ghost contacts they would give.
//!
//! A box sliding across a floor of flush tiles meets, at every seam, the
//! side face of the next tile and the corner where the two tiles' tops
//! meet. Each part alone is convex and its manifold is right for it; but
//! the tile's side face lies inside the floor, and the corner lies in the
//! middle of a flat top, so a normal from either (sideways, or tilted) is
//! not a normal of the floor: the solver would stop the box at the seam
//! (a "ghost" or internal-edge contact).
//!
//! The rule rests on one fact about unions of convex sets. A unit vector
//! `n` is an outward normal of the union `U` of the parts at a point `p`
//! of its boundary (the plane through `p` with normal `n` has `U` behind
//! it near `p`) exactly when it is one of every part `P` that contains
//! `p`: `h_P(n) = max over x in P of n·x` is at most `n·p`. (Parts that do
//! not contain `p` are a positive distance away and do not matter near
//! it.) So `N_U(p)`, the union's normal cone, is the intersection of the
//! parts' cones at `p`.
//!
//! ```text
//! at construction (Compound::new), for each polytope part i:
//!     a face of i whose vertices all lie in one other part   → internal
//!     a vertex of i (3D: an edge of i, both ends) that lies in other
//!         parts T                                             → restricted:
//!         its point p, the parts T, and its allowed normals: the normals
//!         of the faces of i and of T through p that are not internal
//! a contact point whose feature on the compound's part i is
//!     internal                                  → dropped
//!     restricted, normal n (out of the compound):
//!         n within ANGLE of an allowed normal   → kept
//!         h_P(n) ≤ n·p + tol for P = i and each part of T
//!                                               → kept (n ∈ N_U(p))
//!         otherwise                             → dropped
//!     any other feature                         → kept
//! ```
//!
//! What it drops: only points on features that other parts touch, whose
//! normal is neither a face normal of the surface there nor in the union's
//! normal cone at the feature. The sideways normal of a tile's side face
//! (internal), a tilted normal at the corner between two flush tops (the
//! cone there is the one direction up) and a speculative point between the
//! corner and a body approaching it are dropped
//! (tests/seams.rs::a_box_sliding_over_flush_tiles_meets_no_seam).
//!
//! What it keeps (the proof that no real contact is lost): a point on a
//! feature no other part touches is never looked at. At a convex corner of
//! the union, a contact whose normal lies in the union's cone there — the
//! only normals a convex body touching the union at that corner can have —
//! passes the cone test by the fact above, whichever parts meet at the
//! corner (tests/seams.rs::convex_corners_keep_their_contacts). At a
//! concave corner (a wall standing on a floor) the union's cone is empty,
//! but the floor's top and the wall's side are faces through it, so a box
//! in the corner keeps both its floor and its wall contacts
//! (tests/seams.rs::a_box_in_a_corner_keeps_floor_and_wall).
//!
//! Tolerances: a point lies in a polytope part when it is within
//! `tol = 64 ε s` of each of its face planes (of a round part: its
//! distance at most `tol`), `s` the largest coordinate of the compound's parts'
//! boxes (the seams of tiles placed by arithmetic are flush to a few
//! rounding errors of their coordinates); the cone test allows the same
//! `tol`; an allowed normal matches within `ANGLE` (1e-6 radians, or
//! 16 ε where that is larger: `f32`).

use alloc::vec;
use alloc::vec::Vec;

use nalgebra::{Const, Point, SVector};

use super::Node;
use crate::{ContactFeature, Pose, Real, Shape};

/// A feature of a part that other parts touch.
#[derive(Clone, Debug, PartialEq)]
struct Restricted<T: Real, const N: usize> {
    feature: ContactFeature,
    /// A face covered by another part: every normal from it is a ghost.
    internal: bool,
    /// The vertex, or the edge's midpoint (the compound's frame).
    point: Point<T, N>,
    /// Half the edge (zero for a vertex, unused for a face).
    half: SVector<T, N>,
    /// `normals[lo..hi]`: the allowed normals (the compound's frame).
    normals: (usize, usize),
    /// `touching[lo..hi]`: the other parts that contain the feature.
    touching: (usize, usize),
}

/// The seams of a compound (module docs), built once with it.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Seams<T: Real, const N: usize> {
    /// `features[first[i]..first[i + 1]]`: part `i`'s restricted features.
    first: Vec<usize>,
    features: Vec<Restricted<T, N>>,
    normals: Vec<SVector<T, N>>,
    touching: Vec<usize>,
    tol: T,
}

/// A part's world frame data for the construction.
struct Placed<'a, T: Real, const N: usize, S: ?Sized> {
    shape: &'a S,
    pose: &'a Pose<T, N>,
    polytope: bool,
}

impl<T: Real, const N: usize, S: Shape<T, N> + ?Sized> Placed<'_, T, N, S> {
    /// Whether `p` (compound frame) lies within `tol` of the part.
    fn holds(&self, p: &Point<T, N>, tol: T) -> bool {
        let local = self.pose.inverse_transform_point(p);
        if self.polytope {
            // Within `tol` of every face plane (outside a corner this
            // allows up to `tol·√N`: the same scale).
            return (0..self.shape.face_count()).all(|f| {
                let n = self.shape.local_face_normal(f).into_inner();
                n.dot(&local.coords) - self.shape.local_face_offset(f) <= tol
            });
        }
        let core = self.shape.local_core_closest_point(&local);
        (local - core).norm() - self.shape.radius() <= tol
    }

    /// Vertex `v` in the compound's frame.
    fn vertex(&self, v: usize) -> Point<T, N> {
        self.pose * self.shape.local_core_vertex(v)
    }

    /// Face `f`'s outward normal and offset in the compound's frame.
    fn plane(&self, f: usize) -> (SVector<T, N>, T) {
        let n = self.pose.rotation * self.shape.local_face_normal(f).into_inner();
        let d = self.shape.local_face_offset(f) + n.dot(&self.pose.translation.vector);
        (n, d)
    }

    /// The support value `h(n)` in the compound's frame.
    fn support(&self, n: &SVector<T, N>) -> T {
        let local = self.pose.rotation.inverse_transform_vector(n);
        let s = self.pose * self.shape.local_support_point(&local);
        n.dot(&s.coords)
    }
}

/// Whether a shape is a polytope whose faces list their vertices: the
/// shapes the seams are built for.
fn is_polytope<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(s: &S) -> bool {
    s.radius() == T::zero()
        && s.face_count() > 0
        && (0..s.face_count()).all(|f| s.face_vertex_count(f) >= N)
}

/// The parts whose boxes (in `nodes`, the compound's hierarchy) hold a
/// point within `tol` of one of part `i`'s vertices, other than `i`:
/// the only parts that can touch a vertex, edge or face of it. One point
/// query down the hierarchy per vertex (construction only).
fn neighbours<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(
    nodes: &[Node<T, N>],
    placed: &Placed<'_, T, N, S>,
    i: usize,
    tol: T,
) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for v in 0..placed.shape.core_vertex_count() {
        let p = placed.vertex(v);
        stack.push(0usize);
        while let Some(k) = stack.pop() {
            let Some(node) = nodes.get(k) else { continue };
            let holds = (0..N).all(|d| node.lo[d] - tol <= p[d] && p[d] <= node.hi[d] + tol);
            if !holds {
                continue;
            }
            if node.leaf {
                out.push(node.index as usize);
            } else {
                stack.push(node.index as usize);
                stack.push(node.index as usize + 1);
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out.retain(|&j| j != i);
    out
}

impl<T: Real, const N: usize> Seams<T, N> {
    /// The seams of the parts `shapes[i]` at `poses[i]`, `nodes` their
    /// hierarchy (module docs).
    pub(crate) fn new<S: Shape<T, N>>(
        shapes: &[S],
        poses: &[Pose<T, N>],
        nodes: &[Node<T, N>],
    ) -> Self
    where
        Const<N>: crate::PolytopeDim<T, N>,
    {
        let scale = nodes.first().map_or(T::zero(), |root| {
            root.lo.coords.amax().max(root.hi.coords.amax())
        });
        let tol = T::default_epsilon() * nalgebra::convert(64.0) * scale;
        let placed: Vec<Placed<'_, T, N, S>> = shapes
            .iter()
            .zip(poses)
            .map(|(shape, pose)| Placed {
                shape,
                pose,
                polytope: is_polytope(shape),
            })
            .collect();
        let near: Vec<Vec<usize>> = placed
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if p.polytope {
                    neighbours(nodes, p, i, tol)
                } else {
                    Vec::new()
                }
            })
            .collect();
        // Pass 1: the internal faces.
        let internal: Vec<Vec<bool>> = placed
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if !p.polytope {
                    return Vec::new();
                }
                (0..p.shape.face_count())
                    .map(|f| {
                        near[i].iter().any(|&j| {
                            (0..p.shape.face_vertex_count(f))
                                .all(|k| placed[j].holds(&p.vertex(p.shape.face_vertex(f, k)), tol))
                        })
                    })
                    .collect()
            })
            .collect();
        let mut seams = Self {
            first: Vec::with_capacity(shapes.len() + 1),
            features: Vec::new(),
            normals: Vec::new(),
            touching: Vec::new(),
            tol,
        };
        // Pass 2: the restricted features, part by part.
        for (i, p) in placed.iter().enumerate() {
            seams.first.push(seams.features.len());
            if !p.polytope {
                continue;
            }
            for (f, &inside) in internal[i].iter().enumerate() {
                if inside {
                    let lo = seams.normals.len();
                    seams.normals.push(p.plane(f).0);
                    seams.features.push(Restricted {
                        feature: ContactFeature::Face(f),
                        internal: true,
                        point: p.vertex(p.shape.face_vertex(f, 0)),
                        half: SVector::zeros(),
                        normals: (lo, lo + 1),
                        touching: (0, 0),
                    });
                }
            }
            for v in 0..p.shape.core_vertex_count() {
                let at = p.vertex(v);
                seams.restrict(
                    &placed,
                    &internal,
                    &near[i],
                    i,
                    ContactFeature::Vertex(v),
                    &[at],
                );
            }
            if N == 3 {
                for (a, b) in edges(p.shape) {
                    let ends = [p.vertex(a), p.vertex(b)];
                    seams.restrict(
                        &placed,
                        &internal,
                        &near[i],
                        i,
                        ContactFeature::Edge(a, b),
                        &ends,
                    );
                }
            }
        }
        seams.first.push(seams.features.len());
        seams
    }

    /// Records `feature` of part `i` (the points `at`: a vertex, or an
    /// edge's two ends) when other parts contain it.
    fn restrict<S: Shape<T, N>>(
        &mut self,
        placed: &[Placed<'_, T, N, S>],
        internal: &[Vec<bool>],
        near: &[usize],
        i: usize,
        feature: ContactFeature,
        at: &[Point<T, N>],
    ) {
        let tol = self.tol;
        let touching_lo = self.touching.len();
        self.touching.extend(
            near.iter()
                .copied()
                .filter(|&j| at.iter().all(|q| placed[j].holds(q, tol))),
        );
        if self.touching.len() == touching_lo {
            return;
        }
        let normals_lo = self.normals.len();
        for k in core::iter::once(i).chain(self.touching[touching_lo..].iter().copied()) {
            let part = &placed[k];
            if !part.polytope {
                continue;
            }
            for (f, &inside) in internal[k].iter().enumerate() {
                let (n, d) = part.plane(f);
                let through = at.iter().all(|q| (n.dot(&q.coords) - d).abs() <= tol);
                if through && !inside {
                    self.normals.push(n);
                }
            }
        }
        let point = at.iter().fold(Point::origin(), |s, q| s + q.coords).coords
            / nalgebra::convert::<f64, T>(at.len() as f64);
        let half = (at[at.len() - 1] - at[0]) / (T::one() + T::one());
        self.features.push(Restricted {
            feature,
            internal: false,
            point: Point::from(point),
            half,
            normals: (normals_lo, self.normals.len()),
            touching: (touching_lo, self.touching.len()),
        });
    }

    /// No seams for `parts` parts: every point is kept.
    pub(crate) fn none(parts: usize) -> Self {
        Self {
            first: vec![0; parts + 1],
            features: Vec::new(),
            normals: Vec::new(),
            touching: Vec::new(),
            tol: T::zero(),
        }
    }

    /// Whether face `f` of part `i` is internal (covered by another part).
    pub(crate) fn internal_face(&self, i: usize, f: usize) -> bool {
        self.features[self.first[i]..self.first[i + 1]]
            .iter()
            .any(|r| r.internal && r.feature == ContactFeature::Face(f))
    }

    /// Whether a contact point `at` on part `i`'s `feature` with outward
    /// normal `n` (the compound's frame, `n` unit) is kept (module docs).
    /// `place(k)` gives part `k` and its pose. A point named by no feature
    /// (`Support`: the one point at the support points) is a ghost when it
    /// lies on an internal face.
    pub(crate) fn admits<'s, S: Shape<T, N> + 's>(
        &self,
        place: impl Fn(usize) -> (&'s S, &'s Pose<T, N>),
        i: usize,
        (feature, at): (ContactFeature, &Point<T, N>),
        n: &SVector<T, N>,
    ) -> bool {
        let mine = &self.features[self.first[i]..self.first[i + 1]];
        let found = if feature == ContactFeature::Support {
            // The vertex or edge the point lies on, else an internal face
            // it lies on.
            let on_segment = |r: &Restricted<T, N>| {
                let h2 = r.half.norm_squared();
                let d = at - r.point;
                let s = if h2 > T::zero() {
                    (d.dot(&r.half) / h2).max(-T::one()).min(T::one())
                } else {
                    T::zero()
                };
                (d - r.half * s).norm() <= self.tol
            };
            let on_face = |r: &Restricted<T, N>| {
                (self.normals[r.normals.0].dot(&(at - r.point))).abs() <= self.tol
            };
            mine.iter()
                .find(|r| !r.internal && on_segment(r))
                .or_else(|| mine.iter().find(|r| r.internal && on_face(r)))
        } else {
            mine.iter().find(|r| r.feature == feature)
        };
        let Some(r) = found else {
            return true;
        };
        let angle = T::default_epsilon() * nalgebra::convert(16.0);
        let angle = angle.max(nalgebra::convert(1e-6));
        if r.internal {
            return false;
        }
        if self.normals[r.normals.0..r.normals.1]
            .iter()
            .any(|m| (n - m).norm_squared() <= angle * angle)
        {
            return true;
        }
        let limit = n.dot(&r.point.coords) + self.tol;
        core::iter::once(i)
            .chain(self.touching[r.touching.0..r.touching.1].iter().copied())
            .all(|k| {
                let (shape, pose) = place(k);
                let placed = Placed {
                    shape,
                    pose,
                    polytope: true,
                };
                placed.support(n).partial_cmp(&limit) != Some(core::cmp::Ordering::Greater)
            })
    }
}

/// A 3D polytope's edges as ordered vertex pairs `(a, b)`, `a < b`, read
/// off its faces' loops (each once).
fn edges<T: Real, const N: usize, S: Shape<T, N> + ?Sized>(s: &S) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for f in 0..s.face_count() {
        let m = s.face_vertex_count(f);
        for k in 0..m {
            let (a, b) = (s.face_vertex(f, k), s.face_vertex(f, (k + 1) % m));
            out.push((a.min(b), a.max(b)));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}
