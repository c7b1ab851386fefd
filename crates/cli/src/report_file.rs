//! A run's JSON report read from a file: the one way `report --html` and `diff` read one,
//! through the core's bounded reader and strictly, by [`Report::load`] and [`Report::from_json`] (an unknown field, a truncated file, a summary
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
    Report::load(path).map_err(BadInput)
}
