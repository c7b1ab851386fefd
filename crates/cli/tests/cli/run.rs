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
}

/// An engine that does not declare `chess960` (the chess crate) is not asked: the cases are
/// skipped, saying why. With the feature `adapters` only (CI's adapters step runs it).
#[cfg(feature = "adapters")]
#[test]
fn a_chess960_case_is_not_asked_of_an_adapter_without_chess960() {
    let out = cli(&[
        "run",
        "--cases",
        "tests/fixtures/chess960",
        "--engine",
        "chess",
    ]);
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
    stop_at_the_timeout("deadline", &["reference", "mutant:pins-ignored"]);
}

/// The same of three in-process adapters: with the feature `adapters` only (CI's adapters step
/// runs it).
#[cfg(feature = "adapters")]
#[test]
fn in_process_adapters_stop_at_the_timeout_and_the_run_goes_on() {
    stop_at_the_timeout("deadline-adapters", &["chess", "cozy-chess", "owlchess"]);
}

/// Each of `engines` asked perft 9 with a timeout of a second: that case errs, the next passes.
fn stop_at_the_timeout(name: &str, engines: &[&str]) {
    // Perft 9 of the initial position: hours for any of them.
    let dir = perft_cases(
        name,
        &[
            ("depth-9", "{ perft: { 9: 2439530234167 } }"),
            ("then-this", "{ move_count: 20 }"),
        ],
    );
    for &engine in engines {
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
    // The reference over the hand-written cases (the whole catalogue took 9 s of CPU here for
    // no more interleaving: `the_builtin_catalogue_passes_against_the_reference` runs it all),
    // text and JSON from one run each time; an engine with failures (a mutant) writing its
    // baseline: `--jobs 2` gives byte for byte what `--jobs 1` does.
    let runs: [(&[&str], &str, &str); 2] = [
        (
            &[
                "run",
                "--generated",
                "exclude",
                "--verbose",
                "--output",
                "text=-",
                "--output",
            ],
            "json=",
            "report.json",
        ),
        (
            &[
                "run",
                "--engine",
                "mutant:castle-through-attack",
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
