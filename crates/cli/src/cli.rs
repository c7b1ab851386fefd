//! Command-line parsing and the parts the subcommands share.

use crate::{export, fuzz, generate, init, list, matrix, mutants, report, run, show, winnable};

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use chess_conformance::{Catalogue, Engine, Limits, Origin};
use chess_conformance_engines::Options;
use clap::{Args, Parser, Subcommand};

/// Certify chess implementations against the rules of chess (FIDE Laws), case by case.
#[derive(Debug, Parser)]
#[command(name = "chess-conformance", version, about, long_about = None)]
// Our own `help`, so that `help --help` is help too (clap's refuses any option).
#[command(disable_help_subcommand = true)]
#[command(
    after_help = "Exit codes: 0 every case passed (or was skipped), 1 a case failed or \
                        erred, 2 bad input or usage, 130 or 143 interrupted by SIGINT or SIGTERM \
                        (the verdicts so far are printed; no file is written)."
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
    /// report, init, winnable).
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
process (reference, chess, cozy-chess, owlchess, pleco) stops its perft walk at it; either way that \
case errs, naming the question, and the run goes on. An engine's line is at most \
--max-line-bytes (default 1 MiB, at most 1 GiB). --perft-limit leaves out the perft counts \
above it. The limits on case files (size, nesting, line length) are in docs/CASES.md.";

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

/// `1 case`, `2 cases`.
pub(crate) fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A failure that ends the command with exit code 2.
pub(crate) struct BadInput(pub(crate) String);

impl Selection {
    /// The cases selected. From the built-in catalogue only the files and cases selected are
    /// read and checked (its own tests check the rest); files given with `--cases` are checked
    /// whole, whatever `--filter` and `--generated` keep.
    pub(crate) fn load(&self) -> Result<Catalogue, BadInput> {
        let failed = |errors: chess_conformance::LoadErrors| {
            let n = errors.0.len();
            BadInput(format!(
                "{errors}\n\nthe catalogue has {n} error{}; nothing was run",
                if n == 1 { "" } else { "s" }
            ))
        };
        if self.cases.is_empty() {
            let origin = match self.generated {
                Generated::Include => None,
                Generated::Exclude => Some(Origin::HandWritten),
                Generated::Only => Some(Origin::Generated),
            };
            let filter = self.filter.as_deref();
            let catalogue = Catalogue::builtin_selected(filter, origin).map_err(failed)?;
            // Both origins have cases, so only a filter leaves none.
            return match filter {
                Some(filter) if catalogue.is_empty() => {
                    Err(BadInput(format!("no case id contains `{filter}`")))
                }
                _ => Ok(catalogue),
            };
        }
        let catalogue = Catalogue::load(&self.cases).map_err(failed)?;
        if catalogue.is_empty() {
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

/// Checks that `path` can be written when the command ends: the folder it goes in exists and
/// takes a new file, and it is not a folder. Checked before anything runs, so a run of minutes
/// does not end in "cannot write". Nothing is left behind (the probe file is removed).
pub(crate) fn check_writable(path: &Path, what: &str) -> Result<(), BadInput> {
    let bad = |why: String| BadInput(format!("{}: cannot write {what}: {why}", path.display()));
    if path.is_dir() {
        return Err(bad("it is a folder".into()));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(bad(format!("no folder `{}`", folder.display())));
    }
    let probe = folder.join(format!(".chess-conformance-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(bad(e.to_string())),
    }
}

/// The engine a `--engine` spec names; engines in other processes run with `options`.
pub(crate) fn engine(spec: &str, external: &ExternalArgs) -> Result<Box<dyn Engine>, BadInput> {
    crate::registry::from_spec_with(spec, &external.options()).map_err(BadInput)
}

/// How engines in other processes (`process:`, `uci:`, `xboard:`) are run.
#[derive(Debug, Args)]
pub(crate) struct ExternalArgs {
    /// The longest one question may take (e.g. `10s`, `500ms`, `2m`; at most `24h`): the case
    /// errs, naming the question, and the run goes on. An engine in another process is killed
    /// and restarted for the next case; an engine in this process (reference, chess,
    /// cozy-chess, owlchess, pleco) stops its perft walk at the deadline.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    timeout: Duration,
    /// The longest line an engine in another process may print, in bytes (at most 1 GiB); a
    /// longer one is an error.
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = Limits::DEFAULT.max_line_bytes,
        value_parser = parse_line_bytes
    )]
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

/// `10s`, `1.5s`, `250ms`, `2m`, `1h`, or a number of seconds; more than zero and at most
/// [`Limits::MAX_TIMEOUT`].
pub(crate) fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, scale) = if let Some(n) = text.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = text.strip_suffix('s') {
        (n, 1.0)
    } else if let Some(n) = text.strip_suffix('m') {
        (n, 60.0)
    } else if let Some(n) = text.strip_suffix('h') {
        (n, 3600.0)
    } else {
        (text, 1.0)
    };
    let max = Limits::MAX_TIMEOUT.as_secs_f64();
    match number.trim().parse::<f64>().map(|n| n * scale) {
        // Checked before the conversion: `Duration::from_secs_f64` panics on a value it cannot
        // hold, and a deadline far away overflows `Instant`.
        Ok(secs) if secs > 0.0 && secs <= max => Duration::try_from_secs_f64(secs)
            .map_err(|e| format!("`{text}` is not a duration: {e}")),
        Ok(secs) if secs > max => Err(format!(
            "`{text}` is longer than the longest timeout, {}h",
            Limits::MAX_TIMEOUT.as_secs() / 3600
        )),
        _ => Err(format!(
            "`{text}` is not a positive duration (e.g. 10s, 500ms, 2m)"
        )),
    }
}

/// A number of jobs (`--jobs`): at least 1.
pub(crate) fn parse_jobs(text: &str) -> Result<std::num::NonZeroUsize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) => std::num::NonZeroUsize::new(n)
            .ok_or_else(|| format!("`{text}` jobs: at least 1 is needed")),
        Err(_) => Err(format!("`{text}` is not a number of jobs (e.g. 1, 2, 4)")),
    }
}

/// A line limit in bytes: at least 1, at most [`Limits::MAX_LINE_BYTES`].
fn parse_line_bytes(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=Limits::MAX_LINE_BYTES).contains(&n) => Ok(n),
        Ok(_) | Err(_) => Err(format!(
            "`{text}` is not a line limit: a number of bytes from 1 to {} (1 GiB)",
            Limits::MAX_LINE_BYTES
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
        Command::Mutants(args) => mutants::mutants(&args),
        Command::Generate(args) => generate::generate(&args),
        Command::Export(args) => export::export(&args),
        Command::Report(args) => report::report(&args),
        Command::Init(args) => init::init(&args),
        Command::Fuzz(args) => fuzz::fuzz(&args),
        Command::Winnable(args) => winnable::winnable(&args),
        Command::Help(args) => help(&args),
    };
    match result {
        Ok(code) => code,
        Err(BadInput(message)) => {
            crate::print::err(format_args!("{message}\n"));
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn durations() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("soon").is_err());
        assert_eq!(parse_duration("24h"), Ok(Limits::MAX_TIMEOUT));
        assert_eq!(parse_duration("86400s"), Ok(Limits::MAX_TIMEOUT));
        for too_long in ["86401s", "1e19s", "1e20s", "1e308", "inf", "NaN", "25h"] {
            let e = parse_duration(too_long).expect_err(too_long);
            assert!(e.contains(too_long), "{e}");
        }
        assert!(
            parse_duration("1e20s")
                .unwrap_err()
                .contains("longest timeout, 24h")
        );
    }

    #[test]
    fn line_limits() {
        assert_eq!(parse_line_bytes("1"), Ok(1));
        assert_eq!(parse_line_bytes("1073741824"), Ok(Limits::MAX_LINE_BYTES));
        for bad in ["0", "1073741825", "-1", "18446744073709551616", "lots"] {
            assert!(parse_line_bytes(bad).is_err(), "{bad}");
        }
    }
}
