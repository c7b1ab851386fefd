//! Every engine's verdict list as an insta snapshot (`tests/snapshots/engines__*.snap`), so a
//! change in any implementation's behaviour, or in the catalogue, shows as a diff to review
//! (`cargo insta review`). CI runs with `INSTA_UPDATE=no`: an unreviewed change fails.
//!
//! The in-process engines always run, over the whole catalogue. Engines in other processes
//! (Stockfish, python-chess, chess.js) run over the hand-written cases with perft up to 100,000
//! nodes (python-chess takes minutes over the rest; `.ci/steps/certify.sh` checks the whole
//! catalogue against `baselines/`), when they are installed: `.ci/run` installs them and sets
//! `CHESS_CONFORMANCE_REQUIRE_ENGINES=1`, which turns a missing engine into a failure instead of
//! a notice.

use std::collections::BTreeMap;

use chess_conformance::{Catalogue, Limits, Origin, Outcome, Run, Tally, engines};

/// The verdict list of one engine: a line per hand-written case, with the first wrong answer
/// of a failure. The generated cases (tens of thousands) are tallied per rule area, their skips
/// counted by reason, and only their failures and errors get a line each, so the snapshot stays
/// reviewable and still shows every wrong answer.
fn listing(spec: &str, cases: Cases) -> Option<String> {
    // A generous deadline: a busy machine must not turn a slow answer into an error.
    let options = engines::Options {
        timeout: std::time::Duration::from_secs(120),
        ..engines::Options::default()
    };
    let mut engine = match engines::from_spec_with(spec, &options) {
        Ok(engine) => engine,
        Err(why) if std::env::var_os("CHESS_CONFORMANCE_REQUIRE_ENGINES").is_some() => {
            panic!("{spec}: {why}")
        }
        Err(why) => {
            eprintln!("note: not checking {spec}: {why}");
            return None;
        }
    };
    let mut catalogue = Catalogue::builtin().expect("the shipped catalogue loads");
    let mut limits = Limits::NONE;
    if cases == Cases::HandWritten {
        catalogue = catalogue.retain(|loaded| loaded.origin == Origin::HandWritten);
        limits.perft_nodes = Some(PERFT_LIMIT);
    }
    let run = Run::within(&mut engine, &catalogue, limits);
    let mut out = format!("{}\n{}\n", run.engine, run.tally());
    let mut generated: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut skipped: BTreeMap<(&str, &str), usize> = BTreeMap::new();
    let mut generated_lines = String::new();
    for (loaded, verdict) in &run.results {
        let mut line = format!("{}: {}", verdict.id, verdict.outcome);
        match verdict.outcome {
            Outcome::Pass => {}
            Outcome::Skip | Outcome::Error => {
                let reason = verdict.reason.as_deref().unwrap_or("");
                line.push_str(&format!(" ({reason})"));
            }
            Outcome::Fail => {
                if let Some(check) = verdict.failures().next() {
                    line.push_str(&format!(
                        " ({}: expected {}, actual {})",
                        check.assertion, check.expected, check.actual
                    ));
                }
            }
        }
        line.push('\n');
        match loaded.origin {
            Origin::HandWritten => out.push_str(&line),
            Origin::Generated => {
                generated
                    .entry(&verdict.area)
                    .or_default()
                    .add(verdict.outcome);
                match verdict.outcome {
                    Outcome::Pass => {}
                    Outcome::Skip => {
                        let reason = verdict.reason.as_deref().unwrap_or("");
                        *skipped.entry((&verdict.area, reason)).or_default() += 1;
                    }
                    Outcome::Fail | Outcome::Error => generated_lines.push_str(&line),
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
    out.push_str("\ngenerated cases that fail or err:\n");
    out.push_str(&generated_lines);
    Some(out)
}

/// The largest perft count asked of an engine in another process: python-chess takes minutes
/// over the deepest hand-written counts (up to 3.8 million nodes).
const PERFT_LIMIT: u64 = 100_000;

/// Which cases an engine's snapshot covers: all of them, or the hand-written ones with perft
/// counts up to [`PERFT_LIMIT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cases {
    All,
    HandWritten,
}

macro_rules! engine_snapshot {
    ($test:ident, $spec:expr, $cases:expr) => {
        #[test]
        fn $test() {
            if let Some(listing) = listing($spec, $cases) {
                insta::assert_snapshot!(stringify!($test), listing);
            }
        }
    };
}

engine_snapshot!(chess, "chess", Cases::All);
engine_snapshot!(cozy_chess, "cozy-chess", Cases::All);
engine_snapshot!(owlchess, "owlchess", Cases::All);
engine_snapshot!(stockfish, "uci:/usr/games/stockfish", Cases::HandWritten);
engine_snapshot!(
    python_chess,
    "process:python3 adapters/python_chess_shim.py",
    Cases::HandWritten
);
engine_snapshot!(
    chess_js,
    "process:node adapters/chessjs_shim.mjs",
    Cases::HandWritten
);
