//! The construction snapshot: a regression guard on everything
//! [`ConvexPolyhedron::from_hull`] stores.
//!
//! What it protects: every field of every built polyhedron (vertex order,
//! face order and loops, normals, offsets, edges with their directions,
//! vertex pairs and faces, vertex neighbours, climb extremes, both packed
//! arrays padding included, inner ball, reach, compact edge records) and
//! every error, bit for bit, in `f32` and `f64`, over seeded random clouds
//! (uniform, coplanar, with duplicates, cospherical, with a 10⁶ ratio of
//! sizes, far from the origin), hand-built solids and each error cause.
//! The expected hashes were taken on the construction as it was before the
//! hull was built from a plain topology (the code of commit f118233, where
//! `merge_coplanar` built a half-finished polyhedron); any change
//! to what `from_hull` builds, however small, changes them. The fields are
//! read by an exhaustive destructuring, so a field added to the type
//! without being hashed here does not compile.

use nalgebra::{UnitQuaternion, Vector3};

use super::*;

/// SplitMix64, seeded: the clouds are reproducible.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next_u64() >> 11) as f64 / (1_u64 << 53) as f64)
    }

    /// Uniform in the cube `[-1, 1)³`.
    fn cube(&mut self) -> Vector3<f64> {
        Vector3::new(
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
        )
    }

    /// On the unit sphere (a normalised point of the cube, away from 0).
    fn unit(&mut self) -> Vector3<f64> {
        loop {
            let v = self.cube();
            let n = v.norm();
            if n > 0.1 && n <= 1.0 {
                return v / n;
            }
        }
    }

    fn rotation(&mut self) -> UnitQuaternion<f64> {
        let q = nalgebra::Quaternion::new(
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
            self.range(-1.0, 1.0),
        );
        UnitQuaternion::from_quaternion(q)
    }
}

/// FNV-1a over 64-bit words.
struct Fnv(u64);

impl Fnv {
    fn word(&mut self, w: u64) {
        for b in w.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    fn real<T: Real>(&mut self, x: T) {
        // `f32 → f64` is exact, so the bits of the `f64` are the value's.
        self.word(x.to_f64().map_or(u64::MAX, f64::to_bits));
    }

    fn len(&mut self, n: usize) {
        self.word(n as u64 ^ 0xa5a5_0000_0000_0000);
    }

    fn indices(&mut self, v: &[usize]) {
        self.len(v.len());
        for &i in v {
            self.word(i as u64);
        }
    }

    fn vector<T: Real>(&mut self, v: &Vector3<T>) {
        for &x in v.iter() {
            self.real(x);
        }
    }
}

/// Hashes every field of `hull`.
fn hash_hull<T: Real>(h: &mut Fnv, hull: &ConvexPolyhedron<T>) {
    let ConvexPolyhedron {
        vertices,
        normals,
        offsets,
        face_starts,
        face_indices,
        edges,
        edge_vertices,
        edge_faces,
        neighbour_starts,
        neighbour_indices,
        extremes,
        packed_vertices,
        packed_normals,
        inner_centre,
        inner_radius,
        reach,
        edge_records,
        // Derived from the face loops and edges hashed here; its own
        // invariants are tested in `gauss.rs`.
        gauss: _,
        // Copies of the normals, offsets and edge directions hashed here,
        // equal to them (`copies_for_the_walk_equal_the_originals`).
        planes: _,
        walk_directions: _,
    } = hull;
    h.len(vertices.len());
    for v in vertices {
        h.vector(&v.coords);
    }
    h.len(normals.len());
    for n in normals {
        h.vector(n);
    }
    h.len(offsets.len());
    for &o in offsets {
        h.real(o);
    }
    h.indices(face_starts);
    h.indices(face_indices);
    h.len(edges.len());
    for e in edges {
        h.vector(&e.direction);
        match &e.faces {
            Some([f, g]) => {
                h.word(1);
                h.vector(f);
                h.vector(g);
            }
            None => h.word(0),
        }
    }
    h.indices(&edge_vertices.concat());
    h.indices(&edge_faces.concat());
    h.indices(neighbour_starts);
    h.indices(neighbour_indices);
    h.indices(extremes);
    for packed in [packed_vertices, packed_normals] {
        let values: Vec<T> = packed.values().collect();
        h.len(values.len());
        for x in values {
            h.real(x);
        }
    }
    h.vector(&inner_centre.coords);
    h.real(*inner_radius);
    h.real(*reach);
    h.len(edge_records.len());
    for r in edge_records {
        h.vector(&r.direction);
        h.word(u64::from(r.faces[0]));
        h.word(u64::from(r.faces[1]));
        h.word(u64::from(r.vertex));
    }
}

/// The cube `[0, 1]³`'s corners.
fn cube_corners() -> Vec<Point3<f64>> {
    (0..8)
        .map(|i| {
            Point3::new(
                f64::from(i & 1),
                f64::from((i >> 1) & 1),
                f64::from((i >> 2) & 1),
            )
        })
        .collect()
}

/// The `n³` grid on `[0, 1]³` (face centres, edge midpoints, interior).
fn cube_grid(n: u32) -> Vec<Point3<f64>> {
    let s = |i: u32| f64::from(i) / f64::from(n - 1);
    let mut out = Vec::new();
    for i in 0..n {
        for j in 0..n {
            for k in 0..n {
                out.push(Point3::new(s(i), s(j), s(k)));
            }
        }
    }
    out
}

/// The hand-built solids and the clouds of seed `seed`, in `f64`.
fn clouds(seed: u64) -> Vec<Vec<Point3<f64>>> {
    let mut rng = Rng(seed);
    let mut out: Vec<Vec<Point3<f64>>> = Vec::new();
    let p = Point3::new;

    // Hand-built solids.
    out.push(cube_corners());
    out.push(cube_grid(3));
    out.push(cube_grid(5));
    out.push(vec![
        p(0.0, 0.0, 0.0),
        p(1.0, 0.0, 0.0),
        p(0.0, 1.0, 0.0),
        p(0.0, 0.0, 1.0),
        p(0.1, 0.1, 0.1),
        p(0.5, 0.0, 0.0),
    ]);
    let mut octahedron = Vec::new();
    for k in 0..3 {
        for s in [-1.0, 1.0] {
            let mut q = Point3::origin();
            q[k] = s;
            octahedron.push(q);
        }
    }
    out.push(octahedron);
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    let mut icosahedron = Vec::new();
    let mut dodecahedron = Vec::new();
    for s1 in [-1.0, 1.0] {
        for s2 in [-1.0, 1.0] {
            icosahedron.extend([
                p(0.0, s1, s2 * phi),
                p(s1, s2 * phi, 0.0),
                p(s2 * phi, 0.0, s1),
            ]);
            dodecahedron.extend([
                p(0.0, s1 / phi, s2 * phi),
                p(s1 / phi, s2 * phi, 0.0),
                p(s1 * phi, 0.0, s2 / phi),
            ]);
        }
    }
    for i in 0..8 {
        let s = |k: usize| if (i >> k) & 1 == 1 { 1.0 } else { -1.0 };
        dodecahedron.push(p(s(0), s(1), s(2)));
    }
    out.push(icosahedron);
    let mut with_midpoints = dodecahedron.clone();
    for (i, a) in dodecahedron.iter().enumerate() {
        for b in &dodecahedron[..i] {
            if ((a - b).norm() - 2.0 / phi).abs() < 1e-9 {
                with_midpoints.push(Point3::from((a.coords + b.coords) / 2.0));
            }
        }
    }
    out.push(dodecahedron);
    out.push(with_midpoints);
    let m = 5 + (seed % 13) as usize;
    let mut cylinder = vec![p(0.0, 0.0, 1.0)];
    let mut cone = vec![p(0.0, 0.0, 2.0)];
    for i in 0..m {
        let a = i as f64 / m as f64 * std::f64::consts::TAU;
        let (x, y) = (a.cos(), a.sin());
        for z in [-1.0, 0.0, 0.5, 1.0] {
            cylinder.push(p(x, y, z));
        }
        cone.extend([p(x, y, 0.0), p(0.5 * x, 0.5 * y, 1.0)]);
    }
    out.push(cylinder);
    out.push(cone);
    // Exactly cospherical: every integer point at distance 5 from the origin.
    let mut five = Vec::new();
    for x in -5_i32..=5 {
        for y in -5_i32..=5 {
            for z in -5_i32..=5 {
                if x * x + y * y + z * z == 25 {
                    five.push(p(f64::from(x), f64::from(y), f64::from(z)));
                }
            }
        }
    }
    out.push(five);

    // Seeded clouds, each also rotated and shifted so that coplanar points
    // are coplanar only up to rounding.
    let mut random = Vec::new();
    for n in [4, 5, 9, 17, 40, 120] {
        random.push((0..n).map(|_| Point3::from(rng.cube())).collect::<Vec<_>>());
    }
    random.push((0..200).map(|_| Point3::from(rng.unit())).collect());
    random.push(
        (0..150)
            .map(|_| Point3::from(rng.unit().component_mul(&Vector3::new(3.0, 1.0, 0.2))))
            .collect(),
    );
    // Coplanar: the cube's corners with points on its faces and a slab.
    let mut faces = cube_corners();
    for _ in 0..60 {
        let mut q = rng.cube().map(|x| 0.5 + 0.5 * x);
        let axis = (rng.next_u64() % 3) as usize;
        q[axis] = (rng.next_u64() % 2) as f64;
        faces.push(Point3::from(q));
    }
    random.push(faces);
    random.push(
        (0..60)
            .map(|_| {
                let q = rng.cube();
                p(q.x, q.y, 1e-6 * q.z)
            })
            .collect(),
    );
    // Duplicates: a cloud with every point twice, and near duplicates.
    let base: Vec<Point3<f64>> = (0..30).map(|_| Point3::from(rng.cube())).collect();
    let mut twice = base.clone();
    twice.extend(base.iter().rev());
    random.push(twice);
    random.push(
        base.iter()
            .flat_map(|q| [*q, q + rng.cube() * 1e-9, q + rng.cube() * 1e-13])
            .collect(),
    );
    // A 10⁶ ratio of sizes: long and thin, tiny detail on a large hull, a
    // small hull 10⁶ from the origin.
    // (In `f32` a 10⁶ ratio is below the hull tolerance, so 10³ too.)
    for ratio in [1e3, 1e6] {
        random.push(
            (0..80)
                .map(|_| {
                    let q = rng.cube();
                    p(ratio * q.x, q.y, q.z)
                })
                .collect(),
        );
        random.push(
            (0..60)
                .map(|_| Point3::from(rng.cube() + Vector3::new(ratio, -2.0 * ratio, 0.5 * ratio)))
                .collect(),
        );
    }
    let mut detail: Vec<Point3<f64>> = cube_corners().iter().map(|q| q * 1e3).collect();
    detail.extend((0..40).map(|_| Point3::from(rng.unit() * 1e-3 + Vector3::repeat(1e3))));
    random.push(detail);
    let rot = rng.rotation();
    let shift = rng.cube() * 10.0;
    for cloud in random {
        out.push(cloud.iter().map(|q| rot * q + shift).collect());
        out.push(cloud);
    }
    // The rotated grid: coplanar up to rounding.
    out.push(cube_grid(4).iter().map(|q| rot * q + shift).collect());

    // Every error cause.
    out.push(cube_corners()[..3].to_vec());
    out.push(vec![
        p(0.0, 0.0, 0.0),
        p(1.0, 0.0, 0.0),
        p(f64::NAN, 0.0, 0.0),
        p(0.0, 1.0, 1.0),
    ]);
    out.push(vec![p(2.0, 3.0, 4.0); 5]);
    out.push(
        (0..6)
            .map(|i| p(f64::from(i), 2.0 * f64::from(i), 0.5))
            .collect(),
    );
    out.push(
        (0..9)
            .map(|_| p(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 0.25))
            .collect(),
    );
    out
}

/// The hash of every hull (or error) built from [`clouds`] of seeds
/// `0..4` in scalar `T`.
fn snapshot<T: Real>() -> u64 {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    for seed in 0..4 {
        for cloud in clouds(seed) {
            let points: Vec<Point3<T>> = cloud
                .iter()
                .map(|q| q.map(|x| T::from_f64(x).unwrap_or_else(T::zero)))
                .collect();
            match ConvexPolyhedron::from_hull(&points) {
                Ok(hull) => {
                    h.word(1);
                    hash_hull(&mut h, &hull);
                }
                Err(e) => {
                    h.word(2);
                    for b in format!("{e:?}").bytes() {
                        h.word(u64::from(b));
                    }
                }
            }
        }
    }
    // The range errors, at this scalar's limits (their values are what
    // is checked; they build nothing to hash).
    let max = crate::real::max_magnitude::<T>();
    let min = crate::real::min_size::<T>();
    let corners: Vec<Point3<T>> = cube_corners()
        .iter()
        .map(|q| q.map(|x| T::from_f64(x).unwrap_or_else(T::zero)))
        .collect();
    let mut too_large = corners.clone();
    too_large[5].y = max + max;
    let too_small: Vec<Point3<T>> = corners
        .iter()
        .map(|q| q * (min * T::from_f64(0.25).unwrap_or_else(T::one)))
        .collect();
    assert_eq!(
        ConvexPolyhedron::from_hull(&too_large),
        Err(HullError::TooLarge {
            index: 5,
            coordinate: 1
        })
    );
    assert_eq!(
        ConvexPolyhedron::from_hull(&too_small),
        Err(HullError::TooSmall)
    );
    h.0
}

macro_rules! snapshot_tests {
    ($($t:ident: $expected:expr),*) => {$(
        mod $t {
            // Every field of every built hull, bit for bit, as before the
            // construction went through a plain topology.
            #[test]
            fn construction_is_unchanged() {
                let got = super::snapshot::<$t>();
                assert_eq!(got, $expected, "snapshot {got:#018x}");
            }
        }
    )*};
}

snapshot_tests!(f32: 0xf111_4aa4_f2a6_2bd9, f64: 0x3379_1004_3538_a378);

// What the walk reads instead of the hashed fields are the same numbers:
// each plane is its face's normal and offset, each walk direction its
// edge's direction, bit for bit, in both scalars; so the snapshot's hash
// covers them.
#[test]
fn copies_for_the_walk_equal_the_originals() {
    fn check<T: Real>(hull: &ConvexPolyhedron<T>) {
        assert_eq!(hull.planes().len(), hull.normals().len());
        for ((p, n), &o) in hull.planes().iter().zip(hull.normals()).zip(hull.offsets()) {
            assert_eq!(p.normal, n.into_inner());
            assert_eq!(p.offset, o);
        }
        let directions: Vec<_> = hull.edges().iter().map(|e| e.direction).collect();
        assert_eq!(hull.walk_directions(), &directions[..]);
    }
    let mut rng = crate::test_rng::Rng(0x0c09_1e50);
    for n in [4, 8, 16, 32, 64, 200] {
        let hull = rng.hull(n, 0.7);
        check(&hull);
        let points: Vec<Point3<f32>> = hull.vertices().iter().map(|p| p.cast()).collect();
        check(&ConvexPolyhedron::from_hull(&points).unwrap());
    }
}
