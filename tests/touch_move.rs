//! The touch-move cases can fail: engines that misread one part of the vocabulary (an accidental
//! touch taken for a deliberate one, "j'adoube" ignored, a release ignored, ...) are each caught
//! by some case, and an engine without the capability is skipped, not failed.

use chess_conformance::{
    Answer, Capabilities, Capability, Catalogue, Engine, Game, Identity, Obligation, Origin,
    Outcome, Reference, Run, TouchEvent,
};

/// A rewriting of the events that stands for one misreading of the Laws.
type Distortion = fn(&[TouchEvent]) -> Vec<TouchEvent>;

/// The reference arbiter, asked about a distorted list of events: one misreading of the Laws.
struct Misreading {
    name: &'static str,
    distort: Distortion,
    reference: Reference,
}

impl Engine for Misreading {
    fn identity(&self) -> Identity {
        Identity {
            name: self.name.into(),
            version: "0".into(),
        }
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.with(Capability::TouchMove)
    }
    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        let distorted = (self.distort)(events);
        self.reference.touch_move(game, &distorted)
    }
}

/// The hand-written touch-move cases (their generated twins and mined cases are checked by the
/// generator and the catalogue trials), loaded once: the whole built-in catalogue takes about a
/// second to load in a debug build.
fn touch_cases() -> Catalogue {
    static CASES: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    CASES
        .get_or_init(|| {
            Catalogue::builtin()
                .expect("the shipped catalogue loads")
                .filtered("touch-move/")
                .retain(|c| c.origin == Origin::HandWritten)
        })
        .clone()
}

/// The hand-written cases that can rest on a reading of Article 4: the touch-move cases and the
/// Chess960 ones with touch-move rulings (the `960-` readings arise only there).
fn reading_cases() -> Catalogue {
    static CASES: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    CASES
        .get_or_init(|| {
            Catalogue::builtin()
                .expect("the shipped catalogue loads")
                .retain(|c| {
                    c.origin == Origin::HandWritten
                        && (c.case.id.starts_with("touch-move/")
                            || (c.case.id.starts_with("chess960/")
                                && c.case.expect.touch_move.is_some()))
                })
        })
        .clone()
}

fn failures(name: &'static str, distort: Distortion) -> Vec<String> {
    let catalogue = touch_cases();
    let mut engine = Misreading {
        name,
        distort,
        reference: Reference::new(),
    };
    let run = Run::new(&mut engine, &catalogue);
    let tally = run.tally();
    assert_eq!(tally.errors, 0, "{name}: {tally}");
    run.results
        .iter()
        .filter(|(_, v)| v.outcome == Outcome::Fail)
        .map(|(_, v)| v.id.clone())
        .collect()
}

fn without(events: &[TouchEvent], drop: fn(&TouchEvent) -> bool) -> Vec<TouchEvent> {
    events.iter().filter(|e| !drop(e)).cloned().collect()
}

#[test]
fn every_misreading_is_caught() {
    let misreadings: [(&'static str, Distortion, &str); 8] = [
        (
            "accidental contact counts",
            |events| {
                events
                    .iter()
                    .map(|e| match e {
                        TouchEvent::AccidentalTouch(sq) => TouchEvent::Touch(sq.clone()),
                        other => other.clone(),
                    })
                    .collect()
            },
            "touch-move/accidental-touch-obliges-nothing",
        ),
        (
            "j'adoube not heard",
            |events| without(events, |e| *e == TouchEvent::SayJadoube),
            "touch-move/jadoube-then-adjust-obliges-nothing",
        ),
        (
            "adjusting is never touching",
            |events| without(events, |e| matches!(e, TouchEvent::Adjust(_))),
            "touch-move/adjust-without-jadoube-is-a-touch",
        ),
        (
            "the last touch counts",
            |events| {
                // The plain touches in reverse order, everything else in its place.
                let mut touches: Vec<TouchEvent> = events
                    .iter()
                    .filter(|e| matches!(e, TouchEvent::Touch(_)))
                    .cloned()
                    .collect();
                events
                    .iter()
                    .map(|e| match e {
                        TouchEvent::Touch(_) => touches.pop().expect("as many as taken"),
                        other => other.clone(),
                    })
                    .collect()
            },
            "touch-move/first-touched-own-piece-moves",
        ),
        (
            "together means in the order written",
            |events| {
                events
                    .iter()
                    .flat_map(|e| match e {
                        TouchEvent::TouchTogether(a, b) => {
                            vec![TouchEvent::Touch(a.clone()), TouchEvent::Touch(b.clone())]
                        }
                        other => vec![other.clone()],
                    })
                    .collect()
            },
            "touch-move/unclear-order-own-piece-counts-first",
        ),
        (
            "letting go fixes nothing",
            |events| {
                // (The opponent's touch goes too: it only follows a move.)
                without(events, |e| {
                    matches!(
                        e,
                        TouchEvent::Release { .. } | TouchEvent::OpponentTouches(_)
                    )
                })
            },
            "touch-move/released-piece-stays",
        ),
        (
            "the promotion piece is free until let go",
            |events| without(events, |e| matches!(e, TouchEvent::NewPieceTouches { .. })),
            "touch-move/promotion-piece-final-on-touching-square",
        ),
        (
            "a breach can always be claimed",
            |events| without(events, |e| matches!(e, TouchEvent::OpponentTouches(_))),
            "touch-move/breach-stands-once-opponent-touches",
        ),
    ];
    for (name, distort, caught_by) in misreadings {
        let failed = failures(name, distort);
        assert!(
            failed.iter().any(|id| id == caught_by),
            "`{name}` should fail {caught_by}; it fails {failed:?}"
        );
    }
}

/// Answers "any legal move" to everything: the cases that restrict the player must fail.
struct Lenient;

impl Engine for Lenient {
    fn identity(&self) -> Identity {
        Identity {
            name: "lenient".into(),
            version: "0".into(),
        }
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.with(Capability::TouchMove)
    }
    fn touch_move(&mut self, _: &Game, _: &[TouchEvent]) -> Answer<Obligation> {
        Ok(Obligation::AnyLegalMove)
    }
}

#[test]
fn no_obligation_at_all_fails_the_restricting_cases() {
    let catalogue = touch_cases();
    let run = Run::new(&mut Lenient, &catalogue);
    let tally = run.tally();
    assert!(tally.failed >= 55, "{tally}");
    // "any" written as the full list of legal moves means the same: this case still passes.
    let parry = run
        .results
        .iter()
        .find(|(c, _)| c.case.id == "touch-move/in-check-touched-piece-cannot-parry")
        .expect("the case exists");
    assert_eq!(parry.1.outcome, Outcome::Pass);
}

/// An engine that knows nothing of touch-move.
struct Silent;

impl Engine for Silent {
    fn identity(&self) -> Identity {
        Identity {
            name: "silent".into(),
            version: "0".into(),
        }
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.with(Capability::LegalMoves)
    }
}

#[test]
fn without_the_capability_every_case_is_skipped() {
    let catalogue = touch_cases();
    let run = Run::new(&mut Silent, &catalogue);
    assert_eq!(run.tally().skipped, catalogue.len());
    let (_, verdict) = &run.results[0];
    assert_eq!(
        verdict.reason.as_deref(),
        Some("the engine does not offer: touch-move")
    );
}

/// An answer outside the vocabulary is an error, not a failure.
struct Garbled;

impl Engine for Garbled {
    fn identity(&self) -> Identity {
        Identity {
            name: "garbled".into(),
            version: "0".into(),
        }
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE.with(Capability::TouchMove)
    }
    fn touch_move(&mut self, _: &Game, _: &[TouchEvent]) -> Answer<Obligation> {
        Ok(Obligation::Moves(vec!["Nf3".into()]))
    }
}

#[test]
fn an_answer_that_is_not_uci_is_an_error() {
    let catalogue = touch_cases();
    let run = Run::new(&mut Garbled, &catalogue);
    assert_eq!(run.tally().errors, catalogue.len());
    let (_, verdict) = &run.results[0];
    let reason = verdict.reason.as_deref().unwrap_or_default();
    assert!(
        reason.starts_with("touch-move after [say j'adoube, adjust e2]: the answer is not valid"),
        "{reason}"
    );
}

/// docs/CASES.md names every touch-move case in its Article 4 table, and its closing note counts
/// them right.
#[test]
fn the_coverage_table_names_every_case() {
    let docs = std::fs::read_to_string("docs/CASES.md").expect("docs/CASES.md is readable");
    let start = docs
        .find("| clause (rules digest) |")
        .expect("the Article 4 table");
    let table = &docs[start..];
    let catalogue = touch_cases();
    for loaded in catalogue.cases() {
        let slug = loaded.case.id.trim_start_matches("touch-move/");
        assert!(
            table.contains(&format!("`{slug}`")),
            "{} is not in the coverage table of docs/CASES.md",
            loaded.case.id
        );
    }
    let rulings: usize = catalogue
        .cases()
        .iter()
        .map(|c| c.case.expect.touch_move.as_ref().map_or(0, Vec::len))
        .sum();
    let note = format!("{} cases, {rulings} rulings", catalogue.len());
    assert!(
        table.contains(&note),
        "the closing note should say `{note}`"
    );
}

/// The reference arbiter with one reading of Article 4 taken the other way.
struct OtherReading(chess_conformance::Reading);

impl Engine for OtherReading {
    fn identity(&self) -> Identity {
        Identity {
            name: format!("reads {} the other way", self.0),
            version: "0".into(),
        }
    }
    fn capabilities(&self) -> Capabilities {
        Capabilities::NONE
            .with(Capability::TouchMove)
            .with(Capability::Chess960)
    }
    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        let pos = chess_conformance::replay::Replay::in_variant(game.variant, game.fen, game.moves)
            .expect("the harness sends a legal game")
            .position;
        let ruling = chess_conformance::touch::rule_otherwise(&pos, events, &[self.0])
            .expect("the events fit");
        Ok(ruling.obligation())
    }
}

/// Every reading has hand-written cases for both colours, and an arbiter that takes it the
/// other way fails exactly the cases that name it, each with the reason: a convention finding.
#[test]
fn each_reading_read_the_other_way_fails_exactly_its_cases() {
    use chess_conformance::Reading;
    let catalogue = reading_cases();
    for reading in Reading::ALL {
        let naming: Vec<String> = catalogue
            .cases()
            .iter()
            .filter(|c| {
                c.case
                    .expect
                    .touch_move
                    .iter()
                    .flatten()
                    .any(|r| r.readings.contains(&reading))
            })
            .map(|c| c.case.id.clone())
            .collect();
        let black = naming
            .iter()
            .filter(|id| {
                catalogue
                    .get(id)
                    .is_some_and(|c| c.case.tags.iter().any(|t| t == "black"))
            })
            .count();
        assert!(
            naming.len() >= 2 && black >= 1 && black < naming.len(),
            "{reading}: cases for both colours, found {naming:?}"
        );
        let mut engine = OtherReading(reading);
        let run = Run::new(&mut engine, &catalogue);
        let failed: Vec<String> = run
            .results
            .iter()
            .filter(|(_, v)| v.outcome == Outcome::Fail)
            .map(|(_, v)| v.id.clone())
            .collect();
        assert_eq!(failed, naming, "{reading}: the failures are its cases");
        for (_, verdict) in run
            .results
            .iter()
            .filter(|(_, v)| v.outcome == Outcome::Fail)
        {
            for check in verdict.checks.iter().filter(|c| c.outcome == Outcome::Fail) {
                assert!(
                    check.actual.contains("a convention finding, not a bug")
                        && check.actual.contains(&format!("`{reading}`")),
                    "{reading}: {}",
                    check.actual
                );
            }
        }
    }
}

/// docs/CASES.md has a row for every reading, naming its cases.
#[test]
fn the_readings_table_names_every_reading_and_its_cases() {
    use chess_conformance::Reading;
    let docs = std::fs::read_to_string("docs/CASES.md").expect("docs/CASES.md is readable");
    let start = docs
        .find("| reading | Laws 2023 |")
        .expect("the table of readings");
    let table = &docs[start..docs[start..].find("\n\n").map_or(docs.len(), |e| start + e)];
    let catalogue = reading_cases();
    for reading in Reading::ALL {
        let row = table
            .lines()
            .find(|l| l.starts_with(&format!("| `{reading}` |")))
            .unwrap_or_else(|| panic!("no row for `{reading}` in the table of readings"));
        let text = reading.text();
        for said in [text.clause, text.question, text.suite, text.other] {
            assert!(
                row.contains(said),
                "the row of `{reading}` should say, as the code does: {said}"
            );
        }
        for c in catalogue.cases() {
            let names = c
                .case
                .expect
                .touch_move
                .iter()
                .flatten()
                .any(|r| r.readings.contains(&reading));
            let slug = c.case.id.trim_start_matches("touch-move/");
            assert_eq!(
                row.contains(&format!("`{slug}`")),
                names,
                "the row of `{reading}` and the case {}",
                c.case.id
            );
        }
    }
}
