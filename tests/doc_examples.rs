//! Every public item of `src/` should show a runnable example in its doc:
//! this counts the items whose doc comment has no code block (a textual
//! audit of the source, close to what rustdoc shows: `pub` items outside
//! `pub(crate)` and outside a sealed trait's private module, and the
//! methods of public traits) and requires none: every public item shows
//! one (a crate-internal `pub` item of a private module, which rustdoc
//! does not show, may show a `text` block instead), and the items the
//! issue named (the pose aliases, the result types, every constructor)
//! with it.

use std::fs;
use std::path::Path;

/// `(file:line:name, has an example)` for every public item of `src/`.
fn audit(dir: &Path, out: &mut Vec<(String, bool)>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("src/ is readable")
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.path());
    for entry in entries {
        let path = entry.path();
        if path.is_dir() {
            audit(&path, out);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a source file is readable");
        let lines: Vec<&str> = text.lines().collect();
        let mut trait_indent: Option<usize> = None;
        // Items of a `mod sealed` (the private module of a sealed trait)
        // are not shown by rustdoc: skipped.
        let mut sealed_indent: Option<usize> = None;
        for (i, line) in lines.iter().enumerate() {
            let s = line.trim_start();
            let indent = line.len() - s.len();
            if s.ends_with("mod sealed {") {
                sealed_indent = Some(indent);
                continue;
            }
            if let Some(m) = sealed_indent {
                if indent == m && s == "}" {
                    sealed_indent = None;
                }
                continue;
            }
            if s.starts_with("pub trait ") && !s.ends_with("{}") {
                trait_indent = Some(indent);
            } else if trait_indent == Some(indent) && s == "}" {
                trait_indent = None;
            }
            let name = item_name(s).or_else(|| {
                (trait_indent.map(|t| t + 4) == Some(indent))
                    .then(|| s.strip_prefix("fn ").map(ident))
                    .flatten()
            });
            if let Some(name) = name {
                let label = format!("{}:{}:{name}", path.display(), i + 1);
                out.push((label, has_example(&lines, i)));
            }
        }
    }
}

/// The name of a `pub` item declared on this (trimmed) line.
fn item_name(s: &str) -> Option<String> {
    let rest = s.strip_prefix("pub ")?;
    let rest = rest.strip_prefix("const fn ").map_or(rest, |r| r);
    [
        "fn ", "struct ", "enum ", "trait ", "type ", "const ", "static ",
    ]
    .iter()
    .find_map(|kw| rest.strip_prefix(kw))
    .map(ident)
}

/// The identifier at the start of `s`.
fn ident(s: &str) -> String {
    s.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// Whether the doc comment above line `i` (past attributes, including
/// multi-line ones, and plain comments) holds a code block.
fn has_example(lines: &[&str], i: usize) -> bool {
    let mut in_attribute = false;
    for line in lines[..i].iter().rev() {
        let s = line.trim();
        if let Some(doc) = s.strip_prefix("///") {
            if doc.trim_start().starts_with("```") {
                return true;
            }
            continue;
        }
        if in_attribute {
            in_attribute = !s.starts_with("#[");
            continue;
        }
        if s.starts_with("#[") || s.starts_with("//") {
            continue;
        }
        if s.ends_with(")]") {
            in_attribute = true;
            continue;
        }
        return false;
    }
    false
}

#[test]
fn public_items_show_an_example() {
    let mut items = Vec::new();
    audit(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
        &mut items,
    );
    assert!(
        items.len() > 150,
        "the audit found only {} items",
        items.len()
    );
    let missing: Vec<&str> = items
        .iter()
        .filter(|(_, ok)| !ok)
        .map(|(label, _)| label.as_str())
        .collect();
    assert!(
        missing.is_empty(),
        "{} public items without an example:\n{}",
        missing.len(),
        missing.join("\n")
    );
    let named = [
        "Pose",
        "Pose2",
        "Pose3",
        "Penetration",
        "Separation",
        "Feature",
        "Containment",
        "new",
        "from_half_extents",
        "from_hull",
        "mtv",
        "penetration",
        "into_pose",
    ];
    for label in &missing {
        let name = label.rsplit(':').next().unwrap_or_default();
        assert!(!named.contains(&name), "{label} must show an example");
    }
}

/// The audit itself: an item with a code block above its attributes
/// counts, one without does not.
#[test]
fn the_audit_reads_attributes_and_doc_blocks() {
    let lines = [
        "/// Summary.",
        "///",
        "/// ```",
        "/// x",
        "/// ```",
        "#[cfg_attr(",
        "    feature = \"serde\",",
        "    derive(serde::Serialize)",
        ")]",
        "pub struct A;",
        "/// No example.",
        "#[inline]",
        "pub fn b() {}",
    ];
    assert!(has_example(&lines, 9));
    assert!(!has_example(&lines, 12));
    assert_eq!(item_name("pub struct A;").as_deref(), Some("A"));
    assert_eq!(item_name("pub(crate) fn c()"), None);
}
