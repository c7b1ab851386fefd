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
//! Chess960 (`chess960`): cozy-chess's castling is Chess960's in every game (a right is a rook's
//! file), so a Chess960 game is read with `Board::from_fen(fen, true)` (Shredder-FEN) and its
//! moves are the crate's own (`Move`'s `FromStr` and `Display`: castling as the king taking its
//! rook, the suite's Chess960 spelling); a FEN answer is written in Shredder-FEN (`{:#}`). In
//! Shredder mode the crate reads `K`/`Q` as no file, and in its other mode as the h- and a-file,
//! not X-FEN's outermost rook: X-FEN's `KQkq` are turned into the files of the outermost rooks
//! first, on the crate's own board of that FEN (which rooks stand where).
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
use cozy_chess::{BitBoard, Board, Color as CozyColor, File, GameStatus, Move, Piece, Square};

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
                let mut board = read_fen(game.fen, game.variant).map_err(|e| {
                    EngineError::failed(format!("cozy-chess refused the FEN `{}`: {e}", game.fen))
                })?;
                for (i, uci) in game.moves.iter().enumerate() {
                    let m = parse_move(&board, uci, game.variant)?;
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

/// A FEN read by the crate: standard chess by `FromStr` (FEN, then Shredder-FEN); Chess960 as
/// Shredder-FEN, X-FEN's `KQkq` first turned into the outermost rooks' files.
fn read_fen(fen: &str, variant: Variant) -> Result<Board, String> {
    match variant {
        Variant::Standard => Board::from_str(fen).map_err(|e| e.to_string()),
        Variant::Chess960 => Board::from_fen(&shredder_fen(fen)?, true).map_err(|e| e.to_string()),
    }
}

/// `fen` with X-FEN's castling letters `KQkq` replaced by the file of the outermost rook of that
/// colour on that side of its king, found on the crate's board of the FEN read without rights;
/// file letters are kept. A letter with no such rook is kept, for the crate to refuse.
fn shredder_fen(fen: &str) -> Result<String, String> {
    let fields: Vec<&str> = fen.split(' ').collect();
    let Some(&rights) = fields.get(2) else {
        return Ok(fen.to_owned());
    };
    if rights == "-" || !rights.contains(['K', 'Q', 'k', 'q']) {
        return Ok(fen.to_owned());
    }
    let mut bare = fields.clone();
    bare[2] = "-";
    let board = Board::from_fen(&bare.join(" "), true).map_err(|e| e.to_string())?;
    let letters: String = rights
        .chars()
        .map(|c| {
            let (color, short) = match c {
                'K' => (CozyColor::White, true),
                'Q' => (CozyColor::White, false),
                'k' => (CozyColor::Black, true),
                'q' => (CozyColor::Black, false),
                other => return other,
            };
            let king = board.king(color);
            let rooks = board.colored_pieces(color, Piece::Rook);
            let rank = king.rank();
            let mut files: Vec<File> = File::ALL
                .into_iter()
                .filter(|&f| {
                    if short {
                        f > king.file()
                    } else {
                        f < king.file()
                    }
                })
                .collect();
            if short {
                files.reverse();
            }
            match files.into_iter().find(|&f| rooks.has(Square::new(f, rank))) {
                Some(file) => {
                    let letter: char = file.into();
                    if color == CozyColor::White {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    }
                }
                None => c,
            }
        })
        .collect();
    let mut shredder = fields;
    shredder[2] = &letters;
    Ok(shredder.join(" "))
}

/// The crate's reading of a suite UCI move: in standard chess castling converted to
/// king-takes-rook; in Chess960 the crate's own spelling, the suite's.
fn parse_move(board: &Board, uci: &str, variant: Variant) -> Answer<Move> {
    read_move(board, uci, variant).map_err(|e| {
        EngineError::failed(format!("cozy-chess cannot read the UCI move `{uci}`: {e}"))
    })
}

fn read_move(board: &Board, uci: &str, variant: Variant) -> Result<Move, String> {
    match variant {
        Variant::Standard => parse_uci_move(board, uci).map_err(|e| e.to_string()),
        Variant::Chess960 => Move::from_str(uci).map_err(|e| e.to_string()),
    }
}

/// A move of the crate in the suite's spelling: in standard chess castling as the king's
/// two-square move, in Chess960 as the crate writes it (the king taking its rook).
fn write_move(board: &Board, m: Move, variant: Variant) -> String {
    match variant {
        Variant::Standard => display_uci_move(board, m).to_string(),
        Variant::Chess960 => m.to_string(),
    }
}

/// A FEN of the crate's board: Shredder-FEN in Chess960, where `KQkq` would name the wrong rooks.
fn write_fen(board: &Board, variant: Variant) -> String {
    match variant {
        Variant::Standard => board.to_string(),
        Variant::Chess960 => format!("{board:#}"),
    }
}

/// Every legal move, castling in the suite's spelling of `variant`.
fn legal_moves(board: &Board, variant: Variant) -> Vec<String> {
    let mut moves = Vec::new();
    board.generate_moves(|piece_moves| {
        moves.extend(
            piece_moves
                .into_iter()
                .map(|m| write_move(board, m, variant)),
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
            Capability::Chess960,
        ]
        .into_iter()
        .collect()
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(legal_moves(&self.board(game)?, game.variant))
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
        let Ok(m) = read_move(&board, uci, game.variant) else {
            return Ok(MoveResult::Refused(format!(
                "cozy-chess cannot read the UCI move `{uci}`"
            )));
        };
        Ok(match board.try_play(m) {
            Ok(()) => MoveResult::Played(write_fen(&board, game.variant)),
            Err(e) => MoveResult::Refused(format!("cozy-chess refused `{uci}`: {e}")),
        })
    }

    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let board = self.board(game)?;
        Ok(parse_san_move(&board, san)
            .ok()
            .map(|m| write_move(&board, m, game.variant)))
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

    fn validate_fen(&mut self, fen: &str, variant: Variant) -> Answer<FenCheck> {
        Ok(match read_fen(fen, variant) {
            Ok(_) => FenCheck::Accepted,
            Err(e) => FenCheck::Rejected(e.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn x_fen_rights_become_the_outermost_rooks_files() {
        // King g1 with rooks f1 and h1 (K is h1's), king b8 with rooks a8 and c8 (q is a8's).
        assert_eq!(
            shredder_fen("rkr5/8/8/8/8/8/8/5RKR w Kq - 0 1").unwrap(),
            "rkr5/8/8/8/8/8/8/5RKR w Ha - 0 1"
        );
        // Two a-side rooks: Q is the outer (a1), the letter B the inner one, kept.
        assert_eq!(
            shredder_fen("rr2k2r/8/8/8/8/8/8/RR2K2R w KQkb - 0 1").unwrap(),
            "rr2k2r/8/8/8/8/8/8/RR2K2R w HAhb - 0 1"
        );
        // No rook on that side: the letter stays, for the crate to refuse.
        assert_eq!(
            shredder_fen("4k3/8/8/8/8/8/8/4K2R w Q - 0 1").unwrap(),
            "4k3/8/8/8/8/8/8/4K2R w Q - 0 1"
        );
        assert!(read_fen("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", Variant::Chess960).is_err());
        // A Chess960 game: castling as the king taking its rook, the FEN in Shredder-FEN.
        let mut cozy = CozyChess::new();
        let game = Game::chess960("1k5r/8/8/8/8/8/8/RK5R w KQk - 0 1", &[]);
        let legal = cozy.legal_moves(&game).unwrap();
        assert!(legal.contains(&"b1h1".to_owned()), "{legal:?}");
        assert!(!legal.contains(&"b1g1".to_owned()), "{legal:?}");
        assert_eq!(
            cozy.play(&game, "b1h1").unwrap(),
            MoveResult::Played("1k5r/8/8/8/8/8/8/R4RK1 b h - 1 1".to_owned())
        );
    }
}
