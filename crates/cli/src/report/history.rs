//! A library's history across its versions, on its engines' pages.
//!
//! Reports of one library are those whose engine has the same name (the handshake's `name`) and
//! another version (its `version`: the shims send the installed package's). Their versions are
//! ordered semver-aware ([`compare_versions`]: `1.9.0` before `1.10.0`, a pre-release before its
//! release); the cases whose outcome changed between consecutive versions ([`changed`]) and
//! each step's counts ([`steps`]: fixed, broken, newly answered or no longer) are found here, and
//! each version's page shows them (`history/section.rs`): the versions newest first with what
//! changed from the version before, the areas and the versions where their passes moved, the
//! cases each version fixed and broke, and each changed case's outcomes as spans of versions (when
//! a failure came, when it went), in tables whose columns do not grow with the versions, read as
//! cards on a phone. A library with one version has no history. The index lists a library once,
//! at its latest version ([`latest`]): a reader choosing a library compares libraries as they are
//! now; the older versions are a click away.

use std::cmp::Ordering;
use std::collections::HashSet;

use chess_conformance::Outcome;

use super::{EngineRun, Site};

mod section;
pub(crate) use section::{STYLE, section};

/// The versions of one library among the reports, oldest first, as places in the site's engines.
pub(crate) fn versions_of(engines: &[EngineRun], name: &str) -> Vec<usize> {
    let mut versions: Vec<usize> = (0..engines.len())
        .filter(|&i| engines[i].report.engine.name == name)
        .collect();
    versions.sort_by(|&a, &b| {
        compare_versions(
            &engines[a].report.engine.version,
            &engines[b].report.engine.version,
        )
    });
    versions
}

/// The engines the index lists: each library once, at its latest version, in the order the
/// libraries first appear among the reports.
pub(crate) fn latest(engines: &[EngineRun]) -> Vec<&EngineRun> {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut shown = Vec::new();
    for engine in engines {
        let name = engine.report.engine.name.as_str();
        if seen.insert(name) {
            let versions = versions_of(engines, name);
            shown.push(&engines[*versions.last().expect("the engine itself")]);
        }
    }
    shown
}

/// ` <a class="versions" href="...#history">history: 3 older versions</a>` after a library's name on
/// the index, for a library with more than one version; nothing otherwise.
pub(crate) fn older_note(site: &Site, engine: &EngineRun) -> String {
    let older = versions_of(&site.engines, &engine.report.engine.name).len() - 1;
    if older == 0 {
        return String::new();
    }
    format!(
        " <a class=\"versions\" href=\"engines/{}.html#history\">history: {}</a>",
        engine.slug,
        crate::text::plural(older, "older version")
    )
}

/// One part of a version: a number or a word (`rc`, `beta`).
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Part {
    /// Semver: numeric identifiers have lower precedence than alphanumeric ones.
    Number(u64),
    Word(String),
}

/// What follows a version's release numbers: a pre-release comes before the release, a
/// post-release (PEP 440's `.post1`) after it.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Pre(Vec<Part>),
    Release,
    Post(Vec<Part>),
}

/// A version read for ordering: its release numbers (`1.10.0`; missing ones are 0) and its
/// stage; `None` for a version that does not start with a number (`unknown`, a commit hash).
fn key(version: &str) -> Option<(Vec<u64>, Stage)> {
    let version = version.trim();
    let version = version.strip_prefix(['v', 'V']).unwrap_or(version);
    // Build metadata does not order (semver 2.0.0, item 10).
    let version = version.split('+').next().unwrap_or_default();
    let end = version
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(version.len());
    let (numbers, rest) = version.split_at(end);
    let numbers = numbers.trim_end_matches('.');
    if numbers.is_empty() {
        return None;
    }
    let mut release = Vec::new();
    for n in numbers.split('.') {
        release.push(n.parse::<u64>().ok()?);
    }
    while release.len() > 1 && release.last() == Some(&0) {
        release.pop();
    }
    // `-beta.2`, `rc1`, `.post1`: identifiers split at dots, dashes and between letters and digits.
    let mut parts = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, parts: &mut Vec<Part>| {
        if !word.is_empty() {
            parts.push(match word.parse::<u64>() {
                Ok(n) => Part::Number(n),
                Err(_) => Part::Word(word.to_ascii_lowercase()),
            });
            word.clear();
        }
    };
    for c in rest.chars() {
        let boundary = word
            .chars()
            .last()
            .is_some_and(|last| last.is_ascii_digit() != c.is_ascii_digit());
        if c == '.' || c == '-' || c == '_' || boundary {
            flush(&mut word, &mut parts);
        }
        if c != '.' && c != '-' && c != '_' {
            word.push(c);
        }
    }
    flush(&mut word, &mut parts);
    let stage = match parts.first() {
        None => Stage::Release,
        Some(Part::Word(w)) if w == "post" || w == "r" || w == "rev" => Stage::Post(parts),
        Some(_) => Stage::Pre(parts),
    };
    Some((release, stage))
}

/// Two versions in the order they were released, as far as their text tells: semver 2.0.0's
/// precedence (numbers compared as numbers, a pre-release before its release, build metadata
/// ignored), read leniently enough for PEP 440 (`1.0.0rc1`, `1.0.post1`) and a leading `v`. A
/// version that does not start with a number comes after every one that does; ties (`1.0` and
/// `1.0.0`) are broken by the text, so the order is total.
pub(crate) fn compare_versions(a: &str, b: &str) -> Ordering {
    match (key(a), key(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
    .then_with(|| a.cmp(b))
}

/// A case whose outcome changed between two consecutive versions: its outcome in each version
/// (`None` where that version did not run it).
pub(crate) struct Changed {
    pub(crate) id: String,
    pub(crate) area: String,
    pub(crate) outcomes: Vec<Option<Outcome>>,
}

impl Changed {
    /// Whether some change is between a right answer and a wrong one (or an error): a bug that
    /// came or went, not a question newly answered or left out.
    pub(crate) fn is_bug(&self) -> bool {
        self.outcomes.windows(2).any(|w| match (w[0], w[1]) {
            (Some(a), Some(b)) => a != b && a != Outcome::Skip && b != Outcome::Skip,
            _ => false,
        })
    }
}

/// The cases whose outcome differs between two consecutive `versions` that both ran them, in the
/// order the versions first have them.
pub(crate) fn changed(versions: &[&EngineRun]) -> Vec<Changed> {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut found = Vec::new();
    for run in versions {
        for v in run.verdicts() {
            if !seen.insert(&v.id) {
                continue;
            }
            let outcomes: Vec<Option<Outcome>> = versions
                .iter()
                .map(|r| r.verdict(&v.id).map(|v| v.outcome))
                .collect();
            let differs = outcomes.windows(2).any(|w| match (w[0], w[1]) {
                (Some(a), Some(b)) => a != b,
                _ => false,
            });
            if differs {
                found.push(Changed {
                    id: v.id.clone(),
                    area: v.area.clone(),
                    outcomes,
                });
            }
        }
    }
    found
}

/// What changed from one version to the next: cases fixed (a failure or error now passes),
/// broken (a pass now fails or errs), newly answered (a skip now asked), no longer answered (now
/// skipped), and otherwise (a failure now an error, or back).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Step {
    pub(crate) fixed: usize,
    pub(crate) broken: usize,
    pub(crate) answered: usize,
    pub(crate) unanswered: usize,
    pub(crate) otherwise: usize,
}

/// The kinds of a case's change between two versions that both ran it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    Fixed,
    Broken,
    Answered,
    Unanswered,
    Otherwise,
}

/// How a case's outcome changed from `a` to `b`; `None` when it did not.
fn change(a: Outcome, b: Outcome) -> Option<Change> {
    let bad = |o: Outcome| matches!(o, Outcome::Fail | Outcome::Error);
    match (a, b) {
        _ if a == b => None,
        (Outcome::Skip, _) => Some(Change::Answered),
        (_, Outcome::Skip) => Some(Change::Unanswered),
        (Outcome::Pass, _) => Some(Change::Broken),
        (_, Outcome::Pass) => Some(Change::Fixed),
        _ if bad(a) && bad(b) => Some(Change::Otherwise),
        _ => None,
    }
}

/// How `case` changed from version `i` to version `i + 1`.
fn change_at(case: &Changed, i: usize) -> Option<Change> {
    match (case.outcomes[i], case.outcomes[i + 1]) {
        (Some(a), Some(b)) => change(a, b),
        _ => None,
    }
}

/// The steps between consecutive versions, counted over `changed`.
pub(crate) fn steps(changed: &[Changed], versions: usize) -> Vec<Step> {
    let mut steps: Vec<Step> = (1..versions).map(|_| Step::default()).collect();
    for case in changed {
        for (i, step) in steps.iter_mut().enumerate() {
            match change_at(case, i) {
                Some(Change::Fixed) => step.fixed += 1,
                Some(Change::Broken) => step.broken += 1,
                Some(Change::Answered) => step.answered += 1,
                Some(Change::Unanswered) => step.unanswered += 1,
                Some(Change::Otherwise) => step.otherwise += 1,
                None => {}
            }
        }
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each version strictly before the next.
    fn ascending(versions: &[&str]) {
        for w in versions.windows(2) {
            assert_eq!(
                compare_versions(w[0], w[1]),
                Ordering::Less,
                "{} < {}",
                w[0],
                w[1]
            );
            assert_eq!(
                compare_versions(w[1], w[0]),
                Ordering::Greater,
                "{} > {}",
                w[1],
                w[0]
            );
        }
    }

    #[test]
    fn versions_order_as_semver_orders_them() {
        // semver.org, item 11's example.
        ascending(&[
            "1.0.0-alpha",
            "1.0.0-alpha.1",
            "1.0.0-alpha.beta",
            "1.0.0-beta",
            "1.0.0-beta.2",
            "1.0.0-beta.11",
            "1.0.0-rc.1",
            "1.0.0",
        ]);
        // Numbers as numbers, not text.
        ascending(&[
            "0.9.4", "0.10.3", "0.13.4", "1.0.0", "1.2.0", "1.10.0", "2.0.0",
        ]);
        // python-chess's releases (PyPI `python-chess`, then `chess`).
        ascending(&["0.23.11", "0.31.4", "1.0.0", "1.5.0", "1.11.2", "1.999"]);
        // PEP 440's pre- and post-releases, a leading v.
        ascending(&[
            "1.0.0a1",
            "1.0.0b2",
            "1.0.0rc1",
            "1.0.0rc2",
            "1.0.0rc10",
            "v1.0.0",
        ]);
        ascending(&["1.0", "1.0.post1", "1.0.1"]);
        // Build metadata does not order; a version that is not a number comes last.
        assert_eq!(key("1.0.0+build.5"), key("1.0.0"));
        ascending(&["1.0.0", "9.9.9-rc.1", "git-abc123", "unknown"]);
        // Equal versions written otherwise: ordered, not equal (a total order).
        assert_eq!(key("1.0"), key("1.0.0"));
        ascending(&["1.0", "1.0.0"]);
    }

    #[test]
    fn steps_count_each_kind_of_change() {
        use Outcome::*;
        let case = |outcomes: Vec<Option<Outcome>>| Changed {
            id: "x".into(),
            area: "a".into(),
            outcomes,
        };
        let changed = [
            case(vec![Some(Fail), Some(Pass), Some(Pass)]),
            case(vec![Some(Pass), Some(Error), Some(Fail)]),
            case(vec![Some(Skip), Some(Fail), Some(Skip)]),
            case(vec![None, Some(Pass), Some(Fail)]),
        ];
        let steps = steps(&changed, 3);
        assert_eq!(
            steps[0],
            Step {
                fixed: 1,
                broken: 1,
                answered: 1,
                ..Step::default()
            }
        );
        assert_eq!(
            steps[1],
            Step {
                broken: 1,
                unanswered: 1,
                otherwise: 1,
                ..Step::default()
            }
        );
        assert!(changed[0].is_bug() && changed[1].is_bug() && changed[3].is_bug());
        assert!(!changed[2].is_bug(), "only to and from a skip");
    }
}
