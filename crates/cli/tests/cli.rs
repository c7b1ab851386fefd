//! The binary as a user meets it: exit codes, what goes to stdout and stderr, and the shape of
//! its reports.

use std::process::{Command, Output};

#[path = "cli/cases.rs"]
mod cases;
#[path = "cli/diff.rs"]
mod diff;

#[path = "cli/files.rs"]
mod files;
#[path = "cli/hostile.rs"]
mod hostile;
#[path = "cli/matrix.rs"]
mod matrix;
#[path = "cli/outputs.rs"]
mod outputs;
#[path = "cli/run.rs"]
mod run;
#[path = "cli/usage.rs"]
mod usage;
#[path = "cli/versions.rs"]
mod versions;
#[path = "cli/winnable.rs"]
mod winnable;

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

/// A fresh folder under the temporary folder, named for the test.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cc-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
