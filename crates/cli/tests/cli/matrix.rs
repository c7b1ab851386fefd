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
