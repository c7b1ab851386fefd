//! `run`: verdicts, exit codes and reports (text, JSON, JUnit, Markdown), baselines, the
//! generated cases, empty selections, timeouts and the perft limit, `--jobs`.

use super::*;

#[test]
fn the_builtin_catalogue_passes_against_the_reference() {
    // Every case passes but the reference's own known failures, which fail as listed.
    let out = cli(&["run"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let known = chess_conformance::Baseline::reference()
        .known_failures
        .len();
    assert!(known >= 2, "{known}");
    let last = stdout.lines().last().unwrap();
    assert!(
        last.ends_with(&format!("passed, {known} failed, 0 skipped, 0 errors")),
        "{last}"
    );
    assert!(
        stdout.contains(&format!(
            "baseline: {known} known failure(s) still fail, 0 new failure(s), 0 stale entries"
        )),
        "{stdout}"
    );
    assert!(
        stdout.contains("\ncastling "),
        "areas are listed:\n{stdout}"
    );
}

#[test]
fn a_wrong_answer_exits_1_and_shows_the_board_and_both_answers() {
    let out = cli(&["run", "--cases", "tests/fixtures/wrong"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("FAIL  piece-moves/start-21-wrong"),
        "{stdout}"
    );
    assert!(
        stdout.contains("♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖"),
        "the board is drawn:\n{stdout}"
    );
    assert!(
        stdout.contains("move_count:\n          expected: 21\n          actual:   20"),
        "{stdout}"
    );
    assert!(stdout.contains("actual:   not legal: [e2e5]"), "{stdout}");
    assert!(
        stdout.contains("tests/fixtures/wrong/piece-moves.yaml:9"),
        "{stdout}"
    );
    assert_eq!(
        stdout.lines().last(),
        Some("1 passed, 1 failed, 0 skipped, 0 errors")
    );
}

#[test]
fn json_report_carries_expected_and_actual_answers() {
    let out = cli(&["run", "--cases", "tests/fixtures/wrong", "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(report["summary"]["failed"], 1);
    assert_eq!(report["engine"]["name"], "reference (shakmaty)");
    let wrong = &report["verdicts"][1];
    assert_eq!(wrong["id"], "piece-moves/start-21-wrong");
    assert_eq!(wrong["outcome"], "fail");
    assert_eq!(wrong["checks"][0]["assertion"], "legal");
    assert_eq!(wrong["checks"][1]["assertion"], "move_count");
    assert_eq!(wrong["checks"][1]["expected"], "21");
    assert_eq!(wrong["checks"][1]["actual"], "20");
    assert_eq!(wrong["checks"][1]["outcome"], "fail");
    assert_eq!(wrong["checks"][0]["outcome"], "fail");
    assert_eq!(report["verdicts"][0]["checks"][0]["outcome"], "pass");
}

#[test]
fn a_broken_catalogue_exits_2_with_the_place_of_each_error() {
    let out = cli(&[
        "run",
        "--cases",
        "tests/malformed/unknown-assertion.yaml",
        "--cases",
        "tests/malformed/bad-square.yaml",
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(out.stdout.is_empty());
    assert!(
        stderr
            .contains("tests/malformed/unknown-assertion.yaml:8:7: case `unknown-assertion/typo`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("tests/malformed/bad-square.yaml:8:18: case `bad-square/z9`"),
        "{stderr}"
    );
    assert!(
        stderr.contains("the catalogue has 2 errors; nothing was run"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_baseline_accepts_known_failures_and_rejects_new_and_stale_ones() {
    let dir = std::env::temp_dir().join(format!("cc-baseline-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("baseline.yaml");
    let file = file.to_str().unwrap();

    // Written from a run with one failure: the run then passes against it.
    let out = cli(&[
        "run",
        "--cases",
        "tests/fixtures/wrong",
        "--write-baseline",
        file,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(file).unwrap();
    assert!(written.contains("piece-moves/start-21-wrong:"), "{written}");
    let out = cli(&["run", "--cases", "tests/fixtures/wrong", "--baseline", file]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout
            .contains("baseline: 1 known failure(s) still fail, 0 new failure(s), 0 stale entries"),
        "{stdout}"
    );

    // A listed case that passes is stale and fails the run.
    std::fs::write(file, "known_failures:\n  piece-moves/start-21-wrong: wrong on purpose\n  piece-moves/start-20: claimed broken\n").unwrap();
    let out = cli(&["run", "--cases", "tests/fixtures/wrong", "--baseline", file]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("stale entry  piece-moves/start-20: it passes now"),
        "{stdout}"
    );

    // An empty baseline: the failure is new.
    std::fs::write(file, "known_failures: {}\n").unwrap();
    let out = cli(&["run", "--cases", "tests/fixtures/wrong", "--baseline", file]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("new failure  piece-moves/start-21-wrong"));

    // A malformed baseline is bad input.
    std::fs::write(file, "known_failure: {}\n").unwrap();
    let out = cli(&["run", "--cases", "tests/fixtures/wrong", "--baseline", file]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("unknown field `known_failure`"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn junit_and_markdown_reports() {
    let out = cli(&[
        "run",
        "--cases",
        "tests/fixtures/wrong",
        "--format",
        "junit",
    ]);
    let xml = text(&out.stdout);
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert!(
        xml.contains(
            r#"<testsuite name="piece-moves" tests="2" skipped="0" errors="0" failures="1">"#
        ),
        "{xml}"
    );
    assert!(
        xml.contains(r#"<failure message="legal: expected [e2e5], actual not legal: [e2e5]">"#),
        "{xml}"
    );
    let out = cli(&[
        "run",
        "--cases",
        "tests/fixtures/wrong",
        "--format",
        "markdown",
    ]);
    let md = text(&out.stdout);
    assert!(md.contains("| piece-moves | 1 | 1 | 0 | 0 |"), "{md}");
    assert!(
        md.contains(
            "| 1 | fail | legal moves refused: a pawn move no pawn makes | \
             `piece-moves/start-21-wrong` | legal: expected \\[e2e5\\], actual not legal: \\[e2e5\\] |"
        ),
        "{md}"
    );
    assert!(
        !md.contains("| 3.10.1 |"),
        "one case a line only with --all: {md}"
    );
    let out = cli(&[
        "run",
        "--cases",
        "tests/fixtures/wrong",
        "--format",
        "markdown",
        "--all",
    ]);
    let md = text(&out.stdout);
    assert!(
        md.contains("| `piece-moves/start-21-wrong` | 3.10.1 | fail |"),
        "{md}"
    );
}

/// The Chess960 fixture's board after `b1h1 b8a8` (each side castled, the king taking its
/// rook): the final squares of regular chess (FIDE Guidelines II.3.2), worked out here.
const CASTLED_960: [&str; 2] = ["8  · · ♚ ♜ · · · ♜", "1  ♖ · · · · ♖ ♔ ·"];

#[test]
fn a_chess960_case_is_reported_with_its_variant_and_its_castled_board() {
    let fixture = "tests/fixtures/chess960";
    let out = cli(&["run", "--cases", fixture]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let block = stdout
        .split("FAIL  chess960/castles-twice-wrong")
        .nth(1)
        .expect("the failure");
    assert!(
        block.contains("chess960.yaml:16\n        variant: Chess960\n        fen: "),
        "{block}"
    );
    for rank in CASTLED_960 {
        assert!(block.contains(rank), "{rank} in\n{block}");
    }
    // The JSON carries the variant beside the FEN and moves.
    let out = cli(&["run", "--cases", fixture, "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for v in report["verdicts"].as_array().unwrap() {
        assert_eq!(v["variant"], "chess960", "{v}");
        assert_eq!(v["moves"], serde_json::json!(["b1h1", "b8a8"]), "{v}");
    }
    // A standard case's verdict has no `variant`.
    let out = cli(&["run", "--cases", "tests/fixtures/wrong", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert!(report["verdicts"][0].get("variant").is_none(), "{report}");
    let out = cli(&["run", "--cases", fixture, "--format", "markdown"]);
    let md = text(&out.stdout);
    assert!(
        md.contains("| `chess960/castles-twice-wrong` (Chess960) | legal:"),
        "{md}"
    );
    let out = cli(&["run", "--cases", fixture, "--format", "markdown", "--all"]);
    let md = text(&out.stdout);
    assert!(
        md.contains("| `chess960/castles-twice-wrong` (Chess960) | II.3.1 | fail |"),
        "{md}"
    );
    let out = cli(&["run", "--cases", fixture, "--format", "junit"]);
    let xml = text(&out.stdout);
    assert!(xml.contains("variant: Chess960"), "{xml}");
    assert!(xml.contains(CASTLED_960[1]), "{xml}");
    // An engine that does not declare `chess960` is not asked: the cases are skipped, saying why.
    let out = cli(&["run", "--cases", fixture, "--engine", "chess"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("SKIP  2 cases: the engine does not offer: chess960"),
        "{stdout}"
    );
}

#[test]
fn generated_cases_can_be_included_excluded_or_run_alone() {
    let count = |args: &[&str]| {
        let out = cli(args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        text(&out.stdout).lines().count()
    };
    let all = count(&["list"]);
    let hand = count(&["list", "--generated", "exclude"]);
    let generated = count(&["list", "--generated", "only"]);
    assert_eq!(all, hand + generated);
    assert!(generated >= 20_000, "{generated}");
    let mined = count(&["list", "--generated", "only", "--filter", "/mined/"]);
    assert!(mined * 10 > generated * 8, "{mined} of {generated}");
    let out = cli(&["run", "--generated", "only", "--filter", "castling/"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout
            .lines()
            .last()
            .unwrap()
            .ends_with("passed, 0 failed, 0 skipped, 0 errors")
    );
}

/// A run of zero cases is bad input (exit 2) saying what was found, never a green run: an
/// empty folder, files that hold no case, a `--generated` choice that keeps none.
#[test]
fn a_selection_of_zero_cases_exits_2_saying_what_was_found() {
    let dir = std::env::temp_dir().join(format!("chess-conformance-zero-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).unwrap();
    let no_cases = dir.join("castling.yml");
    std::fs::write(&no_cases, "cases: []\n").unwrap();
    let path = |p: &std::path::Path| p.display().to_string();
    let runs: [(Vec<String>, String); 3] = [
        (
            vec!["--cases".into(), path(&empty)],
            format!(
                "{}: no case file (`*.yaml` or `*.yml`) in this folder: it is empty",
                path(&empty)
            ),
        ),
        (
            vec!["--cases".into(), path(&no_cases)],
            format!(
                "no case to run: the files of --cases {} hold none",
                path(&no_cases)
            ),
        ),
        (
            vec![
                "--cases".into(),
                "cases/castling.yaml".into(),
                "--generated".into(),
                "only".into(),
            ],
            "no case to run: none of the".into(),
        ),
    ];
    for (args, says) in runs {
        let mut all = vec!["run"];
        all.extend(args.iter().map(String::as_str));
        let out = cli(&all);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(&says), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let help = text(&cli(&["run", "--help"]).stdout);
    assert!(help.contains("`*.yaml` and `*.yml`"), "{help}");
}

/// A `perft.yaml` in a scratch folder with these cases, each `(id, expect)` on the initial
/// position.
fn perft_cases(name: &str, cases: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = scratch(name);
    let mut yaml = String::from("cases:\n");
    for (id, expect) in cases {
        yaml.push_str(&format!(
            "  - id: perft/{id}\n    title: {id}\n    rule: 3.10.1\n    fen: \
             rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n    expect: {expect}\n"
        ));
    }
    std::fs::write(dir.join("perft.yaml"), yaml).unwrap();
    dir
}

#[test]
fn in_process_engines_stop_at_the_timeout_and_the_run_goes_on() {
    // Perft 9 of the initial position: hours for any of them.
    let dir = perft_cases(
        "deadline",
        &[
            ("depth-9", "{ perft: { 9: 2439530234167 } }"),
            ("then-this", "{ move_count: 20 }"),
        ],
    );
    for engine in ["reference", "chess", "cozy-chess", "owlchess"] {
        let started = std::time::Instant::now();
        let out = cli(&[
            "run",
            "--engine",
            engine,
            "--cases",
            dir.to_str().unwrap(),
            "--timeout",
            "1s",
        ]);
        let took = started.elapsed();
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(1), "{engine}: {stdout}");
        assert!(
            stdout.contains(
                "perft 9: error: perft 9: no answer within the timeout of 1s (an engine in this \
                 process stops at --timeout)"
            ),
            "{engine}: {stdout}"
        );
        assert_eq!(
            stdout.lines().last(),
            Some("1 passed, 0 failed, 0 skipped, 1 errors"),
            "{engine}: {stdout}"
        );
        assert!(took.as_secs() < 30, "{engine}: {took:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_perft_limit_skips_a_case_left_with_nothing_and_shows_a_partial_drop() {
    let dir = perft_cases(
        "perft-limit",
        &[("deep", "{ perft: { 3: 8902, 4: 197281 } }")],
    );
    let cases = dir.to_str().unwrap();
    // Every count above the limit: the case is skipped, with the limit as its reason.
    let out = cli(&["run", "--cases", cases, "--perft-limit", "100"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("SKIP  1 case: the count is above the perft limit of 100 nodes"),
        "{stdout}"
    );
    assert_eq!(
        stdout.lines().last(),
        Some("0 passed, 0 failed, 1 skipped, 0 errors")
    );
    // One count left: a pass that shows what was left out.
    let out = cli(&["run", "--cases", cases, "--perft-limit", "10000"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "SKIP  1 assertion of 1 case that passed: the count is above the perft limit of \
             10000 nodes"
        ),
        "{stdout}"
    );
    let out = cli(&["run", "--cases", cases, "--perft-limit", "10000", "-v"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("perft 4: skipped: the count is above the perft limit of 10000 nodes"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_timeout_beyond_the_longest_is_a_usage_error() {
    for timeout in ["1e20s", "1e19s", "25h", "0s", "inf"] {
        for engine in ["reference", "process:python3 adapters/python_chess_shim.py"] {
            let out = cli(&["run", "--engine", engine, "--timeout", timeout]);
            let stderr = text(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{timeout}: {stderr}");
            assert!(stderr.contains(&format!("`{timeout}`")), "{stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
    }
    let out = cli(&["run", "--max-line-bytes", "18446744073709551615"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}

#[test]
fn control_characters_from_an_engine_are_escaped_in_the_text_report() {
    // An engine whose name, answers and stderr carry terminal escapes and a carriage return.
    let dir = scratch("escapes");
    let engine = dir.join("engine.py");
    std::fs::write(
        &engine,
        r#"import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["type"] == "start":
        result = {"protocol": 1, "name": "esc\u001b[31m", "version": "1",
                  "capabilities": ["legal-moves"]}
        print(json.dumps({"seq": req["seq"], "result": result}), flush=True)
    elif req["seq"] == 1:
        print(json.dumps({"seq": 1, "error": "bad \u001b[41mthing\r over"}), flush=True)
    else:
        sys.stderr.write("\u001b[2J\u001b]0;title\u0007 cleared\n")
        sys.stderr.flush()
        sys.exit(3)
"#,
    )
    .unwrap();
    let spec = format!("process:python3 {}", engine.display());
    let out = cli(&["run", "--engine", &spec, "--cases", "tests/fixtures/wrong"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        !stdout.contains(['\u{1b}', '\r', '\u{7}']),
        "{}",
        stdout.escape_debug()
    );
    assert!(stdout.contains("against esc\\u{1b}[31m 1"), "{stdout}");
    assert!(
        stdout.contains("the engine answered with an error: bad \\u{1b}[41mthing\\r over"),
        "{stdout}"
    );
    assert!(
        stdout.contains("| \\u{1b}[2J\\u{1b}]0;title\\u{7} cleared"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn jobs_give_the_report_and_baseline_of_one_job() {
    // The reference over the whole catalogue, text and JSON from one run each time; an engine
    // with failures writing its baseline: `--jobs 2` gives byte for byte what `--jobs 1` does.
    let runs: [(&[&str], &str, &str); 2] = [
        (
            &["run", "--verbose", "--output", "text=-", "--output"],
            "json=",
            "report.json",
        ),
        (
            &[
                "run",
                "--engine",
                "chess",
                "--generated",
                "exclude",
                "--write-baseline",
            ],
            "",
            "baseline.yaml",
        ),
    ];
    for (args, prefix, file) in runs {
        let mut outputs = Vec::new();
        for jobs in ["1", "2"] {
            let path = scratch(&format!("jobs-{jobs}")).join(file);
            let target = format!("{prefix}{}", path.display());
            let mut args = args.to_vec();
            args.push(&target);
            args.extend(["--jobs", jobs]);
            let out = cli(&args);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{args:?}\n{}",
                text(&out.stderr)
            );
            let written = std::fs::read_to_string(&path).unwrap();
            outputs.push((text(&out.stdout), written));
        }
        assert!(outputs[0].0.len() > 1000, "{args:?}: {}", outputs[0].0);
        assert!(
            outputs[0] == outputs[1],
            "{args:?}: --jobs 2 differs from --jobs 1"
        );
        let expected = if file == "baseline.yaml" {
            "known_failures"
        } else {
            "\"verdicts\""
        };
        assert!(outputs[0].1.contains(expected), "{}", outputs[0].1);
    }
}

#[test]
fn jobs_zero_is_a_usage_error() {
    for jobs in ["0", "two"] {
        for command in ["run", "matrix"] {
            let out = cli(&[command, "--jobs", jobs]);
            assert_eq!(out.status.code(), Some(2), "{command} --jobs {jobs}");
            assert!(out.stdout.is_empty());
            assert!(
                text(&out.stderr).contains("--jobs"),
                "{}",
                text(&out.stderr)
            );
        }
    }
}

#[test]
fn symlinks_leading_out_of_a_case_folder_are_refused_and_no_secret_is_quoted() {
    // A contributed case folder pointing at a credentials file and a key outside it, a file
    // of its own with a 20,000-character line, and a link to that file (inside, so followed).
    let dir = scratch("symlinks");
    let secret = "ghp_0123456789abcdefSECRET";
    std::fs::write(dir.join("credentials"), format!("TOKEN={secret}\n")).unwrap();
    let key = format!(
        "-----BEGIN OPENSSH PRIVATE KEY-----\n{}KEYBODY\n-----END OPENSSH PRIVATE KEY-----\n",
        "b3BlbnNzaC1rZXktdjEAAAAA".repeat(4)
    );
    std::fs::write(dir.join("id_ed25519"), &key).unwrap();
    let cases = dir.join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::os::unix::fs::symlink(dir.join("credentials"), cases.join("a.yaml")).unwrap();
    std::os::unix::fs::symlink("../id_ed25519", cases.join("b.yaml")).unwrap();
    let long = format!("{}{secret}\n", "x".repeat(20_000));
    std::fs::write(cases.join("c.yaml"), &long).unwrap();
    std::fs::create_dir(cases.join("sub")).unwrap();
    std::fs::write(cases.join("sub/kept.txt"), format!("y{long}")).unwrap();
    std::os::unix::fs::symlink("sub/kept.txt", cases.join("d.yaml")).unwrap();
    let out = cli(&["run", "--cases", cases.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for leak in [secret, "KEYBODY", "BEGIN OPENSSH", &"x".repeat(100)] {
        assert!(!stderr.contains(leak), "{leak} leaked: {stderr}");
    }
    for link in ["a.yaml", "b.yaml"] {
        assert!(
            stderr.contains(&format!(
                "{}: a symbolic link leading outside {}: not read",
                cases.join(link).display(),
                cases.display()
            )),
            "{stderr}"
        );
    }
    // The link inside the folder is followed; each long line is quoted as an excerpt.
    assert!(stderr.contains("c.yaml:1:1: not a valid case file: invalid type: string \"xxx"));
    assert!(stderr.contains("x… (20026 characters)\", expected struct CaseFile"));
    assert!(stderr.contains("d.yaml:1:1: not a valid case file: invalid type: string \"yxx"));
    assert!(stderr.contains("x… (20027 characters)\", expected struct CaseFile"));
    assert!(stderr.lines().all(|l| l.len() < 400), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_handshake_error_quotes_the_engines_line_escaped() {
    // An engine that greets with terminal escapes (a title, a screen clear) and a NUL, then a
    // UTF-16 one, whose every other byte is NUL.
    let dir = scratch("handshake-escapes");
    for (name, greeting) in [
        (
            "escapes.py",
            r#"sys.stdout.write("\x1b]0;pwned\x07\x1b[2J\x00hello\n")"#,
        ),
        (
            "utf16.py",
            r#"sys.stdout.buffer.write('{"seq": 0}\n'.encode("utf-16-le"))"#,
        ),
    ] {
        let engine = dir.join(name);
        std::fs::write(
            &engine,
            format!("import sys, time\n{greeting}\nsys.stdout.flush()\ntime.sleep(5)\n"),
        )
        .unwrap();
        let spec = format!("process:python3 {}", engine.display());
        let out = cli(&["run", "--engine", &spec, "--cases", "tests/fixtures/wrong"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("did not complete the handshake"),
            "{stderr}"
        );
        assert!(
            !stderr.contains(['\u{1b}', '\u{7}', '\u{0}']),
            "{name}: {}",
            stderr.escape_debug()
        );
        assert!(stderr.contains("\\u{0}"), "{name}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_markdown_report_carries_no_markup_from_an_engine() {
    // An engine whose name and error answers are HTML, an image and a link: in a CI step
    // summary they would render (a tracking image, a link to anywhere, a folded section).
    let dir = scratch("markdown-injection");
    let engine = dir.join("engine.py");
    std::fs::write(
        &engine,
        r#"import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["type"] == "start":
        result = {"protocol": 1, "name": "<details open>evil", "version": "[v](http://x)",
                  "capabilities": ["legal-moves", "move-count"]}
        print(json.dumps({"seq": req["seq"], "result": result}), flush=True)
    else:
        error = "<img src=http://x/t.png> ![a](http://x/y.png) [click](http://x) | cell"
        print(json.dumps({"seq": req["seq"], "error": error}), flush=True)
"#,
    )
    .unwrap();
    let spec = format!("process:python3 {}", engine.display());
    let out = cli(&[
        "run",
        "--engine",
        &spec,
        "--cases",
        "tests/fixtures/wrong",
        "--format",
        "markdown",
    ]);
    let md = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{md}{}", text(&out.stderr));
    for markup in ["<details", "<img", "!["] {
        assert!(!md.contains(markup), "{markup} in\n{md}");
    }
    assert!(
        md.starts_with(r"## chess-conformance: &lt;details open&gt;evil \[v\](http://x)"),
        "{md}"
    );
    assert!(
        md.contains(
            r"&lt;img src=http://x/t.png&gt; !\[a\](http://x/y.png) \[click\](http://x) \| cell |"
        ),
        "{md}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn jobs_are_bounded_and_a_refused_thread_is_a_warning_not_a_panic() {
    for command in ["run", "matrix", "mutants"] {
        let out = cli(&[command, "--jobs", "100000"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert!(stderr.contains("`100000` jobs: at most 256"), "{stderr}");
    }
    let help = text(&cli(&["run", "--help"]).stdout);
    assert!(help.contains("at most 256"), "{help}");
    // A stack of 1 TiB: every thread the pool asks for is refused, unless the kernel grants
    // any mapping (overcommit mode 1).
    if std::fs::read_to_string("/proc/sys/vm/overcommit_memory").is_ok_and(|m| m.trim() == "1") {
        eprintln!("skipped the refused thread: vm.overcommit_memory is 1, a 1 TiB stack is given");
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(["run", "--jobs", "2", "--cases", "tests/fixtures/wrong"])
        .current_dir(ROOT)
        .env("RUST_MIN_STACK", (1u64 << 40).to_string())
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains("warning: 2 jobs asked, but the system refused another thread"),
        "{stderr}"
    );
    assert!(stderr.contains("the run goes on with 1 worker"), "{stderr}");
    assert!(
        text(&out.stdout).contains("1 passed, 1 failed"),
        "{}",
        text(&out.stdout)
    );
}

/// A `--cases` folder with its own `VERSION` gives its version to every report and to a
/// baseline written from it; with its record, a baseline written against an older version is
/// told the cases new since, their verdicts apart (and still counted: the run fails on them).
#[test]
fn a_versioned_folder_names_its_version_and_a_baseline_of_an_older_one_sees_the_new_cases() {
    let dir = scratch("versioned");
    let cases = dir.join("cases");
    std::fs::create_dir_all(&cases).unwrap();
    std::fs::copy(
        format!("{ROOT}/tests/fixtures/wrong/piece-moves.yaml"),
        cases.join("piece-moves.yaml"),
    )
    .unwrap();
    std::fs::write(cases.join("VERSION"), "1.1.0\n").unwrap();
    // Version 1.0.0 had `start-20`; 1.1.0 added `start-21-wrong`.
    std::fs::write(
        cases.join("catalogue.lock"),
        "release 1.0.0\nrelease 1.1.0\ncase piece-moves/start-20 aaaaaaaaaaaa 1.0.0\n\
         case piece-moves/start-21-wrong bbbbbbbbbbbb 1.1.0\n",
    )
    .unwrap();
    let folder = cases.to_str().unwrap();
    let json = dir.join("report.json");
    let junit = dir.join("report.xml");
    let out = cli(&[
        "run",
        "--cases",
        folder,
        "--output",
        &format!("json={}", json.display()),
        "--output",
        &format!("junit={}", junit.display()),
        "--output",
        "text=-",
    ]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("\ncatalogue version 1.1.0\n1 passed, 1 failed"),
        "{stdout}"
    );
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["catalogue_version"], "1.1.0");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(
        xml.contains(r#"<property name="catalogue_version" value="1.1.0"/>"#),
        "{xml}"
    );
    let baseline = dir.join("baseline.yaml");
    std::fs::write(
        &baseline,
        "engine: x\ncatalogue_version: \"1.0.0\"\nknown_failures: {}\n",
    )
    .unwrap();
    let out = cli(&[
        "run",
        "--cases",
        folder,
        "--baseline",
        baseline.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(1),
        "the new case's failure counts:\n{stdout}"
    );
    assert!(
        stdout.contains(
            "catalogue: the baseline was written against 1.0.0, this is 1.1.0: 1 case new since \
             1.0.0 (counted with the rest): 0 passed, 1 failed, 0 skipped, 0 errors\n  \
             new fail   piece-moves/start-21-wrong: "
        ),
        "{stdout}"
    );
    // A baseline written from this run says 1.1.0; the same folder without VERSION has none.
    let written = dir.join("written.yaml");
    let out = cli(&[
        "run",
        "--cases",
        folder,
        "--write-baseline",
        written.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let text_written = std::fs::read_to_string(&written).unwrap();
    assert!(
        text_written.contains("\ncatalogue_version: \"1.1.0\"\n"),
        "{text_written}"
    );
    std::fs::remove_file(cases.join("VERSION")).unwrap();
    let out = cli(&["run", "--cases", folder, "--format", "json"]);
    assert!(!text(&out.stdout).contains("catalogue_version"));
    // A malformed VERSION is the loader's error, naming the file.
    std::fs::write(cases.join("VERSION"), "one\n").unwrap();
    let out = cli(&["run", "--cases", folder]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("VERSION: `one` is not a version"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_builtin_catalogue_names_its_version_in_json_and_text() {
    let version = std::fs::read_to_string(format!("{ROOT}/cases/VERSION")).unwrap();
    let out = cli(&["run", "--filter", "perft/kiwipete", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(report["catalogue_version"], version.trim());
}
