//! Engines in other processes: the protocol end to end, and every fault a run must survive.
//!
//! This test binary is also its own fake engines. Started as `process --serve FAULT...` it serves
//! the reference engine over the protocol, misbehaving on purpose as each FAULT says (`crash=TYPE`
//! exits while answering a request of that type, `hang=TYPE` never answers, `garbage=TYPE`
//! prints a line that is not JSON, `spawn` starts a process of its own that outlives it unless
//! its group is ended, `grandchild=TYPE` exits leaving such a process holding its stdout, ...).
//! Started as `process --uci FAULT...` it is a small UCI engine on shakmaty that follows the
//! Stockfish conventions (`go perft`, `d`); as `process --xboard FAULT...`, a small xboard
//! engine with Sjaak II's `perft N P` divide and `fen`. Started as `process --linger MARKER` it is the
//! process an engine leaves behind: it sleeps, and the tests count it by its MARKER. Otherwise it
//! runs the tests (libtest-mimic, so `cargo test --test process -- NAME` filters as usual). The
//! fake engines are in `process/fakes.rs`.

use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use chess_conformance::{
    Capabilities, Catalogue, Engine, EngineError, Game, MoveResult, Outcome, Reference, Run,
};
use chess_conformance_engines::{Options, Process, ProcessEngine, UciEngine, XboardEngine};
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;

#[path = "process/fakes.rs"]
mod fakes;
use fakes::{fake_protocol_engine, fake_uci_engine, fake_xboard_engine};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("--serve") => fake_protocol_engine(&args[2..]),
        Some("--uci") => fake_uci_engine(&args[2..]),
        Some("--xboard") => fake_xboard_engine(&args[2..]),
        Some("--linger") => loop {
            std::thread::sleep(Duration::from_secs(3600));
        },
        _ => {
            let trials = vec![
                trial(
                    "reference_served_over_the_protocol_gives_the_same_verdicts",
                    same_verdicts,
                ),
                trial(
                    "every_fault_is_an_error_naming_the_request_and_the_engine_recovers",
                    faults,
                ),
                trial("a_hang_costs_the_timeout_and_no_more", hang),
                trial("handshake_failures_are_start_errors", handshake),
                trial("an_engine_that_cannot_restart_is_given_up", given_up),
                trial(
                    "unsupported_and_error_answers_become_skips_and_errors",
                    answers,
                ),
                trial("validation_names_the_message_and_the_schema", validation),
                trial("crash_messages_carry_the_end_of_stderr", stderr_tail),
                trial("unknown_capabilities_are_ignored", unknown_capabilities),
                trial("a_cli_run_completes_whatever_the_engine_does", cli_run),
                trial("uci_answers_follow_the_stockfish_conventions", uci_answers),
                trial("uci_faults_are_errors_and_the_engine_recovers", uci_faults),
                trial(
                    "xboard_answers_through_perft_divide_and_fen",
                    xboard_answers,
                ),
                trial(
                    "xboard_faults_are_errors_naming_engine_and_request",
                    xboard_faults,
                ),
                trial("xboard_handshake_waits_for_done", xboard_handshake),
                trial(
                    "what_an_engine_starts_ends_with_it_through_sh_and_forks",
                    process_groups,
                ),
                trial(
                    "an_exit_with_stdout_held_open_is_reported_at_once",
                    grandchild,
                ),
                trial("a_timeout_beyond_the_clock_does_not_overflow", huge_timeout),
                trial(
                    "an_interrupted_run_reports_what_it_has_and_leaves_nothing",
                    interrupted,
                ),
                trial("jobs_give_the_report_of_one_job", jobs_same_report),
                trial(
                    "a_crashed_instance_is_restarted_alone_while_the_other_goes_on",
                    jobs_crash_alone,
                ),
                Trial::test("stockfish_passes_what_it_answers", stockfish)
                    .with_ignored_flag(!std::path::Path::new(STOCKFISH).exists()),
            ];
            libtest_mimic::run(&Arguments::from_args(), trials).exit_code()
        }
    }
}

fn trial(name: &'static str, test: fn() -> Result<(), String>) -> Trial {
    Trial::test(name, move || test().map_err(Failed::from))
}

fn this_binary() -> String {
    std::env::current_exe()
        .expect("the test binary has a path")
        .to_string_lossy()
        .into_owned()
}

fn options(timeout_ms: u64, validate: bool) -> Options {
    Options {
        limits: chess_conformance::Limits {
            timeout: Duration::from_millis(timeout_ms),
            ..Default::default()
        },
        validate_protocol: validate,
    }
}

fn served(faults: &[&str], options: Options) -> Result<ProcessEngine, String> {
    let mut argv = vec![this_binary(), "--serve".to_owned()];
    argv.extend(faults.iter().map(|f| (*f).to_owned()));
    Process::start(argv, options)
}

fn start_position() -> Game<'static> {
    Game {
        fen: START,
        moves: &[],
        pieces: &[],
    }
}

fn failed<T: std::fmt::Debug>(answer: Result<T, EngineError>) -> Result<String, String> {
    match answer {
        Err(EngineError::Failed(message)) => Ok(message),
        other => Err(format!("expected a failure, got {other:?}")),
    }
}

fn contains_all(message: &str, parts: &[&str]) -> Result<(), String> {
    for part in parts {
        if !message.contains(part) {
            return Err(format!("`{part}` is missing from:\n{message}"));
        }
    }
    Ok(())
}

// --- The tests ---

/// The whole catalogue through the protocol, every message validated against its schema, gives
/// exactly the verdicts of the reference called in-process.
fn same_verdicts() -> Result<(), String> {
    let catalogue = Catalogue::builtin().map_err(|e| e.to_string())?;
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
    // Every case passes but the reference's known failures, which fail the same way.
    let comparison = chess_conformance::baseline::Baseline::reference().compare(&remote, false);
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

/// Each fault gives an error naming the engine, the request and what was received; the next
/// request goes to a restarted engine and is answered.
fn faults() -> Result<(), String> {
    let cases: &[(&str, &[&str])] = &[
        (
            "crash=legal_moves",
            &[
                "request 1 (legal_moves): the engine exited (exit code 3)",
                "fake engine: crashing on purpose on `legal_moves`",
                "it will be restarted for the next request",
            ],
        ),
        (
            "abort=legal_moves",
            &["request 1 (legal_moves): the engine exited (killed by signal 6 (SIGABRT))"],
        ),
        (
            "garbage=legal_moves",
            &[
                "request 1 (legal_moves): the answer is not JSON",
                "received `this is not JSON`",
            ],
        ),
        (
            "huge=legal_moves",
            &[
                "request 1 (legal_moves): the engine printed a line of 2097152 bytes, over the limit of 1048576 (--max-line-bytes)",
                "it began `xxxxxxxx",
            ],
        ),
        (
            "seq=legal_moves",
            &[
                "request 1 (legal_moves): the answer carries seq 2, not 1: received `{\"result\":[],\"seq\":2}`",
            ],
        ),
        (
            "noenvelope=legal_moves",
            &[
                "request 1 (legal_moves): the answer must have exactly one of `result`, `unsupported` and `error`; it has none: received `{\"seq\":1}`",
            ],
        ),
    ];
    for (fault, expected) in cases {
        let mut engine = served(&[fault], options(5_000, false))?;
        let command = format!(
            "engine `{}`",
            shell_words::join([this_binary().as_str(), "--serve", fault])
        );
        let message = failed(engine.legal_moves(&start_position()))?;
        contains_all(&message, expected).map_err(|e| format!("{fault}: {e}"))?;
        contains_all(&message, &[&command]).map_err(|e| format!("{fault}: {e}"))?;
        // Restarted: the next question is answered.
        let check = engine.in_check(&start_position());
        if check != Ok(false) {
            return Err(format!(
                "{fault}: after the restart, in_check gave {check:?}"
            ));
        }
    }
    // A result of the wrong shape: an error, and no restart is needed.
    let mut engine = served(&["wrongtype=legal_moves"], options(5_000, false))?;
    let message = failed(engine.legal_moves(&start_position()))?;
    contains_all(
        &message,
        &[
            "request 1 (legal_moves): the result is not of the documented form",
            "received `{\"result\":\"e2e4\",\"seq\":1}`",
        ],
    )?;
    Ok(())
}

// The time bounds below only tell "about the timeout" from "a much longer wait" (the default
// timeout, or none): they are loose so that a busy machine does not fail them.
fn hang() -> Result<(), String> {
    let timeout = 300;
    let mut engine = served(&["hang=in_check"], options(timeout, false))?;
    let start = Instant::now();
    let message = failed(engine.in_check(&start_position()))?;
    let took = start.elapsed();
    contains_all(
        &message,
        &[
            "request 1 (in_check): no answer within 300ms",
            "no answer within 300ms; it was killed; it will be restarted",
        ],
    )?;
    if took < Duration::from_millis(timeout) || took > Duration::from_millis(timeout + 5_000) {
        return Err(format!(
            "the hang took {took:?} with a timeout of {timeout} ms"
        ));
    }
    // The restarted engine answers other questions, and hangs (and is stopped) again on the same.
    if engine.legal_moves(&start_position()).map(|m| m.len()) != Ok(20) {
        return Err("the restarted engine did not answer legal_moves".into());
    }
    let start = Instant::now();
    failed(engine.in_check(&start_position()))?;
    if start.elapsed() > Duration::from_millis(timeout + 5_000) {
        return Err(format!("the second hang took {:?}", start.elapsed()));
    }
    Ok(())
}

fn start_error(faults: &[&str], timeout_ms: u64) -> Result<String, String> {
    match served(faults, options(timeout_ms, false)) {
        Ok(_) => Err(format!("{faults:?}: the engine started")),
        Err(e) => Ok(e),
    }
}

fn handshake() -> Result<(), String> {
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

fn given_up() -> Result<(), String> {
    let marker =
        std::env::temp_dir().join(format!("chess-conformance-once-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let once = format!("once={}", marker.display());
    let mut engine = served(&[&once, "crash=in_check"], options(5_000, false))?;
    failed(engine.in_check(&start_position()))?;
    // Three failed restarts, each an error naming why.
    for attempt in 1..=3 {
        let message = failed(engine.legal_moves(&start_position()))?;
        contains_all(
            &message,
            &[
                "did not complete the handshake",
                "refusing to start a second time",
            ],
        )
        .map_err(|e| format!("attempt {attempt}: {e}"))?;
        if attempt == 3 {
            contains_all(
                &message,
                &["could not be restarted 3 times in a row and was given up"],
            )?;
        }
    }
    // Then every request fails at once.
    let begin = Instant::now();
    let message = failed(engine.legal_moves(&start_position()))?;
    contains_all(&message, &["given up"])?;
    let _ = std::fs::remove_file(&marker);
    if begin.elapsed() > Duration::from_millis(2_000) {
        return Err(format!(
            "a given-up engine took {:?} to fail",
            begin.elapsed()
        ));
    }
    Ok(())
}

fn answers() -> Result<(), String> {
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
    let catalogue = Catalogue::builtin()
        .map_err(|e| e.to_string())?
        .filtered("san/start-pawn-and-knight");
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

fn validation() -> Result<(), String> {
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
    let catalogue = Catalogue::builtin()
        .map_err(|e| e.to_string())?
        .filtered("piece-moves/");
    let run = Run::new(&mut lax, &catalogue);
    let errors = run.tally().errors;
    if errors == 0 {
        return Err("no error verdict for `E2-E4`".into());
    }
    Ok(())
}

fn stderr_tail() -> Result<(), String> {
    let mut engine = served(&["noise", "crash=perft"], options(5_000, false))?;
    for _ in 0..30 {
        engine
            .in_check(&start_position())
            .map_err(|e| e.to_string())?;
    }
    let message = failed(engine.perft(&start_position(), 1))?;
    // The last 20 lines of stderr: the crash message and the noise just before it.
    contains_all(
        &message,
        &[
            "its stderr ended with:\n",
            "noise line 30",
            "crashing on purpose on `perft`",
        ],
    )?;
    if message.contains("noise line 5\n") {
        return Err(format!("the tail is not a tail:\n{message}"));
    }
    Ok(())
}

/// A capability name no harness knows, declared by the `extra-capability` fake engine.
const UNKNOWN_CAPABILITY: &str = "x-not-a-capability";

fn unknown_capabilities() -> Result<(), String> {
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

fn cli(args: &[&str]) -> (Option<i32>, String, String, Duration) {
    let begin = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        begin.elapsed(),
    )
}

fn cli_run() -> Result<(), String> {
    let engine = format!("process:{} --serve crash=legal_moves", this_binary());
    let (code, stdout, stderr, _) = cli(&[
        "run",
        "--engine",
        &engine,
        "--filter",
        "castling/",
        "--validate-protocol",
    ]);
    if code != Some(1) {
        return Err(format!("exit {code:?}\n{stdout}{stderr}"));
    }
    contains_all(
        &stdout,
        &[
            "ERROR castling/",
            "error: legal moves: engine `",
            "the engine exited (exit code 3)",
            // The engine's stderr, kept under its case in the report.
            "its stderr ended with:\n          | fake engine: a first line of stderr\n          | fake engine: crashing on purpose",
        ],
    )?;
    let last = stdout.lines().last().unwrap_or("");
    if !last.ends_with("errors") || last.starts_with("0 passed") {
        return Err(format!("last line: {last}"));
    }
    // A hanging engine: every case that asks for check waits the timeout once, no more.
    let engine = format!("process:{} --serve hang=in_check", this_binary());
    let (code, stdout, _, took) = cli(&[
        "run",
        "--engine",
        &engine,
        "--filter",
        "check/by-",
        "--timeout",
        "200ms",
    ]);
    let errors = stdout.matches("no answer within 200ms").count();
    if code != Some(1) || errors == 0 {
        return Err(format!("exit {code:?}\n{stdout}"));
    }
    // Once per case: as many timeouts as errored cases. (Wall time is only a guard against a
    // run that never ends: a timed bound would flake on a busy machine.)
    let errored = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("ERROR "))
        .count();
    if errors != errored {
        return Err(format!(
            "{errors} timeouts in {errored} errored cases\n{stdout}"
        ));
    }
    if took > Duration::from_millis(200 * errors as u64 * 20 + 60_000) {
        return Err(format!("{errors} hangs took {took:?}"));
    }
    // An engine that cannot start is bad usage: exit 2, nothing run.
    let (code, stdout, stderr, _) = cli(&["run", "--engine", "process:/nonexistent/engine"]);
    if code != Some(2) || !stdout.is_empty() || !stderr.contains("cannot be started") {
        return Err(format!("exit {code:?}\n{stdout}{stderr}"));
    }
    let (code, _, stderr, _) = cli(&["run", "--timeout", "soon"]);
    if code != Some(2) || !stderr.contains("not a positive duration") {
        return Err(format!("exit {code:?}\n{stderr}"));
    }
    Ok(())
}

// --- Process groups, exits held open, huge timeouts, interrupts ---

/// A marker for the processes one test leaves behind, unique to this test run.
fn marker(what: &str) -> String {
    format!("chess-conformance-marker-{}-{what}", std::process::id())
}

/// How many processes carry `marker` on their command line (a shell running the engine, the
/// engine, what it started; a zombie has no command line).
fn alive(marker: &str) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
        })
        .count()
}

/// How many processes still carry `marker` after waiting up to 10 s for none to (what a group
/// ended leaves is reaped by init, a moment later).
fn left_behind(marker: &str) -> usize {
    let start = Instant::now();
    loop {
        let n = alive(marker);
        if n == 0 || start.elapsed() > Duration::from_secs(10) {
            return n;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// This binary with `args`, through `sh -c` (`; true` makes the shell fork it rather than
/// exec it): the engine is the shell's child, not the harness's.
fn through_sh(args: &[&str]) -> Vec<String> {
    let binary = this_binary();
    let inner = shell_words::join(std::iter::once(binary.as_str()).chain(args.iter().copied()));
    vec!["sh".to_owned(), "-c".to_owned(), format!("{inner}; true")]
}

/// An engine started through `sh -c` that starts a process of its own: a timeout, a failed
/// handshake and a drop each end all three, for protocol and UCI engines alike.
// A timeout of 3 s: the fake engine (a debug build, started through sh) must complete its
// handshake within it even while the other tests load the machine.
fn process_groups() -> Result<(), String> {
    let m = marker("groups");
    let mark = format!("marker={m}");
    let mut engine = Process::start(
        through_sh(&["--serve", "spawn", &mark, "hang=in_check"]),
        options(3_000, false),
    )?;
    if alive(&m) < 3 {
        return Err(format!(
            "the shell, the engine and what it started: {} processes",
            alive(&m)
        ));
    }
    let message = failed(engine.in_check(&start_position()))?;
    contains_all(&message, &["no answer within 3s"])?;
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived the timeout"));
    }
    // Restarted for the next request, with what it starts; a drop ends them all.
    let answer = engine.legal_moves(&start_position()).map(|m| m.len());
    if answer != Ok(20) {
        return Err(format!("the restarted engine answered {answer:?}"));
    }
    if alive(&m) < 3 {
        return Err(format!("after the restart: {} processes", alive(&m)));
    }
    drop(engine);
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived the engine's drop"));
    }
    // A handshake that fails.
    let error = match Process::start(
        through_sh(&["--serve", "spawn", &mark, "hang=start"]),
        options(3_000, false),
    ) {
        Ok(_) => return Err("a hung handshake started".into()),
        Err(e) => e,
    };
    contains_all(&error, &["no answer within 3s"])?;
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived a failed handshake"));
    }
    // UCI.
    let mut engine = UciEngine::start(
        through_sh(&["--uci", "spawn", &mark, "hang-d"]),
        options(3_000, false),
    )?;
    if alive(&m) < 3 {
        return Err(format!("UCI: {} processes", alive(&m)));
    }
    failed(engine.checkers(&start_position()))?;
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("UCI: {left} processes outlived the timeout"));
    }
    let answer = engine.legal_moves(&start_position()).map(|m| m.len());
    if answer != Ok(20) {
        return Err(format!("the restarted UCI engine answered {answer:?}"));
    }
    drop(engine);
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("UCI: {left} processes outlived the engine's drop"));
    }
    Ok(())
}

/// An engine that exits while a process it started holds its stdout: reported as its exit, with
/// its stderr, at once rather than at the timeout; and what it left is ended.
fn grandchild() -> Result<(), String> {
    let m = marker("grandchild");
    let mark = format!("marker={m}");
    let timeout = Duration::from_secs(10);
    let mut engine = served(
        &["grandchild=legal_moves", &mark],
        options(timeout.as_millis() as u64, false),
    )?;
    let begin = Instant::now();
    let message = failed(engine.legal_moves(&start_position()))?;
    let took = begin.elapsed();
    contains_all(
        &message,
        &[
            "request 1 (legal_moves): the engine exited (exit code 5; a process it started still \
             held its stdout open)",
            "its stderr ended with:\nfake engine: leaving a grandchild that holds stdout",
            "it will be restarted",
        ],
    )?;
    if took > Duration::from_secs(5) {
        return Err(format!("the exit took {took:?} to notice"));
    }
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived the engine"));
    }
    if engine.in_check(&start_position()) != Ok(false) {
        return Err("the restarted engine did not answer in_check".into());
    }
    Ok(())
}

/// A timeout the clock cannot add to now (1e19 s, `Duration::MAX`) waits as long as it can: no
/// panic, answers as usual.
fn huge_timeout() -> Result<(), String> {
    for timeout in [
        Duration::from_secs(10_000_000_000_000_000_000),
        Duration::MAX,
    ] {
        let options = Options {
            limits: chess_conformance::Limits {
                timeout,
                ..Default::default()
            },
            validate_protocol: true,
        };
        let mut engine = served(&[], options)?;
        if engine.legal_moves(&start_position()).map(|m| m.len()) != Ok(20) {
            return Err(format!("{timeout:?}: legal_moves"));
        }
        let mut uci = UciEngine::start(vec![this_binary(), "--uci".to_owned()], options)?;
        if uci.legal_moves(&start_position()).map(|m| m.len()) != Ok(20) {
            return Err(format!("{timeout:?}: UCI legal_moves"));
        }
    }
    Ok(())
}

/// SIGINT or SIGTERM while an engine (through `sh -c`, with a process of its own) hangs: the
/// harness ends them all, prints the verdicts so far marked as interrupted and what was not
/// run, writes no baseline, and exits 130 or 143; `matrix` too.
fn interrupted() -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!(
        "chess-conformance-interrupt-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let runs: [(&str, i32, &str); 3] = [
        ("INT", 130, "text"),
        ("TERM", 143, "json"),
        ("INT", 130, "matrix"),
    ];
    for (signal, code, how) in runs {
        let what = format!("{how}-{signal}");
        let m = marker(&format!("interrupt-{what}"));
        let hanging = dir.join(format!("hanging-{what}"));
        let written = dir.join(format!("written-{what}"));
        let engine = format!(
            "process:{}",
            shell_words::join(through_sh(&[
                "--serve",
                "spawn",
                &format!("marker={m}"),
                &format!("hang-after=6,{}", hanging.display()),
            ]))
        );
        let mut args = match how {
            "matrix" => vec!["matrix", "--jobs", "1", "--write-baselines"],
            format => vec!["run", "--format", format, "--write-baseline"],
        };
        let written_arg = written.display().to_string();
        args.push(&written_arg);
        args.extend([
            "--engine",
            &engine,
            "--filter",
            "attacks/",
            "--generated",
            "exclude",
            "--timeout",
            "60s",
        ]);
        let child = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
            .args(&args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .map_err(|e| e.to_string())?;
        let begin = Instant::now();
        while !hanging.exists() && begin.elapsed() < Duration::from_secs(60) {
            std::thread::sleep(Duration::from_millis(20));
        }
        let running = alive(&m);
        let sent = Instant::now();
        let killed = Command::new("kill")
            .args([format!("-{signal}"), child.id().to_string()])
            .status();
        let out = child.wait_with_output().map_err(|e| e.to_string())?;
        let took = sent.elapsed();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        let context = format!("{what}: exit {:?}\n{stdout}\n{stderr}", out.status);
        if !hanging.exists() || running < 3 || !killed.is_ok_and(|s| s.success()) {
            return Err(format!(
                "{context}\nthe engine never hung ({running} processes)"
            ));
        }
        if out.status.code() != Some(code) {
            return Err(format!("{context}\nexpected exit {code}"));
        }
        if took > Duration::from_secs(8) {
            return Err(format!("{context}\nthe harness took {took:?} to stop"));
        }
        let left = left_behind(&m);
        if left != 0 {
            return Err(format!("{context}\n{left} processes outlived the harness"));
        }
        let name = format!("SIG{signal}");
        match how {
            "text" => {
                contains_all(
                    &stdout,
                    &[
                        &format!("INTERRUPTED by {name}: "),
                        "cases were run, and the verdicts here are theirs",
                        "not run: attacks/",
                    ],
                )?;
                // The verdicts of the cases run (six answers: one case or more), and no other.
                let run = stdout
                    .split(&format!("INTERRUPTED by {name}: "))
                    .nth(1)
                    .and_then(|rest| rest.split(' ').next())
                    .and_then(|n| n.parse::<usize>().ok())
                    .unwrap_or(0);
                let header = format!("chess-conformance: {run} cases against reference (shakmaty)");
                if run == 0 || !stdout.contains(&header) {
                    return Err(format!("{context}\nnot the verdicts of the cases run"));
                }
            }
            "json" => interrupted_json(&context, &stdout, &name)?,
            _ => contains_all(
                &stdout,
                &[
                    " (interrupted after ",
                    &format!("INTERRUPTED by {name}: 1 of 1 engines run"),
                    "no baseline was written",
                ],
            )?,
        }
        // No baseline, whole or partial; no temporary file either.
        let files: Vec<String> = std::fs::read_dir(&dir)
            .map_err(|e| e.to_string())?
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| !n.starts_with("hanging-"))
            .collect();
        let in_written = std::fs::read_dir(&written).map_or(0, Iterator::count);
        let clean = files.is_empty()
            || (how == "matrix" && files == [format!("written-{what}")] && in_written == 0);
        if !clean {
            return Err(format!(
                "{context}\nwritten: {files:?} ({in_written} in {written_arg})"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// The JSON report of an interrupted run: the verdicts of the cases run, and where it stopped;
/// `report --html` renders it, the index and the engine's page saying it was interrupted.
fn interrupted_json(context: &str, stdout: &str, name: &str) -> Result<(), String> {
    let report: Value =
        serde_json::from_str(stdout).map_err(|e| format!("{context}\nnot JSON: {e}"))?;
    let interrupted = &report["interrupted"];
    let run = interrupted["cases_run"].as_u64().unwrap_or(0);
    let not_run = interrupted["not_run"].as_array().map_or(0, Vec::len);
    if interrupted["signal"] != name
        || run == 0
        || report["verdicts"].as_array().map(|v| v.len() as u64) != Some(run)
        || not_run == 0
    {
        return Err(format!("{context}\n{interrupted}"));
    }
    let dir = scratch("interrupted-site")?;
    let file = dir.join("interrupted.json");
    std::fs::write(&file, stdout).map_err(|e| e.to_string())?;
    let site = dir.join("site");
    let out = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(["report", "--html"])
        .args([&site, &file])
        .output()
        .map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "{context}\nreport --html: {:?}\n{stderr}",
            out.status
        ));
    }
    let said = format!(
        "interrupted by {name} after {run} of {} cases",
        run as usize + not_run
    );
    let index = std::fs::read_to_string(site.join("index.html")).map_err(|e| e.to_string())?;
    // The one engine's page, named after its identity.
    let page = std::fs::read_dir(site.join("engines"))
        .map_err(|e| e.to_string())?
        .find_map(Result::ok)
        .ok_or("no engine page")?;
    let engine = std::fs::read_to_string(page.path()).map_err(|e| e.to_string())?;
    if !index.contains(&said) || !engine.contains(&format!("This run was {said}")) {
        return Err(format!(
            "{context}\n`{said}` not on the index or the engine's page:\n{index}"
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

// --- Parallel instances (`--jobs`) ---

/// A fresh folder for one test's files.
fn scratch(what: &str) -> Result<std::path::PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("chess-conformance-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    Ok(dir)
}

/// `--jobs 2` prints, for every format, and writes as a baseline, byte for byte what
/// `--jobs 1` does against an engine in another process, also against one that crashes on some
/// cases: its errors name each request by its place in the case.
fn jobs_same_report() -> Result<(), String> {
    let dir = scratch("jobs-same")?;
    for (faults, exact) in [("", true), ("crash=in_check", false)] {
        let engine = format!("process:{} --serve {faults}", this_binary());
        for format in ["text", "json", "junit", "markdown"] {
            let mut outputs = Vec::new();
            for jobs in ["1", "2"] {
                let baseline = dir.join(format!("{format}-{jobs}.yaml"));
                let baseline = baseline.display().to_string();
                let mut args = vec![
                    "run",
                    "--engine",
                    &engine,
                    "--filter",
                    "check/",
                    "--generated",
                    "exclude",
                    "--format",
                    format,
                    "--jobs",
                    jobs,
                ];
                if format == "text" {
                    args.extend(["--verbose", "--write-baseline", &baseline]);
                }
                let (code, stdout, stderr, _) = cli(&args);
                let expected = if format == "text" || exact { 0 } else { 1 };
                if code != Some(expected) || !stdout.contains("check") {
                    return Err(format!(
                        "{engine} {format} --jobs {jobs}: exit {code:?}\n{stdout}{stderr}"
                    ));
                }
                let baseline = std::fs::read_to_string(&baseline).unwrap_or_default();
                outputs.push((stdout, baseline));
            }
            if outputs[0] != outputs[1] {
                return Err(format!(
                    "{engine} {format}: --jobs 2 differs from --jobs 1\n--- 1:\n{:?}\n--- 2:\n{:?}",
                    outputs[0], outputs[1]
                ));
            }
            if format == "text"
                && !exact
                && !outputs[0]
                    .1
                    .contains("of the case (in_check): the engine exited")
            {
                return Err(format!("no crash in the baseline:\n{}", outputs[0].1));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// Two instances, one of which crashes once: it alone is restarted (three starts in all, not
/// four), the case it was answering errs, and every other case passes.
fn jobs_crash_alone() -> Result<(), String> {
    let dir = scratch("jobs-crash")?;
    let starts = dir.join("starts");
    let engine = format!(
        "process:{} --serve crash=legal_moves lone={} starts={}",
        this_binary(),
        dir.join("lone").display(),
        starts.display()
    );
    let (code, stdout, stderr, _) = cli(&[
        "run",
        "--engine",
        &engine,
        "--filter",
        "castling/",
        "--jobs",
        "2",
    ]);
    let context = format!("exit {code:?}\n{stdout}{stderr}");
    let errors = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("ERROR "))
        .count();
    let last = stdout.lines().last().unwrap_or("");
    if code != Some(1) || errors != 1 || !last.ends_with(" 0 failed, 0 skipped, 1 errors") {
        return Err(format!("{context}\none error expected, {errors} found"));
    }
    contains_all(&stdout, &["the engine exited (exit code 3)"])?;
    let started = std::fs::read_to_string(&starts).map_err(|e| e.to_string())?;
    if started.lines().count() != 3 {
        return Err(format!("{context}\nstarts (3 expected):\n{started}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

// --- The UCI engine ---

fn fake_uci(faults: &[&str], timeout_ms: u64) -> Result<UciEngine, String> {
    let mut argv = vec![this_binary(), "--uci".to_owned()];
    argv.extend(faults.iter().map(|f| (*f).to_owned()));
    UciEngine::start(argv, options(timeout_ms, false))
}

fn uci_answers() -> Result<(), String> {
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
    let game = Game {
        fen: START,
        moves: &moves,
        pieces: &[],
    };
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
    let mated = Game {
        fen: START,
        moves: &mate,
        pieces: &[],
    };
    if engine.checkers(&mated) != Ok(vec!["f7".to_owned()]) || engine.in_check(&mated) != Ok(true) {
        return Err(format!("checkers {:?}", engine.checkers(&mated)));
    }
    // The catalogue: everything this engine answers passes.
    let catalogue = Catalogue::builtin().map_err(|e| e.to_string())?;
    let tally = Run::new(&mut engine, &catalogue).tally();
    if tally.failed + tally.errors > 0 || tally.passed < 150 {
        return Err(format!("{tally}"));
    }
    Ok(())
}

fn uci_faults() -> Result<(), String> {
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

const STOCKFISH: &str = "/usr/games/stockfish";

/// Debian's Stockfish (when installed): everything it answers passes, and it refuses an illegal
/// move by not applying it.
fn stockfish() -> Result<(), Failed> {
    let mut engine = UciEngine::start(vec![STOCKFISH.to_owned()], Options::default())?;
    let catalogue = Catalogue::builtin().map_err(|e| e.to_string())?;
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

// --- The xboard engine ---

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

fn xboard_answers() -> Result<(), String> {
    let mut engine = fake_xboard(&[], 5_000)?;
    let id = engine.identity();
    if (id.name.as_str(), id.version.as_str()) != ("Fake Xboard", "0.3") {
        return Err(format!("{id:?}"));
    }
    if engine.capabilities().to_string() != "legal-moves, play, perft" {
        return Err(format!("capabilities: {}", engine.capabilities()));
    }
    let moves = scholars_mate();
    let game = Game {
        fen: START,
        moves: &moves,
        pieces: &[],
    };
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
            .legal_moves(&Game {
                fen,
                moves: &[],
                pieces: &[],
            })
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
    let catalogue = Catalogue::builtin().map_err(|e| e.to_string())?;
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

fn xboard_faults() -> Result<(), String> {
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
    let message = failed(engine.legal_moves(&Game {
        fen: START,
        moves: &moves,
        pieces: &[],
    }))?;
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
    let message = failed(engine.perft(
        &Game {
            fen: "8/8/8/8/8/8/8/8 w - - 0 1",
            moves: &[],
            pieces: &[],
        },
        1,
    ))?;
    contains_all(
        &message,
        &[
            "request `setboard 8/8/8/8/8/8/8/8 w - - 0 1`",
            "the engine refused the position: `tellusererror Illegal position`",
        ],
    )?;
    Ok(())
}

fn xboard_handshake() -> Result<(), String> {
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
