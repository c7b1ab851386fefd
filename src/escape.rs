//! Text from a case file or an engine made safe to show: the one place that decides how such
//! text reaches a terminal (`shown`), a message quoting a file (`excerpt`) and a Markdown page
//! (`markdown_cell`). Every report, every message of the command and the site escape through
//! these. It imports nothing of the crate.

use std::borrow::Cow;
use std::fmt::Write as _;

/// The most characters of a file's text a message quotes ([`excerpt`]): enough to recognise a
/// line, too few to carry a key or a token whole.
pub const EXCERPT_CHARS: usize = 40;

/// Whether a character is shown escaped: control characters (an escape sequence that would
/// recolour or clear the reader's terminal, a bell, a NUL, a carriage return that would
/// overwrite a line) but the newline, and the bidirectional overrides that reorder what is read.
fn escaped(c: char) -> bool {
    (c.is_control() && c != '\n')
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Text from a case file or an engine as a report prints it: control characters and the
/// bidirectional overrides escaped as Rust writes them (`\u{1b}`, `\r`); newlines kept, for the
/// callers to indent. Escaping twice changes nothing more (the result has none of them).
pub fn shown(text: &str) -> Cow<'_, str> {
    if !text.chars().any(escaped) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if escaped(c) => {
                let _ = write!(out, "{}", c.escape_unicode());
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// A short, escaped excerpt of text a message quotes from a file or an engine: its first
/// [`EXCERPT_CHARS`] characters, newlines written `\n` and the rest [`shown`], and, when the
/// text is longer, `…` and its length (`"-----BEGIN OPENSSH PRIVA…" (3,412 characters)` is all a
/// log learns of a key).
pub fn excerpt(text: &str) -> String {
    let total = text.chars().count();
    let head: String = text.chars().take(EXCERPT_CHARS).collect();
    let head = shown(&head).replace('\n', "\\n");
    if total <= EXCERPT_CHARS {
        head
    } else {
        format!("{head}… ({total} characters)")
    }
}

/// Every string quoted in `message` as Rust's `{:?}` writes one (serde's messages quote the
/// value they found so: `invalid type: string "…"`) cut to an [`excerpt`], and the rest
/// [`shown`]. A message quoting nothing long is returned as it is.
pub fn quotes_cut(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find('"') {
        out.push_str(&shown(&rest[..open]));
        let body = &rest[open + 1..];
        // The closing quote: the first one not escaped by a backslash.
        let mut close = None;
        let mut backslash = false;
        for (i, c) in body.char_indices() {
            match c {
                '\\' if !backslash => backslash = true,
                '"' if !backslash => {
                    close = Some(i);
                    break;
                }
                _ => backslash = false,
            }
        }
        let (quoted, after) = match close {
            Some(i) => (&body[..i], &body[i + 1..]),
            None => (body, ""),
        };
        out.push('"');
        out.push_str(&excerpt(quoted));
        if close.is_some() {
            out.push('"');
        }
        rest = after;
    }
    out.push_str(&shown(rest));
    out
}

/// Text from an engine or a case file made safe for a Markdown page (a CI step summary, where
/// GitHub renders HTML and links) and for one cell of a Markdown table: [`shown`], then `&`,
/// `<` and `>` written as entities (no `<img>`, no `<details>`, no `<http://...>` link), the
/// characters of link, image, emphasis and code syntax (`[`, `]`, `` ` ``, `*`, `_`, `\`)
/// escaped with a backslash (a link or an image needs a `[` and `](`: parentheses alone stay),
/// `|` too (a cell ends there), and newlines made spaces. What a reader sees is the text as it
/// was.
pub fn markdown_cell(text: &str) -> String {
    let text = shown(text);
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\n' => out.push(' '),
            '[' | ']' | '`' | '*' | '_' | '\\' | '|' => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_newlines_kept() {
        assert_eq!(shown("e2e4 e7e5"), "e2e4 e7e5");
        assert!(matches!(shown("plain"), Cow::Borrowed(_)));
        assert_eq!(
            shown("\u{1b}[2J\u{1b}]0;pwned\u{7}a\rb\tc\u{0}\nnext\u{202e}txt"),
            "\\u{1b}[2J\\u{1b}]0;pwned\\u{7}a\\rb\\tc\\u{0}\nnext\\u{202e}txt"
        );
        assert_eq!(shown("\u{85}é♔"), "\\u{85}é♔");
        let once = shown("\u{1b}[31m\u{7}").into_owned();
        assert_eq!(shown(&once), once);
    }

    #[test]
    fn excerpts_are_short_and_escaped() {
        assert_eq!(excerpt("e2e4"), "e2e4");
        let long = "x".repeat(20_000);
        let cut = excerpt(&long);
        assert!(cut.starts_with(&"x".repeat(EXCERPT_CHARS)));
        assert!(cut.ends_with("… (20000 characters)"), "{cut}");
        assert!(cut.len() < 80, "{cut}");
        assert_eq!(excerpt("a\nb\u{1b}"), "a\\nb\\u{1b}");
    }

    #[test]
    fn quoted_strings_are_cut() {
        let secret = format!("TOKEN={}", "s".repeat(100));
        let message = format!("invalid type: string {secret:?}, expected struct CaseFile");
        let cut = quotes_cut(&message);
        assert!(!cut.contains(&"s".repeat(EXCERPT_CHARS)), "{cut}");
        assert!(cut.starts_with("invalid type: string \"TOKEN=sss"), "{cut}");
        assert!(
            cut.ends_with("(106 characters)\", expected struct CaseFile"),
            "{cut}"
        );
        // An escaped quote does not end the string.
        assert_eq!(quotes_cut(r#"a "b\"c" d"#), r#"a "b\"c" d"#);
        assert_eq!(quotes_cut("no quotes \u{7}"), "no quotes \\u{7}");
    }

    #[test]
    fn markdown_cells_carry_no_markup() {
        let hostile = "<img src=x onerror=alert(1)> <details open> ![a](http://x/y.png) \
                       [click](http://x) a|b **bold** `code`\nnext <http://x>";
        let cell = markdown_cell(hostile);
        for bad in ["<img", "<details", "![", "**", "\n", "<http"] {
            assert!(!cell.contains(bad), "{bad} in {cell}");
        }
        assert!(
            cell.contains("&lt;img src=x onerror=alert(1)&gt;"),
            "{cell}"
        );
        assert!(cell.contains(r"!\[a\](http://x/y.png)"), "{cell}");
        assert!(cell.contains(r"a\|b"), "{cell}");
        assert_eq!(
            markdown_cell("e2e4 rnbqkbnr/pppppppp (a note)"),
            "e2e4 rnbqkbnr/pppppppp (a note)"
        );
    }
}
