//! A run's JSON report read from a file: the one way `report --html` and `diff` read one,
//! strictly, by the core's [`Report::from_json`] (an unknown field, a truncated file, a summary
//! that does not add up, an outcome its checks do not give are errors), each error naming the
//! file and, for broken JSON, its line and column.

use std::path::Path;

use chess_conformance::Report;

use crate::error::BadInput;

/// Reads the report at `path`.
///
/// # Errors
///
/// The file cannot be read, or is not a run report: the message names the file.
pub(crate) fn read(path: &Path) -> Result<Report, BadInput> {
    let shown = path.display();
    let text = std::fs::read(path).map_err(|e| BadInput(format!("{shown}: cannot read: {e}")))?;
    Report::from_json(&text).map_err(|e| match e.place {
        Some(_) => BadInput(format!("{shown}:{e}")),
        None => BadInput(format!("{shown}: {e}")),
    })
}
