//! The files of `generated/` on disk: which are stale (`generate --check`), and writing them,
//! removing what the generator no longer makes.

use std::path::{Path, PathBuf};

use crate::Output;

/// The files of `output` that differ from those under `dir`: missing, different, or present
/// there but no longer generated.
pub fn stale(output: &Output, dir: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    for (name, bytes) in &output.files {
        match std::fs::read(dir.join(name)) {
            Ok(on_disk) if on_disk == *bytes => {}
            Ok(_) => problems.push(format!("{name}: differs from what `generate` writes")),
            Err(_) => problems.push(format!("{name}: missing")),
        }
    }
    for name in existing(dir) {
        if !output.files.contains_key(&name) {
            problems.push(format!("{name}: no longer generated"));
        }
    }
    problems
}

/// The files under `dir` the generator owns: `*.yaml`, `REPORT.md`, and everything in `json/`,
/// `epd/` and `schema/`.
fn existing(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let list = |sub: &Path| -> Vec<PathBuf> {
        std::fs::read_dir(sub)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default()
    };
    for path in list(dir) {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if path.is_file() && (name.ends_with(".yaml") || name == "REPORT.md") {
            out.push(name);
        } else if path.is_dir() && ["json", "epd", "schema"].contains(&name.as_str()) {
            for inner in list(&path) {
                if inner.is_file() {
                    let inner_name = inner
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    out.push(format!("{name}/{inner_name}"));
                }
            }
        }
    }
    out.sort();
    out
}

/// Writes `output` under `dir`, removing the generator's files that are no longer generated.
///
/// # Errors
///
/// A file or folder that cannot be written.
pub fn write(output: &Output, dir: &Path) -> std::io::Result<()> {
    for name in existing(dir) {
        if !output.files.contains_key(&name) {
            std::fs::remove_file(dir.join(&name))?;
        }
    }
    for (name, bytes) in &output.files {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)?;
        }
        if std::fs::read(&path).ok().as_deref() != Some(bytes.as_slice()) {
            std::fs::write(&path, bytes)?;
        }
    }
    Ok(())
}
