//! The [`owlchess`](https://crates.io/crates/owlchess) crate, in process: `--engine owlchess`.
//!
//! Every answer comes from the crate's own API: a `MoveChain` (the FEN read by `Board::from_fen`,
//! then the history pushed as UCI moves) for the game state and the draw claims, which it
//! computes over its repetition table and the halfmove clock; `movegen::legal` for legal moves
//! and perft; `Move::san` and `Move::from_san` for SAN; `movegen::is_cell_attacked` and
//! `movegen::cell_attackers` for attacked squares; `Board::as_fen` for the position after a move.
//!
//! Not declared: `mating-material` (owlchess's insufficient-material check is private and
//! answers for both sides at once), `claim-with-move` (it has no claim by a declared move), and
//! the questions no library here can answer (`touch-move`, `winnable`, `dead-position`).

use std::str::FromStr;

use owlchess::board::Board;
use owlchess::moves::make;
use owlchess::types::OutcomeFilter;
use owlchess::{
    Bitboard, Color as OwlColor, Coord, DrawReason, MoveChain, Outcome, WinReason, movegen,
};

use chess_conformance::{
    Answer, AttackSource, Capabilities, Capability, Color, Deadline, DrawClaim, Engine,
    EngineError, FenCheck, Game, GameState, Identity, LastGame, MoveResult, Variant,
};

/// The version of the `owlchess` crate this adapter is built against (pinned in Cargo.toml).
pub const VERSION: &str = "0.4.1";

/// The `owlchess` crate as an [`Engine`].
///
/// ```
/// use chess_conformance::{Engine, Game};
/// use chess_conformance_adapters::Owlchess;
///
/// let mut engine = Owlchess::new();
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert_eq!(engine.san(&Game::new(start, &[]), "g1f3").unwrap(), "Nf3");
/// ```
#[derive(Debug, Default)]
pub struct Owlchess {
    last: LastGame<MoveChain>,
}

impl Owlchess {
    /// An adapter for the `owlchess` crate.
    pub fn new() -> Owlchess {
        Owlchess::default()
    }

    fn chain(&mut self, game: &Game) -> Answer<&MoveChain> {
        self.last.get(game, |game| {
            let mut chain = MoveChain::from_fen(game.fen).map_err(|e| {
                EngineError::failed(format!("owlchess refused the FEN `{}`: {e}", game.fen))
            })?;
            for (i, uci) in game.moves.iter().enumerate() {
                chain.push(make::Uci(uci.as_str())).map_err(|e| {
                    EngineError::failed(format!(
                        "owlchess refused history move {} `{uci}` in {}: {e}",
                        i + 1,
                        chain.last()
                    ))
                })?;
            }
            Ok(chain)
        })
    }

    fn board(&mut self, game: &Game) -> Answer<Board> {
        Ok(self.chain(game)?.last().clone())
    }
}

fn squares(bb: Bitboard) -> Vec<String> {
    bb.into_iter().map(|c| c.to_string()).collect()
}

fn to_owl(color: Color) -> OwlColor {
    match color {
        Color::White => OwlColor::White,
        Color::Black => OwlColor::Black,
    }
}

fn to_suite(color: OwlColor) -> Color {
    match color {
        OwlColor::White => Color::White,
        OwlColor::Black => Color::Black,
    }
}

fn parse_coord(name: &str) -> Answer<Coord> {
    Coord::from_str(name)
        .map_err(|e| EngineError::failed(format!("owlchess cannot read the square `{name}`: {e}")))
}

/// Leaf nodes at `depth`, walking the crate's legal move generator and its move making, stopping
/// at the question's [`Deadline`].
fn perft(board: &Board, depth: u32) -> Answer<u64> {
    let moves = movegen::legal::gen_all(board);
    if depth <= 1 {
        return Ok(if depth == 0 { 1 } else { moves.len() as u64 });
    }
    Deadline::check()?;
    let mut nodes = 0u64;
    for m in &moves {
        let child = board.make_move(*m).map_err(|e| {
            EngineError::failed(format!(
                "owlchess refused its own legal move {m} in {board}: {e}"
            ))
        })?;
        nodes = nodes.saturating_add(perft(&child, depth - 1)?);
    }
    Ok(nodes)
}

impl Engine for Owlchess {
    fn identity(&self) -> Identity {
        Identity {
            name: "owlchess".into(),
            version: VERSION.into(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        // Listed one by one, so a capability added to the suite later is not declared by
        // accident. owlchess has no per-side mating material and no claim with a declared move.
        [
            Capability::LegalMoves,
            Capability::Check,
            Capability::Checkers,
            Capability::GameState,
            Capability::DrawClaims,
            Capability::Play,
            Capability::San,
            Capability::ParseSan,
            Capability::Attacks,
            Capability::Perft,
            Capability::ValidateFen,
            Capability::Repetition,
            Capability::MoveClocks,
            Capability::Fivefold,
            Capability::SeventyFiveMoves,
            Capability::InsufficientMaterial,
        ]
        .into_iter()
        .collect()
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let board = self.board(game)?;
        Ok(movegen::legal::gen_all(&board)
            .iter()
            .map(|m| m.to_string())
            .collect())
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        Ok(self.board(game)?.is_check())
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(squares(self.board(game)?.checkers()))
    }

    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let chain = self.chain(game)?;
        // Only the outcomes that end the game by themselves; a claimable draw leaves it going on.
        let outcome = chain
            .calc_outcome()
            .filter(|o| o.passes(OutcomeFilter::Strict));
        Ok(match outcome {
            None => GameState::Ongoing,
            Some(Outcome::Win {
                side,
                reason: WinReason::Checkmate,
            }) => GameState::Checkmate {
                winner: to_suite(side),
            },
            Some(Outcome::Draw(DrawReason::Stalemate)) => GameState::Stalemate,
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)) => {
                GameState::InsufficientMaterial
            }
            Some(Outcome::Draw(DrawReason::Repeat5)) => GameState::FivefoldRepetition,
            Some(Outcome::Draw(DrawReason::Moves75)) => GameState::SeventyFiveMoves,
            Some(other) => {
                return Err(EngineError::failed(format!(
                    "owlchess computed an outcome the rules cannot produce here: {other}"
                )));
            }
        })
    }

    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        let chain = self.chain(game)?;
        let outcome = chain.calc_outcome();
        if outcome.is_some_and(|o| o.passes(OutcomeFilter::Strict)) {
            return Ok(vec![]);
        }
        let mut claims = Vec::new();
        // The chain names one claimable draw, repetition first; the position alone tells whether
        // the fifty-move claim holds as well.
        if outcome == Some(Outcome::Draw(DrawReason::Repeat3)) {
            claims.push(DrawClaim::ThreefoldRepetition);
        }
        if chain.last().calc_draw_simple() == Some(DrawReason::Moves50) {
            claims.push(DrawClaim::FiftyMoves);
        }
        Ok(claims)
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let board = self.board(game)?;
        Ok(match board.make_move(make::Uci(uci)) {
            Ok(after) => MoveResult::Played(after.as_fen()),
            Err(e) => MoveResult::Refused(format!("owlchess refused `{uci}`: {e}")),
        })
    }

    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        let board = self.board(game)?;
        let m = owlchess::Move::from_uci_legal(uci, &board).map_err(|e| {
            EngineError::failed(format!("owlchess refused the legal move `{uci}`: {e}"))
        })?;
        let san = m.san(&board).map_err(|e| {
            EngineError::failed(format!("owlchess cannot write `{uci}` in SAN: {e}"))
        })?;
        Ok(san.to_string())
    }

    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let board = self.board(game)?;
        Ok(owlchess::Move::from_san(san, &board)
            .ok()
            .map(|m| m.to_string()))
    }

    fn attacks(&mut self, game: &Game, source: &AttackSource) -> Answer<Vec<String>> {
        let board = self.board(game)?;
        let attacked: Vec<Coord> = match source {
            AttackSource::Square(name) => {
                let from = parse_coord(name)?;
                let color = board
                    .get(from)
                    .color()
                    .ok_or_else(|| EngineError::failed(format!("no piece on {name}")))?;
                Coord::iter()
                    .filter(|&c| movegen::cell_attackers(&board, c, color).has(from))
                    .collect()
            }
            AttackSource::Side(color) => Coord::iter()
                .filter(|&c| movegen::is_cell_attacked(&board, c, to_owl(*color)))
                .collect(),
        };
        Ok(attacked.into_iter().map(|c| c.to_string()).collect())
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        perft(&self.board(game)?, depth)
    }

    fn validate_fen(&mut self, fen: &str, _: Variant) -> Answer<FenCheck> {
        Ok(match Board::from_fen(fen) {
            Ok(_) => FenCheck::Accepted,
            Err(e) => FenCheck::Rejected(e.to_string()),
        })
    }
}
