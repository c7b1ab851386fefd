//! `report --html`: the site from a real run, hostile and broken reports, and the site as
//! Debian's chromium shows it.
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

#[path = "site/history.rs"]
mod history;
#[path = "site/names.rs"]
mod names;

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

#[test]
fn a_site_replaces_its_previous_self_and_nothing_else() {
    let (path, _) = castling_report();
    let dir = site("again", &[path]);
    std::fs::write(dir.join("cases/stale.html"), "old").unwrap();
    let out = cli(&[
        "report",
        "--html",
        dir.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!dir.join("cases/stale.html").exists(), "replaced whole");
    assert!(dir.join("index.html").is_file());
    // A folder of someone else's files is left alone.
    let other = scratch("other");
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    let out = cli(&[
        "report",
        "--html",
        other.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("is not a site this command wrote"),
        "{stderr}"
    );
    assert!(other.join("notes.txt").is_file() && !other.join("index.html").exists());
    let leftovers: Vec<_> = std::fs::read_dir(other.parent().unwrap())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".building-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

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

/// Whether process `pid` catches SIGINT, from its `SigCgt` mask in `/proc`.
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

#[test]
fn an_interrupt_leaves_the_folder_as_it_was_and_nothing_beside_it() {
    // The whole catalogue, so that its load lasts long enough to be interrupted: the
    // reference's run (its own known failures make it exit 1).
    let dir = scratch("interrupt");
    let out = cli(&["run", "--format", "json"]);
    assert!(out.status.code() == Some(0) || out.status.code() == Some(1));
    let report = dir.join("reference.json");
    std::fs::write(&report, &out.stdout).unwrap();
    let site = dir.join("site");
    let child = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args([
            "report",
            "--html",
            site.to_str().unwrap(),
            report.to_str().unwrap(),
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let building = dir.join(format!(".site.building-{}", child.id()));
    // Once it catches SIGINT (it then stops before the writing or between pages), interrupt
    // it: the load of the whole catalogue leaves time before the writing ends.
    let started = std::time::Instant::now();
    while !catches_sigint(child.id()) {
        assert!(
            started.elapsed().as_secs() < 60,
            "no handler after a minute"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("INTERRUPTED by SIGINT: no site was written"),
        "{stderr}"
    );
    // It has no verdicts to print, and does not say it has.
    assert!(
        stderr.contains("SIGINT: stopping (another signal"),
        "{stderr}"
    );
    assert!(!site.exists(), "no site");
    assert!(!building.exists(), "nothing left beside it");
}

#[test]
fn cases_run_from_files_are_found_with_cases_and_said_missing_without() {
    let out = cli(&["run", "--cases", "tests/fixtures/wrong", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let dir = scratch("own-cases");
    let id = "piece-moves/start-21-wrong";
    // The report carries each case's FEN and moves: its boards are drawn without the cases.
    let carried = dir.join("carried.json");
    std::fs::write(&carried, &out.stdout).unwrap();
    let from_report = dir.join("from-report");
    let out = cli(&[
        "report",
        "--html",
        from_report.to_str().unwrap(),
        carried.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("not in"), "{stderr}");
    let (_, body) = page_of(&from_report, id);
    assert!(body.contains("<svg class=\"board\""), "{body}");
    // A report written before they were carried: no board without the cases.
    let mut older: Value = serde_json::from_slice(&std::fs::read(&carried).unwrap()).unwrap();
    for verdict in older["verdicts"].as_array_mut().unwrap() {
        let verdict = verdict.as_object_mut().unwrap();
        verdict.remove("fen");
        verdict.remove("moves");
    }
    let report = dir.join("wrong.json");
    std::fs::write(&report, older.to_string()).unwrap();

    let without = dir.join("without");
    let out = cli(&[
        "report",
        "--html",
        without.to_str().unwrap(),
        report.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("2 cases not in the built-in catalogue"),
        "{stderr}"
    );
    let (_, body) = page_of(&without, id);
    assert!(!body.contains("<svg"), "no board without the case");
    assert!(body.contains("give the case files of the run with <code>--cases</code>"));
    assert!(
        body.contains("tests/fixtures/wrong/piece-moves.yaml:9"),
        "the report's place"
    );

    let with = dir.join("with");
    let out = cli(&[
        "report",
        "--html",
        with.to_str().unwrap(),
        "--cases",
        "tests/fixtures/wrong",
        report.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("not in"), "{stderr}");
    let (_, body) = page_of(&with, id);
    assert!(body.contains("<svg class=\"board\""), "{body}");
    assert!(body.contains("<td class=\"check fail\""), "{body}");
}

#[test]
fn a_chess960_case_s_page_says_its_variant_and_draws_its_castled_position() {
    // The fixture's cases are not in the built-in catalogue: their boards are replayed from
    // the report's FEN and moves, in the report's variant (castling as the king taking its rook).
    let out = cli(&[
        "run",
        "--cases",
        "tests/fixtures/chess960",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let dir = scratch("chess960");
    let report = dir.join("reference.json");
    std::fs::write(&report, &out.stdout).unwrap();
    let built = site("chess960-site", &[&report]);
    // The failing case (the passing one has no page), after the same history.
    let id = "chess960/castles-twice-wrong";
    let (link, body) = page_of(&built, id);
    assert!(
        body.contains("<dt>variant</dt><dd><span class=\"variant\">Chess960</span>"),
        "{body}"
    );
    // b1h1 and b8a8 (FIDE Guidelines II.3.2): the kings on g1 and c8, the rooks beside them.
    let castled = described("2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2");
    let labels: Vec<&str> = body
        .split("aria-label=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect();
    assert_eq!(
        labels,
        [
            described("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"),
            castled.clone()
        ],
        "{body}"
    );
    let index = std::fs::read_to_string(built.join("index.html")).unwrap();
    assert!(
        index.contains("chess960</a> <span class=\"variant\">Chess960</span></th>"),
        "{index}"
    );
    // The failing case in the list of failures, the passing one on its area's page.
    let cases = std::fs::read_to_string(built.join("cases.html")).unwrap();
    assert_eq!(
        cases
            .matches("<span class=\"variant\">Chess960</span>")
            .count(),
        1
    );
    let area = std::fs::read_to_string(built.join("areas/chess960.html")).unwrap();
    assert!(
        area.contains(
            "<li><code>chess960/both-castled</code> Kings b1 / b8: after O-O (b1h1) and O-O-O \
             (b8a8), the kings stand on g1 and c8 <span class=\"variant\">Chess960</span></li>"
        ),
        "{area}"
    );
    // A report written before the variant was carried: its cases are standard chess, where
    // `b1h1` is no move, so the history is said not to replay instead of drawn wrong.
    let mut older: Value = serde_json::from_slice(&out.stdout).unwrap();
    for verdict in older["verdicts"].as_array_mut().unwrap() {
        assert_eq!(
            verdict.as_object_mut().unwrap().remove("variant"),
            Some("chess960".into())
        );
    }
    let older_report = dir.join("older.json");
    std::fs::write(&older_report, older.to_string()).unwrap();
    let older_site = site("chess960-older", &[&older_report]);
    let (_, body) = page_of(&older_site, id);
    assert!(!body.contains("class=\"variant\""), "{body}");
    assert!(body.contains("The history cannot be replayed"), "{body}");

    let Some(chromium) = chromium() else { return };
    let profile = scratch("chromium-profile-960");
    let url = format!("file://{}/{link}", built.canonicalize().unwrap().display());
    let dom = text(&browse(chromium, &profile, &["--dump-dom"], &url).stdout);
    let dom = section(&dom, link.split_once('#').unwrap().1);
    assert!(dom.contains(&format!("aria-label=\"{castled}\"")), "{dom}");
    assert!(dom.contains(">Chess960</span>"), "{dom}");
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    browse(
        chromium,
        &profile,
        &[
            "--window-size=1100,1000",
            &format!(
                "--screenshot={}",
                target.join("site-chess960.png").display()
            ),
        ],
        &url,
    );
}
