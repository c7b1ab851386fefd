//! The chess-conformance catalogue of chess rule cases, embedded: one JSON text per rule area,
//! as the catalogue's JSON export writes it (`{"description": ..., "cases": [...]}`), and the
//! JSON Schema they follow. No dependencies: parse with the JSON library you already use.
//!
//! ```
//! for area in chess_conformance_cases::areas() {
//!     let json = chess_conformance_cases::cases_json(area).expect("a listed area");
//!     assert!(json.starts_with('{'));
//! }
//! assert!(chess_conformance_cases::cases_json("no-such-area").is_none());
//! ```

include!(concat!(env!("OUT_DIR"), "/areas.rs"));

/// The catalogue's version (semantic: see the README), which is this crate's.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The JSON Schema (draft 2020-12) every area's JSON follows.
pub const SCHEMA: &str = include_str!("../data/schema/cases.schema.json");

/// The rule areas, sorted by name (`attacks`, `castling`, ...).
pub fn areas() -> impl ExactSizeIterator<Item = &'static str> {
    AREA_FILES.iter().map(|(area, _)| *area)
}

/// The JSON text of one rule area's cases, or `None` for an area the catalogue does not have.
pub fn cases_json(area: &str) -> Option<&'static str> {
    AREA_FILES
        .iter()
        .find(|(name, _)| *name == area)
        .map(|(_, json)| *json)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_area_has_its_file() {
        assert!(super::areas().len() > 0);
        for area in super::areas() {
            let json = super::cases_json(area).unwrap();
            assert!(json.contains("\"cases\""), "{area}");
        }
    }
}
