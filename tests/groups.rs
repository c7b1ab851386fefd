//! The grouped reports as a reader meets them, as insta snapshots: the text report and the
//! Markdown report of a run with failures and errors of a few causes (the mutant that cannot
//! promote to a knight, over the hand-written promotion cases). A change of grouping, wording
//! or layout shows as a diff to review (`cargo insta review`).

use chess_conformance::report::{self, Detail, Paint};
use chess_conformance::{Catalogue, Mutant, Origin, Run};

fn run(catalogue: &Catalogue) -> Run<'_> {
    let mut mutant = Mutant::named("no-knight-promotion").expect("a mutant");
    Run::new(&mut mutant, catalogue)
}

fn catalogue() -> Catalogue {
    Catalogue::builtin_selected(Some("promotion/"), Some(Origin::HandWritten))
        .expect("the promotion cases")
}

#[test]
fn grouped_text_report() {
    let catalogue = catalogue();
    let run = run(&catalogue);
    let text = report::text_painted(&run, Detail::Normal, "", Paint::Plain);
    insta::assert_snapshot!("grouped_text", text);
    // `--all`: every failure and error in full, as before groups, and no group.
    let all = report::text_painted(&run, Detail::All, "", Paint::Plain);
    assert!(!all.contains("by cause"), "{all}");
    let blocks = |t: &str| t.matches("\n  FAIL  ").count() + t.matches("\n  ERROR ").count();
    let tally = run.tally();
    assert_eq!(blocks(&all), tally.failed + tally.errors, "{all}");
    assert_eq!(blocks(&text), run.groups().len(), "{text}");
}

#[test]
fn grouped_markdown_report() {
    let catalogue = catalogue();
    insta::assert_snapshot!("grouped_markdown", report::markdown(&run(&catalogue)));
}
