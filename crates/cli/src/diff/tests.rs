//! The comparison on reports made for it, one case per way a verdict can change, and what the
//! text and Markdown make of it.

use std::collections::BTreeMap;

use chess_conformance::{Check, Interruption, Outcome, Report, Tally, Verdict};
use serde_json::json;

use super::compare::{Change, Diff, compare};
use super::render;

/// A position where white may castle both ways and promote on b8: what a refused move is read
/// in.
const FEN: &str = "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1";

fn check(assertion: &str, outcome: Outcome, actual: &str, reason: Option<&str>) -> Check {
    Check {
        assertion: assertion.into(),
        expected: "[e1g1, e1c1]".into(),
        actual: actual.into(),
        outcome,
        reason: reason.map(str::to_owned),
    }
}

fn pass(assertion: &str) -> Check {
    check(assertion, Outcome::Pass, "all legal", None)
}

fn fail(assertion: &str, actual: &str) -> Check {
    check(assertion, Outcome::Fail, actual, None)
}

fn error(assertion: &str, reason: &str) -> Check {
    check(assertion, Outcome::Error, "", Some(reason))
}

fn skip(assertion: &str, reason: &str) -> Check {
    check(assertion, Outcome::Skip, "", Some(reason))
}

/// A case: its id (its area before the `/`) and its checks.
fn case(id: &str, checks: Vec<Check>) -> Verdict {
    let area = id.split_once('/').map_or(id, |(a, _)| a);
    Verdict::of(id.into(), area.into(), checks)
}

/// A report of `verdicts`, as `run --format json` writes one and the core reads it back
/// (through the JSON, so that what `diff` reads is a report `Report::from_json` accepts).
fn report(
    verdicts: &[Verdict],
    version: Option<&str>,
    interrupted: Option<Interruption>,
) -> Report {
    let mut areas: BTreeMap<&str, Tally> = BTreeMap::new();
    for v in verdicts {
        areas.entry(&v.area).or_default().count(v);
    }
    let lines: Vec<serde_json::Value> = verdicts
        .iter()
        .map(|v| {
            let mut line = serde_json::to_value(v).unwrap();
            line["title"] = json!(format!("the title of {}", v.id));
            line["rule"] = json!("3.8.2");
            line["file"] = json!("cases/made.yaml");
            line["line"] = json!(1);
            line["fen"] = json!(FEN);
            // The same content in every report, unless a test gives it another
            // ([`with_content`]).
            line["content_id"] = json!(format!("content of {}", v.id));
            line
        })
        .collect();
    let mut value = json!({
        "engine": { "name": "made", "version": "1" },
        "summary": Tally::of(verdicts),
        "areas": areas,
        "verdicts": lines,
    });
    if let Some(version) = version {
        value["catalogue_version"] = json!(version);
    }
    if let Some(interrupted) = interrupted {
        value["interrupted"] = serde_json::to_value(interrupted).unwrap();
    }
    Report::from_json(value.to_string().as_bytes()).expect("a report reads")
}

/// `report` with case `id`'s content id `content` (`None`: none, as a report written before
/// they were carried).
fn with_content(mut report: Report, id: &str, content: Option<&str>) -> Report {
    let line = report
        .verdicts
        .iter_mut()
        .find(|l| l.verdict.id == id)
        .expect("the case is in the report");
    line.content_id = content.map(str::to_owned);
    report
}

fn diff_of(old: &[Verdict], new: &[Verdict]) -> Diff {
    compare(
        "old.json",
        &report(old, None, None),
        "new.json",
        &report(new, None, None),
    )
}

/// Each case's change, by id.
fn changes(diff: &Diff) -> BTreeMap<&str, Change> {
    diff.cases
        .iter()
        .map(|c| (c.id.as_str(), c.change))
        .collect()
}

/// A case's checks in the older report, in the newer (`None`: it has none), and its change.
type Way = (
    &'static str,
    Option<Vec<Check>>,
    Option<Vec<Check>>,
    Option<Change>,
);

/// The older report's verdicts, the newer's, and each case's expected change.
type Ways = (
    Vec<Verdict>,
    Vec<Verdict>,
    Vec<(&'static str, Option<Change>)>,
);

/// One pair of verdicts per way a case can change, and some that did not.
fn every_way() -> Ways {
    use Change::*;
    let refused_o_o = || fail("legal", "not legal: [e1g1]");
    let rows: Vec<Way> = vec![
        (
            "a/fixed",
            Some(vec![refused_o_o()]),
            Some(vec![pass("legal")]),
            Some(Fixed),
        ),
        (
            "a/fixed-error",
            Some(vec![error("legal", "crashed")]),
            Some(vec![pass("legal")]),
            Some(Fixed),
        ),
        (
            "a/broken",
            Some(vec![pass("legal")]),
            Some(vec![refused_o_o()]),
            Some(Broken),
        ),
        (
            "a/broken-error",
            Some(vec![pass("legal")]),
            Some(vec![error("legal", "crashed")]),
            Some(Broken),
        ),
        (
            "a/same-failure",
            Some(vec![refused_o_o()]),
            Some(vec![refused_o_o()]),
            None,
        ),
        // The same cause: the numbers of an error's message are masked.
        (
            "a/same-error",
            Some(vec![error("legal", "legal: no answer within 10s")]),
            Some(vec![error("legal", "legal: no answer within 12s")]),
            None,
        ),
        (
            "a/another-assertion",
            Some(vec![refused_o_o(), pass("san e1g1")]),
            Some(vec![pass("legal"), fail("san e1g1", "Kg1")]),
            Some(FailingDifferently),
        ),
        (
            "a/one-more-assertion",
            Some(vec![refused_o_o(), pass("san e1g1")]),
            Some(vec![refused_o_o(), fail("san e1g1", "Kg1")]),
            Some(FailingDifferently),
        ),
        (
            "a/fail-then-error",
            Some(vec![refused_o_o()]),
            Some(vec![error("legal", "crashed")]),
            Some(FailingDifferently),
        ),
        // The same assertion fails, for another cause: an under-promotion refused, not O-O.
        (
            "a/another-cause",
            Some(vec![refused_o_o()]),
            Some(vec![fail("legal", "not legal: [b7b8n]")]),
            Some(FailingDifferently),
        ),
        (
            "a/skip-then-pass",
            Some(vec![skip("legal", "no legal")]),
            Some(vec![pass("legal")]),
            Some(SkipsChanged),
        ),
        (
            "a/skip-then-fail",
            Some(vec![skip("legal", "no legal")]),
            Some(vec![refused_o_o()]),
            Some(SkipsChanged),
        ),
        (
            "a/pass-then-skip",
            Some(vec![pass("legal")]),
            Some(vec![skip("legal", "no legal")]),
            Some(SkipsChanged),
        ),
        (
            "a/same-skip",
            Some(vec![skip("legal", "no legal")]),
            Some(vec![skip("legal", "no legal")]),
            None,
        ),
        (
            "a/skip-reason",
            Some(vec![skip("legal", "no legal")]),
            Some(vec![skip("legal", "a limit")]),
            Some(SkipsChanged),
        ),
        (
            "a/partly-skipped",
            Some(vec![pass("legal"), skip("san e1g1", "no san")]),
            Some(vec![pass("legal"), pass("san e1g1")]),
            Some(SkipsChanged),
        ),
        (
            "a/failing-partly-skipped",
            Some(vec![refused_o_o(), pass("san e1g1")]),
            Some(vec![refused_o_o(), skip("san e1g1", "no san")]),
            Some(SkipsChanged),
        ),
        ("a/removed", Some(vec![pass("legal")]), None, Some(Removed)),
        ("b/added-pass", None, Some(vec![pass("legal")]), Some(Added)),
        ("b/added-fail", None, Some(vec![refused_o_o()]), Some(Added)),
        (
            "b/unchanged",
            Some(vec![pass("legal")]),
            Some(vec![pass("legal")]),
            None,
        ),
    ];
    let mut old = Vec::new();
    let mut new = Vec::new();
    let mut expected = Vec::new();
    for (id, o, n, change) in rows {
        if let Some(checks) = o {
            old.push(case(id, checks));
        }
        if let Some(checks) = n {
            new.push(case(id, checks));
        }
        expected.push((id, change));
    }
    (old, new, expected)
}

#[test]
fn each_way_a_verdict_can_change_is_told_and_the_rest_is_unchanged() {
    let (old, new, expected) = every_way();
    let diff = diff_of(&old, &new);
    let found = changes(&diff);
    for (id, change) in &expected {
        assert_eq!(found.get(id), change.as_ref(), "{id}");
    }
    let changed = expected.iter().filter(|(_, c)| c.is_some()).count();
    assert_eq!(diff.cases.len(), changed);
    // Compared: every case both have; unchanged: those of them with no change.
    let both = expected.len() - 3;
    assert_eq!(diff.compared, both);
    assert_eq!(diff.unchanged, both - (changed - 3));
    let count = |c: Change| expected.iter().filter(|(_, e)| *e == Some(c)).count();
    for c in Change::ALL {
        assert_eq!(diff.counts.get(c), count(c), "{}", c.name());
    }
    assert!(diff.notes.is_empty(), "{:?}", diff.notes);
}

#[test]
fn cases_are_listed_by_change_then_in_catalogue_order() {
    let (old, new, _) = every_way();
    let diff = diff_of(&old, &new);
    let order: Vec<(Change, &str)> = diff
        .cases
        .iter()
        .map(|c| (c.change, c.id.as_str()))
        .collect();
    let position = |id: &str| new.iter().chain(&old).position(|v| v.id == id).unwrap();
    for pair in order.windows(2) {
        let ((a, x), (b, y)) = (pair[0], pair[1]);
        assert!(a < b || (a == b && position(x) < position(y)), "{order:?}");
    }
    assert_eq!(order[0].0, Change::Broken);
    assert_eq!(order.last().unwrap(), &(Change::Removed, "a/removed"));
}

#[test]
fn newly_failing_is_what_got_worse() {
    let (old, new, _) = every_way();
    let diff = diff_of(&old, &new);
    let worse: Vec<&str> = diff
        .cases
        .iter()
        .filter(|c| c.newly_failing())
        .map(|c| c.id.as_str())
        .collect();
    let mut worse = worse;
    worse.sort_unstable();
    assert_eq!(
        worse,
        [
            "a/another-assertion",
            "a/another-cause",
            "a/broken",
            "a/broken-error",
            "a/fail-then-error",
            "a/one-more-assertion",
            "a/skip-then-fail",
            "b/added-fail",
        ]
    );
    assert_eq!(diff.newly_failing(), worse.len());
}

#[test]
fn a_case_failing_differently_shows_what_differs() {
    let (old, new, _) = every_way();
    let diff = diff_of(&old, &new);
    let get = |id: &str| diff.cases.iter().find(|c| c.id == id).unwrap();
    // The same first failure: the new one is what is told.
    let more = get("a/one-more-assertion");
    let now = more.new.as_ref().unwrap();
    assert_eq!(
        now.what.as_deref(),
        Some("san e1g1: expected [e1g1, e1c1], actual Kg1")
    );
    // Each side's cause is its group's label.
    let cause = get("a/another-cause");
    let was = cause.old.as_ref().unwrap().cause.as_deref().unwrap();
    let now = cause.new.as_ref().unwrap().cause.as_deref().unwrap();
    assert_eq!(was, "legal moves refused: castling");
    assert_eq!(now, "legal moves refused: an under-promotion");
    // A broken case: nothing to say of its pass, the failure of its fail.
    let broken = get("a/broken-error");
    assert_eq!(broken.old.as_ref().unwrap().what, None);
    assert_eq!(
        broken.new.as_ref().unwrap().what.as_deref(),
        Some("legal: crashed")
    );
    // A pass whose skips changed says which.
    let partly = get("a/partly-skipped");
    assert_eq!(
        partly.old.as_ref().unwrap().what.as_deref(),
        Some("skipped: san e1g1 (no san)")
    );
    assert_eq!(
        partly.new.as_ref().unwrap().what.as_deref(),
        Some("nothing skipped")
    );
}

#[test]
fn areas_with_a_change_are_counted() {
    let (old, new, _) = every_way();
    let diff = diff_of(&old, &new);
    let a = diff.areas.iter().find(|r| r.area == "a").unwrap();
    let passed = |vs: &[Verdict]| {
        vs.iter()
            .filter(|v| v.area == "a" && v.outcome == Outcome::Pass)
            .count()
    };
    assert_eq!((a.old_passed, a.new_passed), (passed(&old), passed(&new)));
    assert_eq!(a.counts.broken, 2);
    assert_eq!(a.counts.removed, 1);
    let b = diff.areas.iter().find(|r| r.area == "b").unwrap();
    assert_eq!((b.counts.added, b.old_cases, b.new_cases), (2, 1, 3));
    // An area where nothing changed has no row.
    let same = [case("c/one", vec![pass("legal")])];
    let diff = diff_of(&same, &same);
    assert!(diff.areas.is_empty() && diff.cases.is_empty() && diff.counts.is_empty());
    assert_eq!(diff.unchanged, 1);
}

#[test]
fn reports_of_two_catalogue_versions_are_compared_on_the_cases_both_have_and_say_so() {
    let old = [
        case("a/kept", vec![pass("legal")]),
        case("a/retired", vec![pass("legal")]),
    ];
    let new = [
        case("a/kept", vec![fail("legal", "not legal: [e1g1]")]),
        case("a/new-1", vec![pass("legal")]),
        case("a/new-2", vec![pass("legal")]),
    ];
    for (o, n, said) in [
        (
            Some("1.0.0"),
            Some("1.1.0"),
            "OLD: catalogue 1.0.0, NEW: catalogue 1.1.0",
        ),
        (
            None,
            Some("1.1.0"),
            "OLD: catalogue version unknown, NEW: catalogue 1.1.0",
        ),
    ] {
        let diff = compare("o", &report(&old, o, None), "n", &report(&new, n, None));
        assert_eq!(diff.compared, 1);
        assert_eq!(
            (diff.counts.broken, diff.counts.added, diff.counts.removed),
            (1, 2, 1)
        );
        assert_eq!(diff.notes.len(), 1, "{:?}", diff.notes);
        let note = &diff.notes[0];
        assert!(note.contains(said), "{note}");
        assert!(note.contains("compared on the 1 case both have"), "{note}");
        assert!(
            note.contains("1 only in OLD (removed), 2 only in NEW (added)"),
            "{note}"
        );
    }
    let same = compare(
        "o",
        &report(&old, Some("1.0.0"), None),
        "n",
        &report(&new, Some("1.0.0"), None),
    );
    assert!(same.notes.is_empty(), "{:?}", same.notes);
}

#[test]
fn an_interrupted_report_is_compared_on_the_cases_it_ran() {
    let all = [
        case("a/1", vec![pass("legal")]),
        case("a/2", vec![pass("legal")]),
        case("a/3", vec![pass("legal")]),
    ];
    let stopped = |not_run: &[&str]| Interruption {
        signal: "SIGINT".into(),
        cases_run: 3 - not_run.len(),
        not_run: not_run.iter().map(|s| (*s).to_owned()).collect(),
    };
    let cut = report(&all[..1], None, Some(stopped(&["a/2", "a/3"])));
    let whole = report(&all, None, None);
    for (old, new, which) in [(&cut, &whole, "OLD"), (&whole, &cut, "NEW")] {
        let diff = compare("o.json", old, "n.json", new);
        assert!(diff.cases.is_empty(), "{which}: {:?}", diff.cases);
        assert_eq!((diff.compared, diff.not_reached), (1, 2));
        let notes = diff.notes.join("\n");
        assert!(
            notes.contains(
                "was interrupted by SIGINT after 1 of 3 cases: compared on the cases it ran"
            ),
            "{notes}"
        );
        assert!(notes.contains(which), "{notes}");
        assert!(
            notes.contains("2 cases one report has and the other, interrupted, did not reach"),
            "{notes}"
        );
    }
    // A case the interrupted run never meant to run is still added or removed.
    let more = [
        case("a/1", vec![pass("legal")]),
        case("z/9", vec![pass("legal")]),
    ];
    let diff = compare("o", &cut, "n", &report(&more, None, None));
    assert_eq!(changes(&diff), BTreeMap::from([("z/9", Change::Added)]));
}

#[test]
fn a_changed_expectation_is_listed_whether_or_not_its_verdict_changed() {
    let old = [
        case("a/same", vec![pass("legal")]),
        case("a/plain", vec![pass("legal")]),
        case("b/broke", vec![pass("legal")]),
    ];
    let new = [
        case("a/same", vec![pass("legal")]),
        case("a/plain", vec![pass("legal")]),
        case("b/broke", vec![fail("legal", "not legal: [e1g1]")]),
    ];
    let changed = |r: Report| {
        let r = with_content(r, "a/same", Some("extended"));
        with_content(r, "b/broke", Some("stricter"))
    };
    let diff = compare(
        "o.json",
        &report(&old, Some("1.0.0"), None),
        "n.json",
        &changed(report(&new, Some("2.0.0"), None)),
    );
    assert_eq!(
        changes(&diff),
        BTreeMap::from([
            ("a/same", Change::ExpectationChanged),
            ("b/broke", Change::Broken),
        ])
    );
    assert!(diff.expectations_seen);
    assert!(diff.cases.iter().all(|c| c.expectation_changed));
    assert_eq!(
        (diff.counts.expectation_changed, diff.counts.broken),
        (2, 1)
    );
    assert_eq!((diff.compared, diff.unchanged), (3, 1));
    // Listed under its heading, both, in the catalogue's order; the broken one also as broken.
    let listed: Vec<&str> = diff
        .of(Change::ExpectationChanged)
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(listed, ["a/same", "b/broke"]);
    let per_area: Vec<(&str, usize)> = diff
        .areas
        .iter()
        .map(|a| (a.area.as_str(), a.counts.expectation_changed))
        .collect();
    assert_eq!(per_area, [("a", 1), ("b", 1)]);
    // The catalogue changed, not the engine: only the break fails.
    let worse: Vec<&str> = diff
        .cases
        .iter()
        .filter(|c| c.newly_failing())
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(worse, ["b/broke"]);
    assert!(
        diff.counts_line()
            .contains("1 broken, 0 failing differently, 0 fixed, 0 skips changed, 2 expectation changed, 0 added"),
        "{}",
        diff.counts_line()
    );

    let text = render::text(&diff, 20);
    assert!(
        text.contains(
            "expectation changed (2):\n  a/same: the title of a/same\n    was pass\n    now pass\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("broken (1):\n  b/broke: the title of b/broke (its expectation changed)\n"),
        "{text}"
    );
    let markdown = render::markdown(&diff, 20);
    assert!(
        markdown.starts_with("### chess-conformance diff: 1 broken, 2 expectation changed\n"),
        "{markdown}"
    );
    assert!(
        markdown.contains(
            "#### Expectation changed (2)\n\n| case | title | was | now |\n|---|---|---|---|\n\
             | `a/same` | the title of a/same | pass | pass |\n"
        ),
        "{markdown}"
    );
    let json: serde_json::Value = serde_json::from_str(&render::json(&diff)).unwrap();
    assert_eq!(json["counts"]["expectation_changed"], 2);
    assert_eq!(json["expectations_seen"], true);
    let same = &json["cases"].as_array().unwrap()[1];
    assert_eq!(
        (&same["id"], &same["change"], &same["expectation_changed"]),
        (
            &json!("a/same"),
            &json!("expectation_changed"),
            &json!(true)
        )
    );

    // The same content: nothing to say.
    let diff = diff_of(&old[..2], &new[..2]);
    assert!(diff.cases.is_empty() && diff.notes.is_empty(), "{diff:?}");
    assert_eq!(diff.unchanged, 2);
}

#[test]
fn a_report_without_content_ids_says_expectation_changes_cannot_be_seen() {
    let old = [
        case("a/x", vec![pass("legal")]),
        case("a/y", vec![pass("legal")]),
    ];
    let new = [
        case("a/x", vec![pass("legal")]),
        case("a/y", vec![fail("legal", "not legal: [e1g1]")]),
    ];
    let written_before = |r: Report| {
        let r = with_content(r, "a/x", None);
        with_content(r, "a/y", None)
    };
    for (old_without, which) in [(true, "OLD (o.json)"), (false, "NEW (n.json)")] {
        let mut old_report = report(&old, None, None);
        // An expectation changed, which a report without ids cannot show.
        let mut new_report = with_content(report(&new, None, None), "a/x", Some("extended"));
        if old_without {
            old_report = written_before(old_report);
        } else {
            new_report = written_before(new_report);
        }
        let diff = compare("o.json", &old_report, "n.json", &new_report);
        assert!(!diff.expectations_seen);
        assert_eq!(diff.counts.expectation_changed, 0);
        assert!(diff.cases.iter().all(|c| !c.expectation_changed));
        let notes = diff.notes.join("\n");
        assert_eq!(diff.notes.len(), 1, "said once: {notes}");
        assert!(
            notes.starts_with(&format!(
                "{which} carries no content id for 2 of the 2 cases compared"
            )) && notes.ends_with("whether their expectations changed cannot be seen"),
            "{notes}"
        );
        // Not a silent 0: the count says it was not seen.
        let line = diff.counts_line();
        assert!(
            line.contains("0 skips changed, expectation changes not seen, 0 added"),
            "{line}"
        );
        assert!(!line.contains("0 expectation changed"), "{line}");
        let markdown = render::markdown(&diff, 20);
        assert!(
            markdown.contains("| a | 2 → 1 | 1 | 0 | 0 | 0 | ? | 0 | 0 |"),
            "{markdown}"
        );
        let text = render::text(&diff, 20);
        assert!(
            text.contains("note: ") && text.contains("cannot be seen"),
            "{text}"
        );
    }
}

#[test]
fn a_long_list_of_changed_expectations_folds_in_markdown() {
    let verdicts: Vec<Verdict> = (0..12)
        .map(|i| case(&format!("a/{i:02}"), vec![pass("legal")]))
        .collect();
    let mut new = report(&verdicts, None, None);
    for line in &mut new.verdicts {
        line.content_id = Some(format!("another content of {}", line.verdict.id));
    }
    let diff = compare("o", &report(&verdicts, None, None), "n", &new);
    assert_eq!(diff.counts.expectation_changed, 12);
    let markdown = render::markdown(&diff, 20);
    assert!(
        markdown.contains("<details><summary>Expectation changed (12)</summary>"),
        "{markdown}"
    );
    assert_eq!(
        markdown.matches("| pass | pass |").count(),
        12,
        "{markdown}"
    );
}

#[test]
fn text_and_markdown_list_at_most_the_limit_and_fold_long_lists() {
    let old: Vec<Verdict> = (0..15)
        .map(|i| case(&format!("a/{i:02}"), vec![pass("legal")]))
        .collect();
    let new: Vec<Verdict> = (0..15)
        .map(|i| {
            case(
                &format!("a/{i:02}"),
                vec![fail("legal", "not legal: [e1g1]")],
            )
        })
        .collect();
    let diff = diff_of(&old, &new);
    let text = render::text(&diff, 4);
    assert!(text.contains("broken (15):"), "{text}");
    assert!(
        text.contains("  a/03: ") && !text.contains("  a/04: "),
        "{text}"
    );
    assert!(text.contains("and 11 more"), "{text}");
    assert!(
        text.contains("now fail: legal: expected [e1g1, e1c1], actual not legal: [e1g1]"),
        "{text}"
    );
    // Ten rows stay open; more fold under <details>.
    let open = render::markdown(&diff, 10);
    assert!(
        open.contains("#### Broken (15)") && !open.contains("<details>"),
        "{open}"
    );
    assert!(open.contains("and 5 more"), "{open}");
    let folded = render::markdown(&diff, 20);
    assert!(
        folded.contains("<details><summary>Broken (15)</summary>"),
        "{folded}"
    );
    assert_eq!(folded.matches("| `a/").count(), 15, "{folded}");
    assert!(
        folded.starts_with("### chess-conformance diff: 15 broken\n"),
        "{folded}"
    );
    let none = render::markdown(&diff, 0);
    assert!(
        !none.contains("| `a/") && none.contains("and 15 more"),
        "{none}"
    );
}

#[test]
fn what_a_report_carries_is_escaped() {
    let hostile = "<img src=x onerror=alert(1)> [link](http://x) `code` | \u{1b}[2J";
    let old = [case("a/x", vec![pass("legal")])];
    let new = [case("a/x", vec![fail("legal", hostile)])];
    let mut new_report = report(&new, None, None);
    new_report.engine.name = hostile.into();
    new_report.verdicts[0].title = hostile.into();
    let diff = compare("o", &report(&old, None, None), "n\u{7}.json", &new_report);
    let markdown = render::markdown(&diff, 20);
    for raw in ["<img", "[link]", "`code`", "\u{1b}", " | \\"] {
        assert!(!markdown.contains(raw), "{raw:?} in\n{markdown}");
    }
    assert!(
        markdown.contains("&lt;img src=x onerror=alert(1)&gt; \\[link\\](http://x)"),
        "{markdown}"
    );
    let text = render::text(&diff, 20);
    assert!(
        !text.contains('\u{1b}') && !text.contains('\u{7}'),
        "{text:?}"
    );
    assert!(
        text.contains("\\u{1b}[2J") && text.contains("n\\u{7}.json"),
        "{text}"
    );
}

#[test]
fn a_long_answer_is_cut() {
    let long = format!("not legal: [{}]", vec!["e1g1"; 100].join(", "));
    let diff = diff_of(
        &[case("a/x", vec![pass("legal")])],
        &[case("a/x", vec![fail("legal", &long)])],
    );
    let text = render::text(&diff, 20);
    let line = text.lines().find(|l| l.contains("now fail")).unwrap();
    assert!(line.ends_with('…') && line.chars().count() < 200, "{line}");
    // The JSON has it whole.
    assert!(render::json(&diff).contains(&long));
}

#[test]
fn an_erring_case_tells_its_error_not_a_failure_beside_it() {
    let diff = diff_of(
        &[case("a/x", vec![pass("legal"), pass("after e1g1")])],
        &[case(
            "a/x",
            vec![
                fail("legal", "not legal: [e1g1]"),
                error("after e1g1", "refused"),
            ],
        )],
    );
    let now = diff.cases[0].new.as_ref().unwrap();
    assert_eq!(now.outcome, Outcome::Error);
    assert_eq!(now.what.as_deref(), Some("after e1g1: refused"));
}
