//! `touch_move`: rulings of FIDE Article 4. Each gives what happened at the board, in order
//! (`touch e2`, `say j'adoube`, `release e1 on g1`, ...), and the moves the player may still
//! make: `any`, or an exact list. `any` means every legal move, so an engine may answer either
//! way.
//!
//! A ruling whose answer rests on one of the suite's readings of an open clause names it
//! (`readings: [rook-touched-later]`). The loader checks the list is exactly right (the arbiter
//! rules the other way and sees the answer change), and an engine that answers as the other
//! reading would is told so: a convention finding, not a bug.

use shakmaty::{Position, Square};

use super::compare::{list, moves_answer, set_difference, sorted};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question;
use crate::replay::{self, MoveError};
use crate::symmetry::Symmetry;
use crate::vocabulary::{Obligation, Reading, TouchEvent};
use serde::{Deserialize, Serialize};

/// One touch-move ruling: events at the board, in order, and what the player may still move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TouchMove {
    /// What happened, in order: `touch e2`, `touch e2 accidentally`, `touch e1 h1 together`,
    /// `say j'adoube`, `adjust e2`, `release e2 on e4`, `new knight touches e8`,
    /// `opponent touches e7`.
    pub events: Vec<TouchEvent>,
    /// The moves the player may still make: `any` (any legal move) or an exact list.
    pub allowed: Obligation,
    /// The suite's readings of open clauses of Article 4 that the answer rests on, each one
    /// that, read the other way, would change `allowed` (the table "Readings of Article 4" in
    /// `docs/CASES.md`). The loader checks that the list is exactly those.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<Reading>,
}

/// The `touch_move` assertion.
pub(crate) struct Kind;

fn show(o: &Obligation) -> String {
    match o {
        Obligation::AnyLegalMove => o.to_string(),
        Obligation::Moves(moves) => list(&sorted(moves.iter().cloned())),
    }
}

impl Assertion for Kind {
    type Value = Vec<TouchMove>;
    const KEY: &'static str = "touch_move";

    fn validate(rulings: &Vec<TouchMove>, at: &mut Validation<'_>) {
        at.not_empty(
            rulings.is_empty(),
            "give the events and the moves still allowed",
        );
        let Some(pos) = at.position() else { return };
        if pos.legal_moves().is_empty() {
            at.error_at_key(
                &[],
                "`touch_move` needs a player who can move: here the game is over",
            );
            return;
        }
        for (i, ruling) in rulings.iter().enumerate() {
            if ruling.events.is_empty() {
                at.error(
                    &[i.into(), "events".into()],
                    "`events` is empty: a ruling needs at least one event at the board",
                );
            }
            match crate::touch::rule(pos, &ruling.events) {
                Err(errors) => {
                    for error in errors {
                        at.error(
                            &[i.into(), "events".into(), error.index.into()],
                            error.message,
                        );
                    }
                }
                Ok(arbiter) => check_readings(i, ruling, &arbiter, pos, at),
            }
            let Obligation::Moves(moves) = &ruling.allowed else {
                continue;
            };
            if moves.is_empty() {
                at.error(
                    &[i.into(), "allowed".into()],
                    "`allowed: []` is never the answer: when nothing touched can be moved or \
                     captured, any legal move may be made (4.5); write `allowed: any`",
                );
            }
            for (j, m) in moves.iter().enumerate() {
                let place = [i.into(), "allowed".into(), j.into()];
                if moves[..j].contains(m) {
                    at.error(&place, format!("`{m}` is listed twice in `allowed`"));
                } else if let Err(err) = replay::parse_uci(pos, m) {
                    let why = match err {
                        MoveError::Syntax(s) | MoveError::Illegal(s) => s,
                    };
                    at.error(
                        &place,
                        format!("each move of `allowed` must be a legal move: {why}"),
                    );
                }
            }
        }
    }

    fn plan(rulings: &Vec<TouchMove>, facts: &Facts<'_>, plan: &mut Plan) {
        // `any` stands for every legal move of the position.
        let legal: Vec<String> = facts
            .game
            .map(|g| {
                g.position
                    .legal_moves()
                    .into_iter()
                    .map(|m| replay::to_uci_in(&g.position, m))
                    .collect()
            })
            .unwrap_or_default();
        let position = facts.game.map(|g| g.position.clone());
        for ruling in rulings {
            let events: Vec<String> = ruling.events.iter().map(ToString::to_string).collect();
            let (legal, ruling, position) = (legal.clone(), ruling.clone(), position.clone());
            plan.probe(
                format!("touch_move {}", list(&events)),
                Capabilities::NONE.with(Capability::TouchMove),
                show(&ruling.allowed),
                move |asker| {
                    let expand = |o: &Obligation| match o {
                        Obligation::AnyLegalMove => legal.clone(),
                        Obligation::Moves(moves) => moves.clone(),
                    };
                    let q = format!("touch-move after {}", list(&events));
                    let question = question::TouchMove {
                        events: ruling.events.clone(),
                    };
                    let actual = asker.ask(&q, question)?;
                    if let Obligation::Moves(moves) = &actual {
                        moves_answer(&q, moves.clone())?;
                    }
                    let (passed, mut shown) =
                        set_difference(&expand(&ruling.allowed), &expand(&actual));
                    if passed {
                        shown = show(&actual);
                    } else if let Some(pos) = &position
                        && let Some(why) =
                            convention(pos, &ruling, &expand(&actual).into_iter().collect())
                    {
                        shown = format!("{shown}: {why}");
                    }
                    Ok(judged(passed, shown))
                },
            );
        }
    }

    fn obstacle(rulings: &Vec<TouchMove>, symmetry: Symmetry, facts: &Facts<'_>) -> Option<String> {
        let releases = facts
            .game
            .is_some_and(|g| releases_king_as_castling(&g.position, rulings));
        (symmetry == Symmetry::Mirror && releases).then(|| {
            "a king let go two squares sideways from its home square is an attempt to castle \
             (4.7.2) even without castling rights, and only a king on the e-file can make it: \
             mirrored to the d-file, the same release is a plain illegal king move"
                .into()
        })
    }

    fn transform(rulings: &Vec<TouchMove>, twin: &Twin) -> Result<Vec<TouchMove>, String> {
        let s = twin.symmetry;
        Ok(rulings
            .iter()
            .map(|ruling| {
                let TouchMove {
                    events,
                    allowed,
                    readings,
                } = ruling;
                TouchMove {
                    readings: readings.clone(),
                    events: events.iter().map(|e| s.event(e)).collect(),
                    allowed: match allowed {
                        Obligation::AnyLegalMove => Obligation::AnyLegalMove,
                        Obligation::Moves(moves) => {
                            Obligation::Moves(moves.iter().map(|m| s.uci(m)).collect())
                        }
                    },
                }
            })
            .collect())
    }

    /// Rulings are independent questions, so their order is not content; the order of the
    /// events inside one ruling is. The readings describe the answer, they do not change it.
    fn normalize(rulings: &Vec<TouchMove>) -> Vec<TouchMove> {
        let mut rulings: Vec<TouchMove> = rulings
            .iter()
            .map(|r| TouchMove {
                readings: Vec::new(),
                events: r.events.clone(),
                allowed: match &r.allowed {
                    Obligation::AnyLegalMove => Obligation::AnyLegalMove,
                    Obligation::Moves(moves) => Obligation::Moves(super::sorted_list(moves)),
                },
            })
            .collect();
        rulings.sort_by_key(|r| serde_json::to_string(r).unwrap_or_default());
        rulings
    }
}

/// The moves an obligation allows, `any` spelt out.
fn allowed_set(o: &Obligation, pos: &shakmaty::Chess) -> std::collections::BTreeSet<String> {
    match o {
        Obligation::AnyLegalMove => pos
            .legal_moves()
            .into_iter()
            .map(|m| replay::to_uci_in(pos, m))
            .collect(),
        Obligation::Moves(moves) => moves.iter().cloned().collect(),
    }
}

/// A ruling names exactly the readings its answer rests on. When the reference arbiter does not
/// give the case's answer (a failure of the reference, in its baseline), only the keys are
/// known good: which readings the right answer rests on is then the case writer's word.
fn check_readings(
    i: usize,
    ruling: &TouchMove,
    arbiter: &crate::touch::Ruling,
    pos: &shakmaty::Chess,
    at: &mut Validation<'_>,
) {
    for (j, r) in ruling.readings.iter().enumerate() {
        if ruling.readings[..j].contains(r) {
            at.error(
                &[i.into(), "readings".into(), j.into()],
                format!("`{r}` is listed twice in `readings`"),
            );
        }
    }
    if allowed_set(&ruling.allowed, pos) != arbiter.moves {
        return;
    }
    let describe = |r: &Reading| format!("`{r}` ({}: {})", r.text().clause, r.text().question);
    for r in &arbiter.readings {
        if !ruling.readings.contains(r) {
            at.error(
                &[i.into()],
                format!(
                    "this answer rests on the suite's reading {}; read the other way it \
                     changes, so say so: add `readings: [{}]` to the ruling",
                    describe(r),
                    arbiter
                        .readings
                        .iter()
                        .map(|r| r.key())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
    }
    for (j, r) in ruling.readings.iter().enumerate() {
        if !arbiter.readings.contains(r) {
            at.error(
                &[i.into(), "readings".into(), j.into()],
                format!(
                    "this answer does not rest on the reading {}: read the other way, it is \
                     the same; leave it out",
                    describe(r)
                ),
            );
        }
    }
}

/// The other readings' answer, when the engine gave it: why the engine failed, said as a
/// convention finding.
fn convention(
    pos: &shakmaty::Chess,
    ruling: &TouchMove,
    actual: &std::collections::BTreeSet<String>,
) -> Option<String> {
    // The readings taken the other way: any non-empty subset of those the ruling names (they
    // are one or two).
    let named = &ruling.readings;
    let other: Vec<Reading> = (1u32..1 << named.len().min(8)).find_map(|mask| {
        let flipped: Vec<Reading> = (0..named.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| named[i])
            .collect();
        let ruled = crate::touch::rule_otherwise(pos, &ruling.events, &flipped).ok()?;
        (ruled.moves == *actual).then_some(flipped)
    })?;
    Some({
        let each: Vec<String> = other
            .iter()
            .map(|r| format!("{} `{r}`: {}", r.text().clause, r.text().suite))
            .collect();
        format!(
            "the engine reads Article 4 the other way where the Laws can be read two ways (a \
             convention finding, not a bug); the suite's reading: {}",
            each.join(" ")
        )
    })
}

/// Whether a ruling lets the player's king go two files sideways from e1 (e8 for Black), which
/// Article 4 reads as castling whatever the rights.
fn releases_king_as_castling(pos: &shakmaty::Chess, rulings: &[TouchMove]) -> bool {
    let home = Square::from_coords(shakmaty::File::E, pos.turn().backrank());
    rulings.iter().flat_map(|r| &r.events).any(|e| match e {
        TouchEvent::Release { from, on } => {
            let (Ok(from), Ok(on)) = (replay::parse_square(from), replay::parse_square(on)) else {
                return false;
            };
            from == home
                && pos.board().king_of(pos.turn()) == Some(from)
                && on.rank() == from.rank()
                && from.file().distance(on.file()) == 2
        }
        _ => false,
    })
}
