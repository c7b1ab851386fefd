//! `chess-conformance diff OLD.json NEW.json`: what changed between two runs' JSON reports (the
//! same engine before and after a change, two versions of a library, two engines): the cases
//! fixed, broken, failing differently, skipped otherwise, whose expectation changed, added and
//! removed, by rule area.
//!
//! Reading (this file): both reports strictly, as `report --html` reads them
//! (`report_file.rs`); the comparison: `compare.rs`; the reports written: `render.rs`. Exit 1
//! when the comparison fails by `--fail-on`, 2 for a report that cannot be read.

mod compare;
mod render;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::error::BadInput;
use crate::output::{Destination, Output};
use crate::print;

#[derive(Debug, Args)]
#[command(
    after_long_help = "Each case both reports have is compared: broken (passed, now fails or \
errs), failing differently (failed or erred both times, but on other assertions, with another \
outcome or for another cause), fixed (failed or erred, now passes), skips changed (skipped, now \
asked, or the reverse; or skipped otherwise), expectation changed (the reports carry two \
content ids for it: the catalogue changed its position, history or expectation; listed with \
its verdicts whether they changed or not, as a catalogue upgrade's diff needs). Cases only NEW \
has are added, only OLD has are removed. A report written before reports carried content ids \
cannot show an expectation change: the diff says so instead of counting 0. Reports of different catalogue versions (their `catalogue_version`) are compared on \
the cases both have, and the report says so; a report of an interrupted run is compared on \
the cases it ran, with a note.\n\nAn expectation changed alone fails under no --fail-on: it is \
the catalogue's change, not the engine's, and the verdict is what --fail-on judges; a case \
whose verdict changed with its expectation counts as that verdict change does (a case that \
passed and fails a stricter expectation is broken).\n\nExit codes: 0 nothing changed as --fail-on counts it, 1 it did (by \
default: a case broke), 2 a report that cannot be read or bad usage.",
    after_help = "Exit codes: 0 nothing changed as --fail-on counts it, 1 it did (by \
default: a case broke), 2 a report that cannot be read or bad usage."
)]
pub struct DiffArgs {
    /// The earlier run's JSON report (`run --format json`, `run --output json=FILE`, `matrix
    /// --write-reports`).
    #[arg(value_name = "OLD.json")]
    old: PathBuf,
    /// The later run's JSON report, compared with OLD.
    #[arg(value_name = "NEW.json")]
    new: PathBuf,
    /// The format written to standard output: the same as `--output FORMAT=-`. Without
    /// `--format` and `--output`, the text.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// A report to write, `FORMAT=PATH` (repeatable; FORMAT one of `--format`'s, PATH `-` for
    /// standard output), e.g. `--output markdown=comment.md --output text=-`. Files are written
    /// whole.
    #[arg(long = "output", value_name = "FORMAT=PATH", value_parser = crate::output::parse::<Format>)]
    outputs: Vec<Output<Format>>,
    /// The most cases listed of each change in text and Markdown (then `and N more`); 0 lists
    /// none, only the counts. The JSON lists every case.
    #[arg(long, default_value_t = 20, value_name = "N")]
    limit: usize,
    /// What makes the exit code 1: `broken` a case that passed and now fails or errs; `any`
    /// also a case failing differently, a skipped case now failing or erring and a case added
    /// that fails or errs; `none` nothing. A case whose expectation changed but whose verdict
    /// did not counts under none of them (the catalogue changed, not the engine).
    #[arg(long, value_enum, default_value_t = FailOn::Broken, value_name = "WHAT")]
    fail_on: FailOn,
}

/// The formats of `diff`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum Format {
    /// Plain text, for a terminal or a log.
    Text,
    /// Markdown, for a pull-request comment or a CI step summary.
    Markdown,
    /// JSON: the whole comparison, every case.
    Json,
}

/// What fails the comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum FailOn {
    /// A case broke: it passed and now fails or errs.
    Broken,
    /// A case broke, fails differently, or is newly failing or erring (a skip now asked, a case
    /// added).
    Any,
    /// Nothing: exit 0 whatever changed.
    None,
}

pub fn diff(args: &DiffArgs) -> Result<ExitCode, BadInput> {
    let outputs = crate::output::asked(&args.outputs, args.format, Format::Text);
    crate::output::check(&outputs, &[])?;
    not_over_a_report(&outputs, [&args.old, &args.new])?;
    let old = crate::report_file::read(&args.old)?;
    let new = crate::report_file::read(&args.new)?;
    let diff = compare::compare(
        &args.old.display().to_string(),
        &old,
        &args.new.display().to_string(),
        &new,
    );
    crate::output::write(&outputs, |format, _| {
        Ok(match format {
            Format::Text => render::text(&diff, args.limit),
            Format::Markdown => render::markdown(&diff, args.limit),
            Format::Json => render::json(&diff),
        })
    })?;
    let text_on_stdout = outputs
        .iter()
        .any(|o| o.format == Format::Text && o.to == Destination::Stdout);
    if !text_on_stdout {
        // The notes and the counts on stderr, standard output kept for the format asked.
        for note in &diff.notes {
            print::err(format_args!("note: {note}\n"));
        }
        print::err(format_args!("{}\n", diff.counts_line()));
    }
    let failed = match args.fail_on {
        FailOn::Broken => diff.counts.broken > 0,
        FailOn::Any => diff.newly_failing() > 0,
        FailOn::None => false,
    };
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// Refuses an output file that is one of the reports read: the diff would replace it.
fn not_over_a_report(outputs: &[Output<Format>], reports: [&Path; 2]) -> Result<(), BadInput> {
    let reports: Vec<PathBuf> = reports
        .iter()
        .filter_map(|p| p.canonicalize().ok())
        .collect();
    for output in outputs {
        let Destination::File(path) = &output.to else {
            continue;
        };
        if path.canonicalize().is_ok_and(|p| reports.contains(&p)) {
            return Err(BadInput(format!(
                "{}: it is a report the diff reads; write the {} report to another file",
                path.display(),
                crate::output::format_name(&output.format)
            )));
        }
    }
    Ok(())
}
