//! A child's stdout cut into lines as its bytes come, at a size limit: each line, a line too
//! long or not UTF-8, or the end, as an [`Event`].

use std::collections::VecDeque;
use std::io;

/// How many bytes of a bad line a fault quotes.
const QUOTED_BYTES: usize = 200;

/// What the child's stdout gave: a line, a fault of a line, or its end.
#[derive(Debug)]
pub(super) enum Event {
    Line(String),
    Oversized { head: String, bytes: usize },
    NotUtf8 { head: String },
    End(Option<io::Error>),
}

/// The first bytes of a bad line, to quote.
fn head(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(QUOTED_BYTES)];
    let mut text = String::from_utf8_lossy(cut).into_owned();
    if bytes.len() > QUOTED_BYTES {
        text.push_str("...");
    }
    text
}

/// Stdout cut into lines of at most `max_line` bytes as its bytes come; a longer line is
/// reported once and the rest of it skipped, so the child never blocks on a full pipe.
#[derive(Debug)]
pub(super) struct Lines {
    max_line: usize,
    /// The line so far (no newline yet).
    line: Vec<u8>,
    /// Set while skipping a line over the limit: its first bytes (enough to quote) and its
    /// length so far.
    skipping: Option<(Vec<u8>, usize)>,
    /// Events cut from what was read and not yet taken.
    ready: VecDeque<Event>,
    /// Stdout has ended: no more bytes will come.
    ended: bool,
}

impl Lines {
    pub(super) fn new(max_line: usize) -> Lines {
        Lines {
            max_line,
            line: Vec::new(),
            skipping: None,
            ready: VecDeque::new(),
            ended: false,
        }
    }

    /// Cuts `bytes` into lines.
    pub(super) fn push(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let newline = bytes.iter().position(|&b| b == b'\n');
            let chunk = &bytes[..newline.unwrap_or(bytes.len())];
            if let Some((first, seen)) = self.skipping.as_mut() {
                *seen += chunk.len();
                let more = (QUOTED_BYTES + 1)
                    .saturating_sub(first.len())
                    .min(chunk.len());
                first.extend_from_slice(&chunk[..more]);
            } else if self.line.len() + chunk.len() > self.max_line {
                let length = self.line.len() + chunk.len();
                let mut first = std::mem::take(&mut self.line);
                first.truncate(QUOTED_BYTES + 1);
                let more = (QUOTED_BYTES + 1)
                    .saturating_sub(first.len())
                    .min(chunk.len());
                first.extend_from_slice(&chunk[..more]);
                self.skipping = Some((first, length));
            } else {
                self.line.extend_from_slice(chunk);
            }
            let Some(at) = newline else { break };
            let event = match self.skipping.take() {
                Some((first, bytes)) => Event::Oversized {
                    head: head(&first),
                    bytes,
                },
                None => line_event(std::mem::take(&mut self.line)),
            };
            self.ready.push_back(event);
            bytes = &bytes[at + 1..];
        }
    }

    /// Stdout ended: a last line without a newline still counts, then the end.
    pub(super) fn finish(&mut self) {
        if self.ended {
            return;
        }
        let last = match self.skipping.take() {
            Some((first, bytes)) => Some(Event::Oversized {
                head: head(&first),
                bytes,
            }),
            None if !self.line.is_empty() => Some(line_event(std::mem::take(&mut self.line))),
            None => None,
        };
        self.ready.extend(last);
        self.ready.push_back(Event::End(None));
        self.ended = true;
    }

    /// Reading stdout failed.
    pub(super) fn fail(&mut self, error: io::Error) {
        if !self.ended {
            self.ready.push_back(Event::End(Some(error)));
            self.ended = true;
        }
    }

    /// The next event; once stdout has ended, its end again and again.
    pub(super) fn pop(&mut self) -> Option<Event> {
        match self.ready.pop_front() {
            Some(event) => Some(event),
            None if self.ended => Some(Event::End(None)),
            None => None,
        }
    }
}

fn line_event(mut line: Vec<u8>) -> Event {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    match String::from_utf8(line) {
        Ok(text) => Event::Line(text),
        Err(e) => Event::NotUtf8 {
            head: head(e.as_bytes()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The events of `input` read in pieces of `piece` bytes, up to the first end.
    fn lines_in_pieces(input: &[u8], max: usize, piece: usize) -> Vec<String> {
        let mut lines = Lines::new(max);
        for chunk in input.chunks(piece) {
            lines.push(chunk);
        }
        lines.finish();
        let mut shown = Vec::new();
        while let Some(e) = lines.pop() {
            let end = matches!(e, Event::End(_));
            shown.push(match e {
                Event::Line(l) => format!("line {l}"),
                Event::Oversized { head, bytes } => format!("oversized {bytes} {head}"),
                Event::NotUtf8 { head } => format!("not utf-8 {head}"),
                Event::End(e) => format!("end {}", e.is_some()),
            });
            if end {
                break;
            }
        }
        shown
    }

    /// The events of `input`, read at once and byte by byte alike.
    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let whole = lines_in_pieces(input, max, input.len().max(1));
        for piece in [1, 2, 3, 7] {
            assert_eq!(
                lines_in_pieces(input, max, piece),
                whole,
                "in pieces of {piece}"
            );
        }
        whole
    }

    #[test]
    fn lines_are_cut_at_newlines_and_the_limit() {
        assert_eq!(
            lines(b"ab\r\ncd\n\nlast", 10),
            ["line ab", "line cd", "line ", "line last", "end false"]
        );
        assert_eq!(
            lines(b"0123456789ABC\nok\n", 10),
            ["oversized 13 0123456789ABC", "line ok", "end false"]
        );
        assert_eq!(
            lines(b"\xff\xfe\n", 10),
            ["not utf-8 \u{fffd}\u{fffd}", "end false"]
        );
        // A line exactly at the limit is fine.
        assert_eq!(lines(b"0123456789\n", 10), ["line 0123456789", "end false"]);
        // An oversized last line without a newline, and nothing at all.
        assert_eq!(
            lines(b"ok\n0123456789AB", 10),
            ["line ok", "oversized 12 0123456789AB", "end false"]
        );
        assert_eq!(lines(b"", 10), ["end false"]);
    }
}
