//! The reference engine: the rules as shakmaty implements them, completed with what shakmaty
//! leaves to its callers (repetition over the history, the fifty- and seventy-five-move rules,
//! draw claims), so that it answers every question the case format can ask. Touch-move rulings
//! come from the suite's own arbiter of FIDE Article 4 ([`crate::touch`]), on shakmaty positions.
//! A game with pieces beyond the standard six ([`Game::pieces`]) is answered by the fairy
//! reference instead ([`crate::fairy::answers`]).

use std::collections::HashMap;

use shakmaty::san::{San, SanPlus};
use shakmaty::{EnPassantMode, Position, fen::Fen};

use crate::engine::{
    Answer, Capabilities, Capability, Engine, EngineError, Game, Identity, LastGame, Route, Routed,
};
use crate::limits::Deadline;
use crate::replay::{self, Replay};
use crate::touch::{self, Obligation, TouchEvent};
use crate::vocabulary::{
    AttackSource, Color, DrawClaim, FenCheck, GameState, MatingMaterial, MoveResult, Variant,
    Winnability,
};

/// The built-in reference implementation, on shakmaty.
///
/// ```
/// use chess_conformance::{Engine, Game, Reference};
///
/// let mut reference = Reference::new();
/// let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// let moves = reference.legal_moves(&Game::new(start, &[])).unwrap();
/// assert_eq!(moves.len(), 20);
/// ```
pub type Reference = Routed<References>;

/// The reference's two engines, and the route between them: a game with pieces beyond the
/// standard six ([`Game::pieces`]) goes to the fairy reference, any other question to shakmaty.
#[derive(Debug, Default)]
pub struct References {
    /// The answers on the standard pieces, on shakmaty.
    standard: Standard,
    /// The answers on positions of pieces beyond the standard six, from [`crate::fairy`].
    fairy: crate::fairy::answers::Answers,
}

impl Routed<References> {
    /// A reference engine.
    pub fn new() -> Reference {
        Routed::default()
    }
}

impl Route for References {
    fn identity(&self) -> Identity {
        self.standard.identity()
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::all()
    }

    fn route<T>(
        &mut self,
        _: Capability,
        game: Option<&Game>,
        ask: impl FnOnce(&mut dyn Engine) -> Answer<T>,
    ) -> Answer<T> {
        match game {
            Some(game) if !game.pieces.is_empty() => ask(&mut self.fairy),
            _ => ask(&mut self.standard),
        }
    }
}

/// The reference on the standard pieces: shakmaty, completed.
#[derive(Debug, Default)]
struct Standard {
    /// The last game replayed, kept because a case asks several questions of one position.
    last: LastGame<Replay>,
}

impl Standard {
    fn replay(&mut self, game: &Game) -> Answer<&Replay> {
        self.last.get(game, |g| {
            Replay::in_variant(g.variant, g.fen, g.moves).map_err(EngineError::failed)
        })
    }

    fn position(&mut self, game: &Game) -> Answer<&shakmaty::Chess> {
        Ok(&self.replay(game)?.position)
    }
}

impl Engine for Standard {
    fn identity(&self) -> Identity {
        Identity {
            name: "reference (shakmaty)".into(),
            version: "0.30.1".into(),
        }
    }

    fn capabilities(&self) -> Capabilities {
        Capabilities::all()
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let pos = self.position(game)?;
        Ok(pos
            .legal_moves()
            .into_iter()
            .map(|m| replay::to_uci_in(pos, m))
            .collect())
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        Ok(self.position(game)?.is_check())
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(replay::square_names(self.position(game)?.checkers()))
    }

    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        Ok(self.replay(game)?.state())
    }

    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        Ok(self.replay(game)?.claims())
    }

    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        let pos = self.position(game)?;
        Ok(MatingMaterial {
            white: !pos.has_insufficient_material(shakmaty::Color::White),
            black: !pos.has_insufficient_material(shakmaty::Color::Black),
        })
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let mut pos = self.position(game)?.clone();
        Ok(match replay::parse_uci(&pos, uci) {
            Ok(m) => {
                pos.play_unchecked(m);
                MoveResult::Played(Fen::from_position(&pos, EnPassantMode::Legal).to_string())
            }
            Err(refusal) => MoveResult::Refused(refusal.to_string()),
        })
    }

    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        let pos = self.position(game)?.clone();
        let m = replay::parse_uci(&pos, uci).map_err(EngineError::failed)?;
        Ok(SanPlus::from_move(pos, m).to_string())
    }

    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let pos = self.position(game)?;
        // A check or mate suffix is allowed but not required; anything else after the move is not.
        let Ok(parsed) = SanPlus::from_ascii(san.as_bytes()) else {
            return Ok(None);
        };
        Ok(match San::to_move(parsed.san, pos) {
            Ok(m) => Some(replay::to_uci_in(pos, m)),
            Err(_) => None,
        })
    }

    fn attacks(&mut self, game: &Game, source: &AttackSource) -> Answer<Vec<String>> {
        let board = self.position(game)?.board();
        let attacked = match source {
            AttackSource::Square(name) => {
                let square = replay::parse_square(name).map_err(EngineError::failed)?;
                if board.piece_at(square).is_none() {
                    return Err(EngineError::failed(format!("no piece on {name}")));
                }
                board.attacks_from(square)
            }
            AttackSource::Side(color) => board
                .by_color(replay::to_shakmaty(*color))
                .into_iter()
                .fold(shakmaty::Bitboard::EMPTY, |all, sq| {
                    all | board.attacks_from(sq)
                }),
        };
        Ok(replay::square_names(attacked))
    }

    /// shakmaty's move generator walked here rather than by `shakmaty::perft`, so that the walk
    /// stops at the question's [`Deadline`] (a perft 9 takes hours).
    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        perft(self.position(game)?, depth)
    }

    fn draw_claims_with_move(&mut self, game: &Game, uci: &str) -> Answer<Vec<DrawClaim>> {
        let mut after = self.replay(game)?.clone();
        let m = replay::parse_uci(&after.position, uci).map_err(EngineError::failed)?;
        after.push(m);
        Ok(after.claims())
    }

    fn validate_fen(&mut self, fen: &str, variant: Variant) -> Answer<FenCheck> {
        Ok(match replay::parse_fen_in(fen, variant) {
            Ok(_) => FenCheck::Accepted,
            Err(e) => FenCheck::Rejected(e.to_string()),
        })
    }

    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        let pos = self.position(game)?;
        match touch::rule(pos, events) {
            Ok(ruling) => Ok(ruling.obligation()),
            Err(errors) => Err(EngineError::failed(
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            )),
        }
    }

    /// The analyzer of [`crate::winnable`] with [`Budget::DEFAULT`](crate::winnable::Budget),
    /// on the game: once the game is over only a side that has mated has won, and a helpmate
    /// line is replayed over the history before it is believed (a fivefold repetition on the way
    /// would end the game first; the answer is then undetermined).
    fn winnable(&mut self, game: &Game, side: Color) -> Answer<Winnability> {
        let replay = self.replay(game)?;
        match replay.state() {
            GameState::Ongoing => {}
            GameState::Checkmate { winner } if winner == side => return Ok(Winnability::Winnable),
            _ => return Ok(Winnability::Unwinnable),
        }
        let analysis = crate::winnable::analyze(
            &replay.position,
            replay::to_shakmaty(side),
            crate::winnable::Budget::DEFAULT,
        );
        let Some(line) = analysis.helpmate() else {
            return Ok(analysis.verdict);
        };
        let mut history = game.moves.to_vec();
        let mut pos = replay.position.clone();
        for &m in line {
            history.push(replay::to_uci_in(&pos, m));
            pos.play_unchecked(m);
        }
        let replayed = Replay::strict_in(game.variant, game.fen, &history);
        match replayed.as_ref().map(Replay::state) {
            Ok(GameState::Checkmate { winner }) if winner == side => Ok(Winnability::Winnable),
            Err(replay::ReplayError::AfterEnd {
                state: GameState::DeadPosition,
                ..
            }) => Err(EngineError::failed(format!(
                "the analyzer contradicts itself: its helpmate line {} passes through a position \
                 it proves dead",
                history[game.moves.len()..].join(" ")
            ))),
            _ => Ok(Winnability::Undetermined),
        }
    }
}

/// Leaf nodes at `depth`, the last ply counted without being played (as `shakmaty::perft`
/// does), the deadline checked at every node above it.
fn perft(pos: &shakmaty::Chess, depth: u32) -> Answer<u64> {
    let mut known = HashMap::new();
    perft_from(pos, depth, &mut known)
}

/// A position as far as its moves go: the board, the side to move, the castling rights and the
/// en passant square when a capture there is legal (the move counters left out). Two positions
/// with the same key have the same moves, so the same perft at every depth.
type PerftKey = shakmaty::Setup;

/// The smallest remaining depth whose counts are kept: a count at depth 1 costs less than
/// looking it up.
const KEPT_FROM_DEPTH: u32 = 2;

/// [`perft`] with the counts of positions already walked at the same remaining depth: games
/// transpose (1. e4 e5 2. Nf3 and 1. Nf3 e5 2. e4), and each position is walked once per depth.
/// The key is the position itself, not a hash of it, so a count is never another position's.
fn perft_from(
    pos: &shakmaty::Chess,
    depth: u32,
    known: &mut HashMap<(PerftKey, u32), u64>,
) -> Answer<u64> {
    if depth == 0 {
        return Ok(1);
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return Ok(moves.len() as u64);
    }
    Deadline::check()?;
    let key = (depth >= KEPT_FROM_DEPTH).then(|| {
        let mut setup = pos.to_setup(EnPassantMode::Legal);
        setup.halfmoves = 0;
        setup.fullmoves = std::num::NonZeroU32::MIN;
        (setup, depth)
    });
    if let Some(&nodes) = key.as_ref().and_then(|k| known.get(k)) {
        return Ok(nodes);
    }
    let mut nodes = 0u64;
    for m in moves {
        let mut child = pos.clone();
        child.play_unchecked(m);
        nodes = nodes.saturating_add(perft_from(&child, depth - 1, known)?);
    }
    if let Some(key) = key {
        known.insert(key, nodes);
    }
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The counts kept by position agree with shakmaty's own perft, which keeps none, on
    /// positions where castling rights, en passant and promotions tell transpositions apart.
    #[test]
    fn perft_with_kept_counts_is_shakmatys_perft() {
        for (fen, depth) in [
            (
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                4,
            ),
            // Kiwipete, position 3, 4 and 5 of the chessprogramming wiki's perft results.
            (
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                3,
            ),
            ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
            (
                "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                3,
            ),
            (
                "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                3,
            ),
        ] {
            let pos = replay::parse_fen(fen).unwrap();
            assert_eq!(
                perft(&pos, depth).unwrap(),
                shakmaty::perft(&pos, depth),
                "{fen} at depth {depth}"
            );
        }
    }

    #[test]
    fn queen_in_the_centre_attacks_27_squares() {
        let mut r = Reference::new();
        let game = Game::new("8/8/8/8/3Q4/8/k6K/8 w - - 0 1", &[]);
        // The kings stand off the queen's lines, so its rays run to the edge.
        assert_eq!(
            r.attacks(&game, &AttackSource::Square("d4".into()))
                .unwrap()
                .len(),
            27
        );
        assert!(
            r.attacks(&game, &AttackSource::Square("e4".into()))
                .is_err()
        );
    }

    #[test]
    fn parse_san_rejects_ambiguity() {
        let mut r = Reference::new();
        let game = Game::new("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", &[]);
        // Both knights reach d2.
        assert_eq!(r.parse_san(&game, "Nd2").unwrap(), None);
        assert_eq!(r.parse_san(&game, "Nbd2").unwrap().as_deref(), Some("b1d2"));
        assert_eq!(r.parse_san(&game, "Nb4").unwrap(), None);
        assert_eq!(r.parse_san(&game, "garbage").unwrap(), None);
    }

    #[test]
    fn refuses_an_invalid_fen_as_an_error() {
        let mut r = Reference::new();
        let game = Game::new("not a fen", &[]);
        assert!(matches!(r.legal_moves(&game), Err(EngineError::Failed(_))));
    }
}
