//! A [`Board`] read from a FEN with its set's letters, checked, and written back.

use std::sync::Arc;

use super::board::{Board, Castling, Special, forward, offset, parse_square, square_name};
use super::piece::{KING, PAWN, Piece, PieceSet, ROOK};
use crate::replay::FenError;
use crate::vocabulary::Color;

impl Board {
    /// Reads a FEN whose letters are those of `set`, and checks that the position can be
    /// played: one king each, no pawn on a first or last rank, the side not to move not in
    /// check, castling rights that match a king and rook on their first squares, and an en
    /// passant square that a double step just passed.
    ///
    /// # Errors
    ///
    /// What is wrong, naming the field.
    pub fn from_fen(fen: &str, set: Arc<PieceSet>) -> Result<Board, FenError> {
        let bad = |s: String| Err(FenError(s));
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if fields.len() != 6 {
            return bad(format!(
                "a FEN has six fields, this one {}: `{fen}`",
                fields.len()
            ));
        }
        let squares = placement(fields[0], &set)?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return bad(format!("the side to move is `w` or `b`, not `{other}`")),
        };
        let castling = castling(fields[2])?;
        let ep = match fields[3] {
            "-" => None,
            name => Some(
                parse_square(name)
                    .ok_or_else(|| FenError(format!("`{name}` is not an en passant square")))?,
            ),
        };
        let number = |s: &str, what: &str| {
            s.parse::<u32>()
                .map_err(|_| FenError(format!("the {what} `{s}` is not a number")))
        };
        let halfmoves = number(fields[4], "halfmove clock")?;
        let fullmoves = number(fields[5], "move number")?;
        if fullmoves == 0 {
            return bad("the move number starts at 1".into());
        }
        let board = Board {
            set,
            squares,
            turn,
            castling,
            ep,
            halfmoves,
            fullmoves,
        };
        board.validate()?;
        Ok(board)
    }

    /// The checks of [`Board::from_fen`] past the syntax.
    fn validate(&self) -> Result<(), FenError> {
        for color in [Color::White, Color::Black] {
            let kings = self.pieces(color).filter(|(_, p)| p.kind == KING).count();
            if kings != 1 {
                return Err(FenError(format!("{color} has {kings} kings, not one")));
            }
        }
        for sq in (0..8).chain(56..64) {
            if matches!(self.squares[usize::from(sq)], Some(p) if p.kind == PAWN) {
                return Err(FenError(format!("a pawn on {}", square_name(sq))));
            }
        }
        if self.in_check(self.turn.other()) {
            return Err(FenError(format!(
                "{}, not to move, is in check",
                self.turn.other()
            )));
        }
        for (i, (king, rook)) in [(4, 7), (4, 0), (60, 63), (60, 56)].into_iter().enumerate() {
            let color = if i < 2 { Color::White } else { Color::Black };
            if self.castling[i]
                && (self.at(king) != Some(Piece { color, kind: KING })
                    || self.at(rook) != Some(Piece { color, kind: ROOK }))
            {
                return Err(FenError(format!(
                    "the castling right `{}` needs {color}'s king on {} and rook on {}",
                    ['K', 'Q', 'k', 'q'][i],
                    square_name(king),
                    square_name(rook)
                )));
            }
        }
        if let Some(ep) = self.ep {
            let (rank, pawn_at) = match self.turn {
                Color::White => (5, offset(ep, 0, -1)),
                Color::Black => (2, offset(ep, 0, 1)),
            };
            let from = pawn_at.and_then(|s| offset(s, 0, 2 * forward(self.turn.other())));
            let passed = ep / 8 == rank
                && self.at(ep).is_none()
                && from.is_some_and(|f| self.at(f).is_none())
                && pawn_at.and_then(|s| self.at(s))
                    == Some(Piece {
                        color: self.turn.other(),
                        kind: PAWN,
                    });
            if !passed {
                return Err(FenError(format!(
                    "no double step of {} has just passed {}",
                    self.turn.other(),
                    square_name(ep)
                )));
            }
        }
        Ok(())
    }

    /// The position as a FEN, with the letters of its set; the en passant square is written
    /// only when a legal en passant capture exists.
    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                match self.at(rank * 8 + file) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        let c = self.set.kind(p.kind).letter;
                        s.push(if p.color == Color::White {
                            c.to_ascii_uppercase()
                        } else {
                            c
                        });
                    }
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.turn == Color::White {
            " w "
        } else {
            " b "
        });
        let rights: String = ['K', 'Q', 'k', 'q']
            .into_iter()
            .zip(self.castling)
            .filter(|&(_, on)| on)
            .map(|(c, _)| c)
            .collect();
        s.push_str(if rights.is_empty() { "-" } else { &rights });
        let ep = self.ep.filter(|_| {
            self.legal_moves()
                .iter()
                .any(|m| m.special == Special::EnPassant)
        });
        s.push(' ');
        s.push_str(&ep.map_or("-".into(), square_name));
        s.push_str(&format!(" {} {}", self.halfmoves, self.fullmoves));
        s
    }
}

/// The squares a FEN's placement field fills, with the letters of `set`.
fn placement(field: &str, set: &PieceSet) -> Result<[Option<Piece>; 64], FenError> {
    let bad = |s: String| Err(FenError(s));
    let mut squares = [None; 64];
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return bad(format!(
            "the placement has {} ranks, not 8: `{}`",
            ranks.len(),
            field
        ));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
            } else if let Some(kind) = set.by_letter(c).filter(|_| c.is_ascii_alphabetic()) {
                if file >= 8 {
                    return bad(format!("rank {} has more than 8 squares", rank + 1));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                squares[usize::from(rank * 8 + file)] = Some(Piece { color, kind });
                file += 1;
            } else {
                return bad(format!(
                    "`{c}` on rank {} is no piece of this position",
                    rank + 1
                ));
            }
            if file > 8 {
                return bad(format!("rank {} has more than 8 squares", rank + 1));
            }
        }
        if file != 8 {
            return bad(format!("rank {} has {file} squares, not 8", rank + 1));
        }
    }
    Ok(squares)
}

/// The rights a FEN's castling field gives, each at most once.
fn castling(field: &str) -> Result<Castling, FenError> {
    let mut castling = [false; 4];
    if field != "-" {
        for c in field.chars() {
            let i = match c {
                'K' => 0,
                'Q' => 1,
                'k' => 2,
                'q' => 3,
                other => return Err(FenError(format!("`{other}` is not a castling right"))),
            };
            if castling[i] {
                return Err(FenError(format!("the castling right `{c}` is given twice")));
            }
            castling[i] = true;
        }
    }
    Ok(castling)
}
