//! What a run pays before its first case: loading the built-in catalogue.
//!
//! Four starts, each measured main's way and this crate's way in the same run:
//!
//! - one case (`--filter castling/kingside-legal`) and one area (`--filter castling/`): main
//!   loaded the whole catalogue and then filtered it; [`Catalogue::builtin_selected`] reads only
//!   the files whose text holds the filter and checks only the cases kept;
//! - the whole catalogue: main read the files one after another; [`Catalogue::builtin`] reads
//!   them on every core ([`Catalogue::builtin_on`] with one thread is main's way);
//! - the whole run against the reference (`run` with no filter): the whole load, then every
//!   case checked and the reference's baseline compared.
//!
//! The targets (issue 16): a one-case run in at most 100 ms, the whole run in at most 1 s, on
//! the 2-core machine of docs/PERFORMANCE.md. The one-case figure here is the load alone; the
//! binary adds its process start and the engine's.
//!
//! Run with `cargo bench --bench load`; `cargo test --release --bench load` runs each once.

use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use chess_conformance::{Baseline, Catalogue, Reference, Run};

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// The median time of `rounds` calls of `f`, and its last result.
fn time<T>(rounds: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..rounds {
        let start = Instant::now();
        let value = f();
        times.push(start.elapsed());
        last = Some(std::hint::black_box(value));
    }
    (median(times), last.expect("at least one round"))
}

fn ids(catalogue: &Catalogue) -> Vec<(&str, &str, usize)> {
    catalogue
        .cases()
        .iter()
        .map(|c| (c.case.id.as_str(), c.file.as_str(), c.line))
        .collect()
}

fn row(label: &str, cases: usize, before: Duration, after: Duration) {
    println!(
        "{label:<36} {cases:>6} cases   before {before:>10.3?}   after {after:>10.3?}   {:>6.1}x",
        before.as_secs_f64() / after.as_secs_f64()
    );
}

/// Every case checked against the reference, its known failures as its baseline says.
fn run_reference(catalogue: &Catalogue) -> usize {
    let run = Run::new(&mut Reference::new(), catalogue);
    let comparison = Baseline::reference().compare(&run, true);
    assert!(
        comparison.is_clean(),
        "the reference must pass: {}\n{}",
        run.tally(),
        comparison.describe()
    );
    run.results.len()
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this once, quickly.
    let quick = !std::env::args().any(|a| a == "--bench");
    let (few, many) = if quick { (1, 1) } else { (5, 25) };
    let one = NonZeroUsize::MIN;
    let load = |threads| Catalogue::builtin_on(threads).expect("the shipped catalogue loads");
    println!(
        "{} threads; before: main's way (one thread, the whole catalogue then the filter)",
        std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
    );

    for (label, filter) in [
        (
            "one case: castling/kingside-legal",
            "castling/kingside-legal",
        ),
        ("one area: castling/", "castling/"),
    ] {
        let (before, whole) = time(few, || load(one).filtered(filter));
        let (after, selected) = time(many, || {
            Catalogue::builtin_selected(Some(filter), None).expect("the shipped catalogue loads")
        });
        assert_eq!(ids(&selected), ids(&whole), "{filter}");
        row(label, selected.len(), before, after);
    }

    let (before, whole) = time(few, || load(one));
    let (after, parallel) = time(few, || {
        Catalogue::builtin().expect("the shipped catalogue loads")
    });
    assert_eq!(ids(&parallel), ids(&whole));
    row("whole catalogue, loaded", whole.len(), before, after);

    let (before, _) = time(few, || run_reference(&load(one)));
    let (after, verdicts) = time(few, || {
        run_reference(&Catalogue::builtin().expect("the shipped catalogue loads"))
    });
    row("whole run against the reference", verdicts, before, after);
}
