//! `attacks`: the squares attacked by a side or by the piece on a square (FIDE 3.1.1, 3.9: the
//! squares it could capture on, pins ignored), as an exact set, a count, squares included or
//! excluded.

use std::collections::BTreeSet;

use super::compare::{list, set_difference, sorted, squares_answer};
use super::probe::judged;
use super::{Assertion, Facts, Plan, Stop, Twin, Validation, sorted_list};
use crate::Capability;
use serde::{Deserialize, Serialize};

use crate::engine::Capabilities;
use crate::question;
use crate::vocabulary::AttackSource;
use crate::vocabulary::Color;

/// An attacked-squares assertion: whose attacks, and what must hold of them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Attacks {
    /// The attacks of the piece on this square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// The attacks of every piece of this side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by: Option<Color>,
    /// The exact set of attacked squares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub squares: Option<Vec<String>>,
    /// The number of attacked squares.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count: Option<u32>,
    /// Squares that must be attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub includes: Option<Vec<String>>,
    /// Squares that must not be attacked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excludes: Option<Vec<String>>,
}

/// The `attacks` assertion.
pub(crate) struct Kind;

impl Assertion for Kind {
    type Value = Vec<Attacks>;
    const KEY: &'static str = "attacks";

    fn validate(entries: &Vec<Attacks>, at: &mut Validation<'_>) {
        at.not_empty(
            entries.is_empty(),
            "give whose attacks and what must hold of them",
        );
        for (i, attacks) in entries.iter().enumerate() {
            for (key, squares) in [
                ("squares", &attacks.squares),
                ("includes", &attacks.includes),
                ("excludes", &attacks.excludes),
            ] {
                if let Some(squares) = squares {
                    at.squares(squares, &[i.into(), key.into()]);
                }
            }
            if attacks.from.is_some() == attacks.by.is_some() {
                at.error(
                    &[i.into()],
                    "each entry of `attacks` names exactly one of `from` (a square) or `by` \
                     (a side)",
                );
            }
            if let Some(from) = &attacks.from {
                let place = [i.into(), "from".into()];
                match crate::replay::parse_square(from) {
                    Err(err) => at.error(&place, err),
                    Ok(sq) => {
                        if attacks.by.is_none()
                            && let Some(pos) = at.position()
                            && shakmaty::Position::board(pos).piece_at(sq).is_none()
                        {
                            at.error(
                                &place,
                                format!("`attacks` from {from}: there is no piece on {from}"),
                            );
                        }
                    }
                }
            }
            if attacks.squares.is_none()
                && attacks.count.is_none()
                && attacks.includes.is_none()
                && attacks.excludes.is_none()
            {
                at.error(
                    &[i.into()],
                    "each entry of `attacks` needs at least one of `squares`, `count`, \
                     `includes`, `excludes`",
                );
            }
        }
    }

    fn plan(entries: &Vec<Attacks>, _: &Facts<'_>, plan: &mut Plan) {
        for attacks in entries {
            let source = match (&attacks.from, attacks.by) {
                (Some(square), _) => AttackSource::Square(square.clone()),
                (None, Some(color)) => AttackSource::Side(color),
                (None, None) => {
                    plan.probe("attacks", needs(), "", |_| {
                        Err(Stop::Error(
                            "invalid case: an `attacks` entry names neither `from` nor `by` \
                             (load cases through the catalogue, which refuses this)"
                                .into(),
                        ))
                    });
                    continue;
                }
            };
            if let Some(expected) = &attacks.squares {
                let shown = list(&sorted(expected.iter().cloned()));
                let expected = expected.clone();
                part(plan, &source, "squares", shown, move |actual| {
                    let (passed, shown) = set_difference(&expected, &actual);
                    judged(passed, shown)
                });
            }
            if let Some(expected) = attacks.count {
                part(
                    plan,
                    &source,
                    "count",
                    expected.to_string(),
                    move |actual| {
                        let n = actual.into_iter().collect::<BTreeSet<_>>().len();
                        judged(n == expected as usize, n.to_string())
                    },
                );
            }
            if let Some(expected) = &attacks.includes {
                let wanted = expected.clone();
                part(plan, &source, "includes", list(expected), move |actual| {
                    members(&wanted, &actual, false, "all attacked", "not attacked")
                });
            }
            if let Some(expected) = &attacks.excludes {
                let unwanted = expected.clone();
                part(plan, &source, "excludes", list(expected), move |actual| {
                    members(&unwanted, &actual, true, "none attacked", "attacked")
                });
            }
        }
    }

    fn transform(entries: &Vec<Attacks>, twin: &Twin) -> Result<Vec<Attacks>, String> {
        let s = twin.symmetry;
        let squares = |l: &Option<Vec<String>>| {
            l.as_ref()
                .map(|l| l.iter().map(|q| s.square(q)).collect::<Vec<_>>())
        };
        Ok(entries
            .iter()
            .map(|a| {
                let Attacks {
                    from,
                    by,
                    squares: set,
                    count,
                    includes,
                    excludes,
                } = a;
                Attacks {
                    from: from.as_ref().map(|q| s.square(q)),
                    by: by.map(|c| s.color(c)),
                    squares: squares(set),
                    count: *count,
                    includes: squares(includes),
                    excludes: squares(excludes),
                }
            })
            .collect())
    }

    fn normalize(entries: &Vec<Attacks>) -> Vec<Attacks> {
        let sorted = |l: &Option<Vec<String>>| l.as_deref().map(sorted_list);
        let mut list: Vec<Attacks> = entries
            .iter()
            .map(|a| Attacks {
                from: a.from.clone(),
                by: a.by,
                squares: sorted(&a.squares),
                count: a.count,
                includes: sorted(&a.includes),
                excludes: sorted(&a.excludes),
            })
            .collect();
        list.sort_by_key(|a| serde_json::to_string(a).unwrap_or_default());
        list
    }
}

fn needs() -> Capabilities {
    Capabilities::NONE.with(Capability::Attacks)
}

/// One part of an attacks entry: its own probe, asking the entry's question (which the engine
/// answers once) and judging the squares with `judge`.
fn part(
    plan: &mut Plan,
    source: &AttackSource,
    name: &str,
    expected: String,
    judge: impl Fn(Vec<String>) -> super::Judged + Send + Sync + 'static,
) {
    let source = source.clone();
    plan.probe(
        format!("attacks {source}: {name}"),
        needs(),
        expected,
        move |asker| {
            let q = format!("attacks {source}");
            let question = question::Attacks {
                source: source.clone(),
            };
            Ok(judge(squares_answer(&q, asker.ask(&q, question)?)?))
        },
    );
}

/// Whether each of `squares` is attacked (`must_not`: whether none of them may be), and the
/// squares that are off, shown after `wrong`.
fn members(
    squares: &[String],
    actual: &[String],
    must_not: bool,
    right: &str,
    wrong: &str,
) -> super::Judged {
    let set: BTreeSet<&String> = actual.iter().collect();
    let off: Vec<String> = squares
        .iter()
        .filter(|s| set.contains(s) == must_not)
        .cloned()
        .collect();
    if off.is_empty() {
        judged(true, right.into())
    } else {
        judged(false, format!("{wrong}: {}", list(&off)))
    }
}
