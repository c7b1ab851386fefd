//! Moves written and read: UCI and Standard Algebraic Notation with the set's letters.

use super::board::{Board, Move, Special, square_name};
use super::piece::PAWN;

impl Board {
    /// A move in UCI's form (`e2e4`, `e7e8q`, castling as the king's two squares).
    pub fn uci(&self, m: Move) -> String {
        let mut s = format!("{}{}", square_name(m.from), square_name(m.to));
        if let Some(k) = m.promotion {
            s.push(self.set.kind(k).letter);
        }
        s
    }

    /// The legal move written `uci`, if there is one.
    pub fn parse_uci(&self, uci: &str) -> Option<Move> {
        self.legal_moves().into_iter().find(|&m| self.uci(m) == uci)
    }

    /// A legal move in Standard Algebraic Notation (PGN 8.2.3): the piece's letter in upper
    /// case, the from file, rank or both when another piece of its kind could go there too,
    /// `x` for a capture, `=` and the letter of a promotion, `O-O` and `O-O-O`, `+` or `#`.
    pub fn san(&self, m: Move) -> String {
        let piece = self.at(m.from).expect("a move starts on a piece");
        let mut s = String::new();
        if m.special == Special::Castle {
            s.push_str(if m.to > m.from { "O-O" } else { "O-O-O" });
        } else {
            let capture = self.at(m.to).is_some() || m.special == Special::EnPassant;
            if piece.kind == PAWN {
                if capture {
                    s.push(char::from(b'a' + m.from % 8));
                }
            } else {
                s.push(self.set.kind(piece.kind).letter.to_ascii_uppercase());
                let rivals: Vec<u8> = self
                    .legal_moves()
                    .into_iter()
                    .filter(|o| {
                        o.to == m.to
                            && o.from != m.from
                            && self.at(o.from).map(|p| p.kind) == Some(piece.kind)
                    })
                    .map(|o| o.from)
                    .collect();
                if !rivals.is_empty() {
                    let file = !rivals.iter().any(|r| r % 8 == m.from % 8);
                    let rank = !rivals.iter().any(|r| r / 8 == m.from / 8);
                    let name = square_name(m.from);
                    if file {
                        s.push_str(&name[..1]);
                    } else if rank {
                        s.push_str(&name[1..]);
                    } else {
                        s.push_str(&name);
                    }
                }
            }
            if capture {
                s.push('x');
            }
            s.push_str(&square_name(m.to));
            if let Some(k) = m.promotion {
                s.push('=');
                s.push(self.set.kind(k).letter.to_ascii_uppercase());
            }
        }
        let after = self.played(m);
        if after.in_check(after.turn) {
            s.push(if after.legal_moves().is_empty() {
                '#'
            } else {
                '+'
            });
        }
        s
    }

    /// The legal move a SAN string names (a `+`, `#`, `!` or `?` at its end is not required).
    pub fn parse_san(&self, san: &str) -> Option<Move> {
        let bare = |s: &str| s.trim_end_matches(['+', '#', '!', '?']).to_string();
        let wanted = bare(san);
        self.legal_moves()
            .into_iter()
            .find(|&m| bare(&self.san(m)) == wanted)
    }
}
