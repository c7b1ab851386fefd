//! `chess-conformance matrix`: several engines side by side, as a Markdown table.

use std::fmt::Write as _;
use std::process::ExitCode;

use chess_conformance::{Run, Tally};
use clap::Args;

use super::{BadInput, ExternalArgs, Selection};

#[derive(Debug, Args)]
pub struct MatrixArgs {
    #[command(flatten)]
    selection: Selection,
    /// An engine to include (repeatable); default: every in-process engine.
    #[arg(long = "engine", value_name = "ENGINE")]
    engines: Vec<String>,
    #[command(flatten)]
    external: ExternalArgs,
}

pub fn matrix(args: &MatrixArgs) -> Result<ExitCode, BadInput> {
    let catalogue = args.selection.load()?;
    let specs: Vec<String> = if args.engines.is_empty() {
        chess_conformance::engines::IN_PROCESS
            .iter()
            .map(|s| (*s).to_owned())
            .collect()
    } else {
        args.engines.clone()
    };
    let mut columns = Vec::new();
    for spec in &specs {
        let mut engine = super::engine(spec, &args.external)?;
        let run = Run::new(&mut engine, &catalogue);
        eprintln!("{}: {}", run.engine, run.tally());
        columns.push((run.engine.to_string(), run.by_area(), run.tally()));
    }
    print!("{}", table(&columns));
    Ok(ExitCode::SUCCESS)
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
        let _ = write!(out, " {name} |");
    }
    let _ = write!(out, "\n|---|");
    for _ in columns {
        let _ = write!(out, "---|");
    }
    out.push('\n');
    for area in &areas {
        let _ = write!(out, "| {area} |");
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
