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
    planner.plan
}
