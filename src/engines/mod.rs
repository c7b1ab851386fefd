//! The engines the command line can name: `--engine SPEC`.
//!
//! A spec is a name (`reference`) or a kind and an argument (`process:COMMAND ARGS`,
//! `uci:PATH`). Each engine lives in its own file; this module only maps specs to them.

use crate::engine::Engine;
use crate::reference::Reference;

/// The specs `--help` and error messages list.
pub const KNOWN: &[&str] = &["reference"];

/// The engines that run inside this process, the default columns of `matrix`.
pub const IN_PROCESS: &[&str] = &["reference"];

/// The engine a spec names.
///
/// # Errors
///
/// A message naming the spec and the known ones, when no engine matches or it cannot start.
pub fn from_spec(spec: &str) -> Result<Box<dyn Engine>, String> {
    match spec {
        "reference" => Ok(Box::new(Reference::new())),
        other => Err(format!(
            "unknown engine `{other}`; known: {}",
            KNOWN.join(", ")
        )),
    }
}
