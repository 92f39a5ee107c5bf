//! The layers of `src/` point one way: no module names a module of a
//! higher layer (ARCHITECTURE.md, "Layers", whose table this test reads).
//!
//! Every top-level module of `src/` must be in the table, so a new module
//! gets a layer when it is added. A file's references are its `crate::…`
//! paths outside comments, outside the serde attributes (the `try_from`
//! and `into` strings name the serde layer's raw types, read only by the
//! derive) and outside its `#[cfg(test)] mod tests` (unit tests may check
//! a layer against a higher one). A name re-exported at the crate root
//! (`crate::Obb`, `crate::intersects`) counts as the module it comes from,
//! read off `src/lib.rs`'s `pub use` lines.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Module name → layer index, from the rows of ARCHITECTURE.md's "Layers"
/// table: `| index name | `module`, `module` | what |`.
fn layers() -> BTreeMap<String, usize> {
    let text = fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let section = text
        .split("\n## Layers\n")
        .nth(1)
        .expect("ARCHITECTURE.md has a \"## Layers\" section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let mut map = BTreeMap::new();
    for line in section.lines().filter(|l| l.starts_with('|')) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        let Some(index) = cells
            .get(1)
            .and_then(|c| c.split_whitespace().next())
            .and_then(|c| c.parse::<usize>().ok())
        else {
            continue;
        };
        for module in cells[2].split(',') {
            let module = module.trim().trim_matches('`');
            assert!(
                map.insert(module.to_string(), index).is_none(),
                "{module} is listed twice in ARCHITECTURE.md's layers"
            );
        }
    }
    assert!(
        map.len() > 10,
        "the layers table lists {} modules",
        map.len()
    );
    map
}

/// Crate-root name → the module it is re-exported from (`pub use m::…;`).
fn root_exports() -> BTreeMap<String, String> {
    let lib = fs::read_to_string(root().join("src/lib.rs")).expect("src/lib.rs");
    let mut map = BTreeMap::new();
    for statement in lib.split(';') {
        let Some(rest) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, names)) = rest.split_once("::") else {
            continue;
        };
        for name in names.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if !name.is_empty() {
                map.insert(name.to_string(), module.to_string());
            }
        }
    }
    map
}

/// The first segment of each path a `crate::` reference names: `crate::a`
/// gives `a`; `crate::{a::b, C, d::{e, f}}` gives `a`, `C`, `d`.
fn heads(after: &str) -> Vec<String> {
    let ident = |s: &str| {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect::<String>()
    };
    let Some(group) = after.strip_prefix('{') else {
        return vec![ident(after)];
    };
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, true);
    for (i, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => start = true,
            c if start && !c.is_whitespace() => {
                out.push(ident(&group[i..]));
                start = false;
            }
            _ => {}
        }
    }
    out
}

/// The `crate::` references of one file, with their line numbers.
fn references(text: &str) -> Vec<(usize, String)> {
    let code = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    // `use crate::{…}` groups span lines: join each statement's lines.
    let mut out = Vec::new();
    let mut pending: Option<(usize, String)> = None;
    for (n, line) in code.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//")
            || trimmed.contains("serde(")
            || trimmed.contains("= \"crate::")
        {
            continue;
        }
        let (number, joined) = match pending.take() {
            Some((number, mut head)) => {
                head.push_str(trimmed);
                (number, head)
            }
            None => (n + 1, trimmed.to_string()),
        };
        if joined.contains("crate::{") && joined.matches('{').count() > joined.matches('}').count()
        {
            pending = Some((number, joined));
            continue;
        }
        for (i, _) in joined.match_indices("crate::") {
            // `separating_axis::crate::` never occurs; skip `$crate::`.
            if joined[..i].ends_with('$') {
                continue;
            }
            for head in heads(&joined[i + "crate::".len()..]) {
                out.push((number, head));
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to (`None`: `lib.rs`).
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let first = file.strip_prefix(src).ok()?.components().next()?;
    let name = first.as_os_str().to_str()?.trim_end_matches(".rs");
    (name != "lib").then(|| name.to_string())
}

#[test]
fn no_module_imports_a_higher_layer() {
    let (layer, exports) = (layers(), root_exports());
    let src = root().join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for file in &files {
        let Some(module) = module_of(&src, file) else {
            continue;
        };
        let Some(&own) = layer.get(&module) else {
            wrong.push(format!("src/{module}: not in ARCHITECTURE.md's layers"));
            continue;
        };
        let text = fs::read_to_string(file).expect("a source file");
        for (line, head) in references(&text) {
            let target = exports.get(&head).cloned().unwrap_or(head);
            match layer.get(&target) {
                Some(&theirs) if theirs > own => wrong.push(format!(
                    "{}:{line}: {module} (layer {own}) names {target} (layer {theirs})",
                    file.strip_prefix(root()).unwrap_or(file).display()
                )),
                Some(_) => {}
                None => wrong.push(format!(
                    "{}:{line}: crate::{target} is neither a listed module nor a root re-export",
                    file.strip_prefix(root()).unwrap_or(file).display()
                )),
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The parser finds what it must: a group over several lines, nested
/// groups, root names, and nothing in comments or serde attributes.
#[test]
fn the_reference_reader_reads_groups_and_skips_comments() {
    let text = "use crate::{\n    engine::{self, Scan},\n    Obb, real::is_nan,\n};\n\
                // crate::query in a comment\n\
                #[cfg_attr(feature = \"serde\", serde(try_from = \"crate::serde_support::Raw\"))]\n\
                let x = crate::pair::cast::<T>(y);\n\
                #[cfg(test)]\nmod tests {\n    use crate::batch;\n}\n";
    let found: Vec<(usize, String)> = references(text);
    let names: Vec<&str> = found.iter().map(|(_, h)| h.as_str()).collect();
    assert_eq!(names, ["engine", "Obb", "real", "pair"]);
    assert_eq!(found[0].0, 1);
    assert_eq!(found[3].0, 7);
}
