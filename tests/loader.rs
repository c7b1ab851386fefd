//! The loader against a folder of malformed case files (`tests/malformed/`).
//!
//! Each file there is broken in one way and says, in `# expect:` lines at its top, the error it
//! must produce: `LINE:COLUMN: text`, where the text is part of the message (` ... ` stands for
//! any text in between). A folder holds a
//! multi-file catalogue (duplicate ids across files, a retired id) and says its errors, whole, in
//! an `EXPECT` file. Every expected error must appear, and no other.

use std::fs;
use std::path::{Path, PathBuf};

use chess_conformance::Catalogue;

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
    assert!(
        errors
            .0
            .iter()
            .any(|e| e.to_string().contains("cannot read")),
        "{errors}"
    );
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
