//! Names the site cannot be broken by: long engine names and case ids, ids that would nest
//! (`x` beside `x.html/y`), a target that cannot be renamed (`.`, a mount point), and the
//! folders a killed `report` left beside its target.

use std::process::Command;

use serde_json::Value;

use super::{castling_report, cli, first_failure, page_of, scratch, site, text};

/// The castling report with a 300-letter engine name and failing cases renamed `castling/x`,
/// `castling/x.html/y` and a 300-letter id: each a valid name, none a valid file name.
#[test]
fn long_names_and_nesting_ids_make_a_site() {
    // A mutant that fails many castling cases (castling_report's engine), run over the
    // hand-written and generated castling cases.
    let out = cli(&[
        "run",
        "--engine",
        "mutant:castle-through-attack",
        "--filter",
        "castling/",
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let mut edited = report.clone();
    let name = "e".repeat(300);
    edited["engine"]["name"] = Value::from(name.as_str());
    let long_id = format!("castling/{}", "x".repeat(300));
    let failing: Vec<usize> = edited["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, v)| v["outcome"] == "fail")
        .map(|(i, _)| i)
        .take(3)
        .collect();
    assert_eq!(failing.len(), 3, "three failures to rename");
    let ids = ["castling/x", "castling/x.html/y", long_id.as_str()];
    for (&i, id) in failing.iter().zip(ids) {
        edited["verdicts"][i]["id"] = Value::from(id);
    }
    // Its groups named the ids it had: left out, they are grouped anew from the verdicts.
    edited.as_object_mut().unwrap().remove("groups");
    let dir = scratch("long-names");
    let path = dir.join("long.json");
    std::fs::write(&path, edited.to_string()).unwrap();
    let built = site("long-names-site", &[&path]);
    for id in ids {
        let (_, section) = page_of(&built, id);
        assert!(section.contains(&format!("<h2>{id}</h2>")), "{section}");
    }
    let engines: Vec<String> = std::fs::read_dir(built.join("engines"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(engines.len(), 1, "{engines:?}");
    assert!(engines[0].len() <= 80, "{}", engines[0]);
    let index = std::fs::read_to_string(built.join("index.html")).unwrap();
    assert!(index.contains(&format!("href=\"engines/{}\"", engines[0])));
    assert!(index.contains(&name), "the name shown whole");
    // Two long names that differ only at their end get two pages.
    let mut other = edited.clone();
    other["engine"]["name"] = Value::from(format!("{}f", "e".repeat(299)));
    let second = dir.join("other.json");
    std::fs::write(&second, other.to_string()).unwrap();
    let built = site("long-names-two", &[&path, &second]);
    assert_eq!(std::fs::read_dir(built.join("engines")).unwrap().count(), 2);
}

#[test]
fn html_dot_writes_the_current_folder_in_place() {
    let (path, report) = castling_report();
    let dir = scratch("dot");
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
            .args(["report", "--html", ".", path.to_str().unwrap()])
            .current_dir(&dir)
            .output()
            .unwrap()
    };
    for _ in 0..2 {
        // Empty, then a site this command wrote: both written in place.
        let out = run();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(dir.join("index.html").is_file());
        let (_, section) = page_of(&dir, first_failure(report)["id"].as_str().unwrap());
        assert!(section.contains("<svg class=\"board\""));
        let left: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".building-") || n.contains(".old-"))
            .collect();
        assert!(left.is_empty(), "{left:?}");
    }
    // A folder of someone else's files is still refused, saying why.
    std::fs::remove_file(dir.join(".chess-conformance-site")).unwrap();
    let out = run();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(".: cannot write the site: the folder has files"),
        "{stderr}"
    );
}

/// A mount point cannot be renamed (`Device or resource busy`): the site is written into it.
/// Run in a user and mount namespace of its own (`unshare`), where a tmpfs can be mounted
/// without privileges; skipped, saying so, where that is not allowed.
#[test]
fn a_mount_point_is_written_into() {
    let (path, _) = castling_report();
    let dir = scratch("mount");
    let target = dir.join("site");
    std::fs::create_dir_all(&target).unwrap();
    let script = "mount -t tmpfs tmpfs \"$1\" || exit 77; \
                  \"$2\" report --html \"$1\" \"$3\" || exit $?; \
                  \"$2\" report --html \"$1\" \"$3\" || exit $?; \
                  ls -A \"$1\"; ls -A \"$(dirname \"$1\")\"";
    let out = Command::new("unshare")
        .args([
            "--user",
            "--map-root-user",
            "--mount",
            "sh",
            "-c",
            script,
            "sh",
        ])
        .arg(&target)
        .arg(env!("CARGO_BIN_EXE_chess-conformance"))
        .arg(path)
        .output();
    let out = match out {
        Ok(out) if out.status.code() != Some(77) && !text(&out.stderr).contains("unshare:") => out,
        _ => {
            eprintln!("note: not checking a mount point: no user namespace to mount one in");
            return;
        }
    };
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let listed: Vec<&str> = stdout.lines().collect();
    for file in [
        "index.html",
        "cases.html",
        "site.css",
        "engines",
        "areas",
        "cases",
    ] {
        assert!(listed.contains(&file), "{file} in {listed:?}");
    }
    assert!(
        !listed
            .iter()
            .any(|f| f.contains(".building-") || f.contains(".old-")),
        "{listed:?}"
    );
}

/// What a `report` killed while it wrote (SIGKILL cannot be caught) leaves beside its target
/// is removed by the next one, when its process is gone; anything else is left alone.
#[test]
fn folders_left_by_a_killed_report_are_removed_by_the_next() {
    let (path, _) = castling_report();
    let dir = scratch("stale");
    // Two processes that have ended: their ids are free (and, this soon, not reused), and
    // below the id of the `report` started after them (a folder named after that one's id, as
    // `dead + 2` was, is the command's own: it once replaced the planted folder).
    let ended = || {
        let mut child = Command::new("true").spawn().unwrap();
        child.wait().unwrap();
        child.id()
    };
    let dead = ended();
    let also_dead = ended();
    let live = std::process::id();
    let marked = |name: &str| {
        let folder = dir.join(name);
        std::fs::create_dir_all(folder.join("cases")).unwrap();
        std::fs::write(folder.join(".chess-conformance-site"), "").unwrap();
        std::fs::write(folder.join("cases/a.html"), "half a site").unwrap();
        folder
    };
    let stale = [
        marked(&format!(".site.building-{dead}")),
        marked(&format!(".site.old-{dead}")),
    ];
    let kept = [
        marked(&format!(".site.building-{live}")),
        marked(&format!(".other.building-{dead}")),
    ];
    let unmarked = dir.join(format!(".site.old-{also_dead}"));
    std::fs::create_dir_all(&unmarked).unwrap();
    std::fs::write(unmarked.join("notes.txt"), "mine").unwrap();
    let out = cli(&[
        "report",
        "--html",
        dir.join("site").to_str().unwrap(),
        path.to_str().unwrap(),
    ]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    for folder in &stale {
        assert!(!folder.exists(), "{} removed", folder.display());
    }
    for folder in &kept {
        assert!(
            folder.join("cases/a.html").is_file(),
            "{} kept",
            folder.display()
        );
    }
    assert!(
        unmarked.join("notes.txt").is_file(),
        "not a site's folder: kept"
    );
    assert!(
        stderr.contains("removed 2 unfinished site folders"),
        "{stderr}"
    );
    assert!(dir.join("site/index.html").is_file());
}
