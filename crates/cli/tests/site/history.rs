//! A library's history: reports of one engine name in several versions make, on each version's
//! page, a table of areas by version and the cases whose outcome changed; the index lists the
//! library once, at its latest version. The reports are real runs relabelled as versions.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{castling_report, cli, scratch, site, text};

/// A real run of `engine` over the hand-written castling cases, as version `version` of `lib`, in `dir`.
fn version_of(engine: &str, version: &str, dir: &Path) -> (PathBuf, Value) {
    let out = cli(&[
        "run",
        "--engine",
        engine,
        "--filter",
        "castling/",
        "--generated",
        "exclude",
        "--format",
        "json",
    ]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    let mut report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    report["engine"]["name"] = Value::from("lib");
    report["engine"]["version"] = Value::from(version);
    let path = dir.join(format!("lib-{version}.json"));
    std::fs::write(&path, serde_json::to_vec(&report).unwrap()).unwrap();
    (path, report)
}

/// Each case's outcome in a report.
fn outcomes(report: &Value) -> Vec<(String, String)> {
    report["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["id"].as_str().unwrap().to_owned(),
                v["outcome"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The part of `page` from `start` to the next `end`.
fn between<'p>(page: &'p str, start: &str, end: &str) -> &'p str {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in\n{page}"));
    let len = page[from..].find(end).unwrap();
    &page[from..from + len]
}

#[test]
fn three_versions_make_a_history_in_semver_order() {
    let dir = scratch("history-reports");
    // Given out of order: 1.10.0 first, then 1.9.0 (text order would put it last), then a
    // pre-release of 1.10.0 (before 1.10.0, after 1.9.0).
    let versions = [
        version_of("reference", "1.10.0", &dir),
        version_of("mutant:castle-through-attack", "1.9.0", &dir),
        version_of("mutant:castle-into-check", "1.10.0-beta.2", &dir),
    ];
    let paths: Vec<&Path> = versions.iter().map(|(p, _)| p.as_path()).collect();
    let site_dir = site("history", &paths);
    let page = std::fs::read_to_string(site_dir.join("engines/lib-1-10-0.html")).unwrap();
    let history = between(&page, "<section id=\"history\">", "</section>");
    // The versions oldest first, as semver orders them.
    let head = between(history, "<table class=\"history\">", "</thead>");
    let at = |v: &str| {
        head.find(&format!(">{v}<"))
            .unwrap_or_else(|| panic!("{v} in {head}"))
    };
    assert!(
        at("1.9.0") < at("1.10.0-beta.2") && at("1.10.0-beta.2") < at("1.10.0"),
        "{head}"
    );
    // Each version's total is its report's: passed of those run.
    for (_, report) in &versions {
        let version = report["engine"]["version"].as_str().unwrap();
        let cell = between(
            history,
            &format!("data-area=\"\" data-version=\"{version}\">"),
            "</td>",
        );
        let expected = format!(
            "<span class=\"n pass\">{}</span> / {}",
            report["summary"]["passed"],
            outcomes(report).len()
        );
        assert!(
            cell.contains(&expected),
            "{version}: {cell} should have {expected}"
        );
    }
    // The changed cases: those whose outcome differs between consecutive versions, from the
    // reports (ordered 1.9.0, 1.10.0-beta.2, 1.10.0).
    let ordered = [&versions[1].1, &versions[2].1, &versions[0].1];
    let runs: Vec<Vec<(String, String)>> = ordered.iter().map(|r| outcomes(r)).collect();
    let of = |run: &Vec<(String, String)>, id: &str| {
        run.iter().find(|(i, _)| i == id).map(|(_, o)| o.clone())
    };
    let mut bugs = Vec::new();
    let mut skips = Vec::new();
    for (id, _) in &runs[0] {
        let path: Vec<Option<String>> = runs.iter().map(|r| of(r, id)).collect();
        let pairs: Vec<(&str, &str)> = path
            .windows(2)
            .filter_map(|w| Some((w[0].as_deref()?, w[1].as_deref()?)))
            .filter(|(a, b)| a != b)
            .collect();
        if pairs.iter().any(|(a, b)| *a != "skip" && *b != "skip") {
            bugs.push(id.clone());
        } else if !pairs.is_empty() {
            skips.push(id.clone());
        }
    }
    assert!(
        !bugs.is_empty(),
        "the mutant fails castling cases the reference passes"
    );
    let listed = |part: &str| -> Vec<String> {
        part.split("<tr data-case=\"")
            .skip(1)
            .map(|row| row[..row.find('"').unwrap()].to_owned())
            .collect()
    };
    let bug_part = if history.contains("<details>") {
        between(history, "id=\"history-bugs\"", "<details>")
    } else {
        history
    };
    assert!(bugs.len() < 300, "all listed");
    assert_eq!(listed(bug_part), bugs);
    if !skips.is_empty() {
        assert_eq!(listed(between(history, "<details>", "</details>")), skips);
    }
    // The index: the library once, at its latest version, its history one click away.
    let index = std::fs::read_to_string(site_dir.join("index.html")).unwrap();
    let engines = between(&index, "<table class=\"engines\">", "</table>");
    assert!(engines.contains(">lib 1.10.0</a>"), "{engines}");
    assert!(
        !engines.contains("1.9.0") && !engines.contains("beta"),
        "{engines}"
    );
    assert!(
        engines.contains("href=\"engines/lib-1-10-0.html#history\">history: 2 older versions"),
        "{engines}"
    );
    // An older version's page has the same history, its own column marked.
    let old = std::fs::read_to_string(site_dir.join("engines/lib-1-9-0.html")).unwrap();
    assert!(
        old.contains("<th class=\"current\"><strong>1.9.0</strong></th>"),
        "{old}"
    );
}

#[test]
fn a_library_with_one_version_has_no_history() {
    let (path, _) = castling_report();
    let dir = site("no-history", &[path]);
    let page = std::fs::read_to_string(dir.join(format!("engines/{}.html", super::SLUG))).unwrap();
    assert!(!page.contains("id=\"history\""), "{page}");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(!index.contains("older version"), "{index}");
}
