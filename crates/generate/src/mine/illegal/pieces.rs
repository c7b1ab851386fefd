//! Pieces of random positions, each with the moves it may not make, found by trying every square.

use shakmaty::{Board, Chess, Color, Piece, Position, Role, Square};

use super::rules::classify;
use super::{Why, expect, legal_of, ongoing};
use crate::mine::{Miner, Quotas, RandomGame, case, fen, role_name, side_name};
use chess_conformance::replay;

/// The move of a piece, for titles: `knight e2-c3`.
fn describe(board: &Board, from: Square, uci: &str) -> String {
    let role = board.piece_at(from).map_or("piece", |p| role_name(p.role));
    let promo = match uci.as_bytes().get(4) {
        Some(b'k') => "=K",
        Some(b'q') => "=Q",
        _ => "",
    };
    format!("{role} {from}-{}{promo}", &uci[2..4])
}

/// The title of a case refusing `group`, moves of the piece on `from` sharing one pattern.
fn title(pos: &Chess, from: Square, group: &[(Why, String)]) -> String {
    let board = pos.board();
    let details: Vec<Option<&String>> = group.iter().map(|(w, _)| w.detail.as_ref()).collect();
    let moves: Vec<String> = group
        .iter()
        .map(|(_, uci)| describe(board, from, uci))
        .collect();
    let listed = if details.iter().all(|d| *d == details[0]) {
        let mut text = moves.join(", ");
        if let Some(d) = details[0] {
            text.push_str(&format!(" ({d})"));
        }
        text
    } else {
        moves
            .iter()
            .zip(&details)
            .map(|(m, d)| match d {
                Some(d) => format!("{m} ({d})"),
                None => m.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    let w = &group[0].0;
    format!(
        "{} may not play {listed}: {} ({}); asked to, an engine must refuse",
        side_name(pos.turn()),
        w.rule,
        w.article
    )
}

/// Candidate illegal moves of the piece on `from`, grouped by pattern: every square and, for a
/// pawn onto the last rank, no promotion piece or a king.
fn illegal_moves_of(pos: &Chess, from: Square) -> Vec<(Why, String)> {
    let mut out = Vec::new();
    let pawn = pos
        .board()
        .piece_at(from)
        .is_some_and(|p| p.role == Role::Pawn);
    for to in Square::ALL {
        if to == from {
            continue;
        }
        let last = to.rank() == (!pos.turn()).backrank();
        let promos: &[Option<char>] = if pawn && last {
            &[None, Some('k')]
        } else {
            &[None]
        };
        for &promo in promos {
            if let Some(w) = classify(pos, from, to, promo) {
                let uci = format!("{from}{to}{}", promo.map(String::from).unwrap_or_default());
                out.push((w, uci));
            }
        }
    }
    out
}

/// Kings and two to six pieces of either colour, placed at random.
fn placed(m: &mut Miner) -> Option<Chess> {
    const ROLES: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    let turn = if m.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    let mut pieces = vec![Color::White.king(), Color::Black.king()];
    for _ in 0..2 + m.below(5) {
        let color = if m.chance(1, 2) { turn } else { !turn };
        pieces.push(Piece {
            color,
            role: *m.pick(&ROLES),
        });
    }
    m.place(&pieces, turn)
}

/// Pieces of random positions, every illegal move of each tried.
pub(super) fn pieces(m: &mut Miner, q: &mut Quotas) {
    let initial = Chess::default();
    for i in 0..40_000 {
        if [
            "king-into-check",
            "pinned",
            "check-not-answered",
            "geometry",
            "jump",
            "own-piece",
            "pawn-rules",
            "promotion",
        ]
        .iter()
        .all(|p| !q.wants(p))
        {
            break;
        }
        let drawn = if i % 2 == 0 {
            let game: RandomGame = m.game(&initial, 160);
            let at = m.below(game.moves.len() + 1);
            game.positions[at].clone()
        } else {
            let Some(pos) = placed(m) else { continue };
            pos
        };
        // The position as its FEN gives it (an en passant square only where the capture is
        // legal), so the reasons are those of the case's own position.
        let Ok(pos) = replay::parse_fen(&fen(&drawn)) else {
            continue;
        };
        let own: Vec<Square> = pos.board().by_color(pos.turn()).into_iter().collect();
        let from = *m.pick(&own);
        let mut found = illegal_moves_of(&pos, from);
        found.retain(|(w, _)| q.wants(w.pattern));
        if found.is_empty() {
            continue;
        }
        let pattern = found[m.below(found.len())].0.pattern;
        let mut group: Vec<(Why, String)> = found
            .into_iter()
            .filter(|(w, _)| w.pattern == pattern)
            .collect();
        // At most three moves, chosen at random, sharing one pattern.
        while group.len() > 3 {
            let i = m.below(group.len());
            group.remove(i);
        }
        let fen_text = fen(&pos);
        if !ongoing(&fen_text, &[]) {
            continue;
        }
        let title = title(&pos, from, &group);
        let mut refuses: Vec<String> = group.into_iter().map(|(_, uci)| uci).collect();
        refuses.sort();
        let expect = expect(refuses, legal_of(&pos, from));
        q.keep(
            pattern,
            case(title, "7.5.1", pattern, fen_text, Vec::new(), expect),
        );
    }
}
