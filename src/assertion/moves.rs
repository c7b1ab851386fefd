//! `moves`: the exact set of legal moves (empty: the player has none, mate or stalemate).

use super::compare::{list, moves_answer, set_difference, sorted};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation, map_all, sorted_list};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::LegalMoves;

/// The `moves` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = Vec<String>;
    const KEY: &'static str = "moves";

    fn validate(moves: &Vec<String>, at: &mut Validation<'_>) {
        at.uci_syntax(moves, &[]);
    }

    fn plan(moves: &Vec<String>, _: &Facts<'_>, plan: &mut Plan) {
        let expected = moves.clone();
        plan.probe(
            "moves",
            Capabilities::NONE.with(Capability::LegalMoves),
            list(&sorted(moves.iter().cloned())),
            move |asker| {
                let q = "legal moves";
                let legal = moves_answer(q, asker.ask(q, LegalMoves {})?)?;
                let (passed, actual) = set_difference(&expected, &legal);
                Ok(judged(passed, actual))
            },
        );
    }

    fn transform(moves: &Vec<String>, twin: &Twin) -> Result<Vec<String>, String> {
        Ok(map_all(moves, |m| twin.symmetry.uci(m)))
    }

    fn normalize(moves: &Vec<String>) -> Vec<String> {
        sorted_list(moves)
    }
}
