//! `matrix`: areas by engines, a baseline per engine, each engine's report for the site.

use super::*;

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
    // Under the table, each engine's failures by cause with their smallest case.
    let row = "| reference (shakmaty) 0.30.1 | 1 | fail | legal moves refused: a pawn move no pawn \
               makes | `piece-moves/start-21-wrong` |";
    assert_eq!(md.matches(row).count(), 2, "{md}");
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
fn a_matrix_writes_each_engine_s_report_for_the_site() {
    let dir = std::env::temp_dir().join(format!("cc-matrix-reports-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let reports = dir.join("reports");
    let select = ["--filter", "castling/", "--generated", "exclude"];
    // A mutant: an engine that fails some of the cases, its report unlike the reference's.
    let mutant = "mutant:castle-through-attack";
    let mut args = vec!["matrix", "--engine", "reference", "--engine", mutant];
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
        (mutant, "mutant-castle-through-attack.json"),
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
        reports
            .join("mutant-castle-through-attack.json")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(
        index.contains("mutant castle-through-attack 0.30.1")
            && index.contains("reference (shakmaty)")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_engines_escapes_and_markup_reach_neither_the_terminal_nor_the_table() {
    // An engine whose name carries a terminal escape, a bell and HTML, and which declares a
    // capability named with a title-setting sequence.
    let dir = scratch("matrix-escapes");
    let engine = dir.join("engine.py");
    std::fs::write(
        &engine,
        r#"import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["type"] == "start":
        result = {"protocol": 1, "name": "esc\u001b[31m<img src=x>\u0007", "version": "1",
                  "capabilities": ["legal-moves", "bell\u0007\u001b]0;title"]}
        print(json.dumps({"seq": req["seq"], "result": result}), flush=True)
    else:
        print(json.dumps({"seq": req["seq"], "error": "no \u001b[2J"}), flush=True)
"#,
    )
    .unwrap();
    let spec = format!("process:python3 {}", engine.display());
    let out = cli(&[
        "matrix",
        "--engine",
        &spec,
        "--cases",
        "tests/fixtures/wrong",
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    for (name, shown) in [("stdout", &stdout), ("stderr", &stderr)] {
        assert!(
            !shown.contains(['\u{1b}', '\u{7}']),
            "{name}: {}",
            shown.escape_debug()
        );
    }
    // The unknown-capability warning and the per-engine line, escaped.
    assert!(
        stderr.contains("(ignored): bell\\u{7}\\u{1b}]0;title"),
        "{stderr}"
    );
    assert!(
        stderr
            .contains("esc\\u{1b}[31m<img src=x>\\u{7} 1: 0 passed, 0 failed, 0 skipped, 2 errors"),
        "{stderr}"
    );
    // The table is Markdown: the name's markup is text.
    assert!(
        stdout.contains("| area | esc\\\\u{1b}\\[31m&lt;img src=x&gt;\\\\u{7} 1 |"),
        "{stdout}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn engines_of_one_name_get_files_of_their_own_said_before_any_case_runs() {
    let dir = scratch("matrix-same-name");
    let (reports, baselines) = (dir.join("reports"), dir.join("baselines"));
    let out = cli(&[
        "matrix",
        "--cases",
        "tests/fixtures/wrong",
        "--engine",
        "reference",
        "--engine",
        "mutant:pins-ignored",
        "--engine",
        "reference",
        "--write-reports",
        reports.to_str().unwrap(),
        "--write-baselines",
        baselines.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let note = "note: engine 3 (reference (shakmaty) 0.30.1) has the file name of engine 1 \
                (reference (shakmaty) 0.30.1): its files are named reference-shakmaty-2";
    let said = stderr.find(note).unwrap_or_else(|| panic!("{stderr}"));
    let ran = stderr
        .find("0.30.1: 1 passed")
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        said < ran,
        "the note comes before any engine runs: {stderr}"
    );
    for stem in ["reference-shakmaty", "reference-shakmaty-2"] {
        let report = std::fs::read_to_string(reports.join(format!("{stem}.json"))).unwrap();
        assert!(report.contains("reference (shakmaty)"), "{stem}");
        let baseline = std::fs::read_to_string(baselines.join(format!("{stem}.yaml"))).unwrap();
        assert!(baseline.contains("piece-moves/start-21-wrong:"), "{stem}");
    }
    // Each file written once: no engine's overwrote another's.
    let wrote = stderr.matches(".json\n").count();
    assert_eq!(wrote, 3, "{stderr}");
    // And the baselines are read back under the same names.
    let out = cli(&[
        "matrix",
        "--cases",
        "tests/fixtures/wrong",
        "--engine",
        "reference",
        "--engine",
        "reference",
        "--baselines",
        baselines.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_engine_of_a_300_letter_name_gets_a_bounded_file_name_and_every_engine_its_files() {
    let dir = scratch("matrix-long-name");
    let engine = dir.join("engine.py");
    std::fs::write(
        &engine,
        r#"import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["type"] == "start":
        result = {"protocol": 1, "name": "L" * 300, "version": "1",
                  "capabilities": ["legal-moves"]}
        print(json.dumps({"seq": req["seq"], "result": result}), flush=True)
    else:
        print(json.dumps({"seq": req["seq"], "error": "no"}), flush=True)
"#,
    )
    .unwrap();
    let spec = format!("process:python3 {}", engine.display());
    let (reports, baselines) = (dir.join("reports"), dir.join("baselines"));
    let out = cli(&[
        "matrix",
        "--cases",
        "tests/fixtures/wrong",
        "--engine",
        &spec,
        "--engine",
        "reference",
        "--write-reports",
        reports.to_str().unwrap(),
        "--write-baselines",
        baselines.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        text(&out.stdout).contains("| **total** |"),
        "the table is printed"
    );
    for folder in [&reports, &baselines] {
        let mut names: Vec<String> = std::fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names.len(), 2, "{names:?}");
        let long = names
            .iter()
            .find(|n| n.starts_with("lll"))
            .expect("the long name's file");
        // 64 bytes at most (a cut of the name and a hash of the whole), and the extension.
        assert!(long.len() <= 64 + ".json".len(), "{long}");
        assert!(
            names.iter().any(|n| n.starts_with("reference-shakmaty.")),
            "{names:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn version_names_keep_the_files_of_two_versions_of_one_library_apart() {
    let dir = std::env::temp_dir().join(format!("cc-matrix-versions-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    // Two versions of one library: the protocol helper with no question (every case skipped),
    // its version from its argument.
    let engine = |version: &str| {
        format!(
            "process:python3 -c \"import sys; sys.path.insert(0, 'adapters'); from \
             chess_conformance_shim import Shim; Shim('lib', sys.argv[1], position=None).serve()\" \
             {version}"
        )
    };
    let (old, new) = (engine("1.9.0"), engine("1.10.0"));
    let reports = dir.join("reports");
    let baselines = dir.join("baselines");
    let out = cli(&[
        "matrix",
        "--cases",
        "tests/fixtures/wrong",
        "--engine",
        &old,
        "--engine",
        &new,
        "--version-names",
        "--write-reports",
        reports.to_str().unwrap(),
        "--write-baselines",
        baselines.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    for (file, version) in [("lib-1-9-0", "1.9.0"), ("lib-1-10-0", "1.10.0")] {
        let report = std::fs::read_to_string(reports.join(format!("{file}.json")))
            .unwrap_or_else(|e| panic!("{file}.json: {e}"));
        let report: serde_json::Value = serde_json::from_str(&report).unwrap();
        assert_eq!(report["engine"]["name"], "lib");
        assert_eq!(report["engine"]["version"], version);
        assert!(
            baselines.join(format!("{file}.yaml")).is_file(),
            "{file}.yaml"
        );
    }
    // And the baselines so named are the ones `--baselines` checks.
    let out = cli(&[
        "matrix",
        "--cases",
        "tests/fixtures/wrong",
        "--engine",
        &old,
        "--version-names",
        "--baselines",
        baselines.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
