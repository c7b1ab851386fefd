//! Parallel instances (`--jobs`): the report of one job, and a crashed instance restarted alone.

use super::*;

/// A fresh folder for one test's files.
pub(crate) fn scratch(what: &str) -> Result<std::path::PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("chess-conformance-{what}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    Ok(dir)
}

/// `--jobs 2` prints, for every format, and writes as a baseline, byte for byte what
/// `--jobs 1` does against an engine in another process, also against one that crashes on some
/// cases: its errors name each request by its place in the case.
pub(super) fn jobs_same_report() -> Result<(), String> {
    let dir = scratch("jobs-same")?;
    for (faults, exact) in [("", true), ("crash=in_check", false)] {
        let engine = format!("process:{} --serve {faults}", this_binary());
        for format in ["text", "json", "junit", "markdown"] {
            let mut outputs = Vec::new();
            for jobs in ["1", "2"] {
                let baseline = dir.join(format!("{format}-{jobs}.yaml"));
                let baseline = baseline.display().to_string();
                let mut args = vec![
                    "run",
                    "--engine",
                    &engine,
                    "--filter",
                    "check/",
                    "--generated",
                    "exclude",
                    "--format",
                    format,
                    "--jobs",
                    jobs,
                ];
                if format == "text" {
                    args.extend(["--verbose", "--write-baseline", &baseline]);
                }
                let (code, stdout, stderr, _) = cli(&args);
                let expected = if format == "text" || exact { 0 } else { 1 };
                if code != Some(expected) || !stdout.contains("check") {
                    return Err(format!(
                        "{engine} {format} --jobs {jobs}: exit {code:?}\n{stdout}{stderr}"
                    ));
                }
                let baseline = std::fs::read_to_string(&baseline).unwrap_or_default();
                outputs.push((stdout, baseline));
            }
            if outputs[0] != outputs[1] {
                return Err(format!(
                    "{engine} {format}: --jobs 2 differs from --jobs 1\n--- 1:\n{:?}\n--- 2:\n{:?}",
                    outputs[0], outputs[1]
                ));
            }
            if format == "text"
                && !exact
                && !outputs[0]
                    .1
                    .contains("of the case (in_check): the engine exited")
            {
                return Err(format!("no crash in the baseline:\n{}", outputs[0].1));
            }
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
