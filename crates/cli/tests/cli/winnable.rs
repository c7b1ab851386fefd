//! `winnable`: each side's answer and proof; bad input named.

use super::*;

#[test]
fn winnable_gives_each_side_its_answer_and_proof() {
    // From the Chess Unwinnability Analyzer's test vectors (labelled WB): White's king walks
    // round to the pawn in the way and the d-pawn queens.
    let out = cli(&["winnable", "k1b5/1p1p4/1P1P1K2/8/8/B7/8/1b6 w - - 0 1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(stdout.contains("game state: ongoing"), "{stdout}");
    assert!(
        stdout.contains("white: winnable (a helpmate of"),
        "{stdout}"
    );
    assert!(stdout.contains("black: winnable"), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1. "))
        .expect("White's line in SAN");
    assert!(line.trim_end().ends_with('#'), "{line}");
    // A locked wall (docs/CASES.md): unwinnable for both, with the proof named, in JSON.
    let out = cli(&[
        "winnable",
        "8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - - 0 1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for side in ["white", "black"] {
        let answer = &value["sides"][side];
        assert_eq!(answer["verdict"], "unwinnable", "{value}");
        assert!(answer["proof"].is_string(), "{value}");
        assert_eq!(answer["line"], serde_json::json!([]), "{value}");
    }
    // A game over by material still says why: the analyzer's proof.
    let out = cli(&["winnable", "k7/8/8/8/8/8/8/7K w - - 0 1"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("game state: insufficient_material"),
        "{stdout}"
    );
    assert!(stdout.contains("material: a bare king"), "{stdout}");
    // The history counts: after fool's mate, Black has mated and White never can.
    let out = cli(&[
        "winnable",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--moves",
        "f2f3",
        "e7e5",
        "g2g4",
        "d8h4",
    ]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("game state: checkmate"), "{stdout}");
    assert!(
        stdout.contains("black: winnable (black has mated)"),
        "{stdout}"
    );
    assert!(stdout.contains("white: unwinnable"), "{stdout}");
}

#[test]
fn winnable_names_a_bad_fen_an_illegal_move_and_a_bad_budget() {
    let out = cli(&["winnable", "8/8/8/8 w - - 0 1"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("invalid FEN") && stderr.contains("8/8/8/8 w"),
        "{stderr}"
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = cli(&["winnable", start, "--moves", "e2e4", "e2e4"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("move 2") && stderr.contains("e2e4"),
        "{stderr}"
    );
    let out = cli(&["winnable", start, "--budget", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--budget"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}
