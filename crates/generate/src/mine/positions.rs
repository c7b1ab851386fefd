//! Miners over positions of random games: attacked squares, check, the legal move set, SAN,
//! and perft of positions rich in castling, en passant and promotion.

use shakmaty::san::{San, SanPlus};
use shakmaty::{Chess, Color, Move, Piece, Position, Role, Square};

use super::{Miner, Quotas, RandomGame, case, fen, legal_uci, role_name, side_name};
use chess_conformance::case::{Attacks, Case, Expect};
use chess_conformance::replay;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn initial() -> Chess {
    Chess::default()
}

/// A position of a random game, written either as its FEN or (one time in four) as the
/// initial position and the history that reaches it, so engines are asked both ways.
struct Sample {
    pos: Chess,
    fen: String,
    moves: Vec<String>,
    plies: usize,
}

fn sample(m: &mut Miner, max_plies: usize) -> Sample {
    let game: RandomGame = m.game(&initial(), max_plies);
    let plies = m.below(game.moves.len() + 1);
    let pos = game.positions[plies].clone();
    // `live` last: it costs an analysis per ply, and a dead history falls back to the FEN.
    let (fen_text, moves) = if plies > 0 && plies <= 60 && m.chance(1, 4) && game.live(plies) {
        (START.to_owned(), game.uci(plies))
    } else {
        (fen(&pos), Vec::new())
    };
    Sample {
        pos,
        fen: fen_text,
        moves,
        plies,
    }
}

fn from_game(s: &Sample) -> String {
    if s.moves.is_empty() {
        format!(
            "in a position reached after {} plies of a random game",
            s.plies
        )
    } else {
        format!(
            "after {} plies of a random game, given as its history",
            s.plies
        )
    }
}

fn sq_names(bb: shakmaty::Bitboard) -> Vec<String> {
    replay::square_names(bb)
}

/// Attacked squares: every kind of piece, and whole sides.
pub fn attacks(m: &mut Miner) -> Vec<Case> {
    let per = super::PER_AREA / 7;
    let mut q = Quotas::new(&[
        ("pawn", per),
        ("knight", per),
        ("bishop", per),
        ("rook", per),
        ("queen", per),
        ("king", per),
        ("side", super::PER_AREA - 6 * per),
    ]);
    for _ in 0..200_000 {
        if q.full() {
            break;
        }
        let s = sample(m, 120);
        let board = s.pos.board().clone();
        if m.chance(1, 6) {
            let color = if m.chance(1, 2) {
                Color::White
            } else {
                Color::Black
            };
            let all = board
                .by_color(color)
                .into_iter()
                .fold(shakmaty::Bitboard::EMPTY, |acc, sq| {
                    acc | board.attacks_from(sq)
                });
            let squares = sq_names(all);
            let title = format!(
                "The {} squares attacked by all of {}'s pieces, {}",
                squares.len(),
                side_name(color),
                from_game(&s)
            );
            let expect = Expect {
                attacks: Some(vec![Attacks {
                    from: None,
                    by: Some(replay::from_shakmaty(color)),
                    squares: Some(squares),
                    count: None,
                    includes: None,
                    excludes: None,
                }]),
                ..Expect::default()
            };
            q.keep("side", case(title, "3.1.3", "side", s.fen, s.moves, expect));
            continue;
        }
        let occupied: Vec<Square> = board.occupied().into_iter().collect();
        let sq = *m.pick(&occupied);
        let piece = board.piece_at(sq).expect("an occupied square");
        let name = role_name(piece.role);
        if !q.wants(name) {
            continue;
        }
        let squares = sq_names(board.attacks_from(sq));
        let rule = match piece.role {
            Role::Pawn => "3.7.3",
            Role::Knight => "3.6",
            Role::Bishop => "3.2",
            Role::Rook => "3.3",
            Role::Queen => "3.4",
            Role::King => "3.8.1",
        };
        let title = format!(
            "The {} squares attacked by the {} {name} on {sq}, {}",
            squares.len(),
            side_name(piece.color).to_lowercase(),
            from_game(&s)
        );
        let expect = Expect {
            attacks: Some(vec![Attacks {
                from: Some(sq.to_string()),
                by: None,
                squares: Some(squares),
                count: None,
                includes: None,
                excludes: None,
            }]),
            ..Expect::default()
        };
        q.keep(name, case(title, rule, name, s.fen, s.moves, expect));
    }
    q.into_cases()
}

/// A piece of the side to move that is pinned to its king, with the moves the pin forbids.
fn pinned_piece(pos: &Chess) -> Option<(Square, Vec<String>, Vec<String>)> {
    let us = pos.turn();
    let board = pos.board();
    let king = board.king_of(us)?;
    let legal: Vec<Move> = pos.legal_moves().into_iter().collect();
    for sq in board.by_color(us) {
        let role = board.role_at(sq)?;
        if role == Role::King || role == Role::Pawn {
            continue;
        }
        let without = board.occupied().without(sq);
        let attackers = board.attacks_to(king, !us, without);
        if attackers.is_empty() || !board.attacks_to(king, !us, board.occupied()).is_empty() {
            continue;
        }
        // Squares the piece could reach but for the pin.
        let reach = board.attacks_from(sq) & !board.by_color(us);
        let allowed: Vec<String> = legal
            .iter()
            .filter(|mv| mv.from() == Some(sq))
            .map(|mv| replay::to_uci(*mv))
            .collect();
        let forbidden: Vec<String> = reach
            .into_iter()
            .map(|to| format!("{sq}{to}"))
            .filter(|u| !allowed.contains(u))
            .collect();
        if !forbidden.is_empty() {
            return Some((sq, allowed, forbidden));
        }
    }
    None
}

/// Check: who gives it, the moves that answer it, and pinned pieces.
pub fn check(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("check-by-pawn", 120),
        ("check-by-knight", 150),
        ("check-by-bishop", 150),
        ("check-by-rook", 150),
        ("check-by-queen", 150),
        ("double-check", 130),
        ("pinned", 250),
        ("no-check", 200),
    ]);
    for i in 0..400_000 {
        if q.full() {
            break;
        }
        // Random games give single checks; sparse random boards give double checks.
        let s = if i % 2 == 0 {
            sample(m, 150)
        } else {
            let Some(pos) = sparse(m) else { continue };
            Sample {
                fen: fen(&pos),
                pos,
                moves: Vec::new(),
                plies: 0,
            }
        };
        let legal = legal_uci(&s.pos);
        if legal.is_empty() {
            continue; // mate and stalemate belong to their own areas
        }
        let checkers = s.pos.checkers();
        if checkers.count() >= 2 {
            double_check(&mut q, s, legal);
        } else if let Some(sq) = checkers.first() {
            single_check(&mut q, s, legal, sq);
        } else if q.wants("pinned")
            && let Some(pinned) = pinned_piece(&s.pos)
        {
            pinned_to_the_king(&mut q, s, pinned);
        } else if q.wants("no-check") {
            no_check(&mut q, s, legal);
        }
    }
    q.into_cases()
}

/// Where a sample comes from, for titles.
fn where_from(s: &Sample) -> String {
    if s.plies == 0 && s.moves.is_empty() && s.fen != START {
        "in a random position".to_owned()
    } else {
        from_game(s)
    }
}

/// Double check (3.9.2): the checkers, and only king moves answer it.
fn double_check(q: &mut Quotas, s: Sample, legal: Vec<String>) {
    if !q.wants("double-check") {
        return;
    }
    let checkers = s.pos.checkers();
    let title = format!(
        "{} is in double check ({}): only king moves answer it, {}",
        side_name(s.pos.turn()),
        sq_names(checkers).join(" and "),
        where_from(&s)
    );
    let expect = Expect {
        moves: Some(legal),
        check: Some(true),
        checkers: Some(sq_names(checkers)),
        ..Expect::default()
    };
    q.keep(
        "double-check",
        case(title, "3.9.2", "double-check", s.fen, s.moves, expect),
    );
}

/// A check from the piece on `sq` (3.9.2): the checker, and every move that answers it.
fn single_check(q: &mut Quotas, s: Sample, legal: Vec<String>, sq: Square) {
    let role = s.pos.board().role_at(sq).expect("a checker");
    let pattern = format!("check-by-{}", role_name(role));
    if !q.wants(&pattern) {
        return;
    }
    let title = format!(
        "{} is in check from the {} on {sq} and has exactly {} answers, {}",
        side_name(s.pos.turn()),
        role_name(role),
        legal.len(),
        where_from(&s)
    );
    let expect = Expect {
        moves: Some(legal),
        check: Some(true),
        checkers: Some(vec![sq.to_string()]),
        ..Expect::default()
    };
    let pattern: &'static str = match role {
        Role::Pawn => "check-by-pawn",
        Role::Knight => "check-by-knight",
        Role::Bishop => "check-by-bishop",
        Role::Rook => "check-by-rook",
        _ => "check-by-queen",
    };
    q.keep(
        pattern,
        case(title, "3.9.2", pattern, s.fen, s.moves, expect),
    );
}

/// A piece pinned to its king (3.9.2): its moves along the line legal, those off it illegal.
fn pinned_to_the_king(
    q: &mut Quotas,
    s: Sample,
    (sq, allowed, forbidden): (Square, Vec<String>, Vec<String>),
) {
    let role = s.pos.board().role_at(sq).expect("a piece");
    let title = format!(
        "The {} on {sq} is pinned to {}'s king: moving off the line would expose it \
         to check ({} forbidden), {}",
        role_name(role),
        side_name(s.pos.turn()),
        forbidden.len(),
        where_from(&s)
    );
    let expect = Expect {
        legal: if allowed.is_empty() {
            None
        } else {
            Some(allowed)
        },
        illegal: Some(forbidden),
        check: Some(false),
        checkers: Some(Vec::new()),
        ..Expect::default()
    };
    q.keep(
        "pinned",
        case(title, "3.9.2", "pinned", s.fen, s.moves, expect),
    );
}

/// No check (3.9.1): no checker, and the number of legal moves.
fn no_check(q: &mut Quotas, s: Sample, legal: Vec<String>) {
    let title = format!(
        "{} is not in check, {}",
        side_name(s.pos.turn()),
        where_from(&s)
    );
    let expect = Expect {
        check: Some(false),
        checkers: Some(Vec::new()),
        move_count: Some(legal.len() as u32),
        ..Expect::default()
    };
    q.keep(
        "no-check",
        case(title, "3.9.1", "no-check", s.fen, s.moves, expect),
    );
}

/// A random legal position with the two kings and two to four other pieces.
fn sparse(m: &mut Miner) -> Option<Chess> {
    const ROLES: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    let mut pieces = vec![Color::White.king(), Color::Black.king()];
    for _ in 0..2 + m.below(3) {
        let color = if m.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        pieces.push(Piece {
            color,
            role: *m.pick(&ROLES),
        });
    }
    let turn = if m.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    m.place(&pieces, turn)
}

/// The exact set of legal moves: opening, middlegame and endgame positions.
pub fn piece_moves(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[("opening", 400), ("middlegame", 450), ("endgame", 450)]);
    for i in 0..100_000 {
        if q.full() {
            break;
        }
        let (s, pattern, where_) = if i % 3 == 2 {
            let Some(pos) = sparse(m) else { continue };
            let s = Sample {
                fen: fen(&pos),
                pos,
                moves: Vec::new(),
                plies: 0,
            };
            (s, "endgame", "in a random endgame position".to_owned())
        } else {
            let s = sample(m, 100);
            let pattern = if s.plies <= 16 {
                "opening"
            } else {
                "middlegame"
            };
            let w = from_game(&s);
            (s, pattern, w)
        };
        let legal = legal_uci(&s.pos);
        if legal.is_empty() || !q.wants(pattern) {
            continue;
        }
        let title = format!(
            "{} has exactly these {} legal moves, {where_}",
            side_name(s.pos.turn()),
            legal.len()
        );
        let expect = Expect {
            move_count: Some(legal.len() as u32),
            moves: Some(legal),
            ..Expect::default()
        };
        q.keep(
            pattern,
            case(title, "3.10.1", pattern, s.fen, s.moves, expect),
        );
    }
    q.into_cases()
}

/// The SAN of a legal move, suffix included, as the reference writes it.
fn san_of(pos: &Chess, mv: Move) -> String {
    SanPlus::from_move(pos.clone(), mv).to_string()
}

/// SAN: writing and reading moves, with disambiguation, captures, checks, castling, promotion.
pub fn san(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::new(&[
        ("disambiguation", 300),
        ("check", 250),
        ("capture", 250),
        ("castling", 150),
        ("promotion", 150),
        ("plain", 200),
    ]);
    for i in 0..200_000 {
        if q.full() {
            break;
        }
        let s = if i % 4 == 3 {
            // Promotions are rare in random games: sparse boards with pawns about to promote.
            let Some(pos) = promotion_board(m) else {
                continue;
            };
            Sample {
                fen: fen(&pos),
                pos,
                moves: Vec::new(),
                plies: 0,
            }
        } else {
            sample(m, 120)
        };
        let legal: Vec<Move> = s.pos.legal_moves().into_iter().collect();
        let Some(featured) = legal
            .iter()
            .find(|mv| q.wants(san_kind(&s.pos, mv)))
            .copied()
        else {
            continue;
        };
        written_and_read_back(m, &mut q, s, &legal, featured);
    }
    q.into_cases()
}

/// What a move shows of SAN, the pattern it is kept under.
fn san_kind(pos: &Chess, mv: &Move) -> &'static str {
    let san = San::from_move(pos, *mv);
    let text = san_of(pos, *mv);
    if mv.is_promotion() {
        "promotion"
    } else if mv.is_castle() {
        "castling"
    } else if mv.role() != Role::Pawn
        && matches!(
            san,
            San::Normal { file: Some(_), .. } | San::Normal { rank: Some(_), .. }
        )
    {
        "disambiguation"
    } else if text.ends_with('+') || text.ends_with('#') {
        "check"
    } else if mv.is_capture() {
        "capture"
    } else {
        "plain"
    }
}

/// The SAN of the featured move and up to three others, written (`san`) and read back
/// (`from_san`), and the featured move without its disambiguation read as no move at all.
fn written_and_read_back(m: &mut Miner, q: &mut Quotas, s: Sample, legal: &[Move], featured: Move) {
    let pattern = san_kind(&s.pos, &featured);
    // The featured move and up to three others, in a fixed order.
    let mut chosen = vec![featured];
    for _ in 0..3 {
        let other = *m.pick(legal);
        if !chosen.contains(&other) {
            chosen.push(other);
        }
    }
    let mut san = std::collections::BTreeMap::new();
    let mut from_san = std::collections::BTreeMap::new();
    for mv in &chosen {
        let uci = replay::to_uci(*mv);
        let text = san_of(&s.pos, *mv);
        from_san.insert(text.clone(), Some(uci.clone()));
        san.insert(uci, text);
    }
    if let Some(bare) = without_disambiguation(&s.pos, featured) {
        from_san.insert(bare, None);
    }
    let title = format!(
        "SAN of {} ({}) and {} other moves, written and read back, {}",
        replay::to_uci(featured),
        pattern,
        chosen.len() - 1,
        if s.plies == 0 && s.moves.is_empty() {
            "in a random position".to_owned()
        } else {
            from_game(&s)
        }
    );
    let rule = match pattern {
        "disambiguation" => "C.10",
        "castling" | "check" => "C.13",
        "promotion" => "C.11",
        "capture" => "C.9",
        _ => "C.8",
    };
    let expect = Expect {
        san: Some(san),
        from_san: Some(from_san),
        ..Expect::default()
    };
    q.keep(pattern, case(title, rule, pattern, s.fen, s.moves, expect));
}

/// The SAN of a piece move that needs disambiguation, written without it (a text that denotes
/// no move at all); `None` for any other move.
fn without_disambiguation(pos: &Chess, mv: Move) -> Option<String> {
    if let San::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    } = San::from_move(pos, mv)
        && role != Role::Pawn
        && (file.is_some() || rank.is_some())
    {
        let bare = San::Normal {
            role,
            file: None,
            rank: None,
            capture,
            to,
            promotion,
        };
        return Some(bare.to_string());
    }
    None
}

/// A sparse board with a pawn of the side to move on its seventh rank.
pub(super) fn promotion_board(m: &mut Miner) -> Option<Chess> {
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
    let mut pieces = vec![Color::White.king(), Color::Black.king(), turn.pawn()];
    for _ in 0..1 + m.below(3) {
        let color = if m.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        pieces.push(Piece {
            color,
            role: *m.pick(&ROLES),
        });
    }
    let seventh = match turn {
        Color::White => 48..56u8,
        Color::Black => 8..16u8,
    };
    for _ in 0..50 {
        let mut squares = m.draw(&super::placement(pieces.len()));
        squares[2] = seventh.start + (m.below(8) as u8);
        if let Some(pos) = super::setup(&pieces, &squares, turn) {
            return Some(pos);
        }
    }
    None
}

/// Perft of positions from random games rich in castling, en passant and promotion.
pub fn perft(m: &mut Miner) -> Vec<Case> {
    let mut q = Quotas::exact(&[
        ("castling", 120),
        ("en-passant", 120),
        ("promotion", 120),
        ("any", 100),
    ]);
    for i in 0..200_000 {
        if q.full() {
            break;
        }
        let s = if i % 3 == 2 {
            let Some(pos) = promotion_board(m) else {
                continue;
            };
            Sample {
                fen: fen(&pos),
                pos,
                moves: Vec::new(),
                plies: 0,
            }
        } else {
            sample(m, 40)
        };
        let legal = s.pos.legal_moves();
        if legal.is_empty() {
            continue;
        }
        let pattern = if legal.iter().any(|mv| mv.is_en_passant()) {
            "en-passant"
        } else if legal.iter().any(|mv| mv.is_promotion()) {
            "promotion"
        } else if legal.iter().any(|mv| mv.is_castle()) {
            "castling"
        } else {
            "any"
        };
        if !q.wants(pattern) {
            continue;
        }
        let mut counts = std::collections::BTreeMap::new();
        // Depths up to 3, each at most 20,000 nodes: cheap for slow move generators too.
        for depth in 1..=3 {
            let n = shakmaty::perft(&s.pos, depth);
            if n > 20_000 {
                break;
            }
            counts.insert(depth, n);
        }
        let title = format!(
            "Perft of a position with {} moves ({} available), {}",
            legal.len(),
            pattern.replace('-', " "),
            if s.plies == 0 && s.moves.is_empty() {
                "in a random position".to_owned()
            } else {
                from_game(&s)
            }
        );
        let expect = Expect {
            perft: Some(counts),
            ..Expect::default()
        };
        q.keep(
            pattern,
            case(title, "3.10.1", pattern, s.fen, s.moves, expect),
        );
    }
    q.into_cases()
}
