//! `valid`: whether the FEN is a position an engine must accept (FIDE 3.7.5.3, 3.10; the PGN
//! standard's FEN): `false` for one it must reject, which then stands alone.

use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::ValidateFen;
use crate::symmetry::Symmetry;
use crate::vocabulary::FenCheck;

/// The `valid` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = bool;
    const KEY: &'static str = "valid";

    fn validate(valid: &bool, at: &mut Validation<'_>) {
        if !valid && (at.expect().present().len() > 1 || !at.moves().is_empty()) {
            at.error_at_key(
                &[],
                "`valid: false` stands alone: a case whose FEN must be rejected has no moves and \
                 no other assertion",
            );
        }
    }

    fn plan(valid: &bool, facts: &Facts<'_>, plan: &mut Plan) {
        let (valid, fen, variant) = (*valid, facts.fen.to_owned(), facts.variant);
        let about_clocks = !valid && facts.pieces.is_empty() && faulty_only_in_clocks(facts);
        plan.probe(
            "valid",
            Capabilities::NONE.with(Capability::ValidateFen),
            if valid { "accepted" } else { "rejected" },
            move |asker| {
                let question = ValidateFen {
                    fen: fen.clone(),
                    variant,
                };
                let (accepted, shown) = match asker.ask("validate FEN", question)? {
                    FenCheck::Accepted => (true, "accepted".to_owned()),
                    FenCheck::Rejected(why) => (false, format!("rejected ({why})")),
                };
                Ok(judged(accepted == valid, shown))
            },
        )
        .about_clocks = about_clocks;
    }

    fn obstacle(_: &bool, _: Symmetry, _: &Facts<'_>) -> Option<String> {
        Some(
            "a `valid` case asks whether the position can arise from the initial one, where White \
             moves first and the wings differ: the twin of a reachable position need not be \
             reachable (the initial position with Black to move is not)"
                .into(),
        )
    }

    fn transform(valid: &bool, _: &Twin) -> Result<bool, String> {
        Ok(*valid)
    }
}

/// Whether a FEN to be rejected is wrong only in its clocks: with its last two fields written
/// `0 1` (or added, where it has four) it is a position. An engine that keeps no clocks need not
/// read them, so it is not asked to reject it.
fn faulty_only_in_clocks(facts: &Facts<'_>) -> bool {
    let fields: Vec<&str> = facts.fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) || fields[4..] == ["0", "1"] {
        return false;
    }
    let zeroed = format!("{} 0 1", fields[..4].join(" "));
    crate::replay::parse_fen_in(&zeroed, facts.variant).is_ok()
}
