//! `claims`: the exact set of draws the player to move may claim now: threefold repetition
//! (FIDE 9.2), fifty moves (9.3); none once the game is over.

use super::compare::{claim_names, list, set_difference, sorted};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation, sorted_list};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::DrawClaims;
use crate::replay::Replay;
use crate::vocabulary::DrawClaim;

/// The `claims` assertion.
pub(crate) struct Kind;

/// What an engine must implement to answer `claims` right in `game`: the claims question
/// (`question`), the rule of each claim expected, and the automatic ending that made the game
/// over, if it is: a game that is over has no claims, so `[]` there is right only for an
/// engine that implements the rule that ended it.
pub(crate) fn needs(
    question: Capability,
    claims: &[DrawClaim],
    game: Option<&Replay>,
) -> Capabilities {
    let mut needs = Capabilities::NONE.with(question);
    for claim in claims {
        needs = needs.with(match claim {
            DrawClaim::ThreefoldRepetition => Capability::Repetition,
            DrawClaim::FiftyMoves => Capability::MoveClocks,
        });
    }
    if let Some(rule) = game.and_then(|g| super::state::rule_of(g.state().name())) {
        needs = needs.with(rule);
    }
    needs
}

impl Assertion for Kind {
    type Value = Vec<DrawClaim>;
    const KEY: &'static str = "claims";

    fn validate(_: &Vec<DrawClaim>, _: &mut Validation<'_>) {}

    fn plan(claims: &Vec<DrawClaim>, facts: &Facts<'_>, plan: &mut Plan) {
        let expected = claim_names(claims);
        plan.probe(
            "claims",
            needs(Capability::DrawClaims, claims, facts.game),
            list(&sorted(expected.clone())),
            move |asker| {
                let actual = asker.ask("draw claims", DrawClaims {})?;
                let (passed, shown) = set_difference(&expected, &claim_names(&actual));
                Ok(judged(passed, shown))
            },
        );
    }

    fn transform(claims: &Vec<DrawClaim>, _: &Twin) -> Result<Vec<DrawClaim>, String> {
        Ok(claims.clone())
    }

    fn normalize(claims: &Vec<DrawClaim>) -> Vec<DrawClaim> {
        sorted_list(claims)
    }
}
