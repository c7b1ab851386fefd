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

use chess_conformance::{
    Answer, AttackSource, Capabilities, Catalogue, Color, DrawClaim, Engine, FenCheck, Game,
    GameState, Identity, MatingMaterial, MoveResult, Obligation, Reference, Run, TouchEvent,
    Winnability,
};

/// One engine call, with owned arguments, to replay later.
#[derive(Clone)]
enum Call {
    LegalMoves(String, Vec<String>),
    InCheck(String, Vec<String>),
    Checkers(String, Vec<String>),
    State(String, Vec<String>),
    Claims(String, Vec<String>),
    Material(String, Vec<String>),
    Play(String, Vec<String>, String),
    San(String, Vec<String>, String),
    ParseSan(String, Vec<String>, String),
    AttacksFrom(String, Vec<String>, String),
    AttacksBy(String, Vec<String>, Color),
    Perft(String, Vec<String>, u32),
    Validate(String),
    TouchMove(String, Vec<String>, Vec<TouchEvent>),
    Winnable(String, Vec<String>, Color),
}

/// The reference, recording every call made to it.
struct Recorder {
    inner: Reference,
    calls: Vec<Call>,
}

fn owned(game: &Game) -> (String, Vec<String>) {
    (game.fen.to_owned(), game.moves.to_vec())
}

impl Engine for Recorder {
    fn identity(&self) -> Identity {
        self.inner.identity()
    }
    fn capabilities(&self) -> Capabilities {
        self.inner.capabilities()
    }
    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let (f, m) = owned(game);
        self.calls.push(Call::LegalMoves(f, m));
        self.inner.legal_moves(game)
    }
    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        let (f, m) = owned(game);
        self.calls.push(Call::InCheck(f, m));
        self.inner.in_check(game)
    }
    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        let (f, m) = owned(game);
        self.calls.push(Call::Checkers(f, m));
        self.inner.checkers(game)
    }
    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let (f, m) = owned(game);
        self.calls.push(Call::State(f, m));
        self.inner.game_state(game)
    }
    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        let (f, m) = owned(game);
        self.calls.push(Call::Claims(f, m));
        self.inner.draw_claims(game)
    }
    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        let (f, m) = owned(game);
        self.calls.push(Call::Material(f, m));
        self.inner.mating_material(game)
    }
    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let (f, m) = owned(game);
        self.calls.push(Call::Play(f, m, uci.to_owned()));
        self.inner.play(game, uci)
    }
    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        let (f, m) = owned(game);
        self.calls.push(Call::San(f, m, uci.to_owned()));
        self.inner.san(game, uci)
    }
    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let (f, m) = owned(game);
        self.calls.push(Call::ParseSan(f, m, san.to_owned()));
        self.inner.parse_san(game, san)
    }
    fn attacks(&mut self, game: &Game, source: AttackSource) -> Answer<Vec<String>> {
        let (f, m) = owned(game);
        self.calls.push(match source {
            AttackSource::Square(sq) => Call::AttacksFrom(f, m, sq.to_owned()),
            AttackSource::Side(color) => Call::AttacksBy(f, m, color),
        });
        self.inner.attacks(game, source)
    }
    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        let (f, m) = owned(game);
        self.calls.push(Call::Perft(f, m, depth));
        self.inner.perft(game, depth)
    }
    fn validate_fen(&mut self, fen: &str) -> Answer<FenCheck> {
        self.calls.push(Call::Validate(fen.to_owned()));
        self.inner.validate_fen(fen)
    }
    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        let (f, m) = owned(game);
        self.calls.push(Call::TouchMove(f, m, events.to_vec()));
        self.inner.touch_move(game, events)
    }

    fn winnable(&mut self, game: &Game, side: Color) -> Answer<Winnability> {
        let (f, m) = owned(game);
        self.calls.push(Call::Winnable(f, m, side));
        self.inner.winnable(game, side)
    }
}

/// Replays recorded calls on a fresh reference, statically dispatched, keeping every answer
/// alive until the end so nothing is optimised away.
fn direct(calls: &[Call]) -> usize {
    let mut e = Reference::new();
    let mut sink = 0usize;
    for call in calls {
        sink += match call {
            Call::LegalMoves(f, m) => e
                .legal_moves(&Game { fen: f, moves: m })
                .map_or(0, |a| a.len()),
            Call::InCheck(f, m) => e
                .in_check(&Game { fen: f, moves: m })
                .map_or(0, usize::from),
            Call::Checkers(f, m) => e
                .checkers(&Game { fen: f, moves: m })
                .map_or(0, |a| a.len()),
            Call::State(f, m) => e
                .game_state(&Game { fen: f, moves: m })
                .map_or(0, |s| (s == GameState::Ongoing) as usize),
            Call::Claims(f, m) => e
                .draw_claims(&Game { fen: f, moves: m })
                .map_or(0, |a| a.len()),
            Call::Material(f, m) => e
                .mating_material(&Game { fen: f, moves: m })
                .map_or(0, |a| a.white as usize),
            Call::Play(f, m, u) => e
                .play(&Game { fen: f, moves: m }, u)
                .map_or(0, |a| match a {
                    MoveResult::Played(fen) => fen.len(),
                    MoveResult::Refused(_) => 0,
                }),
            Call::San(f, m, u) => e.san(&Game { fen: f, moves: m }, u).map_or(0, |a| a.len()),
            Call::ParseSan(f, m, s) => e
                .parse_san(&Game { fen: f, moves: m }, s)
                .map_or(0, |a| a.map_or(0, |x| x.len())),
            Call::AttacksFrom(f, m, sq) => e
                .attacks(&Game { fen: f, moves: m }, AttackSource::Square(sq))
                .map_or(0, |a| a.len()),
            Call::AttacksBy(f, m, c) => e
                .attacks(&Game { fen: f, moves: m }, AttackSource::Side(*c))
                .map_or(0, |a| a.len()),
            Call::Perft(f, m, d) => e
                .perft(&Game { fen: f, moves: m }, *d)
                .map_or(0, |n| n as usize),
            Call::Validate(f) => e
                .validate_fen(f)
                .map_or(0, |v| (v == FenCheck::Accepted) as usize),
            Call::TouchMove(f, m, events) => e
                .touch_move(&Game { fen: f, moves: m }, events)
                .map_or(0, |o| match o {
                    Obligation::AnyLegalMove => 1,
                    Obligation::Moves(moves) => moves.len(),
                }),
            Call::Winnable(f, m, c) => e
                .winnable(&Game { fen: f, moves: m }, *c)
                .map_or(0, |w| (w == Winnability::Winnable) as usize),
        };
    }
    sink
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Harness time, direct time and their ratio for one catalogue.
fn measure(label: &str, catalogue: &Catalogue, rounds: usize) {
    let mut recorder = Recorder {
        inner: Reference::new(),
        calls: Vec::new(),
    };
    let run = Run::new(&mut recorder, catalogue);
    assert!(
        run.tally().is_success(),
        "the reference must pass: {}",
        run.tally()
    );
    let calls = recorder.calls;

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
