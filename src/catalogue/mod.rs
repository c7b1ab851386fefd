//! The loader: case files in, a validated [`Catalogue`] out, or every problem with its place.
//!
//! Loading is strict. The YAML must match the format exactly (unknown fields are errors), and
//! each case must make sense before any engine sees it: a valid FEN, a history of legal moves
//! that stops where the game ends, moves and squares in the suite's vocabulary, legal moves where
//! an assertion plays or names one, at least one assertion, an id of the form `area/slug` that
//! matches its file and is neither used twice nor retired. Every error names the file, line and
//! column, and the case id when there is one. All errors are collected, not just the first.
//!
//! The loader's rooms: where case files come from (embedded, files, folders; the file size
//! limit) in `sources.rs`; a load, files parsed and checked on threads and merged in order, in
//! `load.rs`; ids and retired ids in `ids.rs`; the case-level checks and each assertion's
//! `validate` in `validate.rs` (a case of historical pieces is checked beside the fairy
//! reference, `fairy/validate.rs`); the checks a case makes, planned once, in `plan.rs`.

use std::collections::{BTreeMap, HashSet};
use std::fmt;
use std::sync::Arc;

use crate::assertion::Plan;
use crate::case::Case;
use crate::engine::Capabilities;

mod content;
mod ids;
mod load;
mod plan;
mod sources;
mod validate;
mod version;

pub use crate::locate::MAX_DEPTH;
pub use content::{content_id, content_key, fnv1a64, normalized, short_hash};
pub use sources::{MAX_FILE_BYTES, RETIRED_FILE, Source};
pub use version::{
    Bump, GroupState, LOCK_FILE, Lock, LockedCase, VERSION_FILE, Version, builtin_version, group_of,
};

use plan::plan;
use validate::validate;

/// A case with where it was loaded from, and the checks it makes of an engine (planned once,
/// at load, from its assertions).
#[derive(Debug, Clone)]
pub struct LoadedCase {
    /// The case.
    pub case: Case,
    /// The file it came from, as given to the loader.
    pub file: String,
    /// The 1-based line where it starts (its first key, usually `id`).
    pub line: usize,
    /// Whether it was written by hand (`cases/`) or by `chess-conformance generate`.
    pub origin: Origin,
    plan: Arc<Plan>,
    reached: Reached,
}

/// What the boards need of the position a case's history reaches, kept from the load's set-up
/// of the case (its one replay), so that no board replays it.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reached {
    /// Whether the load set the position up: on shakmaty, or on the fairy reference for a case
    /// of historical pieces; a `valid: false` case's when shakmaty reads its FEN.
    set_up: bool,
    /// The FEN of the position after the history, when there is one (without a history, the
    /// position is the case's FEN as written).
    after: Option<Box<str>>,
}

impl Reached {
    /// A game replayed on shakmaty from the case's FEN through `moves`.
    pub(crate) fn standard(game: &crate::replay::Replay, moves: &[String]) -> Reached {
        Reached {
            set_up: true,
            after: (!moves.is_empty()).then(|| game.fen().into()),
        }
    }

    /// A position of historical pieces, `fen` its FEN after `moves` on the fairy reference.
    pub(crate) fn fairy(fen: String, moves: &[String]) -> Reached {
        Reached {
            set_up: true,
            after: (!moves.is_empty()).then(|| fen.into()),
        }
    }

    /// A FEN that must be rejected (`valid: false`, no history): set up when shakmaty reads
    /// it anyway, in the case's variant (a Chess960 FEN's rights are X-FEN or Shredder-FEN,
    /// which standard chess does not read).
    pub(crate) fn rejected(fen: &str, variant: crate::vocabulary::Variant) -> Reached {
        Reached {
            set_up: crate::replay::parse_fen_in(fen, variant).is_ok(),
            after: None,
        }
    }
}

impl LoadedCase {
    /// Validates one case on its own (as the loader does, its id aside: uniqueness and files
    /// are the catalogue's) and plans its checks: for a case made in code rather than read from
    /// a file.
    ///
    /// # Errors
    ///
    /// Every problem of the case, as the loader words them (the file is `<case>`).
    pub fn new(case: Case) -> Result<LoadedCase, LoadErrors> {
        let mut problems = Vec::new();
        let set_up = validate(&case, &mut problems);
        if !problems.is_empty() {
            let id = case.id.clone();
            return Err(LoadErrors(
                problems
                    .into_iter()
                    .map(|p| LoadError {
                        file: "<case>".into(),
                        line: 0,
                        column: 0,
                        case: Some(id.clone()),
                        message: p.message,
                    })
                    .collect(),
            ));
        }
        let plan = plan(&case, set_up.game.as_ref());
        Ok(LoadedCase {
            case,
            file: "<case>".into(),
            line: 0,
            origin: Origin::HandWritten,
            plan: Arc::new(plan),
            reached: set_up.reached,
        })
    }

    /// The FEN of the position the case's history reaches, as the load set it up (on
    /// shakmaty, or on the fairy reference for a case of historical pieces): the case's FEN as
    /// written when it has no history. `None` for a `valid: false` case whose FEN shakmaty
    /// does not read. Its placement and side to move are what a board of the case draws.
    pub fn fen_reached(&self) -> Option<&str> {
        if !self.reached.set_up {
            return None;
        }
        Some(self.reached.after.as_deref().unwrap_or(&self.case.fen))
    }

    /// The text board of the position the case's history reaches ([`crate::diagram`]'s), from
    /// what the load found: `None` when it has no position of the six standard pieces.
    pub fn diagram(&self) -> Option<String> {
        crate::diagram::diagram_of_fen(self.fen_reached()?, self.case.moves.len())
    }

    /// The checks the case makes, in order.
    pub(crate) fn plan(&self) -> &Plan {
        &self.plan
    }

    /// Every capability the case's checks need.
    pub fn needs(&self) -> Capabilities {
        self.plan.needs()
    }
}

/// Where a case comes from: written by hand, or by the generator.
///
/// A case file is generated when one of its leading comment lines carries [`GENERATED_MARK`];
/// `chess-conformance generate` writes that line at the top of every file of `generated/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Origin {
    /// Written from the rules by a person, in `cases/`.
    HandWritten,
    /// Written by `chess-conformance generate` (symmetry twins, mined cases, perft divides).
    Generated,
}

/// The mark that makes a case file generated, in a comment line before its first key.
pub const GENERATED_MARK: &str = "@generated by chess-conformance generate";

impl Origin {
    /// The origin of a case file's cases, read from its leading comment lines.
    pub fn of_text(text: &str) -> Origin {
        let generated = text
            .lines()
            .take_while(|l| l.trim_start().starts_with('#') || l.trim().is_empty())
            .any(|l| l.contains(GENERATED_MARK));
        if generated {
            Origin::Generated
        } else {
            Origin::HandWritten
        }
    }

    /// `hand-written` or `generated`.
    pub fn name(self) -> &'static str {
        match self {
            Origin::HandWritten => "hand-written",
            Origin::Generated => "generated",
        }
    }
}

/// A loaded, validated set of cases, in file order and then in order within each file.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    cases: Vec<LoadedCase>,
    retired: BTreeMap<String, String>,
    /// The version of the cases: the shipped catalogue's, or a folder's own `VERSION`.
    version: Option<Version>,
    /// The record of the versions, beside the version.
    record: Option<Arc<Lock>>,
}

/// One problem found while loading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file, as given to the loader.
    pub file: String,
    /// 1-based line, 0 when the problem is the whole file.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// The id of the case concerned, if any.
    pub case: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for LoadError {
    /// `FILE:LINE:COLUMN: case `ID`: MESSAGE`, leaving out a line or column that is not known
    /// (a problem of the whole file is `FILE: MESSAGE`).
    ///
    /// The file, the id and the message are escaped ([`crate::report::shown`]), and a message
    /// over [`MAX_MESSAGE_CHARS`] is cut there: what a file holds reaches a log as a short
    /// excerpt at most.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use crate::escape::shown;
        let file = shown(&self.file);
        match (self.line, self.column) {
            (0, _) => write!(f, "{file}: ")?,
            (line, 0) => write!(f, "{file}:{line}: ")?,
            (line, column) => write!(f, "{file}:{line}:{column}: ")?,
        }
        if let Some(id) = &self.case {
            write!(f, "case `{}`: ", shown(id))?;
        }
        let total = self.message.chars().count();
        if total > MAX_MESSAGE_CHARS {
            let head: String = self.message.chars().take(MAX_MESSAGE_CHARS).collect();
            write!(
                f,
                "{}… (a message of {total} characters, cut)",
                shown(&head)
            )
        } else {
            f.write_str(&shown(&self.message))
        }
    }
}

/// The longest message a [`LoadError`] prints: a message quoting a file's text says enough in
/// fewer, and one of a 20,000-character line printed whole would flood a log (or leak it).
pub const MAX_MESSAGE_CHARS: usize = 600;

/// Everything wrong with a catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "error: {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

impl Catalogue {
    /// Every case, in load order.
    pub fn cases(&self) -> &[LoadedCase] {
        &self.cases
    }

    /// The case with this id.
    pub fn get(&self, id: &str) -> Option<&LoadedCase> {
        self.cases.iter().find(|c| c.case.id == id)
    }

    /// Retired ids and why they were retired.
    pub fn retired(&self) -> &BTreeMap<String, String> {
        &self.retired
    }

    /// The version of the cases (`cases/VERSION` for the shipped catalogue; a folder given
    /// to [`Catalogue::load`] alone with its own `VERSION` file gives its); none otherwise.
    pub fn version(&self) -> Option<Version> {
        self.version
    }

    /// The record of the catalogue's versions (`catalogue.lock`, beside the version), which
    /// says which cases each version added.
    pub fn record(&self) -> Option<&Lock> {
        self.record.as_deref()
    }

    /// The catalogue with this version and record.
    #[must_use]
    pub fn versioned(mut self, version: Option<Version>, record: Option<Lock>) -> Catalogue {
        self.version = version;
        self.record = record.map(Arc::new);
        self
    }

    /// The number of cases.
    pub fn len(&self) -> usize {
        self.cases.len()
    }

    /// Whether there are no cases.
    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// Keeps only the cases whose id contains `pattern`.
    #[must_use]
    pub fn filtered(self, pattern: &str) -> Catalogue {
        self.retain(|c| c.case.id.contains(pattern))
    }

    /// Keeps only the cases for which `keep` is true.
    #[must_use]
    pub fn retain(mut self, keep: impl FnMut(&LoadedCase) -> bool) -> Catalogue {
        self.cases.retain(keep);
        self
    }

    /// Merges another catalogue in; ids must stay unique.
    ///
    /// # Errors
    ///
    /// An error per id present in both.
    pub fn merge(mut self, other: Catalogue) -> Result<Catalogue, LoadErrors> {
        let ids: HashSet<&str> = self.cases.iter().map(|c| c.case.id.as_str()).collect();
        let errors: Vec<LoadError> = other
            .cases
            .iter()
            .filter(|c| ids.contains(c.case.id.as_str()))
            .map(|c| LoadError {
                file: c.file.clone(),
                line: c.line,
                column: 1,
                case: Some(c.case.id.clone()),
                message: "duplicate id: already loaded from another catalogue".into(),
            })
            .collect();
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        self.cases.extend(other.cases);
        self.retired.extend(other.retired);
        // Cases of two versions have none.
        if self.version != other.version {
            self.version = None;
            self.record = None;
        }
        Ok(self)
    }
}

#[cfg(test)]
mod tests;
