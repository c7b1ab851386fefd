//! Your chess library certified against the rules of chess: every case of the chess-conformance
//! catalogue as a test of its own (written by `chess-conformance init --lang rust`).
//!
//! In your crate's Cargo.toml:
//!
//! ```toml
//! [dev-dependencies]
//! chess-conformance = "0.1"
//!
//! [[test]]
//! name = "conformance"
//! harness = false
//! ```
//!
//! It runs as it is, and every case is skipped ("TODO: ..."): `cargo test --test conformance`.
//! Replace each TODO with your library's call, one question at a time: a question that answers
//! is judged (pass or fail), the others stay skipped. Remove from `capabilities` (and delete the
//! method of) a question your library has no API for: its cases are then skipped as not
//! declared. What each question means: the `Engine` trait's docs, and docs/CASES.md.

use std::process::ExitCode;

use chess_conformance::{
    Answer, AttackSource, Capabilities, Capability, Color, DrawClaim, Engine, EngineError,
    FenCheck, Game, GameState, Identity, MatingMaterial, MoveResult, Obligation, TouchEvent,
    Variant, Winnability,
};

/// TODO: your library's position type.
struct Board;

/// The position a question is about: `game.fen` (six fields), then each UCI move of
/// `game.moves` (`e2e4`, `e7e8q`; castling is the king's move, `e1g1`), played with your
/// library's own legality check. An illegal move is an error naming it. `game.variant` is
/// `Variant::Chess960` in a Chess960 game (only once you declare `Capability::Chess960`): the
/// FEN's castling rights are then X-FEN or Shredder-FEN letters, and castling in `game.moves`
/// (and in every answer) is the king taking its own rook, `f1h1`.
fn position(game: &Game) -> Answer<Board> {
    // TODO: let mut board = mylib::Board::from_fen(game.fen).map_err(EngineError::failed)?;
    // for uci in game.moves { board.play_uci(uci).map_err(EngineError::failed)?; }
    let _ = game;
    Ok(Board)
}

/// A question not answered yet: its cases are skipped with this reason.
fn todo<T>(question: &str) -> Answer<T> {
    Err(EngineError::Unsupported(format!("TODO: {question}")))
}

/// Your library, as the harness sees it.
struct MyEngine;

impl Engine for MyEngine {
    fn identity(&self) -> Identity {
        Identity {
            name: "my-chess-library".into(),
            version: "0.0.0".into(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        // The questions answered below, and the rules inside the answers your library
        // implements: Capability::Repetition, MoveClocks, InsufficientMaterial, DeadPosition,
        // Fivefold, SeventyFiveMoves (a case that expects one it does not is skipped); and
        // Capability::Pieces, Chess960 if it plays those positions (`game.pieces`,
        // `game.variant`).
        Capability::ALL
            .iter()
            .copied()
            .filter(|c| c.question().is_some())
            .collect()
    }

    // If your library keeps no halfmove clock or move number, say so once: its FENs are then
    // compared without them, and the fifty- and seventy-five-move cases skipped with the reason.
    // fn conventions(&self) -> chess_conformance::Conventions {
    //     chess_conformance::Conventions::NO_CLOCKS
    // }

    /// Every legal move, in UCI (any order).
    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let _board = position(game)?; // TODO: board.legal_moves().map(|m| m.to_uci()).collect()
        todo("legal_moves")
    }

    /// Whether the side to move is in check.
    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        let _board = position(game)?;
        todo("in_check")
    }

    /// The squares of the pieces giving check (`["e7"]`, or none).
    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        let _board = position(game)?;
        todo("checkers")
    }

    /// Whether the game is over, and how (`GameState::Checkmate { winner }`, `Stalemate`, ...).
    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let _board = position(game)?;
        todo("game_state")
    }

    /// The draws the player to move may claim now (none when the game is over).
    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        let _board = position(game)?;
        todo("draw_claims")
    }

    /// Whether each side could still mate by some series of legal moves.
    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        let _board = position(game)?;
        todo("mating_material")
    }

    /// `MoveResult::Played(FEN after the move)`, or `MoveResult::Refused(why)` if it is illegal.
    fn play(&mut self, game: &Game, _uci: &str) -> Answer<MoveResult> {
        let _board = position(game)?;
        todo("play")
    }

    /// The SAN of a legal UCI move, with `+` or `#`: `Nf3`, `O-O`, `e8=Q+`.
    fn san(&mut self, game: &Game, _uci: &str) -> Answer<String> {
        let _board = position(game)?;
        todo("san")
    }

    /// The UCI move a SAN denotes, or `None` (ambiguous, illegal, malformed).
    fn parse_san(&mut self, game: &Game, _san: &str) -> Answer<Option<String>> {
        let _board = position(game)?;
        todo("parse_san")
    }

    /// The squares attacked by a side or by one piece: pins ignored, rays up to and including
    /// the first piece, pawns by their diagonals.
    fn attacks(&mut self, game: &Game, _source: &AttackSource) -> Answer<Vec<String>> {
        let _board = position(game)?;
        todo("attacks")
    }

    // `perft` comes free: the trait's default walks `legal_moves`. Override it with your
    // library's own perft for speed.

    /// Whether your library accepts a FEN (alone: it may be invalid on purpose):
    /// `FenCheck::Accepted`, or `FenCheck::Rejected(why)`. `variant` is standard chess unless
    /// you declare `Capability::Chess960`.
    fn validate_fen(&mut self, _fen: &str, _variant: Variant) -> Answer<FenCheck> {
        todo("validate_fen")
    }

    /// The draws the player to move may claim by declaring a legal move before playing it
    /// (FIDE 9.2.1.1, 9.3.1): those of the position it makes; none if it ends the game.
    fn draw_claims_with_move(&mut self, game: &Game, _uci: &str) -> Answer<Vec<DrawClaim>> {
        let _board = position(game)?;
        todo("draw_claims_with_move")
    }

    /// Touch-move (FIDE Article 4): the moves the player may still make after the events.
    fn touch_move(&mut self, game: &Game, _events: &[TouchEvent]) -> Answer<Obligation> {
        let _board = position(game)?;
        todo("touch_move")
    }

    /// Whether `side` could still checkmate by some series of legal moves.
    fn winnable(&mut self, game: &Game, _side: Color) -> Answer<Winnability> {
        let _board = position(game)?;
        todo("winnable")
    }
}

fn main() -> ExitCode {
    chess_conformance::test_main(|| MyEngine)
}
