//! `claims_with_move`: the draws a player may claim by declaring a legal move before playing it
//! (FIDE 9.2.1.1, 9.3.1): those the position it produces grounds; none if it ends the game.

use std::collections::BTreeMap;

use super::compare::{claim_names, list, set_difference, sorted};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Step, Twin, Validation, sorted_list};
use crate::Capability;
use crate::question::DrawClaimsWithMove;
use crate::replay;
use crate::vocabulary::DrawClaim;

/// The `claims_with_move` assertion: declared move to the claims it grounds.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = BTreeMap<String, Vec<DrawClaim>>;
    const KEY: &'static str = "claims_with_move";

    fn validate(map: &BTreeMap<String, Vec<DrawClaim>>, at: &mut Validation<'_>) {
        at.not_empty(
            map.is_empty(),
            "map legal moves to the claims declaring them grounds",
        );
        for uci in map.keys() {
            at.legal_move(
                uci,
                &[Step::Key(uci.clone())],
                true,
                "each key of `claims_with_move`",
            );
        }
    }

    fn plan(map: &BTreeMap<String, Vec<DrawClaim>>, facts: &Facts<'_>, plan: &mut Plan) {
        for (uci, claims) in map {
            // The game after the declared move: if it ends there, `[]` needs that rule.
            let after = facts.game.and_then(|game| {
                let m = replay::parse_uci(&game.position, uci).ok()?;
                let mut after = game.clone();
                after.push(m);
                Some(after)
            });
            let needs = super::claims::needs(Capability::ClaimWithMove, claims, after.as_ref());
            let (uci, expected) = (uci.clone(), claim_names(claims));
            plan.probe(
                format!("claims_with_move {uci}"),
                needs,
                list(&sorted(expected.clone())),
                move |asker| {
                    let question = DrawClaimsWithMove { uci: uci.clone() };
                    let actual = asker.ask(&format!("draw claims with {uci}"), question)?;
                    let (passed, shown) = set_difference(&expected, &claim_names(&actual));
                    Ok(judged(passed, shown))
                },
            );
        }
    }

    fn transform(
        map: &BTreeMap<String, Vec<DrawClaim>>,
        twin: &Twin,
    ) -> Result<BTreeMap<String, Vec<DrawClaim>>, String> {
        Ok(map
            .iter()
            .map(|(uci, claims)| (twin.symmetry.uci(uci), claims.clone()))
            .collect())
    }

    fn normalize(map: &BTreeMap<String, Vec<DrawClaim>>) -> BTreeMap<String, Vec<DrawClaim>> {
        map.iter()
            .map(|(uci, claims)| (uci.clone(), sorted_list(claims)))
            .collect()
    }
}
