//! Mined cases: seeded random games and random positions, kept when they exercise a rule.
//!
//! Every area has its miner (one file per family of rules). Each draws from proptest strategies
//! ([`game`], [`placement`]) with a [`TestRng`] seeded from a fixed text and the area's name, so
//! the same cases come out on every run and every machine. Positions are kept by the pattern
//! they show (an en passant capture illegal by a pin, a castling path with one attacked square,
//! a promotion that only works as a knight, ...), each pattern with its quota, so a rare pattern
//! is not drowned by common ones. The expectations are the reference's answers (the issue allows
//! it for mined cases); the generator then checks every case against the reference again,
//! through the loader and the checker, like any other case.

pub(super) mod castling;
pub mod chess960;
pub(super) mod dead;
pub(super) mod draws;
pub(super) mod en_passant;
pub(super) mod endings;
pub mod fen;
pub(super) mod illegal;
pub(super) mod positions;
pub(super) mod promotion;
pub(super) mod touch;

use proptest::prelude::Rng;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, Move, MoveList, Piece, Position, Role, Square,
};

use crate::ids::fnv1a64;
use chess_conformance::case::{Case, Expect};
use chess_conformance::replay;

/// The fixed text every seed derives from. Changing it changes every mined case.
pub const SEED: &str = "chess-conformance generate, seed 1";

/// How many cases each area's miner produces.
pub const PER_AREA: usize = 1350;

/// A seeded source of random games and positions for one area.
pub struct Miner {
    runner: TestRunner,
}

impl Miner {
    /// The miner of `area`, seeded from [`SEED`] and the area's name.
    pub fn new(area: &str) -> Miner {
        Miner::seeded(&format!("{SEED}/{area}"))
    }

    /// A miner seeded from any text.
    pub fn seeded(text: &str) -> Miner {
        let mut seed = [0u8; 32];
        for (i, chunk) in seed.chunks_mut(8).enumerate() {
            let word = fnv1a64(format!("{i}:{text}").as_bytes());
            chunk.copy_from_slice(&word.to_le_bytes());
        }
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &seed);
        Miner {
            runner: TestRunner::new_with_rng(Config::default(), rng),
        }
    }

    /// One value of a strategy.
    pub fn draw<S: Strategy>(&mut self, strategy: &S) -> S::Value {
        strategy
            .new_tree(&mut self.runner)
            .map(|tree| tree.current())
            .unwrap_or_else(|e| panic!("a mining strategy cannot fail to generate: {e}"))
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.runner.rng().next_u64() % n as u64) as usize
    }

    /// One element of a non-empty slice.
    pub fn pick<'t, T>(&mut self, items: &'t [T]) -> &'t T {
        &items[self.below(items.len())]
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// A random legal game from `start` of at most `max_plies` plies.
    pub fn game(&mut self, start: &Chess, max_plies: usize) -> RandomGame {
        let choices = self.draw(&game(max_plies));
        RandomGame::play(start, &choices)
    }

    /// A random legal position with these pieces (kings included in `pieces`) and side to
    /// move, or `None` when 200 placements in a row were not legal.
    pub fn place(&mut self, pieces: &[Piece], turn: Color) -> Option<Chess> {
        let strategy = placement(pieces.len());
        for _ in 0..200 {
            let squares = self.draw(&strategy);
            if let Some(pos) = setup(pieces, &squares, turn) {
                return Some(pos);
            }
        }
        None
    }
}

/// A random game: the choices at each ply, each an index into the legal moves (modulo their
/// number). Shrinks toward shorter games and first moves, for the property tests.
pub fn game(max_plies: usize) -> impl Strategy<Value = Vec<u32>> {
    proptest::collection::vec(proptest::prelude::any::<u32>(), 0..=max_plies)
}

/// Square indices (0 = a1 .. 63 = h8) for `n` pieces; distinct ones are checked by [`setup`].
pub fn placement(n: usize) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(0u8..64, n)
}

/// The position with `pieces` on `squares` and `turn` to move, if the squares are distinct and
/// the position is legal (no castling rights, no en passant).
pub fn setup(pieces: &[Piece], squares: &[u8], turn: Color) -> Option<Chess> {
    let mut board = Board::empty();
    let mut used = Bitboard::EMPTY;
    for (piece, &index) in pieces.iter().zip(squares) {
        let sq = Square::new(u32::from(index));
        if used.contains(sq) {
            return None;
        }
        used.add(sq);
        board.set_piece_at(sq, *piece);
    }
    let mut s = shakmaty::Setup::empty();
    s.board = board;
    s.turn = turn;
    s.halfmoves = 0;
    s.fullmoves = std::num::NonZeroU32::MIN;
    s.position(CastlingMode::Standard).ok()
}

/// A game played from a start position by a list of choices.
#[derive(Debug, Clone)]
pub struct RandomGame {
    /// The starting position.
    pub start: Chess,
    /// The moves played.
    pub moves: Vec<Move>,
    /// The positions, `start` first, one after each move.
    pub positions: Vec<Chess>,
}

impl RandomGame {
    /// Plays `choices` from `start`, stopping when the game is over by a rule that is cheap to
    /// see ([`moves_if_going_on`]). A dead position beyond material (FIDE 5.2.2) also ends a
    /// game, but proving one costs an analysis per ply: [`RandomGame::live`] checks it for the
    /// histories a miner actually writes.
    pub fn play(start: &Chess, choices: &[u32]) -> RandomGame {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        let mut positions = vec![pos.clone()];
        let mut keys = vec![replay::RepetitionKey::of(&pos)];
        for &choice in choices {
            let Some(legal) = moves_if_going_on(&pos, &keys) else {
                break;
            };
            let m = legal[choice as usize % legal.len()];
            pos.play_unchecked(m);
            moves.push(m);
            positions.push(pos.clone());
            keys.push(replay::RepetitionKey::of(&pos));
        }
        RandomGame {
            start: start.clone(),
            moves,
            positions,
        }
    }

    /// Whether the first `plies` moves are a history the loader accepts: the game is not over
    /// by a dead position (FIDE 5.2.2, proven by [`chess_conformance::winnable::is_dead`]) before any of
    /// them. The other endings [`RandomGame::play`] has stopped at already.
    pub fn live(&self, plies: usize) -> bool {
        self.positions[..plies]
            .iter()
            .all(|pos| !chess_conformance::winnable::is_dead(pos))
    }

    /// The UCI moves of the first `plies` plies.
    pub fn uci(&self, plies: usize) -> Vec<String> {
        self.moves[..plies]
            .iter()
            .map(|m| replay::to_uci(*m))
            .collect()
    }
}

/// The legal moves of `pos`, or `None` when a random game stops there: the game is over by a
/// rule that is cheap to see (no legal move, insufficient material, a fivefold repetition, or
/// 150 halfmoves without progress). `keys` are the repetition keys of the game so far, `pos`'s
/// last. The rule of every random game: the miners' and `fuzz`'s.
pub fn moves_if_going_on(pos: &Chess, keys: &[replay::RepetitionKey]) -> Option<MoveList> {
    let current = keys.last().expect("the start is there");
    let repeated = keys.iter().filter(|k| *k == current).count();
    if pos.is_insufficient_material() || pos.halfmoves() >= 150 || repeated >= 5 {
        return None;
    }
    let legal = pos.legal_moves();
    (!legal.is_empty()).then_some(legal)
}

/// The FEN of a position (en passant square written when a capture is legal).
pub fn fen(pos: &Chess) -> String {
    crate::symmetry::fen_of(pos)
}

/// No mined cases: an area whose cases are all written by hand. The historical pieces are
/// one: the miners play and judge positions with shakmaty, which knows the standard six only.
pub fn unmined(_: &mut Miner) -> Vec<Case> {
    Vec::new()
}

/// The legal moves of a position in UCI, sorted.
pub fn legal_uci(pos: &Chess) -> Vec<String> {
    let mut list: Vec<String> = pos.legal_moves().into_iter().map(replay::to_uci).collect();
    list.sort();
    list
}

/// A mined case: id empty, tagged `mined` and with its pattern.
pub fn case(
    title: String,
    rule: &str,
    pattern: &str,
    fen: String,
    moves: Vec<String>,
    expect: Expect,
) -> Case {
    Case {
        id: String::new(),
        title,
        rule: rule.to_owned(),
        source: Some(
            "mined from seeded random play; expected answers by the reference engine".into(),
        ),
        tags: vec!["mined".into(), pattern.to_owned()],
        fen,
        moves,
        expect,
        pieces: Vec::new(),
        variant: None,
    }
}

/// The English name of a piece kind.
pub fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// `White` or `Black`.
pub fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// Collects cases by pattern, each pattern up to its quota, until every quota is full or the
/// attempts run out; in a deterministic order (patterns in the order given).
pub struct Quotas {
    names: Vec<&'static str>,
    quota: Vec<usize>,
    kept: Vec<Vec<Case>>,
    seen: std::collections::BTreeSet<String>,
}

impl Quotas {
    /// Quotas by pattern name, in proportion to these weights, [`PER_AREA`] in all.
    pub fn new(weights: &[(&'static str, usize)]) -> Quotas {
        Quotas::sized(PER_AREA, weights)
    }

    /// Quotas by pattern name, in proportion to these weights, `total` in all.
    pub fn sized(total: usize, weights: &[(&'static str, usize)]) -> Quotas {
        let sum: usize = weights.iter().map(|w| w.1).sum::<usize>().max(1);
        let mut quotas: Vec<(&'static str, usize)> = weights
            .iter()
            .map(|(name, w)| (*name, total * w / sum))
            .collect();
        let short = total - quotas.iter().map(|q| q.1).sum::<usize>();
        if let Some(first) = quotas.first_mut() {
            first.1 += short;
        }
        Quotas::exact(&quotas)
    }

    /// Quotas by pattern name, exactly these.
    pub fn exact(quotas: &[(&'static str, usize)]) -> Quotas {
        Quotas {
            names: quotas.iter().map(|q| q.0).collect(),
            quota: quotas.iter().map(|q| q.1).collect(),
            kept: quotas.iter().map(|_| Vec::new()).collect(),
            seen: Default::default(),
        }
    }

    /// Whether a pattern still wants cases.
    pub fn wants(&self, pattern: &str) -> bool {
        self.index(pattern)
            .is_some_and(|i| self.kept[i].len() < self.quota[i])
    }

    /// Whether every quota is full.
    pub fn full(&self) -> bool {
        self.kept
            .iter()
            .zip(&self.quota)
            .all(|(k, q)| k.len() >= *q)
    }

    /// Keeps a case for its pattern if the pattern wants it and the same content is not
    /// already kept. Returns whether it was kept.
    pub fn keep(&mut self, pattern: &str, case: Case) -> bool {
        let Some(i) = self.index(pattern) else {
            return false;
        };
        if self.kept[i].len() >= self.quota[i] {
            return false;
        }
        if !self.seen.insert(crate::ids::content_key(&case)) {
            return false;
        }
        self.kept[i].push(case);
        true
    }

    fn index(&self, pattern: &str) -> Option<usize> {
        self.names.iter().position(|n| *n == pattern)
    }

    /// The cases kept, pattern by pattern.
    pub fn into_cases(self) -> Vec<Case> {
        self.kept.into_iter().flatten().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_mines_the_same_cases() {
        let a = crate::Area::Fen.mine();
        let b = crate::Area::Fen.mine();
        assert_eq!(a, b);
        assert!(a.len() >= 500, "{}", a.len());
        let mut other = Miner::seeded("another seed");
        let mut same = Miner::seeded("another seed");
        assert_eq!(other.draw(&game(30)), same.draw(&game(30)));
        assert_ne!(
            Miner::new("fen").draw(&game(30)),
            Miner::new("san").draw(&game(30))
        );
    }

    #[test]
    fn quotas_scale_to_the_area_and_refuse_duplicates() {
        let mut q = Quotas::new(&[("a", 1), ("b", 2)]);
        assert_eq!(q.quota.iter().sum::<usize>(), PER_AREA);
        let c = case(
            "t".into(),
            "1",
            "a",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1".into(),
            vec![],
            Expect::default(),
        );
        assert!(q.keep("a", c.clone()));
        assert!(!q.keep("a", c.clone()), "the same content twice");
        assert!(!q.keep("z", c), "an unknown pattern");
        assert!(!q.full());
    }

    #[test]
    fn random_games_are_legal_and_stop_at_the_end() {
        let mut m = Miner::seeded("games");
        for _ in 0..20 {
            let g = m.game(&Chess::default(), 300);
            let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
            let uci = g.uci(g.moves.len());
            let replay = replay::Replay::new(start, &uci).expect("a random game is a legal game");
            assert_eq!(replay.position, *g.positions.last().unwrap());
            // Where it is live, the history is one the loader accepts.
            let n = g.moves.len().min(60);
            assert_eq!(
                g.live(n),
                replay::Replay::strict(start, &g.uci(n)).is_ok(),
                "{uci:?}"
            );
        }
    }
}
