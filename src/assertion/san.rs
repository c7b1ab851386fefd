//! `san`: the SAN an engine writes for legal moves (FIDE Appendix C): piece letters,
//! disambiguation, captures, promotions, castling, and the `+` and `#` suffixes.

use std::collections::BTreeMap;

use super::probe::judged;
use super::{Assertion, Facts, Plan, Step, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::San;

/// The `san` assertion: UCI move to its SAN.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = BTreeMap<String, String>;
    const KEY: &'static str = "san";

    fn validate(map: &BTreeMap<String, String>, at: &mut Validation<'_>) {
        at.not_empty(map.is_empty(), "map legal UCI moves to their SAN");
        for uci in map.keys() {
            at.legal_move(uci, &[Step::Key(uci.clone())], true, "each key of `san`");
        }
    }

    fn plan(map: &BTreeMap<String, String>, _: &Facts<'_>, plan: &mut Plan) {
        for (uci, san) in map {
            let (uci, expected) = (uci.clone(), san.clone());
            plan.probe(
                format!("san {uci}"),
                Capabilities::NONE.with(Capability::San),
                san.clone(),
                move |asker| {
                    let actual = asker.ask(&format!("SAN of {uci}"), San { uci: uci.clone() })?;
                    Ok(judged(actual == expected, actual))
                },
            );
        }
    }

    fn transform(
        map: &BTreeMap<String, String>,
        twin: &Twin,
    ) -> Result<BTreeMap<String, String>, String> {
        let s = twin.symmetry;
        Ok(map
            .iter()
            .map(|(uci, text)| (s.uci(uci), s.san(text)))
            .collect())
    }
}
