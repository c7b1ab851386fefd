//! Where things are written in a case file: the line and column of every node, by its path
//! (`cases[3].expect.legal[2]`), read from the events of libyaml, the parser serde reads the
//! files with. serde gives no spans; this does, exactly, whatever the layout of the file.
//!
//! The same walk screens a file before serde builds any value of it ([`scan`]): anchors and
//! aliases, nesting deeper than [`MAX_DEPTH`] and a key written twice in one map are refused
//! where they are written. An alias makes serde copy its anchored value again (a 2 MB file can
//! ask for gigabytes), and libyaml's scanner costs time quadratic in the nesting depth (it looks
//! at every open level for each token), so both are stopped here, while the cost is still a
//! single linear pass over the text.

use std::collections::{HashMap, HashSet};
use std::mem::MaybeUninit;

/// One step of a path into a case: a map key or a list index.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Step {
    /// The value of this key.
    Key(String),
    /// The item at this index.
    Index(usize),
}

impl From<&str> for Step {
    fn from(key: &str) -> Step {
        Step::Key(key.to_owned())
    }
}

impl From<String> for Step {
    fn from(key: String) -> Step {
        Step::Key(key)
    }
}

impl From<usize> for Step {
    fn from(index: usize) -> Step {
        Step::Index(index)
    }
}

/// A 1-based line and column.
pub(crate) type Mark = (usize, usize);

/// The marks of every node of a file, and of every key.
pub(crate) struct Locator {
    marks: HashMap<(Vec<Step>, bool), Mark>,
}

impl Locator {
    /// Reads `text`. A file that does not parse, or that [`scan`] refuses, gives the marks of
    /// what came before the problem (the loader reports the problem itself).
    pub(crate) fn new(text: &str) -> Locator {
        let mut marks = HashMap::new();
        // A refusal was reported by the scan that came first; the marks before it stand.
        let _ = walk(text, |path, at_key, mark, _| {
            marks.entry((path.to_vec(), at_key)).or_insert(mark);
        });
        Locator { marks }
    }

    /// Where the node at `path` is written (or its key, when `at_key`); falls back to the
    /// nearest enclosing node that is found.
    pub(crate) fn find(&self, path: &[Step], at_key: bool) -> Option<Mark> {
        if let Some(mark) = self.marks.get(&(path.to_vec(), at_key)) {
            return Some(*mark);
        }
        (0..path.len())
            .rev()
            .find_map(|n| self.marks.get(&(path[..n].to_vec(), false)).copied())
    }
}

/// Where a case of a file starts (the line of its first key) and its id, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CaseStart {
    /// The 1-based line.
    pub line: usize,
    /// The scalar under `id`, if the case has one.
    pub id: Option<String>,
}

/// The deepest nesting of maps and lists a case file may have. The deepest files of the
/// catalogue have seven levels (the file, `cases`, a case, `expect`, `attacks`, an item, its
/// `includes`); the rest is room to spare.
pub const MAX_DEPTH: usize = 64;

/// Something the case format does not allow, found before serde read the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// Where it is written.
    pub mark: Mark,
    /// What it is and what to write instead.
    pub message: String,
}

/// What one walk of a file tells the loader before serde reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Scan {
    /// Every case of the file, in order (those before the refusal, if there is one).
    pub starts: Vec<CaseStart>,
    /// The first thing of the file the format does not allow.
    pub refusal: Option<Refusal>,
}

/// Every case of a file, in order, and the first anchor, alias, over-deep nesting or duplicate
/// key: cheaper than a [`Locator`], for every file the loader reads. A file that does not parse
/// gives the cases before the problem (serde reports the problem itself).
pub(crate) fn scan(text: &str) -> Scan {
    let mut starts: Vec<CaseStart> = Vec::new();
    let refusal = walk(text, |path, at_key, (line, _), scalar| match path {
        [Step::Key(cases), Step::Index(_)] if cases == "cases" && !at_key => {
            starts.push(CaseStart { line, id: None });
        }
        [Step::Key(cases), Step::Index(_), Step::Key(id)]
            if cases == "cases" && id == "id" && !at_key =>
        {
            if let Some(start) = starts.last_mut() {
                start.id = start.id.take().or(scalar.map(str::to_owned));
            }
        }
        _ => {}
    })
    .err();
    Scan { starts, refusal }
}

#[cfg(test)]
fn case_starts(text: &str) -> Vec<CaseStart> {
    scan(text).starts
}

/// What a container being read is.
enum Kind {
    Map {
        /// The key of the value being read.
        key: Option<String>,
        expecting_key: bool,
        /// The keys read so far (those written as scalars), to refuse one written twice.
        keys: HashSet<String>,
    },
    Seq {
        index: usize,
    },
}

/// One container being read.
struct Frame {
    kind: Kind,
    /// Whether the container is itself a key (a complex key, which only YAML allows).
    is_key: bool,
    /// Whether the container's own step is on the path.
    pushed: bool,
}

/// Calls `found` with the path and mark of every node (and key) of `text`, in order, and the
/// text of the node when it is a scalar. One path is kept, steps pushed as nodes open and
/// popped as they close. Stops at the first anchor, alias, container deeper than
/// [`MAX_DEPTH`] or duplicate key, before `found` sees it. A syntax error ends the walk
/// quietly.
fn walk(
    text: &str,
    mut found: impl FnMut(&[Step], bool, Mark, Option<&str>),
) -> Result<(), Refusal> {
    let Some(mut parser) = Parser::new(text.as_bytes()) else {
        return Ok(());
    };
    let mut walker = Walker::default();
    while let Some((event, mark)) = parser.next() {
        refuse(&event, mark, walker.stack.len())?;
        match event {
            Event::Scalar { .. }
            | Event::Alias(_)
            | Event::MappingStart { .. }
            | Event::SequenceStart { .. } => walker.node(&event, mark, &mut found)?,
            Event::MappingEnd | Event::SequenceEnd => walker.close(),
            Event::Other => {}
        }
    }
    Ok(())
}

/// The walk's place in the document: the path to the node being read and the containers open
/// around it.
#[derive(Default)]
struct Walker {
    path: Vec<Step>,
    stack: Vec<Frame>,
}

impl Walker {
    /// A node (a scalar, an alias, or a container opening): reported to `found` as a key or at
    /// its path, and, when it is a container, opened.
    fn node(
        &mut self,
        event: &Event,
        mark: Mark,
        found: &mut impl FnMut(&[Step], bool, Mark, Option<&str>),
    ) -> Result<(), Refusal> {
        let (step, is_key) = self.place();
        let scalar = match event {
            Event::Scalar { text, .. } => Some(text.as_str()),
            _ => None,
        };
        if is_key {
            self.key(scalar, mark, found)?;
        } else {
            if let Some(step) = &step {
                self.path.push(step.clone());
            }
            found(&self.path, false, mark, scalar);
        }
        let pushed = step.is_some() && !is_key;
        match opened(event) {
            Some(kind) => self.stack.push(Frame {
                kind,
                is_key,
                pushed,
            }),
            None => {
                if pushed {
                    self.path.pop();
                }
                node_ended(&mut self.stack, is_key);
            }
        }
        Ok(())
    }

    /// Where the next node sits: a key of a map (no step of its own), a value, an item, or the
    /// root.
    fn place(&self) -> (Option<Step>, bool) {
        match self.stack.last().map(|f| &f.kind) {
            None => (None, false),
            Some(Kind::Map {
                expecting_key: true,
                ..
            }) => (None, true),
            Some(Kind::Map { key, .. }) => {
                (Some(Step::Key(key.clone().unwrap_or_default())), false)
            }
            Some(Kind::Seq { index }) => (Some(Step::Index(*index)), false),
        }
    }

    /// A key of the map on top (`scalar` its text, none for a complex key): refused if the map
    /// has it already, reported at its own path, and kept as the key of the value to come.
    fn key(
        &mut self,
        scalar: Option<&str>,
        mark: Mark,
        found: &mut impl FnMut(&[Step], bool, Mark, Option<&str>),
    ) -> Result<(), Refusal> {
        let name = scalar.unwrap_or("?").to_owned();
        if let Some(Frame {
            kind: Kind::Map { keys, .. },
            ..
        }) = self.stack.last_mut()
            && scalar.is_some()
            && !keys.insert(name.clone())
        {
            return Err(Refusal {
                mark,
                message: format!(
                    "duplicate key `{}`: a key is written once in a map",
                    shortened(&name)
                ),
            });
        }
        self.path.push(Step::Key(name.clone()));
        found(&self.path, true, mark, Some(&name));
        self.path.pop();
        if let Some(Frame {
            kind: Kind::Map { key, .. },
            ..
        }) = self.stack.last_mut()
        {
            *key = Some(name);
        }
        Ok(())
    }

    /// A container closing: its step leaves the path, and its parent moves past it.
    fn close(&mut self) {
        let is_key = match self.stack.pop() {
            Some(frame) => {
                if frame.pushed {
                    self.path.pop();
                }
                frame.is_key
            }
            None => false,
        };
        node_ended(&mut self.stack, is_key);
    }
}

/// The container an event opens, if it opens one.
fn opened(event: &Event) -> Option<Kind> {
    match event {
        Event::MappingStart { .. } => Some(Kind::Map {
            key: None,
            expecting_key: true,
            keys: HashSet::new(),
        }),
        Event::SequenceStart { .. } => Some(Kind::Seq { index: 0 }),
        _ => None,
    }
}

/// The format's refusal of an event, if it has one: an anchor or alias, or a container that
/// would open at more than [`MAX_DEPTH`] levels (`depth` are open around it).
fn refuse(event: &Event, mark: Mark, depth: usize) -> Result<(), Refusal> {
    let message = match event {
        Event::Alias(name) => format!(
            "an alias (`*{}`): anchors and aliases are not part of the case format; write the \
             value out",
            shortened(name)
        ),
        Event::Scalar {
            anchor: Some(name), ..
        }
        | Event::MappingStart { anchor: Some(name) }
        | Event::SequenceStart { anchor: Some(name) } => format!(
            "an anchor (`&{}`): anchors and aliases are not part of the case format; write the \
             value out where it is used",
            shortened(name)
        ),
        Event::MappingStart { .. } | Event::SequenceStart { .. } if depth >= MAX_DEPTH => {
            format!(
                "maps and lists nested more than {MAX_DEPTH} deep: a case file needs fewer than \
                 ten levels"
            )
        }
        _ => return Ok(()),
    };
    Err(Refusal { mark, message })
}

/// A name as quoted in a message: at most 40 characters.
fn shortened(name: &str) -> String {
    match name.char_indices().nth(40) {
        Some((at, _)) => format!("{}...", &name[..at]),
        None => name.to_owned(),
    }
}

/// The container on top of the stack moves past a node that ended: after a key, its value
/// comes; after a value or an item, the next key or item.
fn node_ended(stack: &mut [Frame], was_key: bool) {
    match stack.last_mut().map(|f| &mut f.kind) {
        Some(Kind::Map { expecting_key, .. }) => *expecting_key = !was_key,
        Some(Kind::Seq { index }) => *index += 1,
        None => {}
    }
}

/// What the walk needs of an event.
enum Event {
    Scalar {
        text: String,
        anchor: Option<String>,
    },
    /// The alias's name.
    Alias(String),
    MappingStart {
        anchor: Option<String>,
    },
    MappingEnd,
    SequenceStart {
        anchor: Option<String>,
    },
    SequenceEnd,
    Other,
}

/// libyaml's parser over a string, as an iterator of events.
struct Parser<'input> {
    // Boxed so that it never moves: libyaml keeps its own pointers while it parses.
    raw: Box<MaybeUninit<unsafe_libyaml::yaml_parser_t>>,
    _input: &'input [u8],
    done: bool,
}

impl<'input> Parser<'input> {
    fn new(input: &'input [u8]) -> Option<Parser<'input>> {
        let mut raw: Box<MaybeUninit<unsafe_libyaml::yaml_parser_t>> =
            Box::new(MaybeUninit::uninit());
        // SAFETY: `raw` is a valid place for a parser; once initialized, it reads `input`,
        // which outlives the parser (the lifetime of `Parser`), and is deleted in `drop`.
        unsafe {
            if unsafe_libyaml::yaml_parser_initialize(raw.as_mut_ptr()).fail {
                return None;
            }
            unsafe_libyaml::yaml_parser_set_encoding(
                raw.as_mut_ptr(),
                unsafe_libyaml::YAML_UTF8_ENCODING,
            );
            unsafe_libyaml::yaml_parser_set_input_string(
                raw.as_mut_ptr(),
                input.as_ptr(),
                input.len() as u64,
            );
        }
        Some(Parser {
            raw,
            _input: input,
            done: false,
        })
    }

    /// The next event and where it starts; `None` at the end of the stream or at a syntax
    /// error.
    fn next(&mut self) -> Option<(Event, Mark)> {
        if self.done {
            return None;
        }
        let mut event = MaybeUninit::<unsafe_libyaml::yaml_event_t>::uninit();
        // SAFETY: the parser is initialized; a successful parse fills `event`, which is read
        // (the scalar's bytes copied out) and deleted before it goes out of scope.
        unsafe {
            if unsafe_libyaml::yaml_parser_parse(self.raw.as_mut_ptr(), event.as_mut_ptr()).fail {
                self.done = true;
                return None;
            }
            let e = &*event.as_ptr();
            let kind = match e.type_ {
                unsafe_libyaml::YAML_SCALAR_EVENT => {
                    let scalar = e.data.scalar;
                    let bytes = if scalar.length == 0 || scalar.value.is_null() {
                        &[][..]
                    } else {
                        std::slice::from_raw_parts(scalar.value, scalar.length as usize)
                    };
                    Event::Scalar {
                        text: String::from_utf8_lossy(bytes).into_owned(),
                        anchor: name(scalar.anchor),
                    }
                }
                unsafe_libyaml::YAML_ALIAS_EVENT => {
                    Event::Alias(name(e.data.alias.anchor).unwrap_or_default())
                }
                unsafe_libyaml::YAML_MAPPING_START_EVENT => Event::MappingStart {
                    anchor: name(e.data.mapping_start.anchor),
                },
                unsafe_libyaml::YAML_MAPPING_END_EVENT => Event::MappingEnd,
                unsafe_libyaml::YAML_SEQUENCE_START_EVENT => Event::SequenceStart {
                    anchor: name(e.data.sequence_start.anchor),
                },
                unsafe_libyaml::YAML_SEQUENCE_END_EVENT => Event::SequenceEnd,
                unsafe_libyaml::YAML_STREAM_END_EVENT => {
                    self.done = true;
                    Event::Other
                }
                _ => Event::Other,
            };
            let mark = (
                e.start_mark.line as usize + 1,
                e.start_mark.column as usize + 1,
            );
            unsafe_libyaml::yaml_event_delete(event.as_mut_ptr());
            Some((kind, mark))
        }
    }
}

/// An anchor's name, copied out of an event: libyaml's NUL-terminated string, or none.
///
/// # Safety
///
/// `raw` is null or points to a NUL-terminated string that lives while this runs.
unsafe fn name(raw: *const u8) -> Option<String> {
    if raw.is_null() {
        return None;
    }
    // SAFETY: as the caller promises.
    let name = unsafe { std::ffi::CStr::from_ptr(raw.cast()) };
    Some(name.to_string_lossy().into_owned())
}

impl Drop for Parser<'_> {
    fn drop(&mut self) {
        // SAFETY: the parser was initialized in `new` and is deleted once.
        unsafe { unsafe_libyaml::yaml_parser_delete(self.raw.as_mut_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(steps: &[&str]) -> Vec<Step> {
        steps
            .iter()
            .map(|s| match s.parse::<usize>() {
                Ok(i) => Step::Index(i),
                Err(_) => Step::Key((*s).into()),
            })
            .collect()
    }

    #[test]
    fn finds_values_keys_and_items_in_block_and_flow_style() {
        let text = "cases:\n  - id: a/b\n    moves: [e2e4, e7e5]\n    expect:\n      san: { e1g1: O-O }\n      perft:\n        1: 20\n  - title: t\n    id: a/c\n";
        let l = Locator::new(text);
        assert_eq!(l.find(&path(&["cases", "0"]), false), Some((2, 5)));
        assert_eq!(l.find(&path(&["cases", "0", "id"]), false), Some((2, 9)));
        assert_eq!(
            l.find(&path(&["cases", "0", "moves", "1"]), false),
            Some((3, 19))
        );
        assert_eq!(
            l.find(&path(&["cases", "0", "expect", "san", "e1g1"]), true),
            Some((5, 14))
        );
        assert_eq!(
            l.find(&path(&["cases", "0", "expect", "san", "e1g1"]), false),
            Some((5, 20))
        );
        assert_eq!(
            l.find(&path(&["cases", "0", "expect", "perft", "1"]), true),
            Some((7, 9))
        );
        assert_eq!(l.find(&path(&["cases", "1", "id"]), false), Some((9, 9)));
        // Not written: the nearest enclosing node.
        assert_eq!(
            l.find(&path(&["cases", "0", "expect", "legal", "3"]), false),
            Some((5, 7))
        );
        let starts = case_starts(text);
        assert_eq!(
            starts,
            [
                CaseStart {
                    line: 2,
                    id: Some("a/b".into())
                },
                CaseStart {
                    line: 8,
                    id: Some("a/c".into())
                }
            ]
        );
    }

    fn refusal(text: &str) -> Option<(Mark, String)> {
        scan(text).refusal.map(|r| (r.mark, r.message))
    }

    #[test]
    fn refuses_anchors_and_aliases_where_they_are_written() {
        let text = "cases:\n  - id: a/b\n    title: &t long\n  - id: a/c\n    title: *t\n";
        let (mark, message) = refusal(text).expect("refused");
        assert_eq!(mark, (3, 12));
        assert!(message.contains("anchor (`&t`)"), "{message}");
        // The cases before the refusal are still known.
        assert_eq!(scan(text).starts.len(), 1);
        let (mark, message) = refusal("a: 1\nb: *x\n").expect("refused");
        assert_eq!(mark, (2, 4));
        assert!(message.contains("alias (`*x`)"), "{message}");
        for anchored in ["a: &m {b: 1}\n", "a: &s [1]\n", "- &x\n  - 1\n"] {
            assert!(
                refusal(anchored).is_some_and(|(_, m)| m.contains("anchor")),
                "{anchored}"
            );
        }
        let long = format!("a: &{} 1\n", "n".repeat(100));
        let (_, message) = refusal(&long).expect("refused");
        assert!(message.len() < 200, "{message}");
    }

    #[test]
    fn refuses_nesting_beyond_the_limit_at_the_first_level_too_deep() {
        let deep = |n: usize| format!("cases: {}{}\n", "[".repeat(n), "]".repeat(n));
        // The file's map is one level.
        assert_eq!(refusal(&deep(MAX_DEPTH - 1)), None);
        let (mark, message) = refusal(&deep(MAX_DEPTH)).expect("refused");
        assert_eq!(mark, (1, 8 + MAX_DEPTH - 1));
        assert!(
            message.contains(&format!("more than {MAX_DEPTH}")),
            "{message}"
        );
        let block: String = (0..MAX_DEPTH + 1)
            .map(|i| format!("{}k:\n", " ".repeat(i)))
            .collect();
        assert!(refusal(&format!("{block}{}1\n", " ".repeat(MAX_DEPTH + 1))).is_some());
    }

    #[test]
    fn refuses_a_key_written_twice_at_the_second() {
        let text = "cases:\n  - id: a/b\n    title: t\n    expect: { san: { e1g1: O-O, e1g1: Kg1 } }\n    title: u\n";
        let (mark, message) = refusal(text).expect("refused");
        assert_eq!(mark, (4, 33));
        assert!(message.contains("duplicate key `e1g1`"), "{message}");
        let (mark, _) = refusal("a: 1\nb:\n  a: 2\nb: 3\n").expect("refused");
        assert_eq!(mark, (4, 1));
        // The same key in different maps, and a case's keys again in the next case, are fine.
        assert_eq!(refusal("- {a: 1, b: {a: 2}}\n- {a: 1}\n"), None);
    }

    #[test]
    fn a_broken_file_gives_what_came_before() {
        let l = Locator::new("cases:\n  - id: a/b\n    fen: [unclosed\n");
        assert_eq!(l.find(&path(&["cases", "0", "id"]), false), Some((2, 9)));
        assert!(case_starts("{{{").is_empty());
    }
}
