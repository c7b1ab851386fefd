//! The protocol end to end: the reference served gives its own verdicts; the handshake, answers
//! that are skips and errors, schema validation, capabilities no harness knows.

use super::*;

/// The hand-written catalogue through the protocol, every message validated against its schema,
/// gives exactly the verdicts of the reference called in-process. (The generated cases ask the
/// same questions of other positions: over the whole catalogue this took 9 s of CPU, most of
/// this binary's time, for no message kind the hand-written cases do not send.)
pub(super) fn same_verdicts() -> Result<(), String> {
    let catalogue = hand_written()?;
    // Not vacuous: the catalogue asks every question and every rule over the protocol
    // (touch-move, winnable, claims with a move, dead positions, fivefold, 75 moves, ...).
    let exercised: Capabilities = catalogue
        .cases()
        .iter()
        .flat_map(|c| c.needs().iter())
        .collect();
    let unexercised = exercised.missing(Capabilities::all());
    if !unexercised.is_empty() {
        return Err(format!("no case needs: {unexercised}"));
    }
    let mut engine = served(&[], options(30_000, true))?;
    let remote = Run::new(&mut engine, &catalogue);
    let local = Run::new(&mut Reference::new(), &catalogue);
    // Every case passes but the reference's known failures, which fail the same way (those of
    // generated cases are not asked: a partial run).
    let comparison = chess_conformance::Baseline::reference().compare(&remote, true);
    if !comparison.is_clean() {
        return Err(format!("{}\n{}", remote.tally(), comparison.describe()));
    }
    let verdicts = |run: &Run| {
        run.results
            .iter()
            .map(|(_, v)| v.clone())
            .collect::<Vec<_>>()
    };
    if verdicts(&remote) != verdicts(&local) {
        return Err("the verdicts differ from the in-process reference".into());
    }
    if engine.identity().name != "reference (shakmaty)" {
        return Err(format!("identity {:?}", engine.identity()));
    }
    Ok(())
}

fn start_error(faults: &[&str], timeout_ms: u64) -> Result<String, String> {
    match served(faults, options(timeout_ms, false)) {
        Ok(_) => Err(format!("{faults:?}: the engine started")),
        Err(e) => Ok(e),
    }
}

pub(super) fn handshake() -> Result<(), String> {
    contains_all(
        &start_error(&["protocol2=start"], 5_000)?,
        &["speaks protocol version 2; this harness speaks version 1"],
    )?;
    contains_all(
        &start_error(&["crash=start"], 5_000)?,
        &[
            "did not complete the handshake (request 0 (start)): the engine exited (exit code 3)",
            "crashing on purpose on `start`",
        ],
    )?;
    contains_all(
        &start_error(&["garbage=start"], 5_000)?,
        &["did not complete the handshake (request 0 (start)): the answer is not JSON"],
    )?;
    contains_all(
        &start_error(&["unsupported=start"], 5_000)?,
        &["did not complete the handshake (request 0 (start)): unsupported: not in this library"],
    )?;
    let begin = Instant::now();
    contains_all(
        &start_error(&["hang=start"], 300)?,
        &["did not complete the handshake (request 0 (start)): no answer within 300ms"],
    )?;
    if begin.elapsed() > Duration::from_millis(5_000) {
        return Err(format!("a hung handshake took {:?}", begin.elapsed()));
    }
    Ok(())
}

pub(super) fn answers() -> Result<(), String> {
    let mut engine = served(
        &["unsupported=san", "error=legal_moves"],
        options(5_000, false),
    )?;
    match engine.san(&start_position(), "e2e4") {
        Err(EngineError::Unsupported(why)) if why == "not in this library" => {}
        other => return Err(format!("san gave {other:?}")),
    }
    let message = failed(engine.legal_moves(&start_position()))?;
    contains_all(
        &message,
        &["request 2 (legal_moves): the engine answered with an error: the library threw"],
    )?;
    // Through the checker: the SAN assertions skipped with the engine's reason, the others of
    // the case still asked.
    let catalogue = hand_written()?.filtered("san/start-pawn-and-knight");
    let run = Run::new(&mut engine, &catalogue);
    let v = &run.results[0].1;
    let skipped: Vec<(&str, Option<&str>)> = v
        .skipped()
        .map(|c| (c.assertion.as_str(), c.reason.as_deref()))
        .collect();
    let asked = v.checks.iter().filter(|c| c.passed()).count();
    if v.outcome != Outcome::Pass
        || skipped.len() != 4
        || skipped
            .iter()
            .any(|(label, why)| !label.starts_with("san ") || *why != Some("not in this library"))
        || asked != 4
    {
        return Err(format!("{v:?}"));
    }
    Ok(())
}

pub(super) fn validation() -> Result<(), String> {
    let mut strict = served(&["badmove=legal_moves"], options(5_000, true))?;
    let message = failed(strict.legal_moves(&start_position()))?;
    contains_all(
        &message,
        &[
            "request 1 (legal_moves): the answer breaks the protocol: it does not match docs/protocol/legal_moves.response.schema.json",
            "received `{\"result\":[\"E2-E4\"],\"seq\":1}`",
        ],
    )?;
    // Without validation the answer reaches the checker, which refuses it as not UCI.
    let mut lax = served(&["badmove=legal_moves"], options(5_000, false))?;
    if lax.legal_moves(&start_position()) != Ok(vec!["E2-E4".to_owned()]) {
        return Err("without validation the answer should pass through".into());
    }
    let catalogue = hand_written()?.filtered("piece-moves/");
    let run = Run::new(&mut lax, &catalogue);
    let errors = run.tally().errors;
    if errors == 0 {
        return Err("no error verdict for `E2-E4`".into());
    }
    Ok(())
}

pub(super) fn unknown_capabilities() -> Result<(), String> {
    let engine = served(&["extra-capability"], options(5_000, true))?;
    if engine.ignored_capabilities() != [UNKNOWN_CAPABILITY] {
        return Err(format!("{:?}", engine.ignored_capabilities()));
    }
    // Everything else the reference declares is kept: the protocol carries every capability.
    if engine.capabilities() != Reference::new().capabilities() {
        return Err(format!("{:?}", engine.capabilities()));
    }
    Ok(())
}

/// The handshake's `castling`: an engine that spells castling its own way in every game gets
/// moves in its spelling and has its answers read back into the suite's. Over the castling and
/// Chess960 cases, the reference speaking `king-takes-rook` gives the in-process reference's
/// verdicts; speaking `king-destination`, the same verdicts but where a Chess960 castling of
/// the case moves the king one square or none, skipped with that reason.
pub(super) fn castling_spellings() -> Result<(), String> {
    let catalogue = Catalogue::builtin()
        .map_err(|e| e.to_string())?
        .retain(|c| {
            (c.case.id.starts_with("castling/") || c.case.id.starts_with("chess960/"))
                && !c.case.id.contains("/mined/")
        });
    let local = Run::new(&mut Reference::new(), &catalogue);
    // On the wire: standard castling as the king taking its rook, read back as e1g1.
    let mut engine = served(&["castling=king-takes-rook"], options(30_000, false))?;
    let none: Vec<String> = Vec::new();
    let corners = Game::new("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &none);
    let legal = engine.legal_moves(&corners).map_err(|e| e.to_string())?;
    if !legal.iter().any(|m| m == "e1g1") || legal.iter().any(|m| m == "e1h1") {
        return Err(format!("king-takes-rook, standard: {legal:?}"));
    }
    match engine.play(&corners, "e1h1") {
        Err(EngineError::Unsupported(why)) if why.contains("king-takes-rook") => {}
        other => return Err(format!("e1h1 sent to a king-takes-rook engine: {other:?}")),
    }
    let remote = Run::new(&mut engine, &catalogue);
    for ((case, mine), (_, theirs)) in remote.results.iter().zip(&local.results) {
        if mine.outcome != theirs.outcome {
            return Err(format!(
                "king-takes-rook, {}: {:?} ({:?}), the reference {:?}",
                case.case.id, mine.outcome, mine.reason, theirs.outcome
            ));
        }
    }
    // King's destination: b1g1 on the wire for the 960 O-O of a king on b1.
    let mut engine = served(&["castling=king-destination"], options(30_000, false))?;
    let b1 = Game::chess960("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", &none);
    match engine.legal_moves(&b1) {
        Err(EngineError::Unsupported(why)) if why.contains("one square to c1") => {}
        other => return Err(format!("king b1, O-O-O one square: {other:?}")),
    }
    // King e1, rooks b1 and h1: the engine's e1c1 and e1g1 are the suite's e1b1 and e1h1.
    let e1 = Game::chess960("1r2k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1", &none);
    let legal = engine.legal_moves(&e1).map_err(|e| e.to_string())?;
    let has = |m: &str| legal.iter().any(|l| l == m);
    if !(has("e1b1") && has("e1h1")) || has("e1c1") || has("e1g1") {
        return Err(format!("king-destination, 960: {legal:?}"));
    }
    let remote = Run::new(&mut engine, &catalogue);
    let mut skipped = 0;
    for ((case, mine), (_, theirs)) in remote.results.iter().zip(&local.results) {
        let spelling_skip = mine.checks.iter().any(|c| {
            c.reason
                .as_deref()
                .is_some_and(|r| r.contains("king's-destination"))
        });
        if spelling_skip {
            skipped += 1;
            if !case.case.id.starts_with("chess960/") {
                return Err(format!("{} skipped in standard chess", case.case.id));
            }
        } else if mine.outcome != theirs.outcome && theirs.outcome != Outcome::Fail {
            // (A case the reference fails, its Chess960 touch-move arbiter's, may pass here:
            // its wrong answer is respelled.)
            return Err(format!(
                "king-destination, {}: {:?} ({:?}), the reference {:?}",
                case.case.id, mine.outcome, mine.reason, theirs.outcome
            ));
        }
    }
    if skipped == 0 {
        return Err("no Chess960 case was skipped for its castling spelling".into());
    }
    Ok(())
}

/// The handshake's `conventions`: an engine that keeps no clocks says so once. Over the
/// hand-written cases, the reference speaking as such a library (FENs ending `0 1`, or without
/// the clock fields) gives the in-process reference's verdict on every check but those the
/// clocks are the point of, skipped with the reason; no check fails on the clocks, and a pass
/// that left them out says so. A real failure beside the convention still fails. A convention
/// that contradicts a capability, or a value of the wrong type, fails the handshake.
pub(super) fn clock_conventions() -> Result<(), String> {
    contains_all(
        &start_error(&["clocks=contradict"], 5_000)?,
        &[
            "did not complete the handshake",
            "keeps no clocks (`conventions.clocks: false`) but declares move-clocks and \
             seventy-five-moves",
        ],
    )?;
    contains_all(
        &start_error(&["clocks=not-a-bool"], 5_000)?,
        &["`conventions.clocks` must be true or false, not \"no\""],
    )?;
    let catalogue = hand_written()?;
    let local = Run::new(&mut Reference::new(), &catalogue);
    for form in ["zeroed", "cut"] {
        // Validated: the new handshake field is in the schema. A FEN in an answer has its six
        // fields there (the helpers write `0 1` after a library's four), so the four-field FEN
        // is read unvalidated, as it is by default.
        let validate = form == "zeroed";
        let mut engine = served(&[&format!("clocks={form}")], options(30_000, validate))?;
        if engine.conventions() != chess_conformance::Conventions::NO_CLOCKS {
            return Err(format!("{form}: {:?}", engine.conventions()));
        }
        let remote = Run::new(&mut engine, &catalogue);
        let (mut skipped, mut noted) = (0, 0);
        for ((case, mine), (_, theirs)) in remote.results.iter().zip(&local.results) {
            for (check, reference) in mine.checks.iter().zip(&theirs.checks) {
                let id = &case.case.id;
                if check.reason.as_deref() == Some(chess_conformance::NO_CLOCKS) {
                    skipped += 1;
                    continue;
                }
                if check.actual.contains("halfmove clock") || check.actual.contains("move number") {
                    return Err(format!("{form}, {id}: failed on the clocks: {check:?}"));
                }
                if check.outcome != reference.outcome {
                    return Err(format!(
                        "{form}, {id} {}: {:?}, the reference {:?} ({:?})",
                        check.assertion, check, reference.outcome, reference.reason
                    ));
                }
                noted +=
                    usize::from(check.passed() && check.actual.contains("clocks not compared"));
            }
        }
        // The fifty-move area is the clocks': its claims and 75-move states, and its `after`s.
        let fifty = remote
            .results
            .iter()
            .filter(|(c, _)| c.case.id.starts_with("fifty-move/"))
            .flat_map(|(_, v)| &v.checks)
            .filter(|c| c.reason.as_deref() == Some(chess_conformance::NO_CLOCKS))
            .count();
        // A FEN wrong only in its clocks is not asked; mate after 120 half-moves (5.1.1) is.
        let outcome = |id: &str| {
            remote
                .results
                .iter()
                .find(|(c, _)| c.case.id == id)
                .map(|(_, v)| (v.outcome, v.reason.clone()))
        };
        let no_clocks = Some((Outcome::Skip, Some(chess_conformance::NO_CLOCKS.to_owned())));
        for id in ["fen/negative-halfmove-clock", "fen/zero-move-number"] {
            if outcome(id) != no_clocks {
                return Err(format!("{form}, {id}: {:?}", outcome(id)));
            }
        }
        let mate = outcome("fifty-move/checkmated-side-cannot-claim");
        if mate != Some((Outcome::Pass, None)) {
            return Err(format!("{form}, mate at clock 120: {mate:?}"));
        }
        if skipped < 50 || fifty < 30 || noted < 20 {
            return Err(format!(
                "{form}: {skipped} checks skipped for the clocks ({fifty} fifty-move), {noted} \
                 passes noted"
            ));
        }
    }
    // Castling rights never lost, beside the clocks: still a failure, on the rights alone.
    let mut engine = served(&["clocks=keep-rights"], options(30_000, false))?;
    let remote = Run::new(&mut engine, &catalogue);
    let wrong = remote
        .results
        .iter()
        .find(|(c, _)| c.case.id == "castling/king-returned-fen-no-rights")
        .map(|(_, v)| v)
        .ok_or("no case castling/king-returned-fen-no-rights")?;
    let after = wrong
        .failures()
        .next()
        .ok_or_else(|| format!("keep-rights passed: {wrong:?}"))?;
    if !after.actual.contains("(differs in castling rights)") {
        return Err(format!("keep-rights: {after:?}"));
    }
    Ok(())
}
