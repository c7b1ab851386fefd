//! The case format: what a case file says, as plain data.
//!
//! These types mirror the YAML of `cases/*.yaml` one to one (see `docs/CASES.md`). They are
//! deserialized strictly (`deny_unknown_fields` at every level, so a misspelt assertion is an
//! error, never a silently dropped check) and serialize back to the same shape, which is what the
//! JSON export hands to other languages. Checking that the contents make sense (a FEN that
//! parses, a history of legal moves, ids that are unique) is the loader's job, in
//! [`crate::catalogue`].

use serde::{Deserialize, Serialize};

pub use crate::assertion::after::{After, EnPassantConvention};
pub use crate::assertion::attacks::Attacks;
pub use crate::assertion::expect::Expect;
pub use crate::assertion::touch_move::TouchMove;
pub use crate::assertion::winnable::WinnableExpect;
use crate::vocabulary::{PieceDefinition, Variant};
// the loader names `crate::vocabulary` (its own rewrite).

/// One case file: an optional description of the rule area and its cases.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    /// What the rule area covers, for readers of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Pieces beyond the standard six that every case of the file may use (merged into each
    /// case's own `pieces` at load).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceDefinition>,
    /// The game every case of the file is played in, unless a case says otherwise: absent for
    /// standard chess, `chess960` for Chess960 (FIDE Guidelines II).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// The cases, in reading order.
    pub cases: Vec<Case>,
}

/// One rule case: a position and what a correct implementation must answer about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Stable id of the form `area/slug`, unique across the catalogue and never reused.
    pub id: String,
    /// One line saying what the case shows.
    pub title: String,
    /// The article of the FIDE Laws of Chess (2023) the case tests, e.g. `3.8.2.2`; where no
    /// article applies (the historical pieces), `source:NAME`, the case's `source` then saying
    /// which text and what it states.
    pub rule: String,
    /// Where the position or the expected answer comes from, when it is not from the rules alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Free-form labels for filtering.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// Pieces beyond the standard six the position may hold, with their FEN letters and
    /// movements (the historical pieces of the sources). A case with pieces is set up and
    /// checked by [`crate::fairy`], not shakmaty, and asked only of engines declaring the
    /// capability `pieces`. After loading, this holds the file's pieces too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pieces: Vec<PieceDefinition>,
    /// The game the case is played in: absent for standard chess (or the file's `variant`),
    /// `chess960` for Chess960 (FIDE Guidelines II), where the FEN's castling rights may be
    /// X-FEN or Shredder-FEN, castling is written as the king taking its rook (`f1h1`) and the
    /// case is asked only of engines declaring the capability `chess960`. After loading, this
    /// holds the file's variant when the case has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<Variant>,
    /// The starting position, in Forsyth-Edwards Notation.
    pub fen: String,
    /// UCI moves played from `fen` before the assertions are checked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// What must hold in the position reached.
    pub expect: Expect,
}

impl Case {
    /// The game the case is played in (standard chess when it says none).
    pub fn variant(&self) -> Variant {
        self.variant.unwrap_or_default()
    }

    /// The rule area: the part of the id before the first `/`.
    pub fn area(&self) -> &str {
        self.id.split_once('/').map_or(&self.id, |(area, _)| area)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocabulary::Obligation;

    #[test]
    fn unknown_assertion_is_rejected() {
        let yaml =
            "cases:\n- id: a/b\n  title: t\n  rule: '1'\n  fen: x\n  expect:\n    legall: [e2e4]\n";
        let err = serde_yaml_ng::from_str::<CaseFile>(yaml).unwrap_err();
        assert!(err.to_string().contains("unknown field `legall`"), "{err}");
    }

    #[test]
    fn round_trips_through_yaml() {
        let yaml = "cases:\n- id: a/b\n  title: t\n  rule: '3.7'\n  fen: x\n  moves: [e2e4]\n  expect:\n    state: checkmate\n    winner: black\n    after:\n    - move: e7e5\n      fen: y\n      en_passant: exact\n      clocks: false\n";
        let file: CaseFile = serde_yaml_ng::from_str(yaml).unwrap();
        let again: CaseFile =
            serde_yaml_ng::from_str(&serde_yaml_ng::to_string(&file).unwrap()).unwrap();
        assert_eq!(file, again);
        assert_eq!(file.cases[0].expect.present(), ["state", "winner", "after"]);
        assert_eq!(file.cases[0].area(), "a");
    }

    #[test]
    fn touch_move_reads_events_and_obligations() {
        let yaml = "cases:\n- id: a/b\n  title: t\n  rule: '4.3.1'\n  fen: x\n  expect:\n    touch_move:\n    - events: [touch e2, say j'adoube, release e1 on g1, new knight touches e8]\n      allowed: [e2e4]\n    - events: [touch e2 accidentally]\n      allowed: any\n";
        let file: CaseFile = serde_yaml_ng::from_str(yaml).unwrap();
        let rulings = file.cases[0].expect.touch_move.as_ref().unwrap();
        assert_eq!(rulings[0].events.len(), 4);
        assert_eq!(rulings[0].allowed, Obligation::Moves(vec!["e2e4".into()]));
        assert_eq!(rulings[1].allowed, Obligation::AnyLegalMove);
        let again: CaseFile =
            serde_yaml_ng::from_str(&serde_yaml_ng::to_string(&file).unwrap()).unwrap();
        assert_eq!(file, again);

        for (bad, says) in [
            ("[tuch e2]", "is not a touch-move event"),
            ("[touch e9]", "`e9` is not a square"),
            ("[new king touches e8]", "not `king`"),
        ] {
            let text = yaml.replace("[touch e2 accidentally]", bad);
            let err = serde_yaml_ng::from_str::<CaseFile>(&text).unwrap_err();
            assert!(err.to_string().contains(says), "{bad}: {err}");
            assert!(err.location().is_some(), "{bad}: {err}");
        }
        let text = yaml.replace("allowed: any", "allowed: anything");
        let err = serde_yaml_ng::from_str::<CaseFile>(&text).unwrap_err();
        assert!(
            err.to_string().contains("`any` or a list of UCI moves"),
            "{err}"
        );
    }
}
