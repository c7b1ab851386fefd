//! Broken and hostile reports: a broken one exits 2 naming its file, line and column; text
//! from a report is escaped and case ids stay inside the site.

use serde_json::Value;

use super::{castling_report, cli, files, page_of, scratch, site, text};

#[test]
fn a_broken_report_exits_2_naming_the_file_line_and_column() {
    let (path, report) = castling_report();
    let full = std::fs::read_to_string(path).unwrap();
    let dir = scratch("broken");
    let cut = dir.join("cut.json");
    // Cut in the middle of its third line.
    let at = full.match_indices('\n').nth(2).unwrap().0 - 3;
    std::fs::write(&cut, &full[..at]).unwrap();
    let mut edited: Value = report.clone();
    edited["summary"]["passed"] = Value::from(1);
    let summary = dir.join("summary.json");
    std::fs::write(&summary, edited.to_string()).unwrap();
    let mut edited: Value = report.clone();
    let failing = edited["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .position(|v| v["outcome"] == "fail")
        .unwrap();
    edited["verdicts"][failing]["outcome"] = Value::from("pass");
    let outcome = dir.join("outcome.json");
    std::fs::write(&outcome, edited.to_string()).unwrap();
    let mut edited: Value = report.clone();
    edited["verdicts"][0]["colour"] = Value::from("red");
    let unknown = dir.join("unknown.json");
    std::fs::write(&unknown, serde_json::to_string_pretty(&edited).unwrap()).unwrap();
    let markdown = dir.join("matrix.md");
    std::fs::write(&markdown, "| area | chess |\n").unwrap();
    let id = report["verdicts"][failing]["id"].as_str().unwrap();
    for (file, says) in [
        (&cut, format!("{}:3:", cut.display())),
        (&cut, "EOF while parsing".to_owned()),
        (&summary, "its summary (1 passed".to_owned()),
        (
            &outcome,
            format!("case {id}: the report says pass but its checks give fail"),
        ),
        (&unknown, format!("{}:", unknown.display())),
        (&unknown, "unknown field `colour`".to_owned()),
        (
            &markdown,
            format!("{}:1:1: not a run report", markdown.display()),
        ),
        (
            &dir.join("absent.json"),
            "absent.json: cannot read".to_owned(),
        ),
    ] {
        let target = dir.join("site");
        let out = cli(&[
            "report",
            "--html",
            target.to_str().unwrap(),
            path.to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{}: {stderr}", file.display());
        assert!(stderr.contains(&says), "{says} in\n{stderr}");
        assert!(!target.exists(), "no site from a broken report");
    }
    // Two reports of one engine.
    let out = cli(&[
        "report",
        "--html",
        dir.join("site").to_str().unwrap(),
        path.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("both report mutant castle-through-attack 0.30.1"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn text_from_a_report_is_escaped_and_ids_stay_in_the_site() {
    let (_, report) = castling_report();
    let mut hostile = report.clone();
    hostile["engine"]["name"] = Value::from("<script>alert(1)</script>");
    let failing = hostile["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .position(|v| v["outcome"] == "fail")
        .unwrap();
    let check = hostile["verdicts"][failing]["checks"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c["outcome"] == "fail")
        .unwrap();
    hostile["verdicts"][failing]["checks"][check]["actual"] =
        Value::from("\"><img src=x onerror=alert(2)>\u{1b}[2J");
    hostile["verdicts"][0]["id"] = Value::from("../../escaped");
    hostile["verdicts"][failing]["id"] = Value::from("../../failing");
    // Its groups named the ids it had: left out, they are grouped anew from the verdicts.
    hostile.as_object_mut().unwrap().remove("groups");
    let dir = scratch("hostile");
    let path = dir.join("hostile.json");
    std::fs::write(&path, hostile.to_string()).unwrap();
    let site = site("hostile-site", &[&path]);
    assert!(!dir.join("escaped.html").exists() && !dir.join("failing.html").exists());
    // Ids name no file: the site holds its own files only.
    for file in files(&site) {
        assert!(
            [
                "index.html",
                "cases.html",
                "site.css",
                ".chess-conformance-site"
            ]
            .contains(&file.as_str())
                || ["areas/", "engines/", "cases/"]
                    .iter()
                    .any(|d| file.starts_with(d) && !file[d.len()..].contains('/'))
                || file.starts_with("badges/") && file.matches('/').count() <= 2,
            "{file}"
        );
    }
    let (link, section) = page_of(&site, "../../failing");
    let sheet = dir.join("hostile-case.html");
    std::fs::write(&sheet, &section).unwrap();
    let mut pages = vec![site.join("index.html"), site.join("cases.html")];
    pages.push(sheet);
    pages.push(site.join(link.split('#').next().unwrap()));
    pages.push(site.join("areas/castling.html"));
    let engines: Vec<_> = std::fs::read_dir(site.join("engines"))
        .unwrap()
        .flatten()
        .collect();
    assert_eq!(engines.len(), 1);
    pages.push(engines[0].path());
    for page in &pages {
        let body = std::fs::read_to_string(page).unwrap();
        assert!(!body.contains("<script>alert"), "{}", page.display());
        // (The engine page's own images are its badges.)
        assert!(!body.contains("<img src=x"), "{}", page.display());
        assert!(!body.contains('\u{1b}'), "{}", page.display());
    }
    let case = std::fs::read_to_string(&pages[2]).unwrap();
    assert!(
        case.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;\\u{1b}[2J"),
        "{case}"
    );
    assert!(case.contains(&format!(
        "&lt;script&gt;alert(1)&lt;/script&gt; {}",
        report["engine"]["version"].as_str().unwrap()
    )));
}
