//! The built-in mutants (`src/mutant/`): each one really breaks a rule the hand-written cases
//! catch, and the machinery they share, with no rule replaced, is the reference.

use chess_conformance::mutant::{Hooks, MUTANTS, Mutation};
use chess_conformance::{Catalogue, Mutant, Origin, Outcome, Reference, check};

fn hand_written() -> Catalogue {
    Catalogue::builtin_selected(None, Some(Origin::HandWritten)).expect("the catalogue loads")
}

/// The mutants' engine with every hook the reference's answers every hand-written case as the
/// reference does (those of the historical pieces, which no mutant takes, aside): a kill is the
/// rule a mutant replaces, never the machinery.
#[test]
fn the_mutant_engine_without_a_mutation_is_the_reference() {
    static NONE: Mutation = Mutation {
        name: "none",
        area: "none",
        article: "-",
        breaks: "nothing",
        hooks: Hooks::REFERENCE,
    };
    let catalogue = hand_written();
    let mut reference = Reference::new();
    let mut mutant = Mutant::new(&NONE);
    let mut differ = Vec::new();
    for case in catalogue.cases() {
        // The mutants break rules of the standard pieces; they do not take the historical ones.
        if case.needs().contains(chess_conformance::Capability::Pieces) {
            assert_eq!(check(&mut mutant, case).outcome, Outcome::Skip);
            continue;
        }
        let ours = check(&mut reference, case);
        let theirs = check(&mut mutant, case);
        if ours.outcome == Outcome::Pass && theirs.outcome != Outcome::Pass {
            differ.push(format!("{}: {:?}", case.case.id, theirs.reason));
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Every mutant fails at least two hand-written cases the reference passes (a mutant that
/// changes nothing, or that one case alone catches, fails here), and the table is what the
/// command line and docs/MUTANTS.md say: forty or more, names unique.
#[test]
fn every_mutant_differs_from_the_reference_on_two_hand_written_cases() {
    assert!(MUTANTS.len() >= 40, "{} mutants", MUTANTS.len());
    let mut names: Vec<&str> = MUTANTS.iter().map(|m| m.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), MUTANTS.len(), "mutant names repeat");

    let catalogue = hand_written();
    let mut reference = Reference::new();
    let passed: Vec<_> = catalogue
        .cases()
        .iter()
        .filter(|case| check(&mut reference, case).outcome == Outcome::Pass)
        .collect();
    let mut weak = Vec::new();
    for mutation in MUTANTS {
        let mut mutant = Mutant::new(mutation);
        // Two are enough: the cases after them are not run, and the mutant's own area is asked
        // first (where its kills are; a mutant of the last area used to walk every case before).
        let (own, others): (Vec<&&_>, Vec<&&_>) = passed
            .iter()
            .partition(|case| case.case.area() == mutation.area);
        let kills = own
            .into_iter()
            .chain(others)
            .filter(|case| {
                matches!(
                    check(&mut mutant, case).outcome,
                    Outcome::Fail | Outcome::Error
                )
            })
            .take(2)
            .count();
        if kills < 2 {
            weak.push(format!("{}: {kills}", mutation.name));
        }
    }
    assert!(
        weak.is_empty(),
        "killed by fewer than two cases: {}",
        weak.join(", ")
    );
}
