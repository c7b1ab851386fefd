//! Check and pins (3.9): moves a mutant allows in check or through a pin.

use shakmaty::{Bitboard, Chess, Move, Position, Role, attacks};

use super::add;
use crate::mutant::Pos;

/// Pseudo-legal moves of the side to move's pieces other than king and pawns.
pub(super) fn piece_moves(pos: &Chess) -> Vec<Move> {
    let us = pos.turn();
    let board = pos.board();
    let mut out = Vec::new();
    let pieces = board.by_color(us) & !board.kings() & !board.pawns();
    for from in pieces {
        let Some(piece) = board.piece_at(from) else {
            continue;
        };
        for to in board.attacks_from(from) & !board.by_color(us) & !board.kings() {
            out.push(Move::Normal {
                role: piece.role,
                from,
                capture: board.role_at(to),
                to,
                promotion: None,
            });
        }
    }
    out
}

/// King moves the side to move would have if the king did not hide the squares behind it.
pub(super) fn king_retreats_along_check(pos: &Pos, list: &mut Vec<Move>) {
    let chess = &pos.chess;
    if !chess.is_check() {
        return;
    }
    let us = chess.turn();
    let board = chess.board();
    let Some(king) = board.king_of(us) else {
        return;
    };
    let extra: Vec<Move> = (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .filter(|to| board.attacks_to(*to, !us, board.occupied()).is_empty())
        .map(|to| Move::Normal {
            role: Role::King,
            from: king,
            capture: board.role_at(to),
            to,
            promotion: None,
        })
        .collect();
    add(list, extra);
}

/// In double check, piece moves that leave one checker only.
pub(super) fn double_check_parried_once(pos: &Pos, list: &mut Vec<Move>) {
    let chess = &pos.chess;
    if chess.checkers().count() != 2 {
        return;
    }
    let us = chess.turn();
    let extra: Vec<Move> = piece_moves(chess)
        .into_iter()
        .filter(|m| {
            let mut after = chess.clone();
            after.play_unchecked(*m);
            let b = after.board();
            b.king_of(us)
                .is_some_and(|k| b.attacks_to(k, !us, b.occupied()).count() == 1)
        })
        .collect();
    add(list, extra);
}

/// Not in check, every piece move (pinned pieces too).
pub(super) fn pins_ignored(pos: &Pos, list: &mut Vec<Move>) {
    if pos.chess.is_check() {
        return;
    }
    add(list, piece_moves(&pos.chess));
}

/// King moves onto squares only the other king attacks.
pub(super) fn kings_may_touch(pos: &Pos, list: &mut Vec<Move>) {
    let chess = &pos.chess;
    let us = chess.turn();
    let board = chess.board();
    let (Some(king), Some(theirs)) = (board.king_of(us), board.king_of(!us)) else {
        return;
    };
    let occupied = board.occupied() ^ Bitboard::from_square(king);
    let extra: Vec<Move> = (attacks::king_attacks(king) & !board.by_color(us))
        .into_iter()
        .filter(|to| board.attacks_to(*to, !us, occupied) == Bitboard::from_square(theirs))
        .map(|to| Move::Normal {
            role: Role::King,
            from: king,
            capture: board.role_at(to),
            to,
            promotion: None,
        })
        .collect();
    add(list, extra);
}
