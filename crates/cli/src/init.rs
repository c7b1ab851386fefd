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

    /// Every question of the table has its method or function in each template, and the
    /// helpers name every question and rule of the table with its capability.
    #[test]
    fn the_templates_and_helpers_follow_the_question_table() {
        use chess_conformance::Capability;
        for &capability in Capability::ALL {
            match capability.question() {
                Some(kind) => {
                    let pair = format!("\"{kind}\": \"{}\"", capability.name());
                    assert!(PYTHON.helper.unwrap().1.contains(&pair), "{pair}");
                    let pair = format!("{kind}: '{}'", capability.name());
                    assert!(JS.helper.unwrap().1.contains(&pair), "{pair}");
                    let def = format!("def {kind}(");
                    assert!(PYTHON.shim.contains(&def), "{def}");
                    let key = format!("  {kind}: (");
                    assert!(JS.shim.contains(&key), "{key}");
                    // perft comes from the trait's default over legal_moves.
                    if kind != "perft" {
                        let method = format!("fn {kind}(&mut self");
                        assert!(RUST.shim.contains(&method), "{method}");
                    }
                }
                None => {
                    let rule = format!("\"{}\"", capability.name());
                    assert!(PYTHON.shim.contains(&rule), "{rule}");
                    assert!(PYTHON.helper.unwrap().1.contains(&rule), "{rule}");
                    let rule = format!("'{}'", capability.name());
                    assert!(JS.shim.contains(&rule), "{rule}");
                    assert!(JS.helper.unwrap().1.contains(&rule), "{rule}");
                }
            }
        }
    }
}
