//! The site as Debian's chromium shows it: the index's cells, a failing case's board and
//! answers, and the filters of the list of failing cases, against the report.

use std::path::Path;

use serde_json::Value;

use super::{
    SLUG, browse, castling_report, chromium, described, escaped, first_failure, page_of, scratch,
    section, site, text,
};

/// The cells of the index's matrix as the browser has them: (area, engine) → the four counts.
fn cells(dom: &str) -> Vec<(String, String, [u64; 4])> {
    let mut found = Vec::new();
    for part in dom.split("<td class=\"cell ").skip(1) {
        let attr = |name: &str| {
            let from = part.find(&format!("{name}=\""))? + name.len() + 2;
            Some(part[from..from + part[from..].find('"')?].to_owned())
        };
        let (Some(area), Some(engine)) = (attr("data-area"), attr("data-engine")) else {
            continue;
        };
        let cell = &part[..part.find("</td>").unwrap()];
        let numbers: Vec<u64> = cell
            .split("</span>")
            .filter_map(|s| s.rsplit('>').next()?.parse().ok())
            .collect();
        found.push((area, engine, numbers.try_into().expect("four counts")));
    }
    found
}

#[test]
fn chromium_shows_what_the_report_says() {
    let Some(chromium) = chromium() else { return };
    let (path, report) = castling_report();
    let dir = site("browser", &[path]);
    let profile = scratch("chromium-profile");
    let url = |file: &str| format!("file://{}/{file}", dir.canonicalize().unwrap().display());
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();

    // The index: every area's cell and the total, as the report counts them.
    let dom = text(&browse(chromium, &profile, &["--dump-dom"], &url("index.html")).stdout);
    let cells = cells(&dom);
    let areas = report["areas"].as_object().unwrap();
    assert_eq!(cells.len(), areas.len() + 1, "{cells:?}");
    let counts =
        |t: &Value| ["passed", "failed", "skipped", "errors"].map(|k| t[k].as_u64().unwrap());
    for (area, tally) in areas {
        let cell = cells.iter().find(|(a, e, _)| a == area && e == SLUG);
        assert_eq!(cell.map(|c| c.2), Some(counts(tally)), "{area}");
    }
    let total = cells.iter().find(|(a, _, _)| a.is_empty()).unwrap();
    assert_eq!(total.2, counts(&report["summary"]));
    browse(
        chromium,
        &profile,
        &[
            "--window-size=1280,900",
            &format!("--screenshot={}", target.join("site-index.png").display()),
        ],
        &url("index.html"),
    );

    // A failing case's page: its board has the pieces of its FEN; each answer is shown.
    let failure = first_failure(report);
    let id = failure["id"].as_str().unwrap();
    let (link, _) = page_of(&dir, id);
    let page = url(&link);
    let dom = text(&browse(chromium, &profile, &["--dump-dom"], &page).stdout);
    let dom = section(&dom, link.split_once('#').unwrap().1);
    let catalogue = chess_conformance::Catalogue::builtin_case(id).unwrap();
    let case = &catalogue.cases()[0].case;
    let label = dom
        .split("aria-label=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a board");
    assert_eq!(label, described(&case.fen), "{dom}");
    // One cell per assertion, in the case's order (one engine: one column).
    let shown: Vec<&str> = dom
        .split("<td class=\"check ")
        .skip(1)
        .map(|cell| &cell[..cell.find("</td>").unwrap()])
        .collect();
    let checks = failure["checks"].as_array().unwrap();
    assert_eq!(shown.len(), checks.len(), "{dom}");
    for (check, shown) in checks.iter().zip(shown) {
        let outcome = check["outcome"].as_str().unwrap();
        assert!(
            shown.starts_with(&format!("{outcome}\" data-engine=\"{SLUG}\">")),
            "{shown}"
        );
        if let Some(actual) = check["actual"].as_str()
            && outcome != "pass"
        {
            assert!(shown.contains(&escaped(actual)), "{actual} in {shown}");
        }
        if outcome == "pass" {
            assert!(shown.ends_with(">pass"), "{shown}");
        } else {
            assert!(shown.contains(&format!(">{outcome}</span>")), "{shown}");
        }
    }
    browse(
        chromium,
        &profile,
        &[
            "--window-size=1100,1300",
            &format!("--screenshot={}", target.join("site-case.png").display()),
        ],
        &page,
    );

    // The filters: the failures of the engine, and only they, are shown.
    let dom = text(
        &browse(
            chromium,
            &profile,
            &["--dump-dom"],
            &format!("{}?engine={SLUG}&outcome=fail", url("cases.html")),
        )
        .stdout,
    );
    let rows: Vec<&str> = dom.split("<tr data-a=").skip(1).collect();
    let summary = &report["summary"];
    assert_eq!(
        rows.len() as u64,
        summary["failed"].as_u64().unwrap() + summary["errors"].as_u64().unwrap(),
        "the cases failed or erred"
    );
    let shown: Vec<&&str> = rows
        .iter()
        .filter(|r| !r[..r.find('>').unwrap()].contains("hidden"))
        .collect();
    assert_eq!(
        shown.len() as u64,
        report["summary"]["failed"].as_u64().unwrap()
    );
    assert!(
        shown.iter().all(|r| r.contains("data-o=\"fail\"")),
        "{shown:?}"
    );
    assert!(dom.contains(&format!("{} shown.", shown.len())));
}
