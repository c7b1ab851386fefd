//! Counts the cases of each rule area of the `chess-conformance-cases` data crate, parsing each
//! area's JSON and checking what every case has (an id in its area, a FEN, assertions); prints
//! a line per area and the total, and exits 1 on a malformed area.

use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let start = Instant::now();
    let mut total = 0;
    let mut first = None;
    for area in chess_conformance_cases::areas() {
        let json = chess_conformance_cases::cases_json(area).expect("a listed area has its JSON");
        let cases = match count(area, json, &mut first, start) {
            Ok(n) => n,
            Err(why) => {
                eprintln!("error: chess-conformance-cases {area}: {why}");
                return ExitCode::FAILURE;
            }
        };
        println!("{area:<22} {cases:>6}");
        total += cases;
    }
    let (id, at) = first.expect("the catalogue has a case");
    println!(
        "{total} cases in {} areas, catalogue {} (first case, {id}, parsed {} ms after start)",
        chess_conformance_cases::areas().len(),
        chess_conformance_cases::VERSION,
        at
    );
    ExitCode::SUCCESS
}

/// The number of cases in one area's JSON, each checked for what every case has.
fn count(
    area: &str,
    json: &str,
    first: &mut Option<(String, u128)>,
    start: Instant,
) -> Result<usize, String> {
    let file: serde_json::Value = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let cases = file["cases"].as_array().ok_or("no \"cases\" array")?;
    for (i, case) in cases.iter().enumerate() {
        let id = case["id"].as_str().ok_or(format!("case {i}: no id"))?;
        if !id.starts_with(&format!("{area}/")) {
            return Err(format!("case {id}: not in its area"));
        }
        if !case["fen"].is_string() || !case["expect"].is_object() {
            return Err(format!("case {id}: no fen or no expect"));
        }
        first.get_or_insert_with(|| (id.to_owned(), start.elapsed().as_millis()));
    }
    if cases.is_empty() {
        return Err("no case".into());
    }
    Ok(cases.len())
}
