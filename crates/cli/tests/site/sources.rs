//! Where a case's facts come from: cases run from files, found with `--cases` and said missing
//! without; a Chess960 case's page, its variant and its castled position.

use std::path::Path;

use serde_json::Value;

use super::{browse, chromium, cli, described, page_of, scratch, section, site, text};

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
