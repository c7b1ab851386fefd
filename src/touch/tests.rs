//! The arbiter's unit tests: every clause, every reading both ways, the errors.

use super::*;

fn events(list: &[&str]) -> Vec<TouchEvent> {
    list.iter().map(|e| e.parse().unwrap()).collect()
}

fn ruling(fen: &str, list: &[&str]) -> Ruling {
    let pos = replay::parse_fen(fen).unwrap();
    rule(&pos, &events(list)).unwrap()
}

fn moves(ruling: &Ruling) -> Vec<&str> {
    ruling.moves.iter().map(String::as_str).collect()
}

const PAWNS: &str = "4k3/8/8/8/8/8/3PP3/4K3 w - - 0 1";
const CASTLE: &str = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
const CAPTURES: &str = "4k3/8/n7/4p3/8/5N2/1B6/K7 w - - 0 1";

#[test]
fn every_event_form_reads_and_writes_back() {
    for phrase in [
        "touch e2",
        "touch e2 accidentally",
        "touch e1 h1 together",
        "say j'adoube",
        "adjust e4",
        "release e2 on e4",
        "new knight touches e8",
        "opponent touches e7",
    ] {
        let event: TouchEvent = phrase.parse().unwrap();
        assert_eq!(event.to_string(), phrase);
    }
    // Extra spaces are not meaning.
    assert_eq!(
        "release  e2   on e4"
            .parse::<TouchEvent>()
            .unwrap()
            .to_string(),
        "release e2 on e4"
    );
}

#[test]
fn malformed_events_say_what_is_wrong() {
    let error = |s: &str| s.parse::<TouchEvent>().unwrap_err().to_string();
    assert!(error("tuch e2").contains("is not a touch-move event (expected one of: touch SQ"));
    assert!(error("touch e9").contains("`e9` is not a square"));
    assert!(error("touch E2").contains("`E2` is not a square"));
    assert!(error("touch e2 e2 together").contains("two different squares"));
    assert!(error("release e2 on e2").contains("write `touch e2`"));
    assert!(error("new king touches e8").contains("not `king`"));
    assert!(error("say I adjust").contains("is not a touch-move event"));
    assert!(error("").contains("is not a touch-move event"));
}

#[test]
fn events_must_fit_the_position() {
    let pos = replay::parse_fen(CAPTURES).unwrap();
    let errors = |list: &[&str]| -> Vec<(usize, String)> {
        validate(&pos, &events(list))
            .unwrap_err()
            .into_iter()
            .map(|e| (e.index, e.message))
            .collect()
    };
    let e = errors(&["touch e2"]);
    assert_eq!(e, [(0, "`touch e2`: there is no piece on e2".to_owned())]);
    let e = errors(&["touch f3", "release e5 on e4"]);
    assert_eq!(e[0].0, 1);
    assert!(e[0].1.contains("is the opponent's"), "{e:?}");
    let e = errors(&["touch f3 b2 together"]);
    assert!(e[0].1.contains("touch these one after the other"), "{e:?}");
    let e = errors(&["new queen touches e8"]);
    assert!(e[0].1.contains("no pawn can promote on e8"), "{e:?}");
    let e = errors(&["opponent touches e8", "release f3 on e5"]);
    assert!(
        e[0].1.contains("only after the player has made a move"),
        "{e:?}"
    );
    let e = errors(&["release f3 on e5", "opponent touches b2"]);
    assert!(e[0].1.contains("is the player's"), "{e:?}");
    // Every problem is reported, not just the first.
    assert_eq!(errors(&["touch e2", "touch d2", "touch f3"]).len(), 2);
    // King and rook on the first rank may be touched together; a king and a knight may not.
    let castle = replay::parse_fen(CASTLE).unwrap();
    assert!(validate(&castle, &events(&["touch h1 e1 together"])).is_ok());
    let knight = replay::parse_fen("4k3/8/8/8/8/8/8/4K1N1 w - - 0 1").unwrap();
    assert!(validate(&knight, &events(&["touch e1 g1 together"])).is_err());
}

#[test]
fn each_clause_decides_its_rulings() {
    let cases: &[(&str, &[&str], &[&str], &str)] = &[
        (PAWNS, &["touch e2 accidentally"], &[], "4.2"),
        (PAWNS, &["say j'adoube", "adjust e2"], &[], "4.2"),
        (PAWNS, &["adjust e2"], &["e2e3", "e2e4"], "4.3.1"),
        (PAWNS, &["touch e2", "touch d2"], &["e2e3", "e2e4"], "4.3.1"),
        (
            PAWNS,
            &["touch d2", "touch e2", "touch d2"],
            &["d2d3", "d2d4"],
            "4.3.1",
        ),
        (CAPTURES, &["touch e5"], &["b2e5", "f3e5"], "4.3.2"),
        (CAPTURES, &["touch f3", "touch e5"], &["f3e5"], "4.3.3"),
        (
            CAPTURES,
            &["touch a1", "touch e5"],
            &["a1a2", "a1b1"],
            "4.3.3",
        ),
        (CAPTURES, &["touch e8"], &[], "4.5"),
        (CASTLE, &["touch e1", "touch h1"], &["e1g1"], "4.4.1"),
        (
            CASTLE,
            &["touch h1", "touch e1"],
            &[
                "h1f1", "h1g1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
            ],
            "4.4.2",
        ),
        (CASTLE, &["release e1 on g1"], &["e1g1"], "4.7.2"),
        (PAWNS, &["release e2 on e4"], &["e2e4"], "4.7"),
        (CAPTURES, &["release b2 on e5"], &["b2e5"], "4.7.1"),
        (
            "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
            &["release e7 on e8"],
            &["e7e8b", "e7e8n", "e7e8q", "e7e8r"],
            "4.7.3",
        ),
        (
            "8/4P3/8/8/8/8/k7/4K3 w - - 0 1",
            &["touch e7", "new bishop touches e8"],
            &["e7e8b"],
            "4.4.4",
        ),
        (
            PAWNS,
            &["touch d2", "release e2 on e4", "opponent touches e8"],
            &["e2e4"],
            "4.8",
        ),
    ];
    for (fen, list, expected, clause) in cases {
        let r = ruling(fen, list);
        assert_eq!(r.clause, *clause, "{list:?}");
        if expected.is_empty() {
            assert!(r.any, "{list:?}: {:?}", r.moves);
            assert_eq!(r.obligation(), Obligation::AnyLegalMove);
        } else {
            assert_eq!(moves(&r), *expected, "{list:?}");
            assert!(!r.any, "{list:?}");
        }
    }
}

#[test]
fn king_and_rook_off_the_first_rank_are_two_pieces() {
    // The rook on h5 cannot castle: king then rook is plain 4.3.1, the king moves.
    let r = ruling("4k3/8/8/7R/8/8/8/4K3 w - - 0 1", &["touch e1", "touch h5"]);
    assert_eq!(r.clause, "4.3.1");
    assert_eq!(moves(&r), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn a_breach_without_opponent_touch_leaves_the_obligation() {
    // The opponent has not touched anything yet: the breach can still be claimed.
    let r = ruling(PAWNS, &["touch d2", "release e2 on e4"]);
    assert_eq!(moves(&r), ["d2d3", "d2d4"]);
    // A move that kept to the obligation stands with or without the opponent's touch.
    let r = ruling(
        PAWNS,
        &["touch d2", "release d2 on d4", "opponent touches e8"],
    );
    assert_eq!(moves(&r), ["d2d4"]);
}

#[test]
fn no_ruling_when_the_game_is_over() {
    // Black is checkmated: there is no move to touch into.
    let pos = replay::parse_fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").unwrap();
    let errors = rule(&pos, &events(&["touch g8"])).unwrap_err();
    assert!(errors[0].message.contains("no legal move"), "{errors:?}");
}

#[test]
fn obligations_read_any_or_a_list() {
    let read = |s: &str| serde_yaml_ng::from_str::<Obligation>(s);
    assert_eq!(read("any").unwrap(), Obligation::AnyLegalMove);
    assert_eq!(
        read("[e2e4, e2e3]").unwrap(),
        Obligation::Moves(vec!["e2e4".into(), "e2e3".into()])
    );
    assert!(
        read("all")
            .unwrap_err()
            .to_string()
            .contains("`any` or a list")
    );
    assert!(read("3").is_err());
    assert_eq!(
        serde_yaml_ng::to_string(&Obligation::AnyLegalMove).unwrap(),
        "any\n"
    );
}

/// The suite's answer and the other reading's, and whether the ruling names the reading.
fn both_ways(fen: &str, list: &[&str], reading: Reading) -> (Vec<String>, Vec<String>) {
    let pos = replay::parse_fen(fen).unwrap();
    let suite = rule(&pos, &events(list)).unwrap();
    let other = rule_otherwise(&pos, &events(list), &[reading]).unwrap();
    assert!(
        suite.readings.contains(&reading),
        "{list:?}: the ruling should rest on {reading}, it names {:?}",
        suite.readings
    );
    let shown = |r: &Ruling| {
        if r.any {
            vec!["any".to_owned()]
        } else {
            r.moves.iter().cloned().collect()
        }
    };
    (shown(&suite), shown(&other))
}

#[test]
fn a_second_release_after_an_illegal_castling_release_fixes_the_move() {
    // The king is in check from f3: castling is illegal, so letting the king go on g1 makes no
    // move; letting it go on f1 then does (4.7).
    let fen = "4k3/8/8/8/8/5n2/8/R3K2R w KQ - 0 1";
    let r = ruling(fen, &["release e1 on g1"]);
    assert_eq!(moves(&r), ["e1d1", "e1e2", "e1f1", "e1f2"]);
    let r = ruling(fen, &["release e1 on g1", "release e1 on f1"]);
    assert_eq!(moves(&r), ["e1f1"]);
    assert_eq!(r.clause, "4.7");
    // Black, the same.
    let fen = "r3k2r/8/5N2/8/8/8/8/4K3 b kq - 0 1";
    let r = ruling(fen, &["release e8 on c8", "release e8 on e7"]);
    assert_eq!(moves(&r), ["e8e7"]);
    // A second release the narrowed obligation does not allow fixes nothing.
    let r = ruling(
        "4k3/8/8/8/8/5n2/8/R3K2R w KQ - 0 1",
        &["release e1 on g1", "release h1 on h5"],
    );
    assert_eq!(moves(&r), ["e1d1", "e1e2", "e1f1", "e1f2"]);
}

#[test]
fn every_reading_can_be_read_both_ways() {
    let expect = |fen, list: &[&str], reading, suite: &[&str], other: &[&str]| {
        let (s, o) = both_ways(fen, list, reading);
        assert_eq!(s, suite, "{reading} {list:?}: the suite's reading");
        assert_eq!(o, other, "{reading} {list:?}: the other reading");
    };
    expect(
        "4k3/8/8/8/8/7p/7P/R3K2R w KQ - 0 1",
        &["touch h2", "touch e1", "touch h1"],
        Reading::PassOverBeforeKing,
        &["e1g1"],
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"],
    );
    expect(
        "4k3/8/8/8/8/8/7P/R3K1NR w KQ - 0 1",
        &["touch e1", "touch h2", "touch a1"],
        Reading::RookTouchedLater,
        &["e1c1"],
        &["e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
    );
    expect(
        "4k3/8/8/8/8/8/3r4/4K2R w K - 0 1",
        &["touch e1", "touch h1", "touch d2"],
        Reading::CastlingBeforeCapture,
        &["e1g1"],
        &["e1d2"],
    );
    expect(
        "7k/8/8/8/8/3n4/4PPPb/5K1R w - - 0 1",
        &["touch f1", "touch h1"],
        Reading::CastlingKingAtHome,
        &["h1g1", "h1h2"],
        &["any"],
    );
    expect(
        "4k3/8/8/8/8/7b/3PPP2/R2QK2R w KQ - 0 1",
        &["touch e1 h1 together", "touch e8", "touch h3"],
        Reading::TouchesAfterFreeChoice,
        &["h1h3"],
        &["any"],
    );
    expect(
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        &[
            "touch e7",
            "touch d8",
            "release e7 on e8",
            "opponent touches d8",
        ],
        Reading::ClaimDuringUnfinishedMove,
        &["e7d8b", "e7d8n", "e7d8q", "e7d8r"],
        &["e7e8b", "e7e8n", "e7e8q", "e7e8r"],
    );
    expect(
        "4k3/8/8/8/8/8/3P4/4K2R w K - 0 1",
        &["touch d2", "release e1 on g1", "opponent touches e8"],
        Reading::ClaimDuringUnfinishedMove,
        &["d2d3", "d2d4"],
        &["e1g1"],
    );
    expect(
        "4k3/8/8/8/8/3p4/3PP3/4K3 w - - 0 1",
        &["say j'adoube", "touch d2", "adjust e2"],
        Reading::JadoubeUntilNextTouch,
        &["e2d3", "e2e3", "e2e4"],
        &["any"],
    );
    expect(
        PAWNS,
        &["touch d2", "touch e2", "touch d2"],
        Reading::SamePieceTwice,
        &["d2d3", "d2d4"],
        &["e2e3", "e2e4"],
    );
    expect(
        PAWNS,
        &["release d2 on d5", "touch e2"],
        Reading::ReleaseOutOfReach,
        &["d2d3", "d2d4"],
        &["e2e3", "e2e4"],
    );
    expect(
        "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1",
        &["touch e7", "new knight touches e8"],
        Reading::PromotionPieceNotSquare,
        &["e7d8n", "e7e8n"],
        &["e7e8n"],
    );
}

#[test]
fn a_finished_move_is_not_under_way() {
    // The rook let go on f1 finishes the castling: the opponent's touch then forfeits the claim.
    let r = ruling(
        "4k3/8/8/8/8/8/3P4/4K2R w K - 0 1",
        &[
            "touch d2",
            "release e1 on g1",
            "release h1 on f1",
            "opponent touches e8",
        ],
    );
    assert_eq!((moves(&r), r.clause), (vec!["e1g1"], "4.8"));
    assert!(r.readings.is_empty(), "{:?}", r.readings);
    // So does the new piece on the promotion square.
    let r = ruling(
        "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1",
        &[
            "touch e7",
            "touch d8",
            "release e7 on e8",
            "new queen touches e8",
            "opponent touches d8",
        ],
    );
    assert_eq!(moves(&r), ["e7e8q"]);
    assert!(r.readings.is_empty(), "{:?}", r.readings);
}

#[test]
fn a_ruling_names_only_the_readings_it_rests_on() {
    // The plain cases rest on no reading.
    for (fen, list) in [
        (PAWNS, &["touch e2", "touch d2"][..]),
        (CASTLE, &["touch e1", "touch h1"]),
        (CAPTURES, &["touch f3", "touch e5"]),
    ] {
        let r = ruling(fen, list);
        assert!(r.readings.is_empty(), "{list:?}: {:?}", r.readings);
    }
    // The opponent's piece touched before the rook: 4.3.3 either way, no reading.
    let r = ruling(
        "4k3/8/8/8/8/8/3r4/4K2R w K - 0 1",
        &["touch e1", "touch d2", "touch h1"],
    );
    assert_eq!(moves(&r), ["e1d2"]);
    assert!(
        !r.readings.contains(&Reading::CastlingBeforeCapture),
        "{:?}",
        r.readings
    );
}

// --- Chess960 (Guidelines II.3): castling written as the king taking its rook ---------------

fn ruling960(fen: &str, list: &[&str]) -> Ruling {
    let pos = replay::parse_fen_in(fen, crate::Variant::Chess960).unwrap();
    rule(&pos, &events(list)).unwrap()
}

/// The suite's answer and the other reading's in a Chess960 position, as [`both_ways`].
fn both_ways960(fen: &str, list: &[&str], reading: Reading) -> (Vec<String>, Vec<String>) {
    let pos = replay::parse_fen_in(fen, crate::Variant::Chess960).unwrap();
    let suite = rule(&pos, &events(list)).unwrap();
    let other = rule_otherwise(&pos, &events(list), &[reading]).unwrap();
    assert!(
        suite.readings.contains(&reading),
        "{list:?}: the ruling should rest on {reading}, it names {:?}",
        suite.readings
    );
    let shown = |r: &Ruling| {
        if r.any {
            vec!["any".to_owned()]
        } else {
            r.moves.iter().cloned().collect()
        }
    };
    (shown(&suite), shown(&other))
}

/// The king on f1 with a right on each side, rooks b1 and h1.
const DOUBLE: &str = "4k3/8/8/8/8/8/8/1R3K1R w KQ - 0 1";
/// The king already on g1: castling moves only the rook (II.3.2.4).
const ROOK_ONLY: &str = "4k3/8/8/8/8/8/8/6KR w K - 0 1";

#[test]
fn chess960_king_and_rook_oblige_each_way_of_castling() {
    let cases: &[(&str, &[&str], &[&str], &str)] = &[
        // II.3.2.1: both move.
        (DOUBLE, &["touch f1", "touch h1"], &["f1h1"], "4.4.1"),
        (DOUBLE, &["touch f1", "touch b1"], &["f1b1"], "4.4.1"),
        (DOUBLE, &["touch h1 f1 together"], &["f1h1"], "4.4.1"),
        // II.3.2.2: they swap squares.
        (
            "4k3/8/8/8/8/8/8/2RK4 w Q - 0 1",
            &["touch d1 c1 together"],
            &["d1c1"],
            "4.4.1",
        ),
        // II.3.2.3: only the king moves.
        (
            "4k3/8/8/8/8/8/8/4KR2 w K - 0 1",
            &["touch e1", "touch f1"],
            &["e1f1"],
            "4.4.1",
        ),
        // II.3.2.4: only the rook moves.
        (ROOK_ONLY, &["touch g1", "touch h1"], &["g1h1"], "4.4.1"),
        // 4.4.2: the rook first, no castling with it.
        (
            ROOK_ONLY,
            &["touch h1", "touch g1"],
            &["h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"],
            "4.4.2",
        ),
        // 4.4.3: g1 attacked, so another king move, castling with the b1 rook included.
        (
            "4k1r1/8/8/8/8/8/8/1R3K1R w KQ - 0 1",
            &["touch f1", "touch h1"],
            &["f1b1", "f1e1", "f1e2", "f1f2"],
            "4.4.3",
        ),
        // 4.4.3: the h1 rook has no right (the right is the f1 rook's): another king move,
        // castling with the f1 rook (the king alone moves, to g1) included.
        (
            "4k3/8/8/8/8/8/8/4KR1R w F - 0 1",
            &["touch e1", "touch h1"],
            &["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"],
            "4.4.3",
        ),
    ];
    for (fen, list, expected, clause) in cases {
        let r = ruling960(fen, list);
        assert_eq!(
            (moves(&r), r.clause),
            (expected.to_vec(), *clause),
            "{fen} {list:?}"
        );
        assert!(r.readings.is_empty(), "{list:?}: {:?}", r.readings);
    }
}

#[test]
fn chess960_the_castling_king_is_the_king_with_a_right() {
    // The king f1 has no move (e1 and g1 attacked, e2, f2, g2 its own pawns); castling is
    // illegal on both sides (e1 attacked on the way to c1; no right on h1).
    let with_right = "7k/8/8/8/8/3n4/4PPPb/1R3K1R w Q - 0 1";
    // With a right, the king stands on its original square: intending to castle, and castling
    // with h1 illegal, the king without a move: any legal move (4.4.3).
    let r = ruling960(with_right, &["touch f1", "touch h1"]);
    assert!(r.any, "{:?}", r.moves);
    assert_eq!(r.clause, "4.4.3");
    // Without one, its start is unknown: not castling, the h1 rook moves (4.3.1).
    let r = ruling960(
        "7k/8/8/8/8/3n4/4PPPb/1R3K1R w - - 0 1",
        &["touch f1", "touch h1"],
    );
    assert_eq!((moves(&r), r.clause), (vec!["h1g1", "h1h2"], "4.3.1"));
    assert_eq!(r.readings, [Reading::CastlingKingAtHome]);
}

#[test]
fn chess960_readings_can_be_read_both_ways() {
    let expect = |fen, list: &[&str], reading, suite: &[&str], other: &[&str]| {
        let (s, o) = both_ways960(fen, list, reading);
        assert_eq!(s, suite, "{reading} {list:?}: the suite's reading");
        assert_eq!(o, other, "{reading} {list:?}: the other reading");
    };
    // The rook-only castling is the king's move (3.8.2), or the rook's.
    expect(
        ROOK_ONLY,
        &["touch h1"],
        Reading::Chess960CastlingIsAKingMove,
        &["h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"],
        &[
            "g1h1", "h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8",
        ],
    );
    expect(
        ROOK_ONLY,
        &["touch g1"],
        Reading::Chess960CastlingIsAKingMove,
        &["g1f1", "g1f2", "g1g2", "g1h1", "g1h2"],
        &["g1f1", "g1f2", "g1g2", "g1h2"],
    );
    // The rook let go on f1 with no king touched: no castling, the rook counts as touched;
    // as the rook's move, that release is the castling.
    expect(
        ROOK_ONLY,
        &["release h1 on f1"],
        Reading::Chess960CastlingIsAKingMove,
        &["h1h2", "h1h3", "h1h4", "h1h5", "h1h6", "h1h7", "h1h8"],
        &["g1h1"],
    );
    // The king let go one step on its castling square: Kg1, or castling begun.
    let one_step = "4k3/8/8/8/8/8/8/5K1R w K - 0 1";
    expect(
        one_step,
        &["release f1 on g1"],
        Reading::Chess960KingReleasedOneStep,
        &["f1g1"],
        &["f1h1"],
    );
    // In check from d3, castling is illegal: Kg1 stands, or the release was an illegal
    // castling and leaves the king's moves (4.7.2), not the knight's block on e2.
    expect(
        "4k3/8/8/8/8/3b4/8/2N2K1R w K - 0 1",
        &["release f1 on g1"],
        Reading::Chess960KingReleasedOneStep,
        &["f1g1"],
        &["f1e1", "f1f2", "f1g1", "f1g2"],
    );
    // A rook-only castling against the obligation (a2 touched first): made when the rook is
    // let go, so the opponent's touch forfeits the claim; or not yet made (the king still to
    // be put back), and the claim stands.
    expect(
        "4k3/8/8/8/8/8/P7/6KR w K - 0 1",
        &[
            "touch a2",
            "touch g1",
            "release h1 on f1",
            "opponent touches e8",
        ],
        Reading::Chess960RookReleasedCompletesCastling,
        &["g1h1"],
        &["a2a3", "a2a4"],
    );
    // Black, the same.
    expect(
        "6kr/p7/8/8/8/8/8/4K3 b k - 0 1",
        &[
            "touch a7",
            "touch g8",
            "release h8 on f8",
            "opponent touches e1",
        ],
        Reading::Chess960RookReleasedCompletesCastling,
        &["g8h8"],
        &["a7a5", "a7a6"],
    );
}

#[test]
fn chess960_releases_make_castling_as_4_7_2_says() {
    // The king let go two or more squares away on its castling square: castling, and only
    // that; the rook let go on f1 then finishes it.
    let r = ruling960("4k3/8/8/8/8/8/8/3K3R w K - 0 1", &["release d1 on g1"]);
    assert_eq!((moves(&r), r.clause), (vec!["d1h1"], "4.7.2"));
    // Against the obligation: not made until the rook is let go, so the opponent's touch
    // before that keeps the claim (`claim-during-unfinished-move`), after it ends it.
    let fen = "4k3/8/8/8/8/8/P7/3K3R w K - 0 1";
    let r = ruling960(
        fen,
        &["touch a2", "release d1 on g1", "opponent touches e8"],
    );
    assert_eq!(moves(&r), ["a2a3", "a2a4"]);
    assert_eq!(r.readings, [Reading::ClaimDuringUnfinishedMove]);
    let r = ruling960(
        fen,
        &[
            "touch a2",
            "release d1 on g1",
            "release h1 on f1",
            "opponent touches e8",
        ],
    );
    assert_eq!((moves(&r), r.clause), (vec!["d1h1"], "4.8"));
    assert!(r.readings.is_empty(), "{:?}", r.readings);
    // Only the king moves (the rook already on f1): made when the king is let go.
    let r = ruling960(
        "4k3/8/8/8/8/8/P7/4KR2 w K - 0 1",
        &["touch a2", "release e1 on g1", "opponent touches e8"],
    );
    assert_eq!((moves(&r), r.clause), (vec!["e1f1"], "4.8"));
    assert!(r.readings.is_empty(), "{:?}", r.readings);
    // The king let go on its own rook's square is no move (castling is not written at the
    // board): the king counts as touched and moves.
    let r = ruling960("4k3/8/8/8/8/8/8/5K1R w K - 0 1", &["release f1 on h1"]);
    assert_eq!(moves(&r), ["f1e1", "f1e2", "f1f2", "f1g1", "f1g2", "f1h1"]);
    // The king let go on its castling square when that castling is illegal (the h1 rook has
    // no right): the king's other moves, castling with the other rook included.
    let r = ruling960("4k3/8/8/8/8/8/8/1R1K3R w Q - 0 1", &["release d1 on g1"]);
    assert_eq!(
        (moves(&r), r.clause),
        (
            vec!["d1b1", "d1c1", "d1c2", "d1d2", "d1e1", "d1e2"],
            "4.7.2"
        )
    );
}

#[test]
fn chess960_rules_as_standard_chess_where_the_start_does_not_matter() {
    // The standard start's castling position read as Chess960 (KQ: the outermost rooks) gives
    // the same rulings, castling written as the king taking its rook.
    let standard = replay::parse_fen(CASTLE).unwrap();
    let chess960 = replay::parse_fen_in(CASTLE, crate::Variant::Chess960).unwrap();
    let as960 = |m: &String| match m.as_str() {
        "e1g1" => "e1h1".to_owned(),
        "e1c1" => "e1a1".to_owned(),
        m => m.to_owned(),
    };
    for list in [
        &["touch e1", "touch h1"][..],
        &["touch a1", "touch e1"],
        &["touch e1 a1 together"],
        &["touch e1"],
        &["touch h1"],
        &["release e1 on g1"],
        &["release e1 on c1", "release a1 on d1"],
        &["release e1 on f1"],
        &["touch e1", "touch e8", "touch h1"],
    ] {
        let s = rule(&standard, &events(list)).unwrap();
        let c = rule(&chess960, &events(list)).unwrap();
        let s_moves: BTreeSet<String> = s.moves.iter().map(as960).collect();
        assert_eq!(
            (c.moves, c.clause, c.any, c.readings.clone()),
            (s_moves, s.clause, s.any, s.readings),
            "{list:?}"
        );
        assert!(!c.readings.iter().any(|r| r.chess960()), "{list:?}");
    }
}

#[test]
fn chess960_readings_never_decide_a_standard_ruling() {
    // The positions with castling of the tests above, read as standard chess.
    for (fen, list) in [
        (CASTLE, &["touch e1", "touch h1"][..]),
        (CASTLE, &["release e1 on g1"]),
        (CASTLE, &["touch h1"]),
        (CASTLE, &["touch e1"]),
        (
            "4k3/8/8/8/8/8/3P4/4K2R w K - 0 1",
            &[
                "touch d2",
                "release e1 on g1",
                "release h1 on f1",
                "opponent touches e8",
            ],
        ),
        ("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &["release a1 on d1"]),
    ] {
        let r = ruling(fen, list);
        for reading in Reading::ALL.into_iter().filter(|r| r.chess960()) {
            assert!(!r.readings.contains(&reading), "{list:?}: {reading}");
            let pos = replay::parse_fen(fen).unwrap();
            let other = rule_otherwise(&pos, &events(list), &[reading]).unwrap();
            assert_eq!(other.moves, r.moves, "{list:?}: {reading}");
        }
    }
}
