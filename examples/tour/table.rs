//! The tour's tables: the conventions, then one aligned row per pair.

use nalgebra::Vector2;
use separating_axis::Feature;

use super::scene::{Body, Row3};
use super::PairReport;

// ---------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------

/// Prints the conventions, one aligned row per reported pair, and a count
/// of the pairs left out.
pub(crate) fn print_table(bodies: &[Body], rows: &[PairReport], pair_count: usize) {
    println!(
        "separating-axis tour, 2D scene: {} shapes, {pair_count} pairs",
        bodies.len()
    );
    println!("Conventions: A is the first shape of a pair, B the second.");
    println!("  normal  unit vector from A towards B; moving B by normal * depth leaves the pair touching (the MTV)");
    println!("  depth   penetration depth; touching counts as intersecting, with depth 0");
    println!("  gap     distance along the best separating axis when apart (a lower bound of the true distance)");
    println!("  axis    the candidate axis that won: a face normal of A or B, or a circle's axis to the other shape");
    println!("  points  the contact manifold's points (margin 0), each with its separation (negative: penetrating)");
    println!();
    let header = [
        "pair (A / B)",
        "intersects",
        "depth",
        "gap",
        "normal A->B",
        "axis",
        "containment",
        "points",
        "shows",
    ];
    let cells: Vec<[String; 9]> = rows.iter().map(|r| row_cells(bodies, r)).collect();
    print_rows(&header, &cells);
    let left_out = pair_count.saturating_sub(rows.len());
    println!("\n{left_out} other pairs are separated and not listed.");
}

/// Prints the header, a rule and the rows, in columns as wide as their
/// widest cell.
pub(crate) fn print_rows<const K: usize>(header: &[&str; K], cells: &[[String; K]]) {
    let mut widths = header.map(str::len);
    for row in cells {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: &[String]| {
        let padded: Vec<String> = cells
            .iter()
            .zip(widths)
            .map(|(c, w)| format!("{c:<w$}"))
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    let header_line = line(&header.map(str::to_owned));
    println!("{header_line}");
    println!("{}", "-".repeat(header_line.len()));
    for row in cells {
        println!("{}", line(row));
    }
}

/// The table cells of one pair, in the order of the header.
pub(crate) fn row_cells(bodies: &[Body], r: &PairReport) -> [String; 9] {
    let (depth, normal) = match &r.penetration {
        Some(p) => (format!("{:.3}", p.depth), format_vector(&p.normal)),
        None => ("-".to_owned(), "-".to_owned()),
    };
    let gap = if r.separation.distance > 0.0 {
        format!("{:.3}", r.separation.distance)
    } else {
        "-".to_owned()
    };
    let containment = match (r.containment.a_in_b, r.containment.b_in_a) {
        (true, true) => "A = B",
        (true, false) => "A in B",
        (false, true) => "B in A",
        (false, false) => "-",
    };
    [
        format!("{} / {}", bodies[r.a].name, bodies[r.b].name),
        if r.intersects { "yes" } else { "no" }.to_owned(),
        depth,
        gap,
        normal,
        feature_name(r.separation.feature),
        containment.to_owned(),
        points_cell(r.manifold.points().iter().map(|p| p.separation)),
        r.shows.to_owned(),
    ]
}

/// The contact points as their separations, `-` for none.
pub(crate) fn points_cell(separations: impl Iterator<Item = f64>) -> String {
    let all: Vec<String> = separations
        .map(|s| format!("{:+.3}", if s.abs() < 5e-4 { 0.0 } else { s }))
        .collect();
    if all.is_empty() {
        "-".to_owned()
    } else {
        all.join(" ")
    }
}

/// A short name for the candidate axis that produced a result.
pub(crate) fn feature_name(feature: Feature) -> String {
    match feature {
        Feature::FaceA(i) => format!("A face {i}"),
        Feature::FaceB(j) => format!("B face {j}"),
        Feature::EdgePair(i, j) => format!("edges {i}x{j}"),
        Feature::RoundA => "A ball".to_owned(),
        Feature::RoundB => "B ball".to_owned(),
        _ => "fallback".to_owned(),
    }
}

/// `(x, y)` with two decimals and no negative zeros.
pub(crate) fn format_vector(v: &Vector2<f64>) -> String {
    let tidy = |x: f64| if x.abs() < 0.005 { 0.0 } else { x };
    format!("({:+.2}, {:+.2})", tidy(v.x), tidy(v.y))
}

/// Prints the 3D table: one aligned row per pair, with the conventions of
/// the 2D one.
pub(crate) fn print_table_3d(rows: &[Row3]) {
    println!("separating-axis tour, 3D scene: {} pairs", rows.len());
    let header = [
        "pair (A / B)",
        "intersects",
        "depth",
        "gap",
        "normal A->B",
        "axis",
        "containment",
        "points",
        "shows",
    ];
    let cells: Vec<[String; 9]> = rows
        .iter()
        .map(|r| {
            let s = &r.separation;
            let (depth, gap) = if s.distance <= 0.0 {
                (format!("{:.3}", 0.0 - s.distance), "-".to_owned())
            } else {
                ("-".to_owned(), format!("{:.3}", s.distance))
            };
            let n = s
                .axis
                .into_inner()
                .map(|x| if x.abs() < 5e-4 { 0.0 } else { x });
            let normal = if s.distance <= 0.0 {
                format!("({:+.2}, {:+.2}, {:+.2})", n.x, n.y, n.z)
            } else {
                "-".to_owned()
            };
            let containment = match (r.containment.a_in_b, r.containment.b_in_a) {
                (true, true) => "A = B",
                (true, false) => "A in B",
                (false, true) => "B in A",
                (false, false) => "-",
            };
            [
                r.pair.to_owned(),
                if r.intersects { "yes" } else { "no" }.to_owned(),
                depth,
                gap,
                normal,
                feature_name(s.feature),
                containment.to_owned(),
                points_cell(r.manifold.points().iter().map(|p| p.separation)),
                r.shows.to_owned(),
            ]
        })
        .collect();
    print_rows(&header, &cells);
    println!();
    println!("Contact points (contact_manifold, margin 0), world frame: on A, on B, separation");
    for r in rows.iter().filter(|r| !r.manifold.is_empty()) {
        println!("  {}:", r.pair);
        for p in r.manifold.points() {
            let v = |q: &nalgebra::Point3<f64>| {
                let t = |x: f64| if x.abs() < 5e-4 { 0.0 } else { x };
                format!("({:+.3}, {:+.3}, {:+.3})", t(q.x), t(q.y), t(q.z))
            };
            println!(
                "    on A {}  on B {}  {:+.3}",
                v(&p.on_a),
                v(&p.on_b),
                if p.separation.abs() < 5e-4 {
                    0.0
                } else {
                    p.separation
                }
            );
        }
    }
}
