//! Castling spelled otherwise than the suite spells it, converted with the position in hand
//! (the core's replay, on shakmaty): the king's destination (`e1g1`, standard chess's UCI), the
//! king taking its rook (`e1h1`, the suite's Chess960 spelling) and xboard's `O-O` / `O-O-O`.
//! A conversion reads the board only (which piece stands where, which rooks keep their rights):
//! it never judges a move legal, so an illegal castling stays a castling for the engine to refuse.

use chess_conformance::Variant;
use chess_conformance::replay::{Replay, parse_fen_lenient_in};
use shakmaty::{CastlingSide, Chess, Position, Role, Square, uci::UciMove};

/// The position `moves` (the suite's spelling of `variant`) reach from `fen`, or `None` when the
/// history cannot be replayed (the engine is then sent the moves as written).
pub(crate) fn reached(variant: Variant, fen: &str, moves: &[String]) -> Option<Chess> {
    match Replay::in_variant(variant, fen, moves) {
        Ok(replay) => Some(replay.position),
        Err(_) if moves.is_empty() => parse_fen_lenient_in(fen, variant).ok(),
        Err(_) => None,
    }
}

/// The positions before each of `moves`, then the one after the last, as far as the replay
/// goes: `positions[i]` is the position `moves[i]` is played in.
pub(crate) fn positions(variant: Variant, fen: &str, moves: &[String]) -> Vec<Chess> {
    let Ok(mut pos) = parse_fen_lenient_in(fen, variant) else {
        return Vec::new();
    };
    let mut all = vec![pos.clone()];
    for m in moves {
        let Ok(parsed) = chess_conformance::replay::parse_uci(&pos, m) else {
            break;
        };
        pos.play_unchecked(parsed);
        all.push(pos.clone());
    }
    all
}

/// The side of a castling written as the king taking its own rook (`f1h1`) in `pos`: the side to
/// move's king on the from square, one of its rooks on the to square, on its first rank.
pub(crate) fn king_takes_rook(pos: &Chess, uci: &str) -> Option<CastlingSide> {
    let (from, to) = squares(uci)?;
    let board = pos.board();
    let us = pos.turn();
    let king = board.piece_at(from)?;
    let rook = board.piece_at(to)?;
    (king.role == Role::King
        && king.color == us
        && rook.role == Role::Rook
        && rook.color == us
        && from.rank() == to.rank())
    .then(|| {
        if to.file() > from.file() {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    })
}

/// The suite's king-takes-rook castling of `side` for the side to move in `pos`: its king's
/// square and the rook that keeps the right on that side; `None` without that right.
pub(crate) fn castling_move(pos: &Chess, side: CastlingSide) -> Option<String> {
    let us = pos.turn();
    let king = pos.board().king_of(us)?;
    let rook = pos.castles().rook(us, side)?;
    Some(format!("{king}{rook}"))
}

/// `e1g1` / `e1c1` read as the king's destination: the side, when the side to move's king
/// stands on `from` and `to` is its castling destination (g or c file of its first rank) with a
/// right kept on that side.
pub(crate) fn king_destination(pos: &Chess, uci: &str) -> Option<CastlingSide> {
    let (from, to) = squares(uci)?;
    let us = pos.turn();
    if pos.board().king_of(us) != Some(from) {
        return None;
    }
    [CastlingSide::KingSide, CastlingSide::QueenSide]
        .into_iter()
        .find(|&side| {
            side.king_to(us) == to
                && from.rank() == to.rank()
                && pos.castles().rook(us, side).is_some()
        })
}

/// The king's destination spelling of the castling of `side` in `pos` (`e1g1`).
pub(crate) fn destination_move(pos: &Chess, side: CastlingSide) -> Option<String> {
    let us = pos.turn();
    let king = pos.board().king_of(us)?;
    Some(format!("{king}{}", side.king_to(us)))
}

/// The from and to squares of a UCI move.
fn squares(uci: &str) -> Option<(Square, Square)> {
    match UciMove::from_ascii(uci.as_bytes()).ok()? {
        UciMove::Normal { from, to, .. } => Some((from, to)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        parse_fen_lenient_in(fen, Variant::Chess960).unwrap()
    }

    #[test]
    fn king_takes_rook_and_the_destination_both_ways() {
        let p = pos("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1");
        assert_eq!(king_takes_rook(&p, "b1h1"), Some(CastlingSide::KingSide));
        assert_eq!(king_takes_rook(&p, "b1a1"), Some(CastlingSide::QueenSide));
        assert_eq!(king_takes_rook(&p, "b1c1"), None);
        assert_eq!(
            castling_move(&p, CastlingSide::KingSide).as_deref(),
            Some("b1h1")
        );
        assert_eq!(
            destination_move(&p, CastlingSide::QueenSide).as_deref(),
            Some("b1c1")
        );
        // b1c1 is also a king step: read as castling only by the caller's choice.
        assert_eq!(king_destination(&p, "b1c1"), Some(CastlingSide::QueenSide));
        assert_eq!(king_destination(&p, "b1g1"), Some(CastlingSide::KingSide));
        assert_eq!(king_destination(&p, "b1b2"), None);
    }
}
