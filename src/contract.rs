//! The custom-shape contract, checked: [`validate_shape`] runs a shape
//! through every promise the engine relies on and names the first one
//! broken ([`ContractError`]).
//!
//! The engine is exact for a convex polytope core dilated by a ball
//! (docs/sat-proof.md §4–5): it needs the core's outward face normals, in
//! 3D the core's edges, the core's vertices, the radius and the nearest
//! core point. What it cannot see is what a shape leaves out. A 3D
//! polytope that lists no edges gives no edge–edge axes, and two such
//! shapes crossed edge to edge then report a depth larger than the true
//! one, or overlap where they are apart, without any error
//! (tests/custom_shapes.rs::unlisted_edges_overestimate_depth). The
//! checks, in order:
//!
//! ```text
//! validate_shape(s):
//!     radius finite, >= 0; at least one core vertex, all finite
//!     scale = max |core coordinate| + radius;  tol = CONTRACT_TOLERANCE · scale
//!     each face i: |nᵢ| = 1; offset(i) = h(nᵢ); at least min(N, V) core
//!         vertices on its plane; its listed vertices on the plane, the loop
//!         counter-clockwise about nᵢ (2D: from start to end along nᵢ turned +90°)
//!     each sample direction d (±eₖ, then 48 seeded ones):
//!         h(d) = d · point(d) = max_v d · v + radius |d|
//!     N = 2, 3 and at most 64 core vertices: every facet of the hull of the
//!         core vertices has its normal listed (brute force over pairs, triples)
//!     N = 3, the core spans a volume and lists faces: edges listed, each
//!         unit, each with faces f₀ × f₁ ∥ direction, and every hull edge's
//!         direction among them
//!     sample points: midpoints of centre and support points are inside
//!         (where they lie deeper than tol: a shape thinner than that has
//!         no interior round-off cannot move across);
//!         points beyond a support plane are outside, and their nearest core
//!         point is in the core and nearest (no core vertex is closer along
//!         the way to it), to √CONTRACT_TOLERANCE · ε · scale
//! ```

use core::fmt;

use nalgebra::{Point, SVector};

use crate::{Real, Shape};

/// Slack of the contract checks, in machine epsilons of the scalar times
/// the shape's scale (its largest core coordinate plus its radius):
/// `9.1e-13` in `f64`, `4.9e-4` in `f32`. A user's shape computes its
/// normals and support values in a few operations (round-off of a few
/// epsilons); 4096 leaves room for normals normalised from long cross
/// products, and stays far below any mistake the checks look for (a
/// missing face, a wrong radius).
///
/// ```
/// use separating_axis::CONTRACT_TOLERANCE;
///
/// // 4096 epsilons: 9.1e-13 in f64 for a shape of unit scale.
/// assert!((CONTRACT_TOLERANCE * f64::EPSILON - 9.1e-13).abs() < 1e-14);
/// ```
pub const CONTRACT_TOLERANCE: f64 = 4096.0;

/// How many seeded directions [`validate_shape`] samples after the `2N`
/// coordinate directions.
const SAMPLES: usize = 48;

/// Core vertex counts above this skip the brute-force facet and edge
/// checks (O(V⁴) in 3D).
const MAX_BRUTE_FORCE_VERTICES: usize = 64;

/// Which promise of the [`Shape`] contract a shape breaks, as found by
/// [`validate_shape`]. One variant per check; a `sample` is the index of a
/// sample direction (`0..2N` are `+e₀, −e₀, +e₁, …`, then seeded ones) or
/// of the sample point built from it.
///
/// ```
/// use separating_axis::ContractError;
///
/// assert!(ContractError::MissingEdges.to_string().contains("edge"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ContractError {
    /// [`Shape::radius`] is negative, NaN or infinite.
    BadRadius,
    /// [`Shape::core_vertex_count`] is 0: the engine has no core to work on.
    NoCoreVertices,
    /// A core vertex has a NaN or infinite coordinate.
    NonFiniteCoreVertex {
        /// The vertex.
        vertex: usize,
    },
    /// A face normal is not a unit vector.
    FaceNormalNotUnit {
        /// The face.
        face: usize,
    },
    /// [`Shape::local_face_offset`] differs from the support value along
    /// the face's normal.
    FaceOffsetMismatch {
        /// The face.
        face: usize,
    },
    /// Fewer than `N` core vertices lie on the face's plane: the normal is
    /// no face of the core.
    NotAFace {
        /// The face.
        face: usize,
    },
    /// [`Shape::face_vertex`] names no core vertex.
    FaceVertexOutOfRange {
        /// The face.
        face: usize,
        /// The position in its loop.
        k: usize,
    },
    /// A vertex of a face's loop lies off the face's plane.
    FaceVertexOffPlane {
        /// The face.
        face: usize,
        /// The position in its loop.
        k: usize,
    },
    /// A face's loop runs the wrong way (clockwise seen from outside), or
    /// has fewer than two vertices in 2D, three in 3D.
    FaceLoopWinding {
        /// The face.
        face: usize,
    },
    /// [`Support::local_support_value`](crate::Support::local_support_value)
    /// differs from `d ·` [`local_support_point`](crate::Support::local_support_point)
    /// along a sample direction.
    SupportPointMismatch {
        /// The sample direction.
        sample: usize,
    },
    /// The support value along a sample direction is not the core
    /// vertices' largest projection plus the radius: the vertices or the
    /// radius are not those of the shape the support mapping describes.
    SupportNotDilatedCore {
        /// The sample direction.
        sample: usize,
    },
    /// A face of the hull of the core vertices has no listed normal: the
    /// queries would miss that axis and may call overlapping shapes apart.
    /// In 2D the third index repeats the second.
    MissingFace {
        /// Core vertices spanning the face.
        vertices: [usize; 3],
    },
    /// A 3D shape lists faces and a core that spans a volume, but no
    /// edges ([`Shape::edge_count`] keeps its default, 0): the engine then
    /// tests no edge–edge axis and silently over-estimates the depth of
    /// edge-to-edge contacts (docs/sat-proof.md §10).
    MissingEdges,
    /// An edge of the hull of the core vertices (3D) has no listed edge
    /// along it.
    MissingEdge {
        /// The edge's two core vertices.
        vertices: [usize; 2],
    },
    /// A listed edge's direction is not a unit vector.
    EdgeNotUnit {
        /// The edge.
        edge: usize,
    },
    /// A listed edge's faces are not unit, or `faces[0] × faces[1]`
    /// normalised is not its direction.
    EdgeFacesInconsistent {
        /// The edge.
        edge: usize,
    },
    /// [`Shape::local_core_closest_point`] of a point outside the shape is
    /// not in the core, or not the nearest core point.
    CoreClosestPoint {
        /// The sample point.
        sample: usize,
    },
    /// [`Shape::local_contains_point`] calls a point inside that lies
    /// beyond a support plane, or outside one between the core's centre
    /// and a support point.
    ContainsPoint {
        /// The sample point.
        sample: usize,
    },
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::BadRadius => write!(f, "the radius is negative, NaN or infinite: return 0 for a polytope"),
            Self::NoCoreVertices => write!(f, "the shape lists no core vertex: list the core polytope's vertices (a ball's centre, a capsule's endpoints)"),
            Self::NonFiniteCoreVertex { vertex } => write!(f, "core vertex {vertex} is NaN or infinite"),
            Self::FaceNormalNotUnit { face } => write!(f, "the normal of face {face} is not a unit vector: normalise it"),
            Self::FaceOffsetMismatch { face } => write!(f, "local_face_offset({face}) is not the support value along the face's normal"),
            Self::NotAFace { face } => write!(f, "face {face}'s plane touches fewer than N core vertices: its normal is no face of the core"),
            Self::FaceVertexOutOfRange { face, k } => write!(f, "vertex {k} of face {face} is not a core vertex index"),
            Self::FaceVertexOffPlane { face, k } => write!(f, "vertex {k} of face {face} is off the face's plane"),
            Self::FaceLoopWinding { face } => write!(f, "the vertex loop of face {face} is too short or runs clockwise seen from outside"),
            Self::SupportPointMismatch { sample } => write!(f, "along sample direction {sample}, local_support_value is not the projection of local_support_point"),
            Self::SupportNotDilatedCore { sample } => write!(f, "along sample direction {sample}, the support value is not the core vertices' largest projection plus the radius: list every core vertex, and the radius the support mapping adds"),
            Self::MissingFace { vertices } => write!(f, "the face of the core through core vertices {vertices:?} has no listed normal: list every face, or overlapping shapes may be called apart"),
            Self::MissingEdges => write!(f, "a 3D shape with faces lists no edges (edge_count is 0): list its edges, or edge-to-edge contacts get a depth larger than the true one"),
            Self::MissingEdge { vertices } => write!(f, "the core's edge from vertex {} to vertex {} has no listed edge along it", vertices[0], vertices[1]),
            Self::EdgeNotUnit { edge } => write!(f, "the direction of edge {edge} is not a unit vector"),
            Self::EdgeFacesInconsistent { edge } => write!(f, "the faces of edge {edge} are not unit, or faces[0] x faces[1] is not along its direction"),
            Self::CoreClosestPoint { sample } => write!(f, "local_core_closest_point of sample point {sample} is not the nearest point of the core"),
            Self::ContainsPoint { sample } => write!(f, "local_contains_point is wrong at sample point {sample}"),
        }
    }
}

impl core::error::Error for ContractError {}

/// Checks that `shape` keeps the [`Shape`] contract the engine relies on,
/// in its local frame; `Ok` or the first promise broken. A test for
/// custom shapes: it runs the support mapping along `2N + 48` directions,
/// and in 2D and 3D the hull of the core vertices by brute force (up to
/// 64 core vertices), so it is not for a query loop.
///
/// The checks and their order are in the module docs of
/// `src/contract.rs`; the tolerance is [`CONTRACT_TOLERANCE`] epsilons
/// times the shape's scale. Every built-in shape passes
/// (tests/custom_shapes.rs::built_in_shapes_keep_the_contract), and each
/// check catches its own violation
/// (tests/custom_shapes.rs::each_violation_is_caught).
///
/// # Errors
/// The [`ContractError`] of the first check that fails.
///
/// ```
/// use nalgebra::{Point3, Unit, Vector3};
/// use separating_axis::{validate_shape, Aabb, ContractError, Shape, Support};
///
/// /// A unit cube that forgot its edges.
/// struct Cube(Aabb<f64, 3>);
/// impl Support<f64, 3> for Cube {
///     fn local_support_point(&self, d: &Vector3<f64>) -> Point3<f64> { self.0.local_support_point(d) }
/// }
/// impl Shape<f64, 3> for Cube {
///     fn face_count(&self) -> usize { 6 }
///     fn local_face_normal(&self, i: usize) -> Unit<Vector3<f64>> { self.0.local_face_normal(i) }
///     fn core_vertex_count(&self) -> usize { 8 }
///     fn local_core_vertex(&self, i: usize) -> Point3<f64> { self.0.local_core_vertex(i) }
///     fn local_core_closest_point(&self, p: &Point3<f64>) -> Point3<f64> { self.0.local_core_closest_point(p) }
///     fn local_contains_point(&self, p: &Point3<f64>) -> bool { self.0.local_contains_point(p) }
/// }
///
/// let cube = Aabb::new(Point3::new(0.0, 0.0, 0.0), Point3::new(1.0, 1.0, 1.0)).unwrap();
/// assert_eq!(validate_shape(&cube), Ok(()));
/// assert_eq!(validate_shape(&Cube(cube)), Err(ContractError::MissingEdges));
/// ```
pub fn validate_shape<T, const N: usize, S>(shape: &S) -> Result<(), ContractError>
where
    T: Real,
    S: Shape<T, N> + ?Sized,
{
    let r = shape.radius();
    if !(r.is_finite() && r >= T::zero()) {
        return Err(ContractError::BadRadius);
    }
    let nv = shape.core_vertex_count();
    if nv == 0 {
        return Err(ContractError::NoCoreVertices);
    }
    let mut reach = T::zero();
    let mut centre = SVector::<T, N>::zeros();
    for i in 0..nv {
        let v = shape.local_core_vertex(i);
        if !v.coords.iter().all(|c| c.is_finite()) {
            return Err(ContractError::NonFiniteCoreVertex { vertex: i });
        }
        reach = reach.max(v.coords.amax());
        centre += v.coords;
    }
    let centre = Point::from(centre / num::<T, _>(nv));
    let scale = reach + r;
    let scale = if scale > T::zero() { scale } else { T::one() };
    let check = Check {
        shape,
        tol: T::default_epsilon() * num(CONTRACT_TOLERANCE) * scale,
        unit_tol: T::default_epsilon() * num(CONTRACT_TOLERANCE),
        scale,
        nv,
    };
    check.faces()?;
    let dirs = sample_directions::<T, N>();
    check.support(&dirs)?;
    if (N == 2 || N == 3) && nv <= MAX_BRUTE_FORCE_VERTICES {
        let facets = check.hull_facets();
        check.faces_complete(&facets)?;
        if N == 3 {
            check.edges(&facets)?;
        }
    } else if N == 3 {
        // Too many vertices for the brute-force hull: a shape with faces
        // and at least a tetrahedron's vertices is taken to span a volume.
        if shape.face_count() > 0 && nv >= 4 && shape.edge_count() == 0 {
            return Err(ContractError::MissingEdges);
        }
        check.edge_directions()?;
    }
    check.points(&dirs, &centre)
}

/// Whether `|x| <= tol` (false for NaN).
fn within<T: Real>(x: T, tol: T) -> bool {
    x.abs() <= tol
}

/// `x` as the scalar.
fn num<T: Real, X: num_traits::ToPrimitive>(x: X) -> T {
    T::from_f64(x.to_f64().unwrap_or(0.0)).unwrap_or_else(T::zero)
}

/// `±eₖ` for each axis, then [`SAMPLES`] seeded unit directions
/// (SplitMix64, fixed seed), so a failure names the same sample on every
/// run.
fn sample_directions<T: Real, const N: usize>() -> alloc::vec::Vec<SVector<T, N>> {
    let mut out = alloc::vec::Vec::with_capacity(2 * N + SAMPLES);
    for k in 0..N {
        for s in [T::one(), -T::one()] {
            let mut e = SVector::<T, N>::zeros();
            e[k] = s;
            out.push(e);
        }
    }
    let mut state: u64 = 0x5EED_C0DE_0000_0016;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        // The top 53 bits as a number in [−1, 1).
        #[allow(clippy::cast_precision_loss, reason = "53 bits fit an f64 exactly")]
        let unit = (z >> 11) as f64 / (1u64 << 53) as f64;
        2.0 * unit - 1.0
    };
    while out.len() < 2 * N + SAMPLES {
        let v = SVector::<T, N>::from_fn(|_, _| num(next()));
        if let Some(u) = v.try_normalize(num(1e-3)) {
            out.push(u);
        }
    }
    out
}

/// A facet of the hull of the core vertices: its outward unit normal, the
/// core vertices that span it, and every core vertex on its plane.
struct Facet<T: Real, const N: usize> {
    normal: SVector<T, N>,
    spanned_by: [usize; 3],
    on_plane: alloc::vec::Vec<usize>,
}

/// The shape under test and its tolerances.
struct Check<'a, T: Real, const N: usize, S: ?Sized> {
    shape: &'a S,
    /// Absolute slack on lengths and support values.
    tol: T,
    /// Slack on unit lengths and directions.
    unit_tol: T,
    /// The shape's scale (`tol / unit_tol`).
    scale: T,
    nv: usize,
}

impl<T: Real, const N: usize, S: Shape<T, N> + ?Sized> Check<'_, T, N, S> {
    /// Core vertex `i`.
    fn v(&self, i: usize) -> Point<T, N> {
        self.shape.local_core_vertex(i)
    }

    /// The core's support value `max_v d · v`.
    ///
    /// A compare, not `T::max`: with rustc 1.95 at opt-level 3, the fold
    /// with `f64::max` over a 4D `Aabb`'s 16 corners returned corner 13's
    /// projection (1.3448) where corner 15 gives 1.4886, while this loop,
    /// and the same fold at opt-level 1, are right
    /// (tests/custom_shapes.rs::built_in_shapes_keep_the_contract under
    /// `cargo test --release`).
    fn core_support(&self, d: &SVector<T, N>) -> T {
        let mut best = d.dot(&self.v(0).coords);
        for i in 1..self.nv {
            let h = d.dot(&self.v(i).coords);
            if h > best {
                best = h;
            }
        }
        best
    }

    /// Face normals, offsets, the vertices on each plane, face loops.
    fn faces(&self) -> Result<(), ContractError> {
        let s = self.shape;
        for face in 0..s.face_count() {
            let n = s.local_face_normal(face).into_inner();
            if !within(n.norm() - T::one(), self.unit_tol) {
                return Err(ContractError::FaceNormalNotUnit { face });
            }
            if !within(
                s.local_face_offset(face) - s.local_support_value(&n),
                self.tol,
            ) {
                return Err(ContractError::FaceOffsetMismatch { face });
            }
            let h = self.core_support(&n);
            let on = (0..self.nv)
                .filter(|&i| n.dot(&self.v(i).coords) >= h - self.tol)
                .count();
            if on < N.min(self.nv) {
                return Err(ContractError::NotAFace { face });
            }
            let count = s.face_vertex_count(face);
            if count == 0 {
                continue;
            }
            let mut loop_normal = SVector::<T, N>::zeros();
            for k in 0..count {
                let i = s.face_vertex(face, k);
                if i >= self.nv {
                    return Err(ContractError::FaceVertexOutOfRange { face, k });
                }
                if !within(n.dot(&self.v(i).coords) - h, self.tol) {
                    return Err(ContractError::FaceVertexOffPlane { face, k });
                }
                if N == 3 {
                    // Newell's normal of the loop.
                    let a = self.v(i);
                    let b = self.v(s.face_vertex(face, (k + 1) % count).min(self.nv - 1));
                    loop_normal[0] += (a[1] - b[1]) * (a[2] + b[2]);
                    loop_normal[1] += (a[2] - b[2]) * (a[0] + b[0]);
                    loop_normal[2] += (a[0] - b[0]) * (a[1] + b[1]);
                }
            }
            // Faces shorter (2D) or of less area (3D) than the tolerance
            // have no direction round-off cannot flip.
            let turns_right = match N {
                2 => {
                    let e = self.v(s.face_vertex(face, 1)) - self.v(s.face_vertex(face, 0));
                    count != 2 || (e.norm() > self.tol && e[1] * n[0] - e[0] * n[1] <= T::zero())
                }
                3 => {
                    count < 3
                        || (loop_normal.norm() > self.tol * self.scale
                            && loop_normal.dot(&n) <= T::zero())
                }
                _ => false,
            };
            if turns_right {
                return Err(ContractError::FaceLoopWinding { face });
            }
        }
        Ok(())
    }

    /// Support points, values and the dilated core agree along `dirs`.
    fn support(&self, dirs: &[SVector<T, N>]) -> Result<(), ContractError> {
        let s = self.shape;
        for (sample, d) in dirs.iter().enumerate() {
            let h = s.local_support_value(d);
            let p = s.local_support_point(d);
            if !within(h - d.dot(&p.coords), self.tol) {
                return Err(ContractError::SupportPointMismatch { sample });
            }
            let dilated = self.core_support(d) + s.radius() * d.norm();
            if !within(h - dilated, self.tol) {
                return Err(ContractError::SupportNotDilatedCore { sample });
            }
        }
        Ok(())
    }

    /// The facets of the hull of the core vertices (2D: pairs, 3D:
    /// triples), each once; none when the core spans no area (volume).
    fn hull_facets(&self) -> alloc::vec::Vec<Facet<T, N>> {
        let mut facets: alloc::vec::Vec<Facet<T, N>> = alloc::vec::Vec::new();
        let mut consider = |normal: SVector<T, N>, spanned_by: [usize; 3], at: T| {
            let mut below = false;
            let mut on_plane = alloc::vec::Vec::new();
            for i in 0..self.nv {
                let x = normal.dot(&self.v(i).coords);
                if x > at + self.tol {
                    return;
                }
                if x < at - self.tol {
                    below = true;
                } else {
                    on_plane.push(i);
                }
            }
            let known = facets
                .iter()
                .any(|f| (f.normal - normal).amax() <= self.unit_tol.sqrt());
            if below && !known {
                facets.push(Facet {
                    normal,
                    spanned_by,
                    on_plane,
                });
            }
        };
        for i in 0..self.nv {
            for j in i + 1..self.nv {
                let e = self.v(j) - self.v(i);
                if N == 2 {
                    let perp = SVector::<T, N>::from_fn(|k, _| if k == 0 { e[1] } else { -e[0] });
                    if let Some(n) = perp.try_normalize(self.tol) {
                        let at = n.dot(&self.v(i).coords);
                        consider(n, [i, j, j], at);
                        consider(-n, [i, j, j], -at);
                    }
                    continue;
                }
                for k in j + 1..self.nv {
                    let f = self.v(k) - self.v(i);
                    let c = SVector::<T, N>::from_fn(|m, _| {
                        let (a, b) = ((m + 1) % 3, (m + 2) % 3);
                        e[a] * f[b] - e[b] * f[a]
                    });
                    // A triangle lower than `√unit_tol · scale` gives no
                    // reliable normal (nor does a face thinner than the
                    // tolerance, which round-off alone shapes): its
                    // normal is then off by up to ε / √unit_tol, well
                    // within the slack of `lists_face`.
                    let height = self.unit_tol.sqrt() * self.scale;
                    let floor = height * e.norm().max(f.norm());
                    if let Some(n) = c.try_normalize(floor) {
                        let at = n.dot(&self.v(i).coords);
                        consider(n, [i, j, k], at);
                        consider(-n, [i, j, k], -at);
                    }
                }
            }
        }
        facets
    }

    /// Whether some listed face normal is `n`.
    fn lists_face(&self, n: &SVector<T, N>) -> bool {
        let slack = self.unit_tol.sqrt();
        (0..self.shape.face_count())
            .any(|i| (self.shape.local_face_normal(i).into_inner() - n).amax() <= slack)
    }

    /// Every facet of the core's hull is a listed face.
    fn faces_complete(&self, facets: &[Facet<T, N>]) -> Result<(), ContractError> {
        match facets.iter().find(|f| !self.lists_face(&f.normal)) {
            Some(f) => Err(ContractError::MissingFace {
                vertices: f.spanned_by,
            }),
            None => Ok(()),
        }
    }

    /// Each listed edge is unit and agrees with its faces.
    fn edge_directions(&self) -> Result<(), ContractError> {
        let s = self.shape;
        for edge in 0..s.edge_count() {
            let e = s.local_edge(edge);
            if !within(e.direction.norm() - T::one(), self.unit_tol) {
                return Err(ContractError::EdgeNotUnit { edge });
            }
            if let Some([f0, f1]) = e.faces {
                let unit = |v: &SVector<T, N>| within(v.norm() - T::one(), self.unit_tol);
                let along = crate::geometry::cross3(&f0, &f1)
                    .try_normalize(T::zero())
                    .is_some_and(|c| (c - e.direction).amax() <= self.unit_tol.sqrt());
                if !(unit(&f0) && unit(&f1) && along) {
                    return Err(ContractError::EdgeFacesInconsistent { edge });
                }
            }
        }
        Ok(())
    }

    /// 3D: a shape with faces and a solid core lists its edges, and every
    /// edge of the core's hull is along a listed one.
    fn edges(&self, facets: &[Facet<T, N>]) -> Result<(), ContractError> {
        let s = self.shape;
        if s.face_count() > 0 && !facets.is_empty() && s.edge_count() == 0 {
            return Err(ContractError::MissingEdges);
        }
        self.edge_directions()?;
        let slack = self.unit_tol.sqrt();
        for (a, fa) in facets.iter().enumerate() {
            for fb in &facets[a + 1..] {
                let shared: alloc::vec::Vec<usize> = fa
                    .on_plane
                    .iter()
                    .copied()
                    .filter(|i| fb.on_plane.contains(i))
                    .collect();
                let Some(dir) =
                    crate::geometry::cross3(&fa.normal, &fb.normal).try_normalize(slack)
                else {
                    continue;
                };
                if shared.len() < 2 {
                    continue;
                }
                let listed = (0..s.edge_count()).any(|i| {
                    crate::geometry::cross3(&s.local_edge(i).direction, &dir).amax() <= slack
                });
                if !listed {
                    return Err(ContractError::MissingEdge {
                        vertices: [shared[0], shared[1]],
                    });
                }
            }
        }
        Ok(())
    }

    /// Whether `p` lies inside by more than the tolerance: nearer than the
    /// radius less `tol` to the core, or, for a polytope (radius 0), more
    /// than `tol` inside every face plane. A shape thinner than the
    /// tolerance (a capsule of radius `min_size` on a segment of length 4)
    /// has no such point, and round-off alone decides what it contains.
    fn robustly_inside(&self, p: &Point<T, N>) -> bool {
        let s = self.shape;
        let r = s.radius();
        if r > T::zero() {
            return (p - s.local_core_closest_point(p)).norm() < r - self.tol;
        }
        s.face_count() > 0
            && (0..s.face_count())
                .all(|i| s.local_face_normal(i).dot(&p.coords) < s.local_face_offset(i) - self.tol)
    }

    /// Containment and nearest core points at points built from `dirs`.
    fn points(&self, dirs: &[SVector<T, N>], centre: &Point<T, N>) -> Result<(), ContractError> {
        let s = self.shape;
        let half: T = num(0.5);
        for (sample, d) in dirs.iter().enumerate() {
            let support = s.local_support_point(d);
            let inside = centre + (support - centre) * half;
            let reach = s.local_support_value(d) - d.dot(&centre.coords);
            let has_room = reach > self.tol * num(4.0);
            if !has_room {
                continue;
            }
            if self.robustly_inside(&inside) && !s.local_contains_point(&inside) {
                return Err(ContractError::ContainsPoint { sample });
            }
            let outside = centre + d * (reach * num(1.5));
            if s.local_contains_point(&outside) {
                return Err(ContractError::ContainsPoint { sample });
            }
            let q = s.local_core_closest_point(&outside);
            // Nearest points are checked to `√unit_tol · scale`: the
            // built-in f32 polygon's own answers near a vertex are off by
            // up to 8e-4 of the scale (found by tests/fuzz.rs), and a wrong
            // nearest point (the centre, a far vertex) is off by the scale.
            let slack = self.unit_tol.sqrt() * self.scale;
            let in_core = dirs
                .iter()
                .all(|e| e.dot(&q.coords) <= self.core_support(e) + slack);
            let away = outside - q;
            let nearest = (0..self.nv).all(|i| away.dot(&(self.v(i) - q)) <= slack * away.norm());
            if !(in_core && nearest && away.norm() >= s.radius() - self.tol) {
                return Err(ContractError::CoreClosestPoint { sample });
            }
        }
        Ok(())
    }
}
