//! The fuzz targets read their seeds as the harness would: a recorded conversation replays to the
//! verdict it was recorded from, recorded engine output reads as that engine's answers, and
//! every target survives its seeds and a few thousand mutations of them.

use chess_conformance::{Catalogue, Outcome, Reference, check, protocol};
use chess_conformance_fuzz::mutate::{Rng, mutate};
use chess_conformance_fuzz::{TARGETS, answer_verdicts, seeds};

fn outcomes(verdict: &chess_conformance::Verdict) -> Vec<(String, Outcome)> {
    verdict
        .checks
        .iter()
        .map(|c| (c.assertion.clone(), c.outcome))
        .collect()
}

#[test]
fn a_conversation_with_the_reference_replays_to_the_reference_verdict() {
    let catalogue = Catalogue::builtin().unwrap();
    let mut compared = 0;
    for case in catalogue
        .cases()
        .iter()
        .filter(|c| c.file.starts_with("cases/") && c.case.expect.perft.is_none())
        .step_by(5)
    {
        let mut reference = Reference::new();
        let mut serve = |line: &str| protocol::answer_line(&mut reference, line);
        let (hello, _, answers) = seeds::record(case, &mut serve).unwrap();
        let seed = seeds::answers_seed(&case.case.id, &hello, &answers);
        let direct = outcomes(&check(&mut Reference::new(), case));
        let replayed = answer_verdicts(seed.as_bytes());
        // Without and with --validate-protocol: the reference's answers follow the schemas.
        assert_eq!(replayed.len(), 2, "{}", case.case.id);
        for (_, _, verdict) in &replayed {
            assert_eq!(outcomes(verdict), direct, "{}", case.case.id);
        }
        compared += 1;
    }
    assert!(compared > 50, "{compared}");
}

#[test]
fn python_chess_answers_read_as_python_chess() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/python-chess.txt"),
    )
    .unwrap();
    let recorded: Vec<&str> = text
        .split("\n%%\n")
        .filter(|s| !s.trim().is_empty())
        .collect();
    assert!(recorded.len() >= 100);
    let mut passed = 0;
    for seed in recorded {
        let verdicts = answer_verdicts(seed.as_bytes());
        assert_eq!(verdicts.len(), 2, "{}", seed.lines().next().unwrap());
        for (_, identity, verdict) in &verdicts {
            assert_eq!(identity.name, "python-chess");
            passed += usize::from(verdict.outcome == Outcome::Pass);
        }
    }
    // Most of the catalogue passes against python-chess; a replay gone out of step would not.
    assert!(passed > 250, "{passed}");
}

#[test]
fn stockfish_output_reads_as_stockfish_answers() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/uci");
    let perft = std::fs::read_to_string(dir.join("stockfish-65f39c-perft-20.txt")).unwrap();
    let read = chess_conformance_engines::uci::read_output(&perft);
    assert!(read[0].ends_with("] 20"), "{}", read[0]);
    let display = std::fs::read_to_string(dir.join("stockfish-95189f-display.txt")).unwrap();
    let read = chess_conformance_engines::uci::read_output(&display);
    assert_eq!(read[2], "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1 [\"e2\"]");
    let hello = std::fs::read_to_string(dir.join("stockfish-handshake.txt")).unwrap();
    assert_eq!(
        chess_conformance_engines::uci::read_output(&hello)[3],
        "Stockfish"
    );
}

#[test]
fn every_target_survives_its_seeds_and_mutations_of_them() {
    for target in TARGETS {
        let corpus = (target.seeds)();
        assert!(!corpus.is_empty(), "{} has no seeds", target.name);
        for seed in &corpus {
            (target.run)(seed);
        }
        let mut rng = Rng::new(14);
        for _ in 0..2_000 {
            let base = rng.pick(&corpus).clone();
            let (input, _) = mutate(&mut rng, &base, &corpus, target.shape, target.max_len);
            (target.run)(&input);
        }
    }
}
