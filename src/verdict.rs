//! Verdicts: what the harness concluded about one case and one engine.

use std::fmt;

use serde::Serialize;

/// The four ways a case can end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every assertion held.
    Pass,
    /// The engine answered, and at least one answer was wrong.
    Fail,
    /// The engine does not offer a capability the case needs.
    Skip,
    /// The engine could not answer: it refused a valid position, panicked, crashed, or returned
    /// something that is not an answer.
    Error,
}

impl Outcome {
    /// `pass`, `fail`, `skip` or `error`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Fail => "fail",
            Outcome::Skip => "skip",
            Outcome::Error => "error",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One assertion checked: what was expected and what the engine answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// The assertion, with its argument where it has one (`legal`, `perft 3`, `san e1g1`).
    pub assertion: String,
    /// The expected answer.
    pub expected: String,
    /// The engine's answer, or how it differs.
    pub actual: String,
    /// Whether the answer was right.
    pub passed: bool,
}

/// The result of one case against one engine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Verdict {
    /// The case id.
    pub id: String,
    /// Its rule area.
    pub area: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Why it was skipped or erred.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The assertions checked before the case ended, in the format's order.
    pub checks: Vec<Check>,
}

impl Verdict {
    /// The failed checks.
    pub fn failures(&self) -> impl Iterator<Item = &Check> {
        self.checks.iter().filter(|c| !c.passed)
    }
}

/// Counts of outcomes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases skipped.
    pub skipped: usize,
    /// Cases that erred.
    pub errors: usize,
}

impl Tally {
    /// Counts the outcomes of `verdicts`.
    pub fn of<'v>(verdicts: impl IntoIterator<Item = &'v Verdict>) -> Tally {
        let mut tally = Tally::default();
        for v in verdicts {
            tally.add(v.outcome);
        }
        tally
    }

    /// Adds one outcome.
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Pass => self.passed += 1,
            Outcome::Fail => self.failed += 1,
            Outcome::Skip => self.skipped += 1,
            Outcome::Error => self.errors += 1,
        }
    }

    /// Whether nothing failed or erred.
    pub fn is_success(&self) -> bool {
        self.failed == 0 && self.errors == 0
    }

    /// The number of cases counted.
    pub fn total(&self) -> usize {
        self.passed + self.failed + self.skipped + self.errors
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} passed, {} failed, {} skipped, {} errors",
            self.passed, self.failed, self.skipped, self.errors
        )
    }
}
