//! A position with pieces given by their movement: the standard six and any the case defines.
//!
//! The board is a plain array of 64 squares (a1 = 0, b1 = 1, ..., h8 = 63): moves are generated
//! piece by piece from each piece's legs ([`super::betza`]), kept when the mover's king is not
//! attacked afterwards, and every attack is found by walking the legs of the attacker. Pawns,
//! the king and castling follow the Laws (FIDE 3.7, 3.8); promotion is to a queen, rook, bishop
//! or knight (3.7.5.1). Clarity over speed: a few hundred thousand nodes a second is plenty for
//! the cases' perft counts.

use std::fmt;
use std::sync::Arc;

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
pub const PAWN: u8 = 0;
/// The knight's index.
pub const KNIGHT: u8 = 1;
/// The bishop's index.
pub const BISHOP: u8 = 2;
/// The rook's index.
pub const ROOK: u8 = 3;
/// The queen's index.
pub const QUEEN: u8 = 4;
/// The king's index.
pub const KING: u8 = 5;

/// What a promoting pawn may become (FIDE 3.7.5.1), by index.
const PROMOTIONS: [u8; 4] = [QUEEN, ROOK, BISHOP, KNIGHT];

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
fn offset(sq: u8, df: i8, dr: i8) -> Option<u8> {
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
    set: Arc<PieceSet>,
    squares: [Option<Piece>; 64],
    turn: Color,
    castling: Castling,
    ep: Option<u8>,
    halfmoves: u32,
    fullmoves: u32,
}

/// Why a FEN does not describe a position of this reference.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError(pub String);

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for FenError {}

/// The forward direction of a side's pawns.
fn forward(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

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
        let mut squares = [None; 64];
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return bad(format!(
                "the placement has {} ranks, not 8: `{}`",
                ranks.len(),
                fields[0]
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
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return bad(format!("the side to move is `w` or `b`, not `{other}`")),
        };
        let mut castling = [false; 4];
        if fields[2] != "-" {
            for c in fields[2].chars() {
                let i = match c {
                    'K' => 0,
                    'Q' => 1,
                    'k' => 2,
                    'q' => 3,
                    other => return bad(format!("`{other}` is not a castling right")),
                };
                if castling[i] {
                    return bad(format!("the castling right `{c}` is given twice"));
                }
                castling[i] = true;
            }
        }
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
