//! Promotion (3.7.5): the pieces a pawn may become, and its SAN.

use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{Move, Role};

use super::add;

/// Adds, for each promotion to a queen, the same move promoting to `role` (or not promoting).
pub(super) fn add_promotions(list: &mut Vec<Move>, role: Option<Role>) {
    let extra: Vec<Move> = list
        .iter()
        .filter_map(|m| match *m {
            Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: Some(Role::Queen),
            } => Some(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to,
                promotion: role,
            }),
            _ => None,
        })
        .collect();
    add(list, extra);
}

/// A promotion's SAN without its check or mate sign: the writer looks for checks before the
/// new piece is on the board (a check the promotion discovers is lost with it).
pub(super) fn promotion_without_check(san: San, suffix: Option<Suffix>, m: Move) -> String {
    let suffix = if m.is_promotion() { None } else { suffix };
    SanPlus { san, suffix }.to_string()
}
