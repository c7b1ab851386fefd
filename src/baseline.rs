//! Baselines: the cases an engine is known to fail, so CI can run the suite against an
//! implementation that is not (yet) conformant and still catch every change.
//!
//! A run checked against a baseline fails on a failure or error the baseline does not list (a
//! regression) and on a listed case that no longer fails (the entry is stale: remove it), so the
//! list cannot rot. The file is YAML: the engine it was written for and a map from case id to the
//! reason it fails.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::report::{Run, summary};
use crate::verdict::Outcome;

/// Known failures of one engine.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    /// The engine the baseline was written for (informative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// Case id to the reason it fails.
    #[serde(default, deserialize_with = "known_failures")]
    pub known_failures: BTreeMap<String, String>,
}

fn known_failures<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, String>, D::Error> {
    Ok(crate::case::unique_keys(deserializer)?.unwrap_or_default())
}

/// How a run compares with a baseline.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Listed cases that still fail or err, as expected.
    pub still_failing: Vec<String>,
    /// Cases that fail or err and are not listed: (id, what went wrong).
    pub new_failures: Vec<(String, String)>,
    /// Listed cases that no longer fail: (id, why the entry is stale).
    pub stale: Vec<(String, String)>,
}

impl Comparison {
    /// Whether the run matches the baseline exactly.
    pub fn is_clean(&self) -> bool {
        self.new_failures.is_empty() && self.stale.is_empty()
    }

    /// A readable account, for the end of a text report.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "baseline: {} known failure(s) still fail, {} new failure(s), {} stale entr{}",
            self.still_failing.len(),
            self.new_failures.len(),
            self.stale.len(),
            if self.stale.len() == 1 { "y" } else { "ies" }
        );
        for (id, what) in &self.new_failures {
            let _ = writeln!(out, "  new failure  {id}: {what}");
        }
        for (id, why) in &self.stale {
            let _ = writeln!(
                out,
                "  stale entry  {id}: {why}; remove it from the baseline"
            );
        }
        out
    }
}

impl Baseline {
    /// Reads a baseline file.
    ///
    /// # Errors
    ///
    /// A message naming the file, and the line and column for a YAML error.
    pub fn load(path: &Path) -> Result<Baseline, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: cannot read the baseline: {e}", path.display()))?;
        serde_yaml_ng::from_str(&text).map_err(|e| {
            let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
            format!(
                "{}:{line}:{column}: not a valid baseline: {e}",
                path.display()
            )
        })
    }

    /// The baseline a run calls for: every case that failed or erred, with the reason kept from
    /// `previous` where it lists the case, else the first wrong answer or the error.
    pub fn from_run(run: &Run, previous: Option<&Baseline>) -> Baseline {
        let known_failures = run
            .results
            .iter()
            .filter(|(_, v)| matches!(v.outcome, Outcome::Fail | Outcome::Error))
            .map(|(_, v)| {
                let reason = previous
                    .and_then(|b| b.known_failures.get(&v.id).cloned())
                    .unwrap_or_else(|| summary(v));
                (v.id.clone(), reason)
            })
            .collect();
        Baseline {
            engine: Some(run.engine.to_string()),
            known_failures,
        }
    }

    /// The YAML text of the baseline, with a header saying how it is used.
    pub fn to_yaml(&self) -> String {
        let body = serde_yaml_ng::to_string(self).expect("a baseline serializes");
        format!(
            "# Cases this engine is known to fail, each with the reason. A run with --baseline\n\
             # fails on any other failure, and on a case listed here that no longer fails.\n{body}"
        )
    }

    /// Compares a run with the baseline. Entries for cases the run did not include are ignored
    /// when `partial` (a filtered run), and stale otherwise.
    pub fn compare(&self, run: &Run, partial: bool) -> Comparison {
        let mut comparison = Comparison::default();
        let mut seen = std::collections::BTreeSet::new();
        for (_, verdict) in &run.results {
            seen.insert(verdict.id.as_str());
            let listed = self.known_failures.contains_key(&verdict.id);
            match (verdict.outcome, listed) {
                (Outcome::Fail | Outcome::Error, true) => {
                    comparison.still_failing.push(verdict.id.clone())
                }
                (Outcome::Fail | Outcome::Error, false) => comparison
                    .new_failures
                    .push((verdict.id.clone(), summary(verdict))),
                (Outcome::Pass, true) => comparison
                    .stale
                    .push((verdict.id.clone(), "it passes now".into())),
                (Outcome::Skip, true) => comparison.stale.push((
                    verdict.id.clone(),
                    format!(
                        "it is skipped now ({})",
                        verdict.reason.as_deref().unwrap_or("no reason")
                    ),
                )),
                (Outcome::Pass | Outcome::Skip, false) => {}
            }
        }
        if !partial {
            for id in self.known_failures.keys() {
                if !seen.contains(id.as_str()) {
                    comparison
                        .stale
                        .push((id.clone(), "no case has this id".into()));
                }
            }
        }
        comparison
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::{Catalogue, Source};
    use crate::reference::Reference;

    fn catalogue() -> Catalogue {
        let text = "cases:\n  - id: moves/ok\n    title: t\n    rule: '3.10.1'\n    fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n    expect: { move_count: 20 }\n  - id: moves/wrong\n    title: t\n    rule: '3.10.1'\n    fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n    expect: { move_count: 21 }\n";
        Catalogue::from_sources(
            [Source {
                name: "moves.yaml".into(),
                text: text.into(),
            }],
            [],
        )
        .unwrap()
    }

    #[test]
    fn a_new_failure_and_a_stale_entry_both_fail_the_comparison() {
        let catalogue = catalogue();
        let run = Run::new(&mut Reference::new(), &catalogue);
        let written = Baseline::from_run(&run, None);
        assert_eq!(
            written.known_failures.keys().collect::<Vec<_>>(),
            ["moves/wrong"]
        );
        assert!(written.known_failures["moves/wrong"].contains("expected 21, actual 20"));
        assert!(written.compare(&run, false).is_clean());

        let empty = Baseline::default();
        let c = empty.compare(&run, false);
        assert_eq!(c.new_failures.len(), 1);
        assert!(!c.is_clean());

        let mut stale = written.clone();
        stale
            .known_failures
            .insert("moves/ok".into(), "was broken".into());
        stale
            .known_failures
            .insert("moves/gone".into(), "removed".into());
        let c = stale.compare(&run, false);
        assert_eq!(
            c.stale
                .iter()
                .map(|(id, _)| id.as_str())
                .collect::<Vec<_>>(),
            ["moves/ok", "moves/gone"]
        );
        // A filtered run does not call unknown entries stale.
        assert_eq!(stale.compare(&run, true).stale.len(), 1);
    }

    #[test]
    fn round_trips_and_keeps_reasons() {
        let catalogue = catalogue();
        let run = Run::new(&mut Reference::new(), &catalogue);
        let mut previous = Baseline::default();
        previous
            .known_failures
            .insert("moves/wrong".into(), "a hand-written reason".into());
        let written = Baseline::from_run(&run, Some(&previous));
        assert_eq!(
            written.known_failures["moves/wrong"],
            "a hand-written reason"
        );
        let again: Baseline = serde_yaml_ng::from_str(&written.to_yaml()).unwrap();
        assert_eq!(again, written);
        let dup = "known_failures:\n  a/b: x\n  a/b: y\n";
        assert!(serde_yaml_ng::from_str::<Baseline>(dup).is_err());
    }
}
