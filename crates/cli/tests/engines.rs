//! Every engine's verdict list as an insta snapshot (`tests/snapshots/engines__*.snap`), so a
//! change in any implementation's behaviour, or in the catalogue, shows as a diff to review
//! (`cargo insta review`). CI runs with `INSTA_UPDATE=no`: an unreviewed change fails.
//!
//! Every engine runs over the whole catalogue. The in-process engines always run, and are asked
//! every perft count; engines in other processes (over UCI, xboard and the protocol: the list at
//! the end of this file) run when they are installed, with perft counts above 100,000 nodes left
//! out (the shims in Python and JavaScript take minutes over the deepest ones). `.ci/run`
//! installs them and sets `CHESS_CONFORMANCE_REQUIRE_ENGINES=1`, which turns a missing engine
//! into a failure instead of a notice.

use std::collections::BTreeMap;

use chess_conformance::{
    Catalogue, Engine, EngineError, FenCheck, Game, Limits, Origin, Outcome, Run, Tally,
};
use chess_conformance_adapters::{ChessCrate, CozyChess, Owlchess, Pleco};
use chess_conformance_engines::{Options, Process, UciEngine, XboardEngine};

/// The repository's root, where the shims are.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// An engine this test certifies, by the `--engine` spec the command line gives it.
fn engine(spec: &str, options: Options) -> Result<Box<dyn Engine>, String> {
    Ok(match spec {
        "chess" => Box::new(ChessCrate::new()),
        "cozy-chess" => Box::new(CozyChess::new()),
        "owlchess" => Box::new(Owlchess::new()),
        "pleco" => Box::new(Pleco::new()),
        "stockfish" => Box::new(UciEngine::start(
            vec!["/usr/games/stockfish".into()],
            options,
        )?),
        "python-chess" => Box::new(Process::start(
            vec![
                "python3".into(),
                format!("{ROOT}/adapters/python_chess_shim.py"),
            ],
            options,
        )?),
        "sjaak-ii" => Box::new(XboardEngine::start(
            vec!["/usr/games/sjaakii".into()],
            options,
        )?),
        "sjeng" => Box::new(XboardEngine::start(
            vec!["/usr/games/sjeng".into()],
            options,
        )?),
        "chessnut" => Box::new(Process::start(
            vec![
                "python3".into(),
                format!("{ROOT}/adapters/chessnut_shim.py"),
            ],
            options,
        )?),
        "chess.js" => Box::new(Process::start(
            vec!["node".into(), format!("{ROOT}/adapters/chessjs_shim.mjs")],
            options,
        )?),
        "kokopu" => Box::new(Process::start(
            vec!["node".into(), format!("{ROOT}/adapters/kokopu_shim.mjs")],
            options,
        )?),
        "chessops" => Box::new(Process::start(
            vec!["node".into(), format!("{ROOT}/adapters/chessops_shim.mjs")],
            options,
        )?),
        "js-chess-engine" => Box::new(Process::start(
            vec![
                "node".into(),
                format!("{ROOT}/adapters/js_chess_engine_shim.mjs"),
            ],
            options,
        )?),
        "fairy-stockfish" => Box::new(Process::start(
            vec!["python3".into(), format!("{ROOT}/adapters/pyffish_shim.py")],
            options,
        )?),
        other => return Err(format!("no engine `{other}` in this test")),
    })
}

/// The verdict list of one engine: a line per hand-written case, with the first wrong answer
/// of a failure and the assertions it skipped. The generated cases (tens of thousands) are
/// tallied per rule area, their skips (whole and partial) counted by reason, and only their
/// failures and errors get a line each, so the snapshot stays reviewable and still shows every
/// wrong answer.
fn listing(spec: &str, limits: Limits) -> Option<String> {
    // A generous deadline: a busy machine must not turn a slow answer into an error.
    let options = Options {
        limits: Limits {
            timeout: std::time::Duration::from_secs(120),
            ..limits
        },
        ..Options::default()
    };
    let mut engine = match engine(spec, options) {
        Ok(engine) => engine,
        Err(why) if std::env::var_os("CHESS_CONFORMANCE_REQUIRE_ENGINES").is_some() => {
            panic!("{spec}: {why}")
        }
        Err(why) => {
            eprintln!("note: not checking {spec}: {why}");
            return None;
        }
    };
    let catalogue = Catalogue::builtin().expect("the shipped catalogue loads");
    // In-process engines stop at the timeout too: as generous for them.
    let run = Run::within(&mut engine, &catalogue, options.limits);
    let mut out = format!("{}\n{}\n", run.engine, run.tally());
    let mut generated: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut skipped: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut partly: BTreeMap<(&str, String), usize> = BTreeMap::new();
    let mut generated_lines = String::new();
    for (loaded, verdict) in &run.results {
        let mut line = format!("{}: {}", verdict.id, verdict.outcome);
        let mut notes = Vec::new();
        match verdict.outcome {
            Outcome::Pass => {}
            Outcome::Skip | Outcome::Error => notes.push(without_panic_message(
                verdict.reason.as_deref().unwrap_or(""),
            )),
            Outcome::Fail => {
                if let Some(check) = verdict.failures().next() {
                    notes.push(format!(
                        "{}: expected {}, actual {}",
                        check.assertion, check.expected, check.actual
                    ));
                }
            }
        }
        if verdict.partly_skipped() {
            notes.push(format!("skipped: {}", skipped_assertions(verdict)));
        }
        if !notes.is_empty() {
            line.push_str(&format!(" ({})", notes.join("; ")));
        }
        line.push('\n');
        match loaded.origin {
            Origin::HandWritten => out.push_str(&line),
            Origin::Generated => {
                generated.entry(&verdict.area).or_default().count(verdict);
                match verdict.outcome {
                    Outcome::Pass => {}
                    Outcome::Skip => {
                        let reason = verdict.reason.as_deref().unwrap_or("");
                        *skipped.entry((&verdict.area, reason)).or_default() += 1;
                    }
                    Outcome::Fail | Outcome::Error => generated_lines.push_str(&line),
                }
                if verdict.outcome == Outcome::Pass && verdict.partly_skipped() {
                    let reasons = chess_conformance::verdict::skip_reasons(verdict.checks.iter());
                    *partly.entry((&verdict.area, reasons)).or_default() += 1;
                }
            }
        }
    }
    out.push_str("\ngenerated cases, per rule area:\n");
    for (area, tally) in &generated {
        out.push_str(&format!("{area}: {tally}\n"));
    }
    out.push_str("\ngenerated cases skipped, per rule area and reason:\n");
    for ((area, reason), n) in &skipped {
        out.push_str(&format!("{area}: {n} ({reason})\n"));
    }
    out.push_str(
        "\ngenerated cases that pass with some assertions skipped, per rule area and reason:\n",
    );
    for ((area, reason), n) in &partly {
        out.push_str(&format!("{area}: {n} ({reason})\n"));
    }
    out.push_str("\ngenerated cases that fail or err:\n");
    out.push_str(&generated_lines);
    Some(out)
}

/// A reason with the message of a caught panic left out: the place stays (the library's file
/// and line), the message goes, for it depends on the build: an overflow is "attempt to subtract
/// with overflow" with debug assertions and another panic further on ("mid > len") without, so
/// `cargo test` and `cargo test --release` would need two snapshots.
fn without_panic_message(reason: &str) -> String {
    const PANICKED: &str = "the engine panicked: ";
    let Some(at) = reason.find(PANICKED) else {
        return reason.to_owned();
    };
    let (head, message) = reason.split_at(at + PANICKED.len());
    let place = message.rfind(" (at ").map_or("", |p| &message[p..]);
    format!("{}[message]{place}", head)
}

/// The assertions a verdict skipped, with why: `san e1g1, san e8g8: the engine does not offer:
/// san`, reasons apart.
fn skipped_assertions(verdict: &chess_conformance::Verdict) -> String {
    let mut groups: Vec<(Vec<&str>, &str)> = Vec::new();
    for check in verdict.skipped() {
        let reason = check.reason.as_deref().unwrap_or("");
        match groups.iter_mut().find(|(_, r)| *r == reason) {
            Some((labels, _)) => labels.push(&check.assertion),
            None => groups.push((vec![&check.assertion], reason)),
        }
    }
    groups
        .iter()
        .map(|(labels, reason)| format!("{}: {reason}", labels.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// What an engine in another process is asked: no perft count above 100,000 nodes (the deepest
/// hand-written counts reach 3.8 million, minutes for python-chess).
const OUT_OF_PROCESS: Limits = Limits {
    perft_nodes: Some(100_000),
    ..Limits::DEFAULT
};

macro_rules! engine_snapshot {
    ($test:ident, $spec:expr, $limits:expr) => {
        #[test]
        fn $test() {
            if let Some(listing) = listing($spec, $limits) {
                insta::assert_snapshot!(stringify!($test), listing);
            }
        }
    };
}

#[test]
fn a_panic_message_is_left_out_and_its_place_kept() {
    assert_eq!(
        without_panic_message(
            "move of SAN N: the engine panicked: attempt to subtract with overflow (at \
             owlchess-0.4.1/src/moves/san.rs:540)"
        ),
        "move of SAN N: the engine panicked: [message] (at owlchess-0.4.1/src/moves/san.rs:540)"
    );
    assert_eq!(
        without_panic_message("move of SAN N: the engine panicked: mid > len (at x.rs:1)"),
        "move of SAN N: the engine panicked: [message] (at x.rs:1)"
    );
    assert_eq!(
        without_panic_message("perft 9: no answer"),
        "perft 9: no answer"
    );
}

engine_snapshot!(chess, "chess", Limits::DEFAULT);
engine_snapshot!(cozy_chess, "cozy-chess", Limits::DEFAULT);
engine_snapshot!(owlchess, "owlchess", Limits::DEFAULT);
engine_snapshot!(pleco, "pleco", Limits::DEFAULT);
engine_snapshot!(stockfish, "stockfish", OUT_OF_PROCESS);
engine_snapshot!(python_chess, "python-chess", OUT_OF_PROCESS);
engine_snapshot!(sjaak_ii, "sjaak-ii", OUT_OF_PROCESS);
engine_snapshot!(sjeng, "sjeng", OUT_OF_PROCESS);
engine_snapshot!(chess_js, "chess.js", OUT_OF_PROCESS);
engine_snapshot!(kokopu, "kokopu", OUT_OF_PROCESS);
engine_snapshot!(chessops, "chessops", OUT_OF_PROCESS);
engine_snapshot!(js_chess_engine, "js-chess-engine", OUT_OF_PROCESS);
engine_snapshot!(chessnut, "chessnut", OUT_OF_PROCESS);
engine_snapshot!(fairy_stockfish, "fairy-stockfish", OUT_OF_PROCESS);

/// The pyffish shim with every message checked against its schema, or `None` (with a notice)
/// when pyffish is not installed and engines are not required.
fn pyffish() -> Option<Box<dyn Engine>> {
    let options = Options {
        validate_protocol: true,
        ..Options::default()
    };
    match engine("fairy-stockfish", options) {
        Ok(engine) => Some(engine),
        Err(why) if std::env::var_os("CHESS_CONFORMANCE_REQUIRE_ENGINES").is_some() => {
            panic!("fairy-stockfish: {why}")
        }
        Err(why) => {
            eprintln!("note: not checking fairy-stockfish: {why}");
            None
        }
    }
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// pyffish's `validate_fen` writes a diagnostic from C++ for each FEN it rejects ("Invalid number
/// of white kings..."); 0.0.90 writes them to stderr, and the shim sends file descriptor 1 to
/// stderr as well, in case a build writes them (or anything else) to stdout. Over a few hundred
/// rejected FENs (kilobytes of diagnostics, past any buffer) each answer must still be the one
/// JSON line the schema allows, and in step with its request.
#[test]
fn fairy_stockfish_keeps_the_protocol_stream_clean() {
    let Some(mut engine) = pyffish() else { return };
    let start = Game {
        fen: START,
        moves: &[],
    };
    for fen in std::iter::repeat_n(
        [
            "4k3/8/8/8/8/8/8/4K2K w - - 0 1",
            "8/8/8/8/8/8/8/8 w - - 0 1",
            "4k3/8/8/8/8/8/8/4K3 x - - 0 1",
            "garbage",
        ],
        60,
    )
    .flatten()
    {
        match engine.validate_fen(fen) {
            Ok(FenCheck::Rejected(_)) => {}
            other => panic!("validate_fen {fen}: {other:?}"),
        }
        assert_eq!(
            engine.legal_moves(&start).map(|m| m.len()),
            Ok(20),
            "after {fen}"
        );
    }
    assert_eq!(engine.validate_fen(START), Ok(FenCheck::Accepted));
}

/// pyffish raises SystemError on a history holding an illegal move (and crashes on a FEN it
/// cannot read): the shim checks each move and the FEN first, and answers an error naming them;
/// the process goes on.
#[test]
fn fairy_stockfish_names_an_illegal_history_move_and_goes_on() {
    let Some(mut engine) = pyffish() else { return };
    let moves = ["e2e4".to_owned(), "e7e5".to_owned(), "e4e5".to_owned()];
    let game = Game {
        fen: START,
        moves: &moves,
    };
    match engine.legal_moves(&game) {
        Err(EngineError::Failed(message)) => {
            assert!(message.contains("e4e5"), "{message}")
        }
        other => panic!("an illegal history move: {other:?}"),
    }
    let kingless = Game {
        fen: "8/8/8/8/8/8/8/8 w - - 0 1",
        moves: &[],
    };
    match engine.in_check(&kingless) {
        Err(EngineError::Failed(message)) => assert!(message.contains("kings"), "{message}"),
        other => panic!("a FEN without kings: {other:?}"),
    }
    let played = Game {
        fen: START,
        moves: &moves[..2],
    };
    assert_eq!(engine.legal_moves(&played).map(|m| m.len()), Ok(29));
}
