//! Errors reported by shape constructors, and by the `serde` feature for
//! a result that breaks its invariants: each with one variant per cause
//! and a message that says what is wrong and what to change.
//!
//! - [`ShapeError`] for every shape given by its defining data (polygon
//!   points, a centre and radius, box extents, capsule endpoints, poses).
//!   A variant names the argument (`field`) and where in it (`index`), and
//!   the range variants carry their limit as an `f64`.
//! - [`HullError`] for [`ConvexPolyhedron::from_hull`](crate::ConvexPolyhedron::from_hull)
//!   alone, whose input is one point cloud. Its input causes mirror
//!   `ShapeError`'s (`TooFewPoints`, `NonFinite`, `TooLarge`, `TooSmall`)
//!   with the payload a cloud needs (the point and coordinate, no `field`);
//!   its other causes are the cloud's own (`Coincident`, `Collinear`,
//!   `Coplanar`). It is `Eq + Hash` (no float inside), which callers may
//!   match and store on.
//!
//! `HullError` is not folded into `ShapeError`: that would change what
//! `from_hull` returns and the `Eq + Hash` callers rely on, for no gain in
//! what a message says.
//!
//! [`ResultError`] is the third: not a constructor's but the `serde`
//! feature's, for a serialised query result (a manifold, a penetration, a
//! cache, ...) whose invariants are broken (a normal not unit, a negative
//! depth, a contact point off its own relation, a feature index no shape
//! has), a manifold's point count among them (`TooManyContactPoints`).
//! Its checks and tolerances are listed in
//! the `serde` module (src/serde_support/mod.rs).

use core::fmt;

/// Why a shape could not be built from the given data.
///
/// There is one variant per cause, and each message says what to change.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{ConvexPolygon, ShapeError};
///
/// let err = ConvexPolygon::new(&[Point2::new(0.0, 0.0), Point2::new(1.0, 0.0)]).unwrap_err();
/// assert_eq!(err, ShapeError::TooFewPoints { found: 2, required: 3 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
// Deserialize: src/serde_support/mod.rs (its `&'static str` names).
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum ShapeError {
    /// Fewer points than the shape needs.
    TooFewPoints {
        /// How many points were given.
        found: usize,
        /// How many the shape needs at least.
        required: usize,
    },
    /// A coordinate or parameter is NaN or infinite.
    ///
    /// `field` names the constructor argument and `index` says where in it,
    /// as the message prints it:
    ///
    /// | `field` | `index` |
    /// |---|---|
    /// | `"point"` (polygon points), `"endpoint"` (a capsule's `a` = 0, `b` = 1) | the point |
    /// | `"centre"`, `"min"`, `"max"`, `"translation"` | the coordinate (0 = x, 1 = y, ...) |
    /// | `"half extent"` | the axis |
    /// | `"rotation"` | the matrix entry, column-major (`row + N · column`) |
    /// | `"radius"` | always 0 (a scalar) |
    NonFinite {
        /// Which input: `"point"`, `"endpoint"`, `"centre"`, `"radius"`,
        /// `"half extent"`, `"rotation"`, `"translation"`, `"min"` or `"max"`.
        field: &'static str,
        /// Where in `field` (see the table above).
        index: usize,
    },
    /// The points do not turn the same way at every vertex once exact
    /// duplicates and collinear points are dropped, or they wind around more
    /// than once.
    NotConvex {
        /// Index, in the input, of the first vertex where the turn is wrong.
        index: usize,
    },
    /// The points span no area (all collinear, or all the same point).
    Degenerate,
    /// A box extent along an axis is zero or negative.
    NonPositiveExtent {
        /// The axis (0 = x, 1 = y, 2 = z, ...).
        axis: usize,
    },
    /// A ball radius is zero or negative.
    NonPositiveRadius,
    /// The rotation matrix is not orthonormal: some entry of `RᵀR − I`
    /// exceeds [`orthonormal_tolerance`](crate::real::orthonormal_tolerance)
    /// in magnitude (a scaled, sheared or singular matrix).
    NonOrthonormalRotation,
    /// The rotation matrix is orthonormal but a reflection
    /// (determinant −1), which no rigid motion is: refused by
    /// [`pose_from_matrix`](crate::pose_from_matrix).
    Reflection,
    /// A coordinate or size is too large for the queries' arithmetic: its
    /// magnitude exceeds [`max_magnitude`](crate::real::max_magnitude), the
    /// largest value whose square and sums of a few squares stay finite.
    TooLarge {
        /// Which input (as for [`ShapeError::NonFinite`]).
        field: &'static str,
        /// Where in `field` (as for [`ShapeError::NonFinite`]).
        index: usize,
        /// The limit that was exceeded, as an `f64`.
        limit: f64,
    },
    /// A size is too small for the queries' arithmetic: below
    /// [`min_size`](crate::real::min_size), where squares underflow and
    /// normals lose their unit length.
    TooSmall {
        /// Which input (as for [`ShapeError::NonFinite`]).
        field: &'static str,
        /// Where in `field` (as for [`ShapeError::NonFinite`]).
        index: usize,
        /// The limit that was not reached, as an `f64`.
        limit: f64,
    },
    /// The shape is given in zero dimensions (`N = 0`), where no shape has
    /// an interior.
    ZeroDimension,
    /// A [`Compound`](crate::Compound) was given no parts.
    NoParts,
    /// The pose of a compound's part has a NaN or infinite entry.
    PartPoseNonFinite {
        /// The part's index in the input.
        part: usize,
    },
    /// The pose of a compound's part is finite but not a rigid motion: its
    /// rotation is not orthonormal or is a reflection, or its translation
    /// exceeds [`max_magnitude`](crate::real::max_magnitude).
    PartPoseInvalid {
        /// The part's index in the input.
        part: usize,
    },
    /// A [`ConcavePolygon`](crate::ConcavePolygon) visits the same point
    /// twice (two input points are equal, consecutive or not).
    DuplicateVertex {
        /// The first of the two equal input points.
        first: usize,
        /// The second.
        second: usize,
    },
    /// A [`ConcavePolygon`](crate::ConcavePolygon)'s boundary crosses or
    /// touches itself: two edges that are not neighbours meet (or two
    /// neighbours overlap, a spike that doubles back).
    SelfIntersection {
        /// The first edge (edge `i` runs from input point `i` to the next
        /// kept point).
        edge_a: usize,
        /// The second edge.
        edge_b: usize,
    },
    /// A [`ConcavePolygon`](crate::ConcavePolygon) is simple and has an
    /// area, but a convex piece its decomposition needs is a sliver: at
    /// input point `index` it turns by less than
    /// [`collinear_tolerance`](crate::real::collinear_tolerance) (or all
    /// its corners are that close to one line), which
    /// [`ConvexPolygon::new`](crate::ConvexPolygon::new) refuses. The
    /// polygon itself is that thin there: a vertex nearly on an edge it
    /// must connect to, or a nearly flat triangle.
    Sliver {
        /// The input point where the piece is thinnest.
        index: usize,
    },
}

/// How a message names the input at `field`, `index`: see the table of
/// [`ShapeError::NonFinite`].
enum Subject {
    /// A point of a list: `"point 2"`, `"endpoint 1"`.
    Point(&'static str, usize),
    /// A scalar: `"the radius"`.
    Scalar(&'static str),
    /// One number of a vector or matrix: `"coordinate 1 of max"`.
    Entry(&'static str, usize),
}

impl Subject {
    fn of(field: &'static str, index: usize) -> Self {
        match field {
            "point" | "endpoint" => Self::Point(field, index),
            "radius" => Self::Scalar(field),
            _ => Self::Entry(field, index),
        }
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Point(field, index) => write!(f, "{field} {index}"),
            Self::Scalar(field) => write!(f, "the {field}"),
            Self::Entry("half extent", index) => write!(f, "half extent {index}"),
            Self::Entry("rotation", index) => {
                write!(f, "rotation matrix entry {index} (column-major)")
            }
            Self::Entry(field, index) => write!(f, "coordinate {index} of {field}"),
        }
    }
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooFewPoints { found, required } => write!(
                f,
                "{found} distinct point{} given, at least {required} needed: add points that span an area",
                plural(found)
            ),
            Self::NonFinite { field, index } => match Subject::of(field, index) {
                s @ Subject::Point(..) => write!(
                    f,
                    "{s} has a NaN or infinite coordinate: pass finite coordinates"
                ),
                s => write!(f, "{s} is NaN or infinite: pass a finite value"),
            },
            Self::NotConvex { index } => write!(
                f,
                "the polygon is not convex at input point {index}: pass the points of a convex polygon in order, or use `from_hull`"
            ),
            Self::Degenerate => write!(
                f,
                "the points span no area (all collinear or coincident): pass points of a polygon with a non-zero area"
            ),
            Self::NonPositiveExtent { axis } => write!(
                f,
                "the extent along axis {axis} is not positive: give every half extent (or max - min) a value above zero"
            ),
            Self::NonPositiveRadius => {
                write!(f, "the radius is not positive: give a radius above zero")
            }
            Self::NonOrthonormalRotation => write!(
                f,
                "the rotation matrix is not orthonormal (RᵀR is not the identity): build it from an angle, an axis-angle or a unit quaternion"
            ),
            Self::Reflection => write!(
                f,
                "the rotation matrix is a reflection (determinant -1), not a rotation: flip the sign of one column"
            ),
            Self::TooLarge { field, index, limit } => match Subject::of(field, index) {
                s @ Subject::Point(..) => write!(
                    f,
                    "{s} has a coordinate larger in magnitude than {limit:e}, the largest this scalar type supports: scale the scene down or use f64"
                ),
                s => write!(
                    f,
                    "{s} is larger in magnitude than {limit:e}, the largest this scalar type supports: scale the scene down or use f64"
                ),
            },
            Self::TooSmall { field, index, limit } => match Subject::of(field, index) {
                s @ Subject::Point(..) => write!(
                    f,
                    "{s} gives a size below {limit:e}, the smallest this scalar type supports: scale the scene up or use f64"
                ),
                s => write!(
                    f,
                    "{s} is below {limit:e}, the smallest size this scalar type supports: scale the scene up or use f64"
                ),
            },
            Self::ZeroDimension => write!(
                f,
                "a shape in zero dimensions has no interior: use N >= 1"
            ),
            Self::NoParts => write!(f, "a compound needs at least one part: pass one or more shapes"),
            Self::PartPoseNonFinite { part } => write!(
                f,
                "the pose of part {part} has a NaN or infinite entry: pass finite poses"
            ),
            Self::PartPoseInvalid { part } => write!(
                f,
                "the pose of part {part} is not a rigid motion (rotation not orthonormal, a reflection, or a translation out of range): build it from a translation and an angle, axis-angle or unit quaternion"
            ),
            Self::DuplicateVertex { first, second } => write!(
                f,
                "points {first} and {second} are the same point: a simple polygon visits each point once; remove the repeat"
            ),
            Self::SelfIntersection { edge_a, edge_b } => write!(
                f,
                "edges {edge_a} and {edge_b} of the polygon meet: pass the points of a simple polygon (a boundary that does not cross or touch itself), in order"
            ),
            Self::Sliver { index } => write!(
                f,
                "the polygon is too thin at input point {index}: a convex piece there turns by less than this scalar type resolves; move point {index} away from the nearly collinear edge, or use f64"
            ),
        }
    }
}

impl core::error::Error for ShapeError {}

/// Why [`ConvexPolyhedron::from_hull`](crate::ConvexPolyhedron::from_hull) could not build a hull.
///
/// There is one variant per cause, and each message says what to change.
/// "Within tolerance" means within
/// [`hull_tolerance`](crate::real::hull_tolerance) times the largest
/// absolute coordinate of the input.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{ConvexPolyhedron, HullError};
///
/// let square = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
/// let points: Vec<_> = square.iter().map(|&(x, y)| Point3::new(x, y, 2.0)).collect();
/// let err = ConvexPolyhedron::from_hull(&points).unwrap_err();
/// assert_eq!(err, HullError::Coplanar);
/// assert!(err.to_string().contains("one plane"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum HullError {
    /// Fewer points than a polyhedron needs.
    TooFewPoints {
        /// How many points were given.
        found: usize,
        /// How many are needed at least (4).
        required: usize,
    },
    /// A coordinate is NaN or infinite.
    NonFinite {
        /// The index of the offending point in the input.
        index: usize,
    },
    /// A coordinate is larger in magnitude than
    /// [`max_magnitude`](crate::real::max_magnitude) (`2.9e17` in `f32`,
    /// `2.1e152` in `f64`).
    TooLarge {
        /// The index of the offending point in the input.
        index: usize,
        /// Which of its coordinates (0 = x, 1 = y, 2 = z).
        coordinate: usize,
    },
    /// The points' extent (the largest of `max − min` over the three axes)
    /// is above zero but below [`min_size`](crate::real::min_size) (`6.9e-18` in `f32`,
    /// `9.6e-153` in `f64`).
    TooSmall,
    /// All the points are the same point, within tolerance.
    Coincident,
    /// All the points lie on one line, within tolerance.
    Collinear,
    /// All the points lie in one plane, within tolerance (or the hull is
    /// thinner than the tolerance, so that its faces cannot be told apart).
    Coplanar,
}

impl fmt::Display for HullError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooFewPoints { found, required } => write!(
                f,
                "{found} point{} given, at least {required} needed: pass points that do not all lie in one plane",
                if found == 1 { "" } else { "s" }
            ),
            Self::TooLarge { index, coordinate } => write!(
                f,
                "coordinate {coordinate} of point {index} is larger in magnitude than `real::max_magnitude` (2.9e17 in f32, 2.1e152 in f64): scale the scene down or use f64"
            ),
            Self::TooSmall => write!(
                f,
                "the points span less than `real::min_size` (6.9e-18 in f32, 9.6e-153 in f64) along every axis: scale the scene up or use f64"
            ),
            Self::NonFinite { index } => write!(
                f,
                "point {index} has a NaN or infinite coordinate: pass finite coordinates"
            ),
            Self::Coincident => write!(
                f,
                "all the points are the same point (within tolerance): pass points that span a volume"
            ),
            Self::Collinear => write!(
                f,
                "all the points lie on one line (within tolerance): pass points that span a volume"
            ),
            Self::Coplanar => write!(
                f,
                "all the points lie in one plane (within tolerance): add a point off that plane, or use a 2D `ConvexPolygon` for a flat shape"
            ),
        }
    }
}

impl core::error::Error for HullError {}

/// Why [`Compound::from_hulls`](crate::Compound::from_hulls) could not
/// build a compound.
///
/// ```
/// use nalgebra::Point3;
/// use separating_axis::{Compound, CompoundHullError, HullError};
///
/// let flat: Vec<Point3<f64>> = (0..4).map(|k| Point3::new((k & 1) as f64, (k >> 1) as f64, 0.0)).collect();
/// let err = Compound::from_hulls(&[flat]).unwrap_err();
/// assert_eq!(err, CompoundHullError::Hull { part: 0, error: HullError::Coplanar });
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum CompoundHullError {
    /// No point cloud was given.
    NoParts,
    /// The hull of one cloud could not be built.
    Hull {
        /// The cloud's index in the input.
        part: usize,
        /// Why.
        error: HullError,
    },
    /// The compound could not be built from the hulls (a hull reaching
    /// beyond the range).
    Shape(ShapeError),
}

impl fmt::Display for CompoundHullError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoParts => write!(
                f,
                "a compound needs at least one hull: pass one or more point clouds"
            ),
            Self::Hull { part, error } => write!(f, "hull {part}: {error}"),
            Self::Shape(e) => write!(f, "{e}"),
        }
    }
}

impl core::error::Error for CompoundHullError {}

/// Why the [`BroadPhase`](crate::BroadPhase) refused an operation.
///
/// ```
/// use nalgebra::Point2;
/// use separating_axis::{BroadPhase, BroadPhaseError};
///
/// let mut world = BroadPhase::<f64, 2>::new();
/// let nan = Point2::new(f64::NAN, 0.0);
/// let err = world.insert_bounds(&nan, &Point2::new(1.0, 1.0)).unwrap_err();
/// assert_eq!(err, BroadPhaseError::NonFinite { bound: "min", axis: 0 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
// Deserialize: src/serde_support/mod.rs (its `&'static str` names).
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum BroadPhaseError {
    /// A bound is NaN or infinite.
    NonFinite {
        /// `"min"` or `"max"`.
        bound: &'static str,
        /// The coordinate (0 = x, 1 = y, ...).
        axis: usize,
    },
    /// `min > max` along an axis (equal is allowed: a flat or point body).
    Inverted {
        /// The axis (0 = x, 1 = y, ...).
        axis: usize,
    },
    /// The handle was removed, or belongs to another broad phase.
    UnknownHandle,
}

impl fmt::Display for BroadPhaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::NonFinite { bound, axis } => write!(
                f,
                "coordinate {axis} of the {bound} bound is NaN or infinite; give finite bounds"
            ),
            Self::Inverted { axis } => write!(
                f,
                "the min bound exceeds the max bound along axis {axis}; swap them"
            ),
            Self::UnknownHandle => write!(
                f,
                "the handle is not in this broad phase (removed, or from another one)"
            ),
        }
    }
}

impl core::error::Error for BroadPhaseError {}

/// Why a serialised query result (a [`Manifold`](crate::Manifold),
/// [`Penetration`](crate::Penetration), [`Separation`](crate::Separation),
/// [`SatCache`](crate::SatCache), [`ClosestPoints`](crate::ClosestPoints),
/// [`ShapeCastHit`](crate::ShapeCastHit), [`RayHit`](crate::RayHit),
/// [`PointProjection`](crate::PointProjection) or
/// [`BoundingSphere`](crate::BoundingSphere)) was refused on the way in:
/// one variant per broken invariant, each message saying what is wrong.
/// Every result the library computes from finite input loads
/// (tests/serde_round_trip.rs::library_results_round_trip_and_load_2d,
/// `_3d`); what the checks are is the table in the `serde` module
/// (src/serde_support/mod.rs).
///
/// `field` names the result's field (`"normal"`, `"depth"`, `"on_b"`, ...);
/// `point`, where given, the contact point of a manifold.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use separating_axis::{Penetration, ResultError};
///
/// let err = serde_json::from_str::<Penetration<f64, 2>>(
///     r#"{"normal":[3.0,4.0],"depth":0.5,"feature":{"FaceA":0}}"#,
/// )
/// .unwrap_err();
/// let cause = ResultError::NonUnitVector { field: "normal", length: 5.0 };
/// assert!(err.to_string().contains(&cause.to_string()), "{err}");
/// # }
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
// Deserialize: src/serde_support/results.rs (its `&'static str` names).
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum ResultError {
    /// A manifold with more points than
    /// [`MAX_CONTACT_POINTS`](crate::result::MAX_CONTACT_POINTS).
    TooManyContactPoints {
        /// How many points were given.
        found: usize,
    },
    /// A coordinate or scalar is NaN or infinite (the library's results
    /// are finite for finite input).
    NonFinite {
        /// The field.
        field: &'static str,
        /// The contact point, for a field of one.
        point: Option<usize>,
    },
    /// A normal or axis is not of length 1 within
    /// [`unit_tolerance`](crate::real::unit_tolerance) (a zero vector
    /// included), except the zero normal of an empty
    /// [`Manifold::new`](crate::Manifold::new).
    NonUnitVector {
        /// The field.
        field: &'static str,
        /// Its length.
        length: f64,
    },
    /// A depth, distance, time of impact or radius below zero.
    Negative {
        /// The field.
        field: &'static str,
        /// Its value.
        value: f64,
    },
    /// A contact point whose `on_b` is not `on_a + normal · separation`
    /// within [`contact_point_tolerance`](crate::real::contact_point_tolerance)
    /// of its scale.
    InconsistentPoint {
        /// The contact point.
        point: usize,
        /// The largest coordinate of `on_b − (on_a + normal · separation)`.
        off: f64,
        /// What it may be at most (the tolerance times the point's scale).
        tolerance: f64,
    },
    /// A feature index of `usize::MAX`: a shape numbers its faces, edges
    /// and vertices from 0 to below its count, itself a `usize`, so that
    /// index names nothing on any shape. (A smaller index beyond a
    /// particular shape's count cannot be told from the result alone: the
    /// queries that take a result back, the cached ones, treat it as a
    /// miss.)
    FeatureOutOfRange {
        /// The field.
        field: &'static str,
    },
    /// An edge-pair feature ([`Feature::EdgePair`](crate::Feature::EdgePair))
    /// in fewer than 3 dimensions, where no query makes one.
    EdgePairBelow3d {
        /// The dimension of the result.
        dimension: usize,
    },
    /// An edge ([`ContactFeature::Edge`](crate::ContactFeature::Edge))
    /// not named by its two ends in increasing order.
    UnorderedEdge {
        /// The contact point.
        point: usize,
        /// The first end given.
        first: usize,
        /// The second end given.
        second: usize,
    },
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooManyContactPoints { found } => write!(
                f,
                "{found} contact points given, a manifold holds at most {}",
                crate::result::MAX_CONTACT_POINTS
            ),
            Self::NonFinite { field, point } => write!(
                f,
                "`{field}`{} is NaN or infinite: a result of finite input is finite",
                PointName(point)
            ),
            Self::NonUnitVector { field, length } => write!(
                f,
                "`{field}` has length {length}, not 1 (within `real::unit_tolerance`): give a unit vector"
            ),
            Self::Negative { field, value } => write!(
                f,
                "`{field}` is {value}, below zero: it is never negative"
            ),
            Self::InconsistentPoint { point, off, tolerance } => write!(
                f,
                "contact point {point}: `on_b` is off `on_a + normal * separation` by {off:e}, more than {tolerance:e} (`real::contact_point_tolerance` of its scale): give the point as computed"
            ),
            Self::FeatureOutOfRange { field } => write!(
                f,
                "`{field}` has the index usize::MAX, which names no face, edge or vertex of any shape"
            ),
            Self::EdgePairBelow3d { dimension } => write!(
                f,
                "an edge-pair feature in {dimension}D: edge pairs give axes in 3 or more dimensions only"
            ),
            Self::UnorderedEdge { point, first, second } => write!(
                f,
                "contact point {point}: the edge ({first}, {second}) is not named by its ends in increasing order"
            ),
        }
    }
}

/// " of contact point i", or nothing.
struct PointName(Option<usize>);

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(i) => write!(f, " of contact point {i}"),
            None => Ok(()),
        }
    }
}

impl core::error::Error for ResultError {}
