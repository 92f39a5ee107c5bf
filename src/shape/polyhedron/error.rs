//! Why a hull could not be built.

use core::fmt;

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

impl std::error::Error for HullError {}
