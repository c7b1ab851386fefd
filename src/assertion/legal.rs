//! `legal`: moves that must be legal (FIDE 3.1-3.8: each piece's moves, castling, en passant).

use std::collections::BTreeSet;

use super::compare::{list, moves_answer};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation, map_all, sorted_list};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::LegalMoves;

/// The `legal` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = Vec<String>;
    const KEY: &'static str = "legal";

    fn validate(moves: &Vec<String>, at: &mut Validation<'_>) {
        at.not_empty(moves.is_empty(), "list the moves that must be legal");
        at.uci_syntax(moves, &[]);
    }

    fn plan(moves: &Vec<String>, _: &Facts<'_>, plan: &mut Plan) {
        let expected = moves.clone();
        plan.probe(
            "legal",
            Capabilities::NONE.with(Capability::LegalMoves),
            list(moves),
            move |asker| {
                let q = "legal moves";
                let legal = moves_answer(q, asker.ask(q, LegalMoves {})?)?;
                let set: BTreeSet<&String> = legal.iter().collect();
                let missing: Vec<String> = expected
                    .iter()
                    .filter(|m| !set.contains(m))
                    .cloned()
                    .collect();
                Ok(if missing.is_empty() {
                    judged(true, "all legal".into())
                } else {
                    judged(false, format!("not legal: {}", list(&missing)))
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
