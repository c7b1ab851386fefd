//! Castling (3.8.2): the conditions a castling mutant relaxes, the rights it keeps.

use shakmaty::{Bitboard, CastlingSide, Chess, File, Move, Position, Role, Square, attacks};

use crate::mutant::reference_clears;

/// The conditions of castling a mutant does not check, or checks wrongly.
#[derive(Clone, Copy)]
pub(super) struct Relax {
    /// Castling out of check.
    pub(super) in_check: bool,
    /// The squares the king crosses may be attacked.
    pub(super) crossed: bool,
    /// The king's destination may be attacked.
    pub(super) destination: bool,
    /// Only the player's own pieces block.
    pub(super) enemy_between: bool,
    /// A piece on the b-file never blocks.
    pub(super) b_square: bool,
    /// Only the squares the king crosses and lands on must be vacant (not the rook's).
    pub(super) king_path_only: bool,
    /// The squares that must be vacant are those of standard chess: f and g for O-O, b, c
    /// and d for O-O-O (the king and the castling rook aside).
    pub(super) standard_squares: bool,
    /// The king's destination is judged with the castling rook still on its square.
    pub(super) rook_stays: bool,
    /// Where the king and the rook go (given their squares).
    pub(super) to: fn(Square, Square) -> (Square, Square),
}

impl Relax {
    pub(super) const NONE: Relax = Relax {
        in_check: false,
        crossed: false,
        destination: false,
        enemy_between: false,
        b_square: false,
        king_path_only: false,
        standard_squares: false,
        rook_stays: false,
        to: crate::mutant::castle_squares,
    };
}

/// The castlings of the side to move (standard chess and Chess960 alike: the rights are the
/// position's), every condition of 3.8.2 and Guidelines II.3 checked but those relaxed.
pub(super) fn castles(pos: &Chess, relax: Relax) -> Vec<Move> {
    let us = pos.turn();
    let board = pos.board();
    let rank = us.backrank();
    let Some(king) = board.king_of(us) else {
        return Vec::new();
    };
    if king.rank() != rank || (pos.is_check() && !relax.in_check) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        let Some(rook) = pos.castles().rook(us, side) else {
            continue;
        };
        let (king_to, rook_to) = (relax.to)(king, rook);
        let king_path = attacks::between(king, king_to).with(king_to);
        let rook_path = attacks::between(rook, rook_to).with(rook_to);
        let mut vacant = if relax.standard_squares {
            let files: &[File] = if side.is_king_side() {
                &[File::F, File::G]
            } else {
                &[File::B, File::C, File::D]
            };
            files
                .iter()
                .map(|f| Square::from_coords(*f, rank))
                .collect()
        } else if relax.king_path_only {
            king_path
        } else {
            king_path | rook_path
        };
        vacant = vacant.without(king).without(rook);
        if relax.b_square {
            vacant.discard(Square::from_coords(File::B, rank));
        }
        let mut blockers = vacant & board.occupied();
        if relax.enemy_between {
            blockers &= board.by_color(us);
        }
        if blockers.any() {
            continue;
        }
        let occupied = board.occupied() ^ Bitboard::from_square(king);
        let attacked = |sq: Square, occupied: Bitboard| board.attacks_to(sq, !us, occupied).any();
        let crossed = attacks::between(king, king_to)
            .into_iter()
            .any(|sq| attacked(sq, occupied));
        let landing = if relax.rook_stays {
            occupied
        } else {
            occupied.without(rook).with(rook_to)
        };
        if (crossed && !relax.crossed) || (attacked(king_to, landing) && !relax.destination) {
            continue;
        }
        out.push(Move::Castle { king, rook });
    }
    out
}

/// Whether `m` is O-O-O with the b-square attacked.
pub(super) fn b_square_attacked(pos: &Chess, m: Move) -> bool {
    let Move::Castle { king, rook } = m else {
        return false;
    };
    let b = Square::from_coords(File::B, king.rank());
    rook < king
        && pos
            .board()
            .attacks_to(b, !pos.turn(), pos.board().occupied())
            .any()
}

/// Whether `m` castles with an attacked rook.
pub(super) fn rook_attacked(pos: &Chess, m: Move) -> bool {
    let Move::Castle { rook, .. } = m else {
        return false;
    };
    pos.board()
        .attacks_to(rook, !pos.turn(), pos.board().occupied())
        .any()
}

/// The reference's rights taken away, except by a king's move (castling still takes them).
pub(super) fn clears_unless_king_moved(before: &Chess, m: Move) -> Bitboard {
    match m {
        Move::Normal {
            role: Role::King,
            from,
            to,
            ..
        } => Bitboard::from_square(from) | Bitboard::from_square(to),
        _ => reference_clears(before, m),
    }
}

/// The reference's rights taken away, except by a rook leaving its corner.
pub(super) fn clears_unless_rook_moved(before: &Chess, m: Move) -> Bitboard {
    match m {
        // Only a capture on a corner takes that corner's right away.
        Move::Normal {
            role: Role::Rook,
            capture: Some(_),
            to,
            ..
        } => Bitboard::from_square(to),
        Move::Normal {
            role: Role::Rook, ..
        } => Bitboard::EMPTY,
        _ => reference_clears(before, m),
    }
}

/// The reference's rights taken away, except by a capture on the rook's corner.
pub(super) fn clears_unless_captured(before: &Chess, m: Move) -> Bitboard {
    let cleared = reference_clears(before, m);
    if m.is_capture() {
        cleared & !Bitboard::from_square(m.to())
    } else {
        cleared
    }
}
