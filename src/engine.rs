//! The adapter trait: how the harness asks an implementation about a position.
//!
//! An engine gets a [`Game`] (a FEN and the UCI moves played from it) and answers in strings:
//! UCI moves, square names, FENs. It declares the questions it can answer as [`Capabilities`];
//! a case that needs one it lacks is skipped with the reason, never failed. Every question has a
//! default answer of [`EngineError::Unsupported`], so an adapter implements only what its library
//! offers, and a library that lacks a whole rule (say, repetition) declares that by leaving the
//! matching capability out.

use std::fmt;

use crate::case::{Color, DrawClaim, MatingMaterial, Winnability};
use crate::touch::{Obligation, TouchEvent};

/// A position to ask about: a FEN and the moves played from it, in UCI.
///
/// The history matters: repetitions are counted over it, and castling rights and en passant
/// chances depend on it. An engine that needs a single position plays the moves from the FEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game<'a> {
    /// The starting position.
    pub fen: &'a str,
    /// UCI moves played from `fen`, in order.
    pub moves: &'a [String],
}

/// Who an engine is, for reports.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
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

fn unsupported<T>(capability: Capability) -> Answer<T> {
    Err(EngineError::Unsupported(format!(
        "the engine does not implement {capability}"
    )))
}

/// A question an engine can answer, or a rule it implements.
///
/// The first group are questions (one per [`Engine`] method). The second group are rules inside
/// the game-state and draw-claim answers that some libraries leave out: a case that expects such
/// a rule to fire (say `state: fivefold_repetition`) needs that capability too. Questions added
/// later are appended after both groups, so that the order (and each capability's bit) stays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Capability {
    /// [`Engine::legal_moves`].
    LegalMoves,
    /// [`Engine::in_check`].
    Check,
    /// [`Engine::checkers`].
    Checkers,
    /// [`Engine::game_state`].
    GameState,
    /// [`Engine::draw_claims`].
    DrawClaims,
    /// [`Engine::mating_material`].
    MatingMaterial,
    /// [`Engine::play`].
    Play,
    /// [`Engine::san`].
    San,
    /// [`Engine::parse_san`].
    ParseSan,
    /// [`Engine::attacks`].
    Attacks,
    /// [`Engine::perft`].
    Perft,
    /// [`Engine::validate_fen`].
    ValidateFen,
    /// Repetitions are counted over the history, and a threefold repetition may be claimed
    /// (FIDE 9.2).
    Repetition,
    /// The halfmove clock is kept, and the fifty-move draw may be claimed (FIDE 9.3).
    MoveClocks,
    /// Insufficient material ends the game.
    InsufficientMaterial,
    /// [`Engine::draw_claims_with_move`].
    ClaimWithMove,
    /// [`Engine::touch_move`].
    TouchMove,
    /// [`Engine::winnable`].
    Winnable,
    /// A dead position beyond material (locked pawns, forced lines) ends the game (FIDE 5.2.2).
    DeadPosition,
    /// A fivefold repetition ends the game by itself (FIDE 9.6.1).
    Fivefold,
    /// Seventy-five moves by each side without a pawn move or capture end the game by
    /// themselves (FIDE 9.6.2).
    SeventyFiveMoves,
}

impl Capability {
    /// Every capability, in declaration order.
    pub const ALL: &[Capability] = &[
        Capability::LegalMoves,
        Capability::Check,
        Capability::Checkers,
        Capability::GameState,
        Capability::DrawClaims,
        Capability::MatingMaterial,
        Capability::Play,
        Capability::San,
        Capability::ParseSan,
        Capability::Attacks,
        Capability::Perft,
        Capability::ValidateFen,
        Capability::Repetition,
        Capability::MoveClocks,
        Capability::InsufficientMaterial,
        Capability::ClaimWithMove,
        Capability::TouchMove,
        Capability::Winnable,
        Capability::DeadPosition,
        Capability::Fivefold,
        Capability::SeventyFiveMoves,
    ];

    /// The kebab-case name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Capability::LegalMoves => "legal-moves",
            Capability::Check => "check",
            Capability::Checkers => "checkers",
            Capability::GameState => "game-state",
            Capability::DrawClaims => "draw-claims",
            Capability::MatingMaterial => "mating-material",
            Capability::Play => "play",
            Capability::San => "san",
            Capability::ParseSan => "parse-san",
            Capability::Attacks => "attacks",
            Capability::Perft => "perft",
            Capability::ValidateFen => "validate-fen",
            Capability::Repetition => "repetition",
            Capability::MoveClocks => "move-clocks",
            Capability::InsufficientMaterial => "insufficient-material",
            Capability::ClaimWithMove => "claim-with-move",
            Capability::TouchMove => "touch-move",
            Capability::Winnable => "winnable",
            Capability::DeadPosition => "dead-position",
            Capability::Fivefold => "fivefold",
            Capability::SeventyFiveMoves => "seventy-five-moves",
        }
    }

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

    /// The capabilities in the set, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = Capability> {
        Capability::ALL
            .iter()
            .copied()
            .filter(move |c| self.contains(*c))
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

/// How a game stands, as an engine reports it.
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

impl fmt::Display for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameState::Ongoing => f.write_str("ongoing"),
            GameState::Checkmate { winner } => write!(f, "checkmate, {winner} wins"),
            GameState::Stalemate => f.write_str("stalemate"),
            GameState::InsufficientMaterial => f.write_str("insufficient_material"),
            GameState::FivefoldRepetition => f.write_str("fivefold_repetition"),
            GameState::SeventyFiveMoves => f.write_str("seventy_five_moves"),
            GameState::DeadPosition => f.write_str("dead_position"),
        }
    }
}

/// Whose attacks to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AttackSource<'a> {
    /// Every piece of a side.
    Side(Color),
    /// The piece on a square (a square name such as `d4`).
    Square(&'a str),
}

impl fmt::Display for AttackSource<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttackSource::Side(color) => write!(f, "by {color}"),
            AttackSource::Square(square) => write!(f, "from {square}"),
        }
    }
}

/// What became of a move the engine was asked to play.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MoveResult {
    /// The move was made; this is the FEN of the resulting position.
    Played(String),
    /// The move was refused as illegal, for this reason.
    Refused(String),
}

/// An engine's verdict on a FEN.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FenCheck {
    /// The engine accepts the FEN as a valid position.
    Accepted,
    /// The engine rejects it, for this reason.
    Rejected(String),
}

/// An implementation of the rules of chess, as the harness sees it.
///
/// Implement [`identity`](Engine::identity), [`capabilities`](Engine::capabilities) and the
/// questions your library answers; leave the rest to their defaults. Answers are strings in the
/// suite's vocabulary: moves in UCI with castling as the king's two-square move (`e1g1`) and
/// promotions in lower case (`e7e8q`), squares as `e4`, positions as FEN. An answer that is not
/// in that vocabulary is an error verdict, not a failure.
///
/// A panic inside any method is caught and becomes an error verdict for that case; the engine
/// is then used for further cases, so an adapter that cannot recover from a panic should reset
/// itself at the start of each call.
pub trait Engine {
    /// The implementation's name and version.
    fn identity(&self) -> Identity;

    /// The questions this engine answers and the rules it implements.
    fn capabilities(&self) -> Capabilities;

    /// Every legal move in the position, in UCI (any order).
    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let _ = game;
        unsupported(Capability::LegalMoves)
    }

    /// Whether the side to move is in check.
    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        let _ = game;
        unsupported(Capability::Check)
    }

    /// The squares of the pieces giving check to the side to move.
    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        let _ = game;
        unsupported(Capability::Checkers)
    }

    /// Whether the game is over, and how, taking the history into account.
    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let _ = game;
        unsupported(Capability::GameState)
    }

    /// The draws the player to move may claim now (none when the game is over).
    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        let _ = game;
        unsupported(Capability::DrawClaims)
    }

    /// Whether each side could still checkmate by some series of legal moves.
    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        let _ = game;
        unsupported(Capability::MatingMaterial)
    }

    /// Plays a UCI move: the FEN of the resulting position, or a refusal when the move is not
    /// legal (FIDE 7.5: an illegal move is not made, and the position stays as it was).
    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let _ = (game, uci);
        unsupported(Capability::Play)
    }

    /// The SAN of a legal UCI move, with its `+` or `#` suffix.
    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        let _ = (game, uci);
        unsupported(Capability::San)
    }

    /// The UCI move a SAN denotes, or `None` when it denotes no legal move (ambiguous, illegal,
    /// malformed).
    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let _ = (game, san);
        unsupported(Capability::ParseSan)
    }

    /// The squares attacked by a side or by one piece: those it could capture on if an opponent
    /// piece stood there, pins ignored, rays stopping at (and including) the first occupied
    /// square, pawns by their diagonal captures only.
    fn attacks(&mut self, game: &Game, source: AttackSource) -> Answer<Vec<String>> {
        let _ = (game, source);
        unsupported(Capability::Attacks)
    }

    /// The number of leaf nodes of the legal move tree of the given depth.
    ///
    /// The default walks [`legal_moves`](Engine::legal_moves), asking once per inner node; an
    /// engine with its own perft should override it.
    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        fn walk<E: Engine + ?Sized>(
            engine: &mut E,
            fen: &str,
            moves: &mut Vec<String>,
            depth: u32,
        ) -> Answer<u64> {
            let legal = engine.legal_moves(&Game { fen, moves })?;
            if depth <= 1 {
                return Ok(legal.len() as u64);
            }
            let mut nodes = 0;
            for mv in legal {
                moves.push(mv);
                nodes += walk(engine, fen, moves, depth - 1)?;
                moves.pop();
            }
            Ok(nodes)
        }
        if depth == 0 {
            return Ok(1);
        }
        let mut moves = game.moves.to_vec();
        walk(self, game.fen, &mut moves, depth)
    }

    /// Whether the engine accepts `fen` as a valid position.
    fn validate_fen(&mut self, fen: &str) -> Answer<FenCheck> {
        let _ = fen;
        unsupported(Capability::ValidateFen)
    }

    /// The draws the player to move may claim by declaring the legal move `uci` before playing
    /// it (FIDE 9.2.1.1, 9.3.1): those grounded by the position the move produces; none if that
    /// move ends the game.
    fn draw_claims_with_move(&mut self, game: &Game, uci: &str) -> Answer<Vec<DrawClaim>> {
        let _ = (game, uci);
        unsupported(Capability::ClaimWithMove)
    }

    /// Touch-move (FIDE Article 4): the moves the player to move may still make after `events`
    /// happened at the board, in order (see [`TouchEvent`] and `docs/CASES.md`).
    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        let _ = (game, events);
        unsupported(Capability::TouchMove)
    }

    /// Whether `side` could still checkmate by some series of legal moves from the position
    /// reached (FIDE 6.9 and 5.2.2), judged beyond material: pawn structure, forced lines.
    /// [`Winnability::Undetermined`] is an honest answer for an analysis that could not decide;
    /// it fails a case that states the truth, but is never a wrong claim.
    fn winnable(&mut self, game: &Game, side: Color) -> Answer<Winnability> {
        let _ = (game, side);
        unsupported(Capability::Winnable)
    }
}

impl<E: Engine + ?Sized> Engine for Box<E> {
    fn identity(&self) -> Identity {
        (**self).identity()
    }
    fn capabilities(&self) -> Capabilities {
        (**self).capabilities()
    }
    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        (**self).legal_moves(game)
    }
    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        (**self).in_check(game)
    }
    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        (**self).checkers(game)
    }
    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        (**self).game_state(game)
    }
    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        (**self).draw_claims(game)
    }
    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        (**self).mating_material(game)
    }
    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        (**self).play(game, uci)
    }
    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        (**self).san(game, uci)
    }
    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        (**self).parse_san(game, san)
    }
    fn attacks(&mut self, game: &Game, source: AttackSource) -> Answer<Vec<String>> {
        (**self).attacks(game, source)
    }
    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        (**self).perft(game, depth)
    }
    fn validate_fen(&mut self, fen: &str) -> Answer<FenCheck> {
        (**self).validate_fen(fen)
    }
    fn draw_claims_with_move(&mut self, game: &Game, uci: &str) -> Answer<Vec<DrawClaim>> {
        (**self).draw_claims_with_move(game, uci)
    }
    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        (**self).touch_move(game, events)
    }
    fn winnable(&mut self, game: &Game, side: Color) -> Answer<Winnability> {
        (**self).winnable(game, side)
    }
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
        let game = Game {
            fen: "",
            moves: &[],
        };
        assert_eq!(Toy.perft(&game, 0), Ok(1));
        assert_eq!(Toy.perft(&game, 1), Ok(2));
        assert_eq!(Toy.perft(&game, 2), Ok(6));
        assert!(matches!(
            Toy.san(&game, "a"),
            Err(EngineError::Unsupported(_))
        ));
    }
}
