//! Parallel instances (`--jobs`): the report of one job, and a crashed instance restarted alone.

use super::*;

/// A fresh folder for one test's files.
pub(crate) fn scratch(what: &str) -> Result<std::path::PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("chess-conformance-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    Ok(dir)
}

/// `--jobs 2` writes, for every format, and as a baseline, byte for byte what `--jobs 1` does
/// against an engine in another process, also against one that crashes on some cases: its
/// errors name each request by its place in the case. Each run writes all its reports at once
/// (`--output FORMAT=PATH`), the text one to standard output.
pub(super) fn jobs_same_report() -> Result<(), String> {
    const FILES: [&str; 3] = ["json", "junit", "markdown"];
    let dir = scratch("jobs-same")?;
    for (faults, exact) in [("", true), ("crash=in_check", false)] {
        let engine = format!("process:{} --serve {faults}", this_binary());
        let mut outputs = Vec::new();
        for jobs in ["1", "2"] {
            let path = |what: &str| dir.join(format!("{what}-{jobs}")).display().to_string();
            let outputs_args: Vec<String> = FILES
                .iter()
                .map(|format| format!("{format}={}", path(format)))
                .chain(["text=-".to_owned()])
                .collect();
            let baseline = path("baseline");
            let mut args = vec![
                "run",
                "--engine",
                &engine,
                "--filter",
                "check/",
                "--generated",
                "exclude",
                "--jobs",
                jobs,
                "--verbose",
                "--write-baseline",
                &baseline,
            ];
            for output in &outputs_args {
                args.extend(["--output", output.as_str()]);
            }
            let (code, stdout, stderr, _) = cli(&args);
            // Writing a baseline accepts the failures it records: exit 0 either way.
            if code != Some(0) || !stdout.contains("check") {
                return Err(format!(
                    "{engine} --jobs {jobs}: exit {code:?}\n{stdout}{stderr}"
                ));
            }
            let mut written = vec![("text".to_owned(), stdout)];
            for what in FILES.iter().chain(&["baseline"]) {
                let body = std::fs::read_to_string(path(what))
                    .map_err(|e| format!("{engine} --jobs {jobs}: {what}: {e}"))?;
                written.push(((*what).to_owned(), body));
            }
            outputs.push(written);
        }
        for (one, two) in outputs[0].iter().zip(&outputs[1]) {
            if one != two {
                return Err(format!(
                    "{engine} {}: --jobs 2 differs from --jobs 1\n--- 1:\n{:?}\n--- 2:\n{:?}",
                    one.0, one.1, two.1
                ));
            }
        }
        let baseline = outputs[0]
            .iter()
            .find_map(|(what, body)| (what == "baseline").then_some(body))
            .ok_or("no baseline written")?;
        if !exact && !baseline.contains("of the case (in_check): the engine exited") {
            return Err(format!("no crash in the baseline:\n{baseline}"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// Two instances, one of which crashes once: it alone is restarted (three starts in all, not
/// four), the case it was answering errs, and every other case passes.
pub(super) fn jobs_crash_alone() -> Result<(), String> {
    let dir = scratch("jobs-crash")?;
    let starts = dir.join("starts");
    let engine = format!(
        "process:{} --serve crash=legal_moves lone={} starts={}",
        this_binary(),
        dir.join("lone").display(),
        starts.display()
    );
    let (code, stdout, stderr, _) = cli(&[
        "run",
        "--engine",
        &engine,
        "--filter",
        "castling/",
        "--jobs",
        "2",
    ]);
    let context = format!("exit {code:?}\n{stdout}{stderr}");
    let errors = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("ERROR "))
        .count();
    let last = stdout.lines().last().unwrap_or("");
    if code != Some(1) || errors != 1 || !last.ends_with(" 0 failed, 0 skipped, 1 errors") {
        return Err(format!("{context}\none error expected, {errors} found"));
    }
    contains_all(&stdout, &["the engine exited (exit code 3)"])?;
    let started = std::fs::read_to_string(&starts).map_err(|e| e.to_string())?;
    if started.lines().count() != 3 {
        return Err(format!("{context}\nstarts (3 expected):\n{started}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
