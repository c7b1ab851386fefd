//! `touch_move`: rulings of FIDE Article 4. Each gives what happened at the board, in order
//! (`touch e2`, `say j'adoube`, `release e1 on g1`, ...), and the moves the player may still
//! make: `any`, or an exact list. `any` means every legal move, so an engine may answer either
//! way.

use shakmaty::{Position, Square};

use super::compare::{list, moves_answer, set_difference, sorted};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Twin, Validation};
use crate::Capability;
use crate::engine::Capabilities;
use crate::question;
use crate::replay::{self, MoveError};
use crate::symmetry::Symmetry;
use crate::vocabulary::{Obligation, TouchEvent};
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
}

/// The `touch_move` assertion.
pub struct Kind;

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
            if let Err(errors) = crate::touch::validate(pos, &ruling.events) {
                for error in errors {
                    at.error(
                        &[i.into(), "events".into(), error.index.into()],
                        error.message,
                    );
                }
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
                    .map(replay::to_uci)
                    .collect()
            })
            .unwrap_or_default();
        for ruling in rulings {
            let events: Vec<String> = ruling.events.iter().map(ToString::to_string).collect();
            let (legal, ruling) = (legal.clone(), ruling.clone());
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
                    let (passed, shown) =
                        set_difference(&expand(&ruling.allowed), &expand(&actual));
                    Ok(judged(passed, if passed { show(&actual) } else { shown }))
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
                let TouchMove { events, allowed } = ruling;
                TouchMove {
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
    /// events inside one ruling is.
    fn normalize(rulings: &Vec<TouchMove>) -> Vec<TouchMove> {
        let mut rulings: Vec<TouchMove> = rulings
            .iter()
            .map(|r| TouchMove {
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
