//! The site's writing and what its pages share. The pages: `index.html` (rule areas by engines;
//! a library with several versions once, at its latest, its history on its engine pages:
//! `index.rs`, `history.rs`), `cases.html` (every case some engine fails or errs, with search and
//! filters in a small inline script) and `areas/AREA.html` (an area's cases: those failed or
//! erred with the engines that fail them, the others listed), both `case_lists.rs`;
//! `engines/SLUG.html` (an engine's failures by area; a run stopped by a signal says so here
//! and on the index; its badges and the snippets that embed them, `badge.rs`: `engine_page.rs`),
//! `cases/AREA-N.html` (the failing cases' sheets, `case_page.rs`), and `site.css` (here). A
//! passing case has no page: the whole catalogue against sixteen engines stays near a hundred
//! pages (and two badge files per engine and per engine and area, `badges/`). Shared here: the
//! escaping, each page's head and foot, the outcome labels and counts, anchors, the variant tag,
//! a case's link, the stylesheet.
//!
//! Everything from a report or a case file goes through [`esc`]. The tables are plain HTML;
//! the script only hides rows, so every page reads the same without it. Nothing is fetched
//! from the network.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::Path;

use chess_conformance::{Outcome, Tally};

use super::{Site, SiteCase};

/// Text made safe for HTML, in an element or a quoted attribute: control characters and
/// bidirectional overrides escaped as the text report shows them, then `&`, `<`, `>`, `"` and
/// `'` as entities.
pub(crate) fn esc(text: &str) -> Cow<'_, str> {
    let shown = chess_conformance::report::shown(text);
    if !shown.contains(['&', '<', '>', '"', '\'']) {
        return shown;
    }
    let mut out = String::with_capacity(shown.len() + 16);
    for c in shown.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// Writes the site into `dir` (a new, empty folder); the number of pages written. Stops between
/// pages when the command is interrupted.
pub(crate) fn write(site: &Site, dir: &Path) -> std::io::Result<usize> {
    std::fs::write(
        dir.join("site.css"),
        [STYLE, super::badge::STYLE, super::history::STYLE].concat(),
    )?;
    std::fs::write(dir.join("index.html"), super::index::index(site))?;
    std::fs::write(dir.join("cases.html"), super::case_lists::cases(site))?;
    for folder in ["engines", "areas", "cases"] {
        std::fs::create_dir_all(dir.join(folder))?;
    }
    for engine in &site.engines {
        std::fs::write(
            dir.join("engines").join(format!("{}.html", engine.slug)),
            super::engine_page::engine_page(site, engine),
        )?;
    }
    for area in &site.areas {
        std::fs::write(
            dir.join(site.area_file(area)),
            super::case_lists::area_page(site, area),
        )?;
    }
    super::badge::write(site, dir)?;
    // The sheets of failing cases on every CPU: each thread a run of sheets and a buffer of its
    // own.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = site.sheets.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let workers: Vec<_> = site
            .sheets
            .chunks(chunk)
            .map(|sheets| {
                scope.spawn(move || -> std::io::Result<()> {
                    let mut page = String::with_capacity(256 * 1024);
                    for sheet in sheets {
                        if crate::interrupt::caught().is_some() {
                            return Err(std::io::ErrorKind::Interrupted.into());
                        }
                        page.clear();
                        super::case_page::sheet(site, sheet, &mut page);
                        std::fs::write(dir.join(&sheet.file), page.as_bytes())?;
                    }
                    Ok(())
                })
            })
            .collect();
        workers
            .into_iter()
            .try_for_each(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
    })?;
    // The index, the list of cases, the engines, the areas and the sheets (the stylesheet is no
    // page).
    Ok(2 + site.engines.len() + site.areas.len() + site.sheets.len())
}

/// The start of every page, up to `<main>`; `root` leads back to the site's folder (`../../`).
pub(super) fn head(out: &mut String, title: &str, root: &str) {
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{} · chess-conformance</title><link rel=\"stylesheet\" href=\"{root}site.css\">\
         </head><body><header><a class=\"brand\" href=\"{root}index.html\">chess-conformance</a>\
         <nav><a href=\"{root}index.html\">Areas by engine</a><a href=\"{root}cases.html\">\
         Failing cases</a></nav></header><main>",
        esc(title)
    );
}

pub(super) fn foot(out: &mut String) {
    let _ = writeln!(
        out,
        "</main><footer>Written by chess-conformance {} (<code>report --html</code>). Each \
         count is a number of cases; a case passes when every assertion asked holds.</footer>\
         </body></html>",
        env!("CARGO_PKG_VERSION")
    );
}

/// An outcome as a coloured label.
pub(super) fn badge(outcome: Outcome) -> String {
    format!("<span class=\"badge {0}\">{0}</span>", outcome.name())
}

/// The four counts of a tally, each coloured, a zero greyed.
pub(super) fn counts(out: &mut String, t: &Tally) {
    for (n, class) in [
        (t.passed, "pass"),
        (t.failed, "fail"),
        (t.skipped, "skip"),
        (t.errors, "error"),
    ] {
        let zero = if n == 0 { " zero" } else { "" };
        let _ = write!(
            out,
            "<span class=\"n {class}{zero}\" title=\"{class}\">{n}</span>"
        );
    }
}

/// The worst outcome a tally has, for a cell's colour.
pub(super) fn worst(t: &Tally) -> &'static str {
    if t.errors > 0 {
        "error"
    } else if t.failed > 0 {
        "fail"
    } else if t.passed > 0 {
        "pass"
    } else {
        "skip"
    }
}

pub(super) const LEGEND: &str = "<p class=\"legend\">Each cell: <span class=\"n pass\">pass</span>\
<span class=\"n fail\">fail</span><span class=\"n skip\">skip</span>\
<span class=\"n error\">error</span>, in cases.</p>";

/// An area as a fragment id: letters, digits, `-` and `_` kept, the rest as `_`.
pub(super) fn anchor(area: &str) -> String {
    area.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// ` <span class="variant">Chess960</span>`: the variant of a case or an area that is not
/// (only) standard chess; nothing for standard chess.
pub(super) fn variant_tag(variant: Option<&str>) -> String {
    variant.map_or_else(String::new, |v| {
        format!(" <span class=\"variant\">{}</span>", esc(v))
    })
}

/// A case's id, linked to its page when it has one.
pub(super) fn case_link(case: &SiteCase, root: &str) -> String {
    match &case.link {
        Some(link) => format!("<a href=\"{root}{}\">{}</a>", esc(link), esc(&case.id)),
        None => esc(&case.id).into_owned(),
    }
}

/// The stylesheet every page links to.
const STYLE: &str = r#":root {
  --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --soft: #f6f8fa; --link: #0969da;
  --pass: #1a7f37; --pass-bg: #dafbe1; --fail: #cf222e; --fail-bg: #ffebe9;
  --skip: #57606a; --skip-bg: #eaeef2; --error: #9a6700; --error-bg: #fff8c5;
}
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #fff;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
header { display: flex; gap: 2em; align-items: baseline; padding: .7em 1.5em;
  background: #24292f; }
header a { color: #fff; text-decoration: none; }
header .brand { font-weight: 700; font-size: 1.1em; }
header nav a { margin-right: 1.2em; opacity: .85; }
header nav a:hover { opacity: 1; text-decoration: underline; }
main { max-width: 1200px; margin: 0 auto; padding: 1em 1.5em 2em; }
footer { max-width: 1200px; margin: 0 auto; padding: 1em 1.5em 2em; color: var(--muted);
  font-size: .85em; border-top: 1px solid var(--line); }
h1 { font-size: 1.7em; margin: .4em 0 .2em; word-break: break-word; }
section.case { margin: 2.5em 0; padding-top: .5em; border-top: 3px solid var(--line); }
section.case h2 { font-size: 1.4em; border: 0; margin-top: .3em; word-break: break-word; }
h3 { font-size: 1.05em; margin: 1.2em 0 .4em; }
nav.pages { margin: .8em 0; color: var(--muted); }
section.group { margin: 1.2em 0; padding: .2em 0 .4em; border-bottom: 1px solid var(--line); }
section.group h3 { margin: .4em 0; }
section.group .count { font-variant-numeric: tabular-nums; }
details summary { cursor: pointer; color: var(--link); }
p.members { font-size: .9em; line-height: 1.7; }
ul.causes { padding-left: 1.2em; }
ul.passing { columns: 2 32em; padding-left: 1.2em; }
ul.passing li { break-inside: avoid; }
h2 { font-size: 1.25em; margin: 1.6em 0 .5em; padding-bottom: .2em;
  border-bottom: 1px solid var(--line); }
a { color: var(--link); }
.lead { color: var(--muted); margin-top: 0; }
.muted { color: var(--muted); }
code { font: .9em/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, monospace;
  white-space: pre-wrap; word-break: break-word; }
table { border-collapse: collapse; margin: .5em 0 1em; }
th, td { border: 1px solid var(--line); padding: .35em .6em; text-align: left;
  vertical-align: top; }
thead th { background: var(--soft); font-weight: 600; }
tfoot th, tfoot td { font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num.pass { color: var(--pass); } td.num.fail { color: var(--fail); }
td.num.skip { color: var(--skip); } td.num.error { color: var(--error); }
.scroll { overflow-x: auto; }
.n { display: inline-block; min-width: 2.6em; margin-right: .25em; padding: 0 .35em;
  border-radius: 4px; text-align: right; font-variant-numeric: tabular-nums;
  font-size: .9em; }
.n.pass { color: var(--pass); background: var(--pass-bg); }
.n.fail { color: var(--fail); background: var(--fail-bg); }
.n.skip { color: var(--skip); background: var(--skip-bg); }
.n.error { color: var(--error); background: var(--error-bg); }
.n.zero { opacity: .35; }
.legend .n { min-width: 0; }
td.cell { white-space: nowrap; border-left-width: 4px; }
td.cell a { text-decoration: none; }
td.cell.pass { border-left-color: var(--pass); }
td.cell.fail { border-left-color: var(--fail); }
td.cell.error { border-left-color: var(--error); }
td.cell.skip { border-left-color: var(--skip); }
.badge { display: inline-block; padding: 0 .5em; border-radius: 999px; font-size: .8em;
  font-weight: 600; text-transform: uppercase; letter-spacing: .03em; }
.badge.pass { color: var(--pass); background: var(--pass-bg); }
.badge.fail { color: #fff; background: var(--fail); }
.badge.skip { color: var(--skip); background: var(--skip-bg); }
.badge.error { color: #fff; background: var(--error); }
td.by .o { white-space: nowrap; font-weight: 600; }
td.by .o.fail { color: var(--fail); } td.by .o.error { color: var(--error); }
td.check.pass { color: var(--pass); font-size: .8em; font-weight: 600; text-transform: uppercase; }
td.check.fail { background: var(--fail-bg); }
td.check.error { background: var(--error-bg); }
.reason { color: var(--muted); font-size: .9em; }
.variant { display: inline-block; padding: 0 .45em; border-radius: 4px; font-size: .8em;
  font-weight: 600; color: #6639ba; background: #fbefff; white-space: nowrap; }
.variant-note { color: var(--muted); margin: 0 0 .6em; }
.interrupted { color: var(--error); font-weight: 600; }
.search, .filters { display: flex; flex-wrap: wrap; gap: .8em; margin: 1em 0; }
.search input { width: min(28em, 100%); }
input, select, button { font: inherit; padding: .3em .5em; border: 1px solid var(--line);
  border-radius: 6px; background: #fff; }
button { background: var(--soft); cursor: pointer; }
.filters label { display: flex; gap: .4em; align-items: center; color: var(--muted); }
table.cases td:first-child { white-space: nowrap; }
.crumbs { margin: .5em 0 0; color: var(--muted); }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .2em 1em; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
.boards { display: flex; flex-wrap: wrap; gap: 2em; margin: 1em 0; }
figure { margin: 0; }
figcaption { color: var(--muted); text-align: center; margin-top: .3em; }
svg.board { width: 360px; height: 360px; display: block; border: 1px solid #8b6b4a;
  box-shadow: 0 1px 3px rgba(0,0,0,.15); }
svg.board .pieces { font-size: 1.12px; text-anchor: middle;
  font-family: 'DejaVu Sans', 'Noto Sans Symbols 2', 'Segoe UI Symbol', 'Apple Symbols', serif; }
svg.board .others { font: bold .5px sans-serif; text-anchor: middle; }
svg.defs { position: absolute; }
[hidden] { display: none !important; }
@media (max-width: 640px) {
  header { flex-wrap: wrap; gap: .2em 1em; padding: .6em .8em; }
  main, footer { padding-left: .8em; padding-right: .8em; }
  td.cell { white-space: normal; }
  dl.embed { grid-template-columns: minmax(0, 1fr); }
  th, td { padding: .3em .4em; }
  td.badge-cell img, table.badges img, p.badges img { max-width: 100%; height: auto; }
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_quotes_and_control_characters() {
        assert_eq!(esc("plain e2e4"), "plain e2e4");
        assert!(matches!(esc("plain"), Cow::Borrowed(_)));
        assert_eq!(
            esc("<script>alert(\"x\")</script> & 'y'"),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;"
        );
        assert_eq!(esc("a\u{1b}[31mb\u{202e}c"), "a\\u{1b}[31mb\\u{202e}c");
        assert_eq!(esc("♔ é"), "♔ é");
    }

    #[test]
    fn anchors_keep_only_safe_characters() {
        assert_eq!(anchor("castling"), "castling");
        assert_eq!(anchor("a\"><b"), "a___b");
    }
}
