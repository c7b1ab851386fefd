use super::*;
use crate::{Catalogue, Mutant, Run};

fn check(assertion: &str, expected: &str, actual: &str) -> Check {
    Check {
        assertion: assertion.into(),
        expected: expected.into(),
        actual: actual.into(),
        outcome: Outcome::Fail,
        reason: None,
    }
}

fn error(assertion: &str, reason: &str) -> Check {
    Check {
        assertion: assertion.into(),
        expected: "[e2e4]".into(),
        actual: String::new(),
        outcome: Outcome::Error,
        reason: Some(reason.into()),
    }
}

fn verdict(id: &str, checks: Vec<Check>) -> Verdict {
    Verdict::of(id.into(), "area".into(), checks)
}

fn member<'a>(verdict: &'a Verdict, fen: &'a str, moves: &'a [String]) -> Member<'a> {
    Member {
        verdict,
        fen: Some(fen),
        moves,
        variant: Variant::Standard,
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn under_promotions_refused_on_any_square_are_one_group_and_its_smallest_case_shows_it() {
    // js-chess-engine's: the queen promotion legal, the three others refused.
    let refused = |from: &str, to: &str| {
        let all = ["q", "r", "b", "n"].map(|p| format!("{from}{to}{p}"));
        check(
            "legal",
            &format!("[{}]", all.join(", ")),
            &format!("not legal: [{}]", all[1..].join(", ")),
        )
    };
    let big = verdict("promotion/big", vec![refused("a7", "a8")]);
    let small = verdict("promotion/small", vec![refused("f2", "f1")]);
    let capture = verdict("promotion/capture", vec![refused("g7", "h8")]);
    let none: Vec<String> = Vec::new();
    let history = vec!["a1a2".to_owned()];
    let groups = group([
        member(&big, "r3k3/P7/8/8/8/8/8/R3K3 w - - 0 1", &none),
        member(&small, "8/8/8/8/8/8/5p2/K1k4N w - - 0 1", &history),
        member(&capture, "7r/6P1/8/8/8/8/8/K1k5 w - - 0 1", &none),
    ]);
    assert_eq!(groups.len(), 1, "{groups:#?}");
    let g = &groups[0];
    assert_eq!(g.label, "legal moves refused: an under-promotion");
    assert_eq!(g.key, format!("fail: {}", g.label));
    assert_eq!(g.outcome, Outcome::Fail);
    assert_eq!(g.count, 3);
    // Four pieces each: the capture case, with no history, before the one with a move.
    assert_eq!(g.case, "promotion/capture");
    assert_eq!(g.fen.as_deref(), Some("7r/6P1/8/8/8/8/8/K1k5 w - - 0 1"));
    assert_eq!(g.checks, capture.checks);
    assert_eq!(
        g.members,
        ["promotion/big", "promotion/small", "promotion/capture"]
    );
}

#[test]
fn move_kinds_are_told_apart() {
    let none: Vec<String> = Vec::new();
    let ep = verdict("ep/a", vec![check("illegal", "[c5d6]", "legal: [c5d6]")]);
    let castle = verdict(
        "castling/a",
        vec![check(
            "moves",
            "[e1g1, e1f1]",
            "missing [e1g1]; unexpected [e1d1]",
        )],
    );
    let groups = group([
        member(&ep, "4k3/8/8/2P5/8/8/8/4K3 w - - 0 1", &none),
        member(&castle, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", &none),
    ]);
    let labels: Vec<&str> = groups.iter().map(|g| g.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "illegal moves accepted: an en passant capture",
            "moves: missing castling; unexpected a king move",
        ]
    );
    let sight = Sight::of(Variant::Standard, START, &["e2e4".into(), "d7d5".into()]).unwrap();
    let said = |uci: &str| sight.describe_move(uci);
    assert_eq!(said("e4d5"), "a pawn capture");
    assert_eq!(said("a2a4"), "a pawn double step");
    assert_eq!(said("a2a3"), "a pawn step");
    assert_eq!(said("g1f3"), "a knight move");
    assert_eq!(said("e4e5"), "a pawn step");
    assert_eq!(said("e4e7"), "a pawn move no pawn makes");
    assert_eq!(said("e3e4"), "a move from an empty square");
    assert_eq!(said("d5e4"), "a pawn capture of the side not to move");
    assert_eq!(said("0000"), "a move that is not UCI");
    assert_eq!(sight.describe_square("b1"), "a knight");
    assert_eq!(sight.describe_square("e3"), "an empty square");
}

#[test]
fn wrong_answers_are_grouped_by_their_expected_and_actual_pair() {
    // pleco's: stalemate for a position with moves left, whatever the position.
    let stalemate = |id: &str| verdict(id, vec![check("state", "ongoing", "stalemate")]);
    let (a, b) = (stalemate("state/a"), stalemate("state/b"));
    let clocks = verdict(
        "clocks/a",
        vec![check(
            "after e1g1",
            "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10",
            "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 0 1 (differs in halfmove clock, move number)",
        )],
    );
    let clocks_too = verdict(
        "clocks/b",
        vec![check(
            "after f1e1",
            "3k4/8/8/8/8/8/8/R3K2R b - - 3 2",
            "3k4/8/8/8/8/8/8/R3K2R b - - 0 1 (differs in halfmove clock, move number)",
        )],
    );
    let perft = verdict("perft/a", vec![check("perft 3", "8902", "8901")]);
    let san = verdict("san/a", vec![check("san b1d2", "Nbd2", "Nd2")]);
    let none: Vec<String> = Vec::new();
    let groups = group([
        member(&a, START, &none),
        member(&clocks, START, &none),
        member(&b, START, &none),
        member(&clocks_too, START, &none),
        member(&perft, START, &none),
        member(&san, "4k3/8/8/8/8/8/8/RN1NK3 w - - 0 1", &none),
    ]);
    let summary: Vec<(usize, &str)> = groups.iter().map(|g| (g.count, g.label.as_str())).collect();
    assert_eq!(
        summary,
        [
            (2, "after: differs in halfmove clock, move number"),
            (2, "state: expected ongoing, actual stalemate"),
            (1, "perft: too few nodes"),
            (1, "san of a knight move: expected Nf□, actual N□"),
        ]
    );
}

#[test]
fn errors_differing_only_in_their_variable_parts_are_one_group() {
    let crash = |id: &str, fen: &str, n: usize| {
        verdict(
            id,
            vec![error(
                "legal",
                &format!(
                    "legal moves: the engine crashed on `{fen}` (seq {n}): TypeError: Cannot \
                     read properties of undefined (reading '{n}') at board.js:{n}:17\nstderr: \
                     line {n} of something else"
                ),
            )],
        )
    };
    let a = crash("a", START, 3);
    let b = crash("b", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", 4_187);
    let other = verdict(
        "c",
        vec![error("legal", "legal moves: the engine exited with code 1")],
    );
    let panicked = verdict(
        "d",
        vec![error(
            "valid",
            "validate FEN: pleco, on 8/8/8/8/8/8/8/4K3 w - - 0 1: the engine panicked: index \
             out of bounds: the len is 64 but the index is 65 (at pleco-0.5.0/src/board.rs:12)",
        )],
    );
    let none: Vec<String> = Vec::new();
    let groups = group([
        member(&a, START, &none),
        member(&b, START, &none),
        member(&other, START, &none),
        member(&panicked, START, &none),
    ]);
    let summary: Vec<(usize, Outcome, &str)> = groups
        .iter()
        .map(|g| (g.count, g.outcome, g.label.as_str()))
        .collect();
    assert_eq!(
        summary,
        [
            (
                2,
                Outcome::Error,
                "legal moves: the engine crashed on `…` (seq <n>): TypeError: Cannot read \
                 properties of undefined (reading '…') at board.js:<n>:<n>"
            ),
            (
                1,
                Outcome::Error,
                "legal moves: the engine exited with code <n>"
            ),
            (
                1,
                Outcome::Error,
                "validate FEN: pleco, on <fen>: the engine panicked: index out of bounds: the \
                 len is <n> but the index is <n> (at pleco-<n>/src/board.rs:<n>)"
            ),
        ]
    );
    assert_eq!(
        groups[0].checks, a.checks,
        "the first of two equal sizes by id"
    );
}

#[test]
fn a_case_with_two_causes_is_grouped_by_its_first_the_other_said_and_passes_and_skips_in_none() {
    let both = verdict(
        "both",
        vec![
            check("state", "ongoing", "stalemate"),
            check("check", "true", "false"),
            check("state", "ongoing", "stalemate"),
        ],
    );
    let passed = verdict(
        "passed",
        vec![Check {
            outcome: Outcome::Pass,
            ..check("state", "ongoing", "ongoing")
        }],
    );
    let none: Vec<String> = Vec::new();
    let first = verdict("first", vec![check("state", "ongoing", "stalemate")]);
    let groups = group([
        member(&both, START, &none),
        member(&passed, START, &none),
        member(&first, START, &none),
    ]);
    assert_eq!(groups.len(), 1);
    assert_eq!(groups[0].label, "state: expected ongoing, actual stalemate");
    assert_eq!(groups[0].members, ["both", "first"]);
    assert_eq!(
        groups[0].also,
        [Also {
            cause: "check: expected true, actual false".into(),
            cases: 1
        }]
    );
}

#[test]
fn masking_leaves_the_words_and_masks_what_varies() {
    assert_eq!(
        mask("play e7e8q: `x` refused at move 12, seq=40; Nbd2+ on e4 (0x1f, v1.0.3), from E2."),
        "play <move>: `…` refused at move <n>, seq=<n>; <san> on <square> (<n>, v<n>), from <square>."
    );
    assert_eq!(
        mask(
            "the engine's answer \"oops\" for rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1 and more"
        ),
        "the engine's answer \"…\" for <fen> and more"
    );
    assert_eq!(mask("it's 'unclosed"), "it's 'unclosed");
    assert_eq!(san_shape("exd8=Q#"), "fx□=Q#");
    assert_eq!(san_shape("O-O-O+"), "O-O-O+");
    assert_eq!(san_shape("R1a3"), "Rr□");
    assert_eq!(san_shape("rejected"), "rejected");
}

#[test]
fn every_failing_or_erring_case_of_a_mutant_run_is_in_exactly_one_group() {
    let catalogue = Catalogue::builtin_selected(Some("castling/"), None).expect("castling");
    for name in ["castle-out-of-check", "rights-from-the-board"] {
        let mut mutant = Mutant::named(name).expect("a mutant");
        let run = Run::new(&mut mutant, &catalogue);
        let groups = run.groups();
        let bad: Vec<&str> = run
            .results
            .iter()
            .filter(|(_, v)| matches!(v.outcome, Outcome::Fail | Outcome::Error))
            .map(|(_, v)| v.id.as_str())
            .collect();
        assert!(!bad.is_empty(), "{name} fails some castling case");
        let mut seen: Vec<&str> = groups
            .iter()
            .flat_map(|g| g.members.iter().map(String::as_str))
            .collect();
        seen.sort_unstable();
        let mut want = bad.clone();
        want.sort_unstable();
        assert_eq!(seen, want, "{name}: each failing case once");
        assert!(groups.len() < bad.len(), "{name}: {groups:#?}");
        for pair in groups.windows(2) {
            assert!(
                (pair[0].count, &pair[1].key) > (pair[1].count, &pair[0].key),
                "largest first, ties by key: {pair:#?}"
            );
        }
        for g in &groups {
            assert_eq!(g.count, g.members.len());
            let size = |id: &str| {
                let (case, _) = run.results.iter().find(|(c, _)| c.case.id == id).unwrap();
                let pieces = case.case.fen.split(' ').next().unwrap();
                (
                    pieces.chars().filter(char::is_ascii_alphabetic).count(),
                    case.case.moves.len(),
                )
            };
            let smallest = g.members.iter().map(|id| size(id)).min().unwrap();
            assert_eq!(size(&g.case), smallest, "{g:#?}");
        }
    }
}

#[test]
fn an_invalid_fen_accepted_is_grouped_by_what_makes_it_invalid() {
    let accepted = |id: &str| verdict(id, vec![check("valid", "rejected", "accepted")]);
    let (rights, rights_too, check_) = (accepted("a"), accepted("b"), accepted("c"));
    let none: Vec<String> = Vec::new();
    let groups = group([
        member(&rights, "4k3/8/8/8/8/8/8/4K3 w K - 0 1", &none),
        member(&rights_too, "4k3/8/8/8/8/8/8/4K3 w q - 0 1", &none),
        member(&check_, "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", &none),
    ]);
    let summary: Vec<(usize, &str)> = groups.iter().map(|g| (g.count, g.label.as_str())).collect();
    assert_eq!(
        summary,
        [
            (
                2,
                "valid: an invalid FEN accepted (illegal position: invalid castling rights)"
            ),
            (
                1,
                "valid: an invalid FEN accepted (illegal position: opposite check)"
            ),
        ]
    );
}
