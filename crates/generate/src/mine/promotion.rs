//! Promotion (FIDE 3.7.3.3 - 3.7.3.5): the four choices and no other, promotion by capture,
//! the new piece's check from the same move, and the positions where only an underpromotion
//! mates or avoids stalemate.

use std::collections::BTreeMap;

use shakmaty::san::SanPlus;
use shakmaty::{Chess, Move, Position, Role};

use super::positions::promotion_board;
use super::{Miner, Quotas, case, fen, side_name};
use chess_conformance::case::{After, Case, Expect};
use chess_conformance::{StateName, replay};

fn after(pos: &Chess, mv: Move) -> Chess {
    let mut p = pos.clone();
    p.play_unchecked(mv);
    p
}

/// Promotions, both colours.
pub fn promotion(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("choices", 420),
        ("capture", 330),
        ("check", 330),
        ("knight-mates", 150),
        ("queen-stalemates", 100),
        ("underpromotion-avoids-stalemate", 100),
    ]);
    for _ in 0..1_000_000 {
        if q.full() {
            break;
        }
        let Some(pos) = promotion_board(m) else {
            continue;
        };
        let Some(four) = Four::of_one_pawn_move(m, pos) else {
            continue;
        };
        if four.mates(four.knight) && !four.mates(four.queen) && q.wants("knight-mates") {
            only_a_knight_mates(&mut q, &four);
            continue;
        }
        if four.stalemates(four.queen) && !four.all().iter().all(|mv| four.stalemates(*mv)) {
            a_queen_stalemates(m, &mut q, &four);
            continue;
        }
        four_choices(&mut q, four);
    }
    q.into_cases()
}

/// The four promotions of one pawn move (same from and to), in the position they are played
/// from.
struct Four {
    pos: Chess,
    queen: Move,
    rook: Move,
    bishop: Move,
    knight: Move,
    /// The move without its promotion letter (`e7e8`).
    base: String,
    /// Each promotion's SAN, by its UCI.
    san: BTreeMap<String, String>,
}

impl Four {
    /// The four promotions of one pawn move drawn among the position's promotions; `None` when
    /// it has none (or not all four).
    fn of_one_pawn_move(m: &mut Miner, pos: Chess) -> Option<Four> {
        let promotions: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.is_promotion())
            .collect();
        let first = promotions.get(m.below(promotions.len().max(1))).copied()?;
        let group: Vec<Move> = promotions
            .iter()
            .filter(|mv| mv.from() == first.from() && mv.to() == first.to())
            .copied()
            .collect();
        let by_role = |role: Role| {
            group
                .iter()
                .find(|mv| mv.promotion() == Some(role))
                .copied()
        };
        let (Some(queen), Some(rook), Some(bishop), Some(knight)) = (
            by_role(Role::Queen),
            by_role(Role::Rook),
            by_role(Role::Bishop),
            by_role(Role::Knight),
        ) else {
            return None;
        };
        let base = replay::to_uci(queen)[..4].to_owned();
        let san: BTreeMap<String, String> = group
            .iter()
            .map(|mv| {
                (
                    replay::to_uci(*mv),
                    SanPlus::from_move(pos.clone(), *mv).to_string(),
                )
            })
            .collect();
        Some(Four {
            pos,
            queen,
            rook,
            bishop,
            knight,
            base,
            san,
        })
    }

    fn all(&self) -> [Move; 4] {
        [self.queen, self.rook, self.bishop, self.knight]
    }

    fn side(&self) -> &'static str {
        side_name(self.pos.turn())
    }

    /// The promotion square's name.
    fn square(&self) -> &str {
        &self.base[2..4]
    }

    fn mates(&self, mv: Move) -> bool {
        after(&self.pos, mv).is_checkmate()
    }

    fn stalemates(&self, mv: Move) -> bool {
        after(&self.pos, mv).is_stalemate()
    }

    fn checks(&self, mv: Move) -> bool {
        after(&self.pos, mv).is_check()
    }
}

/// Only the knight mates (3.7.3.5): the mate played, and the SAN suffixes that show it.
fn only_a_knight_mates(q: &mut Quotas, four: &Four) {
    let pos = &four.pos;
    let uci = replay::to_uci(four.knight);
    let title = format!(
        "{} promotes to a knight with {uci} and mates at once; a queen on the same square would not",
        four.side()
    );
    let expect = Expect {
        state: Some(StateName::Checkmate),
        winner: Some(replay::from_shakmaty(pos.turn())),
        ..Expect::default()
    };
    q.keep(
        "knight-mates",
        case(
            title.clone(),
            "3.7.3.5",
            "knight-mates",
            fen(pos),
            vec![uci],
            expect,
        ),
    );
    let expect = Expect {
        san: Some(four.san.clone()),
        ..Expect::default()
    };
    q.keep(
        "knight-mates",
        case(
            format!("{title}: the SAN suffixes show it"),
            "3.7.3.5",
            "knight-mates",
            fen(pos),
            Vec::new(),
            expect,
        ),
    );
}

/// A queen stalemates and some underpromotion does not (3.7.3.3): the stalemate, or the
/// underpromotion that avoids it, at random.
fn a_queen_stalemates(m: &mut Miner, q: &mut Quotas, four: &Four) -> Option<()> {
    let pattern = if m.chance(1, 2) {
        "queen-stalemates"
    } else {
        "underpromotion-avoids-stalemate"
    };
    if !q.wants(pattern) {
        return None;
    }
    let (mv, state) = if pattern == "queen-stalemates" {
        (four.queen, StateName::Stalemate)
    } else {
        let mv = [four.rook, four.bishop, four.knight]
            .into_iter()
            .find(|mv| !four.stalemates(*mv))?;
        let p = after(&four.pos, mv);
        if p.is_checkmate() || p.is_insufficient_material() {
            return None;
        }
        (mv, StateName::Ongoing)
    };
    let uci = replay::to_uci(mv);
    let side = four.side();
    let title = if state == StateName::Stalemate {
        format!("{side} promotes to a queen with {uci} and stalemates; an underpromotion would not")
    } else {
        format!(
            "{side} underpromotes with {uci}, avoiding the stalemate a queen on {} would give",
            four.square()
        )
    };
    let expect = Expect {
        state: Some(state),
        ..Expect::default()
    };
    q.keep(
        pattern,
        case(title, "3.7.3.3", pattern, fen(&four.pos), vec![uci], expect),
    );
    Some(())
}

/// The four choices and no other (3.7.3.3), by a capture or not, or with the check only some
/// of them give (3.7.3.5): legal, illegal, the knight's position after, and the SAN.
fn four_choices(q: &mut Quotas, four: Four) {
    let all = four.all();
    let pattern = if all.iter().any(|mv| four.checks(*mv)) && !all.iter().all(|mv| four.checks(*mv))
    {
        "check"
    } else if four.queen.is_capture() {
        "capture"
    } else {
        "choices"
    };
    if !q.wants(pattern) {
        return;
    }
    let (side, on) = (four.side(), four.square());
    let title = match pattern {
        "check" => {
            let checking: Vec<&str> = all
                .iter()
                .filter(|mv| four.checks(**mv))
                .map(|mv| super::role_name(mv.promotion().unwrap_or(Role::Queen)))
                .collect();
            format!(
                "{side} promotes on {on}: only as {} does the new piece give check from the same move",
                checking.join(" or ")
            )
        }
        "capture" => format!("{side} promotes by capturing on {on}: four choices, no other"),
        _ => format!(
            "{side} promotes on {on}: queen, rook, bishop or knight, never a king and never a pawn"
        ),
    };
    let base = &four.base;
    let expect = Expect {
        legal: Some(all.iter().map(|mv| replay::to_uci(*mv)).collect()),
        illegal: Some(vec![base.clone(), format!("{base}k")]),
        after: Some(vec![After {
            mv: replay::to_uci(four.knight),
            fen: fen(&after(&four.pos, four.knight)),
            en_passant: Default::default(),
            clocks: true,
        }]),
        san: Some(four.san.clone()),
        ..Expect::default()
    };
    let rule = if pattern == "check" {
        "3.7.3.5"
    } else {
        "3.7.3.3"
    };
    q.keep(
        pattern,
        case(title, rule, pattern, fen(&four.pos), Vec::new(), expect),
    );
}
