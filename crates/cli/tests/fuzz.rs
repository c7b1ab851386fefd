//! `fuzz` as a user meets it, against an engine in another process that is wrong on purpose: a
//! shim on the protocol helper that says the side to move is never in check. The run finds that
//! kind of disagreement, shrinks it, prints a case that loads (and that the reference passes and
//! the shim fails, through `run --cases`), exits 1, and prints the same for the same seed; the
//! reference against itself finds nothing and exits 0.

use std::path::PathBuf;
use std::process::{Command, Output};

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

/// A folder of its own for this test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("cc-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// The never-in-check shim, written in `dir`; its `process:` spec.
fn never_in_check(dir: &std::path::Path) -> String {
    let shim = dir.join("never_in_check.py");
    let adapters = format!("{ROOT}/adapters");
    std::fs::write(
        &shim,
        format!(
            "import sys\nsys.path.insert(0, {adapters:?})\n\
             import chess_conformance_shim as protocol\n\
             shim = protocol.Shim('never-in-check', '1', position=lambda fen, moves: None)\n\
             @shim.question\ndef in_check(position, request):\n    return False\n\
             shim.serve()\n"
        ),
    )
    .expect("the shim is written");
    format!("process:python3 {}", shim.display())
}

#[test]
fn a_wrong_engine_in_another_process_is_found_and_its_case_loads() {
    if Command::new("python3").arg("--version").output().is_err() {
        eprintln!("python3 is not installed: skipped");
        return;
    }
    let dir = scratch("wrong");
    let engine = never_in_check(&dir);
    let args = [
        "fuzz",
        "--engine",
        "reference",
        "--engine",
        &engine,
        "--seed",
        "2",
        "--games",
        "8",
    ];
    let out = cli(&args);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("# --- a new kind of disagreement: check (FIDE 3.9.1)"),
        "{stdout}"
    );
    assert!(stdout.contains("# never-in-check 1: false"), "{stdout}");
    assert!(stdout.contains("new:   check (FIDE 3.9.1): "), "{stdout}");
    // The same seed, the same output.
    let again = cli(&args);
    assert_eq!(text(&again.stdout), stdout);

    // The printed case, pasted into a case file of its area, loads; the reference passes it
    // and the shim fails it.
    let item: String = stdout
        .split("# --- a new kind")
        .nth(1)
        .expect("a finding")
        .lines()
        .skip_while(|l| !l.starts_with("  - id:"))
        .take_while(|l| l.starts_with("  "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(item.contains("  - id: check/fuzz-"), "{item}");
    let file = dir.join("check.yaml");
    std::fs::write(&file, format!("cases:\n{item}")).expect("the case file is written");
    let file = file.display().to_string();
    let passes = cli(&["run", "--cases", &file, "--engine", "reference"]);
    assert_eq!(passes.status.code(), Some(0), "{}", text(&passes.stdout));
    let fails = cli(&["run", "--cases", &file, "--engine", &engine]);
    assert_eq!(fails.status.code(), Some(1), "{}", text(&fails.stdout));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_reference_against_itself_finds_nothing() {
    let out = cli(&[
        "fuzz",
        "--engine",
        "reference",
        "--engine",
        "reference",
        "--games",
        "4",
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("0 new kind(s) of disagreement"), "{stdout}");
    assert!(text(&out.stderr).contains(" plies/s"));
}

#[test]
fn bad_usage_is_refused() {
    let three = cli(&[
        "fuzz",
        "--engine",
        "reference",
        "--engine",
        "mutant:pins-ignored",
        "--engine",
        "mutant:castle-into-check",
    ]);
    assert_eq!(three.status.code(), Some(2));
    assert!(text(&three.stderr).contains("fuzz compares two engines: 3 given"));
    let both = cli(&[
        "fuzz",
        "--engine",
        "reference",
        "--games",
        "1",
        "--time",
        "1s",
    ]);
    assert_eq!(both.status.code(), Some(2));
    let no_dir = cli(&[
        "fuzz",
        "--engine",
        "reference",
        "--engine",
        "mutant:pins-ignored",
        "--baselines",
        "/nonexistent",
    ]);
    assert_eq!(no_dir.status.code(), Some(2));
    assert!(text(&no_dir.stderr).contains("no such folder of baselines"));
}
