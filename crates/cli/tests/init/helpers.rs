//! The protocol helpers of `adapters/` (Python and JavaScript) as docs/PROTOCOL.md says: the
//! handshake from the functions given, `seq` repeated, `unsupported` and errors naming the
//! request, stdout kept clean; a Chess960 request's variant passed to a shim declaring it; a
//! misnamed question or rule refused at once; `castling` and `conventions` declared as given.

use std::process::{Command, Stdio};

use super::{available, cli, converse, scratch, text};

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
