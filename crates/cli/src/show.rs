//! `chess-conformance show ID`: one case, readable.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;

use crate::error::BadInput;
use crate::selection::Selection;

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The case id, e.g. `castling/crossed-f1-attacked` (`list` gives them all).
    id: String,
    #[command(flatten)]
    selection: Selection,
}

pub fn show(args: &ShowArgs) -> Result<ExitCode, BadInput> {
    let catalogue = args.selection.load()?;
    let Some(loaded) = catalogue.get(&args.id) else {
        let near: Vec<&str> = catalogue
            .cases()
            .iter()
            .map(|c| c.case.id.as_str())
            .filter(|id| id.contains(args.id.as_str()))
            .take(10)
            .collect();
        let hint = if near.is_empty() {
            String::new()
        } else {
            format!("; ids containing it: {}", near.join(", "))
        };
        return Err(BadInput(format!("no case has the id `{}`{hint}", args.id)));
    };
    let c = &loaded.case;
    let mut out = String::new();
    let _ = writeln!(out, "{}  ({}:{})", c.id, loaded.file, loaded.line);
    let _ = writeln!(out, "{}", c.title);
    let _ = writeln!(out, "FIDE Laws {}", c.rule);
    if !c.variant().is_standard() {
        // The FEN, the moves and the board below are read in it.
        let _ = writeln!(
            out,
            "variant: {} (FIDE Laws, Guidelines II; castling written as the king taking its \
             rook)",
            c.variant().title()
        );
    }
    if let Some(source) = &c.source {
        let _ = writeln!(out, "source: {source}");
    }
    if !c.tags.is_empty() {
        let _ = writeln!(out, "tags: {}", c.tags.join(", "));
    }
    let _ = writeln!(out, "fen: {}", c.fen);
    if !c.moves.is_empty() {
        let _ = writeln!(out, "moves: {}", c.moves.join(" "));
    }
    out.push('\n');
    match loaded.diagram() {
        Some(board) => {
            let _ = writeln!(out, "{board}");
        }
        None => {
            let _ = writeln!(out, "(no board: the FEN is not a valid position)");
        }
    }
    out.push('\n');
    let _ = writeln!(out, "needs: {}", loaded.needs());
    let expect = serde_yaml_ng::to_string(&c.expect).map_err(|e| BadInput(e.to_string()))?;
    let _ = writeln!(out, "expect:");
    for line in expect.lines() {
        let _ = writeln!(out, "  {line}");
    }
    let mut readings: Vec<chess_conformance::Reading> = c
        .expect
        .touch_move
        .iter()
        .flatten()
        .flat_map(|r| r.readings.iter().copied())
        .collect();
    readings.sort();
    readings.dedup();
    if !readings.is_empty() {
        out.push('\n');
        let _ = writeln!(out, "the suite's readings of the Laws this case rests on:");
        for r in readings {
            let text = r.text();
            let _ = writeln!(out, "  {r} ({}): {}", text.clause, text.question);
            let _ = writeln!(out, "    the suite: {}", text.suite);
            let _ = writeln!(
                out,
                "    the other reading (a convention finding): {}",
                text.other
            );
        }
    }
    crate::print::out(out)?;
    Ok(ExitCode::SUCCESS)
}
