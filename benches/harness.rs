//! How much the harness adds to the engine's own work.
//!
//! The catalogue is run against the reference engine twice per round: once through the harness
//! (`Run::new`: capability checks, answer validation, comparison, verdicts) and once as the bare
//! sequence of engine calls the harness makes, recorded beforehand and replayed directly on a
//! fresh engine. The ratio of the medians is the harness's overhead; the target is at most 1.10.
//! The same is measured without the perft cases, whose engine time dwarfs everything else.
//!
//! Run with `cargo bench --bench harness`.

use std::time::{Duration, Instant};

use chess_conformance::protocol::{Client, Remote};
use chess_conformance::question::Question;
use chess_conformance::{
    Answer, Capabilities, Catalogue, Engine, EngineError, Game, Identity, Reference, Run,
};

/// One engine call, with owned arguments, to replay later.
struct Call {
    question: Question,
    fen: String,
    moves: Vec<String>,
    variant: chess_conformance::Variant,
}

/// The reference, recording every question asked of it (as a protocol client, which sees each
/// question as a value).
struct Recorder {
    inner: Reference,
    calls: Vec<Call>,
}

impl Client for Recorder {
    fn identity(&self) -> Identity {
        self.inner.identity()
    }
    fn capabilities(&self) -> Capabilities {
        self.inner.capabilities()
    }
    fn ask<T: serde::de::DeserializeOwned>(
        &mut self,
        question: &Question,
        game: Option<&Game>,
    ) -> Answer<T> {
        let game = game.copied().unwrap_or(Game::new("", &[]));
        self.calls.push(Call {
            question: question.clone(),
            fen: game.fen.to_owned(),
            moves: game.moves.to_vec(),
            variant: game.variant,
        });
        let answer = question.answer(&mut self.inner, &game)?;
        serde_json::from_value(answer).map_err(EngineError::failed)
    }
}

/// Replays recorded calls on a fresh reference, keeping every answer alive until the end so
/// nothing is optimised away.
fn direct(calls: &[Call]) -> usize {
    let mut e = Reference::new();
    let mut sink = 0usize;
    for call in calls {
        let game = Game {
            fen: &call.fen,
            moves: &call.moves,
            pieces: &[],
            variant: call.variant,
        };
        let answer = call.question.ask_any(&mut e, &game);
        sink += usize::from(answer.is_ok());
        std::hint::black_box(answer).ok();
    }
    sink
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Harness time, direct time and their ratio for one catalogue.
fn measure(label: &str, catalogue: &Catalogue, rounds: usize) {
    let mut recorder = Remote(Recorder {
        inner: Reference::new(),
        calls: Vec::new(),
    });
    let run = Run::new(&mut recorder, catalogue);
    // Every case passes but the reference's known failures, which fail as listed.
    let comparison = chess_conformance::Baseline::reference().compare(&run, true);
    assert!(
        comparison.is_clean(),
        "the reference must pass: {}\n{}",
        run.tally(),
        comparison.describe()
    );
    let calls = recorder.0.calls;

    let (mut harness, mut bare) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let start = Instant::now();
        let run = Run::new(&mut Reference::new(), catalogue);
        harness.push(start.elapsed());
        std::hint::black_box(run.tally());

        let start = Instant::now();
        std::hint::black_box(direct(&calls));
        bare.push(start.elapsed());
    }
    let (h, d) = (median(harness), median(bare));
    println!(
        "{label:<28} {:>5} cases {:>6} engine calls   harness {:>10.3?}   direct {:>10.3?}   ratio {:.3}",
        catalogue.len(),
        calls.len(),
        h,
        d,
        h.as_secs_f64() / d.as_secs_f64()
    );
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this once, quickly.
    let quick = !std::env::args().any(|a| a == "--bench");
    let rounds = if quick { 1 } else { 15 };
    // The hand-written catalogue: the figures of docs/PERFORMANCE.md are for it; the generated
    // cases have their own benchmark (benches/generate.rs).
    let catalogue = Catalogue::builtin()
        .expect("the shipped catalogue loads")
        .retain(|c| c.origin == chess_conformance::Origin::HandWritten);
    let without_perft = catalogue.clone().retain(|c| c.case.expect.perft.is_none());
    measure("whole catalogue", &catalogue, rounds);
    measure("catalogue without perft", &without_perft, rounds * 4);
}
