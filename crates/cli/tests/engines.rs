//! Every engine's verdict list as an insta snapshot (`tests/snapshots/engines__*.snap`), so a
//! change in any implementation's behaviour, or in the catalogue, shows as a diff to review
//! (`cargo insta review`). CI runs with `INSTA_UPDATE=no`: an unreviewed change fails.
//!
//! Every engine runs over the whole catalogue. The in-process engines always run, and are asked
//! every perft count; engines in other processes (over UCI, xboard and the protocol: the list at
//! the end of this file) run when they are installed, with perft counts above 100,000 nodes left
//! out (the shims in Python and JavaScript take minutes over the deepest ones). `.ci/run`
//! installs them and sets `CHESS_CONFORMANCE_REQUIRE_ENGINES=1`, which turns a missing engine
//! into a failure instead of a notice. It also sets `CHESS_CONFORMANCE_LISTINGS` to the
//! listings its certify step wrote (`matrix --write-listings`, the same limits), so the engines
//! in other processes, minutes each, run once in CI, not twice: this test then checks the
//! listing that run saw.

use chess_conformance::{Catalogue, Engine, EngineError, FenCheck, Game, Limits, Run};
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

/// The verdict list of one engine ([`chess_conformance::report::listing`]), or `None` (with a
/// notice) when it is not installed and engines are not required.
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
    Some(chess_conformance::report::listing(&run))
}

/// The listing of an engine in another process: the one `matrix --write-listings DIR` wrote
/// as `DIR/NAME.txt` when `CHESS_CONFORMANCE_LISTINGS=DIR` is set (CI's certify step runs every
/// engine once, with the same limits, and this test checks what it saw instead of running the
/// slow engines a second time), else a run of its own. A missing file is a failure.
fn external_listing(spec: &str, file: &str) -> Option<String> {
    let Some(dir) = std::env::var_os("CHESS_CONFORMANCE_LISTINGS") else {
        return listing(spec, OUT_OF_PROCESS);
    };
    let path = std::path::Path::new(&dir).join(format!("{file}.txt"));
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => panic!(
            "{spec}: {}: {e} (CHESS_CONFORMANCE_LISTINGS is set: run `matrix --write-listings` \
             over this engine first, or unset it)",
            path.display()
        ),
    }
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
    // An engine in another process, and the name of its listing (its baseline's name).
    ($test:ident, $spec:expr, listing $file:expr) => {
        #[test]
        fn $test() {
            if let Some(listing) = external_listing($spec, $file) {
                insta::assert_snapshot!(stringify!($test), listing);
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
