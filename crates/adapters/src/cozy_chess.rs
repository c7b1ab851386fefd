//! The [`cozy-chess`](https://crates.io/crates/cozy-chess) crate, in process: `--engine cozy-chess`.
//!
//! Every answer comes from the crate's own API: `Board`'s FEN parser and writer,
//! `Board::generate_moves` for legal moves and perft, `Board::status` for the game state,
//! `Board::checkers`, `util::parse_san_move` for SAN, and the crate's attack tables
//! (`get_rook_moves`, ...) for attacked squares.
//!
//! cozy-chess writes castling as the king taking its own rook (`e1h1`); its own
//! `util::parse_uci_move` and `util::display_uci_move` convert from and to the suite's `e1g1`.
//!
//! What the crate does not offer is not declared, so the cases that need it are skipped:
//! - no history: a `Board` is one position, so there is no repetition rule and no draw claim;
//! - no insufficient-material rule (its `Board::status` documents that it does not detect
//!   dead positions) and no mating-material test;
//! - no SAN writer (only a SAN reader);
//! - no FIDE move-count rule: `Board::status` ends the game as drawn as soon as the halfmove
//!   clock reaches 100 (the fifty-move *claim* of FIDE 9.3 made automatic), and its FEN parser
//!   refuses a halfmove clock above 100, so the seventy-five-move rule (9.6.2) cannot be
//!   reached. `move-clocks` is not declared. The crate's automatic draw at 100 halfmoves is
//!   reported as the suite's automatic move-count ending, `seventy_five_moves`, which is what it
//!   means; where the rules say the game goes on, that shows as a failure (docs/FINDINGS.md).

use std::str::FromStr;

use cozy_chess::util::{display_uci_move, parse_san_move, parse_uci_move};
use cozy_chess::{BitBoard, Board, Color as CozyColor, GameStatus, Move, Piece, Square};

use chess_conformance::{
    Answer, AttackSource, Capabilities, Capability, Color, Deadline, Engine, EngineError, FenCheck,
    Game, GameState, Identity, LastGame, MoveResult, Variant,
};

/// The version of the `cozy-chess` crate this adapter is built against (pinned in Cargo.toml).
pub const VERSION: &str = "0.3.4";

/// The `cozy-chess` crate as an [`Engine`].
///
/// ```
/// use chess_conformance::{Engine, Game};
/// use chess_conformance_adapters::CozyChess;
///
/// let mut engine = CozyChess::new();
/// let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
/// let moves = engine.legal_moves(&Game::new(fen, &[])).unwrap();
/// assert!(moves.contains(&"e1g1".to_string())); // not cozy-chess's own e1h1
/// ```
#[derive(Debug, Default)]
pub struct CozyChess {
    last: LastGame<Board>,
}

impl CozyChess {
    /// An adapter for the `cozy-chess` crate.
    pub fn new() -> CozyChess {
        CozyChess::default()
    }

    fn board(&mut self, game: &Game) -> Answer<Board> {
        self.last
            .get(game, |game| {
                let mut board = Board::from_str(game.fen).map_err(|e| {
                    EngineError::failed(format!("cozy-chess refused the FEN `{}`: {e}", game.fen))
                })?;
                for (i, uci) in game.moves.iter().enumerate() {
                    let m = parse_move(&board, uci)?;
                    board.try_play(m).map_err(|e| {
                        EngineError::failed(format!(
                            "cozy-chess refused history move {} `{uci}` in {board}: {e}",
                            i + 1
                        ))
                    })?;
                }
                Ok(board)
            })
            .cloned()
    }
}

/// The crate's reading of a suite UCI move, castling converted to king-takes-rook.
fn parse_move(board: &Board, uci: &str) -> Answer<Move> {
    parse_uci_move(board, uci).map_err(|e| {
        EngineError::failed(format!("cozy-chess cannot read the UCI move `{uci}`: {e}"))
    })
}

/// Every legal move, castling converted back to the king's two-square move.
fn legal_moves(board: &Board) -> Vec<String> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(
            piece_moves
                .into_iter()
                .map(|m| display_uci_move(board, m).to_string()),
        );
        false
    });
    moves
}

fn has_legal_moves(board: &Board) -> bool {
    board.generate_moves(|_| true)
}

fn squares(bb: BitBoard) -> Vec<String> {
    bb.into_iter().map(|sq| sq.to_string()).collect()
}

fn to_cozy(color: Color) -> CozyColor {
    match color {
        Color::White => CozyColor::White,
        Color::Black => CozyColor::Black,
    }
}

fn to_suite(color: CozyColor) -> Color {
    match color {
        CozyColor::White => Color::White,
        CozyColor::Black => Color::Black,
    }
}

/// The squares the piece on `sq` attacks, from the crate's attack tables.
fn attacks_from(board: &Board, sq: Square) -> Option<BitBoard> {
    let piece = board.piece_on(sq)?;
    let color = board.color_on(sq)?;
    let occupied = board.occupied();
    Some(match piece {
        Piece::Pawn => cozy_chess::get_pawn_attacks(sq, color),
        Piece::Knight => cozy_chess::get_knight_moves(sq),
        Piece::Bishop => cozy_chess::get_bishop_moves(sq, occupied),
        Piece::Rook => cozy_chess::get_rook_moves(sq, occupied),
        Piece::Queen => {
            cozy_chess::get_bishop_moves(sq, occupied) | cozy_chess::get_rook_moves(sq, occupied)
        }
        Piece::King => cozy_chess::get_king_moves(sq),
    })
}

/// Leaf nodes at `depth`, walking the crate's own move generator (its documented bulk perft),
/// stopping at the question's [`Deadline`].
fn perft(board: &Board, depth: u32) -> Answer<u64> {
    let mut nodes = 0u64;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            Deadline::check()?;
            let mut stopped = None;
            board.generate_moves(|moves| {
                for m in moves {
                    let mut child = board.clone();
                    child.play_unchecked(m);
                    match perft(&child, depth - 1) {
                        Ok(n) => nodes = nodes.saturating_add(n),
                        Err(e) => {
                            stopped = Some(e);
                            return true;
                        }
                    }
                }
                false
            });
            if let Some(e) = stopped {
                return Err(e);
            }
        }
    }
    Ok(nodes)
}

impl Engine for CozyChess {
    fn identity(&self) -> Identity {
        Identity {
            name: "cozy-chess".into(),
            version: VERSION.into(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        [
            Capability::LegalMoves,
            Capability::Check,
            Capability::Checkers,
            Capability::GameState,
            Capability::Play,
            Capability::ParseSan,
            Capability::Attacks,
            Capability::Perft,
            Capability::ValidateFen,
        ]
        .into_iter()
        .collect()
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(legal_moves(&self.board(game)?))
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        Ok(!self.board(game)?.checkers().is_empty())
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(squares(self.board(game)?.checkers()))
    }

    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let board = self.board(game)?;
        Ok(match board.status() {
            GameStatus::Ongoing => GameState::Ongoing,
            // "If the game is won, the loser is the current side to move."
            GameStatus::Won => GameState::Checkmate {
                winner: to_suite(!board.side_to_move()),
            },
            // Drawn is stalemate, or the halfmove clock at 100 (see the module docs).
            GameStatus::Drawn if !has_legal_moves(&board) => GameState::Stalemate,
            GameStatus::Drawn => GameState::SeventyFiveMoves,
        })
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let mut board = self.board(game)?;
        let Ok(m) = parse_uci_move(&board, uci) else {
            return Ok(MoveResult::Refused(format!(
                "cozy-chess cannot read the UCI move `{uci}`"
            )));
        };
        Ok(match board.try_play(m) {
            Ok(()) => MoveResult::Played(board.to_string()),
            Err(e) => MoveResult::Refused(format!("cozy-chess refused `{uci}`: {e}")),
        })
    }

    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let board = self.board(game)?;
        Ok(parse_san_move(&board, san)
            .ok()
            .map(|m| display_uci_move(&board, m).to_string()))
    }

    fn attacks(&mut self, game: &Game, source: &AttackSource) -> Answer<Vec<String>> {
        let board = self.board(game)?;
        let attacked = match source {
            AttackSource::Square(name) => {
                let sq = Square::from_str(name).map_err(|e| {
                    EngineError::failed(format!("cozy-chess cannot read the square `{name}`: {e}"))
                })?;
                attacks_from(&board, sq)
                    .ok_or_else(|| EngineError::failed(format!("no piece on {name}")))?
            }
            AttackSource::Side(color) => board
                .colors(to_cozy(*color))
                .into_iter()
                .fold(BitBoard::EMPTY, |all, sq| {
                    all | attacks_from(&board, sq).unwrap_or(BitBoard::EMPTY)
                }),
        };
        Ok(squares(attacked))
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        perft(&self.board(game)?, depth)
    }

    fn validate_fen(&mut self, fen: &str, _: Variant) -> Answer<FenCheck> {
        Ok(match Board::from_str(fen) {
            Ok(_) => FenCheck::Accepted,
            Err(e) => FenCheck::Rejected(e.to_string()),
        })
    }
}
