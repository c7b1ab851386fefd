//! `chess-conformance mutants` and `run --engine mutant:NAME` as a user meets them.

use std::process::{Command, Output};

fn cli(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(args)
        .env("CI", "1")
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn list_names_every_mutant_with_the_rule_it_breaks() {
    let out = cli(&["mutants", "--list"]);
    assert!(out.status.success());
    let list = text(&out.stdout);
    assert!(list.lines().count() >= 40, "{list}");
    let line = list
        .lines()
        .find(|l| l.starts_with("castle-through-attack "))
        .expect("castle-through-attack is listed");
    assert!(
        line.contains("castling") && line.contains("3.8.2.2") && line.contains("attacked"),
        "{line}"
    );
}

/// A catalogue weakened by a filter to cases that never cross an attacked square lets the
/// mutant that castles through attack survive: exit 1, naming it.
#[test]
fn a_weakened_catalogue_lets_a_mutant_survive() {
    let out = cli(&[
        "mutants",
        "--mutant",
        "castle-through-attack",
        "--filter",
        "castling/kingside-legal",
        "--generated",
        "exclude",
        "--no-progress",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("castle-through-attack") && report.contains("SURVIVED"),
        "{report}"
    );
    assert!(report.contains("kills 0 of 1"), "{report}");
}

/// The cases about crossed squares kill it, one per colour, and the score they give is shown
/// in a run's Markdown report; a score of another catalogue is refused.
#[test]
fn crossed_square_cases_kill_it_and_the_score_shows_in_markdown() {
    let selection = ["--filter", "castling/crossed-", "--generated", "exclude"];
    let mut args = vec!["mutants", "--mutant", "castle-through-attack", "--json"];
    args.extend(selection);
    let out = cli(&args);
    let json = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{json}{}", text(&out.stderr));
    let score: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(score["killed"], 1);
    assert_eq!(
        score["results"][0]["colours"],
        serde_json::json!([true, true])
    );

    let dir = std::env::temp_dir().join(format!("cc-mutants-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("score.json");
    std::fs::write(&path, &json).unwrap();
    let path = path.to_str().unwrap();

    let mut run = vec!["run", "--engine", "reference", "--format", "markdown"];
    run.extend(selection);
    run.extend(["--mutation-score", path]);
    let out = cli(&run);
    let markdown = text(&out.stdout);
    assert!(out.status.success(), "{markdown}{}", text(&out.stderr));
    assert!(
        markdown.contains("kills 1 of 1 built-in mutants"),
        "{markdown}"
    );

    let out = cli(&[
        "run",
        "--engine",
        "reference",
        "--format",
        "markdown",
        "--filter",
        "castling/",
        "--mutation-score",
        path,
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the mutation score was measured on"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_mutant_is_an_engine_whose_failures_show() {
    let out = cli(&[
        "run",
        "--engine",
        "mutant:castle-through-attack",
        "--filter",
        "castling/crossed-f1-attacked",
        "--generated",
        "exclude",
        "--no-progress",
    ]);
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{report}");
    assert!(
        report.contains("FAIL  castling/crossed-f1-attacked"),
        "{report}"
    );
    assert!(report.contains("mutant castle-through-attack"), "{report}");

    let out = cli(&["run", "--engine", "mutant:nosuch"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown mutant `nosuch`"));
}

/// `--output`: the text and the JSON score from one run, each as `mutants` and `mutants --json`
/// print it; `--write-score` is `--output json=FILE` beside the text; an unknown format and two
/// reports to standard output are usage errors.
#[test]
fn one_run_writes_the_text_and_the_score() {
    let dir = std::env::temp_dir().join(format!("cc-mutants-outputs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let base = [
        "mutants",
        "--mutant",
        "castle-through-attack",
        "--filter",
        "castling/crossed-",
        "--generated",
        "exclude",
    ];
    let run = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend(extra);
        cli(&args)
    };
    let (json_file, text_file) = (dir.join("score.json"), dir.join("mutants.txt"));
    let out = run(&[
        "--output",
        &format!("json={}", json_file.display()),
        "--output",
        &format!("text={}", text_file.display()),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty(), "only what --output names");
    let alone_json = run(&["--json"]);
    let alone_text = run(&[]);
    let written_json = std::fs::read_to_string(&json_file).unwrap();
    assert_eq!(written_json, text(&alone_json.stdout));
    assert_eq!(
        std::fs::read_to_string(&text_file).unwrap(),
        text(&alone_text.stdout)
    );
    let score: serde_json::Value = serde_json::from_str(&written_json).expect("JSON");
    assert_eq!(score["killed"], 1);

    let legacy = dir.join("legacy.json");
    let out = run(&["--write-score", legacy.to_str().unwrap()]);
    assert_eq!(text(&out.stdout), text(&alone_text.stdout));
    assert_eq!(std::fs::read_to_string(&legacy).unwrap(), written_json);

    for (extra, said) in [
        (
            vec!["--output", "html=x.html"],
            "unknown format `html`; the formats: text, json",
        ),
        (
            vec!["--json", "--output", "text=-"],
            "two reports to standard output",
        ),
    ] {
        let out = run(&extra);
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
        assert!(text(&out.stderr).contains(said), "{}", text(&out.stderr));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
