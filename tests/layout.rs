//! The source tree's shape: each file holds one idea, so none under `src/` is longer than
//! 600 lines; no modules import each other, as a pair or round a longer circle (modules
//! that do are one idea split in parts, or ideas tangled); and no layer imports one above it
//! (the rules never the players, the players never the window). Read from the files
//! themselves, so the checks need nothing but `src/`.

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

/// Code with its string and character literals and its comments blanked out, so that
/// braces and paths are only those of the code.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '/' if chars.peek() == Some(&'/') => {
                // A line comment (doc comments too) up to the end of the line.
                for c in chars.by_ref() {
                    if c == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            '"' => {
                out.push('"');
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        '\n' => out.push('\n'),
                        _ => {}
                    }
                }
                out.push('"');
            }
            // A character literal ('{', '\''), not a lifetime ('a).
            '\'' => {
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with('\\') {
                    chars.next();
                    chars.next();
                    chars.next();
                } else if rest.chars().nth(1) == Some('\'') {
                    chars.next();
                    chars.next();
                } else {
                    out.push(c);
                }
            }
            _ => out.push(c),
        }
    }
    out
}

/// The paths from a file of `module` into the crate: its top-level `use` statements, and
/// every `crate::` and `super::` path in its code, each with the module it is written in
/// (an inline module such as `mod tests { ... }` is a child of the file's module).
fn file_paths(module: &str, text: &str) -> Vec<(String, Vec<String>)> {
    let mut found: Vec<(String, Vec<String>)> = use_statements(text)
        .iter()
        .flat_map(|statement| use_paths(statement))
        .map(|p| (module.to_string(), p))
        .collect();
    let code = code_only(text);
    // The inline modules open at each point, with the brace depth each opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let word_start = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        match bytes[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            b'm' if word_start && code[i..].starts_with("mod ") => {
                let rest = &code[i + 4..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if rest[name.len()..].trim_start().starts_with('{') {
                    inline.push((name, depth));
                }
            }
            b'c' | b's'
                if word_start
                    && (code[i..].starts_with("crate::") || code[i..].starts_with("super::")) =>
            {
                let end = code[i..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                    .map_or(code.len(), |n| i + n);
                let path: Vec<String> = code[i..end]
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect();
                let within: Vec<&str> = std::iter::once(module)
                    .chain(inline.iter().map(|(name, _)| name.as_str()))
                    .filter(|m| !m.is_empty())
                    .collect();
                found.push((within.join("::"), path));
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// The modules reached from each module of the library (parents and children left out: see
/// [`related`]).
fn import_graph() -> BTreeMap<String, BTreeSet<String>> {
    let files = rust_files(&src());
    let modules: BTreeSet<String> = files.iter().filter_map(|f| module_of(f)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in &files {
        let Some(module) = module_of(file) else {
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        for (within, path) in file_paths(&module, &text) {
            if let Some(to) = target(&within, &path, &modules)
                && !related(&module, &to)
            {
                edges.entry(module.clone()).or_default().insert(to);
            }
        }
    }
    edges
}

/// The groups of modules that import each other, directly or round a longer circle
/// (`a` uses `b`, `b` uses `c`, `c` uses `a`): each group of modules that reach one another.
fn import_cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(at) = stack.pop() {
            for to in edges.get(&at).into_iter().flatten() {
                if seen.insert(to.clone()) {
                    stack.push(to.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        edges.keys().map(|m| (m, reach(m))).collect();
    let mut groups: Vec<BTreeSet<String>> = Vec::new();
    for (module, from_it) in &reached {
        if !from_it.contains(*module) || groups.iter().any(|g| g.contains(*module)) {
            continue;
        }
        let group = from_it
            .iter()
            .filter(|other| reached.get(other).is_some_and(|r| r.contains(*module)))
            .cloned()
            .collect();
        groups.push(group);
    }
    groups
}

/// The library's top-level modules, lowest layer first, and the others each may import:
/// the rules (`core`) and the two helpers know no other; the formats know the rules; the
/// players know the rules, the formats (an engine is sent its game as GGF) and the timing
/// statistics; the command line knows all but the app; the app, the top, knows them all.
const MAY_IMPORT: &[(&str, &[&str])] = &[
    ("core", &[]),
    ("file_read", &[]),
    ("stats", &[]),
    ("formats", &["core"]),
    ("ai", &["core", "formats", "stats"]),
    ("cli", &["core", "ai", "formats", "file_read", "stats"]),
    (
        "app",
        &["core", "ai", "formats", "cli", "file_read", "stats"],
    ),
];

/// Every import in `edges` from a layer to one it may not import (see [`MAY_IMPORT`]), as
/// "from -> to"; a top-level module missing from the table is named too.
fn layer_breaks(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<String> {
    let top = |module: &str| module.split("::").next().unwrap_or_default().to_string();
    let mut breaks = Vec::new();
    for (from, tos) in edges {
        let layer = top(from);
        if layer.is_empty() {
            continue;
        }
        let Some((_, allowed)) = MAY_IMPORT.iter().find(|(name, _)| *name == layer) else {
            breaks.push(format!("{from}: the layer {layer} is not in MAY_IMPORT"));
            continue;
        };
        for to in tos {
            let other = top(to);
            if !other.is_empty() && other != layer && !allowed.contains(&other.as_str()) {
                breaks.push(format!("{from} -> {to}"));
            }
        }
    }
    breaks
}

#[test]
fn no_layer_imports_a_layer_above_it() {
    let breaks = layer_breaks(&import_graph());
    assert!(
        breaks.is_empty(),
        "imports from a lower layer to a higher one: {breaks:#?}"
    );
}

#[test]
fn a_lower_layer_importing_a_higher_one_is_found() {
    let edge = |a: &str, b: &[&str]| {
        (
            a.to_string(),
            b.iter()
                .map(|s| s.to_string())
                .collect::<BTreeSet<String>>(),
        )
    };
    let edges: BTreeMap<String, BTreeSet<String>> = [
        edge("core::othello", &["ai::eval", "core::cell"]),
        edge("ai::engine", &["formats::ggf", "app::view::words"]),
        edge("formats::ggf", &["core"]),
        edge("cli::nboard", &["ai", "app"]),
        edge("app::window", &["cli", "ai::analysis"]),
        edge("extra", &["core"]),
    ]
    .into();
    assert_eq!(
        layer_breaks(&edges),
        [
            "ai::engine -> app::view::words",
            "cli::nboard -> app",
            "core::othello -> ai::eval",
            "extra: the layer extra is not in MAY_IMPORT",
        ]
    );
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
fn no_modules_import_each_other_directly_or_round_a_circle() {
    let cycles = import_cycles(&import_graph());
    assert!(
        cycles.is_empty(),
        "modules that import each other: {cycles:#?}"
    );
}

#[test]
fn a_circle_of_three_and_paths_in_code_are_found() {
    // The shape the eval modules once had: a path in a function's body, not a `use`.
    let modules: BTreeSet<String> = ["", "ai", "ai::eval", "ai::eval::a", "ai::eval::b"]
        .map(String::from)
        .into();
    let text = "use super::b::Thing;\n\nfn f() -> i32 {\n    super::a::g() // super::x\n}\n\n\
                #[cfg(test)]\nmod tests {\n    use super::*;\n    fn h() { let s = \"crate::app\"; }\n}\n";
    let paths = file_paths("ai::eval::c", text);
    // The `use` line is read both as a statement and as a path in the code: a set.
    let targets: BTreeSet<(String, Option<String>)> = paths
        .iter()
        .map(|(within, path)| (within.clone(), target(within, path, &modules)))
        .collect();
    let pair = |within: &str, to: &str| (within.to_string(), Some(to.to_string()));
    assert_eq!(
        targets,
        BTreeSet::from([
            pair("ai::eval::c", "ai::eval::b"),
            pair("ai::eval::c", "ai::eval::a"),
            pair("ai::eval::c::tests", "ai::eval::c"),
        ])
    );
    let edge = |a: &str, b: &str| (a.to_string(), BTreeSet::from([b.to_string()]));
    let circle: BTreeMap<String, BTreeSet<String>> = [
        edge("a", "b"),
        edge("b", "c"),
        edge("c", "a"),
        edge("d", "a"),
    ]
    .into();
    assert_eq!(
        import_cycles(&circle),
        [BTreeSet::from(["a", "b", "c"].map(String::from))]
    );
    let line: BTreeMap<String, BTreeSet<String>> = [edge("a", "b"), edge("b", "c")].into();
    assert!(import_cycles(&line).is_empty());
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
