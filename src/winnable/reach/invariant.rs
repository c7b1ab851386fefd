//! The regions are an over-approximation: along any series of legal moves, every piece
//! stays inside the regions of its colour and kind (a pawn's region holds what it promotes
//! to), and a permanent piece never leaves. Random walks that favour captures try to break it.
use super::*;
use proptest::prelude::*;
use shakmaty::{CastlingMode, FromSetup, Setup};

/// A zigzag of blocked pawns with files left open or shifted, two kings and a few pieces of
/// any kind on random squares.
fn walled() -> impl Strategy<Value = Chess> {
    let extra = (0u32..64, 0usize..6, any::<bool>());
    (
        any::<bool>(),
        prop::collection::vec(0u32..12, 8),
        0u32..64,
        0u32..64,
        prop::collection::vec(extra, 0..6),
        any::<bool>(),
    )
        .prop_filter_map("illegal", |(parity, twists, wk, bk, extras, turn)| {
            let mut board = Board::empty();
            for (file, twist) in twists.into_iter().enumerate() {
                let base = 3 + (file as u32 + u32::from(parity)) % 2;
                let rank = match twist {
                    0 => continue,
                    1 => base - 1,
                    2 => base + 1,
                    3 => base - 2,
                    _ => base,
                };
                board.set_piece_at(Square::new(rank * 8 + file as u32), Color::White.pawn());
                let gap = if twist == 4 { 2 } else { 1 };
                board.set_piece_at(
                    Square::new((rank + gap) * 8 + file as u32),
                    Color::Black.pawn(),
                );
            }
            if wk == bk || board.piece_at(Square::new(wk)).is_some() {
                return None;
            }
            board.set_piece_at(Square::new(wk), Color::White.king());
            if board.piece_at(Square::new(bk)).is_some() {
                return None;
            }
            board.set_piece_at(Square::new(bk), Color::Black.king());
            let roles = [
                Role::Bishop,
                Role::Knight,
                Role::Rook,
                Role::Queen,
                Role::Bishop,
                Role::Pawn,
            ];
            for (sq, role, white) in extras {
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
            let mut setup = Setup::empty();
            setup.board = board;
            setup.turn = if turn { Color::White } else { Color::Black };
            Chess::from_setup(setup, CastlingMode::Standard).ok()
        })
}

fn holds(reach: &Reach, pos: &Chess) -> Result<(), String> {
    let board = pos.board();
    let permanent = reach.permanent();
    for u in &reach.units {
        if permanent.contains(u.origin) && board.piece_at(u.origin) != Some(u.role.of(u.color)) {
            return Err(format!("the permanent {:?} on {} left", u.role, u.origin));
        }
    }
    for sq in board.occupied() {
        let piece = board.piece_at(sq).expect("occupied");
        let inside = reach.units.iter().any(|u| {
            u.color == piece.color
                && (u.role == piece.role || u.role == Role::Pawn)
                && u.region.contains(sq)
        });
        if !inside {
            return Err(format!("{piece:?} on {sq} is outside every region"));
        }
    }
    Ok(())
}

fn walk(pos: &Chess, mut seed: u64) -> Result<(), String> {
    let Some(reach) = Reach::of(pos) else {
        return Ok(());
    };
    let mut pos = pos.clone();
    for ply in 0..120 {
        holds(&reach, &pos).map_err(|e| format!("after {ply} plies: {e}"))?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return Ok(());
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        let m = if !captures.is_empty() && !seed.is_multiple_of(3) {
            *captures[(seed >> 8) as usize % captures.len()]
        } else {
            moves[(seed >> 8) as usize % moves.len()]
        };
        pos.play_unchecked(m);
    }
    holds(&reach, &pos).map_err(|e| format!("at the end: {e}"))
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(64),
        ..ProptestConfig::default()
    })]

    #[test]
    fn pieces_never_leave_their_regions(pos in walled(), seed in any::<u64>()) {
        let fen = shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal);
        for walk_seed in 0..6u64 {
            let result = walk(&pos, seed.wrapping_add(walk_seed) | 1);
            prop_assert!(result.is_ok(), "{fen}: {:?}", result);
        }
    }
}
