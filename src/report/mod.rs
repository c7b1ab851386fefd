//! Reports: verdicts out, as text for people or JSON for programs.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::catalogue::{Catalogue, LoadedCase};
use crate::engine::Identity;
use crate::verdict::{Check, Outcome, Tally, Verdict};

pub mod groups;
mod markdown;

pub use markdown::{markdown, markdown_code, markdown_in, markdown_with_score};
pub(crate) mod json;

pub(crate) use json::Report;

/// Text from a case file or an engine as every report shows it (the crate's one escaping), and
/// as a Markdown page or table cell shows it.
pub use crate::escape::{markdown_cell, shown};

/// A finished run: which engine, which cases, and the verdicts, in catalogue order.
#[derive(Debug, Clone)]
pub struct Run<'c> {
    /// The engine checked.
    pub engine: Identity,
    /// The cases, paired with their verdicts.
    pub results: Vec<(&'c LoadedCase, Verdict)>,
    /// The version of the catalogue the cases came from ([`Catalogue::version`]), if known.
    pub catalogue_version: Option<crate::catalogue::Version>,
}

impl<'c> Run<'c> {
    /// Checks every case of `catalogue` against `engine`, in order.
    pub fn new(engine: &mut dyn crate::Engine, catalogue: &'c Catalogue) -> Run<'c> {
        Run::within(engine, catalogue, crate::Limits::DEFAULT)
    }

    /// Checks every case of `catalogue` against `engine`, in order, asking only what `limits`
    /// allow.
    pub fn within(
        engine: &mut dyn crate::Engine,
        catalogue: &'c Catalogue,
        limits: crate::Limits,
    ) -> Run<'c> {
        let identity = engine.identity();
        let cases = catalogue.cases();
        let mut results = Vec::with_capacity(cases.len());
        let mut order = 0..cases.len();
        crate::check::check_cases(
            engine,
            cases,
            &limits,
            || order.next(),
            || false,
            |i, verdict| results.push((&cases[i], verdict)),
        );
        Run {
            engine: identity,
            results,
            catalogue_version: catalogue.version(),
        }
    }

    /// The run of `engine` over `catalogue` from each case's verdict by its place in the
    /// catalogue (`None`: the case was not run, the run being interrupted first), and the ids
    /// of the cases not run, in catalogue order.
    pub fn from_verdicts(
        engine: Identity,
        catalogue: &'c Catalogue,
        verdicts: Vec<Option<Verdict>>,
    ) -> (Run<'c>, Vec<String>) {
        let cases = catalogue.cases();
        let mut results = Vec::with_capacity(cases.len());
        let mut not_run = Vec::new();
        for (case, verdict) in cases.iter().zip(verdicts) {
            match verdict {
                Some(verdict) => results.push((case, verdict)),
                None => not_run.push(case.case.id.clone()),
            }
        }
        let catalogue_version = catalogue.version();
        (
            Run {
                engine,
                results,
                catalogue_version,
            },
            not_run,
        )
    }

    /// The counts of outcomes.
    pub fn tally(&self) -> Tally {
        Tally::of(self.results.iter().map(|(_, v)| v))
    }

    /// The counts of outcomes per rule area, areas in order of first appearance.
    pub fn by_area(&self) -> Vec<(String, Tally)> {
        json::by_area(self.results.iter().map(|(_, v)| v))
    }

    /// The failures and errors grouped by cause, largest group first ([`groups::group`]).
    pub fn groups(&self) -> Vec<groups::Group> {
        groups::group(self.results.iter().map(|(case, verdict)| groups::Member {
            verdict,
            fen: Some(&case.case.fen),
            moves: &case.case.moves,
            variant: case.case.variant(),
        }))
    }

    /// The assertions skipped in cases that were asked something (passed or failed), by reason:
    /// (assertions, cases) per reason, reasons in order of first appearance.
    pub fn skipped_assertions(&self) -> Vec<(String, usize, usize)> {
        skipped_assertions(self.results.iter().map(|(_, v)| v))
    }
}

/// See [`Run::skipped_assertions`].
fn skipped_assertions<'v>(
    verdicts: impl Iterator<Item = &'v Verdict>,
) -> Vec<(String, usize, usize)> {
    let mut counts: Vec<(String, usize, usize)> = Vec::new();
    for verdict in verdicts.filter(|v| v.partly_skipped()) {
        let mut seen: Vec<&str> = Vec::new();
        for check in verdict.skipped() {
            let reason = check.reason.as_deref().unwrap_or("no reason given");
            let at = match counts.iter().position(|(r, _, _)| r == reason) {
                Some(at) => at,
                None => {
                    counts.push((reason.to_owned(), 0, 0));
                    counts.len() - 1
                }
            };
            counts[at].1 += 1;
            if !seen.contains(&reason) {
                seen.push(reason);
                counts[at].2 += 1;
            }
        }
    }
    counts
}

/// How much the text report says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// One line per area with the skips counted by reason, then the failures and errors
    /// grouped by cause ([`Run::groups`]): each group's smallest case in full and the ids of
    /// the others.
    #[default]
    Normal,
    /// Every failure and error in full, one by one under its area (`--all`).
    All,
    /// Also a line for every case that passed or was skipped (`--verbose`; every failure and
    /// error one by one, as [`Detail::All`]).
    Verbose,
}

/// How many ids of a group's other cases the text report prints before counting the rest.
pub const GROUP_IDS_SHOWN: usize = 8;

/// A count and its noun, plural unless the count is one: `1 case`, `2 cases`.
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The text report: areas in order, each with its counts and its cases that did not pass (a
/// failure with its board, expected and actual answers), then the totals on the last line.
/// Skips are many and alike, so they are counted by reason: cases skipped whole, and the
/// assertions skipped in cases that passed (`--verbose` lists them case by case).
pub fn text(run: &Run, detail: Detail) -> String {
    text_with(run, detail, "")
}

/// [`text`] with `extra` (a baseline's account, say) printed just before the totals, which stay
/// on the last line.
pub fn text_with(run: &Run, detail: Detail, extra: &str) -> String {
    text_painted(run, detail, extra, Paint::Plain)
}

/// How the text report marks what matters: plainly, or with ANSI colours (outcomes, expected
/// against actual answers, the totals). Whether a terminal gets colours is the caller's choice
/// (the command line's `--color`, `NO_COLOR`, `CLICOLOR_FORCE`); the words are the same either
/// way, so a report read without colours loses nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Paint {
    /// No escape codes.
    #[default]
    Plain,
    /// ANSI SGR escape codes.
    Ansi,
}

impl Paint {
    /// `text` in the colour of `outcome`: pass green, fail red, error bold magenta, skip yellow.
    pub fn outcome(self, outcome: Outcome, text: &str) -> String {
        let code = match outcome {
            Outcome::Pass => "32",
            Outcome::Fail => "1;31",
            Outcome::Error => "1;35",
            Outcome::Skip => "33",
        };
        self.wrap(code, text)
    }

    /// `text` as what was expected (green).
    fn expected(self, text: &str) -> String {
        self.wrap("32", text)
    }

    /// `text` as what the engine answered, wrong (red).
    fn actual(self, text: &str) -> String {
        self.wrap("31", text)
    }

    /// `text` dimmed: where a case is, its board.
    fn dim(self, text: &str) -> String {
        self.wrap("2", text)
    }

    /// `text` bold: an area's name, the totals.
    fn bold(self, text: &str) -> String {
        self.wrap("1", text)
    }

    fn wrap(self, code: &str, text: &str) -> String {
        match self {
            Paint::Plain => text.to_owned(),
            Paint::Ansi => format!("\x1b[{code}m{text}\x1b[0m"),
        }
    }

    /// A tally with each non-zero count of a failing kind in its colour.
    fn tally(self, tally: &Tally) -> String {
        let count = |n: usize, word: &str, outcome: Outcome| {
            let text = format!("{n} {word}");
            if n > 0 && outcome != Outcome::Pass {
                self.outcome(outcome, &text)
            } else if n > 0 {
                self.outcome(Outcome::Pass, &text)
            } else {
                text
            }
        };
        format!(
            "{}, {}, {}, {}",
            count(tally.passed, "passed", Outcome::Pass),
            count(tally.failed, "failed", Outcome::Fail),
            count(tally.skipped, "skipped", Outcome::Skip),
            count(tally.errors, "errors", Outcome::Error)
        )
    }
}

/// [`text_with`], painted as `paint` says.
pub fn text_painted(run: &Run, detail: Detail, extra: &str, paint: Paint) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "chess-conformance: {} against {}\n",
        plural(run.results.len(), "case"),
        shown(&run.engine.to_string())
    );
    let width = run
        .by_area()
        .iter()
        .map(|(a, _)| a.len())
        .max()
        .unwrap_or(0);
    for (area, tally) in run.by_area() {
        let name = format!("{:<width$}", shown(&area));
        let _ = writeln!(out, "{}  {}", paint.bold(&name), paint.tally(&tally));
        let in_area: Vec<&(&LoadedCase, Verdict)> =
            run.results.iter().filter(|(_, v)| v.area == area).collect();
        let mut skips: BTreeMap<&str, usize> = BTreeMap::new();
        for (case, verdict) in &in_area {
            match (verdict.outcome, detail) {
                (Outcome::Pass, Detail::Normal | Detail::All) => {}
                (Outcome::Fail | Outcome::Error, Detail::Normal) => {}
                (Outcome::Skip, Detail::Normal | Detail::All) => {
                    *skips
                        .entry(verdict.reason.as_deref().unwrap_or("no reason given"))
                        .or_default() += 1;
                }
                _ => write_verdict(&mut out, case, verdict, paint),
            }
        }
        for (reason, n) in skips {
            let _ = writeln!(
                out,
                "  {}  {}: {}",
                paint.outcome(Outcome::Skip, "SKIP"),
                plural(n, "case"),
                shown(reason)
            );
        }
        if detail != Detail::Verbose {
            let passing = in_area
                .iter()
                .map(|(_, v)| v)
                .filter(|v| v.outcome == Outcome::Pass);
            for (reason, assertions, cases) in skipped_assertions(passing) {
                let _ = writeln!(
                    out,
                    "  {}  {} of {} that passed: {}",
                    paint.outcome(Outcome::Skip, "SKIP"),
                    plural(assertions, "assertion"),
                    plural(cases, "case"),
                    shown(&reason),
                );
            }
        }
    }
    if detail == Detail::Normal {
        write_groups(&mut out, run, paint);
    }
    let tally = run.tally();
    if tally.partly_skipped > 0 {
        let _ = writeln!(
            out,
            "\n{} passed or failed with some assertions skipped",
            plural(tally.partly_skipped, "case")
        );
    }
    if !extra.is_empty() {
        let _ = write!(out, "\n{extra}");
    }
    // The footer: the catalogue's version, then the tally, the last line (as scripts read it).
    out.push('\n');
    if let Some(version) = run.catalogue_version {
        let _ = writeln!(out, "catalogue version {version}");
    }
    let _ = writeln!(out, "{}", paint.tally(&tally));
    out
}

/// The failures and errors by cause: a heading, then per group its count, outcome and cause,
/// its smallest case in full (as `--all` shows every case) and the ids of the others.
fn write_groups(out: &mut String, run: &Run, paint: Paint) {
    let groups = run.groups();
    if groups.is_empty() {
        return;
    }
    let cases: usize = groups.iter().map(|g| g.count).sum();
    let _ = writeln!(
        out,
        "\n{} (`--all` lists every case):",
        paint.bold(&format!(
            "{} that failed or erred, in {} by cause, largest first",
            plural(cases, "case"),
            plural(groups.len(), "group")
        ))
    );
    let by_id: BTreeMap<&str, &(&LoadedCase, Verdict)> = run
        .results
        .iter()
        .map(|result| (result.1.id.as_str(), result))
        .collect();
    for (n, group) in groups.iter().enumerate() {
        let verb = match (group.outcome, group.count) {
            (Outcome::Error, 1) => "errs",
            (Outcome::Error, _) => "err",
            (_, 1) => "fails",
            _ => "fail",
        };
        let count = format!("{} {verb}", plural(group.count, "case"));
        let _ = writeln!(
            out,
            "\n{}  {}: {}",
            paint.bold(&format!("#{}", n + 1)),
            paint.outcome(group.outcome, &count),
            shown(&group.label)
        );
        if let Some((case, verdict)) = by_id.get(group.case.as_str()) {
            write_verdict(out, case, verdict, paint);
        }
        for also in &group.also {
            let _ = writeln!(
                out,
                "  also, in {} of them: {}",
                also.cases,
                shown(&also.cause)
            );
        }
        let others: Vec<&str> = group
            .members
            .iter()
            .map(String::as_str)
            .filter(|id| *id != group.case)
            .collect();
        if others.is_empty() {
            continue;
        }
        let shown_ids: Vec<String> = others
            .iter()
            .take(GROUP_IDS_SHOWN)
            .map(|id| shown(id).into_owned())
            .collect();
        let rest = others.len() - shown_ids.len();
        let _ = writeln!(
            out,
            "  and {} more: {}{}",
            others.len(),
            shown_ids.join(", "),
            if rest > 0 {
                format!(", and {rest} others")
            } else {
                String::new()
            }
        );
    }
}

/// One verdict as the text report shows it: a status line and, for a failure or an error, the
/// case's place, its board, each wrong answer and each error; and the assertions skipped.
pub fn verdict_text(case: &LoadedCase, verdict: &Verdict) -> String {
    let mut out = String::new();
    write_verdict(&mut out, case, verdict, Paint::Plain);
    out
}

/// Checks of one outcome grouped by reason: (labels, reason), in order.
fn by_reason<'v>(checks: impl Iterator<Item = &'v Check>) -> Vec<(Vec<&'v str>, &'v str)> {
    let mut groups: Vec<(Vec<&str>, &str)> = Vec::new();
    for check in checks {
        let reason = check.reason.as_deref().unwrap_or("no reason given");
        match groups.iter_mut().find(|(_, r)| *r == reason) {
            Some((labels, _)) => labels.push(&check.assertion),
            None => groups.push((vec![&check.assertion], reason)),
        }
    }
    groups
}

fn write_verdict(out: &mut String, case: &LoadedCase, verdict: &Verdict, paint: Paint) {
    let c = &case.case;
    let label = format!("{:<5}", verdict.outcome.name().to_uppercase());
    let _ = writeln!(
        out,
        "  {} {}  ({})",
        paint.outcome(verdict.outcome, &label),
        shown(&c.id),
        shown(&c.title)
    );
    match verdict.outcome {
        Outcome::Pass => {}
        Outcome::Skip => {
            let reason = verdict.reason.as_deref().unwrap_or("");
            let _ = writeln!(out, "        {}", shown(reason));
            return;
        }
        Outcome::Fail | Outcome::Error => {
            let place = format!(
                "FIDE {} · {}:{}",
                shown(&c.rule),
                shown(&case.file),
                case.line
            );
            let _ = writeln!(out, "        {}", paint.dim(&place));
            if !c.variant().is_standard() {
                // Its FEN, moves and board are read in the variant (castling as the king
                // taking its rook in Chess960).
                let _ = writeln!(out, "        variant: {}", c.variant().title());
            }
            let _ = writeln!(out, "        fen: {}", shown(&c.fen));
            if !c.moves.is_empty() {
                let _ = writeln!(out, "        moves: {}", shown(&c.moves.join(" ")));
            }
            if let Some(board) = case.diagram() {
                for line in board.lines() {
                    let _ = writeln!(out, "          {line}");
                }
            }
            for (labels, reason) in by_reason(verdict.errors()) {
                // A reason may span lines (an engine's stderr): keep them under the case.
                let reason = shown(reason).replace('\n', "\n          | ");
                let _ = writeln!(
                    out,
                    "        {}: {} {reason}",
                    shown(&labels.join(", ")),
                    paint.outcome(Outcome::Error, "error:")
                );
            }
            for check in verdict.failures() {
                let _ = writeln!(out, "        {}:", shown(&check.assertion));
                let expected = paint.expected(&shown(&check.expected));
                let actual = paint.actual(&shown(&check.actual));
                let _ = writeln!(out, "          expected: {expected}");
                let _ = writeln!(out, "          actual:   {actual}");
            }
        }
    }
    for (labels, reason) in by_reason(verdict.skipped()) {
        let _ = writeln!(
            out,
            "        {}: skipped: {}",
            shown(&labels.join(", ")),
            shown(reason)
        );
    }
}

/// The JSON report: the engine, the totals overall and per area, and every verdict with its
/// case's title, rule, place, FEN and moves, and each check's expected and actual answers
/// ([`Report`], written as [`Report::to_json`]).
pub fn json(run: &Run) -> String {
    Report::new(run).to_json()
}

/// One line saying why a verdict is not a pass: the error or skip reason, or the first wrong
/// answer.
pub fn summary(verdict: &Verdict) -> String {
    if let Some(reason) = &verdict.reason {
        return reason.clone();
    }
    match verdict.failures().next() {
        Some(check) => format!(
            "{}: expected {}, actual {}",
            check.assertion, check.expected, check.actual
        ),
        None => verdict.outcome.name().to_owned(),
    }
}

/// The verdict list of a run, for snapshot tests (this project keeps one per certified engine
/// in `crates/cli/tests/snapshots/engines__*.snap`; `run --format listing` prints it): the
/// engine and its totals, then a line per hand-written case with the first wrong answer of a
/// failure and the assertions it skipped. The generated cases (tens of thousands) are tallied
/// per rule area, their skips (whole and partial) counted by reason, and only their failures
/// and errors get a line each, so the listing stays reviewable and still shows every wrong
/// answer. The message of a caught panic is left out (see [`without_panic_message`]), so a
/// debug and a release build list the same.
pub fn listing(run: &Run) -> String {
    use crate::catalogue::Origin;
    let mut out = format!("{}\n{}\n", run.engine, run.tally());
    let mut generated: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut skipped: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut partly: BTreeMap<(&str, String), usize> = BTreeMap::new();
    let mut generated_lines = String::new();
    for (loaded, verdict) in &run.results {
        let mut line = format!("{}: {}", verdict.id, verdict.outcome);
        let mut notes = Vec::new();
        match verdict.outcome {
            Outcome::Pass => {}
            Outcome::Skip | Outcome::Error => notes.push(without_panic_message(
                verdict.reason.as_deref().unwrap_or(""),
            )),
            Outcome::Fail => {
                if let Some(check) = verdict.failures().next() {
                    notes.push(format!(
                        "{}: expected {}, actual {}",
                        check.assertion, check.expected, check.actual
                    ));
                }
            }
        }
        if verdict.partly_skipped() {
            notes.push(format!("skipped: {}", skipped_by_reason(verdict)));
        }
        if !notes.is_empty() {
            let _ = write!(line, " ({})", notes.join("; "));
        }
        line.push('\n');
        match loaded.origin {
            Origin::HandWritten => out.push_str(&line),
            Origin::Generated => {
                generated.entry(&verdict.area).or_default().count(verdict);
                match verdict.outcome {
                    Outcome::Pass => {}
                    Outcome::Skip => {
                        let reason = verdict.reason.as_deref().unwrap_or("");
                        *skipped.entry((&verdict.area, reason)).or_default() += 1;
                    }
                    Outcome::Fail | Outcome::Error => generated_lines.push_str(&line),
                }
                if verdict.outcome == Outcome::Pass && verdict.partly_skipped() {
                    let reasons = crate::check::skip_reasons(verdict.checks.iter());
                    *partly.entry((&verdict.area, reasons)).or_default() += 1;
                }
            }
        }
    }
    out.push_str("\ngenerated cases, per rule area:\n");
    for (area, tally) in &generated {
        let _ = writeln!(out, "{area}: {tally}");
    }
    out.push_str("\ngenerated cases skipped, per rule area and reason:\n");
    for ((area, reason), n) in &skipped {
        let _ = writeln!(out, "{area}: {n} ({reason})");
    }
    out.push_str(
        "\ngenerated cases that pass with some assertions skipped, per rule area and reason:\n",
    );
    for ((area, reason), n) in &partly {
        let _ = writeln!(out, "{area}: {n} ({reason})");
    }
    out.push_str("\ngenerated cases that fail or err:\n");
    out.push_str(&generated_lines);
    out
}

/// A reason with the message of a caught panic left out: the place stays (the library's file
/// and line), the message goes, for it depends on the build: an overflow is "attempt to subtract
/// with overflow" with debug assertions and another panic further on ("mid > len") without.
pub fn without_panic_message(reason: &str) -> String {
    const PANICKED: &str = "the engine panicked: ";
    let Some(at) = reason.find(PANICKED) else {
        return reason.to_owned();
    };
    let (head, message) = reason.split_at(at + PANICKED.len());
    let place = message.rfind(" (at ").map_or("", |p| &message[p..]);
    format!("{head}[message]{place}")
}

/// The assertions a verdict skipped, with why: `san e1g1, san e8g8: the engine does not offer:
/// san`, reasons apart.
fn skipped_by_reason(verdict: &Verdict) -> String {
    let mut groups: Vec<(Vec<&str>, &str)> = Vec::new();
    for check in verdict.skipped() {
        let reason = check.reason.as_deref().unwrap_or("");
        match groups.iter_mut().find(|(_, r)| *r == reason) {
            Some((labels, _)) => labels.push(&check.assertion),
            None => groups.push((vec![&check.assertion], reason)),
        }
    }
    groups
        .iter()
        .map(|(labels, reason)| format!("{}: {reason}", labels.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_code_span_keeps_an_ids_characters_and_cannot_be_closed_or_split() {
        assert_eq!(super::markdown_code("fen/a_b.c-1"), "fen/a_b.c-1");
        assert_eq!(super::markdown_code("x`y|z<w>"), "x'y\\|z<w>");
    }

    use super::without_panic_message;

    #[test]
    fn a_panic_message_is_left_out_and_its_place_kept() {
        assert_eq!(
            without_panic_message(
                "move of SAN N: the engine panicked: attempt to subtract with overflow (at \
                 owlchess-0.4.1/src/moves/san.rs:540)"
            ),
            "move of SAN N: the engine panicked: [message] (at owlchess-0.4.1/src/moves/san.rs:540)"
        );
        assert_eq!(
            without_panic_message("move of SAN N: the engine panicked: mid > len (at x.rs:1)"),
            "move of SAN N: the engine panicked: [message] (at x.rs:1)"
        );
        assert_eq!(
            without_panic_message("perft 9: no answer"),
            "perft 9: no answer"
        );
    }

    #[test]
    fn every_report_names_the_catalogue_version_and_none_when_unknown() {
        let text = "cases:\n  - id: moves/ok\n    title: t\n    rule: '3.10.1'\n    fen: 4k3/8/8/8/8/8/8/4K3 w - - 0 1\n    expect: { move_count: 5 }\n";
        let plain = crate::Catalogue::from_sources(
            [crate::catalogue::Source {
                name: "moves.yaml".into(),
                text: text.into(),
            }],
            [],
        )
        .unwrap();
        let versioned = plain
            .clone()
            .versioned(Some("3.4.5".parse().unwrap()), None);
        let run = super::Run::new(&mut crate::Reference::new(), &versioned);
        let text = super::text(&run, super::Detail::Normal);
        assert!(
            text.ends_with("\ncatalogue version 3.4.5\n1 passed, 0 failed, 0 skipped, 0 errors\n"),
            "{text}"
        );
        let markdown = super::markdown(&run);
        assert!(
            markdown.contains("\n\nCatalogue version `3.4.5`.\n\n| area |"),
            "{markdown}"
        );
        let json: serde_json::Value = serde_json::from_str(&super::json(&run)).unwrap();
        assert_eq!(json["catalogue_version"], "3.4.5");
        let run = super::Run::new(&mut crate::Reference::new(), &plain);
        assert!(!super::text(&run, super::Detail::Normal).contains("catalogue version"));
        assert!(!super::markdown(&run).contains("Catalogue version"));
        assert!(!super::json(&run).contains("catalogue_version"));
    }
}
