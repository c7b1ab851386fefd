//! The table of assertion kinds: [`Expect`], one optional field per `expect` key, each naming
//! the file of its kind. This is the one place that lists the keys.

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::assertion;
use crate::assertion::after::After;
use crate::assertion::attacks::Attacks;
use crate::assertion::touch_move::TouchMove;
use crate::assertion::winnable::WinnableExpect;
use crate::vocabulary::{Color, DrawClaim, MatingMaterial, StateName};

super::assertions! {
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
