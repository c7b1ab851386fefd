//! `legal`: moves that must be legal (FIDE 3.1-3.8: each piece's moves, castling, en passant).

use super::compare::probe_legality;
use super::{Assertion, Facts, Plan, Twin, Validation, map_all, sorted_list};

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
        probe_legality(plan, moves, true);
    }

    fn transform(moves: &Vec<String>, twin: &Twin) -> Result<Vec<String>, String> {
        Ok(map_all(moves, |m| twin.symmetry.uci(m)))
    }

    fn normalize(moves: &Vec<String>) -> Vec<String> {
        sorted_list(moves)
    }
}
