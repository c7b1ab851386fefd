//! Touch-move (FIDE Laws, Article 4): what happens at the board before a move is made, and the
//! moves the player may still make because of it.
//!
//! A case describes one turn of the player to move as a list of [`TouchEvent`]s in the order they
//! happened: pieces touched (their own or the opponent's, named by the square they stand on), a
//! touch that was clearly accidental, "j'adoube" said before adjusting, a piece released on a
//! square, the new piece chosen for a promotion touching the promotion square. The answer is an
//! [`Obligation`]: any legal move, or exactly this set of moves.
//!
//! The vocabulary (events and obligations) is plain strings, so an adapter for another library
//! never needs shakmaty. The arbiter, [`rule`], is the suite's reading of Article 4 on a shakmaty
//! position; the reference engine answers with it and the loader validates events with
//! [`validate`].
//!
//! # Reading of the Laws
//!
//! Article numbers are those of the Laws in force from 1 January 2023. Where the text can be read
//! two ways, the suite's reading is a [`Reading`] (named in brackets below): the arbiter takes
//! each the suite's way, [`rule_otherwise`] the other way, and a [`Ruling`] lists the readings
//! its answer rests on.
//!
//! - **4.2.1 / 4.2.2**: after `say j'adoube`, `adjust SQ` obliges nothing until the next touch
//!   with intent (`jadoube-until-next-touch`); an adjustment without the declaration is a
//!   deliberate touch. A clearly accidental contact obliges nothing.
//! - **4.3.1**: own pieces touched: the first touched one that has a legal move must move. A
//!   piece touched again keeps its first place (`same-piece-twice`).
//! - **4.3.2**: opponent's pieces touched: the first touched one that can be captured must be
//!   captured, by any piece (en passant included).
//! - **4.3.3**: pieces of both colours: the first touched own piece must capture the first
//!   touched opponent's piece; if it cannot, the first touched piece that can be moved or
//!   captured must be. Touched `together` (order unclear), the own piece counts first.
//! - **4.4.1 / 4.4.3**: the own king on its original square (`castling-king-at-home`), then an
//!   own rook of the first rank, at once or after other touches (`rook-touched-later`): castle
//!   with that rook if legal; otherwise another king move (castling with the other rook
//!   included); if the king has none, any legal move, but for the pieces touched besides them
//!   (`touches-after-free-choice`). Touched pieces before the king that can neither move nor be
//!   captured are passed over (`pass-over-before-king`). An opponent's piece that can be
//!   captured, touched before the rook, puts the turn under 4.3.3; touched after it, it changes
//!   nothing (`castling-before-capture`).
//! - **4.4.2**: an own rook on the first rank touched before the own king: no castling with that
//!   rook on this move, and 4.3.1 decides (the rook moves if it can).
//! - **4.4.4**: once a new piece has touched the promotion square, every promotion must be to
//!   that piece; the square is not final (`promotion-piece-not-square`).
//! - **4.5**: none of the touched pieces can be moved or captured: any legal move (still without
//!   castling forbidden by 4.4.2).
//! - **4.7**: a piece released on a square, as a legal move allowed by what was touched before,
//!   fixes the move: that move only (4.7.1 captures included). A king released two squares
//!   from its original square towards a rook (4.7.2) leaves only castling on that side if it is
//!   legal; if that castling is illegal the release is no move, and leaves the king's other
//!   moves (or any move, if it has none) for a later release to choose from. A pawn released on
//!   the last rank (4.7.3) may only promote there. A release that is not a legal move fixes
//!   nothing; the piece still counts as touched (`release-out-of-reach`, and Article 7
//!   applies). A legal release that breaches the obligations already incurred fixes nothing
//!   either: the opponent may claim, and the obligation stands.
//! - **4.8**: once the opponent touches a piece to make their move, they can no longer claim:
//!   a breaching move the player completed stands. A touch while that move is not yet made (the
//!   rook not yet let go after the king; no new piece yet on the promotion square) does not
//!   forfeit the claim (`claim-during-unfinished-move`).
//! - **Chess960** (Guidelines II.3; castling written as the king taking its rook, `f1h1`): the
//!   king's original square is the one a king with a castling right stands on. A castling that
//!   moves only the rook (the king already on g1 or c1) is a king move, as every castling is
//!   (3.8.2; `960-castling-is-a-king-move`). The king let go on its castling square is castling
//!   (4.7.2), except one step away, where the plain king move lands too: that move
//!   (`960-king-released-one-step`). Castling is made when the rook is let go on its castling
//!   square, a rook-only castling too once the king was touched
//!   (`960-rook-released-completes-castling`), or, when only the king moves, when the king is.
//! - **4.1** (one hand) is a matter of conduct and changes no set of moves: it is not modelled.

use std::collections::BTreeSet;
use std::fmt;

use shakmaty::{Chess, Move, Position, Role, Square};

mod board;

use board::{Board, Touched, Unfinished};

use crate::replay;
pub(crate) use crate::vocabulary::{Obligation, PromotionPiece, Reading, TouchEvent};

/// The shakmaty role of a promotion piece.
fn role(piece: PromotionPiece) -> Role {
    match piece {
        PromotionPiece::Queen => Role::Queen,
        PromotionPiece::Rook => Role::Rook,
        PromotionPiece::Bishop => Role::Bishop,
        PromotionPiece::Knight => Role::Knight,
    }
}

/// An event that does not fit the position: which one (0-based) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventError {
    /// The index of the event in the list.
    pub index: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.index + 1, self.message)
    }
}

impl std::error::Error for EventError {}

/// The arbiter's answer: the moves allowed and the article that decided them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ruling {
    /// The allowed moves, in UCI.
    pub moves: BTreeSet<String>,
    /// Whether they are all the legal moves.
    pub any: bool,
    /// The article that decided (`4.3.1`, `4.7.2`, ...; `4.2` when nothing was touched with
    /// intent).
    pub clause: &'static str,
    /// The open readings of Article 4 the answer rests on: those that, read the other way,
    /// would change the allowed moves (see [`Reading`]).
    pub readings: Vec<Reading>,
}

impl Ruling {
    /// The ruling as an [`Obligation`].
    pub fn obligation(&self) -> Obligation {
        if self.any {
            Obligation::AnyLegalMove
        } else {
            Obligation::Moves(self.moves.iter().cloned().collect())
        }
    }
}

fn square(name: &str) -> Square {
    // Event squares are checked when the event is parsed.
    replay::parse_square(name).expect("event squares are valid")
}

/// Checks that `events` make sense in `pos`: every touched square holds a piece, a released
/// piece is the player's, pieces touched together are one of each colour or the king and a rook
/// on the first rank, a new piece touches a square some pawn can promote on, and the opponent
/// touches a piece only after the player let go of theirs.
///
/// # Errors
///
/// Every event that does not fit, in order.
pub fn validate(pos: &Chess, events: &[TouchEvent]) -> Result<(), Vec<EventError>> {
    let mut errors = Vec::new();
    let mut released = false;
    for (index, event) in events.iter().enumerate() {
        for message in event_errors(pos, event, released) {
            errors.push(EventError { index, message });
        }
        released |= matches!(event, TouchEvent::Release { .. });
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// What is wrong with one event in the position (`released`: whether a piece was let go
/// before it).
fn event_errors(pos: &Chess, event: &TouchEvent, released: bool) -> Vec<String> {
    let board = pos.board();
    let us = pos.turn();
    let mut errors = Vec::new();
    let occupied = |name: &str, errors: &mut Vec<String>| {
        let piece = board.piece_at(square(name));
        if piece.is_none() {
            errors.push(format!("`{event}`: there is no piece on {name}"));
        }
        piece
    };
    match event {
        TouchEvent::Touch(a) | TouchEvent::AccidentalTouch(a) | TouchEvent::Adjust(a) => {
            occupied(a, &mut errors);
        }
        TouchEvent::TouchTogether(a, b) => {
            if let (Some(p), Some(q)) = (occupied(a, &mut errors), occupied(b, &mut errors)) {
                let backrank = |name: &str| square(name).rank() == us.backrank();
                let king_and_rook = p.color == us
                    && q.color == us
                    && backrank(a)
                    && backrank(b)
                    && matches!(
                        (p.role, q.role),
                        (Role::King, Role::Rook) | (Role::Rook, Role::King)
                    );
                if p.color == q.color && !king_and_rook {
                    errors.push(format!(
                        "`{event}`: the Laws say which piece counts as touched first only for \
                         one piece of each colour (4.3.3) and for the king and a rook on the \
                         first rank (4.4.1); touch these one after the other"
                    ));
                }
            }
        }
        TouchEvent::SayJadoube => {}
        TouchEvent::Release { from, .. } => {
            if let Some(p) = occupied(from, &mut errors)
                && p.color != us
            {
                errors.push(format!(
                    "`{event}`: the piece on {from} is the opponent's; the player to move moves \
                     their own pieces"
                ));
            }
        }
        TouchEvent::NewPieceTouches { square: name, .. } => {
            let sq = square(name);
            if !pos
                .legal_moves()
                .iter()
                .any(|m| m.is_promotion() && m.to() == sq)
            {
                errors.push(format!(
                    "`{event}`: no pawn can promote on {name} in this position"
                ));
            }
        }
        TouchEvent::OpponentTouches(a) => {
            if !released {
                errors.push(format!(
                    "`{event}`: the opponent touches a piece only after the player has made a \
                     move (a `release` before it)"
                ));
            }
            if let Some(p) = occupied(a, &mut errors)
                && p.color == us
            {
                errors.push(format!(
                    "`{event}`: the piece on {a} is the player's; the opponent touches one of \
                     their own to make their move"
                ));
            }
        }
    }
    errors
}

/// Rules on a turn: the moves the player to move in `pos` may still make after `events`, read
/// the suite's way, and the open readings the answer rests on (those that, read the other way,
/// would change it).
///
/// # Errors
///
/// The events that do not fit the position (see [`validate`]), or a position in which the player
/// has no legal move (the game is over: nothing can be touched into a move).
pub fn rule(pos: &Chess, events: &[TouchEvent]) -> Result<Ruling, Vec<EventError>> {
    let legal = playable(pos, events)?;
    let suite = arbitrate(
        &Board {
            pos,
            legal: legal.clone(),
            other: &[],
        },
        events,
    );
    let readings = Reading::ALL
        .into_iter()
        .filter(|r| {
            let board = Board {
                pos,
                legal: legal.clone(),
                other: std::slice::from_ref(r),
            };
            arbitrate(&board, events).moves != suite.moves
        })
        .collect();
    Ok(Ruling { readings, ..suite })
}

/// Rules on a turn as [`rule`] does, but reading each clause of `other` the other way: what an
/// arbiter that reads them so answers. The ruling's `readings` is empty.
///
/// # Errors
///
/// As [`rule`].
pub fn rule_otherwise(
    pos: &Chess,
    events: &[TouchEvent],
    other: &[Reading],
) -> Result<Ruling, Vec<EventError>> {
    let legal = playable(pos, events)?;
    Ok(arbitrate(&Board { pos, legal, other }, events))
}

/// The legal moves, once the events are checked and the game is not over.
fn playable(pos: &Chess, events: &[TouchEvent]) -> Result<Vec<Move>, Vec<EventError>> {
    validate(pos, events)?;
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    if legal.is_empty() {
        return Err(vec![EventError {
            index: 0,
            message: "the player to move has no legal move: the game is over".into(),
        }]);
    }
    Ok(legal)
}

/// An obligation narrowed by a king let go as castling when that castling is illegal (4.7.2):
/// the king's other moves, or every move (given from the `after`-th touch on).
struct Narrowed {
    moves: Vec<Move>,
    clause: &'static str,
    after: usize,
}

/// What the turn has come to, event by event.
#[derive(Default)]
struct Turn {
    /// "J'adoube" said, and still covering adjustments.
    declared: bool,
    touches: Vec<Touched>,
    /// A release that fixed the move (4.7).
    fixed: Option<(Vec<Move>, &'static str)>,
    narrowed: Option<Narrowed>,
    /// The first legal release against the obligation: the move if the claim is lost.
    breach: Option<Vec<Move>>,
    /// That move, not yet made (4.7.2, 4.7.3).
    unfinished: Option<Unfinished>,
    claim_lost: bool,
    chosen: Option<(PromotionPiece, Square)>,
}

impl Turn {
    fn touch(&mut self, board: &Board<'_>, t: Touched) {
        match self.touches.iter().position(|u| u.square == t.square) {
            // A piece touched again keeps its place in the order (`same-piece-twice`).
            Some(_) if board.suite(Reading::SamePieceTwice) => {}
            Some(at) => {
                self.touches.remove(at);
                self.touches.push(t);
            }
            None => self.touches.push(t),
        }
    }

    /// A touch with intent ends what "j'adoube" covered (`jadoube-until-next-touch`).
    fn intent(&mut self, board: &Board<'_>) {
        if board.suite(Reading::JadoubeUntilNextTouch) {
            self.declared = false;
        }
    }

    /// The obligation so far: narrowed by a king let go as castling, or what the touches oblige.
    fn current(&self, board: &Board<'_>) -> (Vec<Move>, &'static str) {
        match &self.narrowed {
            Some(n) if n.moves.len() == board.legal.len() => {
                board.free_choice(&self.touches[n.after..], n.clause)
            }
            Some(n) => (n.moves.clone(), n.clause),
            None => board.obligation(&self.touches),
        }
    }

    fn release(&mut self, board: &Board<'_>, from: &str, on: &str) {
        self.intent(board);
        let (from, on) = (square(from), square(on));
        if let Some(Unfinished::Castling { rook, to }) = self.unfinished
            && (from, on) == (rook, to)
        {
            self.unfinished = None;
        }
        // The king touched with intent before (not after a rook touched first, which 4.4.2
        // bars from castling anyway).
        let king_touched = self.touches.iter().any(|t| t.own && t.role == Role::King);
        let release = board.release(from, on, king_touched);
        if !release.moves.is_empty() || board.suite(Reading::ReleaseOutOfReach) {
            self.touch(board, board.touched(&from.to_string()));
        }
        if self.fixed.is_some() {
            return;
        }
        let (incurred, _) = self.current(board);
        let meet: Vec<Move> = release
            .moves
            .iter()
            .copied()
            .filter(|m| incurred.contains(m))
            .collect();
        if !meet.is_empty() {
            if release.legal {
                self.fixed = Some((meet, release.clause));
            } else {
                // The king let go as castling that is illegal: not a move, so nothing is fixed,
                // but only the king's other moves are left (a later release picks one).
                self.narrowed = Some(Narrowed {
                    moves: meet,
                    clause: release.clause,
                    after: self.touches.len(),
                });
            }
        } else if release.legal && !release.moves.is_empty() && self.breach.is_none() {
            self.breach = Some(release.moves);
            self.unfinished = release.unfinished;
        }
    }
}

/// The ruling on `events`, each open clause read as `board` says.
fn arbitrate(board: &Board<'_>, events: &[TouchEvent]) -> Ruling {
    let mut turn = Turn::default();
    for event in events {
        match event {
            TouchEvent::Touch(a) => {
                turn.intent(board);
                turn.touch(board, board.touched(a));
            }
            TouchEvent::AccidentalTouch(_) => {}
            TouchEvent::TouchTogether(a, b) => {
                turn.intent(board);
                let (p, q) = (board.touched(a), board.touched(b));
                // Own before the opponent's (4.3.3); the king before the rook (4.4.1).
                let first_is_p = if p.own != q.own {
                    p.own
                } else {
                    p.role == Role::King
                };
                let (first, second) = if first_is_p { (p, q) } else { (q, p) };
                turn.touch(board, first);
                turn.touch(board, second);
            }
            TouchEvent::SayJadoube => turn.declared = true,
            TouchEvent::Adjust(a) => {
                if !turn.declared {
                    turn.touch(board, board.touched(a));
                }
            }
            TouchEvent::Release { from, on } => turn.release(board, from, on),
            TouchEvent::NewPieceTouches { piece, square: on } => {
                turn.intent(board);
                turn.chosen.get_or_insert((*piece, square(on)));
                if turn.unfinished == Some(Unfinished::Promotion) {
                    turn.unfinished = None;
                }
            }
            TouchEvent::OpponentTouches(_) => {
                // While the player's move is under way the opponent is not making theirs
                // (`claim-during-unfinished-move`).
                if turn.unfinished.is_none() || !board.suite(Reading::ClaimDuringUnfinishedMove) {
                    turn.claim_lost = true;
                }
            }
        }
    }

    let (mut moves, mut clause) = match (turn.fixed.take(), turn.breach.take()) {
        (Some(fixed), _) => fixed,
        (None, Some(breach)) if turn.claim_lost => (breach, "4.8"),
        _ => turn.current(board),
    };
    if let Some((piece, on)) = turn.chosen {
        let before = moves.len();
        // The piece is final; the square too only when read the other way
        // (`promotion-piece-not-square`).
        let square_too = !board.suite(Reading::PromotionPieceNotSquare);
        moves.retain(|m| {
            m.promotion()
                .is_none_or(|r| r == role(piece) && (!square_too || m.to() == on))
        });
        if moves.len() != before {
            clause = "4.4.4";
        }
    }
    let any = moves.len() == board.legal.len();
    Ruling {
        moves: moves
            .into_iter()
            .map(|m| replay::to_uci_in(board.pos, m))
            .collect(),
        any,
        clause,
        readings: Vec::new(),
    }
}

#[cfg(test)]
mod tests;
