//! `chess-conformance report --html DIR REPORT.json...`: a static site from the JSON reports of
//! runs (`run --format json`), one per engine, that opens from `file://`.
//!
//! Reading (this file): each report strictly, by the core's own reader
//! ([`Report::from_json`]: an unknown field, a truncated file, a summary that does not add up,
//! an outcome its checks do not give are errors, here naming the file), an interrupted run's
//! included; the cases' sources and tags from the catalogue, their positions and histories from
//! it or, for a case it does not have, from the report. Reports of one engine's name and
//! several versions are a library's history (`history.rs`). Writing: `html.rs` (the writing,
//! what the pages share), `index.rs`, `case_lists.rs`, `engine_page.rs` (the pages),
//! `case_page.rs` (a case's page), `board.rs` (the SVG boards), `badge.rs` (the badges). The site
//! is written into a folder beside `DIR` and renamed into place, so `DIR` holds a whole site or
//! its previous one.

mod badge;
mod board;
mod case_lists;
mod case_page;
mod engine_page;
mod history;
mod html;
mod index;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_conformance::{Catalogue, LoadedCase, Outcome, Tally, Variant, Verdict};
use chess_conformance::{Interruption, Report};
use clap::Args;

use crate::error::BadInput;
use crate::text::{bounded, plural, unique};

#[derive(Debug, Args)]
#[command(
    after_long_help = "For several engines, give the JSON report of each: `matrix \
--write-reports DIR` writes them all (`DIR/NAME.json`), or run each engine alone (`run --engine \
E --format json > E.json`). The folder is replaced whole: it must be absent, empty, or a site \
this command wrote."
)]
pub struct ReportArgs {
    /// Write the site into this folder: `index.html` (rule areas by engines), `cases.html`
    /// (every case, with search and filters), a page per engine and a page per case
    /// (`cases/AREA/SLUG.html`).
    #[arg(long, value_name = "DIR")]
    html: PathBuf,
    /// The case files the runs were made from, when they were run with `--cases` (repeatable);
    /// by default the cases are looked up in the built-in catalogue.
    #[arg(long = "cases", value_name = "PATH")]
    cases: Vec<PathBuf>,
    /// JSON reports of `run --format json` (or `matrix --write-reports`), one per engine.
    #[arg(value_name = "REPORT.json", required = true)]
    reports: Vec<PathBuf>,
}

/// One engine's run, read from its report.
pub(crate) struct EngineRun {
    /// `name version`.
    pub(crate) identity: String,
    /// Its page's file name, without `.html`: the identity in lower case, other characters as
    /// `-`, made unique.
    pub(crate) slug: String,
    /// The report it was read from, as given.
    pub(crate) file: PathBuf,
    /// The report, as read (and checked) by [`Report::from_json`].
    pub(crate) report: Report,
    /// Each case id's verdict.
    by_id: HashMap<String, usize>,
    /// The totals (the report's, which are those of its verdicts).
    pub(crate) tally: Tally,
    /// The counts per area, areas in order of first appearance.
    pub(crate) areas: Vec<(String, Tally)>,
    /// The share of mutants this engine's run killed, where known. A run report carries none
    /// (there are no mutants yet), so it is `None` and the site says "not measured"; when a
    /// report carries one, this is where it goes, and the index shows it.
    pub(crate) mutation_score: Option<f64>,
}

impl EngineRun {
    /// This engine's verdict on case `id`, if it ran it.
    pub(crate) fn verdict(&self, id: &str) -> Option<&Verdict> {
        self.by_id
            .get(id)
            .map(|&i| &self.report.verdicts[i].verdict)
    }

    /// The verdicts, in the report's order.
    pub(crate) fn verdicts(&self) -> impl Iterator<Item = &Verdict> {
        self.report.verdicts()
    }

    /// Where the run stopped, if a signal stopped it.
    pub(crate) fn interrupted(&self) -> Option<&Interruption> {
        self.report.interrupted.as_ref()
    }
}

/// A case of the site: what the reports say of it, and the case itself when the catalogue
/// has it.
pub(crate) struct SiteCase<'c> {
    pub(crate) id: String,
    pub(crate) area: String,
    pub(crate) title: String,
    pub(crate) rule: String,
    /// `file:line`, as the first report gives it.
    pub(crate) place: String,
    pub(crate) loaded: Option<&'c LoadedCase>,
    /// The case's FEN and moves as the first report carries them (none in a report written
    /// before they were), for a case the catalogue does not have.
    pub(crate) fen: Option<String>,
    pub(crate) moves: Vec<String>,
    /// The game it is played in: the catalogue's case's, else the first report's (standard in
    /// a report written before it was carried). Its FEN and moves are read in it.
    pub(crate) variant: Variant,
    /// Where its page is, from the site's folder (`cases/castling-1.html#castling/x`): only a
    /// case some engine fails or errs has one, a section of its area's sheet.
    pub(crate) link: Option<String>,
}

/// A page of an area's failing cases: at most [`SHEET`] of them, each a section with an anchor.
pub(crate) struct Sheet {
    /// From the site's folder: `cases/castling-1.html`.
    pub(crate) file: String,
    pub(crate) area: String,
    /// Its place among its area's sheets (from 1), and how many the area has.
    pub(crate) number: usize,
    pub(crate) of: usize,
    /// Its cases, as places in [`Site::cases`].
    pub(crate) cases: Vec<usize>,
}

/// Failing cases per sheet: a case's section is 5 to 15 kB (two boards, a column per engine),
/// so a sheet stays under a megabyte while the whole catalogue's failures against every
/// engine (about 4,400 cases) take about a hundred files.
pub(crate) const SHEET: usize = 40;

/// A case's position as its page shows it: the FEN and moves, and, after a history, the FEN it
/// reaches (`Err`: why it cannot be replayed).
pub(crate) struct Position<'a> {
    pub(crate) fen: &'a str,
    pub(crate) moves: &'a [String],
    pub(crate) reached: Option<Result<String, String>>,
}

impl SiteCase<'_> {
    /// The case's FEN and moves: the catalogue's, with the position its history reaches as the
    /// load found it (no replay); else the report's, replayed here, the one replay of a case
    /// the catalogue does not have.
    pub(crate) fn position(&self) -> Option<Position<'_>> {
        let (fen, moves, reached): (&str, &[String], _) = match (self.loaded, &self.fen) {
            (Some(loaded), _) => {
                let reached = || {
                    loaded
                        .fen_reached()
                        .map(str::to_owned)
                        .ok_or_else(|| format!("invalid FEN: `{}` is not set up", loaded.case.fen))
                };
                (
                    &loaded.case.fen,
                    &loaded.case.moves,
                    history(&loaded.case.moves, reached),
                )
            }
            (None, Some(fen)) => {
                let reached = || {
                    chess_conformance::replay::Replay::in_variant(self.variant, fen, &self.moves)
                        .map(|replay| replay.fen())
                        .map_err(|e| e.to_string())
                };
                (fen, &self.moves, history(&self.moves, reached))
            }
            (None, None) => return None,
        };
        Some(Position {
            fen,
            moves,
            reached,
        })
    }
}

/// `reached()` when there is a history, else nothing.
fn history(
    moves: &[String],
    reached: impl FnOnce() -> Result<String, String>,
) -> Option<Result<String, String>> {
    (!moves.is_empty()).then(reached)
}

/// Everything the pages are made from.
pub(crate) struct Site<'c> {
    pub(crate) engines: Vec<EngineRun>,
    /// Every case of any report, in order of first appearance.
    pub(crate) cases: Vec<SiteCase<'c>>,
    /// The rule areas, in order of first appearance.
    pub(crate) areas: Vec<String>,
    /// Where the cases were looked up: `the built-in catalogue` or the `--cases` paths.
    pub(crate) catalogue: String,
    /// Per rule area, how many of its cases are Chess960 and how many it has.
    chess960: HashMap<String, (usize, usize)>,
    /// Each area's page, from the site's folder (`areas/castling.html`).
    area_files: HashMap<String, String>,
    /// The pages of failing cases, area by area.
    pub(crate) sheets: Vec<Sheet>,
    /// Each case's place in `cases`.
    case_index: HashMap<String, usize>,
}

impl Site<'_> {
    /// What an area's cases are played in, when some are not standard chess: `Chess960` when
    /// all of them are, `3 of 40 cases Chess960` when some are; `None` when all are standard.
    pub(crate) fn area_variant(&self, area: &str) -> Option<String> {
        match self.chess960.get(area) {
            Some(&(n, all)) if n == all => Some(Variant::Chess960.title().to_owned()),
            Some(&(n, all)) if n > 0 => Some(format!(
                "{n} of {} {}",
                plural(all, "case"),
                Variant::Chess960.title()
            )),
            _ => None,
        }
    }

    /// Case `id`, if some report has it.
    pub(crate) fn case(&self, id: &str) -> Option<&SiteCase<'_>> {
        self.case_index.get(id).map(|&i| &self.cases[i])
    }

    /// An area's page, from the site's folder: `areas/castling.html`.
    pub(crate) fn area_file(&self, area: &str) -> &str {
        self.area_files
            .get(area)
            .map_or("index.html", String::as_str)
    }

    /// An area's bounded, unique name in the site's files: its page's (`areas/NAME.html`), its
    /// badges' (`badges/ENGINE/NAME.svg`).
    pub(crate) fn area_name(&self, area: &str) -> &str {
        let file = self.area_file(area);
        file.strip_prefix("areas/")
            .and_then(|f| f.strip_suffix(".html"))
            .unwrap_or(file)
    }

    /// Whether some engine fails or errs case `id`: such a case has a page.
    fn fails_somewhere(engines: &[EngineRun], id: &str) -> bool {
        engines.iter().any(|e| {
            e.verdict(id)
                .is_some_and(|v| matches!(v.outcome, Outcome::Fail | Outcome::Error))
        })
    }
}

pub fn report(args: &ReportArgs) -> Result<ExitCode, BadInput> {
    // The arguments and the reports first (quick), then the folder, then the catalogue.
    let mut engines: Vec<EngineRun> = Vec::new();
    for path in &args.reports {
        let run = read_report(path)?;
        if let Some(other) = engines.iter().find(|e| e.identity == run.identity) {
            return Err(BadInput(format!(
                "{} and {} both report {}: give one report per engine",
                other.file.display(),
                path.display(),
                run.identity
            )));
        }
        engines.push(run);
    }
    let mut taken: Vec<String> = Vec::new();
    for engine in &mut engines {
        engine.slug = unique(bounded(&engine.identity, "engine"), &mut taken);
    }
    let target = Target::new(&args.html)?;
    // An interrupt from here on stops the work before the writing or between pages: what was
    // written is removed, and `DIR` is left as it was. (The folder the site is built in is made
    // only after the catalogue's load, so that a kill during the load leaves nothing.)
    crate::interrupt::watch();
    let (catalogue, source) = if args.cases.is_empty() {
        let areas = areas_of(&engines);
        (builtin_areas(&areas)?, "the built-in catalogue".to_owned())
    } else {
        let loaded = Catalogue::load(&args.cases).map_err(|errors| {
            BadInput(format!(
                "{errors}\n\nthe cases given with --cases have errors; no site was written"
            ))
        })?;
        let shown: Vec<String> = args.cases.iter().map(|p| p.display().to_string()).collect();
        (loaded, shown.join(", "))
    };
    let site = Site::new(engines, &catalogue, source);
    let written = match crate::interrupt::caught() {
        Some(_) => Ok(0),
        None => target
            .start()
            .and_then(|()| html::write(&site, target.building())),
    };
    if let Some(signal) = crate::interrupt::caught() {
        target.abandon();
        crate::print::err(format_args!(
            "INTERRUPTED by {}: no site was written; {} is as it was\n",
            crate::interrupt::name(signal),
            args.html.display()
        ));
        return Ok(ExitCode::from(crate::interrupt::exit_code(signal)));
    }
    let written = match written {
        Ok(n) => n,
        Err(e) => {
            target.abandon();
            return Err(BadInput(format!(
                "{}: cannot write the site: {e}",
                args.html.display()
            )));
        }
    };
    target.finish().map_err(|e| {
        let hint = if e.kind() == std::io::ErrorKind::ResourceBusy {
            " (the folder is in use and cannot be replaced: give a folder inside it)"
        } else {
            ""
        };
        BadInput(format!(
            "{}: cannot write the site: {e}{hint}",
            args.html.display()
        ))
    })?;
    let missing = site.cases.iter().filter(|c| c.position().is_none()).count();
    crate::print::err(format_args!(
        "wrote {} to {} ({}, {}): open {}{}\n",
        plural(written, "page"),
        args.html.display(),
        plural(site.cases.len(), "case"),
        plural(site.engines.len(), "engine"),
        args.html.join("index.html").display(),
        if missing > 0 {
            format!(
                "; {} not in {}, drawn without a board",
                plural(missing, "case"),
                site.catalogue
            )
        } else {
            String::new()
        }
    ));
    Ok(ExitCode::SUCCESS)
}

/// The areas the reports have, each once.
fn areas_of(engines: &[EngineRun]) -> Vec<String> {
    let mut areas: Vec<String> = Vec::new();
    for engine in engines {
        for (area, _) in &engine.areas {
            if !areas.contains(area) {
                areas.push(area.clone());
            }
        }
    }
    areas
}

/// The built-in cases of `areas` (for one area only its file is read). An area the catalogue
/// does not have (a report of `--cases` files) adds nothing: its cases are shown without a board.
fn builtin_areas(areas: &[String]) -> Result<Catalogue, BadInput> {
    // One area, or the whole catalogue: reading every file once is quicker than once per area.
    let loaded = match areas {
        [area] => Catalogue::builtin_selected(Some(&format!("{area}/")), None),
        _ => Catalogue::builtin(),
    };
    loaded.map_err(|errors| BadInput(format!("{errors}\n\nthe built-in catalogue has errors")))
}

impl<'c> Site<'c> {
    fn new(engines: Vec<EngineRun>, catalogue: &'c Catalogue, source: String) -> Site<'c> {
        let by_id: HashMap<&str, &LoadedCase> = catalogue
            .cases()
            .iter()
            .map(|c| (c.case.id.as_str(), c))
            .collect();
        let mut cases: Vec<SiteCase<'c>> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        let areas = areas_of(&engines);
        for engine in &engines {
            for line in &engine.report.verdicts {
                let verdict = &line.verdict;
                if !seen.insert(verdict.id.clone()) {
                    continue;
                }
                let loaded = by_id.get(verdict.id.as_str()).copied();
                cases.push(SiteCase {
                    id: verdict.id.clone(),
                    area: verdict.area.clone(),
                    title: line.title.clone(),
                    rule: line.rule.clone(),
                    place: format!("{}:{}", line.file, line.line),
                    loaded,
                    fen: line.fen.clone(),
                    moves: line.moves.clone(),
                    variant: loaded.map_or(line.variant, |c| c.case.variant()),
                    link: None,
                });
            }
        }
        // Each area's page, and its failing cases in sheets of at most SHEET.
        let mut taken: Vec<String> = Vec::new();
        let mut area_files = HashMap::new();
        let mut sheets: Vec<Sheet> = Vec::new();
        for area in &areas {
            let name = unique(bounded(area, "area"), &mut taken);
            area_files.insert(area.clone(), format!("areas/{name}.html"));
            let failing: Vec<usize> = (0..cases.len())
                .filter(|&i| {
                    &cases[i].area == area && Self::fails_somewhere(&engines, &cases[i].id)
                })
                .collect();
            let of = failing.len().div_ceil(SHEET);
            for (n, chunk) in failing.chunks(SHEET).enumerate() {
                let file = format!("cases/{name}-{}.html", n + 1);
                for &i in chunk {
                    cases[i].link = Some(format!("{file}#{}", anchor_of(&cases[i].id)));
                }
                sheets.push(Sheet {
                    file,
                    area: area.clone(),
                    number: n + 1,
                    of,
                    cases: chunk.to_vec(),
                });
            }
        }
        let case_index = cases
            .iter()
            .enumerate()
            .map(|(i, c)| (c.id.clone(), i))
            .collect();
        let mut chess960: HashMap<String, (usize, usize)> = HashMap::new();
        for case in &cases {
            let counts = chess960.entry(case.area.clone()).or_default();
            counts.0 += usize::from(case.variant == Variant::Chess960);
            counts.1 += 1;
        }
        Site {
            engines,
            cases,
            areas,
            catalogue: source,
            chess960,
            area_files,
            sheets,
            case_index,
        }
    }
}

/// Reads one report, strictly (`report_file.rs`: the errors name the file).
fn read_report(path: &Path) -> Result<EngineRun, BadInput> {
    let report = crate::report_file::read(path)?;
    let by_id = report
        .verdicts()
        .enumerate()
        .map(|(i, v)| (v.id.clone(), i))
        .collect();
    Ok(EngineRun {
        identity: report.engine.to_string(),
        slug: String::new(),
        file: path.to_owned(),
        by_id,
        tally: report.summary,
        areas: report.by_area(),
        report,
        mutation_score: None,
    })
}

/// A case's anchor in its sheet, from its id: `castling/kingside-legal` is itself. A character
/// other than a lower-case letter, a digit, `-`, `_`, `/` or a `.` not first in a part of the
/// id is written `~` and its code in hex, so that any id (a report is input) is a fragment
/// that needs no escaping and distinct ids have distinct anchors. It is no file name: an id of
/// any length, or `x` beside `x.html/y`, cannot break the site.
pub(crate) fn anchor_of(id: &str) -> String {
    let mut out = String::new();
    for (i, part) in id.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        if part.is_empty() {
            out.push('~');
        }
        for (j, c) in part.chars().enumerate() {
            let plain = c.is_ascii_lowercase()
                || c.is_ascii_digit()
                || c == '-'
                || c == '_'
                || (c == '.' && j > 0);
            if plain {
                out.push(c);
            } else {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    out.push_str(&format!("~{b:02x}"));
                }
            }
        }
    }
    out
}

/// The site's folder while it is written, and its replacement of `DIR`.
struct Target {
    dir: PathBuf,
    building: PathBuf,
    /// Whether the site is moved into `DIR` file by file instead of renamed over it: for a
    /// folder that cannot be renamed (a mount point, `.`, `..`, `/`), where the site is built
    /// inside it.
    in_place: bool,
}

/// A file in a folder this command wrote: a folder with it may be replaced.
const MARKER: &str = ".chess-conformance-site";

impl Target {
    /// Checks `dir` (absent, empty, or a site this command wrote), removes what an earlier
    /// `report` killed before its end left beside it, and chooses the folder the site is
    /// written into ([`Target::start`] makes it): beside `dir`, or inside it when `dir` cannot
    /// be renamed.
    fn new(dir: &Path) -> Result<Target, BadInput> {
        // A symbolic link is followed: its target is replaced, the link kept (issue 28, 5).
        let followed = crate::write::follow_links(dir)
            .map_err(|e| BadInput(format!("{}: cannot write the site: {e}", dir.display())))?;
        let dir = followed.as_path();
        let shown = dir.display();
        let fail = |e: std::io::Error| BadInput(format!("{shown}: cannot write the site: {e}"));
        let in_place = dir.is_dir() && fixed(dir);
        let (parent, name) = match (in_place, dir.file_name()) {
            (false, Some(name)) => (
                match dir.parent() {
                    Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
                    _ => PathBuf::from("."),
                },
                name.to_string_lossy().into_owned(),
            ),
            _ => (dir.to_owned(), "site".to_owned()),
        };
        let removed = remove_stale(&parent, &name);
        if removed > 0 {
            crate::print::err(format_args!(
                "removed {} left in {} by a `report` that did not end (its process is gone)\n",
                plural(removed, "unfinished site folder"),
                parent.display()
            ));
        }
        if dir.exists() {
            if !dir.is_dir() {
                return Err(BadInput(format!(
                    "{shown}: cannot write the site: not a folder"
                )));
            }
            let empty = std::fs::read_dir(dir).map_err(fail)?.next().is_none();
            if !empty && !dir.join(MARKER).is_file() {
                return Err(BadInput(format!(
                    "{shown}: cannot write the site: the folder has files and is not a site \
                     this command wrote (no {MARKER}); give a new or an empty folder"
                )));
            }
        }
        let building = parent.join(format!(".{name}.building-{}", std::process::id()));
        // Whether the folder beside it can be made, before the catalogue is loaded.
        if !parent.is_dir() {
            std::fs::create_dir_all(&parent).map_err(fail)?;
        }
        Ok(Target {
            dir: dir.to_owned(),
            building,
            in_place,
        })
    }

    /// Makes the folder the site is written into, with the marker of a site.
    fn start(&self) -> std::io::Result<()> {
        std::fs::create_dir(&self.building)
            .and_then(|()| std::fs::write(self.building.join(MARKER), MARKER_TEXT))
            .inspect_err(|_| self.abandon())
    }

    fn building(&self) -> &Path {
        &self.building
    }

    /// Removes what was written.
    fn abandon(&self) {
        let _ = std::fs::remove_dir_all(&self.building);
    }

    /// Puts the new site in place of `DIR`, and removes the old one.
    fn finish(&self) -> std::io::Result<()> {
        if self.in_place {
            return self.move_in();
        }
        let old = self.building.with_file_name(
            self.building
                .file_name()
                .map(|n| n.to_string_lossy().replace(".building-", ".old-"))
                .unwrap_or_default(),
        );
        let result = (|| {
            // Only a folder this command moved aside is removed after: one of that name made
            // by someone else (a process of the same id, long gone) is not ours to remove.
            let moved = self.dir.exists();
            if moved {
                std::fs::rename(&self.dir, &old)?;
            }
            if let Err(e) = std::fs::rename(&self.building, &self.dir) {
                // The old site back where it was.
                if moved {
                    let _ = std::fs::rename(&old, &self.dir);
                }
                return Err(e);
            }
            Ok(moved)
        })();
        match result {
            Ok(moved) => {
                if moved {
                    let _ = std::fs::remove_dir_all(&old);
                }
                Ok(())
            }
            Err(e) => {
                self.abandon();
                Err(e)
            }
        }
    }

    /// For a folder that cannot be renamed: the old site's files removed from it (it is empty
    /// or a site this command wrote), then the new ones moved in from the folder built inside
    /// it. Not atomic, as no rename over a mount point can be.
    fn move_in(&self) -> std::io::Result<()> {
        let result = (|| {
            for entry in std::fs::read_dir(&self.dir)? {
                let path = entry?.path();
                if path == self.building || is_stale_or_live_building(&path) {
                    continue;
                }
                if path.is_dir() && !path.is_symlink() {
                    std::fs::remove_dir_all(&path)?;
                } else {
                    std::fs::remove_file(&path)?;
                }
            }
            for entry in std::fs::read_dir(&self.building)? {
                let entry = entry?;
                std::fs::rename(entry.path(), self.dir.join(entry.file_name()))?;
            }
            std::fs::remove_dir(&self.building)
        })();
        if result.is_err() {
            self.abandon();
        }
        result
    }
}

/// Whether `dir` is a folder that cannot be renamed: `.`, `..` or `/` (no name of its own), or
/// a mount point (on another device than its parent, or its own parent).
fn fixed(dir: &Path) -> bool {
    if dir.file_name().is_none() {
        return true;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(own), Ok(up)) = (std::fs::metadata(dir), std::fs::metadata(dir.join(".."))) {
            return own.dev() != up.dev() || own.ino() == up.ino();
        }
    }
    false
}

/// Whether `path` is a `.NAME.building-PID` folder of any report (one inside a folder built in
/// place is left alone by the move).
fn is_stale_or_live_building(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.rsplit_once(".building-"))
        .is_some_and(|(_, pid)| pid.parse::<u32>().is_ok())
}

/// Removes, in `parent`, the folders `.NAME.building-PID` and `.NAME.old-PID` of a process that
/// is gone (killed by SIGKILL, or by a signal during the load): each holds the site's marker or
/// nothing. Only where the system lists its processes (`/proc`); the number removed.
fn remove_stale(parent: &Path, name: &str) -> usize {
    let proc = Path::new("/proc");
    if !proc.join("self").exists() {
        return 0;
    }
    let Ok(entries) = std::fs::read_dir(parent) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        let pid = [".building-", ".old-"].iter().find_map(|kind| {
            file.strip_prefix(&format!(".{name}{kind}"))
                .and_then(|pid| pid.parse::<u32>().ok())
        });
        let Some(pid) = pid else { continue };
        let path = entry.path();
        let ours = path.join(MARKER).is_file()
            || std::fs::read_dir(&path).is_ok_and(|mut d| d.next().is_none());
        if pid != std::process::id()
            && !proc.join(pid.to_string()).exists()
            && ours
            && !path.is_symlink()
            && std::fs::remove_dir_all(&path).is_ok()
        {
            removed += 1;
        }
    }
    removed
}

const MARKER_TEXT: &str = "A site written by `chess-conformance report --html`; the command \
replaces this folder whole.\n";

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder named as this process's old site would be, but not moved aside by it (made by
    /// someone else, or by a long-gone process of the same id), survives the site's finish.
    #[test]
    fn finishing_removes_only_an_old_site_it_moved_aside() {
        let parent = std::env::temp_dir().join(format!("cc-finish-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&parent);
        std::fs::create_dir_all(&parent).unwrap();
        let other = parent.join(format!(".site.old-{}", std::process::id()));
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(other.join("notes.txt"), "mine").unwrap();
        let Ok(target) = Target::new(&parent.join("site")) else {
            panic!("a new folder is a target")
        };
        target.start().unwrap();
        target.finish().unwrap();
        assert!(
            parent.join("site").join(MARKER).is_file(),
            "the site is in place"
        );
        assert!(
            other.join("notes.txt").is_file(),
            "a folder it did not move is kept"
        );
        std::fs::remove_dir_all(&parent).unwrap();
    }

    #[test]
    fn anchors_are_the_ids_and_need_no_escaping() {
        assert_eq!(
            anchor_of("castling/kingside-legal"),
            "castling/kingside-legal"
        );
        assert_eq!(anchor_of("perft/start.d3_x"), "perft/start.d3_x");
        // Input from a report: every character outside the plain ones is spelt out, and case
        // is kept apart.
        assert_eq!(anchor_of("../../etc"), "~2e./~2e./etc");
        assert_eq!(anchor_of("/etc/passwd"), "~/etc/passwd");
        assert_eq!(anchor_of("a/B"), "a/~42");
        assert_eq!(anchor_of("a/~42"), "a/~7e42");
        assert_eq!(anchor_of("a/<é>#"), "a/~3c~c3~a9~3e~23");
        assert_eq!(anchor_of("a//b"), "a/~/b");
    }
}
