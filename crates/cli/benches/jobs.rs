//! What `run --jobs N` gains: the catalogue against a slow engine in another process, with one
//! instance and with two, measured in the same run.
//!
//! For each shim that is installed (python-chess: `python3 adapters/python_chess_shim.py`;
//! chess.js: `node adapters/chessjs_shim.mjs`, after `npm ci` in `adapters/`), the command
//! `chess-conformance run --engine process:SHIM --jobs N` over the catalogue is timed, wall
//! clock, for N = 1 and N = 2, alternately, and the bench prints the median of each and the
//! ratio (goal on a 2-core machine: at least 1.8). Every run's report must be the same, byte
//! for byte, whatever N.
//!
//! Run with `cargo bench -p chess-conformance-cli --bench jobs` (the whole catalogue, three runs
//! each); `cargo test --benches` runs a small version once (the attack cases, one run each).
//! `JOBS_BENCH_ARGS` replaces the selection, e.g. `JOBS_BENCH_ARGS='--generated exclude'`.

use std::process::Command;
use std::time::Instant;

/// The repository's root, where the shims are.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let selection: Vec<String> = match std::env::var("JOBS_BENCH_ARGS") {
        Ok(args) => shell_words::split(&args).expect("JOBS_BENCH_ARGS splits as shell words"),
        Err(_) if quick => vec!["--filter".into(), "attacks/".into()],
        Err(_) => Vec::new(),
    };
    let rounds = if quick { 1 } else { 3 };
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "run --jobs 1 against --jobs 2 ({cpus} CPUs), selection: {}",
        if selection.is_empty() {
            "the whole catalogue".to_owned()
        } else {
            selection.join(" ")
        }
    );
    let shims = [
        ("python-chess", "python3", "adapters/python_chess_shim.py"),
        ("chess.js", "node", "adapters/chessjs_shim.mjs"),
    ];
    for (name, interpreter, shim) in shims {
        let engine = format!("process:{interpreter} {shim}");
        if !answers(&engine) {
            println!("{name}: not installed, skipped");
            continue;
        }
        let mut times = [Vec::new(), Vec::new()];
        let mut reports: Vec<Vec<u8>> = Vec::new();
        for _ in 0..rounds {
            for (slot, jobs) in ["1", "2"].into_iter().enumerate() {
                let begin = Instant::now();
                let out = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
                    .current_dir(ROOT)
                    .args([
                        "run", "--engine", &engine, "--jobs", jobs, "--format", "json",
                    ])
                    .args(&selection)
                    .output()
                    .expect("the binary runs");
                times[slot].push(begin.elapsed().as_secs_f64());
                assert!(
                    matches!(out.status.code(), Some(0 | 1)),
                    "{name} --jobs {jobs}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                reports.push(out.stdout);
            }
        }
        assert!(
            reports.windows(2).all(|w| w[0] == w[1]),
            "{name}: the reports differ between --jobs 1 and --jobs 2"
        );
        let (one, two) = (median(times[0].clone()), median(times[1].clone()));
        println!(
            "{name}: --jobs 1 {one:.2} s, --jobs 2 {two:.2} s: {:.2} times faster (median of {rounds})",
            one / two
        );
    }
}

/// Whether the engine starts and says hello (its interpreter and library are installed).
fn answers(engine: &str) -> bool {
    Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .current_dir(ROOT)
        .args([
            "run",
            "--engine",
            engine,
            "--filter",
            "castling/kingside-legal",
            "--jobs",
            "1",
        ])
        .output()
        .is_ok_and(|out| matches!(out.status.code(), Some(0 | 1)))
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}
