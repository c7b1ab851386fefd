//! The YAML writer of `generated/`: one case to a few lines (the expectation as one flow
//! mapping), plain scalars where they are safe, so that the files diff well and read back
//! exactly (the generator checks they do).

use std::fmt::Write as _;

use chess_conformance::case::{Case, Expect};
use chess_conformance::catalogue::GENERATED_MARK;

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
        pieces,
        variant,
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
    if !pieces.is_empty() {
        let pieces = serde_json::to_string(pieces).expect("piece definitions serialize");
        let _ = writeln!(out, "    pieces: {pieces}");
    }
    if let Some(variant) = variant {
        let _ = writeln!(out, "    variant: {variant}");
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
