//! The catalogue's record (`cases/catalogue.lock`) and changelog (`cases/CHANGELOG.md`): what
//! the cases are now, against what the last version recorded; whether `cases/VERSION` was
//! bumped, and by the kind the change asks for (major when an expectation changes or a case is
//! retired, minor when cases are added, patch for titles and docs); the record and changelog
//! of the new version.
//!
//! A hand-written case is recorded by its content id (the hash of [`crate::ids::content_key`]:
//! position, history, expectation and variant; not its title), so a changed expectation is
//! seen; the generated cases, thousands and named by their content already, per group
//! (`area/generator`) by count and a digest of their ids: a group that grew is cases added, one
//! that shrank or changed at the same size is cases changed or retired.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use chess_conformance::catalogue::{
    Bump, Catalogue, GroupState, Lock, LockedCase, Origin, Version, group_of,
};
pub use chess_conformance::catalogue::{LOCK_FILE, VERSION_FILE};

use crate::Generation;
use crate::ids::short_hash;

/// The name of the changelog, beside the version in `cases/`.
pub const CHANGELOG_FILE: &str = "CHANGELOG.md";

/// The cases as they are now, as the record keeps them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Current {
    /// Every hand-written case: id to content id.
    pub cases: BTreeMap<String, String>,
    /// Every retired id (`cases/retired.yaml`).
    pub retired: BTreeSet<String>,
    /// Every group of generated cases: its count and the digest of its ids.
    pub groups: BTreeMap<String, (usize, String)>,
}

/// The content id of a hand-written case: the core's, which a JSON report's `content_id` is too.
pub use chess_conformance::catalogue::content_id;

impl Current {
    /// The cases of `hand` (the hand-written catalogue, with its retired ids) and of the
    /// generation made from it.
    pub fn of(hand: &Catalogue, generation: &Generation) -> Current {
        let generated = generation.areas.values().flatten().map(|c| c.id.as_str());
        Current::from_ids(hand, generated)
    }

    /// The hand-written cases of `hand` (with its retired ids) and the generated cases of these
    /// ids (a loaded catalogue's, say).
    pub fn from_ids<'a>(hand: &Catalogue, generated: impl Iterator<Item = &'a str>) -> Current {
        let cases = hand
            .cases()
            .iter()
            .filter(|c| c.origin == Origin::HandWritten)
            .map(|c| (c.case.id.clone(), content_id(&c.case)))
            .collect();
        let mut ids: BTreeMap<String, Vec<&str>> = BTreeMap::new();
        for id in generated {
            ids.entry(group_of(id).to_owned()).or_default().push(id);
        }
        let groups = ids
            .into_iter()
            .map(|(group, mut ids)| {
                ids.sort_unstable();
                (group, (ids.len(), short_hash(ids.join("\n").as_bytes())))
            })
            .collect();
        Current {
            cases,
            retired: hand.retired().keys().cloned().collect(),
            groups,
        }
    }
}

/// What changed from a record to the cases now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    /// Hand-written ids added.
    pub added: Vec<String>,
    /// Hand-written ids whose content changed.
    pub changed: Vec<String>,
    /// Ids retired.
    pub retired: Vec<String>,
    /// Groups of generated cases: name, count before, count now, whether only grown.
    pub groups: Vec<(String, usize, usize)>,
}

impl Changes {
    /// What `current` changed from `lock`.
    pub fn between(lock: &Lock, current: &Current) -> Changes {
        let mut changes = Changes::default();
        for (id, content) in &current.cases {
            match lock.cases.get(id) {
                None => changes.added.push(id.clone()),
                Some(locked) if locked.content != *content => changes.changed.push(id.clone()),
                Some(_) => {}
            }
        }
        for id in &current.retired {
            if !lock.retired.contains_key(id) {
                changes.retired.push(id.clone());
            }
        }
        let before = latest_groups(lock);
        let names: BTreeSet<&String> = before.keys().chain(current.groups.keys()).collect();
        for name in names {
            let was = before.get(name).cloned().unwrap_or((0, String::new()));
            let now = current
                .groups
                .get(name)
                .cloned()
                .unwrap_or((0, String::new()));
            if was != now {
                changes.groups.push((name.clone(), was.0, now.0));
            }
        }
        changes
    }

    /// Whether nothing changed.
    pub fn is_empty(&self) -> bool {
        self.added.is_empty()
            && self.changed.is_empty()
            && self.retired.is_empty()
            && self.groups.is_empty()
    }

    /// The bump the change asks for: major for a changed expectation, a retired id or a
    /// generated group that did not only grow; minor for cases added; patch for nothing.
    pub fn bump(&self) -> Bump {
        let reshaped = self.groups.iter().any(|(_, was, now)| now <= was);
        if !self.changed.is_empty() || !self.retired.is_empty() || reshaped {
            Bump::Major
        } else if !self.is_empty() {
            Bump::Minor
        } else {
            Bump::Patch
        }
    }

    /// The change in a few lines: counts, and the first ids of each kind.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        let ids = |ids: &[String]| {
            let shown: Vec<&str> = ids.iter().take(5).map(String::as_str).collect();
            let more = ids.len().saturating_sub(shown.len());
            format!(
                "{}{}",
                shown.join(", "),
                if more > 0 {
                    format!(", and {more} more")
                } else {
                    String::new()
                }
            )
        };
        for (what, list) in [
            ("added", &self.added),
            ("with a changed expectation", &self.changed),
            ("retired", &self.retired),
        ] {
            if !list.is_empty() {
                let _ = writeln!(out, "  {} {what}: {}", list.len(), ids(list));
            }
        }
        for (group, was, now) in &self.groups {
            let kind = if now > was {
                "grew"
            } else {
                "changed or shrank"
            };
            let _ = writeln!(out, "  generated {group}: {was} -> {now} cases ({kind})");
        }
        out
    }
}

/// Each group's latest state in the record: count and digest (a group emptied has count 0).
fn latest_groups(lock: &Lock) -> BTreeMap<String, (usize, String)> {
    lock.generated
        .iter()
        .filter_map(|(group, states)| {
            let last = states.last()?;
            (last.count > 0).then(|| (group.clone(), (last.count, last.digest.clone())))
        })
        .collect()
}

/// The record of `version` over `current`: the first one when there is no `lock`; `lock`
/// itself when `version` is its and nothing changed; else `lock` advanced by one version.
///
/// # Errors
///
/// What to do, when the cases changed and the version was not bumped, or bumped by another
/// kind than the change asks for, or by more than one step, or back.
pub fn advance(lock: Option<&Lock>, version: Version, current: &Current) -> Result<Lock, String> {
    let Some(lock) = lock else {
        return Ok(first(version, current));
    };
    // A hand-written case gone but not retired cannot pass: the loader would take its id again.
    if let Some(gone) = lock
        .cases
        .keys()
        .find(|id| !current.cases.contains_key(*id) && !current.retired.contains(*id))
    {
        return Err(format!(
            "case `{gone}` of version {} is gone but not retired: list it in cases/retired.yaml \
             with the reason (ids are permanent)",
            lock.version
        ));
    }
    let changes = Changes::between(lock, current);
    let required = changes.bump();
    let what = || {
        format!(
            "set cases/{VERSION_FILE} to {} ({required}: {}) and run `chess-conformance generate`, \
             which records it in cases/{LOCK_FILE} and cases/{}",
            lock.version.bumped(required),
            match required {
                Bump::Major => "an expectation changed or a case was retired",
                Bump::Minor => "cases were added",
                Bump::Patch => "titles and docs only",
            },
            CHANGELOG_FILE
        )
    };
    if version == lock.version {
        if changes.is_empty() {
            return Ok(lock.clone());
        }
        return Err(format!(
            "the cases differ from version {} recorded in cases/{LOCK_FILE}:\n{}{}",
            lock.version,
            changes.describe(),
            what()
        ));
    }
    match lock.version.bump_to(version) {
        Some(bump) if bump == required => {}
        Some(bump) => {
            return Err(format!(
                "cases/{VERSION_FILE} says {version}, a {bump} bump from {}, but the change \
                 asks for a {required} one:\n{}{}",
                lock.version,
                changes.describe(),
                what()
            ));
        }
        None => {
            return Err(format!(
                "cases/{VERSION_FILE} says {version}, which is not one bump after {} (the last \
                 recorded in cases/{LOCK_FILE}): {}",
                lock.version,
                what()
            ));
        }
    }
    let mut next = lock.clone();
    next.version = version;
    next.releases.push(version);
    for id in &changes.added {
        next.cases.insert(
            id.clone(),
            LockedCase {
                content: current.cases[id].clone(),
                added: version,
                changed: Vec::new(),
            },
        );
    }
    for id in &changes.changed {
        let case = next.cases.get_mut(id).expect("a changed case is recorded");
        case.content = current.cases[id].clone();
        case.changed.push(version);
    }
    for id in &changes.retired {
        next.cases.remove(id);
        next.retired.insert(id.clone(), version);
    }
    for (group, _, count) in &changes.groups {
        let digest = current
            .groups
            .get(group)
            .map_or_else(String::new, |(_, d)| d.clone());
        next.generated
            .entry(group.clone())
            .or_default()
            .push(GroupState {
                version,
                count: *count,
                digest: if digest.is_empty() {
                    "-".into()
                } else {
                    digest
                },
            });
    }
    Ok(next)
}

/// The first record: every case added by `version`.
fn first(version: Version, current: &Current) -> Lock {
    Lock {
        version,
        releases: vec![version],
        cases: current
            .cases
            .iter()
            .map(|(id, content)| {
                let case = LockedCase {
                    content: content.clone(),
                    added: version,
                    changed: Vec::new(),
                };
                (id.clone(), case)
            })
            .collect(),
        retired: current
            .retired
            .iter()
            .map(|id| (id.clone(), version))
            .collect(),
        generated: current
            .groups
            .iter()
            .map(|(group, (count, digest))| {
                let state = GroupState {
                    version,
                    count: *count,
                    digest: digest.clone(),
                };
                (group.clone(), vec![state])
            })
            .collect(),
    }
}

/// The area of an id or a group (`castling/...`).
fn area(id: &str) -> &str {
    id.split_once('/').map_or(id, |(area, _)| area)
}

/// The counts at `version`: hand-written cases and generated cases per area.
fn counts_at(lock: &Lock, version: Version) -> BTreeMap<&str, (usize, usize)> {
    let mut counts: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (id, case) in &lock.cases {
        if case.added <= version {
            counts.entry(area(id)).or_default().0 += 1;
        }
    }
    // Retired after `version`: still a case then (the record keeps no entry for it now, so
    // it is counted from its retirement).
    for (id, when) in &lock.retired {
        if *when > version {
            counts.entry(area(id)).or_default().0 += 1;
        }
    }
    for (group, states) in &lock.generated {
        if let Some(state) = states.iter().rev().find(|s| s.version <= version) {
            counts.entry(area(group)).or_default().1 += state.count;
        }
    }
    counts.retain(|_, (hand, generated)| *hand + *generated > 0);
    counts
}

/// `cases/CHANGELOG.md`, written from the record: per version, newest first, the cases added,
/// changed and retired, and the groups of generated cases that changed.
pub fn changelog(lock: &Lock) -> String {
    let mut out = format!(
        "# Changelog of the case catalogue\n\n\
         Written by `chess-conformance generate` from `{LOCK_FILE}`: do not edit. The version is\n\
         `{VERSION_FILE}`: the major number moves when an expectation changes or a case is retired,\n\
         the minor when cases are added, the patch for titles and docs. Ids are permanent;\n\
         generated ids name their content, so a generated case that changes is another id.\n"
    );
    for (n, &version) in lock.releases.iter().enumerate().rev() {
        let counts = counts_at(lock, version);
        let hand: usize = counts.values().map(|c| c.0).sum();
        let generated: usize = counts.values().map(|c| c.1).sum();
        let _ = writeln!(out, "\n## {version}\n");
        let previous = n.checked_sub(1).map(|p| lock.releases[p]);
        let Some(previous) = previous else {
            let retired = lock.retired.values().filter(|v| **v == version).count();
            let _ = writeln!(
                out,
                "The first versioned catalogue: {hand} hand-written and {generated} generated \
                 cases ({} in all) in {} rule areas; {retired} id{} retired before it \
                 (`retired.yaml`).\n",
                hand + generated,
                counts.len(),
                if retired == 1 { "" } else { "s" }
            );
            let _ = writeln!(out, "| area | hand-written | generated |");
            let _ = writeln!(out, "|---|---:|---:|");
            for (area, (h, g)) in &counts {
                let _ = writeln!(out, "| {area} | {h} | {g} |");
            }
            continue;
        };
        let kind = previous
            .bump_to(version)
            .map_or_else(|| "?".into(), |b| b.to_string());
        let _ = writeln!(
            out,
            "A {kind} version after {previous}: {hand} hand-written and {generated} generated cases."
        );
        let added: Vec<&String> = lock
            .cases
            .iter()
            .filter(|(_, c)| c.added == version)
            .map(|(id, _)| id)
            .collect();
        let changed: Vec<&String> = lock
            .cases
            .iter()
            .filter(|(_, c)| c.changed.contains(&version))
            .map(|(id, _)| id)
            .collect();
        let retired: Vec<&String> = lock
            .retired
            .iter()
            .filter(|(_, v)| **v == version)
            .map(|(id, _)| id)
            .collect();
        for (title, ids) in [
            ("Added", added),
            ("Changed expectations", changed),
            ("Retired", retired),
        ] {
            if ids.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n### {title} ({})\n", ids.len());
            for id in ids {
                let _ = writeln!(out, "- `{id}`");
            }
        }
        let groups: Vec<(&String, usize, usize)> = lock
            .generated
            .iter()
            .filter_map(|(group, states)| {
                let i = states.iter().position(|s| s.version == version)?;
                let before = i.checked_sub(1).map_or(0, |p| states[p].count);
                Some((group, before, states[i].count))
            })
            .collect();
        if !groups.is_empty() {
            let _ = writeln!(out, "\n### Generated cases\n");
            let _ = writeln!(out, "| group | before | after |");
            let _ = writeln!(out, "|---|---:|---:|");
            for (group, before, after) in groups {
                let _ = writeln!(out, "| `{group}` | {before} | {after} |");
            }
        }
        if lock
            .cases
            .values()
            .all(|c| c.added != version && !c.changed.contains(&version))
            && !lock.retired.values().any(|v| *v == version)
            && !lock
                .generated
                .values()
                .flatten()
                .any(|s| s.version == version)
        {
            let _ = writeln!(
                out,
                "\nTitles and docs only: the cases are those of {previous}."
            );
        }
    }
    out
}

/// What the folder `cases` records: its version, the record and the changelog as `generate`
/// writes them, and the same files as they are on disk.
#[derive(Debug, Clone)]
pub struct Record {
    /// `cases/VERSION`.
    pub version: Version,
    /// The record as it should be.
    pub lock: String,
    /// The changelog as it should be.
    pub changelog: String,
    /// The record on disk, if any.
    pub lock_on_disk: Option<String>,
    /// The changelog on disk, if any.
    pub changelog_on_disk: Option<String>,
}

impl Record {
    /// The files that differ from what `generate` writes, by name.
    pub fn stale(&self) -> Vec<&'static str> {
        let mut stale = Vec::new();
        if self.lock_on_disk.as_deref() != Some(self.lock.as_str()) {
            stale.push(LOCK_FILE);
        }
        if self.changelog_on_disk.as_deref() != Some(self.changelog.as_str()) {
            stale.push(CHANGELOG_FILE);
        }
        stale
    }
}

/// The version of the folder `cases` (its `VERSION` file).
///
/// # Errors
///
/// A missing or malformed file, named.
pub fn folder_version(cases: &Path) -> Result<Version, String> {
    let path = cases.join(VERSION_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "{}: cannot read the catalogue's version: {e}",
            path.display()
        )
    })?;
    Version::of_file(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The record of the folder `cases` for the cases now (`hand`, `generation`): see [`advance`].
///
/// # Errors
///
/// A version or record that does not read, or [`advance`]'s: each says what to do.
pub fn record(cases: &Path, generation: &Generation) -> Result<Record, String> {
    let hand = Catalogue::from_sources(
        crate::hand_sources(cases).map_err(|e| e.0)?,
        crate::retired_sources(cases),
    )
    .map_err(|e| format!("the hand-written catalogue does not load:\n{e}"))?;
    let version = folder_version(cases)?;
    let read = |name: &str| std::fs::read_to_string(cases.join(name)).ok();
    let lock_on_disk = read(LOCK_FILE);
    let locked = lock_on_disk
        .as_deref()
        .map(|text| {
            Lock::parse(text).map_err(|e| format!("{}: {e}", cases.join(LOCK_FILE).display()))
        })
        .transpose()?;
    let lock = advance(locked.as_ref(), version, &Current::of(&hand, generation))?;
    Ok(Record {
        version,
        lock: lock.to_text(),
        changelog: changelog(&lock),
        lock_on_disk,
        changelog_on_disk: read(CHANGELOG_FILE),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(text: &str) -> Version {
        text.parse().unwrap()
    }

    fn current(cases: &[(&str, &str)], groups: &[(&str, usize, &str)]) -> Current {
        Current {
            cases: cases
                .iter()
                .map(|(id, c)| (id.to_string(), c.to_string()))
                .collect(),
            retired: BTreeSet::new(),
            groups: groups
                .iter()
                .map(|(g, n, d)| (g.to_string(), (*n, d.to_string())))
                .collect(),
        }
    }

    fn base() -> (Lock, Current) {
        let now = current(
            &[("castling/a", "aaaa"), ("check/b", "bbbb")],
            &[("castling/mirror", 1, "d1")],
        );
        (advance(None, v("1.0.0"), &now).unwrap(), now)
    }

    #[test]
    fn unchanged_cases_keep_their_record_and_changes_need_a_bump() {
        let (lock, now) = base();
        assert_eq!(advance(Some(&lock), v("1.0.0"), &now).unwrap(), lock);
        // A patch bump with nothing changed is titles and docs.
        let patched = advance(Some(&lock), v("1.0.1"), &now).unwrap();
        assert!(changelog(&patched).contains("Titles and docs only"));
        let mut added = now.clone();
        added.cases.insert("check/c".into(), "cccc".into());
        let e = advance(Some(&lock), v("1.0.0"), &added).unwrap_err();
        assert!(
            e.contains("1 added: check/c") && e.contains("set cases/VERSION to 1.1.0"),
            "{e}"
        );
        let e = advance(Some(&lock), v("2.0.0"), &added).unwrap_err();
        assert!(
            e.contains("a major bump") && e.contains("asks for a minor one"),
            "{e}"
        );
        let e = advance(Some(&lock), v("1.2.0"), &added).unwrap_err();
        assert!(e.contains("not one bump after 1.0.0"), "{e}");
        let next = advance(Some(&lock), v("1.1.0"), &added).unwrap();
        assert_eq!(next.cases["check/c"].added, v("1.1.0"));
        assert_eq!(next.releases, [v("1.0.0"), v("1.1.0")]);
    }

    #[test]
    fn a_changed_expectation_or_a_retired_case_asks_for_a_major_bump() {
        let (lock, now) = base();
        let mut changed = now.clone();
        changed.cases.insert("castling/a".into(), "zzzz".into());
        let e = advance(Some(&lock), v("1.1.0"), &changed).unwrap_err();
        assert!(
            e.contains("asks for a major one") && e.contains("2.0.0"),
            "{e}"
        );
        let next = advance(Some(&lock), v("2.0.0"), &changed).unwrap();
        assert_eq!(next.cases["castling/a"].changed, [v("2.0.0")]);
        let mut retired = now.clone();
        retired.cases.remove("check/b");
        retired.retired.insert("check/b".into());
        assert!(advance(Some(&lock), v("1.1.0"), &retired).is_err());
        let next = advance(Some(&lock), v("2.0.0"), &retired).unwrap();
        assert_eq!(next.retired["check/b"], v("2.0.0"));
        // Gone without being retired: refused, whatever the bump.
        let mut gone = now.clone();
        gone.cases.remove("check/b");
        let e = advance(Some(&lock), v("2.0.0"), &gone).unwrap_err();
        assert!(e.contains("retired.yaml"), "{e}");
        // A generated group that changed at its size is cases changed.
        let mut reshaped = now.clone();
        reshaped
            .groups
            .insert("castling/mirror".into(), (1, "d2".into()));
        assert!(advance(Some(&lock), v("1.1.0"), &reshaped).is_err());
        let mut grown = now;
        grown
            .groups
            .insert("castling/mirror".into(), (2, "d3".into()));
        assert!(advance(Some(&lock), v("1.1.0"), &grown).is_ok());
    }

    #[test]
    fn the_changelog_says_what_each_version_did() {
        let (lock, now) = base();
        let first = changelog(&lock);
        assert!(
            first.contains(
                "## 1.0.0\n\nThe first versioned catalogue: 2 hand-written and 1 generated cases \
                 (3 in all) in 2 rule areas"
            ),
            "{first}"
        );
        let mut added = now;
        added.cases.insert("check/c".into(), "cccc".into());
        added.groups.insert("check/flip".into(), (1, "d9".into()));
        let next = advance(Some(&lock), v("1.1.0"), &added).unwrap();
        let text = changelog(&next);
        assert!(text.find("## 1.1.0").unwrap() < text.find("## 1.0.0").unwrap());
        assert!(text.contains("A minor version after 1.0.0: 3 hand-written and 2 generated"));
        assert!(text.contains("### Added (1)\n\n- `check/c`"), "{text}");
        assert!(text.contains("| `check/flip` | 0 | 1 |"), "{text}");
        // The record reads back to the same changelog.
        assert_eq!(changelog(&Lock::parse(&next.to_text()).unwrap()), text);
    }
}
