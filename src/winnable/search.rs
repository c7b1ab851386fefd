//! The two searches: a helpmate search that proves a side *can* mate by finding a line, and an
//! exhaustive search that proves it *cannot* by showing every line reaches a position already
//! proven unwinnable.
//!
//! Both count nodes (positions played) against a limit, so their answers depend on the position
//! and the limit only, never on the machine.

use std::sync::OnceLock;

use shakmaty::attacks::{king_attacks, knight_attacks, pawn_attacks};
use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Position, Rank, Role, Square};

use super::{KeyMap, KeySet, cheap_proof, child_hash, hash_of, in_front, material, static_proof};

/// The node limit was reached before the search finished.
#[derive(Debug)]
pub(super) struct Exhausted;

/// The halfmove clock at which the 75-move rule ends the game (FIDE 9.6.2).
pub(super) const SEVENTY_FIVE_MOVES: u32 = 150;

/// A transposition key: the position (FIDE 9.2.2 identity, with legal en passant only), and the
/// halfmove clock once it is near enough to the 75-move rule to change what can happen.
fn key(pos: &Chess, hash: u64) -> u64 {
    let clock = pos.halfmoves();
    if clock > 80 {
        hash ^ u64::from(clock).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    } else {
        hash
    }
}

/// The hash of `child`, reached from `parent` (hash `parent_hash`) by `m`.
fn hash_after(parent: &Chess, parent_hash: u64, m: Move, child: &Chess) -> u64 {
    let hash = child_hash(parent, parent_hash, m).unwrap_or_else(|| hash_of(child));
    debug_assert_eq!(hash, hash_of(child), "{m:?}");
    hash
}

/// A helpmate search: both sides cooperate so that `side` mates.
///
/// Iterative deepening over a *cost* rather than a ply count. The search aims at a mating net in
/// a corner on the far side of the intended winner (the corner's colour chosen so that the
/// winner's bishops can reach it, or the loser's bishops can block in it): moves that bring a
/// king or knight closer to its place in that net, advanced pawn pushes and the winner's
/// captures are free; the loser capturing, or pushing a pawn when only its promotion could give
/// the winner a blocker to mate against, costs three; anything else costs one, or nothing right
/// after a free move of the other side. Every legal move is searched at some bound, so a large
/// enough budget is complete; only the order changes. Each bound is given a local node limit, so
/// a bound whose free lines run long does not starve the next one. A transposition table
/// remembers the largest bound under which a position failed. When the winner's only force is
/// its pawns and each is stopped by an enemy pawn on its file, its moves are judged by a
/// [`Plan`] instead: the king walks to take the pawns in the way.
pub(super) struct Helpmate {
    side: Color,
    net: Net,
    nodes: u64,
    limit: u64,
    local: u64,
    failed: KeyMap<u32>,
}

/// A helpmate search that can stop when its node limit is spent and go on later from where it
/// stopped, with what it learnt: the bound it was at and the positions that failed.
pub(super) struct Helpmates {
    searches: Vec<Helpmate>,
    /// The bound being searched.
    bound: u32,
    /// The search (corner) whose turn it is at this bound.
    next: usize,
}

impl Helpmates {
    /// A helpmate search of `!side` by `side` from `pos`, not started: [`Helpmates::resume`]
    /// runs it.
    ///
    /// One search per candidate corner for the mating net (see [`Net`]), taking turns bound by
    /// bound, each with its own transposition table since the costs differ.
    pub(super) fn start(pos: &Chess, side: Color) -> Helpmates {
        let searches = Net::corners(pos.board(), side)
            .into_iter()
            .map(|corner| Helpmate {
                side,
                net: Net::new(side, corner),
                nodes: 0,
                limit: 0,
                local: 0,
                failed: KeyMap::default(),
            })
            .collect();
        Helpmates {
            searches,
            bound: 0,
            next: 0,
        }
    }

    /// Goes on searching from `pos` (the position the search was started from) within `limit`
    /// more nodes: the line, or `None`, and the nodes used.
    pub(super) fn resume(&mut self, pos: &Chess, limit: u64) -> (Option<Vec<Move>>, u64) {
        let mut used = 0;
        while self.bound <= MAX_COST {
            while self.next < self.searches.len() {
                let search = &mut self.searches[self.next];
                search.local = 0;
                search.nodes = 0;
                search.limit = limit - used;
                let result = search.search(pos, hash_of(pos), self.bound, false, 0);
                used += search.nodes.min(limit - used);
                match result {
                    Ok(Some(mut line)) => {
                        line.reverse();
                        return (Some(line), used);
                    }
                    Ok(None) | Err(Cut::Interrupted) => self.next += 1,
                    // The next call takes this search up again at this bound: every failure it
                    // remembered was of a subtree searched in full.
                    Err(Cut::Exhausted) => return (None, used),
                }
            }
            self.next = 0;
            self.bound += 1;
        }
        (None, used)
    }
}

/// The node limit of one bound of the iterative deepening.
const LOCAL_LIMIT: u64 = 20_000;
/// The longest line searched, in plies: a guard against endless free lines.
const MAX_PLIES: u32 = 160;
/// The deepest cost bound tried; far beyond what the node limits reach.
const MAX_COST: u32 = 1_000;

/// Why a search stopped before its answer.
enum Cut {
    /// The whole budget is spent.
    Exhausted,
    /// This bound's local limit is spent; the next bound may still succeed.
    Interrupted,
}

/// How a move is judged by the helpmate search's cost model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Progress,
    Normal,
    Setback,
}

impl Helpmate {
    /// A mating line from `pos` whose moves cost at most `bound` in all, reversed.
    fn search(
        &mut self,
        pos: &Chess,
        hash: u64,
        bound: u32,
        progress: bool,
        ply: u32,
    ) -> Result<Option<Vec<Move>>, Cut> {
        let key = key(pos, hash) ^ if progress { 0x5bd1_e995_7f4a_7c15 } else { 0 };
        if self.failed.get(&key).is_some_and(|&b| b >= bound) {
            return Ok(None);
        }
        if material::insufficient(pos.board(), self.side).is_some() {
            self.failed.insert(key, u32::MAX);
            return Ok(None);
        }
        let moves = pos.legal_moves();
        let winner_moves = pos.turn() == self.side;
        let needs_loser_promotion = self.net.needs_loser_promotion(pos.board());
        let plan = if winner_moves {
            Plan::of(pos.board(), self.side)
        } else {
            None
        };
        let mut children = Vec::with_capacity(moves.len());
        for m in &moves {
            self.nodes += 1;
            self.local += 1;
            if self.nodes > self.limit {
                return Err(Cut::Exhausted);
            }
            if self.local > LOCAL_LIMIT {
                return Err(Cut::Interrupted);
            }
            let mut child = pos.clone();
            child.play_unchecked(*m);
            if winner_moves && child.is_check() && child.is_checkmate() {
                return Ok(Some(vec![*m]));
            }
            if child.halfmoves() >= SEVENTY_FIVE_MOVES || ply + 1 >= MAX_PLIES {
                continue; // the game ends here drawn (FIDE 9.6.2), or the line is too long
            }
            let step = match &plan {
                Some(plan) => plan.judge(m),
                None => self.net.judge(m, winner_moves, needs_loser_promotion),
            };
            let cost = match step {
                Step::Progress => 0,
                Step::Normal if progress => 0,
                Step::Normal => 1,
                Step::Setback => 3,
            };
            if cost <= bound {
                children.push((cost, step == Step::Progress, m, child));
            }
        }
        // The cheapest first, in move order among equals (the positions are not moved about).
        for pass in [0, 1, 3] {
            for (cost, rewarded, m, child) in &children {
                if *cost != pass {
                    continue;
                }
                let child_hash = hash_after(pos, hash, **m, child);
                if let Some(mut line) =
                    self.search(child, child_hash, bound - cost, *rewarded, ply + 1)?
                {
                    line.push(**m);
                    return Ok(Some(line));
                }
            }
        }
        let entry = self.failed.entry(key).or_insert(0);
        *entry = (*entry).max(bound);
        Ok(None)
    }
}

/// The mating net the helpmate search steers towards: the loser's king in a corner, a piece of
/// the loser's beside it on the edge, the winner's king two squares away along the other edge
/// and the winner's pieces heading for the corner.
struct Net {
    winner: Color,
    winner_king: Square,
    winner_piece: Square,
    loser_king: Square,
    loser_piece: Square,
}

impl Net {
    /// The corners worth trying, best first. Their colour: the winner's bishops', or if it has
    /// none, the colour the loser's bishops can block on next to it, or either. Among those, the
    /// nearest to the loser's king first.
    fn corners(board: &Board, winner: Color) -> Vec<Square> {
        let ours = board.by_color(winner) & board.bishops();
        let theirs = board.by_color(!winner) & board.bishops();
        let colour = if (ours & Bitboard::DARK_SQUARES).any() {
            Bitboard::DARK_SQUARES
        } else if ours.any() {
            Bitboard::LIGHT_SQUARES
        } else if (theirs & Bitboard::LIGHT_SQUARES).any() {
            // The blocker beside a dark corner stands on a light square.
            Bitboard::DARK_SQUARES
        } else if theirs.any() {
            Bitboard::LIGHT_SQUARES
        } else {
            Bitboard::FULL
        };
        let mut corners: Vec<Square> = (Bitboard::CORNERS & colour).into_iter().collect();
        if let Some(king) = board.king_of(!winner) {
            corners.sort_by_key(|c| c.distance(king));
        }
        corners
    }

    fn new(winner: Color, corner: Square) -> Net {
        let inward_rank = if corner.rank() == Rank::First { 1 } else { -1 };
        let inward_file = if corner.file() == File::A { 1 } else { -1 };
        let along = |files: i32, ranks: i32| {
            Square::from_coords(
                corner.file().offset(files).expect("inside the board"),
                corner.rank().offset(ranks).expect("inside the board"),
            )
        };
        Net {
            winner,
            winner_king: along(0, 2 * inward_rank),
            winner_piece: corner,
            loser_king: corner,
            loser_piece: along(inward_file, 0),
        }
    }

    /// Whether the winner cannot mate unless the loser promotes to a blocker.
    fn needs_loser_promotion(&self, board: &Board) -> bool {
        let loser_pawns = board.by_color(!self.winner) & board.pawns();
        // A pawn, rook or queen of the winner is mating material whatever the loser has.
        let force = board.by_color(self.winner) & (board.pawns() | board.rooks_and_queens());
        if loser_pawns.is_empty() || force.any() {
            return false;
        }
        let mut without = board.clone();
        for sq in loser_pawns {
            without.discard_piece_at(sq);
        }
        material::insufficient(&without, self.winner).is_some()
    }

    /// Whether a king or knight move (or a bishop move, if `bishops`) brings the piece closer
    /// to `target`.
    fn closer(m: &Move, target: Square, bishops: bool) -> bool {
        let Some(from) = m.from() else { return false };
        match m.role() {
            Role::King => m.to().distance(target) < from.distance(target),
            Role::Bishop if bishops => m.to().distance(target) < from.distance(target),
            Role::Knight => knight_distance(m.to(), target) < knight_distance(from, target),
            _ => false,
        }
    }

    fn judge(&self, m: &Move, winner_moves: bool, needs_loser_promotion: bool) -> Step {
        if winner_moves {
            let advanced_push = m.role() == Role::Pawn
                && !m.is_capture()
                && self
                    .winner
                    .fold_wb(m.to().rank(), m.to().rank().flip_vertical())
                    >= Rank::Fifth;
            let target = if m.role() == Role::King {
                self.winner_king
            } else {
                self.winner_piece
            };
            if advanced_push || m.is_capture() || Net::closer(m, target, false) {
                Step::Progress
            } else {
                Step::Normal
            }
        } else {
            let target = if m.role() == Role::King {
                self.loser_king
            } else {
                self.loser_piece
            };
            let mut step = Step::Normal;
            if needs_loser_promotion {
                let heavy = matches!(m.promotion(), Some(Role::Queen | Role::Rook));
                step = if m.role() == Role::Pawn && !heavy {
                    Step::Progress
                } else {
                    Step::Setback
                };
            }
            if Net::closer(m, target, true) {
                Step::Progress
            } else if m.is_capture() {
                Step::Setback
            } else {
                step
            }
        }
    }
}

/// The plan of a winner with no force but its pawns (a king and at most one minor piece
/// besides them) when every one of its pawns has an enemy pawn ahead on its file: its king walks
/// round the walls to take those enemy pawns, and its pawns push for a promotion. Only the order
/// of the search changes: a mate against a king boxed in by its own pieces is still found.
struct Plan {
    /// King steps from each square to the nearest enemy pawn ahead of one of the winner's pawns,
    /// over squares free of the winner's pieces and of enemy pawn attacks; `u8::MAX` where none
    /// is reached.
    distance: [u8; 64],
}

impl Plan {
    /// The plan for `winner` in `board`, when it applies and its king can reach a target.
    fn of(board: &Board, winner: Color) -> Option<Plan> {
        let ours = board.by_color(winner);
        let minors = ours & (board.knights() | board.bishops());
        if (ours & (board.queens() | board.rooks())).any() || minors.count() > 1 {
            return None;
        }
        let king = board.king_of(winner)?;
        let their_pawns = board.by_color(!winner) & board.pawns();
        let mut targets = Bitboard::EMPTY;
        for sq in ours & board.pawns() {
            let stoppers = in_front(winner, sq) & their_pawns;
            if stoppers.is_empty() {
                return None; // a free file: the net's costs push it
            }
            targets |= stoppers;
        }
        if targets.is_empty() {
            return None;
        }
        let guarded = their_pawns
            .into_iter()
            .fold(Bitboard::EMPTY, |all, sq| all | pawn_attacks(!winner, sq));
        let allowed = (!ours & !guarded) | targets | Bitboard::from_square(king);
        let mut distance = [u8::MAX; 64];
        let mut seen = targets;
        let mut frontier = targets;
        let mut d = 0u8;
        while frontier.any() {
            for sq in frontier {
                distance[sq.to_usize()] = d;
            }
            let next = frontier
                .into_iter()
                .fold(Bitboard::EMPTY, |all, sq| all | king_attacks(sq))
                & allowed
                & !seen;
            seen |= next;
            frontier = next;
            d += 1;
        }
        (distance[king.to_usize()] != u8::MAX).then_some(Plan { distance })
    }

    /// A pawn move, a capture, or a king step nearer a target is progress.
    fn judge(&self, m: &Move) -> Step {
        let nearer = m.role() == Role::King
            && m.from().is_some_and(|from| {
                self.distance[m.to().to_usize()] < self.distance[from.to_usize()]
            });
        if nearer || m.is_capture() || m.role() == Role::Pawn {
            Step::Progress
        } else {
            Step::Normal
        }
    }
}

/// The number of knight moves between two squares on an empty board.
fn knight_distance(a: Square, b: Square) -> u32 {
    static TABLE: OnceLock<Vec<[u8; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..64u32)
            .map(|from| {
                let mut dist = [u8::MAX; 64];
                let start = Square::new(from);
                dist[start.to_usize()] = 0;
                let mut queue = std::collections::VecDeque::from([start]);
                while let Some(sq) = queue.pop_front() {
                    for next in knight_attacks(sq) {
                        if dist[next.to_usize()] == u8::MAX {
                            dist[next.to_usize()] = dist[sq.to_usize()] + 1;
                            queue.push_back(next);
                        }
                    }
                }
                dist
            })
            .collect()
    });
    u32::from(table[a.to_usize()][b.to_usize()])
}

/// An exhaustive search: every line of at most some number of plies, by both sides, reaches a
/// position where `side` is proven unable to mate (statically, or because the game is over
/// without `side` having mated).
pub(super) struct Forced {
    side: Color,
    /// Whether the 75-move rule ends lines (for a side's winnability it does; for the dead
    /// position of FIDE 5.2.2, which the suite ranks before the 75-move rule, it does not).
    clock_rule: bool,
    nodes: u64,
    limit: u64,
    proven: KeySet,
    failed: KeyMap<u32>,
}

impl Forced {
    /// Tries to prove `side` can never mate from `pos` by searching every line up to `max_plies`
    /// deep within `limit` nodes: the depth that sufficed, and the nodes used.
    pub(super) fn run(
        pos: &Chess,
        side: Color,
        clock_rule: bool,
        max_plies: u32,
        limit: u64,
    ) -> (Option<u32>, u64) {
        let mut search = Forced {
            side,
            clock_rule,
            nodes: 0,
            limit,
            proven: KeySet::default(),
            failed: KeyMap::default(),
        };
        for depth in 1..=max_plies {
            match search.prove(pos, depth) {
                Ok(true) => return (Some(depth), search.nodes),
                Ok(false) => {}
                Err(Exhausted) => break,
            }
        }
        (None, search.nodes)
    }

    /// Whether every line from `pos` up to `max_plies` deep ends where `side` has not mated
    /// and never can, within `limit` nodes: [`Forced::run`]'s answer without the depth that
    /// sufficed, found by one search at the full depth. Iterating the depth finds the same
    /// proofs (a proof's every line ends within its depth, so the full-depth search walks the
    /// same tree), but it walks the first line again at every depth before a failure shows,
    /// and most positions fail: this is what [`super::is_dead`] asks at every ply of a game.
    pub(super) fn holds(pos: &Chess, side: Color, max_plies: u32, limit: u64) -> bool {
        let mut search = Forced {
            side,
            clock_rule: false,
            nodes: 0,
            limit,
            proven: KeySet::default(),
            failed: KeyMap::default(),
        };
        matches!(search.prove(pos, max_plies), Ok(true))
    }

    /// Whether every line from `pos` (reached by a capture or pawn move, or the root, when
    /// `changed`) within `depth` plies ends where the side cannot mate. The regions proof, the
    /// costly one, is asked only where `changed`: a king or piece move rarely makes it hold
    /// where it did not, and leaving it out only leaves a proof unfound.
    fn prove(&mut self, pos: &Chess, depth: u32) -> Result<bool, Exhausted> {
        self.prove_from(pos, hash_of(pos), depth, true)
    }

    fn prove_from(
        &mut self,
        pos: &Chess,
        hash: u64,
        depth: u32,
        changed: bool,
    ) -> Result<bool, Exhausted> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(Exhausted);
        }
        let key = key(pos, hash);
        if self.proven.contains(&key) {
            return Ok(true);
        }
        if self.failed.get(&key).is_some_and(|&d| d >= depth) {
            return Ok(false);
        }
        let moves = pos.legal_moves();
        let proven = if moves.is_empty() {
            // Checkmate of `side`, or stalemate: the game is over and `side` has not mated.
            // Checkmate of the opponent: `side` has mated, the opposite of a proof.
            !(pos.is_check() && pos.turn() != self.side)
        } else if (self.clock_rule && pos.halfmoves() >= SEVENTY_FIVE_MOVES)
            || if changed {
                static_proof(pos, self.side).is_some()
            } else {
                cheap_proof(pos, self.side)
            }
        {
            true
        } else if depth == 0 {
            false
        } else {
            let mut all = true;
            for m in moves {
                let mut child = pos.clone();
                child.play_unchecked(m);
                let changed = m.is_capture() || m.role() == Role::Pawn;
                let child_hash = hash_after(pos, hash, m, &child);
                if !self.prove_from(&child, child_hash, depth - 1, changed)? {
                    all = false;
                    break;
                }
            }
            all
        };
        if proven {
            self.proven.insert(key);
        } else {
            let entry = self.failed.entry(key).or_insert(0);
            *entry = (*entry).max(depth);
        }
        Ok(proven)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::parse_fen;

    /// Plays `line` from `pos`, every move legal, and says whether it ends in checkmate.
    fn mates(pos: &Chess, line: &[Move]) -> bool {
        let mut pos = pos.clone();
        for m in line {
            assert!(pos.is_legal(*m), "{m:?} in {pos:?}");
            pos.play_unchecked(*m);
        }
        pos.is_checkmate()
    }

    #[test]
    fn the_pawn_plan_walks_the_king_round_to_the_pawn_in_the_way() {
        // From the Chess Unwinnability Analyzer's test vectors (tests/test-vector.txt of
        // miguel-ambrona/D3-Chess), labelled winnable for both: White's pawns on b6 and d6 are
        // stopped by Black's on b7 and d7, and only White's king can take them, from behind.
        let pos = parse_fen("k1b5/1p1p4/1P1P1K2/8/8/B7/8/1b6 w - - 0 1").unwrap();
        assert!(Plan::of(pos.board(), Color::White).is_some());
        let (line, used) = Helpmates::start(&pos, Color::White).resume(&pos, 40_000);
        let line = line.expect("a helpmate within 40,000 nodes");
        assert!(mates(&pos, &line), "{line:?}");
        assert!(used <= 40_000);
        // Black's pieces are free: no plan, the net's costs.
        assert!(Plan::of(pos.board(), Color::Black).is_none());
    }

    #[test]
    fn a_resumed_search_goes_on_where_it_stopped() {
        // The same mate, found by one search in two parts as by one in a single go, with no
        // more nodes in all.
        let pos = parse_fen("k1b5/1p1p4/1P1P1K2/8/8/B7/8/1b6 w - - 0 1").unwrap();
        let (whole, whole_used) = Helpmates::start(&pos, Color::White).resume(&pos, 40_000);
        let mut parts = Helpmates::start(&pos, Color::White);
        let (first, first_used) = parts.resume(&pos, 5_000);
        assert!(first.is_none() && first_used == 5_000);
        let (second, second_used) = parts.resume(&pos, 40_000 - first_used);
        let second = second.expect("found in the second part");
        assert!(mates(&pos, &second));
        assert!(
            first_used + second_used <= whole_used + 5_000,
            "{first_used} + {second_used} against {whole_used}"
        );
        assert!(whole.is_some());
    }

    #[test]
    fn the_hash_after_a_move_is_the_hash_of_the_position_after_it() {
        // Seeded random games from positions with and without castling rights and en passant:
        // wherever the update applies, it is the hash computed afresh.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut updated = 0;
        for fen in [
            "8/1p1p1p1p/1P6/KP6/PP6/8/3P1P1P/k7 w - - 0 1",
            "r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
            "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "8/P6k/8/8/8/8/6Kp/8 w - - 0 1",
        ] {
            for _ in 0..20 {
                let mut pos = parse_fen(fen).unwrap();
                for _ in 0..60 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves[(seed % moves.len() as u64) as usize];
                    let hash = hash_of(&pos);
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    if let Some(h) = child_hash(&pos, hash, m) {
                        assert_eq!(h, hash_of(&child), "{m:?} from {pos:?}");
                        updated += 1;
                    }
                    pos = child;
                }
            }
        }
        assert!(updated > 1_000, "the update applied {updated} times only");
    }
}
