//! The source tree's shape: each file holds one idea, so none under `src/` is longer than
//! 600 lines, and no two modules import each other (a pair that does is one idea split in
//! two, or two ideas tangled). Read from the files themselves, so the checks need nothing
//! but `src/`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a file under `src/` may be.
const MAX_LINES: usize = 600;

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The module a file of the library is: `src/app/window/mod.rs` is `app::window`,
/// `src/app/words.rs` is `app::words`, `src/lib.rs` is the crate root (""). `None` for
/// the binary's `main.rs`, which is a crate of its own.
fn module_of(file: &Path) -> Option<String> {
    let relative = file.strip_prefix(src()).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    match last.as_str() {
        "main.rs" if parts.is_empty() => return None,
        "lib.rs" if parts.is_empty() => {}
        "mod.rs" => {}
        name => parts.push(name.trim_end_matches(".rs").to_string()),
    }
    Some(parts.join("::"))
}

/// The top-level `use` statements of a file (any visibility), each joined onto one line.
/// Indented ones (inside an inline module or a macro) are left out: their `super` is not
/// the file's.
fn use_statements(text: &str) -> Vec<String> {
    let mut statements = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(statement) = &mut current {
            statement.push(' ');
            statement.push_str(line.trim());
        } else {
            let starts = line.starts_with("use ")
                || (line.starts_with("pub") && line.contains(" use ") && !line.contains('='));
            if !starts {
                continue;
            }
            current = Some(line.trim().to_string());
        }
        if current.as_ref().is_some_and(|s| s.ends_with(';')) {
            statements.push(current.take().unwrap());
        }
    }
    statements
}

/// The paths a `use` statement names, braces expanded: `use a::{b, c::{d, e}};` gives
/// `a::b`, `a::c::d` and `a::c::e` (each as its segments; `as` renames dropped).
fn use_paths(statement: &str) -> Vec<Vec<String>> {
    let body = statement[statement.find("use ").unwrap() + 4..]
        .trim_end_matches(';')
        .trim();
    let mut paths = Vec::new();
    expand("", body, &mut paths);
    paths
        .into_iter()
        .map(|p| {
            p.split("::")
                .map(|s| s.split(" as ").next().unwrap().trim().to_string())
                .filter(|s| !s.is_empty())
                .collect()
        })
        .collect()
}

fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        out.push(format!("{prefix}{tree}"));
        return;
    };
    let head = format!("{prefix}{}", &tree[..open]);
    let inner = &tree[open + 1..tree.rfind('}').unwrap()];
    // Split the inner list at the commas outside nested braces.
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&head, &inner[start..i], out);
                start = i + 1;
            }
            _ => {}
        }
    }
    if !inner[start..].trim().is_empty() {
        expand(&head, &inner[start..], out);
    }
}

/// The module of the library that a `use` path from `module` reaches: the longest prefix
/// of the path that is a module. `None` for paths outside the crate (std, other crates).
fn target(module: &str, path: &[String], modules: &BTreeSet<String>) -> Option<String> {
    let mut at: Vec<&str> = if module.is_empty() {
        Vec::new()
    } else {
        module.split("::").collect()
    };
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            rest = &rest[1..];
        }
        Some("super") | Some("self") => {
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        at.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        // A child module named without `self::` (`use table::*;` in a mod.rs).
        Some(first) if modules.contains(&join(&at, first)) => {}
        _ => return None,
    }
    let mut found = at.join("::");
    for segment in rest {
        let next = join(&at, segment);
        if !modules.contains(&next) {
            break;
        }
        at.push(segment);
        found = next;
    }
    Some(found)
}

fn join(at: &[&str], segment: &str) -> String {
    if at.is_empty() {
        segment.to_string()
    } else {
        format!("{}::{segment}", at.join("::"))
    }
}

/// True if `a` is `b`, or one holds the other (`app` and `app::window`): a folder's mod.rs
/// and its files are one idea's parts, and importing each other is how they fit together.
fn related(a: &str, b: &str) -> bool {
    let within = |inner: &str, outer: &str| {
        outer.is_empty() || inner == outer || inner.starts_with(&format!("{outer}::"))
    };
    within(a, b) || within(b, a)
}

/// Every pair of modules that import each other, each pair once, with the files' imports
/// named.
fn import_cycles() -> Vec<(String, String)> {
    let files = rust_files(&src());
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(f)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(module) = module_of(file) else {
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        for statement in use_statements(&text) {
            for path in use_paths(&statement) {
                if let Some(to) = target(&module, &path, &modules)
                    && !related(&module, &to)
                {
                    edges.entry(module.clone()).or_default().insert(to);
                }
            }
        }
    }
    let mut cycles = Vec::new();
    for (from, tos) in &edges {
        for to in tos {
            if from < to && edges.get(to).is_some_and(|back| back.contains(from)) {
                cycles.push((from.clone(), to.clone()));
            }
        }
    }
    cycles
}

#[test]
fn no_file_under_src_is_longer_than_600_lines() {
    let long: Vec<String> = rust_files(&src())
        .iter()
        .filter_map(|file| {
            let lines = std::fs::read_to_string(file).unwrap().lines().count();
            (lines > MAX_LINES).then(|| format!("{} ({lines} lines)", file.display()))
        })
        .collect();
    assert!(
        long.is_empty(),
        "files longer than {MAX_LINES} lines: {long:#?}"
    );
}

#[test]
fn no_two_modules_import_each_other() {
    let cycles = import_cycles();
    assert!(
        cycles.is_empty(),
        "modules that import each other: {cycles:#?}"
    );
}

#[test]
fn the_import_reader_reads_braces_renames_and_relative_paths() {
    let statement =
        "pub(crate) use crate::ai::{Context, Game as AiGame, eval::{othello, weights}};";
    assert_eq!(
        use_paths(statement),
        [
            "crate::ai::Context",
            "crate::ai::Game",
            "crate::ai::eval::othello",
            "crate::ai::eval::weights",
        ]
        .map(|p| p.split("::").map(String::from).collect::<Vec<_>>())
    );
    let modules: BTreeSet<String> = ["", "ai", "ai::eval", "ai::eval::othello", "app"]
        .map(String::from)
        .into();
    let path = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        target("app", &path("crate::ai::eval::othello::Masks"), &modules),
        Some("ai::eval::othello".into())
    );
    assert_eq!(
        target("ai::eval", &path("super::Context"), &modules),
        Some("ai".into())
    );
    assert_eq!(
        target("ai", &path("eval::othello"), &modules),
        Some("ai::eval::othello".into())
    );
    assert_eq!(target("ai", &path("std::fmt"), &modules), None);
    assert!(related("ai", "ai::eval") && !related("ai::eval", "app"));
}
