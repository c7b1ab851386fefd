//! A case's content id: the hash of what it says (position, history, expectation, variant),
//! not of how it is described (title, source, tags, id). The generator names its cases by it
//! and records each hand-written case's in `cases/catalogue.lock`; a JSON report carries each
//! verdict's (`content_id`), so `diff` sees an expectation that changed between two catalogues
//! even where the verdict did not. One function for all three: [`content_id`].
//!
//! The hash is FNV-1a (64 bits) of a canonical serialization: JSON of the position, the history
//! and the expectation, with every set-like list sorted so that two cases that say the same
//! thing in a different order hash alike. serde_json writes struct fields in declaration order
//! and `BTreeMap` keys sorted, with no floating point anywhere in the format, so the bytes do not
//! depend on the platform.

use serde::Serialize;

use crate::assertion::{Assertion, Mapper};
use crate::case::{Case, Expect};
use crate::vocabulary::Variant;

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

/// The content id of a case: the short hash of [`content_key`], as `cases/catalogue.lock`
/// records it and a JSON report carries it.
pub fn content_id(case: &Case) -> String {
    short_hash(content_key(case).as_bytes())
}

/// The expectation with every set-like list sorted: each assertion kind says which of its lists
/// are sets ([`Assertion::normalize`]).
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
