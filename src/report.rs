//! Reports: verdicts out, as text for people or JSON for programs.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;

use crate::catalogue::{Catalogue, LoadedCase};
use crate::diagram::diagram;
use crate::engine::Identity;
use crate::verdict::{Outcome, Tally, Verdict};

/// A finished run: which engine, which cases, and the verdicts, in catalogue order.
#[derive(Debug, Clone)]
pub struct Run<'c> {
    /// The engine checked.
    pub engine: Identity,
    /// The cases, paired with their verdicts.
    pub results: Vec<(&'c LoadedCase, Verdict)>,
}

impl<'c> Run<'c> {
    /// Checks every case of `catalogue` against `engine`, in order.
    pub fn new(engine: &mut dyn crate::Engine, catalogue: &'c Catalogue) -> Run<'c> {
        let identity = engine.identity();
        let results = catalogue
            .cases()
            .iter()
            .map(|c| (c, crate::check(engine, &c.case)))
            .collect();
        Run {
            engine: identity,
            results,
        }
    }

    /// The counts of outcomes.
    pub fn tally(&self) -> Tally {
        Tally::of(self.results.iter().map(|(_, v)| v))
    }

    /// The counts of outcomes per rule area, areas in order of first appearance.
    pub fn by_area(&self) -> Vec<(String, Tally)> {
        let mut order: Vec<String> = Vec::new();
        let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
        for (_, v) in &self.results {
            if !tallies.contains_key(&v.area) {
                order.push(v.area.clone());
            }
            tallies.entry(v.area.clone()).or_default().add(v.outcome);
        }
        order
            .into_iter()
            .map(|a| {
                let t = tallies[&a];
                (a, t)
            })
            .collect()
    }
}

/// How much the text report says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// One line per area, then every case that did not pass.
    #[default]
    Normal,
    /// Also a line for every case that passed.
    Verbose,
}

/// The text report: areas in order, each with its counts and its cases that did not pass (a
/// failure with its board, expected and actual answers), then the totals on the last line.
pub fn text(run: &Run, detail: Detail) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "chess-conformance: {} cases against {}\n",
        run.results.len(),
        run.engine
    );
    let width = run
        .by_area()
        .iter()
        .map(|(a, _)| a.len())
        .max()
        .unwrap_or(0);
    for (area, tally) in run.by_area() {
        let _ = writeln!(out, "{area:<width$}  {tally}");
        for (case, verdict) in run.results.iter().filter(|(_, v)| v.area == area) {
            if verdict.outcome == Outcome::Pass && detail == Detail::Normal {
                continue;
            }
            write_verdict(&mut out, case, verdict);
        }
    }
    let _ = writeln!(out, "\n{}", run.tally());
    out
}

/// One verdict as the text report shows it: a status line and, for a failure or an error, the
/// case's place, its board and each wrong answer.
pub fn verdict_text(case: &LoadedCase, verdict: &Verdict) -> String {
    let mut out = String::new();
    write_verdict(&mut out, case, verdict);
    out
}

fn write_verdict(out: &mut String, case: &LoadedCase, verdict: &Verdict) {
    let c = &case.case;
    let label = verdict.outcome.name().to_uppercase();
    let _ = writeln!(out, "  {label:<5} {}  ({})", c.id, c.title);
    match verdict.outcome {
        Outcome::Pass => {}
        Outcome::Skip => {
            let _ = writeln!(out, "        {}", verdict.reason.as_deref().unwrap_or(""));
        }
        Outcome::Fail | Outcome::Error => {
            let _ = writeln!(out, "        FIDE {} · {}:{}", c.rule, case.file, case.line);
            let _ = writeln!(out, "        fen: {}", c.fen);
            if !c.moves.is_empty() {
                let _ = writeln!(out, "        moves: {}", c.moves.join(" "));
            }
            if let Some(board) = diagram(&c.fen, &c.moves) {
                for line in board.lines() {
                    let _ = writeln!(out, "          {line}");
                }
            }
            if let Some(reason) = &verdict.reason {
                // A reason may span lines (an engine's stderr): keep them under the case.
                let reason = reason.replace('\n', "\n          | ");
                let _ = writeln!(out, "        error: {reason}");
            }
            for check in verdict.failures() {
                let _ = writeln!(out, "        {}:", check.assertion);
                let _ = writeln!(out, "          expected: {}", check.expected);
                let _ = writeln!(out, "          actual:   {}", check.actual);
            }
        }
    }
}

#[derive(Serialize)]
struct JsonReport<'a> {
    engine: &'a Identity,
    summary: Tally,
    areas: BTreeMap<String, Tally>,
    verdicts: Vec<JsonVerdict<'a>>,
}

#[derive(Serialize)]
struct JsonVerdict<'a> {
    title: &'a str,
    rule: &'a str,
    file: &'a str,
    line: usize,
    #[serde(flatten)]
    verdict: &'a Verdict,
}

/// The JSON report: the engine, the totals overall and per area, and every verdict with its
/// case's title, rule and place, and each check's expected and actual answers.
pub fn json(run: &Run) -> String {
    let report = JsonReport {
        engine: &run.engine,
        summary: run.tally(),
        areas: run.by_area().into_iter().collect(),
        verdicts: run
            .results
            .iter()
            .map(|(case, verdict)| JsonVerdict {
                title: &case.case.title,
                rule: &case.case.rule,
                file: &case.file,
                line: case.line,
                verdict,
            })
            .collect(),
    };
    serde_json::to_string_pretty(&report).expect("verdicts serialize") + "\n"
}
