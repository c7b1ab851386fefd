//! The words of messages and the names of files: a count with its noun, a name made safe
//! for a file.

/// `1 case`, `2 cases`: the core's, so that the reports and the command say it alike.
pub(crate) use chess_conformance::report::plural;

/// `text` as a file name: lower case letters and digits, anything else as one `-`, none at
/// either end (`chess 3.2.0`: `chess-3-2-0`); `fallback` when nothing is left.
pub(crate) fn slug(text: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_matches('-');
    if out.is_empty() {
        fallback.to_owned()
    } else {
        out.to_owned()
    }
}

/// The file name of an engine's baseline: its name as a [`slug`] (`python-chess.yaml`,
/// `chess-js.yaml`, `reference-shakmaty.yaml`).
pub(crate) fn baseline_name(engine: &str) -> String {
    format!("{}.yaml", slug(engine, ""))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn baseline_names() {
        assert_eq!(baseline_name("python-chess"), "python-chess.yaml");
        assert_eq!(baseline_name("chess.js"), "chess-js.yaml");
        assert_eq!(
            baseline_name("reference (shakmaty)"),
            "reference-shakmaty.yaml"
        );
        assert_eq!(baseline_name("Stockfish"), "stockfish.yaml");
        assert_eq!(baseline_name("My Engine 2"), "my-engine-2.yaml");
        assert_eq!(baseline_name("<>"), ".yaml");
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("chess 3.2.0", "engine"), "chess-3-2-0");
        assert_eq!(slug("python-chess 1.11.2", "engine"), "python-chess-1-11-2");
        assert_eq!(slug("<>", "engine"), "engine");
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "case"), "1 case");
        assert_eq!(plural(0, "case"), "0 cases");
        assert_eq!(plural(2, "move"), "2 moves");
    }
}
