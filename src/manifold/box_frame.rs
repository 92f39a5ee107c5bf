//! The reference box's own frame, where the box paths clip (`box2.rs`,
//! `box3.rs`): the reference box's centre is the origin and its axes the
//! coordinate axes, so its face `±eₐ` is the plane `qₐ = ±hₐ` and its side
//! planes are `|q_k| <= h_k` for the other axes. [`RefBox`] places the
//! incident box in that frame and turns a clipped point back into a
//! contact point (world, and local to each shape).
//!
//! ```text
//! ref box frame F_r, incident box frame F_i (world, from each pose and box):
//!     M = F_rᵀ F_i                 the incident box's axes, as columns
//!     c = F_rᵀ ((t_i − t_r) + (o_i − o_r))
//!                                  its centre, from the poses' translation
//!                                  difference first (as pair::obb_obb)
//!     a point q of the incident box in F_r:
//!         on the reference shape   q with qₐ set to ±hₐ, by F_r and by
//!                                  the reference box's own placement
//!         on the incident shape    the reference point + normal · separation
//!                                  (world), the incident box's placement
//!                                  of Mᵀ (q − c) (local)
//! ```

use nalgebra::{Point, SMatrix, SVector};

use super::gate::{gate_with, Gate};
use super::one_point::one_point;
use super::{ContactFeature, ContactId, ContactPoint, Frames, Manifold, Side};
use crate::pair::obb_obb::{self, BoxPair};
use crate::{Obb, Pose, Real, Shape};

/// The corner loops of the six faces of a 3D box, as
/// `shape::box_face_vertex::<3>` lists them (counter-clockwise seen from
/// outside; corner bit `k` set for `+h_k`), as a table.
pub(super) const FACE_LOOPS: [[u8; 4]; 6] = face_loops();

const fn face_loops() -> [[u8; 4]; 6] {
    // The signs of (b, c) = (a + 1, a + 2) counter-clockwise about +e_a;
    // seen from −e_a the loop runs the other way.
    const SQUARE: [(u8, u8); 4] = [(0, 0), (1, 0), (1, 1), (0, 1)];
    let mut out = [[0; 4]; 6];
    let mut i = 0;
    while i < 6 {
        let (a, plus) = if i < 3 { (i, 1) } else { (i - 3, 0) };
        let mut k = 0;
        while k < 4 {
            let (sb, sc) = SQUARE[if plus == 1 { k } else { 3 - k }];
            out[i][k] = (plus << a) | (sb << ((a + 1) % 3)) | (sc << ((a + 2) % 3));
            k += 1;
        }
        i += 1;
    }
    out
}

/// A box feature during clipping, in the box numbering (faces `< 6`,
/// corners `< 8`): one byte each, so that a clip point stays small.
#[derive(Clone, Copy)]
pub(super) enum Feat {
    Face(u8),
    Vertex(u8),
    Edge(u8, u8),
}

impl Feat {
    #[inline]
    pub(super) fn public(self) -> ContactFeature {
        match self {
            Self::Face(i) => ContactFeature::Face(i.into()),
            Self::Vertex(i) => ContactFeature::Vertex(i.into()),
            Self::Edge(u, w) => ContactFeature::Edge(u.min(w).into(), u.max(w).into()),
        }
    }
}

/// What the box paths' clipping receives besides the frames: the pair's
/// box frames and the SAT's answer in A's box frame.
pub(super) struct BoxSat<'p, T: Real, const N: usize> {
    pub(super) pair: &'p BoxPair<T, N>,
    /// [`separation`](crate::separation)'s answer before its axis is
    /// turned to the world (its axis in A's box frame).
    pub(super) local: &'p crate::Separation<T, N>,
}

/// `run` (`mod.rs`) for two boxes: the same gate, on the box SAT run on a
/// [`BoxPair`] built once, which `contacts` then clips with (no second
/// placement of the boxes); the one-point contact when `contacts` gave no
/// point.
pub(super) fn run_boxes<T: Real, const N: usize>(
    m: &mut Manifold<T, N>,
    (a, pose_a): (&Obb<T, N>, &Pose<T, N>),
    (b, pose_b): (&Obb<T, N>, &Pose<T, N>),
    margin: T,
    contacts: impl FnOnce(
        &mut Manifold<T, N>,
        &Frames<'_, T, N>,
        (&Obb<T, N>, &Obb<T, N>),
        &BoxSat<'_, T, N>,
        T,
    ),
) {
    let pair = BoxPair::new(a, pose_a, b, pose_b);
    let (ha, hb) = (a.half_extents(), b.half_extents());
    let mut local = None;
    let gate = gate_with(a, pose_a, b, pose_b, margin, |scan| {
        let s = obb_obb::local_separation(&pair, &ha, &hb, scan);
        local = Some(s);
        s.to_world(&pair.frame_a)
    });
    let sat = match gate {
        Gate::Apart(normal) => {
            m.restart(normal);
            return;
        }
        Gate::Within(sat) => sat,
    };
    if super::speculative::closest_feature_point(m, (a, pose_a), (b, pose_b), &sat, margin) {
        return;
    }
    m.restart(sat.axis);
    // The box contacts read the SAT's axis in A's box frame, not
    // `frames.normal`: it is set only for the one-point contact.
    let mut frames = Frames {
        pose_a,
        pose_b,
        pose_ab: core::cell::OnceCell::new(),
        normal: SVector::zeros(),
        distance: sat.distance,
        radius_a: Shape::<T, N>::radius(a),
        radius_b: Shape::<T, N>::radius(b),
    };
    // No SAT call when the poses are out of range (the answer is the
    // range check's fallback): no clipping then.
    if let Some(local) = &local {
        let sat = BoxSat { pair: &pair, local };
        contacts(m, &frames, (a, b), &sat, margin);
    }
    if m.is_empty() {
        frames.normal = pose_a.rotation.inverse_transform_vector(&sat.axis);
        one_point(m, &frames, a, b, sat.feature);
    }
    super::keep_apart(m, sat.distance, pose_b);
}

/// The incident box placed in the reference box's frame, and the maps out
/// of that frame. Both boxes have radius 0 (an [`Obb`]).
pub(super) struct RefBox<'r, T: Real, const N: usize> {
    /// Which shape holds the reference face.
    pub(super) side: Side,
    /// The reference box's half extents.
    pub(super) half: SVector<T, N>,
    /// The incident box's axes in the reference box's frame (columns).
    pub(super) axes: SMatrix<T, N, N>,
    /// The incident box's centre in the reference box's frame.
    pub(super) center: SVector<T, N>,
    /// The incident box's half extents.
    pub(super) inc_half: SVector<T, N>,
    /// The reference box's frame in the world: rotation, origin.
    world: (SMatrix<T, N, N>, SVector<T, N>),
    /// The reference box (its frame in its shape's local frame).
    own: &'r Obb<T, N>,
    /// The reference box's frame in the incident shape's local frame.
    other: (SMatrix<T, N, N>, SVector<T, N>),
    /// The manifold's normal (world, A to B).
    normal: SVector<T, N>,
}

impl<'r, T: Real, const N: usize> RefBox<'r, T, N> {
    /// The frame of `reference` (the box of shape `side`) with `incident`
    /// placed in it; each box's shape posed by the frames' `pose_a` or
    /// `pose_b`, the pair's frames `pair` (the box SAT's). With A's face
    /// as the reference, the incident box's axes and centre are the SAT's
    /// `R` and `T`; with B's, `Rᵀ` and B's frame turned back onto the
    /// centres' difference.
    pub(super) fn new(
        frames: &Frames<'_, T, N>,
        side: Side,
        (reference, incident): (&'r Obb<T, N>, &Obb<T, N>),
        pair: &BoxPair<T, N>,
        normal: SVector<T, N>,
    ) -> Self {
        let (pose_r, rot_r, off_r, axes, center) = match side {
            Side::A => (frames.pose_a, &pair.frame_a, pair.offset_a, pair.r, pair.t),
            Side::B => {
                let rt = pair.frame_b.matrix().transpose();
                // B's centre less A's is `d`; A's less B's is `−d`, exactly.
                (
                    frames.pose_b,
                    &pair.frame_b,
                    pair.offset_b,
                    pair.r.transpose(),
                    rt * -pair.d,
                )
            }
        };
        let rot_r = rot_r.into_inner();
        // Reference frame → incident box frame: Mᵀ (q − c); then the
        // incident box's placement in its shape.
        // (A centred box's rotation is the identity: its product is skipped.)
        let back = if incident.is_centred() {
            axes.transpose()
        } else {
            incident.rotation().matrix() * axes.transpose()
        };
        let other = (back, incident.center().coords - back * center);
        Self {
            side,
            half: reference.half_extents(),
            axes,
            center,
            inc_half: incident.half_extents(),
            world: (rot_r, pose_r.translation.vector + off_r),
            own: reference,
            other,
            normal,
        }
    }

    /// The face of the incident box most anti-parallel to the reference
    /// face `±eₐ` (`plus` for `+eₐ`): the first minimum of `nᵢ · (±eₐ)` over
    /// `+e₀ … +e_{N−1}, −e₀ … −e_{N−1}`, as the default
    /// [`Shape::local_incident_face`](crate::Shape::local_incident_face)
    /// orders them; `nᵢ · eₐ` is row `a` of the incident axes.
    pub(super) fn incident_face(&self, axis: usize, plus: bool) -> usize {
        let dot = |k: usize| {
            let x = self.axes[(axis, k)];
            if plus {
                x
            } else {
                -x
            }
        };
        let mut best = (0, dot(0));
        for k in 1..N {
            let x = dot(k);
            if x < best.1 {
                best = (k, x);
            }
        }
        for k in 0..N {
            let x = -dot(k);
            if x < best.1 {
                best = (k + N, x);
            }
        }
        best.0
    }

    /// The incident box's half axes in the reference box's frame: column
    /// `k` of its axes times its half extent `k`, computed once for all
    /// corners (`box3::corners`).
    #[inline]
    pub(super) fn incident_offsets(&self) -> [SVector<T, N>; N] {
        core::array::from_fn(|k| self.axes.column(k) * self.inc_half[k])
    }

    /// Pushes the contact point of `q` (a point of the incident box, in
    /// the reference box's frame) against the reference face `±eₐ`, with
    /// its `separation` (`±qₐ − hₐ`) and its features on the reference and
    /// the incident box.
    #[allow(
        clippy::too_many_arguments,
        reason = "a point, its face and its two features"
    )]
    // Inlined into the loop over the chosen points, so that the maps'
    // columns are loaded once per contact, not once per point.
    #[inline(always)]
    pub(super) fn push(
        &self,
        m: &mut Manifold<T, N>,
        q: &SVector<T, N>,
        axis: usize,
        plus: bool,
        separation: T,
        on_reference: ContactFeature,
        on_incident: ContactFeature,
    ) {
        let mut on_face = *q;
        on_face[axis] = if plus {
            self.half[axis]
        } else {
            -self.half[axis]
        };
        let place =
            |(r, t): &(SMatrix<T, N, N>, SVector<T, N>), p: &SVector<T, N>| Point::from(r * p + t);
        let ref_world = place(&self.world, &on_face);
        let ref_local = self.own.out_of_box_frame(&on_face);
        let inc_local = place(&self.other, q);
        let step = self.normal * separation;
        // One point built once, its fields chosen by the side (`on_b =
        // on_a + step` on either side).
        let (on_a, on_b, local_a, local_b, a, b) = match self.side {
            Side::A => (
                ref_world,
                ref_world + step,
                ref_local,
                inc_local,
                on_reference,
                on_incident,
            ),
            Side::B => (
                ref_world - step,
                ref_world,
                inc_local,
                ref_local,
                on_incident,
                on_reference,
            ),
        };
        m.push(ContactPoint {
            separation,
            on_a,
            on_b,
            local_a,
            local_b,
            id: ContactId { a, b },
        });
    }
}

/// A box face clipper of one dimension (`box2::face`, `box3::face`): the
/// reference face `index` of `side`, the boxes as (reference, incident).
type FaceClip<T, const N: usize> = fn(
    &mut Manifold<T, N>,
    &Frames<'_, T, N>,
    Side,
    (&Obb<T, N>, &Obb<T, N>),
    &BoxSat<'_, T, N>,
    usize,
    T,
);

/// The contacts of a SAT face `i` of B, with the bias toward A
/// (`prefer_face::b_face_wins`, docs/manifolds.md "The bias toward A"):
/// A's best face, its normal in place of the SAT's, unless B's beats it
/// by the tolerance; B's face when A's clips to nothing. Shared by the 2D
/// and 3D box paths, each with its own `face` clipper.
pub(super) fn face_of_b<T: Real, const N: usize>(
    m: &mut Manifold<T, N>,
    frames: &Frames<'_, T, N>,
    (a, b): (&Obb<T, N>, &Obb<T, N>),
    sat: &BoxSat<'_, T, N>,
    i: usize,
    margin: T,
    face: FaceClip<T, N>,
) {
    let best = super::prefer_face::best_box_face(
        &a.half_extents(),
        &b.half_extents(),
        &sat.pair.r,
        &sat.pair.t,
    );
    if let crate::Feature::FaceA(f) = best.feature {
        let sat_normal = m.normal();
        m.restart(nalgebra::Unit::new_unchecked(
            sat.pair.frame_a * best.axis.into_inner(),
        ));
        face(m, frames, Side::A, (a, b), sat, f, margin);
        if !m.is_empty() {
            return;
        }
        m.restart(sat_normal);
    }
    face(m, frames, Side::B, (b, a), sat, i, margin);
}

#[cfg(test)]
mod tests {
    use super::FACE_LOOPS;
    use crate::shape::box_face_vertex;

    /// The table is `box_face_vertex`'s loops.
    #[test]
    fn face_loops_are_box_face_vertex() {
        for (i, face) in FACE_LOOPS.iter().enumerate() {
            for (k, &v) in face.iter().enumerate() {
                assert_eq!(
                    usize::from(v),
                    box_face_vertex::<3>(i, k),
                    "face {i}, corner {k}"
                );
            }
        }
    }
}
