//! The catalogue's version and its record.
//!
//! The version is the one line of `cases/VERSION`, semantic: the major number moves when an
//! expectation changes or a case is retired, the minor when cases are added, the patch for
//! titles and docs. The record, `cases/catalogue.lock`, is what the generator
//! (`chess-conformance generate`) wrote at the last version: every hand-written case by id with
//! its content id, the version that added it and those that changed it; the ids retired and
//! when; and the generated cases per group (`area/generator`), a count and a digest of their
//! ids at each version the group changed. `cases/CHANGELOG.md` is written from it, and a run
//! reads it to tell the cases new since the version a baseline was written against.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::{LoadedCase, Origin};

/// The name of the file, in a folder of case files, that holds the catalogue's version.
pub const VERSION_FILE: &str = "VERSION";

/// The name of the file, beside [`VERSION_FILE`], that records the version's cases.
pub const LOCK_FILE: &str = "catalogue.lock";

/// A catalogue version, `MAJOR.MINOR.PATCH`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    /// Moves when an expectation changes or a case is retired.
    pub major: u32,
    /// Moves when cases are added.
    pub minor: u32,
    /// Moves for titles and docs.
    pub patch: u32,
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.patch)
    }
}

impl FromStr for Version {
    type Err = String;

    /// Three numbers without leading zeros, separated by dots (no pre-release, no build).
    fn from_str(text: &str) -> Result<Version, String> {
        let bad = || {
            format!(
                "`{}` is not a version MAJOR.MINOR.PATCH",
                crate::escape::shown(text)
            )
        };
        let numbers: Vec<u32> = text
            .split('.')
            .map(|part| {
                let well_formed = !part.is_empty()
                    && part.bytes().all(|b| b.is_ascii_digit())
                    && (part == "0" || !part.starts_with('0'));
                if well_formed { part.parse().ok() } else { None }
            })
            .collect::<Option<_>>()
            .ok_or_else(bad)?;
        match numbers[..] {
            [major, minor, patch] => Ok(Version {
                major,
                minor,
                patch,
            }),
            _ => Err(bad()),
        }
    }
}

/// What kind of change separates two versions, or two states of the cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bump {
    /// Titles and docs.
    Patch,
    /// Cases added.
    Minor,
    /// An expectation changed or a case retired.
    Major,
}

impl fmt::Display for Bump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Bump::Patch => "patch",
            Bump::Minor => "minor",
            Bump::Major => "major",
        })
    }
}

impl Version {
    /// The version after a bump of this kind.
    #[must_use]
    pub fn bumped(self, bump: Bump) -> Version {
        match bump {
            Bump::Major => Version {
                major: self.major + 1,
                minor: 0,
                patch: 0,
            },
            Bump::Minor => Version {
                minor: self.minor + 1,
                patch: 0,
                ..self
            },
            Bump::Patch => Version {
                patch: self.patch + 1,
                ..self
            },
        }
    }

    /// The kind of bump from `self` to `next`, if `next` is one bump after it.
    pub fn bump_to(self, next: Version) -> Option<Bump> {
        [Bump::Patch, Bump::Minor, Bump::Major]
            .into_iter()
            .find(|&b| self.bumped(b) == next)
    }

    /// The version of a `VERSION` file's text: one line, surrounding blanks ignored.
    ///
    /// # Errors
    ///
    /// Anything but one version.
    pub fn of_file(text: &str) -> Result<Version, String> {
        text.trim().parse()
    }
}

/// A hand-written case as the record keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockedCase {
    /// Its content id (the generator's hash of its position, history and expectation).
    pub content: String,
    /// The version that added it.
    pub added: Version,
    /// The versions that changed its content, oldest first.
    pub changed: Vec<Version>,
}

/// One group of generated cases at one version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupState {
    /// The version this state was recorded at.
    pub version: Version,
    /// How many cases the group holds.
    pub count: usize,
    /// The hash of its ids, sorted, one a line.
    pub digest: String,
}

/// The record of the catalogue's versions (`cases/catalogue.lock`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lock {
    /// The version recorded last.
    pub version: Version,
    /// Every version recorded, oldest first (the last is [`Lock::version`]).
    pub releases: Vec<Version>,
    /// Every hand-written case of that version, by id.
    pub cases: BTreeMap<String, LockedCase>,
    /// Every retired id and the version that retired it.
    pub retired: BTreeMap<String, Version>,
    /// Each group of generated cases (`area/generator`), its states at every version it
    /// changed, oldest first.
    pub generated: BTreeMap<String, Vec<GroupState>>,
}

/// The embedded record of the shipped catalogue, and its version.
const BUILTIN_LOCK: Option<&str> = super::sources::builtin::LOCK;
const BUILTIN_VERSION: Option<&str> = super::sources::builtin::VERSION;

/// The group of a generated case's id: its area and generator (`castling/mirror`).
pub fn group_of(id: &str) -> &str {
    id.rsplit_once('/').map_or(id, |(group, _)| group)
}

/// The hand-written case a generated twin was made from, as its `source` names it: the first
/// id in backquotes of a source that starts `generated as`.
fn twin_origin(case: &LoadedCase) -> Option<&str> {
    let source = case.case.source.as_deref()?;
    let rest = source.strip_prefix("generated as")?;
    let (_, after) = rest.split_once('`')?;
    after.split_once('`').map(|(id, _)| id)
}

impl Lock {
    /// The record of the shipped catalogue, `cases/catalogue.lock`, if it was built with one.
    ///
    /// # Panics
    ///
    /// If the shipped record does not read, which its own test rules out.
    pub fn builtin() -> Option<Lock> {
        BUILTIN_LOCK.map(|text| Lock::parse(text).expect("cases/catalogue.lock reads"))
    }

    /// Reads a record.
    ///
    /// # Errors
    ///
    /// The line (1-based) and what is wrong with it.
    pub fn parse(text: &str) -> Result<Lock, String> {
        let mut releases: Vec<Version> = Vec::new();
        let mut cases = BTreeMap::new();
        let mut retired = BTreeMap::new();
        let mut generated: BTreeMap<String, Vec<GroupState>> = BTreeMap::new();
        for (n, line) in text.lines().enumerate() {
            let at = |message: String| format!("line {}: {message}", n + 1);
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            let v = |word: &str| word.parse::<Version>().map_err(at);
            match words[..] {
                ["release", number] => {
                    let number = v(number)?;
                    if releases.last().is_some_and(|last| *last >= number) {
                        return Err(at("the releases go oldest first".into()));
                    }
                    releases.push(number);
                }
                ["case", id, content, added, ref changed @ ..] => {
                    let changed = changed.iter().map(|w| v(w)).collect::<Result<_, _>>()?;
                    let entry = LockedCase {
                        content: content.to_owned(),
                        added: v(added)?,
                        changed,
                    };
                    if cases.insert(id.to_owned(), entry).is_some() {
                        return Err(at(format!("case `{id}` is recorded twice")));
                    }
                }
                ["retired", id, when] => {
                    if retired.insert(id.to_owned(), v(when)?).is_some() {
                        return Err(at(format!("retired id `{id}` is recorded twice")));
                    }
                }
                ["generated", group, when, count, digest] => {
                    let count = count
                        .parse()
                        .map_err(|_| at(format!("`{count}` is not a count")))?;
                    let states = generated.entry(group.to_owned()).or_default();
                    let version = v(when)?;
                    if states.last().is_some_and(|s| s.version >= version) {
                        return Err(at(format!(
                            "group `{group}`: its states go oldest first, one per version"
                        )));
                    }
                    states.push(GroupState {
                        version,
                        count,
                        digest: digest.to_owned(),
                    });
                }
                _ => {
                    return Err(at(
                        "expected `release V`, `case ID CONTENT ADDED [CHANGED...]`, \
                         `retired ID V` or `generated GROUP V COUNT DIGEST`"
                            .into(),
                    ));
                }
            }
        }
        Ok(Lock {
            version: *releases.last().ok_or("no `release` line")?,
            releases,
            cases,
            retired,
            generated,
        })
    }

    /// The record's text, as [`Lock::parse`] reads it: sorted, one record a line.
    pub fn to_text(&self) -> String {
        use fmt::Write as _;
        let mut out = String::from(
            "# The record of the catalogue's versions, written by `chess-conformance generate`: do\n\
             # not edit. Every release, oldest first; each hand-written case: id, content id, the\n\
             # version that added it and those that changed it; each retired id and when; each\n\
             # group of generated cases at every version it changed: count and digest of its ids.\n\
             # CHANGELOG.md is written from it.\n",
        );
        for release in &self.releases {
            let _ = writeln!(out, "release {release}");
        }
        for (id, case) in &self.cases {
            let _ = write!(out, "case {id} {} {}", case.content, case.added);
            for v in &case.changed {
                let _ = write!(out, " {v}");
            }
            out.push('\n');
        }
        for (id, when) in &self.retired {
            let _ = writeln!(out, "retired {id} {when}");
        }
        for (group, states) in &self.generated {
            for s in states {
                let _ = writeln!(
                    out,
                    "generated {group} {} {} {}",
                    s.version, s.count, s.digest
                );
            }
        }
        out
    }

    /// Whether `case` came into the catalogue after version `since`: a hand-written case added
    /// after it; a generated twin whose hand-written case was; any other generated case whose
    /// group grew after it (the record keeps a group's count and digest, not its ids, so every
    /// case of a group that grew is counted new). A case the record does not know is new.
    pub fn is_new_since(&self, since: Version, case: &LoadedCase) -> bool {
        let id = case.case.id.as_str();
        let added_after = |id: &str| self.cases.get(id).map(|c| c.added > since);
        match case.origin {
            Origin::HandWritten => added_after(id).unwrap_or(true),
            Origin::Generated => {
                if let Some(new) = twin_origin(case).and_then(added_after) {
                    return new;
                }
                match self.generated.get(group_of(id)) {
                    None => true,
                    Some(states) => {
                        let mut before = 0;
                        for s in states {
                            if s.version > since && s.count > before {
                                return true;
                            }
                            before = s.count;
                        }
                        false
                    }
                }
            }
        }
    }
}

/// The version of the shipped catalogue (`cases/VERSION`), if it was built with one.
///
/// # Panics
///
/// If the shipped file does not hold a version, which its own test rules out.
pub fn builtin_version() -> Option<Version> {
    BUILTIN_VERSION.map(|text| Version::of_file(text).expect("cases/VERSION holds a version"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_read_compare_and_bump() {
        let v: Version = "1.2.3".parse().unwrap();
        assert_eq!(v.to_string(), "1.2.3");
        assert!(v < "1.10.0".parse().unwrap());
        for bad in [
            "1.2",
            "1.2.3.4",
            "01.2.3",
            "1.-2.3",
            "1.2.3-rc1",
            "",
            "a.b.c",
        ] {
            assert!(bad.parse::<Version>().is_err(), "{bad}");
        }
        assert_eq!(v.bump_to("2.0.0".parse().unwrap()), Some(Bump::Major));
        assert_eq!(v.bump_to("1.3.0".parse().unwrap()), Some(Bump::Minor));
        assert_eq!(v.bump_to("1.2.4".parse().unwrap()), Some(Bump::Patch));
        assert_eq!(v.bump_to("1.4.0".parse().unwrap()), None);
        assert_eq!(v.bump_to("2.0.1".parse().unwrap()), None);
        assert_eq!(v.bump_to(v), None);
        assert_eq!(Version::of_file("1.0.0\n").unwrap().to_string(), "1.0.0");
    }

    #[test]
    fn the_shipped_version_and_record_read_and_agree() {
        let version = builtin_version().expect("cases/VERSION is shipped");
        let lock = Lock::builtin().expect("cases/catalogue.lock is shipped");
        assert_eq!(lock.version, version, "run `chess-conformance generate`");
        assert_eq!(Lock::parse(&lock.to_text()).unwrap(), lock);
    }

    #[test]
    fn a_broken_record_is_refused_with_its_line() {
        let e = Lock::parse("release 1.0.0\ncase a/b x 1.0\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        let e = Lock::parse("case a/b x 1.0.0\n").unwrap_err();
        assert!(e.contains("no `release`"), "{e}");
        let e = Lock::parse(
            "release 1.1.0\ngenerated a/mined 1.1.0 2 x\ngenerated a/mined 1.0.0 1 y\n",
        )
        .unwrap_err();
        assert!(
            e.starts_with("line 3:") && e.contains("oldest first"),
            "{e}"
        );
        let e = Lock::parse("release 1.1.0\nrelease 1.0.0\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        let e = Lock::parse("release 1.0.0\nfrobnicate\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
    }

    fn loaded(id: &str, source: Option<&str>) -> LoadedCase {
        let text = format!(
            "cases:\n  - id: {id}\n    title: t\n    rule: '3.10.1'\n{}    fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n    expect: {{ move_count: 20 }}\n",
            source
                .map(|s| format!("    source: \"{s}\"\n"))
                .unwrap_or_default()
        );
        let name = if id.matches('/').count() > 1 {
            "generated/moves.yaml"
        } else {
            "cases/moves.yaml"
        };
        let text = if id.matches('/').count() > 1 {
            format!("# @generated by chess-conformance generate\n{text}")
        } else {
            text
        };
        let catalogue = crate::Catalogue::from_sources(
            [crate::catalogue::Source {
                name: name.into(),
                text,
            }],
            [],
        )
        .unwrap();
        catalogue.cases()[0].clone()
    }

    #[test]
    fn new_since_follows_the_version_a_case_or_its_origin_or_its_group_came_with() {
        let lock = Lock::parse(
            "release 1.0.0\nrelease 1.1.0\ncase moves/old a 1.0.0\ncase moves/new b 1.1.0\n\
             generated moves/mined 1.0.0 3 d1\ngenerated moves/mined 1.1.0 4 d2\n\
             generated moves/flip 1.0.0 2 d3\n",
        )
        .unwrap();
        let v10: Version = "1.0.0".parse().unwrap();
        let v11: Version = "1.1.0".parse().unwrap();
        let old = loaded("moves/old", None);
        let new = loaded("moves/new", None);
        assert_eq!(old.origin, Origin::HandWritten);
        assert!(!lock.is_new_since(v10, &old));
        assert!(lock.is_new_since(v10, &new));
        assert!(!lock.is_new_since(v11, &new));
        assert!(lock.is_new_since(v10, &loaded("moves/unrecorded", None)));
        // A twin follows the case it was made from; a mined case its group, which grew.
        let twin = loaded(
            "moves/flip/0123456789ab",
            Some("generated as the colour flip of `moves/new`"),
        );
        assert_eq!(twin.origin, Origin::Generated);
        assert!(lock.is_new_since(v10, &twin));
        let twin_of_old = loaded(
            "moves/flip/0123456789ac",
            Some("generated as the colour flip of `moves/old`"),
        );
        assert!(!lock.is_new_since(v10, &twin_of_old));
        let mined = loaded("moves/mined/0123456789ad", Some("mined"));
        assert!(lock.is_new_since(v10, &mined));
        assert!(!lock.is_new_since(v11, &mined));
    }
}
