//! Perft divides: for every position of the hand-written perft cases, one case per legal move
//! with the node counts below it at depths 1 and 2, so that a wrong count names the move whose
//! subtree is wrong; and one case per position with the totals at every depth up to a node
//! budget that keeps the whole generated catalogue fast.
//!
//! The positions are the hand-written perft cases' (the six of the Chess Programming Wiki, the
//! TalkChess list, and the positions rich in promotion, en passant and castling, each cited
//! there). The counts are the reference's; the hand-written totals, which cite published
//! figures, check the reference on the same positions.

use std::collections::BTreeMap;

use shakmaty::Position;
use shakmaty::san::SanPlus;

use chess_conformance::Variant;
use chess_conformance::case::{Case, Expect};
use chess_conformance::replay::{self, Replay};

/// The largest total a generated perft case asks for, in nodes.
pub const TOTAL_BUDGET: u64 = 1_000_000;

/// The divide and total cases of the perft positions of `variant` among `hand` (ids empty).
/// In Chess960 the position keeps its castling mode, so castling below it is counted and
/// written as the king taking its rook (`e1h1`).
pub fn divides(hand: &[&Case], variant: Variant) -> Vec<Case> {
    let mut out = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for case in hand {
        // The divides are counted by shakmaty, which knows the standard six only.
        if case.expect.perft.is_none() || !case.pieces.is_empty() || case.variant() != variant {
            continue;
        }
        let Ok(replay) = Replay::in_variant(variant, &case.fen, &case.moves) else {
            continue;
        };
        let fen_key = crate::symmetry::fen_of(&replay.position);
        if !seen.insert(fen_key) {
            continue; // the same position under another case (a Black twin, say)
        }
        let pos = &replay.position;
        let mut legal: Vec<_> = pos.legal_moves().into_iter().collect();
        legal.sort_by_key(|m| replay::to_uci_in(pos, *m));
        for m in legal {
            let mut child = pos.clone();
            child.play_unchecked(m);
            let uci = replay::to_uci_in(pos, m);
            let san = SanPlus::from_move(pos.clone(), m).to_string();
            let counts: BTreeMap<u32, u64> =
                (1..=2).map(|d| (d, shakmaty::perft(&child, d))).collect();
            let mut moves = case.moves.clone();
            moves.push(uci.clone());
            out.push(Case {
                id: String::new(),
                title: format!(
                    "Perft divide of `{}`: below {uci} ({san}), {} node{} at depth 1 and {} at depth 2",
                    case.id,
                    counts[&1],
                    if counts[&1] == 1 { "" } else { "s" },
                    counts[&2]
                ),
                rule: "3.10.1".into(),
                source: Some(source(case)),
                tags: vec!["divide".into()],
                pieces: Vec::new(),
                variant: case.variant,
                fen: case.fen.clone(),
                moves,
                expect: Expect {
                    perft: Some(counts),
                    ..Expect::default()
                },
            });
        }
        let mut totals = BTreeMap::new();
        for depth in 1..=6 {
            let n = shakmaty::perft(pos, depth);
            if n > TOTAL_BUDGET {
                break;
            }
            totals.insert(depth, n);
        }
        let deepest = totals.keys().last().copied().unwrap_or(0);
        out.push(Case {
            id: String::new(),
            title: format!(
                "Perft totals of `{}` at every depth to {deepest} ({} nodes there)",
                case.id,
                totals.get(&deepest).copied().unwrap_or(0)
            ),
            rule: "3.10.1".into(),
            source: Some(source(case)),
            tags: vec!["divide".into(), "totals".into()],
            pieces: Vec::new(),
            variant: case.variant,
            fen: case.fen.clone(),
            moves: case.moves.clone(),
            expect: Expect {
                perft: Some(totals),
                ..Expect::default()
            },
        });
    }
    out
}

fn source(case: &Case) -> String {
    match &case.source {
        Some(s) => format!(
            "counts by the reference engine below the position of `{}`, whose totals cite: {s}",
            case.id
        ),
        None => format!(
            "counts by the reference engine below the position of `{}`",
            case.id
        ),
    }
}
