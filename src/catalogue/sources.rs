//! Where case files come from: embedded at build time, files and folders given by path; the
//! largest file read.

use std::collections::HashSet;
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use super::{Catalogue, LoadError, LoadErrors, Origin};

/// The name of the file, beside case files, that lists retired ids.
pub const RETIRED_FILE: &str = "retired.yaml";

/// The largest case file (or list of retired ids) the loader reads, in bytes: 16 MiB, twenty
/// times the largest file of `generated/`. A larger file is refused unread.
pub const MAX_FILE_BYTES: usize = crate::InputFile::CASE_FILE.max_bytes;

/// A case file's text and the name to report it by.
#[derive(Debug, Clone)]
pub struct Source {
    /// The name errors and reports use (a path, usually).
    pub name: String,
    /// The YAML text.
    pub text: String,
}

/// The catalogue shipped with this crate (`cases/`), embedded at build time.
pub(super) mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin_cases.rs"));
}

/// The embedded case files, hand-written first: (name, text).
pub(super) fn builtin_case_files() -> impl Iterator<Item = &'static (&'static str, &'static str)> {
    builtin::CASE_FILES.iter().chain(builtin::GENERATED_FILES)
}

/// Embedded (name, text) pairs as sources.
pub(super) fn embedded<'a>(
    files: impl Iterator<Item = &'a (&'static str, &'static str)>,
) -> impl Iterator<Item = Source> {
    files.map(|(name, text)| Source {
        name: (*name).to_owned(),
        text: (*text).to_owned(),
    })
}

/// A folder's version (`VERSION`) and record (`catalogue.lock`), each if it has one; the
/// record only with a version.
fn folder_version(dir: &Path) -> Result<(Option<super::Version>, Option<super::Lock>), LoadError> {
    let read = |name: &str| -> Result<Option<String>, LoadError> {
        let path = dir.join(name);
        if !path.is_file() {
            return Ok(None);
        }
        read_case_file(&path).map(Some)
    };
    let Some(text) = read(super::VERSION_FILE)? else {
        return Ok((None, None));
    };
    let version_path = dir.join(super::VERSION_FILE);
    let version = super::Version::of_file(&text)
        .map_err(|e| file_error(&version_path, format!("{e}: the folder's version")))?;
    let record = match read(super::LOCK_FILE)? {
        None => None,
        Some(text) => Some(super::Lock::parse(&text).map_err(|e| {
            file_error(
                &dir.join(super::LOCK_FILE),
                format!("not a record of the catalogue's versions: {e}"),
            )
        })?),
    };
    Ok((Some(version), record))
}

/// The threads the loader reads files on by default: as many as the machine runs at once.
pub(super) fn default_threads() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

impl Catalogue {
    /// The catalogue shipped with this crate: every file of `cases/` and of `generated/`,
    /// embedded in the binary (hand-written cases first).
    ///
    /// # Errors
    ///
    /// Only if the shipped catalogue is broken, which its own tests rule out.
    pub fn builtin() -> Result<Catalogue, LoadErrors> {
        Catalogue::builtin_on(default_threads())
    }

    /// [`Catalogue::builtin`], reading the files on up to `threads` threads (the same
    /// catalogue whatever the number).
    ///
    /// # Errors
    ///
    /// Only if the shipped catalogue is broken, which its own tests rule out.
    pub fn builtin_on(threads: NonZeroUsize) -> Result<Catalogue, LoadErrors> {
        let retired = embedded(builtin::RETIRED.iter());
        Catalogue::from_sources_on(embedded(builtin_case_files()), retired, threads)
            .map(Catalogue::builtin_versioned)
    }

    /// The shipped cases whose id contains `filter` (all when there is none) and whose origin
    /// is `origin` (both when there is none): the same cases, in the same order, as
    /// [`Catalogue::builtin`] then [`Catalogue::filtered`] and [`Catalogue::retain`], at a
    /// fraction of the cost. Only the files of the origin asked for whose text holds the filter
    /// are read (an id is written in its file as it is), and only the cases kept are checked:
    /// against retired ids, and for duplicates among themselves. That the cases left out are
    /// sound, and their ids unique, the catalogue's own tests establish.
    ///
    /// # Errors
    ///
    /// Only if the shipped catalogue is broken, which its own tests rule out.
    pub fn builtin_selected(
        filter: Option<&str>,
        origin: Option<Origin>,
    ) -> Result<Catalogue, LoadErrors> {
        let groups = [
            (Origin::HandWritten, builtin::CASE_FILES),
            (Origin::Generated, builtin::GENERATED_FILES),
        ];
        let files = groups
            .into_iter()
            .filter(|(group, _)| origin.is_none_or(|o| o == *group))
            .flat_map(|(_, files)| files.iter())
            .filter(|(_, text)| filter.is_none_or(|f| text.contains(f)));
        let retired = embedded(builtin::RETIRED.iter());
        let keep = |id: &str| filter.is_none_or(|f| id.contains(f));
        let catalogue =
            Catalogue::from_sources_where(embedded(files), retired, keep, default_threads())?;
        // A file's origin is its mark; its folder says the same, as a test checks.
        Ok(match origin {
            None => catalogue,
            Some(origin) => catalogue.retain(|c| c.origin == origin),
        }
        .builtin_versioned())
    }

    /// The one shipped case with this id (none if there is no such case), loaded at a fraction
    /// of the cost of [`Catalogue::builtin`]: only its rule area's files holding it are read, and only it
    /// is checked. This is for a test runner that starts one process per case, like
    /// `cargo nextest run`; ids are not checked for uniqueness.
    ///
    /// # Errors
    ///
    /// Only if the shipped catalogue is broken, which its own tests rule out.
    pub fn builtin_case(id: &str) -> Result<Catalogue, LoadErrors> {
        let area = id.split_once('/').map_or(id, |(area, _)| area);
        // An id is written in its file as it is: a file without it has not the case.
        let files = builtin_case_files().filter(|(name, text)| {
            Path::new(name)
                .file_stem()
                .is_some_and(|stem| stem.to_string_lossy() == area)
                && text.contains(id)
        });
        Catalogue::from_sources_where(
            embedded(files),
            std::iter::empty(),
            |case| case == id,
            default_threads(),
        )
        .map(Catalogue::builtin_versioned)
    }

    /// The catalogue with the shipped version and record.
    fn builtin_versioned(self) -> Catalogue {
        self.versioned(super::builtin_version(), super::Lock::builtin())
    }

    /// Loads case files from paths: a file is read as one case file, a folder for its `*.yaml`
    /// and `*.yml` files (sorted by name; subfolders are not read; a symbolic link followed
    /// only to a file inside the folder, one leading outside refused).
    ///
    /// Retired ids are refused, whatever is loaded: those built in (`cases/retired.yaml`), and
    /// those of the `retired.yaml` of every folder given or holding a file given. A file named
    /// twice (alone and through its folder) is read once.
    ///
    /// # Errors
    ///
    /// Every problem found, each with its file, line, column and case id; also a folder with
    /// no case file (saying what it holds instead), a subfolder holding case files (which would
    /// not be read), and a file over [`MAX_FILE_BYTES`].
    pub fn load<P: AsRef<Path>>(paths: &[P]) -> Result<Catalogue, LoadErrors> {
        let mut sources = Vec::new();
        let mut retired: Vec<Source> = embedded(builtin::RETIRED.iter()).collect();
        let mut read: HashSet<PathBuf> = HashSet::new();
        let mut errors = Vec::new();
        for path in paths {
            let path = path.as_ref();
            let files = if path.is_dir() {
                match folder(path) {
                    Ok(found) => {
                        errors.extend(folder_errors(path, &found));
                        found.files
                    }
                    Err(e) => {
                        errors.push(file_error(path, format!("cannot read the folder: {e}")));
                        continue;
                    }
                }
            } else {
                // A file alone is held to its folder's retired ids, as the folder would be.
                let beside = match path.parent() {
                    Some(dir) if !dir.as_os_str().is_empty() => dir.join(RETIRED_FILE),
                    _ => PathBuf::from(RETIRED_FILE),
                };
                if beside.is_file() && path.file_name().is_none_or(|n| n != RETIRED_FILE) {
                    vec![beside, path.to_path_buf()]
                } else {
                    vec![path.to_path_buf()]
                }
            };
            for file in files {
                // A file named twice (alone and in its folder, say) is read once.
                if !read.insert(file.canonicalize().unwrap_or_else(|_| file.clone())) {
                    continue;
                }
                let is_retired = file.file_name().is_some_and(|n| n == RETIRED_FILE);
                match read_case_file(&file) {
                    Ok(text) => {
                        let source = Source {
                            name: file.display().to_string(),
                            text,
                        };
                        if is_retired {
                            retired.push(source);
                        } else {
                            sources.push(source);
                        }
                    }
                    Err(error) => errors.push(error),
                }
            }
        }
        // One folder given alone may say its version (and keep its record) beside its cases.
        let (version, record) = match paths {
            [path] if path.as_ref().is_dir() => {
                folder_version(path.as_ref()).unwrap_or_else(|error| {
                    errors.push(error);
                    (None, None)
                })
            }
            _ => (None, None),
        };
        match Catalogue::from_sources(sources, retired) {
            Ok(catalogue) if errors.is_empty() => Ok(catalogue.versioned(version, record)),
            Ok(_) => Err(LoadErrors(errors)),
            Err(LoadErrors(more)) => {
                errors.extend(more);
                Err(LoadErrors(errors))
            }
        }
    }
}

pub(super) fn too_large(file: &str) -> LoadError {
    LoadError {
        file: file.to_owned(),
        line: 0,
        column: 0,
        case: None,
        message: format!(
            "the file is larger than {} MiB, the most a case file may be",
            MAX_FILE_BYTES >> 20
        ),
    }
}

/// Whether a file is named as a case file: `*.yaml` or `*.yml`.
fn is_yaml(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yaml" || e == "yml")
}

/// What a folder given to the loader holds.
#[derive(Default)]
struct Folder {
    /// Its `*.yaml` and `*.yml` files, sorted by name (`retired.yaml` among them).
    files: Vec<PathBuf>,
    /// Its subfolders that hold case files themselves (sorted), which are not read.
    nested: Vec<PathBuf>,
    /// Its case files that are symbolic links leading outside it (sorted), which are not read.
    outside: Vec<PathBuf>,
    /// Its other entries, by name (sorted; a folder with a trailing `/`): files of other
    /// kinds, subfolders without case files.
    others: Vec<String>,
}

/// Reads a folder's entries. A symbolic link is followed only when its target is inside the
/// folder (`dir`, as resolved): a case file linked from outside it (a credentials file, a key,
/// whatever a contributed folder points at) is not read but refused, by the link's name.
fn folder(dir: &Path) -> std::io::Result<Folder> {
    let mut found = Folder::default();
    let root = dir.canonicalize()?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_symlink() {
            let inside = path
                .canonicalize()
                .is_ok_and(|target| target.starts_with(&root));
            if !inside && path.exists() {
                if is_yaml(&path) {
                    found.outside.push(path);
                } else {
                    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                    found.others.push(name.unwrap_or_default());
                }
                continue;
            }
        }
        if is_yaml(&path) && path.is_file() {
            found.files.push(path);
        } else if path.is_dir() && holds_yaml(&path) {
            found.nested.push(path);
        } else {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            let slash = if path.is_dir() { "/" } else { "" };
            found
                .others
                .push(format!("{}{slash}", name.unwrap_or_default()));
        }
    }
    found.files.sort();
    found.nested.sort();
    found.outside.sort();
    found.others.sort();
    Ok(found)
}

/// Whether a folder has a case file (a `*.yaml` or `*.yml` file) of its own.
fn holds_yaml(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| is_yaml(&e.path()) && e.path().is_file())
    })
}

/// The problems of a folder as a whole: subfolders with case files (not read: the catalogue is
/// one level, so a `--cases` path never takes in more than it shows), and a folder with no case
/// file at all, saying what it holds instead.
fn folder_errors(dir: &Path, found: &Folder) -> Vec<LoadError> {
    let mut errors: Vec<LoadError> = found
        .nested
        .iter()
        .map(|sub| {
            file_error(
                sub,
                format!(
                    "a folder of case files inside {}: subfolders are not read; load it on its \
                     own (`--cases {}`) or move its files up",
                    dir.display(),
                    sub.display()
                ),
            )
        })
        .collect();
    errors.extend(found.outside.iter().map(|link| {
        file_error(
            link,
            format!(
                "a symbolic link leading outside {}: not read (a case folder's links are \
                 followed only to files inside it; copy the file in instead)",
                dir.display()
            ),
        )
    }));
    let cases = found
        .files
        .iter()
        .filter(|f| f.file_name().is_none_or(|n| n != RETIRED_FILE))
        .count();
    if cases == 0 && found.nested.is_empty() && found.outside.is_empty() {
        let mut names: Vec<&str> = found.others.iter().map(String::as_str).collect();
        if !found.files.is_empty() {
            names.insert(0, RETIRED_FILE);
        }
        let holds = match names.len() {
            0 => "it is empty".to_owned(),
            n if n <= 4 => format!("it holds only {}", names.join(", ")),
            n => format!(
                "it holds only {}, and {} more",
                names[..3].join(", "),
                n - 3
            ),
        };
        errors.push(file_error(
            dir,
            format!("no case file (`*.yaml` or `*.yml`) in this folder: {holds}"),
        ));
    }
    errors
}

/// A file's text, read through the one bounded reader ([`crate::InputFile`]): a regular file
/// only (a FIFO given as `--cases` is refused, not waited on), read no further than
/// [`MAX_FILE_BYTES`] (a larger file is refused without reading it whole), UTF-8.
fn read_case_file(file: &Path) -> Result<String, LoadError> {
    use crate::ReadError;
    crate::InputFile::CASE_FILE.read(file).map_err(|e| match e {
        ReadError::TooLarge { .. } => too_large(&file.display().to_string()),
        ReadError::NotUtf8 { line, column } => LoadError {
            file: file.display().to_string(),
            line,
            column,
            case: None,
            message: "not a valid case file: the text is not UTF-8".into(),
        },
        e => file_error(file, e.to_string()),
    })
}

fn file_error(path: &Path, message: String) -> LoadError {
    LoadError {
        file: path.display().to_string(),
        line: 0,
        column: 0,
        case: None,
        message,
    }
}
