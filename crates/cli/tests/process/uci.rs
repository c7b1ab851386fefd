//! The UCI engine: the Stockfish conventions, its faults, and Debian's Stockfish when installed.

use super::*;

fn fake_uci(faults: &[&str], timeout_ms: u64) -> Result<UciEngine, String> {
    let mut argv = vec![this_binary(), "--uci".to_owned()];
    argv.extend(faults.iter().map(|f| (*f).to_owned()));
    UciEngine::start(argv, options(timeout_ms, false))
}

pub(super) fn uci_answers() -> Result<(), String> {
    let mut engine = fake_uci(&[], 5_000)?;
    let id = engine.identity();
    if (id.name.as_str(), id.version.as_str()) != ("Fake UCI", "1.2") {
        return Err(format!("{id:?}"));
    }
    let moves = vec![
        "e2e4".to_owned(),
        "e7e5".to_owned(),
        "d1h5".to_owned(),
        "b8c6".to_owned(),
        "f1c4".to_owned(),
        "g8f6".to_owned(),
    ];
    let game = Game::new(START, &moves);
    let mut reference = Reference::new();
    let mut legal = engine.legal_moves(&game).map_err(|e| e.to_string())?;
    let mut expected = reference.legal_moves(&game).map_err(|e| e.to_string())?;
    legal.sort();
    expected.sort();
    if legal != expected {
        return Err(format!("legal moves {legal:?}"));
    }
    if engine.perft(&game, 2) != reference.perft(&game, 2) {
        return Err("perft 2 differs".into());
    }
    match engine.play(&game, "h5f7") {
        Ok(MoveResult::Played(fen))
            if fen.starts_with(
                "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            ) => {}
        other => return Err(format!("Qxf7#: {other:?}")),
    }
    match engine.play(&game, "e1g1") {
        Ok(MoveResult::Refused(why)) if why.contains("did not change") => {}
        other => return Err(format!("an illegal castling was not refused: {other:?}")),
    }
    let mate = [moves.clone(), vec!["h5f7".to_owned()]].concat();
    let mated = Game::new(START, &mate);
    if engine.checkers(&mated) != Ok(vec!["f7".to_owned()]) || engine.in_check(&mated) != Ok(true) {
        return Err(format!("checkers {:?}", engine.checkers(&mated)));
    }
    // The catalogue: everything this engine answers passes.
    let catalogue = hand_written()?;
    let tally = Run::new(&mut engine, &catalogue).tally();
    if tally.failed + tally.errors > 0 || tally.passed < 150 {
        return Err(format!("{tally}"));
    }
    Ok(())
}

/// A position where White castles either way in Chess960 (king b1, rooks a1 and h1) and the
/// king's destination spelling of one castling is a king move (`b1c1`).
const CHESS960: &str = "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1";

/// `UCI_Chess960`: declared only when offered, set for a Chess960 game and unset for the next
/// standard one, castling read and written as the king taking its rook.
pub(super) fn uci_chess960() -> Result<(), String> {
    let plain = fake_uci(&[], 5_000)?;
    if plain.capabilities().contains(Capability::Chess960) {
        return Err("an engine without UCI_Chess960 declared chess960".into());
    }
    let mut engine = fake_uci(&["chess960"], 5_000)?;
    if !engine.capabilities().contains(Capability::Chess960) {
        return Err(format!("capabilities {}", engine.capabilities()));
    }
    let mut reference = Reference::new();
    let no_moves: Vec<String> = Vec::new();
    let game = Game::chess960(CHESS960, &no_moves);
    let standard = Game::new(START, &no_moves);
    // Twice each way: the option follows the game, not the first question.
    for game in [game, standard, game, standard] {
        let mut legal = engine.legal_moves(&game).map_err(|e| e.to_string())?;
        let mut expected = reference.legal_moves(&game).map_err(|e| e.to_string())?;
        legal.sort();
        expected.sort();
        if legal != expected {
            return Err(format!("{}: legal moves {legal:?}", game.variant));
        }
    }
    let legal = engine.legal_moves(&game).map_err(|e| e.to_string())?;
    if !legal.iter().any(|m| m == "b1a1") || !legal.iter().any(|m| m == "b1h1") {
        return Err(format!("no king-takes-rook castling in {legal:?}"));
    }
    match engine.play(&game, "b1h1") {
        Ok(MoveResult::Played(fen)) if fen.starts_with("rk5r/8/8/8/8/8/8/R4RK1 b") => {}
        other => return Err(format!("O-O: {other:?}")),
    }
    let castled = vec!["b1a1".to_owned()];
    let after = Game::chess960(CHESS960, &castled);
    if engine.perft(&after, 2) != reference.perft(&after, 2) {
        return Err("perft 2 after O-O-O differs".into());
    }
    let catalogue = Catalogue::builtin()
        .map_err(|e| e.to_string())?
        .filtered("chess960/");
    let tally = Run::new(&mut engine, &catalogue).tally();
    if tally.failed + tally.errors > 0 || tally.passed < 50 {
        return Err(format!("the chess960 area: {tally}"));
    }
    Ok(())
}

pub(super) fn uci_faults() -> Result<(), String> {
    let mut engine = fake_uci(&["crash-perft"], 5_000)?;
    let message = failed(engine.legal_moves(&start_position()))?;
    contains_all(
        &message,
        &[
            "the engine exited (exit code 139)",
            "segmentation fault (on purpose)",
            "will be restarted",
        ],
    )?;
    if engine.checkers(&start_position()) != Ok(vec![]) {
        return Err("the restarted UCI engine did not answer `d`".into());
    }
    let mut engine = fake_uci(&["no-d"], 5_000)?;
    let message = failed(engine.in_check(&start_position()))?;
    contains_all(
        &message,
        &[
            "Unknown command: 'd'",
            "does not follow the Stockfish conventions",
        ],
    )?;
    let mut engine = fake_uci(&["hang-d"], 300)?;
    let begin = Instant::now();
    let message = failed(engine.checkers(&start_position()))?;
    contains_all(&message, &["no answer within 300ms"])?;
    if begin.elapsed() > Duration::from_millis(5_000) {
        return Err(format!("took {:?}", begin.elapsed()));
    }
    Ok(())
}

pub(super) const STOCKFISH: &str = "/usr/games/stockfish";

/// Debian's Stockfish (when installed): everything it answers passes, and it refuses an illegal
/// move by not applying it.
pub(super) fn stockfish() -> Result<(), Failed> {
    let mut engine = UciEngine::start(vec![STOCKFISH.to_owned()], Options::default())?;
    let catalogue = hand_written()?;
    let run = Run::new(&mut engine, &catalogue);
    let tally = run.tally();
    if tally.failed + tally.errors > 0 || tally.passed < 150 {
        return Err(format!("{tally}").into());
    }
    match engine.play(&start_position(), "e2e5") {
        Ok(MoveResult::Refused(_)) => Ok(()),
        other => Err(format!("e2e5 was not refused: {other:?}").into()),
    }
}

/// A variant file is written in a private folder, never at a name in the shared temporary
/// folder that another user could plant beforehand: a file planted at the old name
/// (`chess-conformance-uci-NAME.ini`) is not read, a symbolic link planted at its temporary
/// name (`.PID.part`) is not written through, and the folder is gone once the engine is.
pub(super) fn uci_variant_files_are_private() -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("uci-variant-files")?;
    let log = dir.join("loaded.log");
    let victim = dir.join("victim");
    std::fs::write(&victim, "precious").map_err(|e| e.to_string())?;
    let amazon = |letter: char| chess_conformance::PieceDefinition {
        letter,
        name: "amazon".into(),
        betza: "QN".into(),
    };
    // One piece set whose file the old code would have read as planted, one whose temporary
    // name is a link to the victim; the letters make the names distinct per test run.
    let (planted_set, linked_set) = ([amazon('a')], [amazon('m')]);
    let tmp = std::env::temp_dir();
    let (planted_name, _) = chess_conformance_engines::uci::variant(&planted_set)?;
    let planted = tmp.join(format!("chess-conformance-uci-{planted_name}.ini"));
    let (linked_name, _) = chess_conformance_engines::uci::variant(&linked_set)?;
    let part = tmp.join(format!(
        "chess-conformance-uci-{linked_name}.{}.part",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&planted);
    let _ = std::fs::remove_file(&part);
    let _ = std::fs::remove_file(tmp.join(format!("chess-conformance-uci-{linked_name}.ini")));
    std::fs::write(&planted, "[planted:chess]\n").map_err(|e| e.to_string())?;
    std::os::unix::fs::symlink(&victim, &part).map_err(|e| e.to_string())?;
    let spec = format!("variants={}", log.display());
    let mut engine = fake_uci(&[&spec], 5_000)?;
    let no_moves: Vec<String> = Vec::new();
    let mut outcome = Ok(());
    for (set, fen) in [
        (&planted_set[..], "4k3/8/8/8/8/8/8/A3K3 w - - 0 1"),
        (&linked_set[..], "4k3/8/8/8/8/8/8/M3K3 w - - 0 1"),
    ] {
        let game = Game {
            pieces: set,
            ..Game::new(fen, &no_moves)
        };
        // The fake plays no amazon: whatever it answers, the variant must have loaded.
        if let Err(e) = engine.legal_moves(&game)
            && e.to_string().contains("did not load the variant")
        {
            outcome = Err(format!("the variant was not loaded: {e}"));
        }
    }
    let loaded = std::fs::read_to_string(&log).unwrap_or_default();
    let paths: Vec<std::path::PathBuf> = loaded.lines().map(Into::into).collect();
    let victim_text = std::fs::read_to_string(&victim).unwrap_or_default();
    let planted_text = std::fs::read_to_string(&planted).unwrap_or_default();
    let private = paths
        .first()
        .and_then(|p| p.parent())
        .map(|d| d.to_path_buf());
    let mode = private
        .as_ref()
        .and_then(|d| std::fs::metadata(d).ok())
        .map(|m| m.permissions().mode() & 0o777);
    drop(engine);
    let _ = std::fs::remove_file(&planted);
    let _ = std::fs::remove_file(&part);
    let _ = std::fs::remove_dir_all(&dir);
    outcome?;
    if victim_text != "precious" {
        return Err(format!("the victim was overwritten: {victim_text:?}"));
    }
    if planted_text != "[planted:chess]\n" {
        return Err(format!("the planted file was changed: {planted_text:?}"));
    }
    if paths.len() != 2 || paths.iter().any(|p| p.parent() != private.as_deref()) {
        return Err(format!("the engine loaded {paths:?}"));
    }
    if mode != Some(0o700) {
        return Err(format!(
            "the folder {private:?} has mode {mode:?} (octal {:o})",
            mode.unwrap_or(0)
        ));
    }
    if private.as_ref().is_some_and(|d| d.exists()) {
        return Err(format!("{private:?} outlived the engine"));
    }
    Ok(())
}
