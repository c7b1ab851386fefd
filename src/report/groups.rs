//! Failures and errors grouped by cause: thousands of wrong answers are a handful of bugs.
//!
//! A case that failed or erred gets a cause from its checks of that outcome: the assertion kind
//! and the shape of the difference, its variable parts left out. A set of moves that differs is
//! described by the kinds of its moves (`promotion to a rook`, `an en passant capture`,
//! `castling O-O`), not their squares; a wrong scalar answer by the expected and actual pair
//! (`state: expected ongoing, actual stalemate`); a wrong position by what differs (`after:
//! differs in halfmove clock`); an error by its message with numbers, squares, moves, FENs,
//! quoted text and sequence numbers masked ([`mask`]). Cases whose first cause (that of their
//! first assertion of the outcome) is the same form a [`Group`]: largest first, each with its
//! count, its smallest case (fewest pieces on the board, then shortest history, then id), that
//! case's position and wrong answers, every member's id, and the other causes some members have
//! too ([`Also`]).
//!
//! Both a [`super::Run`] (the text, Markdown and `matrix` reports) and a [`super::Report`] read
//! back from JSON (`report --html`) group through [`group`], from what they share: the verdict,
//! the case's FEN, moves and variant ([`Member`]).
//!
//! ```
//! use chess_conformance::report::groups::{group, Member};
//! use chess_conformance::{Check, Outcome, Variant, Verdict};
//!
//! let failed = |id: &str, square: &str| Verdict {
//!     id: id.into(),
//!     area: "promotion".into(),
//!     outcome: Outcome::Fail,
//!     reason: None,
//!     checks: vec![Check {
//!         assertion: "legal".into(),
//!         expected: format!("[{square}1q, {square}1r]"),
//!         actual: format!("not legal: [{square}1r]"),
//!         outcome: Outcome::Fail,
//!         reason: None,
//!     }],
//! };
//! let (a, b) = (failed("promotion/a", "a2a"), failed("promotion/h", "h2h"));
//! let member = |verdict, fen| Member { verdict, fen: Some(fen), moves: &[], variant: Variant::Standard };
//! let groups = group([
//!     member(&a, "4k3/8/8/8/8/8/p7/4K3 b - - 0 1"),
//!     member(&b, "4k3/8/8/8/8/8/7p/4K2R b - - 0 1"),
//! ]);
//! assert_eq!(groups.len(), 1);
//! assert_eq!(groups[0].label, "legal moves refused: an under-promotion");
//! assert_eq!(groups[0].case, "promotion/a"); // three pieces, against four
//! assert_eq!(groups[0].members, ["promotion/a", "promotion/h"]);
//! ```

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::replay::Sight;
use crate::verdict::{Check, Outcome, Verdict};
use crate::vocabulary::Variant;

/// One case as grouping reads it: its verdict and the position its checks were asked in.
#[derive(Debug, Clone, Copy)]
pub struct Member<'a> {
    /// The verdict; only a failure or an error is grouped, any other is passed over.
    pub verdict: &'a Verdict,
    /// The case's FEN (`None` from a report written before FENs were carried): what the moves
    /// of a difference are read in, and how many pieces make a case small.
    pub fen: Option<&'a str>,
    /// The case's history, in UCI.
    pub moves: &'a [String],
    /// The game the FEN and moves are read in.
    pub variant: Variant,
}

/// The failures or errors of one cause, and the smallest case that shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Group {
    /// What makes the group: its outcome and its label (`fail: state: expected ongoing, actual
    /// stalemate`). Two runs' groups of one cause have the same key.
    pub key: String,
    /// `fail` or `error`.
    pub outcome: Outcome,
    /// The cause in words: the first cause of each of its cases (the cause of its first
    /// assertion of the group's outcome).
    pub label: String,
    /// How many cases it holds.
    pub count: usize,
    /// The id of its smallest case: fewest pieces on the board, then shortest history, then
    /// first id.
    pub case: String,
    /// That case's FEN (when the verdicts carried one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// That case's history, in UCI.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// That case's game: absent for standard chess.
    #[serde(default, skip_serializing_if = "Variant::is_standard")]
    pub variant: Variant,
    /// That case's checks of the group's outcome: each with its expected and actual answers,
    /// or its error.
    pub checks: Vec<Check>,
    /// Every case of the group, in the order they were given (the catalogue's).
    pub members: Vec<String>,
    /// The other causes some of its cases have (a later assertion of the same outcome), most
    /// cases first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Also>,
}

/// Groups the failures and errors of `members` by cause, largest group first (ties by key);
/// a failing or erring case is in exactly one group, a passed or skipped one in none.
pub fn group<'a>(members: impl IntoIterator<Item = Member<'a>>) -> Vec<Group> {
    // key -> (label, members with their size, the other causes with their counts)
    type Gathered<'a> = (String, Vec<(Size, Member<'a>)>, Vec<Also>);
    let mut by_key: BTreeMap<String, Gathered<'a>> = BTreeMap::new();
    for member in members {
        let outcome = member.verdict.outcome;
        if !matches!(outcome, Outcome::Fail | Outcome::Error) {
            continue;
        }
        let mut causes = causes(&member).into_iter();
        let label = causes.next().unwrap_or_default();
        let key = format!("{outcome}: {label}");
        let (_, gathered, also) = by_key
            .entry(key)
            .or_insert_with(|| (label, Vec::new(), Vec::new()));
        gathered.push((Size::of(&member), member));
        for cause in causes {
            match also.iter_mut().find(|a| a.cause == cause) {
                Some(a) => a.cases += 1,
                None => also.push(Also { cause, cases: 1 }),
            }
        }
    }
    let mut groups: Vec<Group> = by_key
        .into_iter()
        .map(|(key, (label, members, mut also))| {
            let (_, smallest) = members
                .iter()
                .min_by(|(a, x), (b, y)| a.cmp(b).then_with(|| x.verdict.id.cmp(&y.verdict.id)))
                .expect("a group has a member");
            let outcome = smallest.verdict.outcome;
            also.sort_by(|a, b| b.cases.cmp(&a.cases).then_with(|| a.cause.cmp(&b.cause)));
            Group {
                key,
                outcome,
                label,
                count: members.len(),
                case: smallest.verdict.id.clone(),
                fen: smallest.fen.map(str::to_owned),
                moves: smallest.moves.to_vec(),
                variant: smallest.variant,
                checks: smallest
                    .verdict
                    .checks
                    .iter()
                    .filter(|c| c.outcome == outcome)
                    .cloned()
                    .collect(),
                members: members.iter().map(|(_, m)| m.verdict.id.clone()).collect(),
                also,
            }
        })
        .collect();
    groups.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.key.cmp(&b.key)));
    groups
}

/// A cause that some cases of a group have besides the group's own.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Also {
    /// The cause in words.
    pub cause: String,
    /// How many of the group's cases have it.
    pub cases: usize,
}

/// How small a case is: pieces on its board (a case without a FEN is the largest), then plies
/// of history.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Size {
    pieces: usize,
    plies: usize,
}

impl Size {
    fn of(member: &Member) -> Size {
        let pieces = member.fen.map_or(usize::MAX, |fen| {
            let placement = fen.split_whitespace().next().unwrap_or("");
            placement.chars().filter(char::is_ascii_alphabetic).count()
        });
        Size {
            pieces,
            plies: member.moves.len(),
        }
    }
}

/// The causes of a failing or erring case, distinct, in the order of its assertions: the first
/// is the one it is grouped by. Two errors are one cause when they differ only in the question
/// their message names first (one refusal of a FEN errs every question asked of it); the label
/// is the first's.
fn causes(member: &Member) -> Vec<String> {
    let verdict = member.verdict;
    // Read the board only when some check's difference names moves or squares.
    let mut sight: Option<Option<Sight>> = None;
    let mut board = || {
        sight
            .get_or_insert_with(|| {
                member
                    .fen
                    .and_then(|fen| Sight::of(member.variant, fen, member.moves))
            })
            .clone()
    };
    // (what tells causes apart, what the label says)
    let mut causes: Vec<(String, String)> = Vec::new();
    let outcome = verdict.outcome;
    for check in verdict.checks.iter().filter(|c| c.outcome == outcome) {
        let cause = match check.outcome {
            Outcome::Error => error_cause(check),
            _ if check.assertion == "valid" && check.expected == "rejected" => {
                // What makes the FEN invalid, as the reference reads it, is the cause.
                let why = member
                    .fen
                    .and_then(|fen| crate::replay::parse_fen_in(fen, member.variant).err())
                    .map_or_else(
                        || "a FEN the suite rejects".to_owned(),
                        |e| mask(first_line(&e.0)),
                    );
                let cause = format!("valid: an invalid FEN accepted ({why})");
                (cause.clone(), cause)
            }
            _ => {
                let cause = failure_cause(check, &mut board);
                (cause.clone(), cause)
            }
        };
        if !causes.iter().any(|(same, _)| *same == cause.0) {
            causes.push(cause);
        }
    }
    let mut causes: Vec<String> = causes.into_iter().map(|(_, label)| label).collect();
    if causes.is_empty() {
        // A verdict read from elsewhere whose checks say nothing: its reason is all there is.
        causes.push(mask(first_line(verdict.reason.as_deref().unwrap_or(""))));
    }
    causes
}

/// An error's cause: its message's first line (what follows is an engine's stderr, different
/// each time), masked; told apart from another error of the same case without the question it
/// names first (one refusal of a FEN errs every question asked of it), labelled with it.
fn error_cause(check: &Check) -> (String, String) {
    let reason = check.reason.as_deref().unwrap_or("no reason given");
    let label = mask(first_line(reason));
    let why = match label.split_once(": ") {
        Some((_, why)) => why.to_owned(),
        None => label.clone(),
    };
    (why, label)
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or("").trim_end()
}

/// A wrong answer's cause: the assertion kind and the shape of the difference.
fn failure_cause(check: &Check, board: &mut dyn FnMut() -> Option<Sight>) -> String {
    let (kind, argument) = check
        .assertion
        .split_once(' ')
        .unwrap_or((check.assertion.as_str(), ""));
    let (expected, actual) = (check.expected.as_str(), check.actual.as_str());
    let moves = |items: &[&str], board: &mut dyn FnMut() -> Option<Sight>| {
        let sight = board();
        described(items, |m| match &sight {
            Some(s) => s.describe_move(m),
            None => "a move".to_owned(),
        })
    };
    let a_move = |m: &str, board: &mut dyn FnMut() -> Option<Sight>| moves(&[m], board);
    match kind {
        "legal" | "illegal" => {
            let listed = actual
                .split_once(": ")
                .and_then(|(_, list)| list_items(list));
            match listed {
                Some(items) if kind == "legal" => {
                    format!("legal moves refused: {}", moves(&items, board))
                }
                Some(items) => format!("illegal moves accepted: {}", moves(&items, board)),
                None => generic(kind, argument, expected, actual),
            }
        }
        "moves" => match difference(actual, &mut |items| moves(items, board)) {
            Some(shape) => format!("moves: {shape}"),
            None => generic(kind, argument, expected, actual),
        },
        "checkers" => {
            let sight = board();
            let squares = |items: &[&str]| {
                described(items, |s| match &sight {
                    Some(b) => b.describe_square(s),
                    None => "a square".to_owned(),
                })
            };
            let mut squares = squares;
            match difference(actual, &mut squares) {
                Some(shape) => format!("checkers: {shape}"),
                None => generic(kind, argument, expected, actual),
            }
        }
        "claims" | "claims_with_move" => {
            let head = if argument.is_empty() {
                kind.to_owned()
            } else {
                format!("{kind} with {}", a_move(argument, board))
            };
            match difference(actual, &mut |items| described(items, |c| c.to_owned())) {
                Some(shape) => format!("{head}: {shape}"),
                None => format!(
                    "{head}: expected {}, actual {}",
                    mask(expected),
                    mask(actual)
                ),
            }
        }
        "after" => {
            if let Some(why) = actual.strip_prefix("refused the legal move: ") {
                format!(
                    "after {}: refused the legal move: {}",
                    a_move(argument, board),
                    mask(first_line(why))
                )
            } else if let Some(at) = actual.rfind(" (differs in ") {
                format!("after: {}", actual[at + 2..].trim_end_matches(')'))
            } else {
                generic(kind, argument, expected, actual)
            }
        }
        "san" => {
            fn sign(san: &str) -> (&str, &str) {
                let body = san.trim_end_matches(['+', '#']);
                (body, &san[body.len()..])
            }
            let ((want, want_sign), (got, got_sign)) = (sign(expected), sign(actual));
            let name = |s: &str| match s {
                "" => "none".to_owned(),
                s => s.to_owned(),
            };
            if want == got {
                // Only the check or mate sign differs, whatever the move.
                format!(
                    "san: the check or mate sign: expected {}, actual {}",
                    name(want_sign),
                    name(got_sign)
                )
            } else {
                format!(
                    "san of {}: expected {}, actual {}",
                    a_move(argument, board),
                    san_shape(expected),
                    san_shape(actual)
                )
            }
        }
        "from_san" => {
            let mut answer = |text: &str| {
                if crate::replay::check_uci_syntax(text).is_ok() {
                    a_move(text, board)
                } else {
                    mask(text)
                }
            };
            let (expected, actual) = (answer(expected), answer(actual));
            format!(
                "from_san {}: expected {expected}, actual {actual}",
                san_shape(argument)
            )
        }
        "perft" | "move_count" => {
            let noun = if kind == "perft" { "nodes" } else { "moves" };
            match (expected.parse::<u64>(), actual.parse::<u64>()) {
                (Ok(want), Ok(got)) if got < want => format!("{kind}: too few {noun}"),
                (Ok(_), Ok(_)) => format!("{kind}: too many {noun}"),
                _ => generic(kind, argument, expected, actual),
            }
        }
        "refuses" if !argument.starts_with("position") => {
            let played = if actual.starts_with("played it") {
                "played it".to_owned()
            } else {
                mask(actual)
            };
            format!("refuses {}: {played}", a_move(argument, board))
        }
        _ => generic(kind, argument, expected, actual),
    }
}

/// `kind argument: expected X, actual Y`, every part masked.
fn generic(kind: &str, argument: &str, expected: &str, actual: &str) -> String {
    let head = if argument.is_empty() {
        kind.to_owned()
    } else {
        format!("{kind} {}", mask(argument))
    };
    format!(
        "{head}: expected {}, actual {}",
        mask(first_line(expected)),
        mask(first_line(actual))
    )
}

/// The items of `[a, b, c]` (`[]` has none); `None` if `text` is no such list.
fn list_items(text: &str) -> Option<Vec<&str>> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    Some(
        inner
            .split(", ")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect(),
    )
}

/// The distinct descriptions of `items`, sorted, joined by `, `; promotions to a rook, a
/// bishop or a knight are one kind, `an under-promotion`, and castling either way is
/// `castling` (which of them a case lists is the case's choice, not the engine's; the smallest
/// case shows which).
fn described(items: &[&str], describe: impl Fn(&str) -> String) -> String {
    let under = |d: String| match d.as_str() {
        "promotion to a rook" | "promotion to a bishop" | "promotion to a knight" => {
            "an under-promotion".to_owned()
        }
        "castling O-O" | "castling O-O-O" => "castling".to_owned(),
        _ => d,
    };
    let set: BTreeSet<String> = items.iter().map(|i| under(describe(i))).collect();
    set.into_iter().collect::<Vec<_>>().join(", ")
}

/// A set difference as `compare.rs` writes it (`missing [a]; unexpected [b]; 2 listed twice`)
/// with each list described by `describe`; `None` if `text` is not one.
fn difference(text: &str, describe: &mut dyn FnMut(&[&str]) -> String) -> Option<String> {
    let mut parts = Vec::new();
    for part in text.split("; ") {
        if let Some(list) = part.strip_prefix("missing ") {
            parts.push(format!("missing {}", describe(&list_items(list)?)));
        } else if let Some(list) = part.strip_prefix("unexpected ") {
            parts.push(format!("unexpected {}", describe(&list_items(list)?)));
        } else if part.ends_with(" listed twice") {
            parts.push("some listed twice".to_owned());
        } else {
            return None;
        }
    }
    Some(parts.join("; "))
}

/// The shape of a SAN, its squares left out: `□` for a square, `f` for a file and `r` for a
/// rank that disambiguate, the piece letter, capture, promotion and check marks kept
/// (`Nbd2+` is `Nf□+`, `exd8=Q` is `fx□=Q`, `O-O` stays). Anything else is [`mask`]ed.
fn san_shape(san: &str) -> String {
    let san = san.trim();
    let body = san.trim_end_matches(['+', '#']);
    let suffix = &san[body.len()..];
    if matches!(body, "O-O" | "O-O-O") {
        return san.to_owned();
    }
    let (body, promotion) = match body.split_once('=') {
        Some((body, piece)) if piece.len() == 1 && "QRBNK".contains(piece) => (body, piece),
        Some(_) => return mask(san),
        None => (body, ""),
    };
    let (piece, rest) = match body.chars().next() {
        Some(c @ ('K' | 'Q' | 'R' | 'B' | 'N')) => (c.to_string(), &body[1..]),
        _ => (String::new(), body),
    };
    let square = |s: &str| {
        let b = s.as_bytes();
        b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
    };
    if rest.len() < 2 || !square(&rest[rest.len() - 2..]) {
        return mask(san);
    }
    let (head, _) = rest.split_at(rest.len() - 2);
    let capture = head.ends_with('x');
    let disambiguation = head.trim_end_matches('x');
    let mut shape = piece;
    for c in disambiguation.chars() {
        match c {
            'a'..='h' => shape.push('f'),
            '1'..='8' => shape.push('r'),
            _ => return mask(san),
        }
    }
    if capture {
        shape.push('x');
    }
    shape.push('□');
    if !promotion.is_empty() {
        shape.push('=');
        shape.push_str(promotion);
    }
    shape.push_str(suffix);
    shape
}

/// `text` with its variable parts masked, so that one cause reads the same in every case:
/// quoted text (`` `…` ``, `'…'`, `"…"`), FENs (`<fen>`, their fields included), UCI moves
/// (`<move>`), SAN (`<san>`), squares (`<square>`) and numbers (`<n>`, digits within a word
/// too: a sequence number, a line and column, a version).
pub fn mask(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let after_word = i > 0 && chars[i - 1].is_alphanumeric();
        if matches!(c, '`' | '\'' | '"') && !after_word {
            let close = (i + 1..chars.len())
                .take_while(|&j| chars[j] != '\n')
                .find(|&j| chars[j] == c && chars.get(j + 1).is_none_or(|n| !n.is_alphanumeric()));
            if let Some(end) = close {
                out.push(c);
                out.push('…');
                out.push(c);
                i = end + 1;
                continue;
            }
        }
        if is_word(c) {
            let start = i;
            while i < chars.len() && is_word(chars[i]) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let trimmed = word.trim_end_matches('.');
            let masked = mask_word(trimmed);
            out.push_str(&masked);
            out.push_str(&word[trimmed.len()..]);
            if masked == "<fen>" {
                i = skip_fen_fields(&chars, i);
            }
            continue;
        }
        out.push(c);
        i += 1;
    }
    out
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '/' | '_' | '.' | '-' | '+' | '=' | '#')
}

/// Past the fields that follow a FEN's placement (side, castling, en passant, clocks): up to
/// five words each like one.
fn skip_fen_fields(chars: &[char], mut i: usize) -> usize {
    for _ in 0..5 {
        if chars.get(i) != Some(&' ') {
            break;
        }
        let start = i + 1;
        let mut end = start;
        while end < chars.len() && is_word(chars[end]) {
            end += 1;
        }
        let field: String = chars[start..end].iter().collect();
        let fen_like = !field.is_empty()
            && (field == "-"
                || field == "w"
                || field == "b"
                || field.chars().all(|c| c.is_ascii_digit())
                || field.chars().all(|c| "KQkqABCDEFGHabcdefgh".contains(c))
                || is_square(&field));
        if !fen_like {
            break;
        }
        i = end;
    }
    i
}

fn is_square(word: &str) -> bool {
    let b = word.as_bytes();
    b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}

fn is_uci(word: &str) -> bool {
    let b = word.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && is_square(&word[..2])
        && is_square(&word[2..4])
        && (b.len() == 4 || b"qrbnk".contains(&b[4]))
}

fn is_san(word: &str) -> bool {
    let body = word.trim_end_matches(['+', '#']);
    if matches!(body, "O-O" | "O-O-O") {
        return true;
    }
    let body = match body.split_once('=') {
        Some((body, piece)) if piece.len() == 1 && "QRBN".contains(piece) => body,
        Some(_) => return false,
        None => body,
    };
    let body = body.strip_prefix(['K', 'Q', 'R', 'B', 'N']).unwrap_or(body);
    if body.len() < 2 || !is_square(&body[body.len() - 2..]) {
        return false;
    }
    let head = body[..body.len() - 2].trim_end_matches('x');
    head.len() <= 2 && head.chars().all(|c| matches!(c, 'a'..='h' | '1'..='8'))
}

fn mask_word(word: &str) -> String {
    if word.is_empty() {
        return String::new();
    }
    let digits = word.chars().filter(char::is_ascii_digit).count();
    if word.matches('/').count() >= 7 && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '/')
    {
        return "<fen>".to_owned();
    }
    if is_square(word) || is_square(&word.to_ascii_lowercase()) {
        return "<square>".to_owned();
    }
    if is_uci(word) || is_uci(&word.to_ascii_lowercase()) {
        return "<move>".to_owned();
    }
    if is_san(word) {
        return "<san>".to_owned();
    }
    if digits == 0 {
        return word.to_owned();
    }
    if word
        .trim_start_matches(['-', '+'])
        .chars()
        .all(|c| c.is_ascii_digit() || c == '.')
        || (word.starts_with("0x") && word[2..].chars().all(|c| c.is_ascii_hexdigit()))
    {
        return "<n>".to_owned();
    }
    // Digits within a word: each run of them (dots between digits included: a version)
    // masked.
    let chars: Vec<char> = word.chars().collect();
    let mut out = String::with_capacity(word.len());
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            while i < chars.len()
                && (chars[i].is_ascii_digit()
                    || (chars[i] == '.' && chars.get(i + 1).is_some_and(char::is_ascii_digit)))
            {
                i += 1;
            }
            out.push_str("<n>");
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests;
