//! Castling (FIDE 3.8.2): every square of the king's path attacked in turn, the king in check,
//! O-O-O with only b1 (b8) attacked, the rook attacked, pieces in between, and rights lost by a
//! king or rook that moved and came back.

use shakmaty::{
    Bitboard, CastlingMode, Chess, Color, File, Piece, Position, Rank, Role, Setup, Square,
};

use super::{Miner, Quotas, case, fen, side_name};
use chess_conformance::case::{Attacks, Case, Expect};
use chess_conformance::replay;

fn home(color: Color) -> Rank {
    match color {
        Color::White => Rank::First,
        Color::Black => Rank::Eighth,
    }
}

fn at(file: File, color: Color) -> Square {
    Square::from_coords(file, home(color))
}

/// A board with the king and one or both rooks of `us` at home with their castling rights,
/// the other king, one to three enemy pieces and perhaps one piece of ours.
pub(super) fn castling_board(m: &mut Miner, us: Color) -> Option<Chess> {
    const ENEMY: [Role; 5] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
    ];
    let mut setup = Setup::empty();
    setup.turn = us;
    let king = at(File::E, us);
    setup.board.set_piece_at(king, us.king());
    let (short, long) = match m.below(4) {
        0 => (true, false),
        1 => (false, true),
        _ => (true, true),
    };
    let mut rights = Bitboard::EMPTY;
    for (on, file) in [(short, File::H), (long, File::A)] {
        if on {
            let sq = at(file, us);
            setup.board.set_piece_at(sq, us.rook());
            rights.add(sq);
        }
    }
    setup.castling_rights = rights;
    let mut others = vec![(!us).king()];
    for _ in 0..1 + m.below(3) {
        others.push(Piece {
            color: !us,
            role: *m.pick(&ENEMY),
        });
    }
    if m.chance(1, 3) {
        others.push(Piece {
            color: us,
            role: *m.pick(&[Role::Knight, Role::Bishop, Role::Queen]),
        });
    }
    let squares = m.draw(&super::placement(others.len()));
    for (piece, index) in others.iter().zip(squares) {
        let sq = Square::new(u32::from(index));
        if setup.board.piece_at(sq).is_some() {
            return None;
        }
        setup.board.set_piece_at(sq, *piece);
    }
    setup.position(CastlingMode::Standard).ok()
}

fn attacked_by(pos: &Chess, color: Color) -> Bitboard {
    let board = pos.board();
    board
        .by_color(color)
        .into_iter()
        .fold(Bitboard::EMPTY, |acc, sq| acc | board.attacks_from(sq))
}

/// The pattern a castling position shows, if any of interest.
fn classify(pos: &Chess, us: Color) -> Option<&'static str> {
    let them = attacked_by(pos, !us);
    let occupied = pos.board().occupied();
    let sq = |f| at(f, us);
    let rights = pos.castles().castling_rights();
    let short = rights.contains(sq(File::H));
    let long = rights.contains(sq(File::A));
    if them.contains(sq(File::E)) {
        return Some("in-check");
    }
    let short_clear = short && !occupied.contains(sq(File::F)) && !occupied.contains(sq(File::G));
    let long_clear = long
        && !occupied.contains(sq(File::B))
        && !occupied.contains(sq(File::C))
        && !occupied.contains(sq(File::D));
    if (short && !short_clear) || (long && !long_clear) {
        return Some("blocked");
    }
    let hits = |files: &[File]| files.iter().filter(|f| them.contains(sq(**f))).count();
    if short_clear {
        match (them.contains(sq(File::F)), them.contains(sq(File::G))) {
            (true, false) => return Some("f-attacked"),
            (false, true) => return Some("g-attacked"),
            (true, true) => return Some("f-and-g-attacked"),
            _ => {}
        }
    }
    if long_clear {
        match (
            them.contains(sq(File::D)),
            them.contains(sq(File::C)),
            them.contains(sq(File::B)),
        ) {
            (true, false, _) => return Some("d-attacked"),
            (false, true, _) => return Some("c-attacked"),
            (false, false, true) => return Some("only-b-attacked"),
            _ => {}
        }
    }
    let rooks_hit = (short && them.contains(sq(File::H))) || (long && them.contains(sq(File::A)));
    if rooks_hit && hits(&[File::F, File::G, File::D, File::C, File::B]) == 0 {
        return Some("rook-attacked");
    }
    if hits(&[File::F, File::G, File::D, File::C, File::B]) == 0 {
        return Some("nothing-attacked");
    }
    None
}

const PATTERNS: [(&str, &str); 11] = [
    ("in-check", "the king is in check"),
    ("blocked", "a piece stands between king and rook"),
    (
        "f-attacked",
        "only the square the king crosses on the king's side is attacked",
    ),
    (
        "g-attacked",
        "only the square the king lands on, on the king's side, is attacked",
    ),
    (
        "f-and-g-attacked",
        "both squares of the king's path on the king's side are attacked",
    ),
    (
        "d-attacked",
        "only the square the king crosses on the queen's side is attacked",
    ),
    (
        "c-attacked",
        "only the square the king lands on, on the queen's side, is attacked",
    ),
    (
        "only-b-attacked",
        "only the b-file square, crossed by the rook but not the king, is attacked: O-O-O stays legal",
    ),
    (
        "rook-attacked",
        "only the rook is attacked, which does not matter",
    ),
    (
        "nothing-attacked",
        "no square of the king's path is attacked",
    ),
    (
        "rights-lost",
        "the king or a rook moved and came back: the right is lost for good",
    ),
];

/// Castling positions, both colours, each pattern with its quota.
pub fn castling(m: &mut Miner) -> Vec<Case> {
    let quotas: Vec<(&'static str, usize)> = PATTERNS.iter().map(|(p, _)| (*p, 1)).collect();
    let mut q = Quotas::new(&quotas);
    for _ in 0..300_000 {
        if q.full() {
            break;
        }
        let us = if m.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let Some(pos) = castling_board(m, us) else {
            continue;
        };
        if pos.legal_moves().is_empty() {
            continue;
        }
        if q.wants("rights-lost") && m.chance(1, 4) {
            if let Some(c) = rights_lost(m, &pos, us) {
                q.keep("rights-lost", c);
            }
            continue;
        }
        let Some(pattern) = classify(&pos, us) else {
            continue;
        };
        if !q.wants(pattern) {
            continue;
        }
        let description = PATTERNS.iter().find(|p| p.0 == pattern).map_or("", |p| p.1);
        q.keep(
            pattern,
            castling_case(&pos, us, pattern, description, fen(&pos), Vec::new()),
        );
    }
    q.into_cases()
}

/// The case of a castling position: which castlings are legal, and which path squares the
/// opponent attacks (the reason).
fn castling_case(
    pos: &Chess,
    us: Color,
    pattern: &str,
    description: &str,
    fen: String,
    moves: Vec<String>,
) -> Case {
    let king = at(File::E, us);
    let short = format!("{king}{}", at(File::G, us));
    let long = format!("{king}{}", at(File::C, us));
    let legal = super::legal_uci(pos);
    let (mut ok, mut not) = (Vec::new(), Vec::new());
    for m in [&short, &long] {
        if legal.contains(m) {
            ok.push(m.clone());
        } else {
            not.push(m.clone());
        }
    }
    let them = attacked_by(pos, !us);
    let path = [File::E, File::F, File::G, File::D, File::C, File::B];
    let (mut hit, mut free) = (Vec::new(), Vec::new());
    for f in path {
        let sq = at(f, us);
        if them.contains(sq) {
            hit.push(sq.to_string());
        } else {
            free.push(sq.to_string());
        }
    }
    let verdict = match (ok.is_empty(), not.is_empty()) {
        (false, true) => "both castlings are legal".to_owned(),
        (true, false) => "neither castling is legal".to_owned(),
        _ => format!("{} is legal and {} is not", ok.join(", "), not.join(", ")),
    };
    let title = format!("{} to move, {description}: {verdict}", side_name(us));
    let rule = if pattern == "rights-lost" {
        "3.8.2.1"
    } else {
        "3.8.2.2"
    };
    let expect = Expect {
        legal: if ok.is_empty() { None } else { Some(ok) },
        illegal: if not.is_empty() { None } else { Some(not) },
        attacks: if pattern == "rights-lost" {
            None
        } else {
            Some(vec![Attacks {
                from: None,
                by: Some(replay::from_shakmaty(!us)),
                squares: None,
                count: None,
                includes: if hit.is_empty() { None } else { Some(hit) },
                excludes: if free.is_empty() { None } else { Some(free) },
            }])
        },
        ..Expect::default()
    };
    case(title, rule, pattern, fen, moves, expect)
}

/// The king or a rook goes out and comes back while the opponent makes two moves: the case is
/// the starting position and that history.
fn rights_lost(m: &mut Miner, start: &Chess, us: Color) -> Option<Case> {
    let mut pos = start.clone();
    let mut history = Vec::new();
    let rights = start.castles().castling_rights();
    let movers: Vec<Square> = [File::E, File::H, File::A]
        .into_iter()
        .map(|f| at(f, us))
        .filter(|sq| *sq == at(File::E, us) || rights.contains(*sq))
        .collect();
    let piece = *m.pick(&movers);
    let out = pos
        .legal_moves()
        .into_iter()
        .filter(|mv| mv.from() == Some(piece) && !mv.is_castle() && !mv.is_capture())
        .collect::<Vec<_>>();
    if out.is_empty() {
        return None;
    }
    let go = out[m.below(out.len())];
    let to = go.to();
    pos.play_unchecked(go);
    history.push(go);
    for step in 0..3 {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let mv = if step == 1 {
            *legal
                .iter()
                .find(|mv| mv.from() == Some(to) && mv.to() == piece)?
        } else {
            // The opponent's reply: anything that is not a capture (the pieces stay as they are).
            let quiet: Vec<_> = legal
                .iter()
                .filter(|mv| !mv.is_capture())
                .copied()
                .collect();
            if quiet.is_empty() {
                return None;
            }
            quiet[m.below(quiet.len())]
        };
        pos.play_unchecked(mv);
        history.push(mv);
    }
    if pos.legal_moves().is_empty() || pos.turn() != us {
        return None;
    }
    let moves = history.iter().map(|mv| replay::to_uci(*mv)).collect();
    let who = if piece == at(File::E, us) {
        "the king".to_owned()
    } else {
        format!("the rook on {piece}")
    };
    let description = format!("{who} went to {to} and came back while castling rights were held");
    let mut c = castling_case(&pos, us, "rights-lost", &description, fen(start), moves);
    c.expect.attacks = None;
    Some(c)
}
