//! The in-process adapters (`chess`, `cozy-chess`, `owlchess`) against answers known from the
//! rules: that each one talks the suite's vocabulary (UCI castling as `e1g1`), survives what its
//! library would panic on, declares exactly the capabilities it answers, and reports what its
//! library says, including the disagreements listed in docs/FINDINGS.md.

use chess_conformance::case::Case;
use chess_conformance::{
    AttackSource, Capability, Color, DrawClaim, Engine, EngineError, FenCheck, Game, GameState,
    LoadedCase, MoveResult, Outcome, Variant, check, question::Question,
};
use chess_conformance_adapters::ChessCrate;
use chess_conformance_adapters::CozyChess;
use chess_conformance_adapters::Owlchess;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Both sides may castle both ways; nothing stands between kings and rooks.
const CASTLES: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

fn game<'a>(fen: &'a str, moves: &'a [String]) -> Game<'a> {
    Game::new(fen, moves)
}

fn moves(list: &[&str]) -> Vec<String> {
    list.iter().map(|m| m.to_string()).collect()
}

fn adapters() -> Vec<Box<dyn Engine>> {
    vec![
        Box::new(ChessCrate::new()),
        Box::new(CozyChess::new()),
        Box::new(Owlchess::new()),
    ]
}

fn case(yaml: &str) -> LoadedCase {
    let case: Case = serde_yaml_ng::from_str(yaml).expect("the test case parses");
    LoadedCase::new(case).expect("the test case is valid")
}

#[test]
fn identities_name_the_crate_and_the_version_in_cargo_lock() {
    let lock = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock"))
        .expect("Cargo.lock is readable");
    for engine in adapters() {
        let id = engine.identity();
        let entry = format!("name = \"{}\"\nversion = \"{}\"\n", id.name, id.version);
        assert!(lock.contains(&entry), "{id} is not the locked version");
    }
}

#[test]
fn the_start_position_has_20_moves_and_perft_2_is_400() {
    for mut engine in adapters() {
        let id = engine.identity();
        let start = game(START, &[]);
        let legal = engine.legal_moves(&start).unwrap();
        assert_eq!(legal.len(), 20, "{id}: {legal:?}");
        assert!(legal.contains(&"g1f3".to_string()), "{id}");
        assert_eq!(engine.perft(&start, 1), Ok(20), "{id}");
        assert_eq!(engine.perft(&start, 3), Ok(8902), "{id}");
        assert_eq!(engine.in_check(&start), Ok(false), "{id}");
        assert_eq!(engine.game_state(&start), Ok(GameState::Ongoing), "{id}");
    }
}

#[test]
fn castling_is_the_kings_two_square_move_both_ways() {
    for mut engine in adapters() {
        let id = engine.identity();
        let legal = engine.legal_moves(&game(CASTLES, &[])).unwrap();
        for m in ["e1g1", "e1c1"] {
            assert!(legal.contains(&m.to_string()), "{id}: {legal:?}");
        }
        for m in ["e1h1", "e1a1"] {
            assert!(!legal.contains(&m.to_string()), "{id}: {legal:?}");
        }
        // Castling in the history is read as the suite writes it, and black castles after it.
        let history = moves(&["e1g1"]);
        let after = game(CASTLES, &history);
        let black = engine.legal_moves(&after).unwrap();
        assert!(black.contains(&"e8c8".to_string()), "{id}: {black:?}");
        // The `chess` crate keeps no clocks and always writes `0 1` (docs/FINDINGS.md).
        let clocks = if id.name == "chess" { "0 1" } else { "2 2" };
        assert_eq!(
            engine.play(&after, "e8c8"),
            Ok(MoveResult::Played(format!(
                "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - {clocks}"
            ))),
            "{id}"
        );
    }
}

#[test]
fn an_illegal_move_is_refused_and_the_engine_goes_on() {
    for mut engine in adapters() {
        let id = engine.identity();
        let start = game(START, &[]);
        // From an empty square (the chess crate panics if asked to make it), onto an own piece,
        // and a knight moved like a bishop.
        for bad in ["e4e5", "d1d2", "b1d3"] {
            assert!(
                matches!(engine.play(&start, bad), Ok(MoveResult::Refused(_))),
                "{id} played {bad}"
            );
        }
        // The rook on e2 checks the king: it may take the rook or step to d1 or f1, but not
        // stay on the rook's rank or file.
        let checked = game("4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", &[]);
        for (m, legal) in [
            ("e1e2", true),
            ("e1d1", true),
            ("e1d2", false),
            ("e1f2", false),
        ] {
            let played = engine.play(&checked, m);
            assert_eq!(
                matches!(played, Ok(MoveResult::Played(_))),
                legal,
                "{id} {m}: {played:?}"
            );
        }
        // The engine still answers afterwards.
        assert_eq!(engine.legal_moves(&start).unwrap().len(), 20, "{id}");
    }
}

#[test]
fn an_illegal_history_or_a_broken_fen_is_an_error_not_a_panic() {
    for mut engine in adapters() {
        let id = engine.identity();
        let history = moves(&["e2e4", "e2e4"]);
        let err = engine.legal_moves(&game(START, &history)).unwrap_err();
        assert!(
            matches!(&err, EngineError::Failed(why) if why.contains("history move 2")),
            "{id}: {err:?}"
        );
        let err = engine.legal_moves(&game("not a fen", &[])).unwrap_err();
        assert!(matches!(err, EngineError::Failed(_)), "{id}: {err:?}");
        assert!(
            matches!(
                engine.validate_fen("not a fen", Variant::Standard),
                Ok(FenCheck::Rejected(_))
            ),
            "{id}"
        );
        assert_eq!(
            engine.validate_fen(START, Variant::Standard),
            Ok(FenCheck::Accepted),
            "{id}"
        );
        assert_eq!(engine.legal_moves(&game(START, &[])).unwrap().len(), 20);
    }
}

#[test]
fn check_checkers_mate_and_stalemate() {
    // Fool's mate: the queen on h4 mates.
    let history = moves(&["f2f3", "e7e5", "g2g4", "d8h4"]);
    // Stalemate: black king a8, white queen b6 (RULES.md).
    let stalemate = "k7/8/1Q6/8/8/8/8/7K b - - 0 1";
    for mut engine in adapters() {
        let id = engine.identity();
        let mated = game(START, &history);
        assert_eq!(engine.in_check(&mated), Ok(true), "{id}");
        assert_eq!(engine.checkers(&mated), Ok(vec!["h4".to_string()]), "{id}");
        assert_eq!(
            engine.game_state(&mated),
            Ok(GameState::Checkmate {
                winner: Color::Black
            }),
            "{id}"
        );
        assert_eq!(
            engine.game_state(&game(stalemate, &[])),
            Ok(GameState::Stalemate),
            "{id}"
        );
    }
}

#[test]
fn attacks_follow_the_rules_of_3_1() {
    for mut engine in adapters() {
        let id = engine.identity();
        let queen = game("8/8/8/8/3Q4/8/k6K/8 w - - 0 1", &[]);
        let d4 = engine
            .attacks(&queen, &AttackSource::Square("d4".into()))
            .unwrap();
        assert_eq!(d4.len(), 27, "{id}: {d4:?}");
        // A pawn attacks its two forward diagonals, empty or not, never the square ahead.
        let pawn = game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &[]);
        let mut e2 = engine
            .attacks(&pawn, &AttackSource::Square("e2".into()))
            .unwrap();
        e2.sort();
        assert_eq!(e2, ["d3", "f3"], "{id}");
        // Defended own pieces count: the e1 king attacks e2, where its own pawn stands.
        let white = engine
            .attacks(&pawn, &AttackSource::Side(Color::White))
            .unwrap();
        assert!(white.contains(&"e2".to_string()), "{id}: {white:?}");
        assert!(!white.contains(&"e3".to_string()), "{id}: {white:?}");
        assert!(
            engine
                .attacks(&pawn, &AttackSource::Square("e4".into()))
                .is_err()
        );
    }
}

/// Asks every question with its simplest input and sorts the answers: `Unsupported` must come
/// back exactly for the questions the adapter does not declare.
#[test]
fn declared_capabilities_are_exactly_the_questions_answered() {
    for mut engine in adapters() {
        let id = engine.identity();
        let declared = engine.capabilities();
        let start = game(START, &[]);
        for question in simplest_questions() {
            let capability = question.capability();
            let answer_unsupported = matches!(
                question.ask_any(&mut *engine, &start),
                Err(EngineError::Unsupported(_))
            );
            assert_eq!(
                answer_unsupported,
                !declared.contains(capability),
                "{id}: {capability} is declared {} but the answer {} unsupported",
                declared.contains(capability),
                if answer_unsupported { "is" } else { "is not" }
            );
        }
        // The rules inside the answers, not questions, are checked by the tests below. No
        // adapter declares `pieces`: the harness never hands them such a position.
        assert!(
            !declared.contains(Capability::Pieces),
            "{id}: declares pieces"
        );
    }
}

/// Every question of the table, read from the simplest value of each argument (by its protocol
/// name) on the starting position: none is written here by hand.
fn simplest_questions() -> Vec<Question> {
    let fields = serde_json::json!({
        "move": "e2e4",
        "san": "Nf3",
        "by": "white",
        "side": "white",
        "depth": 1,
        "fen": START,
        "events": [],
    });
    Question::NAMES
        .iter()
        .map(|&name| {
            Question::read(name, fields.clone())
                .expect("a name of the table")
                .unwrap_or_else(|e| {
                    panic!("`{name}`: give its arguments a value in `simplest_questions`: {e}")
                })
        })
        .collect()
}

/// The rule capabilities: a declared rule fires where the rules say it must; an undeclared one
/// is absent from the library (its answer is the one a library without the rule gives).
#[test]
fn declared_rules_are_the_rules_the_library_applies() {
    let knights = moves(&[
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ]);
    let bare_kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
    let clock_150 = "4k3/8/8/8/8/8/8/R3K3 w - - 150 100";
    for mut engine in adapters() {
        let id = engine.identity();
        let declared = engine.capabilities();

        let threefold = game(START, &knights);
        if declared.contains(Capability::Repetition) {
            assert_eq!(
                engine.draw_claims(&threefold),
                Ok(vec![DrawClaim::ThreefoldRepetition]),
                "{id}"
            );
        } else {
            assert!(!declared.contains(Capability::DrawClaims), "{id}");
        }

        let state = engine.game_state(&game(bare_kings, &[]));
        if declared.contains(Capability::InsufficientMaterial) {
            assert_eq!(state, Ok(GameState::InsufficientMaterial), "{id}");
        } else {
            assert_eq!(state, Ok(GameState::Ongoing), "{id}: K v K goes on");
        }

        let state = engine.game_state(&game(clock_150, &[]));
        if declared.contains(Capability::SeventyFiveMoves) {
            assert_eq!(state, Ok(GameState::SeventyFiveMoves), "{id}");
        } else {
            assert_ne!(state, Ok(GameState::SeventyFiveMoves), "{id}");
        }
    }
}

#[test]
fn a_case_needing_an_undeclared_capability_is_skipped() {
    let san = case(
        "{id: san/x, title: t, rule: C.1, fen: '4k3/8/8/8/8/8/8/4K1N1 w - - 0 1', \
         expect: {san: {g1f3: Nf3}}}",
    );
    let insufficient = case(
        "{id: insufficient-material/x, title: t, rule: 5.2.2, \
          fen: '4k3/8/8/8/8/8/8/4K3 w - - 0 1', expect: {state: insufficient_material}}",
    );
    for mut engine in adapters() {
        let id = engine.identity();
        for c in [&san, &insufficient] {
            let verdict = check(&mut engine, c);
            let expected = if c.case.expect.san.is_some() {
                engine.capabilities().contains(Capability::San)
            } else {
                engine
                    .capabilities()
                    .contains(Capability::InsufficientMaterial)
            };
            let outcome = if expected {
                Outcome::Pass
            } else {
                Outcome::Skip
            };
            assert_eq!(verdict.outcome, outcome, "{id} {}: {verdict:?}", c.case.id);
        }
    }
}

// --- What each library answers where it disagrees with the rules (docs/FINDINGS.md) ----------

/// The `chess` crate names the double-stepped pawn's square, not the skipped one, in its FEN
/// (jordanbray/chess issue #83), and keeps no clocks. The harness must see the difference.
#[test]
fn chess_writes_the_pawns_square_as_en_passant_square() {
    let mut engine = ChessCrate::new();
    let start = game("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", &[]);
    assert_eq!(
        engine.play(&start, "e2e4"),
        Ok(MoveResult::Played(
            "4k3/8/8/8/3pP3/8/8/4K3 b - e4 0 1".into()
        ))
    );
    let c = case(
        "{id: en-passant/x, title: t, rule: 3.7.3.1, fen: '4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1', \
         expect: {after: [{move: e2e4, fen: '4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1'}]}}",
    );
    // It declares no clocks (`0 1` is not compared), and the en passant field still fails.
    let verdict = check(&mut engine, &c);
    assert_eq!(verdict.outcome, Outcome::Fail);
    let shown = &verdict.checks[0].actual;
    assert!(
        shown.contains("(differs in en passant)") && shown.contains("clocks not compared"),
        "{verdict:?}"
    );
    // The other two write e3.
    for mut other in [
        Box::new(CozyChess::new()) as Box<dyn Engine>,
        Box::new(Owlchess::new()),
    ] {
        assert_eq!(check(&mut other, &c).outcome, Outcome::Pass);
    }
}

/// cozy-chess ends the game at halfmove clock 100, where FIDE 9.3 only allows a claim, and its
/// FEN parser refuses a clock above 100.
#[test]
fn cozy_chess_ends_the_game_at_fifty_moves() {
    let mut engine = CozyChess::new();
    let at_100 = game("4k3/8/8/8/8/8/8/R3K3 w - - 100 80", &[]);
    assert_eq!(engine.game_state(&at_100), Ok(GameState::SeventyFiveMoves));
    let at_99 = game("4k3/8/8/8/8/8/8/R3K3 w - - 99 80", &[]);
    assert_eq!(engine.game_state(&at_99), Ok(GameState::Ongoing));
    assert!(matches!(
        engine.validate_fen("4k3/8/8/8/8/8/8/R3K3 w - - 150 100", Variant::Standard),
        Ok(FenCheck::Rejected(_))
    ));
}

/// owlchess hashes the en passant square after every double step, so a position reached by
/// 1.e4 (no capture possible) and the same one reached later are not counted as one.
#[test]
fn owlchess_misses_a_repetition_after_a_double_step() {
    let mut engine = Owlchess::new();
    let history = moves(&[
        "e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1",
    ]);
    assert_eq!(engine.draw_claims(&game(START, &history)), Ok(vec![]));
    // The same shuffle without the double step first is counted.
    let history = moves(&[
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ]);
    assert_eq!(
        engine.draw_claims(&game(START, &history)),
        Ok(vec![DrawClaim::ThreefoldRepetition])
    );
}

/// chess 3.2.0 parses a board without kings with undefined behaviour (a debug build aborts the
/// whole process), so its adapter holds such a FEN back and answers with an error instead.
#[test]
fn the_chess_adapter_never_hands_the_crate_a_board_without_kings() {
    let mut engine = ChessCrate::new();
    for fen in ["8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/8 b - - 0 1"] {
        let err = engine.validate_fen(fen, Variant::Standard).unwrap_err();
        assert!(
            matches!(&err, EngineError::Failed(why) if why.contains("undefined behaviour")),
            "{err:?}"
        );
        assert!(engine.legal_moves(&game(fen, &[])).is_err());
    }
    // What the crate can refuse by itself still reaches it.
    assert!(matches!(
        engine.validate_fen("not a fen", Variant::Standard),
        Ok(FenCheck::Rejected(_))
    ));
}
