//! The driver's mutator: a seeded random number generator and mutations of three kinds, raw
//! bytes, lines, and the structure of the input (YAML scalars, nesting, anchors; JSON values),
//! each drawing on the other seeds of the corpus for splices.
//!
//! Everything is a function of the seed, so a run is reproduced by its seed and input count.

use serde_json::Value;

/// A small, fast, seeded generator (SplitMix64): the same numbers on every machine.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator started at `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    /// True one time in `n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// One of `items` (which must not be empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// What an input is, for the structure-aware mutations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A YAML document (a case file).
    Yaml,
    /// Lines of which some are JSON (protocol answers, requests).
    JsonLines,
    /// Plain lines (UCI output, the reference's inputs).
    Lines,
}

/// Which kind of mutation made an input (the driver counts each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A seed as it is.
    Seed,
    /// Byte-level: flips, interesting bytes, inserts, deletions, splices, random bytes.
    Raw,
    /// Line- and structure-level: line splices, scalar or value replacement, duplication,
    /// deletion, deep nesting, anchors and aliases.
    Structured,
}

/// Bytes that mean something to one of the parsers.
const BYTES: &[u8] = b"\0\x7f\x80\xff\n\r\t \"'\\:[]{},&*!|>-#%@`?=+/0123456789eEkKqQ";

/// YAML scalars worth trying in place of any other.
const YAML_SCALARS: &[&str] = &[
    "",
    "~",
    "null",
    "true",
    "no",
    "0",
    "-0",
    "-1",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "1e400",
    ".inf",
    "-.inf",
    ".nan",
    "0x10",
    "0o17",
    "1_000",
    "'it''s'",
    "\"\\u0000\\ud800\"",
    "[]",
    "{}",
    "[a, [b, {c: d}]]",
    "{a: 1, a: 2}",
    "|\n  block\n",
    ">-\n  folded\n",
    "*a",
    "&a x",
    "!!binary aGVsbG8=",
    "!!int 3",
    "!custom x",
    "<<: *a",
    "? [complex]",
    "---",
    "...",
    "%YAML 1.1",
    "e2e4",
    "e7e8q",
    "e7e8k",
    "e1h1",
    "a1a1",
    "0000",
    "O-O",
    "O-O-O",
    "Nbd2+",
    "exd6#",
    "e8=Q",
    "touch e2",
    "release e1 on g1",
    "say j'adoube",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 4294967295 4294967295",
    "kkkkkkkk/8/8/8/8/8/8/KKKKKKKK w KQkq a3 0 1",
    "é♔\u{202e}\u{feff}",
    "\u{1b}[31mred",
];

/// JSON values worth trying in place of any other.
const JSON_VALUES: &[&str] = &[
    "null",
    "true",
    "false",
    "0",
    "-1",
    "-0",
    "1.5",
    "1e308",
    "-1.7976931348623157e308",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "\"\"",
    "\"\\u0000\\u001b[2J\"",
    "\"\\ud83d\\ude00\"",
    "[]",
    "{}",
    "[null]",
    "[\"e2e4\", \"e2e4\"]",
    "[\"\"]",
    "\"checkmate\"",
    "{\"state\": \"checkmate\"}",
    "{\"state\": \"ongoing\", \"winner\": \"white\"}",
    "{\"white\": true}",
    "\"any\"",
    "\"winnable\"",
    "\"fifty_moves\"",
    "[\"threefold_repetition\", \"fifty_moves\"]",
    "{\"played\": \"x\"}",
    "{\"refused\": 1}",
    "{\"accepted\": true}",
    "\"e1g1\"",
    "\"O-O\"",
    "\"8/8/8/8/8/8/8/8 w - - 0 1\"",
];

/// Keys of the protocol's messages.
const JSON_KEYS: &[&str] = &[
    "seq",
    "result",
    "error",
    "unsupported",
    "protocol",
    "name",
    "version",
    "capabilities",
    "state",
    "winner",
    "white",
    "black",
    "played",
    "refused",
    "accepted",
    "rejected",
    "type",
    "fen",
    "moves",
    "depth",
    "events",
    "",
];

/// A mutation of `input` (one of the corpus's seeds), at most `max_len` bytes long.
pub fn mutate(
    rng: &mut Rng,
    input: &[u8],
    corpus: &[Vec<u8>],
    shape: Shape,
    max_len: usize,
) -> (Vec<u8>, Kind) {
    let mut out = input.to_vec();
    let kind = if rng.one_in(2) {
        for _ in 0..1 + rng.below(4) {
            raw(rng, &mut out, corpus);
        }
        Kind::Raw
    } else {
        for _ in 0..1 + rng.below(3) {
            structured(rng, &mut out, corpus, shape, max_len);
        }
        Kind::Structured
    };
    out.truncate(max_len);
    (out, kind)
}

/// One byte-level mutation.
fn raw(rng: &mut Rng, out: &mut Vec<u8>, corpus: &[Vec<u8>]) {
    let at = rng.below(out.len() + 1);
    match rng.below(9) {
        0 if !out.is_empty() => {
            let i = at.min(out.len() - 1);
            out[i] ^= 1 << rng.below(8);
        }
        1 if !out.is_empty() => {
            let i = at.min(out.len() - 1);
            out[i] = *rng.pick(BYTES);
        }
        2 => {
            let n = 1 + rng.below(8);
            let bytes: Vec<u8> = (0..n).map(|_| rng.next_u64() as u8).collect();
            out.splice(at..at, bytes);
        }
        3 => {
            let n = rng.below(out.len() - at + 1).min(1 + rng.below(64));
            out.drain(at..at + n);
        }
        4 => {
            // Duplicate a range, up to a few times.
            let n = rng.below(out.len() - at + 1).min(1 + rng.below(256));
            let piece = out[at..at + n].to_vec();
            for _ in 0..1 + rng.below(4) {
                out.splice(at..at, piece.iter().copied());
            }
        }
        5 => {
            // Splice: a range of another seed.
            let other = rng.pick(corpus);
            let from = rng.below(other.len() + 1);
            let n = rng.below(other.len() - from + 1).min(1 + rng.below(512));
            out.splice(at..at, other[from..from + n].iter().copied());
        }
        6 => {
            let numbers: &[&[u8]] = &[b"0", b"-1", b"255", b"65536", b"4294967296", b"1e999"];
            out.splice(at..at, rng.pick(numbers).iter().copied());
        }
        7 => out.truncate(at),
        _ => {
            if rng.one_in(8) {
                // Now and then, bytes from nowhere.
                let n = rng.below(256);
                *out = (0..n).map(|_| rng.next_u64() as u8).collect();
            } else if !out.is_empty() {
                let i = at.min(out.len() - 1);
                out[i] = out[i].wrapping_add(rng.below(5) as u8).wrapping_sub(2);
            }
        }
    }
}

/// One structure-aware mutation: on lines, or on the YAML or JSON the lines hold.
fn structured(rng: &mut Rng, out: &mut Vec<u8>, corpus: &[Vec<u8>], shape: Shape, max: usize) {
    let text = String::from_utf8_lossy(out).into_owned();
    let mut lines: Vec<String> = text.split('\n').map(str::to_owned).collect();
    let choice = rng.below(10);
    match (shape, choice) {
        (_, 0) => splice_lines(rng, &mut lines, corpus),
        (_, 1) => duplicate_block(rng, &mut lines),
        (_, 2) if lines.len() > 1 => {
            let at = rng.below(lines.len());
            let n = (1 + rng.below(4)).min(lines.len() - at);
            lines.drain(at..at + n);
        }
        (_, 3) if lines.len() > 1 => {
            let (a, b) = (rng.below(lines.len()), rng.below(lines.len()));
            lines.swap(a, b);
        }
        (Shape::Yaml, 4) => reindent(rng, &mut lines),
        (Shape::Yaml, 5) => deep_nesting(rng, &mut lines, max),
        (Shape::Yaml, 6) => anchor_and_aliases(rng, &mut lines),
        (Shape::Yaml, _) => {
            let value = rng.pick(YAML_SCALARS).to_string();
            replace_scalar(rng, &mut lines, &value);
        }
        (Shape::JsonLines, _) => {
            if !mutate_json_line(rng, &mut lines) {
                // No line is JSON: the input stays as it was, bytes and all.
                return;
            }
        }
        (Shape::Lines, _) => replace_word(rng, &mut lines, corpus),
    }
    *out = lines.join("\n").into_bytes();
}

/// A few lines of another seed, spliced in.
fn splice_lines(rng: &mut Rng, lines: &mut Vec<String>, corpus: &[Vec<u8>]) {
    let other = String::from_utf8_lossy(rng.pick(corpus).as_slice()).into_owned();
    let theirs: Vec<&str> = other.split('\n').collect();
    let n = 1 + rng.below(4);
    let from = rng.below(theirs.len());
    let piece: Vec<String> = theirs[from..(from + n).min(theirs.len())]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
    let at = rng.below(lines.len() + 1);
    lines.splice(at..at, piece);
}

/// A block of lines, repeated once to three times in place.
fn duplicate_block(rng: &mut Rng, lines: &mut Vec<String>) {
    let at = rng.below(lines.len());
    let n = (1 + rng.below(8)).min(lines.len() - at);
    let block = lines[at..at + n].to_vec();
    for _ in 0..1 + rng.below(3) {
        lines.splice(at..at, block.iter().cloned());
    }
}

/// A line indented deeper, less deep, or with a tab.
fn reindent(rng: &mut Rng, lines: &mut [String]) {
    let at = rng.below(lines.len());
    let line = &mut lines[at];
    if rng.one_in(2) {
        line.insert_str(0, "  ");
    } else if let Some(rest) = line.strip_prefix(' ') {
        *line = rest.to_owned();
    } else {
        line.insert(0, '\t');
    }
}

/// Deep nesting (flow lists, flow maps or block lists) in place of a value.
fn deep_nesting(rng: &mut Rng, lines: &mut [String], max: usize) {
    let depth = 1 + rng.below(max / 4).min(1 << rng.below(14));
    let (open, close) = *rng.pick(&[("[", "]"), ("{a: ", "}"), ("- ", "")]);
    let nested = if open == "- " {
        // Quadratic in the depth: built no further than `max` bytes (the input is cut there
        // anyway), so the mutator's memory is not taken for the target's.
        let mut nested = String::new();
        for i in 0..depth {
            if nested.len() > max {
                break;
            }
            if i > 0 {
                nested.push('\n');
            }
            nested.push_str(&"  ".repeat(i));
            nested.push_str("- x");
        }
        nested
    } else {
        format!("{}1{}", open.repeat(depth), close.repeat(depth))
    };
    replace_scalar(rng, lines, &nested);
}

/// An anchor on one value, aliases to it elsewhere.
fn anchor_and_aliases(rng: &mut Rng, lines: &mut Vec<String>) {
    let at = rng.below(lines.len());
    if let Some(i) = lines[at].find(": ") {
        lines[at].insert_str(i + 2, "&a ");
    }
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(lines.len());
        if let Some(i) = lines[at].find(": ") {
            let keep = lines[at][..i + 2].to_owned();
            lines[at] = format!("{keep}*a");
        } else {
            lines.insert(at, "  - *a".into());
        }
    }
}

/// A value of a JSON line replaced, a key added or removed; `false` when no line is JSON.
fn mutate_json_line(rng: &mut Rng, lines: &mut [String]) -> bool {
    let json: Vec<usize> = (0..lines.len())
        .filter(|&i| serde_json::from_str::<Value>(&lines[i]).is_ok())
        .collect();
    if json.is_empty() {
        return false;
    }
    let at = *rng.pick(&json);
    let mut value: Value = serde_json::from_str(&lines[at]).expect("checked above");
    mutate_json(rng, &mut value);
    lines[at] = value.to_string();
    true
}

/// A word of a line replaced with one of another seed, or with an interesting one.
fn replace_word(rng: &mut Rng, lines: &mut [String], corpus: &[Vec<u8>]) {
    let at = rng.below(lines.len());
    let mut words: Vec<String> = lines[at].split(' ').map(str::to_owned).collect();
    let w = rng.below(words.len());
    words[w] = if rng.one_in(2) {
        rng.pick(YAML_SCALARS).to_string()
    } else {
        let other = String::from_utf8_lossy(rng.pick(corpus).as_slice()).into_owned();
        let theirs: Vec<&str> = other.split_whitespace().collect();
        if theirs.is_empty() {
            String::new()
        } else {
            (*rng.pick(&theirs)).to_owned()
        }
    };
    lines[at] = words.join(" ");
}

/// Replaces the scalar after a `key: ` or a `- ` of a random line (or inside a flow list) by
/// `value`.
fn replace_scalar(rng: &mut Rng, lines: &mut [String], value: &str) {
    let at = rng.below(lines.len());
    let line = &lines[at];
    let start = line
        .find(": ")
        .map(|i| i + 2)
        .or_else(|| line.find("- ").map(|i| i + 2))
        .or_else(|| line.find('[').map(|i| i + 1))
        .unwrap_or(line.len());
    let end = if rng.one_in(2) {
        line.len()
    } else {
        line[start..]
            .find([',', ']', '}'])
            .map_or(line.len(), |i| start + i)
    };
    lines[at] = format!("{}{value}{}", &line[..start], &line[end..]);
}

/// One of the interesting JSON values.
fn json_value(rng: &mut Rng) -> Value {
    serde_json::from_str(JSON_VALUES[rng.below(JSON_VALUES.len())]).expect("valid JSON")
}

/// A random node `steps` levels down (or as far as the value goes).
fn descend<'v>(rng: &mut Rng, node: &'v mut Value, steps: usize) -> &'v mut Value {
    if steps == 0 {
        return node;
    }
    let children = match node {
        Value::Array(items) => items.len(),
        Value::Object(map) => map.len(),
        _ => 0,
    };
    if children == 0 {
        return node;
    }
    let i = rng.below(children);
    let child = match node {
        Value::Array(items) => &mut items[i],
        Value::Object(map) => map.values_mut().nth(i).expect("in range"),
        _ => unreachable!("a value with children"),
    };
    descend(rng, child, steps - 1)
}

/// Mutates one node of a JSON value.
fn mutate_json(rng: &mut Rng, value: &mut Value) {
    let steps = rng.below(6);
    let node = descend(rng, value, steps);
    match rng.below(6) {
        0 if node.is_object() => {
            let map = node.as_object_mut().expect("an object");
            let key = map.keys().nth(rng.below(map.len().max(1))).cloned();
            if let Some(key) = key {
                map.remove(&key);
            }
        }
        1 if node.is_object() => {
            let map = node.as_object_mut().expect("an object");
            let value = json_value(rng);
            map.insert(rng.pick(JSON_KEYS).to_string(), value);
        }
        2 if node.is_array() => {
            let items = node.as_array_mut().expect("an array");
            if items.is_empty() || rng.one_in(2) {
                items.push(json_value(rng));
            } else {
                let i = rng.below(items.len());
                let copy = items[i].clone();
                for _ in 0..1 + rng.below(100) {
                    items.push(copy.clone());
                }
            }
        }
        3 => {
            // Nest the node a few levels deep.
            for _ in 0..1 + rng.below(40) {
                *node = Value::Array(vec![node.take()]);
            }
        }
        4 => {
            if let Value::String(s) = node {
                let pos = rng.below(s.len() + 1);
                if s.is_char_boundary(pos) {
                    s.insert_str(pos, YAML_SCALARS[rng.below(YAML_SCALARS.len())]);
                }
            } else {
                *node = Value::String(rng.pick(YAML_SCALARS).to_string());
            }
        }
        _ => *node = json_value(rng),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_mutations() {
        let corpus = vec![
            b"cases:\n  - id: a/b\n    fen: x\n".to_vec(),
            b"{\"seq\":1}".to_vec(),
        ];
        let run = |seed| {
            let mut rng = Rng::new(seed);
            (0..200)
                .map(|i| mutate(&mut rng, &corpus[i % 2], &corpus, Shape::Yaml, 4096).0)
                .collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
        assert!(run(7).iter().all(|m| m.len() <= 4096));
    }

    #[test]
    fn the_interesting_values_are_json() {
        for v in JSON_VALUES {
            assert!(serde_json::from_str::<Value>(v).is_ok(), "{v}");
        }
    }

    #[test]
    fn json_mutations_stay_json() {
        let mut rng = Rng::new(1);
        for _ in 0..500 {
            let mut v: Value =
                serde_json::from_str(r#"{"seq":1,"result":["e2e4",{"a":[1]}]}"#).unwrap();
            mutate_json(&mut rng, &mut v);
            let again: Value = serde_json::from_str(&v.to_string()).unwrap();
            assert_eq!(again, v);
        }
    }
}
