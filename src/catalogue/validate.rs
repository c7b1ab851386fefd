//! The case-level checks (title, rule, at least one assertion, the position and history) and
//! each assertion's own `validate`.

use crate::assertion::{Assertion, Problem, Step, Validation, Visitor};
use crate::case::Case;
use crate::replay::{Replay, ReplayError};

use super::Reached;

/// A problem at a path of the case.
pub(super) fn problem(path: &[&str], message: String) -> Problem {
    Problem {
        path: path.iter().map(|&k| Step::from(k)).collect(),
        at_key: false,
        message,
    }
}

/// A problem at a key of the case.
pub(super) fn problem_at_key(key: &str, message: String) -> Problem {
    Problem {
        path: vec![Step::from(key)],
        at_key: true,
        message,
    }
}

/// A source's name: lower-case ASCII letters, digits and `-`, not empty.
fn is_slug(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// An article number: digits separated by dots (`3.8.2.2`), or an appendix letter first (`C.10`).
pub(super) fn is_rule(rule: &str) -> bool {
    let mut parts = rule.split('.').peekable();
    // An appendix (`C.13`) or a part of the Guidelines (`II.3.2.4`, Chess960).
    if parts.peek().is_some_and(|p| {
        (p.len() == 1 && p.chars().all(|c| c.is_ascii_uppercase()))
            || ["I", "II", "III"].contains(p)
    }) {
        parts.next();
    }
    let rest: Vec<&str> = parts.collect();
    !rest.is_empty()
        && rest
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

/// What the validation of a case set up: the game its history reaches on shakmaty (what its
/// assertions are checked and planned on), and what the boards need of the position reached.
#[derive(Default)]
pub(super) struct SetUp {
    /// The game, when the case sets one up on shakmaty.
    pub(super) game: Option<Replay>,
    /// The position reached, for the boards.
    pub(super) reached: Reached,
}

/// Checks one case, its id aside: title and rule, its position and history, and each of its
/// assertions. Returns what it set up: the game its history reaches, and the position reached
/// for the boards (each case is replayed once, here).
pub(super) fn validate(case: &Case, problems: &mut Vec<Problem>) -> SetUp {
    validate_title(case, problems);
    validate_rule(case, problems);
    if case.expect.present().is_empty() {
        problems.push(problem_at_key(
            "expect",
            format!(
                "the case has no assertion: `expect` needs at least one of {}",
                crate::case::Expect::KEYS.join(", ")
            ),
        ));
        return SetUp::default();
    }
    // A FEN that must be rejected is not set up for its assertion: only its own checks apply
    // (its board is the position shakmaty reads, if it reads one: a case may be wrong about
    // it). A position of historical pieces is set up by the fairy reference, and its assertions
    // are checked without a shakmaty position (the reference's run confirms their answers).
    let set_up = if case.expect.valid == Some(false) {
        SetUp {
            game: None,
            reached: Reached::rejected(&case.fen, case.variant()),
        }
    } else if !case.pieces.is_empty() {
        SetUp {
            game: None,
            reached: validate_pieces(case, problems),
        }
    } else {
        // A position or history that is wrong leaves the assertions unchecked.
        let Some(game) = replay(case, problems) else {
            return SetUp::default();
        };
        SetUp {
            reached: Reached::standard(&game, &case.moves),
            game: Some(game),
        }
    };
    validate_assertions(case, set_up.game.as_ref(), problems);
    set_up
}

/// A case needs a title.
fn validate_title(case: &Case, problems: &mut Vec<Problem>) {
    if case.title.trim().is_empty() {
        problems.push(problem_at_key("title", "the title is empty".into()));
    }
}

/// A rule is a FIDE article number, or `source:NAME` with the source's words in `source`.
fn validate_rule(case: &Case, problems: &mut Vec<Problem>) {
    if let Some(name) = case.rule.strip_prefix("source:") {
        if !is_slug(name) {
            problems.push(problem_at_key(
                "rule",
                format!(
                    "`{}`: a rule from a source is `source:NAME`, NAME in lower-case letters, \
                     digits and `-` (e.g. source:polish-history-of-pieces)",
                    case.rule
                ),
            ));
        } else if case.source.as_deref().is_none_or(|s| s.trim().is_empty()) {
            problems.push(problem_at_key(
                "rule",
                format!(
                    "`{}` cites a source instead of a FIDE article: the case's `source` must \
                     say which text and what it states",
                    case.rule
                ),
            ));
        }
    } else if !is_rule(&case.rule) {
        problems.push(problem_at_key(
            "rule",
            format!(
                "`{}` is not a FIDE Laws article number (expected digits separated by dots, \
                 e.g. 3.8.2.2, an appendix letter first, e.g. C.10, or a part of the \
                 Guidelines, e.g. II.3.2.4 for Chess960), nor `source:NAME` for a rule no \
                 article states",
                case.rule
            ),
        ));
    }
}

/// A case of historical pieces, checked beside the fairy reference (`fairy/validate.rs`):
/// its problems placed in the case; the position its history reaches there, for the boards.
fn validate_pieces(case: &Case, problems: &mut Vec<Problem>) -> Reached {
    use crate::fairy::validate::Place;
    let (found, reached) = crate::fairy::validate::problems(
        &case.fen,
        &case.moves,
        &case.pieces,
        &case.expect.present(),
        case.expect.state,
    );
    problems.extend(found.into_iter().map(|(place, message)| match place {
        Place::Piece(i) => Problem {
            path: vec![Step::from("pieces"), Step::Index(i)],
            at_key: false,
            message,
        },
        Place::Fen => problem_at_key("fen", message),
        Place::Move(ply) => Problem {
            path: vec![Step::from("moves"), Step::Index(ply)],
            at_key: false,
            message,
        },
        Place::Expect(key) => problem(&["expect", key], message),
    }));
    reached.map_or_else(Reached::default, |fen| Reached::fairy(fen, &case.moves))
}

/// The game a case's FEN and history set up on shakmaty, or the problem of the FEN or of the
/// first move that is not legal.
fn replay(case: &Case, problems: &mut Vec<Problem>) -> Option<Replay> {
    match Replay::strict_in(case.variant(), &case.fen, &case.moves) {
        Ok(game) => Some(game),
        Err(ReplayError::Fen(err)) => {
            problems.push(problem_at_key(
                "fen",
                format!(
                    "invalid FEN: {err} (a position that must be rejected is written with \
                     `valid: false`)"
                ),
            ));
            None
        }
        Err(err @ (ReplayError::Move { ply, .. } | ReplayError::AfterEnd { ply, .. })) => {
            problems.push(Problem {
                path: vec![Step::from("moves"), Step::Index(ply - 1)],
                at_key: false,
                message: err.to_string(),
            });
            None
        }
    }
}

/// Each assertion's own checks ([`Assertion::validate`]), on the position the history reaches
/// when there is one.
fn validate_assertions(case: &Case, game: Option<&Replay>, problems: &mut Vec<Problem>) {
    struct Validate<'a> {
        case: &'a Case,
        game: Option<&'a Replay>,
        problems: &'a mut Vec<Problem>,
    }
    impl Visitor for Validate<'_> {
        fn visit<A: Assertion>(&mut self, value: &A::Value) {
            let position = self.game.map(|g| &g.position);
            A::validate(
                value,
                &mut Validation::new(
                    &self.case.expect,
                    &self.case.moves,
                    position,
                    &self.case.pieces,
                    A::KEY,
                    self.problems,
                ),
            );
        }
    }
    case.expect.visit(&mut Validate {
        case,
        game,
        problems,
    });
}
