//! Process groups, exits held open, huge timeouts, interrupts: nothing an engine started
//! outlives the harness.

use super::*;

/// A marker for the processes one test leaves behind, unique to this test run.
fn marker(what: &str) -> String {
    format!("chess-conformance-marker-{}-{what}", std::process::id())
}

/// How many processes carry `marker` on their command line (a shell running the engine, the
/// engine, what it started; a zombie has no command line).
fn alive(marker: &str) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter(|e| {
            std::fs::read(e.path().join("cmdline"))
                .is_ok_and(|c| String::from_utf8_lossy(&c).contains(marker))
        })
        .count()
}

/// How many processes still carry `marker` after waiting up to 10 s for none to (what a group
/// ended leaves is reaped by init, a moment later).
fn left_behind(marker: &str) -> usize {
    let start = Instant::now();
    loop {
        let n = alive(marker);
        if n == 0 || start.elapsed() > Duration::from_secs(10) {
            return n;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// This binary with `args`, through `sh -c` (`; true` makes the shell fork it rather than
/// exec it): the engine is the shell's child, not the harness's.
fn through_sh(args: &[&str]) -> Vec<String> {
    let binary = this_binary();
    let inner = shell_words::join(std::iter::once(binary.as_str()).chain(args.iter().copied()));
    vec!["sh".to_owned(), "-c".to_owned(), format!("{inner}; true")]
}

/// An engine started through `sh -c` that starts a process of its own: a timeout, a failed
/// handshake and a drop each end all three, for protocol and UCI engines alike.
// A timeout of 3 s: the fake engine (a debug build, started through sh) must complete its
// handshake within it even while the other tests load the machine.
pub(super) fn process_groups() -> Result<(), String> {
    let m = marker("groups");
    let mark = format!("marker={m}");
    let mut engine = Process::start(
        through_sh(&["--serve", "spawn", &mark, "hang=in_check"]),
        options(3_000, false),
    )?;
    if alive(&m) < 3 {
        return Err(format!(
            "the shell, the engine and what it started: {} processes",
            alive(&m)
        ));
    }
    let message = failed(engine.in_check(&start_position()))?;
    contains_all(&message, &["no answer within 3s"])?;
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived the timeout"));
    }
    // Restarted for the next request, with what it starts; a drop ends them all.
    let answer = engine.legal_moves(&start_position()).map(|m| m.len());
    if answer != Ok(20) {
        return Err(format!("the restarted engine answered {answer:?}"));
    }
    if alive(&m) < 3 {
        return Err(format!("after the restart: {} processes", alive(&m)));
    }
    drop(engine);
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived the engine's drop"));
    }
    // A handshake that fails.
    let error = match Process::start(
        through_sh(&["--serve", "spawn", &mark, "hang=start"]),
        options(3_000, false),
    ) {
        Ok(_) => return Err("a hung handshake started".into()),
        Err(e) => e,
    };
    contains_all(&error, &["no answer within 3s"])?;
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived a failed handshake"));
    }
    // UCI.
    let mut engine = UciEngine::start(
        through_sh(&["--uci", "spawn", &mark, "hang-d"]),
        options(3_000, false),
    )?;
    if alive(&m) < 3 {
        return Err(format!("UCI: {} processes", alive(&m)));
    }
    failed(engine.checkers(&start_position()))?;
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("UCI: {left} processes outlived the timeout"));
    }
    let answer = engine.legal_moves(&start_position()).map(|m| m.len());
    if answer != Ok(20) {
        return Err(format!("the restarted UCI engine answered {answer:?}"));
    }
    drop(engine);
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("UCI: {left} processes outlived the engine's drop"));
    }
    Ok(())
}

/// An engine that exits while a process it started holds its stdout: reported as its exit, with
/// its stderr, at once rather than at the timeout; and what it left is ended.
pub(super) fn grandchild() -> Result<(), String> {
    let m = marker("grandchild");
    let mark = format!("marker={m}");
    let timeout = Duration::from_secs(10);
    let mut engine = served(
        &["grandchild=legal_moves", &mark],
        options(timeout.as_millis() as u64, false),
    )?;
    let begin = Instant::now();
    let message = failed(engine.legal_moves(&start_position()))?;
    let took = begin.elapsed();
    contains_all(
        &message,
        &[
            "request 1 (legal_moves): the engine exited (exit code 5; a process it started still \
             held its stdout open)",
            "its stderr ended with:\nfake engine: leaving a grandchild that holds stdout",
            "it will be restarted",
        ],
    )?;
    if took > Duration::from_secs(5) {
        return Err(format!("the exit took {took:?} to notice"));
    }
    let left = left_behind(&m);
    if left != 0 {
        return Err(format!("{left} processes outlived the engine"));
    }
    if engine.in_check(&start_position()) != Ok(false) {
        return Err("the restarted engine did not answer in_check".into());
    }
    Ok(())
}

/// A timeout the clock cannot add to now (1e19 s, `Duration::MAX`) waits as long as it can: no
/// panic, answers as usual.
pub(super) fn huge_timeout() -> Result<(), String> {
    for timeout in [
        Duration::from_secs(10_000_000_000_000_000_000),
        Duration::MAX,
    ] {
        let options = Options {
            limits: chess_conformance::Limits {
                timeout,
                ..Default::default()
            },
            validate_protocol: true,
        };
        let mut engine = served(&[], options)?;
        if engine.legal_moves(&start_position()).map(|m| m.len()) != Ok(20) {
            return Err(format!("{timeout:?}: legal_moves"));
        }
        let mut uci = UciEngine::start(vec![this_binary(), "--uci".to_owned()], options)?;
        if uci.legal_moves(&start_position()).map(|m| m.len()) != Ok(20) {
            return Err(format!("{timeout:?}: UCI legal_moves"));
        }
    }
    Ok(())
}

/// SIGINT or SIGTERM while an engine (through `sh -c`, with a process of its own) hangs: the
/// harness ends them all, prints the verdicts so far marked as interrupted and what was not
/// run, writes no baseline, and exits 130 or 143; `matrix` too. The reports `--output` names
/// are written, with the verdicts so far, marked so.
pub(super) fn interrupted() -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!(
        "chess-conformance-interrupt-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let runs: [(&str, i32, &str); 6] = [
        ("INT", 130, "text"),
        ("TERM", 143, "json"),
        ("TERM", 143, "outputs"),
        // The terminal closed, Ctrl-\: engines ended as for SIGTERM.
        ("HUP", 129, "text"),
        ("QUIT", 131, "json"),
        // Last: it leaves its empty folder.
        ("INT", 130, "matrix"),
    ];
    for (signal, code, how) in runs {
        let what = format!("{how}-{signal}");
        let m = marker(&format!("interrupt-{what}"));
        let hanging = dir.join(format!("hanging-{what}"));
        let written = dir.join(format!("written-{what}"));
        let child = start_hanging_run(how, &m, &hanging, &written)?;
        let stopped = interrupt_when_hanging(child, signal, &hanging, &m)?;
        let context = format!(
            "{what}: exit {:?}\n{}\n{}",
            stopped.status, stopped.stdout, stopped.stderr
        );
        stopped_whole_and_in_time(&stopped, &hanging, code, &m, &context)?;
        interrupted_report(how, &format!("SIG{signal}"), &stopped.stdout, &context)?;
        if how == "outputs" {
            // The JSON and Markdown reports went to their files, whole, saying so.
            let read = |path: std::path::PathBuf| {
                std::fs::read_to_string(&path)
                    .map_err(|e| format!("{context}\n{}: {e}", path.display()))
            };
            let json = read(outputs_json(&written))?;
            interrupted_json(&context, &json, &format!("SIG{signal}"))?;
            let markdown = read(written.with_extension("report.md"))?;
            contains_all(
                &markdown,
                &[
                    &format!("**INTERRUPTED by SIG{signal}: "),
                    "not run: attacks/",
                ],
            )?;
        }
        if how == "matrix" {
            // The engine cut short has its report, saying where it stopped.
            let report = std::fs::read_dir(written.with_extension("reports"))
                .map_err(|e| format!("{context}\nno reports: {e}"))?
                .find_map(Result::ok)
                .ok_or_else(|| format!("{context}\nno report written"))?;
            let json = std::fs::read_to_string(report.path()).map_err(|e| e.to_string())?;
            interrupted_json(&context, &json, &format!("SIG{signal}"))?;
        }
        nothing_written(&dir, &written, how, &what, &context)?;
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}

/// Where the `outputs` run writes its JSON report: beside its baseline, named after it.
fn outputs_json(written: &std::path::Path) -> std::path::PathBuf {
    written.with_extension("report.json")
}

/// `run --format HOW` (or `matrix` with `--write-reports`, or `run --output text=- --output
/// json=FILE --output markdown=FILE` for `outputs`) writing a baseline to `written`, against an engine through `sh -c` that starts
/// a process of its own and hangs after six answers, writing `hanging`.
fn start_hanging_run(
    how: &str,
    m: &str,
    hanging: &std::path::Path,
    written: &std::path::Path,
) -> Result<std::process::Child, String> {
    let engine = format!(
        "process:{}",
        shell_words::join(through_sh(&[
            "--serve",
            "spawn",
            &format!("marker={m}"),
            &format!("hang-after=6,{}", hanging.display()),
        ]))
    );
    let json = format!("json={}", outputs_json(written).display());
    let markdown = format!("markdown={}", written.with_extension("report.md").display());
    let reports = written.with_extension("reports").display().to_string();
    let mut args = match how {
        "matrix" => vec![
            "matrix",
            "--jobs",
            "1",
            "--write-reports",
            &reports,
            "--write-baselines",
        ],
        "outputs" => vec![
            "run",
            "--output",
            "text=-",
            "--output",
            &json,
            "--output",
            &markdown,
            "--write-baseline",
        ],
        format => vec!["run", "--format", format, "--write-baseline"],
    };
    let written_arg = written.display().to_string();
    args.push(&written_arg);
    args.extend([
        "--engine",
        &engine,
        "--filter",
        "attacks/",
        "--generated",
        "exclude",
        "--timeout",
        "60s",
    ]);
    Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(&args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| e.to_string())
}

/// What an interrupted harness left: its exit, its output, how long it took to stop after the
/// signal, how many processes carried the marker before it, whether the signal was sent.
struct Stopped {
    status: std::process::ExitStatus,
    stdout: String,
    stderr: String,
    took: Duration,
    running: usize,
    killed: bool,
}

/// Waits (a minute at most) for the engine to hang, counts its processes, then sends `signal`
/// to the harness and waits for it to end.
fn interrupt_when_hanging(
    child: std::process::Child,
    signal: &str,
    hanging: &std::path::Path,
    m: &str,
) -> Result<Stopped, String> {
    let begin = Instant::now();
    while !hanging.exists() && begin.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let running = alive(m);
    let sent = Instant::now();
    let killed = Command::new("kill")
        .args([format!("-{signal}"), child.id().to_string()])
        .status();
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let took = sent.elapsed();
    Ok(Stopped {
        status: out.status,
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        took,
        running,
        killed: killed.is_ok_and(|s| s.success()),
    })
}

/// The engine had hung; the harness exited with `code` within 8 s of the signal, and no process
/// carrying the marker outlived it.
fn stopped_whole_and_in_time(
    stopped: &Stopped,
    hanging: &std::path::Path,
    code: i32,
    m: &str,
    context: &str,
) -> Result<(), String> {
    let running = stopped.running;
    if !hanging.exists() || running < 3 || !stopped.killed {
        return Err(format!(
            "{context}\nthe engine never hung ({running} processes)"
        ));
    }
    if stopped.status.code() != Some(code) {
        return Err(format!("{context}\nexpected exit {code}"));
    }
    let took = stopped.took;
    if took > Duration::from_secs(8) {
        return Err(format!("{context}\nthe harness took {took:?} to stop"));
    }
    let left = left_behind(m);
    if left != 0 {
        return Err(format!("{context}\n{left} processes outlived the harness"));
    }
    Ok(())
}

/// The report of an interrupted run, `how` it was asked for: the text's verdicts of the cases
/// run and what was not run, the JSON's `interrupted` object, `matrix`'s note.
fn interrupted_report(how: &str, name: &str, stdout: &str, context: &str) -> Result<(), String> {
    match how {
        "text" | "outputs" => {
            contains_all(
                stdout,
                &[
                    &format!("INTERRUPTED by {name}: "),
                    "cases were run, and the verdicts here are theirs",
                    "not run: attacks/",
                ],
            )?;
            // The verdicts of the cases run (six answers: one case or more), and no other.
            let run = stdout
                .split(&format!("INTERRUPTED by {name}: "))
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0);
            let header = format!("chess-conformance: {run} cases against reference (shakmaty)");
            if run == 0 || !stdout.contains(&header) {
                return Err(format!("{context}\nnot the verdicts of the cases run"));
            }
        }
        "json" => interrupted_json(context, stdout, name)?,
        _ => contains_all(
            stdout,
            &[
                " (interrupted after ",
                &format!("INTERRUPTED by {name}: 1 of 1 engines run"),
                "no baseline was written",
            ],
        )?,
    }
    Ok(())
}

/// No baseline, whole or partial; no temporary file either (`matrix` leaves its empty folder);
/// only the report `--output` named.
fn nothing_written(
    dir: &std::path::Path,
    written: &std::path::Path,
    how: &str,
    what: &str,
    context: &str,
) -> Result<(), String> {
    let files: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| e.to_string())?
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| {
            !n.starts_with("hanging-")
                && !n.ends_with(".report.json")
                && !n.ends_with(".report.md")
                && !n.ends_with(".reports")
        })
        .collect();
    let in_written = std::fs::read_dir(written).map_or(0, Iterator::count);
    let clean = files.is_empty()
        || (how == "matrix" && files == [format!("written-{what}")] && in_written == 0);
    if !clean {
        let written_arg = written.display();
        return Err(format!(
            "{context}\nwritten: {files:?} ({in_written} in {written_arg})"
        ));
    }
    Ok(())
}

/// The JSON report of an interrupted run: the verdicts of the cases run, and where it stopped;
/// `report --html` renders it, the index and the engine's page saying it was interrupted.
fn interrupted_json(context: &str, stdout: &str, name: &str) -> Result<(), String> {
    let report: Value =
        serde_json::from_str(stdout).map_err(|e| format!("{context}\nnot JSON: {e}"))?;
    let interrupted = &report["interrupted"];
    let run = interrupted["cases_run"].as_u64().unwrap_or(0);
    let not_run = interrupted["not_run"].as_array().map_or(0, Vec::len);
    if interrupted["signal"] != name
        || run == 0
        || report["verdicts"].as_array().map(|v| v.len() as u64) != Some(run)
        || not_run == 0
    {
        return Err(format!("{context}\n{interrupted}"));
    }
    let dir = scratch("interrupted-site")?;
    let file = dir.join("interrupted.json");
    std::fs::write(&file, stdout).map_err(|e| e.to_string())?;
    let site = dir.join("site");
    let out = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(["report", "--html"])
        .args([&site, &file])
        .output()
        .map_err(|e| e.to_string())?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!(
            "{context}\nreport --html: {:?}\n{stderr}",
            out.status
        ));
    }
    let said = format!(
        "interrupted by {name} after {run} of {} cases",
        run as usize + not_run
    );
    let index = std::fs::read_to_string(site.join("index.html")).map_err(|e| e.to_string())?;
    // The one engine's page, named after its identity.
    let page = std::fs::read_dir(site.join("engines"))
        .map_err(|e| e.to_string())?
        .find_map(Result::ok)
        .ok_or("no engine page")?;
    let engine = std::fs::read_to_string(page.path()).map_err(|e| e.to_string())?;
    if !index.contains(&said) || !engine.contains(&format!("This run was {said}")) {
        return Err(format!(
            "{context}\n`{said}` not on the index or the engine's page:\n{index}"
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
