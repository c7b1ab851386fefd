//! Validating a value against a compiled schema: every violation, each with its place.

use std::fmt::Write as _;

use serde_json::{Map, Value};

use super::{At, Schemas};

impl Schemas {
    /// Adds to `errors` every way `value` (at `place`) breaks `schema`.
    pub(super) fn validate(
        &self,
        schema: &Value,
        at: At,
        value: &Value,
        place: &str,
        errors: &mut Vec<String>,
    ) {
        let map = match schema {
            Value::Bool(true) => return,
            Value::Bool(false) => {
                return errors.push(at_place(place, format!("{value} is not allowed here")));
            }
            Value::Object(map) => map,
            _ => return,
        };
        if let Some(Value::String(reference)) = map.get("$ref") {
            match self.resolve(at, reference) {
                Some((target, at)) => self.validate(target, at, value, place, errors),
                None => errors.push(format!("the schema's `{reference}` names no schema")),
            }
        }
        for message in self.value_violations(map, value) {
            errors.push(at_place(place, message));
        }
        match value {
            Value::Array(items) => {
                if let Some(item_schema) = map.get("items") {
                    for (i, item) in items.iter().enumerate() {
                        self.validate(item_schema, at, item, &format!("{place}/{i}"), errors);
                    }
                }
            }
            Value::Object(object) => self.validate_object(map, at, object, place, errors),
            _ => {}
        }
        self.validate_combinators(map, at, value, place, errors);
    }

    /// What `value` breaks of the keywords about itself (not its items or properties): `type`,
    /// `enum`, `const`, `minLength`, `pattern`, `minimum`, `minItems`, `uniqueItems`.
    fn value_violations(&self, map: &Map<String, Value>, value: &Value) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(types) = map.get("type")
            && !type_matches(types, value)
        {
            out.push(format!("{value} is not of type {types}"));
        }
        if let Some(Value::Array(options)) = map.get("enum")
            && !options.contains(value)
        {
            let options = Value::Array(options.clone());
            out.push(format!("{value} is not one of {options}"));
        }
        if let Some(expected) = map.get("const")
            && expected != value
        {
            out.push(format!("{value} is not {expected}"));
        }
        if let Value::String(text) = value {
            if let Some(min) = map.get("minLength").and_then(Value::as_u64)
                && (text.chars().count() as u64) < min
            {
                out.push(format!("{value} is shorter than {min} characters"));
            }
            if let Some(Value::String(pattern)) = map.get("pattern")
                && let Some(regex) = self.patterns.get(pattern)
                && !regex.is_match(text)
            {
                out.push(format!("{value} does not match \"{pattern}\""));
            }
        }
        if let Some(number) = value.as_f64()
            && let Some(min) = map.get("minimum").and_then(Value::as_f64)
            && number < min
        {
            out.push(format!("{value} is less than the minimum of {min}"));
        }
        if let Value::Array(items) = value {
            if let Some(min) = map.get("minItems").and_then(Value::as_u64)
                && (items.len() as u64) < min
            {
                out.push(format!("{value} has fewer than {min} items"));
            }
            let repeated = (1..items.len()).any(|i| items[..i].contains(&items[i]));
            if map.get("uniqueItems") == Some(&Value::Bool(true)) && repeated {
                out.push(format!("{value} has non-unique elements"));
            }
        }
        out
    }

    fn validate_object(
        &self,
        map: &Map<String, Value>,
        at: At,
        object: &Map<String, Value>,
        place: &str,
        errors: &mut Vec<String>,
    ) {
        let at_place = |message: String| at_place(place, message);
        if let Some(Value::Array(required)) = map.get("required") {
            for name in required.iter().filter_map(Value::as_str) {
                if !object.contains_key(name) {
                    errors.push(at_place(format!("\"{name}\" is a required property")));
                }
            }
        }
        let properties = map.get("properties").and_then(Value::as_object);
        let patterned = map.get("patternProperties").and_then(Value::as_object);
        for (name, item) in object {
            let inner = format!("{place}/{name}");
            let mut matched = false;
            for (pattern, sub) in patterned.into_iter().flatten() {
                if self.patterns.get(pattern).is_some_and(|r| r.is_match(name)) {
                    matched = true;
                    self.validate(sub, at, item, &inner, errors);
                }
            }
            match properties.and_then(|p| p.get(name)) {
                Some(sub) => self.validate(sub, at, item, &inner, errors),
                None if matched => {}
                None => match map.get("additionalProperties") {
                    Some(Value::Bool(false)) => errors.push(at_place(format!(
                        "additional properties are not allowed (\"{name}\" was unexpected)"
                    ))),
                    Some(extra) => self.validate(extra, at, item, &inner, errors),
                    None => {}
                },
            }
        }
    }

    fn validate_combinators(
        &self,
        map: &Map<String, Value>,
        at: At,
        value: &Value,
        place: &str,
        errors: &mut Vec<String>,
    ) {
        let at_place = |message: String| at_place(place, message);
        let holds = |schema: &Value| {
            let mut inner = Vec::new();
            self.validate(schema, at, value, place, &mut inner);
            inner.is_empty()
        };
        let list = |key: &str| map.get(key).and_then(Value::as_array);
        if let Some(all) = list("allOf") {
            for schema in all {
                self.validate(schema, at, value, place, errors);
            }
        }
        if let Some(any) = list("anyOf")
            && !any.iter().any(&holds)
        {
            errors.push(at_place(format!(
                "{value} matches none of the anyOf schemas"
            )));
        }
        if let Some(one) = list("oneOf") {
            let matching = one.iter().filter(|s| holds(s)).count();
            if matching != 1 {
                let mut message = String::new();
                let _ = write!(
                    message,
                    "{value} matches {matching} of the oneOf schemas, not exactly one"
                );
                errors.push(at_place(message));
            }
        }
        if let Some(not) = map.get("not")
            && holds(not)
        {
            errors.push(at_place(format!("{value} must not match the `not` schema")));
        }
        if let Some(condition) = map.get("if") {
            let branch = if holds(condition) { "then" } else { "else" };
            if let Some(schema) = map.get(branch) {
                self.validate(schema, at, value, place, errors);
            }
        }
    }
}

/// A message about the value at `place` (a JSON pointer; empty for the whole message).
fn at_place(place: &str, message: String) -> String {
    if place.is_empty() {
        message
    } else {
        format!("at {place}: {message}")
    }
}

/// Whether `value` is of the `type` (a name or a list of names).
fn type_matches(types: &Value, value: &Value) -> bool {
    let one = |name: &str| match name {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => {
            value.is_i64() || value.is_u64() || value.as_f64().is_some_and(|f| f.fract() == 0.0)
        }
        _ => false,
    };
    match types {
        Value::String(name) => one(name),
        Value::Array(names) => names.iter().filter_map(Value::as_str).any(one),
        _ => false,
    }
}
