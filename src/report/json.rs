//! A run's result as one type, [`Report`]: what `run --format json` writes and `report --html`
//! reads, by the same code ([`Report::to_json`], [`Report::from_json`]), an interrupted run
//! included.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};

use super::Run;
use super::groups::{self, Group, Member};
use crate::engine::Identity;
use crate::verdict::{Outcome, Tally, Verdict};
use crate::vocabulary::Variant;

/// A run's result: the engine, the catalogue's version when it has one, the totals overall and
/// per rule area, every verdict with its case's title, rule, place, FEN, moves and variant, and, for a
/// run stopped by a signal, where it stopped.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Report {
    /// The engine checked.
    pub engine: Identity,
    /// The version of the catalogue the cases came from (`cases/VERSION`, or a `--cases`
    /// folder's own); absent from the JSON when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub catalogue_version: Option<String>,
    /// The counts of outcomes.
    pub summary: Tally,
    /// The counts of outcomes per rule area.
    pub areas: BTreeMap<String, Tally>,
    /// Every case run, in catalogue order.
    pub verdicts: Vec<ReportVerdict>,
    /// Where the run stopped, if a signal stopped it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interrupted: Option<Interruption>,
    /// The failures and errors grouped by cause, largest first ([`super::groups::group`]).
    /// Absent from reports written before groups were, and from a run with no failure or
    /// error: [`Report::from_json`] then groups the verdicts itself, so a report read always
    /// has them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<Group>,
}

/// One verdict of a [`Report`], with what a reader needs of its case: its title, FIDE article,
/// place, position, history and variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReportVerdict {
    /// The case's title.
    pub title: String,
    /// The FIDE article it tests.
    pub rule: String,
    /// The file it came from.
    pub file: String,
    /// Its line in that file.
    pub line: usize,
    /// The verdict (its fields sit beside the case's in the JSON).
    #[serde(flatten)]
    pub verdict: Verdict,
    /// The case's FEN (absent from reports written before it was carried).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The case's moves, in UCI; absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// The game the case is played in: absent for standard chess (and from reports written
    /// before it was carried, whose cases are all standard), `chess960` for a Chess960 case,
    /// whose FEN and moves are then read as Chess960 (castling as the king taking its rook).
    #[serde(default, skip_serializing_if = "Variant::is_standard")]
    pub variant: Variant,
    /// The case's content id ([`crate::catalogue::content_id`]: the hash of its position,
    /// history, expectation and variant, as `cases/catalogue.lock` records it): two reports
    /// whose case of one id has two content ids checked two expectations (`diff` lists it).
    /// Absent from reports written before it was carried.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_id: Option<String>,
    /// Fields read that none of the above takes: an error of [`Report::from_json`] (serde
    /// cannot deny them beside a flattened field).
    #[serde(flatten, skip_serializing)]
    unknown: BTreeMap<String, IgnoredAny>,
}

/// Where an interrupted run stopped.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Interruption {
    /// The signal's name (`SIGINT`, `SIGTERM`).
    pub signal: String,
    /// How many cases were run: the report's verdicts are theirs.
    pub cases_run: usize,
    /// The ids of the cases not run, in catalogue order.
    pub not_run: Vec<String>,
}

impl Interruption {
    /// The cases the run was to check: those run and those not.
    pub fn cases(&self) -> usize {
        self.cases_run + self.not_run.len()
    }
}

impl fmt::Display for Interruption {
    /// `interrupted by SIGINT after 6 of 40 cases`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "interrupted by {} after {} of {} cases",
            self.signal,
            self.cases_run,
            self.cases()
        )
    }
}

/// Why a text is not a report: where (a JSON error's line and column) and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportError {
    /// The line and column of a JSON error; none for a report that reads but does not add up.
    pub place: Option<(usize, usize)>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ReportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.place {
            Some((line, column)) => write!(
                f,
                "{line}:{column}: not a run report (`run --format json`): {}",
                self.message
            ),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ReportError {}

impl Report {
    /// The report of `run`, not interrupted.
    pub fn new(run: &Run) -> Report {
        let mut report = Report {
            engine: run.engine.clone(),
            catalogue_version: run.catalogue_version.map(|v| v.to_string()),
            summary: run.tally(),
            areas: run.by_area().into_iter().collect(),
            verdicts: run
                .results
                .iter()
                .map(|(case, verdict)| ReportVerdict {
                    title: case.case.title.clone(),
                    rule: case.case.rule.clone(),
                    file: case.file.clone(),
                    line: case.line,
                    verdict: verdict.clone(),
                    fen: Some(case.case.fen.clone()),
                    moves: case.case.moves.clone(),
                    variant: case.case.variant(),
                    content_id: Some(crate::catalogue::content_id(&case.case)),
                    unknown: BTreeMap::new(),
                })
                .collect(),
            interrupted: None,
            groups: Vec::new(),
        };
        report.groups = report.grouped();
        report
    }

    /// The failures and errors of its verdicts grouped by cause, largest group first, each
    /// case read in the FEN, moves and variant the report carries ([`groups::group`]).
    pub fn grouped(&self) -> Vec<Group> {
        groups::group(self.verdicts.iter().map(|line| Member {
            verdict: &line.verdict,
            fen: line.fen.as_deref(),
            moves: &line.moves,
            variant: line.variant,
        }))
    }

    /// The report as JSON, pretty-printed, with a final newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serializes") + "\n"
    }

    /// Reads a report [`Report::to_json`] wrote, strictly: JSON of the right shape with no
    /// unknown field, each verdict's outcome and reason those its checks give, each case once,
    /// the summary and per-area counts those of the verdicts, and its groups (when it has them)
    /// holding each failing or erring case once, with its outcome. A report without groups
    /// (written before them) gets them grouped from its verdicts.
    ///
    /// # Errors
    ///
    /// What is wrong first, with its line and column when the JSON itself is.
    pub fn from_json(json: &[u8]) -> Result<Report, ReportError> {
        // The reader's bound, also for text that did not come through it.
        let limit = crate::InputFile::REPORT;
        if json.len() > limit.max_bytes {
            return Err(ReportError {
                place: None,
                message: crate::ReadError::TooLarge {
                    what: limit.what,
                    max_bytes: limit.max_bytes,
                }
                .to_string(),
            });
        }
        let report: Report = serde_json::from_slice(json).map_err(|e| {
            // serde_json ends its message with "at line L column C"; the place is apart.
            let message = e.to_string();
            let message = match message.rfind(" at line ") {
                Some(at) => message[..at].to_owned(),
                None => message,
            };
            ReportError {
                place: Some((e.line(), e.column())),
                message,
            }
        })?;
        let mut report = report;
        report.check().map_err(|message| ReportError {
            place: None,
            message,
        })?;
        if report.groups.is_empty() {
            report.groups = report.grouped();
        }
        Ok(report)
    }

    /// Reads the report at `path` through the one bounded reader ([`crate::InputFile::REPORT`]:
    /// a regular file of at most 256 MiB), then [`Report::from_json`]. `report --html` and
    /// `diff` read reports so.
    ///
    /// # Errors
    ///
    /// `PATH: WHAT`, or `PATH:LINE:COLUMN: WHAT` for a JSON error.
    pub fn load(path: &std::path::Path) -> Result<Report, String> {
        let shown = path.display();
        let bytes = crate::InputFile::REPORT
            .read_bytes(path)
            .map_err(|e| format!("{shown}: {e}"))?;
        Report::from_json(&bytes).map_err(|e| match e.place {
            Some(_) => format!("{shown}:{e}"),
            None => format!("{shown}: {e}"),
        })
    }

    /// What [`Report::from_json`] checks beyond the shape.
    fn check(&self) -> Result<(), String> {
        let mut ids: HashSet<&str> = HashSet::with_capacity(self.verdicts.len());
        for (i, line) in self.verdicts.iter().enumerate() {
            let said = &line.verdict;
            if said.id.is_empty() {
                return Err(format!("verdict {}: the case id is empty", i + 1));
            }
            if let Some(field) = line.unknown.keys().next() {
                return Err(format!("case {}: unknown field `{field}`", said.id));
            }
            let given = Verdict::of(said.id.clone(), said.area.clone(), said.checks.clone());
            if given.outcome != said.outcome || given.reason != said.reason {
                return Err(format!(
                    "case {}: the report says {} but its checks give {}: a report edited or cut \
                     short?",
                    said.id,
                    outcome_said(said.outcome, said.reason.as_deref()),
                    outcome_said(given.outcome, given.reason.as_deref()),
                ));
            }
            if !ids.insert(&said.id) {
                return Err(format!("case {} has two verdicts", said.id));
            }
        }
        let tally = self.tally();
        if tally != self.summary {
            return Err(format!(
                "its summary ({}) is not the count of its verdicts ({tally}): a report edited or \
                 cut short?",
                self.summary
            ));
        }
        let counted: BTreeMap<String, Tally> = self.by_area().into_iter().collect();
        if counted != self.areas {
            let wrong = self
                .areas
                .keys()
                .chain(counted.keys())
                .find(|a| self.areas.get(*a) != counted.get(*a))
                .cloned()
                .unwrap_or_default();
            return Err(format!(
                "its count for area `{wrong}` is not the count of its verdicts: a report edited \
                 or cut short?"
            ));
        }
        self.check_groups()
    }

    /// Each failing or erring case in exactly one group of its outcome, each group's count its
    /// members' and its smallest case one of them; the causes themselves are not checked (a
    /// report written by an older grouping reads).
    fn check_groups(&self) -> Result<(), String> {
        if self.groups.is_empty() {
            return Ok(());
        }
        let outcomes: HashMap<&str, Outcome> = self
            .verdicts()
            .filter(|v| matches!(v.outcome, Outcome::Fail | Outcome::Error))
            .map(|v| (v.id.as_str(), v.outcome))
            .collect();
        let mut grouped: HashSet<&str> = HashSet::with_capacity(outcomes.len());
        for group in &self.groups {
            let wrong = |what: String| Err(format!("group `{}`: {what}", group.label));
            if group.count != group.members.len() {
                return wrong(format!(
                    "its count ({}) is not its number of cases ({})",
                    group.count,
                    group.members.len()
                ));
            }
            if !group.members.contains(&group.case) {
                return wrong(format!(
                    "its smallest case {} is not one of its cases",
                    group.case
                ));
            }
            for id in &group.members {
                match outcomes.get(id.as_str()) {
                    Some(&outcome) if outcome == group.outcome => {}
                    _ => {
                        return wrong(format!(
                            "case {id} is not a verdict of outcome {} in the report",
                            group.outcome
                        ));
                    }
                }
                if !grouped.insert(id) {
                    return wrong(format!("case {id} is in two groups"));
                }
            }
        }
        let ungrouped = self
            .verdicts()
            .find(|v| outcomes.contains_key(v.id.as_str()) && !grouped.contains(v.id.as_str()));
        if let Some(v) = ungrouped {
            return Err(format!("case {} {}ed but is in no group", v.id, v.outcome));
        }
        Ok(())
    }

    /// The verdicts alone, in order.
    pub fn verdicts(&self) -> impl Iterator<Item = &Verdict> {
        self.verdicts.iter().map(|v| &v.verdict)
    }

    /// The counts of outcomes, counted from the verdicts.
    pub fn tally(&self) -> Tally {
        Tally::of(self.verdicts())
    }

    /// The counts of outcomes per rule area, counted from the verdicts, areas in order of first
    /// appearance.
    pub fn by_area(&self) -> Vec<(String, Tally)> {
        by_area(self.verdicts())
    }
}

/// The counts of outcomes of `verdicts` per rule area, areas in order of first appearance.
pub(super) fn by_area<'v>(verdicts: impl Iterator<Item = &'v Verdict>) -> Vec<(String, Tally)> {
    let mut order: Vec<(String, Tally)> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for v in verdicts {
        let i = *at.entry(&v.area).or_insert_with(|| {
            order.push((v.area.clone(), Tally::default()));
            order.len() - 1
        });
        order[i].1.count(v);
    }
    order
}

/// `fail`, `skip (the engine does not offer: san)`.
fn outcome_said(outcome: Outcome, reason: Option<&str>) -> String {
    match reason {
        Some(r) => format!("{outcome} ({r})"),
        None => outcome.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Catalogue, Reference};

    fn report() -> Report {
        let catalogue = Catalogue::builtin_selected(Some("castling/"), None).expect("castling");
        Report::new(&Run::new(&mut Reference::new(), &catalogue))
    }

    #[test]
    fn a_report_reads_back_as_it_was_written() {
        let mut report = report();
        assert!(report.verdicts.iter().all(|v| v.fen.is_some()));
        assert_eq!(
            Report::from_json(report.to_json().as_bytes()),
            Ok(report.clone())
        );
        report.interrupted = Some(Interruption {
            signal: "SIGINT".into(),
            cases_run: report.verdicts.len(),
            not_run: vec!["castling/z".into()],
        });
        let json = report.to_json();
        assert!(
            json.trim_end().ends_with("]\n  }\n}"),
            "interrupted last: {json}"
        );
        assert_eq!(Report::from_json(json.as_bytes()), Ok(report.clone()));
        let n = report.verdicts.len();
        assert_eq!(
            report.interrupted.unwrap().to_string(),
            format!("interrupted by SIGINT after {n} of {} cases", n + 1)
        );
    }

    #[test]
    fn a_chess960_verdict_carries_its_variant_and_a_standard_one_none() {
        let catalogue = Catalogue::builtin_selected(Some("chess960/double-move-"), None)
            .expect("chess960")
            .merge(Catalogue::builtin_selected(Some("castling/"), None).expect("castling"))
            .expect("distinct ids");
        let report = Report::new(&Run::new(&mut Reference::new(), &catalogue));
        let value: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        let mut seen = [0, 0];
        for v in value["verdicts"].as_array().unwrap() {
            // The chess960 area's cases, and the castling cases' Chess960 twins.
            let id = v["id"].as_str().unwrap();
            let chess960 = id.starts_with("chess960/") || id.contains("/chess960-twin/");
            let said = v.get("variant").and_then(|s| s.as_str());
            assert_eq!(said, chess960.then_some("chess960"), "{v}");
            seen[usize::from(chess960)] += 1;
        }
        assert!(seen[0] > 0 && seen[1] > 0, "{seen:?}");
        let read = Report::from_json(report.to_json().as_bytes()).expect("it reads back");
        assert!(read.verdicts.iter().any(|v| v.variant == Variant::Chess960));
        assert_eq!(read, report);
        let mut value = value;
        value["verdicts"][0]["variant"] = "shogi".into();
        let wrong = Report::from_json(value.to_string().as_bytes()).expect_err("refused");
        assert!(wrong.to_string().contains("shogi"), "{wrong}");
    }

    #[test]
    fn an_older_report_without_positions_still_reads() {
        let mut value: serde_json::Value = serde_json::from_str(&report().to_json()).unwrap();
        for v in value["verdicts"].as_array_mut().unwrap() {
            let v = v.as_object_mut().unwrap();
            v.remove("fen");
            v.remove("moves");
        }
        let read = Report::from_json(value.to_string().as_bytes()).expect("an older report");
        assert!(
            read.verdicts
                .iter()
                .all(|v| v.fen.is_none() && v.moves.is_empty())
        );
    }

    #[test]
    fn each_verdict_carries_its_case_s_content_id_as_the_record_has_it() {
        let report = report();
        let lock =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/cases/catalogue.lock"))
                .expect("cases/catalogue.lock");
        let recorded: HashMap<&str, &str> = lock
            .lines()
            .filter_map(|l| l.strip_prefix("case "))
            .filter_map(|l| {
                let mut words = l.split(' ');
                Some((words.next()?, words.next()?))
            })
            .collect();
        let mut hand_written = 0;
        for line in &report.verdicts {
            let content = line.content_id.as_deref().expect("every verdict has one");
            if let Some(&locked) = recorded.get(line.verdict.id.as_str()) {
                assert_eq!(content, locked, "{}", line.verdict.id);
                hand_written += 1;
            }
        }
        assert!(hand_written > 50, "{hand_written}");
        // Two cases, two contents.
        let distinct: HashSet<&str> = report
            .verdicts
            .iter()
            .filter_map(|v| v.content_id.as_deref())
            .collect();
        assert_eq!(distinct.len(), report.verdicts.len());
    }

    #[test]
    fn an_older_report_without_content_ids_still_reads() {
        let mut value: serde_json::Value = serde_json::from_str(&report().to_json()).unwrap();
        for v in value["verdicts"].as_array_mut().unwrap() {
            assert!(v.as_object_mut().unwrap().remove("content_id").is_some());
        }
        let read = Report::from_json(value.to_string().as_bytes()).expect("an older report");
        assert!(read.verdicts.iter().all(|v| v.content_id.is_none()));
        assert!(!read.to_json().contains("content_id"));
    }

    fn failing_report() -> Report {
        let catalogue = Catalogue::builtin_selected(Some("castling/"), None).expect("castling");
        let mut mutant = crate::Mutant::named("castle-out-of-check").expect("a mutant");
        Report::new(&Run::new(&mut mutant, &catalogue))
    }

    #[test]
    fn a_report_carries_its_groups_and_an_older_one_gets_them_on_reading() {
        let report = failing_report();
        assert!(!report.groups.is_empty());
        assert_eq!(report.groups, report.grouped());
        assert_eq!(
            Report::from_json(report.to_json().as_bytes()).map(|r| r.groups),
            Ok(report.groups.clone())
        );
        let mut value: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
        value.as_object_mut().unwrap().remove("groups");
        let read = Report::from_json(value.to_string().as_bytes()).expect("an older report");
        assert_eq!(read.groups, report.groups);
        // A passing run has none, and writes none.
        assert!(
            !super::super::json(&Run::new(
                &mut Reference::new(),
                &Catalogue::builtin_selected(Some("castling/"), None).unwrap()
            ))
            .contains("\"groups\"")
        );
    }

    /// The error [`Report::from_json`] gives for `json` once `edit` has changed it.
    fn refused(json: &str, edit: &dyn Fn(&mut serde_json::Value)) -> String {
        let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
        edit(&mut value);
        Report::from_json(value.to_string().as_bytes())
            .expect_err("refused")
            .to_string()
    }

    #[test]
    fn groups_that_do_not_add_up_are_refused() {
        let json = failing_report().to_json();
        let error = |edit: &dyn Fn(&mut serde_json::Value)| refused(&json, edit);
        let count = error(&|v| v["groups"][0]["count"] = 1_000.into());
        assert!(count.contains("its count (1000)"), "{count}");
        let twice = error(&|v| {
            let first = v["groups"][0]["members"][0].clone();
            v["groups"][0]["members"]
                .as_array_mut()
                .unwrap()
                .push(first);
            v["groups"][0]["count"] = v["groups"][0]["members"].as_array().unwrap().len().into();
        });
        assert!(twice.contains("is in two groups"), "{twice}");
        let dropped = error(&|v| {
            let case = v["groups"][0]["case"].clone();
            let members = v["groups"][0]["members"].as_array_mut().unwrap();
            members.retain(|m| *m == case);
            v["groups"][0]["count"] = 1.into();
        });
        assert!(dropped.contains("but is in no group"), "{dropped}");
        let stranger = error(&|v| v["groups"][0]["case"] = "castling/nowhere".into());
        assert!(stranger.contains("is not one of its cases"), "{stranger}");
        let unknown = error(&|v| v["groups"][0]["colour"] = "red".into());
        assert!(unknown.contains("unknown field `colour`"), "{unknown}");
    }

    #[test]
    fn a_bad_report_says_what_is_wrong() {
        let json = report().to_json();
        let error = |edit: &dyn Fn(&mut serde_json::Value)| refused(&json, edit);
        let unknown = error(&|v| v["verdicts"][0]["colour"] = "red".into());
        assert!(unknown.contains("unknown field `colour`"), "{unknown}");
        let top = error(&|v| v["colour"] = "red".into());
        assert!(top.contains("unknown field `colour`"), "{top}");
        let summary = error(&|v| v["summary"]["passed"] = 1.into());
        assert!(summary.starts_with("its summary (1 passed"), "{summary}");
        let area = error(&|v| v["areas"]["castling"]["passed"] = 0.into());
        assert!(area.contains("area `castling`"), "{area}");
        let id = error(&|v| v["verdicts"][0]["id"] = "".into());
        assert_eq!(id, "verdict 1: the case id is empty");
        let cut = Report::from_json(&json.as_bytes()[..40]).expect_err("cut");
        assert!(
            cut.place.is_some() && cut.to_string().contains("EOF"),
            "{cut}"
        );
    }
}
