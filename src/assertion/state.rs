//! `state`: how the game stands after the history: ongoing, or over and how (checkmate, with
//! `winner`; stalemate; insufficient material; a dead position; fivefold repetition; the
//! seventy-five-move rule), in the precedence of [`StateName`].

use super::probe::judged;
use super::{Assertion, Facts, Plan, Stop, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::GameState as GameStateQuestion;
use crate::vocabulary::{GameState, StateName};

/// The `state` assertion (with `winner` for a checkmate).
pub(crate) struct Kind;

/// The capability of the rule that must fire for a game to reach `state`, beyond the
/// `game-state` question itself: the rules some libraries leave out.
pub(crate) fn rule_of(state: StateName) -> Option<Capability> {
    match state {
        StateName::InsufficientMaterial => Some(Capability::InsufficientMaterial),
        StateName::DeadPosition => Some(Capability::DeadPosition),
        StateName::FivefoldRepetition => Some(Capability::Fivefold),
        StateName::SeventyFiveMoves => Some(Capability::SeventyFiveMoves),
        StateName::Ongoing | StateName::Checkmate | StateName::Stalemate => None,
    }
}

impl Assertion for Kind {
    type Value = StateName;
    const KEY: &'static str = "state";

    fn validate(state: &StateName, at: &mut Validation<'_>) {
        if *state == StateName::Checkmate && at.expect().winner.is_none() {
            at.error_at_key(&[], "`state: checkmate` needs `winner` (white or black)");
        }
    }

    fn plan(state: &StateName, facts: &Facts<'_>, plan: &mut Plan) {
        let needs = rule_of(*state)
            .into_iter()
            .fold(Capabilities::NONE.with(Capability::GameState), |n, c| {
                n.with(c)
            });
        let expected = GameState::from_parts(*state, facts.expect.winner);
        let shown = match &expected {
            Ok(e) => e.to_string(),
            Err(_) => state.to_string(),
        };
        plan.probe("state", needs, shown, move |asker| {
            let actual = asker.ask("game state", GameStateQuestion {})?;
            let Ok(expected) = expected else {
                return Err(Stop::Error(
                    "invalid case: `state: checkmate` without `winner` (load cases through the \
                     catalogue, which refuses this)"
                        .into(),
                ));
            };
            Ok(judged(actual == expected, actual.to_string()))
        });
    }

    fn transform(state: &StateName, _: &Twin) -> Result<StateName, String> {
        Ok(*state)
    }
}
