//! `winner`: the side that mated, beside `state: checkmate` and only there. It asks nothing of
//! its own: the `state` assertion compares it.

use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::vocabulary::{Color, StateName};

/// The `winner` part of a `state: checkmate` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = Color;
    const KEY: &'static str = "winner";

    fn validate(_: &Color, at: &mut Validation<'_>) {
        if at.expect().state != Some(StateName::Checkmate) {
            at.error_at_key(&[], "`winner` goes only with `state: checkmate`");
        }
    }

    fn plan(_: &Color, _: &Facts<'_>, _: &mut Plan) {}

    fn transform(winner: &Color, twin: &Twin) -> Result<Color, String> {
        Ok(twin.symmetry.color(*winner))
    }
}
