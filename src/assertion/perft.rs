//! `perft`: the number of leaf nodes of the legal move tree at each depth given, the usual
//! test of move generation as a whole.

use std::collections::BTreeMap;

use super::probe::judged;
use super::{Assertion, Facts, Judged, Plan, Step, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::Perft;

/// The `perft` assertion: depth to node count.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = BTreeMap<u32, u64>;
    const KEY: &'static str = "perft";

    fn validate(counts: &BTreeMap<u32, u64>, at: &mut Validation<'_>) {
        at.not_empty(counts.is_empty(), "map depths to their node counts");
        if counts.contains_key(&0) {
            at.error_at_key(
                &[Step::Key("0".into())],
                "perft depths start at 1 (depth 0 is always 1 node)",
            );
        }
    }

    fn plan(counts: &BTreeMap<u32, u64>, _: &Facts<'_>, plan: &mut Plan) {
        for (&depth, &expected) in counts {
            plan.probe(
                format!("perft {depth}"),
                Capabilities::NONE.with(Capability::Perft),
                expected.to_string(),
                move |asker| {
                    if let Some(limit) = asker.limits().perft_nodes.filter(|&l| expected > l) {
                        return Ok(Judged::Skip(format!(
                            "the count is above the perft limit of {limit} nodes"
                        )));
                    }
                    let actual = asker.ask(&format!("perft {depth}"), Perft { depth })?;
                    Ok(judged(actual == expected, actual.to_string()))
                },
            );
        }
    }

    fn transform(counts: &BTreeMap<u32, u64>, _: &Twin) -> Result<BTreeMap<u32, u64>, String> {
        Ok(counts.clone())
    }
}
