//! The site's badges: an SVG badge per engine (its share of cases passed, its failures, the
//! catalogue's version) and one per engine and rule area, each with a shields.io endpoint JSON
//! beside it (`badges/SLUG.svg` and `.json`, `badges/SLUG/AREA.svg` and `.json`: the engine's
//! and the area's bounded, unique names of the site's pages), and the engine page's section
//! that shows them and the Markdown and HTML that embed them.
//!
//! A badge is drawn here, nothing fetched and no font shipped: its text is measured with the
//! advances of DejaVu Sans, a table below, and drawn in that font when the reader has it (most
//! Linux systems; Verdana, close to it, or the system's sans otherwise), each text squeezed or
//! stretched to its measured width (`textLength`), so it fits in any font. The colours are
//! shields.io's named ones, so a badge drawn here and one drawn by shields from its JSON look
//! alike. Everything from a report (an area's name, an engine's) is escaped.

use std::fmt::Write as _;
use std::path::Path;

use chess_conformance::Tally;

use super::html::esc;
use super::{EngineRun, Site};

/// The advances of DejaVu Sans (fonts-dejavu-core 2.37, `DejaVuSans.ttf`, read from its `hmtx`
/// table through its `cmap`) of the characters from U+0020 (space) to U+007E (`~`), in units
/// of 1/2048 em.
const ADVANCES: [u16; 95] = [
    651, 821, 942, 1716, 1303, 1946, 1597, 563, 799, 799, 1024, 1716, 651, 739, 651, 690, 1303,
    1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 1303, 690, 690, 1716, 1716, 1716, 1087, 2048,
    1401, 1405, 1430, 1577, 1294, 1178, 1587, 1540, 604, 604, 1343, 1141, 1767, 1532, 1612, 1235,
    1612, 1423, 1300, 1251, 1499, 1401, 2025, 1403, 1251, 1403, 799, 690, 799, 1716, 1024, 1024,
    1255, 1300, 1126, 1300, 1260, 721, 1300, 1298, 569, 569, 1186, 569, 1995, 1298, 1253, 1300,
    1300, 842, 1067, 803, 1298, 1212, 1675, 1212, 1212, 1075, 1303, 690, 1303, 1716,
];

/// The units of [`ADVANCES`] per em.
const UNITS_PER_EM: f64 = 2048.0;

/// The badge's font size, in pixels.
const FONT_SIZE: f64 = 11.0;

/// The space on either side of a text, in pixels.
const PADDING: f64 = 6.0;

/// The advance of one character in units of 1/2048 em: the table's for ASCII, `·` as DejaVu
/// Sans has it, a whole em for a wide (East Asian) character, and, for any other, the widest
/// lower-case letter's (`m`), so that a text of letters the table lacks is not drawn cramped.
fn advance(c: char) -> u16 {
    match c {
        ' '..='~' => ADVANCES[c as usize - 0x20],
        '·' => 651,
        '\u{1100}'..='\u{115f}' | '\u{2e80}'..='\u{a4cf}' | '\u{ac00}'..='\u{d7a3}' => 2048,
        '\u{f900}'..='\u{faff}' | '\u{fe30}'..='\u{fe4f}' | '\u{ff00}'..='\u{ff60}' => 2048,
        '\u{20000}'..='\u{3fffd}' => 2048,
        _ => 1995,
    }
}

/// The width of `text` drawn at [`FONT_SIZE`] in DejaVu Sans, in pixels (no kerning).
pub(crate) fn text_width(text: &str) -> f64 {
    let units: u32 = text.chars().map(|c| u32::from(advance(c))).sum();
    f64::from(units) * FONT_SIZE / UNITS_PER_EM
}

/// A badge's colour: shields.io's named colours, chosen by the share of cases passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Colour {
    /// Every case answered passed.
    BrightGreen,
    /// 99 % or more.
    Green,
    /// 95 % or more.
    YellowGreen,
    /// 90 % or more.
    Yellow,
    /// 75 % or more.
    Orange,
    /// Less.
    Red,
    /// No case answered (all skipped, or none run).
    LightGrey,
}

impl Colour {
    /// The colour of `passed` cases of `answered`.
    pub(crate) fn of(passed: usize, answered: usize) -> Colour {
        // In whole numbers: 99 % is `100 * passed >= 99 * answered`, never a rounding.
        let at_least = |percent: usize| 100 * passed >= percent * answered;
        match answered {
            0 => Colour::LightGrey,
            _ if passed == answered => Colour::BrightGreen,
            _ if at_least(99) => Colour::Green,
            _ if at_least(95) => Colour::YellowGreen,
            _ if at_least(90) => Colour::Yellow,
            _ if at_least(75) => Colour::Orange,
            _ => Colour::Red,
        }
    }

    /// Its name in shields.io's endpoint JSON.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Colour::BrightGreen => "brightgreen",
            Colour::Green => "green",
            Colour::YellowGreen => "yellowgreen",
            Colour::Yellow => "yellow",
            Colour::Orange => "orange",
            Colour::Red => "red",
            Colour::LightGrey => "lightgrey",
        }
    }

    /// The colour shields.io draws for that name.
    pub(crate) fn hex(self) -> &'static str {
        match self {
            Colour::BrightGreen => "#44cc11",
            Colour::Green => "#97ca00",
            Colour::YellowGreen => "#a4a61d",
            Colour::Yellow => "#dfb317",
            Colour::Orange => "#fe7d37",
            Colour::Red => "#e05d44",
            Colour::LightGrey => "#9f9f9f",
        }
    }
}

/// The badge's left side, behind its label.
const LABEL_FILL: &str = "#555555";

/// The two colours a badge's text may take: on each background, the one of higher contrast.
const LIGHT_TEXT: &str = "#ffffff";
const DARK_TEXT: &str = "#111111";

/// The relative luminance of `#rrggbb` (WCAG 2.2's definition).
fn luminance(hex: &str) -> f64 {
    let channel = |at: usize| {
        let v = f64::from(u8::from_str_radix(&hex[at..at + 2], 16).unwrap_or(0)) / 255.0;
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5)
}

/// The contrast ratio of two colours `#rrggbb` (WCAG 2.2: from 1 to 21).
pub(crate) fn contrast(a: &str, b: &str) -> f64 {
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The text colour of higher contrast on `fill`.
pub(crate) fn text_on(fill: &str) -> &'static str {
    if contrast(fill, LIGHT_TEXT) >= contrast(fill, DARK_TEXT) {
        LIGHT_TEXT
    } else {
        DARK_TEXT
    }
}

/// One badge: its two texts, its colour, and what it says in full (its `<title>`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Badge {
    pub(crate) label: String,
    pub(crate) message: String,
    pub(crate) colour: Colour,
    pub(crate) title: String,
}

/// `95.2%`: the share of `passed` in `answered` cut (not rounded) to a tenth, so that a run
/// with a failure never shows `100%`; `None` when nothing was answered.
pub(crate) fn share(passed: usize, answered: usize) -> Option<String> {
    if answered == 0 {
        return None;
    }
    if passed == answered {
        return Some("100%".to_owned());
    }
    let tenths = passed * 1000 / answered;
    Some(format!("{}.{}%", tenths / 10, tenths % 10))
}

/// `12 failed`, `12 failed, 1 error`: a tally's failures and errors.
fn failures(t: &Tally) -> String {
    match t.errors {
        0 => format!("{} failed", t.failed),
        1 => format!("{} failed, 1 error", t.failed),
        n => format!("{} failed, {n} errors", t.failed),
    }
}

/// What a badge says of a tally: `92.5% · 3 failed`; `all 69 skipped` when none was answered
/// (`no case` when there was none).
pub(crate) fn result(t: &Tally) -> String {
    match share(t.passed, answered(t)) {
        Some(share) => format!("{share} · {}", failures(t)),
        None if t.skipped > 0 => format!("all {} skipped", t.skipped),
        None => "no case".to_owned(),
    }
}

/// The cases a tally answered (passed, failed or erred: a skip answers nothing).
fn answered(t: &Tally) -> usize {
    t.passed + t.failed + t.errors
}

/// `1204 of the 1300 cases answered passed (92.6%); 90 failed, 6 errors, 4 skipped`.
fn counts_said(t: &Tally) -> String {
    let answered = answered(t);
    let passed = match share(t.passed, answered) {
        Some(share) => format!(
            "{} of the {} answered passed ({share})",
            t.passed,
            crate::text::plural(answered, "case")
        ),
        None => "no case answered".to_owned(),
    };
    format!("{passed}; {}, {} skipped", failures(t), t.skipped)
}

/// What a badge says of the catalogue's version, short (`cases v1.0.0`) and in its title
/// (`catalogue 1.0.0`); for a report that carries none (written before reports did), that it is
/// not known: `cases unversioned`.
fn catalogue(version: Option<&str>, short: bool) -> String {
    match (version, short) {
        (Some(v), true) => format!("cases v{v}"),
        (Some(v), false) => format!("catalogue {v}"),
        (None, true) => "cases unversioned".to_owned(),
        (None, false) => "catalogue version unknown (the report does not say it)".to_owned(),
    }
}

impl Badge {
    /// An engine's badge: `chess conformance` | `95.2% · 12 failed · cases v1.0.0`.
    pub(crate) fn engine(engine: &EngineRun) -> Badge {
        let t = &engine.tally;
        let version = engine.report.catalogue_version.as_deref();
        let mut message = format!("{} · {}", result(t), catalogue(version, true));
        let mut title = format!(
            "{}: {}; {}",
            engine.identity,
            counts_said(t),
            catalogue(version, false)
        );
        if let Some(i) = engine.interrupted() {
            message.push_str(" · interrupted");
            let _ = write!(title, "; {i}");
        }
        Badge {
            label: "chess conformance".to_owned(),
            message,
            colour: Colour::of(t.passed, answered(t)),
            title,
        }
    }

    /// An engine's badge for one rule area: `castling` | `92.5% · 3 failed`.
    pub(crate) fn area(engine: &EngineRun, area: &str, t: &Tally) -> Badge {
        let version = engine.report.catalogue_version.as_deref();
        Badge {
            label: area.to_owned(),
            message: result(t),
            colour: Colour::of(t.passed, answered(t)),
            title: format!(
                "{}, rule area {area}: {}; {}",
                engine.identity,
                counts_said(t),
                catalogue(version, false)
            ),
        }
    }

    /// `label: message`, what a screen reader says of it and an image's `alt`.
    pub(crate) fn alt(&self) -> String {
        format!("{}: {}", self.label, self.message)
    }

    /// The badge as an SVG image of 20 pixels' height: the label on grey, the message on the
    /// badge's colour, each text the width [`text_width`] measures; `role="img"`, an
    /// `aria-label` and a `<title>` for screen readers and a pointer's tooltip.
    pub(crate) fn svg(&self) -> String {
        let label = one_line(&self.label);
        let message = one_line(&self.message);
        let (label_text, message_text) = (text_width(&label), text_width(&message));
        let left = tenth(label_text + 2.0 * PADDING);
        let right = tenth(message_text + 2.0 * PADDING);
        let width = tenth(left + right);
        let fill = self.colour.hex();
        let mut out = String::with_capacity(1024);
        let _ = writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"20\" \
             viewBox=\"0 0 {width} 20\" role=\"img\" aria-label=\"{}\"><title>{}</title>\
             <rect width=\"{width}\" height=\"20\" rx=\"3\" fill=\"{LABEL_FILL}\"/>\
             <path d=\"M{left} 0H{}a3 3 0 0 1 3 3v14a3 3 0 0 1-3 3H{left}z\" fill=\"{fill}\"/>\
             <g font-family=\"DejaVu Sans,Verdana,Geneva,sans-serif\" font-size=\"{FONT_SIZE}\" \
             text-anchor=\"middle\">\
             <text x=\"{}\" y=\"14\" fill=\"{}\" textLength=\"{}\" \
             lengthAdjust=\"spacingAndGlyphs\">{}</text>\
             <text x=\"{}\" y=\"14\" fill=\"{}\" textLength=\"{}\" \
             lengthAdjust=\"spacingAndGlyphs\">{}</text></g></svg>",
            xml(&self.alt()),
            xml(&self.title),
            tenth(width - 3.0),
            tenth(left / 2.0),
            text_on(LABEL_FILL),
            tenth(label_text),
            xml(&label),
            tenth(left + right / 2.0),
            text_on(fill),
            tenth(message_text),
            xml(&message),
        );
        out
    }

    /// The badge as shields.io's endpoint JSON (schema version 1: `label`, `message`, `color`),
    /// for `https://img.shields.io/endpoint?url=...` to draw it.
    pub(crate) fn endpoint(&self) -> String {
        let json = serde_json::json!({
            "schemaVersion": 1,
            "label": one_line(&self.label),
            "message": one_line(&self.message),
            "color": self.colour.name(),
        });
        format!("{json}\n")
    }
}

/// A badge's text on one line: [`chess_conformance::report::shown`] (control characters
/// escaped), newlines as spaces.
fn one_line(text: &str) -> String {
    chess_conformance::report::shown(text).replace('\n', " ")
}

/// Text made safe for XML, in an element or a quoted attribute: [`esc`], and the two
/// characters XML 1.0 has no place for that `esc` keeps (U+FFFE and U+FFFF) escaped as the
/// text report writes them.
fn xml(text: &str) -> String {
    esc(text)
        .chars()
        .map(|c| match c {
            '\u{fffe}' | '\u{ffff}' => c.escape_unicode().to_string(),
            '\n' => " ".to_owned(),
            c => c.to_string(),
        })
        .collect()
}

/// `x` rounded up to a tenth of a pixel: a text measured is never drawn narrower.
fn tenth(x: f64) -> f64 {
    (x * 10.0).ceil() / 10.0
}

/// An engine's badge files, from the site's folder: `badges/SLUG` (`.svg`, `.json`).
pub(crate) fn engine_file(engine: &EngineRun) -> String {
    format!("badges/{}", engine.slug)
}

/// An engine's badge files for `area`, from the site's folder: `badges/SLUG/AREA`, the area's
/// name that of its page (`areas/AREA.html`).
pub(crate) fn area_file(site: &Site, engine: &EngineRun, area: &str) -> String {
    format!("badges/{}/{}", engine.slug, site.area_name(area))
}

/// Writes every engine's badges into `dir` (the site's folder).
pub(crate) fn write(site: &Site, dir: &Path) -> std::io::Result<()> {
    let put = |file: &str, badge: &Badge| -> std::io::Result<()> {
        std::fs::write(dir.join(format!("{file}.svg")), badge.svg())?;
        std::fs::write(dir.join(format!("{file}.json")), badge.endpoint())
    };
    std::fs::create_dir_all(dir.join("badges"))?;
    for engine in &site.engines {
        put(&engine_file(engine), &Badge::engine(engine))?;
        std::fs::create_dir_all(dir.join("badges").join(&engine.slug))?;
        for (area, tally) in &engine.areas {
            put(
                &area_file(site, engine, area),
                &Badge::area(engine, area, tally),
            )?;
        }
    }
    Ok(())
}

/// The engine badge under an engine page's title, linked to the page's section of badges.
pub(crate) fn headline(out: &mut String, engine: &EngineRun) {
    let badge = Badge::engine(engine);
    let _ = write!(
        out,
        "<p class=\"badges\"><a href=\"#badges\" title=\"Embed this badge\"><img src=\"../{}.svg\" \
         alt=\"{}\" height=\"20\"></a></p>",
        engine_file(engine),
        esc(&badge.alt())
    );
}

/// The cell of an engine page's table of areas that shows the area's badge, linked to the
/// section of badges.
pub(crate) fn area_cell(out: &mut String, site: &Site, engine: &EngineRun, area: &str, t: &Tally) {
    let _ = write!(
        out,
        "<td class=\"badge-cell\"><a href=\"#badges\" title=\"Embed this badge\"><img \
         src=\"../{}.svg\" alt=\"{}\" height=\"20\"></a></td>",
        area_file(site, engine, area),
        esc(&Badge::area(engine, area, t).alt())
    );
}

/// An engine page's section of badges: the engine's badge and one per area, each with the
/// Markdown and the HTML that embed it (an area's one click away), as text to select (no script
/// needed), and a note on hosting them.
pub(crate) fn section(out: &mut String, site: &Site, engine: &EngineRun) {
    let page = format!("engines/{}.html", engine.slug);
    let _ = write!(
        out,
        "<section id=\"badges\"><h2>Badges</h2><p class=\"lead\">Drawn with the site, from this \
         report: the share of the cases answered that passed (skips left out), the failures, \
         and the version of the catalogue the cases came from. The paths below are from the \
         site's folder: where the site is published (GitHub Pages, any static host), put its \
         address before them (<code>https://example.org/site/{}.svg</code>). Each badge has \
         shields.io's endpoint JSON beside it (<code>.json</code>), for shields to draw it in \
         its own styles: <code>https://img.shields.io/endpoint?url=</code> and the JSON's \
         address, URL-encoded.</p>",
        engine_file(engine)
    );
    let badge = Badge::engine(engine);
    embed(out, &badge, &engine_file(engine), &page);
    out.push_str(
        "<h3>A badge per rule area</h3><table class=\"badges\"><thead><tr><th>area</th>\
         <th>badge</th><th>to embed it</th></tr></thead><tbody>",
    );
    for (area, tally) in &engine.areas {
        let badge = Badge::area(engine, area, tally);
        let file = area_file(site, engine, area);
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td><img src=\"../{file}.svg\" alt=\"{}\" \
             height=\"20\"></td><td><details><summary>Markdown and HTML</summary>",
            esc(area),
            esc(&badge.alt())
        );
        snippets(out, &badge, &file, site.area_file(area));
        out.push_str("</details></td></tr>");
    }
    out.push_str("</tbody></table></section>");
}

/// A badge shown, with its snippets.
fn embed(out: &mut String, badge: &Badge, file: &str, link: &str) {
    let _ = write!(
        out,
        "<p><img src=\"../{file}.svg\" alt=\"{}\" height=\"20\"></p>",
        esc(&badge.alt())
    );
    snippets(out, badge, file, link);
}

/// The Markdown and the HTML that embed `badge` (its image linked to `link`), each in a block of
/// code a click selects whole.
fn snippets(out: &mut String, badge: &Badge, file: &str, link: &str) {
    let (markdown, html) = snippet_texts(badge, file, link);
    let _ = write!(
        out,
        "<dl class=\"embed\"><dt>Markdown</dt><dd><pre class=\"snippet\"><code>{}</code></pre>\
         </dd><dt>HTML</dt><dd><pre class=\"snippet\"><code>{}</code></pre></dd></dl>",
        esc(&markdown),
        esc(&html)
    );
}

/// The Markdown and the HTML that embed `badge` from `file` (`.svg`), linked to `link`, both
/// from the site's folder.
pub(crate) fn snippet_texts(badge: &Badge, file: &str, link: &str) -> (String, String) {
    let alt = one_line(&badge.alt());
    let markdown = format!(
        "[![{}]({file}.svg)]({link})",
        chess_conformance::report::markdown_cell(&alt)
    );
    let html = format!(
        "<a href=\"{link}\"><img src=\"{file}.svg\" alt=\"{}\" height=\"20\"></a>",
        esc(&alt)
    );
    (markdown, html)
}

/// The stylesheet's rules for the badges' section.
pub(crate) const STYLE: &str = "p.badges { margin: .2em 0 .6em; }
p.badges img, table.badges img { display: block; }
dl.embed { display: grid; grid-template-columns: max-content 1fr; gap: .3em .8em; margin: .4em 0 1em; }
dl.embed dt { color: var(--muted); }
dl.embed dd { margin: 0; min-width: 0; }
pre.snippet { margin: 0; padding: .4em .6em; background: var(--soft); border: 1px solid var(--line);
  border-radius: 6px; overflow-x: auto; user-select: all; -webkit-user-select: all; }
pre.snippet code { white-space: pre-wrap; word-break: break-all; }
table.badges td, td.badge-cell { vertical-align: middle; }
td.badge-cell img { display: block; }
table.badges dl.embed { margin: .4em 0 0; }
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_cut_to_a_tenth_never_rounded_up_to_whole() {
        assert_eq!(share(0, 0), None);
        assert_eq!(share(40, 40).as_deref(), Some("100%"));
        assert_eq!(share(9999, 10000).as_deref(), Some("99.9%"));
        assert_eq!(share(2, 3).as_deref(), Some("66.6%"));
        assert_eq!(share(0, 7).as_deref(), Some("0.0%"));
    }

    #[test]
    fn a_result_says_the_share_and_failures_or_that_all_were_skipped() {
        let t = |passed, failed, skipped, errors| Tally {
            passed,
            failed,
            skipped,
            errors,
            partly_skipped: 0,
        };
        assert_eq!(result(&t(37, 3, 5, 0)), "92.5% · 3 failed");
        assert_eq!(result(&t(36, 3, 0, 1)), "90.0% · 3 failed, 1 error");
        assert_eq!(result(&t(0, 0, 69, 0)), "all 69 skipped");
        assert_eq!(result(&t(0, 0, 0, 0)), "no case");
        assert_eq!(result(&t(0, 0, 0, 2)), "0.0% · 0 failed, 2 errors");
    }

    #[test]
    fn colours_follow_the_share_at_its_thresholds() {
        assert_eq!(Colour::of(0, 0), Colour::LightGrey);
        assert_eq!(Colour::of(10, 10), Colour::BrightGreen);
        assert_eq!(Colour::of(99, 100), Colour::Green);
        assert_eq!(Colour::of(98, 100), Colour::YellowGreen);
        assert_eq!(Colour::of(95, 100), Colour::YellowGreen);
        assert_eq!(Colour::of(94, 100), Colour::Yellow);
        assert_eq!(Colour::of(90, 100), Colour::Yellow);
        assert_eq!(Colour::of(89, 100), Colour::Orange);
        assert_eq!(Colour::of(75, 100), Colour::Orange);
        assert_eq!(Colour::of(74, 100), Colour::Red);
        assert_eq!(Colour::of(0, 5), Colour::Red);
    }

    #[test]
    fn every_text_reads_at_wcag_aa_contrast() {
        // WCAG 2.2, 1.4.3: 4.5 to 1 for text this small.
        for colour in [
            Colour::BrightGreen,
            Colour::Green,
            Colour::YellowGreen,
            Colour::Yellow,
            Colour::Orange,
            Colour::Red,
            Colour::LightGrey,
        ] {
            let fill = colour.hex();
            let ratio = contrast(fill, text_on(fill));
            assert!(ratio >= 4.5, "{colour:?} {fill}: {ratio:.2}");
        }
        assert!(contrast(LABEL_FILL, text_on(LABEL_FILL)) >= 4.5);
        // The formula's end points: black on white is 21 to 1.
        assert!((contrast("#000000", "#ffffff") - 21.0).abs() < 1e-9);
    }

    #[test]
    fn widths_add_up_the_advances() {
        // DejaVu Sans: `i` is 569 units, `W` 2025; at 11 px, 2048 units are 11 px.
        assert!((text_width("i") - 569.0 * 11.0 / 2048.0).abs() < 1e-9);
        assert!(text_width("WWW") > text_width("iii") * 3.0);
        assert!((text_width("") - 0.0).abs() < 1e-9);
        // A character the table lacks is never drawn as nothing.
        assert!(text_width("é") > text_width("i"));
        assert!(text_width("漢") >= 11.0);
    }

    #[test]
    fn xml_escapes_markup_and_the_characters_xml_forbids() {
        assert_eq!(
            xml("<a href='x'>&\"\u{1b}\u{fffe}\n"),
            "&lt;a href=&#39;x&#39;&gt;&amp;&quot;\\u{1b}\\u{fffe} "
        );
    }
}
