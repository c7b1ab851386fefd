//! `chess-conformance run`: the catalogue against an engine.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_conformance::Baseline;
use chess_conformance::report::{self, Detail};
use chess_conformance::{Catalogue, Run};
use chess_conformance::{Interruption, Report};
use clap::{Args, ValueEnum};

use crate::engine_options::ExternalArgs;
use crate::error::BadInput;
use crate::interrupt::Stopped;
use crate::print;
use crate::selection::Selection;
use crate::text::plural;

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    selection: Selection,
    /// The engine to certify: `reference` (shakmaty), the Rust libraries `chess`, `cozy-chess`,
    /// `owlchess` and `pleco` (in this process), `process:COMMAND ARGS` (a program speaking the
    /// protocol of docs/PROTOCOL.md, e.g. `process:python3 adapters/python_chess_shim.py`),
    /// `uci:PATH` (a UCI engine, e.g. `uci:/usr/games/stockfish`), `xboard:PATH ARGS` (an
    /// xboard/CECP engine, e.g. `xboard:/usr/games/sjeng`) or `mutant:NAME` (a built-in mutant,
    /// the reference with one rule broken: `mutants --list`).
    #[arg(long, default_value = "reference", value_name = "ENGINE")]
    engine: String,
    /// The report format (written to standard output).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// List the cases that passed too (text format).
    #[arg(long, short)]
    verbose: bool,
    /// Known failures of this engine: the run fails only on a failure not listed, or on a
    /// listed case that no longer fails as listed. For `--engine reference` the default is its
    /// own, built in (baselines/reference-shakmaty.yaml: where shakmaty disagrees with the
    /// rules).
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Write the failures and errors of this run as a baseline file (keeping the reasons of
    /// `--baseline` for cases it lists), and exit 0.
    #[arg(long, value_name = "FILE")]
    write_baseline: Option<PathBuf>,
    #[command(flatten)]
    external: ExternalArgs,
    /// How many instances of the engine check cases at once, each taking the next case from
    /// one queue (default: the number of CPUs; at most 256); the report is the same for any
    /// number.
    #[arg(long, value_name = "N", value_parser = crate::engine_options::parse_jobs)]
    jobs: Option<NonZeroUsize>,
    /// Colours in the text report: `auto` on a terminal that supports them, unless `NO_COLOR`
    /// is set (`CLICOLOR_FORCE` forces them); `always`; `never`.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t)]
    color: crate::progress::ColorWhen,
    /// No progress bar. (One is drawn on stderr only when it is a terminal and `CI` is not set.)
    #[arg(long)]
    no_progress: bool,
    /// A mutation score of this catalogue (`mutants --json` writes it) to show in the Markdown
    /// report, beside the verdicts: how many built-in wrong implementations the cases kill.
    #[arg(long, value_name = "FILE")]
    mutation_score: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Grouped by rule area, every failure with its board, expected and actual answers.
    Text,
    /// Every verdict with its expected and actual answers, and the engine's identity.
    Json,
    /// JUnit XML: a test suite per rule area, a test case per case.
    Junit,
    /// A Markdown summary for a CI step summary.
    Markdown,
    /// A line per hand-written case and a tally of the generated ones, for a snapshot test of
    /// an engine's behaviour (insta, or a file under version control compared with `diff`).
    Listing,
}

pub fn run(args: &RunArgs) -> Result<ExitCode, BadInput> {
    // Arguments first, then the engine, then the catalogue (a second or more): a mistake is
    // reported before any wait.
    let baseline = arguments(args)?;
    crate::interrupt::watch();
    // One instance before the catalogue loads: an engine that cannot start says so at once.
    let engine = crate::engine_options::engine(&args.engine, &args.external)?;
    let (catalogue, score) =
        crate::score::load_with(args.mutation_score.as_deref(), &args.selection)?;
    let (run, stopped) = check(args, engine, &catalogue)?;
    // An interrupted run is compared as a partial one: what it did not reach is not stale.
    let partial = !args.selection.is_whole_builtin() || stopped.is_some();
    let comparison = baseline.as_ref().map(|b| b.compare(&run, partial));
    let mut account = comparison
        .as_ref()
        .map(|c| c.describe())
        .unwrap_or_default();
    if let Some(stopped) = &stopped {
        account.push_str(&stopped.describe());
    }
    print::out(render(
        args,
        &run,
        stopped.as_ref(),
        &account,
        score.as_ref(),
    )?)?;
    if args.format != Format::Text {
        // Keep machine-readable formats clean on stdout.
        print::err(&account);
    }
    if let Some(stopped) = &stopped {
        if let Some(path) = &args.write_baseline {
            print::err(format_args!(
                "{}: not written: the run was interrupted\n",
                path.display()
            ));
        }
        return Ok(ExitCode::from(stopped.exit_code()));
    }
    if let Some(path) = &args.write_baseline {
        return write_baseline(path, &run, baseline.as_ref());
    }
    let passed = match &comparison {
        Some(comparison) => comparison.is_clean(),
        None => run.tally().is_success(),
    };
    Ok(if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The engine's spec and the files given checked, and the baseline the run is compared with.
fn arguments(args: &RunArgs) -> Result<Option<Baseline>, BadInput> {
    crate::registry::check_spec(&args.engine).map_err(BadInput)?;
    if let Some(path) = &args.write_baseline {
        crate::output::check_writable(path, "the baseline")?;
    }
    Ok(match &args.baseline {
        Some(path) => Some(Baseline::load(path).map_err(BadInput)?),
        // The reference's own known failures, over the built-in catalogue: where shakmaty
        // disagrees with the rules.
        None if args.engine == "reference"
            && args.selection.cases.is_empty()
            && args.write_baseline.is_none() =>
        {
            Some(Baseline::reference())
        }
        None => None,
    })
}

/// The catalogue checked against the engine (`engine` its first instance), with `--jobs`
/// instances; where it stopped if interrupted.
fn check<'c>(
    args: &RunArgs,
    engine: Box<dyn chess_conformance::Engine>,
    catalogue: &'c Catalogue,
) -> Result<crate::pool::Finished<'c>, BadInput> {
    let make = || crate::engine_options::engine(&args.engine, &args.external);
    let jobs = args.jobs.unwrap_or_else(crate::pool::default_jobs);
    let progress = crate::progress::Progress::new(
        &[args.engine.as_str()],
        catalogue.cases().len(),
        crate::progress::wanted(args.no_progress),
    );
    // Every instance's process group has ended when this returns, not at exit.
    crate::pool::run_engines(
        &[&make],
        Some(engine),
        catalogue,
        args.external.limits(),
        jobs,
        &progress,
    )
    .pop()
    .flatten()
    .ok_or_else(|| BadInput(format!("`{}` was not run", args.engine)))?
}

/// The report in the format asked for; `account` (the baseline's, the interruption's) ends
/// the text report.
fn render(
    args: &RunArgs,
    run: &Run,
    stopped: Option<&Stopped>,
    account: &str,
    score: Option<&crate::score::Score>,
) -> Result<String, BadInput> {
    let detail = if args.verbose {
        Detail::Verbose
    } else {
        Detail::Normal
    };
    Ok(match args.format {
        Format::Text => {
            report::text_painted(run, detail, account, crate::progress::paint(args.color))
        }
        Format::Json => {
            let mut report = Report::new(run);
            report.interrupted = stopped.map(interruption);
            report.to_json()
        }
        Format::Junit => crate::junit::junit(run).map_err(BadInput)? + "\n",
        Format::Markdown => match score {
            Some(score) => report::markdown_with_score(run, &score.line()),
            None => report::markdown(run),
        },
        Format::Listing => report::listing(run),
    })
}

/// Writes the failures and errors of `run` as a baseline (keeping the reasons of `previous`).
fn write_baseline(
    path: &Path,
    run: &Run,
    previous: Option<&Baseline>,
) -> Result<ExitCode, BadInput> {
    let written = Baseline::from_run(run, previous);
    crate::write::atomically(path, written.to_yaml().as_bytes()).map_err(|e| {
        BadInput(format!(
            "{}: cannot write the baseline: {e}",
            path.display()
        ))
    })?;
    print::err(format_args!(
        "wrote {} to {}\n",
        plural(written.known_failures.len(), "known failure"),
        path.display()
    ));
    Ok(ExitCode::SUCCESS)
}

/// Where an interrupted run stopped, as its report says it: the signal's name, how many cases
/// were run and the ids of those not run.
fn interruption(stopped: &Stopped) -> Interruption {
    Interruption {
        signal: crate::interrupt::name(stopped.signal).to_owned(),
        cases_run: stopped.run,
        not_run: stopped.not_run.clone(),
    }
}
