//! `chess-conformance show ID`: one case, readable.

use std::process::ExitCode;

use chess_conformance::diagram::diagram;
use clap::Args;

use crate::cli::{BadInput, Selection};

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The case id, e.g. `castling/queenside-b1-attacked`.
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
    println!("{}  ({}:{})", c.id, loaded.file, loaded.line);
    println!("{}", c.title);
    println!("FIDE Laws {}", c.rule);
    if let Some(source) = &c.source {
        println!("source: {source}");
    }
    if !c.tags.is_empty() {
        println!("tags: {}", c.tags.join(", "));
    }
    println!("fen: {}", c.fen);
    if !c.moves.is_empty() {
        println!("moves: {}", c.moves.join(" "));
    }
    println!();
    match diagram(&c.fen, &c.moves) {
        Some(board) => println!("{board}"),
        None => println!("(no board: the FEN is not a valid position)"),
    }
    println!();
    println!("needs: {}", loaded.needs());
    let expect = serde_yaml_ng::to_string(&c.expect).map_err(|e| BadInput(e.to_string()))?;
    println!("expect:");
    for line in expect.lines() {
        println!("  {line}");
    }
    let mut readings: Vec<chess_conformance::vocabulary::Reading> = c
        .expect
        .touch_move
        .iter()
        .flatten()
        .flat_map(|r| r.readings.iter().copied())
        .collect();
    readings.sort();
    readings.dedup();
    if !readings.is_empty() {
        println!();
        println!("the suite's readings of the Laws this case rests on:");
        for r in readings {
            let text = r.text();
            println!("  {r} ({}): {}", text.clause, text.question);
            println!("    the suite: {}", text.suite);
            println!(
                "    the other reading (a convention finding): {}",
                text.other
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}
