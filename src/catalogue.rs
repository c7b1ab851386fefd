//! The loader: case files in, a validated [`Catalogue`] out, or every problem with its place.
//!
//! Loading is strict. The YAML must match the format exactly (unknown fields are errors), and
//! each case must make sense before any engine sees it: a valid FEN, a history of legal moves
//! that stops where the game ends, moves and squares in the suite's vocabulary, legal moves where
//! an assertion plays or names one, at least one assertion, an id of the form `area/slug` that
//! matches its file and is neither used twice nor retired. Every error names the file, line and
//! column, and the case id when there is one. All errors are collected, not just the first.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::case::{Case, CaseFile, StateName};
use crate::replay::{self, MoveError, Replay, ReplayError};

/// The name of the file, beside case files, that lists retired ids.
pub const RETIRED_FILE: &str = "retired.yaml";

/// A case with where it was loaded from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadedCase {
    /// The case.
    pub case: Case,
    /// The file it came from, as given to the loader.
    pub file: String,
    /// The 1-based line of its `id`.
    pub line: usize,
}

/// A loaded, validated set of cases, in file order and then in order within each file.
#[derive(Debug, Clone, Default)]
pub struct Catalogue {
    cases: Vec<LoadedCase>,
    retired: BTreeMap<String, String>,
}

/// One problem found while loading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadError {
    /// The file, as given to the loader.
    pub file: String,
    /// 1-based line, 0 when the problem is the whole file.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// The id of the case concerned, if any.
    pub case: Option<String>,
    /// What is wrong and what was expected.
    pub message: String,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if let Some(id) = &self.case {
            write!(f, "case `{id}`: ")?;
        }
        f.write_str(&self.message)
    }
}

/// Everything wrong with a catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoadErrors(pub Vec<LoadError>);

impl fmt::Display for LoadErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "error: {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for LoadErrors {}

/// A case file's text and the name to report it by.
#[derive(Debug, Clone)]
pub struct Source {
    /// The name errors and reports use (a path, usually).
    pub name: String,
    /// The YAML text.
    pub text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RetiredFile {
    retired: Vec<RetiredId>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RetiredId {
    id: String,
    reason: String,
}

/// The catalogue shipped with this crate (`cases/`), embedded at build time.
mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin_cases.rs"));
}

impl Catalogue {
    /// The catalogue shipped with this crate: every file of `cases/`, embedded in the binary.
    ///
    /// # Errors
    ///
    /// Only if the shipped catalogue is broken, which its own tests rule out.
    pub fn builtin() -> Result<Catalogue, LoadErrors> {
        let sources = builtin::CASE_FILES.iter().map(|(name, text)| Source {
            name: (*name).to_owned(),
            text: (*text).to_owned(),
        });
        let retired = builtin::RETIRED.iter().map(|(name, text)| Source {
            name: (*name).to_owned(),
            text: (*text).to_owned(),
        });
        Catalogue::from_sources(sources, retired)
    }

    /// Loads case files from paths: a file is read as one case file, a directory for its
    /// `*.yaml` files (sorted by name, `retired.yaml` read as the list of retired ids).
    ///
    /// # Errors
    ///
    /// Every problem found, each with its file, line, column and case id.
    pub fn load<P: AsRef<Path>>(paths: &[P]) -> Result<Catalogue, LoadErrors> {
        let mut sources = Vec::new();
        let mut retired = Vec::new();
        let mut errors = Vec::new();
        for path in paths {
            let path = path.as_ref();
            let files = if path.is_dir() {
                match yaml_files(path) {
                    Ok(files) => files,
                    Err(e) => {
                        errors.push(file_error(path, format!("cannot read directory: {e}")));
                        continue;
                    }
                }
            } else {
                vec![path.to_path_buf()]
            };
            for file in files {
                match std::fs::read_to_string(&file) {
                    Ok(text) => {
                        let source = Source {
                            name: file.display().to_string(),
                            text,
                        };
                        if file.file_name().is_some_and(|n| n == RETIRED_FILE) {
                            retired.push(source);
                        } else {
                            sources.push(source);
                        }
                    }
                    Err(e) => errors.push(file_error(&file, format!("cannot read: {e}"))),
                }
            }
        }
        match Catalogue::from_sources(sources, retired) {
            Ok(catalogue) if errors.is_empty() => Ok(catalogue),
            Ok(_) => Err(LoadErrors(errors)),
            Err(LoadErrors(more)) => {
                errors.extend(more);
                Err(LoadErrors(errors))
            }
        }
    }

    /// Loads case files from texts; `retired` are lists of retired ids.
    ///
    /// # Errors
    ///
    /// Every problem found, each with its file, line, column and case id.
    pub fn from_sources(
        sources: impl IntoIterator<Item = Source>,
        retired: impl IntoIterator<Item = Source>,
    ) -> Result<Catalogue, LoadErrors> {
        let mut errors = Vec::new();
        let mut retired_ids = BTreeMap::new();
        for source in retired {
            match serde_yaml_ng::from_str::<RetiredFile>(&source.text) {
                Ok(file) => {
                    for r in file.retired {
                        retired_ids.insert(r.id, r.reason);
                    }
                }
                Err(e) => errors.push(yaml_error(&source.name, &e)),
            }
        }

        let mut cases = Vec::new();
        let mut seen: HashMap<String, (String, usize)> = HashMap::new();
        for source in sources {
            let file: CaseFile = match serde_yaml_ng::from_str(&source.text) {
                Ok(file) => file,
                Err(e) => {
                    let mut error = yaml_error(&source.name, &e);
                    error.case = Lines::new(&source.text).id_before(error.line);
                    errors.push(error);
                    continue;
                }
            };
            let stem = Path::new(&source.name)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            let lines = Lines::new(&source.text);
            let mut from_line = 0;
            for case in file.cases {
                let line = lines.find_id(&case.id, from_line);
                from_line = line;
                let mut report = |at: Option<(usize, usize)>, message: String| {
                    let (line, column) = at.unwrap_or((line, 1));
                    errors.push(LoadError {
                        file: source.name.clone(),
                        line,
                        column,
                        case: Some(case.id.clone()),
                        message,
                    });
                };
                let span = CaseSpan {
                    lines: &lines,
                    start: line,
                };
                check_case(&case, &stem, &span, &mut report);
                if let Some(reason) = retired_ids.get(&case.id) {
                    report(
                        span.find_value(&case.id, None, 0),
                        format!("the id is retired ({reason}) and can never be used again"),
                    );
                } else if let Some((other, other_line)) = seen.get(&case.id) {
                    report(
                        span.find_value(&case.id, None, 0),
                        format!("duplicate id: already used at {other}:{other_line}"),
                    );
                } else {
                    seen.insert(case.id.clone(), (source.name.clone(), line));
                }
                cases.push(LoadedCase {
                    case,
                    file: source.name.clone(),
                    line,
                });
            }
        }
        if errors.is_empty() {
            Ok(Catalogue {
                cases,
                retired: retired_ids,
            })
        } else {
            Err(LoadErrors(errors))
        }
    }

    /// Every case, in load order.
    pub fn cases(&self) -> &[LoadedCase] {
        &self.cases
    }

    /// The case with this id.
    pub fn get(&self, id: &str) -> Option<&LoadedCase> {
        self.cases.iter().find(|c| c.case.id == id)
    }

    /// Retired ids and why they were retired.
    pub fn retired(&self) -> &BTreeMap<String, String> {
        &self.retired
    }

    /// The number of cases.
    pub fn len(&self) -> usize {
        self.cases.len()
    }

    /// Whether there are no cases.
    pub fn is_empty(&self) -> bool {
        self.cases.is_empty()
    }

    /// Keeps only the cases whose id contains `pattern`.
    #[must_use]
    pub fn filtered(self, pattern: &str) -> Catalogue {
        self.retain(|c| c.case.id.contains(pattern))
    }

    /// Keeps only the cases for which `keep` is true.
    #[must_use]
    pub fn retain(mut self, keep: impl FnMut(&LoadedCase) -> bool) -> Catalogue {
        self.cases.retain(keep);
        self
    }

    /// Merges another catalogue in; ids must stay unique.
    ///
    /// # Errors
    ///
    /// An error per id present in both.
    pub fn merge(mut self, other: Catalogue) -> Result<Catalogue, LoadErrors> {
        let ids: HashSet<&str> = self.cases.iter().map(|c| c.case.id.as_str()).collect();
        let errors: Vec<LoadError> = other
            .cases
            .iter()
            .filter(|c| ids.contains(c.case.id.as_str()))
            .map(|c| LoadError {
                file: c.file.clone(),
                line: c.line,
                column: 1,
                case: Some(c.case.id.clone()),
                message: "duplicate id: already loaded from another catalogue".into(),
            })
            .collect();
        if !errors.is_empty() {
            return Err(LoadErrors(errors));
        }
        self.cases.extend(other.cases);
        self.retired.extend(other.retired);
        Ok(self)
    }
}

fn yaml_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "yaml" || e == "yml") && path.is_file() {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

fn file_error(path: &Path, message: String) -> LoadError {
    LoadError {
        file: path.display().to_string(),
        line: 0,
        column: 0,
        case: None,
        message,
    }
}

fn yaml_error(file: &str, e: &serde_yaml_ng::Error) -> LoadError {
    let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
    // serde_yaml_ng puts the location in the message too; keep only the message.
    let mut message = e.to_string();
    if let Some(at) = message.find(" at line ") {
        message.truncate(at);
    }
    LoadError {
        file: file.to_owned(),
        line,
        column,
        case: None,
        message: format!("not a valid case file: {message}"),
    }
}

/// The lines of a file, for finding where things are written (serde gives no spans).
struct Lines<'t> {
    lines: Vec<&'t str>,
}

impl<'t> Lines<'t> {
    fn new(text: &'t str) -> Lines<'t> {
        Lines {
            lines: text.lines().collect(),
        }
    }

    /// The id of the case written at or above the 1-based `line`, if any: for YAML errors, which
    /// know their place but not their case.
    fn id_before(&self, line: usize) -> Option<String> {
        let end = line.min(self.lines.len());
        self.lines[..end].iter().rev().find_map(|l| {
            let trimmed = l.trim_start().strip_prefix("- ")?.trim_start();
            let value = trimmed.strip_prefix("id:")?.trim();
            Some(value.trim_matches(|c| c == '"' || c == '\'').to_owned())
        })
    }

    /// The 1-based line of the first `id: <id>` at or after line `from` (1-based).
    fn find_id(&self, id: &str, from: usize) -> usize {
        let start = from.saturating_sub(1);
        for (i, line) in self.lines.iter().enumerate().skip(start) {
            if i + 1 == from {
                continue; // the previous case's own line
            }
            let trimmed = line.trim_start().trim_start_matches('-').trim_start();
            if let Some(rest) = trimmed.strip_prefix("id:") {
                let value = rest.trim().trim_matches(|c| c == '"' || c == '\'');
                if value == id {
                    return i + 1;
                }
            }
        }
        from.max(1)
    }
}

/// Where one case is written, to point errors at the right line and column.
struct CaseSpan<'a, 't> {
    lines: &'a Lines<'t>,
    start: usize,
}

impl CaseSpan<'_, '_> {
    /// The lines of this case: from its id to the next `- id:` item at the same indentation.
    fn range(&self) -> std::ops::Range<usize> {
        let start = self.start.saturating_sub(1);
        let first = self.lines.lines.get(start).copied().unwrap_or("");
        let indent = first.len() - first.trim_start().len();
        let end = self.lines.lines[start + 1..]
            .iter()
            .position(|l| {
                let ind = l.len() - l.trim_start().len();
                ind == indent && l.trim_start().starts_with("- ")
            })
            .map_or(self.lines.lines.len(), |p| start + 1 + p);
        start..end
    }

    /// The position of a key (`key:`) in this case.
    fn find_key(&self, key: &str) -> Option<(usize, usize)> {
        let needle = format!("{key}:");
        for i in self.range() {
            let line = self.lines.lines[i];
            let trimmed = line.trim_start().trim_start_matches("- ");
            if trimmed.starts_with(&needle) {
                return Some((i + 1, line.len() - trimmed.len() + 1));
            }
        }
        None
    }

    /// The position of the `nth` (0-based) occurrence of `value` as a whole token, after `key`
    /// if one is given; falls back to the key, then to the case.
    fn find_value(&self, value: &str, key: Option<&str>, nth: usize) -> Option<(usize, usize)> {
        let range = self.range();
        let key_at = key.and_then(|k| self.find_key(k));
        let first_line = key_at.map_or(range.start, |(l, _)| l - 1);
        let mut seen = 0;
        for i in first_line..range.end {
            let line = self.lines.lines[i];
            let mut search_from = 0;
            while let Some(pos) = line[search_from..].find(value) {
                let at = search_from + pos;
                let before = line[..at].chars().next_back();
                let after = line[at + value.len()..].chars().next();
                let boundary = |c: Option<char>| {
                    c.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
                };
                if boundary(before) && boundary(after) {
                    if seen == nth {
                        return Some((i + 1, at + 1));
                    }
                    seen += 1;
                }
                search_from = at + value.len().max(1);
            }
        }
        key_at
    }
}

/// How many times `needle` occurs in `hay` as a whole token, as [`CaseSpan::find_value`] counts.
fn token_count(hay: &str, needle: &str) -> usize {
    let boundary =
        |c: Option<char>| c.is_none_or(|c| !(c.is_ascii_alphanumeric() || "_-".contains(c)));
    hay.match_indices(needle)
        .filter(|(at, _)| {
            boundary(hay[..*at].chars().next_back())
                && boundary(hay[at + needle.len()..].chars().next())
        })
        .count()
}

fn is_id(id: &str) -> bool {
    let ok_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.".contains(c);
    let mut parts = id.split('/');
    let area = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    !area.is_empty()
        && area.chars().all(ok_char)
        && !rest.is_empty()
        && rest.iter().all(|p| !p.is_empty() && p.chars().all(ok_char))
}

/// An article number: digits separated by dots (`3.8.2.2`), or an appendix letter first (`C.10`).
fn is_rule(rule: &str) -> bool {
    let mut parts = rule.split('.').peekable();
    if parts
        .peek()
        .is_some_and(|p| p.len() == 1 && p.chars().all(|c| c.is_ascii_uppercase()))
    {
        parts.next();
    }
    let rest: Vec<&str> = parts.collect();
    !rest.is_empty()
        && rest
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
}

type Report<'r> = dyn FnMut(Option<(usize, usize)>, String) + 'r;

/// Checks one case; reports each problem with its position.
fn check_case(case: &Case, stem: &str, span: &CaseSpan, report: &mut Report) {
    let e = &case.expect;
    if !is_id(&case.id) {
        report(
            span.find_value(&case.id, None, 0),
            "the id must be `area/slug`: lower-case letters, digits, `-`, `_` and `.`, \
             parts separated by `/`"
                .into(),
        );
    } else if case.area() != stem {
        report(
            span.find_value(&case.id, None, 0),
            format!(
                "the id's area `{}` does not match its file `{stem}.yaml`: a case lives in the \
                 file of its rule area",
                case.area()
            ),
        );
    }
    if case.title.trim().is_empty() {
        report(span.find_key("title"), "the title is empty".into());
    }
    if !is_rule(&case.rule) {
        report(
            span.find_key("rule"),
            format!(
                "`{}` is not a FIDE Laws article number (expected digits separated by dots, \
                 e.g. 3.8.2.2, or an appendix letter first, e.g. C.10)",
                case.rule
            ),
        );
    }

    let present = e.present();
    if present.is_empty() {
        report(
            span.find_key("expect"),
            "the case has no assertion: `expect` needs at least one of legal, illegal, moves, \
             move_count, check, checkers, state, claims, mating_material, after, san, from_san, \
             attacks, perft, valid, refuses, claims_with_move, touch_move, winnable"
                .into(),
        );
        return;
    }

    if e.valid == Some(false) {
        if present.len() > 1 || !case.moves.is_empty() {
            report(
                span.find_key("valid"),
                "`valid: false` stands alone: a case whose FEN must be rejected has no moves and \
                 no other assertion"
                    .into(),
            );
        }
        // Whether the reference rejects it is for the verdict to show, not the loader: the case
        // may be right and the reference wrong.
        return;
    }

    let replay = match Replay::strict(&case.fen, &case.moves) {
        Ok(replay) => replay,
        Err(ReplayError::Fen(err)) => {
            report(
                span.find_key("fen"),
                format!(
                    "invalid FEN: {err} (a position that must be rejected is written with `valid: false`)"
                ),
            );
            return;
        }
        Err(err @ (ReplayError::Move { ply, .. } | ReplayError::AfterEnd { ply, .. })) => {
            let uci = &case.moves[ply - 1];
            let nth = case.moves[..ply - 1].iter().filter(|m| *m == uci).count();
            report(span.find_value(uci, Some("moves"), nth), err.to_string());
            return;
        }
    };
    let pos = &replay.position;

    let mut syntax = |list: &Option<Vec<String>>, key: &str| {
        for (i, m) in list.iter().flatten().enumerate() {
            if let Err(err) = replay::check_uci_syntax(m) {
                let nth = list.iter().flatten().take(i).filter(|x| *x == m).count();
                report(span.find_value(m, Some(key), nth), err.to_string());
            }
        }
    };
    syntax(&e.legal, "legal");
    syntax(&e.illegal, "illegal");
    syntax(&e.moves, "moves");
    syntax(&e.refuses, "refuses");
    let mut must_be_legal = |uci: &str, key: &str, what: &str| {
        if let Err(err) = replay::parse_uci(pos, uci) {
            let why = match err {
                MoveError::Syntax(s) => s,
                MoveError::Illegal(s) => s,
            };
            report(
                span.find_value(uci, Some(key), 0),
                format!("{what} must be a legal move: {why}"),
            );
        }
    };
    for after in e.after.iter().flatten() {
        must_be_legal(&after.mv, "after", "the move of `after`");
    }
    for uci in e.san.iter().flat_map(|m| m.keys()) {
        must_be_legal(uci, "san", "each key of `san`");
    }
    for uci in e.from_san.iter().flat_map(|m| m.values()).flatten() {
        must_be_legal(uci, "from_san", "each move of `from_san`");
    }
    for uci in e.claims_with_move.iter().flat_map(|m| m.keys()) {
        must_be_legal(uci, "claims_with_move", "each key of `claims_with_move`");
    }

    for after in e.after.iter().flatten() {
        if let Err(err) = replay::parse_fen_lenient(&after.fen) {
            report(
                span.find_value(&after.fen, Some("after"), 0)
                    .or(span.find_key("after")),
                format!("the FEN of `after` is invalid: {err}"),
            );
        }
    }

    let mut square = |name: &str, key: &str| {
        if let Err(err) = replay::parse_square(name) {
            report(span.find_value(name, Some(key), 0), err);
        }
    };
    for sq in e.checkers.iter().flatten() {
        square(sq, "checkers");
    }
    for attacks in e.attacks.iter().flatten() {
        for sq in [&attacks.squares, &attacks.includes, &attacks.excludes]
            .into_iter()
            .flatten()
            .flatten()
        {
            square(sq, "attacks");
        }
        if let Some(from) = &attacks.from {
            square(from, "attacks");
        }
    }
    for attacks in e.attacks.iter().flatten() {
        let at = span.find_key("attacks");
        match (&attacks.from, attacks.by) {
            (Some(_), Some(_)) | (None, None) => report(
                at,
                "each entry of `attacks` names exactly one of `from` (a square) or `by` \
                 (a side)"
                    .into(),
            ),
            (Some(from), None) => {
                if let Ok(sq) = replay::parse_square(from)
                    && shakmaty::Position::board(pos).piece_at(sq).is_none()
                {
                    report(
                        span.find_value(from, Some("attacks"), 0),
                        format!("`attacks` from {from}: there is no piece on {from}"),
                    );
                }
            }
            _ => {}
        }
        if attacks.squares.is_none()
            && attacks.count.is_none()
            && attacks.includes.is_none()
            && attacks.excludes.is_none()
        {
            report(
                at,
                "each entry of `attacks` needs at least one of `squares`, `count`, `includes`, \
                 `excludes`"
                    .into(),
            );
        }
    }

    match (e.state, e.winner) {
        (Some(StateName::Checkmate), None) => report(
            span.find_key("state"),
            "`state: checkmate` needs `winner` (white or black)".into(),
        ),
        (state, Some(_)) if state != Some(StateName::Checkmate) => report(
            span.find_key("winner"),
            "`winner` goes only with `state: checkmate`".into(),
        ),
        _ => {}
    }
    if let Some(winnable) = &e.winnable {
        check_winnable(winnable, span, report);
    }
    if let Some(perft) = &e.perft
        && perft.contains_key(&0)
    {
        report(
            span.find_key("perft"),
            "perft depths start at 1 (depth 0 is always 1 node)".into(),
        );
    }
    if let Some(rulings) = &e.touch_move {
        check_touch_move(pos, rulings, span, report);
    }
}

/// Checks touch-move rulings: the player can move at all, each ruling has events that fit the
/// position, and its allowed moves are a non-empty list of distinct legal moves (or `any`).
fn check_touch_move(
    pos: &shakmaty::Chess,
    rulings: &[crate::case::TouchMove],
    span: &CaseSpan,
    report: &mut Report,
) {
    use shakmaty::Position;

    use crate::touch::Obligation;

    let key = Some("touch_move");
    if pos.legal_moves().is_empty() {
        report(
            span.find_key("touch_move"),
            "`touch_move` needs a player who can move: here the game is over".into(),
        );
        return;
    }
    let mut events_seen: Vec<String> = Vec::new();
    let mut moves_seen: Vec<&str> = Vec::new();
    for (index, ruling) in rulings.iter().enumerate() {
        let written: Vec<String> = ruling.events.iter().map(ToString::to_string).collect();
        // How often `w` was written before as a whole token (`touch e2` is also in
        // `touch e2 accidentally`), so that the right occurrence is found.
        let before = |w: &str, earlier: &[String]| -> usize {
            earlier.iter().map(|e| token_count(e, w)).sum()
        };
        let first_at = written
            .first()
            .and_then(|w| span.find_value(w, key, before(w, &events_seen)))
            .or(span.find_key("touch_move"));
        if ruling.events.is_empty() {
            report(
                span.find_value("events", key, index).or(first_at),
                "`events` is empty: a ruling needs at least one event at the board".into(),
            );
        }
        if let Err(errors) = crate::touch::validate(pos, &ruling.events) {
            for error in errors {
                let w = &written[error.index];
                let nth = before(w, &events_seen) + before(w, &written[..error.index]);
                report(span.find_value(w, key, nth), error.message);
            }
        }
        events_seen.extend(written);

        let Obligation::Moves(moves) = &ruling.allowed else {
            continue;
        };
        if moves.is_empty() {
            report(
                span.find_value("allowed", key, index).or(first_at),
                "`allowed: []` is never the answer: when nothing touched can be moved or \
                 captured, any legal move may be made (4.5); write `allowed: any`"
                    .into(),
            );
        }
        for (i, m) in moves.iter().enumerate() {
            let nth = moves_seen.iter().filter(|x| **x == m).count();
            let at = span.find_value(m, key, nth);
            if moves[..i].contains(m) {
                report(at, format!("`{m}` is listed twice in `allowed`"));
            } else if let Err(err) = replay::parse_uci(pos, m) {
                let why = match err {
                    MoveError::Syntax(s) | MoveError::Illegal(s) => s,
                };
                report(
                    at,
                    format!("each move of `allowed` must be a legal move: {why}"),
                );
            }
            moves_seen.push(m);
        }
    }
}

/// A `winnable` assertion names at least one side, and states the truth: `undetermined` is an
/// engine's answer, never an expectation.
fn check_winnable(winnable: &crate::case::WinnableExpect, span: &CaseSpan, report: &mut Report) {
    if winnable.white.is_none() && winnable.black.is_none() {
        report(
            span.find_key("winnable"),
            "`winnable` names at least one side: `{ white: winnable|unwinnable, black: ... }`"
                .into(),
        );
    }
    for (side, answer) in winnable.sides() {
        if answer == crate::case::Winnability::Undetermined {
            report(
                span.find_value("undetermined", Some("winnable"), 0),
                format!(
                    "`winnable` states the truth for {side}: `winnable` or `unwinnable`; \
                     `undetermined` is an engine's answer, not a rule"
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(text: &str) -> Result<Catalogue, LoadErrors> {
        Catalogue::from_sources(
            [Source {
                name: "cases/castling.yaml".into(),
                text: text.into(),
            }],
            [],
        )
    }

    #[test]
    fn locates_an_illegal_history_move_by_ply() {
        let text = "cases:\n  - id: castling/x\n    title: t\n    rule: 3.8.2\n    fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    moves: [h1h2, e8e7, h2h1, e7e8, h1h2, e8e7, e1e8]\n    expect:\n      legal: [e1f1]\n";
        let err = load(text).unwrap_err();
        assert_eq!(err.0.len(), 1);
        let e = &err.0[0];
        assert_eq!((e.line, e.case.as_deref()), (6, Some("castling/x")));
        assert!(e.message.contains("move 7"), "{e}");
        assert_eq!(
            e.column,
            text.lines().nth(5).unwrap().find("e1e8").unwrap() + 1
        );
    }

    #[test]
    fn finds_the_second_occurrence_of_a_repeated_move() {
        let text = "cases:\n  - id: castling/x\n    title: t\n    rule: 3.8.2\n    fen: 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n    moves: [h1h2, e8e7, h2h1, e7e8, h1h2, e8e7, h1h2]\n    expect:\n      legal: [e1f1]\n";
        let e = &load(text).unwrap_err().0[0];
        let line = text.lines().nth(5).unwrap();
        assert_eq!(e.column, line.rfind("h1h2").unwrap() + 1, "{e}");
    }

    #[test]
    fn ids_and_rules_have_a_form() {
        assert!(is_id("castling/o-o-o.b1-attacked"));
        assert!(is_id("castling/mirror/abc"));
        assert!(!is_id("castling"));
        assert!(!is_id("Castling/x"));
        assert!(!is_id("castling/"));
        assert!(is_rule("3.8.2.2"));
        assert!(is_rule("C.10"));
        assert!(!is_rule("C"));
        assert!(!is_rule("3.8."));
        assert!(!is_rule("art. 3"));
    }
}
