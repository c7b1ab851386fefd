//! A [`Diff`] written out: text for a terminal or a log, Markdown for a pull-request comment,
//! JSON for a program. Text and Markdown list at most `limit` cases of each change (then `and N
//! more`); the JSON has them all. Everything a report carries (engine names, ids, titles,
//! answers) is escaped: [`shown`] in text, [`markdown_cell`] and [`markdown_code`] in Markdown.

use std::fmt::Write as _;

use chess_conformance::report::{markdown_cell, markdown_code, plural, shown};

use super::compare::{AreaRow, CaseChange, Change, Diff, Seen};

/// How much of an answer a line shows: a perft divide or a long move list is cut here.
const WHAT_MAX: usize = 160;

/// A Markdown list longer than this folds under `<details>`.
const FOLD_OVER: usize = 10;

/// `text`, cut to [`WHAT_MAX`] characters and escaped for a terminal ([`shown`]).
fn cut(text: &str) -> String {
    shown(&cut_raw(text)).into_owned()
}

/// `fail: legal: expected [e1g1], actual ...`, or `pass`.
fn said(seen: &Seen) -> String {
    match &seen.what {
        Some(what) => format!("{}: {}", seen.outcome, what),
        None => seen.outcome.to_string(),
    }
}

/// The text report: the two reports, the notes, the counts, a table of the areas that changed,
/// then each change's cases (at most `limit` each).
pub(crate) fn text(diff: &Diff, limit: usize) -> String {
    let mut out = String::new();
    for (name, side) in [("OLD", &diff.old), ("NEW", &diff.new)] {
        let _ = writeln!(
            out,
            "{name} {}: {}, {}, {}",
            shown(&side.file),
            shown(&side.engine),
            shown(&side.catalogue()),
            plural(side.summary.total(), "case"),
        );
    }
    for note in &diff.notes {
        let _ = writeln!(out, "note: {}", shown(note));
    }
    let _ = writeln!(out, "\n{}", diff.counts_line());
    if !diff.areas.is_empty() {
        let width = diff
            .areas
            .iter()
            .map(|a| a.area.chars().count())
            .max()
            .unwrap_or(0)
            .max("area".len());
        let _ = write!(out, "\n{:width$}  {:>11}", "area", "passed");
        for change in Change::ALL {
            let _ = write!(out, "  {}", change.name());
        }
        out.push('\n');
        for row in &diff.areas {
            let passed = format!("{} → {}", row.old_passed, row.new_passed);
            let _ = write!(out, "{:width$}  {passed:>11}", shown(&row.area));
            for change in Change::ALL {
                let w = change.name().len();
                let _ = write!(out, "  {:>w$}", area_count(diff, row, change));
            }
            out.push('\n');
        }
    }
    for change in Change::ALL {
        let n = diff.counts.get(change);
        if n == 0 {
            continue;
        }
        let _ = writeln!(out, "\n{} ({n}):", change.name());
        for case in diff.of(change).into_iter().take(limit) {
            let _ = writeln!(
                out,
                "  {}: {}{}",
                shown(&case.id),
                cut(&case.title),
                mark(case, change)
            );
            for (when, seen) in [("was", &case.old), ("now", &case.new)] {
                if let Some(seen) = seen {
                    let _ = writeln!(out, "    {when} {}", cut(&said(seen)));
                }
            }
        }
        if n > limit {
            let _ = writeln!(out, "  and {} more (--limit, or --format json)", n - limit);
        }
    }
    out
}

/// What follows a case's title in the list of `change`: that its expectation changed too (in
/// the lists of verdicts; the list of expectations says it by its heading).
fn mark(case: &CaseChange, change: Change) -> &'static str {
    if case.expectation_changed && change != Change::ExpectationChanged {
        " (its expectation changed)"
    } else {
        ""
    }
}

/// An area's count of `change`, `?` for the expectations changed when the reports cannot tell.
fn area_count(diff: &Diff, row: &AreaRow, change: Change) -> String {
    if change == Change::ExpectationChanged && !diff.expectations_seen {
        "?".to_owned()
    } else {
        row.counts.get(change).to_string()
    }
}

/// The heading's words: `12 broken, 3 fixed`, or `no change`.
fn headline(diff: &Diff) -> String {
    let said: Vec<String> = Change::ALL
        .iter()
        .filter(|&&c| diff.counts.get(c) > 0)
        .map(|&c| format!("{} {}", diff.counts.get(c), c.name()))
        .collect();
    if said.is_empty() {
        "no change".to_owned()
    } else {
        said.join(", ")
    }
}

/// The Markdown report, for a pull-request comment: a heading with what changed, a summary
/// line (the engines and catalogues, the counts), the notes, a table of the areas that changed,
/// and a table per change (folded under `<details>` past [`FOLD_OVER`] cases, at most `limit`).
pub(crate) fn markdown(diff: &Diff, limit: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "### chess-conformance diff: {}\n", headline(diff));
    let side = |s: &super::compare::Side| {
        format!(
            "{} ({})",
            markdown_cell(&s.engine),
            markdown_cell(&s.catalogue())
        )
    };
    let counts: Vec<String> = Change::ALL
        .iter()
        .map(|&c| {
            let n = diff.counts.get(c);
            if n > 0 && matches!(c, Change::Broken | Change::FailingDifferently) {
                format!("**{n} {}**", c.name())
            } else {
                diff.count_said(c)
            }
        })
        .collect();
    let _ = writeln!(
        out,
        "{} → {}: {}; {} of {} compared unchanged.\n",
        side(&diff.old),
        side(&diff.new),
        counts.join(", "),
        diff.unchanged,
        plural(diff.compared, "case"),
    );
    for note in &diff.notes {
        let _ = writeln!(out, "> **Note**: {}\n", markdown_cell(note));
    }
    if !diff.areas.is_empty() {
        let _ = write!(out, "| area | passed |");
        for change in Change::ALL {
            let _ = write!(out, " {} |", change.name());
        }
        let _ = write!(out, "\n|---|---:|");
        for _ in Change::ALL {
            out.push_str("---:|");
        }
        out.push('\n');
        for row in &diff.areas {
            let _ = write!(
                out,
                "| {} | {} → {} |",
                markdown_cell(&row.area),
                row.old_passed,
                row.new_passed
            );
            for change in Change::ALL {
                let _ = write!(out, " {} |", area_count(diff, row, change));
            }
            out.push('\n');
        }
    }
    for change in Change::ALL {
        let n = diff.counts.get(change);
        if n == 0 {
            continue;
        }
        let heading = format!("{} ({n})", capitalised(change.name()));
        let fold = n.min(limit) > FOLD_OVER;
        if fold {
            let _ = writeln!(out, "\n<details><summary>{heading}</summary>\n");
        } else {
            let _ = writeln!(out, "\n#### {heading}\n");
        }
        let cases: Vec<&CaseChange> = diff.of(change).into_iter().take(limit).collect();
        if !cases.is_empty() {
            let _ = writeln!(out, "| case | title | was | now |");
            let _ = writeln!(out, "|---|---|---|---|");
        }
        for case in cases {
            let cell = |seen: &Option<Seen>| {
                seen.as_ref()
                    .map_or_else(|| "—".to_owned(), |s| markdown_cell(&cut_raw(&said(s))))
            };
            let _ = writeln!(
                out,
                "| `{}` | {}{} | {} | {} |",
                markdown_code(&case.id),
                markdown_cell(&cut_raw(&case.title)),
                mark(case, change),
                cell(&case.old),
                cell(&case.new),
            );
        }
        if n > limit {
            let _ = writeln!(
                out,
                "\nand {} more (`--limit`, or `--format json`)",
                n - limit
            );
        }
        if fold {
            let _ = writeln!(out, "\n</details>");
        }
    }
    out
}

/// `text` cut to [`WHAT_MAX`] characters, unescaped (the Markdown escapes it after).
fn cut_raw(text: &str) -> String {
    match text.char_indices().nth(WHAT_MAX) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The JSON report: the whole [`Diff`], every case (no limit).
pub(crate) fn json(diff: &Diff) -> String {
    serde_json::to_string_pretty(diff).expect("a diff serializes") + "\n"
}
