//! `report --html`: the site from a real run, and the helpers its tests share; the tests by
//! subject in `site/`: hostile and broken reports (`hostile.rs`), the site as Debian's chromium
//! shows it (`browser.rs`), the site replaced whole (`replacing.rs`), where a case's facts come
//! from (`sources.rs`), badges, a library's history and names.
//!
//! The browser test runs when `/usr/bin/chromium` exists (a notice otherwise); with
//! `CHESS_CONFORMANCE_REQUIRE_ENGINES=1` (CI) a missing chromium is a failure. It keeps its
//! screenshots as `target/site-index.png`, `target/site-case.png`, `target/site-chess960.png` and
//! `target/site-badges.png` (an engine's badges, `site/badges.rs`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;

#[path = "site/badges.rs"]
mod badges;
#[path = "site/browser.rs"]
mod browser;
#[path = "site/history.rs"]
mod history;
#[path = "site/hostile.rs"]
mod hostile;
#[path = "site/names.rs"]
mod names;
#[path = "site/replacing.rs"]
mod replacing;
#[path = "site/sources.rs"]
mod sources;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A new, empty scratch folder under the target folder.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("site-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The engine the site tests use: a built-in mutant that fails some castling cases (it lets the
/// king cross an attacked square), and answers the rest at once.
const ENGINE: &str = "mutant:castle-through-attack";
const SLUG: &str = "mutant-castle-through-attack-0-30-1";

/// A real run's JSON report, `run --engine mutant:castle-through-attack --filter castling/`,
/// written once.
fn castling_report() -> &'static (PathBuf, Value) {
    static REPORT: OnceLock<(PathBuf, Value)> = OnceLock::new();
    REPORT.get_or_init(|| {
        let out = cli(&[
            "run",
            "--engine",
            ENGINE,
            "--filter",
            "castling/",
            "--format",
            "json",
        ]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        assert!(
            report["summary"]["failed"].as_u64().unwrap() > 0,
            "a failing run"
        );
        let path = scratch("report").join("mutant.json");
        std::fs::write(&path, &out.stdout).unwrap();
        (path, report)
    })
}

/// The first failing verdict of a report.
fn first_failure(report: &Value) -> &Value {
    report["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["outcome"] == "fail")
        .expect("a failure")
}

/// Where the site puts case `id`'s page, as `cases.html` links to it
/// (`cases/castling-1.html#castling/x`), and the page's section of that case. Only a case some
/// engine fails or errs has one.
fn page_of(dir: &Path, id: &str) -> (String, String) {
    let list = std::fs::read_to_string(dir.join("cases.html")).unwrap();
    let end = format!("\">{}</a>", escaped(id));
    let at = list
        .find(&end)
        .unwrap_or_else(|| panic!("{id} is not linked from cases.html"));
    let from = list[..at].rfind("href=\"").unwrap() + 6;
    let link = list[from..at].to_owned();
    let (file, anchor) = link.split_once('#').expect("an anchor");
    let page = std::fs::read_to_string(dir.join(file)).unwrap();
    (link.clone(), section(&page, anchor))
}

/// The section of `page` (a file or the browser's DOM) whose id is `anchor`.
fn section(page: &str, anchor: &str) -> String {
    let start = page
        .find(&format!("<section class=\"case\" id=\"{anchor}\">"))
        .unwrap_or_else(|| panic!("no section {anchor} in\n{page}"));
    let len = page[start..].find("</section>").unwrap();
    page[start..start + len].to_owned()
}

/// Every file under `dir`, from it.
fn files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

/// Text as the site writes it in HTML.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// A site made from `reports` in a new folder `name`.
fn site(name: &str, reports: &[&Path]) -> PathBuf {
    let dir = scratch(name).join("site");
    let mut args = vec![
        "report".to_owned(),
        "--html".into(),
        dir.display().to_string(),
    ];
    args.extend(reports.iter().map(|p| p.display().to_string()));
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = cli(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    dir
}

#[test]
fn a_site_from_a_real_run_has_every_page_and_the_report_s_counts() {
    let (path, report) = castling_report();
    let dir = site("real", &[path]);
    for file in [
        "index.html",
        "cases.html",
        "site.css",
        &format!("engines/{SLUG}.html"),
    ] {
        assert!(dir.join(file).is_file(), "{file}");
    }
    // A page for each case failed or erred, a line of its area's page for each other one.
    let verdicts = report["verdicts"].as_array().unwrap();
    let area = std::fs::read_to_string(dir.join("areas/castling.html")).unwrap();
    for v in verdicts {
        let id = v["id"].as_str().unwrap();
        if v["outcome"] == "fail" || v["outcome"] == "error" {
            let (_, section) = page_of(&dir, id);
            assert!(section.contains(&format!("<h2>{id}</h2>")), "{section}");
        } else {
            assert!(area.contains(&format!("<li><code>{id}</code>")), "{id}");
        }
    }
    let failing = verdicts
        .iter()
        .filter(|v| v["outcome"] == "fail" || v["outcome"] == "error")
        .count();
    let sheets = files(&dir)
        .into_iter()
        .filter(|f| f.starts_with("cases/"))
        .count();
    assert_eq!(sheets, failing.div_ceil(40), "sheets of at most 40 cases");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    let t = &report["areas"]["castling"];
    let cell = format!(
        "data-area=\"castling\" data-engine=\"{SLUG}\"><a href=\"engines/{SLUG}.html#area-castling\">\
         <span class=\"n pass\" title=\"pass\">{}</span><span class=\"n fail\" title=\"fail\">{}\
         </span>",
        t["passed"], t["failed"]
    );
    assert!(index.contains(&cell), "{cell}\n{index}");
    assert!(
        !index.contains("mutation score"),
        "no column of mutation scores no report carries"
    );
    // A failing case: its expected answers and the actual ones of the checks that did not pass
    // (a passing check's cell says `pass`), a board and the FEN.
    let failure = first_failure(report);
    let (link, page) = page_of(&dir, failure["id"].as_str().unwrap());
    for check in failure["checks"].as_array().unwrap() {
        assert!(page.contains(&escaped(check["expected"].as_str().unwrap())));
        if let Some(actual) = check["actual"].as_str()
            && check["outcome"] != "pass"
        {
            assert!(page.contains(&escaped(actual)), "{actual}\n{page}");
        }
    }
    assert!(page.contains("<svg class=\"board\""), "{page}");
    let catalogue = chess_conformance::Catalogue::builtin_case(failure["id"].as_str().unwrap())
        .expect("the catalogue loads");
    let case = &catalogue.cases()[0].case;
    assert!(page.contains(&escaped(&case.fen)), "{page}");
    assert!(page.contains(&format!("FIDE article</dt><dd>{}", case.rule)));
    // The engine's page lists it under its area.
    let engine = std::fs::read_to_string(dir.join(format!("engines/{SLUG}.html"))).unwrap();
    assert!(engine.contains(&format!(
        "<a href=\"../{link}\">{}</a>",
        failure["id"].as_str().unwrap()
    )));
    // The engine's page groups its failures by cause: each group of the report with its
    // count, its smallest case linked, and its members one click away.
    let groups = report["groups"].as_array().expect("the report's groups");
    assert!(!groups.is_empty());
    assert_eq!(
        engine.matches("<section class=\"group\"").count(),
        groups.len()
    );
    for (n, group) in groups.iter().enumerate() {
        let count = group["count"].as_u64().unwrap();
        let heading = format!(
            "id=\"group-{}\"><h3><span class=\"badge {}\">{}</span> <span class=\"count\">{count} \
             case{}</span> {}</h3>",
            n + 1,
            group["outcome"].as_str().unwrap(),
            group["outcome"].as_str().unwrap(),
            if count == 1 { "" } else { "s" },
            escaped(group["label"].as_str().unwrap())
        );
        assert!(engine.contains(&heading), "{heading}\n{engine}");
        let smallest = group["case"].as_str().unwrap();
        let (link, _) = page_of(&dir, smallest);
        assert!(engine.contains(&format!(
            "Smallest case: <a href=\"../{link}\">{smallest}</a>"
        )));
        assert_eq!(group["members"].as_array().unwrap().len() as u64, count);
    }
    // Nothing from the network.
    for file in ["index.html", "cases.html", "site.css"] {
        let body = std::fs::read_to_string(dir.join(file)).unwrap();
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "{file}"
        );
    }
    assert!(!page.contains("https://") && !page.contains("src=\"http"));
}

/// Debian's chromium, or why not.
fn chromium() -> Option<&'static str> {
    const PATH: &str = "/usr/bin/chromium";
    if Path::new(PATH).exists() {
        return Some(PATH);
    }
    if std::env::var_os("CHESS_CONFORMANCE_REQUIRE_ENGINES").is_some() {
        panic!("{PATH} is not installed (apt-get install chromium) and engines are required");
    }
    eprintln!("note: not checking the site in a browser: {PATH} is not installed");
    None
}

/// Runs headless chromium on `url` with `args` (`--dump-dom`, `--screenshot=...`).
fn browse(chromium: &str, profile: &Path, args: &[&str], url: &str) -> Output {
    let out = Command::new(chromium)
        .args([
            "--headless",
            // Root in a container has no user namespace for the sandbox; the pages are ours.
            "--no-sandbox",
            "--disable-gpu",
            "--hide-scrollbars",
            "--no-first-run",
            &format!("--user-data-dir={}", profile.display()),
        ])
        .args(args)
        .arg(url)
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "chromium {args:?} {url}: {}",
        text(&out.stderr)
    );
    out
}

/// What the board of `fen` says to a screen reader, worked out here from the FEN.
fn described(fen: &str) -> String {
    let mut fields = fen.split(' ');
    let placement = fields.next().unwrap();
    let turn = match fields.next() {
        Some("w") => "White to move. ",
        _ => "Black to move. ",
    };
    let (mut white, mut black) = (Vec::new(), Vec::new());
    for (row, rank) in placement.split('/').enumerate() {
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(n) = c.to_digit(10) {
                file += n as u8;
                continue;
            }
            let square = format!("{}{}", (b'a' + file) as char, 8 - row);
            let piece = format!("{}{square}", c.to_ascii_uppercase());
            if c.is_ascii_uppercase() {
                white.push(piece);
            } else {
                black.push(piece);
            }
            file += 1;
        }
    }
    format!(
        "{turn}White: {}. Black: {}.",
        white.join(", "),
        black.join(", ")
    )
}
