//! SAN (Appendix C): disambiguations written wrongly.

use shakmaty::san::San;
use shakmaty::{Move, Role};

use super::add;
use super::check::piece_moves;
use crate::mutant::Pos;

/// Which disambiguation a SAN mutant writes wrongly.
#[derive(Clone, Copy)]
pub(super) enum Which {
    FileToRank,
    RankToFile,
    BothToFile,
}

/// A SAN with its disambiguation replaced.
pub(super) fn swap_disambiguation(san: San, m: Move, which: Which) -> San {
    let (
        San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        },
        Some(from),
    ) = (san, m.from())
    else {
        return san;
    };
    if role == Role::Pawn {
        return san;
    }
    let (file, rank) = match (which, file, rank) {
        (Which::FileToRank, Some(_), None) => (None, Some(from.rank())),
        (Which::RankToFile, None, Some(_)) => (Some(from.file()), None),
        (Which::BothToFile, Some(f), Some(_)) => (Some(f), None),
        _ => (file, rank),
    };
    San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    }
}

/// The rivals of a move for SAN, pinned pieces of the same kind that could reach its square
/// counted too.
pub(super) fn rivals_with_pinned(pos: &Pos, m: Move, legal: &[Move]) -> Vec<Move> {
    let mut rivals = crate::mutant::same_piece_same_square(pos, m, legal);
    if m.role() != Role::Pawn && m.role() != Role::King && !m.is_castle() {
        let pseudo: Vec<Move> = piece_moves(&pos.chess)
            .into_iter()
            .filter(|o| o.role() == m.role() && o.to() == m.to())
            .collect();
        add(&mut rivals, pseudo);
    }
    rivals
}
