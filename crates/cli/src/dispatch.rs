//! Parsing and routing: the command line read into a subcommand and its arguments, the
//! subcommand called, its error printed and made an exit code; and `help`. The only file that
//! names the subcommands; what they share is in files that name none (`error.rs`,
//! `selection.rs`, `engine_options.rs`, `output.rs`, `text.rs`, `score.rs`), as cargo-nextest's
//! `dispatch` is apart from its commands.

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::error::BadInput;
use crate::{
    diff, export, fuzz, generate, init, list, matrix, mutants, report, run, show, winnable,
};

/// Certify chess implementations against the rules of chess (FIDE Laws), case by case.
#[derive(Debug, Parser)]
#[command(name = "chess-conformance", version, about, long_about = None)]
// Our own `help`, so that `help --help` is help too (clap's refuses any option).
#[command(disable_help_subcommand = true)]
#[command(
    after_help = "Exit codes: 0 every case passed (or was skipped), 1 a case failed or \
                        erred, 2 bad input or usage, 130 or 143 interrupted by SIGINT or SIGTERM \
                        (the verdicts so far are printed, and written to the report files asked \
                        for, saying so; no baseline is written)."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the catalogue against an engine and report pass, fail, skip and error per case.
    #[command(after_long_help = RUN_LIMITS)]
    Run(run::RunArgs),
    /// List the cases: id, FIDE article and title.
    List(list::ListArgs),
    /// Show one case: its position as a board, its history and what it expects.
    Show(show::ShowArgs),
    /// Run several engines and print a Markdown table of rule areas by engines.
    Matrix(matrix::MatrixArgs),
    /// Run the catalogue against every built-in mutant (each breaks one rule) and report which
    /// cases kill each; exit 1 if one survives or is killed too weakly. `--list` lists them.
    Mutants(mutants::MutantsArgs),
    /// Write `generated/` from `cases/` (symmetry twins, mined cases, perft divides, exports),
    /// or with `--check` say whether it is up to date.
    Generate(generate::GenerateArgs),
    /// Write a static site (opens from `file://`) from runs' JSON reports: rule areas by
    /// engines, a page per engine and a page per case with its boards and answers.
    Report(report::ReportArgs),
    /// Compare two runs' JSON reports (before and after a change, two versions, two engines):
    /// the cases fixed, broken, failing differently, skipped otherwise, added and removed, by
    /// rule area; text, Markdown for a pull-request comment, or JSON. Exit 1 when a case broke.
    Diff(diff::DiffArgs),
    /// Export the catalogue for other languages: JSON per rule area, or EPD of the perft cases.
    Export(export::ExportArgs),
    /// Write a starting shim for your library (Python, JavaScript or Rust): every question
    /// there, unsupported with a TODO for your library's call, so it runs at once and skips
    /// every case.
    Init(init::InitArgs),
    /// Differential fuzzing: seeded random games asked of two engines at every ply; a new kind
    /// of disagreement is shrunk and printed as a case for `cases/` (exit 1), a kind an
    /// engine's baseline records is counted.
    Fuzz(fuzz::FuzzArgs),
    /// Who can still mate from a position, by the reference's analyzer: per side, winnable
    /// with a helpmate line, unwinnable with its proof (material, locked pawns, regions, forced
    /// lines, every reachable position), or undetermined within the budget.
    #[command(
        after_help = "Exit codes: 0 answered (whatever the verdicts, undetermined \
                            included), 2 bad input or usage (a FEN, a move of the history, the \
                            budget)."
    )]
    Winnable(winnable::WinnableArgs),
    /// Print this help, or the help of a subcommand (`help run`: the same as `run --help`).
    Help(HelpArgs),
}

/// `help [SUBCOMMAND]`.
#[derive(Debug, Args)]
struct HelpArgs {
    /// The subcommand to explain (run, list, show, matrix, mutants, fuzz, generate, export,
    /// report, diff, init, winnable).
    #[arg(value_name = "SUBCOMMAND")]
    command: Option<String>,
}

/// The help of the command, or of one subcommand.
fn help(args: &HelpArgs) -> Result<ExitCode, BadInput> {
    use clap::CommandFactory as _;
    let mut command = Cli::command();
    command.build();
    let text = match &args.command {
        None => command.render_long_help(),
        Some(name) => match command.find_subcommand_mut(name) {
            Some(sub) => sub.render_long_help(),
            None => {
                let names: Vec<&str> = command.get_subcommands().map(|c| c.get_name()).collect();
                return Err(BadInput(format!(
                    "no subcommand `{name}`; the subcommands: {}",
                    names.join(", ")
                )));
            }
        },
    };
    crate::print::out(text)?;
    Ok(ExitCode::SUCCESS)
}

/// The bounds of a run, for `run --help`.
const RUN_LIMITS: &str = "Limits: every question to an engine has --timeout (default 10s, at most \
24h); an engine in another process that misses it is killed and restarted, an engine in this \
process (the reference, a mutant, and with `--features adapters` chess, cozy-chess, owlchess and \
pleco) stops its perft walk at it; either way that \
case errs, naming the question, and the run goes on. An engine's line is at most \
--max-line-bytes (default 1 MiB, at most 1 GiB). --perft-limit leaves out the perft counts \
above it. The limits on case files (size, nesting, line length) are in docs/CASES.md.";

/// Parses the command line, runs the subcommand, and makes its result the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Run(args) => run::run(&args),
        Command::List(args) => list::list(&args),
        Command::Show(args) => show::show(&args),
        Command::Matrix(args) => matrix::matrix(&args),
        Command::Mutants(args) => mutants::mutants(&args),
        Command::Generate(args) => generate::generate(&args),
        Command::Export(args) => export::export(&args),
        Command::Report(args) => report::report(&args),
        Command::Diff(args) => diff::diff(&args),
        Command::Init(args) => init::init(&args),
        Command::Fuzz(args) => fuzz::fuzz(&args),
        Command::Winnable(args) => winnable::winnable(&args),
        Command::Help(args) => help(&args),
    };
    match result {
        Ok(code) => code,
        Err(BadInput(message)) => {
            crate::print::err(format_args!("{message}\n"));
            ExitCode::from(BadInput::EXIT_CODE)
        }
    }
}

#[cfg(test)]
mod tests {
    use chess_conformance::Catalogue;

    use super::*;

    /// The long help of every subcommand, and of the command.
    fn help_texts() -> Vec<(String, String)> {
        use clap::CommandFactory as _;
        let mut command = Cli::command();
        command.build();
        let mut texts = vec![("".to_owned(), command.render_long_help().to_string())];
        for sub in command.get_subcommands_mut() {
            texts.push((
                sub.get_name().to_owned(),
                sub.render_long_help().to_string(),
            ));
        }
        texts
    }

    #[test]
    fn every_case_id_named_in_a_help_text_exists() {
        let catalogue = Catalogue::builtin().expect("the catalogue loads");
        let mut named = 0;
        for (command, text) in help_texts() {
            // Ids and filters are written in backticks: `castling/...`, `castling/`.
            for quoted in text.split('`').skip(1).step_by(2) {
                let Some((area, _)) = quoted.split_once('/') else {
                    continue;
                };
                // Paths are not ids: the repository's folders, or a file name.
                const FOLDERS: &[&str] = &["cases", "generated", "docs", "tests", "adapters"];
                if area.is_empty()
                    || FOLDERS.contains(&area)
                    || quoted.contains('.')
                    || !area.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                {
                    continue;
                }
                named += 1;
                let found = if quoted.ends_with('/') {
                    catalogue
                        .cases()
                        .iter()
                        .any(|c| c.case.id.starts_with(quoted))
                } else {
                    catalogue.get(quoted).is_some()
                };
                assert!(
                    found,
                    "`{command} --help` names `{quoted}`, which no case has"
                );
            }
        }
        assert!(named >= 2, "{named}");
    }

    #[test]
    fn run_help_names_every_engine_and_the_limits() {
        let (_, run) = help_texts()
            .into_iter()
            .find(|(name, _)| name == "run")
            .expect("run has help");
        let flat = run.split_whitespace().collect::<Vec<_>>().join(" ");
        for spec in crate::registry::KNOWN {
            assert!(flat.contains(&format!("`{spec}")), "{spec} in\n{run}");
        }
        assert!(!flat.contains("--help` of `matrix"), "{run}");
        for limit in [
            "at most 24h",
            "at most 1 GiB",
            "--perft-limit",
            "docs/CASES.md",
        ] {
            assert!(flat.contains(limit), "{limit} in\n{run}");
        }
    }
}
