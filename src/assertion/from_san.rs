//! `from_san`: the move a SAN denotes, or its rejection (`null`) when it is ambiguous, names no
//! legal move or is malformed (FIDE Appendix C).

use std::collections::BTreeMap;

use super::compare::nonsense;
use super::probe::judged;
use super::{Assertion, Facts, Plan, Step, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question::ParseSan;
use crate::replay;

/// The `from_san` assertion: SAN to its UCI move, or null.
pub(crate) struct Kind;

fn show(m: &Option<String>) -> String {
    m.clone().unwrap_or_else(|| "rejected".into())
}

impl Assertion for Kind {
    type Value = BTreeMap<String, Option<String>>;
    const KEY: &'static str = "from_san";

    fn validate(map: &BTreeMap<String, Option<String>>, at: &mut Validation<'_>) {
        at.not_empty(
            map.is_empty(),
            "map SAN to the UCI move it denotes, or to null",
        );
        for (san, uci) in map {
            if let Some(uci) = uci {
                at.legal_move(
                    uci,
                    &[Step::Key(san.clone())],
                    false,
                    "each move of `from_san`",
                );
            }
        }
    }

    fn plan(map: &BTreeMap<String, Option<String>>, _: &Facts<'_>, plan: &mut Plan) {
        for (san, uci) in map {
            let (san, expected) = (san.clone(), uci.clone());
            plan.probe(
                format!("from_san {san}"),
                Capabilities::NONE.with(Capability::ParseSan),
                show(uci),
                move |asker| {
                    let q = format!("move of SAN {san}");
                    let actual = asker.ask(&q, ParseSan { san: san.clone() })?;
                    if let Some(m) = &actual {
                        replay::check_uci_syntax(m).map_err(|e| nonsense(&q, e.to_string()))?;
                    }
                    Ok(judged(actual == expected, show(&actual)))
                },
            );
        }
    }

    fn transform(
        map: &BTreeMap<String, Option<String>>,
        twin: &Twin,
    ) -> Result<BTreeMap<String, Option<String>>, String> {
        let s = twin.symmetry;
        Ok(map
            .iter()
            .map(|(text, uci)| (s.san(text), uci.as_ref().map(|m| s.uci(m))))
            .collect())
    }
}
