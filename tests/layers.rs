//! The module graphs of the core (`src/`) and of the command (`crates/cli/src/`), read from
//! their sources: no import circle in either, and the command's layers kept (issue 24).
//!
//! A module is a top-level module of its crate, as Rust maps it to files: `mod NAME;` in the
//! crate root is `NAME.rs` or `NAME/mod.rs` and every file under `NAME/`. An edge `a → b` is a
//! `crate::b` path written in a file of `a` (in a `use` line, a group `use crate::{b, c::D}`, or
//! a path in code), or a `super::` path at the start of a line that climbs out of `a`. A name
//! the crate root re-exports (`crate::Engine`, from `pub use engine::{Engine, ...}`) is an edge
//! to the module the root takes it from. Comments are not read, nor test modules
//! (`#[cfg(test)] mod tests`, inline or a file of its own: a test may use any module); `$crate`
//! (a macro's own crate) is not an edge of the file that defines the macro.
//!
//! The command's layers, on the model of cargo-nextest's `dispatch`: `dispatch.rs` parses and
//! routes, the only module that names a subcommand; a subcommand names neither the dispatch nor
//! another subcommand; everything else is shared and names neither.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Where an edge is written: the file and line of its first reference.
#[derive(Debug, Clone)]
struct Site {
    file: PathBuf,
    line: usize,
}

/// A crate's top-level modules and the references between them.
#[derive(Debug, Default)]
struct Graph {
    modules: BTreeSet<String>,
    /// `from → to → where`, self references left out.
    edges: BTreeMap<String, BTreeMap<String, Site>>,
}

impl Graph {
    /// The graph of the crate whose root file is `root` (`src/lib.rs`, `src/main.rs`).
    fn read(root: &Path) -> Graph {
        let dir = root.parent().expect("the root file is in a folder");
        let root_text = code(&std::fs::read_to_string(root).expect("the root file reads"));
        let modules = declared_modules(&root_text);
        let reexports = reexports(&root_text, &modules);
        let mut graph = Graph {
            modules: modules.clone(),
            edges: BTreeMap::new(),
        };
        for module in &modules {
            let mut files = Vec::new();
            let single = dir.join(format!("{module}.rs"));
            if single.is_file() {
                files.push(single);
            }
            rust_files(&dir.join(module), &mut files);
            assert!(!files.is_empty(), "no file for `mod {module};` in {root:?}");
            let mut test_files = BTreeSet::new();
            for file in &files {
                let text = std::fs::read_to_string(file).expect("a source file reads");
                let folder = match file.file_name().and_then(|n| n.to_str()) {
                    Some("mod.rs") => file.parent().expect("in a folder").to_path_buf(),
                    _ => file.with_extension(""),
                };
                for name in test_modules(&text) {
                    test_files.insert(folder.join(format!("{name}.rs")));
                    test_files.insert(folder.join(&name).join("mod.rs"));
                }
            }
            for file in files {
                if test_files.contains(&file) {
                    continue;
                }
                let text = code(&without_tests(
                    &std::fs::read_to_string(&file).expect("a source file reads"),
                ));
                let depth = depth(dir, &file);
                for (line, target) in references(&text, depth) {
                    let to = if modules.contains(&target) {
                        Some(&target)
                    } else {
                        reexports.get(&target)
                    };
                    let Some(to) = to.filter(|to| *to != module) else {
                        continue;
                    };
                    graph
                        .edges
                        .entry(module.clone())
                        .or_default()
                        .entry(to.clone())
                        .or_insert_with(|| Site {
                            file: file.clone(),
                            line,
                        });
                }
            }
        }
        graph
    }

    /// Every circle, one per strongly connected part of the graph, each as the path around it
    /// with the file and line of each step: `a → b (src/a.rs:3) → a (src/b.rs:7)`.
    fn circles(&self) -> Vec<String> {
        let mut circles = Vec::new();
        for part in self.strongly_connected() {
            if part.len() < 2 {
                continue;
            }
            let start = part.iter().next().expect("not empty").clone();
            let path = self.path_back(&start, &part);
            let mut text = start.clone();
            for pair in path.windows(2) {
                let site = &self.edges[&pair[0]][&pair[1]];
                let _ = write!(text, " → {} ({}:{})", pair[1], shown(&site.file), site.line);
            }
            circles.push(text);
        }
        circles
    }

    /// The shortest path from `start` back to itself inside `part`, `start` at both ends.
    fn path_back(&self, start: &str, part: &BTreeSet<String>) -> Vec<String> {
        let mut parent: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.to_owned()]);
        while let Some(at) = queue.pop_front() {
            for next in self.edges.get(&at).into_iter().flat_map(|e| e.keys()) {
                if next == start {
                    let mut path = vec![at.clone()];
                    while let Some(before) = parent.get(path.last().expect("not empty")) {
                        path.push(before.clone());
                    }
                    path.reverse();
                    path.push(start.to_owned());
                    return path;
                }
                if part.contains(next) && !parent.contains_key(next) {
                    parent.insert(next.clone(), at.clone());
                    queue.push_back(next.clone());
                }
            }
        }
        unreachable!("{start} is in a circle of {part:?}")
    }

    /// Tarjan's strongly connected components.
    fn strongly_connected(&self) -> Vec<BTreeSet<String>> {
        struct State<'g> {
            graph: &'g Graph,
            index: BTreeMap<&'g str, usize>,
            low: BTreeMap<&'g str, usize>,
            stack: Vec<&'g str>,
            on_stack: BTreeSet<&'g str>,
            parts: Vec<BTreeSet<String>>,
        }
        fn visit<'g>(s: &mut State<'g>, v: &'g str) {
            let n = s.index.len();
            s.index.insert(v, n);
            s.low.insert(v, n);
            s.stack.push(v);
            s.on_stack.insert(v);
            for w in s.graph.edges.get(v).into_iter().flat_map(|e| e.keys()) {
                let w = w.as_str();
                if !s.index.contains_key(w) {
                    visit(s, w);
                    let low = s.low[v].min(s.low[w]);
                    s.low.insert(v, low);
                } else if s.on_stack.contains(w) {
                    let low = s.low[v].min(s.index[w]);
                    s.low.insert(v, low);
                }
            }
            if s.low[v] == s.index[v] {
                let mut part = BTreeSet::new();
                while let Some(w) = s.stack.pop() {
                    s.on_stack.remove(w);
                    part.insert(w.to_owned());
                    if w == v {
                        break;
                    }
                }
                s.parts.push(part);
            }
        }
        let mut state = State {
            graph: self,
            index: BTreeMap::new(),
            low: BTreeMap::new(),
            stack: Vec::new(),
            on_stack: BTreeSet::new(),
            parts: Vec::new(),
        };
        for v in &self.modules {
            if !state.index.contains_key(v.as_str()) {
                visit(&mut state, v);
            }
        }
        state.parts
    }

    /// The edges that break the command's layers: a subcommand naming the dispatch or another
    /// subcommand, a shared module naming either.
    fn layer_breaks(&self, dispatch: &str, subcommands: &[&str]) -> Vec<String> {
        let mut breaks = Vec::new();
        for (from, targets) in &self.edges {
            if from == dispatch {
                continue;
            }
            let kind = if subcommands.contains(&from.as_str()) {
                "the subcommand"
            } else {
                "the shared module"
            };
            for (to, site) in targets {
                let what = if to == dispatch {
                    "the dispatch"
                } else if subcommands.contains(&to.as_str()) {
                    "the subcommand"
                } else {
                    continue;
                };
                breaks.push(format!(
                    "{kind} `{from}` names {what} `{to}` ({}:{})",
                    shown(&site.file),
                    site.line
                ));
            }
        }
        breaks
    }
}

/// The modules a file declares for its tests alone, in files of their own
/// (`#[cfg(test)] mod tests;`).
fn test_modules(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|pair| pair[0] == "#[cfg(test)]")
        .filter_map(|pair| {
            let name = pair[1].strip_prefix("mod ")?.strip_suffix(';')?;
            is_identifier(name).then(|| name.to_owned())
        })
        .collect()
}

/// The text with the bodies of its inline test modules (`#[cfg(test)] mod tests { ... }`)
/// blanked, lines kept in place: a test may use any module, the crate it tests does not.
fn without_tests(text: &str) -> String {
    let mut out = Vec::new();
    let mut cfg_test = false;
    let mut closing: Option<String> = None;
    for line in text.lines() {
        if let Some(end) = &closing {
            if line == end {
                closing = None;
            }
            out.push("");
            continue;
        }
        let trimmed = line.trim_start();
        if cfg_test && trimmed.starts_with("mod ") && trimmed.ends_with('{') {
            let indent = &line[..line.len() - trimmed.len()];
            closing = Some(format!("{indent}}}"));
            out.push("");
        } else {
            out.push(line);
        }
        cfg_test = trimmed == "#[cfg(test)]" || (cfg_test && trimmed.starts_with("#["));
    }
    out.join("\n")
}

/// The text without its comments (`//` to the end of the line, doc comments included), lines
/// kept in place. A `//` inside a string cuts the line short: it loses references, never adds
/// one.
fn code(text: &str) -> String {
    text.lines()
        .map(|line| line.find("//").map_or(line, |at| &line[..at]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules `mod NAME;` declares at the crate root (whatever their visibility).
fn declared_modules(root: &str) -> BTreeSet<String> {
    root.lines()
        .filter_map(|line| {
            let rest = line.trim().strip_suffix(';')?;
            let rest = rest.strip_prefix("pub").map_or(rest, |r| {
                r.trim_start()
                    .strip_prefix("(crate)")
                    .unwrap_or(r)
                    .trim_start()
            });
            let name = rest.strip_prefix("mod ")?.trim();
            is_identifier(name).then(|| name.to_owned())
        })
        .collect()
}

/// The names the crate root re-exports (`pub use engine::{Engine, Game};`), each with the
/// module it comes from.
fn reexports(root: &str, modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for statement in root.split(';') {
        let Some(path) = statement.trim().strip_prefix("pub use ") else {
            continue;
        };
        let Some((module, rest)) = path.split_once("::") else {
            continue;
        };
        if !modules.contains(module.trim()) {
            continue;
        }
        for name in rest.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
            if is_identifier(name) && name != "self" && name != "as" {
                names.insert(name.to_owned(), module.trim().to_owned());
            }
        }
    }
    names
}

fn is_identifier(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// The `.rs` files under `dir`, at any depth.
fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.map(|e| e.expect("a folder entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// How deep a file's module is below the crate root: `a.rs` and `a/mod.rs` 1, `a/b.rs` 2.
fn depth(src: &Path, file: &Path) -> usize {
    let relative = file.strip_prefix(src).expect("under the source folder");
    let parts = relative.components().count();
    if file.file_name().is_some_and(|n| n == "mod.rs") {
        parts - 1
    } else {
        parts
    }
}

/// The first segment after `crate::` (or after the `super::`s that climb to the crate root),
/// with its line: each name of a group `crate::{a, b::C}` is one.
fn references(text: &str, depth: usize) -> Vec<(usize, String)> {
    let line_of = |at: usize| text[..at].matches('\n').count() + 1;
    let mut found = Vec::new();
    let bytes = text.as_bytes();
    let before_ok = |at: usize| {
        at == 0 || {
            let c = bytes[at - 1];
            !(c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b':')
        }
    };
    let mut at = 0;
    while let Some(found_at) = text[at..].find("crate::") {
        let start = at + found_at;
        at = start + "crate::".len();
        if before_ok(start) {
            found.extend(names_at(text, at).into_iter().map(|n| (line_of(start), n)));
        }
    }
    // `super::` paths out of the top-level module: read at the start of a line only, where
    // they are the file's own (inside an inline `mod tests` they would climb one level less).
    for (index, line) in text.lines().enumerate() {
        let rest = line
            .strip_prefix("use ")
            .or_else(|| line.strip_prefix("pub use "))
            .or_else(|| line.strip_prefix("pub(crate) use "));
        let Some(mut rest) = rest else {
            continue;
        };
        let mut supers = 0;
        while let Some(r) = rest.strip_prefix("super::") {
            rest = r;
            supers += 1;
        }
        if supers > 0 && supers >= depth {
            let offset = line.len() - rest.len();
            let line_start = text.lines().take(index).map(|l| l.len() + 1).sum::<usize>();
            found.extend(
                names_at(text, line_start + offset)
                    .into_iter()
                    .map(|n| (index + 1, n)),
            );
        }
    }
    found
}

/// The first segment of the path at `at`, or of each path of the group `{...}` there.
fn names_at(text: &str, at: usize) -> Vec<String> {
    let rest = &text[at..];
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 0;
        let mut names = Vec::new();
        let mut item_start = true;
        let mut word = String::new();
        for c in group.chars() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => break,
                '}' => depth -= 1,
                ',' if depth == 0 => item_start = true,
                c if c.is_alphanumeric() || c == '_' => {
                    if item_start {
                        word.push(c);
                    }
                }
                _ => {
                    if !word.is_empty() {
                        names.push(std::mem::take(&mut word));
                        item_start = false;
                    }
                }
            }
        }
        if !word.is_empty() {
            names.push(word);
        }
        names
    } else {
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() { vec![] } else { vec![name] }
    }
}

/// A path as the workspace names it (`crates/cli/src/run.rs`).
fn shown(path: &Path) -> String {
    path.strip_prefix(workspace())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The workspace's root folder.
fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The command's subcommands: each a module the dispatch routes to.
const SUBCOMMANDS: &[&str] = &[
    "run", "list", "show", "matrix", "mutants", "generate", "export", "report", "init", "fuzz",
    "winnable", "diff",
];

#[test]
fn the_command_has_no_import_circle_and_keeps_its_layers() {
    let graph = Graph::read(&workspace().join("crates/cli/src/main.rs"));
    for module in SUBCOMMANDS.iter().chain(&["dispatch"]) {
        assert!(graph.modules.contains(*module), "no module `{module}`");
    }
    let circles = graph.circles();
    assert!(
        circles.is_empty(),
        "the command's modules import in a circle:\n{}",
        circles.join("\n")
    );
    let breaks = graph.layer_breaks("dispatch", SUBCOMMANDS);
    assert!(breaks.is_empty(), "{}", breaks.join("\n"));
}

#[test]
fn the_core_has_no_import_circle() {
    let graph = Graph::read(&workspace().join("src/lib.rs"));
    assert!(graph.modules.contains("engine"), "{:?}", graph.modules);
    let circles = graph.circles();
    assert!(
        circles.is_empty(),
        "the core's modules import in a circle:\n{}",
        circles.join("\n")
    );
}

/// A crate written into a temporary folder: `files` as (path under `src/`, text).
fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("layers-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
        std::fs::write(path, text).expect("the file is written");
    }
    dir
}

#[test]
fn a_circle_is_found_and_named_with_its_lines() {
    let dir = scratch(
        "circle",
        &[
            (
                "main.rs",
                "mod dispatch;\nmod run;\nmod text;\npub use text::plural;\n",
            ),
            ("dispatch.rs", "use crate::run;\n"),
            (
                "run.rs",
                "// crate::dispatch in a comment is no edge\nuse crate::{text, plural};\n",
            ),
            (
                "text.rs",
                "mod inner;\n#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod more {\n    use crate::dispatch;\n}\n",
            ),
            ("text/tests.rs", "use crate::dispatch;\n"),
            ("text/inner.rs", "use super::super::run::Args;\n"),
        ],
    );
    let graph = Graph::read(&dir.join("main.rs"));
    let circles = graph.circles();
    assert_eq!(circles.len(), 1, "{circles:?}");
    let circle = &circles[0];
    assert!(circle.starts_with("run → text ("), "{circle}");
    assert!(circle.contains("run.rs:2"), "{circle}");
    assert!(circle.contains("→ run ("), "{circle}");
    assert!(circle.contains("inner.rs:1"), "{circle}");
    let breaks = graph.layer_breaks("dispatch", &["run"]);
    assert_eq!(breaks.len(), 1, "{breaks:?}");
    assert!(
        breaks[0].starts_with("the shared module `text` names the subcommand `run`"),
        "{breaks:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_subcommand_naming_another_or_the_dispatch_breaks_the_layers() {
    let dir = scratch(
        "layers",
        &[
            ("main.rs", "mod dispatch;\nmod run;\nmod matrix;\n"),
            ("dispatch.rs", "use crate::{matrix, run};\n"),
            ("run.rs", "fn f() { crate::matrix::g(); }\n"),
            (
                "matrix.rs",
                "fn g() { $crate::run::f(); }\nuse crate::dispatch;\n",
            ),
        ],
    );
    let graph = Graph::read(&dir.join("main.rs"));
    let mut breaks = graph.layer_breaks("dispatch", &["run", "matrix"]);
    breaks.sort();
    assert_eq!(breaks.len(), 2, "{breaks:?}");
    assert!(breaks[0].starts_with("the subcommand `matrix` names the dispatch `dispatch`"));
    assert!(breaks[1].starts_with("the subcommand `run` names the subcommand `matrix`"));
    let circles = graph.circles();
    assert_eq!(circles.len(), 1, "{circles:?}");
    assert!(circles[0].starts_with("dispatch → matrix"), "{circles:?}");
    let _ = std::fs::remove_dir_all(dir);
}
