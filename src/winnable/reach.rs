//! Where every piece could ever go: a static proof that a side can never mate, for positions
//! whose pawns (or pieces) wall parts of the board off for good.
//!
//! **The regions.** For every piece on the board, the set of squares it could ever stand on is
//! over-approximated by a fixed point that only grows, together with the squares each side could
//! ever see emptied of its own pieces (*clear*):
//!
//! - a square is clear of a colour if no piece of that colour stands on it, or if the piece on it
//!   can move at all, or (not a king) if an enemy piece could ever reach the square and so take
//!   it;
//! - a knight, bishop, rook or queen steps (a slider one square at a time, each square on the way
//!   standing for a move that stops there) onto squares clear of its own colour, never onto an
//!   enemy king that can never move;
//! - a king steps onto squares clear of its own colour that no *permanent* enemy piece attacks
//!   (a piece whose square is never cleared: it never moves and is never taken, so it attacks the
//!   same squares for good; a slider counts only for the squares next to it);
//! - a pawn pushes onto squares clear of both colours, captures onto squares an enemy piece other
//!   than the king could ever stand on, and on the last rank could become anything anywhere.
//!
//! By induction over any series of legal moves, every piece stays inside its region and every
//! square it leaves was clear: the regions over-approximate every position that can ever arise.
//! Castling rights and a legal en passant capture are not modelled; a position with either is not
//! proven here.
//!
//! **The mate test.** A mate of the defender's king on a square `k` of its region needs a checker
//! of the attacker that can attack `k` from a square of its region, and every square next to `k`
//! that the king could ever enter closed: attacked by the checker from that one square, by some
//! other piece of the attacker from anywhere in its region (rays stop only at permanent pieces;
//! the defending king never blocks, so the squares behind it count), by the attacking king from
//! one square of its region not next to `k`, or occupied by a piece of the defender, a different
//! piece for each square. The checker, standing next to `k`, must be protected. A square next to
//! `k` outside the king's region is closed already: a permanent piece of the defender stands
//! there, or a permanent piece of the attacker attacks it. If no square of the region passes, no
//! mate can ever happen. An attacker's pawn that could promote is not analysed: the proof gives
//! up.
//!
//! Every step errs towards "could mate", so the answer is never a wrong "unwinnable".

use shakmaty::attacks::{
    bishop_attacks, king_attacks, knight_attacks, pawn_attacks, queen_attacks, rook_attacks,
};
use shakmaty::{Bitboard, Board, Chess, Color, EnPassantMode, Position, Role, Square};

/// One piece of the board and the squares it could ever stand on.
#[derive(Debug, Clone, Copy)]
struct Unit {
    color: Color,
    role: Role,
    origin: Square,
    region: Bitboard,
}

/// A white pawn and the black pawn it faces on its file (indices into the units), and the
/// squares of the file each may not enter while the other stays.
struct Pair {
    white: usize,
    black: usize,
    file: Bitboard,
    white_barred: Bitboard,
    black_barred: Bitboard,
    /// Whether the white pawn's barrier is still assumed.
    white_holds: bool,
    /// Whether the black pawn's barrier is still assumed.
    black_holds: bool,
}

/// The regions of every piece of a position, and the squares each side could see cleared.
pub(super) struct Reach {
    units: Vec<Unit>,
    /// By colour (White first): squares that are, or could ever be, free of that colour's pieces.
    clear: [Bitboard; 2],
}

fn idx(color: Color) -> usize {
    match color {
        Color::White => 0,
        Color::Black => 1,
    }
}

const NOT_A: u64 = !0x0101_0101_0101_0101;
const NOT_H: u64 = !0x8080_8080_8080_8080;
const NOT_AB: u64 = NOT_A & !0x0202_0202_0202_0202;
const NOT_GH: u64 = NOT_H & !0x4040_4040_4040_4040;

/// The squares one diagonal step from any square of `b`.
fn diagonal_steps(b: Bitboard) -> Bitboard {
    let x = b.0;
    Bitboard(((x << 9) & NOT_A) | ((x << 7) & NOT_H) | ((x >> 7) & NOT_A) | ((x >> 9) & NOT_H))
}

/// The squares one orthogonal step from any square of `b`.
fn orthogonal_steps(b: Bitboard) -> Bitboard {
    let x = b.0;
    Bitboard((x << 8) | (x >> 8) | ((x << 1) & NOT_A) | ((x >> 1) & NOT_H))
}

/// The squares one king step from any square of `b`.
fn king_steps(b: Bitboard) -> Bitboard {
    diagonal_steps(b) | orthogonal_steps(b)
}

/// The squares one knight jump from any square of `b`.
fn knight_steps(b: Bitboard) -> Bitboard {
    let x = b.0;
    Bitboard(
        ((x << 17) & NOT_A)
            | ((x << 15) & NOT_H)
            | ((x << 10) & NOT_AB)
            | ((x << 6) & NOT_GH)
            | ((x >> 17) & NOT_H)
            | ((x >> 15) & NOT_A)
            | ((x >> 10) & NOT_GH)
            | ((x >> 6) & NOT_AB),
    )
}

/// The squares a pawn of `color` on any square of `b` attacks.
fn pawn_captures(color: Color, b: Bitboard) -> Bitboard {
    let x = b.0;
    Bitboard(match color {
        Color::White => ((x << 9) & NOT_A) | ((x << 7) & NOT_H),
        Color::Black => ((x >> 7) & NOT_A) | ((x >> 9) & NOT_H),
    })
}

/// The squares one push ahead of any square of `b`, for a pawn of `color`.
fn pawn_pushes(color: Color, b: Bitboard) -> Bitboard {
    Bitboard(match color {
        Color::White => b.0 << 8,
        Color::Black => b.0 >> 8,
    })
}

/// The squares next to a piece of `role` on `sq` that it attacks whatever else stands where: for
/// a knight, pawn or king all it attacks; for a slider the first square of each of its rays.
fn adjacent_attacks(color: Color, role: Role, sq: Square) -> Bitboard {
    let one = Bitboard::from_square(sq);
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::King => king_attacks(sq),
        Role::Bishop => diagonal_steps(one),
        Role::Rook => orthogonal_steps(one),
        Role::Queen => king_steps(one),
    }
}

/// The squares a piece of `role` and `color` on `sq` attacks with `occupied` blocking its rays.
fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::King => king_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
    }
}

/// `region` grown by `step` onto `allowed` squares until nothing more is added.
fn flood(mut region: Bitboard, allowed: Bitboard, step: fn(Bitboard) -> Bitboard) -> Bitboard {
    loop {
        let grown = region | (step(region) & allowed);
        if grown == region {
            return region;
        }
        region = grown;
    }
}

impl Reach {
    /// The regions of `pos`, or `None` when the position is outside what they model (castling
    /// rights, a legal en passant capture).
    pub(super) fn of(pos: &Chess) -> Option<Reach> {
        if pos.castles().any() || pos.ep_square(EnPassantMode::Legal).is_some() {
            return None;
        }
        // Without a pawn blocked by a piece in front of it, every pawn can move, nothing is
        // permanent and the regions wall nothing off: not worth computing.
        let board = pos.board();
        let white = board.pawns() & board.white();
        let black = board.pawns() & board.black();
        let blocked = (Bitboard(white.0 << 8) | Bitboard(black.0 >> 8)) & board.occupied();
        if blocked.is_empty() {
            return None;
        }
        Some(Reach::of_board(pos.board()))
    }

    fn of_board(board: &Board) -> Reach {
        let mut units: Vec<Unit> = board
            .occupied()
            .into_iter()
            .filter_map(|sq| {
                board.piece_at(sq).map(|piece| Unit {
                    color: piece.color,
                    role: piece.role,
                    origin: sq,
                    region: Bitboard::from_square(sq),
                })
            })
            .collect();
        let mut clear = [!board.white(), !board.black()];
        // Facing pawns: a white pawn and the first black pawn above it on its file, nothing
        // between them. While neither leaves the file or is taken, neither passes the other.
        // Assumed at first, checked once the regions are stable, dropped where it fails.
        let mut pairs = Reach::facing_pairs(&units);
        loop {
            let mut grew = false;
            let before_clear = clear;
            let permanent = Reach::permanent_of(&units, &clear);
            let mut fixed_attacks = [Bitboard::EMPTY; 2];
            let mut others = [Bitboard::EMPTY; 2];
            for u in &units {
                if permanent.contains(u.origin) {
                    fixed_attacks[idx(u.color)] |= adjacent_attacks(u.color, u.role, u.origin);
                }
                if u.role != Role::King {
                    others[idx(u.color)] |= u.region;
                }
            }
            // A king that can never move is never a square anything else can enter.
            let stuck_kings = board.kings() & permanent;
            for (i, u) in units.iter_mut().enumerate() {
                let c = idx(u.color);
                let old = u.region;
                u.region = match u.role {
                    Role::King => flood(u.region, clear[c] & !fixed_attacks[1 - c], king_steps),
                    Role::Knight => flood(u.region, clear[c] & !stuck_kings, knight_steps),
                    Role::Bishop => flood(u.region, clear[c] & !stuck_kings, diagonal_steps),
                    Role::Rook => flood(u.region, clear[c] & !stuck_kings, orthogonal_steps),
                    Role::Queen => flood(u.region, clear[c] & !stuck_kings, king_steps),
                    Role::Pawn => {
                        let mut barred = Bitboard::EMPTY;
                        for p in &pairs {
                            if p.white == i && p.white_holds {
                                barred |= p.white_barred;
                            }
                            if p.black == i && p.black_holds {
                                barred |= p.black_barred;
                            }
                        }
                        Reach::pawn_region(u, clear, others[1 - c], barred)
                    }
                };
                grew |= u.region != old;
            }
            let mut reached = [Bitboard::EMPTY; 2];
            for u in &units {
                reached[idx(u.color)] |= u.region;
            }
            for u in &units {
                let c = idx(u.color);
                let moves = u.region != Bitboard::from_square(u.origin);
                let taken = u.role != Role::King && reached[1 - c].contains(u.origin);
                if moves || taken {
                    clear[c].add(u.origin);
                }
            }
            let stable = clear == before_clear && !grew;
            if stable {
                // Stable under the barriers assumed: keep those that hold in these regions.
                let mut dropped = false;
                for p in &mut pairs {
                    let white = Reach::stays(&units, p.white, p.file);
                    let black = Reach::stays(&units, p.black, p.file);
                    let white_safe = white && Reach::safe(&units, p.white);
                    let black_safe = black && Reach::safe(&units, p.black);
                    // A pawn cannot pass the other while both keep to the file and the other
                    // is never taken.
                    let (w, b) = (white && black_safe, black && white_safe);
                    dropped |= (p.white_holds && !w) || (p.black_holds && !b);
                    p.white_holds &= w;
                    p.black_holds &= b;
                }
                if !dropped {
                    return Reach { units, clear };
                }
                // Without a pair the regions can only grow: go on from here.
            }
        }
    }

    /// Every white pawn with the first black pawn above it on its file, when no pawn stands
    /// between them, and the squares each may then never enter.
    fn facing_pairs(units: &[Unit]) -> Vec<Pair> {
        let mut pairs = Vec::new();
        for (w, white) in units.iter().enumerate() {
            if white.role != Role::Pawn || white.color != Color::White {
                continue;
            }
            let file = white.origin.file();
            let above = units
                .iter()
                .enumerate()
                .filter(|(_, u)| u.role == Role::Pawn && u.origin.file() == file)
                .filter(|(_, u)| u.origin.rank() > white.origin.rank())
                .min_by_key(|(_, u)| u.origin.rank());
            if let Some((b, black)) = above.filter(|(_, u)| u.color == Color::Black) {
                let on_file = Bitboard::from_file(file);
                let mut white_barred = Bitboard::EMPTY;
                let mut black_barred = Bitboard::EMPTY;
                for sq in on_file {
                    if sq.rank() >= black.origin.rank() {
                        white_barred.add(sq);
                    }
                    if sq.rank() <= white.origin.rank() {
                        black_barred.add(sq);
                    }
                }
                pairs.push(Pair {
                    white: w,
                    black: b,
                    file: on_file,
                    white_barred,
                    black_barred,
                    white_holds: true,
                    black_holds: true,
                });
            }
        }
        pairs
    }

    /// Whether the pawn `i` keeps to `file`: it can never capture.
    fn stays(units: &[Unit], i: usize, file: Bitboard) -> bool {
        units[i].region.is_subset(file)
    }

    /// Whether no enemy piece could ever stand on a square of the pawn `i`'s region, nor an
    /// enemy pawn capture onto one: the pawn is never taken.
    fn safe(units: &[Unit], i: usize) -> bool {
        let pawn = &units[i];
        units.iter().filter(|u| u.color != pawn.color).all(|u| {
            let threat = if u.role == Role::Pawn {
                pawn_captures(u.color, u.region)
            } else {
                u.region
            };
            (threat & pawn.region).is_empty()
        })
    }

    /// The squares whose piece never leaves: it never moves and is never taken.
    fn permanent_of(units: &[Unit], clear: &[Bitboard; 2]) -> Bitboard {
        units
            .iter()
            .filter(|u| !clear[idx(u.color)].contains(u.origin))
            .fold(Bitboard::EMPTY, |all, u| all.with(u.origin))
    }

    /// A pawn's region: pushes onto squares clear of both colours, captures onto squares an
    /// enemy piece other than the king could stand on (`enemy`), everywhere once it can reach
    /// the last rank.
    fn pawn_region(u: &Unit, clear: [Bitboard; 2], enemy: Bitboard, barred: Bitboard) -> Bitboard {
        let empty = clear[0] & clear[1] & !barred;
        let mut region = u.region;
        loop {
            let grown = region
                | (pawn_pushes(u.color, region) & empty)
                | (pawn_captures(u.color, region) & enemy);
            if (grown & Bitboard::BACKRANKS).any() {
                return Bitboard::FULL;
            }
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The squares whose piece never leaves.
    fn permanent(&self) -> Bitboard {
        Reach::permanent_of(&self.units, &self.clear)
    }

    /// Whether these regions prove that `side` can never checkmate.
    pub(super) fn no_mate(&self, side: Color) -> bool {
        let defender = !side;
        let Some(their_king) = self
            .units
            .iter()
            .find(|u| u.color == defender && u.role == Role::King)
        else {
            return false;
        };
        let Some(our_king) = self
            .units
            .iter()
            .find(|u| u.color == side && u.role == Role::King)
        else {
            return false;
        };
        let king_region = their_king.region;
        // Rays stop at permanent pieces only, and never at the defending king.
        let blockers = self.permanent().without(their_king.origin);
        let ours: Vec<&Unit> = self
            .units
            .iter()
            .filter(|u| u.color == side && u.role != Role::King)
            .collect();
        if ours
            .iter()
            .any(|u| u.role == Role::Pawn && u.region == Bitboard::FULL)
        {
            return false; // a promotion could bring anything anywhere
        }
        // What each of the attacker's pieces could ever attack.
        let reach_attacks: Vec<Bitboard> = ours
            .iter()
            .map(|u| match u.role {
                Role::Pawn => pawn_captures(u.color, u.region),
                Role::Knight => knight_steps(u.region),
                _ => u.region.into_iter().fold(Bitboard::EMPTY, |all, sq| {
                    all | attacks(u.color, u.role, sq, blockers)
                }),
            })
            .collect();
        let all_attacks = reach_attacks
            .iter()
            .fold(Bitboard::EMPTY, |all, a| all | *a);
        // What all the pieces before and after each one could ever attack.
        let mut before_each = vec![Bitboard::EMPTY; reach_attacks.len()];
        let mut after_each = vec![Bitboard::EMPTY; reach_attacks.len()];
        for i in 1..reach_attacks.len() {
            before_each[i] = before_each[i - 1] | reach_attacks[i - 1];
        }
        for i in (0..reach_attacks.len().saturating_sub(1)).rev() {
            after_each[i] = after_each[i + 1] | reach_attacks[i + 1];
        }
        // No piece that could ever check: nothing more to look at.
        if (all_attacks & king_region).is_empty() {
            return true;
        }
        let their_pieces: Vec<Bitboard> = self
            .units
            .iter()
            .filter(|u| u.color == defender && u.role != Role::King)
            .map(|u| u.region)
            .collect();
        for k in king_region {
            let flight = king_attacks(k) & king_region;
            for (i, u) in ours.iter().enumerate() {
                if !reach_attacks[i].contains(k) {
                    continue;
                }
                let others = before_each[i] | after_each[i];
                // The squares from which this piece checks the king on k.
                let from = match u.role {
                    Role::Pawn => pawn_attacks(defender, k),
                    role => attacks(defender, role, k, blockers),
                } & u.region;
                for s in from {
                    let covered = attacks(u.color, u.role, s, blockers) | others;
                    let open = flight.without(s) & !covered;
                    // A checker next to the king must be protected.
                    let must_attack = if king_attacks(k).contains(s) && !others.contains(s) {
                        Bitboard::from_square(s)
                    } else {
                        Bitboard::EMPTY
                    };
                    if closable(open, must_attack, k, s, our_king.region, &their_pieces) {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// Whether the attacking king, from one square of `king_region` not next to `k` (nor on the
/// checker's square `s`), can attack every square of `must_attack`, with every square of `open`
/// it does not attack taken by a piece of the defender, one piece (by its region) per square.
fn closable(
    open: Bitboard,
    must_attack: Bitboard,
    k: Square,
    s: Square,
    king_region: Bitboard,
    pieces: &[Bitboard],
) -> bool {
    let places =
        king_region & !king_attacks(k) & !Bitboard::from_square(k) & !Bitboard::from_square(s);
    let mut tried: Vec<Bitboard> = Vec::new();
    for at in places {
        let touched = king_attacks(at);
        if !must_attack.is_subset(touched) {
            continue;
        }
        let left = open & !touched;
        if tried.contains(&left) {
            continue;
        }
        if matched(left, pieces, 0) {
            return true;
        }
        tried.push(left);
    }
    false
}

/// Whether each square of `squares` can be given its own piece (by index, not in `used`) whose
/// region holds it.
fn matched(squares: Bitboard, pieces: &[Bitboard], used: u64) -> bool {
    let Some(sq) = squares.first() else {
        return true;
    };
    if squares.count() > pieces.len() {
        return false;
    }
    let rest = squares.without(sq);
    (0..pieces.len().min(64)).any(|i| {
        used & (1 << i) == 0 && pieces[i].contains(sq) && matched(rest, pieces, used | (1 << i))
    })
}

/// Whether the regions of `pos` prove that `side` can never checkmate.
pub(super) fn unwinnable(pos: &Chess, side: Color) -> bool {
    // A pawn of the side with nothing in front of it on its file pushes to the last rank in its
    // region (no piece stops it, no facing pair bars it), and the mate test then gives up: the
    // answer is known without the fixed point.
    let board = pos.board();
    let free_pawn = (board.by_color(side) & board.pawns())
        .into_iter()
        .any(|sq| (super::in_front(side, sq) & board.occupied()).is_empty());
    !free_pawn && Reach::of(pos).is_some_and(|r| r.no_mate(side))
}

#[cfg(test)]
mod invariant;
#[cfg(test)]
mod tests;
