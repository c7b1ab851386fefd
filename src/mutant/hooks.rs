//! The reference's rules as a mutant sees them: [`Hooks`], one function per rule a mutant may
//! replace, and the reference's own, which every mutant starts from ([`Hooks::REFERENCE`]).

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Move, Position, Role,
    Setup, Square,
};

use super::{Facts, Key, Pos};
use crate::replay;
use crate::touch::{Obligation, TouchEvent};
use crate::vocabulary;
use crate::vocabulary::{DrawClaim, FenCheck, GameState, Variant, Winnability};

/// The rules a mutant may replace, each defaulting to the reference's ([`Hooks::REFERENCE`]).
#[derive(Clone, Copy)]
pub struct Hooks {
    /// The FEN's fields before they become a position (its en passant or castling field), given
    /// the FEN as written.
    pub read: fn(&str, &mut Setup),
    /// Whether a FEN is a valid position.
    pub validate: fn(&str, Variant) -> FenCheck,
    /// The legal moves, edited (added to or taken from the reference's).
    pub moves: fn(&Pos, &mut Vec<Move>),
    /// The castling rights (rook squares) a move by the side to move takes away.
    pub clears: fn(&Chess, Move) -> Bitboard,
    /// The castling rights (rook squares) held after a move, from the position before it, the
    /// move, the board after it and the rights it left (those [`Hooks::clears`] did not take).
    pub rights_after: fn(&Chess, Move, &Board, Bitboard) -> Bitboard,
    /// Where a castling puts the king and the rook (given their squares): the king's square
    /// first.
    pub castle_to: fn(Square, Square) -> (Square, Square),
    /// A square whose piece a move also removes, beyond what it captures by the rules.
    pub also_removes: fn(&Chess, Move) -> Option<Square>,
    /// The en passant square the FEN names after a move: given the position and whether an en
    /// passant capture is among its moves.
    pub ep_written: fn(&Pos, bool) -> Option<Square>,
    /// The identity of a position for repetition, from the reference's.
    pub key: fn(Key, &Pos) -> Key,
    /// Whether `Color` can never mate on the board (mating material, per side).
    pub insufficient: fn(&Board, Color) -> bool,
    /// Whether the position is dead beyond material.
    pub dead: fn(&Chess) -> bool,
    /// The game state, from the facts.
    pub state: fn(&Facts) -> GameState,
    /// The draws the player to move may claim, from the facts and the state.
    pub claims: fn(&Facts, GameState) -> Vec<DrawClaim>,
    /// Whether a claim by declaring a move counts the position that move makes (if not, the
    /// claims are those of the position before it).
    pub claim_counts_declared_move: bool,
    /// The moves a SAN is disambiguated against, among those given (same piece, same square).
    pub san_rivals: fn(&Pos, Move, &[Move]) -> Vec<Move>,
    /// A move's SAN as written, from its parts.
    pub san_write: fn(San, Option<Suffix>, Move) -> String,
    /// The move a SAN (with its check or mate sign, if written) names among the legal moves:
    /// the only one it matches.
    pub san_read: fn(SanPlus, &[Move]) -> Option<Move>,
    /// The touch-move ruling.
    pub touch: fn(&Chess, &[TouchEvent]) -> Result<Obligation, String>,
    /// Whether a side can still mate, given the reference's answer, the game state and the
    /// position.
    pub winnable: fn(Winnability, GameState, &Chess, vocabulary::Color) -> Winnability,
}

impl Hooks {
    /// The reference's rules.
    pub const REFERENCE: Hooks = Hooks {
        read: |_, _| {},
        validate: reference_validate,
        moves: |_, _| {},
        clears: reference_clears,
        rights_after: |_, _, _, rights| rights,
        castle_to: super::castle_squares,
        also_removes: |_, _| None,
        ep_written: |pos, capturable| {
            capturable
                .then(|| pos.chess.ep_square(EnPassantMode::Always))
                .flatten()
        },
        key: |key, _| key,
        insufficient: |board, color| reference_insufficient(board, color),
        dead: crate::winnable::is_dead,
        state: reference_state,
        claims: reference_claims,
        claim_counts_declared_move: true,
        san_rivals: same_piece_same_square,
        san_write: |san, suffix, _| SanPlus { san, suffix }.to_string(),
        san_read: |san, moves| only_match(san.san, moves),
        touch: reference_touch,
        winnable: |answer, _, _, _| answer,
    };
}

/// The reference's FEN check.
pub fn reference_validate(fen: &str, variant: Variant) -> FenCheck {
    match replay::parse_fen_in(fen, variant) {
        Ok(_) => FenCheck::Accepted,
        Err(e) => FenCheck::Rejected(e.to_string()),
    }
}

/// The rights a move takes away: all of the mover's when its king moves (castling included);
/// a rook square's when a piece leaves it or arrives on it.
pub fn reference_clears(before: &Chess, m: Move) -> Bitboard {
    let mut cleared = Bitboard::EMPTY;
    match m {
        Move::Castle { .. }
        | Move::Normal {
            role: Role::King, ..
        } => cleared |= Bitboard::from_rank(before.turn().backrank()),
        _ => {}
    }
    if let Some(from) = m.from() {
        cleared |= Bitboard::from_square(from);
    }
    cleared | Bitboard::from_square(m.to())
}

/// Whether `color` lacks mating material, as shakmaty judges it.
pub fn reference_insufficient(board: &Board, color: Color) -> bool {
    // shakmaty judges material on a position: any legal one with this board will do (a side
    // to move whose opponent is not in check).
    Color::ALL.into_iter().any(|turn| {
        let mut setup = Setup::empty();
        setup.board = board.clone();
        setup.turn = turn;
        Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .or_else(shakmaty::PositionError::ignore_too_much_material)
            .is_ok_and(|pos| pos.has_insufficient_material(color))
    })
}

/// The reference's game state: endings in the order of [`vocabulary::StateName`].
pub fn reference_state(f: &Facts) -> GameState {
    if f.no_moves && f.in_check {
        GameState::Checkmate {
            winner: replay::from_shakmaty(!f.turn),
        }
    } else if f.no_moves {
        GameState::Stalemate
    } else if f.insufficient {
        GameState::InsufficientMaterial
    } else if f.dead {
        GameState::DeadPosition
    } else if f.repetitions >= 5 {
        GameState::FivefoldRepetition
    } else if f.halfmoves >= 150 {
        GameState::SeventyFiveMoves
    } else {
        GameState::Ongoing
    }
}

/// The reference's claims: none once the game is over; threefold, then fifty moves.
pub fn reference_claims(f: &Facts, state: GameState) -> Vec<DrawClaim> {
    let mut claims = Vec::new();
    if state != GameState::Ongoing {
        return claims;
    }
    if f.repetitions >= 3 {
        claims.push(DrawClaim::ThreefoldRepetition);
    }
    if f.halfmoves >= 100 {
        claims.push(DrawClaim::FiftyMoves);
    }
    claims
}

/// The legal moves of the same piece kind to the same square (what SAN tells apart).
pub fn same_piece_same_square(_: &Pos, m: Move, moves: &[Move]) -> Vec<Move> {
    moves
        .iter()
        .copied()
        .filter(|o| o.role() == m.role() && o.to() == m.to() && o.castling_side().is_none())
        .collect()
}

/// The one legal move a SAN matches; none when it matches none or several.
pub fn only_match(san: San, moves: &[Move]) -> Option<Move> {
    let mut matching = moves.iter().copied().filter(|m| san_matches(san, *m));
    let first = matching.next()?;
    matching.next().is_none().then_some(first)
}

/// Whether a SAN names a move, as shakmaty's reader does (a pawn capture names its file).
pub fn san_matches(san: San, m: Move) -> bool {
    if let San::Normal {
        role: Role::Pawn,
        capture: true,
        file: None,
        ..
    } = san
    {
        return false;
    }
    san.matches(m)
}

/// The reference's touch-move ruling.
pub fn reference_touch(pos: &Chess, events: &[TouchEvent]) -> Result<Obligation, String> {
    crate::touch::rule(pos, events)
        .map(|r| r.obligation())
        .map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
}
