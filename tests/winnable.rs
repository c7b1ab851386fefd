//! Property tests of the winnability analyzer against an independent oracle: a brute-force
//! helpmate search over every line a few plies deep.
//!
//! The analyzer must never claim "unwinnable" where the oracle finds a helpmate, every
//! "winnable" must come with a line that replays to mate, and a position proven unwinnable by
//! material or locked pawns must stay mate-free along random play (a direct attempt to falsify
//! the static proofs). Positions are random placements (sparse material, where the material
//! patterns decide) and random locked pawn structures with kings and bishops (where the static
//! pawn analysis decides).

use chess_conformance::Winnability;
use chess_conformance::winnable::{Budget, Proof, analyze};
use proptest::prelude::*;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup, Position, Role, Setup, Square,
};

/// The oracle: does `side` mate within `plies` plies, trying every line?
fn helpmate_within(pos: &Chess, side: Color, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    pos.legal_moves().into_iter().any(|m| {
        let mut child = pos.clone();
        child.play_unchecked(m);
        (pos.turn() == side && child.is_checkmate()) || helpmate_within(&child, side, plies - 1)
    })
}

fn setup(board: Board, white_to_move: bool) -> Option<Chess> {
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = if white_to_move {
        Color::White
    } else {
        Color::Black
    };
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// Two kings and up to five other pieces per side on random squares; collisions and pawns on a
/// back rank are dropped, illegal positions (a king in check out of turn, touching kings) are
/// rejected.
fn sparse_position() -> impl Strategy<Value = Chess> {
    let piece = (0u32..64, 0usize..10, any::<bool>());
    (
        0u32..64,
        0u32..64,
        prop::collection::vec(piece, 0..8),
        any::<bool>(),
    )
        .prop_filter_map("an illegal placement", |(wk, bk, pieces, turn)| {
            let mut board = Board::empty();
            board.set_piece_at(Square::new(wk), Color::White.king());
            if wk == bk {
                return None;
            }
            board.set_piece_at(Square::new(bk), Color::Black.king());
            // Minor pieces weigh more: they are where the patterns are subtle.
            let roles = [
                Role::Pawn,
                Role::Pawn,
                Role::Knight,
                Role::Knight,
                Role::Bishop,
                Role::Bishop,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
                Role::Knight,
            ];
            for (sq, role, white) in pieces {
                let sq = Square::new(sq);
                let role = roles[role];
                if board.piece_at(sq).is_some()
                    || (role == Role::Pawn && Bitboard::BACKRANKS.contains(sq))
                {
                    continue;
                }
                let color = if white { Color::White } else { Color::Black };
                board.set_piece_at(sq, role.of(color));
            }
            setup(board, turn)
        })
}

/// A zigzag wall of pawns blocking each other (the white pawn of each file on the 4th or 5th
/// rank, alternating, so that no pawn can take another), now and then a file shifted or left
/// open; the white king behind the wall, the black king in front, and a few bishops (now and
/// then a knight) on free squares. Walls that are often dead, and often broken by one detail.
fn locked_position() -> impl Strategy<Value = Chess> {
    let extra = (0u32..64, 0usize..5, any::<bool>());
    (
        any::<bool>(),
        prop::collection::vec(0u32..24, 8),
        0u32..16,
        48u32..64,
        prop::collection::vec(extra, 0..3),
        any::<bool>(),
    )
        .prop_filter_map(
            "an illegal placement",
            |(parity, twists, wk, bk, extras, turn)| {
                let mut board = Board::empty();
                for (file, twist) in twists.into_iter().enumerate() {
                    let base = 3 + (file as u32 + u32::from(parity)) % 2;
                    let rank = match twist {
                        0 => continue, // an open file
                        1 => base - 1,
                        2 => base + 1,
                        _ => base,
                    };
                    let white = Square::new(rank * 8 + file as u32);
                    let black = Square::new((rank + 1) * 8 + file as u32);
                    board.set_piece_at(white, Color::White.pawn());
                    board.set_piece_at(black, Color::Black.pawn());
                }
                board.set_piece_at(Square::new(wk), Color::White.king());
                board.set_piece_at(Square::new(bk), Color::Black.king());
                let roles = [
                    Role::Bishop,
                    Role::Bishop,
                    Role::Bishop,
                    Role::Bishop,
                    Role::Knight,
                ];
                for (sq, role, white) in extras {
                    let sq = Square::new(sq);
                    if board.piece_at(sq).is_none() {
                        let color = if white { Color::White } else { Color::Black };
                        board.set_piece_at(sq, roles[role].of(color));
                    }
                }
                setup(board, turn)
            },
        )
}

/// A zigzag wall on every file but at most one (all White's pawns on one colour, all Black's on
/// the other), the kings behind it, and one to three bishops on random squares: bishops that
/// have crossed the wall or face the other side's bishop, where the locked-pawn proof counts
/// the defender's bishops one square each.
fn crossed_bishops_position() -> impl Strategy<Value = Chess> {
    let bishop = (0u32..64, any::<bool>());
    (
        any::<bool>(),
        0u32..12,
        0u32..16,
        48u32..64,
        prop::collection::vec(bishop, 1..4),
        any::<bool>(),
    )
        .prop_filter_map(
            "an illegal placement",
            |(parity, open, wk, bk, bishops, turn)| {
                let mut board = Board::empty();
                for file in 0..8u32 {
                    if file == open {
                        continue;
                    }
                    let rank = 3 + (file + u32::from(parity)) % 2;
                    board.set_piece_at(Square::new(rank * 8 + file), Color::White.pawn());
                    board.set_piece_at(Square::new((rank + 1) * 8 + file), Color::Black.pawn());
                }
                board.set_piece_at(Square::new(wk), Color::White.king());
                board.set_piece_at(Square::new(bk), Color::Black.king());
                for (sq, white) in bishops {
                    let sq = Square::new(sq);
                    if board.piece_at(sq).is_none() {
                        let color = if white { Color::White } else { Color::Black };
                        board.set_piece_at(sq, Role::Bishop.of(color));
                    }
                }
                setup(board, turn)
            },
        )
}

/// The same walls, with the defending king in a pocket: one or two of its bishops on squares
/// next to it, a bishop of the attacker anywhere. Mates within a few plies are common here, so
/// a proof that lets one defending bishop close two squares, or none, is caught by the oracle.
fn bishop_pocket_position() -> impl Strategy<Value = Chess> {
    (
        any::<bool>(),
        0u32..12,
        any::<bool>(),
        0u32..24,
        0u32..16,
        prop::collection::vec(0usize..8, 1..3),
        0u32..64,
        any::<bool>(),
    )
        .prop_filter_map(
            "an illegal placement",
            |(parity, open, white_defends, home, away, pocket, attacker, turn)| {
                let mut board = Board::empty();
                for file in 0..8u32 {
                    if file == open {
                        continue;
                    }
                    let rank = 3 + (file + u32::from(parity)) % 2;
                    board.set_piece_at(Square::new(rank * 8 + file), Color::White.pawn());
                    board.set_piece_at(Square::new((rank + 1) * 8 + file), Color::Black.pawn());
                }
                let defender = if white_defends {
                    Color::White
                } else {
                    Color::Black
                };
                let (k, other) = if white_defends {
                    (Square::new(home), Square::new(48 + away))
                } else {
                    (Square::new(63 - home), Square::new(15 - away))
                };
                if board.piece_at(k).is_some() || board.piece_at(other).is_some() {
                    return None;
                }
                board.set_piece_at(k, defender.king());
                board.set_piece_at(other, (!defender).king());
                let around: Vec<Square> = shakmaty::attacks::king_attacks(k).into_iter().collect();
                for i in pocket {
                    let sq = around[i % around.len()];
                    if board.piece_at(sq).is_none() {
                        board.set_piece_at(sq, Role::Bishop.of(defender));
                    }
                }
                let sq = Square::new(attacker);
                if board.piece_at(sq).is_none() {
                    board.set_piece_at(sq, Role::Bishop.of(!defender));
                }
                setup(board, turn)
            },
        )
}

/// A small xorshift generator for the random walks, seeded by proptest.
fn walk_never_mates(pos: &Chess, side: Color, mut seed: u64, plies: u32) -> Result<(), String> {
    let mut pos = pos.clone();
    for ply in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            if pos.is_checkmate() && pos.turn() != side {
                return Err(format!("mated by {side:?} after {ply} random plies"));
            }
            return Ok(());
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let m = moves[(seed % moves.len() as u64) as usize];
        pos.play_unchecked(m);
    }
    if pos.is_checkmate() && pos.turn() != side {
        return Err(format!("mated by {side:?} at the end of the walk"));
    }
    Ok(())
}

/// The properties every analysis must have.
fn check(pos: &Chess, oracle_plies: u32, seed: u64) -> Result<(), TestCaseError> {
    let fen = shakmaty::fen::Fen::from_position(pos, shakmaty::EnPassantMode::Legal);
    for side in Color::ALL {
        let analysis = analyze(pos, side, Budget { nodes: 20_000 });
        match analysis.verdict {
            Winnability::Winnable => {
                let mut replay = pos.clone();
                for m in analysis.helpmate().expect("a winnable answer has its line") {
                    prop_assert!(replay.is_legal(*m), "{fen}: illegal move in the line");
                    replay.play_unchecked(*m);
                }
                prop_assert!(
                    replay.is_checkmate() && replay.turn() != side,
                    "{fen}: the line for {side:?} does not end in mate"
                );
            }
            Winnability::Unwinnable => {
                prop_assert!(
                    !helpmate_within(pos, side, oracle_plies),
                    "{fen}: unwinnable for {side:?} ({:?}), but the oracle mates within {oracle_plies} plies",
                    analysis.proof
                );
                if matches!(
                    analysis.proof,
                    Some(
                        Proof::Material(_)
                            | Proof::LockedPawns
                            | Proof::Regions
                            | Proof::AllPositions { .. }
                    )
                ) {
                    for walk in 0..4 {
                        let result = walk_never_mates(pos, side, seed.wrapping_add(walk) | 1, 60);
                        prop_assert!(result.is_ok(), "{fen}: {:?}", result);
                    }
                }
            }
            Winnability::Undetermined => {}
        }
    }
    Ok(())
}

proptest! {
    // 160 cases by default; PROPTEST_CASES raises it (the CI step runs 1,000).
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(160),
        ..ProptestConfig::default()
    })]

    #[test]
    fn sparse_positions_never_contradict_the_oracle(pos in sparse_position(), seed in any::<u64>()) {
        check(&pos, 3, seed)?;
    }

    #[test]
    fn locked_positions_never_contradict_the_oracle(pos in locked_position(), seed in any::<u64>()) {
        check(&pos, 4, seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(160),
        ..ProptestConfig::default()
    })]

    #[test]
    fn crossed_bishops_never_contradict_the_oracle(
        pos in crossed_bishops_position(),
        seed in any::<u64>(),
    ) {
        check(&pos, 4, seed)?;
    }

    #[test]
    fn bishop_pockets_never_contradict_the_oracle(
        pos in bishop_pocket_position(),
        seed in any::<u64>(),
    ) {
        check(&pos, 4, seed)?;
    }
}

/// The oracle itself finds what it must: fool's mate in two plies for Black, nothing for White.
#[test]
fn the_oracle_sees_a_short_helpmate() {
    let pos: Chess = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    assert!(helpmate_within(&pos, Color::Black, 1));
    assert!(!helpmate_within(&pos, Color::White, 2));
}
