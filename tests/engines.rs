//! Every engine's full verdict list as an insta snapshot (`tests/snapshots/engines__*.snap`),
//! so a change in any implementation's behaviour, or in the catalogue, shows as a diff to review
//! (`cargo insta review`). CI runs with `INSTA_UPDATE=no`: an unreviewed change fails.
//!
//! The in-process engines always run. Engines in other processes (python-chess, chess.js,
//! Stockfish) run when they are installed; `.ci/run` installs them and sets
//! `CHESS_CONFORMANCE_REQUIRE_ENGINES=1`, which turns a missing engine into a failure instead of
//! a notice.

use chess_conformance::{Catalogue, Outcome, Run, engines};

/// The verdict list of one engine: a line per case, with the first wrong answer of a failure.
fn listing(spec: &str) -> Option<String> {
    let mut engine = match engines::from_spec(spec) {
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
    let run = Run::new(&mut engine, &catalogue);
    let mut out = format!("{}\n{}\n", run.engine, run.tally());
    for (_, verdict) in &run.results {
        out.push_str(&format!("{}: {}", verdict.id, verdict.outcome));
        match verdict.outcome {
            Outcome::Pass => {}
            Outcome::Skip | Outcome::Error => {
                let reason = verdict.reason.as_deref().unwrap_or("");
                out.push_str(&format!(" ({reason})"));
            }
            Outcome::Fail => {
                if let Some(check) = verdict.failures().next() {
                    out.push_str(&format!(
                        " ({}: expected {}, actual {})",
                        check.assertion, check.expected, check.actual
                    ));
                }
            }
        }
        out.push('\n');
    }
    Some(out)
}

macro_rules! engine_snapshot {
    ($test:ident, $spec:expr) => {
        #[test]
        fn $test() {
            if let Some(listing) = listing($spec) {
                insta::assert_snapshot!(stringify!($test), listing);
            }
        }
    };
}

engine_snapshot!(chess, "chess");
engine_snapshot!(cozy_chess, "cozy-chess");
engine_snapshot!(owlchess, "owlchess");
