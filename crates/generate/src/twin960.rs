//! The Chess960 twin of a standard castling case: the same position and history read as
//! Chess960 (FIDE Guidelines II), castling written as the king taking its rook (`e1g1` becomes
//! `e1h1`, `e8c8` becomes `e8a8`).
//!
//! A standard position with castling rights is a Chess960 position: its king stands on e1
//! (e8) between the two rooks its rights name, the outermost ones (X-FEN's `K` and `Q`), and
//! Chess960 castling from there puts king and rook on the squares of regular chess, across the
//! same squares (II.3.2.6, II.3.2.7.4: from e1 with the h1 rook, f1 and g1; with the a1 rook,
//! b1, c1 and d1). So the twin's answers are the original's, but where a case's answer rests on
//! what only standard chess says: a castling field that names other rooks in Chess960 (a `K`
//! with no rook on h1 names the outermost rook there), a FEN Chess960 refuses or accepts where
//! standard chess does not, a `valid` question (the castling field read otherwise), or a
//! touch-move ruling (castling touched as Chess960 does it, II.3.2.5.1, is not a
//! transformation of the standard events). Those have no twin, and the report says why.

use chess_conformance::Variant;
use chess_conformance::case::{Case, Expect};
use chess_conformance::replay::{self, parse_fen_in};
use shakmaty::{Chess, Position, Role, Square};

use crate::symmetry::NoTwin;

/// The generator's name, in ids and as the twin's tag.
pub const GENERATOR: &str = "chess960-twin";

/// The Chess960 twin of a standard case, id left empty, or why there is none.
pub fn twin(case: &Case) -> Result<Case, NoTwin> {
    let no = |why: &str| Err(NoTwin::Asymmetric(why.to_owned()));
    if !case.variant().is_standard() {
        return no("already a Chess960 case");
    }
    if !case.pieces.is_empty() {
        return no("a case of pieces beyond the standard six");
    }
    if case.expect.touch_move.is_some() {
        return no(
            "a touch-move ruling: castling touched in Chess960 (the king first, or the king off \
             the board and the rook, II.3.2.5.1) is not the standard events with other squares",
        );
    }
    if case.expect.valid.is_some() {
        return no(
            "a `valid` case: Chess960 reads the castling field otherwise (II.2.1: a right names \
             a rook on either side of a king anywhere between them), so the answer is standard \
             chess's only",
        );
    }
    let standard = parse_fen_in(&case.fen, Variant::Standard).map_err(|e| {
        NoTwin::Broken(format!(
            "`{}` does not set up in standard chess: {e}",
            case.id
        ))
    })?;
    let chess960 = match parse_fen_in(&case.fen, Variant::Chess960) {
        Ok(pos) => pos,
        Err(e) => {
            return Err(NoTwin::Asymmetric(format!(
                "the FEN is not a legal Chess960 position ({e})"
            )));
        }
    };
    if standard.castles().castling_rights() != chess960.castles().castling_rights() {
        return no(
            "the castling field names other rooks when read as Chess960 (X-FEN: `K` and `Q` \
             name the outermost rook on each side of the king, which is not the corner rook \
             standard chess reads)",
        );
    }
    let mut pos = standard;
    let mut moves = Vec::with_capacity(case.moves.len());
    for uci in &case.moves {
        moves.push(king_takes_rook(&pos, uci));
        let m = replay::parse_uci(&pos, uci).map_err(|e| {
            NoTwin::Broken(format!("`{}`: the history does not replay: {e}", case.id))
        })?;
        pos.play_unchecked(m);
    }
    if let Some(mv) = moves_of(&case.expect)
        .into_iter()
        .find(|m| takes_own_rook(&pos, m))
    {
        return Err(NoTwin::Asymmetric(format!(
            "the case asks about the move {mv}, the king onto its own rook: no move in standard \
             chess, but Chess960's spelling of castling, so the answer depends on the notation"
        )));
    }
    let expect = convert_expect(&case.expect, &pos).map_err(NoTwin::Broken)?;
    let Case {
        id,
        title,
        rule,
        source,
        tags,
        fen,
        moves: _,
        pieces,
        variant: _,
        expect: _,
    } = case;
    let mut tags = tags.clone();
    tags.push(GENERATOR.into());
    let origin = format!("the Chess960 reading of `{id}` (castling as the king taking its rook)");
    Ok(Case {
        id: String::new(),
        title: format!("Read as Chess960: {title}"),
        rule: rule.clone(),
        source: Some(match source {
            Some(src) => format!("generated as {origin}; the original cites: {src}"),
            None => format!("generated as {origin}"),
        }),
        tags,
        pieces: pieces.clone(),
        variant: Some(Variant::Chess960),
        fen: fen.clone(),
        moves,
        expect,
    })
}

/// A standard castling move of `pos` (the king's two-square move from e1 or e8, the rook of
/// that corner standing there) as the king taking its rook; any other move as it is. An
/// illegal castling is converted the same way (the king taking its own rook is then illegal
/// in Chess960 as the two-square move was), so that `illegal` keeps its meaning.
pub fn king_takes_rook(pos: &Chess, uci: &str) -> String {
    let convert = || -> Option<String> {
        if uci.len() != 4 {
            return None;
        }
        let from: Square = uci[..2].parse().ok()?;
        let to: Square = uci[2..].parse().ok()?;
        let piece = pos.board().piece_at(from)?;
        let home = piece.color.backrank();
        if piece.role != Role::King || from.rank() != home || from.file() != shakmaty::File::E {
            return None;
        }
        if to.rank() != home {
            return None;
        }
        let corner = match to.file() {
            shakmaty::File::G => shakmaty::File::H,
            shakmaty::File::C => shakmaty::File::A,
            _ => return None,
        };
        let rook = Square::from_coords(corner, home);
        (pos.board().piece_at(rook) == Some(piece.color.rook())).then(|| format!("{from}{rook}"))
    };
    convert().unwrap_or_else(|| uci.to_owned())
}

/// Whether `uci` moves the king of `pos` onto a rook of its own on its rank.
fn takes_own_rook(pos: &Chess, uci: &str) -> bool {
    let (Some(from), Some(to)) = (uci.get(..2), uci.get(2..)) else {
        return false;
    };
    let (Ok(from), Ok(to)) = (from.parse::<Square>(), to.parse::<Square>()) else {
        return false;
    };
    let board = pos.board();
    board.piece_at(from).is_some_and(|king| {
        king.role == Role::King
            && from.rank() == to.rank()
            && board.piece_at(to) == Some(king.color.rook())
    })
}

/// Every string of an expectation (list items, map keys and values): the moves among them.
fn moves_of(expect: &Expect) -> Vec<String> {
    fn walk(value: &serde_json::Value, out: &mut Vec<String>) {
        match value {
            serde_json::Value::String(s) => out.push(s.clone()),
            serde_json::Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    out.push(k.clone());
                    walk(v, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Ok(value) = serde_json::to_value(expect) {
        walk(&value, &mut out);
    }
    out
}

/// Every move of an expectation (list items, map keys and values, the moves of `after`) as
/// [`king_takes_rook`] writes it in `pos`, the position reached. Moves are the only strings
/// of an expectation that read as two squares (FENs, SAN, squares and names do not).
fn convert_expect(expect: &Expect, pos: &Chess) -> Result<Expect, String> {
    fn walk(value: &mut serde_json::Value, pos: &Chess) {
        match value {
            serde_json::Value::String(s) => *s = king_takes_rook(pos, s),
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk(v, pos)),
            serde_json::Value::Object(map) => {
                let old = std::mem::take(map);
                for (k, mut v) in old {
                    walk(&mut v, pos);
                    map.insert(king_takes_rook(pos, &k), v);
                }
            }
            _ => {}
        }
    }
    let mut value = serde_json::to_value(expect).map_err(|e| e.to_string())?;
    walk(&mut value, pos);
    serde_json::from_value(value).map_err(|e| format!("the converted expectation: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case(fen: &str, moves: &[&str], yaml_expect: &str) -> Case {
        Case {
            id: "castling/x".into(),
            title: "t".into(),
            rule: "3.8.2".into(),
            source: None,
            tags: vec![],
            fen: fen.into(),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            expect: serde_yaml_ng::from_str(yaml_expect).unwrap(),
            pieces: Vec::new(),
            variant: None,
        }
    }

    #[test]
    fn castling_moves_become_the_king_taking_its_rook() {
        let c = case(
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
            &["e1g1"],
            "{legal: [e8c8, e8g8, e8d8], san: {e8c8: O-O-O}, from_san: {O-O: e8g8}, \
             after: [{move: e8g8, fen: 'r4rk1/8/8/8/8/8/8/R4RK1 w - - 2 2'}]}",
        );
        let t = twin(&c).unwrap();
        assert_eq!(t.moves, ["e1h1"]);
        assert_eq!(t.variant, Some(Variant::Chess960));
        assert_eq!(t.expect.legal.unwrap(), ["e8a8", "e8h8", "e8d8"]);
        assert_eq!(t.expect.san.unwrap().keys().collect::<Vec<_>>(), ["e8a8"]);
        assert_eq!(t.expect.from_san.unwrap()["O-O"].as_deref(), Some("e8h8"));
        let after = &t.expect.after.unwrap()[0];
        assert_eq!(after.mv, "e8h8");
        assert_eq!(after.fen, "r4rk1/8/8/8/8/8/8/R4RK1 w - - 2 2");
        assert!(t.tags.contains(&GENERATOR.to_owned()));
    }

    #[test]
    fn a_two_square_king_move_without_its_rook_stays() {
        // No rook on h1: e1g1 is no castling to convert (and is illegal either way).
        let c = case(
            "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1",
            &[],
            "{illegal: [e1g1], legal: [e1c1]}",
        );
        let t = twin(&c).unwrap();
        assert_eq!(t.expect.illegal.unwrap(), ["e1g1"]);
        assert_eq!(t.expect.legal.unwrap(), ["e1a1"]);
    }

    #[test]
    fn a_case_about_the_king_taking_its_rook_has_no_twin() {
        // In standard chess e1h1 is no move; in Chess960 it is O-O.
        let c = case(
            "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
            &[],
            "{illegal: [e1h1], legal: [e1g1]}",
        );
        assert!(matches!(twin(&c), Err(NoTwin::Asymmetric(why)) if why.contains("e1h1")));
    }

    #[test]
    fn touch_move_and_valid_cases_have_no_twin() {
        let c = case("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[], "{valid: true}");
        assert!(matches!(twin(&c), Err(NoTwin::Asymmetric(why)) if why.contains("II.2.1")));
        let c = case("4k3/8/8/8/8/8/8/4K3 w - - 0 1", &[], "{check: false}");
        assert_eq!(twin(&c).unwrap().fen, c.fen);
    }
}
