//! `illegal`: moves that must not be legal (castling through check, en passant too late, a
//! pinned piece's move, ...).

use std::collections::BTreeSet;

use super::compare::{list, moves_answer};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation, map_all, sorted_list};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::LegalMoves;

/// The `illegal` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = Vec<String>;
    const KEY: &'static str = "illegal";

    fn validate(moves: &Vec<String>, at: &mut Validation<'_>) {
        at.not_empty(moves.is_empty(), "list the moves that must not be legal");
        at.uci_syntax(moves, &[]);
    }

    fn plan(moves: &Vec<String>, _: &Facts<'_>, plan: &mut Plan) {
        let expected = moves.clone();
        plan.probe(
            "illegal",
            Capabilities::NONE.with(Capability::LegalMoves),
            list(moves),
            move |asker| {
                let q = "legal moves";
                let legal = moves_answer(q, asker.ask(q, LegalMoves {})?)?;
                let set: BTreeSet<&String> = legal.iter().collect();
                let found: Vec<String> = expected
                    .iter()
                    .filter(|m| set.contains(m))
                    .cloned()
                    .collect();
                Ok(if found.is_empty() {
                    judged(true, "none legal".into())
                } else {
                    judged(false, format!("legal: {}", list(&found)))
                })
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
