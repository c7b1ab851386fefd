//! The engines the command line can name: `--engine SPEC`.
//!
//! A spec is a name (`reference`) or a kind and an argument (`process:COMMAND ARGS`,
//! `uci:PATH`). Each engine lives in its own file; this module only maps specs to them.
//!
//! With the `adapters` feature (on by default), three Rust chess libraries are built in and run
//! in process, each answering with its own API only: `chess` ([`chess_crate`]), `cozy-chess`
//! ([`cozy_chess`]) and `owlchess` ([`owlchess`]). Each declares only what its library offers;
//! what they get wrong is listed, case by case, in `docs/FINDINGS.md`.

use crate::engine::Engine;
use crate::reference::Reference;

// In-process adapters for other Rust chess libraries (feature `adapters`, on by default).
#[cfg(feature = "adapters")]
pub mod chess_crate;
#[cfg(feature = "adapters")]
pub mod cozy_chess;
#[cfg(feature = "adapters")]
mod memo;
#[cfg(feature = "adapters")]
pub mod owlchess;

/// The specs `--help` and error messages list.
pub const KNOWN: &[&str] = &[
    "reference",
    #[cfg(feature = "adapters")]
    "chess",
    #[cfg(feature = "adapters")]
    "cozy-chess",
    #[cfg(feature = "adapters")]
    "owlchess",
];

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
        #[cfg(feature = "adapters")]
        "chess" => Ok(Box::new(chess_crate::ChessCrate::new())),
        #[cfg(feature = "adapters")]
        "cozy-chess" => Ok(Box::new(cozy_chess::CozyChess::new())),
        #[cfg(feature = "adapters")]
        "owlchess" => Ok(Box::new(owlchess::Owlchess::new())),
        other => Err(format!(
            "unknown engine `{other}`; known: {}",
            KNOWN.join(", ")
        )),
    }
}
