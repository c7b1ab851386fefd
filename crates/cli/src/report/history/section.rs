//! How an engine's page shows its library's history: the versions newest first, each with its
//! total and what changed from the version before; the areas and where their passes moved; the
//! cases each version fixed and broke; each changed case's outcomes as spans of versions. Every
//! table has the same columns however many versions there are, and a phone reads its rows as
//! cards (`STYLE`).

use std::fmt::Write as _;

use chess_conformance::Tally;

use super::{Change, Changed, Step, change_at, changed, steps, versions_of};
use crate::report::html::{badge, esc};
use crate::report::{EngineRun, Site};

/// The most cases the page lists in each of its two lists of changed cases; the rest are counted.
const LISTED: usize = 300;

/// The versions the table of versions shows open, newest first; the older ones are behind a
/// `<details>` (open when the page's own version is among them).
const NEWEST: usize = 8;

/// The history section of `engine`'s page, when its library has more than one version among the
/// reports: the versions newest first with what changed from the one before, the areas and where
/// their passes moved, the cases each version fixed and broke, and each changed case's outcomes.
/// Every table has the same columns however many versions there are, so the section reads
/// without scrolling sideways, and a narrow screen reads each row as a card (the stylesheet).
pub(crate) fn section(out: &mut String, site: &Site, engine: &EngineRun) {
    let places = versions_of(&site.engines, &engine.report.engine.name);
    if places.len() < 2 {
        return;
    }
    let versions: Vec<&EngineRun> = places.iter().map(|&i| &site.engines[i]).collect();
    let changed = changed(&versions);
    let steps = steps(&changed, versions.len());
    let newest = versions.last().expect("two versions");
    let _ = write!(
        out,
        "<section id=\"history\"><h2>History: {} versions of {}</h2><p class=\"lead\">Each \
         version's run, newest first (versions ordered as semver orders them): the cases passed \
         of those run, and what changed from the version below it: cases <span class=\"up\">\
         fixed</span> (a failure or an error now passes), <span class=\"down\">broken</span> (a \
         pass now fails or errs), other changes, and the areas whose passes moved. From {} to {}.\
         </p>",
        versions.len(),
        esc(&engine.report.engine.name),
        version_link(versions[0], engine),
        version_link(newest, engine),
    );
    versions_table(out, &versions, &steps, engine);
    areas_table(out, &versions, engine);
    fixes_table(out, site, &versions, &changed, engine);
    let (bugs, others): (Vec<&Changed>, Vec<&Changed>) = changed.iter().partition(|c| c.is_bug());
    let _ = write!(
        out,
        "<h3 id=\"history-bugs\">Cases that came to fail or pass</h3><p class=\"lead\">{}: in \
         some version a pass became a failure or an error, or the reverse. Each case's outcomes, \
         oldest version to newest, consecutive versions with the same outcome as one span: the \
         first version that fails a case and the last one are a bug's life among these \
         versions.</p>",
        crate::text::plural(bugs.len(), "case")
    );
    changed_table(out, site, &versions, &bugs);
    if !others.is_empty() {
        let _ = write!(
            out,
            "<details><summary>{} whose only changes are to or from a skip (a question a \
             version's API does not answer)</summary>",
            crate::text::plural(others.len(), "case")
        );
        changed_table(out, site, &versions, &others);
        out.push_str("</details>");
    }
    out.push_str("</section>");
}

/// A version's name, linked to its page unless it is this page's.
fn version_link(version: &EngineRun, page: &EngineRun) -> String {
    let text = esc(&version.report.engine.version);
    if std::ptr::eq(version, page) {
        format!("<strong>{text}</strong>")
    } else {
        format!("<a href=\"{}.html#history\">{text}</a>", version.slug)
    }
}

/// `41 / 52` and `79%`: the cases passed of those run.
fn share(out: &mut String, t: &Tally) {
    let total = t.total();
    let _ = write!(out, "<span class=\"n pass\">{}</span> / {total}", t.passed);
    if total > 0 {
        let _ = write!(
            out,
            " <span class=\"share\">{:.0}%</span>",
            t.passed as f64 * 100.0 / total as f64
        );
    }
}

/// The head of a table of versions.
const VERSIONS_HEAD: &str = "<thead><tr><th>version</th><th class=\"num\">passed</th>\
<th class=\"num\">fixed</th><th class=\"num\">broken</th><th>other changes</th>\
<th>areas whose passes moved</th></tr></thead>";

/// The versions, newest first, each with its total and what changed from the version before it;
/// the newest [`NEWEST`] shown, the others behind a `<details>`.
fn versions_table(out: &mut String, versions: &[&EngineRun], steps: &[Step], page: &EngineRun) {
    let newest_first: Vec<usize> = (0..versions.len()).rev().collect();
    let (shown, older) = newest_first.split_at(NEWEST.min(newest_first.len()));
    let row = |out: &mut String, i: usize| version_row(out, versions, steps, i, page);
    let _ = write!(out, "<table class=\"versions\">{VERSIONS_HEAD}<tbody>");
    for &i in shown {
        row(out, i);
    }
    out.push_str("</tbody></table>");
    if older.is_empty() {
        return;
    }
    let open = if older.iter().any(|&i| std::ptr::eq(versions[i], page)) {
        " open"
    } else {
        ""
    };
    let _ = write!(
        out,
        "<details class=\"older\"{open}><summary>{}: {} to {}</summary>\
         <table class=\"versions\">{VERSIONS_HEAD}<tbody>",
        crate::text::plural(older.len(), "older version"),
        esc(&versions[older[older.len() - 1]].report.engine.version),
        esc(&versions[older[0]].report.engine.version),
    );
    for &i in older {
        row(out, i);
    }
    out.push_str("</tbody></table></details>");
}

/// Version `i`'s row: its name, its total, and the step from version `i - 1` (none for the
/// oldest).
fn version_row(
    out: &mut String,
    versions: &[&EngineRun],
    steps: &[Step],
    i: usize,
    page: &EngineRun,
) {
    let v = versions[i];
    let current = if std::ptr::eq(v, page) {
        " class=\"current\""
    } else {
        ""
    };
    let _ = write!(
        out,
        "<tr{current} data-version=\"{}\"><th scope=\"row\">{}</th>\
         <td class=\"num\" data-label=\"passed\">",
        esc(&v.report.engine.version),
        version_link(v, page)
    );
    share(out, &v.tally);
    out.push_str("</td>");
    let Some(step) = i.checked_sub(1).map(|before| &steps[before]) else {
        out.push_str(
            "<td class=\"first muted\" colspan=\"4\">the oldest version here: nothing to \
             compare with</td></tr>",
        );
        return;
    };
    for (n, class, label) in [(step.fixed, "up", "fixed"), (step.broken, "down", "broken")] {
        let zero = if n == 0 { " zero" } else { "" };
        let sign = if class == "up" { '+' } else { '−' };
        let _ = write!(
            out,
            "<td class=\"num step {class}{zero}\" data-label=\"{label}\">{}</td>",
            if n == 0 {
                "0".to_owned()
            } else {
                format!("<a href=\"#changes-{}\">{sign}{n}</a>", v.slug)
            }
        );
    }
    let others: Vec<String> = [
        (step.answered, "newly answered"),
        (step.unanswered, "no longer answered"),
        (step.otherwise, "failure ↔ error"),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    let _ = write!(
        out,
        "<td class=\"others\" data-label=\"other changes\">{}</td>\
         <td class=\"moved\" data-label=\"areas\">",
        if others.is_empty() {
            "<span class=\"muted\">none</span>".to_owned()
        } else {
            others.join(", ")
        }
    );
    let moved = moved(versions[i - 1], v);
    if moved.is_empty() {
        out.push_str("<span class=\"muted\">none</span>");
    }
    for (k, (area, delta)) in moved.iter().enumerate() {
        let sep = if k > 0 { ", " } else { "" };
        let (class, sign) = if *delta > 0 {
            ("up", "+")
        } else {
            ("down", "−")
        };
        let _ = write!(
            out,
            "{sep}<span class=\"{class}\">{} {sign}{}</span>",
            esc(area),
            delta.unsigned_abs()
        );
    }
    out.push_str("</td></tr>");
}

/// The most cases a cell of the table of fixes lists; the rest are counted.
const LISTED_IN_STEP: usize = 60;

/// The cases each version fixed and broke, newest first; the versions that did neither left out.
fn fixes_table(
    out: &mut String,
    site: &Site,
    versions: &[&EngineRun],
    changed: &[Changed],
    page: &EngineRun,
) {
    out.push_str(
        "<h3 id=\"history-fixes\">What each version fixed and broke</h3><p class=\"lead\">The \
         cases each version fixed and broke, from the version before it, newest first; a version \
         that did neither is left out.</p>",
    );
    let mut rows = 0;
    for i in (1..versions.len()).rev() {
        let of = |kind: Change| -> Vec<&Changed> {
            changed
                .iter()
                .filter(|c| change_at(c, i - 1) == Some(kind))
                .collect()
        };
        let (fixed, broken) = (of(Change::Fixed), of(Change::Broken));
        if fixed.is_empty() && broken.is_empty() {
            continue;
        }
        if rows == 0 {
            out.push_str(
                "<table class=\"fixes\"><thead><tr><th>version</th><th>fixed</th><th>broken</th>\
                 </tr></thead><tbody>",
            );
        }
        rows += 1;
        let _ = write!(
            out,
            "<tr id=\"changes-{}\" data-step=\"{}\"><th scope=\"row\">{} <span \
             class=\"from\">from {}</span></th>",
            versions[i].slug,
            esc(&versions[i].report.engine.version),
            version_link(versions[i], page),
            esc(&versions[i - 1].report.engine.version),
        );
        for (cases, label) in [(fixed, "fixed"), (broken, "broken")] {
            let _ = write!(out, "<td class=\"ids\" data-label=\"{label}\">");
            if cases.is_empty() {
                out.push_str("<span class=\"muted\">none</span>");
            }
            for (k, case) in cases.iter().take(LISTED_IN_STEP).enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                out.push_str(&case_id(site, case));
            }
            if cases.len() > LISTED_IN_STEP {
                let _ = write!(
                    out,
                    " <span class=\"muted\">and {} more</span>",
                    cases.len() - LISTED_IN_STEP
                );
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    if rows == 0 {
        out.push_str("<p class=\"muted\">No version fixed or broke a case.</p>");
    } else {
        out.push_str("</tbody></table>");
    }
}

/// A case's id, linked to its page when it has one.
fn case_id(site: &Site, case: &Changed) -> String {
    match site.case(&case.id).and_then(|c| c.link.as_deref()) {
        Some(link) => format!("<a href=\"../{}\">{}</a>", esc(link), esc(&case.id)),
        None => esc(&case.id).into_owned(),
    }
}

/// The areas whose passes differ between two versions that both ran them, with the difference.
fn moved<'a>(before: &EngineRun, after: &'a EngineRun) -> Vec<(&'a str, i64)> {
    after
        .areas
        .iter()
        .filter_map(|(area, t)| {
            let (_, b) = before.areas.iter().find(|(a, _)| a == area)?;
            let delta = t.passed as i64 - b.passed as i64;
            (delta != 0).then_some((area.as_str(), delta))
        })
        .collect()
}

/// The areas, each with its newest run and the versions where its passes moved: a row per
/// area, whatever the number of versions.
fn areas_table(out: &mut String, versions: &[&EngineRun], page: &EngineRun) {
    let newest = versions.last().expect("two versions");
    let mut areas: Vec<&str> = Vec::new();
    for v in versions.iter().rev() {
        for (area, _) in &v.areas {
            if !areas.contains(&area.as_str()) {
                areas.push(area);
            }
        }
    }
    let _ = write!(
        out,
        "<h3 id=\"history-areas\">Areas across versions</h3><p class=\"lead\">Each area's \
         passes in the newest version, and each version where they moved (the passes before \
         → after, of those run).</p><table class=\"area-history\"><thead><tr><th>area</th>\
         <th class=\"num\">{}</th><th>passes moved in</th></tr></thead><tbody>",
        version_link(newest, page)
    );
    for area in areas {
        let _ = write!(
            out,
            "<tr data-area=\"{0}\"><th scope=\"row\">{0}</th><td class=\"num\">",
            esc(area)
        );
        match newest.areas.iter().find(|(a, _)| a == area) {
            Some((_, t)) => share(out, t),
            None => out.push_str("<span class=\"muted\">not run</span>"),
        }
        out.push_str("</td><td class=\"moved\">");
        let mut any = false;
        for w in versions.windows(2) {
            let find = |v: &EngineRun| {
                v.areas
                    .iter()
                    .find(|(a, _)| a == area)
                    .map(|(_, t)| t.passed)
            };
            let (Some(b), Some(a)) = (find(w[0]), find(w[1])) else {
                continue;
            };
            if a == b {
                continue;
            }
            let _ = write!(
                out,
                "{}<span class=\"{}\">{}: {b} → {a}</span>",
                if any { ", " } else { "" },
                if a > b { "up" } else { "down" },
                version_link(w[1], page)
            );
            any = true;
        }
        if !any {
            out.push_str("<span class=\"muted\">no change</span>");
        }
        out.push_str("</td></tr>");
    }
    out.push_str("</tbody></table>");
}

/// A table of changed cases: each case's outcomes as spans of consecutive versions, oldest to
/// newest; at most [`LISTED`] rows.
fn changed_table(out: &mut String, site: &Site, versions: &[&EngineRun], cases: &[&Changed]) {
    if cases.is_empty() {
        return;
    }
    out.push_str(
        "<table class=\"changed\"><thead><tr><th>case</th><th>area</th><th>outcomes, oldest \
         version → newest</th></tr></thead><tbody>",
    );
    for case in cases.iter().take(LISTED) {
        let id = case_id(site, case);
        let _ = write!(
            out,
            "<tr data-case=\"{}\"><td class=\"id\">{id}</td><td>{}</td><td class=\"life\">",
            esc(&case.id),
            esc(&case.area)
        );
        let mut start = 0;
        while start < case.outcomes.len() {
            let outcome = case.outcomes[start];
            let end = (start..case.outcomes.len())
                .take_while(|&i| case.outcomes[i] == outcome)
                .last()
                .expect("the start");
            if start > 0 {
                out.push_str(" <span class=\"arrow\">→</span> ");
            }
            let span = if end == start {
                esc(&versions[start].report.engine.version).into_owned()
            } else {
                format!(
                    "{}–{}",
                    esc(&versions[start].report.engine.version),
                    esc(&versions[end].report.engine.version)
                )
            };
            let _ = write!(
                out,
                "<span class=\"span\">{} <span class=\"in\">{span}</span></span>",
                match outcome {
                    Some(o) => badge(o),
                    None => "<span class=\"muted\">not run</span>".to_owned(),
                }
            );
            start = end + 1;
        }
        out.push_str("</td></tr>");
    }
    out.push_str("</tbody></table>");
    if cases.len() > LISTED {
        let _ = write!(
            out,
            "<p class=\"muted\">and {} more.</p>",
            crate::text::plural(cases.len() - LISTED, "case")
        );
    }
}

/// The history's styles, added to the site's stylesheet. On a narrow screen a table of versions
/// reads as cards, a version each, every figure labelled.
pub(crate) const STYLE: &str = "table.versions tr.current { background: #ddf4ff; }
table.versions, table.area-history, table.changed, table.fixes { width: 100%; }
table.versions th[scope=row], table.versions td.num, table.area-history td.num { \
white-space: nowrap; }
table.versions .n, table.area-history .n { min-width: 0; }
.share { color: var(--muted); font-size: .85em; }
.up { color: var(--pass); } .down { color: var(--fail); }
td.num.up:not(.zero), td.num.down:not(.zero) { font-weight: 600; }
td.num.zero { color: var(--muted); opacity: .6; }
td.moved .up, td.moved .down { white-space: nowrap; }
td.life .span { white-space: nowrap; }
td.life .in { font-variant-numeric: tabular-nums; }
td.life .arrow { color: var(--muted); }
table.changed td.id, table.fixes td.ids { word-break: break-word; }
table.fixes th[scope=row] { white-space: nowrap; }
table.fixes .from { display: block; color: var(--muted); font-weight: normal; font-size: .85em; }
table.fixes td.ids { font-size: .85em; width: 50%; }
details.older { margin: -.5em 0 1em; }
a.versions { font-size: .85em; margin-left: .4em; }
@media (max-width: 640px) {
  table.versions thead, table.area-history thead, table.changed thead, table.fixes thead {
    display: none; }
  table.area-history, table.area-history tbody, table.area-history tr, table.changed,
    table.changed tbody, table.changed tr, table.fixes, table.fixes tbody, table.fixes tr {
    display: block; width: 100%; }
  table.area-history tr, table.changed tr, table.fixes tr { border-bottom: 1px solid var(--line);
    padding: .3em 0; }
  table.area-history th, table.area-history td, table.changed td, table.fixes th,
    table.fixes td { display: inline-block; border: 0; padding: .1em .6em .1em 0;
    text-align: left; }
  table.area-history td.moved, table.changed td.id, table.changed td.life, table.fixes th,
    table.fixes td.ids { display: block; width: auto; }
  table.fixes td[data-label]::before { content: attr(data-label) \": \"; color: var(--muted); }
  table.versions, table.versions tbody, table.versions tr { display: block; width: 100%; }
  table.versions tr { border: 1px solid var(--line); border-radius: 6px; margin: 0 0 .6em;
    padding: .3em .6em; }
  table.versions th, table.versions td { display: inline-block; border: 0; padding: .1em .4em
    .1em 0; text-align: left; }
  table.versions th[scope=row] { display: block; font-size: 1.05em; }
  table.versions td[data-label]::before { content: attr(data-label) \": \"; color: var(--muted);
    font-weight: normal; }
  table.versions td.others, table.versions td.moved, table.versions td.first { display: block; }
}
";
