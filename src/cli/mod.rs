//! Command-line parsing and the parts the subcommands share.

mod export;
mod generate;
mod list;
mod run;
mod show;

use std::path::PathBuf;
use std::process::ExitCode;

use chess_conformance::{Catalogue, Engine, Origin};
use clap::{Args, Parser, Subcommand};

/// Certify chess implementations against the rules of chess (FIDE Laws), case by case.
#[derive(Debug, Parser)]
#[command(name = "chess-conformance", version, about, long_about = None)]
#[command(
    after_help = "Exit codes: 0 every case passed (or was skipped), 1 a case failed or \
                        erred, 2 bad input or usage."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the catalogue against an engine and report pass, fail, skip and error per case.
    Run(run::RunArgs),
    /// List the cases: id, FIDE article and title.
    List(list::ListArgs),
    /// Show one case: its position as a board, its history and what it expects.
    Show(show::ShowArgs),
    /// Write `generated/` from `cases/` (symmetry twins, mined cases, perft divides, exports),
    /// or with `--check` say whether it is up to date.
    Generate(generate::GenerateArgs),
    /// Export the catalogue for other languages: JSON per rule area, or EPD of the perft cases.
    Export(export::ExportArgs),
}

/// Where the cases come from, and which of them.
#[derive(Debug, Args)]
struct Selection {
    /// A case file or a directory of them, instead of the built-in catalogue (repeatable).
    #[arg(long = "cases", value_name = "PATH")]
    cases: Vec<PathBuf>,
    /// Keep only the cases whose id contains this text (e.g. `castling/`).
    #[arg(long, value_name = "TEXT")]
    filter: Option<String>,
    /// Whether to take the generated cases (symmetry twins, mined cases, perft divides) along
    /// with the hand-written ones.
    #[arg(long, value_enum, default_value_t = Generated::Include, value_name = "WHICH")]
    generated: Generated,
}

/// Which cases `--generated` keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Generated {
    /// Hand-written and generated cases.
    Include,
    /// Hand-written cases only.
    Exclude,
    /// Generated cases only.
    Only,
}

/// A failure that ends the command with exit code 2.
struct BadInput(String);

impl Selection {
    fn load(&self) -> Result<Catalogue, BadInput> {
        let catalogue = if self.cases.is_empty() {
            Catalogue::builtin()
        } else {
            Catalogue::load(&self.cases)
        }
        .map_err(|errors| {
            let n = errors.0.len();
            BadInput(format!(
                "{errors}\n\nthe catalogue has {n} error{}; nothing was run",
                if n == 1 { "" } else { "s" }
            ))
        })?;
        let catalogue = match self.generated {
            Generated::Include => catalogue,
            Generated::Exclude => catalogue.retain(|c| c.origin == Origin::HandWritten),
            Generated::Only => catalogue.retain(|c| c.origin == Origin::Generated),
        };
        match &self.filter {
            None => Ok(catalogue),
            Some(filter) => {
                let kept = catalogue.filtered(filter);
                if kept.is_empty() {
                    Err(BadInput(format!("no case id contains `{filter}`")))
                } else {
                    Ok(kept)
                }
            }
        }
    }
}

/// The engine a `--engine` spec names.
fn engine(spec: &str) -> Result<Box<dyn Engine>, BadInput> {
    chess_conformance::engines::from_spec(spec).map_err(BadInput)
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run::run(&args),
        Command::List(args) => list::list(&args),
        Command::Show(args) => show::show(&args),
        Command::Generate(args) => generate::generate(&args),
        Command::Export(args) => export::export(&args),
    };
    match result {
        Ok(code) => code,
        Err(BadInput(message)) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}
