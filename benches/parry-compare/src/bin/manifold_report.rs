//! How many contact points each library returns on the manifold bench's
//! pools, and whether the two agree on the contact: `cargo run --release
//! --bin manifold_report` in this directory prints the Markdown table that
//! docs/benchmarks.md quotes (f64; margin 0; both libraries through the
//! same calls as `benches/manifolds.rs`).
//!
//! Per pool: the pairs each library gives a non-empty manifold, the total
//! points and the histogram of point counts, the largest angle between
//! the two normals and the largest difference between the deepest
//! points' separations (both over the pairs where both answer).

use parry_compare::p64::{
    our_pose2, our_pose3, ours2, ours3, parry2, parry3, parry_pose2, parry_pose3, parry_shape2,
    parry_shape3,
};
use parry_compare::{pool2, pool3, seed, Mix};

/// What one library answered for one pair: point count, world normal,
/// least separation.
struct Answer<const N: usize> {
    points: usize,
    normal: nalgebra::SVector<f64, N>,
    deepest: f64,
}

/// The tallies of one pool.
#[derive(Default)]
struct Tally {
    pairs: [usize; 2],
    points: [usize; 2],
    histogram: [[usize; 5]; 2],
    worst_angle: f64,
    worst_depth: f64,
}

impl Tally {
    fn add<const N: usize>(&mut self, ours: &Answer<N>, theirs: &Answer<N>) {
        for (k, ans) in [ours, theirs].into_iter().enumerate() {
            if ans.points > 0 {
                self.pairs[k] += 1;
            }
            self.points[k] += ans.points;
            self.histogram[k][ans.points.min(4)] += 1;
        }
        if ours.points > 0 && theirs.points > 0 {
            let cos = ours.normal.dot(&theirs.normal).clamp(-1.0, 1.0);
            self.worst_angle = self.worst_angle.max(cos.acos());
            self.worst_depth = self.worst_depth.max((ours.deepest - theirs.deepest).abs());
        }
    }

    fn row(&self, name: &str) {
        let h = |k: usize| {
            self.histogram[k]
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join("/")
        };
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {:.1e} | {:.1e} |",
            self.pairs[0],
            self.pairs[1],
            self.points[0],
            self.points[1],
            h(0),
            h(1),
            self.worst_angle,
            self.worst_depth
        );
    }
}

fn least<I: Iterator<Item = f64>>(it: I) -> f64 {
    it.fold(f64::INFINITY, f64::min)
}

fn main() {
    println!("| pool | ours: pairs | parry: pairs | ours: points | parry: points | ours: 0/1/2/3/4 | parry: 0/1/2/3/4 | normal angle (rad) | deepest Δ |");
    println!("|---|---|---|---|---|---|---|---|---|");
    use parry2::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
    for kind in ["box", "8gon"] {
        for mix in [Mix::Mixed, Mix::Deep] {
            let mut tally = Tally::default();
            for p in pool2(kind, mix, seed(kind, mix)) {
                let (a, pa, b, pb) = (ours2(&p.a), our_pose2(&p.pa), ours2(&p.b), our_pose2(&p.pb));
                let m = separating_axis::contact_manifold(&a, &pa, &b, &pb, 0.0);
                let ours = Answer {
                    points: m.len(),
                    normal: m.normal().into_inner(),
                    deepest: least(m.points().iter().map(|c| c.separation)),
                };
                let (qa, qpa, qb, qpb) = (
                    parry_shape2(&p.a),
                    parry_pose2(&p.pa),
                    parry_shape2(&p.b),
                    parry_pose2(&p.pb),
                );
                let mut pm = ContactManifold::<(), ()>::new();
                DefaultQueryDispatcher
                    .contact_manifold_convex_convex(
                        &qpa.inv_mul(&qpb),
                        qa.as_ref(),
                        qb.as_ref(),
                        None,
                        None,
                        0.0,
                        &mut pm,
                    )
                    .unwrap();
                let n = qpa.rotation * pm.local_n1;
                let theirs = Answer {
                    points: pm.points.len(),
                    normal: nalgebra::Vector2::new(n.x, n.y),
                    deepest: least(pm.points.iter().map(|c| c.dist)),
                };
                tally.add(&ours, &theirs);
            }
            tally.row(&format!("2d-{kind}/{}", mix.name()));
        }
    }
    for kind in ["box", "hull16", "capsule-box"] {
        for mix in [Mix::Mixed, Mix::Deep] {
            let mut tally = Tally::default();
            for p in pool3(kind, mix, seed(kind, mix)) {
                use parry3::query::{
                    ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
                };
                let (a, pa, b, pb) = (ours3(&p.a), our_pose3(&p.pa), ours3(&p.b), our_pose3(&p.pb));
                let m = separating_axis::contact_manifold(&a, &pa, &b, &pb, 0.0);
                let ours = Answer {
                    points: m.len(),
                    normal: m.normal().into_inner(),
                    deepest: least(m.points().iter().map(|c| c.separation)),
                };
                let (qa, qpa, qb, qpb) = (
                    parry_shape3(&p.a),
                    parry_pose3(&p.pa),
                    parry_shape3(&p.b),
                    parry_pose3(&p.pb),
                );
                let mut pm = ContactManifold::<(), ()>::new();
                DefaultQueryDispatcher
                    .contact_manifold_convex_convex(
                        &qpa.inv_mul(&qpb),
                        qa.as_ref(),
                        qb.as_ref(),
                        None,
                        None,
                        0.0,
                        &mut pm,
                    )
                    .unwrap();
                let n = qpa.rotation * pm.local_n1;
                let theirs = Answer {
                    points: pm.points.len(),
                    normal: nalgebra::Vector3::new(n.x, n.y, n.z),
                    deepest: least(pm.points.iter().map(|c| c.dist)),
                };
                tally.add(&ours, &theirs);
            }
            tally.row(&format!("3d-{kind}/{}", mix.name()));
        }
    }
}
