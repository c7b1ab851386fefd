//! The private folder of the files this process writes for its engines to read (the variant
//! files of `uci:` and `xboard:` engines).
//!
//! A fixed name in the shared temporary folder (`/tmp/chess-conformance-uci-NAME.ini`) could be
//! planted beforehand by another user, its content then read as ours, or a symbolic link
//! planted at its temporary name, the file it points to then overwritten. So the files go in
//! one folder per engine made by `mkdtemp(3)` (a fresh random name, created exclusively,
//! mode 0700: no other user can list, plant or replace anything in it), each created anew
//! (`O_EXCL`, `O_NOFOLLOW`). An engine's folder is removed when the engine is dropped
//! ([`Handle`]), and every folder by [`remove`] when the harness is interrupted (`end_all`).

use std::ffi::{CString, OsString};
use std::io::Write as _;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The folders made, by the [`Key`] of the engine each is for, and the next key.
struct Shared {
    next: u64,
    dirs: Vec<(u64, PathBuf)>,
}

static SHARED: Mutex<Shared> = Mutex::new(Shared {
    next: 0,
    dirs: Vec::new(),
});

fn shared() -> MutexGuard<'static, Shared> {
    SHARED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// An engine's private folder: made when a file is first written in it, removed with the
/// handle.
#[derive(Debug)]
pub(crate) struct Handle(Key);

/// The name of a [`Handle`]'s folder, for code that writes in it while the engine is borrowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key(u64);

impl Handle {
    /// A handle; the folder itself is made only when a file is first written.
    pub(crate) fn new() -> Handle {
        let mut shared = shared();
        shared.next += 1;
        Handle(Key(shared.next))
    }

    /// Its key, for [`write`].
    pub(crate) fn key(&self) -> Key {
        self.0
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        let mut shared = shared();
        if let Some(at) = shared.dirs.iter().position(|(key, _)| *key == self.0.0) {
            let (_, dir) = shared.dirs.swap_remove(at);
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Writes `text` as the file `name` of the folder of `key` (making the folder first if need be)
/// and returns its path. A file of that name already there was written earlier by the same
/// engine with the same name, and so the same content (names are the content's): it is kept.
///
/// # Errors
///
/// The folder or the file cannot be made, as a message naming it.
pub(crate) fn write(key: Key, name: &str, text: &str) -> Result<PathBuf, String> {
    let mut shared = shared();
    let dir = match shared.dirs.iter().find(|(k, _)| *k == key.0) {
        Some((_, dir)) => dir.clone(),
        None => {
            let dir = private_dir(&std::env::temp_dir()).map_err(|e| {
                format!(
                    "cannot make a private folder in {}: {e}",
                    std::env::temp_dir().display()
                )
            })?;
            shared.dirs.push((key.0, dir.clone()));
            dir
        }
    };
    let path = dir.join(name);
    if path.symlink_metadata().is_ok_and(|m| m.is_file()) {
        return Ok(path);
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(&path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .map_err(|e| format!("cannot write the file {}: {e}", path.display()))?;
    Ok(path)
}

/// Removes every folder now (the harness is stopping: its engines are ended).
pub(crate) fn remove() {
    for (_, dir) in std::mem::take(&mut shared().dirs) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A new folder of mode 0700 in `parent`, named `chess-conformance-` and six random
/// characters, made by `mkdtemp(3)` (which fails rather than reuse anything there).
fn private_dir(parent: &Path) -> std::io::Result<PathBuf> {
    let template = parent.join("chess-conformance-XXXXXX");
    let template = CString::new(template.as_os_str().as_bytes())
        .map_err(|_| std::io::Error::other("a NUL byte in the temporary folder's name"))?;
    let mut bytes = template.into_bytes_with_nul();
    // SAFETY: `bytes` is a NUL-terminated buffer that mkdtemp(3) rewrites in place (the six
    // `X`s), within its length; it lives across the call.
    let made = unsafe { libc::mkdtemp(bytes.as_mut_ptr().cast()) };
    if made.is_null() {
        return Err(std::io::Error::last_os_error());
    }
    bytes.pop();
    Ok(PathBuf::from(OsString::from_vec(bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn files_go_in_a_private_folder_removed_with_its_handle() {
        let first = Handle::new();
        let second = Handle::new();
        let path = write(first.key(), "a.ini", "text").unwrap();
        let dir = path.parent().unwrap().to_path_buf();
        assert!(
            dir.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("chess-conformance-")
        );
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "text");
        // Written again under the same name: the same file; another engine: another folder.
        assert_eq!(write(first.key(), "a.ini", "text").unwrap(), path);
        let other = write(second.key(), "a.ini", "text").unwrap();
        assert_ne!(other.parent(), Some(dir.as_path()));
        drop(first);
        assert!(!dir.exists());
        assert!(other.exists());
        drop(second);
        assert!(!other.exists());
    }
}
