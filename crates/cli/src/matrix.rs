//! `chess-conformance matrix`: several engines side by side, as a Markdown table.

use std::fmt::Write as _;
use std::process::ExitCode;

use std::path::{Path, PathBuf};

use chess_conformance::report::groups::Group;
use chess_conformance::report::markdown_cell;
use chess_conformance::{Baseline, Comparison};
use chess_conformance::{Catalogue, Engine, Identity, Run, Tally};
use clap::Args;

use crate::engine_options::ExternalArgs;
use crate::error::BadInput;
use crate::interrupt::Stopped;
use crate::print;
use crate::selection::Selection;
use crate::text::{bounded, plural, unique};

#[derive(Debug, Args)]
pub struct MatrixArgs {
    #[command(flatten)]
    selection: Selection,
    /// An engine to include (repeatable); default: every in-process engine this binary has (the
    /// reference, and with `--features adapters` chess, cozy-chess, owlchess and pleco).
    #[arg(long = "engine", value_name = "ENGINE")]
    engines: Vec<String>,
    #[command(flatten)]
    external: ExternalArgs,
    /// Check each engine against its baseline, `DIR/NAME.yaml` (NAME: the engine's name in
    /// lower case, other characters as `-`, cut to 64 bytes with a hash past that; engines of the
    /// same NAME, in --engine order, `NAME-2`, `NAME-3`...); exit 1 on a new failure or a stale
    /// entry.
    #[arg(long, value_name = "DIR", conflicts_with = "write_baselines")]
    baselines: Option<PathBuf>,
    /// Write each engine's failures and errors as `DIR/NAME.yaml`, keeping existing reasons.
    #[arg(long, value_name = "DIR")]
    write_baselines: Option<PathBuf>,
    /// Write each engine's JSON report (what `run --format json` prints) as `DIR/NAME.json`,
    /// for `report --html`; an engine cut short by an interrupt writes its verdicts so far, its
    /// report saying where it stopped. (A folder, not `run`'s
    /// `--output FORMAT=PATH`: a matrix has a report per engine, and its standard output is the
    /// table.)
    #[arg(long, value_name = "DIR")]
    write_reports: Option<PathBuf>,
    /// Write each engine's verdict listing (what `run --format listing` prints, one line per
    /// hand-written case) as `DIR/NAME.txt`, for snapshot tests (an interrupted engine's: its
    /// cases so far).
    #[arg(long, value_name = "DIR")]
    write_listings: Option<PathBuf>,
    /// Name each engine's files (baseline, report, listing) by its name and version,
    /// `NAME-VERSION` (`python-chess-1-0-0.yaml`), not its name alone: for several versions of
    /// one library in one matrix (their reports make a history in `report --html`).
    #[arg(long)]
    version_names: bool,
    /// How many engine instances check cases at once, shared between the engines (default: the
    /// number of CPUs; at most 256); the table and baselines are the same for any number.
    #[arg(long, value_name = "N", value_parser = crate::engine_options::parse_jobs)]
    jobs: Option<std::num::NonZeroUsize>,
    /// No progress bars. (A bar per engine is drawn on stderr only when it is a terminal and
    /// `CI` is not set.)
    #[arg(long)]
    no_progress: bool,
    /// A mutation score of this catalogue (`mutants --json` writes it) to print under the
    /// table: how many built-in wrong implementations the cases kill.
    #[arg(long, value_name = "FILE")]
    mutation_score: Option<PathBuf>,
}

/// One engine's run, compared with (or made into) its baseline.
fn certify(
    run: &Run<'_>,
    stopped: Option<&Stopped>,
    args: &MatrixArgs,
    partial: bool,
    stem: &str,
    catalogue: &Catalogue,
) -> Result<Done, BadInput> {
    let name = format!("{stem}.yaml");
    let identity = match stopped {
        Some(s) => format!("{} (interrupted after {} cases)", run.engine, s.run),
        None => run.engine.to_string(),
    };
    print::err(format_args!("{identity}: {}\n", run.tally()));
    // The reports, an interrupted engine's too (its verdicts so far; the JSON says where it
    // stopped), as `run --output` writes them.
    let outputs = [
        (&args.write_reports, "report", "json", Kind::Json),
        (&args.write_listings, "listing", "txt", Kind::Listing),
    ];
    for (dir, what, extension, make) in outputs {
        if let Some(dir) = dir {
            let path = dir.join(format!("{stem}.{extension}"));
            let text = match make {
                Kind::Json => crate::output::json_report(run, stopped),
                Kind::Listing => chess_conformance::report::listing(run),
            };
            crate::write::atomically(&path, text.as_bytes())
                .map_err(|e| BadInput(format!("{}: cannot write: {e}", path.display())))?;
            print::err(format_args!(
                "wrote the {what} of {identity} to {}\n",
                path.display()
            ));
        }
    }
    if stopped.is_some() {
        // Half a run is no baseline, and no comparison with one.
        return Ok(Done {
            column: (identity.clone(), run.by_area(), run.tally()),
            skipped: run.skipped_assertions(),
            groups: run.groups(),
            identity,
            name,
            baseline: None,
            comparison: None,
        });
    }
    let identity = run.engine.to_string();
    let load = |dir: &Path| -> Result<Option<Baseline>, BadInput> {
        let path = dir.join(&name);
        if path.exists() {
            Baseline::load(&path).map(Some).map_err(BadInput)
        } else {
            Ok(None)
        }
    };
    let (baseline, comparison) = match (&args.baselines, &args.write_baselines) {
        (Some(dir), _) => {
            let baseline = load(dir)?.ok_or_else(|| {
                BadInput(format!(
                    "{}: no baseline for {identity} (write one with --write-baselines)",
                    dir.join(&name).display()
                ))
            })?;
            let mut comparison = baseline.compare(run, partial);
            comparison.new_since = baseline.new_since(run, catalogue).map_err(BadInput)?;
            (None, Some(comparison))
        }
        (None, Some(dir)) => {
            let previous = load(dir)?;
            (Some(Baseline::from_run(run, previous.as_ref())), None)
        }
        (None, None) => (None, None),
    };
    Ok(Done {
        column: (identity.clone(), run.by_area(), run.tally()),
        skipped: run.skipped_assertions(),
        groups: run.groups(),
        identity,
        name,
        baseline,
        comparison,
    })
}

/// The reports `--write-reports` and `--write-listings` make.
enum Kind {
    Json,
    Listing,
}

/// One engine's results, kept for the table and the baselines.
struct Done {
    identity: String,
    name: String,
    column: Column,
    /// The assertions skipped in cases that passed or failed: (reason, assertions, cases).
    skipped: Vec<(String, usize, usize)>,
    /// Its failures and errors grouped by cause, largest first.
    groups: Vec<Group>,
    baseline: Option<Baseline>,
    comparison: Option<Comparison>,
}

pub fn matrix(args: &MatrixArgs) -> Result<ExitCode, BadInput> {
    let specs: Vec<String> = if args.engines.is_empty() {
        crate::registry::IN_PROCESS
            .iter()
            .map(|s| (*s).to_owned())
            .collect()
    } else {
        args.engines.clone()
    };
    // Every argument before the catalogue is loaded and any engine runs.
    arguments(args, &specs)?;
    crate::interrupt::watch();
    // Each engine started once before the catalogue loads: one that cannot start says so at
    // once, and every engine's files are named before any case runs.
    let premade = start(args, &specs)?;
    let identities: Vec<Identity> = premade.iter().map(|e| e.identity()).collect();
    let stems = file_stems(&identities, args.version_names);
    say_shared_names(args, &identities, &stems);
    let (catalogue, score) =
        crate::score::load_with(args.mutation_score.as_deref(), &args.selection)?;
    let results = check(args, &specs, &catalogue, premade, &stems);
    if let Some(signal) = crate::interrupt::caught() {
        return Ok(interrupted(signal, &specs, results));
    }
    let mut done = Vec::new();
    for result in results.into_iter().flatten() {
        done.push(result?);
    }

    print::out(table(
        &done.iter().map(|d| d.column.clone()).collect::<Vec<_>>(),
    ))?;
    if let Some(score) = &score {
        print::out(format_args!("\n{}\n", score.line()))?;
    }
    print::out(skipped_table(&done))?;
    print::out(groups_table(&done))?;
    Ok(if baselines(args, &done)? {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The engines' specs and the folders given checked (those to write made).
fn arguments(args: &MatrixArgs, specs: &[String]) -> Result<(), BadInput> {
    for spec in specs {
        crate::registry::check_spec(spec).map_err(BadInput)?;
    }
    if let Some(dir) = &args.baselines
        && !dir.is_dir()
    {
        return Err(BadInput(format!(
            "{}: no such folder of baselines",
            dir.display()
        )));
    }
    if let Some(dir) = &args.write_baselines {
        std::fs::create_dir_all(dir)
            .map_err(|e| BadInput(format!("{}: cannot write baselines: {e}", dir.display())))?;
        crate::output::check_writable(&dir.join("baseline.yaml"), "baselines")?;
    }
    for (dir, what, file) in [
        (&args.write_reports, "reports", "report.json"),
        (&args.write_listings, "listings", "listing.txt"),
    ] {
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| BadInput(format!("{}: cannot write {what}: {e}", dir.display())))?;
            crate::output::check_writable(&dir.join(file), what)?;
        }
    }
    Ok(())
}

/// An instance of each engine, in order; fewer when an interrupt came first.
fn start(args: &MatrixArgs, specs: &[String]) -> Result<Vec<Box<dyn Engine>>, BadInput> {
    let mut engines = Vec::new();
    for spec in specs {
        if crate::interrupt::caught().is_some() {
            break;
        }
        match crate::engine_options::engine(spec, &args.external) {
            Ok(engine) => engines.push(engine),
            Err(_) if crate::interrupt::caught().is_some() => break,
            Err(e) => return Err(e),
        }
    }
    Ok(engines)
}

/// The name of each engine's files (`NAME.yaml`, `NAME.json`, `NAME.txt`), in order: its name
/// as a file name of at most 64 bytes (a hash of the whole name past that), and, for engines
/// whose names give the same file name, `NAME-2`, `NAME-3`... in --engine order, so that no
/// engine's report or baseline overwrites another's.
fn file_stems(identities: &[Identity], version_names: bool) -> Vec<String> {
    let mut taken = Vec::new();
    identities
        .iter()
        .map(|identity| unique(file_name(identity, version_names), &mut taken))
        .collect()
}

/// An engine's file name before [`file_stems`] makes it unique: its name, and with
/// `--version-names` its version too (so that versions of one library stay apart), bounded.
fn file_name(identity: &Identity, version_names: bool) -> String {
    if version_names {
        bounded(&identity.to_string(), "engine")
    } else {
        bounded(&identity.name, "engine")
    }
}

/// Says, before any case runs, which engines share a file name and what theirs are, when files
/// are read or written.
fn say_shared_names(args: &MatrixArgs, identities: &[Identity], stems: &[String]) {
    let folders = [
        &args.baselines,
        &args.write_baselines,
        &args.write_reports,
        &args.write_listings,
    ];
    if folders.iter().all(|f| f.is_none()) {
        return;
    }
    for (i, (identity, stem)) in identities.iter().zip(stems).enumerate() {
        let plain = file_name(identity, args.version_names);
        if *stem != plain {
            let first = stems.iter().position(|s| *s == plain).unwrap_or(i);
            print::err(format_args!(
                "note: engine {} ({}) has the file name of engine {} ({}): its files are named \
                 {stem} (.yaml, .json, .txt)\n",
                i + 1,
                chess_conformance::report::shown(&identity.to_string()),
                first + 1,
                chess_conformance::report::shown(&identities[first].to_string()),
            ));
        }
    }
}

/// The catalogue checked against every engine (`premade`: an instance of each, made
/// beforehand), each certified under its file name of `stems`: in `specs`' order, `None` for
/// an engine no worker reached (the matrix was interrupted first).
fn check(
    args: &MatrixArgs,
    specs: &[String],
    catalogue: &Catalogue,
    premade: Vec<Box<dyn Engine>>,
    stems: &[String],
) -> Vec<Option<Result<Done, BadInput>>> {
    let jobs = args.jobs.unwrap_or_else(crate::pool::default_jobs);
    let partial = !args.selection.is_whole_builtin();
    // One pool of `jobs` workers for every engine and its instances: each worker takes the
    // first engine with cases left and checks them with its own instance (made in its thread:
    // an engine need not be Send, a spec is), so a slow engine at the end gets every worker.
    let makers: Vec<_> = specs
        .iter()
        .map(|spec| move || crate::engine_options::engine(spec, &args.external))
        .collect();
    let makers: Vec<&crate::pool::Make<'_>> = makers.iter().map(|m| m as _).collect();
    let names: Vec<&str> = specs.iter().map(String::as_str).collect();
    let progress = crate::progress::Progress::new(
        &names,
        catalogue.cases().len(),
        crate::progress::wanted(args.no_progress),
    );
    let runs = crate::pool::run_engines(
        &makers,
        premade,
        catalogue,
        args.external.limits(),
        jobs,
        &progress,
    );
    runs.into_iter()
        .zip(
            stems
                .iter()
                .map(String::as_str)
                .chain(std::iter::repeat("engine")),
        )
        .map(|(run, stem)| {
            run.map(|run| {
                run.and_then(|(run, stopped)| {
                    certify(&run, stopped.as_ref(), args, partial, stem, catalogue)
                })
            })
        })
        .collect()
}

/// Each engine's comparison with its baseline said, and the baselines asked for written;
/// whether every comparison is clean.
fn baselines(args: &MatrixArgs, done: &[Done]) -> Result<bool, BadInput> {
    let mut clean = true;
    for d in done {
        if let Some(comparison) = &d.comparison {
            print::err(format_args!("{}: {}", d.identity, comparison.describe()));
            clean &= comparison.is_clean();
        }
        if let (Some(baseline), Some(dir)) = (&d.baseline, &args.write_baselines) {
            std::fs::create_dir_all(dir)
                .map_err(|e| BadInput(format!("{}: {e}", dir.display())))?;
            let path = dir.join(&d.name);
            crate::write::atomically(&path, baseline.to_yaml().as_bytes())
                .map_err(|e| BadInput(format!("{}: cannot write: {e}", path.display())))?;
            print::err(format_args!(
                "wrote {} of {} to {}\n",
                plural(baseline.known_failures.len(), "known failure"),
                d.identity,
                path.display()
            ));
        }
    }
    Ok(clean)
}

/// The table of an interrupted matrix: the engines that ran (those cut short say so), the
/// engines not run, no baseline written; exit 128 + the signal.
fn interrupted(
    signal: i32,
    specs: &[String],
    results: Vec<Option<Result<Done, BadInput>>>,
) -> ExitCode {
    let mut done = Vec::new();
    let mut not_run = Vec::new();
    for (spec, result) in specs.iter().zip(results) {
        match result {
            Some(Ok(d)) => done.push(d),
            // An engine refused a start, or never asked: not run.
            Some(Err(_)) | None => not_run.push(spec.as_str()),
        }
    }
    let columns: Vec<Column> = done.iter().map(|d| d.column.clone()).collect();
    // A closed stdout ends the output quietly; the exit code still says interrupted.
    let _ = print::out(table(&columns));
    let _ = print::out(skipped_table(&done));
    let _ = print::out(groups_table(&done));
    let mut note = format!(
        "\nINTERRUPTED by {}: {} of {} engines run (a column that says so was cut short); no \
         baseline was written",
        crate::interrupt::name(signal),
        done.len(),
        specs.len()
    );
    if !not_run.is_empty() {
        note.push_str(&format!("; not run: {}", not_run.join(", ")));
    }
    let _ = print::out(format_args!("{note}\n"));
    ExitCode::from(crate::interrupt::exit_code(signal))
}

type Column = (String, Vec<(String, Tally)>, Tally);

/// Rule areas by engines; each cell is pass / fail / skip / error.
fn table(columns: &[Column]) -> String {
    let mut areas: Vec<String> = Vec::new();
    for (_, by_area, _) in columns {
        for (area, _) in by_area {
            if !areas.contains(area) {
                areas.push(area.clone());
            }
        }
    }
    let cell = |t: &Tally| format!("{} / {} / {} / {}", t.passed, t.failed, t.skipped, t.errors);
    let mut out = String::new();
    let _ = writeln!(out, "Each cell: pass / fail / skip / error.\n");
    let _ = write!(out, "| area |");
    for (name, _, _) in columns {
        let _ = write!(out, " {} |", markdown_cell(name));
    }
    let _ = write!(out, "\n|---|");
    for _ in columns {
        let _ = write!(out, "---|");
    }
    out.push('\n');
    for area in &areas {
        let _ = write!(out, "| {} |", markdown_cell(area));
        for (_, by_area, _) in columns {
            let t = by_area
                .iter()
                .find(|(a, _)| a == area)
                .map(|(_, t)| *t)
                .unwrap_or_default();
            let _ = write!(out, " {} |", cell(&t));
        }
        out.push('\n');
    }
    let _ = write!(out, "| **total** |");
    for (_, _, total) in columns {
        let _ = write!(out, " **{}** |", cell(total));
    }
    out.push('\n');
    out
}

/// How many of an engine's groups of failures the matrix shows.
const GROUPS_SHOWN: usize = 5;

/// Each engine's largest groups of failures and errors by cause, with their smallest case
/// (`run --engine ENGINE` shows each group's case in full).
fn groups_table(done: &[Done]) -> String {
    if done.iter().all(|d| d.groups.is_empty()) {
        return String::new();
    }
    let mut out = format!(
        "\nFailures and errors by cause, each engine's {GROUPS_SHOWN} largest groups \
         (`run --engine ENGINE` shows them all, each with its smallest case):\n\n\
         | engine | cases | outcome | cause | smallest case |\n|---|---:|---|---|---|\n"
    );
    let cell = |text: &str| {
        chess_conformance::report::shown(text)
            .replace('|', "\\|")
            .replace('\n', " ")
    };
    for d in done {
        for group in d.groups.iter().take(GROUPS_SHOWN) {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | `{}` |",
                cell(&d.identity),
                group.count,
                group.outcome,
                cell(&group.label),
                cell(&group.case).replace('`', "'")
            );
        }
        if d.groups.len() > GROUPS_SHOWN {
            let rest = &d.groups[GROUPS_SHOWN..];
            let _ = writeln!(
                out,
                "| {} | {} | | {} more {} | |",
                cell(&d.identity),
                rest.iter().map(|g| g.count).sum::<usize>(),
                rest.len(),
                if rest.len() == 1 { "group" } else { "groups" }
            );
        }
    }
    out
}

/// The assertions each engine was not asked in cases it was asked something, by reason.
fn skipped_table(done: &[Done]) -> String {
    if done.iter().all(|d| d.skipped.is_empty()) {
        return String::new();
    }
    let mut out = String::from(
        "\nAssertions skipped in cases that passed or failed (the rest of each case was asked):\n\n\
         | engine | assertions | cases | why |\n|---|---:|---:|---|\n",
    );
    for d in done {
        for (reason, assertions, cases) in &d.skipped {
            let _ = writeln!(
                out,
                "| {} | {assertions} | {cases} | {} |",
                markdown_cell(&d.identity),
                markdown_cell(reason)
            );
        }
    }
    out
}
