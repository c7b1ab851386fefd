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

/// The assertions of a case. Every field is optional; a case needs at least one.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// UCI moves that must be legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// UCI moves that must not be legal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub illegal: Option<Vec<String>>,
    /// The exact set of legal moves, in any order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<Vec<String>>,
    /// The number of legal moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_count: Option<u32>,
    /// Whether the side to move is in check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<bool>,
    /// The squares of the pieces giving check (empty: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checkers: Option<Vec<String>>,
    /// The state of the game: over (and how) or ongoing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<StateName>,
    /// The winner, required with `state: checkmate` and allowed only there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<Color>,
    /// The exact set of draws the player to move may claim (empty: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims: Option<Vec<DrawClaim>>,
    /// Whether each side could still checkmate by some series of legal moves (FIDE 6.9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mating_material: Option<MatingMaterial>,
    /// Positions reached by playing one move, compared by meaning.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<Vec<After>>,
    /// SAN of moves: UCI move to its SAN, check and mate suffixes included.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_keys"
    )]
    pub san: Option<BTreeMap<String, String>>,
    /// Moves denoted by SAN: SAN to its UCI move, or null when the SAN must be rejected
    /// (ambiguous, illegal or malformed).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_keys"
    )]
    pub from_san: Option<BTreeMap<String, Option<String>>>,
    /// Attacked squares, by a side or by the piece on a square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacks: Option<Vec<Attacks>>,
    /// Perft node counts: depth to the number of leaf nodes.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_keys"
    )]
    pub perft: Option<BTreeMap<u32, u64>>,
    /// Whether `fen` is a valid position. `false` means it must be rejected; such a case has no
    /// `moves` and no other assertion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valid: Option<bool>,
    /// UCI moves that are not legal and that the engine, asked to play them, must refuse,
    /// leaving its position as it was (FIDE 7.5.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refuses: Option<Vec<String>>,
    /// Draws the player may claim by declaring a move before playing it (FIDE 9.2.1.1 and
    /// 9.3.1): a legal UCI move to the exact set of claims the position it produces grounds.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "unique_keys"
    )]
    pub claims_with_move: Option<BTreeMap<String, Vec<DrawClaim>>>,
    /// Touch-move rulings (FIDE Article 4): what happened at the board, and the moves the player
    /// to move may still make.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub touch_move: Option<Vec<TouchMove>>,
    /// Whether each side named could still checkmate by some series of legal moves (FIDE 6.9,
    /// 5.2.2), judged over the whole position: material, pawn structure and forced lines.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winnable: Option<WinnableExpect>,
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

impl Expect {
    /// The names of the assertions present, in the order the format lists them.
    pub fn present(&self) -> Vec<&'static str> {
        let mut names = Vec::new();
        let mut add = |on: bool, name| {
            if on {
                names.push(name)
            }
        };
        add(self.legal.is_some(), "legal");
        add(self.illegal.is_some(), "illegal");
        add(self.moves.is_some(), "moves");
        add(self.move_count.is_some(), "move_count");
        add(self.check.is_some(), "check");
        add(self.checkers.is_some(), "checkers");
        add(self.state.is_some(), "state");
        add(self.winner.is_some(), "winner");
        add(self.claims.is_some(), "claims");
        add(self.mating_material.is_some(), "mating_material");
        add(self.after.is_some(), "after");
        add(self.san.is_some(), "san");
        add(self.from_san.is_some(), "from_san");
        add(self.attacks.is_some(), "attacks");
        add(self.perft.is_some(), "perft");
        add(self.valid.is_some(), "valid");
        add(self.refuses.is_some(), "refuses");
        add(self.claims_with_move.is_some(), "claims_with_move");
        add(self.touch_move.is_some(), "touch_move");
        add(self.winnable.is_some(), "winnable");
        names
    }
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
