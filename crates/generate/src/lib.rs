//! The generator: `generated/` from `cases/` and fixed seeds.
//!
//! The hand-written catalogue states each rule once, in a textbook position. The generator turns
//! it into thousands of positions:
//!
//! - [`symmetry`]: the colour-flipped and file-mirrored twin of every hand-written case whose
//!   rule allows it; a case that has no twin is listed in the report with the reason.
//! - [`twin960`]: the Chess960 reading of every standard castling case whose answers do not
//!   rest on standard chess alone (castling written as the king taking its rook).
//! - [`divide`]: perft divides of the hand-written perft positions, one case per move
//!   (Chess960's in the area `chess960`).
//! - [`mine`]: cases mined from seeded random games and positions, pattern by pattern.
//!
//! Each generated case is named by its content ([`ids`]), written to `generated/<area>.yaml` in
//! the ordinary case format, loaded back through the strict loader and checked against the
//! reference engine: a case the reference does not pass is a bug in the generator (or in the
//! hand-written case it came from) and stops the generation. The output is a pure function of
//! `cases/` and the seeds: no clock, no hash-map order, no floating point, so the same bytes come
//! out on every run and every machine, and `generate --check` can compare them with what is
//! committed. The exports ([`export`]: JSON per area, EPD of the perft cases, Chess960's apart) and the JSON Schema
//! of the case format ([`schema`]) are written beside them.

mod area;
pub mod divide;
pub mod export;
mod files;
pub mod ids;
pub mod mine;
mod report;
pub mod schema;
pub mod symmetry;
pub mod twin960;
mod validate;
pub mod version;
mod yaml;

pub use area::{AREAS, Area};
pub use files::{MANIFEST, Temporary, apart, stale, temporaries, write};
pub use report::report;
pub use validate::validate;
pub use yaml::yaml_file;

use std::collections::BTreeMap;
use std::path::Path;

use chess_conformance::case::Case;
use chess_conformance::catalogue::{Catalogue, LoadedCase, Origin, Source};
use chess_conformance::{Outcome, Reference};
use symmetry::Symmetry;

/// What became of one hand-written case under one symmetry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Twin {
    /// A twin was generated with this id.
    Generated(String),
    /// The twin says exactly what this hand-written case says already.
    HandWritten(String),
    /// The twin says exactly what this generated case says already.
    Duplicate(String),
    /// No twin, for this reason.
    Impossible(String),
    /// A twin true by the rules that the reference cannot confirm (its winnability analyzer
    /// answers undetermined within its budget), for this reason: not written, since every
    /// generated case passes against the reference, and listed in the report.
    Unconfirmed(String),
}

/// The twins of one hand-written case.
#[derive(Debug, Clone)]
pub struct TwinRecord {
    /// The hand-written case.
    pub id: String,
    /// The symmetry.
    pub symmetry: Symmetry,
    /// What became of its twin.
    pub twin: Twin,
}

/// Everything the generator made, before it is written.
#[derive(Debug, Clone, Default)]
pub struct Generation {
    /// Generated cases by rule area, in output order.
    pub areas: BTreeMap<String, Vec<Case>>,
    /// The generator of each generated case (`flip`, `mirror`, `chess960-twin`, `divide`,
    /// `mined`), by id.
    pub generator: BTreeMap<String, &'static str>,
    /// Every hand-written case under every symmetry.
    pub twins: Vec<TwinRecord>,
    /// Every hand-written standard castling case read as Chess960 ([`twin960`]): its id and
    /// what became of its twin.
    pub chess960_twins: Vec<(String, Twin)>,
    /// Cases made twice (same content) and kept once, by generator.
    pub duplicates: BTreeMap<&'static str, usize>,
    /// The number of hand-written cases per area.
    pub hand_written: BTreeMap<String, usize>,
}

/// Why the generation failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateError(pub String);

impl std::fmt::Display for GenerateError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenerateError {}

/// The files of `generated/`: relative path to bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Output {
    /// Every file, by path relative to the output folder (`/`-separated).
    pub files: BTreeMap<String, Vec<u8>>,
}

/// Runs `work` for each item on up to two threads (the machines this runs on have two cores),
/// returning the results in the items' order.
fn parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 4);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<R>>> =
        items.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    let Some(item) = items.get(i) else { break };
                    let r = work(item);
                    *results[i]
                        .lock()
                        .expect("no worker panics while holding it") = Some(r);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .expect("no worker panicked")
                .expect("every item was worked on")
        })
        .collect()
}

/// Generates the cases of every area from the hand-written cases of `hand`.
///
/// # Errors
///
/// A generated case that the loader refuses or the reference does not pass, or two generated
/// cases whose ids collide.
pub fn generate(hand: &Catalogue) -> Result<Generation, GenerateError> {
    let hand_cases: Vec<&LoadedCase> = hand
        .cases()
        .iter()
        .filter(|c| c.origin == Origin::HandWritten)
        .collect();
    let mut cases = Kept::default();
    for c in &hand_cases {
        cases
            .hand_written
            .entry(ids::content_key(&c.case))
            .or_insert_with(|| c.case.id.clone());
    }
    for area in AREAS {
        let n = hand_cases.iter().filter(|c| c.case.area() == area).count();
        cases.generation.hand_written.insert(area.to_owned(), n);
    }

    // The expensive part, area by area on both cores: mining and the perft divides.
    let plain: Vec<&Case> = hand_cases.iter().map(|c| &c.case).collect();
    let made: Vec<(Vec<Case>, Vec<Case>)> = parallel(&AREAS, |area| {
        let divides = match *area {
            "perft" => divide::divides(&plain, chess_conformance::Variant::Standard),
            "chess960" => divide::divides(&plain, chess_conformance::Variant::Chess960),
            _ => Vec::new(),
        };
        let area = Area::from_name(area).expect("every name of AREAS is an area");
        (divides, area.mine())
    });

    for (area, (divides, mined)) in AREAS.iter().zip(made) {
        cases
            .generation
            .areas
            .entry((*area).to_owned())
            .or_default();
        for symmetry in Symmetry::ALL {
            for c in hand_cases.iter().filter(|c| c.case.area() == *area) {
                cases.twin(area, &c.case, symmetry)?;
            }
        }
        if *area == "castling" {
            for c in hand_cases.iter().filter(|c| c.case.area() == *area) {
                cases.chess960_twin(area, &c.case)?;
            }
        }
        for case in divides {
            cases.add(area, "divide", case)?;
        }
        for case in mined {
            cases.add(area, "mined", case)?;
        }
    }
    Ok(cases.generation)
}

/// The generation as it is made: every case kept once, by content.
#[derive(Default)]
struct Kept {
    generation: Generation,
    /// The content of each hand-written case, to its id.
    hand_written: BTreeMap<String, String>,
    /// The content of each generated case kept, to its id.
    generated: BTreeMap<String, String>,
}

impl Kept {
    /// Keeps a generated case, named by its content, unless a case says the same already.
    fn add(
        &mut self,
        area: &str,
        generator: &'static str,
        mut case: Case,
    ) -> Result<Twin, GenerateError> {
        let key = ids::content_key(&case);
        let g = &mut self.generation;
        if let Some(id) = self.hand_written.get(&key) {
            *g.duplicates.entry(generator).or_default() += 1;
            return Ok(Twin::HandWritten(id.clone()));
        }
        if let Some(id) = self.generated.get(&key) {
            *g.duplicates.entry(generator).or_default() += 1;
            return Ok(Twin::Duplicate(id.clone()));
        }
        case.id = ids::case_id(area, generator, &case);
        if g.generator.contains_key(&case.id) {
            return Err(GenerateError(format!(
                "two different generated cases have the id `{}`: the content hash collided; \
                 change the seed text or lengthen the hash",
                case.id
            )));
        }
        self.generated.insert(key, case.id.clone());
        g.generator.insert(case.id.clone(), generator);
        let id = case.id.clone();
        g.areas.entry(area.to_owned()).or_default().push(case);
        Ok(Twin::Generated(id))
    }

    /// The twin of a hand-written case under `symmetry`, kept, and what became of it recorded.
    fn twin(&mut self, area: &str, case: &Case, symmetry: Symmetry) -> Result<(), GenerateError> {
        let twin = match symmetry::twin(case, symmetry) {
            Ok(t) => match unconfirmed(&t) {
                Some(why) => Twin::Unconfirmed(why),
                None => self.add(area, symmetry.name(), t)?,
            },
            Err(symmetry::NoTwin::Asymmetric(why)) => Twin::Impossible(why),
            Err(symmetry::NoTwin::Broken(why)) => {
                return Err(GenerateError(format!(
                    "{why} (a bug in the generator or in the case)"
                )));
            }
        };
        self.generation.twins.push(TwinRecord {
            id: case.id.clone(),
            symmetry,
            twin,
        });
        Ok(())
    }
}

impl Kept {
    /// The Chess960 reading of a standard case ([`twin960`]), kept, and what became of it
    /// recorded.
    fn chess960_twin(&mut self, area: &str, case: &Case) -> Result<(), GenerateError> {
        let twin = match twin960::twin(case) {
            Ok(t) => self.add(area, twin960::GENERATOR, t)?,
            Err(symmetry::NoTwin::Asymmetric(why)) => Twin::Impossible(why),
            Err(symmetry::NoTwin::Broken(why)) => {
                return Err(GenerateError(format!(
                    "{why} (a bug in the generator or in the case)"
                )));
            }
        };
        self.generation.chess960_twins.push((case.id.clone(), twin));
        Ok(())
    }
}

/// Why the reference cannot confirm a twin, when the only assertions it does not pass are
/// `winnable` ones it answers `undetermined`: the analyzer proves what it answers, but its
/// searches are not symmetric, so a helpmate it finds in a position it may miss in the twin
/// within the same budget. Any other failure is left to [`validate`], which stops the
/// generation.
fn unconfirmed(twin: &Case) -> Option<String> {
    twin.expect.winnable?;
    let loaded = chess_conformance::catalogue::LoadedCase::new(twin.clone()).ok()?;
    let verdict = chess_conformance::check(&mut Reference::new(), &loaded);
    let failures: Vec<_> = verdict.failures().collect();
    let undecided = |c: &&chess_conformance::Check| {
        c.assertion.starts_with("winnable") && c.actual == "undetermined"
    };
    if verdict.outcome != Outcome::Fail || failures.is_empty() || !failures.iter().all(undecided) {
        return None;
    }
    let sides: Vec<&str> = failures
        .iter()
        .map(|c| c.assertion.trim_start_matches("winnable").trim())
        .collect();
    Some(format!(
        "the reference's winnability analyzer answers `undetermined` for {} in the twin within \
         its budget ({} nodes), though the twin of a helpmate is a helpmate",
        sides.join(" and "),
        thousands(chess_conformance::winnable::Budget::DEFAULT.nodes)
    ))
}

/// `200000` as `200,000`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Generates everything from the case files under `cases`: the generated YAML, the JSON Schema,
/// the JSON and EPD exports and the report, each checked as [`validate`] says.
///
/// # Errors
///
/// A hand-written catalogue that does not load, or any error of [`generate`] and [`validate`].
pub fn build(cases: &Path) -> Result<(Output, Generation), GenerateError> {
    let sources = hand_sources(cases)?;
    let hand = Catalogue::from_sources(sources.clone(), retired_sources(cases))
        .map_err(|e| GenerateError(format!("the hand-written catalogue does not load:\n{e}")))?;
    let generation = generate(&hand)?;
    let yaml: BTreeMap<String, String> = generation
        .areas
        .iter()
        .map(|(area, cases)| (area.clone(), yaml_file(area, cases)))
        .collect();
    // The exports name the version of the cases they carry.
    let version = version::folder_version(cases).map_err(GenerateError)?;
    let all = validate(&sources, &generation, &yaml)?.versioned(Some(version), None);

    let mut output = Output::default();
    for (area, text) in &yaml {
        output
            .files
            .insert(format!("{area}.yaml"), text.clone().into_bytes());
    }
    output.files.insert(
        "schema/cases.schema.json".into(),
        schema::schema_json_of(Some(version)).into_bytes(),
    );
    for (name, bytes) in export::json_files(&all) {
        output.files.insert(format!("json/{name}"), bytes);
    }
    output.files.insert(
        "epd/perft.epd".into(),
        export::epd(&all, chess_conformance::Variant::Standard).into_bytes(),
    );
    output.files.insert(
        "epd/chess960.epd".into(),
        export::epd(&all, chess_conformance::Variant::Chess960).into_bytes(),
    );
    output
        .files
        .insert("REPORT.md".into(), report(&generation).into_bytes());
    Ok((output, generation))
}

/// The hand-written case files: every rule area of [`AREAS`], and no other (a new area must be
/// added to the table of areas, with its miner, rather than be left out silently).
fn hand_sources(cases: &Path) -> Result<Vec<Source>, GenerateError> {
    let entries = std::fs::read_dir(cases)
        .map_err(|e| GenerateError(format!("cannot read {}: {e}", cases.display())))?;
    for entry in entries.filter_map(Result::ok) {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".yaml") else {
            continue;
        };
        if name != chess_conformance::catalogue::RETIRED_FILE && !AREAS.contains(&stem) {
            return Err(GenerateError(format!(
                "{}: `{stem}` is not a rule area the generator knows; add it to \
                 the table of src/generate/area.rs, with its miner",
                entry.path().display()
            )));
        }
    }
    let mut out = Vec::new();
    for area in AREAS {
        let path = cases.join(format!("{area}.yaml"));
        // The bounded reader of every file the tool reads: a regular file, at most 16 MiB.
        let text = chess_conformance::InputFile::CASE_FILE
            .read(&path)
            .map_err(|e| GenerateError(format!("{}: {e}", path.display())))?;
        out.push(Source {
            name: format!("cases/{area}.yaml"),
            text,
        });
    }
    Ok(out)
}

fn retired_sources(cases: &Path) -> Vec<Source> {
    let path = cases.join(chess_conformance::catalogue::RETIRED_FILE);
    chess_conformance::InputFile::CASE_FILE
        .read(&path)
        .map(|text| {
            vec![Source {
                name: format!("cases/{}", chess_conformance::catalogue::RETIRED_FILE),
                text,
            }]
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::percent;
    use chess_conformance::StateName;
    use chess_conformance::case::After;
    use chess_conformance::case::Expect;

    fn sample() -> Case {
        Case {
            id: "perft/mined/0123456789ab".into(),
            title: "A title: with a colon, # a hash and \"quotes\" — and a dash".into(),
            rule: "3.10".into(),
            source: Some("somewhere".into()),
            tags: vec!["mined".into(), "x-y".into()],
            pieces: Vec::new(),
            variant: None,
            fen: "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".into(),
            moves: vec!["e2e4".into(), "e8d8".into()],
            expect: Expect {
                perft: Some([(1, 6), (2, 30)].into_iter().collect()),
                san: Some(
                    [("e1e2".to_owned(), "Ke2".to_owned())]
                        .into_iter()
                        .collect(),
                ),
                from_san: Some([("Kx9".to_owned(), None)].into_iter().collect()),
                state: Some(StateName::Ongoing),
                after: Some(vec![After {
                    mv: "e1e2".into(),
                    fen: "3k4/8/8/8/4P3/8/4K3/8 b - - 1 2".into(),
                    en_passant: Default::default(),
                    clocks: true,
                }]),
                ..Expect::default()
            },
        }
    }

    #[test]
    fn generated_yaml_reads_back_as_written_and_as_generated() {
        let case = sample();
        let text = yaml_file("perft", std::slice::from_ref(&case));
        assert!(text.starts_with("# yaml-language-server: $schema=schema/cases.schema.json\n"));
        let catalogue = Catalogue::from_sources(
            [Source {
                name: "generated/perft.yaml".into(),
                text,
            }],
            [],
        )
        .unwrap();
        let loaded = &catalogue.cases()[0];
        assert_eq!(loaded.case, case);
        assert_eq!(loaded.origin, Origin::Generated);
        assert_eq!(Origin::of_text("cases:\n"), Origin::HandWritten);
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(200_000), "200,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
    }

    #[test]
    fn percentages_round_to_a_tenth() {
        assert_eq!(percent(1, 3), "33.3 %");
        assert_eq!(percent(2, 3), "66.7 %");
        assert_eq!(percent(0, 0), "-");
    }
}
