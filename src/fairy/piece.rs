//! The kinds of piece a position may hold: the standard six and those a case defines, each
//! with its letter, name and movement.

use std::fmt;

use super::betza::{BetzaError, Movement};
use crate::vocabulary::Color;

/// What a kind of piece is beyond its movement: pawns and kings have rules of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Moves forward, captures diagonally forward, double step, en passant, promotion.
    Pawn,
    /// Moves like `K`; castles; must not be left attacked.
    King,
    /// Moves and captures along its legs, nothing else.
    Piece,
}

/// A kind of piece: its FEN letter (lowercase), its name and how it moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kind {
    /// The FEN letter, lowercase (the white piece is written in uppercase).
    pub letter: char,
    /// The name, e.g. `amazon`.
    pub name: String,
    /// Its legs (a pawn's are not used).
    pub movement: Movement,
    /// Pawn, king or a piece.
    pub role: Role,
}

/// The kinds a position may hold: the standard six first (pawn, knight, bishop, rook, queen,
/// king, indices 0 to 5), then those defined by the case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceSet {
    kinds: Vec<Kind>,
}

/// Index of the pawn, knight, bishop, rook, queen and king in every [`PieceSet`].
pub(super) const PAWN: u8 = 0;
/// The knight's index.
pub(super) const KNIGHT: u8 = 1;
/// The bishop's index.
pub(super) const BISHOP: u8 = 2;
/// The rook's index.
pub(super) const ROOK: u8 = 3;
/// The queen's index.
pub(super) const QUEEN: u8 = 4;
/// The king's index.
pub(super) const KING: u8 = 5;

/// What a promoting pawn may become (FIDE 3.7.5.1), by index.
pub(super) const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

impl Default for PieceSet {
    fn default() -> Self {
        PieceSet::standard()
    }
}

impl PieceSet {
    /// The six pieces of chess.
    pub fn standard() -> PieceSet {
        let kind = |letter, name: &str, betza: &str, role| Kind {
            letter,
            name: name.into(),
            movement: Movement::parse(betza).expect("the standard pieces' notation reads"),
            role,
        };
        // The pawn's notation (`fmWfcF` in full Betza) is not of the subset read here; its
        // moves come from its own rules, so its list of legs is empty.
        let pawn = Kind {
            letter: 'p',
            name: "pawn".into(),
            movement: Movement {
                notation: "fmWfcF".into(),
                legs: Vec::new(),
            },
            role: Role::Pawn,
        };
        PieceSet {
            kinds: vec![
                pawn,
                kind('n', "knight", "N", Role::Piece),
                kind('b', "bishop", "B", Role::Piece),
                kind('r', "rook", "R", Role::Piece),
                kind('q', "queen", "Q", Role::Piece),
                kind('k', "king", "K", Role::King),
            ],
        }
    }

    /// The six pieces and one more: `letter` (any ASCII letter the six do not use, either
    /// case), `name`, and its movement in Betza's notation.
    ///
    /// # Errors
    ///
    /// A letter already taken or not an ASCII letter, a name already taken, or a notation that
    /// does not read.
    pub fn with(mut self, letter: char, name: &str, betza: &str) -> Result<PieceSet, PieceError> {
        if !letter.is_ascii_alphabetic() {
            return Err(PieceError::Letter(letter, "is not an ASCII letter".into()));
        }
        let letter = letter.to_ascii_lowercase();
        if let Some(k) = self.kinds.iter().find(|k| k.letter == letter) {
            return Err(PieceError::Letter(
                letter,
                format!("is already the {}'s", k.name),
            ));
        }
        if self.kinds.iter().any(|k| k.name == name) || name.is_empty() {
            return Err(PieceError::Name(name.into()));
        }
        if self.kinds.len() >= 32 {
            return Err(PieceError::TooMany);
        }
        let movement = Movement::parse(betza).map_err(PieceError::Betza)?;
        self.kinds.push(Kind {
            letter,
            name: name.into(),
            movement,
            role: Role::Piece,
        });
        Ok(self)
    }

    /// Every kind, the standard six first.
    pub fn kinds(&self) -> &[Kind] {
        &self.kinds
    }

    /// The kind at an index.
    pub fn kind(&self, index: u8) -> &Kind {
        &self.kinds[usize::from(index)]
    }

    /// The index of the kind written with this letter (either case).
    pub fn by_letter(&self, letter: char) -> Option<u8> {
        let letter = letter.to_ascii_lowercase();
        self.kinds
            .iter()
            .position(|k| k.letter == letter)
            .map(|i| i as u8)
    }

    /// Whether only the standard six are in the set.
    pub fn is_standard(&self) -> bool {
        self.kinds.len() == 6
    }
}

/// A piece that cannot join a [`PieceSet`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PieceError {
    /// The letter cannot be used.
    Letter(char, String),
    /// The name is empty or taken.
    Name(String),
    /// More than 26 pieces beyond the six.
    TooMany,
    /// The movement does not read.
    Betza(BetzaError),
}

impl fmt::Display for PieceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PieceError::Letter(c, why) => write!(f, "the letter `{c}` {why}"),
            PieceError::Name(n) => write!(f, "the name `{n}` is empty or already taken"),
            PieceError::TooMany => f.write_str("too many pieces"),
            PieceError::Betza(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PieceError {}

/// A piece on the board: its side and its kind's index in the [`PieceSet`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Whose it is.
    pub color: Color,
    /// Its kind's index.
    pub kind: u8,
}
