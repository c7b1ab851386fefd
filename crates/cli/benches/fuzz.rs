//! The speed of `fuzz`: plies per second of a fuzz run of the reference against an engine,
//! against a playout that asks the reference alone the same questions of the same games
//! (`fuzz --engine reference`, nothing compared), measured in the same run (goal: the fuzz run
//! at least half as fast as the playout, for an engine as fast as the reference: the second
//! engine's answers, the case built and loaded and the check are the whole difference).
//!
//! Each command runs alternately, three rounds, and the bench prints the median of each and
//! their ratio; the figure is the command's own (stderr: `N plies in T s: X plies/s`), so the
//! binary's start-up is left out. Run with `cargo bench -p chess-conformance-cli --bench fuzz`
//! (40 games; the reference against itself), or with `--features adapters` (the in-process
//! adapters too); `cargo test --benches` runs a small version once (3 games).

use std::process::Command;

/// The repository's root.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// Plies per second of one `fuzz` command with these engines.
fn plies_per_second(engines: &[&str], games: &str) -> f64 {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chess-conformance"));
    command
        .current_dir(ROOT)
        .args(["fuzz", "--seed", "4", "--games", games]);
    for engine in engines {
        command.args(["--engine", engine]);
    }
    let out = command.output().expect("the binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Exit 1 is a run that met a new kind of disagreement: its speed counts all the same.
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "fuzz {engines:?} exited {}: {stderr}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout)
    );
    stderr
        .lines()
        .filter_map(|l| l.strip_suffix(" plies/s"))
        .filter_map(|l| l.rsplit(' ').next())
        .find_map(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no plies/s in: {stderr}"))
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let (games, rounds) = if quick { ("3", 1) } else { ("40", 3) };
    println!("fuzz against a reference-only playout, {games} games, seed 4");
    // The in-process adapters are engines of a binary built with the feature `adapters`.
    let adapters: &[&str] = if cfg!(feature = "adapters") {
        &["cozy-chess", "owlchess", "chess"]
    } else {
        &[]
    };
    for &engine in std::iter::once(&"reference").chain(adapters) {
        let (mut playout, mut fuzz) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            playout.push(plies_per_second(&["reference"], games));
            fuzz.push(plies_per_second(&["reference", engine], games));
        }
        let (p, f) = (median(playout), median(fuzz));
        println!(
            "  reference against {engine:<10}: {f:>7.0} plies/s; playout {p:>7.0} plies/s; ratio {:.2}",
            f / p
        );
    }
}
