//! Command-line parsing and the parts the subcommands share.

mod list;
mod run;
mod show;

use std::path::PathBuf;
use std::process::ExitCode;

use chess_conformance::{Catalogue, Engine};
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

/// The engine a `--engine` spec names; engines in other processes run with `options`.
fn engine(
    spec: &str,
    options: &chess_conformance::engines::Options,
) -> Result<Box<dyn Engine>, BadInput> {
    chess_conformance::engines::from_spec_with(spec, options).map_err(BadInput)
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run::run(&args),
        Command::List(args) => list::list(&args),
        Command::Show(args) => show::show(&args),
    };
    match result {
        Ok(code) => code,
        Err(BadInput(message)) => {
            eprintln!("{message}");
            ExitCode::from(2)
        }
    }
}
