//! A load: files parsed and checked apart (on threads), then taken in, in order, with the
//! checks across files (ids used twice or retired).

use std::collections::{BTreeMap, HashMap};
use std::num::NonZeroUsize;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::ids::{read_retired, validate_id};
use super::sources::{MAX_FILE_BYTES, Source, default_threads, too_large};
use super::{Catalogue, LoadError, LoadErrors, LoadedCase, Origin, Reached, plan, validate};
use crate::assertion::{Plan, Problem, Step};
use crate::case::{Case, CaseFile};
use crate::locate::{self, Locator};

impl Catalogue {
    /// Loads case files from texts; `retired` are lists of retired ids.
    ///
    /// # Errors
    ///
    /// Every problem found, each with its file, line, column and case id.
    pub fn from_sources(
        sources: impl IntoIterator<Item = Source>,
        retired: impl IntoIterator<Item = Source>,
    ) -> Result<Catalogue, LoadErrors> {
        Catalogue::from_sources_on(sources, retired, default_threads())
    }

    /// Like [`Catalogue::from_sources`], reading the files on up to `threads` threads. The
    /// catalogue and the errors are the same whatever the number: files are read apart and
    /// taken in, in order, on this thread.
    ///
    /// # Errors
    ///
    /// Every problem found, each with its file, line, column and case id.
    pub(crate) fn from_sources_on(
        sources: impl IntoIterator<Item = Source>,
        retired: impl IntoIterator<Item = Source>,
        threads: NonZeroUsize,
    ) -> Result<Catalogue, LoadErrors> {
        Catalogue::from_sources_where(sources, retired, |_| true, threads)
    }

    /// Like [`Catalogue::from_sources`], keeping (and checking) only the cases whose id `keep`
    /// accepts; the others are parsed and dropped.
    pub(super) fn from_sources_where(
        sources: impl IntoIterator<Item = Source>,
        retired: impl IntoIterator<Item = Source>,
        keep: impl Fn(&str) -> bool + Sync,
        threads: NonZeroUsize,
    ) -> Result<Catalogue, LoadErrors> {
        let mut load = Load {
            retired: BTreeMap::new(),
            seen: HashMap::new(),
            cases: Vec::new(),
            errors: Vec::new(),
        };
        for source in retired {
            read_retired(&source, &mut load.retired, &mut load.errors);
        }
        let sources: Vec<Source> = sources.into_iter().collect();
        let parsed = parse_files(&sources, &keep, threads);
        for (source, parsed) in sources.iter().zip(parsed) {
            load.merge(source, parsed);
        }
        if load.errors.is_empty() {
            Ok(Catalogue {
                cases: load.cases,
                retired: load.retired,
                version: None,
                record: None,
            })
        } else {
            Err(LoadErrors(load.errors))
        }
    }
}

/// A load in progress: what is known so far, across files.
pub(super) struct Load {
    /// Retired ids and why.
    pub(super) retired: BTreeMap<String, String>,
    /// Each id loaded so far, with its file and line.
    pub(super) seen: HashMap<String, (String, usize)>,
    cases: Vec<LoadedCase>,
    errors: Vec<LoadError>,
}

impl Load {
    /// Takes in one case file read by [`parse_file`]: each case's id is checked against the
    /// ids before it (and the retired ones), and its problems are placed in the file.
    fn merge(&mut self, source: &Source, parsed: Parsed) {
        let cases = match parsed {
            Parsed::Refused(error) => {
                self.errors.push(error);
                return;
            }
            Parsed::Cases(cases) => cases,
        };
        // Built on the first problem of the file: where each one is written.
        let mut locator: Option<Locator> = None;
        for ParsedCase {
            case,
            index,
            line,
            origin,
            mut problems,
            plan,
            reached,
        } in cases
        {
            self.unique(&case.id, &source.name, line, &mut problems);
            if let (true, Some(plan)) = (problems.is_empty(), plan) {
                self.cases.push(LoadedCase {
                    case,
                    file: source.name.clone(),
                    line,
                    origin,
                    plan: Arc::new(plan),
                    reached,
                });
                continue;
            }
            let locator = locator.get_or_insert_with(|| Locator::new(&source.text));
            for p in problems {
                let mut path = vec![Step::Key("cases".into()), Step::Index(index)];
                path.extend(p.path);
                let (line, column) = locator.find(&path, p.at_key).unwrap_or((line, 1));
                self.errors.push(LoadError {
                    file: source.name.clone(),
                    line,
                    column,
                    case: Some(case.id.clone()),
                    message: p.message,
                });
            }
        }
    }
}

/// One case file read on its own, before the checks across files: the file refused whole, or
/// its kept cases with the problems found in each.
enum Parsed {
    /// Too large, refused by the scan, or not YAML of the format.
    Refused(LoadError),
    /// The cases `keep` accepts, in file order.
    Cases(Vec<ParsedCase>),
}

/// A case of a file, checked on its own (its id's uniqueness aside).
struct ParsedCase {
    case: Case,
    /// Its index in the file's `cases`.
    index: usize,
    line: usize,
    origin: Origin,
    /// Its problems so far, in the loader's order (the id, then the case).
    problems: Vec<Problem>,
    /// Its checks, when it has no problem of its own.
    plan: Option<Plan>,
    /// The position its history reaches, for the boards.
    reached: Reached,
}

/// Reads and checks one case file, keeping the cases `keep` accepts: everything the loader
/// checks of a file that needs no other file, so that files can be read in parallel.
fn parse_file(source: &Source, keep: &(impl Fn(&str) -> bool + ?Sized)) -> Parsed {
    let scan = locate::scan(&source.text);
    // The case a problem is in: the last one starting before it.
    let case_at = |line: usize| {
        scan.starts
            .iter()
            .rev()
            .find(|s| s.line <= line)
            .and_then(|s| s.id.clone())
    };
    if let Err(mut error) = screen(source, &scan) {
        error.case = case_at(error.line);
        return Parsed::Refused(error);
    }
    let starts = scan.starts.as_slice();
    let file: CaseFile = match serde_yaml_ng::from_str(&source.text) {
        Ok(file) => file,
        Err(e) => {
            let mut error = yaml_error(&source.name, &e);
            error.case = case_at(error.line);
            return Parsed::Refused(error);
        }
    };
    let stem = Path::new(&source.name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let origin = Origin::of_text(&source.text);
    let mut cases = Vec::new();
    for (index, mut case) in file.cases.into_iter().enumerate() {
        if !keep(&case.id) {
            continue;
        }
        if !file.pieces.is_empty() {
            // The file's pieces first, then the case's own.
            let own = std::mem::take(&mut case.pieces);
            case.pieces = file.pieces.iter().cloned().chain(own).collect();
        }
        case.variant = case.variant.or(file.variant);
        let line = starts.get(index).map_or(0, |s| s.line);
        let mut problems = Vec::new();
        validate_id(&case, &stem, &mut problems);
        let set_up = validate(&case, &mut problems);
        let plan = problems
            .is_empty()
            .then(|| plan(&case, set_up.game.as_ref()));
        cases.push(ParsedCase {
            case,
            index,
            line,
            origin,
            problems,
            plan,
            reached: set_up.reached,
        });
    }
    Parsed::Cases(cases)
}

/// [`parse_file`] of every source, on up to `threads` threads (one file per task, the next
/// file to the first thread free), in the order of `sources`.
fn parse_files(
    sources: &[Source],
    keep: &(impl Fn(&str) -> bool + Sync),
    threads: NonZeroUsize,
) -> Vec<Parsed> {
    let threads = threads.get().min(sources.len());
    if threads <= 1 {
        return sources.iter().map(|s| parse_file(s, keep)).collect();
    }
    let next = AtomicUsize::new(0);
    let mut parsed: Vec<(usize, Parsed)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let at = next.fetch_add(1, Ordering::Relaxed);
                        let Some(source) = sources.get(at) else {
                            return done;
                        };
                        done.push((at, parse_file(source, keep)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(done) => done,
                // A panic in the loader is a bug; it stays a panic, on this thread.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    });
    parsed.sort_by_key(|(at, _)| *at);
    parsed.into_iter().map(|(_, p)| p).collect()
}

/// What the loader refuses of a file before serde reads it: a file over [`MAX_FILE_BYTES`],
/// and what [`locate::scan`] refuses (anchors, aliases, nesting beyond [`MAX_DEPTH`](super::MAX_DEPTH), a key
/// written twice), where it is written.
pub(super) fn screen(source: &Source, scan: &locate::Scan) -> Result<(), LoadError> {
    if source.text.len() > MAX_FILE_BYTES {
        return Err(too_large(&source.name));
    }
    match &scan.refusal {
        None => Ok(()),
        Some(refusal) => Err(LoadError {
            file: source.name.clone(),
            line: refusal.mark.0,
            column: refusal.mark.1,
            case: None,
            message: refusal.message.clone(),
        }),
    }
}

pub(super) fn yaml_error(file: &str, e: &serde_yaml_ng::Error) -> LoadError {
    let (line, column) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
    // serde_yaml_ng puts the location in the message too; keep only the message.
    let mut message = e.to_string();
    if let Some(at) = message.find(" at line ") {
        message.truncate(at);
    }
    LoadError {
        file: file.to_owned(),
        line,
        column,
        case: None,
        // The value serde quotes may be a whole line of any file (a key, a token): an excerpt.
        message: format!(
            "not a valid case file: {}",
            crate::escape::quotes_cut(&message)
        ),
    }
}
