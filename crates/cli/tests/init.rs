//! `chess-conformance init` and the protocol helpers of `adapters/`: the shims it writes run at
//! once and skip every case, it never overwrites a file unasked, and the helpers answer as
//! docs/PROTOCOL.md says (the handshake from the functions given, `seq` repeated, `unsupported`
//! and errors naming the request, stdout kept clean).
//!
//! Python and Node are needed; without them a test says so and passes, unless
//! `CHESS_CONFORMANCE_REQUIRE_ENGINES` is set (as in CI).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use chess_conformance::Capability;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "chess-conformance-init-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The command, run in `dir`.
fn cli(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chess-conformance"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

/// Whether `program` runs; if not, a test needing it passes with a note, or fails in CI.
fn available(program: &str) -> bool {
    let found = Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CHESS_CONFORMANCE_REQUIRE_ENGINES").is_none(),
            "{program} is needed"
        );
        eprintln!("note: {program} not found; not checked");
    }
    found
}

/// The answer lines of `program script` to `requests`, and its stderr.
fn converse(dir: &Path, program: &str, script: &str, requests: &[&str]) -> (Vec<String>, String) {
    let mut child = Command::new(program)
        .arg(script)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the interpreter starts");
    let mut stdin = child.stdin.take().unwrap();
    for request in requests {
        writeln!(stdin, "{request}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let lines = text(&out.stdout).lines().map(str::to_owned).collect();
    (lines, text(&out.stderr))
}

/// The capability of every question, in the table's order: what a shim that has a function for
/// each declares.
fn every_question() -> Vec<&'static str> {
    Capability::ALL
        .iter()
        .filter(|c| c.question().is_some())
        .map(|c| c.name())
        .collect()
}

/// `init --lang LANG` writes a shim that answers the handshake with every question, and a run
/// against it exits 0 with every case skipped, with the TODO as the reason.
fn written_shim_skips_everything(lang: &str, program: &str, file: &str, helper: &str) {
    if !available(program) {
        return;
    }
    let dir = scratch(lang);
    let out = cli(&dir, &["init", "--lang", lang]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(
        dir.join(file).is_file() && dir.join(helper).is_file(),
        "{stdout}"
    );
    let command = format!("chess-conformance run --engine 'process:{program} {file}'");
    assert!(stdout.contains(&command), "{stdout}");
    // The command is also in the shim's opening lines, for whoever opens it later.
    let shim = std::fs::read_to_string(dir.join(file)).unwrap();
    assert!(shim.contains(&command), "{shim}");

    let (lines, _) = converse(
        &dir,
        program,
        file,
        &[r#"{"seq":0,"type":"start","protocol":1}"#],
    );
    let start: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    assert_eq!(start["result"]["protocol"], 1, "{start}");
    assert_eq!(
        start["result"]["capabilities"],
        serde_json::json!(every_question()),
        "{start}"
    );

    let engine = format!("process:{program} {file}");
    let out = cli(
        &dir,
        &[
            "run",
            "--engine",
            &engine,
            "--generated",
            "exclude",
            "--validate-protocol",
        ],
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("0 passed, 0 failed, ") && last.ends_with(" skipped, 0 errors"),
        "{last}"
    );
    assert!(stdout.contains("TODO: position"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_python_shim_runs_at_once_and_skips_every_case() {
    written_shim_skips_everything(
        "python",
        "python3",
        "chess_shim.py",
        "chess_conformance_shim.py",
    );
}

#[test]
fn the_js_shim_runs_at_once_and_skips_every_case() {
    written_shim_skips_everything("js", "node", "chess_shim.mjs", "chess-conformance-shim.mjs");
}

/// The requests each helper is asked in `the_helpers_speak_the_protocol`.
const REQUESTS: &[&str] = &[
    r#"{"seq":0,"type":"start","protocol":1}"#,
    r#"{"seq":1,"type":"in_check","fen":"F","moves":["m1"]}"#,
    r#"{"seq":2,"type":"legal_moves","fen":"F","moves":[]}"#,
    r#"{"seq":3,"type":"san","fen":"F","moves":[],"move":"e2e4"}"#,
    r#"{"seq":4,"type":"validate_fen","fen":"G"}"#,
    r#"{"seq":5,"type":"checkers","fen":"F","moves":[]}"#,
    r#"{"seq":6,"type":"castle_in_960","fen":"F","moves":[]}"#,
    "not json",
    r#"[1, 2]"#,
];

/// What a shim on the helper answers to [`REQUESTS`]: the functions it was given are declared,
/// with the rules; a print from a function goes to stderr; an exception is an error naming the
/// request; `Unsupported` and an unknown type are unsupported; a line that is no request is an
/// error with `seq` 0.
fn check_answers(lines: &[String], stderr: &str) {
    let answers: Vec<serde_json::Value> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect();
    assert_eq!(answers.len(), REQUESTS.len(), "{lines:?}");
    assert_eq!(
        answers[0]["result"],
        serde_json::json!({"protocol": 1, "name": "toy", "version": "1.2",
            "capabilities": ["legal-moves", "check", "checkers", "san", "validate-fen", "repetition"]}),
    );
    assert_eq!(answers[1], serde_json::json!({"seq": 1, "result": true}));
    assert!(stderr.contains("noise from the library"), "{stderr}");
    assert!(stderr.contains("raw noise on fd 1"), "{stderr}");
    let error = answers[2]["error"].as_str().expect("an error");
    assert!(
        error.starts_with("legal_moves: ") && error.contains("no moves in F"),
        "{error}"
    );
    assert_eq!(
        answers[3],
        serde_json::json!({"seq": 3, "result": "F:e2e4"})
    );
    assert_eq!(
        answers[4],
        serde_json::json!({"seq": 4, "result": {"valid": false, "reason": "G"}})
    );
    assert_eq!(
        answers[5],
        serde_json::json!({"seq": 5, "unsupported": "not in this library"})
    );
    assert_eq!(answers[6]["seq"], 6);
    assert!(
        answers[6]["unsupported"]
            .as_str()
            .unwrap()
            .contains("castle_in_960")
    );
    for bad in &answers[7..] {
        assert_eq!(bad["seq"], 0, "{bad}");
        assert!(bad["error"].is_string(), "{bad}");
    }
}

const PYTHON_TOY: &str = r#"
import os
from chess_conformance_shim import Shim, Unsupported
shim = Shim("toy", "1.2", position=lambda fen, moves: fen, rules=["repetition"])
@shim.question
def in_check(board, request):
    print("noise from the library")
    os.write(1, b"raw noise on fd 1\n")  # as C code or a child process would
    return request["moves"] == ["m1"]
@shim.question
def legal_moves(board, request):
    raise ValueError("no moves in " + board)
@shim.question
def checkers(board, request):
    raise Unsupported("not in this library")
shim.questions(san=lambda board, request: board + ":" + request["move"],
               validate_fen=lambda request: {"valid": False, "reason": request["fen"]})
shim.serve()
"#;

const JS_TOY: &str = r#"
import { Shim, Unsupported } from './chess-conformance-shim.mjs';
const shim = new Shim({ name: 'toy', version: '1.2', position: (fen, moves) => fen, rules: ['repetition'] });
shim.questions({
  in_check: (board, request) => {
    console.log('noise from the library');
    process.stdout.write('raw noise on fd 1\n');
    return request.moves[0] === 'm1';
  },
  legal_moves: (board) => { throw new TypeError(`no moves in ${board}`); },
  checkers: () => { throw new Unsupported('not in this library'); },
  san: (board, request) => `${board}:${request.move}`,
  validate_fen: (request) => ({ valid: false, reason: request.fen }),
});
await shim.serve();
"#;

#[test]
fn the_helpers_speak_the_protocol() {
    for (lang, program, toy, name) in [
        ("python", "python3", PYTHON_TOY, "toy.py"),
        ("js", "node", JS_TOY, "toy.mjs"),
    ] {
        if !available(program) {
            continue;
        }
        // The helper as `init` writes it.
        let dir = scratch(&format!("helper-{lang}"));
        let out = cli(&dir, &["init", "--lang", lang]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        std::fs::write(dir.join(name), toy).unwrap();
        let (lines, stderr) = converse(&dir, program, name, REQUESTS);
        check_answers(&lines, &stderr);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Requests of a standard and of a Chess960 game, and a Chess960 FEN to check.
const VARIANT_REQUESTS: &[&str] = &[
    r#"{"seq":0,"type":"start","protocol":1}"#,
    r#"{"seq":1,"type":"legal_moves","fen":"F","moves":["m1"]}"#,
    r#"{"seq":2,"type":"legal_moves","fen":"F","moves":["f1h1"],"variant":"chess960"}"#,
    r#"{"seq":3,"type":"validate_fen","fen":"G","variant":"chess960"}"#,
];

/// A shim declaring `chess960` gets a Chess960 request's variant where its position is built
/// (`variant="chess960"` in Python, `{ variant: 'chess960' }` in JavaScript) and a standard
/// one's position as before; `validate_fen` reads it from the request.
const PYTHON_960: &str = r#"
from chess_conformance_shim import Shim
shim = Shim("toy", "1", position=lambda fen, moves, variant=None: "%s %s %s" % (fen, moves, variant),
            rules=["chess960"])
shim.questions(legal_moves=lambda board, request: board,
               validate_fen=lambda request: {"valid": False, "reason": request.get("variant")})
shim.serve()
"#;

const JS_960: &str = r#"
import { Shim } from './chess-conformance-shim.mjs';
const shim = new Shim({ name: 'toy', version: '1', rules: ['chess960'],
  position: (fen, moves, { variant } = {}) => `${fen} ${moves} ${variant}` });
shim.questions({
  legal_moves: (board) => board,
  validate_fen: (request) => ({ valid: false, reason: request.variant }),
});
await shim.serve();
"#;

#[test]
fn the_helpers_pass_the_variant_to_a_shim_declaring_chess960() {
    for (lang, program, toy, name, standard, chess960) in [
        (
            "python",
            "python3",
            PYTHON_960,
            "toy.py",
            "F ['m1'] None",
            "F ['f1h1'] chess960",
        ),
        (
            "js",
            "node",
            JS_960,
            "toy.mjs",
            "F m1 undefined",
            "F f1h1 chess960",
        ),
    ] {
        if !available(program) {
            continue;
        }
        let dir = scratch(&format!("variant-{lang}"));
        assert_eq!(cli(&dir, &["init", "--lang", lang]).status.code(), Some(0));
        std::fs::write(dir.join(name), toy).unwrap();
        let (lines, stderr) = converse(&dir, program, name, VARIANT_REQUESTS);
        let answers: Vec<serde_json::Value> = lines
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
            .collect();
        assert_eq!(answers.len(), VARIANT_REQUESTS.len(), "{lines:?} {stderr}");
        assert_eq!(
            answers[0]["result"]["capabilities"],
            serde_json::json!(["legal-moves", "validate-fen", "chess960"]),
            "{lang}"
        );
        assert_eq!(answers[1]["result"], standard, "{lang}");
        assert_eq!(answers[2]["result"], chess960, "{lang}");
        assert_eq!(
            answers[3]["result"],
            serde_json::json!({"valid": false, "reason": "chess960"}),
            "{lang}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
    // In Python, a shim declaring `chess960` whose `position` takes no `variant` is stopped at
    // once, not at its first Chess960 request.
    if available("python3") {
        let dir = scratch("variant-refused");
        assert_eq!(
            cli(&dir, &["init", "--lang", "python"]).status.code(),
            Some(0)
        );
        std::fs::write(
            dir.join("old.py"),
            "from chess_conformance_shim import Shim\n\
             Shim('toy', '1', position=lambda fen, moves: fen, rules=['chess960'])\n",
        )
        .unwrap();
        let out = Command::new("python3")
            .arg("old.py")
            .current_dir(&dir)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{stderr}");
        assert!(
            stderr.contains("position(fen, moves, variant=\"chess960\")"),
            "{stderr}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn init_overwrites_nothing_without_force() {
    let dir = scratch("force");
    std::fs::write(dir.join("chess_shim.py"), "mine").unwrap();
    let out = cli(&dir, &["init", "--lang", "python"]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("chess_shim.py: exists; pass --force"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("chess_shim.py")).unwrap(),
        "mine"
    );
    assert!(
        !dir.join("chess_conformance_shim.py").exists(),
        "nothing is written"
    );

    let out = cli(&dir, &["init", "--lang", "python", "--force"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let shim = std::fs::read_to_string(dir.join("chess_shim.py")).unwrap();
    assert!(shim.contains("@shim.question"), "{shim}");

    // A second shim in the same folder shares the helper, which is left as it is.
    let out = cli(&dir, &["init", "--lang", "python", "--output", "other.py"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("is there already"), "{stdout}");

    // A helper changed by hand is not overwritten either.
    std::fs::write(dir.join("chess_conformance_shim.py"), "# edited").unwrap();
    let out = cli(&dir, &["init", "--lang", "python", "--output", "third.py"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("chess_conformance_shim.py: exists"));
    assert!(!dir.join("third.py").exists());

    // An --output in a folder that does not exist, or naming a folder, is refused.
    let out = cli(
        &dir,
        &["init", "--lang", "js", "--output", "no/such/shim.mjs"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("no folder `no/such`"),
        "{}",
        text(&out.stderr)
    );
    let out = cli(&dir, &["init", "--lang", "js", "--output", "."]);
    assert_eq!(out.status.code(), Some(2));
    // Nor may the shim take its helper's name.
    let out = cli(
        &dir,
        &[
            "init",
            "--lang",
            "js",
            "--output",
            "chess-conformance-shim.mjs",
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("name of the protocol helper"),
        "{}",
        text(&out.stderr)
    );
    assert!(!dir.join("chess-conformance-shim.mjs").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_rust_shim_is_the_example_this_crate_compiles() {
    let dir = scratch("rust");
    let out = cli(&dir, &["init", "--lang", "rust"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("cargo test --test conformance"), "{stdout}");
    // `tests/` is made; the text is the example `init-rust` (templates/conformance.rs).
    let written = std::fs::read_to_string(dir.join("tests/conformance.rs")).unwrap();
    assert_eq!(written, include_str!("../templates/conformance.rs"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A function or rule named wrong (a typo) stops the shim at once with the names it could have
/// been, rather than leaving a question silently undeclared.
#[test]
fn a_misnamed_question_or_rule_is_refused_at_once() {
    for (lang, program, name, bad_question, bad_rule) in [
        (
            "python",
            "python3",
            "bad.py",
            "from chess_conformance_shim import Shim\n\
             shim = Shim('toy', '1', position=lambda fen, moves: fen)\n\
             @shim.question\n\
             def legal_move(board, request): return []\n",
            "from chess_conformance_shim import Shim\n\
             Shim('toy', '1', position=lambda fen, moves: fen, rules=['threefold'])\n",
        ),
        (
            "js",
            "node",
            "bad.mjs",
            "import { Shim } from './chess-conformance-shim.mjs';\n\
             new Shim({ name: 'toy', version: '1', position: (f) => f })\n\
             .questions({ legal_move: () => [] });\n",
            "import { Shim } from './chess-conformance-shim.mjs';\n\
             new Shim({ name: 'toy', version: '1', position: (f) => f, rules: ['threefold'] });\n",
        ),
    ] {
        if !available(program) {
            continue;
        }
        let dir = scratch(&format!("misnamed-{lang}"));
        assert_eq!(cli(&dir, &["init", "--lang", lang]).status.code(), Some(0));
        for (script, names) in [
            (bad_question, "legal_moves, in_check"),
            (bad_rule, "repetition"),
        ] {
            exits_saying(program, &dir, name, script, names, lang);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The template filled in as its TODOs say, for a toy library whose own refusal is
/// `IllegalMove` and which crashes (an `IndexError`, a `TypeError`) on some inputs.
struct Filled {
    lang: &'static str,
    program: &'static str,
    file: &'static str,
    /// (TODO text of the template, what a user writes there).
    edits: &'static [(&'static str, &'static str)],
}

const FILLED: &[Filled] = &[
    Filled {
        lang: "python",
        program: "python3",
        file: "chess_shim.py",
        edits: &[
            (
                "# TODO: import mylib\n",
                r#"class IllegalMove(ValueError):
    pass


class Board:
    def __init__(self, fen):
        self.text = fen

    def push_uci(self, uci):
        if uci == "e2e5":
            raise IllegalMove("e2e5 is illegal")
        if uci == "a7a8q":
            raise IndexError("list index out of range")  # the library's crash
        self.text = "after " + uci

    def parse_san(self, san):
        if san == "Kx9":
            raise IllegalMove("no such move")
        if san == "a8=Q":
            raise IndexError("list index out of range")
        return Move()


class Move:
    def uci(self):
        return "e2e4"
"#,
            ),
            (
                r#"raise Unsupported("TODO: position")"#,
                "return Board(fen)",
            ),
            (r#"raise Unsupported("TODO: play")"#, "board.push_uci(uci)"),
            (r#"raise Unsupported("TODO: fen")"#, "return board.text"),
            ("REFUSAL = ValueError", "REFUSAL = IllegalMove"),
            (
                "    raise Unsupported(\"TODO: parse_san\")\n    # try:\n    #     move = board.parse_san(request[\"san\"])\n    # except REFUSAL:  # the library's own refusal: the SAN denotes no legal move\n    #     return None\n    # return move.uci()",
                "    try:\n        move = board.parse_san(request[\"san\"])\n    except REFUSAL:\n        return None\n    return move.uci()",
            ),
        ],
    },
    Filled {
        lang: "js",
        program: "node",
        file: "chess_shim.mjs",
        edits: &[
            (
                "// TODO: import { Board, IllegalMoveError } from 'my-chess-library';\n",
                r#"class IllegalMoveError extends Error {}
class Board {
  constructor(fen) { this.text = fen; }
  playUci(uci) {
    if (uci === 'e2e5') throw new IllegalMoveError('e2e5 is illegal');
    if (uci === 'a7a8q') return undefined.crash; // the library's crash: a TypeError
    this.text = `after ${uci}`;
    return {};
  }
  parseSan(san) {
    if (san === 'Kx9') throw new IllegalMoveError('no such move');
    if (san === 'a8=Q') return [].at(0).uci; // a TypeError
    return { uci: 'e2e4' };
  }
}
"#,
            ),
            (
                "position: (fen, { variant } = {}) => todo('position'),",
                "position: (fen) => new Board(fen),",
            ),
            (
                "play: (board, uci) => todo('play'),",
                "play: (board, uci) => board.playUci(uci),",
            ),
            (
                "fen: (board) => todo('fen'),",
                "fen: (board) => board.text,",
            ),
            (
                "const REFUSAL = undefined; // TODO: IllegalMoveError",
                "const REFUSAL = IllegalMoveError;",
            ),
            (
                "  parse_san: (board, request) => todo('parse_san'),",
                "  parse_san: (board, request) => {\n    let move;\n    try {\n      move = board.parseSan(request.san);\n    } catch (e) {\n      if (shim.refuses(e)) return null;\n      throw e;\n    }\n    return move.uci;\n  },",
            ),
        ],
    },
];

/// A refusal is not a crash: the template, filled in, answers an illegal move `refused` and a
/// SAN that denotes nothing `null`, but the library's crash on a move or a SAN is an error
/// naming the exception (an error verdict), never a refusal or a `null` that a case would take
/// for the right answer.
#[test]
fn a_filled_template_tells_a_crash_from_a_refusal() {
    for filled in FILLED {
        if !available(filled.program) {
            continue;
        }
        let dir = scratch(&format!("filled-{}", filled.lang));
        let out = cli(&dir, &["init", "--lang", filled.lang]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let path = dir.join(filled.file);
        let mut shim = std::fs::read_to_string(&path).unwrap();
        for (todo, code) in filled.edits {
            assert!(
                shim.contains(todo),
                "{}: no `{todo}` in the template",
                filled.lang
            );
            shim = shim.replacen(todo, code, 1);
        }
        std::fs::write(&path, shim).unwrap();
        let (lines, stderr) = converse(
            &dir,
            filled.program,
            filled.file,
            &[
                r#"{"seq":0,"type":"start","protocol":1}"#,
                r#"{"seq":1,"type":"play","fen":"F","moves":[],"move":"e2e4"}"#,
                r#"{"seq":2,"type":"play","fen":"F","moves":[],"move":"e2e5"}"#,
                r#"{"seq":3,"type":"play","fen":"F","moves":[],"move":"a7a8q"}"#,
                r#"{"seq":4,"type":"parse_san","fen":"F","moves":[],"san":"e4"}"#,
                r#"{"seq":5,"type":"parse_san","fen":"F","moves":[],"san":"Kx9"}"#,
                r#"{"seq":6,"type":"parse_san","fen":"F","moves":[],"san":"a8=Q"}"#,
            ],
        );
        let answers: Vec<serde_json::Value> = lines
            .iter()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e} ({stderr})")))
            .collect();
        let lang = filled.lang;
        assert_eq!(
            answers[0]["result"]["version"], "0.0.0",
            "{lang}: {}",
            answers[0]
        );
        assert_eq!(
            answers[1]["result"],
            serde_json::json!({"played": "after e2e4"}),
            "{lang}"
        );
        assert!(
            answers[2]["result"]["refused"].is_string(),
            "{lang}: {}",
            answers[2]
        );
        let crash = answers[3]["error"].as_str().unwrap_or_default();
        assert!(
            crash.starts_with("play: IndexError") || crash.starts_with("play: TypeError"),
            "{lang}: a crash in play: {}",
            answers[3]
        );
        assert_eq!(answers[4]["result"], "e2e4", "{lang}");
        assert_eq!(
            answers[5],
            serde_json::json!({"seq": 5, "result": null}),
            "{lang}"
        );
        let crash = answers[6]["error"].as_str().unwrap_or_default();
        assert!(
            crash.starts_with("parse_san: IndexError") || crash.starts_with("parse_san: TypeError"),
            "{lang}: a crash in parse_san: {}",
            answers[6]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// The helpers declare the handshake's `castling` and `conventions` as given, complete a
/// four-field FEN with `0 1` for a shim that keeps no clocks, and refuse at once a convention
/// they do not know, or no clocks beside a rule that counts them.
#[test]
fn the_helpers_declare_castling_and_conventions() {
    let scripts = [
        (
            "python",
            "python3",
            "conv.py",
            "from chess_conformance_shim import Shim\n\
             shim = Shim('toy', '1', position=lambda fen: [fen], play=lambda b, m: b.append(m),\n\
             \x20          fen=lambda b: '8/8/8/8/8/8/8/K6k b - -', castling='king-takes-rook',\n\
             \x20          conventions={'clocks': False})\n\
             shim.serve()\n",
            "from chess_conformance_shim import Shim\n\
             Shim('toy', '1', position=lambda f: f, conventions={'clock': False})\n",
            "from chess_conformance_shim import Shim\n\
             Shim('toy', '1', position=lambda f: f, rules=['move-clocks'],\n\
             \x20    conventions={'clocks': False})\n",
        ),
        (
            "js",
            "node",
            "conv.mjs",
            "import { Shim } from './chess-conformance-shim.mjs';\n\
             await new Shim({ name: 'toy', version: '1', position: (f) => [f], play: (b, m) => b.push(m),\n\
             \x20 fen: () => '8/8/8/8/8/8/8/K6k b - -', castling: 'king-takes-rook',\n\
             \x20 conventions: { clocks: false } }).serve();\n",
            "import { Shim } from './chess-conformance-shim.mjs';\n\
             new Shim({ name: 'toy', version: '1', position: (f) => f, conventions: { clock: false } });\n",
            "import { Shim } from './chess-conformance-shim.mjs';\n\
             new Shim({ name: 'toy', version: '1', position: (f) => f, rules: ['move-clocks'],\n\
             \x20 conventions: { clocks: false } });\n",
        ),
    ];
    for (lang, program, name, good, unknown, contradiction) in scripts {
        if !available(program) {
            continue;
        }
        let dir = scratch(&format!("conventions-{lang}"));
        assert_eq!(cli(&dir, &["init", "--lang", lang]).status.code(), Some(0));
        std::fs::write(dir.join(name), good).unwrap();
        let (lines, stderr) = converse(
            &dir,
            program,
            name,
            &[
                r#"{"seq":0,"type":"start","protocol":1}"#,
                r#"{"seq":1,"type":"play","fen":"F","moves":[],"move":"a1a2"}"#,
            ],
        );
        let start: serde_json::Value = serde_json::from_str(&lines[0]).expect(&stderr);
        assert_eq!(
            start["result"]["castling"], "king-takes-rook",
            "{lang}: {start}"
        );
        assert_eq!(
            start["result"]["conventions"],
            serde_json::json!({"clocks": false}),
            "{lang}: {start}"
        );
        let played: serde_json::Value = serde_json::from_str(&lines[1]).expect(&stderr);
        assert_eq!(
            played["result"]["played"], "8/8/8/8/8/8/8/K6k b - - 0 1",
            "{lang}: {played}"
        );
        for (script, said) in [
            (unknown, "unknown convention"),
            (contradiction, "move-clocks"),
        ] {
            exits_saying(program, &dir, name, script, said, lang);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Runs `script`, written as `dir/name`, with `program`: it must exit with a failure whose
/// stderr says `said` (a helper refusing a shim's declaration at once).
fn exits_saying(
    program: &str,
    dir: &std::path::Path,
    name: &str,
    script: &str,
    said: &str,
    lang: &str,
) {
    std::fs::write(dir.join(name), script).unwrap();
    let out = Command::new(program)
        .arg(name)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert!(!out.status.success(), "{lang}: {script}");
    assert!(stderr.contains(said), "{lang}: {stderr}");
}
