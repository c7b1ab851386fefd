//! The comparison of two run reports, case by case: what each shared case's verdict became
//! ([`Change`]), the cases only one report has, and the counts by rule area. Nothing here
//! writes; `render.rs` turns a [`Diff`] into text, Markdown or JSON.
//!
//! A case's cause is its group's key in the core's grouping ([`Report::grouped`], run afresh on
//! both reports so that two reports written by different versions of the grouping compare
//! alike): a case that failed both times on the same assertions but in another way (another
//! set of moves refused, another error) changed its cause.
//!
//! A case's expectation changed when the two reports carry two content ids for it (the hash of
//! its position, history and expectation, `content_id`): a catalogue upgrade. That is seen
//! whether or not its verdict changed, and only where both reports carry the ids (reports
//! written before them do not: [`Diff::expectations_seen`] is then false, and a note says so).

use std::collections::{BTreeSet, HashMap, HashSet};

use chess_conformance::{Check, Outcome, Report, ReportVerdict, Tally, Verdict};
use serde::Serialize;

/// How a case's verdict changed from the older report to the newer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Change {
    /// It passed, and now fails or errs.
    Broken,
    /// It failed or erred both times, but on another set of assertions, with another outcome
    /// or for another cause.
    FailingDifferently,
    /// It failed or erred, and now passes.
    Fixed,
    /// It was skipped and now is asked (or the reverse), or it is skipped for another reason,
    /// or other assertions of it are skipped.
    SkipsChanged,
    /// Its verdict did not change, but its expectation did: the two reports carry two content
    /// ids for it (another catalogue). A case whose verdict changed too keeps its verdict's
    /// change, with [`CaseChange::expectation_changed`], and is listed under both.
    ExpectationChanged,
    /// Only the newer report has it.
    Added,
    /// Only the older report has it.
    Removed,
}

impl Change {
    /// Every change, in the order the reports list them: what got worse first.
    pub(crate) const ALL: [Change; 7] = [
        Change::Broken,
        Change::FailingDifferently,
        Change::Fixed,
        Change::SkipsChanged,
        Change::ExpectationChanged,
        Change::Added,
        Change::Removed,
    ];

    /// `broken`, `failing differently`, ...: how the reports name it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Change::Broken => "broken",
            Change::FailingDifferently => "failing differently",
            Change::Fixed => "fixed",
            Change::SkipsChanged => "skips changed",
            Change::ExpectationChanged => "expectation changed",
            Change::Added => "added",
            Change::Removed => "removed",
        }
    }
}

/// How many cases changed each way.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Counts {
    /// Passed, now fail or err.
    pub broken: usize,
    /// Failed or erred both times, otherwise.
    pub failing_differently: usize,
    /// Failed or erred, now pass.
    pub fixed: usize,
    /// Skipped otherwise.
    pub skips_changed: usize,
    /// Their expectation changed (their verdict changed or not): 0 when the reports carry no
    /// content ids ([`Diff::expectations_seen`]).
    pub expectation_changed: usize,
    /// Only in the newer report.
    pub added: usize,
    /// Only in the older report.
    pub removed: usize,
}

impl Counts {
    /// The count of `change`.
    pub(crate) fn get(&self, change: Change) -> usize {
        match change {
            Change::Broken => self.broken,
            Change::FailingDifferently => self.failing_differently,
            Change::Fixed => self.fixed,
            Change::SkipsChanged => self.skips_changed,
            Change::ExpectationChanged => self.expectation_changed,
            Change::Added => self.added,
            Change::Removed => self.removed,
        }
    }

    /// Counts `case`: its change, and its expectation's when it changed with its verdict.
    fn add(&mut self, case: &CaseChange) {
        *match case.change {
            Change::Broken => &mut self.broken,
            Change::FailingDifferently => &mut self.failing_differently,
            Change::Fixed => &mut self.fixed,
            Change::SkipsChanged => &mut self.skips_changed,
            Change::ExpectationChanged => &mut self.expectation_changed,
            Change::Added => &mut self.added,
            Change::Removed => &mut self.removed,
        } += 1;
        if case.expectation_changed && case.change != Change::ExpectationChanged {
            self.expectation_changed += 1;
        }
    }

    /// Whether no case changed.
    pub(crate) fn is_empty(&self) -> bool {
        Change::ALL.iter().all(|&c| self.get(c) == 0)
    }
}

/// One report as the diff names it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Side {
    /// The file it was read from, as given.
    pub file: String,
    /// The engine, `name version`.
    pub engine: String,
    /// The catalogue's version; `None` when the report does not say.
    pub catalogue_version: Option<String>,
    /// Its totals.
    pub summary: Tally,
    /// Where it stopped, for an interrupted run (`interrupted by SIGINT after 6 of 40 cases`).
    pub interrupted: Option<String>,
}

impl Side {
    fn of(file: &str, report: &Report) -> Side {
        Side {
            file: file.to_owned(),
            engine: report.engine.to_string(),
            catalogue_version: report.catalogue_version.clone(),
            summary: report.summary,
            interrupted: report.interrupted.as_ref().map(ToString::to_string),
        }
    }

    /// `catalogue 1.0.0`, or `catalogue version unknown`.
    pub(crate) fn catalogue(&self) -> String {
        match &self.catalogue_version {
            Some(v) => format!("catalogue {v}"),
            None => "catalogue version unknown".to_owned(),
        }
    }
}

/// A case's verdict in one report, as the diff shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Seen {
    /// How it ended.
    pub outcome: Outcome,
    /// What to say of it: a wrong answer (`legal: expected [e1g1], actual not legal: [e1g1]`),
    /// an error's or a skip's reason, the assertions skipped; none for a plain pass.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// Its cause, for a failure or an error: its group's label in the core's grouping.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<String>,
}

/// One case that changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct CaseChange {
    /// How its verdict changed; [`Change::ExpectationChanged`] when only its expectation did.
    pub change: Change,
    /// The case id.
    pub id: String,
    /// Its rule area.
    pub area: String,
    /// Its title (the newer report's when both have it).
    pub title: String,
    /// Its verdict in the older report; none for a case added.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Seen>,
    /// Its verdict in the newer report; none for a case removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Seen>,
    /// Whether the reports carry two content ids for it: its position, history or expectation
    /// changed (another catalogue). False when either report carries none.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub expectation_changed: bool,
    /// Its place in the catalogue: in the newer report, or (removed) after it in the older's.
    #[serde(skip)]
    place: usize,
}

impl CaseChange {
    /// Whether the newer report fails or errs it where the older did not, or not that way:
    /// broken, failing differently, a skip now failing, a case added that fails.
    pub(crate) fn newly_failing(&self) -> bool {
        let bad = |s: &Option<Seen>| s.as_ref().is_some_and(|s| is_bad(s.outcome));
        match self.change {
            Change::Broken | Change::FailingDifferently => true,
            // A skip now asked and failing; not a failure as before with other skips.
            Change::SkipsChanged => bad(&self.new) && !bad(&self.old),
            Change::Added => bad(&self.new),
            // The catalogue's change, not the engine's.
            Change::Fixed | Change::ExpectationChanged | Change::Removed => false,
        }
    }
}

/// One rule area's changes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct AreaRow {
    /// The area.
    pub area: String,
    /// Its cases passed in the older report.
    pub old_passed: usize,
    /// Its cases passed in the newer report.
    pub new_passed: usize,
    /// Its cases in the older report.
    pub old_cases: usize,
    /// Its cases in the newer report.
    pub new_cases: usize,
    /// Its cases changed, by how.
    pub counts: Counts,
}

/// Two reports compared.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Diff {
    /// The older report.
    pub old: Side,
    /// The newer report.
    pub new: Side,
    /// The cases both reports have, compared.
    pub compared: usize,
    /// Of those, the cases whose verdict did not change.
    pub unchanged: usize,
    /// The cases one report has and the other, interrupted, did not reach: left out.
    pub not_reached: usize,
    /// Its cases changed, by how.
    pub counts: Counts,
    /// The areas where something changed, in the newer report's order, then the older's.
    pub areas: Vec<AreaRow>,
    /// Whether both reports carry every compared case's content id, so that a changed
    /// expectation is seen; when not, [`Counts::expectation_changed`] is 0 unseen, and a note
    /// says so.
    pub expectations_seen: bool,
    /// What the reader must know to read the counts: catalogue versions that differ, a report
    /// of an interrupted run, reports without content ids.
    pub notes: Vec<String>,
    /// The cases that changed, grouped by how ([`Change::ALL`]'s order), each group in the
    /// catalogue's order (the newer report's; the older's for cases removed).
    pub cases: Vec<CaseChange>,
}

impl Diff {
    /// The cases of `change`, in the catalogue's order: for [`Change::ExpectationChanged`],
    /// every case whose expectation changed, its verdict changed or not.
    pub(crate) fn of(&self, change: Change) -> Vec<&CaseChange> {
        if change == Change::ExpectationChanged {
            let mut cases: Vec<&CaseChange> = self
                .cases
                .iter()
                .filter(|c| c.expectation_changed)
                .collect();
            cases.sort_by_key(|c| c.place);
            return cases;
        }
        self.cases.iter().filter(|c| c.change == change).collect()
    }

    /// How many cases the newer report fails or errs where the older did not, or not that way
    /// ([`CaseChange::newly_failing`]).
    pub(crate) fn newly_failing(&self) -> usize {
        self.cases.iter().filter(|c| c.newly_failing()).count()
    }

    /// How a count is said: `3 broken`; `expectation changes not seen` for a count the reports
    /// cannot give.
    pub(crate) fn count_said(&self, change: Change) -> String {
        if change == Change::ExpectationChanged && !self.expectations_seen {
            return "expectation changes not seen".to_owned();
        }
        format!("{} {}", self.counts.get(change), change.name())
    }

    /// `12 broken, 1 failing differently, 0 fixed, 0 skips changed, 0 expectation changed, 0
    /// added, 0 removed; 82 of 95 cases compared unchanged`.
    pub(crate) fn counts_line(&self) -> String {
        let counts: Vec<String> = Change::ALL.iter().map(|&c| self.count_said(c)).collect();
        format!(
            "{}; {} of {} compared unchanged",
            counts.join(", "),
            self.unchanged,
            chess_conformance::report::plural(self.compared, "case"),
        )
    }
}

/// A cause's key, what tells two causes apart.
fn key(cause: Option<&(String, String)>) -> Option<&str> {
    cause.map(|(key, _)| key.as_str())
}

fn is_bad(outcome: Outcome) -> bool {
    matches!(outcome, Outcome::Fail | Outcome::Error)
}

/// Each failing or erring case's cause in `report`: its group's key and label.
fn causes(report: &Report) -> HashMap<String, (String, String)> {
    let mut causes = HashMap::new();
    for group in report.grouped() {
        for id in group.members {
            causes.insert(id, (group.key.clone(), group.label.clone()));
        }
    }
    causes
}

/// What a failing or erring case failed on: each assertion of those outcomes, with it.
fn failing(verdict: &Verdict) -> BTreeSet<(&str, Outcome)> {
    verdict
        .checks
        .iter()
        .filter(|c| is_bad(c.outcome))
        .map(|c| (c.assertion.as_str(), c.outcome))
        .collect()
}

/// The assertions skipped, with why.
fn skipped(verdict: &Verdict) -> BTreeSet<(&str, Option<&str>)> {
    verdict
        .skipped()
        .map(|c| (c.assertion.as_str(), c.reason.as_deref()))
        .collect()
}

/// How a case shared by both reports changed, if it did.
fn change(
    old: &Verdict,
    new: &Verdict,
    old_cause: Option<&str>,
    new_cause: Option<&str>,
) -> Option<Change> {
    use Outcome::{Pass, Skip};
    match (old.outcome, new.outcome) {
        (o, Pass) if is_bad(o) => Some(Change::Fixed),
        (Pass, n) if is_bad(n) => Some(Change::Broken),
        (o, n) if is_bad(o) && is_bad(n) => {
            if failing(old) != failing(new) || old_cause != new_cause {
                Some(Change::FailingDifferently)
            } else if skipped(old) != skipped(new) {
                Some(Change::SkipsChanged)
            } else {
                None
            }
        }
        (Skip, Skip) => (old.reason != new.reason).then_some(Change::SkipsChanged),
        (Skip, _) | (_, Skip) => Some(Change::SkipsChanged),
        // Passed both times.
        _ => (skipped(old) != skipped(new)).then_some(Change::SkipsChanged),
    }
}

/// The check that tells what went wrong: of the case's outcome (an erring case's error, not a
/// failure beside it), the first that `other` does not have so (the difference), else the
/// first.
fn telling<'v>(verdict: &'v Verdict, other: Option<&Verdict>) -> Option<&'v Check> {
    let of_outcome = || {
        verdict
            .checks
            .iter()
            .filter(|c| c.outcome == verdict.outcome)
    };
    let other_failing = other.map(failing).unwrap_or_default();
    of_outcome()
        .find(|c| !other_failing.contains(&(c.assertion.as_str(), c.outcome)))
        .or_else(|| of_outcome().next())
}

/// What the diff says of `verdict` (compared with `other`, the same case in the other report).
fn seen(verdict: &Verdict, other: Option<&Verdict>, cause: Option<&(String, String)>) -> Seen {
    let what = match verdict.outcome {
        Outcome::Fail | Outcome::Error => {
            telling(verdict, other).map(|check| match check.outcome {
                Outcome::Error => format!(
                    "{}: {}",
                    check.assertion,
                    check.reason.as_deref().unwrap_or("no reason given")
                ),
                _ => format!(
                    "{}: expected {}, actual {}",
                    check.assertion, check.expected, check.actual
                ),
            })
        }
        Outcome::Skip => verdict.reason.clone(),
        Outcome::Pass => None,
    };
    // A pass, or a failure whose difference is in what was skipped: the skipped assertions.
    let skips_differ = other.is_some_and(|o| skipped(o) != skipped(verdict));
    let what = match what {
        None if skips_differ || verdict.partly_skipped() => {
            let list: Vec<String> = verdict
                .skipped()
                .map(|c| match &c.reason {
                    Some(r) => format!("{} ({r})", c.assertion),
                    None => c.assertion.clone(),
                })
                .collect();
            Some(if list.is_empty() {
                "nothing skipped".to_owned()
            } else {
                format!("skipped: {}", list.join(", "))
            })
        }
        what => what,
    };
    Seen {
        outcome: verdict.outcome,
        what,
        cause: cause.map(|(_, label)| label.clone()),
    }
}

/// Whether the reports give `old` and `new` (one case) two content ids: `None` when either
/// carries none.
fn content_changed(old: &ReportVerdict, new: &ReportVerdict) -> Option<bool> {
    Some(old.content_id.as_ref()? != new.content_id.as_ref()?)
}

/// Compares `old` (read from `old_file`) with `new` (from `new_file`).
pub(crate) fn compare(old_file: &str, old: &Report, new_file: &str, new: &Report) -> Diff {
    let old_causes = causes(old);
    let new_causes = causes(new);
    let old_by_id: HashMap<&str, &ReportVerdict> = old
        .verdicts
        .iter()
        .map(|v| (v.verdict.id.as_str(), v))
        .collect();
    let new_ids: HashSet<&str> = new.verdicts().map(|v| v.id.as_str()).collect();
    let not_run = |report: &Report| -> HashSet<String> {
        report
            .interrupted
            .as_ref()
            .map(|i| i.not_run.iter().cloned().collect())
            .unwrap_or_default()
    };
    let (old_not_run, new_not_run) = (not_run(old), not_run(new));
    let mut cases = Vec::new();
    let (mut compared, mut not_reached) = (0, 0);
    // The compared cases the reports give no two content ids to, OLD's and NEW's.
    let mut without_ids = [0, 0];
    for (place, line) in new.verdicts.iter().enumerate() {
        let n = &line.verdict;
        let new_cause = new_causes.get(&n.id);
        let Some(old_line) = old_by_id.get(n.id.as_str()) else {
            if old_not_run.contains(&n.id) {
                not_reached += 1;
            } else {
                cases.push(CaseChange {
                    change: Change::Added,
                    id: n.id.clone(),
                    area: n.area.clone(),
                    title: line.title.clone(),
                    old: None,
                    new: Some(seen(n, None, new_cause)),
                    expectation_changed: false,
                    place,
                });
            }
            continue;
        };
        compared += 1;
        let o = &old_line.verdict;
        let old_cause = old_causes.get(&o.id);
        let content = content_changed(old_line, line);
        if content.is_none() {
            without_ids[0] += usize::from(old_line.content_id.is_none());
            without_ids[1] += usize::from(line.content_id.is_none());
        }
        let expectation_changed = content == Some(true);
        let change = change(o, n, key(old_cause), key(new_cause))
            .or(expectation_changed.then_some(Change::ExpectationChanged));
        if let Some(change) = change {
            cases.push(CaseChange {
                change,
                id: n.id.clone(),
                area: n.area.clone(),
                title: line.title.clone(),
                old: Some(seen(o, Some(n), old_cause)),
                new: Some(seen(n, Some(o), new_cause)),
                expectation_changed,
                place,
            });
        }
    }
    for (place, line) in old.verdicts.iter().enumerate() {
        let o = &line.verdict;
        if new_ids.contains(o.id.as_str()) {
            continue;
        }
        if new_not_run.contains(&o.id) {
            not_reached += 1;
            continue;
        }
        cases.push(CaseChange {
            change: Change::Removed,
            id: o.id.clone(),
            area: o.area.clone(),
            title: line.title.clone(),
            old: Some(seen(o, None, old_causes.get(&o.id))),
            new: None,
            expectation_changed: false,
            place: new.verdicts.len() + place,
        });
    }
    // Grouped by how, each group in the catalogue's order (a stable sort).
    cases.sort_by_key(|c| c.change);
    let mut counts = Counts::default();
    for case in &cases {
        counts.add(case);
    }
    let unchanged = compared
        - cases
            .iter()
            .filter(|c| !matches!(c.change, Change::Added | Change::Removed))
            .count();
    let old_side = Side::of(old_file, old);
    let new_side = Side::of(new_file, new);
    let mut notes = notes(&old_side, &new_side, compared, &counts, not_reached);
    for (name, side, missing) in [
        ("OLD", &old_side, without_ids[0]),
        ("NEW", &new_side, without_ids[1]),
    ] {
        if missing > 0 {
            notes.push(format!(
                "{name} ({}) carries no content id for {missing} of the {compared} cases \
                 compared (a report written before reports carried them): whether their \
                 expectations changed cannot be seen",
                side.file,
            ));
        }
    }
    Diff {
        areas: areas(old, new, &cases),
        old: old_side,
        new: new_side,
        compared,
        unchanged,
        not_reached,
        counts,
        expectations_seen: without_ids == [0, 0],
        notes,
        cases,
    }
}

/// The areas where a case changed or the passes differ: the newer report's areas in its order,
/// then those only the older has.
fn areas(old: &Report, new: &Report, cases: &[CaseChange]) -> Vec<AreaRow> {
    let old_areas = old.by_area();
    let new_areas = new.by_area();
    let tally = |areas: &[(String, Tally)], area: &str| {
        areas
            .iter()
            .find(|(a, _)| a == area)
            .map(|(_, t)| *t)
            .unwrap_or_default()
    };
    let mut names: Vec<&str> = new_areas.iter().map(|(a, _)| a.as_str()).collect();
    for (area, _) in &old_areas {
        if !names.contains(&area.as_str()) {
            names.push(area);
        }
    }
    names
        .into_iter()
        .filter_map(|area| {
            let mut counts = Counts::default();
            for case in cases.iter().filter(|c| c.area == area) {
                counts.add(case);
            }
            let (o, n) = (tally(&old_areas, area), tally(&new_areas, area));
            let row = AreaRow {
                area: area.to_owned(),
                old_passed: o.passed,
                new_passed: n.passed,
                old_cases: o.total(),
                new_cases: n.total(),
                counts,
            };
            (!counts.is_empty() || o.passed != n.passed).then_some(row)
        })
        .collect()
}

/// What the reader must know to read the counts.
fn notes(
    old: &Side,
    new: &Side,
    compared: usize,
    counts: &Counts,
    not_reached: usize,
) -> Vec<String> {
    let mut notes = Vec::new();
    if old.catalogue_version != new.catalogue_version {
        notes.push(format!(
            "the reports are of different catalogues (OLD: {}, NEW: {}): compared on the {} \
             both have; {} only in OLD (removed), {} only in NEW (added)",
            old.catalogue(),
            new.catalogue(),
            chess_conformance::report::plural(compared, "case"),
            counts.removed,
            counts.added,
        ));
    }
    for (name, side) in [("OLD", old), ("NEW", new)] {
        if let Some(interrupted) = &side.interrupted {
            notes.push(format!(
                "{name} ({}) was {interrupted}: compared on the cases it ran",
                side.file
            ));
        }
    }
    if not_reached > 0 {
        notes.push(format!(
            "{} one report has and the other, interrupted, did not reach: left out",
            chess_conformance::report::plural(not_reached, "case")
        ));
    }
    notes
}
