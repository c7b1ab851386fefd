//! `run --output FORMAT=PATH`: every report from one run, each the same as `--format`'s, colour
//! only on standard output, the case's FEN, moves and variant in the JSON, and the mistakes
//! refused before anything runs.

use chess_conformance::{Catalogue, Report, Variant};

use super::*;

/// The formats, as `--output` and `--format` name them.
const FORMATS: [&str; 5] = ["text", "json", "junit", "markdown", "listing"];

#[test]
fn one_run_writes_every_report_each_as_format_prints_it() {
    let dir = scratch("every-output");
    let path = |format: &str| dir.join(format!("report.{format}"));
    let mut args: Vec<String> = [
        "run",
        "--cases",
        "tests/fixtures/wrong",
        "--color",
        "always",
    ]
    .map(String::from)
    .to_vec();
    for format in FORMATS {
        args.push("--output".into());
        args.push(format!("{format}={}", path(format).display()));
    }
    // The text report twice: in colour on standard output, plain in its file.
    args.extend(["--output".into(), "text=-".into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = cli(&args);
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    // The run fails (a wrong expectation), and every report is written all the same.
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    assert!(stdout.contains('\u{1b}'), "colour on stdout:\n{stdout}");
    for format in FORMATS {
        let written = std::fs::read_to_string(path(format)).expect(format);
        assert!(!written.contains('\u{1b}'), "{format}: no colour in a file");
        assert!(
            stderr.contains(&format!("wrote the {format} report to ")),
            "{stderr}"
        );
        // The same report as `--format` prints (plain: its stdout is a pipe).
        let alone = cli(&["run", "--cases", "tests/fixtures/wrong", "--format", format]);
        assert_eq!(alone.status.code(), Some(1), "{format}");
        assert_eq!(written, text(&alone.stdout), "{format}");
    }
    // No file but the reports: no temporary left.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut expected: Vec<String> = FORMATS.iter().map(|f| format!("report.{f}")).collect();
    expected.sort();
    assert_eq!(names, expected);

    // Each read back as what it is.
    let json = std::fs::read(path("json")).unwrap();
    let report = Report::from_json(&json).expect("the JSON report reads back");
    assert_eq!(report.summary.failed, 1);
    assert_eq!(report.verdicts.len(), 2);
    assert_eq!(report.verdicts[1].verdict.id, "piece-moves/start-21-wrong");
    let xml = std::fs::read_to_string(path("junit")).unwrap();
    let (cases, failures) = junit_counts(&xml);
    assert_eq!((cases, failures), (2, 1), "{xml}");
    let markdown = std::fs::read_to_string(path("markdown")).unwrap();
    assert!(
        markdown.contains("| 1 | fail | legal moves refused: a pawn move no pawn makes | `piece-moves/start-21-wrong` |"),
        "{markdown}"
    );
    let plain = std::fs::read_to_string(path("text")).unwrap();
    assert!(
        plain.contains("FAIL  piece-moves/start-21-wrong"),
        "{plain}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The test cases and failures of a JUnit report, read as XML (an error if it is not).
fn junit_counts(xml: &str) -> (usize, usize) {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let (mut cases, mut failures) = (0, 0);
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) => match e.name().as_ref() {
                b"testcase" => cases += 1,
                b"failure" => failures += 1,
                _ => {}
            },
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("not XML at {}: {e}\n{xml}", reader.buffer_position()),
        }
    }
    (cases, failures)
}

#[test]
fn the_json_report_carries_each_case_fen_moves_and_variant() {
    // Chess960 cases (some with a history, castling among it) and standard ones with a history.
    let catalogue = Catalogue::builtin().expect("the catalogue loads");
    let dir = scratch("json-positions");
    let mut histories = 0;
    let mut chess960 = 0;
    for area in ["chess960/", "repetition/"] {
        let file = dir.join("report.json");
        let out = cli(&[
            "run",
            "--filter",
            area,
            "--generated",
            "exclude",
            "--output",
            &format!("json={}", file.display()),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let report = Report::from_json(&std::fs::read(&file).unwrap()).expect("reads back");
        assert!(
            report.verdicts.len() > 10,
            "{area}: {}",
            report.verdicts.len()
        );
        for v in &report.verdicts {
            let case = &catalogue.get(&v.verdict.id).expect(&v.verdict.id).case;
            assert_eq!(v.fen.as_deref(), Some(case.fen.as_str()), "{}", case.id);
            assert_eq!(v.moves, case.moves, "{}", case.id);
            assert_eq!(v.variant, case.variant(), "{}", case.id);
            histories += usize::from(!v.moves.is_empty());
            chess960 += usize::from(v.variant == Variant::Chess960);
        }
    }
    assert!(histories > 20 && chess960 > 100, "{histories} {chess960}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn mistakes_in_the_outputs_are_usage_errors_before_anything_runs() {
    let dir = scratch("output-mistakes");
    let file = |name: &str| dir.join(name).display().to_string();
    let same = format!(
        "./{}",
        dir.join("r.json").strip_prefix("/").unwrap().display()
    );
    let cases: [(Vec<String>, &[&str]); 6] = [
        (
            vec!["--output".into(), "yaml=r.yaml".into()],
            &["unknown format `yaml`; the formats: text, json, junit, markdown, listing"],
        ),
        (
            vec!["--output".into(), "json".into()],
            &[
                "expected FORMAT=PATH",
                "text, json, junit, markdown, listing",
            ],
        ),
        (
            vec![
                "--output".into(),
                "text=-".into(),
                "--format".into(),
                "json".into(),
            ],
            &["two reports to standard output (text=-, json=-)"],
        ),
        (
            vec![
                "--output".into(),
                format!("json={}", file("r.json")),
                "--output".into(),
                format!("markdown={}", file("r.json")),
            ],
            &["named twice, for the json report and for the markdown report"],
        ),
        (
            // The same file spelt another way.
            vec![
                "--output".into(),
                format!("json={}", file("r.json")),
                "--write-baseline".into(),
                format!("/{same}"),
            ],
            &["named twice, for the json report and for the baseline"],
        ),
        (
            vec![
                "--output".into(),
                format!("json={}", file("no/such/r.json")),
            ],
            &["cannot write the json report: no folder"],
        ),
    ];
    for (extra, said) in cases {
        let mut args = vec!["run", "--cases", "tests/fixtures/wrong"];
        args.extend(extra.iter().map(String::as_str));
        let out = cli(&args);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}\n{stderr}");
        assert!(out.stdout.is_empty(), "{args:?}: nothing ran");
        for part in said {
            assert!(stderr.contains(part), "{part} in\n{stderr}");
        }
    }
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "nothing written"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
