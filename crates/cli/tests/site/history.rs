//! A library's history: reports of one engine name in several versions make, on each version's
//! page, a table of the versions newest first with what changed from each to the next, the areas
//! across versions and the cases whose outcome changed; the index lists the library once, at its
//! latest version. The reports are real runs relabelled as versions. Twenty versions keep every
//! table as narrow as three do, which headless chromium measures at a desktop's and a phone's
//! width (its screenshots: `target/site-history.png`, `target/site-history-phone.png`).

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::{browse, castling_report, chromium, cli, scratch, site, text};

/// A real run of `engine` over the hand-written castling cases, as version `version` of `lib`, in `dir`.
fn version_of(engine: &str, version: &str, dir: &Path) -> (PathBuf, Value) {
    let out = cli(&[
        "run",
        "--engine",
        engine,
        "--filter",
        "castling/",
        "--generated",
        "exclude",
        "--format",
        "json",
    ]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    let mut report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    report["engine"]["name"] = Value::from("lib");
    report["engine"]["version"] = Value::from(version);
    let path = dir.join(format!("lib-{version}.json"));
    std::fs::write(&path, serde_json::to_vec(&report).unwrap()).unwrap();
    (path, report)
}

/// `report` relabelled as version `version` of `lib`, written in `dir`.
fn relabelled(report: &Value, version: &str, dir: &Path) -> (PathBuf, Value) {
    let mut report = report.clone();
    report["engine"]["name"] = Value::from("lib");
    report["engine"]["version"] = Value::from(version);
    let path = dir.join(format!("lib-{version}.json"));
    std::fs::write(&path, serde_json::to_vec(&report).unwrap()).unwrap();
    (path, report)
}

/// Each case's outcome in a report.
fn outcomes(report: &Value) -> Vec<(String, String)> {
    report["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["id"].as_str().unwrap().to_owned(),
                v["outcome"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

/// The part of `page` from `start` to the next `end`.
fn between<'p>(page: &'p str, start: &str, end: &str) -> &'p str {
    let from = page
        .find(start)
        .unwrap_or_else(|| panic!("no {start} in\n{page}"));
    let len = page[from..].find(end).unwrap();
    &page[from..from + len]
}

/// The versions of the rows of the tables of versions in `history`, in the page's order.
fn rows_of(history: &str) -> Vec<String> {
    history
        .split("<table class=\"versions\">")
        .skip(1)
        .flat_map(|table| {
            table[..table.find("</table>").unwrap()]
                .split("data-version=\"")
                .skip(1)
        })
        .map(|row| row[..row.find('"').unwrap()].to_owned())
        .collect()
}

/// Each table of `history`: its header cells and the most cells a row of its body has.
fn widths(history: &str) -> Vec<(usize, usize)> {
    history
        .split("<table class=")
        .skip(1)
        .map(|table| {
            let table = &table[..table.find("</table>").unwrap()];
            let (head, body) = table.split_at(table.find("</thead>").unwrap());
            let cells = |row: &str| {
                ["<th>", "<th ", "<td>", "<td "]
                    .iter()
                    .map(|cell| row.matches(cell).count())
                    .sum::<usize>()
            };
            let widest = body.split("<tr").skip(1).map(cells).max().unwrap_or(0);
            (cells(head), widest)
        })
        .collect()
}

/// A real run of `engine` over the hand-written cases of `area`.
fn run_over(engine: &str, area: &str) -> Value {
    let filter = format!("{area}/");
    let out = cli(&[
        "run",
        "--engine",
        engine,
        "--filter",
        &filter,
        "--generated",
        "exclude",
        "--format",
        "json",
    ]);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// Twenty versions of `lib` from three real runs over the longest-named area (the reference and
/// two mutants that fail different cases of it), in a site; their versions oldest first and
/// their reports.
fn twenty_versions(name: &str) -> (PathBuf, Vec<String>, Vec<Value>) {
    let dir = scratch(&format!("{name}-reports"));
    let area = "insufficient-material";
    let runs = [
        run_over("reference", area),
        run_over("mutant:lone-knight-mates", area),
        run_over("mutant:two-knights-cannot-mate", area),
    ];
    // Which run each version is: fixes, breaks and unchanged steps; 0.10.0 after 0.9.0.
    let pattern = [1, 1, 0, 2, 2, 0, 0, 1, 2, 0, 0, 1, 0, 2, 1, 1, 0, 0, 2, 0];
    // Some pre-releases, whose longer names must wrap too.
    let versions: Vec<String> = (1..=20)
        .map(|i| match i % 5 {
            3 => format!("0.{i}.0-rc.1"),
            _ => format!("0.{i}.0"),
        })
        .collect();
    let mut paths = Vec::new();
    let mut reports = Vec::new();
    // Given newest first, so the site's order is its own.
    for (version, &run) in versions.iter().zip(&pattern).rev() {
        let (path, report) = relabelled(&runs[run], version, &dir);
        paths.push(path);
        reports.push(report);
    }
    reports.reverse();
    let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
    (site(name, &paths), versions, reports)
}

/// The cases fixed and broken from `before` to `after`, from the reports, in `before`'s order.
fn fixed_and_broken(before: &Value, after: &Value) -> (Vec<String>, Vec<String>) {
    let after = outcomes(after);
    let (mut fixed, mut broken) = (Vec::new(), Vec::new());
    for (id, was) in outcomes(before) {
        let Some((_, now)) = after.iter().find(|(i, _)| *i == id) else {
            continue;
        };
        let bad = |o: &str| o == "fail" || o == "error";
        if bad(&was) && now == "pass" {
            fixed.push(id);
        } else if was == "pass" && bad(now) {
            broken.push(id);
        }
    }
    (fixed, broken)
}

/// The case ids a cell lists, each linked to its page or not.
fn ids_in(cell: &str) -> Vec<String> {
    let text = cell[cell.find('>').unwrap() + 1..].to_owned();
    if text.contains("class=\"muted\">none<") {
        return Vec::new();
    }
    text.split(", ")
        .map(|id| {
            let id = id.strip_suffix("</a>").unwrap_or(id);
            id[id.rfind('>').map_or(0, |at| at + 1)..].to_owned()
        })
        .collect()
}

#[test]
fn twenty_versions_read_newest_first_with_each_step_s_changes_in_narrow_tables() {
    let (site_dir, versions, reports) = twenty_versions("history-twenty");
    let page = std::fs::read_to_string(site_dir.join("engines/lib-0-20-0.html")).unwrap();
    let history = between(&page, "<section id=\"history\">", "</section>");
    // The newest first, every version once; the newest eight open, the rest behind a summary.
    let newest_first: Vec<String> = versions.iter().rev().cloned().collect();
    assert_eq!(rows_of(history), newest_first);
    let open = between(history, "<table class=\"versions\">", "</table>");
    assert_eq!(rows_of(&format!("{open}</table>")).len(), 8);
    assert!(
        history.contains("<details class=\"older\"><summary>12 older versions: 0.1.0 to 0.12.0"),
        "{history}"
    );
    // No table's width grows with the versions: each has the columns three versions have, six
    // at most, and no row has more cells than its head.
    let tables = widths(history);
    assert_eq!(
        tables.len(),
        5,
        "versions, older versions, areas, fixes, changed cases"
    );
    for (head, widest) in tables {
        assert!(
            head <= 6 && widest <= head,
            "{head} head cells, {widest} in a row"
        );
    }
    // Each step's fixed and broken cases, as the reports have them: counted in the version's
    // row, linked to the version's list of them.
    let mut changes = 0;
    for i in 1..versions.len() {
        let (fixed, broken) = fixed_and_broken(&reports[i - 1], &reports[i]);
        changes += fixed.len() + broken.len();
        let row = between(
            history,
            &format!("data-version=\"{}\">", versions[i]),
            "</tr>",
        );
        let slug = format!("lib-{}", versions[i].replace('.', "-"));
        let step = history.find(&format!("<tr id=\"changes-{slug}\""));
        assert_eq!(step.is_some(), !(fixed.is_empty() && broken.is_empty()));
        for (label, ids, sign) in [("fixed", &fixed, '+'), ("broken", &broken, '−')] {
            let cell = between(row, &format!("data-label=\"{label}\">"), "</td>");
            let expected = match ids.len() {
                0 => "0".to_owned(),
                n => format!("<a href=\"#changes-{slug}\">{sign}{n}</a>"),
            };
            assert_eq!(
                &cell[cell.find('>').unwrap() + 1..],
                expected,
                "{}: {row}",
                versions[i]
            );
            if let Some(at) = step {
                let listed = between(&history[at..], &format!("data-label=\"{label}\">"), "</td>");
                assert_eq!(&ids_in(listed), ids, "{label} in {}", versions[i]);
            }
        }
    }
    assert!(changes > 0, "the runs differ");
    let oldest = between(history, "data-version=\"0.1.0\">", "</tr>");
    assert!(oldest.contains("the oldest version here"), "{oldest}");
    // The oldest version's page opens the older versions, where its own row is.
    let old = std::fs::read_to_string(site_dir.join("engines/lib-0-1-0.html")).unwrap();
    assert!(old.contains("<details class=\"older\" open>"));
    assert!(old.contains("<tr class=\"current\" data-version=\"0.1.0\">"));
}

#[test]
fn chromium_shows_twenty_versions_without_scrolling_sideways() {
    let Some(chromium) = chromium() else { return };
    let (site_dir, _, _) = twenty_versions("history-twenty-browser");
    let profile = scratch("chromium-profile-history");
    // The page in a frame as wide as a desktop's and a phone's window (headless chromium's own
    // window is 500 px at the least), every `<details>` opened: how far the page scrolls
    // sideways, and the right edge of each table of the history.
    for width in [1280, 390] {
        let probe = format!(
            "<!doctype html><body style=\"margin:0\"><script>function measure(f) {{ \
             var d = f.contentDocument, s = d.getElementById(\"history\"); \
             d.querySelectorAll(\"details\").forEach(function (x) {{ x.open = true; }}); \
             document.getElementById(\"probe\").textContent = [d.documentElement.clientWidth, \
             d.documentElement.scrollWidth].concat(Array.prototype.map.call( \
             s.querySelectorAll(\"table\"), function (t) {{ return t.className + \":\" + \
             Math.ceil(t.getBoundingClientRect().right); }})).join(\" \"); }}</script>\
             <iframe onload=\"measure(this)\" src=\"lib-0-20-0.html\" \
             style=\"width: {width}px; height: 2000px; border: 0\"></iframe>\
             <pre id=\"probe\"></pre></body>"
        );
        std::fs::write(site_dir.join("engines/probe.html"), probe).unwrap();
        let url = format!(
            "file://{}/engines/probe.html",
            site_dir.canonicalize().unwrap().display()
        );
        let args = ["--allow-file-access-from-files", "--dump-dom"];
        let dom = text(&browse(chromium, &profile, &args, &url).stdout);
        let measured = between(&dom, "<pre id=\"probe\">", "</pre>");
        let mut figures = measured["<pre id=\"probe\">".len()..].split(' ');
        let number = |s: &str| -> u32 { s.parse().unwrap_or_else(|_| panic!("{measured}")) };
        let (room, page) = (
            number(figures.next().unwrap()),
            number(figures.next().unwrap()),
        );
        assert_eq!(room, width, "{measured}");
        assert!(page <= room, "at {width} px the page is {page} px wide");
        let tables: Vec<(&str, u32)> = figures
            .map(|t| t.split_once(':').unwrap())
            .map(|(name, right)| (name, number(right)))
            .collect();
        assert_eq!(tables.len(), 5, "{measured}");
        for (name, right) in tables {
            assert!(
                right > 0 && right <= room,
                "at {width} px, {name} ends at {right}"
            );
        }
    }
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
    let url = format!(
        "file://{}/engines/lib-0-20-0.html#history",
        site_dir.canonicalize().unwrap().display()
    );
    for (width, file) in [(1280, "site-history.png"), (390, "site-history-phone.png")] {
        browse(
            chromium,
            &profile,
            &[
                &format!("--window-size={width},2000"),
                &format!("--screenshot={}", target.join(file).display()),
            ],
            &url,
        );
    }
}

#[test]
fn three_versions_make_a_history_in_semver_order() {
    let dir = scratch("history-reports");
    // Given out of order: 1.10.0 first, then 1.9.0 (text order would put it last), then a
    // pre-release of 1.10.0 (before 1.10.0, after 1.9.0).
    let versions = [
        version_of("reference", "1.10.0", &dir),
        version_of("mutant:castle-through-attack", "1.9.0", &dir),
        version_of("mutant:castle-into-check", "1.10.0-beta.2", &dir),
    ];
    let paths: Vec<&Path> = versions.iter().map(|(p, _)| p.as_path()).collect();
    let site_dir = site("history", &paths);
    let page = std::fs::read_to_string(site_dir.join("engines/lib-1-10-0.html")).unwrap();
    let history = between(&page, "<section id=\"history\">", "</section>");
    // The versions newest first, as semver orders them.
    assert_eq!(
        rows_of(history),
        ["1.10.0", "1.10.0-beta.2", "1.9.0"],
        "newest first"
    );
    // Each version's total is its report's: passed of those run.
    for (_, report) in &versions {
        let version = report["engine"]["version"].as_str().unwrap();
        let cell = between(history, &format!("data-version=\"{version}\">"), "</td>");
        let expected = format!(
            "<span class=\"n pass\">{}</span> / {}",
            report["summary"]["passed"],
            outcomes(report).len()
        );
        assert!(
            cell.contains(&expected),
            "{version}: {cell} should have {expected}"
        );
    }
    // The changed cases: those whose outcome differs between consecutive versions, from the
    // reports (ordered 1.9.0, 1.10.0-beta.2, 1.10.0).
    let ordered = [&versions[1].1, &versions[2].1, &versions[0].1];
    let runs: Vec<Vec<(String, String)>> = ordered.iter().map(|r| outcomes(r)).collect();
    let of = |run: &Vec<(String, String)>, id: &str| {
        run.iter().find(|(i, _)| i == id).map(|(_, o)| o.clone())
    };
    let mut bugs = Vec::new();
    let mut skips = Vec::new();
    for (id, _) in &runs[0] {
        let path: Vec<Option<String>> = runs.iter().map(|r| of(r, id)).collect();
        let pairs: Vec<(&str, &str)> = path
            .windows(2)
            .filter_map(|w| Some((w[0].as_deref()?, w[1].as_deref()?)))
            .filter(|(a, b)| a != b)
            .collect();
        if pairs.iter().any(|(a, b)| *a != "skip" && *b != "skip") {
            bugs.push(id.clone());
        } else if !pairs.is_empty() {
            skips.push(id.clone());
        }
    }
    assert!(
        !bugs.is_empty(),
        "the mutant fails castling cases the reference passes"
    );
    let listed = |part: &str| -> Vec<String> {
        part.split("<tr data-case=\"")
            .skip(1)
            .map(|row| row[..row.find('"').unwrap()].to_owned())
            .collect()
    };
    let bug_part = if history.contains("<details>") {
        between(history, "id=\"history-bugs\"", "<details>")
    } else {
        history
    };
    assert!(bugs.len() < 300, "all listed");
    assert_eq!(listed(bug_part), bugs);
    if !skips.is_empty() {
        assert_eq!(listed(between(history, "<details>", "</details>")), skips);
    }
    // The index: the library once, at its latest version, its history one click away.
    let index = std::fs::read_to_string(site_dir.join("index.html")).unwrap();
    let engines = between(&index, "<table class=\"engines\">", "</table>");
    assert!(engines.contains(">lib 1.10.0</a>"), "{engines}");
    assert!(
        !engines.contains("1.9.0") && !engines.contains("beta"),
        "{engines}"
    );
    assert!(
        engines.contains("href=\"engines/lib-1-10-0.html#history\">history: 2 older versions"),
        "{engines}"
    );
    // An older version's page has the same history, its own row marked.
    let old = std::fs::read_to_string(site_dir.join("engines/lib-1-9-0.html")).unwrap();
    assert!(
        old.contains(
            "<tr class=\"current\" data-version=\"1.9.0\"><th scope=\"row\"><strong>1.9.0</strong>"
        ),
        "{old}"
    );
}

#[test]
fn a_library_with_one_version_has_no_history() {
    let (path, _) = castling_report();
    let dir = site("no-history", &[path]);
    let page = std::fs::read_to_string(dir.join(format!("engines/{}.html", super::SLUG))).unwrap();
    assert!(!page.contains("id=\"history\""), "{page}");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(!index.contains("older version"), "{index}");
}
