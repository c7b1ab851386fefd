//! The template `init` writes, filled in as its TODOs say for a toy library: a refusal told from
//! a crash.

use super::{available, cli, converse, scratch, text};

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
