//! Content-derived ids: a generated case is named by what it says, so its id is the same on
//! every run and every machine, and changes only when its content does.
//!
//! The hash is FNV-1a (64 bits) of a canonical serialization: JSON of the position, the history
//! and the expectation, with every set-like list sorted so that two cases that say the same
//! thing in a different order hash alike. serde_json writes struct fields in declaration order
//! and `BTreeMap` keys sorted, with no floating point anywhere in the format, so the bytes do not
//! depend on the platform.

use serde::Serialize;

use chess_conformance::Variant;
use chess_conformance::assertion::{Assertion, Mapper};
use chess_conformance::case::{Case, Expect};

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// The first 12 hex digits of the hash: 48 bits, ample for tens of thousands of cases (the
/// generator refuses a collision rather than trusting the odds).
pub fn short_hash(bytes: &[u8]) -> String {
    format!("{:016x}", fnv1a64(bytes))[..12].to_owned()
}

#[derive(Serialize)]
struct Content<'c> {
    fen: &'c str,
    moves: &'c [String],
    expect: Expect,
    /// The game, written only when it is not standard chess, so that a standard case's content
    /// (and id) reads as before the variant existed, and the Chess960 reading of a standard
    /// position is another case.
    #[serde(skip_serializing_if = "Option::is_none")]
    variant: Option<Variant>,
}

/// The canonical text of what a case says: position, history and expectation, lists sorted.
/// Title, source, tags and id are left out: they describe the case, they do not change it; the
/// variant is in (the same FEN and moves in Chess960 are another game).
pub fn content_key(case: &Case) -> String {
    let content = Content {
        fen: &case.fen,
        moves: &case.moves,
        expect: normalized(&case.expect),
        variant: Some(case.variant()).filter(|v| !v.is_standard()),
    };
    serde_json::to_string(&content).expect("case content serializes to JSON")
}

/// The id of a generated case: `<area>/<generator>/<hash of its content>`.
pub fn case_id(area: &str, generator: &str, case: &Case) -> String {
    let key = format!("{generator}\n{}", content_key(case));
    format!("{area}/{generator}/{}", short_hash(key.as_bytes()))
}

/// The expectation with every set-like list sorted: each assertion kind says which of its lists
/// are sets ([`chess_conformance::assertion::Assertion::normalize`]).
pub fn normalized(expect: &Expect) -> Expect {
    struct Normalize;
    impl Mapper for Normalize {
        fn map<A: Assertion>(&mut self, value: &A::Value) -> Result<A::Value, String> {
            Ok(A::normalize(value))
        }
    }
    expect
        .try_map(&mut Normalize)
        .expect("normalizing never fails")
}

#[cfg(test)]
mod tests {
    use super::*;

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
