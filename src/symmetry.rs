//! The symmetries of the rules, as maps of the suite's strings: the colour flip (ranks
//! mirrored, White and Black swapped) and the file mirror (a to h). Each assertion kind says how
//! it reads under them ([`crate::assertion::Assertion::transform`]); the generator makes the
//! twins of cases with them.

use shakmaty::fen::Fen;

use crate::vocabulary::TouchEvent;

/// A symmetry of the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Symmetry {
    /// Ranks mirrored (1 to 8), colours swapped.
    Flip,
    /// Files mirrored (a to h); colours and side to move unchanged.
    Mirror,
}

impl Symmetry {
    /// Both symmetries.
    pub const ALL: [Symmetry; 2] = [Symmetry::Flip, Symmetry::Mirror];

    /// The generator name, as it appears in ids: `flip` or `mirror`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Flip => "flip",
            Symmetry::Mirror => "mirror",
        }
    }

    /// What the symmetry does, for titles and reports.
    pub fn describe(self) -> &'static str {
        match self {
            Symmetry::Flip => "colour flip (ranks mirrored, White and Black swapped)",
            Symmetry::Mirror => "file mirror (files a-h mirrored)",
        }
    }

    /// A file letter under the symmetry.
    fn file(self, c: char) -> char {
        match self {
            Symmetry::Mirror if ('a'..='h').contains(&c) => (b'a' + b'h' - c as u8) as char,
            _ => c,
        }
    }

    /// A rank digit under the symmetry.
    fn rank(self, c: char) -> char {
        match self {
            Symmetry::Flip if ('1'..='8').contains(&c) => (b'1' + b'8' - c as u8) as char,
            _ => c,
        }
    }

    /// A square name (`e2`) under the symmetry.
    pub fn square(self, name: &str) -> String {
        name.chars()
            .enumerate()
            .map(|(i, c)| if i == 0 { self.file(c) } else { self.rank(c) })
            .collect()
    }

    /// A UCI move (`e7e8n`) under the symmetry: both squares, the promotion piece kept.
    pub fn uci(self, uci: &str) -> String {
        uci.chars()
            .enumerate()
            .map(|(i, c)| match i {
                0 | 2 => self.file(c),
                1 | 3 => self.rank(c),
                _ => c,
            })
            .collect()
    }

    /// A SAN under the symmetry: in SAN every digit 1-8 is a rank and every lower-case a-h a
    /// file (piece letters are upper case, castling is `O-O`), so it is mapped character by
    /// character. Malformed SAN (`e9`, `0-0`, `nf3`) maps to equally malformed SAN.
    pub fn san(self, san: &str) -> String {
        san.chars().map(|c| self.rank(self.file(c))).collect()
    }

    /// A touch-move event under the symmetry: every square it names. Whose piece it is follows
    /// from the board, which is transformed with it (the colour flip swaps the sides and the
    /// side to move together, so "the player's piece" stays the player's).
    pub fn event(self, event: &TouchEvent) -> TouchEvent {
        let sq = |name: &String| self.square(name);
        match event {
            TouchEvent::Touch(a) => TouchEvent::Touch(sq(a)),
            TouchEvent::AccidentalTouch(a) => TouchEvent::AccidentalTouch(sq(a)),
            TouchEvent::TouchTogether(a, b) => TouchEvent::TouchTogether(sq(a), sq(b)),
            TouchEvent::SayJadoube => TouchEvent::SayJadoube,
            TouchEvent::Adjust(a) => TouchEvent::Adjust(sq(a)),
            TouchEvent::Release { from, on } => TouchEvent::Release {
                from: sq(from),
                on: sq(on),
            },
            TouchEvent::NewPieceTouches { piece, square } => TouchEvent::NewPieceTouches {
                piece: *piece,
                square: sq(square),
            },
            TouchEvent::OpponentTouches(a) => TouchEvent::OpponentTouches(sq(a)),
        }
    }

    /// A colour under the symmetry.
    pub fn color(self, color: crate::vocabulary::Color) -> crate::vocabulary::Color {
        match self {
            Symmetry::Flip => color.other(),
            Symmetry::Mirror => color,
        }
    }

    /// A FEN under the symmetry, keeping its counters. `Err` when it is not well formed.
    pub fn fen(self, fen: &str) -> Result<String, String> {
        let parsed = Fen::from_ascii(fen.as_bytes())
            .map_err(|e| format!("the FEN `{fen}` is not well formed ({e})"))?;
        let mut setup = parsed.into_setup();
        match self {
            Symmetry::Flip => setup.mirror(),
            Symmetry::Mirror => {
                if setup.castling_rights.any() {
                    return Err(
                        "the position has castling rights, and castling is not symmetric \
                                between the wings"
                            .into(),
                    );
                }
                setup.board.flip_horizontal();
                setup.ep_square = setup.ep_square.map(shakmaty::Square::flip_horizontal);
            }
        }
        Fen::try_from_setup(setup)
            .map(|f| f.to_string())
            .map_err(|e| format!("the transformed FEN cannot be written ({e:?})"))
    }
}
