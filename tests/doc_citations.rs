//! The docs cite the test that checks each claim as `tests/<file>.rs::<name>`
//! (or `<file>.rs::<name>`, or `<file>.rs::{a, b}`). This checks that every
//! such citation in docs/, README.md, ARCHITECTURE.md and the library's doc
//! comments names a file of tests/ that exists and a name that occurs in
//! it, so a renamed or deleted test cannot leave a claim pointing nowhere.

use std::fs;
use std::path::{Path, PathBuf};

/// Every file under `dir` (recursively) whose name ends with `ext`.
fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, ext, out);
        } else if path.to_string_lossy().ends_with(ext) {
            out.push(path);
        }
    }
}

/// Whether `word` occurs in `text` as a whole identifier.
fn has_identifier(text: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

/// The `(file stem, names)` citations in `text`: `stem.rs::name`,
/// `stem.rs::{a, b}`, with an optional `tests/` before the stem.
fn citations(text: &str) -> Vec<(String, Vec<String>)> {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut out = Vec::new();
    for (at, _) in text.match_indices(".rs::") {
        let stem: String = text[..at]
            .chars()
            .rev()
            .take_while(|&c| is_ident(c))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let rest = &text[at + ".rs::".len()..];
        let names: Vec<String> = if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(0);
            list[..end]
                .split(',')
                .map(|n| n.trim().to_string())
                .collect()
        } else {
            vec![rest.chars().take_while(|&c| is_ident(c)).collect()]
        };
        out.push((stem, names));
    }
    out
}

#[test]
fn every_cited_test_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    files_under(&root.join("docs"), ".md", &mut sources);
    files_under(&root.join("src"), ".rs", &mut sources);
    let (mut checked, mut missing) = (0, Vec::new());
    for source in &sources {
        let text = fs::read_to_string(source).expect("a readable doc");
        for (stem, names) in citations(&text) {
            let cited = root.join("tests").join(format!("{stem}.rs"));
            let Ok(tests) = fs::read_to_string(&cited) else {
                continue; // a source file of the library, not a test file
            };
            for name in names.iter().filter(|n| !n.is_empty()) {
                if name == "f32" || name == "f64" {
                    continue;
                }
                checked += 1;
                if !has_identifier(&tests, name) {
                    missing.push(format!("{}: tests/{stem}.rs::{name}", source.display()));
                }
            }
        }
    }
    assert!(
        checked > 150,
        "only {checked} citations found: the scan is broken"
    );
    assert!(
        missing.is_empty(),
        "cited tests that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn citation_parser_reads_the_three_forms() {
    let text = "see `tests/golden.rs::golden_scene_hash`, boxes_3d.rs::edge_crossing_edge \
                and `proof_round.rs::{a_b, c}` but not lib.rs alone";
    let found = citations(text);
    assert_eq!(
        found,
        vec![
            ("golden".to_string(), vec!["golden_scene_hash".to_string()]),
            (
                "boxes_3d".to_string(),
                vec!["edge_crossing_edge".to_string()]
            ),
            (
                "proof_round".to_string(),
                vec!["a_b".to_string(), "c".to_string()]
            ),
        ]
    );
    assert!(has_identifier(
        "fn golden_scene_hash()",
        "golden_scene_hash"
    ));
    assert!(!has_identifier(
        "fn golden_scene_hash_3d()",
        "golden_scene_hash"
    ));
}
