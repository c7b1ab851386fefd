//! `fuzz`: differential fuzzing of two engines.
//!
//! Seeded random games and random legal placements (the miners' generator, `source.rs`); at
//! every ply, every question both engines declare (`target.rs`). One engine's answers become a
//! case's assertions, the other is checked against it by the catalogue's own assertions, so a
//! convention is never a disagreement. A disagreement is classified by its assertion key and
//! FIDE article (`known.rs`); a kind an engine's baseline records is counted, a new kind is
//! shrunk (`shrink.rs`) and printed as a complete case for `cases/` (`case.rs`), once, with
//! how often it came back. The run exits 1 only on a new kind.
//!
//! With one engine, the same games are played and the same questions asked of it alone, with
//! nothing compared: the speed a fuzz run is measured against.

mod case;
mod known;
mod shrink;
mod source;
mod target;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use chess_conformance::{Capabilities, Capability, Engine, Game, Limits, Outcome};
use clap::Args;
use shakmaty::Chess;

use crate::engine_options::ExternalArgs;
use crate::error::BadInput;
use crate::print;
pub(crate) use known::{Kind, Known};
use source::{FuzzGame, Ply};
use target::Target;

/// `fuzz --engine A --engine B [--seed S] [--games N | --time T]`.
#[derive(Debug, Args)]
pub struct FuzzArgs {
    /// The engines to compare, twice (any `--engine` spec of `run`); once, the engine is only
    /// asked, for the speed of a playout without a comparison. The reference, when named, is
    /// the side whose answers the other is checked against.
    #[arg(long = "engine", value_name = "SPEC", required = true)]
    engines: Vec<String>,
    /// The seed of the games: the same seed gives the same games, questions and output.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many games to play (default 20 when --time is not given).
    #[arg(long, value_name = "N", conflicts_with = "time")]
    games: Option<u64>,
    /// Play games until this much time has passed (e.g. `90s`, `10m`), finishing the game in
    /// progress.
    #[arg(long, value_name = "DURATION", value_parser = crate::engine_options::parse_duration)]
    time: Option<Duration>,
    /// A folder of baselines, one file per engine as `matrix` keeps them: the kinds of
    /// disagreement each engine's file records (by the rule area of each failing case and the
    /// key of each failing assertion) are counted, not reported, and do not fail the run.
    #[arg(long, value_name = "DIR")]
    baselines: Option<PathBuf>,
    #[command(flatten)]
    external: ExternalArgs,
}

/// Two engines compared: `a`'s answers are the expectations `b` is checked against.
pub(crate) struct Pair<'e> {
    /// The side whose answers become the assertions.
    pub a: &'e mut dyn Engine,
    /// The side checked.
    pub b: &'e mut dyn Engine,
    /// What both declare.
    pub common: Capabilities,
    /// The limits of the checks of `b`.
    pub limits: Limits,
}

/// One disagreement: a position, the assertion, both answers.
#[derive(Debug, Clone)]
pub(crate) struct Disagreement {
    /// The assertion.
    pub target: Target,
    /// The position: a FEN and moves from it.
    pub fen: String,
    /// The moves.
    pub moves: Vec<String>,
    /// `a`'s answer, as the checker shows an expectation.
    pub a_answer: String,
    /// `b`'s answer, or its error.
    pub b_answer: String,
    /// `a` failed to answer (so `b` was not checked).
    pub a_erred: bool,
    /// Its kind.
    pub kind: Kind,
}

/// Asks `pair.a` about `target`, a panic caught as an error.
fn expect_of(
    engine: &mut dyn Engine,
    target: &Target,
    game: &Game,
) -> Result<Option<chess_conformance::case::Expect>, String> {
    catch_unwind(AssertUnwindSafe(|| target.expect_of(engine, game)))
        .unwrap_or_else(|_| Err(format!("panicked answering {}", target.label())))
}

impl Pair<'_> {
    /// The disagreements about `targets` at `fen` and `moves` (reaching `position`; for
    /// classification).
    pub(crate) fn compare(
        &mut self,
        fen: &str,
        moves: &[String],
        position: &Chess,
        targets: &[Target],
    ) -> Vec<Disagreement> {
        let game = Game::new(fen, moves);
        let mut out = Vec::new();
        let mut expect = chess_conformance::case::Expect::default();
        let mut asked = Vec::new();
        self.a.begin_case();
        self.b.begin_case();
        for target in targets {
            if !self.common.contains(target.capability()) {
                continue;
            }
            match expect_of(self.a, target, &game) {
                Ok(Some(e)) => {
                    // The same answer word for word agrees by any reading: only answers that
                    // differ (or that `b` does not give) are loaded and judged by meaning.
                    if matches!(expect_of(self.b, target, &game), Ok(Some(other)) if other == e) {
                        continue;
                    }
                    target::merge(&mut expect, e);
                    asked.push(target.clone());
                }
                Ok(None) => {}
                Err(why) => out.push(Disagreement {
                    kind: Kind::error(
                        position,
                        known::classify(target, position, "", &why),
                        self.a.conventions().clocks,
                    ),
                    target: target.clone(),
                    fen: fen.to_owned(),
                    moves: moves.to_vec(),
                    a_answer: format!("error: {why}"),
                    b_answer: String::new(),
                    a_erred: true,
                }),
            }
        }
        if asked.is_empty() {
            return out;
        }
        let loaded = match target::load(target::case(fen, moves, expect.clone())) {
            Ok(loaded) => vec![loaded],
            // One answer of `a` the loader refuses (a move that is not legal, a FEN that is
            // not a position) must not hide the others: each alone.
            Err(_) => asked
                .iter()
                .filter_map(|t| {
                    let one = expect_of(self.a, t, &game).ok().flatten()?;
                    target::load(target::case(fen, moves, one)).ok()
                })
                .collect(),
        };
        for case in &loaded {
            let verdict = chess_conformance::check_within(self.b, case, &self.limits);
            for check in verdict.checks {
                if !matches!(check.outcome, Outcome::Fail | Outcome::Error) {
                    continue;
                }
                let Some(target) = Target::of_label(&check.assertion, &asked) else {
                    continue;
                };
                let b_answer = match check.outcome {
                    Outcome::Error => format!("error: {}", check.reason.unwrap_or_default()),
                    _ => check.actual,
                };
                out.push(Disagreement {
                    kind: {
                        let rule = known::classify(target, position, &check.expected, &b_answer);
                        if check.outcome == Outcome::Error {
                            Kind::error(position, rule, self.b.conventions().clocks)
                        } else {
                            Kind::new(target, rule)
                        }
                    },
                    target: target.clone(),
                    fen: fen.to_owned(),
                    moves: moves.to_vec(),
                    a_answer: check.expected,
                    b_answer,
                    a_erred: false,
                });
            }
        }
        out
    }
}

/// The questions asked at one ply: the position's own, perft at depth 1 (and 2 every fourth
/// ply), and SAN and the position after two sampled moves.
fn targets(game: &mut FuzzGame, ply: &Ply, index: usize) -> Vec<Target> {
    let mut out = vec![
        Target::Moves,
        Target::Check,
        Target::Checkers,
        Target::State,
        Target::Claims,
        Target::MatingMaterial,
        Target::Perft(1),
    ];
    if index.is_multiple_of(4) {
        out.push(Target::Perft(2));
    }
    let sample = game.sample(ply, 2);
    for uci in &sample {
        out.push(Target::San(uci.clone()));
        out.push(Target::After(uci.clone()));
    }
    for san in game.sans(ply, &sample) {
        out.push(Target::FromSan(san));
    }
    out
}

/// A kind found and not known (its first disagreement is printed when met): how often.
struct Found {
    count: usize,
}

/// The run's figures.
#[derive(Default)]
pub(crate) struct Tally {
    games: u64,
    plies: u64,
    questions: u64,
}

/// `fuzz`: the engines made, then one engine played out alone, or the second checked against
/// the first.
pub fn fuzz(args: &FuzzArgs) -> Result<ExitCode, BadInput> {
    let mut engines = engines(args)?;
    crate::interrupt::watch();
    let budget = match (args.games, args.time) {
        (_, Some(time)) => Budget::Time(time),
        (Some(n), None) => Budget::Games(n),
        (None, None) => Budget::Games(20),
    };
    let begin = Instant::now();
    if engines.len() == 1 {
        return alone(&mut *engines[0], args.seed, budget, begin);
    }
    let [a, b] = &mut engines[..] else {
        return Err(BadInput(
            "fuzz compares two engines: give --engine twice".into(),
        ));
    };
    differential(args, &mut **a, &mut **b, budget, begin)
}

/// The engines `--engine` names, at most two, checked and started; the reference, when it is
/// one of two, first, since it gives the expectations.
fn engines(args: &FuzzArgs) -> Result<Vec<Box<dyn Engine>>, BadInput> {
    if args.engines.len() > 2 {
        return Err(BadInput(format!(
            "fuzz compares two engines: {} given",
            args.engines.len()
        )));
    }
    for spec in &args.engines {
        crate::registry::check_spec(spec).map_err(BadInput)?;
    }
    let mut engines = args
        .engines
        .iter()
        .map(|spec| crate::engine_options::engine(spec, &args.external))
        .collect::<Result<Vec<_>, _>>()?;
    if engines.len() == 2 && is_reference(&*engines[1]) && !is_reference(&*engines[0]) {
        engines.swap(0, 1);
    }
    Ok(engines)
}

/// One engine alone: its games played out, its figures printed.
fn alone(
    engine: &mut dyn Engine,
    seed: u64,
    budget: Budget,
    begin: Instant,
) -> Result<ExitCode, BadInput> {
    let tally = playout(engine, seed, budget);
    let elapsed = begin.elapsed();
    print::out(format!(
        "playout: {} alone, seed {}: {} games, {} plies, {} questions\n",
        engine.identity(),
        seed,
        tally.games,
        tally.plies,
        tally.questions
    ))?;
    print::err(format_args!("{}\n", speed(&tally, elapsed)));
    Ok(interrupted().unwrap_or(ExitCode::SUCCESS))
}

/// `b` checked against `a`: the session's disagreements printed as they come, then the
/// summary; exit 1 when a new kind was found.
fn differential(
    args: &FuzzArgs,
    a: &mut dyn Engine,
    b: &mut dyn Engine,
    budget: Budget,
    begin: Instant,
) -> Result<ExitCode, BadInput> {
    let (a_name, b_name) = (a.identity().to_string(), b.identity().to_string());
    let known = known(args, a, b)?;
    let mut pair = Pair {
        common: target::common(a, b),
        a,
        b,
        limits: args.external.limits(),
    };
    let context = case::Context {
        a: a_name.clone(),
        b: b_name.clone(),
        seed: args.seed,
    };
    print::out(format!(
        "fuzz: {b_name} checked against {a_name}, seed {}; asked: {}\n",
        args.seed,
        pair.common
            .iter()
            .filter(|c| asked(*c))
            .map(Capability::name)
            .collect::<Vec<_>>()
            .join(", ")
    ))?;
    let mut failed_output = None;
    let session = session(&mut pair, &context, budget, &known, &mut |text| {
        if let Err(e) = print::out(text) {
            failed_output.get_or_insert(e);
        }
    });
    if let Some(e) = failed_output {
        return Err(e);
    }
    let elapsed = begin.elapsed();
    print::out(summary(&session, known.len()))?;
    print::err(format_args!("{}\n", speed(&session.tally, elapsed)));
    if let Some(code) = interrupted() {
        return Ok(code);
    }
    Ok(if session.found.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The kinds of disagreement the two engines' baselines record (`--baselines`), none without.
fn known(args: &FuzzArgs, a: &dyn Engine, b: &dyn Engine) -> Result<Known, BadInput> {
    let Some(dir) = &args.baselines else {
        return Ok(Known::default());
    };
    if !dir.is_dir() {
        return Err(BadInput(format!(
            "{}: no such folder of baselines",
            dir.display()
        )));
    }
    let of = |engine: &dyn Engine| Known::load(dir, &engine.identity().name).map_err(BadInput);
    Ok(of(a)?.union(of(b)?))
}

/// The session's figures and its kinds of disagreement, new and known.
fn summary(session: &Session, known: usize) -> String {
    let Session {
        found,
        known_seen,
        tally,
    } = session;
    let mut summary = format!(
        "\nfuzz: {} games, {} plies; {} new kind(s) of disagreement, {} known kind(s) met ({} in the baselines)\n",
        tally.games,
        tally.plies,
        found.len(),
        known_seen.len(),
        known
    );
    for (kind, f) in found {
        let _ = writeln!(summary, "  new:   {kind}: {} time(s)", f.count);
    }
    for (kind, n) in known_seen {
        let _ = writeln!(summary, "  known: {kind}: {n} time(s)");
    }
    summary
}

/// What a fuzz session found.
pub(crate) struct Session {
    /// The new kinds, with how often each came.
    found: BTreeMap<Kind, Found>,
    /// The known kinds met, with how often.
    known_seen: BTreeMap<Kind, usize>,
    /// The games, plies and questions.
    tally: Tally,
}

/// Plays the games of `context.seed` within `budget`, comparing `pair` at every ply; each new
/// kind of disagreement is shrunk and its case handed to `emit` when first met.
pub(crate) fn session(
    pair: &mut Pair<'_>,
    context: &case::Context,
    budget: Budget,
    known: &Known,
    emit: &mut dyn FnMut(&str),
) -> Session {
    let mut found: BTreeMap<Kind, Found> = BTreeMap::new();
    let mut known_seen: BTreeMap<Kind, usize> = BTreeMap::new();
    let mut tally = Tally::default();
    let begin = Instant::now();
    let mut index = 0;
    while budget.more(index, begin) && interrupted().is_none() {
        let mut game = FuzzGame::new(context.seed, index);
        let plies = game.plies.clone();
        for (i, ply) in plies.iter().enumerate() {
            if interrupted().is_some() {
                break;
            }
            let targets = targets(&mut game, ply, i);
            tally.questions += targets.len() as u64 + 1;
            let mut disagreements = pair.compare(&ply.fen, &ply.moves, &ply.position, &targets);
            let mutated = game.mutated_fen(ply);
            disagreements.extend(pair.compare(&mutated, &[], &ply.position, &[Target::Valid]));
            tally.plies += 1;
            for d in disagreements {
                if known.contains(&d.kind) {
                    *known_seen.entry(d.kind).or_default() += 1;
                } else if let Some(f) = found.get_mut(&d.kind) {
                    f.count += 1;
                } else {
                    let shrunk = shrink::shrink(pair, &d);
                    emit(&case::print(context, &shrunk, pair));
                    found.insert(d.kind.clone(), Found { count: 1 });
                }
            }
        }
        tally.games += 1;
        index += 1;
    }
    Session {
        found,
        known_seen,
        tally,
    }
}

/// The capabilities `fuzz` asks about (the rest it does not: attacks, touch-move, ...).
fn asked(c: Capability) -> bool {
    matches!(
        c,
        Capability::LegalMoves
            | Capability::Check
            | Capability::Checkers
            | Capability::GameState
            | Capability::DrawClaims
            | Capability::MatingMaterial
            | Capability::Perft
            | Capability::San
            | Capability::ParseSan
            | Capability::Play
            | Capability::ValidateFen
    )
}

/// The same games and questions, asked of one engine, nothing compared.
fn playout(engine: &mut dyn Engine, seed: u64, budget: Budget) -> Tally {
    let mut tally = Tally::default();
    let begin = Instant::now();
    let mut index = 0;
    let offered = engine.capabilities();
    while budget.more(index, begin) && interrupted().is_none() {
        let mut game = FuzzGame::new(seed, index);
        let plies = game.plies.clone();
        for (i, ply) in plies.iter().enumerate() {
            let targets = targets(&mut game, ply, i);
            let position = Game::new(&ply.fen, &ply.moves);
            engine.begin_case();
            for target in targets.iter().filter(|t| offered.contains(t.capability())) {
                let _ = expect_of(engine, target, &position);
            }
            let mutated = game.mutated_fen(ply);
            if offered.contains(Capability::ValidateFen) {
                let _ = engine.validate_fen(&mutated, chess_conformance::Variant::Standard);
            }
            tally.questions += targets.len() as u64 + 1;
            tally.plies += 1;
        }
        tally.games += 1;
        index += 1;
    }
    tally
}

/// The speed of a run, for stderr (stdout stays the same for a seed).
fn speed(tally: &Tally, elapsed: Duration) -> String {
    let secs = elapsed.as_secs_f64().max(1e-9);
    format!(
        "{} plies in {:.2} s: {:.0} plies/s",
        tally.plies,
        secs,
        tally.plies as f64 / secs
    )
}

/// The exit code of an interrupted run, if it was.
fn interrupted() -> Option<ExitCode> {
    crate::interrupt::caught().map(|s| ExitCode::from(crate::interrupt::exit_code(s)))
}

/// Whether `engine` is the built-in reference.
fn is_reference(engine: &dyn Engine) -> bool {
    engine.identity() == chess_conformance::Reference::new().identity()
}

/// How long a run goes on.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Budget {
    Games(u64),
    Time(Duration),
}

impl Budget {
    fn more(self, games_done: u64, begin: Instant) -> bool {
        match self {
            Budget::Games(n) => games_done < n,
            Budget::Time(t) => begin.elapsed() < t,
        }
    }
}

#[cfg(test)]
mod tests;
