//! `chess-conformance generate`: writes `generated/`, or with `--check` says whether it is stale
//! (and names the temporaries a killed generation left, which do not make it so).

use std::path::{Path, PathBuf};
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
    /// Write nothing; exit with 1 when the folder differs from what would be written. The
    /// temporaries of a generation killed before its end (`.NAME.generate-PID.tmp`) are named
    /// but do not fail the check: they are not part of the generation, no reader opens them,
    /// the files beside them are whole, and the next `generate` removes them.
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
        for line in leftovers(&generate::temporaries(&output, &args.out), &args.out) {
            crate::print::err(format_args!("{line}\n"));
        }
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

/// What `--check` says of the temporaries in the output folder `out`, by whose they are: a
/// note and a line per file (none when there are none). They are not counted stale.
fn leftovers(temporaries: &[generate::Temporary], out: &Path) -> Vec<String> {
    let kinds: [(Option<bool>, &str); 3] = [
        (
            Some(false),
            "left by a killed generation; `generate` removes them (not part of the generation, \
             read by nothing: not counted stale)",
        ),
        (
            Some(true),
            "of a generation running now, which renames or removes them (not counted stale)",
        ),
        (
            None,
            "of a generation (the system lists no processes to tell whether it still runs); \
             remove them once none runs (not counted stale)",
        ),
    ];
    let mut lines = Vec::new();
    for (running, what) in kinds {
        let files: Vec<&generate::Temporary> = temporaries
            .iter()
            .filter(|t| t.running == running)
            .collect();
        if files.is_empty() {
            continue;
        }
        lines.push(format!("note: {} {what}:", plural(files.len(), "file")));
        for file in files {
            lines.push(format!(
                "  {} (process {})",
                chess_conformance::report::shown(&out.join(&file.name).display().to_string()),
                file.pid
            ));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temporary(name: &str, pid: u32, running: Option<bool>) -> generate::Temporary {
        generate::Temporary {
            name: name.into(),
            pid,
            running,
        }
    }

    #[test]
    fn check_names_the_temporaries_by_whose_they_are() {
        assert_eq!(leftovers(&[], Path::new("generated")), Vec::<String>::new());
        let lines = leftovers(
            &[
                temporary(".a.yaml.generate-7.tmp", 7, Some(false)),
                temporary("json/.a.json.generate-7.tmp", 7, Some(false)),
                temporary(".b.yaml.generate-9.tmp", 9, Some(true)),
            ],
            Path::new("generated"),
        );
        assert_eq!(
            lines,
            [
                "note: 2 files left by a killed generation; `generate` removes them (not part \
                 of the generation, read by nothing: not counted stale):",
                "  generated/.a.yaml.generate-7.tmp (process 7)",
                "  generated/json/.a.json.generate-7.tmp (process 7)",
                "note: 1 file of a generation running now, which renames or removes them (not \
                 counted stale):",
                "  generated/.b.yaml.generate-9.tmp (process 9)",
            ]
        );
        let unknown = leftovers(
            &[temporary(".a.yaml.generate-7.tmp", 7, None)],
            Path::new("out\u{1b}"),
        );
        assert!(
            unknown[0].contains("remove them once none runs"),
            "{unknown:?}"
        );
        assert!(!unknown[1].contains('\u{1b}'), "escaped: {unknown:?}");
    }
}
