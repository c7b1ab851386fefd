//! The checker: one case, one engine, one [`Verdict`]. A loop over the case's probes (planned at
//! load, one or more per assertion: [`crate::assertion`]), asking the engine through an
//! [`Asker`] that guards every call and answers a repeated question from memory.
//!
//! Each assertion gets its own outcome: skipped when the engine's declared conventions leave it
//! out (an engine that keeps no clocks is not asked about them), when the engine lacks a
//! capability it needs (it is then not asked), says it does not answer, or a limit leaves it
//! out; an error when the engine fails; otherwise pass or fail. The case's outcome follows from
//! them ([`Verdict::of`]).

use crate::assertion::{Asker, Judged, Stop};
use crate::catalogue::LoadedCase;
use crate::engine::{Capability, Engine, Game};
use crate::limits::Limits;
use crate::verdict::{Check, Outcome, Verdict};

/// Checks `case` against `engine`, every assertion asked.
pub fn check(engine: &mut dyn Engine, case: &LoadedCase) -> Verdict {
    check_within(engine, case, &Limits::DEFAULT)
}

/// Checks `case` against `engine`, asking only what `limits` allow.
pub fn check_within(engine: &mut dyn Engine, case: &LoadedCase, limits: &Limits) -> Verdict {
    let c = &case.case;
    let offered = engine.capabilities();
    let conventions = engine.conventions();
    engine.begin_case();
    let game = Game {
        fen: &c.fen,
        moves: &c.moves,
        pieces: &c.pieces,
        variant: c.variant(),
    };
    let mut asker = Asker::new(engine, game, limits);
    let checks = case
        .plan()
        .probes()
        .iter()
        .map(|probe| {
            let missing = offered.missing(probe.needs);
            // An engine's declared conventions come first: a rule it cannot keep for want of
            // clocks is skipped for that, not for the capability it then does not declare.
            let (outcome, actual, reason) = if let Some(why) = probe.left_out_by(conventions) {
                (Outcome::Skip, String::new(), Some(why.to_owned()))
            } else if !missing.is_empty() {
                let why = format!("the engine does not offer: {missing}");
                (Outcome::Skip, String::new(), Some(why))
            } else {
                match probe.run(&mut asker) {
                    Ok(Judged::Pass(actual)) => (Outcome::Pass, actual, None),
                    Ok(Judged::Fail(actual)) => (Outcome::Fail, actual, None),
                    Ok(Judged::Skip(why)) | Err(Stop::Skip(why)) => {
                        (Outcome::Skip, String::new(), Some(why))
                    }
                    Err(Stop::Error(why)) => (Outcome::Error, String::new(), Some(why)),
                }
            };
            Check {
                assertion: probe.label.clone(),
                expected: probe.expected.clone(),
                actual,
                outcome,
                reason,
            }
        })
        .collect();
    Verdict::of(c.id.clone(), c.area().to_owned(), checks)
}

/// A case's verdict follows from its checks; here, beside the checker, because a skip's reason
/// lists missing capabilities in the question table's order.
impl Verdict {
    /// The verdict of a case from its checks.
    pub fn of(id: String, area: String, checks: Vec<Check>) -> Verdict {
        let has = |o: Outcome| checks.iter().any(|c| c.outcome == o);
        let outcome = if has(Outcome::Error) {
            Outcome::Error
        } else if has(Outcome::Fail) {
            Outcome::Fail
        } else if has(Outcome::Pass) {
            Outcome::Pass
        } else {
            Outcome::Skip
        };
        let reason = match outcome {
            Outcome::Error => checks
                .iter()
                .find(|c| c.outcome == Outcome::Error)
                .and_then(|c| c.reason.clone()),
            Outcome::Skip => Some(skip_reasons(checks.iter())),
            Outcome::Pass | Outcome::Fail => None,
        };
        Verdict {
            id,
            area,
            outcome,
            reason,
            checks,
        }
    }
}

/// The reasons checks were skipped for, each once, in order; missing capabilities merged into
/// one "does not offer" list.
pub(crate) fn skip_reasons<'c>(checks: impl Iterator<Item = &'c Check>) -> String {
    const OFFER: &str = "the engine does not offer: ";
    let mut missing: Vec<&str> = Vec::new();
    let mut others: Vec<&str> = Vec::new();
    for check in checks.filter(|c| c.outcome == Outcome::Skip) {
        let reason = check.reason.as_deref().unwrap_or("no reason given");
        match reason.strip_prefix(OFFER) {
            Some(list) => {
                for name in list.split(", ") {
                    if !missing.contains(&name) {
                        missing.push(name);
                    }
                }
            }
            None if !others.contains(&reason) => others.push(reason),
            None => {}
        }
    }
    let mut parts = Vec::new();
    if !missing.is_empty() {
        // In the capability table's order, as a set of capabilities prints.
        missing.sort_by_key(|name| Capability::from_name(name).map_or(usize::MAX, |c| c as usize));
        parts.push(format!("{OFFER}{}", missing.join(", ")));
    }
    parts.extend(others.iter().map(|s| (*s).to_owned()));
    parts.join("; ")
}

/// The checking loop: cases of `cases` against `engine`, one after another in the order `next`
/// hands out their places, until it hands out none. Each verdict goes to `done`, with its
/// case's place. `stopped` is asked before each case and after it: once it says so the loop
/// ends, and the verdict of the case it cut short is dropped (an interrupt ends an engine under
/// its case). A run in order ([`crate::Run`]) and the workers of a shared queue (the command
/// line's `--jobs`) are each this loop.
pub fn check_cases(
    engine: &mut dyn Engine,
    cases: &[LoadedCase],
    limits: &Limits,
    mut next: impl FnMut() -> Option<usize>,
    stopped: impl Fn() -> bool,
    mut done: impl FnMut(usize, Verdict),
) {
    while !stopped() {
        let Some((i, case)) = next().and_then(|i| Some((i, cases.get(i)?))) else {
            return;
        };
        let verdict = check_within(engine, case, limits);
        if stopped() {
            return;
        }
        done(i, verdict);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::case::{Case, Expect};
    use crate::engine::{Answer, Capabilities, Capability, EngineError, Identity};
    use crate::reference::Reference;

    fn case(fen: &str, expect: Expect) -> LoadedCase {
        LoadedCase::new(Case {
            id: "test/x".into(),
            title: "t".into(),
            rule: "1".into(),
            source: None,
            tags: vec![],
            fen: fen.into(),
            moves: vec![],
            expect,
            pieces: Vec::new(),
            variant: None,
        })
        .expect("a valid case")
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    /// An engine whose answers are scripted, to see each verdict.
    struct Scripted {
        moves: Answer<Vec<String>>,
        panic: bool,
    }

    impl Engine for Scripted {
        fn identity(&self) -> Identity {
            Identity {
                name: "scripted".into(),
                version: "0".into(),
            }
        }
        fn capabilities(&self) -> Capabilities {
            Capabilities::NONE.with(Capability::LegalMoves)
        }
        fn legal_moves(&mut self, _: &Game) -> Answer<Vec<String>> {
            if self.panic {
                panic!("boom");
            }
            self.moves.clone()
        }
    }

    fn legal(moves: &[&str]) -> Expect {
        Expect {
            legal: Some(moves.iter().map(|m| m.to_string()).collect()),
            ..Expect::default()
        }
    }

    #[test]
    fn outcomes() {
        let c = case(START, legal(&["e2e4"]));
        let mut right = Scripted {
            moves: Ok(vec!["e2e4".into()]),
            panic: false,
        };
        assert_eq!(check(&mut right, &c).outcome, Outcome::Pass);
        let mut wrong = Scripted {
            moves: Ok(vec!["d2d4".into()]),
            panic: false,
        };
        let v = check(&mut wrong, &c);
        assert_eq!(v.outcome, Outcome::Fail);
        assert_eq!(v.checks[0].actual, "not legal: [e2e4]");
        let mut garbage = Scripted {
            moves: Ok(vec!["E2-E4".into()]),
            panic: false,
        };
        assert_eq!(check(&mut garbage, &c).outcome, Outcome::Error);
        let mut failing = Scripted {
            moves: Err(EngineError::failed("bad fen")),
            panic: false,
        };
        let v = check(&mut failing, &c);
        assert_eq!(
            (v.outcome, v.reason.as_deref()),
            (Outcome::Error, Some("legal moves: bad fen"))
        );
        let mut panicking = Scripted {
            moves: Ok(vec![]),
            panic: true,
        };
        let v = check(&mut panicking, &c);
        assert_eq!(v.outcome, Outcome::Error);
        assert!(v.reason.unwrap().contains("panicked: boom"));
        let needs_san = case(
            START,
            Expect {
                san: Some([("e2e4".into(), "e4".into())].into()),
                ..Expect::default()
            },
        );
        let v = check(&mut right, &needs_san);
        assert_eq!(
            (v.outcome, v.reason.as_deref()),
            (Outcome::Skip, Some("the engine does not offer: san"))
        );
    }

    #[test]
    fn each_assertion_has_its_own_outcome() {
        // Legal moves asked, SAN skipped: the case passes, showing the skip.
        let mut expect = legal(&["e2e4"]);
        expect.san = Some([("e2e4".into(), "e4".into())].into());
        let c = case(START, expect.clone());
        let mut right = Scripted {
            moves: Ok(vec!["e2e4".into()]),
            panic: false,
        };
        let v = check(&mut right, &c);
        assert_eq!((v.outcome, v.reason.as_deref()), (Outcome::Pass, None));
        let skipped: Vec<(&str, Option<&str>)> = v
            .skipped()
            .map(|c| (c.assertion.as_str(), c.reason.as_deref()))
            .collect();
        assert_eq!(
            skipped,
            [("san e2e4", Some("the engine does not offer: san"))]
        );
        // A wrong answer next to a skip is a failure; an error anywhere makes the case an
        // error, and the other assertions are still asked.
        let mut wrong = Scripted {
            moves: Ok(vec!["d2d4".into()]),
            panic: false,
        };
        assert_eq!(check(&mut wrong, &c).outcome, Outcome::Fail);
        expect.check = Some(false);
        let mut both = expect.clone();
        both.moves = None;
        let v = check(&mut Reference::new(), &case(START, both));
        assert_eq!(v.outcome, Outcome::Pass);
        assert_eq!(v.checks.len(), 3);
    }

    #[test]
    fn one_question_asked_by_several_assertions_is_asked_once() {
        struct Counting(usize);
        impl Engine for Counting {
            fn identity(&self) -> Identity {
                Identity {
                    name: "counting".into(),
                    version: "0".into(),
                }
            }
            fn capabilities(&self) -> Capabilities {
                Capabilities::NONE.with(Capability::LegalMoves)
            }
            fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
                self.0 += 1;
                Reference::new().legal_moves(game)
            }
        }
        let mut expect = legal(&["e2e4"]);
        expect.illegal = Some(vec!["e2e5".into()]);
        expect.move_count = Some(20);
        let mut engine = Counting(0);
        assert_eq!(
            check(&mut engine, &case(START, expect)).outcome,
            Outcome::Pass
        );
        assert_eq!(engine.0, 1);
    }

    #[test]
    fn claims_in_a_game_ended_by_a_rule_need_that_rule() {
        let needs = |fen: &str, moves: &[&str], expect: Expect| {
            let c = LoadedCase::new(Case {
                id: "test/x".into(),
                title: "t".into(),
                rule: "1".into(),
                source: None,
                tags: vec![],
                fen: fen.into(),
                moves: moves.iter().map(|m| m.to_string()).collect(),
                expect,
                pieces: Vec::new(),
                variant: None,
            })
            .expect("a valid case");
            c.needs()
        };
        let claims = |claims: Vec<crate::vocabulary::DrawClaim>| Expect {
            claims: Some(claims),
            ..Expect::default()
        };
        let with_move = |uci: &str| Expect {
            claims_with_move: Some([(uci.to_owned(), vec![])].into()),
            ..Expect::default()
        };
        // The 150th half-move ends the game (9.6.2), so the declared move grounds no claim.
        let at_149 = "4k3/8/8/8/8/8/8/R3K3 w - - 149 120";
        assert!(needs(at_149, &[], with_move("a1a2")).contains(Capability::SeventyFiveMoves));
        let at_148 = "4k3/8/8/8/8/8/8/R3K3 w - - 148 120";
        assert!(!needs(at_148, &[], with_move("a1a2")).contains(Capability::SeventyFiveMoves));
        // No claim in a position dead by material, or after a fifth occurrence.
        let bare = needs("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[], claims(vec![]));
        assert!(bare.contains(Capability::InsufficientMaterial));
        let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
        let four_times: Vec<&str> = shuffle.iter().cycle().take(16).copied().collect();
        let fivefold = needs(START, &four_times, claims(vec![]));
        assert!(fivefold.contains(Capability::Fivefold));
        let threefold = needs(START, &four_times[..8], claims(vec![]));
        assert_eq!(threefold, Capabilities::NONE.with(Capability::DrawClaims));
    }

    #[test]
    fn a_perft_limit_leaves_out_the_deeper_counts() {
        let perft = |depths: &[(u32, u64)]| {
            case(
                START,
                Expect {
                    perft: Some(depths.iter().copied().collect()),
                    ..Expect::default()
                },
            )
        };
        let limit = |nodes| Limits {
            perft_nodes: Some(nodes),
            ..Limits::DEFAULT
        };
        // A count above the limit is not asked.
        let c = perft(&[(1, 20), (2, 400), (3, 8902)]);
        let asked = check_within(&mut Reference::new(), &c, &limit(400));
        assert_eq!(asked.outcome, Outcome::Pass, "{asked:?}");
        let outcomes: Vec<(&str, Outcome)> = asked
            .checks
            .iter()
            .map(|c| (c.assertion.as_str(), c.outcome))
            .collect();
        assert_eq!(
            outcomes,
            [
                ("perft 1", Outcome::Pass),
                ("perft 2", Outcome::Pass),
                ("perft 3", Outcome::Skip)
            ]
        );
        assert!(asked.partly_skipped());
        assert!(
            check(&mut Reference::new(), &c)
                .checks
                .iter()
                .all(|c| c.passed())
        );
        // Nothing left to ask: skipped, with the limit as the reason.
        let skipped = check_within(&mut Reference::new(), &perft(&[(2, 400)]), &limit(20));
        assert_eq!(skipped.outcome, Outcome::Skip);
        assert!(skipped.reason.unwrap().contains("limit of 20 nodes"));
        // A case with another assertion is still checked on it.
        let mut both = Expect {
            perft: Some([(3, 8902)].into()),
            ..Expect::default()
        };
        both.move_count = Some(20);
        let other = check_within(&mut Reference::new(), &case(START, both), &limit(20));
        assert_eq!(other.outcome, Outcome::Pass);
        assert_eq!(other.skipped().count(), 1);
    }

    #[test]
    fn an_in_process_perft_stops_at_the_timeout_and_the_case_errs() {
        // Perft 9 of the initial position takes the reference hours.
        let mut expect = Expect {
            perft: Some([(9, 2_439_530_234_167)].into()),
            ..Expect::default()
        };
        expect.move_count = Some(20);
        let c = case(START, expect);
        let limits = Limits {
            timeout: std::time::Duration::from_millis(200),
            ..Limits::DEFAULT
        };
        let started = std::time::Instant::now();
        let v = check_within(&mut Reference::new(), &c, &limits);
        assert!(started.elapsed().as_secs() < 5, "{:?}", started.elapsed());
        assert_eq!(v.outcome, Outcome::Error);
        assert_eq!(
            v.reason.as_deref(),
            Some(
                "perft 9: no answer within the timeout of 200ms (an engine in this process \
                 stops at --timeout)"
            )
        );
        // The other assertion of the case is still asked, and the engine answers again.
        let outcomes: Vec<Outcome> = v.checks.iter().map(|c| c.outcome).collect();
        assert_eq!(outcomes, [Outcome::Pass, Outcome::Error]);
        let again = check_within(
            &mut Reference::new(),
            &case(
                START,
                Expect {
                    perft: Some([(3, 8902)].into()),
                    ..Expect::default()
                },
            ),
            &limits,
        );
        assert_eq!(again.outcome, Outcome::Pass);
    }

    #[test]
    fn reference_passes_a_simple_case() {
        let c = case(
            START,
            Expect {
                move_count: Some(20),
                perft: Some([(2, 400)].into()),
                ..Expect::default()
            },
        );
        assert_eq!(check(&mut Reference::new(), &c).outcome, Outcome::Pass);
    }
}
