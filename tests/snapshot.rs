//! The reference engine's verdict on every case, as an insta snapshot: any change of behaviour
//! (a case added, removed, or turning from pass to fail) shows as a diff to review with
//! `cargo insta review`. CI runs with `INSTA_UPDATE=no`, so an unreviewed change fails.

use chess_conformance::{Catalogue, Outcome, Reference, Run};

#[test]
fn reference_verdicts() {
    let catalogue = Catalogue::builtin().expect("the shipped catalogue loads");
    let run = Run::new(&mut Reference::new(), &catalogue);
    let mut listing = String::new();
    for (_, verdict) in &run.results {
        listing.push_str(&format!("{}: {}", verdict.id, verdict.outcome));
        if let Some(reason) = &verdict.reason {
            listing.push_str(&format!(" ({reason})"));
        }
        listing.push('\n');
        if verdict.outcome == Outcome::Fail {
            for check in verdict.failures() {
                listing.push_str(&format!(
                    "    {}: expected {}, actual {}\n",
                    check.assertion, check.expected, check.actual
                ));
            }
        }
    }
    listing.push_str(&format!("{}\n", run.tally()));
    insta::assert_snapshot!("reference", listing);
}
