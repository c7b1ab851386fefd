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
            ["flip", "mirror", "chess960-twin", "divide", "mined"].contains(&parts[1]),
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

#[test]
fn chess960_cases_are_played_as_chess960_and_mined_from_every_start() {
    let catalogue = Catalogue::builtin().unwrap();
    let generated: Vec<_> = catalogue
        .cases()
        .iter()
        .filter(|c| c.origin == Origin::Generated)
        .collect();
    let kind = |c: &&&chess_conformance::LoadedCase| c.case.id.split('/').nth(1).map(str::to_owned);
    // The Chess960 reading of the standard castling cases, and everything of the area.
    for c in &generated {
        let reading = kind(&c).as_deref() == Some("chess960-twin");
        if reading || c.case.area() == "chess960" {
            assert_eq!(
                c.case.variant(),
                chess_conformance::Variant::Chess960,
                "{}",
                c.case.id
            );
        } else {
            assert!(c.case.variant().is_standard(), "{}", c.case.id);
        }
        if reading {
            assert_eq!(c.case.area(), "castling", "{}", c.case.id);
            // Castling as the king taking its rook: no two-square king move from e1 or e8
            // is listed as legal.
            for m in c.case.expect.legal.iter().flatten() {
                assert!(
                    !["e1g1", "e1c1", "e8g8", "e8c8"].contains(&m.as_str()),
                    "{}: {m}",
                    c.case.id
                );
            }
        }
    }
    let mined: Vec<_> = generated
        .iter()
        .filter(|c| c.case.area() == "chess960" && kind(c).as_deref() == Some("mined"))
        .collect();
    assert!(mined.len() >= 1000, "{} mined Chess960 cases", mined.len());
    let starts: std::collections::BTreeSet<&str> = mined
        .iter()
        .filter_map(|c| {
            c.case
                .source
                .as_deref()?
                .split("start ")
                .nth(1)?
                .split(' ')
                .next()
        })
        .collect();
    assert!(starts.len() >= 500, "mined from {} starts", starts.len());
}

/// The catalogue's record and changelog (cases/catalogue.lock, cases/CHANGELOG.md) are those of
/// cases/VERSION and the cases now: a case added, changed or retired without a bump of the right
/// kind, or a bump not recorded by `generate`, fails here, saying what to do (`generate --check`
/// says the same in CI, from a fresh generation).
#[test]
fn the_record_and_changelog_are_those_of_the_version_and_the_cases() {
    use chess_conformance::catalogue::Lock;
    use chess_conformance_generate::version::{self, Current};
    let cases = std::path::Path::new(ROOT).join("cases");
    let all = Catalogue::builtin().unwrap();
    let hand = all.clone().retain(|c| c.origin == Origin::HandWritten);
    let generated = all
        .cases()
        .iter()
        .filter(|c| c.origin == Origin::Generated)
        .map(|c| c.case.id.as_str());
    let current = Current::from_ids(&hand, generated);
    let on_disk = std::fs::read_to_string(cases.join(version::LOCK_FILE)).unwrap();
    let lock = Lock::parse(&on_disk).unwrap();
    let wanted = version::folder_version(&cases).unwrap();
    let advanced =
        version::advance(Some(&lock), wanted, &current).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        advanced == lock,
        "cases/VERSION says {wanted}, cases/catalogue.lock records {}: run `chess-conformance generate`",
        lock.version
    );
    let changelog = std::fs::read_to_string(cases.join(version::CHANGELOG_FILE)).unwrap();
    assert!(
        changelog == version::changelog(&lock),
        "cases/CHANGELOG.md is stale: run `chess-conformance generate`"
    );
}
