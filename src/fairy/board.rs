//! A position with pieces given by their movement: the standard six and any the case defines.
//!
//! The board is a plain array of 64 squares (a1 = 0, b1 = 1, ..., h8 = 63): moves are generated
//! piece by piece from each piece's legs ([`super::betza`]), kept when the mover's king is not
//! attacked afterwards, and every attack is found by walking the legs of the attacker. Pawns,
//! the king and castling follow the Laws (FIDE 3.7, 3.8); promotion is to a queen, rook, bishop
//! or knight (3.7.5.1). Clarity over speed: a few hundred thousand nodes a second is plenty for
//! the cases' perft counts.

use std::sync::Arc;

use super::piece::{KING, PAWN, PROMOTIONS, Piece, PieceSet, ROOK};
use crate::vocabulary::Color;

/// What kind of move, for what it does beyond moving a piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// A piece moves, capturing what stands on the square, if anything.
    Normal,
    /// A pawn's first move of two squares: the square it passes becomes the en passant square.
    DoubleStep,
    /// A pawn captures a pawn that has just passed its capture square (FIDE 3.7.3.1).
    EnPassant,
    /// The king goes two squares towards a rook, which crosses it (FIDE 3.8.2).
    Castle,
}

/// A move: from, to, the piece a pawn promotes to, and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The square left.
    pub from: u8,
    /// The square reached (for castling, the king's).
    pub to: u8,
    /// The kind a pawn becomes.
    pub promotion: Option<u8>,
    /// Double step, en passant, castling or none.
    pub special: Special,
}

/// A square's name, `a1` to `h8`.
pub fn square_name(sq: u8) -> String {
    let file = char::from(b'a' + sq % 8);
    let rank = char::from(b'1' + sq / 8);
    format!("{file}{rank}")
}

/// The square a name names.
pub fn parse_square(name: &str) -> Option<u8> {
    let b = name.as_bytes();
    if b.len() != 2 || !(b'a'..=b'h').contains(&b[0]) || !(b'1'..=b'8').contains(&b[1]) {
        return None;
    }
    Some((b[1] - b'1') * 8 + (b[0] - b'a'))
}

/// The square `(df, dr)` away, if on the board.
pub(super) fn offset(sq: u8, df: i8, dr: i8) -> Option<u8> {
    let f = (sq % 8) as i8 + df;
    let r = (sq / 8) as i8 + dr;
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as u8)
}

/// Castling rights, in FEN order: white king side, white queen side, black king side, black
/// queen side.
pub type Castling = [bool; 4];

/// A position: the pieces, the side to move, castling rights, the en passant square, and the
/// two move counters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub(super) set: Arc<PieceSet>,
    pub(super) squares: [Option<Piece>; 64],
    pub(super) turn: Color,
    pub(super) castling: Castling,
    pub(super) ep: Option<u8>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
}

/// The forward direction of a side's pawns.
pub(super) fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl Board {
    /// The pieces' kinds.
    pub fn set(&self) -> &PieceSet {
        &self.set
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// What stands on a square.
    pub fn at(&self, sq: u8) -> Option<Piece> {
        self.squares[usize::from(sq)]
    }

    /// Every piece of a side, with its square.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (u8, Piece)> + '_ {
        (0..64u8).filter_map(move |sq| self.at(sq).filter(|p| p.color == color).map(|p| (sq, p)))
    }

    /// The square of a side's king.
    fn king(&self, color: Color) -> Option<u8> {
        self.pieces(color)
            .find(|(_, p)| p.kind == KING)
            .map(|(sq, _)| sq)
    }

    /// The squares the piece on `from` attacks: those it could capture on if an enemy piece
    /// stood there (a pawn's two diagonals forward), up to and including the first piece on
    /// each line, whoever's it is; pins are ignored (FIDE 3.1.1).
    pub fn attacks_from(&self, from: u8) -> Vec<u8> {
        let Some(piece) = self.at(from) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if piece.kind == PAWN {
            for df in [-1, 1] {
                out.extend(offset(from, df, forward(piece.color)));
            }
        } else {
            for leg in &self.set.kind(piece.kind).movement.legs {
                let mut sq = from;
                for _ in 0..leg.range {
                    let Some(next) = offset(sq, leg.df, leg.dr) else {
                        break;
                    };
                    out.push(next);
                    if self.at(next).is_some() {
                        break;
                    }
                    sq = next;
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether a piece of `by` attacks `sq`.
    pub fn attacked(&self, sq: u8, by: Color) -> bool {
        self.pieces(by)
            .any(|(from, p)| self.attacks_piece(from, p, sq))
    }

    /// Whether the piece `p` on `from` attacks `target`, walking only the leg that can reach it.
    fn attacks_piece(&self, from: u8, p: Piece, target: u8) -> bool {
        let df = (target % 8) as i8 - (from % 8) as i8;
        let dr = (target / 8) as i8 - (from / 8) as i8;
        if p.kind == PAWN {
            return dr == forward(p.color) && df.abs() == 1;
        }
        self.set.kind(p.kind).movement.legs.iter().any(|leg| {
            // The number of steps k with k * (leg.df, leg.dr) == (df, dr).
            let k = if leg.df != 0 {
                df / leg.df
            } else {
                dr / leg.dr
            };
            if k < 1 || k > leg.range as i8 || k * leg.df != df || k * leg.dr != dr {
                return false;
            }
            (1..k)
                .all(|j| offset(from, j * leg.df, j * leg.dr).is_some_and(|s| self.at(s).is_none()))
        })
    }

    /// Whether a side's king is attacked.
    pub fn in_check(&self, color: Color) -> bool {
        self.king(color)
            .is_some_and(|k| self.attacked(k, color.other()))
    }

    /// The squares of the pieces that give check to the side to move.
    pub fn checkers(&self) -> Vec<u8> {
        let Some(king) = self.king(self.turn) else {
            return Vec::new();
        };
        self.pieces(self.turn.other())
            .filter(|&(from, p)| self.attacks_piece(from, p, king))
            .map(|(sq, _)| sq)
            .collect()
    }

    /// Moves by the rules of movement, before the king's safety is looked at.
    fn pseudo_legal(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let us = self.turn;
        let plain = |from, to| Move {
            from,
            to,
            promotion: None,
            special: Special::Normal,
        };
        for (from, piece) in self.pieces(us) {
            if piece.kind == PAWN {
                self.pawn_moves(from, &mut out);
                continue;
            }
            for leg in &self.set.kind(piece.kind).movement.legs {
                let mut sq = from;
                for _ in 0..leg.range {
                    let Some(next) = offset(sq, leg.df, leg.dr) else {
                        break;
                    };
                    match self.at(next) {
                        None => out.push(plain(from, next)),
                        Some(other) => {
                            if other.color != us {
                                out.push(plain(from, next));
                            }
                            break;
                        }
                    }
                    sq = next;
                }
            }
        }
        self.castling_moves(&mut out);
        out
    }

    fn pawn_moves(&self, from: u8, out: &mut Vec<Move>) {
        let us = self.turn;
        let fwd = forward(us);
        let last = |sq: u8| sq / 8 == if us == Color::White { 7 } else { 0 };
        let mut push = |to: u8, special: Special| {
            if last(to) {
                for kind in PROMOTIONS {
                    out.push(Move {
                        from,
                        to,
                        promotion: Some(kind),
                        special,
                    });
                }
            } else {
                out.push(Move {
                    from,
                    to,
                    promotion: None,
                    special,
                });
            }
        };
        if let Some(one) = offset(from, 0, fwd).filter(|&s| self.at(s).is_none()) {
            push(one, Special::Normal);
            let start = if us == Color::White { 1 } else { 6 };
            if from / 8 == start
                && let Some(two) = offset(one, 0, fwd).filter(|&s| self.at(s).is_none())
            {
                push(two, Special::DoubleStep);
            }
        }
        for df in [-1, 1] {
            let Some(to) = offset(from, df, fwd) else {
                continue;
            };
            match self.at(to) {
                Some(p) if p.color != us => push(to, Special::Normal),
                None if self.ep == Some(to) => push(to, Special::EnPassant),
                _ => {}
            }
        }
    }

    fn castling_moves(&self, out: &mut Vec<Move>) {
        let us = self.turn;
        let (base, rights) = match us {
            Color::White => (0u8, [self.castling[0], self.castling[1]]),
            Color::Black => (56u8, [self.castling[2], self.castling[3]]),
        };
        let king = base + 4;
        if self.at(king)
            != Some(Piece {
                color: us,
                kind: KING,
            })
            || self.attacked(king, us.other())
        {
            return;
        }
        // King side: f and g empty, f and g not attacked. Queen side: b, c and d empty, d and c
        // not attacked (b may be: the king does not cross it; FIDE 3.8.2.1, 3.8.2.2).
        let sides: [(bool, u8, &[u8], &[u8]); 2] = [
            (rights[0], base + 7, &[5, 6], &[5, 6]),
            (rights[1], base, &[1, 2, 3], &[3, 2]),
        ];
        for (right, rook, empty, safe) in sides {
            if right
                && self.at(rook)
                    == Some(Piece {
                        color: us,
                        kind: ROOK,
                    })
                && empty.iter().all(|&f| self.at(base + f).is_none())
                && safe.iter().all(|&f| !self.attacked(base + f, us.other()))
            {
                out.push(Move {
                    from: king,
                    to: if rook > king { king + 2 } else { king - 2 },
                    promotion: None,
                    special: Special::Castle,
                });
            }
        }
    }

    /// The legal moves: those after which the mover's king is not attacked (FIDE 3.9).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.pseudo_legal()
            .into_iter()
            .filter(|&m| !self.played(m).in_check(self.turn))
            .collect()
    }

    /// The position after a move, which is not checked for legality.
    pub fn played(&self, m: Move) -> Board {
        let mut next = self.clone();
        let us = self.turn;
        let piece = self.at(m.from).expect("a move starts on a piece");
        let captured = self.at(m.to).is_some() || m.special == Special::EnPassant;
        next.squares[usize::from(m.from)] = None;
        next.squares[usize::from(m.to)] = Some(Piece {
            color: us,
            kind: m.promotion.unwrap_or(piece.kind),
        });
        match m.special {
            Special::EnPassant => {
                let taken = offset(m.to, 0, -forward(us)).expect("behind the en passant square");
                next.squares[usize::from(taken)] = None;
            }
            Special::Castle => {
                let base = m.from - 4;
                let (rook_from, rook_to) = if m.to > m.from {
                    (base + 7, base + 5)
                } else {
                    (base, base + 3)
                };
                next.squares[usize::from(rook_from)] = None;
                next.squares[usize::from(rook_to)] = Some(Piece {
                    color: us,
                    kind: ROOK,
                });
            }
            Special::Normal | Special::DoubleStep => {}
        }
        next.ep = (m.special == Special::DoubleStep)
            .then(|| offset(m.from, 0, forward(us)))
            .flatten();
        // A king or rook leaving its square, or a rook captured on it, ends those rights.
        for (i, sq) in [7u8, 0, 63, 56].into_iter().enumerate() {
            if m.from == sq || m.to == sq {
                next.castling[i] = false;
            }
        }
        if piece.kind == KING {
            let i = if us == Color::White { 0 } else { 2 };
            next.castling[i] = false;
            next.castling[i + 1] = false;
        }
        next.halfmoves = if piece.kind == PAWN || captured {
            0
        } else {
            self.halfmoves + 1
        };
        if us == Color::Black {
            next.fullmoves += 1;
        }
        next.turn = us.other();
        next
    }

    /// Whether the side to move is checkmated, stalemated, or neither.
    pub fn outcome(&self) -> Outcome {
        if !self.legal_moves().is_empty() {
            Outcome::Ongoing
        } else if self.in_check(self.turn) {
            Outcome::Checkmate
        } else {
            Outcome::Stalemate
        }
    }

    /// The number of move paths of `depth` plies (perft).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| self.played(m).perft(depth - 1))
            .sum()
    }
}

/// Whether the game goes on, by the moves the side to move has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move has a legal move.
    Ongoing,
    /// No legal move, and in check (FIDE 5.1.1).
    Checkmate,
    /// No legal move, not in check (FIDE 5.2.1).
    Stalemate,
}
