//! The lists of cases: `cases.html` (every case some engine fails or errs, with search and
//! filters in a small inline script that only hides rows) and `areas/AREA.html` (an area's
//! cases: those failed or erred with the engines that fail them, the others listed).

use std::fmt::Write as _;

use chess_conformance::{Outcome, Verdict};

use super::html::{case_link, esc, foot, head, variant_tag};
use super::{Site, SiteCase};

/// The short code of an outcome in a row's `data-o`, `-` when the engine did not run the case.
fn code(verdict: Option<&Verdict>) -> &'static str {
    verdict.map_or("-", |v| v.outcome.name())
}

/// `cases.html`: every case some engine fails or errs, a column per engine, with filters.
pub(super) fn cases(site: &Site) -> String {
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
pub(super) fn area_page(site: &Site, area: &str) -> String {
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
