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

/// `text` as a file name of at most [`NAME_MAX`] bytes: its [`slug`], and, when the slug had
/// to be cut, a hash of the whole text, so that long names stay apart (`File name too long`
/// is 255 bytes on most file systems). The report site's pages and `matrix`'s files are named
/// by it.
pub(crate) fn bounded(text: &str, fallback: &str) -> String {
    let name = slug(text, fallback);
    if name.len() <= NAME_MAX {
        return name;
    }
    // FNV-1a, 64 bits: the same name on every machine and every build.
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    let cut = name[..NAME_MAX - 17].trim_end_matches('-');
    format!("{cut}-{hash:016x}")
}

/// The file name of an engine's baseline: its name [`bounded`] (`python-chess.yaml`,
/// `chess-js.yaml`, `reference-shakmaty.yaml`), as `matrix` names it for an engine whose name no
/// other engine of the matrix shares.
pub(crate) fn baseline_name(engine: &str) -> String {
    format!("{}.yaml", bounded(engine, "engine"))
}

/// The longest file name [`bounded`] gives, without its extension or [`unique`]'s `-N`.
pub(crate) const NAME_MAX: usize = 64;

/// `name`, or `name-2`, `name-3`... if it is taken; taken from then on.
pub(crate) fn unique(name: String, taken: &mut Vec<String>) -> String {
    let mut candidate = name.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{name}-{n}");
        n += 1;
    }
    taken.push(candidate.clone());
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_bounded_and_long_ones_stay_apart() {
        assert_eq!(bounded("chess 3.2.0", "engine"), "chess-3-2-0");
        assert_eq!(bounded("<>", "engine"), "engine");
        let long = "a".repeat(300);
        let other = format!("{}b", "a".repeat(299));
        let (a, b) = (bounded(&long, "engine"), bounded(&other, "engine"));
        assert!(a.len() <= NAME_MAX && b.len() <= NAME_MAX, "{a} {b}");
        assert_ne!(a, b);
        assert!(a.starts_with("aaaa"), "{a}");
        assert_eq!(a, bounded(&long, "engine"), "the same name every time");
    }

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
        assert_eq!(baseline_name("<>"), "engine.yaml");
    }

    #[test]
    fn taken_names_get_a_number() {
        let mut taken = Vec::new();
        assert_eq!(unique("a".into(), &mut taken), "a");
        assert_eq!(unique("a".into(), &mut taken), "a-2");
        assert_eq!(unique("a".into(), &mut taken), "a-3");
        assert_eq!(unique("a-2".into(), &mut taken), "a-2-2");
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
