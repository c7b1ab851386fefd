//! Verdicts: what the harness concluded about one case and one engine.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The four ways an assertion, or a case, can end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// The answer was right; for a case, every assertion asked held.
    Pass,
    /// The engine answered, and the answer was wrong (for a case: at least one).
    Fail,
    /// Not asked: the engine does not offer a capability the assertion needs, said it does not
    /// answer, or a limit of the run left it out (for a case: nothing could be asked).
    Skip,
    /// The engine could not answer: it refused a valid position, panicked, crashed, or returned
    /// something that is not an answer (for a case: at least one assertion).
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

/// One assertion checked: what was expected, what the engine answered, and how it ended.
/// Read back (`report --html`) as the JSON report writes it, nothing more.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Check {
    /// The assertion, with its argument where it has one (`legal`, `perft 3`, `san e1g1`).
    pub assertion: String,
    /// The expected answer.
    pub expected: String,
    /// The engine's answer, or how it differs; empty when it was not asked or did not answer.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub actual: String,
    /// How the assertion ended: pass, fail, skip (not asked) or error (no answer).
    pub outcome: Outcome,
    /// Why it was skipped or erred.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Check {
    /// Whether the answer was right.
    pub fn passed(&self) -> bool {
        self.outcome == Outcome::Pass
    }
}

/// The result of one case against one engine: one [`Check`] per assertion, and the case's
/// outcome from them: an error if an assertion erred, else a failure if one failed, else a pass
/// if one was asked, else (nothing could be asked) a skip. Read back (in a
/// [`crate::report::Report`]) as the JSON report writes it; whether its outcome and reason are
/// those its checks give is [`crate::report::Report::from_json`]'s to check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// The case id.
    pub id: String,
    /// Its rule area.
    pub area: String,
    /// How it ended.
    pub outcome: Outcome,
    /// Why it was skipped (every reason its assertions were skipped for) or erred (the first
    /// error).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The assertions, in the format's order.
    pub checks: Vec<Check>,
}

impl Verdict {
    /// The failed checks.
    pub fn failures(&self) -> impl Iterator<Item = &Check> {
        self.with(Outcome::Fail)
    }

    /// The checks that erred.
    pub fn errors(&self) -> impl Iterator<Item = &Check> {
        self.with(Outcome::Error)
    }

    /// The checks that were not asked.
    pub fn skipped(&self) -> impl Iterator<Item = &Check> {
        self.with(Outcome::Skip)
    }

    fn with(&self, outcome: Outcome) -> impl Iterator<Item = &Check> {
        self.checks.iter().filter(move |c| c.outcome == outcome)
    }

    /// Whether the engine was asked something but not everything: a pass or a failure with
    /// some assertions skipped.
    pub fn partly_skipped(&self) -> bool {
        matches!(self.outcome, Outcome::Pass | Outcome::Fail) && self.skipped().next().is_some()
    }
}

/// Counts of outcomes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    /// Cases that passed.
    pub passed: usize,
    /// Cases that failed.
    pub failed: usize,
    /// Cases skipped.
    pub skipped: usize,
    /// Cases that erred.
    pub errors: usize,
    /// Of the cases that passed or failed, those with some assertions skipped.
    pub partly_skipped: usize,
}

impl Tally {
    /// Counts the outcomes of `verdicts`.
    pub fn of<'v>(verdicts: impl IntoIterator<Item = &'v Verdict>) -> Tally {
        let mut tally = Tally::default();
        for v in verdicts {
            tally.count(v);
        }
        tally
    }

    /// Counts one verdict.
    pub fn count(&mut self, verdict: &Verdict) {
        self.add(verdict.outcome);
        self.partly_skipped += usize::from(verdict.partly_skipped());
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
