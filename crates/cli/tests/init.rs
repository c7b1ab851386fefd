//! `chess-conformance init` and the protocol helpers of `adapters/`: the shims it writes run at
//! once and skip every case, it never overwrites a file unasked, and the helpers answer as
//! docs/PROTOCOL.md says (the handshake from the functions given, `seq` repeated, `unsupported`
//! and errors naming the request, stdout kept clean). Here the shims `init` writes; the helpers'
//! tests in `init/helpers.rs`, a filled-in template's in `init/filled.rs`.
//!
//! Python and Node are needed; without them a test says so and passes, unless
//! `CHESS_CONFORMANCE_REQUIRE_ENGINES` is set (as in CI).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use chess_conformance::Capability;

#[path = "init/filled.rs"]
mod filled;
#[path = "init/helpers.rs"]
mod helpers;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chess-conformance-init-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The command, run in `dir`.
fn cli(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// Whether `program` runs; if not, a test needing it passes with a note, or fails in CI.
fn available(program: &str) -> bool {
    let found = Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CHESS_CONFORMANCE_REQUIRE_ENGINES").is_none(),
            "{program} is needed"
        );
        eprintln!("note: {program} not found; not checked");
    }
    found
}

/// The answer lines of `program script` to `requests`, and its stderr.
fn converse(dir: &Path, program: &str, script: &str, requests: &[&str]) -> (Vec<String>, String) {
    let mut child = Command::new(program)
        .arg(script)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the interpreter starts");
    let mut stdin = child.stdin.take().unwrap();
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stdout).lines().map(str::to_owned).collect();
    (lines, text(&out.stderr))
}

/// The capability of every question, in the table's order: what a shim that has a function for
/// each declares.
fn every_question() -> Vec<&'static str> {
    Capability::ALL
        .iter()
        .filter(|c| c.question().is_some())
        .map(|c| c.name())
        .collect()
}

/// `init --lang LANG` writes a shim that answers the handshake with every question, and a run
/// against it exits 0 with every case skipped, with the TODO as the reason.
fn written_shim_skips_everything(lang: &str, program: &str, file: &str, helper: &str) {
    if !available(program) {
        return;
    }
    let dir = scratch(lang);
    let out = cli(&dir, &["init", "--lang", lang]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        dir.join(file).is_file() && dir.join(helper).is_file(),
        "{stdout}"
    );
    let command = format!("chess-conformance run --engine 'process:{program} {file}'");
    assert!(stdout.contains(&command), "{stdout}");
    // The command is also in the shim's opening lines, for whoever opens it later.
    let shim = std::fs::read_to_string(dir.join(file)).unwrap();
    assert!(shim.contains(&command), "{shim}");

    let (lines, _) = converse(
        &dir,
        program,
        file,
        &[r#"{"seq":0,"type":"start","protocol":1}"#],
    );
    let start: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(start["result"]["protocol"], 1, "{start}");
    assert_eq!(
        start["result"]["capabilities"],
        serde_json::json!(every_question()),
        "{start}"
    );

    let engine = format!("process:{program} {file}");
    let out = cli(
        &dir,
        &[
            "run",
            "--engine",
            &engine,
            "--generated",
            "exclude",
            "--validate-protocol",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("0 passed, 0 failed, ") && last.ends_with(" skipped, 0 errors"),
        "{last}"
    );
    assert!(stdout.contains("TODO: position"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_python_shim_runs_at_once_and_skips_every_case() {
    written_shim_skips_everything(
        "python",
        "python3",
        "chess_shim.py",
        "chess_conformance_shim.py",
    );
}

#[test]
fn the_js_shim_runs_at_once_and_skips_every_case() {
    written_shim_skips_everything("js", "node", "chess_shim.mjs", "chess-conformance-shim.mjs");
}

#[test]
fn init_overwrites_nothing_without_force() {
    let dir = scratch("force");
    std::fs::write(dir.join("chess_shim.py"), "mine").unwrap();
    let out = cli(&dir, &["init", "--lang", "python"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("chess_shim.py: exists; pass --force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("chess_shim.py")).unwrap(),
        "mine"
    );
    assert!(
        !dir.join("chess_conformance_shim.py").exists(),
        "nothing is written"
    );

    let out = cli(&dir, &["init", "--lang", "python", "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shim = std::fs::read_to_string(dir.join("chess_shim.py")).unwrap();
    assert!(shim.contains("@shim.question"), "{shim}");

    // A second shim in the same folder shares the helper, which is left as it is.
    let out = cli(&dir, &["init", "--lang", "python", "--output", "other.py"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("is there already"), "{stdout}");

    // A helper changed by hand is not overwritten either.
    std::fs::write(dir.join("chess_conformance_shim.py"), "# edited").unwrap();
    let out = cli(&dir, &["init", "--lang", "python", "--output", "third.py"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("chess_conformance_shim.py: exists"));
    assert!(!dir.join("third.py").exists());

    // An --output in a folder that does not exist, or naming a folder, is refused.
    let out = cli(
        &dir,
        &["init", "--lang", "js", "--output", "no/such/shim.mjs"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no folder `no/such`"),
        "{}",
        text(&out.stderr)
    );
    let out = cli(&dir, &["init", "--lang", "js", "--output", "."]);
    assert_eq!(out.status.code(), Some(2));
    // Nor may the shim take its helper's name.
    let out = cli(
        &dir,
        &[
            "init",
            "--lang",
            "js",
            "--output",
            "chess-conformance-shim.mjs",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("name of the protocol helper"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("chess-conformance-shim.mjs").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rust_shim_is_the_example_this_crate_compiles() {
    let dir = scratch("rust");
    let out = cli(&dir, &["init", "--lang", "rust"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("cargo test --test conformance"), "{stdout}");
    // `tests/` is made; the text is the example `init-rust` (templates/conformance.rs).
    let written = std::fs::read_to_string(dir.join("tests/conformance.rs")).unwrap();
    assert_eq!(written, include_str!("../templates/conformance.rs"));
    let _ = std::fs::remove_dir_all(&dir);
}
