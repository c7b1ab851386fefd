//! The table of requests in `docs/PROTOCOL.md` is written from the question table
//! (`src/engine.rs`: each question's protocol `type`, its capability, whether it is about a
//! position) and each question's schemas (`docs/protocol/NAME.request.schema.json`: its extra
//! fields; `NAME.response.schema.json`: its `description`, the answer's shape). This test fails when the document is stale; it rewrites it with
//! `UPDATE=1 cargo test -p chess-conformance --test protocol_table`.

use std::path::Path;

use chess_conformance::{Capability, question::Question};
use serde_json::Value;

/// The line that opens the generated block.
const BEGIN: &str = "<!-- questions: generated from the question table (src/engine.rs) and the \
                     schemas (docs/protocol/) by `UPDATE=1 cargo test -p \
                     chess-conformance --test protocol_table`; edit those, not this table -->";
/// The line that closes it.
const END: &str = "<!-- end of the generated questions -->";

/// The fields every request about a position has (or may have: `pieces`, `variant`), left out
/// of "extra fields".
const COMMON: &[&str] = &["seq", "type", "fen", "moves", "pieces", "variant"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A question's request or response schema.
fn schema(name: &str, side: &str) -> Value {
    let path = root().join(format!("docs/protocol/{name}.{side}.schema.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "the question `{name}` of the table in src/engine.rs has no {side} schema: {}: {e}",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A field of a request as the table shows it: its name, then its description, or what it is
/// (the shared definition it refers to, its type).
fn field(name: &str, schema: &Value) -> String {
    if let Some(description) = schema["description"].as_str() {
        return format!("`{name}`: {description}");
    }
    let what = match (schema["$ref"].as_str(), schema["type"].as_str()) {
        (Some(reference), _) => match reference.rsplit('/').next().unwrap_or(reference) {
            "uci" => "a UCI move".to_owned(),
            "color" => "a color".to_owned(),
            "square" => "a square".to_owned(),
            other => other.to_owned(),
        },
        (None, Some("integer")) => match schema["minimum"].as_i64() {
            Some(min) => format!("≥ {min}"),
            None => "an integer".to_owned(),
        },
        _ => return format!("`{name}`"),
    };
    format!("`{name}` ({what})")
}

/// The extra fields of a question's request: beyond those of every request about a position,
/// joined by "or" when the schema asks for one of them.
fn extra_fields(name: &str, schema: &Value) -> String {
    if Question::is_about_a_position(name) == Some(false) {
        let alone = "`fen` only (no `moves`), possibly invalid on purpose";
        return match schema["properties"].get("variant") {
            Some(_) => format!("{alone}; `variant` as in a request about a position"),
            None => alone.to_owned(),
        };
    }
    let properties = schema["properties"].as_object().expect("properties");
    let fields: Vec<String> = properties
        .iter()
        .filter(|(key, _)| !COMMON.contains(&key.as_str()))
        .map(|(key, value)| field(key, value))
        .collect();
    let separator = if schema["oneOf"].is_array() {
        " **or** "
    } else {
        "; "
    };
    fields.join(separator)
}

/// The generated block: the table of requests, `start` first, then every question in the
/// table's order.
fn table() -> String {
    let mut out = vec![
        BEGIN.to_owned(),
        "| `type` | extra fields | `result` | capability |".to_owned(),
        "|---|---|---|---|".to_owned(),
        "| [`start`](protocol/start.request.schema.json) | `protocol`: 1 | `{\"protocol\": 1, \
         \"name\": ..., \"version\": ..., \"capabilities\": [...]}` | |"
            .to_owned(),
    ];
    for &capability in Capability::ALL {
        let Some(name) = capability.question() else {
            continue;
        };
        let request = schema(name, "request");
        let result = schema(name, "response")["description"]
            .as_str()
            .unwrap_or_else(|| {
                panic!(
                    "docs/protocol/{name}.response.schema.json has no `description`: the \
                     answer's shape, for the table of docs/PROTOCOL.md"
                )
            })
            .to_owned();
        let extra = extra_fields(name, &request);
        let extra = if extra.is_empty() {
            " ".to_owned()
        } else {
            format!(" {extra} ")
        };
        out.push(format!(
            "| [`{name}`](protocol/{name}.request.schema.json) |{extra}| {result} | `{}` |",
            capability.name()
        ));
    }
    out.push(END.to_owned());
    out.join("\n")
}

#[test]
fn the_protocols_table_of_requests_is_the_question_tables() {
    let path = root().join("docs/PROTOCOL.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let begin = text.find(BEGIN).unwrap_or_else(|| {
        panic!("docs/PROTOCOL.md has no line {BEGIN:?} to open the generated table")
    });
    let end = text[begin..]
        .find(END)
        .map(|at| begin + at + END.len())
        .unwrap_or_else(|| panic!("docs/PROTOCOL.md has no line {END:?} after {BEGIN:?}"));
    let want = table();
    if text[begin..end] == want {
        return;
    }
    if std::env::var_os("UPDATE").is_some() {
        let updated = format!("{}{want}{}", &text[..begin], &text[end..]);
        std::fs::write(&path, updated).unwrap();
        return;
    }
    panic!(
        "the table of requests in docs/PROTOCOL.md is stale (the question table or a request \
         schema changed); rewrite it with `UPDATE=1 cargo test -p chess-conformance --test \
         protocol_table`.\nIt should read:\n{want}"
    );
}

/// Every question's response schema is there (the table links to it).
#[test]
fn every_question_has_its_two_schemas() {
    for &name in Question::NAMES {
        for side in ["request", "response"] {
            let path = root().join(format!("docs/protocol/{name}.{side}.schema.json"));
            assert!(
                path.is_file(),
                "the question `{name}` of the table in src/engine.rs has no {side} schema: write {}",
                path.display()
            );
        }
    }
}
