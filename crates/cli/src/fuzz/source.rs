//! Where `fuzz` positions come from: the miners' seeded generator
//! (`chess_conformance_generate::mine`): random games from the initial position and from
//! random legal placements, each game drawn from its own seed so that a run is the same
//! whatever its length, and the miners' FEN corruptions for the validity question.

use chess_conformance::replay::{self, RepetitionKey};
use chess_conformance_generate::mine::{self, Miner};
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Piece, Position, Role};

/// A position to ask about: the FEN of the last position a pawn move or capture reached (no
/// earlier position can repeat a later one) and the moves since, as the case will write it.
#[derive(Debug, Clone)]
pub(crate) struct Ply {
    /// The starting FEN.
    pub fen: String,
    /// UCI moves from it.
    pub moves: Vec<String>,
    /// The position reached.
    pub position: Chess,
}

/// One seeded game and what `fuzz` asks along it.
pub(crate) struct FuzzGame {
    /// The plies, the start first.
    pub plies: Vec<Ply>,
    miner: Miner,
}

/// The longest game from the initial position, and from a random placement.
const MAX_PLIES: usize = 160;
const MAX_PLIES_PLACED: usize = 80;

/// The pieces a random placement draws from, besides the two kings.
const EXTRA: [Role; 5] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
];

impl FuzzGame {
    /// Game number `index` of the run seeded `seed`: three in four from the initial
    /// position, the others from a random placement.
    pub(crate) fn new(seed: u64, index: u64) -> FuzzGame {
        let mut miner = Miner::seeded(&format!(
            "chess-conformance fuzz, seed {seed}, game {index}"
        ));
        let (start, max) = match miner.chance(3, 4) {
            true => (Chess::default(), MAX_PLIES),
            false => match placement(&mut miner) {
                Some(start) => (start, MAX_PLIES_PLACED),
                None => (Chess::default(), MAX_PLIES),
            },
        };
        let (positions, moves) = play(&mut miner, start, max);
        FuzzGame {
            plies: plies(&positions, &moves),
            miner,
        }
    }

    /// Up to `n` distinct legal moves of `ply`, in UCI, drawn at random.
    pub(crate) fn sample(&mut self, ply: &Ply, n: usize) -> Vec<String> {
        let mut legal: Vec<_> = ply.position.legal_moves().into_iter().collect();
        let mut out = Vec::new();
        while out.len() < n && !legal.is_empty() {
            let m = legal.swap_remove(self.miner.below(legal.len()));
            out.push(chess_conformance::replay::to_uci(m));
        }
        out
    }

    /// SAN to read back: each move's SAN, and now and then the same without its
    /// disambiguation (`Nbd2` as `Nd2`, ambiguous or not) or without its suffix.
    pub(crate) fn sans(&mut self, ply: &Ply, moves: &[String]) -> Vec<String> {
        let mut out = Vec::new();
        for uci in moves {
            let Ok(m) = chess_conformance::replay::parse_uci(&ply.position, uci) else {
                continue;
            };
            let san = SanPlus::from_move(ply.position.clone(), m).to_string();
            if self.miner.chance(1, 4)
                && let Some(bare) = without_disambiguation(&san)
            {
                out.push(bare);
            }
            out.push(san);
        }
        out.sort();
        out.dedup();
        out
    }

    /// A corruption of the FEN of `ply` (the miners' kinds, FIDE 3.10.3), or the FEN itself.
    pub(crate) fn mutated_fen(&mut self, ply: &Ply) -> String {
        let kinds = mine::fen::CORRUPTIONS;
        let (kind, _) = *self.miner.pick(&kinds);
        if self.miner.chance(1, 6) {
            return mine::fen(&ply.position);
        }
        mine::fen::corrupt(&mut self.miner, &ply.position, kind)
            .unwrap_or_else(|| mine::fen(&ply.position))
    }
}

/// The SAN without the square or file that disambiguates it (`Nbd2` → `Nd2`), if it has one.
fn without_disambiguation(san: &str) -> Option<String> {
    let piece = san.chars().next().filter(|c| "NBRQK".contains(*c))?;
    let body: String = san.chars().skip(1).collect();
    let capture = body.find('x');
    // The destination is the last square in the text.
    let dest = body
        .char_indices()
        .filter(|(i, c)| {
            c.is_ascii_lowercase() && body[i + 1..].starts_with(|d: char| d.is_ascii_digit())
        })
        .map(|(i, _)| i)
        .next_back()?;
    let before = &body[..capture.unwrap_or(dest)];
    if before.is_empty() {
        return None;
    }
    Some(format!("{piece}{}", &body[capture.unwrap_or(dest)..]))
}

/// Two kings and two to eight other pieces of either colour on random squares, the side to
/// move at random, and half the time a halfmove clock already high (up to 140) and a later move
/// number, so that the fifty- and seventy-five-move rules come within reach; or `None` when no
/// legal placement came.
fn placement(miner: &mut Miner) -> Option<Chess> {
    let mut pieces = vec![
        Piece {
            color: Color::White,
            role: Role::King,
        },
        Piece {
            color: Color::Black,
            role: Role::King,
        },
    ];
    for _ in 0..2 + miner.below(7) {
        let color = if miner.chance(1, 2) {
            Color::White
        } else {
            Color::Black
        };
        let role = *miner.pick(&EXTRA);
        pieces.push(Piece { color, role });
    }
    let turn = if miner.chance(1, 2) {
        Color::White
    } else {
        Color::Black
    };
    let placed = miner.place(&pieces, turn)?;
    if miner.chance(1, 2) {
        return Some(placed);
    }
    let mut setup = placed.to_setup(EnPassantMode::Legal);
    setup.halfmoves = miner.below(141) as u32;
    setup.fullmoves =
        std::num::NonZeroU32::new(1 + miner.below(120) as u32).unwrap_or(std::num::NonZeroU32::MIN);
    Some(setup.position(CastlingMode::Standard).unwrap_or(placed))
}

/// A random game from `start` of at most `max` plies, stopping where the miners' random games
/// stop ([`mine::moves_if_going_on`]: no legal move, insufficient material, a fivefold
/// repetition, 150 halfmoves without progress). One move in three, when it can, takes back the
/// mover's previous move (the piece returns, nothing captured), so that repetitions, and the
/// claims and endings they bring, are common.
fn play(miner: &mut Miner, start: Chess, max: usize) -> (Vec<Chess>, Vec<Move>) {
    let mut pos = start;
    let mut positions = vec![pos.clone()];
    let mut moves: Vec<Move> = Vec::new();
    let mut keys = vec![RepetitionKey::of(&pos)];
    while moves.len() < max {
        let Some(legal) = mine::moves_if_going_on(&pos, &keys) else {
            break;
        };
        let back = match moves.len() {
            n if n >= 2 && miner.chance(1, 3) => {
                let previous = &moves[n - 2];
                legal
                    .iter()
                    .find(|m| {
                        m.from() == Some(previous.to())
                            && Some(m.to()) == previous.from()
                            && !m.is_capture()
                            && m.promotion().is_none()
                    })
                    .copied()
            }
            _ => None,
        };
        let m = back.unwrap_or_else(|| legal[miner.below(legal.len())]);
        pos.play_unchecked(m);
        moves.push(m);
        positions.push(pos.clone());
        keys.push(RepetitionKey::of(&pos));
    }
    (positions, moves)
}

/// The plies of a game, stopping at the first dead position (a history may not go on after the
/// game ends, FIDE 5.2.2). A ply is asked about from the last zeroing move when the position
/// reached has occurred before since (the history decides repetitions, and nothing else the
/// questions ask), and on every fourth ply, so that engines replay histories; otherwise from
/// its own FEN, which costs the loader and both engines no replay.
fn plies(positions: &[Chess], moves: &[Move]) -> Vec<Ply> {
    let uci: Vec<String> = moves.iter().copied().map(replay::to_uci).collect();
    let keys: Vec<RepetitionKey> = positions.iter().map(RepetitionKey::of).collect();
    let mut out = Vec::new();
    let mut zero = 0;
    for (i, position) in positions.iter().enumerate() {
        if i > 0 && moves[i - 1].is_zeroing() {
            zero = i;
        }
        let repeated = keys[zero..i].contains(&keys[i]);
        let from = if repeated || i.is_multiple_of(4) {
            zero
        } else {
            i
        };
        out.push(Ply {
            fen: mine::fen(&positions[from]),
            moves: uci[from..i].to_vec(),
            position: position.clone(),
        });
        if chess_conformance::winnable::is_dead(position) {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disambiguation_is_dropped() {
        assert_eq!(without_disambiguation("Nbd2"), Some("Nd2".into()));
        assert_eq!(without_disambiguation("R1xa3+"), Some("Rxa3+".into()));
        assert_eq!(without_disambiguation("Qh4e1"), Some("Qe1".into()));
        assert_eq!(without_disambiguation("Nf3"), None);
        assert_eq!(without_disambiguation("Nxe5"), None);
        assert_eq!(without_disambiguation("exd5"), None);
        assert_eq!(without_disambiguation("O-O"), None);
    }

    #[test]
    fn games_are_the_same_for_a_seed_and_legal() {
        let a = FuzzGame::new(7, 3);
        let b = FuzzGame::new(7, 3);
        let fens = |g: &FuzzGame| {
            g.plies
                .iter()
                .map(|p| (p.fen.clone(), p.moves.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(fens(&a), fens(&b));
        for ply in &a.plies {
            let r = chess_conformance::replay::Replay::strict(&ply.fen, &ply.moves)
                .expect("every ply is a history the loader accepts");
            assert_eq!(r.position, ply.position);
        }
    }
}
