//! A case's page (`cases/AREA/SLUG.html`): its facts (its variant when it is not standard
//! chess), its boards (the FEN's position and the
//! one its history leads to), each engine's verdict, and expected against actual per assertion
//! and engine.

use std::fmt::Write as _;

use chess_conformance::Verdict;

use super::html::{badge, esc, foot, head, query};
use super::{Position, Site, SiteCase, board, case_path};

/// One row of a case's table of assertions: its label and expected answer, and each engine's
/// check of it.
struct Row<'v> {
    assertion: &'v str,
    expected: &'v str,
    checks: Vec<Option<&'v chess_conformance::Check>>,
}

pub(super) fn case_page(site: &Site, case: &SiteCase, out: &mut String) {
    let depth = case_path(&case.id).matches('/').count();
    let root = "../".repeat(depth);
    head(out, &case.id, &root);
    let _ = write!(
        out,
        "<p class=\"crumbs\"><a href=\"{root}index.html\">areas</a> › <a href=\"{root}cases.html\
         ?area={5}\">{0}</a></p><h1>{1}</h1><p class=\"lead\">{2}</p><dl class=\"facts\">\
         <dt>FIDE article</dt><dd>{3}</dd><dt>case file</dt><dd><code>{4}</code></dd>",
        esc(&case.area),
        esc(&case.id),
        esc(&case.title),
        esc(&case.rule),
        esc(&case.place),
        query(&case.area)
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
    verdicts_table(out, site, &verdicts, &root);
    assertions_table(out, site, &verdicts);
    foot(out);
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
    figure(out, fen, None, "b0", "The position of the FEN");
    if let Some(reached) = &at.reached {
        match reached {
            Ok(reached) => figure(
                out,
                reached,
                moves.last().map(String::as_str),
                "b1",
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

/// Each engine's verdict on the case: its outcome and reason, or `not run`.
fn verdicts_table(out: &mut String, site: &Site, verdicts: &[Option<&Verdict>], root: &str) {
    out.push_str("<h2>Verdicts</h2><table class=\"verdicts\"><tbody>");
    for (e, v) in site.engines.iter().zip(verdicts) {
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><a href=\"{root}engines/{}.html\">{}</a></th>",
            e.slug,
            esc(&e.identity)
        );
        match v {
            Some(v) => {
                let _ = write!(out, "<td>{}", badge(v.outcome));
                if let Some(reason) = &v.reason {
                    let _ = write!(out, " <span class=\"reason\">{}</span>", esc(reason));
                }
                out.push_str("</td>");
            }
            None => out.push_str("<td class=\"muted\">not run</td>"),
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
}

/// The case's assertions: one row per label and expected answer, a column per engine.
fn assertions_table(out: &mut String, site: &Site, verdicts: &[Option<&Verdict>]) {
    let mut rows: Vec<Row> = Vec::new();
    for (i, v) in verdicts.iter().enumerate() {
        for check in v.iter().flat_map(|v| &v.checks) {
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
        "<h2>Assertions</h2><div class=\"scroll\"><table class=\"checks\"><thead><tr>\
         <th>assertion</th><th>expected</th>",
    );
    for e in &site.engines {
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
        for (check, engine) in row.checks.iter().zip(&site.engines) {
            match check {
                Some(check) => check_cell(out, check, &engine.slug),
                None => out.push_str("<td class=\"muted\">not asked</td>"),
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
}

/// One engine's check of an assertion: its outcome, answer and reason.
fn check_cell(out: &mut String, check: &chess_conformance::Check, slug: &str) {
    let _ = write!(
        out,
        "<td class=\"check {0}\" data-engine=\"{1}\">{2}",
        check.outcome.name(),
        slug,
        badge(check.outcome)
    );
    if !check.actual.is_empty() {
        let _ = write!(out, " <code class=\"actual\">{}</code>", esc(&check.actual));
    }
    if let Some(reason) = &check.reason {
        let _ = write!(out, " <span class=\"reason\">{}</span>", esc(reason));
    }
    out.push_str("</td>");
}

/// A board and its caption; a placement that cannot be read is said instead.
fn figure(out: &mut String, fen: &str, last_move: Option<&str>, id: &str, caption: &str) {
    match board::svg(fen, last_move, id) {
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
