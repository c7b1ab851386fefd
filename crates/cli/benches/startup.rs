//! What a user waits for: the binary's wall time from start to exit against the reference,
//! for one case, one area, the load alone and the whole catalogue; beside it the binary's bare
//! start (`--version`), so the figures can be read against the machine.
//!
//! Each command runs `rounds` times, alternately, and the bench prints the medians. With
//! `STARTUP_BENCH_BEFORE=PATH` (another build of the binary, e.g. main's before a change) the
//! same commands of that binary are timed in the same rounds, and the bench prints both and
//! the ratio. The targets (issue 16): one case in at most 100 ms, the whole catalogue in at
//! most 1 s, on the 2-core machine of docs/PERFORMANCE.md; the bench says whether each is met
//! but does not fail on it, since a wall time depends on the host and its load.
//!
//! Run with `cargo bench -p chess-conformance-cli --bench startup`; `cargo test --benches`
//! runs each command once.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository's root.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// The commands timed: a name, the arguments, and the target if there is one.
const STARTS: [(&str, &[&str], Option<Duration>); 5] = [
    ("bare start (--version)", &["--version"], None),
    (
        "one case: run --filter castling/kingside-legal",
        &["run", "--filter", "castling/kingside-legal"],
        Some(Duration::from_millis(100)),
    ),
    (
        "one area: run --filter castling/",
        &["run", "--filter", "castling/"],
        None,
    ),
    ("the load alone: list", &["list"], None),
    (
        "the whole catalogue: run",
        &["run"],
        Some(Duration::from_secs(1)),
    ),
];

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let rounds = if quick { 1 } else { 7 };
    let after = env!("CARGO_BIN_EXE_chess-conformance").to_owned();
    let before = std::env::var("STARTUP_BENCH_BEFORE").ok();
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("the binary's wall time, start to exit ({cpus} CPUs, median of {rounds})");
    for (name, args, target) in STARTS {
        let mut times = [Vec::new(), Vec::new()];
        for _ in 0..rounds {
            times[0].push(time(&after, args));
            if let Some(before) = &before {
                times[1].push(time(before, args));
            }
        }
        let now = median(&times[0]);
        let verdict = target.map_or(String::new(), |t| {
            let met = if now <= t { "met" } else { "MISSED" };
            format!("  (target <= {}: {met})", show(t))
        });
        match before.as_ref().map(|_| median(&times[1])) {
            Some(then) => println!(
                "  {name:<48} before {:>9}  after {:>9}  {:>6.1}x{verdict}",
                show(then),
                show(now),
                then.as_secs_f64() / now.as_secs_f64()
            ),
            None => println!("  {name:<48} {:>9}{verdict}", show(now)),
        }
    }
}

/// The wall time of one run of `binary` with `args`, which must exit with 0.
fn time(binary: &str, args: &[&str]) -> Duration {
    let begin = Instant::now();
    let status = Command::new(binary)
        .args(args)
        .current_dir(ROOT)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("the binary runs");
    let took = begin.elapsed();
    assert!(status.success(), "{binary} {args:?}: {status}");
    took
}

fn median(times: &[Duration]) -> Duration {
    let mut sorted = times.to_vec();
    sorted.sort();
    sorted[sorted.len() / 2]
}

fn show(d: Duration) -> String {
    if d < Duration::from_secs(1) {
        format!("{:.1} ms", d.as_secs_f64() * 1e3)
    } else {
        format!("{:.3} s", d.as_secs_f64())
    }
}
