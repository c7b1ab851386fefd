//! The protocol's JSON Schemas (`docs/protocol/`, embedded at build time), for
//! `--validate-protocol`: every request the harness sends and every answer it reads can be
//! checked against the schema of its type. The messages themselves are the questions of
//! [`chess_conformance::question`]; their wire form is [`chess_conformance::protocol`].
//!
//! The validator is this file's own, for the part of JSON Schema (draft 2020-12) the protocol's
//! schemas are written in: `$ref` (within a file and to `common.schema.json`), `type`, `enum`,
//! `const`, `properties`, `patternProperties`, `required`, `additionalProperties`, `items`,
//! `minItems`,
//! `uniqueItems`, `minimum`, `minLength`, `pattern`, `oneOf`, `anyOf`, `allOf`, `not` and
//! `if`/`then`/`else`, with annotations (`title`, `description`, ...) ignored. A schema that
//! uses any other keyword is refused when the schemas are compiled, so an edit beyond this part
//! fails the tests rather than pass unchecked. (A full validator, `jsonschema`, cost more build
//! time than the rest of this crate and its dependencies together.)

mod compile;
mod validate;

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use regex_lite::Regex;
use serde_json::Value;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/schemas.rs"));
}

/// The protocol's schema files, embedded: (file name, text).
pub const FILES: &[(&str, &str)] = embedded::FILES;

/// The file of definitions the message schemas share.
pub const COMMON: &str = "common.schema.json";

/// Where the schema files claim to live (their `$id`s); nothing is fetched from there.
const BASE_URI: &str = "https://chess-conformance.example/protocol/1/";

/// Schema files, checked and ready to validate against: the protocol's ([`Schemas::get`]) or
/// any others in the same part of JSON Schema ([`Schemas::compile`]), such as the published
/// schema of the case format.
pub struct Schemas {
    /// Every file, by name.
    documents: BTreeMap<String, Value>,
    /// Every `pattern`, compiled.
    patterns: HashMap<String, Regex>,
}

/// Where a schema sits: its file, for resolving `#` references.
#[derive(Clone, Copy)]
struct At<'s> {
    file: &'s str,
}

impl Schemas {
    /// The schemas, compiled once per process.
    ///
    /// # Panics
    ///
    /// When a shipped schema does not compile; the unit tests make sure they all do.
    pub fn get() -> &'static Schemas {
        static SCHEMAS: OnceLock<Schemas> = OnceLock::new();
        SCHEMAS
            .get_or_init(|| Schemas::compile(FILES).expect("the shipped protocol schemas compile"))
    }

    /// Reads and checks schema files: JSON, only the keywords this validator knows, every
    /// pattern a regular expression, every reference resolvable.
    ///
    /// # Errors
    ///
    /// The first file and place that is not so.
    pub fn compile(files: &[(&str, &str)]) -> Result<Schemas, String> {
        let mut schemas = Schemas {
            documents: BTreeMap::new(),
            patterns: HashMap::new(),
        };
        for (name, text) in files {
            let doc: Value = serde_json::from_str(text).map_err(|e| format!("{name}: {e}"))?;
            schemas.documents.insert((*name).to_owned(), doc);
        }
        let names: Vec<String> = schemas.documents.keys().cloned().collect();
        for name in &names {
            let doc = schemas.documents[name].clone();
            schemas.check_schema(name, &doc, "")?;
        }
        Ok(schemas)
    }

    /// The schema a reference names, and the file it is in.
    fn resolve<'s>(&'s self, at: At<'s>, reference: &str) -> Option<(&'s Value, At<'s>)> {
        let reference = reference.strip_prefix(BASE_URI).unwrap_or(reference);
        let (file, pointer) = match reference.split_once('#') {
            Some(("", pointer)) => (at.file, pointer),
            Some((file, pointer)) => (file, pointer),
            None => (reference, ""),
        };
        let (name, doc) = self.documents.get_key_value(file)?;
        Some((doc.pointer(pointer)?, At { file: name }))
    }

    /// Checks a request of type `name` against its schema.
    ///
    /// # Errors
    ///
    /// Every violation, each with its place in the message, and the schema file.
    pub fn check_request(&self, name: &str, message: &Value) -> Result<(), String> {
        let file = format!("{name}.request.schema.json");
        if !self.documents.contains_key(&file) {
            return Err(format!("no schema for requests of type `{name}`"));
        }
        self.check(&file, message, &file)
    }

    /// Checks the answer to a request of type `name` against its schema (an unknown type's
    /// answer against the generic envelope).
    ///
    /// # Errors
    ///
    /// Every violation, each with its place in the message, and the schema file.
    pub fn check_response(&self, name: &str, message: &Value) -> Result<(), String> {
        let file = format!("{name}.response.schema.json");
        if self.documents.contains_key(&file) {
            self.check(&file, message, &file)
        } else {
            let generic = format!("{COMMON}#/$defs/any_response");
            self.check(&generic, message, &generic)
        }
    }

    fn check(&self, reference: &str, message: &Value, shown: &str) -> Result<(), String> {
        self.violations(reference, message).map_err(|errors| {
            format!(
                "it does not match docs/protocol/{shown}: {}",
                errors.join("; ")
            )
        })
    }

    /// Every way `value` breaks the schema `reference` names (`FILE` or `FILE#/POINTER`), each
    /// with its place in the value.
    ///
    /// # Errors
    ///
    /// The violations, or that no schema has that name.
    pub fn violations(&self, reference: &str, value: &Value) -> Result<(), Vec<String>> {
        let (schema, at) = self
            .resolve(At { file: COMMON }, reference)
            .ok_or_else(|| vec![format!("no schema `{reference}`")])?;
        let mut errors = Vec::new();
        self.validate(schema, at, value, "", &mut errors);
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests;
