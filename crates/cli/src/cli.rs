//! Command-line parsing and the parts the subcommands share.

use crate::{export, generate, list, matrix, run, show};

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use chess_conformance::{Catalogue, Engine, Limits, Origin};
use chess_conformance_engines::Options;
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
    /// Run several engines and print a Markdown table of rule areas by engines.
    Matrix(matrix::MatrixArgs),
    /// Write `generated/` from `cases/` (symmetry twins, mined cases, perft divides, exports),
    /// or with `--check` say whether it is up to date.
    Generate(generate::GenerateArgs),
    /// Export the catalogue for other languages: JSON per rule area, or EPD of the perft cases.
    Export(export::ExportArgs),
}

/// Where the cases come from, and which of them.
#[derive(Debug, Args)]
pub(crate) struct Selection {
    /// A case file or a folder of them (`*.yaml` and `*.yml`; subfolders are not read),
    /// instead of the built-in catalogue (repeatable). Retired ids are refused: the built-in
    /// ones and those of the `retired.yaml` beside the files. Finding no case is an error.
    #[arg(long = "cases", value_name = "PATH")]
    pub(crate) cases: Vec<PathBuf>,
    /// Keep only the cases whose id contains this text (e.g. `castling/`).
    #[arg(long, value_name = "TEXT")]
    pub(crate) filter: Option<String>,
    /// Whether to take the generated cases (symmetry twins, mined cases, perft divides) along
    /// with the hand-written ones.
    #[arg(long, value_enum, default_value_t = Generated::Include, value_name = "WHICH")]
    pub(crate) generated: Generated,
}

/// Which cases `--generated` keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Generated {
    /// Hand-written and generated cases.
    Include,
    /// Hand-written cases only.
    Exclude,
    /// Generated cases only.
    Only,
}

impl Selection {
    /// Whether this is the whole built-in catalogue, so that a baseline entry the run did not
    /// see is stale rather than filtered out.
    pub(crate) fn is_whole_builtin(&self) -> bool {
        self.cases.is_empty() && self.filter.is_none() && self.generated == Generated::Include
    }
}

/// A failure that ends the command with exit code 2.
pub(crate) struct BadInput(pub(crate) String);

impl Selection {
    pub(crate) fn load(&self) -> Result<Catalogue, BadInput> {
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
        if catalogue.is_empty() && !self.cases.is_empty() {
            // A folder with no case file is the loader's error; this is files without a case.
            return Err(BadInput(format!(
                "no case to run: the files of --cases {} hold none",
                shown(&self.cases)
            )));
        }
        let loaded = catalogue.len();
        let catalogue = match self.generated {
            Generated::Include => catalogue,
            Generated::Exclude => catalogue.retain(|c| c.origin == Origin::HandWritten),
            Generated::Only => catalogue.retain(|c| c.origin == Origin::Generated),
        };
        if catalogue.is_empty() {
            let (which, flag) = match self.generated {
                Generated::Only => ("generated", "only"),
                _ => ("hand-written", "exclude"),
            };
            return Err(BadInput(format!(
                "no case to run: none of the {loaded} case{} loaded is {which} (--generated {flag})",
                if loaded == 1 { "" } else { "s" },
            )));
        }
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

/// Paths as a user wrote them, for a message: `a.yaml, b/`.
fn shown(paths: &[PathBuf]) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ")
}

/// The engine a `--engine` spec names; engines in other processes run with `options`.
pub(crate) fn engine(spec: &str, external: &ExternalArgs) -> Result<Box<dyn Engine>, BadInput> {
    crate::registry::from_spec_with(spec, &external.options()).map_err(BadInput)
}

/// How engines in other processes (`process:`, `uci:`) are run.
#[derive(Debug, Args)]
pub(crate) struct ExternalArgs {
    /// The longest one request may take (e.g. `10s`, `500ms`); an engine that takes longer is
    /// killed, the case errs, and the engine is restarted for the next one.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    timeout: Duration,
    /// The longest line an engine may print; a longer one is an error.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::DEFAULT.max_line_bytes)]
    max_line_bytes: usize,
    /// Check every protocol message, both ways, against its JSON Schema (docs/protocol/);
    /// a violation is an error verdict naming the message (`process:` engines).
    #[arg(long)]
    validate_protocol: bool,
    /// Ask no perft count above this many nodes (for slow engines): deeper depths are left out,
    /// and a case with nothing left to ask is skipped with the limit as its reason.
    #[arg(long, value_name = "NODES")]
    perft_limit: Option<u64>,
}

impl ExternalArgs {
    pub(crate) fn limits(&self) -> Limits {
        Limits {
            timeout: self.timeout,
            perft_nodes: self.perft_limit,
            max_line_bytes: self.max_line_bytes,
            ..Limits::DEFAULT
        }
    }

    pub(crate) fn options(&self) -> Options {
        Options {
            limits: self.limits(),
            validate_protocol: self.validate_protocol,
        }
    }
}

/// `10s`, `1.5s`, `250ms`, `2m`, or a number of seconds.
fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else {
        (text, 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(n) if n > 0.0 && (n * scale).is_finite() => Ok(Duration::from_secs_f64(n * scale)),
        _ => Err(format!(
            "`{text}` is not a positive duration (e.g. 10s, 500ms, 2m)"
        )),
    }
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run::run(&args),
        Command::List(args) => list::list(&args),
        Command::Show(args) => show::show(&args),
        Command::Matrix(args) => matrix::matrix(&args),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("soon").is_err());
    }
}
