//! The named results of the queries.

use nalgebra::{Rotation, SVector, Unit};

use crate::Real;

/// Which candidate axis produced a [`Separation`] or [`Penetration`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Feature {
    /// Face `i` of shape A: the axis is its outward normal.
    FaceA(usize),
    /// Face `i` of shape B: the axis is the opposite of its outward normal.
    FaceB(usize),
    /// The cross product of edge `i` of A and edge `j` of B in 3D; for
    /// `N > 3`, a normal of `N − 1` edge directions, `i` the first of A's
    /// and `j` the first of B's (`src/nd.rs`).
    EdgePair(usize, usize),
    /// An axis between the cores of A (rounded: a ball, a capsule) and B:
    /// from a vertex of A's core to B's nearest core point, or from A's core
    /// to B's core vertex nearest to it.
    RoundA,
    /// The same with B rounded: between B's core and A's nearest core point.
    RoundB,
    /// No candidate axis was defined (two concentric balls, where every
    /// direction is equally good); the first coordinate axis was used.
    Fallback,
}

/// The signed distance between two shapes along the best candidate axis.
///
/// `distance > 0`: the shapes are separated, and `distance` is a lower bound
/// of their true distance (exact when the nearest features are a face and a
/// point, or two balls). `distance <= 0`: they overlap (or touch, at `0`),
/// and `-distance` is the exact penetration depth.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Separation<T: Real, const N: usize> {
    /// Signed distance along `axis`: positive separated, negative
    /// penetrating, zero touching. NaN when an input was NaN.
    pub distance: T,
    /// Unit axis in the world frame, pointing from A towards B.
    pub axis: Unit<SVector<T, N>>,
    /// Where the axis came from.
    pub feature: Feature,
}

/// The minimum translation that separates two overlapping shapes.
///
/// Moving B by `normal * depth` (or A by `-normal * depth`) leaves the shapes
/// touching; no shorter translation in any direction separates them.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Penetration<T: Real, const N: usize> {
    /// Unit normal in the world frame, pointing from A towards B.
    pub normal: Unit<SVector<T, N>>,
    /// Penetration depth, `>= 0` (`0` when the shapes only touch).
    pub depth: T,
    /// The axis the depth was measured on.
    pub feature: Feature,
}

impl<T: Real, const N: usize> Penetration<T, N> {
    /// The minimum translation vector `normal * depth`, to be applied to B.
    #[inline]
    #[must_use]
    pub fn mtv(&self) -> SVector<T, N> {
        self.normal.into_inner() * self.depth
    }
}

impl<T: Real, const N: usize> Separation<T, N> {
    /// The same separation with its axis turned by `rotation`: the last
    /// step of every path, from the frame it computed in (A's local frame,
    /// or A's box frame) to the world. Distance and feature are unchanged.
    #[inline]
    pub(crate) fn to_world(self, rotation: &Rotation<T, N>) -> Self {
        Self {
            axis: rotation * self.axis,
            ..self
        }
    }

    /// The penetration, when the shapes overlap or touch (`distance <= 0`).
    /// `None` when they are separated or the distance is NaN.
    #[inline]
    #[must_use]
    pub fn penetration(&self) -> Option<Penetration<T, N>> {
        // `0 − d`, not `−d`: touching gives a depth of +0, never −0.
        (self.distance <= T::zero()).then(|| Penetration {
            normal: self.axis,
            depth: T::zero() - self.distance,
            feature: self.feature,
        })
    }
}

/// Whether either shape lies inside the other (boundaries may touch).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Containment {
    /// A lies entirely in B.
    pub a_in_b: bool,
    /// B lies entirely in A.
    pub b_in_a: bool,
}
