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
//! A case that cannot be transformed is never dropped silently: [`twin`] says why.

use shakmaty::fen::Fen;
use shakmaty::{Color, EnPassantMode, Position};

use crate::case::{After, Attacks, Case, Expect, MatingMaterial, TouchMove, WinnableExpect};
use crate::replay::Replay;
use crate::touch::{Obligation, TouchEvent};

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

    fn describe(self) -> &'static str {
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
    pub fn color(self, color: crate::case::Color) -> crate::case::Color {
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

/// Why a case has no twin under a symmetry (when it has none).
pub fn obstacle(case: &Case, symmetry: Symmetry) -> Option<String> {
    if case.expect.valid.is_some() {
        return Some(
            "a `valid` case asks whether the position can arise from the initial one, where White \
             moves first and the wings differ: the twin of a reachable position need not be \
             reachable (the initial position with Black to move is not)"
                .into(),
        );
    }
    if let Err(why) = symmetry.fen(&case.fen) {
        return Some(why);
    }
    if symmetry == Symmetry::Mirror && releases_king_as_castling(case) {
        return Some(
            "a king let go two squares sideways from its home square is an attempt to castle \
             (4.7.2) even without castling rights, and only a king on the e-file can make it: \
             mirrored to the d-file, the same release is a plain illegal king move"
                .into(),
        );
    }
    None
}

/// Whether a touch-move ruling of the case lets the player's king go two files sideways from
/// e1 (e8 for Black), which Article 4 reads as castling whatever the rights.
fn releases_king_as_castling(case: &Case) -> bool {
    let Some(rulings) = &case.expect.touch_move else {
        return false;
    };
    let Ok(reached) = Replay::new(&case.fen, &case.moves) else {
        return false;
    };
    let pos = &reached.position;
    let home = shakmaty::Square::from_coords(shakmaty::File::E, pos.turn().backrank());
    rulings.iter().flat_map(|r| &r.events).any(|e| match e {
        TouchEvent::Release { from, on } => {
            let (Ok(from), Ok(on)) = (
                crate::replay::parse_square(from),
                crate::replay::parse_square(on),
            ) else {
                return false;
            };
            from == home
                && pos.board().king_of(pos.turn()) == Some(from)
                && on.rank() == from.rank()
                && from.file().distance(on.file()) == 2
        }
        _ => false,
    })
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
/// Every field of the case and of its expectation is destructured without `..`, so a field
/// added to the format stops this from compiling until its transformation is written.
pub fn twin(case: &Case, symmetry: Symmetry) -> Result<Case, NoTwin> {
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
        expect,
    } = case;
    let s = symmetry;
    let fen_twin = s.fen(fen)?;
    let moves_twin: Vec<String> = moves.iter().map(|m| s.uci(m)).collect();

    // The move number after each `after` move, recomputed in the twin's game: it goes up after
    // Black's move, and the flip changes who moves.
    let reached = Replay::new(&fen_twin, &moves_twin).map_err(|e| {
        format!("the transformed position or history is not legal ({e}): a bug in the transform")
    })?;
    let fullmoves_after = u32::from(reached.position.fullmoves())
        + u32::from(reached.position.turn() == Color::Black);

    let Expect {
        legal,
        illegal,
        moves: move_set,
        move_count,
        check,
        checkers,
        state,
        winner,
        claims,
        mating_material,
        after,
        san,
        from_san,
        attacks,
        perft,
        valid,
        refuses,
        claims_with_move,
        touch_move,
        winnable,
    } = expect;
    let ucis = |list: &Option<Vec<String>>| {
        list.as_ref()
            .map(|l| l.iter().map(|m| s.uci(m)).collect::<Vec<_>>())
    };
    let squares = |list: &Option<Vec<String>>| {
        list.as_ref()
            .map(|l| l.iter().map(|q| s.square(q)).collect::<Vec<_>>())
    };
    let after_twin = match after {
        None => None,
        Some(list) => {
            let mut out = Vec::with_capacity(list.len());
            for a in list {
                let After {
                    mv,
                    fen: after_fen,
                    en_passant,
                    clocks,
                } = a;
                let twin_fen = with_fullmoves(&s.fen(after_fen)?, fullmoves_after);
                out.push(After {
                    mv: s.uci(mv),
                    fen: twin_fen,
                    en_passant: *en_passant,
                    clocks: *clocks,
                });
            }
            Some(out)
        }
    };
    let attacks_twin = attacks.as_ref().map(|list| {
        list.iter()
            .map(|a| {
                let Attacks {
                    from,
                    by,
                    squares: set,
                    count,
                    includes,
                    excludes,
                } = a;
                Attacks {
                    from: from.as_ref().map(|q| s.square(q)),
                    by: by.map(|c| s.color(c)),
                    squares: squares(set),
                    count: *count,
                    includes: squares(includes),
                    excludes: squares(excludes),
                }
            })
            .collect()
    });
    let expect_twin = Expect {
        legal: ucis(legal),
        illegal: ucis(illegal),
        moves: ucis(move_set),
        move_count: *move_count,
        check: *check,
        checkers: squares(checkers),
        state: *state,
        winner: winner.map(|c| s.color(c)),
        claims: claims.clone(),
        mating_material: mating_material.map(|m| match s {
            Symmetry::Flip => MatingMaterial {
                white: m.black,
                black: m.white,
            },
            Symmetry::Mirror => m,
        }),
        after: after_twin,
        san: san.as_ref().map(|map| {
            map.iter()
                .map(|(uci, text)| (s.uci(uci), s.san(text)))
                .collect()
        }),
        from_san: from_san.as_ref().map(|map| {
            map.iter()
                .map(|(text, uci)| (s.san(text), uci.as_ref().map(|m| s.uci(m))))
                .collect()
        }),
        attacks: attacks_twin,
        perft: perft.clone(),
        // Refused above: `obstacle` keeps `valid` cases out.
        valid: *valid,
        refuses: ucis(refuses),
        claims_with_move: claims_with_move.as_ref().map(|map| {
            map.iter()
                .map(|(uci, claims)| (s.uci(uci), claims.clone()))
                .collect()
        }),
        touch_move: touch_move.as_ref().map(|rulings| {
            rulings
                .iter()
                .map(|ruling| {
                    let TouchMove { events, allowed } = ruling;
                    TouchMove {
                        events: events.iter().map(|e| s.event(e)).collect(),
                        allowed: match allowed {
                            Obligation::AnyLegalMove => Obligation::AnyLegalMove,
                            Obligation::Moves(moves) => {
                                Obligation::Moves(moves.iter().map(|m| s.uci(m)).collect())
                            }
                        },
                    }
                })
                .collect()
        }),
        winnable: winnable.map(|w| {
            let WinnableExpect { white, black } = w;
            match s {
                Symmetry::Flip => WinnableExpect {
                    white: black,
                    black: white,
                },
                Symmetry::Mirror => WinnableExpect { white, black },
            }
        }),
    };

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
    })
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

/// The FEN of a position, en passant square written when a capture is legal.
pub fn fen_of(pos: &shakmaty::Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Color as Side;

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

    fn touch(fen: &str, events: &[&str], allowed: crate::touch::Obligation) -> Case {
        case(
            fen,
            &[],
            Expect {
                touch_move: Some(vec![TouchMove {
                    events: events.iter().map(|e| e.parse().unwrap()).collect(),
                    allowed,
                }]),
                ..Expect::default()
            },
        )
    }

    #[test]
    fn touch_move_events_and_new_assertions_transform() {
        use crate::case::{DrawClaim, Winnability};
        use crate::touch::Obligation;
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
        use crate::touch::Obligation;
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
