//! Errors reported by shape constructors.

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
    NonFinite {
        /// Which input: `"point"`, `"centre"`, `"radius"`, `"half extent"`,
        /// `"rotation"`, `"min"` or `"max"`.
        field: &'static str,
        /// The index of the offending point or coordinate within `field`.
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
    /// The rotation matrix is not orthonormal within
    /// [`orthonormal_tolerance`](crate::real::orthonormal_tolerance).
    NonOrthonormalRotation,
    /// A coordinate or size is too large for the queries' arithmetic: its
    /// magnitude exceeds [`max_magnitude`](crate::real::max_magnitude), the
    /// largest value whose square and sums of a few squares stay finite.
    TooLarge {
        /// Which input (as for [`ShapeError::NonFinite`]).
        field: &'static str,
        /// The index of the offending point or coordinate within `field`.
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
        /// The index of the offending point or coordinate within `field`.
        index: usize,
        /// The limit that was not reached, as an `f64`.
        limit: f64,
    },
    /// The shape is given in zero dimensions (`N = 0`), where no shape has
    /// an interior.
    ZeroDimension,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TooFewPoints { found, required } => write!(
                f,
                "{found} distinct points given, at least {required} needed: add points that span an area"
            ),
            Self::NonFinite { field, index } => write!(
                f,
                "{field} {index} is NaN or infinite: pass finite coordinates"
            ),
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
            Self::TooLarge { field, index, limit } => write!(
                f,
                "{field} {index} is larger in magnitude than {limit:e}, the largest this scalar type supports: scale the scene down or use f64"
            ),
            Self::TooSmall { field, index, limit } => write!(
                f,
                "{field} {index} gives a size below {limit:e}, the smallest this scalar type supports: scale the scene up or use f64"
            ),
            Self::ZeroDimension => write!(
                f,
                "a shape in zero dimensions has no interior: use N >= 1"
            ),
        }
    }
}

impl std::error::Error for ShapeError {}
