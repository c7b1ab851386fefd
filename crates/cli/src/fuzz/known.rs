//! Kinds of disagreement: an assertion key and the FIDE article it falls under, so that one
//! bug met a thousand times is one finding; and a disagreement an engine's baseline already
//! records (`baselines/NAME.yaml`) is counted, not reported again.
//!
//! A baseline is matched by rule area and key: the area of each failing case (its id's first
//! part, the file of `cases/` its rule belongs to) and the key of each failing assertion. A
//! fuzzed position is classified from its answers, not written for one sub-clause as a case
//! is, so the rule area is as fine as the match can honestly be.

use std::collections::BTreeSet;
use std::fmt;
use std::path::Path;

use chess_conformance::Baseline;
use shakmaty::{Chess, Position, Role};

use super::target::{Target, state_rule};

/// A kind of disagreement: the assertion key and the article (and the rule area it is in).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Kind {
    /// The `expect` key.
    pub key: &'static str,
    /// The FIDE article, as specific as the answers tell.
    pub rule: String,
    /// The rule area (the file of `cases/`) the article belongs to.
    pub area: &'static str,
}

impl Kind {
    /// The kind of a disagreement about `target` under article `rule`.
    pub(crate) fn new(target: &Target, rule: String) -> Kind {
        Kind {
            key: target.key(),
            area: area(&rule, target),
            rule,
        }
    }

    /// The kind of an error (an engine that did not answer) in `position`:
    /// all the questions about a position an engine refuses err alike, so errors are one kind
    /// per article, `error`; a halfmove clock past 100 (which FIDE 9.3 and 9.6.2 keep counting)
    /// is the usual cause, unless the engine that erred keeps no clocks (`clocks`, its
    /// handshake's convention): its error is then about something else in the position.
    pub(crate) fn error(position: &Chess, rule: String, clocks: bool) -> Kind {
        let rule = if clocks && position.halfmoves() >= 100 {
            "9.3.2".to_owned()
        } else {
            rule
        };
        // The area of the article alone: the question that erred does not make the kind.
        Kind {
            key: ERROR,
            area: area(&rule, &Target::Moves),
            rule,
        }
    }
}

/// The key of an error kind: no answer at all, to any assertion.
const ERROR: &str = "error";

/// The rule area (the file of `cases/`) a disagreement about `target` under `rule` belongs in.
pub(crate) fn area(rule: &str, target: &Target) -> &'static str {
    match target {
        Target::San(_) | Target::FromSan(_) => return "san",
        Target::Valid => return "fen",
        Target::Perft(_) => return "perft",
        Target::MatingMaterial => return "flag-fall",
        _ => {}
    }
    let starts = |p: &str| rule == p || rule.starts_with(&format!("{p}."));
    if starts("3.10.3") {
        "fen"
    } else if starts("3.10.1") {
        "perft"
    } else if starts("3.8.2") {
        "castling"
    } else if starts("3.7.3.1") || starts("3.7.3.2") {
        "en-passant"
    } else if starts("3.7.3") {
        "promotion"
    } else if starts("3.9") {
        "check"
    } else if starts("5.1") {
        "checkmate"
    } else if starts("5.2.1") {
        "stalemate"
    } else if starts("5.2.2") {
        "dead-position"
    } else if starts("9.2") || starts("9.6.1") {
        "repetition"
    } else if starts("9.3") || starts("9.6.2") {
        "fifty-move"
    } else {
        "piece-moves"
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (FIDE {})", self.key, self.rule)
    }
}

/// The kinds an engine's baseline records, as (key, rule area) pairs; a key of `*` for an
/// entry that gives its reason alone (every assertion of the case).
#[derive(Debug, Clone, Default)]
pub(crate) struct Known(BTreeSet<(String, String)>);

impl Known {
    /// Whether the baseline records this kind: its key in its rule area, or (an error, which
    /// fails every assertion asked) any key there.
    pub(crate) fn contains(&self, kind: &Kind) -> bool {
        if kind.key == ERROR {
            return self.0.iter().any(|(_, area)| area == kind.area);
        }
        [kind.key, "*"]
            .iter()
            .any(|key| self.0.contains(&((*key).to_owned(), kind.area.to_owned())))
    }

    /// How many kinds it records.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// The kinds of `baseline`.
    pub(crate) fn of(baseline: &Baseline) -> Known {
        let mut kinds = BTreeSet::new();
        for (id, failure) in &baseline.known_failures {
            let area = id.split_once('/').map_or(id.as_str(), |(area, _)| area);
            let keys: Vec<String> = match &failure.fails {
                Some(fails) => fails
                    .iter()
                    .filter_map(|a| a.split_whitespace().next())
                    .map(str::to_owned)
                    .collect(),
                None => vec!["*".to_owned()],
            };
            for key in keys {
                kinds.insert((key, area.to_owned()));
            }
        }
        Known(kinds)
    }

    /// The kinds of the baseline of the engine named `name` in `dir`, if there is one.
    pub(crate) fn load(dir: &Path, name: &str) -> Result<Known, String> {
        let path = dir.join(crate::text::baseline_name(name));
        if !path.exists() {
            return Ok(Known::default());
        }
        Ok(Known::of(&Baseline::load(&path)?))
    }

    /// Both sets.
    pub(crate) fn union(mut self, other: Known) -> Known {
        self.0.extend(other.0);
        self
    }
}

/// The article a disagreement about `target` in `position` falls under: `expected` and
/// `actual` are the two answers as the checker shows them.
pub(crate) fn classify(target: &Target, position: &Chess, expected: &str, actual: &str) -> String {
    match target {
        Target::Moves => {
            let differing = moves_in(actual);
            let unexpected = actual.contains("unexpected");
            differing
                .first()
                .map_or("3.1".to_owned(), |m| move_rule(position, m, unexpected))
        }
        Target::Perft(_) => "3.10.1".into(),
        Target::Check | Target::Checkers => "3.9.1".into(),
        Target::State => {
            let name = |s: &str| {
                [
                    ("checkmate", "5.1.1"),
                    ("stalemate", "5.2.1"),
                    ("insufficient", "5.2.2"),
                    ("dead", "5.2.2"),
                    ("fivefold", "9.6.1"),
                    ("seventy", "9.6.2"),
                ]
                .iter()
                .find(|(word, _)| s.contains(word))
                .map(|(_, rule)| (*rule).to_owned())
            };
            name(expected)
                .or_else(|| name(actual))
                .unwrap_or_else(|| state_rule(chess_conformance::StateName::Ongoing).into())
        }
        Target::Claims => {
            if expected.contains("threefold") || actual.contains("threefold") {
                "9.2.2".into()
            } else {
                "9.3.2".into()
            }
        }
        Target::MatingMaterial => "6.9".into(),
        Target::San(uci) => san_rule(position, uci, expected, actual),
        Target::FromSan(san) => {
            let uci = if expected.len() >= 4 && expected.is_ascii() {
                expected
            } else {
                actual
            };
            san_rule(position, uci, san, san)
        }
        Target::After(uci) => {
            let special = move_rule(position, uci, false);
            if special.starts_with("3.7.3") || special.starts_with("3.8.2") {
                special
            } else if actual.contains("halfmove") || actual.contains("move number") {
                "9.3.2".into()
            } else if actual.contains("castling") {
                "3.8.2.1".into()
            } else if actual.contains("en passant") {
                "3.7.3.1".into()
            } else {
                special
            }
        }
        Target::Valid => "3.10.3".into(),
    }
}

/// The UCI moves named in a checker's description of a set difference.
fn moves_in(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            (4..=5).contains(&w.len()) && chess_conformance::replay::check_uci_syntax(w).is_ok()
        })
        .map(str::to_owned)
        .collect()
}

/// The article of a move: castling, en passant, promotion, the piece's own article, or (a move
/// an engine allows that is not legal, of no special kind) leaving the king in check.
fn move_rule(position: &Chess, uci: &str, allowed_wrongly: bool) -> String {
    let square = |s: &str| chess_conformance::replay::parse_square(s).ok();
    let (Some(from), Some(to)) = (
        uci.get(0..2).and_then(square),
        uci.get(2..4).and_then(square),
    ) else {
        return "3.1".into();
    };
    let Some(piece) = position.board().piece_at(from) else {
        return "3.1".into();
    };
    let file_step = (i32::from(from.file()) - i32::from(to.file())).abs();
    let rank_step = (i32::from(from.rank()) - i32::from(to.rank())).abs();
    match piece.role {
        Role::King if file_step == 2 => "3.8.2".into(),
        Role::Pawn
            if uci.len() == 5
                || to.rank() == shakmaty::Rank::First
                || to.rank() == shakmaty::Rank::Eighth =>
        {
            "3.7.3.3".into()
        }
        Role::Pawn if file_step == 1 && position.board().piece_at(to).is_none() => "3.7.3.1".into(),
        Role::Pawn if rank_step == 2 => "3.7.3.1".into(),
        _ if allowed_wrongly => "3.9.2".into(),
        Role::Pawn => "3.7".into(),
        Role::Knight => "3.6".into(),
        Role::Bishop => "3.2".into(),
        Role::Rook => "3.3".into(),
        Role::Queen => "3.4".into(),
        Role::King => "3.8.1".into(),
    }
}

/// The article of the notation appendix a SAN disagreement is about.
fn san_rule(position: &Chess, uci: &str, expected: &str, actual: &str) -> String {
    let both = format!("{expected} {actual}");
    // Castling and the check or mate suffix (they differ only there) are C.13.
    let castling = both.contains("O-O") || move_rule(position, uci, false) == "3.8.2";
    if castling || expected.trim_end_matches(['+', '#']) == actual.trim_end_matches(['+', '#']) {
        "C.13".into()
    } else if both.contains('=') {
        "C.11".into()
    } else {
        "C.10".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baselines_are_read_by_area_and_key() {
        let baseline: Baseline = serde_yaml_ng::from_str(
            "known_failures:\n  en-passant/x: { reason: r, fails: [\"after e5d6\"] }\n  fen/y: r\n",
        )
        .unwrap();
        let known = Known::of(&baseline);
        let ep = Kind::new(&Target::After("e5d6".into()), "3.7.3.1".into());
        assert_eq!(ep.area, "en-passant");
        assert!(known.contains(&ep));
        assert!(!known.contains(&Kind::new(&Target::Moves, "3.7.3.1".into())));
        assert!(known.contains(&Kind::new(&Target::Valid, "3.10.3".into())));
        assert!(!known.contains(&Kind::new(&Target::After("e1g1".into()), "3.8.2".into())));
        // An error is known where the baseline has any failure of its area.
        let fifty: Chess =
            chess_conformance::replay::parse_fen("4k3/8/8/8/8/8/8/4K3 w - - 120 80").unwrap();
        let error = Kind::error(&fifty, "3.1".into(), true);
        assert_eq!((error.key, error.area), ("error", "fifty-move"));
        assert!(!known.contains(&error));
        // An engine that keeps no clocks errs on something else: the article it was asked under.
        let clockless = Kind::error(&fifty, "3.1".into(), false);
        assert_eq!(
            (clockless.rule.as_str(), clockless.area),
            ("3.1", "piece-moves")
        );
        let en_passant = Kind::error(&Chess::default(), "3.7.3.1".into(), true);
        assert!(known.contains(&en_passant));
    }

    #[test]
    fn moves_are_classified_by_what_they_are() {
        let pos: Chess =
            chess_conformance::replay::parse_fen("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1")
                .unwrap();
        assert_eq!(move_rule(&pos, "e1g1", false), "3.8.2");
        assert_eq!(move_rule(&pos, "e5d6", false), "3.7.3.1");
        assert_eq!(move_rule(&pos, "b7a8q", false), "3.7.3.3");
        assert_eq!(move_rule(&pos, "a1a7", false), "3.3");
        assert_eq!(move_rule(&pos, "a1a7", true), "3.9.2");
        assert_eq!(
            classify(&Target::Moves, &pos, "[..]", "missing [e1c1]"),
            "3.8.2"
        );
        assert_eq!(
            moves_in("missing [e1c1, b7a8q]; unexpected [a1a2]"),
            ["e1c1", "b7a8q", "a1a2"]
        );
    }
}
