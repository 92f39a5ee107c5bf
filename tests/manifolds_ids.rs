//! Feature ids of contacts whose corners line up (issue 38, class 1):
//! equal boxes stacked exactly aligned have reference and incident
//! features that tie (A's face and B's, an incident vertex on a side
//! plane); a motion of 1e-6 … 1e-4 of the size or a turn of as much must
//! not change the ids, which a solver warm-starts by (docs/manifolds.md,
//! "The bias toward A", "Why the ids are stable"). 2D and 3D, the box
//! paths and the generic ones (polygons, polyhedra), f32 and f64, both
//! argument orders.

use nalgebra::{Const, Point2, Point3, Rotation3, Vector2, Vector3};
use separating_axis::{
    contact_manifold, ContactDim, ConvexPolygon, ConvexPolyhedron, Manifold, Obb, Pose, Pose2,
    Pose3, Shape,
};

use crate::support::scalars::{in_both_scalars, t, TestReal};

/// The ids of a manifold, sorted (as text: a set to compare).
fn ids<T: TestReal, const N: usize>(m: &Manifold<T, N>) -> Vec<String> {
    let mut v: Vec<String> = m.points().iter().map(|p| format!("{:?}", p.id)).collect();
    v.sort();
    v
}

fn square<T: TestReal>() -> ConvexPolygon<T> {
    let p = |x: f64, y: f64| Point2::new(t(x), t(y));
    ConvexPolygon::new(&[p(-0.5, -0.5), p(0.5, -0.5), p(0.5, 0.5), p(-0.5, 0.5)]).unwrap()
}

fn cube<T: TestReal>() -> ConvexPolyhedron<T> {
    let pts: Vec<Point3<T>> = (0..8)
        .map(|c| {
            let s = |k: usize| t(if c >> k & 1 == 1 { 0.5 } else { -0.5 });
            Point3::new(s(0), s(1), s(2))
        })
        .collect();
    ConvexPolyhedron::from_hull(&pts).unwrap()
}

fn obb2<T: TestReal>() -> Obb<T, 2> {
    Obb::new(
        Point2::origin(),
        nalgebra::Rotation2::identity(),
        Vector2::repeat(t(0.5)),
    )
    .unwrap()
}

fn obb3<T: TestReal>() -> Obb<T, 3> {
    Obb::new(
        Point3::origin(),
        Rotation3::identity(),
        Vector3::repeat(t(0.5)),
    )
    .unwrap()
}

/// How many points of the jittered pairs kept their ids, of how many:
/// each pair `(lower, upper)` in both orders against its unjittered ids.
#[derive(Default)]
struct Kept {
    kept: usize,
    total: usize,
    first_miss: Option<String>,
}

impl Kept {
    fn check<T, S, const N: usize>(
        &mut self,
        s: &S,
        (base_a, base_b): (&Pose<T, N>, &Pose<T, N>),
        (pa, pb): (&Pose<T, N>, &Pose<T, N>),
        what: &str,
    ) where
        T: TestReal,
        S: Shape<T, N>,
        Const<N>: ContactDim<T, N>,
    {
        let margin = t::<T>(0.02);
        for swap in [false, true] {
            let (m0, m) = if swap {
                (
                    contact_manifold(s, base_b, s, base_a, margin),
                    contact_manifold(s, pb, s, pa, margin),
                )
            } else {
                (
                    contact_manifold(s, base_a, s, base_b, margin),
                    contact_manifold(s, pa, s, pb, margin),
                )
            };
            let (want, got) = (ids(&m0), ids(&m));
            assert!(!want.is_empty(), "{what}: no contact");
            self.total += want.len();
            let same = want.iter().filter(|id| got.contains(id)).count();
            self.kept += same;
            if same < want.len() && self.first_miss.is_none() {
                self.first_miss = Some(format!("{what} swap {swap}: {want:?} → {got:?}"));
            }
        }
    }

    fn assert_all(&self, what: &str) {
        assert_eq!(
            self.kept, self.total,
            "{what}: {} of {} points kept their ids; first: {:?}",
            self.kept, self.total, self.first_miss
        );
    }
}

/// Issue 38's case: equal squares of half size 0.5, B at `(dx, 0.995)`,
/// margin 0.02; dx = −1e-6, 0, +1e-6 gave three different id sets. Now
/// the same, on the polygon path and the box path, both orders.
fn corners_lined_up_keep_their_ids<T: TestReal>() {
    let id = Pose2::<T>::identity();
    let at = |dx: f64| Pose2::new(Vector2::new(t(dx), t(0.995)), T::zero());
    let mut kept = Kept::default();
    for dx in [-1e-6, 1e-6] {
        let what = format!("dx {dx} ({})", T::NAME);
        kept.check(&square::<T>(), (&id, &at(0.0)), (&id, &at(dx)), &what);
        kept.check(&obb2::<T>(), (&id, &at(0.0)), (&id, &at(dx)), &what);
    }
    kept.assert_all("lined-up squares");
    // Two points, at B's bottom corners, named by them on A's top face.
    let m = contact_manifold(&square::<T>(), &id, &square::<T>(), &at(-1e-6), t(0.02));
    assert_eq!(m.len(), 2);
}

/// The jitters of the stacks: shifts along x (and z) and turns, each of
/// ±1e-6, ±1e-5 and ±1e-4.
const JITTERS: [f64; 6] = [1e-6, -1e-6, 1e-5, -1e-5, 1e-4, -1e-4];

/// A stack of four equal squares, each resting 0.005 deep on the one
/// below, exactly aligned; every box but the lowest shifted by each
/// jitter along x, or turned by it: every pair of neighbours keeps the
/// ids of the aligned stack.
fn aligned_stacks_keep_their_ids_2d<T: TestReal>() {
    let base = |i: usize| Pose2::new(Vector2::new(T::zero(), t(0.995 * i as f64)), T::zero());
    let mut kept = Kept::default();
    for (k, &j) in JITTERS.iter().enumerate() {
        // Alternate signs up the stack, so that neighbours move apart.
        let jitter = |i: usize, turn: bool| {
            let s = if (i + k).is_multiple_of(2) { j } else { -j };
            let s = if i == 0 { 0.0 } else { s };
            if turn {
                Pose2::new(base(i).translation.vector, t(s))
            } else {
                Pose2::new(
                    base(i).translation.vector + Vector2::new(t(s), T::zero()),
                    T::zero(),
                )
            }
        };
        for turn in [false, true] {
            for i in 0..3 {
                let what = format!("pair {i} jitter {j} turn {turn} ({})", T::NAME);
                let (b0, b1) = (base(i), base(i + 1));
                let (p0, p1) = (jitter(i, turn), jitter(i + 1, turn));
                kept.check(&square::<T>(), (&b0, &b1), (&p0, &p1), &what);
                kept.check(&obb2::<T>(), (&b0, &b1), (&p0, &p1), &what);
            }
        }
    }
    kept.assert_all("2D stacks");
}

/// The same in 3D: four equal cubes stacked 0.005 deep, exactly aligned,
/// each but the lowest shifted along x, along z, along both, or turned
/// about y, about x, about z by each jitter: the ids of the aligned stack,
/// on the box path and on the hull path.
fn aligned_stacks_keep_their_ids_3d<T: TestReal>() {
    let base = |i: usize| Pose3::<T>::translation(T::zero(), t(0.995 * i as f64), T::zero());
    let (hull, boxed) = (cube::<T>(), obb3::<T>());
    let mut kept = Kept::default();
    for (k, &j) in JITTERS.iter().enumerate() {
        for motion in 0..6 {
            let jitter = |i: usize| {
                let s = if (i + k).is_multiple_of(2) { j } else { -j };
                let s = if i == 0 { 0.0 } else { s };
                let (shift, turn) = match motion {
                    0 => (Vector3::new(s, 0.0, 0.0), Vector3::zeros()),
                    1 => (Vector3::new(0.0, 0.0, s), Vector3::zeros()),
                    2 => (Vector3::new(s, 0.0, -s), Vector3::zeros()),
                    3 => (Vector3::zeros(), Vector3::new(0.0, s, 0.0)),
                    4 => (Vector3::zeros(), Vector3::new(s, 0.0, 0.0)),
                    _ => (Vector3::zeros(), Vector3::new(0.0, 0.0, s)),
                };
                Pose3::from_parts(
                    (base(i).translation.vector + shift.cast()).into(),
                    Rotation3::new(turn).cast(),
                )
            };
            for i in 0..3 {
                let what = format!("pair {i} jitter {j} motion {motion} ({})", T::NAME);
                let (b0, b1) = (base(i), base(i + 1));
                let (p0, p1) = (jitter(i), jitter(i + 1));
                kept.check(&hull, (&b0, &b1), (&p0, &p1), &what);
                kept.check(&boxed, (&b0, &b1), (&p0, &p1), &what);
            }
        }
    }
    kept.assert_all("3D stacks");
}

in_both_scalars!(
    corners_lined_up_keep_their_ids,
    aligned_stacks_keep_their_ids_2d,
    aligned_stacks_keep_their_ids_3d,
);
