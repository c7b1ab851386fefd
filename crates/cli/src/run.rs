//! `chess-conformance run`: the catalogue against an engine.

use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_conformance::Baseline;
use chess_conformance::report::{self, Detail};
use chess_conformance::{Catalogue, Run};
use clap::{Args, ValueEnum};

use crate::engine_options::ExternalArgs;
use crate::error::BadInput;
use crate::interrupt::Stopped;
use crate::output::{Destination, Output};
use crate::print;
use crate::selection::Selection;
use crate::text::plural;

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    selection: Selection,
    /// The engine to certify: `reference` (shakmaty), the Rust libraries `chess`, `cozy-chess`,
    /// `owlchess` and `pleco` (in this process, in a binary built with `--features adapters`),
    /// `process:COMMAND ARGS` (a program speaking the protocol of docs/PROTOCOL.md, e.g.
    /// `process:python3 adapters/python_chess_shim.py`), `uci:PATH` (a UCI engine, e.g.
    /// `uci:/usr/games/stockfish`), `xboard:PATH ARGS` (an xboard/CECP engine, e.g.
    /// `xboard:/usr/games/sjeng`) or `mutant:NAME` (a built-in mutant, the reference with one
    /// rule broken: `mutants --list`).
    #[arg(long, default_value = "reference", value_name = "ENGINE")]
    engine: String,
    /// The report format written to standard output: the same as `--output FORMAT=-`. Without
    /// `--format` and `--output`, the text report.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// A report to write, `FORMAT=PATH` (repeatable; FORMAT one of `--format`'s, PATH `-` for
    /// standard output): every report from one run, e.g. `--output json=report.json --output
    /// junit=report.xml --output text=-`. With `--output`, only what is named is written. Files
    /// are written whole (a temporary renamed), even when the run fails or is interrupted (the
    /// verdicts so far, marked so in text, JSON and Markdown); colours go only to a terminal,
    /// never to a file. Two reports to one file, or two to standard output, are refused.
    #[arg(long = "output", value_name = "FORMAT=PATH", value_parser = crate::output::parse::<Format>)]
    outputs: Vec<Output<Format>>,
    /// List the cases that passed too (text format).
    #[arg(long, short)]
    verbose: bool,
    /// List every failure and error one by one under its rule area (text and Markdown), not
    /// grouped by cause with each group's smallest case.
    #[arg(long)]
    all: bool,
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
pub(crate) enum Format {
    /// Grouped by rule area, every failure with its board, expected and actual answers.
    Text,
    /// Every verdict with its case's FEN, moves and variant, its expected and actual answers,
    /// and the engine's identity (what `report --html` reads).
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
    let outputs = crate::output::asked(&args.outputs, args.format, Format::Text);
    let baseline = arguments(args, &outputs)?;
    crate::interrupt::watch();
    // One instance before the catalogue loads: an engine that cannot start says so at once.
    let engine = crate::engine_options::engine(&args.engine, &args.external)?;
    let (catalogue, score) =
        crate::score::load_with(args.mutation_score.as_deref(), &args.selection)?;
    let (run, stopped) = check(args, engine, &catalogue)?;
    // An interrupted run is compared as a partial one: what it did not reach is not stale.
    let partial = !args.selection.is_whole_builtin() || stopped.is_some();
    let mut comparison = baseline.as_ref().map(|b| b.compare(&run, partial));
    if let (Some(baseline), Some(comparison)) = (&baseline, &mut comparison) {
        // A baseline of an older catalogue: the cases added since are shown apart.
        comparison.new_since = baseline.new_since(&run, &catalogue).map_err(BadInput)?;
    }
    let mut account = comparison
        .as_ref()
        .map(|c| c.describe())
        .unwrap_or_default();
    if let Some(stopped) = &stopped {
        account.push_str(&stopped.describe());
    }
    // Every report asked for, the run failed or interrupted or not.
    let report = Rendered {
        args,
        run: &run,
        stopped: stopped.as_ref(),
        account: &account,
        score: score.as_ref(),
    };
    crate::output::write(&outputs, |format, to_terminal| {
        report.render(*format, to_terminal)
    })?;
    let text_on_stdout = outputs
        .iter()
        .any(|o| o.format == Format::Text && o.to == Destination::Stdout);
    if !text_on_stdout {
        // Keep machine-readable formats clean on stdout; the account is said on stderr.
        if outputs.iter().all(|o| o.to != Destination::Stdout) {
            print::err(format_args!("{}\n", run.tally()));
        }
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
fn arguments(args: &RunArgs, outputs: &[Output<Format>]) -> Result<Option<Baseline>, BadInput> {
    crate::registry::check_spec(&args.engine).map_err(BadInput)?;
    let baseline: Vec<(&Path, &str)> = args
        .write_baseline
        .iter()
        .map(|path| (path.as_path(), "the baseline"))
        .collect();
    crate::output::check(outputs, &baseline)?;
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
        vec![engine],
        catalogue,
        args.external.limits(),
        jobs,
        &progress,
    )
    .pop()
    .flatten()
    .ok_or_else(|| BadInput(format!("`{}` was not run", args.engine)))?
}

/// A finished run, ready to be rendered in any format.
struct Rendered<'a> {
    args: &'a RunArgs,
    run: &'a Run<'a>,
    stopped: Option<&'a Stopped>,
    /// The baseline's and the interruption's account, which ends the text report.
    account: &'a str,
    score: Option<&'a crate::score::Score>,
}

impl Rendered<'_> {
    /// The report in `format`; in colour only for a terminal (`to_terminal`: it goes to
    /// standard output, and `--color` allows it), never in a file.
    fn render(&self, format: Format, to_terminal: bool) -> Result<String, BadInput> {
        let (run, args) = (self.run, self.args);
        let detail = match (args.verbose, args.all) {
            (true, _) => Detail::Verbose,
            (false, true) => Detail::All,
            (false, false) => Detail::Normal,
        };
        Ok(match format {
            Format::Text => {
                let paint = if to_terminal {
                    crate::progress::paint(args.color)
                } else {
                    report::Paint::Plain
                };
                report::text_painted(run, detail, self.account, paint)
            }
            Format::Json => crate::output::json_report(run, self.stopped),
            Format::Junit => crate::junit::junit(run) + "\n",
            Format::Markdown => {
                let mut markdown =
                    report::markdown_in(run, self.score.map(|s| s.line()).as_deref(), detail);
                if let Some(stopped) = self.stopped {
                    // A step summary of half a run says so.
                    markdown.push_str(&format!("\n**{}**\n", stopped.describe().trim_end()));
                }
                markdown
            }
            Format::Listing => report::listing(run),
        })
    }
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
