//! The pages of the site: `index.html` (rule areas by engines; a library with several versions
//! once, at its latest, its history on its engine pages: `history.rs`), `cases.html` (every case some
//! engine fails or errs, with search and filters in a small inline script), `areas/AREA.html`
//! (an area's cases: those failed or erred with a column per engine, the others listed),
//! `engines/SLUG.html` (an engine's failures by area; a run stopped by a signal says so here
//! and on the index; its badges and the snippets that embed them, `badge.rs`),
//! `cases/AREA-N.html` (the failing cases' sheets, `case_page.rs`), and `site.css`. A passing
//! case has no page: the whole catalogue against sixteen engines stays near a hundred pages
//! (and two badge files per engine and per engine and area, `badges/`).
//!
//! Everything from a report or a case file goes through [`esc`]. The tables are plain HTML;
//! the script only hides rows, so every page reads the same without it. Nothing is fetched
//! from the network.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::path::Path;

use chess_conformance::{Outcome, Tally, Verdict};

use super::{EngineRun, Site, SiteCase};

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
    std::fs::write(dir.join("index.html"), index(site))?;
    std::fs::write(dir.join("cases.html"), cases(site))?;
    for folder in ["engines", "areas", "cases"] {
        std::fs::create_dir_all(dir.join(folder))?;
    }
    for engine in &site.engines {
        std::fs::write(
            dir.join("engines").join(format!("{}.html", engine.slug)),
            engine_page(site, engine),
        )?;
    }
    for area in &site.areas {
        std::fs::write(dir.join(site.area_file(area)), area_page(site, area))?;
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
fn counts(out: &mut String, t: &Tally) {
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
fn worst(t: &Tally) -> &'static str {
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

const LEGEND: &str = "<p class=\"legend\">Each cell: <span class=\"n pass\">pass</span>\
<span class=\"n fail\">fail</span><span class=\"n skip\">skip</span>\
<span class=\"n error\">error</span>, in cases.</p>";

fn index(site: &Site) -> String {
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

/// An area as a fragment id: letters, digits, `-` and `_` kept, the rest as `_`.
fn anchor(area: &str) -> String {
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
fn variant_tag(variant: Option<&str>) -> String {
    variant.map_or_else(String::new, |v| {
        format!(" <span class=\"variant\">{}</span>", esc(v))
    })
}

/// The short code of an outcome in a row's `data-o`, `-` when the engine did not run the case.
fn code(verdict: Option<&Verdict>) -> &'static str {
    verdict.map_or("-", |v| v.outcome.name())
}

/// A case's id, linked to its page when it has one.
fn case_link(case: &SiteCase, root: &str) -> String {
    match &case.link {
        Some(link) => format!("<a href=\"{root}{}\">{}</a>", esc(link), esc(&case.id)),
        None => esc(&case.id).into_owned(),
    }
}

/// `cases.html`: every case some engine fails or errs, a column per engine, with filters.
fn cases(site: &Site) -> String {
    let failing: Vec<&SiteCase> = site.cases.iter().filter(|c| c.link.is_some()).collect();
    let mut out = String::with_capacity(failing.len() * (160 + 40 * site.engines.len()) + 8192);
    head(&mut out, "Failing cases", "");
    let _ = write!(
        out,
        "<h1>Failing cases</h1><p class=\"lead\">The {} of {} that {} fails or errs. \
         The others are listed on their area's page. <span id=\"shown\"></span></p>\
         <form id=\"filters\" class=\"filters\" hidden><label>Find <input type=\"search\" \
         name=\"q\" placeholder=\"id or title\"></label><label>Area <select name=\"area\">\
         <option value=\"\">any</option>",
        crate::text::plural(failing.len(), "case"),
        site.cases.len(),
        if site.engines.len() == 1 {
            "the engine"
        } else {
            "some engine"
        },
    );
    for area in &site.areas {
        let _ = write!(out, "<option>{}</option>", esc(area));
    }
    out.push_str(
        "</select></label><label>Engine <select name=\"engine\"><option value=\"\">any</option>",
    );
    for e in &site.engines {
        let _ = write!(
            out,
            "<option value=\"{}\">{}</option>",
            e.slug,
            esc(&e.identity)
        );
    }
    out.push_str(
        "</select></label><label>Outcome <select name=\"outcome\"><option value=\"\">any\
         </option><option>pass</option><option>fail</option><option>skip</option>\
         <option>error</option></select></label></form>\
         <div class=\"scroll\"><table id=\"cases\" class=\"cases\"><thead><tr><th>case</th>\
         <th>FIDE</th><th>title</th><th>failed by (or erred)</th></tr></thead><tbody>",
    );
    for case in failing {
        let outcomes: Vec<&str> = site
            .engines
            .iter()
            .map(|e| code(e.verdict(&case.id)))
            .collect();
        let _ = write!(
            out,
            "<tr data-a=\"{}\" data-o=\"{}\"><td>{}</td><td>{}</td><td>{}{}</td>",
            esc(&case.area),
            outcomes.join(" "),
            case_link(case, ""),
            esc(&case.rule),
            esc(&case.title),
            variant_tag((!case.variant.is_standard()).then(|| case.variant.title()))
        );
        failed_by(&mut out, site, case);
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    out.push_str(FILTER_SCRIPT);
    foot(&mut out);
    out
}

/// A failing case's cell of the engines that fail or err it, each named (`(error)` after an
/// error): a few names, not a column per engine, so a row's size does not grow with the engines
/// that pass.
fn failed_by(out: &mut String, site: &Site, case: &SiteCase) {
    out.push_str("<td class=\"by\">");
    let mut first = true;
    for e in &site.engines {
        let Some(v) = e.verdict(&case.id) else {
            continue;
        };
        let error = match v.outcome {
            Outcome::Fail => "",
            Outcome::Error => " (error)",
            _ => continue,
        };
        if !first {
            out.push_str(", ");
        }
        first = false;
        let _ = write!(
            out,
            "<span class=\"o {}\">{}{error}</span>",
            v.outcome.name(),
            esc(&e.identity)
        );
    }
    out.push_str("</td>");
}

/// An area's page: its cases some engine fails or errs, a column per engine, each linked to its
/// page; then the others (no engine fails or errs them), listed by id and title.
fn area_page(site: &Site, area: &str) -> String {
    let in_area: Vec<&SiteCase> = site.cases.iter().filter(|c| c.area == area).collect();
    let (failing, passing): (Vec<&SiteCase>, Vec<&SiteCase>) =
        in_area.iter().partition(|c| c.link.is_some());
    let mut out =
        String::with_capacity(in_area.len() * 120 + failing.len() * 40 * site.engines.len() + 4096);
    head(&mut out, area, "../");
    let _ = write!(
        out,
        "<p class=\"crumbs\"><a href=\"../index.html\">areas</a></p><h1>{}{}</h1>\
         <p class=\"lead\">{}: {} failed or erred by some engine, {} not.</p>",
        esc(area),
        variant_tag(site.area_variant(area).as_deref()),
        crate::text::plural(in_area.len(), "case"),
        failing.len(),
        passing.len()
    );
    if !failing.is_empty() {
        out.push_str(
            "<h2>Failed or erred by some engine</h2><div class=\"scroll\"><table class=\"cases\">\
             <thead><tr><th>case</th><th>FIDE</th><th>title</th><th>failed by (or erred)</th>\
             </tr></thead><tbody>",
        );
        for case in &failing {
            let _ = write!(
                out,
                "<tr><td>{}</td><td>{}</td><td>{}{}</td>",
                case_link(case, "../"),
                esc(&case.rule),
                esc(&case.title),
                variant_tag((!case.variant.is_standard()).then(|| case.variant.title()))
            );
            failed_by(&mut out, site, case);
            out.push_str("</tr>");
        }
        out.push_str("</tbody></table></div>");
    }
    if !passing.is_empty() {
        out.push_str(
            "<h2>Passed or skipped by every engine</h2><p class=\"muted\">Each engine's skips \
             are counted, with their reasons, on its page.</p><ul class=\"passing\">",
        );
        for case in &passing {
            let _ = write!(
                out,
                "<li><code>{}</code> {}{}</li>",
                esc(&case.id),
                esc(&case.title),
                variant_tag((!case.variant.is_standard()).then(|| case.variant.title()))
            );
        }
        out.push_str("</ul>");
    }
    foot(&mut out);
    out
}

/// The filters of `cases.html`: shown only when the script runs; read from and written to the
/// query (`cases.html?area=castling&engine=chess-3-2-0&outcome=fail`), so the index links to a
/// filtered view. They only hide rows.
const FILTER_SCRIPT: &str = r##"<script>
(function () {
  var form = document.getElementById("filters");
  var rows = Array.prototype.slice.call(document.querySelectorAll("#cases tbody tr"));
  var text = rows.map(function (r) {
    return (r.cells[0].textContent + " " + r.cells[2].textContent).toLowerCase();
  });
  var codes = rows.map(function (r) { return r.getAttribute("data-o").split(" "); });
  var fields = ["q", "area", "engine", "outcome"];
  var params = new URLSearchParams(location.search);
  fields.forEach(function (k) { if (params.has(k)) form.elements[k].value = params.get(k); });
  form.hidden = false;
  function apply() {
    var q = form.elements.q.value.trim().toLowerCase();
    var area = form.elements.area.value;
    var engine = form.elements.engine.selectedIndex - 1;
    var outcome = form.elements.outcome.value;
    var shown = 0;
    rows.forEach(function (r, i) {
      var o = codes[i];
      var ok = (!area || r.getAttribute("data-a") === area) && (!q || text[i].indexOf(q) >= 0);
      if (ok && engine >= 0) ok = outcome ? o[engine] === outcome : o[engine] !== "-";
      else if (ok && outcome) ok = o.indexOf(outcome) >= 0;
      r.hidden = !ok;
      if (ok) shown++;
    });
    document.getElementById("shown").textContent = shown + " shown.";
    var next = new URLSearchParams();
    fields.forEach(function (k) { if (form.elements[k].value) next.set(k, form.elements[k].value); });
    try { history.replaceState(null, "", "?" + next.toString()); } catch (e) {}
  }
  form.addEventListener("input", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
  apply();
})();
</script>"##;

fn engine_page(site: &Site, engine: &EngineRun) -> String {
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
