//! How a game stands: [`GameState`], the answer an engine gives, and [`StateName`], the name a
//! case writes (`state: checkmate`, with the winner beside it as `winner: white`).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::Color;

/// How a game stands, as an engine reports it.
///
/// Over the protocol it is `{"state": NAME}`, or `{"state": "checkmate", "winner": COLOR}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameState {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated.
    Checkmate {
        /// The side that delivered mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can mate with the material left.
    InsufficientMaterial,
    /// The position has appeared five times.
    FivefoldRepetition,
    /// 75 moves by each side without a pawn move or capture.
    SeventyFiveMoves,
    /// Neither side can checkmate by any series of legal moves, beyond what the material alone
    /// shows (FIDE 5.2.2).
    DeadPosition,
}

impl GameState {
    /// The state's name, as a case writes it.
    pub fn name(self) -> StateName {
        match self {
            GameState::Ongoing => StateName::Ongoing,
            GameState::Checkmate { .. } => StateName::Checkmate,
            GameState::Stalemate => StateName::Stalemate,
            GameState::InsufficientMaterial => StateName::InsufficientMaterial,
            GameState::FivefoldRepetition => StateName::FivefoldRepetition,
            GameState::SeventyFiveMoves => StateName::SeventyFiveMoves,
            GameState::DeadPosition => StateName::DeadPosition,
        }
    }

    /// The winner: the side that mated, for a checkmate.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameState::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }

    /// The state a name and a winner describe.
    ///
    /// # Errors
    ///
    /// A checkmate without a winner, or a winner for a game that is not a checkmate.
    pub fn from_parts(name: StateName, winner: Option<Color>) -> Result<GameState, String> {
        Ok(match (name, winner) {
            (StateName::Checkmate, Some(winner)) => GameState::Checkmate { winner },
            (StateName::Checkmate, None) => return Err("a checkmate without a `winner`".into()),
            (state, Some(_)) => return Err(format!("a `winner` for a game that is {state:?}")),
            (StateName::Ongoing, None) => GameState::Ongoing,
            (StateName::Stalemate, None) => GameState::Stalemate,
            (StateName::InsufficientMaterial, None) => GameState::InsufficientMaterial,
            (StateName::FivefoldRepetition, None) => GameState::FivefoldRepetition,
            (StateName::SeventyFiveMoves, None) => GameState::SeventyFiveMoves,
            (StateName::DeadPosition, None) => GameState::DeadPosition,
        })
    }
}

impl fmt::Display for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameState::Checkmate { winner } => write!(f, "checkmate, {winner} wins"),
            other => f.write_str(other.name().name()),
        }
    }
}

/// The wire shape of a [`GameState`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Parts {
    state: StateName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    winner: Option<Color>,
}

impl Serialize for GameState {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Parts {
            state: self.name(),
            winner: self.winner(),
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for GameState {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameState, D::Error> {
        let parts = Parts::deserialize(deserializer)?;
        GameState::from_parts(parts.state, parts.winner).map_err(serde::de::Error::custom)
    }
}

/// The name of a game state, as a case states it.
///
/// When several endings apply to the same position, an implementation reports the first in this
/// order: checkmate, stalemate, insufficient material, dead position, fivefold repetition,
/// seventy-five-move rule. Checkmate taking precedence over the seventy-five-move rule is FIDE 9.6.2; the rest of
/// the order is this suite's convention (the board ends the game before the counters do).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum StateName {
    /// The game goes on.
    Ongoing,
    /// The side to move is checkmated (FIDE 5.1.1).
    Checkmate,
    /// The side to move has no legal move and is not in check (FIDE 5.2.1).
    Stalemate,
    /// Neither side has material to checkmate: a dead position by material (FIDE 5.2.2).
    InsufficientMaterial,
    /// The same position has appeared five times (FIDE 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without a pawn move or capture (FIDE 9.6.2).
    SeventyFiveMoves,
    /// Neither side can checkmate by any series of legal moves, though the material alone would
    /// allow it (pawns locked, forced captures): a dead position beyond material (FIDE 5.2.2).
    DeadPosition,
}

impl StateName {
    /// The snake_case name used in case files.
    pub fn name(self) -> &'static str {
        match self {
            StateName::Ongoing => "ongoing",
            StateName::Checkmate => "checkmate",
            StateName::Stalemate => "stalemate",
            StateName::InsufficientMaterial => "insufficient_material",
            StateName::FivefoldRepetition => "fivefold_repetition",
            StateName::SeventyFiveMoves => "seventy_five_moves",
            StateName::DeadPosition => "dead_position",
        }
    }
}

impl fmt::Display for StateName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_on_the_wire() {
        let mate = GameState::Checkmate {
            winner: Color::Black,
        };
        let text = serde_json::to_string(&mate).unwrap();
        assert_eq!(text, r#"{"state":"checkmate","winner":"black"}"#);
        assert_eq!(serde_json::from_str::<GameState>(&text).unwrap(), mate);
        let ongoing = serde_json::to_string(&GameState::Ongoing).unwrap();
        assert_eq!(ongoing, r#"{"state":"ongoing"}"#);
        for bad in [
            r#"{"state":"checkmate"}"#,
            r#"{"state":"ongoing","winner":"black"}"#,
            r#"{"state":"draw"}"#,
            r#"{"state":"ongoing","why":1}"#,
        ] {
            assert!(serde_json::from_str::<GameState>(bad).is_err(), "{bad}");
        }
        assert_eq!(mate.to_string(), "checkmate, black wins");
        assert_eq!(GameState::DeadPosition.to_string(), "dead_position");
    }
}
