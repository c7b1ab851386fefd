//! Case ids: their form and their file, and the ids retired for ever.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::LoadError;
use super::load::{Load, screen, yaml_error};
use super::sources::Source;
use super::validate::problem;
use crate::assertion::Problem;
use crate::case::Case;
use crate::locate;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RetiredFile {
    retired: Vec<RetiredId>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RetiredId {
    id: String,
    reason: String,
}

/// Whether an id has the form `area/slug`: lower-case letters, digits, `-`, `_` and `.`, parts
/// separated by `/`.
pub(super) fn is_id(id: &str) -> bool {
    let ok_char = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || "-_.".contains(c);
    let mut parts = id.split('/');
    let area = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    !area.is_empty()
        && area.chars().all(ok_char)
        && !rest.is_empty()
        && rest.iter().all(|p| !p.is_empty() && p.chars().all(ok_char))
}

/// Checks a case's id: its form, and its area against its file's name `stem`.
pub(super) fn validate_id(case: &Case, stem: &str, problems: &mut Vec<Problem>) {
    if !is_id(&case.id) {
        problems.push(problem(
            &["id"],
            "the id must be `area/slug`: lower-case letters, digits, `-`, `_` and `.`, parts \
             separated by `/`"
                .into(),
        ));
    } else if case.area() != stem {
        problems.push(problem(
            &["id"],
            format!(
                "the id's area `{}` does not match its file `{stem}.yaml`: a case lives in the \
                 file of its rule area",
                case.area()
            ),
        ));
    }
}

/// Reads a list of retired ids into `retired`, or its problem into `errors`.
pub(super) fn read_retired(
    source: &Source,
    retired: &mut BTreeMap<String, String>,
    errors: &mut Vec<LoadError>,
) {
    if let Err(error) = screen(source, &locate::scan(&source.text)) {
        errors.push(error);
        return;
    }
    match serde_yaml_ng::from_str::<RetiredFile>(&source.text) {
        Ok(file) => {
            for r in file.retired {
                retired.insert(r.id, r.reason);
            }
        }
        Err(e) => errors.push(yaml_error(&source.name, &e)),
    }
}

impl Load {
    /// An id must be neither retired nor used before.
    pub(super) fn unique(
        &mut self,
        id: &str,
        file: &str,
        line: usize,
        problems: &mut Vec<Problem>,
    ) {
        if let Some(reason) = self.retired.get(id) {
            problems.push(problem(
                &["id"],
                format!("the id is retired ({reason}) and can never be used again"),
            ));
        } else if let Some((other, other_line)) = self.seen.get(id) {
            problems.push(problem(
                &["id"],
                format!("duplicate id: already used at {other}:{other_line}"),
            ));
        } else {
            self.seen.insert(id.to_owned(), (file.to_owned(), line));
        }
    }
}
