//! Input validation shared by the constructors of shapes and poses: each
//! check returns the [`ShapeError`] variant of the first cause it finds
//! (docs/contract-range.md).

use nalgebra::{Point, SVector};

use crate::{Real, ShapeError};

/// Validates that every coordinate of `p` is finite; `index` is reported
/// as given (the point's index in a list).
pub(crate) fn check_finite_point<T: Real, const N: usize>(
    p: &Point<T, N>,
    field: &'static str,
    index: usize,
) -> Result<(), ShapeError> {
    if p.coords.iter().all(|c| c.is_finite()) {
        Ok(())
    } else {
        Err(ShapeError::NonFinite { field, index })
    }
}

/// Validates a point of a list (`field` `"point"` or `"endpoint"`, the
/// point's `index`): every coordinate finite and within
/// [`max_magnitude`](crate::real::max_magnitude).
pub(crate) fn check_point_in_range<T: Real, const N: usize>(
    p: &Point<T, N>,
    field: &'static str,
    index: usize,
) -> Result<(), ShapeError> {
    check_finite_point(p, field, index)?;
    let limit = crate::real::max_magnitude::<T>();
    if p.coords.iter().any(|c| c.abs() > limit) {
        return Err(ShapeError::TooLarge {
            field,
            index,
            limit: as_f64(limit),
        });
    }
    Ok(())
}

/// Validates one vector input (a centre, a corner, a translation): every
/// coordinate finite ([`ShapeError::NonFinite`](ShapeError::NonFinite))
/// and within [`max_magnitude`](crate::real::max_magnitude)
/// ([`ShapeError::TooLarge`](ShapeError::TooLarge)), reporting the
/// first offending coordinate's index.
pub(crate) fn check_coordinates<T: Real, const N: usize>(
    v: &SVector<T, N>,
    field: &'static str,
) -> Result<(), ShapeError> {
    if let Some(index) = v.iter().position(|c| !c.is_finite()) {
        return Err(ShapeError::NonFinite { field, index });
    }
    let limit = crate::real::max_magnitude::<T>();
    if let Some(index) = v.iter().position(|c| c.abs() > limit) {
        return Err(ShapeError::TooLarge {
            field,
            index,
            limit: as_f64(limit),
        });
    }
    Ok(())
}

/// Validates a size (a radius, a half extent), in this order: finite
/// ([`ShapeError::NonFinite`](ShapeError::NonFinite)), above zero
/// (`non_positive`), at most [`max_magnitude`](crate::real::max_magnitude)
/// ([`ShapeError::TooLarge`](ShapeError::TooLarge)), at least
/// [`min_size`](crate::real::min_size)
/// ([`ShapeError::TooSmall`](ShapeError::TooSmall)).
pub(crate) fn check_size<T: Real>(
    x: T,
    field: &'static str,
    index: usize,
    non_positive: crate::ShapeError,
) -> Result<(), ShapeError> {
    if !x.is_finite() {
        return Err(ShapeError::NonFinite { field, index });
    }
    if x <= T::zero() {
        return Err(non_positive);
    }
    let large = crate::real::max_magnitude::<T>();
    if x > large {
        return Err(ShapeError::TooLarge {
            field,
            index,
            limit: as_f64(large),
        });
    }
    let small = crate::real::min_size::<T>();
    if x < small {
        return Err(ShapeError::TooSmall {
            field,
            index,
            limit: as_f64(small),
        });
    }
    Ok(())
}

/// `x` as an `f64`, for the limits the errors report.
#[inline]
pub(crate) fn as_f64<T: Real>(x: T) -> f64 {
    num_traits::ToPrimitive::to_f64(&x).unwrap_or(f64::NAN)
}

/// Refuses `N = 0` with [`ShapeError::ZeroDimension`](ShapeError::ZeroDimension).
#[inline]
pub(crate) fn check_dimension<const N: usize>() -> Result<(), ShapeError> {
    if N == 0 {
        Err(ShapeError::ZeroDimension)
    } else {
        Ok(())
    }
}
