//! The adapter trait: how the harness asks an implementation about a position, and the table
//! of every question it can ask.
//!
//! An engine gets a [`Game`] (a FEN and the UCI moves played from it) and answers in strings:
//! UCI moves, square names, FENs. It declares the questions it can answer as [`Capabilities`];
//! an assertion that needs one it lacks is skipped with the reason, never failed. Every question
//! has a default answer of [`EngineError::Unsupported`], so an adapter implements only what its
//! library offers, and a library that lacks a whole rule (say, repetition) declares that by
//! leaving the matching capability out.
//!
//! # The question table
//!
//! Each question is declared once, in the table at the end of this file: its capability and
//! that capability's name, the type that carries it ([`question`]), its protocol `type`, and its
//! [`Engine`] method with the answer type. The [`Capability`] list, the [`Engine`] trait, the
//! protocol's messages and their dispatch ([`question::Question`]) and the [`Engine`]
//! implementation of protocol clients ([`crate::protocol::Remote`]) are all written from it (by
//! the macro of `engine/declare.rs`). Adding a question is one entry here, one schema pair in
//! `docs/protocol/`, and the assertion that asks it ([`crate::assertion`]).

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::limits::TimedOut;

use crate::vocabulary::{
    AttackSource, Color, DrawClaim, FenCheck, GameState, MatingMaterial, MoveResult, Obligation,
    PieceDefinition, TouchEvent, Variant, Winnability,
};

mod conventions;
pub(crate) mod declare;
mod last_game;
mod remote;
mod route;

pub use conventions::{Conventions, NO_CLOCKS};
pub use last_game::LastGame;
pub use remote::{Client, Remote};
pub use route::{Route, Routed};

/// A position to ask about: a FEN and the moves played from it, in UCI, and the pieces beyond
/// the standard six it may hold.
///
/// The history matters: repetitions are counted over it, and castling rights and en passant
/// chances depend on it. An engine that needs a single position plays the moves from the FEN.
/// `pieces` is empty but for the cases of historical pieces, which only an engine declaring
/// [`Capability::Pieces`] is asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game<'a> {
    /// The starting position.
    pub fen: &'a str,
    /// UCI moves played from `fen`, in order.
    pub moves: &'a [String],
    /// The pieces beyond the standard six the FEN's letters may name, with their movements.
    pub pieces: &'a [PieceDefinition],
    /// The game played: standard chess, or Chess960, where castling in `moves` is written as
    /// the king taking its rook ([`Capability::Chess960`] is then asked).
    pub variant: Variant,
}

impl<'a> Game<'a> {
    /// A game of the standard pieces: `fen` and the `moves` played from it.
    pub fn new(fen: &'a str, moves: &'a [String]) -> Game<'a> {
        Game {
            fen,
            moves,
            pieces: &[],
            variant: Variant::Standard,
        }
    }

    /// A Chess960 game: `fen` (X-FEN or Shredder-FEN) and the `moves` played from it, castling
    /// written as the king taking its rook.
    pub fn chess960(fen: &'a str, moves: &'a [String]) -> Game<'a> {
        Game {
            variant: Variant::Chess960,
            ..Game::new(fen, moves)
        }
    }
}

/// Who an engine is, for reports.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Identity {
    /// The implementation's name, e.g. `shakmaty`.
    pub name: String,
    /// Its version.
    pub version: String,
}

impl fmt::Display for Identity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.name, self.version)
    }
}

/// The answer to one question: a result, or why there is none.
pub type Answer<T> = Result<T, EngineError>;

/// Why an engine gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The engine does not answer this question; the case is skipped with this reason.
    Unsupported(String),
    /// The engine tried and failed (refused a valid position, crashed, ...); the case gets an
    /// error verdict with this message.
    Failed(String),
}

impl EngineError {
    /// A failure with a message.
    pub fn failed(message: impl fmt::Display) -> EngineError {
        EngineError::Failed(message.to_string())
    }
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Unsupported(why) => write!(f, "unsupported: {why}"),
            EngineError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EngineError {}

/// A question past its deadline fails (the case errs, naming the question).
impl From<TimedOut> for EngineError {
    fn from(timed_out: TimedOut) -> EngineError {
        EngineError::failed(timed_out)
    }
}

fn unsupported<T>(capability: Capability) -> Answer<T> {
    Err(EngineError::Unsupported(format!(
        "the engine does not implement {capability}"
    )))
}

impl Capability {
    /// The capability with this name, if any.
    pub fn from_name(name: &str) -> Option<Capability> {
        Capability::ALL.iter().copied().find(|c| c.name() == name)
    }

    fn bit(self) -> u32 {
        1 << self as u32
    }
}

impl fmt::Display for Capability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Capability`] values.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Capabilities(u32);

impl Capabilities {
    /// No capability.
    pub const NONE: Capabilities = Capabilities(0);

    /// Every capability.
    pub fn all() -> Capabilities {
        Capabilities::from_iter(Capability::ALL.iter().copied())
    }

    /// Whether `capability` is in the set.
    pub fn contains(self, capability: Capability) -> bool {
        self.0 & capability.bit() != 0
    }

    /// The set with `capability` added.
    #[must_use]
    pub fn with(self, capability: Capability) -> Capabilities {
        Capabilities(self.0 | capability.bit())
    }

    /// The set with `capability` removed.
    #[must_use]
    pub fn without(self, capability: Capability) -> Capabilities {
        Capabilities(self.0 & !capability.bit())
    }

    /// The capabilities in the set, in the table's order.
    pub fn iter(self) -> impl Iterator<Item = Capability> {
        Capability::ALL
            .iter()
            .copied()
            .filter(move |c| self.contains(*c))
    }

    /// Every capability of either set.
    #[must_use]
    pub fn union(self, other: Capabilities) -> Capabilities {
        Capabilities(self.0 | other.0)
    }

    /// The capabilities of `needed` that are not in this set.
    pub fn missing(self, needed: Capabilities) -> Capabilities {
        Capabilities(needed.0 & !self.0)
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

impl FromIterator<Capability> for Capabilities {
    fn from_iter<I: IntoIterator<Item = Capability>>(iter: I) -> Capabilities {
        iter.into_iter()
            .fold(Capabilities::NONE, Capabilities::with)
    }
}

impl fmt::Debug for Capabilities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl fmt::Display for Capabilities {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<_> = self.iter().map(Capability::name).collect();
        f.write_str(&names.join(", "))
    }
}

/// One question, as a type: what it is called, which capability answers it, and how to ask an
/// engine. Implemented by every type of [`question`].
pub trait Ask: Clone + Into<question::Question> {
    /// The answer's type.
    type Answer: Clone + fmt::Debug + Send + Serialize + DeserializeOwned + 'static;
    /// The protocol `type`.
    const NAME: &'static str;
    /// The capability that answers it.
    const CAPABILITY: Capability;

    /// Asks `engine` about `game` (a question about a FEN alone ignores the moves).
    fn ask(&self, engine: &mut dyn Engine, game: &Game) -> Answer<Self::Answer>;
}

declare::questions! {
    /// Every legal move in the position, in UCI (any order).
    LegalMoves = "legal-moves":
        LegalMoves "legal_moves" fn legal_moves(&mut self, game: &Game) -> Vec<String>;

    /// Whether the side to move is in check.
    Check = "check":
        InCheck "in_check" fn in_check(&mut self, game: &Game) -> bool;

    /// The squares of the pieces giving check to the side to move.
    Checkers = "checkers":
        Checkers "checkers" fn checkers(&mut self, game: &Game) -> Vec<String>;

    /// Whether the game is over, and how, taking the history into account.
    GameState = "game-state":
        GameState "game_state" fn game_state(&mut self, game: &Game) -> GameState;

    /// The draws the player to move may claim now (none when the game is over).
    DrawClaims = "draw-claims":
        DrawClaims "draw_claims" fn draw_claims(&mut self, game: &Game) -> Vec<DrawClaim>;

    /// Whether each side could still checkmate by some series of legal moves.
    MatingMaterial = "mating-material":
        MatingMaterial "mating_material"
        fn mating_material(&mut self, game: &Game) -> MatingMaterial;

    /// Plays a UCI move: the FEN of the resulting position, or a refusal when the move is not
    /// legal (FIDE 7.5: an illegal move is not made, and the position stays as it was).
    Play = "play":
        Play "play" fn play(
            &mut self,
            game: &Game,
            #[serde(rename = "move")] uci: &str as String
        ) -> MoveResult;

    /// The SAN of a legal UCI move, with its `+` or `#` suffix.
    San = "san":
        San "san" fn san(
            &mut self,
            game: &Game,
            #[serde(rename = "move")] uci: &str as String
        ) -> String;

    /// The UCI move a SAN denotes, or `None` when it denotes no legal move (ambiguous, illegal,
    /// malformed).
    ParseSan = "parse-san":
        ParseSan "parse_san" fn parse_san(&mut self, game: &Game, san: &str as String)
            -> Option<String>;

    /// The squares attacked by a side or by one piece: those it could capture on if an opponent
    /// piece stood there, pins ignored, rays stopping at (and including) the first occupied
    /// square, pawns by their diagonal captures only.
    Attacks = "attacks":
        Attacks "attacks" fn attacks(
            &mut self,
            game: &Game,
            #[serde(flatten)] source: &AttackSource as AttackSource
        ) -> Vec<String>;

    /// The number of leaf nodes of the legal move tree of the given depth.
    ///
    /// The default walks [`legal_moves`](Engine::legal_moves), asking once per inner node, and
    /// stops at the question's [`Deadline`](crate::Deadline); an engine with its own perft
    /// should override it, and check the deadline as it walks.
    Perft = "perft":
        Perft "perft" fn perft(&mut self, game: &Game, depth: u32 as u32) -> u64 = {
            fn walk<E: Engine + ?Sized>(
                engine: &mut E,
                game: &Game,
                moves: &mut Vec<String>,
                depth: u32,
            ) -> Answer<u64> {
                let legal = engine.legal_moves(&Game { moves, ..*game })?;
                if depth <= 1 {
                    return Ok(legal.len() as u64);
                }
                // An asked perft stops at its deadline (src/limits.rs).
                crate::limits::Deadline::check()?;
                let mut nodes = 0;
                for mv in legal {
                    moves.push(mv);
                    nodes += walk(engine, game, moves, depth - 1)?;
                    moves.pop();
                }
                Ok(nodes)
            }
            if depth == 0 {
                return Ok(1);
            }
            let mut moves = game.moves.to_vec();
            walk(self, game, &mut moves, depth)
        };

    /// Whether the engine accepts `fen` as a valid position.
    ValidateFen = "validate-fen":
        ValidateFen "validate_fen" fn validate_fen(&mut self, fen: &str as String,
            #[serde(default, skip_serializing_if = "Variant::is_standard")]
            variant: Variant as Variant) -> FenCheck;

    /// Repetitions are counted over the history, and a threefold repetition may be claimed
    /// (FIDE 9.2). A rule inside the answers of `draw_claims` and `draw_claims_with_move`.
    Repetition = "repetition";

    /// The halfmove clock is kept, and the fifty-move draw may be claimed (FIDE 9.3). A rule
    /// inside the answers of `draw_claims` and `draw_claims_with_move`.
    MoveClocks = "move-clocks";

    /// Insufficient material ends the game. A rule inside the answer of `game_state`.
    InsufficientMaterial = "insufficient-material";

    /// The draws the player to move may claim by declaring the legal move `uci` before playing
    /// it (FIDE 9.2.1.1, 9.3.1): those grounded by the position the move produces; none if that
    /// move ends the game.
    ClaimWithMove = "claim-with-move":
        DrawClaimsWithMove "draw_claims_with_move" fn draw_claims_with_move(
            &mut self,
            game: &Game,
            #[serde(rename = "move")] uci: &str as String
        ) -> Vec<DrawClaim>;

    /// Touch-move (FIDE Article 4): the moves the player to move may still make after `events`
    /// happened at the board, in order (see [`TouchEvent`] and `docs/CASES.md`).
    TouchMove = "touch-move":
        TouchMove "touch_move" fn touch_move(
            &mut self,
            game: &Game,
            events: &[TouchEvent] as Vec<TouchEvent>
        ) -> Obligation;

    /// Whether `side` could still checkmate by some series of legal moves from the position
    /// reached (FIDE 6.9 and 5.2.2), judged beyond material: pawn structure, forced lines.
    /// [`Winnability::Undetermined`] is an honest answer for an analysis that could not decide;
    /// it fails a case that states the truth, but is never a wrong claim.
    Winnable = "winnable":
        Winnable "winnable" fn winnable(&mut self, game: &Game, side: Color as Color)
            -> Winnability;

    /// A dead position beyond material (locked pawns, forced lines) ends the game (FIDE 5.2.2).
    /// A rule inside the answer of `game_state`.
    DeadPosition = "dead-position";

    /// A fivefold repetition ends the game by itself (FIDE 9.6.1). A rule inside the answer of
    /// `game_state`.
    Fivefold = "fivefold";

    /// Seventy-five moves by each side without a pawn move or capture end the game by
    /// themselves (FIDE 9.6.2). A rule inside the answer of `game_state`.
    SeventyFiveMoves = "seventy-five-moves";

    /// Positions may hold pieces beyond the standard six (the historical pieces of the
    /// sources), each given with its FEN letter and its movement in Betza's notation (the
    /// request's `pieces`, [`Game::pieces`]). Needed by every assertion of such a case.
    Pieces = "pieces";

    /// Positions may be Chess960 positions (FIDE Guidelines II): the king between its rooks
    /// anywhere on the first rank, castling rights in X-FEN or Shredder-FEN, castling written
    /// as the king taking its rook (`f1h1`). Needed by every assertion of a case with
    /// `variant: chess960` (the request's `variant`, [`Game::variant`]).
    Chess960 = "chess960";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capability_names_round_trip() {
        for &c in Capability::ALL {
            assert_eq!(Capability::from_name(c.name()), Some(c));
        }
        assert_eq!(Capability::from_name("castling"), None);
    }

    #[test]
    fn capability_set_operations() {
        let set: Capabilities = [Capability::LegalMoves, Capability::Perft]
            .into_iter()
            .collect();
        assert!(set.contains(Capability::Perft));
        assert!(!set.contains(Capability::San));
        let needed = set.with(Capability::San);
        assert_eq!(
            set.missing(needed).iter().collect::<Vec<_>>(),
            [Capability::San]
        );
        assert_eq!(set.to_string(), "legal-moves, perft");
        assert!(Capabilities::all().missing(needed).is_empty());
    }

    /// A toy engine that knows the legal moves of one position, to test the default perft.
    struct Toy;

    impl Engine for Toy {
        fn identity(&self) -> Identity {
            Identity {
                name: "toy".into(),
                version: "0".into(),
            }
        }
        fn capabilities(&self) -> Capabilities {
            Capabilities::NONE.with(Capability::LegalMoves)
        }
        fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
            // Two moves at the root, three after each.
            Ok(match game.moves.len() {
                0 => vec!["a".into(), "b".into()],
                _ => vec!["x".into(), "y".into(), "z".into()],
            })
        }
    }

    #[test]
    fn default_perft_walks_legal_moves() {
        let game = Game::new("", &[]);
        assert_eq!(Toy.perft(&game, 0), Ok(1));
        assert_eq!(Toy.perft(&game, 1), Ok(2));
        assert_eq!(Toy.perft(&game, 2), Ok(6));
        assert!(matches!(
            Toy.san(&game, "a"),
            Err(EngineError::Unsupported(_))
        ));
    }
}
