//! `chess-conformance mutants`: the catalogue against every built-in mutant (each breaks one
//! rule; `src/mutant/`), and how strong it is: per mutant whether a case kills it, by how many
//! hand-written and generated cases, and the first of them; per rule area the share killed.
//!
//! A case kills a mutant when the reference passes it and the mutant fails it or errs on it (a
//! case the reference itself fails, listed in its baseline, kills nothing). The hand-written
//! cases alone must kill every mutant, each by two cases at least, and, where the rule has
//! colours, by one with each side to move: a mutant only generated cases kill, or one case
//! alone, points at a hand-written case missing.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::process::ExitCode;

use chess_conformance::mutant::{MUTANTS, Mutation};
use chess_conformance::{Engine, LoadedCase, Mutant, Origin, Outcome, Run};
use clap::Args;

use crate::engine_options::ExternalArgs;
use crate::error::BadInput;
use crate::output::{Destination, Output};
use crate::print;
use crate::score::{MutantResult, Score};
use crate::selection::Selection;
use crate::text::plural;

#[derive(Debug, Args)]
pub struct MutantsArgs {
    #[command(flatten)]
    selection: Selection,
    /// Print the mutants (name, rule area, FIDE article, the rule each breaks) and run nothing.
    #[arg(long)]
    list: bool,
    /// Only this mutant (repeatable); default: every one.
    #[arg(long = "mutant", value_name = "NAME")]
    mutants: Vec<String>,
    /// Print the result as JSON (what `run --mutation-score` and `matrix --mutation-score`
    /// read) instead of text: the same as `--output json=-`.
    #[arg(long)]
    json: bool,
    /// Also write the result as JSON to FILE (the text report still printed): the same as
    /// `--output json=FILE --output text=-`.
    #[arg(long, value_name = "FILE")]
    write_score: Option<std::path::PathBuf>,
    /// A report to write, `FORMAT=PATH` (repeatable; FORMAT `text` or `json`, the score `run
    /// --mutation-score` reads; PATH `-` for standard output, one at most): e.g. `--output
    /// json=score.json --output text=-`. With `--output`, only what is named is written; files
    /// are written whole. Without it, the text report on standard output.
    #[arg(long = "output", value_name = "FORMAT=PATH", value_parser = crate::output::parse::<Format>)]
    outputs: Vec<Output<Format>>,
    #[command(flatten)]
    external: ExternalArgs,
    /// How many engine instances check cases at once, shared by the reference and the mutants
    /// (default: the number of CPUs; at most 256).
    #[arg(long, value_name = "N", value_parser = crate::engine_options::parse_jobs)]
    jobs: Option<std::num::NonZeroUsize>,
    /// No progress bars.
    #[arg(long)]
    no_progress: bool,
}

/// The side to move in a case's position (its FEN's, turned by each move of its history):
/// 0 White, 1 Black.
fn side_to_move(case: &LoadedCase) -> usize {
    let black = case.case.fen.split_whitespace().nth(1) == Some("b");
    usize::from(black ^ (case.case.moves.len() % 2 == 1))
}

pub fn mutants(args: &MutantsArgs) -> Result<ExitCode, BadInput> {
    let chosen = chosen(&args.mutants)?;
    if args.list {
        print::out(list(&chosen))?;
        return Ok(ExitCode::SUCCESS);
    }
    let outputs = outputs(args);
    crate::output::check(&outputs, &[])?;
    crate::interrupt::watch();
    let catalogue = args.selection.load()?;
    let reference = || Ok(Box::new(chess_conformance::Reference::new()) as Box<dyn Engine>);
    let makers: Vec<Box<crate::pool::Make<'_>>> = chosen
        .iter()
        .map(|m| {
            Box::new(move || Ok(Box::new(Mutant::new(m)) as Box<dyn Engine>))
                as Box<crate::pool::Make<'_>>
        })
        .collect();
    let mut all: Vec<&crate::pool::Make<'_>> = vec![&reference];
    all.extend(makers.iter().map(|m| m.as_ref()));
    let names: Vec<String> = std::iter::once("reference".to_owned())
        .chain(chosen.iter().map(|m| format!("mutant:{}", m.name)))
        .collect();
    let name_refs: Vec<&str> = names.iter().map(String::as_str).collect();
    let progress = crate::progress::Progress::new(
        &name_refs,
        catalogue.cases().len(),
        crate::progress::wanted(args.no_progress),
    );
    let jobs = args.jobs.unwrap_or_else(crate::pool::default_jobs);
    let mut finished = crate::pool::run_engines(
        &all,
        Vec::new(),
        &catalogue,
        args.external.limits(),
        jobs,
        &progress,
    )
    .into_iter();
    let mut runs = Vec::new();
    for name in &names {
        match finished.next().flatten() {
            Some(Ok((run, None))) => runs.push(run),
            Some(Ok((_, Some(stopped)))) => {
                print::err(stopped.describe());
                return Ok(ExitCode::from(stopped.exit_code()));
            }
            Some(Err(e)) => return Err(e),
            None => return Err(BadInput(format!("`{name}` was not run"))),
        }
    }
    let mut runs = runs.into_iter();
    let reference = runs
        .next()
        .ok_or_else(|| BadInput("the reference was not run".into()))?;
    let results: Vec<MutantResult> = chosen
        .iter()
        .zip(runs)
        .map(|(m, run)| judge(m, &reference, &run))
        .collect();
    let score = Score {
        cases: catalogue.cases().len(),
        killed: results.iter().filter(|r| r.killed()).count(),
        mutants: results.len(),
        results,
    };
    let json = serde_json::to_string_pretty(&score)
        .map_err(|e| BadInput(format!("cannot write the score as JSON: {e}")))?
        + "\n";
    crate::output::write(&outputs, |format, _| {
        Ok(match format {
            Format::Text => text(&score),
            Format::Json => json.clone(),
        })
    })?;
    let weak = score.results.iter().any(|r| r.weakness().is_some());
    Ok(if weak {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The formats of `mutants --output`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Each mutant, killed or not, by which cases; the share killed per rule area.
    Text,
    /// The score as JSON, what `run --mutation-score` and `matrix --mutation-score` read.
    Json,
}

/// The reports asked for: `--output`'s, `--write-score`'s file, and `--json`'s or the text
/// report on standard output unless `--output` names what goes there.
fn outputs(args: &MutantsArgs) -> Vec<Output<Format>> {
    let mut outputs = args.outputs.clone();
    if let Some(path) = &args.write_score {
        outputs.push(Output {
            format: Format::Json,
            to: Destination::File(path.clone()),
        });
    }
    let stdout = if args.json {
        Some(Format::Json)
    } else if args.outputs.is_empty() {
        Some(Format::Text)
    } else {
        None
    };
    if let Some(format) = stdout {
        outputs.push(Output {
            format,
            to: Destination::Stdout,
        });
    }
    outputs
}

/// The mutants `--mutant` names (every one when none is named).
fn chosen(names: &[String]) -> Result<Vec<&'static Mutation>, BadInput> {
    if names.is_empty() {
        return Ok(MUTANTS.iter().collect());
    }
    names
        .iter()
        .map(|name| {
            chess_conformance::mutant::by_name(name).ok_or_else(|| {
                BadInput(format!(
                    "unknown mutant `{name}`; `chess-conformance mutants --list` lists them"
                ))
            })
        })
        .collect()
}

/// The table `--list` prints.
fn list(chosen: &[&Mutation]) -> String {
    let mut out = String::new();
    for m in chosen {
        let _ = writeln!(
            out,
            "{:<38} {:<22} {:<8} {}",
            m.name, m.area, m.article, m.breaks
        );
    }
    out
}

/// Which cases kill a mutant: passed by the reference, failed or erred by the mutant.
fn judge(mutation: &Mutation, reference: &Run<'_>, run: &Run<'_>) -> MutantResult {
    let mut hand = Vec::new();
    let mut generated = Vec::new();
    let mut colours = [false; 2];
    for ((case, theirs), (_, ours)) in run.results.iter().zip(&reference.results) {
        let killed = ours.outcome == Outcome::Pass
            && matches!(theirs.outcome, Outcome::Fail | Outcome::Error);
        if !killed {
            continue;
        }
        if case.origin == Origin::HandWritten {
            colours[side_to_move(case)] = true;
            hand.push(case.case.id.clone());
        } else {
            generated.push(case.case.id.clone());
        }
    }
    MutantResult {
        name: mutation.name.into(),
        area: mutation.area.into(),
        article: mutation.article.into(),
        breaks: mutation.breaks.into(),
        hand_written: hand.len(),
        generated: generated.len(),
        colours,
        first: hand.iter().chain(&generated).take(5).cloned().collect(),
    }
}

/// The text report: a line per mutant, the share killed per rule area, the score.
fn text(score: &Score) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<38} {:<9} {:>5} {:>9}  first killing cases",
        "mutant", "", "hand", "generated"
    );
    for r in &score.results {
        let verdict = if r.killed() { "killed" } else { "SURVIVED" };
        let _ = writeln!(
            out,
            "{:<38} {:<9} {:>5} {:>9}  {}",
            r.name,
            verdict,
            r.hand_written,
            r.generated,
            r.first.join(", ")
        );
        if let Some(weakness) = r.weakness() {
            let _ = writeln!(out, "  ^ {weakness}: {} ({})", r.breaks, r.article);
        }
    }
    let mut areas: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for r in &score.results {
        let entry = areas.entry(&r.area).or_default();
        entry.1 += 1;
        if r.killed() {
            entry.0 += 1;
        }
    }
    let _ = writeln!(out, "\nper rule area:");
    for (area, (killed, all)) in areas {
        let _ = writeln!(out, "  {area:<22} {killed} of {all} killed");
    }
    let weak = score
        .results
        .iter()
        .filter(|r| r.weakness().is_some())
        .count();
    let _ = writeln!(
        out,
        "\n{}: this catalogue ({}) kills {} of {} built-in mutants{}",
        if weak == 0 { "ok" } else { "FAILED" },
        plural(score.cases, "case"),
        score.killed,
        score.mutants,
        if weak == 0 {
            String::new()
        } else {
            format!("; {} killed too weakly", plural(weak, "mutant"))
        }
    );
    out
}
