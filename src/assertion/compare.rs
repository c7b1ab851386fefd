//! What judging answers shares: lists shown as the reports show them, sets compared with their
//! difference described, and answers read in the suite's vocabulary (a move that is not UCI, a
//! square that is no square, is an error of the engine, not a wrong answer).

use std::collections::BTreeSet;

use super::probe::judged;
use super::{Plan, Stop};
use crate::engine::{Capabilities, Capability};
use crate::question::LegalMoves;
use crate::replay;

/// A list as reports show it: `[a, b]`.
pub(crate) fn list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

/// The distinct items, sorted.
pub(crate) fn sorted(items: impl IntoIterator<Item = String>) -> Vec<String> {
    let set: BTreeSet<String> = items.into_iter().collect();
    set.into_iter().collect()
}

/// An answer that is not in the vocabulary.
pub(crate) fn nonsense(question: &str, what: String) -> Stop {
    Stop::Error(format!("{question}: the answer is not valid: {what}"))
}

/// The answer, if every item is a UCI move.
pub(crate) fn moves_answer(question: &str, moves: Vec<String>) -> Result<Vec<String>, Stop> {
    for m in &moves {
        replay::check_uci_syntax(m).map_err(|e| nonsense(question, e.to_string()))?;
    }
    Ok(moves)
}

/// The probe of `legal` (`legal: true`) and `illegal`: the engine's legal moves asked once,
/// each listed move judged by whether it is among them.
pub(crate) fn probe_legality(plan: &mut Plan, moves: &[String], legal: bool) {
    let expected = moves.to_vec();
    plan.probe(
        if legal { "legal" } else { "illegal" },
        Capabilities::NONE.with(Capability::LegalMoves),
        list(moves),
        move |asker| {
            let q = "legal moves";
            let answer = moves_answer(q, asker.ask(q, LegalMoves {})?)?;
            let set: BTreeSet<&String> = answer.iter().collect();
            // The listed moves the engine has on the wrong side.
            let wrong: Vec<String> = expected
                .iter()
                .filter(|m| set.contains(m) != legal)
                .cloned()
                .collect();
            Ok(match (wrong.is_empty(), legal) {
                (true, true) => judged(true, "all legal".into()),
                (true, false) => judged(true, "none legal".into()),
                (false, true) => judged(false, format!("not legal: {}", list(&wrong))),
                (false, false) => judged(false, format!("legal: {}", list(&wrong))),
            })
        },
    );
}

/// The answer, if every item is a square name.
pub(crate) fn squares_answer(question: &str, squares: Vec<String>) -> Result<Vec<String>, Stop> {
    for s in &squares {
        crate::vocabulary::check_square(s).map_err(|e| nonsense(question, e))?;
    }
    Ok(squares)
}

/// Compares two square or move sets: whether they are equal, and the actual set (sorted) or how
/// it differs.
pub(crate) fn set_difference(expected: &[String], actual: &[String]) -> (bool, String) {
    let want: BTreeSet<&String> = expected.iter().collect();
    let got: BTreeSet<&String> = actual.iter().collect();
    let missing: Vec<String> = want.difference(&got).map(|s| (*s).clone()).collect();
    let extra: Vec<String> = got.difference(&want).map(|s| (*s).clone()).collect();
    let duplicates = actual.len() - got.len();
    let mut parts = Vec::new();
    if !missing.is_empty() {
        parts.push(format!("missing {}", list(&missing)));
    }
    if !extra.is_empty() {
        parts.push(format!("unexpected {}", list(&extra)));
    }
    if duplicates > 0 {
        parts.push(format!("{duplicates} listed twice"));
    }
    if parts.is_empty() {
        (true, list(&sorted(actual.iter().cloned())))
    } else {
        (false, parts.join("; "))
    }
}

/// Names of claims, for comparison as a set.
pub(crate) fn claim_names(claims: &[crate::vocabulary::DrawClaim]) -> Vec<String> {
    claims.iter().map(|c| c.name().to_owned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_differences_say_what_differs() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            set_difference(&s(&["a", "b"]), &s(&["b", "a"])),
            (true, "[a, b]".into())
        );
        assert_eq!(
            set_difference(&s(&["a", "b"]), &s(&["b", "c", "c"])),
            (false, "missing [a]; unexpected [c]; 1 listed twice".into())
        );
    }
}
