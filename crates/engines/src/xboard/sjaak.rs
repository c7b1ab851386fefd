//! Pieces beyond the six for Sjaak II: a variant file per piece set (each Betza movement as
//! Sjaak II's `Move:` lines; docs/fairy-perft.md), written to the engine's private folder for
//! `load`.

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;

use chess_conformance::PieceDefinition;
use chess_conformance::fairy::Movement;
use chess_conformance::fairy::UNLIMITED;

/// Sjaak II's `Move:` lines for a movement of the suite's Betza subset, or why it has none: each
/// atom by its range (docs/fairy-perft.md, "For the engine kinds"): the leaps on one `leap`
/// line, the wazir's and the ferz's limited rides on one `step` line, their unlimited rides on
/// one `slide` line, the other atoms' unlimited rides on one `ride` line. Sjaak II has no
/// limited ride of the other atoms.
fn sjaak_moves(betza: &str) -> Result<Vec<String>, String> {
    let movement = Movement::parse(betza).map_err(|e| e.to_string())?;
    // Each atom (x >= y >= 0) and its range, the same in all its directions in the subset.
    let mut atoms: BTreeMap<(i8, i8), u8> = BTreeMap::new();
    for leg in &movement.legs {
        let (a, b) = (leg.df.abs(), leg.dr.abs());
        atoms.insert((a.max(b), a.min(b)), leg.range);
    }
    let (mut leap, mut step, mut slide, mut ride) = (vec![], vec![], vec![], vec![]);
    for (&(x, y), &range) in &atoms {
        match ((x, y), range) {
            (_, 1) => leap.push(format!("({x},{y})")),
            ((1, 0), UNLIMITED) => slide.push("H,V"),
            ((1, 1), UNLIMITED) => slide.push("D,A"),
            ((1, 0), n) => step.push(format!("{n}N,{n}S,{n}E,{n}W")),
            ((1, 1), n) => step.push(format!("{n}NE,{n}NW,{n}SE,{n}SW")),
            (_, UNLIMITED) => ride.push(format!("({x},{y})")),
            (_, n) => {
                return Err(format!(
                    "Sjaak II has no ({x},{y}) rider limited to {n} steps (`{betza}`)"
                ));
            }
        }
    }
    let mut lines = Vec::new();
    if !leap.is_empty() {
        lines.push(format!("leap {}", leap.join("|")));
    }
    if !step.is_empty() {
        lines.push(format!("step {}", step.join(",")));
    }
    if !slide.is_empty() {
        lines.push(format!("slide ({})", slide.join(",")));
    }
    if !ride.is_empty() {
        lines.push(format!("ride {}", ride.join("|")));
    }
    Ok(lines)
}

/// The text of a Sjaak II variant file: chess (castling, en passant, promotion to QRBN) with
/// `pieces`, as the variant `name` (docs/fairy-perft/sjaakii.txt is one, by hand).
fn sjaak_variant(name: &str, pieces: &[PieceDefinition]) -> Result<String, String> {
    let mut text = format!(
        "Variant: {name} (8x8)\nBoard: 8x8\n\
         FEN: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\"\n\
         Zone: rank8 = a8,b8,c8,d8,e8,f8,g8,h8\nZone: rank7 = a7,b7,c7,d7,e7,f7,g7,h7\n\
         Zone: rank2 = a2,b2,c2,d2,e2,f2,g2,h2\nZone: rank1 = a1,b1,c1,d1,e1,f1,g1,h1\n\n\
         Piece: Knight\nMove: leap (2,1)\nSymbol: \"N\", \"N,n\"\n\n\
         Piece: Bishop\nMove: slide (D,A)\nSymbol: \"B\", \"B,b\"\n\n\
         Piece: Rook\nMove: slide (H,V)\nSymbol: \"R\", \"R,r\"\n\n\
         Piece: Queen\nMove: slide (D,A,H,V)\nSymbol: \"Q\", \"Q,q\"\n\n\
         Piece: King\nMove: leap (1,0)|(1,1)\nSymbol: \"K\", \"K,k\"\nFlags: royal\n\
         Castle: white e1-g1 with h1\nCastle: white e1-c1 with a1\n\
         Castle: black e8-g8 with h8\nCastle: black e8-c8 with a8\n\n\
         Piece: Pawn\nMove: step N\nCapture: step NE,NW\nSpecial: rank2, rank7, step 2N\n\
         Symbol: \" \", \"P,p\"\nFlags: set_ep,take_ep\nPromotion: rank8, rank1, \"QRBN\"\n"
    );
    for (i, piece) in pieces.iter().enumerate() {
        let letter = piece.letter.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() || "pnbrqk".contains(letter) {
            return Err(format!(
                "the piece letter `{letter}` is not one for a new piece"
            ));
        }
        let upper = letter.to_ascii_uppercase();
        text.push_str(&format!("\nPiece: Piece{i}\n"));
        for line in sjaak_moves(&piece.betza)? {
            text.push_str(&format!("Move: {line}\n"));
        }
        text.push_str(&format!("Symbol: \"{upper}\", \"{upper},{letter}\"\n"));
    }
    text.push_str("\nRule: checkmate = win\nRule: stalemate = draw\n");
    Ok(text)
}

/// The variant of `pieces` and its file in this process's private folder (`scratch.rs`), named
/// by its text's hash: `cc-HASH` and its path. Written once per process.
pub(super) fn variant_file(
    scratch: crate::scratch::Key,
    pieces: &[PieceDefinition],
) -> Result<(String, PathBuf), String> {
    let draft = sjaak_variant("cc", pieces)?;
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    draft.hash(&mut hasher);
    let name = format!("cc-{:016x}", hasher.finish());
    let text = sjaak_variant(&name, pieces)?;
    let path = crate::scratch::write(scratch, &format!("sjaak-{name}.txt"), &text)
        .map_err(|e| format!("cannot write the variant file: {e}"))?;
    Ok((name, path))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suites_pieces_become_sjaak_move_lines() {
        // Each as docs/fairy-perft.md found Sjaak II to read it back (its `piece X& BETZA`).
        assert_eq!(
            sjaak_moves("QN").unwrap(),
            ["leap (2,1)", "slide (H,V,D,A)"]
        );
        assert_eq!(sjaak_moves("F").unwrap(), ["leap (1,1)"]);
        assert_eq!(sjaak_moves("A").unwrap(), ["leap (2,2)"]);
        assert_eq!(sjaak_moves("R2").unwrap(), ["step 2N,2S,2E,2W"]);
        assert_eq!(sjaak_moves("D").unwrap(), ["leap (2,0)"]);
        assert_eq!(sjaak_moves("K").unwrap(), ["leap (1,0)|(1,1)"]);
        assert_eq!(
            sjaak_moves("NNB3").unwrap(),
            ["step 3NE,3NW,3SE,3SW", "ride (2,1)"]
        );
        // No limited ride of an atom but the wazir's and the ferz's.
        assert!(sjaak_moves("N2").is_err());
        assert!(sjaak_moves("mQ").is_err());
    }

    #[test]
    fn a_variant_file_declares_each_piece_by_its_letters() {
        let pieces = [PieceDefinition {
            letter: 's',
            name: "short rook".to_owned(),
            betza: "R2".to_owned(),
        }];
        let text = sjaak_variant("cc-x", &pieces).unwrap();
        assert!(text.starts_with("Variant: cc-x (8x8)\n"));
        assert!(text.contains("Move: step 2N,2S,2E,2W\nSymbol: \"S\", \"S,s\"\n"));
        let knight = [PieceDefinition {
            letter: 'n',
            name: "not a knight".to_owned(),
            betza: "F".to_owned(),
        }];
        assert!(sjaak_variant("cc-y", &knight).is_err());
    }
}
