//! `chess-conformance export`: the catalogue for other languages (JSON per rule area), or the
//! perft cases as EPD.

use std::path::PathBuf;
use std::process::ExitCode;

use chess_conformance_generate::export;
use clap::{Args, ValueEnum};

use crate::error::BadInput;
use crate::selection::Selection;
use crate::text::plural;

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    selection: Selection,
    /// What to write.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
    /// The folder to write into (default: generated/json for JSON, generated/epd for EPD).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum Format {
    /// One `<area>.json` per rule area, in the shape of a case file (see the JSON Schema).
    Json,
    /// `perft.epd`: the perft cases, one EPD line each with `;D<depth> <nodes>` and `;id`;
    /// `chess960.epd`: the Chess960 ones, castling rights in Shredder-FEN.
    Epd,
}

pub fn export(args: &ExportArgs) -> Result<ExitCode, BadInput> {
    let catalogue = args.selection.load()?;
    let (default, files) = match args.format {
        Format::Json => ("generated/json", export::json_files(&catalogue)),
        Format::Epd => (
            "generated/epd",
            vec![
                (
                    "perft.epd".to_owned(),
                    export::epd(&catalogue, chess_conformance::Variant::Standard).into_bytes(),
                ),
                (
                    "chess960.epd".to_owned(),
                    export::epd(&catalogue, chess_conformance::Variant::Chess960).into_bytes(),
                ),
            ],
        ),
    };
    let out = args.out.clone().unwrap_or_else(|| PathBuf::from(default));
    std::fs::create_dir_all(&out)
        .map_err(|e| BadInput(format!("error: cannot create {}: {e}", out.display())))?;
    for (name, bytes) in &files {
        let path = out.join(name);
        crate::write::atomically(&path, bytes)
            .map_err(|e| BadInput(format!("error: cannot write {}: {e}", path.display())))?;
    }
    crate::print::out(format_args!(
        "{} written to {} ({})\n",
        plural(files.len(), "file"),
        out.display(),
        plural(catalogue.len(), "case")
    ))?;
    Ok(ExitCode::SUCCESS)
}
