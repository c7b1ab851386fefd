//! Files written whole or not at all: every file the command writes goes to a temporary file
//! in the same folder, then is renamed over its name, so an interrupt, a full disk or a crash
//! leaves the old file (or none), never half of a new one.
//!
//! That is right for regular files only. What the path names decides how it is written
//! ([`destination`]):
//!
//! - a symbolic link is followed to its target, which is written atomically (the link is kept,
//!   and points at the new file; a link to nothing yet creates its target);
//! - anything that is not a regular file (`/dev/null`, `/dev/full`, a terminal, a FIFO, the
//!   pipe `/dev/stdout` is) is written in place, opened for writing as it is, never replaced by
//!   a regular file: `/dev/full` fails with "No space left on device", and a FIFO waits for its
//!   reader;
//! - one of the command's own descriptors (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`) is
//!   written through that descriptor, whatever it is open on: a file redirected to is written
//!   at its offset (replacing its name would cut it off from the descriptor the rest of the
//!   output goes to), a pipe is not reopened (another user's pipe refuses that); another
//!   process's descriptor file is appended to.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// How a path is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Destination {
    /// A regular file (or none yet) at this path, symbolic links resolved: written beside it
    /// and renamed over it.
    Replace(PathBuf),
    /// This descriptor of the command (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`): written
    /// through the descriptor, so that a file's offset is shared (what the command writes to
    /// it later follows rather than overwrites) and a pipe made by another user is not
    /// reopened (which its permissions may refuse).
    Descriptor(i32),
    /// Not a regular file, or one reached only through the kernel's links: opened and written
    /// as it is.
    InPlace {
        /// The path as given.
        path: PathBuf,
        /// Whether it is a regular file (then appended to).
        regular: bool,
    },
}

/// How `path` is written (see the module docs).
///
/// # Errors
///
/// A folder; a chain of more than 40 symbolic links; an I/O error reading what the path names.
pub(crate) fn destination(path: &Path) -> io::Result<Destination> {
    let (resolved, descriptor) = links(path)?;
    if let Some(Some(fd)) = descriptor {
        // One of this command's own descriptors, whatever it is open on: reopening it by its
        // path would check the file's permissions again (a pipe made by another user refuses).
        return Ok(Destination::Descriptor(fd));
    }
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a folder",
        )),
        Ok(meta) if !meta.is_file() => Ok(Destination::InPlace {
            path: path.to_owned(),
            regular: false,
        }),
        Ok(meta) => {
            if descriptor.is_none() && fs::metadata(&resolved).is_ok_and(|r| same_file(&r, &meta)) {
                Ok(Destination::Replace(resolved))
            } else {
                Ok(Destination::InPlace {
                    path: path.to_owned(),
                    regular: true,
                })
            }
        }
        // Nothing there yet (or a link to nothing): the file its links name is created.
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Destination::Replace(resolved)),
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    (a.dev(), a.ino()) == (b.dev(), b.ino())
}

#[cfg(not(unix))]
fn same_file(_: &fs::Metadata, _: &fs::Metadata) -> bool {
    true
}

/// `path` with every symbolic link of its last component followed (its folders stay as
/// written: the temporary file goes beside the file itself). `report --html` follows its
/// folder's links so too.
///
/// # Errors
///
/// More than 40 links in a row; a link that cannot be read.
pub(crate) fn follow_links(path: &Path) -> io::Result<PathBuf> {
    links(path).map(|(path, _)| path)
}

/// [`follow_links`], and whether a link on the way is one of a process's descriptors
/// (`/proc/PID/fd/N`, reached as `/dev/stdout`, `/dev/fd/N` or `/proc/self/fd/N`; with `N`
/// when it is this process's): its target is the file the descriptor is open on, which the
/// path does not stand for.
#[allow(clippy::type_complexity)]
fn links(path: &Path) -> io::Result<(PathBuf, Option<Option<i32>>)> {
    let mut path = path.to_owned();
    let mut descriptor = None;
    let ours = PathBuf::from(format!("/proc/{}/fd", std::process::id()));
    for _ in 0..40 {
        match fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let dir = match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir,
                    _ => Path::new("."),
                };
                match dir.canonicalize() {
                    Ok(real) if real == ours && descriptor.is_none() => {
                        let fd = path.file_name().and_then(|n| n.to_str()?.parse().ok());
                        descriptor = Some(fd);
                    }
                    Ok(real) if real.starts_with("/proc") => descriptor = descriptor.or(Some(None)),
                    _ => {}
                }
                let target = fs::read_link(&path)?;
                path = dir.join(target);
            }
            _ => return Ok((path, descriptor)),
        }
    }
    Err(io::Error::other("more than 40 symbolic links in a row"))
}

/// Writes `contents` to `path` whole: a regular file atomically (a temporary file beside it,
/// synced, then renamed over it; on failure the temporary file is removed and the file is as
/// it was), through its symbolic links; a device, a FIFO or a descriptor's file in place
/// (module docs).
///
/// # Errors
///
/// The I/O error of creating, writing, syncing or renaming (`/dev/full`'s "No space left on
/// device"), or of [`destination`].
pub fn atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    match destination(path)? {
        Destination::Replace(file) => replace(&file, contents),
        Destination::Descriptor(fd) => {
            // What went to standard output before goes first.
            std::io::stdout().flush()?;
            let mut file = descriptor(fd)?;
            file.write_all(contents)?;
            file.flush()
        }
        Destination::InPlace { path, regular } => {
            let mut file = OpenOptions::new().write(true).append(regular).open(path)?;
            file.write_all(contents)?;
            file.flush()
        }
    }
}

/// A new handle on this process's descriptor `fd` (shared offset: writes follow each other).
#[cfg(unix)]
fn descriptor(fd: i32) -> io::Result<File> {
    use std::os::fd::BorrowedFd;
    // SAFETY: `fd` was just seen open in /proc/PID/fd; it is only borrowed to duplicate it.
    let owned = unsafe { BorrowedFd::borrow_raw(fd) }.try_clone_to_owned()?;
    Ok(File::from(owned))
}

#[cfg(not(unix))]
fn descriptor(_: i32) -> io::Result<File> {
    Err(io::Error::other("no descriptors to write to"))
}

/// Writes `contents` to the regular file `path` atomically.
fn replace(path: &Path, contents: &[u8]) -> io::Result<()> {
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

    #[test]
    fn a_link_is_followed_to_its_target_and_kept() {
        let dir = scratch("link");
        fs::write(dir.join("real.yaml"), "old").unwrap();
        std::os::unix::fs::symlink("real.yaml", dir.join("link.yaml")).unwrap();
        atomically(&dir.join("link.yaml"), b"new").unwrap();
        assert!(
            fs::symlink_metadata(dir.join("link.yaml"))
                .unwrap()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(dir.join("real.yaml")).unwrap(), "new");
        // A link to nothing yet: its target is created, the link kept.
        std::os::unix::fs::symlink("later.yaml", dir.join("dangling.yaml")).unwrap();
        atomically(&dir.join("dangling.yaml"), b"made").unwrap();
        assert_eq!(fs::read_to_string(dir.join("later.yaml")).unwrap(), "made");
        assert_eq!(
            entries(&dir),
            ["dangling.yaml", "later.yaml", "link.yaml", "real.yaml"]
        );
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_device_is_written_in_place() {
        use std::os::unix::fs::FileTypeExt;
        assert_eq!(
            destination(Path::new("/dev/null")).unwrap(),
            Destination::InPlace {
                path: "/dev/null".into(),
                regular: false
            }
        );
        atomically(Path::new("/dev/null"), b"gone").unwrap();
        let kind = fs::metadata("/dev/null").unwrap().file_type();
        assert!(kind.is_char_device());
        if Path::new("/dev/full").exists() {
            let e = atomically(Path::new("/dev/full"), b"x").unwrap_err();
            assert_eq!(e.raw_os_error(), Some(28), "{e}");
        }
    }
}
