//! The fairy reference against shakmaty on the standard pieces, and against the facts of the
//! sources on the others.

use std::collections::BTreeSet;
use std::sync::Arc;

use proptest::prelude::*;
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

use super::board::{parse_square, square_name};
use super::*;

fn standard(fen: &str) -> Board {
    Board::from_fen(fen, Arc::new(PieceSet::standard())).unwrap()
}

fn shakmaty(fen: &str) -> Chess {
    fen.parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap()
}

/// Every answer of the two on one position: moves, SAN, check, outcome, FEN.
fn same_as_shakmaty(board: &Board, pos: &Chess) {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    assert_eq!(board.fen(), fen);
    let ours: BTreeSet<(String, String)> = board
        .legal_moves()
        .into_iter()
        .map(|m| (board.uci(m), board.san(m)))
        .collect();
    let theirs: BTreeSet<(String, String)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| {
            (
                m.to_uci(CastlingMode::Standard).to_string(),
                SanPlus::from_move(pos.clone(), m).to_string(),
            )
        })
        .collect();
    assert_eq!(ours, theirs, "moves of {fen}");
    assert_eq!(
        board.in_check(board.turn()),
        pos.is_check(),
        "check in {fen}"
    );
    let outcome = if pos.is_checkmate() {
        Outcome::Checkmate
    } else if pos.is_stalemate() {
        Outcome::Stalemate
    } else {
        Outcome::Ongoing
    };
    assert_eq!(board.outcome(), outcome, "outcome of {fen}");
}

/// The perft positions of the Chess Programming Wiki ("Perft Results"), with their published
/// counts at depths 1 to 3.
const WIKI: &[(&str, [u64; 3])] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        [20, 400, 8902],
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        [48, 2039, 97862],
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", [14, 191, 2812]),
    (
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        [6, 264, 9467],
    ),
    (
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        [44, 1486, 62379],
    ),
    (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        [46, 2079, 89890],
    ),
];

#[test]
fn the_wiki_perft_counts() {
    for (fen, counts) in WIKI {
        let board = standard(fen);
        same_as_shakmaty(&board, &shakmaty(fen));
        for (depth, &count) in (1..).zip(counts) {
            assert_eq!(board.perft(depth), count, "perft {depth} of {fen}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Random games from the wiki's positions: at every ply the same moves, SAN, check,
    /// outcome and FEN as shakmaty, and the same perft at depth 2.
    #[test]
    fn random_games_agree_with_shakmaty(start in 0..WIKI.len(), picks in prop::collection::vec(any::<u16>(), 1..60)) {
        let fen = WIKI[start].0;
        let mut board = standard(fen);
        let mut pos = shakmaty(fen);
        for (ply, pick) in picks.into_iter().enumerate() {
            same_as_shakmaty(&board, &pos);
            if ply % 8 == 0 {
                prop_assert_eq!(board.perft(2), shakmaty::perft(&pos, 2));
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(pick) % moves.len()];
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            let ours = board.parse_uci(&uci).expect("the same legal move");
            prop_assert_eq!(board.parse_san(&board.san(ours)), Some(ours));
            board = board.played(ours);
            pos.play_unchecked(m);
        }
    }
}

#[test]
fn fens_shakmaty_refuses_are_refused() {
    for fen in [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/K6K w - - 0 1",
        "kP6/8/8/8/8/8/8/K7 w - - 0 1",
        "k6R/8/8/8/8/8/8/K7 w - - 0 1",
        "k7/8/8/8/8/8/8/K7 w K - 0 1",
        "k7/8/8/8/8/8/8/K7 w - e6 0 1",
        "k7/8/8/8/8/8/8/K7 x - - 0 1",
        "k7/8/8/8/8/8/8/K8 w - - 0 1",
    ] {
        assert!(
            Board::from_fen(fen, Arc::new(PieceSet::standard())).is_err(),
            "{fen}"
        );
        assert!(
            fen.parse::<Fen>()
                .ok()
                .and_then(|f| f.into_position::<Chess>(CastlingMode::Standard).ok())
                .is_none(),
            "shakmaty takes {fen}"
        );
    }
}

#[test]
fn a_fen_has_its_six_fields() {
    // PGN 16.1.3: six fields. (shakmaty reads a FEN without its clocks; a case's FEN is whole.)
    let err = Board::from_fen("k7/8/8/8/8/8/8/K7 w - - 0", Arc::new(PieceSet::standard()));
    assert!(err.unwrap_err().to_string().contains("six fields"));
}

fn historical() -> Arc<PieceSet> {
    Arc::new(
        PieceSet::standard()
            .with('a', "amazon", "QN")
            .unwrap()
            .with('f', "ferz", "F")
            .unwrap()
            .with('e', "alfil", "A")
            .unwrap()
            .with('s', "short-rook", "R2")
            .unwrap()
            .with('d', "dabbaba", "D")
            .unwrap(),
    )
}

fn attacked_from(fen: &str, from: &str) -> Vec<String> {
    let board = Board::from_fen(fen, historical()).unwrap();
    board
        .attacks_from(parse_square(from).unwrap())
        .into_iter()
        .map(square_name)
        .collect()
}

#[test]
fn the_amazon_attacks_35_squares_from_the_centre_and_the_queen_27() {
    assert_eq!(
        attacked_from("k7/8/8/8/3A4/8/8/7K w - - 0 1", "d4").len(),
        35
    );
    assert_eq!(
        attacked_from("k7/8/8/8/3Q4/8/8/7K w - - 0 1", "d4").len(),
        27
    );
}

#[test]
fn the_old_pieces_reach_what_the_source_says() {
    let ferz = attacked_from("k7/8/8/8/3F4/8/8/7K w - - 0 1", "d4");
    assert_eq!(ferz, ["c3", "e3", "c5", "e5"]);
    assert_eq!(attacked_from("k7/8/8/8/8/8/8/F6K w - - 0 1", "a1"), ["b2"]);
    // The alfil jumps two squares diagonally over a blocker, and never goes one.
    let alfil = attacked_from("k7/8/8/4p3/3E4/8/8/7K w - - 0 1", "d4");
    assert_eq!(alfil, ["b2", "f2", "b6", "f6"]);
    // The short rook: blocked by a piece on the first square, free for two.
    let short = attacked_from("k7/8/8/3p4/3S4/8/8/7K w - - 0 1", "d4");
    let short: BTreeSet<_> = short.into_iter().collect();
    let want: BTreeSet<String> = ["d2", "d3", "b4", "c4", "e4", "f4", "d5"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(short, want);
    // The dabbaba, the other reading of "two squares straight": it jumps.
    let dabbaba: BTreeSet<_> = attacked_from("k7/8/8/3p4/3D4/8/8/7K w - - 0 1", "d4")
        .into_iter()
        .collect();
    let want: BTreeSet<String> = ["d2", "b4", "f4", "d6"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(dabbaba, want);
}

#[test]
fn the_amazon_mates_where_the_queen_stalemates() {
    let mate = Board::from_fen("k7/8/1A6/8/8/8/8/7K b - - 0 1", historical()).unwrap();
    assert_eq!(mate.outcome(), Outcome::Checkmate);
    assert_eq!(mate.checkers(), [parse_square("b6").unwrap()]);
    let stalemate = Board::from_fen("k7/8/1Q6/8/8/8/8/7K b - - 0 1", historical()).unwrap();
    assert_eq!(stalemate.outcome(), Outcome::Stalemate);
    // The move that mates, in SAN with the amazon's letter.
    let before = Board::from_fen("k7/8/8/1A6/8/8/8/7K w - - 0 1", historical()).unwrap();
    let m = before.parse_uci("b5b6").unwrap();
    assert_eq!(before.san(m), "Ab6#");
}

#[test]
fn a_piece_that_cannot_join_is_named() {
    let set = PieceSet::standard();
    assert!(
        set.clone()
            .with('n', "x", "F")
            .unwrap_err()
            .to_string()
            .contains("knight")
    );
    assert!(set.clone().with('1', "x", "F").is_err());
    assert!(set.clone().with('x', "knight", "F").is_err());
    assert!(
        set.with('x', "x", "mF")
            .unwrap_err()
            .to_string()
            .contains("modifier")
    );
}
