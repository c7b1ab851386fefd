//! `chess-conformance init`: a starting shim for a library, in Python, JavaScript or Rust. Every
//! question is there, answered "unsupported" with a TODO where the library's call goes, so the
//! shim runs at once and every case is skipped; the author fills in one question at a time.
//!
//! The Python and JavaScript shims import the protocol helper of `adapters/`, written beside
//! them (the same file the repository's python-chess and chess.js shims use); the Rust one is a
//! `harness = false` test over the `Engine` trait, compiled in this crate as the example
//! `init-rust`, so the text written is the text the compiler checks.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use crate::error::BadInput;

/// `init`'s arguments: the language, where to write, whether to overwrite.
#[derive(Debug, Args)]
pub struct InitArgs {
    /// The language of the shim.
    #[arg(long, value_enum, value_name = "LANG")]
    lang: Lang,
    /// Where to write it (default: `chess_shim.py`, `chess_shim.mjs`, or for Rust
    /// `tests/conformance.rs`). The protocol helper of Python and JavaScript goes beside it.
    #[arg(long, short, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Overwrite files that exist (without it, an existing file is an error, exit code 2).
    #[arg(long)]
    force: bool,
}

/// The languages `init` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Lang {
    /// A Python 3 script on `chess_conformance_shim.py`, run as `process:python3 PATH`.
    Python,
    /// A Node module on `chess-conformance-shim.mjs`, run as `process:node PATH`.
    Js,
    /// A `cargo test` target implementing the `Engine` trait.
    Rust,
}

/// What a language's shim is made of.
struct Template {
    /// The default file name.
    default: &'static str,
    /// The shim, with `SHIM_PATH` where the command names its file.
    shim: &'static str,
    /// The protocol helper written beside it: its file name and text.
    helper: Option<(&'static str, &'static str)>,
    /// The interpreter of `process:`; `None` for Rust, run by `cargo test`.
    interpreter: Option<&'static str>,
}

const PYTHON: Template = Template {
    default: "chess_shim.py",
    shim: include_str!("../templates/shim.py"),
    helper: Some((
        "chess_conformance_shim.py",
        include_str!("../templates/chess_conformance_shim.py"),
    )),
    interpreter: Some("python3"),
};

const JS: Template = Template {
    default: "chess_shim.mjs",
    shim: include_str!("../templates/shim.mjs"),
    helper: Some((
        "chess-conformance-shim.mjs",
        include_str!("../templates/chess-conformance-shim.mjs"),
    )),
    interpreter: Some("node"),
};

const RUST: Template = Template {
    default: "tests/conformance.rs",
    shim: include_str!("../templates/conformance.rs"),
    helper: None,
    interpreter: None,
};

impl Lang {
    fn template(self) -> &'static Template {
        match self {
            Lang::Python => &PYTHON,
            Lang::Js => &JS,
            Lang::Rust => &RUST,
        }
    }
}

/// The `process:` spec that runs the shim at `path`, quoted for a POSIX shell.
fn engine_spec(interpreter: &str, path: &Path) -> String {
    let spec = format!(
        "process:{interpreter} {}",
        shell_words::quote(&path.display().to_string())
    );
    shell_words::quote(&spec).into_owned()
}

/// A file to write.
struct Planned {
    path: PathBuf,
    text: String,
    /// A script, made executable.
    executable: bool,
    /// The helper, which shims in one folder share: left alone when it is there with this text.
    shared: bool,
    /// Whether it is there already with this text (a shared file only).
    unchanged: bool,
}

/// Writes the shim (and its helper), or refuses with exit code 2 before writing anything: an
/// existing file without `--force`, a folder that does not exist.
pub fn init(args: &InitArgs) -> Result<ExitCode, BadInput> {
    let template = args.lang.template();
    let path = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from(template.default));
    if path.is_dir() {
        return Err(BadInput(format!(
            "{}: is a folder; --output names the file to write",
            path.display()
        )));
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let spec = template.interpreter.map(|i| engine_spec(i, &path));
    let mut planned = plan(template, &path, &folder, spec.as_deref())?;
    // Everything is checked before anything is written: a refusal leaves no file behind.
    check_existing(&mut planned, args.force)?;
    make_folder(&path, &folder, args.output.is_none())?;
    for file in planned.iter().filter(|f| !f.unchanged) {
        write(file).map_err(|e| BadInput(format!("cannot write {}: {e}", file.path.display())))?;
    }
    crate::print::out(message(&path, &planned, spec.as_deref()))?;
    Ok(ExitCode::SUCCESS)
}

/// The files to write: the shim at `path`, naming itself in `spec`, and the helper beside it.
fn plan(
    template: &Template,
    path: &Path,
    folder: &Path,
    spec: Option<&str>,
) -> Result<Vec<Planned>, BadInput> {
    let shim = match (template.interpreter, spec) {
        (Some(interpreter), Some(spec)) => template
            .shim
            .replace(&format!("'process:{interpreter} SHIM_PATH'"), spec),
        _ => template.shim.to_owned(),
    };
    let mut planned = vec![Planned {
        path: path.to_path_buf(),
        text: shim,
        executable: template.interpreter.is_some(),
        shared: false,
        unchanged: false,
    }];
    if let Some((name, text)) = template.helper {
        if path.file_name() == Some(std::ffi::OsStr::new(name)) {
            return Err(BadInput(format!(
                "{}: that is the name of the protocol helper written beside the shim; name the \
                 shim otherwise",
                path.display()
            )));
        }
        planned.push(Planned {
            path: folder.join(name),
            text: text.to_owned(),
            executable: false,
            shared: true,
            unchanged: false,
        });
    }
    Ok(planned)
}

/// Refuses a file that is there without `--force`; marks the shared helper that is there with
/// the same text as unchanged.
fn check_existing(planned: &mut [Planned], force: bool) -> Result<(), BadInput> {
    for file in planned {
        match std::fs::read(&file.path) {
            Ok(old) if file.shared && old == file.text.as_bytes() => file.unchanged = true,
            Ok(_) if !force => {
                return Err(BadInput(format!(
                    "{}: exists; pass --force to overwrite it (nothing was written)",
                    file.path.display()
                )));
            }
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => {
                return Err(BadInput(format!("{}: {e}", file.path.display())));
            }
        }
    }
    Ok(())
}

/// The default Rust file goes in the crate's `tests/`, made if missing (`default`: no
/// `--output`); a folder given with --output must exist.
fn make_folder(path: &Path, folder: &Path, default: bool) -> Result<(), BadInput> {
    if default && !folder.exists() {
        std::fs::create_dir_all(folder)
            .map_err(|e| BadInput(format!("cannot create {}: {e}", folder.display())))?;
    } else if !folder.is_dir() {
        return Err(BadInput(format!(
            "{}: no folder `{}` to write it in",
            path.display(),
            folder.display()
        )));
    }
    Ok(())
}

/// What was written and how to run it.
fn message(path: &Path, planned: &[Planned], spec: Option<&str>) -> String {
    let mut message = format!("wrote {}", path.display());
    if let Some(helper) = planned.get(1) {
        let what = if helper.unchanged {
            "is there already"
        } else {
            "written beside it"
        };
        message.push_str(&format!(
            " (its protocol helper, {}, {what})",
            helper.path.display()
        ));
    }
    message.push_str(&match spec {
        Some(spec) => format!(
            "\nEvery case is skipped until you fill in a question. Run it:\n  \
             chess-conformance run --engine {spec}\n"
        ),
        None => "\nAdd to your Cargo.toml (as its first lines say) `chess-conformance` as a \
                 dev-dependency and a `[[test]]` named `conformance` with `harness = false`; \
                 every case is skipped until you fill in a question. Run it:\n  \
                 cargo test --test conformance\n"
            .to_owned(),
    });
    message
}

/// Writes a planned file whole (a temporary beside it, renamed), executable for a script.
fn write(file: &Planned) -> io::Result<()> {
    crate::write::atomically(&file.path, file.text.as_bytes())?;
    #[cfg(unix)]
    if file.executable {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&file.path, std::fs::Permissions::from_mode(0o755))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_names_its_command_where_the_path_goes() {
        assert!(PYTHON.shim.contains("'process:python3 SHIM_PATH'"));
        assert!(JS.shim.contains("'process:node SHIM_PATH'"));
        assert!(!RUST.shim.contains("SHIM_PATH"));
    }

    #[test]
    fn the_command_is_quoted_for_a_shell() {
        assert_eq!(
            engine_spec("python3", Path::new("chess_shim.py")),
            "'process:python3 chess_shim.py'"
        );
        // A path with a space and a quote still reaches shell-words as one word.
        let spec = engine_spec("node", Path::new("my shims/it's.mjs"));
        let words = shell_words::split(&spec).unwrap();
        assert_eq!(words.len(), 1, "{spec}");
        assert_eq!(
            shell_words::split(words[0].strip_prefix("process:").unwrap()).unwrap(),
            ["node", "my shims/it's.mjs"]
        );
    }

    use chess_conformance::{Capability, question::Question};

    const PYTHON_HELPER: &str = "adapters/chess_conformance_shim.py";
    const JS_HELPER: &str = "adapters/chess-conformance-shim.mjs";
    const PYTHON_SHIM: &str = "crates/cli/templates/shim.py";
    const JS_SHIM: &str = "crates/cli/templates/shim.mjs";
    const RUST_SHIM: &str = "crates/cli/templates/conformance.rs";

    /// Every question's protocol `type` and capability name, in the table's order.
    fn questions() -> Vec<(&'static str, &'static str)> {
        Capability::ALL
            .iter()
            .filter_map(|c| Some((c.question()?, c.name())))
            .collect()
    }

    /// The capabilities that are rules inside answers, in the table's order.
    fn rules() -> Vec<&'static str> {
        Capability::ALL
            .iter()
            .filter(|c| c.question().is_none())
            .map(|c| c.name())
            .collect()
    }

    /// The questions about a FEN alone, in the table's order.
    fn fen_alone() -> Vec<&'static str> {
        Question::NAMES
            .iter()
            .copied()
            .filter(|name| Question::is_about_a_position(name) == Some(false))
            .collect()
    }

    /// The text of `file` between `open` and the first `close` after it.
    fn block<'a>(text: &'a str, file: &str, open: &str, close: &str) -> &'a str {
        let start = text
            .find(open)
            .unwrap_or_else(|| panic!("{file}: no `{open}`"))
            + open.len();
        let end = text[start..]
            .find(close)
            .unwrap_or_else(|| panic!("{file}: no `{close}` after `{open}`"));
        &text[start..start + end]
    }

    /// The quoted strings of a block, in order (`'` or `"`).
    fn quoted(block: &str) -> Vec<&str> {
        let mut out = Vec::new();
        let mut rest = block;
        while let Some(at) = rest.find(['"', '\'']) {
            let quote = rest[at..].chars().next().unwrap();
            let after = &rest[at + 1..];
            let end = after.find(quote).expect("a closed quote");
            out.push(&after[..end]);
            rest = &after[end + 1..];
        }
        out
    }

    /// The names of a block of `name: value` or `"name": value` pairs, with their values.
    fn pairs(block: &str) -> Vec<(String, String)> {
        block
            .split(',')
            .filter_map(|pair| {
                let (key, value) = pair.split_once(':')?;
                let strip = |s: &str| s.trim().trim_matches(['"', '\'']).to_owned();
                Some((strip(key), strip(value)))
            })
            .collect()
    }

    /// `found` is `want`, in order; otherwise a message naming what is missing or extra, in
    /// which file, and what to do.
    fn same<T: PartialEq + std::fmt::Debug>(file: &str, what: &str, found: &[T], want: &[T]) {
        for w in want {
            assert!(
                found.contains(w),
                "{file}: {what} lacks {w:?}, which the question table (src/engine.rs) has: add it"
            );
        }
        for f in found {
            assert!(
                want.contains(f),
                "{file}: {what} has {f:?}, which the question table (src/engine.rs) has not: \
                 remove it"
            );
        }
        assert_eq!(
            found, want,
            "{file}: {what} is not in the order of the question table"
        );
    }

    /// The helpers' tables (request type and capability, the requests about a FEN alone, the
    /// rules) are the question table's, entry for entry and in its order.
    #[test]
    fn the_helpers_tables_are_the_question_tables() {
        let want: Vec<(String, String)> = questions()
            .into_iter()
            .map(|(q, c)| (q.to_owned(), c.to_owned()))
            .collect();
        let python = PYTHON.helper.unwrap().1;
        let js = JS.helper.unwrap().1;
        let found = pairs(block(python, PYTHON_HELPER, "QUESTIONS = {", "}"));
        same(PYTHON_HELPER, "QUESTIONS", &found, &want);
        let found = pairs(block(js, JS_HELPER, "export const QUESTIONS = {", "};"));
        same(JS_HELPER, "QUESTIONS", &found, &want);
        let found = quoted(block(python, PYTHON_HELPER, "NO_POSITION = {", "}"));
        same(PYTHON_HELPER, "NO_POSITION", &found, &fen_alone());
        let found = quoted(block(js, JS_HELPER, "const NO_POSITION = new Set([", "]);"));
        same(JS_HELPER, "NO_POSITION", &found, &fen_alone());
        let found = quoted(block(python, PYTHON_HELPER, "RULES = [", "]"));
        same(PYTHON_HELPER, "RULES", &found, &rules());
        let found = quoted(block(js, JS_HELPER, "export const RULES = [", "];"));
        same(JS_HELPER, "RULES", &found, &rules());
    }

    /// Each template lists every question for its user (a function or method with a TODO, in the
    /// table's order) and names every rule, so a new question of the table is in the shims `init`
    /// writes.
    #[test]
    fn the_templates_list_the_questions_of_the_table() {
        // `play` is answered by the helpers themselves from the `play=`/`fen=` form the Python
        // and JS templates show; each must then pass both (else it lists `play` as the rest).
        let all: Vec<&str> = Question::NAMES.to_vec();
        let helper_form = |file: &str, text: &str, play: &str, fen: &str| {
            let uses = text.contains(play) && text.contains(fen);
            assert!(
                uses || !text.contains(play),
                "{file}: passes `play` to the helper without `fen`"
            );
            all.iter()
                .copied()
                .filter(|q| !(uses && *q == "play"))
                .collect::<Vec<&str>>()
        };
        let want = helper_form(PYTHON_SHIM, PYTHON.shim, "play=play", "fen=fen");
        let python: Vec<&str> = PYTHON
            .shim
            .split("@shim.question\ndef ")
            .skip(1)
            .map(|rest| &rest[..rest.find('(').unwrap()])
            .collect();
        same(
            PYTHON_SHIM,
            "the functions under @shim.question",
            &python,
            &want,
        );
        let questions = block(JS.shim, JS_SHIM, "shim.questions({", "\n});");
        let js: Vec<&str> = questions
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .filter_map(|line| Some(line.trim().split_once(": (")?.0))
            .collect();
        let want_js = helper_form(
            JS_SHIM,
            JS.shim,
            "\n  play: (board, uci)",
            "\n  fen: (board)",
        );
        same(JS_SHIM, "the functions of shim.questions", &js, &want_js);
        // A question the Rust template leaves to the trait's default says so in a comment
        // (`perft` comes free, over `legal_moves`).
        let rust: Vec<&str> = all
            .iter()
            .copied()
            .filter(|q| {
                RUST.shim.contains(&format!("fn {q}(&mut self"))
                    || RUST.shim.contains(&format!("`{q}` comes free"))
            })
            .collect();
        same(RUST_SHIM, "the methods of `impl Engine`", &rust, &all);
        for rule in rules() {
            for (file, text, quoted) in [
                (PYTHON_SHIM, PYTHON.shim, format!("\"{rule}\"")),
                (JS_SHIM, JS.shim, format!("'{rule}'")),
            ] {
                assert!(
                    text.contains(&quoted),
                    "{file}: the comment listing the rules lacks {quoted}, a rule of the \
                     question table (src/engine.rs): add it"
                );
            }
        }
    }
}
