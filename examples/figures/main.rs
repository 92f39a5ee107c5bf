//! Writes the figures of docs/sat-proof.md, chapter 3, to `docs/figures/`.
//!
//! ```text
//! cargo run --example figures
//! ```
//!
//! Every figure is computed with the crate's own queries (the intervals,
//! the Minkowski difference, the Gauss-map crossings, the MTV `penetration`
//! returns) by the drawing code in `draw.rs`, which
//! `tests/figures.rs::checked_in_figures_are_current` also runs, so a
//! checked-in figure cannot drift from the code.

use std::error::Error;
use std::path::Path;

mod draw;

fn main() -> Result<(), Box<dyn Error>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("docs")
        .join("figures");
    std::fs::create_dir_all(&dir)?;
    for figure in draw::all() {
        let path = dir.join(figure.file);
        std::fs::write(&path, &figure.svg)?;
        println!("wrote {} ({} bytes)", path.display(), figure.svg.len());
    }
    Ok(())
}
