//! The `cargo test` harness: every case as its own libtest-mimic trial.
//!
//! A trial is named by the case id and has the rule area as its kind (`generated/<area>` for a
//! generated case), so `cargo test -- castling/` filters by area, `cargo test -- generated/`
//! runs the generated cases, `--exact` picks one case, `--list` lists them, and `cargo nextest
//! run` (with `--partition count:1/2` and friends) shards them. A skipped case is reported as
//! ignored with its reason; a failure or an error fails the trial with the report's text.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};

use libtest_mimic::{Arguments, Completion, Failed, Trial};

use crate::baseline::{Baseline, Comparison};
use crate::catalogue::Catalogue;
use crate::engine::Engine;
use crate::report::verdict_text;
use crate::verdict::Outcome;

/// Engines shared by the trials: one per test thread at most, reused across cases.
struct Pool<E, F> {
    idle: Mutex<Vec<E>>,
    make: F,
}

impl<E: Engine, F: Fn() -> E> Pool<E, F> {
    fn take(&self) -> E {
        let idle = self.idle.lock().map(|mut idle| idle.pop());
        idle.ok().flatten().unwrap_or_else(|| (self.make)())
    }

    fn give_back(&self, engine: E) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(engine);
        }
    }
}

/// One trial per case of `catalogue`, each checking its case against an engine made by `make`
/// (engines are reused across trials, one per test thread).
pub fn trials<E, F>(catalogue: &Catalogue, make: F) -> Vec<Trial>
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    trials_with_baseline(catalogue, make, &Baseline::default())
}

/// Like [`trials`], a case `baseline` lists being expected to fail as it says: such a trial is
/// reported ignored with its reason while it fails the same way, and fails when it passes or
/// fails otherwise (the entry is stale, or the engine regressed).
pub fn trials_with_baseline<E, F>(catalogue: &Catalogue, make: F, baseline: &Baseline) -> Vec<Trial>
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    let pool = Arc::new(Pool {
        idle: Mutex::new(Vec::new()),
        make,
    });
    let baseline = Arc::new(baseline.clone());
    catalogue
        .cases()
        .iter()
        .map(|loaded| {
            let pool = Arc::clone(&pool);
            let baseline = Arc::clone(&baseline);
            let loaded = loaded.clone();
            // Generated cases are their own kind, so `cargo test -- generated/` selects them.
            let area = match loaded.origin {
                crate::catalogue::Origin::HandWritten => loaded.case.area().to_owned(),
                crate::catalogue::Origin::Generated => format!("generated/{}", loaded.case.area()),
            };
            Trial::ignorable_test(loaded.case.id.clone(), move || {
                let mut engine = pool.take();
                let verdict = crate::check(&mut engine, &loaded);
                pool.give_back(engine);
                let Some(entry) = baseline.known_failures.get(&verdict.id) else {
                    return match verdict.outcome {
                        Outcome::Pass => Ok(Completion::Completed),
                        Outcome::Skip => {
                            Ok(Completion::ignored_with(verdict.reason.unwrap_or_default()))
                        }
                        Outcome::Fail | Outcome::Error => {
                            Err(Failed::from(verdict_text(&loaded, &verdict)))
                        }
                    };
                };
                let mut comparison = Comparison::default();
                baseline.compare_verdict(&verdict, &mut comparison);
                if comparison.is_clean() {
                    Ok(Completion::ignored_with(format!(
                        "known failure (baseline): {}",
                        entry.reason
                    )))
                } else {
                    Err(Failed::from(format!(
                        "{}{}",
                        comparison.describe(),
                        verdict_text(&loaded, &verdict)
                    )))
                }
            })
            .with_kind(area)
        })
        .collect()
}

/// Runs the shipped catalogue against engines made by `make`, as a `cargo test` target, with
/// the command-line arguments of the test binary. Use it as the `main` of a `harness = false`
/// test (see the README).
pub fn test_main<E, F>(make: F) -> ExitCode
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    test_main_with_baseline(make, &Baseline::default())
}

/// Like [`test_main`], the cases `baseline` lists expected to fail as it says (see
/// [`trials_with_baseline`]): for an engine that is not conformant yet, or for the reference
/// ([`Baseline::reference`]).
pub fn test_main_with_baseline<E, F>(make: F, baseline: &Baseline) -> ExitCode
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    let args = Arguments::from_args();
    // A runner that starts one process per case (`cargo nextest run`) asks for each case with
    // `--exact`: loading only that case keeps the start of each process cheap.
    let loaded = match exact_id(&args) {
        Some(id) => Catalogue::builtin_case(id),
        None => Catalogue::builtin(),
    };
    match loaded {
        Ok(catalogue) => {
            libtest_mimic::run(&args, trials_with_baseline(&catalogue, make, baseline)).exit_code()
        }
        Err(errors) => {
            eprintln!("{errors}");
            ExitCode::from(2)
        }
    }
}

/// The id of the one case an `--exact` run asks for: the filter is either the case id
/// (`castling/through-check`) or the listed name with its kind (`[castling] castling/…`).
fn exact_id(args: &Arguments) -> Option<&str> {
    if !args.exact || args.list {
        return None;
    }
    let filter = args.filter.as_deref()?;
    let id = match filter.strip_prefix('[') {
        Some(rest) => rest.split_once("] ")?.1,
        None => filter,
    };
    id.split_once('/')
        .is_some_and(|(area, _)| !area.is_empty())
        .then_some(id)
}

/// Like [`test_main`], with a catalogue of your own (see [`Catalogue::load`]).
pub fn test_main_with<E, F>(catalogue: &Catalogue, make: F) -> ExitCode
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    run(&Arguments::from_args(), catalogue, make)
}

fn run<E, F>(args: &Arguments, catalogue: &Catalogue, make: F) -> ExitCode
where
    E: Engine + Send + 'static,
    F: Fn() -> E + Send + Sync + 'static,
{
    libtest_mimic::run(args, trials(catalogue, make)).exit_code()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Arguments {
        use clap::Parser as _;
        Arguments::parse_from(std::iter::once("catalogue").chain(list.iter().copied()))
    }

    #[test]
    fn an_exact_run_names_its_case() {
        let with_kind = args(&["--exact", "[generated/castling] castling/mined/0a1b"]);
        assert_eq!(exact_id(&with_kind), Some("castling/mined/0a1b"));
        let bare = args(&["--exact", "en-passant/too-late"]);
        assert_eq!(exact_id(&bare), Some("en-passant/too-late"));
    }

    #[test]
    fn other_runs_load_everything() {
        assert_eq!(exact_id(&args(&["castling/"])), None);
        assert_eq!(exact_id(&args(&["--exact"])), None);
        assert_eq!(exact_id(&args(&["--exact", "no-slash"])), None);
        assert_eq!(exact_id(&args(&["--list", "--exact", "a/b"])), None);
    }
}
