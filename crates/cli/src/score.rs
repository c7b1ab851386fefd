//! The mutation score: what `mutants --json` writes, and what `run --mutation-score` and
//! `matrix --mutation-score` read back, checked against the catalogue they run.

use std::path::Path;

use chess_conformance::Catalogue;
use serde::{Deserialize, Serialize};

use crate::error::BadInput;
use crate::selection::Selection;
use crate::text::plural;

/// The score at `path`, if one is given, then the cases `selection` keeps, the score checked
/// against them: a score measured on other cases is refused.
///
/// # Errors
///
/// The score cannot be read or is not one, the cases do not load, or their counts differ.
pub(crate) fn load_with(
    path: Option<&Path>,
    selection: &Selection,
) -> Result<(Catalogue, Option<Score>), BadInput> {
    let score = path.map(Score::load).transpose()?;
    let catalogue = selection.load()?;
    if let Some(score) = &score {
        score.check(catalogue.cases().len())?;
    }
    Ok((catalogue, score))
}

/// The result of a mutation run, as `--json` writes it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// How many cases were run against each mutant.
    pub cases: usize,
    /// The mutants killed.
    pub killed: usize,
    /// The mutants run.
    pub mutants: usize,
    /// Each mutant's result, in the order of the table.
    pub results: Vec<MutantResult>,
}

/// One mutant's result.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct MutantResult {
    /// Its name.
    pub name: String,
    /// Its rule area.
    pub area: String,
    /// The FIDE article it breaks.
    pub article: String,
    /// The rule it breaks.
    pub breaks: String,
    /// Hand-written cases that kill it.
    pub hand_written: usize,
    /// Generated cases that kill it.
    pub generated: usize,
    /// Whether a hand-written case that kills it has White to move, and one Black.
    pub colours: [bool; 2],
    /// The first hand-written cases that kill it (then generated ones), at most five.
    pub first: Vec<String>,
}

impl MutantResult {
    /// Whether any case kills it.
    pub fn killed(&self) -> bool {
        self.hand_written + self.generated > 0
    }

    /// What is wrong with how the hand-written cases kill it, if anything: none kills it, one
    /// only, or none with one of the colours to move (where the rule has colours).
    pub fn weakness(&self) -> Option<String> {
        if self.hand_written == 0 {
            return Some(if self.generated == 0 {
                "survives".into()
            } else {
                "killed by generated cases only".into()
            });
        }
        if self.hand_written < 2 {
            return Some("killed by one hand-written case only".into());
        }
        if has_colours(&self.area) {
            if !self.colours[0] {
                return Some("no hand-written case with White to move kills it".into());
            }
            if !self.colours[1] {
                return Some("no hand-written case with Black to move kills it".into());
            }
        }
        None
    }
}

/// Whether the rules of an area have colours (one case per side to move is asked of them): all
/// but FEN validity, whose faults are of the text, not of a side.
fn has_colours(area: &str) -> bool {
    area != "fen"
}

impl Score {
    /// Reads a score `mutants --json` wrote.
    ///
    /// # Errors
    ///
    /// A message naming the file, when it cannot be read or is not a score.
    pub fn load(path: &Path) -> Result<Score, BadInput> {
        let text = chess_conformance::InputFile::MUTATION_SCORE
            .read(path)
            .map_err(|e| BadInput(format!("{}: {e} (the mutation score)", path.display())))?;
        serde_json::from_str(&text).map_err(|e| {
            BadInput(format!(
                "{}: not a mutation score (`chess-conformance mutants --json` writes one): {e}",
                path.display()
            ))
        })
    }

    /// Checks that the score was measured on a catalogue of `cases` cases, the one a run loaded.
    ///
    /// # Errors
    ///
    /// A message with both counts, when they differ.
    pub fn check(&self, cases: usize) -> Result<(), BadInput> {
        if self.cases == cases {
            Ok(())
        } else {
            Err(BadInput(format!(
                "the mutation score was measured on {} and this run has {}: run \
                 `chess-conformance mutants --json` on the same cases",
                plural(self.cases, "case"),
                plural(cases, "case")
            )))
        }
    }

    /// The line reports show: `kills 68 of 68 built-in mutants (24,515 cases)`.
    pub fn line(&self) -> String {
        format!(
            "Mutation score: this catalogue ({}) kills {} of {} built-in mutants \
             (`chess-conformance mutants`)",
            plural(self.cases, "case"),
            self.killed,
            self.mutants
        )
    }
}
