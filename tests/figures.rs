//! The checked-in figures of docs/sat-proof.md (docs/figures/*.svg) are
//! exactly what `examples/figures/draw.rs` draws today.

#[path = "../examples/figures/draw.rs"]
mod draw;

use std::path::Path;

/// Each figure, regenerated in memory, equals the file in docs/figures.
#[test]
fn checked_in_figures_are_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/figures");
    let figures = draw::all();
    assert_eq!(figures.len(), 5);
    for figure in figures {
        let path = dir.join(figure.file);
        let on_disk = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!("{}: {e}; run `cargo run --example figures`", path.display())
        });
        assert!(
            on_disk == figure.svg,
            "{} is stale: run `cargo run --example figures` and commit the result",
            path.display()
        );
    }
}

/// Small, titled, one document each.
#[test]
fn figures_are_small_titled_svg() {
    for figure in draw::all() {
        assert!(
            figure.svg.len() < 12_000,
            "{}: {} bytes",
            figure.file,
            figure.svg.len()
        );
        assert!(figure
            .svg
            .starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(figure.svg.contains("<title>") && figure.svg.ends_with("</svg>\n"));
        assert!(!figure.svg.contains("NaN") && !figure.svg.contains("inf"));
    }
}

/// The count the chapter quotes for the Gauss map (docs/sat-proof.md §15)
/// is what `engine::is_minkowski_face` gives for the drawn pair.
#[test]
fn gauss_map_shows_14_of_144_pairs() {
    let gauss = draw::all()
        .into_iter()
        .find(|f| f.file == "gauss-map.svg")
        .expect("the Gauss-map figure");
    assert!(gauss.svg.contains("the 14 of 144 edge pairs"));
    // One red dot per crossing.
    assert_eq!(gauss.svg.matches("class=\"red\"").count(), 14);
}
