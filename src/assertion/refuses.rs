//! `refuses`: illegal moves an engine, asked to play them, must refuse, its position left as it
//! was (FIDE 7.5.1: the position before the illegal move is reinstated).

use super::compare::{moves_answer, set_difference, sorted};
use super::probe::judged;
use super::{Asker, Assertion, Facts, Plan, Stop, Twin, Validation, map_all, sorted_list};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::{LegalMoves, Play};
use crate::vocabulary::MoveResult;

/// The `refuses` assertion.
pub(crate) struct Kind;

/// The engine's legal moves before anything was played, sorted.
fn before(asker: &mut Asker<'_>) -> Result<Vec<String>, Stop> {
    let q = "legal moves";
    Ok(sorted(moves_answer(q, asker.ask(q, LegalMoves {})?)?))
}

impl Assertion for Kind {
    type Value = Vec<String>;
    const KEY: &'static str = "refuses";

    fn validate(moves: &Vec<String>, at: &mut Validation<'_>) {
        at.not_empty(
            moves.is_empty(),
            "list illegal moves the engine must refuse",
        );
        at.uci_syntax(moves, &[]);
    }

    fn plan(moves: &Vec<String>, _: &Facts<'_>, plan: &mut Plan) {
        let needs = Capabilities::NONE
            .with(Capability::Play)
            .with(Capability::LegalMoves);
        for uci in moves {
            let uci = uci.clone();
            plan.probe(format!("refuses {uci}"), needs, "refused", move |asker| {
                // The moves before any refusal, for the last check.
                before(asker)?;
                let q = format!("play {uci}");
                Ok(match asker.ask(&q, Play { uci: uci.clone() })? {
                    MoveResult::Refused(why) => judged(true, format!("refused ({why})")),
                    MoveResult::Played(fen) => judged(false, format!("played it, giving {fen}")),
                })
            });
        }
        plan.probe("refuses: position kept", needs, "unchanged", |asker| {
            let before = before(asker)?;
            let q = "legal moves after the refusals";
            let after = sorted(moves_answer(q, asker.ask_again(q, LegalMoves {})?)?);
            let (passed, shown) = set_difference(&before, &after);
            Ok(if passed {
                judged(true, "unchanged".into())
            } else {
                judged(false, format!("changed: {shown}"))
            })
        });
    }

    fn transform(moves: &Vec<String>, twin: &Twin) -> Result<Vec<String>, String> {
        Ok(map_all(moves, |m| twin.symmetry.uci(m)))
    }

    fn normalize(moves: &Vec<String>) -> Vec<String> {
        sorted_list(moves)
    }
}
