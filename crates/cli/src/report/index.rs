//! `index.html`: the engines (a library once, at its latest version: `history.rs`) with their
//! totals and whether a run was interrupted, and the rule areas by engine.

use std::fmt::Write as _;

use super::html::{LEGEND, anchor, counts, esc, foot, head, variant_tag, worst};
use super::{EngineRun, Site};

pub(super) fn index(site: &Site) -> String {
    let mut out = String::with_capacity(64 * 1024);
    head(&mut out, "Conformance report", "");
    let _ = write!(
        out,
        "<h1>Conformance report</h1><p class=\"lead\">{} checked against {}: every case a \
         position from the FIDE Laws of Chess and what must hold in it.</p>\
         <form class=\"search\" action=\"cases.html\" method=\"get\"><input type=\"search\" \
         name=\"q\" placeholder=\"Find a failing case by id or title\" aria-label=\"Find a \
         failing case\">\
         <button>Find</button></form>",
        crate::text::plural(site.cases.len(), "case"),
        engines_list(site),
    );
    engines_table(&mut out, site);
    areas_by_engine(&mut out, site);
    let _ = write!(
        out,
        "<p class=\"muted\">Cases from {}. Reports: {}.</p>",
        esc(&site.catalogue),
        site.engines
            .iter()
            .map(|e| format!("<code>{}</code>", esc(&e.file.display().to_string())))
            .collect::<Vec<_>>()
            .join(", ")
    );
    foot(&mut out);
    out
}

/// The index's table of engines: each one's totals, whether its run was interrupted, and its
/// mutation score when a report carries one (none does yet: the column is then left out).
fn engines_table(out: &mut String, site: &Site) {
    let scored = site.engines.iter().any(|e| e.mutation_score.is_some());
    let _ = write!(
        out,
        "<h2>Engines</h2><table class=\"engines\"><thead><tr><th>engine</th><th class=\"num\">\
         pass</th><th class=\"num\">fail</th><th class=\"num\">skip</th><th class=\"num\">\
         error</th><th class=\"num\">cases</th>{}</tr></thead><tbody>",
        if scored {
            "<th class=\"num\">mutation score<br><span class=\"muted\">mutants of the \
             reference its cases kill</span></th>"
        } else {
            ""
        }
    );
    // A library once, at its latest version (history.rs).
    for e in super::history::latest(&site.engines) {
        let t = &e.tally;
        let score = match (scored, e.mutation_score) {
            (false, _) => String::new(),
            (true, Some(s)) => format!("<td class=\"num\">{:.1}%</td>", s * 100.0),
            (true, None) => "<td class=\"num muted\">not measured</td>".to_owned(),
        };
        let _ = write!(
            out,
            "<tr data-engine=\"{}\"><td><a href=\"engines/{}.html\">{}</a>{}{}</td>\
             <td class=\"num pass\">{}</td><td class=\"num fail\">{}</td>\
             <td class=\"num skip\">{}</td><td class=\"num error\">{}</td>\
             <td class=\"num\">{}</td>{score}</tr>",
            e.slug,
            e.slug,
            esc(&e.identity),
            super::history::older_note(site, e),
            interrupted(e),
            t.passed,
            t.failed,
            t.skipped,
            t.errors,
            t.total()
        );
    }
    out.push_str("</tbody></table>");
}

/// ` <span class="interrupted">interrupted by SIGINT after 6 of 40 cases</span>` for a run a
/// signal stopped; nothing for a whole one.
fn interrupted(engine: &EngineRun) -> String {
    engine.interrupted().map_or_else(String::new, |i| {
        format!(
            " <span class=\"interrupted\">{}</span>",
            esc(&i.to_string())
        )
    })
}

/// The index's matrix: rule areas by engines, each cell the area's counts.
fn areas_by_engine(out: &mut String, site: &Site) {
    let engines = super::history::latest(&site.engines);
    let _ = write!(
        out,
        "<h2>Rule areas by engine</h2>{LEGEND}<div class=\"scroll\">\
         <table class=\"matrix\"><thead><tr><th>area</th>"
    );
    for e in &engines {
        let _ = write!(
            out,
            "<th><a href=\"engines/{}.html\">{}</a></th>",
            e.slug,
            esc(&e.identity)
        );
    }
    out.push_str("</tr></thead><tbody>");
    for area in &site.areas {
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><a href=\"{}\">{}</a>{}</th>",
            esc(site.area_file(area)),
            esc(area),
            variant_tag(site.area_variant(area).as_deref())
        );
        for e in &engines {
            match e.areas.iter().find(|(a, _)| a == area) {
                Some((_, t)) => {
                    let _ = write!(
                        out,
                        "<td class=\"cell {}\" data-area=\"{}\" data-engine=\"{}\">\
                         <a href=\"engines/{}.html#area-{}\">",
                        worst(t),
                        esc(area),
                        e.slug,
                        e.slug,
                        anchor(area)
                    );
                    counts(out, t);
                    out.push_str("</a></td>");
                }
                None => out.push_str("<td class=\"cell none\">not run</td>"),
            }
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody><tfoot><tr><th scope=\"row\">total</th>");
    for e in &engines {
        let _ = write!(
            out,
            "<td class=\"cell {}\" data-area=\"\" data-engine=\"{}\">",
            worst(&e.tally),
            e.slug
        );
        counts(out, &e.tally);
        out.push_str("</td>");
    }
    out.push_str("</tr></tfoot></table></div>");
}

/// `chess 3.2.0 and cozy-chess 0.3.4`, escaped.
fn engines_list(site: &Site) -> String {
    let names: Vec<String> = super::history::latest(&site.engines)
        .iter()
        .map(|e| esc(&e.identity).into_owned())
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
