//! Touch-move (Article 4): a clause read the other way, or the events misworded.

use shakmaty::{Chess, Position, Role, Square};

use crate::touch::{Obligation, TouchEvent};
use crate::vocabulary::Reading;

/// The arbiter's ruling with one clause read the other way.
pub(super) fn misread(
    pos: &Chess,
    events: &[TouchEvent],
    reading: Reading,
) -> Result<Obligation, String> {
    crate::touch::rule_otherwise(pos, events, &[reading])
        .map(|r| r.obligation())
        .map_err(|errors| {
            errors
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; ")
        })
}

/// The reference's ruling on the events as a misreading player words them: each event becomes
/// the events `word` makes of it (none, the same, or others), the position telling whose piece
/// stands where.
pub(super) fn reworded(
    pos: &Chess,
    events: &[TouchEvent],
    word: fn(&Chess, &TouchEvent) -> Vec<TouchEvent>,
) -> Result<Obligation, String> {
    let events: Vec<TouchEvent> = events.iter().flat_map(|e| word(pos, e)).collect();
    crate::mutant::reference_touch(pos, &events)
}

/// The piece on a square named in an event.
pub(super) fn piece_on(pos: &Chess, square: &str) -> Option<shakmaty::Piece> {
    square
        .parse::<Square>()
        .ok()
        .and_then(|sq| pos.board().piece_at(sq))
}

/// Whether the piece on `square` is the opponent's (the side not to move).
pub(super) fn opponents(pos: &Chess, square: &str) -> bool {
    piece_on(pos, square).is_some_and(|p| p.color != pos.turn())
}

/// 4.2.2 misread: an accidental contact is a touch.
pub(super) fn accidental_counts(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::AccidentalTouch(sq) => vec![TouchEvent::Touch(sq.clone())],
        e => vec![e.clone()],
    }
}

/// 4.2.1 misread: adjusting is free whether announced or not.
pub(super) fn adjust_free(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::Adjust(_) => vec![],
        e => vec![e.clone()],
    }
}

/// 4.2.1 misread: the declaration is not heard, so an adjustment is a touch.
pub(super) fn jadoube_ignored(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::SayJadoube => vec![],
        e => vec![e.clone()],
    }
}

/// 4.3.3 misread: of an own piece and an opponent's touched together, the opponent's is taken
/// as touched first (the rule takes the own piece first when the order is unclear).
pub(super) fn together_opponent_first(pos: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::TouchTogether(a, b) if opponents(pos, a) != opponents(pos, b) => {
            let (own, theirs) = if opponents(pos, a) { (b, a) } else { (a, b) };
            vec![
                TouchEvent::Touch(theirs.clone()),
                TouchEvent::Touch(own.clone()),
            ]
        }
        e => vec![e.clone()],
    }
}

/// 4.3.2 misread: the opponent's pieces may be touched freely.
pub(super) fn opponent_piece_free(pos: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::Touch(sq) if opponents(pos, sq) => vec![],
        TouchEvent::TouchTogether(a, b) if opponents(pos, a) != opponents(pos, b) => {
            let own = if opponents(pos, a) { b } else { a };
            vec![TouchEvent::Touch(own.clone())]
        }
        e => vec![e.clone()],
    }
}

/// 4.4.1 misread: the king and a rook touched together are the king touched.
pub(super) fn king_and_rook_king_only(pos: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    let role = |sq: &str| piece_on(pos, sq).map(|p| (p.color == pos.turn(), p.role));
    match e {
        TouchEvent::TouchTogether(a, b) => match (role(a), role(b)) {
            (Some((true, Role::King)), Some((true, Role::Rook))) => {
                vec![TouchEvent::Touch(a.clone())]
            }
            (Some((true, Role::Rook)), Some((true, Role::King))) => {
                vec![TouchEvent::Touch(b.clone())]
            }
            _ => vec![e.clone()],
        },
        e => vec![e.clone()],
    }
}

/// 4.7 misread: letting go of a piece on a square is one more touch of it.
pub(super) fn release_not_a_move(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::Release { from, .. } => vec![TouchEvent::Touch(from.clone())],
        e => vec![e.clone()],
    }
}

/// 4.8 misread: the opponent's touching a piece of theirs does not end their right to claim.
pub(super) fn claim_kept(_: &Chess, e: &TouchEvent) -> Vec<TouchEvent> {
    match e {
        TouchEvent::OpponentTouches(_) => vec![],
        e => vec![e.clone()],
    }
}
