//! A fuzz session against a deliberately wrong engine finds its fault, shrinks it and prints a
//! case that loads; the reference against itself finds nothing; a seed gives the same output.

use chess_conformance::{Answer, Capabilities, Capability, Engine, Game, Identity, Reference};

use super::*;

/// The reference, but it never lists a castling move (FIDE 3.8.2 ignored).
struct NoCastling(Reference);

impl Engine for NoCastling {
    fn identity(&self) -> Identity {
        Identity {
            name: "no-castling".into(),
            version: "0".into(),
        }
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.with(Capability::LegalMoves)
    }
    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let castling = ["e1g1", "e1c1", "e8g8", "e8c8"];
        let position = chess_conformance::replay::Replay::new(game.fen, game.moves)
            .map_err(chess_conformance::EngineError::failed)?
            .position;
        let king_on = |uci: &str| {
            let from = chess_conformance::replay::parse_square(&uci[..2]).ok();
            from.and_then(|sq| shakmaty::Position::board(&position).role_at(sq))
                == Some(shakmaty::Role::King)
        };
        Ok(self
            .0
            .legal_moves(game)?
            .into_iter()
            .filter(|m| !(castling.contains(&m.as_str()) && king_on(m)))
            .collect())
    }
}

/// A session of `games` games of seed `seed`: what was emitted, and the session.
fn run(b: &mut dyn Engine, seed: u64, games: u64) -> (String, Session) {
    let mut a = Reference::new();
    let mut pair = Pair {
        common: target::common(&a, b),
        a: &mut a,
        b,
        limits: Limits::DEFAULT,
    };
    let context = case::Context {
        a: "reference".into(),
        b: "the engine".into(),
        seed,
    };
    let mut out = String::new();
    let session = session(
        &mut pair,
        &context,
        Budget::Games(games),
        &Known::default(),
        &mut |text| out.push_str(text),
    );
    (out, session)
}

/// The case item of a printed finding: its lines that are not comments.
fn item(printed: &str) -> String {
    printed
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn a_wrong_engine_is_found_shrunk_and_printed_as_a_case_that_loads() {
    let (out, session) = run(&mut NoCastling(Reference::new()), 1, 20);
    let kinds: Vec<String> = session.found.keys().map(ToString::to_string).collect();
    assert_eq!(kinds, ["moves (FIDE 3.8.2)"], "{out}");
    assert!(session.found.values().all(|f| f.count >= 1));
    assert!(out.contains("# reference: ["), "{out}");
    assert!(out.contains("# the engine: missing [e"), "{out}");
    assert!(
        out.contains("# the reference agrees with reference, not the engine;"),
        "{out}"
    );
    // Shrunk: fewer pieces than the game it was met in (castling happens with most pieces on
    // the board), and no history.
    let sizes = out
        .lines()
        .find(|l| l.starts_with("# shrunk from"))
        .expect("the sizes are printed");
    let numbers: Vec<usize> = sizes
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let [pieces_before, _, pieces_after, plies_after] = numbers[..] else {
        panic!("{sizes}")
    };
    assert!(pieces_after < pieces_before && pieces_after <= 6, "{sizes}");
    assert_eq!(plies_after, 0, "{sizes}");
    // The case loads as cases/castling.yaml would, the reference passes it and the wrong
    // engine fails it.
    let loaded = case::loads("castling", &item(&out)).expect("the printed case loads");
    assert!(loaded.case.id.starts_with("castling/fuzz-"));
    assert_eq!(
        loaded.case.source.as_deref(),
        Some("found by fuzzing against the engine (chess-conformance fuzz --seed 1)")
    );
    assert_eq!(
        chess_conformance::check(&mut Reference::new(), &loaded).outcome,
        Outcome::Pass
    );
    assert_eq!(
        chess_conformance::check(&mut NoCastling(Reference::new()), &loaded).outcome,
        Outcome::Fail
    );
}

#[test]
fn a_kind_the_baseline_records_is_counted_not_reported() {
    let baseline: chess_conformance::Baseline = serde_yaml_ng::from_str(
        "known_failures:\n  castling/x: { reason: no castling, fails: [moves] }\n",
    )
    .unwrap();
    let known = Known::of(&baseline);
    let mut a = Reference::new();
    let mut b = NoCastling(Reference::new());
    let mut pair = Pair {
        common: target::common(&a, &b),
        a: &mut a,
        b: &mut b,
        limits: Limits::DEFAULT,
    };
    let context = case::Context {
        a: "reference".into(),
        b: "the engine".into(),
        seed: 1,
    };
    let mut out = String::new();
    let s = session(&mut pair, &context, Budget::Games(20), &known, &mut |t| {
        out.push_str(t)
    });
    assert!(s.found.is_empty() && out.is_empty(), "{out}");
    assert_eq!(s.known_seen.len(), 1);
}

#[test]
fn the_reference_against_itself_finds_nothing() {
    let (out, session) = run(&mut Reference::new(), 3, 6);
    assert!(session.found.is_empty(), "{out}");
    assert!(session.tally.plies > 100, "{}", session.tally.plies);
}

#[test]
fn the_same_seed_gives_the_same_output() {
    let (first, one) = run(&mut NoCastling(Reference::new()), 5, 12);
    let (second, two) = run(&mut NoCastling(Reference::new()), 5, 12);
    assert_eq!(first, second);
    assert_eq!(one.tally.plies, two.tally.plies);
    let counts = |s: &Session| s.found.values().map(|f| f.count).collect::<Vec<_>>();
    assert_eq!(counts(&one), counts(&two));
    let (other, _) = run(&mut NoCastling(Reference::new()), 6, 12);
    assert_ne!(first, other, "another seed, other games");
}
