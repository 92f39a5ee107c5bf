//! Unit tests of `polyhedron_polyhedron.rs` (their own file, so that the
//! path stays under 800 lines).

use nalgebra::{Rotation3, Translation3};

use super::*;

// The probe's packed argmax over the face normals picks the face the
// plain scan of the planes (first plane with the largest `n · dir`,
// nalgebra's dot) picked before, so the SAT's floor and verdict keep
// their bits: many hulls, directions along the axes (ties) and random.
#[test]
fn probe_face_is_the_plain_scans_first_maximum() {
    fn check<T: Real>(hull: &ConvexPolyhedron<T>, dir: &Vector3<T>) {
        let mut best = (0, T::zero());
        for (k, p) in hull.planes().iter().enumerate() {
            let value = p.normal.dot(dir);
            if k == 0 || value > best.1 {
                best = (k, value);
            }
        }
        assert_eq!(hull.packed_normals().argmax_dot(dir).0, best.0);
    }
    let mut rng = crate::test_rng::Rng(0x0b0e_f00d);
    for round in 0..300 {
        let hull = rng.hull([4, 8, 16, 32, 64][round % 5], 0.8);
        let points: Vec<_> = hull.vertices().iter().map(|p| p.cast::<f32>()).collect();
        let hull32 = ConvexPolyhedron::from_hull(&points).unwrap();
        let a = round as f64 * 0.61;
        let dirs = [
            Vector3::new(a.cos(), a.sin(), (0.7 * a).sin()) * 3.0,
            Vector3::new(1.0, 0.0, 0.0),
            Vector3::new(0.0, -1.0, 0.0),
            Vector3::new(0.0, 0.0, 1.0),
        ];
        for d in &dirs {
            check(&hull, d);
            check(&hull32, &d.cast::<f32>());
        }
    }
}

// The overlap certificate never vouches for a pair the pair loop calls
// apart, also when B is moved to touch A exactly along the loop's own
// axis (and 1e-12 either side of touching), and it does vouch for most
// overlapping pairs (else `intersects` would not be faster for it).
#[test]
fn overlap_certificate_agrees_with_the_pair_loop() {
    let mut rng = crate::test_rng::Rng(0x00c0_ffee);
    let (mut certified, mut overlapping) = (0, 0);
    for round in 0..400 {
        let n = [8, 16, 32][round % 3];
        let (a, b) = (rng.hull(n, 1.0), rng.hull(n, 1.0));
        let angle = (round as f64) * 0.37;
        let rot = Rotation3::from_euler_angles(angle, 0.5 * angle, 0.1);
        let t = Vector3::new(angle.cos(), angle.sin(), (0.3 * angle).cos()) * 1.2;
        let pose_a = Pose3::identity();
        for shift in [0.0, 1.0, -1e-12, 1e-12] {
            let mut pose_b = Pose3::from_parts(Translation3::from(t), rot);
            let loop_answer = |pose_b: &Pose3<f64>| {
                let pose_ab = pose_a.inv_mul(pose_b);
                let r = *pose_ab.rotation.matrix();
                let t = pose_ab.translation.vector;
                let h = Hulls::new(&a, &b, &r, &t);
                let mut best = BestAxis::new(Scan::Best);
                let _ = h.scan(&mut best, -f64::MAX);
                (best.finish().unwrap(), h.overlap_certified())
            };
            if shift < 0.5 {
                // Move B along the loop's axis until that gap is `shift`.
                let (s, _) = loop_answer(&pose_b);
                let d = s.axis.into_inner() * (-s.distance + shift);
                pose_b.translation.vector += d;
            }
            let (s, certified_here) = loop_answer(&pose_b);
            if certified_here {
                assert!(s.distance < 0.0, "round {round}, shift {shift}: {s:?}");
                certified += 1;
            }
            overlapping += usize::from(s.distance < -1e-9);
        }
    }
    assert!(
        certified * 10 >= overlapping * 8,
        "{certified} of {overlapping}"
    );
}

// `intersects_near_face` gives `intersects`' verdict whatever the vertex it
// starts from (the support vertex along B's origin, the distance's
// choice, and any other, out of range included), on random hull pairs
// apart, overlapping and within round-off of touching (B moved onto A
// along the separating axis).
#[test]
fn near_face_verdict_is_the_verdict() {
    let mut rng = crate::test_rng::Rng(0x4ea2_face);
    let (mut apart, mut overlapping, mut faces) = (0, 0, 0);
    for round in 0..4000 {
        let a = rng.hull(4 + round % 17, 1.0);
        let b = rng.hull(
            4 + (round / 17) % 23,
            if round % 5 == 0 { 0.1 } else { 1.0 },
        );
        let axis = Vector3::new(rng.next(), rng.next(), rng.next()) * 3.0;
        let rot = Rotation3::from_scaled_axis(axis);
        let mut t = Vector3::new(rng.next(), rng.next(), rng.next()) * [1.0, 2.0, 3.5][round % 3];
        let pose_a = Pose3::from_parts(Translation3::new(0.3, -0.2, 0.1), Rotation3::identity());
        if round % 4 == 0 {
            // Touching to round-off: B moved back by its SAT separation.
            let pose_b = Pose3::from_parts(Translation3::from(t), rot);
            let s = separation(&a, &pose_a, &b, &pose_b);
            t -= s.axis.into_inner() * s.distance;
        }
        let pose_b = Pose3::from_parts(Translation3::from(t), rot);
        let verdict = intersects(&a, &pose_a, &b, &pose_b);
        let pose_ab = pose_a.inv_mul(&pose_b);
        let (near, _) = a.support_vertex(&pose_ab.translation.vector);
        for v in [near, round % a.vertices().len(), a.vertices().len() + 3] {
            assert_eq!(
                intersects_near_face(&a, &b, &pose_ab, v).intersects,
                verdict,
                "round {round}, vertex {v}"
            );
        }
        // The face it tried, when it tried one: a face of A through the
        // vertex (A's support along its normal), and B's support vertex
        // against it, the pair whose difference starts `distance`.
        let found = intersects_near_face(&a, &b, &pose_ab, near);
        assert_eq!(found.intersects, verdict, "round {round}");
        if let Some((n, j)) = found.face {
            let top = a
                .vertices()
                .iter()
                .map(|p| p.coords.dot(&n))
                .fold(f64::MIN, f64::max);
            assert!(
                top - a.vertices()[near].coords.dot(&n) <= 1e-12,
                "round {round}: vertex {near} not on the face"
            );
            let r = pose_ab.rotation;
            let low = |p: &nalgebra::Point3<f64>| (r * p).coords.dot(&n);
            let bottom = b.vertices().iter().map(low).fold(f64::MAX, f64::min);
            assert!(
                low(&b.vertices()[j]) - bottom <= 1e-12,
                "round {round}: B's vertex {j} not its support"
            );
            faces += 1;
        }
        if verdict {
            overlapping += 1;
        } else {
            apart += 1;
        }
    }
    assert!(
        apart > 800 && overlapping > 800 && faces > 1500,
        "{apart} apart, {overlapping} overlapping, {faces} faces tried"
    );
}
