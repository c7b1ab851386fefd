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
//! fake engines are in `process/fakes.rs`; the tests, by subject, beside them (`protocol.rs`,
//! `faults.rs`, `groups.rs`, `jobs.rs`, `uci.rs`, `xboard.rs`).

use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use chess_conformance::{
    Capabilities, Capability, Catalogue, Engine, EngineError, Game, MoveResult, Outcome, Reference,
    Run,
};
use chess_conformance_engines::{Options, Process, ProcessEngine, UciEngine, XboardEngine};
use libtest_mimic::{Arguments, Failed, Trial};
use serde_json::Value;

#[path = "process/fakes.rs"]
mod fakes;
#[path = "process/faults.rs"]
mod faults;
#[path = "process/groups.rs"]
mod groups;
#[path = "process/jobs.rs"]
mod jobs;
#[path = "process/protocol.rs"]
mod protocol;
#[path = "process/uci.rs"]
mod uci;
#[path = "process/xboard.rs"]
mod xboard;
use fakes::{fake_protocol_engine, fake_uci_engine, fake_xboard_engine};
use faults::{cli_run, faults, given_up, hang, stderr_tail};
use groups::{grandchild, huge_timeout, interrupted, process_groups};
use jobs::{jobs_crash_alone, jobs_same_report, scratch};
use protocol::{
    answers, castling_spellings, clock_conventions, handshake, same_verdicts, unknown_capabilities,
    validation,
};
use uci::{
    STOCKFISH, stockfish, uci_answers, uci_chess960, uci_faults, uci_variant_files_are_private,
};
use xboard::{xboard_answers, xboard_chess960, xboard_faults, xboard_handshake};

/// The hand-written cases of the built-in catalogue: what these tests run engines over (a second
/// to load and run, where the whole catalogue takes several; CI's certify step runs the real
/// engines over all of it).
fn hand_written() -> Result<Catalogue, String> {
    Catalogue::builtin_selected(None, Some(chess_conformance::Origin::HandWritten))
        .map_err(|e| e.to_string())
}

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
                trial(
                    "a_castling_spelling_declared_in_the_handshake_is_converted",
                    castling_spellings,
                ),
                trial(
                    "an_engine_without_clocks_says_so_and_the_clocks_are_left_out",
                    clock_conventions,
                ),
                trial("a_cli_run_completes_whatever_the_engine_does", cli_run),
                trial("uci_answers_follow_the_stockfish_conventions", uci_answers),
                trial("uci_faults_are_errors_and_the_engine_recovers", uci_faults),
                trial(
                    "uci_chess960_is_set_per_game_where_the_engine_offers_it",
                    uci_chess960,
                ),
                trial(
                    "uci_variant_files_are_private_and_planted_names_ignored",
                    uci_variant_files_are_private,
                ),
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
                    "xboard_chess960_in_fischerandom_where_the_engine_offers_it",
                    xboard_chess960,
                ),
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
    Game::new(START, &[])
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

/// A capability name no harness knows, declared by the `extra-capability` fake engine.
const UNKNOWN_CAPABILITY: &str = "x-not-a-capability";

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
