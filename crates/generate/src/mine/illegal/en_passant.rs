//! En passant refused: one move too late, without a double step just played, or through a pin.

use shakmaty::{Chess, Move, Position};

use super::rules::classify;
use super::{expect, legal_of, ongoing};
use crate::mine::en_passant::DoubleStep;
use crate::mine::{Miner, Quotas, case, fen, side_name};
use chess_conformance::replay;

/// En passant refused: one move too late, without a double step just played, or through a pin.
pub(super) fn en_passant(m: &mut Miner, q: &mut Quotas) {
    for _ in 0..60_000 {
        if ![
            "en-passant-late",
            "en-passant-without-double-step",
            "en-passant-pinned",
        ]
        .iter()
        .any(|p| q.wants(p))
        {
            break;
        }
        let Some(d) = DoubleStep::beside_a_pawn(m) else {
            continue;
        };
        if replay::parse_uci(&d.pos, &d.ep_uci).is_err() {
            // Pseudo-legal right after the double step, and illegal: a pin.
            through_a_pin(q, &d);
            continue;
        }
        if m.chance(1, 2) {
            without_the_double_step(q, &d);
            continue;
        }
        one_move_too_late(m, q, &d);
    }
}

/// The capture right after the double step, illegal because it exposes the king (3.9.2).
fn through_a_pin(q: &mut Quotas, d: &DoubleStep) -> Option<()> {
    let (from, target) = (d.from, d.target);
    let w = classify(&d.pos, from, target, None)?;
    if w.pattern != "en-passant-pinned" || !q.wants(w.pattern) {
        return None;
    }
    let fen_text = fen(&d.before);
    let moves = vec![d.double_uci.clone()];
    if !ongoing(&fen_text, &moves) {
        return None;
    }
    let title = format!(
        "After {}, {}'s pawn {from}x{target} en passant must be refused: {} ({})",
        d.double_uci,
        side_name(d.us),
        w.detail.unwrap_or_default(),
        w.article
    );
    let expect = expect(vec![d.ep_uci.clone()], legal_of(&d.pos, from));
    q.keep(
        w.pattern,
        case(title, "7.5.1", w.pattern, fen_text, moves, expect),
    );
    Some(())
}

/// The same board without the double step: the FEN has no en passant square (3.7.3.2).
fn without_the_double_step(q: &mut Quotas, d: &DoubleStep) -> Option<()> {
    if !q.wants("en-passant-without-double-step") {
        return None;
    }
    let (from, target, landed) = (d.from, d.target, d.double.to());
    let mut setup = d.pos.to_setup(shakmaty::EnPassantMode::Legal);
    setup.ep_square = None;
    let plain = setup
        .position::<Chess>(shakmaty::CastlingMode::Standard)
        .ok()?;
    let fen_text = fen(&plain);
    if replay::parse_uci(&plain, &d.ep_uci).is_ok() || !ongoing(&fen_text, &[]) {
        return None;
    }
    let title = format!(
        "{}'s pawn {from}x{target} must be refused: the pawn on {landed} did not just \
         advance two squares (the FEN names no en passant square), so it cannot be taken \
         en passant (3.7.3.2)",
        side_name(d.us)
    );
    let expect = expect(vec![d.ep_uci.clone()], legal_of(&plain, from));
    q.keep(
        "en-passant-without-double-step",
        case(
            title,
            "7.5.1",
            "en-passant-without-double-step",
            fen_text,
            Vec::new(),
            expect,
        ),
    );
    Some(())
}

/// One move too late: another move, the opponent's reply, and then the capture (3.7.3.2).
fn one_move_too_late(m: &mut Miner, q: &mut Quotas, d: &DoubleStep) -> Option<()> {
    if !q.wants("en-passant-late") {
        return None;
    }
    let (us, from, target, landed) = (d.us, d.from, d.target, d.double.to());
    let (line, now) = two_moves_elsewhere(m, d)?;
    let moves: Vec<String> = line.iter().map(|mv| replay::to_uci(*mv)).collect();
    let fen_text = fen(&d.before);
    let still_there = now.board().piece_at(from) == Some(us.pawn())
        && now.board().piece_at(landed) == Some((!us).pawn())
        && now.board().piece_at(target).is_none();
    if !still_there || replay::parse_uci(&now, &d.ep_uci).is_ok() || !ongoing(&fen_text, &moves) {
        return None;
    }
    let title = format!(
        "After {}, {} played {} instead of taking en passant; after {}, \
         {from}x{target} must be refused: en passant is allowed on the very next move only \
         (3.7.3.2)",
        d.double_uci,
        side_name(us),
        moves[1],
        moves[2]
    );
    let expect = expect(vec![d.ep_uci.clone()], legal_of(&now, from));
    q.keep(
        "en-passant-late",
        case(title, "7.5.1", "en-passant-late", fen_text, moves, expect),
    );
    Some(())
}

/// The double step, then a move and the reply that leave both pawns and the square between
/// them alone (the reply no capture): the three moves and the position reached.
fn two_moves_elsewhere(m: &mut Miner, d: &DoubleStep) -> Option<(Vec<Move>, Chess)> {
    let (from, target, landed) = (d.from, d.target, d.double.to());
    let mut now = d.pos.clone();
    let mut line = vec![d.double];
    for step in 0..2 {
        let choices: Vec<_> = now
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                !mv.is_en_passant()
                    && mv.from() != Some(from)
                    && mv.from() != Some(landed)
                    && mv.to() != from
                    && mv.to() != landed
                    && mv.to() != target
                    && (step == 0 || !mv.is_capture())
            })
            .collect();
        if choices.is_empty() {
            break;
        }
        let mv = choices[m.below(choices.len())];
        now.play_unchecked(mv);
        line.push(mv);
    }
    (line.len() == 3).then_some((line, now))
}
