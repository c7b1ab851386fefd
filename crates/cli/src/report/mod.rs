//! `chess-conformance report --html DIR REPORT.json...`: a static site from the JSON reports of
//! runs (`run --format json`), one per engine, that opens from `file://`.
//!
//! Reading (this file): each report strictly, by the core's own reader
//! ([`Report::from_json`]: an unknown field, a truncated file, a summary that does not add up,
//! an outcome its checks do not give are errors, here naming the file), an interrupted run's
//! included; the cases' sources and tags from the catalogue, their positions and histories from
//! it or, for a case it does not have, from the report. Writing: `html.rs` (the pages),
//! `case_page.rs` (a case's page), `board.rs` (the SVG boards). The site is written into a
//! folder beside `DIR` and renamed into place, so `DIR` holds a whole site or its previous one.

mod board;
mod case_page;
mod html;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chess_conformance::{Catalogue, LoadedCase, Tally, Variant, Verdict};
use chess_conformance::{Interruption, Report};
use clap::Args;

use crate::error::BadInput;
use crate::text::{plural, slug};

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
}

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
        engine.slug = unique(slug(&engine.identity, "engine"), &mut taken);
    }
    let target = Target::new(&args.html)?;
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
    // An interrupt stops the writing between pages: what was written is removed, and `DIR` is
    // left as it was.
    crate::interrupt::watch();
    let written = html::write(&site, target.building());
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
        BadInput(format!(
            "{}: cannot write the site: {e}",
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
                });
            }
        }
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
        }
    }
}

/// Reads one report, strictly ([`Report::from_json`]: the errors name the file).
fn read_report(path: &Path) -> Result<EngineRun, BadInput> {
    let shown = path.display();
    let text = std::fs::read(path).map_err(|e| BadInput(format!("{shown}: cannot read: {e}")))?;
    let report = Report::from_json(&text).map_err(|e| match e.place {
        Some(_) => BadInput(format!("{shown}:{e}")),
        None => BadInput(format!("{shown}: {e}")),
    })?;
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

/// `name`, or `name-2`, `name-3`... if it is taken; taken from then on.
fn unique(name: String, taken: &mut Vec<String>) -> String {
    let mut candidate = name.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{name}-{n}");
        n += 1;
    }
    taken.push(candidate.clone());
    candidate
}

/// The path of a case's page under the site, from its id: `castling/kingside-legal` is
/// `cases/castling/kingside-legal.html`. Each part of the id is a folder or the file name; a
/// character other than a lower-case letter, a digit, `-`, `_` or a `.` not first in its part
/// is written `~` and its code in hex, so that any id (a report is input) stays under
/// `cases/`, distinct ids have distinct paths, and case-insensitive file systems agree.
pub(crate) fn case_path(id: &str) -> String {
    let mut out = String::from("cases/");
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
    out.push_str(".html");
    out
}

/// The site's folder while it is written, and its replacement of `DIR`.
struct Target {
    dir: PathBuf,
    building: PathBuf,
}

/// A file in a folder this command wrote: a folder with it may be replaced.
const MARKER: &str = ".chess-conformance-site";

impl Target {
    /// Checks `dir` (absent, empty, or a site this command wrote) and makes the folder the site
    /// is written into, beside it.
    fn new(dir: &Path) -> Result<Target, BadInput> {
        let shown = dir.display();
        if dir.exists() {
            if !dir.is_dir() {
                return Err(BadInput(format!(
                    "{shown}: cannot write the site: not a folder"
                )));
            }
            let empty = std::fs::read_dir(dir)
                .map_err(|e| BadInput(format!("{shown}: cannot write the site: {e}")))?
                .next()
                .is_none();
            if !empty && !dir.join(MARKER).is_file() {
                return Err(BadInput(format!(
                    "{shown}: cannot write the site: the folder has files and is not a site \
                     this command wrote (no {MARKER}); give a new or an empty folder"
                )));
            }
        }
        let name = dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "site".to_owned());
        let parent = match dir.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
            _ => PathBuf::from("."),
        };
        let building = parent.join(format!(".{name}.building-{}", std::process::id()));
        std::fs::create_dir_all(&building)
            .and_then(|()| std::fs::write(building.join(MARKER), MARKER_TEXT))
            .map_err(|e| {
                let _ = std::fs::remove_dir_all(&building);
                BadInput(format!("{shown}: cannot write the site: {e}"))
            })?;
        Ok(Target {
            dir: dir.to_owned(),
            building,
        })
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
        let old = self.building.with_file_name(
            self.building
                .file_name()
                .map(|n| n.to_string_lossy().replace(".building-", ".old-"))
                .unwrap_or_default(),
        );
        let result = (|| {
            if self.dir.exists() {
                std::fs::rename(&self.dir, &old)?;
            }
            if let Err(e) = std::fs::rename(&self.building, &self.dir) {
                // The old site back where it was.
                let _ = std::fs::rename(&old, &self.dir);
                return Err(e);
            }
            Ok(())
        })();
        match result {
            Ok(()) => {
                let _ = std::fs::remove_dir_all(&old);
                Ok(())
            }
            Err(e) => {
                self.abandon();
                Err(e)
            }
        }
    }
}

const MARKER_TEXT: &str = "A site written by `chess-conformance report --html`; the command \
replaces this folder whole.\n";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_paths_are_the_ids_and_stay_under_cases() {
        assert_eq!(
            case_path("castling/kingside-legal"),
            "cases/castling/kingside-legal.html"
        );
        assert_eq!(case_path("perft/start.d3_x"), "cases/perft/start.d3_x.html");
        assert_eq!(case_path("a/b/c"), "cases/a/b/c.html");
        // Input from a report: nothing climbs out, nothing is absolute, case is kept apart.
        assert_eq!(case_path("../../etc"), "cases/~2e./~2e./etc.html");
        assert_eq!(case_path("a/.."), "cases/a/~2e..html");
        assert_eq!(case_path("/etc/passwd"), "cases/~/etc/passwd.html");
        assert_eq!(case_path("a/B"), "cases/a/~42.html");
        assert_eq!(case_path("a/~42"), "cases/a/~7e42.html");
        assert_eq!(case_path("a/<é>"), "cases/a/~3c~c3~a9~3e.html");
        assert_eq!(case_path("a//b"), "cases/a/~/b.html");
    }

    #[test]
    fn engine_slugs_are_unique() {
        let mut taken = Vec::new();
        assert_eq!(unique("a".into(), &mut taken), "a");
        assert_eq!(unique("a".into(), &mut taken), "a-2");
        assert_eq!(unique("a".into(), &mut taken), "a-3");
    }
}
