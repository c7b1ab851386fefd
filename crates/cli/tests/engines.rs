//! Every engine's verdict list as an insta snapshot (`tests/snapshots/engines__*.snap`), so a
//! change in any implementation's behaviour, or in the catalogue, shows as a diff to review
//! (`cargo insta review`). CI runs with `INSTA_UPDATE=no`: an unreviewed change fails.
//!
//! Each snapshot is the listing of the whole catalogue (`run --format listing`: a line per
//! hand-written case, the generated cases tallied, each generated failure on a line). The
//! in-process engines (the Rust libraries of `chess-conformance-adapters`) are checked with the
//! command's feature `adapters` only (`cargo test -p chess-conformance-cli --features adapters
//! --test engines`; CI's adapters step runs it, `.ci/steps/adapters.sh`): they always run over
//! the whole catalogue, and are asked every perft count (seconds each). The engines in other processes (over UCI, xboard and the protocol: the list at
//! the end of this file) run when they are installed, with perft counts above 100,000 nodes left
//! out (the shims in Python and JavaScript take minutes over the deepest ones), and over what
//! one of three settings says:
//!
//! - by default, over the hand-written cases only, compared with the hand-written lines of the
//!   same snapshot (and its engine line): the eleven of them over the whole catalogue took 44
//!   minutes of a person's `cargo test` on 2 cores, over the hand-written cases about a minute
//!   (docs/PERFORMANCE.md);
//! - `CHESS_CONFORMANCE_WHOLE_CATALOGUE=1`: over the whole catalogue, the snapshot checked whole
//!   (and written, with `INSTA_UPDATE=always`): how a change of the generated cases is reviewed;
//! - `CHESS_CONFORMANCE_LISTINGS=DIR`: the listings CI's certify step wrote (`matrix
//!   --write-listings`, the same limits) checked whole, so the engines in other processes, minutes
//!   each, run once in CI, not twice, and CI checks every snapshot whole.
//!
//! One exception to the default: pyffish's 20 hand-written perft counts of the historical pieces
//! (`LEFT_TO_THE_WHOLE_RUN`) are left out of it, their snapshot lines unchecked. pyffish has no
//! perft, and its shim walks `legal_moves` (a millisecond a call) up to 1,500 calls per count:
//! 97 of the 99 seconds pyffish took over the hand-written cases, most of the default `cargo
//! test`'s tail. The two whole settings (certify's listings in CI, and
//! `CHESS_CONFORMANCE_WHOLE_CATALOGUE=1`) still ask them and check those lines.
//!
//! `.ci/run` installs the engines and sets `CHESS_CONFORMANCE_REQUIRE_ENGINES=1`, which turns a
//! missing engine into a failure instead of a notice.

use chess_conformance::catalogue::{LoadedCase, Origin};
use chess_conformance::{Catalogue, Engine, EngineError, FenCheck, Game, Limits, Run};
#[cfg(feature = "adapters")]
use chess_conformance_adapters::{ChessCrate, CozyChess, Owlchess, Pleco};
use chess_conformance_engines::{Options, Process, UciEngine, XboardEngine};

/// The repository's root, where the shims are.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

/// An engine this test certifies, by the `--engine` spec the command line gives it.
fn engine(spec: &str, options: Options) -> Result<Box<dyn Engine>, String> {
    Ok(match spec {
        #[cfg(feature = "adapters")]
        "chess" => Box::new(ChessCrate::new()),
        #[cfg(feature = "adapters")]
        "cozy-chess" => Box::new(CozyChess::new()),
        #[cfg(feature = "adapters")]
        "owlchess" => Box::new(Owlchess::new()),
        #[cfg(feature = "adapters")]
        "pleco" => Box::new(Pleco::new()),
        "stockfish" => Box::new(UciEngine::start(
            vec!["/usr/games/stockfish".into()],
            options,
        )?),
        "fairy-stockfish-uci" => Box::new(UciEngine::start(
            vec!["/usr/games/fairy-stockfish".into()],
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

/// The verdict list of one engine ([`chess_conformance::report::listing`]) over the whole
/// catalogue, or `None` (with a notice) when it is not installed and engines are not required.
fn listing(spec: &str, limits: Limits) -> Option<String> {
    listing_of(spec, limits, None)
}

/// [`listing`] over the cases of one origin (all when `None`).
fn listing_of(spec: &str, limits: Limits, origin: Option<Origin>) -> Option<String> {
    listing_without(spec, limits, origin, |_| false)
}

/// Which cases of the catalogue a run leaves out.
type LeaveOut = fn(&LoadedCase) -> bool;

/// The cases the default run leaves out for an engine in another process (the module's
/// documentation says why), by the engine's spec: the whole settings ask them.
const LEFT_TO_THE_WHOLE_RUN: &[(&str, LeaveOut)] = &[("fairy-stockfish", |c| {
    !c.case.pieces.is_empty() && c.case.expect.perft.is_some()
})];

/// What the default run leaves out for `spec`: nothing for most engines.
fn left_out(spec: &str) -> fn(&LoadedCase) -> bool {
    LEFT_TO_THE_WHOLE_RUN
        .iter()
        .find(|(name, _)| *name == spec)
        .map_or(|_| false, |(_, leave_out)| *leave_out)
}

/// [`listing_of`] without the cases `leave_out` picks.
fn listing_without(
    spec: &str,
    limits: Limits,
    origin: Option<Origin>,
    leave_out: fn(&LoadedCase) -> bool,
) -> Option<String> {
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
    let catalogue = Catalogue::builtin_selected(None, origin)
        .expect("the shipped catalogue loads")
        .retain(|c| !leave_out(c));
    // In-process engines stop at the timeout too: as generous for them.
    let run = Run::within(&mut engine, &catalogue, options.limits);
    Some(chess_conformance::report::listing(&run))
}

/// What an engine in another process is checked on (the module's documentation says why).
enum External {
    /// The listing of the whole catalogue, to be compared with the whole snapshot.
    Whole(String),
    /// The listing of the hand-written cases but those left out (their ids), to be compared
    /// with the snapshot's lines for the others.
    HandWritten(String, Vec<String>),
}

/// The listing of an engine in another process, or `None` (with a notice) when it is not
/// installed and engines are not required: the one `matrix --write-listings DIR` wrote as
/// `DIR/NAME.txt` when `CHESS_CONFORMANCE_LISTINGS=DIR` is set (a missing file is a failure),
/// else a run over the whole catalogue when `CHESS_CONFORMANCE_WHOLE_CATALOGUE` is set, else a
/// run over the hand-written cases.
fn external_listing(spec: &str, file: &str) -> Option<External> {
    if let Some(dir) = std::env::var_os("CHESS_CONFORMANCE_LISTINGS") {
        let path = std::path::Path::new(&dir).join(format!("{file}.txt"));
        return match std::fs::read_to_string(&path) {
            Ok(text) => Some(External::Whole(text)),
            Err(e) => panic!(
                "{spec}: {}: {e} (CHESS_CONFORMANCE_LISTINGS is set: run `matrix \
                 --write-listings` over this engine first, or unset it)",
                path.display()
            ),
        };
    }
    if std::env::var_os("CHESS_CONFORMANCE_WHOLE_CATALOGUE").is_some() {
        return listing(spec, OUT_OF_PROCESS).map(External::Whole);
    }
    let leave_out = left_out(spec);
    let left: Vec<String> = Catalogue::builtin_selected(None, Some(Origin::HandWritten))
        .expect("the shipped catalogue loads")
        .cases()
        .iter()
        .filter(|c| leave_out(c))
        .map(|c| c.case.id.clone())
        .collect();
    if !left.is_empty() {
        eprintln!(
            "note: {spec}: {} hand-written case(s) left to the whole run (its module's \
             documentation says why)",
            left.len()
        );
    }
    listing_without(spec, OUT_OF_PROCESS, Some(Origin::HandWritten), leave_out)
        .map(|listing| External::HandWritten(listing, left))
}

/// The heading that ends a listing's lines for the hand-written cases
/// ([`chess_conformance::report::listing`]).
const GENERATED_HEADING: &str = "\ngenerated cases, per rule area:\n";

/// A listing's engine line and its lines for the hand-written cases: everything but the totals
/// (which count the generated cases too) and what follows [`GENERATED_HEADING`].
fn hand_written_part(listing: &str) -> Option<(&str, Vec<&str>)> {
    let (head, _) = listing.split_once(GENERATED_HEADING)?;
    let mut lines = head.lines();
    let engine = lines.next()?;
    let _totals = lines.next()?;
    Some((engine, lines.collect()))
}

/// The snapshot `snapshots/engines__NAME.snap` as insta wrote it, without its header.
fn stored_snapshot(name: &str) -> String {
    let path = format!(
        "{}/tests/snapshots/engines__{name}.snap",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{path}: {e} (a new engine's snapshot is written by a run over the whole catalogue: \
             CHESS_CONFORMANCE_WHOLE_CATALOGUE=1 INSTA_UPDATE=always)"
        )
    });
    // The header is a YAML block between two `---` lines.
    let body = text
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map(|(_, body)| body)
        .unwrap_or_else(|| panic!("{path}: no insta header (`---` ... `---`)"));
    body.to_owned()
}

/// Compares a listing of the hand-written cases with the lines the snapshot `name` holds for
/// them (the snapshot is the listing of the whole catalogue), and fails with the lines that
/// differ, each with its line number in the snapshot file's listing. The snapshot's lines for
/// the cases of `left_out` (not run) are not compared.
fn assert_hand_written(name: &str, listing: &str, left_out: &[String]) {
    let stored = stored_snapshot(name);
    let (engine, lines) =
        hand_written_part(listing).expect("a listing has its engine, totals and headings");
    let (stored_engine, stored_lines) = hand_written_part(&stored).unwrap_or_else(|| {
        panic!("snapshot engines__{name}.snap: not a listing (no `generated cases` heading)")
    });
    let left_out: std::collections::HashSet<&str> = left_out.iter().map(String::as_str).collect();
    // Each line with its number in the snapshot's listing, but those of the cases not run.
    let stored_lines: Vec<(usize, &str)> = stored_lines
        .into_iter()
        .enumerate()
        .map(|(n, line)| (n + 3, line))
        .filter(|(_, line)| {
            line.split_once(": ")
                .is_none_or(|(id, _)| !left_out.contains(id))
        })
        .collect();
    let mut differences = Vec::new();
    if engine != stored_engine {
        differences.push(format!(
            "engine: snapshot `{stored_engine}`, now `{engine}`"
        ));
    }
    let stored_set: std::collections::HashSet<&str> =
        stored_lines.iter().map(|(_, line)| *line).collect();
    let now_set: std::collections::HashSet<&str> = lines.iter().copied().collect();
    for (n, line) in &stored_lines {
        if !now_set.contains(line) {
            differences.push(format!("- {line}   (snapshot line {n})"));
        }
    }
    for line in &lines {
        if !stored_set.contains(line) {
            differences.push(format!("+ {line}"));
        }
    }
    if differences.is_empty()
        && !lines
            .iter()
            .copied()
            .eq(stored_lines.iter().map(|(_, l)| *l))
    {
        differences.push("the same lines in another order".to_owned());
    }
    assert!(
        differences.is_empty(),
        "engines__{name}.snap: the hand-written cases' lines differ ({} difference(s); `-` in \
         the snapshot, `+` now):\n{}\nThe external engines run over the hand-written cases \
         only by default; to review and update the whole snapshot, run them over the whole \
         catalogue: CHESS_CONFORMANCE_WHOLE_CATALOGUE=1 INSTA_UPDATE=always cargo test -p \
         chess-conformance-cli --test engines {name}",
        differences.len(),
        differences.join("\n")
    );
}

/// What an engine in another process is asked: no perft count above 100,000 nodes (the deepest
/// hand-written counts reach 3.8 million, minutes for python-chess).
const OUT_OF_PROCESS: Limits = Limits {
    perft_nodes: Some(100_000),
    ..Limits::DEFAULT
};

macro_rules! engine_snapshot {
    // An engine in this process: with the feature `adapters` only.
    ($test:ident, $spec:expr, $limits:expr) => {
        #[cfg(feature = "adapters")]
        #[test]
        fn $test() {
            if let Some(listing) = listing($spec, $limits) {
                insta::assert_snapshot!(stringify!($test), listing);
            }
        }
    };
    // An engine in another process, and the name of its listing (its baseline's name).
    ($test:ident, $spec:expr, listing $file:expr) => {
        #[test]
        fn $test() {
            match external_listing($spec, $file) {
                Some(External::Whole(listing)) => {
                    insta::assert_snapshot!(stringify!($test), listing)
                }
                Some(External::HandWritten(listing, left_out)) => {
                    assert_hand_written(stringify!($test), &listing, &left_out)
                }
                None => {}
            }
        }
    };
}

engine_snapshot!(chess, "chess", Limits::DEFAULT);
engine_snapshot!(cozy_chess, "cozy-chess", Limits::DEFAULT);
engine_snapshot!(owlchess, "owlchess", Limits::DEFAULT);
engine_snapshot!(pleco, "pleco", Limits::DEFAULT);
engine_snapshot!(stockfish, "stockfish", listing "stockfish");
engine_snapshot!(fairy_stockfish_uci, "fairy-stockfish-uci", listing "fairy-stockfish");
engine_snapshot!(python_chess, "python-chess", listing "python-chess");
engine_snapshot!(sjaak_ii, "sjaak-ii", listing "sjaak-ii");
engine_snapshot!(sjeng, "sjeng", listing "sjeng");
engine_snapshot!(chess_js, "chess.js", listing "chess-js");
engine_snapshot!(kokopu, "kokopu", listing "kokopu");
engine_snapshot!(chessops, "chessops", listing "chessops");
engine_snapshot!(js_chess_engine, "js-chess-engine", listing "js-chess-engine");
engine_snapshot!(chessnut, "chessnut", listing "chessnut");
engine_snapshot!(fairy_stockfish, "fairy-stockfish", listing "fairy-stockfish-pyffish");

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
    let start = Game::new(START, &[]);
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
        match engine.validate_fen(fen, chess_conformance::Variant::Standard) {
            Ok(FenCheck::Rejected(_)) => {}
            other => panic!("validate_fen {fen}: {other:?}"),
        }
        assert_eq!(
            engine.legal_moves(&start).map(|m| m.len()),
            Ok(20),
            "after {fen}"
        );
    }
    assert_eq!(
        engine.validate_fen(START, chess_conformance::Variant::Standard),
        Ok(FenCheck::Accepted)
    );
}

/// pyffish raises SystemError on a history holding an illegal move (and crashes on a FEN it
/// cannot read): the shim checks each move and the FEN first, and answers an error naming them;
/// the process goes on.
#[test]
fn fairy_stockfish_names_an_illegal_history_move_and_goes_on() {
    let Some(mut engine) = pyffish() else { return };
    let moves = ["e2e4".to_owned(), "e7e5".to_owned(), "e4e5".to_owned()];
    let game = Game::new(START, &moves);
    match engine.legal_moves(&game) {
        Err(EngineError::Failed(message)) => {
            assert!(message.contains("e4e5"), "{message}")
        }
        other => panic!("an illegal history move: {other:?}"),
    }
    let kingless = Game::new("8/8/8/8/8/8/8/8 w - - 0 1", &[]);
    match engine.in_check(&kingless) {
        Err(EngineError::Failed(message)) => assert!(message.contains("kings"), "{message}"),
        other => panic!("a FEN without kings: {other:?}"),
    }
    let played = Game::new(START, &moves[..2]);
    assert_eq!(engine.legal_moves(&played).map(|m| m.len()), Ok(29));
}

/// The listing of the hand-written cases, but those `leave_out` picks, of the chess crate (an
/// engine in this process standing for the engines in other processes): a run, with the feature
/// `adapters`; else its stored snapshot's lines for them, for the tests of the comparison itself
/// (the premise that a run gives those lines is checked with the feature, in CI's adapters step).
fn chess_hand_written(leave_out: fn(&LoadedCase) -> bool) -> String {
    if cfg!(feature = "adapters") {
        return listing_without(
            "chess",
            Limits::DEFAULT,
            Some(Origin::HandWritten),
            leave_out,
        )
        .expect("an in-process engine is always there");
    }
    let left: std::collections::HashSet<String> =
        Catalogue::builtin_selected(None, Some(Origin::HandWritten))
            .expect("the shipped catalogue loads")
            .cases()
            .iter()
            .filter(|c| leave_out(c))
            .map(|c| c.case.id.clone())
            .collect();
    let stored = stored_snapshot("chess");
    let (head, tail) = stored
        .split_once(GENERATED_HEADING)
        .expect("the snapshot is a listing");
    let mut lines = head.lines();
    let mut listing: String = lines.by_ref().take(2).map(|l| format!("{l}\n")).collect();
    for line in lines {
        if line
            .split_once(": ")
            .is_none_or(|(id, _)| !left.contains(id))
        {
            listing.push_str(line);
            listing.push('\n');
        }
    }
    format!("{listing}{GENERATED_HEADING}{tail}")
}

/// The premise of the default check: an engine's listing of the hand-written cases holds the
/// same lines for them as its listing of the whole catalogue, the snapshot (chess, in process,
/// stands for the engines in other processes, with the feature `adapters`), and a changed line is
/// caught.
#[test]
fn hand_written_lines_match_the_whole_snapshot_and_a_change_is_caught() {
    let listing = chess_hand_written(|_| false);
    assert_hand_written("chess", &listing, &[]);
    let (_, lines) = hand_written_part(&listing).expect("a listing");
    let changed_line = lines
        .iter()
        .find(|l| l.contains(": pass"))
        .expect("chess passes a hand-written case");
    let changed = listing.replacen(
        changed_line,
        &changed_line.replacen(": pass", ": fail", 1),
        1,
    );
    let caught = std::panic::catch_unwind(|| assert_hand_written("chess", &changed, &[]));
    let message = caught.expect_err("a changed line fails the comparison");
    let message = message
        .downcast_ref::<String>()
        .expect("assert! panics with a String");
    assert!(message.contains(&format!("- {changed_line}")), "{message}");
}

/// The default run's leaving out: a listing without some cases passes when they are named left
/// out, and fails, naming their snapshot lines, when they are not.
#[test]
fn cases_left_to_the_whole_run_are_not_compared_and_only_those() {
    let leave_out: fn(&LoadedCase) -> bool = |c| c.case.id.starts_with("castling/");
    let listing = chess_hand_written(leave_out);
    let left: Vec<String> =
        Catalogue::builtin_selected(Some("castling/"), Some(Origin::HandWritten))
            .expect("the shipped catalogue loads")
            .cases()
            .iter()
            .map(|c| c.case.id.clone())
            .collect();
    assert!(left.len() > 10, "castling has hand-written cases");
    assert!(
        !listing.contains(&format!("\n{}: ", left[0])),
        "the cases left out are not in the listing"
    );
    assert_hand_written("chess", &listing, &left);
    let caught = std::panic::catch_unwind(|| assert_hand_written("chess", &listing, &[]));
    let message = caught.expect_err("the cases not run are missing lines");
    let message = message
        .downcast_ref::<String>()
        .expect("assert! panics with a String");
    assert!(message.contains(&format!("- {}: ", left[0])), "{message}");
    let hand_written = Catalogue::builtin_selected(None, Some(Origin::HandWritten))
        .expect("the shipped catalogue loads");
    let count = |spec: &str| {
        hand_written
            .cases()
            .iter()
            .filter(|c| left_out(spec)(c))
            .count()
    };
    assert!(
        count("fairy-stockfish") > 0,
        "pyffish's perft of the pieces is left out"
    );
    assert_eq!(count("python-chess"), 0, "nothing else is");
}
