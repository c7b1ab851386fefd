//! The checks a valid case makes of an engine, planned once at load from its assertions.

use crate::assertion::{self, Assertion, Facts, Plan, Visitor};
use crate::case::Case;
use crate::replay::Replay;

/// The checks of a valid case, in the format's order of its assertions.
pub(super) fn plan(case: &Case, game: Option<&Replay>) -> Plan {
    struct Planner<'a> {
        facts: Facts<'a>,
        plan: Plan,
    }
    impl Visitor for Planner<'_> {
        fn visit<A: Assertion>(&mut self, value: &A::Value) {
            A::plan(value, &self.facts, &mut self.plan);
        }
    }
    let mut planner = Planner {
        facts: assertion::Facts {
            fen: &case.fen,
            moves: &case.moves,
            expect: &case.expect,
            game,
            pieces: &case.pieces,
            variant: case.variant(),
        },
        plan: Plan::default(),
    };
    case.expect.visit(&mut planner);
    if !case.pieces.is_empty() {
        planner.plan.require_everywhere(crate::Capability::Pieces);
    }
    if !case.variant().is_standard() {
        planner.plan.require_everywhere(crate::Capability::Chess960);
    }
    if about_clocks(&case.rule) {
        planner.plan.about_clocks_everywhere();
    }
    planner.plan
}

/// Whether a case of `rule` tests the clocks: the fifty-move rule (FIDE 9.3 and its clauses)
/// and the seventy-five-move rule (9.6.2), which an engine that keeps no clocks cannot keep.
/// A case of another rule in those positions (mate or stalemate on the 150th half-move, rules
/// 5.1.1 and 5.2.1) is still asked.
fn about_clocks(rule: &str) -> bool {
    ["9.3", "9.6.2"].iter().any(|r| {
        rule == *r
            || rule
                .strip_prefix(r)
                .is_some_and(|rest| rest.starts_with('.'))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_rules_of_the_clocks() {
        for rule in ["9.3", "9.3.1", "9.3.2", "9.6.2"] {
            assert!(super::about_clocks(rule), "{rule}");
        }
        for rule in [
            "9.30",
            "9.6",
            "9.6.1",
            "5.1.1",
            "3.10.3",
            "source:pgn-standard",
        ] {
            assert!(!super::about_clocks(rule), "{rule}");
        }
    }
}
