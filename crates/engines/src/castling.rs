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

/// A castling spelling: the king taking its rook, or the king's destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spelling {
    KingTakesRook,
    KingDestination,
}

impl Spelling {
    /// The suite's spelling in `variant`: the destination in standard chess, the king taking
    /// its rook in Chess960.
    pub(crate) fn suite(variant: Variant) -> Spelling {
        match variant {
            Variant::Standard => Spelling::KingDestination,
            Variant::Chess960 => Spelling::KingTakesRook,
        }
    }
}

/// The conversion of one question's moves between the suite's spelling and the engine's, on
/// the positions of its game.
pub(crate) struct Conversion {
    engine: Spelling,
    /// The position before each history move, then the one reached.
    positions: Vec<Chess>,
}

/// The castling of `side` in `pos` spelled as the king's destination is ambiguous or impossible:
/// the king does not move, or moves one square onto a square its castling rook does not hold
/// (`f1g1` is then also a king move).
fn destination_ambiguous(pos: &Chess, side: CastlingSide, rook: Square) -> Option<String> {
    let us = pos.turn();
    let king = pos.board().king_of(us)?;
    let to = side.king_to(us);
    if king == to {
        Some(format!(
            "the king on {king} castles without moving: the king's-destination spelling of \
             this castling would be `{king}{to}`"
        ))
    } else if king.distance(to) == 1 && to != rook {
        Some(format!(
            "the king on {king} castles one square to {to}: the king's-destination spelling \
             `{king}{to}` is also the king's move to {to}"
        ))
    } else {
        None
    }
}

impl Conversion {
    /// The conversion for a game of `variant` from `fen` with `moves` (the suite's spelling) to
    /// an engine speaking `engine`; `None` when both spell castling alike. `Err` with the reason
    /// when the engine's spelling cannot say a castling of the game unambiguously (the
    /// king's destination in Chess960, where the king moves one square or none), or when the
    /// history cannot be replayed to find which moves castle.
    pub(crate) fn new(
        engine: Spelling,
        variant: Variant,
        fen: &str,
        moves: &[String],
    ) -> Result<Option<Conversion>, String> {
        if engine == Spelling::suite(variant) {
            return Ok(None);
        }
        let positions = positions(variant, fen, moves);
        if positions.len() != moves.len() + 1 {
            return Err(
                "the history cannot be replayed to convert its castling moves to the engine's \
                 spelling"
                    .into(),
            );
        }
        let conversion = Conversion { engine, positions };
        if engine == Spelling::KingDestination {
            // Chess960: every castling played, and every castling right of the position reached.
            for (pos, m) in conversion.positions.iter().zip(moves) {
                if let Some(side) = king_takes_rook(pos, m)
                    && let Some(why) = destination_ambiguous(pos, side, squares(m).unwrap().1)
                {
                    return Err(format!("`{m}` of the history: {why}"));
                }
            }
            let reached = conversion.reached();
            for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if let Some(rook) = reached.castles().rook(reached.turn(), side)
                    && let Some(why) = destination_ambiguous(reached, side, rook)
                {
                    return Err(format!("in the position reached, {why}"));
                }
            }
        }
        Ok(Some(conversion))
    }

    fn reached(&self) -> &Chess {
        self.positions.last().expect("the start at least")
    }

    /// The history in the engine's spelling.
    pub(crate) fn history(&self, moves: &[String]) -> Vec<String> {
        self.positions
            .iter()
            .zip(moves)
            .map(|(pos, m)| self.to_engine(pos, m).unwrap_or_else(|_| m.clone()))
            .collect()
    }

    /// A move to play in the position reached, in the engine's spelling; `Err` when the
    /// engine's spelling has no word for it (the suite's other spelling of castling, which the
    /// suite means as no move, would be read by the engine as castling).
    pub(crate) fn move_to_engine(&self, m: &str) -> Result<String, String> {
        self.to_engine(self.reached(), m)
    }

    fn to_engine(&self, pos: &Chess, m: &str) -> Result<String, String> {
        match self.engine {
            // Standard chess to an engine writing the king taking its rook.
            Spelling::KingTakesRook => {
                if king_takes_rook(pos, m).is_some() {
                    return Err(format!(
                        "`{m}` (the king onto its own rook) would be castling in the engine's \
                         spelling (king-takes-rook)"
                    ));
                }
                Ok(match king_destination(pos, m) {
                    Some(side) if is_castling_step(m) => {
                        castling_move(pos, side).unwrap_or_else(|| m.to_owned())
                    }
                    _ => m.to_owned(),
                })
            }
            // Chess960 to an engine writing the king's destination.
            Spelling::KingDestination => {
                if let Some(side) = king_takes_rook(pos, m) {
                    if let Some(why) = destination_ambiguous(pos, side, squares(m).unwrap().1) {
                        return Err(why);
                    }
                    return Ok(destination_move(pos, side).unwrap_or_else(|| m.to_owned()));
                }
                match king_destination(pos, m) {
                    Some(_) if is_castling_step(m) => Err(format!(
                        "`{m}` (the king two or more squares to its castling square) would be \
                         castling in the engine's spelling (king-destination)"
                    )),
                    _ => Ok(m.to_owned()),
                }
            }
        }
    }

    /// A move of the engine's answer about the position reached, in the suite's spelling.
    pub(crate) fn move_from_engine(&self, m: &str) -> String {
        let pos = self.reached();
        match self.engine {
            Spelling::KingTakesRook => match king_takes_rook(pos, m) {
                Some(side) => destination_move(pos, side).unwrap_or_else(|| m.to_owned()),
                None => m.to_owned(),
            },
            Spelling::KingDestination => match king_destination(pos, m) {
                Some(side) => castling_move(pos, side).unwrap_or_else(|| m.to_owned()),
                None => m.to_owned(),
            },
        }
    }
}

/// Whether `m`, a king move to its castling square, is no plain king move: two squares or more.
fn is_castling_step(m: &str) -> bool {
    squares(m).is_some_and(|(from, to)| from.distance(to) >= 2)
}
