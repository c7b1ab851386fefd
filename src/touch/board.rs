//! The position and its legal moves, with the questions Article 4 asks of them: what the pieces
//! touched so far oblige (4.3, 4.4, 4.5) and what a release stands for (4.7), each open clause
//! read the suite's way or, on request, the other way.

use shakmaty::{CastlingMode, CastlingSide, Chess, File, Move, Position, Role, Square};

use super::square;
use crate::vocabulary::Reading;

/// A piece touched with intent, in order.
#[derive(Debug, Clone, Copy)]
pub(super) struct Touched {
    pub(super) square: Square,
    pub(super) own: bool,
    pub(super) role: Role,
}

/// What a release stands for.
pub(super) struct Release {
    /// The moves it makes (several for a promotion), or, for a king let go as castling when that
    /// castling is illegal, the moves left (4.7.2).
    pub(super) moves: Vec<Move>,
    /// Whether the release is a legal move (or part of one).
    pub(super) legal: bool,
    pub(super) clause: &'static str,
    /// The move is not made yet (4.7.2, 4.7.3): what finishes it.
    pub(super) unfinished: Option<Unfinished>,
}

/// A move under way: what completes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Unfinished {
    /// Castling, once the rook from `rook` is let go on `to`, its castling square: the square
    /// the king crossed in standard chess (4.7.2).
    Castling { rook: Square, to: Square },
    /// A Chess960 castling that moves only the rook, the rook let go on its square: read the
    /// other way (`960-rook-released-completes-castling`), the king is still to be put back
    /// (II.3.2.5.1), which no event says.
    KingToPlace,
    /// A promotion, once the new piece touches the promotion square (4.7.3).
    Promotion,
}

/// The position, its legal moves, and the readings to take the other way.
pub(super) struct Board<'p> {
    pub(super) pos: &'p Chess,
    pub(super) legal: Vec<Move>,
    pub(super) other: &'p [Reading],
}

impl Board<'_> {
    /// Whether the suite's reading of `r` applies (rather than the other one).
    pub(super) fn suite(&self, r: Reading) -> bool {
        !self.other.contains(&r)
    }

    pub(super) fn touched(&self, name: &str) -> Touched {
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
                    self.moves_piece_on(*m, t.square)
                } else {
                    captured_square(*m) == Some(t.square)
                }
            })
            .collect()
    }

    /// Whether the touched piece can neither be moved nor captured (4.5).
    fn stuck(&self, t: &Touched) -> bool {
        self.moves_or_captures(*t, &self.legal).is_empty()
    }

    fn on_backrank(&self, t: &Touched) -> bool {
        t.square.rank() == self.pos.turn().backrank()
    }

    fn chess960(&self) -> bool {
        self.pos.castles().mode() == CastlingMode::Chess960
    }

    /// Whether the player's king on `sq` stands on its original square: e1 (e8) in standard
    /// chess; in Chess960, where the start is not known, a king that still has a castling right
    /// (it has never moved, II.3).
    fn original(&self, sq: Square) -> bool {
        let us = self.pos.turn();
        if self.chess960() {
            self.pos.board().king_of(us) == Some(sq) && self.pos.castles().has_color(us)
        } else {
            sq == Square::from_coords(File::E, us.backrank())
        }
    }

    /// The own king, as a piece that may be castling: on the first rank, and on its original
    /// square (`castling-king-at-home`).
    fn castling_king(&self, t: &Touched) -> bool {
        t.own
            && t.role == Role::King
            && self.on_backrank(t)
            && (self.original(t.square) || !self.suite(Reading::CastlingKingAtHome))
    }

    /// The pieces a move takes from their squares, for 4.3.1: a castling is a move of the king
    /// (3.8.2), even when only the rook moves (Chess960, the king already on its castling
    /// square; `960-castling-is-a-king-move`: read the other way, that one is the rook's).
    fn moves_piece_on(&self, m: Move, sq: Square) -> bool {
        match m {
            Move::Castle { king, rook }
                if !self.suite(Reading::Chess960CastlingIsAKingMove)
                    && rook_only(m, self.pos.turn()) =>
            {
                sq == rook && sq != king
            }
            m => m.from() == Some(sq),
        }
    }

    fn castling_rook(&self, t: &Touched) -> bool {
        t.own && t.role == Role::Rook && self.on_backrank(t)
    }

    /// The obligation incurred by the pieces touched so far (4.3, 4.4, 4.5).
    pub(super) fn obligation(&self, touches: &[Touched]) -> (Vec<Move>, &'static str) {
        if touches.is_empty() {
            return (self.legal.clone(), "4.2");
        }
        // 4.4.2: a rook on the first rank touched before the king: no castling with it.
        let king_at = touches.iter().position(|t| self.castling_king(t));
        let forbidden: Vec<Square> = touches[..king_at.unwrap_or(0)]
            .iter()
            .filter(|t| self.castling_rook(t))
            .map(|t| t.square)
            .collect();
        let allowed: Vec<Move> = self
            .legal
            .iter()
            .copied()
            .filter(|m| !matches!(m, Move::Castle { rook, .. } if forbidden.contains(rook)))
            .collect();

        if let Some(k) = king_at
            && let Some(ruled) = self.castling(touches, k)
        {
            return ruled;
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

    /// 4.4.1 and 4.4.3: the king touched at `k` and a rook after it, when they decide.
    fn castling(&self, touches: &[Touched], k: usize) -> Option<(Vec<Move>, &'static str)> {
        // Touched pieces before the king that can neither move nor be captured are passed over
        // (4.5, `pass-over-before-king`).
        let king_counts = if self.suite(Reading::PassOverBeforeKing) {
            touches[..k].iter().all(|t| self.stuck(t))
        } else {
            k == 0
        };
        if !king_counts {
            return None;
        }
        let after = &touches[k + 1..];
        let r = if self.suite(Reading::RookTouchedLater) {
            k + 1 + after.iter().position(|t| self.castling_rook(t))?
        } else {
            after
                .first()
                .is_some_and(|t| self.castling_rook(t))
                .then_some(k + 1)?
        };
        // An opponent's piece that can be captured, touched before the rook: 4.3.3 decides
        // (`castling-before-capture`; the other reading lets it decide when touched after too).
        let capturable = |t: &Touched| !t.own && !self.stuck(t);
        if touches[k + 1..r].iter().any(capturable)
            || (!self.suite(Reading::CastlingBeforeCapture)
                && touches[r + 1..].iter().any(capturable))
        {
            return None;
        }
        let (king, rook) = (touches[k], touches[r]);
        let with_this_rook = Move::Castle {
            king: king.square,
            rook: rook.square,
        };
        if let Some(castle) = self.legal.iter().copied().find(|m| *m == with_this_rook) {
            return Some((vec![castle], "4.4.1"));
        }
        let king_moves = self.moves_or_captures(king, &self.legal);
        if !king_moves.is_empty() {
            return Some((king_moves, "4.4.3"));
        }
        // The king has no move: any legal move, but for the pieces touched besides the king and
        // the rook (`touches-after-free-choice`).
        let besides: Vec<Touched> = touches[k + 1..]
            .iter()
            .enumerate()
            .filter(|(i, _)| k + 1 + i != r)
            .map(|(_, t)| *t)
            .collect();
        Some(self.free_choice(&besides, "4.4.3"))
    }

    /// Any legal move, as 4.4.3 or 4.7.2 leave it, unless a piece touched after the freedom was
    /// given binds (`touches-after-free-choice`).
    pub(super) fn free_choice(
        &self,
        later: &[Touched],
        clause: &'static str,
    ) -> (Vec<Move>, &'static str) {
        if self.suite(Reading::TouchesAfterFreeChoice) && !later.is_empty() {
            let (moves, bound) = self.obligation(later);
            if bound != "4.5" {
                return (moves, bound);
            }
        }
        (self.legal.clone(), clause)
    }

    /// The moves a release of the piece on `from` on the square `on` stands for: the legal moves
    /// from `from` to `on` (several for a promotion), and the clause. The king let go on its
    /// castling square (g1 or c1; in standard chess two squares from e1) is castling (4.7.2),
    /// still to be finished by the rook; in Chess960 one step away it is the plain king move
    /// (`960-king-released-one-step`). In a Chess960 castling that moves only the rook, the rook
    /// let go on its castling square after the king was touched (`king_touched`) is that
    /// castling (`960-rook-released-completes-castling`); without the king, only when castling
    /// counts as the rook's move (`960-castling-is-a-king-move` read the other way). For a king
    /// let go as castling when that castling is illegal (4.7.2): the other king moves, or every
    /// legal move if it has none; `legal` is false then, as no legal move was made.
    pub(super) fn release(&self, from: Square, on: Square, king_touched: bool) -> Release {
        let us = self.pos.turn();
        let is_king = self
            .pos
            .board()
            .piece_at(from)
            .is_some_and(|p| p.role == Role::King);
        // The king let go on a castling square as castling.
        let castling_side = [CastlingSide::KingSide, CastlingSide::QueenSide]
            .into_iter()
            .find(|side| {
                let step = from.file().distance(on.file());
                is_king
                    && self.original(from)
                    && on == side.king_to(us)
                    && step >= 1
                    && (step >= 2 || !self.suite(Reading::Chess960KingReleasedOneStep))
            });
        let rook_release =
            !is_king && (king_touched || !self.suite(Reading::Chess960CastlingIsAKingMove));
        let matching: Vec<Move> = self
            .legal
            .iter()
            .copied()
            .filter(|m| match (*m, m.castling_side()) {
                (Move::Castle { king, rook }, Some(side)) => {
                    (Some(side) == castling_side && king == from)
                        || (rook_release
                            && rook_only(*m, us)
                            && rook == from
                            && on == side.rook_to(us))
                }
                _ => castling_side.is_none() && m.from() == Some(from) && m.to() == on,
            })
            .collect();
        if castling_side.is_some() && matching.is_empty() {
            let king_moves: Vec<Move> = self
                .legal
                .iter()
                .copied()
                .filter(|m| self.moves_piece_on(*m, from))
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
                unfinished: None,
            };
        }
        let castle = matching.iter().find_map(|m| match (*m, m.castling_side()) {
            (Move::Castle { king, rook }, Some(side)) => Some((king, rook, side)),
            _ => None,
        });
        let (clause, unfinished) = if let Some((king, rook, side)) = castle {
            let to = side.rook_to(us);
            let unfinished = if from == king && rook != to {
                Some(Unfinished::Castling { rook, to })
            } else if from == rook && !self.suite(Reading::Chess960RookReleasedCompletesCastling) {
                Some(Unfinished::KingToPlace)
            } else {
                None
            };
            ("4.7.2", unfinished)
        } else if matching.iter().any(|m| m.is_promotion()) {
            ("4.7.3", Some(Unfinished::Promotion))
        } else if matching.iter().any(|m| m.is_capture()) {
            ("4.7.1", None)
        } else {
            ("4.7", None)
        };
        Release {
            moves: matching,
            legal: true,
            clause,
            unfinished,
        }
    }
}

/// Whether `m` is a castling that moves only the rook: Chess960, the king already on its
/// castling square (II.3.2.4).
fn rook_only(m: Move, us: shakmaty::Color) -> bool {
    match (m, m.castling_side()) {
        (Move::Castle { king, .. }, Some(side)) => king == side.king_to(us),
        _ => false,
    }
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
