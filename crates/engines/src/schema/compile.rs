//! Compiling schema files: only the keywords the validator checks, each of the right shape,
//! every pattern compiled, every reference resolved.

use regex_lite::Regex;
use serde_json::Value;

use super::{At, Schemas};

/// Keywords that describe and never constrain (`format` is an annotation in draft 2020-12
/// unless a validator opts in).
const ANNOTATIONS: &[&str] = &[
    "$schema",
    "$id",
    "$comment",
    "title",
    "description",
    "examples",
    "default",
    "format",
    "$defs",
];

/// Keywords this validator checks.
const CHECKED: &[&str] = &[
    "$ref",
    "type",
    "enum",
    "const",
    "properties",
    "patternProperties",
    "required",
    "additionalProperties",
    "items",
    "minItems",
    "uniqueItems",
    "minimum",
    "minLength",
    "pattern",
    "oneOf",
    "anyOf",
    "allOf",
    "not",
    "if",
    "then",
    "else",
];

impl Schemas {
    /// Checks one schema (and those inside it) at `pointer` in `file`.
    pub(super) fn check_schema(
        &mut self,
        file: &str,
        schema: &Value,
        pointer: &str,
    ) -> Result<(), String> {
        let map = match schema {
            Value::Bool(_) => return Ok(()),
            Value::Object(map) => map,
            _ => {
                return Err(format!(
                    "{file}#{pointer}: a schema is an object or a boolean"
                ));
            }
        };
        for (key, value) in map {
            self.check_keyword(file, pointer, key, value)?;
        }
        Ok(())
    }

    /// Checks one keyword of a schema: one this validator knows, of the right shape, with its
    /// patterns compiled and its references resolved, and the schemas inside it.
    fn check_keyword(
        &mut self,
        file: &str,
        pointer: &str,
        key: &str,
        value: &Value,
    ) -> Result<(), String> {
        let place = || format!("{file}#{pointer}");
        let inner = format!("{pointer}/{key}");
        let object = || {
            value
                .as_object()
                .ok_or_else(|| format!("{}: `{key}` is an object", place()))
        };
        let compile = |pattern: &str| {
            Regex::new(pattern)
                .map_err(|e| format!("{}: the pattern does not compile: {e}", place()))
        };
        match key {
            "$defs" | "properties" => {
                for (name, sub) in object()? {
                    self.check_schema(file, sub, &format!("{inner}/{name}"))?;
                }
            }
            _ if ANNOTATIONS.contains(&key) => {}
            "patternProperties" => {
                for (pattern, sub) in object()? {
                    let regex = compile(pattern)?;
                    self.patterns.insert(pattern.clone(), regex);
                    self.check_schema(file, sub, &format!("{inner}/{pattern}"))?;
                }
            }
            "items" | "additionalProperties" | "not" | "if" | "then" | "else" => {
                self.check_schema(file, value, &inner)?;
            }
            "oneOf" | "anyOf" | "allOf" => {
                let list = value
                    .as_array()
                    .ok_or_else(|| format!("{}: `{key}` is a list", place()))?;
                for (i, sub) in list.iter().enumerate() {
                    self.check_schema(file, sub, &format!("{inner}/{i}"))?;
                }
            }
            "pattern" => {
                let text = value
                    .as_str()
                    .ok_or_else(|| format!("{}: `pattern` is a string", place()))?;
                let regex = compile(text)?;
                self.patterns.insert(text.to_owned(), regex);
            }
            "$ref" => {
                let target = value
                    .as_str()
                    .ok_or_else(|| format!("{}: `$ref` is a string", place()))?;
                self.resolve(At { file }, target)
                    .ok_or_else(|| format!("{}: `{target}` names no schema", place()))?;
            }
            _ if CHECKED.contains(&key) => {}
            _ => {
                return Err(format!(
                    "{}: the keyword `{key}` is not one this validator checks (docs: \
                     crates/engines/src/schema/mod.rs)",
                    place()
                ));
            }
        }
        Ok(())
    }
}
