//! The [`pleco`](https://crates.io/crates/pleco) crate, in process: `--engine pleco`.
//!
//! Every answer comes from the crate's own API: `Board::from_fen` (which also judges a FEN's
//! validity) and `Board::fen`, `Board::generate_moves` and `BitMove::stringify` for legal moves
//! (and the walk of perft), `Board::apply_uci_move` for moves played, `Board::in_check`,
//! `Board::checkers`, `Board::checkmate` and `Board::stalemate` for the game state, and
//! `Board::attacks_from` for attacked squares.
//!
//! What the crate does not offer is not declared, so the cases that need it are skipped: SAN
//! (neither writer nor reader), draw claims, repetitions (it hashes positions but has no rule on
//! them), insufficient material, mating material, and the questions no library here answers
//! (`touch-move`, `winnable`, `dead-position`).
//!
//! pleco checks its input with `assert!`s (a castling letter it does not know, a rank of nine
//! squares, a board without a king all panic), so every call into it runs under `catch_unwind`
//! and a panic is an error answer. Where its check is a `debug_assert!` or an overflow check
//! only (two kings of a colour, a move number of 0), the answer would depend on the build, so the
//! adapter does not ask (see `guard_build_dependent`).

use std::panic::{AssertUnwindSafe, catch_unwind};

use pleco::{BitBoard, Board, Player, SQ};

use chess_conformance::{
    Answer, AttackSource, Capabilities, Capability, Color, Deadline, Engine, EngineError, FenCheck,
    Game, GameState, Identity, LastGame, MoveResult, Variant,
};

/// The version of the `pleco` crate this adapter is built against (pinned in Cargo.toml).
pub const VERSION: &str = "0.5.0";

/// A game set up with the crate: the `Board` after the history. (`Board` has no `Debug`.)
struct Setup(Board);

impl std::fmt::Debug for Setup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Setup").field(&self.0.fen()).finish()
    }
}

/// The `pleco` crate as an [`Engine`].
///
/// ```
/// use chess_conformance::{Engine, Game};
/// use chess_conformance_adapters::Pleco;
///
/// let mut engine = Pleco::new();
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// assert_eq!(engine.legal_moves(&Game::new(start, &[])).unwrap().len(), 20);
/// ```
#[derive(Debug, Default)]
pub struct Pleco {
    last: LastGame<Setup>,
}

impl Pleco {
    /// An adapter for the `pleco` crate.
    pub fn new() -> Pleco {
        Pleco::default()
    }

    /// The board of `game`, built once per case. A copy, so that a question playing a move on
    /// it leaves the remembered one as it was.
    fn board(&mut self, game: &Game) -> Answer<Board> {
        let setup = self.last.get(game, |game| {
            guarded(game.fen, || {
                let mut board = read_fen(game.fen)?;
                for (i, uci) in game.moves.iter().enumerate() {
                    // `apply_uci_move` plays the move only if the crate's generator lists it.
                    if !board.apply_uci_move(uci) {
                        return Err(EngineError::failed(format!(
                            "pleco refused history move {} `{uci}` as illegal in {}",
                            i + 1,
                            board.fen()
                        )));
                    }
                }
                Ok(Setup(board))
            })
        })?;
        // `Board::clone` keeps no history, which nothing here undoes past.
        guarded(game.fen, || Ok(setup.0.clone()))
    }
}

/// Runs a call into pleco, turning a panic (one of its `assert!`s) into an error naming the FEN.
fn guarded<T>(fen: &str, call: impl FnOnce() -> Answer<T>) -> Answer<T> {
    catch_unwind(AssertUnwindSafe(call)).unwrap_or_else(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic with no message".into());
        Err(EngineError::failed(format!(
            "pleco, on `{fen}`: the engine panicked: {message}"
        )))
    })
}

/// The board of a FEN, by the crate's parser and validity check.
fn read_fen(fen: &str) -> Answer<Board> {
    guard_build_dependent(fen)?;
    Board::from_fen(fen).map_err(|e| {
        EngineError::failed(format!(
            "pleco refused the FEN `{fen}`: {}",
            format!("{e:?}").trim_end()
        ))
    })
}

/// The FENs pleco 0.5.0 reads differently by build, which the adapter does not hand it (the
/// question gets an error verdict, the same in every build; see docs/findings/pleco.md):
/// - more than one king of a colour: `Board::from_fen` sets up the check state before it
///   validates anything, finding each king by `BitBoard::to_sq`, whose check of a single bit is
///   a `debug_assert!` (a debug build panics, a release build takes the lowest king). With no
///   king it is an `assert!` in `bit_scan_forward`: a panic in every build, caught like others;
/// - a move number of 0 or above 32,768: `(fullmoves - 1) * 2` on a `u16` overflows (a debug
///   build panics, a release build wraps around and reads the FEN).
///
/// The crate's own placement reader is private, so this reads the FEN's fields as text.
fn guard_build_dependent(fen: &str) -> Answer<()> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let placement = fields.first().copied().unwrap_or("");
    let count = |king| placement.chars().filter(|&c| c == king).count();
    let fullmoves = fields.get(5).and_then(|n| n.parse::<u16>().ok());
    let why = if count('K') > 1 || count('k') > 1 {
        "a board with two kings of a colour by build (a debug_assert in BitBoard::to_sq: a \
         panic in a debug build, the lowest king taken in a release build)"
            .to_owned()
    } else if let Some(n @ (0 | 32_769..)) = fullmoves {
        format!(
            "the move number {n} by build (an overflow in Board::from_fen: a panic in a debug \
             build, wrapped around in a release build)"
        )
    } else {
        return Ok(());
    };
    Err(EngineError::failed(format!(
        "not asked: pleco 0.5.0 reads {why}, so the adapter does not pass it `{fen}`"
    )))
}

/// Leaf nodes at `depth` (at least 1), walking the crate's legal move generator as its own
/// `perft::perft` does, here so that the walk stops at the question's [`Deadline`].
fn perft(board: &mut Board, depth: u32) -> Answer<u64> {
    let moves = board.generate_moves();
    if depth <= 1 {
        return Ok(moves.len() as u64);
    }
    Deadline::check()?;
    let mut nodes = 0u64;
    for m in moves.iter() {
        board.apply_move(*m);
        let below = perft(board, depth - 1);
        board.undo_move();
        nodes = nodes.saturating_add(below?);
    }
    Ok(nodes)
}

fn squares(bb: BitBoard) -> Vec<String> {
    bb.map(|sq| sq.to_string()).collect()
}

fn to_pleco(color: Color) -> Player {
    match color {
        Color::White => Player::White,
        Color::Black => Player::Black,
    }
}

fn to_suite(player: Player) -> Color {
    match player {
        Player::White => Color::White,
        Player::Black => Color::Black,
    }
}

/// The square of a name (`e4`), read as the crate's square numbering (a1 = 0, h8 = 63).
fn parse_square(name: &str) -> Answer<SQ> {
    let bytes = name.as_bytes();
    match bytes {
        [file @ b'a'..=b'h', rank @ b'1'..=b'8'] => Ok(SQ((rank - b'1') * 8 + (file - b'a'))),
        _ => Err(EngineError::failed(format!("not a square: `{name}`"))),
    }
}

/// The squares the piece on `sq` attacks, by `Board::attacks_from` (pawns by their diagonals).
fn attacks_from(board: &Board, sq: SQ) -> Option<BitBoard> {
    let (player, piece) = board.piece_at_sq(sq).player_piece()?;
    Some(board.attacks_from(piece, sq, player))
}

impl Engine for Pleco {
    fn identity(&self) -> Identity {
        Identity {
            name: "pleco".into(),
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
            Capability::Attacks,
            Capability::Perft,
            Capability::ValidateFen,
        ]
        .into_iter()
        .collect()
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let board = self.board(game)?;
        guarded(game.fen, || {
            Ok(board
                .generate_moves()
                .iter()
                .map(|m| m.stringify())
                .collect())
        })
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        Ok(self.board(game)?.in_check())
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(squares(self.board(game)?.checkers()))
    }

    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let board = self.board(game)?;
        guarded(game.fen, || {
            Ok(if board.checkmate() {
                GameState::Checkmate {
                    winner: to_suite(!board.turn()),
                }
            } else if board.stalemate() {
                GameState::Stalemate
            } else {
                GameState::Ongoing
            })
        })
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let mut board = self.board(game)?;
        guarded(game.fen, || {
            Ok(if board.apply_uci_move(uci) {
                MoveResult::Played(board.fen())
            } else {
                MoveResult::Refused(format!("pleco does not list `{uci}` as legal"))
            })
        })
    }

    fn attacks(&mut self, game: &Game, source: &AttackSource) -> Answer<Vec<String>> {
        let board = self.board(game)?;
        let attacked = match source {
            AttackSource::Square(name) => {
                let sq = parse_square(name)?;
                attacks_from(&board, sq)
                    .ok_or_else(|| EngineError::failed(format!("no piece on {name}")))?
            }
            AttackSource::Side(color) => board
                .get_occupied_player(to_pleco(*color))
                .fold(BitBoard(0), |all, sq| {
                    all | attacks_from(&board, sq).unwrap_or(BitBoard(0))
                }),
        };
        Ok(squares(attacked))
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        let mut board = self.board(game)?;
        if depth == 0 {
            return Ok(1);
        }
        guarded(game.fen, || perft(&mut board, depth))
    }

    fn validate_fen(&mut self, fen: &str, _: Variant) -> Answer<FenCheck> {
        guard_build_dependent(fen)?;
        guarded(fen, || {
            Ok(match Board::from_fen(fen) {
                Ok(_) => FenCheck::Accepted,
                Err(e) => FenCheck::Rejected(format!("{e:?}").trim_end().to_owned()),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_read_in_the_crates_numbering() {
        assert_eq!(parse_square("a1").unwrap(), SQ::A1);
        assert_eq!(parse_square("h8").unwrap(), SQ::H8);
        assert_eq!(parse_square("e4").unwrap().to_string(), "e4");
        assert!(parse_square("i1").is_err());
        assert!(parse_square("e").is_err());
    }

    #[test]
    fn fens_read_differently_by_build_are_not_handed_to_pleco() {
        let mut engine = Pleco::new();
        let err = engine
            .validate_fen("4k3/8/8/8/8/8/8/4K2K w - - 0 1", Variant::Standard)
            .unwrap_err();
        assert!(format!("{err:?}").contains("not asked"), "{err:?}");
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0";
        let err = engine.validate_fen(start, Variant::Standard).unwrap_err();
        assert!(format!("{err:?}").contains("move number 0 "), "{err:?}");
    }

    #[test]
    fn a_panic_of_pleco_is_an_error_naming_the_fen() {
        // No black king: pleco's `bit_scan_forward` asserts a non-empty bitboard.
        let mut engine = Pleco::new();
        let fen = "8/8/8/8/8/8/8/4K3 w - - 0 1";
        let err = engine.validate_fen(fen, Variant::Standard).unwrap_err();
        assert!(
            format!("{err:?}").contains("the engine panicked"),
            "{err:?}"
        );
        assert!(format!("{err:?}").contains(fen), "{err:?}");
        // An unknown castling letter is a bare `panic!()` in `Castling::add_castling_char`.
        let game = Game::new("4k3/8/8/8/8/8/8/4K2R w KX - 0 1", &[]);
        assert!(engine.legal_moves(&game).is_err());
    }
}
