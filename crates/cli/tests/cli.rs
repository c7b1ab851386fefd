//! The binary as a user meets it: exit codes, what goes to stdout and stderr, and the shape of
//! its reports.

use chess_conformance_generate::AREAS;
use std::process::{Command, Output};

/// The repository's root: the command runs there, as the README's commands do, so that the
/// test data of `tests/` and the catalogue of `cases/` are where a user has them.
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
fn bad_usage_exits_2() {
    assert_eq!(
        cli(&["run", "--filter", "no-such-case/"]).status.code(),
        Some(2)
    );
    assert_eq!(cli(&["run", "--engine", "nonsense"]).status.code(), Some(2));
    assert_eq!(cli(&["run", "--format", "xml"]).status.code(), Some(2));
    assert_eq!(cli(&["frobnicate"]).status.code(), Some(2));
    let out = cli(&["show", "castling/no-such-case"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no case has the id `castling/no-such-case`"));
}

#[test]
fn show_draws_the_board_and_the_expectations() {
    let out = cli(&[
        "show",
        "piece-moves/start-21-wrong",
        "--cases",
        "tests/fixtures/wrong",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(stdout.contains("8  ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"), "{stdout}");
    assert!(stdout.contains("FIDE Laws 3.10.1"), "{stdout}");
    assert!(stdout.contains("move_count: 21"), "{stdout}");
    assert!(stdout.contains("needs: legal-moves"), "{stdout}");
}

#[test]
fn list_prints_one_case_per_line() {
    let out = cli(&["list", "--cases", "tests/fixtures/wrong"]);
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stdout.starts_with("piece-moves/start-20"), "{stdout}");
}

#[test]
fn help_names_every_subcommand() {
    let out = cli(&["--help"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    for sub in [
        "run", "list", "show", "matrix", "generate", "export", "init", "winnable",
    ] {
        assert!(stdout.contains(sub), "{stdout}");
    }
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
        md.contains("| `piece-moves/start-21-wrong` | 3.10.1 | fail |"),
        "{md}"
    );
}

#[test]
fn matrix_prints_areas_by_engines() {
    let out = cli(&[
        "matrix",
        "--cases",
        "tests/fixtures/wrong",
        "--engine",
        "reference",
        "--engine",
        "reference",
    ]);
    let md = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        md.contains("| piece-moves | 1 / 1 / 0 / 0 | 1 / 1 / 0 / 0 |"),
        "{md}"
    );
    assert!(md.contains("| **total** | **1 / 1 / 0 / 0** |"), "{md}");
}

#[test]
fn matrix_writes_and_checks_one_baseline_per_engine() {
    let dir = std::env::temp_dir().join(format!("cc-matrix-{}", std::process::id()));
    let dir_arg = dir.to_str().unwrap();
    let matrix =
        |flag: &str, dir: &str| cli(&["matrix", "--cases", "tests/fixtures/wrong", flag, dir]);
    let out = matrix("--write-baselines", dir_arg);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let written = std::fs::read_to_string(dir.join("reference-shakmaty.yaml")).unwrap();
    assert!(written.contains("piece-moves/start-21-wrong:"), "{written}");
    let out = matrix("--baselines", dir_arg);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    std::fs::write(dir.join("reference-shakmaty.yaml"), "known_failures: {}\n").unwrap();
    let out = matrix("--baselines", dir_arg);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("new failure  piece-moves/start-21-wrong"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_file(dir.join("reference-shakmaty.yaml")).unwrap();
    let out = matrix("--baselines", dir_arg);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no baseline for reference (shakmaty)"),
        "{}",
        text(&out.stderr)
    );
    std::fs::remove_dir_all(&dir).unwrap();
    // A folder that is not there is reported before anything runs.
    let out = matrix("--baselines", "/nonexistent-dir");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "/nonexistent-dir: no such folder of baselines\n"
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

#[test]
fn export_writes_json_per_area_and_epd_of_the_perft_cases() {
    let dir = std::env::temp_dir().join(format!("cc-cli-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out_dir = dir.to_str().unwrap();
    let out = cli(&[
        "export",
        "--format",
        "json",
        "--generated",
        "exclude",
        "--out",
        out_dir,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let castling: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("castling.json")).unwrap()).unwrap();
    assert_eq!(castling["cases"][0]["id"], "castling/kingside-legal");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), AREAS.len());
    let out = cli(&[
        "export",
        "--format",
        "epd",
        "--filter",
        "perft/kiwipete",
        "--out",
        out_dir,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let epd = std::fs::read_to_string(dir.join("perft.epd")).unwrap();
    assert!(
        epd.starts_with(
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - ;D1 48 ;D2 2039 ;D3 97862 ;id \"perft/kiwipete\""
        ),
        "{epd}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn generate_check_names_the_stale_files_and_exits_1() {
    // A folder with one wrong file: everything else is missing, the wrong one differs.
    let dir = std::env::temp_dir().join(format!("cc-cli-stale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("castling.yaml"), "cases: []\n").unwrap();
    let out = cli(&["generate", "--check", "--out", dir.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("castling.yaml: differs"), "{stderr}");
    assert!(stderr.contains("san.yaml: missing"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(dir.join("castling.yaml")).unwrap(),
        "cases: []\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
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

/// A fresh folder under the temporary folder, named for the test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cc-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
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

/// Runs the binary with its stdout read for `keep` bytes and then closed, as `| head -c KEEP`
/// does: its exit code and its stderr.
fn with_stdout_closed_after(args: &[&str], keep: usize) -> (Option<i32>, String) {
    use std::io::Read as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(args)
        .current_dir(ROOT)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdout = child.stdout.take().unwrap();
    let mut head = vec![0; keep];
    stdout.read_exact(&mut head).unwrap();
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (child.wait().unwrap().code(), stderr)
}

#[test]
fn a_closed_stdout_ends_the_output_quietly() {
    // Closed before the command writes (`| true`), or after the first bytes of a long output
    // (`list | head -c 100`).
    let wrong = "tests/fixtures/wrong";
    for (args, keep, code) in [
        (&["list"][..], 100, Some(0)),
        (&["list", "--cases", wrong][..], 0, Some(0)),
        (
            &["run", "--cases", wrong, "--format", "json"][..],
            0,
            Some(1),
        ),
        (
            &["run", "--cases", wrong, "--format", "junit"][..],
            0,
            Some(1),
        ),
        (&["run", "--cases", wrong, "-v"][..], 0, Some(1)),
        (
            &["show", "piece-moves/start-20", "--cases", wrong][..],
            0,
            Some(0),
        ),
        (&["help", "run"][..], 0, Some(0)),
    ] {
        let (status, stderr) = with_stdout_closed_after(args, keep);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(status, code, "{args:?}: {stderr}");
    }
}

#[test]
fn arguments_are_checked_before_the_catalogue_is_loaded() {
    // A broken catalogue would be reported if it were loaded first.
    let broken = "tests/malformed/unknown-assertion.yaml";
    let out = cli(&["run", "--engine", "nosuch", "--cases", broken]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.starts_with("unknown engine `nosuch`"), "{stderr}");
    assert!(!stderr.contains("unknown-assertion"), "{stderr}");
    let out = cli(&[
        "matrix", "--engine", "chess", "--engine", "nosuch", "--cases", broken,
    ]);
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("unknown engine `nosuch`"), "{stderr}");
    let out = cli(&[
        "run",
        "--engine",
        "process:/no/such/engine",
        "--cases",
        broken,
    ]);
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("engine `/no/such/engine` cannot be started"),
        "{stderr}"
    );
    // A baseline that cannot be written: before anything runs, and nothing is written.
    let dir = scratch("unwritable");
    let missing = dir.join("no-such-folder/b.yaml");
    for path in [missing.to_str().unwrap(), dir.to_str().unwrap()] {
        let out = cli(&["run", "--write-baseline", path, "--cases", broken]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.starts_with(&format!("{path}: cannot write the baseline")),
            "{stderr}"
        );
        assert!(out.stdout.is_empty());
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let file = dir.join("a-file");
    std::fs::write(&file, "").unwrap();
    let under_a_file = file.join("baselines");
    let out = cli(&[
        "matrix",
        "--engine",
        "chess",
        "--write-baselines",
        under_a_file.to_str().unwrap(),
        "--cases",
        broken,
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write baselines"), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn help_help_is_help_and_one_case_is_one_case() {
    let out = cli(&["help", "--help"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("Usage: chess-conformance help"));
    let out = cli(&["help", "run"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), text(&cli(&["run", "--help"]).stdout));
    assert_eq!(cli(&["help", "nosuch"]).status.code(), Some(2));
    let out = cli(&[
        "run",
        "--cases",
        "tests/fixtures/wrong",
        "--filter",
        "start-20",
    ]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("chess-conformance: 1 case against"),
        "{stdout}"
    );
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
    // The reference over the whole catalogue, text and JSON; an engine with failures writing
    // its baseline: `--jobs 2` gives byte for byte what `--jobs 1` does.
    let runs: [(&[&str], bool); 3] = [
        (&["run", "--verbose"], false),
        (&["run", "--format", "json"], false),
        (
            &[
                "run",
                "--engine",
                "chess",
                "--generated",
                "exclude",
                "--write-baseline",
            ],
            true,
        ),
    ];
    for (args, baseline) in runs {
        let mut outputs = Vec::new();
        for jobs in ["1", "2"] {
            let mut args = args.to_vec();
            let path = scratch(&format!("jobs-{jobs}")).join("baseline.yaml");
            let path = path.display().to_string();
            if baseline {
                args.push(&path);
            }
            args.extend(["--jobs", jobs]);
            let out = cli(&args);
            assert_eq!(
                out.status.code(),
                Some(0),
                "{args:?}\n{}",
                text(&out.stderr)
            );
            let written = if baseline {
                std::fs::read_to_string(&path).unwrap()
            } else {
                String::new()
            };
            outputs.push((text(&out.stdout), written));
        }
        assert!(outputs[0].0.len() > 1000, "{args:?}: {}", outputs[0].0);
        assert!(
            outputs[0] == outputs[1],
            "{args:?}: --jobs 2 differs from --jobs 1"
        );
        if baseline {
            assert!(outputs[0].1.contains("known_failures"), "{}", outputs[0].1);
        }
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

/// The binary with `args` and `env` set (and `CI`, `NO_COLOR` and `CLICOLOR_FORCE` removed
/// unless `env` sets them), through a pipe.
fn cli_env(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_chess-conformance"));
    command.args(args).current_dir(ROOT);
    for name in ["CI", "NO_COLOR", "CLICOLOR_FORCE", "CLICOLOR"] {
        command.env_remove(name);
    }
    command.envs(env.iter().copied());
    command.output().expect("the binary runs")
}

#[test]
fn colours_follow_color_clicolor_force_and_the_pipe() {
    // The chess crate fails cases of en passant: a failure shows the outcome and both answers.
    let args = [
        "run",
        "--engine",
        "chess",
        "--filter",
        "en-passant/",
        "--generated",
        "exclude",
    ];
    let with = |extra: &[&str], env: &[(&str, &str)]| {
        let all: Vec<&str> = args.iter().chain(extra).copied().collect();
        let out = cli_env(&all, env);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let plain = with(&[], &[]);
    assert!(plain.contains("  FAIL  "), "{plain}");
    assert!(!plain.contains('\u{1b}'), "a pipe gets no colour:\n{plain}");
    assert_eq!(
        with(&["--color", "never"], &[("CLICOLOR_FORCE", "1")]),
        plain
    );
    for painted in [
        with(&["--color", "always"], &[]),
        with(&[], &[("CLICOLOR_FORCE", "1")]),
    ] {
        assert!(painted.contains("\u{1b}[1;31mFAIL \u{1b}[0m"), "{painted}");
        assert!(painted.contains("expected: \u{1b}[32m"), "{painted}");
        assert!(painted.contains("actual:   \u{1b}[31m"), "{painted}");
        // The same words once the escapes are taken out.
        let mut stripped = String::new();
        let mut rest = painted.as_str();
        while let Some(at) = rest.find('\u{1b}') {
            stripped.push_str(&rest[..at]);
            rest = &rest[at..];
            rest = &rest[rest.find('m').expect("an SGR sequence ends in m") + 1..];
        }
        stripped.push_str(rest);
        assert_eq!(stripped, plain);
    }
    let out = cli(&["run", "--color", "purple"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The binary run on a pseudo-terminal by `script` (util-linux), `env` set and `CI` removed
/// unless it sets it: what the terminal showed.
fn on_terminal(args: &[&str], env: &[(&str, &str)]) -> Option<String> {
    let line = std::iter::once(env!("CARGO_BIN_EXE_chess-conformance"))
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let mut command = Command::new("script");
    command
        .args(["-qec", &line, "/dev/null"])
        .current_dir(ROOT)
        .env_remove("CI")
        .env("TERM", "xterm-256color");
    command.envs(env.iter().copied());
    let out = command.output().ok()?;
    Some(text(&out.stdout))
}

#[test]
fn a_terminal_gets_a_progress_bar_and_colours_unless_ci_or_no_color_says_otherwise() {
    let args = ["run", "--filter", "perft/"];
    let Some(shown) = on_terminal(&args, &[]) else {
        eprintln!("`script` is not installed: the terminal is not tested");
        return;
    };
    assert!(
        shown.contains(" cases") && shown.contains("left)"),
        "{shown:?}"
    );
    assert!(
        shown.contains("\u{1b}[1m"),
        "colours on a terminal: {shown:?}"
    );
    let quiet = on_terminal(&args, &[("CI", "true"), ("NO_COLOR", "1")]).expect("script runs");
    assert!(!quiet.contains("left)"), "no bar with CI set: {quiet:?}");
    assert!(
        !quiet.contains('\u{1b}'),
        "no colour with NO_COLOR: {quiet:?}"
    );
    let off =
        on_terminal(&["run", "--filter", "perft/", "--no-progress"], &[]).expect("script runs");
    assert!(!off.contains("left)"), "--no-progress: {off:?}");
    // The report is the same words either way, the totals on the last line.
    assert!(quiet.trim_end().ends_with("0 errors"), "{quiet:?}");
}

#[test]
fn a_matrix_writes_each_engine_s_report_for_the_site() {
    let dir = std::env::temp_dir().join(format!("cc-matrix-reports-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let reports = dir.join("reports");
    let select = ["--filter", "castling/", "--generated", "exclude"];
    let mut args = vec!["matrix", "--engine", "reference", "--engine", "chess"];
    args.extend(select);
    args.extend(["--write-reports", reports.to_str().unwrap()]);
    let out = cli(&args);
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        text(&out.stderr)
    );
    // Each report is what `run --format json` prints for that engine.
    for (engine, file) in [
        ("reference", "reference-shakmaty.json"),
        ("chess", "chess.json"),
    ] {
        let written = std::fs::read_to_string(reports.join(file)).expect("the report is written");
        let mut run_args = vec!["run", "--engine", engine, "--format", "json"];
        run_args.extend(select);
        let run = cli(&run_args);
        assert_eq!(written.trim_end(), text(&run.stdout).trim_end(), "{engine}");
    }
    // And the site takes them.
    let site = dir.join("site");
    let out = cli(&[
        "report",
        "--html",
        site.to_str().unwrap(),
        reports.join("reference-shakmaty.json").to_str().unwrap(),
        reports.join("chess.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("chess 3.2.0") && index.contains("reference (shakmaty)"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn winnable_gives_each_side_its_answer_and_proof() {
    // From the Chess Unwinnability Analyzer's test vectors (labelled WB): White's king walks
    // round to the pawn in the way and the d-pawn queens.
    let out = cli(&["winnable", "k1b5/1p1p4/1P1P1K2/8/8/B7/8/1b6 w - - 0 1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(stdout.contains("game state: ongoing"), "{stdout}");
    assert!(
        stdout.contains("white: winnable (a helpmate of"),
        "{stdout}"
    );
    assert!(stdout.contains("black: winnable"), "{stdout}");
    let line = stdout
        .lines()
        .find(|l| l.trim_start().starts_with("1. "))
        .expect("White's line in SAN");
    assert!(line.trim_end().ends_with('#'), "{line}");
    // A locked wall (docs/CASES.md): unwinnable for both, with the proof named, in JSON.
    let out = cli(&[
        "winnable",
        "8/8/8/1k3p1p/3p1P2/1p1P1PpP/1P4P1/K7 b - - 0 1",
        "--json",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for side in ["white", "black"] {
        let answer = &value["sides"][side];
        assert_eq!(answer["verdict"], "unwinnable", "{value}");
        assert!(answer["proof"].is_string(), "{value}");
        assert_eq!(answer["line"], serde_json::json!([]), "{value}");
    }
    // A game over by material still says why: the analyzer's proof.
    let out = cli(&["winnable", "k7/8/8/8/8/8/8/7K w - - 0 1"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("game state: insufficient_material"),
        "{stdout}"
    );
    assert!(stdout.contains("material: a bare king"), "{stdout}");
    // The history counts: after fool's mate, Black has mated and White never can.
    let out = cli(&[
        "winnable",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "--moves",
        "f2f3",
        "e7e5",
        "g2g4",
        "d8h4",
    ]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("game state: checkmate"), "{stdout}");
    assert!(
        stdout.contains("black: winnable (black has mated)"),
        "{stdout}"
    );
    assert!(stdout.contains("white: unwinnable"), "{stdout}");
}

#[test]
fn winnable_names_a_bad_fen_an_illegal_move_and_a_bad_budget() {
    let out = cli(&["winnable", "8/8/8/8 w - - 0 1"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("invalid FEN") && stderr.contains("8/8/8/8 w"),
        "{stderr}"
    );
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = cli(&["winnable", start, "--moves", "e2e4", "e2e4"]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("move 2") && stderr.contains("e2e4"),
        "{stderr}"
    );
    let out = cli(&["winnable", start, "--budget", "0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--budget"),
        "{}",
        text(&out.stderr)
    );
    assert!(out.stdout.is_empty());
}
