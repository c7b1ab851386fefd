//! En passant (3.7.3): captures a move late, by other pieces, or exposing the king.

use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Rank, Role, Square, attacks};

use super::add;
use crate::mutant::Pos;

/// Whether the side to move's king is safe after `m`.
pub(super) fn safe_after(pos: &Chess, m: Move) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(m);
    let board = after.board();
    board
        .king_of(us)
        .is_some_and(|k| board.attacks_to(k, !us, board.occupied()).is_empty())
}

/// The en passant captures of a double step played two plies ago, if its pawn still stands
/// there.
pub(super) fn ep_one_move_late(pos: &Pos, list: &mut Vec<Move>) {
    let Some(target) = pos.prev2_ep else {
        return;
    };
    let chess = &pos.chess;
    let us = chess.turn();
    // The pawn passed `target` going towards the side to move.
    let pawn_rank = if target.rank() == Rank::Sixth {
        Rank::Fifth
    } else {
        Rank::Fourth
    };
    if (us == Color::White) != (target.rank() == Rank::Sixth) {
        return;
    }
    let pawn = Square::from_coords(target.file(), pawn_rank);
    let board = chess.board();
    if board.piece_at(pawn) != Some((!us).pawn()) || board.occupied().contains(target) {
        return;
    }
    let capturers = attacks::pawn_attacks(!us, target) & board.by_piece(us.pawn());
    let late: Vec<Move> = capturers
        .into_iter()
        .map(|from| Move::EnPassant { from, to: target })
        .filter(|m| safe_after(chess, *m))
        .collect();
    add(list, late);
}

/// For a piece other than a pawn moving to the en passant square, the pawn that passed it.
pub(super) fn ep_by_any_piece(pos: &Chess, m: Move) -> Option<Square> {
    let target = pos.ep_square(EnPassantMode::Always)?;
    match m {
        Move::Normal {
            role,
            to,
            capture: None,
            ..
        } if role != Role::Pawn && to == target => {
            let rank = if target.rank() == Rank::Sixth {
                Rank::Fifth
            } else {
                Rank::Fourth
            };
            Some(Square::from_coords(target.file(), rank))
        }
        _ => None,
    }
}

/// The en passant captures that are illegal only because they expose the king along its rank
/// (`horizontal`) or along a diagonal (otherwise), not in check.
pub(super) fn ep_exposing(pos: &Chess, horizontal: bool) -> Vec<Move> {
    let Some(target) = pos.ep_square(EnPassantMode::Always) else {
        return Vec::new();
    };
    if pos.is_check() {
        return Vec::new();
    }
    let us = pos.turn();
    let board = pos.board();
    let Some(king) = board.king_of(us) else {
        return Vec::new();
    };
    let capturers = attacks::pawn_attacks(!us, target) & board.by_piece(us.pawn());
    capturers
        .into_iter()
        .map(|from| Move::EnPassant { from, to: target })
        .filter(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            let b = after.board();
            let attackers = b.attacks_to(king, !us, b.occupied());
            attackers.any()
                && attackers.into_iter().all(|a| {
                    let on_rank = a.rank() == king.rank();
                    let diagonal = a.rank() != king.rank() && a.file() != king.file();
                    if horizontal { on_rank } else { diagonal }
                })
        })
        .collect()
}
