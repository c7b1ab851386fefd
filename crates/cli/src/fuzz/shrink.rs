//! Shrinking a disagreement while it persists (the same kind, on the same assertion): a shorter
//! history (the game started later), fewer pieces, no castling right or en passant square it
//! does not need, the clocks at their start. Greedy, pass after pass until none helps, within a
//! bound on the comparisons.

use chess_conformance::replay::{self, Replay};
use shakmaty::fen::Fen;
use shakmaty::{Chess, Role, Setup};

use super::target::Target;
use super::{Disagreement, Pair};

/// The most comparisons one shrink makes.
const MAX_TRIES: usize = 400;

/// How big a case is: pieces on the board and plies of history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Size {
    /// Pieces on the board of the starting FEN.
    pub pieces: usize,
    /// Moves of the history.
    pub plies: usize,
}

impl Size {
    /// The size of a disagreement's position.
    pub(crate) fn of(d: &Disagreement) -> Size {
        Size {
            pieces: d
                .fen
                .split(' ')
                .next()
                .unwrap_or("")
                .chars()
                .filter(char::is_ascii_alphabetic)
                .count(),
            plies: d.moves.len(),
        }
    }
}

/// A shrunk disagreement, with the sizes before and after.
pub(crate) struct Shrunk {
    /// The smallest disagreement of the same kind found.
    pub disagreement: Disagreement,
    /// The size it started at.
    pub before: Size,
}

/// Shrinks `d` while the same kind of disagreement persists.
pub(crate) fn shrink(pair: &mut Pair<'_>, d: &Disagreement) -> Shrunk {
    let before = Size::of(d);
    let mut best = d.clone();
    let mut tries = 0;
    loop {
        let mut better = None;
        for (fen, moves) in candidates(&best) {
            if tries >= MAX_TRIES {
                break;
            }
            tries += 1;
            if let Some(found) = persists(pair, &best, &fen, &moves) {
                better = Some(found);
                break;
            }
        }
        match better {
            Some(b) => best = b,
            None => break,
        }
    }
    Shrunk {
        disagreement: best,
        before,
    }
}

/// The disagreement of the same kind about the same assertion at `fen` and `moves`, if any.
fn persists(
    pair: &mut Pair<'_>,
    d: &Disagreement,
    fen: &str,
    moves: &[String],
) -> Option<Disagreement> {
    let position = position_of(fen, moves, &d.target)?;
    // A simpler position is still a game in progress if the original was: shrinking KR v K
    // to K v K would trade the question for another (the game is over there).
    if d.target != Target::Valid && ongoing(&d.fen, &d.moves) && !ongoing(fen, moves) {
        return None;
    }
    pair.compare(fen, moves, &position, std::slice::from_ref(&d.target))
        .into_iter()
        .find(|n| n.kind == d.kind && n.a_erred == d.a_erred)
}

/// Whether the game at `fen` and `moves` is still going on (by the reference's replay).
fn ongoing(fen: &str, moves: &[String]) -> bool {
    Replay::new(fen, moves).is_ok_and(|r| r.state() == chess_conformance::GameState::Ongoing)
}

/// The position a candidate reaches; for a FEN that must be judged valid or not, whatever
/// board it describes (its position only classifies, and `valid` is classified alone).
fn position_of(fen: &str, moves: &[String], target: &Target) -> Option<Chess> {
    match target {
        Target::Valid => Some(replay::parse_fen_lenient(fen).unwrap_or_default()),
        _ => Replay::new(fen, moves).ok().map(|r| r.position),
    }
}

/// Smaller candidates of `d`, the most promising first: the history started later (all of it
/// dropped, then half, then one move), then each piece removed, each castling right and the
/// en passant square dropped, the clocks reset.
fn candidates(d: &Disagreement) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let n = d.moves.len();
    let mut starts: Vec<usize> = vec![n, n / 2, 1];
    starts.retain(|k| *k > 0 && *k <= n);
    starts.dedup();
    for k in starts {
        if let Ok(r) = Replay::new(&d.fen, &d.moves[..k]) {
            out.push((r.fen(), d.moves[k..].to_vec()));
        }
    }
    let Ok(parsed) = Fen::from_ascii(d.fen.as_bytes()) else {
        return out;
    };
    let setup = parsed.into_setup();
    let with = |s: Setup| {
        Fen::try_from(s)
            .ok()
            .map(|f| (f.to_string(), d.moves.clone()))
    };
    for square in setup.board.occupied() {
        if setup.board.role_at(square) == Some(Role::King) {
            continue;
        }
        let mut s = setup.clone();
        s.board.discard_piece_at(square);
        s.castling_rights.discard(square);
        out.extend(with(s));
    }
    for rook in setup.castling_rights {
        let mut s = setup.clone();
        s.castling_rights.discard(rook);
        out.extend(with(s));
    }
    if setup.ep_square.is_some() {
        let mut s = setup.clone();
        s.ep_square = None;
        out.extend(with(s));
    }
    if setup.halfmoves != 0 || setup.fullmoves.get() != 1 {
        let mut s = setup.clone();
        s.halfmoves = 0;
        s.fullmoves = std::num::NonZeroU32::MIN;
        out.extend(with(s));
    }
    out
}
