//! Baselines: the cases an engine is known to fail, so CI can run the suite against an
//! implementation that is not (yet) conformant and still catch every change.
//!
//! Each entry names a case, why it fails, and which of its assertions fail (or err) and which
//! are skipped. A run checked against a baseline fails on a regression (a case the baseline
//! does not list that fails, or a listed case that now fails on another assertion too) and on
//! a stale entry (a listed case, or assertion, that no longer fails, or whose skipped
//! assertions changed), so the list cannot rot. The file is YAML: the engine it was written
//! for and a map from case id to its entry. An entry may also be the reason alone (a string):
//! the case is then compared as a whole.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::catalogue::{Catalogue, Version};
use crate::report::{Run, summary};
use crate::verdict::{Outcome, Verdict};

/// Known failures of one engine.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    /// The engine the baseline was written for (informative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// The version of the catalogue it was written against (absent from a baseline written
    /// before catalogues had versions): a run over a later catalogue tells the cases new since.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalogue_version: Option<String>,
    /// Case id to why and where it fails.
    #[serde(default, deserialize_with = "known_failures")]
    pub known_failures: BTreeMap<String, KnownFailure>,
}

/// One case an engine is known to fail.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct KnownFailure {
    /// Why it fails: the first wrong answer when written by `--write-baseline`, or a person's
    /// words, kept when the baseline is written again.
    pub reason: String,
    /// The assertions that fail or err; `None` for an entry that gives the reason alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fails: Option<Vec<String>>,
    /// The assertions not asked (the engine lacks what they need).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<String>,
}

impl From<&str> for KnownFailure {
    /// An entry that gives the reason alone.
    fn from(reason: &str) -> KnownFailure {
        KnownFailure {
            reason: reason.to_owned(),
            ..KnownFailure::default()
        }
    }
}

impl<'de> Deserialize<'de> for KnownFailure {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<KnownFailure, D::Error> {
        #[derive(Deserialize)]
        #[serde(deny_unknown_fields)]
        struct Entry {
            reason: String,
            #[serde(default)]
            fails: Option<Vec<String>>,
            #[serde(default)]
            skipped: Vec<String>,
        }
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Form {
            Reason(String),
            Entry(Entry),
        }
        Ok(
            match Form::deserialize(deserializer).map_err(|_| {
                serde::de::Error::custom(
                    "a known failure is a reason (a string) or `{ reason, fails, skipped }`",
                )
            })? {
                Form::Reason(reason) => KnownFailure {
                    reason,
                    ..KnownFailure::default()
                },
                Form::Entry(e) => KnownFailure {
                    reason: e.reason,
                    fails: e.fails,
                    skipped: e.skipped,
                },
            },
        )
    }
}

fn known_failures<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<BTreeMap<String, KnownFailure>, D::Error> {
    Ok(crate::assertion::unique_keys(deserializer)?.unwrap_or_default())
}

/// How a run compares with a baseline.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Comparison {
    /// Listed cases that still fail or err, as expected.
    pub still_failing: Vec<String>,
    /// Cases that fail or err and are not listed, or fail on an assertion their entry does
    /// not list: (id, what went wrong).
    pub new_failures: Vec<(String, String)>,
    /// Listed cases or assertions that no longer fail, or whose skipped assertions changed:
    /// (id, why the entry is stale).
    pub stale: Vec<(String, String)>,
    /// The cases new since the catalogue version the baseline was written against, when the
    /// run's catalogue is a later one ([`Baseline::new_since`]).
    pub new_since: Option<NewSince>,
}

/// The cases of a run that are new since the catalogue version a baseline was written
/// against: they count with the rest, and are shown apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSince {
    /// The baseline's catalogue version.
    pub since: Version,
    /// The run's.
    pub now: Version,
    /// Each new case of the run: its id, its outcome and, for a failure or an error, what went
    /// wrong; in catalogue order.
    pub cases: Vec<(String, Outcome, Option<String>)>,
}

impl NewSince {
    /// How many of the new cases ended each way.
    pub fn tally(&self) -> crate::verdict::Tally {
        let mut tally = crate::verdict::Tally::default();
        for (_, outcome, _) in &self.cases {
            match outcome {
                Outcome::Pass => tally.passed += 1,
                Outcome::Fail => tally.failed += 1,
                Outcome::Skip => tally.skipped += 1,
                Outcome::Error => tally.errors += 1,
            }
        }
        tally
    }

    /// A readable account: the count, the tally, each failure and error, and the ids of the
    /// others (the first [`crate::report::GROUP_IDS_SHOWN`] of each outcome).
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "catalogue: the baseline was written against {}, this is {}: {} new since {} \
             (counted with the rest): {}",
            self.since,
            self.now,
            crate::report::plural(self.cases.len(), "case"),
            self.since,
            self.tally()
        );
        for (id, outcome, what) in &self.cases {
            if let Some(what) = what {
                let _ = writeln!(
                    out,
                    "  new {}  {}: {}",
                    outcome_word(*outcome),
                    crate::report::shown(id),
                    crate::report::shown(what)
                );
            }
        }
        for outcome in [Outcome::Pass, Outcome::Skip] {
            let ids: Vec<&str> = self
                .cases
                .iter()
                .filter(|(_, o, _)| *o == outcome)
                .map(|(id, _, _)| id.as_str())
                .collect();
            if ids.is_empty() {
                continue;
            }
            let shown: Vec<String> = ids
                .iter()
                .take(crate::report::GROUP_IDS_SHOWN)
                .map(|id| crate::report::shown(id).into_owned())
                .collect();
            let rest = ids.len() - shown.len();
            let _ = writeln!(
                out,
                "  new {}  {}{}",
                outcome_word(outcome),
                shown.join(", "),
                if rest > 0 {
                    format!(", and {rest} others")
                } else {
                    String::new()
                }
            );
        }
        out
    }
}

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Pass => "pass ",
        Outcome::Fail => "fail ",
        Outcome::Skip => "skip ",
        Outcome::Error => "error",
    }
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
            let _ = writeln!(out, "  stale entry  {id}: {why}; update the baseline");
        }
        if let Some(new_since) = &self.new_since {
            out.push_str(&new_since.describe());
        }
        out
    }
}

/// The labels of a verdict's checks that ended one of these ways.
fn labels(verdict: &Verdict, outcomes: &[Outcome]) -> Vec<String> {
    verdict
        .checks
        .iter()
        .filter(|c| outcomes.contains(&c.outcome))
        .map(|c| c.assertion.clone())
        .collect()
}

fn listed(labels: &[String]) -> String {
    format!("[{}]", labels.join(", "))
}

/// The reference's own baseline, `baselines/reference-shakmaty.yaml`, embedded: the cases where
/// shakmaty disagrees with the rules (and the case is right), each with why.
const REFERENCE: &str = include_str!("../baselines/reference-shakmaty.yaml");

impl Baseline {
    /// The known failures of the built-in reference engine: the cases where shakmaty
    /// disagrees with the rules (the catalogue, not shakmaty, is the oracle).
    ///
    /// # Panics
    ///
    /// If the shipped file does not read, which its own test rules out.
    pub fn reference() -> Baseline {
        serde_yaml_ng::from_str(REFERENCE).expect("baselines/reference-shakmaty.yaml reads")
    }

    /// Reads a baseline file, through the one bounded reader ([`crate::InputFile::BASELINE`]:
    /// a regular file of at most 16 MiB), then [`Baseline::from_yaml`].
    ///
    /// # Errors
    ///
    /// A message naming the file, and the line and column for a YAML error.
    pub fn load(path: &Path) -> Result<Baseline, String> {
        let text = crate::InputFile::BASELINE
            .read(path)
            .map_err(|e| format!("{}: {e} (the baseline)", path.display()))?;
        Baseline::from_yaml(&text).map_err(|e| format!("{}:{e}", path.display()))
    }

    /// Reads a baseline's text, held to the case files' limits: screened first
    /// (`locate::scan`: no anchor or alias, which would let a small file ask serde for
    /// gigabytes, no nesting past 64 levels, no key written twice), then read strictly.
    ///
    /// # Errors
    ///
    /// `LINE:COLUMN: not a valid baseline: WHAT`.
    pub fn from_yaml(text: &str) -> Result<Baseline, String> {
        if let Some(refusal) = crate::locate::scan(text).refusal {
            let (line, column) = refusal.mark;
            return Err(format!(
                "{line}:{column}: not a valid baseline: {}",
                refusal
                    .message
                    .replace("the case format", "a baseline")
                    .replace("a case file", "a baseline")
            ));
        }
        let baseline: Baseline = serde_yaml_ng::from_str(text).map_err(|e| {
            let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
            format!("{line}:{column}: not a valid baseline: {e}")
        })?;
        if let Some(version) = &baseline.catalogue_version {
            version.parse::<Version>().map_err(|e| {
                let line = text
                    .lines()
                    .position(|l| l.starts_with("catalogue_version"))
                    .map_or(0, |n| n + 1);
                format!("{line}:1: not a valid baseline: catalogue_version: {e}")
            })?;
        }
        Ok(baseline)
    }

    /// The baseline a run calls for: every case that failed or erred, with the assertions that
    /// failed and were skipped, and the reason kept from `previous` where it lists the case,
    /// else the first wrong answer or the error.
    pub fn from_run(run: &Run, previous: Option<&Baseline>) -> Baseline {
        let known_failures = run
            .results
            .iter()
            .filter(|(_, v)| matches!(v.outcome, Outcome::Fail | Outcome::Error))
            .map(|(_, v)| {
                let reason = previous
                    .and_then(|b| b.known_failures.get(&v.id))
                    .map_or_else(|| summary(v), |k| k.reason.clone());
                let entry = KnownFailure {
                    reason,
                    fails: Some(labels(v, &[Outcome::Fail, Outcome::Error])),
                    skipped: labels(v, &[Outcome::Skip]),
                };
                (v.id.clone(), entry)
            })
            .collect();
        Baseline {
            engine: Some(run.engine.to_string()),
            catalogue_version: run.catalogue_version.map(|v| v.to_string()),
            known_failures,
        }
    }

    /// The YAML text of the baseline, with a header saying how it is used: an entry to a few
    /// lines, lists of assertions on one line each, so that a change reads as a short diff.
    pub fn to_yaml(&self) -> String {
        // JSON strings are YAML double-quoted scalars: every label and reason reads back as
        // written, whatever it contains.
        // ... except the line breaks YAML has and JSON has not (NEL, LS, PS), and the BOM,
        // which JSON leaves raw and YAML would fold or drop: escaped (found by the fuzz target).
        let quote = |s: &str| {
            serde_json::to_string(s)
                .expect("a string serializes")
                .replace('\u{85}', "\\u0085")
                .replace('\u{2028}', "\\u2028")
                .replace('\u{2029}', "\\u2029")
                .replace('\u{feff}', "\\ufeff")
        };
        let flow = |items: &[String]| {
            let quoted: Vec<String> = items.iter().map(|s| quote(s)).collect();
            format!("[{}]", quoted.join(", "))
        };
        let mut out = String::from(
            "# Cases this engine is known to fail, each with the reason, the assertions that fail\n\
             # and those skipped. A run with --baseline fails on any other failure, and on an\n\
             # entry that no longer matches (a case or assertion that passes now).\n",
        );
        if let Some(engine) = &self.engine {
            let _ = writeln!(out, "engine: {}", quote(engine));
        }
        if let Some(version) = &self.catalogue_version {
            let _ = writeln!(out, "catalogue_version: {}", quote(version));
        }
        if self.known_failures.is_empty() {
            out.push_str("known_failures: {}\n");
            return out;
        }
        out.push_str("known_failures:\n");
        // An id (lower-case letters, digits, `-_./`, a letter or digit first) is a plain scalar.
        let key = |id: &str| {
            let plain = id.chars().next().is_some_and(|c| c.is_ascii_alphanumeric())
                && id
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_./".contains(c));
            if plain { id.to_owned() } else { quote(id) }
        };
        for (id, entry) in &self.known_failures {
            let _ = writeln!(out, "  {}:", key(id));
            let _ = writeln!(out, "    reason: {}", quote(&entry.reason));
            if let Some(fails) = &entry.fails {
                let _ = writeln!(out, "    fails: {}", flow(fails));
            }
            if !entry.skipped.is_empty() {
                let _ = writeln!(out, "    skipped: {}", flow(&entry.skipped));
            }
        }
        out
    }

    /// The cases of `run` new since the catalogue version the baseline was written against,
    /// by the record of `catalogue` (the run's): none when either has no version, or the run's
    /// is not later, or there is no record.
    ///
    /// # Errors
    ///
    /// A baseline whose `catalogue_version` is not a version.
    pub fn new_since(&self, run: &Run, catalogue: &Catalogue) -> Result<Option<NewSince>, String> {
        let Some(written) = &self.catalogue_version else {
            return Ok(None);
        };
        let since: Version = written
            .parse()
            .map_err(|e| format!("the baseline's catalogue_version: {e}"))?;
        let (Some(now), Some(record)) = (run.catalogue_version, catalogue.record()) else {
            return Ok(None);
        };
        if now <= since {
            return Ok(None);
        }
        let cases = run
            .results
            .iter()
            .filter(|(case, _)| record.is_new_since(since, case))
            .map(|(_, v)| {
                let what = matches!(v.outcome, Outcome::Fail | Outcome::Error).then(|| summary(v));
                (v.id.clone(), v.outcome, what)
            })
            .collect();
        Ok(Some(NewSince { since, now, cases }))
    }

    /// Compares a run with the baseline. Entries for cases the run did not include are ignored
    /// when `partial` (a filtered run), and stale otherwise.
    pub fn compare(&self, run: &Run, partial: bool) -> Comparison {
        let mut comparison = Comparison::default();
        let mut seen = std::collections::BTreeSet::new();
        for (_, verdict) in &run.results {
            seen.insert(verdict.id.as_str());
            self.compare_verdict(verdict, &mut comparison);
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

    /// Compares one verdict with its entry (or its absence), adding to `comparison`.
    pub fn compare_verdict(&self, verdict: &Verdict, comparison: &mut Comparison) {
        let id = &verdict.id;
        let entry = self.known_failures.get(id);
        match (verdict.outcome, entry) {
            (Outcome::Fail | Outcome::Error, Some(entry)) => {
                let before = comparison.new_failures.len() + comparison.stale.len();
                compare_entry(verdict, entry, comparison);
                if comparison.new_failures.len() + comparison.stale.len() == before {
                    comparison.still_failing.push(id.clone());
                }
            }
            (Outcome::Fail | Outcome::Error, None) => {
                comparison.new_failures.push((id.clone(), summary(verdict)))
            }
            (Outcome::Pass, Some(_)) => comparison.stale.push((id.clone(), "it passes now".into())),
            (Outcome::Skip, Some(_)) => comparison.stale.push((
                id.clone(),
                format!(
                    "it is skipped now ({})",
                    verdict.reason.as_deref().unwrap_or("no reason")
                ),
            )),
            (Outcome::Pass | Outcome::Skip, None) => {}
        }
    }
}

/// A listed case that still fails: does it fail on the same assertions, and skip the same?
fn compare_entry(verdict: &Verdict, entry: &KnownFailure, comparison: &mut Comparison) {
    let id = &verdict.id;
    if let Some(fails) = &entry.fails {
        let known: BTreeSet<&String> = fails.iter().collect();
        let newly: Vec<&crate::verdict::Check> = verdict
            .checks
            .iter()
            .filter(|c| matches!(c.outcome, Outcome::Fail | Outcome::Error))
            .filter(|c| !known.contains(&c.assertion))
            .collect();
        if let Some(first) = newly.first() {
            let what = match first.outcome {
                Outcome::Error => first.reason.clone().unwrap_or_default(),
                _ => format!("expected {}, actual {}", first.expected, first.actual),
            };
            let names: Vec<String> = newly.iter().map(|c| c.assertion.clone()).collect();
            comparison.new_failures.push((
                id.clone(),
                format!(
                    "it now fails on {} too ({}: {what})",
                    listed_of(&names),
                    first.assertion
                ),
            ));
        }
        let passing: Vec<String> = fails
            .iter()
            .filter(|label| {
                verdict
                    .checks
                    .iter()
                    .find(|c| &c.assertion == *label)
                    .is_none_or(|c| c.outcome == Outcome::Pass)
            })
            .cloned()
            .collect();
        if !passing.is_empty() {
            comparison.stale.push((
                id.clone(),
                format!(
                    "{} no longer fail{}",
                    listed(&passing),
                    if passing.len() == 1 { "s" } else { "" }
                ),
            ));
        }
        let skipped_now = labels(verdict, &[Outcome::Skip]);
        if skipped_now != entry.skipped {
            comparison.stale.push((
                id.clone(),
                format!(
                    "it skips {} now, not {}",
                    listed(&skipped_now),
                    listed(&entry.skipped)
                ),
            ));
        }
    }
}

fn listed_of(labels: &[String]) -> String {
    labels.join(", ")
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
        let entry = &written.known_failures["moves/wrong"];
        assert!(entry.reason.contains("expected 21, actual 20"));
        assert_eq!(entry.fails.as_deref(), Some(&["move_count".to_owned()][..]));
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
            written.known_failures["moves/wrong"].reason,
            "a hand-written reason"
        );
        let again: Baseline = serde_yaml_ng::from_str(&written.to_yaml()).unwrap();
        assert_eq!(again, written);
        let dup = "known_failures:\n  a/b: x\n  a/b: y\n";
        assert!(serde_yaml_ng::from_str::<Baseline>(dup).is_err());
    }

    #[test]
    fn a_reason_with_yaml_line_breaks_round_trips() {
        // NEL, LS and PS are line breaks in YAML and not in JSON (the fuzz target `baseline`).
        let mut written = Baseline::default();
        let reason = "a\u{85}b\u{2028}c\u{2029}d\u{feff}e";
        written
            .known_failures
            .insert("moves/wrong".into(), reason.into());
        let again = Baseline::from_yaml(&written.to_yaml()).unwrap();
        assert_eq!(again.known_failures["moves/wrong"].reason, reason);
    }

    #[test]
    fn a_known_case_failing_on_another_assertion_is_a_new_failure() {
        let text = "cases:\n  - id: moves/two\n    title: t\n    rule: '3.10.1'\n    fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n    expect: { move_count: 21, legal: [e2e5] }\n";
        let catalogue = Catalogue::from_sources(
            [Source {
                name: "moves.yaml".into(),
                text: text.into(),
            }],
            [],
        )
        .unwrap();
        let run = Run::new(&mut Reference::new(), &catalogue);
        let written = Baseline::from_run(&run, None);
        assert_eq!(
            written.known_failures["moves/two"].fails.as_deref(),
            Some(&["legal".to_owned(), "move_count".to_owned()][..])
        );
        assert!(written.compare(&run, false).is_clean());
        // An entry that knows one of the two: the other is a regression.
        let mut one = written.clone();
        one.known_failures.get_mut("moves/two").unwrap().fails = Some(vec!["move_count".into()]);
        let c = one.compare(&run, false);
        assert_eq!(c.new_failures.len(), 1, "{c:?}");
        assert!(
            c.new_failures[0].1.contains("now fails on legal too"),
            "{c:?}"
        );
        // An entry listing an assertion that passes: stale.
        let mut more = written.clone();
        more.known_failures
            .get_mut("moves/two")
            .unwrap()
            .fails
            .as_mut()
            .unwrap()
            .push("check".into());
        let c = more.compare(&run, false);
        assert_eq!(c.stale.len(), 1, "{c:?}");
        assert!(c.stale[0].1.contains("[check] no longer fails"), "{c:?}");
        // A reason alone compares the case as a whole.
        let mut whole = Baseline::default();
        whole
            .known_failures
            .insert("moves/two".into(), "by hand".into());
        assert!(whole.compare(&run, false).is_clean());
        // And the file reads back, in both forms.
        let again: Baseline = serde_yaml_ng::from_str(&written.to_yaml()).unwrap();
        assert_eq!(again, written);
        let short: Baseline =
            serde_yaml_ng::from_str("known_failures:\n  moves/two: by hand\n").unwrap();
        assert_eq!(short, whole);
        assert!(
            serde_yaml_ng::from_str::<Baseline>("known_failures:\n  a/b: { why: x }\n").is_err()
        );
    }

    /// A catalogue of version 1.1.0 whose record says `moves/wrong` came with 1.1.0.
    fn catalogue_of_1_1() -> Catalogue {
        let record = crate::catalogue::Lock::parse(
            "release 1.0.0\nrelease 1.1.0\ncase moves/ok 000000000001 1.0.0\n\
             case moves/wrong 000000000002 1.1.0\n",
        )
        .unwrap();
        catalogue().versioned(Some("1.1.0".parse().unwrap()), Some(record))
    }

    #[test]
    fn a_written_baseline_names_its_catalogue_and_an_older_one_still_reads() {
        let catalogue = catalogue_of_1_1();
        let run = Run::new(&mut Reference::new(), &catalogue);
        let written = Baseline::from_run(&run, None);
        assert_eq!(written.catalogue_version.as_deref(), Some("1.1.0"));
        let yaml = written.to_yaml();
        assert!(yaml.contains("\ncatalogue_version: \"1.1.0\"\n"), "{yaml}");
        assert_eq!(serde_yaml_ng::from_str::<Baseline>(&yaml).unwrap(), written);
        // A baseline from before catalogues had versions reads, and tells nothing new.
        let older: Baseline =
            serde_yaml_ng::from_str("engine: x\nknown_failures:\n  moves/wrong: old\n").unwrap();
        assert_eq!(older.catalogue_version, None);
        assert_eq!(older.new_since(&run, &catalogue), Ok(None));
        // An unversioned catalogue has no version to write.
        let plain = super::tests::catalogue();
        let run = Run::new(&mut Reference::new(), &plain);
        assert_eq!(Baseline::from_run(&run, None).catalogue_version, None);
        assert!(
            !Baseline::from_run(&run, None)
                .to_yaml()
                .contains("catalogue_version")
        );
    }

    #[test]
    fn a_baseline_of_an_older_catalogue_shows_the_cases_new_since_apart() {
        let catalogue = catalogue_of_1_1();
        let run = Run::new(&mut Reference::new(), &catalogue);
        let baseline = Baseline {
            catalogue_version: Some("1.0.0".into()),
            ..Baseline::default()
        };
        let mut comparison = baseline.compare(&run, false);
        comparison.new_since = baseline.new_since(&run, &catalogue).unwrap();
        let new = comparison
            .new_since
            .as_ref()
            .expect("1.0.0 is older than 1.1.0");
        assert_eq!(new.since.to_string(), "1.0.0");
        assert_eq!(new.now.to_string(), "1.1.0");
        assert_eq!(
            new.cases
                .iter()
                .map(|(id, o, _)| (id.as_str(), *o))
                .collect::<Vec<_>>(),
            [("moves/wrong", Outcome::Fail)]
        );
        // The new case still counts: its failure is a new failure of the comparison.
        assert_eq!(comparison.new_failures.len(), 1);
        let text = comparison.describe();
        assert!(
            text.contains(
                "catalogue: the baseline was written against 1.0.0, this is 1.1.0: 1 case new \
                 since 1.0.0 (counted with the rest): 0 passed, 1 failed, 0 skipped, 0 errors\n  \
                 new fail   moves/wrong: move_count: expected 21, actual 20"
            ),
            "{text}"
        );
        // Against the same version, or with a baseline of a later one, nothing is new.
        for same in ["1.1.0", "2.0.0"] {
            let b = Baseline {
                catalogue_version: Some(same.into()),
                ..Baseline::default()
            };
            assert_eq!(b.new_since(&run, &catalogue), Ok(None), "{same}");
        }
        let bad = Baseline {
            catalogue_version: Some("one".into()),
            ..Baseline::default()
        };
        assert!(
            bad.new_since(&run, &catalogue)
                .unwrap_err()
                .contains("`one` is not a version")
        );
    }
}
