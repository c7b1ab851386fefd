//! The command line and the terminal: usage errors, help, arguments checked first, a closed
//! stdout, colours and the progress bar.

use super::*;

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
        "matrix",
        "--engine",
        "mutant:pins-ignored",
        "--engine",
        "nosuch",
        "--cases",
        broken,
    ]);
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("unknown engine `nosuch`"), "{stderr}");
    // An in-process adapter this binary was built without (the feature `adapters`): a usage
    // error that says how to build it in, before the catalogue loads.
    if !cfg!(feature = "adapters") {
        for args in [
            ["run", "--engine", "pleco", "--cases", broken],
            ["matrix", "--engine", "pleco", "--cases", broken],
            ["fuzz", "--engine", "reference", "--engine", "pleco"],
        ] {
            let out = cli(&args);
            let (command, stderr) = (args[0], text(&out.stderr));
            assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
            assert!(
                stderr.starts_with(
                    "engine `pleco` is an in-process adapter not built into this binary: \
                     build it with the feature `adapters`"
                ),
                "{command}: {stderr}"
            );
            assert!(!stderr.contains("unknown-assertion"), "{stderr}");
        }
    }
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
        "mutant:pins-ignored",
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
    // This mutant fails cases of en passant: a failure shows the outcome and both answers.
    let args = [
        "run",
        "--engine",
        "mutant:ep-one-move-late",
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
