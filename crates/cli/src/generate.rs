//! `chess-conformance generate`: writes `generated/`, or with `--check` says whether it is stale.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use chess_conformance_generate::{self as generate, AREAS};
use clap::Args;

use crate::error::BadInput;
use crate::text::plural;

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The folder of hand-written case files to generate from.
    #[arg(long, default_value = "cases", value_name = "DIR")]
    cases: PathBuf,
    /// The folder to write (or, with --check, to compare with). Only the files the generator
    /// wrote there (listed in its `.chess-conformance-manifest`) are replaced or removed; each
    /// file is written whole. A folder that is, holds or is inside --cases is refused.
    #[arg(long, default_value = "generated", value_name = "DIR")]
    out: PathBuf,
    /// Write nothing; exit with 1 when the folder differs from what would be written.
    #[arg(long)]
    check: bool,
    /// No spinner. (One is drawn on stderr only when it is a terminal and `CI` is not set.)
    #[arg(long)]
    no_progress: bool,
}

pub fn generate(args: &GenerateArgs) -> Result<ExitCode, BadInput> {
    let started = Instant::now();
    // Before the generation's minute: an output folder that would replace the cases.
    if !args.check {
        generate::apart(&args.cases, &args.out).map_err(|e| BadInput(format!("error: {e}")))?;
    }
    let spinner = crate::progress::spinner(
        &format!("generating from {}", args.cases.display()),
        crate::progress::wanted(args.no_progress),
    );
    let built = generate::build(&args.cases);
    if let Some(spinner) = spinner {
        spinner.finish_and_clear();
    }
    let (output, generation) = built.map_err(|e| BadInput(format!("error: {e}")))?;
    let total: usize = generation.areas.values().map(Vec::len).sum();
    // The catalogue's version, record and changelog (cases/VERSION, catalogue.lock, CHANGELOG.md).
    let record = generate::version::record(&args.cases, &generation);
    if args.check {
        match record.as_ref().map(|r| r.stale()) {
            Ok(stale) if stale.is_empty() => {}
            Ok(stale) => {
                crate::print::err(format_args!(
                    "{} is stale in {}: run `chess-conformance generate`\n",
                    stale.join(" and "),
                    args.cases.display()
                ));
                return Ok(ExitCode::from(1));
            }
            Err(e) => {
                crate::print::err(format_args!("error: {e}\n"));
                return Ok(ExitCode::from(1));
            }
        }
        let stale = generate::stale(&output, &args.out);
        if stale.is_empty() {
            crate::print::out(format_args!(
                "{} is up to date: {} generated, {} ({:.1} s)\n",
                args.out.display(),
                plural(total, "case"),
                plural(output.files.len(), "file"),
                started.elapsed().as_secs_f64()
            ))?;
            return Ok(ExitCode::SUCCESS);
        }
        crate::print::err(format_args!(
            "{} is stale ({}): run `chess-conformance generate`\n",
            args.out.display(),
            plural(stale.len(), "file")
        ));
        for line in stale {
            crate::print::err(format_args!("  {line}\n"));
        }
        return Ok(ExitCode::from(1));
    }
    generate::write(&output, &args.out)
        .map_err(|e| BadInput(format!("error: cannot write {}: {e}", args.out.display())))?;
    let record = match record {
        Ok(record) => record,
        Err(e) => {
            crate::print::err(format_args!("error: {e}\n"));
            return Ok(ExitCode::from(1));
        }
    };
    for (name, text) in [
        (generate::version::LOCK_FILE, &record.lock),
        (generate::version::CHANGELOG_FILE, &record.changelog),
    ] {
        let path = args.cases.join(name);
        crate::write::atomically(&path, text.as_bytes())
            .map_err(|e| BadInput(format!("error: cannot write {}: {e}", path.display())))?;
    }
    for area in AREAS {
        let n = generation.areas.get(area).map_or(0, Vec::len);
        crate::print::out(format_args!("{area:<22} {n:>6}\n"))?;
    }
    crate::print::out(format_args!(
        "{:<22} {total:>6} generated cases written to {} ({:.1} s)\n",
        "all",
        args.out.display(),
        started.elapsed().as_secs_f64()
    ))?;
    Ok(ExitCode::SUCCESS)
}
