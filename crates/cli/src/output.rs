//! The files a command writes when it ends, checked before it starts (`write.rs` then writes
//! them atomically).

use std::path::Path;

use crate::error::BadInput;

/// Checks that `path` can be written when the command ends: the folder it goes in exists and
/// takes a new file, and it is not a folder. Checked before anything runs, so a run of minutes
/// does not end in "cannot write". Nothing is left behind (the probe file is removed).
pub(crate) fn check_writable(path: &Path, what: &str) -> Result<(), BadInput> {
    let bad = |why: String| BadInput(format!("{}: cannot write {what}: {why}", path.display()));
    if path.is_dir() {
        return Err(bad("it is a folder".into()));
    }
    let folder = match path.parent() {
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
