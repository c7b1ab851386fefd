//! `chess-conformance winnable FEN`: who can still mate from a position, by the reference's
//! analyzer, with the proof of each answer (a helpmate line, or why no line can exist).

use std::fmt::Write as _;
use std::process::ExitCode;

use chess_conformance::replay::{self, Replay};
use chess_conformance::winnable::{Analysis, Budget, Proof, analyze};
use chess_conformance::{Color, GameState, Winnability, diagram};
use clap::Args;
use serde_json::json;
use shakmaty::Position;
use shakmaty::san::SanPlus;

use crate::error::BadInput;

/// The largest budget `--budget` takes, 40 times the reference's: an undetermined side took 4 s
/// and 0.5 GB of memory at it (the searches' tables grow with the nodes).
const MOST_NODES: u64 = 20_000_000;

#[derive(Debug, Args)]
pub struct WinnableArgs {
    /// The position, in FEN (quote it: it has spaces).
    fen: String,
    /// Moves played from the FEN first, in UCI (`e2e4 e7e5`); the history counts, as in a
    /// case: a game over on the way is an error.
    #[arg(long, value_name = "UCI", num_args = 1..)]
    moves: Vec<String>,
    /// The node budget of each side's analysis (the reference's: 500,000; at most 20,000,000,
    /// some seconds and half a gigabyte of memory per side).
    #[arg(long, value_name = "NODES", default_value_t = Budget::DEFAULT.nodes,
          value_parser = clap::value_parser!(u64).range(1..=MOST_NODES))]
    budget: u64,
    /// Print JSON (one object: the position, its state, and per side the verdict, the proof,
    /// the line in UCI and SAN, the nodes of all the searches, those that failed included)
    /// instead of text.
    #[arg(long)]
    json: bool,
}

/// One side's answer, with what the command prints of it.
struct Answer {
    side: Color,
    verdict: Winnability,
    /// The kind of proof, e.g. `helpmate`, `regions`.
    proof: Option<&'static str>,
    /// The proof in words.
    why: String,
    /// The helpmate line, in UCI and in SAN with move numbers.
    uci: Vec<String>,
    san: String,
    nodes: u64,
}

pub fn winnable(args: &WinnableArgs) -> Result<ExitCode, BadInput> {
    let game = Replay::strict(&args.fen, &args.moves).map_err(|e| {
        BadInput(format!(
            "{e} (the FEN `{}`{})",
            args.fen,
            if args.moves.is_empty() {
                String::new()
            } else {
                format!(", the moves {}", args.moves.join(" "))
            }
        ))
    })?;
    let budget = Budget { nodes: args.budget };
    let state = game.state();
    let answers: Vec<Answer> = [Color::White, Color::Black]
        .into_iter()
        .map(|side| answer(args, &game, state, side, budget))
        .collect();
    let fen = shakmaty::fen::Fen::from_position(&game.position, shakmaty::EnPassantMode::Legal);
    let out = if args.json {
        let sides: serde_json::Map<String, serde_json::Value> = answers
            .iter()
            .map(|a| {
                let value = json!({
                    "verdict": a.verdict,
                    "proof": a.proof,
                    "why": a.why,
                    "line": a.uci,
                    "san": a.san,
                    "nodes": a.nodes,
                });
                (a.side.to_string(), value)
            })
            .collect();
        let value = json!({
            "fen": fen.to_string(),
            "state": state.name(),
            "budget": budget.nodes,
            "sides": sides,
        });
        format!("{value}\n")
    } else {
        let mut out = String::new();
        let _ = writeln!(out, "{fen}");
        if let Some(board) = diagram(&args.fen, &args.moves) {
            let _ = writeln!(out, "\n{board}\n");
        }
        let _ = writeln!(out, "game state: {}", state.name());
        for a in &answers {
            let _ = writeln!(out, "{}: {} ({})", a.side, a.verdict, a.why);
            if !a.san.is_empty() {
                let _ = writeln!(out, "  {}", a.san);
            }
        }
        let dead = answers.iter().all(|a| a.verdict == Winnability::Unwinnable);
        if dead && state == GameState::Ongoing {
            let _ = writeln!(
                out,
                "neither side can mate: a dead position (FIDE 5.2.2), though the game state's \
                 cheaper test, asked at every ply, does not prove it (docs/CASES.md)"
            );
        }
        let _ = writeln!(
            out,
            "(the reference's analyzer, a budget of {} nodes per side; an undetermined answer is \
             never a claim)",
            budget.nodes
        );
        out
    };
    crate::print::out(out)?;
    Ok(ExitCode::SUCCESS)
}

fn answer(
    args: &WinnableArgs,
    game: &Replay,
    state: GameState,
    side: Color,
    budget: Budget,
) -> Answer {
    let mut answer = Answer {
        side,
        verdict: Winnability::Unwinnable,
        proof: Some("game over"),
        why: String::new(),
        uci: Vec::new(),
        san: String::new(),
        nodes: 0,
    };
    match state {
        GameState::Ongoing => {}
        GameState::Checkmate { winner } if winner == side => {
            answer.verdict = Winnability::Winnable;
            answer.proof = Some("helpmate");
            answer.why = format!("{side} has mated");
            return answer;
        }
        over => {
            answer.why = format!(
                "the game is over ({over_name}) and {side} has not mated",
                over_name = over.name()
            );
            // Over by material or a dead position: the analyzer's proof says why.
            if matches!(
                over,
                GameState::InsufficientMaterial | GameState::DeadPosition
            ) {
                let analysis = analyze(&game.position, replay::to_shakmaty(side), budget);
                if analysis.verdict == Winnability::Unwinnable {
                    answer.nodes = analysis.nodes;
                    answer.proof = analysis.proof.as_ref().map(proof_name);
                    answer.why = format!("{}; {}", answer.why, why(&analysis, budget));
                }
            }
            return answer;
        }
    }
    let analysis = analyze(&game.position, replay::to_shakmaty(side), budget);
    answer.nodes = analysis.nodes;
    answer.verdict = analysis.verdict;
    answer.proof = analysis.proof.as_ref().map(proof_name);
    answer.why = why(&analysis, budget);
    if let Some(line) = analysis.helpmate() {
        answer.uci = line.iter().copied().map(replay::to_uci).collect();
        answer.san = san(&game.position, line);
        // As the reference answers: the line is replayed after the game's moves, and a
        // fivefold repetition or a 75-move end on the way leaves the answer undetermined.
        let mut history = args.moves.clone();
        history.extend(answer.uci.iter().cloned());
        let mated = matches!(
            Replay::strict(&args.fen, &history).map(|r| r.state()),
            Ok(GameState::Checkmate { winner }) if winner == side
        );
        if !mated {
            answer.verdict = Winnability::Undetermined;
            answer.why = format!(
                "the analyzer's helpmate line, played after the game's moves, meets the end of \
                 the game first (a fivefold repetition or the 75-move rule); {} nodes",
                analysis.nodes
            );
        }
    }
    answer
}

/// The kind of a proof, as the JSON names it.
fn proof_name(proof: &Proof) -> &'static str {
    match proof {
        Proof::Helpmate(_) => "helpmate",
        Proof::GameOver => "game over",
        Proof::Material(_) => "material",
        Proof::LockedPawns => "locked pawns",
        Proof::Regions => "regions",
        Proof::ForcedLines { .. } => "forced lines",
        Proof::AllPositions { .. } => "all positions",
    }
}

/// The proof of an answer in words, with its cost.
fn why(analysis: &Analysis, budget: Budget) -> String {
    let nodes = analysis.nodes;
    match &analysis.proof {
        None => format!("no proof either way within {} nodes", budget.nodes),
        Some(Proof::Helpmate(line)) if line.is_empty() => "it has already mated".to_owned(),
        Some(Proof::Helpmate(line)) => format!(
            "a helpmate of {} plies, found after {nodes} nodes in all",
            line.len()
        ),
        Some(Proof::GameOver) => "the game is over without its mate".to_owned(),
        Some(Proof::Material(pattern)) => format!("material: {}", pattern.describe()),
        Some(Proof::LockedPawns) => {
            "locked pawns: the pawns can never move or be taken, and no bishop check is mate"
                .to_owned()
        }
        Some(Proof::Regions) => "regions: the squares each piece could ever reach leave no \
                                 square where the other king could be mated"
            .to_owned(),
        Some(Proof::ForcedLines { plies }) => format!(
            "forced lines: every line of at most {plies} plies reaches a position proven \
             unwinnable; {nodes} nodes in all"
        ),
        Some(Proof::AllPositions { positions }) => format!(
            "all positions: every position that can arise was seen ({positions} moves played \
             in that search), none a mate; {nodes} nodes in all"
        ),
    }
}

/// The line in SAN with move numbers, from `pos`.
fn san(pos: &shakmaty::Chess, line: &[shakmaty::Move]) -> String {
    let mut pos = pos.clone();
    let mut number = pos.fullmoves().get();
    let mut out = String::new();
    for (i, m) in line.iter().enumerate() {
        if pos.turn() == shakmaty::Color::White {
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}... ");
        }
        if pos.turn() == shakmaty::Color::Black {
            number += 1;
        }
        let _ = write!(
            out,
            "{} ",
            SanPlus::from_move_and_play_unchecked(&mut pos, *m)
        );
    }
    out.trim_end().to_owned()
}
