//! The one-point contact: what a manifold holds when clipping gave no
//! point (balls, the axis between two rounded cores, shapes that list no
//! face vertices) (docs/manifolds.md, "Reference and incident features").

use nalgebra::Point;

use super::frames::Frames;
use super::{reference_of, ContactFeature, ContactId, Manifold, Side};
use crate::{Feature, Real, Shape};

/// One point, at the incident shape's support point along the normal (or
/// the other shape's, when that lies closer to both surfaces), placed at
/// the SAT distance from the other shape.
pub(super) fn one_point<T, A, B, const N: usize>(
    m: &mut Manifold<T, N>,
    frames: &Frames<'_, T, N>,
    a: &A,
    b: &B,
    feature: Feature,
) where
    T: Real,
    A: Shape<T, N> + ?Sized,
    B: Shape<T, N> + ?Sized,
{
    let reference = reference_of(feature);
    let normal = frames.normal;
    let distance = frames.distance;
    m.reference = reference;
    // A round axis joins a core point of one shape to the nearest core
    // point of the other, but not always the globally nearest pair: the
    // contact is the candidate that lies closest to both surfaces among the
    // nearest core points found by two alternating projections (put at
    // the radii along the normal) and the two support points
    // (tests/manifolds_round.rs::round_contacts_lie_on_both_surfaces).
    let id = ContactId {
        a: match reference {
            Some((Side::A, i)) => ContactFeature::Face(i),
            _ => ContactFeature::Support,
        },
        b: match reference {
            Some((Side::B, i)) => ContactFeature::Face(i),
            _ => ContactFeature::Support,
        },
    };
    let pose_ab = frames.pose_ab();
    let b_support = || {
        let dir_b = pose_ab.rotation.inverse_transform_vector(&-normal);
        *pose_ab * b.local_support_point(&dir_b)
    };
    let from_a = |on_a: Point<T, N>| (on_a, on_a + normal * distance);
    let from_b = |on_b: Point<T, N>| (on_b - normal * distance, on_b);
    let b_core = |x: &Point<T, N>| {
        *pose_ab * b.local_core_closest_point(&pose_ab.inverse_transform_point(x))
    };
    // How far a candidate pair is from lying on both surfaces.
    let off = |(x, y): &(Point<T, N>, Point<T, N>)| {
        ((x - a.local_core_closest_point(x)).norm() - a.radius()).abs()
            + ((y - b_core(y)).norm() - b.radius()).abs()
    };
    // The candidate nearest to lying on both surfaces, the first on a tie.
    let closest = |candidates: &[(Point<T, N>, Point<T, N>)]| {
        let mut best = candidates[0];
        let mut best_off = off(&best);
        for c in &candidates[1..] {
            let o = off(c);
            if o < best_off {
                best = *c;
                best_off = o;
            }
        }
        best
    };
    let (on_a, on_b) = match feature {
        Feature::RoundA | Feature::RoundB => {
            let p = a.local_core_closest_point(&b_support());
            let q = b_core(&p);
            let p = a.local_core_closest_point(&q);
            let q = b_core(&p);
            closest(&[
                from_a(p + normal * a.radius()),
                from_b(q - normal * b.radius()),
                from_a(a.local_support_point(&normal)),
                from_b(b_support()),
            ])
        }
        // A face of B makes A's support point the sure one, any other axis
        // B's; but when the sure shape's support is a tie (a face meeting a
        // face, a shape that lists no face vertices) it may be a vertex off
        // the contact, so the other shape's support point stands in when it
        // lies closer to both surfaces.
        _ if matches!(reference, Some((Side::B, _))) => {
            closest(&[from_a(a.local_support_point(&normal)), from_b(b_support())])
        }
        _ => closest(&[from_b(b_support()), from_a(a.local_support_point(&normal))]),
    };
    m.push(frames.point(distance, on_a, on_b, id));
}
