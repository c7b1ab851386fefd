//! Every file the tool reads, read one way: a regular file only (a FIFO or a device, like
//! `/dev/zero` or a pipe no one closes, would be read without end), no larger than its kind
//! allows (read no further than the limit, so a file that grows while it is read is refused
//! too), and UTF-8. Case files, lists of retired ids, baselines, mutation scores and the JSON
//! reports `report --html` and `diff` read all come through [`InputFile::read`]; what each
//! format screens beyond that (a YAML file's anchors, aliases and depth: `locate::scan`; JSON's
//! depth: serde_json's recursion limit of 128) is applied by its reader.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// A kind of file the tool reads, and the most it reads of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InputFile {
    /// What the file is, for messages (`a baseline`).
    pub what: &'static str,
    /// The largest such file read, in bytes. A larger one is refused unread.
    pub max_bytes: usize,
}

impl InputFile {
    /// A case file or a list of retired ids: 16 MiB, twenty times the largest file of
    /// `generated/`.
    pub const CASE_FILE: InputFile = InputFile {
        what: "a case file",
        max_bytes: 16 << 20,
    };

    /// A baseline: 16 MiB, thirty times the largest of `baselines/` (525 KB).
    pub const BASELINE: InputFile = InputFile {
        what: "a baseline",
        max_bytes: 16 << 20,
    };

    /// A JSON report of a run: 256 MiB, ten times a report of the whole catalogue (about 25 MB
    /// for 27,000 cases).
    pub const REPORT: InputFile = InputFile {
        what: "a report",
        max_bytes: 256 << 20,
    };

    /// A mutation score (`mutants --json`): 1 MiB, a hundred times the score of every mutant.
    pub const MUTATION_SCORE: InputFile = InputFile {
        what: "a mutation score",
        max_bytes: 1 << 20,
    };

    /// Reads the file at `path` (a symbolic link followed) as bytes.
    ///
    /// # Errors
    ///
    /// [`ReadError`]: the path is not a regular file (checked before it is opened, so a FIFO
    /// is not waited on, and again on the file opened), it is larger than
    /// [`InputFile::max_bytes`], or it cannot be read.
    pub fn read_bytes(&self, path: &Path) -> Result<Vec<u8>, ReadError> {
        let kind = std::fs::metadata(path).map_err(ReadError::Io)?.file_type();
        if !kind.is_file() {
            return Err(ReadError::NotAFile(kind_name(&kind)));
        }
        let file = File::open(path).map_err(ReadError::Io)?;
        let meta = file.metadata().map_err(ReadError::Io)?;
        if !meta.file_type().is_file() {
            // Replaced between the look and the open.
            return Err(ReadError::NotAFile(kind_name(&meta.file_type())));
        }
        let too_large = ReadError::TooLarge {
            what: self.what,
            max_bytes: self.max_bytes,
        };
        if meta.len() > self.max_bytes as u64 {
            return Err(too_large);
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(self.max_bytes as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(ReadError::Io)?;
        if bytes.len() > self.max_bytes {
            return Err(too_large);
        }
        Ok(bytes)
    }

    /// Reads the file at `path` as UTF-8 text ([`InputFile::read_bytes`]).
    ///
    /// # Errors
    ///
    /// Those of [`InputFile::read_bytes`], and [`ReadError::NotUtf8`] with the line and column
    /// of the first byte that is not.
    pub fn read(&self, path: &Path) -> Result<String, ReadError> {
        String::from_utf8(self.read_bytes(path)?).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = valid
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |at| at + 1);
            let column = String::from_utf8_lossy(&valid[start..]).chars().count() + 1;
            ReadError::NotUtf8 { line, column }
        })
    }
}

/// Why a file was not read. Its message does not name the file: the caller puts its name first.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(io::Error),
    /// The path is not a regular file but this (`a FIFO`, `a character device`, `a folder`).
    NotAFile(&'static str),
    /// The file is larger than its kind allows.
    TooLarge {
        /// What the file is.
        what: &'static str,
        /// The most read of it.
        max_bytes: usize,
    },
    /// The text is not UTF-8 from this 1-based line and column.
    NotUtf8 {
        /// The line.
        line: usize,
        /// The column, in characters.
        column: usize,
    },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "cannot read: {e}"),
            ReadError::NotAFile("a folder") => write!(f, "cannot read: it is a folder"),
            ReadError::NotAFile(kind) => write!(
                f,
                "not read: it is {kind}, not a regular file (a FIFO or a device may never end; \
                 write it to a file and give that)"
            ),
            ReadError::TooLarge { what, max_bytes } => write!(
                f,
                "not read: larger than {}, the most {what} may be",
                size(*max_bytes)
            ),
            ReadError::NotUtf8 { line, column } => {
                write!(f, "{line}:{column}: the text is not UTF-8")
            }
        }
    }
}

impl std::error::Error for ReadError {}

fn size(bytes: usize) -> String {
    if bytes >= 1 << 20 {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{} KiB", bytes >> 10)
    }
}

/// What a file that is not a regular file is, in words.
fn kind_name(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a folder"
    } else {
        "not a regular file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "chess-conformance-input-{name}-{}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const SMALL: InputFile = InputFile {
        what: "a test file",
        max_bytes: 16,
    };

    #[test]
    fn reads_a_regular_file_up_to_its_limit_and_refuses_a_larger_one() {
        let dir = scratch("size");
        let file = dir.join("f");
        std::fs::write(&file, "0123456789abcdef").unwrap();
        assert_eq!(SMALL.read(&file).unwrap(), "0123456789abcdef");
        std::fs::write(&file, "0123456789abcdefg").unwrap();
        let message = SMALL.read(&file).unwrap_err().to_string();
        assert!(
            message.contains("larger than 0 KiB, the most a test file may be"),
            "{message}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn refuses_devices_and_fifos_without_reading_or_waiting() {
        // /dev/zero never ends; a FIFO with no writer would block the open.
        let message = InputFile::BASELINE
            .read(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(message.contains("a character device"), "{message}");
        let dir = scratch("fifo");
        let fifo = dir.join("cases.yaml");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            let message = InputFile::CASE_FILE.read(&fifo).unwrap_err().to_string();
            assert!(message.contains("a FIFO, not a regular file"), "{message}");
        }
        let message = SMALL.read(&dir).unwrap_err().to_string();
        assert!(message.contains("it is a folder"), "{message}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn says_where_the_text_stops_being_utf8() {
        let dir = scratch("utf8");
        let file = dir.join("f");
        std::fs::write(&file, b"ab\n\xc3\xa9x\xff").unwrap();
        match SMALL.read(&file) {
            Err(ReadError::NotUtf8 { line, column }) => assert_eq!((line, column), (2, 3)),
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
