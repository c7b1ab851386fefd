//! The loader's own trials: pieces, places of errors, selected and threaded loads, ids.

use std::collections::HashMap;
use std::num::NonZeroUsize;

use super::ids::is_id;
use super::sources::{builtin, builtin_case_files};
use super::validate::is_rule;
use super::*;

/// The shipped catalogue, loaded once for the tests that read it whole (a load is seconds of CPU
/// in the test profile; three tests shared it, each loading it again).
fn whole() -> &'static Catalogue {
    static WHOLE: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    WHOLE.get_or_init(|| Catalogue::builtin().expect("the shipped catalogue loads"))
}

fn load(text: &str) -> Result<Catalogue, LoadErrors> {
    Catalogue::from_sources(
        [Source {
            name: "cases/castling.yaml".into(),
            text: text.into(),
        }],
        [],
    )
}

fn load_pieces(text: &str) -> Result<Catalogue, LoadErrors> {
    Catalogue::from_sources(
        [Source {
            name: "cases/historical-pieces.yaml".into(),
            text: text.into(),
        }],
        [],
    )
}

#[test]
fn the_file_s_pieces_join_each_case_and_set_it_up() {
    let text = "pieces:\n  - { letter: a, name: amazon, betza: QN }\ncases:\n  - id: historical-pieces/x\n    title: t\n    rule: source:polish\n    source: the source\n    pieces: [{ letter: f, name: ferz, betza: F }]\n    fen: k7/8/1A6/8/8/5F2/8/7K b - - 0 1\n    expect:\n      state: checkmate\n      winner: white\n";
    let catalogue = load_pieces(text).unwrap();
    let case = &catalogue.cases()[0];
    let letters: Vec<char> = case.case.pieces.iter().map(|p| p.letter).collect();
    assert_eq!(letters, ['a', 'f']);
    assert!(case.needs().contains(crate::Capability::Pieces));
}

#[test]
fn a_case_of_pieces_is_refused_where_it_is_wrong() {
    let case = |pieces: &str, rule: &str, fen: &str, expect: &str| {
        format!(
            "cases:\n  - id: historical-pieces/x\n    title: t\n    rule: {rule}\n    source: s\n    pieces: [{pieces}]\n    fen: {fen}\n    expect:\n      {expect}\n"
        )
    };
    let amazon = "{ letter: a, name: amazon, betza: QN }";
    let mate = "k7/8/1A6/8/8/8/8/7K b - - 0 1";
    for (text, line, wanted) in [
        (
            case(
                "{ letter: a, name: amazon, betza: QmN }",
                "'5.1.1'",
                mate,
                "check: true",
            ),
            6,
            "Betza",
        ),
        (
            case(
                "{ letter: q, name: amazon, betza: QN }",
                "'5.1.1'",
                mate,
                "check: true",
            ),
            6,
            "queen",
        ),
        (
            case(
                amazon,
                "'5.1.1'",
                "k7/8/1Z6/8/8/8/8/7K b - - 0 1",
                "check: true",
            ),
            7,
            "invalid FEN",
        ),
        (
            case(amazon, "'5.1.1'", mate, "claims: []"),
            9,
            "not asked of a position",
        ),
        (
            case(amazon, "'5.1.1'", mate, "state: insufficient_material"),
            9,
            "only ongoing",
        ),
        (
            case(amazon, "source:Polish", mate, "check: true"),
            4,
            "source:NAME",
        ),
    ] {
        let errors = load_pieces(&text).unwrap_err();
        let e = &errors.0[0];
        assert_eq!(e.case.as_deref(), Some("historical-pieces/x"), "{e}");
        assert_eq!(e.line, line, "{e}\n{text}");
        assert!(e.message.contains(wanted), "{e}");
    }
    // A rule from a source needs the source's words.
    let unsourced = "cases:\n  - id: historical-pieces/x\n    title: t\n    rule: source:polish\n    pieces: [{ letter: a, name: amazon, betza: QN }]\n    fen: k7/8/1A6/8/8/8/8/7K b - - 0 1\n    expect:\n      check: true\n";
    let e = &load_pieces(unsourced).unwrap_err().0[0];
    assert!(e.message.contains("`source` must"), "{e}");
}

#[test]
fn locates_an_illegal_history_move_by_ply() {
    let text = "cases:\n  - id: castling/x\n    title: t\n    rule: 3.8.2\n    fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    moves: [h1h2, e8e7, h2h1, e7e8, h1h2, e8e7, e1e8]\n    expect:\n      legal: [e1f1]\n";
    let err = load(text).unwrap_err();
    assert_eq!(err.0.len(), 1);
    let e = &err.0[0];
    assert_eq!((e.line, e.case.as_deref()), (6, Some("castling/x")));
    assert!(e.message.contains("move 7"), "{e}");
    assert_eq!(
        e.column,
        text.lines().nth(5).unwrap().find("e1e8").unwrap() + 1
    );
}

#[test]
fn finds_the_second_occurrence_of_a_repeated_move() {
    let text = "cases:\n  - id: castling/x\n    title: t\n    rule: 3.8.2\n    fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    moves: [h1h2, e8e7, h2h1, e7e8, h1h2, e8e7, h1h2]\n    expect:\n      legal: [e1f1]\n";
    let e = &load(text).unwrap_err().0[0];
    let line = text.lines().nth(5).unwrap();
    assert_eq!(e.column, line.rfind("h1h2").unwrap() + 1, "{e}");
}

fn places(catalogue: &Catalogue) -> Vec<(String, String, usize, Origin)> {
    catalogue
        .cases()
        .iter()
        .map(|c| (c.case.id.clone(), c.file.clone(), c.line, c.origin))
        .collect()
}

#[test]
fn a_selected_load_is_the_whole_load_filtered() {
    let whole = whole();
    for filter in [
        None,
        Some("castling/kingside-legal"),
        Some("castling/"),
        Some("/flip/"),
        Some("legal"),
        Some("g/k"),
        Some("no such id"),
    ] {
        for origin in [None, Some(Origin::HandWritten), Some(Origin::Generated)] {
            // The whole load's selections but one, to keep the test quick.
            if filter.is_none() && origin != Some(Origin::HandWritten) {
                continue;
            }
            let selected = Catalogue::builtin_selected(filter, origin).expect("it loads");
            let expected = whole
                .clone()
                .filtered(filter.unwrap_or(""))
                .retain(|c| origin.is_none_or(|o| c.origin == o));
            assert_eq!(
                places(&selected),
                places(&expected),
                "{filter:?} {origin:?}"
            );
        }
    }
}

/// What makes a selected load exact: an id is written in its file as it is (not escaped
/// or folded), so a file whose text lacks the filter has no case it keeps; and a file's
/// origin is its folder's.
#[test]
fn shipped_ids_are_written_as_they_are_and_origins_follow_folders() {
    let whole = whole();
    let texts: HashMap<&str, &str> = builtin_case_files().copied().collect();
    for c in whole.cases() {
        let line = texts[c.file.as_str()].lines().nth(c.line - 1).unwrap_or("");
        assert!(line.contains(&c.case.id), "{}:{}: {line}", c.file, c.line);
    }
    for (name, text) in builtin::CASE_FILES {
        assert_eq!(Origin::of_text(text), Origin::HandWritten, "{name}");
    }
    for (name, text) in builtin::GENERATED_FILES {
        assert_eq!(Origin::of_text(text), Origin::Generated, "{name}");
    }
}

#[test]
fn files_read_on_threads_give_the_same_catalogue_and_errors() {
    let case = |id: &str, fen: &str| {
        format!(
            "  - id: {id}\n    title: t\n    rule: 3.8.2\n    fen: {fen}\n    expect:\n      legal: [e1f1]\n"
        )
    };
    let good = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    let sources: Vec<Source> = (0..9)
        .map(|i| {
            let text = match i % 3 {
                // A duplicate of an earlier file's id, a bad FEN, a retired id.
                0 => format!(
                    "cases:\n{}{}",
                    case("castling/a", good),
                    case(&format!("castling/b{i}"), "8/8 w")
                ),
                1 => format!(
                    "cases:\n{}{}",
                    case(&format!("castling/c{i}"), good),
                    case("castling/old", good)
                ),
                _ => "cases: [".to_owned(),
            };
            Source {
                name: format!("cases/castling.yaml#{i}"),
                text,
            }
        })
        .collect();
    let retired = || {
        [Source {
            name: "cases/retired.yaml".into(),
            text: "retired:\n  - id: castling/old\n    reason: gone\n".into(),
        }]
    };
    let on = |threads: usize| {
        let threads = NonZeroUsize::new(threads).expect("not zero");
        let good: Vec<Source> = sources.iter().skip(1).step_by(3).cloned().collect();
        (
            Catalogue::from_sources_on(sources.clone(), retired(), threads).unwrap_err(),
            Catalogue::from_sources_where(good, [], |id| id != "castling/old", threads)
                .map(|c| places(&c))
                .expect("no problem left"),
        )
    };
    let (errors, catalogue) = on(1);
    // A bad FEN in each first kind, a duplicate in two; a retired id; a broken file.
    assert_eq!(errors.0.len(), 3 + 2 + 3 + 3, "{errors}");
    assert_eq!(catalogue.len(), 3);
    for threads in [2, 4, 16] {
        assert_eq!(
            on(threads),
            (errors.clone(), catalogue.clone()),
            "{threads}"
        );
    }
}

#[test]
fn a_selected_load_still_refuses_retired_and_duplicate_ids_it_keeps() {
    let text = "cases:\n  - id: castling/old\n    title: t\n    rule: 3.8.2\n    fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    expect:\n      legal: [e1f1]\n";
    let source = |i: usize| Source {
        name: format!("cases/castling.yaml#{i}"),
        text: text.into(),
    };
    let retired = Source {
        name: "cases/retired.yaml".into(),
        text: "retired:\n  - id: castling/old\n    reason: gone\n".into(),
    };
    let keep = |id: &str| id.contains("old");
    let one = NonZeroUsize::MIN;
    let e = Catalogue::from_sources_where([source(0)], [retired], keep, one).unwrap_err();
    assert!(e.0[0].message.contains("retired (gone)"), "{e}");
    let e = Catalogue::from_sources_where([source(0), source(1)], [], keep, one).unwrap_err();
    assert_eq!(e.0.len(), 1, "{e}");
    assert!(e.0[0].message.contains("duplicate id"), "{e}");
}

#[test]
fn ids_and_rules_have_a_form() {
    assert!(is_id("castling/o-o-o.b1-attacked"));
    assert!(is_id("castling/mirror/abc"));
    assert!(!is_id("castling"));
    assert!(!is_id("Castling/x"));
    assert!(!is_id("castling/"));
    assert!(is_rule("3.8.2.2"));
    assert!(is_rule("C.10"));
    assert!(is_rule("II.3.2.4"));
    assert!(!is_rule("IV.1"));
    assert!(!is_rule("II"));
    assert!(!is_rule("C"));
    assert!(!is_rule("3.8."));
    assert!(!is_rule("art. 3"));
}

#[test]
fn the_boards_of_the_load_are_those_a_replay_draws() {
    // What the load keeps for the boards gives, for every case, the text board a replay of its
    // FEN and moves drew, and the FEN it reaches (the site's board after a history).
    // Each in the case's variant: a Chess960 case's FEN and history read as Chess960.
    let whole = whole();
    let mut chess960 = 0;
    for c in whole.cases() {
        let (fen, moves, variant) = (&c.case.fen, &c.case.moves, c.case.variant());
        chess960 += usize::from(variant == crate::Variant::Chess960 && c.diagram().is_some());
        assert_eq!(
            c.diagram(),
            crate::diagram::diagram_in(variant, fen, moves),
            "{}",
            c.case.id
        );
        let replayed = crate::replay::Replay::in_variant(variant, fen, moves).ok();
        if !moves.is_empty() && c.case.pieces.is_empty() {
            let replayed = replayed.map(|r| r.fen());
            assert_eq!(c.fen_reached(), replayed.as_deref(), "{}", c.case.id);
        }
    }
    assert!(chess960 > 100, "the Chess960 cases have boards: {chess960}");
}

#[test]
fn a_chess960_history_with_castling_reaches_the_castled_position() {
    // Kings b1 / b8, rooks a and h (Shredder-FEN `HAha`): White castles h-side as the king
    // taking its rook (b1h1), Black a-side (b8a8). Guidelines II.3.2: the final squares are
    // those of regular chess, king g1 and rook f1, king c8 and rook d8.
    let catalogue = Catalogue::from_sources(
        [Source {
            name: "cases/chess960.yaml".into(),
            text: "variant: chess960\ncases:\n  - id: chess960/x\n    title: t\n    rule: \
                   II.3.2.1\n    fen: rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1\n    moves: [b1h1, \
                   b8a8]\n    expect:\n      check: false\n"
                .into(),
        }],
        [],
    )
    .expect("it loads");
    let c = &catalogue.cases()[0];
    assert_eq!(c.fen_reached(), Some("2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"));
    let board = c.diagram().expect("a board");
    let lines: Vec<&str> = board.lines().collect();
    assert_eq!(lines[0], "8  · · ♚ ♜ · · · ♜", "{board}");
    assert_eq!(lines[7], "1  ♖ · · · · ♖ ♔ ·", "{board}");
    assert_eq!(lines[9], "White to move after 2 move(s) from the FEN");
    // Read as standard chess, the history is not even a game.
    assert_eq!(crate::diagram(&c.case.fen, &c.case.moves), None);
}

#[test]
fn a_case_of_historical_pieces_reaches_its_position_on_the_fairy_reference() {
    let catalogue = load_pieces(
        "pieces:\n  - { letter: a, name: amazon, betza: QN }\ncases:\n  - id: \
         historical-pieces/x\n    title: t\n    rule: source:polish\n    source: the source\n    \
         fen: k7/8/8/8/1A6/8/8/7K w - - 0 1\n    moves: [b4b6]\n    expect:\n      state: \
         checkmate\n      winner: white\n",
    )
    .expect("it loads");
    let c = &catalogue.cases()[0];
    assert_eq!(c.fen_reached(), Some("k7/8/1A6/8/8/8/8/7K b - - 1 1"));
    assert_eq!(c.diagram(), None, "no text glyph for an amazon");
}
