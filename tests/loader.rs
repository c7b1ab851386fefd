//! The loader against a folder of malformed case files (`tests/malformed/`).
//!
//! Each file there is broken in one way and says, in `# expect:` lines at its top, the error it
//! must produce: `LINE:COLUMN: text`, where the text is part of the message (` ... ` stands for
//! any text in between). A folder holds a
//! multi-file catalogue (duplicate ids across files, a retired id) and says its errors, whole, in
//! an `EXPECT` file. Every expected error must appear, and no other.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use chess_conformance::catalogue::{MAX_DEPTH, MAX_FILE_BYTES};
use chess_conformance::{Catalogue, LoadError};

/// What one malformed entry must produce: (location prefix, message fragment) per error.
fn expectations(entry: &Path) -> Vec<(String, String)> {
    if entry.is_dir() {
        let text = fs::read_to_string(entry.join("EXPECT")).expect("a folder has an EXPECT file");
        text.lines()
            .filter(|l| !l.is_empty())
            .map(|l| (String::new(), l.to_owned()))
            .collect()
    } else {
        let text = fs::read_to_string(entry).expect("readable");
        let name = entry.display().to_string();
        text.lines()
            .take_while(|l| l.starts_with('#'))
            .filter_map(|l| l.strip_prefix("# expect: "))
            .map(|e| {
                let mut parts = e.splitn(3, ':');
                let (line, column) = (parts.next().unwrap(), parts.next().unwrap());
                let message = parts.next().unwrap_or("").trim().to_owned();
                (format!("{name}:{line}:{column}: "), message)
            })
            .collect()
    }
}

/// The paths to load for one entry: the file, or the folder's own folders and files.
fn paths(entry: &Path) -> Vec<PathBuf> {
    if entry.is_dir() {
        let mut paths: Vec<PathBuf> = fs::read_dir(entry)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.is_dir())
            .collect();
        paths.sort();
        if paths.is_empty() {
            paths.push(entry.to_path_buf());
        }
        paths
    } else {
        vec![entry.to_path_buf()]
    }
}

/// Whether the parts of `pattern` between ` ... ` all appear in `text`, in order.
fn contains_in_order(text: &str, pattern: &str) -> bool {
    let mut rest = text;
    for part in pattern.split(" ... ") {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

#[test]
fn every_malformed_file_gives_its_error() {
    let mut entries: Vec<PathBuf> = fs::read_dir("tests/malformed")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    assert!(
        entries.len() >= 15,
        "only {} malformed entries",
        entries.len()
    );
    let mut problems = Vec::new();
    for entry in &entries {
        let expected = expectations(entry);
        if expected.is_empty() {
            problems.push(format!("{}: says no `# expect:`", entry.display()));
            continue;
        }
        let errors = match Catalogue::load(&paths(entry)) {
            Ok(_) => {
                problems.push(format!("{}: loaded without error", entry.display()));
                continue;
            }
            Err(errors) => errors.0,
        };
        let rendered: Vec<String> = errors.iter().map(ToString::to_string).collect();
        for (prefix, fragment) in &expected {
            let found = rendered
                .iter()
                .any(|r| r.starts_with(prefix.as_str()) && contains_in_order(r, fragment));
            if !found {
                problems.push(format!(
                    "{}: expected an error `{prefix}...{fragment}...`, got:\n    {}",
                    entry.display(),
                    rendered.join("\n    ")
                ));
            }
        }
        if rendered.len() != expected.len() {
            problems.push(format!(
                "{}: expected {} error(s), got {}:\n    {}",
                entry.display(),
                expected.len(),
                rendered.len(),
                rendered.join("\n    ")
            ));
        }
    }
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

#[test]
fn errors_from_several_files_are_all_reported() {
    let errors = Catalogue::load(&[
        "tests/malformed/unknown-assertion.yaml",
        "tests/malformed/bad-square.yaml",
        "tests/malformed/does-not-exist.yaml",
    ])
    .unwrap_err();
    assert_eq!(errors.0.len(), 3, "{errors}");
    // A file that cannot be read is named alone, with the system's reason: no `:0:0`.
    assert!(
        errors.0.iter().any(|e| e
            .to_string()
            .starts_with("tests/malformed/does-not-exist.yaml: cannot read: ")),
        "{errors}"
    );
}

/// A fresh, empty folder under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!(
            "chess-conformance-loader-{}-{n}-{name}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }

    /// Writes `text` at `name` (folders made as needed) and gives its path.
    fn file(&self, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, text).unwrap();
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A valid case of `area`.
fn case(area: &str, slug: &str) -> String {
    format!(
        "  - id: {area}/{slug}\n    title: The king steps up\n    rule: 3.1\n    fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n    expect:\n      legal: [e1e2]\n"
    )
}

/// The one error of a load that must fail, with how long the load took.
fn one_error(paths: &[PathBuf]) -> (LoadError, Duration) {
    let start = Instant::now();
    let result = Catalogue::load(paths);
    let took = start.elapsed();
    match result {
        Ok(c) => panic!("{paths:?} loaded {} cases", c.len()),
        Err(errors) => {
            assert_eq!(errors.0.len(), 1, "{errors}");
            (errors.0[0].clone(), took)
        }
    }
}

/// 1 MB anchored once and aliased by 10,000 cases (a 2.3 MB file) would have serde build
/// 10 GB of titles: refused at the anchor, before serde, in a single pass.
#[test]
fn an_alias_bomb_is_refused_at_its_anchor() {
    let scratch = Scratch::new("bomb");
    let mut text = format!(
        "cases:\n  - id: attacks/c0\n    title: &t {}\n    rule: 3.1\n    fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n    expect: {{ legal: [e1e2] }}\n",
        "x".repeat(1 << 20)
    );
    for i in 1..10_000 {
        text.push_str(&format!(
            "  - id: attacks/c{i}\n    title: *t\n    rule: 3.1\n    fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n    expect: {{ legal: [e1e2] }}\n"
        ));
    }
    assert!(text.len() > 2_000_000);
    let file = scratch.file("attacks.yaml", &text);
    let (error, took) = one_error(&[file]);
    assert_eq!((error.line, error.column), (3, 12), "{error}");
    assert_eq!(error.case.as_deref(), Some("attacks/c0"));
    assert!(error.message.contains("anchor (`&t`)"), "{error}");
    assert!(took < Duration::from_secs(5), "took {took:?}");
}

/// `cases: [[[...]]]` 100,000 and 200,000 deep: libyaml's scanner takes time quadratic in the
/// depth (seconds to minutes); the walk stops at the first level past the limit.
#[test]
fn deep_nesting_is_refused_at_the_limit_at_once() {
    let scratch = Scratch::new("deep");
    for depth in [100_000, 200_000] {
        let text = format!("cases: {}{}\n", "[".repeat(depth), "]".repeat(depth));
        let file = scratch.file(&format!("deep-{depth}.yaml"), text);
        let (error, took) = one_error(&[file]);
        // The file's map is the first level, the `[` at column 8 the second.
        assert_eq!(
            (error.line, error.column),
            (1, 8 + MAX_DEPTH - 1),
            "{error}"
        );
        assert!(
            error
                .message
                .contains(&format!("more than {MAX_DEPTH} deep")),
            "{error}"
        );
        assert!(took < Duration::from_secs(1), "{depth} deep took {took:?}");
    }
}

/// A file larger than the limit is refused unread: its name and the limit, no line.
#[test]
fn a_file_over_the_size_limit_is_refused() {
    let scratch = Scratch::new("large");
    let mut text = format!("cases:\n{}", case("castling", "a"));
    text.push_str(&"#".repeat(MAX_FILE_BYTES + 1 - text.len()));
    let file = scratch.file("castling.yaml", text);
    let (error, _) = one_error(std::slice::from_ref(&file));
    assert_eq!(
        error.to_string(),
        format!(
            "{}: the file is larger than 16 MiB, the most a case file may be",
            file.display()
        )
    );
    // Just under the limit loads.
    let mut text = format!("cases:\n{}", case("castling", "a"));
    text.push_str(&"#".repeat(MAX_FILE_BYTES - text.len()));
    let file = scratch.file("castling.yaml", text);
    assert_eq!(Catalogue::load(&[file]).expect("loads").len(), 1);
}

/// Bytes that are not UTF-8 are placed: their line and column.
#[test]
fn text_that_is_not_utf8_is_placed() {
    let scratch = Scratch::new("utf8");
    let mut bytes = format!("cases:\n{}", case("castling", "a")).into_bytes();
    bytes.extend(b"  - id: \xff\n");
    let file = scratch.file("castling.yaml", bytes);
    let (error, _) = one_error(&[file]);
    assert_eq!((error.line, error.column), (8, 9), "{error}");
    assert!(error.message.contains("not UTF-8"), "{error}");
}

/// A folder that gives no case is an error saying what it holds, never a run of zero cases.
#[test]
fn a_folder_without_case_files_says_what_it_holds() {
    let empty = Scratch::new("empty");
    let (error, _) = one_error(std::slice::from_ref(&empty.0));
    assert_eq!(
        error.to_string(),
        format!(
            "{}: no case file (`*.yaml` or `*.yml`) in this folder: it is empty",
            empty.0.display()
        )
    );

    let others = Scratch::new("others");
    others.file("castling.json", "{}");
    others.file("README.md", "");
    let (error, _) = one_error(std::slice::from_ref(&others.0));
    assert!(
        error
            .message
            .ends_with("it holds only README.md, castling.json"),
        "{error}"
    );
    for n in 0..4 {
        others.file(&format!("more/{n}.txt"), "");
        others.file(&format!("notes-{n}.txt"), "");
    }
    let (error, _) = one_error(std::slice::from_ref(&others.0));
    assert!(
        error
            .message
            .ends_with("it holds only README.md, castling.json, more/, and 4 more"),
        "{error}"
    );

    let retired_only = Scratch::new("retired-only");
    retired_only.file("retired.yaml", "retired: []\n");
    let (error, _) = one_error(std::slice::from_ref(&retired_only.0));
    assert!(
        error.message.ends_with("it holds only retired.yaml"),
        "{error}"
    );
}

/// Subfolders are not read, so one holding case files is an error naming it, whether or not
/// the folder has case files of its own.
#[test]
fn case_files_in_a_subfolder_are_an_error() {
    let nested = Scratch::new("nested");
    let sub = nested.0.join("more");
    nested.file(
        "more/castling.yaml",
        format!("cases:\n{}", case("castling", "a")),
    );
    let (error, _) = one_error(std::slice::from_ref(&nested.0));
    assert_eq!(error.file, sub.display().to_string());
    assert!(
        error.message.contains("subfolders are not read")
            && error
                .message
                .contains(&format!("--cases {}", sub.display())),
        "{error}"
    );
    // With case files beside it, still an error.
    nested.file("check.yaml", format!("cases:\n{}", case("check", "a")));
    let (error, _) = one_error(std::slice::from_ref(&nested.0));
    assert_eq!(error.file, sub.display().to_string());
    // A subfolder without case files (like generated/json) is no concern.
    let plain = Scratch::new("plain");
    plain.file("check.yaml", format!("cases:\n{}", case("check", "a")));
    plain.file("json/check.json", "{}");
    assert_eq!(
        Catalogue::load(std::slice::from_ref(&plain.0))
            .expect("loads")
            .len(),
        1
    );
    // The subfolder given on its own loads.
    assert_eq!(Catalogue::load(&[sub]).expect("loads").len(), 1);
}

/// `.yml` is read as well as `.yaml`, in a folder and as a file.
#[test]
fn yml_files_are_case_files() {
    let scratch = Scratch::new("yml");
    let file = scratch.file("castling.yml", format!("cases:\n{}", case("castling", "a")));
    scratch.file("check.yaml", format!("cases:\n{}", case("check", "a")));
    assert_eq!(
        Catalogue::load(std::slice::from_ref(&scratch.0))
            .expect("loads")
            .len(),
        2
    );
    assert_eq!(Catalogue::load(&[file]).expect("loads").len(), 1);
}

/// A file loaded alone is held to the retired ids of its folder, as the folder is.
#[test]
fn a_file_alone_is_held_to_its_folders_retired_ids() {
    let file = Path::new("tests/malformed/retired-id/castling.yaml");
    let (error, _) = one_error(&[file.to_path_buf()]);
    assert_eq!(error.case.as_deref(), Some("castling/old"));
    assert!(error.message.contains("the id is retired"), "{error}");
    // A file named twice (alone and in its folder) is read once: its broken list beside it is
    // reported once, its case is not a duplicate of itself.
    let scratch = Scratch::new("retired-broken");
    let file = scratch.file(
        "castling.yaml",
        format!("cases:\n{}", case("castling", "a")),
    );
    scratch.file("retired.yaml", "retired: [{ id: castling/b }]\n");
    let (error, _) = one_error(&[scratch.0.clone(), file]);
    assert!(error.file.ends_with("retired.yaml"), "{error}");
    assert!(error.message.contains("missing field `reason`"), "{error}");
}

/// The built-in retired ids hold for every catalogue: an id the suite retired stays retired.
#[test]
fn built_in_retired_ids_hold_everywhere() {
    let retired = Catalogue::builtin().expect("loads").retired().clone();
    let (id, _) = retired.iter().next().expect("the suite has retired ids");
    let (area, slug) = id.split_once('/').unwrap();
    let scratch = Scratch::new("builtin-retired");
    let file = scratch.file(
        &format!("{area}.yaml"),
        format!("cases:\n{}", case(area, slug)),
    );
    for path in [file, scratch.0.clone()] {
        let (error, _) = one_error(&[path]);
        assert_eq!(error.case.as_deref(), Some(id.as_str()));
        assert!(error.message.contains("the id is retired"), "{error}");
    }
}

/// The one-case load used for a process per case (nextest) finds the same case, from the same
/// file and line, as the whole catalogue does, for hand-written and generated cases alike.
#[test]
fn one_case_loads_as_in_the_whole_catalogue() {
    let whole = Catalogue::builtin().expect("the shipped catalogue loads");
    let mut generated = 0;
    for (i, loaded) in whole.cases().iter().enumerate().step_by(997) {
        let one = Catalogue::builtin_case(&loaded.case.id).expect("one case loads");
        assert_eq!(one.len(), 1, "{}", loaded.case.id);
        let found = &one.cases()[0];
        assert_eq!(found.case, loaded.case, "case #{i}");
        assert_eq!((&found.file, found.line), (&loaded.file, loaded.line));
        assert_eq!(found.origin, loaded.origin);
        generated += usize::from(found.origin == chess_conformance::Origin::Generated);
    }
    assert!(generated > 0, "some generated cases were compared");
    let none = Catalogue::builtin_case("castling/no-such-case").expect("loads");
    assert!(none.is_empty());
}
