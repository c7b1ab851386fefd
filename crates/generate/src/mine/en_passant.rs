//! En passant (FIDE 3.7.3.1, 3.7.3.2, 3.9.2): the capture right after a double step, its result
//! and SAN, the capture made illegal by a pin (along the rank, when both pawns leave it, or of
//! the capturing pawn), the capture that answers a check from the double-stepped pawn, and the
//! right lost one move later.

use shakmaty::san::SanPlus;
use shakmaty::{
    CastlingMode, Chess, Color, File, Move, Piece, Position, Rank, Role, Setup, Square,
};

use super::{Miner, Quotas, case, fen, side_name};
use chess_conformance::case::{After, Case, Expect};
use chess_conformance::replay;

/// The position before the double step (the opponent of `us` to move), and the double step.
pub(super) fn before_double_step(m: &mut Miner, us: Color) -> Option<(Chess, Move)> {
    const OTHERS: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    let (fifth, seventh, sixth) = match us {
        Color::White => (Rank::Fifth, Rank::Seventh, Rank::Sixth),
        Color::Black => (Rank::Fourth, Rank::Second, Rank::Third),
    };
    let file = File::new(m.below(8) as u32);
    let their_file = match (file, m.chance(1, 2)) {
        (File::A, _) => File::B,
        (File::H, _) => File::G,
        (f, true) => f.offset(1)?,
        (f, false) => f.offset(-1)?,
    };
    let mut setup = Setup::empty();
    setup.turn = !us;
    setup
        .board
        .set_piece_at(Square::from_coords(file, fifth), us.pawn());
    setup
        .board
        .set_piece_at(Square::from_coords(their_file, seventh), (!us).pawn());
    let mut others = vec![us.king(), (!us).king()];
    for _ in 0..m.below(4) {
        let color = if m.chance(1, 2) { us } else { !us };
        others.push(Piece {
            color,
            role: *m.pick(&OTHERS),
        });
    }
    // Kings often on the fifth rank, where rank pins happen.
    let mut squares = m.draw(&super::placement(others.len()));
    if m.chance(1, 2) {
        squares[0] = Square::from_coords(File::new(m.below(8) as u32), fifth) as u8;
    }
    for (piece, index) in others.iter().zip(squares) {
        let sq = Square::new(u32::from(index));
        if setup.board.piece_at(sq).is_some() {
            return None;
        }
        setup.board.set_piece_at(sq, *piece);
    }
    for rank in [sixth, fifth] {
        if setup
            .board
            .piece_at(Square::from_coords(their_file, rank))
            .is_some()
        {
            return None;
        }
    }
    let pos: Chess = setup.position(CastlingMode::Standard).ok()?;
    let from = Square::from_coords(their_file, seventh);
    let to = Square::from_coords(their_file, fifth);
    let double = pos
        .legal_moves()
        .into_iter()
        .find(|mv| mv.from() == Some(from) && mv.to() == to)?;
    Some((pos, double))
}

/// En passant, both colours.
pub fn en_passant(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("legal", 300),
        ("answers-check", 150),
        ("pinned-on-the-rank", 250),
        ("pinned-otherwise", 250),
        ("one-move-too-late", 350),
    ]);
    for _ in 0..400_000 {
        if q.full() {
            break;
        }
        let Some(d) = DoubleStep::beside_a_pawn(m) else {
            continue;
        };
        match d.pos.legal_moves().iter().find(|mv| mv.is_en_passant()) {
            Some(ep) => {
                capture_allowed(&mut q, &d, *ep);
                one_move_too_late(m, &mut q, &d);
            }
            None => capture_through_a_pin(&mut q, &d),
        }
    }
    q.into_cases()
}

/// A double step just played beside a pawn of `us`, the side to move, that could take it en
/// passant.
pub(super) struct DoubleStep {
    /// The side to move.
    pub(super) us: Color,
    /// The position before the double step.
    pub(super) before: Chess,
    /// The position after it.
    pub(super) pos: Chess,
    /// The double step.
    pub(super) double: Move,
    /// The pawn that could take en passant, and the square it would take on.
    pub(super) from: Square,
    pub(super) target: Square,
    /// The capture and the double step in UCI.
    pub(super) ep_uci: String,
    pub(super) double_uci: String,
}

impl DoubleStep {
    /// A double step of a random colour's opponent beside one of its pawns; `None` when the
    /// position drawn is not legal or has no legal move after it.
    pub(super) fn beside_a_pawn(m: &mut Miner) -> Option<DoubleStep> {
        let us = if m.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let (before, double) = before_double_step(m, us)?;
        let mut pos = before.clone();
        pos.play_unchecked(double);
        if pos.legal_moves().is_empty() {
            return None;
        }
        let target = Square::from_coords(
            double.to().file(),
            match us {
                Color::White => Rank::Sixth,
                Color::Black => Rank::Third,
            },
        );
        let from = pos
            .board()
            .pawns()
            .intersect_const(pos.board().by_color(us))
            .into_iter()
            .find(|sq| {
                sq.rank() == double.to().rank() && sq.file().distance(double.to().file()) == 1
            })?;
        Some(DoubleStep {
            us,
            before,
            pos,
            double,
            from,
            target,
            ep_uci: format!("{from}{target}"),
            double_uci: replay::to_uci(double),
        })
    }
}

/// The capture allowed right after the double step (3.7.3.1), also as the answer to the check
/// the double-stepped pawn gives (3.9.2): legal, its position after and its SAN.
fn capture_allowed(q: &mut Quotas, d: &DoubleStep, ep: Move) {
    let in_check = d.pos.is_check();
    let pattern = if in_check { "answers-check" } else { "legal" };
    if !q.wants(pattern) {
        return;
    }
    let (ep_uci, double_uci) = (&d.ep_uci, &d.double_uci);
    let mut after = d.pos.clone();
    after.play_unchecked(ep);
    let san = SanPlus::from_move(d.pos.clone(), ep).to_string();
    let title = format!(
        "After {double_uci}, {} may capture en passant {ep_uci} ({san}){}",
        side_name(d.us),
        if in_check {
            ", which also removes the double-stepped pawn that gives check"
        } else {
            ""
        }
    );
    let expect = Expect {
        legal: Some(vec![ep_uci.clone()]),
        check: Some(in_check),
        after: Some(vec![After {
            mv: ep_uci.clone(),
            fen: fen(&after),
            en_passant: Default::default(),
            clocks: true,
        }]),
        san: Some([(ep_uci.clone(), san)].into_iter().collect()),
        ..Expect::default()
    };
    let rule = if in_check { "3.9.2" } else { "3.7.3.1" };
    q.keep(
        pattern,
        case(
            title,
            rule,
            pattern,
            fen(&d.before),
            vec![double_uci.clone()],
            expect,
        ),
    );
}

/// One move later the right is gone (3.7.3.2): both sides make a quiet move that leaves the two
/// pawns where they are.
fn one_move_too_late(m: &mut Miner, q: &mut Quotas, d: &DoubleStep) -> Option<()> {
    if !q.wants("one-move-too-late") {
        return None;
    }
    let quiet = |p: &Chess, m: &mut Miner| -> Option<Move> {
        let list: Vec<Move> = p
            .legal_moves()
            .into_iter()
            .filter(|mv| {
                !mv.is_capture()
                    && mv.from() != Some(d.from)
                    && mv.from() != Some(d.double.to())
                    && mv.to() != d.target
            })
            .collect();
        (!list.is_empty()).then(|| list[m.below(list.len())])
    };
    let a = quiet(&d.pos, m)?;
    let mut later = d.pos.clone();
    later.play_unchecked(a);
    let b = quiet(&later, m)?;
    later.play_unchecked(b);
    if later.legal_moves().is_empty() {
        return None;
    }
    let (ep_uci, double_uci) = (&d.ep_uci, &d.double_uci);
    let moves = vec![double_uci.clone(), replay::to_uci(a), replay::to_uci(b)];
    let title = format!(
        "After {double_uci}, {} and {}, the capture {ep_uci} is no longer legal: the \
         right lasts one move only",
        moves[1], moves[2]
    );
    let expect = Expect {
        illegal: Some(vec![ep_uci.clone()]),
        ..Expect::default()
    };
    q.keep(
        "one-move-too-late",
        case(
            title,
            "3.7.3.2",
            "one-move-too-late",
            fen(&d.before),
            moves,
            expect,
        ),
    );
    Some(())
}

/// The capture that would expose the king (or leave it in check) is illegal (3.9.2): pinned
/// along the rank, when both pawns leave it, or otherwise.
fn capture_through_a_pin(q: &mut Quotas, d: &DoubleStep) {
    let (us, from, target) = (d.us, d.from, d.target);
    let king = d.pos.board().king_of(us).expect("a king");
    let pattern = if king.rank() == from.rank() {
        "pinned-on-the-rank"
    } else {
        "pinned-otherwise"
    };
    if !q.wants(pattern) {
        return;
    }
    // Only a capture that would expose the king (or leave it in check) is of interest.
    let mut setup = d.pos.to_setup(shakmaty::EnPassantMode::Always);
    setup.board.discard_piece_at(from);
    setup.board.discard_piece_at(d.double.to());
    setup.board.set_piece_at(target, us.pawn());
    let exposed = !setup
        .board
        .attacks_to(king, !us, setup.board.occupied())
        .is_empty();
    if !exposed {
        return;
    }
    let why = if pattern == "pinned-on-the-rank" {
        format!(
            "it would empty both {from} and {} and expose the king on {king} along the rank",
            d.double.to()
        )
    } else if d.pos.is_check() {
        format!("it would leave the king on {king} in check")
    } else {
        format!("it would expose the king on {king}")
    };
    let (ep_uci, double_uci) = (&d.ep_uci, &d.double_uci);
    let title = format!(
        "After {double_uci}, {} may not capture en passant {ep_uci}: {why}",
        side_name(us)
    );
    let expect = Expect {
        illegal: Some(vec![ep_uci.clone()]),
        ..Expect::default()
    };
    q.keep(
        pattern,
        case(
            title,
            "3.9.2",
            pattern,
            fen(&d.before),
            vec![double_uci.clone()],
            expect,
        ),
    );
}
