//! The mutant as an engine: every answer derived from its [`Hooks`](super::Hooks), and each one
//! guarded (a panic of shakmaty on a position no real rules reach becomes the engine's error,
//! never the harness's), the guard written once, for every question of the table, by its route.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{Bitboard, Color, EnPassantMode, Move, MoveList, Position, Setup, Square};

use super::{
    Hooks, Line, Mutation, Pos, by_name, find, is_dead_end, moves, play, play_by_hand, replay_line,
    shakmaty_can_play,
};
use crate::engine::{
    Answer, Capabilities, Capability, Engine, EngineError, Game, Identity, LastGame, Route, Routed,
};
use crate::limits::Deadline;
use crate::replay;
use crate::touch::{Obligation, TouchEvent};
use crate::vocabulary;
use crate::vocabulary::{
    AttackSource, DrawClaim, FenCheck, GameState, MatingMaterial, MoveResult, Variant, Winnability,
};

/// An engine that breaks one rule: the reference's rules with the hooks of a [`Mutation`],
/// every answer guarded.
pub type Mutant = Routed<Rules>;

/// A mutant's rules and what it keeps: the engine behind [`Mutant`], its answers unguarded.
pub struct Rules {
    mutation: &'static Mutation,
    last: LastGame<Line>,
    reference: crate::Reference,
}

impl std::fmt::Debug for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Mutant({})", self.mutation.name)
    }
}

impl Routed<Rules> {
    /// The mutant of a mutation.
    pub fn new(mutation: &'static Mutation) -> Mutant {
        Routed(Rules {
            mutation,
            last: LastGame::default(),
            reference: crate::Reference::new(),
        })
    }

    /// The mutant named `name` (see [`MUTANTS`](super::MUTANTS)).
    pub fn named(name: &str) -> Option<Mutant> {
        by_name(name).map(Mutant::new)
    }

    /// Its mutation.
    pub fn mutation(&self) -> &'static Mutation {
        self.0.mutation
    }
}

impl Rules {
    fn hooks(&self) -> &'static Hooks {
        &self.mutation.hooks
    }

    fn line(&mut self, game: &Game) -> Answer<&Line> {
        let hooks = self.mutation.hooks;
        self.last
            .get(game, |g| replay_line(&hooks, g.fen, g.moves, g.variant))
    }
}

/// Every answer computed with a guard: a panic of shakmaty on a position no real rules reach
/// becomes the engine's error, never the harness's.
impl Route for Rules {
    fn identity(&self) -> Identity {
        Engine::identity(self)
    }

    fn capabilities(&self) -> Capabilities {
        Engine::capabilities(self)
    }

    fn route<T>(
        &mut self,
        capability: Capability,
        _: Option<&Game>,
        ask: impl FnOnce(&mut dyn Engine) -> Answer<T>,
    ) -> Answer<T> {
        match std::panic::catch_unwind(AssertUnwindSafe(|| ask(self))) {
            Ok(answer) => answer,
            Err(_) => {
                self.last = LastGame::default();
                Err(EngineError::failed(format!(
                    "mutant {}: {} reached a position it cannot represent",
                    self.mutation.name,
                    what(capability)
                )))
            }
        }
    }
}

/// What a guard's error calls the question it was answering.
fn what(capability: Capability) -> &'static str {
    match capability {
        Capability::LegalMoves => "legal moves",
        Capability::GameState => "game state",
        Capability::DrawClaims => "claims",
        Capability::MatingMaterial => "mating material",
        Capability::San => "SAN",
        Capability::ParseSan => "reading SAN",
        Capability::ClaimWithMove => "claims with a move",
        Capability::ValidateFen => "FEN check",
        Capability::Winnable => "winnability",
        other => other.name(),
    }
}

/// The FEN of a position with the mutant's en passant field.
fn fen_of(hooks: &Hooks, pos: &Pos) -> String {
    let capturable = moves(hooks, pos)
        .iter()
        .any(|m| matches!(m, Move::EnPassant { .. }));
    let mut setup = pos.chess.to_setup(EnPassantMode::Always);
    setup.ep_square = (hooks.ep_written)(pos, capturable);
    fen_text(setup)
}

/// A setup's FEN, whatever it holds.
fn fen_text(setup: Setup) -> String {
    match Fen::try_from_setup(setup) {
        Ok(fen) => fen.to_string(),
        Err(lossy) => lossy.ignore().to_string(),
    }
}

/// A move's SAN in `pos` by the mutant's rules.
fn san_of(hooks: &Hooks, line: &Line, m: Move, legal: &[Move]) -> Answer<String> {
    let pos = line.last();
    let rivals: MoveList = (hooks.san_rivals)(pos, m, legal).into_iter().collect();
    let san = San::disambiguate(m, &rivals);
    let suffix = if is_dead_end(m) {
        None
    } else {
        let after = line.pushed(hooks, m).map_err(EngineError::failed)?;
        let facts = after.facts(hooks);
        if facts.in_check && facts.no_moves {
            Some(Suffix::Checkmate)
        } else if facts.in_check {
            Some(Suffix::Check)
        } else {
            None
        }
    };
    Ok((hooks.san_write)(san, suffix, m))
}

/// What a perft walk counts a position by: everything a mutant's moves may depend on, the
/// clocks left out.
type PerftKey = (Setup, Bitboard, Option<Square>, Option<Square>, u32);

/// Leaf nodes at `depth` by the mutant's moves, positions already walked at a depth counted once.
fn perft(hooks: &Hooks, pos: &Pos, depth: u32, known: &mut HashMap<PerftKey, u64>) -> Answer<u64> {
    if depth == 0 {
        return Ok(1);
    }
    let legal = moves(hooks, pos);
    if depth == 1 {
        return Ok(legal.len() as u64);
    }
    Deadline::check()?;
    let mut setup = pos.chess.to_setup(EnPassantMode::Always);
    setup.halfmoves = 0;
    setup.fullmoves = std::num::NonZeroU32::MIN;
    let key = (setup, pos.rights, pos.prev_ep, pos.prev2_ep, depth);
    if let Some(&nodes) = known.get(&key) {
        return Ok(nodes);
    }
    let mut nodes = 0u64;
    for m in legal {
        let child = play(hooks, pos, m).map_err(EngineError::failed)?;
        nodes = nodes.saturating_add(perft(hooks, &child, depth - 1, known)?);
    }
    known.insert(key, nodes);
    Ok(nodes)
}

impl Engine for Rules {
    fn identity(&self) -> Identity {
        Identity {
            name: format!("mutant {}", self.mutation.name),
            version: "0.30.1".into(),
        }
    }

    /// Everything but the historical pieces: each mutant breaks a rule of the standard pieces
    /// (Chess960 included), and its hooks read positions with shakmaty.
    fn capabilities(&self) -> Capabilities {
        Capabilities::all().without(crate::Capability::Pieces)
    }

    fn legal_moves(&mut self, game: &Game) -> Answer<Vec<String>> {
        let hooks = *self.hooks();
        let last = self.line(game)?.last();
        Ok(moves(&hooks, last)
            .into_iter()
            .map(|m| replay::to_uci_in(&last.chess, m))
            .collect())
    }

    fn in_check(&mut self, game: &Game) -> Answer<bool> {
        Ok(self.line(game)?.last().chess.is_check())
    }

    fn checkers(&mut self, game: &Game) -> Answer<Vec<String>> {
        Ok(replay::square_names(
            self.line(game)?.last().chess.checkers(),
        ))
    }

    fn game_state(&mut self, game: &Game) -> Answer<GameState> {
        let hooks = *self.hooks();
        Ok(self.line(game)?.state(&hooks))
    }

    fn draw_claims(&mut self, game: &Game) -> Answer<Vec<DrawClaim>> {
        let hooks = *self.hooks();
        Ok(self.line(game)?.claims(&hooks))
    }

    fn mating_material(&mut self, game: &Game) -> Answer<MatingMaterial> {
        let hooks = *self.hooks();
        let board = self.line(game)?.last().chess.board().clone();
        Ok(MatingMaterial {
            white: !(hooks.insufficient)(&board, Color::White),
            black: !(hooks.insufficient)(&board, Color::Black),
        })
    }

    fn play(&mut self, game: &Game, uci: &str) -> Answer<MoveResult> {
        let hooks = *self.hooks();
        let pos = self.line(game)?.last().clone();
        if let Err(e) = replay::check_uci_syntax(uci) {
            return Ok(MoveResult::Refused(e.to_string()));
        }
        let Some(m) = find(&pos.chess, &moves(&hooks, &pos), uci) else {
            return Ok(MoveResult::Refused(format!("`{uci}` is not a legal move")));
        };
        if is_dead_end(m) || !shakmaty_can_play(&hooks, &pos.chess, m) {
            // A position shakmaty does not make: its FEN, written by hand.
            let setup = play_by_hand(&hooks, &pos.chess, m);
            return Ok(MoveResult::Played(fen_text(setup)));
        }
        let after = play(&hooks, &pos, m).map_err(EngineError::failed)?;
        Ok(MoveResult::Played(fen_of(&hooks, &after)))
    }

    fn san(&mut self, game: &Game, uci: &str) -> Answer<String> {
        let hooks = *self.hooks();
        let line = self.line(game)?.clone();
        let legal = moves(&hooks, line.last());
        let m = find(&line.last().chess, &legal, uci)
            .ok_or_else(|| EngineError::failed(format!("`{uci}` is not a legal move")))?;
        san_of(&hooks, &line, m, &legal)
    }

    fn parse_san(&mut self, game: &Game, san: &str) -> Answer<Option<String>> {
        let hooks = *self.hooks();
        let line = self.line(game)?;
        let Ok(parsed) = SanPlus::from_ascii(san.as_bytes()) else {
            return Ok(None);
        };
        let pos = &line.last().chess;
        let legal = moves(&hooks, line.last());
        Ok((hooks.san_read)(parsed, &legal).map(|m| replay::to_uci_in(pos, m)))
    }

    fn attacks(&mut self, game: &Game, source: &AttackSource) -> Answer<Vec<String>> {
        self.reference.attacks(game, source)
    }

    fn perft(&mut self, game: &Game, depth: u32) -> Answer<u64> {
        let hooks = *self.hooks();
        let pos = self.line(game)?.last().clone();
        perft(&hooks, &pos, depth, &mut HashMap::new())
    }

    fn draw_claims_with_move(&mut self, game: &Game, uci: &str) -> Answer<Vec<DrawClaim>> {
        let hooks = *self.hooks();
        let line = self.line(game)?.clone();
        let m = find(&line.last().chess, &moves(&hooks, line.last()), uci)
            .ok_or_else(|| EngineError::failed(format!("`{uci}` is not a legal move")))?;
        if !hooks.claim_counts_declared_move {
            return Ok(line.claims(&hooks));
        }
        let after = line.pushed(&hooks, m).map_err(EngineError::failed)?;
        Ok(after.claims(&hooks))
    }

    fn validate_fen(&mut self, fen: &str, variant: Variant) -> Answer<FenCheck> {
        Ok((self.hooks().validate)(fen, variant))
    }

    fn touch_move(&mut self, game: &Game, events: &[TouchEvent]) -> Answer<Obligation> {
        let hooks = *self.hooks();
        let pos = self.line(game)?.last().chess.clone();
        (hooks.touch)(&pos, events).map_err(EngineError::failed)
    }

    fn winnable(&mut self, game: &Game, side: vocabulary::Color) -> Answer<Winnability> {
        let answer = self.reference.winnable(game, side)?;
        let hooks = *self.hooks();
        let line = self.line(game)?;
        let state = line.state(&hooks);
        Ok((hooks.winnable)(answer, state, &line.last().chess, side))
    }
}
