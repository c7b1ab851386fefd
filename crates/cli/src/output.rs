//! The files a command writes when it ends, checked before it starts (`write.rs` then writes
//! them atomically); `--output FORMAT=PATH`, read, checked and written: one run, every report.

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::error::BadInput;
use crate::print;

/// Checks that `path` can be written when the command ends, as `write.rs` will write it: a
/// regular file (or none yet, symbolic links followed) when the folder it goes in exists and
/// takes a new file; a device or a descriptor's file (`/dev/null`, `/dev/stdout`) when it opens
/// for writing; a FIFO as it is (opening it would wait for its reader). Checked before anything
/// runs, so a run of minutes does not end in "cannot write". Nothing is left behind (the probe
/// file is removed).
pub(crate) fn check_writable(path: &Path, what: &str) -> Result<(), BadInput> {
    use crate::write::Destination;
    let bad = |why: String| BadInput(format!("{}: cannot write {what}: {why}", path.display()));
    let file = match crate::write::destination(path).map_err(|e| bad(e.to_string()))? {
        Destination::Replace(file) => file,
        Destination::Descriptor(_) => return Ok(()),
        Destination::InPlace { path, regular } => {
            if !regular && is_fifo(&path) {
                return Ok(());
            }
            return std::fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .map(drop)
                .map_err(|e| bad(e.to_string()));
        }
    };
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(bad(format!("no folder `{}`", folder.display())));
    }
    let probe = folder.join(format!(".chess-conformance-probe-{}", std::process::id()));
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)
    {
        Ok(_) => {
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(bad(e.to_string())),
    }
}

#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

#[cfg(not(unix))]
fn is_fifo(_: &Path) -> bool {
    false
}

/// Where a report goes: standard output (`-`) or a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Destination {
    /// Standard output.
    Stdout,
    /// A file, written whole when the command ends (`write.rs`).
    File(PathBuf),
}

/// One `--output FORMAT=PATH`: a report in a format of `F`, and where it goes.
#[derive(Debug, Clone)]
pub(crate) struct Output<F> {
    /// The report's format.
    pub format: F,
    /// Where it goes.
    pub to: Destination,
}

/// The reports a command is asked for: its `--output`s, then `--format`'s to standard output
/// (`--format F` is `--output F=-`), and `default` on standard output when neither is given
/// (`run`'s and `diff`'s rule).
pub(crate) fn asked<F: Clone>(
    outputs: &[Output<F>],
    format: Option<F>,
    default: F,
) -> Vec<Output<F>> {
    let mut asked = outputs.to_vec();
    if let Some(format) = format {
        asked.push(Output {
            format,
            to: Destination::Stdout,
        });
    }
    if asked.is_empty() {
        asked.push(Output {
            format: default,
            to: Destination::Stdout,
        });
    }
    asked
}

/// The names of `F`'s formats, as the command line spells them.
pub(crate) fn format_names<F: ValueEnum>() -> Vec<String> {
    F::value_variants()
        .iter()
        .filter_map(|f| f.to_possible_value())
        .map(|v| v.get_name().to_owned())
        .collect()
}

/// A format's name, as the command line spells it.
pub(crate) fn format_name<F: ValueEnum>(format: &F) -> String {
    format
        .to_possible_value()
        .map(|v| v.get_name().to_owned())
        .unwrap_or_default()
}

/// Reads `FORMAT=PATH` (clap's value parser for `--output`): a format of `F` and a path, `-`
/// for standard output. An unknown format is refused with the list of formats.
pub(crate) fn parse<F: ValueEnum>(arg: &str) -> Result<Output<F>, String> {
    let formats = || format_names::<F>().join(", ");
    let Some((name, path)) = arg.split_once('=') else {
        return Err(format!(
            "expected FORMAT=PATH (`-` for standard output); the formats: {}",
            formats()
        ));
    };
    let format = F::from_str(name, false)
        .map_err(|_| format!("unknown format `{name}`; the formats: {}", formats()))?;
    let to = match path {
        "" => {
            return Err(format!("no path after `{name}=` (`-` for standard output)"));
        }
        "-" => Destination::Stdout,
        path => Destination::File(PathBuf::from(path)),
    };
    Ok(Output { format, to })
}

/// Checks the outputs of a command before it runs: standard output taken once at most, no file
/// named twice (by outputs, or by `others`: the baseline's path and what it is), and every file
/// writable.
pub(crate) fn check<F: ValueEnum>(
    outputs: &[Output<F>],
    others: &[(&Path, &str)],
) -> Result<(), BadInput> {
    let to_stdout: Vec<String> = outputs
        .iter()
        .filter(|o| o.to == Destination::Stdout)
        .map(|o| format!("{}=-", format_name(&o.format)))
        .collect();
    if to_stdout.len() > 1 {
        return Err(BadInput(format!(
            "two reports to standard output ({}); send all but one to files",
            to_stdout.join(", ")
        )));
    }
    let mut seen: Vec<(PathBuf, String)> = Vec::new();
    let files = outputs.iter().filter_map(|o| match &o.to {
        Destination::File(path) => Some((
            path.as_path(),
            format!("the {} report", format_name(&o.format)),
        )),
        Destination::Stdout => None,
    });
    for (path, what) in files.chain(others.iter().map(|(p, w)| (*p, (*w).to_owned()))) {
        let key = identity(path);
        if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
            return Err(BadInput(format!(
                "{}: named twice, for {first} and for {what}; give each output its own file",
                path.display()
            )));
        }
        check_writable(path, &what)?;
        seen.push((key, what));
    }
    Ok(())
}

/// A path as it names a file: its folder resolved (`./a.json`, `a.json` and a link to the folder
/// name one file), the file's name as written.
fn identity(path: &Path) -> PathBuf {
    // A file that exists is named by what its links lead to (`--output json=LINK` and the
    // link's target are one file).
    if let Ok(real) = path.canonicalize() {
        return real;
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match (folder.canonicalize(), path.file_name()) {
        (Ok(folder), Some(name)) => folder.join(name),
        _ => path.to_path_buf(),
    }
}

/// Writes every output, each rendered by `render(format, to_terminal)` (`to_terminal`: it goes
/// to standard output, the only place colours may go): each file atomically, standard output
/// last. Every output is attempted; the errors, if any, are returned together.
pub(crate) fn write<F: ValueEnum>(
    outputs: &[Output<F>],
    mut render: impl FnMut(&F, bool) -> Result<String, BadInput>,
) -> Result<(), BadInput> {
    let mut errors = Vec::new();
    for output in outputs {
        let Destination::File(path) = &output.to else {
            continue;
        };
        let name = format_name(&output.format);
        let written = render(&output.format, false).and_then(|text| {
            crate::write::atomically(path, text.as_bytes()).map_err(|e| {
                BadInput(format!(
                    "{}: cannot write the {name} report: {e}",
                    path.display()
                ))
            })
        });
        match written {
            Ok(()) => print::err(format_args!(
                "wrote the {name} report to {}\n",
                path.display()
            )),
            Err(BadInput(e)) => errors.push(e),
        }
    }
    for output in outputs.iter().filter(|o| o.to == Destination::Stdout) {
        if let Err(BadInput(e)) = render(&output.format, true).and_then(print::out) {
            errors.push(e);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(BadInput(errors.join("\n")))
    }
}

/// Where an interrupted run stopped, as its JSON report says it: the signal's name, how many
/// cases were run and the ids of those not run.
pub(crate) fn interruption(stopped: &crate::interrupt::Stopped) -> chess_conformance::Interruption {
    chess_conformance::Interruption {
        signal: crate::interrupt::name(stopped.signal).to_owned(),
        cases_run: stopped.run,
        not_run: stopped.not_run.clone(),
    }
}

/// A run's JSON report, marked with where it stopped if it was interrupted.
pub(crate) fn json_report(
    run: &chess_conformance::Run,
    stopped: Option<&crate::interrupt::Stopped>,
) -> String {
    let mut report = chess_conformance::Report::new(run);
    report.interrupted = stopped.map(interruption);
    report.to_json()
}
