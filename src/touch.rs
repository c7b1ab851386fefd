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
//! Article numbers are those of the Laws in force from 1 January 2023.
//!
//! - **4.2.1 / 4.2.2**: after `say j'adoube`, `adjust SQ` obliges nothing; an adjustment without
//!   the declaration is a deliberate touch. A clearly accidental contact obliges nothing.
//! - **4.3.1**: own pieces touched: the first touched one that has a legal move must move.
//! - **4.3.2**: opponent's pieces touched: the first touched one that can be captured must be
//!   captured, by any piece (en passant included).
//! - **4.3.3**: pieces of both colours: the first touched own piece must capture the first
//!   touched opponent's piece; if it cannot, the first touched piece that can be moved or
//!   captured must be. Touched `together` (order unclear), the own piece counts first.
//! - **4.4.1 / 4.4.3**: the own king, then an own rook (or both together), both on the player's
//!   first rank: castle with that rook if legal; otherwise another king move (castling with the
//!   other rook included); if the king has none, any legal move. Touching a king and then a rook
//!   is taken as the intention to castle that 4.4.3 speaks of. Touched pieces that can neither
//!   move nor be captured before the king are passed over (4.5), so they do not hide the king
//!   and rook.
//! - **4.4.2**: an own rook on the first rank touched before the own king: no castling with that
//!   rook on this move, and 4.3.1 decides (the rook moves if it can).
//! - **4.4.4**: once a new piece has touched the promotion square, every promotion must be to
//!   that piece. The Laws finalise the choice of piece, not the square, so a pawn that may also
//!   capture onto another promotion square may still do so, as that piece.
//! - **4.5**: none of the touched pieces can be moved or captured: any legal move (still without
//!   castling forbidden by 4.4.2).
//! - **4.7**: a piece released on a square, as a legal move allowed by what was touched before,
//!   fixes the move: that move only (4.7.1 captures included). A king released two squares
//!   towards a rook (4.7.2) leaves only castling on that side if it is legal, otherwise another
//!   king move, otherwise any move. A pawn released on the last rank (4.7.3) may only promote
//!   there. A release that is not a legal move fixes nothing; the piece still counts as touched
//!   (and Article 7 applies). A legal release that breaches the obligations already incurred
//!   fixes nothing either: the opponent may claim, and the obligation stands.
//! - **4.8**: once the opponent touches a piece to make their move, they can no longer claim:
//!   a breaching move the player completed stands.
//! - **4.1** (one hand) is a matter of conduct and changes no set of moves: it is not modelled.

use std::collections::BTreeSet;
use std::fmt;

use shakmaty::{Chess, File, Move, Position, Role, Square};

use crate::replay;
pub use crate::vocabulary::{
    EVENT_FORMS, EventSyntaxError, Obligation, PromotionPiece, TouchEvent,
};

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

/// A piece touched with intent, in order.
#[derive(Debug, Clone, Copy)]
struct Touched {
    square: Square,
    own: bool,
    role: Role,
}

/// The position and its legal moves, with the questions Article 4 asks of them.
struct Board<'p> {
    pos: &'p Chess,
    legal: Vec<Move>,
}

impl Board<'_> {
    fn touched(&self, name: &str) -> Touched {
        let sq = square(name);
        let piece = self
            .pos
            .board()
            .piece_at(sq)
            .expect("validated: a touched square holds a piece");
        Touched {
            square: sq,
            own: piece.color == self.pos.turn(),
            role: piece.role,
        }
    }

    /// The moves of `among` that move the touched piece (an own piece) or capture it (an
    /// opponent's piece).
    fn moves_or_captures(&self, t: Touched, among: &[Move]) -> Vec<Move> {
        among
            .iter()
            .copied()
            .filter(|m| {
                if t.own {
                    m.from() == Some(t.square)
                } else {
                    captured_square(*m) == Some(t.square)
                }
            })
            .collect()
    }

    fn on_backrank(&self, t: Touched) -> bool {
        t.square.rank() == self.pos.turn().backrank()
    }

    /// The obligation incurred by the pieces touched so far (4.3, 4.4, 4.5).
    fn obligation(&self, touches: &[Touched]) -> (Vec<Move>, &'static str) {
        if touches.is_empty() {
            return (self.legal.clone(), "4.2");
        }
        let is = |t: &Touched, role| t.own && t.role == role && self.on_backrank(*t);

        // 4.4.2: a rook on the first rank touched before the king: no castling with it.
        let king_at = touches.iter().position(|t| is(t, Role::King));
        let forbidden: Vec<Square> = touches[..king_at.unwrap_or(0)]
            .iter()
            .filter(|t| is(t, Role::Rook))
            .map(|t| t.square)
            .collect();
        let allowed: Vec<Move> = self
            .legal
            .iter()
            .copied()
            .filter(|m| !matches!(m, Move::Castle { rook, .. } if forbidden.contains(rook)))
            .collect();

        // 4.4.1 and 4.4.3: the king and then a rook, passing over touched pieces that can
        // neither move nor be captured (4.5).
        let live: Vec<Touched> = touches
            .iter()
            .copied()
            .skip_while(|t| {
                !is(t, Role::King) && self.moves_or_captures(*t, &self.legal).is_empty()
            })
            .collect();
        if let [king, rook, ..] = live.as_slice()
            && is(king, Role::King)
            && is(rook, Role::Rook)
        {
            let with_this_rook = Move::Castle {
                king: king.square,
                rook: rook.square,
            };
            let castle = self.legal.iter().copied().find(|m| *m == with_this_rook);
            if let Some(castle) = castle {
                return (vec![castle], "4.4.1");
            }
            let king_moves = self.moves_or_captures(*king, &self.legal);
            if king_moves.is_empty() {
                return (self.legal.clone(), "4.4.3");
            }
            return (king_moves, "4.4.3");
        }

        let (own, opponent): (Vec<Touched>, Vec<Touched>) = touches.iter().partition(|t| t.own);
        let clause = match (own.is_empty(), opponent.is_empty()) {
            (false, true) if !forbidden.is_empty() => "4.4.2",
            (false, true) => "4.3.1",
            (true, false) => "4.3.2",
            _ => {
                // 4.3.3: the first own piece captures the first opponent's piece, if it can.
                let capture: Vec<Move> = self
                    .moves_or_captures(own[0], &allowed)
                    .into_iter()
                    .filter(|m| captured_square(*m) == Some(opponent[0].square))
                    .collect();
                if !capture.is_empty() {
                    return (capture, "4.3.3");
                }
                "4.3.3"
            }
        };
        for t in touches {
            let moves = self.moves_or_captures(*t, &allowed);
            if !moves.is_empty() {
                return (moves, clause);
            }
        }
        (allowed, "4.5")
    }

    /// The moves a release of the piece on `from` on the square `on` stands for: the legal moves
    /// from `from` to `on` (several for a promotion), and the clause. For a king let go two
    /// squares sideways from its home square when that castling is illegal (4.7.2): the other
    /// king moves, or every legal move if it has none; `legal` is false then, as no legal move
    /// was made.
    fn release(&self, from: Square, on: Square) -> Release {
        let matching: Vec<Move> = self
            .legal
            .iter()
            .copied()
            .filter(|m| replay::to_uci(*m)[..4] == format!("{from}{on}"))
            .collect();
        let piece = self.pos.board().piece_at(from);
        let home = Square::from_coords(File::E, self.pos.turn().backrank());
        let castling = piece.is_some_and(|p| p.role == Role::King)
            && from == home
            && on.rank() == from.rank()
            && from.file().distance(on.file()) == 2;
        if castling && matching.is_empty() {
            let king_moves: Vec<Move> = self
                .legal
                .iter()
                .copied()
                .filter(|m| m.from() == Some(from))
                .collect();
            let moves = if king_moves.is_empty() {
                self.legal.clone()
            } else {
                king_moves
            };
            return Release {
                moves,
                legal: false,
                clause: "4.7.2",
            };
        }
        let clause = if castling {
            "4.7.2"
        } else if matching.iter().any(|m| m.is_promotion()) {
            "4.7.3"
        } else if matching.iter().any(|m| m.is_capture()) {
            "4.7.1"
        } else {
            "4.7"
        };
        Release {
            moves: matching,
            legal: true,
            clause,
        }
    }
}

struct Release {
    moves: Vec<Move>,
    legal: bool,
    clause: &'static str,
}

/// The square of the piece a move captures, if any.
fn captured_square(m: Move) -> Option<Square> {
    match m {
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

/// Rules on a turn: the moves the player to move in `pos` may still make after `events`.
///
/// # Errors
///
/// The events that do not fit the position (see [`validate`]), or a position in which the player
/// has no legal move (the game is over: nothing can be touched into a move).
pub fn rule(pos: &Chess, events: &[TouchEvent]) -> Result<Ruling, Vec<EventError>> {
    validate(pos, events)?;
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    if legal.is_empty() {
        return Err(vec![EventError {
            index: 0,
            message: "the player to move has no legal move: the game is over".into(),
        }]);
    }
    let board = Board { pos, legal };

    let mut declared = false;
    let mut touches: Vec<Touched> = Vec::new();
    // A piece touched again keeps its place in the order.
    fn touch(t: Touched, touches: &mut Vec<Touched>) {
        if !touches.iter().any(|u| u.square == t.square) {
            touches.push(t);
        }
    }
    let mut fixed: Option<(Vec<Move>, &'static str)> = None;
    let mut breach: Option<Vec<Move>> = None;
    let mut claim_lost = false;
    let mut chosen: Option<PromotionPiece> = None;

    for event in events {
        match event {
            TouchEvent::Touch(a) => touch(board.touched(a), &mut touches),
            TouchEvent::AccidentalTouch(_) => {}
            TouchEvent::TouchTogether(a, b) => {
                let (p, q) = (board.touched(a), board.touched(b));
                // Own before the opponent's (4.3.3); the king before the rook (4.4.1).
                let first_is_p = if p.own != q.own {
                    p.own
                } else {
                    p.role == Role::King
                };
                let (first, second) = if first_is_p { (p, q) } else { (q, p) };
                touch(first, &mut touches);
                touch(second, &mut touches);
            }
            TouchEvent::SayJadoube => declared = true,
            TouchEvent::Adjust(a) => {
                if !declared {
                    touch(board.touched(a), &mut touches);
                }
            }
            TouchEvent::Release { from, on } => {
                touch(board.touched(from), &mut touches);
                if fixed.is_some() {
                    continue;
                }
                let (incurred, _) = board.obligation(&touches);
                let release = board.release(square(from), square(on));
                let meet: Vec<Move> = release
                    .moves
                    .iter()
                    .copied()
                    .filter(|m| incurred.contains(m))
                    .collect();
                if !meet.is_empty() {
                    fixed = Some((meet, release.clause));
                } else if release.legal && !release.moves.is_empty() && breach.is_none() {
                    breach = Some(release.moves);
                }
            }
            TouchEvent::NewPieceTouches { piece, .. } => {
                chosen.get_or_insert(*piece);
            }
            TouchEvent::OpponentTouches(_) => claim_lost = true,
        }
    }

    let (mut moves, mut clause) = match (fixed, breach) {
        (Some(fixed), _) => fixed,
        (None, Some(breach)) if claim_lost => (breach, "4.8"),
        _ => board.obligation(&touches),
    };
    if let Some(piece) = chosen {
        let before = moves.len();
        moves.retain(|m| m.promotion().is_none_or(|r| r == role(piece)));
        if moves.len() != before {
            clause = "4.4.4";
        }
    }
    let any = moves.len() == board.legal.len();
    Ok(Ruling {
        moves: moves.into_iter().map(replay::to_uci).collect(),
        any,
        clause,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(list: &[&str]) -> Vec<TouchEvent> {
        list.iter().map(|e| e.parse().unwrap()).collect()
    }

    fn ruling(fen: &str, list: &[&str]) -> Ruling {
        let pos = replay::parse_fen(fen).unwrap();
        rule(&pos, &events(list)).unwrap()
    }

    fn moves(ruling: &Ruling) -> Vec<&str> {
        ruling.moves.iter().map(String::as_str).collect()
    }

    const PAWNS: &str = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1";
    const CASTLE: &str = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    const CAPTURES: &str = "4k3/8/n7/4p3/8/5N2/1B6/K7 w - - 0 1";

    #[test]
    fn every_event_form_reads_and_writes_back() {
        for phrase in [
            "touch e2",
            "touch e2 accidentally",
            "touch e1 h1 together",
            "say j'adoube",
            "adjust e4",
            "release e2 on e4",
            "new knight touches e8",
            "opponent touches e7",
        ] {
            let event: TouchEvent = phrase.parse().unwrap();
            assert_eq!(event.to_string(), phrase);
        }
        // Extra spaces are not meaning.
        assert_eq!(
            "release  e2   on e4"
                .parse::<TouchEvent>()
                .unwrap()
                .to_string(),
            "release e2 on e4"
        );
    }

    #[test]
    fn malformed_events_say_what_is_wrong() {
        let error = |s: &str| s.parse::<TouchEvent>().unwrap_err().to_string();
        assert!(error("tuch e2").contains("is not a touch-move event (expected one of: touch SQ"));
        assert!(error("touch e9").contains("`e9` is not a square"));
        assert!(error("touch E2").contains("`E2` is not a square"));
        assert!(error("touch e2 e2 together").contains("two different squares"));
        assert!(error("release e2 on e2").contains("write `touch e2`"));
        assert!(error("new king touches e8").contains("not `king`"));
        assert!(error("say I adjust").contains("is not a touch-move event"));
        assert!(error("").contains("is not a touch-move event"));
    }

    #[test]
    fn events_must_fit_the_position() {
        let pos = replay::parse_fen(CAPTURES).unwrap();
        let errors = |list: &[&str]| -> Vec<(usize, String)> {
            validate(&pos, &events(list))
                .unwrap_err()
                .into_iter()
                .map(|e| (e.index, e.message))
                .collect()
        };
        let e = errors(&["touch e2"]);
        assert_eq!(e, [(0, "`touch e2`: there is no piece on e2".to_owned())]);
        let e = errors(&["touch f3", "release e5 on e4"]);
        assert_eq!(e[0].0, 1);
        assert!(e[0].1.contains("is the opponent's"), "{e:?}");
        let e = errors(&["touch f3 b2 together"]);
        assert!(e[0].1.contains("touch these one after the other"), "{e:?}");
        let e = errors(&["new queen touches e8"]);
        assert!(e[0].1.contains("no pawn can promote on e8"), "{e:?}");
        let e = errors(&["opponent touches e8", "release f3 on e5"]);
        assert!(
            e[0].1.contains("only after the player has made a move"),
            "{e:?}"
        );
        let e = errors(&["release f3 on e5", "opponent touches b2"]);
        assert!(e[0].1.contains("is the player's"), "{e:?}");
        // Every problem is reported, not just the first.
        assert_eq!(errors(&["touch e2", "touch d2", "touch f3"]).len(), 2);
        // King and rook on the first rank may be touched together; a king and a knight may not.
        let castle = replay::parse_fen(CASTLE).unwrap();
        assert!(validate(&castle, &events(&["touch h1 e1 together"])).is_ok());
        let knight = replay::parse_fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
        assert!(validate(&knight, &events(&["touch e1 g1 together"])).is_err());
    }

    #[test]
    fn each_clause_decides_its_rulings() {
        let cases: &[(&str, &[&str], &[&str], &str)] = &[
            (PAWNS, &["touch e2 accidentally"], &[], "4.2"),
            (PAWNS, &["say j'adoube", "adjust e2"], &[], "4.2"),
            (PAWNS, &["adjust e2"], &["e2e3", "e2e4"], "4.3.1"),
            (PAWNS, &["touch e2", "touch d2"], &["e2e3", "e2e4"], "4.3.1"),
            (
                PAWNS,
                &["touch d2", "touch e2", "touch d2"],
                &["d2d3", "d2d4"],
                "4.3.1",
            ),
            (CAPTURES, &["touch e5"], &["b2e5", "f3e5"], "4.3.2"),
            (CAPTURES, &["touch f3", "touch e5"], &["f3e5"], "4.3.3"),
            (
                CAPTURES,
                &["touch a1", "touch e5"],
                &["a1a2", "a1b1"],
                "4.3.3",
            ),
            (CAPTURES, &["touch e8"], &[], "4.5"),
            (CASTLE, &["touch e1", "touch h1"], &["e1g1"], "4.4.1"),
            (
                CASTLE,
                &["touch h1", "touch e1"],
                &[
                    "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
                ],
                "4.4.2",
            ),
            (CASTLE, &["release e1 on g1"], &["e1g1"], "4.7.2"),
            (PAWNS, &["release e2 on e4"], &["e2e4"], "4.7"),
            (CAPTURES, &["release b2 on e5"], &["b2e5"], "4.7.1"),
            (
                "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
                &["release e7 on e8"],
                &["e7e8b", "e7e8n", "e7e8q", "e7e8r"],
                "4.7.3",
            ),
            (
                "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
                &["touch e7", "new bishop touches e8"],
                &["e7e8b"],
                "4.4.4",
            ),
            (
                PAWNS,
                &["touch d2", "release e2 on e4", "opponent touches e8"],
                &["e2e4"],
                "4.8",
            ),
        ];
        for (fen, list, expected, clause) in cases {
            let r = ruling(fen, list);
            assert_eq!(r.clause, *clause, "{list:?}");
            if expected.is_empty() {
                assert!(r.any, "{list:?}: {:?}", r.moves);
                assert_eq!(r.obligation(), Obligation::AnyLegalMove);
            } else {
                assert_eq!(moves(&r), *expected, "{list:?}");
                assert!(!r.any, "{list:?}");
            }
        }
    }

    #[test]
    fn king_and_rook_off_the_first_rank_are_two_pieces() {
        // The rook on h5 cannot castle: king then rook is plain 4.3.1, the king moves.
        let r = ruling("4k3/8/8/7R/8/8/8/4K3 w - - 0 1", &["touch e1", "touch h5"]);
        assert_eq!(r.clause, "4.3.1");
        assert_eq!(moves(&r), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    }

    #[test]
    fn a_breach_without_opponent_touch_leaves_the_obligation() {
        // The opponent has not touched anything yet: the breach can still be claimed.
        let r = ruling(PAWNS, &["touch d2", "release e2 on e4"]);
        assert_eq!(moves(&r), ["d2d3", "d2d4"]);
        // A move that kept to the obligation stands with or without the opponent's touch.
        let r = ruling(
            PAWNS,
            &["touch d2", "release d2 on d4", "opponent touches e8"],
        );
        assert_eq!(moves(&r), ["d2d4"]);
    }

    #[test]
    fn no_ruling_when_the_game_is_over() {
        // Black is checkmated: there is no move to touch into.
        let pos = replay::parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
        let errors = rule(&pos, &events(&["touch g8"])).unwrap_err();
        assert!(errors[0].message.contains("no legal move"), "{errors:?}");
    }

    #[test]
    fn obligations_read_any_or_a_list() {
        let read = |s: &str| serde_yaml_ng::from_str::<Obligation>(s);
        assert_eq!(read("any").unwrap(), Obligation::AnyLegalMove);
        assert_eq!(
            read("[e2e4, e2e3]").unwrap(),
            Obligation::Moves(vec!["e2e4".into(), "e2e3".into()])
        );
        assert!(
            read("all")
                .unwrap_err()
                .to_string()
                .contains("`any` or a list")
        );
        assert!(read("3").is_err());
        assert_eq!(
            serde_yaml_ng::to_string(&Obligation::AnyLegalMove).unwrap(),
            "any\n"
        );
    }
}
