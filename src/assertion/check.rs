//! `check`: whether the side to move is in check (FIDE 3.9).

use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::InCheck;

/// The `check` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = bool;
    const KEY: &'static str = "check";

    fn validate(_: &bool, _: &mut Validation<'_>) {}

    fn plan(check: &bool, _: &Facts<'_>, plan: &mut Plan) {
        let expected = *check;
        plan.probe(
            "check",
            Capabilities::NONE.with(Capability::Check),
            expected.to_string(),
            move |asker| {
                let actual = asker.ask("in check", InCheck {})?;
                Ok(judged(actual == expected, actual.to_string()))
            },
        );
    }

    fn transform(check: &bool, _: &Twin) -> Result<bool, String> {
        Ok(*check)
    }
}
