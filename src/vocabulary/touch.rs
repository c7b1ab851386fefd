//! Touch-move (FIDE Laws, Article 4) as words: the events at the board a case describes, and
//! the obligation they leave. The arbiter that reads them on a position is [`crate::touch`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::check_square;

/// A piece a pawn can be promoted to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PromotionPiece {
    /// A queen.
    Queen,
    /// A rook.
    Rook,
    /// A bishop.
    Bishop,
    /// A knight.
    Knight,
}

impl PromotionPiece {
    /// Every promotion piece.
    pub const ALL: [PromotionPiece; 4] = [
        PromotionPiece::Queen,
        PromotionPiece::Rook,
        PromotionPiece::Bishop,
        PromotionPiece::Knight,
    ];

    /// `queen`, `rook`, `bishop` or `knight`.
    pub fn name(self) -> &'static str {
        match self {
            PromotionPiece::Queen => "queen",
            PromotionPiece::Rook => "rook",
            PromotionPiece::Bishop => "bishop",
            PromotionPiece::Knight => "knight",
        }
    }

    /// The letter of the piece in a UCI promotion: `q`, `r`, `b`, `n`.
    pub fn uci(self) -> char {
        match self {
            PromotionPiece::Queen => 'q',
            PromotionPiece::Rook => 'r',
            PromotionPiece::Bishop => 'b',
            PromotionPiece::Knight => 'n',
        }
    }
}

impl fmt::Display for PromotionPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One thing the player to move does at the board, written in a case as a short phrase.
///
/// Squares name where a piece stands in the case's position (a released piece is still named by
/// the square it came from). Every event is the player's, except `opponent touches`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub enum TouchEvent {
    /// `touch e2`: the piece on e2 (the player's or the opponent's) is touched with the intention
    /// of moving or capturing it (FIDE 4.3).
    Touch(String),
    /// `touch e2 accidentally`: a clearly accidental contact, which obliges nothing (4.2.2).
    AccidentalTouch(String),
    /// `touch e1 h1 together`: two pieces touched at once, so that it is unclear which was first:
    /// one of each colour (4.3.3: the own piece counts first) or the own king and a rook on the
    /// first rank (4.4.1: with the intention of castling).
    TouchTogether(String, String),
    /// `say j'adoube`: the player says they are going to adjust ("I adjust"), which makes the
    /// `adjust` events after it free (4.2.1).
    SayJadoube,
    /// `adjust e4`: the piece on e4 is straightened on its square. Without `say j'adoube` before
    /// it, this is a deliberate touch (4.2.2).
    Adjust(String),
    /// `release e2 on e4`: the piece from e2 is let go on e4 (4.7).
    Release {
        /// The square the piece came from.
        from: String,
        /// The square it was let go on.
        on: String,
    },
    /// `new knight touches e8`: the piece chosen for a promotion touches the promotion square,
    /// which makes the choice final (4.4.4).
    NewPieceTouches {
        /// The piece chosen.
        piece: PromotionPiece,
        /// The promotion square it touched.
        square: String,
    },
    /// `opponent touches e7`: after the player's move, the opponent touches a piece to make
    /// theirs, and so can no longer claim a breach of Article 4 (4.8).
    OpponentTouches(String),
}

/// The forms an event can take, for error messages and documentation.
pub const EVENT_FORMS: &str = "touch SQ, touch SQ accidentally, touch SQ SQ together, \
     say j'adoube, adjust SQ, release SQ on SQ, new queen|rook|bishop|knight touches SQ, \
     opponent touches SQ";

/// Why a phrase is not a touch-move event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventSyntaxError(pub String);

impl fmt::Display for EventSyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for EventSyntaxError {}

fn square_word(event: &str, word: &str) -> Result<String, EventSyntaxError> {
    check_square(word)
        .map(|_| word.to_owned())
        .map_err(|why| EventSyntaxError(format!("in the event `{event}`: {why}")))
}

impl FromStr for TouchEvent {
    type Err = EventSyntaxError;

    fn from_str(event: &str) -> Result<TouchEvent, EventSyntaxError> {
        let words: Vec<&str> = event.split_whitespace().collect();
        let sq = |word: &str| square_word(event, word);
        Ok(match words.as_slice() {
            ["touch", a] => TouchEvent::Touch(sq(a)?),
            ["touch", a, "accidentally"] => TouchEvent::AccidentalTouch(sq(a)?),
            ["touch", a, b, "together"] => {
                if a == b {
                    return Err(EventSyntaxError(format!(
                        "in the event `{event}`: two different squares are touched together"
                    )));
                }
                TouchEvent::TouchTogether(sq(a)?, sq(b)?)
            }
            ["say", "j'adoube"] => TouchEvent::SayJadoube,
            ["adjust", a] => TouchEvent::Adjust(sq(a)?),
            ["release", a, "on", b] => {
                if a == b {
                    return Err(EventSyntaxError(format!(
                        "in the event `{event}`: a piece let go on its own square was only \
                         touched; write `touch {a}`"
                    )));
                }
                TouchEvent::Release {
                    from: sq(a)?,
                    on: sq(b)?,
                }
            }
            ["new", piece, "touches", a] => TouchEvent::NewPieceTouches {
                piece: PromotionPiece::ALL
                    .into_iter()
                    .find(|p| p.name() == *piece)
                    .ok_or_else(|| {
                        EventSyntaxError(format!(
                            "in the event `{event}`: a pawn is promoted to a queen, rook, bishop \
                             or knight, not `{piece}`"
                        ))
                    })?,
                square: sq(a)?,
            },
            ["opponent", "touches", a] => TouchEvent::OpponentTouches(sq(a)?),
            _ => {
                return Err(EventSyntaxError(format!(
                    "`{event}` is not a touch-move event (expected one of: {EVENT_FORMS})"
                )));
            }
        })
    }
}

impl fmt::Display for TouchEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TouchEvent::Touch(a) => write!(f, "touch {a}"),
            TouchEvent::AccidentalTouch(a) => write!(f, "touch {a} accidentally"),
            TouchEvent::TouchTogether(a, b) => write!(f, "touch {a} {b} together"),
            TouchEvent::SayJadoube => f.write_str("say j'adoube"),
            TouchEvent::Adjust(a) => write!(f, "adjust {a}"),
            TouchEvent::Release { from, on } => write!(f, "release {from} on {on}"),
            TouchEvent::NewPieceTouches { piece, square } => {
                write!(f, "new {piece} touches {square}")
            }
            TouchEvent::OpponentTouches(a) => write!(f, "opponent touches {a}"),
        }
    }
}

impl TryFrom<String> for TouchEvent {
    type Error = EventSyntaxError;

    fn try_from(s: String) -> Result<TouchEvent, EventSyntaxError> {
        s.parse()
    }
}

impl From<TouchEvent> for String {
    fn from(e: TouchEvent) -> String {
        e.to_string()
    }
}

/// What the player may still do: any legal move, or exactly one of these moves.
///
/// In a case file: `allowed: any` or `allowed: [e2e3, e2e4]`. Two obligations mean the same when
/// they allow the same moves: `any` equals the list of every legal move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Obligation {
    /// Any legal move (nothing obliges the player, or FIDE 4.5).
    AnyLegalMove,
    /// One of these UCI moves, castling as the king's two-square move.
    Moves(Vec<String>),
}

impl fmt::Display for Obligation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obligation::AnyLegalMove => f.write_str("any legal move"),
            Obligation::Moves(moves) => write!(f, "[{}]", moves.join(", ")),
        }
    }
}

impl Serialize for Obligation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Obligation::AnyLegalMove => serializer.serialize_str("any"),
            Obligation::Moves(moves) => moves.serialize(serializer),
        }
    }
}

impl<'de> Deserialize<'de> for Obligation {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Obligation, D::Error> {
        struct Visit;

        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Obligation;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("`any` or a list of UCI moves")
            }

            fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<Obligation, E> {
                if s == "any" {
                    Ok(Obligation::AnyLegalMove)
                } else {
                    Err(E::invalid_value(serde::de::Unexpected::Str(s), &self))
                }
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Obligation, A::Error> {
                let mut moves = Vec::new();
                while let Some(m) = seq.next_element::<String>()? {
                    moves.push(m);
                }
                Ok(Obligation::Moves(moves))
            }
        }

        deserializer.deserialize_any(Visit)
    }
}

/// The JSON Schema of events and obligations (feature `schema`): strings of the event forms,
/// and `any` or a list of moves.
#[cfg(feature = "schema")]
mod schema {
    use std::borrow::Cow;

    use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

    use super::{EVENT_FORMS, Obligation, TouchEvent};

    /// The pattern every touch-move event matches: the forms of [`EVENT_FORMS`], words
    /// separated by any white space, as the parser reads them.
    const TOUCH_EVENT_PATTERN: &str = r"^\s*(touch\s+[a-h][1-8](\s+accidentally|\s+[a-h][1-8]\s+together)?|say\s+j'adoube|adjust\s+[a-h][1-8]|release\s+[a-h][1-8]\s+on\s+[a-h][1-8]|new\s+(queen|rook|bishop|knight)\s+touches\s+[a-h][1-8]|opponent\s+touches\s+[a-h][1-8])\s*$";

    /// A touch-move event is a phrase in a case file: a string of one of the event forms.
    impl JsonSchema for TouchEvent {
        fn schema_name() -> Cow<'static, str> {
            "TouchEvent".into()
        }

        fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
            json_schema!({
                "type": "string",
                "description": format!(
                    "What happened at the board, one of: {}. Squares name where a piece stands \
                     in the case's position.",
                    EVENT_FORMS
                ),
                "pattern": TOUCH_EVENT_PATTERN,
            })
        }
    }

    /// An obligation is `any` or a list of UCI moves.
    impl JsonSchema for Obligation {
        fn schema_name() -> Cow<'static, str> {
            "Obligation".into()
        }

        fn json_schema(_generator: &mut SchemaGenerator) -> Schema {
            json_schema!({
                "description": "The moves the player may still make: `any` (any legal move) or \
                                exactly these UCI moves (never empty).",
                "anyOf": [
                    { "const": "any" },
                    { "type": "array", "items": { "type": "string" }, "minItems": 1 }
                ]
            })
        }
    }
}
