//! Every position that can ever arise, explored: the proof for closed positions where a side's
//! only way forward is a capture that gives nothing (a king walk that ends in stalemate, a
//! sacrifice that locks the rest), and a helpmate finder for long king walks.
//!
//! A breadth-first search over the positions reachable from the start by legal moves of both
//! sides, each position (FIDE 9.2.2 identity; the clocks left out) visited once. A position is
//! not expanded when the game is over there, or when, right after a capture or a pawn move (the
//! moves that change what the static proofs look at), a static proof shows the side can never
//! mate from it. If the search runs out of positions without meeting a mate by the side, no
//! series of legal moves leads to one: every line either stays among the positions seen, none a
//! mate, or enters a position proven unwinnable. Leaving the clocks out only adds lines (the
//! 75-move rule and repetitions end games, they never make one longer), so the proof holds for
//! every clock. The first mate met is a helpmate line, the shortest there is; it is checked
//! against the 75-move rule before it is believed.
//!
//! The search is worth its cost only where few moves are possible; [`worth_exploring`] says when.

use std::collections::VecDeque;

use shakmaty::{Bitboard, Chess, Color, Move, Position, Role};

use super::search::SEVENTY_FIVE_MOVES;
use super::{KeyMap, child_hash, hash_of, static_proof};

/// What the exploration found.
pub(super) enum Explored {
    /// Every reachable position was seen and none is a mate by the side.
    Unwinnable,
    /// A helpmate line, the shortest.
    Mate(Vec<Move>),
    /// The node limit came first.
    Unknown,
}

/// The most moves the side to move may have for the exploration to be tried.
pub(super) const MOST_MOVES: usize = 16;

/// The same for the dead-position test of every game state, which must stay cheap.
pub(super) const MOST_MOVES_DEAD: usize = 12;

/// Whether `pos` looks closed enough for an exhaustive exploration: few moves for the side to
/// move.
pub(super) fn worth_exploring(pos: &Chess, most_moves: usize) -> bool {
    pos.legal_moves().len() <= most_moves
}

/// The pawns facing an enemy pawn right in front of them, White's and Black's together.
pub(super) fn facing_pawns(pos: &Chess) -> u32 {
    let board = pos.board();
    let white = board.pawns() & board.white();
    let black = board.pawns() & board.black();
    2 * (Bitboard(white.0 << 8) & black).count() as u32
}

/// Explores every position reachable from `pos` within `limit` nodes (moves played): the
/// answer for `side`, and the nodes used.
pub(super) fn explore(pos: &Chess, side: Color, limit: u64) -> (Explored, u64) {
    let root = hash_of(pos);
    // Each position seen, with the position and move it was first reached by.
    let mut seen: KeyMap<Option<(u64, Move)>> = KeyMap::default();
    seen.insert(root, None);
    let mut queue = VecDeque::from([(pos.clone(), root)]);
    let mut nodes = 0;
    while let Some((here, here_key)) = queue.pop_front() {
        let moves = here.legal_moves();
        if moves.is_empty() {
            if here.is_check() && here.turn() != side {
                let line = line_to(&seen, here_key);
                return if within_clock(pos, &line) {
                    (Explored::Mate(line), nodes)
                } else {
                    (Explored::Unknown, nodes)
                };
            }
            continue; // mated or stalemated: the game is over without the side's mate
        }
        for m in moves {
            nodes += 1;
            if nodes > limit {
                return (Explored::Unknown, nodes);
            }
            // A position seen already is skipped before it is played, where its hash follows
            // from this one's.
            let known = child_hash(&here, here_key, m);
            if known.is_some_and(|k| seen.contains_key(&k)) {
                continue;
            }
            let mut child = here.clone();
            child.play_unchecked(m);
            let child_key = known.unwrap_or_else(|| hash_of(&child));
            debug_assert_eq!(child_key, hash_of(&child), "{m:?}");
            if known.is_none() && seen.contains_key(&child_key) {
                continue;
            }
            seen.insert(child_key, Some((here_key, m)));
            let changes_structure = m.is_capture() || m.role() == Role::Pawn;
            if changes_structure && !child.is_checkmate() && static_proof(&child, side).is_some() {
                continue;
            }
            queue.push_back((child, child_key));
        }
    }
    (Explored::Unwinnable, nodes)
}

/// The moves from the root to the position `to`, by the first-reached links.
fn line_to(seen: &KeyMap<Option<(u64, Move)>>, mut to: u64) -> Vec<Move> {
    let mut line = Vec::new();
    while let Some(Some((from, m))) = seen.get(&to) {
        line.push(*m);
        to = *from;
    }
    line.reverse();
    line
}

/// Whether the line never reaches the 75-move rule before its last move.
fn within_clock(pos: &Chess, line: &[Move]) -> bool {
    let mut pos = pos.clone();
    for (i, m) in line.iter().enumerate() {
        pos.play_unchecked(*m);
        if i + 1 < line.len() && pos.halfmoves() >= SEVENTY_FIVE_MOVES {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::parse_fen;

    #[test]
    fn a_king_walk_that_ends_in_stalemate_proves_nothing_can_mate() {
        // From the Chess Unwinnability Analyzer's test vectors (labelled dead): White's king
        // can walk round to b7 and take the pawn, but only with Black's king on a5, and then
        // Black is stalemated; nothing else ever changes.
        let pos = parse_fen("8/1p6/kPp5/2P5/1pP5/1P6/3K4/8 b - - 0 1").unwrap();
        assert!(worth_exploring(&pos, MOST_MOVES));
        for side in Color::ALL {
            let (found, nodes) = explore(&pos, side, 100_000);
            assert!(matches!(found, Explored::Unwinnable), "{side:?}");
            assert!(nodes < 100_000);
        }
        // Without the pawn on b4 the white king gets in behind by a3 and a4: not proven.
        let open = parse_fen("8/1p6/kPp5/2P5/2P5/1P6/3K4/8 b - - 0 1").unwrap();
        assert!(!matches!(
            explore(&open, Color::White, 20_000).0,
            Explored::Unwinnable
        ));
    }

    #[test]
    fn the_mate_it_meets_is_a_legal_line() {
        // A king and rook against a king boxed in by its own pawns: the shortest helpmate.
        let fen = "7k/6pp/8/8/8/8/8/R6K w - - 0 1";
        let pos = parse_fen(fen).unwrap();
        let (found, _) = explore(&pos, Color::White, 100_000);
        let Explored::Mate(line) = found else {
            panic!("no mate found")
        };
        assert_eq!(line.len(), 1, "Ra8 is mate");
        let mut replay = pos.clone();
        for m in &line {
            assert!(replay.is_legal(*m));
            replay.play_unchecked(*m);
        }
        assert!(replay.is_checkmate());
    }
}
