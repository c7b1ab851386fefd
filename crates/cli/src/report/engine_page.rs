//! `engines/SLUG.html`: an engine's page: its totals and areas (each with its badge), its
//! library's history (`history.rs`), its failures and errors grouped by cause, each area's
//! causes and skips, and its badges with the snippets that embed them (`badge.rs`).

use std::fmt::Write as _;

use chess_conformance::Outcome;

use super::html::{LEGEND, anchor, badge, case_link, counts, esc, foot, head, variant_tag, worst};
use super::{EngineRun, Site};

pub(super) fn engine_page(site: &Site, engine: &EngineRun) -> String {
    let mut out = String::with_capacity(64 * 1024);
    head(&mut out, &engine.identity, "../");
    let t = &engine.tally;
    let _ = write!(out, "<h1>{}</h1>", esc(&engine.identity));
    super::badge::headline(&mut out, engine);
    let _ = write!(
        out,
        "{}<p class=\"lead\">{} from <code>{}</code>: ",
        engine.interrupted().map_or_else(String::new, |i| format!(
            "<p class=\"interrupted\">This run was {}: the counts are those of the cases \
             run.</p>",
            esc(&i.to_string())
        )),
        crate::text::plural(t.total(), "case"),
        esc(&engine.file.display().to_string())
    );
    counts(&mut out, t);
    let _ = write!(
        out,
        " <a href=\"#causes\">by cause</a>; in the list of failing cases: <a \
         href=\"../cases.html?engine={0}&amp;outcome=fail\">its failures</a>, <a \
         href=\"../cases.html?engine={0}&amp;outcome=error\">its errors</a>.</p>{LEGEND}\
         <table class=\"areas\"><thead><tr><th>area</th><th>cases</th><th>badge</th></tr></thead>\
         <tbody>",
        engine.slug
    );
    for (area, tally) in &engine.areas {
        let _ = write!(
            out,
            "<tr><th scope=\"row\"><a href=\"#area-{}\">{}</a>{}</th><td class=\"cell {}\">",
            anchor(area),
            esc(area),
            variant_tag(site.area_variant(area).as_deref()),
            worst(tally)
        );
        counts(&mut out, tally);
        out.push_str("</td>");
        super::badge::area_cell(&mut out, site, engine, area, tally);
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    super::history::section(&mut out, site, engine);
    groups(&mut out, site, engine);
    for (area, tally) in &engine.areas {
        let _ = write!(
            out,
            "<section id=\"area-{}\"><h2>{} ",
            anchor(area),
            esc(area)
        );
        counts(&mut out, tally);
        out.push_str("</h2>");
        if let Some(variant) = site.area_variant(area) {
            let _ = write!(
                out,
                "<p class=\"variant-note\">{}: played by FIDE Laws, Guidelines II (castling \
                 from any start, written as the king taking its rook); an engine that does not \
                 declare the capability <code>chess960</code> skips these cases.</p>",
                esc(&variant)
            );
        }
        let in_area = || engine.verdicts().filter(|v| &v.area == area);
        // The causes of this area's failures and errors, each linked to its group above.
        let mut causes: Vec<(usize, usize)> = Vec::new();
        for (g, group) in engine.report.groups.iter().enumerate() {
            let n = group
                .members
                .iter()
                .filter(|id| engine.verdict(id).is_some_and(|v| &v.area == area))
                .count();
            if n > 0 {
                causes.push((g, n));
            }
        }
        if causes.is_empty() {
            out.push_str("<p class=\"muted\">No failure and no error.</p>");
        } else {
            out.push_str("<ul class=\"causes\">");
            for (g, n) in causes {
                let group = &engine.report.groups[g];
                let _ = write!(
                    out,
                    "<li>{} {}: <a href=\"#group-{}\">{}</a></li>",
                    badge(group.outcome),
                    crate::text::plural(n, "case"),
                    g + 1,
                    esc(&group.label)
                );
            }
            out.push_str("</ul>");
        }
        let mut skips: Vec<(&str, usize)> = Vec::new();
        for v in in_area().filter(|v| v.outcome == Outcome::Skip) {
            let reason = v.reason.as_deref().unwrap_or("no reason given");
            match skips.iter_mut().find(|(r, _)| *r == reason) {
                Some((_, n)) => *n += 1,
                None => skips.push((reason, 1)),
            }
        }
        if !skips.is_empty() {
            out.push_str("<ul class=\"skips\">");
            for (reason, n) in skips {
                let _ = write!(
                    out,
                    "<li><span class=\"badge skip\">skip</span> {}: {}</li>",
                    crate::text::plural(n, "case"),
                    esc(reason)
                );
            }
            out.push_str("</ul>");
        }
        out.push_str("</section>");
    }
    super::badge::section(&mut out, site, engine);
    foot(&mut out);
    out
}

/// An engine's failures and errors grouped by cause, largest first: each group's count, cause,
/// smallest case (linked, with its FEN and wrong answers), and its members one click away.
fn groups(out: &mut String, site: &Site, engine: &EngineRun) {
    let groups = &engine.report.groups;
    if groups.is_empty() {
        return;
    }
    let cases: usize = groups.iter().map(|g| g.count).sum();
    let _ = write!(
        out,
        "<h2 id=\"causes\">Failures and errors by cause</h2><p class=\"lead\">{} in {}, \
         largest first; each with its smallest case (fewest pieces, then shortest history).</p>",
        crate::text::plural(cases, "case"),
        crate::text::plural(groups.len(), "group"),
    );
    for (g, group) in groups.iter().enumerate() {
        let smallest = match site.case(&group.case) {
            Some(case) => case_link(case, "../"),
            None => esc(&group.case).into_owned(),
        };
        let _ = write!(
            out,
            "<section class=\"group\" id=\"group-{}\"><h3>{} <span class=\"count\">{}</span> \
             {}</h3><p>Smallest case: {smallest}",
            g + 1,
            badge(group.outcome),
            crate::text::plural(group.count, "case"),
            esc(&group.label),
        );
        if let Some(fen) = &group.fen {
            let _ = write!(out, " <code class=\"fen\">{}</code>", esc(fen));
        }
        if !group.moves.is_empty() {
            let _ = write!(
                out,
                " after <code class=\"moves\">{}</code>",
                esc(&group.moves.join(" "))
            );
        }
        if !group.variant.is_standard() {
            out.push_str(&variant_tag(Some(group.variant.title())));
        }
        out.push_str(
            "</p><table class=\"checks\"><thead><tr><th>assertion</th><th>expected</th>\
                      <th>actual</th></tr></thead><tbody>",
        );
        for check in &group.checks {
            let _ = write!(
                out,
                "<tr><th scope=\"row\"><code>{}</code></th><td><code>{}</code></td>\
                 <td class=\"check {}\"><code>{}</code>",
                esc(&check.assertion),
                esc(&check.expected),
                check.outcome.name(),
                esc(&check.actual)
            );
            if let Some(reason) = &check.reason {
                let _ = write!(out, " <span class=\"reason\">{}</span>", esc(reason));
            }
            out.push_str("</td></tr>");
        }
        out.push_str("</tbody></table>");
        let _ = write!(
            out,
            "<details><summary>{}</summary><p class=\"members\">",
            if group.count == 1 {
                "The case".to_owned()
            } else {
                format!("All {} cases", group.count)
            }
        );
        for (n, id) in group.members.iter().enumerate() {
            if n > 0 {
                out.push_str(", ");
            }
            match site.case(id) {
                Some(case) => out.push_str(&case_link(case, "../")),
                None => out.push_str(&esc(id)),
            }
        }
        out.push_str("</p></details></section>");
    }
}
