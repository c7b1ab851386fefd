//! What the command reads and writes besides its reports' contents (issue 28, items 5, 8, 13):
//! a device, a FIFO or a descriptor's file written in place and never replaced; a symbolic
//! link followed to its target and kept; every file read bounded (a device or a FIFO refused
//! unread, an alias refused before serde copies it). Tests that need root (`mknod`) say so and
//! pass without checking anything when not root.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{ROOT, cli, scratch, text};

/// A run small enough to be quick: the reference over a few castling cases.
const SMALL: &[&str] = &[
    "run",
    "--engine",
    "reference",
    "--filter",
    "castling/kingside",
];

fn with(extra: &[&str]) -> Vec<String> {
    SMALL.iter().chain(extra).map(|s| (*s).to_owned()).collect()
}

fn run_with(extra: &[&str]) -> std::process::Output {
    let args = with(extra);
    cli(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| text(&o.stdout).trim() == "0")
}

#[cfg(unix)]
fn file_kind(path: &Path) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    match std::fs::symlink_metadata(path).map(|m| m.file_type()) {
        Ok(t) if t.is_symlink() => "link",
        Ok(t) if t.is_char_device() => "char device",
        Ok(t) if t.is_fifo() => "fifo",
        Ok(t) if t.is_file() => "file",
        Ok(_) => "other",
        Err(_) => "absent",
    }
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
}

/// Runs the command with `args`, killed after `limit`: its output, or `None` if it had to be.
fn bounded(args: &[&str], limit: Duration) -> Option<std::process::Output> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(args)
        .current_dir(ROOT)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_baseline_written_through_a_link_replaces_its_target_and_keeps_the_link() {
    let dir = scratch("files-link");
    let target = dir.join("real.yaml");
    std::fs::write(&target, "old\n").unwrap();
    let link = dir.join("link.yaml");
    std::os::unix::fs::symlink("real.yaml", &link).unwrap();
    let json_target = dir.join("real.json");
    let json_link = dir.join("link.json");
    std::os::unix::fs::symlink(&json_target, &json_link).unwrap();
    let out = run_with(&[
        "--write-baseline",
        link.to_str().unwrap(),
        "--output",
        &format!("json={}", json_link.display()),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(file_kind(&link), "link");
    assert_eq!(file_kind(&json_link), "link");
    let written = std::fs::read_to_string(&target).unwrap();
    assert!(written.contains("known_failures"), "{written}");
    let report = std::fs::read(&json_target).unwrap();
    assert!(chess_conformance::Report::from_json(&report).is_ok());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_site_written_through_a_link_replaces_its_target_and_keeps_the_link() {
    let dir = scratch("files-site-link");
    let report = dir.join("reference.json");
    let out = run_with(&["--output", &format!("json={}", report.display())]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let site = dir.join("site");
    std::fs::create_dir(&site).unwrap();
    let link = dir.join("site-link");
    std::os::unix::fs::symlink("site", &link).unwrap();
    let out = cli(&[
        "report",
        "--html",
        link.to_str().unwrap(),
        report.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(file_kind(&link), "link");
    assert!(site.join("index.html").is_file());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_json_report_to_dev_stdout_goes_to_standard_output() {
    let before = file_kind(Path::new("/dev/stdout"));
    let out = run_with(&["--output", "json=/dev/stdout", "--format", "listing"]);
    let stderr = text(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("Permission denied"), "{stderr}");
    let stdout = text(&out.stdout);
    let start = stdout.find("{\n").expect("the JSON report on stdout");
    let end = stdout.rfind("}\n").unwrap() + 2;
    assert!(
        chess_conformance::Report::from_json(&stdout.as_bytes()[start..end]).is_ok(),
        "{stdout}"
    );
    assert!(stdout.contains("castling/kingside-legal: pass"), "{stdout}");
    // Never replaced by a regular file (as root it was, before).
    assert_eq!(file_kind(Path::new("/dev/stdout")), before);
}

#[test]
fn a_baseline_to_dev_full_fails_clearly_and_leaves_the_device() {
    if file_kind(Path::new("/dev/full")) != "char device" {
        eprintln!("skipped: no /dev/full here");
        return;
    }
    let out = run_with(&["--write-baseline", "/dev/full"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("/dev/full: cannot write the baseline: No space left on device"),
        "{stderr}"
    );
    assert_eq!(file_kind(Path::new("/dev/full")), "char device");
}

#[test]
fn a_baseline_to_a_fifo_is_written_into_it() {
    let dir = scratch("files-fifo-out");
    let fifo = dir.join("baseline.yaml");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            std::fs::File::open(fifo)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        })
    };
    let out = run_with(&["--write-baseline", fifo.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read = reader.join().unwrap();
    assert!(read.contains("known_failures"), "{read}");
    assert_eq!(file_kind(&fifo), "fifo");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_null_device_copy_is_written_into_and_kept_as_root() {
    if !is_root() {
        eprintln!("skipped: mknod needs root");
        return;
    }
    let dir = scratch("files-mknod");
    let null = dir.join("null");
    let made = Command::new("mknod")
        .args([null.to_str().unwrap(), "c", "1", "3"])
        .status()
        .unwrap();
    if !made.success() {
        eprintln!("skipped: mknod refused here (a container without the capability)");
        return;
    }
    for flag in ["--write-baseline", "--output"] {
        let value = if flag == "--output" {
            format!("json={}", null.display())
        } else {
            null.display().to_string()
        };
        let out = run_with(&[flag, &value]);
        assert!(out.status.success(), "{flag}: {}", text(&out.stderr));
        assert_eq!(file_kind(&null), "char device", "{flag}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dev_zero_as_a_baseline_or_a_report_is_refused_at_once() {
    let start = Instant::now();
    let out = bounded(
        &[SMALL, &["--baseline", "/dev/zero"]].concat(),
        Duration::from_secs(60),
    )
    .expect("ends");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("/dev/zero: not read: it is a character device"),
        "{stderr}"
    );
    let out = bounded(
        &["report", "--html", "/nonexistent-site-dir/x", "/dev/zero"],
        Duration::from_secs(60),
    )
    .expect("ends");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a character device"), "{stderr}");
    let out = bounded(
        &[SMALL, &["--mutation-score", "/dev/zero"]].concat(),
        Duration::from_secs(60),
    )
    .expect("ends");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("a character device"), "{stderr}");
    assert!(start.elapsed() < Duration::from_secs(60));
}

#[test]
fn a_baseline_of_one_string_aliased_4000_times_is_refused() {
    let dir = scratch("files-alias");
    let path = dir.join("aliased.yaml");
    let mut yaml = format!(
        "engine: \"x\"\nknown_failures:\n  a/b:\n    reason: &r \"{}\"\n",
        "x".repeat(1 << 20)
    );
    for n in 0..4000 {
        yaml.push_str(&format!("  a/c{n}:\n    reason: *r\n"));
    }
    std::fs::write(&path, &yaml).unwrap();
    let out = bounded(
        &[SMALL, &["--baseline", path.to_str().unwrap()]].concat(),
        Duration::from_secs(60),
    )
    .expect("refused, not expanded");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("aliased.yaml:4:13: not a valid baseline: an anchor (`&r`)"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_given_as_cases_is_refused_not_read_forever() {
    let dir = scratch("files-fifo-cases");
    let fifo = dir.join("cases.yaml");
    mkfifo(&fifo);
    let out = bounded(
        &[
            "run",
            "--engine",
            "reference",
            "--cases",
            fifo.to_str().unwrap(),
        ],
        Duration::from_secs(60),
    )
    .expect("refused, not waited on");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("it is a FIFO, not a regular file"),
        "{stderr}"
    );
    let out = bounded(
        &["run", "--engine", "reference", "--cases", "/dev/zero"],
        Duration::from_secs(60),
    )
    .expect("refused");
    assert!(
        text(&out.stderr).contains("a character device"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_among_the_case_files_generate_reads_is_refused() {
    let dir = scratch("files-generate-fifo");
    let cases = dir.join("cases");
    std::fs::create_dir(&cases).unwrap();
    for entry in std::fs::read_dir(Path::new(ROOT).join("cases")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "yaml") {
            std::fs::copy(&path, cases.join(path.file_name().unwrap())).unwrap();
        }
    }
    std::fs::remove_file(cases.join("castling.yaml")).unwrap();
    mkfifo(&cases.join("castling.yaml"));
    let out = bounded(
        &[
            "generate",
            "--cases",
            cases.to_str().unwrap(),
            "--out",
            dir.join("generated").to_str().unwrap(),
            "--check",
        ],
        Duration::from_secs(120),
    )
    .expect("refused, not waited on");
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("castling.yaml: not read: it is a FIFO"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dev_stdout_is_writable_for_a_user_who_cannot_write_in_dev() {
    // Before, the check made a probe file in /dev: "Permission denied" for anyone but root.
    if !is_root() {
        eprintln!("skipped: needs root to run the command as the user nobody (setpriv)");
        return;
    }
    let out = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(SMALL)
        .args(["--output", "json=/dev/stdout", "--format", "listing"])
        .current_dir(ROOT)
        .output();
    let Ok(out) = out else {
        eprintln!("skipped: no setpriv here");
        return;
    };
    let stderr = text(&out.stderr);
    if stderr.contains("setpriv:") {
        eprintln!("skipped: setpriv refused here: {stderr}");
        return;
    }
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("Permission denied"), "{stderr}");
    assert!(
        text(&out.stdout).contains("\"engine\""),
        "{}",
        text(&out.stdout)
    );
}
