//! The site replaced whole: its previous self and nothing else, and an interrupted `report`
//! leaving the folder as it was and nothing beside it.

use std::process::Command;

use super::{castling_report, cli, scratch, site, text};

#[test]
fn a_site_replaces_its_previous_self_and_nothing_else() {
    let (path, _) = castling_report();
    let dir = site("again", &[path]);
    std::fs::write(dir.join("cases/stale.html"), "old").unwrap();
    let out = cli(&[
        "report",
        "--html",
        dir.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(!dir.join("cases/stale.html").exists(), "replaced whole");
    assert!(dir.join("index.html").is_file());
    // A folder of someone else's files is left alone.
    let other = scratch("other");
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    let out = cli(&[
        "report",
        "--html",
        other.to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("is not a site this command wrote"),
        "{stderr}"
    );
    assert!(other.join("notes.txt").is_file() && !other.join("index.html").exists());
    let leftovers: Vec<_> = std::fs::read_dir(other.parent().unwrap())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains(".building-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// Whether process `pid` catches SIGINT, from its `SigCgt` mask in `/proc`.
fn catches_sigint(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigCgt:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| mask & (1 << (2 - 1)) != 0)
}

#[test]
fn an_interrupt_leaves_the_folder_as_it_was_and_nothing_beside_it() {
    // The whole catalogue, so that its load lasts long enough to be interrupted: the
    // reference's run (its own known failures make it exit 1).
    let dir = scratch("interrupt");
    let out = cli(&["run", "--format", "json"]);
    assert!(out.status.code() == Some(0) || out.status.code() == Some(1));
    let report = dir.join("reference.json");
    std::fs::write(&report, &out.stdout).unwrap();
    let site = dir.join("site");
    let child = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args([
            "report",
            "--html",
            site.to_str().unwrap(),
            report.to_str().unwrap(),
        ])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let building = dir.join(format!(".site.building-{}", child.id()));
    // Once it catches SIGINT (it then stops before the writing or between pages), interrupt
    // it: the load of the whole catalogue leaves time before the writing ends.
    let started = std::time::Instant::now();
    while !catches_sigint(child.id()) {
        assert!(
            started.elapsed().as_secs() < 60,
            "no handler after a minute"
        );
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stderr.contains("INTERRUPTED by SIGINT: no site was written"),
        "{stderr}"
    );
    // It has no verdicts to print, and does not say it has.
    assert!(
        stderr.contains("SIGINT: stopping (another signal"),
        "{stderr}"
    );
    assert!(!site.exists(), "no site");
    assert!(!building.exists(), "nothing left beside it");
}
