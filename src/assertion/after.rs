//! `after`: the position reached by playing one legal move, compared with an expected FEN by
//! meaning: castling rights as written (a right kept after the king has moved is wrong), the en
//! passant square by the captures it allows (or exactly, `en_passant: exact`), the clocks unless
//! `clocks: false` or the engine keeps none (its declared [`Conventions`](crate::Conventions)).

use shakmaty::Position;

use super::compare::nonsense;
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::Play;
use crate::replay;
use crate::vocabulary::MoveResult;
use serde::{Deserialize, Serialize};

/// The position after one move, compared by meaning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct After {
    /// The UCI move to play; it must be legal.
    #[serde(rename = "move")]
    pub mv: String,
    /// The expected position, in FEN.
    pub fen: String,
    /// How the en passant field is compared.
    #[serde(default, skip_serializing_if = "EnPassantConvention::is_default")]
    pub en_passant: EnPassantConvention,
    /// Whether the halfmove clock and the move number are compared (default: yes).
    #[serde(default = "yes", skip_serializing_if = "is_true")]
    pub clocks: bool,
}

fn yes() -> bool {
    true
}

fn is_true(b: &bool) -> bool {
    *b
}

/// How the en passant field of a FEN is compared.
///
/// FEN writers disagree on when to name the en passant square: after every double step (the PGN
/// standard's FEN), only when a pawn stands ready to capture, or only when the capture is legal.
/// These are conventions, not rules, so by default the suite compares what the field means.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum EnPassantConvention {
    /// Equal when the same en passant captures are legal (FIDE 9.2.2's "possible moves"); the
    /// square may be written or omitted where no legal capture exists.
    #[default]
    Legal,
    /// The field must be written exactly as in the expected FEN.
    Exact,
}

impl EnPassantConvention {
    fn is_default(&self) -> bool {
        *self == EnPassantConvention::Legal
    }
}

/// The `after` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = Vec<After>;
    const KEY: &'static str = "after";

    fn validate(list: &Vec<After>, at: &mut Validation<'_>) {
        at.not_empty(list.is_empty(), "give a move and the FEN it must lead to");
        for (i, after) in list.iter().enumerate() {
            at.legal_move(
                &after.mv,
                &[i.into(), "move".into()],
                false,
                "the move of `after`",
            );
            let parsed = if at.pieces().is_empty() {
                replay::parse_fen_lenient(&after.fen)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            } else {
                crate::fairy::replay(&after.fen, &[], at.pieces())
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            };
            if let Err(err) = parsed {
                at.error(
                    &[i.into(), "fen".into()],
                    format!("the FEN of `after` is invalid: {err}"),
                );
            }
        }
    }

    fn plan(list: &Vec<After>, facts: &Facts<'_>, plan: &mut Plan) {
        for after in list {
            let expected = after.clone();
            let pieces = facts.pieces.to_vec();
            plan.probe(
                format!("after {}", after.mv),
                Capabilities::NONE.with(Capability::Play),
                after.fen.clone(),
                move |asker| {
                    let q = format!("play {}", expected.mv);
                    let play = Play {
                        uci: expected.mv.clone(),
                    };
                    // An engine that keeps no clocks (its handshake) is compared without them,
                    // and a pass says so: it holds on the other fields only.
                    let engine_clocks = asker.conventions().clocks;
                    let clocks = expected.clocks && engine_clocks;
                    Ok(match asker.ask(&q, play)? {
                        MoveResult::Played(fen) => {
                            let compared = if pieces.is_empty() {
                                compare_after(&expected, &fen, clocks)
                            } else {
                                compare_fairy_after(&expected, &fen, &pieces, clocks)
                            };
                            let (passed, mut actual) = compared.map_err(|why| nonsense(&q, why))?;
                            if expected.clocks && !engine_clocks {
                                actual.push_str(CLOCKS_NOT_COMPARED);
                            }
                            judged(passed, actual)
                        }
                        MoveResult::Refused(why) => {
                            judged(false, format!("refused the legal move: {why}"))
                        }
                    })
                },
            );
        }
    }

    fn transform(list: &Vec<After>, twin: &Twin) -> Result<Vec<After>, String> {
        let s = twin.symmetry;
        list.iter()
            .map(|a| {
                let After {
                    mv,
                    fen,
                    en_passant,
                    clocks,
                } = a;
                Ok(After {
                    mv: s.uci(mv),
                    fen: with_fullmoves(&s.fen(fen)?, twin.fullmoves_after),
                    en_passant: *en_passant,
                    clocks: *clocks,
                })
            })
            .collect()
    }

    fn normalize(list: &Vec<After>) -> Vec<After> {
        let mut list = list.clone();
        list.sort_by(|x, y| (&x.mv, &x.fen).cmp(&(&y.mv, &y.fen)));
        list
    }
}

/// The FEN with its move number replaced.
fn with_fullmoves(fen: &str, fullmoves: u32) -> String {
    let mut fields: Vec<&str> = fen.split(' ').collect();
    let number = fullmoves.to_string();
    if fields.len() == 6 {
        fields[5] = &number;
    }
    fields.join(" ")
}

/// What a check of an engine that keeps no clocks adds to its answer.
const CLOCKS_NOT_COMPARED: &str = " (clocks not compared: the engine keeps no clocks, handshake)";

/// Compares an engine's FEN with the expected one by meaning, the clocks too when `clocks`.
/// `Err` when the engine's FEN is not a position at all.
fn compare_after(after: &After, actual_fen: &str, clocks: bool) -> Result<(bool, String), String> {
    let expected = replay::parse_fen_lenient(&after.fen)
        .map_err(|e| format!("the case's FEN does not parse: {e}"))?;
    let actual = replay::parse_fen_lenient(actual_fen)
        .map_err(|e| format!("`{actual_fen}` is not a valid FEN: {e}"))?;
    let mut differs = Vec::new();
    if expected.board() != actual.board() {
        differs.push("pieces");
    }
    if expected.turn() != actual.turn() {
        differs.push("side to move");
    }
    if written_castling_rights(&after.fen) != written_castling_rights(actual_fen) {
        differs.push("castling rights");
    }
    let ep_same = match after.en_passant {
        EnPassantConvention::Legal => expected.legal_ep_square() == actual.legal_ep_square(),
        EnPassantConvention::Exact => fen_field(&after.fen, 3) == fen_field(actual_fen, 3),
    };
    if !ep_same {
        differs.push("en passant");
    }
    if clocks {
        if expected.halfmoves() != actual.halfmoves() {
            differs.push("halfmove clock");
        }
        if expected.fullmoves() != actual.fullmoves() {
            differs.push("move number");
        }
    }
    Ok(differing(actual_fen, &differs))
}

/// [`compare_after`] for a position of pieces beyond the standard six: both FENs read by the
/// fairy reference, which writes the en passant square only when a capture there is legal,
/// and compared field by field (the en passant field as written under `exact`).
fn compare_fairy_after(
    after: &After,
    actual_fen: &str,
    pieces: &[crate::vocabulary::PieceDefinition],
    clocks: bool,
) -> Result<(bool, String), String> {
    let read = |fen: &str| crate::fairy::replay(fen, &[], pieces).map(|b| b.fen());
    let expected = read(&after.fen).map_err(|e| format!("the case's FEN does not parse: {e}"))?;
    // The fairy reader wants six fields; clocks that are not compared may be left out.
    let whole = match actual_fen.split_whitespace().count() {
        4 if !clocks => format!("{actual_fen} 0 1"),
        _ => actual_fen.to_owned(),
    };
    let actual = read(&whole).map_err(|e| format!("`{actual_fen}` is not a valid FEN: {e}"))?;
    let field = |fen: &str, i: usize| fen_field(fen, i).unwrap_or("").to_owned();
    let mut differs = Vec::new();
    for (i, what) in [
        (0, "pieces"),
        (1, "side to move"),
        (2, "castling rights"),
        (3, "en passant"),
        (4, "halfmove clock"),
        (5, "move number"),
    ] {
        let (e, a) = match (i, after.en_passant) {
            (3, EnPassantConvention::Exact) => (field(&after.fen, 3), field(actual_fen, 3)),
            _ => (field(&expected, i), field(&actual, i)),
        };
        if e != a && (i < 4 || clocks) {
            differs.push(what);
        }
    }
    Ok(differing(actual_fen, &differs))
}

/// The verdict of a comparison: passed when nothing differs, else the engine's FEN with what
/// differs in it.
fn differing(actual_fen: &str, differs: &[&str]) -> (bool, String) {
    if differs.is_empty() {
        (true, actual_fen.to_owned())
    } else {
        (
            false,
            format!("{actual_fen} (differs in {})", differs.join(", ")),
        )
    }
}

/// The castling rights a FEN claims, as rook squares, whether or not they could exist: a FEN that
/// keeps a right the king or rook has lost is wrong, not a convention. The letters may come in
/// any order and as KQkq, X-FEN or Shredder-FEN.
fn written_castling_rights(fen: &str) -> Option<shakmaty::Bitboard> {
    shakmaty::fen::Fen::from_ascii(fen.as_bytes())
        .ok()
        .map(|f| f.as_setup().castling_rights)
}

fn fen_field(fen: &str, index: usize) -> Option<&str> {
    fen.split_whitespace().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn after_compares_en_passant_by_meaning() {
        let after = |fen: &str, en_passant| After {
            mv: "e2e4".into(),
            fen: fen.into(),
            en_passant,
            clocks: true,
        };
        let written = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let omitted = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert!(
            compare_after(&after(omitted, EnPassantConvention::Legal), written, true)
                .unwrap()
                .0
        );
        assert!(
            !compare_after(&after(omitted, EnPassantConvention::Exact), written, true)
                .unwrap()
                .0
        );
        let (passed, shown) = compare_after(
            &after(omitted, EnPassantConvention::Legal),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Qkq - 0 1",
            true,
        )
        .unwrap();
        assert!(!passed);
        assert!(shown.ends_with("(differs in castling rights)"), "{shown}");
        assert!(
            compare_after(
                &after(omitted, EnPassantConvention::Legal),
                "nonsense",
                true
            )
            .is_err()
        );
        // Castling rights kept after the king has castled are wrong, though meaningless.
        let castled = "4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
        let castling = After {
            mv: "e1g1".into(),
            fen: castled.into(),
            en_passant: EnPassantConvention::Legal,
            clocks: true,
        };
        assert!(compare_after(&castling, castled, true).unwrap().0);
        assert!(
            !compare_after(&castling, "4k3/8/8/8/8/8/8/5RK1 b K - 1 1", true)
                .unwrap()
                .0
        );
    }

    #[test]
    fn an_engine_without_clocks_is_compared_on_the_rest() {
        let after = After {
            mv: "a1a5".into(),
            fen: "4k3/8/8/R7/8/8/8/4K3 b - - 11 30".into(),
            en_passant: EnPassantConvention::Legal,
            clocks: true,
        };
        let zeroed = "4k3/8/8/R7/8/8/8/4K3 b - - 0 1";
        let (passed, shown) = compare_after(&after, zeroed, true).unwrap();
        assert!(!passed);
        assert!(
            shown.ends_with("(differs in halfmove clock, move number)"),
            "{shown}"
        );
        assert!(compare_after(&after, zeroed, false).unwrap().0);
        // Four fields, as a library without clocks may write: the same position.
        assert!(
            compare_after(&after, "4k3/8/8/R7/8/8/8/4K3 b - -", false)
                .unwrap()
                .0
        );
        // A real difference still fails without the clocks.
        let (passed, shown) =
            compare_after(&after, "4k3/8/8/R7/8/8/8/4K3 w - - 0 1", false).unwrap();
        assert!(!passed);
        assert!(shown.ends_with("(differs in side to move)"), "{shown}");
    }
}
