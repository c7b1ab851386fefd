//! The JUnit XML report, for CI systems that read JUnit: kept out of the core crate, whose other
//! reports need no dependency. Written here, element by element: the report is five elements and
//! their attributes, and an XML library (with its date, UUID and error crates) cost `cargo test`
//! about 17 s of CPU to build for that.

use std::fmt::Write as _;

use chess_conformance::report::{shown, summary, verdict_text};
use chess_conformance::{Outcome, Run};

/// The JUnit XML report: one test suite per rule area, one test case per case (named by its
/// id, class name the area), failures and errors with their message and the verdict's text,
/// skips with their reason, a pass with assertions skipped with them in its output. For CI
/// systems that read JUnit; each suite's properties give the catalogue's version. Text from
/// engines and case files has its control characters escaped (XML 1.0 allows none of them, even
/// as a character reference), and `&`, `<`, `>` and `"` written as entities.
pub fn junit(run: &Run) -> String {
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let tally = run.tally();
    let _ = writeln!(
        xml,
        "<testsuites name=\"{}\" tests=\"{}\" skipped=\"{}\" failures=\"{}\" errors=\"{}\">",
        attribute(&format!("chess-conformance: {}", run.engine)),
        run.results.len(),
        tally.skipped,
        tally.failed,
        tally.errors
    );
    for (area, _) in run.by_area() {
        let verdicts: Vec<_> = run.results.iter().filter(|(_, v)| v.area == area).collect();
        let count = |outcome: Outcome| {
            verdicts
                .iter()
                .filter(|(_, v)| v.outcome == outcome)
                .count()
        };
        let _ = writeln!(
            xml,
            "    <testsuite name=\"{}\" tests=\"{}\" skipped=\"{}\" errors=\"{}\" failures=\"{}\">",
            attribute(&area),
            verdicts.len(),
            count(Outcome::Skip),
            count(Outcome::Error),
            count(Outcome::Fail)
        );
        if let Some(version) = run.catalogue_version {
            // Each suite says which catalogue its cases came from (JUnit's `<properties>`).
            let _ = writeln!(
                xml,
                "        <properties>\n            <property name=\"catalogue_version\" \
                 value=\"{}\"/>\n        </properties>",
                attribute(&version.to_string())
            );
        }
        for (case, verdict) in verdicts {
            let _ = write!(
                xml,
                "        <testcase name=\"{}\" classname=\"{}\"",
                attribute(&verdict.id),
                attribute(&area)
            );
            match verdict.outcome {
                Outcome::Pass if verdict.partly_skipped() => {
                    // JUnit has no partial pass: the assertions left out go to the case's output.
                    let _ = writeln!(
                        xml,
                        ">\n            <system-out>{}</system-out>\n        </testcase>",
                        content(&verdict_text(case, verdict))
                    );
                }
                Outcome::Pass => xml.push_str("/>\n"),
                Outcome::Skip => {
                    let _ = writeln!(
                        xml,
                        ">\n            <skipped message=\"{}\"/>\n        </testcase>",
                        attribute(verdict.reason.as_deref().unwrap_or(""))
                    );
                }
                Outcome::Fail | Outcome::Error => {
                    let element = if verdict.outcome == Outcome::Fail {
                        "failure"
                    } else {
                        "error"
                    };
                    let _ = writeln!(
                        xml,
                        ">\n            <{element} message=\"{}\">{}</{element}>\n        </testcase>",
                        attribute(&summary(verdict)),
                        content(&verdict_text(case, verdict))
                    );
                }
            }
        }
        xml.push_str("    </testsuite>\n");
    }
    xml.push_str("</testsuites>");
    xml
}

/// Text as XML character data: [`shown`] (control characters escaped, newlines kept), then the
/// two non-characters XML 1.0 also refuses escaped the same way, and `&`, `<`, `>` as entities.
fn content(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for c in shown(text).chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '\u{fffe}' | '\u{ffff}' => {
                let _ = write!(out, "{}", c.escape_unicode());
            }
            c => out.push(c),
        }
    }
    out
}

/// Text as an attribute's value, in double quotes: as [`content`], with `"` as an entity and a
/// newline as a character reference (a parser would read a literal one as a space).
fn attribute(text: &str) -> String {
    content(text).replace('"', "&quot;").replace('\n', "&#10;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_for_xml_and_control_characters_are_shown() {
        assert_eq!(content("a < b && c > d"), "a &lt; b &amp;&amp; c &gt; d");
        assert_eq!(
            content("red \u{1b}[31m\u{0}\u{fffe}"),
            "red \\u{1b}[31m\\u{0}\\u{fffe}"
        );
        assert_eq!(content("two\nlines\r"), "two\nlines\\r");
        assert_eq!(
            attribute("say \"hi\"\nthen <go>"),
            "say &quot;hi&quot;&#10;then &lt;go&gt;"
        );
    }
}
