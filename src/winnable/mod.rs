//! Who can still mate: the question of a flag fall (FIDE 6.9), a resignation's aftermath and a
//! dead position (5.2.2), answered beyond material.
//!
//! [`analyze`] answers, for one side, [`Winnability::Winnable`] with a helpmate line that proves
//! it, [`Winnability::Unwinnable`] with a proof, or [`Winnability::Undetermined`] when neither was
//! found within the [`Budget`]. A definite answer is always proven; the budget only decides how
//! often the answer is undetermined.
//!
//! The proofs, cheapest first:
//!
//! 1. **The game is over**: the side has mated (winnable, the empty line), or it is mated, or
//!    stalemated, or the 75-move rule has ended the game (unwinnable).
//! 2. **Material** ([`Pattern`]): a bare king; a lone knight against queens only; bishops of one
//!    colour against no pawn, knight or bishop of the other colour.
//! 3. **Locked pawns** (`blocked.rs`): every pawn blocked and unable to ever capture or be
//!    captured, every other piece a king, a bishop or walled in, and no square the defending king
//!    can reach where a bishop check could be mate.
//! 4. **Regions** (`reach.rs`): the squares every piece could ever stand on, over-approximated by
//!    a fixed point (pawns facing each other on a file never pass each other while both stay),
//!    leave no square of the defending king's region where a mate could stand.
//! 5. **Forced lines** (`search.rs`): every line of both sides, up to a few plies, reaches a
//!    position proven by 1 to 4 (`8/2kr4/8/K7/8/8/8/8 w - - 0 1` after 1.Ka6 Rd8 2.Ka7 Ra8+:
//!    White must take the rook, and K v K follows).
//! 6. **All positions** (`explore.rs`): in a position with few moves, every position reachable
//!    by legal moves is visited once, not beyond one proven by 1 to 4 after a capture or a pawn
//!    move; none is a mate by the side (a king walk to the only pawn it can take, with
//!    stalemate on taking it). The first mate met is the shortest helpmate.
//! 7. **A helpmate** (`search.rs`): a cost-bounded iterative deepening search where both sides
//!    cooperate, the winner favouring checks, promotions and approach, the loser walking into
//!    the net and boxing its own king in; a first short run before 6, for the easy mates.
//!
//! The analysis judges a position, not a game: repetitions of earlier positions are not known to
//! it (a caller with the history can replay the line to be sure, as the reference engine does).
//! The halfmove clock is: a line that would cross the 75-move rule without mating is not a
//! helpmate.

mod blocked;
mod explore;
mod material;
mod reach;
mod search;
pub mod walls;

pub use material::Pattern;

use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, Move, Position, Role};

pub(crate) use crate::vocabulary::Winnability;

/// A hasher for keys that are Zobrist hashes already: their bits are spread, so the key is its
/// own hash (the searches' tables spend most of their time hashing otherwise).
#[derive(Default, Clone, Copy)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The Zobrist hash of `pos` (legal en passant only).
fn hash_of(pos: &Chess) -> u64 {
    let Zobrist64(hash) = pos.zobrist_hash(shakmaty::EnPassantMode::Legal);
    hash
}

/// The squares of its file in front of a pawn of `color` on `sq` (a pawn is never on a last
/// rank).
fn in_front(color: Color, sq: shakmaty::Square) -> shakmaty::Bitboard {
    let rank = u32::from(sq.rank());
    let front = match color {
        Color::White => !0u64 << (8 * (rank + 1)),
        Color::Black => (1u64 << (8 * rank)) - 1,
    };
    shakmaty::Bitboard::from_file(sq.file()) & shakmaty::Bitboard(front)
}

/// The Zobrist hash (legal en passant only) of the position after the legal move `m`, from the
/// hash `parent_hash` of `parent`, without playing it; `None` where the update is not simple
/// (castling rights or a legal en passant capture in `parent`, castling, a double step).
fn child_hash(parent: &Chess, parent_hash: u64, m: Move) -> Option<u64> {
    use shakmaty::zobrist::ZobristValue;
    if parent.castles().any() || parent.ep_square(shakmaty::EnPassantMode::Legal).is_some() {
        return None;
    }
    let Move::Normal {
        role,
        from,
        capture,
        to,
        promotion,
    } = m
    else {
        return None;
    };
    if role == Role::Pawn && from.distance(to) == 2 {
        return None;
    }
    let turn = parent.turn();
    let mut hash = Zobrist64(parent_hash);
    hash ^= Zobrist64::zobrist_for_white_turn();
    hash ^= Zobrist64::zobrist_for_piece(from, role.of(turn));
    hash ^= Zobrist64::zobrist_for_piece(to, promotion.unwrap_or(role).of(turn));
    if let Some(capture) = capture {
        hash ^= Zobrist64::zobrist_for_piece(to, capture.of(!turn));
    }
    Some(hash.0)
}

/// A map keyed by Zobrist hashes.
type KeyMap<V> = std::collections::HashMap<u64, V, std::hash::BuildHasherDefault<KeyHasher>>;
/// A set of Zobrist hashes.
type KeySet = std::collections::HashSet<u64, std::hash::BuildHasherDefault<KeyHasher>>;

/// How much work an analysis may do, in nodes (positions played), so that the answer depends on
/// the position and the budget only, never on the machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Budget {
    /// The largest number of positions the searches may play, in all.
    pub nodes: u64,
}

impl Budget {
    /// The budget the reference engine uses: 500,000 nodes, a few tens of milliseconds at most
    /// (`docs/PERFORMANCE.md` gives the figures).
    pub const DEFAULT: Budget = Budget { nodes: 500_000 };

    /// The part of the budget given to the exhaustive proof of unwinnability; the rest goes to
    /// the helpmate search.
    fn forced_share(self) -> u64 {
        self.nodes / 8
    }

    /// The part of the budget given to a first helpmate search, for the easy mates; the last
    /// search goes on from where it stopped.
    fn quick_share(self) -> u64 {
        self.nodes / 8
    }

    /// The part of the budget given to the exploration of every reachable position, when the
    /// position is closed enough to try it; the rest goes to the helpmate search.
    fn explore_share(self) -> u64 {
        self.nodes / 8 * 3
    }
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::DEFAULT
    }
}

/// How far the exhaustive search of forced lines looks, in plies.
const FORCED_PLIES: u32 = 10;

/// The node limit of the exhaustive search inside [`is_dead`]: a dead position must be found
/// cheaply, since every game state asks.
const DEAD_NODES: u64 = 4_000;

/// The node limit of the exploration of every reachable position inside [`is_dead`], for a
/// locked structure with few moves.
const DEAD_EXPLORE: u64 = 1_500;

/// Why the answer is what it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Proof {
    /// A line of legal moves (possibly empty, when the side has already mated) ending with the
    /// side checkmating its opponent.
    Helpmate(Vec<Move>),
    /// The game is over without the side having mated: it is checkmated or stalemated, or the
    /// 75-move rule has ended the game.
    GameOver,
    /// The side's material can never mate.
    Material(Pattern),
    /// The pawns are locked for good and no bishop check can be mate.
    LockedPawns,
    /// The squares each piece could ever reach leave no square where the defending king could
    /// be mated (`reach.rs`): walls of pawns that never change, pieces shut in behind them.
    Regions,
    /// Every line of both sides, this many plies deep at most, reaches a position proven
    /// unwinnable for the side.
    ForcedLines {
        /// The depth of the search that proved it.
        plies: u32,
    },
    /// Every position reachable by legal moves was seen (`explore.rs`), or ends in one proven
    /// unwinnable by the static proofs, and none is a mate by the side.
    AllPositions {
        /// The positions seen.
        positions: u64,
    },
}

/// The answer of an analysis, with its proof and its cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Winnable, unwinnable or undetermined.
    pub verdict: Winnability,
    /// The proof of a definite verdict; `None` when undetermined.
    pub proof: Option<Proof>,
    /// The nodes the searches played.
    pub nodes: u64,
}

impl Analysis {
    fn proven(verdict: Winnability, proof: Proof, nodes: u64) -> Analysis {
        Analysis {
            verdict,
            proof: Some(proof),
            nodes,
        }
    }

    /// The helpmate line, when the verdict is winnable.
    pub fn helpmate(&self) -> Option<&[Move]> {
        match &self.proof {
            Some(Proof::Helpmate(line)) => Some(line),
            _ => None,
        }
    }
}

/// Whether `side` could still checkmate by some series of legal moves from `pos`.
pub fn winnable(pos: &Chess, side: Color, budget: Budget) -> Winnability {
    analyze(pos, side, budget).verdict
}

/// The static proofs (material, locked pawns) that `side` can never mate, if one applies.
fn static_proof(pos: &Chess, side: Color) -> Option<Proof> {
    if let Some(pattern) = material::insufficient(pos.board(), side) {
        return Some(Proof::Material(pattern));
    }
    if blocked::unwinnable(pos, side) {
        return Some(Proof::LockedPawns);
    }
    reach::unwinnable(pos, side).then_some(Proof::Regions)
}

/// The cheap static proofs only (material, locked pawns), for the nodes of a search where the
/// regions were already asked.
fn cheap_proof(pos: &Chess, side: Color) -> bool {
    material::insufficient(pos.board(), side).is_some() || blocked::unwinnable(pos, side)
}

/// Analyses whether `side` could still checkmate from `pos`, within `budget`.
pub fn analyze(pos: &Chess, side: Color, budget: Budget) -> Analysis {
    use Winnability::{Undetermined, Unwinnable, Winnable};
    if pos.is_checkmate() {
        return if pos.turn() != side {
            Analysis::proven(Winnable, Proof::Helpmate(Vec::new()), 0)
        } else {
            Analysis::proven(Unwinnable, Proof::GameOver, 0)
        };
    }
    if pos.is_stalemate() || pos.halfmoves() >= search::SEVENTY_FIVE_MOVES {
        return Analysis::proven(Unwinnable, Proof::GameOver, 0);
    }
    if let Some(proof) = static_proof(pos, side) {
        return Analysis::proven(Unwinnable, proof, 0);
    }
    let (plies, mut nodes) =
        search::Forced::run(pos, side, true, FORCED_PLIES, budget.forced_share());
    if let Some(plies) = plies {
        return Analysis::proven(Unwinnable, Proof::ForcedLines { plies }, nodes);
    }
    // Easy helpmates first, then (in a closed position) every reachable position, then the
    // helpmate search with what is left.
    let mut helpmates = search::Helpmates::start(pos, side);
    let (line, used) = helpmates.resume(pos, budget.quick_share());
    nodes += used;
    if let Some(line) = line {
        return Analysis::proven(Winnable, Proof::Helpmate(line), nodes);
    }
    if explore::worth_exploring(pos, explore::MOST_MOVES) {
        let (found, used) = explore::explore(pos, side, budget.explore_share());
        nodes += used;
        match found {
            explore::Explored::Unwinnable => {
                let proof = Proof::AllPositions { positions: used };
                return Analysis::proven(Unwinnable, proof, nodes);
            }
            explore::Explored::Mate(line) => {
                return Analysis::proven(Winnable, Proof::Helpmate(line), nodes);
            }
            explore::Explored::Unknown => {}
        }
    }
    let (line, used) = helpmates.resume(pos, budget.nodes.saturating_sub(nodes));
    nodes += used;
    match line {
        Some(line) => Analysis::proven(Winnable, Proof::Helpmate(line), nodes),
        None => Analysis {
            verdict: Undetermined,
            proof: None,
            nodes,
        },
    }
}

/// Whether `pos` is proven dead: neither side can checkmate by any series of legal moves
/// (FIDE 5.2.2), by material, locked pawns, regions or forced lines, and in a locked structure
/// with few moves by exploring every reachable position. Cheap (a few thousand nodes at most,
/// answers kept per position), deterministic, and never true of a position where a mate is
/// possible; a dead position it cannot prove is reported as not dead ([`analyze`] proves more).
/// The 75-move rule is not used: the suite ranks it after a dead position.
pub fn is_dead(pos: &Chess) -> bool {
    if pos.is_checkmate() {
        return false;
    }
    // Games are replayed with this at every ply, and the catalogue's games share their
    // positions: the answers are kept per thread, keyed by the position (the answer depends on
    // nothing else).
    thread_local! {
        static KNOWN: std::cell::RefCell<std::collections::HashMap<u64, bool>> =
            std::cell::RefCell::new(std::collections::HashMap::new());
    }
    let shakmaty::zobrist::Zobrist64(key) = pos.zobrist_hash(shakmaty::EnPassantMode::Legal);
    if let Some(dead) = KNOWN.with(|known| known.borrow().get(&key).copied()) {
        return dead;
    }
    let dead = dead_now(pos);
    KNOWN.with(|known| {
        let mut known = known.borrow_mut();
        if known.len() >= 1 << 16 {
            known.clear();
        }
        known.insert(key, dead);
    });
    dead
}

fn dead_now(pos: &Chess) -> bool {
    // Only a locked structure is explored: the cheap proofs decide everything else.
    let closed =
        explore::facing_pawns(pos) >= 6 && explore::worth_exploring(pos, explore::MOST_MOVES_DEAD);
    Color::ALL.into_iter().all(|side| {
        static_proof(pos, side).is_some()
            || search::Forced::holds(pos, side, FORCED_PLIES, DEAD_NODES)
            || (closed
                && matches!(
                    explore::explore(pos, side, DEAD_EXPLORE).0,
                    explore::Explored::Unwinnable
                ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{Replay, parse_fen};

    fn analysis(fen: &str, side: Color) -> Analysis {
        analyze(&parse_fen(fen).unwrap(), side, Budget::DEFAULT)
    }

    /// Plays the helpmate line of a winnable analysis and checks it ends in mate of `!side`.
    fn assert_mates(fen: &str, side: Color) {
        let a = analysis(fen, side);
        assert_eq!(a.verdict, Winnability::Winnable, "{fen} for {side:?}");
        let mut pos = parse_fen(fen).unwrap();
        for m in a.helpmate().expect("a winnable answer has its line") {
            assert!(pos.is_legal(*m), "{fen}: {m:?} is not legal");
            pos.play_unchecked(*m);
        }
        assert!(pos.is_checkmate(), "{fen}: the line does not end in mate");
        assert_eq!(pos.turn(), !side, "{fen}: the wrong side is mated");
    }

    #[test]
    fn helpmate_lines_replay_to_mate() {
        use Color::{Black, White};
        assert_mates("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", White); // KNN v K
        assert_mates("1n2k1n1/8/8/8/8/8/8/4K3 b - - 0 1", Black);
        assert_mates("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", White); // opposite bishops
        assert_mates("4kb2/8/8/8/8/8/8/4KB2 w - - 0 1", Black);
        assert_mates("3rk3/8/8/8/8/8/8/1N2K3 w - - 0 1", White); // KN v KR
        assert_mates("1n2k3/8/8/8/8/8/8/2B1K3 w - - 0 1", Black); // KN v KB
        assert_mates(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Black,
        );
        // A mate in one must be found as such.
        let a = analysis("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", White);
        assert_eq!(a.helpmate().map(<[Move]>::len), Some(1));
    }

    #[test]
    fn proofs_of_unwinnability() {
        use Color::{Black, White};
        let wall = "4k3/8/8/p1p1p1p1/P1P1P1P1/8/8/4K3 w - - 0 1";
        for side in [White, Black] {
            assert_eq!(analysis(wall, side).proof, Some(Proof::LockedPawns));
        }
        assert_eq!(
            analysis("4k3/8/8/8/8/8/8/1n1QK3 w - - 0 1", Black).proof,
            Some(Proof::Material(Pattern::LoneKnight))
        );
        // After 1.Ka6 Rd8 2.Ka7 Ra8+ White must take the rook.
        let forced = Replay::new(
            "8/2kr4/8/K7/8/8/8/8 w - - 0 1",
            &["a5a6", "d7d8", "a6a7", "d8a8"].map(String::from),
        )
        .unwrap();
        let a = analyze(&forced.position, Black, Budget::DEFAULT);
        assert_eq!(a.proof, Some(Proof::ForcedLines { plies: 1 }));
        assert!(is_dead(&forced.position));
    }

    #[test]
    fn the_game_over_answers() {
        use Color::{Black, White};
        // Fool's mate: Black has mated, White never will.
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert_eq!(analysis(mated, Black).helpmate(), Some(&[][..]));
        assert_eq!(analysis(mated, White).proof, Some(Proof::GameOver));
        let stalemate = "k7/8/1Q6/8/8/8/8/7K b - - 0 1";
        assert_eq!(analysis(stalemate, White).proof, Some(Proof::GameOver));
        // The 75-move rule has ended the game.
        let ended = "4k3/8/8/8/8/8/8/3QK3 w - - 150 120";
        assert_eq!(analysis(ended, White).verdict, Winnability::Unwinnable);
        // One ply before it, only a mate in one could still count: there is none.
        let late = "4k3/8/8/8/8/8/8/3QK3 w - - 149 120";
        assert_eq!(analysis(late, White).verdict, Winnability::Unwinnable);
        // ... but the dead position of 5.2.2 does not look at the clock.
        assert!(!is_dead(&parse_fen(late).unwrap()));
    }

    #[test]
    fn answers_depend_on_the_budget_only() {
        let fen = "Bb2kb2/bKp1p1p1/1pP1P1P1/pP6/6P1/P7/8/8 b - - 0 1";
        let first = analysis(fen, Color::White);
        assert_eq!(first, analysis(fen, Color::White));
        assert!(first.nodes <= Budget::DEFAULT.nodes);
        let tiny = analyze(&parse_fen(fen).unwrap(), Color::White, Budget { nodes: 10 });
        assert_eq!(tiny.verdict, Winnability::Undetermined);
        assert!(tiny.nodes <= 10, "{} nodes", tiny.nodes);
    }

    #[test]
    fn dead_needs_both_sides() {
        // KNN v K: White can still mate, so it is not dead, though Black cannot.
        assert!(!is_dead(
            &parse_fen("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1").unwrap()
        ));
        assert!(is_dead(
            &parse_fen("4k3/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/8/4K3 w - - 0 1").unwrap()
        ));
    }
}
