//! The checker: one case, one engine, one [`Verdict`].
//!
//! For each assertion the checker asks the engine the matching question, reads the answer in the
//! suite's vocabulary (an answer that is not UCI, not a square or not a FEN is an error, not a
//! failure) and compares it with the expectation by meaning: move and square lists as sets, FENs
//! field by field with the en passant convention the case states. An engine that lacks a
//! capability the case needs is not asked at all; the case is skipped with the reason.

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use shakmaty::Position;

use crate::case::{
    After, Attacks, Case, EnPassantConvention, StateName, TouchMove, WinnableExpect,
};
use crate::engine::{
    Answer, AttackSource, Capabilities, Capability, Engine, EngineError, FenCheck, Game, GameState,
    MoveResult,
};
use crate::replay;
use crate::touch::Obligation;
use crate::verdict::{Check, Outcome, Verdict};

/// The capabilities an engine needs to answer every assertion of `case`.
pub fn requirements(case: &Case) -> Capabilities {
    let e = &case.expect;
    let mut needs = Capabilities::NONE;
    let mut need = |on: bool, c: Capability| {
        if on {
            needs = needs.with(c);
        }
    };
    need(
        e.legal.is_some() || e.illegal.is_some() || e.moves.is_some() || e.move_count.is_some(),
        Capability::LegalMoves,
    );
    need(e.check.is_some(), Capability::Check);
    need(e.checkers.is_some(), Capability::Checkers);
    need(e.state.is_some(), Capability::GameState);
    need(
        e.state == Some(StateName::FivefoldRepetition),
        Capability::Fivefold,
    );
    need(
        e.state == Some(StateName::SeventyFiveMoves),
        Capability::SeventyFiveMoves,
    );
    need(
        e.state == Some(StateName::InsufficientMaterial),
        Capability::InsufficientMaterial,
    );
    need(e.claims.is_some(), Capability::DrawClaims);
    for claim in e.claims.iter().flatten() {
        need(
            *claim == crate::case::DrawClaim::ThreefoldRepetition,
            Capability::Repetition,
        );
        need(
            *claim == crate::case::DrawClaim::FiftyMoves,
            Capability::MoveClocks,
        );
    }
    need(e.mating_material.is_some(), Capability::MatingMaterial);
    need(e.after.is_some(), Capability::Play);
    need(e.san.is_some(), Capability::San);
    need(e.from_san.is_some(), Capability::ParseSan);
    need(e.attacks.is_some(), Capability::Attacks);
    need(e.perft.is_some(), Capability::Perft);
    need(e.valid.is_some(), Capability::ValidateFen);
    need(e.refuses.is_some(), Capability::Play);
    need(e.refuses.is_some(), Capability::LegalMoves);
    need(e.claims_with_move.is_some(), Capability::ClaimWithMove);
    for claims in e.claims_with_move.iter().flat_map(|m| m.values()) {
        need(
            claims.contains(&crate::case::DrawClaim::ThreefoldRepetition),
            Capability::Repetition,
        );
        need(
            claims.contains(&crate::case::DrawClaim::FiftyMoves),
            Capability::MoveClocks,
        );
    }
    need(e.touch_move.is_some(), Capability::TouchMove);
    need(
        e.state == Some(StateName::DeadPosition),
        Capability::DeadPosition,
    );
    need(e.winnable.is_some(), Capability::Winnable);
    claims_rely_on_endings(case)
        .iter()
        .fold(needs, Capabilities::with)
}

/// The automatic endings a case's claims rely on. A game that is over has no claims, so the
/// expected `claims` in a position ended by an automatic rule (insufficient material, a dead
/// position, fivefold, 75 moves), or the expected `claims_with_move` of a move that reaches one,
/// is `[]` only because that rule ends the game: an engine that lacks the rule would answer the
/// claims it sees and fail on a rule it does not declare. So such a case needs the rule's
/// capability too, as `state` does.
fn claims_rely_on_endings(case: &Case) -> Capabilities {
    let e = &case.expect;
    if e.claims.is_none() && e.claims_with_move.is_none() {
        return Capabilities::NONE;
    }
    // A case that does not replay is refused by the loader; here it needs nothing more.
    let Ok(game) = replay::Replay::new(&case.fen, &case.moves) else {
        return Capabilities::NONE;
    };
    let rule = |state: GameState| match state {
        GameState::InsufficientMaterial => Some(Capability::InsufficientMaterial),
        GameState::DeadPosition => Some(Capability::DeadPosition),
        GameState::FivefoldRepetition => Some(Capability::Fivefold),
        GameState::SeventyFiveMoves => Some(Capability::SeventyFiveMoves),
        GameState::Ongoing | GameState::Checkmate { .. } | GameState::Stalemate => None,
    };
    let mut states = Vec::new();
    if e.claims.is_some() {
        states.push(game.state());
    }
    for uci in e.claims_with_move.iter().flat_map(|m| m.keys()) {
        if let Ok(m) = replay::parse_uci(&game.position, uci) {
            let mut after = game.clone();
            after.push(m);
            states.push(after.state());
        }
    }
    states.into_iter().filter_map(rule).collect()
}

/// Why a case stopped before all its assertions were checked.
enum Stop {
    Skip(String),
    Error(String),
}

impl From<EngineError> for Stop {
    fn from(e: EngineError) -> Stop {
        match e {
            EngineError::Unsupported(why) => Stop::Skip(why),
            EngineError::Failed(why) => Stop::Error(why),
        }
    }
}

thread_local! {
    /// Whether this thread is inside an engine call, where a panic is caught and reported in
    /// the verdict rather than printed.
    static IN_ENGINE_CALL: Cell<bool> = const { Cell::new(false) };
    /// Where the last caught panic happened, recorded by the hook.
    static PANIC_PLACE: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs, once, a panic hook that stays silent for panics inside engine calls (they become
/// error verdicts that carry the message and place) and defers to the previous hook otherwise.
fn quiet_engine_panics() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_ENGINE_CALL.with(Cell::get) {
                let place = info
                    .location()
                    .map(|l| format!("{}:{}", short_path(l.file()), l.line()));
                PANIC_PLACE.with(|p| *p.borrow_mut() = place);
            } else {
                previous(info);
            }
        }));
    });
}

/// A source path without the machine-specific part: a dependency's file is named from its
/// crate (`owlchess-0.4.1/src/moves/san.rs`), so reports read the same on every machine.
fn short_path(file: &str) -> &str {
    match file.find("/registry/src/") {
        Some(at) => {
            let rest = &file[at + "/registry/src/".len()..];
            rest.split_once('/').map_or(rest, |(_index, path)| path)
        }
        None => file,
    }
}

/// Calls the engine, turning a panic into an error.
fn ask<T>(question: &str, call: impl FnOnce() -> Answer<T>) -> Result<T, Stop> {
    quiet_engine_panics();
    let was_inside = IN_ENGINE_CALL.with(|f| f.replace(true));
    let result = catch_unwind(AssertUnwindSafe(call));
    IN_ENGINE_CALL.with(|f| f.set(was_inside));
    match result {
        Ok(answer) => answer.map_err(|e| match Stop::from(e) {
            Stop::Error(why) => Stop::Error(format!("{question}: {why}")),
            skip => skip,
        }),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic with no message".into());
            let place = PANIC_PLACE
                .with(|p| p.borrow_mut().take())
                .map(|p| format!(" (at {p})"))
                .unwrap_or_default();
            Err(Stop::Error(format!(
                "{question}: the engine panicked: {message}{place}"
            )))
        }
    }
}

fn nonsense(question: &str, what: String) -> Stop {
    Stop::Error(format!("{question}: the answer is not valid: {what}"))
}

/// Bounds on what a run asks of an engine, for engines too slow to answer everything.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// The largest perft count asked for: a depth whose expected count is larger is not asked,
    /// and a case left with nothing to ask is skipped with the limit as its reason. `None`
    /// asks every depth.
    pub perft_nodes: Option<u64>,
}

impl Limits {
    /// No limit: every assertion of every case is asked.
    pub const NONE: Limits = Limits { perft_nodes: None };

    fn asks_perft(&self, expected: u64) -> bool {
        self.perft_nodes.is_none_or(|limit| expected <= limit)
    }
}

/// Checks `case` against `engine`.
pub fn check(engine: &mut dyn Engine, case: &Case) -> Verdict {
    check_within(engine, case, Limits::NONE)
}

/// Checks `case` against `engine`, asking only what `limits` allow.
pub fn check_within(engine: &mut dyn Engine, case: &Case, limits: Limits) -> Verdict {
    let mut verdict = Verdict {
        id: case.id.clone(),
        area: case.area().to_owned(),
        outcome: Outcome::Pass,
        reason: None,
        checks: Vec::new(),
    };
    let missing = engine.capabilities().missing(requirements(case));
    if !missing.is_empty() {
        verdict.outcome = Outcome::Skip;
        verdict.reason = Some(format!("the engine does not offer: {missing}"));
        return verdict;
    }
    match run(engine, case, limits, &mut verdict.checks) {
        Ok(()) => {
            if verdict.checks.iter().any(|c| !c.passed) {
                verdict.outcome = Outcome::Fail;
            }
        }
        Err(Stop::Skip(why)) => {
            verdict.outcome = Outcome::Skip;
            verdict.reason = Some(why);
        }
        Err(Stop::Error(why)) => {
            verdict.outcome = Outcome::Error;
            verdict.reason = Some(why);
        }
    }
    verdict
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

fn sorted(items: impl IntoIterator<Item = String>) -> Vec<String> {
    let set: BTreeSet<String> = items.into_iter().collect();
    set.into_iter().collect()
}

fn push(
    checks: &mut Vec<Check>,
    assertion: impl Into<String>,
    expected: String,
    actual: String,
    passed: bool,
) {
    checks.push(Check {
        assertion: assertion.into(),
        expected,
        actual,
        passed,
    });
}

fn moves_answer(question: &str, moves: Vec<String>) -> Result<Vec<String>, Stop> {
    for m in &moves {
        replay::check_uci_syntax(m).map_err(|e| nonsense(question, e.to_string()))?;
    }
    Ok(moves)
}

fn squares_answer(question: &str, squares: Vec<String>) -> Result<Vec<String>, Stop> {
    for s in &squares {
        replay::parse_square(s).map_err(|e| nonsense(question, e))?;
    }
    Ok(squares)
}

/// Compares two square or move sets; describes the difference.
fn set_difference(expected: &[String], actual: &[String]) -> (bool, String) {
    let want: BTreeSet<&String> = expected.iter().collect();
    let got: BTreeSet<&String> = actual.iter().collect();
    let missing: Vec<String> = want.difference(&got).map(|s| (*s).clone()).collect();
    let extra: Vec<String> = got.difference(&want).map(|s| (*s).clone()).collect();
    let duplicates = actual.len() - got.len();
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing {}", list(&missing)));
    }
    if !extra.is_empty() {
        parts.push(format!("unexpected {}", list(&extra)));
    }
    if duplicates > 0 {
        parts.push(format!("{duplicates} listed twice"));
    }
    if parts.is_empty() {
        (true, list(&sorted(actual.iter().cloned())))
    } else {
        (false, parts.join("; "))
    }
}

fn run(
    engine: &mut dyn Engine,
    case: &Case,
    limits: Limits,
    checks: &mut Vec<Check>,
) -> Result<(), Stop> {
    let e = &case.expect;
    if let Some(perft) = &e.perft
        && e.present().len() == 1
        && !perft.values().any(|&n| limits.asks_perft(n))
        && let Some(limit) = limits.perft_nodes
    {
        return Err(Stop::Skip(format!(
            "every perft count is above the limit of {limit} nodes"
        )));
    }
    if let Some(valid) = e.valid {
        let q = "validate FEN";
        let answer = ask(q, || engine.validate_fen(&case.fen))?;
        let (accepted, shown) = match answer {
            FenCheck::Accepted => (true, "accepted".to_owned()),
            FenCheck::Rejected(why) => (false, format!("rejected ({why})")),
        };
        let expected = if valid { "accepted" } else { "rejected" };
        push(checks, "valid", expected.into(), shown, accepted == valid);
        if !valid {
            return Ok(());
        }
    }

    let game = Game {
        fen: &case.fen,
        moves: &case.moves,
    };

    if e.legal.is_some() || e.illegal.is_some() || e.moves.is_some() || e.move_count.is_some() {
        let q = "legal moves";
        let legal = moves_answer(q, ask(q, || engine.legal_moves(&game))?)?;
        let set: BTreeSet<&String> = legal.iter().collect();
        if let Some(expected) = &e.legal {
            let missing: Vec<String> = expected
                .iter()
                .filter(|m| !set.contains(m))
                .cloned()
                .collect();
            let actual = if missing.is_empty() {
                "all legal".into()
            } else {
                format!("not legal: {}", list(&missing))
            };
            push(checks, "legal", list(expected), actual, missing.is_empty());
        }
        if let Some(expected) = &e.illegal {
            let found: Vec<String> = expected
                .iter()
                .filter(|m| set.contains(m))
                .cloned()
                .collect();
            let actual = if found.is_empty() {
                "none legal".into()
            } else {
                format!("legal: {}", list(&found))
            };
            push(checks, "illegal", list(expected), actual, found.is_empty());
        }
        if let Some(expected) = &e.moves {
            let (passed, actual) = set_difference(expected, &legal);
            push(
                checks,
                "moves",
                list(&sorted(expected.iter().cloned())),
                actual,
                passed,
            );
        }
        if let Some(expected) = e.move_count {
            let n = legal.len();
            push(
                checks,
                "move_count",
                expected.to_string(),
                n.to_string(),
                n == expected as usize,
            );
        }
    }

    if let Some(expected) = e.check {
        let actual = ask("in check", || engine.in_check(&game))?;
        push(
            checks,
            "check",
            expected.to_string(),
            actual.to_string(),
            actual == expected,
        );
    }

    if let Some(expected) = &e.checkers {
        let q = "checkers";
        let actual = squares_answer(q, ask(q, || engine.checkers(&game))?)?;
        let (passed, shown) = set_difference(expected, &actual);
        push(
            checks,
            "checkers",
            list(&sorted(expected.iter().cloned())),
            shown,
            passed,
        );
    }

    if let Some(state) = e.state {
        let actual = ask("game state", || engine.game_state(&game))?;
        let expected = match (state, e.winner) {
            (StateName::Checkmate, Some(winner)) => GameState::Checkmate { winner },
            (StateName::Checkmate, None) => {
                return Err(Stop::Error(
                    "invalid case: `state: checkmate` without `winner` (load cases through the \
                     catalogue, which refuses this)"
                        .into(),
                ));
            }
            (StateName::Ongoing, _) => GameState::Ongoing,
            (StateName::Stalemate, _) => GameState::Stalemate,
            (StateName::InsufficientMaterial, _) => GameState::InsufficientMaterial,
            (StateName::FivefoldRepetition, _) => GameState::FivefoldRepetition,
            (StateName::SeventyFiveMoves, _) => GameState::SeventyFiveMoves,
            (StateName::DeadPosition, _) => GameState::DeadPosition,
        };
        push(
            checks,
            "state",
            expected.to_string(),
            actual.to_string(),
            actual == expected,
        );
    }

    if let Some(expected) = &e.claims {
        let actual = ask("draw claims", || engine.draw_claims(&game))?;
        let names = |claims: &[crate::case::DrawClaim]| -> Vec<String> {
            claims.iter().map(|c| c.name().to_owned()).collect()
        };
        let (passed, shown) = set_difference(&names(expected), &names(&actual));
        push(
            checks,
            "claims",
            list(&sorted(names(expected))),
            shown,
            passed,
        );
    }

    if let Some(expected) = e.mating_material {
        let actual = ask("mating material", || engine.mating_material(&game))?;
        push(
            checks,
            "mating_material",
            expected.to_string(),
            actual.to_string(),
            actual == expected,
        );
    }

    for after in e.after.iter().flatten() {
        let q = format!("play {}", after.mv);
        let (passed, actual) = match ask(&q, || engine.play(&game, &after.mv))? {
            MoveResult::Played(fen) => {
                compare_after(after, &fen).map_err(|why| nonsense(&q, why))?
            }
            MoveResult::Refused(why) => (false, format!("refused the legal move: {why}")),
        };
        push(
            checks,
            format!("after {}", after.mv),
            after.fen.clone(),
            actual,
            passed,
        );
    }

    for (uci, expected) in e.san.iter().flatten() {
        let actual = ask(&format!("SAN of {uci}"), || engine.san(&game, uci))?;
        let passed = actual == *expected;
        push(
            checks,
            format!("san {uci}"),
            expected.clone(),
            actual,
            passed,
        );
    }

    for (san, expected) in e.from_san.iter().flatten() {
        let q = format!("move of SAN {san}");
        let actual = ask(&q, || engine.parse_san(&game, san))?;
        if let Some(m) = &actual {
            replay::check_uci_syntax(m).map_err(|e| nonsense(&q, e.to_string()))?;
        }
        let show = |m: &Option<String>| m.clone().unwrap_or_else(|| "rejected".into());
        push(
            checks,
            format!("from_san {san}"),
            show(expected),
            show(&actual),
            actual == *expected,
        );
    }

    for attacks in e.attacks.iter().flatten() {
        check_attacks(engine, &game, attacks, checks)?;
    }

    for (uci, expected) in e.claims_with_move.iter().flatten() {
        let actual = ask(&format!("draw claims with {uci}"), || {
            engine.draw_claims_with_move(&game, uci)
        })?;
        let names = |claims: &[crate::case::DrawClaim]| -> Vec<String> {
            claims.iter().map(|c| c.name().to_owned()).collect()
        };
        let (passed, shown) = set_difference(&names(expected), &names(&actual));
        push(
            checks,
            format!("claims_with_move {uci}"),
            list(&sorted(names(expected))),
            shown,
            passed,
        );
    }

    if let Some(illegal) = &e.refuses {
        check_refusals(engine, &game, illegal, checks)?;
    }

    if let Some(expected) = &e.winnable {
        check_winnable(engine, &game, expected, checks)?;
    }

    for (&depth, &expected) in e.perft.iter().flatten() {
        if !limits.asks_perft(expected) {
            continue;
        }
        let actual = ask(&format!("perft {depth}"), || engine.perft(&game, depth))?;
        push(
            checks,
            format!("perft {depth}"),
            expected.to_string(),
            actual.to_string(),
            actual == expected,
        );
    }

    if let Some(rulings) = &e.touch_move {
        check_touch_move(engine, case, &game, rulings, checks)?;
    }
    Ok(())
}

/// Touch-move rulings, compared by meaning: `any` stands for every legal move of the position, so
/// an engine may answer either way.
fn check_touch_move(
    engine: &mut dyn Engine,
    case: &Case,
    game: &Game,
    rulings: &[TouchMove],
    checks: &mut Vec<Check>,
) -> Result<(), Stop> {
    let legal: Vec<String> = replay::Replay::new(&case.fen, &case.moves)
        .map_err(|e| Stop::Error(format!("the case's position cannot be set up: {e}")))?
        .position
        .legal_moves()
        .into_iter()
        .map(replay::to_uci)
        .collect();
    let expand = |o: &Obligation| match o {
        Obligation::AnyLegalMove => legal.clone(),
        Obligation::Moves(moves) => moves.clone(),
    };
    for ruling in rulings {
        let events: Vec<String> = ruling.events.iter().map(ToString::to_string).collect();
        let label = format!("touch_move {}", list(&events));
        let q = format!("touch-move after {}", list(&events));
        let actual = ask(&q, || engine.touch_move(game, &ruling.events))?;
        if let Obligation::Moves(moves) = &actual {
            moves_answer(&q, moves.clone())?;
        }
        let (passed, shown) = set_difference(&expand(&ruling.allowed), &expand(&actual));
        let show = |o: &Obligation| match o {
            Obligation::AnyLegalMove => o.to_string(),
            Obligation::Moves(moves) => list(&sorted(moves.iter().cloned())),
        };
        let actual_shown = if passed { show(&actual) } else { shown };
        push(checks, label, show(&ruling.allowed), actual_shown, passed);
    }
    Ok(())
}

/// Each move must be refused, and the engine's position must be as before: its legal moves
/// after the refusals are the ones it gave before them (FIDE 7.5.1: the position before the
/// illegal move is reinstated).
fn check_refusals(
    engine: &mut dyn Engine,
    game: &Game,
    illegal: &[String],
    checks: &mut Vec<Check>,
) -> Result<(), Stop> {
    let q = "legal moves";
    let before = sorted(moves_answer(q, ask(q, || engine.legal_moves(game))?)?);
    for uci in illegal {
        let q = format!("play {uci}");
        let (passed, actual) = match ask(&q, || engine.play(game, uci))? {
            MoveResult::Refused(why) => (true, format!("refused ({why})")),
            MoveResult::Played(fen) => (false, format!("played it, giving {fen}")),
        };
        push(
            checks,
            format!("refuses {uci}"),
            "refused".into(),
            actual,
            passed,
        );
    }
    let q = "legal moves after the refusals";
    let after = sorted(moves_answer(q, ask(q, || engine.legal_moves(game))?)?);
    let (passed, shown) = set_difference(&before, &after);
    let actual = if passed {
        "unchanged".to_owned()
    } else {
        format!("changed: {shown}")
    };
    push(
        checks,
        "refuses: position kept",
        "unchanged".into(),
        actual,
        passed,
    );
    Ok(())
}

/// One question per side the case names; `undetermined` is a real answer, and a wrong one.
fn check_winnable(
    engine: &mut dyn Engine,
    game: &Game,
    expected: &WinnableExpect,
    checks: &mut Vec<Check>,
) -> Result<(), Stop> {
    for (side, want) in expected.sides() {
        let actual = ask(&format!("winnable for {side}"), || {
            engine.winnable(game, side)
        })?;
        push(
            checks,
            format!("winnable {side}"),
            want.to_string(),
            actual.to_string(),
            actual == want,
        );
    }
    Ok(())
}

fn check_attacks(
    engine: &mut dyn Engine,
    game: &Game,
    attacks: &Attacks,
    checks: &mut Vec<Check>,
) -> Result<(), Stop> {
    let source = match (&attacks.from, attacks.by) {
        (Some(square), _) => AttackSource::Square(square.clone()),
        (None, Some(color)) => AttackSource::Side(color),
        (None, None) => {
            return Err(Stop::Error(
                "invalid case: an `attacks` entry names neither `from` nor `by` (load cases \
                 through the catalogue, which refuses this)"
                    .into(),
            ));
        }
    };
    let q = format!("attacks {source}");
    let actual = squares_answer(&q, ask(&q, || engine.attacks(game, &source))?)?;
    let set: BTreeSet<&String> = actual.iter().collect();
    let label = format!("attacks {source}");
    if let Some(expected) = &attacks.squares {
        let (passed, shown) = set_difference(expected, &actual);
        push(
            checks,
            format!("{label}: squares"),
            list(&sorted(expected.iter().cloned())),
            shown,
            passed,
        );
    }
    if let Some(expected) = attacks.count {
        push(
            checks,
            format!("{label}: count"),
            expected.to_string(),
            set.len().to_string(),
            set.len() == expected as usize,
        );
    }
    if let Some(expected) = &attacks.includes {
        let missing: Vec<String> = expected
            .iter()
            .filter(|s| !set.contains(s))
            .cloned()
            .collect();
        let shown = if missing.is_empty() {
            "all attacked".into()
        } else {
            format!("not attacked: {}", list(&missing))
        };
        push(
            checks,
            format!("{label}: includes"),
            list(expected),
            shown,
            missing.is_empty(),
        );
    }
    if let Some(expected) = &attacks.excludes {
        let found: Vec<String> = expected
            .iter()
            .filter(|s| set.contains(s))
            .cloned()
            .collect();
        let shown = if found.is_empty() {
            "none attacked".into()
        } else {
            format!("attacked: {}", list(&found))
        };
        push(
            checks,
            format!("{label}: excludes"),
            list(expected),
            shown,
            found.is_empty(),
        );
    }
    Ok(())
}

/// Compares an engine's FEN with the expected one by meaning. `Err` when the engine's FEN is
/// not a position at all.
fn compare_after(after: &After, actual_fen: &str) -> Result<(bool, String), String> {
    let expected = replay::parse_fen_lenient(&after.fen)
        .map_err(|e| format!("the case's FEN does not parse: {e}"))?;
    let actual = replay::parse_fen_lenient(actual_fen)
        .map_err(|e| format!("`{actual_fen}` is not a valid FEN: {e}"))?;
    let mut differs = Vec::new();
    if expected.board() != actual.board() {
        differs.push("pieces");
    }
    if expected.turn() != actual.turn() {
        differs.push("side to move");
    }
    if written_castling_rights(&after.fen) != written_castling_rights(actual_fen) {
        differs.push("castling rights");
    }
    let ep_same = match after.en_passant {
        EnPassantConvention::Legal => expected.legal_ep_square() == actual.legal_ep_square(),
        EnPassantConvention::Exact => fen_field(&after.fen, 3) == fen_field(actual_fen, 3),
    };
    if !ep_same {
        differs.push("en passant");
    }
    if after.clocks {
        if expected.halfmoves() != actual.halfmoves() {
            differs.push("halfmove clock");
        }
        if expected.fullmoves() != actual.fullmoves() {
            differs.push("move number");
        }
    }
    if differs.is_empty() {
        Ok((true, actual_fen.to_owned()))
    } else {
        Ok((
            false,
            format!("{actual_fen} (differs in {})", differs.join(", ")),
        ))
    }
}

/// The castling rights a FEN claims, as rook squares, whether or not they could exist: a FEN that
/// keeps a right the king or rook has lost is wrong, not a convention. The letters may come in
/// any order and as KQkq, X-FEN or Shredder-FEN.
fn written_castling_rights(fen: &str) -> Option<shakmaty::Bitboard> {
    shakmaty::fen::Fen::from_ascii(fen.as_bytes())
        .ok()
        .map(|f| f.as_setup().castling_rights)
}

fn fen_field(fen: &str, index: usize) -> Option<&str> {
    fen.split_whitespace().nth(index)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::Expect;
    use crate::engine::Identity;
    use crate::reference::Reference;

    fn case(fen: &str, expect: Expect) -> Case {
        Case {
            id: "test/x".into(),
            title: "t".into(),
            rule: "1".into(),
            source: None,
            tags: vec![],
            fen: fen.into(),
            moves: vec![],
            expect,
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// An engine whose answers are scripted, to see each verdict.
    struct Scripted {
        moves: Answer<Vec<String>>,
        panic: bool,
    }

    impl Engine for Scripted {
        fn identity(&self) -> Identity {
            Identity {
                name: "scripted".into(),
                version: "0".into(),
            }
        }
        fn capabilities(&self) -> Capabilities {
            Capabilities::NONE.with(Capability::LegalMoves)
        }
        fn legal_moves(&mut self, _: &Game) -> Answer<Vec<String>> {
            if self.panic {
                panic!("boom");
            }
            self.moves.clone()
        }
    }

    fn legal(moves: &[&str]) -> Expect {
        Expect {
            legal: Some(moves.iter().map(|m| m.to_string()).collect()),
            ..Expect::default()
        }
    }

    #[test]
    fn outcomes() {
        let c = case(START, legal(&["e2e4"]));
        let mut right = Scripted {
            moves: Ok(vec!["e2e4".into()]),
            panic: false,
        };
        assert_eq!(check(&mut right, &c).outcome, Outcome::Pass);
        let mut wrong = Scripted {
            moves: Ok(vec!["d2d4".into()]),
            panic: false,
        };
        let v = check(&mut wrong, &c);
        assert_eq!(v.outcome, Outcome::Fail);
        assert_eq!(v.checks[0].actual, "not legal: [e2e4]");
        let mut garbage = Scripted {
            moves: Ok(vec!["E2-E4".into()]),
            panic: false,
        };
        assert_eq!(check(&mut garbage, &c).outcome, Outcome::Error);
        let mut failing = Scripted {
            moves: Err(EngineError::failed("bad fen")),
            panic: false,
        };
        let v = check(&mut failing, &c);
        assert_eq!(
            (v.outcome, v.reason.as_deref()),
            (Outcome::Error, Some("legal moves: bad fen"))
        );
        let mut panicking = Scripted {
            moves: Ok(vec![]),
            panic: true,
        };
        let v = check(&mut panicking, &c);
        assert_eq!(v.outcome, Outcome::Error);
        assert!(v.reason.unwrap().contains("panicked: boom"));
        let needs_san = case(
            START,
            Expect {
                san: Some([("e2e4".into(), "e4".into())].into()),
                ..Expect::default()
            },
        );
        let v = check(&mut right, &needs_san);
        assert_eq!(
            (v.outcome, v.reason.as_deref()),
            (Outcome::Skip, Some("the engine does not offer: san"))
        );
    }

    #[test]
    fn panic_places_name_the_crate_not_the_machine() {
        assert_eq!(
            short_path(
                "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/owlchess-0.4.1/src/moves/san.rs"
            ),
            "owlchess-0.4.1/src/moves/san.rs"
        );
        assert_eq!(short_path("src/engines/x.rs"), "src/engines/x.rs");
    }

    #[test]
    fn after_compares_en_passant_by_meaning() {
        let after = |fen: &str, en_passant| After {
            mv: "e2e4".into(),
            fen: fen.into(),
            en_passant,
            clocks: true,
        };
        let written = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        let omitted = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        assert!(
            compare_after(&after(omitted, EnPassantConvention::Legal), written)
                .unwrap()
                .0
        );
        assert!(
            !compare_after(&after(omitted, EnPassantConvention::Exact), written)
                .unwrap()
                .0
        );
        let (passed, shown) = compare_after(
            &after(omitted, EnPassantConvention::Legal),
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b Qkq - 0 1",
        )
        .unwrap();
        assert!(!passed);
        assert!(shown.ends_with("(differs in castling rights)"), "{shown}");
        assert!(compare_after(&after(omitted, EnPassantConvention::Legal), "nonsense").is_err());
        // Castling rights kept after the king has castled are wrong, though meaningless.
        let castled = "4k3/8/8/8/8/8/8/5RK1 b - - 1 1";
        let castling = After {
            mv: "e1g1".into(),
            fen: castled.into(),
            en_passant: EnPassantConvention::Legal,
            clocks: true,
        };
        assert!(compare_after(&castling, castled).unwrap().0);
        assert!(
            !compare_after(&castling, "4k3/8/8/8/8/8/8/5RK1 b K - 1 1")
                .unwrap()
                .0
        );
    }

    #[test]
    fn claims_in_a_game_ended_by_a_rule_need_that_rule() {
        let needs = |fen: &str, moves: &[&str], expect: Expect| {
            let mut c = case(fen, expect);
            c.moves = moves.iter().map(|m| m.to_string()).collect();
            requirements(&c)
        };
        let claims = |claims: Vec<crate::case::DrawClaim>| Expect {
            claims: Some(claims),
            ..Expect::default()
        };
        let with_move = |uci: &str| Expect {
            claims_with_move: Some([(uci.to_owned(), vec![])].into()),
            ..Expect::default()
        };
        // The 150th half-move ends the game (9.6.2), so the declared move grounds no claim.
        let at_149 = "4k3/8/8/8/8/8/8/R3K3 w - - 149 120";
        assert!(needs(at_149, &[], with_move("a1a2")).contains(Capability::SeventyFiveMoves));
        let at_148 = "4k3/8/8/8/8/8/8/R3K3 w - - 148 120";
        assert!(!needs(at_148, &[], with_move("a1a2")).contains(Capability::SeventyFiveMoves));
        // No claim in a position dead by material, or after a fifth occurrence.
        let bare = needs("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[], claims(vec![]));
        assert!(bare.contains(Capability::InsufficientMaterial));
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let four_times: Vec<&str> = shuffle.iter().cycle().take(16).copied().collect();
        let fivefold = needs(START, &four_times, claims(vec![]));
        assert!(fivefold.contains(Capability::Fivefold));
        let threefold = needs(START, &four_times[..8], claims(vec![]));
        assert_eq!(threefold, Capabilities::NONE.with(Capability::DrawClaims));
    }

    #[test]
    fn a_perft_limit_leaves_out_the_deeper_counts() {
        let perft = |depths: &[(u32, u64)]| {
            case(
                START,
                Expect {
                    perft: Some(depths.iter().copied().collect()),
                    ..Expect::default()
                },
            )
        };
        let limit = |nodes| Limits {
            perft_nodes: Some(nodes),
        };
        // A count above the limit is not asked.
        let c = perft(&[(1, 20), (2, 400), (3, 8902)]);
        let asked = check_within(&mut Reference::new(), &c, limit(400));
        assert_eq!(asked.outcome, Outcome::Pass, "{asked:?}");
        let names: Vec<&str> = asked.checks.iter().map(|c| c.assertion.as_str()).collect();
        assert_eq!(names, ["perft 1", "perft 2"]);
        assert_eq!(check(&mut Reference::new(), &c).checks.len(), 3);
        // Nothing left to ask: skipped, with the limit as the reason.
        let skipped = check_within(&mut Reference::new(), &perft(&[(2, 400)]), limit(20));
        assert_eq!(skipped.outcome, Outcome::Skip);
        assert!(skipped.reason.unwrap().contains("limit of 20 nodes"));
        // A case with another assertion is still checked on it.
        let mut both = perft(&[(3, 8902)]);
        both.expect.move_count = Some(20);
        let other = check_within(&mut Reference::new(), &both, limit(20));
        assert_eq!(other.outcome, Outcome::Pass);
        assert_eq!(other.checks.len(), 1);
    }

    #[test]
    fn reference_passes_a_simple_case() {
        let c = case(
            START,
            Expect {
                move_count: Some(20),
                perft: Some([(2, 400)].into()),
                ..Expect::default()
            },
        );
        assert_eq!(check(&mut Reference::new(), &c).outcome, Outcome::Pass);
    }
}
