//! Positions from a FEN and a move history, on shakmaty: the one place that turns the suite's
//! strings (FEN, UCI, square names) into positions.
//!
//! The loader uses it to validate cases, the reference engine to answer them, the checker to
//! read engines' answers, and the report to draw boards. It also owns the FIDE 9.2.2 identity of
//! positions ([`RepetitionKey`]) and the suite's reading of the game state, so the loader and the
//! reference engine can never disagree on them.

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, Move, Position, PositionError,
    Rank, Role, Square,
};

use crate::vocabulary::{self, DrawClaim, GameState, Variant};

/// Why a FEN is not a valid position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FenError {}

/// Parses a FEN strictly: it must be syntactically valid and describe a legal position
/// (shakmaty's checks: kings, pawns on the back rank, the side not to move in check, impossible
/// checks, castling rights and en passant square that make sense, material).
pub fn parse_fen(fen: &str) -> Result<Chess, FenError> {
    parse_fen_in(fen, Variant::Standard)
}

/// Parses a FEN of `variant` strictly, as [`parse_fen`]. In Chess960 the castling rights may be
/// X-FEN or Shredder-FEN, and must be reachable from some Chess960 start (FIDE Guidelines II.2):
/// a king with a right stands between its two rooks' files (never on a or h), at most one right
/// per side of the king, and where both colours keep rights, their kings and their rooks on the
/// same side stand on the same files (Black's pieces mirror White's, II.2.3).
pub fn parse_fen_in(fen: &str, variant: Variant) -> Result<Chess, FenError> {
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| FenError(e.to_string()))?;
    let pos: Chess = parsed
        .into_position(castling_mode(variant))
        .map_err(|e: PositionError<Chess>| FenError(e.to_string()))?;
    if variant == Variant::Chess960 {
        check_chess960_rights(&pos)?;
    }
    Ok(pos)
}

/// Parses a FEN an engine wrote, forgiving what is a convention rather than a meaning: castling
/// rights for a king or rook that is not on its home square, and an en passant square where no
/// capture can happen, are dropped instead of rejected.
pub fn parse_fen_lenient(fen: &str) -> Result<Chess, FenError> {
    parse_fen_lenient_in(fen, Variant::Standard)
}

/// [`parse_fen_lenient`] in `variant` (in Chess960, X-FEN and Shredder-FEN rights alike).
pub fn parse_fen_lenient_in(fen: &str, variant: Variant) -> Result<Chess, FenError> {
    let parsed = Fen::from_ascii(fen.as_bytes()).map_err(|e| FenError(e.to_string()))?;
    parsed
        .into_position(castling_mode(variant))
        .or_else(PositionError::ignore_invalid_castling_rights)
        .or_else(PositionError::ignore_invalid_ep_square)
        .map_err(|e: PositionError<Chess>| FenError(e.to_string()))
}

/// shakmaty's castling mode for a variant.
pub fn castling_mode(variant: Variant) -> CastlingMode {
    match variant {
        Variant::Standard => CastlingMode::Standard,
        Variant::Chess960 => CastlingMode::Chess960,
    }
}

/// What shakmaty does not check of Chess960 castling rights: the king of a side with a right
/// is never on the a- or h-file (it starts between its rooks), and when both sides keep rights,
/// both kings and both rooks of one wing started on the same files (II.2.3).
fn check_chess960_rights(pos: &Chess) -> Result<(), FenError> {
    use shakmaty::{CastlingSide, File};
    let castles = pos.castles();
    let board = pos.board();
    for color in Color::ALL {
        if castles.has_color(color) {
            let king = board.king_of(color).expect("shakmaty checked the kings");
            if king.file() == File::A || king.file() == File::H {
                return Err(FenError(format!(
                    "{color} has a castling right with its king on {king}: a Chess960 king \
                     starts between its two rooks, never on the a- or h-file (FIDE \
                     Guidelines II.2.1)"
                )));
            }
        }
    }
    if castles.has_color(Color::White) && castles.has_color(Color::Black) {
        let (white, black) = (
            board.king_of(Color::White).expect("checked"),
            board.king_of(Color::Black).expect("checked"),
        );
        if white.file() != black.file() {
            return Err(FenError(format!(
                "both sides keep castling rights, so neither king has moved, but the white king \
                 is on {white} and the black king on {black}: Black's pieces start opposite \
                 White's (FIDE Guidelines II.2.3)"
            )));
        }
        for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
            if let (Some(w), Some(b)) = (
                castles.rook(Color::White, side),
                castles.rook(Color::Black, side),
            ) && w.file() != b.file()
            {
                return Err(FenError(format!(
                    "the castling rooks of one wing, {w} and {b}, stand on different files: \
                     Black's pieces start opposite White's (FIDE Guidelines II.2.3)"
                )));
            }
        }
    }
    Ok(())
}

/// Parses a square name such as `e4`.
pub fn parse_square(name: &str) -> Result<Square, String> {
    name.parse::<Square>()
        .map_err(|_| format!("`{name}` is not a square (expected a file a-h and a rank 1-8)"))
}

/// Why a UCI string is not a legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// Not UCI syntax at all.
    Syntax(String),
    /// Well formed, but not a legal move in the position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(why) | MoveError::Illegal(why) => f.write_str(why),
        }
    }
}

/// Checks that `uci` is a move in the suite's UCI vocabulary: from and to squares and an
/// optional lower-case promotion piece (`e2e4`, `e7e8n`; `e7e8k` is well formed too, so that a
/// case can say a promotion to a king is never legal). Says nothing about legality.
pub fn check_uci_syntax(uci: &str) -> Result<UciMove, MoveError> {
    let syntax = || {
        MoveError::Syntax(format!(
            "`{uci}` is not a UCI move (expected from and to squares and an optional promotion \
             piece in lower case, e.g. e2e4 or e7e8q)"
        ))
    };
    if !(4..=5).contains(&uci.len()) || uci.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(syntax());
    }
    match UciMove::from_ascii(uci.as_bytes()) {
        Ok(m @ UciMove::Normal { .. }) => Ok(m),
        _ => Err(syntax()),
    }
}

/// Finds the legal move `uci` denotes in `pos`. Castling must be written as the king's two-square
/// move (`e1g1`), not as the king taking its rook; in a Chess960 position (read by
/// [`parse_fen_in`]) the other way round: the king taking its rook (`f1h1`).
pub fn parse_uci(pos: &Chess, uci: &str) -> Result<Move, MoveError> {
    let parsed = check_uci_syntax(uci)?;
    let m = parsed.to_move(pos).map_err(|_| {
        MoveError::Illegal(format!(
            "`{uci}` is not a legal move in {}",
            Fen::from_position(pos, EnPassantMode::Legal)
        ))
    })?;
    let written = UciMove::from_move(m, pos.castles().mode());
    if written.to_string() != uci {
        return Err(MoveError::Illegal(match pos.castles().mode() {
            CastlingMode::Standard => format!(
                "`{uci}` is castling written as the king taking its rook; write the king's \
                 two-square move `{written}`"
            ),
            CastlingMode::Chess960 => format!(
                "`{uci}` is castling written as the king's destination; in Chess960 castling \
                 is written as the king taking its rook: `{written}`"
            ),
        }));
    }
    Ok(m)
}

/// A move in the suite's UCI vocabulary for standard chess (castling as the king's two-square
/// move). A move of a position that may be Chess960 is written by [`to_uci_in`].
pub fn to_uci(m: Move) -> String {
    UciMove::from_standard(m).to_string()
}

/// A move of `pos` in the suite's UCI vocabulary: in a Chess960 position castling is the king
/// taking its rook (`f1h1`), in standard chess the king's two-square move (`e1g1`).
pub fn to_uci_in(pos: &Chess, m: Move) -> String {
    UciMove::from_move(m, pos.castles().mode()).to_string()
}

/// What makes two positions "the same" for repetition (FIDE 9.2.2): the same pieces on the same
/// squares, the same player to move, the same castling rights and the same en passant
/// possibilities. The en passant square counts only when a capture there is legal; the clocks do
/// not count at all.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    board: Board,
    turn: Color,
    castling: Bitboard,
    ep: Option<Square>,
}

impl RepetitionKey {
    /// The key of a position.
    pub fn of(pos: &Chess) -> RepetitionKey {
        RepetitionKey {
            board: pos.board().clone(),
            turn: pos.turn(),
            castling: pos.castles().castling_rights(),
            ep: pos.ep_square(EnPassantMode::Legal),
        }
    }
}

/// A game replayed from a FEN and a history.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The position reached.
    pub position: Chess,
    /// The repetition key of every position of the game, the start included, in order.
    pub keys: Vec<RepetitionKey>,
}

/// Why a history could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// The FEN is not a valid position.
    Fen(FenError),
    /// The move at `ply` (1-based) is not legal.
    Move {
        /// 1-based index of the offending move in the history.
        ply: usize,
        /// The move as written.
        uci: String,
        /// Why it was refused.
        error: MoveError,
    },
    /// The game had already ended before the move at `ply`.
    AfterEnd {
        /// 1-based index of the first move played after the end.
        ply: usize,
        /// How the game had ended.
        state: GameState,
    },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::Fen(e) => write!(f, "invalid FEN: {e}"),
            ReplayError::Move { ply, uci, error } => {
                write!(f, "move {ply} of the history (`{uci}`): {error}")
            }
            ReplayError::AfterEnd { ply, state } => write!(
                f,
                "move {ply} of the history is played after the game ended ({state}); a history \
                 must stop where the game ends"
            ),
        }
    }
}

impl Replay {
    /// Replays `moves` from `fen`, stopping at the first problem.
    pub fn new(fen: &str, moves: &[String]) -> Result<Replay, ReplayError> {
        Replay::play(Variant::Standard, fen, moves, false)
    }

    /// Replays `moves` from `fen` in `variant` (castling in a Chess960 history written as the
    /// king taking its rook), stopping at the first problem.
    pub fn in_variant(
        variant: Variant,
        fen: &str,
        moves: &[String],
    ) -> Result<Replay, ReplayError> {
        Replay::play(variant, fen, moves, false)
    }

    /// Like [`Replay::new`], and also refuses a history that goes on after the game has ended
    /// (checkmate, stalemate or an automatic draw).
    pub fn strict(fen: &str, moves: &[String]) -> Result<Replay, ReplayError> {
        Replay::play(Variant::Standard, fen, moves, true)
    }

    /// [`Replay::strict`] in `variant`.
    pub fn strict_in(variant: Variant, fen: &str, moves: &[String]) -> Result<Replay, ReplayError> {
        Replay::play(variant, fen, moves, true)
    }

    fn play(
        variant: Variant,
        fen: &str,
        moves: &[String],
        strict: bool,
    ) -> Result<Replay, ReplayError> {
        let position = parse_fen_in(fen, variant).map_err(ReplayError::Fen)?;
        let mut keys = Vec::with_capacity(moves.len() + 1);
        keys.push(RepetitionKey::of(&position));
        let mut replay = Replay { position, keys };
        for (i, uci) in moves.iter().enumerate() {
            if strict {
                let state = replay.state();
                if state != GameState::Ongoing {
                    return Err(ReplayError::AfterEnd { ply: i + 1, state });
                }
            }
            let m = parse_uci(&replay.position, uci).map_err(|error| ReplayError::Move {
                ply: i + 1,
                uci: uci.clone(),
                error,
            })?;
            replay.push(m);
        }
        Ok(replay)
    }

    /// The FEN of the position reached (an en passant square only where a capture is legal).
    pub fn fen(&self) -> String {
        Fen::from_position(&self.position, EnPassantMode::Legal).to_string()
    }

    /// Plays a legal move.
    pub fn push(&mut self, m: Move) {
        self.position.play_unchecked(m);
        self.keys.push(RepetitionKey::of(&self.position));
    }

    /// How many times the current position has appeared in the game, itself included.
    pub fn repetitions(&self) -> usize {
        let current = self.keys.last().expect("a replay has at least its start");
        self.keys.iter().filter(|k| *k == current).count()
    }

    /// The state of the game, endings in the precedence of [`vocabulary::StateName`].
    pub fn state(&self) -> GameState {
        let pos = &self.position;
        if pos.is_checkmate() {
            GameState::Checkmate {
                winner: from_shakmaty(!pos.turn()),
            }
        } else if pos.is_stalemate() {
            GameState::Stalemate
        } else if pos.is_insufficient_material() {
            GameState::InsufficientMaterial
        } else if crate::winnable::is_dead(pos) {
            GameState::DeadPosition
        } else if self.repetitions() >= 5 {
            GameState::FivefoldRepetition
        } else if pos.halfmoves() >= 150 {
            GameState::SeventyFiveMoves
        } else {
            GameState::Ongoing
        }
    }

    /// The draws the player to move may claim: none once the game is over.
    pub fn claims(&self) -> Vec<DrawClaim> {
        let mut claims = Vec::new();
        if self.state() != GameState::Ongoing {
            return claims;
        }
        if self.repetitions() >= 3 {
            claims.push(DrawClaim::ThreefoldRepetition);
        }
        if self.position.halfmoves() >= 100 {
            claims.push(DrawClaim::FiftyMoves);
        }
        claims
    }
}

/// The suite's colour for a shakmaty colour.
pub fn from_shakmaty(color: Color) -> vocabulary::Color {
    match color {
        Color::White => vocabulary::Color::White,
        Color::Black => vocabulary::Color::Black,
    }
}

/// The shakmaty colour for a suite colour.
pub fn to_shakmaty(color: vocabulary::Color) -> Color {
    match color {
        vocabulary::Color::White => Color::White,
        vocabulary::Color::Black => Color::Black,
    }
}

/// The board a case's history reaches, to say in words what a move or a square of an answer is
/// (the report's groups of failures name the pattern of a difference, not its squares). Read
/// leniently: any placement shakmaty reads will do, for the words need only the pieces.
#[derive(Debug, Clone)]
pub struct Sight {
    board: Board,
    turn: Color,
}

impl Sight {
    /// The board `moves` reach from `fen` in `variant`; `None` if the FEN does not read or a
    /// move is not legal on the way (a board alone, when there is no history).
    pub fn of(variant: Variant, fen: &str, moves: &[String]) -> Option<Sight> {
        let parsed = Fen::from_ascii(fen.as_bytes()).ok()?;
        let Ok(mut position) = parse_fen_lenient_in(fen, variant) else {
            let setup = parsed.as_setup();
            return moves.is_empty().then(|| Sight {
                board: setup.board.clone(),
                turn: setup.turn,
            });
        };
        for uci in moves {
            let m = parse_uci(&position, uci).ok()?;
            position.play_unchecked(m);
        }
        Some(Sight {
            board: position.board().clone(),
            turn: position.turn(),
        })
    }

    /// What kind of move `uci` is here, in words that leave its squares out: `castling O-O`,
    /// `promotion to a knight`, `an en passant capture`, `a pawn double step`, `a pawn capture`,
    /// `a bishop move`, `a move from an empty square`, ...; legal or not.
    pub fn describe_move(&self, uci: &str) -> String {
        let Ok(UciMove::Normal {
            from,
            to,
            promotion,
        }) = UciMove::from_ascii(uci.as_bytes())
        else {
            return "a move that is not UCI".to_owned();
        };
        let Some(piece) = self.board.piece_at(from) else {
            return "a move from an empty square".to_owned();
        };
        let whose = if piece.color == self.turn {
            ""
        } else {
            " of the side not to move"
        };
        let target = self.board.piece_at(to);
        let files = (i32::from(to.file()) - i32::from(from.file())).abs();
        let ranks = (i32::from(to.rank()) - i32::from(from.rank())).abs();
        let kind = match piece.role {
            Role::King if target == Some(piece.color.rook()) || (files == 2 && ranks == 0) => {
                if to.file() > from.file() {
                    "castling O-O".to_owned()
                } else {
                    "castling O-O-O".to_owned()
                }
            }
            Role::Pawn => match promotion {
                Some(role) => format!("promotion to a {}", role_name(role)),
                None if matches!(to.rank(), Rank::First | Rank::Eighth) => {
                    "a pawn move to the last rank without a promotion piece".to_owned()
                }
                None if (files, ranks) == (1, 1) && target.is_none() => {
                    "an en passant capture".to_owned()
                }
                None if (files, ranks) == (1, 1) => "a pawn capture".to_owned(),
                None if (files, ranks) == (0, 2) => "a pawn double step".to_owned(),
                None if (files, ranks) == (0, 1) => "a pawn step".to_owned(),
                None => "a pawn move no pawn makes".to_owned(),
            },
            role if promotion.is_some() => {
                format!("a {} move with a promotion piece", role_name(role))
            }
            role => format!("a {} move", role_name(role)),
        };
        format!("{kind}{whose}")
    }

    /// What stands on `square`, in words: `a knight`, `an empty square`, or `a square` for a
    /// name that is no square.
    pub fn describe_square(&self, square: &str) -> String {
        match Square::from_ascii(square.as_bytes()) {
            Ok(sq) => match self.board.piece_at(sq) {
                Some(piece) => format!("a {}", role_name(piece.role)),
                None => "an empty square".to_owned(),
            },
            Err(_) => "a square".to_owned(),
        }
    }
}

/// A role's name in English.
fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// The square names of a bitboard, in a1..h8 order.
pub fn square_names(squares: Bitboard) -> Vec<String> {
    squares.into_iter().map(|sq| sq.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(list: &str) -> Vec<String> {
        list.split_whitespace().map(String::from).collect()
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    #[test]
    fn gives_the_fen_reached() {
        let replay = Replay::new(START, &moves("e2e4 c7c5 g1f3")).unwrap();
        assert_eq!(
            replay.fen(),
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
        );
        assert_eq!(Replay::new(START, &[]).unwrap().fen(), START);
    }

    #[test]
    fn names_the_ply_of_an_illegal_move() {
        let err = Replay::new(START, &moves("e2e4 e7e5 e4e5")).unwrap_err();
        assert!(matches!(err, ReplayError::Move { ply: 3, .. }), "{err}");
    }

    #[test]
    fn refuses_castling_as_king_takes_rook() {
        let pos = parse_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        assert!(parse_uci(&pos, "e1g1").is_ok());
        assert!(matches!(
            parse_uci(&pos, "e1h1"),
            Err(MoveError::Illegal(_))
        ));
        assert!(matches!(parse_uci(&pos, "E1G1"), Err(MoveError::Syntax(_))));
        assert!(matches!(
            parse_uci(&pos, "e1g1x"),
            Err(MoveError::Syntax(_))
        ));
        // A promotion to a king is well formed, so an assertion can say it is never legal.
        assert!(check_uci_syntax("e7e8k").is_ok());
        assert!(matches!(
            parse_uci(&pos, "e1g1k"),
            Err(MoveError::Illegal(_))
        ));
    }

    #[test]
    fn counts_repetitions_with_knight_shuffles() {
        let shuffle = "g1f3 g8f6 f3g1 f6g8";
        let twice = moves(&format!("{shuffle} {shuffle}"));
        let replay = Replay::new(START, &twice).unwrap();
        assert_eq!(replay.repetitions(), 3);
        assert_eq!(replay.claims(), [DrawClaim::ThreefoldRepetition]);
        let four = moves(&format!("{shuffle} {shuffle} {shuffle} {shuffle}"));
        assert_eq!(
            Replay::new(START, &four).unwrap().state(),
            GameState::FivefoldRepetition
        );
    }

    #[test]
    fn strict_replay_stops_at_the_end_of_the_game() {
        // Fool's mate, then one more move.
        let err = Replay::strict(START, &moves("f2f3 e7e5 g2g4 d8h4 e1f2")).unwrap_err();
        assert!(matches!(err, ReplayError::AfterEnd { ply: 5, .. }), "{err}");
    }

    #[test]
    fn lenient_parse_drops_meaningless_fields() {
        // Castling right for a rook that is not there; en passant square with no pawn behind.
        assert!(parse_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_err());
        assert!(parse_fen_lenient("4k3/8/8/8/8/8/8/4K3 w K - 0 1").is_ok());
    }
}
