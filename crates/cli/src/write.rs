//! Files written whole or not at all: every file the command writes goes to a temporary file
//! in the same folder, then is renamed over its name, so an interrupt, a full disk or a crash
//! leaves the old file (or none), never half of a new one.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Writes `contents` to `path` atomically: a temporary file beside it, synced, then renamed
/// over it. On failure the temporary file is removed and `path` is as it was.
///
/// # Errors
///
/// The I/O error of creating, writing, syncing or renaming.
pub fn atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let (temp, mut file) = temporary(path)?;
    let written = file
        .write_all(contents)
        .and_then(|()| file.sync_all())
        .and_then(|()| {
            drop(file);
            fs::rename(&temp, path)
        });
    if written.is_err() {
        let _ = fs::remove_file(&temp);
    }
    written
}

/// A new file beside `path`, named after it (`.NAME.PID-N.tmp`), never an existing one.
fn temporary(path: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let name = path.file_name().ok_or_else(|| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "the path names a folder, not a file",
        )
    })?;
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    loop {
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".{}-{n}.tmp", std::process::id()));
        let temp = dir.join(temp_name);
        match OpenOptions::new().write(true).create_new(true).open(&temp) {
            Ok(file) => return Ok((temp, file)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "chess-conformance-write-{name}-{}",
            std::process::id()
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_no_temporary_is_left() {
        let dir = scratch("replace");
        let path = dir.join("baseline.yaml");
        fs::write(&path, "old").unwrap();
        atomically(&path, b"new contents").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new contents");
        assert_eq!(entries(&dir), ["baseline.yaml"]);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = scratch("fail");
        // A folder where the file should go: the rename fails, the folder stays.
        let path = dir.join("taken");
        fs::create_dir(&path).unwrap();
        fs::write(path.join("inside"), "kept").unwrap();
        assert!(atomically(&path, b"new").is_err());
        assert_eq!(entries(&dir), ["taken"]);
        assert_eq!(fs::read_to_string(path.join("inside")).unwrap(), "kept");
        // A folder that does not exist: nothing is created.
        assert!(atomically(&dir.join("no/such/file"), b"x").is_err());
        assert_eq!(entries(&dir), ["taken"]);
        let _ = fs::remove_dir_all(&dir);
    }
}
