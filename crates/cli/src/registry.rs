//! The engines the command line can name: `--engine SPEC`.
//!
//! A spec is a name (`reference`) or a kind and an argument (`process:COMMAND ARGS`,
//! `uci:PATH`, `xboard:PATH ARGS`). Each engine lives in its own file; this module only maps specs to them.
//!
//! Four Rust chess libraries can be built in and run in process (`chess`, `cozy-chess`,
//! `owlchess`, `pleco`: `chess-conformance-adapters`), each answering with its own API only, with
//! the feature `adapters` (off by default: their libraries were a quarter of a fresh `cargo
//! test`'s build); without it, naming one is a usage error saying how to build them in. Engines
//! in other processes come from `chess-conformance-engines`.

use chess_conformance::{Engine, Mutant, Reference};
#[cfg(feature = "adapters")]
use chess_conformance_adapters::{ChessCrate, CozyChess, Owlchess, Pleco};
use chess_conformance_engines::{Options, Process, UciEngine, XboardEngine};

/// The in-process adapters of `chess-conformance-adapters`, by spec: engines of this binary with
/// the feature `adapters` only.
pub const ADAPTERS: &[&str] = &["chess", "cozy-chess", "owlchess", "pleco"];

/// Whether this binary was built with the feature `adapters` ([`ADAPTERS`] built in).
pub const HAS_ADAPTERS: bool = cfg!(feature = "adapters");

/// The specs `--help` and error messages list: the engines this binary has.
#[cfg(feature = "adapters")]
pub const KNOWN: &[&str] = &[
    "reference",
    "chess",
    "cozy-chess",
    "owlchess",
    "pleco",
    "mutant:NAME",
    "process:COMMAND ARGS",
    "uci:PATH",
    "xboard:PATH ARGS",
];

/// The specs `--help` and error messages list: the engines this binary has.
#[cfg(not(feature = "adapters"))]
pub const KNOWN: &[&str] = &[
    "reference",
    "mutant:NAME",
    "process:COMMAND ARGS",
    "uci:PATH",
    "xboard:PATH ARGS",
];

/// The engines that run inside this process, the default columns of `matrix`.
#[cfg(feature = "adapters")]
pub const IN_PROCESS: &[&str] = &["reference", "chess", "cozy-chess", "owlchess", "pleco"];

/// The engines that run inside this process, the default columns of `matrix`: the reference
/// alone in a binary without the feature `adapters`.
#[cfg(not(feature = "adapters"))]
pub const IN_PROCESS: &[&str] = &["reference"];

/// The engine a spec names, with the default options.
#[cfg(test)]
fn from_spec(spec: &str) -> Result<Box<dyn Engine>, String> {
    from_spec_with(spec, &Options::default())
}

/// The engine a spec names, engines in other processes run with `options`.
///
/// # Errors
///
/// A message naming the spec and the known ones, when no engine matches or it cannot start.
pub fn from_spec_with(spec: &str, options: &Options) -> Result<Box<dyn Engine>, String> {
    if let Some((kind, rest)) = spec.split_once(':')
        && let Some(engine) = external(kind, rest, options)
    {
        return engine;
    }
    if let Some(name) = spec.strip_prefix("mutant:") {
        return mutant(name).map(|m| Box::new(m) as Box<dyn Engine>);
    }
    match spec {
        "reference" => Ok(Box::new(Reference::new())),
        #[cfg(feature = "adapters")]
        "chess" => Ok(Box::new(ChessCrate::new())),
        #[cfg(feature = "adapters")]
        "cozy-chess" => Ok(Box::new(CozyChess::new())),
        #[cfg(feature = "adapters")]
        "owlchess" => Ok(Box::new(Owlchess::new())),
        #[cfg(feature = "adapters")]
        "pleco" => Ok(Box::new(Pleco::new())),
        other => Err(unknown(other)),
    }
}

/// Checks `spec` without starting anything: a known name, or a kind whose command reads and
/// names a program that exists (on `PATH` when it has no `/`). A run checks its specs before it
/// loads the catalogue, so a typo costs no wait.
///
/// # Errors
///
/// The message [`from_spec_with`] would give.
pub fn check_spec(spec: &str) -> Result<(), String> {
    if let Some((kind @ ("process" | "uci" | "xboard"), command)) = spec.split_once(':') {
        let argv = argv(kind, command)?;
        if find_program(&argv[0]) {
            return Ok(());
        }
        let place = if argv[0].contains('/') {
            ""
        } else {
            " on PATH"
        };
        return Err(format!(
            "engine `{command}` cannot be started: no program `{}`{place}",
            argv[0]
        ));
    }
    if let Some(name) = spec.strip_prefix("mutant:") {
        return mutant(name).map(|_| ());
    }
    if IN_PROCESS.contains(&spec) {
        Ok(())
    } else {
        Err(unknown(spec))
    }
}

/// Whether `program` names a file: a path as it is, a bare name in a folder of `PATH`.
fn find_program(program: &str) -> bool {
    if program.contains('/') {
        return std::path::Path::new(program).is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

/// The built-in mutant `name` (`chess-conformance mutants --list`).
fn mutant(name: &str) -> Result<Mutant, String> {
    Mutant::named(name).ok_or_else(|| {
        format!(
            "unknown mutant `{name}`; `chess-conformance mutants --list` lists the {}",
            chess_conformance::mutant::MUTANTS.len()
        )
    })
}

/// The message for a spec no engine of this binary answers to: an adapter left out of this
/// build says how to build it in, anything else lists the known specs.
fn unknown(spec: &str) -> String {
    if ADAPTERS.contains(&spec) {
        return not_built_in(spec);
    }
    let absent = if HAS_ADAPTERS {
        String::new()
    } else {
        format!(
            " (and, in a binary built with `--features adapters`, {})",
            ADAPTERS.join(", ")
        )
    };
    format!(
        "unknown engine `{spec}`; known: {}{absent}",
        KNOWN.join(", ")
    )
}

/// The message for an in-process adapter named to a binary built without it.
fn not_built_in(spec: &str) -> String {
    format!(
        "engine `{spec}` is an in-process adapter not built into this binary: build it with the \
         feature `adapters`, e.g. `cargo run --release --features adapters -- run --engine \
         {spec}`, or install it with `cargo install chess-conformance-cli --features adapters`"
    )
}

// --- Engines in other processes (process:, uci:, xboard:) ---

/// The argument vector of a `process:`, `uci:` or `xboard:` command.
fn argv(kind: &str, command: &str) -> Result<Vec<String>, String> {
    let argv = shell_words::split(command)
        .map_err(|e| format!("cannot read the command of `{kind}:{command}`: {e}"))?;
    if argv.is_empty() {
        Err(format!(
            "`{kind}:` needs a command, e.g. `{kind}:{}`",
            match kind {
                "uci" => "/usr/games/stockfish",
                "xboard" => "/usr/games/sjeng",
                _ => "python3 shim.py",
            }
        ))
    } else {
        Ok(argv)
    }
}

/// The engine of a `process:`, `uci:` or `xboard:` spec; `None` for another kind.
fn external(
    kind: &str,
    command: &str,
    options: &Options,
) -> Option<Result<Box<dyn Engine>, String>> {
    let argv = || argv(kind, command);
    match kind {
        "process" => Some(argv().and_then(|argv| {
            let engine = Process::start(argv, *options)?;
            let unknown = engine.ignored_capabilities();
            if !unknown.is_empty() {
                crate::print::err(format_args!(
                    "warning: engine `{command}` declares capabilities this harness does not \
                     know (ignored): {}\n",
                    unknown.join(", ")
                ));
            }
            let unknown = engine.ignored_conventions();
            if !unknown.is_empty() {
                crate::print::err(format_args!(
                    "warning: engine `{command}` declares conventions this harness does not \
                     know (ignored; its answers are compared in full): {}\n",
                    unknown.join(", ")
                ));
            }
            Ok(Box::new(engine) as Box<dyn Engine>)
        })),
        "uci" => {
            Some(argv().and_then(|argv| {
                Ok(Box::new(UciEngine::start(argv, *options)?) as Box<dyn Engine>)
            }))
        }
        "xboard" => Some(argv().and_then(|argv| {
            Ok(Box::new(XboardEngine::start(argv, *options)?) as Box<dyn Engine>)
        })),
        _ => None,
    }
}

#[cfg(test)]
mod external_tests {
    use super::*;

    fn error(spec: &str) -> String {
        match from_spec(spec) {
            Ok(_) => panic!("`{spec}` started"),
            Err(e) => e,
        }
    }

    #[test]
    fn engines_in_other_processes_can_move_between_threads() {
        // The cargo-test harness pools engines across test threads.
        fn send<T: Send + 'static>() {}
        send::<chess_conformance_engines::ProcessEngine>();
        send::<UciEngine>();
        send::<XboardEngine>();
    }

    #[test]
    fn bad_specs_say_what_is_wrong() {
        assert_eq!(
            error("process:"),
            "`process:` needs a command, e.g. `process:python3 shim.py`"
        );
        assert!(error("process:'unclosed").contains("cannot read the command"));
        let missing = error("process:/nonexistent/engine --flag");
        assert!(
            missing.starts_with("engine `/nonexistent/engine --flag` cannot be started:"),
            "{missing}"
        );
        assert!(error("uci:/nonexistent/stockfish").contains("cannot be started"));
        assert!(error("xboard:/nonexistent/sjeng").contains("cannot be started"));
        assert_eq!(
            error("xboard:"),
            "`xboard:` needs a command, e.g. `xboard:/usr/games/sjeng`"
        );
        assert!(error("nonsense").starts_with("unknown engine `nonsense`; known: reference"));
    }

    #[test]
    fn specs_are_checked_without_starting_anything() {
        for good in ["reference", "process:sh -c 'exit 1'"] {
            assert_eq!(check_spec(good), Ok(()), "{good}");
        }
        // The same message as starting it would give.
        assert_eq!(check_spec("mutant:castle-through-attack"), Ok(()));
        for bad in [
            "nosuch",
            "process:",
            "process:'unclosed",
            "uci:",
            "xboard:",
            "mutant:nosuch",
        ] {
            assert_eq!(check_spec(bad).err(), Some(error(bad)), "{bad}");
        }
        let missing = check_spec("process:/nonexistent/engine --flag").unwrap_err();
        assert!(
            missing.starts_with("engine `/nonexistent/engine --flag` cannot be started:"),
            "{missing}"
        );
        assert!(
            check_spec("xboard:no-such-engine-on-path --flag")
                .unwrap_err()
                .contains("no program `no-such-engine-on-path` on PATH")
        );
        assert!(
            check_spec("uci:no-such-engine-on-path")
                .unwrap_err()
                .contains("no program `no-such-engine-on-path` on PATH")
        );
    }

    /// With the feature, the four adapters start and are listed; `matrix`'s default columns
    /// are them and the reference.
    #[cfg(feature = "adapters")]
    #[test]
    fn the_adapters_are_engines_of_a_binary_built_with_them() {
        for spec in ADAPTERS {
            assert_eq!(check_spec(spec), Ok(()), "{spec}");
            let engine = from_spec(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
            assert_eq!(engine.identity().name, *spec);
            assert!(KNOWN.contains(spec) && IN_PROCESS.contains(spec), "{spec}");
        }
        assert_eq!(IN_PROCESS.len(), 1 + ADAPTERS.len());
        assert!(!error("nonsense").contains("--features adapters"));
    }

    /// Without the feature, an adapter's name is a usage error that says what it is and how to
    /// build it in, the same from `check_spec` (before the catalogue loads) as from starting
    /// it; the other unknown names are told of the adapters too; `matrix` has the reference.
    #[cfg(not(feature = "adapters"))]
    #[test]
    fn the_adapters_are_named_but_not_built_into_this_binary() {
        for spec in ADAPTERS {
            let message = error(spec);
            assert_eq!(check_spec(spec).err(), Some(message.clone()), "{spec}");
            assert!(
                message.starts_with(&format!(
                    "engine `{spec}` is an in-process adapter not built into this binary"
                )) && message.contains(&format!(
                    "cargo run --release --features adapters -- run --engine {spec}`"
                )) && message.contains("cargo install chess-conformance-cli --features adapters"),
                "{message}"
            );
            assert!(
                !KNOWN.contains(spec) && !IN_PROCESS.contains(spec),
                "{spec}"
            );
        }
        assert_eq!(IN_PROCESS, ["reference"]);
        assert!(
            error("nonsense").ends_with(
                "(and, in a binary built with `--features adapters`, chess, cozy-chess, \
                 owlchess, pleco)"
            ),
            "{}",
            error("nonsense")
        );
    }

    #[test]
    fn arguments_are_split_like_a_shell_but_no_shell_runs() {
        // With a shell, `;` would end the command and `$HOME` would expand; here they are
        // plain arguments: the program reads the handshake, then prints its arguments, which
        // is not JSON.
        let e = error(
            "process:python3 -c 'import sys; sys.stdin.readline(); print(sys.argv[1:])' \
             'a b' ; $HOME \"q\\\"uote\"",
        );
        assert!(
            e.contains("is not JSON")
                && e.contains(r#"received `['a b', ';', '$HOME', 'q"uote']`"#),
            "{e}"
        );
    }
}
