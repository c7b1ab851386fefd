//! `chess-conformance run`: the catalogue against an engine.

use std::process::ExitCode;

use chess_conformance::Run;
use chess_conformance::report::{self, Detail};
use clap::{Args, ValueEnum};

use super::{BadInput, Selection};

#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    selection: Selection,
    /// The engine to certify.
    #[arg(long, default_value = "reference", value_name = "ENGINE")]
    engine: String,
    /// The report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// List the cases that passed too.
    #[arg(long, short)]
    verbose: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    /// Grouped by rule area, every failure with its board, expected and actual answers.
    Text,
    /// Every verdict with its expected and actual answers, and the engine's identity.
    Json,
}

pub fn run(args: &RunArgs) -> Result<ExitCode, BadInput> {
    let catalogue = args.selection.load()?;
    let mut engine = super::engine(&args.engine)?;
    let run = Run::new(&mut engine, &catalogue);
    let detail = if args.verbose {
        Detail::Verbose
    } else {
        Detail::Normal
    };
    match args.format {
        Format::Text => print!("{}", report::text(&run, detail)),
        Format::Json => print!("{}", report::json(&run)),
    }
    Ok(if run.tally().is_success() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
