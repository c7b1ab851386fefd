//! How long the generator takes, and what the generated cases cost the test suite.
//!
//! - `generate`: everything `chess-conformance generate` does (mining, twins, divides, loading
//!   the result back, checking every generated case against the reference, the exports), then
//!   writing the files into a fresh temporary folder. Target: under 60 s.
//! - `generate --check`: the same generation, then comparing the bytes with the committed
//!   `generated/`. Target: under 30 s.
//! - loading the built-in catalogue (hand-written and generated cases, each validated on
//!   shakmaty), and running it all against the reference: what `cargo test` pays per run.
//!
//! Run with `cargo bench --bench generate` (3 rounds, medians). `cargo test --benches` runs it
//! once.

use std::path::Path;
use std::time::{Duration, Instant};

use chess_conformance::{Catalogue, Reference, Run};
use chess_conformance_generate as generate;

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut samples = Vec::new();
    let mut last = None;
    for _ in 0..rounds {
        let start = Instant::now();
        last = Some(f());
        samples.push(start.elapsed());
    }
    (median(samples), last.expect("at least one round"))
}

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let rounds = if quick { 1 } else { 3 };
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let cases = root.join("cases");
    let committed = root.join("generated");
    let scratch =
        std::env::temp_dir().join(format!("chess-conformance-bench-{}", std::process::id()));

    let (generate_time, total) = time(rounds, || {
        let _ = std::fs::remove_dir_all(&scratch);
        let (output, generation) = generate::build(&cases).expect("the generation succeeds");
        generate::write(&output, &scratch).expect("the scratch folder is writable");
        generation.areas.values().map(Vec::len).sum::<usize>()
    });
    let _ = std::fs::remove_dir_all(&scratch);
    let (check_time, stale) = time(rounds, || {
        let (output, _) = generate::build(&cases).expect("the generation succeeds");
        generate::stale(&output, &committed)
    });
    let (load_time, catalogue) = time(rounds.max(3), || {
        Catalogue::builtin().expect("the shipped catalogue loads")
    });
    let (run_time, passed) = time(rounds, || {
        Run::new(&mut Reference::new(), &catalogue).tally().passed
    });

    println!(
        "generated cases: {total}; catalogue: {} cases",
        catalogue.len()
    );
    println!(
        "generate (into a temporary folder)   {:>8.2} s   target < 60 s",
        generate_time.as_secs_f64()
    );
    println!(
        "generate --check                      {:>8.2} s   target < 30 s   ({})",
        check_time.as_secs_f64(),
        if stale.is_empty() {
            "generated/ is up to date".to_owned()
        } else {
            format!("{} stale files", stale.len())
        }
    );
    println!(
        "load the built-in catalogue           {:>8.2} s",
        load_time.as_secs_f64()
    );
    println!(
        "run it against the reference          {:>8.2} s   ({passed} passed)",
        run_time.as_secs_f64()
    );
}
