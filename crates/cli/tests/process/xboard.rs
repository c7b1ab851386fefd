//! The xboard engine: perft, its divide and `fen`; its faults; the handshake.

use super::*;

fn fake_xboard(faults: &[&str], timeout_ms: u64) -> Result<XboardEngine, String> {
    XboardEngine::start(xboard_argv(faults), options(timeout_ms, false))
}

fn xboard_argv(faults: &[&str]) -> Vec<String> {
    let mut argv = vec![this_binary(), "--xboard".to_owned()];
    argv.extend(faults.iter().map(|f| (*f).to_owned()));
    argv
}

/// The Italian game's first moves, then Qh5 and Bc4: Qxf7 mates, castling is not legal yet.
fn scholars_mate() -> Vec<String> {
    ["e2e4", "e7e5", "d1h5", "b8c6", "f1c4", "g8f6"]
        .map(str::to_owned)
        .to_vec()
}

/// `variant fischerandom`: declared only when offered; a Chess960 game set up in it and the next
/// standard one back in `normal`, castling sent and read as `O-O` / `O-O-O` and given to the
/// suite as the king taking its rook.
pub(super) fn xboard_chess960() -> Result<(), String> {
    let plain = fake_xboard(&[], 5_000)?;
    if plain.capabilities().contains(Capability::Chess960) {
        return Err("an engine without fischerandom declared chess960".into());
    }
    let mut engine = fake_xboard(&["frc"], 5_000)?;
    if !engine.capabilities().contains(Capability::Chess960) {
        return Err(format!("capabilities {}", engine.capabilities()));
    }
    let mut reference = Reference::new();
    let none: Vec<String> = Vec::new();
    // King g1, rooks b1 and h1: O-O-O is g1b1 (the king to c1, the rook to d1).
    let fen = "1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1";
    let castled = vec!["g1b1".to_owned()];
    let games = [
        Game::chess960(fen, &none),
        Game::new(START, &none),
        Game::chess960(fen, &castled),
        Game::new("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &none),
    ];
    for game in games {
        let mut legal = engine.legal_moves(&game).map_err(|e| e.to_string())?;
        let mut expected = reference.legal_moves(&game).map_err(|e| e.to_string())?;
        legal.sort();
        expected.sort();
        if legal != expected {
            return Err(format!(
                "{} {:?}: legal moves {legal:?}",
                game.fen, game.moves
            ));
        }
    }
    let legal = engine
        .legal_moves(&Game::chess960(fen, &none))
        .map_err(|e| e.to_string())?;
    if !["g1h1", "g1b1"]
        .iter()
        .all(|c| legal.iter().any(|l| l == c))
    {
        return Err(format!("no king-takes-rook castling in {legal:?}"));
    }
    match engine.play(&Game::chess960(fen, &none), "g1b1") {
        Ok(MoveResult::Played(f)) if f.starts_with("1r4kr/8/8/8/8/8/8/2KR3R b") => {}
        other => return Err(format!("O-O-O: {other:?}")),
    }
    let after = Game::chess960(fen, &castled);
    if engine.perft(&after, 2) != reference.perft(&after, 2) {
        return Err("perft 2 after O-O-O differs".into());
    }
    Ok(())
}

pub(super) fn xboard_answers() -> Result<(), String> {
    let mut engine = fake_xboard(&[], 5_000)?;
    let id = engine.identity();
    if (id.name.as_str(), id.version.as_str()) != ("Fake Xboard", "0.3") {
        return Err(format!("{id:?}"));
    }
    if engine.capabilities().to_string() != "legal-moves, play, perft" {
        return Err(format!("capabilities: {}", engine.capabilities()));
    }
    let moves = scholars_mate();
    let game = Game::new(START, &moves);
    let mut reference = Reference::new();
    let mut legal = engine.legal_moves(&game).map_err(|e| e.to_string())?;
    let mut expected = reference.legal_moves(&game).map_err(|e| e.to_string())?;
    legal.sort();
    expected.sort();
    if legal != expected {
        return Err(format!("legal moves {legal:?}"));
    }
    // Castling, read from the divide's `O-O` and `O-O-O`, for each side.
    for (fen, castles) in [
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ["e1g1", "e1c1"]),
        ("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", ["e8g8", "e8c8"]),
    ] {
        let legal = engine
            .legal_moves(&Game::new(fen, &[]))
            .map_err(|e| e.to_string())?;
        if !castles.iter().all(|c| legal.iter().any(|l| l == c)) {
            return Err(format!("{fen}: {legal:?}"));
        }
    }
    if engine.perft(&game, 2) != reference.perft(&game, 2) || engine.perft(&game, 0) != Ok(1) {
        return Err("perft differs".into());
    }
    match engine.play(&game, "h5f7") {
        Ok(MoveResult::Played(fen))
            if fen == "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4" => {}
        other => return Err(format!("Qxf7#: {other:?}")),
    }
    match engine.play(&game, "e1g1") {
        Ok(MoveResult::Refused(why)) if why == "Illegal move: e1g1" => {}
        other => return Err(format!("an illegal castling was not refused: {other:?}")),
    }
    // The catalogue: everything this engine answers passes.
    let catalogue = hand_written()?;
    let tally = Run::new(&mut engine, &catalogue).tally();
    if tally.failed + tally.errors > 0 || tally.passed < 150 {
        return Err(format!("{tally}"));
    }
    // Without `setboard=1` nothing can be asked, and nothing is declared.
    let engine = fake_xboard(&["no-setboard"], 5_000)?;
    if !engine.capabilities().is_empty() {
        return Err(format!("without setboard: {}", engine.capabilities()));
    }
    Ok(())
}

pub(super) fn xboard_faults() -> Result<(), String> {
    let command = this_binary();
    // A crash while answering: an error naming the engine, the request and the exit, with
    // the end of stderr; the engine is restarted for the next question.
    let mut engine = fake_xboard(&["crash-perft"], 20_000)?;
    let message = failed(engine.perft(&start_position(), 2))?;
    contains_all(
        &message,
        &[
            &format!("engine `{command} --xboard crash-perft`"),
            "request `perft 2`",
            "the engine exited (exit code 139)",
            "segmentation fault (on purpose)",
            "will be restarted",
        ],
    )?;
    if engine.perft(&start_position(), 1) != Ok(20) {
        return Err("the restarted xboard engine did not answer".into());
    }
    // A hang costs the timeout and no more, and names the request.
    // (A second, not less: the handshake is held to the timeout too, and a start of the test
    // binary on a loaded machine can take a few hundred milliseconds.)
    let mut engine = fake_xboard(&["hang-perft"], 1_000)?;
    let begin = Instant::now();
    let message = failed(engine.perft(&start_position(), 3))?;
    contains_all(&message, &["request `perft 3`", "no answer within 1s"])?;
    if begin.elapsed() > Duration::from_millis(5_000) {
        return Err(format!("took {:?}", begin.elapsed()));
    }
    // Garbage where the count goes: an error quoting it.
    let mut engine = fake_xboard(&["garbage-perft"], 20_000)?;
    let message = failed(engine.perft(&start_position(), 2))?;
    contains_all(
        &message,
        &[
            "request `perft 2`",
            "`2  lots  0.00  100nps` does not give a node count",
        ],
    )?;
    // A move refused in the history is an error naming the move and the request.
    let mut engine = fake_xboard(&["refuse-moves"], 20_000)?;
    let moves = scholars_mate();
    let message = failed(engine.legal_moves(&Game::new(START, &moves)))?;
    contains_all(
        &message,
        &[
            &command,
            &format!("request `setboard {START}` and the moves e2e4 e7e5"),
            "the engine refused the move `e2e4` of the history: `Illegal move: e2e4`",
        ],
    )?;
    // It stays in step: a question without moves is answered.
    if engine.legal_moves(&start_position()).map(|m| m.len()) != Ok(20) {
        return Err("the engine was not in step after a refusal".into());
    }
    // A position refused.
    let message = failed(engine.perft(&Game::new("8/8/8/8/8/8/8/8 w - - 0 1", &[]), 1))?;
    contains_all(
        &message,
        &[
            "request `setboard 8/8/8/8/8/8/8/8 w - - 0 1`",
            "the engine refused the position: `tellusererror Illegal position`",
        ],
    )?;
    Ok(())
}

pub(super) fn xboard_handshake() -> Result<(), String> {
    let command = xboard_argv(&["no-done"]).join(" ");
    match fake_xboard(&["no-done"], 300) {
        Ok(_) => return Err("an engine without done=1 started".into()),
        Err(e) => contains_all(
            &e,
            &[
                &format!("engine `{command}` did not complete the xboard handshake"),
                "no `feature done=1` came",
                "no answer within 300ms",
                "feature ping=1 setboard=1",
            ],
        )?,
    }
    // `done=0` asks for more time: the wait starts again (600 ms, then 600 ms more, within a
    // timeout of 1 s from each).
    let engine = fake_xboard(&["slow-done"], 1_000)?;
    if engine.capabilities().is_empty() {
        return Err("a slow handshake declared nothing".into());
    }
    Ok(())
}
