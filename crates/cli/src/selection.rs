//! Which cases a command runs: the built-in catalogue or files given with `--cases`, filtered
//! by id and by origin (`--filter`, `--generated`), loaded and checked before anything runs.

use std::path::PathBuf;

use chess_conformance::{Catalogue, Origin};
use clap::Args;

use crate::error::BadInput;
use crate::text::plural;

/// Where the cases come from, and which of them.
#[derive(Debug, Args)]
pub(crate) struct Selection {
    /// A case file or a folder of them (`*.yaml` and `*.yml`; subfolders are not read),
    /// instead of the built-in catalogue (repeatable). Retired ids are refused: the built-in
    /// ones and those of the `retired.yaml` beside the files. Finding no case is an error.
    #[arg(long = "cases", value_name = "PATH")]
    pub(crate) cases: Vec<PathBuf>,
    /// Keep only the cases whose id contains this text (e.g. `castling/`).
    #[arg(long, value_name = "TEXT")]
    pub(crate) filter: Option<String>,
    /// Whether to take the generated cases (symmetry twins, mined cases, perft divides) along
    /// with the hand-written ones.
    #[arg(long, value_enum, default_value_t = Generated::Include, value_name = "WHICH")]
    pub(crate) generated: Generated,
}

/// Which cases `--generated` keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Generated {
    /// Hand-written and generated cases.
    Include,
    /// Hand-written cases only.
    Exclude,
    /// Generated cases only.
    Only,
}

impl Selection {
    /// Whether this is the whole built-in catalogue, so that a baseline entry the run did not
    /// see is stale rather than filtered out.
    pub(crate) fn is_whole_builtin(&self) -> bool {
        self.cases.is_empty() && self.filter.is_none() && self.generated == Generated::Include
    }
}

impl Selection {
    /// The cases selected. From the built-in catalogue only the files and cases selected are
    /// read and checked (its own tests check the rest); files given with `--cases` are checked
    /// whole, whatever `--filter` and `--generated` keep.
    pub(crate) fn load(&self) -> Result<Catalogue, BadInput> {
        let failed = |errors: chess_conformance::LoadErrors| {
            let n = errors.0.len();
            BadInput(format!(
                "{errors}\n\nthe catalogue has {}; nothing was run",
                plural(n, "error")
            ))
        };
        if self.cases.is_empty() {
            let origin = match self.generated {
                Generated::Include => None,
                Generated::Exclude => Some(Origin::HandWritten),
                Generated::Only => Some(Origin::Generated),
            };
            let filter = self.filter.as_deref();
            let catalogue = Catalogue::builtin_selected(filter, origin).map_err(failed)?;
            // Both origins have cases, so only a filter leaves none.
            return match filter {
                Some(filter) if catalogue.is_empty() => {
                    Err(BadInput(format!("no case id contains `{filter}`")))
                }
                _ => Ok(catalogue),
            };
        }
        let catalogue = Catalogue::load(&self.cases).map_err(failed)?;
        if catalogue.is_empty() {
            // A folder with no case file is the loader's error; this is files without a case.
            return Err(BadInput(format!(
                "no case to run: the files of --cases {} hold none",
                shown(&self.cases)
            )));
        }
        let loaded = catalogue.len();
        let catalogue = match self.generated {
            Generated::Include => catalogue,
            Generated::Exclude => catalogue.retain(|c| c.origin == Origin::HandWritten),
            Generated::Only => catalogue.retain(|c| c.origin == Origin::Generated),
        };
        if catalogue.is_empty() {
            let (which, flag) = match self.generated {
                Generated::Only => ("generated", "only"),
                _ => ("hand-written", "exclude"),
            };
            return Err(BadInput(format!(
                "no case to run: none of the {} loaded is {which} (--generated {flag})",
                plural(loaded, "case"),
            )));
        }
        match &self.filter {
            None => Ok(catalogue),
            Some(filter) => {
                let kept = catalogue.filtered(filter);
                if kept.is_empty() {
                    Err(BadInput(format!("no case id contains `{filter}`")))
                } else {
                    Ok(kept)
                }
            }
        }
    }
}

/// Paths as a user wrote them, for a message: `a.yaml, b/`.
fn shown(paths: &[PathBuf]) -> String {
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    shown.join(", ")
}
