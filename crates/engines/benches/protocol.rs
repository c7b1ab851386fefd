//! What the engine protocol costs.
//!
//! Its targets are ratios to what the machine itself can do, measured in the same run, so that
//! they hold on any machine and under load: an absolute figure read on a busy or slow host looks
//! like a regression of the protocol.
//!
//! 1. Round trips per second between the harness and a minimal Rust engine in another process
//!    (the reference served over the protocol, as `examples/protocol_engine.rs` does; here this
//!    bench binary serves it when started with `--serve`), beside the machine's raw round trip:
//!    this bench binary started with `--echo` copies each line it reads back at once, and the
//!    bench writes a line to its stdin and reads the line back from its stdout, in one thread,
//!    no JSON, no harness (and, to tell the costs apart, the same with the line read by a
//!    thread of its own and handed over a channel, as the harness read until issue 16; and the
//!    protocol's own work in one process: the request written, answered by the reference and
//!    its answer parsed, no pipe). Rounds alternate. Target: the protocol's `in_check` round
//!    trips at least 0.8 of the raw ones per second.
//! 2. Time per case, the catalogue without its perft cases, against one long-lived engine and
//!    against a new engine process per case (start, handshake, the case, exit), and the same
//!    engine in process for its own share; beside them the machine's bare process start: this
//!    bench binary started with `--noop` (which exits at once) and waited for, stdio null.
//!    Target: a bare start at least 0.5 of a process per case (what the harness adds to
//!    starting a process, shaking hands and ending it is at most the cost of the start itself).
//! 3. With `cargo bench` and python-chess installed: the whole catalogue against the
//!    python-chess shim, split into the harness's own time, the transport (pipes, JSON on both
//!    sides, the shim's loop) and the time inside the shim's `answer` (python-chess's work),
//!    measured by `benches/timed_shim.py`.
//!
//! Run with `cargo bench --bench protocol`; `cargo test --benches` runs a small version once.
//! Nothing timed is asserted in that run; under `cargo bench` a missed ratio target makes the
//! benchmark exit with code 1 after printing every figure.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chess_conformance::{Catalogue, Engine, Game, Reference, Run};
use chess_conformance_engines::{Options, Process, ProcessEngine};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--serve") {
        let mut engine = Reference::new();
        let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
        chess_conformance::protocol::serve(&mut engine, stdin.lock(), stdout.lock())
            .expect("stdin and stdout work");
        return;
    }
    match args.get(1).map(String::as_str) {
        Some("--echo") => return echo(),
        Some("--noop") => return,
        _ => {}
    }
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this once, quickly.
    let quick = !args.iter().any(|a| a == "--bench");
    println!("{}", machine());
    let round_trip_met = round_trips(
        if quick { 2_000 } else { 20_000 },
        if quick { 1 } else { 7 },
    );
    let start_met = per_case(quick);
    if quick {
        println!("python-chess split: run with `cargo bench --bench protocol`");
        return;
    }
    python_chess();
    if !(round_trip_met && start_met) {
        eprintln!("a ratio target was missed (see above)");
        std::process::exit(1);
    }
}

/// The raw round trip's other end: each line read from stdin is written back to stdout and
/// flushed at once.
fn echo() {
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    let (mut input, mut output) = (stdin.lock(), stdout.lock());
    let mut line = String::new();
    while input.read_line(&mut line).is_ok_and(|n| n > 0) {
        if output
            .write_all(line.as_bytes())
            .and_then(|()| output.flush())
            .is_err()
        {
            return;
        }
        line.clear();
    }
}

/// The machine the figures are taken on: CPUs, CPU model, load average.
fn machine() -> String {
    let cpus = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split_once(':'))
                .map(|(_, model)| model.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown CPU".into());
    let load = std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into());
    format!("machine: {cpus} CPUs, {model}, load average {load} (1, 5, 15 min) at start")
}

/// The bench binary started again with `arg`.
fn me(arg: &str) -> Command {
    let mut command = Command::new(std::env::current_exe().expect("the bench binary has a path"));
    command.arg(arg);
    command
}

/// Prints whether `share` (of `what`) meets `goal`, and returns it.
fn verdict(what: &str, share: f64, goal: f64) -> bool {
    let met = share >= goal;
    println!(
        "  {what}: {share:.2} (median of the rounds' shares; target >= {goal}): {}",
        if met { "met" } else { "MISSED" }
    );
    met
}

fn served() -> ProcessEngine {
    let me = std::env::current_exe().expect("the bench binary has a path");
    Process::start(
        vec![me.to_string_lossy().into_owned(), "--serve".into()],
        Options::default(),
    )
    .expect("the bench binary serves the reference")
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// The machine's raw round trip: a line to the echoing child and back.
struct Echo {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: Output,
    line: String,
}

/// Where the echoed lines are read.
enum Output {
    /// In the thread that writes: the machine's raw round trip.
    Here(BufReader<std::process::ChildStdout>),
    /// By a thread of its own that hands each line over a channel, as the harness reads an
    /// engine's stdout: the raw round trip plus one more wake-up.
    Handed(std::sync::mpsc::Receiver<String>),
}

impl Echo {
    fn start(handed: bool) -> Echo {
        let mut child = me("--echo")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the bench binary echoes");
        let input = child.stdin.take().expect("a piped stdin");
        let stdout = BufReader::new(child.stdout.take().expect("a piped stdout"));
        let output = if handed {
            let (send, lines) = std::sync::mpsc::sync_channel(16);
            std::thread::spawn(move || {
                for line in stdout.lines() {
                    let Ok(mut line) = line else { return };
                    line.push('\n');
                    if send.send(line).is_err() {
                        return;
                    }
                }
            });
            Output::Handed(lines)
        } else {
            Output::Here(stdout)
        };
        Echo {
            child,
            input,
            output,
            line: String::new(),
        }
    }

    /// One round trip of `line` (which ends in a newline).
    fn round_trip(&mut self, line: &str) {
        self.input
            .write_all(line.as_bytes())
            .expect("the echo reads");
        match &mut self.output {
            Output::Here(output) => {
                self.line.clear();
                output.read_line(&mut self.line).expect("the echo writes");
            }
            Output::Handed(lines) => self.line = lines.recv().expect("the echo writes"),
        }
        assert_eq!(self.line, line, "the echo answers with the line");
    }
}

impl Drop for Echo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sequential round trips of two requests, `in_check` (the smallest answer) and `legal_moves`
/// (20 moves) on the starting position, and of a bare line to the echo (read where it is
/// written, and read by a thread that hands it over, as the harness does); rounds of the four
/// alternate so that each share is taken under the same load. Returns whether `in_check`
/// meets its target.
fn round_trips(n: usize, rounds: usize) -> bool {
    let mut engine = served();
    let (mut echo, mut handed) = (Echo::start(false), Echo::start(true));
    // The bytes of an `in_check` request line, which the echo does not parse.
    let line = format!("{{\"seq\":1,\"type\":\"in_check\",\"fen\":\"{START}\",\"moves\":[]}}\n");
    let game = Game::new(START, &[]);
    for _ in 0..1_000 {
        engine.in_check(&game).expect("an answer");
        echo.round_trip(&line);
        handed.round_trip(&line);
    }
    let time = |f: &mut dyn FnMut()| {
        let begin = Instant::now();
        for _ in 0..n {
            f();
        }
        n as f64 / begin.elapsed().as_secs_f64()
    };
    let mut reference = chess_conformance::Reference::new();
    let question: chess_conformance::question::Question =
        chess_conformance::question::InCheck {}.into();
    let mut seq = 0;
    let mut exchange = || {
        seq += 1;
        let request = chess_conformance::protocol::request_line(seq, &question, Some(&game));
        let answer = chess_conformance::protocol::answer_line(&mut reference, &request);
        let value: serde_json::Value = serde_json::from_str(&answer).expect("an answer is JSON");
        assert_eq!(value["result"], false);
    };
    let (mut raw, mut with_thread, mut work) = (Vec::new(), Vec::new(), Vec::new());
    let (mut in_check, mut legal_moves) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        raw.push(time(&mut || echo.round_trip(&line)));
        work.push(time(&mut exchange));
        with_thread.push(time(&mut || handed.round_trip(&line)));
        in_check.push(time(&mut || {
            assert!(!engine.in_check(&game).expect("an answer"));
        }));
        legal_moves.push(time(&mut || {
            assert_eq!(engine.legal_moves(&game).expect("an answer").len(), 20);
        }));
    }
    let share = |rates: &[f64]| median(rates.iter().zip(&raw).map(|(r, w)| r / w).collect());
    let (in_check_share, legal_moves_share) = (share(&in_check), share(&legal_moves));
    let with_thread_share = share(&with_thread);
    println!("round trips to another process ({n} per round, {rounds} rounds, medians):");
    let row = |name: &str, rate: f64, share: Option<f64>| {
        let share = share.map_or(String::new(), |s| format!(", {s:.2} of raw"));
        println!(
            "  {name:<40} {rate:>9.0} per second ({:.1} µs each{share})",
            1e6 / rate
        );
    };
    row("raw: a line echoed, no JSON", median(raw.clone()), None);
    row(
        "raw, read by a thread (the harness before)",
        median(with_thread),
        Some(with_thread_share),
    );
    row(
        "protocol: in_check",
        median(in_check.clone()),
        Some(in_check_share),
    );
    row(
        "in_check's own work, in one process",
        median(work.clone()),
        None,
    );
    // What the transport costs once the protocol's own work is taken out: the round trip's
    // time less the work's, against the raw round trip's.
    let transport = median(
        in_check
            .iter()
            .zip(&work)
            .zip(&raw)
            .map(|((p, w), r)| (1.0 / r) / (1.0 / p - 1.0 / w).max(f64::MIN_POSITIVE))
            .collect(),
    );
    println!(
        "  the round trip less that work, as a share of raw: {transport:.2} (1 would be no \
         cost beyond the machine's pipes)"
    );
    row(
        "protocol: legal_moves (20 moves)",
        median(legal_moves),
        Some(legal_moves_share),
    );
    verdict(
        "in_check share of the raw round trips per second",
        in_check_share,
        0.8,
    )
}

/// The catalogue without perft against one long-lived engine, and against a process per case
/// beside the machine's bare process start (rounds of the two alternate). Returns whether the
/// bare start's share of a process per case meets its target.
fn per_case(quick: bool) -> bool {
    let catalogue = Catalogue::builtin()
        .expect("the shipped catalogue loads")
        .retain(|c| c.case.expect.perft.is_none());
    let cases = catalogue.cases().len();
    let rounds = if quick { 1 } else { 5 };
    let mut engine = served();
    let long_lived = median(
        (0..rounds)
            .map(|_| {
                let begin = Instant::now();
                let run = Run::new(&mut engine, &catalogue);
                // Every case passes but the reference's known failures, as listed.
                let baseline = chess_conformance::Baseline::reference();
                assert!(baseline.compare(&run, true).is_clean(), "{}", run.tally());
                begin.elapsed().as_secs_f64() / cases as f64
            })
            .collect(),
    );
    let (requests, _) = engine.time_waiting();
    drop(engine);
    // The engine's own work, to tell it from the protocol's: the reference called in process.
    let in_process = median(
        (0..rounds)
            .map(|_| {
                let begin = Instant::now();
                Run::new(&mut Reference::new(), &catalogue);
                begin.elapsed().as_secs_f64() / cases as f64
            })
            .collect(),
    );
    // A few hundred cases are enough for a median; each costs a few milliseconds.
    let spawned_cases = cases.min(if quick { 10 } else { 500 });
    let known = chess_conformance::Baseline::reference();
    let (mut bare, mut handshake, mut per_process) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..if quick { 1 } else { 3 } {
        // A bare start, a start with a handshake and a process per case alternate, so all
        // three are taken under the same load.
        let (mut starting, mut shaking, mut checking) =
            (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        for loaded in catalogue.cases().iter().take(spawned_cases) {
            let begin = Instant::now();
            let status = me("--noop")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .expect("the bench binary starts");
            starting += begin.elapsed();
            assert!(status.success(), "the no-op ends well: {status}");
            let begin = Instant::now();
            drop(served());
            shaking += begin.elapsed();
            let begin = Instant::now();
            let mut engine = served();
            let verdict = chess_conformance::check(&mut engine, loaded);
            let mut comparison = chess_conformance::Comparison::default();
            known.compare_verdict(&verdict, &mut comparison);
            drop(engine);
            checking += begin.elapsed();
            assert!(comparison.is_clean(), "{}", comparison.describe());
        }
        bare.push(starting.as_secs_f64() / spawned_cases as f64);
        handshake.push(shaking.as_secs_f64() / spawned_cases as f64);
        per_process.push(checking.as_secs_f64() / spawned_cases as f64);
    }
    let share = median(bare.iter().zip(&per_process).map(|(b, p)| b / p).collect());
    let (bare, handshake, per_process) = (median(bare), median(handshake), median(per_process));
    println!(
        "per case, {cases} cases without perft ({:.1} requests per case, medians):",
        requests as f64 / (cases * rounds) as f64
    );
    println!(
        "  in process (no protocol)      {:>9.1} µs (the engine's own work)",
        in_process * 1e6
    );
    println!(
        "  one long-lived engine         {:>9.1} µs",
        long_lived * 1e6
    );
    println!(
        "  a process per case            {:>9.1} µs (over {spawned_cases} cases; {:.0} times the long-lived engine)",
        per_process * 1e6,
        per_process / long_lived
    );
    println!(
        "  start, handshake, exit        {:>9.1} µs (no case, as many times)",
        handshake * 1e6
    );
    println!(
        "  bare process start (no-op)    {:>9.1} µs (spawn and wait, as many times)",
        bare * 1e6
    );
    verdict("bare start as a share of a process per case", share, 0.5)
}

/// The whole catalogue, and the catalogue without perft, against python-chess: where the time
/// goes.
fn python_chess() {
    let shim = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../adapters/python_chess_shim.py"
    );
    let available = Command::new("python3")
        .args(["-c", "import chess"])
        .status()
        .is_ok_and(|s| s.success());
    if !available {
        println!(
            "python-chess split: skipped, python-chess is not installed (pip install -r adapters/requirements.txt)"
        );
        return;
    }
    let version = Command::new("python3")
        .args(["-c", "import chess; print(chess.__version__)"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default();
    println!("the catalogue against python-chess {version} (one run each):");
    let catalogue = Catalogue::builtin().expect("the shipped catalogue loads");
    let without_perft = catalogue.clone().retain(|c| c.case.expect.perft.is_none());
    for (name, catalogue) in [
        ("without perft", &without_perft),
        ("whole catalogue", &catalogue),
    ] {
        let report = std::env::temp_dir().join(format!(
            "chess-conformance-timed-shim-{}.json",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&report);
        let options = Options {
            limits: chess_conformance::Limits {
                timeout: Duration::from_secs(300),
                ..Default::default()
            },
            ..Options::default()
        };
        let mut engine = Process::start(
            vec![
                "python3".into(),
                concat!(env!("CARGO_MANIFEST_DIR"), "/benches/timed_shim.py").into(),
                shim.into(),
                report.to_string_lossy().into_owned(),
            ],
            options,
        )
        .expect("the python-chess shim starts");
        // The handshake (and Python's start-up) is not part of the run.
        let (handshakes, handshake) = engine.time_waiting();
        let begin = Instant::now();
        let run = Run::new(&mut engine, catalogue);
        let total = begin.elapsed().as_secs_f64();
        let (requests, waited) = engine.time_waiting();
        let (requests, waited) = (requests - handshakes, waited - handshake);
        drop(engine);
        let deadline = Instant::now() + Duration::from_secs(5);
        let text = loop {
            match std::fs::read_to_string(&report) {
                Ok(text) if !text.is_empty() => break text,
                _ if Instant::now() > deadline => panic!("the timed shim wrote no report"),
                _ => std::thread::sleep(Duration::from_millis(10)),
            }
        };
        let _ = std::fs::remove_file(&report);
        let report: serde_json::Value = serde_json::from_str(&text).expect("a JSON report");
        let in_answer = report["seconds_in_answer"].as_f64().expect("seconds");
        let waited = waited.as_secs_f64();
        let harness = total - waited;
        let transport = waited - in_answer;
        let share = |t: f64| 100.0 * t / total;
        println!(
            "  {name}: {} cases, {requests} requests, {}, {total:.3} s",
            catalogue.cases().len(),
            run.tally()
        );
        println!(
            "    harness {:.3} s ({:.2} %), transport {:.3} s ({:.2} %), python-chess {:.3} s ({:.2} %)",
            harness,
            share(harness),
            transport,
            share(transport),
            in_answer,
            share(in_answer)
        );
        println!(
            "    per request: harness {:.1} µs, transport {:.1} µs, python-chess {:.1} µs",
            harness * 1e6 / requests as f64,
            transport * 1e6 / requests as f64,
            in_answer * 1e6 / requests as f64
        );
    }
}
