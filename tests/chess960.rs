//! A Chess960 position and its standard twin give the same answers wherever the start does not
//! matter (issue 25, item 3): the reference's Chess960 mode goes through the same replay,
//! repetition, claims and move generation as standard chess, and only the spelling of castling
//! differs (the king taking its rook, `e1h1`, instead of its two-square move, `e1g1`).
//!
//! Every hand-written standard-chess case of the catalogue whose position a Chess960 game can
//! also reach (the rooks that may castle in the corners, the kings on e1 and e8: a Chess960
//! start, the standard one) is asked both ways: its legal moves, check and checkers, the game
//! state, the claims, the mating material, the SAN and the position after every legal move,
//! perft to depth 2, and its FEN's validity.

use chess_conformance::{Catalogue, Engine, FenCheck, Game, MoveResult, Origin, Reference};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Move, Position};

/// The standard replay of a case's history, or `None` when it does not set up.
fn standard_position(fen: &str, moves: &[String]) -> Option<Chess> {
    chess_conformance::replay::Replay::new(fen, moves)
        .ok()
        .map(|r| r.position)
}

/// A standard UCI move of `pos` in Chess960 spelling (castling as the king taking its rook).
fn to_960(pos: &Chess, uci: &str) -> String {
    let m: Move = UciMove::from_ascii(uci.as_bytes())
        .expect("the reference writes UCI")
        .to_move(pos)
        .expect("the reference's moves are legal");
    UciMove::from_move(m, CastlingMode::Chess960).to_string()
}

/// The castling rights a FEN writes, as the squares of their rooks (X-FEN, Shredder-FEN and
/// `KQkq` compared by meaning).
fn rights(fen: &str) -> shakmaty::Bitboard {
    Fen::from_ascii(fen.as_bytes())
        .expect("the reference writes FENs")
        .as_setup()
        .castling_rights
}

#[test]
fn a_standard_position_read_as_chess960_answers_the_same() {
    let catalogue = Catalogue::builtin().expect("the shipped catalogue loads");
    let mut reference = Reference::new();
    let mut asked = 0;
    let mut with_castling = 0;
    for loaded in catalogue.cases() {
        let case = &loaded.case;
        if loaded.origin != Origin::HandWritten
            || !case.variant().is_standard()
            || !case.pieces.is_empty()
            || case.expect.valid == Some(false)
        {
            continue;
        }
        let Some(start) = standard_position(&case.fen, &[]) else {
            continue;
        };
        // The history in Chess960 spelling, move by move.
        let mut pos = start;
        let mut moves_960 = Vec::new();
        for uci in &case.moves {
            moves_960.push(to_960(&pos, uci));
            let m = UciMove::from_ascii(uci.as_bytes())
                .unwrap()
                .to_move(&pos)
                .unwrap();
            pos.play_unchecked(m);
        }
        let standard = Game::new(&case.fen, &case.moves);
        let chess960 = Game::chess960(&case.fen, &moves_960);
        let id = &case.id;
        assert_eq!(
            reference.validate_fen(&case.fen, chess_conformance::Variant::Chess960),
            Ok(FenCheck::Accepted),
            "{id}: a standard position is a Chess960 position"
        );

        let mut legal: Vec<String> = reference
            .legal_moves(&standard)
            .unwrap()
            .iter()
            .map(|m| to_960(&pos, m))
            .collect();
        let mut legal_960 = reference.legal_moves(&chess960).unwrap();
        legal.sort();
        legal_960.sort();
        assert_eq!(legal, legal_960, "{id}: legal moves");

        assert_eq!(
            reference.in_check(&standard),
            reference.in_check(&chess960),
            "{id}"
        );
        assert_eq!(
            reference.checkers(&standard),
            reference.checkers(&chess960),
            "{id}"
        );
        assert_eq!(
            reference.game_state(&standard),
            reference.game_state(&chess960),
            "{id}: game state"
        );
        assert_eq!(
            reference.draw_claims(&standard),
            reference.draw_claims(&chess960),
            "{id}: claims"
        );
        assert_eq!(
            reference.mating_material(&standard),
            reference.mating_material(&chess960),
            "{id}"
        );
        assert_eq!(
            reference.perft(&standard, 2),
            reference.perft(&chess960, 2),
            "{id}: perft 2"
        );

        let standard_moves = reference.legal_moves(&standard).unwrap();
        for m in &standard_moves {
            let m_960 = to_960(&pos, m);
            if m_960 != *m {
                with_castling += 1;
            }
            assert_eq!(
                reference.san(&standard, m),
                reference.san(&chess960, &m_960),
                "{id}: SAN of {m}"
            );
            let san = reference.san(&standard, m).unwrap();
            assert_eq!(
                reference.parse_san(&chess960, &san),
                Ok(Some(m_960.clone())),
                "{id}: {san} read back"
            );
            let (Ok(MoveResult::Played(after)), Ok(MoveResult::Played(after_960))) = (
                reference.play(&standard, m),
                reference.play(&chess960, &m_960),
            ) else {
                panic!("{id}: {m} / {m_960} not played");
            };
            let board = |fen: &str| fen.split(' ').next().unwrap().to_owned();
            let rest = |fen: &str| {
                let f: Vec<&str> = fen.split(' ').collect();
                [f[1], f[3], f[4], f[5]].join(" ")
            };
            assert_eq!(board(&after), board(&after_960), "{id}: after {m}");
            assert_eq!(rest(&after), rest(&after_960), "{id}: after {m}");
            assert_eq!(
                rights(&after),
                rights(&after_960),
                "{id}: castling rights after {m}"
            );
        }
        asked += 1;
    }
    eprintln!(
        "{asked} standard cases asked both ways, {with_castling} castling moves among their legal moves"
    );
    // The catalogue's standard cases are many and castle often: a filter that let nothing
    // through, or a spelling never exercised, would make this test say nothing.
    assert!(asked > 500, "only {asked} cases asked");
    assert!(with_castling > 100, "only {with_castling} castling moves");
}
