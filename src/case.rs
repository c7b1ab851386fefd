//! The case format: what a case file says, as plain data.
//!
//! These types mirror the YAML of `cases/*.yaml` one to one (see `docs/CASES.md`). They are
//! deserialized strictly (`deny_unknown_fields` at every level, so a misspelt assertion is an
//! error, never a silently dropped check) and serialize back to the same shape, which is what the
//! JSON export hands to other languages. Checking that the contents make sense (a FEN that
//! parses, a history of legal moves, ids that are unique) is the loader's job, in
//! [`crate::catalogue`].

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::assertion;
pub use crate::vocabulary::{Color, DrawClaim, MatingMaterial, StateName, Winnability};
use crate::vocabulary::{Obligation, TouchEvent};

/// One case file: an optional description of the rule area and its cases.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CaseFile {
    /// What the rule area covers, for readers of the file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The cases, in reading order.
    pub cases: Vec<Case>,
}

/// One rule case: a position and what a correct implementation must answer about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Case {
    /// Stable id of the form `area/slug`, unique across the catalogue and never reused.
    pub id: String,
    /// One line saying what the case shows.
    pub title: String,
    /// The article of the FIDE Laws of Chess (2023) the case tests, e.g. `3.8.2.2`.
    pub rule: String,
    /// Where the position or the expected answer comes from, when it is not from the rules alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Free-form labels for filtering.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// The starting position, in Forsyth-Edwards Notation.
    pub fen: String,
    /// UCI moves played from `fen` before the assertions are checked.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// What must hold in the position reached.
    pub expect: Expect,
}

crate::assertion::assertions! {
    /// UCI moves that must be legal.
    legal: Vec<String> => assertion::legal::Kind,
    /// UCI moves that must not be legal.
    illegal: Vec<String> => assertion::illegal::Kind,
    /// The exact set of legal moves, in any order.
    moves: Vec<String> => assertion::moves::Kind,
    /// The number of legal moves.
    move_count: u32 => assertion::move_count::Kind,
    /// Whether the side to move is in check.
    check: bool => assertion::check::Kind,
    /// The squares of the pieces giving check (empty: none).
    checkers: Vec<String> => assertion::checkers::Kind,
    /// The state of the game: over (and how) or ongoing.
    state: StateName => assertion::state::Kind,
    /// The winner, required with `state: checkmate` and allowed only there.
    winner: Color => assertion::winner::Kind,
    /// The exact set of draws the player to move may claim (empty: none).
    claims: Vec<DrawClaim> => assertion::claims::Kind,
    /// Whether each side could still checkmate by some series of legal moves (FIDE 6.9).
    mating_material: MatingMaterial => assertion::mating_material::Kind,
    /// Positions reached by playing one move, compared by meaning.
    after: Vec<After> => assertion::after::Kind,
    /// SAN of moves: UCI move to its SAN, check and mate suffixes included.
    #[serde(deserialize_with = "unique_keys")]
    san: BTreeMap<String, String> => assertion::san::Kind,
    /// Moves denoted by SAN: SAN to its UCI move, or null when the SAN must be rejected
    /// (ambiguous, illegal or malformed).
    #[serde(deserialize_with = "unique_keys")]
    from_san: BTreeMap<String, Option<String>> => assertion::from_san::Kind,
    /// Attacked squares, by a side or by the piece on a square.
    attacks: Vec<Attacks> => assertion::attacks::Kind,
    /// Perft node counts: depth to the number of leaf nodes.
    #[serde(deserialize_with = "unique_keys")]
    perft: BTreeMap<u32, u64> => assertion::perft::Kind,
    /// Whether `fen` is a valid position. `false` means it must be rejected; such a case has no
    /// `moves` and no other assertion.
    valid: bool => assertion::valid::Kind,
    /// UCI moves that are not legal and that the engine, asked to play them, must refuse,
    /// leaving its position as it was (FIDE 7.5.1).
    refuses: Vec<String> => assertion::refuses::Kind,
    /// Draws the player may claim by declaring a move before playing it (FIDE 9.2.1.1 and
    /// 9.3.1): a legal UCI move to the exact set of claims the position it produces grounds.
    #[serde(deserialize_with = "unique_keys")]
    claims_with_move: BTreeMap<String, Vec<DrawClaim>> => assertion::claims_with_move::Kind,
    /// Touch-move rulings (FIDE Article 4): what happened at the board, and the moves the player
    /// to move may still make.
    touch_move: Vec<TouchMove> => assertion::touch_move::Kind,
    /// Whether each side named could still checkmate by some series of legal moves (FIDE 6.9,
    /// 5.2.2), judged over the whole position: material, pawn structure and forced lines.
    winnable: WinnableExpect => assertion::winnable::Kind,
}

/// Reads a map whose keys must be unique: YAML itself would let the last of two equal keys win,
/// silently dropping the first assertion.
pub(crate) fn unique_keys<'de, D, K, V>(deserializer: D) -> Result<Option<BTreeMap<K, V>>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: Deserialize<'de> + Ord + fmt::Display,
    V: Deserialize<'de>,
{
    struct Unique<K, V>(std::marker::PhantomData<(K, V)>);

    impl<'de, K, V> serde::de::Visitor<'de> for Unique<K, V>
    where
        K: Deserialize<'de> + Ord + fmt::Display,
        V: Deserialize<'de>,
    {
        type Value = BTreeMap<K, V>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a map with unique keys")
        }

        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = BTreeMap::new();
            while let Some(key) = map.next_key::<K>()? {
                let value = map.next_value()?;
                if out.contains_key(&key) {
                    return Err(serde::de::Error::custom(format!("`{key}` appears twice")));
                }
                out.insert(key, value);
            }
            Ok(out)
        }
    }

    deserializer
        .deserialize_map(Unique(std::marker::PhantomData))
        .map(Some)
}

/// The `winnable` assertion: for each side named, whether it can still checkmate.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(deny_unknown_fields)]
pub struct WinnableExpect {
    /// White's answer, if the case states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<Winnability>,
    /// Black's answer, if the case states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Winnability>,
}

impl WinnableExpect {
    /// The sides named, with their expected answers, White first.
    pub fn sides(&self) -> impl Iterator<Item = (Color, Winnability)> {
        [(Color::White, self.white), (Color::Black, self.black)]
            .into_iter()
            .filter_map(|(color, w)| w.map(|w| (color, w)))
    }
}

/// The position after one move, compared by meaning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct After {
    /// The UCI move to play; it must be legal.
    #[serde(rename = "move")]
    pub mv: String,
    /// The expected position, in FEN.
    pub fen: String,
    /// How the en passant field is compared.
    #[serde(default, skip_serializing_if = "EnPassantConvention::is_default")]
    pub en_passant: EnPassantConvention,
    /// Whether the halfmove clock and the move number are compared (default: yes).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub clocks: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

/// How the en passant field of a FEN is compared.
///
/// FEN writers disagree on when to name the en passant square: after every double step (the PGN
/// standard's FEN), only when a pawn stands ready to capture, or only when the capture is legal.
/// These are conventions, not rules, so by default the suite compares what the field means.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EnPassantConvention {
    /// Equal when the same en passant captures are legal (FIDE 9.2.2's "possible moves"); the
    /// square may be written or omitted where no legal capture exists.
    #[default]
    Legal,
    /// The field must be written exactly as in the expected FEN.
    Exact,
}

impl EnPassantConvention {
    fn is_default(&self) -> bool {
        *self == EnPassantConvention::Legal
    }
}

/// An attacked-squares assertion: whose attacks, and what must hold of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Attacks {
    /// The attacks of the piece on this square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The attacks of every piece of this side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Color>,
    /// The exact set of attacked squares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squares: Option<Vec<String>>,
    /// The number of attacked squares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// Squares that must be attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub includes: Option<Vec<String>>,
    /// Squares that must not be attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excludes: Option<Vec<String>>,
}

/// One touch-move ruling: events at the board, in order, and what the player may still move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TouchMove {
    /// What happened, in order: `touch e2`, `touch e2 accidentally`, `touch e1 h1 together`,
    /// `say j'adoube`, `adjust e2`, `release e2 on e4`, `new knight touches e8`,
    /// `opponent touches e7`.
    pub events: Vec<TouchEvent>,
    /// The moves the player may still make: `any` (any legal move) or an exact list.
    pub allowed: Obligation,
}

impl Case {
    /// The rule area: the part of the id before the first `/`.
    pub fn area(&self) -> &str {
        self.id.split_once('/').map_or(&self.id, |(area, _)| area)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
