//! Content-derived ids: a generated case is named by what it says, so its id is the same on
//! every run and every machine, and changes only when its content does.
//!
//! The content's canonical text and its hash are the core's
//! ([`chess_conformance::catalogue::content_key`]), shared with the catalogue's record and the
//! JSON report's `content_id`: one function, re-exported here under the generator's names.

use chess_conformance::case::Case;
pub use chess_conformance::catalogue::{content_key, fnv1a64, normalized, short_hash};

/// The id of a generated case: `<area>/<generator>/<hash of its content>`.
pub fn case_id(area: &str, generator: &str, case: &Case) -> String {
    let key = format!("{generator}\n{}", content_key(case));
    format!("{area}/{generator}/{}", short_hash(key.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_conformance::case::Expect;

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        // From the FNV reference test suite: the empty string and "a".
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    fn case(legal: &[&str]) -> Case {
        Case {
            id: "x/y".into(),
            title: "t".into(),
            rule: "1".into(),
            source: None,
            tags: vec![],
            pieces: Vec::new(),
            variant: None,
            fen: "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            moves: vec![],
            expect: Expect {
                legal: Some(legal.iter().map(|s| s.to_string()).collect()),
                ..Expect::default()
            },
        }
    }

    #[test]
    fn ids_ignore_list_order_and_title_but_not_content() {
        let a = case(&["e1e2", "e1d1"]);
        let mut b = case(&["e1d1", "e1e2"]);
        b.title = "another title".into();
        assert_eq!(case_id("x", "mined", &a), case_id("x", "mined", &b));
        assert_ne!(
            case_id("x", "mined", &a),
            case_id("x", "mined", &case(&["e1d1"]))
        );
        assert_ne!(case_id("x", "mined", &a), case_id("x", "flip", &a));
        let id = case_id("castling", "flip", &a);
        assert!(id.starts_with("castling/flip/") && id.len() == "castling/flip/".len() + 12);
    }
}
