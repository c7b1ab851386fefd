//! The pages of failing cases (`cases/AREA-N.html`, sheets of an area's cases, each case a
//! section): a case's facts (its variant when it is not standard chess), its boards (the FEN's
//! position and the one its history leads to), each engine's verdict, and expected against
//! actual per assertion and engine.

use std::fmt::Write as _;

use chess_conformance::{Outcome, Verdict};

use super::html::{badge, esc, foot, head};
use super::{EngineRun, Position, Sheet, Site, SiteCase, anchor_of, board};

/// One row of a case's table of assertions: its label and expected answer, and each engine's
/// check of it.
struct Row<'v> {
    assertion: &'v str,
    expected: &'v str,
    checks: Vec<Option<&'v chess_conformance::Check>>,
}

/// A sheet: up to [`super::SHEET`] of an area's failing cases, each a section whose anchor is
/// its id ([`super::anchor_of`]), with links to the area's other sheets.
pub(super) fn sheet(site: &Site, sheet: &Sheet, out: &mut String) {
    let root = "../";
    let title = if sheet.of > 1 {
        format!(
            "{}: failing cases, page {} of {}",
            sheet.area, sheet.number, sheet.of
        )
    } else {
        format!("{}: failing cases", sheet.area)
    };
    head(out, &title, root);
    out.push_str(&board::defs());
    let _ = write!(
        out,
        "<p class=\"crumbs\"><a href=\"{root}index.html\">areas</a> › <a href=\"{root}{}\">\
         {}</a></p>",
        esc(site.area_file(&sheet.area)),
        esc(&sheet.area),
    );
    pages(out, site, sheet);
    for &i in &sheet.cases {
        case_section(site, &site.cases[i], out);
    }
    pages(out, site, sheet);
    foot(out);
}

/// The links to an area's sheets, when it has more than one.
fn pages(out: &mut String, site: &Site, sheet: &Sheet) {
    if sheet.of < 2 {
        return;
    }
    out.push_str("<nav class=\"pages\">Pages:");
    for other in site.sheets.iter().filter(|s| s.area == sheet.area) {
        if other.number == sheet.number {
            let _ = write!(out, " <strong>{}</strong>", other.number);
        } else {
            let name = other.file.rsplit('/').next().unwrap_or(&other.file);
            let _ = write!(out, " <a href=\"{}\">{}</a>", esc(name), other.number);
        }
    }
    out.push_str("</nav>");
}

/// One case of a sheet: its facts, boards, verdicts and assertions.
fn case_section(site: &Site, case: &SiteCase, out: &mut String) {
    let root = "../";
    let _ = write!(
        out,
        "<section class=\"case\" id=\"{}\"><h2>{}</h2><p class=\"lead\">{}</p>\
         <dl class=\"facts\"><dt>FIDE article</dt><dd>{}</dd><dt>case file</dt><dd><code>{}\
         </code></dd>",
        esc(&anchor_of(&case.id)),
        esc(&case.id),
        esc(&case.title),
        esc(&case.rule),
        esc(&case.place),
    );
    if !case.variant.is_standard() {
        // Its FEN, moves and boards are read in it.
        let _ = write!(
            out,
            "<dt>variant</dt><dd><span class=\"variant\">{}</span> <span class=\"muted\">\
             (FIDE Laws, Guidelines II: castling written as the king taking its rook)</span></dd>",
            case.variant.title()
        );
    }
    if let Some(loaded) = case.loaded {
        facts(out, &loaded.case);
    }
    match case.position() {
        Some(at) => position(out, &at),
        None => {
            let _ = write!(
                out,
                "</dl><p class=\"muted\">This case is not in {}: no board, FEN or moves \
                 (give the case files of the run with <code>--cases</code>).</p>",
                esc(&site.catalogue)
            );
        }
    }
    let verdicts: Vec<Option<&Verdict>> =
        site.engines.iter().map(|e| e.verdict(&case.id)).collect();
    verdicts_table(out, site, &verdicts, root);
    let (engines, bad): (Vec<&EngineRun>, Vec<&Verdict>) = site
        .engines
        .iter()
        .zip(&verdicts)
        .filter_map(|(e, v)| {
            v.filter(|v| matches!(v.outcome, Outcome::Fail | Outcome::Error))
                .map(|v| (e, v))
        })
        .unzip();
    assertions_table(out, &engines, &bad);
    out.push_str("</section>");
}

/// A case's source and tags, from the catalogue.
fn facts(out: &mut String, c: &chess_conformance::case::Case) {
    if let Some(source) = &c.source {
        let _ = write!(out, "<dt>source</dt><dd>{}</dd>", esc(source));
    }
    if !c.tags.is_empty() {
        let _ = write!(out, "<dt>tags</dt><dd>{}</dd>", esc(&c.tags.join(", ")));
    }
}

/// A case's FEN and moves, and its boards: the FEN's position and, after a history, the
/// position it leads to.
fn position(out: &mut String, at: &Position<'_>) {
    let (fen, moves) = (at.fen, at.moves);
    let _ = write!(
        out,
        "<dt>FEN</dt><dd><code class=\"fen\">{}</code></dd>",
        esc(fen)
    );
    if !moves.is_empty() {
        let _ = write!(
            out,
            "<dt>moves</dt><dd><code class=\"moves\">{}</code></dd>",
            esc(&moves.join(" "))
        );
    }
    out.push_str("</dl><div class=\"boards\">");
    figure(out, fen, None, "The position of the FEN");
    if let Some(reached) = &at.reached {
        match reached {
            Ok(reached) => figure(
                out,
                reached,
                moves.last().map(String::as_str),
                &format!("After {}", crate::text::plural(moves.len(), "move")),
            ),
            Err(e) => {
                let _ = write!(
                    out,
                    "<p class=\"muted\">The history cannot be replayed: {}</p>",
                    esc(e)
                );
            }
        }
    }
    out.push_str("</div>");
}

/// Each engine's verdict on the case: a failure or an error on a line of its own, with its
/// reason and a link to the engine's page; the engines that pass it on one line, those that
/// skip it one line per reason, and those that did not run it (by name only).
fn verdicts_table(out: &mut String, site: &Site, verdicts: &[Option<&Verdict>], root: &str) {
    out.push_str("<h3>Verdicts</h3><table class=\"verdicts\"><tbody>");
    // (outcome, reason) → the engines, in order of first appearance.
    let mut others: Vec<(Option<Outcome>, Option<&str>, Vec<String>)> = Vec::new();
    for (e, v) in site.engines.iter().zip(verdicts) {
        let name = format!(
            "<a href=\"{root}engines/{}.html\">{}</a>",
            e.slug,
            esc(&e.identity)
        );
        let key = match v {
            Some(v) if matches!(v.outcome, Outcome::Fail | Outcome::Error) => {
                let _ = write!(
                    out,
                    "<tr><th scope=\"row\">{name}</th><td>{}",
                    badge(v.outcome)
                );
                if let Some(reason) = &v.reason {
                    let _ = write!(out, " <span class=\"reason\">{}</span>", esc(reason));
                }
                out.push_str("</td></tr>");
                continue;
            }
            Some(v) if v.outcome == Outcome::Pass => (Some(Outcome::Pass), None),
            Some(v) => (Some(v.outcome), v.reason.as_deref()),
            None => (None, None),
        };
        // The others by name only: a case's section stays small however many pass it.
        let plain = esc(&e.identity).into_owned();
        match others.iter_mut().find(|(o, r, _)| (*o, *r) == key) {
            Some((_, _, names)) => names.push(plain),
            None => others.push((key.0, key.1, vec![plain])),
        }
    }
    for (outcome, reason, names) in others {
        let _ = write!(
            out,
            "<tr><th scope=\"row\">{}</th><td>",
            outcome.map_or_else(|| "not run".to_owned(), badge)
        );
        if let Some(reason) = reason {
            let _ = write!(out, "<span class=\"reason\">{}</span>: ", esc(reason));
        }
        let _ = write!(out, "{}</td></tr>", names.join(", "));
    }
    out.push_str("</tbody></table>");
}

/// The case's assertions: one row per label and expected answer, a column per engine that
/// fails or errs the case (the others' verdicts are said above, and a sheet stays the same
/// size however many engines pass).
fn assertions_table(out: &mut String, engines: &[&EngineRun], verdicts: &[&Verdict]) {
    let mut rows: Vec<Row> = Vec::new();
    for (i, v) in verdicts.iter().enumerate() {
        for check in &v.checks {
            let at = rows
                .iter()
                .position(|r| r.assertion == check.assertion && r.expected == check.expected);
            let at = at.unwrap_or_else(|| {
                rows.push(Row {
                    assertion: &check.assertion,
                    expected: &check.expected,
                    checks: vec![None; verdicts.len()],
                });
                rows.len() - 1
            });
            rows[at].checks[i] = Some(check);
        }
    }
    out.push_str(
        "<h3>Assertions</h3><div class=\"scroll\"><table class=\"checks\"><thead><tr>\
         <th>assertion</th><th>expected</th>",
    );
    for e in engines {
        let _ = write!(out, "<th>{}</th>", esc(&e.identity));
    }
    out.push_str("</tr></thead><tbody>");
    for row in &rows {
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><code>{}</code></th><td><code>{}</code></td>",
            esc(row.assertion),
            esc(row.expected)
        );
        for ((check, engine), verdict) in row.checks.iter().zip(engines).zip(verdicts) {
            match check {
                Some(check) => check_cell(out, check, &engine.slug, verdict.reason.as_deref()),
                None => out.push_str("<td class=\"muted\">not asked</td>"),
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
}

/// One engine's check of an assertion: its outcome, answer and reason. A pass says only so (its
/// answer is the one expected), and a skip for its verdict's reason (said above) gives none.
fn check_cell(
    out: &mut String,
    check: &chess_conformance::Check,
    slug: &str,
    verdict: Option<&str>,
) {
    let outcome = check.outcome.name();
    if check.outcome == Outcome::Pass {
        let _ = write!(
            out,
            "<td class=\"check pass\" data-engine=\"{slug}\">{outcome}</td>"
        );
        return;
    }
    let _ = write!(
        out,
        "<td class=\"check {outcome}\" data-engine=\"{slug}\">{}",
        badge(check.outcome)
    );
    if !check.actual.is_empty() {
        let _ = write!(out, " <code class=\"actual\">{}</code>", esc(&check.actual));
    }
    if let Some(reason) = &check.reason
        && !(check.outcome == Outcome::Skip && Some(reason.as_str()) == verdict)
    {
        let _ = write!(out, " <span class=\"reason\">{}</span>", esc(reason));
    }
    out.push_str("</td>");
}

/// A board and its caption; a placement that cannot be read is said instead.
fn figure(out: &mut String, fen: &str, last_move: Option<&str>, caption: &str) {
    match board::svg(fen, last_move) {
        Ok(svg) => {
            let turn = board::side_to_move(fen)
                .map(|t| format!(", {t} to move"))
                .unwrap_or_default();
            let _ = write!(
                out,
                "<figure>{svg}<figcaption>{}{}</figcaption></figure>",
                esc(caption),
                turn
            );
        }
        Err(why) => {
            let _ = write!(
                out,
                "<p class=\"muted\">{}: no board (the FEN's placement: {})</p>",
                esc(caption),
                esc(&why)
            );
        }
    }
}
