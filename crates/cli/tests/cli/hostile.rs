//! `run` given hostile input: a case folder linking out of itself (no secret quoted), an
//! engine's escapes and markup (shown escaped in the terminal and the Markdown), `--jobs` past
//! its bound.

use super::*;

#[test]
fn symlinks_leading_out_of_a_case_folder_are_refused_and_no_secret_is_quoted() {
    // A contributed case folder pointing at a credentials file and a key outside it, a file
    // of its own with a 20,000-character line, and a link to that file (inside, so followed).
    let dir = scratch("symlinks");
    let secret = "ghp_0123456789abcdefSECRET";
    std::fs::write(dir.join("credentials"), format!("TOKEN={secret}\n")).unwrap();
    let key = format!(
        "-----BEGIN OPENSSH PRIVATE KEY-----\n{}KEYBODY\n-----END OPENSSH PRIVATE KEY-----\n",
        "b3BlbnNzaC1rZXktdjEAAAAA".repeat(4)
    );
    std::fs::write(dir.join("id_ed25519"), &key).unwrap();
    let cases = dir.join("cases");
    std::fs::create_dir(&cases).unwrap();
    std::os::unix::fs::symlink(dir.join("credentials"), cases.join("a.yaml")).unwrap();
    std::os::unix::fs::symlink("../id_ed25519", cases.join("b.yaml")).unwrap();
    let long = format!("{}{secret}\n", "x".repeat(20_000));
    std::fs::write(cases.join("c.yaml"), &long).unwrap();
    std::fs::create_dir(cases.join("sub")).unwrap();
    std::fs::write(cases.join("sub/kept.txt"), format!("y{long}")).unwrap();
    std::os::unix::fs::symlink("sub/kept.txt", cases.join("d.yaml")).unwrap();
    let out = cli(&["run", "--cases", cases.to_str().unwrap()]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for leak in [secret, "KEYBODY", "BEGIN OPENSSH", &"x".repeat(100)] {
        assert!(!stderr.contains(leak), "{leak} leaked: {stderr}");
    }
    for link in ["a.yaml", "b.yaml"] {
        assert!(
            stderr.contains(&format!(
                "{}: a symbolic link leading outside {}: not read",
                cases.join(link).display(),
                cases.display()
            )),
            "{stderr}"
        );
    }
    // The link inside the folder is followed; each long line is quoted as an excerpt.
    assert!(stderr.contains("c.yaml:1:1: not a valid case file: invalid type: string \"xxx"));
    assert!(stderr.contains("x… (20026 characters)\", expected struct CaseFile"));
    assert!(stderr.contains("d.yaml:1:1: not a valid case file: invalid type: string \"yxx"));
    assert!(stderr.contains("x… (20027 characters)\", expected struct CaseFile"));
    assert!(stderr.lines().all(|l| l.len() < 400), "{stderr}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_handshake_error_quotes_the_engines_line_escaped() {
    // An engine that greets with terminal escapes (a title, a screen clear) and a NUL, then a
    // UTF-16 one, whose every other byte is NUL.
    let dir = scratch("handshake-escapes");
    for (name, greeting) in [
        (
            "escapes.py",
            r#"sys.stdout.write("\x1b]0;pwned\x07\x1b[2J\x00hello\n")"#,
        ),
        (
            "utf16.py",
            r#"sys.stdout.buffer.write('{"seq": 0}\n'.encode("utf-16-le"))"#,
        ),
    ] {
        let engine = dir.join(name);
        std::fs::write(
            &engine,
            format!("import sys, time\n{greeting}\nsys.stdout.flush()\ntime.sleep(5)\n"),
        )
        .unwrap();
        let spec = format!("process:python3 {}", engine.display());
        let out = cli(&["run", "--engine", &spec, "--cases", "tests/fixtures/wrong"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("did not complete the handshake"),
            "{stderr}"
        );
        assert!(
            !stderr.contains(['\u{1b}', '\u{7}', '\u{0}']),
            "{name}: {}",
            stderr.escape_debug()
        );
        assert!(stderr.contains("\\u{0}"), "{name}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_markdown_report_carries_no_markup_from_an_engine() {
    // An engine whose name and error answers are HTML, an image and a link: in a CI step
    // summary they would render (a tracking image, a link to anywhere, a folded section).
    let dir = scratch("markdown-injection");
    let engine = dir.join("engine.py");
    std::fs::write(
        &engine,
        r#"import json, sys
for line in sys.stdin:
    req = json.loads(line)
    if req["type"] == "start":
        result = {"protocol": 1, "name": "<details open>evil", "version": "[v](http://x)",
                  "capabilities": ["legal-moves", "move-count"]}
        print(json.dumps({"seq": req["seq"], "result": result}), flush=True)
    else:
        error = "<img src=http://x/t.png> ![a](http://x/y.png) [click](http://x) | cell"
        print(json.dumps({"seq": req["seq"], "error": error}), flush=True)
"#,
    )
    .unwrap();
    let spec = format!("process:python3 {}", engine.display());
    let out = cli(&[
        "run",
        "--engine",
        &spec,
        "--cases",
        "tests/fixtures/wrong",
        "--format",
        "markdown",
    ]);
    let md = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{md}{}", text(&out.stderr));
    for markup in ["<details", "<img", "!["] {
        assert!(!md.contains(markup), "{markup} in\n{md}");
    }
    assert!(
        md.starts_with(r"## chess-conformance: &lt;details open&gt;evil \[v\](http://x)"),
        "{md}"
    );
    assert!(
        md.contains(
            r"&lt;img src=http://x/t.png&gt; !\[a\](http://x/y.png) \[click\](http://x) \| cell |"
        ),
        "{md}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn jobs_are_bounded_and_a_refused_thread_is_a_warning_not_a_panic() {
    for command in ["run", "matrix", "mutants"] {
        let out = cli(&[command, "--jobs", "100000"]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{command}: {stderr}");
        assert!(stderr.contains("`100000` jobs: at most 256"), "{stderr}");
    }
    let help = text(&cli(&["run", "--help"]).stdout);
    assert!(help.contains("at most 256"), "{help}");
    // A stack of 1 TiB: every thread the pool asks for is refused, unless the kernel grants
    // any mapping (overcommit mode 1).
    if std::fs::read_to_string("/proc/sys/vm/overcommit_memory").is_ok_and(|m| m.trim() == "1") {
        eprintln!("skipped the refused thread: vm.overcommit_memory is 1, a 1 TiB stack is given");
        return;
    }
    let out = Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(["run", "--jobs", "2", "--cases", "tests/fixtures/wrong"])
        .current_dir(ROOT)
        .env("RUST_MIN_STACK", (1u64 << 40).to_string())
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(
        stderr.contains("warning: 2 jobs asked, but the system refused another thread"),
        "{stderr}"
    );
    assert!(stderr.contains("the run goes on with 1 worker"), "{stderr}");
    assert!(
        text(&out.stdout).contains("1 passed, 1 failed"),
        "{}",
        text(&out.stdout)
    );
}
