//! Where things are written in a case file: the line and column of every node, by its path
//! (`cases[3].expect.legal[2]`), read from the events of libyaml, the parser serde reads the
//! files with. serde gives no spans; this does, exactly, whatever the layout of the file.

use std::collections::HashMap;
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
    /// Reads `text`. A file that does not parse gives the marks of what came before the
    /// problem (serde reports the problem itself).
    pub(crate) fn new(text: &str) -> Locator {
        let mut marks = HashMap::new();
        walk(text, |path, at_key, mark, _| {
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

/// Every case of a file, in order: cheaper than a [`Locator`], for every file the loader reads.
/// A file that does not parse gives the cases before the problem.
pub(crate) fn case_starts(text: &str) -> Vec<CaseStart> {
    let mut starts: Vec<CaseStart> = Vec::new();
    walk(text, |path, at_key, (line, _), scalar| match path {
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
    });
    starts
}

/// What a container being read is.
enum Kind {
    Map {
        /// The key of the value being read.
        key: Option<String>,
        expecting_key: bool,
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
/// popped as they close.
fn walk(text: &str, mut found: impl FnMut(&[Step], bool, Mark, Option<&str>)) {
    let Some(mut parser) = Parser::new(text.as_bytes()) else {
        return;
    };
    let mut path: Vec<Step> = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    while let Some((event, mark)) = parser.next() {
        let kind = match &event {
            Event::MappingStart => Some(Kind::Map {
                key: None,
                expecting_key: true,
            }),
            Event::SequenceStart => Some(Kind::Seq { index: 0 }),
            _ => None,
        };
        match event {
            Event::Scalar(_) | Event::Alias | Event::MappingStart | Event::SequenceStart => {
                // Where the node sits: a key of a map, a value, an item, or the root.
                let (step, is_key) = match stack.last() {
                    None => (None, false),
                    Some(Frame {
                        kind:
                            Kind::Map {
                                expecting_key: true,
                                ..
                            },
                        ..
                    }) => (None, true),
                    Some(Frame {
                        kind: Kind::Map { key, .. },
                        ..
                    }) => (Some(Step::Key(key.clone().unwrap_or_default())), false),
                    Some(Frame {
                        kind: Kind::Seq { index },
                        ..
                    }) => (Some(Step::Index(*index)), false),
                };
                let scalar = match &event {
                    Event::Scalar(text) => Some(text.as_str()),
                    _ => None,
                };
                if is_key {
                    let name = scalar.unwrap_or("?").to_owned();
                    path.push(Step::Key(name.clone()));
                    found(&path, true, mark, Some(&name));
                    path.pop();
                    if let Some(Frame {
                        kind: Kind::Map { key, .. },
                        ..
                    }) = stack.last_mut()
                    {
                        *key = Some(name);
                    }
                } else {
                    if let Some(step) = &step {
                        path.push(step.clone());
                    }
                    found(&path, false, mark, scalar);
                }
                let pushed = step.is_some() && !is_key;
                match kind {
                    Some(kind) => stack.push(Frame {
                        kind,
                        is_key,
                        pushed,
                    }),
                    None => {
                        if pushed {
                            path.pop();
                        }
                        node_ended(&mut stack, is_key);
                    }
                }
            }
            Event::MappingEnd | Event::SequenceEnd => {
                let is_key = match stack.pop() {
                    Some(frame) => {
                        if frame.pushed {
                            path.pop();
                        }
                        frame.is_key
                    }
                    None => false,
                };
                node_ended(&mut stack, is_key);
            }
            Event::Other => {}
        }
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
    Scalar(String),
    Alias,
    MappingStart,
    MappingEnd,
    SequenceStart,
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
                    Event::Scalar(String::from_utf8_lossy(bytes).into_owned())
                }
                unsafe_libyaml::YAML_ALIAS_EVENT => Event::Alias,
                unsafe_libyaml::YAML_MAPPING_START_EVENT => Event::MappingStart,
                unsafe_libyaml::YAML_MAPPING_END_EVENT => Event::MappingEnd,
                unsafe_libyaml::YAML_SEQUENCE_START_EVENT => Event::SequenceStart,
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

    #[test]
    fn a_broken_file_gives_what_came_before() {
        let l = Locator::new("cases:\n  - id: a/b\n    fen: [unclosed\n");
        assert_eq!(l.find(&path(&["cases", "0", "id"]), false), Some((2, 9)));
        assert!(case_starts("{{{").is_empty());
    }
}
