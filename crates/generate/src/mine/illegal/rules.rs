//! Why a move is illegal: the rule of Article 3 it breaks, named by a careful reader of the move.

use std::ops::ControlFlow::{self, Break, Continue};

use shakmaty::attacks;
use shakmaty::{Bitboard, Board, Chess, Color, Position, Rank, Role, Square};

use super::{Why, first_between, name_at, why};
use crate::mine::{role_name, side_name};
use chess_conformance::replay;

/// The board after moving the piece on `from` to `to` (capturing what stands there, and the
/// pawn taken en passant when `ep` is given), ignoring every rule.
fn moved(board: &Board, from: Square, to: Square, ep: Option<Square>) -> Board {
    let mut after = board.clone();
    let piece = after.remove_piece_at(from);
    if let Some(taken) = ep {
        after.discard_piece_at(taken);
    }
    if let Some(piece) = piece {
        after.set_piece_at(to, piece);
    }
    after
}

/// The first enemy piece that would attack `us`'s king after the move, if any.
fn exposed(pos: &Chess, from: Square, to: Square, ep: Option<Square>) -> Option<Square> {
    let us = pos.turn();
    let after = moved(pos.board(), from, to, ep);
    let king = after.king_of(us)?;
    after
        .attacks_to(king, !us, after.occupied())
        .into_iter()
        .next()
}

/// Why a move that obeys the pieces' geometry is still illegal: it leaves the king attacked
/// (3.9.2: no piece can be moved that exposes its own king to check or leaves it in check).
fn leaves_king_attacked(pos: &Chess, from: Square, to: Square, ep: Option<Square>) -> Option<Why> {
    let board = pos.board();
    let attacker = exposed(pos, from, to, ep)?;
    let by = name_at(board, attacker);
    let role = board.piece_at(from)?.role;
    if role == Role::King {
        return why(
            "king-into-check",
            "3.9.2",
            "a king may not move into check",
            Some(format!("{to} is attacked by {by}")),
        );
    }
    if pos.is_check() {
        return why(
            "check-not-answered",
            "3.9.2",
            "a move must get the king out of check",
            Some(format!("the king would still be attacked by {by}")),
        );
    }
    if ep.is_some() {
        return why(
            "en-passant-pinned",
            "3.9.2",
            "no move may expose one's own king to check, en passant included",
            Some(format!(
                "both pawns leave their squares, exposing the king to {by}"
            )),
        );
    }
    why(
        "pinned",
        "3.9.2",
        "no piece may move so as to expose its own king to check",
        Some(format!("pinned by {by}")),
    )
}

/// What a careful reader of Article 3 says of the move `from`-`to` (with the promotion letter
/// `promo`), when it is illegal and breaks exactly one rule the miner can name. `None` when it is
/// legal, or when its illegality is not a single clear reason (castling, handled apart).
pub(super) fn classify(pos: &Chess, from: Square, to: Square, promo: Option<char>) -> Option<Why> {
    let board = pos.board();
    let us = pos.turn();
    let piece = board.piece_at(from).filter(|p| p.color == us)?;
    let uci = format!("{from}{to}{}", promo.map(String::from).unwrap_or_default());
    if replay::parse_uci(pos, &uci).is_ok() {
        return None;
    }
    let last = to.rank() == (!us).backrank();
    if piece.role != Role::Pawn || !last {
        // Promotion letters belong to pawn moves onto the last rank only: not a rule of play.
        if promo.is_some() {
            return None;
        }
    }
    match piece.role {
        // With a promotion letter, only the promotion itself may be what is wrong.
        Role::Pawn => {
            pawn(pos, from, to, promo).filter(|w| promo.is_none() || w.pattern == "promotion")
        }
        Role::King => {
            if !attacks::king_attacks(from).contains(to) {
                if from.rank() == to.rank() && from.file().distance(to.file()) == 2 {
                    return None; // a castling attempt: the castling patterns cover it
                }
                return why(
                    "geometry",
                    "3.8.1",
                    "a king moves to an adjoining square only (castling apart)",
                    None,
                );
            }
            if board.piece_at(to) == Some(us.rook()) && from.rank() == us.backrank() {
                return None; // the king taking its own rook is castling in some notations
            }
            own_piece(board, us, to).or_else(|| leaves_king_attacked(pos, from, to, None))
        }
        _ => {
            let empty_reach = attacks::attacks(from, piece, Bitboard::EMPTY);
            if !empty_reach.contains(to) {
                let (article, shape) = match piece.role {
                    Role::Knight => (
                        "3.6",
                        "a knight moves to a nearest square not on its rank, file or diagonal",
                    ),
                    Role::Bishop => ("3.2", "a bishop moves along a diagonal"),
                    Role::Rook => ("3.3", "a rook moves along a file or a rank"),
                    _ => ("3.4", "a queen moves along a file, a rank or a diagonal"),
                };
                return why("geometry", article, shape, None);
            }
            if !board.attacks_from(from).contains(to) {
                let over = first_between(board, from, to)?;
                return why(
                    "jump",
                    "3.5",
                    "a bishop, rook or queen may not move over any intervening piece",
                    Some(format!("over {}", name_at(board, over))),
                );
            }
            own_piece(board, us, to).or_else(|| leaves_king_attacked(pos, from, to, None))
        }
    }
}

/// A move onto a square held by a piece of one's own colour (3.1.1).
fn own_piece(board: &Board, us: Color, to: Square) -> Option<Why> {
    let own = board.piece_at(to).filter(|p| p.color == us)?;
    why(
        "own-piece",
        "3.1.1",
        "no piece moves to a square occupied by a piece of its own colour",
        Some(format!(
            "{to} holds {}'s own {}",
            side_name(us),
            role_name(own.role)
        )),
    )
}

/// The pawn's rules (3.7): forward only, straight onto an empty square, diagonally only to
/// capture, two squares only from its starting square and over an empty one, and promotion.
fn pawn(pos: &Chess, from: Square, to: Square, promo: Option<char>) -> Option<Why> {
    let us = pos.turn();
    let forward: i32 = if us == Color::White { 1 } else { -1 };
    let dr = (to.rank().to_u32() as i32 - from.rank().to_u32() as i32) * forward;
    let df = from.file().distance(to.file());
    if dr <= 0 {
        return why(
            "pawn-rules",
            "3.7.1",
            "a pawn moves forward only, never back or sideways",
            None,
        );
    }
    let broken = match (df, dr) {
        (0, 1) => pawn_step(pos, to),
        (0, 2) => pawn_double_step(pos, from, to),
        (1, 1) => pawn_diagonal(pos, from, to),
        _ => Break(why(
            "geometry",
            "3.7",
            "a pawn advances one square (two from its starting square) or captures one \
             square diagonally forward",
            None,
        )),
    };
    if let Break(w) = broken {
        return w;
    }
    if to.rank() == (!us).backrank() {
        return promotion_piece(pos, from, to, promo);
    }
    leaves_king_attacked(pos, from, to, None)
}

/// A step straight ahead (3.7.1): onto an unoccupied square only. `Continue` when it obeys
/// the rule.
fn pawn_step(pos: &Chess, to: Square) -> ControlFlow<Option<Why>> {
    let board = pos.board();
    if let Some(w) = own_piece(board, pos.turn(), to) {
        return Break(Some(w));
    }
    if let Some(p) = board.piece_at(to) {
        return Break(why(
            "pawn-rules",
            "3.7.1",
            "a pawn moves straight ahead only to an unoccupied square; it captures \
             diagonally",
            Some(format!("the {} on {to} is in the way", role_name(p.role))),
        ));
    }
    Continue(())
}

/// A double step (3.7.2): from the starting square only, over and onto unoccupied squares.
/// `Continue` when it obeys the rule.
fn pawn_double_step(pos: &Chess, from: Square, to: Square) -> ControlFlow<Option<Why>> {
    let board = pos.board();
    let us = pos.turn();
    if from.rank() != us.relative_rank(Rank::Second) {
        return Break(why(
            "pawn-rules",
            "3.7.2",
            "only a pawn on its starting square may advance two squares",
            None,
        ));
    }
    if let Some(over) = first_between(board, from, to) {
        return Break(why(
            "jump",
            "3.7.2",
            "a pawn advances two squares only when both are unoccupied",
            Some(format!("over {}", name_at(board, over))),
        ));
    }
    if let Some(w) = own_piece(board, us, to) {
        return Break(Some(w));
    }
    if let Some(p) = board.piece_at(to) {
        return Break(why(
            "pawn-rules",
            "3.7.2",
            "a pawn advances two squares only when both are unoccupied",
            Some(format!("the {} on {to} is in the way", role_name(p.role))),
        ));
    }
    Continue(())
}

/// A diagonal step (3.7.3): a capture only, en passant included (then judged for the king's
/// safety at once). `Continue` when it is an ordinary capture.
fn pawn_diagonal(pos: &Chess, from: Square, to: Square) -> ControlFlow<Option<Why>> {
    let board = pos.board();
    if let Some(w) = own_piece(board, pos.turn(), to) {
        return Break(Some(w));
    }
    if board.piece_at(to).is_some() {
        return Continue(());
    }
    if Some(to) == pos.ep_square(shakmaty::EnPassantMode::Always) {
        let taken = Square::from_coords(to.file(), from.rank());
        return Break(leaves_king_attacked(pos, from, to, Some(taken)));
    }
    Break(why(
        "pawn-rules",
        "3.7.3",
        "a pawn moves diagonally only to capture",
        Some(format!(
            "{to} is empty and no en passant capture is possible"
        )),
    ))
}

/// A pawn move onto the last rank that would be legal with a queen (3.7.3.3): only the new
/// piece (none, or a king) can be wrong. `None` when it is not.
fn promotion_piece(pos: &Chess, from: Square, to: Square, promo: Option<char>) -> Option<Why> {
    let with_queen = format!("{from}{to}q");
    if replay::parse_uci(pos, &with_queen).is_err() {
        return None;
    }
    let rule = "a pawn reaching the last rank must be exchanged, as part of the move, for a \
                queen, rook, bishop or knight";
    match promo {
        None => why(
            "promotion",
            "3.7.3.3",
            rule,
            Some("no new piece is named".into()),
        ),
        Some('k') => why(
            "promotion",
            "3.7.3.3",
            rule,
            Some("a king is not one of them".into()),
        ),
        Some(_) => None,
    }
}
