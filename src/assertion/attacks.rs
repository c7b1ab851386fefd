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
pub struct Kind;

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
        let needs = Capabilities::NONE.with(Capability::Attacks);
        for attacks in entries {
            let source = match (&attacks.from, attacks.by) {
                (Some(square), _) => AttackSource::Square(square.clone()),
                (None, Some(color)) => AttackSource::Side(color),
                (None, None) => {
                    plan.probe("attacks", needs, "", |_| {
                        Err(Stop::Error(
                            "invalid case: an `attacks` entry names neither `from` nor `by` \
                             (load cases through the catalogue, which refuses this)"
                                .into(),
                        ))
                    });
                    continue;
                }
            };
            let label = format!("attacks {source}");
            // Every part asks the same question, answered once.
            let ask = move |asker: &mut super::Asker<'_>| -> Result<Vec<String>, Stop> {
                let q = format!("attacks {source}");
                let question = question::Attacks {
                    source: source.clone(),
                };
                squares_answer(&q, asker.ask(&q, question)?)
            };
            if let Some(expected) = &attacks.squares {
                let (ask, expected) = (ask.clone(), expected.clone());
                plan.probe(
                    format!("{label}: squares"),
                    needs,
                    list(&sorted(expected.iter().cloned())),
                    move |asker| {
                        let (passed, shown) = set_difference(&expected, &ask(asker)?);
                        Ok(judged(passed, shown))
                    },
                );
            }
            if let Some(expected) = attacks.count {
                let ask = ask.clone();
                plan.probe(
                    format!("{label}: count"),
                    needs,
                    expected.to_string(),
                    move |asker| {
                        let n = ask(asker)?.into_iter().collect::<BTreeSet<_>>().len();
                        Ok(judged(n == expected as usize, n.to_string()))
                    },
                );
            }
            if let Some(expected) = &attacks.includes {
                let (ask, expected) = (ask.clone(), expected.clone());
                plan.probe(
                    format!("{label}: includes"),
                    needs,
                    list(&expected),
                    move |asker| {
                        let set: BTreeSet<String> = ask(asker)?.into_iter().collect();
                        let missing: Vec<String> = expected
                            .iter()
                            .filter(|s| !set.contains(*s))
                            .cloned()
                            .collect();
                        Ok(if missing.is_empty() {
                            judged(true, "all attacked".into())
                        } else {
                            judged(false, format!("not attacked: {}", list(&missing)))
                        })
                    },
                );
            }
            if let Some(expected) = &attacks.excludes {
                let (ask, expected) = (ask.clone(), expected.clone());
                plan.probe(
                    format!("{label}: excludes"),
                    needs,
                    list(&expected),
                    move |asker| {
                        let set: BTreeSet<String> = ask(asker)?.into_iter().collect();
                        let found: Vec<String> = expected
                            .iter()
                            .filter(|s| set.contains(*s))
                            .cloned()
                            .collect();
                        Ok(if found.is_empty() {
                            judged(true, "none attacked".into())
                        } else {
                            judged(false, format!("attacked: {}", list(&found)))
                        })
                    },
                );
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
