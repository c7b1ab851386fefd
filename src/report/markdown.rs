//! The Markdown report, for a CI step summary or a pull-request comment: a table of rule areas,
//! the failures and errors grouped by cause, every case with [`Detail::All`], and the mutation
//! score under the heading when one is given.

use std::fmt::Write as _;

use super::*;

/// [`markdown`] with a line under its heading saying how strong the catalogue is: the mutation
/// score `chess-conformance mutants` measured (so a passed run reads as passed against a suite
/// that kills N of N wrong implementations).
pub fn markdown_with_score(run: &Run, score: &str) -> String {
    with_score(markdown(run), score)
}

/// The Markdown report in `detail`: [`markdown`], and with [`Detail::All`] or
/// [`Detail::Verbose`] also a table of every case that failed or erred; under its heading the
/// mutation `score` when there is one ([`markdown_with_score`]).
pub fn markdown_in(run: &Run, score: Option<&str>, detail: Detail) -> String {
    let report = markdown_detailed(run, detail != Detail::Normal);
    match score {
        Some(score) => with_score(report, score),
        None => report,
    }
}

fn with_score(report: String, score: &str) -> String {
    match report.split_once("\n\n") {
        // The score line is the command's own Markdown (a code span), not an engine's text.
        Some((heading, rest)) => format!("{heading}\n\n{}\n\n{rest}", shown(score)),
        None => format!("{report}\n{}\n", shown(score)),
    }
}

/// The Markdown report, for a CI step summary: a table of outcomes per rule area, the failures
/// and errors grouped by cause (each group's count, cause, smallest case and its first wrong
/// answer), and the assertions skipped in cases that were asked something, by reason. Everything an engine or a case file wrote goes through
/// [`markdown_cell`] (no HTML, no link or image); ids, checked by the loader, are code spans.
pub fn markdown(run: &Run) -> String {
    markdown_detailed(run, false)
}

fn markdown_detailed(run: &Run, every_case: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "## chess-conformance: {}\n",
        markdown_cell(&run.engine.to_string())
    );
    if let Some(version) = run.catalogue_version {
        let _ = writeln!(out, "Catalogue version `{version}`.\n");
    }
    let _ = writeln!(out, "| area | pass | fail | skip | error |");
    let _ = writeln!(out, "|---|---:|---:|---:|---:|");
    for (area, t) in run.by_area() {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} |",
            markdown_cell(&area),
            t.passed,
            t.failed,
            t.skipped,
            t.errors
        );
    }
    let t = run.tally();
    let _ = writeln!(
        out,
        "| **total** | **{}** | **{}** | **{}** | **{}** |",
        t.passed, t.failed, t.skipped, t.errors
    );
    let bad: Vec<_> = run
        .results
        .iter()
        .filter(|(_, v)| matches!(v.outcome, Outcome::Fail | Outcome::Error))
        .collect();
    let groups = run.groups();
    if !groups.is_empty() {
        let _ = writeln!(out, "\n### Failures and errors by cause\n");
        let _ = writeln!(out, "| cases | outcome | cause | smallest case | what |");
        let _ = writeln!(out, "|---:|---|---|---|---|");
        for group in &groups {
            let first = group.checks.first();
            let what = match first {
                Some(check) if check.outcome == Outcome::Error => {
                    check.reason.clone().unwrap_or_default()
                }
                Some(check) => format!(
                    "{}: expected {}, actual {}",
                    check.assertion, check.expected, check.actual
                ),
                None => String::new(),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | `{}`{} | {} |",
                group.count,
                group.outcome,
                markdown_cell(&group.label),
                markdown_code(&group.case),
                if group.variant.is_standard() {
                    String::new()
                } else {
                    format!(" ({})", group.variant.title())
                },
                markdown_cell(&what)
            );
        }
    }
    if every_case && !bad.is_empty() {
        let _ = writeln!(out, "\n### Failures and errors\n");
        let _ = writeln!(out, "| case | FIDE | outcome | what |");
        let _ = writeln!(out, "|---|---|---|---|");
        for (case, verdict) in bad {
            let variant = case.case.variant();
            let _ = writeln!(
                out,
                "| `{}`{} | {} | {} | {} |",
                verdict.id,
                if variant.is_standard() {
                    String::new()
                } else {
                    format!(" ({})", variant.title())
                },
                markdown_cell(&case.case.rule),
                verdict.outcome,
                markdown_cell(&summary(verdict))
            );
        }
    }
    let skipped = run.skipped_assertions();
    if !skipped.is_empty() {
        let _ = writeln!(
            out,
            "\n### Assertions skipped in cases that passed or failed\n"
        );
        let _ = writeln!(out, "| reason | assertions | cases |");
        let _ = writeln!(out, "|---|---:|---:|");
        for (reason, assertions, cases) in skipped {
            let _ = writeln!(
                out,
                "| {} | {assertions} | {cases} |",
                markdown_cell(&reason)
            );
        }
    }
    let _ = writeln!(out, "\n{}", run.tally());
    out
}

/// Text made safe inside a code span of a Markdown table cell (a case id): no backtick closes
/// the span early and no `|` ends the cell; nothing else is escaped, since a code span shows a
/// backslash or an entity as written (an id's `_` must stay `_`, not become `\_`).
pub fn markdown_code(text: &str) -> String {
    shown(text)
        .replace('`', "'")
        .replace('|', "\\|")
        .replace('\n', " ")
}
