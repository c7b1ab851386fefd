//! Every fault a protocol engine can commit, and what the harness makes of it: an error naming
//! the request, a restart, a hang that costs the timeout, an engine given up, its stderr quoted;
//! a CLI run that completes whatever the engine does.

use super::*;

/// Each fault gives an error naming the engine, the request and what was received; the next
/// request goes to a restarted engine and is answered.
pub(super) fn faults() -> Result<(), String> {
    let cases: &[(&str, &[&str])] = &[
        (
            "crash=legal_moves",
            &[
                "request 1 (legal_moves): the engine exited (exit code 3)",
                "fake engine: crashing on purpose on `legal_moves`",
                "it will be restarted for the next request",
            ],
        ),
        (
            "abort=legal_moves",
            &["request 1 (legal_moves): the engine exited (killed by signal 6 (SIGABRT))"],
        ),
        (
            "garbage=legal_moves",
            &[
                "request 1 (legal_moves): the answer is not JSON",
                "received `this is not JSON`",
            ],
        ),
        (
            "huge=legal_moves",
            &[
                "request 1 (legal_moves): the engine printed a line of 2097152 bytes, over the limit of 1048576 (--max-line-bytes)",
                "it began `xxxxxxxx",
            ],
        ),
        (
            "seq=legal_moves",
            &[
                "request 1 (legal_moves): the answer carries seq 2, not 1: received `{\"result\":[],\"seq\":2}`",
            ],
        ),
        (
            "noenvelope=legal_moves",
            &[
                "request 1 (legal_moves): the answer must have exactly one of `result`, `unsupported` and `error`; it has none: received `{\"seq\":1}`",
            ],
        ),
    ];
    for (fault, expected) in cases {
        let mut engine = served(&[fault], options(5_000, false))?;
        let command = format!(
            "engine `{}`",
            shell_words::join([this_binary().as_str(), "--serve", fault])
        );
        let message = failed(engine.legal_moves(&start_position()))?;
        contains_all(&message, expected).map_err(|e| format!("{fault}: {e}"))?;
        contains_all(&message, &[&command]).map_err(|e| format!("{fault}: {e}"))?;
        // Restarted: the next question is answered.
        let check = engine.in_check(&start_position());
        if check != Ok(false) {
            return Err(format!(
                "{fault}: after the restart, in_check gave {check:?}"
            ));
        }
    }
    // A stray line carrying the next request's `seq`, written with an answer: the next
    // request errs (it is not that request's answer, though its `seq` says so), and the one
    // after is answered by a restarted engine.
    let mut engine = served(&["stray=legal_moves"], options(5_000, false))?;
    engine
        .legal_moves(&start_position())
        .map_err(|e| format!("stray: the answer before the stray line: {e}"))?;
    let message = failed(engine.in_check(&start_position()))?;
    contains_all(
        &message,
        &[
            "request 2 (in_check): the engine wrote a line before request 2 was sent, which no \
             request asked for: received `{\"result\":true,\"seq\":2}`",
        ],
    )
    .map_err(|e| format!("stray: {e}"))?;
    let check = engine.in_check(&start_position());
    if check != Ok(false) {
        return Err(format!("stray: after the restart, in_check gave {check:?}"));
    }
    // A result of the wrong shape: an error, and no restart is needed.
    let mut engine = served(&["wrongtype=legal_moves"], options(5_000, false))?;
    let message = failed(engine.legal_moves(&start_position()))?;
    contains_all(
        &message,
        &[
            "request 1 (legal_moves): the result is not of the documented form",
            "received `{\"result\":\"e2e4\",\"seq\":1}`",
        ],
    )?;
    Ok(())
}

// The time bounds below only tell "about the timeout" from "a much longer wait" (the default
// timeout, or none): they are loose so that a busy machine does not fail them.
pub(super) fn hang() -> Result<(), String> {
    let timeout = 300;
    let mut engine = served(&["hang=in_check"], options(timeout, false))?;
    let start = Instant::now();
    let message = failed(engine.in_check(&start_position()))?;
    let took = start.elapsed();
    contains_all(
        &message,
        &[
            "request 1 (in_check): no answer within 300ms",
            "no answer within 300ms; it was killed; it will be restarted",
        ],
    )?;
    if took < Duration::from_millis(timeout) || took > Duration::from_millis(timeout + 5_000) {
        return Err(format!(
            "the hang took {took:?} with a timeout of {timeout} ms"
        ));
    }
    // The restarted engine answers other questions, and hangs (and is stopped) again on the same.
    if engine.legal_moves(&start_position()).map(|m| m.len()) != Ok(20) {
        return Err("the restarted engine did not answer legal_moves".into());
    }
    let start = Instant::now();
    failed(engine.in_check(&start_position()))?;
    if start.elapsed() > Duration::from_millis(timeout + 5_000) {
        return Err(format!("the second hang took {:?}", start.elapsed()));
    }
    Ok(())
}

pub(super) fn given_up() -> Result<(), String> {
    let marker =
        std::env::temp_dir().join(format!("chess-conformance-once-{}", std::process::id()));
    let _ = std::fs::remove_file(&marker);
    let once = format!("once={}", marker.display());
    let mut engine = served(&[&once, "crash=in_check"], options(5_000, false))?;
    failed(engine.in_check(&start_position()))?;
    // Three failed restarts, each an error naming why.
    for attempt in 1..=3 {
        let message = failed(engine.legal_moves(&start_position()))?;
        contains_all(
            &message,
            &[
                "did not complete the handshake",
                "refusing to start a second time",
            ],
        )
        .map_err(|e| format!("attempt {attempt}: {e}"))?;
        if attempt == 3 {
            contains_all(
                &message,
                &["could not be restarted 3 times in a row and was given up"],
            )?;
        }
    }
    // Then every request fails at once.
    let begin = Instant::now();
    let message = failed(engine.legal_moves(&start_position()))?;
    contains_all(&message, &["given up"])?;
    let _ = std::fs::remove_file(&marker);
    if begin.elapsed() > Duration::from_millis(2_000) {
        return Err(format!(
            "a given-up engine took {:?} to fail",
            begin.elapsed()
        ));
    }
    Ok(())
}

pub(super) fn stderr_tail() -> Result<(), String> {
    let mut engine = served(&["noise", "crash=perft"], options(5_000, false))?;
    for _ in 0..30 {
        engine
            .in_check(&start_position())
            .map_err(|e| e.to_string())?;
    }
    let message = failed(engine.perft(&start_position(), 1))?;
    // The last 20 lines of stderr: the crash message and the noise just before it.
    contains_all(
        &message,
        &[
            "its stderr ended with:\n",
            "noise line 30",
            "crashing on purpose on `perft`",
        ],
    )?;
    if message.contains("noise line 5\n") {
        return Err(format!("the tail is not a tail:\n{message}"));
    }
    Ok(())
}

pub(super) fn cli_run() -> Result<(), String> {
    let engine = format!("process:{} --serve crash=legal_moves", this_binary());
    let (code, stdout, stderr, _) = cli(&[
        "run",
        "--engine",
        &engine,
        "--filter",
        "castling/",
        "--validate-protocol",
    ]);
    if code != Some(1) {
        return Err(format!("exit {code:?}\n{stdout}{stderr}"));
    }
    contains_all(
        &stdout,
        &[
            "ERROR castling/",
            "error: legal moves: engine `",
            "the engine exited (exit code 3)",
            // The engine's stderr, kept under its case in the report.
            "its stderr ended with:\n          | fake engine: a first line of stderr\n          | fake engine: crashing on purpose",
        ],
    )?;
    let last = stdout.lines().last().unwrap_or("");
    if !last.ends_with("errors") || last.starts_with("0 passed") {
        return Err(format!("last line: {last}"));
    }
    // A hanging engine: every case that asks for check waits the timeout once, no more.
    let engine = format!("process:{} --serve hang=in_check", this_binary());
    let (code, stdout, _, took) = cli(&[
        "run",
        "--engine",
        &engine,
        "--filter",
        "check/by-",
        "--timeout",
        "200ms",
        "--all",
    ]);
    let errors = stdout.matches("no answer within 200ms").count();
    if code != Some(1) || errors == 0 {
        return Err(format!("exit {code:?}\n{stdout}"));
    }
    // Once per case: as many timeouts as errored cases. (Wall time is only a guard against a
    // run that never ends: a timed bound would flake on a busy machine.)
    let errored = stdout
        .lines()
        .filter(|l| l.trim_start().starts_with("ERROR "))
        .count();
    if errors != errored {
        return Err(format!(
            "{errors} timeouts in {errored} errored cases\n{stdout}"
        ));
    }
    if took > Duration::from_millis(200 * errors as u64 * 20 + 60_000) {
        return Err(format!("{errors} hangs took {took:?}"));
    }
    // An engine that cannot start is bad usage: exit 2, nothing run.
    let (code, stdout, stderr, _) = cli(&["run", "--engine", "process:/nonexistent/engine"]);
    if code != Some(2) || !stdout.is_empty() || !stderr.contains("cannot be started") {
        return Err(format!("exit {code:?}\n{stdout}{stderr}"));
    }
    let (code, _, stderr, _) = cli(&["run", "--timeout", "soon"]);
    if code != Some(2) || !stderr.contains("not a positive duration") {
        return Err(format!("exit {code:?}\n{stderr}"));
    }
    Ok(())
}
