//! `move_count`: the number of legal moves.

use super::compare::moves_answer;
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::LegalMoves;

/// The `move_count` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = u32;
    const KEY: &'static str = "move_count";

    fn validate(_: &u32, _: &mut Validation<'_>) {}

    fn plan(count: &u32, _: &Facts<'_>, plan: &mut Plan) {
        let expected = *count;
        plan.probe(
            "move_count",
            Capabilities::NONE.with(Capability::LegalMoves),
            expected.to_string(),
            move |asker| {
                let q = "legal moves";
                let n = moves_answer(q, asker.ask(q, LegalMoves {})?)?.len();
                Ok(judged(n == expected as usize, n.to_string()))
            },
        );
    }

    fn transform(count: &u32, _: &Twin) -> Result<u32, String> {
        Ok(*count)
    }
}
