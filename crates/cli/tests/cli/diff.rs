//! `diff OLD.json NEW.json` on real runs' reports: the reference against a mutant (broken),
//! two mutants (failing differently), reports cut or edited as the core writes them (cases
//! added and removed, two catalogue versions, an interrupted run), every `--fail-on`, every
//! format, and reports that cannot be read.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use chess_conformance::{Interruption, Outcome, Report};

use super::*;

/// `run --output json=DIR/NAME.json` of `engine` over the hand-written cases of `filter`.
fn run_json(dir: &Path, name: &str, engine: &str, filter: &str) -> PathBuf {
    let path = dir.join(format!("{name}.json"));
    let json = format!("json={}", path.display());
    let out = cli(&[
        "run",
        "--engine",
        engine,
        "--filter",
        filter,
        "--generated",
        "exclude",
        "--output",
        &json,
    ]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    path
}

fn read(path: &Path) -> Report {
    Report::from_json(&std::fs::read(path).unwrap()).expect("a run's report reads")
}

/// Writes `report` to `DIR/NAME.json` as the harness writes one: its totals, areas and groups
/// those of its verdicts.
fn write(dir: &Path, name: &str, mut report: Report) -> PathBuf {
    report.summary = report.tally();
    report.areas = report.by_area().into_iter().collect();
    report.groups = report.grouped();
    let path = dir.join(format!("{name}.json"));
    std::fs::write(&path, report.to_json()).unwrap();
    path
}

fn ids(report: &Report, outcome: impl Fn(Outcome) -> bool) -> BTreeSet<String> {
    report
        .verdicts()
        .filter(|v| outcome(v.outcome))
        .map(|v| v.id.clone())
        .collect()
}

fn bad(outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Fail | Outcome::Error)
}

fn diff(args: &[&Path], more: &[&str]) -> Output {
    let mut all: Vec<&str> = vec!["diff"];
    all.extend(args.iter().map(|p| p.to_str().unwrap()));
    all.extend(more);
    cli(&all)
}

/// The ids of one change in `diff --format json`'s output.
fn listed(json: &serde_json::Value, change: &str) -> BTreeSet<String> {
    json["cases"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["change"] == change)
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_mutant_breaks_the_cases_it_fails_that_the_reference_passes() {
    let dir = scratch("diff-mutant");
    let reference = run_json(&dir, "reference", "reference", "castling/");
    let mutant = run_json(&dir, "mutant", "mutant:castle-through-attack", "castling/");
    // What broke, from the two runs themselves.
    let passed = ids(&read(&reference), |o| o == Outcome::Pass);
    let failing = ids(&read(&mutant), bad);
    let broken: BTreeSet<String> = passed.intersection(&failing).cloned().collect();
    assert!(broken.len() >= 5, "{broken:?}");

    let out = diff(&[&reference, &mutant], &[]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}{}", text(&out.stderr));
    assert!(
        report.contains(&format!(
            "{} broken, 0 failing differently, 0 fixed",
            broken.len()
        )),
        "{report}"
    );
    assert!(
        report.contains(&format!("broken ({}):", broken.len())),
        "{report}"
    );
    assert!(report.contains("mutant castle-through-attack"), "{report}");
    // An expected and an actual answer, under the id and title.
    assert!(
        report.contains("castling/crossed-f1-attacked: A rook on f4 attacks f1"),
        "{report}"
    );
    assert!(
        report.contains("    now fail: illegal: expected [e1g1], actual legal: [e1g1]"),
        "{report}"
    );
    if broken.len() > 20 {
        assert!(
            report.contains(&format!("and {} more", broken.len() - 20)),
            "{report}"
        );
    }

    let out = diff(&[&reference, &mutant], &["--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(listed(&json, "broken"), broken);
    assert_eq!(json["counts"]["broken"], broken.len());
    assert_eq!(json["compared"], read(&reference).verdicts.len());

    // The Markdown: the summary line, the table by area, the cases.
    let out = diff(
        &[&reference, &mutant],
        &["--format", "markdown", "--limit", "3"],
    );
    let markdown = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        markdown.starts_with(&format!(
            "### chess-conformance diff: {} broken\n",
            broken.len()
        )),
        "{markdown}"
    );
    let area = read(&reference).areas["castling"].passed;
    let now = read(&mutant).areas["castling"].passed;
    assert!(
        markdown.contains(&format!(
            "| castling | {area} → {now} | {} | 0 |",
            broken.len()
        )),
        "{markdown}"
    );
    assert_eq!(markdown.matches("| `castling/").count(), 3, "{markdown}");
    assert!(
        markdown.contains(&format!("and {} more", broken.len() - 3)),
        "{markdown}"
    );

    // Each --fail-on: broken (the default) and any fail, none does not.
    for (fail_on, code) in [("broken", 1), ("any", 1), ("none", 0)] {
        let out = diff(&[&reference, &mutant], &["--fail-on", fail_on]);
        assert_eq!(out.status.code(), Some(code), "{fail_on}");
    }
    // The other way round, every broken case is fixed and nothing fails.
    let out = diff(
        &[&mutant, &reference],
        &["--format", "json", "--fail-on", "any"],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(listed(&json, "fixed"), broken);
    assert_eq!(json["counts"]["broken"], 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_case_failing_differently_fails_only_with_fail_on_any() {
    let dir = scratch("diff-differently");
    let old = run_json(&dir, "rank", "mutant:san-file-for-rank", "san/");
    let new = run_json(&dir, "both", "mutant:san-file-for-both", "san/");
    // Failing both times, on other assertions: from the two runs.
    let failing_assertions = |report: &Report, id: &str| -> BTreeSet<String> {
        let v = report.verdicts().find(|v| v.id == id).unwrap();
        v.checks
            .iter()
            .filter(|c| bad(c.outcome))
            .map(|c| c.assertion.clone())
            .collect()
    };
    let (o, n) = (read(&old), read(&new));
    let both: BTreeSet<String> = ids(&o, bad).intersection(&ids(&n, bad)).cloned().collect();
    let differently: BTreeSet<String> = both
        .into_iter()
        .filter(|id| failing_assertions(&o, id) != failing_assertions(&n, id))
        .collect();
    assert!(!differently.is_empty());
    let out = diff(&[&old, &new], &["--format", "json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "nothing broke: {}",
        text(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["counts"]["broken"], 0);
    assert!(differently.is_subset(&listed(&json, "failing_differently")));
    // The account on stderr, stdout kept for the JSON.
    assert!(text(&out.stderr).contains("failing differently"));
    let out = diff(&[&old, &new], &["--fail-on", "any"]);
    assert_eq!(out.status.code(), Some(1));
    let report = text(&out.stdout);
    let id = differently.iter().next().unwrap();
    assert!(
        report.contains(&format!(
            "failing differently ({}):",
            json["counts"]["failing_differently"]
        )),
        "{report}"
    );
    assert!(report.contains(&format!("  {id}: ")), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cases_added_and_removed_and_two_catalogue_versions() {
    let dir = scratch("diff-catalogues");
    let whole = read(&run_json(&dir, "whole", "reference", "en-passant/"));
    let n = whole.verdicts.len();
    assert!(n > 4);
    // OLD lacks the first case, NEW the last two: one added, two removed.
    let mut old = whole.clone();
    old.verdicts.remove(0);
    let mut new = whole.clone();
    new.verdicts.truncate(n - 2);
    let (added, removed) = (
        &whole.verdicts[0].verdict.id,
        &whole.verdicts[n - 1].verdict.id,
    );
    let old_path = write(&dir, "old", old.clone());
    let new_path = write(&dir, "new", new.clone());
    let out = diff(&[&old_path, &new_path], &[]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert!(report.contains("1 added, 2 removed"), "{report}");
    assert!(
        report.contains(&format!("added (1):\n  {added}: ")),
        "{report}"
    );
    assert!(report.contains(&format!("  {removed}: ")), "{report}");
    assert!(!report.contains("note:"), "one catalogue: {report}");
    // --fail-on any: a case added that passes is no failure.
    assert_eq!(
        diff(&[&old_path, &new_path], &["--fail-on", "any"])
            .status
            .code(),
        Some(0)
    );

    // The same with catalogue versions 1.0.0 and 1.1.0: compared on what both have, said so.
    old.catalogue_version = Some("1.0.0".into());
    new.catalogue_version = Some("1.1.0".into());
    let old_path = write(&dir, "old-1.0.0", old);
    let new_path = write(&dir, "new-1.1.0", new);
    let shared = n - 3;
    for format in ["text", "markdown"] {
        let out = diff(&[&old_path, &new_path], &["--format", format]);
        let report = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{report}");
        assert!(
            report.contains(&format!(
                "the reports are of different catalogues (OLD: catalogue 1.0.0, NEW: catalogue \
                 1.1.0): compared on the {shared} cases both have; 2 only in OLD (removed), 1 \
                 only in NEW (added)"
            )),
            "{format}: {report}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_report_is_compared_on_the_cases_it_ran_with_a_note() {
    let dir = scratch("diff-interrupted");
    let whole_path = run_json(&dir, "whole", "mutant:ep-one-move-late", "en-passant/");
    let whole = read(&whole_path);
    let reference = read(&run_json(&dir, "reference", "reference", "en-passant/"));
    // The reference stopped after 8 cases, as an interrupted run's report says it: between
    // the mutant's two failures (the 8th and 9th cases).
    const RUN: usize = 8;
    let mut cut = reference.clone();
    let not_run: Vec<String> = cut.verdicts.drain(RUN..).map(|v| v.verdict.id).collect();
    let total = RUN + not_run.len();
    cut.interrupted = Some(Interruption {
        signal: "SIGINT".into(),
        cases_run: RUN,
        not_run: not_run.clone(),
    });
    let cut_path = write(&dir, "cut", cut.clone());
    let out = diff(&[&cut_path, &whole_path], &["--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["compared"], RUN);
    assert_eq!(json["not_reached"], total - RUN);
    assert_eq!(
        json["counts"]["added"], 0,
        "what it did not reach is not added"
    );
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "note: OLD ({}) was interrupted by SIGINT after {RUN} of {total} cases: compared on the \
             cases it ran",
            cut_path.display()
        )),
        "{stderr}"
    );
    // Broken: what the mutant fails of the cases run that the reference passed; a failure of a
    // case not run is not listed.
    let run: BTreeSet<String> = ids(&cut, |o| o == Outcome::Pass);
    let failing = ids(&whole, bad);
    let broken: BTreeSet<String> = run.intersection(&failing).cloned().collect();
    assert!(
        !broken.is_empty() && failing.iter().any(|id| not_run.contains(id)),
        "{failing:?}"
    );
    assert_eq!(listed(&json, "broken"), broken);
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_report_from_one_diff_and_the_mistakes_refused() {
    let dir = scratch("diff-outputs");
    let old = run_json(&dir, "reference", "reference", "promotion/");
    let new = run_json(&dir, "mutant", "mutant:no-knight-promotion", "promotion/");
    let path = |name: &str| dir.join(name);
    let (md, js) = (path("diff.md"), path("diff.json"));
    let out = diff(
        &[&old, &new],
        &[
            "--output",
            &format!("markdown={}", md.display()),
            "--output",
            &format!("json={}", js.display()),
            "--output",
            "text=-",
        ],
    );
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let markdown = std::fs::read_to_string(&md).unwrap();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&js).unwrap()).unwrap();
    let broken = json["counts"]["broken"].as_u64().unwrap();
    assert!(broken > 0);
    assert!(stdout.contains(&format!("broken ({broken}):")), "{stdout}");
    assert!(
        markdown.contains(&format!("#### Broken ({broken})"))
            || markdown.contains(&format!("<summary>Broken ({broken})</summary>")),
        "{markdown}"
    );
    // Each the same as --format prints it.
    assert_eq!(
        markdown,
        text(&diff(&[&old, &new], &["--format", "markdown"]).stdout)
    );

    // Usage: two to standard output, an unknown format, a report written over an input.
    for (args, said) in [
        (
            vec!["--output", "text=-", "--format", "json"],
            "two reports to standard output",
        ),
        (vec!["--format", "html"], "invalid value 'html'"),
        (vec!["--output", "yaml=x.yaml"], "unknown format `yaml`"),
        (vec!["--fail-on", "some"], "invalid value 'some'"),
    ] {
        let out = diff(&[&old, &new], &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            text(&out.stderr).contains(said),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    let over = format!("json={}", new.display());
    let before = std::fs::read(&new).unwrap();
    let out = diff(&[&old, &new], &["--output", &over]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("it is a report the diff reads"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read(&new).unwrap(), before, "NEW is as it was");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_report_that_cannot_be_read_is_named_with_exit_2() {
    let dir = scratch("diff-bad");
    let good = run_json(&dir, "good", "reference", "check/");
    let json = std::fs::read_to_string(&good).unwrap();
    let file = |name: &str, contents: &str| {
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        path
    };
    let cut = file("cut.json", &json[..json.len() / 2]);
    let garbage = file("garbage.json", "not json at all");
    let edited = file(
        "edited.json",
        &json.replacen("\"passed\": ", "\"passed\": 1", 1),
    );
    let baseline = file(
        "baseline.json",
        "{\"engine\": \"x\", \"known_failures\": []}",
    );
    let missing = dir.join("missing.json");
    for (path, said) in [
        (&cut, "not a run report"),
        (&garbage, "garbage.json:1:2: not a run report"),
        (&edited, "its summary"),
        (&baseline, "not a run report"),
        (&missing, "cannot read"),
        (&dir, "cannot read"),
    ] {
        for (old, new) in [(&good, path), (path, &good)] {
            let out = diff(&[old, new], &[]);
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{}: {stderr}", path.display());
            assert!(
                stderr.starts_with(&format!("{}", path.display())) && stderr.contains(said),
                "{}: {stderr}",
                path.display()
            );
            assert!(out.stdout.is_empty());
        }
    }
    let out = diff(&[&good], &[]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The README's sample ("Reading a diff") is what the command prints, the catalogue's version
/// aside (a report says it once the catalogue has one).
#[test]
fn the_readmes_sample_is_what_diff_prints() {
    const COMMAND: &str = "$ chess-conformance diff before.json after.json --limit 1\n";
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    let start = readme.find(COMMAND).expect("the README shows a diff") + COMMAND.len();
    let sample = &readme[start..start + readme[start..].find("```").unwrap()];
    let dir = scratch("diff-readme");
    run_json(&dir, "before", "reference", "promotion/");
    run_json(&dir, "after", "mutant:no-knight-promotion", "promotion/");
    let out = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(["diff", "before.json", "after.json", "--limit", "1"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    // `, catalogue 1.0.0, ` or `, catalogue version unknown, `: the version's words.
    let versionless = |text: &str| -> String {
        text.lines()
            .map(|line| match line.split_once(", catalogue ") {
                Some((head, tail)) => {
                    let rest = tail.split_once(", ").map_or("", |(_, rest)| rest);
                    format!("{head}, catalogue V, {rest}\n")
                }
                None => format!("{line}\n"),
            })
            .collect()
    };
    assert_eq!(versionless(&text(&out.stdout)), versionless(sample));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A catalogue upgrade (1.0.0 → 2.0.0) that extended one case's expectation, the reference
/// passing it both times: the diff lists it with its verdicts, counts it, and fails on it under
/// no `--fail-on`; the report's content id is the one `cases/catalogue.lock` records. A report
/// without content ids (written before they were carried) gets a note, not a silent 0.
#[test]
fn a_catalogue_upgrade_that_changed_an_expectation_lists_the_case() {
    let dir = scratch("diff-expectation");
    // `castling/bare-both-sides-legal` as the catalogue has it now, and at 1.0.0 with one
    // castling fewer expected; its black twin the same in both.
    let folder = |version: &str, legal: &str| -> String {
        let cases = dir.join(version);
        std::fs::create_dir_all(&cases).unwrap();
        std::fs::write(cases.join("VERSION"), format!("{version}\n")).unwrap();
        std::fs::write(
            cases.join("castling.yaml"),
            format!(
                "cases:\n\
                 \x20 - id: castling/bare-both-sides-legal\n\
                 \x20   title: Both castlings legal\n\
                 \x20   rule: \"3.8.2\"\n\
                 \x20   fen: 4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1\n\
                 \x20   expect:\n\
                 \x20     legal: {legal}\n\
                 \x20     move_count: 26\n\
                 \x20 - id: castling/bare-both-sides-legal-black\n\
                 \x20   title: Both castlings legal, black\n\
                 \x20   rule: \"3.8.2\"\n\
                 \x20   fen: r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1\n\
                 \x20   expect:\n\
                 \x20     legal: [e8g8, e8c8]\n\
                 \x20     move_count: 26\n"
            ),
        )
        .unwrap();
        cases.to_str().unwrap().to_owned()
    };
    let mut reports = Vec::new();
    for (version, legal) in [("1.0.0", "[e1g1]"), ("2.0.0", "[e1g1, e1c1]")] {
        let cases = folder(version, legal);
        let path = dir.join(format!("{version}.json"));
        let out = cli(&[
            "run",
            "--cases",
            &cases,
            "--output",
            &format!("json={}", path.display()),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        reports.push(path);
    }
    let (old, new) = (&reports[0], &reports[1]);
    // The content id of the case as the catalogue has it now: the lock's.
    let lock = std::fs::read_to_string(format!("{ROOT}/cases/catalogue.lock")).unwrap();
    let locked = lock
        .lines()
        .find_map(|l| l.strip_prefix("case castling/bare-both-sides-legal "))
        .and_then(|rest| rest.split(' ').next())
        .expect("the lock records the case");
    let content = |path: &Path, id: &str| -> Option<String> {
        read(path)
            .verdicts
            .iter()
            .find(|l| l.verdict.id == id)
            .and_then(|l| l.content_id.clone())
    };
    assert_eq!(
        content(new, "castling/bare-both-sides-legal").as_deref(),
        Some(locked)
    );
    assert_ne!(
        content(old, "castling/bare-both-sides-legal"),
        content(new, "castling/bare-both-sides-legal")
    );

    for fail_on in ["broken", "any"] {
        let out = diff(&[old, new], &["--format", "markdown", "--fail-on", fail_on]);
        let markdown = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "--fail-on {fail_on}: {markdown}"
        );
        assert!(
            markdown.starts_with("### chess-conformance diff: 1 expectation changed\n"),
            "{markdown}"
        );
        assert!(
            markdown.contains(
                "0 skips changed, 1 expectation changed, 0 added, 0 removed; 1 of 2 cases \
                 compared unchanged."
            ),
            "{markdown}"
        );
        assert!(
            markdown.contains(
                "#### Expectation changed (1)\n\n| case | title | was | now |\n|---|---|---|---|\n\
                 | `castling/bare-both-sides-legal` | Both castlings legal | pass | pass |\n"
            ),
            "{markdown}"
        );
        assert!(!markdown.contains("legal-black`"), "{markdown}");
    }
    let out = diff(&[old, new], &["--format", "json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["counts"]["expectation_changed"], 1);
    assert_eq!(
        listed(&json, "expectation_changed"),
        BTreeSet::from(["castling/bare-both-sides-legal".to_owned()])
    );

    // The old report as a version before content ids wrote it: read, and the diff says it
    // cannot see expectations.
    let mut written_before = read(old);
    for line in &mut written_before.verdicts {
        line.content_id = None;
    }
    let json = written_before.to_json();
    assert!(!json.contains("content_id"), "{json}");
    let before = dir.join("before-ids.json");
    std::fs::write(&before, json).unwrap();
    let out = diff(&[&before, new], &[]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{report}");
    assert_eq!(report.matches("cannot be seen").count(), 1, "{report}");
    assert!(
        report.contains(&format!(
            "note: OLD ({}) carries no content id for 2 of the 2 cases compared",
            before.display()
        )),
        "{report}"
    );
    assert!(
        report.contains("0 skips changed, expectation changes not seen, 0 added"),
        "{report}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
