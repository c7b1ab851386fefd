//! What `generated/` must be, checked cheaply on every `cargo test` (the full regeneration is
//! `chess-conformance generate --check`, run by CI): the published schema is the one the types
//! give, every case file names it, and the generated catalogue has the size and shape the issue
//! asks for.

use std::collections::BTreeMap;

use chess_conformance::{Catalogue, Origin};
use chess_conformance_generate::{AREAS, schema};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

#[test]
fn the_published_schema_is_the_one_the_types_give() {
    let published = std::fs::read_to_string(format!("{ROOT}/{}", schema::PATH)).unwrap();
    assert!(
        published == schema::schema_json(),
        "{} is stale: run `chess-conformance generate`",
        schema::PATH
    );
}

#[test]
fn every_case_file_names_the_schema_for_editors() {
    for area in AREAS {
        let text = std::fs::read_to_string(format!("{ROOT}/cases/{area}.yaml")).unwrap();
        assert_eq!(
            text.lines().next(),
            Some("# yaml-language-server: $schema=../generated/schema/cases.schema.json"),
            "cases/{area}.yaml"
        );
        let text = std::fs::read_to_string(format!("{ROOT}/generated/{area}.yaml")).unwrap();
        assert_eq!(
            text.lines().next(),
            Some("# yaml-language-server: $schema=schema/cases.schema.json"),
            "generated/{area}.yaml"
        );
    }
}

#[test]
fn at_least_20000_generated_cases_and_500_per_area_named_by_generator_and_hash() {
    let catalogue = Catalogue::builtin().unwrap();
    let mut per_area: BTreeMap<&str, usize> = BTreeMap::new();
    for c in catalogue
        .cases()
        .iter()
        .filter(|c| c.origin == Origin::Generated)
    {
        let parts: Vec<&str> = c.case.id.split('/').collect();
        assert_eq!(parts.len(), 3, "{}", c.case.id);
        assert!(
            ["flip", "mirror", "divide", "mined"].contains(&parts[1]),
            "{}",
            c.case.id
        );
        assert!(
            parts[2].len() == 12 && parts[2].chars().all(|ch| ch.is_ascii_hexdigit()),
            "{}",
            c.case.id
        );
        assert!(c.case.tags.iter().any(|t| t == parts[1]), "{}", c.case.id);
        assert_eq!(c.file, format!("generated/{}.yaml", parts[0]));
        *per_area.entry(parts[0]).or_default() += 1;
    }
    let total: usize = per_area.values().sum();
    assert!(total >= 20_000, "{total} generated cases");
    for area in AREAS {
        let n = per_area.get(area).copied().unwrap_or(0);
        // The historical pieces are played by the fairy reference, which the generator's
        // twins and miners (on shakmaty) do not use: every case there is hand-written.
        if area == "historical-pieces" {
            assert_eq!(n, 0, "{area}: {n} generated cases");
            continue;
        }
        assert!(n >= 500, "{area}: {n} generated cases");
    }
}
