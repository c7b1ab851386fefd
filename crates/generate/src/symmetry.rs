//! Symmetry twins: the colour flip and the file mirror of a case.
//!
//! The rules of chess are the same for both colours and, where castling plays no part, for both
//! wings. So a case stays true when its board is mirrored rank-wise with colours swapped (the
//! **colour flip**: e2 becomes e7, White becomes Black, the side to move changes, castling
//! rights swap, the winner and `mating_material` swap), or mirrored file-wise (the **file
//! mirror**: a becomes h; only for cases without castling rights, since castling is not
//! symmetric between the wings). Every expectation is transformed with the board: moves,
//! squares, SAN (ranks are the digits of a SAN, files its lower-case letters), FENs of `after`
//! (with the move number recomputed, since White moves first within a move number).
//!
//! The maps themselves are [`chess_conformance::Symmetry`], and each assertion kind says how its value reads
//! under them ([`chess_conformance::assertion::Assertion::transform`]): this module only puts a case
//! together. A case that cannot be transformed is never dropped silently: [`twin`] says why.

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};

pub use chess_conformance::Symmetry;
use chess_conformance::Variant;
use chess_conformance::assertion::{Assertion, Facts, Mapper, Twin, Visitor};
use chess_conformance::case::Case;
use chess_conformance::replay::Replay;

/// Why a case has no twin under a symmetry (when it has none): its position cannot be
/// transformed, or one of its assertions tests a rule that is not symmetric that way
/// ([`chess_conformance::assertion::Assertion::obstacle`]).
pub fn obstacle(case: &Case, symmetry: Symmetry) -> Option<String> {
    if case.expect.valid.is_none()
        && let Err(why) = symmetry.fen(&case.fen)
    {
        return Some(why);
    }
    struct Obstacles<'a> {
        symmetry: Symmetry,
        facts: Facts<'a>,
        found: Option<String>,
    }
    impl Visitor for Obstacles<'_> {
        fn visit<A: Assertion>(&mut self, value: &A::Value) {
            if self.found.is_some() {
                return;
            }
            if A::KEY == "valid"
                && self.facts.variant == Variant::Chess960
                && self.symmetry == Symmetry::Flip
            {
                // A Chess960 `valid` case asks how the castling field reads (Guidelines II.2),
                // the same for both colours; only the flip of a start position is unreachable.
                self.found = black_to_move_at_start(self.facts.fen, self.symmetry);
                return;
            }
            self.found = A::obstacle(value, self.symmetry, &self.facts);
        }
    }
    let game = Replay::in_variant(case.variant(), &case.fen, &case.moves).ok();
    let mut obstacles = Obstacles {
        symmetry,
        facts: Facts {
            fen: &case.fen,
            moves: &case.moves,
            expect: &case.expect,
            game: game.as_ref(),
            pieces: &case.pieces,
            variant: case.variant(),
        },
        found: None,
    };
    case.expect.visit(&mut obstacles);
    if obstacles.found.is_none() {
        symmetry.fen(&case.fen).err()
    } else {
        obstacles.found
    }
}

/// Why the twin of a Chess960 `valid` case is unreachable, if it is: the flip of a start
/// position (one of the 960 of [`crate::mine::chess960::start_rank`], White to move) is the same
/// start with Black to move, which no game reaches, White moving first (Article 1.2).
fn black_to_move_at_start(fen: &str, symmetry: Symmetry) -> Option<String> {
    let twin = symmetry.fen(fen).ok()?;
    let mut fields = twin.split(' ');
    let placement = fields.next()?;
    let turn = fields.next()?;
    let start = crate::mine::chess960::start_number(placement)?;
    (turn == "b").then(|| {
        format!(
            "the colour flip of a start position (Chess960 start {start}, Scharnagl's \
             numbering) is that start with Black to move, which no game reaches: White moves \
             first (Article 1.2)"
        )
    })
}

/// The castling field of a FEN under the colour flip, letter for letter: each letter changes
/// case and keeps its meaning (X-FEN `K` for White's outermost h-side rook becomes `k` for
/// Black's; Shredder-FEN `H` becomes `h`), White's letters first, each colour's in its order.
/// Unlike a round trip through a parsed position, Shredder-FEN stays Shredder-FEN and a field
/// that names no rook (a case about an invalid FEN) stays as wrong as it was.
pub fn flip_castling_field(field: &str) -> String {
    if field == "-" {
        return field.to_owned();
    }
    let swapped: Vec<char> = field
        .chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    let upper = swapped.iter().filter(|c| c.is_ascii_uppercase());
    let other = swapped.iter().filter(|c| !c.is_ascii_uppercase());
    upper.chain(other).collect()
}

/// Why a case has no twin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoTwin {
    /// The rule the case tests is not symmetric this way (see [`obstacle`]): recorded in the
    /// report with the reason.
    Asymmetric(String),
    /// The transformation went wrong: a bug in the transform or in the case, which stops the
    /// generation.
    Broken(String),
}

/// The twin of `case` under `symmetry`, id left empty (the generator names it by content), or
/// why there is none.
///
/// Every field of the case is destructured without `..`, so a field added to the format stops
/// this from compiling until its transformation is written; the assertions transform
/// themselves.
pub fn twin(case: &Case, symmetry: Symmetry) -> Result<Case, NoTwin> {
    if !case.pieces.is_empty() {
        // The transform replays the twin with shakmaty, which knows the standard six only.
        return Err(NoTwin::Asymmetric(
            "a case of pieces beyond the standard six: its twins are written by hand".into(),
        ));
    }
    if !case.variant().is_standard() && symmetry == Symmetry::Mirror {
        return Err(NoTwin::Asymmetric(
            "a Chess960 case: castling differs between the a-side and the h-side (Guidelines \
             II.3: O-O-O ends on c1 and d1, O-O on g1 and f1), so no file mirror; the colour \
             flip is its twin"
                .into(),
        ));
    }
    if let Some(why) = obstacle(case, symmetry) {
        return Err(NoTwin::Asymmetric(why));
    }
    transform(case, symmetry).map_err(|why| {
        NoTwin::Broken(format!(
            "the {} of `{}` failed: {why}",
            symmetry.describe(),
            case.id
        ))
    })
}

fn transform(case: &Case, symmetry: Symmetry) -> Result<Case, String> {
    let Case {
        id,
        title,
        rule,
        source,
        tags,
        fen,
        moves,
        pieces,
        variant,
        expect,
    } = case;
    let s = symmetry;
    let game = case.variant();
    let mut fen_twin = s.fen(fen)?;
    if game == Variant::Chess960 && s == Symmetry::Flip {
        fen_twin = with_castling_field(&fen_twin, fen, flip_castling_field);
    }
    let moves_twin: Vec<String> = moves.iter().map(|m| s.uci(m)).collect();

    // The move number after each `after` move, recomputed in the twin's game: it goes up after
    // Black's move, and the flip changes who moves. (A position the case calls invalid is not
    // replayed: it has no `after`.)
    let fullmoves_after = match Replay::in_variant(game, &fen_twin, &moves_twin) {
        Ok(reached) => {
            u32::from(reached.position.fullmoves())
                + u32::from(reached.position.turn() == Color::Black)
        }
        Err(_) if expect.valid == Some(false) => 1,
        Err(e) => {
            return Err(format!(
                "the transformed position or history is not legal ({e}): a bug in the transform"
            ));
        }
    };

    struct Transform(Twin);
    impl Mapper for Transform {
        fn map<A: Assertion>(&mut self, value: &A::Value) -> Result<A::Value, String> {
            A::transform(value, &self.0)
        }
    }
    let expect_twin = expect.try_map(&mut Transform(Twin {
        symmetry: s,
        fullmoves_after,
    }))?;

    let mut tags_twin: Vec<String> = tags.clone();
    if s == Symmetry::Flip {
        // `black` marks a case written for Black: the flip moves it to the other side.
        if let Some(i) = tags_twin.iter().position(|t| t == "black") {
            tags_twin.remove(i);
        } else {
            tags_twin.push("black".into());
        }
    }
    tags_twin.push(s.name().into());
    let origin = format!("the {} of `{id}`", s.describe());
    Ok(Case {
        id: String::new(),
        title: format!("Twin by {origin}: {title}"),
        rule: rule.clone(),
        source: Some(match source {
            Some(src) => format!("generated as {origin}; the original cites: {src}"),
            None => format!("generated as {origin}"),
        }),
        tags: tags_twin,
        fen: fen_twin,
        moves: moves_twin,
        expect: expect_twin,
        pieces: pieces.clone(),
        variant: *variant,
    })
}

/// `fen` with the castling field (its third) of `original` under `map`.
fn with_castling_field(fen: &str, original: &str, map: impl Fn(&str) -> String) -> String {
    let Some(field) = original.split(' ').nth(2) else {
        return fen.to_owned();
    };
    fen.split(' ')
        .enumerate()
        .map(|(i, f)| if i == 2 { map(field) } else { f.to_owned() })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The FEN of a position, en passant square written when a capture is legal.
pub fn fen_of(pos: &shakmaty::Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_conformance::Color as Side;
    use chess_conformance::case::{After, Expect, TouchMove, WinnableExpect};

    #[test]
    fn squares_moves_and_san_transform() {
        assert_eq!(Symmetry::Flip.square("e2"), "e7");
        assert_eq!(Symmetry::Mirror.square("b1"), "g1");
        assert_eq!(Symmetry::Flip.uci("e7e8n"), "e2e1n");
        assert_eq!(Symmetry::Mirror.uci("a7b8q"), "h7g8q");
        assert_eq!(Symmetry::Flip.san("R1e2+"), "R8e7+");
        assert_eq!(Symmetry::Flip.san("O-O-O#"), "O-O-O#");
        assert_eq!(Symmetry::Mirror.san("Nbd2"), "Nge2");
        assert_eq!(Symmetry::Mirror.san("exd6"), "dxe6");
        assert_eq!(Symmetry::Flip.san("0-0"), "0-0");
        assert_eq!(Symmetry::Flip.color(Side::White), Side::Black);
        assert_eq!(Symmetry::Mirror.color(Side::White), Side::White);
    }

    #[test]
    fn fens_transform() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert_eq!(
            Symmetry::Flip.fen(start).unwrap(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"
        );
        assert!(Symmetry::Mirror.fen(start).is_err());
        assert_eq!(
            Symmetry::Flip
                .fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
                .unwrap(),
            "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1"
        );
        assert_eq!(
            Symmetry::Mirror
                .fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
                .unwrap(),
            "3k4/8/8/3Pp3/8/8/8/3K4 w - e6 0 1"
        );
    }

    fn case(fen: &str, moves: &[&str], expect: Expect) -> Case {
        Case {
            id: "castling/x".into(),
            title: "t".into(),
            rule: "3.8.2".into(),
            source: None,
            tags: vec![],
            fen: fen.into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            expect,
            pieces: Vec::new(),
            variant: None,
        }
    }

    #[test]
    fn flip_recomputes_the_move_number_of_after() {
        // White to move at move 1: after e2e4, Black to move, still move 1. Flipped: Black plays
        // e7e5 at move 1 and White is to move at move 2.
        let c = case(
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
            &[],
            Expect {
                after: Some(vec![After {
                    mv: "e2e4".into(),
                    fen: "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1".into(),
                    en_passant: Default::default(),
                    clocks: true,
                }]),
                winner: None,
                ..Expect::default()
            },
        );
        let t = twin(&c, Symmetry::Flip).unwrap();
        assert_eq!(t.fen, "4k3/4p3/8/8/8/8/8/4K3 b - - 0 1");
        let after = &t.expect.after.unwrap()[0];
        assert_eq!(after.mv, "e7e5");
        assert_eq!(after.fen, "4k3/8/8/4p3/8/8/8/4K3 w - - 0 2");
        assert_eq!(t.tags, ["black", "flip"]);
    }

    fn touch(fen: &str, events: &[&str], allowed: chess_conformance::Obligation) -> Case {
        case(
            fen,
            &[],
            Expect {
                touch_move: Some(vec![TouchMove {
                    events: events.iter().map(|e| e.parse().unwrap()).collect(),
                    allowed,
                    readings: vec![],
                }]),
                ..Expect::default()
            },
        )
    }

    #[test]
    fn touch_move_events_and_new_assertions_transform() {
        use chess_conformance::Obligation;
        use chess_conformance::{DrawClaim, Winnability};
        let c = touch(
            "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1",
            &[
                "touch d2",
                "say j'adoube",
                "adjust e2",
                "release d2 on d4",
                "opponent touches e8",
            ],
            Obligation::Moves(vec!["d2d4".into()]),
        );
        let t = twin(&c, Symmetry::Flip).unwrap();
        let ruling = &t.expect.touch_move.unwrap()[0];
        let events: Vec<String> = ruling.events.iter().map(ToString::to_string).collect();
        assert_eq!(
            events,
            [
                "touch d7",
                "say j'adoube",
                "adjust e7",
                "release d7 on d5",
                "opponent touches e1"
            ]
        );
        assert_eq!(ruling.allowed, Obligation::Moves(vec!["d7d5".into()]));
        let t = twin(&c, Symmetry::Mirror).unwrap();
        assert_eq!(
            t.expect.touch_move.unwrap()[0].events[3].to_string(),
            "release e2 on e4"
        );

        let mut c = case("4k3/8/8/8/8/8/8/4K2R w - - 99 80", &[], Expect::default());
        c.expect.refuses = Some(vec!["h1a8".into()]);
        c.expect.claims_with_move = Some(
            [("h1h2".to_owned(), vec![DrawClaim::FiftyMoves])]
                .into_iter()
                .collect(),
        );
        c.expect.winnable = Some(WinnableExpect {
            white: Some(Winnability::Winnable),
            black: Some(Winnability::Unwinnable),
        });
        let t = twin(&c, Symmetry::Flip).unwrap();
        assert_eq!(t.expect.refuses.unwrap(), ["h8a1"]);
        assert_eq!(
            t.expect
                .claims_with_move
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["h8h7"]
        );
        assert_eq!(
            t.expect.winnable,
            Some(WinnableExpect {
                white: Some(Winnability::Unwinnable),
                black: Some(Winnability::Winnable),
            })
        );
        let t = twin(&c, Symmetry::Mirror).unwrap();
        assert_eq!(t.expect.refuses.unwrap(), ["a1h8"]);
        assert_eq!(t.expect.winnable, c.expect.winnable);
    }

    #[test]
    fn a_king_let_go_two_squares_from_e1_has_no_mirror() {
        use chess_conformance::Obligation;
        // No castling rights: the release still reads as castling (4.7.2), on the e-file only.
        let c = touch(
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
            &["release e1 on g1"],
            Obligation::Moves(vec![
                "e1d1".into(),
                "e1d2".into(),
                "e1e2".into(),
                "e1f1".into(),
                "e1f2".into(),
            ]),
        );
        assert!(matches!(
            twin(&c, Symmetry::Mirror),
            Err(NoTwin::Asymmetric(why)) if why.contains("4.7.2")
        ));
        assert!(twin(&c, Symmetry::Flip).is_ok());
        // Let go one square: an ordinary king move, mirrored like any other.
        let c = touch(
            "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
            &["release e1 on f1"],
            Obligation::Moves(vec!["e1f1".into()]),
        );
        assert!(twin(&c, Symmetry::Mirror).is_ok());
    }

    #[test]
    fn chess960_flips_keep_the_castling_letters_meaning() {
        assert_eq!(flip_castling_field("KQkq"), "KQkq");
        assert_eq!(flip_castling_field("Kq"), "Qk");
        assert_eq!(flip_castling_field("HAha"), "HAha");
        // White's g and e rights with Black's g: Black's g and e with White's g.
        assert_eq!(flip_castling_field("GEg"), "Gge");
        assert_eq!(flip_castling_field("-"), "-");
        // A Shredder-FEN case flipped: the letters stay Shredder-FEN, the side to move swaps.
        let mut c = case(
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
            &[],
            Expect {
                legal: Some(vec!["a2a3".into()]),
                ..Expect::default()
            },
        );
        c.variant = Some(chess_conformance::Variant::Chess960);
        let t = twin(&c, Symmetry::Flip).unwrap();
        assert_eq!(
            t.fen,
            "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN b GEge - 0 1"
        );
        assert_eq!(t.expect.legal.unwrap(), ["a7a6"]);
        assert!(matches!(
            twin(&c, Symmetry::Mirror),
            Err(NoTwin::Asymmetric(_))
        ));
    }

    #[test]
    fn valid_cases_have_no_twin_and_say_why() {
        let c = case(
            "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
            &[],
            Expect {
                valid: Some(false),
                ..Expect::default()
            },
        );
        assert!(matches!(
            twin(&c, Symmetry::Flip),
            Err(NoTwin::Asymmetric(why)) if why.contains("reachable")
        ));
    }
}
