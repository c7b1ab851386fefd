//! `winnable`: whether each side named could still checkmate by some series of legal moves,
//! judged over the whole position: material, pawn structure, forced lines (FIDE 6.9, 5.2.2).

use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use serde::{Deserialize, Serialize};

use crate::engine::Capabilities;
use crate::question::Winnable;
use crate::symmetry::Symmetry;
use crate::vocabulary::Color;
use crate::vocabulary::Winnability;

/// The `winnable` assertion: for each side named, whether it can still checkmate.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct WinnableExpect {
    /// White's answer, if the case states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white: Option<Winnability>,
    /// Black's answer, if the case states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black: Option<Winnability>,
}

impl WinnableExpect {
    /// The sides named, with their expected answers, White first.
    pub fn sides(&self) -> impl Iterator<Item = (Color, Winnability)> {
        [(Color::White, self.white), (Color::Black, self.black)]
            .into_iter()
            .filter_map(|(color, w)| w.map(|w| (color, w)))
    }
}

/// The `winnable` assertion.
pub(crate) struct Kind;

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
