//! Castling refused: out of check, through or into an attacked square, over a piece, without the right.

use shakmaty::{Chess, Color, File, Move, Position, Square};

use super::{expect, first_between, legal_of, name_at, ongoing};
use crate::mine::{Miner, Quotas, case, fen, side_name};
use chess_conformance::replay;

/// Castling refused: out of check, through or into attack, over a piece, without the right.
pub(super) fn castling(m: &mut Miner, q: &mut Quotas) {
    for _ in 0..60_000 {
        if !q.wants("castling") && !q.wants("castling-right-lost") {
            break;
        }
        let us = if m.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let Some(pos) = crate::mine::castling::castling_board(m, us) else {
            continue;
        };
        let rights = pos.castles().castling_rights();
        let rank = us.backrank();
        let king = Square::from_coords(File::E, rank);
        let wing = if m.chance(1, 2) { File::H } else { File::A };
        let rook = Square::from_coords(wing, rank);
        if !rights.contains(rook) {
            continue;
        }
        let dest = Square::from_coords(if wing == File::H { File::G } else { File::C }, rank);
        let uci = format!("{king}{dest}");
        let board = pos.board();
        let side = side_name(us);
        let castle = if wing == File::H { "O-O" } else { "O-O-O" };
        let attacked = |sq: Square| {
            board
                .attacks_to(sq, !us, board.occupied())
                .into_iter()
                .next()
        };
        let crossed = Square::from_coords(if wing == File::H { File::F } else { File::D }, rank);
        // The first rule of 3.8.2.2 castling breaks here, if any.
        let reason = attacked(king)
            .map(|by| format!("the king is in check from {}", name_at(board, by)))
            .or_else(|| {
                first_between(board, king, rook).map(|over| {
                    format!(
                        "{} stands between the king and the rook",
                        name_at(board, over)
                    )
                })
            })
            .or_else(|| {
                attacked(crossed).map(|by| {
                    format!(
                        "the king would cross {crossed}, attacked by {}",
                        name_at(board, by)
                    )
                })
            })
            .or_else(|| {
                attacked(dest).map(|by| {
                    format!(
                        "the king would land on {dest}, attacked by {}",
                        name_at(board, by)
                    )
                })
            })
            .map(|reason| ("3.8.2.2", reason));
        let Some((article, reason)) = reason else {
            // Castling is legal here: take the right away, in the FEN or by moving.
            right_lost(m, q, &pos, rook, &uci, castle);
            continue;
        };
        if replay::parse_uci(&pos, &uci).is_ok() || !q.wants("castling") {
            continue;
        }
        let fen_text = fen(&pos);
        if !ongoing(&fen_text, &[]) {
            continue;
        }
        let title = format!("{side}'s {castle} ({uci}) must be refused: {reason} ({article})");
        let expect = expect(vec![uci], legal_of(&pos, king));
        q.keep(
            "castling",
            case(title, "7.5.1", "castling", fen_text, Vec::new(), expect),
        );
    }
}

/// Castling that would be legal but for a right lost: removed from the FEN, or lost by the
/// king or that rook going out and back.
fn right_lost(m: &mut Miner, q: &mut Quotas, pos: &Chess, rook: Square, uci: &str, castle: &str) {
    if !q.wants("castling-right-lost") {
        return;
    }
    if m.chance(1, 2) {
        right_not_in_the_fen(q, pos, rook, uci, castle);
    } else {
        out_and_back(m, q, pos, rook, uci, castle);
    }
}

/// The FEN without that right (3.8.2.1).
fn right_not_in_the_fen(
    q: &mut Quotas,
    pos: &Chess,
    rook: Square,
    uci: &str,
    castle: &str,
) -> Option<()> {
    let us = pos.turn();
    let king = Square::from_coords(File::E, us.backrank());
    let mut setup = pos.to_setup(shakmaty::EnPassantMode::Legal);
    setup.castling_rights.discard(rook);
    let without = setup
        .position::<Chess>(shakmaty::CastlingMode::Standard)
        .ok()?;
    let fen_text = fen(&without);
    if replay::parse_uci(&without, uci).is_ok() || !ongoing(&fen_text, &[]) {
        return None;
    }
    let title = format!(
        "{}'s {castle} ({uci}) must be refused: king and rook stand at home, but the FEN \
         gives no castling right with the {rook} rook, so one of them has moved (3.8.2.1)",
        side_name(us)
    );
    let expect = expect(vec![uci.to_owned()], legal_of(&without, king));
    q.keep(
        "castling-right-lost",
        case(
            title,
            "7.5.1",
            "castling-right-lost",
            fen_text,
            Vec::new(),
            expect,
        ),
    );
    Some(())
}

/// The king or the rook goes out and comes back, the opponent moving in between (3.8.2.1):
/// castling would be legal with the right given back.
fn out_and_back(
    m: &mut Miner,
    q: &mut Quotas,
    pos: &Chess,
    rook: Square,
    uci: &str,
    castle: &str,
) -> Option<()> {
    let us = pos.turn();
    let king = Square::from_coords(File::E, us.backrank());
    let piece_from = if m.chance(1, 2) { king } else { rook };
    let (line, now) = going_out_and_back(m, pos, piece_from, [king, rook])?;
    let out = line[0];
    let moves: Vec<String> = line.iter().map(|mv| replay::to_uci(*mv)).collect();
    let fen_text = fen(pos);
    if now.turn() != us || replay::parse_uci(&now, uci).is_ok() || !ongoing(&fen_text, &moves) {
        return None;
    }
    // With the right given back, castling would be legal: the lost right is the only reason.
    let mut restored = now.to_setup(shakmaty::EnPassantMode::Legal);
    restored.castling_rights.add(rook);
    let restored: Result<Chess, _> = restored.position(shakmaty::CastlingMode::Standard);
    if !restored.is_ok_and(|p| replay::parse_uci(&p, uci).is_ok()) {
        return None;
    }
    let who = if piece_from == king { "king" } else { "rook" };
    let title = format!(
        "{}'s {castle} ({uci}) must be refused: the {who} went {piece_from}-{} and back \
         ({}), so that castling right is lost for good (3.8.2.1)",
        side_name(us),
        out.to(),
        moves.join(" ")
    );
    let expect = expect(vec![uci.to_owned()], legal_of(&now, king));
    q.keep(
        "castling-right-lost",
        case(
            title,
            "7.5.1",
            "castling-right-lost",
            fen_text,
            moves,
            expect,
        ),
    );
    Some(())
}

/// The piece on `piece_from` goes out, the opponent makes a quiet move, it comes back, and the
/// opponent makes another (none of them onto `home`, the king's and the rook's squares): the
/// four moves and the position reached.
fn going_out_and_back(
    m: &mut Miner,
    pos: &Chess,
    piece_from: Square,
    home: [Square; 2],
) -> Option<(Vec<Move>, Chess)> {
    let outs: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.from() == Some(piece_from) && !mv.is_castle() && !mv.is_capture())
        .collect();
    if outs.is_empty() {
        return None;
    }
    let out = outs[m.below(outs.len())];
    let mut line = vec![out];
    let mut now = pos.clone();
    now.play_unchecked(out);
    for step in 0..3 {
        let legal = now.legal_moves();
        let mv = if step == 1 {
            // Back home.
            legal
                .iter()
                .find(|mv| mv.from() == Some(out.to()) && mv.to() == piece_from && !mv.is_capture())
                .copied()?
        } else {
            let quiet: Vec<_> = legal
                .iter()
                .filter(|mv| !mv.is_capture() && !home.contains(&mv.to()))
                .copied()
                .collect();
            if quiet.is_empty() {
                return None;
            }
            quiet[m.below(quiet.len())]
        };
        now.play_unchecked(mv);
        line.push(mv);
    }
    Some((line, now))
}
