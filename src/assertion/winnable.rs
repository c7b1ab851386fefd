//! `winnable`: whether each side named could still checkmate by some series of legal moves,
//! judged over the whole position: material, pawn structure, forced lines (FIDE 6.9, 5.2.2).

use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::case::WinnableExpect;
use crate::engine::Capabilities;
use crate::question::Winnable;
use crate::symmetry::Symmetry;
use crate::vocabulary::Winnability;

/// The `winnable` assertion.
pub struct Kind;

impl Assertion for Kind {
    type Value = WinnableExpect;
    const KEY: &'static str = "winnable";

    fn validate(winnable: &WinnableExpect, at: &mut Validation<'_>) {
        if winnable.white.is_none() && winnable.black.is_none() {
            at.error_at_key(
                &[],
                "`winnable` names at least one side: `{ white: winnable|unwinnable, black: ... }`",
            );
        }
        for (side, answer) in winnable.sides() {
            if answer == Winnability::Undetermined {
                at.error(
                    &[side.name().into()],
                    format!(
                        "`winnable` states the truth for {side}: `winnable` or `unwinnable`; \
                         `undetermined` is an engine's answer, not a rule"
                    ),
                );
            }
        }
    }

    fn plan(winnable: &WinnableExpect, _: &Facts<'_>, plan: &mut Plan) {
        for (side, want) in winnable.sides() {
            plan.probe(
                format!("winnable {side}"),
                Capabilities::NONE.with(Capability::Winnable),
                want.to_string(),
                move |asker| {
                    let actual = asker.ask(&format!("winnable for {side}"), Winnable { side })?;
                    Ok(judged(actual == want, actual.to_string()))
                },
            );
        }
    }

    fn transform(w: &WinnableExpect, twin: &Twin) -> Result<WinnableExpect, String> {
        Ok(match twin.symmetry {
            Symmetry::Flip => WinnableExpect {
                white: w.black,
                black: w.white,
            },
            Symmetry::Mirror => *w,
        })
    }
}
