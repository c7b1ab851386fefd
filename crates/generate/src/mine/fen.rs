//! FEN validity (FIDE 3.10.3): positions of random games, which are legal by construction, and
//! corruptions of them, each of which makes the FEN describe no legal position or no FEN at all.

use shakmaty::{Chess, Color, Position};

use super::{Miner, Quotas, RandomGame, case, fen as fen_of};
use chess_conformance::case::{Case, Expect};

/// The ways to corrupt a legal FEN, each with what makes the result unacceptable (also
/// `chess-conformance fuzz`'s FEN mutations).
pub const CORRUPTIONS: [(&str, &str); 12] = [
    (
        "pawn-on-back-rank",
        "a pawn stands on the first or eighth rank",
    ),
    ("extra-king", "a side has two kings"),
    ("missing-king", "a side has no king"),
    ("opponent-in-check", "the side not to move is in check"),
    (
        "castling-without-rook",
        "a castling right names a rook that is not on its square",
    ),
    (
        "bad-en-passant",
        "the en passant square follows no double step",
    ),
    ("rank-too-long", "a rank describes more than eight squares"),
    ("too-few-ranks", "the board has seven ranks"),
    ("bad-piece-letter", "a piece letter that is no piece"),
    ("bad-side", "the side to move is neither w nor b"),
    (
        "bad-castling-field",
        "the castling field is not one a standard FEN writes",
    ),
    ("too-many-pawns", "a side has nine pawns"),
];

fn fields(fen_text: &str) -> Vec<String> {
    fen_text.split(' ').map(str::to_owned).collect()
}

/// The board field as 8 rows of 8 characters (`.` for empty), rank 8 first.
fn rows(board: &str) -> Vec<Vec<char>> {
    board
        .split('/')
        .map(|row| {
            let mut out = Vec::new();
            for c in row.chars() {
                match c.to_digit(10) {
                    Some(n) => out.extend(std::iter::repeat_n('.', n as usize)),
                    None => out.push(c),
                }
            }
            out
        })
        .collect()
}

fn board_text(rows: &[Vec<char>]) -> String {
    rows.iter()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn empty_squares(rows: &[Vec<char>]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (f, c) in row.iter().enumerate() {
            if *c == '.' {
                out.push((r, f));
            }
        }
    }
    out
}

/// One corruption of a legal position's FEN, or `None` when it does not apply to it.
pub fn corrupt(m: &mut Miner, pos: &Chess, kind: &str) -> Option<String> {
    let mut f = fields(&fen_of(pos));
    let mut b = rows(&f[0]);
    let empties = empty_squares(&b);
    let us = pos.turn();
    match kind {
        "pawn-on-back-rank" => {
            let back: Vec<_> = empties.iter().filter(|(r, _)| *r == 0 || *r == 7).collect();
            let (r, file) = **back.get(m.below(back.len().max(1)))?;
            b[r][file] = if m.chance(1, 2) { 'P' } else { 'p' };
        }
        "extra-king" => {
            let (r, file) = *empties.get(m.below(empties.len().max(1)))?;
            b[r][file] = if m.chance(1, 2) { 'K' } else { 'k' };
        }
        "missing-king" => {
            let king = if m.chance(1, 2) { 'K' } else { 'k' };
            for row in &mut b {
                for c in row.iter_mut() {
                    if *c == king {
                        *c = '.';
                    }
                }
            }
            // Castling rights of a missing king are a second fault: drop them.
            f[2] = "-".into();
            f[3] = "-".into();
        }
        "opponent-in-check" => {
            // The side to move gives check: swap the side to move of a position in check.
            if !pos.is_check() {
                return None;
            }
            f[1] = if us == Color::White { "b" } else { "w" }.into();
            f[3] = "-".into();
        }
        "castling-without-rook" => {
            let (right, sq) = *m.pick(&[('K', 7usize * 8 + 7), ('Q', 56), ('k', 7), ('q', 0)]);
            // rows are rank 8 first: index = row * 8 + file.
            let (r, file) = (sq / 8, sq % 8);
            let rook = if right.is_uppercase() { 'R' } else { 'r' };
            let king_row = if right.is_uppercase() { 7 } else { 0 };
            if b[r][file] == rook || b[king_row][4] != if right.is_uppercase() { 'K' } else { 'k' }
            {
                return None;
            }
            f[2] = right.to_string();
        }
        "bad-en-passant" => {
            if f[3] != "-" {
                return None;
            }
            let rank = if us == Color::White { '6' } else { '3' };
            let file = (b'a' + m.below(8) as u8) as char;
            f[3] = format!("{file}{rank}");
        }
        "rank-too-long" => {
            let r = m.below(8);
            b[r].push('.');
            let text = board_text(&b).replace("9", "81");
            f[0] = text;
            return Some(f.join(" "));
        }
        "too-few-ranks" => {
            b.remove(m.below(8));
        }
        "bad-piece-letter" => {
            let (r, file) = *empties.get(m.below(empties.len().max(1)))?;
            b[r][file] = *m.pick(&['X', 'z', 'A', 'j']);
        }
        "bad-side" => {
            f[1] = m.pick(&["W", "x", "white", "-"]).to_string();
        }
        "bad-castling-field" => {
            f[2] = m.pick(&["KX", "A", "KQkqK", "1"]).to_string();
        }
        "too-many-pawns" => {
            let pawn = if us == Color::White { 'P' } else { 'p' };
            let count = b.iter().flatten().filter(|c| **c == pawn).count();
            let middle: Vec<_> = empties.iter().filter(|(r, _)| (1..7).contains(r)).collect();
            if middle.len() < 9 - count.min(9) {
                return None;
            }
            for &&(r, file) in middle.iter().take(9usize.saturating_sub(count)) {
                b[r][file] = pawn;
            }
        }
        _ => return None,
    }
    f[0] = board_text(&b);
    Some(f.join(" "))
}

/// What is wrong with the castling field a corruption wrote: a character naming no right, a
/// right written twice, or a Shredder-FEN file letter, which a standard FEN does not use (and
/// which here names a rook or king that is not where the right needs it).
fn castling_field_why(fen: &str) -> String {
    let field = fen.split(' ').nth(2).unwrap_or("");
    let mut seen = std::collections::BTreeSet::new();
    if let Some(c) = field.chars().find(|c| !"KQkqABCDEFGHabcdefgh".contains(*c)) {
        format!("the castling field `{field}` has `{c}`, which names no castling right")
    } else if let Some(c) = field.chars().find(|c| !seen.insert(*c)) {
        format!("the castling field `{field}` writes the right `{c}` twice")
    } else {
        format!(
            "the castling field `{field}` uses a Shredder-FEN file letter, which a standard \
             FEN does not, and no rook and king stand where that right needs them"
        )
    }
}

/// What is wrong with the en passant square a corruption wrote into `pos`'s FEN (`bad`): no
/// pawn stands where a double step would have put it, or the squares it crossed are not empty;
/// or it does and they are, but the side to move is in check, which that double step (its last
/// move, as the square says) cannot have given (shakmaty's "impossible check").
fn en_passant_why(pos: &Chess, bad: &str, why: &str) -> String {
    let square = bad.split(' ').nth(3).unwrap_or("-");
    let (file, rank) = match square.as_bytes() {
        [file, rank] => (*file as char, *rank as char),
        _ => return why.to_owned(),
    };
    let (pawn, crossed, from, to) = match rank {
        '6' => ('p', '6', '7', '5'),
        '3' => ('P', '3', '2', '4'),
        _ => return why.to_owned(),
    };
    let at = |rank: char| -> Option<char> {
        let sq: shakmaty::Square = format!("{file}{rank}").parse().ok()?;
        Some(pos.board().piece_at(sq).map_or('.', |p| p.char()))
    };
    let stepped = at(to) == Some(pawn) && at(crossed) == Some('.') && at(from) == Some('.');
    if !stepped {
        return why.to_owned();
    }
    let side = if pos.turn() == Color::White {
        "White"
    } else {
        "Black"
    };
    if pos.is_check() {
        format!(
            "the en passant square `{square}` says the pawn on {file}{to} has just advanced two \
             squares, but {side} is in check, which that advance cannot have given"
        )
    } else {
        format!(
            "the en passant square `{square}` says the pawn on {file}{to} has just advanced two \
             squares, which cannot have been the last move"
        )
    }
}

/// Legal positions that must be accepted and corrupted ones that must be rejected.
pub(crate) fn fen(m: &mut Miner) -> Vec<Case> {
    let mut quotas: Vec<(&'static str, usize)> = vec![("legal", 3)];
    quotas.extend(CORRUPTIONS.iter().map(|(k, _)| (*k, 1)));
    let mut q = Quotas::new(&quotas);
    let initial = Chess::default();
    for i in 0..300_000 {
        if q.full() {
            break;
        }
        let game: RandomGame = m.game(&initial, 120);
        let at = m.below(game.moves.len() + 1);
        let pos = &game.positions[at];
        if i % 6 == 0 {
            let title = format!("A position reached after {at} plies of a random game is accepted");
            let expect = Expect {
                valid: Some(true),
                ..Expect::default()
            };
            q.keep(
                "legal",
                case(title, "3.10.3", "legal", fen_of(pos), Vec::new(), expect),
            );
            continue;
        }
        // Positions in check are rare: look for one when that quota wants it.
        let (kind, why) = *m.pick(&CORRUPTIONS);
        if !q.wants(kind) {
            continue;
        }
        let pos = if kind == "opponent-in-check" {
            match game.positions.iter().rev().find(|p| p.is_check()) {
                Some(p) => p,
                None => continue,
            }
        } else {
            pos
        };
        let Some(bad) = corrupt(m, pos, kind) else {
            continue;
        };
        // A corruption must not happen to produce a legal position.
        if chess_conformance::replay::parse_fen(&bad).is_ok() {
            continue;
        }
        let why = match kind {
            "bad-castling-field" => castling_field_why(&bad),
            "bad-en-passant" => en_passant_why(pos, &bad, why),
            _ => why.to_owned(),
        };
        let title = format!("Rejected: {why} (a corrupted position from a random game)");
        let expect = Expect {
            valid: Some(false),
            ..Expect::default()
        };
        q.keep(kind, case(title, "3.10.3", kind, bad, Vec::new(), expect));
    }
    q.into_cases()
}
