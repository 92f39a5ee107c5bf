//! The checks a deserialised result goes through (the table in the parent
//! module): a raw form per result, derived field for field, and a
//! `TryFrom` that refuses a broken invariant with its [`ResultError`].

use alloc::string::String;
use alloc::vec::Vec;

use nalgebra::{Point, SVector, Unit};
use serde::{Deserialize, Deserializer, Serialize};

use crate::cache::Last;
use crate::real::{all_finite, contact_point_tolerance, is_finite, unit_tolerance};
use crate::{
    BoundingSphere, ClosestPoints, ContactFeature, ContactPoint, Feature, Manifold, Penetration,
    PointProjection, RayHit, Real, ResultError, Separation, ShapeCastHit, Side, MAX_CONTACT_POINTS,
};

/// `x` as an `f64`, for a message (NaN if it does not convert).
fn f64_of<T: Real>(x: T) -> f64 {
    x.to_f64().unwrap_or(f64::NAN)
}

/// `x` is finite.
fn finite<T: Real>(x: T, field: &'static str, point: Option<usize>) -> Result<(), ResultError> {
    if is_finite(x) {
        Ok(())
    } else {
        Err(ResultError::NonFinite { field, point })
    }
}

/// Every coordinate of `v` is finite.
fn finite_vector<T: Real, const N: usize>(
    v: &SVector<T, N>,
    field: &'static str,
    point: Option<usize>,
) -> Result<(), ResultError> {
    if all_finite(v.iter()) {
        Ok(())
    } else {
        Err(ResultError::NonFinite { field, point })
    }
}

/// `x` is finite and not below zero.
fn non_negative<T: Real>(x: T, field: &'static str) -> Result<(), ResultError> {
    finite(x, field, None)?;
    if x < T::zero() {
        return Err(ResultError::Negative {
            field,
            value: f64_of(x),
        });
    }
    Ok(())
}

/// `n` is finite and of length 1 within [`unit_tolerance`].
fn unit<T: Real, const N: usize>(
    n: &Unit<SVector<T, N>>,
    field: &'static str,
) -> Result<(), ResultError> {
    finite_vector(n.as_ref(), field, None)?;
    let length = n.norm();
    if (length - T::one()).abs() <= unit_tolerance::<T>() {
        Ok(())
    } else {
        Err(ResultError::NonUnitVector {
            field,
            length: f64_of(length),
        })
    }
}

/// `i` can name a feature of some shape: below `usize::MAX`, since a
/// shape's counts are `usize`s and its indices lie below them.
fn index(i: usize, field: &'static str) -> Result<(), ResultError> {
    if i == usize::MAX {
        Err(ResultError::FeatureOutOfRange { field })
    } else {
        Ok(())
    }
}

/// A [`Feature`] some query in `N` dimensions makes.
fn feature<const N: usize>(f: Feature, field: &'static str) -> Result<(), ResultError> {
    match f {
        Feature::FaceA(i) | Feature::FaceB(i) => index(i, field),
        Feature::EdgePair(i, j) => {
            if N < 3 {
                return Err(ResultError::EdgePairBelow3d { dimension: N });
            }
            index(i, field)?;
            index(j, field)
        }
        Feature::RoundA | Feature::RoundB | Feature::Fallback => Ok(()),
    }
}

/// A [`ContactFeature`] of contact point `point`.
fn contact_feature(
    f: ContactFeature,
    field: &'static str,
    point: usize,
) -> Result<(), ResultError> {
    match f {
        ContactFeature::Face(i) | ContactFeature::Vertex(i) => index(i, field),
        ContactFeature::Edge(first, second) => {
            index(first, field)?;
            index(second, field)?;
            if first < second {
                Ok(())
            } else {
                Err(ResultError::UnorderedEdge {
                    point,
                    first,
                    second,
                })
            }
        }
        ContactFeature::Support => Ok(()),
    }
}

/// Contact point `i` of a manifold with `normal`: finite, its features
/// possible, and `on_b = on_a + normal · separation` within
/// [`contact_point_tolerance`] of its scale.
fn contact_point<T: Real, const N: usize>(
    p: &ContactPoint<T, N>,
    i: usize,
    normal: &Unit<SVector<T, N>>,
) -> Result<(), ResultError> {
    finite(p.separation, "separation", Some(i))?;
    finite_vector(&p.on_a.coords, "on_a", Some(i))?;
    finite_vector(&p.on_b.coords, "on_b", Some(i))?;
    finite_vector(&p.local_a.coords, "local_a", Some(i))?;
    finite_vector(&p.local_b.coords, "local_b", Some(i))?;
    contact_feature(p.id.a, "id.a", i)?;
    contact_feature(p.id.b, "id.b", i)?;
    let off = (p.on_b - (p.on_a + normal.as_ref() * p.separation)).amax();
    let scale = [
        p.on_a.coords.amax(),
        p.on_b.coords.amax(),
        p.local_a.coords.amax(),
        p.local_b.coords.amax(),
        p.separation.abs(),
    ]
    .into_iter()
    .fold(T::zero(), T::max);
    let tolerance = contact_point_tolerance::<T>() * scale;
    if off <= tolerance {
        Ok(())
    } else {
        Err(ResultError::InconsistentPoint {
            point: i,
            off: f64_of(off),
            tolerance: f64_of(tolerance),
        })
    }
}

/// A manifold's normal, the points in use and the reference face.
#[derive(Serialize, Deserialize)]
pub(crate) struct RawManifold<T: Real, const N: usize> {
    normal: Unit<SVector<T, N>>,
    points: Vec<ContactPoint<T, N>>,
    reference: Option<(Side, usize)>,
}

impl<T: Real, const N: usize> From<Manifold<T, N>> for RawManifold<T, N> {
    fn from(m: Manifold<T, N>) -> Self {
        Self {
            normal: m.normal(),
            points: m.points().to_vec(),
            reference: m.reference(),
        }
    }
}

impl<T: Real, const N: usize> TryFrom<RawManifold<T, N>> for Manifold<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawManifold<T, N>) -> Result<Self, ResultError> {
        if raw.points.len() > MAX_CONTACT_POINTS {
            return Err(ResultError::TooManyContactPoints {
                found: raw.points.len(),
            });
        }
        // `Manifold::new()`, the empty slot, has the zero normal.
        let slot = raw.points.is_empty()
            && raw.reference.is_none()
            && raw.normal.iter().all(|c| *c == T::zero());
        if !slot {
            unit(&raw.normal, "normal")?;
        }
        if let Some((_, face)) = raw.reference {
            index(face, "reference")?;
        }
        for (i, p) in raw.points.iter().enumerate() {
            contact_point(p, i, &raw.normal)?;
        }
        let mut m = Manifold::empty(raw.normal);
        for p in raw.points {
            m.push(p);
        }
        m.reference = raw.reference;
        Ok(m)
    }
}

/// A [`Separation`]'s fields, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawSeparation<T: Real, const N: usize> {
    distance: T,
    axis: Unit<SVector<T, N>>,
    feature: Feature,
}

impl<T: Real, const N: usize> TryFrom<RawSeparation<T, N>> for Separation<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawSeparation<T, N>) -> Result<Self, ResultError> {
        finite(raw.distance, "distance", None)?;
        unit(&raw.axis, "axis")?;
        feature::<N>(raw.feature, "feature")?;
        Ok(Self {
            distance: raw.distance,
            axis: raw.axis,
            feature: raw.feature,
        })
    }
}

/// A [`Penetration`]'s fields, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawPenetration<T: Real, const N: usize> {
    normal: Unit<SVector<T, N>>,
    depth: T,
    feature: Feature,
}

impl<T: Real, const N: usize> TryFrom<RawPenetration<T, N>> for Penetration<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawPenetration<T, N>) -> Result<Self, ResultError> {
        unit(&raw.normal, "normal")?;
        non_negative(raw.depth, "depth")?;
        feature::<N>(raw.feature, "feature")?;
        Ok(Self {
            normal: raw.normal,
            depth: raw.depth,
            feature: raw.feature,
        })
    }
}

/// A [`SatCache`](crate::SatCache)'s recorded answer, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawLast<T: Real, const N: usize> {
    axis: Unit<SVector<T, N>>,
    feature: Feature,
    separated: bool,
}

impl<T: Real, const N: usize> TryFrom<RawLast<T, N>> for Last<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawLast<T, N>) -> Result<Self, ResultError> {
        unit(&raw.axis, "axis")?;
        feature::<N>(raw.feature, "feature")?;
        Ok(Self {
            axis: raw.axis,
            feature: raw.feature,
            separated: raw.separated,
        })
    }
}

/// A [`ClosestPoints`]'s fields, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawClosestPoints<T: Real, const N: usize> {
    point_a: Point<T, N>,
    point_b: Point<T, N>,
    axis: Unit<SVector<T, N>>,
    distance: T,
    gap: T,
}

impl<T: Real, const N: usize> TryFrom<RawClosestPoints<T, N>> for ClosestPoints<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawClosestPoints<T, N>) -> Result<Self, ResultError> {
        finite_vector(&raw.point_a.coords, "point_a", None)?;
        finite_vector(&raw.point_b.coords, "point_b", None)?;
        unit(&raw.axis, "axis")?;
        non_negative(raw.distance, "distance")?;
        finite(raw.gap, "gap", None)?;
        Ok(Self {
            point_a: raw.point_a,
            point_b: raw.point_b,
            axis: raw.axis,
            distance: raw.distance,
            gap: raw.gap,
        })
    }
}

/// A [`ShapeCastHit`]'s fields, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawShapeCastHit<T: Real, const N: usize> {
    toi: T,
    normal: Unit<SVector<T, N>>,
    point_a: Point<T, N>,
    point_b: Point<T, N>,
    feature: Option<Feature>,
}

impl<T: Real, const N: usize> TryFrom<RawShapeCastHit<T, N>> for ShapeCastHit<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawShapeCastHit<T, N>) -> Result<Self, ResultError> {
        non_negative(raw.toi, "toi")?;
        unit(&raw.normal, "normal")?;
        finite_vector(&raw.point_a.coords, "point_a", None)?;
        finite_vector(&raw.point_b.coords, "point_b", None)?;
        if let Some(f) = raw.feature {
            feature::<N>(f, "feature")?;
        }
        Ok(Self {
            toi: raw.toi,
            normal: raw.normal,
            point_a: raw.point_a,
            point_b: raw.point_b,
            feature: raw.feature,
        })
    }
}

/// A [`RayHit`]'s fields, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawRayHit<T: Real, const N: usize> {
    toi: T,
    point: Point<T, N>,
    normal: Option<Unit<SVector<T, N>>>,
    face: Option<usize>,
}

impl<T: Real, const N: usize> TryFrom<RawRayHit<T, N>> for RayHit<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawRayHit<T, N>) -> Result<Self, ResultError> {
        non_negative(raw.toi, "toi")?;
        finite_vector(&raw.point.coords, "point", None)?;
        if let Some(n) = &raw.normal {
            unit(n, "normal")?;
        }
        if let Some(face) = raw.face {
            index(face, "face")?;
        }
        Ok(Self {
            toi: raw.toi,
            point: raw.point,
            normal: raw.normal,
            face: raw.face,
        })
    }
}

/// A [`PointProjection`]'s fields, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawPointProjection<T: Real, const N: usize> {
    point: Point<T, N>,
    distance: T,
    inside: bool,
}

impl<T: Real, const N: usize> TryFrom<RawPointProjection<T, N>> for PointProjection<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawPointProjection<T, N>) -> Result<Self, ResultError> {
        finite_vector(&raw.point.coords, "point", None)?;
        finite(raw.distance, "distance", None)?;
        Ok(Self {
            point: raw.point,
            distance: raw.distance,
            inside: raw.inside,
        })
    }
}

/// A [`BoundingSphere`]'s fields, before the checks.
#[derive(Deserialize)]
pub(crate) struct RawBoundingSphere<T: Real, const N: usize> {
    center: Point<T, N>,
    radius: T,
}

impl<T: Real, const N: usize> TryFrom<RawBoundingSphere<T, N>> for BoundingSphere<T, N> {
    type Error = ResultError;
    fn try_from(raw: RawBoundingSphere<T, N>) -> Result<Self, ResultError> {
        finite_vector(&raw.center.coords, "center", None)?;
        non_negative(raw.radius, "radius")?;
        Ok(Self {
            center: raw.center,
            radius: raw.radius,
        })
    }
}

/// The names a [`ResultError`] gives a field: a deserialised error takes
/// the crate's own `&'static str`, and any other name is refused.
const RESULT_FIELD_NAMES: [&str; 21] = [
    "normal",
    "axis",
    "depth",
    "distance",
    "gap",
    "toi",
    "separation",
    "on_a",
    "on_b",
    "local_a",
    "local_b",
    "id.a",
    "id.b",
    "reference",
    "feature",
    "face",
    "point",
    "point_a",
    "point_b",
    "center",
    "radius",
];

/// A field's name in a deserialised [`ResultError`]: one of
/// [`RESULT_FIELD_NAMES`].
pub(crate) struct ResultName(&'static str);

impl<'de> Deserialize<'de> for ResultName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        RESULT_FIELD_NAMES
            .iter()
            .find(|&&known| known == name)
            .map(|&known| ResultName(known))
            .ok_or_else(|| {
                serde::de::Error::invalid_value(
                    serde::de::Unexpected::Str(&name),
                    &"a result field of the crate (\"normal\", \"depth\", \"on_b\", ...)",
                )
            })
    }
}

/// [`ResultError`] as it deserialises, variant for variant.
#[derive(Deserialize)]
pub(crate) enum RawResultError {
    TooManyContactPoints {
        found: usize,
    },
    NonFinite {
        field: ResultName,
        point: Option<usize>,
    },
    NonUnitVector {
        field: ResultName,
        length: f64,
    },
    Negative {
        field: ResultName,
        value: f64,
    },
    InconsistentPoint {
        point: usize,
        off: f64,
        tolerance: f64,
    },
    FeatureOutOfRange {
        field: ResultName,
    },
    EdgePairBelow3d {
        dimension: usize,
    },
    UnorderedEdge {
        point: usize,
        first: usize,
        second: usize,
    },
}

impl From<RawResultError> for ResultError {
    fn from(raw: RawResultError) -> Self {
        use RawResultError as R;
        match raw {
            R::TooManyContactPoints { found } => Self::TooManyContactPoints { found },
            R::NonFinite { field, point } => Self::NonFinite {
                field: field.0,
                point,
            },
            R::NonUnitVector { field, length } => Self::NonUnitVector {
                field: field.0,
                length,
            },
            R::Negative { field, value } => Self::Negative {
                field: field.0,
                value,
            },
            R::InconsistentPoint {
                point,
                off,
                tolerance,
            } => Self::InconsistentPoint {
                point,
                off,
                tolerance,
            },
            R::FeatureOutOfRange { field } => Self::FeatureOutOfRange { field: field.0 },
            R::EdgePairBelow3d { dimension } => Self::EdgePairBelow3d { dimension },
            R::UnorderedEdge {
                point,
                first,
                second,
            } => Self::UnorderedEdge {
                point,
                first,
                second,
            },
        }
    }
}

/// Field for field as serialised; a field's name is refused unless it is
/// one of the crate's (`"normal"`, `"depth"`, `"on_b"`, ...).
impl<'de> Deserialize<'de> for ResultError {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        RawResultError::deserialize(d).map(Self::from)
    }
}
