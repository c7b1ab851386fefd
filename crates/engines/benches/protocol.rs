//! What the engine protocol costs.
//!
//! 1. Round trips per second between the harness and a minimal Rust engine in another process
//!    (the reference served over the protocol, as `examples/protocol_engine.rs` does; here this
//!    bench binary serves it when started with `--serve`). Target: at least 50,000 per second.
//! 2. Time per case, the catalogue without its perft cases, against one long-lived engine and
//!    against a new engine process per case (start, handshake, the case, exit), and the same
//!    engine in process for its own share. Target: the long-lived engine at least 20 times
//!    faster than a process per case.
//! 3. With `cargo bench` and python-chess installed: the whole catalogue against the
//!    python-chess shim, split into the harness's own time, the transport (pipes, JSON on both
//!    sides, the shim's loop) and the time inside the shim's `answer` (python-chess's work),
//!    measured by `benches/timed_shim.py`.
//!
//! Run with `cargo bench --bench protocol`; `cargo test --benches` runs a small version once.

use std::process::Command;
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
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this once, quickly.
    let quick = !args.iter().any(|a| a == "--bench");
    round_trips(
        if quick { 2_000 } else { 50_000 },
        if quick { 1 } else { 7 },
    );
    per_case(quick);
    if quick {
        println!("python-chess split: run with `cargo bench --bench protocol`");
    } else {
        python_chess();
    }
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

/// Sequential round trips of two requests: `in_check` (the smallest answer) and `legal_moves`
/// (20 moves) on the starting position.
fn round_trips(n: usize, rounds: usize) {
    let mut engine = served();
    let game = Game {
        fen: START,
        moves: &[],
    };
    for _ in 0..1_000 {
        engine.in_check(&game).expect("an answer");
    }
    println!("round trips to a Rust engine in another process ({n} per round, {rounds} rounds):");
    for name in ["in_check", "legal_moves"] {
        let ask = |e: &mut ProcessEngine| match name {
            "in_check" => assert!(!e.in_check(&game).expect("an answer")),
            _ => assert_eq!(e.legal_moves(&game).expect("an answer").len(), 20),
        };
        let rates: Vec<f64> = (0..rounds)
            .map(|_| {
                let begin = Instant::now();
                for _ in 0..n {
                    ask(&mut engine);
                }
                n as f64 / begin.elapsed().as_secs_f64()
            })
            .collect();
        let rate = median(rates);
        println!(
            "  {name:<12} {rate:>9.0} per second ({:.1} µs each; target >= 50000 per second)",
            1e6 / rate
        );
    }
}

/// The catalogue without perft against one long-lived engine, and against a process per case.
fn per_case(quick: bool) {
    let catalogue = Catalogue::builtin()
        .expect("the shipped catalogue loads")
        .retain(|c| c.case.expect.perft.is_none());
    let cases = catalogue.cases().len();
    let rounds = if quick { 1 } else { 9 };
    let mut engine = served();
    let long_lived = median(
        (0..rounds)
            .map(|_| {
                let begin = Instant::now();
                let run = Run::new(&mut engine, &catalogue);
                // Every case passes but the reference's known failures, as listed.
                let baseline = chess_conformance::baseline::Baseline::reference();
                assert!(baseline.compare(&run, true).is_clean(), "{}", run.tally());
                begin.elapsed().as_secs_f64() / cases as f64
            })
            .collect(),
    );
    let (requests, _) = engine.time_waiting();
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
    let spawned_cases = if quick { 10 } else { cases };
    let per_process = median(
        (0..if quick { 1 } else { 3 })
            .map(|_| {
                let begin = Instant::now();
                let known = chess_conformance::baseline::Baseline::reference();
                for loaded in catalogue.cases().iter().take(spawned_cases) {
                    let mut engine = served();
                    let verdict = chess_conformance::check(&mut engine, loaded);
                    let mut comparison = chess_conformance::baseline::Comparison::default();
                    known.compare_verdict(&verdict, &mut comparison);
                    assert!(comparison.is_clean(), "{}", comparison.describe());
                }
                begin.elapsed().as_secs_f64() / spawned_cases as f64
            })
            .collect(),
    );
    println!(
        "per case, {cases} cases without perft ({:.1} requests per case):",
        requests as f64 / (cases * rounds) as f64
    );
    println!(
        "  in process (no protocol) {:>8.1} µs (the engine's own work)",
        in_process * 1e6
    );
    println!("  one long-lived engine   {:>9.1} µs", long_lived * 1e6);
    println!(
        "  a process per case      {:>9.1} µs (over {spawned_cases} cases)",
        per_process * 1e6
    );
    println!(
        "  long-lived is {:.0} times faster (target >= 20)",
        per_process / long_lived
    );
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
