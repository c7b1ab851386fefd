//! The winnability analyzer on deterministic sets of positions: how many positions per second,
//! and how often it cannot decide.
//!
//! Five sets, generated from fixed seeds so every run sees the same positions:
//!
//! - **random legal positions**: two kings and up to six other pieces per side, placed at
//!   random, kept when shakmaty accepts them as legal;
//! - **random game positions**: random legal moves from the initial position, 1 to 300 plies,
//!   the position where the walk stopped (the game may be over);
//! - **random locked walls**: a zigzag of blocked pawn pairs across the board with a twist now
//!   and then, kings on either side, up to two bishops or knights;
//! - **random walls with bishops**: a zigzag on every file but at most one, kings on either
//!   side, one to three bishops anywhere (often across the wall);
//! - **random facing pawns**: on alternate files a low and a high block of a white pawn below a
//!   black one, the low ones with room between them (pawns that can still push but never take or
//!   pass each other), kings on either side, up to two bishops or knights.
//!
//! Each position is analysed for both sides with the reference's default budget. Printed: per
//! set, the analyses per second, the mean and worst time of one analysis, and the share of
//! winnable, unwinnable (by proof) and undetermined answers.
//!
//! `cargo bench --bench winnable` measures 1,000 positions per set; `cargo test --release
//! --bench winnable` runs a 40-position smoke test of the same code.
//!
//! **A labelled set.** With `CHESS_CONFORMANCE_HARD_SET=FILE`, the bench measures that file
//! instead: lines `XY FEN` in the format of the Chess Unwinnability Analyzer's test vectors
//! (`tests/test-vector.txt` of github.com/miguel-ambrona/D3-Chess: `X` is `W` when White can
//! mate and `-` when it cannot, `Y` the same with `B` for Black; a line starting with `#` is a
//! comment). Printed: the share decided per kind of position and which proof decided them,
//! every wrong answer (the run then exits 1), and with `SHOW_UNDETERMINED=1` every undecided
//! position; `CHESS_CONFORMANCE_BUDGET=NODES` replaces the default budget. A malformed file,
//! line or budget exits 2 naming it. The file is not part of the project.

use std::time::{Duration, Instant};

use chess_conformance::Winnability;
use chess_conformance::winnable::walls::zigzag_wall;
use chess_conformance::winnable::{Budget, Proof, analyze};
use shakmaty::fen::Fen;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, EnPassantMode, FromSetup, Piece, Position, Role,
    Setup, Square,
};

/// SplitMix64: a tiny, well-mixed PRNG, enough to draw positions reproducibly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn random_legal_position(rng: &mut Rng) -> Chess {
    loop {
        let mut board = Board::empty();
        let mut free = Bitboard::FULL;
        let mut place = |board: &mut Board, piece: Piece, rng: &mut Rng| {
            let allowed = if piece.role == Role::Pawn {
                free & !Bitboard::BACKRANKS
            } else {
                free
            };
            let n = allowed.count() as u64;
            let sq = allowed
                .into_iter()
                .nth(rng.below(n) as usize)
                .expect("a free square");
            board.set_piece_at(sq, piece);
            free.discard(sq);
        };
        for color in Color::ALL {
            place(&mut board, color.king(), rng);
            for _ in 0..rng.below(7) {
                let role = match rng.below(20) {
                    0..=7 => Role::Pawn,
                    8..=10 => Role::Knight,
                    11..=13 => Role::Bishop,
                    14..=16 => Role::Rook,
                    _ => Role::Queen,
                };
                place(&mut board, role.of(color), rng);
            }
        }
        if let Some(pos) = with_random_turn(board, rng) {
            return pos;
        }
    }
}

fn random_game_position(rng: &mut Rng) -> Chess {
    let mut pos = Chess::default();
    let plies = 1 + rng.below(300);
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() || pos.is_insufficient_material() || pos.halfmoves() >= 150 {
            break;
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        pos.play_unchecked(m);
    }
    pos
}

/// A zigzag wall of mutually blocked pawns (each file's white pawn on the 4th or 5th rank,
/// alternating; now and then a file shifted or left open), the white king behind it, the black
/// king in front, and up to two bishops or knights: the positions where the locked-pawn proof
/// matters, often dead, often broken by one detail.
fn random_wall_position(rng: &mut Rng) -> Chess {
    loop {
        let mut board = Board::empty();
        let parity = rng.below(2) as u32;
        zigzag_wall(&mut board, parity, |_, base| match rng.below(24) {
            0 => None,
            1 => Some(base - 1),
            2 => Some(base + 1),
            _ => Some(base),
        });
        board.set_piece_at(Square::new(rng.below(16) as u32), Color::White.king());
        board.set_piece_at(Square::new(48 + rng.below(16) as u32), Color::Black.king());
        let n = rng.below(3);
        scatter_minor_pieces(&mut board, rng, n, Some(5));
        if let Some(pos) = with_random_turn(board, rng) {
            return pos;
        }
    }
}

/// A zigzag wall on every file but at most one (White's pawns all on one colour, Black's on the
/// other), the kings behind it, and one to three bishops anywhere: bishops that have crossed the
/// wall or face the other side's bishops, the walls the locked-pawn proof decides by counting
/// the defender's bishops one square each.
fn random_crossed_position(rng: &mut Rng) -> Chess {
    loop {
        let mut board = Board::empty();
        let parity = rng.below(2) as u32;
        let open = rng.below(12) as u32;
        zigzag_wall(&mut board, parity, |file, base| {
            (file != open).then_some(base)
        });
        board.set_piece_at(Square::new(rng.below(16) as u32), Color::White.king());
        board.set_piece_at(Square::new(48 + rng.below(16) as u32), Color::Black.king());
        let n = 1 + rng.below(3);
        scatter_minor_pieces(&mut board, rng, n, None);
        if let Some(pos) = with_random_turn(board, rng) {
            return pos;
        }
    }
}

/// Facing pawns with room between them: on alternate files a low block (a white pawn on the
/// 2nd rank, a black one on the 3rd or 4th) and a high one (white on the 5th, black on the
/// 6th), so that no pawn can ever take another though the low ones can still push; now and then a
/// file left open. The white king on the first rank, the black king on the last, up to two
/// bishops or knights: walls that are often dead, and often crossed by a king through a gap.
fn random_facing_position(rng: &mut Rng) -> Chess {
    loop {
        let mut board = Board::empty();
        let parity = rng.below(2) as u32;
        for file in 0..8u32 {
            if rng.below(12) == 0 {
                continue;
            }
            let low = (file + parity).is_multiple_of(2);
            let white = if low { 1 } else { 4 };
            let black = white + 1 + if low { rng.below(2) as u32 } else { 0 };
            board.set_piece_at(Square::new(white * 8 + file), Color::White.pawn());
            board.set_piece_at(Square::new(black * 8 + file), Color::Black.pawn());
        }
        board.set_piece_at(Square::new(rng.below(8) as u32), Color::White.king());
        board.set_piece_at(Square::new(56 + rng.below(8) as u32), Color::Black.king());
        let n = rng.below(3);
        scatter_minor_pieces(&mut board, rng, n, Some(3));
        if let Some(pos) = with_random_turn(board, rng) {
            return pos;
        }
    }
}

#[derive(Default)]
struct Figures {
    analyses: usize,
    winnable: usize,
    unwinnable: usize,
    undetermined: usize,
    by_proof: [usize; 6],
    total: Duration,
    worst: Duration,
}

fn measure(positions: &[Chess]) -> Figures {
    let mut f = Figures::default();
    for pos in positions {
        for side in Color::ALL {
            let start = Instant::now();
            let analysis = analyze(pos, side, Budget::DEFAULT);
            let took = start.elapsed();
            f.total += took;
            f.worst = f.worst.max(took);
            f.analyses += 1;
            match analysis.verdict {
                Winnability::Winnable => f.winnable += 1,
                Winnability::Unwinnable => f.unwinnable += 1,
                Winnability::Undetermined => {
                    f.undetermined += 1;
                    if std::env::var_os("SHOW_UNDETERMINED").is_some() {
                        let fen = Fen::from_position(pos, EnPassantMode::Legal);
                        println!("  undetermined for {side}: {fen}");
                    }
                }
            }
            match analysis.proof {
                Some(Proof::Material(_)) => f.by_proof[0] += 1,
                Some(Proof::LockedPawns) => f.by_proof[1] += 1,
                Some(Proof::ForcedLines { .. }) => f.by_proof[2] += 1,
                Some(Proof::GameOver) => f.by_proof[3] += 1,
                Some(Proof::Regions) => f.by_proof[4] += 1,
                Some(Proof::AllPositions { .. }) => f.by_proof[5] += 1,
                _ => {}
            }
            // A winnable answer must replay to mate.
            if let Some(line) = analysis.helpmate() {
                let mut replay = pos.clone();
                for m in line {
                    assert!(replay.is_legal(*m), "helpmate line with an illegal move");
                    replay.play_unchecked(*m);
                }
                assert!(replay.is_checkmate() && replay.turn() != side);
            }
        }
    }
    f
}

fn pct(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

fn report(name: &str, positions: usize, f: &Figures) {
    let secs = f.total.as_secs_f64();
    println!(
        "{name}: {positions} positions, {} analyses in {:.2} s: {:.0} analyses/s ({:.0} \
         positions/s, both sides); mean {:.2} ms, worst {:.1} ms",
        f.analyses,
        secs,
        f.analyses as f64 / secs,
        positions as f64 / secs,
        1000.0 * secs / f.analyses.max(1) as f64,
        f.worst.as_secs_f64() * 1000.0,
    );
    println!(
        "  winnable {:.1} %, unwinnable {:.1} % (material {}, locked pawns {}, regions {}, forced \
         lines {}, all positions {}, game over {}), undetermined {:.2} % ({} of {})",
        pct(f.winnable, f.analyses),
        pct(f.unwinnable, f.analyses),
        f.by_proof[0],
        f.by_proof[1],
        f.by_proof[4],
        f.by_proof[2],
        f.by_proof[5],
        f.by_proof[3],
        pct(f.undetermined, f.analyses),
        f.undetermined,
        f.analyses,
    );
}

/// The kind of a labelled position, for the figures: how many pawn pairs block each other
/// (a white pawn right below a black one), and whether the side can win.
fn kind(pos: &Chess, can_win: bool) -> &'static str {
    let board = pos.board();
    let white = board.pawns() & board.white();
    let black = board.pawns() & board.black();
    let blocked = Bitboard(white.0 << 8) & black;
    match (blocked.count(), can_win) {
        (0, true) => "no blocked pawns, can win",
        (0, false) => "no blocked pawns, cannot win",
        (1..=3, true) => "1-3 blocked pairs, can win",
        (1..=3, false) => "1-3 blocked pairs, cannot win",
        (_, true) => "4+ blocked pairs, can win",
        (_, false) => "4+ blocked pairs, cannot win",
    }
}

/// Says what is wrong with the labelled set or the budget asked for, and exits with code 2.
fn bad_input(message: &str) -> ! {
    eprintln!("winnable bench: {message}");
    std::process::exit(2)
}

/// Measures a labelled set (see the crate docs): returns whether every answer was right.
fn labelled(path: &str) -> bool {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| bad_input(&format!("{path}: {e}")));
    let show = std::env::var_os("SHOW_UNDETERMINED").is_some();
    let budget = budget_from_env();
    let mut figures = Labelled::default();
    for (number, line) in text.lines().enumerate() {
        let Some((label, fen, pos)) = labelled_line(path, number, line) else {
            continue;
        };
        for (side, mark) in [
            (Color::White, label.as_bytes()[0]),
            (Color::Black, label.as_bytes()[1]),
        ] {
            if pos.is_checkmate() {
                // Already mate: the mating side has won (the analyzer answers winnable with the
                // empty line), the test vectors label such impossible double checks `--`.
                figures.over += 1;
                continue;
            }
            let can_win = mark != b'-';
            let start = Instant::now();
            let analysis = analyze(&pos, side, budget);
            let took = start.elapsed();
            let i = figures.analysed(kind(&pos, can_win), took);
            let expected = if can_win {
                Winnability::Winnable
            } else {
                Winnability::Unwinnable
            };
            match analysis.verdict {
                Winnability::Undetermined => {
                    if show {
                        println!("  undetermined for {side} ({label}): {fen}");
                    }
                }
                verdict if verdict == expected => {
                    figures.decided(i, proof_name(analysis.proof.as_ref()));
                }
                verdict => {
                    figures.wrong += 1;
                    println!(
                        "  WRONG for {side}: {verdict:?} ({:?}), labelled {label}: {fen}",
                        analysis.proof
                    );
                }
            }
        }
    }
    if figures.total == 0 {
        bad_input(&format!("{path}: no labelled position to analyse"));
    }
    let right = figures.wrong == 0;
    figures.print(path);
    right
}

/// The budget of `CHESS_CONFORMANCE_BUDGET` (nodes), or the reference's default.
fn budget_from_env() -> Budget {
    match std::env::var("CHESS_CONFORMANCE_BUDGET") {
        Ok(nodes) => match nodes.parse::<u64>() {
            Ok(n) if n > 0 => Budget { nodes: n },
            Ok(_) => bad_input("CHESS_CONFORMANCE_BUDGET=0: a budget is at least one node"),
            Err(e) => bad_input(&format!("CHESS_CONFORMANCE_BUDGET={nodes}: {e}")),
        },
        Err(_) => Budget::DEFAULT,
    }
}

/// A line of a labelled set read: its label, its FEN and the position; `None` for a blank line
/// or a comment. A malformed line exits 2 naming it.
fn labelled_line<'l>(
    path: &str,
    number: usize,
    line: &'l str,
) -> Option<(&'l str, &'l str, Chess)> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let labelled = line.len() > 2
        && line.is_char_boundary(2)
        && matches!(line.as_bytes()[0], b'W' | b'-')
        && matches!(line.as_bytes()[1], b'B' | b'-');
    if !labelled {
        bad_input(&format!(
            "{path}:{}: expected `XY FEN` (X: W or -, Y: B or -): {line}",
            number + 1
        ));
    }
    let (label, fen) = line.split_at(2);
    let fen = fen.trim();
    let pos = lenient_position(fen)
        .or_else(|| lenient_position(&format!("{fen} - -")))
        .unwrap_or_else(|| bad_input(&format!("{path}:{}: not a position: {fen}", number + 1)));
    Some((label, fen, pos))
}

/// A position from a FEN of the test vectors. Some lines stop after the side to move (castling
/// and en passant are then none); a few positions have more promoted pieces, or checks, than a
/// game could have reached: shakmaty is asked to take them anyway, as the analyzer can.
fn lenient_position(fen: &str) -> Option<Chess> {
    let f = fen.parse::<Fen>().ok()?;
    match f.into_position::<Chess>(CastlingMode::Standard) {
        Ok(pos) => Some(pos),
        Err(e) => match e.ignore_too_much_material() {
            Ok(pos) => Some(pos),
            Err(e) => e.ignore_impossible_check().ok(),
        },
    }
}

/// The name of the proof that decided an analysis, for the figures.
fn proof_name(proof: Option<&Proof>) -> &'static str {
    match proof {
        Some(Proof::Helpmate(_)) => "helpmate",
        Some(Proof::GameOver) => "game over",
        Some(Proof::Material(_)) => "material",
        Some(Proof::LockedPawns) => "locked pawns",
        Some(Proof::Regions) => "regions",
        Some(Proof::ForcedLines { .. }) => "forced lines",
        Some(Proof::AllPositions { .. }) => "all positions",
        None => "none",
    }
}

/// The figures of a labelled set.
#[derive(Default)]
struct Labelled {
    /// Per kind of position: its name, analyses, decided ones, time taken.
    kinds: Vec<(&'static str, usize, usize, Duration)>,
    wrong: usize,
    /// Sides of positions already mate, left out.
    over: usize,
    proofs: std::collections::BTreeMap<&'static str, usize>,
    total: usize,
    decided: usize,
    elapsed: Duration,
}

impl Labelled {
    /// Counts an analysis of a position of kind `k` that took `took`: the kind's index.
    fn analysed(&mut self, k: &'static str, took: Duration) -> usize {
        self.elapsed += took;
        self.total += 1;
        let i = self
            .kinds
            .iter()
            .position(|(name, ..)| *name == k)
            .unwrap_or_else(|| {
                self.kinds.push((k, 0, 0, Duration::ZERO));
                self.kinds.len() - 1
            });
        self.kinds[i].1 += 1;
        self.kinds[i].3 += took;
        i
    }

    /// Counts a right answer of the kind `i`, decided by the proof `proof`.
    fn decided(&mut self, i: usize, proof: &'static str) {
        self.decided += 1;
        self.kinds[i].2 += 1;
        *self.proofs.entry(proof).or_default() += 1;
    }

    /// Prints the figures: the whole set's, the proofs', each kind's.
    fn print(mut self, path: &str) {
        let (total, decided, wrong, over) = (self.total, self.decided, self.wrong, self.over);
        println!(
            "{path}: {total} analyses, {decided} decided ({:.1} %), {wrong} wrong, {:.0} analyses/s \
             ({over} sides of positions already mate left out)",
            pct(decided, total),
            total as f64 / self.elapsed.as_secs_f64()
        );
        let proofs: Vec<String> = self
            .proofs
            .iter()
            .map(|(p, n)| format!("{p} {n}"))
            .collect();
        println!("  decided by: {}", proofs.join(", "));
        self.kinds.sort();
        for (name, n, d, took) in self.kinds {
            println!(
                "  {name}: {d} of {n} decided ({:.1} %), {:.0} analyses/s",
                pct(d, n),
                n as f64 / took.as_secs_f64()
            );
        }
    }
}

fn main() {
    if let Ok(path) = std::env::var("CHESS_CONFORMANCE_HARD_SET") {
        if !labelled(&path) {
            eprintln!("winnable bench: the analyzer gave a wrong answer (listed above)");
            std::process::exit(1);
        }
        return;
    }
    let full = std::env::args().any(|a| a == "--bench");
    let n = if full { 1_000 } else { 40 };
    let mut rng = Rng(0x5eed_0001);
    let legal: Vec<Chess> = (0..n).map(|_| random_legal_position(&mut rng)).collect();
    let mut rng = Rng(0x5eed_0002);
    let games: Vec<Chess> = (0..n).map(|_| random_game_position(&mut rng)).collect();
    println!(
        "winnability analyzer, budget {} nodes per analysis",
        Budget::DEFAULT.nodes
    );
    report("random legal positions", legal.len(), &measure(&legal));
    report("random game positions", games.len(), &measure(&games));
    let mut rng = Rng(0x5eed_0003);
    let walls: Vec<Chess> = (0..n).map(|_| random_wall_position(&mut rng)).collect();
    report("random locked walls", walls.len(), &measure(&walls));
    let mut rng = Rng(0x5eed_0004);
    let crossed: Vec<Chess> = (0..n).map(|_| random_crossed_position(&mut rng)).collect();
    report(
        "random walls with bishops",
        crossed.len(),
        &measure(&crossed),
    );
    let mut rng = Rng(0x5eed_0005);
    let facing: Vec<Chess> = (0..n).map(|_| random_facing_position(&mut rng)).collect();
    report("random facing pawns", facing.len(), &measure(&facing));
}

/// Up to `n` minor pieces of random colours on random empty squares: a knight one time in
/// `knight_one_in`, a bishop otherwise (always a bishop when `None`).
fn scatter_minor_pieces(board: &mut Board, rng: &mut Rng, n: u64, knight_one_in: Option<u64>) {
    for _ in 0..n {
        let sq = Square::new(rng.below(64) as u32);
        let role = match knight_one_in {
            Some(k) if rng.below(k) == 0 => Role::Knight,
            _ => Role::Bishop,
        };
        let color = if rng.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        if board.piece_at(sq).is_none() {
            board.set_piece_at(sq, role.of(color));
        }
    }
}

/// `board` with a random side to move, if that is a legal position.
fn with_random_turn(board: Board, rng: &mut Rng) -> Option<Chess> {
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = if rng.below(2) == 0 {
        Color::White
    } else {
        Color::Black
    };
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}
