//! The generator: `generated/` from `cases/` and fixed seeds.
//!
//! The hand-written catalogue states each rule once, in a textbook position. The generator turns
//! it into thousands of positions:
//!
//! - [`symmetry`]: the colour-flipped and file-mirrored twin of every hand-written case whose
//!   rule allows it; a case that has no twin is listed in the report with the reason.
//! - [`divide`]: perft divides of the hand-written perft positions, one case per move.
//! - [`mine`]: cases mined from seeded random games and positions, pattern by pattern.
//!
//! Each generated case is named by its content ([`ids`]), written to `generated/<area>.yaml` in
//! the ordinary case format, loaded back through the strict loader and checked against the
//! reference engine: a case the reference does not pass is a bug in the generator (or in the
//! hand-written case it came from) and stops the generation. The output is a pure function of
//! `cases/` and the seeds: no clock, no hash-map order, no floating point, so the same bytes come
//! out on every run and every machine, and `generate --check` can compare them with what is
//! committed. The exports ([`export`]: JSON per area, EPD of the perft cases) and the JSON Schema
//! of the case format ([`schema`]) are written beside them.

mod area;
pub mod divide;
pub mod export;
pub mod ids;
pub mod mine;
pub mod schema;
pub mod symmetry;

pub use area::{AREAS, Area};

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use chess_conformance::Reference;
use chess_conformance::case::{Case, Expect};
use chess_conformance::catalogue::{Catalogue, GENERATED_MARK, LoadedCase, Origin, Source};
use chess_conformance::verdict::Outcome;
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
    /// The generator of each generated case (`flip`, `mirror`, `divide`, `mined`), by id.
    pub generator: BTreeMap<String, &'static str>,
    /// Every hand-written case under every symmetry.
    pub twins: Vec<TwinRecord>,
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
    let mut known: BTreeMap<String, String> = BTreeMap::new();
    for c in &hand_cases {
        known
            .entry(ids::content_key(&c.case))
            .or_insert_with(|| c.case.id.clone());
    }
    let mut generation = Generation::default();
    for area in AREAS {
        let n = hand_cases.iter().filter(|c| c.case.area() == area).count();
        generation.hand_written.insert(area.to_owned(), n);
    }

    // The expensive part, area by area on both cores: mining and the perft divides.
    let plain: Vec<&Case> = hand_cases.iter().map(|c| &c.case).collect();
    let made: Vec<(Vec<Case>, Vec<Case>)> = parallel(&AREAS, |area| {
        let divides = if *area == "perft" {
            divide::divides(&plain)
        } else {
            Vec::new()
        };
        let area = Area::from_name(area).expect("every name of AREAS is an area");
        (divides, area.mine())
    });

    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    let mut add = |generation: &mut Generation,
                   area: &str,
                   generator: &'static str,
                   mut case: Case|
     -> Result<Twin, GenerateError> {
        let key = ids::content_key(&case);
        if let Some(id) = known.get(&key) {
            *generation.duplicates.entry(generator).or_default() += 1;
            return Ok(Twin::HandWritten(id.clone()));
        }
        if let Some(id) = seen.get(&key) {
            *generation.duplicates.entry(generator).or_default() += 1;
            return Ok(Twin::Duplicate(id.clone()));
        }
        case.id = ids::case_id(area, generator, &case);
        if generation.generator.contains_key(&case.id) {
            return Err(GenerateError(format!(
                "two different generated cases have the id `{}`: the content hash collided; \
                 change the seed text or lengthen the hash",
                case.id
            )));
        }
        seen.insert(key, case.id.clone());
        generation.generator.insert(case.id.clone(), generator);
        let id = case.id.clone();
        generation
            .areas
            .entry(area.to_owned())
            .or_default()
            .push(case);
        Ok(Twin::Generated(id))
    };

    for (area, (divides, mined)) in AREAS.iter().zip(made) {
        generation.areas.entry((*area).to_owned()).or_default();
        for symmetry in Symmetry::ALL {
            for c in hand_cases.iter().filter(|c| c.case.area() == *area) {
                let twin = match symmetry::twin(&c.case, symmetry) {
                    Ok(t) => match unconfirmed(&t) {
                        Some(why) => Twin::Unconfirmed(why),
                        None => add(&mut generation, area, symmetry.name(), t)?,
                    },
                    Err(symmetry::NoTwin::Asymmetric(why)) => Twin::Impossible(why),
                    Err(symmetry::NoTwin::Broken(why)) => {
                        return Err(GenerateError(format!(
                            "{why} (a bug in the generator or in the case)"
                        )));
                    }
                };
                generation.twins.push(TwinRecord {
                    id: c.case.id.clone(),
                    symmetry,
                    twin,
                });
            }
        }
        for case in divides {
            add(&mut generation, area, "divide", case)?;
        }
        for case in mined {
            add(&mut generation, area, "mined", case)?;
        }
    }
    Ok(generation)
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
    let undecided = |c: &&chess_conformance::verdict::Check| {
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

/// The text of `generated/<area>.yaml`.
pub fn yaml_file(area: &str, cases: &[Case]) -> String {
    let mut out = String::new();
    out.push_str("# yaml-language-server: $schema=schema/cases.schema.json\n");
    let _ = writeln!(
        out,
        "# {GENERATED_MARK} from cases/ and fixed seeds. Do not edit: run \
         `chess-conformance generate`."
    );
    let _ = writeln!(
        out,
        "description: {}",
        json_string(&format!(
            "Generated cases of the rule area `{area}`: symmetry twins of cases/{area}.yaml, \
             mined cases and perft divides, each named by the hash of its content."
        ))
    );
    out.push_str("cases:\n");
    for case in cases {
        write_case(&mut out, case);
    }
    out
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).expect("a string serializes")
}

/// A list of moves, squares or tags: plain scalars (they are `[a-z0-9-]`), in flow style.
fn plain_list(items: &[String]) -> String {
    let plain = items.iter().all(|s| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            && s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
    });
    if plain {
        format!("[{}]", items.join(", "))
    } else {
        serde_json::to_string(items).expect("strings serialize")
    }
}

fn write_case(out: &mut String, case: &Case) {
    let Case {
        id,
        title,
        rule,
        source,
        tags,
        fen,
        moves,
        expect,
    } = case;
    let _ = writeln!(out, "  - id: {id}");
    let _ = writeln!(out, "    title: {}", json_string(title));
    let _ = writeln!(out, "    rule: {}", json_string(rule));
    if let Some(source) = source {
        let _ = writeln!(out, "    source: {}", json_string(source));
    }
    if !tags.is_empty() {
        let _ = writeln!(out, "    tags: {}", plain_list(tags));
    }
    let _ = writeln!(out, "    fen: {}", json_string(fen));
    if !moves.is_empty() {
        let _ = writeln!(out, "    moves: {}", plain_list(moves));
    }
    let _ = writeln!(out, "    expect: {}", expect_flow(expect));
}

/// The expectation on one line, as a YAML flow mapping: JSON, except that the depths of
/// `perft` are written as integers (YAML keys), as the format reads them.
fn expect_flow(expect: &Expect) -> String {
    let value = serde_json::to_value(expect).expect("an expectation serializes");
    let mut out = String::new();
    flow(&mut out, &value, false);
    out
}

fn flow(out: &mut String, value: &serde_json::Value, integer_keys: bool) {
    match value {
        serde_json::Value::Object(map) => {
            out.push('{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if integer_keys {
                    out.push_str(k);
                } else {
                    out.push_str(&json_string(k));
                }
                out.push_str(": ");
                flow(out, v, k == "perft" && !integer_keys);
            }
            out.push('}');
        }
        serde_json::Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                flow(out, v, false);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

/// Loads the generated files back with the hand-written ones through the strict loader, checks
/// that they read back as generated, and runs every generated case against the reference: each
/// must pass, but for the twins of a case the reference is known to fail
/// ([`Baseline::reference`](chess_conformance::baseline::Baseline::reference)).
///
/// # Errors
///
/// Every load error, every case that does not read back as written, and every case the
/// reference does not pass, with its id.
pub fn validate(
    hand_sources: &[Source],
    generation: &Generation,
    yaml: &BTreeMap<String, String>,
) -> Result<Catalogue, GenerateError> {
    let sources = hand_sources
        .iter()
        .cloned()
        .chain(yaml.iter().map(|(area, text)| Source {
            name: format!("generated/{area}.yaml"),
            text: text.clone(),
        }));
    let catalogue = Catalogue::from_sources(sources, [])
        .map_err(|e| GenerateError(format!("the generated cases do not load:\n{e}")))?;
    let loaded: Vec<&LoadedCase> = catalogue
        .cases()
        .iter()
        .filter(|c| c.origin == Origin::Generated)
        .collect();
    let written: Vec<&Case> = generation.areas.values().flatten().collect();
    if loaded.len() != written.len() {
        return Err(GenerateError(format!(
            "{} cases were generated but {} read back",
            written.len(),
            loaded.len()
        )));
    }
    for (l, w) in loaded.iter().zip(&written) {
        if l.case != **w {
            return Err(GenerateError(format!(
                "case `{}` does not read back as it was written: a bug in the YAML writer",
                w.id
            )));
        }
    }
    // The twins of a case the reference is known to fail (baselines/reference-shakmaty.yaml):
    // the case is right and the reference wrong, so the twins may fail the same way.
    let reference_fails = chess_conformance::baseline::Baseline::reference();
    let known: std::collections::BTreeSet<&str> = generation
        .twins
        .iter()
        .filter(|t| reference_fails.known_failures.contains_key(&t.id))
        .filter_map(|t| match &t.twin {
            Twin::Generated(id) => Some(id.as_str()),
            _ => None,
        })
        .collect();
    let problems: Vec<Vec<String>> = parallel(&AREAS, |area| {
        let mut reference = Reference::new();
        let mut problems = Vec::new();
        for c in loaded.iter().filter(|c| c.case.area() == *area) {
            let verdict = chess_conformance::check(&mut reference, c);
            if verdict.outcome != Outcome::Pass && !known.contains(c.case.id.as_str()) {
                let mut text = format!("{}: {}", c.case.id, verdict.outcome);
                if let Some(source) = &c.case.source {
                    let _ = write!(text, " [{source}]");
                }
                if let Some(reason) = &verdict.reason {
                    let _ = write!(text, " ({reason})");
                }
                for check in verdict.failures() {
                    let _ = write!(
                        text,
                        "\n    {}: expected {}, actual {}",
                        check.assertion, check.expected, check.actual
                    );
                }
                problems.push(text);
            }
        }
        problems
    });
    let problems: Vec<String> = problems.into_iter().flatten().collect();
    if problems.is_empty() {
        Ok(catalogue)
    } else {
        Err(GenerateError(format!(
            "{} generated case{} did not pass against the reference (a bug in the generator or \
             in the hand-written case it came from):\n{}",
            problems.len(),
            if problems.len() == 1 { "" } else { "s" },
            problems.join("\n")
        )))
    }
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
    let all = validate(&sources, &generation, &yaml)?;

    let mut output = Output::default();
    for (area, text) in &yaml {
        output
            .files
            .insert(format!("{area}.yaml"), text.clone().into_bytes());
    }
    output.files.insert(
        "schema/cases.schema.json".into(),
        schema::schema_json().into_bytes(),
    );
    for (name, bytes) in export::json_files(&all) {
        output.files.insert(format!("json/{name}"), bytes);
    }
    output
        .files
        .insert("epd/perft.epd".into(), export::epd(&all).into_bytes());
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
        let text = std::fs::read_to_string(&path)
            .map_err(|e| GenerateError(format!("cannot read {}: {e}", path.display())))?;
        out.push(Source {
            name: format!("cases/{area}.yaml"),
            text,
        });
    }
    Ok(out)
}

fn retired_sources(cases: &Path) -> Vec<Source> {
    let path = cases.join(chess_conformance::catalogue::RETIRED_FILE);
    std::fs::read_to_string(&path)
        .map(|text| {
            vec![Source {
                name: format!("cases/{}", chess_conformance::catalogue::RETIRED_FILE),
                text,
            }]
        })
        .unwrap_or_default()
}

/// The generator's report: counts, twins, and every hand-written case without a twin with the
/// reason (`generated/REPORT.md`).
pub fn report(g: &Generation) -> String {
    let mut out = String::new();
    out.push_str("# Generated cases\n\n");
    let _ = writeln!(
        out,
        "Written by `chess-conformance generate` from `cases/` and fixed seeds; do not edit. \
         Every case below was loaded by the strict loader and passed against the reference \
         engine when it was generated.\n"
    );
    out.push_str("| area | hand-written | flip | mirror | divide | mined | generated |\n");
    out.push_str("|---|---:|---:|---:|---:|---:|---:|\n");
    let mut totals = [0usize; 6];
    for area in AREAS {
        let cases = g.areas.get(area).map_or(&[][..], |v| v.as_slice());
        let count = |name: &str| {
            cases
                .iter()
                .filter(|c| g.generator.get(&c.id).copied() == Some(name))
                .count()
        };
        let row = [
            g.hand_written.get(area).copied().unwrap_or(0),
            count("flip"),
            count("mirror"),
            count("divide"),
            count("mined"),
            cases.len(),
        ];
        for (t, r) in totals.iter_mut().zip(row) {
            *t += r;
        }
        let _ = writeln!(
            out,
            "| {area} | {} | {} | {} | {} | {} | {} |",
            row[0], row[1], row[2], row[3], row[4], row[5]
        );
    }
    let _ = writeln!(
        out,
        "| **all** | {} | {} | {} | {} | {} | **{}** |\n",
        totals[0], totals[1], totals[2], totals[3], totals[4], totals[5]
    );
    if !g.duplicates.is_empty() {
        let list: Vec<String> = g
            .duplicates
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(
            out,
            "Made twice and kept once (the same position, history and expectation as a case \
             already kept): {}.\n",
            list.join(", ")
        );
    }
    out.push_str("## Symmetry twins\n\n");
    for symmetry in Symmetry::ALL {
        let records: Vec<&TwinRecord> = g.twins.iter().filter(|t| t.symmetry == symmetry).collect();
        let generated = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::Generated(_)))
            .count();
        let hand = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::HandWritten(_)))
            .count();
        let dup = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::Duplicate(_)))
            .count();
        let unconfirmed = records
            .iter()
            .filter(|t| matches!(t.twin, Twin::Unconfirmed(_)))
            .count();
        let with = generated + hand + dup;
        let _ = writeln!(
            out,
            "- {}: {with} of {} hand-written cases have a twin ({}): {generated} generated, \
             {hand} already written by hand, {dup} the same as another case's twin; \
             {unconfirmed} more the reference cannot confirm (not written).",
            match symmetry {
                Symmetry::Flip => "Colour flip",
                Symmetry::Mirror => "File mirror",
            },
            records.len(),
            percent(with, records.len())
        );
    }
    out.push_str("\n| area | hand-written | flip twins | mirror twins |\n|---|---:|---:|---:|\n");
    for area in AREAS {
        let share = |symmetry: Symmetry| {
            let records: Vec<&TwinRecord> = g
                .twins
                .iter()
                .filter(|t| t.symmetry == symmetry && t.id.split('/').next() == Some(area))
                .collect();
            let with = records
                .iter()
                .filter(|t| {
                    matches!(
                        t.twin,
                        Twin::Generated(_) | Twin::HandWritten(_) | Twin::Duplicate(_)
                    )
                })
                .count();
            format!("{with} ({})", percent(with, records.len()))
        };
        let _ = writeln!(
            out,
            "| {area} | {} | {} | {} |",
            g.hand_written.get(area).copied().unwrap_or(0),
            share(Symmetry::Flip),
            share(Symmetry::Mirror)
        );
    }
    out.push_str("\n## Hand-written cases without a twin, and why\n\n");
    let mut reasons: BTreeMap<(&str, &str), BTreeSet<&str>> = BTreeMap::new();
    for t in &g.twins {
        if let Twin::Impossible(why) = &t.twin {
            reasons
                .entry((t.symmetry.name(), why.as_str()))
                .or_default()
                .insert(t.id.as_str());
        }
    }
    let mut unconfirmed: BTreeMap<(&str, &str), BTreeSet<&str>> = BTreeMap::new();
    for t in &g.twins {
        if let Twin::Unconfirmed(why) = &t.twin {
            unconfirmed
                .entry((t.symmetry.name(), why.as_str()))
                .or_default()
                .insert(t.id.as_str());
        }
    }
    for ((symmetry, why), ids) in reasons {
        let _ = writeln!(
            out,
            "- **{symmetry}**, {} case{}: {why}.",
            ids.len(),
            if ids.len() == 1 { "" } else { "s" }
        );
        let list: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
        let _ = writeln!(out, "  {}", list.join(", "));
    }
    if !unconfirmed.is_empty() {
        out.push_str(
            "\n## Twins the reference cannot confirm\n\nTrue by the rules (the twin of a true \
             case), but not written: every generated case passes against the reference, and the \
             reference leaves these undetermined. A limit of the reference, not of the rules.\n\n",
        );
        for ((symmetry, why), ids) in unconfirmed {
            let list: Vec<String> = ids.iter().map(|id| format!("`{id}`")).collect();
            let _ = writeln!(out, "- **{symmetry}** of {}: {why}.", list.join(", "));
        }
    }
    out
}

fn percent(part: usize, whole: usize) -> String {
    if whole == 0 {
        return "-".into();
    }
    let tenths = (part * 1000 + whole / 2) / whole;
    format!("{}.{} %", tenths / 10, tenths % 10)
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use chess_conformance::case::{After, StateName};

    fn sample() -> Case {
        Case {
            id: "perft/mined/0123456789ab".into(),
            title: "A title: with a colon, # a hash and \"quotes\" — and a dash".into(),
            rule: "3.10".into(),
            source: Some("somewhere".into()),
            tags: vec!["mined".into(), "x-y".into()],
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
    fn stale_files_are_named_and_write_makes_them_fresh() {
        let dir = std::env::temp_dir().join(format!("cc-gen-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("json")).unwrap();
        std::fs::write(dir.join("old.yaml"), "x").unwrap();
        std::fs::write(dir.join("json/a.json"), "old").unwrap();
        std::fs::write(dir.join("notes.txt"), "not ours").unwrap();
        let mut output = Output::default();
        output.files.insert("a.yaml".into(), b"a".to_vec());
        output.files.insert("json/a.json".into(), b"new".to_vec());
        let stale = stale(&output, &dir);
        assert_eq!(
            stale,
            [
                "a.yaml: missing",
                "json/a.json: differs from what `generate` writes",
                "old.yaml: no longer generated"
            ]
        );
        write(&output, &dir).unwrap();
        assert!(super::stale(&output, &dir).is_empty());
        assert!(
            dir.join("notes.txt").exists(),
            "files the generator does not own stay"
        );
        std::fs::remove_dir_all(&dir).unwrap();
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
