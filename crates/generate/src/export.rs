//! Exports for other languages: the catalogue as JSON, one file per rule area, and the perft
//! cases as EPD.
//!
//! A JSON file has the shape of a case file (`{"description": ..., "cases": [...]}`, described by
//! the JSON Schema of [`super::schema`]), one case per line, hand-written cases first. Perft
//! depths are object keys, so strings (`"1": 20`). Generated cases carry their generator as a
//! tag (`flip`, `mirror`, `chess960-twin`, `divide`, `mined`) and a Chess960 case its
//! `"variant": "chess960"`.
//!
//! The EPD files (`perft.epd`, and `chess960.epd` for the Chess960 positions, castling rights
//! in Shredder-FEN) have one line per perft case: the position reached (the FEN's first four fields
//! after the history, en passant square written only when a capture is legal), then `;D<depth>
//! <nodes>` per depth and `;id "<case id>"`, the layout of the common perft suites.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use shakmaty::EnPassantMode;
use shakmaty::fen::Epd;

use chess_conformance::Variant;
use chess_conformance::catalogue::{Catalogue, Origin};
use chess_conformance::replay::Replay;

/// The JSON export: file name (`<area>.json`) to contents, areas sorted by name; each file's
/// description names the catalogue's version, when it has one (the schema allows no other
/// top-level field).
pub fn json_files(catalogue: &Catalogue) -> Vec<(String, Vec<u8>)> {
    let mut areas: BTreeMap<&str, Vec<&chess_conformance::LoadedCase>> = BTreeMap::new();
    for c in catalogue.cases() {
        areas.entry(c.case.area()).or_default().push(c);
    }
    areas
        .into_iter()
        .map(|(area, cases)| {
            let hand = cases
                .iter()
                .filter(|c| c.origin == Origin::HandWritten)
                .count();
            let version = catalogue
                .version()
                .map(|v| format!(", version {v}"))
                .unwrap_or_default();
            let description = format!(
                "The rule area `{area}` of the chess-conformance catalogue{version}: {hand} \
                 hand-written and {} generated cases.",
                cases.len() - hand
            );
            let mut out = String::from("{\"description\": ");
            out.push_str(&serde_json::to_string(&description).expect("a string serializes"));
            out.push_str(", \"cases\": [\n");
            for (i, c) in cases.iter().enumerate() {
                out.push_str(&serde_json::to_string(&c.case).expect("a case serializes"));
                out.push_str(if i + 1 < cases.len() { ",\n" } else { "\n" });
            }
            out.push_str("]}\n");
            (format!("{area}.json"), out.into_bytes())
        })
        .collect()
}

/// The EPD export of every case of `variant` and the standard pieces with a `perft`
/// assertion, in catalogue order. (The perft cases of the historical pieces are in the JSON
/// export, with their piece definitions: an EPD perft file's readers know the six letters
/// only.)
///
/// Chess960 positions go to a file of their own (`epd/chess960.epd`), as the perft suites of
/// Chess960 are kept apart (Ethereal's `fischer.epd`, the Chess Programming Wiki's Chess960
/// perft results): a reader sets its engine to Chess960 for the whole file. Their castling
/// rights are written in Shredder-FEN (the rooks' file letters, `HAha`), as in `fischer.epd`,
/// which every Chess960 reader takes and which never depends on where the other rooks stand.
pub fn epd(catalogue: &Catalogue, variant: Variant) -> String {
    let mut out = String::new();
    for c in catalogue.cases() {
        let Some(perft) = &c.case.expect.perft else {
            continue;
        };
        if !c.case.pieces.is_empty() || c.case.variant() != variant {
            continue;
        }
        // The loader has replayed every case already; a case that does not replay is not
        // in a loaded catalogue.
        let Ok(replay) = Replay::in_variant(variant, &c.case.fen, &c.case.moves) else {
            continue;
        };
        let epd = Epd::from_position(&replay.position, EnPassantMode::Legal).to_string();
        if variant == Variant::Chess960 {
            out.push_str(&shredder(&epd, &replay.position));
        } else {
            out.push_str(&epd);
        }
        for (depth, nodes) in perft {
            let _ = write!(out, " ;D{depth} {nodes}");
        }
        let _ = writeln!(out, " ;id \"{}\"", c.case.id);
    }
    out
}

/// An EPD's castling field (its third) in Shredder-FEN: each rook with a right by its file
/// letter, White's upper case first, each side's from the h-file down.
fn shredder(epd: &str, pos: &shakmaty::Chess) -> String {
    use shakmaty::{Color, Position};
    let rights = pos.castles().castling_rights();
    let mut field = String::new();
    for color in Color::ALL {
        for rook in (rights & color.backrank()).into_iter().rev() {
            let letter = rook.file().char();
            field.push(match color {
                Color::White => letter.to_ascii_uppercase(),
                Color::Black => letter,
            });
        }
    }
    if field.is_empty() {
        field.push('-');
    }
    epd.split(' ')
        .enumerate()
        .map(|(i, f)| if i == 2 { field.as_str() } else { f })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_conformance::catalogue::Source;

    #[test]
    fn exports_json_and_epd() {
        let yaml = "cases:\n  - id: perft/x\n    title: t\n    rule: 3.10.1\n    fen: 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n    moves: [e2e4]\n    expect:\n      perft: { 1: 5, 2: 30 }\n";
        let catalogue = Catalogue::from_sources(
            [Source {
                name: "cases/perft.yaml".into(),
                text: yaml.into(),
            }],
            [],
        )
        .unwrap();
        assert_eq!(
            epd(&catalogue, Variant::Standard),
            "4k3/8/8/8/4P3/8/8/4K3 b - - ;D1 5 ;D2 30 ;id \"perft/x\"\n"
        );
        let files = json_files(&catalogue);
        assert_eq!(files[0].0, "perft.json");
        let parsed: chess_conformance::case::CaseFile =
            serde_json::from_slice(&files[0].1).unwrap();
        assert_eq!(parsed.cases[0], catalogue.cases()[0].case);
    }

    #[test]
    fn chess960_perft_goes_to_its_own_epd_in_shredder_fen() {
        // Start 0 (BBQNNRKR): rooks on f and h, written HFhf.
        let yaml = "variant: chess960\ncases:\n  - id: chess960/x\n    title: t\n    rule: II.1\n    fen: bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\n    expect:\n      perft: { 1: 20 }\n";
        let catalogue = Catalogue::from_sources(
            [Source {
                name: "cases/chess960.yaml".into(),
                text: yaml.into(),
            }],
            [],
        )
        .unwrap();
        assert_eq!(epd(&catalogue, Variant::Standard), "");
        assert_eq!(
            epd(&catalogue, Variant::Chess960),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - ;D1 20 ;id \"chess960/x\"\n"
        );
        let files = json_files(&catalogue);
        let text = String::from_utf8(files[0].1.clone()).unwrap();
        assert!(text.contains("\"variant\":\"chess960\""), "{text}");
    }
}
