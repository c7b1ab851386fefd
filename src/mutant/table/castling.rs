//! Castling (3.8.2): the conditions a castling mutant relaxes, the rights it keeps.

use shakmaty::{Bitboard, CastlingSide, Chess, File, Move, Position, Role, Square, attacks};

use crate::mutant::reference_clears;

/// The conditions of castling a mutant does not check.
#[derive(Clone, Copy)]
pub(super) struct Relax {
    pub(super) in_check: bool,
    pub(super) crossed: bool,
    pub(super) destination: bool,
    pub(super) enemy_between: bool,
    pub(super) b_square: bool,
}

impl Relax {
    pub(super) const NONE: Relax = Relax {
        in_check: false,
        crossed: false,
        destination: false,
        enemy_between: false,
        b_square: false,
    };
}

/// The castlings of the side to move, every condition checked but those relaxed.
pub(super) fn castles(pos: &Chess, relax: Relax) -> Vec<Move> {
    let us = pos.turn();
    let board = pos.board();
    let rank = us.backrank();
    let Some(king) = board.king_of(us) else {
        return Vec::new();
    };
    if king != Square::from_coords(File::E, rank) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        let Some(rook) = pos.castles().rook(us, side) else {
            continue;
        };
        let mut blockers = attacks::between(king, rook) & board.occupied();
        if relax.b_square {
            blockers.discard(Square::from_coords(File::B, rank));
        }
        if relax.enemy_between {
            blockers &= board.by_color(us);
        }
        if blockers.any() || (pos.is_check() && !relax.in_check) {
            continue;
        }
        let occupied = board.occupied() ^ Bitboard::from_square(king);
        let attacked = |sq: Square| board.attacks_to(sq, !us, occupied).any();
        let crossed = Square::from_coords(
            if side.is_king_side() {
                File::F
            } else {
                File::D
            },
            rank,
        );
        let destination = Square::from_coords(side.king_to_file(), rank);
        if (attacked(crossed) && !relax.crossed) || (attacked(destination) && !relax.destination) {
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
