//! The reference's answers on positions of pieces beyond the standard six: what
//! [`crate::Reference`] says when a game carries [`Game::pieces`], from [`Board`].
//!
//! It knows the moves (of any piece its set defines, with the standard king, pawns, castling,
//! en passant and promotion), check, checkmate and stalemate. The draws by rule (repetition,
//! the move counts, material, dead positions) and touch-move are not asked of these positions:
//! the loader refuses such assertions in a case with pieces ([`ANSWERED`]), and these
//! questions answer `unsupported` here.

use super::board::{Board, Outcome, parse_square, square_name};
use crate::engine::{
    Answer, Capabilities, Capability, Engine, EngineError, Game, Identity, LastGame,
};
use crate::vocabulary::{
    AttackSource, Color, DrawClaim, GameState, MatingMaterial, MoveResult, Obligation, TouchEvent,
    Winnability,
};

/// The assertion keys a case with pieces may use: those this module answers.
pub const ANSWERED: &[&str] = &[
    "legal",
    "illegal",
    "moves",
    "move_count",
    "check",
    "checkers",
    "state",
    "winner",
    "after",
    "san",
    "from_san",
    "attacks",
    "perft",
    "refuses",
];

/// The last fairy game set up, and the answers on it.
#[derive(Debug, Default)]
pub struct Answers {
    last: LastGame<Board>,
}

impl Answers {
    /// The position `game` reaches.
    pub fn board(&mut self, game: &Game) -> Answer<&Board> {
        self.last.get(game, |g| {
            super::replay(g.fen, g.moves, g.pieces).map_err(EngineError::failed)
        })
    }
}

/// The fairy reference as an engine: [`crate::Reference`] routes a game with pieces here.
impl Engine for Answers {
    fn identity(&self) -> Identity {
        Identity {
            name: "reference (fairy)".into(),
            version: env!("CARGO_PKG_VERSION").into(),
        }
    }

    /// The questions of [`ANSWERED`]'s assertions, on positions with pieces.
    fn capabilities(&self) -> Capabilities {
        [
            Capability::LegalMoves,
            Capability::Check,
            Capability::Checkers,
            Capability::GameState,
            Capability::Play,
            Capability::San,
            Capability::ParseSan,
            Capability::Attacks,
            Capability::Perft,
            Capability::Pieces,
        ]
        .into_iter()
        .collect()
    }

    fn draw_claims(&mut self, _: &Game) -> Answer<Vec<DrawClaim>> {
        not_answered("draw claims")
    }

    fn mating_material(&mut self, _: &Game) -> Answer<MatingMaterial> {
        not_answered("mating material")
    }

    fn draw_claims_with_move(&mut self, _: &Game, _: &str) -> Answer<Vec<DrawClaim>> {
        not_answered("draw claims with a move")
    }

    fn touch_move(&mut self, _: &Game, _: &[TouchEvent]) -> Answer<Obligation> {
        not_answered("touch-move")
    }

    fn winnable(&mut self, _: &Game, _: Color) -> Answer<Winnability> {
        not_answered("winnability")
    }

    /// The legal moves, in UCI.
    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let board = self.board(game)?;
        Ok(board
            .legal_moves()
            .into_iter()
            .map(|m| board.uci(m))
            .collect())
    }

    /// Whether the side to move is in check.
    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        let board = self.board(game)?;
        Ok(board.in_check(board.turn()))
    }

    /// The squares of the pieces giving check.
    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(self
            .board(game)?
            .checkers()
            .into_iter()
            .map(square_name)
            .collect())
    }

    /// Checkmate, stalemate, or the game goes on.
    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let board = self.board(game)?;
        Ok(match board.outcome() {
            Outcome::Ongoing => GameState::Ongoing,
            Outcome::Checkmate => GameState::Checkmate {
                winner: board.turn().other(),
            },
            Outcome::Stalemate => GameState::Stalemate,
        })
    }

    /// The FEN after `uci`, or why it is refused.
    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let board = self.board(game)?;
        Ok(match board.parse_uci(uci) {
            Some(m) => MoveResult::Played(board.played(m).fen()),
            None => MoveResult::Refused(format!("`{uci}` is not a legal move")),
        })
    }

    /// The SAN of the legal move `uci`.
    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        let board = self.board(game)?;
        let m = board
            .parse_uci(uci)
            .ok_or_else(|| EngineError::failed(format!("`{uci}` is not a legal move")))?;
        Ok(board.san(m))
    }

    /// The legal move `san` names, if one.
    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let board = self.board(game)?;
        Ok(board.parse_san(san).map(|m| board.uci(m)))
    }

    /// The squares a piece, or a side, attacks.
    fn attacks(&mut self, game: &Game, source: &AttackSource) -> Answer<Vec<String>> {
        let board = self.board(game)?;
        let mut squares: Vec<u8> = match source {
            AttackSource::Square(name) => {
                let sq = parse_square(name)
                    .ok_or_else(|| EngineError::failed(format!("`{name}` is not a square")))?;
                if board.at(sq).is_none() {
                    return Err(EngineError::failed(format!("no piece on {name}")));
                }
                board.attacks_from(sq)
            }
            AttackSource::Side(color) => board
                .pieces(*color)
                .flat_map(|(sq, _)| board.attacks_from(sq))
                .collect(),
        };
        squares.sort_unstable();
        squares.dedup();
        Ok(squares.into_iter().map(square_name).collect())
    }

    /// Leaf nodes at `depth`, the deadline checked at every inner node.
    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        fn walk(board: &Board, depth: u32) -> Answer<u64> {
            let moves = board.legal_moves();
            if depth <= 1 {
                return Ok(moves.len() as u64);
            }
            crate::limits::Deadline::check()?;
            let mut nodes = 0;
            for m in moves {
                nodes += walk(&board.played(m), depth - 1)?;
            }
            Ok(nodes)
        }
        let board = self.board(game)?;
        if depth == 0 {
            return Ok(1);
        }
        walk(board, depth)
    }
}

/// The answer to a question these positions are not asked.
pub fn not_answered<T>(question: &str) -> Answer<T> {
    Err(EngineError::Unsupported(format!(
        "{question} is not answered on positions of pieces beyond the standard six"
    )))
}
