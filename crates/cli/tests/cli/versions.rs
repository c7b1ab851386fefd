//! The catalogue's version: named by every report, read from a case folder's `VERSION`, and a
//! baseline of an older catalogue told its new cases apart.

use super::*;

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
