//! `checkers`: the squares of the pieces giving check (empty: none; two: double check).

use super::compare::{list, set_difference, sorted, squares_answer};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation, map_all, sorted_list};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::Checkers;

/// The `checkers` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = Vec<String>;
    const KEY: &'static str = "checkers";

    fn validate(squares: &Vec<String>, at: &mut Validation<'_>) {
        at.squares(squares, &[]);
    }

    fn plan(squares: &Vec<String>, _: &Facts<'_>, plan: &mut Plan) {
        let expected = squares.clone();
        plan.probe(
            "checkers",
            Capabilities::NONE.with(Capability::Checkers),
            list(&sorted(squares.iter().cloned())),
            move |asker| {
                let q = "checkers";
                let actual = squares_answer(q, asker.ask(q, Checkers {})?)?;
                let (passed, shown) = set_difference(&expected, &actual);
                Ok(judged(passed, shown))
            },
        );
    }

    fn transform(squares: &Vec<String>, twin: &Twin) -> Result<Vec<String>, String> {
        Ok(map_all(squares, |s| twin.symmetry.square(s)))
    }

    fn normalize(squares: &Vec<String>) -> Vec<String> {
        sorted_list(squares)
    }
}
