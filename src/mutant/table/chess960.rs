//! Chess960 (FIDE Guidelines II): castling from any start misplayed, its rights misread or
//! mislaid, its SAN miswritten.

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Position, Role, Setup, Square};

use super::castling::{Relax, castles};
use crate::mutant::{Pos, castle_squares, reference_clears, reference_validate};
use crate::vocabulary::{FenCheck, Variant};

/// The reference's castlings replaced by those `relax` allows.
pub(super) fn castles_instead(pos: &Pos, list: &mut Vec<Move>, relax: Relax) {
    list.retain(|m| !m.is_castle());
    list.extend(castles(&pos.chess, relax));
}

/// Whether `m` is a castling whose king already stands on its destination (g1/c1).
pub(super) fn king_in_place(m: &Move) -> bool {
    matches!(*m, Move::Castle { king, rook } if castle_squares(king, rook).0 == king)
}

/// Whether `m` is a castling whose rook already stands on its destination (f1/d1).
pub(super) fn rook_in_place(m: &Move) -> bool {
    matches!(*m, Move::Castle { king, rook } if castle_squares(king, rook).1 == rook)
}

/// The FEN's castling field, as written.
fn castling_field(fen: &str) -> Option<&str> {
    fen.split_whitespace().nth(2)
}

/// The castling rights of `field` on `board`, K and Q read as the rook on the h- and a-file
/// corner (none if no rook of that colour stands there), a file letter as the rook on that
/// file.
fn corner_rights(field: &str, board: &Board) -> Bitboard {
    let mut rights = Bitboard::EMPTY;
    for ch in field.chars().filter(|c| *c != '-') {
        let color = Color::from_white(ch.is_ascii_uppercase());
        let file = match ch.to_ascii_lowercase() {
            'k' => File::H,
            'q' => File::A,
            letter => match File::from_char(letter) {
                Some(file) => file,
                None => continue,
            },
        };
        let square = Square::from_coords(file, color.backrank());
        if board.piece_at(square) == Some(color.rook()) || !matches!(ch, 'K' | 'Q' | 'k' | 'q') {
            rights.add(square);
        }
    }
    rights
}

/// The FEN read with K and Q as the corner rooks (see [`corner_rights`]).
pub(super) fn read_corners(fen: &str, setup: &mut Setup) {
    if let Some(field) = castling_field(fen) {
        setup.castling_rights = corner_rights(field, &setup.board);
    }
}

/// The reference's check, but a K or Q with no rook of its colour on the corner refused.
pub(super) fn validate_corners(fen: &str, variant: Variant) -> FenCheck {
    if let (Some(field), Ok(parsed)) = (castling_field(fen), Fen::from_ascii(fen.as_bytes())) {
        let board = &parsed.as_setup().board;
        for ch in field.chars().filter(|c| matches!(c, 'K' | 'Q' | 'k' | 'q')) {
            let color = Color::from_white(ch.is_ascii_uppercase());
            let file = if ch.eq_ignore_ascii_case(&'k') {
                File::H
            } else {
                File::A
            };
            let corner = Square::from_coords(file, color.backrank());
            if board.piece_at(corner) != Some(color.rook()) {
                return FenCheck::Rejected(format!(
                    "castling right {ch}: no {color} rook on {corner}"
                ));
            }
        }
    }
    reference_validate(fen, variant)
}

/// The FEN with the file letters of its castling field struck out (K, Q, k and q kept).
fn without_letters(fen: &str) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    if let Some(field) = fields.get_mut(2) {
        let kept: String = field
            .chars()
            .filter(|c| matches!(c, 'K' | 'Q' | 'k' | 'q'))
            .collect();
        *field = if kept.is_empty() { "-".into() } else { kept };
    }
    fields.join(" ")
}

/// The FEN read with its castling field's file letters ignored.
pub(super) fn read_without_letters(fen: &str, setup: &mut Setup) {
    if let Ok(parsed) = Fen::from_ascii(without_letters(fen).as_bytes()) {
        setup.castling_rights = parsed.as_setup().castling_rights;
    }
}

/// The reference's check of the FEN with its castling field's file letters ignored.
pub(super) fn validate_without_letters(fen: &str, variant: Variant) -> FenCheck {
    reference_validate(&without_letters(fen), variant)
}

/// The squares of `square`'s rank on its side of `king` (its wing).
fn wing(king: Square, square: Square) -> Bitboard {
    Bitboard::from_rank(square.rank())
        .into_iter()
        .filter(|s| (*s < king) == (square < king) && *s != king)
        .collect()
}

/// The reference's rights taken away, and the whole wing's right with them when any rook of
/// that wing leaves the back rank square it stands on or is taken there.
pub(super) fn clears_whole_wing(before: &Chess, m: Move) -> Bitboard {
    let mut cleared = reference_clears(before, m);
    let us = before.turn();
    let board = before.board();
    if let Move::Normal {
        role: Role::Rook,
        from,
        ..
    } = m
        && from.rank() == us.backrank()
        && let Some(king) = board.king_of(us)
        && king.rank() == from.rank()
    {
        cleared |= wing(king, from);
    }
    if m.capture() == Some(Role::Rook)
        && m.to().rank() == (!us).backrank()
        && let Some(king) = board.king_of(!us)
        && king.rank() == m.to().rank()
    {
        cleared |= wing(king, m.to());
    }
    cleared
}

/// The reference's rights taken away, but a rook captured on its square keeps the right for
/// [`passed_on`] to hand over.
pub(super) fn clears_unless_rook_captured(before: &Chess, m: Move) -> Bitboard {
    let cleared = reference_clears(before, m);
    if m.capture() == Some(Role::Rook) {
        cleared & !Bitboard::from_square(m.to())
    } else {
        cleared
    }
}

/// The right of a rook captured on its square handed to the outermost rook left on its wing
/// (none left: the right is gone).
pub(super) fn passed_on(before: &Chess, m: Move, after: &Board, rights: Bitboard) -> Bitboard {
    let to = m.to();
    if m.capture() != Some(Role::Rook) || !rights.contains(to) {
        return rights;
    }
    let them = !before.turn();
    let rights = rights.without(to);
    let Some(king) = after.king_of(them).filter(|k| k.rank() == to.rank()) else {
        return rights;
    };
    let heirs = after.by_piece(them.rook()) & wing(king, to);
    let heir = if to < king {
        heirs.first()
    } else {
        heirs.last()
    };
    heir.map_or(rights, |h| rights.with(h))
}

/// A castling's SAN written as O-O or O-O-O only when the king moves two squares (as in
/// standard chess); otherwise as the king's move to its destination (Kg1, Kc1).
pub(super) fn castling_as_king_move(san: San, suffix: Option<Suffix>, m: Move) -> String {
    if let Move::Castle { king, rook } = m {
        let king_to = castle_squares(king, rook).0;
        if king.file().distance(king_to.file()) != 2 {
            let sign = match suffix {
                Some(Suffix::Check) => "+",
                Some(Suffix::Checkmate) => "#",
                None => "",
            };
            return format!("K{king_to}{sign}");
        }
    }
    SanPlus { san, suffix }.to_string()
}
