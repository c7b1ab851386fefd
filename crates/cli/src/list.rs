//! `chess-conformance list`: the cases, one per line (id, rule, title, and the variant of a
//! case not of standard chess).

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;

use crate::error::BadInput;
use crate::selection::Selection;

#[derive(Debug, Args)]
pub struct ListArgs {
    #[command(flatten)]
    selection: Selection,
}

pub fn list(args: &ListArgs) -> Result<ExitCode, BadInput> {
    let catalogue = args.selection.load()?;
    let id_width = catalogue
        .cases()
        .iter()
        .map(|c| c.case.id.len())
        .max()
        .unwrap_or(0);
    let rule_width = catalogue
        .cases()
        .iter()
        .map(|c| c.case.rule.len())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for loaded in catalogue.cases() {
        let c = &loaded.case;
        let variant = c.variant();
        let _ = writeln!(
            out,
            "{:<id_width$}  {:<rule_width$}  {}{}",
            c.id,
            c.rule,
            c.title,
            if variant.is_standard() {
                String::new()
            } else {
                format!(" ({})", variant.title())
            }
        );
    }
    crate::print::out(out)?;
    Ok(ExitCode::SUCCESS)
}
