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
        let side = side_name(pos.turn());
        let promotions: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|mv| mv.is_promotion())
            .collect();
        // The four promotions of one pawn move (same from and to).
        let Some(first) = promotions.get(m.below(promotions.len().max(1))).copied() else {
            continue;
        };
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
            continue;
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
        let mates = |mv: Move| after(&pos, mv).is_checkmate();
        let stalemates = |mv: Move| after(&pos, mv).is_stalemate();
        let checks = |mv: Move| after(&pos, mv).is_check();
        let four = [queen, rook, bishop, knight];

        if mates(knight) && !mates(queen) && q.wants("knight-mates") {
            let uci = replay::to_uci(knight);
            let title = format!(
                "{side} promotes to a knight with {uci} and mates at once; a queen on the same square would not"
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
                    fen(&pos),
                    vec![uci],
                    expect,
                ),
            );
            let expect = Expect {
                san: Some(san.clone()),
                ..Expect::default()
            };
            q.keep(
                "knight-mates",
                case(
                    format!("{title}: the SAN suffixes show it"),
                    "3.7.3.5",
                    "knight-mates",
                    fen(&pos),
                    Vec::new(),
                    expect,
                ),
            );
            continue;
        }
        if stalemates(queen) && !four.iter().all(|mv| stalemates(*mv)) {
            let pattern = if m.chance(1, 2) {
                "queen-stalemates"
            } else {
                "underpromotion-avoids-stalemate"
            };
            if !q.wants(pattern) {
                continue;
            }
            let (mv, state) = if pattern == "queen-stalemates" {
                (queen, StateName::Stalemate)
            } else {
                let Some(mv) = [rook, bishop, knight]
                    .into_iter()
                    .find(|mv| !stalemates(*mv))
                else {
                    continue;
                };
                let p = after(&pos, mv);
                if p.is_checkmate() || p.is_insufficient_material() {
                    continue;
                }
                (mv, StateName::Ongoing)
            };
            let uci = replay::to_uci(mv);
            let title = if state == StateName::Stalemate {
                format!(
                    "{side} promotes to a queen with {uci} and stalemates; an underpromotion would not"
                )
            } else {
                format!(
                    "{side} underpromotes with {uci}, avoiding the stalemate a queen on {} would give",
                    &base[2..4]
                )
            };
            let expect = Expect {
                state: Some(state),
                ..Expect::default()
            };
            q.keep(
                pattern,
                case(title, "3.7.3.3", pattern, fen(&pos), vec![uci], expect),
            );
            continue;
        }
        let pattern = if four.iter().any(|mv| checks(*mv)) && !four.iter().all(|mv| checks(*mv)) {
            "check"
        } else if queen.is_capture() {
            "capture"
        } else {
            "choices"
        };
        if !q.wants(pattern) {
            continue;
        }
        let title = match pattern {
            "check" => {
                let checking: Vec<&str> = four
                    .iter()
                    .filter(|mv| checks(**mv))
                    .map(|mv| super::role_name(mv.promotion().unwrap_or(Role::Queen)))
                    .collect();
                format!(
                    "{side} promotes on {}: only as {} does the new piece give check from the same move",
                    &base[2..4],
                    checking.join(" or ")
                )
            }
            "capture" => format!(
                "{side} promotes by capturing on {}: four choices, no other",
                &base[2..4]
            ),
            _ => format!(
                "{side} promotes on {}: queen, rook, bishop or knight, never a king and never a pawn",
                &base[2..4]
            ),
        };
        let expect = Expect {
            legal: Some(four.iter().map(|mv| replay::to_uci(*mv)).collect()),
            illegal: Some(vec![base.clone(), format!("{base}k")]),
            after: Some(vec![After {
                mv: replay::to_uci(knight),
                fen: fen(&after(&pos, knight)),
                en_passant: Default::default(),
                clocks: true,
            }]),
            san: Some(san),
            ..Expect::default()
        };
        let rule = if pattern == "check" {
            "3.7.3.5"
        } else {
            "3.7.3.3"
        };
        q.keep(
            pattern,
            case(title, rule, pattern, fen(&pos), Vec::new(), expect),
        );
    }
    q.into_cases()
}
