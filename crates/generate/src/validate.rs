//! The generator's own check: the generated files loaded back through the strict loader, read
//! back as written, and every generated case run against the reference.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use chess_conformance::case::Case;
use chess_conformance::catalogue::{Catalogue, LoadedCase, Origin, Source};
use chess_conformance::{Outcome, Reference};

use crate::{AREAS, GenerateError, Generation, Twin, parallel};

/// Loads the generated files back with the hand-written ones through the strict loader, checks
/// that they read back as generated, and runs every generated case against the reference: each
/// must pass, but for the twins of a case the reference is known to fail
/// ([`Baseline::reference`](chess_conformance::Baseline::reference)) or does not pass yet.
///
/// # Errors
///
/// Every load error, every case that does not read back as written, and every case the
/// reference does not pass, with its id.
pub fn validate(
    hand_sources: &[Source],
    generation: &Generation,
    yaml: &BTreeMap<String, String>,
) -> Result<Catalogue, GenerateError> {
    let sources = hand_sources
        .iter()
        .cloned()
        .chain(yaml.iter().map(|(area, text)| Source {
            name: format!("generated/{area}.yaml"),
            text: text.clone(),
        }));
    let catalogue = Catalogue::from_sources(sources, [])
        .map_err(|e| GenerateError(format!("the generated cases do not load:\n{e}")))?;
    let loaded: Vec<&LoadedCase> = catalogue
        .cases()
        .iter()
        .filter(|c| c.origin == Origin::Generated)
        .collect();
    let written: Vec<&Case> = generation.areas.values().flatten().collect();
    if loaded.len() != written.len() {
        return Err(GenerateError(format!(
            "{} cases were generated but {} read back",
            written.len(),
            loaded.len()
        )));
    }
    for (l, w) in loaded.iter().zip(&written) {
        if l.case != **w {
            return Err(GenerateError(format!(
                "case `{}` does not read back as it was written: a bug in the YAML writer",
                w.id
            )));
        }
    }
    // The twins of a case the reference is known to fail (baselines/reference-shakmaty.yaml):
    // the case is right and the reference wrong, so the twins may fail the same way.
    let reference_fails = chess_conformance::Baseline::reference();
    let known: std::collections::BTreeSet<&str> = generation
        .twins
        .iter()
        .filter(|t| reference_fails.known_failures.contains_key(&t.id))
        .filter_map(|t| match &t.twin {
            Twin::Generated(id) => Some(id.as_str()),
            _ => None,
        })
        .collect();
    // The hand-written case each twin comes from, to excuse the twin of a hand-written case
    // the reference does not pass yet (a failure not in its baseline is the work of another
    // change, and the twin fails as its source does until then).
    let source_of: BTreeMap<&str, &str> = generation
        .twins
        .iter()
        .filter_map(|t| match &t.twin {
            Twin::Generated(id) => Some((id.as_str(), t.id.as_str())),
            _ => None,
        })
        .collect();
    let source_fails = |id: &str, reference: &mut Reference| {
        source_of.get(id).is_some_and(|source| {
            catalogue
                .cases()
                .iter()
                .find(|c| c.case.id == *source)
                .is_some_and(|c| chess_conformance::check(reference, c).outcome != Outcome::Pass)
        })
    };
    let problems: Vec<Vec<String>> = parallel(&AREAS, |area| {
        let mut reference = Reference::new();
        let mut problems = Vec::new();
        for c in loaded.iter().filter(|c| c.case.area() == *area) {
            let verdict = chess_conformance::check(&mut reference, c);
            if verdict.outcome != Outcome::Pass
                && !known.contains(c.case.id.as_str())
                && !source_fails(&c.case.id, &mut reference)
            {
                let mut text = format!("{}: {}", c.case.id, verdict.outcome);
                if let Some(source) = &c.case.source {
                    let _ = write!(text, " [{source}]");
                }
                if let Some(reason) = &verdict.reason {
                    let _ = write!(text, " ({reason})");
                }
                for check in verdict.failures() {
                    let _ = write!(
                        text,
                        "\n    {}: expected {}, actual {}",
                        check.assertion, check.expected, check.actual
                    );
                }
                problems.push(text);
            }
        }
        problems
    });
    let problems: Vec<String> = problems.into_iter().flatten().collect();
    if problems.is_empty() {
        Ok(catalogue)
    } else {
        Err(GenerateError(format!(
            "{} generated case{} did not pass against the reference (a bug in the generator or \
             in the hand-written case it came from):\n{}",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" },
            problems.join("\n")
        )))
    }
}
